//! How Roll Through the Ages' legal actions are laid out for a player who clicks
//! ([`Game::layout`]).
//!
//! - Rolling (and Leadership's extra reroll): one toggle per die showing its face, dice with
//!   a skull locked where the rules keep them; the chosen dice are rerolled by one action.
//!   The usual rerolls are offered at once beside the toggles (all the dice showing one
//!   face, all the dice that may be rerolled), one click instead of a toggle per die.
//! - Food or workers: one toggle per die; the chosen dice give workers, the others food.
//!   All food and all workers are offered at once.
//! - Building: every target with all the workers it can take offered at once ("3 workers
//!   on city 5"); fewer workers behind a first pick of the cities, a monument or
//!   Engineering.
//! - Buying: each development with its cheapest payment offered at once (the goods worth
//!   least sold, whole tracks as the rules require); any other payment behind one
//!   "another payment…" pick of the development.
//! - Trading: a first pick of the resource, then how much to give or ask for.
//!
//! Nothing in this game is secret, so a layout may use the whole state.

use super::data::data;
use super::{Action, Development, DiceSet, Face, GoodsSet, Resource, Rtta, Step, Target};
use crate::game::Seat;
use crate::menu::{Group, Layout, ToggleItem};
use crate::t;
use crate::words::Text;

/// Groups being gathered: key, label and the indices of their members.
type Groups = Vec<(String, Text, Vec<usize>)>;

/// Adds `index` to the group keyed `key`, creating it (with its words) the first time.
fn add(groups: &mut Groups, key: &str, label: impl FnOnce() -> Text, index: usize) {
    match groups.iter_mut().find(|(k, _, _)| k == key) {
        Some((_, _, members)) => members.push(index),
        None => groups.push((key.to_string(), label(), vec![index])),
    }
}

fn grouped(pick: Text, groups: Groups, describe: impl Fn(&str, &[usize]) -> Text) -> Layout {
    featured_grouped(pick, groups, Vec::new(), describe)
}

fn featured_grouped(
    pick: Text,
    groups: Groups,
    featured: Vec<usize>,
    describe: impl Fn(&str, &[usize]) -> Text,
) -> Layout {
    Layout::Grouped {
        pick,
        groups: groups
            .into_iter()
            .flat_map(|(key, label, members)| {
                let description = describe(&key, &members);
                Group::split(&key, label, Some(description), members)
            })
            .collect(),
        featured,
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
                        label: face.text(),
                        locked: !lockable.contains(i),
                    })
                    .collect();
                let covered: Vec<usize> = legal
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| match a {
                        Action::Reroll(set) => !set.is_empty(),
                        Action::Choose(_) => true,
                        _ => false,
                    })
                    .map(|(i, _)| i)
                    .collect();
                let quick = self.quick_dice(lockable);
                let featured = covered
                    .iter()
                    .copied()
                    .filter(|&i| match legal[i] {
                        Action::Reroll(set) | Action::Choose(set) => quick.contains(&set),
                        _ => false,
                    })
                    .collect();
                let pick = match self.step {
                    Step::Roll => t!("rtta-pick-reroll"),
                    Step::Leadership => t!("rtta-pick-leadership"),
                    _ => t!("rtta-pick-workers"),
                };
                Layout::Toggles {
                    pick,
                    items,
                    covered,
                    featured,
                    most: (self.step == Step::Leadership).then_some(1),
                }
            }
            Step::Build => {
                let mut groups = Vec::new();
                // Every target with as many workers as it takes, at once; fewer in its group.
                let most = |target| self.workers_needed(target).min(self.turn.workers);
                let mut featured = Vec::new();
                for (i, action) in legal.iter().enumerate() {
                    match *action {
                        Action::Build(target, n) if n == most(target) => featured.push(i),
                        Action::Build(Target::City, _) => {
                            add(&mut groups, "city", || t!("rtta-group-cities"), i)
                        }
                        Action::Build(Target::Monument(m), _) => add(
                            &mut groups,
                            m.id(),
                            || t!("rtta-group-monument", monument = m.text()),
                            i,
                        ),
                        Action::Engineering(_) => add(
                            &mut groups,
                            "engineering",
                            || t!("rtta-group-engineering"),
                            i,
                        ),
                        _ => {}
                    }
                }
                let workers = self.turn.workers;
                if groups.is_empty() {
                    return Layout::List;
                }
                featured_grouped(
                    t!("rtta-pick-fewer-workers"),
                    groups,
                    featured,
                    |key, members| {
                        if key == "engineering" {
                            t!("rtta-group-choices", n = members.len())
                        } else {
                            t!(
                                "rtta-group-workers",
                                most = members.len().min(usize::from(workers)),
                                workers = workers
                            )
                        }
                    },
                )
            }
            Step::Buy => {
                let mut groups = Vec::new();
                let cheapest = self.cheapest_payments(legal);
                for (i, action) in legal.iter().enumerate() {
                    match *action {
                        Action::Buy(..) if cheapest.contains(&i) => {}
                        Action::Buy(dev, _) => {
                            let cost = data()
                                .developments
                                .get(usize::from(dev.0))
                                .map_or(0, |d| d.cost);
                            add(
                                &mut groups,
                                dev.id(),
                                || t!("rtta-group-payment", development = dev.text(), cost = cost),
                                i,
                            )
                        }
                        Action::Granaries(_) => {
                            add(&mut groups, "granaries", || t!("rtta-group-granaries"), i)
                        }
                        _ => {}
                    }
                }
                if groups.is_empty() {
                    return Layout::List;
                }
                featured_grouped(t!("rtta-pick-payment"), groups, cheapest, |key, members| {
                    if key == "granaries" {
                        t!("rtta-group-amounts", n = members.len())
                    } else {
                        t!("rtta-group-payments", n = members.len())
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
                grouped(t!("rtta-pick-resource"), groups, |_, members: &[usize]| {
                    t!("rtta-group-amounts", n = members.len())
                })
            }
            _ => Layout::List,
        }
    }

    /// The usual choices of a dice step, offered beside the toggles: rerolling all the
    /// dice showing one face, or all the dice that may be rerolled (rolling); all food or
    /// all workers (food or workers). `dice` are the dice that may be toggled.
    fn quick_dice(&self, dice: DiceSet) -> Vec<DiceSet> {
        let mut quick: Vec<DiceSet> = Vec::new();
        match self.step {
            Step::Roll => {
                for face in Face::ALL {
                    let set = DiceSet(self.turn.dice.showing(face).0 & dice.0);
                    if !set.is_empty() && !quick.contains(&set) {
                        quick.push(set);
                    }
                }
                if !dice.is_empty() && !quick.contains(&dice) {
                    quick.push(dice);
                }
            }
            Step::Choose => {
                quick.push(DiceSet::EMPTY);
                if !dice.is_empty() {
                    quick.push(dice);
                }
            }
            _ => {}
        }
        quick
    }

    /// The index in `legal` of each development's cheapest payment: the goods sold worth
    /// least (then the fewest tracks), so that no coin of the goods is wasted without need.
    fn cheapest_payments(&self, legal: &[Action]) -> Vec<usize> {
        let d = data();
        let s = self.cur();
        let worth = |sold: GoodsSet| -> u16 {
            sold.goods()
                .filter_map(|g| {
                    let i = usize::from(g.0);
                    Some(d.goods.get(i)?.value(*self.seats[s].goods.get(i)?))
                })
                .sum()
        };
        let mut best: Vec<(Development, u16, u8, usize)> = Vec::new();
        for (i, action) in legal.iter().enumerate() {
            if let Action::Buy(dev, sold) = *action {
                let key = (worth(sold), sold.goods().count() as u8);
                match best.iter_mut().find(|(d, ..)| *d == dev) {
                    Some(b) if (b.1, b.2) > key => *b = (dev, key.0, key.1, i),
                    Some(_) => {}
                    None => best.push((dev, key.0, key.1, i)),
                }
            }
        }
        best.into_iter().map(|(.., i)| i).collect()
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
fn resource_words(r: Resource, have: u8) -> Text {
    t!(
        "rtta-group-resource",
        resource = Text::dynamic(format!("rtta-track-{}", r.id())),
        have = have
    )
}
