//! Loading a saved game: the serialized [`State`] and the checks that it could have arisen
//! in play before it becomes an [`Rtta`].

use std::collections::VecDeque;

use rand_chacha::ChaCha20Rng;
use serde::Deserialize;

use super::{
    DEVELOPMENTS, EXTRA_CITIES, EndReason, Face, MAX_DICE, MONUMENTS, Options, Rtta, Step, Tableau,
    Turn, try_data,
};
use crate::game::Game;

/// The serialized form of [`Rtta`], checked before it becomes a game.
#[derive(Deserialize)]
pub(super) struct State {
    options: Options,
    seats: Vec<Tableau>,
    start_player: u8,
    round: u16,
    current: u8,
    step: Step,
    turn: Turn,
    first_completer: [Option<u8>; MONUMENTS],
    in_play: [bool; MONUMENTS],
    ending: Option<EndReason>,
    started: bool,
    forced: VecDeque<Face>,
    opening_forced: Vec<Face>,
    rng: ChaCha20Rng,
}

impl TryFrom<State> for Rtta {
    type Error = String;

    fn try_from(s: State) -> Result<Self, Self::Error> {
        let game = Rtta {
            options: s.options,
            seats: s.seats,
            start_player: s.start_player,
            round: s.round,
            current: s.current,
            step: s.step,
            turn: s.turn,
            first_completer: s.first_completer,
            in_play: s.in_play,
            ending: s.ending,
            started: s.started,
            forced: s.forced,
            opening_forced: s.opening_forced,
            rng: s.rng,
        };
        game.check_invariants()?;
        Ok(game)
    }
}

impl Rtta {
    /// Checks that a state could have arisen in play (used when loading a saved game).
    pub(super) fn check_invariants(&self) -> Result<(), String> {
        let d = try_data()?;
        let n = self.seats.len();
        if !Self::player_counts().contains(&n) {
            return Err(format!("{n} seats"));
        }
        if usize::from(self.current) >= n || usize::from(self.start_player) >= n {
            return Err("the current or start player is not at the table".into());
        }
        if self.round == 0 {
            return Err("round 0".into());
        }
        for (i, t) in self.seats.iter().enumerate() {
            let max_cities = d.rules.start_cities + EXTRA_CITIES as u8;
            if !(d.rules.start_cities..=max_cities).contains(&t.cities) {
                return Err(format!("seat {} has {} cities", i + 1, t.cities));
            }
            if t.cities < max_cities {
                let next = d.city_costs[usize::from(t.cities - d.rules.start_cities)];
                if t.city_progress >= next {
                    return Err(format!("seat {} has a finished city unbuilt", i + 1));
                }
            } else if t.city_progress != 0 {
                return Err(format!("seat {} builds an eighth city", i + 1));
            }
            for (m, &w) in t.monuments.iter().enumerate() {
                if w > d.monuments[m].workers || (w > 0 && !self.in_play[m]) {
                    return Err(format!(
                        "seat {} has {w} workers on {}",
                        i + 1,
                        d.monuments[m].id
                    ));
                }
            }
            if t.developments >> DEVELOPMENTS != 0 {
                return Err(format!("seat {} has unknown developments", i + 1));
            }
            for (g, &c) in t.goods.iter().enumerate() {
                if c > d.goods[g].capacity() {
                    return Err(format!("seat {} has {c} {}", i + 1, d.goods[g].id));
                }
            }
            if t.food > d.rules.food_max {
                return Err(format!("seat {} has {} food", i + 1, t.food));
            }
        }
        for (m, first) in self.first_completer.iter().enumerate() {
            if let Some(s) = first
                && (usize::from(*s) >= n
                    || self.seats[usize::from(*s)].monuments[m] != d.monuments[m].workers)
            {
                return Err(format!(
                    "{} has a first completer who did not complete it",
                    d.monuments[m].id
                ));
            }
        }
        // One die per city at the start of the turn; a city built this turn rolls from
        // the next turn on.
        let cities = self.seats[usize::from(self.current)].cities;
        let dice = self.turn.dice.count();
        let dice_fit = match self.step {
            Step::Over => true,
            Step::Build | Step::Buy | Step::Discard => dice <= cities,
            _ => dice == cities,
        };
        if !dice_fit {
            return Err("the dice do not match the current player's cities".into());
        }
        match (self.step, self.turn.partner) {
            (Step::Answer, Some(p)) if usize::from(p.0) < n && p.0 != self.current => {}
            (Step::Answer, _) => return Err("an offer without a valid partner".into()),
            (_, None) => {}
            (_, Some(_)) => return Err("a partner outside the answer step".into()),
        }
        let t = &self.turn;
        if t.dice.count() > MAX_DICE as u8
            || t.rerolls_left >= d.rules.rolls
            || t.workers_dice.0 & !self.choice_dice().0 != 0
            || t.workers > 100
            || t.coins > 1000
            || self.seats.iter().any(|s| s.disasters > 10_000)
        {
            return Err("the turn's dice, workers or coins are out of range".into());
        }
        if self.options.trade && n < 2 {
            return Err("the trade variant with one player".into());
        }
        Ok(())
    }
}
