//! Game records: what `/record` hands out and `turnpost replay` reads back. A record is the
//! table's action log written out, so it reads the table's own entries and input bounds.
//!
//! A record holds the game, its options, its seats and every stored action in notation,
//! including the table's own entries (`undo`, `resign`, `timeout`, `seat <user>`, and
//! `void <first> <last>` for damaged actions set aside). The seed and the check value of the
//! final state are in it only once the game has ended: before, either would let a player
//! test guesses about hidden items.

use serde::{Deserialize, Serialize};
use turnpost_core::dynamic::DynGame;
use turnpost_core::registry::new_game;
use turnpost_core::{Seat, Seed};

use super::{echo, is_table_entry, limits, voided_range};
use crate::store::state_hash;

/// The record format's name and version.
pub const FORMAT: &str = "turnpost-record/1";

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// Which game (`pandoria`, `rtta`).
    pub game: String,
    /// Its options as key=value.
    pub options: Vec<(String, String)>,
    /// Seats in turn order.
    pub seats: Vec<RecordSeat>,
    /// `lobby`, `active`, `finished` or `abandoned`.
    pub status: String,
    /// The seed as 64 hex digits, once the game has ended.
    pub seed: Option<String>,
    /// Every stored action, oldest first.
    pub actions: Vec<RecordedAction>,
    /// The check value of the final state (see [`state_hash`]), once the game has ended.
    pub final_state: Option<String>,
    /// Final scores per seat, once the game has ended by its rules.
    pub scores: Option<Vec<i32>>,
}

/// A seat of a record (its last holder).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordSeat {
    /// From 0, in turn order.
    pub seat: u8,
    /// The player's name then.
    pub name: String,
    /// Their Discord id (or local id).
    pub user: u64,
    /// Whether the seat resigned or forfeited.
    pub resigned: bool,
}

/// One stored action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    /// Its number in the game's log, from 1.
    pub seq: i64,
    /// The seat that played it.
    pub seat: u8,
    /// The action in notation, or a table entry.
    pub notation: String,
    /// When (unix ms).
    pub at: i64,
}

/// What replaying a record gave.
pub struct Replayed {
    /// The game as the record leaves it.
    pub game: Box<dyn DynGame>,
    /// Game actions played (undone ones and table entries not counted).
    pub played: usize,
    /// The check value of the final state.
    pub state: String,
}

impl std::fmt::Debug for Replayed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replayed")
            .field("played", &self.played)
            .field("state", &self.state)
            .finish_non_exhaustive()
    }
}

/// Plays a record from the start: undo entries take back the action before them, table
/// entries are skipped, every other action must be legal. Needs the seed (a finished
/// game's record).
pub fn replay(record: &Record) -> Result<Replayed, String> {
    if record.format != FORMAT {
        return Err(format!(
            "this is not a Turnpost record ({FORMAT} expected, found \"{}\")",
            echo(&record.format)
        ));
    }
    bounded(record)?;
    let seed = record
        .seed
        .as_deref()
        .ok_or("the record has no seed: it is given once the game has ended")?;
    let seed = Seed::parse(seed).ok_or("the record's seed is not 64 hex digits")?;
    let mut game = new_game(&record.game, &record.options, record.seats.len(), seed)
        .map_err(|e| e.to_string())?;
    let mut played = 0;
    for a in effective(record)? {
        if is_table_entry(&a.notation) {
            continue;
        }
        game.play(Seat(a.seat), &a.notation).map_err(|e| {
            format!(
                "action {} \"{}\" does not replay: {}",
                a.seq,
                a.notation,
                echo(&e.to_string())
            )
        })?;
        played += 1;
    }
    let state = state_hash(&game.save().to_string());
    Ok(Replayed {
        game,
        played,
        state,
    })
}

/// The actions of a record that stand, oldest first: undo entries take back the action
/// before them, actions a `void` entry set aside are left out; table entries stay.
pub(super) fn effective(record: &Record) -> Result<Vec<&RecordedAction>, String> {
    // Actions a `void` entry set aside (the log was damaged there) are skipped, as the
    // table skips them.
    let voids: Vec<(i64, i64)> = record
        .actions
        .iter()
        .filter_map(|a| voided_range(a.seq, &a.notation))
        .collect();
    let mut effective: Vec<&RecordedAction> = Vec::new();
    for a in &record.actions {
        if voids
            .iter()
            .any(|&(first, last)| first <= a.seq && a.seq <= last)
        {
            continue;
        }
        if a.notation == "undo" {
            effective
                .pop()
                .ok_or_else(|| format!("undo at {} has nothing to take back", a.seq))?;
        } else {
            effective.push(a);
        }
    }
    Ok(effective)
}

/// Checks a record's words and counts against the table's own maximums before any of it
/// is played or quoted: a damaged or forged file gets a short answer.
fn bounded(record: &Record) -> Result<(), String> {
    let too_long = |what: &str, text: &str, max: usize| {
        (text.chars().count() > max).then(|| {
            format!(
                "{what} is {} characters long (at most {max}): \"{}\"",
                text.chars().count(),
                echo(text)
            )
        })
    };
    let mut problems = vec![too_long("the game's name", &record.game, limits::MAX_WORD)];
    if record.options.len() > limits::MAX_OPTIONS {
        problems.push(Some(format!(
            "{} options (at most {})",
            record.options.len(),
            limits::MAX_OPTIONS
        )));
    }
    for (key, value) in &record.options {
        problems.push(too_long("an option's name", key, limits::MAX_OPTION_KEY));
        problems.push(too_long(
            "an option's value",
            value,
            limits::MAX_OPTION_VALUE,
        ));
    }
    if record.seats.len() > limits::MAX_LISTED_SEATS {
        problems.push(Some(format!(
            "{} seats (at most {})",
            record.seats.len(),
            limits::MAX_LISTED_SEATS
        )));
    }
    for a in &record.actions {
        problems.push(
            too_long("an action", &a.notation, limits::MAX_NOTATION)
                .map(|p| format!("action {}: {p}", a.seq)),
        );
    }
    match problems.into_iter().flatten().next() {
        Some(problem) => Err(format!("the record is damaged: {problem}")),
        None => Ok(()),
    }
}

/// Replays the record in `path` and says how it went (the `turnpost replay` command).
pub fn replay_file(path: &std::path::Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let record: Record = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not a game record: {e}", path.display()))?;
    let replayed = replay(&record)?;
    let mut out = format!(
        "{}: {} actions replayed ({} game actions).",
        record.game,
        record.actions.len(),
        replayed.played
    );
    match &record.final_state {
        Some(expected) if *expected == replayed.state => {
            out.push_str(&format!(
                " The final state matches the record ({expected})."
            ));
        }
        Some(expected) => {
            return Err(format!(
                "the replayed state {} differs from the record's {expected}",
                replayed.state
            ));
        }
        None => out.push_str(" The record has no final state to compare."),
    }
    if let Some(o) = replayed.game.outcome() {
        let scores: Vec<String> = record
            .seats
            .iter()
            .zip(&o.scores)
            .map(|(s, score)| format!("{} {score}", s.name))
            .collect();
        out.push_str(&format!("\nFinal scores: {}.", scores.join(", ")));
        if record.scores.as_ref().is_some_and(|r| *r != o.scores) {
            return Err("the replayed scores differ from the record's".into());
        }
    }
    Ok(out)
}
