//! What fails `assert_clean`: a second or late acknowledgement, an edit before it, an
//! interaction never acknowledged, problems after the last check, a fake never checked.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_acknowledgement_fails_assert_clean() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    fake.wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    // The tiny bot deferred; acknowledging again is refused with 40060.
    let again = bot
        .http
        .create_interaction_response(
            i["id"].as_str().unwrap().parse::<u64>().unwrap().into(),
            i["token"].as_str().unwrap(),
            &json!({ "type": 5 }),
            vec![],
        )
        .await;
    assert!(again.is_err());
    fake.wait_for(T, is_dm_to(&fake, ALICE)).await;
    bot.stop().await;
    assert_unclean(&fake, "40060");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_acknowledgement_after_the_deadline_fails_assert_clean() {
    // Discord's deadline is the default; a shorter one keeps the test fast. The fake measures
    // from writing the dispatch to the socket to receiving the callback, by its own clock.
    assert_eq!(
        FakeOptions::default().ack_deadline,
        Some(Duration::from_secs(3))
    );
    let fake = FakeDiscord::start_with(FakeOptions {
        ack_deadline: Some(Duration::from_millis(300)),
        ..FakeOptions::default()
    })
    .await;
    let handler = Handler {
        ack_delay: Duration::from_millis(400),
        ..Handler::default()
    };
    let bot = Bot::start_with(&fake, INTENTS, handler).await;
    fake.wait_identified(T).await;
    fake.wait_commands(None, T).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    let ack = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    assert!(ack.latency().unwrap() > Duration::from_millis(300), "{ack}");
    let errors = bot.stop_with_errors().await;
    assert!(
        errors.len() == 1 && errors[0].contains("Unknown interaction"),
        "the late deferral is refused: {errors:#?}"
    );
    assert_unclean(&fake, "10062");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_or_followup_before_the_acknowledgement_fails_assert_clean() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    let token = i["token"].as_str().unwrap();
    // Before the interaction was acknowledged (here: before it was even dispatched).
    let edit = bot
        .http
        .edit_original_interaction_response(token, &json!({ "content": "too early" }), vec![])
        .await;
    assert!(edit.is_err());
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    fake.wait_for(T, is_dm_to(&fake, ALICE)).await;
    bot.stop().await;
    assert_unclean(&fake, "10015");

    // The same for a followup, alone.
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    let early = bot
        .http
        .create_followup_message(
            i["token"].as_str().unwrap(),
            &json!({ "content": "too early" }),
            vec![],
        )
        .await;
    assert!(early.is_err());
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    fake.wait_for(T, is_dm_to(&fake, ALICE)).await;
    bot.stop().await;
    assert_unclean(&fake, "10015");
}

#[tokio::test]
#[should_panic(expected = "fake Discord dropped without assert_clean")]
async fn a_fake_dropped_without_assert_clean_fails_the_test() {
    let fake = FakeDiscord::start().await;
    assert!(fake.base_url().starts_with("http://127.0.0.1:"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_never_acknowledged_fails_assert_clean() {
    let fake = FakeDiscord::start().await;
    let handler = Handler {
        ack_delay: Duration::from_secs(60),
        ..Handler::default()
    };
    let bot = Bot::start_with(&fake, INTENTS, handler).await;
    fake.wait_identified(T).await;
    fake.wait_commands(None, T).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    bot.shards.shutdown_all().await;
    assert_unclean(&fake, "never acknowledged");
    fake.expect_no_ack(&i, "the bot sleeps");
    fake.assert_clean();
}

#[tokio::test]
#[should_panic(expected = "problems after the last assert_clean")]
async fn problems_after_the_last_assert_clean_fail_on_drop() {
    let fake = FakeDiscord::start().await;
    fake.assert_clean();
    let http = HttpBuilder::new(TOKEN)
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    let sent = http
        .send_message(ChannelId::new(ALICE), vec![], &json!({ "content": "hi" }))
        .await;
    assert!(sent.is_err());
}
