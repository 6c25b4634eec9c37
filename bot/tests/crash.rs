//! Crash test: a child process plays random legal moves through the table service into a
//! SQLite file and is killed with SIGKILL at random points, 200 times. After every kill,
//! every action the child acknowledged must be in the database, and the next child must
//! resume the game where it stopped.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const CYCLES: u64 = 200;

fn parse_ack(line: &str) -> Option<(i64, i64, String)> {
    let rest = line.strip_prefix("ack ")?;
    let mut parts = rest.splitn(3, ' ');
    Some((
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
        parts.next()?.to_string(),
    ))
}

#[test]
fn acknowledged_actions_survive_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let bin = env!("CARGO_BIN_EXE_turnpost");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut acked: Vec<(i64, i64, String)> = Vec::new();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    for cycle in 0..CYCLES {
        let mut child = Command::new(bin)
            .args(["selfplay", "--db"])
            .arg(&db)
            .args(["--seed", &cycle.to_string(), "--moves", "1000000"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        // Kill after a random number of acknowledgements, sometimes after a random pause
        // (mid-transaction), sometimes before the first one.
        let wanted = rng.random_range(0..8);
        let mut line = String::new();
        for _ in 0..wanted {
            line.clear();
            if stdout.read_line(&mut line).unwrap() == 0 {
                break;
            }
            acked.extend(parse_ack(line.trim_end()));
        }
        if rng.random_bool(0.5) {
            std::thread::sleep(Duration::from_micros(rng.random_range(0..3000)));
        }
        let early_exit = child.try_wait().unwrap();
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        // Whatever the child printed before dying was acknowledged too.
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        acked.extend(rest.lines().filter_map(parse_ack));
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
        runtime.block_on(async {
            let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display())).await.unwrap();
            for (game, seq, notation) in &acked {
                let stored: Option<String> = sqlx::query_scalar("SELECT notation FROM action WHERE game_id = ? AND seq = ?")
                    .bind(game)
                    .bind(seq)
                    .fetch_optional(&pool)
                    .await
                    .unwrap();
                assert_eq!(stored.as_deref(), Some(notation.as_str()), "cycle {cycle}: acknowledged action {game}/{seq} lost");
            }
            // Every game's sequence numbers are exactly 1..=version: as many as the version, all
            // in 1..=version, unique by the primary key.
            let gaps: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM game WHERE version != (SELECT COUNT(*) FROM action WHERE action.game_id = game.game_id) OR EXISTS (SELECT 1 FROM action WHERE action.game_id = game.game_id AND (action.seq < 1 OR action.seq > game.version))",
            )
            .fetch_one(&pool)
            .await
            .unwrap();
            assert_eq!(gaps, 0, "cycle {cycle}: sequence numbers are not 1..=version in every game");
            pool.close().await;
        });
    }
    assert!(
        acked.len() > 300,
        "the test exercised too little: {} acknowledgements",
        acked.len()
    );
    // The game goes on after the last kill.
    let out = Command::new(bin)
        .args(["selfplay", "--db"])
        .arg(&db)
        .args(["--moves", "20"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 20);
}
