//! What Discord would never send or accept: payloads the builders refuse, requests that do
//! not fit, and late acknowledgements.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn builders_refuse_what_discord_would_never_send() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    let cases: Vec<(&str, Value)> = vec![
        (
            "unknown option",
            json!([{ "name": "colour", "value": "red" }]),
        ),
        (
            "not a registered choice",
            json!([{ "name": "game", "value": "chess" }]),
        ),
        (
            "below min_value",
            json!([{ "name": "game", "value": "rtta" }, { "name": "players", "value": 1 }]),
        ),
        (
            "wrong type",
            json!([{ "name": "game", "value": "rtta" }, { "name": "players", "value": "two" }]),
        ),
        (
            "required missing",
            json!([{ "name": "players", "value": 2 }]),
        ),
    ];
    for (what, options) in cases {
        assert!(
            fake.try_slash_command(ALICE, CHANNEL, Some(GUILD), "create", options)
                .is_err(),
            "{what} was accepted"
        );
    }
    assert!(
        fake.try_slash_command(ALICE, CHANNEL, Some(GUILD), "nosuch", json!([]))
            .is_err(),
        "unregistered command"
    );
    assert!(
        fake.try_slash_command(ALICE, CHANNEL, None, "abandon", json!([]))
            .is_err(),
        "guild-less interaction outside the user's DM channel"
    );
    let mut broken = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    broken
        .as_object_mut()
        .unwrap()
        .remove("attachment_size_limit");
    let r = support::fake_discord::check_dispatch("INTERACTION_CREATE", &broken);
    assert!(
        r.unwrap_err().contains("attachment_size_limit"),
        "serenity needs attachment_size_limit"
    );

    let boss = FakeDiscord::with_permissions(
        fake.slash_command(BOB, CHANNEL, Some(GUILD), "abandon", json!([])),
        permissions::MEMBER | permissions::MANAGE_MESSAGES,
    );
    let parsed: Interaction = serde_json::from_value(boss).unwrap();
    let member = parsed.command().unwrap().member.unwrap();
    assert!(member.permissions.unwrap().manage_messages());
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_that_do_not_fit_are_refused_and_recorded() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    let http = bot.http.clone();
    let channel = ChannelId::new(CHANNEL);
    fake.add_channel(CHANNEL, Some(GUILD));
    fake.expect_error_code(50035, "bodies that break openapi.json or Discord's limits");
    fake.expect_rejection(
        |r| r.error_code() == Some(10003) && r.channel_id() == Some(ALICE),
        "a user id used as a channel id",
    );
    fake.expect_rejection(
        |r| r.is_followup() && r.error_code() == Some(10015),
        "a followup before the interaction exists",
    );
    fake.expect_error_code(40060, "a second acknowledgement");

    // Against openapi.json: content must be a string.
    let e = http
        .send_message(channel, vec![], &json!({ "content": 12 }))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("Invalid Form Body"), "{e}");
    // Discord's limits: 2000 characters; no ephemeral flag on a channel message; custom_ids unique.
    let long = "x".repeat(2001);
    assert!(
        http.send_message(channel, vec![], &json!({ "content": long }))
            .await
            .is_err()
    );
    assert!(
        http.send_message(channel, vec![], &json!({ "content": "hi", "flags": 64 }))
            .await
            .is_err()
    );
    let dup = json!({ "content": "hi", "components": [{ "type": 1, "components": [
        { "type": 2, "style": 1, "custom_id": "a", "label": "A" },
        { "type": 2, "style": 1, "custom_id": "a", "label": "B" } ] }] });
    assert!(http.send_message(channel, vec![], &dup).await.is_err());
    let unlabelled = json!({ "components": [{ "type": 1, "components": [
        { "type": 2, "style": 1, "custom_id": "a" } ] }] });
    assert!(
        http.send_message(channel, vec![], &unlabelled)
            .await
            .is_err()
    );
    // A user id used as a channel id.
    let e = http
        .send_message(ChannelId::new(ALICE), vec![], &json!({ "content": "hi" }))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("Unknown Channel"), "{e}");
    // A fine one passes.
    http.send_message(channel, vec![], &json!({ "content": "ok" }))
        .await
        .expect("valid message");

    let v = fake.schema_violations();
    assert_eq!(v.len(), 6, "{v:#?}");
    assert!(
        v[0].contains("content") && v[0].contains("string"),
        "{}",
        v[0]
    );
    assert!(v[1].contains("2001 characters"), "{}", v[1]);
    assert!(v[2].contains("ephemeral"), "{}", v[2]);
    assert!(v[3].contains("used twice"), "{}", v[3]);
    assert!(v[4].contains("without a label"), "{}", v[4]);
    assert!(v[5].contains("unknown to Discord"), "{}", v[5]);
    assert!(fake.fake_errors().is_empty(), "{:#?}", fake.fake_errors());

    // Interaction rules: one acknowledgement, followups only after it.
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    let early = http
        .create_followup_message(
            i["token"].as_str().unwrap(),
            &json!({ "content": "too early" }),
            vec![],
        )
        .await;
    assert!(
        early.is_err(),
        "followup before the interaction exists on the gateway"
    );
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    fake.wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    let again = http
        .create_interaction_response(
            i["id"].as_str().unwrap().parse::<u64>().unwrap().into(),
            i["token"].as_str().unwrap(),
            &json!({ "type": 5 }),
            vec![],
        )
        .await
        .unwrap_err();
    assert!(
        again.to_string().contains("already been acknowledged"),
        "{again}"
    );
    fake.wait_for(T, |r| r.belongs_to(&i) && r.is_followup() && r.ok())
        .await;
    bot.stop().await;
    assert!(fake.unhandled().is_empty(), "{:#?}", fake.unhandled());
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_acknowledgements_are_refused_like_discord_does() {
    let fake = FakeDiscord::start_with(FakeOptions {
        ack_deadline: Some(Duration::from_millis(0)),
        ..FakeOptions::default()
    })
    .await;
    let bot = Bot::start(&fake, INTENTS).await;
    fake.wait_identified(T).await;
    fake.wait_commands(None, T).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    let ack = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    assert_eq!((ack.status, ack.error_code()), (404, Some(10062)));
    assert!(ack.problems[0].contains("after the dispatch"), "{ack}");
    fake.expect_error_code(10062, "a deadline of 0 s");
    let errors = bot.stop_with_errors().await;
    assert_eq!(errors.len(), 1, "{errors:#?}");
    fake.assert_clean();
}
