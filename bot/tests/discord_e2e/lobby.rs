//! The lobby message edited in place, and a rematch's lobby.

use super::*;

/// PATCHes of one channel message that Discord accepted.
fn edits_of(fake: &FakeDiscord, message: u64) -> Vec<Recorded> {
    fake.find_all(|r| {
        r.method == "PATCH"
            && r.ok()
            && r.path
                .ends_with(&format!("/channels/{CHANNEL}/messages/{message}"))
    })
}

/// The custom id ending in `:{verb}` under a posted message.
fn button_id(post: &Recorded, verb: &str) -> String {
    custom_ids(post)
        .into_iter()
        .find(|id| id.ends_with(&format!(":{verb}")))
        .unwrap_or_else(|| panic!("no {verb} button under {post}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_is_one_message_edited_in_place_that_loses_its_buttons_at_the_start() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db"), 9).await;
    let opened = slash(
        &fake,
        ANNA,
        "new",
        json!([{"name": "pandoria", "type": 1, "options": []}]),
    )
    .await;
    assert!(opened.contains("opened"), "{opened}");
    let lobby = fake
        .wait_for(WAIT, |r| {
            r.is_channel_message(CHANNEL) && r.ok() && content(r).contains("opened a Pandoria")
        })
        .await;
    let lobby_id = message_id_of(&lobby);
    // Three players join by the lobby's button, one of them leaves again: each edits it.
    let join = button_id(&lobby, "join");
    for (i, user) in [BERT, CLEO, STRANGER].into_iter().enumerate() {
        let answer = answer_of(
            &fake,
            fake.button(user, CHANNEL, Some(GUILD), &join, lobby_id),
        )
        .await;
        assert!(answer.contains("joined"), "{answer}");
        fake.wait_for(WAIT, |_| edits_of(&fake, lobby_id).len() > i)
            .await;
    }
    let answer = slash(&fake, CLEO, "leave", json!([])).await;
    assert!(answer.contains("Cleo left"), "{answer}");
    fake.wait_for(WAIT, |_| edits_of(&fake, lobby_id).len() > 3)
        .await;
    let shown = fake.message(lobby_id).unwrap();
    let text = shown["content"].as_str().unwrap();
    assert!(
        text.contains("Cleo left. Seats: Anna, Bert, Sten."),
        "{text}"
    );
    assert!(
        text.contains("Join to take a seat; Anna starts the game."),
        "{text}"
    );
    assert!(
        controls(&shown)
            .iter()
            .any(|c| c["custom_id"].as_str() == Some(join.as_str())),
        "the open lobby keeps its buttons"
    );
    let start = button_id(&lobby, "start");
    let answer = answer_of(
        &fake,
        fake.button(ANNA, CHANNEL, Some(GUILD), &start, lobby_id),
    )
    .await;
    assert!(answer.contains("begins"), "{answer}");
    fake.wait_for(WAIT, |r| {
        r.is_channel_message(CHANNEL) && r.ok() && content(r).contains(" to play: ")
    })
    .await;
    fake.wait_for(WAIT, |_| edits_of(&fake, lobby_id).len() > 4)
        .await;
    // One lobby message in the channel (the other post is the first turn message), edited
    // once per join, leave and the start; at the end it has no buttons.
    let posts = channel_posts(&fake);
    assert_eq!(posts.len(), 2, "{posts:#?}");
    assert_eq!(message_id_of(&posts[0]), lobby_id);
    assert!(content(&posts[1]).contains(" to play: "));
    let edits = edits_of(&fake, lobby_id);
    assert_eq!(edits.len(), 5, "{edits:#?}");
    assert!(
        edits.iter().all(|e| !content(e).contains("<@")),
        "edits mention nobody"
    );
    let last = fake.message(lobby_id).unwrap();
    assert!(controls(&last).is_empty(), "buttons left: {last}");
    let text = last["content"].as_str().unwrap();
    assert!(text.contains("Seats: Anna, Bert, Sten."), "{text}");
    assert!(text.contains("The game has started"), "{text}");
    // The turn message did not have to take buttons off the lobby: the start already did.
    assert_eq!(
        fake.count(|r| retired(r) == Some(lobby_id)),
        0,
        "no second edit of the lobby"
    );
    // A late click on the old Join button is answered, politely.
    let late = answer_of(
        &fake,
        fake.button_unchecked(CLEO, CHANNEL, Some(GUILD), &join, lobby_id),
    )
    .await;
    assert!(late.contains("already started"), "{late}");
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_opens_a_lobby_for_the_same_seats_that_starts_when_everyone_confirmed() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, table) = start_bot_with(&fake, &dir.path().join("bot.db"), seeded(11)).await;
    open_table(&fake, "pandoria", &[ANNA, BERT]).await;
    let first = channel_posts(&fake)
        .into_iter()
        .find(|p| content(p).contains(" begins: "))
        .unwrap();
    let begins = content(&first)
        .lines()
        .find(|l| l.contains(" begins: "))
        .unwrap()
        .to_string();
    // Bert resigns: the final message offers a rematch.
    let answer = slash(&fake, BERT, "resign", json!([])).await;
    assert!(answer.contains("resigned"), "{answer}");
    let last = fake
        .wait_for(WAIT, |r| {
            r.is_channel_message(CHANNEL)
                && r.ok()
                && custom_ids(r).iter().any(|id| id.ends_with(":rematch"))
        })
        .await;
    let last_id = message_id_of(&last);
    let rematch = button_id(&last, "rematch");
    // Someone who did not play is refused; a player opens the lobby.
    let refused = answer_of(
        &fake,
        fake.button(STRANGER, CHANNEL, Some(GUILD), &rematch, last_id),
    )
    .await;
    assert!(refused.contains("Only the players"), "{refused}");
    let mark = fake.mark();
    let answer = answer_of(
        &fake,
        fake.button(ANNA, CHANNEL, Some(GUILD), &rematch, last_id),
    )
    .await;
    assert!(
        answer.contains("Rematch of the last Pandoria game"),
        "{answer}"
    );
    let lobby = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && r.ok() && content(r).contains("Rematch of the last")
        })
        .await;
    let lobby_id = message_id_of(&lobby);
    assert!(
        content(&lobby).contains("same seats: Anna, Bert (waiting)."),
        "{}",
        content(&lobby)
    );
    // Asking twice is refused politely while the lobby is open.
    let twice = answer_of(
        &fake,
        fake.button(BERT, CHANNEL, Some(GUILD), &rematch, last_id),
    )
    .await;
    assert!(twice.contains("press Join"), "{twice}");
    // Bert confirms with Join: everyone is there, the game starts in the same seats.
    let join = button_id(&lobby, "join");
    let answer = answer_of(
        &fake,
        fake.button(BERT, CHANNEL, Some(GUILD), &join, lobby_id),
    )
    .await;
    assert!(answer.contains(&begins), "{answer} (was: {begins})");
    let turn = fake
        .wait_for_since(mark, WAIT, |r| {
            r.is_channel_message(CHANNEL) && r.ok() && content(r).contains(" to play: ")
        })
        .await;
    assert!(content(&turn).contains(&begins), "{}", content(&turn));
    fake.wait_for(WAIT, |_| {
        fake.message(lobby_id).is_some_and(|m| {
            controls(&m).is_empty() && m["content"].as_str().unwrap_or("").contains("has started")
        })
    })
    .await;
    // A new seed, the same options.
    let store = table.store();
    let old = store.game(1).await.unwrap().unwrap();
    let new = store.game(2).await.unwrap().unwrap();
    assert_eq!(new.channel_id, CHANNEL);
    assert_eq!(new.options, old.options);
    assert_ne!(new.seed.to_hex(), old.seed.to_hex());
    // While it runs, the old Rematch is refused.
    let busy = answer_of(
        &fake,
        fake.button(ANNA, CHANNEL, Some(GUILD), &rematch, last_id),
    )
    .await;
    assert!(busy.contains("already being played"), "{busy}");
    bot.stop().await;
    fake.assert_clean();
}
