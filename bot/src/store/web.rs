//! Leagues on the web (issue 32): whether a server's pages are on and their path token, and
//! the few questions the pages ask that the league's other rows do not answer (a page of
//! finished games, a player's name on a server). The table decides who may change them.

use super::{Store, StoreError, UserId, query, query_scalar};

/// A server's web pages as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebPage {
    /// The path token (`/s/<token>/`).
    pub token: String,
    /// Whether the pages are served (`/league web:off` keeps the token but serves nothing).
    pub enabled: bool,
}

impl Store {
    /// A server's web pages, if they were ever turned on.
    pub async fn web_page(&self, guild: u64) -> Result<Option<WebPage>, StoreError> {
        let row = query("SELECT token, enabled FROM web_page WHERE guild_id = ?")
            .bind(guild as i64)
            .fetch_optional(self.read())
            .await?;
        row.map(|r| {
            Ok(WebPage {
                token: r.try_get("token")?,
                enabled: r.try_get::<i64, _>("enabled")? != 0,
            })
        })
        .transpose()
    }

    /// Stores a server's web pages (a new token replaces the old one: old links stop).
    pub async fn set_web_page(&self, guild: u64, page: &WebPage) -> Result<(), StoreError> {
        query(
            "INSERT INTO web_page (guild_id, token, enabled) VALUES (?, ?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET token = excluded.token, enabled = excluded.enabled",
        )
        .bind(guild as i64)
        .bind(page.token.as_str())
        .bind(i64::from(page.enabled))
        .execute(self.write())
        .await?;
        Ok(())
    }

    /// The server whose pages are on under `token`.
    pub async fn web_guild(&self, token: &str) -> Result<Option<u64>, StoreError> {
        let guild: Option<i64> =
            query_scalar("SELECT guild_id FROM web_page WHERE token = ? AND enabled = 1")
                .bind(token)
                .fetch_optional(self.read())
                .await?;
        Ok(guild.map(|g| g as u64))
    }

    /// How many games finished on a server.
    pub async fn finished_count(&self, guild: u64) -> Result<i64, StoreError> {
        Ok(
            query_scalar(
                "SELECT COUNT(*) FROM game WHERE guild_id = ? AND finished_at IS NOT NULL",
            )
            .bind(guild as i64)
            .fetch_one(self.read())
            .await?,
        )
    }

    /// The name a player last sat down with on a server.
    pub async fn player_name(
        &self,
        guild: u64,
        user: UserId,
    ) -> Result<Option<String>, StoreError> {
        Ok(query_scalar(
            "SELECT seat.name FROM seat JOIN game ON game.game_id = seat.game_id
             WHERE game.guild_id = ? AND seat.user_id = ? ORDER BY seat.game_id DESC LIMIT 1",
        )
        .bind(guild as i64)
        .bind(user as i64)
        .fetch_optional(self.read())
        .await?)
    }
}
