//! The real bot (serenity client, table, SQLite store) started against the fake Discord and
//! stopped again: one start-up for every Discord test.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::oneshot;
use turnpost_bot::discord::{Config, Shards, Token, run};
use turnpost_bot::store::Store;
use turnpost_bot::table::{Painter, Seeds, Table, TableSettings};

use super::FakeDiscord;

/// The guild the tests play in; the bot registers its commands there.
pub const GUILD: u64 = 7000;

/// How long the start-up waits for the gateway and the command registration.
const WAIT: Duration = Duration::from_secs(20);

/// A running bot.
pub struct Bot {
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), String>>,
    /// Where it serves `/metrics` and `/healthz`.
    pub metrics: std::net::SocketAddr,
}

impl Bot {
    /// Stops the bot and waits until it has stopped cleanly.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        self.task.await.unwrap().unwrap();
    }
}

/// Table settings whose games take the seeds `first`, `first + 1`, …: every run plays the
/// same games, so a failure can be replayed.
pub fn seeded(first: u64) -> TableSettings {
    TableSettings {
        seeds: Arc::new(Seeds::sequence(first)),
        ..TableSettings::default()
    }
}

/// Starts the bot over the SQLite file `db` with these table settings and this painter,
/// and waits until it is connected and has registered its commands in [`GUILD`]; also
/// returns its table.
pub async fn start(
    fake: &FakeDiscord,
    db: &Path,
    settings: TableSettings,
    painter: Arc<dyn Painter>,
) -> (Bot, Arc<Table>) {
    start_sharded(fake, db, settings, painter, None).await
}

/// Like [`start`], running only the gateway shards `shards` (one of several bots sharing
/// the database, as several processes would: each has its own table and caches).
pub async fn start_sharded(
    fake: &FakeDiscord,
    db: &Path,
    settings: TableSettings,
    painter: Arc<dyn Painter>,
    shards: Option<Shards>,
) -> (Bot, Arc<Table>) {
    let identified = fake.identify_count();
    let mark = fake.mark();
    // A free port for /metrics and /healthz (taken back from the system just before use).
    let metrics = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap();
    let config = Config {
        token: Token::new("test-token"),
        database: db.to_path_buf(),
        // Sharded bots serve many servers: their commands are registered for all of them.
        dev_guild: shards.is_none().then_some(GUILD),
        api_base: Some(fake.base_url()),
        reminder_every: Duration::from_secs(3600),
        metrics_addr: Some(metrics),
        shards,
    };
    let store = Store::open(db).await.unwrap();
    let table = Arc::new(Table::new(store, painter, settings));
    let (stop, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(run(config, table.clone(), async {
        let _ = rx.await;
    }));
    fake.wait_identified_more_than(identified, WAIT).await;
    let commands = match shards {
        None => format!("/guilds/{GUILD}/commands"),
        Some(_) => format!("/applications/{}/commands", FakeDiscord::APPLICATION_ID),
    };
    fake.wait_for_since(mark, WAIT, |r| {
        r.method == "PUT" && r.path.ends_with(&commands)
    })
    .await;
    (
        Bot {
            stop,
            task,
            metrics,
        },
        table,
    )
}
