//! The game contract with the game type erased, for the parts of Turnpost that hold games
//! of any kind side by side (the table service, the store, the local front end, replay).
//!
//! Actions cross this boundary as notation text and events as typed log lines
//! ([`crate::words::Text`], made text at the edge in the reader's language). Views cross it
//! typed, with their type erased ([`View`]): the renderer gets the game's own view type back
//! by downcasting (through its registry), and JSON is made only where bytes leave the
//! process ([`AnyView::to_json`]: scenario `expect:` paths).

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::game::{Game, Outcome, ParseError, PlayError, Reveal, Seat, SetupError, Unused};
pub use crate::menu::ActionChoice;
use crate::menu::Menu;
use crate::t;
use crate::words::{Arg, Text, ToText};

/// A game's view with its type erased. The renderer downcasts it to the game's
/// `PublicView` or `SeatView` ([`AnyView::as_any`]).
pub trait AnyView: Any + Send + Sync + fmt::Debug {
    /// The view as `Any`, for downcasting to the game's view type.
    fn as_any(&self) -> &dyn Any;
    /// The view as JSON, for where it leaves the process.
    fn to_json(&self) -> serde_json::Value;
}

impl<T: Any + Send + Sync + fmt::Debug + Serialize> AnyView for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// A shared, typed view of a game (public, or one seat's).
pub type View = Arc<dyn AnyView>;

/// The current decision of a game of any kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DynDecision {
    /// The seat that must act.
    pub seat: Seat,
    /// A short prompt ("place a tile or a castle").
    pub prompt: Text,
}

/// Why an action given as text was refused. The game is unchanged. [`ToText`] says why in
/// the player's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.to_text())]
pub enum Refusal {
    /// The text is not an action in the game's notation.
    Parse(#[from] ParseError),
    /// The seat is not at the table.
    NoSuchSeat(Seat),
    /// The game is over.
    GameOver,
    /// Another seat must act.
    NotYourTurn {
        /// The seat whose decision it is.
        to_act: Seat,
        /// Its name in the game ("Red").
        name: Text,
    },
    /// The rules refuse the action; the text says why and what is allowed.
    Rules(Text),
}

impl ToText for Refusal {
    fn to_text(&self) -> Text {
        match self {
            Refusal::Parse(e) => e.to_text(),
            Refusal::NoSuchSeat(seat) => {
                t!("refusal-no-such-seat", seat = Arg::raw(seat.to_string()))
            }
            Refusal::GameOver => t!("refusal-game-over"),
            Refusal::NotYourTurn { name, .. } => t!("refusal-not-your-turn", seat = name),
            Refusal::Rules(why) => why.clone(),
        }
    }
}

/// What playing one action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The action in canonical notation (as stored and logged).
    pub notation: String,
    /// One log line per event.
    pub log: Vec<Text>,
    /// Whether something new was shown to the acting player (see [`Game::reveals`]): undo
    /// stops here.
    pub reveals: bool,
    /// The most the action showed, and to whom ([`Reveal`]): a [`Reveal::ToOthers`] step
    /// may be taken back, so it must not be published while it still can be.
    #[serde(default)]
    pub reveal: Reveal,
}

/// One game of any kind.
pub trait DynGame: Send + Sync + fmt::Debug {
    /// The game's name (`pandoria`).
    fn name(&self) -> &'static str;
    /// Number of seats.
    fn players(&self) -> usize;
    /// The name of a seat in logs.
    fn seat_name(&self, seat: Seat) -> Text;
    /// The current decision, `None` when the game is over.
    fn decision(&self) -> Option<DynDecision>;
    /// Every legal action of `seat`, as notation.
    fn legal_notations(&self, seat: Seat) -> Vec<String>;
    /// Every legal action of `seat` with its label in words, in the order of
    /// [`DynGame::legal_notations`] (see [`Game::describe_action`]).
    fn legal_choices(&self, seat: Seat) -> Vec<ActionChoice>;
    /// Typed text in the player's words, for autocomplete: the label of the action the
    /// text reads as, if it is a legal action of `seat` now; `None` if the text is not
    /// notation or the action is not legal.
    fn describe_notation(&self, seat: Seat, notation: &str) -> Option<Text>;
    /// Every legal action of `seat` in words, laid out for clicking ([`Game::layout`]).
    fn menu(&self, seat: Seat) -> Menu;
    /// For a toggle layout: the legal action the toggled items `selected` stand for
    /// ([`Game::toggled`]), `None` if that set is not a legal action now.
    fn toggled_choice(&self, seat: Seat, selected: &[usize]) -> Option<ActionChoice>;
    /// Plays one action given as notation.
    fn play(&mut self, seat: Seat, notation: &str) -> Result<Played, Refusal>;
    /// What the action given as notation would leave unused for the rest of `seat`'s turn
    /// ([`Game::unused`]); empty when nothing is given up or the text is not a legal action.
    fn unused(&self, seat: Seat, notation: &str) -> Vec<Unused>;
    /// Scenario and test fixtures (see [`Game::fix`]).
    fn fix(&mut self, key: &str, value: &str) -> Result<(), SetupError>;
    /// The title players see ([`Game::TITLE`]).
    fn title(&self) -> &'static str;
    /// Whether seats hold secrets ([`Game::SECRETS`]).
    fn secrets(&self) -> bool;
    /// What a seat's own part of the game does ([`Game::seat_intro`]).
    fn seat_intro(&self, seat: Seat) -> Option<crate::reference::Intro>;
    /// The public view (the game's `PublicView`).
    fn public_view(&self) -> View;
    /// A seat's view (the game's `SeatView`).
    fn seat_view(&self, seat: Seat) -> View;
    /// A fingerprint of what a seat holds in secret (see [`Game::private_fingerprint`]).
    fn private_fingerprint(&self, seat: Seat) -> Option<u64>;
    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The whole state, for snapshots. Contains secrets: never show it.
    fn save(&self) -> serde_json::Value;
    /// A copy of the game.
    fn boxed_clone(&self) -> Box<dyn DynGame>;
    /// The notation of [`Game::least_change`]: what a seat whose time ran out plays.
    fn least_change(&self, seat: Seat) -> Option<String>;
    /// [`Game::teams`]: seats that win or lose together.
    fn teams(&self) -> Vec<Vec<Seat>>;
    /// What `seat` may know of the game ([`crate::ai::Knowledge`]): the only thing an AI
    /// seat is given. It owns a redacted copy, so it can think on another thread.
    fn knowledge(&self, seat: Seat) -> Box<dyn crate::ai::AiSeat>;
    /// The game as `seat` may know it ([`Game::redact`]), for the contract tests that check
    /// every registered game's hidden items.
    fn redacted(&self, seat: Seat) -> Box<dyn DynGame>;
    /// Deals the hidden items of a redacted game at random ([`Game::determinize`]).
    fn determinize(&mut self, seat: Seat, rng: &mut dyn rand::RngCore);
    /// The position's value for `seat` in points ([`Game::evaluate`]).
    fn evaluate(&self, seat: Seat) -> f64;
}

impl<G: Game> DynGame for G {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn players(&self) -> usize {
        Game::players(self)
    }
    fn seat_name(&self, seat: Seat) -> Text {
        Game::seat_name(self, seat)
    }
    fn decision(&self) -> Option<DynDecision> {
        Game::decision(self).map(|d| DynDecision {
            seat: d.seat,
            prompt: d.kind.to_text(),
        })
    }
    fn legal_notations(&self, seat: Seat) -> Vec<String> {
        self.legal_actions(seat)
            .iter()
            .map(ToString::to_string)
            .collect()
    }
    fn legal_choices(&self, seat: Seat) -> Vec<ActionChoice> {
        self.legal_actions(seat)
            .iter()
            .map(|action| choice(self, seat, action))
            .collect()
    }
    fn menu(&self, seat: Seat) -> Menu {
        let legal = self.legal_actions(seat);
        Menu {
            layout: self.layout(seat, &legal),
            choices: legal.iter().map(|a| choice(self, seat, a)).collect(),
        }
    }
    fn toggled_choice(&self, seat: Seat, selected: &[usize]) -> Option<ActionChoice> {
        let action = self.toggled(seat, selected)?;
        self.legal_actions(seat)
            .contains(&action)
            .then(|| choice(self, seat, &action))
    }
    fn describe_notation(&self, seat: Seat, notation: &str) -> Option<Text> {
        let action = self.parse_action(notation).ok()?;
        self.legal_actions(seat)
            .contains(&action)
            .then(|| self.describe_action(seat, &action))
    }
    fn play(&mut self, seat: Seat, notation: &str) -> Result<Played, Refusal> {
        let action = self.parse_action(notation)?;
        match self.apply(seat, &action) {
            Ok(events) => {
                let reveal = events
                    .iter()
                    .map(|e| self.reveals(e))
                    .max()
                    .unwrap_or_default();
                Ok(Played {
                    notation: action.to_string(),
                    log: events.iter().map(|e| self.describe(e)).collect(),
                    reveals: reveal.is_barrier(),
                    reveal,
                })
            }
            Err(PlayError::NoSuchSeat(s)) => Err(Refusal::NoSuchSeat(s)),
            Err(PlayError::GameOver) => Err(Refusal::GameOver),
            Err(PlayError::NotYourTurn { to_act }) => Err(Refusal::NotYourTurn {
                to_act,
                name: Game::seat_name(self, to_act),
            }),
            Err(PlayError::Rules(e)) => Err(Refusal::Rules(e.to_text())),
        }
    }
    fn unused(&self, seat: Seat, notation: &str) -> Vec<Unused> {
        match self.parse_action(notation) {
            Ok(action) if self.legal_actions(seat).contains(&action) => {
                Game::unused(self, seat, &action)
            }
            _ => Vec::new(),
        }
    }
    fn fix(&mut self, key: &str, value: &str) -> Result<(), SetupError> {
        Game::fix(self, key, value)
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn secrets(&self) -> bool {
        G::SECRETS
    }
    fn seat_intro(&self, seat: Seat) -> Option<crate::reference::Intro> {
        Game::seat_intro(self, seat)
    }
    fn public_view(&self) -> View {
        Arc::new(Game::public_view(self))
    }
    fn seat_view(&self, seat: Seat) -> View {
        Arc::new(Game::seat_view(self, seat))
    }
    fn private_fingerprint(&self, seat: Seat) -> Option<u64> {
        Game::private_fingerprint(self, seat)
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn save(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
    fn boxed_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn least_change(&self, seat: Seat) -> Option<String> {
        Game::least_change(self, seat).map(|a| a.to_string())
    }
    fn teams(&self) -> Vec<Vec<Seat>> {
        Game::teams(self)
    }
    fn knowledge(&self, seat: Seat) -> Box<dyn crate::ai::AiSeat> {
        Box::new(crate::ai::Knowledge::new(self, seat))
    }
    fn redacted(&self, seat: Seat) -> Box<dyn DynGame> {
        Box::new(Game::redact(self, seat))
    }
    fn determinize(&mut self, seat: Seat, rng: &mut dyn rand::RngCore) {
        Game::determinize(self, seat, rng);
    }
    fn evaluate(&self, seat: Seat) -> f64 {
        Game::evaluate(self, seat)
    }
}

/// One legal action with its words.
fn choice<G: Game>(game: &G, seat: Seat, action: &G::Action) -> ActionChoice {
    ActionChoice {
        notation: action.to_string(),
        label: game.describe_action(seat, action),
        keywords: game.keywords(seat, action),
        detail: game.detail(seat, action),
    }
}
