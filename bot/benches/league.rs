//! The league layer at a large server's scale, on a SQLite file:
//! - recomputing every rating of a server from 10,000 stored results (all-time and
//!   per season), beside the floor of only reading those results (the ratio is the cost
//!   of the rating arithmetic and the writes);
//! - the deadline sweep's query with 10,000 open games with deadlines (a few due), beside
//!   the floor of a one-row primary-key read; and the query plan SQLite uses for it.
//!
//! Run with `cargo bench -p turnpost-bot --bench league`.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use sqlx::sqlite::SqlitePool;
use turnpost_bot::store::Store;

const GUILD: i64 = 1;
const GAMES: i64 = 10_000;
const OPEN: i64 = 10_000;
const USERS: u64 = 300;
const NOW: i64 = 1_800_000_000_000;

/// A small deterministic generator.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// 10,000 finished rated games of 2–4 players (a tenth in a season) and 10,000 open games
/// whose deadlines fall over the next weeks, 20 of them due now.
async fn fill(pool: &SqlitePool) {
    let mut rng = Lcg(7);
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("INSERT INTO season (season_id, guild_id, name, started_at, closed_at) VALUES (1, ?, 'S1', 0, 1)")
        .bind(GUILD)
        .execute(&mut *tx)
        .await
        .unwrap();
    for g in 1..=GAMES + OPEN {
        let finished = g <= GAMES;
        let kind = if g % 3 == 0 { "rtta" } else { "pandoria" };
        sqlx::query(
            "INSERT INTO game (game_id, kind, options, seed, guild_id, channel_id, creator_id, status,
                               max_players, version, created_at, updated_at, deadline_hours,
                               deadline_policy, rated, finished_at, season_id)
             VALUES (?, ?, '[]', '00', ?, ?, 1, ?, 4, 50, 0, 0, 24, 'skip', 1, ?, ?)",
        )
        .bind(g)
        .bind(kind)
        .bind(GUILD)
        .bind(g)
        .bind(if finished { "finished" } else { "active" })
        .bind(finished.then_some(g * 1000))
        .bind((finished && g % 10 == 0).then_some(1_i64))
        .execute(&mut *tx)
        .await
        .unwrap();
        let players = 2 + rng.below(3);
        let mut users: Vec<u64> = Vec::new();
        while users.len() < players as usize {
            let u = 1 + rng.below(USERS);
            if !users.contains(&u) {
                users.push(u);
            }
        }
        for (seat, user) in users.iter().enumerate() {
            sqlx::query("INSERT INTO seat (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)")
                .bind(g)
                .bind(seat as i64)
                .bind(*user as i64)
                .bind(format!("Player {user}"))
                .execute(&mut *tx)
                .await
                .unwrap();
            if finished {
                sqlx::query(
                    "INSERT INTO result (game_id, seat, user_id, team, rank, score, resigned)
                     VALUES (?, ?, ?, ?, ?, ?, 0)",
                )
                .bind(g)
                .bind(seat as i64)
                .bind(*user as i64)
                .bind(seat as i64)
                .bind(1 + rng.below(players) as i64)
                .bind(rng.below(120) as i64)
                .execute(&mut *tx)
                .await
                .unwrap();
            }
        }
        if !finished {
            let i = g - GAMES;
            let check_at = if i <= 20 {
                NOW - i
            } else {
                NOW + (i * 7919 % 20_000) * 60_000
            };
            sqlx::query(
                "INSERT INTO deadline (game_id, seat, user_id, began_at, due_at, warned, phase, check_at)
                 VALUES (?, 0, ?, ?, ?, 0, 'running', ?)",
            )
            .bind(g)
            .bind(users[0] as i64)
            .bind(NOW - 3_600_000)
            .bind(check_at + 12 * 3_600_000)
            .bind(check_at)
            .execute(&mut *tx)
            .await
            .unwrap();
        }
    }
    tx.commit().await.unwrap();
}

fn league(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("league.db");
    let store = rt.block_on(Store::open(&path)).unwrap();
    let pool = rt
        .block_on(SqlitePool::connect(&format!("sqlite://{}", path.display())))
        .unwrap();
    rt.block_on(fill(&pool));
    let rated = rt.block_on(store.recompute_ratings(GUILD as u64)).unwrap();
    assert_eq!(rated as i64, GAMES);
    let due = rt.block_on(store.due_deadlines(NOW, 200)).unwrap();
    assert_eq!(due.len(), 20);
    println!("deadline sweep plan:");
    for line in rt.block_on(store.due_deadlines_plan()).unwrap() {
        println!("  {line}");
    }

    let mut ratings = c.benchmark_group("ratings");
    ratings
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    ratings.bench_function("recompute a server's 10k rated games", |b| {
        b.iter(|| rt.block_on(store.recompute_ratings(GUILD as u64)).unwrap())
    });
    ratings.bench_function("floor: read the same 10k games' results", |b| {
        b.iter(|| {
            rt.block_on(
                sqlx::query(
                    "SELECT game.game_id, game.kind, game.season_id, game.finished_at, r.user_id, r.team, r.rank
                     FROM game JOIN result r ON r.game_id = game.game_id
                     WHERE game.guild_id = ? AND game.rated = 1 AND game.finished_at IS NOT NULL
                     ORDER BY game.finished_at, game.game_id, r.seat",
                )
                .bind(GUILD)
                .fetch_all(&pool),
            )
            .unwrap()
        })
    });
    ratings.finish();

    let mut sweep = c.benchmark_group("deadline sweep");
    sweep.bench_function("due deadlines among 10k open games", |b| {
        b.iter(|| rt.block_on(store.due_deadlines(NOW, 200)).unwrap())
    });
    sweep.bench_function("floor: one game by primary key", |b| {
        b.iter(|| {
            rt.block_on(
                sqlx::query("SELECT game_id, version FROM game WHERE game_id = ?")
                    .bind(GAMES + 1)
                    .fetch_one(&pool),
            )
            .unwrap()
        })
    });
    sweep.finish();
}

criterion_group!(benches, league);
criterion_main!(benches);
