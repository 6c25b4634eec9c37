//! The outbox against a failing Discord: the real bot (serenity client, table, SQLite file)
//! and the fake Discord answering turn messages with 500, 502, 429, 403/50013 and
//! 404/10003, and a bot killed between a commit and its delivery, between a delivery and
//! its record, and between a new turn message and the old one's buttons. A committed turn is
//! never left without its message; an unreachable channel gets one note to the caller, is
//! tried again on a back-off and when someone uses it, and gets the pending turn message once
//! it works; nothing is sent twice, and nothing is retried into Discord's invalid-request
//! ban.
//!
//! The helpers every module shares are here; the tests are in `outages`, `kills` and
//! `deliveries`. `discord_outbox_postgres` runs them with the store on PostgreSQL
//! (`support/postgres.rs`).

#[path = "../support/postgres.rs"]
mod pg;
#[path = "../support/mod.rs"]
mod support;

mod deliveries;
mod kills;
mod outages;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

use serde_json::{Value, json};
use support::{FakeDiscord, Matcher, Recorded};
use tokio::sync::oneshot;
use turnpost_bot::discord::{Config, Token, run};
use turnpost_bot::paint::PngPainter;
use turnpost_bot::table::{Seeds, Table, TableSettings};

const GUILD: u64 = 7100;
const CHANNEL: u64 = 8100;
const WAIT: Duration = Duration::from_secs(20);
const ANNA: u64 = 201;
const BERT: u64 = 202;
const CLEO: u64 = 203;
const FIRST_BACKOFF: Duration = Duration::from_millis(150);
const RATE_LIMIT_FLOOR: Duration = Duration::from_millis(400);
/// What the fake asks a rate-limited client to wait.
const RETRY_AFTER: Duration = Duration::from_millis(300);

struct Bot {
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), String>>,
}

async fn start_bot(fake: &FakeDiscord, db: &Path) -> Bot {
    start_bot_with(fake, db, |_| {}).await
}

/// The table settings of these tests, changed by `tune`.
fn bot_settings(tune: impl FnOnce(&mut TableSettings)) -> TableSettings {
    let mut settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(31)),
        ..TableSettings::default()
    };
    // Short waits keep the test quick; the assertions below check they are kept.
    settings.delivery.first_backoff = FIRST_BACKOFF;
    settings.delivery.rate_limit_floor = RATE_LIMIT_FLOOR;
    // A claim left by a killed bot delays its delivery by at most the lease (30 s by
    // default); short here, so the restart tests wait for it quickly.
    settings.delivery.lease = Duration::from_millis(500);
    tune(&mut settings);
    settings
}

fn bot_config(fake: &FakeDiscord, db: &Path) -> Config {
    Config {
        token: Token::new("test-token"),
        database: db.to_path_buf(),
        dev_guild: Some(GUILD),
        api_base: Some(fake.base_url()),
        reminder_every: Duration::from_secs(3600),
        metrics_addr: None,
        shards: None,
    }
}

/// Waits until a (re)started bot is connected and has registered its commands.
async fn wait_started(fake: &FakeDiscord, identified: usize, mark: usize) {
    fake.wait_identified_more_than(identified, WAIT).await;
    fake.wait_for_since(mark, WAIT, |r| {
        r.method == "PUT" && r.path.contains(&format!("/guilds/{GUILD}/commands"))
    })
    .await;
}

/// A bot in a runtime of its own, as a process: `kill` drops every one of its tasks at
/// once (the outbox worker's too) with nothing run after, as SIGKILL would.
struct Process {
    runtime: Option<tokio::runtime::Runtime>,
}

impl Process {
    async fn start(fake: &FakeDiscord, db: &Path, tune: impl FnOnce(&mut TableSettings)) -> Self {
        for (user, name) in [(ANNA, "Anna"), (BERT, "Bert"), (CLEO, "Cleo")] {
            fake.set_user_name(user, name);
        }
        let identified = fake.identify_count();
        let mark = fake.mark();
        let config = bot_config(fake, db);
        let settings = bot_settings(tune);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let db = db.to_path_buf();
        runtime.spawn(async move {
            let table = Arc::new(Table::new(
                pg::store_at(&db).await,
                Arc::new(PngPainter),
                settings,
            ));
            run(config, table, std::future::pending()).await
        });
        wait_started(fake, identified, mark).await;
        Process {
            runtime: Some(runtime),
        }
    }

    fn kill(mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

async fn start_bot_with(
    fake: &FakeDiscord,
    db: &Path,
    tune: impl FnOnce(&mut TableSettings),
) -> Bot {
    fake.set_user_name(ANNA, "Anna");
    fake.set_user_name(BERT, "Bert");
    let identified = fake.identify_count();
    let mark = fake.mark();
    let config = bot_config(fake, db);
    let table = Arc::new(Table::new(
        pg::store_at(db).await,
        Arc::new(PngPainter),
        bot_settings(tune),
    ));
    let (stop, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(run(config, table, async {
        let _ = rx.await;
    }));
    wait_started(fake, identified, mark).await;
    Bot { stop, task }
}

impl Bot {
    async fn stop(self) {
        let _ = self.stop.send(());
        self.task.await.unwrap().unwrap();
    }
}

fn content(r: &Recorded) -> String {
    r.json
        .as_ref()
        .and_then(|j| j["content"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// Sends a slash command and returns the caller's answer (the edit of the deferral).
async fn slash(fake: &FakeDiscord, user: u64, name: &str, options: Value) -> String {
    let interaction = fake.slash_command(user, CHANNEL, Some(GUILD), name, options);
    let token = interaction["token"].as_str().unwrap().to_string();
    fake.dispatch("INTERACTION_CREATE", interaction).await;
    let edit = fake
        .wait_for(WAIT, |r| {
            r.method == "PATCH"
                && r.path.contains(&token)
                && r.path.ends_with("/messages/@original")
        })
        .await;
    assert_eq!(edit.status, 200, "{edit}");
    content(&edit)
}

/// Turn messages the channel accepted.
fn turn_posts(fake: &FakeDiscord) -> Vec<Recorded> {
    fake.find_all(|r| r.is_channel_message(CHANNEL) && r.ok())
}

/// Opens and starts a two-player Roll Through the Ages game and waits for its first turn.
async fn two_player_game(fake: &FakeDiscord) {
    let opened = slash(
        fake,
        ANNA,
        "new",
        json!([{"name": "rtta", "type": 1, "options": []}]),
    )
    .await;
    assert!(opened.contains("opened"), "{opened}");
    assert!(
        slash(fake, BERT, "join", json!([]))
            .await
            .contains("joined")
    );
    assert!(
        slash(fake, ANNA, "start", json!([]))
            .await
            .contains("begins")
    );
    fake.wait_for(WAIT, |r| {
        r.is_channel_message(CHANNEL) && r.ok() && content(r).contains(" to play: ")
    })
    .await;
}

/// The first legal action of `user` offered by autocomplete, if it is their decision.
async fn first_choice(fake: &FakeDiscord, user: u64) -> Option<String> {
    let interaction = fake.autocomplete(
        user,
        CHANNEL,
        Some(GUILD),
        "play",
        json!([{"name": "action", "type": 3, "value": "", "focused": true}]),
    );
    let id = interaction["id"].as_str().unwrap().to_string();
    fake.dispatch("INTERACTION_CREATE", interaction).await;
    let answer = fake
        .wait_for(WAIT, |r| {
            r.path.contains(&id) && r.path.ends_with("/callback")
        })
        .await;
    // Out of turn, autocomplete offers one entry that says why, valued "-" (it plays
    // nothing).
    answer.json.as_ref().unwrap()["data"]["choices"][0]["value"]
        .as_str()
        .filter(|v| *v != "-")
        .map(str::to_string)
}

/// `/play` the first legal action of whoever is to act (asked of both players: the latest
/// turn message may be missing on purpose); returns the caller's answer.
async fn play_one(fake: &FakeDiscord) -> String {
    for user in [ANNA, BERT] {
        if let Some(choice) = first_choice(fake, user).await {
            return slash(
                fake,
                user,
                "play",
                json!([{"name": "action", "type": 3, "value": choice}]),
            )
            .await;
        }
    }
    panic!("nobody can act");
}

/// Plays whole turns: `/play`s the first legal action of whoever is to act until the
/// decision passes to the other player (the steps of one turn edit the turn message; the
/// next turn's message is a new post). Returns the last answer.
async fn play_turn(fake: &FakeDiscord) -> String {
    let first = to_act(fake).await.expect("nobody can act");
    for _ in 0..50 {
        let answer = play_one(fake).await;
        if to_act(fake).await != Some(first) {
            return answer;
        }
    }
    panic!("the turn did not pass in 50 actions");
}

/// Whoever has legal actions now.
async fn to_act(fake: &FakeDiscord) -> Option<u64> {
    for user in [ANNA, BERT] {
        if first_choice(fake, user).await.is_some() {
            return Some(user);
        }
    }
    None
}

/// The channel's posts for one turn message (same nonce), in order.
fn attempts_of(fake: &FakeDiscord, nonce: &str) -> Vec<Recorded> {
    fake.find_all(|r| r.is_channel_message(CHANNEL) && r.nonce().as_deref() == Some(nonce))
}

async fn pending(db: &Path) -> i64 {
    let pool = pg::Raw::at(db).await;
    let n = pool
        .scalar("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL")
        .await;
    pool.close().await;
    n
}

/// Waits until the outbox has delivered everything (a bounded wait for a running bot).
async fn wait_delivered(db: &Path) {
    let start = std::time::Instant::now();
    while pending(db).await > 0 {
        assert!(
            start.elapsed() < WAIT,
            "deliveries still pending after {WAIT:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Whether the channel is marked unreachable (reminders skip it).
async fn unreachable(db: &Path) -> bool {
    let pool = pg::Raw::at(db).await;
    let at: Vec<(Option<i64>,)> = pool
        .query_as(
            "SELECT unreachable_at FROM channel_setting WHERE channel_id = ?",
            &[pg::Bind::Int(CHANNEL as i64)],
        )
        .await;
    pool.close().await;
    at.into_iter().next().and_then(|(at,)| at).is_some()
}

/// Whether a request removes a channel message's buttons and nothing else (an old turn
/// message retired).
fn is_retire(r: &Recorded, message: u64) -> bool {
    r.method == "PATCH"
        && r.route() == format!("/channels/{CHANNEL}/messages/{message}")
        && r.json.as_ref().is_some_and(|j| {
            j.get("content").is_none_or(Value::is_null)
                && j["components"].as_array().is_some_and(Vec::is_empty)
        })
}

/// Whether a request edits a channel message's content (a step of the same turn).
fn is_edit(r: &Recorded) -> bool {
    r.method == "PATCH"
        && r.channel_id() == Some(CHANNEL)
        && r.json
            .as_ref()
            .is_some_and(|j| j.get("content").is_some_and(Value::is_string))
}

/// The held turn message went out to the channel once it worked again, mentioning the player
/// to act, and the channel is reachable again (reminders see it).
async fn assert_pending_turn_message_posted(fake: &FakeDiscord, db: &Path, mark: usize) {
    let post = fake
        .wait_for_since(mark, WAIT, |r| r.is_channel_message(CHANNEL) && r.ok())
        .await;
    let to_act = to_act(fake).await.expect("somebody is to act");
    assert!(
        content(&post).contains(&format!("<@{to_act}>")),
        "the turn message pings the player to act: {}",
        content(&post)
    );
    wait_delivered(db).await;
    assert!(!unreachable(db).await, "the channel is reachable again");
}

async fn to_act_of(fake: &FakeDiscord, users: &[u64]) -> Option<u64> {
    for &user in users {
        if first_choice(fake, user).await.is_some() {
            return Some(user);
        }
    }
    None
}

/// Opens and starts a game of `game` for `players`; returns the id of its first turn message.
async fn game_of(fake: &FakeDiscord, game: &str, players: &[u64]) -> u64 {
    let mark = fake.mark();
    let opened = slash(
        fake,
        players[0],
        "new",
        json!([{"name": game, "type": 1, "options": []}]),
    )
    .await;
    assert!(opened.contains("opened"), "{opened}");
    for &p in &players[1..] {
        assert!(slash(fake, p, "join", json!([])).await.contains("joined"));
    }
    assert!(
        slash(fake, players[0], "start", json!([]))
            .await
            .contains("begins")
    );
    fake.wait_for_since(mark, WAIT, |r| {
        r.is_channel_message(CHANNEL) && r.ok() && content(r).contains(" to play: ")
    })
    .await
    .message_id()
    .unwrap()
}
