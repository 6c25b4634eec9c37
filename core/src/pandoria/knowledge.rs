//! What a seat may know, for AI seats: the hidden items pooled in a canonical order
//! (redaction), dealt again at random (determinization), and a heuristic value of a position.
//!
//! Hidden from a seat: the other seats' hand tiles and hand cards, the order of the tile
//! stack, the double tiles put back unseen at set-up, the order of the card deck (once it is
//! shuffled: while players still choose realms it waits in a known order), the order of the
//! single tiles, and the random generator (the deck shuffle that follows the realm choice).
//! The same list is what `core/tests/hidden.rs` swaps.

use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

use super::{Pandoria, Resource};
use crate::game::Seat;

/// How the pooled hidden items are put back.
enum Deal<'a> {
    /// Sorted: the same for every state with the same items.
    Canonical,
    /// Shuffled.
    Random(&'a mut dyn RngCore),
}

/// Pools the items of `parts`, arranges them, and refills the parts (same lengths) in order.
fn regroup<T: Copy + Ord>(parts: &mut [&mut [T]], deal: &mut Deal<'_>) {
    let mut pool: Vec<T> = parts.iter().flat_map(|p| p.iter().copied()).collect();
    match deal {
        Deal::Canonical => pool.sort_unstable(),
        Deal::Random(rng) => pool.shuffle(rng),
    }
    let mut items = pool.into_iter();
    for part in parts.iter_mut() {
        for slot in part.iter_mut() {
            if let Some(item) = items.next() {
                *slot = item;
            }
        }
    }
}

impl Pandoria {
    /// Re-deals every item `seat` cannot see among the places that hold such items.
    fn deal_hidden(&mut self, seat: Seat, deal: &mut Deal<'_>) {
        let put_back = Self::removed_for(self.seats.len()).min(self.removed.len());
        let mut tiles: Vec<&mut [_]> = Vec::new();
        let mut cards: Vec<&mut [_]> = Vec::new();
        for (s, state) in self.seats.iter_mut().enumerate() {
            if s != seat.index() {
                tiles.push(state.hand.as_mut_slice());
                cards.push(state.cards.as_mut_slice());
            }
        }
        tiles.push(self.stack.as_mut_slice());
        tiles.push(&mut self.removed[..put_back]);
        if !self.realms_pending {
            cards.push(self.deck.as_mut_slice());
        }
        regroup(&mut tiles, deal);
        regroup(&mut cards, deal);
        regroup(&mut [self.singles.as_mut_slice()], deal);
    }

    pub(super) fn redacted(&self, seat: Seat) -> Self {
        let mut game = self.clone();
        game.deal_hidden(seat, &mut Deal::Canonical);
        game.rng = ChaCha20Rng::from_seed([0; 32]);
        game
    }

    pub(super) fn determinized(&mut self, seat: Seat, rng: &mut dyn RngCore) {
        self.deal_hidden(seat, &mut Deal::Random(&mut *rng));
        let mut seed = [0u8; 32];
        rng.fill_bytes(&mut seed);
        self.rng = ChaCha20Rng::from_seed(seed);
    }

    /// Points now, plus about what the rest of the seat's position is worth: resources (the
    /// end converts them, and they pay for buildings and spells), hand cards, and figures on
    /// the board (they score the regions they stand in when those close).
    pub(super) fn value(&self, seat: Seat) -> f64 {
        let Some(state) = self.seats.get(seat.index()) else {
            return 0.0;
        };
        let resources: f64 = Resource::ALL
            .iter()
            .map(|&r| f64::from(state.resource(r)))
            .sum();
        let figures = self
            .figures
            .iter()
            .flatten()
            .filter(|f| f.seat == seat)
            .map(|f| if f.leader { 1.4 } else { 0.7 })
            .sum::<f64>();
        f64::from(state.score) + 0.35 * resources + 0.9 * state.cards.len() as f64 + figures
    }
}
