//! Pandoria's notation (`tile D7 E7`, `castle D7`, `worker D7`, `leader D7`,
//! `retrieve D7`, `pass`, `start G6 G7`) and its log lines. See `docs/notation.md`.

use std::fmt;
use std::str::FromStr;

use super::{Action, Event, Figure, Pandoria};
use crate::game::{Game, ParseError};
use crate::hex::Hex;

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Start(a, b) => write!(f, "start {a} {b}"),
            Action::Tile(a, b) => write!(f, "tile {a} {b}"),
            Action::Castle(h) => write!(f, "castle {h}"),
            Action::Worker(h) => write!(f, "worker {h}"),
            Action::Leader(h) => write!(f, "leader {h}"),
            Action::Retrieve(h) => write!(f, "retrieve {h}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

const VERBS: &str = "tile D7 E7, castle D7, worker D7, leader D7, retrieve D7, pass, start D7 E7";

impl FromStr for Action {
    type Err = ParseError;

    fn from_str(input: &str) -> Result<Action, ParseError> {
        // Autocomplete labels read "D7–E7 · forest 2 · city 1": accept dashes between hexes
        // and ignore everything after a "·".
        let text = input.split('·').next().unwrap_or("");
        let cleaned: String = text
            .chars()
            .map(|c| {
                if matches!(c, '–' | '-' | ',') {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        let words: Vec<&str> = cleaned.split_whitespace().collect();
        let Some((verb, args)) = words.split_first() else {
            return Err(ParseError::new(input, format!("say what to play: {VERBS}")));
        };
        let hexes = |n: usize, example: &str| -> Result<Vec<Hex>, ParseError> {
            if args.len() != n {
                return Err(ParseError::new(
                    input,
                    format!(
                        "\"{verb}\" takes {n} space{}, like \"{example}\"",
                        if n == 1 { "" } else { "s" }
                    ),
                ));
            }
            args.iter()
                .map(|a| {
                    a.parse::<Hex>()
                        .map_err(|e| ParseError::new(input, e.to_string()))
                })
                .collect()
        };
        match verb.to_ascii_lowercase().as_str() {
            "tile" => hexes(2, "tile D7 E7").map(|h| Action::Tile(h[0], h[1])),
            "start" => hexes(2, "start G6 G7").map(|h| Action::Start(h[0], h[1])),
            "castle" => hexes(1, "castle D7").map(|h| Action::Castle(h[0])),
            "worker" | "figure" => hexes(1, "worker D7").map(|h| Action::Worker(h[0])),
            "leader" => hexes(1, "leader D7").map(|h| Action::Leader(h[0])),
            "retrieve" => hexes(1, "retrieve D7").map(|h| Action::Retrieve(h[0])),
            "pass" | "skip" if args.is_empty() => Ok(Action::Pass),
            "pass" | "skip" => Err(ParseError::new(input, "\"pass\" takes nothing after it")),
            _ => {
                // A bare pair of hexes is a tile placement, as autocomplete offers it.
                if let [a, b] = &words[..]
                    && let (Ok(a), Ok(b)) = (a.parse::<Hex>(), b.parse::<Hex>())
                {
                    return Ok(Action::Tile(a, b));
                }
                Err(ParseError::new(
                    input,
                    format!("unknown action \"{verb}\"; actions: {VERBS}"),
                ))
            }
        }
    }
}

fn figure_name(game: &Pandoria, figure: &Figure) -> String {
    let kind = if figure.leader { "leader" } else { "worker" };
    format!("{}'s {kind}", game.seat_name(figure.seat))
}

/// One log line for an event.
pub(super) fn describe(game: &Pandoria, event: &Event) -> String {
    match event {
        Event::StartTilePlaced { at, tile } => {
            format!("Start tile {tile} placed at {}–{}", at[0], at[1])
        }
        Event::TilePlaced { seat, at, tile } => {
            format!(
                "{} placed {tile} at {}–{}",
                game.seat_name(*seat),
                at[0],
                at[1]
            )
        }
        Event::CastlePlaced { seat, at } => {
            format!("{} placed a castle at {at}", game.seat_name(*seat))
        }
        Event::CouldNotPlace { seat } => format!(
            "{} could place neither tile nor castle",
            game.seat_name(*seat)
        ),
        Event::RegionClosed { region, returned } => {
            let mut line = format!(
                "The {} at {} is closed ({} space{}, {} symbol{})",
                region.terrain,
                region.at,
                region.hexes.len(),
                if region.hexes.len() == 1 { "" } else { "s" },
                region.symbols,
                if region.symbols == 1 { "" } else { "s" },
            );
            if !returned.is_empty() {
                let who: Vec<String> = returned
                    .iter()
                    .map(|(h, f)| format!("{} from {h}", figure_name(game, f)))
                    .collect();
                line.push_str(&format!("; back to reserve: {}", who.join(", ")));
            }
            line
        }
        Event::FigurePlaced { at, figure } => {
            let kind = if figure.leader { "leader" } else { "worker" };
            format!("{} placed a {kind} on {at}", game.seat_name(figure.seat))
        }
        Event::FigureRetrieved { at, figure } => {
            let kind = if figure.leader { "leader" } else { "worker" };
            format!(
                "{} took back a {kind} from {at}",
                game.seat_name(figure.seat)
            )
        }
        Event::Passed { seat } => format!("{} placed no figure", game.seat_name(*seat)),
        Event::RegionScored { region, scores } => {
            if scores.is_empty() {
                return format!(
                    "Nobody scores the {} at {}: no figure next to it",
                    region.terrain, region.at
                );
            }
            let parts: Vec<String> = scores
                .iter()
                .map(|s| {
                    format!(
                        "{} {} ({} × {})",
                        game.seat_name(s.seat),
                        s.points,
                        region.symbols,
                        s.figures
                    )
                })
                .collect();
            format!(
                "Scored the {} at {}: {}",
                region.terrain,
                region.at,
                parts.join(", ")
            )
        }
        Event::TileDrawn { seat, left } => {
            format!("{} drew a tile ({left} left)", game.seat_name(*seat))
        }
        Event::LastRound { seat } => format!(
            "{} could not draw a tile: this round is the last",
            game.seat_name(*seat)
        ),
        Event::GameOver { outcome } => {
            let mut order: Vec<usize> = (0..outcome.scores.len()).collect();
            order.sort_by_key(|&i| (outcome.ranks[i], i));
            let parts: Vec<String> = order
                .iter()
                .map(|&i| {
                    format!(
                        "{}. {} {}",
                        outcome.ranks[i],
                        game.seat_name(crate::game::Seat(i as u8)),
                        outcome.scores[i]
                    )
                })
                .collect();
            let winners: Vec<String> = outcome.winners.iter().map(|&s| game.seat_name(s)).collect();
            format!(
                "Game over: {}. {} {}",
                parts.join(", "),
                join_words(&winners),
                if winners.len() == 1 {
                    "wins"
                } else {
                    "share the win"
                }
            )
        }
    }
}

fn join_words(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        let h = |s: &str| s.parse::<Hex>().unwrap();
        for a in [
            Action::Tile(h("D7"), h("E7")),
            Action::Start(h("G6"), h("G7")),
            Action::Castle(h("A0")),
            Action::Worker(h("P13")),
            Action::Leader(h("K10")),
            Action::Retrieve(h("B2")),
            Action::Pass,
        ] {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
    }

    #[test]
    fn friendly_forms_parse() {
        let h = |s: &str| s.parse::<Hex>().unwrap();
        let tile = Action::Tile(h("D7"), h("E7"));
        assert_eq!("D7–E7 · forest 2 · city 1".parse::<Action>(), Ok(tile));
        assert_eq!("tile d7-e7".parse::<Action>(), Ok(tile));
        assert_eq!("  TILE D7 E7 ".parse::<Action>(), Ok(tile));
        assert_eq!("figure D7".parse::<Action>(), Ok(Action::Worker(h("D7"))));
    }

    #[test]
    fn malformed_notation_says_what_is_understood() {
        for (text, says) in [
            ("", "say what to play"),
            ("tile D7", "takes 2 spaces"),
            ("tile D7 Z9", "not a space on the board"),
            ("castle", "takes 1 space"),
            ("fly D7", "unknown action"),
            ("pass now", "takes nothing"),
            ("worker D99", "not a space"),
        ] {
            let e = text.parse::<Action>().unwrap_err();
            assert!(e.to_string().contains(says), "{text:?}: {e}");
        }
    }
}
