//! Scenario files: a game, its options, seed and fixtures, then actions in notation, with
//! checks between them. `turnpost replay FILE` and the scenario tests run them.
//!
//! ```text
//! # a comment
//! game: pandoria
//! players: 3
//! seed: 42                      (required: a number, or 64 hex digits)
//! option: start=marked          (repeatable, key=value, each key once)
//! fix: start-player 1           (repeatable, game-specific, before any action)
//! tile D7 E7                    an action by whoever must decide now
//! @2 worker D7                  an action by seat 2 (seats count from 1)
//! ! tile A1 A2 => not on the plain   an action that must be refused; the text after =>
//!                               (required) must appear in the refusal
//! log: closed the city          the last action's log lines must contain this text
//! log-not: closed               no log line of the last action may contain this text
//! expect: /seats/0/score = 6    a JSON pointer into the public view, and its JSON value
//! expect-seat 2: /hand = ["mountain 1·city 2"]   the same for a seat's private view
//! legal: 42                     the number of legal actions of the seat to act
//! over                          the game must be over
//! ```
//!
//! `game:`, `players:` and `seed:` are given exactly once. Everything is checked as it is
//! read; the first failure stops the run with the line number. A UTF-8 byte order mark at the
//! start is ignored.

use std::fmt;

use crate::dynamic::DynGame;
use crate::game::{Seat, Seed};
use crate::registry::new_game;

/// A scenario that could not be read or whose check failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScenarioError {
    /// 1-based line number in the file.
    pub line: usize,
    /// What went wrong.
    pub message: String,
}

/// The record of a scenario run.
pub struct Run {
    /// The game after the last line.
    pub game: Box<dyn DynGame>,
    /// Every log line, in order.
    pub log: Vec<String>,
    /// The actions applied, as `(seat, notation)`.
    pub actions: Vec<(Seat, String)>,
}

impl fmt::Debug for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Run")
            .field("game", &self.game.name())
            .field("actions", &self.actions.len())
            .finish()
    }
}

struct Header {
    game: Option<String>,
    players: Option<usize>,
    seed: Option<Seed>,
    options: Vec<(String, String)>,
    fixes: Vec<(String, String)>,
}

/// The longest scenario line (comments included); the longest action is under 40.
pub const MAX_LINE: usize = 400;

/// Runs a scenario text, checking every `!`, `log:`, `expect:`, `legal:` and `over` line.
pub fn run(text: &str) -> Result<Run, ScenarioError> {
    let mut header = Header {
        game: None,
        players: None,
        seed: None,
        options: Vec::new(),
        fixes: Vec::new(),
    };
    let mut run: Option<Run> = None;
    let mut last_log: Vec<String> = Vec::new();

    // Editors on Windows may save a byte order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (number, raw) in text.lines().enumerate() {
        let line_no = number + 1;
        let err = |message: String| ScenarioError {
            line: line_no,
            message,
        };
        // Errors quote a line's parts: a line is bounded before anything reads it.
        let length = raw.chars().count();
        if length > MAX_LINE {
            return Err(err(format!(
                "the line is {length} characters long; a scenario line has at most {MAX_LINE}"
            )));
        }
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        if let Some((key, value)) = header_line(line) {
            if run.is_some() {
                return Err(err(format!("\"{key}:\" must come before the first action")));
            }
            let twice = || err(format!("\"{key}:\" is given twice"));
            match key {
                "game" if header.game.is_some() => return Err(twice()),
                "players" if header.players.is_some() => return Err(twice()),
                "seed" if header.seed.is_some() => return Err(twice()),
                "game" => header.game = Some(value.to_string()),
                "players" => {
                    header.players = Some(
                        value
                            .parse()
                            .map_err(|_| err(format!("bad player count \"{value}\"")))?,
                    )
                }
                "seed" => {
                    header.seed = Some(
                        Seed::parse(value).ok_or_else(|| err(format!("bad seed \"{value}\"")))?,
                    )
                }
                "option" => {
                    let (k, v) = value
                        .split_once('=')
                        .ok_or_else(|| err(format!("an option is key=value, not \"{value}\"")))?;
                    let k = k.trim();
                    if header.options.iter().any(|(old, _)| old == k) {
                        return Err(err(format!("\"option: {k}\" is given twice")));
                    }
                    header.options.push((k.to_string(), v.trim().to_string()));
                }
                "fix" => {
                    let (k, v) = value.split_once(' ').unwrap_or((value, ""));
                    header.fixes.push((k.to_string(), v.trim().to_string()));
                }
                _ => unreachable!("header_line only returns known keys"),
            }
            continue;
        }
        // The first line that is not a header starts the game.
        if run.is_none() {
            run = Some(start(&header).map_err(err)?);
        }
        let state = run.as_mut().expect("started above");
        check_or_act(state, line, &mut last_log).map_err(err)?;
    }
    match run {
        Some(run) => Ok(run),
        None => start(&header).map_err(|message| ScenarioError {
            line: text.lines().count(),
            message,
        }),
    }
}

fn strip_comment(line: &str) -> &str {
    match line.find('#') {
        Some(i) => &line[..i],
        None => line,
    }
}

fn header_line(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(':')?;
    let key = key.trim();
    matches!(key, "game" | "players" | "seed" | "option" | "fix").then(|| (key, value.trim()))
}

fn start(header: &Header) -> Result<Run, String> {
    let name = header
        .game
        .as_deref()
        .ok_or("the scenario names no game (game: …)")?;
    let players = header
        .players
        .ok_or("the scenario gives no player count (players: …)")?;
    // No default: a scenario that leaves the seed out depends on whatever the default was.
    let seed = header.seed.ok_or("the scenario gives no seed (seed: …)")?;
    let mut game = new_game(name, &header.options, players, seed).map_err(|e| e.to_string())?;
    for (key, value) in &header.fixes {
        game.fix(key, value).map_err(|e| e.to_string())?;
    }
    Ok(Run {
        game,
        log: Vec::new(),
        actions: Vec::new(),
    })
}

fn parse_seat(text: &str, players: usize) -> Result<Seat, String> {
    let n: usize = text
        .parse()
        .map_err(|_| format!("\"@{text}\" is not a seat number"))?;
    if n == 0 || n > players.max(1) + 8 {
        return Err(format!("seat numbers count from 1, not \"{text}\""));
    }
    Ok(Seat((n - 1) as u8))
}

fn check_or_act(run: &mut Run, line: &str, last_log: &mut Vec<String>) -> Result<(), String> {
    if line == "over" {
        return match run.game.decision() {
            None => Ok(()),
            Some(d) => Err(format!(
                "the game is not over: {} must {}",
                run.game.seat_name(d.seat),
                d.prompt
            )),
        };
    }
    if let Some(text) = line.strip_prefix("log:") {
        let text = text.trim();
        return if last_log.iter().any(|l| l.contains(text)) {
            Ok(())
        } else {
            Err(format!(
                "no log line contains \"{text}\"; the last action logged {last_log:?}"
            ))
        };
    }
    if let Some(text) = line.strip_prefix("log-not:") {
        let text = text.trim();
        return match last_log.iter().find(|l| l.contains(text)) {
            None => Ok(()),
            Some(l) => Err(format!(
                "the last action logged \"{l}\", which should not say \"{text}\""
            )),
        };
    }
    if let Some(text) = line.strip_prefix("legal:") {
        let want: usize = text
            .trim()
            .parse()
            .map_err(|_| format!("bad count \"{text}\""))?;
        let seat = run.game.decision().ok_or("the game is over")?.seat;
        let got = run.game.legal_notations(seat).len();
        return if got == want {
            Ok(())
        } else {
            Err(format!("expected {want} legal actions, found {got}"))
        };
    }
    if let Some(text) = line.strip_prefix("expect:") {
        return check_pointer(&run.game.public_view().to_json(), text);
    }
    if let Some(rest) = line.strip_prefix("expect-seat") {
        let (seat, text) = rest
            .trim()
            .split_once(':')
            .ok_or("expect-seat N: /pointer = value")?;
        let seat = parse_seat(seat.trim(), run.game.players())?;
        return check_pointer(&run.game.seat_view(seat).to_json(), text);
    }
    let (refused, line) = match line.strip_prefix('!') {
        Some(rest) => (true, rest.trim()),
        None => (false, line),
    };
    let (line, want_message) = match line.split_once("=>") {
        Some((a, b)) if refused => (a.trim(), b.trim()),
        Some(_) => {
            return Err(
                "\"=>\" names a refusal: start the line with \"!\" (\"! ACTION => REASON\")".into(),
            );
        }
        None => (line, ""),
    };
    if refused && want_message.is_empty() {
        // Without it, a typo or any other refusal would pass for the one meant.
        return Err(
            "a refused action must name the refusal: \"! ACTION => text of the reason\"".into(),
        );
    }
    let (seat, notation) = match line.strip_prefix('@') {
        Some(rest) => {
            let (seat, notation) = rest.split_once(' ').unwrap_or((rest, ""));
            (Some(parse_seat(seat, run.game.players())?), notation.trim())
        }
        None => (None, line),
    };
    let seat = match (seat, run.game.decision()) {
        (Some(s), _) => s,
        (None, Some(d)) => d.seat,
        (None, None) => Seat(0),
    };
    match run.game.play(seat, notation) {
        Ok(played) if refused => Err(format!(
            "\"{notation}\" by {} should have been refused but was played: {:?}",
            run.game.seat_name(seat),
            played.log
        )),
        Ok(played) => {
            let lines: Vec<String> = played.log.iter().map(ToString::to_string).collect();
            run.log.extend(lines.iter().cloned());
            run.actions.push((seat, notation.to_string()));
            *last_log = lines;
            Ok(())
        }
        Err(refusal) if refused => {
            if refusal.to_string().contains(want_message) {
                Ok(())
            } else {
                Err(format!(
                    "\"{notation}\" was refused with \"{refusal}\", which does not say \"{want_message}\""
                ))
            }
        }
        Err(refusal) => Err(format!(
            "\"{notation}\" by {} was refused: {refusal}",
            run.game.seat_name(seat)
        )),
    }
}

fn check_pointer(view: &serde_json::Value, text: &str) -> Result<(), String> {
    let (pointer, want) = text
        .split_once('=')
        .ok_or("expect: /json/pointer = json-value")?;
    let pointer = pointer.trim();
    let want: serde_json::Value = serde_json::from_str(want.trim())
        .map_err(|e| format!("\"{}\" is not a JSON value: {e}", want.trim()))?;
    match view.pointer(pointer) {
        Some(got) if *got == want || reads_as(got, &want) => Ok(()),
        Some(got) => Err(format!("{pointer} is {got}, expected {want}")),
        None => Err(format!("the view has nothing at {pointer}")),
    }
}

/// Whether a view's typed words (a stored [`Text`](crate::words::Text)) read in English as
/// the expected string: scenario files name words as a player reads them.
fn reads_as(got: &serde_json::Value, want: &serde_json::Value) -> bool {
    let (Some(want), true) = (want.as_str(), got.is_object()) else {
        return false;
    };
    serde_json::from_value::<crate::words::Text>(got.clone())
        .is_ok_and(|text| crate::words::Lang::En.render(&text) == want)
}

#[cfg(test)]
mod tests {
    //! The runner itself: every kind of wrong line must fail, with its line and a reason.

    use super::*;

    /// A two-player RTTA game with Red to act and known dice (a skull and two workers).
    const HEAD: &str = "game: rtta\nplayers: 2\nseed: 1\nfix: start-player 1\n\
                        fix: dice skull workers workers\n";

    fn fails(text: &str, line: usize, reason: &str) {
        match run(text) {
            Ok(_) => panic!("the scenario passed:\n{text}"),
            Err(e) => {
                assert_eq!(e.line, line, "{e}");
                assert!(e.message.contains(reason), "{e} does not say \"{reason}\"");
            }
        }
    }

    #[test]
    fn a_correct_scenario_passes() {
        let text = format!(
            "{HEAD}expect: /seats/0/cities = 3\n! reroll 1 => die 1 shows a skull\n\
             ! fly away => cannot read \"fly away\"\ndone\nlog: Red\nlog-not: Scored\n"
        );
        let run = run(&text).unwrap();
        assert_eq!(run.actions, vec![(Seat(0), "done".to_string())]);
    }

    #[test]
    fn a_wrong_expect_fails() {
        fails(
            &format!("{HEAD}expect: /seats/0/cities = 4\n"),
            6,
            "/seats/0/cities is 3, expected 4",
        );
        fails(
            &format!("{HEAD}expect: /seats/0/nothing = 4\n"),
            6,
            "nothing at /seats/0/nothing",
        );
    }

    #[test]
    fn a_wrong_legal_count_fails() {
        fails(
            &format!("{HEAD}legal: 100000\n"),
            6,
            "expected 100000 legal actions",
        );
    }

    #[test]
    fn a_wrong_log_fails() {
        fails(
            &format!("{HEAD}done\nlog: Blue conquered the world\n"),
            7,
            "no log line contains \"Blue conquered the world\"",
        );
    }

    #[test]
    fn a_refusal_must_be_named() {
        // Without "=> reason" a typo would pass as "refused": the parse error hides the
        // real test.
        fails(&format!("{HEAD}! fly away\n"), 6, "must name the refusal");
        fails(
            &format!("{HEAD}! reroll 1 =>\n"),
            6,
            "must name the refusal",
        );
        fails(
            &format!("{HEAD}! reroll 1 => not your turn\n"),
            6,
            "which does not say \"not your turn\"",
        );
    }

    #[test]
    fn an_expected_refusal_needs_the_bang() {
        fails(
            &format!("{HEAD}done => it is Red's turn\n"),
            6,
            "\"=>\" names a refusal: start the line with \"!\"",
        );
    }

    #[test]
    fn a_header_line_given_twice_fails() {
        for key in ["game: rtta", "players: 3", "seed: 2"] {
            fails(&format!("{HEAD}{key}\n"), 6, "is given twice");
        }
        fails(
            "game: pandoria\nplayers: 2\nseed: 1\noption: mode=family\noption: mode=standard\n",
            5,
            "\"option: mode\" is given twice",
        );
    }

    #[test]
    fn a_missing_seed_fails() {
        fails(
            "game: rtta\nplayers: 2\nfix: start-player 1\ndone\n",
            4,
            "no seed",
        );
        fails("game: rtta\nplayers: 2\n", 2, "no seed");
    }

    #[test]
    fn a_byte_order_mark_is_read() {
        let text = format!("\u{feff}{HEAD}expect: /seats/0/cities = 3\ndone\n");
        assert_eq!(run(&text).unwrap().actions.len(), 1);
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(run(&crlf).unwrap().actions.len(), 1);
    }
}
