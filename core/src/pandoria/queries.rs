//! Questions asked of the state: the figures and tiles per player count, the public
//! accessors front ends and tests read, what a seat's realm allows, and the Artifacts
//! expansion's holdings. Nothing here changes the game.

use super::cards::{CardId, Realm, cards};
use super::data::{self, Board, TileId, artifacts, board_for};
use super::error::RulesError;
use super::options::{Edition, Mode};
use super::{Figure, Land, Pandoria, SeatState, Step, Turn};
use crate::game::Seat;
use crate::hex::Hex;

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

    /// Double tiles this game put back unseen at set-up: 12/8/4, or 24/20/16 with Artifacts.
    pub fn removed_at_setup(&self) -> usize {
        if self.options.artifacts {
            artifacts().removed_for(self.seats.len())
        } else {
            Self::removed_for(self.seats.len())
        }
    }

    /// The monuments in play, bottom first (text 004: remove 2 each of 4, 5, 6 with 2
    /// players, 1 each with 3; the stack is ascending, the 6s on top).
    pub fn monuments_for(players: usize) -> Vec<u8> {
        let mut stack = cards().monuments().to_vec();
        let remove = match players {
            2 => 2,
            3 => 1,
            _ => 0,
        };
        for value in 4..=6 {
            for _ in 0..remove {
                if let Some(p) = stack.iter().position(|&m| m == value) {
                    stack.remove(p);
                }
            }
        }
        stack.sort_unstable();
        stack
    }

    /// The printed board of this game's side.
    pub fn board(&self) -> &'static Board {
        board_for(self.options.board)
    }

    /// The seat whose turn it is.
    pub fn current(&self) -> Seat {
        self.current
    }

    /// The step of the current turn.
    pub fn step(&self) -> &Step {
        &self.step
    }

    /// What the current turn has done so far.
    pub fn turn(&self) -> &Turn {
        &self.turn
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

    /// The face-up market, position 1 first.
    pub fn market(&self) -> &[CardId] {
        &self.market
    }

    /// Cards left in the deck.
    pub fn cards_left(&self) -> usize {
        self.deck.len()
    }

    /// The monument stack, bottom first.
    pub fn monuments(&self) -> &[u8] {
        &self.monuments
    }

    /// Where every card is, for tests: deck, market, box (hidden order included).
    pub fn card_piles(&self) -> (&[CardId], &[CardId], &[CardId]) {
        (&self.deck, &self.market, &self.boxed)
    }

    /// The single tiles left, for tests (hidden order included).
    pub fn single_tiles(&self) -> &[TileId] {
        &self.singles
    }

    /// The partner of a seat in the partnership game (the seat opposite).
    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        (self.options.partnership && self.seats.len() == 4).then_some(Seat((seat.0 + 2) % 4))
    }

    /// A seat's score with its partner's (the partnership game), or its own.
    pub fn team_score(&self, seat: Seat) -> i32 {
        self.seats[seat.index()].score
            + self
                .partner(seat)
                .map_or(0, |p| self.seats[p.index()].score)
    }

    pub(super) fn figures_of(&self, seat: Seat) -> impl Iterator<Item = (Hex, Figure)> + '_ {
        self.figures.iter().enumerate().filter_map(move |(i, f)| {
            f.filter(|f| f.seat == seat)
                .and_then(|f| Some((Hex::from_index(i)?, f)))
        })
    }

    /// Golems: a figure on `h` left its space, so any pair it belonged to is over.
    pub(crate) fn break_golem_pair(&mut self, h: Hex) {
        self.golem_pairs.retain(|p| !p.contains(&h));
    }

    /// The haunting figures on the board (each stacked on another player's figure).
    pub fn spirits(&self) -> &[(Hex, Figure)] {
        &self.spirits
    }

    /// Where `seat` may take a figure back: its own figures and its haunting figures.
    pub(super) fn retrievable(&self, seat: Seat) -> Vec<Hex> {
        let mut out: Vec<Hex> = self.figures_of(seat).map(|(h, _)| h).collect();
        out.extend(
            self.spirits
                .iter()
                .filter(|(_, f)| f.seat == seat)
                .map(|(h, _)| *h),
        );
        out.sort();
        out
    }

    /// Whether `seat` may take back the figure on `h` ([`Self::retrievable`]).
    pub(super) fn may_retrieve(&self, seat: Seat, h: Hex) -> bool {
        self.figures[h.index()].is_some_and(|f| f.seat == seat)
            || self.spirits.iter().any(|&(x, f)| x == h && f.seat == seat)
    }

    /// Whether a player is haunted now: a haunting figure waits in its reserve or stands on
    /// one of its figures.
    pub(super) fn is_haunted(&self, seat: Seat) -> bool {
        self.seats[seat.index()].haunted_by.is_some()
            || self
                .spirits
                .iter()
                .any(|(h, _)| self.figures[h.index()].is_some_and(|f| f.seat == seat))
    }

    /// Whether the game uses resources, buildings, monuments and the market.
    pub(crate) fn has_economy(&self) -> bool {
        matches!(self.options.mode, Mode::Standard | Mode::Beginner)
    }

    /// Whether the game uses cards at all.
    pub(crate) fn has_cards(&self) -> bool {
        self.options.mode != Mode::Family
    }

    /// The realm whose ability a seat uses (standard game only: side A has none).
    pub(crate) fn ability(&self, seat: Seat) -> Option<Realm> {
        if self.options.mode == Mode::Standard {
            self.seats[seat.index()].realm
        } else {
            None
        }
    }

    /// The most of each resource a seat's camp holds: 10, and 8 for the Fairies.
    pub(crate) fn camp(&self, seat: Seat) -> u8 {
        self.ability(seat).map_or(10, Realm::camp)
    }

    pub(crate) fn second_edition(&self) -> bool {
        self.options.edition == Edition::Second
    }

    fn leader_any_time(&self, seat: Seat) -> bool {
        match self.options.mode {
            Mode::Family | Mode::FamilySpells => true,
            Mode::Standard => self.ability(seat) == Some(Realm::Humans),
            Mode::Beginner => false,
        }
    }

    /// Whether `seat` may put its leader on the board now (leader in reserve and, unless it
    /// may come at any time, no worker left in reserve).
    pub(crate) fn leader_allowed(&self, seat: Seat) -> Result<(), RulesError> {
        let s = &self.seats[seat.index()];
        if !s.leader {
            Err(RulesError::NoLeader)
        } else if s.workers > 0 && !self.leader_any_time(seat) {
            Err(RulesError::LeaderTooEarly)
        } else {
            Ok(())
        }
    }

    /// How many tiles a seat holds in hand (Dwarves: 2).
    pub(super) fn hand_size(&self, seat: Seat) -> usize {
        if self.ability(seat) == Some(Realm::Dwarves) {
            2
        } else {
            1
        }
    }

    /// Artifacts expansion: the seat whose counter holds `seat`'s artifacts — in the
    /// partnership game the partners share one (kept on the lower seat), else its own.
    pub fn artifact_holder(&self, seat: Seat) -> Seat {
        match self.partner(seat) {
            Some(p) if p.0 < seat.0 => p,
            _ => seat,
        }
    }

    /// Artifacts expansion: the artifacts `seat` may spend (its team's in the partnership game).
    pub fn artifacts_of(&self, seat: Seat) -> u8 {
        self.seats[self.artifact_holder(seat).index()].artifacts
    }

    /// Artifacts expansion: artifacts lying on the board, by hex.
    pub fn artifacts_on_board(&self) -> &[(Hex, u8)] {
        &self.artifacts_on
    }

    /// Artifacts expansion: the relics not yet taken, cheapest first.
    pub fn relics_left(&self) -> &[data::Relic] {
        &self.relics
    }

    /// Artifacts expansion: artifact pieces in the reserve.
    pub fn artifact_reserve(&self) -> u8 {
        self.artifact_reserve
    }
}
