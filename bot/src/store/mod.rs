//! The persistent store: games, seats, the append-only action log and state snapshots in
//! SQLite (WAL mode), through sqlx with queries checked at run time by the tests.
//!
//! Writes that depend on what was read go through `BEGIN IMMEDIATE` transactions, so two
//! writers never both read and then fail to write (`database is locked`); the game's
//! `version` column is checked in the same transaction, so a stale writer loses cleanly.

mod outbox;

pub use outbox::{DeliveryKind, DeliveryRow, NewDelivery, SENT};

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::Row;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteRow,
    SqliteSynchronous,
};
use turnpost_core::Seed;

/// A game's id.
pub type GameId = i64;
/// A user's id (a Discord snowflake, or a local player number).
pub type UserId = u64;

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
    fn as_str(self) -> &'static str {
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
    /// Its log lines.
    pub log: Vec<String>,
}

/// A stored snapshot of a game's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The sequence number of the action it follows.
    pub seq: i64,
    /// The saved state (JSON).
    pub state: String,
    /// The hash the log recorded for it, if any.
    pub logged_hash: Option<String>,
}

impl Snapshot {
    /// Whether the snapshot is the one the log recorded at its sequence number.
    pub fn matches_log(&self) -> bool {
        self.logged_hash.as_deref() == Some(state_hash(&self.state).as_str())
    }
}

/// What the reminder loop needs to know about an active game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReminderRow {
    /// The game.
    pub game_id: GameId,
    /// Its channel.
    pub channel_id: u64,
    /// Its server.
    pub guild_id: Option<u64>,
    /// Unix ms of the last change (the player to act has been idle since).
    pub updated_at: i64,
    /// Unix ms of the last reminder.
    pub reminded_at: Option<i64>,
    /// The latest turn message.
    pub turn_message_id: Option<u64>,
    /// The channel's reminder period in hours (0 = none).
    pub hours: u32,
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
    /// Its log lines.
    pub log: &'a [String],
}

pub use crate::clock::now_ms;

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

/// A stored seat number; anything outside 0–255 is damage, not seat 0.
fn seat_number(value: i64) -> Result<u8, StoreError> {
    u8::try_from(value).map_err(|_| StoreError::Corrupt(format!("seat {value} is out of range")))
}

/// The check value of a saved state, stored with the action a snapshot was taken after, so
/// a snapshot that does not belong to its place in the log is noticed on load.
pub fn state_hash(state: &str) -> String {
    format!("{:08x}", crc32fast::hash(state.as_bytes()))
}

/// The store.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating if needed) the SQLite file at `path` in WAL mode and applies the
    /// migrations.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // NORMAL survives a crash of the process; FULL would also survive power loss
            // at ~30% more per commit (see shared NOTES).
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        Self::with_pool(pool).await
    }

    /// An in-memory store (one connection, so every query sees the same database).
    pub async fn memory() -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?.foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await?;
        Self::with_pool(pool).await
    }

    async fn with_pool(pool: SqlitePool) -> Result<Store, StoreError> {
        sqlx::migrate!("../migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    /// Closes the pool, waiting for running queries.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Stores a new game with its first seats in one transaction: in the lobby, or already
    /// active when `active` (so a crash never leaves a half-made table behind).
    pub async fn create_game(
        &self,
        new: &NewGame<'_>,
        seats: &[(UserId, String)],
        active: bool,
        deliveries: &[NewDelivery],
    ) -> Result<GameId, StoreError> {
        let now = now_ms();
        let options =
            serde_json::to_string(new.options).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let result = sqlx::query(
            "INSERT INTO game (kind, options, seed, guild_id, channel_id, creator_id, status,
                               max_players, version, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
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
        .execute(&mut *tx)
        .await;
        let game_id = match result {
            Ok(r) => r.last_insert_rowid(),
            Err(e) if is_unique_violation(&e) => return Err(StoreError::ChannelBusy),
            Err(e) => return Err(e.into()),
        };
        for (seat, (user, name)) in seats.iter().enumerate() {
            sqlx::query("INSERT INTO seat (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)")
                .bind(game_id)
                .bind(seat as i64)
                .bind(*user as i64)
                .bind(name)
                .execute(&mut *tx)
                .await?;
        }
        outbox::insert(&mut tx, Some(game_id), deliveries, now).await?;
        tx.commit().await?;
        Ok(game_id)
    }

    fn game_row(row: &SqliteRow) -> Result<GameRow, StoreError> {
        let options: String = row.try_get("options")?;
        let seed: String = row.try_get("seed")?;
        let status: String = row.try_get("status")?;
        Ok(GameRow {
            game_id: row.try_get("game_id")?,
            kind: row.try_get("kind")?,
            options: serde_json::from_str(&options)
                .map_err(|e| StoreError::Corrupt(e.to_string()))?,
            seed: Seed::parse(&seed).ok_or_else(|| StoreError::Corrupt("bad seed".into()))?,
            guild_id: row.try_get::<Option<i64>, _>("guild_id")?.map(|g| g as u64),
            channel_id: row.try_get::<i64, _>("channel_id")? as u64,
            creator_id: row.try_get::<i64, _>("creator_id")? as u64,
            status: Status::parse(&status)?,
            max_players: row.try_get::<i64, _>("max_players")? as usize,
            version: row.try_get("version")?,
        })
    }

    /// A game by id.
    pub async fn game(&self, game_id: GameId) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query("SELECT * FROM game WHERE game_id = ?")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(Self::game_row).transpose()
    }

    /// A game's version and status.
    pub async fn version(&self, game_id: GameId) -> Result<(i64, Status), StoreError> {
        let row = sqlx::query("SELECT version, status FROM game WHERE game_id = ?")
            .bind(game_id)
            .fetch_one(&self.pool)
            .await?;
        let status: String = row.try_get("status")?;
        Ok((row.try_get("version")?, Status::parse(&status)?))
    }

    /// The open (lobby or active) game of a channel.
    pub async fn open_game_in(&self, channel_id: u64) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(
            "SELECT * FROM game WHERE channel_id = ? AND status IN ('lobby', 'active')",
        )
        .bind(channel_id as i64)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(Self::game_row).transpose()
    }

    /// The most recent game of a channel, open or not.
    pub async fn latest_game_in(&self, channel_id: u64) -> Result<Option<GameRow>, StoreError> {
        let row =
            sqlx::query("SELECT * FROM game WHERE channel_id = ? ORDER BY game_id DESC LIMIT 1")
                .bind(channel_id as i64)
                .fetch_optional(&self.pool)
                .await?;
        row.as_ref().map(Self::game_row).transpose()
    }

    /// Open games of a server, oldest first.
    pub async fn open_games_in_guild(&self, guild_id: u64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT * FROM game WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY game_id",
        )
        .bind(guild_id as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(Self::game_row).collect()
    }

    /// Active games where the user has a seat (not resigned), oldest first.
    pub async fn active_games_of(&self, user_id: UserId) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game.* FROM game JOIN seat USING (game_id)
             WHERE seat.user_id = ? AND seat.resigned = 0 AND game.status = 'active'
             ORDER BY game.game_id",
        )
        .bind(user_id as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(Self::game_row).collect()
    }

    /// The seats of a game in seat order.
    pub async fn seats(&self, game_id: GameId) -> Result<Vec<SeatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, user_id, name, resigned FROM seat WHERE game_id = ? ORDER BY seat",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SeatRow {
                    seat: seat_number(r.try_get("seat")?)?,
                    user_id: r.try_get::<i64, _>("user_id")? as u64,
                    name: r.try_get("name")?,
                    resigned: r.try_get::<i64, _>("resigned")? != 0,
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
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let max: i64 = sqlx::query_scalar(
            "SELECT max_players FROM game WHERE game_id = ? AND status = 'lobby'",
        )
        .bind(game_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(StoreError::VersionConflict)?;
        let taken: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM seat WHERE game_id = ?")
            .bind(game_id)
            .fetch_one(&mut *tx)
            .await?;
        if taken >= max {
            return Ok(None);
        }
        let result =
            sqlx::query("INSERT INTO seat (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)")
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
        outbox::insert(&mut tx, Some(game_id), deliveries, now_ms()).await?;
        tx.commit().await?;
        Ok(Some(seat_number(taken)?))
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
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let seat: Option<i64> = sqlx::query_scalar(
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
        sqlx::query("DELETE FROM seat WHERE game_id = ? AND seat = ?")
            .bind(game_id)
            .bind(seat)
            .execute(&mut *tx)
            .await?;
        // Move later seats down one at a time, in order, so (game, seat) stays unique.
        let later: Vec<i64> = sqlx::query_scalar(
            "SELECT seat FROM seat WHERE game_id = ? AND seat > ? ORDER BY seat",
        )
        .bind(game_id)
        .bind(seat)
        .fetch_all(&mut *tx)
        .await?;
        for s in later {
            sqlx::query("UPDATE seat SET seat = ? WHERE game_id = ? AND seat = ?")
                .bind(s - 1)
                .bind(game_id)
                .bind(s)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "UPDATE game SET status = 'abandoned', updated_at = ?
             WHERE game_id = ? AND NOT EXISTS (SELECT 1 FROM seat WHERE game_id = ?)",
        )
        .bind(now_ms())
        .bind(game_id)
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
        outbox::insert(&mut tx, Some(game_id), deliveries, now_ms()).await?;
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
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let now = now_ms();
        let r = sqlx::query(
            "UPDATE game SET status = ?, updated_at = ? WHERE game_id = ? AND status = ?",
        )
        .bind(to.as_str())
        .bind(now)
        .bind(game_id)
        .bind(from.as_str())
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() != 1 {
            return Ok(false);
        }
        outbox::insert(&mut tx, Some(game_id), deliveries, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Whether an interaction was already recorded.
    pub async fn seen_interaction(&self, interaction_id: &str) -> Result<bool, StoreError> {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT 1 FROM action WHERE interaction_id = ?")
                .bind(interaction_id)
                .fetch_optional(&self.pool)
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
        actions: &[NewAction<'_>],
        snapshot: Option<&str>,
        status: Option<Status>,
        deliveries: &[NewDelivery],
    ) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let now = now_ms();
        let new_version = version + actions.len() as i64;
        let bumped = sqlx::query(
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
        let last = actions.len().saturating_sub(1);
        for (i, a) in actions.iter().enumerate() {
            let log =
                serde_json::to_string(a.log).map_err(|e| StoreError::Corrupt(e.to_string()))?;
            let hash = snapshot.filter(|_| i == last).map(state_hash);
            let result = sqlx::query(
                "INSERT INTO action (game_id, seq, seat, notation, interaction_id, reveals, log, created_at, state_hash)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(game_id)
            .bind(version + 1 + i as i64)
            .bind(i64::from(a.seat))
            .bind(a.notation)
            .bind(a.interaction_id)
            .bind(a.reveals)
            .bind(log)
            .bind(now)
            .bind(hash)
            .execute(&mut *tx)
            .await;
            match result {
                Ok(_) => {}
                // The interaction was handled before; a clash on the sequence number instead
                // means the game's version is behind its own log: damage, not a repeat.
                Err(sqlx::Error::Database(d))
                    if d.is_unique_violation() && d.message().contains("interaction_id") =>
                {
                    return Err(StoreError::Duplicate);
                }
                Err(e) if is_unique_violation(&e) => {
                    return Err(StoreError::Corrupt(format!(
                        "game {game_id} is at version {version} but its log already has action {}",
                        version + 1 + i as i64
                    )));
                }
                Err(e) => return Err(e.into()),
            }
            // The table's own `resign` entry marks the seat in the same transaction.
            if a.notation == "resign" {
                sqlx::query("UPDATE seat SET resigned = 1 WHERE game_id = ? AND seat = ?")
                    .bind(game_id)
                    .bind(i64::from(a.seat))
                    .execute(&mut *tx)
                    .await?;
            }
        }
        if let Some(state) = snapshot {
            sqlx::query("INSERT OR REPLACE INTO snapshot (game_id, seq, state) VALUES (?, ?, ?)")
                .bind(game_id)
                .bind(new_version)
                .bind(state)
                .execute(&mut *tx)
                .await?;
        }
        outbox::insert(&mut tx, Some(game_id), deliveries, now).await?;
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
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let now = now_ms();
        let r = sqlx::query(
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
        outbox::insert(&mut tx, Some(game_id), deliveries, now).await?;
        tx.commit().await?;
        Ok(true)
    }

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
        let rows = sqlx::query(
            "SELECT seq, seat, notation, reveals, log FROM action
             WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
        )
        .bind(game_id)
        .bind(after)
        .bind(upto)
        .fetch_all(&self.pool)
        .await?;
        let actions = rows
            .iter()
            .map(|r| {
                let log: String = r.try_get("log")?;
                Ok(ActionRow {
                    seq: r.try_get("seq")?,
                    seat: seat_number(r.try_get("seat")?)?,
                    notation: r.try_get("notation")?,
                    reveals: r.try_get::<i64, _>("reveals")? != 0,
                    log: serde_json::from_str(&log)
                        .map_err(|e| StoreError::Corrupt(e.to_string()))?,
                })
            })
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
        let row = sqlx::query(
            "SELECT snapshot.seq, snapshot.state, action.state_hash FROM snapshot
             LEFT JOIN action ON action.game_id = snapshot.game_id AND action.seq = snapshot.seq
             WHERE snapshot.game_id = ? AND snapshot.seq <= ? ORDER BY snapshot.seq DESC LIMIT 1",
        )
        .bind(game_id)
        .bind(version)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(Snapshot {
                seq: r.try_get("seq")?,
                state: r.try_get("state")?,
                logged_hash: r.try_get("state_hash")?,
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
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        sqlx::query("INSERT OR REPLACE INTO snapshot (game_id, seq, state) VALUES (?, ?, ?)")
            .bind(game_id)
            .bind(seq)
            .bind(state)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE action SET state_hash = ? WHERE game_id = ? AND seq = ?")
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
        sqlx::query("DELETE FROM snapshot WHERE game_id = ? AND seq = ?")
            .bind(game_id)
            .bind(seq)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Whether DMs to a user failed with 50007 (and were not retried since).
    pub async fn dm_closed(&self, user_id: UserId) -> Result<bool, StoreError> {
        let closed: Option<i64> =
            sqlx::query_scalar("SELECT dm_closed FROM user_setting WHERE user_id = ?")
                .bind(user_id as i64)
                .fetch_optional(&self.pool)
                .await?;
        Ok(closed.unwrap_or(0) != 0)
    }

    /// Records whether DMs to a user are closed.
    pub async fn set_dm_closed(&self, user_id: UserId, closed: bool) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO user_setting (user_id, dm_closed) VALUES (?, ?)
             ON CONFLICT (user_id) DO UPDATE SET dm_closed = excluded.dm_closed",
        )
        .bind(user_id as i64)
        .bind(closed)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A user's quiet hours: (start hour, end hour, UTC offset in minutes).
    pub async fn quiet_hours(&self, user_id: UserId) -> Result<Option<(u8, u8, i32)>, StoreError> {
        let row = sqlx::query(
            "SELECT quiet_start, quiet_end, utc_offset_minutes FROM user_setting WHERE user_id = ?",
        )
        .bind(user_id as i64)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let start: Option<i64> = row.try_get("quiet_start")?;
        let end: Option<i64> = row.try_get("quiet_end")?;
        let offset: i64 = row.try_get("utc_offset_minutes")?;
        Ok(start
            .zip(end)
            .map(|(s, e)| (s as u8, e as u8, offset as i32)))
    }

    /// Sets (or with `None` clears) a user's quiet hours.
    pub async fn set_quiet_hours(
        &self,
        user_id: UserId,
        quiet: Option<(u8, u8, i32)>,
    ) -> Result<(), StoreError> {
        let (start, end, offset) = match quiet {
            Some((s, e, o)) => (Some(i64::from(s)), Some(i64::from(e)), i64::from(o)),
            None => (None, None, 0),
        };
        sqlx::query(
            "INSERT INTO user_setting (user_id, quiet_start, quiet_end, utc_offset_minutes) VALUES (?, ?, ?, ?)
             ON CONFLICT (user_id) DO UPDATE SET quiet_start = excluded.quiet_start,
                 quiet_end = excluded.quiet_end, utc_offset_minutes = excluded.utc_offset_minutes",
        )
        .bind(user_id as i64)
        .bind(start)
        .bind(end)
        .bind(offset)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Hours of idleness before a reminder in a channel (default 24; 0 = never).
    pub async fn reminder_hours(&self, channel_id: u64) -> Result<u32, StoreError> {
        let hours: Option<i64> =
            sqlx::query_scalar("SELECT reminder_hours FROM channel_setting WHERE channel_id = ?")
                .bind(channel_id as i64)
                .fetch_optional(&self.pool)
                .await?;
        Ok(hours.unwrap_or(24) as u32)
    }

    /// Sets a channel's reminder period.
    pub async fn set_reminder_hours(&self, channel_id: u64, hours: u32) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO channel_setting (channel_id, reminder_hours) VALUES (?, ?)
             ON CONFLICT (channel_id) DO UPDATE SET reminder_hours = excluded.reminder_hours",
        )
        .bind(channel_id as i64)
        .bind(i64::from(hours))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Remembers the latest public turn message of a game (reminders link it).
    pub async fn set_turn_message(
        &self,
        game_id: GameId,
        message_id: u64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE game SET turn_message_id = ? WHERE game_id = ?")
            .bind(message_id as i64)
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Active games with what reminders need: (game, channel, guild, last change ms,
    /// last reminder ms, turn message, reminder hours of the channel).
    pub async fn reminder_candidates(&self) -> Result<Vec<ReminderRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game.game_id, game.channel_id, game.guild_id, game.updated_at, game.reminded_at,
                    game.turn_message_id, COALESCE(channel_setting.reminder_hours, 24) AS hours
             FROM game LEFT JOIN channel_setting USING (channel_id)
             WHERE game.status = 'active' AND channel_setting.unreachable_at IS NULL
             ORDER BY game.game_id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ReminderRow {
                    game_id: r.try_get("game_id")?,
                    channel_id: r.try_get::<i64, _>("channel_id")? as u64,
                    guild_id: r.try_get::<Option<i64>, _>("guild_id")?.map(|g| g as u64),
                    updated_at: r.try_get("updated_at")?,
                    reminded_at: r.try_get("reminded_at")?,
                    turn_message_id: r
                        .try_get::<Option<i64>, _>("turn_message_id")?
                        .map(|m| m as u64),
                    hours: r.try_get::<i64, _>("hours")? as u32,
                })
            })
            .collect()
    }

    /// Records that a reminder is due and queues it, in one transaction: the next pass waits
    /// a whole period whether or not Discord takes it at once (the outbox retries).
    pub async fn set_reminded(
        &self,
        game_id: GameId,
        at_ms: i64,
        deliveries: &[NewDelivery],
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        sqlx::query("UPDATE game SET reminded_at = ? WHERE game_id = ?")
            .bind(at_ms)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        outbox::insert(&mut tx, Some(game_id), deliveries, at_ms).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Versions of every action of a game, in order (for tests of gap-free sequences).
    pub async fn sequence_numbers(&self, game_id: GameId) -> Result<Vec<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT seq FROM action WHERE game_id = ? ORDER BY seq")
                .bind(game_id)
                .fetch_all(&self.pool)
                .await?,
        )
    }
}
