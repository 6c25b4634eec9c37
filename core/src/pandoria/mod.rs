//! Pandoria (Irongames, Allers & Eisenstein) as played on Yucata: tile laying and worker
//! placement on a hex plain.
//!
//! This module implements the family game (rules text 004 "Family game", 003 §14a). The
//! turn is: place a double tile or a castle (figures leave regions it closes), place or
//! retrieve one figure or pass, score the closed regions, draw a tile. Setup, turn order and
//! the end follow Yucata. Readings of unclear rules are in `docs/rules-notes.md`.

mod data;
mod notation;
mod rules;
mod view;

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

pub use data::{Board, Half, Space, Terrain, Tile, TileId, TileKind, Tiles, board, tiles};
pub use rules::{Region, RulesError};
pub use view::{FigureView, LandView, PublicView, SeatPublic, SeatView};

use crate::game::{Decision, Game, Outcome, ParseError, PlayError, Seat, Seed, SetupError};
use crate::hex::{CELLS, Hex};

/// The names of the four player colours, in seat order. Each carries a letter as well,
/// so pictures can mark figures for colour-blind players.
pub const COLOURS: [&str; 4] = ["Red", "Blue", "Yellow", "Green"];

/// Which Pandoria game is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// The family game: no realms, spells, buildings or monuments; every symbol is a point.
    #[default]
    Family,
}

/// Where the two start tiles go (Yucata's options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartTiles {
    /// On the four marked start spaces, at random (the printed rules).
    #[default]
    Marked,
    /// At a random location on the plain (Yucata "random").
    Random,
    /// The start player places both (Yucata "chosen by a player").
    Chosen,
}

/// The options of a Pandoria table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Which game.
    pub mode: Mode,
    /// Where the start tiles go.
    pub start_tiles: StartTiles,
    /// Yucata's sub-option: the two start tiles must not touch each other.
    pub start_apart: bool,
}

/// A figure on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figure {
    /// Its owner.
    pub seat: Seat,
    /// The leader counts as two figures when scoring.
    pub leader: bool,
}

/// What covers a plain hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Land {
    /// Nothing (or the hex is not plain).
    Empty,
    /// Terrain: a tile half, or a printed space when `tile` is `None`.
    Terrain {
        /// Terrain.
        terrain: Terrain,
        /// Resource symbols.
        symbols: u8,
        /// The tile it came from; `None` for printed spaces.
        tile: Option<TileId>,
    },
    /// A castle of a player.
    Castle {
        /// Its owner.
        owner: Seat,
    },
}

/// A seat's pieces and score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    /// Workers in reserve.
    pub workers: u8,
    /// Whether the leader is in reserve.
    pub leader: bool,
    /// Castles not yet placed.
    pub castles: u8,
    /// Points.
    pub score: i32,
    /// Hidden double tiles in hand.
    pub hand: Vec<TileId>,
}

/// The step of the current turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum Step {
    /// The start player places start tile number `next` (0 or 1) — option `start_tiles=chosen`.
    StartTile {
        /// Which start tile comes next.
        next: u8,
    },
    /// Step 1: place a double tile or a castle.
    Place,
    /// Step 2: place a figure on what was just placed, retrieve one, or pass.
    Figure {
        /// The hexes just covered (none if nothing could be placed).
        placed: Vec<Hex>,
        /// Whether the placement was a double tile from the hand (a tile is drawn later).
        from_hand: bool,
        /// The regions the placement closed, scored after this step.
        closed: Vec<Region>,
    },
    /// The game is over.
    Over,
}

/// Something that happened. Events never carry hidden information (no hand tiles).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// A start tile was placed.
    StartTilePlaced {
        /// The hexes, first and second half.
        at: [Hex; 2],
        /// The tile.
        tile: Tile,
    },
    /// A double tile from a hand was placed.
    TilePlaced {
        /// Who.
        seat: Seat,
        /// The hexes, first and second half.
        at: [Hex; 2],
        /// The tile (public once placed).
        tile: Tile,
    },
    /// A castle was placed.
    CastlePlaced {
        /// Who.
        seat: Seat,
        /// Where.
        at: Hex,
    },
    /// The player could place neither tile nor castle.
    CouldNotPlace {
        /// Who.
        seat: Seat,
    },
    /// A placement closed a region; the figures in it went back to their reserves.
    RegionClosed {
        /// The region.
        region: Region,
        /// The figures returned, with where they stood.
        returned: Vec<(Hex, Figure)>,
    },
    /// A figure went onto the board.
    FigurePlaced {
        /// Where.
        at: Hex,
        /// Which.
        figure: Figure,
    },
    /// A figure went back to its reserve.
    FigureRetrieved {
        /// From where.
        at: Hex,
        /// Which.
        figure: Figure,
    },
    /// The player placed and retrieved no figure.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// A closed region was scored.
    RegionScored {
        /// The region.
        region: Region,
        /// Per scoring seat: figures counted (the leader counts 2) and points.
        scores: Vec<Score>,
    },
    /// A tile was drawn (which one is secret).
    TileDrawn {
        /// Who.
        seat: Seat,
        /// Tiles left in the stack.
        left: usize,
    },
    /// The stack is empty: the current round is the last.
    LastRound {
        /// The player who could not draw.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// The result.
        outcome: Outcome,
    },
}

/// One seat's share of a scored region.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Who.
    pub seat: Seat,
    /// Figures adjacent, the leader counting 2.
    pub figures: u8,
    /// Points gained.
    pub points: i32,
}

/// What the current decision is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// Place a start tile (option `start_tiles=chosen`).
    StartTile,
    /// Place the hand tile or a castle.
    Place,
    /// Place or retrieve a figure, or pass.
    Figure,
}

impl std::fmt::Display for DecisionKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DecisionKind::StartTile => "place a start tile",
            DecisionKind::Place => "place your tile or a castle",
            DecisionKind::Figure => "place a figure on it, retrieve one, or pass",
        })
    }
}

/// One action, in the notation of `docs/notation.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// `start G6 G7`: place the next start tile, first half on the first hex.
    Start(Hex, Hex),
    /// `tile D7 E7`: place the hand tile, its first half on the first hex.
    Tile(Hex, Hex),
    /// `castle D7`.
    Castle(Hex),
    /// `worker D7`.
    Worker(Hex),
    /// `leader D7`.
    Leader(Hex),
    /// `retrieve D7`: take your figure on D7 back.
    Retrieve(Hex),
    /// `pass`: no figure this turn.
    Pass,
}

/// A game of Pandoria.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pandoria {
    options: Options,
    seats: Vec<SeatState>,
    land: Vec<Land>,
    figures: Vec<Option<Figure>>,
    /// The face-down stack; the top is the end of the vector.
    stack: Vec<TileId>,
    /// Tiles put back in the box unseen at setup.
    removed: Vec<TileId>,
    start_player: Seat,
    current: Seat,
    step: Step,
    round: u32,
    /// Whether anybody placed a tile or castle this round (Yucata's end rule).
    placed_this_round: bool,
    /// The stack ran out this round: the round is the last.
    last_round: bool,
    /// Hexes covered by the last placement, for highlighting.
    last_move: Vec<Hex>,
    /// Actions applied so far (fixtures are allowed only at 0).
    actions: u32,
    outcome: Option<Outcome>,
    rng: ChaCha20Rng,
}

impl Pandoria {
    /// Workers per player by player count (text 004: 6 / 5 / 4 with 2 / 3 / 4 players).
    pub fn workers_for(players: usize) -> u8 {
        match players {
            2 => 6,
            3 => 5,
            _ => 4,
        }
    }

    /// Double tiles put back unseen at setup (text 004: 12 / 8 / 4).
    pub fn removed_for(players: usize) -> usize {
        match players {
            2 => 12,
            3 => 8,
            _ => 4,
        }
    }

    /// The seat whose turn it is.
    pub fn current(&self) -> Seat {
        self.current
    }

    /// The step of the current turn.
    pub fn step(&self) -> &Step {
        &self.step
    }

    /// The land on a hex.
    pub fn land(&self, hex: Hex) -> Land {
        self.land[hex.index()]
    }

    /// The figure on a hex.
    pub fn figure(&self, hex: Hex) -> Option<Figure> {
        self.figures[hex.index()]
    }

    /// A seat's state (including its hidden hand: do not show it to others).
    pub fn seat_state(&self, seat: Seat) -> &SeatState {
        &self.seats[seat.index()]
    }

    /// Tiles left in the stack.
    pub fn tiles_left(&self) -> usize {
        self.stack.len()
    }

    /// Tiles put back unseen at setup.
    pub fn removed(&self) -> &[TileId] {
        &self.removed
    }

    /// The round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The start player.
    pub fn start_player(&self) -> Seat {
        self.start_player
    }

    fn figures_of(&self, seat: Seat) -> impl Iterator<Item = (Hex, Figure)> + '_ {
        Hex::all().filter_map(move |h| match self.figures[h.index()] {
            Some(f) if f.seat == seat => Some((h, f)),
            _ => None,
        })
    }

    fn leader_any_time(&self) -> bool {
        match self.options.mode {
            Mode::Family => true,
        }
    }

    fn random_start_tiles(&mut self, ids: [TileId; 2]) -> Result<(), SetupError> {
        let board = board();
        let mut placed: Vec<[Hex; 2]> = Vec::new();
        for id in ids {
            let at = match self.options.start_tiles {
                StartTiles::Marked | StartTiles::Chosen => {
                    let pairs = board.start_pairs();
                    let free: Vec<[Hex; 2]> = pairs
                        .into_iter()
                        .filter(|p| self.land[p[0].index()] == Land::Empty)
                        .collect();
                    let mut pair = free[self.rng.random_range(0..free.len())];
                    if self.rng.random_bool(0.5) {
                        pair.reverse();
                    }
                    pair
                }
                StartTiles::Random => {
                    let options = self.start_placements(&placed);
                    if options.is_empty() {
                        return Err(SetupError("no room for the start tiles".into()));
                    }
                    options[self.rng.random_range(0..options.len())]
                }
            };
            self.put_tile(id, at);
            placed.push(at);
        }
        self.last_move.clear();
        Ok(())
    }

    fn put_tile(&mut self, id: TileId, at: [Hex; 2]) {
        let tile = tiles()
            .get(id)
            .copied()
            .expect("tile ids come from the data");
        let halves = [Some(tile.a), tile.b];
        for (hex, half) in at.iter().zip(halves) {
            if let Some(half) = half {
                self.land[hex.index()] = Land::Terrain {
                    terrain: half.terrain,
                    symbols: half.symbols,
                    tile: Some(id),
                };
            }
        }
        self.last_move = at.to_vec();
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        let n = self.seats.len() as u8;
        let last_of_round = Seat((self.start_player.0 + n - 1) % n);
        if self.current == last_of_round {
            if self.last_round || !self.placed_this_round {
                self.finish(events);
                return;
            }
            self.round += 1;
            self.placed_this_round = false;
        }
        self.current = Seat((self.current.0 + 1) % n);
        self.step = Step::Place;
        self.settle(events);
    }

    fn finish(&mut self, events: &mut Vec<Event>) {
        let scores = self.seats.iter().map(|s| s.score).collect();
        // Family game: no resources are left, so the tiebreak is 0 for all (a shared win).
        let tiebreaks = vec![0; self.seats.len()];
        let outcome = Outcome::from_scores(scores, tiebreaks);
        self.step = Step::Over;
        self.outcome = Some(outcome.clone());
        events.push(Event::GameOver { outcome });
    }

    /// Resolves steps that offer no choice: a player who can place nothing skips step 1;
    /// a figure step whose only option is to pass is passed.
    fn settle(&mut self, events: &mut Vec<Event>) {
        loop {
            match &self.step {
                Step::Place if !self.can_place(self.current) => {
                    events.push(Event::CouldNotPlace { seat: self.current });
                    self.step = Step::Figure {
                        placed: Vec::new(),
                        from_hand: false,
                        closed: Vec::new(),
                    };
                }
                Step::Figure { .. } if self.figure_options(self.current).is_empty() => {
                    self.after_figure(events);
                    if matches!(self.step, Step::Over) {
                        return;
                    }
                }
                _ => return,
            }
        }
    }
}

impl Game for Pandoria {
    const NAME: &'static str = "pandoria";
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type RulesError = RulesError;
    type DecisionKind = DecisionKind;
    type PublicView = PublicView;
    type SeatView = SeatView;

    fn player_counts() -> std::ops::RangeInclusive<usize> {
        2..=4
    }

    fn new(options: &Options, players: usize, seed: Seed) -> Result<Self, SetupError> {
        if !Self::player_counts().contains(&players) {
            return Err(SetupError(format!(
                "Pandoria is for 2 to 4 players, not {players}"
            )));
        }
        let mut rng = seed.rng();
        let mut stack: Vec<TileId> = tiles().of_kind(TileKind::Double).map(|t| t.id).collect();
        stack.shuffle(&mut rng);
        let removed = stack.split_off(stack.len() - Self::removed_for(players));
        let mut seats = Vec::with_capacity(players);
        for _ in 0..players {
            let hand = vec![stack.pop().expect("48 tiles cover every setup")];
            seats.push(SeatState {
                workers: Self::workers_for(players),
                leader: true,
                castles: 2,
                score: 0,
                hand,
            });
        }
        let start_player = Seat(rng.random_range(0..players as u8));
        let mut land = vec![Land::Empty; CELLS];
        for hex in Hex::all() {
            if let Space::Printed { terrain, symbols } = board().space(hex) {
                land[hex.index()] = Land::Terrain {
                    terrain,
                    symbols,
                    tile: None,
                };
            }
        }
        let mut game = Pandoria {
            options: options.clone(),
            seats,
            land,
            figures: vec![None; CELLS],
            stack,
            removed,
            start_player,
            current: start_player,
            step: Step::Place,
            round: 1,
            placed_this_round: false,
            last_round: false,
            last_move: Vec::new(),
            actions: 0,
            outcome: None,
            rng,
        };
        if options.start_tiles == StartTiles::Chosen {
            game.step = Step::StartTile { next: 0 };
        } else {
            let ids = start_tile_ids();
            game.random_start_tiles(ids)?;
        }
        Ok(game)
    }

    fn fix(&mut self, key: &str, value: &str) -> Result<(), SetupError> {
        rules::fix(self, key, value)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn players(&self) -> usize {
        self.seats.len()
    }

    fn decision(&self) -> Option<Decision<DecisionKind>> {
        let kind = match self.step {
            Step::StartTile { .. } => DecisionKind::StartTile,
            Step::Place => DecisionKind::Place,
            Step::Figure { .. } => DecisionKind::Figure,
            Step::Over => return None,
        };
        Some(Decision {
            seat: self.current,
            kind,
        })
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        if self.decision().is_some_and(|d| d.seat == seat) {
            self.legal_actions_into(&mut out);
        }
        out
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, PlayError<RulesError>> {
        self.check_turn(seat)?;
        self.validate(action).map_err(PlayError::Rules)?;
        let mut events = Vec::new();
        self.perform(*action, &mut events);
        self.actions += 1;
        Ok(events)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        text.parse()
    }

    fn public_view(&self) -> PublicView {
        view::public(self)
    }

    fn seat_view(&self, seat: Seat) -> SeatView {
        view::seat(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn seat_name(&self, seat: Seat) -> String {
        COLOURS
            .get(seat.index())
            .map_or_else(|| seat.to_string(), |c| (*c).to_string())
    }

    fn describe(&self, event: &Event) -> String {
        notation::describe(self, event)
    }

    fn reveals(&self, event: &Event) -> bool {
        // Only drawing shows something new: the drawn tile to its owner, or that the
        // stack is empty. Placements, closures and scores follow from public things.
        matches!(event, Event::TileDrawn { .. } | Event::LastRound { .. })
    }
}

fn start_tile_ids() -> [TileId; 2] {
    let mut ids = tiles().of_kind(TileKind::Start).map(|t| t.id);
    [
        ids.next().expect("two start tiles"),
        ids.next().expect("two start tiles"),
    ]
}
