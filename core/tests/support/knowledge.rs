//! The hidden-information contract of every registered game, through the type-erased game
//! (`#[path]`-included by `hidden.rs` and `reveals.rs`): what a seat may know
//! ([`DynGame::redacted`]) and the games consistent with it ([`DynGame::determinize`]).
#![allow(dead_code)]

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::Seat;
use turnpost_core::dynamic::DynGame;

/// What `seat` sees of a game: the public view, its own view, whose decision it is and its
/// legal actions.
pub fn seen(game: &dyn DynGame, seat: Seat) -> String {
    format!(
        "{}\n{}\n{:?}\n{:?}",
        game.public_view().to_json(),
        game.seat_view(seat).to_json(),
        game.decision(),
        game.legal_notations(seat)
    )
}

/// A game consistent with what `seat` knows of `game`: its hidden items dealt at random.
pub fn another_deal(game: &dyn DynGame, seat: Seat, rng: &mut ChaCha8Rng) -> Box<dyn DynGame> {
    let mut other = game.redacted(seat);
    other.determinize(seat, rng);
    other
}

/// Plays random games of `game`'s kind from its start to the end, calling `check` before
/// every action with the game, the seat to act and the action chosen.
pub fn play_checked(
    mut game: Box<dyn DynGame>,
    seed: u64,
    check: &mut dyn FnMut(&dyn DynGame, Seat, &str, &mut ChaCha8Rng),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..20_000 {
        let Some(d) = game.decision() else { return };
        let legal = game.legal_notations(d.seat);
        let action = legal[rng.random_range(0..legal.len())].clone();
        check(&*game, d.seat, &action, &mut rng);
        game.play(d.seat, &action)
            .unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    panic!("the game did not end");
}
