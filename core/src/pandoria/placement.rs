//! Steps 1 and 2 on the board: where tiles and castles may go (the free plain, the frontier
//! of placed land, the start tiles) and putting them there.

use super::data::tiles;
use super::error::RulesError;
use super::{Land, Pandoria, TileId};
use crate::game::Seat;
use crate::hex::{Hex, HexSet};

impl Pandoria {
    /// The free hexes where tiles may go.
    pub(super) fn free(&self) -> HexSet {
        self.board().placeable().difference(&self.land_sets().0)
    }

    /// The hexes with land (terrain or a castle), and among them those where land was placed:
    /// castles and tiles, but not the printed spaces nor the Artifacts start tile.
    fn land_sets(&self) -> (HexSet, HexSet) {
        let covered = HexSet::from_indices(|i| !matches!(self.land[i], Land::Empty));
        let placed = HexSet::from_indices(|i| match self.land[i] {
            Land::Castle { .. } => true,
            Land::Terrain { tile: Some(t), .. } => !t.is_printed_like(),
            _ => false,
        });
        (covered, placed)
    }

    /// [`Self::free`] and its [`Self::frontier`], from one look at the land.
    pub(super) fn free_and_frontier(&self) -> (HexSet, HexSet) {
        let (covered, placed) = self.land_sets();
        let free = self.board().placeable().difference(&covered);
        (free, self.frontier(&free, &covered, &placed))
    }

    /// Whether the land on a hex lets new tiles attach: placed tiles and castles always; a
    /// printed space (and the Artifacts start tile) once a placed tile touches it (text 004,
    /// step 1 note; "Artifacts": "connect to this later … just as … the printed spaces").
    fn is_anchor(&self, hex: Hex) -> bool {
        let placed = |land: Land| match land {
            Land::Castle { .. } => true,
            Land::Terrain { tile: Some(t), .. } => !t.is_printed_like(),
            _ => false,
        };
        match self.land[hex.index()] {
            Land::Empty => false,
            land if placed(land) => true,
            Land::Terrain { .. } => self
                .board()
                .neighbours(hex)
                .any(|n| placed(self.land[n.index()])),
            Land::Castle { .. } => true,
        }
    }

    pub(super) fn touches_land(&self, hex: Hex) -> bool {
        self.board().neighbours(hex).any(|n| self.is_anchor(n))
    }

    /// Free hexes next to land that tiles may attach to ([`Self::is_anchor`], for every hex
    /// at once: placed land, and other land that placed land touches), from [`Self::land_sets`].
    fn frontier(&self, free: &HexSet, covered: &HexSet, placed: &HexSet) -> HexSet {
        let board = self.board();
        let anchors = covered
            .difference(placed)
            .intersection(&board.around(placed))
            .union(placed);
        board.around(&anchors).intersection(free)
    }

    pub(super) fn can_place(&self, seat: Seat) -> bool {
        let (free, frontier) = self.free_and_frontier();
        if frontier.is_empty() {
            return false;
        }
        let s = &self.seats[seat.index()];
        s.castles > 0
            || (!s.hand.is_empty()
                && frontier
                    .iter()
                    .any(|h| self.board().neighbours(h).any(|n| free.contains(n))))
            || self.can_place_artifact(seat)
    }

    /// Start tile placements: any two free neighbouring hexes; with `start_apart`, not
    /// touching the start tiles already placed.
    pub(super) fn start_placements(&self, placed: &[[Hex; 2]]) -> Vec<[Hex; 2]> {
        let free = self.free();
        let apart_ok = |h: Hex| {
            (!self.options.start_apart || placed.iter().flatten().all(|p| !p.is_adjacent(h)))
                && !self.next_to_printed_like(h)
        };
        let mut out = Vec::new();
        for a in free.iter() {
            for dir in 1..=3 {
                if let Some(b) = self.board().neighbour(a, dir)
                    && free.contains(b)
                    && apart_ok(a)
                    && apart_ok(b)
                {
                    out.push([a, b]);
                    out.push([b, a]);
                }
            }
        }
        out
    }

    /// Whether `h` touches the Artifacts start tile, which nothing may touch at the start
    /// (text 004 "Preparation").
    pub(super) fn next_to_printed_like(&self, h: Hex) -> bool {
        self.options.artifacts
            && self.board().neighbours(h).any(|n| {
                matches!(self.land[n.index()], Land::Terrain { tile: Some(t), .. } if t.is_printed_like())
            })
    }

    pub(super) fn placed_start_tiles(&self) -> Vec<[Hex; 2]> {
        let mut out: Vec<[Hex; 2]> = Vec::new();
        for id in super::start_tile_ids() {
            let hexes: Vec<Hex> = Hex::all()
                .filter(|h| {
                    matches!(self.land[h.index()], Land::Terrain { tile: Some(t), .. } if t == id)
                })
                .collect();
            if let [a, b] = hexes[..] {
                out.push([a, b]);
            }
        }
        out
    }

    /// Every place a double tile could go now (both orientations) and every space a castle
    /// (or a single tile) could go, whoever holds them.
    pub fn placements(&self) -> (Vec<[Hex; 2]>, Vec<Hex>) {
        let (free, frontier) = self.free_and_frontier();
        (self.pairs_in(&free, &frontier), frontier.iter().collect())
    }

    /// The double-tile placements (both orientations) on `free` that touch `frontier`.
    pub(super) fn pairs_in(&self, free: &HexSet, frontier: &HexSet) -> Vec<[Hex; 2]> {
        let mut pairs = Vec::new();
        self.each_pair(free, frontier, |a, b| pairs.push([a, b]));
        pairs
    }

    /// [`Self::pairs_in`] one placement at a time, in the same order, without the list.
    pub(super) fn each_pair(
        &self,
        free: &HexSet,
        frontier: &HexSet,
        mut each: impl FnMut(Hex, Hex),
    ) {
        let board = self.board();
        // A pair has a hex on the frontier, so its first hex is on it or next to it.
        let near = frontier.union(&board.around(frontier)).intersection(free);
        for a in near.iter() {
            let a_on_frontier = frontier.contains(a);
            for dir in 1..=3 {
                if let Some(b) = board.neighbour(a, dir)
                    && free.contains(b)
                    && (a_on_frontier || frontier.contains(b))
                {
                    each(a, b);
                    each(b, a);
                }
            }
        }
    }

    pub(super) fn check_pair(&self, a: Hex, b: Hex) -> Result<(), RulesError> {
        if let Some(e) = self.where_problem(a).or_else(|| self.where_problem(b)) {
            return Err(e);
        }
        if !a.is_adjacent(b) {
            return Err(RulesError::NotNeighbours(a, b));
        }
        Ok(())
    }

    /// A castle or a single tile: one free plain space next to land.
    pub(super) fn check_single_space(&self, h: Hex) -> Result<(), RulesError> {
        if let Some(e) = self.where_problem(h) {
            return Err(e);
        }
        if !self.touches_land(h) {
            return Err(RulesError::Detached(h.to_string()));
        }
        Ok(())
    }

    /// A double tile anywhere next to land.
    pub(super) fn check_tile_at(&self, a: Hex, b: Hex) -> Result<(), RulesError> {
        self.check_pair(a, b)?;
        if !self.touches_land(a) && !self.touches_land(b) {
            return Err(RulesError::Detached(format!("{a}–{b}")));
        }
        Ok(())
    }

    pub(super) fn put_castle(&mut self, seat: Seat, h: Hex) {
        self.land[h.index()] = Land::Castle { owner: seat };
        self.seats[seat.index()].castles -= 1;
        self.last_move = vec![h];
    }

    /// The tile that a Terrain spell drew, if one waits to be placed.
    pub(super) fn tile_data(id: TileId) -> super::Tile {
        *tiles().get(id).expect("tile ids come from the data")
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::game::{Game, Seed};
    use crate::pandoria::Action;
    use crate::pandoria::Options;

    pub(in crate::pandoria) fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    pub(in crate::pandoria) fn game(players: usize) -> Pandoria {
        let mut g = Pandoria::new(&Options::default(), players, Seed::from_u64(1)).unwrap();
        g.fix("start-tiles", "G6 G7 I6 I7").unwrap();
        g.fix("start-player", "1").unwrap();
        // Hands from the hills·city tiles (45–48), so tests may place tiles 1–44.
        let hands: Vec<String> = (0..players).map(|i| (45 + i).to_string()).collect();
        g.fix("hands", &hands.join(" ")).unwrap();
        g
    }

    #[test]
    fn a_tile_must_touch_a_placed_tile() {
        let g = game(2);
        // H6 touches G6 (a start tile).
        assert!(g.touches_land(h("H6")));
        assert!(!g.touches_land(h("L10")));
        assert_eq!(
            g.validate(&Action::Tile(h("L10"), h("L11"))),
            Err(RulesError::Detached("L10–L11".into()))
        );
        assert!(g.validate(&Action::Tile(h("F6"), h("F5"))).is_ok());
        assert_eq!(
            g.validate(&Action::Tile(h("F6"), h("F8"))),
            Err(RulesError::NotNeighbours(h("F6"), h("F8")))
        );
    }

    #[test]
    fn a_printed_space_counts_as_a_tile_once_a_tile_touches_it() {
        // The printed forest at C8: D8 is next to it but not next to any tile.
        let mut g = game(2);
        assert!(!g.touches_land(h("D8")));
        g.fix("place", "1 C6 C7").unwrap(); // C7 touches C8
        assert!(g.is_anchor(h("C8")));
        assert!(g.touches_land(h("D8")), "D8 touches only the printed C8");
    }

    #[test]
    fn tiles_never_cover_lakes_printed_spaces_exits_or_tiles() {
        let g = game(2);
        assert_eq!(g.where_problem(h("D3")), Some(RulesError::Lake(h("D3"))));
        assert_eq!(g.where_problem(h("C8")), Some(RulesError::Printed(h("C8"))));
        assert_eq!(
            g.where_problem(h("A3")),
            Some(RulesError::NotPlain(h("A3")))
        );
        assert_eq!(
            g.where_problem(h("H1")),
            Some(RulesError::NotPlain(h("H1")))
        );
        assert_eq!(g.where_problem(h("G6")), Some(RulesError::Covered(h("G6"))));
        assert_eq!(g.where_problem(h("H6")), None);
    }
}
