//! A throwaway PostgreSQL for the tests, and the store of the backend a test target runs on.
//!
//! A test target whose crate name ends in `_postgres` (e.g. `table_postgres.rs`, which
//! includes `table.rs` as a module) runs the same tests on PostgreSQL: [`store_at`] gives it a
//! database of one cluster per test process ([`Cluster::shared`]: `initdb` in a temporary
//! directory, a free local port, its socket in that directory, started with `pg_ctl start
//! -w`), one database per SQLite path the test asked for (so a test that reopens its file
//! reopens its database). Every other target gets the SQLite file at the path, as before.
//!
//! When no server can be started the test fails and says why, unless
//! `TURNPOST_SKIP_POSTGRES=1` is set: then the `_postgres` targets run on SQLite again and say
//! so on stderr. As root (where `initdb` refuses to run) the cluster runs as the `postgres`
//! user through `runuser` (the Debian package creates that user). The cluster stops when its
//! [`Cluster`] is dropped; the shared one (a static, never dropped) is stopped by a watcher
//! process when the test process ends, however it ends.
#![allow(dead_code)]

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use sqlx::Connection;
use turnpost_bot::store::Store;

/// Whether this test target runs its store on PostgreSQL (its crate name ends in
/// `_postgres`).
pub fn on_postgres() -> bool {
    env!("CARGO_CRATE_NAME").ends_with("_postgres")
}

/// The store of this target's backend for the SQLite file `path`: the file itself, or on a
/// `_postgres` target the database that stands for it (made on first use, the same on every
/// later call with the same path).
pub async fn store_at(path: &Path) -> Store {
    match database_for(Some(path)).await {
        Some(url) => Store::connect(&url)
            .await
            .unwrap_or_else(|e| panic!("cannot open the PostgreSQL store {url}: {e}")),
        None => Store::open(path).await.unwrap(),
    }
}

/// The URL of the database [`store_at`] opens for `path` on a `_postgres` target, for a
/// child process's `--db`; `None` on a SQLite target (the file itself is meant).
pub async fn url_for(path: &Path) -> Option<String> {
    database_for(Some(path)).await
}

/// The database [`store_at`] opens for `path`, or a fresh one (`None`): its URL on a
/// `_postgres` target with a cluster, else `None`.
async fn database_for(path: Option<&Path>) -> Option<String> {
    if !on_postgres() {
        return None;
    }
    let cluster = Cluster::shared()?;
    let name = match path {
        Some(path) => {
            let mut h = DefaultHasher::new();
            path.hash(&mut h);
            format!("t{:016x}", h.finish())
        }
        None => {
            static FRESH: AtomicU64 = AtomicU64::new(0);
            format!("fresh{}", FRESH.fetch_add(1, Ordering::Relaxed))
        }
    };
    Some(cluster.database(&name).await)
}

/// A new empty store of this target's backend: SQLite in memory, or a new PostgreSQL
/// database.
pub async fn fresh_store() -> Store {
    match database_for(None).await {
        Some(url) => Store::connect(&url)
            .await
            .unwrap_or_else(|e| panic!("cannot open the PostgreSQL store {url}: {e}")),
        None => Store::memory().await.unwrap(),
    }
}

/// `q` with every argument of `binds` bound, in order (either backend's query).
macro_rules! bind_all {
    ($q:expr, $binds:expr) => {{
        let mut q = $q;
        for b in $binds {
            q = match b {
                Bind::Int(v) => q.bind(*v),
                Bind::Text(v) => q.bind(v.clone()),
            };
        }
        q
    }};
}

/// An argument of a [`Raw`] query.
#[derive(Clone, Debug)]
pub enum Bind {
    Int(i64),
    Text(String),
}

/// Plain SQL on the database a test's store uses, for the tests that damage or inspect it
/// behind the store's back (`?` placeholders; numbered for PostgreSQL).
#[derive(Debug)]
pub enum Raw {
    Sqlite(sqlx::SqlitePool),
    Postgres(sqlx::PgPool),
}

impl Raw {
    /// The database [`store_at`] gives for `path`.
    pub async fn at(path: &Path) -> Raw {
        match database_for(Some(path)).await {
            Some(url) => Raw::Postgres(sqlx::PgPool::connect(&url).await.unwrap()),
            None => Raw::Sqlite(
                sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display()))
                    .await
                    .unwrap(),
            ),
        }
    }

    /// The SQLite file at `path` whatever the target (for the stores a test opens by path
    /// itself, like `turnpost local --db`).
    pub async fn sqlite(path: &Path) -> Raw {
        Raw::Sqlite(
            sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display()))
                .await
                .unwrap(),
        )
    }

    /// Whether this is PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        matches!(self, Raw::Postgres(_))
    }

    /// Runs a statement; the rows it changed.
    pub async fn execute(&self, sql: &str) -> u64 {
        self.execute_with(sql, &[]).await
    }

    /// Runs a statement with arguments; the rows it changed.
    pub async fn execute_with(&self, sql: &str, binds: &[Bind]) -> u64 {
        match self {
            Raw::Sqlite(pool) => {
                let q = bind_all!(sqlx::query(sql), binds);
                q.execute(pool).await.unwrap().rows_affected()
            }
            Raw::Postgres(pool) => {
                let sql = numbered(sql);
                let q = bind_all!(sqlx::query(&sql), binds);
                q.execute(pool).await.unwrap().rows_affected()
            }
        }
    }

    /// The first column of every row.
    pub async fn scalars<T>(&self, sql: &str) -> Vec<T>
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Sqlite>
            + sqlx::Type<sqlx::Sqlite>
            + for<'r> sqlx::Decode<'r, sqlx::Postgres>
            + sqlx::Type<sqlx::Postgres>
            + Send
            + Unpin,
    {
        let rows: Vec<(T,)> = self.query_as(sql, &[]).await;
        rows.into_iter().map(|(v,)| v).collect()
    }

    /// The first column of the first row.
    pub async fn scalar<T>(&self, sql: &str) -> T
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Sqlite>
            + sqlx::Type<sqlx::Sqlite>
            + for<'r> sqlx::Decode<'r, sqlx::Postgres>
            + sqlx::Type<sqlx::Postgres>
            + Send
            + Unpin,
    {
        self.scalars(sql)
            .await
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("no row from {sql}"))
    }

    /// Makes every insert into `table` for which the SQL condition `when` on `NEW` holds
    /// fail, until [`Raw::stop_failing`]: a trigger named `name`.
    pub async fn fail_inserts(&self, name: &str, table: &str, when: &str) {
        match self {
            Raw::Sqlite(_) => {
                self.execute(&format!(
                    "CREATE TRIGGER {name} BEFORE INSERT ON {table} WHEN {when} \
                     BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
                ))
                .await;
            }
            Raw::Postgres(_) => {
                self.execute(&format!(
                    "CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS \
                     'BEGIN RAISE EXCEPTION ''injected failure''; END'"
                ))
                .await;
                self.execute(&format!(
                    "CREATE TRIGGER {name} BEFORE INSERT ON {table} FOR EACH ROW \
                     WHEN ({when}) EXECUTE FUNCTION {name}()"
                ))
                .await;
            }
        }
    }

    /// Inserts into `table` work again.
    pub async fn stop_failing(&self, name: &str, table: &str) {
        match self {
            Raw::Sqlite(_) => {
                self.execute(&format!("DROP TRIGGER {name}")).await;
            }
            Raw::Postgres(_) => {
                self.execute(&format!("DROP TRIGGER {name} ON {table}"))
                    .await;
                self.execute(&format!("DROP FUNCTION {name}()")).await;
            }
        }
    }

    /// The rows of a query as `T`.
    pub async fn query_as<T>(&self, sql: &str, binds: &[Bind]) -> Vec<T>
    where
        T: for<'r> sqlx::FromRow<'r, sqlx::sqlite::SqliteRow>
            + for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow>
            + Send
            + Unpin,
    {
        match self {
            Raw::Sqlite(pool) => {
                let q = bind_all!(sqlx::query_as(sql), binds);
                q.fetch_all(pool).await.unwrap()
            }
            Raw::Postgres(pool) => {
                let sql = numbered(sql);
                let q = bind_all!(sqlx::query_as(&sql), binds);
                q.fetch_all(pool).await.unwrap()
            }
        }
    }

    pub async fn close(&self) {
        match self {
            Raw::Sqlite(pool) => pool.close().await,
            Raw::Postgres(pool) => pool.close().await,
        }
    }
}

/// `sql` with `?` numbered `$1, $2, …` (the tests' SQL has no `?` in quotes).
fn numbered(sql: &str) -> String {
    let mut n = 0;
    sql.chars()
        .map(|c| {
            if c == '?' {
                n += 1;
                format!("${n}")
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A PostgreSQL cluster of one test process.
#[derive(Debug)]
pub struct Cluster {
    /// The temporary directory: `data/` is the cluster, its socket is in `data/`.
    dir: PathBuf,
    /// Where its programs are.
    bin: PathBuf,
    /// Its port on 127.0.0.1.
    pub port: u16,
    /// Whether its programs run as the `postgres` user (the tests run as root).
    as_postgres: bool,
}

impl Cluster {
    /// The process's shared cluster, started on first use; `None` only when it cannot be
    /// started and `TURNPOST_SKIP_POSTGRES=1` is set (otherwise that panics with the reason).
    pub fn shared() -> Option<&'static Cluster> {
        static SHARED: OnceLock<Option<Cluster>> = OnceLock::new();
        SHARED
            .get_or_init(|| match Cluster::start() {
                Ok(cluster) => {
                    cluster.stop_when_process_ends();
                    Some(cluster)
                }
                Err(why) if skip_allowed() => {
                    eprintln!(
                        "TURNPOST_SKIP_POSTGRES=1: no PostgreSQL ({why}); \
                         the PostgreSQL tests run on SQLite instead"
                    );
                    None
                }
                Err(why) => panic!(
                    "cannot start a PostgreSQL server for the tests: {why}\n\
                     Install PostgreSQL (`apt-get install postgresql`: initdb and pg_ctl on PATH \
                     or under /usr/lib/postgresql/*/bin), or set TURNPOST_SKIP_POSTGRES=1 to \
                     run without it."
                ),
            })
            .as_ref()
    }

    /// Starts a new cluster in a temporary directory.
    pub fn start() -> Result<Cluster, String> {
        let bin = find_bin().ok_or("no initdb found on PATH or under /usr/lib/postgresql")?;
        let as_postgres = is_root();
        let dir = std::env::temp_dir().join(format!(
            "turnpost-pg-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {dir:?}: {e}"))?;
        if as_postgres {
            run(Command::new("chown").arg("postgres:").arg(&dir))?;
        }
        let mut cluster = Cluster {
            dir,
            bin,
            port: 0,
            as_postgres,
        };
        let data = cluster.data();
        cluster.run_pg(
            "initdb",
            &[
                "-D",
                path_str(&data)?,
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
                "--no-instructions",
            ],
        )?;
        // A free port: another process may take it between here and the start; try again then.
        let mut last = String::new();
        for _ in 0..5 {
            cluster.port = free_port()?;
            let options = format!(
                "-p {} -k {} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off \
                 -c full_page_writes=off -c max_connections=300",
                cluster.port,
                path_str(&data)?
            );
            let log = cluster.dir.join("server.log");
            match cluster.run_pg(
                "pg_ctl",
                &[
                    "-D",
                    path_str(&data)?,
                    "-l",
                    path_str(&log)?,
                    "-o",
                    &options,
                    "-w",
                    "start",
                ],
            ) {
                Ok(()) => return Ok(cluster),
                Err(e) => {
                    let server_log = std::fs::read_to_string(&log).unwrap_or_default();
                    last = format!("{e}\n{server_log}");
                }
            }
        }
        Err(format!("pg_ctl start failed: {last}"))
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    /// The URL of database `name`, created if it does not exist.
    pub async fn database(&self, name: &str) -> String {
        let admin = self.url("postgres");
        let mut conn = sqlx::PgConnection::connect(&admin)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to the test PostgreSQL at {admin}: {e}"));
        // Concurrent CREATE DATABASE can find the template busy: try again shortly.
        for attempt in 0.. {
            match sqlx::query(&format!("CREATE DATABASE \"{name}\""))
                .execute(&mut conn)
                .await
            {
                Ok(_) => break,
                Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("42P04") => break,
                Err(e) if attempt < 50 => {
                    let _ = e;
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                }
                Err(e) => panic!("cannot create the test database {name}: {e}"),
            }
        }
        let _ = conn.close().await;
        self.url(name)
    }

    /// The process id of the server (its postmaster; the backends are its children).
    pub fn server_pid(&self) -> Option<u32> {
        let pid = std::fs::read_to_string(self.data().join("postmaster.pid")).ok()?;
        pid.lines().next()?.trim().parse().ok()
    }

    /// The URL of database `name` of this cluster.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// Runs one of PostgreSQL's programs (as the `postgres` user when we are root).
    fn run_pg(&self, program: &str, args: &[&str]) -> Result<(), String> {
        let exe = self.bin.join(program);
        let mut cmd = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        cmd.args(args);
        run(&mut cmd)
    }

    /// Leaves a watcher behind that stops the cluster and removes its directory once this
    /// process is gone (a static cluster is never dropped).
    fn stop_when_process_ends(&self) {
        let pg_ctl = self.bin.join("pg_ctl");
        let stop = format!(
            "{}{} -D '{}' -m immediate stop >/dev/null 2>&1",
            if self.as_postgres {
                "runuser -u postgres -- "
            } else {
                ""
            },
            pg_ctl.display(),
            self.data().display()
        );
        let script = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 0.5; done; {stop}; rm -rf '{dir}'",
            pid = std::process::id(),
            dir = self.dir.display()
        );
        let _ = Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.data();
        if let Some(data) = data.to_str() {
            let _ = self.run_pg("pg_ctl", &["-D", data, "-m", "immediate", "stop"]);
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn skip_allowed() -> bool {
    std::env::var("TURNPOST_SKIP_POSTGRES").is_ok_and(|v| v == "1")
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

fn path_str(p: &Path) -> Result<&str, String> {
    p.to_str().ok_or_else(|| format!("{p:?} is not UTF-8"))
}

/// The directory of `initdb` and `pg_ctl`: on PATH, else the newest
/// `/usr/lib/postgresql/*/bin`.
fn find_bin() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .find(|d| d.join("initdb").is_file() && d.join("pg_ctl").is_file())
    });
    on_path.or_else(|| {
        let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let v = e.file_name().to_str()?.parse::<u32>().ok()?;
                let bin = e.path().join("bin");
                bin.join("initdb").is_file().then_some((v, bin))
            })
            .collect();
        versions.sort();
        versions.pop().map(|(_, bin)| bin)
    })
}

fn free_port() -> Result<u16, String> {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free local port: {e}"))
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{cmd:?} failed ({}): {}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}
