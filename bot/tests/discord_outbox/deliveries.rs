//! Deliveries that go through: the latency from commit to receipt, a DM edited when the hand
//! changes or sent anew when deleted, and an abandoned game's turn message.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn delivery_latency_from_commit_to_the_fakes_receipt() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let bot = start_bot(&fake, &db).await;
    two_player_game(&fake).await;
    for _ in 0..30 {
        // A finished game makes way for the next one in the channel.
        if to_act(&fake).await.is_none() {
            two_player_game(&fake).await;
        }
        let before = turn_posts(&fake).len();
        play_turn(&fake).await;
        fake.wait_for(WAIT, |_| turn_posts(&fake).len() > before)
            .await;
    }
    bot.stop().await;
    // Commit time is the outbox row's `created_at` (written in the action's transaction);
    // receipt is when the fake got the post carrying that row's nonce.
    let pool = pg::Raw::at(&db).await;
    let rows: Vec<(i64, i64)> = pool
        .query_as(
            "SELECT outbox_id, created_at FROM outbox WHERE kind = 'channel'",
            &[],
        )
        .await;
    pool.close().await;
    let mut latencies: Vec<Duration> = rows
        .iter()
        .filter_map(|&(id, created)| {
            let post = attempts_of(&fake, &format!("tp{id}")).into_iter().next()?;
            let received = post
                .received_at
                .duration_since(UNIX_EPOCH)
                .ok()?
                .as_millis() as i64;
            Some(Duration::from_millis((received - created).max(0) as u64))
        })
        .collect();
    assert!(latencies.len() >= 30, "{} posts matched", latencies.len());
    latencies.sort();
    let median = latencies[latencies.len() / 2];
    let p99 = latencies[(latencies.len() * 99 / 100).min(latencies.len() - 1)];
    eprintln!(
        "outbox delivery, commit → fake's receipt over {} posts: median {median:?}, p99 {p99:?}",
        latencies.len()
    );
    fake.assert_clean();
}

/// Bert's DMs that Discord accepted: (new messages, edits).
fn bert_dms(fake: &FakeDiscord) -> (Vec<Recorded>, Vec<Recorded>) {
    let mine = |r: &Recorded| r.dm_recipient == Some(BERT) && r.ok();
    (
        fake.find_all(|r| mine(r) && r.is_dm_message()),
        fake.find_all(|r| mine(r) && r.method == "PATCH"),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_change_edits_the_dm_and_a_deleted_dm_is_sent_anew() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    fake.expect_rejection(
        |r| r.dm_recipient == Some(BERT) && r.error_code() == Some(10008),
        "Bert deleted his DM; the edit finds it gone",
    );
    let bot = start_bot(&fake, &db).await;
    game_of(&fake, "pandoria", &[ANNA, BERT]).await;
    wait_delivered(&db).await;
    let (created, _) = bert_dms(&fake);
    assert_eq!(created.len(), 1, "Bert's first hand: {created:#?}");
    let first = created[0].message_id().unwrap();
    // Whole turns until Bert's hand changes again: an edit of the same DM, not a new one.
    for _ in 0..6 {
        play_turn(&fake).await;
        wait_delivered(&db).await;
        if !bert_dms(&fake).1.is_empty() {
            break;
        }
    }
    let (created, edited) = bert_dms(&fake);
    assert_eq!(created.len(), 1, "no second DM while the first exists");
    assert!(
        !edited.is_empty(),
        "Bert's hand changed but his DM was not edited"
    );
    assert!(
        edited
            .iter()
            .all(|e| e.path.ends_with(&format!("/messages/{first}")))
    );
    let dm = fake.dm_channel(BERT);
    assert_eq!(fake.messages_in(dm).len(), 1);
    let hand = slash(&fake, BERT, "hand", json!([])).await;
    let shown = fake.message(first).unwrap();
    assert!(
        shown["content"].as_str().unwrap().contains(hand.trim()),
        "the DM shows the hand as it is now: {shown} vs {hand}"
    );
    // Bert deletes the DM: the next hand change finds it gone and sends a new one, which
    // the changes after it edit.
    let http = serenity::all::HttpBuilder::new("test-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    http.delete_message(
        serenity::all::ChannelId::new(dm),
        serenity::all::MessageId::new(first),
        None,
    )
    .await
    .unwrap();
    let mut second = None;
    for _ in 0..12 {
        play_turn(&fake).await;
        wait_delivered(&db).await;
        let (created, edited) = bert_dms(&fake);
        if created.len() > 1 && second.is_none() {
            second = created[1].message_id();
        }
        if let Some(second) = second
            && edited
                .iter()
                .any(|e| e.path.ends_with(&format!("/messages/{second}")))
        {
            break;
        }
        assert!(to_act(&fake).await.is_some(), "the game ended first");
    }
    let second = second.expect("no new DM after the first was deleted");
    let (created, edited) = bert_dms(&fake);
    assert_eq!(
        created.len(),
        2,
        "exactly one new DM replaced the deleted one"
    );
    assert!(
        fake.count(|r| r.dm_recipient == Some(BERT)
            && r.method == "PATCH"
            && r.error_code() == Some(10008)
            && r.path.ends_with(&format!("/messages/{first}")))
            == 1,
        "the deleted DM was tried once"
    );
    assert!(
        edited
            .iter()
            .any(|e| e.path.ends_with(&format!("/messages/{second}"))),
        "later hand changes edit the new DM"
    );
    assert_eq!(fake.messages_in(dm).len(), 1);
    let hand = slash(&fake, BERT, "hand", json!([])).await;
    wait_delivered(&db).await;
    let shown = fake.message(second).unwrap();
    assert!(
        shown["content"].as_str().unwrap().contains(hand.trim()),
        "{shown} vs {hand}"
    );
    // The store knows the new DM.
    let pool = pg::Raw::at(&db).await;
    let (recorded,): (i64,) = pool
        .query_as(
            "SELECT message_id FROM dm_message WHERE user_id = ?",
            &[pg::Bind::Int(BERT as i64)],
        )
        .await
        .remove(0);
    pool.close().await;
    assert_eq!(recorded as u64, second);
    bot.stop().await;
    fake.assert_clean();
}

/// The custom ids of a message's buttons and selects, as Discord holds the message now.
fn component_ids(fake: &FakeDiscord, message: u64) -> Vec<String> {
    let message = fake.message(message).expect("the message exists");
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abandoned_games_turn_message_loses_its_buttons_and_offers_no_rematch() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let bot = Process::start(&fake, &db, |_| {}).await;
    let turn = game_of(&fake, "rtta", &[ANNA, BERT]).await;
    let take = component_ids(&fake, turn)
        .into_iter()
        .find(|id| id.ends_with(":turn"))
        .expect("the turn message has Take my turn");
    let game: u64 = take.split(':').nth(1).unwrap().parse().unwrap();
    // `/abandon` asks first; its button names the game.
    let asked = slash(&fake, ANNA, "abandon", json!([])).await;
    assert!(asked.contains("Abandon"), "{asked}");
    let mark = fake.mark();
    let click = fake.button_unchecked(
        ANNA,
        CHANNEL,
        Some(GUILD),
        &format!("tp:{game}:0:abandon"),
        turn,
    );
    fake.dispatch("INTERACTION_CREATE", click).await;
    let stopped = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && r.ok() && content(r).contains("abandoned the game")
        })
        .await;
    fake.wait_for_since(mark, WAIT, |r| is_retire(r, turn))
        .await;
    assert!(
        component_ids(&fake, turn).is_empty(),
        "the abandoned game's turn message keeps no buttons"
    );
    let stopped = stopped.message_id().unwrap();
    assert!(
        component_ids(&fake, stopped).is_empty(),
        "an abandoned game offers no rematch: {:?}",
        component_ids(&fake, stopped)
    );
    // Its old buttons answer in words, not with the game.
    let shown = fake.button_unchecked(BERT, CHANNEL, Some(GUILD), &take, turn);
    let token = shown["token"].as_str().unwrap().to_string();
    fake.dispatch("INTERACTION_CREATE", shown).await;
    let answer = fake
        .wait_for(WAIT, |r| {
            r.method == "PATCH"
                && r.path.contains(&token)
                && r.path.ends_with("/messages/@original")
        })
        .await;
    assert!(content(&answer).contains("ended"), "{answer}");
    bot.kill();
    fake.assert_clean();
}
