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
use turnpost_core::registry;
use turnpost_core::t;
use turnpost_core::words::{Lang, Text};

const GUILD: u64 = 7000;
const CHANNEL: u64 = 8000;
const WAIT: Duration = Duration::from_secs(20);
const ANNA: u64 = 101;
const BERT: u64 = 102;

/// What autocomplete of `command`'s focused option offers Anna for `typed`: (words, value).
async fn suggestions(
    fake: &FakeDiscord,
    command: &str,
    option: &str,
    typed: &str,
) -> Vec<(String, String)> {
    suggestions_for(fake, ANNA, command, option, typed).await
}

/// What autocomplete of `command`'s focused option offers `user` for `typed`.
async fn suggestions_for(
    fake: &FakeDiscord,
    user: u64,
    command: &str,
    option: &str,
    typed: &str,
) -> Vec<(String, String)> {
    let interaction = fake.autocomplete(
        user,
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

/// Sends Anna's slash command and returns its private answer.
async fn slash(fake: &FakeDiscord, name: &str, options: Value) -> String {
    slash_by(fake, ANNA, name, options).await
}

/// Sends `user`'s slash command and returns its private answer.
async fn slash_by(fake: &FakeDiscord, user: u64, name: &str, options: Value) -> String {
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

/// `text` in `lang`, checked to differ from the other language's words (so finding it
/// cannot pass on words both languages share).
fn only_in(lang: Lang, text: &Text) -> String {
    turnpost_bot::install_words();
    let other = if lang == Lang::De { Lang::En } else { Lang::De };
    let words = lang.render(text);
    assert_ne!(words, other.render(text), "{text:?} reads the same in both");
    words
}

/// Issue 30: a person's `/settings language:` choice wins over their Discord client's
/// locale for `/card`, `/rules`, `/help` and every autocomplete (Bert chose German on an
/// American English client); Anna, who chose nothing, reads English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn references_help_and_autocomplete_answer_in_the_language_a_person_chose() {
    let fake = FakeDiscord::start().await;
    fake.set_user_name(ANNA, "Anna");
    fake.set_user_name(BERT, "Bert");
    fake.set_locale(ANNA, "en-US");
    fake.set_locale(BERT, "en-US");
    let dir = tempfile::tempdir().unwrap();
    let (bot, _table) = support::bot::start(
        &fake,
        &dir.path().join("t.db"),
        seeded(1),
        Arc::new(NoImages),
    )
    .await;
    let chosen = slash_by(
        &fake,
        BERT,
        "settings",
        json!([{"name": "language", "type": 3, "value": "de"}]),
    )
    .await;
    assert_eq!(
        chosen,
        Lang::De.render(&t!("bot-language-yours", language = Lang::De.name()))
    );
    let pandoria = registry::find("pandoria").unwrap();
    let entry = |id: &str| pandoria.reference.iter().find(|e| e.id == id).unwrap();
    let vault = entry("building:vault_1_for_2");
    let long = vault.text.long.as_ref().unwrap();

    // /card: the whole answer in each reader's language, German and English names both named.
    let card = json!([{"name": "name", "type": 3, "value": "Gewölbe 1:2"}]);
    let german = slash_by(&fake, BERT, "card", card.clone()).await;
    assert!(german.contains(&only_in(Lang::De, long)), "{german}");
    assert!(german.contains(&only_in(Lang::De, &vault.kind)), "{german}");
    assert!(german.contains("(Vault 1:2)"), "{german}");
    let english = slash_by(&fake, ANNA, "card", card).await;
    assert!(english.contains(&only_in(Lang::En, long)), "{english}");
    assert!(english.contains("(Gewölbe)"), "{english}");

    // /rules: the topic's title and text.
    let scoring = pandoria.topics.iter().find(|t| t.key == "scoring").unwrap();
    let topic = json!([{"name": "topic", "type": 3, "value": "pandoria:scoring"}]);
    let german = slash_by(&fake, BERT, "rules", topic.clone()).await;
    assert!(
        german.contains(&only_in(Lang::De, &scoring.title)),
        "{german}"
    );
    assert!(
        german.contains(&only_in(Lang::De, &scoring.text)),
        "{german}"
    );
    let english = slash_by(&fake, ANNA, "rules", topic).await;
    assert!(
        english.contains(&only_in(Lang::En, &scoring.text)),
        "{english}"
    );

    // /help: every game's rules in brief (no game in this channel).
    let german = slash_by(&fake, BERT, "help", json!([])).await;
    let english = slash_by(&fake, ANNA, "help", json!([])).await;
    for info in registry::games() {
        assert!(german.contains(&only_in(Lang::De, &info.help)), "{german}");
        assert!(
            english.contains(&only_in(Lang::En, &info.help)),
            "{english}"
        );
    }

    // Autocomplete: /card, /rules topic: (a German title finds its topic) and /play.
    let german = suggestions_for(&fake, BERT, "card", "name", "Gewölbe").await;
    let title = only_in(Lang::De, &vault.title);
    assert!(
        german[0]
            .0
            .starts_with(&format!("{title} (Vault 1:2) · Gebäude — ")),
        "{german:?}"
    );
    assert!(german.iter().all(|(n, _)| n.chars().count() <= 100));
    let english = suggestions_for(&fake, ANNA, "card", "name", "Gewölbe").await;
    assert!(
        english[0]
            .0
            .starts_with("Vault 1:2 (Gewölbe) · building — "),
        "{english:?}"
    );
    assert_eq!(
        german[0].1, english[0].1,
        "the same entry, whatever the words"
    );
    let german = suggestions_for(&fake, BERT, "rules", "topic", "wertung").await;
    assert_eq!(
        german[0],
        (
            "Pandoria: Wertung".to_string(),
            "pandoria:scoring".to_string()
        )
    );
    let english = suggestions_for(&fake, ANNA, "rules", "topic", "scor").await;
    assert_eq!(english[0].0, "Pandoria: Scoring");
    let no_game = t!("bot-suggest-no-game");
    let german = suggestions_for(&fake, BERT, "play", "action", "").await;
    assert_eq!(german[0].0, only_in(Lang::De, &no_game));
    let english = suggestions_for(&fake, ANNA, "play", "action", "").await;
    assert_eq!(english[0].0, only_in(Lang::En, &no_game));

    bot.stop().await;
    fake.assert_clean();
}
