//! The slash commands: how an invocation becomes a table [`Command`](crate::table::Command)
//! or a settings change; their definitions for registration, in every language, are in
//! `commands/definitions.rs`.

use serenity::all::{CommandDataOption, CommandDataOptionValue};

use turnpost_core::reference::Lookup;
use turnpost_core::registry;
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use std::ops::RangeInclusive;

use crate::table::limits::{
    HOURS_OF_DAY, LOG_PAGES, MAX_OPTIONS_TEXT, REMIND_HOURS, SEASON_VACATION_DAYS, UTC_OFFSETS,
    VACATION_DAYS,
};
use crate::table::{Command, echo};

mod definitions;

pub use definitions::definitions;

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

/// An autocomplete entry's words in the reader's language: the label, then what the chosen
/// thing does when both fit Discord's 100 characters (`Cast Conjure 6 — 2 crystals · Set
/// one of your resources to exactly 6`), else cut to fit with "…" where the label leaves
/// room for a useful part of it, else the label alone.
pub fn with_detail(lang: Lang, label: &Text, detail: Option<&Text>) -> String {
    use crate::table::reference::{CHOICE_NAME, cut};
    let shown = lang.render(label);
    let Some(detail) = detail else {
        return cut(lang, &shown, CHOICE_NAME);
    };
    let both = lang.render(&t!(
        "bot-choice-with-detail",
        label = label,
        detail = detail
    ));
    // What is left of the detail after the label, " · " and "…".
    let room = CHOICE_NAME.saturating_sub(shown.chars().count() + 4);
    if both.chars().count() <= CHOICE_NAME || room >= 12 {
        cut(lang, &both, CHOICE_NAME)
    } else {
        cut(lang, &shown, CHOICE_NAME)
    }
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
pub fn parse_options(text: &str) -> Result<Vec<(String, String)>, Text> {
    if text.chars().count() > MAX_OPTIONS_TEXT {
        return Err(t!("bot-options-too-long", max = MAX_OPTIONS_TEXT));
    }
    text.split_whitespace()
        .map(|word| {
            word.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| t!("bot-not-key-value", word = Arg::raw(echo(word))))
        })
        .collect()
}

/// An integer option converted to the table's type, refused in words with its range when
/// it is outside it (Discord checks the ranges it was given, but a forged or outdated
/// client can send anything).
fn ranged<T: TryFrom<i64> + Copy + PartialOrd + Into<Arg>>(
    options: &[CommandDataOption],
    name: &str,
    range: RangeInclusive<T>,
) -> Result<Option<T>, Text> {
    let Some(n) = number(options, name) else {
        return Ok(None);
    };
    match T::try_from(n) {
        Ok(v) if range.contains(&v) => Ok(Some(v)),
        // The option's name as Discord sends it (the English one).
        _ => Err(t!(
            "bot-option-out-of-range",
            name = Arg::raw(name),
            low = *range.start(),
            high = *range.end(),
            value = n
        )),
    }
}

/// The `language` option of `/settings` and `/league`, which is set on its own: a
/// language's tag, or `discord` (`None`: the language Discord gives, the reader's client's
/// or the server's preferred one).
fn language(options: &[CommandDataOption]) -> Result<Option<Lang>, Text> {
    if options.len() > 1 {
        return Err(t!("bot-language-alone"));
    }
    match text(options, "language") {
        None | Some(LANGUAGE_OF_DISCORD) => Ok(None),
        Some(tag) => Lang::from_discord(tag)
            .map(Some)
            .ok_or_else(|| t!("bot-cli-unknown-lang", lang = Arg::raw(echo(tag)))),
    }
}

/// The `language` choice that leaves the language to Discord.
pub(super) const LANGUAGE_OF_DISCORD: &str = "discord";

/// Maps a slash command to what it asks for; `Err` is a message for the caller.
pub fn invocation(name: &str, options: &[CommandDataOption]) -> Result<Invocation, Text> {
    let table = |c| Ok(Invocation::Table(c));
    match name {
        "new" => {
            let Some((game, options)) = options.iter().find_map(|o| match &o.value {
                CommandDataOptionValue::SubCommand(inner) => Some((o.name.clone(), inner)),
                _ => None,
            }) else {
                let names: Vec<&str> = registry::games().iter().map(|g| g.name).collect();
                // The commands as typed: `/new pandoria, /new rtta`.
                let games = Arg::raw(names.join(", /new "));
                return Err(t!("bot-choose-a-game", games = games));
            };
            let info = registry::find(&game).map_err(|e| e.0)?;
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
        "settings" if options.iter().any(|o| o.name == "language") => table(Command::Language {
            language: language(options)?,
        }),
        "settings" => table(Command::Settings {
            confirm: match text(options, "confirm") {
                None => None,
                Some("on") => Some(true),
                Some("off") => Some(false),
                Some(other) => {
                    return Err(t!("bot-confirm-on-or-off", value = Arg::raw(echo(other))));
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
                _ => Err(t!("bot-choose-season-start-or-close")),
            },
            None => Err(t!("bot-choose-season-start-or-close")),
        },
        "league" if options.iter().any(|o| o.name == "web") => {
            if options.len() > 1 {
                return Err(t!("bot-web-alone"));
            }
            let word = text(options, "web").unwrap_or_default();
            match crate::table::WebSwitch::from_word(word) {
                Some(switch) => table(Command::Web { switch }),
                None => Err(t!("bot-web-unknown", word = Arg::raw(echo(word)))),
            }
        }
        "league" if options.iter().any(|o| o.name == "language") => {
            table(Command::ServerLanguage {
                language: language(options)?,
            })
        }
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
            None => Err(t!("bot-unknown-command", name = Arg::raw(other))),
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
                !matches!(&result, Err(e) if e.to_string().contains("does not know")),
                "/{name} unmapped"
            );
        }
    }

    #[test]
    fn new_offers_every_registered_game_with_its_typed_options() {
        let new = serde_json::to_value(definitions::new_command()).unwrap();
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
        crate::install_words();
        assert_eq!(
            parse_options("a=b  c=d").unwrap(),
            vec![("a".into(), "b".into()), ("c".into(), "d".into())]
        );
        assert!(
            parse_options("nonsense")
                .unwrap_err()
                .to_string()
                .contains("key=value")
        );
    }
}
