//! The named maximum of everything a person can type or send, checked before any work:
//! a command whose numbers or words are out of range is refused in words that give the
//! allowed range, so no input can make the table allocate, loop or echo without bound.
//!
//! Front ends check the shape of their own input (a slash option's type, a terminal line's
//! length); [`check`] is the one gate every [`Command`] passes on its way into the table,
//! whatever front end it came from.

use std::ops::RangeInclusive;

use turnpost_core::t;
use turnpost_core::words::{Arg, Text};

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
    what: Text,
    text: &str,
    range: RangeInclusive<usize>,
) -> Result<usize, TableError> {
    let (low, high) = (*range.start(), *range.end());
    let words = || {
        TableError::Refused(t!(
            "bot-not-a-count",
            value = Arg::raw(echo(text.trim())),
            what = what.clone(),
            low = low,
            high = high
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

/// What a limit is about, in words: a key of `bot-what` (`your-name`, `log-page`).
pub fn what(key: &'static str) -> Text {
    t!("bot-what", key = Arg::raw(key))
}

fn within<T: PartialOrd + Copy + std::fmt::Display + Into<Arg>>(
    what: &'static str,
    value: T,
    range: &RangeInclusive<T>,
) -> Result<(), TableError> {
    if range.contains(&value) {
        Ok(())
    } else {
        // The number as the player gave it (even one too large for a message's number).
        let value = Arg::raw(value.to_string());
        refuse(t!(
            "bot-out-of-range",
            what = self::what(what),
            low = *range.start(),
            high = *range.end(),
            value = value
        ))
    }
}

fn short(what: Text, text: &str, max: usize) -> Result<(), TableError> {
    if text.chars().count() <= max {
        Ok(())
    } else {
        refuse(t!(
            "bot-too-long",
            what = what,
            max = max,
            text = Arg::raw(echo(text))
        ))
    }
}

/// Checks every number and word of a command against its named maximum; the refusal says
/// the allowed range. Cheap: nothing is parsed beyond lengths and ranges.
pub fn check(command: &Command, caller_name: &str) -> Result<(), TableError> {
    short(what("your-name"), caller_name, MAX_NAME)?;
    match command {
        Command::Create {
            game,
            options,
            players,
            seats,
            seed: _,
        } => {
            short(what("game-name"), game, MAX_WORD)?;
            if options.len() > MAX_OPTIONS {
                return refuse(t!(
                    "bot-too-many-options",
                    n = options.len(),
                    max = MAX_OPTIONS
                ));
            }
            for (key, value) in options {
                short(what("option-name"), key, MAX_OPTION_KEY)?;
                short(
                    t!("bot-what-option-value", key = Arg::raw(echo(key))),
                    value,
                    MAX_OPTION_VALUE,
                )?;
            }
            if let Some(n) = players {
                within("players", *n, &(1..=MAX_LISTED_SEATS))?;
            }
            if seats.len() > MAX_LISTED_SEATS {
                return refuse(t!(
                    "bot-too-many-players",
                    n = seats.len(),
                    max = MAX_LISTED_SEATS
                ));
            }
            for (_, name) in seats {
                short(what("player-name"), name, MAX_NAME)?;
            }
            Ok(())
        }
        Command::Act { notation, .. } | Command::ActAnyway { notation, .. } => {
            short(what("action"), notation, MAX_NOTATION)
        }
        Command::ActToggled { selected, .. } => {
            if selected.len() > MAX_TOGGLED {
                return refuse(t!(
                    "bot-too-many-picked",
                    n = selected.len(),
                    max = MAX_TOGGLED
                ));
            }
            for (k, &item) in selected.iter().enumerate() {
                if item >= MAX_TOGGLED || selected[..k].contains(&item) {
                    return refuse(t!("bot-not-an-item", item = item + 1, max = MAX_TOGGLED));
                }
            }
            Ok(())
        }
        Command::Log { page } => within("log-page", *page, &LOG_PAGES),
        Command::Remind { hours } => within("reminder-hours", *hours, &REMIND_HOURS),
        Command::Vacation { days } => within("vacation-days", *days, &VACATION_DAYS),
        Command::SeasonStart { name } => short(what("season-name"), name, MAX_SEASON_NAME),
        Command::Rules { game, topic } => {
            for word in [game, topic].into_iter().flatten() {
                short(what("that-name"), word, MAX_WORD)?;
            }
            Ok(())
        }
        Command::Reference { name, .. } => short(what("that-name"), name, MAX_WORD),
        Command::League {
            deadline,
            on_timeout,
            vacation_days,
            ..
        } => {
            for word in [deadline, on_timeout].into_iter().flatten() {
                short(what("setting"), word, MAX_WORD)?;
            }
            if let Some(days) = vacation_days {
                within("season-vacation-days", *days, &SEASON_VACATION_DAYS)?;
            }
            Ok(())
        }
        Command::Leaderboard { game, season } => {
            for word in [game, season].into_iter().flatten() {
                short(what("that-name"), word, MAX_WORD)?;
            }
            Ok(())
        }
        Command::Profile { user, game } => {
            if let Some((_, name)) = user {
                short(what("player-name"), name, MAX_NAME)?;
            }
            if let Some(game) = game {
                short(what("game-name"), game, MAX_WORD)?;
            }
            Ok(())
        }
        Command::Quiet {
            start,
            end,
            utc_offset_hours,
        } => {
            within("quiet-start", *start, &HOURS_OF_DAY)?;
            within("quiet-end", *end, &HOURS_OF_DAY)?;
            within("utc-offset", *utc_offset_hours, &UTC_OFFSETS)
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
        | Command::Language { .. }
        | Command::ServerLanguage { .. }
        | Command::Web { .. }
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
        assert_eq!(parse_count(what("ai-seats"), " 2 ", 0..=3).unwrap(), 2);
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
            let Err(TableError::Refused(m)) = parse_count(what("ai-seats"), bad, 0..=3) else {
                panic!("{bad} accepted");
            };
            let m = m.to_string();
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
            let m = m.to_string();
            assert!(m.contains(" to "), "{m}");
        }
        assert!(check(&Command::Log { page: 3 }, "Anna").is_ok());
    }
}
