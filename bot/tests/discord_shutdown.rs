//! Interactions that arrive while the bot shuts down (issue 34): the bot no longer takes
//! work, but Discord still wants an answer within 3 s, or the user sees "The application
//! did not respond" on every deploy. Such an interaction gets an ephemeral "Turnpost is
//! restarting" answer, and the one still running when the stop came finishes normally.

mod support;

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use support::{FakeDiscord, Matcher, Recorded};
use tokio::sync::oneshot;
use turnpost_bot::discord::{Config, Token, run};
use turnpost_bot::paint::PngPainter;
use turnpost_bot::store::Store;
use turnpost_bot::table::{Seeds, Table, TableSettings};

const GUILD: u64 = 7000;
const CHANNEL: u64 = 8000;
const WAIT: Duration = Duration::from_secs(20);
const ANNA: u64 = 101;
const BERT: u64 = 102;
const CLEO: u64 = 103;
/// Discord's flag for a message only its recipient sees.
const EPHEMERAL: u64 = 1 << 6;

fn content(r: &Recorded) -> String {
    r.json
        .as_ref()
        .and_then(|j| j["data"]["content"].as_str().or(j["content"].as_str()))
        .unwrap_or_default()
        .to_string()
}

/// Waits for the answer Discord got for `interaction`: its callback.
async fn callback_of(fake: &FakeDiscord, interaction: &Value, within: Duration) -> Recorded {
    fake.wait_for(within, |r| r.is_callback() && r.belongs_to(interaction))
        .await
}

#[tokio::test]
async fn an_interaction_during_shutdown_is_told_the_bot_is_restarting() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    for (user, name) in [(ANNA, "Anna"), (BERT, "Bert"), (CLEO, "Cleo")] {
        fake.set_user_name(user, name);
    }
    let config = Config {
        token: Token::new("test-token"),
        database: db.clone(),
        dev_guild: Some(GUILD),
        api_base: Some(fake.base_url()),
        reminder_every: Duration::from_secs(3600),
        metrics_addr: None,
        shards: None,
    };
    let settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(1)),
        ..TableSettings::default()
    };
    let table = Arc::new(Table::new(
        Store::open(&db).await.unwrap(),
        Arc::new(PngPainter),
        settings,
    ));
    let (stop, stopped) = oneshot::channel::<()>();
    let bot = tokio::spawn(run(config, table, async {
        let _ = stopped.await;
    }));
    fake.wait_identified(WAIT).await;
    fake.wait_for(WAIT, |r| {
        r.method == "PUT" && r.path.contains("/guilds/7000/commands")
    })
    .await;

    // A lobby, so there is a button to click later.
    let open = fake.slash_command(
        ANNA,
        CHANNEL,
        Some(GUILD),
        "new",
        json!([{"name": "pandoria", "type": 1, "options": []}]),
    );
    fake.dispatch("INTERACTION_CREATE", open.clone()).await;
    fake.wait_for(WAIT, |r| r.is_original_edit() && r.belongs_to(&open))
        .await;
    fake.wait_for(WAIT, |r| r.is_channel_message(CHANNEL)).await;
    let (lobby, join) = fake
        .find_component(CHANNEL, |c| c["type"] == 2 && c["custom_id"].is_string())
        .expect("the lobby message has a button");
    let join = join["custom_id"].as_str().unwrap().to_string();

    // Cleo's command is still running when the stop comes: the fake holds back the answer
    // to its response for three seconds.
    fake.slow_requests(Matcher::original_edits(), Duration::from_secs(3), 1);
    let running = fake.slash_command(CLEO, CHANNEL, Some(GUILD), "help", json!([]));
    fake.dispatch("INTERACTION_CREATE", running.clone()).await;
    fake.wait_for(WAIT, |r| r.is_original_edit() && r.belongs_to(&running))
        .await;
    let _ = stop.send(());
    // The bot stops taking interactions at once; the shutdown then waits for Cleo's.
    tokio::time::sleep(Duration::from_millis(300)).await;

    // A command and a button click during the shutdown: each is answered at once (a
    // message, not a deferral), only to its user, and says why.
    let command = fake.slash_command(BERT, CHANNEL, Some(GUILD), "help", json!([]));
    let click = fake.button(BERT, CHANNEL, Some(GUILD), &join, lobby);
    for interaction in [&command, &click] {
        fake.dispatch("INTERACTION_CREATE", interaction.clone())
            .await;
        let answer = callback_of(&fake, interaction, Duration::from_secs(5)).await;
        assert_eq!(answer.status, 204, "Discord accepted the answer: {answer}");
        assert_eq!(
            answer.callback_type(),
            Some(4),
            "a message at once: {answer}"
        );
        let json = answer.json.as_ref().unwrap();
        assert_ne!(
            json["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL,
            0,
            "only the user sees it: {answer}"
        );
        assert!(
            content(&answer).contains("Turnpost is restarting"),
            "{answer}"
        );
    }
    // Autocomplete cannot show a message: it gets an empty list at once, not silence
    // (which Discord shows as "loading options failed").
    let typing = fake.autocomplete(
        BERT,
        CHANNEL,
        Some(GUILD),
        "play",
        json!([{"name": "action", "type": 3, "value": "ti", "focused": true}]),
    );
    fake.dispatch("INTERACTION_CREATE", typing.clone()).await;
    let answer = callback_of(&fake, &typing, Duration::from_secs(5)).await;
    assert_eq!(answer.status, 204, "Discord accepted the answer: {answer}");
    assert_eq!(
        answer.callback_type(),
        Some(8),
        "autocomplete choices: {answer}"
    );
    assert_eq!(
        answer.json.as_ref().unwrap()["data"]["choices"],
        json!([]),
        "{answer}"
    );

    bot.await.unwrap().unwrap();
    // Cleo's command finished before the bot stopped: its answer went through.
    let edit = fake
        .find_all(|r| r.is_original_edit() && r.belongs_to(&running))
        .pop()
        .unwrap();
    assert_eq!(edit.status, 200, "{edit}");
    // Neither the click nor the command joined or did anything else.
    assert_eq!(
        fake.count(|r| r.is_channel_message(CHANNEL)),
        1,
        "only the lobby was posted"
    );
    // Nothing was left unacknowledged.
    fake.assert_clean();
}
