//! One turn through the table service on a SQLite file: load (cache hit, or a cold load
//! from snapshot + log), apply, commit, and — with pictures — render and encode; with and
//! without the outbox rows (the turn message and DMs, pictures included, written in the
//! action's transaction). Beside it, the floor: a bare SQL transaction of the same shape
//! (`BEGIN IMMEDIATE; UPDATE … WHERE version = ?; INSERT; COMMIT`) on the same settings,
//! and the ratio of the two, measured interleaved in the same run.
//! Run with `cargo bench -p turnpost-bot --bench table`; for a steady ratio pin it to one
//! core (`taskset -c 1 cargo bench -p turnpost-bot --bench table`): most of both paths is
//! handing work to SQLite's thread and back, and across two shared cores that wake-up time
//! varies by a factor of two from run to run.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use turnpost_bot::paint::PngPainter;
use turnpost_bot::store::Store;
use turnpost_bot::table::{Caller, Command, NoImages, Painter, Table, TableSettings};
use turnpost_core::Seed;

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: format!("Player {user}"),
        guild: Some(1),
        channel: 1,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

struct Bench {
    table: Table,
    next_user: u64,
    games: u64,
    _dir: tempfile::TempDir,
}

impl Bench {
    async fn new(painter: Arc<dyn Painter>, outbox: bool) -> Bench {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("bench.db")).await.unwrap();
        let settings = TableSettings {
            outbox,
            ..TableSettings::default()
        };
        let table = Table::new(store, painter, settings);
        let mut b = Bench {
            table,
            next_user: 0,
            games: 0,
            _dir: dir,
        };
        b.new_game().await;
        b
    }

    async fn new_game(&mut self) {
        self.games += 1;
        let seats = (1..=4).map(|u| (u, format!("Player {u}"))).collect();
        let r = self
            .table
            .handle(
                &caller(1),
                Command::Create {
                    game: "pandoria".into(),
                    options: vec![],
                    players: None,
                    seats,
                    seed: Some(Seed::from_u64(self.games)),
                },
            )
            .await
            .unwrap();
        self.next_user = r.turn.unwrap().user;
    }

    /// Plays one legal action of whoever is to act; returns the time it took.
    async fn turn(&mut self, cold: bool) -> Duration {
        let who = caller(self.next_user);
        let legal = self.table.suggest(&who, "", usize::MAX).await.unwrap();
        let notation = legal[legal.len() / 2].clone();
        if cold {
            self.table.evict_all();
        }
        let start = Instant::now();
        let r = self
            .table
            .handle(
                &who,
                Command::Act {
                    notation,
                    version: None,
                },
            )
            .await
            .unwrap();
        let took = start.elapsed();
        match r.turn {
            Some(t) => self.next_user = t.user,
            None => self.new_game().await,
        }
        took
    }
}

fn table_turns(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut group = c.benchmark_group("pandoria action through the table, 4 players, file db");
    let none = || Arc::new(NoImages) as Arc<dyn Painter>;
    let png = || Arc::new(PngPainter) as Arc<dyn Painter>;
    for (name, painter, cold, outbox) in [
        ("commit only, no outbox", none(), false, false),
        ("commit only, outbox", none(), false, true),
        ("commit + render + encode, no outbox", png(), false, false),
        ("commit + render + encode, outbox", png(), false, true),
        (
            "cold load + commit + render + encode, outbox",
            png(),
            true,
            true,
        ),
    ] {
        let mut bench = rt.block_on(Bench::new(painter, outbox));
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                rt.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        total += bench.turn(cold).await;
                    }
                    total
                })
            })
        });
    }
    group.finish();
}

/// The floor: one action's worth of SQL on a file with the store's settings.
struct BareSql {
    pool: sqlx::SqlitePool,
    version: i64,
    _dir: tempfile::TempDir,
}

impl BareSql {
    async fn new() -> BareSql {
        let dir = tempfile::tempdir().unwrap();
        // The same file settings as `Store::open`.
        let store = Store::open(&dir.path().join("bare.db")).await.unwrap();
        store.close().await;
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(dir.path().join("bare.db"))
            .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal)
            .synchronous(sqlx::sqlite::SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true);
        let pool = Store::pool_options().connect_with(options).await.unwrap();
        sqlx::query(
            "INSERT INTO game (game_id, kind, options, seed, channel_id, creator_id, status, \
             max_players, version, created_at, updated_at) \
             VALUES (1, 'pandoria', '[]', '00', 1, 1, 'active', 4, 0, 0, 0)",
        )
        .execute(&pool)
        .await
        .unwrap();
        BareSql {
            pool,
            version: 0,
            _dir: dir,
        }
    }

    async fn action(&mut self) -> Duration {
        let start = Instant::now();
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await.unwrap();
        sqlx::query(
            "UPDATE game SET version = ?, updated_at = ? WHERE game_id = 1 AND version = ?",
        )
        .bind(self.version + 1)
        .bind(self.version)
        .bind(self.version)
        .execute(&mut *tx)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO action (game_id, seq, seat, notation, reveals, log, created_at) \
             VALUES (1, ?, 0, 'tile D7 E7', 0, '[\"Red placed a tile\"]', 0)",
        )
        .bind(self.version + 1)
        .execute(&mut *tx)
        .await
        .unwrap();
        tx.commit().await.unwrap();
        self.version += 1;
        start.elapsed()
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The commit path against the floor, interleaved so both see the same machine.
fn ratio_to_bare_sql(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut group = c.benchmark_group("floor");
    let mut bare = rt.block_on(BareSql::new());
    group.bench_function("bare SQL transaction (update + insert)", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    total += bare.action().await;
                }
                total
            })
        })
    });
    group.finish();
    // Five rounds of 200 interleaved pairs; each round's ratio is of medians, and the
    // median round is reported (the machine is shared: single rounds vary).
    for outbox in [false, true] {
        let mut bench = rt.block_on(Bench::new(Arc::new(NoImages), outbox));
        let mut rounds = Vec::new();
        for _ in 0..5 {
            let (mut table, mut floor) = (Vec::new(), Vec::new());
            rt.block_on(async {
                for _ in 0..200 {
                    table.push(bench.turn(false).await);
                    floor.push(bare.action().await);
                }
            });
            let (t, f) = (median(table), median(floor));
            rounds.push((f.as_secs_f64() / t.as_secs_f64(), t, f));
        }
        rounds.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (ratio, t, f) = rounds[rounds.len() / 2];
        let all: Vec<String> = rounds.iter().map(|r| format!("{:.2}", r.0)).collect();
        println!(
            "commit only ({}): median {t:?}; bare SQL: median {f:?}; floor / table = {ratio:.3} (rounds: {})",
            if outbox { "outbox" } else { "no outbox" },
            all.join(" ")
        );
    }
}

criterion_group!(benches, table_turns, ratio_to_bare_sql);
criterion_main!(benches);
