//! Secret Nim: a tiny test-only game that proves the registry. It is compiled into no
//! library: core's, render's and the bot's tests include this file with `#[path]` and add
//! it with one line per registry ([`register`]), and then every test that covers "every
//! game" plays it too.
//!
//! Two players take turns on one pile of stones; whoever takes the last stone wins. On a
//! turn a player takes 1 to 3 stones, or plays a card from a secret hand of two (numbered
//! 1 to 6) and takes that many stones, then draws a new card from the face-down deck. The
//! hands and the deck's order are hidden; everything else is public.
//!
//! Notation: `take 2`, `play 5`. Fixtures: `fix: hand 1 5 6` (seat 1 holds 5 and 6),
//! `fix: deck 1 2 3` (the next draws, in order).

use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};
use turnpost_core::game::{Decision, Game, Outcome, ParseError, PlayError, Reveal, Seat, Seed};
use turnpost_core::options::OptionSpec;
use turnpost_core::registry::{self, GameInfo};
use turnpost_core::words::{Arg, Lang, Source, Text, ToText};
use turnpost_core::{SetupError, t};

/// Adds Secret Nim to core's registry (once per process; later calls change nothing).
pub fn register() {
    registry::register(GameInfo::of::<Nim>());
}

/// The seats' colours, in seat order.
pub const NAMES: [&str; 2] = ["Red", "Blue"];
/// Secret Nim's words.
const WORDS: &[Source] = &[
    Source {
        lang: Lang::En,
        path: "core/tests/support/locales/en/nim.ftl",
        ftl: include_str!("locales/en/nim.ftl"),
    },
    Source {
        lang: Lang::De,
        path: "core/tests/support/locales/de/nim.ftl",
        ftl: include_str!("locales/de/nim.ftl"),
    },
];
/// The cards of the deck: two of each number.
const CARDS: [u8; 12] = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6];
/// Cards in a hand.
const HAND: usize = 2;

/// The options: how many stones the pile starts with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Stones in the pile at the start.
    pub stones: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options { stones: 15 }
    }
}

/// One action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Take 1 to 3 stones.
    Take(u8),
    /// Play the card of this number from the hand and take that many stones.
    Play(u8),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Take(n) => write!(f, "take {n}"),
            Action::Play(card) => write!(f, "play {card}"),
        }
    }
}

/// Something that happened. Events carry no secret: a draw does not say what was drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A seat took stones.
    Took {
        /// Who.
        seat: Seat,
        /// How many.
        stones: u8,
    },
    /// A seat played a card and took its number of stones.
    Played {
        /// Who.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// A seat drew a card from the deck.
    Drew {
        /// Who.
        seat: Seat,
    },
    /// A seat took the last stone.
    Won {
        /// Who.
        seat: Seat,
    },
}

/// Why the rules refuse an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.to_text())]
pub enum NimError {
    /// Taking more or fewer stones than allowed.
    Stones {
        /// The most that may be taken now.
        most: u8,
    },
    /// A card that is not in the hand.
    NoCard(u8),
    /// A card worth more stones than are left.
    TooFew {
        /// The card.
        card: u8,
        /// Stones left.
        left: u8,
    },
}

impl ToText for NimError {
    fn to_text(&self) -> Text {
        match *self {
            NimError::Stones { most } => t!("nim-refuse-stones", most = most),
            NimError::NoCard(card) => t!("nim-refuse-no-card", card = card),
            NimError::TooFew { card, left } => t!("nim-refuse-too-few", card = card, left = left),
        }
    }
}

/// The only kind of decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Turn;

impl ToText for Turn {
    fn to_text(&self) -> Text {
        t!("nim-turn")
    }
}

/// What everybody sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    /// Stones left.
    pub stones: u8,
    /// Cards in each seat's hand.
    pub hand_sizes: Vec<usize>,
    /// Cards left in the deck.
    pub deck: usize,
    /// Cards played so far, in order.
    pub played: Vec<u8>,
    /// The seat to act; `None` once the game is over.
    pub to_act: Option<Seat>,
    /// The winner once the game is over.
    pub winner: Option<Seat>,
    /// The latest action: who, and what they did in words (`took 2 stones`).
    pub last: Option<(Seat, Text)>,
}

/// What one seat sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// What everybody sees.
    pub public: PublicView,
    /// The seat.
    pub seat: Seat,
    /// Its cards.
    pub hand: Vec<u8>,
}

/// A game of Secret Nim.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Nim {
    options: Options,
    stones: u8,
    hands: Vec<Vec<u8>>,
    deck: Vec<u8>,
    played: Vec<u8>,
    to_act: Seat,
    winner: Option<Seat>,
    last: Option<(Seat, Text)>,
    started: bool,
    rng: ChaCha20Rng,
}

impl Nim {
    fn most(&self) -> u8 {
        self.stones.min(3)
    }

    /// Puts the cards `seat` cannot see (the other hand and the deck) in an order given by
    /// `order`, then deals them back: the other hand first, the deck after.
    fn deal_unseen(&mut self, seat: Seat, order: impl FnOnce(&mut Vec<u8>)) {
        let other = 1 - seat.index();
        let held = self.hands[other].len();
        let mut unseen: Vec<u8> = self.hands[other]
            .drain(..)
            .chain(self.deck.drain(..))
            .collect();
        order(&mut unseen);
        self.deck = unseen.split_off(held);
        unseen.sort_unstable();
        self.hands[other] = unseen;
    }

    fn public(&self) -> PublicView {
        PublicView {
            stones: self.stones,
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            deck: self.deck.len(),
            played: self.played.clone(),
            to_act: self.winner.is_none().then_some(self.to_act),
            winner: self.winner,
            last: self.last.clone(),
        }
    }
}

/// What an event's seat did, in words after its name.
fn did(event: &Event) -> Text {
    match *event {
        Event::Took { stones, .. } => t!("nim-took", stones = stones),
        Event::Played { card, .. } => t!("nim-played", card = card),
        Event::Drew { .. } => t!("nim-drew"),
        Event::Won { .. } => t!("nim-won"),
    }
}

impl Game for Nim {
    const NAME: &'static str = "nim";
    const TITLE: &'static str = "Secret Nim";
    const SECRETS: bool = true;
    const WORDS: &'static [Source] = WORDS;
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type RulesError = NimError;
    type DecisionKind = Turn;
    type PublicView = PublicView;
    type SeatView = SeatView;

    fn player_counts() -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn option_specs() -> Vec<OptionSpec> {
        let count = |n: u32| t!("nim-option-stones-count", stones = n);
        vec![OptionSpec::choice(
            "stones",
            t!("nim-option-stones"),
            vec![("15", count(15)), ("9", count(9)), ("21", count(21))],
        )]
    }

    fn private_fingerprint(&self, seat: Seat) -> Option<u64> {
        let mut h = DefaultHasher::new();
        self.hands.get(seat.index())?.hash(&mut h);
        Some(h.finish())
    }

    fn new(options: &Options, players: usize, seed: Seed) -> Result<Self, SetupError> {
        if players != 2 {
            return Err(SetupError(t!("nim-setup-players", players = players)));
        }
        if !(3..=40).contains(&options.stones) {
            return Err(SetupError(t!("nim-setup-stones")));
        }
        let mut rng = seed.rng();
        let mut deck = CARDS.to_vec();
        deck.shuffle(&mut rng);
        let mut hands: Vec<Vec<u8>> = (0..2).map(|_| deck.split_off(deck.len() - HAND)).collect();
        hands.iter_mut().for_each(|h| h.sort_unstable());
        Ok(Nim {
            options: options.clone(),
            stones: options.stones,
            hands,
            deck,
            played: Vec::new(),
            to_act: Seat(0),
            winner: None,
            last: None,
            started: false,
            rng,
        })
    }

    fn fix(&mut self, key: &str, value: &str) -> Result<(), SetupError> {
        if self.started {
            return Err(SetupError(t!("nim-fix-late")));
        }
        let numbers: Vec<u8> = value
            .split_whitespace()
            .map(|n| {
                n.parse()
                    .map_err(|_| SetupError(t!("nim-fix-number", text = Arg::raw(n))))
            })
            .collect::<Result<_, _>>()?;
        match key {
            "hand" => {
                let (seat, cards) = numbers
                    .split_first()
                    .filter(|(s, _)| (1..=2).contains(*s))
                    .ok_or_else(|| SetupError(t!("nim-fix-hand")))?;
                self.hands[usize::from(*seat) - 1] = cards.to_vec();
            }
            "deck" => {
                // The next draws come from the end of the deck.
                self.deck = numbers.into_iter().rev().collect();
            }
            _ => {
                return Err(SetupError(t!("nim-fix-unknown", key = Arg::raw(key))));
            }
        }
        Ok(())
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn players(&self) -> usize {
        2
    }

    fn decision(&self) -> Option<Decision<Turn>> {
        self.winner.is_none().then_some(Decision {
            seat: self.to_act,
            kind: Turn,
        })
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.winner.is_some() || seat != self.to_act {
            return Vec::new();
        }
        let mut cards: Vec<u8> = self.hands[seat.index()]
            .iter()
            .copied()
            .filter(|&c| c <= self.stones)
            .collect();
        cards.dedup();
        (1..=self.most())
            .map(Action::Take)
            .chain(cards.into_iter().map(Action::Play))
            .collect()
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, PlayError<NimError>> {
        self.check_turn(seat)?;
        let mut events = Vec::new();
        match *action {
            Action::Take(n) => {
                if n == 0 || n > self.most() {
                    return Err(PlayError::Rules(NimError::Stones { most: self.most() }));
                }
                self.stones -= n;
                events.push(Event::Took { seat, stones: n });
            }
            Action::Play(card) => {
                let hand = &mut self.hands[seat.index()];
                let at = hand
                    .iter()
                    .position(|&c| c == card)
                    .ok_or(PlayError::Rules(NimError::NoCard(card)))?;
                if card > self.stones {
                    return Err(PlayError::Rules(NimError::TooFew {
                        card,
                        left: self.stones,
                    }));
                }
                hand.remove(at);
                self.stones -= card;
                self.played.push(card);
                events.push(Event::Played { seat, card });
                if let Some(drawn) = self.deck.pop() {
                    let hand = &mut self.hands[seat.index()];
                    hand.push(drawn);
                    hand.sort_unstable();
                    events.push(Event::Drew { seat });
                }
            }
        }
        self.started = true;
        self.last = events.first().map(|e| (seat, did(e)));
        if self.stones == 0 {
            self.winner = Some(seat);
            events.push(Event::Won { seat });
        } else {
            self.to_act = Seat(1 - seat.0);
        }
        Ok(events)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let number = |w: &str| {
            w.parse::<u8>()
                .map_err(|_| ParseError::new(text, t!("nim-parse-number")))
        };
        match words.as_slice() {
            ["take", n] => Ok(Action::Take(number(n)?)),
            ["play", n] => Ok(Action::Play(number(n)?)),
            _ => Err(ParseError::new(text, t!("nim-parse"))),
        }
    }

    fn public_view(&self) -> PublicView {
        self.public()
    }

    fn seat_view(&self, seat: Seat) -> SeatView {
        SeatView {
            public: self.public(),
            seat,
            hand: self.hands.get(seat.index()).cloned().unwrap_or_default(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner?;
        let scores = (0..2).map(|s| i32::from(Seat(s) == winner)).collect();
        Some(Outcome::from_scores(scores, vec![0, 0]))
    }

    fn seat_name(&self, seat: Seat) -> Text {
        let colour = NAMES.get(seat.index()).unwrap_or(&"?").to_lowercase();
        t!("seat-colour", colour = Arg::raw(colour))
    }

    fn describe(&self, event: &Event) -> Text {
        let (Event::Took { seat, .. }
        | Event::Played { seat, .. }
        | Event::Drew { seat }
        | Event::Won { seat }) = event;
        t!("nim-log", seat = self.seat_name(*seat), did = did(event))
    }

    fn describe_action(&self, _seat: Seat, action: &Action) -> Text {
        match *action {
            Action::Take(1) => t!("nim-take-one"),
            Action::Take(n) => t!("nim-take", stones = n),
            Action::Play(card) => t!("nim-play", card = card),
        }
    }

    fn least_change(&self, seat: Seat) -> Option<Action> {
        // Taking one stone keeps every secret card.
        self.legal_actions(seat)
            .into_iter()
            .find(|a| matches!(a, Action::Take(_)))
    }

    fn redact(&self, seat: Seat) -> Self {
        let mut g = self.clone();
        g.deal_unseen(seat, |cards| cards.sort_unstable());
        g.rng = ChaCha20Rng::seed_from_u64(0);
        g
    }

    fn determinize(&mut self, seat: Seat, rng: &mut dyn rand::RngCore) {
        self.deal_unseen(seat, |cards| cards.shuffle(rng));
        self.rng = ChaCha20Rng::seed_from_u64(rng.next_u64());
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        match self.winner {
            Some(w) => {
                if w == seat {
                    1.0
                } else {
                    0.0
                }
            }
            // The player to act on a multiple of four, without a card to change it, loses.
            None => {
                let mine = self.hands[seat.index()].len() as f64 * 0.01;
                let lost = self.stones.is_multiple_of(4);
                let good = (self.to_act == seat) != lost;
                mine + if good { 0.5 } else { 0.25 }
            }
        }
    }

    fn reveals(&self, event: &Event) -> Reveal {
        match event {
            Event::Took { .. } | Event::Won { .. } => Reveal::Nothing,
            Event::Played { .. } => Reveal::ToOthers,
            Event::Drew { .. } => Reveal::ToActor,
        }
    }

    fn help() -> Text {
        t!("nim-help")
    }
}
