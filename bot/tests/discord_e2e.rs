//! End to end: the real `turnpost serve` code (serenity client, table service, SQLite file,
//! PNG renderer) against a local fake Discord, driven by scripted interactions.

mod support;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use support::{FakeDiscord, Recorded};
use tokio::sync::oneshot;
use turnpost_bot::discord::{Config, Token, run};
use turnpost_bot::paint::PngPainter;
use turnpost_bot::store::Store;
use turnpost_bot::table::{Table, TableSettings};

const GUILD: u64 = 7000;
const CHANNEL: u64 = 8000;
const WAIT: Duration = Duration::from_secs(20);
const ANNA: u64 = 101;
const BERT: u64 = 102;
const CLEO: u64 = 103;
const STRANGER: u64 = 199;

struct Bot {
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), String>>,
}

async fn start_bot(fake: &FakeDiscord, db: &Path) -> Bot {
    let identified = fake.identify_count();
    let mark = fake.mark();
    let config = Config {
        token: Token::new("test-token"),
        database: db.to_path_buf(),
        dev_guild: Some(GUILD),
        api_base: Some(fake.base_url()),
        reminder_every: Duration::from_secs(3600),
    };
    let store = Store::open(db).await.unwrap();
    let table = Arc::new(Table::new(
        store,
        Arc::new(PngPainter),
        TableSettings::default(),
    ));
    let (stop, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(run(config, table, async {
        let _ = rx.await;
    }));
    fake.wait_identified_more_than(identified, WAIT).await;
    // Commands are registered in the dev guild once connected.
    fake.wait_for_since(mark, WAIT, |r| {
        r.method == "PUT" && r.path.contains("/guilds/7000/commands")
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

fn count(fake: &FakeDiscord, pred: impl Fn(&Recorded) -> bool) -> usize {
    fake.requests().iter().filter(|r| pred(r)).count()
}

/// Channel messages posted so far.
fn channel_posts(fake: &FakeDiscord) -> Vec<Recorded> {
    fake.requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL}/messages"))
        .collect()
}

fn content(r: &Recorded) -> String {
    r.json
        .as_ref()
        .and_then(|j| j["content"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// Sends a slash command and waits for its answer (the edit of the deferred response).
async fn slash(fake: &FakeDiscord, user: u64, name: &str, options: Value) -> String {
    let interaction = fake.slash_command(user, CHANNEL, Some(GUILD), name, options);
    answer_of(fake, interaction).await
}

async fn answer_of(fake: &FakeDiscord, interaction: Value) -> String {
    let token = interaction["token"].as_str().unwrap().to_string();
    let id = interaction["id"].as_str().unwrap().to_string();
    fake.dispatch("INTERACTION_CREATE", interaction).await;
    // Deferred first …
    let deferral = fake
        .wait_for(WAIT, |r| {
            r.path == format!("/api/v10/interactions/{id}/{token}/callback")
        })
        .await;
    assert_eq!(
        deferral.json.as_ref().unwrap()["type"],
        5,
        "interactions are deferred"
    );
    // … then answered by editing the original response.
    let edit = fake
        .wait_for(WAIT, |r| {
            r.method == "PATCH"
                && r.path.contains(&token)
                && r.path.ends_with("/messages/@original")
        })
        .await;
    edit.json
        .as_ref()
        .and_then(|j| j["content"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// Legal actions offered by autocomplete for `typed`.
async fn autocomplete(fake: &FakeDiscord, user: u64, typed: &str) -> Vec<String> {
    let interaction = fake.autocomplete(
        user,
        CHANNEL,
        Some(GUILD),
        "play",
        json!([{"name": "action", "type": 3, "value": typed, "focused": true}]),
    );
    let token = interaction["token"].as_str().unwrap().to_string();
    let id = interaction["id"].as_str().unwrap().to_string();
    fake.dispatch("INTERACTION_CREATE", interaction).await;
    let response = fake
        .wait_for(WAIT, |r| {
            r.path == format!("/api/v10/interactions/{id}/{token}/callback")
        })
        .await;
    let body = response.json.unwrap();
    assert_eq!(body["type"], 8);
    body["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect()
}

/// The user pinged by the latest turn message, and that message.
fn latest_turn(fake: &FakeDiscord) -> (Option<u64>, Recorded) {
    let post = channel_posts(fake)
        .into_iter()
        .rev()
        .find(|r| content(r).contains(" to play: ") || content(r).contains("The game is over"))
        .unwrap_or_else(|| {
            panic!(
                "no turn message among {:#?}",
                channel_posts(fake).iter().map(content).collect::<Vec<_>>()
            )
        });
    let text = content(&post);
    let user = text
        .rsplit("<@")
        .next()
        .and_then(|s| s.split('>').next())
        .and_then(|s| s.parse().ok())
        .filter(|_| !text.contains("The game is over"));
    (user, post)
}

fn custom_ids(post: &Recorded) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(rows) = post.json.as_ref().and_then(|j| j["components"].as_array()) {
        for row in rows {
            for c in row["components"].as_array().into_iter().flatten() {
                if let Some(id) = c["custom_id"].as_str() {
                    out.push(id.to_string());
                }
            }
        }
    }
    out
}

async fn open_table(fake: &FakeDiscord, game: &str, players: &[u64]) {
    let answer = slash(
        fake,
        players[0],
        "new",
        json!([{"name": "game", "type": 3, "value": game}]),
    )
    .await;
    assert!(answer.contains("opened"), "{answer}");
    for &p in &players[1..] {
        let answer = slash(fake, p, "join", json!([])).await;
        assert!(answer.contains("joined"), "{answer}");
    }
    let answer = slash(fake, players[0], "start", json!([])).await;
    assert!(answer.contains("begins"), "{answer}");
    fake.wait_for(WAIT, |r| {
        r.is_channel_message(CHANNEL) && content(r).contains(" to play: ")
    })
    .await;
}

/// Plays random legal actions through autocomplete and /play until the game ends,
/// checking each turn's traffic. Returns the number of actions.
async fn play_to_the_end(fake: &FakeDiscord, mut seed: u64, limit: usize) -> usize {
    for played in 0..limit {
        let (user, post) = latest_turn(fake);
        let Some(user) = user else {
            return played;
        };
        assert!(
            !post.files.is_empty(),
            "every turn message carries the board picture"
        );
        assert!(
            post.files[0].1.starts_with(b"\x89PNG"),
            "the picture is a PNG"
        );
        let choices = autocomplete(fake, user, "").await;
        assert!(!choices.is_empty() && choices.len() <= 25);
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let action = &choices[(seed >> 33) as usize % choices.len()];
        let before = channel_posts(fake).len();
        slash(
            fake,
            user,
            "play",
            json!([{"name": "action", "type": 3, "value": action}]),
        )
        .await;
        fake.wait_for(WAIT, |_| channel_posts(fake).len() > before)
            .await;
    }
    panic!("the game did not end in {limit} actions");
}

fn latency_report(fake: &FakeDiscord) -> (Duration, Duration) {
    let mut l: Vec<Duration> = fake
        .requests()
        .iter()
        .filter(|r| r.path.ends_with("/callback"))
        .filter_map(|r| {
            r.interaction_received
                .map(|at| r.received.duration_since(at))
        })
        .collect();
    l.sort();
    assert!(!l.is_empty());
    let median = l[l.len() / 2];
    let p99 = l[(l.len() * 99 / 100).min(l.len() - 1)];
    eprintln!(
        "interaction → deferral over {} interactions: median {median:?}, p99 {p99:?}",
        l.len()
    );
    (median, p99)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_pandoria_game_is_played_to_the_end() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db")).await;
    open_table(&fake, "pandoria", &[ANNA, BERT, CLEO]).await;
    // Everyone got their hand by DM when the game began.
    for user in [ANNA, BERT, CLEO] {
        fake.wait_for(WAIT, |r| {
            r.method == "POST"
                && r.path == "/api/v10/users/@me/channels"
                && r.json
                    .as_ref()
                    .is_some_and(|j| j["recipient_id"].as_str() == Some(&user.to_string()))
        })
        .await;
    }
    let is_dm = |r: &Recorded| {
        r.method == "POST"
            && r.path.starts_with("/api/v10/channels/")
            && !r.path.contains(&CHANNEL.to_string())
            && r.path.ends_with("/messages")
    };
    fake.wait_for(WAIT, |_| count(&fake, is_dm) >= 3).await;
    let dms: Vec<Recorded> = fake.requests().into_iter().filter(is_dm).collect();
    assert!(dms.iter().all(|d| d.has_png()), "hands come with pictures");
    // A non-player and a player out of turn are refused.
    let answer = slash(
        &fake,
        STRANGER,
        "play",
        json!([{"name": "action", "type": 3, "value": "pass"}]),
    )
    .await;
    assert!(answer.contains("not playing in this game"), "{answer}");
    let (first, _) = latest_turn(&fake);
    let other = [ANNA, BERT, CLEO]
        .into_iter()
        .find(|u| Some(*u) != first)
        .unwrap();
    let answer = slash(
        &fake,
        other,
        "play",
        json!([{"name": "action", "type": 3, "value": "pass"}]),
    )
    .await;
    assert!(answer.contains("turn"), "{answer}");
    let actions = play_to_the_end(&fake, 11, 400).await;
    let (_, last) = latest_turn(&fake);
    assert!(content(&last).contains("Winner"), "{}", content(&last));
    assert!(actions > 40);
    fake.assert_clean();
    let (_, p99) = latency_report(&fake);
    assert!(p99 < WAIT);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_player_roll_through_the_ages_game_is_played_to_the_end() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db")).await;
    open_table(&fake, "rtta", &[ANNA, BERT]).await;
    play_to_the_end(&fake, 5, 3000).await;
    // Nothing is hidden in this game: no DMs at all.
    assert_eq!(count(&fake, |r| r.path == "/api/v10/users/@me/channels"), 0);
    fake.assert_clean();
    latency_report(&fake);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_fall_back_to_the_channel_once_and_buttons_survive_a_restart() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    fake.close_dms_of(BERT);
    let bot = start_bot(&fake, &db).await;
    open_table(&fake, "pandoria", &[ANNA, BERT]).await;
    let note = fake
        .wait_for(WAIT, |r| {
            content(r).contains("can't send you direct messages")
        })
        .await;
    assert!(content(&note).contains(&format!("<@{BERT}>")));
    assert!(
        !content(&note).contains("Your tile"),
        "the note carries no secret"
    );
    // Play some turns: the bot does not try Bert's DMs again.
    let dm_channels_before = count(&fake, |r| {
        r.path == "/api/v10/users/@me/channels"
            && r.json
                .as_ref()
                .is_some_and(|j| j["recipient_id"].as_str() == Some(&BERT.to_string()))
    });
    for _ in 0..4 {
        let (user, _) = latest_turn(&fake);
        let user = user.unwrap();
        if user == BERT {
            break;
        }
        let choices = autocomplete(&fake, user, "").await;
        let before = channel_posts(&fake).len();
        slash(
            &fake,
            user,
            "play",
            json!([{"name": "action", "type": 3, "value": choices[0]}]),
        )
        .await;
        fake.wait_for(WAIT, |_| channel_posts(&fake).len() > before)
            .await;
    }
    let dm_channels_after = count(&fake, |r| {
        r.path == "/api/v10/users/@me/channels"
            && r.json
                .as_ref()
                .is_some_and(|j| j["recipient_id"].as_str() == Some(&BERT.to_string()))
    });
    assert_eq!(
        dm_channels_before, dm_channels_after,
        "no new DM attempts to Bert"
    );
    assert_eq!(
        count(&fake, |r| content(r)
            .contains("can't send you direct messages")),
        1,
        "told once"
    );
    // /hand still shows Bert his hand, privately.
    let hand = slash(&fake, BERT, "hand", json!([])).await;
    assert!(hand.contains("Your tile"), "{hand}");

    // Restart the bot mid-game; the buttons of the last turn message still work.
    let (user, post) = latest_turn(&fake);
    let user = user.unwrap();
    let ids = custom_ids(&post);
    let take = ids
        .iter()
        .find(|id| id.ends_with(":turn"))
        .expect("a Take my turn button")
        .clone();
    bot.stop().await;
    let bot = start_bot(&fake, &db).await;
    let panel = answer_of(&fake, fake.button(user, CHANNEL, Some(GUILD), &take, 1)).await;
    assert!(
        panel.contains("place your tile") || panel.contains("figure"),
        "{panel}"
    );
    let stranger = answer_of(&fake, fake.button(STRANGER, CHANNEL, Some(GUILD), &take, 1)).await;
    assert!(stranger.contains("not your turn"), "{stranger}");
    // Play one action, then the old button is stale for acting.
    let choices = autocomplete(&fake, user, "").await;
    let before = channel_posts(&fake).len();
    slash(
        &fake,
        user,
        "play",
        json!([{"name": "action", "type": 3, "value": choices[0]}]),
    )
    .await;
    fake.wait_for(WAIT, |_| channel_posts(&fake).len() > before)
        .await;
    let parts: Vec<&str> = take.split(':').collect();
    let stale = format!("tp:{}:{}:act:pass", parts[1], parts[2]);
    let answer = answer_of(&fake, fake.button(user, CHANNEL, Some(GUILD), &stale, 1)).await;
    assert!(answer.contains("This turn has passed"), "{answer}");
    fake.assert_clean();
    bot.stop().await;
}

#[tokio::test]
async fn reminders_ping_once_per_period_and_never_in_quiet_hours() {
    use turnpost_bot::discord::send_reminders;
    use turnpost_bot::table::{Caller, Command, NoImages};
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let table = Table::new(
        Store::open(&db).await.unwrap(),
        Arc::new(NoImages),
        TableSettings::default(),
    );
    let caller = Caller {
        user: ANNA,
        name: "Anna".into(),
        guild: Some(GUILD),
        channel: CHANNEL,
        moderator: false,
        interaction: None,
        followup: None,
    };
    let create = Command::Create {
        game: "pandoria".into(),
        options: vec![],
        players: None,
        seats: vec![(ANNA, "Anna".into()), (BERT, "Bert".into())],
        seed: None,
    };
    let reply = table.handle(&caller, create).await.unwrap();
    let turn = reply.turn.unwrap();
    let http = Arc::new(
        serenity::all::HttpBuilder::new("test-token")
            .proxy(fake.base_url())
            .ratelimiter_disabled(true)
            .build(),
    );
    assert_eq!(
        send_reminders(&table, &http).await.unwrap(),
        0,
        "not idle yet"
    );
    // The player to act has been idle for 25 hours.
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let now = turnpost_bot::store::now_ms();
    sqlx::query("UPDATE game SET updated_at = ?")
        .bind(now - 25 * 3_600_000)
        .execute(&pool)
        .await
        .unwrap();
    // Inside their quiet hours: no ping.
    let hour = ((now / 3_600_000) % 24) as u8;
    table
        .store()
        .set_quiet_hours(turn.user, Some((hour, (hour + 1) % 24, 0)))
        .await
        .unwrap();
    assert_eq!(
        send_reminders(&table, &http).await.unwrap(),
        0,
        "quiet hours"
    );
    table
        .store()
        .set_quiet_hours(turn.user, None)
        .await
        .unwrap();
    let sent = send_reminders(&table, &http).await.unwrap();
    assert_eq!(
        sent,
        1,
        "{:#?}",
        fake.requests()
            .iter()
            .map(|r| (r.method.clone(), r.path.clone(), r.status))
            .collect::<Vec<_>>()
    );
    let ping = fake
        .wait_for(WAIT, |r| {
            r.is_channel_message(CHANNEL) && content(r).contains("it is your turn")
        })
        .await;
    assert!(
        content(&ping).starts_with(&format!("<@{}>", turn.user)),
        "{}",
        content(&ping)
    );
    // Once per period.
    assert_eq!(send_reminders(&table, &http).await.unwrap(), 0);
    // A channel set to 0 hours never reminds.
    table.store().set_reminder_hours(CHANNEL, 0).await.unwrap();
    sqlx::query("UPDATE game SET reminded_at = NULL")
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(send_reminders(&table, &http).await.unwrap(), 0);
    fake.assert_clean();
}
