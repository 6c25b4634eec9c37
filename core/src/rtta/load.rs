//! Loading a saved game: the serialized [`State`] and the checks that it could have arisen
//! in play before it becomes an [`Rtta`].

use std::collections::VecDeque;

use rand_chacha::ChaCha20Rng;
use serde::Deserialize;

use super::{
    DEVELOPMENTS, EXTRA_CITIES, EndReason, Face, Good, MAX_DICE, MONUMENTS, Options, Resource,
    Rtta, Step, Tableau, Turn, try_data,
};
use crate::game::Game;
use crate::t;
use crate::words::{Arg, Text};

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
    type Error = Text;

    fn try_from(s: State) -> Result<Self, Self::Error> {
        // A loaded game is made without `Rtta::new`, which installs the words.
        crate::words::install(super::WORDS);
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
    pub(super) fn check_invariants(&self) -> Result<(), Text> {
        // The data's fault is the loader's report for whoever edits the file, and monuments
        // are named by their notation ids: both shown as given.
        let d = try_data().map_err(|e| t!("rtta-setup-broken-data", error = Arg::raw(e)))?;
        let n = self.seats.len();
        if !Self::player_counts().contains(&n) {
            return Err(t!("rtta-load-seats", n = n));
        }
        if usize::from(self.current) >= n || usize::from(self.start_player) >= n {
            return Err(t!("rtta-load-no-player"));
        }
        if self.round == 0 {
            return Err(t!("rtta-load-round"));
        }
        for (i, t) in self.seats.iter().enumerate() {
            let seat = i + 1;
            let max_cities = d.rules.start_cities + EXTRA_CITIES as u8;
            if !(d.rules.start_cities..=max_cities).contains(&t.cities) {
                return Err(t!("rtta-load-cities", seat = seat, cities = t.cities));
            }
            if t.cities < max_cities {
                let next = d.city_costs[usize::from(t.cities - d.rules.start_cities)];
                if t.city_progress >= next {
                    return Err(t!("rtta-load-unbuilt", seat = seat));
                }
            } else if t.city_progress != 0 {
                return Err(t!("rtta-load-eighth", seat = seat));
            }
            for (m, &w) in t.monuments.iter().enumerate() {
                if w > d.monuments[m].workers || (w > 0 && !self.in_play[m]) {
                    return Err(t!(
                        "rtta-load-monument",
                        seat = seat,
                        workers = w,
                        monument = Arg::raw(d.monuments[m].id.as_str())
                    ));
                }
            }
            if t.developments >> DEVELOPMENTS != 0 {
                return Err(t!("rtta-load-developments", seat = seat));
            }
            for (g, &c) in t.goods.iter().enumerate() {
                if c > d.goods[g].capacity() {
                    return Err(t!(
                        "rtta-load-goods",
                        seat = seat,
                        goods = Resource::Good(Good(g as u8)).count(c)
                    ));
                }
            }
            if t.food > d.rules.food_max {
                return Err(t!(
                    "rtta-load-goods",
                    seat = seat,
                    goods = Resource::Food.count(t.food)
                ));
            }
        }
        for (m, first) in self.first_completer.iter().enumerate() {
            if let Some(s) = first
                && (usize::from(*s) >= n
                    || self.seats[usize::from(*s)].monuments[m] != d.monuments[m].workers)
            {
                return Err(t!(
                    "rtta-load-first",
                    monument = Arg::raw(d.monuments[m].id.as_str())
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
            return Err(t!("rtta-load-dice"));
        }
        match (self.step, self.turn.partner) {
            (Step::Answer, Some(p)) if usize::from(p.0) < n && p.0 != self.current => {}
            (Step::Answer, _) => return Err(t!("rtta-load-no-partner")),
            (_, None) => {}
            (_, Some(_)) => return Err(t!("rtta-load-partner")),
        }
        let t = &self.turn;
        if t.dice.count() > MAX_DICE as u8
            || t.rerolls_left >= d.rules.rolls
            || t.workers_dice.0 & !self.choice_dice().0 != 0
            || t.workers > 100
            || t.coins > 1000
            || self.seats.iter().any(|s| s.disasters > 10_000)
        {
            return Err(t!("rtta-load-range"));
        }
        if self.options.trade && n < 2 {
            return Err(t!("rtta-load-trade"));
        }
        Ok(())
    }
}
