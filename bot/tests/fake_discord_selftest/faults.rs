//! Nonces, injected failures, deleted channels and the message listing, as Discord answers them.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn enforce_nonce_makes_a_repeated_create_return_the_first_message() {
    use serenity::all::{CreateMessage, Nonce};
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let channel = ChannelId::new(CHANNEL);
    let post = CreateMessage::new()
        .content("Round 7")
        .nonce(Nonce::String("g1v7".into()))
        .enforce_nonce(true);
    let before = std::time::SystemTime::now();
    let first = channel.send_message(&bot.http, post.clone()).await.unwrap();
    let second = channel.send_message(&bot.http, post.clone()).await.unwrap();
    let after = std::time::SystemTime::now();
    assert_eq!(
        first.id, second.id,
        "the second create returns the first message"
    );
    assert_eq!(fake.messages_in(CHANNEL).len(), 1, "and creates nothing");
    let creates = fake.find_all(|r| r.is_channel_message(CHANNEL));
    assert_eq!(creates.len(), 2);
    for (r, dedup) in creates.iter().zip([false, true]) {
        assert_eq!(r.nonce().as_deref(), Some("g1v7"));
        assert!(r.enforce_nonce());
        assert_eq!(r.deduplicated, dedup, "{r}");
        assert_eq!(r.message_id(), Some(first.id.get()));
        assert!(before <= r.received_at && r.received_at <= after);
    }
    // Without enforce_nonce, the nonce does not deduplicate.
    let loose = CreateMessage::new()
        .content("Round 7")
        .nonce(Nonce::String("g1v7".into()));
    let third = channel.send_message(&bot.http, loose).await.unwrap();
    assert_ne!(third.id, first.id);
    // Another channel has its own nonces.
    let dm = ChannelId::new(fake.dm_channel(ALICE));
    let fourth = dm.send_message(&bot.http, post).await.unwrap();
    assert_ne!(fourth.id, first.id);
    assert_eq!(fake.messages_in(CHANNEL).len(), 2);
    bot.stop().await;
    fake.assert_clean();
}

/// Sends `body` to the fake by hand and returns the raw HTTP answer (status line, headers,
/// body), to see what serenity does not expose.
async fn raw_post(fake: &FakeDiscord, route: &str, body: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = fake.base_url().trim_start_matches("http://").to_string();
    let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let req = format!(
        "POST /api/v10{route} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bot {TOKEN}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn injected_failures_answer_like_discord_and_are_expected() {
    use serenity::all::CreateMessage;
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let channel = ChannelId::new(CHANNEL);
    let dm = ChannelId::new(fake.dm_channel(ALICE));
    let say = |t: &str| CreateMessage::new().content(t);

    // 429: retry_after and global in the body, retry-after in the headers.
    fake.fail_requests(Matcher::any_post_message(), 429, 0, 1);
    let e = channel.send_message(&bot.http, say("a")).await.unwrap_err();
    assert_eq!(status_of(&e), Some((429, 0)), "{e}");
    let limited = fake.wait_for(T, |r| r.status == 429).await;
    assert!(limited.injected);
    assert_eq!(limited.retry_after(), Some(0.5));
    assert_eq!(limited.response.as_ref().unwrap()["global"], false);
    assert_eq!(limited.error_message(), Some("You are being rate limited."));
    fake.rate_limit(
        Matcher::channel_messages(CHANNEL),
        Duration::from_millis(1500),
        1,
    );
    let raw = raw_post(
        &fake,
        &format!("/channels/{CHANNEL}/messages"),
        r#"{"content":"b"}"#,
    )
    .await
    .to_lowercase();
    assert!(raw.starts_with("http/1.1 429"), "{raw}");
    assert!(raw.contains("\r\nretry-after: 2\r\n"), "{raw}");
    assert!(raw.contains("\"retry_after\":1.5"), "{raw}");
    // Used up: the next one goes through, and nothing was created by the refused ones.
    channel.send_message(&bot.http, say("c")).await.unwrap();
    assert_eq!(fake.messages_in(CHANNEL).len(), 1);

    // DMs only, twice, with Discord's code; channel messages are not affected.
    fake.fail_requests(Matcher::dm_messages(), 403, 50007, 2);
    for _ in 0..2 {
        let e = dm.send_message(&bot.http, say("hand")).await.unwrap_err();
        assert_eq!(status_of(&e), Some((403, 50007)), "{e}");
    }
    channel.send_message(&bot.http, say("d")).await.unwrap();
    dm.send_message(&bot.http, say("hand")).await.unwrap();
    let dms = fake.find_all(|r| Matcher::dm_messages_to(ALICE).matches(r));
    assert_eq!(
        dms.iter().map(|r| r.status).collect::<Vec<_>>(),
        vec![403, 403, 200]
    );
    assert!(
        dms.iter()
            .all(|r| r.is_dm_message() && r.dm_recipient == Some(ALICE))
    );
    assert!(
        fake.find_all(|r| Matcher::dm_messages_to(BOB).matches(r))
            .is_empty()
    );

    // A server error; other routes by pattern.
    fake.fail_requests(Matcher::new("*", "/channels/*/messages/**"), 502, 0, 1);
    let e = channel.send_message(&bot.http, say("e")).await.unwrap_err();
    assert_eq!(status_of(&e).map(|s| s.0), Some(502), "{e}");
    assert_eq!(fake.faults_left(), 0);
    bot.stop().await;
    assert_eq!(fake.count(|r| r.injected), 5);
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleted_channels_and_missing_permissions_are_rejections_the_test_declares() {
    use serenity::all::CreateMessage;
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    fake.add_channel(CHANNEL + 1, Some(GUILD));
    let say = |t: &str| CreateMessage::new().content(t);

    fake.delete_channel(CHANNEL + 1);
    let e = ChannelId::new(CHANNEL + 1)
        .send_message(&bot.http, say("x"))
        .await
        .unwrap_err();
    assert_eq!(status_of(&e), Some((404, 10003)), "{e}");
    assert!(
        fake.try_slash_command(ALICE, CHANNEL + 1, Some(GUILD), "abandon", json!([]))
            .unwrap_err()
            .contains("deleted")
    );
    fake.deny_permission(CHANNEL);
    let e = ChannelId::new(CHANNEL)
        .send_message(&bot.http, say("y"))
        .await
        .unwrap_err();
    assert_eq!(status_of(&e), Some((403, 50013)), "{e}");
    fake.grant_permission(CHANNEL);
    ChannelId::new(CHANNEL)
        .send_message(&bot.http, say("z"))
        .await
        .unwrap();
    bot.stop().await;
    // Not declared: both fail the test.
    assert_unclean(&fake, "code 10003");
    assert_unclean(&fake, "code 50013");
    fake.expect_error_code(10003, "the channel was deleted");
    assert_unclean(&fake, "code 50013");
    fake.expect_error_code(50013, "the permission was taken");
    fake.assert_clean();
    // A declaration nothing matches fails too.
    fake.expect_error_code(50007, "a DM that never happens");
    assert_unclean(&fake, "never happened: a DM that never happens");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_listing_pages_after_an_id_and_a_forgotten_nonce_makes_a_duplicate() {
    use serenity::all::{CreateMessage, GetMessages, Nonce};
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let channel = ChannelId::new(CHANNEL);
    let post = |n: usize| {
        CreateMessage::new()
            .content(format!("m{n}"))
            .nonce(Nonce::String(format!("n{n}")))
            .enforce_nonce(true)
    };
    let mut ids = Vec::new();
    for n in 0..5 {
        ids.push(channel.send_message(&bot.http, post(n)).await.unwrap().id);
    }
    // `after`: the oldest messages after the id, newest first, without their nonces.
    let page = channel
        .messages(&bot.http, GetMessages::new().after(ids[0]).limit(2))
        .await
        .unwrap();
    assert_eq!(
        page.iter().map(|m| m.id).collect::<Vec<_>>(),
        [ids[2], ids[1]]
    );
    assert!(page.iter().all(|m| m.nonce.is_none()));
    // Neither `after` nor `before`: the newest.
    let page = channel
        .messages(&bot.http, GetMessages::new().limit(2))
        .await
        .unwrap();
    assert_eq!(
        page.iter().map(|m| m.id).collect::<Vec<_>>(),
        [ids[4], ids[3]]
    );
    // Within the nonce window a repeat is the first message; once it passed, a second one.
    let again = channel.send_message(&bot.http, post(0)).await.unwrap();
    assert_eq!(again.id, ids[0]);
    assert_eq!(fake.duplicates(), vec![]);
    fake.forget_nonces();
    let twice = channel.send_message(&bot.http, post(0)).await.unwrap();
    assert_ne!(twice.id, ids[0]);
    assert_eq!(fake.duplicates(), vec![(CHANNEL, "n0".to_string(), 2)]);
    let problems = fake.problems();
    assert!(
        problems.len() == 1 && problems[0].contains("a duplicate"),
        "{problems:?}"
    );
    fake.expect_rejection(
        move |r| r.message_id() == Some(twice.id.get()),
        "the nonce window passed on purpose",
    );
    bot.stop().await;
    fake.assert_clean();
}
