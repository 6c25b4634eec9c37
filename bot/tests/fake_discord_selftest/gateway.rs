//! The gateway: resume after a disconnect, a new IDENTIFY after an invalidated session or a
//! restart, privileged intents refused, heartbeats acknowledged.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disconnect_is_resumed_and_a_restart_identifies_again() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.disconnect().await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await; // waits for the RESUME
    assert_eq!(fake.resume_count(), 1);
    assert_eq!(fake.identify_count(), 1);
    fake.wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    bot.stop().await;
    fake.wait_disconnected(T).await;
    assert!(!fake.connected());

    // A new process of the bot: a second IDENTIFY, commands registered again with the same ids.
    let ids: Vec<Value> = fake
        .commands(None)
        .iter()
        .map(|c| c["id"].clone())
        .collect();
    let mark = fake.mark();
    let bot = Bot::start(&fake, INTENTS).await;
    fake.wait_identify_count(2, T).await;
    fake.wait_for_since(mark, T, |r| r.method == "PUT").await;
    assert_eq!(
        ids,
        fake.commands(None)
            .iter()
            .map(|c| c["id"].clone())
            .collect::<Vec<_>>()
    );
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    let ack = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    assert_eq!(ack.status, 204);
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalidated_session_makes_the_client_identify_again() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.disconnect_invalidating_session().await;
    // Serenity restarts the shard, at least 5 s after it started it.
    fake.wait_identified_more_than(1, Duration::from_secs(30))
        .await;
    assert_eq!(fake.resume_count(), 0);
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    let ack = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    assert_eq!(ack.status, 204);
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn privileged_intents_are_refused() {
    let fake = FakeDiscord::start().await;
    let bot = Bot::start(&fake, INTENTS | GatewayIntents::MESSAGE_CONTENT).await;
    let r = tokio::time::timeout(T, bot.task)
        .await
        .expect("client gives up")
        .expect("join");
    assert!(r.is_err(), "serenity reports the refusal: {r:?}");
    assert_eq!(fake.identify_count(), 0);
    assert!(fake.schema_violations()[0].contains("privileged"));
    fake.expect_gateway_violation("privileged intents", "MESSAGE_CONTENT asked for");
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heartbeats_are_acknowledged() {
    let fake = FakeDiscord::start_with(FakeOptions {
        heartbeat_interval: Duration::from_millis(700),
        ..FakeOptions::default()
    })
    .await;
    let bot = ready_bot(&fake).await;
    fake.wait_heartbeats(3, T).await;
    assert_eq!(
        (fake.identify_count(), fake.resume_count()),
        (1, 0),
        "no reconnect"
    );
    bot.stop().await;
    fake.assert_clean();
}
