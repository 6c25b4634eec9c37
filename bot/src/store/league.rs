//! The league layer of the store: deadlines and their sweep, votes to replace a seat,
//! vacations, server settings, seasons, results and ratings. Nothing here changes a game's
//! rules; what the layer writes with an action goes in the action's own transaction
//! ([`LeagueChange`], written by [`write`]).

use std::collections::HashMap;

use sqlx::sqlite::SqliteRow;
use sqlx::{Row, SqliteConnection};

use super::{GameId, NewDelivery, Store, StoreError, UserId, outbox, seat_number};
use crate::clock::HOUR_MS;
use crate::ratings::{Placing, Rating, rate};

/// What happens when a deadline passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// The seat plays the move that changes least (a pass where the game allows one).
    #[default]
    Skip,
    /// The other players vote; a majority opens the seat to a volunteer.
    Replace,
    /// The seat resigns and plays on automatically.
    Forfeit,
}

impl Policy {
    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            Policy::Skip => "skip",
            Policy::Replace => "replace",
            Policy::Forfeit => "forfeit",
        }
    }

    /// From the stored word.
    pub fn parse(text: &str) -> Result<Policy, StoreError> {
        Policy::from_word(text)
            .ok_or_else(|| StoreError::Corrupt(format!("unknown deadline policy {text}")))
    }

    /// From a word a player typed or chose.
    pub fn from_word(text: &str) -> Option<Policy> {
        match text.trim().to_ascii_lowercase().as_str() {
            "skip" | "pass" => Some(Policy::Skip),
            "replace" | "vote" => Some(Policy::Replace),
            "forfeit" | "resign" => Some(Policy::Forfeit),
            _ => None,
        }
    }

    /// In the player's words: what happens when time runs out.
    pub fn words(self) -> &'static str {
        match self {
            Policy::Skip => "the turn is skipped",
            Policy::Replace => "the others vote to replace the player",
            Policy::Forfeit => "the seat forfeits",
        }
    }
}

/// The terms of a table, chosen at `/new`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Hours each person has for a turn (0: no deadline).
    pub deadline_hours: u32,
    /// What happens when it passes.
    pub policy: Policy,
    /// Whether the result counts for ratings.
    pub rated: bool,
}

/// Where a deadline stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Counting down.
    Running,
    /// Passed under the replace policy: the others are voting.
    Voting,
    /// The vote passed: the seat waits for a volunteer.
    Open,
}

impl Phase {
    fn as_str(self) -> &'static str {
        match self {
            Phase::Running => "running",
            Phase::Voting => "voting",
            Phase::Open => "open",
        }
    }

    fn parse(text: &str) -> Result<Phase, StoreError> {
        match text {
            "running" => Ok(Phase::Running),
            "voting" => Ok(Phase::Voting),
            "open" => Ok(Phase::Open),
            other => Err(StoreError::Corrupt(format!(
                "unknown deadline phase {other}"
            ))),
        }
    }
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
    },
    /// The game stopped.
    Clear,
}

/// What the league layer writes with an action, in its transaction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeagueChange {
    /// The deadline.
    pub deadline: DeadlineChange,
    /// The game ended: its results (and ratings, if rated).
    pub finished: Option<FinishedGame>,
    /// A volunteer took a seat: (seat, user, name).
    pub seat_taken: Option<(u8, UserId, String)>,
}

impl LeagueChange {
    /// The game stopped: no deadline.
    pub fn clear() -> LeagueChange {
        LeagueChange {
            deadline: DeadlineChange::Clear,
            ..LeagueChange::default()
        }
    }
}

/// A finished game's results.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FinishedGame {
    /// One row per seat.
    pub results: Vec<ResultRow>,
}

/// One seat's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    /// The seat.
    pub seat: u8,
    /// Its player at the end.
    pub user: UserId,
    /// Its team.
    pub team: u8,
    /// 1 = best; resigned and forfeited seats rank last.
    pub rank: u8,
    /// Its final score (`None` when the game ended by resignations).
    pub score: Option<i32>,
    /// Whether it resigned or forfeited.
    pub resigned: bool,
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

/// A season of a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Season {
    /// Its id.
    pub season_id: i64,
    /// Its name.
    pub name: String,
    /// When it started.
    pub started_at: i64,
    /// When it closed (`None`: running).
    pub closed_at: Option<i64>,
}

/// A leaderboard line.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedPlayer {
    /// The player.
    pub user_id: UserId,
    /// Their latest display name at a table.
    pub name: String,
    /// Their rating.
    pub rating: Rating,
    /// Rated games.
    pub games: i64,
    /// Rated wins.
    pub wins: i64,
}

/// A player's record in one game on one server.
#[derive(Clone, Debug, PartialEq)]
pub struct ProfileStats {
    /// Which game.
    pub kind: String,
    /// Finished games.
    pub games: i64,
    /// Games won (rank 1).
    pub wins: i64,
    /// Average final score (games that ended by play).
    pub average_score: Option<f64>,
    /// All-time rating, if any rated game.
    pub rating: Option<Rating>,
}

/// A finished game for `/history`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryGame {
    /// The game.
    pub game_id: GameId,
    /// Which game.
    pub kind: String,
    /// Its channel.
    pub channel_id: u64,
    /// When it finished.
    pub finished_at: i64,
    /// Its last turn message.
    pub turn_message_id: Option<u64>,
    /// Whether it was rated.
    pub rated: bool,
    /// (name, score, rank, resigned) per seat.
    pub results: Vec<(String, Option<i32>, u8, bool)>,
}

/// One stored action for a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordAction {
    /// Its sequence number.
    pub seq: i64,
    /// The seat.
    pub seat: u8,
    /// Notation (or a table entry: `undo`, `resign`, `timeout`, `seat …`).
    pub notation: String,
    /// When.
    pub at: i64,
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

/// Writes a [`LeagueChange`] in the transaction of the change that causes it.
pub(super) async fn write(
    tx: &mut SqliteConnection,
    game_id: GameId,
    change: &LeagueChange,
    now: i64,
) -> Result<(), StoreError> {
    if let Some((seat, user, name)) = &change.seat_taken {
        sqlx::query(
            "UPDATE seat SET user_id = ?, name = ?, resigned = 0 WHERE game_id = ? AND seat = ?",
        )
        .bind(*user as i64)
        .bind(name)
        .bind(game_id)
        .bind(i64::from(*seat))
        .execute(&mut *tx)
        .await?;
    }
    match &change.deadline {
        // The late player acting during a vote or an open seat ends it: their clock
        // starts anew.
        DeadlineChange::Keep => {
            let late = sqlx::query(
                "SELECT seat, user_id FROM deadline WHERE game_id = ? AND phase != 'running'",
            )
            .bind(game_id)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(r) = late {
                let seat = seat_number(r.try_get("seat")?)?;
                let user = r.try_get::<i64, _>("user_id")? as UserId;
                let restart = LeagueChange {
                    deadline: DeadlineChange::Set { seat, user },
                    ..LeagueChange::default()
                };
                Box::pin(write(tx, game_id, &restart, now)).await?;
            }
        }
        DeadlineChange::Clear => clear_deadline(tx, game_id).await?,
        DeadlineChange::Set { seat, user } => {
            clear_deadline(tx, game_id).await?;
            let hours: i64 = sqlx::query_scalar(
                "SELECT deadline_hours FROM game WHERE game_id = ? AND status = 'active'",
            )
            .bind(game_id)
            .fetch_optional(&mut *tx)
            .await?
            .unwrap_or(0);
            if hours > 0 {
                let away = vacation_until_in(tx, *user, now).await?;
                let due = away.unwrap_or(now).max(now) + hours * HOUR_MS;
                sqlx::query(
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
    if let Some(finished) = &change.finished {
        finish(tx, game_id, finished, now).await?;
    }
    Ok(())
}

async fn clear_deadline(tx: &mut SqliteConnection, game_id: GameId) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM deadline WHERE game_id = ?")
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM replace_vote WHERE game_id = ?")
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

async fn vacation_until_in(
    tx: &mut SqliteConnection,
    user: UserId,
    now: i64,
) -> Result<Option<i64>, StoreError> {
    Ok(sqlx::query_scalar(
        "SELECT MAX(ends_at) FROM vacation WHERE user_id = ? AND starts_at <= ? AND ends_at > ?",
    )
    .bind(user as i64)
    .bind(now)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?)
}

/// Stores a finished game's results, and applies them to the ratings if it is rated.
async fn finish(
    tx: &mut SqliteConnection,
    game_id: GameId,
    finished: &FinishedGame,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE game SET finished_at = ?,
             season_id = (SELECT season_id FROM season
                          WHERE season.guild_id = game.guild_id AND closed_at IS NULL)
         WHERE game_id = ?",
    )
    .bind(now)
    .bind(game_id)
    .execute(&mut *tx)
    .await?;
    for r in &finished.results {
        sqlx::query(
            "INSERT OR REPLACE INTO result (game_id, seat, user_id, team, rank, score, resigned)
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(game_id)
        .bind(i64::from(r.seat))
        .bind(r.user as i64)
        .bind(i64::from(r.team))
        .bind(i64::from(r.rank))
        .bind(r.score)
        .bind(r.resigned)
        .execute(&mut *tx)
        .await?;
    }
    apply_ratings(tx, game_id).await
}

/// Applies a stored result to the ratings of its server, all-time and in its season, if
/// the game is rated and not applied yet (applying twice changes nothing).
async fn apply_ratings(tx: &mut SqliteConnection, game_id: GameId) -> Result<(), StoreError> {
    let Some(game) = sqlx::query(
        "SELECT guild_id, kind, season_id, finished_at FROM game
         WHERE game_id = ? AND rated = 1 AND guild_id IS NOT NULL AND finished_at IS NOT NULL",
    )
    .bind(game_id)
    .fetch_optional(&mut *tx)
    .await?
    else {
        return Ok(());
    };
    let fresh = sqlx::query("INSERT OR IGNORE INTO rating_applied (game_id) VALUES (?)")
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
    if fresh.rows_affected() == 0 {
        return Ok(());
    }
    let guild: i64 = game.try_get("guild_id")?;
    let kind: String = game.try_get("kind")?;
    let season: Option<i64> = game.try_get("season_id")?;
    let at: i64 = game.try_get("finished_at")?;
    let placings = placings_of(tx, game_id).await?;
    for scope in std::iter::once(0).chain(season) {
        let mut before = HashMap::new();
        for p in &placings {
            let row = sqlx::query(
                "SELECT mu, sigma FROM rating WHERE guild_id = ? AND kind = ? AND season_id = ? AND user_id = ?",
            )
            .bind(guild)
            .bind(&kind)
            .bind(scope)
            .bind(p.user as i64)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(row) = row {
                before.insert(
                    p.user,
                    Rating {
                        mu: row.try_get("mu")?,
                        sigma: row.try_get("sigma")?,
                    },
                );
            }
        }
        for (user, r) in rate(&before, &placings) {
            let won = placings.iter().any(|p| p.user == user && p.rank == 1);
            sqlx::query(
                "INSERT INTO rating (guild_id, kind, season_id, user_id, mu, sigma, games, wins)
                 VALUES (?, ?, ?, ?, ?, ?, 1, ?)
                 ON CONFLICT (guild_id, kind, season_id, user_id) DO UPDATE SET
                     mu = excluded.mu, sigma = excluded.sigma,
                     games = games + 1, wins = wins + excluded.wins",
            )
            .bind(guild)
            .bind(&kind)
            .bind(scope)
            .bind(user as i64)
            .bind(r.mu)
            .bind(r.sigma)
            .bind(i64::from(won))
            .execute(&mut *tx)
            .await?;
            if scope == 0 {
                sqlx::query(
                    "INSERT OR REPLACE INTO rating_history (game_id, user_id, mu, sigma, at)
                     VALUES (?, ?, ?, ?, ?)",
                )
                .bind(game_id)
                .bind(user as i64)
                .bind(r.mu)
                .bind(r.sigma)
                .bind(at)
                .execute(&mut *tx)
                .await?;
            }
        }
    }
    Ok(())
}

async fn placings_of(
    tx: &mut SqliteConnection,
    game_id: GameId,
) -> Result<Vec<Placing>, StoreError> {
    let rows =
        sqlx::query("SELECT user_id, team, rank FROM result WHERE game_id = ? ORDER BY seat")
            .bind(game_id)
            .fetch_all(&mut *tx)
            .await?;
    rows.iter().map(placing).collect()
}

fn placing(r: &SqliteRow) -> Result<Placing, StoreError> {
    Ok(Placing {
        user: r.try_get::<i64, _>("user_id")? as u64,
        team: seat_number(r.try_get("team")?)?,
        rank: seat_number(r.try_get("rank")?)?,
    })
}

fn deadline_row(r: &SqliteRow) -> Result<DeadlineRow, StoreError> {
    Ok(DeadlineRow {
        game_id: r.try_get("game_id")?,
        seat: seat_number(r.try_get("seat")?)?,
        user_id: r.try_get::<i64, _>("user_id")? as u64,
        began_at: r.try_get("began_at")?,
        due_at: r.try_get("due_at")?,
        warned: seat_number(r.try_get("warned")?)?,
        phase: Phase::parse(&r.try_get::<String, _>("phase")?)?,
        check_at: r.try_get("check_at")?,
        channel_id: r.try_get::<i64, _>("channel_id")? as u64,
        guild_id: r.try_get::<Option<i64>, _>("guild_id")?.map(|g| g as u64),
        hours: r.try_get::<i64, _>("deadline_hours")?.clamp(0, 10_000) as u32,
        policy: Policy::parse(&r.try_get::<String, _>("deadline_policy")?)?,
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
        let rows = sqlx::query(DUE_DEADLINES)
            .bind(now)
            .bind(limit as i64)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(deadline_row).collect()
    }

    /// Applies a finished game's stored result to the ratings again (a repair after a
    /// crash, or a test): a result already applied changes nothing.
    pub async fn reapply_ratings(&self, game_id: GameId) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        apply_ratings(&mut tx, game_id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The plan SQLite uses for the sweep's query (reported by the bench).
    pub async fn due_deadlines_plan(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(&format!("EXPLAIN QUERY PLAN {DUE_DEADLINES}"))
            .bind(0_i64)
            .bind(1_i64)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<String, _>("detail")?))
            .collect()
    }

    /// A game's running deadline.
    pub async fn deadline(&self, game_id: GameId) -> Result<Option<DeadlineRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {DEADLINE_COLUMNS} FROM deadline d JOIN game g ON g.game_id = d.game_id WHERE d.game_id = ?"
        ))
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(deadline_row).transpose()
    }

    /// Moves a deadline on (a warning sent, a vote opened, a seat opened), with the
    /// messages that say so, if it is still the deadline `began_at` started; false if the
    /// turn moved on meanwhile (nothing written).
    pub async fn step_deadline(
        &self,
        game_id: GameId,
        began_at: i64,
        warned: u8,
        phase: Phase,
        check_at: i64,
        deliveries: &[NewDelivery],
    ) -> Result<bool, StoreError> {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        let r = sqlx::query(
            "UPDATE deadline SET warned = ?, phase = ?, check_at = ? WHERE game_id = ? AND began_at = ?",
        )
        .bind(i64::from(warned))
        .bind(phase.as_str())
        .bind(check_at)
        .bind(game_id)
        .bind(began_at)
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() != 1 {
            return Ok(false);
        }
        if phase == Phase::Running {
            sqlx::query("DELETE FROM replace_vote WHERE game_id = ?")
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
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        let hours: i64 = sqlx::query_scalar("SELECT deadline_hours FROM game WHERE game_id = ?")
            .bind(game_id)
            .fetch_one(&mut *tx)
            .await?;
        let due = now + hours * HOUR_MS;
        let r = sqlx::query(
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
        sqlx::query("DELETE FROM replace_vote WHERE game_id = ?")
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
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        sqlx::query(
            "INSERT OR REPLACE INTO replace_vote (game_id, voter_id, replace) VALUES (?, ?, ?)",
        )
        .bind(game_id)
        .bind(voter as i64)
        .bind(replace)
        .execute(&mut *tx)
        .await?;
        let votes: Vec<i64> =
            sqlx::query_scalar("SELECT replace FROM replace_vote WHERE game_id = ?")
                .bind(game_id)
                .fetch_all(&mut *tx)
                .await?;
        tx.commit().await?;
        let yes = votes.iter().filter(|v| **v != 0).count();
        Ok((yes, votes.len() - yes))
    }

    /// When the user's vacation ends, if they are on one at `now`.
    pub async fn vacation_until(&self, user: UserId, now: i64) -> Result<Option<i64>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        vacation_until_in(&mut conn, user, now).await
    }

    /// Vacation days the user has taken on a server in a season (`None`: outside seasons).
    pub async fn vacation_days_used(
        &self,
        user: UserId,
        guild: u64,
        season: Option<i64>,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT COALESCE(SUM(days), 0) FROM vacation
             WHERE user_id = ? AND guild_id = ? AND season_id IS ?",
        )
        .bind(user as i64)
        .bind(guild as i64)
        .bind(season)
        .fetch_one(&self.pool)
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
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        let starts = vacation_until_in(&mut tx, user, now).await?.unwrap_or(now);
        let ends = starts + i64::from(days) * 24 * HOUR_MS;
        sqlx::query(
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
        let rows = sqlx::query(
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
            sqlx::query("UPDATE deadline SET due_at = ?, check_at = ? WHERE game_id = ?")
                .bind(paused_due)
                .bind(next_check(paused_due, hours, warned).max(ends))
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(ends)
    }

    /// Whether games that start with AI seats may be rated on this server (default no).
    pub async fn guild_ai_rated(&self, guild: u64) -> Result<bool, StoreError> {
        let rated: Option<i64> =
            sqlx::query_scalar("SELECT ai_rated FROM guild_setting WHERE guild_id = ?")
                .bind(guild as i64)
                .fetch_optional(&self.pool)
                .await?;
        Ok(rated.unwrap_or(0) != 0)
    }

    /// Sets [`Store::guild_ai_rated`].
    pub async fn set_guild_ai_rated(&self, guild: u64, rated: bool) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_setting (guild_id, ai_rated) VALUES (?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET ai_rated = excluded.ai_rated",
        )
        .bind(guild as i64)
        .bind(rated)
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    /// A server's defaults for `/new` and its vacation allowance per season (days).
    pub async fn guild_terms(&self, guild: u64) -> Result<(Terms, u32), StoreError> {
        let row = sqlx::query(
            "SELECT deadline_hours, deadline_policy, rated, vacation_days FROM guild_setting WHERE guild_id = ?",
        )
        .bind(guild as i64)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else {
            return Ok((
                Terms {
                    rated: true,
                    ..Terms::default()
                },
                14,
            ));
        };
        Ok((
            Terms {
                deadline_hours: r.try_get::<i64, _>("deadline_hours")?.clamp(0, 10_000) as u32,
                policy: Policy::parse(&r.try_get::<String, _>("deadline_policy")?)?,
                rated: r.try_get::<i64, _>("rated")? != 0,
            },
            r.try_get::<i64, _>("vacation_days")?.clamp(0, 366) as u32,
        ))
    }

    /// Sets a server's defaults and vacation allowance.
    pub async fn set_guild_terms(
        &self,
        guild: u64,
        terms: Terms,
        vacation_days: u32,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_setting (guild_id, deadline_hours, deadline_policy, rated, vacation_days)
             VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET deadline_hours = excluded.deadline_hours,
                 deadline_policy = excluded.deadline_policy, rated = excluded.rated,
                 vacation_days = excluded.vacation_days",
        )
        .bind(guild as i64)
        .bind(i64::from(terms.deadline_hours))
        .bind(terms.policy.as_str())
        .bind(terms.rated)
        .bind(i64::from(vacation_days))
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    /// A server's running season.
    pub async fn open_season(&self, guild: u64) -> Result<Option<Season>, StoreError> {
        let row = sqlx::query("SELECT * FROM season WHERE guild_id = ? AND closed_at IS NULL")
            .bind(guild as i64)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(season_row).transpose()
    }

    /// A server's seasons, newest first.
    pub async fn seasons(&self, guild: u64) -> Result<Vec<Season>, StoreError> {
        let rows = sqlx::query("SELECT * FROM season WHERE guild_id = ? ORDER BY season_id DESC")
            .bind(guild as i64)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(season_row).collect()
    }

    /// Starts a season; `None` if one is running.
    pub async fn start_season(&self, guild: u64, name: &str) -> Result<Option<i64>, StoreError> {
        let r = sqlx::query("INSERT INTO season (guild_id, name, started_at) VALUES (?, ?, ?)")
            .bind(guild as i64)
            .bind(name)
            .bind(self.now())
            .execute(&self.writer)
            .await;
        match r {
            Ok(r) => Ok(Some(r.last_insert_rowid())),
            Err(e) if super::is_unique_violation(&e) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Closes the running season; the closed season, if one was running.
    pub async fn close_season(&self, guild: u64) -> Result<Option<Season>, StoreError> {
        let Some(open) = self.open_season(guild).await? else {
            return Ok(None);
        };
        let now = self.now();
        sqlx::query("UPDATE season SET closed_at = ? WHERE season_id = ? AND closed_at IS NULL")
            .bind(now)
            .bind(open.season_id)
            .execute(&self.writer)
            .await?;
        Ok(Some(Season {
            closed_at: Some(now),
            ..open
        }))
    }

    /// The top of a server's ratings in one game, for a season or all-time (`None`).
    pub async fn leaderboard(
        &self,
        guild: u64,
        kind: &str,
        season: Option<i64>,
        limit: usize,
    ) -> Result<Vec<RankedPlayer>, StoreError> {
        let rows = sqlx::query(
            "SELECT r.user_id, r.mu, r.sigma, r.games, r.wins,
                    (SELECT name FROM seat WHERE seat.user_id = r.user_id ORDER BY game_id DESC LIMIT 1) AS name
             FROM rating r WHERE r.guild_id = ? AND r.kind = ? AND r.season_id = ?
             ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id LIMIT ?",
        )
        .bind(guild as i64)
        .bind(kind)
        .bind(season.unwrap_or(0))
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(RankedPlayer {
                    user_id: r.try_get::<i64, _>("user_id")? as u64,
                    name: r
                        .try_get::<Option<String>, _>("name")?
                        .unwrap_or_else(|| "?".into()),
                    rating: Rating {
                        mu: r.try_get("mu")?,
                        sigma: r.try_get("sigma")?,
                    },
                    games: r.try_get("games")?,
                    wins: r.try_get("wins")?,
                })
            })
            .collect()
    }

    /// Every rating of a server (all scopes), sorted, for comparing two computations.
    pub async fn all_ratings(
        &self,
        guild: u64,
    ) -> Result<Vec<(String, i64, UserId, f64, f64, i64, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT kind, season_id, user_id, mu, sigma, games, wins FROM rating
             WHERE guild_id = ? ORDER BY kind, season_id, user_id",
        )
        .bind(guild as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("kind")?,
                    r.try_get("season_id")?,
                    r.try_get::<i64, _>("user_id")? as u64,
                    r.try_get("mu")?,
                    r.try_get("sigma")?,
                    r.try_get("games")?,
                    r.try_get("wins")?,
                ))
            })
            .collect()
    }

    /// Recomputes every rating of a server from its stored results, in the order the games
    /// finished, in one transaction; returns the games applied. The ratings it leaves are
    /// the ones the games' own commits left.
    pub async fn recompute_ratings(&self, guild: u64) -> Result<usize, StoreError> {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        let g = guild as i64;
        for sql in [
            "DELETE FROM rating WHERE guild_id = ?",
            "DELETE FROM rating_history WHERE game_id IN (SELECT game_id FROM game WHERE guild_id = ?)",
            "DELETE FROM rating_applied WHERE game_id IN (SELECT game_id FROM game WHERE guild_id = ?)",
        ] {
            sqlx::query(sql).bind(g).execute(&mut *tx).await?;
        }
        let rows = sqlx::query(
            "SELECT game.game_id, game.kind, game.season_id, game.finished_at, r.user_id, r.team, r.rank
             FROM game JOIN result r ON r.game_id = game.game_id
             WHERE game.guild_id = ? AND game.rated = 1 AND game.finished_at IS NOT NULL
             ORDER BY game.finished_at, game.game_id, r.seat",
        )
        .bind(g)
        .fetch_all(&mut *tx)
        .await?;
        // Group the rows by game, in order.
        /// A rated game's placings: (game, kind, season, finished at, placings).
        type RatedGame = (GameId, String, Option<i64>, i64, Vec<Placing>);
        let mut games: Vec<RatedGame> = Vec::new();
        for r in &rows {
            let id: GameId = r.try_get("game_id")?;
            if games.last().is_none_or(|g| g.0 != id) {
                games.push((
                    id,
                    r.try_get("kind")?,
                    r.try_get("season_id")?,
                    r.try_get("finished_at")?,
                    Vec::new(),
                ));
            }
            if let Some(last) = games.last_mut() {
                last.4.push(placing(r)?);
            }
        }
        type Key = (String, i64, UserId);
        let mut ratings: HashMap<Key, (Rating, i64, i64)> = HashMap::new();
        let mut history = super::Batch::default();
        let mut applied = super::Batch::default();
        for (id, kind, season, at, placings) in &games {
            applied
                .sql
                .push_str("INSERT INTO rating_applied (game_id) VALUES (?);");
            applied.add(*id)?;
            for scope in std::iter::once(0).chain(*season) {
                let before: HashMap<UserId, Rating> = placings
                    .iter()
                    .filter_map(|p| {
                        ratings
                            .get(&(kind.clone(), scope, p.user))
                            .map(|r| (p.user, r.0))
                    })
                    .collect();
                for (user, r) in rate(&before, placings) {
                    let won = placings.iter().any(|p| p.user == user && p.rank == 1);
                    let entry = ratings
                        .entry((kind.clone(), scope, user))
                        .or_insert((r, 0, 0));
                    entry.0 = r;
                    entry.1 += 1;
                    entry.2 += i64::from(won);
                    if scope == 0 {
                        history.sql.push_str(
                            "INSERT INTO rating_history (game_id, user_id, mu, sigma, at) VALUES (?, ?, ?, ?, ?);",
                        );
                        history.add(*id)?;
                        history.add(user as i64)?;
                        history.add(r.mu)?;
                        history.add(r.sigma)?;
                        history.add(*at)?;
                    }
                }
            }
        }
        applied.execute(&mut tx).await?;
        history.execute(&mut tx).await?;
        let mut batch = super::Batch::default();
        for ((kind, scope, user), (r, games_played, wins)) in &ratings {
            batch.sql.push_str(
                "INSERT INTO rating (guild_id, kind, season_id, user_id, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?, ?);",
            );
            batch.add(g)?;
            batch.add(kind.clone())?;
            batch.add(*scope)?;
            batch.add(*user as i64)?;
            batch.add(r.mu)?;
            batch.add(r.sigma)?;
            batch.add(*games_played)?;
            batch.add(*wins)?;
        }
        batch.execute(&mut tx).await?;
        tx.commit().await?;
        Ok(games.len())
    }

    /// A player's record per game on a server.
    pub async fn profile(&self, guild: u64, user: UserId) -> Result<Vec<ProfileStats>, StoreError> {
        let rows = sqlx::query(
            "SELECT game.kind, COUNT(*) AS games, SUM(r.rank = 1) AS wins, AVG(r.score) AS average,
                    rt.mu, rt.sigma
             FROM result r JOIN game ON game.game_id = r.game_id
             LEFT JOIN rating rt ON rt.guild_id = game.guild_id AND rt.kind = game.kind
                  AND rt.season_id = 0 AND rt.user_id = r.user_id
             WHERE game.guild_id = ? AND r.user_id = ?
             GROUP BY game.kind ORDER BY game.kind",
        )
        .bind(guild as i64)
        .bind(user as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let mu: Option<f64> = r.try_get("mu")?;
                let sigma: Option<f64> = r.try_get("sigma")?;
                Ok(ProfileStats {
                    kind: r.try_get("kind")?,
                    games: r.try_get("games")?,
                    wins: r.try_get::<Option<i64>, _>("wins")?.unwrap_or(0),
                    average_score: r.try_get("average")?,
                    rating: mu.zip(sigma).map(|(mu, sigma)| Rating { mu, sigma }),
                })
            })
            .collect()
    }

    /// A player's all-time rating after each rated game of one kind on a server, oldest
    /// first: (when, rating).
    pub async fn rating_history(
        &self,
        guild: u64,
        kind: &str,
        user: UserId,
    ) -> Result<Vec<(i64, Rating)>, StoreError> {
        let rows = sqlx::query(
            "SELECT h.at, h.mu, h.sigma FROM rating_history h JOIN game ON game.game_id = h.game_id
             WHERE game.guild_id = ? AND game.kind = ? AND h.user_id = ?
             ORDER BY h.at, h.game_id",
        )
        .bind(guild as i64)
        .bind(kind)
        .bind(user as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("at")?,
                    Rating {
                        mu: r.try_get("mu")?,
                        sigma: r.try_get("sigma")?,
                    },
                ))
            })
            .collect()
    }

    /// A server's finished games, newest first.
    pub async fn history(&self, guild: u64, limit: usize) -> Result<Vec<HistoryGame>, StoreError> {
        let games = sqlx::query(
            "SELECT game_id, kind, channel_id, finished_at, turn_message_id, rated FROM game
             WHERE guild_id = ? AND finished_at IS NOT NULL
             ORDER BY finished_at DESC, game_id DESC LIMIT ?",
        )
        .bind(guild as i64)
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for g in games {
            let game_id: GameId = g.try_get("game_id")?;
            let results = sqlx::query(
                "SELECT seat.name, r.score, r.rank, r.resigned FROM result r
                 JOIN seat ON seat.game_id = r.game_id AND seat.seat = r.seat
                 WHERE r.game_id = ? ORDER BY r.rank, r.seat",
            )
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| {
                Ok((
                    r.try_get("name")?,
                    r.try_get("score")?,
                    seat_number(r.try_get("rank")?)?,
                    r.try_get::<i64, _>("resigned")? != 0,
                ))
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
            out.push(HistoryGame {
                game_id,
                kind: g.try_get("kind")?,
                channel_id: g.try_get::<i64, _>("channel_id")? as u64,
                finished_at: g.try_get("finished_at")?,
                turn_message_id: g
                    .try_get::<Option<i64>, _>("turn_message_id")?
                    .map(|m| m as u64),
                rated: g.try_get::<i64, _>("rated")? != 0,
                results,
            });
        }
        Ok(out)
    }

    /// Every stored entry of a game's log with its time, in order.
    pub async fn record_actions(&self, game_id: GameId) -> Result<Vec<RecordAction>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, seat, notation, reveals, log, checksum, created_at FROM action
             WHERE game_id = ? ORDER BY seq",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                // Read like the table reads the log (a damaged row as well as it reads: a
                // `void` entry after it says it was set aside).
                let a = super::action_row(game_id, r)?;
                let at =
                    super::column::Columns::new(r, format!("game {game_id}'s action {}", a.seq))
                        .int("created_at")?;
                Ok(RecordAction {
                    seq: a.seq,
                    seat: a.seat,
                    notation: a.notation,
                    at,
                })
            })
            .collect()
    }

    /// When a game finished, if it did.
    pub async fn finished_at(&self, game_id: GameId) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT finished_at FROM game WHERE game_id = ?")
                .bind(game_id)
                .fetch_optional(&self.pool)
                .await?
                .flatten(),
        )
    }
}

fn season_row(r: &SqliteRow) -> Result<Season, StoreError> {
    Ok(Season {
        season_id: r.try_get("season_id")?,
        name: r.try_get("name")?,
        started_at: r.try_get("started_at")?,
        closed_at: r.try_get("closed_at")?,
    })
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
