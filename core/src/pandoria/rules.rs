//! How an action of the board steps is checked and applied: `Pandoria::validate` checks any
//! action against the step (the card and later steps go on to `turn.rs`), `perform` applies
//! a board action, and a new turn's steps that offer no choice settle by themselves. What a
//! board action does lives by step: `placement.rs` (tiles and castles), `figures.rs`
//! (figures, Golems, haunts, ransoms) and `regions.rs` (closing and scoring regions).

use super::data::tiles;
use super::error::{RulesError, hexes_or};
use super::figures::{GOLEM_COST, captive_counts};
use super::{Action, Event, Land, Pandoria, Step};
use crate::game::Game;
use crate::hex::Hex;
use crate::t;
use crate::words::Text;

impl Pandoria {
    /// Checks an action against the current step without changing anything. A refusal that
    /// suggests another action ("(build 24 1 instead)") suggests it only when it is legal.
    pub(super) fn validate(&self, action: &Action) -> Result<(), RulesError> {
        self.validate_step(action)
            .map_err(|e| self.with_alternative(action, e))
    }

    /// [`Self::validate`] without the alternatives.
    pub(super) fn validate_step(&self, action: &Action) -> Result<(), RulesError> {
        let wrong = |tried: Text| {
            Err(RulesError::WrongStep {
                tried,
                now: self.now(),
            })
        };
        let seat = &self.seats[self.current.index()];
        if let Some(h) = self.haunts.first() {
            return match *action {
                Action::Haunt(false) if h.worker => Ok(()),
                Action::Haunt(true) if h.leader => Ok(()),
                Action::Haunt(leader) => Err(RulesError::NotPossible(t!(
                    "pandoria-haunt-not-removed",
                    leader = u8::from(leader)
                ))),
                Action::Pass => Ok(()),
                _ => wrong(t!("pandoria-tried-do-that")),
            };
        }
        match (&self.step, *action) {
            (Step::StartTile { next }, Action::Start(a, b)) => {
                self.check_pair(a, b)?;
                if self.next_to_printed_like(a) || self.next_to_printed_like(b) {
                    return Err(RulesError::NotPossible(t!(
                        "pandoria-start-touches-artifacts"
                    )));
                }
                if *next == 1 && self.options.start_apart {
                    let placed = self.placed_start_tiles();
                    if placed
                        .iter()
                        .flatten()
                        .any(|p| p.is_adjacent(a) || p.is_adjacent(b))
                    {
                        return Err(RulesError::StartTilesTouch);
                    }
                }
                Ok(())
            }
            (Step::StartTile { .. }, _) => wrong(t!("pandoria-tried-do-that")),
            (Step::Place, Action::Tile(a, b) | Action::SecondTile(a, b)) => {
                if seat.hand.is_empty() {
                    return Err(RulesError::NoTile);
                }
                if matches!(action, Action::SecondTile(..)) && seat.hand.len() < 2 {
                    return Err(RulesError::NoSecondTile);
                }
                self.check_pair(a, b)?;
                if !self.touches_land(a) && !self.touches_land(b) {
                    return Err(RulesError::Detached(format!("{a}–{b}")));
                }
                Ok(())
            }
            (Step::Place, Action::Castle(h)) => {
                if seat.castles == 0 {
                    return Err(RulesError::NoCastle);
                }
                self.check_single_space(h)
            }
            (Step::Place, Action::Mountain(h)) => self.check_mountain(h),
            (Step::Place, Action::DrawSingle) => self.check_draw_single(),
            (Step::Single { .. }, Action::Single(h)) => self.check_gap(h),
            (
                Step::Single { .. },
                Action::Tile(..) | Action::SecondTile(..) | Action::Castle(_),
            ) => wrong(t!("pandoria-tried-another-tile")),
            (Step::Single { .. }, _) => wrong(t!("pandoria-tried-do-that")),
            (Step::Place, Action::Pass) => Err(RulesError::MustPlace),
            (Step::Place, Action::Worker(_) | Action::Leader(_)) => {
                wrong(t!("pandoria-tried-place-figure"))
            }
            (Step::Place, Action::Retrieve(_)) => wrong(t!("pandoria-tried-retrieve")),
            (Step::Place, Action::Start(..)) => wrong(t!("pandoria-tried-start-tile")),
            (Step::Place, _) => wrong(t!("pandoria-tried-do-that")),
            (Step::Figure, Action::Worker(h) | Action::Leader(h)) => {
                let placed = &self.turn.placed;
                if !placed.contains(&h) {
                    return Err(RulesError::NotJustPlaced {
                        allowed: if placed.is_empty() {
                            t!("pandoria-nothing-placed")
                        } else {
                            hexes_or(placed)
                        },
                    });
                }
                if self.figures[h.index()].is_some() {
                    return Err(RulesError::Occupied(h));
                }
                if let Some(region) = self.turn.closed.iter().find(|r| r.hexes.contains(&h)) {
                    return Err(RulesError::Closed {
                        at: h,
                        terrain: region.terrain,
                    });
                }
                self.check_figure_kind(action)
            }
            (Step::Figure, Action::Retrieve(h)) => {
                if self.may_retrieve(self.current, h) {
                    Ok(())
                } else {
                    Err(RulesError::NotYourFigure(h))
                }
            }
            (Step::Figure, Action::Recall(owner, slot)) => {
                self.check_recall(self.current, owner, slot)
            }
            (Step::Figure, Action::Ransom(from, workers, leader)) => {
                let held = self
                    .seats
                    .get(from.index())
                    .map_or((0, false), |s| captive_counts(&s.captives, self.current));
                let purse: u32 = seat.resources.iter().map(|&r| u32::from(r)).sum();
                let n = u32::from(workers) + u32::from(leader);
                if n == 0 {
                    return Err(RulesError::BadRansom(t!("pandoria-ransom-none")));
                }
                if held.0 < workers || (leader && !held.1) {
                    return Err(RulesError::BadRansom(
                        self.ransom_held_words(from, held, workers, leader),
                    ));
                }
                if n > purse {
                    return Err(RulesError::BadRansom(t!(
                        "pandoria-ransom-purse",
                        purse = purse
                    )));
                }
                Ok(())
            }
            (Step::Figure, Action::Pass) => Ok(()),
            (Step::Figure, Action::Tile(..) | Action::SecondTile(..) | Action::Castle(_)) => {
                wrong(t!("pandoria-tried-another-tile"))
            }
            (Step::Figure, Action::Start(..)) => wrong(t!("pandoria-tried-start-tile")),
            (Step::Figure, _) => wrong(t!("pandoria-tried-do-that")),
            (Step::Golem, Action::Worker(h) | Action::Leader(h)) => {
                if !self.golem_spaces(self.current).contains(&h) {
                    return Err(RulesError::NoGolem {
                        at: h,
                        allowed: hexes_or(&self.golem_spaces(self.current)),
                    });
                }
                self.check_figure_kind(action)
            }
            (Step::Golem, Action::Pass) => Ok(()),
            (Step::Golem, _) => wrong(t!("pandoria-tried-do-that")),
            (Step::Ransom { payer, .. }, Action::Choose(r)) => {
                if self.seats[payer.index()].resource(r) == 0 {
                    return Err(RulesError::BadRansom(t!(
                        "pandoria-ransom-none-left",
                        seat = self.seat_name(*payer),
                        resource = r.text(),
                        choices = self.ransom_choice_text(*payer, t!("pandoria-sep-or"))
                    )));
                }
                Ok(())
            }
            (Step::Ransom { .. }, _) => wrong(t!("pandoria-tried-do-that")),
            (Step::Over, _) => wrong(t!("pandoria-tried-play")),
            _ => self.validate_later(action),
        }
    }

    /// Applies a validated action.
    pub(super) fn perform(&mut self, action: Action, events: &mut Vec<Event>) {
        if !self.haunts.is_empty() {
            return self.perform_haunt(action, events);
        }
        let seat = self.current;
        match (&self.step, action) {
            (Step::StartTile { next }, Action::Start(a, b)) => {
                let next = *next;
                let id = super::start_tile_ids()[usize::from(next)];
                self.put_tile(id, [a, b]);
                let tile = *tiles().get(id).expect("start tile");
                events.push(Event::StartTilePlaced { at: [a, b], tile });
                if next == 0 {
                    self.step = Step::StartTile { next: 1 };
                } else {
                    self.last_move.clear();
                    self.step = Step::Place;
                    self.settle(events);
                }
            }
            (Step::Place, Action::Tile(a, b) | Action::SecondTile(a, b)) => {
                let index = usize::from(matches!(action, Action::SecondTile(..)));
                let id = self.seats[seat.index()].hand.remove(index);
                self.put_tile(id, [a, b]);
                let tile = *tiles().get(id).expect("hand tile");
                events.push(Event::TilePlaced {
                    seat,
                    at: [a, b],
                    tile,
                });
                self.after_placing(vec![a, b], true, events);
            }
            (Step::Place, Action::Castle(h)) => {
                self.put_castle(seat, h);
                events.push(Event::CastlePlaced { seat, at: h });
                self.after_placing(vec![h], false, events);
            }
            (Step::Place, Action::Mountain(h)) => {
                self.put_mountain(seat, h, events);
                self.after_placing(vec![h], false, events);
            }
            (Step::Place, Action::DrawSingle) => self.draw_single(seat, events),
            (Step::Single { .. }, Action::Single(h)) => self.place_single(h, events),
            (Step::Figure, Action::Worker(h) | Action::Leader(h)) => {
                let figure = self.put_figure(seat, h, matches!(action, Action::Leader(_)));
                events.push(Event::FigurePlaced { at: h, figure });
                self.place_haunt(seat, h, events);
                self.golem_or_after_figure(events);
            }
            (Step::Figure, Action::Retrieve(h)) => {
                self.retrieve(seat, h, events);
                self.golem_or_after_figure(events);
            }
            (Step::Golem, Action::Worker(h) | Action::Leader(h)) => {
                let paid = match self.land[h.index()] {
                    Land::Terrain { terrain, .. } => Self::yield_of(terrain),
                    _ => None,
                }
                .expect("validated: a Golem space yields a resource");
                self.seats[seat.index()].resources[paid.index()] -= GOLEM_COST;
                // A pair when the first figure stands on the tile's other space.
                if let Some(&other) = self.turn.placed.iter().find(|&&p| p != h)
                    && self.figures[other.index()].is_some_and(|f| f.seat == seat)
                {
                    self.golem_pairs.push([other, h]);
                }
                let figure = self.put_figure(seat, h, matches!(action, Action::Leader(_)));
                events.push(Event::GolemPlaced {
                    at: h,
                    figure,
                    paid,
                });
                self.place_haunt(seat, h, events);
                self.after_figure(events);
            }
            (Step::Figure, Action::Recall(owner, slot)) => {
                self.evict_goblin(owner, slot, super::GoblinBack::Recalled, events);
                self.golem_or_after_figure(events);
            }
            (Step::Figure, Action::Ransom(from, workers, leader)) => {
                let captives = &mut self.seats[from.index()].captives;
                for _ in 0..workers {
                    if let Some(i) = captives.iter().position(|f| f.seat == seat && !f.leader) {
                        captives.remove(i);
                    }
                }
                if leader && let Some(i) = captives.iter().position(|f| f.seat == seat && f.leader)
                {
                    captives.remove(i);
                }
                let s = &mut self.seats[seat.index()];
                s.workers += workers;
                s.leader |= leader;
                events.push(Event::Ransomed {
                    payer: seat,
                    hanbok: from,
                    workers,
                    leader,
                });
                self.step = Step::Ransom {
                    payer: seat,
                    hanbok: from,
                    left: workers + u8::from(leader),
                };
            }
            (
                Step::Ransom {
                    payer,
                    hanbok,
                    left,
                },
                Action::Choose(r),
            ) => {
                let (payer, hanbok, left) = (*payer, *hanbok, *left);
                self.seats[payer.index()].resources[r.index()] -= 1;
                events.push(Event::RansomPaid {
                    payer,
                    hanbok,
                    resource: r,
                });
                self.gain(hanbok, r, 1, events);
                if left > 1 {
                    self.step = Step::Ransom {
                        payer,
                        hanbok,
                        left: left - 1,
                    };
                } else {
                    self.after_figure(events);
                }
            }
            (Step::Golem, Action::Pass) => {
                events.push(Event::Passed { seat });
                self.after_figure(events);
            }
            (Step::Figure, Action::Pass) => {
                events.push(Event::Passed { seat });
                self.after_figure(events);
            }
            _ => self.perform_later(action, events),
        }
    }

    pub(super) fn after_placing(
        &mut self,
        placed: Vec<Hex>,
        from_hand: bool,
        events: &mut Vec<Event>,
    ) {
        self.placed_this_round = true;
        self.close_regions(&placed, events);
        self.turn.placed = placed;
        self.turn.from_hand = from_hand;
        self.step = Step::Figure;
        self.settle(events);
    }
}

impl Pandoria {
    /// Resolves the steps of a new turn that offer no choice: a player who can place nothing
    /// skips step 1; a figure step whose only option is to pass is passed.
    pub(super) fn settle(&mut self, events: &mut Vec<Event>) {
        loop {
            match &self.step {
                Step::Place if !self.can_place(self.current) => {
                    events.push(Event::CouldNotPlace { seat: self.current });
                    self.turn.placed.clear();
                    self.turn.from_hand = false;
                    self.step = Step::Figure;
                }
                Step::Figure if self.figure_options(self.current).is_empty() => {
                    self.after_figure(events);
                    return;
                }
                _ => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Seat;
    use crate::pandoria::TileId;
    use crate::pandoria::data::Terrain;
    use crate::pandoria::placement::tests::{game, h};

    #[test]
    fn the_game_ends_after_a_round_in_which_nobody_could_place() {
        let mut g = game(3);
        // Cover every free space: nobody can place a tile or castle any more.
        for hex in g.free().iter().collect::<Vec<_>>() {
            g.land[hex.index()] = Land::Terrain {
                terrain: Terrain::City,
                symbols: 1,
                tile: Some(TileId(1)),
            };
        }
        g.fix("worker", "2 G6").unwrap();
        assert!(!g.can_place(Seat(0)));
        let mut events = Vec::new();
        g.settle(&mut events);
        // Red can neither place nor retrieve: the turn passes by itself. Blue cannot place
        // but has a figure on the board, so Blue decides whether to retrieve it.
        assert_eq!(
            events,
            vec![
                Event::CouldNotPlace { seat: Seat(0) },
                Event::CouldNotPlace { seat: Seat(1) },
            ]
        );
        assert_eq!(
            g.legal_actions(Seat(1)),
            vec![Action::Retrieve(h("G6")), Action::Pass]
        );
        let events = g.apply(Seat(1), &Action::Pass).unwrap();
        assert_eq!(events[0], Event::Passed { seat: Seat(1) });
        assert_eq!(events[1], Event::CouldNotPlace { seat: Seat(2) });
        assert!(
            matches!(events.last(), Some(Event::GameOver { .. })),
            "{events:?}"
        );
        assert_eq!(g.decision(), None);
    }
}
