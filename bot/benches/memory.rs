//! Resident memory per cached game: 500 games of 4 players, each after 20 actions, are
//! loaded into one table's cache; the growth of the process's resident set divided by 500
//! is the cost of one cached game (its state, its seats, its undo list and the fingerprints
//! of its seats' private items). The games are played and evicted first, so SQLite's page
//! cache and the allocator are warm and only the cached games differ between the two
//! readings. Run with `cargo bench -p turnpost-bot --bench memory` (Linux: reads
//! `/proc/self/statm`).

use std::sync::Arc;

use turnpost_bot::store::Store;
use turnpost_bot::table::{Caller, Command, NoImages, Table, TableSettings};
use turnpost_core::Seed;

const GAMES: u64 = 500;
const ACTIONS: usize = 20;

fn caller(user: u64, channel: u64) -> Caller {
    Caller {
        user,
        name: format!("Player {user}"),
        guild: Some(1),
        channel,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

/// Resident set size in bytes.
fn rss() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

async fn measure(game: &str, options: &[(&str, &str)]) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("memory.db")).await.unwrap();
    let settings = TableSettings {
        cached_games: GAMES as usize + 10,
        ..TableSettings::default()
    };
    let table = Table::new(store, Arc::new(NoImages), settings);
    for g in 0..GAMES {
        let channel = 1000 + g;
        let seats = (1..=4).map(|u| (u, format!("Player {u}"))).collect();
        let r = table
            .handle(
                &caller(1, channel),
                Command::Create {
                    game: game.into(),
                    options: options
                        .iter()
                        .map(|(k, v)| (k.to_string(), v.to_string()))
                        .collect(),
                    players: None,
                    seats,
                    seed: Some(Seed::from_u64(g)),
                },
            )
            .await
            .unwrap();
        let mut next = r.turn.map(|t| t.user);
        for i in 0..ACTIONS {
            let Some(user) = next else { break };
            let who = caller(user, channel);
            let legal = table.suggest(&who, "", usize::MAX).await.unwrap();
            let notation = legal[(i * 7 + g as usize) % legal.len()].clone();
            let r = table
                .handle(
                    &who,
                    Command::Act {
                        notation,
                        version: None,
                    },
                )
                .await
                .unwrap();
            next = r.turn.map(|t| t.user);
        }
    }
    // Warm everything once, then measure a cold cache against a full one.
    table.evict_all();
    for g in 0..GAMES {
        table
            .handle(&caller(1, 1000 + g), Command::Board)
            .await
            .unwrap();
    }
    table.evict_all();
    let before = rss();
    for g in 0..GAMES {
        table
            .handle(&caller(1, 1000 + g), Command::Board)
            .await
            .unwrap();
    }
    let after = rss();
    after.saturating_sub(before) as f64 / GAMES as f64
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    for (name, game, options) in [
        (
            "Pandoria standard, 4 players",
            "pandoria",
            &[("mode", "standard")][..],
        ),
        ("Roll Through the Ages, 4 players", "rtta", &[][..]),
    ] {
        let bytes = rt.block_on(measure(game, options));
        println!(
            "{name}, {ACTIONS} actions: {:.1} KB resident per cached game ({GAMES} games)",
            bytes / 1000.0
        );
    }
}
