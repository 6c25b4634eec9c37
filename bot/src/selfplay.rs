//! `turnpost selfplay`: plays random legal moves through the table service and the real
//! store, printing `ack GAME SEQ NOTATION` after each committed action. The crash test kills
//! it at random points and checks that every acknowledged action survived.
//!
//! With `--outbox`, each commit also queues its messages in the outbox, and a worker
//! delivers them to a stand-in for Discord after a short random delay, so kills also land
//! between a commit and its delivery, and between a delivery and its record; the next run
//! must send what was left, and nothing twice.
//!
//! The stand-in (`FileDiscord`) keeps what Discord would: with `--discord FILE` it writes
//! one line per message created, edited or stripped of its buttons to that file (which
//! outlives the process, as Discord does), and honours the nonce of a repeated create for
//! `--nonce-trust-ms` (the worker trusts it as long, and looks for an earlier delivery
//! after that; 0 makes every possible repeat a look). Lines:
//!
//! - `msg ROW GAME KIND TARGET MESSAGE EFFECT MS`: a message created at `MS` (Unix ms;
//!   `GAME` `-` for none, `KIND` `channel` or `dm`, `EFFECT` `turn` if it becomes the game's
//!   turn message, `end` if it ends the game's turn messages, else `-`);
//! - `edit ROW GAME MESSAGE`: a turn message replaced by a step of the same turn;
//! - `retire MESSAGE`: an old turn message's buttons removed.
//!
//! Standard output gets `sent ROW` for each of those (and `dedup ROW` or `found ROW` when a
//! repeat was caught by the nonce or the look).

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::Seed;

use crate::clock::now_ms;
use crate::local::local_caller;

/// Self-play is read by tests and scripts, not people: its seats are named in English.
const WORDS: turnpost_core::words::Lang = turnpost_core::words::Lang::En;
use crate::outbox::{Courier, DeliveryKind, DeliveryRow, Failure, Message};
use crate::table::{Caller, Command, NoImages, Table, TableError, TableSettings};

/// What the stand-in Discord remembers.
#[derive(Debug, Default)]
struct Memory {
    /// The record file, if any.
    file: Option<std::fs::File>,
    /// Created messages by outbox row: (message id, Unix ms).
    created: HashMap<i64, (u64, i64)>,
    /// The last message id given out.
    last_id: u64,
}

/// A stand-in for Discord that writes what it receives to a file (see the module docs),
/// after a random pause of up to 3 ms.
#[derive(Debug)]
struct FileDiscord {
    rng: Mutex<ChaCha8Rng>,
    memory: Mutex<Memory>,
    /// How long a nonce is honoured (ms).
    nonce_window: i64,
}

fn failure(e: impl std::fmt::Display) -> Failure {
    Failure::Transient {
        why: e.to_string(),
        after: None,
        invalid: false,
    }
}

impl FileDiscord {
    /// Opens (and reads) the record file, if any.
    fn open(file: Option<&Path>, seed: u64, nonce_window: Duration) -> Result<FileDiscord, String> {
        let mut memory = Memory::default();
        if let Some(path) = file {
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
                Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
            };
            for line in text.lines() {
                let f: Vec<&str> = line.split(' ').collect();
                if f.first() == Some(&"msg") && f.len() == 8 {
                    let (Ok(row), Ok(id), Ok(at)) = (
                        f[1].parse::<i64>(),
                        f[5].parse::<u64>(),
                        f[7].parse::<i64>(),
                    ) else {
                        continue;
                    };
                    memory.created.entry(row).or_insert((id, at));
                    memory.last_id = memory.last_id.max(id);
                }
            }
            memory.file = Some(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
            );
        }
        Ok(FileDiscord {
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
            memory: Mutex::new(memory),
            nonce_window: nonce_window.as_millis() as i64,
        })
    }

    async fn pause(&self) {
        let pause = self
            .rng
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .random_range(0..3000);
        tokio::time::sleep(Duration::from_micros(pause)).await;
    }

    /// Writes one record line, if any (in one write, so a kill cannot split it), then
    /// `word ID` to standard output.
    fn record(memory: &mut Memory, line: &str, word: &str, row: i64) -> Result<(), Failure> {
        if let Some(file) = memory.file.as_mut().filter(|_| !line.is_empty()) {
            file.write_all(format!("{line}\n").as_bytes())
                .map_err(failure)?;
        }
        let mut out = std::io::stdout().lock();
        writeln!(out, "{word} {row}").map_err(failure)?;
        out.flush().map_err(failure)
    }
}

fn game_field(row: &DeliveryRow) -> String {
    row.game_id
        .map_or_else(|| "-".to_string(), |g| g.to_string())
}

impl Courier for FileDiscord {
    async fn deliver(
        &self,
        row: &DeliveryRow,
        message: &Message,
        _images: Vec<(String, Vec<u8>)>,
    ) -> Result<Option<u64>, Failure> {
        self.pause().await;
        let now = now_ms();
        let mut memory = self.memory.lock().unwrap_or_else(|p| p.into_inner());
        // Discord: a repeat with the same nonce within its window returns the first message.
        if let Some(&(id, at)) = memory.created.get(&row.outbox_id)
            && now - at < self.nonce_window
        {
            Self::record(&mut memory, "", "dedup", row.outbox_id).ok();
            return Ok(Some(id));
        }
        memory.last_id += 1;
        let id = memory.last_id;
        let kind = match row.kind {
            DeliveryKind::Channel => "channel",
            DeliveryKind::Dm => "dm",
        };
        let effect = match (row.kind, &message.turn, message.takes_over) {
            (DeliveryKind::Channel, Some(_), _) => "turn",
            (DeliveryKind::Channel, None, true) => "end",
            _ => "-",
        };
        let line = format!(
            "msg {} {} {kind} {} {id} {effect} {now}",
            row.outbox_id,
            game_field(row),
            row.target
        );
        Self::record(&mut memory, &line, "sent", row.outbox_id)?;
        memory.created.insert(row.outbox_id, (id, now));
        Ok(Some(id))
    }

    async fn edit(
        &self,
        row: &DeliveryRow,
        _message: &Message,
        _images: Vec<(String, Vec<u8>)>,
        message_id: u64,
    ) -> Result<Option<u64>, Failure> {
        self.pause().await;
        let mut memory = self.memory.lock().unwrap_or_else(|p| p.into_inner());
        let line = format!("edit {} {} {message_id}", row.outbox_id, game_field(row));
        Self::record(&mut memory, &line, "sent", row.outbox_id)?;
        Ok(Some(message_id))
    }

    async fn retire(&self, _channel: u64, message_id: u64) -> Result<(), Failure> {
        self.pause().await;
        let mut memory = self.memory.lock().unwrap_or_else(|p| p.into_inner());
        let line = format!("retire {message_id}");
        Self::record(&mut memory, &line, "retired", message_id as i64)
    }

    async fn find(
        &self,
        row: &DeliveryRow,
        _message: &Message,
        _since_ms: i64,
        _taken: &[u64],
    ) -> Result<Option<u64>, Failure> {
        let mut memory = self.memory.lock().unwrap_or_else(|p| p.into_inner());
        let found = memory.created.get(&row.outbox_id).map(|&(id, _)| id);
        if found.is_some() {
            Self::record(&mut memory, "", "found", row.outbox_id)?;
        }
        Ok(found)
    }

    async fn tell(&self, _handle: &str, _text: &str) -> bool {
        false
    }
}

/// How `selfplay` runs.
#[derive(Clone, Debug)]
pub struct SelfplayOptions {
    /// The SQLite file, or a `postgres://` URL.
    pub db: PathBuf,
    /// The game.
    pub game: String,
    /// Seats.
    pub players: usize,
    /// Seed of the move choices.
    pub seed: u64,
    /// Moves to play.
    pub moves: usize,
    /// Queue and deliver messages through the outbox.
    pub outbox: bool,
    /// Where the stand-in Discord keeps its record (none: memory only).
    pub discord: Option<PathBuf>,
    /// How long the stand-in honours a nonce, and the worker trusts it.
    pub nonce_trust: Duration,
    /// The channel its games are in (several processes on one PostgreSQL database play
    /// their own games; the terminal's channel by default).
    pub channel: u64,
}

/// Player `user` at the games in `channel`.
fn player(user: u64, channel: u64, interaction: Option<String>) -> Caller {
    Caller {
        channel,
        ..local_caller(user, WORDS, interaction)
    }
}

/// Plays `moves` random actions (starting new games as they end).
pub async fn run(opts: &SelfplayOptions) -> Result<(), String> {
    let SelfplayOptions {
        db,
        game,
        players,
        seed,
        moves,
        outbox,
        channel,
        ..
    } = opts.clone();
    if outbox {
        // Errors only (an unreadable delivery, a failing store) on standard error: the crash
        // test reads standard output.
        let _ = tracing_subscriber::fmt()
            .with_writer(std::io::stderr)
            .with_env_filter(
                tracing_subscriber::EnvFilter::try_from_default_env()
                    .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("error")),
            )
            .try_init();
    }
    let mut settings = TableSettings {
        outbox,
        ..TableSettings::default()
    };
    // One process per file here: a claim left by a killed child only needs to outlive one
    // delivery, so the next child takes it over quickly.
    settings.delivery.lease = Duration::from_millis(100);
    settings.delivery.nonce_trust = opts.nonce_trust;
    let table = Table::open(&db, Arc::new(NoImages), settings).await?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let worker = if outbox {
        let courier = Arc::new(FileDiscord::open(
            opts.discord.as_deref(),
            seed ^ 0x5eed,
            opts.nonce_trust,
        )?);
        Some(tokio::spawn(table.outbox().run(courier, async move {
            let _ = stopped.await;
        })))
    } else {
        None
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let stdout = std::io::stdout();
    let mut played = 0;
    while played < moves {
        if table
            .public_view(channel)
            .await
            .map_err(|e| e.to_string())?
            .is_none()
        {
            let seats = (1..=players as u64)
                .map(|u| (u, player(u, channel, None).name))
                .collect();
            let create = Command::Create {
                game: game.clone(),
                options: vec![],
                players: None,
                seats,
                seed: Some(Seed::from_u64(rng.random())),
            };
            table
                .handle(&player(1, channel, None), create)
                .await
                .map_err(|e| e.to_string())?;
        }
        let board = table
            .handle(&player(1, channel, None), Command::Board)
            .await
            .map_err(|e| e.to_string())?;
        let Some(turn) = board.turn else { continue };
        let who = player(turn.user, channel, None);
        let legal = table
            .suggest(&who, "", usize::MAX)
            .await
            .map_err(|e| e.to_string())?;
        let notation = legal[rng.random_range(0..legal.len())].clone();
        let interaction = format!("selfplay-{}-{}", turn.game_id, turn.version + 1);
        // Played as if confirmed: a question before giving something up (issue 28) would
        // commit nothing, and this driver acknowledges only what was committed.
        let command = Command::ActAnyway {
            notation: notation.clone(),
            version: Some(turn.version),
        };
        match table
            .handle(&player(turn.user, channel, Some(interaction)), command)
            .await
        {
            Ok(_) => {
                // Acknowledged only now: the transaction has committed.
                let mut out = stdout.lock();
                writeln!(out, "ack {} {} {notation}", turn.game_id, turn.version + 1)
                    .map_err(|e| e.to_string())?;
                out.flush().map_err(|e| e.to_string())?;
                played += 1;
            }
            Err(TableError::Refused(m)) => return Err(format!("a legal move was refused: {m}")),
            Err(e) => return Err(e.to_string()),
        }
    }
    if let Some(worker) = worker {
        // Deliver what is left before stopping.
        while table
            .pending_deliveries()
            .await
            .map_err(|e| e.to_string())?
            > 0
        {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let _ = stop.send(());
        worker.await.map_err(|e| e.to_string())?;
    }
    table.close().await;
    Ok(())
}
