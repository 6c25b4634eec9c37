//! The README's systemd unit (`turnpost@.service`, section "Several processes") run under a
//! real systemd (issue 31): two instances, `turnpost@0-1` and `turnpost@2-3`, each running
//! its range of 4 gateway shards against one PostgreSQL and the fake Discord.
//!
//! OPT-IN, like the long scale runs: it is skipped (with a line saying so) unless
//! `TURNPOST_SYSTEMD_CHECK=1` is set, so CI (`.ci/run`) never runs it. It needs root, a
//! container booted with systemd and the unit installed: `scripts/systemd-check.sh` makes
//! all that (a Debian root file system booted with `systemd-nspawn -b`, the README's unit and
//! the debug binary copied in) and runs this test with `TURNPOST_NSPAWN_PID` (the container's
//! systemd, as the host sees it) and `TURNPOST_NSPAWN_ROOT` (its root directory):
//!
//! ```sh
//! sudo scripts/systemd-check.sh
//! ```
//!
//! The test starts a throwaway PostgreSQL cluster and the fake Discord on the host (the
//! container shares the host's network), writes `/var/lib/turnpost/.env` and the instances'
//! own env files into the container, and drives it with `nsenter … systemctl/journalctl`:
//! `systemd-analyze verify` has no complaints; both units active (running), each process
//! healthy on its own `/healthz` with its two shards connected on `/metrics`, the fake sees
//! gateway sessions for exactly shards 0-3 of 4; `systemctl kill -s SIGKILL turnpost@0-1` and
//! `Restart=always` brings it back (a new PID, healthy again, the other instance untouched);
//! `systemctl stop turnpost@2-3` stops it with SIGTERM and an orderly shutdown ("stopped" in
//! its log, "Deactivated successfully"); `journalctl -u` shows the process's log lines; an
//! instance started while PostgreSQL does not answer is started again until it does; an
//! enabled instance is started by `multi-user.target`.

#[path = "support/postgres.rs"]
mod postgres;
#[path = "support/mod.rs"]
mod support;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;
use support::FakeDiscord;

/// Shards in all; the two instances and their ranges.
const TOTAL: u64 = 4;
const INSTANCES: [(&str, (u64, u64)); 2] = [("0-1", (0, 1)), ("2-3", (2, 3))];
const WAIT: Duration = Duration::from_secs(90);

/// The booted container: its systemd's PID on the host, and its root directory.
struct Container {
    pid: u32,
    root: PathBuf,
}

impl Container {
    fn from_env() -> Container {
        let var = |name: &str| {
            std::env::var(name).unwrap_or_else(|_| {
                panic!(
                    "{name} is not set: run `sudo scripts/systemd-check.sh`, which boots the \
                     container and runs this test with it"
                )
            })
        };
        Container {
            pid: var("TURNPOST_NSPAWN_PID")
                .parse()
                .expect("TURNPOST_NSPAWN_PID is a PID"),
            root: PathBuf::from(var("TURNPOST_NSPAWN_ROOT")),
        }
    }

    /// Runs `program args` inside the container (all its namespaces); its stdout, or a panic
    /// with its stderr when it fails and `must` is set.
    fn run(&self, must: bool, program: &str, args: &[&str]) -> String {
        let out = Command::new("nsenter")
            .arg("-t")
            .arg(self.pid.to_string())
            .arg("-a")
            .arg(program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("cannot run nsenter: {e}"));
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            !must || out.status.success(),
            "{program} {args:?} failed ({}): {stdout}{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    }

    fn systemctl(&self, args: &[&str]) -> String {
        self.run(true, "systemctl", args)
    }

    /// The unit's properties `names` (`systemctl show`).
    fn show(&self, unit: &str, names: &[&str]) -> BTreeMap<String, String> {
        let props = names.join(",");
        self.systemctl(&["show", unit, "-p", &props])
            .lines()
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// The unit's state: (ActiveState, SubState, MainPID).
    fn state(&self, unit: &str) -> (String, String, u32) {
        let p = self.show(unit, &["ActiveState", "SubState", "MainPID"]);
        (
            p["ActiveState"].clone(),
            p["SubState"].clone(),
            p["MainPID"].parse().unwrap_or(0),
        )
    }

    /// `systemctl status` as a person would read it.
    fn status(&self, unit: &str) -> String {
        self.run(
            false,
            "systemctl",
            &["status", "--no-pager", "-n", "0", unit],
        )
    }

    /// The unit's journal of this boot (systemd's lines about it and the process's own).
    fn journal(&self, unit: &str) -> String {
        self.run(
            true,
            "journalctl",
            &["-b", "-u", unit, "--no-pager", "-o", "short-monotonic"],
        )
    }

    /// Waits until `check` holds, polling every 200 ms; on a timeout, panics after printing
    /// both units' status and journal.
    async fn wait(&self, what: &str, mut check: impl FnMut() -> bool) {
        let until = Instant::now() + WAIT;
        while !check() {
            if Instant::now() >= until {
                self.fail(&format!("timed out after {WAIT:?}: {what}"));
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Prints both units' status and journal, then panics with `why`.
    fn fail(&self, why: &str) -> ! {
        for (instance, _) in INSTANCES {
            let unit = format!("turnpost@{instance}.service");
            println!("{}\n{}", self.status(&unit), self.journal(&unit));
        }
        panic!("{why}");
    }
}

/// `GET path` on `addr`: the status and the body (no HTTP client among the dependencies; the
/// metrics server closes the connection after one answer).
fn http_get(addr: SocketAddr, path: &str) -> Option<(u16, String)> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(2)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    let (head, body) = answer.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, body.to_string()))
}

/// A Prometheus sample's value (`name` without labels).
fn metric(text: &str, name: &str) -> Option<f64> {
    text.lines().find_map(|l| {
        let (n, v) = l.split_once(' ')?;
        (n == name).then(|| v.trim().parse().ok())?
    })
}

/// Whether the process behind `addr` says it is healthy with `shards` shards connected.
fn healthy(addr: SocketAddr, shards: u64) -> bool {
    let Some((200, body)) = http_get(addr, "/healthz") else {
        return false;
    };
    let health: Value = serde_json::from_str(&body).unwrap_or_default();
    health["status"] == "ok" && health["shards_connected"] == shards
}

fn free_port() -> SocketAddr {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
}

/// The shards (id, total) of every IDENTIFY the fake received, in order.
fn identified(fake: &FakeDiscord) -> Vec<(u64, u64)> {
    fake.identify_payloads()
        .iter()
        .filter_map(|d| Some((d["shard"][0].as_u64()?, d["shard"][1].as_u64()?)))
        .collect()
}

fn shards_of(range: (u64, u64)) -> Vec<(u64, u64)> {
    (range.0..=range.1).map(|s| (s, TOTAL)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readme_unit_runs_two_shard_ranges_under_systemd() {
    if std::env::var("TURNPOST_SYSTEMD_CHECK").as_deref() != Ok("1") {
        eprintln!(
            "skipped: the systemd check is opt-in (root, a booted container): \
             run `sudo scripts/systemd-check.sh`"
        );
        return;
    }
    let started = Instant::now();
    let container = Container::from_env();
    let version = container.systemctl(&["--version"]);
    println!(
        "container: {}",
        version.lines().next().unwrap_or_default().trim()
    );

    // The container runs the very binary this test was built with.
    let ours = std::fs::read(env!("CARGO_BIN_EXE_turnpost")).unwrap();
    let theirs = std::fs::read(container.root.join("usr/local/bin/turnpost"))
        .expect("no /usr/local/bin/turnpost in the container");
    assert!(
        ours == theirs,
        "the container's /usr/local/bin/turnpost is not {}",
        env!("CARGO_BIN_EXE_turnpost")
    );

    // PostgreSQL and Discord on the host, reachable from the container on 127.0.0.1.
    let cluster =
        postgres::Cluster::shared().expect("the systemd check needs a PostgreSQL cluster");
    let database = cluster.database("systemd_units").await;
    let fake = FakeDiscord::start().await;
    let lib = container.root.join("var/lib/turnpost");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::write(
        lib.join(".env"),
        format!(
            "DISCORD_TOKEN=test-token\nTURNPOST_DATABASE={database}\nTURNPOST_DISCORD_API={}\n",
            fake.base_url()
        ),
    )
    .unwrap();
    // Each instance's own settings: its metrics address (two processes cannot share one).
    let mut metrics = BTreeMap::new();
    for (instance, _) in INSTANCES {
        let addr = free_port();
        std::fs::write(
            lib.join(format!("{instance}.env")),
            format!("TURNPOST_METRICS_ADDR={addr}\n"),
        )
        .unwrap();
        metrics.insert(instance, addr);
    }
    let unit = |instance: &str| format!("turnpost@{instance}.service");

    // Start both.
    container.systemctl(&["daemon-reload"]);
    // systemd's own check of the unit (it names the binary the container has).
    let verify = container.run(
        true,
        "sh",
        &["-c", "systemd-analyze verify turnpost@0-1.service 2>&1"],
    );
    assert_eq!(verify.trim(), "", "systemd-analyze verify");
    println!("systemd-analyze verify turnpost@0-1.service: no complaints");
    container.systemctl(&["start", &unit("0-1"), &unit("2-3")]);
    let all: Vec<(u64, u64)> = (0..TOTAL).map(|s| (s, TOTAL)).collect();
    let ready = fake
        .poll_until(WAIT, || (fake.shards_ready() == all).then_some(()))
        .await;
    if ready.is_none() {
        container.fail(&format!(
            "the fake saw shards {:?} ready, not {all:?}",
            fake.shards_ready()
        ));
    }
    let mut first_pids = BTreeMap::new();
    for (instance, range) in INSTANCES {
        let (active, sub, pid) = container.state(&unit(instance));
        println!("{}: {active} ({sub}), main PID {pid}", unit(instance));
        assert_eq!((active.as_str(), sub.as_str()), ("active", "running"));
        assert!(pid > 0);
        first_pids.insert(instance, pid);
        let addr = metrics[instance];
        container
            .wait(&format!("{instance} healthy on {addr}"), || {
                healthy(addr, 2)
            })
            .await;
        let (_, text) = http_get(addr, "/metrics").unwrap();
        let connected = metric(&text, "turnpost_shards_connected");
        println!("  {addr}/healthz ok, turnpost_shards_connected {connected:?}");
        assert_eq!(connected, Some(2.0), "{instance}'s /metrics:\n{text}");
        // Its command line and environment in the container: the shard range of its
        // instance name.
        let environ = container.run(true, "cat", &[&format!("/proc/{pid}/environ")]);
        let shards = environ
            .split('\0')
            .find_map(|v| v.strip_prefix("TURNPOST_SHARDS="))
            .unwrap_or_default()
            .to_string();
        assert_eq!(shards, format!("{}-{}", range.0, range.1));
    }
    println!("{}", container.status(&unit("0-1")));
    let mut sessions = identified(&fake);
    sessions.sort_unstable();
    println!("fake Discord: gateway sessions identified for shards {sessions:?}");
    assert_eq!(sessions, all, "one IDENTIFY per shard");
    fake.wait_commands(None, WAIT).await;

    // SIGKILL 0-1: Restart=always brings it back with a new PID; 2-3 is not disturbed.
    let before = identified(&fake).len();
    container.systemctl(&["kill", "-s", "SIGKILL", &unit("0-1")]);
    let killed_at = Instant::now();
    let mut back = (String::new(), String::new(), 0);
    container
        .wait("turnpost@0-1 running again with a new PID", || {
            back = container.state(&unit("0-1"));
            back.1 == "running" && back.2 != first_pids["0-1"] && back.2 != 0
        })
        .await;
    let again = fake
        .poll_until(WAIT, || {
            (identified(&fake).len() >= before + 2 && fake.shards_ready() == all).then_some(())
        })
        .await;
    assert!(
        again.is_some(),
        "after the kill the fake saw {:?} ready",
        fake.shards_ready()
    );
    let addr = metrics["0-1"];
    container
        .wait("turnpost@0-1 healthy again", || healthy(addr, 2))
        .await;
    let restarts = container.show(&unit("0-1"), &["NRestarts"]);
    let mut reconnected = identified(&fake)[before..].to_vec();
    reconnected.sort_unstable();
    println!(
        "killed turnpost@0-1 (PID {}): running again as PID {} and healthy after {:?}, \
         NRestarts={}, shards identified again: {reconnected:?}",
        first_pids["0-1"],
        back.2,
        killed_at.elapsed(),
        restarts["NRestarts"]
    );
    assert_eq!(restarts["NRestarts"], "1");
    assert_eq!(
        reconnected,
        shards_of(INSTANCES[0].1),
        "only the killed instance's shards identify again"
    );
    assert_eq!(container.state(&unit("2-3")).2, first_pids["2-3"]);
    let journal = container.journal(&unit("0-1"));
    println!("journalctl -b -u turnpost@0-1:\n{journal}");
    assert!(
        journal.contains("status=9/KILL"),
        "systemd's line about the kill is missing"
    );
    assert!(
        journal.matches("starting").count() >= 2,
        "the process's own lines (two starts) are missing"
    );

    // Stop 2-3: SIGTERM, an orderly shutdown, exit status 0; not restarted. (An inactive
    // instance is unloaded at once, so `systemctl show` no longer has its exit status: the
    // journal has systemd's word on it.)
    container.systemctl(&["stop", &unit("2-3")]);
    println!("{}", container.status(&unit("2-3")));
    let journal = container.journal(&unit("2-3"));
    println!("journalctl -b -u turnpost@2-3:\n{journal}");
    // What was logged since the (only) start: systemd's "Stopping" and the process's
    // SIGTERM handling come in either order.
    let start = journal
        .rfind("Started turnpost@2-3.service")
        .unwrap_or_else(|| container.fail("systemd did not log starting turnpost@2-3"));
    let stop = &journal[start..];
    for (line, why) in [
        (
            "Stopping turnpost@2-3.service",
            "systemd did not log the stop",
        ),
        (
            "shutting down: no new interactions",
            "no orderly shutdown logged",
        ),
        (
            "turnpost_bot::discord: stopped",
            "the process did not log its end",
        ),
        (
            "turnpost@2-3.service: Deactivated successfully",
            "not a clean exit",
        ),
    ] {
        assert!(stop.contains(line), "{why}: no {line:?} after the stop");
    }
    for line in ["status=15/TERM", "Failed with result", "SIGKILL"] {
        assert!(!stop.contains(line), "{line:?} after the stop");
    }
    let gone = fake
        .poll_until(WAIT, || {
            (fake.shards_ready() == shards_of(INSTANCES[0].1)).then_some(())
        })
        .await;
    assert!(gone.is_some(), "shards ready: {:?}", fake.shards_ready());
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(container.state(&unit("2-3")).0, "inactive", "restarted");

    // PostgreSQL not reachable when an instance starts (on another machine that is still
    // booting, or restarting): the process gives up after the store's 30 s of trying and
    // exits with an error, and systemd starts it again (`Restart=always`; one start per 30 s
    // is far from the start limit of 5 in 10 s) until the database answers.
    let env_file = lib.join("2-3.env");
    let away = free_port();
    std::fs::write(
        &env_file,
        format!(
            "TURNPOST_METRICS_ADDR={}\nTURNPOST_DATABASE=postgres://postgres@{away}/systemd_units\n",
            metrics["2-3"]
        ),
    )
    .unwrap();
    let asked = Instant::now();
    container.systemctl(&["start", &unit("2-3")]);
    let watched = ["ActiveState", "SubState", "Result", "NRestarts"];
    let mut seen = BTreeMap::new();
    container
        .wait("turnpost@2-3 failed and started again, or given up", || {
            seen = container.show(&unit("2-3"), &watched);
            seen["ActiveState"] == "failed" || seen["NRestarts"].parse().unwrap_or(0) >= 1
        })
        .await;
    println!(
        "database away: turnpost@2-3 after {:?}: {seen:?}",
        asked.elapsed()
    );
    if seen["ActiveState"] == "failed" {
        container.fail(&format!(
            "systemd gave up on turnpost@2-3 ({}) while the database was away",
            seen["Result"]
        ));
    }
    // The database answers again (systemd reads the env files at every start).
    std::fs::write(
        &env_file,
        format!("TURNPOST_METRICS_ADDR={}\n", metrics["2-3"]),
    )
    .unwrap();
    container
        .wait("turnpost@2-3 healthy once the database answers", || {
            healthy(metrics["2-3"], 2)
        })
        .await;
    let back = fake
        .poll_until(WAIT, || (fake.shards_ready() == all).then_some(()))
        .await;
    assert!(back.is_some(), "shards ready: {:?}", fake.shards_ready());
    println!(
        "database back: turnpost@2-3 healthy after {:?}, {:?}",
        asked.elapsed(),
        container.show(&unit("2-3"), &watched)
    );

    // Enabled, an instance starts with multi-user.target.
    container.systemctl(&["enable", &unit("2-3")]);
    let link = container
        .root
        .join("etc/systemd/system/multi-user.target.wants")
        .join(unit("2-3"));
    // A link into the container's /etc (so not followed on the host).
    let target = std::fs::read_link(&link).unwrap_or_else(|e| panic!("no {link:?}: {e}"));
    println!(
        "systemctl enable: {} -> {}",
        link.display(),
        target.display()
    );
    assert_eq!(
        container.systemctl(&["is-enabled", &unit("2-3")]).trim(),
        "enabled"
    );
    let wants = container.systemctl(&["show", "-p", "Wants", "multi-user.target"]);
    assert!(wants.contains(&unit("2-3")), "{wants}");
    // Reaching multi-user.target (as at boot) starts it: stopped, then the target started.
    container.systemctl(&["stop", &unit("2-3")]);
    assert_eq!(container.state(&unit("2-3")).0, "inactive");
    container.systemctl(&["start", "multi-user.target"]);
    container
        .wait(
            "turnpost@2-3 started by multi-user.target and healthy",
            || container.state(&unit("2-3")).1 == "running" && healthy(metrics["2-3"], 2),
        )
        .await;
    println!("multi-user.target started the enabled turnpost@2-3: healthy");
    container.systemctl(&["disable", &unit("2-3")]);

    // The units used the database: its migrations ran.
    let pool = sqlx::PgPool::connect(&database).await.unwrap();
    let migrations: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(migrations > 0);
    pool.close().await;

    container.systemctl(&["stop", &unit("0-1"), &unit("2-3")]);
    println!(
        "SYSTEMD units=2 shards={TOTAL} kill_restart=ok stop=ok seconds={}",
        started.elapsed().as_secs()
    );
    fake.assert_clean();
}
