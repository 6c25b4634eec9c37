//! The table benches' shared driver (`table.rs` on a SQLite file, `table_postgres.rs` on
//! PostgreSQL): one Pandoria game of 4 players through the table service, one legal action
//! of whoever is to act at a time, and the interleaved rounds that compare the commit path
//! with a bare transaction of the same shape.
#![allow(dead_code)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use turnpost_bot::store::Store;
use turnpost_bot::table::{Caller, Command, Painter, Reply, Table, TableSettings};
use turnpost_core::Seed;
use turnpost_core::words::Lang;

/// Player `user` in channel `channel` of server 1.
pub fn caller_in(user: u64, channel: u64) -> Caller {
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

/// Player `user` in channel 1.
pub fn caller(user: u64) -> Caller {
    caller_in(user, 1)
}

/// A table playing one game at a time in channel 1.
pub struct Bench {
    pub table: Table,
    /// Whether each [`Step`] starts from an empty cache (a cold load).
    pub cold: bool,
    next_user: u64,
    games: u64,
    _dir: Option<tempfile::TempDir>,
}

impl Bench {
    /// On a new SQLite file.
    pub async fn sqlite(painter: Arc<dyn Painter>, outbox: bool) -> Bench {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("bench.db")).await.unwrap();
        Bench::on(store, painter, outbox, Some(dir)).await
    }

    /// On `store` (`dir` is kept as long as the bench).
    pub async fn on(
        store: Store,
        painter: Arc<dyn Painter>,
        outbox: bool,
        dir: Option<tempfile::TempDir>,
    ) -> Bench {
        let settings = TableSettings {
            outbox,
            ..TableSettings::default()
        };
        let table = Table::new(store, painter, settings);
        let mut b = Bench {
            table,
            cold: false,
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
    pub async fn turn(&mut self, cold: bool) -> Duration {
        self.turn_said(cold, None).await.0
    }

    /// Like [`Bench::turn`]; with `words`, then makes every word of the reply text in that
    /// language as the front end and the courier do (every post, private message, answer,
    /// log line and the next prompt) and returns that time too.
    pub async fn turn_said(&mut self, cold: bool, words: Option<Lang>) -> (Duration, Duration) {
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
        let start = Instant::now();
        if let Some(lang) = words {
            std::hint::black_box(said(&r, lang));
        }
        let saying = start.elapsed();
        match r.turn {
            Some(t) => self.next_user = t.user,
            None => self.new_game().await,
        }
        (took, saying)
    }
}

/// Every word of a reply made text in `lang`: the number of bytes.
fn said(r: &Reply, lang: Lang) -> usize {
    let posts = r
        .public
        .iter()
        .chain(r.private.iter().map(|(_, p)| p))
        .chain(r.ephemeral.iter());
    posts
        .map(|p| &p.text)
        .chain(r.news.iter())
        .chain(r.turn.iter().map(|t| &t.prompt))
        .map(|t| lang.render(t).len())
        .sum()
}

pub fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Something measured one step at a time: a table's action, a bare transaction.
pub trait Step {
    /// Runs one step; the time it took (what it prepares first is not counted).
    fn step(&mut self) -> impl Future<Output = Duration>;
}

impl Step for Bench {
    fn step(&mut self) -> impl Future<Output = Duration> {
        let cold = self.cold;
        self.turn(cold)
    }
}

/// Criterion's measurement of `step`, each step timing itself.
pub fn iter_steps(b: &mut criterion::Bencher, rt: &tokio::runtime::Runtime, step: &mut impl Step) {
    b.iter_custom(|iters| {
        rt.block_on(async {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                total += step.step().await;
            }
            total
        })
    });
}

/// Five rounds of 200 interleaved pairs of (a table's commit, a bare transaction), so both
/// see the same machine; each round's ratio is of medians, and the median round is
/// reported (the machine is shared: single rounds vary). Prints one line for `what`.
pub fn ratio_rounds(
    what: &str,
    rt: &tokio::runtime::Runtime,
    table: &mut impl Step,
    floor: &mut impl Step,
) {
    let mut rounds = Vec::new();
    for _ in 0..5 {
        let (mut t, mut f) = (Vec::new(), Vec::new());
        rt.block_on(async {
            for _ in 0..200 {
                t.push(table.step().await);
                f.push(floor.step().await);
            }
        });
        let (t, f) = (median(t), median(f));
        rounds.push((f.as_secs_f64() / t.as_secs_f64(), t, f));
    }
    rounds.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (ratio, t, f) = rounds[rounds.len() / 2];
    let all: Vec<String> = rounds.iter().map(|r| format!("{:.2}", r.0)).collect();
    println!(
        "{what}: median {t:?}; bare SQL: median {f:?}; floor / table = {ratio:.3} (rounds: {})",
        all.join(" ")
    );
}
