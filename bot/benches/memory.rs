//! Memory per cached game: 500 games of 4 players, each after 20 actions, are loaded into
//! one table's cache (its state, seats, undo list and the fingerprints of its seats'
//! secrets). Two measures:
//! - **heap**: the growth of live Rust heap bytes (a counting allocator) while the 500 games
//!   load into a table whose caches were warmed and evicted first: exactly what the cache
//!   holds, whatever the allocator reuses;
//! - **RSS**: the growth of the resident set of a fresh child process that loads the 500
//!   games from the file once: an upper bound, since it includes SQLite's page caches and
//!   the allocator's slack.
//!
//! Run with `cargo bench -p turnpost-bot --bench memory` (Linux: reads `/proc/self/statm`).

use std::alloc::System;
use std::path::Path;
use std::sync::Arc;

use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};

use turnpost_bot::store::Store;
use turnpost_bot::table::{Caller, Command, NoImages, Table, TableSettings};
use turnpost_core::Seed;

/// Counts heap allocations (the `stats_alloc` crate: no unsafe code here).
#[global_allocator]
static ALLOCATOR: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Live heap bytes now.
fn live() -> isize {
    let s = ALLOCATOR.stats();
    s.bytes_allocated as isize - s.bytes_deallocated as isize + s.bytes_reallocated
}

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

fn table_on(store: Store) -> Table {
    let settings = TableSettings {
        cached_games: GAMES as usize + 10,
        ..TableSettings::default()
    };
    Table::new(store, Arc::new(NoImages), settings)
}

/// Loads every game into the table's cache (a board look each).
async fn load_all(table: &Table) {
    for g in 0..GAMES {
        table
            .handle(&caller(1, 1000 + g), Command::Board)
            .await
            .unwrap();
    }
}

/// Plays 500 games of 20 actions into the file at `db`.
async fn play_games(db: &Path, game: &str, options: &[(&str, &str)]) {
    let table = table_on(Store::open(db).await.unwrap());
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
}

/// Live heap bytes per cached game.
async fn heap_per_game(db: &Path) -> f64 {
    let table = table_on(Store::open(db).await.unwrap());
    // Warm SQLite's caches, the statement caches and the allocator, then start empty.
    load_all(&table).await;
    table.evict_all();
    let before = live();
    load_all(&table).await;
    let after = live();
    (after - before) as f64 / GAMES as f64
}

/// In the child process: resident bytes per game loaded from the file once.
async fn rss_per_game(db: &Path) -> f64 {
    let table = table_on(Store::open(db).await.unwrap());
    let before = rss();
    load_all(&table).await;
    let after = rss();
    after.saturating_sub(before) as f64 / GAMES as f64
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    if let Ok(db) = std::env::var("TURNPOST_MEMORY_CHILD") {
        println!("{}", rt.block_on(rss_per_game(Path::new(&db))));
        return;
    }
    for (name, game, options) in [
        (
            "Pandoria standard, 4 players",
            "pandoria",
            &[("mode", "standard")][..],
        ),
        ("Roll Through the Ages, 4 players", "rtta", &[][..]),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("memory.db");
        rt.block_on(play_games(&db, game, options));
        let heap = rt.block_on(heap_per_game(&db));
        let child = std::process::Command::new(std::env::current_exe().unwrap())
            .env("TURNPOST_MEMORY_CHILD", &db)
            .output()
            .unwrap();
        let rss: f64 = String::from_utf8_lossy(&child.stdout)
            .trim()
            .parse()
            .unwrap_or(f64::NAN);
        println!(
            "{name}, {ACTIONS} actions: heap {:.1} KB per cached game; RSS of a fresh process {:.1} KB per game ({GAMES} games)",
            heap / 1000.0,
            rss / 1000.0
        );
    }
}
