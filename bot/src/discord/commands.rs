//! The slash commands: their definitions for registration, and how an invocation becomes a
//! table [`Command`](crate::table::Command) or a settings change.

use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandOptionType, CreateCommand,
    CreateCommandOption,
};

use turnpost_core::ai::Level;
use turnpost_core::reference::Lookup;
use turnpost_core::registry::{self, OptionKind};

use std::ops::RangeInclusive;

use crate::table::limits::{
    HOURS_OF_DAY, LOG_PAGES, MAX_OPTIONS_TEXT, REMIND_HOURS, SEASON_VACATION_DAYS, UTC_OFFSETS,
    VACATION_DAYS,
};
use crate::table::{Command, DEADLINES, Policy, deadline_words, echo};

/// Every slash command Turnpost registers.
pub fn definitions() -> Vec<CreateCommand> {
    let string = |name: &str, description: &str| {
        CreateCommandOption::new(CommandOptionType::String, name, description)
    };
    let integer = |name: &str, description: &str| {
        CreateCommandOption::new(CommandOptionType::Integer, name, description)
    };
    let mut all = vec![
        new_command(),
        CreateCommand::new("join").description("Take a seat at this channel's table"),
        CreateCommand::new("leave").description("Leave this channel's table before it starts"),
        CreateCommand::new("start").description("Start the game (the player who opened the table)"),
        CreateCommand::new("play")
            .description("Play an action")
            .add_option(
                string(
                    "action",
                    "The action, e.g. tile D7 E7 (type to see the legal ones)",
                )
                .required(true)
                .set_autocomplete(true),
            ),
        CreateCommand::new("turn")
            .description("Open your private panel for your current decision (as Take my turn)"),
        CreateCommand::new("help")
            .description("How to play the game in this channel: rules in brief, buttons, commands"),
        CreateCommand::new("board").description("Show the board (only to you)"),
        CreateCommand::new("hand").description("Show your hand and tile preview (only to you)"),
        CreateCommand::new("log")
            .description("Show the game log (only to you)")
            .add_option(
                integer("page", "Page, 1 = newest")
                    .min_int_value(*LOG_PAGES.start() as u64)
                    .max_int_value(*LOG_PAGES.end() as u64),
            ),
        CreateCommand::new("undo").description("Take back your last action of this turn"),
        CreateCommand::new("resign").description("Give up your seat in this game"),
        CreateCommand::new("abandon")
            .description("Stop this channel's game for everyone (creator or moderator)"),
        CreateCommand::new("games").description("The games running in this server"),
        CreateCommand::new("myturns").description("The games where it is your turn"),
        CreateCommand::new("settings")
            .description("Your own settings; without options, shows them")
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "confirm",
                    "Ask once before ending a turn with something unused (workers, a purchase)",
                )
                .add_string_choice("on", "on")
                .add_string_choice("off", "off"),
            ),
        CreateCommand::new("remind")
            .description(
                "Channel setting: ping the player to act after this many idle hours (0 = never)",
            )
            .add_option(
                integer("hours", "Idle hours before a reminder")
                    .required(true)
                    .min_int_value(u64::from(*REMIND_HOURS.start()))
                    .max_int_value(u64::from(*REMIND_HOURS.end())),
            ),
        CreateCommand::new("quiet")
            .description("Your quiet hours: no reminders between start and end (your local time)")
            .add_option(
                integer("start", "Local hour when quiet begins (0-23)")
                    .required(true)
                    .min_int_value(u64::from(*HOURS_OF_DAY.start()))
                    .max_int_value(u64::from(*HOURS_OF_DAY.end())),
            )
            .add_option(
                integer(
                    "end",
                    "Local hour when quiet ends (0-23); equal to start clears",
                )
                .required(true)
                .min_int_value(u64::from(*HOURS_OF_DAY.start()))
                .max_int_value(u64::from(*HOURS_OF_DAY.end())),
            )
            .add_option(
                integer("utc_offset", "Your offset from UTC in hours, e.g. 2 or -5")
                    .min_number_value(f64::from(*UTC_OFFSETS.start()))
                    .max_number_value(f64::from(*UTC_OFFSETS.end())),
            ),
        CreateCommand::new("vacation")
            .description("Pause the deadlines of your turns in every game for some days")
            .add_option(
                integer("days", "Days away (limited per season)")
                    .required(true)
                    .min_int_value(u64::from(*VACATION_DAYS.start()))
                    .max_int_value(u64::from(*VACATION_DAYS.end())),
            ),
        CreateCommand::new("season")
            .description("Seasons of this server's leaderboards (moderators)")
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::SubCommand,
                    "start",
                    "Start a season: a fresh leaderboard beside the all-time one",
                )
                .add_sub_option(string("name", "The season's name").required(true)),
            )
            .add_option(CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "close",
                "Close the running season and announce its winners",
            )),
        CreateCommand::new("league")
            .description("This server's defaults for new games; moderators can change them")
            .add_option(deadline_option("Default deadline per turn"))
            .add_option(policy_option(
                "What happens by default when a deadline passes",
            ))
            .add_option(boolean("rated", "Whether new games are rated by default"))
            .add_option(boolean(
                "ai_rated",
                "Whether games that start with AI seats may be rated (default no)",
            ))
            .add_option(
                integer("vacation_days", "Vacation days per player per season")
                    .min_int_value(u64::from(*SEASON_VACATION_DAYS.start()))
                    .max_int_value(u64::from(*SEASON_VACATION_DAYS.end())),
            ),
        CreateCommand::new("leaderboard")
            .description("The top 20 ratings of a game on this server")
            .add_option(game_option())
            .add_option(string(
                "season",
                "A season's name, or all for all-time (default: the running season)",
            )),
        CreateCommand::new("profile")
            .description("A player's games, wins, average score and rating history")
            .add_option(CreateCommandOption::new(
                CommandOptionType::User,
                "user",
                "The player (default: you)",
            ))
            .add_option(game_option()),
        CreateCommand::new("history")
            .description("This server's finished games with their final scores"),
        CreateCommand::new("record").description(
            "The record of this channel's game: every action (the seed once it has ended)",
        ),
        CreateCommand::new("mygames")
            .description("Your games on every server: whose turn, and the deadline"),
    ];
    all.extend(reference_commands());
    all
}

/// `/rules` and the references of single pieces (`/card`, `/realm`, `/development`): the
/// names and topics come from every registered game by autocomplete, so these commands
/// know no game by name.
fn reference_commands() -> Vec<CreateCommand> {
    let mut out = vec![
        CreateCommand::new("rules")
            .description("A game's rules in brief: turn, scoring, the end, modes and variants")
            .add_option(game_option())
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "topic",
                    "What to explain (type to see the topics)",
                )
                .set_autocomplete(true),
            ),
    ];
    for lookup in Lookup::ALL {
        let (description, what) = match lookup {
            Lookup::Card => (
                "What a card's spell or building, a monument or a relic does",
                "Its name in English or German (type to see them)",
            ),
            Lookup::Realm => (
                "What a realm's ability does",
                "The realm's name in English or German (type to see them)",
            ),
            Lookup::Development => (
                "What a development, monument or disaster does",
                "Its name in English or German (type to see them)",
            ),
        };
        out.push(
            CreateCommand::new(lookup.name())
                .description(description)
                .add_option(
                    CreateCommandOption::new(CommandOptionType::String, "name", what)
                        .required(true)
                        .set_autocomplete(true),
                ),
        );
    }
    out
}

/// The reference a command looks in (`/card` → cards), `None` for other commands.
pub fn reference_lookup(command: &str) -> Option<Lookup> {
    Lookup::ALL.into_iter().find(|l| l.name() == command)
}

/// `/rules`, `/card`, `/realm`, `/development` as table commands; `None` for others.
fn reference_invocation(name: &str, options: &[CommandDataOption]) -> Option<Command> {
    if name == "rules" {
        return Some(Command::Rules {
            game: text(options, "game").map(str::to_string),
            topic: text(options, "topic").map(str::to_string),
        });
    }
    reference_lookup(name).map(|lookup| Command::Reference {
        lookup,
        name: text(options, "name").unwrap_or_default().to_string(),
    })
}

/// An autocomplete entry's words: the label, then what the chosen thing does when both fit
/// Discord's 100 characters (`Cast Conjure 6 — 2 crystals · Set one of your resources to
/// exactly 6`), else the label alone.
pub fn with_detail(label: &str, detail: Option<&str>) -> String {
    let label: String = label.chars().take(100).collect();
    match detail {
        Some(d) => {
            let both = format!("{label} · {d}");
            if both.chars().count() <= 100 {
                both
            } else {
                let room = 100usize.saturating_sub(label.chars().count() + 4);
                if room < 12 {
                    label
                } else {
                    let cut: String = d.chars().take(room).collect();
                    format!("{label} · {cut}…")
                }
            }
        }
        None => label,
    }
}

fn boolean(name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(CommandOptionType::Boolean, name, description)
}

/// The deadline choices of `/new` and `/league`.
fn deadline_option(description: &str) -> CreateCommandOption {
    DEADLINES.iter().fold(
        CreateCommandOption::new(CommandOptionType::String, "deadline", description),
        |o, &h| {
            let value = if h == 0 {
                "none".to_string()
            } else {
                format!("{h}h")
            };
            o.add_string_choice(deadline_words(h), value)
        },
    )
}

/// The deadline policies.
fn policy_option(description: &str) -> CreateCommandOption {
    [Policy::Skip, Policy::Replace, Policy::Forfeit]
        .iter()
        .fold(
            CreateCommandOption::new(CommandOptionType::String, "on_timeout", description),
            |o, p| o.add_string_choice(clip(&format!("{}: {}", p.as_str(), p.words())), p.as_str()),
        )
}

/// A choice of the registered games.
fn game_option() -> CreateCommandOption {
    registry::games().iter().fold(
        CreateCommandOption::new(CommandOptionType::String, "game", "Which game"),
        |o, g| o.add_string_choice(clip(g.title), g.name),
    )
}

/// `/new`: one subcommand per registered game, its options typed from the game's option
/// schema (choices as choices, flags as booleans), plus the seat count and free
/// `key=value` options for experts.
fn new_command() -> CreateCommand {
    let mut command =
        CreateCommand::new("new").description("Open a table for a game in this channel");
    for info in registry::games() {
        let players = info.players.clone();
        let mut sub = CreateCommandOption::new(
            CommandOptionType::SubCommand,
            info.name,
            clip(&format!("Open a {} table", info.title)),
        )
        .add_sub_option(
            CreateCommandOption::new(CommandOptionType::Integer, "players", "Seats at the table")
                .min_int_value(*players.start() as u64)
                .max_int_value(*players.end() as u64),
        );
        for spec in &info.options {
            let option = match &spec.kind {
                OptionKind::Flag => {
                    CreateCommandOption::new(CommandOptionType::Boolean, spec.key, spec.label)
                }
                OptionKind::Choice(choices) => choices.iter().take(25).fold(
                    CreateCommandOption::new(CommandOptionType::String, spec.key, spec.label),
                    |o, c| o.add_string_choice(clip(c.label), c.value),
                ),
            };
            sub = sub.add_sub_option(option);
        }
        sub = sub
            .add_sub_option(deadline_option("Time per turn (default: the server's)"))
            .add_sub_option(policy_option(
                "When a deadline passes (default: the server's)",
            ))
            .add_sub_option(boolean(
                "rated",
                "Whether the result counts for ratings (default: the server's)",
            ))
            .add_sub_option(
                CreateCommandOption::new(
                    CommandOptionType::Integer,
                    "ai",
                    "AI seats to add after you (unrated unless the server allows it)",
                )
                .min_int_value(0)
                .max_int_value(*players.end() as u64 - 1),
            )
            .add_sub_option(Level::SEATED.iter().fold(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "ai_level",
                    "How strong the AI seats play (default: normal)",
                ),
                |o, l| o.add_string_choice(l.name(), l.name()),
            ))
            .add_sub_option(boolean(
                "thread",
                "Open the game in a new public thread of this channel (default: here)",
            ))
            .add_sub_option(CreateCommandOption::new(
                CommandOptionType::String,
                "options",
                "More options as key=value words (for experts)",
            ));
        command = command.add_option(sub);
    }
    command
}

/// Discord's limit for descriptions and choice names.
fn clip(text: &str) -> String {
    text.chars().take(100).collect()
}

/// What a slash command invocation asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invocation {
    /// A table command.
    Table(Command),
    /// `/abandon`: ask for confirmation with a button.
    AbandonPrompt,
    /// `/turn`: the caller's private panel, as **Take my turn** opens it.
    Panel,
    /// `/new … thread:true`: the table command (a create) to run in a new public thread of
    /// the channel.
    NewThread(Command),
}

fn text<'a>(options: &'a [CommandDataOption], name: &str) -> Option<&'a str> {
    options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match &o.value {
            CommandDataOptionValue::String(s) => Some(s.as_str()),
            _ => None,
        })
}

fn number(options: &[CommandDataOption], name: &str) -> Option<i64> {
    options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match o.value {
            CommandDataOptionValue::Integer(i) => Some(i),
            _ => None,
        })
}

/// The table's own options of `/new` (deadline, policy, rating, AI seats), beside the
/// game's.
const TERMS: [&str; 5] = ["deadline", "on_timeout", "rated", "ai", "ai_level"];

fn flag(options: &[CommandDataOption], name: &str) -> Option<bool> {
    options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match o.value {
            CommandDataOptionValue::Boolean(b) => Some(b),
            _ => None,
        })
}

/// Reads `key=value` words (at most [`MAX_OPTIONS_TEXT`] characters of them).
pub fn parse_options(text: &str) -> Result<Vec<(String, String)>, String> {
    if text.chars().count() > MAX_OPTIONS_TEXT {
        return Err(format!(
            "The options are too long: at most {MAX_OPTIONS_TEXT} characters of key=value words."
        ));
    }
    text.split_whitespace()
        .map(|word| {
            word.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| {
                    format!(
                        "\"{}\" is not key=value (for example realms=random_unique)",
                        echo(word)
                    )
                })
        })
        .collect()
}

/// An integer option converted to the table's type, refused in words with its range when
/// it is outside it (Discord checks the ranges it was given, but a forged or outdated
/// client can send anything).
fn ranged<T: TryFrom<i64> + Copy + PartialOrd + std::fmt::Display>(
    options: &[CommandDataOption],
    name: &str,
    range: RangeInclusive<T>,
) -> Result<Option<T>, String> {
    let Some(n) = number(options, name) else {
        return Ok(None);
    };
    match T::try_from(n) {
        Ok(v) if range.contains(&v) => Ok(Some(v)),
        _ => Err(format!(
            "{name} must be from {} to {}, not {n}.",
            range.start(),
            range.end()
        )),
    }
}

/// Maps a slash command to what it asks for; `Err` is a message for the caller.
pub fn invocation(name: &str, options: &[CommandDataOption]) -> Result<Invocation, String> {
    let table = |c| Ok(Invocation::Table(c));
    match name {
        "new" => {
            let Some((game, options)) = options.iter().find_map(|o| match &o.value {
                CommandDataOptionValue::SubCommand(inner) => Some((o.name.clone(), inner)),
                _ => None,
            }) else {
                let names: Vec<&str> = registry::games().iter().map(|g| g.name).collect();
                return Err(format!("choose a game: /new {}", names.join(", /new ")));
            };
            let info = registry::find(&game).map_err(|e| crate::english(&e.0))?;
            let mut pairs = Vec::new();
            for o in options {
                // Every typed option the registry defines for this game is a key=value pair,
                // and so are the table's terms (the table takes them out again).
                let key = match info.option(&o.name) {
                    Some(spec) => spec.key,
                    None if TERMS.contains(&o.name.as_str()) => o.name.as_str(),
                    None => continue,
                };
                let value = match &o.value {
                    CommandDataOptionValue::String(s) => s.clone(),
                    CommandDataOptionValue::Boolean(b) => b.to_string(),
                    CommandDataOptionValue::Integer(i) => i.to_string(),
                    _ => continue,
                };
                pairs.push((key.to_string(), value));
            }
            if let Some(more) = text(options, "options") {
                pairs.extend(parse_options(more)?);
            }
            let seats = info.players.clone();
            let create = Command::Create {
                game,
                options: pairs,
                players: ranged(options, "players", seats)?,
                seats: Vec::new(),
                seed: None,
            };
            if flag(options, "thread") == Some(true) {
                return Ok(Invocation::NewThread(create));
            }
            table(create)
        }
        "join" => table(Command::Join),
        "leave" => table(Command::Leave),
        "start" => table(Command::Start),
        "play" => table(Command::Act {
            notation: text(options, "action").unwrap_or_default().to_string(),
            version: None,
        }),
        "board" => table(Command::Board),
        "help" => table(Command::Help),
        "hand" => table(Command::Hand),
        "log" => table(Command::Log {
            page: ranged(options, "page", LOG_PAGES)?.unwrap_or(1),
        }),
        "undo" => table(Command::Undo { version: None }),
        "resign" => table(Command::Resign),
        "abandon" => Ok(Invocation::AbandonPrompt),
        "turn" => Ok(Invocation::Panel),
        "games" => table(Command::Games),
        "myturns" => table(Command::MyTurns),
        "settings" => table(Command::Settings {
            confirm: match text(options, "confirm") {
                None => None,
                Some("on") => Some(true),
                Some("off") => Some(false),
                Some(other) => {
                    return Err(format!(
                        "confirm is on or off, not \"{}\"",
                        crate::table::echo(other)
                    ));
                }
            },
        }),
        "remind" => table(Command::Remind {
            hours: ranged(options, "hours", REMIND_HOURS)?.unwrap_or(24),
        }),
        "quiet" => table(Command::Quiet {
            start: ranged(options, "start", HOURS_OF_DAY)?.unwrap_or(0),
            end: ranged(options, "end", HOURS_OF_DAY)?.unwrap_or(0),
            utc_offset_hours: ranged(options, "utc_offset", UTC_OFFSETS)?.unwrap_or(0),
        }),
        "vacation" => table(Command::Vacation {
            days: ranged(options, "days", VACATION_DAYS)?.unwrap_or(1),
        }),
        "season" => match options.first() {
            Some(o) if o.name == "close" => table(Command::SeasonClose),
            Some(o) => match &o.value {
                CommandDataOptionValue::SubCommand(inner) => table(Command::SeasonStart {
                    name: text(inner, "name").unwrap_or_default().to_string(),
                }),
                _ => Err("choose /season start or /season close".into()),
            },
            None => Err("choose /season start or /season close".into()),
        },
        "league" => table(Command::League {
            deadline: text(options, "deadline").map(str::to_string),
            on_timeout: text(options, "on_timeout").map(str::to_string),
            rated: flag(options, "rated"),
            ai_rated: flag(options, "ai_rated"),
            vacation_days: ranged(options, "vacation_days", SEASON_VACATION_DAYS)?,
        }),
        "leaderboard" => table(Command::Leaderboard {
            game: text(options, "game").map(str::to_string),
            season: text(options, "season").map(str::to_string),
        }),
        "profile" => table(Command::Profile {
            user: options
                .iter()
                .find(|o| o.name == "user")
                .and_then(|o| match o.value {
                    CommandDataOptionValue::User(id) => Some((id.get(), format!("<@{id}>"))),
                    _ => None,
                }),
            game: text(options, "game").map(str::to_string),
        }),
        "history" => table(Command::History),
        "record" => table(Command::Record),
        "mygames" => table(Command::MyGames),
        other => match reference_invocation(other, options) {
            Some(command) => table(command),
            None => Err(format!("Turnpost does not know /{other}")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_definition_has_a_mapping_and_fits_discord() {
        for def in definitions() {
            let json = serde_json::to_value(&def).unwrap();
            let name = json["name"].as_str().unwrap().to_string();
            assert!(
                name.len() <= 32 && json["description"].as_str().unwrap().len() <= 100,
                "{name}"
            );
            let result = invocation(&name, &[]);
            assert!(
                !matches!(&result, Err(e) if e.contains("does not know")),
                "/{name} unmapped"
            );
        }
    }

    #[test]
    fn new_offers_every_registered_game_with_its_typed_options() {
        let new = serde_json::to_value(new_command()).unwrap();
        let subs = new["options"].as_array().unwrap();
        assert_eq!(subs.len(), registry::games().len());
        for (sub, info) in subs.iter().zip(registry::games()) {
            assert_eq!(sub["name"], info.name);
            assert_eq!(sub["type"], 1, "a subcommand");
            let names: Vec<&str> = sub["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["name"].as_str().unwrap())
                .collect();
            for spec in &info.options {
                assert!(
                    names.contains(&spec.key),
                    "{} lacks {}",
                    info.name,
                    spec.key
                );
            }
            assert!(names.len() <= 25);
        }
        // A typed choice and a flag become key=value pairs for the table.
        let json = serde_json::json!([{"name": "pandoria", "type": 1, "options": [
            {"name": "mode", "type": 3, "value": "standard"},
            {"name": "partnership", "type": 5, "value": true},
            {"name": "players", "type": 4, "value": 4},
            {"name": "options", "type": 3, "value": "edition=second"}
        ]}]);
        let options: Vec<CommandDataOption> = serde_json::from_value(json).unwrap();
        let Ok(Invocation::Table(Command::Create {
            game,
            options,
            players,
            ..
        })) = invocation("new", &options)
        else {
            panic!("not a create");
        };
        assert_eq!(game, "pandoria");
        assert_eq!(players, Some(4));
        assert_eq!(
            options,
            vec![
                ("mode".to_string(), "standard".to_string()),
                ("partnership".to_string(), "true".to_string()),
                ("edition".to_string(), "second".to_string()),
            ]
        );
    }

    #[test]
    fn new_with_thread_true_asks_for_a_thread_and_false_for_here() {
        let with = |thread: bool| {
            let json = serde_json::json!([{"name": "rtta", "type": 1, "options": [
                {"name": "thread", "type": 5, "value": thread}
            ]}]);
            let options: Vec<CommandDataOption> = serde_json::from_value(json).unwrap();
            invocation("new", &options).unwrap()
        };
        let Invocation::NewThread(Command::Create { game, options, .. }) = with(true) else {
            panic!("thread:true is not a new thread");
        };
        assert_eq!(game, "rtta");
        assert!(
            options.is_empty(),
            "thread is not a game option: {options:?}"
        );
        assert!(matches!(
            with(false),
            Invocation::Table(Command::Create { .. })
        ));
    }

    #[test]
    fn options_are_read_as_key_value_words() {
        assert_eq!(
            parse_options("a=b  c=d").unwrap(),
            vec![("a".into(), "b".into()), ("c".into(), "d".into())]
        );
        assert!(parse_options("nonsense").unwrap_err().contains("key=value"));
    }
}
