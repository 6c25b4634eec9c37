//! The least-change action (what a seat whose time ran out plays, and what a resigned seat
//! plays): at every decision of random games it is legal, it is a pass wherever a pass is
//! legal, and playing only it finishes a game.

#[path = "support/games.rs"]
mod games;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::dynamic::DynGame;
use turnpost_core::registry::new_game;
use turnpost_core::{Seat, Seed};

fn opts(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// The passes of each game: the least change must be one of them wherever one is legal.
const PASSES: [&str; 3] = ["pass", "done", "decline"];

fn check(game: &dyn DynGame, seat: Seat) -> String {
    let legal = game.legal_notations(seat);
    let least = game
        .least_change(seat)
        .unwrap_or_else(|| panic!("no least change at {:?}", game.decision()));
    assert!(
        legal.contains(&least),
        "{least} is not legal; legal: {legal:?}"
    );
    if let Some(pass) = PASSES.iter().find(|p| legal.iter().any(|l| l == *p)) {
        assert!(
            PASSES.contains(&least.as_str()),
            "{least} chosen although {pass} is legal"
        );
    }
    least
}

fn play_random(game: &mut Box<dyn DynGame>, rng: &mut ChaCha8Rng, only_least: bool) {
    for _ in 0..20_000 {
        let Some(d) = game.decision() else { return };
        let least = check(game.as_ref(), d.seat);
        let action = if only_least || rng.random_bool(0.3) {
            least
        } else {
            let legal = game.legal_notations(d.seat);
            legal[rng.random_range(0..legal.len())].clone()
        };
        game.play(d.seat, &action).expect("a legal action plays");
    }
    panic!("the game did not end");
}

#[test]
fn least_change_is_legal_and_a_pass_where_one_is_allowed() {
    /// (game, options, players)
    type Table = (&'static str, Vec<(String, String)>, usize);
    let tables: Vec<Table> = vec![
        ("pandoria", opts(&[]), 2),
        ("pandoria", opts(&[("mode", "beginner")]), 3),
        ("pandoria", opts(&[("mode", "family")]), 4),
        ("pandoria", opts(&[("partnership", "true")]), 4),
        ("rtta", opts(&[]), 1),
        ("rtta", opts(&[]), 3),
        ("rtta", opts(&[("trade", "true")]), 2),
    ];
    for (i, (name, options, players)) in tables.iter().enumerate() {
        // Playing only the least change ends a game that ends by running out of something
        // (Pandoria's tiles, the solo game's rounds); a multi-player RTTA game of passes
        // would not end, as at a real table.
        let ends_by_itself = *name == "pandoria" || *players == 1;
        for only_least in [false, true] {
            if only_least && !ends_by_itself {
                continue;
            }
            let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
            let mut game = new_game(name, options, *players, Seed::from_u64(i as u64 + 40))
                .unwrap_or_else(|e| panic!("{name} {options:?}: {e}"));
            play_random(&mut game, &mut rng, only_least);
            assert!(game.outcome().is_some(), "{name} ended with an outcome");
        }
    }
}

#[test]
fn every_registered_game_has_a_legal_least_change_at_every_decision() {
    for (i, info) in games::games().iter().enumerate() {
        for players in [*info.players.start(), *info.players.end()] {
            let seed = 100 + i as u64 * 10 + players as u64;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = info
                .new_game(&[], players, Seed::from_u64(seed))
                .unwrap_or_else(|e| panic!("{} with {players} players: {e}", info.name));
            play_random(&mut game, &mut rng, false);
            assert!(
                game.outcome().is_some(),
                "{} ended with an outcome",
                info.name
            );
        }
    }
}

#[test]
fn partnership_teams_pair_opposite_seats() {
    let game = new_game(
        "pandoria",
        &opts(&[("partnership", "true")]),
        4,
        Seed::from_u64(1),
    )
    .expect("partnership game");
    assert_eq!(
        game.teams(),
        vec![vec![Seat(0), Seat(2)], vec![Seat(1), Seat(3)]]
    );
    let solo = new_game("pandoria", &[], 3, Seed::from_u64(1)).expect("3 players");
    assert_eq!(
        solo.teams(),
        vec![vec![Seat(0)], vec![Seat(1)], vec![Seat(2)]]
    );
}
