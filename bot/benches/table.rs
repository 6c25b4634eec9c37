//! One turn through the table service on a SQLite file: load (cache hit, or a cold load
//! from snapshot + log), apply, commit, and — with pictures — render and encode.
//! Run with `cargo bench -p turnpost-bot --bench table`.

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
    async fn new(painter: Arc<dyn Painter>) -> Bench {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("bench.db")).await.unwrap();
        let table = Table::new(store, painter, TableSettings::default());
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
    for (name, painter, cold) in [
        ("commit only", Arc::new(NoImages) as Arc<dyn Painter>, false),
        (
            "commit + render + encode",
            Arc::new(PngPainter) as Arc<dyn Painter>,
            false,
        ),
        (
            "cold load + commit + render + encode",
            Arc::new(PngPainter) as Arc<dyn Painter>,
            true,
        ),
    ] {
        let mut bench = rt.block_on(Bench::new(painter));
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

criterion_group!(benches, table_turns);
criterion_main!(benches);
