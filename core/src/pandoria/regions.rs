//! Regions: which regions a placement closes, the figures it forces out, and how a closed
//! region scores (majorities, realm bonuses, what each terrain yields).

use super::cards::{Realm, Resource};
use super::data::{Space, Terrain};
use super::effects::{BuildingEffect, Size};
use super::region::Region;
use super::{Event, Figure, Land, Pandoria, Score};
use crate::game::Seat;
use crate::hex::{Hex, HexSet};

/// A region as a set of hexes (see [`Pandoria::area`]).
pub(super) struct Area {
    /// Its hexes.
    pub(super) hexes: HexSet,
    /// Its terrain.
    pub(super) terrain: Terrain,
    /// The resource symbols on all its hexes.
    pub(super) symbols: u16,
    /// Whether it is closed.
    pub(super) closed: bool,
}

impl Area {
    /// The region, named by the hex `at`, with its hexes in board order.
    fn region(&self, at: Hex) -> Region {
        let mut hexes = Vec::with_capacity(self.hexes.len());
        hexes.extend(self.hexes.iter());
        Region {
            terrain: self.terrain,
            at,
            hexes,
            symbols: self.symbols,
        }
    }
}

/// Where a figure may stand for the spell rules: occupied, closed, or what.
pub(super) struct ClosedMap {
    closed: HexSet,
}

impl ClosedMap {
    pub(super) fn contains(&self, hex: Hex) -> bool {
        self.closed.contains(hex)
    }
}

pub(super) fn in_closed(closed: &[Region], hex: Hex) -> bool {
    closed.iter().any(|r| r.hexes.contains(&hex))
}

impl Pandoria {
    /// Closes the regions a placement on `placed` closed: their figures go home (a Hanbok
    /// closing keeps the opponents' figures as captives), and they join the regions scored
    /// this turn.
    pub(super) fn close_regions(&mut self, placed: &[Hex], events: &mut Vec<Event>) {
        let closed = self.newly_closed(placed);
        let closer = self.current;
        let hanbok = self.ability(closer) == Some(Realm::Hanbok);
        for region in closed {
            let mut returned = Vec::new();
            let mut captured = Vec::new();
            // Haunting figures in the region leave with their hosts, as their owners' figures.
            let mut haunting = Vec::new();
            self.spirits.retain(|&(h, f)| {
                let inside = region.hexes.contains(&h);
                if inside {
                    haunting.push((h, f));
                }
                !inside
            });
            for &hex in &region.hexes {
                self.break_golem_pair(hex);
                let here = self.figures[hex.index()]
                    .take()
                    .into_iter()
                    .chain(haunting.iter().filter(|(h, _)| *h == hex).map(|(_, f)| *f))
                    .collect::<Vec<_>>();
                for figure in here {
                    let opponent =
                        figure.seat != closer && self.partner(closer) != Some(figure.seat);
                    if hanbok && opponent {
                        self.seats[closer.index()].captives.push(figure);
                        captured.push((hex, figure));
                    } else {
                        self.return_figure(figure);
                        returned.push((hex, figure));
                    }
                }
            }
            self.offer_haunts(closer, returned.iter().chain(&captured).map(|(_, f)| *f));
            // Captured Centaurs are forced out too.
            let forced: Vec<(Hex, Figure)> = returned.iter().chain(&captured).copied().collect();
            let centaurs = self.centaurs(&forced);
            let captor = (!captured.is_empty()).then_some(closer);
            events.push(Event::RegionClosed {
                region: region.clone(),
                returned,
                captured,
                captor,
            });
            for (seat, count) in centaurs {
                self.centaurs_gain(seat, &region, count, events);
            }
            self.take_artifacts(closer, &region, events);
            self.turn.closed.push(region);
        }
        self.sail_enclosed(events);
    }

    /// Centaurs seats with figures forced out of a closed region, and how many each.
    fn centaurs(&self, returned: &[(Hex, Figure)]) -> Vec<(Seat, i32)> {
        let mut out: Vec<(Seat, i32)> = Vec::new();
        for (_, figure) in returned {
            if self.ability(figure.seat) != Some(Realm::Centaurs) {
                continue;
            }
            match out.iter_mut().find(|(s, _)| *s == figure.seat) {
                Some((_, n)) => *n += 1,
                None => out.push((figure.seat, 1)),
            }
        }
        out
    }

    /// Centaurs: 1 of the region's resource (a point for a city) per figure forced out
    /// (text 004 "Centaurs"; the leader is one figure). Given at once, before the region is
    /// scored.
    fn centaurs_gain(&mut self, seat: Seat, region: &Region, count: i32, events: &mut Vec<Event>) {
        let resource = Self::yield_of(region.terrain);
        events.push(Event::RealmGain {
            seat,
            realm: Realm::Centaurs,
            resource,
            amount: count,
            terrain: region.terrain,
            at: region.at,
        });
        match resource {
            Some(r) => self.gain(seat, r, count, events),
            None => {
                let s = &mut self.seats[seat.index()];
                s.score += count;
                s.parts.regions += count;
            }
        }
    }

    /// The weight of each seat's figures next to a region: 1 per worker, 2 for the leader,
    /// and the raging worker 2 or 3.
    /// (Indexed by seat; seats past the player count stay 0.)
    fn weights(&self, region: &Region) -> [u8; 4] {
        self.weights_in(&region.hexes.iter().copied().collect())
    }

    /// [`Self::weights`] of the region whose hexes are `inside`.
    fn weights_in(&self, inside: &HexSet) -> [u8; 4] {
        let border = self.board().around(inside).difference(inside);
        let rage = self
            .turn
            .rage
            .filter(|r| inside.contains(r.region) && border.contains(r.worker));
        let mut weights = [0u8; 4];
        // Haunting figures on the border count for their owners like any figure.
        for &(h, f) in &self.spirits {
            if border.contains(h) {
                weights[f.seat.index()] += if f.leader { 2 } else { 1 };
            }
        }
        for hex in border.iter() {
            if let Some(f) = self.figures[hex.index()] {
                weights[f.seat.index()] += match rage {
                    _ if f.leader => 2,
                    Some(r) if r.worker == hex && f.seat == self.current => r.times,
                    _ => 1,
                };
            }
        }
        weights
    }

    /// Every seat with figures next to the region scores its symbols once per figure, the
    /// leader counting 2 (and a raging worker 2 or 3). In the family games every symbol is
    /// a point; in the standard game forests, mountains and hills give resources and the
    /// seat's buildings add their bonus per space.
    pub fn score_region(&self, region: &Region) -> Vec<Score> {
        let weights = self.weights(region);
        let (terrain, symbols, spaces) = (region.terrain, region.symbols, region.hexes.len());
        (0..self.seats.len())
            .filter_map(|i| self.score_with(terrain, symbols, spaces, &weights, Seat(i as u8)))
            .collect()
    }

    /// One seat's part of [`Self::score_region`] for the region of an [`Area`] (none without
    /// figures next to it).
    pub(super) fn seat_score(&self, area: &Area, seat: Seat) -> Option<Score> {
        let weights = self.weights_in(&area.hexes);
        self.score_with(area.terrain, area.symbols, area.hexes.len(), &weights, seat)
    }

    fn score_with(
        &self,
        terrain: Terrain,
        symbols: u16,
        spaces: usize,
        weights: &[u8; 4],
        seat: Seat,
    ) -> Option<Score> {
        let weights = &weights[..self.seats.len()];
        let w = *weights.get(seat.index()).filter(|&&w| w > 0)?;
        let spaces = spaces as i32;
        let base = i32::from(symbols) * i32::from(w);
        let bonus = if self.has_economy() {
            spaces * self.bonus_per_space(seat, terrain)
        } else {
            0
        };
        let resource = self.has_economy() && terrain != Terrain::City;
        let realm = self.realm_bonus(seat, weights, spaces as usize, resource);
        let total = base + bonus + realm;
        Some(Score {
            seat,
            figures: w,
            points: if resource { 0 } else { total },
            gained: if resource { total } else { 0 },
            bonus,
            realm,
        })
    }

    /// The realm's share of a seat's scoring (text 004): +3 of the resource, or +1 point in a
    /// city, for the Fairies with more figures next to the region than every other player
    /// (at least one other player involved; the leader counts 2, a raging worker 2 or 3),
    /// and for the Nymphs involved in a region of 4 spaces or more.
    fn realm_bonus(&self, seat: Seat, weights: &[u8], spaces: usize, resource: bool) -> i32 {
        let bonus = if resource { 3 } else { 1 };
        let mine = weights[seat.index()];
        match self.ability(seat) {
            Some(Realm::Fairies) => {
                let others = weights
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != seat.index())
                    .map(|(_, &w)| w);
                let most_other = others.clone().max().unwrap_or(0);
                let involved = others.filter(|&w| w > 0).count();
                if involved > 0 && mine > most_other {
                    bonus
                } else {
                    0
                }
            }
            Some(Realm::Nymphs) if spaces >= 4 && mine > 0 => bonus,
            _ => 0,
        }
    }

    /// A seat's building bonus per space of a terrain (Saw Mills, Towers, Treasuries,
    /// Statue). Small and large buildings add up.
    fn bonus_per_space(&self, seat: Seat, terrain: Terrain) -> i32 {
        let size = |s: Size| if s == Size::Small { 1 } else { 2 };
        self.controlled_buildings(seat)
            .map(|(_, card)| match (card.building, terrain) {
                (BuildingEffect::SawMill(s), Terrain::Forest)
                | (BuildingEffect::Tower(s), Terrain::Mountain)
                | (BuildingEffect::Treasury(s), Terrain::Hills) => size(s),
                (BuildingEffect::Statue, Terrain::City) => 1,
                _ => 0,
            })
            .sum()
    }

    /// The region containing a terrain hex, and whether it is closed.
    pub fn region_at(&self, hex: Hex) -> Option<(Region, bool)> {
        self.region_blocking(hex, None)
    }

    /// [`Self::region_at`], as if the exit path `blocked` were covered already (whether a
    /// mountain castle there would close the region).
    pub(super) fn region_blocking(&self, hex: Hex, blocked: Option<Hex>) -> Option<(Region, bool)> {
        let area = self.area(hex, blocked)?;
        let closed = area.closed;
        Some((area.region(hex), closed))
    }

    /// [`Self::region_blocking`] as a set, without building the [`Region`]: the AI's
    /// evaluation finds regions often.
    pub(super) fn area(&self, hex: Hex, blocked: Option<Hex>) -> Option<Area> {
        let Land::Terrain { terrain, .. } = self.land[hex.index()] else {
            return None;
        };
        let board = self.board();
        let mut seen = HexSet::EMPTY;
        seen.insert(hex);
        let mut todo = seen;
        let mut symbols = 0u16;
        let mut open = false;
        loop {
            let Some(h) = todo.iter().next() else {
                break;
            };
            todo.remove(h);
            if let Land::Terrain { symbols: s, .. } = self.land[h.index()] {
                symbols += u16::from(s);
            }
            for n in board.neighbours(h) {
                match (board.space(n), self.land[n.index()]) {
                    // A mountain castle on an exit path blocks it (Artifacts).
                    (Space::Exit { terrain: t }, Land::Empty)
                        if t == terrain && Some(n) != blocked =>
                    {
                        open = true
                    }
                    (Space::Plain, Land::Empty) => open = true,
                    (_, Land::Terrain { terrain: t, .. }) if t == terrain && seen.insert(n) => {
                        todo.insert(n);
                    }
                    _ => {}
                }
            }
        }
        Some(Area {
            hexes: seen,
            terrain,
            symbols,
            closed: !open,
        })
    }

    /// Every terrain hex that lies in a closed region, found in one pass over the board.
    pub(super) fn closed_map(&self) -> ClosedMap {
        let mut seen = HexSet::EMPTY;
        let mut closed = HexSet::EMPTY;
        for hex in Hex::all() {
            if seen.contains(hex) || !matches!(self.land[hex.index()], Land::Terrain { .. }) {
                continue;
            }
            if let Some(area) = self.area(hex, None) {
                seen = seen.union(&area.hexes);
                if area.closed {
                    closed = closed.union(&area.hexes);
                }
            }
        }
        ClosedMap { closed }
    }

    /// The regions a placement on `placed` closed. A region can only close when its last
    /// free neighbour is covered, so only regions on or next to the placement are checked.
    fn newly_closed(&self, placed: &[Hex]) -> Vec<Region> {
        let mut seen = HexSet::EMPTY;
        let mut out = Vec::new();
        let seeds = placed
            .iter()
            .copied()
            .chain(placed.iter().flat_map(|&p| self.board().neighbours(p)));
        for seed in seeds {
            if seen.contains(seed) {
                continue;
            }
            if let Some(area) = self.area(seed, None) {
                seen = seen.union(&area.hexes);
                if area.closed {
                    let at = placed.iter().find(|&&p| area.hexes.contains(p));
                    out.push(area.region(at.copied().unwrap_or(seed)));
                }
            }
        }
        out
    }

    /// The resource a terrain yields in the standard game.
    pub(super) fn yield_of(terrain: Terrain) -> Option<Resource> {
        match terrain {
            Terrain::Forest => Some(Resource::Wood),
            Terrain::Mountain => Some(Resource::Crystal),
            Terrain::Hills => Some(Resource::Gold),
            Terrain::City => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::pandoria::TileId;
    use crate::pandoria::data::tiles;
    use crate::pandoria::placement::tests::{game, h};

    #[test]
    fn a_region_touching_an_empty_plain_space_is_open() {
        let g = game(2);
        let (region, closed) = g.region_at(h("C8")).unwrap();
        assert_eq!(region.hexes, vec![h("C8")]);
        assert!(!closed);
    }

    #[test]
    fn castles_lakes_other_terrain_and_the_plain_edge_close_a_region() {
        // B10 is next to the rim (A9 hills exit, A10 mountains) and the plain's edge.
        let mut g = game(2);
        let tiles = tiles();
        // Tile 1 is forest 1·mountain 1. Put its forest half at B11 and surround B11.
        assert_eq!(tiles.get(TileId(1)).unwrap().a.terrain, Terrain::Forest);
        g.fix("place", "1 B11 C11").unwrap();
        let (_, closed) = g.region_at(h("B11")).unwrap();
        assert!(!closed, "B10 and C12 are still free");
        g.fix("castle", "1 B10").unwrap();
        g.fix("castle", "2 C12").unwrap();
        // B11's neighbours: B10 castle, C11 mountain, C12 castle, B12 mountains, A11, A10 rim.
        let (region, closed) = g.region_at(h("B11")).unwrap();
        assert!(closed, "{region:?}");
        assert_eq!(region.symbols, 1);
    }

    #[test]
    fn an_exit_path_of_the_same_terrain_keeps_a_region_open() {
        // A9 is a hills exit path next to B9. B9's other neighbours: B8, C9, C10, B10, A10.
        let t = tiles().get(TileId(25)).unwrap();
        assert_eq!(
            (t.a.terrain, t.b.unwrap().terrain),
            (Terrain::Mountain, Terrain::Hills)
        );
        for (tile, hills_at_b9) in [("25 B8 B9", true), ("25 B9 B8", false)] {
            let mut g = game(2);
            g.fix("place", tile).unwrap();
            g.fix("castle", "1 C9").unwrap();
            g.fix("castle", "1 C10").unwrap();
            g.fix("castle", "2 B10").unwrap();
            let (region, closed) = g.region_at(h("B9")).unwrap();
            assert_eq!(region.terrain == Terrain::Hills, hills_at_b9);
            // Hills at B9 touch the hills exit: never closed. Mountain at B9: the hills
            // exit is just more mountains, so it closes.
            assert_eq!(closed, !hills_at_b9, "{region:?}");
        }
    }

    #[test]
    fn a_region_with_a_hole_is_not_closed() {
        // A ring of forest around the free hex K8 never closes while K8 is empty.
        let mut g = game(2);
        let ring = ["K7", "L7", "L8", "K9", "J8", "J7"];
        // Put forest halves on the ring using forest tiles 1..=6 with their other halves outside.
        let outside = ["K6", "M7", "M8", "K10", "I8", "J6"];
        for (i, (r, o)) in ring.iter().zip(outside).enumerate() {
            let id = i + 1; // tiles 1–8 are forest·mountain
            g.fix("place", &format!("{id} {r} {o}")).unwrap();
        }
        let (region, closed) = g.region_at(h("K7")).unwrap();
        assert_eq!(region.hexes.len(), 6);
        assert!(!closed, "the empty K8 inside the ring is a hole");
    }

    #[test]
    fn scoring_counts_each_adjacent_figure_and_the_leader_twice() {
        let mut g = game(3);
        g.fix("place", "17 K8 K9").unwrap(); // forest·city
        let region = Region {
            terrain: Terrain::City,
            at: h("K9"),
            hexes: vec![h("K9")],
            symbols: 3,
        };
        g.fix("leader", "1 K8").unwrap();
        g.fix("place", "1 J9 K10").unwrap();
        g.fix("worker", "1 J9").unwrap();
        g.fix("worker", "2 K10").unwrap();
        let scores = g.score_region(&region);
        assert_eq!(
            scores,
            vec![
                Score {
                    seat: Seat(0),
                    figures: 3,
                    points: 9,
                    gained: 0,
                    bonus: 0,
                    realm: 0,
                },
                Score {
                    seat: Seat(1),
                    figures: 1,
                    points: 3,
                    gained: 0,
                    bonus: 0,
                    realm: 0,
                },
            ]
        );
    }
}
