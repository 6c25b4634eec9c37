//! Every choice is named in words (issue 12), for every registered game (the test-only game
//! included): random games of every player count, with the default options and with each
//! single option choice, played to the end through the type-erased game, check at every
//! decision that each legal action's label is non-empty, fits a Discord button (80
//! characters), is not the notation itself and differs from every other label of the
//! decision; and every seventh decision that `legal_choices`, `describe_notation` and the
//! panel's layout agree. Each game's own words (the cards they name, exact labels) are in
//! `choices_<game>.rs`; the shared checks in `support/choices.rs`.
//!
//! Two games per configuration by default; `TURNPOST_PROPTEST_CASES=N` plays more (N / 16
//! per configuration). `TURNPOST_SHOW_LABELS=1` prints one label per kind of
//! action seen.

// Only the case count is used here, not the proptest configuration.
#[path = "support/choices.rs"]
mod choices;
#[path = "support/games.rs"]
mod games;
#[allow(dead_code)]
mod support;

use choices::*;
use turnpost_core::Seed;
use turnpost_core::registry::OptionKind;

#[test]
fn every_registered_games_choices_have_distinct_words() {
    let mut examples = Examples::new();
    for info in games::games() {
        // The defaults, then each single choice of each option.
        let mut option_sets: Vec<Vec<(String, String)>> = vec![Vec::new()];
        for spec in &info.options {
            if let OptionKind::Choice(choices) = &spec.kind {
                option_sets.extend(
                    choices
                        .iter()
                        .map(|c| vec![(spec.key.to_string(), c.value.to_string())]),
                );
            }
        }
        let mut played = 0;
        for players in info.players.clone() {
            for (i, options) in option_sets.iter().enumerate() {
                for k in 0..games_per_configuration() {
                    let seed = players as u64 * 1000 + i as u64 * 10 + k;
                    // A single choice may need a companion option (a chosen realm).
                    let Ok(game) = info.new_game(options, players, Seed::from_u64(seed)) else {
                        continue;
                    };
                    play_erased(game, seed, &mut examples);
                    played += 1;
                }
            }
        }
        assert!(played > 0, "no game of {} was played", info.name);
    }
    show(&examples);
}
