//! Deadlines in the store: the running deadline of each game and the sweep's query over
//! them, votes to replace a late seat, and vacations (which pause a deadline). What an
//! action does to its game's deadline is written in the action's transaction
//! ([`write_deadline`]); when to warn and what a passed deadline does are the table's.

use super::{Conn, Row, query, query_scalar, query_scalar2, query2};

use super::{GameId, NewDelivery, Store, StoreError, UserId, outbox, seat_number};
use crate::clock::HOUR_MS;
use crate::league::{Phase, Policy};

/// A deadline policy from its column.
pub(super) fn policy_column(text: &str) -> Result<Policy, StoreError> {
    Policy::from_word(text)
        .ok_or_else(|| StoreError::Corrupt(format!("unknown deadline policy {text}")))
}

fn phase_column(text: &str) -> Result<Phase, StoreError> {
    Phase::from_word(text)
        .ok_or_else(|| StoreError::Corrupt(format!("unknown deadline phase {text}")))
}

/// What an action does to the game's deadline.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DeadlineChange {
    /// Nothing (the same person goes on with their turn).
    #[default]
    Keep,
    /// The decision passed to this seat's player (or they acted during a vote): a new
    /// deadline from now, paused while they are on vacation. No-op without deadlines.
    Set {
        /// The seat to act.
        seat: u8,
        /// Its player.
        user: UserId,
        /// The game's hours per turn (fixed when the game is created; 0: no deadline).
        hours: u32,
    },
    /// The game stopped.
    Clear,
    /// The game has no deadlines (0 hours per turn, fixed when it is created): it never has
    /// a deadline or a vote to replace a seat, so there is nothing to read or write.
    Untimed,
}

impl DeadlineChange {
    /// `self` for a game of `hours` per turn: [`DeadlineChange::Untimed`] when it has no
    /// deadlines (so an action of such a game costs no trip to the store for them).
    pub fn for_game(self, hours: u32) -> DeadlineChange {
        if hours == 0 {
            DeadlineChange::Untimed
        } else {
            self
        }
    }
}

/// A deadline the sweep looks at, with what it needs of its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadlineRow {
    /// The game.
    pub game_id: GameId,
    /// The seat to act.
    pub seat: u8,
    /// Its player.
    pub user_id: UserId,
    /// When the decision passed to them.
    pub began_at: i64,
    /// When the policy applies.
    pub due_at: i64,
    /// Warnings sent: 0 none, 1 half time, 2 an hour before.
    pub warned: u8,
    /// Where it stands.
    pub phase: Phase,
    /// When the sweep looks next.
    pub check_at: i64,
    /// The game's channel.
    pub channel_id: u64,
    /// The game's server.
    pub guild_id: Option<u64>,
    /// Hours per turn.
    pub hours: u32,
    /// The policy.
    pub policy: Policy,
    /// The latest turn message.
    pub turn_message_id: Option<u64>,
}

/// When the sweep must look at a deadline next: the half-time warning, the hour-before
/// warning, then the deadline itself.
pub fn next_check(due_at: i64, hours: u32, warned: u8) -> i64 {
    let half = due_at - i64::from(hours) * HOUR_MS / 2;
    let hour = due_at - HOUR_MS;
    match warned {
        0 if half < hour => half,
        0 | 1 => hour,
        _ => due_at,
    }
}

/// Writes what an action does to its game's deadline, in the action's transaction.
pub(super) async fn write_deadline(
    tx: &mut Conn,
    game_id: GameId,
    change: &DeadlineChange,
    now: i64,
) -> Result<(), StoreError> {
    match change {
        DeadlineChange::Untimed => {}
        // The late player acting during a vote or an open seat ends it: their clock
        // starts anew.
        DeadlineChange::Keep => {
            let late = query(
                "SELECT seat, user_id FROM deadline WHERE game_id = ? AND phase != 'running'",
            )
            .bind(game_id)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(r) = late {
                let seat = seat_number(r.try_get("seat")?)?;
                let user = r.try_get::<i64, _>("user_id")? as UserId;
                let hours: i64 = query_scalar("SELECT deadline_hours FROM game WHERE game_id = ?")
                    .bind(game_id)
                    .fetch_one(&mut *tx)
                    .await?;
                let hours = hours.clamp(0, 10_000) as u32;
                let restart = DeadlineChange::Set { seat, user, hours };
                Box::pin(write_deadline(tx, game_id, &restart, now)).await?;
            }
        }
        DeadlineChange::Clear => clear_deadline(tx, game_id).await?,
        DeadlineChange::Set { seat, user, hours } => {
            clear_deadline(tx, game_id).await?;
            let hours = i64::from(*hours);
            if hours > 0 {
                let away = vacation_until_in(&mut *tx, *user, now).await?;
                let due = away.unwrap_or(now).max(now) + hours * HOUR_MS;
                query(
                    "INSERT INTO deadline (game_id, seat, user_id, began_at, due_at, warned, phase, check_at)
                     VALUES (?, ?, ?, ?, ?, 0, 'running', ?)",
                )
                .bind(game_id)
                .bind(i64::from(*seat))
                .bind(*user as i64)
                .bind(now)
                .bind(due)
                .bind(next_check(due, hours as u32, 0))
                .execute(&mut *tx)
                .await?;
            }
        }
    }
    Ok(())
}

/// Ends a game's deadline and any vote on its late seat, in one trip to the store.
async fn clear_deadline(tx: &mut Conn, game_id: GameId) -> Result<(), StoreError> {
    query2(
        "DELETE FROM deadline WHERE game_id = ?; DELETE FROM replace_vote WHERE game_id = ?",
        "WITH d AS (DELETE FROM deadline WHERE game_id = ?)
         DELETE FROM replace_vote WHERE game_id = ?",
    )
    .bind(game_id)
    .bind(game_id)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

async fn vacation_until_in(
    on: impl Into<super::On<'_>>,
    user: UserId,
    now: i64,
) -> Result<Option<i64>, StoreError> {
    Ok(query_scalar(
        "SELECT MAX(ends_at) FROM vacation WHERE user_id = ? AND starts_at <= ? AND ends_at > ?",
    )
    .bind(user as i64)
    .bind(now)
    .bind(now)
    .fetch_one(on)
    .await?)
}

fn deadline_row(r: &Row) -> Result<DeadlineRow, StoreError> {
    Ok(DeadlineRow {
        game_id: r.try_get("game_id")?,
        seat: seat_number(r.try_get("seat")?)?,
        user_id: r.try_get::<i64, _>("user_id")? as u64,
        began_at: r.try_get("began_at")?,
        due_at: r.try_get("due_at")?,
        warned: seat_number(r.try_get("warned")?)?,
        phase: phase_column(&r.try_get::<String, _>("phase")?)?,
        check_at: r.try_get("check_at")?,
        channel_id: r.try_get::<i64, _>("channel_id")? as u64,
        guild_id: r.try_get::<Option<i64>, _>("guild_id")?.map(|g| g as u64),
        hours: r.try_get::<i64, _>("deadline_hours")?.clamp(0, 10_000) as u32,
        policy: policy_column(&r.try_get::<String, _>("deadline_policy")?)?,
        turn_message_id: r
            .try_get::<Option<i64>, _>("turn_message_id")?
            .map(|m| m as u64),
    })
}

const DEADLINE_COLUMNS: &str =
    "d.game_id, d.seat, d.user_id, d.began_at, d.due_at, d.warned, d.phase, d.check_at,
     g.channel_id, g.guild_id, g.deadline_hours, g.deadline_policy, g.turn_message_id";

/// The sweep's query: the deadlines to look at by `now`, soonest first (a range scan of
/// the `deadline_due` index).
pub const DUE_DEADLINES: &str =
    "SELECT d.game_id, d.seat, d.user_id, d.began_at, d.due_at, d.warned, d.phase, d.check_at,
     g.channel_id, g.guild_id, g.deadline_hours, g.deadline_policy, g.turn_message_id
     FROM deadline d JOIN game g ON g.game_id = d.game_id
     WHERE d.check_at <= ? ORDER BY d.check_at LIMIT ?";

impl Store {
    /// The deadlines the sweep must look at by `now` (at most `limit`).
    pub async fn due_deadlines(
        &self,
        now: i64,
        limit: usize,
    ) -> Result<Vec<DeadlineRow>, StoreError> {
        let rows = query(DUE_DEADLINES)
            .bind(now)
            .bind(limit as i64)
            .fetch_all(self.read())
            .await?;
        rows.iter().map(deadline_row).collect()
    }

    /// The plan the backend uses for the sweep's query (reported by the bench).
    pub async fn due_deadlines_plan(&self) -> Result<Vec<String>, StoreError> {
        let sqlite = format!("EXPLAIN QUERY PLAN {DUE_DEADLINES}");
        let postgres = format!("EXPLAIN {DUE_DEADLINES}");
        let rows = query2(&sqlite, &postgres)
            .bind(0_i64)
            .bind(1_i64)
            .fetch_all(self.read())
            .await?;
        let column = match self.backend() {
            super::Backend::Sqlite => "detail",
            super::Backend::Postgres => "QUERY PLAN",
        };
        rows.iter()
            .map(|r| Ok(r.try_get::<String, _>(column)?))
            .collect()
    }

    /// A game's running deadline.
    pub async fn deadline(&self, game_id: GameId) -> Result<Option<DeadlineRow>, StoreError> {
        let row = query(&format!(
            "SELECT {DEADLINE_COLUMNS} FROM deadline d JOIN game g ON g.game_id = d.game_id WHERE d.game_id = ?"
        ))
        .bind(game_id)
        .fetch_optional(self.read())
        .await?;
        row.as_ref().map(deadline_row).transpose()
    }

    /// Moves a deadline on (a warning sent, a vote opened, a seat opened), with the
    /// messages that say so, if it is still as `read` found it (the same turn's deadline, not
    /// stepped since); false if the turn moved on or another process stepped it meanwhile
    /// (nothing written), so each step is taken and said once however many processes sweep.
    pub async fn step_deadline(
        &self,
        read: &DeadlineRow,
        warned: u8,
        phase: Phase,
        check_at: i64,
        deliveries: &[NewDelivery],
    ) -> Result<bool, StoreError> {
        let game_id = read.game_id;
        let mut tx = self.db.begin().await?;
        let r = query(
            "UPDATE deadline SET warned = ?, phase = ?, check_at = ?
             WHERE game_id = ? AND began_at = ? AND check_at = ?",
        )
        .bind(i64::from(warned))
        .bind(phase.as_str())
        .bind(check_at)
        .bind(game_id)
        .bind(read.began_at)
        .bind(read.check_at)
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() != 1 {
            return Ok(false);
        }
        if phase == Phase::Running {
            query("DELETE FROM replace_vote WHERE game_id = ?")
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        }
        outbox::insert(&mut tx, Some(game_id), deliveries).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Gives the late player of a game a fresh deadline from now (the others voted to keep
    /// waiting), with the message that says so; false if the turn moved on.
    pub async fn restart_deadline(
        &self,
        game_id: GameId,
        began_at: i64,
        deliveries: &[NewDelivery],
    ) -> Result<bool, StoreError> {
        let now = self.now();
        let mut tx = self.db.begin().await?;
        let hours: i64 = query_scalar("SELECT deadline_hours FROM game WHERE game_id = ?")
            .bind(game_id)
            .fetch_one(&mut *tx)
            .await?;
        let due = now + hours * HOUR_MS;
        let r = query(
            "UPDATE deadline SET began_at = ?, due_at = ?, warned = 0, phase = 'running', check_at = ?
             WHERE game_id = ? AND began_at = ?",
        )
        .bind(now)
        .bind(due)
        .bind(next_check(due, hours as u32, 0))
        .bind(game_id)
        .bind(began_at)
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() != 1 {
            return Ok(false);
        }
        query("DELETE FROM replace_vote WHERE game_id = ?")
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        outbox::insert(&mut tx, Some(game_id), deliveries).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Records a vote on replacing a game's late seat; the votes so far as (replace, keep).
    pub async fn cast_vote(
        &self,
        game_id: GameId,
        voter: UserId,
        replace: bool,
    ) -> Result<(usize, usize), StoreError> {
        let mut tx = self.db.begin().await?;
        query(
            "INSERT INTO replace_vote (game_id, voter_id, replace) VALUES (?, ?, ?)
             ON CONFLICT (game_id, voter_id) DO UPDATE SET replace = excluded.replace",
        )
        .bind(game_id)
        .bind(voter as i64)
        .bind(replace)
        .execute(&mut *tx)
        .await?;
        let votes: Vec<i64> = query_scalar("SELECT replace FROM replace_vote WHERE game_id = ?")
            .bind(game_id)
            .fetch_all(&mut *tx)
            .await?;
        tx.commit().await?;
        let yes = votes.iter().filter(|v| **v != 0).count();
        Ok((yes, votes.len() - yes))
    }

    /// When the user's vacation ends, if they are on one at `now`.
    pub async fn vacation_until(&self, user: UserId, now: i64) -> Result<Option<i64>, StoreError> {
        vacation_until_in(self.read(), user, now).await
    }

    /// Vacation days the user has taken on a server in a season (`None`: outside seasons).
    pub async fn vacation_days_used(
        &self,
        user: UserId,
        guild: u64,
        season: Option<i64>,
    ) -> Result<i64, StoreError> {
        Ok(query_scalar2(
            "SELECT COALESCE(SUM(days), 0) FROM vacation
             WHERE user_id = ? AND guild_id = ? AND season_id IS ?",
            "SELECT CAST(COALESCE(SUM(days), 0) AS BIGINT) FROM vacation
             WHERE user_id = ? AND guild_id = ? AND season_id IS NOT DISTINCT FROM ?",
        )
        .bind(user as i64)
        .bind(guild as i64)
        .bind(season)
        .fetch_one(self.read())
        .await?)
    }

    /// Starts a vacation of `days` from now (or extends the running one): every running
    /// deadline of the user pauses until it ends, keeping the time that was left. Returns
    /// when it ends.
    pub async fn start_vacation(
        &self,
        user: UserId,
        guild: u64,
        season: Option<i64>,
        days: u32,
    ) -> Result<i64, StoreError> {
        let now = self.now();
        let mut tx = self.db.begin().await?;
        let starts = vacation_until_in(&mut tx, user, now).await?.unwrap_or(now);
        let ends = starts + i64::from(days) * 24 * HOUR_MS;
        query(
            "INSERT INTO vacation (user_id, guild_id, season_id, starts_at, ends_at, days)
             VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(user as i64)
        .bind(guild as i64)
        .bind(season)
        .bind(starts)
        .bind(ends)
        .bind(i64::from(days))
        .execute(&mut *tx)
        .await?;
        // Pause: each running deadline moves by the vacation's length, and nothing is
        // checked (no warning) before the vacation ends.
        let rows = query(
            "SELECT d.game_id, d.due_at, d.warned, g.deadline_hours FROM deadline d
             JOIN game g ON g.game_id = d.game_id
             WHERE d.user_id = ? AND d.phase = 'running'",
        )
        .bind(user as i64)
        .fetch_all(&mut *tx)
        .await?;
        for r in rows {
            let game_id: GameId = r.try_get("game_id")?;
            let due: i64 = r.try_get("due_at")?;
            let warned = seat_number(r.try_get("warned")?)?;
            let hours = r.try_get::<i64, _>("deadline_hours")?.clamp(0, 10_000) as u32;
            // The clock stops for the vacation's days (a later vacation adds its own).
            let paused_due = due + i64::from(days) * 24 * HOUR_MS;
            query("UPDATE deadline SET due_at = ?, check_at = ? WHERE game_id = ?")
                .bind(paused_due)
                .bind(next_check(paused_due, hours, warned).max(ends))
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(ends)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_come_at_half_time_an_hour_before_and_at_the_deadline() {
        let due = 100 * HOUR_MS;
        assert_eq!(next_check(due, 24, 0), 88 * HOUR_MS);
        assert_eq!(next_check(due, 24, 1), 99 * HOUR_MS);
        assert_eq!(next_check(due, 24, 2), due);
        // Two hours: half time is the hour before, so one warning.
        assert_eq!(next_check(due, 2, 0), 99 * HOUR_MS);
    }
}
