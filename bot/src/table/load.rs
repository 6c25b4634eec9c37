//! Loading a game from its latest snapshot and the log after it (a damaged log set aside),
//! and holding it for one command; the cache itself is `cache.rs`.

use serde_json::Value;
use turnpost_core::Seat;
use turnpost_core::dynamic::DynGame;
use turnpost_core::registry::{load_game, new_game};
use turnpost_core::t;
use turnpost_core::words::Text;

use super::commit::{Attempt, Step, is_table_entry};
use super::{Caller, Held, Loaded, Table, TableError, TurnLines, fingerprints, refuse};
use crate::store::{ActionRow, Check, GameId, GameRow, LeagueChange, SeatRow, Snapshot, Status};

impl Table {
    /// Loads a game into its slot if needed: the latest snapshot plus the actions after it.
    /// A snapshot that cannot be read, does not match the hash the log recorded for it, or
    /// does not load is dropped and the next older one tried (the whole log when none is
    /// left); one whose later actions do not replay is dropped and the game rebuilt from its
    /// whole log. An action whose checksum does not match is never replayed: the game is
    /// rebuilt up to the action before it (see [`Table::set_aside`]).
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
                held: Vec::new(),
                published: None,
                since_snapshot: 0,
                private: Vec::new(),
                turn_lines: TurnLines::default(),
            });
            return Ok(());
        }
        // The latest usable snapshot: a bad one (unreadable, not the state the log recorded
        // at its place, not loadable) is dropped and the one before it tried.
        let mut dropped = false;
        let mut upto = row.version;
        let base = loop {
            let Some(snap) = self.store.latest_snapshot(game_id, upto).await? else {
                break None;
            };
            match snapshot_game(&row, &seats, &snap) {
                Ok(game) => break Some((snap.seq, game)),
                Err(why) => {
                    tracing::warn!(game_id, seq = snap.seq, error = %why, "snapshot unusable; rebuilding the game from an older one or its log");
                    self.store.delete_snapshot(game_id, snap.seq).await?;
                    dropped = true;
                    upto = snap.seq - 1;
                }
            }
        };
        let replayed = match base {
            Some((seq, game)) => match self.replay(&row, &seats, seq, game).await {
                Ok(replayed) => replayed,
                Err(e) => {
                    tracing::warn!(game_id, seq, error = %e, "the log does not replay on the snapshot; rebuilding the game from its log");
                    self.store.delete_snapshot(game_id, seq).await?;
                    dropped = true;
                    self.replay(&row, &seats, 0, fresh_game(&row, &seats)?)
                        .await?
                }
            },
            None => {
                self.replay(&row, &seats, 0, fresh_game(&row, &seats)?)
                    .await?
            }
        };
        let (mut loaded, damage) = replayed;
        if let Some(damage) = damage {
            self.set_aside(&mut loaded, damage).await?;
        } else if dropped {
            if let Some(g) = &loaded.game {
                self.store
                    .put_snapshot(game_id, row.version, &g.save().to_string())
                    .await?;
            }
            tracing::info!(game_id, version = row.version, "game rebuilt from its log");
        }
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
                .map_err(Attempt::into_table)?;
        }
        *slot = Some(loaded);
        Ok(())
    }

    /// Plays the log after `start` (up to the game's version) on `game`, the state at
    /// `start`. Stops before the first damaged action that no `void` entry set aside, and
    /// says where (the game is then the state before it).
    pub(super) async fn replay(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        start: i64,
        mut game: Box<dyn DynGame>,
    ) -> Result<(Loaded, Option<Damage>), TableError> {
        let rows = self
            .store
            .actions_between(row.game_id, start, row.version)
            .await?;
        let (rows, damage) = intact_prefix(rows);
        let effective = effective_actions(rows)?;
        let unchecked = effective
            .iter()
            .filter(|a| a.check == Check::Unchecked)
            .count();
        if unchecked > 0 {
            tracing::info!(
                game_id = row.game_id,
                unchecked,
                "actions stored before checksums (migration 0006) replayed unchecked"
            );
        }
        // What undo may take back and what is held back from the channel, exactly as the
        // live commits left them (`Table::commit`): an action stored as revealing is final,
        // and so is one after which another person is to act (logs stored before issue 28
        // did not mark those).
        let mut undoable = Vec::new();
        let mut held = Vec::new();
        let mut published: Option<Box<dyn DynGame>> = None;
        let mut since_snapshot = 0;
        let user = |seat: u8| seats.get(usize::from(seat)).map(|s| s.user_id);
        for a in &effective {
            if is_table_entry(&a.notation) {
                undoable.clear();
                held.clear();
                published = None;
                continue;
            }
            if !a.reveals && undoable.is_empty() {
                published = Some(game.boxed_clone());
            }
            game.play(Seat(a.seat), &a.notation).map_err(|e| {
                TableError::Internal(format!(
                    "stored action {} \"{}\" does not replay: {e}",
                    a.seq, a.notation
                ))
            })?;
            since_snapshot += 1;
            let same_person = game
                .decision()
                .is_some_and(|d| user(d.seat.0).is_some() && user(d.seat.0) == user(a.seat));
            if a.reveals || !same_person {
                undoable.clear();
                held.clear();
                published = None;
            } else {
                undoable.push((a.seq, a.seat));
                held.push(a.log.clone());
            }
        }
        let private = fingerprints(game.as_ref(), seats.len());
        let to_act = game.decision().map(|d| d.seat);
        // The turn message shows the final actions only.
        let shown = &effective[..effective.len() - undoable.len()];
        let loaded = Loaded {
            row: row.clone(),
            seats: seats.to_vec(),
            game: Some(game),
            undoable,
            held,
            published,
            since_snapshot,
            private,
            turn_lines: turn_lines(shown, seats, to_act),
        };
        Ok((loaded, damage))
    }

    /// A damaged action in the log (its checksum does not match: one flipped bit can make
    /// `castle B8` the legal `castle B9`), found after the latest good snapshot: `loaded` is
    /// the game up to the action before it. The damaged action and every one after it (they
    /// were played on the damaged one's outcome) are set aside by a table entry
    /// `void <first> <last>` — nothing is deleted — and the game goes on from there: one
    /// commit stores the entry with a note in the channel, the turn message of the player to
    /// act and everyone's private items anew; a snapshot after it spares later loads the
    /// damaged rows. A game that has ended is not changed: it is reported.
    async fn set_aside(&self, loaded: &mut Loaded, damage: Damage) -> Result<(), TableError> {
        let game_id = loaded.row.game_id;
        let (first, last) = (damage.seq, loaded.row.version);
        tracing::error!(
            game_id,
            first,
            last,
            why = %damage.why,
            "damaged action in the log: rebuilding the game up to the action before it"
        );
        if loaded.row.status != Status::Active {
            return Err(TableError::Internal(format!(
                "game {game_id}'s log is damaged at action {first} ({}); the game has ended, so it is left as it is",
                damage.why
            )));
        }
        let game = loaded
            .game
            .take()
            .ok_or_else(|| TableError::Internal("no game".into()))?;
        let seat = game.decision().map_or(0, |d| d.seat.0);
        let next = game.boxed_clone();
        // What the players saw after the damaged action no longer holds: without a game or
        // private items "before", the commit sends the turn message and every hand anew.
        loaded.private = Vec::new();
        let step = Step {
            seat,
            notation: format!("void {first} {last}"),
            reveals: true,
            log: vec![set_aside_note(first, last)],
            automatic: true,
        };
        self.commit(loaded, next, vec![step], None, LeagueChange::default())
            .await
            .map_err(Attempt::into_table)?;
        if let Some(g) = &loaded.game {
            self.store
                .put_snapshot(game_id, loaded.row.version, &g.save().to_string())
                .await?;
            loaded.since_snapshot = 0;
        }
        Ok(())
    }

    /// The game as the log leaves it once `undo` (an undo entry about to be stored) takes
    /// back the action at `taken_back`: replayed from the latest good snapshot before that
    /// action (undo never goes past a reveal, and snapshots are taken after one), else from
    /// the start. Never replays a damaged action. Also returns the rows read.
    pub(super) async fn replayed_with_undo(
        &self,
        loaded: &Loaded,
        taken_back: i64,
        undo: ActionRow,
    ) -> Result<(Box<dyn DynGame>, Vec<ActionRow>), TableError> {
        let row = &loaded.row;
        let snapshot = self
            .store
            .latest_snapshot(row.game_id, taken_back - 1)
            .await?;
        if let Some(snap) = snapshot
            && let Ok(game) = snapshot_game(row, &loaded.seats, &snap)
            && let Ok(done) = self.play_log(row, snap.seq, game, &undo).await
        {
            return Ok(done);
        }
        self.play_log(row, 0, fresh_game(row, &loaded.seats)?, &undo)
            .await
    }

    /// Plays the log after `start` and then `extra` on `game`, the state at `start`.
    async fn play_log(
        &self,
        row: &GameRow,
        start: i64,
        mut game: Box<dyn DynGame>,
        extra: &ActionRow,
    ) -> Result<(Box<dyn DynGame>, Vec<ActionRow>), TableError> {
        let mut rows = self
            .store
            .actions_between(row.game_id, start, row.version)
            .await?;
        rows.push(extra.clone());
        for a in &effective_actions(rows.clone())? {
            if !is_table_entry(&a.notation) {
                game.play(Seat(a.seat), &a.notation)
                    .map_err(|e| TableError::Internal(format!("replaying {}: {e}", a.notation)))?;
            }
        }
        Ok((game, rows))
    }

    /// The open game of the caller's channel, read from the store (and remembered for
    /// [`Table::cached_channel_game`]).
    pub(super) async fn channel_game(&self, caller: &Caller) -> Result<GameId, TableError> {
        let Some(row) = self.store.open_game_in(caller.channel).await? else {
            self.channels
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&caller.channel);
            return refuse(t!("bot-no-game-here"));
        };
        self.remember_channel(caller.channel, row.game_id);
        Ok(row.game_id)
    }

    /// Remembers the open game of a channel (for [`Table::cached_channel_game`]).
    pub(super) fn remember_channel(&self, channel: u64, game_id: GameId) {
        self.channels
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(channel, game_id);
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

/// Where the log was damaged: the first action that must not be replayed.
#[derive(Debug)]
pub(super) struct Damage {
    /// Its sequence number.
    seq: i64,
    /// What is wrong with it.
    why: String,
}

/// The state a snapshot holds, if it is usable: readable, the state the log recorded at its
/// place (its hash), a game of this kind with these seats.
fn snapshot_game(
    row: &GameRow,
    seats: &[SeatRow],
    snap: &Snapshot,
) -> Result<Box<dyn DynGame>, String> {
    let state = snap.state.as_deref().map_err(|why| why.to_string())?;
    if !snap.matches_log() {
        return Err("its state does not match the hash the log recorded".into());
    }
    let value: Value = serde_json::from_str(state).map_err(|e| e.to_string())?;
    let game = load_game(&row.kind, value).map_err(|e| e.to_string())?;
    if game.players() != seats.len() {
        return Err("snapshot has the wrong seat count".into());
    }
    Ok(game)
}

/// The game as it began.
fn fresh_game(row: &GameRow, seats: &[SeatRow]) -> Result<Box<dyn DynGame>, TableError> {
    new_game(&row.kind, &row.options, seats.len(), row.seed)
        .map_err(|e| TableError::Internal(e.to_string()))
}

/// The public note when actions are set aside (see [`Table::set_aside`]): which actions,
/// no secret.
fn set_aside_note(first: i64, last: i64) -> Text {
    t!(
        "bot-log-set-aside",
        first = first,
        last = last,
        count = last - first + 1,
        before = (first - 1).max(0)
    )
}

/// The actions a `void <first> <last>` entry set aside, as (first, last). Only for an entry
/// that came after them.
pub fn voided_range(seq: i64, notation: &str) -> Option<(i64, i64)> {
    let mut words = notation.strip_prefix("void ")?.split(' ');
    let first: i64 = words.next()?.parse().ok()?;
    let last: i64 = words.next()?.parse().ok()?;
    (words.next().is_none() && 1 <= first && first <= last && last < seq).then_some((first, last))
}

/// The ranges of actions set aside by intact `void` entries among `rows`.
fn void_ranges(rows: &[ActionRow]) -> Vec<(i64, i64)> {
    rows.iter()
        .filter(|r| !matches!(r.check, Check::Damaged(_)))
        .filter_map(|r| voided_range(r.seq, &r.notation))
        .collect()
}

/// The rows before the first damaged action that no `void` entry set aside, and that
/// action's place and fault.
fn intact_prefix(mut rows: Vec<ActionRow>) -> (Vec<ActionRow>, Option<Damage>) {
    let voids = void_ranges(&rows);
    let covered = |seq: i64| voids.iter().any(|&(a, b)| a <= seq && seq <= b);
    let first = rows.iter().position(|r| match &r.check {
        Check::Damaged(_) => !covered(r.seq),
        _ => false,
    });
    let Some(i) = first else {
        return (rows, None);
    };
    let damage = Damage {
        seq: rows[i].seq,
        why: match &rows[i].check {
            Check::Damaged(why) => why.clone(),
            _ => String::new(),
        },
    };
    rows.truncate(i);
    (rows, Some(damage))
}

/// The actions that count after undo entries took others back and `void` entries set
/// others aside. A damaged action that no `void` entry set aside is an error: it is never
/// replayed.
pub(super) fn effective_actions(rows: Vec<ActionRow>) -> Result<Vec<ActionRow>, TableError> {
    let voids = void_ranges(&rows);
    let mut out: Vec<ActionRow> = Vec::new();
    for row in rows {
        if voids.iter().any(|&(a, b)| a <= row.seq && row.seq <= b) {
            continue;
        }
        if let Check::Damaged(why) = &row.check {
            return Err(TableError::Internal(format!(
                "action {} of the log is damaged ({why}) and is not replayed",
                row.seq
            )));
        }
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
    let mut runs: Vec<(Option<u64>, Vec<turnpost_core::words::Text>)> = Vec::new();
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
