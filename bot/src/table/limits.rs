//! The named maximum of everything a person can type or send, checked before any work:
//! a command whose numbers or words are out of range is refused in words that give the
//! allowed range, so no input can make the table allocate, loop or echo without bound.
//!
//! Front ends check the shape of their own input (a slash option's type, a terminal line's
//! length); [`check`] is the one gate every [`Command`] passes on its way into the table,
//! whatever front end it came from.

use std::ops::RangeInclusive;

use super::{Command, TableError, refuse};
use crate::league::LONGEST_VACATION;

/// The longest action in notation (the longest legal one is under 40 characters).
pub const MAX_NOTATION: usize = 200;
/// The most `key=value` options at `/new`.
pub const MAX_OPTIONS: usize = 24;
/// The longest option key.
pub const MAX_OPTION_KEY: usize = 32;
/// The longest option value.
pub const MAX_OPTION_VALUE: usize = 64;
/// The longest free-text option line of `/new` (`options:`), before it is split.
pub const MAX_OPTIONS_TEXT: usize = MAX_OPTIONS * (MAX_OPTION_KEY + MAX_OPTION_VALUE + 2);
/// The most seats listed when a game is created with its players (no game has more than 16).
pub const MAX_LISTED_SEATS: usize = 16;
/// The longest display name (Discord's are at most 32).
pub const MAX_NAME: usize = 100;
/// Items of a panel's toggles one choice may pick together (the dice of a roll; core's
/// layouts number at most this many, a `u16` of a control's id).
pub const MAX_TOGGLED: usize = 16;
/// The longest season name.
pub const MAX_SEASON_NAME: usize = 60;
/// The longest game or season word (`/leaderboard`, `/profile`).
pub const MAX_WORD: usize = 100;
/// Reminder periods, in idle hours (0: none; at most a month).
pub const REMIND_HOURS: RangeInclusive<u32> = 0..=720;
/// Quiet hours: the hour of the day.
pub const HOURS_OF_DAY: RangeInclusive<u8> = 0..=23;
/// Offsets from UTC, in hours.
pub const UTC_OFFSETS: RangeInclusive<i32> = -12..=14;
/// Vacation days a server grants per season.
pub const SEASON_VACATION_DAYS: RangeInclusive<u32> = 0..=366;
/// Vacation days taken at once.
pub const VACATION_DAYS: RangeInclusive<u32> = 1..=LONGEST_VACATION;
/// Log pages (15 lines each: far more than any game has).
pub const LOG_PAGES: RangeInclusive<usize> = 1..=10_000;
/// How many characters of a person's input a message quotes back.
pub const ECHO: usize = 60;

/// A person's input as a message quotes it: at most [`ECHO`] characters, the rest cut
/// with an ellipsis, so a pasted megabyte is never sent back (or logged) whole.
pub fn echo(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(ECHO).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// A count typed as text (`ai=2`), parsed without overflow and refused outside `range`
/// in words that name the option and the range.
pub fn parse_count(
    what: &str,
    text: &str,
    range: RangeInclusive<usize>,
) -> Result<usize, TableError> {
    let (low, high) = (*range.start(), *range.end());
    let words = || {
        TableError::Refused(format!(
            "\"{}\" is not a number of {what} from {low} to {high}.",
            echo(text.trim())
        ))
    };
    match parse_number(text) {
        Some(n) if range.contains(&n) => Ok(n),
        _ => Err(words()),
    }
}

/// A count typed as text: digits only (no sign), at most 9 of them — more is out of any
/// range here — so parsing never overflows and never takes long.
pub fn parse_number(text: &str) -> Option<usize> {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.len() > 9 || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    trimmed.parse().ok()
}

fn within<T: PartialOrd + std::fmt::Display>(
    what: &str,
    value: T,
    range: &RangeInclusive<T>,
) -> Result<(), TableError> {
    if range.contains(&value) {
        Ok(())
    } else {
        refuse(format!(
            "{what} must be from {} to {}, not {value}.",
            range.start(),
            range.end()
        ))
    }
}

fn short(what: &str, text: &str, max: usize) -> Result<(), TableError> {
    if text.chars().count() <= max {
        Ok(())
    } else {
        refuse(format!(
            "{what} is too long: at most {max} characters (\"{}\").",
            echo(text)
        ))
    }
}

/// Checks every number and word of a command against its named maximum; the refusal says
/// the allowed range. Cheap: nothing is parsed beyond lengths and ranges.
pub fn check(command: &Command, caller_name: &str) -> Result<(), TableError> {
    short("Your name", caller_name, MAX_NAME)?;
    match command {
        Command::Create {
            game,
            options,
            players,
            seats,
            seed: _,
        } => {
            short("The game's name", game, MAX_WORD)?;
            if options.len() > MAX_OPTIONS {
                return refuse(format!(
                    "{} options are too many: at most {MAX_OPTIONS}.",
                    options.len()
                ));
            }
            for (key, value) in options {
                short("An option's name", key, MAX_OPTION_KEY)?;
                short(
                    &format!("The value of {}", echo(key)),
                    value,
                    MAX_OPTION_VALUE,
                )?;
            }
            if let Some(n) = players {
                within("The number of players", *n, &(1..=MAX_LISTED_SEATS))?;
            }
            if seats.len() > MAX_LISTED_SEATS {
                return refuse(format!(
                    "{} players listed: at most {MAX_LISTED_SEATS}.",
                    seats.len()
                ));
            }
            for (_, name) in seats {
                short("A player's name", name, MAX_NAME)?;
            }
            Ok(())
        }
        Command::Act { notation, .. } | Command::ActAnyway { notation, .. } => {
            short("That action", notation, MAX_NOTATION)
        }
        Command::ActToggled { selected, .. } => {
            if selected.len() > MAX_TOGGLED {
                return refuse(format!(
                    "{} items picked: at most {MAX_TOGGLED}.",
                    selected.len()
                ));
            }
            for (k, &item) in selected.iter().enumerate() {
                if item >= MAX_TOGGLED || selected[..k].contains(&item) {
                    return refuse(format!(
                        "Item {} is not one of the {MAX_TOGGLED} that can be picked once each.",
                        item + 1
                    ));
                }
            }
            Ok(())
        }
        Command::Log { page } => within("The log page", *page, &LOG_PAGES),
        Command::Remind { hours } => within("The reminder period in hours", *hours, &REMIND_HOURS),
        Command::Vacation { days } => within("Vacation days", *days, &VACATION_DAYS),
        Command::SeasonStart { name } => short("The season's name", name, MAX_SEASON_NAME),
        Command::Rules { game, topic } => {
            for word in [game, topic].into_iter().flatten() {
                short("That name", word, MAX_WORD)?;
            }
            Ok(())
        }
        Command::Reference { name, .. } => short("That name", name, MAX_WORD),
        Command::League {
            deadline,
            on_timeout,
            vacation_days,
            ..
        } => {
            for word in [deadline, on_timeout].into_iter().flatten() {
                short("That setting", word, MAX_WORD)?;
            }
            if let Some(days) = vacation_days {
                within("Vacation days per season", *days, &SEASON_VACATION_DAYS)?;
            }
            Ok(())
        }
        Command::Leaderboard { game, season } => {
            for word in [game, season].into_iter().flatten() {
                short("That name", word, MAX_WORD)?;
            }
            Ok(())
        }
        Command::Profile { user, game } => {
            if let Some((_, name)) = user {
                short("A player's name", name, MAX_NAME)?;
            }
            if let Some(game) = game {
                short("The game's name", game, MAX_WORD)?;
            }
            Ok(())
        }
        Command::Quiet {
            start,
            end,
            utc_offset_hours,
        } => {
            within("The hour quiet begins", *start, &HOURS_OF_DAY)?;
            within("The hour quiet ends", *end, &HOURS_OF_DAY)?;
            within("Your offset from UTC", *utc_offset_hours, &UTC_OFFSETS)
        }
        Command::Join
        | Command::Leave
        | Command::Start
        | Command::AddAi { .. }
        | Command::RemoveAi
        | Command::Rematch { .. }
        | Command::Board
        | Command::Hand
        | Command::Undo { .. }
        | Command::Settings { .. }
        | Command::Resign
        | Command::Abandon { .. }
        | Command::Help
        | Command::Explain
        | Command::Games
        | Command::MyTurns
        | Command::Vote { .. }
        | Command::TakeSeat
        | Command::AiSeat
        | Command::SeasonClose
        | Command::History
        | Command::Record
        | Command::MyGames => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_cuts_long_input_and_keeps_short_input() {
        assert_eq!(echo("tile D7 E7"), "tile D7 E7");
        let long = "x".repeat(10_000);
        let quoted = echo(&long);
        assert_eq!(quoted.chars().count(), ECHO + 1);
        assert!(quoted.ends_with('…'));
        // Cut on characters, never inside one.
        assert_eq!(echo(&"ä".repeat(ECHO + 5)).chars().count(), ECHO + 1);
    }

    #[test]
    fn counts_are_parsed_without_overflow_and_refused_with_their_range() {
        assert_eq!(parse_count("AI seats", " 2 ", 0..=3).unwrap(), 2);
        for bad in [
            "18446744073709551615",
            "100000000000",
            "-1",
            "+1",
            "4",
            "",
            "1e3",
            "٣",
        ] {
            let Err(TableError::Refused(m)) = parse_count("AI seats", bad, 0..=3) else {
                panic!("{bad} accepted");
            };
            assert!(m.contains("from 0 to 3"), "{m}");
        }
    }

    #[test]
    fn every_number_out_of_range_is_refused_with_the_range() {
        let cases = [
            Command::Log { page: usize::MAX },
            Command::Log { page: 0 },
            Command::Remind { hours: u32::MAX },
            Command::Vacation { days: 0 },
            Command::Quiet {
                start: 24,
                end: 0,
                utc_offset_hours: 0,
            },
            Command::Quiet {
                start: 0,
                end: 0,
                utc_offset_hours: i32::MIN,
            },
            Command::Create {
                game: "rtta".into(),
                options: vec![],
                players: Some(usize::MAX),
                seats: vec![],
                seed: None,
            },
        ];
        for command in cases {
            let Err(TableError::Refused(m)) = check(&command, "Anna") else {
                panic!("{command:?} passed");
            };
            assert!(m.contains(" to "), "{m}");
        }
        assert!(check(&Command::Log { page: 3 }, "Anna").is_ok());
    }
}
