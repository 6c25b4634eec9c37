//! Telling other processes that a game changed, on PostgreSQL (issue 31): a PostgreSQL
//! store (unless made [`Store::with_change_notices`]`(false)`) sends `NOTIFY turnpost_game, 'GAME VERSION SENDER'` inside
//! each action's transaction (PostgreSQL delivers it only if the transaction commits, after
//! it has), and [`Store::change_notices`] listens on its own connection. The table drops a
//! cached game another process moved past (`table/cache.rs`). Without notices a stale copy
//! is caught by the version check of the next commit (`UPDATE … WHERE version = ?`), which
//! fails and the action runs again on the stored game; that check stays either way, a
//! notice only saves the wasted attempt when it arrives first.

use sqlx::postgres::PgListener;

use super::db::{Batch, Pools};
use super::{GameId, Store, StoreError};

/// The channel the notices go on.
const CHANNEL: &str = "turnpost_game";

/// What a notice says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeNotice {
    /// Another process stored the game at this version.
    Changed { game_id: GameId, version: i64 },
    /// The listening connection was lost and is back: notices may have been missed, so
    /// every cached game may be stale.
    Missed,
}

/// Notices of games other processes changed (see the module docs).
#[derive(Debug)]
pub struct ChangeNotices {
    listener: PgListener,
    /// This store's sender id: its own notices are skipped.
    me: u64,
}

impl ChangeNotices {
    /// The next notice from another process.
    pub async fn next(&mut self) -> Result<ChangeNotice, StoreError> {
        loop {
            let Some(n) = self.listener.try_recv().await? else {
                return Ok(ChangeNotice::Missed);
            };
            let mut words = n.payload().split(' ').map(str::parse::<i64>);
            if let (Some(Ok(game_id)), Some(Ok(version)), Some(Ok(sender))) =
                (words.next(), words.next(), words.next())
                && sender as u64 != self.me
            {
                return Ok(ChangeNotice::Changed { game_id, version });
            }
        }
    }
}

/// A new sender id: it need not be secret, only different from other processes'.
pub(super) fn sender_id() -> u64 {
    let mut id = [0u8; 8];
    if getrandom::fill(&mut id).is_err() {
        id = (u64::from(std::process::id()) << 32 | crate::clock::now_ms() as u64).to_le_bytes();
    }
    u64::from_le_bytes(id) >> 1
}

impl Store {
    /// The same store sending a notice with each stored action, or not (PostgreSQL only,
    /// where it is the default; nothing changes on SQLite, where one process holds the
    /// file).
    pub fn with_change_notices(mut self, on: bool) -> Store {
        self.notices = (on && matches!(self.db, Pools::Postgres(_))).then(sender_id);
        self
    }

    /// Whether this store sends change notices.
    pub fn sends_change_notices(&self) -> bool {
        self.notices.is_some()
    }

    /// Listens for other processes' notices: `None` unless the store sends them itself
    /// ([`Store::with_change_notices`]; the processes on one database choose alike).
    pub async fn change_notices(&self) -> Result<Option<ChangeNotices>, StoreError> {
        let (Some(me), Pools::Postgres(pool)) = (self.notices, &self.db) else {
            return Ok(None);
        };
        let mut listener = PgListener::connect_with(pool).await?;
        listener.listen(CHANNEL).await?;
        Ok(Some(ChangeNotices { listener, me }))
    }

    /// Adds the notice of `game_id` at `version` to a change's batch, when this store sends
    /// them.
    pub(super) fn add_notice<'q>(
        &self,
        batch: &mut Batch<'q>,
        game_id: GameId,
        version: i64,
    ) -> Result<(), StoreError> {
        if let Some(me) = self.notices {
            batch.push("SELECT pg_notify(?, ?)");
            batch.add(CHANNEL)?;
            batch.add(format!("{game_id} {version} {me}"))?;
        }
        Ok(())
    }
}
