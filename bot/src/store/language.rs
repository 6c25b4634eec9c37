//! Whose language (issue 30): the language a person or a server chose, and the Discord
//! locale the adapter last saw for them (a person's client, a server's preferred locale), so
//! what is delivered later (DMs, channel posts) reads in the reader's language. The store
//! keeps the words as given (a chosen tag, a Discord locale); which one wins is decided in
//! [`crate::delivery::reader_lang`].

use super::{Store, StoreError, query};

/// A person's or a server's language words as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LanguageRow {
    /// The chosen language's tag (`de`), if one was chosen.
    pub chosen: Option<String>,
    /// The Discord locale last seen (`de`, `en-US`), if any.
    pub seen: Option<String>,
}

impl Store {
    /// A user's chosen language and last seen Discord locale.
    pub async fn user_language(&self, user_id: u64) -> Result<LanguageRow, StoreError> {
        self.language_row(
            "SELECT language, locale FROM user_setting WHERE user_id = ?",
            user_id,
        )
        .await
    }

    /// Sets (or with `None` clears: Discord's locale decides again) a user's language.
    pub async fn set_user_language(
        &self,
        user_id: u64,
        tag: Option<&str>,
    ) -> Result<(), StoreError> {
        query(
            "INSERT INTO user_setting (user_id, language) VALUES (?, ?)
             ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
        )
        .bind(user_id as i64)
        .bind(tag)
        .execute(self.read())
        .await?;
        Ok(())
    }

    /// Remembers the Discord locale of a user's latest interaction.
    pub async fn set_user_locale(&self, user_id: u64, locale: &str) -> Result<(), StoreError> {
        query(
            "INSERT INTO user_setting (user_id, locale) VALUES (?, ?)
             ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
        )
        .bind(user_id as i64)
        .bind(locale)
        .execute(self.read())
        .await?;
        Ok(())
    }

    /// A server's chosen language and last seen preferred locale.
    pub async fn guild_language(&self, guild_id: u64) -> Result<LanguageRow, StoreError> {
        self.language_row(
            "SELECT language, locale FROM guild_setting WHERE guild_id = ?",
            guild_id,
        )
        .await
    }

    /// Sets (or with `None` clears: the server's preferred locale decides again) a server's
    /// language.
    pub async fn set_guild_language(
        &self,
        guild_id: u64,
        tag: Option<&str>,
    ) -> Result<(), StoreError> {
        query(
            "INSERT INTO guild_setting (guild_id, language) VALUES (?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
        )
        .bind(guild_id as i64)
        .bind(tag)
        .execute(self.write())
        .await?;
        Ok(())
    }

    /// Remembers a server's preferred locale as Discord last sent it.
    pub async fn set_guild_locale(&self, guild_id: u64, locale: &str) -> Result<(), StoreError> {
        query(
            "INSERT INTO guild_setting (guild_id, locale) VALUES (?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
        )
        .bind(guild_id as i64)
        .bind(locale)
        .execute(self.write())
        .await?;
        Ok(())
    }

    async fn language_row(&self, sql: &str, id: u64) -> Result<LanguageRow, StoreError> {
        let row = query(sql)
            .bind(id as i64)
            .fetch_optional(self.read())
            .await?;
        let Some(row) = row else {
            return Ok(LanguageRow::default());
        };
        Ok(LanguageRow {
            chosen: row.try_get("language")?,
            seen: row.try_get("locale")?,
        })
    }
}
