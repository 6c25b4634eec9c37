//! Settings and bookkeeping that belong to people and channels rather than to one game:
//! reminder periods, quiet hours, whether a player's DMs are closed, which game a channel
//! holds. Front ends reach them through the table, never through the store.

use super::{Caller, Reply, Table, TableError, refuse};
use crate::store::GameId;
use turnpost_core::t;
use turnpost_core::words::Arg;

impl Table {
    /// `/remind`: a channel's reminder period (members who can manage messages only).
    pub(super) async fn remind_every(
        &self,
        caller: &Caller,
        hours: u32,
    ) -> Result<Reply, TableError> {
        if !caller.moderator {
            return refuse(t!("bot-reminders-moderators-only"));
        }
        self.store.set_reminder_hours(caller.channel, hours).await?;
        Ok(Reply::ephemeral(t!("bot-reminders-every", hours = hours)))
    }

    /// `/quiet`: the caller's quiet hours (equal start and end clears them).
    pub(super) async fn quiet_hours(
        &self,
        caller: &Caller,
        start: u8,
        end: u8,
        utc_offset_hours: i32,
    ) -> Result<Reply, TableError> {
        let quiet = (start != end).then_some((start, end, utc_offset_hours * 60));
        self.store.set_quiet_hours(caller.user, quiet).await?;
        // A signed offset ("+2") reads the same in every language.
        let offset = Arg::raw(format!("{utc_offset_hours:+}"));
        Ok(Reply::ephemeral(match quiet {
            Some(_) => t!("bot-quiet-hours", start = start, end = end, offset = offset),
            None => t!("bot-quiet-hours-cleared"),
        }))
    }

    /// `/settings`: the caller's own settings; `confirm` sets whether they are asked before
    /// an action that ends a turn with something unused.
    pub(super) async fn user_settings(
        &self,
        caller: &Caller,
        confirm: Option<bool>,
    ) -> Result<Reply, TableError> {
        if let Some(on) = confirm {
            self.store
                .set_confirm_before_ending(caller.user, on)
                .await?;
        }
        let on = self.store.confirm_before_ending(caller.user).await?;
        Ok(Reply::ephemeral(t!(
            "bot-settings-confirm",
            on = i64::from(on)
        )))
    }

    /// A player who uses a command may get DMs again (they were stopped after a 50007).
    pub async fn reopen_dms(&self, user: u64) -> Result<(), TableError> {
        if self.store.dm_closed(user).await? {
            self.store.set_dm_closed(user, false).await?;
        }
        Ok(())
    }

    /// The id of the channel's open game (lobby or running), if any.
    pub async fn open_game_id(&self, channel: u64) -> Result<Option<GameId>, TableError> {
        Ok(self
            .store
            .open_game_in(channel)
            .await?
            .map(|row| row.game_id))
    }

    /// Closes the store, waiting for running queries (at shutdown).
    pub async fn close(&self) {
        self.store.close().await;
    }
}
