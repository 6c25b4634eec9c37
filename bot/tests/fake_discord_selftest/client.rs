//! A minimal serenity bot's traffic through the fake: a slash command deferred and answered
//! with a PNG and DMs, closed DMs, and components and autocomplete reaching the handler.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_command_is_deferred_answered_with_a_png_and_dms() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    assert_eq!(fake.identify_count(), 1);
    let identify = &fake.identify_payloads()[0];
    assert_eq!(identify["token"], "<redacted>");
    assert_eq!(
        identify["intents"].as_u64().unwrap() & support::fake_discord::PRIVILEGED_INTENTS,
        0
    );

    let commands = fake.commands(None);
    assert_eq!(commands.len(), 3);
    assert_eq!(commands[2]["default_member_permissions"], json!("8192"));

    let i = fake.slash_command(
        ALICE,
        CHANNEL,
        Some(GUILD),
        "create",
        json!([
            { "name": "game", "value": "pandoria" },
            { "name": "players", "value": 3 },
            { "name": "with", "value": BOB.to_string() },
        ]),
    );
    assert_eq!(
        i["data"]["options"][1]["type"], 4,
        "type filled from the registration"
    );
    assert!(i["data"]["resolved"]["users"][BOB.to_string()].is_object());
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;

    let ack = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    assert_eq!(ack.status, 204);
    assert_eq!(ack.callback_type(), Some(5));
    let latency = ack.latency().expect("latency");
    assert!(latency < Duration::from_secs(3), "{latency:?}");

    let followup = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_followup())
        .await;
    assert_eq!(followup.status, 200, "{followup}");
    assert!(followup.has_png());
    assert_eq!(followup.files[0].0, "board.png");
    let msg = followup.response.clone().unwrap();
    assert_eq!(msg["attachments"][0]["width"], 1);
    assert_eq!(msg["mentions"][0]["id"], ALICE.to_string());
    // The first followup after a deferral completes the deferred message.
    assert_eq!(fake.messages_in(CHANNEL).len(), 1);
    assert_eq!(fake.messages_in(CHANNEL)[0]["flags"], 0);

    let open = fake
        .wait_for(T, |r| r.route() == "/users/@me/channels")
        .await;
    assert_eq!(
        open.json.as_ref().unwrap()["recipient_id"],
        ALICE.to_string()
    );
    let dm = fake.wait_for(T, is_dm_to(&fake, ALICE)).await;
    assert_eq!(dm.status, 200);
    assert_eq!(dm.content(), Some("Your hand: forest, city"));

    bot.stop().await;
    assert_eq!(
        fake.client_close_codes(),
        vec![1000],
        "serenity closed the gateway cleanly"
    );
    assert_eq!(fake.ack_latencies().len(), 1);
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_answer_50007_and_the_bot_falls_back_to_the_channel() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.close_dms_of(BOB);
    fake.expect_error_code(50007, "Bob's DMs are closed");
    let i = fake.slash_command(
        BOB,
        CHANNEL,
        Some(GUILD),
        "play",
        json!([{ "name": "action", "value": "skip" }]),
    );
    fake.dispatch("INTERACTION_CREATE", i).await;
    let dm = fake.wait_for(T, is_dm_to(&fake, BOB)).await;
    assert_eq!((dm.status, dm.error_code()), (403, Some(50007)));
    let note = fake.wait_for(T, |r| r.is_channel_message(CHANNEL)).await;
    assert!(note.content().unwrap().contains("use /hand"), "{note}");
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_selects_and_autocomplete_reach_the_handler() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;

    let ac = fake.autocomplete(
        ALICE,
        CHANNEL,
        Some(GUILD),
        "play",
        json!([{ "name": "action", "value": "D7" }]),
    );
    assert_eq!(ac["data"]["options"][0]["focused"], true);
    fake.dispatch("INTERACTION_CREATE", ac.clone()).await;
    let r = fake.wait_for(T, |r| r.belongs_to(&ac)).await;
    assert_eq!((r.status, r.callback_type()), (204, Some(8)));
    assert_eq!(
        r.json.as_ref().unwrap()["data"]["choices"][0]["name"],
        "D7–E7 forest·city (D7)"
    );

    let i = fake.slash_command(
        ALICE,
        CHANNEL,
        Some(GUILD),
        "play",
        json!([{ "name": "action", "value": "d7e7-fc" }]),
    );
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    let followup = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_followup())
        .await;
    let turn_message: u64 = followup.response.unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let (found, button) = fake
        .find_component(CHANNEL, |c| c["custom_id"] == "g1:v3:skip")
        .unwrap();
    assert_eq!(
        (found, button["label"].as_str()),
        (turn_message, Some("Skip"))
    );

    let click = fake.button(BOB, CHANNEL, Some(GUILD), "g1:v3:skip", turn_message);
    fake.dispatch("INTERACTION_CREATE", click.clone()).await;
    let ack = fake
        .wait_for(T, |r| r.belongs_to(&click) && r.is_callback())
        .await;
    assert_eq!((ack.status, ack.callback_type()), (204, Some(6)));
    let edit = fake
        .wait_for(T, |r| r.belongs_to(&click) && r.is_original_edit())
        .await;
    assert_eq!(edit.status, 200, "{edit}");
    let edited = fake.message(turn_message).unwrap();
    assert_eq!(edited["content"], format!("{BOB} chose g1:v3:skip"));
    assert_eq!(edited["components"], json!([]));

    // The buttons are gone from the message now: a click on them cannot happen.
    let gone = fake.try_button(BOB, CHANNEL, Some(GUILD), "g1:v3:skip", turn_message);
    assert!(gone.unwrap_err().contains("has no button"));
    // An id the fake never gave out gets a stand-in message, unchecked.
    let forged = fake.button(BOB, CHANNEL, Some(GUILD), "g1:v2:skip", 1);
    assert_eq!(forged["message"]["id"], "1");

    // A select menu on a fresh turn message; the DM interaction case on the way.
    let i2 = fake.slash_command(
        ALICE,
        fake.dm_channel(ALICE),
        None,
        "play",
        json!([{ "name": "action", "value": "x" }]),
    );
    assert_eq!(i2["context"], 1);
    fake.dispatch("INTERACTION_CREATE", i2.clone()).await;
    let f2 = fake
        .wait_for(T, |r| r.belongs_to(&i2) && r.is_followup())
        .await;
    let m2: u64 = f2.response.unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let bad = fake.try_select(
        ALICE,
        fake.dm_channel(ALICE),
        None,
        "g1:v3:card",
        &["lake"],
        m2,
    );
    assert!(
        bad.unwrap_err().contains("no option"),
        "an option the menu does not have"
    );
    let pick = fake.select(
        ALICE,
        fake.dm_channel(ALICE),
        None,
        "g1:v3:card",
        &["city"],
        m2,
    );
    fake.dispatch("INTERACTION_CREATE", pick.clone()).await;
    let e2 = fake
        .wait_for(T, |r| r.belongs_to(&pick) && r.is_original_edit())
        .await;
    assert_eq!(e2.status, 200);

    bot.stop().await;
    fake.assert_clean();
}
