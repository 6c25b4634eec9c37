//! The table on PostgreSQL (issue 31), on a throwaway cluster the bench starts itself
//! (`tests/support/postgres.rs`: `initdb` in a temporary directory, a free local port,
//! `fsync=off`, `synchronous_commit=off` — the table and its floor alike), in three parts:
//!
//! - `commit`: one Pandoria action through the table (commit only, with and without the
//!   outbox rows) against the floor, a bare PostgreSQL transaction of the same shape
//!   (`BEGIN; SELECT pg_advisory_xact_lock(…)` in one trip, as the store begins, then
//!   `UPDATE … WHERE version = ?; INSERT; COMMIT`), and the ratio of the two measured interleaved in the
//!   same run, like `table.rs` does for SQLite.
//! - `processes`: actions per second through the table with 1, 2 and 3 `turnpost selfplay`
//!   processes on one database, each playing its own games (`--channel`), with the CPU the
//!   `turnpost` processes and the whole machine used meanwhile.
//! - `notify`: two processes acting on the SAME four games, with the version check alone
//!   (a stale cached game loses its commit's `UPDATE … WHERE version = ?` and the action
//!   runs again) and with PostgreSQL's NOTIFY dropping stale cached games
//!   (`Table::follow_changes`): actions per second, lost version checks (the transactions
//!   PostgreSQL rolled back) and refusals after the second attempt. Each process picks an
//!   action through a second table that reads the stored game, and acts through its first
//!   table with what that table has cached, as a click does.
//!
//! Run with `cargo bench -p turnpost-bot --bench table_postgres -- --warm-up-time 1
//! --measurement-time 3`; `TURNPOST_PG_BENCH=commit,processes,notify` (the default: all)
//! picks parts, `TURNPOST_PG_BENCH_SECONDS` (default 10) is each measured window of the
//! process parts. The bench runs itself as the child processes of `notify`
//! (`TURNPOST_PG_BENCH_CHILD`).

#[path = "../tests/support/postgres.rs"]
mod pg;
#[path = "common/turns.rs"]
mod turns;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command as Process, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use criterion::Criterion;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_bot::store::Store;
use turnpost_bot::table::{Command, NoImages, Table, TableError, TableSettings};
use turnpost_core::Seed;
use turns::{Bench, Step, caller_in, iter_steps, ratio_rounds};

/// Set in the child processes of `notify`: `URL NOTIFY SEED SECONDS`.
const CHILD: &str = "TURNPOST_PG_BENCH_CHILD";
/// The shared games of `notify` are in channels 200..200 + SHARED_GAMES.
const SHARED_GAMES: u64 = 4;
/// The store's write lock (`store/db.rs`), for the floor.
const WRITE_LOCK: i64 = 0x7475_726e_706f_7374;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

fn seconds() -> Duration {
    let s = std::env::var("TURNPOST_PG_BENCH_SECONDS").map_or(10, |v| {
        v.parse()
            .unwrap_or_else(|_| panic!("TURNPOST_PG_BENCH_SECONDS must be a number, not {v:?}"))
    });
    Duration::from_secs(s)
}

fn main() {
    if let Ok(spec) = std::env::var(CHILD) {
        shared_games_child(&spec);
        return;
    }
    let parts = std::env::var("TURNPOST_PG_BENCH").unwrap_or_else(|_| "all".into());
    let wanted = |p: &str| parts == "all" || parts.split(',').any(|w| w.trim() == p);
    let cluster = pg::Cluster::start()
        .unwrap_or_else(|e| panic!("cannot start a PostgreSQL server for the bench: {e}"));
    let mut c = Criterion::default().configure_from_args();
    if wanted("commit") {
        commit_path(&mut c, &cluster);
    }
    if wanted("processes") {
        processes(&cluster);
    }
    if wanted("notify") {
        notify_or_version_check(&cluster);
    }
    c.final_summary();
}

/// A new migrated database of the cluster.
async fn database(cluster: &pg::Cluster, name: &str) -> String {
    let url = cluster.database(name).await;
    Store::connect(&url).await.unwrap().close().await;
    url
}

/// The floor: one action's worth of SQL in the store's shape.
struct BarePg {
    pool: sqlx::PgPool,
    version: i64,
}

impl BarePg {
    async fn new(cluster: &pg::Cluster) -> BarePg {
        let url = database(cluster, "bare").await;
        let pool = sqlx::postgres::PgPoolOptions::new()
            .max_connections(8)
            .connect(&url)
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO game (game_id, kind, options, seed, channel_id, creator_id, status, \
             max_players, version, created_at, updated_at) \
             VALUES (1, 'pandoria', '[]', '00', 1, 1, 'active', 4, 0, 0, 0)",
        )
        .execute(&pool)
        .await
        .unwrap();
        BarePg { pool, version: 0 }
    }

    async fn action(&mut self) -> Duration {
        let start = Instant::now();
        // BEGIN and the lock in one trip, as the store does.
        let lock = format!("BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})");
        let mut tx = self.pool.begin_with(lock).await.unwrap();
        sqlx::query(
            "UPDATE game SET version = $1, updated_at = $2 WHERE game_id = 1 AND version = $3",
        )
        .bind(self.version + 1)
        .bind(self.version)
        .bind(self.version)
        .execute(&mut *tx)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO action (game_id, seq, seat, notation, reveals, log, created_at) \
             VALUES (1, $1, 0, 'tile D7 E7', 0, '[\"Red placed a tile\"]', 0)",
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

impl Step for BarePg {
    fn step(&mut self) -> impl Future<Output = Duration> {
        self.action()
    }
}

/// Part `commit`: the commit path against the floor.
fn commit_path(c: &mut Criterion, cluster: &pg::Cluster) {
    let rt = runtime();
    let on = |name: &str, outbox: bool| {
        rt.block_on(async {
            let store = Store::connect(&cluster.database(name).await).await.unwrap();
            Bench::on(store, Arc::new(NoImages), outbox, None).await
        })
    };
    let mut group = c.benchmark_group("pandoria action through the table, 4 players, PostgreSQL");
    for (name, outbox) in [
        ("commit only, no outbox", false),
        ("commit only, outbox", true),
    ] {
        let mut bench = on(if outbox { "commit_outbox" } else { "commit" }, outbox);
        group.bench_function(name, |b| iter_steps(b, &rt, &mut bench));
    }
    group.finish();
    let mut group = c.benchmark_group("PostgreSQL floor");
    let mut bare = rt.block_on(BarePg::new(cluster));
    group.bench_function("bare SQL transaction (lock + update + insert)", |b| {
        iter_steps(b, &rt, &mut bare)
    });
    group.finish();
    for outbox in [false, true] {
        let mut bench = on(if outbox { "ratio_outbox" } else { "ratio" }, outbox);
        let what = format!(
            "PostgreSQL commit only ({})",
            if outbox { "outbox" } else { "no outbox" }
        );
        ratio_rounds(&what, &rt, &mut bench, &mut bare);
    }
}

/// The fields of `/proc/PID/stat` after the command's name (field 3 on).
fn stat_fields(pid: u32) -> Vec<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    after
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0.0))
        .collect()
}

/// CPU seconds a process used so far (user + system: fields 14 and 15, in clock ticks of
/// 1/100 s).
fn process_cpu(pid: u32) -> f64 {
    let fields = stat_fields(pid);
    (fields.get(11).unwrap_or(&0.0) + fields.get(12).unwrap_or(&0.0)) / 100.0
}

/// CPU seconds the PostgreSQL server used so far: its postmaster and the backends and
/// workers it runs (its children, field 4 the parent).
fn server_cpu(cluster: &pg::Cluster) -> f64 {
    let Some(server) = cluster.server_pid() else {
        return 0.0;
    };
    let children: f64 = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| stat_fields(pid).get(1) == Some(&f64::from(server)))
        .map(process_cpu)
        .sum();
    children + process_cpu(server)
}

/// The machine's busy and total CPU seconds so far, from `/proc/stat`.
fn machine_cpu() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let ticks: Vec<f64> = stat
        .lines()
        .next()
        .unwrap_or("")
        .split_whitespace()
        .skip(1)
        .map(|f| f.parse().unwrap_or(0.0))
        .collect();
    let total: f64 = ticks.iter().take(8).sum();
    let idle = ticks.get(3).unwrap_or(&0.0) + ticks.get(4).unwrap_or(&0.0);
    ((total - idle) / 100.0, total / 100.0)
}

/// Children whose `ack` lines are counted as they come.
struct Players {
    children: Vec<Child>,
    acks: Arc<AtomicU64>,
}

impl Players {
    fn start(mut commands: Vec<Process>) -> Players {
        let acks = Arc::new(AtomicU64::new(0));
        let children = commands
            .iter_mut()
            .map(|cmd| {
                let mut child = cmd
                    .stdout(Stdio::piped())
                    .stderr(Stdio::inherit())
                    .spawn()
                    .unwrap();
                let out = BufReader::new(child.stdout.take().unwrap());
                let acks = acks.clone();
                std::thread::spawn(move || {
                    for line in out.lines().map_while(Result::ok) {
                        if line.starts_with("ack ") {
                            acks.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
                child
            })
            .collect();
        Players { children, acks }
    }

    fn cpu(&self) -> f64 {
        self.children.iter().map(|c| process_cpu(c.id())).sum()
    }

    fn stop(mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Part `processes`: 1, 2 and 3 `turnpost selfplay` processes on one database, each on
/// its own game.
fn processes(cluster: &pg::Cluster) {
    let rt = runtime();
    let window = seconds();
    let mut rows = Vec::new();
    for n in 1..=3u64 {
        let url = rt.block_on(database(cluster, &format!("processes{n}")));
        let commands = (0..n)
            .map(|i| {
                let mut cmd = Process::new(env!("CARGO_BIN_EXE_turnpost"));
                cmd.args(["selfplay", "--db", &url, "--game", "pandoria"])
                    .args(["--players", "4", "--moves", "1000000000"])
                    .args(["--seed", &i.to_string()])
                    .args(["--channel", &(100 + i).to_string()]);
                cmd
            })
            .collect();
        let players = Players::start(commands);
        std::thread::sleep(Duration::from_secs(2));
        let (acks, cpu, server, machine) = (
            players.acks.load(Ordering::Relaxed),
            players.cpu(),
            server_cpu(cluster),
            machine_cpu(),
        );
        std::thread::sleep(window);
        let acks = players.acks.load(Ordering::Relaxed) - acks;
        let cpu = players.cpu() - cpu;
        let server = server_cpu(cluster) - server;
        let now = machine_cpu();
        let (busy, total) = (now.0 - machine.0, now.1 - machine.1);
        players.stop();
        rows.push(Row {
            n,
            rate: acks as f64 / window.as_secs_f64(),
            cpu,
            server,
            busy,
            total,
            acks,
        });
    }
    let one = rows[0].rate;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "\nactions/s through the table, `turnpost selfplay` processes on one PostgreSQL, \
         each its own game (Pandoria, 4 players, no pictures), {}s each, {cores} cores:\n",
        window.as_secs()
    );
    println!(
        "| processes | actions/s | × 1 process | turnpost CPU per action | PostgreSQL CPU per action | machine busy (all processes) |"
    );
    println!("|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        let per = |s: f64| s * 1000.0 / r.acks.max(1) as f64;
        println!(
            "| {} | {:.0} | {:.2} | {:.2} ms | {:.2} ms | {:.0} % |",
            r.n,
            r.rate,
            r.rate / one,
            per(r.cpu),
            per(r.server),
            r.busy * 100.0 / r.total.max(f64::MIN_POSITIVE),
        );
    }
}

/// One line of the `processes` table.
struct Row {
    n: u64,
    rate: f64,
    /// CPU seconds of the `turnpost` processes, of the PostgreSQL server, of the machine
    /// (busy and in all) in the window.
    cpu: f64,
    server: f64,
    busy: f64,
    total: f64,
    acks: u64,
}

/// Part `notify`: two processes on the same games, with and without NOTIFY.
fn notify_or_version_check(cluster: &pg::Cluster) {
    let rt = runtime();
    let window = seconds();
    let exe = std::env::current_exe().unwrap();
    println!(
        "\ntwo processes acting on the same {SHARED_GAMES} games (Pandoria, 4 players, no \
         pictures), {}s each:\n",
        window.as_secs()
    );
    println!(
        "| cache invalidation | actions/s | actions run again | of which lost version checks (rolled back) | refused after the second attempt |"
    );
    println!("|---|---:|---:|---:|---:|");
    for notify in [false, true] {
        let name = if notify {
            "shared_notify"
        } else {
            "shared_version"
        };
        let url = rt.block_on(database(cluster, name));
        let counts = |url: &str, name: &str| {
            rt.block_on(async {
                let pool = sqlx::PgPool::connect(url).await.unwrap();
                let actions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM action")
                    .fetch_one(&pool)
                    .await
                    .unwrap();
                let rollbacks: i64 = sqlx::query_scalar(
                    "SELECT xact_rollback FROM pg_stat_database WHERE datname = $1",
                )
                .bind(name)
                .fetch_one(&pool)
                .await
                .unwrap();
                pool.close().await;
                (actions, rollbacks)
            })
        };
        let before = counts(&url, name);
        let children: Vec<Child> = (0..2)
            .map(|i| {
                Process::new(&exe)
                    .env(
                        CHILD,
                        format!("{url} {} {i} {}", u8::from(notify), window.as_secs()),
                    )
                    .stdout(Stdio::piped())
                    .stderr(Stdio::inherit())
                    .spawn()
                    .unwrap()
            })
            .collect();
        let (mut refused, mut again) = (0.0, 0.0);
        for child in children {
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success(), "a child of the bench failed");
            let text = String::from_utf8_lossy(&out.stdout);
            let words: Vec<&str> = text.split_whitespace().collect();
            let count = |name: &str| {
                words
                    .iter()
                    .position(|w| *w == name)
                    .and_then(|i| words.get(i + 1))
                    .and_then(|n| n.parse::<f64>().ok())
                    .unwrap_or(0.0)
            };
            refused += count("refused");
            again += count("again");
        }
        // PostgreSQL counts a backend's transactions when it reports them (at the latest
        // when it exits).
        std::thread::sleep(Duration::from_millis(1500));
        let after = counts(&url, name);
        let actions = after.0 - before.0;
        let lost = after.1 - before.1;
        println!(
            "| {} | {:.0} | {again} ({:.1} per 100 actions) | {lost} | {refused} |",
            if notify {
                "NOTIFY + version check"
            } else {
                "version check only"
            },
            actions as f64 / window.as_secs_f64(),
            again * 100.0 / actions.max(1) as f64,
        );
    }
}

/// A child of `notify`: acts on the shared games for the given seconds, whoever is to act
/// in a game picked at random, and prints `played N refused M`. It reads the game and picks
/// the action through a second table of its own (whose reads check the stored version, so
/// the pick is fresh) and acts through the first, as a click acts through the table of the
/// process that receives it: whether that table's cached copy is stale is what is measured.
fn shared_games_child(spec: &str) {
    let words: Vec<&str> = spec.split(' ').collect();
    let [url, notify, seed, secs] = words[..] else {
        panic!("{CHILD} is URL NOTIFY SEED SECONDS, not {spec:?}");
    };
    let (notify, seed, secs): (bool, u64, u64) =
        (notify == "1", seed.parse().unwrap(), secs.parse().unwrap());
    runtime().block_on(async {
        let settings = TableSettings {
            outbox: false,
            ..TableSettings::default()
        };
        let open = |notify: bool| {
            let settings = settings.clone();
            async move {
                let store = Store::connect(url)
                    .await
                    .unwrap()
                    .with_change_notices(notify);
                Arc::new(Table::new(store, Arc::new(NoImages), settings))
            }
        };
        let (table, reader) = (open(notify).await, open(false).await);
        let follower = table.clone();
        let follow = tokio::spawn(async move { follower.follow_changes().await });
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let until = Instant::now() + Duration::from_secs(secs);
        let (mut played, mut refused) = (0u64, 0u64);
        while Instant::now() < until {
            let channel = 200 + rng.random_range(0..SHARED_GAMES);
            let turn = match reader.handle(&caller_in(1, channel), Command::Board).await {
                Ok(r) => r.turn,
                Err(_) => None,
            };
            let Some(turn) = turn else {
                // No game here (or it ended): one of the two starts the next.
                let create = Command::Create {
                    game: "pandoria".into(),
                    options: vec![],
                    players: None,
                    seats: (1..=4).map(|u| (u, format!("Player {u}"))).collect(),
                    seed: Some(Seed::from_u64(rng.random())),
                };
                let _ = table.handle(&caller_in(1, channel), create).await;
                continue;
            };
            let who = caller_in(turn.user, channel);
            let legal = match reader.suggest(&who, "", usize::MAX).await {
                Ok(legal) if !legal.is_empty() => legal,
                _ => continue,
            };
            let notation = legal[rng.random_range(0..legal.len())].clone();
            let act = Command::ActAnyway {
                notation,
                version: None,
            };
            match table.handle(&who, act).await {
                Ok(_) => played += 1,
                Err(TableError::Refused(_)) => refused += 1,
                Err(e) => panic!("the table failed: {e}"),
            }
        }
        // The actions run a second time (the metric counts this process's tables).
        let metrics = turnpost_bot::metrics::handle().render();
        let again = metrics
            .lines()
            .find_map(|l| l.strip_prefix(turnpost_bot::metrics::ACTIONS_RUN_AGAIN))
            .and_then(|rest| rest.trim().parse::<f64>().ok())
            .unwrap_or(0.0);
        println!("played {played} refused {refused} again {again}");
        table.close().await;
        reader.close().await;
        follow.abort();
    });
}
