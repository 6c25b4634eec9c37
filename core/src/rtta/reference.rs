//! What Roll Through the Ages' developments, monuments and disasters do, in words: the texts
//! of `assets/rtta/components.json` (checked when it is loaded) as reference entries for
//! `/development`, each legal choice's detail for the panel, and the help topics of `/rules`.

use super::data::data;
use super::notation::{Action, Target};
use super::{Effect, Rtta};
use crate::reference::{self, Entry, Lookup, Topic, numbers};
use crate::t;
use crate::words::Text;

/// A component's text of the data in English and German, its first letter upper-case.
fn effect(en: &str, de: &str) -> reference::Effect {
    reference::Effect {
        short: Text::name(&capitalized(en), Some(&capitalized(de))),
        long: None,
    }
}

/// Every entry of `/development`: the developments, the monuments and the disasters, with
/// their names, kinds, facts and texts in English and German.
pub fn entries() -> Vec<Entry> {
    let d = data();
    let mut out = Vec::new();
    for dev in &d.developments {
        out.push(Entry {
            lookup: Lookup::Development,
            id: format!("development:{}", dev.id),
            kind: t!("rtta-ref-kind-development"),
            name: dev.name.clone(),
            german: Some(dev.name_de.clone()),
            title: Text::name(&dev.name, Some(&dev.name_de)),
            facts: Some(t!(
                "rtta-ref-development-facts",
                cost = dev.cost,
                points = dev.points
            )),
            text: effect(&dev.text, &dev.text_de),
        });
    }
    for m in &d.monuments {
        let facts = t!(
            "rtta-ref-monument-facts",
            workers = m.workers,
            first = m.first,
            later = m.later
        );
        let facts = if m.omitted_with_players.is_empty() {
            facts
        } else {
            Text::concat([
                facts,
                t!(
                    "rtta-ref-monument-omitted",
                    players = numbers(&m.omitted_with_players, &t!("words-or"))
                ),
            ])
        };
        out.push(Entry {
            lookup: Lookup::Development,
            id: format!("monument:{}", m.id),
            kind: t!("rtta-ref-kind-monument"),
            name: m.name.clone(),
            german: Some(m.name_de.clone()),
            title: Text::name(&m.name, Some(&m.name_de)),
            facts: Some(facts),
            text: effect(&m.text, &m.text_de),
        });
    }
    for dis in &d.disasters {
        out.push(Entry {
            lookup: Lookup::Development,
            id: format!("disaster:{}", dis.id),
            kind: t!("rtta-ref-kind-disaster"),
            name: dis.name.clone(),
            german: Some(dis.name_de.clone()),
            title: Text::name(&dis.name, Some(&dis.name_de)),
            facts: None,
            text: effect(&dis.text, &dis.text_de),
        });
    }
    out
}

/// "protects you from Drought" → "Protects you from Drought".
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

impl Rtta {
    /// What the development or monument a legal action chooses does (see
    /// [`crate::Game::detail`]).
    ///
    /// The texts are the data's, in English and German; they are words from the game's data
    /// like its names, so they are [`crate::words::Text::name`]s.
    pub(super) fn detail_of(&self, action: &Action) -> Option<crate::words::Text> {
        let d = data();
        fn development(x: &super::data::DevelopmentData) -> (&String, &String) {
            (&x.text, &x.text_de)
        }
        let (en, de) = match *action {
            Action::Buy(dev, _) => d.developments.get(usize::from(dev.0)).map(development),
            Action::Engineering(_) => d
                .developments
                .get(d.development_with(Effect::Engineering))
                .map(development),
            Action::Granaries(_) => d
                .developments
                .get(d.development_with(Effect::Granaries))
                .map(development),
            Action::Build(Target::Monument(m), _) => d
                .monuments
                .get(usize::from(m.0))
                .map(|x| (&x.text, &x.text_de)),
            _ => None,
        }?;
        Some(effect(en, de).short)
    }
}

/// The keys of Roll Through the Ages' help topics, in the order `/rules` lists them.
const TOPICS: [&str; 7] = [
    "dice",
    "feeding",
    "disasters",
    "developments",
    "monuments",
    "end",
    "variants",
];

/// `/rules` for Roll Through the Ages: each part of the game in brief, in Turnpost's own
/// words (the bundle's `rtta-topic-<key>-title` and `rtta-topic-<key>`).
pub fn topics() -> Vec<Topic> {
    TOPICS
        .into_iter()
        .map(|key| Topic {
            key,
            title: Text::dynamic(format!("rtta-topic-{key}-title")),
            text: Text::dynamic(format!("rtta-topic-{key}")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{MAX_SHORT, check, find};

    #[test]
    fn every_development_monument_and_disaster_has_a_text_that_fits_a_select() {
        let entries = entries();
        check(&entries, &topics()).unwrap();
        let d = data();
        assert_eq!(
            entries.len(),
            d.developments.len() + d.monuments.len() + d.disasters.len()
        );
        for e in &entries {
            for lang in crate::words::Lang::ALL {
                let short = lang.render(&e.text.short);
                assert!(short.chars().count() <= MAX_SHORT, "{}", e.id);
            }
        }
        let found = find(&entries, Lookup::Development, "Landwirtschaft", 25);
        assert_eq!(found[0].id, "development:agriculture");
        let found = find(&entries, Lookup::Development, "great wall", 25);
        assert_eq!(found[0].id, "monument:great-wall");
        assert_eq!(
            find(&entries, Lookup::Development, "große mauer", 25)[0].id,
            "monument:great-wall"
        );
    }

    #[test]
    fn a_missing_or_long_text_is_refused() {
        let source = include_str!("../../../assets/rtta/components.json");
        let long = source.replace(
            "\"protects you from Drought\"",
            &format!("\"{}\"", "y".repeat(101)),
        );
        let e = super::super::data::parse(&long).unwrap_err();
        assert!(e.contains("irrigation") && e.contains("101"), "{e}");
        let no_disaster = source.replace("\"skulls\": 4", "\"skulls\": 6");
        let e = super::super::data::parse(&no_disaster).unwrap_err();
        assert!(e.contains("skulls"), "{e}");
    }
}
