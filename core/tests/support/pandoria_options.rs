//! Random valid Pandoria options, shared by the property tests that play random games
//! (`#[path]`-included by those that use it).

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use turnpost_core::pandoria::{
    self, BoardSide, Edition, Mode, Realm, RealmAssignment, RealmSets, StartTiles,
};

/// Random valid Pandoria options for `players` seats, the mode drawn from `modes` (list a
/// mode twice to draw it more often).
pub fn random_options(rng: &mut ChaCha8Rng, players: usize, modes: &[Mode]) -> pandoria::Options {
    let mode = modes[rng.random_range(0..modes.len())];
    let realms = if mode == Mode::Beginner {
        [RealmAssignment::RandomUnique, RealmAssignment::EachChooses][rng.random_range(0..2)]
    } else {
        [
            RealmAssignment::RandomUnique,
            RealmAssignment::RandomNotUnique,
            RealmAssignment::SameRandom,
            RealmAssignment::SameChosen,
            RealmAssignment::EachChooses,
        ][rng.random_range(0..5)]
    };
    // The Artifacts expansion in every mode and player count, half of the games; the River
    // side in a third of the others (Artifacts have no start-tile place there).
    let artifacts = rng.random_bool(0.5);
    let board = if !artifacts && rng.random_bool(0.67) {
        BoardSide::River
    } else {
        BoardSide::Pandoria
    };
    pandoria::Options {
        mode,
        start_tiles: [StartTiles::Marked, StartTiles::Random, StartTiles::Chosen]
            [rng.random_range(0..3)],
        start_apart: rng.random_bool(0.5),
        realms,
        realm: Some(Realm::ALL[rng.random_range(0..Realm::ALL.len())]),
        // Every realm set in the standard game (the beginner game plays base only).
        realm_sets: if mode == Mode::Standard {
            [
                RealmSets::Base,
                RealmSets::BasePromo,
                RealmSets::Expansion,
                RealmSets::BaseExpansion,
                RealmSets::ExpansionPromo,
                RealmSets::All,
            ][rng.random_range(0..6)]
        } else {
            RealmSets::Base
        },
        edition: [Edition::Yucata, Edition::Second][rng.random_range(0..2)],
        partnership: players == 4 && rng.random_bool(0.5),
        artifacts,
        board,
    }
}
