//! `turnpost backup FILE`: a consistent copy of the database, taken while Turnpost serves.
//!
//! SQLite: `VACUUM INTO` from a read-only connection — one read transaction, so the copy is
//! the database as of one moment (the WAL is included), writers go on meanwhile, and the copy
//! is compact. PostgreSQL: `pg_dump --format=custom` (itself one snapshot), found on `PATH` or
//! under `/usr/lib/postgresql/*/bin`. Either way the copy is written next to `FILE` under a
//! temporary name, checked (SQLite's `PRAGMA integrity_check`, `pg_restore --list`), and only
//! then renamed to `FILE`, so a file named `FILE` is always a whole backup.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::str::FromStr;

use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use sqlx::{Connection, Row};

/// A finished backup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backup {
    /// Where it is.
    pub file: PathBuf,
    /// Its size.
    pub bytes: u64,
    /// How many games (lobbies, running and finished) it holds (PostgreSQL: counted in the
    /// database just after the dump, which is one snapshot of its own).
    pub games: i64,
}

/// Why a backup was not made (nothing is left at the target then).
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The target exists; a backup never overwrites a file.
    #[error("{0} exists already; choose a new file name")]
    Exists(PathBuf),
    /// The SQLite database to copy does not exist.
    #[error("no database at {0}")]
    NoDatabase(PathBuf),
    /// PostgreSQL's dump program was not found.
    #[error("pg_dump was not found on PATH or under /usr/lib/postgresql/*/bin")]
    NoPgDump,
    /// A program of PostgreSQL failed.
    #[error("{program} failed ({status}): {stderr}")]
    Program {
        /// `pg_dump` or `pg_restore`.
        program: &'static str,
        /// How it ended.
        status: std::process::ExitStatus,
        /// What it said.
        stderr: String,
    },
    /// The copy did not pass its check.
    #[error("the copy is damaged: {0}")]
    Damaged(String),
    /// The database could not be read.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// A file could not be written or renamed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Copies the database `database` names (`TURNPOST_DATABASE`: a `postgres://` URL or a
/// SQLite file) to `to`, which must not exist.
pub async fn backup(database: &str, to: &Path) -> Result<Backup, BackupError> {
    if to.exists() {
        return Err(BackupError::Exists(to.to_path_buf()));
    }
    let partial = partial_name(to);
    let _ = std::fs::remove_file(&partial);
    let made = if database.starts_with("postgres://") || database.starts_with("postgresql://") {
        postgres(database, &partial).await
    } else {
        sqlite(Path::new(database), &partial).await
    };
    let games = match made {
        Ok(games) => games,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    if let Err(e) = std::fs::rename(&partial, to) {
        let _ = std::fs::remove_file(&partial);
        return Err(e.into());
    }
    Ok(Backup {
        file: to.to_path_buf(),
        bytes: std::fs::metadata(to)?.len(),
        games,
    })
}

/// `FILE.partial` in the same folder (so the rename stays on one file system).
fn partial_name(to: &Path) -> PathBuf {
    let mut name = to.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    to.with_file_name(name)
}

async fn sqlite(database: &Path, to: &Path) -> Result<i64, BackupError> {
    if !database.is_file() {
        return Err(BackupError::NoDatabase(database.to_path_buf()));
    }
    let options = SqliteConnectOptions::new()
        .filename(database)
        .read_only(true)
        .busy_timeout(std::time::Duration::from_secs(30));
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await?;
    let target = to
        .to_str()
        .ok_or_else(|| BackupError::Damaged(format!("{to:?} is not a UTF-8 path")))?;
    sqlx::query("VACUUM INTO ?")
        .bind(target)
        .execute(&pool)
        .await?;
    pool.close().await;
    // Check the copy on its own.
    let copy = SqliteConnectOptions::from_str("sqlite:")?
        .filename(to)
        .read_only(true);
    let mut conn = sqlx::SqliteConnection::connect_with(&copy).await?;
    let check: String = sqlx::query("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await?
        .try_get(0)?;
    if check != "ok" {
        return Err(BackupError::Damaged(check));
    }
    let games: i64 = sqlx::query("SELECT COUNT(*) FROM game")
        .fetch_one(&mut conn)
        .await?
        .try_get(0)?;
    conn.close().await?;
    Ok(games)
}

async fn postgres(url: &str, to: &Path) -> Result<i64, BackupError> {
    let bin = pg_bin("pg_dump").ok_or(BackupError::NoPgDump)?;
    run(
        "pg_dump",
        Command::new(bin)
            .arg("--format=custom")
            .arg("--file")
            .arg(to)
            .arg(url),
    )?;
    let restore = pg_bin("pg_restore").ok_or(BackupError::NoPgDump)?;
    let list = run("pg_restore", Command::new(restore).arg("--list").arg(to))?;
    if !list.contains("TABLE DATA public game ") {
        return Err(BackupError::Damaged(
            "the dump holds no game table".to_string(),
        ));
    }
    let mut conn = sqlx::PgConnection::connect(url).await?;
    let games: i64 = sqlx::query("SELECT COUNT(*) FROM game")
        .fetch_one(&mut conn)
        .await?
        .try_get(0)?;
    conn.close().await?;
    Ok(games)
}

/// Runs a PostgreSQL program; its standard output when it succeeds.
fn run(program: &'static str, command: &mut Command) -> Result<String, BackupError> {
    let out = command.output()?;
    if !out.status.success() {
        return Err(BackupError::Program {
            program,
            status: out.status,
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A PostgreSQL program: on `PATH`, else the newest under `/usr/lib/postgresql/*/bin`
/// (Debian's packages put only wrappers on `PATH`, or nothing).
pub fn pg_bin(program: &str) -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(program))
            .find(|p| p.is_file())
    });
    on_path.or_else(|| {
        let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let v = e.file_name().to_str()?.parse::<u32>().ok()?;
                let p = e.path().join("bin").join(program);
                p.is_file().then_some((v, p))
            })
            .collect();
        versions.sort();
        versions.pop().map(|(_, p)| p)
    })
}
