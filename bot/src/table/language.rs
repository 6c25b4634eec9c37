//! Whose language (issue 30): a person reads their private answers, panels and DMs in the
//! language they chose (`/settings language:`), else in their Discord client's; a channel
//! reads its public posts in the server's (`/league language:`, moderators only), else in
//! the server's preferred locale, else in English. The table remembers the locales front
//! ends last saw, so what the outbox delivers later reads in the same language
//! ([`crate::delivery::reader_lang`] decides, for the table and the outbox alike).

use turnpost_core::t;
use turnpost_core::words::Lang;

use super::league::{guild_of, moderator};
use super::{Caller, Reply, Table, TableError};
use crate::delivery::reader_lang;
use crate::store::{LanguageRow, StoreError, UserId};

impl Table {
    /// The language `user` reads: their `/settings language:` choice, else `discord_locale`
    /// (their client's, as the interaction carries it; remembered for their DMs), else the
    /// locale last seen for them, else English. A store failure is logged and answered in
    /// the interaction's locale.
    pub async fn language_for(&self, user: UserId, discord_locale: Option<&str>) -> Lang {
        let store = &self.store;
        reader(
            store.user_language(user),
            discord_locale,
            |seen| async move { store.set_user_locale(user, &seen).await },
        )
        .await
    }

    /// The language of a server's channels: its `/league language:` choice, else
    /// `guild_locale` (the server's preferred locale as the interaction carries it;
    /// remembered for later posts), else the one last seen, else English. Outside a server
    /// (`guild` is `None`): English.
    pub async fn server_language(&self, guild: Option<u64>, guild_locale: Option<&str>) -> Lang {
        let Some(guild) = guild else {
            return Lang::default();
        };
        let store = &self.store;
        reader(
            store.guild_language(guild),
            guild_locale,
            |seen| async move { store.set_guild_locale(guild, &seen).await },
        )
        .await
    }

    /// `/settings language:`: the caller's language (`None`: their Discord client's again).
    pub(super) async fn set_language(
        &self,
        caller: &Caller,
        language: Option<Lang>,
    ) -> Result<Reply, TableError> {
        self.store
            .set_user_language(caller.user, language.map(Lang::tag))
            .await?;
        Ok(Reply::ephemeral(match language {
            Some(lang) => t!("bot-language-yours", language = lang.name()),
            None => t!("bot-language-yours-discord"),
        }))
    }

    /// `/league language:`: the language of the server's channels (moderators only;
    /// `None`: the server's preferred locale again).
    pub(super) async fn set_server_language(
        &self,
        caller: &Caller,
        language: Option<Lang>,
    ) -> Result<Reply, TableError> {
        let guild = guild_of(caller, "league-settings")?;
        moderator(caller, "league-settings")?;
        self.store
            .set_guild_language(guild, language.map(Lang::tag))
            .await?;
        Ok(Reply::ephemeral(match language {
            Some(lang) => t!("bot-language-server", language = lang.name()),
            None => t!("bot-language-server-discord"),
        }))
    }
}

/// A reader's language from their stored words (`row`) and the locale an interaction carries
/// (remembered with `remember` when it is new). A store failure is logged and answered in
/// the carried locale.
async fn reader<F>(
    row: impl Future<Output = Result<LanguageRow, StoreError>>,
    locale: Option<&str>,
    remember: impl FnOnce(String) -> F,
) -> Lang
where
    F: Future<Output = Result<(), StoreError>>,
{
    let row = match row.await {
        Ok(row) => row,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read a reader's language");
            return reader_lang(None, locale);
        }
    };
    if let Some(locale) = locale
        && row.seen.as_deref() != Some(locale)
        && let Err(e) = remember(locale.to_string()).await
    {
        tracing::warn!(error = %e, "cannot remember a reader's locale");
    }
    reader_lang(row.chosen.as_deref(), locale.or(row.seen.as_deref()))
}
