//! The bot's channel permissions, end to end against the fake Discord (which computes them
//! from roles and overwrites, sends them as `app_permissions` and enforces them as Discord
//! answers): `/new` and Start refuse in words, naming each missing permission and how to
//! grant it, with nothing changed; a permission taken away mid-game is said, never lost in
//! silence; and `/new thread:true` opens the game in a new public thread of the channel.

mod support;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use support::bot::{Bot, seeded};
use support::{FakeDiscord, Recorded, permissions};
use turnpost_bot::paint::PngPainter;

const GUILD: u64 = 7000;
const CHANNEL: u64 = 8000;
const WAIT: Duration = Duration::from_secs(20);
const ANNA: u64 = 101;
const BERT: u64 = 102;

async fn start_bot(fake: &FakeDiscord, db: &Path) -> Bot {
    fake.set_user_name(ANNA, "Anna");
    fake.set_user_name(BERT, "Bert");
    support::bot::start(fake, db, seeded(11), Arc::new(PngPainter))
        .await
        .0
}

fn content(r: &Recorded) -> String {
    r.json
        .as_ref()
        .and_then(|j| j["content"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// Sends an interaction and waits for its deferral and its answer (the edit of the
/// deferred response); returns the answer's text.
async fn answer_of(fake: &FakeDiscord, interaction: Value) -> String {
    let token = interaction["token"].as_str().unwrap().to_string();
    fake.dispatch("INTERACTION_CREATE", interaction).await;
    let edit = fake
        .wait_for(WAIT, |r| {
            r.method == "PATCH"
                && r.path.contains(&token)
                && r.path.ends_with("/messages/@original")
        })
        .await;
    assert_eq!(edit.status, 200, "Discord accepted the answer: {edit}");
    content(&edit)
}

async fn slash(fake: &FakeDiscord, user: u64, channel: u64, name: &str, options: Value) -> String {
    let interaction = fake.slash_command(user, channel, Some(GUILD), name, options);
    answer_of(fake, interaction).await
}

/// `/new pandoria` (two seats) in `channel`, with more options.
async fn new_table(fake: &FakeDiscord, channel: u64, more: Value) -> String {
    let mut options = vec![json!({"name": "players", "type": 4, "value": 2})];
    options.extend(more.as_array().cloned().unwrap_or_default());
    slash(
        fake,
        ANNA,
        channel,
        "new",
        json!([{"name": "pandoria", "type": 1, "options": options}]),
    )
    .await
}

/// Messages the bot created in `channel` (requests Discord accepted).
fn posts_in(fake: &FakeDiscord, channel: u64) -> Vec<Recorded> {
    fake.find_all(|r| r.is_channel_message(channel) && r.ok())
}

/// Opens, fills and starts a two-player table in `channel`; returns when its first turn
/// message is there.
async fn running_game(fake: &FakeDiscord, channel: u64) {
    let answer = new_table(fake, channel, json!([])).await;
    assert!(answer.contains("opened"), "{answer}");
    let answer = slash(fake, BERT, channel, "join", json!([])).await;
    assert!(answer.contains("joined"), "{answer}");
    let answer = slash(fake, ANNA, channel, "start", json!([])).await;
    assert!(answer.contains("begins"), "{answer}");
    fake.wait_for(WAIT, |r| {
        r.is_channel_message(channel) && r.ok() && content(r).contains(" to play: ")
    })
    .await;
}

/// The user the latest turn message in `channel` mentions.
fn to_act(fake: &FakeDiscord, channel: u64) -> u64 {
    let post = posts_in(fake, channel)
        .into_iter()
        .rev()
        .find(|r| content(r).contains(" to play: "))
        .expect("a turn message");
    let text = content(&post);
    text.rsplit("<@")
        .next()
        .and_then(|s| s.split('>').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("nobody mentioned in {text:?}"))
}

/// The first legal action autocomplete offers `user` in `channel`.
async fn a_legal_action(fake: &FakeDiscord, user: u64, channel: u64) -> String {
    let interaction = fake.autocomplete(
        user,
        channel,
        Some(GUILD),
        "play",
        json!([{"name": "action", "type": 3, "value": "", "focused": true}]),
    );
    let token = interaction["token"].as_str().unwrap().to_string();
    fake.dispatch("INTERACTION_CREATE", interaction).await;
    let response = fake
        .wait_for(WAIT, |r| r.is_callback() && r.path.contains(&token))
        .await;
    response.json.unwrap()["data"]["choices"][0]["value"]
        .as_str()
        .expect("a legal action")
        .to_string()
}

/// `/play` of the first legal action of the player to act in `channel`.
async fn play_one(fake: &FakeDiscord, channel: u64) {
    let player = to_act(fake, channel);
    let action = a_legal_action(fake, player, channel).await;
    let answer = slash(
        fake,
        player,
        channel,
        "play",
        json!([{"name": "action", "type": 3, "value": action}]),
    )
    .await;
    assert!(!answer.is_empty(), "/play {action} was answered");
}

/// Plays legal actions in `channel` (whoever is to act) until a request since `mark`
/// satisfies `done` — a turn's steps may change nothing in the channel until the turn ends
/// — and returns it; at most 12 actions.
async fn play_until(
    fake: &FakeDiscord,
    channel: u64,
    mark: usize,
    done: impl Fn(&Recorded) -> bool,
) -> Recorded {
    for _ in 0..12 {
        // The outbox sends after the answer: give it a moment.
        for _ in 0..40 {
            if let Some(r) = fake.requests_since(mark).into_iter().find(|r| done(r)) {
                return r;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        play_one(fake, channel).await;
    }
    panic!("12 actions and no such request:\n{}", fake.report());
}

/// Denies the bot `bit` in a fresh channel, runs `/new` there and checks the refusal: it
/// names `name` and how to grant it, nothing is posted and no table exists (once the
/// permission is back, `/new` opens one in that very channel).
async fn new_is_refused_without(bit: u64, name: &str) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("t.db")).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    fake.deny_bot(CHANNEL, bit);
    let answer = new_table(&fake, CHANNEL, json!([])).await;
    assert!(
        answer.starts_with("I cannot open a table here: Turnpost lacks"),
        "{answer}"
    );
    assert!(answer.contains(name), "the refusal names {name}: {answer}");
    assert!(
        answer.contains(&format!("- **{name}**:")),
        "and says why it is needed: {answer}"
    );
    assert!(
        answer.contains("settings → Permissions → Turnpost's role"),
        "and how to grant it: {answer}"
    );
    assert!(answer.contains("Nothing was changed"), "{answer}");
    assert!(posts_in(&fake, CHANNEL).is_empty(), "no lobby message");
    assert_eq!(
        fake.count(|r| r.channel_id() == Some(CHANNEL)),
        0,
        "the bot did not even try to post"
    );
    // Nothing was stored: a join finds no table, and with the permission back the channel
    // takes a new one.
    let join = slash(&fake, BERT, CHANNEL, "join", json!([])).await;
    assert!(!join.contains("joined"), "{join}");
    fake.undeny_bot(CHANNEL, bit);
    let answer = new_table(&fake, CHANNEL, json!([])).await;
    assert!(answer.contains("opened"), "{answer}");
    fake.wait_for(WAIT, |r| r.is_channel_message(CHANNEL) && r.ok())
        .await;
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_without_view_channel_is_refused_naming_it() {
    new_is_refused_without(permissions::VIEW_CHANNEL, "View Channel").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_without_send_messages_is_refused_naming_it() {
    new_is_refused_without(permissions::SEND_MESSAGES, "Send Messages").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_without_embed_links_is_refused_naming_it() {
    new_is_refused_without(permissions::EMBED_LINKS, "Embed Links").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_without_attach_files_is_refused_naming_it() {
    new_is_refused_without(permissions::ATTACH_FILES, "Attach Files").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_without_read_message_history_is_refused_naming_it() {
    new_is_refused_without(permissions::READ_MESSAGE_HISTORY, "Read Message History").await;
}

/// `/new thread:true` in a channel where the bot lacks `bit` is refused naming `name`: no
/// thread, no post.
async fn thread_is_refused_without(bit: u64, name: &str) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("t.db")).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    fake.deny_bot(CHANNEL, bit);
    let answer = new_table(
        &fake,
        CHANNEL,
        json!([{"name": "thread", "type": 5, "value": true}]),
    )
    .await;
    assert!(
        answer.starts_with("I cannot open a table in a new thread here: Turnpost lacks"),
        "{answer}"
    );
    assert!(answer.contains(&format!("- **{name}**:")), "{answer}");
    assert!(fake.threads_of(CHANNEL).is_empty(), "no thread was opened");
    assert_eq!(fake.count(|r| r.channel_id() == Some(CHANNEL)), 0);
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_in_a_thread_without_create_public_threads_is_refused_naming_it() {
    thread_is_refused_without(permissions::CREATE_PUBLIC_THREADS, "Create Public Threads").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_in_a_thread_without_send_messages_in_threads_is_refused_naming_it() {
    thread_is_refused_without(
        permissions::SEND_MESSAGES_IN_THREADS,
        "Send Messages in Threads",
    )
    .await;
}

/// In an existing thread the bot posts with Send Messages in Threads (inherited from the
/// thread's channel), not Send Messages: without it `/new` there is refused naming it;
/// Send Messages alone missing does not matter there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_inside_a_thread_needs_send_messages_in_threads_not_send_messages() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("t.db")).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let thread = fake.add_thread(CHANNEL, "games");
    fake.deny_bot(CHANNEL, permissions::SEND_MESSAGES_IN_THREADS);
    let answer = new_table(&fake, thread, json!([])).await;
    assert!(
        // Without it Discord takes Attach Files and Embed Links away in the thread too.
        answer.starts_with("I cannot open a table here: Turnpost lacks Send Messages in Threads")
            && answer.contains("in this thread's channel. Nothing was changed."),
        "{answer}"
    );
    assert!(posts_in(&fake, thread).is_empty());
    fake.undeny_bot(CHANNEL, permissions::SEND_MESSAGES_IN_THREADS);
    fake.deny_bot(CHANNEL, permissions::SEND_MESSAGES);
    let answer = new_table(&fake, thread, json!([])).await;
    assert!(answer.contains("opened"), "{answer}");
    let lobby = fake.wait_for(WAIT, |r| r.is_channel_message(thread)).await;
    assert!(lobby.ok(), "Discord took the lobby in the thread: {lobby}");
    assert!(posts_in(&fake, CHANNEL).is_empty());
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_without_attach_files_is_refused_and_the_lobby_stays() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("t.db")).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let answer = new_table(&fake, CHANNEL, json!([])).await;
    assert!(answer.contains("opened"), "{answer}");
    let answer = slash(&fake, BERT, CHANNEL, "join", json!([])).await;
    assert!(answer.contains("joined"), "{answer}");
    fake.deny_bot(CHANNEL, permissions::ATTACH_FILES);
    let answer = slash(&fake, ANNA, CHANNEL, "start", json!([])).await;
    assert!(
        answer.starts_with("I cannot start the game here: Turnpost lacks Attach Files"),
        "{answer}"
    );
    assert!(
        !posts_in(&fake, CHANNEL)
            .iter()
            .any(|r| content(r).contains(" to play: ")),
        "the game did not start"
    );
    // Granted again, the same lobby starts.
    fake.undeny_bot(CHANNEL, permissions::ATTACH_FILES);
    let answer = slash(&fake, ANNA, CHANNEL, "start", json!([])).await;
    assert!(answer.contains("begins"), "{answer}");
    bot.stop().await;
    fake.assert_clean();
}

/// Embed Links taken away mid-game: Discord accepts the turn messages and drops their
/// embeds (no error reaches the outbox), so the bot says so at the next click, naming the
/// permission and how to grant it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embed_links_revoked_mid_game_is_said_at_the_next_click() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("t.db")).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    running_game(&fake, CHANNEL).await;
    fake.deny_bot(CHANNEL, permissions::EMBED_LINKS);
    let player = to_act(&fake, CHANNEL);
    let action = a_legal_action(&fake, player, CHANNEL).await;
    let mark = fake.mark();
    let interaction = fake.slash_command(
        player,
        CHANNEL,
        Some(GUILD),
        "play",
        json!([{"name": "action", "type": 3, "value": action}]),
    );
    let token = interaction["token"].as_str().unwrap().to_string();
    answer_of(&fake, interaction).await;
    let warning = fake
        .wait_for_since(mark, WAIT, |r| r.is_followup() && r.path.contains(&token))
        .await;
    assert!(warning.ok(), "{warning}");
    let text = content(&warning);
    assert!(
        text.contains("Turnpost lacks Embed Links in this channel")
            && text.contains("without their pictures")
            && text.contains("allows Embed Links"),
        "{text}"
    );
    let flags = warning.json.as_ref().unwrap()["flags"]
        .as_u64()
        .unwrap_or(0);
    assert_eq!(flags & 64, 64, "only the player sees it");
    // What Discord does with the next turn message that has embeds: accepts it, drops them.
    let update = play_until(&fake, CHANNEL, mark, |r| {
        r.channel_id() == Some(CHANNEL)
            && r.ok()
            && r.json
                .as_ref()
                .and_then(|j| j["embeds"].as_array())
                .is_some_and(|e| !e.is_empty())
    })
    .await;
    let id: u64 = update.response.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let shown = fake.message(id).unwrap();
    assert_eq!(shown["embeds"], json!([]), "Discord dropped the embeds");
    bot.stop().await;
    fake.assert_clean();
}

/// Send Messages taken away mid-game: Discord refuses the next turn message (403/50013),
/// and the outbox tells the player whose action caused it, in words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn send_messages_revoked_mid_game_is_reported_by_the_outbox() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("t.db")).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    running_game(&fake, CHANNEL).await;
    fake.deny_bot(CHANNEL, permissions::SEND_MESSAGES);
    fake.expect_error_code(50013, "the channel denies the bot Send Messages");
    let mark = fake.mark();
    // Played until the turn's message is due (the steps before may post nothing).
    let note = play_until(&fake, CHANNEL, mark, |r| {
        r.is_followup() && content(r).contains("I could not post the game's message")
    })
    .await;
    assert!(
        fake.requests_since(mark)
            .iter()
            .any(|r| r.channel_id() == Some(CHANNEL) && r.error_code() == Some(50013)),
        "Discord refused a post with 50013"
    );
    assert!(note.ok(), "{note}");
    assert!(
        content(&note).contains("Send Messages"),
        "{}",
        content(&note)
    );
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_with_a_thread_plays_the_game_in_a_new_thread_linked_once_from_the_channel() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("t.db")).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let answer = new_table(
        &fake,
        CHANNEL,
        json!([{"name": "thread", "type": 5, "value": true}]),
    )
    .await;
    let threads = fake.threads_of(CHANNEL);
    assert_eq!(threads.len(), 1, "one thread: {threads:?}");
    let (thread, name) = threads[0].clone();
    assert_eq!(name, "Pandoria — Anna's table");
    assert!(
        answer.contains(&format!("<#{thread}>")) && answer.contains("opened"),
        "{answer}"
    );
    let create = fake.find_all(|r| {
        r.method == "POST" && r.path.ends_with(&format!("/channels/{CHANNEL}/threads"))
    });
    assert_eq!(create.len(), 1);
    assert_eq!(
        create[0].json.as_ref().unwrap()["type"],
        11,
        "a public thread"
    );
    // The lobby is in the thread; the channel has the one line linking to it.
    let lobby = fake
        .wait_for(WAIT, |r| r.is_channel_message(thread) && r.ok())
        .await;
    assert!(
        content(&lobby).contains("opened a Pandoria table"),
        "{}",
        content(&lobby)
    );
    // Players join and start from the thread, with the lobby's buttons and commands.
    let join = lobby.response.as_ref().unwrap()["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["label"] == "Join")
        .and_then(|c| c["custom_id"].as_str())
        .expect("a Join button")
        .to_string();
    let lobby_id: u64 = lobby.response.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let click = fake.button(BERT, thread, Some(GUILD), &join, lobby_id);
    assert_eq!(click["channel"]["type"], 11);
    let answer = answer_of(&fake, click).await;
    assert!(answer.contains("joined"), "{answer}");
    let answer = slash(&fake, ANNA, thread, "start", json!([])).await;
    assert!(answer.contains("begins"), "{answer}");
    fake.wait_for(WAIT, |r| {
        r.is_channel_message(thread) && r.ok() && content(r).contains(" to play: ")
    })
    .await;
    // The turn message's buttons work in the thread: Take my turn opens the panel.
    let turn = posts_in(&fake, thread)
        .into_iter()
        .rev()
        .find(|r| content(r).contains(" to play: "))
        .unwrap();
    let player = to_act(&fake, thread);
    let turn_id: u64 = turn.response.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let take = turn.response.as_ref().unwrap()["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["label"] == "Take my turn")
        .and_then(|c| c["custom_id"].as_str())
        .expect("a Take my turn button")
        .to_string();
    let panel = answer_of(
        &fake,
        fake.button(player, thread, Some(GUILD), &take, turn_id),
    )
    .await;
    assert!(
        panel.starts_with("**") && !panel.contains("not running") && !panel.contains("ended"),
        "the panel of the player to act: {panel}"
    );
    // A turn, played in the thread until its next turn message is there.
    let mark = fake.mark();
    let next = play_until(&fake, thread, mark, |r| {
        r.is_channel_message(thread) && r.ok() && content(r).contains(" to play: ")
    })
    .await;
    assert_ne!(
        to_act(&fake, thread),
        player,
        "the turn passed: {}",
        content(&next)
    );
    // The channel got exactly the one line; every game message went to the thread.
    let in_channel = posts_in(&fake, CHANNEL);
    assert_eq!(in_channel.len(), 1, "{in_channel:?}");
    assert_eq!(
        content(&in_channel[0]),
        format!("Anna opened a Pandoria table in <#{thread}> — join it there.")
    );
    assert!(
        fake.find_all(|r| r.channel_id() == Some(CHANNEL))
            .iter()
            .all(|r| r.method == "POST"),
        "nothing else touched the channel"
    );
    assert!(
        posts_in(&fake, thread).len() >= 2,
        "lobby and turn messages"
    );
    // `/new thread:true` inside the thread is refused: a thread has no threads.
    let answer = new_table(
        &fake,
        thread,
        json!([{"name": "thread", "type": 5, "value": true}]),
    )
    .await;
    assert!(answer.starts_with("This is a thread already"), "{answer}");
    assert_eq!(fake.threads_of(CHANNEL).len(), 1);
    assert!(fake.threads_of(thread).is_empty());
    bot.stop().await;
    fake.assert_clean();
}

/// Options the table refuses after the thread was opened: the caller gets the table's
/// refusal and a word on the empty thread (Turnpost cannot delete threads without Manage
/// Threads, which it does not ask for); the channel gets no link line and no game exists.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_whose_table_is_refused_stays_empty_and_unlinked() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("t.db")).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let answer = new_table(
        &fake,
        CHANNEL,
        json!([
            {"name": "thread", "type": 5, "value": true},
            {"name": "options", "type": 3, "value": "mode=nonsense"}
        ]),
    )
    .await;
    let threads = fake.threads_of(CHANNEL);
    assert_eq!(threads.len(), 1);
    let thread = threads[0].0;
    assert!(
        answer.starts_with("Those options do not work"),
        "the table's refusal: {answer}"
    );
    assert!(
        answer.contains(&format!(
            "The thread <#{thread}> stays empty: use `/new` in it"
        )),
        "{answer}"
    );
    assert!(posts_in(&fake, CHANNEL).is_empty(), "no link line");
    assert!(posts_in(&fake, thread).is_empty(), "no lobby");
    // The thread takes a table with good options.
    let answer = new_table(&fake, thread, json!([])).await;
    assert!(answer.contains("opened"), "{answer}");
    fake.wait_for(WAIT, |r| r.is_channel_message(thread) && r.ok())
        .await;
    bot.stop().await;
    fake.assert_clean();
}

/// Rematch opens a new lobby in the channel: it needs what `/new` needs, and is refused in
/// the same words when a permission is missing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_without_attach_files_is_refused_naming_it() {
    use turnpost_bot::discord::ids::{ComponentId, Verb};
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("t.db")).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    running_game(&fake, CHANNEL).await;
    let turn = posts_in(&fake, CHANNEL)
        .into_iter()
        .rev()
        .find(|r| content(r).contains(" to play: "))
        .unwrap();
    let message = turn.response.as_ref().unwrap();
    let take = message["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap();
    let game = ComponentId::decode(take).expect("Turnpost's button").game;
    let rematch = ComponentId {
        game,
        version: 0,
        verb: Verb::Rematch,
    }
    .encode()
    .unwrap();
    let id: u64 = message["id"].as_str().unwrap().parse().unwrap();
    fake.deny_bot(CHANNEL, permissions::ATTACH_FILES);
    let answer = answer_of(
        &fake,
        fake.button_unchecked(ANNA, CHANNEL, Some(GUILD), &rematch, id),
    )
    .await;
    assert!(
        answer.starts_with("I cannot open the rematch here: Turnpost lacks Attach Files"),
        "{answer}"
    );
    bot.stop().await;
    fake.assert_clean();
}
