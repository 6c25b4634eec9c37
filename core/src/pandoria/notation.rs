//! Pandoria's notation (`tile D7 E7`, `castle D7`, `worker D7`, `spell 17`, `build 17 3`,
//! `monument 3`, `buy 2`, …): `Display` prints an action's canonical form, `FromStr` reads it
//! back, and `parse_in_game` also reads the forms that need the game (cards named, a usage
//! hint for the forms legal now). See `docs/notation.md`; the log lines are in `log.rs`.
//!
//! Why this file is long (735 lines): one reader for the 32 actions and their friendly forms
//! (the `FromStr` match is about 235 lines), the in-game forms that share its helpers, and
//! about 110 lines of tests.

use super::error::joined;
use crate::t;
use crate::words::{Arg, Text};
use std::fmt;
use std::str::FromStr;

use super::cards::{CardId, Realm, Resource, cards};
use super::{Action, COLOURS, Pandoria};
use crate::game::{Game, ParseError, Seat};
use crate::hex::Hex;

/// A seat in notation: its colour in lowercase ("blue"), or its number.
fn seat_word(seat: Seat) -> String {
    COLOURS
        .get(seat.index())
        .map_or_else(|| (seat.0 + 1).to_string(), |c| c.to_ascii_lowercase())
}

/// Reads a seat named by colour ("blue") or number (1–4).
fn seat_named(word: &str) -> Option<Seat> {
    COLOURS
        .iter()
        .position(|c| c.eq_ignore_ascii_case(word))
        .or_else(|| {
            word.parse::<usize>()
                .ok()
                .filter(|n| (1..=4).contains(n))
                .map(|n| n - 1)
        })
        .map(|i| Seat(i as u8))
}

fn with(w: &Option<Resource>) -> String {
    w.map(|r| format!(" with {r}")).unwrap_or_default()
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Start(a, b) => write!(f, "start {a} {b}"),
            Action::Tile(a, b) => write!(f, "tile {a} {b}"),
            Action::SecondTile(a, b) => write!(f, "tile2 {a} {b}"),
            Action::Single(h) => write!(f, "single {h}"),
            Action::Castle(h) => write!(f, "castle {h}"),
            Action::Mountain(h) => write!(f, "mountain {h}"),
            Action::DrawSingle => f.write_str("single"),
            Action::Relic(points) => write!(f, "relic {points}"),
            Action::Ship(h, w) => write!(f, "ship {h}{}", with(w)),
            Action::Worker(h) => write!(f, "worker {h}"),
            Action::Leader(h) => write!(f, "leader {h}"),
            Action::Retrieve(h) => write!(f, "retrieve {h}"),
            Action::Pass => f.write_str("pass"),
            Action::Realm(r) => write!(f, "realm {}", r.slug()),
            Action::Spell(c, w) => write!(f, "spell {c}{}", with(w)),
            Action::Both(c, w) => write!(f, "both {c}{}", with(w)),
            Action::Recast(w) => write!(f, "recast{}", with(w)),
            Action::Build(c, slot, w) => write!(f, "build {c} {slot}{}", with(w)),
            Action::Monument(slot, w) => write!(f, "monument {slot}{}", with(w)),
            Action::Buy(pos, w) => write!(f, "buy {pos}{}", with(w)),
            Action::Take(pos) => write!(f, "take {pos}"),
            Action::Adopt(seat) => match COLOURS.get(seat.index()) {
                Some(c) => write!(f, "adopt {}", c.to_ascii_lowercase()),
                None => write!(f, "adopt {}", seat.0 + 1),
            },
            Action::Choose(r) => write!(f, "{r}"),
            Action::Rage(w, r) => write!(f, "rage {w} {r}"),
            Action::Move(a, b) => write!(f, "move {a} {b}"),
            Action::GoblinSpell(owner, w) => write!(f, "goblin {}{}", seat_word(*owner), with(w)),
            Action::Occupy(owner, slot, w) => {
                write!(f, "occupy {} {slot}{}", seat_word(*owner), with(w))
            }
            Action::Recall(owner, slot) => write!(f, "recall {} {slot}", seat_word(*owner)),
            Action::Haunt(true) => f.write_str("haunt leader"),
            Action::Haunt(false) => f.write_str("haunt worker"),
            Action::Ransom(from, workers, leader) => {
                let who = seat_word(*from);
                match (workers, leader) {
                    (0, true) => write!(f, "ransom {who} leader"),
                    (w, true) => write!(f, "ransom {who} {w} leader"),
                    (w, false) => write!(f, "ransom {who} {w}"),
                }
            }
            Action::Points => f.write_str("points"),
            Action::Card => f.write_str("card"),
        }
    }
}

const VERBS: &str = "tile D7 E7, castle D7, worker D7, leader D7, retrieve D7, pass, start D7 E7, \
spell 17, build 17 3, monument 3, buy 2, take 2, adopt blue, crystal/gold/wood, rage D7 E8, \
move D7 E8, single D7, both 17, recast, points, card, realm elves, ransom red 2, goblin blue, \
occupy blue 3, recall blue 3, haunt worker, mountain A3, single, relic 4, ship H7";

/// Splits a text into words the way every Pandoria action is read: anything after a "·"
/// is a label and ignored; dashes and commas separate like spaces (`D7-E7`), except a dash
/// that starts a number, which is its sign (`-1` stays a word, and no count reads it).
fn words(input: &str) -> Vec<String> {
    let text = input.split('·').next().unwrap_or("");
    let chars: Vec<char> = text.chars().collect();
    let cleaned: String = chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let word_start = i == 0 || chars[i - 1].is_whitespace() || chars[i - 1] == ',';
            let sign = word_start && chars.get(i + 1).is_some_and(char::is_ascii_digit);
            if matches!(c, '–' | '-' | ',') && !sign {
                ' '
            } else {
                c
            }
        })
        .collect();
    cleaned.split_whitespace().map(str::to_string).collect()
}

/// Reads a trailing "with gold" off a list of words.
fn take_with(input: &str, args: &mut Vec<&str>) -> Result<Option<Resource>, ParseError> {
    let n = args.len();
    if n >= 2 && args[n - 2].eq_ignore_ascii_case("with") {
        let r = Resource::parse(args[n - 1]).ok_or_else(|| {
            ParseError::new(
                input,
                t!("pandoria-parse-not-resource", word = Arg::raw(args[n - 1])),
            )
        })?;
        args.truncate(n - 2);
        return Ok(Some(r));
    }
    if args.iter().any(|a| a.eq_ignore_ascii_case("with")) {
        return Err(ParseError::new(input, t!("pandoria-parse-with-last")));
    }
    Ok(None)
}

fn number(
    input: &str,
    word: &str,
    what: Text,
    range: std::ops::RangeInclusive<u8>,
) -> Result<u8, ParseError> {
    match word.parse::<u8>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(ParseError::new(
            input,
            t!(
                "pandoria-parse-not-number",
                word = Arg::raw(word),
                what = what,
                min = *range.start(),
                max = *range.end()
            ),
        )),
    }
}

fn card_id(input: &str, word: &str) -> Result<CardId, ParseError> {
    match word.trim_start_matches('#').parse::<u8>() {
        Ok(n) if (1..=54).contains(&n) => Ok(CardId(n)),
        _ => Err(ParseError::new(
            input,
            t!("pandoria-parse-not-card", word = Arg::raw(word)),
        )),
    }
}

impl FromStr for Action {
    type Err = ParseError;

    fn from_str(input: &str) -> Result<Action, ParseError> {
        let owned = words(input);
        let words: Vec<&str> = owned.iter().map(String::as_str).collect();
        let Some((verb, rest)) = words.split_first() else {
            return Err(ParseError::new(
                input,
                t!("pandoria-parse-empty", verbs = Arg::raw(VERBS)),
            ));
        };
        let mut args: Vec<&str> = rest.to_vec();
        let hexes = |args: &[&str], n: usize, example: &str| -> Result<Vec<Hex>, ParseError> {
            if args.len() != n {
                return Err(ParseError::new(
                    input,
                    t!(
                        "pandoria-parse-spaces",
                        verb = Arg::raw(*verb),
                        n = n,
                        example = Arg::raw(example)
                    ),
                ));
            }
            args.iter()
                .map(|a| {
                    a.parse::<Hex>()
                        .map_err(|e| ParseError::new(input, super::fixtures::bad_hex(&e)))
                })
                .collect()
        };
        let verb_lower = verb.to_ascii_lowercase();
        let nothing_after = |action: Action| {
            if args.is_empty() {
                Ok(action)
            } else {
                Err(ParseError::new(
                    input,
                    t!("pandoria-parse-nothing-after", verb = Arg::raw(*verb)),
                ))
            }
        };
        match verb_lower.as_str() {
            "tile" | "tile2" => {
                let second = verb_lower == "tile2" || args.last().is_some_and(|a| *a == "#2");
                if args.last().is_some_and(|a| a.starts_with('#')) {
                    let mark = args.pop().unwrap_or_default();
                    if mark != "#2" && mark != "#1" {
                        return Err(ParseError::new(
                            input,
                            t!("pandoria-parse-hand-tile", mark = Arg::raw(mark)),
                        ));
                    }
                }
                if args.len() != 2 {
                    return Err(ParseError::new(
                        input,
                        t!("pandoria-parse-tile", verb = Arg::raw(*verb)),
                    ));
                }
                let h = hexes(&args, 2, "tile D7 E7")?;
                Ok(if second {
                    Action::SecondTile(h[0], h[1])
                } else {
                    Action::Tile(h[0], h[1])
                })
            }
            "start" => hexes(&args, 2, "start G6 G7").map(|h| Action::Start(h[0], h[1])),
            "single" if args.is_empty() => Ok(Action::DrawSingle),
            "single" => hexes(&args, 1, "single D7").map(|h| Action::Single(h[0])),
            "mountain" => hexes(&args, 1, "mountain A3").map(|h| Action::Mountain(h[0])),
            "ship" => {
                let w = take_with(input, &mut args)?;
                hexes(&args, 1, "ship H7").map(|h| Action::Ship(h[0], w))
            }
            "relic" => match args[..] {
                [points] => Ok(Action::Relic(number(
                    input,
                    points,
                    t!("pandoria-parse-what-relic"),
                    1..=20,
                )?)),
                _ => Err(ParseError::new(input, t!("pandoria-parse-relic"))),
            },
            "castle" => hexes(&args, 1, "castle D7").map(|h| Action::Castle(h[0])),
            "worker" | "figure" => hexes(&args, 1, "worker D7").map(|h| Action::Worker(h[0])),
            "leader" => hexes(&args, 1, "leader D7").map(|h| Action::Leader(h[0])),
            "retrieve" => hexes(&args, 1, "retrieve D7").map(|h| Action::Retrieve(h[0])),
            "rage" => hexes(&args, 2, "rage D7 E8").map(|h| Action::Rage(h[0], h[1])),
            "move" => hexes(&args, 2, "move D7 E8").map(|h| Action::Move(h[0], h[1])),
            "pass" | "skip" => nothing_after(Action::Pass),
            "haunt" => match args[..] {
                [w] if w.eq_ignore_ascii_case("worker") => Ok(Action::Haunt(false)),
                [w] if w.eq_ignore_ascii_case("leader") => Ok(Action::Haunt(true)),
                _ => Err(ParseError::new(input, t!("pandoria-parse-haunt"))),
            },
            "goblin" | "occupy" | "recall" => {
                let w = take_with(input, &mut args)?;
                let usage = match verb_lower.as_str() {
                    "goblin" => t!("pandoria-parse-goblin"),
                    "occupy" => t!("pandoria-parse-occupy"),
                    _ => t!("pandoria-parse-recall"),
                };
                let owner = args
                    .first()
                    .and_then(|who| seat_named(who))
                    .ok_or_else(|| ParseError::new(input, usage.clone()))?;
                match (verb_lower.as_str(), &args[1..]) {
                    ("goblin", []) => Ok(Action::GoblinSpell(owner, w)),
                    ("occupy", [slot]) => Ok(Action::Occupy(
                        owner,
                        number(input, slot, t!("pandoria-parse-what-slot"), 1..=5)?,
                        w,
                    )),
                    ("recall", [slot]) if w.is_none() => Ok(Action::Recall(
                        owner,
                        number(input, slot, t!("pandoria-parse-what-slot"), 1..=5)?,
                    )),
                    _ => Err(ParseError::new(input, usage.clone())),
                }
            }
            "ransom" => {
                let usage = t!("pandoria-parse-ransom");
                let (who, rest) = match args.split_first() {
                    Some((who, rest)) => (who.to_ascii_lowercase(), rest),
                    None => return Err(ParseError::new(input, usage.clone())),
                };
                let from = COLOURS
                    .iter()
                    .position(|c| c.eq_ignore_ascii_case(&who))
                    .or_else(|| who.parse::<usize>().ok().and_then(|n| n.checked_sub(1)))
                    .ok_or_else(|| ParseError::new(input, usage.clone()))?;
                let from = Seat(from as u8);
                // At least one worker when a count is given ("ransom red leader" takes back
                // the leader alone); never 0 or below.
                let workers = |n: &str| number(input, n, t!("pandoria-parse-what-workers"), 1..=6);
                match rest {
                    [n] if n.eq_ignore_ascii_case("leader") => Ok(Action::Ransom(from, 0, true)),
                    [n] => Ok(Action::Ransom(from, workers(n)?, false)),
                    [n, l] if l.eq_ignore_ascii_case("leader") => {
                        Ok(Action::Ransom(from, workers(n)?, true))
                    }
                    _ => Err(ParseError::new(input, usage.clone())),
                }
            }
            "points" => nothing_after(Action::Points),
            "card" => nothing_after(Action::Card),
            "crystal" | "crystals" | "gold" | "wood" => {
                let r = Resource::parse(verb).expect("matched a resource");
                nothing_after(Action::Choose(r))
            }
            "realm" => match args[..] {
                [name] => Realm::parse(name).map(Action::Realm).ok_or_else(|| {
                    ParseError::new(input, t!("pandoria-parse-not-realm", name = Arg::raw(name)))
                }),
                _ => Err(ParseError::new(input, t!("pandoria-parse-realm"))),
            },
            "spell" | "cast" | "both" | "recast" => {
                let w = take_with(input, &mut args)?;
                match (verb_lower.as_str(), &args[..]) {
                    ("recast", []) => Ok(Action::Recast(w)),
                    ("recast", _) => Err(ParseError::new(input, t!("pandoria-parse-recast"))),
                    (_, [card]) => {
                        let c = card_id(input, card)?;
                        Ok(if verb_lower == "both" {
                            Action::Both(c, w)
                        } else {
                            Action::Spell(c, w)
                        })
                    }
                    _ => Err(ParseError::new(
                        input,
                        t!(
                            "pandoria-parse-card",
                            verb = Arg::raw(*verb),
                            lower = Arg::raw(verb_lower.as_str())
                        ),
                    )),
                }
            }
            "build" => {
                let w = take_with(input, &mut args)?;
                match args[..] {
                    [card, slot] => Ok(Action::Build(
                        card_id(input, card)?,
                        number(input, slot, t!("pandoria-parse-what-slot"), 1..=5)?,
                        w,
                    )),
                    _ => Err(ParseError::new(input, t!("pandoria-parse-build"))),
                }
            }
            "monument" => {
                let w = take_with(input, &mut args)?;
                match args[..] {
                    [slot] => Ok(Action::Monument(
                        number(input, slot, t!("pandoria-parse-what-slot"), 1..=5)?,
                        w,
                    )),
                    _ => Err(ParseError::new(input, t!("pandoria-parse-monument"))),
                }
            }
            "buy" => {
                let w = take_with(input, &mut args)?;
                match args[..] {
                    [pos] => Ok(Action::Buy(
                        number(input, pos, t!("pandoria-parse-what-market"), 1..=4)?,
                        w,
                    )),
                    _ => Err(ParseError::new(input, t!("pandoria-parse-buy"))),
                }
            }
            "take" => match args[..] {
                [pos] => Ok(Action::Take(number(
                    input,
                    pos,
                    t!("pandoria-parse-what-market"),
                    1..=4,
                )?)),
                _ => Err(ParseError::new(input, t!("pandoria-parse-take"))),
            },
            "adopt" => match args[..] {
                [who] => {
                    let seat = seat_named(who).ok_or_else(|| {
                        ParseError::new(input, t!("pandoria-parse-not-player", who = Arg::raw(who)))
                    })?;
                    Ok(Action::Adopt(seat))
                }
                _ => Err(ParseError::new(input, t!("pandoria-parse-adopt"))),
            },
            _ => {
                // A bare pair of hexes is a tile placement, as autocomplete offers it.
                if let [a, b] = &words[..]
                    && let (Ok(a), Ok(b)) = (a.parse::<Hex>(), b.parse::<Hex>())
                {
                    return Ok(Action::Tile(a, b));
                }
                Err(ParseError::new(
                    input,
                    t!(
                        "pandoria-parse-unknown",
                        verb = Arg::raw(*verb),
                        verbs = Arg::raw(VERBS)
                    ),
                ))
            }
        }
    }
}

/// Reads an action against the game: besides the canonical forms, cards in the hand may be
/// named (`spell rage`, `build small tower 3`) when the name fits exactly one of them, and a
/// Rage region may be named by any of its spaces.
pub(super) fn parse_in_game(game: &Pandoria, input: &str) -> Result<Action, ParseError> {
    let parsed = match input.parse::<Action>() {
        Ok(action) => Ok(action),
        Err(e) => match by_name(game, input) {
            Some(result) => result,
            None => Err(in_game_error(game, input, e)),
        },
    }?;
    if let Action::Rage(worker, region) = parsed
        && let Some(r) = game.turn.closed.iter().find(|r| r.hexes.contains(&region))
    {
        return Ok(Action::Rage(worker, r.at));
    }
    Ok(parsed)
}

/// An unknown verb is answered with the forms this game allows now instead of every form
/// of every expansion: the forms of the current decision's legal actions. At the card step
/// the card forms are always named, whatever the hand holds, so the answer tells nobody
/// more than the step (a hand is secret).
fn in_game_error(game: &Pandoria, input: &str, error: ParseError) -> ParseError {
    let verb = words(input).into_iter().next().unwrap_or_default();
    let unknown = t!(
        "pandoria-parse-unknown",
        verb = Arg::raw(verb.as_str()),
        verbs = Arg::raw(VERBS)
    );
    let empty = t!("pandoria-parse-empty", verbs = Arg::raw(VERBS));
    if error.reason != unknown && error.reason != empty {
        return error;
    }
    let forms = forms_now(game);
    let what = if verb.is_empty() {
        t!("pandoria-parse-say-what")
    } else {
        t!(
            "pandoria-parse-unknown-verb",
            verb = Arg::raw(verb.as_str())
        )
    };
    if forms.is_empty() {
        return ParseError::new(input, t!("pandoria-parse-nothing-now", what = what));
    }
    // The forms as they are typed ("spell 17", "pass").
    let forms = joined(forms.into_iter().map(Text::raw), t!("pandoria-sep-comma"));
    ParseError::new(
        input,
        t!("pandoria-parse-now-forms", what = what, forms = forms),
    )
}

/// The example forms (from [`VERBS`]) of the current decision's legal actions, in order.
fn forms_now(game: &Pandoria) -> Vec<&'static str> {
    use crate::game::Game;
    let Some(decision) = game.decision() else {
        return Vec::new();
    };
    let example = |verb: &str| {
        VERBS
            .split(", ")
            .find(|form| form.split(' ').next() == Some(verb))
    };
    let card_step = decision.kind == super::DecisionKind::Card;
    let mut forms: Vec<&'static str> = Vec::new();
    if card_step {
        forms.extend(["spell 17", "build 17 3"]);
    }
    for action in game.legal_actions(decision.seat) {
        let text = action.to_string();
        let verb = text.split(' ').next().unwrap_or_default();
        if card_step && matches!(verb, "spell" | "build" | "both" | "monument") {
            continue;
        }
        let form = match verb {
            "crystal" | "gold" | "wood" => example("crystal/gold/wood"),
            "tile2" => Some("tile2 D7 E7"),
            v => example(v),
        };
        if let Some(form) = form
            && !forms.contains(&form)
        {
            forms.push(form);
        }
    }
    forms
}

/// What `build` takes, and what the player deciding can build now (their legal builds,
/// by card and slots).
fn build_usage(game: &Pandoria, input: &str) -> ParseError {
    use crate::game::Game;
    let mut buildable: Vec<(CardId, Vec<u8>)> = Vec::new();
    if let Some(d) = game.decision() {
        for action in game.legal_actions(d.seat) {
            if let Action::Build(card, slot, _) = action {
                match buildable.iter_mut().find(|(c, _)| *c == card) {
                    Some((_, slots)) if !slots.contains(&slot) => slots.push(slot),
                    Some(_) => {}
                    None => buildable.push((card, vec![slot])),
                }
            }
        }
    }
    let now = if buildable.is_empty() {
        t!("pandoria-parse-build-nothing")
    } else {
        let parts = buildable.iter().map(|(card, slots)| {
            t!(
                "pandoria-parse-buildable",
                building = cards().card(*card).building.label_text(),
                card = card.0,
                slots = Text::or_list(slots.iter().map(|&n| t!("pandoria-number", n = n)))
            )
        });
        t!(
            "pandoria-parse-build-now",
            builds = joined(parts, t!("pandoria-sep-comma"))
        )
    };
    ParseError::new(input, t!("pandoria-parse-build-usage", now = now))
}

/// `spell rage`, `both clone`, `build large tower 3 with gold`: a hand card by name.
fn by_name(game: &Pandoria, input: &str) -> Option<Result<Action, ParseError>> {
    let owned = words(input);
    let mut args: Vec<&str> = owned.iter().map(String::as_str).collect();
    if args.is_empty() {
        return None;
    }
    let verb = args.remove(0).to_ascii_lowercase();
    if !matches!(verb.as_str(), "spell" | "cast" | "both" | "build") {
        return None;
    }
    let w = match take_with(input, &mut args) {
        Ok(w) => w,
        Err(e) => return Some(Err(e)),
    };
    let slot = if verb == "build" {
        // "build vault": a name without a slot says what `build` takes, not that "vault"
        // is no slot.
        if args.len() < 2 || args.last().is_some_and(|a| a.parse::<u8>().is_err()) {
            return Some(Err(build_usage(game, input)));
        }
        match args
            .pop()
            .map(|s| number(input, s, t!("pandoria-parse-what-slot"), 1..=5))
        {
            Some(Ok(s)) => Some(s),
            Some(Err(e)) => return Some(Err(e)),
            None => return None,
        }
    } else {
        None
    };
    if args.is_empty() || args.iter().all(|a| a.parse::<u8>().is_ok()) {
        return None;
    }
    let name = args.join(" ").to_ascii_lowercase();
    let seat = game.decision()?.seat;
    let hand = &game.seat_state(seat).cards;
    let matches: Vec<CardId> = hand
        .iter()
        .copied()
        .filter(|&c| {
            let card = cards().card(c);
            let side = if verb == "build" {
                (
                    card.building.name(),
                    card.building.label(),
                    card.building.german(),
                )
            } else {
                (card.spell.name(), card.spell.label(), card.spell.german())
            };
            [side.0.to_string(), side.1, side.2.to_string()]
                .iter()
                .any(|n| n.to_ascii_lowercase().replace('-', " ") == name)
        })
        .collect();
    Some(match (matches.as_slice(), slot) {
        ([c], Some(slot)) => Ok(Action::Build(*c, slot, w)),
        ([c], None) if verb == "both" => Ok(Action::Both(*c, w)),
        ([c], None) => Ok(Action::Spell(*c, w)),
        ([], _) => Err(ParseError::new(
            input,
            t!(
                "pandoria-parse-no-card-named",
                name = Arg::raw(name.as_str())
            ),
        )),
        (several, _) => Err(ParseError::new(
            input,
            t!(
                "pandoria-parse-several-cards",
                name = Arg::raw(name.as_str()),
                cards = joined(
                    several
                        .iter()
                        .map(|c| t!("pandoria-card-number", card = c.0)),
                    t!("pandoria-sep-and"),
                )
            ),
        )),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_tile_hint_closes_its_quotes_and_brackets() {
        let reason = "tile D7"
            .parse::<super::Action>()
            .unwrap_err()
            .reason
            .to_string();
        assert_eq!(
            reason,
            "\"tile\" takes 2 spaces, like \"tile D7 E7\" (Dwarves: \"tile2 D7 E7\" for the second tile)"
        );
        assert_eq!(reason.to_string().matches('"').count() % 2, 0, "{reason}");
        assert_eq!(
            reason.to_string().matches('(').count(),
            reason.to_string().matches(')').count()
        );
    }

    use super::*;

    #[test]
    fn actions_round_trip() {
        let h = |s: &str| s.parse::<Hex>().unwrap();
        for a in [
            Action::Tile(h("D7"), h("E7")),
            Action::SecondTile(h("D7"), h("E7")),
            Action::Single(h("D7")),
            Action::Start(h("G6"), h("G7")),
            Action::Castle(h("A0")),
            Action::Worker(h("P13")),
            Action::Leader(h("K10")),
            Action::Retrieve(h("B2")),
            Action::Pass,
            Action::Realm(Realm::Halflings),
            Action::Spell(CardId(17), None),
            Action::Spell(CardId(54), Some(Resource::Gold)),
            Action::Both(CardId(3), Some(Resource::Wood)),
            Action::Recast(None),
            Action::Recast(Some(Resource::Crystal)),
            Action::Build(CardId(17), 3, None),
            Action::Build(CardId(1), 5, Some(Resource::Crystal)),
            Action::Monument(2, None),
            Action::Monument(1, Some(Resource::Gold)),
            Action::Buy(4, None),
            Action::Buy(1, Some(Resource::Wood)),
            Action::Take(3),
            Action::Adopt(Seat(1)),
            Action::Choose(Resource::Crystal),
            Action::Choose(Resource::Wood),
            Action::Rage(h("D7"), h("E8")),
            Action::Move(h("D7"), h("E9")),
            Action::Points,
            Action::Card,
        ] {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
    }

    #[test]
    fn friendly_forms_parse() {
        let h = |s: &str| s.parse::<Hex>().unwrap();
        let tile = Action::Tile(h("D7"), h("E7"));
        assert_eq!("D7–E7 · forest 2 · city 1".parse::<Action>(), Ok(tile));
        assert_eq!("tile d7-e7".parse::<Action>(), Ok(tile));
        assert_eq!("  TILE D7 E7 ".parse::<Action>(), Ok(tile));
        assert_eq!("tile D7 E7 #1".parse::<Action>(), Ok(tile));
        assert_eq!(
            "tile2 D7 E7".parse::<Action>(),
            Ok(Action::SecondTile(h("D7"), h("E7")))
        );
        assert_eq!("figure D7".parse::<Action>(), Ok(Action::Worker(h("D7"))));
        assert_eq!(
            "spell 17 · Rage ×2 · 2 crystals".parse::<Action>(),
            Ok(Action::Spell(CardId(17), None))
        );
        assert_eq!("adopt 2".parse::<Action>(), Ok(Action::Adopt(Seat(1))));
        assert_eq!("ADOPT Blue".parse::<Action>(), Ok(Action::Adopt(Seat(1))));
        assert_eq!(
            "crystals".parse::<Action>(),
            Ok(Action::Choose(Resource::Crystal))
        );
    }

    #[test]
    fn malformed_notation_says_what_is_understood() {
        for (text, says) in [
            ("", "say what to play"),
            ("tile D7", "takes 2 spaces"),
            ("tile D7 Z9", "not a space on the board"),
            ("tile D7 E7 #3", "not a hand tile"),
            ("castle", "takes 1 space"),
            ("fly D7", "unknown action"),
            ("pass now", "takes nothing"),
            ("worker D99", "not a space"),
            ("spell", "takes a card number"),
            ("spell 99", "not a card number"),
            ("build 17", "a card number and a slot"),
            ("build 17 6", "not a building slot"),
            ("monument 0", "not a building slot"),
            ("buy 5", "not a market card"),
            ("buy 2 with silver", "not a resource"),
            ("buy with gold 2", "comes last"),
            ("adopt purple", "not a player"),
            ("realm orcs", "not a realm"),
            ("recast 3", "nothing but"),
        ] {
            let e = text.parse::<Action>().unwrap_err();
            assert!(e.to_string().contains(says), "{text:?}: {e}");
        }
    }
}
