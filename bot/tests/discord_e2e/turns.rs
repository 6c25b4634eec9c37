//! Whole games played by clicks in the panel at any server and channel, with no check of
//! the words (for tests where the language or the process is the point: `every_word`,
//! `shards`).

use super::*;

/// Where a test game is played: (server, channel).
pub(crate) type At = (u64, u64);

/// The test's table at `at`: opened by `players[0]`, joined by the others, started, with no
/// check of the words (the language is the point).
pub(crate) async fn open(fake: &FakeDiscord, at: At, game: &str, options: Value, players: &[u64]) {
    let (guild, channel) = at;
    let send = |user: u64, name: &str, options: Value| {
        fake.slash_command(user, channel, Some(guild), name, options)
    };
    answer_of(
        fake,
        send(
            players[0],
            "new",
            json!([{"name": game, "type": 1, "options": options}]),
        ),
    )
    .await;
    for &p in &players[1..] {
        answer_of(fake, send(p, "join", json!([]))).await;
    }
    answer_of(fake, send(players[0], "start", json!([]))).await;
    fake.wait_for(WAIT, |r| {
        r.is_channel_message(channel) && custom_ids(r).iter().any(|id| id.ends_with(":turn"))
    })
    .await;
}

/// The channel's new messages and the edits of its messages' words, in order.
fn updates_in(fake: &FakeDiscord, channel: u64) -> Vec<Recorded> {
    let edit = format!("/api/v10/channels/{channel}/messages/");
    fake.find_all(|r| {
        r.is_channel_message(channel)
            || (r.method == "PATCH"
                && r.path.starts_with(&edit)
                && r.json.as_ref().is_some_and(|j| j.get("content").is_some()))
    })
}

/// The latest turn button (`tp:<game>:<version>:turn`) of the channel and who it is for, or
/// `None` once the final message (with its Rematch button) is there.
fn turn_now(fake: &FakeDiscord, channel: u64) -> Option<(String, u64)> {
    let updates = updates_in(fake, channel);
    let last = updates
        .iter()
        .rev()
        .find(|r| {
            custom_ids(r)
                .iter()
                .any(|id| id.ends_with(":turn") || id.ends_with(":rematch"))
        })
        .expect("a turn message");
    let take = custom_ids(last)
        .into_iter()
        .find(|id| id.ends_with(":turn"))?;
    let post = fake
        .find_all(|r| r.is_channel_message(channel))
        .into_iter()
        .rev()
        .find(|r| custom_ids(r).iter().any(|id| id.ends_with(":turn")))
        .unwrap();
    Some((
        take,
        mentioned(&content(&post)).expect("a turn post mentions who acts"),
    ))
}

/// Plays the game at `at` by clicks in the panel (random, seeded) until the turn passes to
/// another person or the game ends; the actions played, or `None` when it is over.
pub(crate) async fn play_turn(fake: &FakeDiscord, at: At, rng: &mut u64) -> Option<usize> {
    let (guild, channel) = at;
    let mut below = |n: usize| {
        *rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*rng >> 33) as usize % n.max(1)
    };
    let (take, user) = turn_now(fake, channel)?;
    let turn = updates_in(fake, channel)
        .into_iter()
        .rev()
        .find(|r| custom_ids(r).contains(&take))
        .unwrap();
    // Unchecked: the outbox may take the button away (a newer turn message) just now; the
    // bot then answers that the turn has passed, with nothing to click, and the next round
    // finds the newer message.
    let (_, mut panel) = click(
        fake,
        fake.button_unchecked(user, channel, Some(guild), &take, message_id_of(&turn)),
    )
    .await;
    let panel_id = message_id_of_response(&panel);
    let mut looked = 0;
    let mut actions = 0;
    loop {
        let message = panel.response.clone().unwrap();
        let choices: Vec<(String, u64, Vec<String>)> = controls(&message)
            .into_iter()
            .filter(|c| c["disabled"] != true)
            .filter_map(|c| {
                let id = c["custom_id"].as_str()?.to_string();
                let values = c["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|o| o["value"].as_str().map(str::to_string))
                    .collect();
                Some((id, c["type"].as_u64()?, values))
            })
            .filter(|(id, _, _)| !id.ends_with(":undo") && !id.ends_with(":explain"))
            .collect();
        if choices.is_empty() {
            break;
        }
        let acts: Vec<_> = choices
            .iter()
            .filter(|(id, _, _)| {
                id.contains(":act:")
                    || id.contains(":sure:")
                    || id.ends_with(":pick")
                    || id.ends_with(":toggled")
            })
            .collect();
        let views: Vec<_> = choices
            .iter()
            .filter(|(id, _, _)| id.contains(":open:") || id.contains(":page:"))
            .collect();
        let look = acts.is_empty() || (!views.is_empty() && looked < 2 && below(3) == 0);
        let (id, kind, values) = if look && !views.is_empty() {
            looked += 1;
            views[below(views.len())].clone()
        } else if !acts.is_empty() {
            looked = 0;
            actions += 1;
            acts[below(acts.len())].clone()
        } else {
            choices[below(choices.len())].clone()
        };
        let interaction = if kind == 3 {
            let value = values[below(values.len())].clone();
            fake.select(user, channel, Some(guild), &id, &[value.as_str()], panel_id)
        } else {
            fake.button(user, channel, Some(guild), &id, panel_id)
        };
        let (_, edit) = click(fake, interaction).await;
        panel = edit;
    }
    fake.wait_for(WAIT, |_| {
        turn_now(fake, channel).is_none_or(|(now, _)| now != take)
    })
    .await;
    Some(actions)
}
