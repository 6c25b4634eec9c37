//! The references end to end (issue 28): the real bot against the fake Discord registers
//! `/rules`, `/card`, `/realm` and `/development`, answers their autocomplete with English and
//! German names (every request checked against Discord's OpenAPI description), and answers
//! the commands privately with the effect in words.

mod support;

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use support::FakeDiscord;
use support::bot::seeded;
use turnpost_bot::table::NoImages;

const GUILD: u64 = 7000;
const CHANNEL: u64 = 8000;
const WAIT: Duration = Duration::from_secs(20);
const ANNA: u64 = 101;

/// What autocomplete of `command`'s focused option offers for `typed`: (words, value).
async fn suggestions(
    fake: &FakeDiscord,
    command: &str,
    option: &str,
    typed: &str,
) -> Vec<(String, String)> {
    let interaction = fake.autocomplete(
        ANNA,
        CHANNEL,
        Some(GUILD),
        command,
        json!([{"name": option, "type": 3, "value": typed, "focused": true}]),
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

/// Sends a slash command and returns its private answer.
async fn slash(fake: &FakeDiscord, name: &str, options: Value) -> String {
    let interaction = fake.slash_command(ANNA, CHANNEL, Some(GUILD), name, options);
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
    edit.json.as_ref().unwrap()["content"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_realm_development_and_rules_answer_through_discord() {
    let fake = FakeDiscord::start().await;
    fake.set_user_name(ANNA, "Anna");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let mark = fake.mark();
    let (bot, _table) = support::bot::start(&fake, &db, seeded(1), Arc::new(NoImages)).await;
    let registered = fake
        .wait_for_since(mark, WAIT, |r| {
            r.method == "PUT" && r.path.contains("/guilds/7000/commands")
        })
        .await;
    let names: Vec<String> = registered
        .json
        .as_ref()
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    for name in ["rules", "card", "realm", "development"] {
        assert!(names.iter().any(|n| n == name), "/{name} is not registered");
    }

    // German names find their English cards; the value sent back is answered.
    let found = suggestions(&fake, "card", "name", "Gewölbe").await;
    assert!(found.iter().any(|(n, _)| n.contains("Vault")), "{found:?}");
    let (_, value) = found[0].clone();
    let text = slash(
        &fake,
        "card",
        json!([{"name": "name", "type": 3, "value": value}]),
    )
    .await;
    assert!(text.contains("Vault") && text.contains("Gewölbe"), "{text}");

    let realms = suggestions(&fake, "realm", "name", "Zentauren").await;
    assert!(realms[0].0.starts_with("Centaurs"), "{realms:?}");
    let text = slash(
        &fake,
        "realm",
        json!([{"name": "name", "type": 3, "value": "golems"}]),
    )
    .await;
    assert!(text.contains("Golem") && text.contains("3"), "{text}");

    let devs = suggestions(&fake, "development", "name", "kornk").await;
    assert!(devs[0].0.starts_with("Granaries"), "{devs:?}");
    let text = slash(
        &fake,
        "development",
        json!([{"name": "name", "type": 3, "value": "Landwirtschaft"}]),
    )
    .await;
    assert!(
        text.contains("Agriculture") && text.contains("food"),
        "{text}"
    );

    let topics = suggestions(&fake, "rules", "topic", "scor").await;
    assert!(
        topics.iter().any(|(_, v)| v == "pandoria:scoring"),
        "{topics:?}"
    );
    let text = slash(
        &fake,
        "rules",
        json!([{"name": "topic", "type": 3, "value": "rtta:disasters"}]),
    )
    .await;
    assert!(
        text.contains("Drought") && text.contains("Revolt"),
        "{text}"
    );

    bot.stop().await;
    fake.assert_clean();
}
