//! How Pandoria's legal actions are laid out for a player who clicks ([`Game::layout`]).
//!
//! - Placing a tile or a castle: a first pick of the space (every space a placement covers,
//!   the spaces next to the player's own figures first, then column by column), then the
//!   placements on that space with both halves named. An opening's hundred placements become
//!   a page of spaces and a handful of buttons.
//! - Moving a figure (Teleport, the Elves): a first pick of the figure, then where to.
//! - Playing a card: a first pick of the hand card (or the monument), then how to play it
//!   (cast, build in a slot, with which payment); casting a spell the plain way is also
//!   offered at once, being the usual play.
//!
//! Everything else is one list. The groups use only what the seat may see: its own hand and
//! the public board.

use super::cards::cards;
use super::error::joined;
use super::{Action, Pandoria};
use crate::game::{Game, Seat};
use crate::hex::Hex;
use crate::menu::{Group, Layout};
use crate::t;
use crate::words::{Arg, Text};

/// The spaces a placement covers.
fn covered(action: &Action) -> Option<Vec<Hex>> {
    match *action {
        Action::Start(a, b) | Action::Tile(a, b) | Action::SecondTile(a, b) => Some(vec![a, b]),
        Action::Single(h) | Action::Castle(h) => Some(vec![h]),
        _ => None,
    }
}

/// The card a card action plays (`None` for a monument, recast or pass).
fn played_card(action: &Action) -> Option<super::cards::CardId> {
    match *action {
        Action::Spell(c, _) | Action::Both(c, _) | Action::Build(c, _, _) => Some(c),
        _ => None,
    }
}

impl Pandoria {
    /// The layout of `legal` (see the module documentation).
    pub(super) fn layout_of(&self, seat: Seat, legal: &[Action]) -> Layout {
        if legal.iter().any(|a| covered(a).is_some()) {
            self.by_space(seat, legal)
        } else if legal.iter().any(|a| matches!(a, Action::Move(..))) {
            self.by_figure(seat, legal)
        } else if legal
            .iter()
            .any(|a| played_card(a).is_some() || matches!(a, Action::Monument(..)))
        {
            self.by_card(legal)
        } else {
            Layout::List
        }
    }

    /// Placements grouped by the spaces they cover.
    fn by_space(&self, seat: Seat, legal: &[Action]) -> Layout {
        let mut spaces: Vec<(Hex, Vec<usize>)> = Vec::new();
        for (i, action) in legal.iter().enumerate() {
            for hex in covered(action).unwrap_or_default() {
                match spaces.iter_mut().find(|(h, _)| *h == hex) {
                    Some((_, members)) => members.push(i),
                    None => spaces.push((hex, vec![i])),
                }
            }
        }
        // Next to one's own figures first (where a figure can join a region), then column
        // by column, as the board's labels read.
        let own_near = |hex: Hex| -> Vec<Hex> {
            hex.neighbours()
                .filter(|&n| self.figure(n).is_some_and(|f| f.seat == seat))
                .collect()
        };
        spaces.sort_by_key(|(hex, _)| (own_near(*hex).is_empty(), *hex));
        let castle_only = legal
            .iter()
            .all(|a| matches!(a, Action::Castle(_) | Action::Pass));
        let groups = spaces
            .into_iter()
            .flat_map(|(hex, members)| {
                let tiles = members
                    .iter()
                    .filter(|&&i| !matches!(legal[i], Action::Castle(_)))
                    .count();
                let mut what = Vec::new();
                if tiles > 0 {
                    what.push(t!("pandoria-layout-placements", n = tiles));
                }
                if members
                    .iter()
                    .any(|&i| matches!(legal[i], Action::Castle(_)))
                {
                    what.push(t!("pandoria-layout-a-castle"));
                }
                let mut description = vec![Text::and_list(what)];
                let near = own_near(hex);
                if let Some(first) = near.first() {
                    let leader = matches!(self.figure(*first), Some(f) if f.leader);
                    description.push(if near.len() == 1 {
                        t!(
                            "pandoria-layout-near-figure",
                            leader = u8::from(leader),
                            at = Arg::raw(first.to_string())
                        )
                    } else {
                        t!("pandoria-layout-near-figures")
                    });
                }
                // The label is the space's coordinate, shown as given.
                let label = hex.to_string();
                Group::split(
                    &label,
                    Text::raw(&label),
                    Some(Text::concat(description)),
                    members,
                )
            })
            .collect();
        Layout::Grouped {
            pick: if castle_only {
                t!("pandoria-pick-castle-space")
            } else {
                t!("pandoria-pick-tile-space")
            },
            groups,
            featured: Vec::new(),
        }
    }

    /// Moves grouped by the figure that moves.
    fn by_figure(&self, seat: Seat, legal: &[Action]) -> Layout {
        let mut figures: Vec<(Hex, Vec<usize>)> = Vec::new();
        for (i, action) in legal.iter().enumerate() {
            if let Action::Move(from, _) = *action {
                match figures.iter_mut().find(|(h, _)| *h == from) {
                    Some((_, members)) => members.push(i),
                    None => figures.push((from, vec![i])),
                }
            }
        }
        let groups = figures
            .into_iter()
            .flat_map(|(from, members)| {
                let at = Arg::raw(from.to_string());
                let label = match self.figure(from) {
                    Some(f) if f.seat == seat => {
                        t!(
                            "pandoria-layout-move-own",
                            leader = u8::from(f.leader),
                            at = at
                        )
                    }
                    Some(f) => t!(
                        "pandoria-layout-move-other",
                        seat = self.seat_name(f.seat),
                        leader = u8::from(f.leader),
                        at = at
                    ),
                    None => t!("pandoria-layout-move-the", at = at),
                };
                let description = t!("pandoria-layout-destinations", n = members.len());
                Group::split(&from.to_string(), label, Some(description), members)
            })
            .collect();
        Layout::Grouped {
            pick: t!("pandoria-pick-figure"),
            groups,
            featured: Vec::new(),
        }
    }

    /// Card plays grouped by the hand card (and the monument apart).
    fn by_card(&self, legal: &[Action]) -> Layout {
        let mut by_card: Vec<(super::cards::CardId, Vec<usize>)> = Vec::new();
        let mut monument = Vec::new();
        for (i, action) in legal.iter().enumerate() {
            if let Some(c) = played_card(action) {
                match by_card.iter_mut().find(|(k, _)| *k == c) {
                    Some((_, members)) => members.push(i),
                    None => by_card.push((c, vec![i])),
                }
            } else if matches!(action, Action::Monument(..)) {
                monument.push(i);
            }
        }
        let mut groups: Vec<Group> = by_card
            .into_iter()
            .flat_map(|(c, members)| {
                let card = cards().card(c);
                let cast = members
                    .iter()
                    .any(|&i| matches!(legal[i], Action::Spell(..) | Action::Both(..)));
                let slots: std::collections::BTreeSet<u8> = members
                    .iter()
                    .filter_map(|&i| match legal[i] {
                        Action::Build(_, slot, _) => Some(slot),
                        _ => None,
                    })
                    .collect();
                let mut ways = Vec::new();
                if cast {
                    ways.push(t!("pandoria-layout-cast", spell = card.spell.label_text()));
                }
                if !slots.is_empty() {
                    let list = slots.iter().map(|&n| t!("pandoria-number", n = n));
                    ways.push(t!(
                        "pandoria-layout-build",
                        building = card.building.label_text(),
                        slots = joined(list, t!("pandoria-sep-comma"))
                    ));
                }
                let label = Text::fit([
                    t!(
                        "pandoria-layout-card",
                        card = c.0,
                        spell = card.spell.label_text(),
                        building = card.building.label_text()
                    ),
                    t!(
                        "pandoria-layout-card-short",
                        card = c.0,
                        spell = card.spell.label_text()
                    ),
                ]);
                let description = joined(ways, t!("pandoria-sep-middot"));
                Group::split(&format!("card{c}"), label, Some(description), members)
            })
            .collect();
        if !monument.is_empty() {
            let description = t!("pandoria-layout-ways", n = monument.len());
            groups.extend(Group::split(
                "monument",
                t!("pandoria-layout-monument"),
                Some(description),
                monument,
            ));
        }
        // Casting a spell the plain way is the usual play: offered at once as well.
        let featured = legal
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a, Action::Spell(_, None)))
            .map(|(i, _)| i)
            .collect();
        Layout::Grouped {
            pick: t!("pandoria-pick-card"),
            groups,
            featured,
        }
    }

    /// The German names of the cards an action plays or buys, so a player can type them.
    pub(super) fn keywords_of(&self, seat: Seat, action: &Action) -> Vec<String> {
        let card = match *action {
            Action::Spell(c, _) | Action::Both(c, _) | Action::Build(c, _, _) => Some(c),
            Action::Buy(pos, _) | Action::Take(pos) => {
                self.market().get(usize::from(pos).wrapping_sub(1)).copied()
            }
            Action::Recast(_) => self.seat_state(seat).spells.last().copied(),
            Action::Adopt(other) => self
                .seats
                .get(other.index())
                .and_then(|s| s.spells.last())
                .copied(),
            _ => None,
        };
        card.map(|c| {
            let card = cards().card(c);
            vec![
                card.spell.german().to_string(),
                card.building.german().to_string(),
            ]
        })
        .unwrap_or_default()
    }
}
