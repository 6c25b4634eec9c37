//! Every one of the 21 spell effects and 30 building effects listed at the end of rules text
//! 004 has a scenario under `tests/scenarios/pandoria/` that plays a card carrying it: a
//! spell is cast (`spell N`, `both N`) and a building is built (`build N S`) or set up
//! (`fix: build SEAT SLOT N`), and then checks the outcome: after a cast, an `expect:` or a
//! `log:` (other than the cast's own line) before the next card is played; after a building,
//! one after a later action.

use std::collections::BTreeSet;
use turnpost_core::pandoria::{ALL_BUILDINGS, SpellEffect, cards};

/// The scenario that tests each spell effect, in text 004's order.
const SPELLS: [&str; 21] = [
    "acquire-takes-market-cards-for-free",
    "acquire-takes-market-cards-for-free",
    "adopt-copies-an-opponents-top-spell",
    "astral-ship-sails-a-figure-to-a-ship",
    "muster-places-figures-next-to-your-own",
    "muster-places-figures-next-to-your-own",
    "conjure-sets-a-resource",
    "conjure-sets-a-resource",
    "conjure-sets-a-resource",
    "master-builder-builds-for-free",
    "enchanted-castle-places-a-castle-with-a-figure",
    "flee-takes-back-any-number-of-figures",
    "construct-builds-a-building-and-a-monument",
    "clone-places-figures-anywhere",
    "clone-places-figures-anywhere",
    "rage-counts-a-worker-double",
    "rage-counts-a-worker-triple",
    "teleport-moves-your-figures",
    "teleport-moves-your-figures",
    "terrain-places-an-extra-tile",
    "terrain-places-an-extra-tile",
];

/// The scenario that tests each building effect, in the order of `ALL_BUILDINGS`.
const BUILDINGS: [&str; 30] = [
    "bank-discounts-cards",
    "bank-discounts-cards",
    "bank-discounts-cards",
    "carpenter-discounts-buildings-and-monuments",
    "carpenter-discounts-buildings-and-monuments",
    "carpenter-discounts-buildings-and-monuments",
    "final-scoring-and-tiebreak",
    "final-scoring-and-tiebreak",
    "market-pays-the-rest-with-another-resource",
    "market-pays-the-rest-with-another-resource",
    "market-pays-the-rest-with-another-resource",
    "poorhouse-raises-a-resource-at-zero",
    "rates-over-10-and-the-store",
    "rates-over-10-and-the-store",
    "saw-mills-add-wood-per-forest-space",
    "saw-mills-add-wood-per-forest-space",
    "library-discounts-spells",
    "library-discounts-spells",
    "library-discounts-spells",
    "shrine-scores-for-every-spell",
    "shrine-scores-for-every-spell",
    "statue-adds-a-point-per-city-space",
    "rates-over-10-and-the-store",
    "tower-example-of-the-first-edition",
    "tower-example-of-the-first-edition",
    "treasuries-add-gold-per-hills-space",
    "treasuries-add-gold-per-hills-space",
    "treasuries-add-gold-per-hills-space",
    "final-scoring-and-tiebreak",
    "final-scoring-and-tiebreak",
];

/// One line of a scenario, as the coverage checks read it.
enum Line {
    /// A card cast (`spell N`, `both N`).
    Cast(u8),
    /// A card built (`build N S`) or set up as built (`fix: build SEAT SLOT N`).
    Built(u8),
    /// Any other action.
    Action,
    /// `expect:` or `expect-seat N:`.
    Expect,
    /// `log:` with its text.
    Log(String),
    /// Anything else (headers, other fixtures, `legal:`, `log-not:`, refusals).
    Other,
}

fn read(file: &str) -> Vec<Line> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/pandoria")
        .join(format!("{file}.txt"));
    read_text(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}")))
}

fn read_text(text: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if words.first().is_some_and(|w| w.starts_with('@')) {
            words.remove(0);
        }
        let number = |i: usize| words.get(i).and_then(|w| w.parse::<u8>().ok());
        lines.push(match words.as_slice() {
            [] => Line::Other,
            ["fix:", "build", ..] => number(4).map_or(Line::Other, Line::Built),
            [
                "fix:" | "game:" | "players:" | "seed:" | "option:" | "legal:" | "log-not:"
                | "over",
                ..,
            ] => Line::Other,
            ["expect:" | "expect-seat", ..] => Line::Expect,
            ["log:", ..] => Line::Log(line.to_string()),
            ["!", ..] => Line::Other,
            ["spell" | "both", ..] => number(1).map_or(Line::Action, Line::Cast),
            ["build", ..] => number(1).map_or(Line::Action, Line::Built),
            _ => Line::Action,
        });
    }
    lines
}

/// The cards a scenario casts and builds.
fn cards_used(file: &str) -> (BTreeSet<u8>, BTreeSet<u8>) {
    let mut spells = BTreeSet::new();
    let mut buildings = BTreeSet::new();
    for line in read(file) {
        match line {
            Line::Cast(id) => {
                spells.insert(id);
            }
            Line::Built(id) => {
                buildings.insert(id);
            }
            _ => {}
        }
    }
    (spells, buildings)
}

/// Whether a cast of one of `cards` is followed by a check of its outcome (an `expect:`, or a
/// `log:` other than the cast's own line) before the next spell is cast (a spell acts at once).
fn spell_outcome_checked(lines: &[Line], cards: &BTreeSet<u8>) -> bool {
    lines.iter().enumerate().any(|(i, line)| {
        matches!(line, Line::Cast(id) if cards.contains(id))
            && lines[i + 1..]
                .iter()
                .take_while(|l| !matches!(l, Line::Cast(_)))
                .any(|l| match l {
                    Line::Expect => true,
                    Line::Log(text) => !text.contains(" cast "),
                    _ => false,
                })
    })
}

/// Whether a building of one of `cards` is followed by an action and then a check of the
/// outcome (an `expect:`, or a `log:` other than the building's own line): a building acts
/// on later actions.
fn building_outcome_checked(lines: &[Line], cards: &BTreeSet<u8>) -> bool {
    lines.iter().enumerate().any(|(i, line)| match line {
        Line::Built(id) if cards.contains(id) => {
            let own_card = format!("(card {id}) in slot");
            lines[i + 1..]
                .iter()
                .skip_while(|l| !matches!(l, Line::Action | Line::Cast(_) | Line::Built(_)))
                .any(|l| match l {
                    Line::Expect => true,
                    Line::Log(text) => !(text.contains(" built ") && text.contains(&own_card)),
                    _ => false,
                })
        }
        _ => false,
    })
}

#[test]
fn every_spell_effect_has_a_scenario() {
    for (spell, file) in SpellEffect::ALL.into_iter().zip(SPELLS) {
        let (cast, _) = cards_used(file);
        let carrying: BTreeSet<u8> = cards()
            .all()
            .filter(|c| c.spell == spell && cast.contains(&c.id.0))
            .map(|c| c.id.0)
            .collect();
        assert!(
            !carrying.is_empty(),
            "{file} casts no card with {}",
            spell.slug()
        );
        assert!(
            spell_outcome_checked(&read(file), &carrying),
            "{file} casts {} (card {carrying:?}) but checks no outcome (expect: or log:) before \
             the next card is played",
            spell.slug()
        );
    }
}

#[test]
fn every_building_effect_has_a_scenario() {
    for ((building, wood), file) in ALL_BUILDINGS.into_iter().zip(BUILDINGS) {
        let (_, built) = cards_used(file);
        let carrying: BTreeSet<u8> = cards()
            .all()
            .filter(|c| {
                c.building == building
                    && wood.is_none_or(|w| w == c.wood)
                    && built.contains(&c.id.0)
            })
            .map(|c| c.id.0)
            .collect();
        assert!(
            !carrying.is_empty(),
            "{file} builds no card with {}",
            building.slug()
        );
        assert!(
            building_outcome_checked(&read(file), &carrying),
            "{file} builds {} (card {carrying:?}) but checks no outcome (expect: or log:) after \
             a later action",
            building.slug()
        );
    }
}

/// Playing a card is not checking its effect: a scenario that casts or builds and only
/// repeats the play's own log line (or checks nothing before the next card) covers nothing.
#[test]
fn playing_a_card_without_checking_its_outcome_covers_nothing() {
    let conjure: BTreeSet<u8> = [11].into();
    let bank: BTreeSet<u8> = [29].into();
    let only_played = read_text(
        "tile H6 H5\npass\nspell 11\nlog: Red cast Conjure 6 (card 11)\nwood\nspell 32\n\
         expect: /seats/0/resources/wood = 6\n",
    );
    assert!(!spell_outcome_checked(&only_played, &conjure));
    let checked = read_text("spell 11\nwood\nlog: Conjure set Red's wood to 6\n");
    assert!(spell_outcome_checked(&checked, &conjure));
    let only_built =
        read_text("build 29 1\nlog: Red built Bank −1 (card 29) in slot 1 for 2 wood\nlegal: 3\n");
    assert!(!building_outcome_checked(&only_built, &bank));
    let fixture_only = read_text("fix: build 1 1 29\nexpect: /seats/0/score = 0\ntile H6 H5\n");
    assert!(!building_outcome_checked(&fixture_only, &bank));
    let checked = read_text(
        "fix: build 1 1 29\ntile H6 H5\npass\nbuy 1\nexpect: /seats/0/resources/gold = 0\n",
    );
    assert!(building_outcome_checked(&checked, &bank));
}
