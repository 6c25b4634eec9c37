//! The outbox against a failing Discord: the real bot (serenity client, table, SQLite file)
//! and the fake Discord answering turn messages with 500, 502, 429, 403/50013 and
//! 404/10003, and a bot killed between a commit and its delivery. A committed turn is never
//! left without its message, a permanent failure is given up with one note to the caller,
//! and nothing is retried into Discord's invalid-request ban.

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
const FIRST_BACKOFF: Duration = Duration::from_millis(150);
const RATE_LIMIT_FLOOR: Duration = Duration::from_millis(400);
/// What the fake asks a rate-limited client to wait.
const RETRY_AFTER: Duration = Duration::from_millis(300);

struct Bot {
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), String>>,
}

async fn start_bot(fake: &FakeDiscord, db: &Path) -> Bot {
    fake.set_user_name(ANNA, "Anna");
    fake.set_user_name(BERT, "Bert");
    let identified = fake.identify_count();
    let mark = fake.mark();
    let config = Config {
        token: Token::new("test-token"),
        database: db.to_path_buf(),
        dev_guild: Some(GUILD),
        api_base: Some(fake.base_url()),
        reminder_every: Duration::from_secs(3600),
    };
    let mut settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(31)),
        ..TableSettings::default()
    };
    // Short waits keep the test quick; the assertions below check they are kept.
    settings.delivery.first_backoff = FIRST_BACKOFF;
    settings.delivery.rate_limit_floor = RATE_LIMIT_FLOOR;
    // A claim left by a killed bot delays its delivery by at most the lease (30 s by
    // default); short here, so the restart test waits for it quickly.
    settings.delivery.lease = Duration::from_millis(500);
    let table = Arc::new(Table::new(
        Store::open(db).await.unwrap(),
        Arc::new(PngPainter),
        settings,
    ));
    let (stop, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(run(config, table, async {
        let _ = rx.await;
    }));
    fake.wait_identified_more_than(identified, WAIT).await;
    fake.wait_for_since(mark, WAIT, |r| {
        r.method == "PUT" && r.path.contains(&format!("/guilds/{GUILD}/commands"))
    })
    .await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_permission_or_a_deleted_channel_is_given_up_with_one_note_to_the_caller() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let bot = start_bot(&fake, &db).await;
    two_player_game(&fake).await;
    for (status, code, words) in [
        (403, 50013, "lacks the permission"),
        (404, 10003, "no longer exists"),
    ] {
        fake.fail_requests(Matcher::channel_messages(CHANNEL), status, code, 1);
        let before = fake.count(|r| r.is_channel_message(CHANNEL));
        let mark = fake.mark();
        play_turn(&fake).await;
        // One note to the caller, privately, through the interaction's followup.
        let note = fake
            .wait_for_since(mark, WAIT, |r| {
                r.is_followup() && content(r).contains(words)
            })
            .await;
        assert_eq!(note.status, 200, "{note}");
        let flags = note.json.as_ref().unwrap()["flags"].as_u64().unwrap_or(0);
        assert_eq!(flags & 64, 64, "the note is ephemeral: {note}");
        // Given up at once (the note follows the decision): one attempt, no retries into
        // the invalid-request ban.
        assert_eq!(
            fake.count(|r| r.is_channel_message(CHANNEL)),
            before + 1,
            "{status}/{code} was tried again"
        );
        let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
            .await
            .unwrap();
        let (attempts, pending, outcome): (i64, bool, String) = sqlx::query_as(
            "SELECT attempts, done_at IS NULL, outcome FROM outbox
             WHERE kind = 'channel' ORDER BY outbox_id DESC LIMIT 1",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        pool.close().await;
        assert_eq!(
            (attempts, pending),
            (0, false),
            "{status}/{code}: {outcome}"
        );
        assert!(outcome.starts_with("failed: "), "{outcome}");
    }
    // The channel works again: the next turn message goes out and the channel is reachable.
    let before = turn_posts(&fake).len();
    play_turn(&fake).await;
    fake.wait_for(WAIT, |_| turn_posts(&fake).len() > before)
        .await;
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
