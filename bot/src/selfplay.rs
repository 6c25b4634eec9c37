//! `turnpost selfplay`: plays random legal moves through the table service and the real
//! store, printing `ack GAME SEQ NOTATION` after each committed action. The crash test kills
//! it at random points and checks that every acknowledged action survived.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::Seed;

use crate::local::{LOCAL_CHANNEL, local_caller, open_table};
use crate::table::{Command, NoImages, TableError};

/// Plays `moves` random actions (starting new games as they end).
pub async fn run(
    db: &Path,
    game: &str,
    players: usize,
    seed: u64,
    moves: usize,
) -> Result<(), String> {
    let table = open_table(Some(db), Arc::new(NoImages)).await?;
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
    table.store().close().await;
    Ok(())
}
