//! Every one of the 21 spell effects and 30 building effects listed at the end of rules text
//! 004 has a scenario under `tests/scenarios/pandoria/` that plays a card carrying it: a
//! spell is cast (`spell N`, `both N`) and a building is built (`build N S`) or set up
//! (`fix: build SEAT SLOT N`). The scenarios themselves check the effect.

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

/// The cards a scenario casts and builds.
fn cards_used(file: &str) -> (BTreeSet<u8>, BTreeSet<u8>) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/pandoria")
        .join(format!("{file}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut spells = BTreeSet::new();
    let mut buildings = BTreeSet::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if words.first().is_some_and(|w| w.starts_with('@')) {
            words.remove(0);
        }
        let number = |i: usize| words.get(i).and_then(|w| w.parse::<u8>().ok());
        match words.as_slice() {
            ["fix:", "build", ..] => buildings.extend(number(4)),
            ["spell" | "both", ..] => spells.extend(number(1)),
            ["build", ..] => buildings.extend(number(1)),
            _ => {}
        }
    }
    (spells, buildings)
}

#[test]
fn every_spell_effect_has_a_scenario() {
    for (spell, file) in SpellEffect::ALL.into_iter().zip(SPELLS) {
        let (cast, _) = cards_used(file);
        assert!(
            cards()
                .all()
                .any(|c| c.spell == spell && cast.contains(&c.id.0)),
            "{file} casts no card with {}",
            spell.slug()
        );
    }
}

#[test]
fn every_building_effect_has_a_scenario() {
    for ((building, wood), file) in ALL_BUILDINGS.into_iter().zip(BUILDINGS) {
        let (_, built) = cards_used(file);
        assert!(
            cards().all().any(|c| c.building == building
                && wood.is_none_or(|w| w == c.wood)
                && built.contains(&c.id.0)),
            "{file} builds no card with {}",
            building.slug()
        );
    }
}
