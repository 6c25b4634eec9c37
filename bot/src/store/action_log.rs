//! Reading a game's log back: its actions, each checked against the checksum written with
//! it, and its snapshots, each with the state hash the log recorded, so that a damaged row
//! or a snapshot from elsewhere is noticed before it is replayed. The writes that make the
//! log are `mod.rs`'s version-checked transactions.

use super::{GameId, Row, Store, StoreError, column, query, query_scalar, seat_number};

/// What an action row's checksum says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// The row is as it was written.
    Verified,
    /// Written before checksums (migration 0006): taken as it is.
    Unchecked,
    /// The row is not what was written (a flipped bit): it must not be replayed. Says why.
    Damaged(String),
}

/// A stored action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    /// Sequence number from 1.
    pub seq: i64,
    /// The acting seat.
    pub seat: u8,
    /// Notation, or the table's own `undo` / `resign`.
    pub notation: String,
    /// Whether it showed something new.
    pub reveals: bool,
    /// Its log lines, typed (a log stored before typed words reads as raw lines).
    pub log: Vec<turnpost_core::words::Text>,
    /// Whether the row is as written. A damaged row's other fields are what could be read
    /// of it, for the log and the record only.
    pub check: Check,
}

/// A stored snapshot of a game's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The sequence number of the action it follows.
    pub seq: i64,
    /// The saved state (JSON), or why it cannot be read (not text, not UTF-8).
    pub state: Result<String, String>,
    /// The hash the log recorded for it, if any (`None` also when it is unreadable).
    pub logged_hash: Option<String>,
}

impl Snapshot {
    /// Whether the snapshot is readable and the one the log recorded at its sequence number.
    pub fn matches_log(&self) -> bool {
        self.state
            .as_ref()
            .is_ok_and(|s| self.logged_hash.as_deref() == Some(state_hash(s).as_str()))
    }
}

/// An action row as read, its checksum compared. A row with a checksum that does not match,
/// or whose values cannot be read, is [`Check::Damaged`] (the table rebuilds the game up to
/// it); a row without one (written before migration 0006) must read cleanly, or it is
/// reported.
pub(super) fn action_row(game_id: GameId, r: &Row) -> Result<ActionRow, StoreError> {
    let c = column::Columns::new(r, format!("game {game_id}'s action log"));
    let seq = c.int("seq")?;
    let c = c.named(format!("game {game_id}'s action {seq}"));
    // The values the checksum covers, exactly as stored.
    let raw = (|| {
        Ok::<_, StoreError>((
            c.int("seat")?,
            c.int("reveals")?,
            c.bytes("notation")?,
            c.bytes("log")?,
        ))
    })();
    let stored = c.opt_text("checksum");
    let check = match (&raw, stored) {
        (_, Ok(None)) => Check::Unchecked,
        (Ok((seat, reveals, notation, log)), Ok(Some(sum)))
            if action_checksum(game_id, seq, *seat, *reveals, notation, log) == sum =>
        {
            Check::Verified
        }
        (Ok(_), Ok(Some(_))) => Check::Damaged("its checksum does not match".into()),
        (Err(e), Ok(Some(_))) => Check::Damaged(e.to_string()),
        (_, Err(e)) => Check::Damaged(format!("its checksum is unreadable ({e})")),
    };
    if let Check::Damaged(_) = check {
        // Only for the log and the record: what could be read of it.
        let (seat, notation, log) = match raw {
            Ok((seat, _, notation, log)) => (seat, notation, log),
            Err(_) => (0, Vec::new(), Vec::new()),
        };
        return Ok(ActionRow {
            seq,
            seat: u8::try_from(seat).unwrap_or(0),
            notation: String::from_utf8_lossy(&notation).into_owned(),
            reveals: true,
            log: serde_json::from_slice(&log).unwrap_or_default(),
            check,
        });
    }
    let (seat, reveals, notation, log) = raw?;
    let log = c.utf8("log", log)?;
    Ok(ActionRow {
        seq,
        seat: seat_number(seat)?,
        notation: c.utf8("notation", notation)?,
        reveals: reveals != 0,
        log: serde_json::from_str(&log)
            .map_err(|e| c.bad("log", format!("is not a list of lines: {e}")))?,
        check,
    })
}

/// The check value of a saved state, stored with the action a snapshot was taken after, so
/// a snapshot that does not belong to its place in the log is noticed on load.
pub fn state_hash(state: &str) -> String {
    format!("{:08x}", crc32fast::hash(state.as_bytes()))
}

/// The check value of an action row, stored with it (migration 0006) and compared when it is
/// read, so a flipped bit is never replayed as another move: CRC-32 of the game, the
/// sequence number, the seat, the reveals flag, the notation and the log lines (JSON) as
/// stored, each text preceded by its length. Computed here, not in SQL, so every backend
/// stores the same value.
pub fn action_checksum(
    game_id: GameId,
    seq: i64,
    seat: i64,
    reveals: i64,
    notation: &[u8],
    log: &[u8],
) -> String {
    let mut h = crc32fast::Hasher::new();
    for n in [game_id, seq, seat, reveals] {
        h.update(&n.to_le_bytes());
    }
    for text in [notation, log] {
        h.update(&(text.len() as u64).to_le_bytes());
        h.update(text);
    }
    format!("{:08x}", h.finalize())
}

impl Store {
    /// Actions with a sequence number above `after`, in order.
    pub async fn actions_after(
        &self,
        game_id: GameId,
        after: i64,
    ) -> Result<Vec<ActionRow>, StoreError> {
        self.actions_between(game_id, after, i64::MAX).await
    }

    /// Actions with `after < seq <= upto`, in order. Loading reads up to the version it saw,
    /// so an action committed meanwhile is not mixed into an older state.
    pub async fn actions_between(
        &self,
        game_id: GameId,
        after: i64,
        upto: i64,
    ) -> Result<Vec<ActionRow>, StoreError> {
        let rows = query(
            "SELECT seq, seat, notation, reveals, log, checksum FROM action
             WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
        )
        .bind(game_id)
        .bind(after)
        .bind(upto)
        .fetch_all(self.read())
        .await?;
        let actions = rows
            .iter()
            .map(|r| action_row(game_id, r))
            .collect::<Result<Vec<_>, StoreError>>()?;
        // The log has no gaps: each row follows the one before, from `after + 1`.
        for (i, a) in actions.iter().enumerate() {
            if a.seq != after + 1 + i as i64 {
                return Err(StoreError::Corrupt(format!(
                    "game {game_id}: the action log jumps from {} to {}",
                    after + i as i64,
                    a.seq
                )));
            }
        }
        Ok(actions)
    }

    /// The latest snapshot at or below `version`, with the state hash the log recorded for
    /// that sequence number (`None` if the log has no such action or no hash for it).
    pub async fn latest_snapshot(
        &self,
        game_id: GameId,
        version: i64,
    ) -> Result<Option<Snapshot>, StoreError> {
        let row = query(
            "SELECT snapshot.seq, snapshot.state, action.state_hash FROM snapshot
             LEFT JOIN action ON action.game_id = snapshot.game_id AND action.seq = snapshot.seq
             WHERE snapshot.game_id = ? AND snapshot.seq <= ? ORDER BY snapshot.seq DESC LIMIT 1",
        )
        .bind(game_id)
        .bind(version)
        .fetch_optional(self.read())
        .await?;
        row.map(|r| {
            let c = column::Columns::new(&r, format!("game {game_id}'s snapshot"));
            let seq = c.int("seq")?;
            let c = c.named(format!("game {game_id}'s snapshot at {seq}"));
            // An unreadable state is a bad snapshot (rebuilt from the log), not an error.
            let state = match c.text("state") {
                Ok(state) => Ok(state),
                Err(StoreError::Corrupt(why)) => Err(why),
                Err(e) => return Err(e),
            };
            Ok(Snapshot {
                seq,
                state,
                logged_hash: c.opt_text("state_hash").ok().flatten(),
            })
        })
        .transpose()
    }

    /// Replaces a snapshot (after rebuilding a broken one) and records its hash in the log.
    pub async fn put_snapshot(
        &self,
        game_id: GameId,
        seq: i64,
        state: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.db.begin().await?;
        query(super::PUT_SNAPSHOT)
            .bind(game_id)
            .bind(seq)
            .bind(state)
            .execute(&mut *tx)
            .await?;
        query("UPDATE action SET state_hash = ? WHERE game_id = ? AND seq = ?")
            .bind(state_hash(state))
            .bind(game_id)
            .bind(seq)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Deletes a snapshot.
    pub async fn delete_snapshot(&self, game_id: GameId, seq: i64) -> Result<(), StoreError> {
        query("DELETE FROM snapshot WHERE game_id = ? AND seq = ?")
            .bind(game_id)
            .bind(seq)
            .execute(self.read())
            .await?;
        Ok(())
    }

    /// Versions of every action of a game, in order (for tests of gap-free sequences).
    pub async fn sequence_numbers(&self, game_id: GameId) -> Result<Vec<i64>, StoreError> {
        Ok(
            query_scalar("SELECT seq FROM action WHERE game_id = ? ORDER BY seq")
                .bind(game_id)
                .fetch_all(self.read())
                .await?,
        )
    }
}
