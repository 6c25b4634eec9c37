//! End to end: the real `turnpost serve` code (serenity client, table service, SQLite file,
//! PNG renderer) against a local fake Discord, driven by scripted interactions.
//!
//! The helpers every module shares are here; the tests are in `play` (games by `/play`),
//! `clicking` (games by the panel), `seats`, `lobby` and `panics`.

#[path = "../support/mod.rs"]
mod support;

mod clicking;
mod every_word;
mod languages;
mod lobby;
mod panics;
mod play;
mod seats;
mod shards;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use support::bot::{Bot, seeded};
use support::clicks::{
    answer_of, click, content, controls, custom_ids, mentioned, message_id_of,
    message_id_of_response,
};
use support::{FakeDiscord, Recorded};
use turnpost_bot::paint::PngPainter;
use turnpost_bot::store::Store;
use turnpost_bot::table::{HELD_NOTE, Table, TableSettings};

const GUILD: u64 = 7000;
const CHANNEL: u64 = 8000;
const WAIT: Duration = Duration::from_secs(20);
const ANNA: u64 = 101;
const BERT: u64 = 102;
const CLEO: u64 = 103;
const STRANGER: u64 = 199;

/// `GET path` on the bot's metrics address: the status and the body.
async fn get(addr: std::net::SocketAddr, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

/// The value of one sample in Prometheus text (`name` with its labels as written), if any.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

/// Display names of the test users, as the fake puts them in interactions.
fn name_users(fake: &FakeDiscord) {
    for (user, name) in [
        (ANNA, "Anna"),
        (BERT, "Bert"),
        (CLEO, "Cleo"),
        (STRANGER, "Sten"),
    ] {
        fake.set_user_name(user, name);
    }
}

/// Starts the bot over `db`; its new games take the seeds `seed`, `seed + 1`, ….
async fn start_bot(fake: &FakeDiscord, db: &Path, seed: u64) -> Bot {
    start_bot_with(fake, db, seeded(seed)).await.0
}

/// Starts the bot over `db` with these table settings; also returns its table.
async fn start_bot_with(
    fake: &FakeDiscord,
    db: &Path,
    settings: TableSettings,
) -> (Bot, Arc<Table>) {
    start_bot_painting(fake, db, settings, Arc::new(PngPainter)).await
}

/// Starts the bot over `db` with these table settings and this painter.
async fn start_bot_painting(
    fake: &FakeDiscord,
    db: &Path,
    settings: TableSettings,
    painter: Arc<dyn turnpost_bot::table::Painter>,
) -> (Bot, Arc<Table>) {
    name_users(fake);
    support::bot::start(fake, db, settings, painter).await
}

fn count(fake: &FakeDiscord, pred: impl Fn(&Recorded) -> bool) -> usize {
    fake.requests().iter().filter(|r| pred(r)).count()
}

/// Channel messages posted so far; panics if Discord refused any of them.
fn channel_posts(fake: &FakeDiscord) -> Vec<Recorded> {
    let posts = fake.find_all(|r| r.is_channel_message(CHANNEL));
    if let Some(refused) = posts.iter().find(|r| !r.ok()) {
        panic!("a post to the channel was refused: {refused}");
    }
    posts
}

/// An edit of a channel message that replaces its text: the next step of the same turn
/// (removing an old message's buttons sends components only).
fn is_turn_edit(r: &Recorded) -> bool {
    let p: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
    r.method == "PATCH"
        && p.len() == 4
        && p[0] == "channels"
        && p[1] == CHANNEL.to_string()
        && p[2] == "messages"
        && r.json.as_ref().is_some_and(|j| j.get("content").is_some())
}

/// A PATCH that only takes a channel message's buttons away (it stopped being the current
/// turn message); returns the message id.
fn retired(r: &Recorded) -> Option<u64> {
    let p: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
    let json = r.json.as_ref()?;
    (r.method == "PATCH"
        && p.len() == 4
        && p[0] == "channels"
        && p[2] == "messages"
        && json.get("content").is_none()
        && json["components"].as_array().is_some_and(Vec::is_empty))
    .then(|| p[3].parse().ok())
    .flatten()
}

/// What the channel shows, in order: new messages and the edits of turn messages.
fn channel_updates(fake: &FakeDiscord) -> Vec<Recorded> {
    let updates = fake.find_all(|r| r.is_channel_message(CHANNEL) || is_turn_edit(r));
    if let Some(refused) = updates.iter().find(|r| !r.ok()) {
        panic!("a post or edit in the channel was refused: {refused}");
    }
    updates
}

/// Sends a slash command and waits for its answer (the edit of the deferred response).
async fn slash(fake: &FakeDiscord, user: u64, name: &str, options: Value) -> String {
    let interaction = fake.slash_command(user, CHANNEL, Some(GUILD), name, options);
    answer_of(fake, interaction).await
}

/// Legal actions offered by autocomplete for `typed` (their notation).
async fn autocomplete(fake: &FakeDiscord, user: u64, typed: &str) -> Vec<String> {
    autocomplete_named(fake, user, typed)
        .await
        .into_iter()
        .map(|(_, value)| value)
        .collect()
}

/// What autocomplete offers for `typed`: (words shown, value sent back).
async fn autocomplete_named(fake: &FakeDiscord, user: u64, typed: &str) -> Vec<(String, String)> {
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
    assert_eq!(response.status, 204, "{response}");
    let body = response.json.unwrap();
    assert_eq!(body["type"], 8);
    body["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["value"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The player to act and the latest state of the turn message (its last edit, or the post
/// itself): the player is the one the turn message's post mentioned (edits mention nobody).
fn latest_turn(fake: &FakeDiscord) -> (Option<u64>, Recorded) {
    let is_turn =
        |r: &Recorded| content(r).contains(" to play: ") || content(r).contains("The game is over");
    let update = channel_updates(fake)
        .into_iter()
        .rev()
        .find(is_turn)
        .unwrap_or_else(|| {
            panic!(
                "no turn message among {:#?}",
                channel_updates(fake)
                    .iter()
                    .map(content)
                    .collect::<Vec<_>>()
            )
        });
    if content(&update).contains("The game is over") {
        return (None, update);
    }
    let post = channel_posts(fake)
        .into_iter()
        .rev()
        .find(is_turn)
        .expect("a turn message was posted before it was edited");
    (mentioned(&content(&post)), update)
}

/// The label of the player to act in a turn message (`Anna (Red)`).
fn label_to_act(post: &Recorded) -> String {
    let text = content(post);
    let line = text
        .lines()
        .rev()
        .find(|l| l.contains(" to play: "))
        .unwrap_or_else(|| panic!("not a turn message: {text}"));
    line.split(" to play: ").next().unwrap().to_string()
}

async fn open_table(fake: &FakeDiscord, game: &str, players: &[u64]) {
    open_table_with(fake, game, json!([]), players).await;
}

/// Opens a table with typed `/new` options (`[{"name", "value"}]`), seats and starts it.
async fn open_table_with(fake: &FakeDiscord, game: &str, options: Value, players: &[u64]) {
    let answer = slash(
        fake,
        players[0],
        "new",
        json!([{"name": game, "type": 1, "options": options}]),
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
/// checking each turn's traffic: a new message with exactly one mention only when the
/// decision passes to another person, an edit of the turn message (mentioning nobody) for
/// each further step of the same turn, and every earlier turn message's buttons removed.
/// Returns the number of actions.
async fn play_to_the_end(fake: &FakeDiscord, mut seed: u64, limit: usize) -> usize {
    let mut before: Option<(u64, usize)> = None;
    let mut published = true;
    for played in 0..limit {
        let (user, post) = latest_turn(fake);
        let posts = channel_posts(fake).len();
        if let Some((previous, posts_before)) = before {
            if !published {
                // A step held back while undo may take it back (issue 28): the channel is
                // as it was, and the same player goes on.
                assert_eq!(posts, posts_before, "a held step posts nothing");
                assert_eq!(user, Some(previous), "a held step keeps the turn");
            } else if user == Some(previous) {
                assert_eq!(
                    posts, posts_before,
                    "a step of the same turn posts nothing new"
                );
                assert!(is_turn_edit(&post), "it edits the turn message: {post}");
                assert!(!content(&post).contains("<@"), "an edit mentions nobody");
            } else {
                assert_eq!(
                    posts,
                    posts_before + 1,
                    "one new message when the turn passes (or the game ends)"
                );
                // The player to act is mentioned once; the final message mentions nobody.
                assert_eq!(
                    content(&post).matches("<@").count(),
                    usize::from(user.is_some()),
                    "mentions in {post}"
                );
            }
        }
        let Some(user) = user else {
            assert_every_old_turn_message_lost_its_buttons(fake).await;
            return played;
        };
        before = Some((user, posts));
        if is_turn_edit(&post) {
            // Pictures go up once per turn (issue 28): a later step of the turn edits the
            // words and keeps the pictures the turn message already has.
            assert!(post.files.is_empty(), "an edit uploads no picture: {post}");
            assert!(
                post.json
                    .as_ref()
                    .is_some_and(|j| j.get("attachments").is_none() && j.get("embeds").is_none()),
                "an edit keeps the pictures: {post}"
            );
        } else {
            assert!(
                !post.files.is_empty(),
                "every turn message carries the board picture"
            );
            assert!(
                post.files[0].1.starts_with(b"\x89PNG"),
                "the picture is a PNG"
            );
        }
        let choices = autocomplete(fake, user, "").await;
        assert!(!choices.is_empty() && choices.len() <= 25);
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let action = &choices[(seed >> 33) as usize % choices.len()];
        published = play(fake, user, action).await.is_some();
    }
    panic!("the game did not end in {limit} actions");
}

/// Every turn message but the last lost its buttons once the next one was out.
async fn assert_every_old_turn_message_lost_its_buttons(fake: &FakeDiscord) {
    let turn_posts: Vec<u64> = channel_posts(fake)
        .iter()
        .filter(|r| content(r).contains(" to play: "))
        .filter_map(|r| {
            r.response
                .as_ref()
                .and_then(|j| j["id"].as_str()?.parse().ok())
        })
        .collect();
    assert!(turn_posts.len() > 1);
    let expected = turn_posts;
    fake.wait_for(WAIT, |_| {
        let gone: Vec<u64> = fake
            .find_all(|r| r.ok())
            .iter()
            .filter_map(retired)
            .collect();
        expected.iter().all(|id| gone.contains(id))
    })
    .await;
}

/// `/play action` by `user`: the answer is a line of what the channel shows next (the turn
/// message's edit, the next turn's message, or the final one). Returns that update; `None`
/// for a step held back from the channel while undo may take it back (issue 28: the answer
/// says so, and the channel gets nothing).
async fn play(fake: &FakeDiscord, user: u64, action: &str) -> Option<Recorded> {
    let before = channel_updates(fake).len();
    let answer = slash(
        fake,
        user,
        "play",
        json!([{"name": "action", "type": 3, "value": action}]),
    )
    .await;
    if answer.ends_with(HELD_NOTE.trim_start()) {
        return None;
    }
    fake.wait_for(WAIT, |_| channel_updates(fake).len() > before)
        .await;
    let post = channel_updates(fake).swap_remove(before);
    let text = content(&post);
    assert!(
        !answer.is_empty() && text.lines().any(|l| l == answer),
        "/play {action} was answered {answer:?}; the channel shows {text:?}"
    );
    Some(post)
}

/// The game's final message names one of `players` (labels like `Anna (Red)`) as winner.
fn assert_winner_among(last: &Recorded, players: &[&str]) {
    let text = content(last);
    let winners = text
        .lines()
        .find_map(|l| l.strip_prefix("The game is over. Winner: "))
        .unwrap_or_else(|| panic!("no winner line in the final message: {text}"));
    let winners = winners.strip_suffix('.').unwrap_or(winners);
    for w in winners.split(" and ") {
        let name = w.split(" (").next().unwrap();
        assert!(
            players.contains(&name),
            "winner {w:?} is not one of {players:?}: {text}"
        );
    }
}

/// Discord traffic of a played game since request `mark`: requests and uploaded bytes per
/// turn (a turn = one new turn message) and per action; at most one board picture per
/// action goes up.
fn traffic_report(fake: &FakeDiscord, mark: usize, actions: usize) {
    let requests: Vec<Recorded> = fake.requests().into_iter().skip(mark).collect();
    let turns = requests
        .iter()
        .filter(|r| r.is_channel_message(CHANNEL) && r.ok())
        .count()
        .max(1);
    let bytes: usize = requests
        .iter()
        .flat_map(|r| r.files.iter().map(|(_, b)| b.len()))
        .sum();
    let boards = requests
        .iter()
        .flat_map(|r| r.files.iter())
        .filter(|(name, _)| name.contains("board"))
        .count();
    assert!(
        boards <= actions,
        "{boards} board uploads for {actions} actions"
    );
    eprintln!(
        "traffic over {actions} actions, {turns} turn messages: {} requests ({:.1} per turn, {:.1} per action), {:.0} KB uploaded per turn, {boards} board uploads",
        requests.len(),
        requests.len() as f64 / turns as f64,
        requests.len() as f64 / actions as f64,
        bytes as f64 / turns as f64 / 1000.0
    );
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

/// The first seed from which `game`, seated `seats` in order, begins with `first` to act
/// (found with the table service itself, so it holds whatever the rules draw).
async fn seed_where_first_is(game: &str, seats: &[u64], first: u64) -> u64 {
    use turnpost_bot::table::{Caller, Command, NoImages};
    let dir = tempfile::tempdir().unwrap();
    for seed in 1..64 {
        let store = Store::open(&dir.path().join(format!("{seed}.db")))
            .await
            .unwrap();
        let table = Table::new(store, Arc::new(NoImages), seeded(seed));
        let caller = Caller {
            user: seats[0],
            name: "Anna".into(),
            guild: Some(GUILD),
            channel: CHANNEL,
            moderator: false,
            interaction: None,
            followup: None,
        };
        let create = Command::Create {
            game: game.into(),
            options: vec![],
            players: None,
            seats: seats.iter().map(|&u| (u, format!("Player {u}"))).collect(),
            seed: None,
        };
        let reply = table.handle(&caller, create).await.unwrap();
        table.store().close().await;
        if reply.turn.unwrap().user == first {
            return seed;
        }
    }
    panic!("no seed below 64 lets {first} begin");
}

/// The users a channel post may mention (its `allowed_mentions`), sorted.
fn allowed_users(post: &Recorded) -> Vec<u64> {
    let mut users: Vec<u64> = post.json.as_ref().unwrap()["allowed_mentions"]["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().and_then(|s| s.parse().ok()).or(u.as_u64()))
        .collect();
    users.sort_unstable();
    users
}
