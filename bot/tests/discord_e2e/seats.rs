//! Seats changing hands through Discord: a late player replaced by a vote and a volunteer,
//! an AI seat added in the lobby.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_player_is_replaced_by_a_vote_and_a_volunteer_through_discord() {
    use turnpost_bot::clock::{ManualClock, now_ms};
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // The table's clock is a manual one: a day passes without sleeping.
    let clock = ManualClock::at(now_ms());
    let settings = TableSettings {
        clock: clock.clone(),
        ..seeded(41)
    };
    let (bot, table) = start_bot_with(&fake, &dir.path().join("bot.db"), settings).await;
    let options = json!([
        {"name": "deadline", "type": 3, "value": "24h"},
        {"name": "on_timeout", "type": 3, "value": "replace"}
    ]);
    open_table_with(&fake, "pandoria", options, &[ANNA, BERT, CLEO]).await;
    let (Some(late), turn) = latest_turn(&fake) else {
        panic!("no turn");
    };
    assert!(
        content(&turn).contains("⏳ Deadline <t:"),
        "{}",
        content(&turn)
    );
    let voters: Vec<u64> = [ANNA, BERT, CLEO]
        .into_iter()
        .filter(|u| *u != late)
        .collect();
    let mark = fake.mark();
    clock.advance_hours(25);
    assert_eq!(table.sweep_deadlines().await.unwrap().votes, 1);
    // One post calls the vote, mentioning exactly the other two players, with two buttons.
    let call = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && content(r).contains("keep waiting?")
        })
        .await;
    assert!(call.ok(), "{call}");
    assert_eq!(allowed_users(&call), voters);
    let ids = custom_ids(&call);
    assert_eq!(ids.len(), 2, "{ids:?}");
    let replace = ids.iter().find(|i| i.ends_with(":vote:replace")).unwrap();
    // The late player cannot vote on their own seat.
    let (_, refused) = click(
        &fake,
        fake.button(late, CHANNEL, Some(GUILD), replace, message_id_of(&call)),
    )
    .await;
    assert!(
        content(&refused).contains("about your seat"),
        "{}",
        content(&refused)
    );
    for voter in &voters {
        let (_, answer) = click(
            &fake,
            fake.button(*voter, CHANNEL, Some(GUILD), replace, message_id_of(&call)),
        )
        .await;
        assert!(
            content(&answer).contains("Vote counted"),
            "{}",
            content(&answer)
        );
    }
    let open = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && content(r).contains("Take the seat")
        })
        .await;
    let take = custom_ids(&open)
        .into_iter()
        .find(|i| i.ends_with(":seat"))
        .expect("a Take the seat button");
    let (_, taken) = click(
        &fake,
        fake.button(STRANGER, CHANNEL, Some(GUILD), &take, message_id_of(&open)),
    )
    .await;
    assert!(
        content(&taken).contains("takes over"),
        "{}",
        content(&taken)
    );
    // A new turn message for the volunteer, mentioning only them; their hand by DM.
    let turn = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && content(r).contains("Sten takes over")
        })
        .await;
    assert_eq!(allowed_users(&turn), vec![STRANGER]);
    assert!(
        content(&turn).contains("⏳ Deadline <t:"),
        "{}",
        content(&turn)
    );
    fake.wait_for_since(mark, WAIT, |r| r.is_dm_open_for(STRANGER))
        .await;
    // A second volunteer is too late.
    let (_, late_again) = click(
        &fake,
        fake.button(late, CHANNEL, Some(GUILD), &take, message_id_of(&open)),
    )
    .await;
    assert!(
        content(&late_again).contains("No seat is open"),
        "{}",
        content(&late_again)
    );
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_seat_added_in_the_lobby_plays_its_turns_through_discord_without_pings() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let settings = TableSettings {
        ai_budget: Some(turnpost_core::ai::Budget {
            playouts: 16,
            candidates: 4,
            depth: 8,
            time: None,
        }),
        ..seeded(61)
    };
    let (bot, _table) = start_bot_with(&fake, &dir.path().join("bot.db"), settings).await;
    let answer = slash(
        &fake,
        ANNA,
        "new",
        json!([{"name": "pandoria", "type": 1, "options": []}]),
    )
    .await;
    assert!(answer.contains("opened"), "{answer}");
    // The lobby offers an AI of each strength and a way to remove one.
    let lobby = fake
        .wait_for(WAIT, |r| {
            r.is_channel_message(CHANNEL) && content(r).contains("opened a Pandoria table")
        })
        .await;
    let ids = custom_ids(&lobby);
    for suffix in [":ai:easy", ":ai:normal", ":ai:strong", ":ai-"] {
        assert!(ids.iter().any(|i| i.ends_with(suffix)), "{suffix}: {ids:?}");
    }
    let strong = ids.iter().find(|i| i.ends_with(":ai:strong")).unwrap();
    // Only the creator adds AI seats.
    let (_, refused) = click(
        &fake,
        fake.button(BERT, CHANNEL, Some(GUILD), strong, message_id_of(&lobby)),
    )
    .await;
    assert!(
        content(&refused).contains("Only the player who opened"),
        "{}",
        content(&refused)
    );
    let (_, added) = click(
        &fake,
        fake.button(ANNA, CHANNEL, Some(GUILD), strong, message_id_of(&lobby)),
    )
    .await;
    assert!(
        content(&added).contains("added an AI seat (strong)"),
        "{}",
        content(&added)
    );
    let answer = slash(&fake, ANNA, "start", json!([])).await;
    assert!(answer.contains("begins"), "{answer}");
    fake.wait_for(WAIT, |r| {
        r.is_channel_message(CHANNEL) && content(r).contains(" to play: ")
    })
    .await;
    // Anna plays her turns by /play; the AI plays its own as soon as the turn is its.
    let (mut anna_turns, mut ai_turns) = (0, 0);
    let mut last_label = String::new();
    for _ in 0..400 {
        let before = channel_updates(&fake).len();
        let (to_act, turn) = latest_turn(&fake);
        if to_act.is_none() && content(&turn).contains("The game is over") {
            break;
        }
        let label = label_to_act(&turn);
        if label.contains("(AI, strong)") {
            if label != last_label {
                ai_turns += 1;
            }
            fake.wait_for(WAIT, |_| channel_updates(&fake).len() > before)
                .await;
        } else {
            assert_eq!(to_act, Some(ANNA), "{}", content(&turn));
            if label != last_label {
                anna_turns += 1;
            }
            let choices = autocomplete(&fake, ANNA, "").await;
            let action = choices
                .iter()
                .find(|c| *c == "pass")
                .or(choices.first())
                .unwrap()
                .clone();
            play(&fake, ANNA, &action).await;
        }
        last_label = label;
        if ai_turns >= 3 && anna_turns >= 3 {
            break;
        }
    }
    assert!(
        ai_turns >= 3 && anna_turns >= 3,
        "{ai_turns} AI turns, {anna_turns} of Anna's"
    );
    // An AI's turn message mentions nobody; a turn passing to Anna mentions her only.
    for post in channel_posts(&fake) {
        let text = content(&post);
        if text.contains("(AI, strong) to play") {
            assert!(allowed_users(&post).is_empty(), "{text}");
            assert!(!text.contains("<@4611686"), "{text}");
        }
        if text.contains("Anna (") && text.contains(" to play: ") && !text.contains("(AI") {
            assert!(allowed_users(&post).iter().all(|u| *u == ANNA), "{text}");
        }
    }
    // Nobody tried to DM the AI (a DM channel is opened for Anna's hand only).
    for dm in fake.find_all(|r| r.path == "/api/v10/users/@me/channels") {
        let to = dm.json.as_ref().unwrap()["recipient_id"].clone();
        assert_eq!(
            to.as_str()
                .map(str::to_string)
                .or(to.as_u64().map(|u| u.to_string())),
            Some(ANNA.to_string()),
            "{dm}"
        );
    }
    fake.assert_clean();
    bot.stop().await;
    fake.assert_clean();
}
