//! One click, one call into the table (issue 29): a whole game of every registered game is
//! played through the fake Discord by clicking only — the lobby's Join and Start, Take my
//! turn, the panel's buttons and selects, its pages, groups and toggles, Undo, the answer to
//! a question, What does it do?, My hand and the log — and every click makes exactly one
//! call into the table ([`Table::calls`]): the table's answer carries the next panel, so the
//! adapter never calls back. The adapter's source names no other way into the table.

mod support;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use support::bot::{GUILD, seeded};
use support::{FakeDiscord, Recorded};
use turnpost_bot::table::{NoImages, Table};
use turnpost_core::options::OptionKind;
use turnpost_core::registry;

const CHANNEL: u64 = 8000;
const WAIT: Duration = Duration::from_secs(20);
const PLAYERS: [u64; 2] = [101, 102];

fn content(r: &Recorded) -> String {
    r.json
        .as_ref()
        .and_then(|j| j["content"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// The user mentioned in a message's text.
fn mentioned(text: &str) -> Option<u64> {
    text.rsplit("<@")
        .next()
        .and_then(|s| s.split('>').next())
        .and_then(|s| s.parse().ok())
}

/// The player to act and the latest state of the turn message (its last edit, or the
/// post); `None` once the game is over.
fn latest_turn(fake: &FakeDiscord) -> (Option<u64>, Recorded) {
    let is_turn =
        |r: &Recorded| content(r).contains(" to play: ") || content(r).contains("The game is over");
    let is_edit = |r: &Recorded| {
        r.method == "PATCH"
            && r.path
                .starts_with(&format!("/api/v10/channels/{CHANNEL}/messages/"))
            && r.json.as_ref().is_some_and(|j| j.get("content").is_some())
    };
    let updates = fake.find_all(|r| (r.is_channel_message(CHANNEL) || is_edit(r)) && r.ok());
    let update = updates
        .into_iter()
        .rev()
        .find(is_turn)
        .expect("a turn message");
    if content(&update).contains("The game is over") {
        return (None, update);
    }
    let post = fake
        .find_all(|r| r.is_channel_message(CHANNEL) && r.ok())
        .into_iter()
        .rev()
        .find(is_turn)
        .expect("a turn message was posted before it was edited");
    (mentioned(&content(&post)), update)
}

/// The id of the message a post created, or an edit changed.
fn message_id(r: &Recorded) -> u64 {
    if r.method == "PATCH" && !r.path.ends_with("@original") {
        return r.path.rsplit('/').next().unwrap().parse().unwrap();
    }
    r.response.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// The enabled controls of a message: (custom id, type, option values).
fn enabled(message: &Value) -> Vec<(String, u64, Vec<String>)> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if c["disabled"] == true {
                continue;
            }
            let values = c["options"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|o| o["value"].as_str().map(str::to_string))
                .collect();
            if let (Some(id), Some(kind)) = (c["custom_id"].as_str(), c["type"].as_u64()) {
                out.push((id.to_string(), kind, values));
            }
        }
    }
    out
}

/// The kind of click a custom id stands for (its verb).
fn kind_of(id: &str) -> &'static str {
    let verb = id.splitn(4, ':').nth(3).unwrap_or_default();
    match verb.split(':').next().unwrap_or_default() {
        "turn" => "Take my turn",
        "act" => "panel action button",
        "pick" => "select an action",
        "sure" => "play it anyway",
        "page" => "page / Back",
        "open" => "open a group",
        "tog" => "toggle",
        "toggled" => "select items together",
        "undo" => "Undo",
        "hand" => "My hand",
        "log" => "Log",
        "explain" => "What does it do?",
        "join" => "Join",
        "start" => "Start",
        _ => "other",
    }
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

/// Calls into the table per kind of click: every delta seen.
#[derive(Default)]
struct Tally(BTreeMap<&'static str, Vec<u64>>);

impl Tally {
    fn report(&self, title: &str) -> String {
        let mut out = format!("calls into the table per click, {title}:\n");
        for (kind, calls) in &self.0 {
            let (min, max) = (calls.iter().min().unwrap(), calls.iter().max().unwrap());
            out.push_str(&format!(
                "  {kind:<22} clicks {:>4}  calls min {min} max {max}\n",
                calls.len()
            ));
        }
        out
    }
}

/// Sends an interaction and waits for the edit that answers it; returns that edit and the
/// calls into the table it took.
async fn click(fake: &FakeDiscord, table: &Table, interaction: Value) -> (Recorded, u64) {
    let token = interaction["token"].as_str().unwrap().to_string();
    let before = table.calls();
    fake.dispatch("INTERACTION_CREATE", interaction).await;
    let edit = fake
        .wait_for(WAIT, |r| {
            r.method == "PATCH"
                && r.path.contains(&token)
                && r.path.ends_with("/messages/@original")
        })
        .await;
    assert!(edit.ok(), "{edit}");
    (edit, table.calls() - before)
}

/// Clicks `id` (a button, or a select with one of `values`) as `user` on `message`, and
/// tallies the calls it took.
#[allow(clippy::too_many_arguments)]
async fn press(
    fake: &FakeDiscord,
    table: &Table,
    tally: &mut Tally,
    rng: &mut Lcg,
    user: u64,
    (id, kind, values): &(String, u64, Vec<String>),
    message: u64,
) -> Recorded {
    let interaction = if *kind == 3 {
        let value = values[rng.below(values.len())].clone();
        fake.select(user, CHANNEL, Some(GUILD), id, &[value.as_str()], message)
    } else {
        fake.button(user, CHANNEL, Some(GUILD), id, message)
    };
    let (edit, calls) = click(fake, table, interaction).await;
    tally.0.entry(kind_of(id)).or_default().push(calls);
    edit
}

/// A whole game of `game` with `options` (`key=value`; empty for the defaults) by clicks
/// only, tallied into `tally`.
async fn play(
    fake: &FakeDiscord,
    table: &Table,
    (game, options): (&str, &str),
    tally: &mut Tally,
    seed: u64,
) {
    let (anna, bert) = (PLAYERS[0], PLAYERS[1]);
    let typed = if options.is_empty() {
        json!([])
    } else {
        json!([{"name": "options", "type": 3, "value": options}])
    };
    // The table opens with /new (a command, not a click: also one call).
    let new = fake.slash_command(
        anna,
        CHANNEL,
        Some(GUILD),
        "new",
        json!([{"name": game, "type": 1, "options": typed}]),
    );
    let (answer, calls) = click(fake, table, new).await;
    assert!(
        content(&answer).contains("opened"),
        "{game} {options}: {answer}"
    );
    tally.0.entry("/new (a command)").or_default().push(calls);
    let mut rng = Lcg(seed);
    for (who, verb) in [(bert, ":join"), (anna, ":start")] {
        // The lobby's message goes out through the outbox, after the answer.
        let mut found = None;
        for _ in 0..200 {
            found = fake.find_component(CHANNEL, |c| {
                c["custom_id"].as_str().is_some_and(|i| i.ends_with(verb))
            });
            if found.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let (message, control) = found.unwrap_or_else(|| panic!("the lobby offers {verb}"));
        let id = control["custom_id"].as_str().unwrap().to_string();
        press(fake, table, tally, &mut rng, who, &(id, 2, vec![]), message).await;
    }
    fake.wait_for(WAIT, |r| {
        r.is_channel_message(CHANNEL) && content(r).contains(" to play: ")
    })
    .await;
    let mut actions = 0;
    let mut undone = 0;
    while let (Some(user), turn) = latest_turn(fake) {
        assert!(actions < 3000, "the game did not end");
        let turn_id = message_id(&turn);
        let on_turn = enabled(turn.response.as_ref().or(turn.json.as_ref()).unwrap());
        // Now and then a look at the hand or the log from the turn message.
        for look in [":hand", ":log"] {
            if rng.below(6) == 0
                && let Some(control) = on_turn.iter().find(|(id, _, _)| id.ends_with(look))
            {
                let who = PLAYERS[rng.below(PLAYERS.len())];
                press(fake, table, tally, &mut rng, who, control, turn_id).await;
            }
        }
        let take = on_turn
            .iter()
            .find(|(id, _, _)| id.ends_with(":turn"))
            .expect("a Take my turn button");
        let mut panel = press(fake, table, tally, &mut rng, user, take, turn_id).await;
        let panel_id = message_id(&panel);
        let mut views = 0;
        loop {
            let message = panel.response.clone().unwrap();
            let text = message["content"].as_str().unwrap_or_default().to_string();
            let choices = enabled(&message);
            if text.contains("Your turn is over") || text.contains("The game is over") {
                assert!(choices.is_empty(), "nothing stale is offered: {text}");
                break;
            }
            assert!(!choices.is_empty(), "a panel offers no choice: {text}");
            let having = |part: &str| -> Vec<&(String, u64, Vec<String>)> {
                choices
                    .iter()
                    .filter(|(id, _, _)| id.contains(part))
                    .collect()
            };
            let (sure, undo, explain) = (having(":sure:"), having(":undo"), having(":explain"));
            let looks: Vec<_> = choices
                .iter()
                .filter(|(id, _, _)| {
                    id.contains(":page:") || id.contains(":tog:") || id.contains(":open:")
                })
                .collect();
            let acts: Vec<_> = choices
                .iter()
                .filter(|(id, _, _)| {
                    id.contains(":act:") || id.ends_with(":pick") || id.ends_with(":toggled")
                })
                .collect();
            let control = if let Some(anyway) = sure.first() {
                // A question: mostly play it anyway, sometimes go Back.
                if rng.below(5) > 0 || looks.is_empty() {
                    *anyway
                } else {
                    looks[0]
                }
            } else if let Some(back) = undo.first().filter(|_| undone < 8 && rng.below(4) == 0) {
                undone += 1;
                back
            } else if let Some(what) = explain.first().filter(|_| rng.below(10) == 0) {
                // Answered in a message of its own: the panel stays as it is.
                press(fake, table, tally, &mut rng, user, what, panel_id).await;
                continue;
            } else if acts.is_empty() || (!looks.is_empty() && views < 3 && rng.below(3) == 0) {
                views += 1;
                looks[rng.below(looks.len())]
            } else {
                // Mostly doing something rather than passing, so the game goes somewhere.
                let busy: Vec<_> = acts
                    .iter()
                    .filter(|(id, _, _)| !id.ends_with(":pass") && !id.ends_with(":done"))
                    .copied()
                    .collect();
                let from = if !busy.is_empty() && rng.below(5) > 0 {
                    busy
                } else {
                    acts
                };
                views = 0;
                from[rng.below(from.len())]
            };
            if control.0.contains(":act:")
                || control.0.contains(":sure:")
                || control.0.ends_with(":pick")
                || control.0.ends_with(":toggled")
            {
                actions += 1;
            }
            panel = press(fake, table, tally, &mut rng, user, control, panel_id).await;
        }
        fake.wait_for(WAIT, |_| latest_turn(fake).0 != Some(user))
            .await;
    }
    assert!(actions > 10, "{game}: only {actions} actions");
}

/// The tables to play: every registered game with its defaults, and with each value of its
/// first option (Pandoria's modes, Roll Through the Ages' trade).
fn tables() -> Vec<(&'static str, String)> {
    let mut tables = Vec::new();
    for info in registry::games() {
        tables.push((info.name, String::new()));
        let Some(first) = info.options.first() else {
            continue;
        };
        let values: Vec<&str> = match &first.kind {
            OptionKind::Choice(choices) => choices.iter().map(|c| c.value).collect(),
            OptionKind::Flag => vec!["true", "false"],
        };
        tables.extend(
            values
                .into_iter()
                .map(|v| (info.name, format!("{}={v}", first.key))),
        );
    }
    tables
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_click_of_a_whole_game_of_every_game_is_one_call_into_the_table() {
    let mut failures = Vec::new();
    let mut kinds = Tally::default();
    for (n, (game, options)) in tables().into_iter().enumerate() {
        let fake = FakeDiscord::start().await;
        fake.set_user_name(PLAYERS[0], "Anna");
        fake.set_user_name(PLAYERS[1], "Bert");
        let dir = tempfile::tempdir().unwrap();
        let seed = 40 + n as u64;
        let (bot, table) = support::bot::start(
            &fake,
            &dir.path().join("bot.db"),
            seeded(seed),
            Arc::new(NoImages),
        )
        .await;
        let mut tally = Tally::default();
        play(&fake, &table, (game, &options), &mut tally, seed).await;
        // Nothing called the table after its click was answered.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let clicks: usize = tally.0.values().map(Vec::len).sum();
        let report = tally.report(&format!("{game} {options}"));
        eprintln!("{report}  in all: {clicks} clicks, {} calls", table.calls());
        for kind in ["Take my turn", "Join", "Start", "panel action button"] {
            assert!(
                tally.0.contains_key(kind),
                "{game} {options}: no {kind} click"
            );
        }
        if table.calls() != clicks as u64 || tally.0.values().flatten().any(|&c| c != 1) {
            failures.push(report);
        }
        for (kind, calls) in tally.0 {
            kinds.0.entry(kind).or_default().extend(calls);
        }
        bot.stop().await;
        fake.assert_clean();
    }
    eprintln!("{}", kinds.report("every table"));
    assert!(
        failures.is_empty(),
        "a click made other than one call into the table:\n{}",
        failures.join("\n")
    );
}

/// The adapter reaches the table through [`Table::interact`] only (and, outside clicks,
/// autocomplete and its reference suggestions with the reader's language, forgetting a
/// channel after a panic, the web pages' address and the workers it starts at start): no
/// second way in that a click could call back through.
#[test]
fn the_adapter_names_no_other_way_into_the_table() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/discord");
    let allowed = [
        "interact",
        "autocomplete",
        "topic_suggestions",
        "reference_suggestions",
        // The reader's language for autocomplete's words (a setting read, no way in).
        "language_for",
        "forget_channel",
        // At start: the web pages' public address for links (configuration, no click).
        "set_web_base",
        "outbox",
        "run_ai",
        "queue_reminders",
        "sweep_deadlines",
        "close",
        "clone",
    ];
    let mut files = Vec::new();
    let mut dirs = vec![dir];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    // Test code (`#[cfg(test)] mod x;` files and `mod tests` blocks) drives the table
    // itself, as tests do.
    let texts: Vec<(std::path::PathBuf, String)> = files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            (f, text)
        })
        .collect();
    let test_only: Vec<String> = texts
        .iter()
        .flat_map(|(_, text)| text.split("#[cfg(test)]").skip(1))
        .filter_map(|after| {
            let name = after.trim_start().strip_prefix("mod ")?.split(';').next()?;
            (!name.contains('{')).then(|| format!("{}.rs", name.trim()))
        })
        .collect();
    let mut seen = 0;
    for (file, text) in &texts {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        if test_only.contains(&name) {
            continue;
        }
        let text = text.split("#[cfg(test)]\nmod tests").next().unwrap();
        // Every method called on something named `table` (`self.table.x`, `table.x`).
        let flat: String = text.split_whitespace().collect::<Vec<_>>().join("");
        for (i, _) in flat.match_indices("table.") {
            let before = flat[..i].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let method: String = flat[i + 6..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if flat[i + 6 + method.len()..].starts_with('(') {
                seen += 1;
                assert!(
                    allowed.contains(&method.as_str()),
                    "{} calls Table::{method}: a click must make one call, Table::interact",
                    file.display()
                );
            }
        }
    }
    assert!(seen > 0, "the scan found no call into the table at all");
}
