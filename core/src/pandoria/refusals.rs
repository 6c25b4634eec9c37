//! Refusing an action: what the player to act may do now (the "now" part of
//! [`RulesError`](super::RulesError)), why a hex cannot take a tile, and the legal
//! alternative a refusal names.

use super::cards::Resource;
use super::data::Space;
use super::error::{RulesError, join_hexes};
use super::{Action, Land, Mode, Pandoria, Step};
use crate::game::Game;
use crate::hex::Hex;

impl Pandoria {
    pub(super) fn where_problem(&self, hex: Hex) -> Option<RulesError> {
        match self.board().space(hex) {
            Space::Mountains | Space::Exit { .. } => Some(RulesError::NotPlain(hex)),
            Space::Lake { .. } if self.board().has_river() => Some(RulesError::River(hex)),
            Space::Lake { .. } => Some(RulesError::Lake(hex)),
            Space::Printed { .. } => Some(RulesError::Printed(hex)),
            Space::Plain if self.land[hex.index()] != Land::Empty => Some(RulesError::Covered(hex)),
            Space::Plain => None,
        }
    }

    /// What the player to act may do now, for refusals.
    pub(super) fn now(&self) -> String {
        if let Some(h) = self.haunts.first() {
            return format!(
                "{} decides whether to haunt {} (haunt worker, haunt leader or pass)",
                self.seat_name(h.spirit),
                self.seat_name(h.closer)
            );
        }
        match &self.step {
            Step::Realm { .. } => "choose a realm (realm elves)".into(),
            Step::StartTile { .. } => "place the next start tile (start D7 E7)".into(),
            Step::Place => {
                // The examples are legal now: the first placement and castle offered.
                let legal = self.legal_actions(self.current);
                let tile = legal
                    .iter()
                    .find(|a| matches!(a, Action::Tile(..)))
                    .map(|a| format!("your tile ({a})"));
                let castle = legal
                    .iter()
                    .find(|a| matches!(a, Action::Castle(_)))
                    .map(|a| format!("a castle ({a})"));
                let mountain = legal
                    .iter()
                    .find(|a| matches!(a, Action::Mountain(_)))
                    .map(|a| format!("your mountain castle ({a})"));
                let single = legal
                    .contains(&Action::DrawSingle)
                    .then(|| "draw a single tile for a one-space gap (single)".to_string());
                let parts: Vec<String> = [tile, castle, mountain, single]
                    .into_iter()
                    .flatten()
                    .collect();
                match parts.as_slice() {
                    [] => "place your tile".into(),
                    [one] => format!("place {one}"),
                    [rest @ .., last] => format!("place {} or {last}", rest.join(", ")),
                }
            }
            Step::Single { .. } => format!(
                "place the single tile into a gap of one space ({})",
                join_hexes(&self.gap_spaces(), " or ")
            ),
            Step::Figure => {
                let ransom = match self.ransom_options(self.current).first() {
                    Some(r) => format!(", ransom captives ({r})"),
                    None => String::new(),
                };
                // Only free spaces are named, and the example is one of them.
                let free: Vec<Hex> = self
                    .figure_options(self.current)
                    .iter()
                    .filter_map(|a| match a {
                        Action::Worker(h) | Action::Leader(h) => Some(*h),
                        _ => None,
                    })
                    .fold(Vec::new(), |mut v, h| {
                        if !v.contains(&h) {
                            v.push(h);
                        }
                        v
                    });
                match free.first() {
                    None => format!("retrieve a figure (retrieve D7){ransom} or pass"),
                    Some(first) => format!(
                        "place a figure on {} (worker {first}), retrieve one{ransom}, or pass",
                        join_hexes(&free, " or "),
                    ),
                }
            }
            Step::Ransom { payer, left, .. } => format!(
                "choose the resource you take from {} for a ransomed captive ({}), {left} to take",
                self.seat_name(*payer),
                self.ransom_choice_words(*payer, ", ")
            ),
            Step::Golem => {
                let spaces = self.golem_spaces(self.current);
                match spaces.first() {
                    Some(first) => format!(
                        "place a {} on {} for 3 resources of its terrain (worker {first}), or pass",
                        self.golem_noun(self.current),
                        join_hexes(&spaces, " or ")
                    ),
                    None => "pass".into(),
                }
            }
            _ => self.later_now(),
        }
    }

    /// Adds the legal alternative to a refusal that has one: building over the player's own
    /// identical building (with the payment named, else any that works).
    pub(super) fn with_alternative(&self, action: &Action, e: RulesError) -> RulesError {
        match (e, *action) {
            (
                RulesError::Identical {
                    name,
                    slot,
                    owner: None,
                    instead: None,
                },
                Action::Build(card, _, with),
            ) => {
                let pays = [with, None].into_iter().chain(Resource::ALL.map(Some));
                let instead = pays
                    .map(|w| Action::Build(card, slot, w))
                    .find(|a| self.validate_step(a).is_ok())
                    .map(|a| a.to_string());
                RulesError::Identical {
                    name,
                    slot,
                    owner: None,
                    instead,
                }
            }
            (e, _) => e,
        }
    }
}

impl Pandoria {
    /// What the player may do now in steps 4–7, for refusals.
    pub(super) fn later_now(&self) -> String {
        match &self.step {
            Step::Card => {
                // The card step's choices by mode, with the expansions' own.
                let mut choices: Vec<String> = match self.options.mode {
                    Mode::Family => Vec::new(),
                    _ if self.has_economy() => vec![
                        "play a card (spell 17, build 17 3)".into(),
                        "erect a monument (monument 3)".into(),
                    ],
                    _ => vec!["cast a spell (spell 17)".into()],
                };
                // The relics and the printed Astral Ship are named by what is legal now: a
                // relic removed at set-up, or one the player cannot pay for, is never named.
                let mut relics = Vec::new();
                self.relic_actions(self.current, &mut relics);
                if !relics.is_empty() {
                    let names: Vec<String> = relics.iter().map(ToString::to_string).collect();
                    choices.push(format!("take a relic ({})", names.join(" or ")));
                }
                let mut ships = Vec::new();
                self.printed_ship_actions(self.current, &mut ships);
                if let Some(ship) = ships.first() {
                    choices.push(format!("cast the printed Astral Ship ({ship})"));
                }
                choices.push("pass".into());
                let last = choices.pop().unwrap_or_else(|| "pass".into());
                match choices.len() {
                    0 => last,
                    1 => format!("{} or {last}", choices[0]),
                    _ => format!("{}, or {last}", choices.join(", ")),
                }
            }
            Step::HalflingSpell => "cast a spell after building (spell 17) or pass".into(),
            Step::Effect { .. } => self.effect_now(),
            Step::ComboBuild { card } => {
                format!("build card {card} (build {card} 3) or erect a monument (monument 3)")
            }
            Step::Choices { .. } => "take the points (points) or a card (card)".into(),
            Step::Buy | Step::RoundBuy { .. } => "buy a market card (buy 2) or pass".into(),
            Step::ElfMove => "move a worker up to 2 spaces (move D7 E8) or pass".into(),
            Step::Poorhouse => {
                "choose the resource at 0 that becomes 2 (crystal, gold or wood)".into()
            }
            Step::Over => "nothing: the game is over".into(),
            _ => String::new(),
        }
    }
}
