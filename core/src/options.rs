//! The options a table chooses before a game starts, as a game declares them
//! ([`crate::Game::option_specs`]): the Discord adapter builds `/new` from them, the terminal
//! checks `key=value` pairs against them and the lobby describes them in words.

use crate::words::Text;

/// One choice of an option with a fixed set of values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value as written in `key=value` (`family_spells`).
    pub value: &'static str,
    /// What players read ("Family game with spells").
    pub label: Text,
}

/// What values an option takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of a fixed set of values.
    Choice(Vec<Choice>),
    /// On or off (`true`/`false`).
    Flag,
}

/// One option a table can choose before the game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key in `key=value` and the name of the `/new` option (`realms`).
    pub key: &'static str,
    /// What players read ("Realms", "Artifacts expansion").
    pub label: Text,
    /// A flag's words when it is off ("no Artifacts expansion"); a choice's label again.
    pub off: Text,
    /// The values it takes.
    pub kind: OptionKind,
}

impl OptionSpec {
    /// An option with a fixed set of values.
    pub fn choice(key: &'static str, label: Text, choices: Vec<(&'static str, Text)>) -> Self {
        OptionSpec {
            key,
            off: label.clone(),
            label,
            kind: OptionKind::Choice(
                choices
                    .into_iter()
                    .map(|(value, label)| Choice { value, label })
                    .collect(),
            ),
        }
    }

    /// An on/off option, with its words when on and when off.
    pub fn flag(key: &'static str, label: Text, off: Text) -> Self {
        OptionSpec {
            key,
            label,
            off,
            kind: OptionKind::Flag,
        }
    }

    /// The label of a value of this option, if it is one of its choices.
    pub fn label_of(&self, value: &str) -> Option<&Text> {
        match &self.kind {
            OptionKind::Choice(choices) => {
                choices.iter().find(|c| c.value == value).map(|c| &c.label)
            }
            OptionKind::Flag => None,
        }
    }
}
