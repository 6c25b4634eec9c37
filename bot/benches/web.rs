//! The league's web pages under load (issue 32), on a SQLite file: a server with 10,000
//! finished rated games (300 players) and one real finished game of Roll Through the Ages
//! with its pictures. 50 clients at once each ask the same page 40 times over HTTP (a new
//! connection each time, as the test client does); the bench prints p50, p99 and the most of
//! each: the leaderboard, a replay step's page and its picture (both cached after the first
//! request), and a running list of games.
//!
//! The rate limit is set wide for the bench (every client is 127.0.0.1 here).
//!
//! Run with `cargo bench -p turnpost-bot --bench web`.

// The web tests' HTTP client and random game (the bench reads no headers).
#[allow(dead_code)]
#[path = "../tests/support/web.rs"]
mod support;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use turnpost_bot::paint::PngPainter;
use turnpost_bot::store::Store;
use turnpost_bot::table::{Table, TableSettings};
use turnpost_bot::web::WebSettings;

const GUILD: u64 = 1;
const GAMES: i64 = 10_000;
const USERS: i64 = 300;
const CLIENTS: usize = 50;
const REQUESTS: usize = 40;

/// 10,000 finished rated two-player games between 300 players and their results.
async fn fill(path: &std::path::Path) {
    let pool = sqlx::sqlite::SqlitePool::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    let mut tx = pool.begin().await.unwrap();
    for g in 1..=GAMES {
        let kind = if g % 2 == 0 { "rtta" } else { "pandoria" };
        sqlx::query(
            "INSERT INTO game (game_id, kind, options, seed, guild_id, channel_id, creator_id, status,
                               max_players, version, created_at, updated_at, rated, finished_at)
             VALUES (?, ?, '[]', '00', ?, ?, 1, 'finished', 2, 50, 0, 0, 1, ?)",
        )
        .bind(g)
        .bind(kind)
        .bind(GUILD as i64)
        .bind(g)
        .bind(g * 1000)
        .execute(&mut *tx)
        .await
        .unwrap();
        let (a, b) = (1 + g * 7 % USERS, 1 + (g * 13 + 5) % USERS);
        let b = if a == b { 1 + b % USERS } else { b };
        for (seat, user) in [a, b].into_iter().enumerate() {
            sqlx::query("INSERT INTO seat (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)")
                .bind(g)
                .bind(seat as i64)
                .bind(user)
                .bind(format!("Player {user}"))
                .execute(&mut *tx)
                .await
                .unwrap();
            sqlx::query(
                "INSERT INTO result (game_id, seat, user_id, team, rank, score, resigned)
                 VALUES (?, ?, ?, ?, ?, ?, 0)",
            )
            .bind(g)
            .bind(seat as i64)
            .bind(user)
            .bind(seat as i64)
            .bind(1 + ((g + seat as i64) % 2))
            .bind(40 + (g * 31 + seat as i64 * 17) % 60)
            .execute(&mut *tx)
            .await
            .unwrap();
        }
    }
    tx.commit().await.unwrap();
    pool.close().await;
}

/// 50 clients ask `path` 40 times each; every answer must be 200. Prints the percentiles.
async fn load(site: SocketAddr, what: &str, path: &str) {
    let started = Instant::now();
    let mut clients = Vec::new();
    for _ in 0..CLIENTS {
        let path = path.to_string();
        clients.push(tokio::spawn(async move {
            let mut took = Vec::new();
            for _ in 0..REQUESTS {
                let at = Instant::now();
                let got = support::get(site, &path).await;
                took.push(at.elapsed());
                assert_eq!(got.status, 200, "{path}: {}", got.body);
            }
            took
        }));
    }
    let mut all: Vec<Duration> = Vec::new();
    for c in clients {
        all.extend(c.await.unwrap());
    }
    let wall = started.elapsed();
    all.sort();
    let at = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)];
    println!(
        "{what:<40} {n} requests, {CLIENTS} clients: p50 {:>6.1} ms  p99 {:>6.1} ms  max {:>6.1} ms  ({:.0} requests/s)",
        at(0.50).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        all[all.len() - 1].as_secs_f64() * 1e3,
        all.len() as f64 / wall.as_secs_f64(),
        n = all.len(),
    );
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("web.db");
        let store = Store::open(&path).await.unwrap();
        fill(&path).await;
        let table = Arc::new(Table::new(
            store,
            Arc::new(PngPainter),
            TableSettings::default(),
        ));
        // Their ratings, as the games' own commits leave them.
        let rated = table.store().recompute_ratings(GUILD).await.unwrap();
        assert_eq!(rated as i64, GAMES);
        let seats = [
            support::player(1, "Player 1", GUILD, 1_000_000),
            support::player(2, "Player 2", GUILD, 1_000_000),
        ];
        let root = support::web_on(&table, &seats[0]).await;
        // One real game to replay.
        let game = support::play(&table, &seats, "rtta", 3, None).await;
        let (site, _server) = turnpost_bot::web::serve(
            "127.0.0.1:0".parse().unwrap(),
            table.clone(),
            WebSettings {
                burst: 1e9,
                per_second: 1e9,
            },
        )
        .await
        .unwrap();
        // The first requests draw and cache (timed once, alone).
        for path in [
            format!("{root}?game=pandoria"),
            format!("{root}games?page=3"),
            format!("{root}game/{game}?step=20"),
            format!("{root}game/{game}/step/20/0.png"),
            format!("{root}game/{game}/step/20/1.png"),
        ] {
            let at = Instant::now();
            let got = support::get(site, &path).await;
            assert_eq!(got.status, 200);
            println!(
                "first (uncached) {:<36} {:>6.1} ms, {} bytes",
                path.trim_start_matches(&root),
                at.elapsed().as_secs_f64() * 1e3,
                got.bytes.len()
            );
        }
        let pages = [
            (
                "leaderboard (10k rated games, top 100)",
                format!("{root}?game=pandoria"),
            ),
            ("finished games, page 3", format!("{root}games?page=3")),
            ("replay step page", format!("{root}game/{game}?step=20")),
            (
                "replay step glance (PNG)",
                format!("{root}game/{game}/step/20/0.png"),
            ),
            (
                "replay step board (PNG)",
                format!("{root}game/{game}/step/20/1.png"),
            ),
        ];
        for (what, path) in pages {
            load(site, what, &path).await;
        }
    });
}
