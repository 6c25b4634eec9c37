//! Scale-out (issue 31): three `turnpost serve` processes, each running its own range of
//! gateway shards (0-1, 2-3 and 4-5 of 6), share one PostgreSQL and the fake Discord, which
//! sends each server's interactions on the shard Discord would and DMs on shard 0. Players
//! open games of Roll Through the Ages (2 players: the shortest honest game) in servers
//! spread over every shard and play them to the end by clicks, while a random process is
//! killed with SIGKILL every few seconds and started again with the same shards. A click
//! that lands while its shard's process is down fails as on Discord, and its player tries
//! again a moment later.
//!
//! Some games have a 12-hour deadline (skip): now and then their players pause, the test
//! moves every process's clock (`TURNPOST_TEST_CLOCK`) to half an hour before the deadline,
//! then past it, and each late turn must be warned once and skipped once, however many
//! processes sweep.
//!
//! At the end: every action whose click the player saw answered is in the database exactly
//! once, every game's log is gap-free, no message was created twice for one outbox row
//! (Discord's nonce catches a repeat, and a second message with the same nonce would be a
//! duplicate), every game finished, and the fake Discord saw nothing Discord would refuse
//! beyond what the kills explain. One line sums it up (`SCALEOUT …`).
//!
//! `TURNPOST_SCALE_GAMES` (default 100) plays more games; `TURNPOST_SCALE_SEED` (default 7)
//! other kills and clicks.

#[path = "support/postgres.rs"]
mod postgres;
#[path = "support/mod.rs"]
mod support;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use support::clicks::{At, Clicker, Patience, Sent, content, is_action};
use support::{FakeDiscord, env_number};

/// Shards in all, and the ranges of the three processes.
const TOTAL: u64 = 6;
const RANGES: [(u64, u64); 3] = [(0, 1), (2, 3), (4, 5)];
/// Servers the games are spread over (every shard has four).
const GUILDS: u64 = 24;
/// Players playing at once (each plays its share of the games, a turn at a time).
const WORKERS: usize = 6;
const HOUR_MS: i64 = 3_600_000;
/// The deadline of the deadline games, in hours.
const DEADLINE_H: i64 = 12;

/// A server whose events Discord sends on shard `shard` of `total`.
fn server_on(shard: u64, total: u64, n: u64) -> u64 {
    ((n * total + shard) << 22) | 0x1234
}

/// One `turnpost serve` process and what it needs to start again.
struct Process {
    range: (u64, u64),
    child: Option<Child>,
    log: PathBuf,
}

/// What every process is started with.
struct Setup {
    database: String,
    api: String,
    clock: PathBuf,
    dir: PathBuf,
}

impl Process {
    fn start(&mut self, setup: &Setup) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_turnpost"))
            .arg("serve")
            .arg("--shards")
            .arg(format!("{}-{}", self.range.0, self.range.1))
            .arg("--shard-total")
            .arg(TOTAL.to_string())
            .current_dir(&setup.dir)
            .env("DISCORD_TOKEN", "test-token")
            .env("TURNPOST_DATABASE", &setup.database)
            .env("TURNPOST_DISCORD_API", &setup.api)
            .env("TURNPOST_TEST_CLOCK", &setup.clock)
            .env("RUST_LOG", "warn")
            .env_remove("TURNPOST_DEV_GUILD")
            .env_remove("TURNPOST_METRICS_ADDR")
            .env_remove("TURNPOST_SHARDS")
            .env_remove("TURNPOST_SHARD_TOTAL")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap();
        self.child = Some(child);
    }

    /// SIGKILL, and wait for the process to be gone.
    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }

    fn shards(&self) -> [(u64, u64); 2] {
        [(self.range.0, TOTAL), (self.range.1, TOTAL)]
    }
}

/// Waits until the fake has (`up`) or has not a ready gateway connection of each of the
/// process's shards.
async fn wait_shards(fake: &FakeDiscord, p: &Process, up: bool, timeout: Duration) {
    let shards = p.shards();
    let done = fake
        .poll_until(timeout, || {
            let ready = fake.shards_ready();
            shards.iter().all(|s| ready.contains(s) == up).then_some(())
        })
        .await;
    if done.is_none() {
        let log = std::fs::read_to_string(&p.log).unwrap_or_default();
        let tail: Vec<&str> = log.lines().rev().take(40).collect();
        panic!(
            "shards {:?} not {} after {timeout:?}; ready: {:?}; the process's log ends:\n{}",
            shards,
            if up { "connected" } else { "gone" },
            fake.shards_ready(),
            tail.into_iter().rev().collect::<Vec<_>>().join("\n")
        );
    }
}

/// Moves every process's clock on by `ms`.
fn move_clock(path: &Path, offset: &mut i64, ms: i64) {
    *offset += ms;
    std::fs::write(path, offset.to_string()).unwrap();
}

/// One game of the test.
#[derive(Clone, Copy, Debug)]
struct Game {
    at: At,
    deadline: bool,
}

/// The warnings of a late turn posted in a channel so far.
fn warnings_in(fake: &FakeDiscord, channel: u64) -> usize {
    fake.channel_requests(channel)
        .iter()
        .filter(|r| r.is_channel_message(channel) && r.ok())
        .filter(|r| content(r).contains("your turn's deadline is"))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_processes_on_one_postgres_lose_nothing_when_killed() {
    let started = Instant::now();
    let games_wanted = env_number("TURNPOST_SCALE_GAMES", 100) as usize;
    let seed = env_number("TURNPOST_SCALE_SEED", 7);
    let Some(cluster) = postgres::Cluster::shared() else {
        eprintln!("TURNPOST_SKIP_POSTGRES=1: no PostgreSQL, the scale-out test does not run");
        return;
    };
    let database = cluster.database("scaleout").await;
    let pool = sqlx::PgPool::connect(&database).await.unwrap();
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = tempfile::tempdir().unwrap();
    let setup = Setup {
        database: database.clone(),
        api: fake.base_url(),
        clock: dir.path().join("clock"),
        dir: dir.path().to_path_buf(),
    };
    std::fs::write(&setup.clock, "0").unwrap();
    let mut offset = 0_i64;

    // Three processes, each with its own shards.
    let processes: Vec<Arc<tokio::sync::Mutex<Process>>> = RANGES
        .iter()
        .enumerate()
        .map(|(i, &range)| {
            Arc::new(tokio::sync::Mutex::new(Process {
                range,
                child: None,
                log: dir.path().join(format!("process-{i}.log")),
            }))
        })
        .collect();
    for p in &processes {
        let mut p = p.lock().await;
        p.start(&setup);
        wait_shards(&fake, &p, true, Duration::from_secs(60)).await;
    }
    fake.wait_commands(None, Duration::from_secs(30)).await;

    // The games: servers spread over every shard, a channel and two players each; every
    // fourth game has a deadline.
    let games: Vec<Game> = (0..games_wanted as u64)
        .map(|j| {
            let g = j % GUILDS;
            Game {
                at: (server_on(g % TOTAL, TOTAL, 1 + g / TOTAL), 20_000 + j),
                deadline: j % 4 == 0,
            }
        })
        .collect();
    let players = |j: usize| [300_000 + 2 * j as u64, 300_001 + 2 * j as u64];
    let mut opener = Clicker::strict(&fake);
    for (j, game) in games.iter().enumerate() {
        let options = if game.deadline {
            json!([
                {"name": "deadline", "type": 3, "value": format!("{DEADLINE_H}h")},
                {"name": "on_timeout", "type": 3, "value": "skip"}
            ])
        } else {
            json!([])
        };
        if let Err(e) = opener.open(game.at, "rtta", options, &players(j)).await {
            panic!("opening game {j}: {e}\n{}", fake.report());
        }
    }
    let opened_in = started.elapsed();

    // The killer: a random process every few seconds, started again with the same shards.
    let stop = Arc::new(AtomicBool::new(false));
    let kills = Arc::new(AtomicUsize::new(0));
    // When each process (by its index) was killed.
    let killed_at: Arc<std::sync::Mutex<Vec<(usize, Instant)>>> = Arc::default();
    let killer = {
        let (fake, processes, stop, kills, killed_at) = (
            fake.clone(),
            processes.clone(),
            stop.clone(),
            kills.clone(),
            killed_at.clone(),
        );
        let setup = Setup {
            database: setup.database.clone(),
            api: setup.api.clone(),
            clock: setup.clock.clone(),
            dir: setup.dir.clone(),
        };
        tokio::spawn(async move {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !stop.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(rng.random_range(1000..4000))).await;
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let victim = rng.random_range(0..processes.len());
                let mut p = processes[victim].lock().await;
                p.kill();
                kills.fetch_add(1, Ordering::SeqCst);
                killed_at.lock().unwrap().push((victim, Instant::now()));
                wait_shards(&fake, &p, false, Duration::from_secs(30)).await;
                // Down for a moment, as a crashed process restarted by its supervisor is.
                tokio::time::sleep(Duration::from_millis(rng.random_range(0..1500))).await;
                p.start(&setup);
                wait_shards(&fake, &p, true, Duration::from_secs(60)).await;
            }
        })
    };

    // The players: each plays its share of the games a turn at a time, round the table,
    // trying again a moment after a click that failed. Deadline games rest while `pause`.
    let pause = Arc::new(AtomicBool::new(false));
    let in_deadline_game = Arc::new(AtomicUsize::new(0));
    let finished = Arc::new(AtomicUsize::new(0));
    let failures = Arc::new(AtomicUsize::new(0));
    let patience = Patience {
        connect: Duration::ZERO,
        ack: Duration::from_secs(5),
        answer: Duration::from_secs(20),
        // A turn message a killed process had claimed waits for its lease (30 s).
        turn: Duration::from_secs(60),
    };
    let workers: Vec<_> = (0..WORKERS)
        .map(|w| {
            let (fake, pause, busy, finished, failures) = (
                fake.clone(),
                pause.clone(),
                in_deadline_game.clone(),
                finished.clone(),
                failures.clone(),
            );
            let mine: Vec<(usize, Game)> = games
                .iter()
                .copied()
                .enumerate()
                .filter(|(j, _)| j % WORKERS == w)
                .collect();
            tokio::spawn(async move {
                let mut clicker = Clicker::new(&fake, patience);
                let mut rngs: Vec<u64> =
                    mine.iter().map(|(j, _)| seed * 1000 + *j as u64).collect();
                let mut over = vec![false; mine.len()];
                let mut errors = Vec::new();
                while over.iter().any(|o| !o) {
                    for (k, (_, game)) in mine.iter().enumerate() {
                        if over[k] {
                            continue;
                        }
                        if game.deadline {
                            if pause.load(Ordering::SeqCst) {
                                continue;
                            }
                            busy.fetch_add(1, Ordering::SeqCst);
                            if pause.load(Ordering::SeqCst) {
                                busy.fetch_sub(1, Ordering::SeqCst);
                                continue;
                            }
                        }
                        let played = clicker.play_turn(game.at, &mut rngs[k]).await;
                        if game.deadline {
                            busy.fetch_sub(1, Ordering::SeqCst);
                        }
                        match played {
                            Ok(Some(_)) => {}
                            Ok(None) => {
                                over[k] = true;
                                finished.fetch_add(1, Ordering::SeqCst);
                            }
                            Err(e) => {
                                failures.fetch_add(1, Ordering::SeqCst);
                                errors.push(e);
                                tokio::time::sleep(Duration::from_millis(300)).await;
                            }
                        }
                    }
                    // Only resting games left: wait for the pause to end.
                    if pause.load(Ordering::SeqCst) {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
                (clicker.sent, errors)
            })
        })
        .collect();

    // Now and then the deadline games rest and time passes: each late turn is warned once,
    // then skipped once.
    let limit = Duration::from_secs(env_number("TURNPOST_SCALE_LIMIT_S", 1500));
    let mut deadlines = 0;
    let mut phases = 0;
    let mut next_phase = Instant::now() + Duration::from_secs(15);
    while finished.load(Ordering::SeqCst) < games.len() {
        assert!(
            started.elapsed() < limit,
            "only {} of {} games finished after {limit:?}",
            finished.load(Ordering::SeqCst),
            games.len()
        );
        if phases < 3 && Instant::now() >= next_phase {
            deadlines += deadline_phase(
                &fake,
                &pool,
                &setup.clock,
                &mut offset,
                &pause,
                &in_deadline_game,
            )
            .await;
            phases += 1;
            next_phase = Instant::now() + Duration::from_secs(25);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let mut sent: Vec<Sent> = Vec::new();
    let mut errors: Vec<String> = Vec::new();
    for w in workers {
        let (s, e) = w.await.unwrap();
        sent.extend(s);
        errors.extend(e);
    }
    stop.store(true, Ordering::SeqCst);
    killer.await.unwrap();
    let played_in = started.elapsed();

    // Everything left goes out (all three running again), then the processes stop.
    let pending = wait_drained(&pool, Duration::from_secs(120)).await;
    assert_eq!(pending, 0, "deliveries left pending");
    let mut logged: BTreeMap<String, usize> = BTreeMap::new();
    for p in &processes {
        let mut p = p.lock().await;
        p.kill();
        let log = std::fs::read_to_string(&p.log).unwrap_or_default();
        assert!(!log.contains("panicked"), "a process panicked:\n{log}");
        for line in log.lines().filter(|l| l.contains("ERROR")) {
            // The message and its fields, without the time stamp, the colours and numbers.
            let what = line.split("ERROR").nth(1).unwrap_or(line);
            let what = without_colours(what).replace(|c: char| c.is_ascii_digit(), "");
            let what: String = what.trim().chars().take(300).collect();
            *logged.entry(what).or_default() += 1;
        }
    }

    // Every game finished, with a gap-free log.
    let rows: Vec<(i64, i64, String)> =
        sqlx::query_as("SELECT game_id, version, status FROM game ORDER BY game_id")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(rows.len(), games.len(), "one game per channel");
    for (game, version, status) in &rows {
        assert_eq!(status, "finished", "game {game} did not finish");
        let seqs: Vec<i64> =
            sqlx::query_scalar("SELECT seq FROM action WHERE game_id = $1 ORDER BY seq")
                .bind(game)
                .fetch_all(&pool)
                .await
                .unwrap();
        assert_eq!(
            seqs,
            (1..=*version).collect::<Vec<_>>(),
            "game {game} at version {version}: its log has gaps or repeats"
        );
    }

    // Each game's channel ends with one final message, and every turn message before it lost
    // its buttons (none was left behind by a process killed between the two).
    for game in &games {
        let channel = game.at.1;
        let messages = fake.messages_in(channel);
        let ids = |m: &serde_json::Value| -> Vec<String> {
            support::clicks::controls(m)
                .iter()
                .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
                .collect()
        };
        let finals = messages
            .iter()
            .filter(|m| ids(m).iter().any(|id| id.ends_with(":rematch")))
            .count();
        assert_eq!(finals, 1, "channel {channel}: {finals} final messages");
        let live: Vec<_> = messages
            .iter()
            .filter(|m| ids(m).iter().any(|id| id.ends_with(":turn")))
            .map(|m| m["id"].clone())
            .collect();
        assert!(
            live.is_empty(),
            "channel {channel}: turn messages {live:?} kept their buttons after the game"
        );
    }

    // Every action a player saw answered is in the database exactly once.
    let stored: HashMap<String, i64> = sqlx::query_as::<_, (String, i64)>(
        "SELECT interaction_id, COUNT(*) FROM action WHERE interaction_id IS NOT NULL
         GROUP BY interaction_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let mut acks = 0;
    let mut lost = Vec::new();
    let mut questions = 0;
    for s in &sent {
        let Some(id) = s.custom_id() else { continue };
        if !is_action(id) || !s.answered() {
            continue;
        }
        match stored.get(s.id()) {
            Some(1) => acks += 1,
            Some(n) => panic!("interaction {} stored {n} times", s.id()),
            None => {
                // A question (play it anyway?) is answered without an action.
                let panel = s.answer.as_ref().and_then(|a| a.response.clone());
                let asks = panel.is_some_and(|p| {
                    support::clicks::controls(&p).iter().any(|c| {
                        c["custom_id"]
                            .as_str()
                            .is_some_and(|i| i.contains(":sure:"))
                    })
                });
                if asks {
                    questions += 1;
                } else {
                    lost.push(format!(
                        "{id} ({}): answered {:?}",
                        s.id(),
                        s.answer.as_ref().map(content)
                    ));
                }
            }
        }
    }

    // No message created twice for one outbox row (channel posts and DMs carry the row's
    // nonce).
    let duplicates = fake.duplicates();
    let caught = fake.count(|r| r.deduplicated);

    // The kills explain interactions that were never acknowledged (dispatched to a process
    // that died before it answered) and acknowledgements too late for Discord.
    let acked: HashSet<String> = fake
        .find_all(|r| r.is_callback())
        .iter()
        .filter_map(|r| r.interaction_token().map(str::to_string))
        .collect();
    let mut unanswered = 0;
    for s in sent.iter().filter(|s| s.dispatched) {
        let token = s.interaction["token"].as_str().unwrap_or_default();
        if !acked.contains(token) {
            unanswered += 1;
            fake.expect_no_ack(
                &s.interaction,
                "dispatched to a process killed before it answered",
            );
        }
    }
    // Every click that failed is explained by a kill: its shard's process was killed
    // between the click and the end of the player's patience.
    let killed_at = killed_at.lock().unwrap().clone();
    let unexplained: Vec<String> = sent
        .iter()
        .filter(|s| s.dispatched && !s.answered())
        .filter(|s| {
            let guild = s.interaction["guild_id"]
                .as_str()
                .and_then(|g| g.parse::<u64>().ok());
            let shard = guild.map_or(0, |g| (g >> 22) % TOTAL);
            let owner = RANGES
                .iter()
                .position(|&(a, b)| (a..=b).contains(&shard))
                .unwrap();
            let window = patience.ack + patience.answer;
            !killed_at
                .iter()
                .any(|&(p, at)| p == owner && at >= s.at && at <= s.at + window)
        })
        .map(|s| {
            format!(
                "{} {:?}: callback {:?}, answer {:?}",
                s.id(),
                s.custom_id(),
                s.callback.as_ref().map(|r| r.status),
                s.answer.as_ref().map(|r| r.status)
            )
        })
        .collect();
    let late = fake.count(|r| r.error_code() == Some(10062));
    if late > 0 {
        fake.expect_error_code(
            10062,
            "acknowledgements later than 3 s while processes restart",
        );
    }
    let seconds = started.elapsed().as_secs();
    println!(
        "SCALEOUT processes=3 kills={} games={} guilds={} acks={acks} lost={} duplicates={} \
         deadlines={deadlines} seconds={seconds}",
        kills.load(Ordering::SeqCst),
        games.len(),
        GUILDS.min(games.len() as u64),
        lost.len(),
        duplicates.len(),
    );
    println!(
        "opened in {opened_in:?}, played in {played_in:?}; {} clicks, {} failed and tried \
         again ({unanswered} never acknowledged, {late} acknowledged too late); {questions} \
         questions; repeats caught by the nonce: {caught}; failures: {:?}",
        sent.len(),
        failures.load(Ordering::SeqCst),
        kinds(&errors)
    );
    println!("errors the processes logged: {logged:#?}");
    assert!(
        unexplained.is_empty(),
        "clicks that failed while their process ran: {unexplained:#?}"
    );
    // Several processes sweeping the same deadline is the normal case, not a failure.
    assert!(
        !logged.keys().any(|l| l.contains("deadline step failed")),
        "a deadline step failed: {logged:#?}"
    );
    assert!(lost.is_empty(), "acknowledged actions lost: {lost:#?}");
    assert!(duplicates.is_empty(), "created twice: {duplicates:?}");
    assert!(acks > 30 * games.len(), "only {acks} acknowledged actions");
    assert!(deadlines > 0, "no deadline was applied");
    pool.close().await;
    fake.assert_clean();
}

/// How many failures of each kind (their words without numbers).
fn kinds(errors: &[String]) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for e in errors {
        let what = e.replace(|c: char| c.is_ascii_digit() || c == '"', "");
        *out.entry(what).or_default() += 1;
    }
    out
}

/// A log line without its terminal colours (`ESC [ … m`).
fn without_colours(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Waits until the outbox has nothing pending; how many rows are left.
async fn wait_drained(pool: &sqlx::PgPool, timeout: Duration) -> i64 {
    let until = Instant::now() + timeout;
    loop {
        let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL")
            .fetch_one(pool)
            .await
            .unwrap();
        if left == 0 || Instant::now() >= until {
            return left;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The deadline games rest; the clock moves to half an hour before their deadlines (one
/// warning each), then past them (one skip each); a few sweeps later nothing more happened.
/// Returns the late turns skipped.
async fn deadline_phase(
    fake: &FakeDiscord,
    pool: &sqlx::PgPool,
    clock: &Path,
    offset: &mut i64,
    pause: &AtomicBool,
    busy: &AtomicUsize,
) -> usize {
    pause.store(true, Ordering::SeqCst);
    while busy.load(Ordering::SeqCst) > 0 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The running deadlines of active games: (game, channel).
    let late: BTreeMap<i64, i64> = sqlx::query_as::<_, (i64, i64)>(
        "SELECT g.game_id, g.channel_id FROM deadline d JOIN game g ON g.game_id = d.game_id
         WHERE g.status = 'active' AND d.phase = 'running'",
    )
    .fetch_all(pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let skips = |pool: &sqlx::PgPool| {
        let pool = pool.clone();
        async move {
            sqlx::query_as::<_, (i64, i64)>(
                "SELECT game_id, COUNT(*) FROM action WHERE notation = 'timeout' GROUP BY game_id",
            )
            .fetch_all(&pool)
            .await
            .unwrap()
            .into_iter()
            .collect::<HashMap<i64, i64>>()
        }
    };
    let skipped_before = skips(pool).await;
    let warned_before: HashMap<i64, usize> = late
        .iter()
        .map(|(&g, &c)| (g, warnings_in(fake, c as u64)))
        .collect();
    let warned = |fake: &FakeDiscord| {
        late.iter()
            .filter(|(g, c)| warnings_in(fake, **c as u64) > warned_before[g])
            .count()
    };
    // Half an hour before every deadline: one warning each.
    move_clock(clock, offset, DEADLINE_H * HOUR_MS - HOUR_MS / 2);
    let all = fake
        .poll_until(Duration::from_secs(90), || {
            (warned(fake) == late.len()).then_some(())
        })
        .await;
    assert!(
        all.is_some(),
        "{} of {} late turns were warned",
        warned(fake),
        late.len()
    );
    // Past every deadline: one skip each.
    move_clock(clock, offset, HOUR_MS);
    let until = Instant::now() + Duration::from_secs(90);
    loop {
        let now = skips(pool).await;
        let done = late
            .keys()
            .filter(|g| {
                now.get(g).copied().unwrap_or(0) > skipped_before.get(g).copied().unwrap_or(0)
            })
            .count();
        if done == late.len() {
            break;
        }
        assert!(
            Instant::now() < until,
            "{done} of {} late turns were skipped",
            late.len()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Three more sweeps of every process: still one warning and one skip each.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let now = skips(pool).await;
    for (g, c) in &late {
        let skipped =
            now.get(g).copied().unwrap_or(0) - skipped_before.get(g).copied().unwrap_or(0);
        assert_eq!(
            skipped, 1,
            "game {g}: its late turn was skipped {skipped} times"
        );
        let warnings = warnings_in(fake, *c as u64) - warned_before[g];
        assert_eq!(
            warnings, 1,
            "game {g}: its late turn was warned {warnings} times"
        );
    }
    pause.store(false, Ordering::SeqCst);
    late.len()
}
