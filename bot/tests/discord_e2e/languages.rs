//! Whose language (issue 30): at one table of a German server, a player whose Discord speaks
//! German and one whose Discord speaks English each read their own panel in their own
//! language, the channel reads German, and the slash commands are registered with German
//! names and descriptions beside the English ones.

use turnpost_core::t;
use turnpost_core::words::{Lang, Text};

use super::*;

/// The words of `text` in `lang`, checked to differ from the other language's (so a test
/// that finds them cannot pass on words the two share).
fn only_in(lang: Lang, text: &Text) -> String {
    turnpost_bot::install_words();
    let other = if lang == Lang::De { Lang::En } else { Lang::De };
    let words = lang.render(text);
    assert_ne!(words, other.render(text), "{text:?} reads the same in both");
    words
}

/// The labels and placeholders of a message's controls.
fn labels(message: &Value) -> Vec<String> {
    controls(message)
        .iter()
        .filter_map(|c| c["label"].as_str().or(c["placeholder"].as_str()))
        .map(str::to_string)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_and_an_english_player_each_read_their_own_panel_at_a_german_server() {
    let fake = FakeDiscord::start().await;
    fake.set_guild_locale(GUILD, "de");
    fake.set_locale(ANNA, "en-US");
    fake.set_locale(BERT, "de");
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db"), 40).await;

    // The commands carry German names and descriptions; Discord sends back the English name.
    let commands = fake.commands(Some(GUILD));
    assert!(commands.len() > 20, "{} commands", commands.len());
    for c in &commands {
        let name = c["name"].as_str().unwrap();
        assert!(c["name_localizations"]["de"].is_string(), "/{name}: {c}");
        assert!(c["description_localizations"]["de"].is_string(), "/{name}");
    }
    let join = commands.iter().find(|c| c["name"] == "join").unwrap();
    assert_eq!(
        join["name_localizations"]["de"],
        only_in(Lang::De, &t!("bot-cmd-join"))
    );

    // Anna opens a Roll Through the Ages table, Bert joins, Anna starts it.
    slash(
        &fake,
        ANNA,
        "new",
        json!([{"name": "rtta", "type": 1, "options": []}]),
    )
    .await;
    let lobby = fake
        .wait_for(WAIT, |r| {
            r.is_channel_message(CHANNEL) && custom_ids(r).iter().any(|id| id.ends_with(":join"))
        })
        .await;
    let join = only_in(Lang::De, &t!("bot-button-join"));
    let lobby_labels = labels(lobby.json.as_ref().unwrap());
    assert!(
        lobby_labels.contains(&join),
        "{lobby_labels:?} {}",
        content(&lobby)
    );
    slash(&fake, BERT, "join", json!([])).await;
    slash(&fake, ANNA, "start", json!([])).await;
    let turn = fake
        .wait_for(WAIT, |r| {
            r.is_channel_message(CHANNEL) && custom_ids(r).iter().any(|id| id.ends_with(":turn"))
        })
        .await;
    let public = turn.json.clone().unwrap();
    // The channel's buttons are in the server's language.
    let take = only_in(Lang::De, &t!("bot-button-take-my-turn"));
    assert!(labels(&public).contains(&take), "{:?}", labels(&public));
    let to_act = mentioned(&content(&turn)).expect("the turn message mentions who acts");
    let other = if to_act == ANNA { BERT } else { ANNA };
    let lang_of = |user| if user == BERT { Lang::De } else { Lang::En };
    let take_id = custom_ids(&turn)
        .into_iter()
        .find(|id| id.ends_with(":turn"))
        .unwrap();

    // The player to act: the dice to reroll, in their language.
    let (_, panel) = click(
        &fake,
        fake.button(to_act, CHANNEL, Some(GUILD), &take_id, message_id_of(&turn)),
    )
    .await;
    let message = panel.json.clone().unwrap();
    let text = message["content"].as_str().unwrap_or_default().to_string();
    let lang = lang_of(to_act);
    let note = t!("bot-panel-toggles-note", pick = Text::raw("x"), locked = 0);
    let pick_them = only_in(lang, &note);
    // The note's words after the decision's own.
    let tail = pick_them.trim_start_matches("x");
    assert!(text.contains(tail), "{lang:?} panel: {text}");
    let other_lang = if lang == Lang::De { Lang::En } else { Lang::De };
    assert!(
        !text.contains(other_lang.render(&note).trim_start_matches("x")),
        "{text}"
    );
    assert!(!labels(&message).is_empty(), "{message}");

    // The other player, not to act, is told so in their own language.
    let (_, waiting) = click(
        &fake,
        fake.button(other, CHANNEL, Some(GUILD), &take_id, message_id_of(&turn)),
    )
    .await;
    let said = waiting.json.as_ref().unwrap()["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let not_yours = only_in(
        lang_of(other),
        &t!("bot-panel-waiting", line = Text::raw("@")),
    );
    let (head, _) = not_yours.split_once('@').unwrap();
    assert!(said.starts_with(head), "{said}");
    bot.stop().await;
    fake.assert_clean();
}
