//! The persistent store: games, seats, the append-only action log and state snapshots in
//! SQLite (WAL mode) or PostgreSQL (`TURNPOST_DATABASE=postgres://…`, issue 31), through sqlx
//! with queries checked at run time by the tests (on both backends: `db.rs` says how one
//! query text serves both).
//!
//! Writes that depend on what was read go through `BEGIN IMMEDIATE` transactions (on
//! PostgreSQL, transactions that take one advisory lock first), so two writers never both
//! read and then fail to write (`database is locked`); the game's `version` column is checked
//! in the same transaction, so a stale writer loses cleanly.
//!
//! Why this file is long (855 lines): it holds the writes of the game log (games, seats,
//! actions, snapshots), one family of version-checked transactions that also queue the
//! outbox rows, and reading them side by side is how they stay consistent. Reading the log
//! back is in `action_log.rs`, the outbox's own queries in `outbox.rs`, the league's rows in
//! `league.rs`, `deadline.rs` and `results.rs`, user and channel settings in `settings.rs`.
//! The store keeps what the table decided; the league's rules (terms, ratings) are
//! [`crate::league`]'s.

mod action_log;
mod backup;
mod column;
mod db;
mod deadline;
mod language;
mod league;
mod lease;
mod notice;
mod outbox;
mod rematch;
mod results;
mod settings;
mod web;

/// The rows of the outbox and the ids of games and people are the bot's shared words; the
/// store re-exports them for the callers that read its rows.
pub use crate::delivery::{DeliveryKind, DeliveryRow, NewDelivery};
pub use crate::ids::{GameId, UserId};
/// The league's words the store's rows carry (a game's terms, a deadline's policy and
/// phase), for the callers that read those rows.
pub use crate::league::{Phase, Policy, Terms};
pub use action_log::{ActionRow, Check, Snapshot, action_checksum, state_hash};
pub use backup::{Backup, BackupError, backup, pg_bin};
pub use deadline::{DeadlineChange, DeadlineRow, next_check};
pub use language::LanguageRow;
pub use league::{LeagueChange, RecordAction, Season};
pub use notice::{ChangeNotice, ChangeNotices};
pub use outbox::{Delivered, SENT};
pub use results::{FinishedGame, HistoryGame, ProfileStats, RankedPlayer, ResultRow};
pub use settings::ReminderRow;
pub use web::WebPage;

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::PgPoolOptions;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use std::sync::Arc;

pub use db::Backend;
pub(crate) use db::{Batch, Conn, On, Pools, Row, query, query_scalar, query_scalar2, query2};

use turnpost_core::Seed;

use crate::clock::Clock;
use crate::league::ratings::RatingRule;

/// What can go wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The channel already has an open game.
    #[error("this channel already has a game")]
    ChannelBusy,
    /// The user already has a seat.
    #[error("you already have a seat in this game")]
    AlreadySeated,
    /// Someone else wrote first.
    #[error("the game changed meanwhile")]
    VersionConflict,
    /// The interaction was already recorded.
    #[error("this interaction was already handled")]
    Duplicate,
    /// The database failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// Migrations failed.
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// Stored data is unreadable.
    #[error("corrupt data: {0}")]
    Corrupt(String),
    /// Ratings were asked of a store that was given no rating rule.
    #[error("no rating rule was given to the store")]
    NoRatingRule,
}

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Seats are being taken.
    Lobby,
    /// Being played.
    Active,
    /// Ended by the rules or by resignations.
    Finished,
    /// Stopped by its creator or a moderator.
    Abandoned,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Active => "active",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
        }
    }

    fn parse(s: &str) -> Result<Status, StoreError> {
        Ok(match s {
            "lobby" => Status::Lobby,
            "active" => Status::Active,
            "finished" => Status::Finished,
            "abandoned" => Status::Abandoned,
            other => return Err(StoreError::Corrupt(format!("unknown status {other}"))),
        })
    }
}

/// A stored game.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Its id.
    pub game_id: GameId,
    /// Which game (`pandoria`).
    pub kind: String,
    /// Options as chosen.
    pub options: Vec<(String, String)>,
    /// The seed (never shown).
    pub seed: Seed,
    /// The server, if any.
    pub guild_id: Option<u64>,
    /// The channel or thread.
    pub channel_id: u64,
    /// Who created it.
    pub creator_id: UserId,
    /// Its status.
    pub status: Status,
    /// Seats allowed.
    pub max_players: usize,
    /// Sequence number of the last action.
    pub version: i64,
    /// The deadline, policy and rating chosen at `/new`.
    pub terms: Terms,
}

/// A stored seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// 0-based seat in turn order.
    pub seat: u8,
    /// The player.
    pub user_id: UserId,
    /// Display name when seated.
    pub name: String,
    /// Whether the player resigned.
    pub resigned: bool,
}

/// What one change of a game writes, in one transaction (see [`Store::append`]).
#[derive(Clone, Copy, Debug)]
pub struct Change<'a> {
    /// The actions, in order.
    pub actions: &'a [NewAction<'a>],
    /// A snapshot of the state after the last action.
    pub snapshot: Option<&'a str>,
    /// A new status (the game ended).
    pub status: Option<Status>,
    /// The posts and DMs the change causes.
    pub deliveries: &'a [NewDelivery],
    /// The league's records: the deadline, results and ratings, a seat taken over.
    pub league: &'a LeagueChange,
}

/// A new game to store.
#[derive(Clone, Debug)]
pub struct NewGame<'a> {
    /// Which game.
    pub kind: &'a str,
    /// Options.
    pub options: &'a [(String, String)],
    /// Seed.
    pub seed: Seed,
    /// Server.
    pub guild_id: Option<u64>,
    /// Channel.
    pub channel_id: u64,
    /// Creator.
    pub creator_id: UserId,
    /// Seats allowed.
    pub max_players: usize,
    /// Deadline, policy, rated.
    pub terms: Terms,
}

/// An action to append.
#[derive(Clone, Debug)]
pub struct NewAction<'a> {
    /// The acting seat.
    pub seat: u8,
    /// Notation.
    pub notation: &'a str,
    /// The interaction that asked for it, to refuse duplicates.
    pub interaction_id: Option<&'a str>,
    /// Whether it showed something new.
    pub reveals: bool,
    /// Its log lines, typed.
    pub log: &'a [turnpost_core::words::Text],
}

pub use crate::clock::now_ms;

/// Writes a snapshot, replacing one at the same place.
const PUT_SNAPSHOT: &str = "INSERT INTO snapshot (game_id, seq, state) VALUES (?, ?, ?)
     ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state";

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

/// A stored seat number; anything outside 0–255 is damage, not seat 0.
fn seat_number(value: i64) -> Result<u8, StoreError> {
    u8::try_from(value).map_err(|_| StoreError::Corrupt(format!("seat {value} is out of range")))
}

/// The store.
#[derive(Clone, Debug)]
pub struct Store {
    /// The backend's pools. On SQLite, a pool for reads and single-statement writes and the
    /// one connection write transactions use: SQLite has one writer at a time anyway;
    /// keeping its transactions on one connection keeps that connection's page cache
    /// current (a connection whose pages another connection changed re-reads them), which
    /// halves a commit's time, and write transactions of this process queue there instead
    /// of on SQLite's busy timeout. On PostgreSQL one pool (see `db.rs` for how its write
    /// transactions keep SQLite's meaning).
    db: Pools,
    /// The time of every change it stores (deadlines, results, the times of actions).
    clock: Arc<dyn Clock>,
    /// How a finished rated game changes its players' ratings: the league's rule, handed
    /// over by the table ([`Store::with_rating_rule`]); the store only reads and writes.
    rating_rule: Option<RatingRule>,
    /// This store's sender id when it tells other processes of each stored action
    /// (PostgreSQL's NOTIFY, `notice.rs`).
    notices: Option<u64>,
    /// This store's id as the holder of leases (`lease.rs`): random, one per opened store.
    holder: i64,
}

impl Store {
    /// Opens the store `TURNPOST_DATABASE` names: a `postgres://` (or `postgresql://`) URL
    /// is a PostgreSQL database, anything else the path of a SQLite file (see
    /// [`Store::open`]). The migrations of its backend are applied.
    pub async fn connect(database: &str) -> Result<Store, StoreError> {
        if database.starts_with("postgres://") || database.starts_with("postgresql://") {
            Store::postgres(database).await
        } else {
            Store::open(Path::new(database)).await
        }
    }

    /// Opens the PostgreSQL database at `url` and applies its migrations
    /// (`migrations/postgres`).
    pub async fn postgres(url: &str) -> Result<Store, StoreError> {
        let pool = PgPoolOptions::new().max_connections(8).connect(url).await?;
        sqlx::migrate!("../migrations/postgres").run(&pool).await?;
        Ok(Store {
            db: Pools::Postgres(pool),
            clock: crate::clock::system(),
            rating_rule: None,
            // Other processes' caches follow this one's changes (`notice.rs`).
            notices: Some(notice::sender_id()),
            holder: notice::sender_id() as i64,
        })
    }

    /// Opens (creating if needed) the SQLite file at `path` in WAL mode and applies the
    /// migrations; a path that is a `postgres://` URL opens that database instead
    /// ([`Store::connect`]), so `TURNPOST_DATABASE` chooses the backend.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(url) = path
            .to_str()
            .filter(|p| p.starts_with("postgres://") || p.starts_with("postgresql://"))
        {
            return Store::postgres(url).await;
        }
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // NORMAL survives a crash of the process; FULL would also survive power loss
            // at ~30% more per commit (see shared NOTES).
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true);
        let pool = Self::pool_options().connect_with(options.clone()).await?;
        sqlx::migrate!("../migrations").run(&pool).await?;
        let writer = Self::pool_options()
            .max_connections(1)
            .connect_with(options)
            .await?;
        Ok(Store {
            db: Pools::Sqlite { pool, writer },
            clock: crate::clock::system(),
            rating_rule: None,
            notices: None,
            holder: notice::sender_id() as i64,
        })
    }

    /// The pool settings of a file store. A connection is not pinged when it is taken from
    /// the pool (sqlx's default): SQLite runs in this process, so a connection cannot go
    /// stale the way a network connection can, and the ping is a round trip to SQLite's
    /// thread on every query (about a fifth of a commit's time).
    pub fn pool_options() -> SqlitePoolOptions {
        SqlitePoolOptions::new()
            .max_connections(8)
            .test_before_acquire(false)
    }

    /// An in-memory store (one connection, so every query sees the same database).
    pub async fn memory() -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?.foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await?;
        sqlx::migrate!("../migrations").run(&pool).await?;
        Ok(Store {
            db: Pools::Sqlite {
                writer: pool.clone(),
                pool,
            },
            clock: crate::clock::system(),
            rating_rule: None,
            notices: None,
            holder: notice::sender_id() as i64,
        })
    }

    /// The same store on another clock (tests run deadlines on a manual clock).
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Store {
        self.clock = clock;
        self
    }

    /// The same store applying `rule` to the ratings of finished rated games.
    pub fn with_rating_rule(mut self, rule: RatingRule) -> Store {
        self.rating_rule = Some(rule);
        self
    }

    /// The rating rule, for the calls that exist only to apply it.
    fn required_rating_rule(&self) -> Result<RatingRule, StoreError> {
        self.rating_rule.ok_or(StoreError::NoRatingRule)
    }

    /// Now, by the store's clock.
    pub fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Closes the pools, waiting for running queries.
    pub async fn close(&self) {
        self.db.close().await;
    }

    /// Which backend the store is on.
    pub fn backend(&self) -> Backend {
        self.db.backend()
    }

    /// Where reads (and single-statement writes that need no order) run.
    pub(crate) fn read(&self) -> On<'_> {
        On::Pool {
            pools: &self.db,
            write: false,
        }
    }

    /// Where single-statement writes run (SQLite's writer connection).
    pub(crate) fn write(&self) -> On<'_> {
        On::Pool {
            pools: &self.db,
            write: true,
        }
    }

    /// Stores a new game with its first seats in one transaction: in the lobby, or already
    /// active when `active` (so a crash never leaves a half-made table behind).
    pub async fn create_game(
        &self,
        new: &NewGame<'_>,
        seats: &[(UserId, String)],
        active: bool,
        deliveries: &[NewDelivery],
        first: Option<LeagueChange>,
    ) -> Result<GameId, StoreError> {
        let now = self.now();
        let mut tx = self.db.begin().await?;
        let game_id = insert_game(&mut tx, new, seats, active, now).await?;
        if let Some(first) = first {
            league::write(&mut tx, game_id, &first, now, self.rating_rule).await?;
        }
        outbox::insert(&mut tx, Some(game_id), deliveries).await?;
        tx.commit().await?;
        Ok(game_id)
    }

    /// A game's row; a damaged value is reported with the game and the column.
    fn game_row(row: &Row) -> Result<GameRow, StoreError> {
        let c = column::Columns::new(row, "a game");
        let game_id = c.int("game_id")?;
        let c = c.named(format!("game {game_id}"));
        let options = c.text("options")?;
        let seed = c.text("seed")?;
        Ok(GameRow {
            game_id,
            kind: c.text("kind")?,
            options: serde_json::from_str(&options)
                .map_err(|e| c.bad("options", format!("are not key=value pairs: {e}")))?,
            seed: Seed::parse(&seed)
                .ok_or_else(|| c.bad("seed", "is not 64 hex digits or a number"))?,
            guild_id: c.opt_int("guild_id")?.map(|g| g as u64),
            channel_id: c.int("channel_id")? as u64,
            creator_id: c.int("creator_id")? as u64,
            status: Status::parse(&c.text("status")?)?,
            max_players: usize::try_from(c.int("max_players")?)
                .map_err(|_| c.bad("max_players", "is negative"))?,
            version: c.int("version")?,
            terms: Terms {
                deadline_hours: c.int("deadline_hours")?.clamp(0, 10_000) as u32,
                policy: deadline::policy_column(&c.text("deadline_policy")?)?,
                rated: c.int("rated")? != 0,
            },
        })
    }

    /// A game by id.
    pub async fn game(&self, game_id: GameId) -> Result<Option<GameRow>, StoreError> {
        let row = query("SELECT * FROM game WHERE game_id = ?")
            .bind(game_id)
            .fetch_optional(self.read())
            .await?;
        row.as_ref().map(Self::game_row).transpose()
    }

    /// A game's version and status.
    pub async fn version(&self, game_id: GameId) -> Result<(i64, Status), StoreError> {
        let row = query("SELECT version, status FROM game WHERE game_id = ?")
            .bind(game_id)
            .fetch_one(self.read())
            .await?;
        let c = column::Columns::new(&row, format!("game {game_id}"));
        Ok((c.int("version")?, Status::parse(&c.text("status")?)?))
    }

    /// The open (lobby or active) game of a channel.
    pub async fn open_game_in(&self, channel_id: u64) -> Result<Option<GameRow>, StoreError> {
        let row =
            query("SELECT * FROM game WHERE channel_id = ? AND status IN ('lobby', 'active')")
                .bind(channel_id as i64)
                .fetch_optional(self.read())
                .await?;
        row.as_ref().map(Self::game_row).transpose()
    }

    /// Running games with a seat whose user id is at least `first_ai_user` (AI seats live in
    /// a range of ids no Discord user has), oldest first: where an AI may have to act.
    pub async fn games_with_ai(&self, first_ai_user: UserId) -> Result<Vec<GameId>, StoreError> {
        let rows = query(
            "SELECT DISTINCT g.game_id FROM seat s JOIN game g ON g.game_id = s.game_id \
             WHERE s.user_id >= ? AND s.resigned = 0 AND g.status = 'active' ORDER BY g.game_id",
        )
        .bind(first_ai_user as i64)
        .fetch_all(self.read())
        .await?;
        Ok(rows.iter().map(|r| r.get::<i64, _>(0)).collect())
    }

    /// The most recent game of a channel, open or not.
    pub async fn latest_game_in(&self, channel_id: u64) -> Result<Option<GameRow>, StoreError> {
        let row = query("SELECT * FROM game WHERE channel_id = ? ORDER BY game_id DESC LIMIT 1")
            .bind(channel_id as i64)
            .fetch_optional(self.read())
            .await?;
        row.as_ref().map(Self::game_row).transpose()
    }

    /// Open games of a server, oldest first.
    pub async fn open_games_in_guild(&self, guild_id: u64) -> Result<Vec<GameRow>, StoreError> {
        let rows = query(
            "SELECT * FROM game WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY game_id",
        )
        .bind(guild_id as i64)
        .fetch_all(self.read())
        .await?;
        rows.iter().map(Self::game_row).collect()
    }

    /// Active games where the user has a seat (not resigned), oldest first.
    pub async fn active_games_of(&self, user_id: UserId) -> Result<Vec<GameRow>, StoreError> {
        let rows = query(
            "SELECT game.* FROM game JOIN seat USING (game_id)
             WHERE seat.user_id = ? AND seat.resigned = 0 AND game.status = 'active'
             ORDER BY game.game_id",
        )
        .bind(user_id as i64)
        .fetch_all(self.read())
        .await?;
        rows.iter().map(Self::game_row).collect()
    }

    /// The seats of a game in seat order.
    pub async fn seats(&self, game_id: GameId) -> Result<Vec<SeatRow>, StoreError> {
        let rows =
            query("SELECT seat, user_id, name, resigned FROM seat WHERE game_id = ? ORDER BY seat")
                .bind(game_id)
                .fetch_all(self.read())
                .await?;
        rows.iter()
            .map(|r| {
                let c = column::Columns::new(r, format!("game {game_id}'s seats"));
                let seat = seat_number(c.int("seat")?)?;
                let c = c.named(format!("game {game_id}'s seat {seat}"));
                Ok(SeatRow {
                    seat,
                    user_id: c.int("user_id")? as u64,
                    // A display name: a damaged one is shown as well as it reads.
                    name: String::from_utf8_lossy(&c.bytes("name")?).into_owned(),
                    resigned: c.int("resigned")? != 0,
                })
            })
            .collect()
    }

    /// Seats a user at the end of a lobby's table; returns the seat, or `None` if full.
    pub async fn add_seat(
        &self,
        game_id: GameId,
        user_id: UserId,
        name: &str,
        deliveries: &[NewDelivery],
    ) -> Result<Option<u8>, StoreError> {
        let mut tx = self.db.begin().await?;
        let max: i64 =
            query_scalar("SELECT max_players FROM game WHERE game_id = ? AND status = 'lobby'")
                .bind(game_id)
                .fetch_optional(&mut *tx)
                .await?
                .ok_or(StoreError::VersionConflict)?;
        let taken: i64 = query_scalar("SELECT COUNT(*) FROM seat WHERE game_id = ?")
            .bind(game_id)
            .fetch_one(&mut *tx)
            .await?;
        if taken >= max {
            return Ok(None);
        }
        let result = query("INSERT INTO seat (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)")
            .bind(game_id)
            .bind(taken)
            .bind(user_id as i64)
            .bind(name)
            .execute(&mut *tx)
            .await;
        match result {
            Ok(_) => {}
            Err(e) if is_unique_violation(&e) => return Err(StoreError::AlreadySeated),
            Err(e) => return Err(e.into()),
        }
        outbox::insert(&mut tx, Some(game_id), deliveries).await?;
        tx.commit().await?;
        Ok(Some(seat_number(taken)?))
    }

    /// Makes a lobby's game rated or unrated (AI seats joined it); false if it is no longer
    /// a lobby.
    pub async fn set_lobby_rated(&self, game_id: GameId, rated: bool) -> Result<bool, StoreError> {
        let done = query("UPDATE game SET rated = ? WHERE game_id = ? AND status = 'lobby'")
            .bind(rated)
            .bind(game_id)
            .execute(self.write())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Removes a user from a lobby (only while it is a lobby, checked in the same
    /// transaction, so a Start racing it never runs a game with the seat missing) and closes
    /// the gap in the seat order. A lobby left empty is closed (`abandoned`).
    pub async fn remove_seat(
        &self,
        game_id: GameId,
        user_id: UserId,
        deliveries: &[NewDelivery],
    ) -> Result<bool, StoreError> {
        let mut tx = self.db.begin().await?;
        let seat: Option<i64> = query_scalar(
            "SELECT seat FROM seat JOIN game USING (game_id)
             WHERE game_id = ? AND user_id = ? AND game.status = 'lobby'",
        )
        .bind(game_id)
        .bind(user_id as i64)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(seat) = seat else {
            return Ok(false);
        };
        query("DELETE FROM seat WHERE game_id = ? AND seat = ?")
            .bind(game_id)
            .bind(seat)
            .execute(&mut *tx)
            .await?;
        // Move later seats down one at a time, in order, so (game, seat) stays unique.
        let later: Vec<i64> =
            query_scalar("SELECT seat FROM seat WHERE game_id = ? AND seat > ? ORDER BY seat")
                .bind(game_id)
                .bind(seat)
                .fetch_all(&mut *tx)
                .await?;
        for s in later {
            query("UPDATE seat SET seat = ? WHERE game_id = ? AND seat = ?")
                .bind(s - 1)
                .bind(game_id)
                .bind(s)
                .execute(&mut *tx)
                .await?;
        }
        query(
            "UPDATE game SET status = 'abandoned', updated_at = ?
             WHERE game_id = ? AND NOT EXISTS (SELECT 1 FROM seat WHERE game_id = ?)",
        )
        .bind(self.now())
        .bind(game_id)
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
        outbox::insert(&mut tx, Some(game_id), deliveries).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Moves a game from one status to another; false if it was not in `from`.
    pub async fn set_status(
        &self,
        game_id: GameId,
        from: Status,
        to: Status,
        deliveries: &[NewDelivery],
    ) -> Result<bool, StoreError> {
        let mut tx = self.db.begin().await?;
        let now = self.now();
        let r =
            query("UPDATE game SET status = ?, updated_at = ? WHERE game_id = ? AND status = ?")
                .bind(to.as_str())
                .bind(now)
                .bind(game_id)
                .bind(from.as_str())
                .execute(&mut *tx)
                .await?;
        if r.rows_affected() != 1 {
            return Ok(false);
        }
        // A game that stops has no deadline any more.
        league::write(
            &mut tx,
            game_id,
            &LeagueChange::clear(),
            now,
            self.rating_rule,
        )
        .await?;
        outbox::insert(&mut tx, Some(game_id), deliveries).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Whether an interaction was already recorded.
    pub async fn seen_interaction(&self, interaction_id: &str) -> Result<bool, StoreError> {
        let found: Option<i64> = query_scalar("SELECT 1 FROM action WHERE interaction_id = ?")
            .bind(interaction_id)
            .fetch_optional(self.read())
            .await?;
        Ok(found.is_some())
    }

    /// Appends actions in one `BEGIN IMMEDIATE` transaction if the game is still at
    /// `version`; returns the new version. Optionally stores a snapshot of the state after
    /// the last action and sets a new status.
    pub async fn append(
        &self,
        game_id: GameId,
        version: i64,
        change: &Change<'_>,
    ) -> Result<i64, StoreError> {
        let Change {
            actions,
            snapshot,
            status,
            deliveries,
            league,
        } = *change;
        let mut tx = self.db.begin().await?;
        let now = self.now();
        let new_version = version + actions.len() as i64;
        let bumped = query(
            "UPDATE game SET version = ?, updated_at = ?, status = COALESCE(?, status)
             WHERE game_id = ? AND version = ? AND status = 'active'",
        )
        .bind(new_version)
        .bind(now)
        .bind(status.map(Status::as_str))
        .bind(game_id)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if bumped.rows_affected() != 1 {
            return Err(StoreError::VersionConflict);
        }
        // Everything else the change writes goes in one batch of statements: one trip to
        // the database instead of one per row (the commit path's cost is mostly trips).
        // They are independent of each other (new rows, the resigning seat, the snapshot of
        // a new version, a notice), so PostgreSQL runs them as one statement.
        let mut batch = Batch::together();
        let last = actions.len().saturating_sub(1);
        for (i, a) in actions.iter().enumerate() {
            let log =
                serde_json::to_string(a.log).map_err(|e| StoreError::Corrupt(e.to_string()))?;
            let hash = snapshot.filter(|_| i == last).map(state_hash);
            let seq = version + 1 + i as i64;
            let checksum = action_checksum(
                game_id,
                seq,
                i64::from(a.seat),
                i64::from(a.reveals),
                a.notation.as_bytes(),
                log.as_bytes(),
            );
            batch.push(
                "INSERT INTO action (game_id, seq, seat, notation, interaction_id, reveals, log, created_at, state_hash, checksum)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);",
            );
            batch.add(game_id)?;
            batch.add(seq)?;
            batch.add(i64::from(a.seat))?;
            batch.add(a.notation)?;
            batch.add(a.interaction_id)?;
            batch.add(i64::from(a.reveals))?;
            batch.add(log)?;
            batch.add(now)?;
            batch.add(hash)?;
            batch.add(checksum)?;
            // The table's own `resign` entry marks the seat in the same transaction.
            if a.notation == "resign" {
                batch.push("UPDATE seat SET resigned = 1 WHERE game_id = ? AND seat = ?;");
                batch.add(game_id)?;
                batch.add(i64::from(a.seat))?;
            }
        }
        if let Some(state) = snapshot {
            batch.push(PUT_SNAPSHOT);
            batch.add(game_id)?;
            batch.add(new_version)?;
            batch.add(state)?;
        }
        outbox::add_to_batch(&mut batch, Some(game_id), deliveries)?;
        self.add_notice(&mut batch, game_id, new_version)?;
        if let Err(e) = batch.execute(&mut tx).await {
            return Err(match e {
                // The interaction was handled before; a clash on the sequence number instead
                // means the game's version is behind its own log: damage, not a repeat.
                sqlx::Error::Database(d)
                    if d.is_unique_violation() && d.message().contains("interaction_id") =>
                {
                    StoreError::Duplicate
                }
                // (The batch stops at the first clash: the action right after the version.)
                e if is_unique_violation(&e) => StoreError::Corrupt(format!(
                    "game {game_id} is at version {version} but its log already has action {}",
                    version + 1
                )),
                e => e.into(),
            });
        }
        league::write(&mut tx, game_id, league, now, self.rating_rule).await?;
        tx.commit().await?;
        Ok(new_version)
    }

    /// Starts a lobby game with exactly `seats` seats taken, in one transaction: false (and
    /// nothing written) if it is no longer a lobby or its seats changed meanwhile.
    pub async fn start(
        &self,
        game_id: GameId,
        seats: usize,
        deliveries: &[NewDelivery],
        first: &LeagueChange,
    ) -> Result<bool, StoreError> {
        let mut tx = self.db.begin().await?;
        let now = self.now();
        let r = query(
            "UPDATE game SET status = 'active', updated_at = ?
             WHERE game_id = ? AND status = 'lobby'
               AND (SELECT COUNT(*) FROM seat WHERE game_id = ?) = ?",
        )
        .bind(now)
        .bind(game_id)
        .bind(game_id)
        .bind(seats as i64)
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() != 1 {
            return Ok(false);
        }
        league::write(&mut tx, game_id, first, now, self.rating_rule).await?;
        outbox::insert(&mut tx, Some(game_id), deliveries).await?;
        tx.commit().await?;
        Ok(true)
    }
}

/// Writes a new game and its first seats inside a caller's write transaction; the game's
/// id. A channel that already has an open game refuses it ([`StoreError::ChannelBusy`]).
pub(crate) async fn insert_game(
    tx: &mut Conn,
    new: &NewGame<'_>,
    seats: &[(UserId, String)],
    active: bool,
    now: i64,
) -> Result<GameId, StoreError> {
    let options =
        serde_json::to_string(new.options).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    let result = query(
        "INSERT INTO game (kind, options, seed, guild_id, channel_id, creator_id, status,
                           max_players, version, created_at, updated_at,
                           deadline_hours, deadline_policy, rated)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)
         RETURNING game_id",
    )
    .bind(new.kind)
    .bind(options)
    .bind(new.seed.to_hex())
    .bind(new.guild_id.map(|g| g as i64))
    .bind(new.channel_id as i64)
    .bind(new.creator_id as i64)
    .bind(if active { "active" } else { "lobby" })
    .bind(new.max_players as i64)
    .bind(now)
    .bind(now)
    .bind(i64::from(new.terms.deadline_hours))
    .bind(new.terms.policy.as_str())
    .bind(new.terms.rated)
    .fetch_one(&mut *tx)
    .await;
    let game_id = match result {
        Ok(r) => r.try_get("game_id")?,
        Err(e) if is_unique_violation(&e) => return Err(StoreError::ChannelBusy),
        Err(e) => return Err(e.into()),
    };
    for (seat, (user, name)) in seats.iter().enumerate() {
        query("INSERT INTO seat (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)")
            .bind(game_id)
            .bind(seat as i64)
            .bind(*user as i64)
            .bind(name)
            .execute(&mut *tx)
            .await?;
    }
    Ok(game_id)
}
