//! A bot killed between a commit and its delivery, before the old turn message loses its
//! buttons, and just after sending a DM.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_killed_between_commit_and_delivery_sends_the_turn_message_after_restarting() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let bot = start_bot(&fake, &db).await;
    two_player_game(&fake).await;
    let before = turn_posts(&fake).len();
    // Discord is down for this turn's message; the bot dies before it can retry.
    fake.fail_requests(Matcher::channel_messages(CHANNEL), 503, 0, 1);
    let mark = fake.mark();
    play_turn(&fake).await;
    fake.wait_for_since(mark, WAIT, |r| {
        r.is_channel_message(CHANNEL) && r.status == 503
    })
    .await;
    bot.task.abort();
    let _ = bot.task.await;
    drop(bot.stop);
    assert_eq!(turn_posts(&fake).len(), before, "nothing was delivered");
    let pending: i64 = {
        let pool = pg::Raw::at(&db).await;
        let n = pool
            .scalar("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL")
            .await;
        pool.close().await;
        n
    };
    assert!(pending >= 1, "the turn message is waiting in the outbox");
    // A new process on the same file sends it.
    let bot = start_bot(&fake, &db).await;
    fake.wait_for(WAIT, |_| turn_posts(&fake).len() > before)
        .await;
    let post = turn_posts(&fake).pop().unwrap();
    assert!(content(&post).contains(" to play: "), "{}", content(&post));
    let nonce = post.nonce().unwrap();
    assert_eq!(
        attempts_of(&fake, &nonce).len(),
        2,
        "one failed try, one after the restart"
    );
    bot.stop().await;
    fake.assert_clean();
}

/// Whoever of `users` has legal actions now.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_before_the_old_turn_message_loses_its_buttons_keeps_the_new_one_current() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let players = [ANNA, BERT, CLEO];
    let bot = Process::start(&fake, &db, |_| {}).await;
    let first = game_of(&fake, "rtta", &players).await;
    // The player to act resigns: their seat plays on by itself and the turn passes, so a new
    // turn message replaces the first. Removing the first one's buttons is carried out, but
    // its answer never comes: the bot dies there.
    let actor = to_act_of(&fake, &players).await.unwrap();
    fake.slow_requests(
        Matcher::new("PATCH", &format!("/channels/{CHANNEL}/messages/{first}")),
        Duration::from_secs(3600),
        1,
    );
    let mark = fake.mark();
    assert!(!slash(&fake, actor, "resign", json!([])).await.is_empty());
    let second = fake
        .wait_for_since(mark, WAIT, |r| r.is_channel_message(CHANNEL) && r.ok())
        .await
        .message_id()
        .unwrap();
    fake.wait_for_since(mark, WAIT, |r| is_retire(r, first))
        .await;
    bot.kill();
    // A new process on the file: the next step belongs to the newest turn message.
    let bot = Process::start(&fake, &db, |_| {}).await;
    let mark = fake.mark();
    let user = to_act_of(&fake, &players).await.unwrap();
    let choice = first_choice(&fake, user).await.unwrap();
    slash(
        &fake,
        user,
        "play",
        json!([{"name": "action", "type": 3, "value": choice}]),
    )
    .await;
    let changed = fake
        .wait_for_since(mark, WAIT, |r| {
            r.ok() && (is_edit(r) || r.is_channel_message(CHANNEL))
        })
        .await;
    if is_edit(&changed) {
        assert_eq!(
            changed.route(),
            format!("/channels/{CHANNEL}/messages/{second}"),
            "a step of the new turn edited another message than the new turn message"
        );
    } else {
        // The step passed the turn on: the message it replaced is the newest one.
        fake.wait_for_since(mark, WAIT, |r| is_retire(r, second))
            .await;
    }
    wait_delivered(&db).await;
    // Every turn message (a post with the turn's buttons) but the latest has lost its
    // buttons.
    let posts: Vec<Recorded> = turn_posts(&fake)
        .into_iter()
        .filter(|r| {
            r.json
                .as_ref()
                .is_some_and(|j| j["components"].to_string().contains(":turn\""))
        })
        .collect();
    assert!(posts.len() >= 2, "{posts:#?}");
    let (latest, older) = posts.split_last().unwrap();
    for post in older {
        let id = post.message_id().unwrap();
        let message = fake.message(id).unwrap();
        assert!(
            message["components"].as_array().is_none_or(Vec::is_empty),
            "message {id} kept its buttons (the latest is {:?})",
            latest.message_id()
        );
    }
    bot.kill();
    fake.assert_clean();
}

/// Kills the bot while Bert's first DM is on its way (created, its answer not back yet) and
/// starts it again; with `window_passed`, Discord's nonce window is over by then (and the bot
/// trusts the nonce no longer).
async fn dm_kill_and_restart(window_passed: bool) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let tune = |s: &mut TableSettings| {
        if window_passed {
            s.delivery.nonce_trust = Duration::ZERO;
        }
    };
    let bot = Process::start(&fake, &db, tune).await;
    fake.slow_requests(Matcher::dm_messages_to(BERT), Duration::from_secs(3600), 1);
    game_of(&fake, "pandoria", &[ANNA, BERT]).await;
    let sent = fake
        .wait_for(WAIT, |r| r.is_dm_message() && r.dm_recipient == Some(BERT))
        .await;
    assert!(sent.ok(), "{sent}");
    bot.kill();
    if window_passed {
        fake.forget_nonces();
    }
    let bot = Process::start(&fake, &db, tune).await;
    wait_delivered(&db).await;
    let dms = fake.messages_in(fake.dm_channel(BERT));
    assert_eq!(
        dms.len(),
        1,
        "Bert's hand went out {} times: {dms:#?}",
        dms.len()
    );
    assert_eq!(fake.duplicates(), vec![]);
    // The delivery is recorded with the one message.
    let pool = pg::Raw::at(&db).await;
    let (recorded,): (Option<i64>,) = pool
        .query_as(
            "SELECT message_id FROM outbox WHERE kind = 'dm' AND target = ? AND outcome = 'sent'",
            &[pg::Bind::Int(BERT as i64)],
        )
        .await
        .remove(0);
    pool.close().await;
    assert_eq!(
        recorded.map(|m| m.to_string()),
        dms[0]["id"].as_str().map(str::to_string)
    );
    bot.kill();
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_sent_just_before_a_kill_is_not_sent_again_within_the_nonce_window() {
    dm_kill_and_restart(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_sent_before_a_kill_is_not_sent_again_after_the_nonce_window() {
    dm_kill_and_restart(true).await;
}
