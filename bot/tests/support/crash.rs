//! The crash test's body, on either backend (`crash.rs` on a SQLite file, `crash_postgres.rs`
//! on a database of a throwaway PostgreSQL cluster; `support/postgres.rs` tells them by the
//! test target's name). A child process plays random legal moves through the table service
//! into the database and is killed with SIGKILL at random points. After every kill, a SQLite
//! file must pass `PRAGMA integrity_check` (a PostgreSQL server is not the process killed: its
//! backend rolls the dead client's transaction back), every action the child acknowledged
//! must be in the database with gap-free sequence numbers, every commit must have its
//! messages in the outbox, nothing marked delivered may have gone unsent, and no step of a
//! turn may have edited another turn's message; the next child resumes the game and sends
//! what was left.
//!
//! The child queues each turn's messages in the outbox and delivers them a little later to a
//! stand-in for Discord that records every message it creates in a file (Discord's memory,
//! which outlives the child) and honours the nonce of a repeat for a while: even cycles trust
//! the nonce for a minute, odd cycles not at all, so a possible repeat is looked for first.
//! A message created twice for one outbox row is a duplicate (counted for channel posts and
//! DMs). Kills are counted where they fell: between a commit and its delivery (something
//! committed was not sent yet), and between a delivery and its record (sent, not marked done:
//! where a resend could double it). At the end, every turn message that was replaced has lost
//! its buttons, and each game's stored turn message is the last one posted. Games alternate
//! between Pandoria and Roll Through the Ages with 2–4 players.
//!
//! `TURNPOST_CRASH_CYCLES` (default: the target's) and `TURNPOST_CRASH_SEED` (default 7) make
//! longer or different runs without a code change.

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::pg::{Bind, Raw};

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

/// The acknowledgements a child printed.
#[derive(Default)]
struct Seen {
    acked: Vec<(i64, i64, String)>,
}

impl Seen {
    fn line(&mut self, line: &str) {
        self.acked.extend(parse_ack(line));
    }
}

/// What the stand-in Discord received, from its record file.
#[derive(Default)]
struct Record {
    /// Messages created per outbox row, with the row's kind.
    created: BTreeMap<i64, (String, u32)>,
    /// Rows whose message was created or edited.
    touched: BTreeSet<i64>,
    /// Edits that went to a message other than the game's turn message at the time.
    stray_edits: Vec<String>,
    /// Every game's turn messages, and the current one.
    turn_messages: BTreeMap<i64, BTreeSet<u64>>,
    current: BTreeMap<i64, Option<u64>>,
    /// Messages whose buttons were removed.
    retired: BTreeSet<u64>,
}

impl Record {
    fn read(path: &Path) -> Record {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let mut r = Record::default();
        for line in text.lines() {
            let f: Vec<&str> = line.split(' ').collect();
            match f.as_slice() {
                ["msg", row, game, kind, _target, id, effect, _at] => {
                    let row: i64 = row.parse().unwrap();
                    let id: u64 = id.parse().unwrap();
                    r.created.entry(row).or_insert((kind.to_string(), 0)).1 += 1;
                    r.touched.insert(row);
                    if let Ok(game) = game.parse::<i64>() {
                        match *effect {
                            "turn" => {
                                r.current.insert(game, Some(id));
                                r.turn_messages.entry(game).or_default().insert(id);
                            }
                            "end" => {
                                r.current.insert(game, None);
                            }
                            _ => {}
                        }
                    }
                }
                ["edit", row, game, id] => {
                    let row: i64 = row.parse().unwrap();
                    let id: u64 = id.parse().unwrap();
                    r.touched.insert(row);
                    let game: i64 = game.parse().unwrap();
                    let current = r.current.get(&game).copied().flatten();
                    if current != Some(id) {
                        r.stray_edits.push(format!(
                            "row {row} edited message {id} of game {game}, whose turn message was {current:?}"
                        ));
                    }
                }
                ["retire", id] => {
                    r.retired.insert(id.parse().unwrap());
                }
                _ => panic!("unexpected record line {line:?}"),
            }
        }
        r
    }

    /// Rows created more than once: (channel posts, DMs).
    fn duplicates(&self) -> (Vec<i64>, Vec<i64>) {
        let twice = |k: &str| {
            self.created
                .iter()
                .filter(|(_, (kind, n))| kind == k && *n > 1)
                .map(|(row, _)| *row)
                .collect()
        };
        (twice("channel"), twice("dm"))
    }
}

/// Where a kill fell.
#[derive(Default)]
struct Kill {
    /// Deliveries committed but not sent.
    unsent: usize,
    /// Deliveries sent but not recorded as done.
    unrecorded: usize,
}

/// The database the children play into: a SQLite file, or a PostgreSQL database.
pub enum Db {
    Sqlite(PathBuf),
    Postgres(String),
}

impl Db {
    /// This target's database for the SQLite file `path` (`support/postgres.rs`).
    pub async fn at(path: &Path) -> Db {
        match super::pg::url_for(path).await {
            Some(url) => Db::Postgres(url),
            None => Db::Sqlite(path.to_path_buf()),
        }
    }

    /// What the child's `--db` takes.
    fn arg(&self) -> OsString {
        match self {
            Db::Sqlite(path) => path.clone().into_os_string(),
            Db::Postgres(url) => url.into(),
        }
    }

    /// A connection for the checks. A child killed at once may not have created the SQLite
    /// file yet (`mode=rwc`).
    async fn raw(&self) -> Raw {
        match self {
            Db::Sqlite(path) => Raw::Sqlite(
                sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=rwc", path.display()))
                    .await
                    .unwrap(),
            ),
            Db::Postgres(url) => Raw::Postgres(sqlx::PgPool::connect(url).await.unwrap()),
        }
    }

    /// The backend's text of one check.
    fn sql<'a>(&self, sqlite: &'a str, postgres: &'a str) -> &'a str {
        match self {
            Db::Sqlite(_) => sqlite,
            Db::Postgres(_) => postgres,
        }
    }
}

/// Checks the database and the record after a kill; says where the kill fell.
async fn check(db: &Db, record: &Record, seen: &Seen, cycle: u64) -> Kill {
    let raw = db.raw().await;
    if !raw.is_postgres() {
        let integrity: Vec<String> = raw.scalars("PRAGMA integrity_check").await;
        assert_eq!(integrity, ["ok"], "cycle {cycle}: the database is damaged");
    }
    // A child killed at once may not have migrated the database yet; then it cannot have
    // acknowledged anything either.
    let migrated: i64 = raw
        .scalar(db.sql(
            "SELECT COUNT(*) FROM sqlite_master WHERE name = 'outbox_image'",
            "SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'outbox_image'",
        ))
        .await;
    if migrated == 0 {
        assert!(
            seen.acked.is_empty(),
            "cycle {cycle}: acknowledged actions but no tables"
        );
        raw.close().await;
        return Kill::default();
    }
    for (game, seq, notation) in &seen.acked {
        let stored: Vec<(String,)> = raw
            .query_as(
                "SELECT notation FROM action WHERE game_id = ? AND seq = ?",
                &[Bind::Int(*game), Bind::Int(*seq)],
            )
            .await;
        assert_eq!(
            stored.first().map(|(n,)| n.as_str()),
            Some(notation.as_str()),
            "cycle {cycle}: acknowledged action {game}/{seq} lost"
        );
    }
    // Each game's log is exactly 1..=version, and each commit queued its turn message (one
    // channel post for the opening and one per final action — a step undo may still take back
    // is held back from the channel and stored as not revealing, issue 28; selfplay neither
    // undoes nor resigns; removing an old turn message's buttons is a row of its own).
    let games: Vec<(i64, i64)> = raw.query_as("SELECT game_id, version FROM game", &[]).await;
    for (game, version) in games {
        let seqs: Vec<(i64,)> = raw
            .query_as(
                "SELECT seq FROM action WHERE game_id = ? ORDER BY seq",
                &[Bind::Int(game)],
            )
            .await;
        assert_eq!(
            seqs.into_iter().map(|(s,)| s).collect::<Vec<_>>(),
            (1..=version).collect::<Vec<_>>(),
            "cycle {cycle}: game {game} at version {version}"
        );
        let posts: Vec<(i64,)> = raw
            .query_as(
                db.sql(
                    "SELECT COUNT(*) FROM outbox WHERE game_id = ? AND kind = 'channel'
                     AND json_extract(body, '$.retire') IS NULL",
                    "SELECT COUNT(*) FROM outbox WHERE game_id = ? AND kind = 'channel'
                     AND body::jsonb -> 'retire' IS NULL",
                ),
                &[Bind::Int(game)],
            )
            .await;
        let finals: Vec<(i64,)> = raw
            .query_as(
                "SELECT COUNT(*) FROM action WHERE game_id = ? AND reveals != 0",
                &[Bind::Int(game)],
            )
            .await;
        assert_eq!(
            posts[0].0,
            finals[0].0 + 1,
            "cycle {cycle}: game {game}'s final commits and turn messages disagree"
        );
    }
    // Nothing is marked delivered that was never sent, but for a hand DM skipped for a newer
    // one of the same player (only the newest hand matters, issue 28).
    let rows: Vec<(i64, Option<i64>, bool)> = raw
        .query_as(
            db.sql(
                "SELECT outbox_id, json_extract(body, '$.retire'), done_at IS NOT NULL FROM outbox
                 WHERE outcome IS NULL OR outcome NOT LIKE 'skipped: a newer DM%'",
                "SELECT outbox_id, (body::jsonb ->> 'retire')::bigint, done_at IS NOT NULL
                 FROM outbox WHERE outcome IS NULL OR outcome NOT LIKE 'skipped: a newer DM%'",
            ),
            &[],
        )
        .await;
    raw.close().await;
    let mut kill = Kill::default();
    for (id, retire, done) in rows {
        let went_out = match retire {
            Some(message) => record.retired.contains(&(message as u64)),
            None => record.touched.contains(&id),
        };
        if done {
            assert!(
                went_out,
                "cycle {cycle}: delivery {id} marked done but never sent"
            );
        } else if went_out {
            kill.unrecorded += 1;
        } else {
            kill.unsent += 1;
        }
    }
    assert!(
        record.stray_edits.is_empty(),
        "cycle {cycle}: a step edited another turn's message: {:?}",
        record.stray_edits
    );
    kill
}

/// Every replaced turn message lost its buttons, and each game's stored turn message is the
/// last one posted.
async fn check_turn_messages(db: &Db, record: &Record) {
    let raw = db.raw().await;
    let games: Vec<(i64, Option<i64>)> = raw
        .query_as("SELECT game_id, turn_message_id FROM game", &[])
        .await;
    raw.close().await;
    for (game, stored) in games {
        let current = record.current.get(&game).copied().flatten();
        assert_eq!(
            stored.map(|m| m as u64),
            current,
            "game {game}: the stored turn message is not the last one posted"
        );
        for id in record.turn_messages.get(&game).into_iter().flatten() {
            assert!(
                Some(*id) == current || record.retired.contains(id),
                "game {game}: the replaced turn message {id} kept its buttons"
            );
        }
    }
}

/// Plays `TURNPOST_CRASH_CYCLES` (default `default_cycles`) kill cycles into this target's
/// database and checks it after each, then lets a last child finish the game and checks
/// that everything left was delivered, nothing twice.
pub fn kill_cycles(default_cycles: u64) {
    let cycles = env_number("TURNPOST_CRASH_CYCLES", default_cycles);
    let seed = env_number("TURNPOST_CRASH_SEED", 7);
    let dir = tempfile::tempdir().unwrap();
    let discord = dir.path().join("discord.log");
    let bin = env!("CARGO_BIN_EXE_turnpost");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = Seen::default();
    // Kills that fell between a commit and its delivery, and between a delivery and its
    // record (where a resend could double a message).
    let mut killed_before_delivery = 0;
    let mut killed_before_record = 0;
    // And how many rows were in each state at those kills, in all.
    let (mut rows_unsent, mut rows_unrecorded) = (0, 0);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let db = runtime.block_on(Db::at(&dir.path().join("crash.db")));
    let started = std::time::Instant::now();
    for cycle in 0..cycles {
        let game = if cycle % 2 == 0 { "pandoria" } else { "rtta" };
        let players = rng.random_range(2..=4).to_string();
        let child_seed = (seed << 32 | cycle).to_string();
        // Even cycles trust Discord's nonce for a minute; odd ones look for every possible
        // repeat first (as after an outage longer than the nonce lasts).
        let trust = if cycle % 2 == 0 { "60000" } else { "0" };
        let mut child = Command::new(bin)
            .args(["selfplay", "--outbox", "--db"])
            .arg(db.arg())
            .arg("--discord")
            .arg(&discord)
            .args(["--nonce-trust-ms", trust])
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
        let kill = runtime.block_on(check(&db, &Record::read(&discord), &seen, cycle));
        killed_before_delivery += u64::from(kill.unsent > 0);
        killed_before_record += u64::from(kill.unrecorded > 0);
        rows_unsent += kill.unsent;
        rows_unrecorded += kill.unrecorded;
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
    assert!(
        killed_before_record > cycles / 20,
        "only {killed_before_record} of {cycles} kills fell between a delivery and its record"
    );
    // The game goes on after the last kill, and everything left is delivered.
    let out = Command::new(bin)
        .args(["selfplay", "--outbox", "--db"])
        .arg(db.arg())
        .arg("--discord")
        .arg(&discord)
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
    let record = Record::read(&discord);
    let left = runtime.block_on(check(&db, &record, &seen, cycles));
    assert_eq!(left.unsent + left.unrecorded, 0, "deliveries left pending");
    let (channel, dm) = record.duplicates();
    println!(
        "{cycles} kill cycles on {} in {:.1} s (seed {seed}): {} acknowledged actions, 0 lost, \
         {} messages created, {} retired{}; kills between a commit and its \
         delivery: {killed_before_delivery} ({rows_unsent} rows committed, not sent), between a \
         delivery and its record: {killed_before_record} ({rows_unrecorded} rows sent, not \
         recorded); duplicates: {} channel posts, {} DMs",
        db.sql("SQLite", "PostgreSQL"),
        started.elapsed().as_secs_f64(),
        seen.acked.len(),
        record.created.len(),
        record.retired.len(),
        db.sql(", integrity ok every cycle", ""),
        channel.len(),
        dm.len()
    );
    assert!(
        channel.is_empty() && dm.is_empty(),
        "sent twice: channel posts {channel:?}, DMs {dm:?}"
    );
    runtime.block_on(check_turn_messages(&db, &record));
}
