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
//!
//! Files follow the turn: `rolling.rs` (the roll, Leadership and the choice dice),
//! `collecting.rs` (goods, food and feeding), `disasters.rs`, `trade.rs`, `building.rs`,
//! `buying.rs`, `end.rs` (discarding, the end of the turn and of the game, scoring); besides
//! them `legal.rs` (legal actions), `choices.rs` (actions in the player's words),
//! `refusals.rs` (error messages and the development guard), `queries.rs` (questions about
//! the state), `load.rs` (loading checks), `fixtures.rs`, `notation.rs`, `view.rs`,
//! `event.rs`, `error.rs` and the component data in `data.rs`.

mod building;
mod buying;
mod choices;
mod collecting;
mod data;
mod disasters;
mod end;
mod error;
mod event;
mod fixtures;
mod knowledge;
mod layout;
mod legal;
mod load;
mod notation;
mod queries;
pub mod reference;
mod refusals;
mod rolling;
mod trade;
mod view;

#[cfg(test)]
mod tests;

use std::collections::VecDeque;
use std::fmt;

use rand::Rng;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

pub use data::{
    DEVELOPMENTS, Data, DevelopmentData, DisasterData, EXTRA_CITIES, Effect, GOODS, GoodData,
    MAX_DICE, MONUMENTS, MonumentData, Rules, data, try_data,
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

use load::State;

use crate::game::{
    Decision, Game, Outcome, ParseError, PlayError, Reveal, Seat, Seed, SetupError, Unused,
};
use crate::t;
use crate::words::{Arg, Text, ToText};

/// Seat names in turn order.
pub const SEAT_NAMES: [&str; 4] = ["Red", "Blue", "Green", "Yellow"];

/// Roll Through the Ages' Fluent bundles ([`Game::WORDS`]).
pub const WORDS: &[crate::words::Source] = &[
    crate::words::Source {
        lang: crate::words::Lang::En,
        path: "core/locales/en/rtta.ftl",
        ftl: include_str!("../../locales/en/rtta.ftl"),
    },
    crate::words::Source {
        lang: crate::words::Lang::De,
        path: "core/locales/de/rtta.ftl",
        ftl: include_str!("../../locales/de/rtta.ftl"),
    },
];

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

/// What the current decision is about; [`ToText`] is a short prompt.
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

impl ToText for DecisionKind {
    fn to_text(&self) -> Text {
        match *self {
            DecisionKind::Roll { rerolls_left } => t!("rtta-prompt-roll", rerolls = rerolls_left),
            DecisionKind::Leadership => t!("rtta-prompt-leadership"),
            DecisionKind::Choose { dice } => t!("rtta-prompt-choose", dice = dice.words()),
            DecisionKind::Trade => t!("rtta-prompt-trade"),
            DecisionKind::Answer { .. } => t!("rtta-prompt-answer"),
            DecisionKind::Build { workers } => t!(
                "rtta-prompt-build",
                workers = t!("rtta-workers", n = workers)
            ),
            DecisionKind::Buy { coins } => t!("rtta-prompt-buy", coins = coins),
            DecisionKind::Discard { excess } => t!("rtta-prompt-discard", excess = excess),
        }
    }
}

/// The prompt in English, for tests and terminals (front ends render [`ToText`] in the
/// reader's language).
impl fmt::Display for DecisionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A prompt may be shown before any game is made (which installs the words).
        crate::words::install(WORDS);
        fmt::Display::fmt(&self.to_text(), f)
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
    /// What the player did and suffered in their latest turn, until their next turn begins:
    /// the events worth noting, put in short words only by the view ("built city 5",
    /// "bought Agriculture", "Pestilence, struck Blue").
    #[serde(default)]
    last_turn: Vec<event::Note>,
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

fn seat(i: u8) -> Seat {
    Seat(i)
}

impl Rtta {
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
}

impl Game for Rtta {
    const NAME: &'static str = "rtta";
    const TITLE: &'static str = "Roll Through the Ages";
    const SECRETS: bool = false;
    const WORDS: &'static [crate::words::Source] = WORDS;
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

    fn redact(&self, _seat: Seat) -> Self {
        self.redacted()
    }

    fn determinize(&mut self, _seat: Seat, rng: &mut dyn rand::RngCore) {
        self.determinized(rng);
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        self.value(seat)
    }

    fn option_specs() -> Vec<crate::options::OptionSpec> {
        vec![crate::options::OptionSpec::flag(
            "trade",
            crate::t!("rtta-option-trade"),
            crate::t!("rtta-option-trade-off"),
        )]
    }

    fn private_fingerprint(&self, _seat: Seat) -> Option<u64> {
        // Nothing is hidden: every seat sees the public view.
        None
    }

    fn new(options: &Options, players: usize, seed: Seed) -> Result<Self, SetupError> {
        // Its words, for a game made without the registry (tests, the AI's playouts).
        crate::words::install(WORDS);
        // The data's fault is the loader's report for whoever edits the file, shown as given.
        let d = try_data()
            .map_err(|e| SetupError(t!("rtta-setup-broken-data", error = Arg::raw(e))))?;
        if !Self::player_counts().contains(&players) {
            return Err(SetupError(t!("rtta-setup-players", players = players)));
        }
        if options.trade && players == 1 {
            return Err(SetupError(t!("rtta-setup-trade-solo")));
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
            last_turn: Vec::new(),
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
            return Err(SetupError(t!("rtta-fix-late")));
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
        self.note_turn(&events);
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

    fn seat_name(&self, who: Seat) -> Text {
        let colour = SEAT_NAMES
            .get(who.index())
            .map_or_else(|| who.to_string(), |c| c.to_lowercase());
        // The colour's key; `seat-colour` names it in the reader's language.
        t!("seat-colour", colour = Arg::raw(colour))
    }

    fn describe(&self, event: &Event) -> Text {
        describe(event, &|s| self.seat_name(s))
    }

    fn describe_action(&self, seat: Seat, action: &Action) -> Text {
        self.action_words(seat, action)
    }

    fn layout(&self, seat: Seat, legal: &[Action]) -> crate::menu::Layout {
        self.layout_of(seat, legal)
    }

    fn detail(&self, _seat: Seat, action: &Action) -> Option<Text> {
        self.detail_of(action)
    }

    fn reference() -> Vec<crate::reference::Entry> {
        reference::entries()
    }

    fn help() -> crate::words::Text {
        crate::t!("rtta-help")
    }

    fn help_topics() -> Vec<crate::reference::Topic> {
        reference::topics()
    }

    /// Keep the dice, build, trade or buy nothing, decline an offer; where the step must be
    /// answered otherwise (food or workers, discarding goods), the first legal answer.
    fn least_change(&self, seat: Seat) -> Option<Action> {
        let legal = self.legal_actions(seat);
        [Action::Done, Action::Decline]
            .into_iter()
            .find(|a| legal.contains(a))
            .or_else(|| legal.into_iter().next())
    }

    fn toggled(&self, seat: Seat, selected: &[usize]) -> Option<Action> {
        let _ = seat;
        self.toggled_of(selected)
    }

    /// Saying done while building or buying gives up the workers not placed (when a city or
    /// monument could still take one) and, while buying, the cheapest development the
    /// player can afford.
    fn unused(&self, seat: Seat, action: &Action) -> Vec<Unused> {
        if *action != Action::Done || !matches!(self.step, Step::Build | Step::Buy) {
            return Vec::new();
        }
        let mut unused = Vec::new();
        if self.turn.workers > 0 {
            // Whether a worker could still go anywhere, asked of the building step itself.
            let mut building = self.clone();
            building.step = Step::Build;
            let placeable = building
                .legal_actions(seat)
                .iter()
                .any(|a| matches!(a, Action::Build(..)));
            if placeable {
                unused.push(Unused::Workers {
                    count: u32::from(self.turn.workers),
                });
            }
        }
        if self.step == Step::Buy {
            let cheapest = self
                .legal_actions(seat)
                .into_iter()
                .filter_map(|a| match a {
                    Action::Buy(dev, _) => Some(dev),
                    _ => None,
                })
                .min_by_key(|dev| (data().developments[usize::from(dev.0)].cost, dev.0));
            unused.extend(cheapest.map(|dev| Unused::Purchase {
                item: dev.text(),
                cost: t!(
                    "rtta-coins",
                    n = data().developments[usize::from(dev.0)].cost
                ),
            }));
        }
        unused
    }

    /// Die rolls show something new; offers and their answers involve another player; the
    /// end is the end. Everything else follows from what is already shown (nothing is held
    /// in a hidden hand), so a player may take it back within the turn.
    fn reveals(&self, event: &Event) -> Reveal {
        match event {
            Event::Rolled { .. }
            | Event::Rerolled { .. }
            | Event::Offered { .. }
            | Event::Traded { .. }
            | Event::Declined { .. }
            | Event::GameOver { .. } => Reveal::ToActor,
            _ => Reveal::Nothing,
        }
    }
}
