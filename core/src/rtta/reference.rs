//! What Roll Through the Ages' developments, monuments and disasters do, in words: the texts
//! of `assets/rtta/components.json` (checked when it is loaded) as reference entries for
//! `/development`, each legal choice's detail for the panel, and the help topics of `/rules`.

use super::data::data;
use super::notation::{Action, Target};
use super::{Effect, Rtta};
use crate::reference::{Entry, Lookup, Text, Topic};

/// Every entry of `/development`: the developments, the monuments and the disasters.
pub fn entries() -> Vec<Entry> {
    let d = data();
    let mut out = Vec::new();
    for dev in &d.developments {
        out.push(Entry {
            lookup: Lookup::Development,
            id: format!("development:{}", dev.id),
            kind: "development".into(),
            name: dev.name.clone(),
            german: Some(dev.name_de.clone()),
            facts: format!("{} coins · {} points", dev.cost, dev.points),
            text: Text {
                short: capitalized(&dev.text),
                long: String::new(),
            },
        });
    }
    for m in &d.monuments {
        let omitted = if m.omitted_with_players.is_empty() {
            String::new()
        } else {
            let n: Vec<String> = m.omitted_with_players.iter().map(u8::to_string).collect();
            format!(" · left out with {} players", n.join(" or "))
        };
        out.push(Entry {
            lookup: Lookup::Development,
            id: format!("monument:{}", m.id),
            kind: "monument".into(),
            name: m.name.clone(),
            german: Some(m.name_de.clone()),
            facts: format!(
                "{} workers · {} points first, {} later{omitted}",
                m.workers, m.first, m.later
            ),
            text: Text {
                short: capitalized(&m.text),
                long: String::new(),
            },
        });
    }
    for dis in &d.disasters {
        out.push(Entry {
            lookup: Lookup::Development,
            id: format!("disaster:{}", dis.id),
            kind: "disaster".into(),
            name: dis.name.clone(),
            german: Some(dis.name_de.clone()),
            facts: String::new(),
            text: Text {
                short: capitalized(&dis.text),
                long: String::new(),
            },
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
        Some(crate::words::Text::name(
            &capitalized(en),
            Some(&capitalized(de)),
        ))
    }
}

/// `/rules` for Roll Through the Ages: each part of the game in brief, in Turnpost's own
/// words.
pub const TOPICS: &[Topic] = &[
    Topic {
        key: "dice",
        title: "Dice",
        text: "\
You roll one die per city (3 at the start, up to 7). After the first roll you may reroll any \
dice twice more, except skulls, which stay. Faces: 3 food; 3 workers; 7 coins; 1 good; \
2 goods and a skull; and one that gives 2 food *or* 2 workers, as you choose after the last \
roll.",
    },
    Topic {
        key: "feeding",
        title: "Goods and feeding",
        text: "\
Goods fill up in order — wood, stone, pottery, cloth, metal, then wood again — and a full \
track takes no more. Food is added next (at most 15); then each city eats 1 food. Each city \
you cannot feed costs 1 point. At the end of your turn you may keep at most 6 goods (Caravans \
lift the limit); you choose what to discard.",
    },
    Topic {
        key: "disasters",
        title: "Disasters",
        text: "\
Skulls bring a disaster: 2 Drought (you lose 2 points; Irrigation protects), 3 Pestilence \
(your opponents lose 3; Medicine protects), 4 Invasion (you lose 4; the Great Wall protects), \
5 or more Revolt (you lose every good; Religion turns it on your opponents). `/development` \
explains each.",
    },
    Topic {
        key: "developments",
        title: "Building and buying",
        text: "\
Workers fill the boxes of your next city (one more die from the next turn) or of monuments. \
Then you may buy one development: pay its cost with the turn's coins plus whole goods tracks \
(a track is sold whole, no change given). Each development scores points and gives a lasting \
effect; `/development` explains each.",
    },
    Topic {
        key: "monuments",
        title: "Monuments",
        text: "\
Monuments need 3 to 15 workers. The first player to complete one scores the higher value, \
everyone after the lower. With 2 players the Temple and the Great Pyramid are left out, with \
3 the Hanging Gardens. The Great Wall also keeps Invasion away.",
    },
    Topic {
        key: "end",
        title: "The end",
        text: "\
The game ends at the end of the round in which someone buys their fifth development or every \
monument has been completed at least once. Score developments and monuments, add Architecture \
and Empire bonuses, subtract 1 per disaster point. Ties go to the most valuable goods left.",
    },
    Topic {
        key: "variants",
        title: "Solo and trade variants",
        text: "\
**Solo** (1 player): ten rounds for the best score; every monument is in play, Pestilence \
strikes you, Religion prevents Revolt, and skulls may be rerolled.
**Trade** (option trade): after feeding and disasters the player to act may swap goods and \
food with the others, each trade agreed by both.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{MAX_SHORT, check, find};

    #[test]
    fn every_development_monument_and_disaster_has_a_text_that_fits_a_select() {
        let entries = entries();
        check(&entries, TOPICS).unwrap();
        let d = data();
        assert_eq!(
            entries.len(),
            d.developments.len() + d.monuments.len() + d.disasters.len()
        );
        for e in &entries {
            assert!(e.text.short.chars().count() <= MAX_SHORT, "{}", e.id);
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
