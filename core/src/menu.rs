//! How a decision's legal actions are laid out for a player who chooses by clicking: a plain
//! list, groups reached through a first pick (tile placements by the space they cover), or
//! items to toggle before one action (dice to reroll).
//!
//! A layout only arranges the legal actions ([`crate::Game::legal_actions`]); it never adds
//! or hides one, and every action stays reachable. It refers to actions by their index in the
//! legal list, so the same layout serves the typed game and the type-erased one
//! ([`crate::dynamic::DynGame::menu`]). Like the labels, a layout is shown only to the seat
//! that decides and uses only what that seat may see.

use serde::{Deserialize, Serialize};

use crate::words::{Lang, Text};

pub use crate::words::MAX_LABEL_CHARS;

/// The first of `candidates` (labels from the fullest to the shortest) that fits in
/// [`MAX_LABEL_CHARS`]; when none fits, the last one cut to fit, ending in "…".
pub fn fit_label(candidates: impl IntoIterator<Item = String>) -> String {
    let mut last = String::new();
    for candidate in candidates {
        if candidate.chars().count() <= MAX_LABEL_CHARS {
            return candidate;
        }
        last = candidate;
    }
    let mut cut: String = last.chars().take(MAX_LABEL_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// One legal action offered to a player: its notation (the identifier a front end sends
/// back to [`crate::dynamic::DynGame::play`]) and its label in words ([`crate::Game::describe_action`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionChoice {
    /// The action in canonical notation (`spell 17`).
    pub notation: String,
    /// The action in the player's words (`Cast Conjure 6 — 2 crystals`), at most
    /// [`MAX_LABEL_CHARS`] characters, different from every other label of the
    /// same decision.
    pub label: Text,
    /// Other words that find it when typed (German card names, [`crate::Game::keywords`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    /// What the thing it chooses does, at most 100 characters ([`crate::Game::detail`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<Text>,
}

/// The most characters a group key may have: front ends carry it in a button id.
pub const MAX_GROUP_KEY: usize = 24;

/// The most actions one group may hold: one select menu.
pub const MAX_GROUP_SIZE: usize = 25;

/// The most items a toggle layout may have (dice).
pub const MAX_TOGGLES: usize = 10;

/// "1 placement", "3 placements": a count with its noun, for descriptions.
pub fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// How the legal actions of a decision are arranged.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Layout {
    /// One list in the game's order.
    #[default]
    List,
    /// A first pick among groups, then the actions of the chosen group. An action may sit
    /// in several groups (a tile placement under each space it covers); actions in no group
    /// are offered beside the groups (`pass`).
    Grouped {
        /// What the first pick asks ("Choose a space for your tile").
        pick: Text,
        /// The groups, in the order to offer them.
        groups: Vec<Group>,
        /// Actions also offered at once beside the groups, because they are the usual
        /// choice (casting a hand card's spell): one click instead of two.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        featured: Vec<usize>,
    },
    /// Items the player toggles (the dice to reroll), then one action for the chosen set
    /// ([`crate::Game::toggled`]). The `covered` actions are reached that way; the others
    /// ("Keep the dice") and the `featured` covered ones are offered beside the items.
    Toggles {
        /// What the toggles choose ("Choose the dice to reroll").
        pick: Text,
        /// The items, numbered from 1 in this order.
        items: Vec<ToggleItem>,
        /// The indices of the legal actions that a set of items stands for.
        covered: Vec<usize>,
        /// Covered actions also offered at once beside the items, because they are the
        /// usual choice (all the dice showing one face): one click instead of a toggle per
        /// item.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        featured: Vec<usize>,
        /// At most this many items stand for an action together (one die with
        /// Leadership); `None`: any number.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        most: Option<usize>,
    },
}

/// One group of a [`Layout::Grouped`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// A short identifier, unique in the layout, at most [`MAX_GROUP_KEY`] characters
    /// (`D7`, `agriculture`).
    pub key: String,
    /// The group in words (`D7`, `Agriculture — from 15 coins`), at most
    /// [`MAX_LABEL_CHARS`] characters in every language.
    pub label: Text,
    /// More words (`4 placements and a castle · next to your worker on D6`), at most 100
    /// characters in every language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<Text>,
    /// The indices of its legal actions (at least one, at most [`MAX_GROUP_SIZE`]).
    pub members: Vec<usize>,
}

/// One item of a [`Layout::Toggles`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToggleItem {
    /// The item in words (`food`, `2 coins`), short enough for a small button.
    pub label: Text,
    /// Whether the item can be toggled at all (a skull cannot be rerolled).
    pub locked: bool,
}

/// A decision's choices in words and their layout, for a front end's panel.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Menu {
    /// Every legal action with its label, in the game's order; the layout's indices point
    /// here.
    pub choices: Vec<ActionChoice>,
    /// How to arrange them.
    pub layout: Layout,
}

impl Menu {
    /// The group with this key, if the layout has groups.
    pub fn group(&self, key: &str) -> Option<&Group> {
        match &self.layout {
            Layout::Grouped { groups, .. } => groups.iter().find(|g| g.key == key),
            _ => None,
        }
    }

    /// Whether the layout leads with its featured actions and keeps its groups behind their
    /// pick even when every choice would fit as a button: a grouped layout whose featured
    /// actions sit in no group, because the groups hold only the less usual choices (a
    /// development's costlier payments behind "Another payment…").
    pub fn leads_with_featured(&self) -> bool {
        match &self.layout {
            Layout::Grouped {
                groups, featured, ..
            } => {
                !featured.is_empty()
                    && featured
                        .iter()
                        .all(|i| groups.iter().all(|g| !g.members.contains(i)))
            }
            _ => false,
        }
    }

    /// The choices that the layout offers beside its groups or toggles: those in no group
    /// and the featured ones (all of them for a list).
    pub fn others(&self) -> Vec<&ActionChoice> {
        let mut placed = vec![false; self.choices.len()];
        match &self.layout {
            Layout::List => {}
            Layout::Grouped {
                groups, featured, ..
            } => {
                for i in groups.iter().flat_map(|g| &g.members) {
                    if let Some(p) = placed.get_mut(*i) {
                        *p = true;
                    }
                }
                for i in featured {
                    if let Some(p) = placed.get_mut(*i) {
                        *p = false;
                    }
                }
            }
            Layout::Toggles {
                covered, featured, ..
            } => {
                for i in covered {
                    if let Some(p) = placed.get_mut(*i) {
                        *p = true;
                    }
                }
                for i in featured {
                    if let Some(p) = placed.get_mut(*i) {
                        *p = false;
                    }
                }
            }
        }
        self.choices
            .iter()
            .zip(placed)
            .filter(|(_, p)| !p)
            .map(|(c, _)| c)
            .collect()
    }

    /// Checks the layout's promises against its choices (see [`Layout`]); the error says
    /// which promise is broken. Tests of every game call this at every decision.
    pub fn check(&self) -> Result<(), String> {
        let n = self.choices.len();
        match &self.layout {
            Layout::List => Ok(()),
            Layout::Grouped {
                pick,
                groups,
                featured,
            } => {
                if featured.iter().any(|&i| i >= n) {
                    return Err("a featured action points past the choices".into());
                }
                if Lang::ALL.iter().any(|l| l.render(pick).is_empty()) {
                    return Err("a grouped layout names its first pick".into());
                }
                let mut keys = std::collections::BTreeSet::new();
                for g in groups {
                    if g.key.is_empty() || g.key.chars().count() > MAX_GROUP_KEY {
                        return Err(format!("group key {:?} is empty or too long", g.key));
                    }
                    if g.key.contains(':') {
                        return Err(format!("group key {:?} contains ':'", g.key));
                    }
                    if !keys.insert(g.key.as_str()) {
                        return Err(format!("group key {:?} twice", g.key));
                    }
                    for lang in Lang::ALL {
                        let label = lang.render(&g.label);
                        let description = g.description.as_ref().map(|d| lang.render(d));
                        if label.is_empty()
                            || label.chars().count() > MAX_LABEL_CHARS
                            || description.is_some_and(|d| d.chars().count() > 100)
                        {
                            return Err(format!(
                                "group {:?}: label or description length in {lang:?}",
                                g.key
                            ));
                        }
                    }
                    if g.members.is_empty() || g.members.len() > MAX_GROUP_SIZE {
                        return Err(format!("group {:?} has {} members", g.key, g.members.len()));
                    }
                    for &i in &g.members {
                        if i >= n {
                            return Err(format!("group {:?} points past the choices", g.key));
                        }
                    }
                }
                if groups.is_empty() {
                    return Err("a grouped layout has at least one group".into());
                }
                Ok(())
            }
            Layout::Toggles {
                pick,
                items,
                covered,
                featured,
                most,
            } => {
                if Lang::ALL.iter().any(|l| l.render(pick).is_empty())
                    || items.is_empty()
                    || items.len() > MAX_TOGGLES
                {
                    return Err(format!("toggles: {} items, pick {pick:?}", items.len()));
                }
                if *most == Some(0) {
                    return Err("toggles: at most 0 items stand for nothing".into());
                }
                if covered.iter().chain(featured).any(|&i| i >= n) {
                    return Err("toggles point past the choices".into());
                }
                Ok(())
            }
        }
    }
}

impl Group {
    /// Groups with these words and members: one group, or, when the members exceed
    /// [`MAX_GROUP_SIZE`], parts keyed `key.1`, `key.2`, … and labelled "(part 1 of 2)".
    pub fn split(
        key: &str,
        label: Text,
        description: Option<Text>,
        members: Vec<usize>,
    ) -> Vec<Group> {
        let parts = members.len().div_ceil(MAX_GROUP_SIZE).max(1);
        if parts == 1 {
            return vec![Group {
                key: key.to_string(),
                label,
                description,
                members,
            }];
        }
        members
            .chunks(MAX_GROUP_SIZE)
            .enumerate()
            .map(|(i, chunk)| Group {
                key: format!("{key}.{}", i + 1),
                label: Text::fit([
                    crate::t!(
                        "menu-group-part",
                        group = &label,
                        part = i + 1,
                        parts = parts
                    ),
                    label.clone(),
                ]),
                description: description.clone(),
                members: chunk.to_vec(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(n: usize) -> ActionChoice {
        ActionChoice {
            notation: format!("a {n}"),
            label: Text::raw(format!("Action {n}")),
            keywords: Vec::new(),
            detail: None,
        }
    }

    #[test]
    fn a_large_group_is_split_into_parts_that_fit_a_select() {
        let parts = Group::split("D7", Text::raw("D7"), None, (0..60).collect());
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[0].key, "D7.1");
        assert_eq!(Lang::En.render(&parts[2].label), "D7 (part 3 of 3)");
        assert!(parts.iter().all(|g| g.members.len() <= MAX_GROUP_SIZE));
        assert_eq!(parts.iter().map(|g| g.members.len()).sum::<usize>(), 60);
        assert_eq!(
            Group::split("E8", Text::raw("E8"), None, vec![1, 2])[0].key,
            "E8"
        );
    }

    #[test]
    fn others_are_the_choices_outside_groups_and_toggles() {
        let menu = Menu {
            choices: (0..4).map(choice).collect(),
            layout: Layout::Grouped {
                pick: Text::raw("Choose a space"),
                groups: Group::split("D7", Text::raw("D7"), None, vec![0, 2]),
                featured: vec![2],
            },
        };
        menu.check().unwrap();
        let others: Vec<&str> = menu.others().iter().map(|c| c.notation.as_str()).collect();
        assert_eq!(
            others,
            ["a 1", "a 2", "a 3"],
            "outside groups, and featured"
        );
        assert_eq!(menu.group("D7").unwrap().members, [0, 2]);
        assert!(menu.group("E7").is_none());
        let toggles = Menu {
            choices: (0..3).map(choice).collect(),
            layout: Layout::Toggles {
                pick: Text::raw("Choose dice"),
                items: vec![ToggleItem {
                    label: Text::raw("food"),
                    locked: false,
                }],
                covered: vec![0, 1],
                featured: vec![1],
                most: None,
            },
        };
        toggles.check().unwrap();
        assert_eq!(
            toggles.others().len(),
            2,
            "the featured one and the uncovered one"
        );
        let broken = Menu {
            choices: (0..2).map(choice).collect(),
            layout: Layout::Grouped {
                pick: Text::raw("Choose"),
                groups: vec![Group {
                    key: "x:y".into(),
                    label: Text::raw("x"),
                    description: None,
                    members: vec![0],
                }],
                featured: Vec::new(),
            },
        };
        assert!(broken.check().unwrap_err().contains("':'"));
    }
}
