//! How Roll Through the Ages' legal actions are laid out for a player who clicks
//! ([`Game::layout`]).
//!
//! - Rolling (and Leadership's extra reroll): one toggle per die showing its face, dice with
//!   a skull locked where the rules keep them; the chosen dice are rerolled by one action.
//! - Food or workers: one toggle per die; the chosen dice give workers, the others food.
//! - Building: a first pick of the cities, a monument or Engineering, then how many workers.
//! - Buying: a first pick of the development, then the payment (which goods to sell).
//! - Trading: a first pick of the resource, then how much to give or ask for.
//!
//! Nothing in this game is secret, so a layout may use the whole state.

use super::data::data;
use super::{Action, DiceSet, Resource, Rtta, Step, Target};
use crate::game::Seat;
use crate::menu::{Group, Layout, ToggleItem, counted};

/// Adds `index` to the group keyed `key`, creating it (with its words) the first time.
fn add(
    groups: &mut Vec<(String, String, Vec<usize>)>,
    key: &str,
    label: impl FnOnce() -> String,
    index: usize,
) {
    match groups.iter_mut().find(|(k, _, _)| k == key) {
        Some((_, _, members)) => members.push(index),
        None => groups.push((key.to_string(), label(), vec![index])),
    }
}

fn grouped(
    pick: &str,
    groups: Vec<(String, String, Vec<usize>)>,
    describe: impl Fn(&str, &[usize]) -> String,
) -> Layout {
    Layout::Grouped {
        pick: pick.into(),
        groups: groups
            .into_iter()
            .flat_map(|(key, label, members)| {
                let description = describe(&key, &members);
                Group::split(&key, &label, &description, members)
            })
            .collect(),
        featured: Vec::new(),
    }
}

impl Rtta {
    /// The layout of `legal` (see the module documentation).
    pub(super) fn layout_of(&self, _seat: Seat, legal: &[Action]) -> Layout {
        match self.step {
            Step::Roll | Step::Leadership | Step::Choose => {
                let lockable = match self.step {
                    Step::Roll => self.rerollable(),
                    Step::Leadership => DiceSet::first(self.turn.dice.count()),
                    _ => self.choice_dice(),
                };
                let items = self
                    .turn
                    .dice
                    .faces()
                    .iter()
                    .enumerate()
                    .map(|(i, &face)| ToggleItem {
                        label: face.label().to_string(),
                        locked: !lockable.contains(i),
                    })
                    .collect();
                let covered = legal
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| match a {
                        Action::Reroll(set) => !set.is_empty(),
                        Action::Choose(_) => true,
                        _ => false,
                    })
                    .map(|(i, _)| i)
                    .collect();
                let pick = match self.step {
                    Step::Roll => "Choose the dice to reroll",
                    Step::Leadership => "Choose one die to reroll with Leadership",
                    _ => "Choose the dice that give workers (the others give food)",
                };
                Layout::Toggles {
                    pick: pick.into(),
                    items,
                    covered,
                }
            }
            Step::Build => {
                let mut groups = Vec::new();
                for (i, action) in legal.iter().enumerate() {
                    match *action {
                        Action::Build(Target::City, _) => {
                            add(&mut groups, "city", || "Cities".into(), i)
                        }
                        Action::Build(Target::Monument(m), _) => {
                            add(&mut groups, m.id(), || m.name().to_string(), i)
                        }
                        Action::Engineering(_) => add(
                            &mut groups,
                            "engineering",
                            || "Engineering: stone for workers".into(),
                            i,
                        ),
                        _ => {}
                    }
                }
                let workers = self.turn.workers;
                grouped("Choose what to build", groups, |key, members| {
                    if key == "engineering" {
                        counted(members.len(), "choice", "choices")
                    } else {
                        format!(
                            "up to {} of your {workers} workers",
                            members.len().min(usize::from(workers))
                        )
                    }
                })
            }
            Step::Buy => {
                let mut groups = Vec::new();
                for (i, action) in legal.iter().enumerate() {
                    match *action {
                        Action::Buy(dev, _) => {
                            let cost = data()
                                .developments
                                .get(usize::from(dev.0))
                                .map_or(0, |d| d.cost);
                            add(
                                &mut groups,
                                dev.id(),
                                || format!("{} — {cost} coins", dev.name()),
                                i,
                            )
                        }
                        Action::Granaries(_) => add(
                            &mut groups,
                            "granaries",
                            || "Sell food for coins (Granaries)".into(),
                            i,
                        ),
                        _ => {}
                    }
                }
                grouped("Choose a development to buy", groups, |key, members| {
                    if key == "granaries" {
                        counted(members.len(), "amount", "amounts")
                    } else {
                        counted(members.len(), "way to pay", "ways to pay")
                    }
                })
            }
            Step::Trade => {
                let mut groups = Vec::new();
                for (i, action) in legal.iter().enumerate() {
                    if let Action::Give(r, _) | Action::Get(r, _) = *action {
                        let have = self.holding(self.cur(), r);
                        add(&mut groups, r.id(), || resource_words(r, have), i);
                    }
                }
                grouped(
                    "Choose a resource for the offer",
                    groups,
                    |_, members: &[usize]| counted(members.len(), "amount", "amounts"),
                )
            }
            _ => Layout::List,
        }
    }

    /// The action the toggled dice stand for: the reroll of those dice, or which dice give
    /// workers.
    pub(super) fn toggled_of(&self, selected: &[usize]) -> Option<Action> {
        let count = usize::from(self.turn.dice.count());
        if selected.iter().any(|&i| i >= count) {
            return None;
        }
        let set = selected.iter().fold(DiceSet::EMPTY, |set, &i| set.with(i));
        match self.step {
            Step::Roll | Step::Leadership if !set.is_empty() => Some(Action::Reroll(set)),
            Step::Choose => Some(Action::Choose(set)),
            _ => None,
        }
    }
}

/// "Wood (you have 3)", "Food (you have 4)".
fn resource_words(r: Resource, have: u8) -> String {
    let id = r.id();
    let mut title = id[..1].to_uppercase();
    title.push_str(&id[1..]);
    format!("{title} (you have {have})")
}
