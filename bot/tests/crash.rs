//! Crash test: a child process plays random legal moves through the table service into a
//! SQLite file and is killed with SIGKILL at random points. After every kill, every action
//! the child acknowledged must be in the database with gap-free sequence numbers, every
//! commit must have its messages in the outbox, and nothing marked delivered may have gone
//! unsent; the next child resumes the game and sends what was left.
//!
//! The child queues each turn's messages in the outbox and "delivers" them a little later,
//! so kills also land between a commit and its delivery. Games alternate between Pandoria
//! and Roll Through the Ages with 2–4 players.
//!
//! `TURNPOST_CRASH_CYCLES` (default 200) and `TURNPOST_CRASH_SEED` (default 7) make longer
//! or different runs without a code change.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a number, not {v:?}")),
        Err(_) => default,
    }
}

fn parse_ack(line: &str) -> Option<(i64, i64, String)> {
    let rest = line.strip_prefix("ack ")?;
    let mut parts = rest.splitn(3, ' ');
    Some((
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
        parts.next()?.to_string(),
    ))
}

fn parse_sent(line: &str) -> Option<i64> {
    line.strip_prefix("sent ")?.trim().parse().ok()
}

/// What the lines a child printed say.
#[derive(Default)]
struct Seen {
    acked: Vec<(i64, i64, String)>,
    sent: BTreeSet<i64>,
}

impl Seen {
    fn line(&mut self, line: &str) {
        self.acked.extend(parse_ack(line));
        self.sent.extend(parse_sent(line));
    }
}

/// Checks the database after a kill; returns how many deliveries were pending.
async fn check(db: &std::path::Path, seen: &Seen, cycle: u64) -> i64 {
    // A child killed at once may not have created (or migrated) the file yet; then it
    // cannot have acknowledged anything either.
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=rwc", db.display()))
        .await
        .unwrap();
    let migrated: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = 'outbox_image'")
            .fetch_one(&pool)
            .await
            .unwrap();
    if migrated == 0 {
        assert!(
            seen.acked.is_empty(),
            "cycle {cycle}: acknowledged actions but no tables"
        );
        pool.close().await;
        return 0;
    }
    for (game, seq, notation) in &seen.acked {
        let stored: Option<String> =
            sqlx::query_scalar("SELECT notation FROM action WHERE game_id = ? AND seq = ?")
                .bind(game)
                .bind(seq)
                .fetch_optional(&pool)
                .await
                .unwrap();
        assert_eq!(
            stored.as_deref(),
            Some(notation.as_str()),
            "cycle {cycle}: acknowledged action {game}/{seq} lost"
        );
    }
    // Each game's log is exactly 1..=version, and each commit queued its turn message (one
    // channel post for the opening and one per action: selfplay neither undoes nor resigns).
    let games: Vec<(i64, i64)> = sqlx::query_as("SELECT game_id, version FROM game")
        .fetch_all(&pool)
        .await
        .unwrap();
    for (game, version) in games {
        let seqs: Vec<i64> =
            sqlx::query_scalar("SELECT seq FROM action WHERE game_id = ? ORDER BY seq")
                .bind(game)
                .fetch_all(&pool)
                .await
                .unwrap();
        assert_eq!(
            seqs,
            (1..=version).collect::<Vec<_>>(),
            "cycle {cycle}: game {game} at version {version}"
        );
        let posts: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM outbox WHERE game_id = ? AND kind = 'channel'",
        )
        .bind(game)
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(
            posts,
            version + 1,
            "cycle {cycle}: game {game}'s commits and turn messages disagree"
        );
    }
    // Nothing is marked delivered that was never sent.
    let done: Vec<i64> =
        sqlx::query_scalar("SELECT outbox_id FROM outbox WHERE done_at IS NOT NULL")
            .fetch_all(&pool)
            .await
            .unwrap();
    for id in done {
        assert!(
            seen.sent.contains(&id),
            "cycle {cycle}: delivery {id} marked done but never sent"
        );
    }
    let pending: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL")
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    pending
}

#[test]
fn acknowledged_actions_and_their_messages_survive_sigkill() {
    let cycles = env_number("TURNPOST_CRASH_CYCLES", 200);
    let seed = env_number("TURNPOST_CRASH_SEED", 7);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let bin = env!("CARGO_BIN_EXE_turnpost");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = Seen::default();
    let mut killed_before_delivery = 0;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    for cycle in 0..cycles {
        let game = if cycle % 2 == 0 { "pandoria" } else { "rtta" };
        let players = rng.random_range(2..=4).to_string();
        let child_seed = (seed << 32 | cycle).to_string();
        let mut child = Command::new(bin)
            .args(["selfplay", "--outbox", "--db"])
            .arg(&db)
            .args(["--game", game, "--players", &players])
            .args(["--seed", &child_seed, "--moves", "1000000"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        // Kill after a random number of lines (acknowledgements and deliveries), sometimes
        // after a random pause (mid-transaction, or between a commit and its delivery),
        // sometimes before the first one.
        let wanted = rng.random_range(0..12);
        let mut line = String::new();
        for _ in 0..wanted {
            line.clear();
            if stdout.read_line(&mut line).unwrap() == 0 {
                break;
            }
            seen.line(line.trim_end());
        }
        if rng.random_bool(0.5) {
            std::thread::sleep(Duration::from_micros(rng.random_range(0..3000)));
        }
        let early_exit = child.try_wait().unwrap();
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        // Whatever the child printed before dying happened too.
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        rest.lines().for_each(|l| seen.line(l));
        if let Some(status) = early_exit {
            let mut err = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            panic!("cycle {cycle}: the child stopped by itself ({status}): {err}");
        }
        if runtime.block_on(check(&db, &seen, cycle)) > 0 {
            killed_before_delivery += 1;
        }
    }
    let expected = cycles as usize * 3 / 2;
    assert!(
        seen.acked.len() > expected,
        "the test exercised too little: {} acknowledgements in {cycles} cycles",
        seen.acked.len()
    );
    assert!(
        killed_before_delivery > cycles / 10,
        "only {killed_before_delivery} of {cycles} kills fell between a commit and its delivery"
    );
    // The game goes on after the last kill, and everything left is delivered.
    let out = Command::new(bin)
        .args(["selfplay", "--outbox", "--db"])
        .arg(&db)
        .args(["--moves", "20"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines().for_each(|l| seen.line(l));
    assert_eq!(text.lines().filter(|l| l.starts_with("ack ")).count(), 20);
    assert_eq!(
        runtime.block_on(check(&db, &seen, cycles)),
        0,
        "deliveries left pending"
    );
    println!(
        "{cycles} kill cycles (seed {seed}): {} acknowledged actions, {} deliveries, {killed_before_delivery} kills between a commit and its delivery",
        seen.acked.len(),
        seen.sent.len()
    );
}
