//! One turn through the table service on a SQLite file: load (cache hit, or a cold load
//! from snapshot + log), apply, commit, and — with pictures — render and encode; with and
//! without the outbox rows (the turn message and DMs, pictures included, written in the
//! action's transaction). Beside it, the floor: a bare SQL transaction of the same shape
//! (`BEGIN IMMEDIATE; UPDATE … WHERE version = ?; INSERT; COMMIT`) on the same settings,
//! and the ratio of the two, measured interleaved in the same run. Last, what making the
//! words of one action with pictures text costs (in English and German), as a share of it.
//! Run with `cargo bench -p turnpost-bot --bench table`; for a steady ratio pin it to one
//! core (`taskset -c 1 cargo bench -p turnpost-bot --bench table`): most of both paths is
//! handing work to SQLite's thread and back, and across two shared cores that wake-up time
//! varies by a factor of two from run to run.

#[path = "common/turns.rs"]
mod turns;

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use turnpost_bot::paint::PngPainter;
use turnpost_bot::store::Store;
use turnpost_bot::table::{NoImages, Painter};
use turnpost_core::words::Lang;
use turns::{Bench, Step, iter_steps, median, ratio_rounds};

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
        let mut bench = rt.block_on(Bench::sqlite(painter, outbox));
        bench.cold = cold;
        group.bench_function(name, |b| iter_steps(b, &rt, &mut bench));
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

impl Step for BareSql {
    fn step(&mut self) -> impl Future<Output = Duration> {
        self.action()
    }
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
        iter_steps(b, &rt, &mut bare)
    });
    group.finish();
    for outbox in [false, true] {
        let mut bench = rt.block_on(Bench::sqlite(Arc::new(NoImages), outbox));
        let what = format!(
            "commit only ({})",
            if outbox { "outbox" } else { "no outbox" }
        );
        ratio_rounds(&what, &rt, &mut bench, &mut bare);
    }
}

/// What making the words text costs of one action with pictures (issue 30: at most 5 %):
/// interleaved pairs of (the action with pictures and the outbox, making every word of its
/// reply text), in English and in German; five rounds of 100, the median round reported.
fn words_share(_: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    for lang in [Lang::En, Lang::De] {
        let mut bench = rt.block_on(Bench::sqlite(Arc::new(PngPainter), true));
        let mut rounds = Vec::new();
        for _ in 0..5 {
            let (mut actions, mut words) = (Vec::new(), Vec::new());
            for _ in 0..100 {
                let (a, w) = rt.block_on(bench.turn_said(false, Some(lang)));
                actions.push(a);
                words.push(w);
            }
            let (a, w) = (median(actions), median(words));
            rounds.push((w.as_secs_f64() / a.as_secs_f64(), a, w));
        }
        rounds.sort_by(|x, y| x.0.total_cmp(&y.0));
        let (share, a, w) = rounds[rounds.len() / 2];
        let all: Vec<String> = rounds
            .iter()
            .map(|r| format!("{:.2}", 100.0 * r.0))
            .collect();
        println!(
            "words ({}): action with pictures + outbox median {a:?}; its words made text median \
             {w:?}; words / action = {:.2} % (rounds: {} %)",
            lang.tag(),
            100.0 * share,
            all.join(" ")
        );
    }
}

criterion_group!(benches, table_turns, ratio_to_bare_sql, words_share);
criterion_main!(benches);
