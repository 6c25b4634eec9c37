//! The game contract with the game type erased, for the parts of Turnpost that hold games
//! of any kind side by side (the table service, the store, the local front end, replay).
//!
//! Everything crosses this boundary as notation text, log lines and JSON views, so a front
//! end never needs to know which game it runs.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::{
    Game, Outcome, ParseError, PlayError, Seat, Seed, SetupError, options_from_pairs,
};

/// The current decision of a game of any kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DynDecision {
    /// The seat that must act.
    pub seat: Seat,
    /// A short prompt ("place a tile or a castle").
    pub prompt: String,
}

/// Why an action given as text was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The text is not an action in the game's notation.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The seat is not at the table.
    #[error("{0} is not at this table")]
    NoSuchSeat(Seat),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Another seat must act; the message names it.
    #[error("{message}")]
    NotYourTurn {
        /// The seat whose decision it is.
        to_act: Seat,
        /// "It is Red's turn".
        message: String,
    },
    /// The rules refuse the action; the message says why and what is allowed.
    #[error("{0}")]
    Rules(String),
}

/// What playing one action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The action in canonical notation (as stored and logged).
    pub notation: String,
    /// One log line per event.
    pub log: Vec<String>,
    /// Whether something new was shown (see [`Game::reveals`]): undo stops here.
    pub reveals: bool,
}

/// One game of any kind.
pub trait DynGame: Send + Sync + fmt::Debug {
    /// The game's name (`pandoria`).
    fn name(&self) -> &'static str;
    /// Number of seats.
    fn players(&self) -> usize;
    /// The name of a seat in logs.
    fn seat_name(&self, seat: Seat) -> String;
    /// The current decision, `None` when the game is over.
    fn decision(&self) -> Option<DynDecision>;
    /// Every legal action of `seat`, as notation.
    fn legal_notations(&self, seat: Seat) -> Vec<String>;
    /// Plays one action given as notation.
    fn play(&mut self, seat: Seat, notation: &str) -> Result<Played, Refusal>;
    /// Scenario and test fixtures (see [`Game::fix`]).
    fn fix(&mut self, key: &str, value: &str) -> Result<(), SetupError>;
    /// The public view as JSON.
    fn public_view(&self) -> serde_json::Value;
    /// A seat's view as JSON.
    fn seat_view(&self, seat: Seat) -> serde_json::Value;
    /// Only the private items of a seat's view, or `None` when the game hides nothing from
    /// this seat. By convention a seat view with private items is an object whose `public`
    /// field holds the public view; a game without secrets uses its public view as the seat
    /// view.
    fn private_view(&self, seat: Seat) -> Option<serde_json::Value> {
        match self.seat_view(seat) {
            serde_json::Value::Object(mut map) if map.contains_key("public") => {
                map.remove("public");
                Some(serde_json::Value::Object(map))
            }
            _ => None,
        }
    }
    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The whole state, for snapshots. Contains secrets: never show it.
    fn save(&self) -> serde_json::Value;
    /// A copy of the game.
    fn boxed_clone(&self) -> Box<dyn DynGame>;
}

impl<G: Game> DynGame for G {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn players(&self) -> usize {
        Game::players(self)
    }
    fn seat_name(&self, seat: Seat) -> String {
        Game::seat_name(self, seat)
    }
    fn decision(&self) -> Option<DynDecision> {
        Game::decision(self).map(|d| DynDecision {
            seat: d.seat,
            prompt: d.kind.to_string(),
        })
    }
    fn legal_notations(&self, seat: Seat) -> Vec<String> {
        self.legal_actions(seat)
            .iter()
            .map(ToString::to_string)
            .collect()
    }
    fn play(&mut self, seat: Seat, notation: &str) -> Result<Played, Refusal> {
        let action = self.parse_action(notation)?;
        match self.apply(seat, &action) {
            Ok(events) => Ok(Played {
                notation: action.to_string(),
                log: events.iter().map(|e| self.describe(e)).collect(),
                reveals: events.iter().any(|e| self.reveals(e)),
            }),
            Err(PlayError::NoSuchSeat(s)) => Err(Refusal::NoSuchSeat(s)),
            Err(PlayError::GameOver) => Err(Refusal::GameOver),
            Err(PlayError::NotYourTurn { to_act }) => Err(Refusal::NotYourTurn {
                to_act,
                message: format!("it is {}'s turn", Game::seat_name(self, to_act)),
            }),
            Err(PlayError::Rules(e)) => Err(Refusal::Rules(e.to_string())),
        }
    }
    fn fix(&mut self, key: &str, value: &str) -> Result<(), SetupError> {
        Game::fix(self, key, value)
    }
    fn public_view(&self) -> serde_json::Value {
        serde_json::to_value(Game::public_view(self)).unwrap_or_default()
    }
    fn seat_view(&self, seat: Seat) -> serde_json::Value {
        serde_json::to_value(Game::seat_view(self, seat)).unwrap_or_default()
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
}

/// The names of every game Turnpost can run.
pub const GAMES: &[&str] = &[crate::pandoria::Pandoria::NAME, crate::rtta::Rtta::NAME];

fn create<G: Game>(
    options: &[(String, String)],
    players: usize,
    seed: Seed,
) -> Result<Box<dyn DynGame>, SetupError> {
    let options: G::Options = options_from_pairs(options)?;
    Ok(Box::new(G::new(&options, players, seed)?))
}

fn restore<G: Game>(state: serde_json::Value) -> Result<Box<dyn DynGame>, SetupError> {
    serde_json::from_value::<G>(state)
        .map(|g| Box::new(g) as Box<dyn DynGame>)
        .map_err(|e| SetupError(format!("cannot load a saved {} game: {e}", G::NAME)))
}

fn unknown(name: &str) -> SetupError {
    SetupError(format!(
        "there is no game called \"{name}\"; games: {}",
        GAMES.join(", ")
    ))
}

/// The player counts a game supports, if the game exists.
pub fn player_counts(name: &str) -> Option<std::ops::RangeInclusive<usize>> {
    match name {
        "pandoria" => Some(crate::pandoria::Pandoria::player_counts()),
        "rtta" => Some(crate::rtta::Rtta::player_counts()),
        _ => None,
    }
}

/// Creates a new game by name from `key=value` options.
pub fn new_game(
    name: &str,
    options: &[(String, String)],
    players: usize,
    seed: Seed,
) -> Result<Box<dyn DynGame>, SetupError> {
    match name {
        "pandoria" => create::<crate::pandoria::Pandoria>(options, players, seed),
        "rtta" => create::<crate::rtta::Rtta>(options, players, seed),
        _ => Err(unknown(name)),
    }
}

/// Restores a game saved with [`DynGame::save`].
pub fn load_game(name: &str, state: serde_json::Value) -> Result<Box<dyn DynGame>, SetupError> {
    match name {
        "pandoria" => restore::<crate::pandoria::Pandoria>(state),
        "rtta" => restore::<crate::rtta::Rtta>(state),
        _ => Err(unknown(name)),
    }
}
