//! Players at the fake Discord: interactions sent and their answers waited for, and whole
//! games played by clicks in the panel at any server and channel, with no check of the words
//! (for tests where the language or the processes are the point: `every_word`, `shards`,
//! `scale_out`).
//!
//! A [`Clicker`] is one person's patience ([`Patience`]) and the record of what they sent
//! ([`Sent`]); its methods say what went wrong instead of panicking, so a test whose bot
//! processes are killed can try again as a person would. The free functions are the strict
//! forms for tests where nothing may fail.

use std::time::Duration;

use serde_json::{Value, json};

use super::{FakeDiscord, Recorded};

/// Where a test game is played: (server, channel).
pub type At = (u64, u64);

/// How long a player waits.
#[derive(Clone, Copy, Debug)]
pub struct Patience {
    /// For a gateway connection of the interaction's shard (zero: a click whose shard no
    /// process has connected fails at once, as on Discord).
    pub connect: Duration,
    /// For the acknowledgement (the deferral).
    pub ack: Duration,
    /// For the answer (the edit of the deferred response).
    pub answer: Duration,
    /// For the turn message to change once a turn is played.
    pub turn: Duration,
}

impl Patience {
    /// For tests where nothing may fail: a click's failure fails the test.
    pub const STRICT: Patience = Patience {
        connect: Duration::from_secs(10),
        ack: Duration::from_secs(20),
        answer: Duration::from_secs(20),
        turn: Duration::from_secs(20),
    };
}

/// One interaction a player sent, and what came back.
#[derive(Clone, Debug)]
pub struct Sent {
    /// The interaction as the fake dispatched it (or tried to).
    pub interaction: Value,
    /// When the player sent it.
    pub at: std::time::Instant,
    /// Whether it was written to a gateway connection.
    pub dispatched: bool,
    /// Its callback (the deferral), if one came.
    pub callback: Option<Recorded>,
    /// The edit of its response that answered it, if one came: what the player sees.
    pub answer: Option<Recorded>,
}

impl Sent {
    /// The interaction's id.
    pub fn id(&self) -> &str {
        self.interaction["id"].as_str().unwrap_or_default()
    }

    /// The `custom_id` of the button or select it clicked, if it was a click.
    pub fn custom_id(&self) -> Option<&str> {
        self.interaction["data"]["custom_id"].as_str()
    }

    /// Whether the player got their answer: the callback and the edit, both accepted.
    pub fn answered(&self) -> bool {
        self.callback.as_ref().is_some_and(Recorded::ok)
            && self.answer.as_ref().is_some_and(Recorded::ok)
    }
}

/// A player: their patience and every interaction they sent.
#[derive(Debug)]
pub struct Clicker<'a> {
    pub fake: &'a FakeDiscord,
    pub patience: Patience,
    pub sent: Vec<Sent>,
}

impl<'a> Clicker<'a> {
    /// A player for whom nothing may fail ([`Patience::STRICT`]).
    pub fn strict(fake: &'a FakeDiscord) -> Clicker<'a> {
        Clicker::new(fake, Patience::STRICT)
    }

    pub fn new(fake: &'a FakeDiscord, patience: Patience) -> Clicker<'a> {
        Clicker {
            fake,
            patience,
            sent: Vec::new(),
        }
    }

    /// Sends an interaction and waits for its callback and the edit that answers it;
    /// recorded in `sent` whatever happened. The error says what did not come.
    pub async fn send(&mut self, interaction: Value) -> Result<(Recorded, Recorded), String> {
        let fake = self.fake;
        let p = self.patience;
        let mut sent = Sent {
            interaction: interaction.clone(),
            at: std::time::Instant::now(),
            dispatched: false,
            callback: None,
            answer: None,
        };
        let result = async {
            fake.try_dispatch("INTERACTION_CREATE", interaction.clone(), p.connect)
                .await?;
            sent.dispatched = true;
            let of = |pred: fn(&Recorded) -> bool| {
                let interaction = &interaction;
                move || {
                    fake.interaction_requests(interaction)
                        .into_iter()
                        .find(pred)
                }
            };
            sent.callback = fake.poll_until(p.ack, of(Recorded::is_callback)).await;
            let callback = sent
                .callback
                .clone()
                .ok_or_else(|| format!("no acknowledgement within {:?}", p.ack))?;
            if !callback.ok() {
                // Discord shows the click failed; nothing answers it later.
                return Err(format!("the acknowledgement was refused: {callback}"));
            }
            sent.answer = fake
                .poll_until(p.answer, of(Recorded::is_original_edit))
                .await;
            let answer = sent
                .answer
                .clone()
                .ok_or_else(|| format!("no answer within {:?}", p.answer))?;
            if !answer.ok() {
                return Err(format!("the answer was refused: {answer}"));
            }
            Ok((callback, answer))
        }
        .await;
        self.sent.push(sent);
        result.map_err(|e| format!("interaction {}: {e}", interaction["id"]))
    }

    /// The test's table at `at`: opened by `players[0]`, joined by the others, started, with
    /// no check of the words.
    pub async fn open(
        &mut self,
        at: At,
        game: &str,
        options: Value,
        players: &[u64],
    ) -> Result<(), String> {
        let (guild, channel) = at;
        let fake = self.fake;
        let send = |user: u64, name: &str, options: Value| {
            fake.slash_command(user, channel, Some(guild), name, options)
        };
        self.send(send(
            players[0],
            "new",
            json!([{"name": game, "type": 1, "options": options}]),
        ))
        .await?;
        for &p in &players[1..] {
            self.send(send(p, "join", json!([]))).await?;
        }
        self.send(send(players[0], "start", json!([]))).await?;
        fake.poll_until(self.patience.answer, || {
            fake.channel_requests(channel)
                .iter()
                .any(|r| {
                    r.is_channel_message(channel)
                        && custom_ids(r).iter().any(|id| id.ends_with(":turn"))
                })
                .then_some(())
        })
        .await
        .ok_or_else(|| format!("no turn message in channel {channel}"))
    }

    /// Plays the game at `at` by clicks in the panel (random, seeded) until the turn passes to
    /// another person or the game ends; the actions played, or `None` when it is over.
    pub async fn play_turn(&mut self, at: At, rng: &mut u64) -> Result<Option<usize>, String> {
        let (guild, channel) = at;
        let fake = self.fake;
        let mut below = |n: usize| {
            *rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (*rng >> 33) as usize % n.max(1)
        };
        let Some((take, user)) = turn_now(fake, channel) else {
            return Ok(None);
        };
        let turn = updates_in(fake, channel)
            .into_iter()
            .rev()
            .find(|r| custom_ids(r).contains(&take))
            .unwrap();
        // Unchecked: the outbox may take the button away (a newer turn message) just now; the
        // bot then answers that the turn has passed, with nothing to click, and the next round
        // finds the newer message.
        let (_, mut panel) = self
            .send(fake.button_unchecked(user, channel, Some(guild), &take, message_id_of(&turn)))
            .await?;
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
            let acts: Vec<_> = choices.iter().filter(|(id, _, _)| is_action(id)).collect();
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
            let (_, edit) = self.send(interaction).await?;
            panel = edit;
        }
        fake.poll_until(self.patience.turn, || {
            turn_now(fake, channel)
                .is_none_or(|(now, _)| now != take)
                .then_some(())
        })
        .await
        .ok_or_else(|| {
            format!(
                "the turn message of channel {channel} did not change within {:?}",
                self.patience.turn
            )
        })?;
        Ok(Some(actions))
    }
}

/// Whether a control's `custom_id` plays an action (rather than showing a page, a group or
/// the panel).
pub fn is_action(custom_id: &str) -> bool {
    custom_id.contains(":act:")
        || custom_id.contains(":sure:")
        || custom_id.ends_with(":pick")
        || custom_id.ends_with(":toggled")
}

/// [`Clicker::open`] by a player for whom nothing may fail.
pub async fn open(fake: &FakeDiscord, at: At, game: &str, options: Value, players: &[u64]) {
    if let Err(e) = Clicker::strict(fake).open(at, game, options, players).await {
        panic!("{e}\n{}", fake.report());
    }
}

/// [`Clicker::play_turn`] by a player for whom nothing may fail.
pub async fn play_turn(fake: &FakeDiscord, at: At, rng: &mut u64) -> Option<usize> {
    Clicker::strict(fake)
        .play_turn(at, rng)
        .await
        .unwrap_or_else(|e| panic!("{e}\n{}", fake.report()))
}

/// Sends a component interaction and returns the callback and the edit that answered it
/// (nothing may fail).
pub async fn click(fake: &FakeDiscord, interaction: Value) -> (Recorded, Recorded) {
    Clicker::strict(fake)
        .send(interaction)
        .await
        .unwrap_or_else(|e| panic!("{e}\n{}", fake.report()))
}

/// Sends a slash command interaction and waits for its answer: deferred first (type 5),
/// then answered by editing the original response; the answer's words.
pub async fn answer_of(fake: &FakeDiscord, interaction: Value) -> String {
    let (deferral, edit) = click(fake, interaction).await;
    assert_eq!(
        deferral.json.as_ref().unwrap()["type"],
        5,
        "interactions are deferred"
    );
    assert_eq!(
        deferral.status, 204,
        "Discord accepted the deferral: {deferral}"
    );
    assert_eq!(edit.status, 200, "Discord accepted the answer: {edit}");
    content(&edit)
}

/// The channel's new messages and the edits of its messages' words, in order.
fn updates_in(fake: &FakeDiscord, channel: u64) -> Vec<Recorded> {
    let edit = format!("/api/v10/channels/{channel}/messages/");
    fake.channel_requests(channel)
        .into_iter()
        .filter(|r| {
            r.is_channel_message(channel)
                || (r.method == "PATCH"
                    && r.path.starts_with(&edit)
                    && r.json.as_ref().is_some_and(|j| j.get("content").is_some()))
        })
        .collect()
}

/// The latest turn button (`tp:<game>:<version>:turn`) of the channel and who it is for, or
/// `None` once the final message (with its Rematch button) is there.
pub fn turn_now(fake: &FakeDiscord, channel: u64) -> Option<(String, u64)> {
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
    let post = updates
        .iter()
        .rev()
        .filter(|r| r.is_channel_message(channel))
        .find(|r| custom_ids(r).iter().any(|id| id.ends_with(":turn")))
        .unwrap();
    Some((
        take,
        mentioned(&content(post)).expect("a turn post mentions who acts"),
    ))
}

/// The text a request sent (empty if none).
pub fn content(r: &Recorded) -> String {
    r.json
        .as_ref()
        .and_then(|j| j["content"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// The user mentioned in a message's text.
pub fn mentioned(text: &str) -> Option<u64> {
    text.rsplit("<@")
        .next()
        .and_then(|s| s.split('>').next())
        .and_then(|s| s.parse().ok())
}

/// The `custom_id`s of a request's components.
pub fn custom_ids(post: &Recorded) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(rows) = post.json.as_ref().and_then(|j| j["components"].as_array()) {
        for row in rows {
            for c in row["components"].as_array().into_iter().flatten() {
                if let Some(id) = c["custom_id"].as_str() {
                    out.push(id.to_string());
                }
            }
        }
    }
    out
}

/// The id of the message a post created, or an edit changed.
pub fn message_id_of(r: &Recorded) -> u64 {
    if r.method == "PATCH" {
        return r.path.rsplit('/').next().unwrap().parse().unwrap();
    }
    r.response.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// The buttons and select menus of a message's JSON.
pub fn controls(message: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        out.extend(row["components"].as_array().into_iter().flatten().cloned());
    }
    out
}

/// The id of the message an edit of an interaction's response changed.
pub fn message_id_of_response(r: &Recorded) -> u64 {
    r.response.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}
