//! Whole games played only through the private panel's buttons and selects, and what every
//! picture and DM of such a game must be.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pandoria_standard_game_is_played_to_the_end_by_clicking_only() {
    let standard = json!([{"name": "mode", "type": 3, "value": "standard"}]);
    let clicks = play_by_clicking("pandoria", standard, &[ANNA, BERT, CLEO], 21).await;
    assert!(clicks.stale_undo_refused, "no stale Undo was tried");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_roll_through_the_ages_game_is_played_to_the_end_by_clicking_only() {
    let clicks = play_by_clicking("rtta", json!([]), &[ANNA, BERT], 22).await;
    assert!(clicks.toggled > 0, "no dice were picked together");
}

/// What a game played by clicking did.
#[derive(Debug, Default)]
struct Clicks {
    /// Clicks in the panel (Take my turn included), actions played, turns.
    clicks: usize,
    actions: usize,
    turns: usize,
    /// Dice picked together in the panel's select (several at once), pages turned, groups
    /// opened.
    toggled: usize,
    paged: usize,
    opened: usize,
    stale_undo_refused: bool,
}

/// A small deterministic generator (a failing run replays exactly).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n.max(1)
    }
}

/// The enabled controls of a panel: (custom id, type, option values).
fn enabled(message: &Value) -> Vec<(String, u64, Vec<String>)> {
    controls(message)
        .into_iter()
        .filter(|c| c["disabled"] != true)
        .map(|c| {
            let values = c["options"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| o["value"].as_str().unwrap().to_string())
                .collect();
            (
                c["custom_id"].as_str().unwrap().to_string(),
                c["type"].as_u64().unwrap(),
                values,
            )
        })
        .collect()
}

/// Every value of the select `id` on `message`.
fn all_values(message: &Value, id: &str) -> Vec<String> {
    controls(message)
        .into_iter()
        .filter(|c| c["custom_id"] == id)
        .flat_map(|c| c["options"].as_array().cloned().unwrap_or_default())
        .filter_map(|o| o["value"].as_str().map(str::to_string))
        .collect()
}

/// How many values the select `id` on `message` takes at most.
fn select_most(message: &Value, id: &str) -> usize {
    controls(message)
        .into_iter()
        .find(|c| c["custom_id"] == id)
        .and_then(|c| c["max_values"].as_u64())
        .unwrap_or(1) as usize
}

/// Plays a whole game of `game` only through the private panel — Take my turn on the turn
/// message, then the panel's buttons and selects, never `/play` — choosing at random (seeded)
/// the way a player would: open a space or card, toggle some dice, turn a page now and then.
/// Checks Discord's limits on every panel, that every choice updates the panel in place,
/// that the panel says so when the turn has passed, and at the end that the channel got
/// exactly one new message (with exactly one mention) per change of the person to act,
/// that earlier turn messages lost their buttons, and that a stale Undo is refused.
async fn play_by_clicking(game: &str, options: Value, players: &[u64], seed: u64) -> Clicks {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("bot.db"), seed).await;
    open_table_with(&fake, game, options, players).await;
    let mark = fake.requests().len();
    let mut rng = Lcg(seed);
    let mut stats = Clicks::default();
    // Who played each action, in order; and an Undo button seen on a turn message.
    let mut actors: Vec<u64> = Vec::new();
    let mut old_undo: Option<(String, u64, usize)> = None;
    let mut per_turn: Vec<usize> = Vec::new();
    loop {
        let (Some(user), turn) = latest_turn(&fake) else {
            break;
        };
        assert!(stats.actions < 3000, "the game did not end");
        if actors.last() != Some(&user) {
            per_turn.push(0);
        }
        let take = custom_ids(&turn)
            .into_iter()
            .find(|id| id.ends_with(":turn"))
            .expect("a Take my turn button");
        let (callback, mut panel) = click(
            &fake,
            fake.button(user, CHANNEL, Some(GUILD), &take, message_id_of(&turn)),
        )
        .await;
        assert_eq!(
            callback.callback_type(),
            Some(5),
            "the panel is a new private message"
        );
        stats.clicks += 1;
        *per_turn.last_mut().unwrap() += 1;
        let panel_id = message_id_of_response(&panel);
        let mut views_this_decision = 0;
        loop {
            let message = panel.response.clone().unwrap();
            for c in controls(&message) {
                let label = c["label"]
                    .as_str()
                    .or(c["placeholder"].as_str())
                    .unwrap_or("");
                assert!(label.chars().count() <= 80, "label over 80: {label}");
                if let Some(options) = c["options"].as_array() {
                    assert!(!options.is_empty() && options.len() <= 25);
                }
            }
            let text = message["content"].as_str().unwrap_or_default().to_string();
            let choices = enabled(&message);
            if choices.is_empty() {
                assert!(
                    text.contains("Your turn is over") || text.contains("The game is over"),
                    "a panel offers no choice: {text}"
                );
                break;
            }
            let views: Vec<&(String, u64, Vec<String>)> = choices
                .iter()
                .filter(|(id, _, _)| {
                    id.contains(":page:") || id.contains(":tog:") || id.contains(":open:")
                })
                .collect();
            let acts: Vec<&(String, u64, Vec<String>)> = choices
                .iter()
                .filter(|(id, _, _)| {
                    id.contains(":act:") || id.ends_with(":pick") || id.ends_with(":toggled")
                })
                .collect();
            // A player opens a group when the panel offers groups, toggles a few dice or
            // turns a page now and then, and otherwise plays.
            let must_open = acts.is_empty();
            let browse = !views.is_empty() && views_this_decision < 3 && rng.below(3) == 0;
            let (id, kind, values) = if must_open || browse {
                let open: Vec<_> = views
                    .iter()
                    .filter(|(id, _, _)| id.contains(":open:"))
                    .collect();
                if must_open && !open.is_empty() && rng.below(5) > 0 {
                    (*open[0]).clone()
                } else {
                    views[rng.below(views.len())].clone()
                }
            } else {
                // Prefer doing something over passing, so that spells and purchases happen.
                let mut options: Vec<(String, u64, String)> = acts
                    .iter()
                    .flat_map(|(id, kind, values)| {
                        if values.is_empty() {
                            vec![(id.clone(), *kind, String::new())]
                        } else {
                            values
                                .iter()
                                .map(|v| (id.clone(), *kind, v.clone()))
                                .collect()
                        }
                    })
                    .collect();
                let busy: Vec<(String, u64, String)> = options
                    .iter()
                    .filter(|(id, _, v)| {
                        !id.ends_with(":act:pass")
                            && !id.ends_with(":act:done")
                            && v != "pass"
                            && v != "done"
                    })
                    .cloned()
                    .collect();
                if !busy.is_empty() && rng.below(5) > 0 {
                    options = busy;
                }
                let (id, kind, value) = options.swap_remove(rng.below(options.len()));
                (
                    id,
                    kind,
                    if value.is_empty() {
                        vec![]
                    } else {
                        vec![value]
                    },
                )
            };
            let together = id.ends_with(":toggled");
            let interaction = if together {
                // Dice picked together: the one chosen above and, now and then, more (as
                // many as the select takes).
                let most = select_most(&message, &id);
                let mut picked: Vec<String> = values.clone();
                for v in all_values(&message, &id) {
                    if picked.len() < most && !picked.contains(&v) && rng.below(3) == 0 {
                        picked.push(v);
                    }
                }
                if picked.len() > 1 {
                    stats.toggled += 1;
                }
                let picked: Vec<&str> = picked.iter().map(String::as_str).collect();
                fake.select(user, CHANNEL, Some(GUILD), &id, &picked, panel_id)
            } else if kind == 3 {
                let value = values
                    .get(rng.below(values.len()))
                    .cloned()
                    .unwrap_or_default();
                fake.select(user, CHANNEL, Some(GUILD), &id, &[value.as_str()], panel_id)
            } else {
                fake.button(user, CHANNEL, Some(GUILD), &id, panel_id)
            };
            let acting = id.contains(":act:") || id.ends_with(":pick") || together;
            let (callback, edit) = click(&fake, interaction).await;
            stats.clicks += 1;
            *per_turn.last_mut().unwrap() += 1;
            // Every choice on the panel updates that same panel in place.
            assert_eq!(callback.callback_type(), Some(6), "{callback}");
            assert_eq!(
                message_id_of_response(&edit),
                panel_id,
                "the panel itself changes"
            );
            if acting {
                stats.actions += 1;
                actors.push(user);
                views_this_decision = 0;
            } else {
                views_this_decision += 1;
                if id.contains(":page:") {
                    stats.paged += 1;
                } else {
                    stats.opened += 1;
                }
                // Looking around changes nothing in the game and keeps the pictures.
                assert!(edit.files.is_empty(), "a view change uploads nothing");
            }
            panel = edit;
            // An Undo button offered on the panel after a step undo may take back (issue 28).
            if old_undo.is_none()
                && let Some(id) = custom_ids(&panel)
                    .into_iter()
                    .find(|i| i.ends_with(":undo"))
            {
                old_undo = Some((id, panel_id, stats.actions));
            }
            let text = panel.response.as_ref().unwrap()["content"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            if text.contains("Your turn is over") || text.contains("The game is over") {
                assert!(
                    enabled(panel.response.as_ref().unwrap()).is_empty(),
                    "nothing stale is offered: {text}"
                );
                break;
            }
        }
        // The panel said the turn passed: the next turn's message (or the final one)
        // follows through the outbox.
        fake.wait_for(WAIT, |_| latest_turn(&fake).0 != Some(user))
            .await;
        // Every hand change reached its player: each DM of the game shows the hand as it is.
        if latest_turn(&fake).0.is_some() {
            assert_dms_show_the_hands(&fake, players).await;
        }
        // A stale Undo under an earlier turn message is refused, politely, and changes nothing.
        if let Some((id, message, at)) = old_undo.clone()
            && stats.actions > at + 1
            && !stats.stale_undo_refused
            && latest_turn(&fake).0.is_some()
        {
            let before = channel_updates(&fake).len();
            let (who, _) = latest_turn(&fake);
            // The Undo of an older panel (issue 28: Undo lives on the panel) updates that
            // panel in place with the refusal.
            let (_, edit) = click(
                &fake,
                fake.button_unchecked(who.unwrap(), CHANNEL, Some(GUILD), &id, message),
            )
            .await;
            let answer = edit.response.as_ref().unwrap()["content"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            assert!(answer.contains("This turn has passed"), "{answer}");
            tokio::time::sleep(Duration::from_millis(200)).await;
            assert_eq!(
                channel_updates(&fake).len(),
                before,
                "a stale Undo changed the channel"
            );
            stats.stale_undo_refused = true;
        }
    }
    // The channel: one new message per change of the person to act, each with one mention
    // (the person), the final one with none; every earlier message lost its buttons.
    let posts: Vec<Recorded> = channel_posts(&fake)
        .into_iter()
        .filter(|r| content(r).contains(" to play: ") || content(r).contains("The game is over"))
        .collect();
    let mut people = actors.clone();
    people.dedup();
    let mentioned_in_posts: Vec<u64> = posts
        .iter()
        .filter(|p| !content(p).contains("The game is over"))
        .map(|p| {
            assert_eq!(content(p).matches("<@").count(), 1, "one mention: {p}");
            mentioned(&content(p)).unwrap()
        })
        .collect();
    assert_eq!(
        mentioned_in_posts, people,
        "one message per change of the person to act"
    );
    let last = posts.last().unwrap();
    assert!(
        content(last).contains("The game is over"),
        "the final message ends the game"
    );
    assert!(
        !content(last).contains("<@"),
        "the final message pings nobody"
    );
    assert_every_old_turn_message_lost_its_buttons(&fake).await;
    assert_quiet_dms(&fake, players).await;
    assert!(stats.opened + stats.toggled > 0);
    stats.turns = per_turn.len();
    let mut sorted = per_turn.clone();
    sorted.sort_unstable();
    eprintln!(
        "{game}, played by clicking only: {} actions in {} turns, {} clicks ({:.1} per turn, median {}), {} groups opened, {} dice toggled, {} pages turned",
        stats.actions,
        stats.turns,
        stats.clicks,
        stats.clicks as f64 / stats.turns.max(1) as f64,
        sorted.get(sorted.len() / 2).copied().unwrap_or(0),
        stats.opened,
        stats.toggled,
        stats.paged
    );
    traffic_report(&fake, mark, stats.actions);
    assert_every_picture_has_words(&fake);
    // Roll Through the Ages hides nothing: its panel has no pictures.
    assert_panel_pictures_are_stacked(&fake, game == "pandoria");
    bot.stop().await;
    fake.assert_clean();
    stats
}

/// Every picture uploaded in the whole game (turn messages and their edits, DMs, panels,
/// ephemeral answers) went with a description in words (alt text, ≤ 1,024 characters) in
/// its `attachments` entry, as Discord reads it.
fn assert_every_picture_has_words(fake: &FakeDiscord) {
    let mut pictures = 0;
    for r in fake.requests() {
        for (name, _) in r.png_files() {
            let entry = r
                .json
                .as_ref()
                .and_then(|j| j["attachments"].as_array())
                .and_then(|a| a.iter().find(|e| e["filename"] == name.as_str()))
                .unwrap_or_else(|| panic!("{name} has no attachments entry: {r}"));
            let words = entry["description"].as_str().unwrap_or("");
            assert!(
                !words.trim().is_empty() && words.chars().count() <= 1024,
                "{name} went without words (or too many): {r}"
            );
            assert!(
                !words.starts_with("Picture: "),
                "{name} got the fallback description, not its own words: {words}"
            );
            pictures += 1;
        }
    }
    assert!(pictures > 10, "only {pictures} pictures were sent");
}

/// The pictures of every interaction answer (the panel, My hand) are each shown by an embed
/// (`attachment://name`), which phones stack at full width, never as plain attachments side
/// by side.
fn assert_panel_pictures_are_stacked(fake: &FakeDiscord, some: bool) {
    let mut panels = 0;
    for r in fake.requests() {
        if r.interaction_token().is_none() || r.png_files().is_empty() {
            continue;
        }
        let shown: Vec<&str> = r
            .json
            .as_ref()
            .and_then(|j| j["embeds"].as_array())
            .into_iter()
            .flatten()
            .filter_map(|e| e["image"]["url"].as_str())
            .filter_map(|u| u.strip_prefix("attachment://"))
            .collect();
        for (name, _) in r.png_files() {
            assert!(
                shown.contains(&name.as_str()),
                "{name} is a plain attachment, not in an embed: {r}"
            );
        }
        panels += 1;
    }
    assert_eq!(panels > 0, some, "{panels} panels showed pictures");
}

/// Waits until each player's DM of the game (the newest message in their DM channel) shows
/// their hand as `/hand` shows it now: hand changes are edits of that one message, so its
/// latest content is the hand. Nothing is checked in a game without secrets.
async fn assert_dms_show_the_hands(fake: &FakeDiscord, players: &[u64]) {
    for &player in players {
        let hand = slash(fake, player, "hand", json!([])).await;
        if hand.contains("hides nothing") {
            // A game without secrets (RTTA: `/hand` shows the player's own sheet) sends
            // no DMs at all; assert_quiet_dms checks that none went out.
            return;
        }
        let channel = fake.dm_channel(player);
        let shows = |fake: &FakeDiscord| {
            fake.messages_in(channel)
                .last()
                .and_then(|m| m["content"].as_str().map(str::to_string))
                .is_some_and(|dm| dm.contains(hand.trim()))
        };
        fake.wait_for(WAIT, |_| shows(fake)).await;
        assert!(
            shows(fake),
            "player {player}'s DM does not show their hand: {hand}"
        );
    }
}

/// Quiet DMs (issue 28): per player, at most three new DMs in a whole game (the first hand,
/// the result, and one spare for a deleted DM) — every other hand change is an edit of
/// that DM; and the last DM is the result.
async fn assert_quiet_dms(fake: &FakeDiscord, players: &[u64]) {
    for &player in players {
        let created = fake.count(|r| r.dm_recipient == Some(player) && r.is_dm_message() && r.ok());
        let edited =
            fake.count(|r| r.dm_recipient == Some(player) && r.method == "PATCH" && r.ok());
        eprintln!("player {player}: {created} new DMs, {edited} edits");
        if created == 0 {
            // A game without secrets sends no DMs at all.
            assert_eq!(edited, 0);
            continue;
        }
        assert!(created <= 3, "player {player} got {created} new DMs");
        assert!(edited > 0, "player {player}'s hand changes were no edits");
        let channel = fake.dm_channel(player);
        fake.wait_for(WAIT, |_| {
            fake.messages_in(channel).last().is_some_and(|m| {
                m["content"]
                    .as_str()
                    .unwrap_or("")
                    .contains("The game is over")
            })
        })
        .await;
    }
}
