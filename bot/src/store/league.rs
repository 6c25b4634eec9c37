//! The league layer of the store: what an action writes besides its game (its deadline,
//! its results, a seat taken over: [`LeagueChange`], written by [`write`] in the action's
//! transaction), server settings, seasons and the actions of a game record. Deadlines are
//! in `deadline.rs`, results and ratings in `results.rs`. Nothing here changes a game's
//! rules or decides a league's: those are [`crate::league`]'s.

use super::{Conn, Row, query, query_scalar};

use super::deadline::{DeadlineChange, policy_column, write_deadline};
use super::results::{FinishedGame, finish};
use super::{GameId, Store, StoreError, UserId};
use crate::league::Terms;
use crate::league::ratings::RatingRule;

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

/// Writes a [`LeagueChange`] in the transaction of the change that causes it; a finished
/// rated game's ratings change by `rule` (none given: they wait for
/// [`Store::reapply_ratings`]).
pub(super) async fn write(
    tx: &mut Conn,
    game_id: GameId,
    change: &LeagueChange,
    now: i64,
    rule: Option<RatingRule>,
) -> Result<(), StoreError> {
    if let Some((seat, user, name)) = &change.seat_taken {
        query("UPDATE seat SET user_id = ?, name = ?, resigned = 0 WHERE game_id = ? AND seat = ?")
            .bind(*user as i64)
            .bind(name)
            .bind(game_id)
            .bind(i64::from(*seat))
            .execute(&mut *tx)
            .await?;
    }
    write_deadline(tx, game_id, &change.deadline, now).await?;
    if let Some(finished) = &change.finished {
        finish(tx, game_id, finished, now, rule).await?;
    }
    Ok(())
}

impl Store {
    /// Whether games that start with AI seats may be rated on this server (default no).
    pub async fn guild_ai_rated(&self, guild: u64) -> Result<bool, StoreError> {
        let rated: Option<i64> =
            query_scalar("SELECT ai_rated FROM guild_setting WHERE guild_id = ?")
                .bind(guild as i64)
                .fetch_optional(self.read())
                .await?;
        Ok(rated.unwrap_or(0) != 0)
    }

    /// Sets [`Store::guild_ai_rated`].
    pub async fn set_guild_ai_rated(&self, guild: u64, rated: bool) -> Result<(), StoreError> {
        query(
            "INSERT INTO guild_setting (guild_id, ai_rated) VALUES (?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET ai_rated = excluded.ai_rated",
        )
        .bind(guild as i64)
        .bind(rated)
        .execute(self.write())
        .await?;
        Ok(())
    }

    /// A server's defaults for `/new` and its vacation allowance per season (days).
    pub async fn guild_terms(&self, guild: u64) -> Result<(Terms, u32), StoreError> {
        let row = query(
            "SELECT deadline_hours, deadline_policy, rated, vacation_days FROM guild_setting WHERE guild_id = ?",
        )
        .bind(guild as i64)
        .fetch_optional(self.read())
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
                policy: policy_column(&r.try_get::<String, _>("deadline_policy")?)?,
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
        query(
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
        .execute(self.write())
        .await?;
        Ok(())
    }

    /// A server's running season.
    pub async fn open_season(&self, guild: u64) -> Result<Option<Season>, StoreError> {
        let row = query("SELECT * FROM season WHERE guild_id = ? AND closed_at IS NULL")
            .bind(guild as i64)
            .fetch_optional(self.read())
            .await?;
        row.as_ref().map(season_row).transpose()
    }

    /// A server's seasons, newest first.
    pub async fn seasons(&self, guild: u64) -> Result<Vec<Season>, StoreError> {
        let rows = query("SELECT * FROM season WHERE guild_id = ? ORDER BY season_id DESC")
            .bind(guild as i64)
            .fetch_all(self.read())
            .await?;
        rows.iter().map(season_row).collect()
    }

    /// Starts a season; `None` if one is running.
    pub async fn start_season(&self, guild: u64, name: &str) -> Result<Option<i64>, StoreError> {
        let r = query_scalar(
            "INSERT INTO season (guild_id, name, started_at) VALUES (?, ?, ?) RETURNING season_id",
        )
        .bind(guild as i64)
        .bind(name)
        .bind(self.now())
        .fetch_one(self.write())
        .await;
        match r {
            Ok(id) => Ok(Some(id)),
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
        query("UPDATE season SET closed_at = ? WHERE season_id = ? AND closed_at IS NULL")
            .bind(now)
            .bind(open.season_id)
            .execute(self.write())
            .await?;
        Ok(Some(Season {
            closed_at: Some(now),
            ..open
        }))
    }

    /// Every stored entry of a game's log with its time, in order.
    pub async fn record_actions(&self, game_id: GameId) -> Result<Vec<RecordAction>, StoreError> {
        let rows = query(
            "SELECT seq, seat, notation, reveals, log, checksum, created_at FROM action
             WHERE game_id = ? ORDER BY seq",
        )
        .bind(game_id)
        .fetch_all(self.read())
        .await?;
        rows.iter()
            .map(|r| {
                // Read like the table reads the log (a damaged row as well as it reads: a
                // `void` entry after it says it was set aside).
                let a = super::action_log::action_row(game_id, r)?;
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
}

fn season_row(r: &Row) -> Result<Season, StoreError> {
    Ok(Season {
        season_id: r.try_get("season_id")?,
        name: r.try_get("name")?,
        started_at: r.try_get("started_at")?,
        closed_at: r.try_get("closed_at")?,
    })
}
