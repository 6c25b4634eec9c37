//! The games in memory: each game's slot (one writer per game in the process), the
//! channel → game cache, and forgetting them (the store is the truth), also when another
//! process says it changed a game ([`Table::follow_changes`]).

use std::sync::Arc;

use super::{Slot, Table};
use crate::store::{ChangeNotice, GameId, StoreError};

impl Table {
    /// The slot of a game, creating an empty one. Drops idle games beyond the cache size.
    pub(super) fn slot(&self, game_id: GameId) -> Slot {
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        if !games.contains_key(&game_id) && games.len() >= self.settings.cached_games {
            // Idle entries have no other holder; drop them (they reload from the store).
            games.retain(|_, slot| Arc::strong_count(slot) > 1);
        }
        games.entry(game_id).or_default().clone()
    }

    /// How many games are held in memory now.
    pub fn cached_games(&self) -> usize {
        self.games.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Drops every cached game (they reload from the store on next use); for benchmarks
    /// of cold loads and for memory pressure.
    pub fn evict_all(&self) {
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        games.clear();
        self.channels
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }

    /// Forgets a cached game (after a failed write, or when it ends).
    pub(super) fn forget(&self, game_id: GameId) {
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        games.remove(&game_id);
        self.channels
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|_, g| *g != game_id);
    }

    /// Forgets the cached game of a channel, if any, so it is loaded from the store on
    /// next use (after a failure in the middle of a command, whose in-memory state is not
    /// to be trusted).
    pub fn forget_channel(&self, channel: u64) {
        let game = self
            .channels
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&channel)
            .copied();
        if let Some(game_id) = game {
            self.forget(game_id);
        }
    }
}

impl Table {
    /// Drops each cached game another process stored a newer version of, as PostgreSQL's
    /// notices say (when the store sends them, [`crate::store::Store::with_change_notices`],
    /// the PostgreSQL default; returns at once otherwise), so the next action loads the
    /// stored game instead of losing its version check first. Runs until the store closes;
    /// when the listening connection is lost or fails, every cached game is dropped (notices
    /// may have been missed meanwhile) and it listens again. An error only when it cannot
    /// start listening.
    pub async fn follow_changes(&self) -> Result<(), String> {
        let Some(mut notices) = self
            .store
            .change_notices()
            .await
            .map_err(|e| e.to_string())?
        else {
            return Ok(());
        };
        loop {
            match notices.next().await {
                Ok(ChangeNotice::Changed { game_id, version }) => self.drop_older(game_id, version),
                Ok(ChangeNotice::Missed) => self.evict_all(),
                // The table closed its store.
                Err(StoreError::Database(sqlx::Error::PoolClosed)) => return Ok(()),
                Err(e) => {
                    tracing::warn!(error = %e, "change notices failed; listening again");
                    self.evict_all();
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        }
    }

    /// Drops the cached game `game_id` if it is older than `version`. A game in use is
    /// dropped from the cache too: its holder finishes (a commit of the old copy loses the
    /// version check), and the next use loads the stored game.
    fn drop_older(&self, game_id: GameId, version: i64) {
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        let stale = games
            .get(&game_id)
            .is_some_and(|slot| match slot.try_lock() {
                Ok(held) => held.as_ref().is_some_and(|l| l.row.version < version),
                Err(_) => true,
            });
        if stale {
            games.remove(&game_id);
        }
    }
}
