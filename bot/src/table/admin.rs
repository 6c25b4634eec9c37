//! Stopping a game for good.

use super::{Caller, Post, Reply, Table, TableError, refuse};
use crate::store::Status;
use turnpost_core::t;
use turnpost_core::words::Arg;

impl Table {
    pub(super) async fn abandon(
        &self,
        caller: &Caller,
        confirm: bool,
    ) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let _guard = self.slot(game_id).lock_owned().await;
        let row = self
            .store
            .game(game_id)
            .await?
            .ok_or_else(|| TableError::Internal("game vanished".into()))?;
        if row.creator_id != caller.user && !caller.moderator {
            return refuse(t!("bot-abandon-opener-only"));
        }
        if !confirm {
            return Ok(Reply::ephemeral(t!("bot-abandon-confirm")));
        }
        let from = row.status;
        let reply = Reply {
            public: vec![Post {
                text: t!("bot-abandoned", name = Arg::raw(caller.name.as_str())),
                stops: true,
                ..Post::default()
            }],
            ..Reply::default()
        };
        let deliveries = self.deliveries(Some(caller), row.channel_id, &reply, false);
        if !matches!(from, Status::Lobby | Status::Active)
            || !self
                .store
                .set_status(game_id, from, Status::Abandoned, &deliveries)
                .await?
        {
            return refuse(t!("bot-not-running"));
        }
        self.forget(game_id);
        self.queued(&deliveries);
        Ok(reply)
    }
}
