//! The store's settings and bookkeeping beside the game log: user settings (closed DMs,
//! quiet hours), channel settings (reminder period), the latest turn message of a game and
//! what reminders need.

use super::{GameId, NewDelivery, Store, StoreError, UserId, outbox, query, query_scalar};

/// What the reminder loop needs to know about an active game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReminderRow {
    /// The game.
    pub game_id: GameId,
    /// Its channel.
    pub channel_id: u64,
    /// Its server.
    pub guild_id: Option<u64>,
    /// Unix ms of the last change (the player to act has been idle since).
    pub updated_at: i64,
    /// Unix ms of the last reminder.
    pub reminded_at: Option<i64>,
    /// The latest turn message.
    pub turn_message_id: Option<u64>,
    /// The channel's reminder period in hours (0 = none).
    pub hours: u32,
}

impl Store {
    /// Whether DMs to a user failed with 50007 (and were not retried since).
    pub async fn dm_closed(&self, user_id: UserId) -> Result<bool, StoreError> {
        let closed: Option<i64> =
            query_scalar("SELECT dm_closed FROM user_setting WHERE user_id = ?")
                .bind(user_id as i64)
                .fetch_optional(self.read())
                .await?;
        Ok(closed.unwrap_or(0) != 0)
    }

    /// Records whether DMs to a user are closed.
    pub async fn set_dm_closed(&self, user_id: UserId, closed: bool) -> Result<(), StoreError> {
        query(
            "INSERT INTO user_setting (user_id, dm_closed) VALUES (?, ?)
             ON CONFLICT (user_id) DO UPDATE SET dm_closed = excluded.dm_closed",
        )
        .bind(user_id as i64)
        .bind(closed)
        .execute(self.read())
        .await?;
        Ok(())
    }

    /// Whether a user is asked before an action that ends a turn with something unused
    /// (issue 28; the default, also for users without settings).
    pub async fn confirm_before_ending(&self, user_id: UserId) -> Result<bool, StoreError> {
        let confirm: Option<i64> =
            query_scalar("SELECT confirm FROM user_setting WHERE user_id = ?")
                .bind(user_id as i64)
                .fetch_optional(self.read())
                .await?;
        Ok(confirm.unwrap_or(1) != 0)
    }

    /// Sets whether a user is asked before ending a turn with something unused.
    pub async fn set_confirm_before_ending(
        &self,
        user_id: UserId,
        confirm: bool,
    ) -> Result<(), StoreError> {
        query(
            "INSERT INTO user_setting (user_id, confirm) VALUES (?, ?)
             ON CONFLICT (user_id) DO UPDATE SET confirm = excluded.confirm",
        )
        .bind(user_id as i64)
        .bind(confirm)
        .execute(self.read())
        .await?;
        Ok(())
    }

    /// A user's quiet hours: (start hour, end hour, UTC offset in minutes).
    pub async fn quiet_hours(&self, user_id: UserId) -> Result<Option<(u8, u8, i32)>, StoreError> {
        let row = query(
            "SELECT quiet_start, quiet_end, utc_offset_minutes FROM user_setting WHERE user_id = ?",
        )
        .bind(user_id as i64)
        .fetch_optional(self.read())
        .await?;
        let Some(row) = row else { return Ok(None) };
        let start: Option<i64> = row.try_get("quiet_start")?;
        let end: Option<i64> = row.try_get("quiet_end")?;
        let offset: i64 = row.try_get("utc_offset_minutes")?;
        Ok(start
            .zip(end)
            .map(|(s, e)| (s as u8, e as u8, offset as i32)))
    }

    /// Sets (or with `None` clears) a user's quiet hours.
    pub async fn set_quiet_hours(
        &self,
        user_id: UserId,
        quiet: Option<(u8, u8, i32)>,
    ) -> Result<(), StoreError> {
        let (start, end, offset) = match quiet {
            Some((s, e, o)) => (Some(i64::from(s)), Some(i64::from(e)), i64::from(o)),
            None => (None, None, 0),
        };
        query(
            "INSERT INTO user_setting (user_id, quiet_start, quiet_end, utc_offset_minutes) VALUES (?, ?, ?, ?)
             ON CONFLICT (user_id) DO UPDATE SET quiet_start = excluded.quiet_start,
                 quiet_end = excluded.quiet_end, utc_offset_minutes = excluded.utc_offset_minutes",
        )
        .bind(user_id as i64)
        .bind(start)
        .bind(end)
        .bind(offset)
        .execute(self.read())
        .await?;
        Ok(())
    }

    /// Hours of idleness before a reminder in a channel (default 24; 0 = never).
    pub async fn reminder_hours(&self, channel_id: u64) -> Result<u32, StoreError> {
        let hours: Option<i64> =
            query_scalar("SELECT reminder_hours FROM channel_setting WHERE channel_id = ?")
                .bind(channel_id as i64)
                .fetch_optional(self.read())
                .await?;
        Ok(hours.unwrap_or(24) as u32)
    }

    /// Sets a channel's reminder period.
    pub async fn set_reminder_hours(&self, channel_id: u64, hours: u32) -> Result<(), StoreError> {
        query(
            "INSERT INTO channel_setting (channel_id, reminder_hours) VALUES (?, ?)
             ON CONFLICT (channel_id) DO UPDATE SET reminder_hours = excluded.reminder_hours",
        )
        .bind(channel_id as i64)
        .bind(i64::from(hours))
        .execute(self.read())
        .await?;
        Ok(())
    }

    /// Remembers the current public turn message of a game (reminders link it, steps of
    /// the same turn edit it); `None` once the game's last message went out.
    pub async fn set_turn_message(
        &self,
        game_id: GameId,
        message_id: Option<u64>,
    ) -> Result<(), StoreError> {
        query("UPDATE game SET turn_message_id = ? WHERE game_id = ?")
            .bind(message_id.map(|m| m as i64))
            .bind(game_id)
            .execute(self.read())
            .await?;
        Ok(())
    }

    /// The current public turn message of a game, if one was delivered.
    pub async fn turn_message(&self, game_id: GameId) -> Result<Option<u64>, StoreError> {
        let id: Option<Option<i64>> =
            query_scalar("SELECT turn_message_id FROM game WHERE game_id = ?")
                .bind(game_id)
                .fetch_optional(self.read())
                .await?;
        Ok(id.flatten().map(|m| m as u64))
    }

    /// Active games with what reminders need: (game, channel, guild, last change ms,
    /// last reminder ms, turn message, reminder hours of the channel).
    pub async fn reminder_candidates(&self) -> Result<Vec<ReminderRow>, StoreError> {
        let rows = query(
            "SELECT game.game_id, game.channel_id, game.guild_id, game.updated_at, game.reminded_at,
                    game.turn_message_id, COALESCE(channel_setting.reminder_hours, 24) AS hours
             FROM game LEFT JOIN channel_setting USING (channel_id)
             WHERE game.status = 'active' AND channel_setting.unreachable_at IS NULL
             ORDER BY game.game_id",
        )
        .fetch_all(self.read())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ReminderRow {
                    game_id: r.try_get("game_id")?,
                    channel_id: r.try_get::<i64, _>("channel_id")? as u64,
                    guild_id: r.try_get::<Option<i64>, _>("guild_id")?.map(|g| g as u64),
                    updated_at: r.try_get("updated_at")?,
                    reminded_at: r.try_get("reminded_at")?,
                    turn_message_id: r
                        .try_get::<Option<i64>, _>("turn_message_id")?
                        .map(|m| m as u64),
                    hours: r.try_get::<i64, _>("hours")? as u32,
                })
            })
            .collect()
    }

    /// Records that a reminder is due and queues it, in one transaction: the next pass waits
    /// a whole period whether or not Discord takes it at once (the outbox retries). Only if
    /// the game's last reminder is still `was` (what the caller read): when another process
    /// sent it meanwhile, nothing is queued and the answer is `false`, so each reminder goes
    /// out once however many processes sweep.
    pub async fn set_reminded(
        &self,
        game_id: GameId,
        was: Option<i64>,
        at_ms: i64,
        deliveries: &[NewDelivery],
    ) -> Result<bool, StoreError> {
        let mut tx = self.db.begin().await?;
        let claimed = query(
            "UPDATE game SET reminded_at = ? WHERE game_id = ? AND COALESCE(reminded_at, -1) = ?",
        )
        .bind(at_ms)
        .bind(game_id)
        .bind(was.unwrap_or(-1))
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !claimed {
            // Dropped uncommitted: rolled back.
            drop(tx);
            return Ok(false);
        }
        outbox::insert(&mut tx, Some(game_id), deliveries).await?;
        tx.commit().await?;
        Ok(true)
    }
}
