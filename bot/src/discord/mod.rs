//! The Discord front end: a serenity client that maps interactions to the table service and
//! sends its replies as channel messages, ephemeral answers and DMs.
//!
//! `handler.rs` receives interactions (defer first, then work), `commands.rs` defines the
//! slash commands, `ids.rs` encodes button ids, `deliver.rs` sends replies (DMs with the
//! 50007 fallback), `permissions.rs` lists the permissions the bot needs and checks them,
//! and the reminder loop lives here.

mod commands;
mod deliver;
mod handler;
pub mod ids;
mod panel;
pub mod permissions;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use serenity::all::{ClientBuilder, GatewayIntents, HttpBuilder};
use tokio::sync::Notify;

use crate::clock::now_ms;
use crate::paint::PngPainter;
use crate::table::{Table, TableSettings};

pub use deliver::DiscordCourier;

pub use commands::{Invocation, definitions, invocation};

/// The bot token; never printed.
#[derive(Clone)]
pub struct Token(String);

impl Token {
    /// Wraps a token.
    pub fn new(token: impl Into<String>) -> Token {
        Token(token.into())
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(hidden)")
    }
}

/// How the bot runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The bot token (`DISCORD_TOKEN`).
    pub token: Token,
    /// The SQLite file (`TURNPOST_DATABASE`, default `turnpost.db`).
    pub database: PathBuf,
    /// Register commands in this guild only, instantly (`TURNPOST_DEV_GUILD`).
    pub dev_guild: Option<u64>,
    /// Another address for Discord's API (tests use a local fake): serenity's proxy with
    /// the rate limiter off, and the gateway URL it reports.
    pub api_base: Option<String>,
    /// How often reminders and deadlines are checked.
    pub reminder_every: Duration,
    /// Where `/metrics` and `/healthz` are served (`TURNPOST_METRICS_ADDR`, e.g.
    /// `127.0.0.1:9464`); `None`: not served.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// The gateway shards this process runs (`--shards`/`--shard-total`, or
    /// `TURNPOST_SHARDS`/`TURNPOST_SHARD_TOTAL`); `None`: one process, one shard.
    pub shards: Option<Shards>,
}

/// A range of Discord gateway shards, out of all of them: each of several processes on one
/// database runs its own range (Discord sends a server's events on shard
/// `(server_id >> 22) % total`, and DMs on shard 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    /// The first shard id.
    pub first: u32,
    /// The last shard id (included).
    pub last: u32,
    /// How many shards there are in all.
    pub total: u32,
}

impl Shards {
    /// Reads `0-3` (or `2`) and the total; refuses a range outside `0..total`.
    pub fn parse(range: &str, total: u32) -> Result<Shards, String> {
        let number = |s: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| format!("not a shard range (like 0-3 or 2): {range}"))
        };
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(range)?, number(range)?),
        };
        if first > last || last >= total {
            return Err(format!(
                "shards {first}-{last} are not within the {total} shards (ids 0 to {})",
                total.saturating_sub(1)
            ));
        }
        Ok(Shards { first, last, total })
    }

    /// How many shards this process runs.
    pub fn count(&self) -> u32 {
        self.last - self.first + 1
    }

    /// From `TURNPOST_SHARDS` and `TURNPOST_SHARD_TOTAL` (both or neither).
    fn from_env() -> Result<Option<Shards>, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        match (var("TURNPOST_SHARDS"), var("TURNPOST_SHARD_TOTAL")) {
            (None, None) => Ok(None),
            (Some(range), Some(total)) => {
                let total = total
                    .trim()
                    .parse()
                    .map_err(|_| format!("TURNPOST_SHARD_TOTAL is not a number: {total}"))?;
                Shards::parse(&range, total).map(Some)
            }
            _ => Err("set both TURNPOST_SHARDS and TURNPOST_SHARD_TOTAL, or neither".into()),
        }
    }
}

impl Config {
    /// Reads the environment (and a `.env` file if present).
    pub fn from_env() -> Result<Config, String> {
        let _ = dotenvy::dotenv();
        let token = std::env::var("DISCORD_TOKEN").map_err(|_| {
            "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications and put its token in the environment or a .env file".to_string()
        })?;
        let dev_guild = match std::env::var("TURNPOST_DEV_GUILD") {
            Ok(g) if !g.trim().is_empty() => Some(
                g.trim()
                    .parse()
                    .map_err(|_| format!("TURNPOST_DEV_GUILD is not a server id: {g}"))?,
            ),
            _ => None,
        };
        let metrics_addr = match std::env::var("TURNPOST_METRICS_ADDR") {
            Ok(a) if !a.trim().is_empty() => Some(a.trim().parse().map_err(|_| {
                format!(
                    "TURNPOST_METRICS_ADDR is not an address with a port (like 127.0.0.1:9464): {a}"
                )
            })?),
            _ => None,
        };
        Ok(Config {
            token: Token::new(token.trim()),
            database: std::env::var("TURNPOST_DATABASE")
                .map_or_else(|_| PathBuf::from("turnpost.db"), PathBuf::from),
            dev_guild,
            api_base: std::env::var("TURNPOST_DISCORD_API")
                .ok()
                .filter(|s| !s.is_empty()),
            // A test that moves the clock (TURNPOST_TEST_CLOCK) wants its deadlines seen soon.
            reminder_every: if crate::clock::test_clock_from_env().is_some() {
                Duration::from_secs(1)
            } else {
                Duration::from_secs(300)
            },
            metrics_addr,
            shards: Shards::from_env()?,
        })
    }
}

/// Counts interactions being handled, so shutdown can wait for them.
#[derive(Debug, Default)]
pub(crate) struct InFlight {
    count: AtomicUsize,
    idle: Notify,
    accepting: AtomicBool,
}

pub(crate) struct InFlightGuard<'a>(&'a InFlight);

impl InFlight {
    fn enter(&self) -> Option<InFlightGuard<'_>> {
        self.count.fetch_add(1, Ordering::SeqCst);
        if !self.accepting.load(Ordering::SeqCst) {
            self.leave();
            return None;
        }
        Some(InFlightGuard(self))
    }

    fn leave(&self) {
        if self.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.idle.notify_waiters();
        }
    }

    async fn drained(&self) {
        loop {
            let notified = self.idle.notified();
            if self.count.load(Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }
}

impl Drop for InFlightGuard<'_> {
    fn drop(&mut self) {
        self.0.leave();
    }
}

/// Opens the database and runs the bot until `shutdown` completes.
pub async fn serve(
    config: Config,
    shutdown: impl std::future::Future<Output = ()>,
) -> Result<(), String> {
    let mut settings = TableSettings::default();
    if let Some(clock) = crate::clock::test_clock_from_env() {
        tracing::warn!(
            "{} is set: the clock is moved by a test's file",
            crate::clock::TEST_CLOCK_VAR
        );
        settings.clock = clock;
    }
    let table = Arc::new(Table::open(&config.database, Arc::new(PngPainter), settings).await?);
    run(config, table, shutdown).await
}

/// Runs the bot over a table until `shutdown` completes: stop taking interactions, let the
/// running ones finish, disconnect, close the store.
pub async fn run(
    config: Config,
    table: Arc<Table>,
    shutdown: impl std::future::Future<Output = ()>,
) -> Result<(), String> {
    let mut http = HttpBuilder::new(&config.token.0);
    if let Some(base) = &config.api_base {
        // The proxy only replaces discord.com when the rate limiter is off (shared NOTES).
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();
    let in_flight = Arc::new(InFlight::default());
    in_flight.accepting.store(true, Ordering::SeqCst);
    // Metrics and health, when asked for: the shards this process runs.
    let health = Arc::new(crate::metrics::Health::default());
    health.expect_shards(config.shards.map_or(1, |s| s.count() as usize));
    let metrics_server = match config.metrics_addr {
        Some(addr) => {
            let (bound, task) = crate::observe::serve(addr, table.clone(), health.clone()).await?;
            tracing::info!(%bound, "serving /metrics and /healthz");
            Some(task)
        }
        None => None,
    };
    // The league's web pages, when asked for (issue 32).
    let web_server = match crate::web::from_env()? {
        Some((addr, base)) => {
            table.set_web_base(base);
            let (bound, task) = crate::web::serve(addr, table.clone(), Default::default()).await?;
            tracing::info!(%bound, "serving the league's web pages");
            Some(task)
        }
        None => None,
    };
    let handler = handler::Handler::new(
        table.clone(),
        config.dev_guild,
        in_flight.clone(),
        health.clone(),
    );
    // Slash commands and components need no privileged intent.
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .event_handler(handler)
        .await
        .map_err(|e| format!("cannot start the Discord client: {e}"))?;
    let shards = client.shard_manager.clone();
    // Deliveries: whatever is pending from before a restart goes out first.
    let (stop_outbox, outbox_stopped) = tokio::sync::oneshot::channel::<()>();
    let outbox = tokio::spawn(table.outbox().run(
        Arc::new(DiscordCourier::new(client.http.clone())),
        async move {
            let _ = outbox_stopped.await;
        },
    ));
    // AI seats: turns left by a restart are played first, then each as it comes.
    let ai = tokio::spawn(table.clone().run_ai());
    // On PostgreSQL, cached games other processes changed are dropped as they say so.
    let follower = table.clone();
    let follow = tokio::spawn(async move {
        if let Err(e) = follower.follow_changes().await {
            tracing::error!(error = %e, "cannot follow other processes' changes; their version checks still hold");
        }
    });
    let reminder_table = table.clone();
    let every = config.reminder_every;
    let reminders = tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        loop {
            tick.tick().await;
            if let Err(e) = reminder_table.queue_reminders(now_ms()).await {
                tracing::error!(error = %e, "reminder pass failed");
            }
            if let Err(e) = reminder_table.sweep_deadlines().await {
                tracing::error!(error = %e, "deadline pass failed");
            }
        }
    });
    let result = tokio::select! {
        r = async {
            match config.shards {
                // serenity's range includes its end.
                Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
                None => client.start().await,
            }
        } => r.map_err(|e| format!("Discord client stopped: {e}")),
        () = shutdown => {
            tracing::info!("shutting down: no new interactions, waiting for running ones");
            in_flight.accepting.store(false, Ordering::SeqCst);
            if tokio::time::timeout(Duration::from_secs(20), in_flight.drained()).await.is_err() {
                tracing::warn!("interactions still running after 20 s; stopping anyway");
            }
            shards.shutdown_all().await;
            Ok(())
        }
    };
    reminders.abort();
    ai.abort();
    follow.abort();
    for server in [metrics_server, web_server].into_iter().flatten() {
        server.abort();
    }
    // Let the worker finish what it is sending; anything still pending goes out after the
    // next start.
    let _ = stop_outbox.send(());
    if tokio::time::timeout(Duration::from_secs(10), outbox)
        .await
        .is_err()
    {
        tracing::warn!("deliveries still running after 10 s; the rest go out after the next start");
    }
    table.close().await;
    tracing::info!("stopped");
    result
}

/// Queues the reminders due now and delivers everything pending through `http` before
/// returning (the running bot does the same in the background); returns how many reminders
/// were queued.
pub async fn send_reminders(
    table: &Table,
    http: &Arc<serenity::http::Http>,
) -> Result<usize, String> {
    let queued = table
        .queue_reminders(now_ms())
        .await
        .map_err(|e| e.to_string())?
        .queued;
    let courier = Arc::new(DiscordCourier::new(http.clone()));
    let outbox = table.outbox();
    while let Ok(None) = outbox.pass(&courier).await {}
    Ok(queued)
}

/// Applies the deadlines due by the table's clock and delivers everything pending through
/// `http` before returning (the running bot does the same in the background).
pub async fn sweep_deadlines(
    table: &Table,
    http: &Arc<serenity::http::Http>,
) -> Result<crate::table::DeadlinePass, String> {
    let pass = table.sweep_deadlines().await.map_err(|e| e.to_string())?;
    let courier = Arc::new(DiscordCourier::new(http.clone()));
    let outbox = table.outbox();
    while let Ok(None) = outbox.pass(&courier).await {}
    Ok(pass)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let config = Config {
            token: Token::new("MTIz.secret-token-value"),
            database: PathBuf::from("x.db"),
            dev_guild: None,
            api_base: None,
            reminder_every: Duration::from_secs(1),
            metrics_addr: None,
            shards: None,
        };
        let text = format!("{config:?} {:?}", config.token);
        assert!(!text.contains("secret-token-value"), "{text}");
        assert!(text.contains("Token(hidden)"));
    }

    #[test]
    fn shard_ranges_are_read_and_refused_in_words() {
        assert_eq!(
            Shards::parse("0-3", 8),
            Ok(Shards {
                first: 0,
                last: 3,
                total: 8
            })
        );
        assert_eq!(Shards::parse("5", 8).map(|s| s.count()), Ok(1));
        assert!(Shards::parse("4-8", 8).unwrap_err().contains("not within"));
        assert!(Shards::parse("3-1", 8).is_err());
        assert!(
            Shards::parse("a-b", 8)
                .unwrap_err()
                .contains("not a shard range")
        );
    }
}
