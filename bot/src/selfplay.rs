//! `turnpost selfplay`: plays random legal moves through the table service and the real
//! store, printing `ack GAME SEQ NOTATION` after each committed action. The crash test kills
//! it at random points and checks that every acknowledged action survived.
//!
//! With `--outbox`, each commit also queues its turn message in the outbox, and a worker
//! "delivers" it to standard output (`sent ID`) after a short random delay, so kills also
//! land between a commit and its delivery; the next run must send what was left.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::Seed;

use crate::local::{LOCAL_CHANNEL, local_caller};
use crate::outbox::{Courier, DeliveryRow, Failure, Message};
use crate::table::{Command, NoImages, Table, TableError, TableSettings};

/// Delivers by printing `sent ID`, after a random pause of up to 3 ms.
#[derive(Debug)]
struct PrintCourier {
    rng: std::sync::Mutex<ChaCha8Rng>,
}

impl Courier for PrintCourier {
    async fn deliver(
        &self,
        row: &DeliveryRow,
        _message: &Message,
        _images: Vec<(String, Vec<u8>)>,
    ) -> Result<Option<u64>, Failure> {
        let pause = self
            .rng
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .random_range(0..3000);
        tokio::time::sleep(std::time::Duration::from_micros(pause)).await;
        let mut out = std::io::stdout().lock();
        writeln!(out, "sent {}", row.outbox_id).map_err(|e| Failure::Transient {
            why: e.to_string(),
            after: None,
            invalid: false,
        })?;
        out.flush().map_err(|e| Failure::Transient {
            why: e.to_string(),
            after: None,
            invalid: false,
        })?;
        Ok(None)
    }

    async fn tell(&self, _handle: &str, _text: &str) -> bool {
        false
    }
}

/// Plays `moves` random actions (starting new games as they end).
pub async fn run(
    db: &Path,
    game: &str,
    players: usize,
    seed: u64,
    moves: usize,
    outbox: bool,
) -> Result<(), String> {
    let mut settings = TableSettings {
        outbox,
        ..TableSettings::default()
    };
    // One process per file here: a claim left by a killed child only needs to outlive one
    // delivery, so the next child takes it over quickly.
    settings.delivery.lease = std::time::Duration::from_millis(100);
    let table = Table::open(db, Arc::new(NoImages), settings).await?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let worker = outbox.then(|| {
        let courier = Arc::new(PrintCourier {
            rng: std::sync::Mutex::new(ChaCha8Rng::seed_from_u64(seed ^ 0x5eed)),
        });
        tokio::spawn(table.outbox().run(courier, async move {
            let _ = stopped.await;
        }))
    });
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let stdout = std::io::stdout();
    let mut played = 0;
    while played < moves {
        if table
            .public_view(LOCAL_CHANNEL)
            .await
            .map_err(|e| e.to_string())?
            .is_none()
        {
            let seats = (1..=players as u64)
                .map(|u| (u, format!("Player {u}")))
                .collect();
            let create = Command::Create {
                game: game.into(),
                options: vec![],
                players: None,
                seats,
                seed: Some(Seed::from_u64(rng.random())),
            };
            table
                .handle(&local_caller(1, None), create)
                .await
                .map_err(|e| e.to_string())?;
        }
        let board = table
            .handle(&local_caller(1, None), Command::Board)
            .await
            .map_err(|e| e.to_string())?;
        let Some(turn) = board.turn else { continue };
        let who = local_caller(turn.user, None);
        let legal = table
            .suggest(&who, "", usize::MAX)
            .await
            .map_err(|e| e.to_string())?;
        let notation = legal[rng.random_range(0..legal.len())].clone();
        let interaction = format!("selfplay-{}-{}", turn.game_id, turn.version + 1);
        let command = Command::Act {
            notation: notation.clone(),
            version: Some(turn.version),
        };
        match table
            .handle(&local_caller(turn.user, Some(interaction)), command)
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
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        let _ = stop.send(());
        worker.await.map_err(|e| e.to_string())?;
    }
    table.close().await;
    Ok(())
}
