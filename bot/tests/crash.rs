//! Crash test on a SQLite file: a child process plays random legal moves through the table
//! service and is killed with SIGKILL at random points; `support/crash.rs` says what is
//! checked after every kill (`crash_postgres.rs` runs the same on PostgreSQL). And one
//! unreadable outbox row does not stop the others.
//!
//! `TURNPOST_CRASH_CYCLES` (default 200) and `TURNPOST_CRASH_SEED` (default 7) make longer
//! or different runs without a code change.

#[path = "support/crash.rs"]
mod crash;
#[path = "support/postgres.rs"]
mod pg;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn acknowledged_actions_and_their_messages_survive_sigkill() {
    crash::kill_cycles(200);
}

/// Runs `turnpost ARGS` to its end, or fails the test if it has not ended after `limit` (it
/// would never end otherwise).
fn run_to_end(args: &[&str], db: &Path, limit: Duration) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_turnpost"))
        .args(args)
        .arg("--db")
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            let out = child.wait_with_output().unwrap();
            panic!(
                "turnpost {args:?} did not finish in {limit:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn one_unreadable_outbox_row_does_not_stop_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bad-row.db");
    let play = ["selfplay", "--outbox", "--moves", "3"];
    let out = run_to_end(&play, &db, Duration::from_secs(120));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The reproduction: the newest row pending again, its body a BLOB.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let sql = |q: &'static str| {
        let db = db.clone();
        runtime.block_on(async move {
            let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
                .await
                .unwrap();
            let rows: Vec<(i64, Option<String>)> =
                sqlx::query_as(q).fetch_all(&pool).await.unwrap();
            pool.close().await;
            rows
        })
    };
    let bad = sql(
        "UPDATE outbox SET done_at = NULL, body = CAST(body AS BLOB) \
         WHERE outbox_id = (SELECT MAX(outbox_id) FROM outbox) RETURNING outbox_id, outcome",
    )[0]
    .0;
    // The next run delivers its own rows and finishes; the bad row is given up and said once.
    let out = run_to_end(&play, &db, Duration::from_secs(120));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().filter(|l| l.starts_with("ack ")).count(), 3);
    assert!(stdout.lines().any(|l| l.starts_with("sent ")), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.matches("giving up an unreadable delivery").count(),
        1,
        "{stderr}"
    );
    // A hand DM that a newer one of the same player replaced before it went out is skipped
    // (only the newest hand matters, issue 28): done, not given up.
    let rows = sql(
        "SELECT outbox_id, outcome FROM outbox WHERE done_at IS NULL \
         OR (outcome != 'sent' AND outcome NOT LIKE 'skipped: a newer DM%')",
    );
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].0, bad);
    let outcome = rows[0].1.clone().unwrap_or_default();
    assert!(
        outcome.starts_with("failed: unreadable outbox row: the body is stored as blob"),
        "{outcome}"
    );
}
