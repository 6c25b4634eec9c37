//! Whole games played with `/play` (Pandoria, Roll Through the Ages), closed DMs, reminders,
//! and a step taken back before the channel sees it.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_pandoria_game_is_played_to_the_end() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db"), 1).await;
    open_table(&fake, "pandoria", &[ANNA, BERT, CLEO]).await;
    // Everyone got their hand by DM when the game began.
    for user in [ANNA, BERT, CLEO] {
        fake.wait_for(WAIT, |r| r.is_dm_open_for(user)).await;
    }
    let is_dm = |r: &Recorded| r.is_dm_message() && r.ok();
    fake.wait_for(WAIT, |_| count(&fake, is_dm) >= 3).await;
    let dms: Vec<Recorded> = fake.requests().into_iter().filter(is_dm).collect();
    assert!(dms.iter().all(|d| d.has_png()), "hands come with pictures");
    // A non-player and a player out of turn are refused, by name.
    let answer = slash(
        &fake,
        STRANGER,
        "play",
        json!([{"name": "action", "type": 3, "value": "pass"}]),
    )
    .await;
    assert_eq!(
        answer,
        "You are not playing in this game; you can watch it with /board."
    );
    let (first, turn) = latest_turn(&fake);
    let other = [ANNA, BERT, CLEO]
        .into_iter()
        .find(|u| Some(*u) != first)
        .unwrap();
    let answer = slash(
        &fake,
        other,
        "play",
        json!([{"name": "action", "type": 3, "value": "pass"}]),
    )
    .await;
    assert_eq!(
        answer,
        format!(
            "It is {}'s turn — you can look at the board or your hand meanwhile.",
            label_to_act(&turn)
        )
    );
    // Autocomplete explains itself out of turn instead of listing nothing, and what it
    // offers then plays nothing.
    let offered = autocomplete_named(&fake, other, "").await;
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert_eq!(
        offered[0].0,
        format!(
            "It is {}'s turn — nothing to play for you now",
            label_to_act(&turn)
        )
    );
    let answer = slash(
        &fake,
        other,
        "play",
        json!([{"name": "action", "type": 3, "value": offered[0].1}]),
    )
    .await;
    assert!(
        answer.starts_with(&format!("It is {}'s turn", label_to_act(&turn))),
        "{answer}"
    );
    // /turn opens the panel as Take my turn does: the decision with its controls for the
    // player to act, a polite refusal for the others.
    let answer = slash(&fake, other, "turn", json!([])).await;
    assert!(answer.starts_with("It is not your turn"), "{answer}");
    let interaction = fake.slash_command(first.unwrap(), CHANNEL, Some(GUILD), "turn", json!([]));
    let token = interaction["token"].as_str().unwrap().to_string();
    fake.dispatch("INTERACTION_CREATE", interaction).await;
    let panel = fake
        .wait_for(WAIT, |r| {
            r.method == "PATCH"
                && r.path.contains(&token)
                && r.path.ends_with("/messages/@original")
        })
        .await;
    assert!(panel.ok(), "{panel}");
    assert!(
        !controls(panel.response.as_ref().unwrap()).is_empty(),
        "{panel}"
    );
    // The player to act finds the placements on a space by typing the space.
    let first = first.unwrap();
    let d = autocomplete_named(&fake, first, "H6").await;
    assert!(
        !d.is_empty() && d.iter().all(|(name, _)| name.contains("H6")),
        "{d:?}"
    );
    let mark = fake.requests().len();
    let actions = play_to_the_end(&fake, 11, 400).await;
    let (_, last) = latest_turn(&fake);
    assert_winner_among(&last, &["Anna", "Bert", "Cleo"]);
    assert!(actions > 40);
    traffic_report(&fake, mark, actions);
    fake.assert_clean();
    let (_, p99) = latency_report(&fake);
    assert!(p99 < Duration::from_secs(3), "{p99:?}");
    // Metrics and health, scraped as Prometheus would (issue 31). The recorder is the test
    // process's, so other tests' games may add to the counts: at least this game's.
    let (status, health) = get(bot.metrics, "/healthz").await;
    assert_eq!(status, 200, "{health}");
    let health: Value = serde_json::from_str(&health).unwrap();
    assert_eq!(health["status"], "ok", "{health}");
    assert_eq!(health["shards_connected"], 1, "{health}");
    let (status, metrics) = get(bot.metrics, "/metrics").await;
    assert_eq!(status, 200);
    let at_least = |name: &str, least: f64| {
        let value = sample(&metrics, name).unwrap_or_else(|| panic!("no {name} in\n{metrics}"));
        assert!(value >= least, "{name} = {value} < {least}");
    };
    at_least("turnpost_actions_committed_total", actions as f64);
    at_least("turnpost_commit_seconds_count", 1.0);
    at_least("turnpost_refusals_total", 2.0);
    at_least("turnpost_picture_seconds_count{kind=\"public\"}", 1.0);
    at_least("turnpost_picture_seconds_count{kind=\"private\"}", 1.0);
    at_least("turnpost_shards_connected", 1.0);
    at_least("turnpost_games_cached", 0.0);
    at_least("turnpost_outbox_backlog", 0.0);
    at_least("turnpost_outbox_oldest_seconds", 0.0);
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_player_roll_through_the_ages_game_is_played_to_the_end() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db"), 1).await;
    open_table(&fake, "rtta", &[ANNA, BERT]).await;
    let actions = play_to_the_end(&fake, 5, 3000).await;
    assert!(actions > 20, "{actions} actions");
    let (_, last) = latest_turn(&fake);
    assert_winner_among(&last, &["Anna", "Bert"]);
    // Nothing is hidden in this game: no DMs at all.
    assert_eq!(count(&fake, |r| r.path == "/api/v10/users/@me/channels"), 0);
    fake.assert_clean();
    latency_report(&fake);
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_fall_back_to_the_channel_once_and_buttons_survive_a_restart() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    // Anna begins, so her turn ends in a DM owed to Bert before Bert uses any command (a
    // command of his would let the bot try his DMs again).
    let seed = seed_where_first_is("pandoria", &[ANNA, BERT], ANNA).await;
    fake.close_dms_of(BERT);
    fake.expect_rejection(
        |r| r.dm_recipient == Some(BERT) && r.error_code() == Some(50007),
        "Bert's DMs are closed",
    );
    let bot = start_bot(&fake, &db, seed).await;
    open_table(&fake, "pandoria", &[ANNA, BERT]).await;
    let note = fake
        .wait_for(WAIT, |r| {
            content(r).contains("can't send you direct messages")
        })
        .await;
    assert!(note.ok(), "{note}");
    assert!(content(&note).contains(&format!("<@{BERT}>")));
    assert!(
        !content(&note).contains("Your tile"),
        "the note carries no secret"
    );
    let (first, _) = latest_turn(&fake);
    assert_eq!(first, Some(ANNA), "seed {seed} lets Anna begin");
    // Bert's first hand was due at the start: tried once, refused, told once.
    let bert_attempts = || {
        (
            fake.count(|r| r.is_dm_open_for(BERT)),
            fake.count(|r| r.dm_recipient == Some(BERT) && r.is_dm_message()),
            fake.count(|r| content(r).contains("can't send you direct messages")),
        )
    };
    assert_eq!(bert_attempts(), (1, 1, 1), "one DM attempt, one note");
    // Anna plays until Bert is to act: that step owes both players a private message (Anna's
    // drawn tile, Bert's tile preview).
    let mut steps = 0;
    loop {
        let mark = fake.mark();
        let choices = autocomplete(&fake, ANNA, "").await;
        play(&fake, ANNA, &choices[0]).await;
        steps += 1;
        if latest_turn(&fake).0 == Some(BERT) {
            // Anna's DM of the game is edited in place (issue 28).
            fake.wait_for_since(mark, WAIT, |r| {
                r.dm_recipient == Some(ANNA) && r.method == "PATCH" && r.ok()
            })
            .await;
            break;
        }
        assert!(steps < 30, "Anna's turn did not end in 30 actions");
    }
    // Restart the bot mid-game (nothing can be sent after the stop); the DM owed to Bert was
    // not tried, and he was not told again.
    let (user, post) = latest_turn(&fake);
    let user = user.unwrap();
    // The refused DM is counted by Discord's code (issue 31).
    let (_, metrics) = get(bot.metrics, "/metrics").await;
    let closed = sample(&metrics, "turnpost_delivery_failures_total{code=\"50007\"}");
    assert!(closed.is_some_and(|n| n >= 1.0), "{metrics}");
    bot.stop().await;
    assert_eq!(
        bert_attempts(),
        (1, 1, 1),
        "no new DM attempts to Bert, told once"
    );
    let bot = start_bot(&fake, &db, seed).await;
    // /hand still shows Bert his hand, privately.
    let hand = slash(&fake, BERT, "hand", json!([])).await;
    assert!(hand.contains("Your tile"), "{hand}");
    // The buttons of the last turn message still work after the restart.
    let ids = custom_ids(&post);
    let take = ids
        .iter()
        .find(|id| id.ends_with(":turn"))
        .expect("a Take my turn button")
        .clone();
    let panel = answer_of(&fake, fake.button(user, CHANNEL, Some(GUILD), &take, 1)).await;
    assert!(
        panel.contains("place your tile") || panel.contains("figure"),
        "{panel}"
    );
    let stranger = answer_of(&fake, fake.button(STRANGER, CHANNEL, Some(GUILD), &take, 1)).await;
    assert!(stranger.contains("not your turn"), "{stranger}");
    // Play one action, then the old button is stale for acting.
    let choices = autocomplete(&fake, user, "").await;
    play(&fake, user, &choices[0]).await;
    let parts: Vec<&str> = take.split(':').collect();
    let stale = format!("tp:{}:{}:act:pass", parts[1], parts[2]);
    let answer = answer_of(&fake, fake.button(user, CHANNEL, Some(GUILD), &stale, 1)).await;
    assert!(answer.contains("This turn has passed"), "{answer}");
    fake.assert_clean();
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test]
async fn reminders_ping_once_per_period_and_never_in_quiet_hours() {
    use turnpost_bot::discord::send_reminders;
    use turnpost_bot::table::{Caller, Command, NoImages};
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let table = Table::new(
        Store::open(&db).await.unwrap(),
        Arc::new(NoImages),
        seeded(1),
    );
    let caller = Caller {
        user: ANNA,
        name: "Anna".into(),
        guild: Some(GUILD),
        channel: CHANNEL,
        moderator: false,
        interaction: None,
        followup: None,
    };
    let create = Command::Create {
        game: "pandoria".into(),
        options: vec![],
        players: None,
        seats: vec![(ANNA, "Anna".into()), (BERT, "Bert".into())],
        seed: None,
    };
    let reply = table.handle(&caller, create).await.unwrap();
    let turn = reply.turn.unwrap();
    let http = Arc::new(
        serenity::all::HttpBuilder::new("test-token")
            .proxy(fake.base_url())
            .ratelimiter_disabled(true)
            .build(),
    );
    assert_eq!(
        send_reminders(&table, &http).await.unwrap(),
        0,
        "not idle yet"
    );
    // The player to act has been idle for 25 hours.
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let now = turnpost_bot::store::now_ms();
    sqlx::query("UPDATE game SET updated_at = ?")
        .bind(now - 25 * 3_600_000)
        .execute(&pool)
        .await
        .unwrap();
    // Inside their quiet hours: no ping.
    let hour = ((now / 3_600_000) % 24) as u8;
    table
        .store()
        .set_quiet_hours(turn.user, Some((hour, (hour + 1) % 24, 0)))
        .await
        .unwrap();
    assert_eq!(
        send_reminders(&table, &http).await.unwrap(),
        0,
        "quiet hours"
    );
    table
        .store()
        .set_quiet_hours(turn.user, None)
        .await
        .unwrap();
    let sent = send_reminders(&table, &http).await.unwrap();
    assert_eq!(
        sent,
        1,
        "{:#?}",
        fake.requests()
            .iter()
            .map(|r| (r.method.clone(), r.path.clone(), r.status))
            .collect::<Vec<_>>()
    );
    let ping = fake
        .wait_for(WAIT, |r| {
            r.is_channel_message(CHANNEL) && content(r).contains("it is your turn")
        })
        .await;
    assert!(
        content(&ping).starts_with(&format!("<@{}>", turn.user)),
        "{}",
        content(&ping)
    );
    // Once per period.
    assert_eq!(send_reminders(&table, &http).await.unwrap(), 0);
    // A channel set to 0 hours never reminds.
    table.store().set_reminder_hours(CHANNEL, 0).await.unwrap();
    sqlx::query("UPDATE game SET reminded_at = NULL")
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(send_reminders(&table, &http).await.unwrap(), 0);
    fake.assert_clean();
}

/// Forgive (issue 28): a tile placed by `/play` is held back from the channel; the panel
/// offers Undo, which puts it back; placed elsewhere, the channel's one post at the turn's
/// end shows only the final placement.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tile_taken_back_on_the_panel_never_reaches_the_channel() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db"), 31).await;
    let standard = json!([{"name": "mode", "type": 3, "value": "standard"}]);
    open_table_with(&fake, "pandoria", standard, &[ANNA, BERT]).await;
    let (Some(user), turn) = latest_turn(&fake) else {
        panic!("nobody to act")
    };
    let posts = channel_posts(&fake).len();
    let tiles: Vec<String> = autocomplete(&fake, user, "")
        .await
        .into_iter()
        .filter(|a| a.starts_with("tile "))
        .collect();
    assert!(tiles.len() >= 2, "{tiles:?}");
    let first = play(&fake, user, &tiles[0]).await;
    assert!(first.is_none(), "the placement is held back");
    // Take my turn: the panel offers Undo; it takes the tile back.
    let take = custom_ids(&turn)
        .into_iter()
        .find(|id| id.ends_with(":turn"))
        .unwrap();
    let (_, panel) = click(
        &fake,
        fake.button(user, CHANNEL, Some(GUILD), &take, message_id_of(&turn)),
    )
    .await;
    let undo = custom_ids(&panel)
        .into_iter()
        .find(|id| id.ends_with(":undo"))
        .expect("the panel offers Undo");
    let (_, undone) = click(
        &fake,
        fake.button(
            user,
            CHANNEL,
            Some(GUILD),
            &undo,
            message_id_of_response(&panel),
        ),
    )
    .await;
    let text = undone.response.as_ref().unwrap()["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(text.contains("took back"), "{text}");
    assert!(text.contains("place your tile"), "{text}");
    // Place it elsewhere and end the turn.
    let second = tiles.iter().find(|t| *t != &tiles[0]).unwrap().clone();
    let mut last = play(&fake, user, &second).await;
    while latest_turn(&fake).0 == Some(user) && last.is_none() {
        let choices = autocomplete(&fake, user, "").await;
        let pass = choices
            .iter()
            .find(|c| *c == "pass")
            .cloned()
            .unwrap_or_else(|| choices[0].clone());
        last = play(&fake, user, &pass).await;
    }
    assert_eq!(
        channel_posts(&fake).len(),
        posts + 1,
        "one post for the whole turn"
    );
    let post = content(&last.expect("the turn's end is posted"));
    let at = |notation: &str| {
        let spaces: Vec<&str> = notation.split_whitespace().skip(1).collect();
        format!(" at {}", spaces.join("–"))
    };
    let placed: Vec<&str> = post
        .lines()
        .filter(|l| l.contains(" placed ") && l.contains(" at "))
        .collect();
    assert_eq!(placed.len(), 1, "only the final placement: {post}");
    assert!(placed[0].ends_with(&at(&second)), "{post}");
    if at(&second) != at(&tiles[0]) {
        assert!(!post.contains(&at(&tiles[0])), "{post}");
    }
    assert!(!post.contains("took back"), "{post}");
    bot.stop().await;
    fake.assert_clean();
}
