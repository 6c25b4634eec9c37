//! What a seat may know, for AI seats. Roll Through the Ages hides only the future: the
//! random generator (the dice not rolled yet) and the faces a scenario fixture forced.
//! Everything on the score sheets is public.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

use super::{MONUMENTS, Rtta, data};
use crate::game::Seat;

impl Rtta {
    pub(super) fn redacted(&self) -> Self {
        let mut game = self.clone();
        game.rng = ChaCha20Rng::from_seed([0; 32]);
        game.forced.clear();
        game
    }

    pub(super) fn determinized(&mut self, rng: &mut dyn RngCore) {
        let mut seed = [0u8; 32];
        rng.fill_bytes(&mut seed);
        self.rng = ChaCha20Rng::from_seed(seed);
    }

    /// The score now, plus about what the rest of the sheet is worth: cities (more dice),
    /// work on unfinished cities and monuments, goods (they buy developments) and food (it
    /// keeps famine away).
    pub(super) fn value(&self, seat: Seat) -> f64 {
        let s = seat.index();
        let Some(t) = self.seats.get(s) else {
            return 0.0;
        };
        let d = data();
        let monument_work: f64 = (0..MONUMENTS)
            .filter(|&m| self.in_play[m] && t.monuments[m] < d.monuments[m].workers)
            .map(|m| f64::from(t.monuments[m]) * 0.3)
            .sum();
        f64::from(self.score(seat))
            + 1.6 * f64::from(t.cities.saturating_sub(3))
            + 0.3 * f64::from(t.city_progress)
            + monument_work
            + f64::from(self.goods_value(s)) / 5.0
            + 0.3 * f64::from(t.food)
    }
}
