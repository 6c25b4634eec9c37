//! What players may see of a Pandoria game. The public view never contains hand tiles,
//! the stack order or the random generator; a seat view adds only that seat's hand.

use serde::{Deserialize, Serialize};

use super::data::tiles;
use super::{COLOURS, Figure, Land, Options, Pandoria, Step, Terrain, Tile};
use crate::game::{Game, Outcome, Seat};
use crate::hex::Hex;

/// Land on one covered hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LandView {
    /// Where.
    pub at: Hex,
    /// The terrain, or `None` for a castle.
    pub terrain: Option<Terrain>,
    /// Resource symbols (0 for a castle).
    pub symbols: u8,
    /// The castle's owner.
    pub castle: Option<Seat>,
    /// Whether the hex is a printed space.
    pub printed: bool,
}

/// A figure on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureView {
    /// Where.
    pub at: Hex,
    /// Whose.
    pub seat: Seat,
    /// Leader or worker.
    pub leader: bool,
}

/// What everybody sees of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPublic {
    /// Colour name.
    pub colour: String,
    /// Points.
    pub score: i32,
    /// Workers in reserve.
    pub workers: u8,
    /// Whether the leader is in reserve.
    pub leader: bool,
    /// Castles left.
    pub castles: u8,
    /// How many tiles are in the hand (never which).
    pub hand_tiles: usize,
}

/// The public view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PublicView {
    /// Options.
    pub options: Options,
    /// Round, from 1.
    pub round: u32,
    /// Whether this is the last round.
    pub last_round: bool,
    /// The start player.
    pub start_player: Seat,
    /// Who must act, if anyone.
    pub to_act: Option<Seat>,
    /// What they must do.
    pub prompt: Option<String>,
    /// Every covered hex (tiles, printed spaces, castles) in board order.
    pub land: Vec<LandView>,
    /// Every figure on the board in board order.
    pub figures: Vec<FigureView>,
    /// The seats.
    pub seats: Vec<SeatPublic>,
    /// Tiles left in the stack (the count only).
    pub tiles_left: usize,
    /// The hexes covered by the last placement.
    pub last_move: Vec<Hex>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
}

/// One seat's view: the public view and that seat's hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    /// The seat.
    pub seat: Seat,
    /// Everything public.
    pub public: PublicView,
    /// The seat's hand tiles.
    pub hand: Vec<Tile>,
    /// Where the hand tile could go (both orientations), for the tile preview; only while
    /// it is this seat's turn to place, and empty when the seat holds no tile.
    pub placements: Vec<[Hex; 2]>,
    /// Where a castle could go, while it is this seat's turn to place and it has one left.
    pub castle_spaces: Vec<Hex>,
}

pub(super) fn public(game: &Pandoria) -> PublicView {
    let mut land = Vec::new();
    let mut figures = Vec::new();
    for hex in Hex::all() {
        match game.land(hex) {
            Land::Empty => {}
            Land::Terrain {
                terrain,
                symbols,
                tile,
            } => land.push(LandView {
                at: hex,
                terrain: Some(terrain),
                symbols,
                castle: None,
                printed: tile.is_none(),
            }),
            Land::Castle { owner } => land.push(LandView {
                at: hex,
                terrain: None,
                symbols: 0,
                castle: Some(owner),
                printed: false,
            }),
        }
        if let Some(Figure { seat, leader }) = game.figure(hex) {
            figures.push(FigureView {
                at: hex,
                seat,
                leader,
            });
        }
    }
    let decision = game.decision();
    PublicView {
        options: game.options.clone(),
        round: game.round,
        last_round: game.last_round,
        start_player: game.start_player,
        to_act: decision.as_ref().map(|d| d.seat),
        prompt: decision.map(|d| d.kind.to_string()),
        land,
        figures,
        seats: game
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatPublic {
                colour: COLOURS[i].to_string(),
                score: s.score,
                workers: s.workers,
                leader: s.leader,
                castles: s.castles,
                hand_tiles: s.hand.len(),
            })
            .collect(),
        tiles_left: game.stack.len(),
        last_move: if matches!(game.step, Step::Over) {
            Vec::new()
        } else {
            game.last_move.clone()
        },
        outcome: game.outcome.clone(),
    }
}

pub(super) fn seat(game: &Pandoria, seat: Seat) -> SeatView {
    let hand = game
        .seats
        .get(seat.index())
        .map(|s| {
            s.hand
                .iter()
                .filter_map(|&id| tiles().get(id).copied())
                .collect()
        })
        .unwrap_or_default();
    let Some(state) = game.seats.get(seat.index()) else {
        return SeatView {
            seat,
            public: public(game),
            hand,
            placements: Vec::new(),
            castle_spaces: Vec::new(),
        };
    };
    // The preview belongs to the seat's own placing decision: other seats would get a new
    // private view (and a DM) after every move on the board.
    let placing = game.current == seat && matches!(game.step, Step::Place);
    let (placements, castle_spaces) = if placing {
        game.placements()
    } else {
        (Vec::new(), Vec::new())
    };
    SeatView {
        seat,
        public: public(game),
        placements: if hand.is_empty() {
            Vec::new()
        } else {
            placements
        },
        castle_spaces: if state.castles == 0 {
            Vec::new()
        } else {
            castle_spaces
        },
        hand,
    }
}
