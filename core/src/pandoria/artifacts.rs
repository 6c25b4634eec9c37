//! The Artifacts expansion (text 004 / 000 "Artifacts"): artifacts taken by whoever closes
//! their region, relics bought with them instead of a card or monument, the mountain castle
//! on an exit path, and single tiles drawn into one-space gaps. The set-up (the new start
//! tile, the removed and mixed tiles, the relics by player count) is in `mod.rs`; the
//! component data in `assets/pandoria/artifacts.json`.

use super::data::{Space, tiles};
use super::error::{RulesError, hexes_or, joined, notation};
use super::region::Region;
use super::{Action, Event, Land, Mode, Pandoria, Step};
use crate::game::Seat;
use crate::hex::{Hex, HexSet};
use crate::t;
use crate::words::Text;

impl Pandoria {
    /// The exit paths where `seat`'s mountain castle may go now (text 004 "Mountain
    /// castles"): still free, next to a placed tile or castle, and every region touching the
    /// path stays open with the path blocked — so never next to a closed region, nor next to
    /// a region that only its own exit path keeps open.
    pub(super) fn mountain_spaces(&self, seat: Seat) -> Vec<Hex> {
        if !self.seats[seat.index()].mountain {
            return Vec::new();
        }
        self.board()
            .exits()
            .iter()
            .copied()
            .filter(|&h| self.land[h.index()] == Land::Empty && self.touches_land(h))
            .filter(|&h| {
                self.board()
                    .neighbours(h)
                    .all(|n| self.area(n, Some(h)).is_none_or(|a| !a.closed))
            })
            .collect()
    }

    /// The one-space gaps a single tile may go into (text 004 "Single tiles"): free plain
    /// spaces next to land with no free plain space next to them.
    pub(super) fn gap_spaces(&self) -> Vec<Hex> {
        let (free, frontier) = self.free_and_frontier();
        self.gaps_in(&free, &frontier).collect()
    }

    /// The one-space gaps among the `frontier` (free spaces next to land) of `free`.
    fn gaps_in<'a>(
        &'a self,
        free: &'a HexSet,
        frontier: &'a HexSet,
    ) -> impl Iterator<Item = Hex> + 'a {
        let board = self.board();
        frontier
            .iter()
            .filter(move |&h| !board.neighbours(h).any(|n| free.contains(n)))
    }

    /// Whether the player to act may draw a single tile in step 1.
    pub(super) fn may_draw_single(&self) -> bool {
        self.options.artifacts && !self.singles.is_empty() && !self.gap_spaces().is_empty()
    }

    /// Step 1 actions of the expansion: the mountain castle and the single tile (`free` and
    /// `frontier` as step 1 computed them).
    pub(super) fn artifact_place_actions(
        &self,
        out: &mut Vec<Action>,
        free: &HexSet,
        frontier: &HexSet,
    ) {
        if !self.options.artifacts {
            return;
        }
        out.extend(
            self.mountain_spaces(self.current)
                .into_iter()
                .map(Action::Mountain),
        );
        if !self.singles.is_empty() && self.gaps_in(free, frontier).next().is_some() {
            out.push(Action::DrawSingle);
        }
    }

    /// Whether `seat` could place a mountain castle or a single tile (so step 1 is not lost).
    pub(super) fn can_place_artifact(&self, seat: Seat) -> bool {
        self.options.artifacts && (!self.mountain_spaces(seat).is_empty() || self.may_draw_single())
    }

    /// Checks a mountain castle on `h` for the player to act.
    pub(super) fn check_mountain(&self, h: Hex) -> Result<(), RulesError> {
        let seat = self.current;
        if !self.options.artifacts {
            return Err(RulesError::NotPossible(t!(
                "pandoria-mountain-needs-artifacts"
            )));
        }
        if !self.seats[seat.index()].mountain {
            return Err(RulesError::NotPossible(t!("pandoria-mountain-placed")));
        }
        if self.mountain_spaces(seat).contains(&h) {
            return Ok(());
        }
        let why = if !matches!(self.board().space(h), Space::Exit { .. }) {
            t!("pandoria-mountain-not-exit", at = notation(h))
        } else if self.land[h.index()] != Land::Empty {
            t!("pandoria-mountain-blocked", at = notation(h))
        } else if !self.touches_land(h) {
            t!("pandoria-mountain-detached", at = notation(h))
        } else {
            t!("pandoria-mountain-closed", at = notation(h))
        };
        let allowed = self.mountain_spaces(seat);
        Err(RulesError::NotPossible(if allowed.is_empty() {
            t!("pandoria-mountain-nowhere", why = why)
        } else {
            t!(
                "pandoria-mountain-allowed",
                why = why,
                allowed = hexes_or(&allowed)
            )
        }))
    }

    /// Checks drawing a single tile in step 1.
    pub(super) fn check_draw_single(&self) -> Result<(), RulesError> {
        if !self.options.artifacts {
            return Err(RulesError::NotPossible(t!(
                "pandoria-single-needs-artifacts"
            )));
        }
        if self.singles.is_empty() {
            return Err(RulesError::NotPossible(t!("pandoria-no-single-left")));
        }
        if self.gap_spaces().is_empty() {
            return Err(RulesError::NotPossible(t!("pandoria-no-gap")));
        }
        Ok(())
    }

    /// Checks the drawn single tile's space.
    pub(super) fn check_gap(&self, h: Hex) -> Result<(), RulesError> {
        if let Some(e) = self.where_problem(h) {
            return Err(e);
        }
        let gaps = self.gap_spaces();
        if gaps.contains(&h) {
            return Ok(());
        }
        Err(RulesError::NotPossible(t!(
            "pandoria-not-a-gap",
            at = notation(h),
            gaps = hexes_or(&gaps)
        )))
    }

    /// Places the mountain castle (step 1 or Enchanted Castle).
    pub(super) fn put_mountain(&mut self, seat: Seat, h: Hex, events: &mut Vec<Event>) {
        self.land[h.index()] = Land::Castle { owner: seat };
        self.seats[seat.index()].mountain = false;
        self.last_move = vec![h];
        events.push(Event::MountainCastlePlaced { seat, at: h });
    }

    /// Step 1: draws the top single tile; it is placed next.
    pub(super) fn draw_single(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let tile = self
            .singles
            .pop()
            .expect("validated: a single tile is left");
        events.push(Event::SingleDrawn {
            seat,
            tile: Self::tile_data(tile),
        });
        self.step = Step::Single { tile };
    }

    /// The artifacts of a region just closed go to the closer's holder (text 004: "whether
    /// or not he scored any resources").
    pub(super) fn take_artifacts(
        &mut self,
        closer: Seat,
        region: &Region,
        events: &mut Vec<Event>,
    ) {
        if self.artifacts_on.is_empty() {
            return;
        }
        let mut count = 0;
        self.artifacts_on.retain(|&(h, n)| {
            let inside = region.hexes.contains(&h);
            if inside {
                count += n;
            }
            !inside
        });
        if count > 0 {
            let holder = self.artifact_holder(closer);
            self.seats[holder.index()].artifacts += count;
            events.push(Event::ArtifactsTaken {
                seat: closer,
                count,
                region: region.at,
            });
        }
    }

    /// The points a relic scores: its printed points, doubled in the family games.
    pub(super) fn relic_points(&self, points: u8) -> i32 {
        let doubled = matches!(self.options.mode, Mode::Family | Mode::FamilySpells);
        i32::from(points) * if doubled { 2 } else { 1 }
    }

    /// The relics `seat` can pay for now.
    pub(super) fn relic_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let have = self.artifacts_of(seat);
        out.extend(
            self.relics
                .iter()
                .filter(|r| r.cost <= have)
                .map(|r| Action::Relic(r.points)),
        );
    }

    /// Checks exchanging artifacts for the relic worth `points`.
    pub(super) fn check_relic(&self, points: u8) -> Result<(), RulesError> {
        if !self.options.artifacts {
            return Err(RulesError::NotPossible(t!(
                "pandoria-relics-need-artifacts"
            )));
        }
        let left: Vec<Text> = self
            .relics
            .iter()
            .map(|r| t!("pandoria-relic-for", points = r.points, cost = r.cost))
            .collect();
        let Some(relic) = self.relics.iter().find(|r| r.points == points) else {
            return Err(RulesError::NotPossible(if left.is_empty() {
                t!("pandoria-no-relic-left")
            } else {
                t!(
                    "pandoria-no-such-relic",
                    points = points,
                    left = joined(left, t!("pandoria-sep-comma"))
                )
            }));
        };
        let have = self.artifacts_of(self.current);
        if relic.cost > have {
            return Err(RulesError::NotPossible(t!(
                "pandoria-relic-cost",
                points = points,
                cost = relic.cost,
                have = have
            )));
        }
        Ok(())
    }

    /// Exchanges artifacts for a relic: they go back to the reserve, the points are scored.
    pub(super) fn take_relic(&mut self, points: u8, events: &mut Vec<Event>) {
        let seat = self.current;
        let i = self
            .relics
            .iter()
            .position(|r| r.points == points)
            .expect("validated: the relic is left");
        let relic = self.relics.remove(i);
        let holder = self.artifact_holder(seat);
        self.seats[holder.index()].artifacts -= relic.cost;
        self.artifact_reserve += relic.cost;
        let scored = self.relic_points(points);
        let s = &mut self.seats[seat.index()];
        s.relics.push(points);
        s.score += scored;
        s.parts.relics += scored;
        events.push(Event::RelicTaken {
            seat,
            points,
            cost: relic.cost,
            scored,
        });
    }

    /// Places the single tile drawn in step 1 into its gap.
    pub(super) fn place_single(&mut self, h: Hex, events: &mut Vec<Event>) {
        let Step::Single { tile } = self.step else {
            return;
        };
        let seat = self.current;
        self.put_tile(tile, [h, h]);
        events.push(Event::SinglePlaced {
            seat,
            at: h,
            tile: *tiles().get(tile).expect("single tile"),
        });
        // Set before the figure step settles: the Golems may put a Golem on it.
        self.turn.single = true;
        self.after_placing(vec![h], false, events);
    }
}
