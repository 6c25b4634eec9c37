//! The slash commands: their definitions for registration, and how an invocation becomes a
//! table [`Command`](crate::table::Command) or a settings change.

use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandOptionType, CreateCommand,
    CreateCommandOption,
};

use crate::table::Command;

/// Every slash command Turnpost registers.
pub fn definitions() -> Vec<CreateCommand> {
    let string = |name: &str, description: &str| {
        CreateCommandOption::new(CommandOptionType::String, name, description)
    };
    let integer = |name: &str, description: &str| {
        CreateCommandOption::new(CommandOptionType::Integer, name, description)
    };
    vec![
        CreateCommand::new("new")
            .description("Open a table for a game in this channel")
            .add_option(
                string("game", "Which game")
                    .required(true)
                    .add_string_choice("Pandoria", "pandoria")
                    .add_string_choice("Roll Through the Ages", "rtta"),
            )
            .add_option(
                string("mode", "Pandoria: which game")
                    .add_string_choice("Family game", "family")
                    .add_string_choice("Family game with spells", "family_spells")
                    .add_string_choice("Beginner game", "beginner")
                    .add_string_choice("Standard game", "standard"),
            )
            .add_option(
                integer("players", "Seats at the table")
                    .min_int_value(1)
                    .max_int_value(4),
            )
            .add_option(string(
                "options",
                "More options as key=value, e.g. realms=random_unique edition=second trade=true",
            )),
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
        CreateCommand::new("board").description("Show the board (only to you)"),
        CreateCommand::new("hand").description("Show your hand and tile preview (only to you)"),
        CreateCommand::new("log")
            .description("Show the game log (only to you)")
            .add_option(integer("page", "Page, 1 = newest").min_int_value(1)),
        CreateCommand::new("undo").description("Take back your last action of this turn"),
        CreateCommand::new("resign").description("Give up your seat in this game"),
        CreateCommand::new("abandon")
            .description("Stop this channel's game for everyone (creator or moderator)"),
        CreateCommand::new("games").description("The games running in this server"),
        CreateCommand::new("myturns").description("The games where it is your turn"),
        CreateCommand::new("remind")
            .description(
                "Channel setting: ping the player to act after this many idle hours (0 = never)",
            )
            .add_option(
                integer("hours", "Idle hours before a reminder")
                    .required(true)
                    .min_int_value(0)
                    .max_int_value(720),
            ),
        CreateCommand::new("quiet")
            .description("Your quiet hours: no reminders between start and end (your local time)")
            .add_option(
                integer("start", "Local hour when quiet begins (0-23)")
                    .required(true)
                    .min_int_value(0)
                    .max_int_value(23),
            )
            .add_option(
                integer(
                    "end",
                    "Local hour when quiet ends (0-23); equal to start clears",
                )
                .required(true)
                .min_int_value(0)
                .max_int_value(23),
            )
            .add_option(
                integer("utc_offset", "Your offset from UTC in hours, e.g. 2 or -5")
                    .min_number_value(-12.0)
                    .max_number_value(14.0),
            ),
    ]
}

/// What a slash command invocation asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invocation {
    /// A table command.
    Table(Command),
    /// `/abandon`: ask for confirmation with a button.
    AbandonPrompt,
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

/// Reads `key=value` words.
pub fn parse_options(text: &str) -> Result<Vec<(String, String)>, String> {
    text.split_whitespace()
        .map(|word| {
            word.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| {
                    format!("\"{word}\" is not key=value (for example realms=random_unique)")
                })
        })
        .collect()
}

/// Maps a slash command to what it asks for; `Err` is a message for the caller.
pub fn invocation(name: &str, options: &[CommandDataOption]) -> Result<Invocation, String> {
    let table = |c| Ok(Invocation::Table(c));
    match name {
        "new" => {
            let game = text(options, "game").ok_or("choose a game")?.to_string();
            let mut pairs = Vec::new();
            if let Some(mode) = text(options, "mode") {
                if game != "pandoria" {
                    return Err("the mode option is for Pandoria".into());
                }
                pairs.push(("mode".to_string(), mode.to_string()));
            }
            if let Some(more) = text(options, "options") {
                pairs.extend(parse_options(more)?);
            }
            table(Command::Create {
                game,
                options: pairs,
                players: number(options, "players").map(|n| n as usize),
                seats: Vec::new(),
                seed: None,
            })
        }
        "join" => table(Command::Join),
        "leave" => table(Command::Leave),
        "start" => table(Command::Start),
        "play" => table(Command::Act {
            notation: text(options, "action").unwrap_or_default().to_string(),
            version: None,
        }),
        "board" => table(Command::Board),
        "hand" => table(Command::Hand),
        "log" => table(Command::Log {
            page: number(options, "page").unwrap_or(1).max(1) as usize,
        }),
        "undo" => table(Command::Undo { version: None }),
        "resign" => table(Command::Resign),
        "abandon" => Ok(Invocation::AbandonPrompt),
        "games" => table(Command::Games),
        "myturns" => table(Command::MyTurns),
        "remind" => table(Command::Remind {
            hours: number(options, "hours").unwrap_or(24).clamp(0, 720) as u32,
        }),
        "quiet" => table(Command::Quiet {
            start: number(options, "start").unwrap_or(0).clamp(0, 23) as u8,
            end: number(options, "end").unwrap_or(0).clamp(0, 23) as u8,
            utc_offset_hours: number(options, "utc_offset").unwrap_or(0).clamp(-12, 14) as i32,
        }),
        other => Err(format!("Turnpost does not know /{other}")),
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
    fn options_are_read_as_key_value_words() {
        assert_eq!(
            parse_options("a=b  c=d").unwrap(),
            vec![("a".into(), "b".into()), ("c".into(), "d".into())]
        );
        assert!(parse_options("nonsense").unwrap_err().contains("key=value"));
    }
}
