//! Discord failing: server errors and rate limits, and an unreachable channel (the back-off,
//! a command from it, a newer turn message replacing the held one).

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_and_rate_limits_delay_the_turn_message_but_never_lose_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let bot = start_bot(&fake, &db).await;
    two_player_game(&fake).await;
    for (status, code) in [(500, 0), (502, 0), (429, 0)] {
        let before = turn_posts(&fake).len();
        if status == 429 {
            fake.rate_limit(Matcher::channel_messages(CHANNEL), RETRY_AFTER, 1);
        } else {
            fake.fail_requests(Matcher::channel_messages(CHANNEL), status, code, 2);
        }
        // The player is told it worked at once: the action is committed.
        let answer = play_turn(&fake).await;
        assert!(!answer.is_empty());
        fake.wait_for(WAIT, |_| turn_posts(&fake).len() > before)
            .await;
        let post = turn_posts(&fake).pop().unwrap();
        let nonce = post.nonce().expect("turn messages carry the outbox nonce");
        let tries = attempts_of(&fake, &nonce);
        let failed = if status == 429 { 1 } else { 2 };
        assert_eq!(tries.len(), failed + 1, "{status}: {tries:#?}");
        assert!(tries.iter().all(|t| t.enforce_nonce()));
        // Retries wait: the backoff doubles, and a 429 waits at least its retry_after.
        let least = if status == 429 {
            RETRY_AFTER
        } else {
            FIRST_BACKOFF
        };
        let gap = tries[1].received.duration_since(tries[0].received);
        // (The worker schedules in whole milliseconds of the wall clock: allow 5 ms.)
        let slack = Duration::from_millis(5);
        assert!(gap + slack >= least, "{status}: retried after {gap:?}");
        if status != 429 {
            let second = tries[2].received.duration_since(tries[1].received);
            assert!(
                second + slack >= 2 * FIRST_BACKOFF,
                "{status}: retried after {second:?}"
            );
        }
    }
    assert_eq!(fake.faults_left(), 0);
    bot.stop().await;
    fake.assert_clean();
}

/// The outbox rows still pending in the file.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_channel_is_retried_on_a_back_off_and_gets_the_pending_turn_message() {
    const FIRST_RETRY: Duration = Duration::from_millis(300);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    // Commands from the channel do not bring the retry forward here: only the back-off.
    let bot = start_bot_with(&fake, &db, |s| {
        s.delivery.unreachable_first_retry = FIRST_RETRY;
        s.delivery.heard_gap = Duration::from_secs(3600);
    })
    .await;
    two_player_game(&fake).await;
    // A moderator takes Turnpost's permission away; the next turn's message is refused.
    fake.deny_permission(CHANNEL);
    fake.expect_error_code(50013, "the channel denies the bot while the test lets it");
    let mark = fake.mark();
    play_turn(&fake).await;
    // One note to the caller, privately, through the interaction's followup.
    let note = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_followup() && content(r).contains("lacks the permission")
        })
        .await;
    assert_eq!(note.status, 200, "{note}");
    let flags = note.json.as_ref().unwrap()["flags"].as_u64().unwrap_or(0);
    assert_eq!(flags & 64, 64, "the note is ephemeral: {note}");
    assert!(
        content(&note).contains("as soon as I can"),
        "{}",
        content(&note)
    );
    // The next try waits for the back-off: wait for it, so the channel is refused twice.
    fake.wait_for_n_since(mark, 2, WAIT, |r| {
        r.channel_id() == Some(CHANNEL) && r.status == 403
    })
    .await;
    assert!(
        unreachable(&db).await,
        "reminders skip the channel meanwhile"
    );
    // The permission comes back: the pending turn message goes out by itself.
    let mark = fake.mark();
    fake.grant_permission(CHANNEL);
    assert_pending_turn_message_posted(&fake, &db, mark).await;
    // Tries were spaced by the back-off, which grows; one note in all.
    let tries = fake.find_all(|r| r.channel_id() == Some(CHANNEL) && r.status == 403);
    let slack = Duration::from_millis(5);
    for pair in tries.windows(2) {
        let gap = pair[1].received.duration_since(pair[0].received);
        assert!(gap + slack >= FIRST_RETRY, "retried after {gap:?}");
    }
    assert_eq!(
        fake.count(|r| r.is_followup() && content(r).contains("could not post")),
        1
    );
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_from_an_unreachable_channel_retries_it_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    // The back-off alone would wait an hour; a command from the channel does not wait.
    let bot = start_bot_with(&fake, &db, |s| {
        s.delivery.unreachable_first_retry = Duration::from_secs(3600);
        s.delivery.heard_gap = Duration::ZERO;
    })
    .await;
    two_player_game(&fake).await;
    for (status, code, words) in [
        (403, 50013, "lacks the permission"),
        (404, 10003, "no longer exists"),
    ] {
        fake.fail_requests(Matcher::channel_messages(CHANNEL), status, code, 1);
        let before = fake.count(|r| r.is_channel_message(CHANNEL));
        let mark = fake.mark();
        play_turn(&fake).await;
        let note = fake
            .wait_for_since(mark, WAIT, |r| {
                r.is_followup() && content(r).contains(words)
            })
            .await;
        assert_eq!(note.status, 200, "{note}");
        // Once refused, the post is held, not given up.
        let (attempts, pending, outcome): (i64, bool, String) = {
            let pool = pg::Raw::at(&db).await;
            let row = pool
                .query_as(
                    "SELECT attempts, done_at IS NULL, outcome FROM outbox
                     WHERE kind = 'channel' ORDER BY outbox_id DESC LIMIT 1",
                    &[],
                )
                .await
                .remove(0);
            pool.close().await;
            row
        };
        assert_eq!((attempts, pending), (0, true), "{status}/{code}: {outcome}");
        assert!(outcome.starts_with("waiting: "), "{outcome}");
        assert_eq!(
            fake.count(|r| r.is_channel_message(CHANNEL)),
            before + 1,
            "{status}/{code} was tried again before anyone used the channel"
        );
        // Someone uses the channel: the held turn message goes out now.
        let mark = fake.mark();
        let answer = slash(&fake, BERT, "board", json!([])).await;
        assert!(!answer.is_empty());
        assert_pending_turn_message_posted(&fake, &db, mark).await;
    }
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newer_turn_message_replaces_one_held_for_an_unreachable_channel() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let bot = start_bot_with(&fake, &db, |s| {
        s.delivery.unreachable_first_retry = Duration::from_secs(3600);
        s.delivery.heard_gap = Duration::from_secs(3600);
    })
    .await;
    two_player_game(&fake).await;
    fake.deny_permission(CHANNEL);
    fake.expect_error_code(50013, "the channel denies the bot while the test lets it");
    // Two turns are played while the bot cannot post (commands still work).
    let mark = fake.mark();
    play_turn(&fake).await;
    fake.wait_for_since(mark, WAIT, |r| {
        r.is_followup() && content(r).contains("could not post")
    })
    .await;
    play_turn(&fake).await;
    fake.grant_permission(CHANNEL);
    // A restart keeps the back-off (an hour here); the first command from the channel after
    // it tries the channel at once.
    bot.stop().await;
    let bot = start_bot(&fake, &db).await;
    let mark = fake.mark();
    assert!(!slash(&fake, ANNA, "board", json!([])).await.is_empty());
    assert_pending_turn_message_posted(&fake, &db, mark).await;
    // Only the newest turn message went out: the older one, held, was skipped.
    let posted = fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.is_channel_message(CHANNEL) && r.ok())
        .count();
    assert_eq!(posted, 1, "one turn message, not the backlog");
    bot.stop().await;
    fake.assert_clean();
}
