//! Setting a game up: start tiles placed at random, the realms dealt or chosen with their
//! start resources and cards, and the Artifacts expansion's start tile (`Game::new` in
//! `mod.rs` calls these).

use rand::Rng;
use rand::seq::SliceRandom;

use super::cards::{CardId, Realm, RealmSet, cards};
use super::data::{TileId, artifacts, tiles};
use super::options::{Edition, Mode, Options, RealmAssignment, StartTiles};
use super::{Land, Pandoria};
use crate::game::{Seat, SetupError};
use crate::hex::Hex;

impl Pandoria {
    pub(super) fn random_start_tiles(&mut self, ids: [TileId; 2]) -> Result<(), SetupError> {
        let board = self.board();
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
                        return Err(SetupError(crate::t!("pandoria-setup-no-room")));
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

    pub(super) fn put_tile(&mut self, id: TileId, at: [Hex; 2]) {
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
        self.last_move = if tile.b.is_some() {
            at.to_vec()
        } else {
            vec![at[0]]
        };
        // Artifacts expansion: the tile's artifacts come from the reserve, one per half.
        let count = tile.artifacts.min(self.artifact_reserve);
        if count > 0 {
            self.artifact_reserve -= count;
            let first = count.div_ceil(2);
            for (hex, n) in [(at[0], first), (at[1], count - first)] {
                if n > 0 {
                    self.artifacts_on.push((hex, n));
                }
            }
        }
    }

    /// Whether a table may play `realm` (option `realm`): the expansion and promo realms have
    /// only side B, so they play the standard game.
    pub(super) fn check_realm(options: &Options, realm: Realm) -> Result<(), SetupError> {
        if realm.set() != RealmSet::Base && options.mode != Mode::Standard {
            return Err(SetupError(crate::t!(
                "pandoria-setup-side-b-only",
                realm = realm.text()
            )));
        }
        Ok(())
    }

    /// Artifacts expansion (text 004 "Preparation"): the relics by player count, the reserve
    /// of artifacts, and the new start tile on its fixed place, a random side up. The
    /// mountain castles and the removed and mixed tiles are dealt with the rest of the set-up.
    pub(super) fn setup_artifacts(&mut self) {
        let data = artifacts();
        self.relics = data.relics_for(self.seats.len());
        self.artifact_reserve = data.pieces;
        let side = data.start_sides[self.rng.random_range(0..2usize)];
        self.put_tile(side, data.start_at);
        self.last_move.clear();
    }

    /// Gives out realms by the options (standard and beginner game) and sets up everything
    /// that depends on them; with `realms=each_chooses` the players choose first.
    pub(super) fn assign_realms(&mut self) -> Result<(), SetupError> {
        let n = self.seats.len();
        let pool = self.options.realm_sets.realms();
        let realms: Vec<Realm> = match self.options.realms {
            RealmAssignment::RandomUnique => {
                let mut all = self.options.realm_sets.realms();
                all.shuffle(&mut self.rng);
                all.truncate(n);
                all
            }
            RealmAssignment::RandomNotUnique => (0..n)
                .map(|_| pool[self.rng.random_range(0..pool.len())])
                .collect(),
            RealmAssignment::SameRandom => {
                vec![pool[self.rng.random_range(0..pool.len())]; n]
            }
            RealmAssignment::SameChosen => vec![self.options.realm.expect("checked in new"); n],
            RealmAssignment::EachChooses => {
                self.realms_pending = true;
                return Ok(());
            }
        };
        for (seat, realm) in self.seats.iter_mut().zip(realms) {
            seat.realm = Some(realm);
        }
        self.setup_realms();
        Ok(())
    }

    /// Start resources, the Dwarves' second tile and the cards (text 004 "Preparation",
    /// "Beginner game"). Called once every seat has its realm.
    pub(super) fn setup_realms(&mut self) {
        self.realms_pending = false;
        let n = self.seats.len();
        for i in 0..n {
            let realm = self.seats[i].realm.expect("every seat has a realm now");
            let data = realm.data();
            self.seats[i].resources = data.start(
                self.options.mode == Mode::Beginner,
                self.options.edition == Edition::Second,
            );
            while self.seats[i].hand.len() < self.hand_size(Seat(i as u8)) {
                match self.stack.pop() {
                    Some(t) => self.seats[i].hand.push(t),
                    None => break,
                }
            }
        }
        let mut deck: Vec<CardId> = cards().all().map(|c| c.id).collect();
        if self.options.mode == Mode::Beginner {
            for i in 0..n {
                let Some([a, b]) = self.seats[i].realm.expect("set").data().cards else {
                    continue;
                };
                deck.retain(|&c| c != a && c != b);
                self.seats[i].slots[0].cards.push(a);
                self.seats[i].cards.push(b);
            }
        }
        deck.shuffle(&mut self.rng);
        self.deck = deck;
        let mut events = Vec::new();
        self.refill_market(&mut events);
        let hand = if self.options.mode == Mode::Beginner {
            2
        } else {
            4
        };
        for _ in 0..hand {
            for i in 0..n {
                if let Some(c) = self.deck.pop() {
                    self.seats[i].cards.push(c);
                }
            }
        }
    }
}
