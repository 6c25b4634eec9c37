//! The game contract: what every game in Turnpost implements so that the store, the
//! table service, the renderer and the front ends never need to know which game they run.
//!
//! A game is a plain value ([`Game`]) that is created from options, a player count and a
//! [`Seed`]; it always knows its current [`Decision`]; [`Game::apply`] either applies an
//! action completely and returns the events it caused, or returns a [`PlayError`] and leaves
//! the state exactly as it was. State leaves the crate only through views.

use std::fmt;

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::menu::Layout;
pub use crate::menu::{MAX_LABEL_CHARS, fit_label};
use crate::options::OptionSpec;
use crate::t;
pub use crate::words::{Arg, Text, ToText};

/// A seat at the table, counted from 0 in turn order (clockwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index into per-seat vectors.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// The 256-bit seed of a game's random number generator.
///
/// Real games are seeded from the operating system by the front end (core does no I/O);
/// tests and scenario files use [`Seed::from_u64`]. A seed is never shown to players:
/// `Debug` prints only that it is hidden.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seed(pub [u8; 32]);

impl Seed {
    /// A seed expanded deterministically from a number (for tests, scenarios and benchmarks).
    pub fn from_u64(n: u64) -> Self {
        let mut rng = ChaCha20Rng::seed_from_u64(n);
        let mut bytes = [0u8; 32];
        rand::RngCore::fill_bytes(&mut rng, &mut bytes);
        Seed(bytes)
    }

    /// Parses either a decimal number (expanded with [`Seed::from_u64`]) or 64 hex digits.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        if let Ok(n) = text.parse::<u64>() {
            return Some(Self::from_u64(n));
        }
        if text.len() != 64 || !text.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(Seed(bytes))
    }

    /// The seed as 64 hex digits, for storage (never for players).
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The generator a game keeps in its state.
    pub fn rng(&self) -> ChaCha20Rng {
        ChaCha20Rng::from_seed(self.0)
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seed(hidden)")
    }
}

/// Who must decide now, and what kind of choice it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision<K> {
    /// The seat that must act. Games where several seats decide in turn change this seat
    /// from one decision to the next; exactly one seat is asked at a time.
    pub seat: Seat,
    /// What kind of choice it is (game-specific; its `Display` is a short prompt).
    pub kind: K,
}

/// Final result of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final score per seat.
    pub scores: Vec<i32>,
    /// The tiebreak value per seat (higher is better); compared only between equal scores.
    pub tiebreaks: Vec<i32>,
    /// Rank per seat, 1 = best; tied seats share a rank.
    pub ranks: Vec<u8>,
    /// The seats ranked first.
    pub winners: Vec<Seat>,
}

impl Outcome {
    /// Ranks seats by score, then tiebreak; equal pairs share a rank.
    pub fn from_scores(scores: Vec<i32>, tiebreaks: Vec<i32>) -> Self {
        let key = |i: usize| (scores[i], tiebreaks[i]);
        let ranks: Vec<u8> = (0..scores.len())
            .map(|i| {
                let better = (0..scores.len()).filter(|&j| key(j) > key(i)).count();
                u8::try_from(better + 1).unwrap_or(u8::MAX)
            })
            .collect();
        let winners = (0..scores.len())
            .filter(|&i| ranks[i] == 1)
            .map(|i| Seat(i as u8))
            .collect();
        Outcome {
            scores,
            tiebreaks,
            ranks,
            winners,
        }
    }
}

/// Why an action was refused. The state is unchanged whenever this is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError<E> {
    /// The seat does not exist in this game.
    #[error("{0} is not at this table")]
    NoSuchSeat(Seat),
    /// The game has ended; nothing more can be played.
    #[error("the game is over")]
    GameOver,
    /// Someone else must decide now.
    #[error("it is not your turn: {to_act} is to act")]
    NotYourTurn {
        /// The seat whose decision it is.
        to_act: Seat,
    },
    /// The game's own rules refuse the action (wrong step, illegal target, …).
    #[error(transparent)]
    Rules(E),
}

/// Text that is not an action in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.to_text())]
pub struct ParseError {
    /// The text as given.
    pub input: String,
    /// What was wrong with it and what would be understood.
    pub reason: Text,
}

impl ParseError {
    /// A parse error for `input` with a reason.
    pub fn new(input: &str, reason: Text) -> Self {
        ParseError {
            input: input.to_string(),
            reason,
        }
    }
}

impl ToText for ParseError {
    fn to_text(&self) -> Text {
        t!(
            "refusal-cannot-read",
            input = Arg::raw(&self.input),
            reason = &self.reason
        )
    }
}

/// What an event showed, and to whom ([`Game::reveals`]). Ordered from the least to the
/// most: a step that does several things shows the most of them.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Reveal {
    /// Nothing hidden: it follows from what everyone already sees (a figure placed, a
    /// payment, a purchase from the face-up market). Undo may take it back.
    #[default]
    Nothing,
    /// Shows the other players something the acting player already knew (their own hand
    /// tile placed, their own card cast or built). Undo may take it back, so it must not
    /// be published until it can no longer be taken back.
    ToOthers,
    /// Shows the acting player something new (a drawn tile or card, a roll, a refilled
    /// market, anything random, another player's answer): an undo barrier.
    ToActor,
}

impl Reveal {
    /// Whether undo stops here: the acting player has seen something new.
    pub fn is_barrier(self) -> bool {
        self == Reveal::ToActor
    }
}

/// Something an action would leave unused for the rest of the turn ([`Game::unused`]),
/// for the question a front end asks before that action. [`ToText`] is a clause in the
/// player's words: "You still have 3 workers unused", "You could still buy Agriculture (15
/// coins)".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unused {
    /// Workers not placed yet that could still be placed.
    Workers {
        /// How many.
        count: u32,
    },
    /// A purchase the seat can afford now and gives up.
    Purchase {
        /// What they could buy, in words (the cheapest such item: "Agriculture").
        item: Text,
        /// What it costs them, in words ("15 coins", "4 wood").
        cost: Text,
    },
}

impl ToText for Unused {
    fn to_text(&self) -> Text {
        match self {
            Unused::Workers { count } => t!("unused-workers", n = *count),
            Unused::Purchase { item, cost } => t!("unused-purchase", item = item, cost = cost),
        }
    }
}

/// Options or a fixture that cannot set up a game; the text says what is wrong and what
/// would be accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub Text);

/// The contract every game implements.
///
/// Actions have one canonical text form: `Display` prints it and [`Game::parse_action`]
/// reads it back (`parse(print(a)) == a`).
pub trait Game: Clone + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Short, stable name used in storage, scenario files and commands (`pandoria`).
    const NAME: &'static str;
    /// The title players see (`Roll Through the Ages`).
    const TITLE: &'static str;
    /// The game's Fluent bundles, one per language ([`crate::words`]): every message id its
    /// words use (`pandoria-…`).
    const WORDS: &'static [crate::words::Source];
    /// Whether seats hold secrets (a hand): then [`Game::private_fingerprint`] tells when a
    /// seat's private items changed, and the table sends that seat its view.
    const SECRETS: bool;
    /// The options a table chooses before the game starts.
    type Options: Clone
        + fmt::Debug
        + Default
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    /// One action in the game's notation.
    type Action: Clone + fmt::Debug + fmt::Display + PartialEq + Eq + Serialize + DeserializeOwned;
    /// Something that happened, for logs and front ends. Events never carry secrets.
    type Event: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// The game's own reasons to refuse an action; [`ToText`] is a sentence for the player
    /// saying what was wrong and what is allowed now.
    type RulesError: std::error::Error + ToText + Clone + PartialEq + Send + Sync + 'static;
    /// What kind of choice the current decision is; [`ToText`] is a short prompt.
    type DecisionKind: Clone + fmt::Debug + ToText + PartialEq + Serialize;
    /// What everybody may see.
    type PublicView: Clone + fmt::Debug + Serialize + Send + Sync + 'static;
    /// What one seat may see: the public view plus that seat's private items. A game with
    /// secrets makes this a struct whose `public` field is the public view (so front ends
    /// can tell the private items apart); a game without secrets uses its public view.
    type SeatView: Clone + fmt::Debug + Serialize + Send + Sync + 'static;

    /// The player counts the game supports.
    fn player_counts() -> std::ops::RangeInclusive<usize>;

    /// The options a table can choose, with their choices, in the order `/new` offers them.
    /// Every key is a field of [`Game::Options`]; the registry's test checks each choice.
    fn option_specs() -> Vec<OptionSpec>;

    /// A fingerprint of what `seat` holds in secret (its hand), `None` for a game without
    /// secrets. It must change whenever the private items of `seat_view(seat)` change,
    /// except for items shown only during the seat's own decision (a placement preview):
    /// the table messages a seat when its decision begins, and when its fingerprint changes
    /// outside its own decision, so views are built only for the seats it messages.
    fn private_fingerprint(&self, seat: Seat) -> Option<u64>;

    /// Sets up a new game. All randomness comes from `seed`.
    fn new(options: &Self::Options, players: usize, seed: Seed) -> Result<Self, SetupError>;

    /// Forces part of the hidden or random setup, for scenario files and tests only
    /// (for example a fixed tile stack or start player). Allowed only before the first action.
    fn fix(&mut self, key: &str, value: &str) -> Result<(), SetupError>;

    /// The options the game was created with.
    fn options(&self) -> &Self::Options;

    /// Number of seats.
    fn players(&self) -> usize;

    /// The current decision, or `None` once the game is over.
    fn decision(&self) -> Option<Decision<Self::DecisionKind>>;

    /// Every legal action for `seat` now, in a stable order; empty when it is not the
    /// seat's decision.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// Applies `action` for `seat` completely, or refuses it and changes nothing.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, PlayError<Self::RulesError>>;

    /// Reads an action in the game's notation.
    fn parse_action(&self, text: &str) -> Result<Self::Action, ParseError>;

    /// The public view.
    fn public_view(&self) -> Self::PublicView;

    /// The view of one seat.
    fn seat_view(&self, seat: Seat) -> Self::SeatView;

    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The name players see for a seat in logs (`Red`).
    fn seat_name(&self, seat: Seat) -> Text;

    /// One log line for an event.
    fn describe(&self, event: &Self::Event) -> Text;

    /// A legal action of `seat` in the current state, in the player's words: what it does
    /// first, then what it costs or gives after " — " ("Cast Conjure 6 — 2 crystals",
    /// "Reroll dice 1 and 3"). Front ends show it as the label of a button or select option,
    /// with the notation as the identifier underneath.
    ///
    /// The label is shown only to `seat` and uses only what `seat` may see (its own hand, the
    /// public state); rendered, it has at most [`MAX_LABEL_CHARS`] characters (a long label
    /// offers shorter wordings with [`Text::fit`]); and the labels of the legal actions of
    /// one decision are all different, so the words alone identify the choice. For an
    /// action that is not legal now the text is a best effort.
    fn describe_action(&self, seat: Seat, action: &Self::Action) -> Text;

    /// How the legal actions `legal` of `seat` (as [`Game::legal_actions`] listed them) are
    /// laid out for a player who clicks (see [`crate::menu`]). The default is one list.
    fn layout(&self, seat: Seat, legal: &[Self::Action]) -> Layout {
        let _ = (seat, legal);
        Layout::List
    }

    /// For a [`Layout::Toggles`]: the action that the toggled items `selected` (indices from
    /// 0, ascending) stand for, `None` when that set is no legal action (nothing selected, a
    /// locked item, more dice than Leadership rerolls). The front end checks it is legal.
    fn toggled(&self, seat: Seat, selected: &[usize]) -> Option<Self::Action> {
        let _ = (seat, selected);
        None
    }

    /// Other words a player may type to find a legal action besides its label and notation
    /// (the German names of the cards it plays). Shown to `seat` only, like the label.
    fn keywords(&self, seat: Seat, action: &Self::Action) -> Vec<String> {
        let _ = (seat, action);
        Vec::new()
    }

    /// What the card, building, spell, realm, development, monument or relic a legal action
    /// of `seat` chooses does, in one line of at most [`crate::reference::MAX_SHORT`]
    /// characters from the game's component data ("Set one of your resources to exactly
    /// 6"); `None` for an action that picks no such thing (a placement, a pass). Front ends
    /// show it as a select option's description and in the panel's "What does it do?".
    /// Shown to `seat` only, like the label.
    fn detail(&self, seat: Seat, action: &Self::Action) -> Option<Text> {
        let _ = (seat, action);
        None
    }

    /// What `seat`'s own part of the game is and does (its realm), for the lobby and its
    /// first private message; `None` where seats have no such part, or before it is chosen.
    fn seat_intro(&self, seat: Seat) -> Option<crate::reference::Intro> {
        let _ = seat;
        None
    }

    /// The game's components in words, for `/card`, `/realm` and `/development` (see
    /// [`crate::reference`]). Empty for a game without such components.
    fn reference() -> Vec<crate::reference::Entry> {
        Vec::new()
    }

    /// A short rules summary with the notation, for `/help` and the terminal's `help`, in
    /// the game's words (one message of its bundle per language).
    fn help() -> Text;

    /// The game's help topics for `/rules` (turn, scoring, modes, …).
    fn help_topics() -> Vec<crate::reference::Topic> {
        Vec::new()
    }

    /// The legal action of `seat` that changes the game least, played for a player whose
    /// time ran out (a table's *skip* deadline policy) and for a resigned seat: a pass where
    /// the decision allows one, otherwise the mildest legal choice. It is chosen from what
    /// `seat` may see, and never plays a secret item the rules let the player keep (a hand
    /// card); `None` only when `seat` has no legal action. The default is the first legal
    /// action.
    fn least_change(&self, seat: Seat) -> Option<Self::Action> {
        self.legal_actions(seat).into_iter().next()
    }

    /// The game as `seat` may know it, for AI seats ([`crate::ai::Knowledge`]): every item
    /// `seat` cannot see — other seats' hands, the order of face-down piles, items put back
    /// unseen, the random generator (future dice and shuffles) — is put in one canonical
    /// order, so two games that differ only in what `seat` cannot see redact to equal values.
    /// The result is still a playable game, and `seat`'s legal actions in it are the same.
    fn redact(&self, seat: Seat) -> Self;

    /// Deals the hidden items of a game redacted for `seat` ([`Game::redact`]) at random and
    /// gives it a fresh random generator: one state consistent with what `seat` knows (a
    /// determinization). Nothing `seat` can see changes.
    fn determinize(&mut self, seat: Seat, rng: &mut dyn rand::RngCore);

    /// A heuristic value of the position for `seat`, in points: the points scored so far and
    /// what the position is worth beyond them (resources, cards, figures, cities). The AI
    /// compares it between seats; it reads only what `seat` may see.
    fn evaluate(&self, seat: Seat) -> f64;

    /// The teams of a finished game, for ratings: seats that win or lose together (the
    /// partnership game). The default is every seat on its own.
    fn teams(&self) -> Vec<Vec<Seat>> {
        (0..self.players() as u8).map(|s| vec![Seat(s)]).collect()
    }

    /// What the event showed, and to whom ([`Reveal`]): an event that shows the acting
    /// player something new (a die roll, a drawn tile, a revealed card) is an undo barrier;
    /// one that only shows the others what the player already knew (their own hand tile
    /// placed, their own card cast) is not, but a front end must not publish it while it
    /// can still be taken back. The default is the safe answer: every event is final.
    fn reveals(&self, event: &Self::Event) -> Reveal {
        let _ = event;
        Reveal::ToActor
    }

    /// What taking `action` now would leave unused for the rest of `seat`'s turn (workers
    /// not placed, a purchase the seat could afford), so a front end can ask once before an
    /// action that cannot be taken back. Empty when nothing is given up; the default.
    fn unused(&self, seat: Seat, action: &Self::Action) -> Vec<Unused> {
        let _ = (seat, action);
        Vec::new()
    }

    /// Checks the common preconditions of `apply`: the seat exists, the game is running,
    /// and it is this seat's decision.
    fn check_turn(&self, seat: Seat) -> Result<(), PlayError<Self::RulesError>> {
        if seat.index() >= self.players() {
            return Err(PlayError::NoSuchSeat(seat));
        }
        match self.decision() {
            None => Err(PlayError::GameOver),
            Some(d) if d.seat != seat => Err(PlayError::NotYourTurn { to_act: d.seat }),
            Some(_) => Ok(()),
        }
    }
}

/// Reads options from `key=value` pairs by way of serde, so every game's options can be
/// given on a command line or in a scenario file without per-game parsing code.
/// Values that look like booleans or integers are passed as such; others as strings.
pub fn options_from_pairs<O: DeserializeOwned + Serialize + Default>(
    pairs: &[(String, String)],
) -> Result<O, SetupError> {
    let mut object = match serde_json::to_value(O::default()) {
        Ok(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    for (key, value) in pairs {
        let key = key.trim().replace('-', "_");
        if !object.contains_key(&key) {
            let known: Vec<&str> = object.keys().map(String::as_str).collect();
            return Err(SetupError(t!(
                "setup-unknown-option",
                key = Arg::raw(key),
                options = Arg::raw(known.join(", "))
            )));
        }
        let value = value.trim();
        let json = if let Ok(b) = value.parse::<bool>() {
            serde_json::Value::Bool(b)
        } else if let Ok(n) = value.parse::<i64>() {
            serde_json::Value::from(n)
        } else {
            serde_json::Value::String(value.replace('-', "_"))
        };
        object.insert(key, json);
    }
    serde_json::from_value(serde_json::Value::Object(object))
        .map_err(|e| SetupError(t!("setup-bad-option", error = Arg::raw(e.to_string()))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_parse_from_numbers_and_hex() {
        let a = Seed::from_u64(7);
        assert_eq!(Seed::parse("7"), Some(a));
        assert_eq!(Seed::parse(&a.to_hex()), Some(a));
        assert_eq!(Seed::parse("xyz"), None);
        assert_ne!(Seed::from_u64(7), Seed::from_u64(8));
        assert_eq!(format!("{a:?}"), "Seed(hidden)");
    }

    #[test]
    fn labels_are_fitted_to_the_limit() {
        assert_eq!(fit_label(["short".to_string()]), "short");
        let long = "x".repeat(MAX_LABEL_CHARS + 1);
        assert_eq!(fit_label([long.clone(), "fits".into()]), "fits");
        let cut = fit_label([long]);
        assert_eq!(cut.chars().count(), MAX_LABEL_CHARS);
        assert!(cut.ends_with('…'));
        let exact = "é".repeat(MAX_LABEL_CHARS);
        assert_eq!(fit_label([exact.clone()]), exact);
    }

    #[test]
    fn outcome_ranks_share_ties() {
        let o = Outcome::from_scores(vec![10, 12, 12, 3], vec![0, 1, 1, 9]);
        assert_eq!(o.ranks, vec![3, 1, 1, 4]);
        assert_eq!(o.winners, vec![Seat(1), Seat(2)]);
        let o = Outcome::from_scores(vec![12, 12], vec![2, 1]);
        assert_eq!(o.ranks, vec![1, 2]);
    }
}
