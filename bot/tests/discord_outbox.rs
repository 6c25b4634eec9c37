//! The outbox against a failing Discord: the real bot (serenity client, table, SQLite file)
//! and the fake Discord answering turn messages with 500, 502, 429, 403/50013 and
//! 404/10003, and a bot killed between a commit and its delivery, between a delivery and
//! its record, and between a new turn message and the old one's buttons. A committed turn is
//! never left without its message; an unreachable channel gets one note to the caller, is
//! tried again on a back-off and when someone uses it, and gets the pending turn message once
//! it works; nothing is sent twice, and nothing is retried into Discord's invalid-request
//! ban.
//!
//! Why this file is long: every test drives the real bot through one outage or kill, sharing
//! the process, delivery and turn-message helpers at the top.

mod support;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

use serde_json::{Value, json};
use support::{FakeDiscord, Matcher, Recorded};
use tokio::sync::oneshot;
use turnpost_bot::discord::{Config, Token, run};
use turnpost_bot::paint::PngPainter;
use turnpost_bot::store::Store;
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
                Store::open(&db).await.unwrap(),
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
        Store::open(db).await.unwrap(),
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_and_rate_limits_delay_the_turn_message_but_never_lose_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let bot = start_bot(&fake, &db).await;
    two_player_game(&fake).await;
    for (status, code) in [(500, 0), (502, 0), (429, 0)] {
        let before = turn_posts(&fake).len();
        if status == 429 {
            fake.rate_limit(Matcher::channel_messages(CHANNEL), RETRY_AFTER, 1);
        } else {
            fake.fail_requests(Matcher::channel_messages(CHANNEL), status, code, 2);
        }
        // The player is told it worked at once: the action is committed.
        let answer = play_turn(&fake).await;
        assert!(!answer.is_empty());
        fake.wait_for(WAIT, |_| turn_posts(&fake).len() > before)
            .await;
        let post = turn_posts(&fake).pop().unwrap();
        let nonce = post.nonce().expect("turn messages carry the outbox nonce");
        let tries = attempts_of(&fake, &nonce);
        let failed = if status == 429 { 1 } else { 2 };
        assert_eq!(tries.len(), failed + 1, "{status}: {tries:#?}");
        assert!(tries.iter().all(|t| t.enforce_nonce()));
        // Retries wait: the backoff doubles, and a 429 waits at least its retry_after.
        let least = if status == 429 {
            RETRY_AFTER
        } else {
            FIRST_BACKOFF
        };
        let gap = tries[1].received.duration_since(tries[0].received);
        // (The worker schedules in whole milliseconds of the wall clock: allow 5 ms.)
        let slack = Duration::from_millis(5);
        assert!(gap + slack >= least, "{status}: retried after {gap:?}");
        if status != 429 {
            let second = tries[2].received.duration_since(tries[1].received);
            assert!(
                second + slack >= 2 * FIRST_BACKOFF,
                "{status}: retried after {second:?}"
            );
        }
    }
    assert_eq!(fake.faults_left(), 0);
    bot.stop().await;
    fake.assert_clean();
}

/// The outbox rows still pending in the file.
async fn pending(db: &Path) -> i64 {
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let n = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL")
        .fetch_one(&pool)
        .await
        .unwrap();
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
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let at: Option<Option<i64>> =
        sqlx::query_scalar("SELECT unreachable_at FROM channel_setting WHERE channel_id = ?")
            .bind(CHANNEL as i64)
            .fetch_optional(&pool)
            .await
            .unwrap();
    pool.close().await;
    at.flatten().is_some()
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_channel_is_retried_on_a_back_off_and_gets_the_pending_turn_message() {
    const FIRST_RETRY: Duration = Duration::from_millis(300);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    // Commands from the channel do not bring the retry forward here: only the back-off.
    let bot = start_bot_with(&fake, &db, |s| {
        s.delivery.unreachable_first_retry = FIRST_RETRY;
        s.delivery.heard_gap = Duration::from_secs(3600);
    })
    .await;
    two_player_game(&fake).await;
    // A moderator takes Turnpost's permission away; the next turn's message is refused.
    fake.deny_permission(CHANNEL);
    fake.expect_error_code(50013, "the channel denies the bot while the test lets it");
    let mark = fake.mark();
    play_turn(&fake).await;
    // One note to the caller, privately, through the interaction's followup.
    let note = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_followup() && content(r).contains("lacks the permission")
        })
        .await;
    assert_eq!(note.status, 200, "{note}");
    let flags = note.json.as_ref().unwrap()["flags"].as_u64().unwrap_or(0);
    assert_eq!(flags & 64, 64, "the note is ephemeral: {note}");
    assert!(
        content(&note).contains("as soon as I can"),
        "{}",
        content(&note)
    );
    // The next try waits for the back-off: wait for it, so the channel is refused twice.
    fake.wait_for_n_since(mark, 2, WAIT, |r| {
        r.channel_id() == Some(CHANNEL) && r.status == 403
    })
    .await;
    assert!(
        unreachable(&db).await,
        "reminders skip the channel meanwhile"
    );
    // The permission comes back: the pending turn message goes out by itself.
    let mark = fake.mark();
    fake.grant_permission(CHANNEL);
    assert_pending_turn_message_posted(&fake, &db, mark).await;
    // Tries were spaced by the back-off, which grows; one note in all.
    let tries = fake.find_all(|r| r.channel_id() == Some(CHANNEL) && r.status == 403);
    let slack = Duration::from_millis(5);
    for pair in tries.windows(2) {
        let gap = pair[1].received.duration_since(pair[0].received);
        assert!(gap + slack >= FIRST_RETRY, "retried after {gap:?}");
    }
    assert_eq!(
        fake.count(|r| r.is_followup() && content(r).contains("could not post")),
        1
    );
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_from_an_unreachable_channel_retries_it_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    // The back-off alone would wait an hour; a command from the channel does not wait.
    let bot = start_bot_with(&fake, &db, |s| {
        s.delivery.unreachable_first_retry = Duration::from_secs(3600);
        s.delivery.heard_gap = Duration::ZERO;
    })
    .await;
    two_player_game(&fake).await;
    for (status, code, words) in [
        (403, 50013, "lacks the permission"),
        (404, 10003, "no longer exists"),
    ] {
        fake.fail_requests(Matcher::channel_messages(CHANNEL), status, code, 1);
        let before = fake.count(|r| r.is_channel_message(CHANNEL));
        let mark = fake.mark();
        play_turn(&fake).await;
        let note = fake
            .wait_for_since(mark, WAIT, |r| {
                r.is_followup() && content(r).contains(words)
            })
            .await;
        assert_eq!(note.status, 200, "{note}");
        // Once refused, the post is held, not given up.
        let (attempts, pending, outcome): (i64, bool, String) = {
            let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
                .await
                .unwrap();
            let row = sqlx::query_as(
                "SELECT attempts, done_at IS NULL, outcome FROM outbox
                 WHERE kind = 'channel' ORDER BY outbox_id DESC LIMIT 1",
            )
            .fetch_one(&pool)
            .await
            .unwrap();
            pool.close().await;
            row
        };
        assert_eq!((attempts, pending), (0, true), "{status}/{code}: {outcome}");
        assert!(outcome.starts_with("waiting: "), "{outcome}");
        assert_eq!(
            fake.count(|r| r.is_channel_message(CHANNEL)),
            before + 1,
            "{status}/{code} was tried again before anyone used the channel"
        );
        // Someone uses the channel: the held turn message goes out now.
        let mark = fake.mark();
        let answer = slash(&fake, BERT, "board", json!([])).await;
        assert!(!answer.is_empty());
        assert_pending_turn_message_posted(&fake, &db, mark).await;
    }
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newer_turn_message_replaces_one_held_for_an_unreachable_channel() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let bot = start_bot_with(&fake, &db, |s| {
        s.delivery.unreachable_first_retry = Duration::from_secs(3600);
        s.delivery.heard_gap = Duration::from_secs(3600);
    })
    .await;
    two_player_game(&fake).await;
    fake.deny_permission(CHANNEL);
    fake.expect_error_code(50013, "the channel denies the bot while the test lets it");
    // Two turns are played while the bot cannot post (commands still work).
    let mark = fake.mark();
    play_turn(&fake).await;
    fake.wait_for_since(mark, WAIT, |r| {
        r.is_followup() && content(r).contains("could not post")
    })
    .await;
    play_turn(&fake).await;
    fake.grant_permission(CHANNEL);
    // A restart keeps the back-off (an hour here); the first command from the channel after
    // it tries the channel at once.
    bot.stop().await;
    let bot = start_bot(&fake, &db).await;
    let mark = fake.mark();
    assert!(!slash(&fake, ANNA, "board", json!([])).await.is_empty());
    assert_pending_turn_message_posted(&fake, &db, mark).await;
    // Only the newest turn message went out: the older one, held, was skipped.
    let posted = fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.is_channel_message(CHANNEL) && r.ok())
        .count();
    assert_eq!(posted, 1, "one turn message, not the backlog");
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_killed_between_commit_and_delivery_sends_the_turn_message_after_restarting() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let bot = start_bot(&fake, &db).await;
    two_player_game(&fake).await;
    let before = turn_posts(&fake).len();
    // Discord is down for this turn's message; the bot dies before it can retry.
    fake.fail_requests(Matcher::channel_messages(CHANNEL), 503, 0, 1);
    let mark = fake.mark();
    play_turn(&fake).await;
    fake.wait_for_since(mark, WAIT, |r| {
        r.is_channel_message(CHANNEL) && r.status == 503
    })
    .await;
    bot.task.abort();
    let _ = bot.task.await;
    drop(bot.stop);
    assert_eq!(turn_posts(&fake).len(), before, "nothing was delivered");
    let pending: i64 = {
        let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
            .await
            .unwrap();
        let n = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL")
            .fetch_one(&pool)
            .await
            .unwrap();
        pool.close().await;
        n
    };
    assert!(pending >= 1, "the turn message is waiting in the outbox");
    // A new process on the same file sends it.
    let bot = start_bot(&fake, &db).await;
    fake.wait_for(WAIT, |_| turn_posts(&fake).len() > before)
        .await;
    let post = turn_posts(&fake).pop().unwrap();
    assert!(content(&post).contains(" to play: "), "{}", content(&post));
    let nonce = post.nonce().unwrap();
    assert_eq!(
        attempts_of(&fake, &nonce).len(),
        2,
        "one failed try, one after the restart"
    );
    bot.stop().await;
    fake.assert_clean();
}

/// Whoever of `users` has legal actions now.
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_before_the_old_turn_message_loses_its_buttons_keeps_the_new_one_current() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let players = [ANNA, BERT, CLEO];
    let bot = Process::start(&fake, &db, |_| {}).await;
    let first = game_of(&fake, "rtta", &players).await;
    // The player to act resigns: their seat plays on by itself and the turn passes, so a new
    // turn message replaces the first. Removing the first one's buttons is carried out, but
    // its answer never comes: the bot dies there.
    let actor = to_act_of(&fake, &players).await.unwrap();
    fake.slow_requests(
        Matcher::new("PATCH", &format!("/channels/{CHANNEL}/messages/{first}")),
        Duration::from_secs(3600),
        1,
    );
    let mark = fake.mark();
    assert!(!slash(&fake, actor, "resign", json!([])).await.is_empty());
    let second = fake
        .wait_for_since(mark, WAIT, |r| r.is_channel_message(CHANNEL) && r.ok())
        .await
        .message_id()
        .unwrap();
    fake.wait_for_since(mark, WAIT, |r| is_retire(r, first))
        .await;
    bot.kill();
    // A new process on the file: the next step belongs to the newest turn message.
    let bot = Process::start(&fake, &db, |_| {}).await;
    let mark = fake.mark();
    let user = to_act_of(&fake, &players).await.unwrap();
    let choice = first_choice(&fake, user).await.unwrap();
    slash(
        &fake,
        user,
        "play",
        json!([{"name": "action", "type": 3, "value": choice}]),
    )
    .await;
    let changed = fake
        .wait_for_since(mark, WAIT, |r| {
            r.ok() && (is_edit(r) || r.is_channel_message(CHANNEL))
        })
        .await;
    if is_edit(&changed) {
        assert_eq!(
            changed.route(),
            format!("/channels/{CHANNEL}/messages/{second}"),
            "a step of the new turn edited another message than the new turn message"
        );
    } else {
        // The step passed the turn on: the message it replaced is the newest one.
        fake.wait_for_since(mark, WAIT, |r| is_retire(r, second))
            .await;
    }
    wait_delivered(&db).await;
    // Every turn message (a post with the turn's buttons) but the latest has lost its
    // buttons.
    let posts: Vec<Recorded> = turn_posts(&fake)
        .into_iter()
        .filter(|r| {
            r.json
                .as_ref()
                .is_some_and(|j| j["components"].to_string().contains(":turn\""))
        })
        .collect();
    assert!(posts.len() >= 2, "{posts:#?}");
    let (latest, older) = posts.split_last().unwrap();
    for post in older {
        let id = post.message_id().unwrap();
        let message = fake.message(id).unwrap();
        assert!(
            message["components"].as_array().is_none_or(Vec::is_empty),
            "message {id} kept its buttons (the latest is {:?})",
            latest.message_id()
        );
    }
    bot.kill();
    fake.assert_clean();
}

/// Kills the bot while Bert's first DM is on its way (created, its answer not back yet) and
/// starts it again; with `window_passed`, Discord's nonce window is over by then (and the bot
/// trusts the nonce no longer).
async fn dm_kill_and_restart(window_passed: bool) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let tune = |s: &mut TableSettings| {
        if window_passed {
            s.delivery.nonce_trust = Duration::ZERO;
        }
    };
    let bot = Process::start(&fake, &db, tune).await;
    fake.slow_requests(Matcher::dm_messages_to(BERT), Duration::from_secs(3600), 1);
    game_of(&fake, "pandoria", &[ANNA, BERT]).await;
    let sent = fake
        .wait_for(WAIT, |r| r.is_dm_message() && r.dm_recipient == Some(BERT))
        .await;
    assert!(sent.ok(), "{sent}");
    bot.kill();
    if window_passed {
        fake.forget_nonces();
    }
    let bot = Process::start(&fake, &db, tune).await;
    wait_delivered(&db).await;
    let dms = fake.messages_in(fake.dm_channel(BERT));
    assert_eq!(
        dms.len(),
        1,
        "Bert's hand went out {} times: {dms:#?}",
        dms.len()
    );
    assert_eq!(fake.duplicates(), vec![]);
    // The delivery is recorded with the one message.
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let recorded: Option<i64> = sqlx::query_scalar(
        "SELECT message_id FROM outbox WHERE kind = 'dm' AND target = ? AND outcome = 'sent'",
    )
    .bind(BERT as i64)
    .fetch_one(&pool)
    .await
    .unwrap();
    pool.close().await;
    assert_eq!(
        recorded.map(|m| m.to_string()),
        dms[0]["id"].as_str().map(str::to_string)
    );
    bot.kill();
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_sent_just_before_a_kill_is_not_sent_again_within_the_nonce_window() {
    dm_kill_and_restart(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_sent_before_a_kill_is_not_sent_again_after_the_nonce_window() {
    dm_kill_and_restart(true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn delivery_latency_from_commit_to_the_fakes_receipt() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let bot = start_bot(&fake, &db).await;
    two_player_game(&fake).await;
    for _ in 0..30 {
        // A finished game makes way for the next one in the channel.
        if to_act(&fake).await.is_none() {
            two_player_game(&fake).await;
        }
        let before = turn_posts(&fake).len();
        play_turn(&fake).await;
        fake.wait_for(WAIT, |_| turn_posts(&fake).len() > before)
            .await;
    }
    bot.stop().await;
    // Commit time is the outbox row's `created_at` (written in the action's transaction);
    // receipt is when the fake got the post carrying that row's nonce.
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT outbox_id, created_at FROM outbox WHERE kind = 'channel'")
            .fetch_all(&pool)
            .await
            .unwrap();
    pool.close().await;
    let mut latencies: Vec<Duration> = rows
        .iter()
        .filter_map(|&(id, created)| {
            let post = attempts_of(&fake, &format!("tp{id}")).into_iter().next()?;
            let received = post
                .received_at
                .duration_since(UNIX_EPOCH)
                .ok()?
                .as_millis() as i64;
            Some(Duration::from_millis((received - created).max(0) as u64))
        })
        .collect();
    assert!(latencies.len() >= 30, "{} posts matched", latencies.len());
    latencies.sort();
    let median = latencies[latencies.len() / 2];
    let p99 = latencies[(latencies.len() * 99 / 100).min(latencies.len() - 1)];
    eprintln!(
        "outbox delivery, commit → fake's receipt over {} posts: median {median:?}, p99 {p99:?}",
        latencies.len()
    );
    fake.assert_clean();
}

/// Bert's DMs that Discord accepted: (new messages, edits).
fn bert_dms(fake: &FakeDiscord) -> (Vec<Recorded>, Vec<Recorded>) {
    let mine = |r: &Recorded| r.dm_recipient == Some(BERT) && r.ok();
    (
        fake.find_all(|r| mine(r) && r.is_dm_message()),
        fake.find_all(|r| mine(r) && r.method == "PATCH"),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_change_edits_the_dm_and_a_deleted_dm_is_sent_anew() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    fake.expect_rejection(
        |r| r.dm_recipient == Some(BERT) && r.error_code() == Some(10008),
        "Bert deleted his DM; the edit finds it gone",
    );
    let bot = start_bot(&fake, &db).await;
    game_of(&fake, "pandoria", &[ANNA, BERT]).await;
    wait_delivered(&db).await;
    let (created, _) = bert_dms(&fake);
    assert_eq!(created.len(), 1, "Bert's first hand: {created:#?}");
    let first = created[0].message_id().unwrap();
    // Whole turns until Bert's hand changes again: an edit of the same DM, not a new one.
    for _ in 0..6 {
        play_turn(&fake).await;
        wait_delivered(&db).await;
        if !bert_dms(&fake).1.is_empty() {
            break;
        }
    }
    let (created, edited) = bert_dms(&fake);
    assert_eq!(created.len(), 1, "no second DM while the first exists");
    assert!(
        !edited.is_empty(),
        "Bert's hand changed but his DM was not edited"
    );
    assert!(
        edited
            .iter()
            .all(|e| e.path.ends_with(&format!("/messages/{first}")))
    );
    let dm = fake.dm_channel(BERT);
    assert_eq!(fake.messages_in(dm).len(), 1);
    let hand = slash(&fake, BERT, "hand", json!([])).await;
    let shown = fake.message(first).unwrap();
    assert!(
        shown["content"].as_str().unwrap().contains(hand.trim()),
        "the DM shows the hand as it is now: {shown} vs {hand}"
    );
    // Bert deletes the DM: the next hand change finds it gone and sends a new one, which
    // the changes after it edit.
    let http = serenity::all::HttpBuilder::new("test-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    http.delete_message(
        serenity::all::ChannelId::new(dm),
        serenity::all::MessageId::new(first),
        None,
    )
    .await
    .unwrap();
    let mut second = None;
    for _ in 0..12 {
        play_turn(&fake).await;
        wait_delivered(&db).await;
        let (created, edited) = bert_dms(&fake);
        if created.len() > 1 && second.is_none() {
            second = created[1].message_id();
        }
        if let Some(second) = second
            && edited
                .iter()
                .any(|e| e.path.ends_with(&format!("/messages/{second}")))
        {
            break;
        }
        assert!(to_act(&fake).await.is_some(), "the game ended first");
    }
    let second = second.expect("no new DM after the first was deleted");
    let (created, edited) = bert_dms(&fake);
    assert_eq!(
        created.len(),
        2,
        "exactly one new DM replaced the deleted one"
    );
    assert!(
        fake.count(|r| r.dm_recipient == Some(BERT)
            && r.method == "PATCH"
            && r.error_code() == Some(10008)
            && r.path.ends_with(&format!("/messages/{first}")))
            == 1,
        "the deleted DM was tried once"
    );
    assert!(
        edited
            .iter()
            .any(|e| e.path.ends_with(&format!("/messages/{second}"))),
        "later hand changes edit the new DM"
    );
    assert_eq!(fake.messages_in(dm).len(), 1);
    let hand = slash(&fake, BERT, "hand", json!([])).await;
    wait_delivered(&db).await;
    let shown = fake.message(second).unwrap();
    assert!(
        shown["content"].as_str().unwrap().contains(hand.trim()),
        "{shown} vs {hand}"
    );
    // The store knows the new DM.
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let recorded: i64 = sqlx::query_scalar("SELECT message_id FROM dm_message WHERE user_id = ?")
        .bind(BERT as i64)
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    assert_eq!(recorded as u64, second);
    bot.stop().await;
    fake.assert_clean();
}

/// The custom ids of a message's buttons and selects, as Discord holds the message now.
fn component_ids(fake: &FakeDiscord, message: u64) -> Vec<String> {
    let message = fake.message(message).expect("the message exists");
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abandoned_games_turn_message_loses_its_buttons_and_offers_no_rematch() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let bot = Process::start(&fake, &db, |_| {}).await;
    let turn = game_of(&fake, "rtta", &[ANNA, BERT]).await;
    let take = component_ids(&fake, turn)
        .into_iter()
        .find(|id| id.ends_with(":turn"))
        .expect("the turn message has Take my turn");
    let game: u64 = take.split(':').nth(1).unwrap().parse().unwrap();
    // `/abandon` asks first; its button names the game.
    let asked = slash(&fake, ANNA, "abandon", json!([])).await;
    assert!(asked.contains("Abandon"), "{asked}");
    let mark = fake.mark();
    let click = fake.button_unchecked(
        ANNA,
        CHANNEL,
        Some(GUILD),
        &format!("tp:{game}:0:abandon"),
        turn,
    );
    fake.dispatch("INTERACTION_CREATE", click).await;
    let stopped = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && r.ok() && content(r).contains("abandoned the game")
        })
        .await;
    fake.wait_for_since(mark, WAIT, |r| is_retire(r, turn))
        .await;
    assert!(
        component_ids(&fake, turn).is_empty(),
        "the abandoned game's turn message keeps no buttons"
    );
    let stopped = stopped.message_id().unwrap();
    assert!(
        component_ids(&fake, stopped).is_empty(),
        "an abandoned game offers no rematch: {:?}",
        component_ids(&fake, stopped)
    );
    // Its old buttons answer in words, not with the game.
    let shown = fake.button_unchecked(BERT, CHANNEL, Some(GUILD), &take, turn);
    let token = shown["token"].as_str().unwrap().to_string();
    fake.dispatch("INTERACTION_CREATE", shown).await;
    let answer = fake
        .wait_for(WAIT, |r| {
            r.method == "PATCH"
                && r.path.contains(&token)
                && r.path.ends_with("/messages/@original")
        })
        .await;
    assert!(content(&answer).contains("ended"), "{answer}");
    bot.kill();
    fake.assert_clean();
}
