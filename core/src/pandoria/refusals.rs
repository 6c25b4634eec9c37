//! Refusing an action: what the player to act may do now (the "now" part of
//! [`RulesError`](super::RulesError)), why a hex cannot take a tile, and the legal
//! alternative a refusal names.

use super::cards::Resource;
use super::data::Space;
use super::error::{RulesError, hexes_or, joined, notation};
use super::{Action, Land, Mode, Pandoria, Step};
use crate::game::Game;
use crate::hex::Hex;
use crate::t;
use crate::words::Text;

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
    pub(super) fn now(&self) -> Text {
        if let Some(h) = self.haunts.first() {
            return t!(
                "pandoria-now-haunt",
                spirit = self.seat_name(h.spirit),
                closer = self.seat_name(h.closer)
            );
        }
        match &self.step {
            Step::Realm { .. } => t!("pandoria-now-realm"),
            Step::StartTile { .. } => t!("pandoria-now-start-tile"),
            Step::Place => {
                // The examples are legal now: the first placement and castle offered.
                let legal = self.legal_actions(self.current);
                let tile = legal
                    .iter()
                    .find(|a| matches!(a, Action::Tile(..)))
                    .map(|a| t!("pandoria-now-place-your-tile", example = notation(a)));
                let castle = legal
                    .iter()
                    .find(|a| matches!(a, Action::Castle(_)))
                    .map(|a| t!("pandoria-now-place-castle", example = notation(a)));
                let mountain = legal
                    .iter()
                    .find(|a| matches!(a, Action::Mountain(_)))
                    .map(|a| t!("pandoria-now-place-mountain", example = notation(a)));
                let single = legal
                    .contains(&Action::DrawSingle)
                    .then(|| t!("pandoria-now-place-single"));
                let parts: Vec<Text> = [tile, castle, mountain, single]
                    .into_iter()
                    .flatten()
                    .collect();
                if parts.is_empty() {
                    t!("pandoria-now-place-tile")
                } else {
                    t!("pandoria-now-place", what = Text::or_list(parts))
                }
            }
            Step::Single { .. } => {
                t!("pandoria-now-single", gaps = hexes_or(&self.gap_spaces()))
            }
            Step::Figure => {
                let ransom = match self.ransom_options(self.current).first() {
                    Some(r) => t!("pandoria-now-ransom", example = notation(r)),
                    None => Text::concat([]),
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
                    None => t!("pandoria-now-retrieve", ransom = ransom),
                    Some(first) => t!(
                        "pandoria-now-figure",
                        free = hexes_or(&free),
                        first = notation(first),
                        ransom = ransom
                    ),
                }
            }
            Step::Ransom { payer, left, .. } => t!(
                "pandoria-now-ransom-resource",
                payer = self.seat_name(*payer),
                choices = self.ransom_choice_text(*payer, t!("pandoria-sep-comma")),
                left = *left
            ),
            Step::Golem => {
                let spaces = self.golem_spaces(self.current);
                match spaces.first() {
                    Some(first) => t!(
                        "pandoria-now-golem",
                        second = u8::from(self.golem_second(self.current)),
                        spaces = hexes_or(&spaces),
                        first = notation(first)
                    ),
                    None => t!("pandoria-now-pass"),
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
                    building,
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
                    building,
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
    pub(super) fn later_now(&self) -> Text {
        match &self.step {
            Step::Card => {
                // The card step's choices by mode, with the expansions' own.
                let mut choices: Vec<Text> = match self.options.mode {
                    Mode::Family => Vec::new(),
                    _ if self.has_economy() => vec![
                        t!("pandoria-now-play-card"),
                        t!("pandoria-now-erect-monument"),
                    ],
                    _ => vec![t!("pandoria-now-cast-spell")],
                };
                // The relics and the printed Astral Ship are named by what is legal now: a
                // relic removed at set-up, or one the player cannot pay for, is never named.
                let mut relics = Vec::new();
                self.relic_actions(self.current, &mut relics);
                if !relics.is_empty() {
                    // Each relic as it is typed ("relic 4").
                    let names = relics.iter().map(|a| Text::raw(a.to_string()));
                    choices.push(t!(
                        "pandoria-now-relic",
                        relics = joined(names, t!("pandoria-sep-or"))
                    ));
                }
                let mut ships = Vec::new();
                self.printed_ship_actions(self.current, &mut ships);
                if let Some(ship) = ships.first() {
                    choices.push(t!("pandoria-now-printed-ship", example = notation(ship)));
                }
                let last = t!("pandoria-now-pass");
                match choices.len() {
                    0 => last,
                    1 => t!("pandoria-now-either", first = &choices[0], last = last),
                    _ => t!(
                        "pandoria-now-any",
                        rest = joined(choices, t!("pandoria-sep-comma")),
                        last = last
                    ),
                }
            }
            Step::HalflingSpell => t!("pandoria-now-halfling-spell"),
            Step::Effect { .. } => self.effect_now(),
            Step::ComboBuild { card } => t!("pandoria-now-combo-build", card = card.0),
            Step::Choices { .. } => t!("pandoria-now-choices"),
            Step::Buy | Step::RoundBuy { .. } => t!("pandoria-now-buy"),
            Step::ElfMove => t!("pandoria-now-elf-move"),
            Step::Poorhouse => t!("pandoria-now-poorhouse"),
            Step::Over => t!("pandoria-now-over"),
            _ => Text::concat([]),
        }
    }
}
