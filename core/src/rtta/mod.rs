//! Roll Through the Ages: The Bronze Age, as played on Yucata.de (text 002), with the solo
//! and trade variants that text describes.
//!
//! A turn is a fixed run of steps ([`Step`]); the ones that need a decision wait for an
//! action, the others (collecting goods and food, feeding, disasters) happen inside the
//! action that ends the step before them. A step with nothing to decide is skipped: no
//! choice dice, no workers and nothing Engineering could add, no development within reach,
//! no goods above the limit. `docs/rtta.md` gives the notation, the steps and every reading
//! of the rules this module makes.
//!
//! The only randomness is the dice, rolled with the ChaCha generator in the state. Scenario
//! fixtures can queue die faces that the next rolls take before the generator is used.

mod data;
mod error;
mod event;
mod notation;
mod view;

#[cfg(test)]
mod tests;

use std::collections::VecDeque;
use std::fmt;

use rand::Rng;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

pub use data::{
    DEVELOPMENTS, Data, DevelopmentData, EXTRA_CITIES, Effect, GOODS, GoodData, MAX_DICE,
    MONUMENTS, MonumentData, Rules, data, try_data,
};
pub use error::RulesError;
pub use event::{Bundle, Dice, Disaster, EndReason, Event, describe};
pub use notation::{
    Action, Development, DiceSet, Face, Good, GoodsSet, Monument, Resource, Target,
};
pub use view::{
    CityView, DieView, GoodView, MonumentProgress, MonumentView, OfferView, PublicView, ScoreView,
    TableauView,
};

use crate::game::{Decision, Game, Outcome, ParseError, PlayError, Seat, Seed, SetupError};

/// Seat names in turn order.
pub const SEAT_NAMES: [&str; 4] = ["Red", "Blue", "Green", "Yellow"];

/// The options a table chooses. One player is the solo game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The trade variant: after disasters and before building, the player whose turn it is
    /// may trade goods and food with the others (two or more players).
    pub trade: bool,
}

/// The steps of a turn, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// Rerolling dice (the first roll is automatic).
    Roll,
    /// Leadership's one extra reroll.
    Leadership,
    /// Food or workers for each "2 food or 2 workers" die.
    Choose,
    /// Trade variant: preparing and making offers.
    Trade,
    /// Trade variant: the partner answers an offer.
    Answer,
    /// Placing workers (and Engineering).
    Build,
    /// Buying a development (and Granaries).
    Buy,
    /// Discarding goods above the limit.
    Discard,
    /// The game is over.
    Over,
}

/// What the current decision is about; `Display` is a short prompt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum DecisionKind {
    /// Reroll dice or keep them.
    Roll {
        /// Rerolls left this turn.
        rerolls_left: u8,
    },
    /// Reroll one die with Leadership, or keep the dice.
    Leadership,
    /// Food or workers for these dice.
    Choose {
        /// The "2 food or 2 workers" dice.
        dice: DiceSet,
    },
    /// Trade, or stop trading.
    Trade,
    /// Accept or decline an offer.
    Answer {
        /// Who made the offer.
        from: Seat,
    },
    /// Place workers.
    Build {
        /// Workers left.
        workers: u8,
    },
    /// Buy a development, or not.
    Buy {
        /// Coins from dice and Granaries.
        coins: u16,
    },
    /// Discard goods.
    Discard {
        /// Goods above the limit.
        excess: u8,
    },
}

impl fmt::Display for DecisionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecisionKind::Roll { rerolls_left } => write!(
                f,
                "reroll dice or keep them ({rerolls_left} reroll{} left)",
                if *rerolls_left == 1 { "" } else { "s" }
            ),
            DecisionKind::Leadership => {
                f.write_str("reroll one die with Leadership or keep the dice")
            }
            DecisionKind::Choose { dice } => write!(
                f,
                "choose food or workers for {} {}",
                if dice.len() == 1 { "die" } else { "dice" },
                dice.listed()
            ),
            DecisionKind::Trade => f.write_str("trade (give, get, offer) or say done"),
            DecisionKind::Answer { .. } => f.write_str("accept or decline the offer made to you"),
            DecisionKind::Build { workers } => {
                write!(
                    f,
                    "place {workers} workers on cities and monuments or say done"
                )
            }
            DecisionKind::Buy { coins } => {
                write!(f, "buy a development ({coins} coins from dice) or say done")
            }
            DecisionKind::Discard { excess } => write!(f, "discard {excess} goods"),
        }
    }
}

/// One player's civilisation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Tableau {
    /// Cities built (dice rolled from the next turn on).
    cities: u8,
    /// Workers on the next city.
    city_progress: u8,
    /// Workers on each monument.
    monuments: [u8; MONUMENTS],
    /// Developments owned (bit = development index).
    developments: u16,
    /// Goods per track.
    goods: [u8; GOODS],
    food: u8,
    /// Disaster points (each costs a point at the end).
    disasters: u16,
}

/// The current turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Turn {
    dice: Dice,
    rerolls_left: u8,
    /// The dice the latest roll rolled.
    last_rolled: DiceSet,
    /// "2 food or 2 workers" dice chosen for workers.
    workers_dice: DiceSet,
    /// The choice has been made.
    chosen: bool,
    /// Workers left to place.
    workers: u8,
    /// Coins from coin dice and Granaries, lost at the end of the turn.
    coins: u16,
    /// Trade variant: the offer being prepared.
    give: Bundle,
    get: Bundle,
    /// Trade variant: the seat answering the offer.
    partner: Option<Seat>,
}

impl Turn {
    fn new(dice: u8) -> Turn {
        Turn {
            dice: Dice::new(dice),
            rerolls_left: 0,
            last_rolled: DiceSet::EMPTY,
            workers_dice: DiceSet::EMPTY,
            chosen: false,
            workers: 0,
            coins: 0,
            give: [0; GOODS + 1],
            get: [0; GOODS + 1],
            partner: None,
        }
    }
}

/// A game of Roll Through the Ages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "State")]
pub struct Rtta {
    options: Options,
    seats: Vec<Tableau>,
    start_player: u8,
    round: u16,
    current: u8,
    step: Step,
    turn: Turn,
    /// The seat that completed each monument first.
    first_completer: [Option<u8>; MONUMENTS],
    /// Monuments used at this player count.
    in_play: [bool; MONUMENTS],
    /// The end condition met; the game ends with the round.
    ending: Option<EndReason>,
    /// An action has been applied (fixtures are refused from then on).
    started: bool,
    /// Die faces the next rolls take before the generator is used (fixtures).
    forced: VecDeque<Face>,
    /// Faces the opening roll took from `forced`, handed back when a fixture redoes it.
    opening_forced: Vec<Face>,
    rng: ChaCha20Rng,
}

/// The serialized form of [`Rtta`], checked before it becomes a game.
#[derive(Deserialize)]
struct State {
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

fn seat(i: u8) -> Seat {
    Seat(i)
}

impl Rtta {
    /// Checks that a state could have arisen in play (used when loading a saved game).
    fn check_invariants(&self) -> Result<(), String> {
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

    fn solo(&self) -> bool {
        self.seats.len() == 1
    }

    fn cur(&self) -> usize {
        usize::from(self.current)
    }

    fn has(&self, seat: usize, effect: Effect) -> bool {
        self.seats[seat].developments & (1 << data().development_with(effect)) != 0
    }

    fn owns(&self, seat: usize, development: Development) -> bool {
        self.seats[seat].developments & (1 << development.0) != 0
    }

    fn monument_complete(&self, seat: usize, m: usize) -> bool {
        self.seats[seat].monuments[m] == data().monuments[m].workers
    }

    fn goods_total(&self, seat: usize) -> u8 {
        self.seats[seat].goods.iter().sum()
    }

    fn goods_value(&self, seat: usize) -> u16 {
        let d = data();
        self.seats[seat]
            .goods
            .iter()
            .enumerate()
            .map(|(g, &c)| d.goods[g].value(c))
            .sum()
    }

    fn holding(&self, seat: usize, r: Resource) -> u8 {
        match r {
            Resource::Good(g) => self.seats[seat].goods[usize::from(g.0)],
            Resource::Food => self.seats[seat].food,
        }
    }

    fn room(&self, seat: usize, r: Resource) -> u8 {
        let d = data();
        match r {
            Resource::Good(g) => {
                d.goods[usize::from(g.0)].capacity() - self.seats[seat].goods[usize::from(g.0)]
            }
            Resource::Food => d.rules.food_max - self.seats[seat].food,
        }
    }

    fn excess_goods(&self) -> u8 {
        if self.has(self.cur(), Effect::Caravans) {
            0
        } else {
            self.goods_total(self.cur())
                .saturating_sub(data().rules.goods_limit)
        }
    }

    /// The dice a plain `reroll` rolls now: in the roll step every die not showing a skull
    /// (every die in the solo game), with Leadership every die.
    pub(crate) fn rerollable(&self) -> DiceSet {
        let all = DiceSet::first(self.turn.dice.count());
        if self.step == Step::Leadership || self.solo() {
            all
        } else {
            DiceSet(all.0 & !self.turn.dice.showing(Face::Skull).0)
        }
    }

    /// The dice showing "2 food or 2 workers".
    pub(crate) fn choice_dice(&self) -> DiceSet {
        self.turn.dice.showing(Face::Choice)
    }

    /// Workers `target` still needs from the current player (0 if it cannot take any).
    fn workers_needed(&self, target: Target) -> u8 {
        let t = &self.seats[self.cur()];
        match target {
            Target::City => data().city_workers_left(t.cities, t.city_progress),
            Target::Monument(m) => {
                let m = usize::from(m.0);
                if self.in_play[m] {
                    data().monuments[m].workers - t.monuments[m]
                } else {
                    0
                }
            }
        }
    }

    /// What a `build X` without a count places: all the target still needs, or all the
    /// workers left if fewer.
    pub(crate) fn workers_fitting(&self, target: Target) -> u8 {
        self.workers_needed(target).min(self.turn.workers)
    }

    fn anything_to_build(&self) -> bool {
        self.workers_needed(Target::City) > 0
            || Monument::all().any(|m| self.workers_needed(Target::Monument(m)) > 0)
    }

    fn stone(&self, seat: usize) -> u8 {
        self.seats[seat].goods[data().stone]
    }

    /// The most coins the current player could raise now: coins, every goods track, and
    /// all food with Granaries.
    fn purchasing_power(&self) -> u16 {
        let s = self.cur();
        let mut power = self.turn.coins + self.goods_value(s);
        if self.has(s, Effect::Granaries) {
            power +=
                u16::from(self.seats[s].food) * u16::from(data().rules.granaries_coins_per_food);
        }
        power
    }

    fn can_buy_something(&self) -> bool {
        let power = self.purchasing_power();
        Development::all().any(|dev| {
            !self.owns(self.cur(), dev) && data().developments[usize::from(dev.0)].cost <= power
        })
    }

    /// The player's score now (final once the game is over).
    pub fn score(&self, seat: Seat) -> i32 {
        self.score_parts(seat.index()).total()
    }

    fn score_parts(&self, s: usize) -> ScoreView {
        let d = data();
        let t = &self.seats[s];
        let developments: i32 = Development::all()
            .filter(|&dev| self.owns(s, dev))
            .map(|dev| i32::from(d.developments[usize::from(dev.0)].points))
            .sum();
        let mut monuments = 0;
        let mut completed = 0;
        for m in 0..MONUMENTS {
            if self.monument_complete(s, m) {
                completed += 1;
                monuments += i32::from(if self.first_completer[m] == Some(s as u8) {
                    d.monuments[m].first
                } else {
                    d.monuments[m].later
                });
            }
        }
        let mut bonus = 0;
        if self.has(s, Effect::Architecture) {
            bonus += completed;
        }
        if self.has(s, Effect::Empire) {
            bonus += i32::from(t.cities);
        }
        ScoreView {
            developments,
            monuments,
            bonus,
            disasters: i32::from(t.disasters),
        }
    }

    /// Appends every legal action of `who` to `actions` (cleared first), in the order
    /// [`Game::legal_actions`] lists them; lets a caller reuse one buffer.
    pub fn legal_actions_into(&self, who: Seat, actions: &mut Vec<Action>) {
        actions.clear();
        match self.decision() {
            Some(d) if d.seat == who => {}
            _ => return,
        }
        let s = self.cur();
        match self.step {
            Step::Over => {}
            Step::Roll => {
                let rerollable = self.rerollable();
                actions.reserve(1 << rerollable.len());
                actions.extend(rerollable.subsets().skip(1).map(Action::Reroll));
                actions.push(Action::Done);
            }
            Step::Leadership => {
                actions.extend(
                    (0..usize::from(self.turn.dice.count()))
                        .map(|i| Action::Reroll(DiceSet::EMPTY.with(i))),
                );
                actions.push(Action::Done);
            }
            Step::Choose => {
                actions.extend(self.choice_dice().subsets().map(Action::Choose));
            }
            Step::Trade => {
                for r in Resource::all() {
                    let i = r.index();
                    if self.turn.get[i] == 0 {
                        let have = self.holding(s, r);
                        actions.extend(
                            (0..=have)
                                .filter(|&n| n != self.turn.give[i])
                                .map(|n| Action::Give(r, n)),
                        );
                    }
                    if self.turn.give[i] == 0 {
                        let most = self.most_held_by_others(r).min(self.room(s, r));
                        actions.extend(
                            (0..=most)
                                .filter(|&n| n != self.turn.get[i])
                                .map(|n| Action::Get(r, n)),
                        );
                    }
                }
                for p in 0..self.seats.len() as u8 {
                    if self.offer_problem(seat(p)).is_none() {
                        actions.push(Action::Offer(seat(p)));
                    }
                }
                actions.push(Action::Done);
            }
            Step::Answer => {
                actions.push(Action::Accept);
                actions.push(Action::Decline);
            }
            Step::Build => {
                let workers = self.turn.workers;
                for target in
                    std::iter::once(Target::City).chain(Monument::all().map(Target::Monument))
                {
                    let most = self.workers_needed(target).min(workers);
                    actions.extend((1..=most).map(|n| Action::Build(target, n)));
                }
                if self.has(s, Effect::Engineering) {
                    actions.extend((1..=self.stone(s)).map(Action::Engineering));
                }
                actions.push(Action::Done);
            }
            Step::Buy => {
                if self.has(s, Effect::Granaries) {
                    actions.extend((1..=self.seats[s].food).map(Action::Granaries));
                }
                let d = data();
                let held = GoodsSet(
                    Good::all()
                        .filter(|g| self.seats[s].goods[usize::from(g.0)] > 0)
                        .fold(0, |m, g| m | (1 << g.0)),
                );
                // The subsets of the goods held, ascending, with the coins each raises.
                let mut sales = [(0u8, 0u16); 1 << GOODS];
                let mut values = [0u16; 1 << GOODS];
                let mut count = 0;
                for subset in 0..(1usize << GOODS) {
                    if subset as u8 & !held.0 == 0 {
                        if subset > 0 {
                            let low = subset.trailing_zeros() as usize;
                            values[subset] = values[subset & (subset - 1)]
                                + d.goods[low].value(self.seats[s].goods[low]);
                        }
                        sales[count] = (subset as u8, self.turn.coins + values[subset]);
                        count += 1;
                    }
                }
                let sales = &sales[..count];
                let best = sales[count - 1].1;
                for dev in Development::all() {
                    let cost = d.developments[usize::from(dev.0)].cost;
                    if cost > best || self.owns(s, dev) {
                        continue;
                    }
                    actions.extend(
                        sales
                            .iter()
                            .filter(|&&(_, coins)| coins >= cost)
                            .map(|&(subset, _)| Action::Buy(dev, GoodsSet(subset))),
                    );
                }
                actions.push(Action::Done);
            }
            Step::Discard => {
                let excess = self.excess_goods();
                for g in Good::all() {
                    let most = self.seats[s].goods[usize::from(g.0)].min(excess);
                    actions.extend((1..=most).map(|n| Action::Discard(g, n)));
                }
            }
        }
    }

    // ---- dice ----

    fn roll_die(&mut self) -> Face {
        match self.forced.pop_front() {
            Some(face) => face,
            None => Face::ALL[self.rng.random_range(0..Face::ALL.len())],
        }
    }

    /// Starts `seat`'s turn with the automatic first roll.
    fn start_turn(&mut self, seat_index: u8, events: &mut Vec<Event>) {
        self.current = seat_index;
        let count = self.seats[self.cur()].cities;
        self.turn = Turn::new(count);
        for i in 0..usize::from(count) {
            let face = self.roll_die();
            self.turn.dice.set(i, face);
        }
        self.turn.last_rolled = DiceSet::first(count);
        self.turn.rerolls_left = data().rules.rolls - 1;
        self.step = Step::Roll;
        events.push(Event::TurnStarted {
            seat: seat(seat_index),
            round: self.round,
        });
        events.push(Event::Rolled {
            seat: seat(seat_index),
            dice: self.turn.dice,
        });
        if self.turn.rerolls_left == 0 {
            self.finish_rolling(events);
        }
    }

    /// Rolls the first roll of the opening turn again, after a fixture changed the start
    /// player, a city count or the queue of forced faces.
    fn redo_opening_roll(&mut self) {
        for face in self.opening_forced.drain(..).rev() {
            self.forced.push_front(face);
        }
        let count = self.seats[self.cur()].cities;
        self.turn = Turn::new(count);
        for i in 0..usize::from(count) {
            let queued = !self.forced.is_empty();
            let face = self.roll_die();
            if queued {
                self.opening_forced.push(face);
            }
            self.turn.dice.set(i, face);
        }
        self.turn.last_rolled = DiceSet::first(count);
        self.turn.rerolls_left = data().rules.rolls - 1;
        self.step = Step::Roll;
    }

    fn finish_rolling(&mut self, events: &mut Vec<Event>) {
        if self.has(self.cur(), Effect::Leadership) {
            self.step = Step::Leadership;
        } else {
            self.after_leadership(events);
        }
    }

    fn after_leadership(&mut self, events: &mut Vec<Event>) {
        events.push(Event::DiceFinal {
            seat: seat(self.current),
            dice: self.turn.dice,
        });
        if self.choice_dice().is_empty() {
            self.resolve_dice(events);
        } else {
            self.step = Step::Choose;
        }
    }

    /// Collects goods and food, feeds the cities and resolves disasters.
    fn resolve_dice(&mut self, events: &mut Vec<Event>) {
        let d = data();
        let s = self.cur();
        let who = seat(self.current);
        let dice = self.turn.dice;
        let agriculture = u8::from(self.has(s, Effect::Agriculture));
        let masonry = u8::from(self.has(s, Effect::Masonry));
        let choice = dice.number_showing(Face::Choice);
        let choice_workers = self.turn.workers_dice.len();
        let choice_food = choice - choice_workers;
        let skulls = dice.number_showing(Face::Skull);

        // Goods, one at a time from wood upwards and round again; a full track loses it.
        let goods = dice.number_showing(Face::Good) + 2 * skulls;
        if goods > 0 {
            let mut gained = [0u8; GOODS];
            let mut lost = 0;
            let t = &mut self.seats[s];
            for i in 0..usize::from(goods) {
                let g = i % GOODS;
                if t.goods[g] < d.goods[g].capacity() {
                    t.goods[g] += 1;
                    gained[g] += 1;
                } else {
                    lost += 1;
                }
            }
            let quarrying = gained[d.stone] > 0 && self.has(s, Effect::Quarrying);
            let t = &mut self.seats[s];
            if quarrying {
                if t.goods[d.stone] < d.goods[d.stone].capacity() {
                    t.goods[d.stone] += 1;
                    gained[d.stone] += 1;
                } else {
                    lost += 1;
                }
            }
            events.push(Event::GoodsCollected {
                seat: who,
                gained,
                lost,
                quarrying,
            });
        }

        // Food, up to the maximum.
        let food =
            dice.number_showing(Face::Food) * (3 + agriculture) + choice_food * (2 + agriculture);
        let t = &mut self.seats[s];
        if food > 0 {
            let before = t.food;
            t.food = (u16::from(before) + u16::from(food)).min(u16::from(d.rules.food_max)) as u8;
            events.push(Event::FoodCollected {
                seat: who,
                gained: t.food - before,
                lost: food - (t.food - before),
            });
        }

        // Feeding: one food per city (per die rolled), a disaster point per unfed city.
        let cities = dice.count();
        let eaten = cities.min(t.food);
        t.food -= eaten;
        let unfed = cities - eaten;
        t.disasters += u16::from(unfed);
        events.push(Event::Fed {
            seat: who,
            cities,
            unfed,
            food: t.food,
        });

        if let Some(disaster) = Disaster::from_skulls(skulls) {
            self.strike(disaster, skulls, events);
        }

        let coins_per_die = if self.has(s, Effect::Coinage) {
            d.rules.coinage_coins_per_die
        } else {
            d.rules.coins_per_die
        };
        self.turn.workers =
            dice.number_showing(Face::Workers) * (3 + masonry) + choice_workers * (2 + masonry);
        self.turn.coins = u16::from(dice.number_showing(Face::Coins)) * u16::from(coins_per_die);
        events.push(Event::Harvest {
            seat: who,
            workers: self.turn.workers,
            coins: self.turn.coins,
        });
        self.enter_trade(events);
    }

    fn strike(&mut self, disaster: Disaster, skulls: u8, events: &mut Vec<Event>) {
        let s = self.cur();
        let n = self.seats.len();
        let opponents: Vec<usize> = (1..n).map(|k| (s + k) % n).collect();
        let mut struck = Vec::new();
        let mut protected = Vec::new();
        match disaster {
            Disaster::Drought | Disaster::Invasion => {
                let safe = match disaster {
                    Disaster::Drought => self.has(s, Effect::Irrigation),
                    _ => self.monument_complete(s, data().great_wall),
                };
                if safe {
                    protected.push(s);
                } else {
                    struck.push(s);
                }
            }
            Disaster::Pestilence => {
                let targets = if self.solo() { vec![s] } else { opponents };
                for t in targets {
                    if self.has(t, Effect::Medicine) {
                        protected.push(t);
                    } else {
                        struck.push(t);
                    }
                }
            }
            Disaster::Revolt => {
                if !self.has(s, Effect::Religion) {
                    struck.push(s);
                } else if self.solo() {
                    protected.push(s);
                } else {
                    struck = opponents;
                }
            }
        }
        for &t in &struck {
            match disaster {
                Disaster::Revolt => self.seats[t].goods = [0; GOODS],
                other => self.seats[t].disasters += other.points(),
            }
        }
        events.push(Event::Disaster {
            seat: seat(self.current),
            skulls,
            disaster,
            struck: struck.into_iter().map(|t| seat(t as u8)).collect(),
            protected: protected.into_iter().map(|t| seat(t as u8)).collect(),
        });
    }

    fn enter_trade(&mut self, events: &mut Vec<Event>) {
        if self.options.trade && self.seats.len() > 1 {
            self.step = Step::Trade;
        } else {
            self.enter_build(events);
        }
    }

    fn build_step_useful(&self) -> bool {
        let s = self.cur();
        self.anything_to_build()
            && (self.turn.workers > 0 || (self.has(s, Effect::Engineering) && self.stone(s) > 0))
    }

    fn enter_build(&mut self, events: &mut Vec<Event>) {
        if self.build_step_useful() {
            self.step = Step::Build;
        } else {
            self.enter_buy(events);
        }
    }

    fn enter_buy(&mut self, events: &mut Vec<Event>) {
        self.turn.workers = 0;
        if self.can_buy_something() {
            self.step = Step::Buy;
        } else {
            self.enter_discard(events);
        }
    }

    fn enter_discard(&mut self, events: &mut Vec<Event>) {
        self.turn.coins = 0;
        if self.excess_goods() > 0 {
            self.step = Step::Discard;
        } else {
            self.end_turn(events);
        }
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        let n = self.seats.len() as u8;
        let next = (self.current + 1) % n;
        if next == self.start_player {
            let last_solo_round = self.solo() && self.round >= data().rules.solo_rounds;
            if self.ending.is_some() || last_solo_round {
                self.step = Step::Over;
                self.turn = Turn::new(0);
                let scores: Vec<i32> = (0..n).map(|s| self.score(seat(s))).collect();
                let outcome = self
                    .outcome()
                    .unwrap_or_else(|| Outcome::from_scores(scores.clone(), vec![0; scores.len()]));
                events.push(Event::GameOver {
                    scores,
                    winners: outcome.winners,
                });
                return;
            }
            self.round += 1;
        }
        self.start_turn(next, events);
    }

    // ---- refusals ----

    /// What the player to act may do now, for error messages.
    fn now(&self) -> String {
        let Some(decision) = self.decision() else {
            return "the game is over".into();
        };
        let legal: Vec<String> = self
            .legal_actions(decision.seat)
            .iter()
            .map(ToString::to_string)
            .collect();
        let examples = if legal.len() <= 8 {
            legal.join(", ")
        } else {
            format!("{}, …, {}", legal[..5].join(", "), legal[legal.len() - 1])
        };
        format!(
            "now {} must {}: {examples}",
            self.seat_name(decision.seat),
            decision.kind
        )
    }

    fn refuse<T>(
        &self,
        make: impl FnOnce(String) -> RulesError,
    ) -> Result<T, PlayError<RulesError>> {
        Err(PlayError::Rules(make(self.now())))
    }

    fn wrong_step<T>(&self, action: &Action) -> Result<T, PlayError<RulesError>> {
        self.refuse(|now| RulesError::WrongStep {
            action: action.to_string(),
            now,
        })
    }

    fn check_dice(&self, set: DiceSet) -> Result<(), PlayError<RulesError>> {
        let count = self.turn.dice.count();
        match set.indices().find(|&i| i >= usize::from(count)) {
            Some(i) => self.refuse(|now| RulesError::NoSuchDie {
                die: i as u8 + 1,
                dice: count,
                now,
            }),
            None => Ok(()),
        }
    }

    // ---- actions ----

    fn reroll(
        &mut self,
        set: DiceSet,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let leadership = self.step == Step::Leadership;
        if set.is_empty() {
            return self.refuse(|now| RulesError::NothingToReroll { now });
        }
        self.check_dice(set)?;
        if leadership {
            if set.len() != 1 {
                return self.refuse(|now| RulesError::LeadershipOneDie {
                    asked: set.len(),
                    now,
                });
            }
        } else if !self.solo()
            && let Some(i) = set
                .indices()
                .find(|&i| self.turn.dice.faces()[i] == Face::Skull)
        {
            return self.refuse(|now| RulesError::SkullLocked {
                die: i as u8 + 1,
                now,
            });
        }
        for i in set.indices() {
            let face = self.roll_die();
            self.turn.dice.set(i, face);
        }
        self.turn.last_rolled = set;
        events.push(Event::Rerolled {
            seat: seat(self.current),
            rerolled: set,
            dice: self.turn.dice,
            leadership,
        });
        if leadership {
            self.after_leadership(events);
        } else {
            self.turn.rerolls_left -= 1;
            if self.turn.rerolls_left == 0 {
                self.finish_rolling(events);
            }
        }
        Ok(())
    }

    fn choose(
        &mut self,
        workers: DiceSet,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        self.check_dice(workers)?;
        let choice = self.choice_dice();
        if let Some(i) = workers.indices().find(|&i| !choice.contains(i)) {
            return self.refuse(|now| RulesError::NotAChoiceDie {
                die: i as u8 + 1,
                now,
            });
        }
        self.turn.workers_dice = workers;
        self.turn.chosen = true;
        events.push(Event::Chose {
            seat: seat(self.current),
            food: choice.len() - workers.len(),
            workers: workers.len(),
        });
        self.resolve_dice(events);
        Ok(())
    }

    fn build(
        &mut self,
        target: Target,
        count: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let d = data();
        let s = self.cur();
        if let Target::Monument(m) = target {
            let mi = usize::from(m.0);
            if !self.in_play[mi] {
                return self.refuse(|now| RulesError::MonumentNotInPlay {
                    monument: m.name().into(),
                    players: self.seats.len(),
                    now,
                });
            }
            if self.monument_complete(s, mi) {
                return self.refuse(|now| RulesError::MonumentCompleted {
                    monument: m.name().into(),
                    now,
                });
            }
        }
        let needed = self.workers_needed(target);
        if needed == 0 {
            return self.refuse(|now| RulesError::AllCitiesBuilt { now });
        }
        if count == 0 {
            return self.refuse(|now| RulesError::Zero {
                what: "building".into(),
                now,
            });
        }
        if count > self.turn.workers {
            return self.refuse(|now| RulesError::NotEnoughWorkers {
                asked: count,
                available: self.turn.workers,
                now,
            });
        }
        if count > needed {
            let name = match target {
                Target::City => "cities".to_string(),
                Target::Monument(m) => m.name().to_string(),
            };
            return self.refuse(|now| RulesError::TooManyWorkers {
                target: name,
                asked: count,
                needs: needed,
                now,
            });
        }

        self.turn.workers -= count;
        events.push(Event::Built {
            seat: seat(self.current),
            target,
            workers: count,
        });
        match target {
            Target::City => {
                let mut left = count;
                while left > 0 {
                    let t = &mut self.seats[s];
                    let cost = d.city_costs[usize::from(t.cities - d.rules.start_cities)];
                    let put = left.min(cost - t.city_progress);
                    t.city_progress += put;
                    left -= put;
                    if t.city_progress == cost {
                        t.cities += 1;
                        t.city_progress = 0;
                        events.push(Event::CityCompleted {
                            seat: seat(self.current),
                            cities: t.cities,
                        });
                    }
                }
            }
            Target::Monument(m) => {
                let mi = usize::from(m.0);
                self.seats[s].monuments[mi] += count;
                if self.monument_complete(s, mi) {
                    let first = self.first_completer[mi].is_none();
                    if first {
                        self.first_completer[mi] = Some(self.current);
                    }
                    let md = &d.monuments[mi];
                    events.push(Event::MonumentCompleted {
                        seat: seat(self.current),
                        monument: m,
                        first,
                        points: if first { md.first } else { md.later },
                    });
                    let all_done = (0..MONUMENTS)
                        .all(|k| !self.in_play[k] || self.first_completer[k].is_some());
                    if all_done && self.ending.is_none() {
                        self.ending = Some(EndReason::Monuments);
                        events.push(Event::EndTriggered {
                            seat: seat(self.current),
                            reason: EndReason::Monuments,
                        });
                    }
                }
            }
        }
        if !self.build_step_useful() {
            self.enter_buy(events);
        }
        Ok(())
    }

    fn engineering(
        &mut self,
        stone: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let s = self.cur();
        if !self.has(s, Effect::Engineering) {
            return self.refuse(|now| RulesError::MissingDevelopment {
                development: data().developments[data().development_with(Effect::Engineering)]
                    .name
                    .clone(),
                now,
            });
        }
        if stone == 0 {
            return self.refuse(|now| RulesError::Zero {
                what: "Engineering".into(),
                now,
            });
        }
        let have = self.stone(s);
        if stone > have {
            return self.refuse(|now| RulesError::NotEnough {
                what: "stone".into(),
                have,
                asked: stone,
                now,
            });
        }
        let workers = stone * data().rules.engineering_workers_per_stone;
        self.seats[s].goods[data().stone] -= stone;
        self.turn.workers += workers;
        events.push(Event::Engineered {
            seat: seat(self.current),
            stone,
            workers,
        });
        Ok(())
    }

    fn granaries(
        &mut self,
        food: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let s = self.cur();
        if !self.has(s, Effect::Granaries) {
            return self.refuse(|now| RulesError::MissingDevelopment {
                development: data().developments[data().development_with(Effect::Granaries)]
                    .name
                    .clone(),
                now,
            });
        }
        if food == 0 {
            return self.refuse(|now| RulesError::Zero {
                what: "selling food".into(),
                now,
            });
        }
        let have = self.seats[s].food;
        if food > have {
            return self.refuse(|now| RulesError::NotEnough {
                what: "food".into(),
                have,
                asked: food,
                now,
            });
        }
        let coins = u16::from(food) * u16::from(data().rules.granaries_coins_per_food);
        self.seats[s].food -= food;
        self.turn.coins += coins;
        events.push(Event::SoldFood {
            seat: seat(self.current),
            food,
            coins,
        });
        Ok(())
    }

    fn buy(
        &mut self,
        development: Development,
        sold: GoodsSet,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let d = data();
        let s = self.cur();
        let dd = &d.developments[usize::from(development.0)];
        if self.owns(s, development) {
            return self.refuse(|now| RulesError::AlreadyOwned {
                development: dd.name.clone(),
                now,
            });
        }
        if let Some(g) = sold
            .goods()
            .find(|g| self.seats[s].goods[usize::from(g.0)] == 0)
        {
            return self.refuse(|now| RulesError::NothingToSell {
                good: g.id().into(),
                now,
            });
        }
        let goods_value: u16 = sold
            .goods()
            .map(|g| d.goods[usize::from(g.0)].value(self.seats[s].goods[usize::from(g.0)]))
            .sum();
        let available = self.turn.coins + goods_value;
        if available < dd.cost {
            return self.refuse(|now| RulesError::CannotAfford {
                development: dd.name.clone(),
                cost: dd.cost,
                available,
                now,
            });
        }
        for g in sold.goods() {
            self.seats[s].goods[usize::from(g.0)] = 0;
        }
        self.seats[s].developments |= 1 << development.0;
        events.push(Event::Bought {
            seat: seat(self.current),
            development,
            cost: dd.cost,
            coins: self.turn.coins,
            sold,
            goods_value,
        });
        let owned = self.seats[s].developments.count_ones();
        if owned >= u32::from(d.rules.developments_to_end) && self.ending.is_none() {
            self.ending = Some(EndReason::Developments);
            events.push(Event::EndTriggered {
                seat: seat(self.current),
                reason: EndReason::Developments,
            });
        }
        self.enter_discard(events);
        Ok(())
    }

    fn discard(
        &mut self,
        good: Good,
        count: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let s = self.cur();
        if count == 0 {
            return self.refuse(|now| RulesError::Zero {
                what: "discarding".into(),
                now,
            });
        }
        let have = self.seats[s].goods[usize::from(good.0)];
        if count > have {
            return self.refuse(|now| RulesError::NotEnough {
                what: good.id().into(),
                have,
                asked: count,
                now,
            });
        }
        let excess = self.excess_goods();
        if count > excess {
            return self.refuse(|now| RulesError::DiscardTooMany {
                excess,
                asked: count,
                now,
            });
        }
        self.seats[s].goods[usize::from(good.0)] -= count;
        events.push(Event::Discarded {
            seat: seat(self.current),
            good,
            count,
        });
        if self.excess_goods() == 0 {
            self.end_turn(events);
        }
        Ok(())
    }

    /// The most of `r` any player other than the current one holds.
    fn most_held_by_others(&self, r: Resource) -> u8 {
        (0..self.seats.len())
            .filter(|&s| s != self.cur())
            .map(|s| self.holding(s, r))
            .max()
            .unwrap_or(0)
    }

    fn set_offer(
        &mut self,
        give: bool,
        r: Resource,
        count: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let s = self.cur();
        let i = r.index();
        let (this, other) = if give {
            (self.turn.give[i], self.turn.get[i])
        } else {
            (self.turn.get[i], self.turn.give[i])
        };
        if this == count {
            return self.refuse(|now| RulesError::Unchanged {
                what: r.id().into(),
                count,
                now,
            });
        }
        if count > 0 && other > 0 {
            return self.refuse(|now| RulesError::BothSides {
                what: r.id().into(),
                now,
            });
        }
        if give {
            let have = self.holding(s, r);
            if count > have {
                return self.refuse(|now| RulesError::NotEnough {
                    what: r.id().into(),
                    have,
                    asked: count,
                    now,
                });
            }
            self.turn.give[i] = count;
        } else {
            if count > self.most_held_by_others(r) {
                return self.refuse(|now| RulesError::NobodyHas {
                    what: r.id().into(),
                    count,
                    now,
                });
            }
            let room = self.room(s, r);
            if count > room {
                return self.refuse(|now| RulesError::NoRoom {
                    who: "you".into(),
                    what: r.id().into(),
                    room,
                    now,
                });
            }
            self.turn.get[i] = count;
        }
        events.push(Event::OfferChanged {
            seat: seat(self.current),
            resource: r,
            give,
            count,
        });
        Ok(())
    }

    /// Why the prepared offer cannot go to `partner`, if it cannot.
    fn offer_problem(&self, partner: Seat) -> Option<Box<dyn FnOnce(String) -> RulesError + '_>> {
        let s = self.cur();
        let p = partner.index();
        if p >= self.seats.len() || p == s {
            return Some(Box::new(move |now| RulesError::BadPartner {
                seat: if p == s {
                    "yourself".into()
                } else {
                    partner.to_string()
                },
                now,
            }));
        }
        if self
            .turn
            .give
            .iter()
            .chain(self.turn.get.iter())
            .all(|&n| n == 0)
        {
            return Some(Box::new(|now| RulesError::EmptyOffer { now }));
        }
        let partner_name = self.seat_name(partner);
        for r in Resource::all() {
            let (give, get) = (self.turn.give[r.index()], self.turn.get[r.index()]);
            let (p_have, p_room) = (self.holding(p, r), self.room(p, r));
            if get > p_have {
                let partner_name = partner_name.clone();
                return Some(Box::new(move |now| RulesError::PartnerLacks {
                    partner: partner_name,
                    what: r.id().into(),
                    have: p_have,
                    now,
                }));
            }
            if give > p_room {
                let partner_name = partner_name.clone();
                return Some(Box::new(move |now| RulesError::NoRoom {
                    who: partner_name,
                    what: r.id().into(),
                    room: p_room,
                    now,
                }));
            }
            let (have, room) = (self.holding(s, r), self.room(s, r));
            if give > have {
                return Some(Box::new(move |now| RulesError::NotEnough {
                    what: r.id().into(),
                    have,
                    asked: give,
                    now,
                }));
            }
            if get > room {
                return Some(Box::new(move |now| RulesError::NoRoom {
                    who: "you".into(),
                    what: r.id().into(),
                    room,
                    now,
                }));
            }
        }
        None
    }

    fn offer(
        &mut self,
        partner: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        if let Some(problem) = self.offer_problem(partner) {
            let now = self.now();
            return Err(PlayError::Rules(problem(now)));
        }
        self.turn.partner = Some(partner);
        self.step = Step::Answer;
        events.push(Event::Offered {
            from: seat(self.current),
            to: partner,
            give: self.turn.give,
            get: self.turn.get,
        });
        Ok(())
    }

    fn answer(
        &mut self,
        accept: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let Some(partner) = self.turn.partner else {
            return self.wrong_step(if accept {
                &Action::Accept
            } else {
                &Action::Decline
            });
        };
        let from = seat(self.current);
        if accept {
            // Nothing can change between the offer and the answer, but the trade must never
            // take what is not there: check again.
            if let Some(problem) = self.offer_problem(partner) {
                let now = self.now();
                return Err(PlayError::Rules(problem(now)));
            }
            let (s, p) = (self.cur(), partner.index());
            for r in Resource::all() {
                let (give, get) = (self.turn.give[r.index()], self.turn.get[r.index()]);
                self.adjust(s, r, get, give);
                self.adjust(p, r, give, get);
            }
            events.push(Event::Traded {
                from,
                to: partner,
                give: self.turn.give,
                get: self.turn.get,
            });
            self.turn.give = [0; GOODS + 1];
            self.turn.get = [0; GOODS + 1];
        } else {
            events.push(Event::Declined { from, to: partner });
        }
        self.turn.partner = None;
        self.step = Step::Trade;
        Ok(())
    }

    fn adjust(&mut self, s: usize, r: Resource, plus: u8, minus: u8) {
        let slot = match r {
            Resource::Good(g) => &mut self.seats[s].goods[usize::from(g.0)],
            Resource::Food => &mut self.seats[s].food,
        };
        *slot = *slot + plus - minus;
    }

    fn done(&mut self, events: &mut Vec<Event>) -> Result<(), PlayError<RulesError>> {
        match self.step {
            Step::Roll => self.finish_rolling(events),
            Step::Leadership => self.after_leadership(events),
            Step::Trade => {
                self.turn.give = [0; GOODS + 1];
                self.turn.get = [0; GOODS + 1];
                self.enter_build(events);
            }
            Step::Build => self.enter_buy(events),
            Step::Buy => self.enter_discard(events),
            _ => return self.wrong_step(&Action::Done),
        }
        Ok(())
    }

    // ---- fixtures ----

    fn fix_seat(&self, word: &str) -> Result<usize, SetupError> {
        match word.parse::<usize>() {
            Ok(n) if (1..=self.seats.len()).contains(&n) => Ok(n - 1),
            _ => Err(SetupError(format!(
                "\"{word}\" is not a seat; seats are 1 to {}",
                self.seats.len()
            ))),
        }
    }

    fn fix_number(word: Option<&&str>, what: &str, max: u32) -> Result<u32, SetupError> {
        let word = word.ok_or_else(|| SetupError(format!("{what} is missing")))?;
        match word.parse::<u32>() {
            Ok(n) if n <= max => Ok(n),
            _ => Err(SetupError(format!(
                "{what} must be a number from 0 to {max}, not \"{word}\""
            ))),
        }
    }

    fn apply_fix(&mut self, key: &str, words: &[&str]) -> Result<(), SetupError> {
        let d = data();
        let usage = || {
            SetupError(format!(
                "fixtures: start-player N, dice F F … (faces 1–6 or good food skull choice coins workers), \
                 food S N, goods S wood N stone N …, developments S name …, cities S N, \
                 monument S name N, disasters S N, round N; not \"{key}\""
            ))
        };
        match key {
            "start-player" => {
                let [n] = words else { return Err(usage()) };
                let s = self.fix_seat(n)? as u8;
                self.start_player = s;
                self.current = s;
            }
            "dice" => {
                if words.is_empty() {
                    return Err(usage());
                }
                for w in words {
                    let face = Face::parse(w).ok_or_else(|| {
                        SetupError(format!(
                            "\"{w}\" is not a die face: 1 good, 2 food, 3 skull, 4 choice, 5 coins, 6 workers"
                        ))
                    })?;
                    self.forced.push_back(face);
                }
            }
            "round" => {
                let [n] = words else { return Err(usage()) };
                let n = Self::fix_number(Some(n), "the round", u32::from(u16::MAX))?;
                if n == 0 {
                    return Err(SetupError("rounds count from 1".into()));
                }
                self.round = n as u16;
            }
            _ => {
                let (who, rest) = words.split_first().ok_or_else(usage)?;
                let s = self.fix_seat(who)?;
                match key {
                    "food" => {
                        self.seats[s].food =
                            Self::fix_number(rest.first(), "food", d.rules.food_max.into())? as u8;
                    }
                    "disasters" => {
                        self.seats[s].disasters =
                            Self::fix_number(rest.first(), "disasters", 999)? as u16;
                    }
                    "cities" => {
                        let low = u32::from(d.rules.start_cities);
                        let n =
                            Self::fix_number(rest.first(), "cities", low + EXTRA_CITIES as u32)?;
                        if n < low {
                            return Err(SetupError(format!("a player has at least {low} cities")));
                        }
                        self.seats[s].cities = n as u8;
                        self.seats[s].city_progress = 0;
                    }
                    "goods" => {
                        if rest.is_empty() || rest.len() % 2 != 0 {
                            return Err(usage());
                        }
                        for pair in rest.chunks(2) {
                            let g =
                                d.goods
                                    .iter()
                                    .position(|g| g.id == pair[0])
                                    .ok_or_else(|| {
                                        SetupError(format!("\"{}\" is not a good", pair[0]))
                                    })?;
                            self.seats[s].goods[g] = Self::fix_number(
                                Some(&pair[1]),
                                &d.goods[g].id,
                                d.goods[g].capacity().into(),
                            )? as u8;
                        }
                    }
                    "developments" => {
                        for name in rest {
                            let i = d
                                .developments
                                .iter()
                                .position(|x| x.id == *name)
                                .ok_or_else(|| {
                                    SetupError(format!("\"{name}\" is not a development"))
                                })?;
                            self.seats[s].developments |= 1 << i;
                        }
                    }
                    "monument" => {
                        let [name, n] = rest else { return Err(usage()) };
                        let m = d
                            .monuments
                            .iter()
                            .position(|x| x.id == *name)
                            .ok_or_else(|| SetupError(format!("\"{name}\" is not a monument")))?;
                        if !self.in_play[m] {
                            return Err(SetupError(format!(
                                "the {} is not used with {} players",
                                d.monuments[m].name,
                                self.seats.len()
                            )));
                        }
                        let n = Self::fix_number(Some(n), "workers", d.monuments[m].workers.into())?
                            as u8;
                        self.seats[s].monuments[m] = n;
                        if n == d.monuments[m].workers && self.first_completer[m].is_none() {
                            self.first_completer[m] = Some(s as u8);
                        }
                    }
                    _ => return Err(usage()),
                }
            }
        }
        Ok(())
    }
}

impl Game for Rtta {
    const NAME: &'static str = "rtta";
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type RulesError = RulesError;
    type DecisionKind = DecisionKind;
    type PublicView = PublicView;
    type SeatView = PublicView;

    fn player_counts() -> std::ops::RangeInclusive<usize> {
        1..=4
    }

    fn new(options: &Options, players: usize, seed: Seed) -> Result<Self, SetupError> {
        let d = try_data()
            .map_err(|e| SetupError(format!("the Roll Through the Ages data is broken: {e}")))?;
        if !Self::player_counts().contains(&players) {
            return Err(SetupError(format!(
                "Roll Through the Ages is for 1 to 4 players (1 is the solo game), not {players}"
            )));
        }
        if options.trade && players == 1 {
            return Err(SetupError(
                "the trade variant needs at least 2 players".into(),
            ));
        }
        let mut in_play = [true; MONUMENTS];
        for (m, md) in d.monuments.iter().enumerate() {
            in_play[m] = !md.omitted_with_players.contains(&(players as u8));
        }
        let mut rng = seed.rng();
        let start = rng.random_range(0..players) as u8;
        let tableau = Tableau {
            cities: d.rules.start_cities,
            city_progress: 0,
            monuments: [0; MONUMENTS],
            developments: 0,
            goods: [0; GOODS],
            food: d.rules.start_food,
            disasters: 0,
        };
        let mut game = Rtta {
            options: options.clone(),
            seats: vec![tableau; players],
            start_player: start,
            round: 1,
            current: start,
            step: Step::Roll,
            turn: Turn::new(0),
            first_completer: [None; MONUMENTS],
            in_play,
            ending: None,
            started: false,
            forced: VecDeque::new(),
            opening_forced: Vec::new(),
            rng,
        };
        game.redo_opening_roll();
        Ok(game)
    }

    fn fix(&mut self, key: &str, value: &str) -> Result<(), SetupError> {
        if self.started {
            return Err(SetupError("fixtures come before the first action".into()));
        }
        let words: Vec<&str> = value.split_whitespace().collect();
        let before = self.clone();
        if let Err(e) = self.apply_fix(key, &words) {
            *self = before;
            return Err(e);
        }
        self.redo_opening_roll();
        Ok(())
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn players(&self) -> usize {
        self.seats.len()
    }

    fn decision(&self) -> Option<Decision<DecisionKind>> {
        let me = seat(self.current);
        let (who, kind) = match self.step {
            Step::Over => return None,
            Step::Roll => (
                me,
                DecisionKind::Roll {
                    rerolls_left: self.turn.rerolls_left,
                },
            ),
            Step::Leadership => (me, DecisionKind::Leadership),
            Step::Choose => (
                me,
                DecisionKind::Choose {
                    dice: self.choice_dice(),
                },
            ),
            Step::Trade => (me, DecisionKind::Trade),
            Step::Answer => (
                self.turn.partner.unwrap_or(me),
                DecisionKind::Answer { from: me },
            ),
            Step::Build => (
                me,
                DecisionKind::Build {
                    workers: self.turn.workers,
                },
            ),
            Step::Buy => (
                me,
                DecisionKind::Buy {
                    coins: self.turn.coins,
                },
            ),
            Step::Discard => (
                me,
                DecisionKind::Discard {
                    excess: self.excess_goods(),
                },
            ),
        };
        Some(Decision { seat: who, kind })
    }

    fn legal_actions(&self, who: Seat) -> Vec<Action> {
        let mut actions = Vec::new();
        self.legal_actions_into(who, &mut actions);
        actions
    }

    fn apply(&mut self, who: Seat, action: &Action) -> Result<Vec<Event>, PlayError<RulesError>> {
        self.check_turn(who)?;
        if let Some(what) = action.unknown_component() {
            return self.refuse(|now| RulesError::NoSuchComponent { what, now });
        }
        let mut events = Vec::new();
        let step = self.step;
        let result = match (step, *action) {
            (Step::Roll | Step::Leadership, Action::Reroll(set)) => self.reroll(set, &mut events),
            (
                Step::Roll | Step::Leadership | Step::Trade | Step::Build | Step::Buy,
                Action::Done,
            ) => self.done(&mut events),
            (Step::Choose, Action::Choose(set)) => self.choose(set, &mut events),
            (Step::Trade, Action::Give(r, n)) => self.set_offer(true, r, n, &mut events),
            (Step::Trade, Action::Get(r, n)) => self.set_offer(false, r, n, &mut events),
            (Step::Trade, Action::Offer(p)) => self.offer(p, &mut events),
            (Step::Answer, Action::Accept) => self.answer(true, &mut events),
            (Step::Answer, Action::Decline) => self.answer(false, &mut events),
            (Step::Build, Action::Build(target, n)) => self.build(target, n, &mut events),
            (Step::Build, Action::Engineering(n)) => self.engineering(n, &mut events),
            (Step::Buy, Action::Granaries(n)) => self.granaries(n, &mut events),
            (Step::Buy, Action::Buy(dev, sold)) => self.buy(dev, sold, &mut events),
            (Step::Discard, Action::Discard(g, n)) => self.discard(g, n, &mut events),
            _ => self.wrong_step(action),
        };
        result?;
        self.started = true;
        self.opening_forced.clear();
        Ok(events)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        notation::parse(self, text)
    }

    fn public_view(&self) -> PublicView {
        view::public(self)
    }

    fn seat_view(&self, _seat: Seat) -> PublicView {
        // Nothing in this game is hidden from anyone.
        view::public(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.step != Step::Over {
            return None;
        }
        let n = self.seats.len();
        let scores = (0..n).map(|s| self.score(seat(s as u8))).collect();
        let tiebreaks = (0..n).map(|s| i32::from(self.goods_value(s))).collect();
        Some(Outcome::from_scores(scores, tiebreaks))
    }

    fn seat_name(&self, who: Seat) -> String {
        SEAT_NAMES
            .get(who.index())
            .map_or_else(|| who.to_string(), |n| (*n).to_string())
    }

    fn describe(&self, event: &Event) -> String {
        describe(event, &|s| self.seat_name(s))
    }

    /// Die rolls show something new; offers and their answers involve another player; the
    /// end is the end. Everything else follows from what is already shown, so a player may
    /// take it back within the turn.
    fn reveals(&self, event: &Event) -> bool {
        matches!(
            event,
            Event::Rolled { .. }
                | Event::Rerolled { .. }
                | Event::Offered { .. }
                | Event::Traded { .. }
                | Event::Declined { .. }
                | Event::GameOver { .. }
        )
    }
}
