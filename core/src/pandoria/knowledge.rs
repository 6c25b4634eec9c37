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

use super::{Land, Pandoria, Resource};
use crate::game::Seat;
use crate::hex::HexSet;

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
        let put_back = self.removed_at_setup().min(self.removed.len());
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
    /// end converts them, and they pay for buildings and spells), hand cards (a point each
    /// at the end), visible buildings (their use fades as the stack runs out), and figures
    /// on the board by what they would score: the symbols (and building bonuses) of each
    /// open region next to them, times the chance that it closes before the end, and in
    /// full for a region closed this turn and not yet scored.
    pub(super) fn value(&self, seat: Seat) -> f64 {
        let Some(state) = self.seats.get(seat.index()) else {
            return 0.0;
        };
        let resources: f64 = Resource::ALL
            .iter()
            .map(|&r| f64::from(state.resource(r)))
            .sum();
        // Rounds left, about: the stack shrinks by one tile per turn.
        let rounds = self.stack.len() as f64 / self.seats.len().max(1) as f64;
        let closes = 0.15 + 0.6 * (1.0 - (-rounds / 4.0).exp());
        let fading = rounds / (rounds + 4.0);
        let buildings: f64 = if self.has_economy() {
            self.visible_buildings(seat)
                .map(|(_, card)| (0.8 + 0.4 * f64::from(card.wood)) * fading)
                .sum()
        } else {
            0.0
        };
        let cards = if self.has_cards() {
            0.9 * state.cards.len() as f64
        } else {
            0.0
        };
        // Artifacts: each is most of a point once exchanged for a relic.
        let artifacts = if self.options.artifacts {
            0.9 * f64::from(self.artifacts_of(seat))
        } else {
            0.0
        };
        f64::from(state.score)
            + artifacts
            + RESOURCE * resources
            + cards
            + buildings
            + self.figure_value(seat, closes)
    }

    /// What `seat`'s figures on the board are worth: a little each, and what they would
    /// score in the open regions next to them (times `closes`, the chance a region closes)
    /// and in the regions closed this turn (in full).
    fn figure_value(&self, seat: Seat, closes: f64) -> f64 {
        let mut seen = HexSet::EMPTY;
        let mut value = 0.0;
        for (hex, figure) in self.figures_of(seat) {
            value += if figure.leader { 0.4 } else { 0.2 };
            for n in self.board().neighbours(hex) {
                if seen.contains(n) || !matches!(self.land[n.index()], Land::Terrain { .. }) {
                    continue;
                }
                let Some(area) = self.area(n, None) else {
                    continue;
                };
                seen = seen.union(&area.hexes);
                let chance = if !area.closed {
                    closes
                } else if self.turn.closed.iter().any(|r| r.hexes.contains(&n)) {
                    1.0
                } else {
                    continue;
                };
                if let Some(score) = self.seat_score(&area, seat) {
                    value +=
                        chance * (f64::from(score.points) + RESOURCE * f64::from(score.gained));
                }
            }
        }
        value
    }
}

/// What a resource is worth in points, about: three convert to a point at the end, and
/// before that they pay for spells and buildings.
const RESOURCE: f64 = 0.35;
