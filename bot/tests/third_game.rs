//! A game compiled into no library (Secret Nim, from the test support of core and render)
//! runs through the bot once it is registered (one line per registry,
//! `support/games.rs`): the table plays a whole game with its pictures and private hands, and
//! the real bot plays a whole game through the fake Discord — `/new nim` offered from the
//! registry, turns announced with the board, each player's hand in a DM, and a winner.

#[path = "support/games.rs"]
mod games;
#[path = "support/mod.rs"]
mod support;

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use support::FakeDiscord;
use support::bot::{GUILD, seeded};
use turnpost_bot::paint::PngPainter;
use turnpost_bot::store::Store;
use turnpost_bot::table::{Caller, Command, Reply, Table};

const CHANNEL: u64 = 8100;
const WAIT: Duration = Duration::from_secs(20);
const ANNA: u64 = 101;
const BERT: u64 = 102;

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: if user == ANNA { "Anna" } else { "Bert" }.to_string(),
        guild: Some(GUILD),
        channel: CHANNEL,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

fn public_text(r: &Reply) -> String {
    r.public
        .iter()
        .map(|p| p.text.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn the_table_plays_a_whole_test_only_game_with_pictures_and_hands() {
    games::register();
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.db")).await.unwrap();
    let table = Table::new(store, Arc::new(PngPainter), seeded(3));
    let seats = vec![(ANNA, "Anna".to_string()), (BERT, "Bert".to_string())];
    let mut reply = table
        .handle(
            &caller(ANNA),
            Command::Create {
                game: "nim".into(),
                options: vec![("stones".into(), "9".into())],
                players: None,
                seats,
                seed: None,
            },
        )
        .await
        .unwrap();
    let mut hands = 0;
    for i in 0..100 {
        hands += reply
            .private
            .iter()
            .filter(|(_, post)| post.images.iter().any(|im| im.name == "nim-hand.png"))
            .count();
        let text = public_text(&reply);
        if text.contains("The game is over") {
            assert!(text.contains("Winner"), "{text}");
            assert!(hands >= 2, "each player was sent a hand picture: {hands}");
            return;
        }
        let user = reply.turn.as_ref().expect("a running game").user;
        let legal = table.suggest(&caller(user), "", 25).await.unwrap();
        assert!(!legal.is_empty(), "{text}");
        let action = legal[(i * 7) % legal.len()].clone();
        reply = table
            .handle(
                &caller(user),
                Command::Act {
                    notation: action,
                    version: None,
                },
            )
            .await
            .unwrap();
    }
    panic!("the game did not end");
}

fn content(r: &support::Recorded) -> String {
    r.json
        .as_ref()
        .and_then(|j| j["content"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// Sends an interaction and waits for its answer (the edit of the deferred response).
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
    content(&edit)
}

async fn slash(fake: &FakeDiscord, user: u64, name: &str, options: Value) -> String {
    let interaction = fake.slash_command(user, CHANNEL, Some(GUILD), name, options);
    answer_of(fake, interaction).await
}

/// The notations autocomplete offers `user` for `/play`.
async fn offered(fake: &FakeDiscord, user: u64) -> Vec<String> {
    let interaction = fake.autocomplete(
        user,
        CHANNEL,
        Some(GUILD),
        "play",
        json!([{"name": "action", "type": 3, "value": "", "focused": true}]),
    );
    let callback = format!(
        "/api/v10/interactions/{}/{}/callback",
        interaction["id"].as_str().unwrap(),
        interaction["token"].as_str().unwrap()
    );
    fake.dispatch("INTERACTION_CREATE", interaction).await;
    let response = fake.wait_for(WAIT, |r| r.path == callback).await;
    response.json.unwrap()["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect()
}

/// The channel's messages so far.
fn posts(fake: &FakeDiscord) -> Vec<support::Recorded> {
    fake.find_all(|r| r.is_channel_message(CHANNEL) && r.ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_test_only_game_is_played_through_the_fake_discord() {
    games::register();
    let fake = FakeDiscord::start().await;
    fake.set_user_name(ANNA, "Anna");
    fake.set_user_name(BERT, "Bert");
    let dir = tempfile::tempdir().unwrap();
    let (bot, _) = support::bot::start(
        &fake,
        &dir.path().join("bot.db"),
        seeded(5),
        Arc::new(PngPainter),
    )
    .await;
    let answer = slash(
        &fake,
        ANNA,
        "new",
        json!([{"name": "nim", "type": 1, "options": [
            {"name": "stones", "type": 3, "value": "9"}
        ]}]),
    )
    .await;
    assert!(answer.contains("opened"), "{answer}");
    let answer = slash(&fake, BERT, "join", json!([])).await;
    assert!(answer.contains("joined"), "{answer}");
    let answer = slash(&fake, ANNA, "start", json!([])).await;
    assert!(answer.contains("begins"), "{answer}");
    let mut actions = 0;
    loop {
        let last = fake
            .wait_for(WAIT, |r| {
                r.is_channel_message(CHANNEL)
                    && (content(r).contains(" to play: ")
                        || content(r).contains("The game is over"))
            })
            .await;
        let post = posts(&fake).into_iter().last().unwrap_or(last);
        let text = content(&post);
        if text.contains("The game is over") {
            assert!(
                text.contains("Winner: Anna") || text.contains("Winner: Bert"),
                "{text}"
            );
            break;
        }
        assert!(
            post.files
                .iter()
                .any(|(name, png)| name == "nim-board.png" && png.starts_with(b"\x89PNG")),
            "the turn message carries the board: {post}"
        );
        let user = if text.contains(&format!("<@{ANNA}>")) {
            ANNA
        } else {
            BERT
        };
        let choices = offered(&fake, user).await;
        assert!(!choices.is_empty(), "{text}");
        let before = posts(&fake).len();
        let answer = slash(
            &fake,
            user,
            "play",
            json!([{"name": "action", "type": 3, "value": choices[actions % choices.len()]}]),
        )
        .await;
        assert!(!answer.is_empty());
        // Every action of this game ends the turn: one new channel message each.
        fake.wait_for(WAIT, |_| posts(&fake).len() > before).await;
        actions += 1;
        assert!(actions < 40, "the game does not end");
    }
    assert!(actions >= 3, "{actions} actions");
    let hands = fake
        .find_all(|r| r.is_dm_message() && r.files.iter().any(|(name, _)| name == "nim-hand.png"));
    assert!(!hands.is_empty(), "the players' hands go by DM");
    fake.assert_clean();
    bot.stop().await;
}
