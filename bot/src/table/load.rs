//! The games in memory: each game's slot (one writer per game in the process), loading a
//! game from its latest snapshot and the log after it, and the channel → game cache.

use std::sync::Arc;

use serde_json::Value;
use turnpost_core::Seat;
use turnpost_core::dynamic::{load_game, new_game};

use super::{Caller, Held, Loaded, Slot, Table, TableError, TurnLines, fingerprints, play, refuse};
use crate::store::{ActionRow, GameId, GameRow, SeatRow, Status};

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

    /// Loads a game into its slot if needed: the latest snapshot plus the actions after it.
    /// A snapshot that fails to load or to replay is dropped and the game is rebuilt from
    /// its whole log.
    pub(super) async fn ensure_loaded(
        &self,
        slot: &mut Option<Loaded>,
        game_id: GameId,
    ) -> Result<(), TableError> {
        if let Some(loaded) = slot {
            // Another process may have written since (several bot processes can share a
            // database); one small query keeps reads fresh.
            let (version, status) = self.store.version(game_id).await?;
            if version == loaded.row.version && status == loaded.row.status {
                return Ok(());
            }
            *slot = None;
        }
        let row = self
            .store
            .game(game_id)
            .await?
            .ok_or_else(|| TableError::Internal(format!("game {game_id} vanished")))?;
        let seats = self.store.seats(game_id).await?;
        if row.status == Status::Lobby {
            *slot = Some(Loaded {
                row,
                seats,
                game: None,
                undoable: Vec::new(),
                since_snapshot: 0,
                private: Vec::new(),
                turn_lines: TurnLines::default(),
            });
            return Ok(());
        }
        let snapshot = self.store.latest_snapshot(game_id, row.version).await?;
        let replayed = match &snapshot {
            // A snapshot must be the state the log recorded at its place.
            Some(snap) if !snap.matches_log() => Some(Err(TableError::Internal(
                "its state does not match the hash the log recorded".into(),
            ))),
            Some(snap) => Some(
                self.replay(&row, &seats, Some((snap.seq, &snap.state)))
                    .await,
            ),
            None => None,
        };
        let mut loaded = match (snapshot, replayed) {
            (Some(_), Some(Ok(l))) => l,
            (Some(snap), Some(Err(e))) => {
                let seq = snap.seq;
                {
                    tracing::warn!(game_id, seq, error = %e, "snapshot unusable; rebuilding the game from its log");
                    self.store.delete_snapshot(game_id, seq).await?;
                    let loaded = self.replay(&row, &seats, None).await?;
                    if let Some(g) = &loaded.game {
                        self.store
                            .put_snapshot(game_id, row.version, &g.save().to_string())
                            .await?;
                    }
                    tracing::info!(game_id, version = row.version, "game rebuilt from its log");
                    loaded
                }
            }
            _ => self.replay(&row, &seats, None).await?,
        };
        // A resigned seat to decide means its automatic moves were never stored (a crash
        // between writes in an older version): play them now, like any commit.
        if loaded.row.status == Status::Active
            && let Some(game) = &loaded.game
            && let Some(d) = game.decision()
            && loaded.seats.get(d.seat.index()).is_some_and(|s| s.resigned)
        {
            let next = game.boxed_clone();
            tracing::warn!(
                game_id,
                "finishing a resigned seat's pending automatic moves"
            );
            self.commit(&mut loaded, next, Vec::new(), None, Default::default())
                .await
                .map_err(play::Attempt::into_table)?;
        }
        *slot = Some(loaded);
        Ok(())
    }

    pub(super) async fn replay(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        snapshot: Option<(i64, &str)>,
    ) -> Result<Loaded, TableError> {
        let (start, mut game) = match snapshot {
            Some((seq, state)) => {
                let value: Value =
                    serde_json::from_str(state).map_err(|e| TableError::Internal(e.to_string()))?;
                let game =
                    load_game(&row.kind, value).map_err(|e| TableError::Internal(e.to_string()))?;
                if game.players() != seats.len() {
                    return Err(TableError::Internal(
                        "snapshot has the wrong seat count".into(),
                    ));
                }
                (seq, game)
            }
            None => (
                0,
                new_game(&row.kind, &row.options, seats.len(), row.seed)
                    .map_err(|e| TableError::Internal(e.to_string()))?,
            ),
        };
        let rows = self
            .store
            .actions_between(row.game_id, start, row.version)
            .await?;
        let effective = effective_actions(rows)?;
        let mut undoable = Vec::new();
        let mut since_snapshot = 0;
        for a in &effective {
            if is_table_entry(&a.notation) {
                undoable.clear();
                continue;
            }
            game.play(Seat(a.seat), &a.notation).map_err(|e| {
                TableError::Internal(format!(
                    "stored action {} \"{}\" does not replay: {e}",
                    a.seq, a.notation
                ))
            })?;
            since_snapshot += 1;
            if a.reveals {
                undoable.clear();
            } else {
                undoable.push((a.seq, a.seat));
            }
        }
        let private = fingerprints(game.as_ref(), seats.len());
        let to_act = game.decision().map(|d| d.seat);
        Ok(Loaded {
            row: row.clone(),
            seats: seats.to_vec(),
            game: Some(game),
            undoable,
            since_snapshot,
            private,
            turn_lines: turn_lines(&effective, seats, to_act),
        })
    }

    /// The open game of the caller's channel, read from the store (and remembered for
    /// [`Table::cached_channel_game`]).
    pub(super) async fn channel_game(&self, caller: &Caller) -> Result<GameId, TableError> {
        let Some(row) = self.store.open_game_in(caller.channel).await? else {
            self.channels
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&caller.channel);
            return refuse("There is no game in this channel. Start one with /new.");
        };
        self.channels
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(caller.channel, row.game_id);
        Ok(row.game_id)
    }

    /// The channel's game as last seen, without asking the store when it is known. Only
    /// for commands whose commit rechecks the game in the store.
    pub(super) async fn cached_channel_game(&self, caller: &Caller) -> Result<GameId, TableError> {
        let known = self
            .channels
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&caller.channel)
            .copied();
        match known {
            Some(id) => Ok(id),
            None => self.channel_game(caller).await,
        }
    }

    /// A game locked for one command (the one writer of this game in the process) and
    /// loaded, its cached copy checked against the store's version.
    pub(super) async fn hold(&self, game_id: GameId) -> Result<Held, TableError> {
        let mut guard = self.slot(game_id).lock_owned().await;
        self.ensure_loaded(&mut guard, game_id).await?;
        Ok(Held(guard))
    }

    /// Like [`Table::hold`], but a cached copy is used without asking the store: for
    /// commands whose commit rechecks the version (a stale copy loses there and the
    /// command runs again on a fresh one).
    pub(super) async fn hold_cached(&self, game_id: GameId) -> Result<Held, TableError> {
        let mut guard = self.slot(game_id).lock_owned().await;
        if guard.is_none() {
            self.ensure_loaded(&mut guard, game_id).await?;
        }
        Ok(Held(guard))
    }
}

/// The actions that count after undo entries took others back.
pub(super) fn effective_actions(rows: Vec<ActionRow>) -> Result<Vec<ActionRow>, TableError> {
    let mut out: Vec<ActionRow> = Vec::new();
    for row in rows {
        if row.notation == "undo" {
            if out.pop().is_none() {
                return Err(TableError::Internal(format!(
                    "undo at {} has nothing after the snapshot to take back",
                    row.seq
                )));
            }
        } else {
            out.push(row);
        }
    }
    Ok(out)
}

/// The current turn message's lines, rebuilt from the log (after a restart or eviction):
/// the actions group into runs of one person; the run of the person to act is the current
/// turn, the run before it the previous one. Only the actions since the snapshot are at
/// hand, so a turn that began before it shows its later steps only.
fn turn_lines(effective: &[ActionRow], seats: &[SeatRow], to_act: Option<Seat>) -> TurnLines {
    let user = |seat: u8| seats.get(usize::from(seat)).map(|s| s.user_id);
    let mut runs: Vec<(Option<u64>, Vec<String>)> = Vec::new();
    for a in effective {
        let who = user(a.seat);
        match runs.last_mut() {
            Some((w, lines)) if *w == who => lines.extend(a.log.iter().cloned()),
            _ => runs.push((who, a.log.clone())),
        }
    }
    let acting = to_act.and_then(|s| user(s.0));
    let last = runs.pop();
    match last {
        Some((who, lines)) if acting.is_some() && who == acting => TurnLines {
            previous: runs.pop().map(|(_, l)| l).unwrap_or_default(),
            current: lines,
        },
        Some((_, lines)) => TurnLines {
            previous: lines,
            current: Vec::new(),
        },
        None => TurnLines::default(),
    }
}

/// Whether a stored action is the table's own entry rather than a move of the game: a
/// resignation (`resign`), a deadline that passed (`timeout`, before the moves it caused),
/// a volunteer taking over a seat (`seat <user id>`). Replays skip them; each ends what
/// undo may take back.
pub fn is_table_entry(notation: &str) -> bool {
    notation == "resign" || notation == "timeout" || notation.starts_with("seat ")
}
