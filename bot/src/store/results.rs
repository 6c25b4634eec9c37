//! Results and ratings in the store: a finished game's results, written in the transaction
//! that ends it, the ratings they move (by the rule the store is given, [`RatingRule`]:
//! the store reads the ratings before and writes the ones after, it computes none),
//! leaderboards, profiles, rating histories and `/history`.

use std::collections::HashMap;

use super::{Conn, Row, query, query_scalar, query2};

use super::{GameId, Store, StoreError, UserId, seat_number};
use crate::league::ratings::{Placing, Rating, RatingRule};

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

/// Stores a finished game's results, and applies them to the ratings by `rule` if it is
/// rated.
pub(super) async fn finish(
    tx: &mut Conn,
    game_id: GameId,
    finished: &FinishedGame,
    now: i64,
    rule: Option<RatingRule>,
) -> Result<(), StoreError> {
    query(
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
        query(
            "INSERT INTO result (game_id, seat, user_id, team, rank, score, resigned)
             VALUES (?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id,
                 team = excluded.team, rank = excluded.rank, score = excluded.score,
                 resigned = excluded.resigned",
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
    match rule {
        Some(rule) => apply_ratings(tx, game_id, rule).await,
        None => Ok(()),
    }
}

/// Applies a stored result to the ratings of its server, all-time and in its season, if
/// the game is rated and not applied yet (applying twice changes nothing). The new ratings
/// are `rule`'s: the store reads the ones before and writes the ones after.
async fn apply_ratings(tx: &mut Conn, game_id: GameId, rule: RatingRule) -> Result<(), StoreError> {
    let Some(game) = query(
        "SELECT guild_id, kind, season_id, finished_at FROM game
         WHERE game_id = ? AND rated = 1 AND guild_id IS NOT NULL AND finished_at IS NOT NULL",
    )
    .bind(game_id)
    .fetch_optional(&mut *tx)
    .await?
    else {
        return Ok(());
    };
    let fresh = query("INSERT INTO rating_applied (game_id) VALUES (?) ON CONFLICT DO NOTHING")
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
            let row = query(
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
        for (user, r) in rule(&before, &placings) {
            let won = placings.iter().any(|p| p.user == user && p.rank == 1);
            query(
                "INSERT INTO rating (guild_id, kind, season_id, user_id, mu, sigma, games, wins)
                 VALUES (?, ?, ?, ?, ?, ?, 1, ?)
                 ON CONFLICT (guild_id, kind, season_id, user_id) DO UPDATE SET
                     mu = excluded.mu, sigma = excluded.sigma,
                     games = rating.games + 1, wins = rating.wins + excluded.wins",
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
                query(
                    "INSERT INTO rating_history (game_id, user_id, mu, sigma, at)
                     VALUES (?, ?, ?, ?, ?)
                     ON CONFLICT (game_id, user_id) DO UPDATE SET mu = excluded.mu,
                         sigma = excluded.sigma, at = excluded.at",
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

async fn placings_of(tx: &mut Conn, game_id: GameId) -> Result<Vec<Placing>, StoreError> {
    let rows = query("SELECT user_id, team, rank FROM result WHERE game_id = ? ORDER BY seat")
        .bind(game_id)
        .fetch_all(&mut *tx)
        .await?;
    rows.iter().map(placing).collect()
}

fn placing(r: &Row) -> Result<Placing, StoreError> {
    Ok(Placing {
        user: r.try_get::<i64, _>("user_id")? as u64,
        team: seat_number(r.try_get("team")?)?,
        rank: seat_number(r.try_get("rank")?)?,
    })
}

impl Store {
    /// Applies a finished game's stored result to the ratings again (a repair after a
    /// crash, or a test): a result already applied changes nothing.
    pub async fn reapply_ratings(&self, game_id: GameId) -> Result<(), StoreError> {
        let rule = self.required_rating_rule()?;
        let mut tx = self.db.begin().await?;
        apply_ratings(&mut tx, game_id, rule).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The top of a server's ratings in one game, for a season or all-time (`None`).
    pub async fn leaderboard(
        &self,
        guild: u64,
        kind: &str,
        season: Option<i64>,
        limit: usize,
    ) -> Result<Vec<RankedPlayer>, StoreError> {
        let rows = query(
            "SELECT r.user_id, r.mu, r.sigma, r.games, r.wins,
                    (SELECT name FROM seat WHERE seat.user_id = r.user_id ORDER BY game_id DESC LIMIT 1) AS name
             FROM rating r WHERE r.guild_id = ? AND r.kind = ? AND r.season_id = ?
             ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id LIMIT ?",
        )
        .bind(guild as i64)
        .bind(kind)
        .bind(season.unwrap_or(0))
        .bind(limit as i64)
        .fetch_all(self.read())
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
        let rows = query(
            "SELECT kind, season_id, user_id, mu, sigma, games, wins FROM rating
             WHERE guild_id = ? ORDER BY kind, season_id, user_id",
        )
        .bind(guild as i64)
        .fetch_all(self.read())
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
        let rule = self.required_rating_rule()?;
        let mut tx = self.db.begin().await?;
        let g = guild as i64;
        for sql in [
            "DELETE FROM rating WHERE guild_id = ?",
            "DELETE FROM rating_history WHERE game_id IN (SELECT game_id FROM game WHERE guild_id = ?)",
            "DELETE FROM rating_applied WHERE game_id IN (SELECT game_id FROM game WHERE guild_id = ?)",
        ] {
            query(sql).bind(g).execute(&mut *tx).await?;
        }
        let rows = query(
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
            applied.push("INSERT INTO rating_applied (game_id) VALUES (?);");
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
                for (user, r) in rule(&before, placings) {
                    let won = placings.iter().any(|p| p.user == user && p.rank == 1);
                    let entry = ratings
                        .entry((kind.clone(), scope, user))
                        .or_insert((r, 0, 0));
                    entry.0 = r;
                    entry.1 += 1;
                    entry.2 += i64::from(won);
                    if scope == 0 {
                        history.push(
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
            batch.push(
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
        // (PostgreSQL sums and averages integers as NUMERIC: read as BIGINT and DOUBLE.)
        let rows = query2(
            "SELECT game.kind, COUNT(*) AS games, SUM(r.rank = 1) AS wins, AVG(r.score) AS average,
                    rt.mu, rt.sigma
             FROM result r JOIN game ON game.game_id = r.game_id
             LEFT JOIN rating rt ON rt.guild_id = game.guild_id AND rt.kind = game.kind
                  AND rt.season_id = 0 AND rt.user_id = r.user_id
             WHERE game.guild_id = ? AND r.user_id = ?
             GROUP BY game.kind ORDER BY game.kind",
            "SELECT game.kind, COUNT(*) AS games,
                    CAST(SUM(CASE WHEN r.rank = 1 THEN 1 ELSE 0 END) AS BIGINT) AS wins,
                    CAST(AVG(r.score) AS DOUBLE PRECISION) AS average,
                    MAX(rt.mu) AS mu, MAX(rt.sigma) AS sigma
             FROM result r JOIN game ON game.game_id = r.game_id
             LEFT JOIN rating rt ON rt.guild_id = game.guild_id AND rt.kind = game.kind
                  AND rt.season_id = 0 AND rt.user_id = r.user_id
             WHERE game.guild_id = ? AND r.user_id = ?
             GROUP BY game.kind ORDER BY game.kind",
        )
        .bind(guild as i64)
        .bind(user as i64)
        .fetch_all(self.read())
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
        let rows = query(
            "SELECT h.at, h.mu, h.sigma FROM rating_history h JOIN game ON game.game_id = h.game_id
             WHERE game.guild_id = ? AND game.kind = ? AND h.user_id = ?
             ORDER BY h.at, h.game_id",
        )
        .bind(guild as i64)
        .bind(kind)
        .bind(user as i64)
        .fetch_all(self.read())
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
        self.history_from(guild, 0, limit).await
    }

    /// A server's finished games, newest first, after skipping `skip` (a page of them).
    pub async fn history_from(
        &self,
        guild: u64,
        skip: usize,
        limit: usize,
    ) -> Result<Vec<HistoryGame>, StoreError> {
        let games = query(
            "SELECT game_id, kind, channel_id, finished_at, turn_message_id, rated FROM game
             WHERE guild_id = ? AND finished_at IS NOT NULL
             ORDER BY finished_at DESC, game_id DESC LIMIT ? OFFSET ?",
        )
        .bind(guild as i64)
        .bind(limit as i64)
        .bind(skip as i64)
        .fetch_all(self.read())
        .await?;
        let mut out = Vec::new();
        for g in games {
            let game_id: GameId = g.try_get("game_id")?;
            let results = query(
                "SELECT seat.name, r.score, r.rank, r.resigned FROM result r
                 JOIN seat ON seat.game_id = r.game_id AND seat.seat = r.seat
                 WHERE r.game_id = ? ORDER BY r.rank, r.seat",
            )
            .bind(game_id)
            .fetch_all(self.read())
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

    /// When a game finished, if it did.
    pub async fn finished_at(&self, game_id: GameId) -> Result<Option<i64>, StoreError> {
        Ok(
            query_scalar("SELECT finished_at FROM game WHERE game_id = ?")
                .bind(game_id)
                .fetch_optional(self.read())
                .await?
                .flatten(),
        )
    }
}
