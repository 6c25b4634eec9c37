//! End to end: the real `turnpost serve` code (serenity client, table service, SQLite file,
//! PNG renderer) against a local fake Discord, driven by scripted interactions.

mod support;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use support::bot::{Bot, seeded};
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
    assert_eq!(
        deferral.status, 204,
        "Discord accepted the deferral: {deferral}"
    );
    // … then answered by editing the original response.
    let edit = fake
        .wait_for(WAIT, |r| {
            r.method == "PATCH"
                && r.path.contains(&token)
                && r.path.ends_with("/messages/@original")
        })
        .await;
    assert_eq!(edit.status, 200, "Discord accepted the answer: {edit}");
    edit.json
        .as_ref()
        .and_then(|j| j["content"].as_str())
        .unwrap_or_default()
        .to_string()
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

/// The user mentioned in a message's text.
fn mentioned(text: &str) -> Option<u64> {
    text.rsplit("<@")
        .next()
        .and_then(|s| s.split('>').next())
        .and_then(|s| s.parse().ok())
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_pandoria_game_is_played_to_the_end() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db"), 1).await;
    open_table(&fake, "pandoria", &[ANNA, BERT, CLEO]).await;
    // Everyone got their hand by DM when the game began.
    for user in [ANNA, BERT, CLEO] {
        fake.wait_for(WAIT, |r| r.is_dm_open_for(user)).await;
    }
    let is_dm = |r: &Recorded| r.is_dm_message() && r.ok();
    fake.wait_for(WAIT, |_| count(&fake, is_dm) >= 3).await;
    let dms: Vec<Recorded> = fake.requests().into_iter().filter(is_dm).collect();
    assert!(dms.iter().all(|d| d.has_png()), "hands come with pictures");
    // A non-player and a player out of turn are refused, by name.
    let answer = slash(
        &fake,
        STRANGER,
        "play",
        json!([{"name": "action", "type": 3, "value": "pass"}]),
    )
    .await;
    assert_eq!(
        answer,
        "You are not playing in this game; you can watch it with /board."
    );
    let (first, turn) = latest_turn(&fake);
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
    assert_eq!(
        answer,
        format!(
            "It is {}'s turn — you can look at the board or your hand meanwhile.",
            label_to_act(&turn)
        )
    );
    // Autocomplete explains itself out of turn instead of listing nothing, and what it
    // offers then plays nothing.
    let offered = autocomplete_named(&fake, other, "").await;
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert_eq!(
        offered[0].0,
        format!(
            "It is {}'s turn — nothing to play for you now",
            label_to_act(&turn)
        )
    );
    let answer = slash(
        &fake,
        other,
        "play",
        json!([{"name": "action", "type": 3, "value": offered[0].1}]),
    )
    .await;
    assert!(
        answer.starts_with(&format!("It is {}'s turn", label_to_act(&turn))),
        "{answer}"
    );
    // /turn opens the panel as Take my turn does: the decision with its controls for the
    // player to act, a polite refusal for the others.
    let answer = slash(&fake, other, "turn", json!([])).await;
    assert!(answer.starts_with("It is not your turn"), "{answer}");
    let interaction = fake.slash_command(first.unwrap(), CHANNEL, Some(GUILD), "turn", json!([]));
    let token = interaction["token"].as_str().unwrap().to_string();
    fake.dispatch("INTERACTION_CREATE", interaction).await;
    let panel = fake
        .wait_for(WAIT, |r| {
            r.method == "PATCH"
                && r.path.contains(&token)
                && r.path.ends_with("/messages/@original")
        })
        .await;
    assert!(panel.ok(), "{panel}");
    assert!(
        !controls(panel.response.as_ref().unwrap()).is_empty(),
        "{panel}"
    );
    // The player to act finds the placements on a space by typing the space.
    let first = first.unwrap();
    let d = autocomplete_named(&fake, first, "H6").await;
    assert!(
        !d.is_empty() && d.iter().all(|(name, _)| name.contains("H6")),
        "{d:?}"
    );
    let mark = fake.requests().len();
    let actions = play_to_the_end(&fake, 11, 400).await;
    let (_, last) = latest_turn(&fake);
    assert_winner_among(&last, &["Anna", "Bert", "Cleo"]);
    assert!(actions > 40);
    traffic_report(&fake, mark, actions);
    fake.assert_clean();
    let (_, p99) = latency_report(&fake);
    assert!(p99 < Duration::from_secs(3), "{p99:?}");
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_player_roll_through_the_ages_game_is_played_to_the_end() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db"), 1).await;
    open_table(&fake, "rtta", &[ANNA, BERT]).await;
    let actions = play_to_the_end(&fake, 5, 3000).await;
    assert!(actions > 20, "{actions} actions");
    let (_, last) = latest_turn(&fake);
    assert_winner_among(&last, &["Anna", "Bert"]);
    // Nothing is hidden in this game: no DMs at all.
    assert_eq!(count(&fake, |r| r.path == "/api/v10/users/@me/channels"), 0);
    fake.assert_clean();
    latency_report(&fake);
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_fall_back_to_the_channel_once_and_buttons_survive_a_restart() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    // Anna begins, so her turn ends in a DM owed to Bert before Bert uses any command (a
    // command of his would let the bot try his DMs again).
    let seed = seed_where_first_is("pandoria", &[ANNA, BERT], ANNA).await;
    fake.close_dms_of(BERT);
    fake.expect_rejection(
        |r| r.dm_recipient == Some(BERT) && r.error_code() == Some(50007),
        "Bert's DMs are closed",
    );
    let bot = start_bot(&fake, &db, seed).await;
    open_table(&fake, "pandoria", &[ANNA, BERT]).await;
    let note = fake
        .wait_for(WAIT, |r| {
            content(r).contains("can't send you direct messages")
        })
        .await;
    assert!(note.ok(), "{note}");
    assert!(content(&note).contains(&format!("<@{BERT}>")));
    assert!(
        !content(&note).contains("Your tile"),
        "the note carries no secret"
    );
    let (first, _) = latest_turn(&fake);
    assert_eq!(first, Some(ANNA), "seed {seed} lets Anna begin");
    // Bert's first hand was due at the start: tried once, refused, told once.
    let bert_attempts = || {
        (
            fake.count(|r| r.is_dm_open_for(BERT)),
            fake.count(|r| r.dm_recipient == Some(BERT) && r.is_dm_message()),
            fake.count(|r| content(r).contains("can't send you direct messages")),
        )
    };
    assert_eq!(bert_attempts(), (1, 1, 1), "one DM attempt, one note");
    // Anna plays until Bert is to act: that step owes both players a private message (Anna's
    // drawn tile, Bert's tile preview).
    let mut steps = 0;
    loop {
        let mark = fake.mark();
        let choices = autocomplete(&fake, ANNA, "").await;
        play(&fake, ANNA, &choices[0]).await;
        steps += 1;
        if latest_turn(&fake).0 == Some(BERT) {
            // Anna's DM of the game is edited in place (issue 28).
            fake.wait_for_since(mark, WAIT, |r| {
                r.dm_recipient == Some(ANNA) && r.method == "PATCH" && r.ok()
            })
            .await;
            break;
        }
        assert!(steps < 30, "Anna's turn did not end in 30 actions");
    }
    // Restart the bot mid-game (nothing can be sent after the stop); the DM owed to Bert was
    // not tried, and he was not told again.
    let (user, post) = latest_turn(&fake);
    let user = user.unwrap();
    bot.stop().await;
    assert_eq!(
        bert_attempts(),
        (1, 1, 1),
        "no new DM attempts to Bert, told once"
    );
    let bot = start_bot(&fake, &db, seed).await;
    // /hand still shows Bert his hand, privately.
    let hand = slash(&fake, BERT, "hand", json!([])).await;
    assert!(hand.contains("Your tile"), "{hand}");
    // The buttons of the last turn message still work after the restart.
    let ids = custom_ids(&post);
    let take = ids
        .iter()
        .find(|id| id.ends_with(":turn"))
        .expect("a Take my turn button")
        .clone();
    let panel = answer_of(&fake, fake.button(user, CHANNEL, Some(GUILD), &take, 1)).await;
    assert!(
        panel.contains("place your tile") || panel.contains("figure"),
        "{panel}"
    );
    let stranger = answer_of(&fake, fake.button(STRANGER, CHANNEL, Some(GUILD), &take, 1)).await;
    assert!(stranger.contains("not your turn"), "{stranger}");
    // Play one action, then the old button is stale for acting.
    let choices = autocomplete(&fake, user, "").await;
    play(&fake, user, &choices[0]).await;
    let parts: Vec<&str> = take.split(':').collect();
    let stale = format!("tp:{}:{}:act:pass", parts[1], parts[2]);
    let answer = answer_of(&fake, fake.button(user, CHANNEL, Some(GUILD), &stale, 1)).await;
    assert!(answer.contains("This turn has passed"), "{answer}");
    fake.assert_clean();
    bot.stop().await;
    fake.assert_clean();
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
        seeded(1),
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

/// The id of the message a post created, or an edit changed.
fn message_id_of(r: &Recorded) -> u64 {
    if r.method == "PATCH" {
        return r.path.rsplit('/').next().unwrap().parse().unwrap();
    }
    r.response.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// The buttons and select menus of a message's JSON.
fn controls(message: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        out.extend(row["components"].as_array().into_iter().flatten().cloned());
    }
    out
}

/// Sends a component interaction and returns the callback and the edit that answered it.
async fn click(fake: &FakeDiscord, interaction: Value) -> (Recorded, Recorded) {
    let token = interaction["token"].as_str().unwrap().to_string();
    let id = interaction["id"].as_str().unwrap().to_string();
    fake.dispatch("INTERACTION_CREATE", interaction).await;
    let callback = fake
        .wait_for(WAIT, |r| {
            r.path == format!("/api/v10/interactions/{id}/{token}/callback")
        })
        .await;
    let edit = fake
        .wait_for(WAIT, |r| {
            r.method == "PATCH"
                && r.path.contains(&token)
                && r.path.ends_with("/messages/@original")
        })
        .await;
    assert!(edit.ok(), "{edit}");
    (callback, edit)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pandoria_standard_game_is_played_to_the_end_by_clicking_only() {
    let standard = json!([{"name": "mode", "type": 3, "value": "standard"}]);
    let clicks = play_by_clicking("pandoria", standard, &[ANNA, BERT, CLEO], 21).await;
    assert!(clicks.stale_undo_refused, "no stale Undo was tried");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_roll_through_the_ages_game_is_played_to_the_end_by_clicking_only() {
    let clicks = play_by_clicking("rtta", json!([]), &[ANNA, BERT], 22).await;
    assert!(clicks.toggled > 0, "no die was toggled");
}

/// What a game played by clicking did.
#[derive(Debug, Default)]
struct Clicks {
    /// Clicks in the panel (Take my turn included), actions played, turns.
    clicks: usize,
    actions: usize,
    turns: usize,
    /// Dice toggled, pages turned, groups opened.
    toggled: usize,
    paged: usize,
    opened: usize,
    stale_undo_refused: bool,
}

/// A small deterministic generator (a failing run replays exactly).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n.max(1)
    }
}

/// The enabled controls of a panel: (custom id, type, option values).
fn enabled(message: &Value) -> Vec<(String, u64, Vec<String>)> {
    controls(message)
        .into_iter()
        .filter(|c| c["disabled"] != true)
        .map(|c| {
            let values = c["options"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| o["value"].as_str().unwrap().to_string())
                .collect();
            (
                c["custom_id"].as_str().unwrap().to_string(),
                c["type"].as_u64().unwrap(),
                values,
            )
        })
        .collect()
}

/// Plays a whole game of `game` only through the private panel — Take my turn on the turn
/// message, then the panel's buttons and selects, never `/play` — choosing at random (seeded)
/// the way a player would: open a space or card, toggle some dice, turn a page now and then.
/// Checks Discord's limits on every panel, that every choice updates the panel in place,
/// that the panel says so when the turn has passed, and at the end that the channel got
/// exactly one new message (with exactly one mention) per change of the person to act,
/// that earlier turn messages lost their buttons, and that a stale Undo is refused.
async fn play_by_clicking(game: &str, options: Value, players: &[u64], seed: u64) -> Clicks {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db"), seed).await;
    open_table_with(&fake, game, options, players).await;
    let mark = fake.requests().len();
    let mut rng = Lcg(seed);
    let mut stats = Clicks::default();
    // Who played each action, in order; and an Undo button seen on a turn message.
    let mut actors: Vec<u64> = Vec::new();
    let mut old_undo: Option<(String, u64, usize)> = None;
    let mut per_turn: Vec<usize> = Vec::new();
    loop {
        let (Some(user), turn) = latest_turn(&fake) else {
            break;
        };
        assert!(stats.actions < 3000, "the game did not end");
        if actors.last() != Some(&user) {
            per_turn.push(0);
        }
        let take = custom_ids(&turn)
            .into_iter()
            .find(|id| id.ends_with(":turn"))
            .expect("a Take my turn button");
        let (callback, mut panel) = click(
            &fake,
            fake.button(user, CHANNEL, Some(GUILD), &take, message_id_of(&turn)),
        )
        .await;
        assert_eq!(
            callback.callback_type(),
            Some(5),
            "the panel is a new private message"
        );
        stats.clicks += 1;
        *per_turn.last_mut().unwrap() += 1;
        let panel_id = message_id_of_response(&panel);
        let mut views_this_decision = 0;
        loop {
            let message = panel.response.clone().unwrap();
            for c in controls(&message) {
                let label = c["label"]
                    .as_str()
                    .or(c["placeholder"].as_str())
                    .unwrap_or("");
                assert!(label.chars().count() <= 80, "label over 80: {label}");
                if let Some(options) = c["options"].as_array() {
                    assert!(!options.is_empty() && options.len() <= 25);
                }
            }
            let text = message["content"].as_str().unwrap_or_default().to_string();
            let choices = enabled(&message);
            if choices.is_empty() {
                assert!(
                    text.contains("Your turn is over") || text.contains("The game is over"),
                    "a panel offers no choice: {text}"
                );
                break;
            }
            let views: Vec<&(String, u64, Vec<String>)> = choices
                .iter()
                .filter(|(id, _, _)| {
                    id.contains(":page:") || id.contains(":tog:") || id.contains(":open:")
                })
                .collect();
            let acts: Vec<&(String, u64, Vec<String>)> = choices
                .iter()
                .filter(|(id, _, _)| id.contains(":act:") || id.ends_with(":pick"))
                .collect();
            // A player opens a group when the panel offers groups, toggles a few dice or
            // turns a page now and then, and otherwise plays.
            let must_open = acts.is_empty();
            let browse = !views.is_empty() && views_this_decision < 3 && rng.below(3) == 0;
            let (id, kind, values) = if must_open || browse {
                let open: Vec<_> = views
                    .iter()
                    .filter(|(id, _, _)| id.contains(":open:"))
                    .collect();
                if must_open && !open.is_empty() && rng.below(5) > 0 {
                    (*open[0]).clone()
                } else {
                    views[rng.below(views.len())].clone()
                }
            } else {
                // Prefer doing something over passing, so that spells and purchases happen.
                let mut options: Vec<(String, u64, String)> = acts
                    .iter()
                    .flat_map(|(id, kind, values)| {
                        if values.is_empty() {
                            vec![(id.clone(), *kind, String::new())]
                        } else {
                            values
                                .iter()
                                .map(|v| (id.clone(), *kind, v.clone()))
                                .collect()
                        }
                    })
                    .collect();
                let busy: Vec<(String, u64, String)> = options
                    .iter()
                    .filter(|(id, _, v)| {
                        !id.ends_with(":act:pass")
                            && !id.ends_with(":act:done")
                            && v != "pass"
                            && v != "done"
                    })
                    .cloned()
                    .collect();
                if !busy.is_empty() && rng.below(5) > 0 {
                    options = busy;
                }
                let (id, kind, value) = options.swap_remove(rng.below(options.len()));
                (
                    id,
                    kind,
                    if value.is_empty() {
                        vec![]
                    } else {
                        vec![value]
                    },
                )
            };
            let interaction = if kind == 3 {
                let value = values
                    .get(rng.below(values.len()))
                    .cloned()
                    .unwrap_or_default();
                fake.select(user, CHANNEL, Some(GUILD), &id, &[value.as_str()], panel_id)
            } else {
                fake.button(user, CHANNEL, Some(GUILD), &id, panel_id)
            };
            let acting = id.contains(":act:") || id.ends_with(":pick");
            let (callback, edit) = click(&fake, interaction).await;
            stats.clicks += 1;
            *per_turn.last_mut().unwrap() += 1;
            // Every choice on the panel updates that same panel in place.
            assert_eq!(callback.callback_type(), Some(6), "{callback}");
            assert_eq!(
                message_id_of_response(&edit),
                panel_id,
                "the panel itself changes"
            );
            if acting {
                stats.actions += 1;
                actors.push(user);
                views_this_decision = 0;
            } else {
                views_this_decision += 1;
                if id.contains(":tog:") {
                    stats.toggled += 1;
                } else if id.contains(":page:") {
                    stats.paged += 1;
                } else {
                    stats.opened += 1;
                }
                // Looking around changes nothing in the game and keeps the pictures.
                assert!(edit.files.is_empty(), "a view change uploads nothing");
            }
            panel = edit;
            // An Undo button offered on the panel after a step undo may take back (issue 28).
            if old_undo.is_none()
                && let Some(id) = custom_ids(&panel)
                    .into_iter()
                    .find(|i| i.ends_with(":undo"))
            {
                old_undo = Some((id, panel_id, stats.actions));
            }
            let text = panel.response.as_ref().unwrap()["content"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            if text.contains("Your turn is over") || text.contains("The game is over") {
                assert!(
                    enabled(panel.response.as_ref().unwrap()).is_empty(),
                    "nothing stale is offered: {text}"
                );
                break;
            }
        }
        // The panel said the turn passed: the next turn's message (or the final one)
        // follows through the outbox.
        fake.wait_for(WAIT, |_| latest_turn(&fake).0 != Some(user))
            .await;
        // Every hand change reached its player: each DM of the game shows the hand as it is.
        if latest_turn(&fake).0.is_some() {
            assert_dms_show_the_hands(&fake, players).await;
        }
        // A stale Undo under an earlier turn message is refused, politely, and changes nothing.
        if let Some((id, message, at)) = old_undo.clone()
            && stats.actions > at + 1
            && !stats.stale_undo_refused
            && latest_turn(&fake).0.is_some()
        {
            let before = channel_updates(&fake).len();
            let (who, _) = latest_turn(&fake);
            // The Undo of an older panel (issue 28: Undo lives on the panel) updates that
            // panel in place with the refusal.
            let (_, edit) = click(
                &fake,
                fake.button_unchecked(who.unwrap(), CHANNEL, Some(GUILD), &id, message),
            )
            .await;
            let answer = edit.response.as_ref().unwrap()["content"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            assert!(answer.contains("This turn has passed"), "{answer}");
            tokio::time::sleep(Duration::from_millis(200)).await;
            assert_eq!(
                channel_updates(&fake).len(),
                before,
                "a stale Undo changed the channel"
            );
            stats.stale_undo_refused = true;
        }
    }
    // The channel: one new message per change of the person to act, each with one mention
    // (the person), the final one with none; every earlier message lost its buttons.
    let posts: Vec<Recorded> = channel_posts(&fake)
        .into_iter()
        .filter(|r| content(r).contains(" to play: ") || content(r).contains("The game is over"))
        .collect();
    let mut people = actors.clone();
    people.dedup();
    let mentioned_in_posts: Vec<u64> = posts
        .iter()
        .filter(|p| !content(p).contains("The game is over"))
        .map(|p| {
            assert_eq!(content(p).matches("<@").count(), 1, "one mention: {p}");
            mentioned(&content(p)).unwrap()
        })
        .collect();
    assert_eq!(
        mentioned_in_posts, people,
        "one message per change of the person to act"
    );
    let last = posts.last().unwrap();
    assert!(
        content(last).contains("The game is over"),
        "the final message ends the game"
    );
    assert!(
        !content(last).contains("<@"),
        "the final message pings nobody"
    );
    assert_every_old_turn_message_lost_its_buttons(&fake).await;
    assert_quiet_dms(&fake, players).await;
    assert!(stats.opened + stats.toggled > 0);
    stats.turns = per_turn.len();
    let mut sorted = per_turn.clone();
    sorted.sort_unstable();
    eprintln!(
        "{game}, played by clicking only: {} actions in {} turns, {} clicks ({:.1} per turn, median {}), {} groups opened, {} dice toggled, {} pages turned",
        stats.actions,
        stats.turns,
        stats.clicks,
        stats.clicks as f64 / stats.turns.max(1) as f64,
        sorted.get(sorted.len() / 2).copied().unwrap_or(0),
        stats.opened,
        stats.toggled,
        stats.paged
    );
    traffic_report(&fake, mark, stats.actions);
    assert_every_picture_has_words(&fake);
    // Roll Through the Ages hides nothing: its panel has no pictures.
    assert_panel_pictures_are_stacked(&fake, game == "pandoria");
    bot.stop().await;
    fake.assert_clean();
    stats
}

/// Every picture uploaded in the whole game (turn messages and their edits, DMs, panels,
/// ephemeral answers) went with a description in words (alt text, ≤ 1,024 characters) in
/// its `attachments` entry, as Discord reads it.
fn assert_every_picture_has_words(fake: &FakeDiscord) {
    let mut pictures = 0;
    for r in fake.requests() {
        for (name, _) in r.png_files() {
            let entry = r
                .json
                .as_ref()
                .and_then(|j| j["attachments"].as_array())
                .and_then(|a| a.iter().find(|e| e["filename"] == name.as_str()))
                .unwrap_or_else(|| panic!("{name} has no attachments entry: {r}"));
            let words = entry["description"].as_str().unwrap_or("");
            assert!(
                !words.trim().is_empty() && words.chars().count() <= 1024,
                "{name} went without words (or too many): {r}"
            );
            assert!(
                !words.starts_with("Picture: "),
                "{name} got the fallback description, not its own words: {words}"
            );
            pictures += 1;
        }
    }
    assert!(pictures > 10, "only {pictures} pictures were sent");
}

/// The pictures of every interaction answer (the panel, My hand) are each shown by an embed
/// (`attachment://name`), which phones stack at full width, never as plain attachments side
/// by side.
fn assert_panel_pictures_are_stacked(fake: &FakeDiscord, some: bool) {
    let mut panels = 0;
    for r in fake.requests() {
        if r.interaction_token().is_none() || r.png_files().is_empty() {
            continue;
        }
        let shown: Vec<&str> = r
            .json
            .as_ref()
            .and_then(|j| j["embeds"].as_array())
            .into_iter()
            .flatten()
            .filter_map(|e| e["image"]["url"].as_str())
            .filter_map(|u| u.strip_prefix("attachment://"))
            .collect();
        for (name, _) in r.png_files() {
            assert!(
                shown.contains(&name.as_str()),
                "{name} is a plain attachment, not in an embed: {r}"
            );
        }
        panels += 1;
    }
    assert_eq!(panels > 0, some, "{panels} panels showed pictures");
}

/// Waits until each player's DM of the game (the newest message in their DM channel) shows
/// their hand as `/hand` shows it now: hand changes are edits of that one message, so its
/// latest content is the hand. Nothing is checked in a game without secrets.
async fn assert_dms_show_the_hands(fake: &FakeDiscord, players: &[u64]) {
    for &player in players {
        let hand = slash(fake, player, "hand", json!([])).await;
        if hand.contains("hides nothing") {
            // A game without secrets (RTTA: `/hand` shows the player's own sheet) sends
            // no DMs at all; assert_quiet_dms checks that none went out.
            return;
        }
        let channel = fake.dm_channel(player);
        let shows = |fake: &FakeDiscord| {
            fake.messages_in(channel)
                .last()
                .and_then(|m| m["content"].as_str().map(str::to_string))
                .is_some_and(|dm| dm.contains(hand.trim()))
        };
        fake.wait_for(WAIT, |_| shows(fake)).await;
        assert!(
            shows(fake),
            "player {player}'s DM does not show their hand: {hand}"
        );
    }
}

/// Quiet DMs (issue 28): per player, at most three new DMs in a whole game (the first hand,
/// the result, and one spare for a deleted DM) — every other hand change is an edit of
/// that DM; and the last DM is the result.
async fn assert_quiet_dms(fake: &FakeDiscord, players: &[u64]) {
    for &player in players {
        let created = fake.count(|r| r.dm_recipient == Some(player) && r.is_dm_message() && r.ok());
        let edited =
            fake.count(|r| r.dm_recipient == Some(player) && r.method == "PATCH" && r.ok());
        eprintln!("player {player}: {created} new DMs, {edited} edits");
        if created == 0 {
            // A game without secrets sends no DMs at all.
            assert_eq!(edited, 0);
            continue;
        }
        assert!(created <= 3, "player {player} got {created} new DMs");
        assert!(edited > 0, "player {player}'s hand changes were no edits");
        let channel = fake.dm_channel(player);
        fake.wait_for(WAIT, |_| {
            fake.messages_in(channel).last().is_some_and(|m| {
                m["content"]
                    .as_str()
                    .unwrap_or("")
                    .contains("The game is over")
            })
        })
        .await;
    }
}

/// The id of the message an edit of an interaction's response changed.
fn message_id_of_response(r: &Recorded) -> u64 {
    r.response.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_player_is_replaced_by_a_vote_and_a_volunteer_through_discord() {
    use turnpost_bot::clock::{ManualClock, now_ms};
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // The table's clock is a manual one: a day passes without sleeping.
    let clock = ManualClock::at(now_ms());
    let settings = TableSettings {
        clock: clock.clone(),
        ..seeded(41)
    };
    let (bot, table) = start_bot_with(&fake, &dir.path().join("bot.db"), settings).await;
    let options = json!([
        {"name": "deadline", "type": 3, "value": "24h"},
        {"name": "on_timeout", "type": 3, "value": "replace"}
    ]);
    open_table_with(&fake, "pandoria", options, &[ANNA, BERT, CLEO]).await;
    let (Some(late), turn) = latest_turn(&fake) else {
        panic!("no turn");
    };
    assert!(
        content(&turn).contains("⏳ Deadline <t:"),
        "{}",
        content(&turn)
    );
    let voters: Vec<u64> = [ANNA, BERT, CLEO]
        .into_iter()
        .filter(|u| *u != late)
        .collect();
    let mark = fake.mark();
    clock.advance_hours(25);
    assert_eq!(table.sweep_deadlines().await.unwrap().votes, 1);
    // One post calls the vote, mentioning exactly the other two players, with two buttons.
    let call = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && content(r).contains("keep waiting?")
        })
        .await;
    assert!(call.ok(), "{call}");
    assert_eq!(allowed_users(&call), voters);
    let ids = custom_ids(&call);
    assert_eq!(ids.len(), 2, "{ids:?}");
    let replace = ids.iter().find(|i| i.ends_with(":vote:replace")).unwrap();
    // The late player cannot vote on their own seat.
    let (_, refused) = click(
        &fake,
        fake.button(late, CHANNEL, Some(GUILD), replace, message_id_of(&call)),
    )
    .await;
    assert!(
        content(&refused).contains("about your seat"),
        "{}",
        content(&refused)
    );
    for voter in &voters {
        let (_, answer) = click(
            &fake,
            fake.button(*voter, CHANNEL, Some(GUILD), replace, message_id_of(&call)),
        )
        .await;
        assert!(
            content(&answer).contains("Vote counted"),
            "{}",
            content(&answer)
        );
    }
    let open = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && content(r).contains("Take the seat")
        })
        .await;
    let take = custom_ids(&open)
        .into_iter()
        .find(|i| i.ends_with(":seat"))
        .expect("a Take the seat button");
    let (_, taken) = click(
        &fake,
        fake.button(STRANGER, CHANNEL, Some(GUILD), &take, message_id_of(&open)),
    )
    .await;
    assert!(
        content(&taken).contains("takes over"),
        "{}",
        content(&taken)
    );
    // A new turn message for the volunteer, mentioning only them; their hand by DM.
    let turn = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && content(r).contains("Sten takes over")
        })
        .await;
    assert_eq!(allowed_users(&turn), vec![STRANGER]);
    assert!(
        content(&turn).contains("⏳ Deadline <t:"),
        "{}",
        content(&turn)
    );
    fake.wait_for_since(mark, WAIT, |r| r.is_dm_open_for(STRANGER))
        .await;
    // A second volunteer is too late.
    let (_, late_again) = click(
        &fake,
        fake.button(late, CHANNEL, Some(GUILD), &take, message_id_of(&open)),
    )
    .await;
    assert!(
        content(&late_again).contains("No seat is open"),
        "{}",
        content(&late_again)
    );
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_seat_added_in_the_lobby_plays_its_turns_through_discord_without_pings() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let settings = TableSettings {
        ai_budget: Some(turnpost_core::ai::Budget {
            playouts: 16,
            candidates: 4,
            depth: 8,
            time: None,
        }),
        ..seeded(61)
    };
    let (bot, _table) = start_bot_with(&fake, &dir.path().join("bot.db"), settings).await;
    let answer = slash(
        &fake,
        ANNA,
        "new",
        json!([{"name": "pandoria", "type": 1, "options": []}]),
    )
    .await;
    assert!(answer.contains("opened"), "{answer}");
    // The lobby offers an AI of each strength and a way to remove one.
    let lobby = fake
        .wait_for(WAIT, |r| {
            r.is_channel_message(CHANNEL) && content(r).contains("opened a Pandoria table")
        })
        .await;
    let ids = custom_ids(&lobby);
    for suffix in [":ai:easy", ":ai:normal", ":ai:strong", ":ai-"] {
        assert!(ids.iter().any(|i| i.ends_with(suffix)), "{suffix}: {ids:?}");
    }
    let strong = ids.iter().find(|i| i.ends_with(":ai:strong")).unwrap();
    // Only the creator adds AI seats.
    let (_, refused) = click(
        &fake,
        fake.button(BERT, CHANNEL, Some(GUILD), strong, message_id_of(&lobby)),
    )
    .await;
    assert!(
        content(&refused).contains("Only the player who opened"),
        "{}",
        content(&refused)
    );
    let (_, added) = click(
        &fake,
        fake.button(ANNA, CHANNEL, Some(GUILD), strong, message_id_of(&lobby)),
    )
    .await;
    assert!(
        content(&added).contains("added an AI seat (strong)"),
        "{}",
        content(&added)
    );
    let answer = slash(&fake, ANNA, "start", json!([])).await;
    assert!(answer.contains("begins"), "{answer}");
    fake.wait_for(WAIT, |r| {
        r.is_channel_message(CHANNEL) && content(r).contains(" to play: ")
    })
    .await;
    // Anna plays her turns by /play; the AI plays its own as soon as the turn is its.
    let (mut anna_turns, mut ai_turns) = (0, 0);
    let mut last_label = String::new();
    for _ in 0..400 {
        let before = channel_updates(&fake).len();
        let (to_act, turn) = latest_turn(&fake);
        if to_act.is_none() && content(&turn).contains("The game is over") {
            break;
        }
        let label = label_to_act(&turn);
        if label.contains("(AI, strong)") {
            if label != last_label {
                ai_turns += 1;
            }
            fake.wait_for(WAIT, |_| channel_updates(&fake).len() > before)
                .await;
        } else {
            assert_eq!(to_act, Some(ANNA), "{}", content(&turn));
            if label != last_label {
                anna_turns += 1;
            }
            let choices = autocomplete(&fake, ANNA, "").await;
            let action = choices
                .iter()
                .find(|c| *c == "pass")
                .or(choices.first())
                .unwrap()
                .clone();
            play(&fake, ANNA, &action).await;
        }
        last_label = label;
        if ai_turns >= 3 && anna_turns >= 3 {
            break;
        }
    }
    assert!(
        ai_turns >= 3 && anna_turns >= 3,
        "{ai_turns} AI turns, {anna_turns} of Anna's"
    );
    // An AI's turn message mentions nobody; a turn passing to Anna mentions her only.
    for post in channel_posts(&fake) {
        let text = content(&post);
        if text.contains("(AI, strong) to play") {
            assert!(allowed_users(&post).is_empty(), "{text}");
            assert!(!text.contains("<@4611686"), "{text}");
        }
        if text.contains("Anna (") && text.contains(" to play: ") && !text.contains("(AI") {
            assert!(allowed_users(&post).iter().all(|u| *u == ANNA), "{text}");
        }
    }
    // Nobody tried to DM the AI (a DM channel is opened for Anna's hand only).
    for dm in fake.find_all(|r| r.path == "/api/v10/users/@me/channels") {
        let to = dm.json.as_ref().unwrap()["recipient_id"].clone();
        assert_eq!(
            to.as_str()
                .map(str::to_string)
                .or(to.as_u64().map(|u| u.to_string())),
            Some(ANNA.to_string()),
            "{dm}"
        );
    }
    fake.assert_clean();
    bot.stop().await;
    fake.assert_clean();
}

/// A painter that draws nothing and panics once when armed: a bug in the middle of one
/// interaction's work.
#[derive(Debug, Default)]
struct PanicOnce {
    armed: std::sync::atomic::AtomicBool,
}

impl turnpost_bot::table::Painter for PanicOnce {
    fn public(
        &self,
        _: &str,
        _: &dyn turnpost_core::dynamic::AnyView,
    ) -> Result<Vec<turnpost_bot::table::Image>, String> {
        Ok(Vec::new())
    }
    fn private(
        &self,
        _: &str,
        _: &dyn turnpost_core::dynamic::AnyView,
    ) -> Result<Vec<turnpost_bot::table::Image>, String> {
        Ok(Vec::new())
    }
    fn draws(&self) -> bool {
        if self.armed.swap(false, std::sync::atomic::Ordering::SeqCst) {
            panic!("injected failure in the middle of a command");
        }
        false
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_in_one_interaction_gets_the_apology_and_the_bot_serves_everyone_else() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let painter = Arc::new(PanicOnce::default());
    let (bot, _) = start_bot_painting(
        &fake,
        &dir.path().join("panic.db"),
        seeded(5),
        painter.clone(),
    )
    .await;
    open_table(&fake, "rtta", &[ANNA, BERT]).await;

    painter
        .armed
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let answer = slash(&fake, ANNA, "board", json!([])).await;
    assert!(
        answer.starts_with("Sorry — something went wrong on our side"),
        "the caller of the failed command gets the apology: {answer}"
    );
    assert!(!painter.armed.load(std::sync::atomic::Ordering::SeqCst));
    // Everyone else, and the same player again, is served as before.
    let answer = slash(&fake, BERT, "board", json!([])).await;
    assert!(answer.contains(" to play: "), "{answer}");
    let answer = slash(&fake, ANNA, "hand", json!([])).await;
    assert!(!answer.starts_with("Sorry"), "{answer}");
    let first = slash(&fake, ANNA, "board", json!([])).await;
    assert!(first.contains(" to play: "), "{first}");
    bot.stop().await;
    fake.assert_clean();
}

/// PATCHes of one channel message that Discord accepted.
fn edits_of(fake: &FakeDiscord, message: u64) -> Vec<Recorded> {
    fake.find_all(|r| {
        r.method == "PATCH"
            && r.ok()
            && r.path
                .ends_with(&format!("/channels/{CHANNEL}/messages/{message}"))
    })
}

/// The custom id ending in `:{verb}` under a posted message.
fn button_id(post: &Recorded, verb: &str) -> String {
    custom_ids(post)
        .into_iter()
        .find(|id| id.ends_with(&format!(":{verb}")))
        .unwrap_or_else(|| panic!("no {verb} button under {post}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_is_one_message_edited_in_place_that_loses_its_buttons_at_the_start() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db"), 9).await;
    let opened = slash(
        &fake,
        ANNA,
        "new",
        json!([{"name": "pandoria", "type": 1, "options": []}]),
    )
    .await;
    assert!(opened.contains("opened"), "{opened}");
    let lobby = fake
        .wait_for(WAIT, |r| {
            r.is_channel_message(CHANNEL) && r.ok() && content(r).contains("opened a Pandoria")
        })
        .await;
    let lobby_id = message_id_of(&lobby);
    // Three players join by the lobby's button, one of them leaves again: each edits it.
    let join = button_id(&lobby, "join");
    for (i, user) in [BERT, CLEO, STRANGER].into_iter().enumerate() {
        let answer = answer_of(
            &fake,
            fake.button(user, CHANNEL, Some(GUILD), &join, lobby_id),
        )
        .await;
        assert!(answer.contains("joined"), "{answer}");
        fake.wait_for(WAIT, |_| edits_of(&fake, lobby_id).len() > i)
            .await;
    }
    let answer = slash(&fake, CLEO, "leave", json!([])).await;
    assert!(answer.contains("Cleo left"), "{answer}");
    fake.wait_for(WAIT, |_| edits_of(&fake, lobby_id).len() > 3)
        .await;
    let shown = fake.message(lobby_id).unwrap();
    let text = shown["content"].as_str().unwrap();
    assert!(
        text.contains("Cleo left. Seats: Anna, Bert, Sten."),
        "{text}"
    );
    assert!(
        text.contains("Join to take a seat; Anna starts the game."),
        "{text}"
    );
    assert!(
        controls(&shown)
            .iter()
            .any(|c| c["custom_id"].as_str() == Some(join.as_str())),
        "the open lobby keeps its buttons"
    );
    let start = button_id(&lobby, "start");
    let answer = answer_of(
        &fake,
        fake.button(ANNA, CHANNEL, Some(GUILD), &start, lobby_id),
    )
    .await;
    assert!(answer.contains("begins"), "{answer}");
    fake.wait_for(WAIT, |r| {
        r.is_channel_message(CHANNEL) && r.ok() && content(r).contains(" to play: ")
    })
    .await;
    fake.wait_for(WAIT, |_| edits_of(&fake, lobby_id).len() > 4)
        .await;
    // One lobby message in the channel (the other post is the first turn message), edited
    // once per join, leave and the start; at the end it has no buttons.
    let posts = channel_posts(&fake);
    assert_eq!(posts.len(), 2, "{posts:#?}");
    assert_eq!(message_id_of(&posts[0]), lobby_id);
    assert!(content(&posts[1]).contains(" to play: "));
    let edits = edits_of(&fake, lobby_id);
    assert_eq!(edits.len(), 5, "{edits:#?}");
    assert!(
        edits.iter().all(|e| !content(e).contains("<@")),
        "edits mention nobody"
    );
    let last = fake.message(lobby_id).unwrap();
    assert!(controls(&last).is_empty(), "buttons left: {last}");
    let text = last["content"].as_str().unwrap();
    assert!(text.contains("Seats: Anna, Bert, Sten."), "{text}");
    assert!(text.contains("The game has started"), "{text}");
    // The turn message did not have to take buttons off the lobby: the start already did.
    assert_eq!(
        fake.count(|r| retired(r) == Some(lobby_id)),
        0,
        "no second edit of the lobby"
    );
    // A late click on the old Join button is answered, politely.
    let late = answer_of(
        &fake,
        fake.button_unchecked(CLEO, CHANNEL, Some(GUILD), &join, lobby_id),
    )
    .await;
    assert!(late.contains("already started"), "{late}");
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_opens_a_lobby_for_the_same_seats_that_starts_when_everyone_confirmed() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, table) = start_bot_with(&fake, &dir.path().join("bot.db"), seeded(11)).await;
    open_table(&fake, "pandoria", &[ANNA, BERT]).await;
    let first = channel_posts(&fake)
        .into_iter()
        .find(|p| content(p).contains(" begins: "))
        .unwrap();
    let begins = content(&first)
        .lines()
        .find(|l| l.contains(" begins: "))
        .unwrap()
        .to_string();
    // Bert resigns: the final message offers a rematch.
    let answer = slash(&fake, BERT, "resign", json!([])).await;
    assert!(answer.contains("resigned"), "{answer}");
    let last = fake
        .wait_for(WAIT, |r| {
            r.is_channel_message(CHANNEL)
                && r.ok()
                && custom_ids(r).iter().any(|id| id.ends_with(":rematch"))
        })
        .await;
    let last_id = message_id_of(&last);
    let rematch = button_id(&last, "rematch");
    // Someone who did not play is refused; a player opens the lobby.
    let refused = answer_of(
        &fake,
        fake.button(STRANGER, CHANNEL, Some(GUILD), &rematch, last_id),
    )
    .await;
    assert!(refused.contains("Only the players"), "{refused}");
    let mark = fake.mark();
    let answer = answer_of(
        &fake,
        fake.button(ANNA, CHANNEL, Some(GUILD), &rematch, last_id),
    )
    .await;
    assert!(
        answer.contains("Rematch of the last Pandoria game"),
        "{answer}"
    );
    let lobby = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && r.ok() && content(r).contains("Rematch of the last")
        })
        .await;
    let lobby_id = message_id_of(&lobby);
    assert!(
        content(&lobby).contains("same seats: Anna, Bert (waiting)."),
        "{}",
        content(&lobby)
    );
    // Asking twice is refused politely while the lobby is open.
    let twice = answer_of(
        &fake,
        fake.button(BERT, CHANNEL, Some(GUILD), &rematch, last_id),
    )
    .await;
    assert!(twice.contains("press Join"), "{twice}");
    // Bert confirms with Join: everyone is there, the game starts in the same seats.
    let join = button_id(&lobby, "join");
    let answer = answer_of(
        &fake,
        fake.button(BERT, CHANNEL, Some(GUILD), &join, lobby_id),
    )
    .await;
    assert!(answer.contains(&begins), "{answer} (was: {begins})");
    let turn = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && r.ok() && content(r).contains(" to play: ")
        })
        .await;
    assert!(content(&turn).contains(&begins), "{}", content(&turn));
    fake.wait_for(WAIT, |_| {
        fake.message(lobby_id).is_some_and(|m| {
            controls(&m).is_empty() && m["content"].as_str().unwrap_or("").contains("has started")
        })
    })
    .await;
    // A new seed, the same options.
    let store = table.store();
    let old = store.game(1).await.unwrap().unwrap();
    let new = store.game(2).await.unwrap().unwrap();
    assert_eq!(new.channel_id, CHANNEL);
    assert_eq!(new.options, old.options);
    assert_ne!(new.seed.to_hex(), old.seed.to_hex());
    // While it runs, the old Rematch is refused.
    let busy = answer_of(
        &fake,
        fake.button(ANNA, CHANNEL, Some(GUILD), &rematch, last_id),
    )
    .await;
    assert!(busy.contains("already being played"), "{busy}");
    bot.stop().await;
    fake.assert_clean();
}

/// Forgive (issue 28): a tile placed by `/play` is held back from the channel; the panel
/// offers Undo, which puts it back; placed elsewhere, the channel's one post at the turn's
/// end shows only the final placement.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tile_taken_back_on_the_panel_never_reaches_the_channel() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db"), 31).await;
    let standard = json!([{"name": "mode", "type": 3, "value": "standard"}]);
    open_table_with(&fake, "pandoria", standard, &[ANNA, BERT]).await;
    let (Some(user), turn) = latest_turn(&fake) else {
        panic!("nobody to act")
    };
    let posts = channel_posts(&fake).len();
    let tiles: Vec<String> = autocomplete(&fake, user, "")
        .await
        .into_iter()
        .filter(|a| a.starts_with("tile "))
        .collect();
    assert!(tiles.len() >= 2, "{tiles:?}");
    let first = play(&fake, user, &tiles[0]).await;
    assert!(first.is_none(), "the placement is held back");
    // Take my turn: the panel offers Undo; it takes the tile back.
    let take = custom_ids(&turn)
        .into_iter()
        .find(|id| id.ends_with(":turn"))
        .unwrap();
    let (_, panel) = click(
        &fake,
        fake.button(user, CHANNEL, Some(GUILD), &take, message_id_of(&turn)),
    )
    .await;
    let undo = custom_ids(&panel)
        .into_iter()
        .find(|id| id.ends_with(":undo"))
        .expect("the panel offers Undo");
    let (_, undone) = click(
        &fake,
        fake.button(
            user,
            CHANNEL,
            Some(GUILD),
            &undo,
            message_id_of_response(&panel),
        ),
    )
    .await;
    let text = undone.response.as_ref().unwrap()["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(text.contains("took back"), "{text}");
    assert!(text.contains("place your tile"), "{text}");
    // Place it elsewhere and end the turn.
    let second = tiles.iter().find(|t| *t != &tiles[0]).unwrap().clone();
    let mut last = play(&fake, user, &second).await;
    while latest_turn(&fake).0 == Some(user) && last.is_none() {
        let choices = autocomplete(&fake, user, "").await;
        let pass = choices
            .iter()
            .find(|c| *c == "pass")
            .cloned()
            .unwrap_or_else(|| choices[0].clone());
        last = play(&fake, user, &pass).await;
    }
    assert_eq!(
        channel_posts(&fake).len(),
        posts + 1,
        "one post for the whole turn"
    );
    let post = content(&last.expect("the turn's end is posted"));
    let at = |notation: &str| {
        let spaces: Vec<&str> = notation.split_whitespace().skip(1).collect();
        format!(" at {}", spaces.join("–"))
    };
    let placed: Vec<&str> = post
        .lines()
        .filter(|l| l.contains(" placed ") && l.contains(" at "))
        .collect();
    assert_eq!(placed.len(), 1, "only the final placement: {post}");
    assert!(placed[0].ends_with(&at(&second)), "{post}");
    if at(&second) != at(&tiles[0]) {
        assert!(!post.contains(&at(&tiles[0])), "{post}");
    }
    assert!(!post.contains("took back"), "{post}");
    bot.stop().await;
    fake.assert_clean();
}
