//! What a game's components do, in words, for players who learn the game where they choose:
//! the short text of a card, realm, development or monument (one select description, at most
//! [`MAX_SHORT`] characters), its longer explanation for a reference answer, and the game's
//! help topics (`/rules`).
//!
//! The texts live in each game's component data (`assets/<game>/`), are read and checked
//! when the data is loaded, and reach Discord, the terminal and the pictures through here and
//! through [`crate::Game::detail`]. Front ends stay game-agnostic: they look entries up by
//! [`Lookup`] and by name, never by a game's own kinds.

use serde::{Deserialize, Serialize};

use crate::t;
use crate::words::{self, Lang};

/// The most characters a short text may have: Discord's limit on a select option's
/// description.
pub const MAX_SHORT: usize = 100;

/// The most characters a long text may have (a reference answer stays well inside one
/// message).
pub const MAX_LONG: usize = 600;

/// The most characters a help topic may have in any language: it fits one message with the
/// game's title and the other topics' keys.
pub const MAX_TOPIC: usize = 1800;

/// A component's effect in one language's words as the data holds them (English in the
/// component data, German in its twin): one short line and, where useful, a longer
/// explanation. What players read is an [`Effect`], made of both languages.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// What it does in one line of at most [`MAX_SHORT`] characters.
    pub short: String,
    /// More detail for the reference; may be empty.
    #[serde(default)]
    pub long: String,
}

impl Text {
    /// Checks the lengths; the error names `what`.
    pub fn check(&self, what: &str) -> Result<(), String> {
        let short = self.short.trim();
        if short.is_empty() {
            return Err(format!("{what} has no short text"));
        }
        let n = self.short.chars().count();
        if n > MAX_SHORT {
            return Err(format!(
                "{what}'s short text has {n} characters, more than {MAX_SHORT}"
            ));
        }
        let n = self.long.chars().count();
        if n > MAX_LONG {
            return Err(format!(
                "{what}'s long text has {n} characters, more than {MAX_LONG}"
            ));
        }
        Ok(())
    }

    /// The long text, or the short one when there is no long one.
    pub fn full(&self) -> &str {
        if self.long.trim().is_empty() {
            &self.short
        } else {
            &self.long
        }
    }
}

/// What a component does, in the reader's language: a short line for a select description
/// and, where the data has one, a longer explanation for the reference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    /// What it does in one line of at most [`MAX_SHORT`] characters in every language.
    pub short: words::Text,
    /// More detail, at most [`MAX_LONG`] characters in every language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub long: Option<words::Text>,
}

impl Effect {
    /// The data's words in English and German (each a text of the data, like a name:
    /// [`words::Text::name`]); a long text where the English has one.
    pub fn from_data(en: &Text, de: &Text) -> Effect {
        Effect {
            short: words::Text::name(&en.short, Some(&de.short)),
            long: (!en.long.trim().is_empty()).then(|| words::Text::name(&en.long, Some(&de.long))),
        }
    }

    /// The long text, or the short one where there is none.
    pub fn full(&self) -> words::Text {
        self.long.clone().unwrap_or_else(|| self.short.clone())
    }

    /// Checks the texts in every language: a short one of at most [`MAX_SHORT`]
    /// characters, a long one of at most [`MAX_LONG`], and German words of their own
    /// wherever the English has words (not the English again); the error names `what`.
    pub fn check(&self, what: &str) -> Result<(), String> {
        for (part, text, max) in [
            ("short", Some(&self.short), MAX_SHORT),
            ("long", self.long.as_ref(), MAX_LONG),
        ] {
            let Some(text) = text else { continue };
            let english = Lang::En.render(text);
            for lang in Lang::ALL {
                let shown = lang.render(text);
                let n = shown.chars().count();
                if shown.trim().is_empty() {
                    return Err(format!("{what} has no {part} text in {}", lang.tag()));
                }
                if n > max {
                    return Err(format!(
                        "{what}'s {part} text has {n} characters in {}, more than {max}",
                        lang.tag()
                    ));
                }
                if *lang != Lang::En && shown == english {
                    return Err(format!(
                        "{what}'s {part} text in {} is the English one",
                        lang.tag()
                    ));
                }
            }
        }
        Ok(())
    }
}

/// What one seat's own part of the game is and does (a Pandoria realm), for the lobby and
/// the seat's first private message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Intro {
    /// The part, as it reads after "plays" (`the Elves`).
    pub role: words::Text,
    /// What it does.
    pub text: Effect,
}

impl Intro {
    /// For everyone: "plays the Elves: At the end of your turn, …" (after a seat's name).
    pub fn public_line(&self) -> words::Text {
        t!(
            "reference-intro-public",
            role = &self.role,
            text = &self.text.short
        )
    }

    /// For the seat itself: "You play the Elves. At the very end of your turn …".
    pub fn private_line(&self) -> words::Text {
        t!(
            "reference-intro-private",
            role = &self.role,
            text = self.text.full()
        )
    }
}

/// Which reference command finds an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lookup {
    /// `/card`: cards, their spells and buildings, relics and other pieces a player plays.
    Card,
    /// `/realm`: the peoples a player plays, with their abilities.
    Realm,
    /// `/development`: developments, monuments and disasters of a dice game.
    Development,
}

impl Lookup {
    /// Every lookup, in a fixed order.
    pub const ALL: [Lookup; 3] = [Lookup::Card, Lookup::Realm, Lookup::Development];

    /// The command's name (`card`).
    pub fn name(self) -> &'static str {
        match self {
            Lookup::Card => "card",
            Lookup::Realm => "realm",
            Lookup::Development => "development",
        }
    }
}

/// One component in a game's reference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Which command finds it.
    pub lookup: Lookup,
    /// A stable identifier, unique in the game (`spell:rage_2`, `realm:elves`,
    /// `development:agriculture`); what autocomplete sends back.
    pub id: String,
    /// What kind of thing it is, in words (`spell`, `building`, `realm`, `development`).
    pub kind: words::Text,
    /// The English name with its strength where there are several (`Rage ×2`), matched
    /// against what a player types.
    pub name: String,
    /// The German name, where the rules give one, matched as well.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub german: Option<String>,
    /// The name as the reader reads it (`Rage ×2`, `Wut ×2`).
    pub title: words::Text,
    /// Costs and numbers in words, if any (`2 crystals`, `15 coins · 3 points`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facts: Option<words::Text>,
    /// What it does.
    pub text: Effect,
}

impl Entry {
    /// The entry as a reference answer: name, its name in the other language, kind and
    /// facts, then the short text and the long one.
    pub fn answer(&self) -> words::Text {
        let other = self
            .german
            .as_deref()
            .filter(|g| !g.eq_ignore_ascii_case(&self.name) && !self.name.starts_with(*g));
        let head = match other {
            // The name in the other language: the German one for an English reader and
            // the English one for a German reader (both the data's words).
            Some(g) => t!(
                "reference-answer-named",
                name = &self.title,
                other = words::Text::name(g, Some(&self.name)),
                kind = &self.kind
            ),
            None => t!("reference-answer", name = &self.title, kind = &self.kind),
        };
        let head = match &self.facts {
            Some(facts) => words::Text::concat([head, t!("reference-answer-facts", facts = facts)]),
            None => head,
        };
        let short = t!("reference-answer-short", text = &self.text.short);
        words::Text::lines([head, short].into_iter().chain(self.text.long.clone()))
    }

    /// The words a typed name is matched against: the name, the German name and the id.
    pub fn names(&self) -> Vec<&str> {
        let mut names = vec![self.name.as_str(), self.id.as_str()];
        names.extend(self.german.as_deref());
        if let Some((_, slug)) = self.id.split_once(':') {
            names.push(slug);
        }
        names
    }

    /// How well `typed` names this entry: 3 the whole name (any language, as the data has
    /// it or as a reader sees it, or the id), 2 the start of a name, 1 the start of a word of
    /// a name, `None` not at all. Case and accents of German letters are ignored (`gewolbe`
    /// finds Gewölbe).
    pub fn matches(&self, typed: &str) -> Option<u8> {
        let typed = fold(typed.trim());
        if typed.is_empty() {
            return Some(1);
        }
        // The names as each language shows them too (`Gewölbe 1:2`, `Wut ×2`), so what a
        // reader sees is what they may type.
        let shown: Vec<String> = Lang::ALL.iter().map(|l| l.render(&self.title)).collect();
        let mut best = None;
        for name in self
            .names()
            .into_iter()
            .chain(shown.iter().map(String::as_str))
        {
            let name = fold(name);
            let score = if name == typed {
                3
            } else if name.starts_with(&typed) {
                2
            } else if name
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| !w.is_empty() && w.starts_with(&typed))
                || typed.split_whitespace().all(|t| {
                    name.split(|c: char| !c.is_alphanumeric())
                        .any(|w| w.starts_with(t))
                })
            {
                1
            } else {
                continue;
            };
            best = best.max(Some(score));
        }
        best
    }
}

/// Numbers one after the other with `separator` between them (`2 or 3`, `3, 4, 5, 6`).
pub fn numbers(values: &[u8], separator: &words::Text) -> words::Text {
    let mut items = Vec::new();
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            items.push(separator.clone());
        }
        items.push(words::Text::raw(v.to_string()));
    }
    words::Text::concat(items)
}

/// Lower case with German umlauts and ß spelled out plainly, and `_`/`-` as spaces, so a
/// player can type without special keys.
fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' => out.push('a'),
            'ö' => out.push('o'),
            'ü' => out.push('u'),
            'ß' => out.push_str("ss"),
            '_' | '-' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The entries of `lookup` among `entries` that `typed` names, best first, at most `limit`.
pub fn find<'a>(entries: &'a [Entry], lookup: Lookup, typed: &str, limit: usize) -> Vec<&'a Entry> {
    let mut found: Vec<(u8, usize, &Entry)> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.lookup == lookup)
        .filter_map(|(i, e)| e.matches(typed).map(|m| (m, i, e)))
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    found.into_iter().take(limit).map(|(_, _, e)| e).collect()
}

/// One help topic of a game (`/rules`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topic {
    /// The key typed or chosen (`scoring`), the same in every language.
    pub key: &'static str,
    /// Its title (`Scoring`).
    pub title: words::Text,
    /// The explanation, a few short paragraphs in the project's own words.
    pub text: words::Text,
}

/// Checks a game's reference in every language: ids unique, names and kinds present, texts
/// within their limits (German words of their own where the English has words), and help
/// topics with unique keys, a title and a text that fits one message.
pub fn check(entries: &[Entry], topics: &[Topic]) -> Result<(), String> {
    let mut ids = std::collections::BTreeSet::new();
    let empty = |t: &words::Text| Lang::ALL.iter().any(|l| l.render(t).trim().is_empty());
    for e in entries {
        if !ids.insert(e.id.as_str()) {
            return Err(format!("reference id {} twice", e.id));
        }
        if e.name.trim().is_empty() || empty(&e.title) || empty(&e.kind) {
            return Err(format!("reference {} has no name or kind", e.id));
        }
        e.text.check(&e.id)?;
    }
    let mut keys = std::collections::BTreeSet::new();
    for t in topics {
        if !keys.insert(t.key) {
            return Err(format!("help topic {} twice", t.key));
        }
        for lang in Lang::ALL {
            let (title, text) = (lang.render(&t.title), lang.render(&t.text));
            if title.trim().is_empty() || text.trim().is_empty() || text.chars().count() > MAX_TOPIC
            {
                return Err(format!(
                    "help topic {} is empty or longer than {MAX_TOPIC} in {}",
                    t.key,
                    lang.tag()
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, name: &str, german: Option<&str>) -> Entry {
        Entry {
            lookup: Lookup::Card,
            id: id.into(),
            kind: words::Text::name("building", Some("Gebäude")),
            name: name.into(),
            german: german.map(Into::into),
            title: words::Text::name(name, german),
            facts: None,
            text: Effect {
                short: words::Text::name("does something", Some("tut etwas")),
                long: None,
            },
        }
    }

    #[test]
    fn names_match_in_both_languages_without_special_keys() {
        let entries = [
            entry("building:vault_1_for_2", "Vault 1:2", Some("Gewölbe")),
            entry(
                "building:small_saw_mill",
                "Small Saw Mill",
                Some("Kleine Sägemühle"),
            ),
            entry("spell:rage_2", "Rage ×2", Some("Wut")),
        ];
        let names = |typed: &str| -> Vec<&str> {
            find(&entries, Lookup::Card, typed, 25)
                .iter()
                .map(|e| e.id.as_str())
                .collect()
        };
        assert_eq!(names("gewolbe"), ["building:vault_1_for_2"]);
        assert_eq!(names("Gewölbe"), ["building:vault_1_for_2"]);
        assert_eq!(names("saw"), ["building:small_saw_mill"]);
        assert_eq!(names("sägemühle"), ["building:small_saw_mill"]);
        assert_eq!(names("wut"), ["spell:rage_2"]);
        assert_eq!(names("rage_2"), ["spell:rage_2"]);
        assert!(names("zebra").is_empty());
        assert_eq!(names("").len(), 3);
        assert!(find(&entries, Lookup::Realm, "", 25).is_empty());
    }

    #[test]
    fn texts_over_the_limits_are_refused_with_the_count() {
        let mut t = Text {
            short: "x".repeat(MAX_SHORT + 1),
            long: String::new(),
        };
        assert!(t.check("card 1").unwrap_err().contains("101 characters"));
        t.short = String::new();
        assert!(t.check("card 1").unwrap_err().contains("no short text"));
        t.short = "fine".into();
        assert!(t.check("card 1").is_ok());
        assert_eq!(t.full(), "fine");
        let twice = [entry("a", "A", None), entry("a", "B", None)];
        assert!(check(&twice, &[]).unwrap_err().contains("twice"));
    }
}

#[cfg(test)]
mod walk {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::MAX_SHORT;
    use crate::Seed;
    use crate::registry::games;

    /// Plays random games of every registered game and checks every legal choice on the way:
    /// a choice that picks a card, building, spell, realm, development, monument or relic
    /// says what it does, in at most 100 characters.
    #[test]
    fn every_choice_of_a_component_says_what_it_does() {
        let picks = [
            "spell ",
            "build ",
            "buy ",
            "take ",
            "realm ",
            "relic ",
            "monument ",
            "both ",
            "goblin ",
            "occupy ",
            "adopt ",
        ];
        type Setup<'a> = (&'a str, &'a [(&'a str, &'a str)], usize);
        let setups: [Setup; 5] = [
            (
                "pandoria",
                &[("mode", "standard"), ("realms", "each_chooses")],
                3,
            ),
            (
                "pandoria",
                &[
                    ("mode", "standard"),
                    ("realm_sets", "all"),
                    ("artifacts", "true"),
                ],
                4,
            ),
            (
                "pandoria",
                &[("mode", "beginner"), ("edition", "second")],
                2,
            ),
            ("rtta", &[], 2),
            ("rtta", &[("trade", "true")], 3),
        ];
        let mut described = 0;
        for (k, (name, options, players)) in setups.into_iter().enumerate() {
            let info = crate::registry::find(name).unwrap();
            assert!(
                !info.reference.is_empty() && !info.topics.is_empty(),
                "{name}"
            );
            let options: Vec<(String, String)> = options
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
            let mut game = info
                .new_game(&options, players, Seed::from_u64(k as u64))
                .unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
            let mut steps = 0;
            while let Some(d) = game.decision() {
                let choices = game.legal_choices(d.seat);
                for c in &choices {
                    if let Some(detail) = &c.detail {
                        assert!(
                            !detail.to_string().is_empty()
                                && detail.to_string().chars().count() <= MAX_SHORT,
                            "{name} {}: {detail}",
                            c.notation
                        );
                        described += 1;
                    } else {
                        assert!(
                            c.notation.starts_with("build city")
                                || !picks.iter().any(|p| c.notation.starts_with(p)),
                            "{name}: {} says nothing of what it does",
                            c.notation
                        );
                    }
                }
                let busy: Vec<&String> = choices
                    .iter()
                    .map(|c| &c.notation)
                    .filter(|n| *n != "pass" && *n != "done")
                    .collect();
                let pick = if !busy.is_empty() && rng.random_bool(0.8) {
                    busy[rng.random_range(0..busy.len())].clone()
                } else {
                    choices[rng.random_range(0..choices.len())].notation.clone()
                };
                game.play(d.seat, &pick).unwrap();
                steps += 1;
                if steps > 3000 {
                    break;
                }
            }
        }
        assert!(described > 100, "only {described} described choices");
    }

    #[test]
    fn every_game_is_in_the_reference_with_topics() {
        for g in games() {
            super::check(&g.reference, &g.topics).unwrap_or_else(|e| panic!("{}: {e}", g.name));
        }
    }
}
