//! `turnpost backup FILE` (issue 31, "Backups"): a copy taken while a game is being played
//! into the database is whole (SQLite's integrity check, gap-free actions, at least every
//! action acknowledged before it began) and can be played on; a backup never overwrites a
//! file; on PostgreSQL the dump restores with `pg_restore` into a new database that plays on.

#[path = "support/postgres.rs"]
mod pg;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use sqlx::{Connection, Row};

const BIN: &str = env!("CARGO_BIN_EXE_turnpost");

/// A child playing random moves into `db` without end (until killed).
fn player(db: &str) -> (Child, BufReader<std::process::ChildStdout>) {
    let mut child = Command::new(BIN)
        .args([
            "selfplay",
            "--game",
            "rtta",
            "--players",
            "3",
            "--seed",
            "5",
        ])
        .args(["--moves", "1000000", "--db", db])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    (child, out)
}

/// Reads `n` acknowledgements of the child; how many it has acknowledged in all.
fn acks(out: &mut BufReader<std::process::ChildStdout>, n: usize, seen: &mut usize) {
    let mut line = String::new();
    let mut got = 0;
    while got < n {
        line.clear();
        assert_ne!(out.read_line(&mut line).unwrap(), 0, "the player stopped");
        if line.starts_with("ack ") {
            got += 1;
        }
    }
    *seen += got;
}

fn backup(database: &str, to: &Path) -> std::process::Output {
    Command::new(BIN)
        .arg("backup")
        .arg(to)
        .args(["--database", database])
        .output()
        .unwrap()
}

/// Plays a few more moves on `db` (a backup) with a fresh child: it must resume the game.
fn plays_on(db: &str) {
    let out = Command::new(BIN)
        .args([
            "selfplay",
            "--game",
            "rtta",
            "--players",
            "3",
            "--seed",
            "9",
        ])
        .args(["--moves", "5", "--db", db])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "playing on {db} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let acked = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("ack "))
        .count();
    assert_eq!(acked, 5, "moves played on the backup {db}");
}

const ACTIONS: &str =
    "SELECT game_id, COUNT(*), MIN(seq), MAX(seq) FROM action GROUP BY game_id ORDER BY game_id";

/// Every game's actions (id, count, first and last number) numbered 1, 2, 3… without a gap;
/// the number of actions in all.
fn whole_actions(rows: Vec<(i64, i64, i64, i64)>) -> i64 {
    let mut total = 0;
    for (game, n, min, max) in rows {
        assert_eq!((min, max), (1, n), "game {game}'s actions have a gap");
        total += n;
    }
    total
}

#[test]
fn a_sqlite_backup_taken_while_a_game_is_played_is_whole_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live.db");
    let live = live.to_str().unwrap();
    let (mut child, mut out) = player(live);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut seen = 0;
    for round in 0..3 {
        acks(&mut out, 15, &mut seen);
        let before = seen;
        let file = dir.path().join(format!("backup-{round}.db"));
        let made = backup(live, &file);
        assert!(
            made.status.success(),
            "backup {round}: {}",
            String::from_utf8_lossy(&made.stderr)
        );
        let said = String::from_utf8_lossy(&made.stdout);
        assert!(said.starts_with("backed up "), "{said}");
        assert!(
            !dir.path()
                .join(format!("backup-{round}.db.partial"))
                .exists()
        );
        let in_backup = runtime.block_on(async {
            let url = format!("sqlite://{}", file.display());
            let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
            let check: String = sqlx::query("PRAGMA integrity_check")
                .fetch_one(&mut conn)
                .await
                .unwrap()
                .get(0);
            assert_eq!(check, "ok");
            whole_actions(sqlx::query_as(ACTIONS).fetch_all(&mut conn).await.unwrap())
        });
        // Everything acknowledged before the backup began is in it (more may be: the child
        // went on playing while it was taken).
        assert!(
            in_backup >= before as i64,
            "backup {round} holds {in_backup} actions, {before} were acknowledged before it"
        );
    }
    // The child goes on meanwhile: the backups did not stop it.
    acks(&mut out, 5, &mut seen);
    let _ = child.kill();
    let _ = child.wait();
    for round in 0..3 {
        plays_on(
            dir.path()
                .join(format!("backup-{round}.db"))
                .to_str()
                .unwrap(),
        );
    }
    // A backup never overwrites a file: the old one stays as it was.
    let existing = dir.path().join("backup-0.db");
    let size = std::fs::metadata(&existing).unwrap().len();
    let again = backup(live, &existing);
    assert!(!again.status.success());
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(said.contains("exists already"), "{said}");
    assert_eq!(std::fs::metadata(&existing).unwrap().len(), size);
    // A database that is not there is named, and nothing is written.
    let nothing = dir.path().join("none.db");
    let missing = backup(nothing.to_str().unwrap(), &dir.path().join("x.db"));
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no database at"));
    assert!(!dir.path().join("x.db").exists());
}

#[test]
fn a_postgres_backup_restores_into_a_new_database_that_plays_on() {
    let Some(cluster) = pg::Cluster::shared() else {
        return; // TURNPOST_SKIP_POSTGRES=1 and no PostgreSQL: said on stderr.
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let live = runtime.block_on(cluster.database("backup_live"));
    let (mut child, mut out) = player(&live);
    let mut seen = 0;
    acks(&mut out, 20, &mut seen);
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("turnpost.pgdump");
    let made = backup(&live, &dump);
    assert!(
        made.status.success(),
        "pg backup: {}",
        String::from_utf8_lossy(&made.stderr)
    );
    let _ = child.kill();
    let _ = child.wait();
    let restored = runtime.block_on(cluster.database("backup_restored"));
    let pg_restore = turnpost_bot::store::pg_bin("pg_restore").expect("pg_restore");
    let status = Command::new(pg_restore)
        .args(["--no-owner", "--dbname", &restored])
        .arg(&dump)
        .status()
        .unwrap();
    assert!(status.success(), "pg_restore failed");
    let in_backup = runtime.block_on(async {
        let mut conn = sqlx::PgConnection::connect(&restored).await.unwrap();
        whole_actions(sqlx::query_as(ACTIONS).fetch_all(&mut conn).await.unwrap())
    });
    assert!(in_backup >= seen as i64, "{in_backup} < {seen}");
    plays_on(&restored);
}
