//! The steps after the card step and the end of the game: buying a card, the Elves' move,
//! the Poorhouse, drawing a tile, the end of a turn and of a round, and the final scoring.

use super::cards::{Realm, Resource};
use super::effects::BuildingEffect;
use super::{Event, Land, Pandoria, Step};
use crate::game::{Outcome, Seat};
use crate::hex::Hex;
use crate::t;
use crate::words::Text;

impl Pandoria {
    pub(super) fn draw_card(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if let Some(c) = self.deck.pop() {
            self.seats[seat.index()].cards.push(c);
            events.push(Event::CardDrawn {
                seat,
                left: self.deck.len(),
            });
        }
    }

    /// Lays out deck cards until the market shows 4 (or the deck is empty).
    pub(super) fn refill_market(&mut self, events: &mut Vec<Event>) {
        while self.market.len() < 4 {
            let Some(card) = self.deck.pop() else {
                break;
            };
            self.market.push(card);
            events.push(Event::MarketRefilled {
                card,
                left: self.deck.len(),
            });
        }
    }

    /// Whether the player to act may buy in step 6: after closing a region (Yucata Mages:
    /// every turn).
    pub(super) fn may_buy(&self) -> bool {
        self.has_economy()
            && (!self.turn.closed.is_empty()
                || (self.ability(self.current) == Some(Realm::Mages) && !self.second_edition()))
    }

    /// Step 6: buying is open after closing a region (Yucata Mages: every turn).
    pub(super) fn begin_buy_step(&mut self, events: &mut Vec<Event>) {
        if self.may_buy() {
            self.step = Step::Buy;
            if !self.is_trivial() {
                return;
            }
        }
        self.begin_elf_step(events);
    }

    pub(super) fn after_buy(&mut self, events: &mut Vec<Event>) {
        match &self.step {
            Step::RoundBuy { queue } => {
                let queue = queue[1..].to_vec();
                self.continue_round_buys(queue, events);
            }
            _ => self.begin_elf_step(events),
        }
    }

    fn begin_elf_step(&mut self, events: &mut Vec<Event>) {
        if self.ability(self.current) == Some(Realm::Elves) {
            self.step = Step::ElfMove;
            if !self.is_trivial() {
                return;
            }
        }
        self.begin_poorhouse_step(events);
    }

    /// Why an Elves worker cannot move from `from` to `to`, if it can't (text 004: up to 2
    /// spaces to a free space that is not in a closed region, never through or onto foreign
    /// castles or lakes; occupied and closed spaces may be crossed).
    /// (`closed` remembers the regions found, for a listing that asks about many spaces.)
    pub(super) fn elf_move_problem(
        &self,
        from: Hex,
        to: Hex,
        closed: &mut ClosedMemo,
    ) -> Option<Text> {
        let seat = self.current;
        let passable = |h: Hex| match self.land[h.index()] {
            Land::Terrain { .. } => true,
            Land::Castle { owner } => owner == seat,
            Land::Empty => false,
        };
        if self.figures[to.index()].is_some() {
            return Some(t!("pandoria-why-occupied"));
        }
        match self.land[to.index()] {
            Land::Empty => return Some(t!("pandoria-why-elf-land")),
            Land::Castle { owner } if owner != seat => {
                return Some(t!("pandoria-why-elf-foreign-castle"));
            }
            Land::Terrain { .. } => {
                if closed.is_closed(self, to) {
                    return Some(t!("pandoria-why-elf-closed"));
                }
            }
            Land::Castle { .. } => {}
        }
        match from.distance(to) {
            1 => None,
            2 => {
                if board_neighbours(from).any(|m| m.is_adjacent(to) && passable(m)) {
                    None
                } else {
                    Some(t!("pandoria-why-elf-blocked"))
                }
            }
            _ => Some(t!("pandoria-why-elf-distance")),
        }
    }

    /// End of the turn: a Poorhouse raises a resource at 0 to 2.
    pub(super) fn begin_poorhouse_step(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        if self.has_economy() && self.has_building(seat, |b| b == BuildingEffect::Poorhouse) {
            let zeros: Vec<Resource> = Resource::ALL
                .into_iter()
                .filter(|&r| self.seats[seat.index()].resource(r) == 0)
                .collect();
            match zeros[..] {
                [] => {}
                [r] => {
                    self.seats[seat.index()].resources[r.index()] = 2;
                    events.push(Event::ResourceSet {
                        seat,
                        resource: r,
                        value: 2,
                        by: super::SetBy::Poorhouse,
                    });
                }
                _ => {
                    self.step = Step::Poorhouse;
                    return;
                }
            }
        }
        self.finish_turn(events);
    }

    /// Step 7: draw a tile if one was played from the hand; then the next player.
    pub(super) fn finish_turn(&mut self, events: &mut Vec<Event>) {
        // A haunting figure that came in this turn goes out with the next figure.
        if let Some(h) = &mut self.seats[self.current.index()].haunted_by {
            h.ready = true;
        }
        if self.turn.from_hand {
            let seat = self.current;
            match self.stack.pop() {
                Some(id) => {
                    self.seats[seat.index()].hand.push(id);
                    events.push(Event::TileDrawn {
                        seat,
                        left: self.stack.len(),
                    });
                }
                None => {
                    if !self.last_round {
                        events.push(Event::LastRound { seat });
                    }
                    self.last_round = true;
                }
            }
        }
        self.end_turn(events);
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        let n = self.seats.len() as u8;
        let last_of_round = Seat((self.start_player.0 + n - 1) % n);
        if self.current == last_of_round {
            let mages: Vec<Seat> = (0..n)
                .map(|k| Seat((self.start_player.0 + k) % n))
                .filter(|&s| self.second_edition() && self.ability(s) == Some(Realm::Mages))
                .collect();
            return self.continue_round_buys(mages, events);
        }
        self.next_turn(events);
    }

    /// Second-edition Mages buy at the end of the round, in turn order; then the round ends.
    fn continue_round_buys(&mut self, mut queue: Vec<Seat>, events: &mut Vec<Event>) {
        while !queue.is_empty() {
            self.step = Step::RoundBuy {
                queue: queue.clone(),
            };
            if !self.is_trivial() {
                return;
            }
            queue.remove(0);
        }
        self.end_round(events);
    }

    fn end_round(&mut self, events: &mut Vec<Event>) {
        if self.last_round || !self.placed_this_round {
            self.finish(events);
            return;
        }
        self.round += 1;
        self.placed_this_round = false;
        self.next_turn(events);
    }

    fn next_turn(&mut self, events: &mut Vec<Event>) {
        let n = self.seats.len() as u8;
        self.current = Seat((self.current.0 + 1) % n);
        self.step = Step::Place;
        self.turn = Default::default();
        self.settle(events);
    }

    /// The final scoring (text 004): 1 point per hand card, resources at 3:1 or a visible
    /// building's better rate; the tiebreak is the resources left. Partners share a score.
    fn finish(&mut self, events: &mut Vec<Event>) {
        let n = self.seats.len();
        let mut left = vec![0i32; n];
        if self.has_cards() {
            for (i, l) in left.iter_mut().enumerate() {
                let seat = Seat(i as u8);
                let hand = self.seats[i].cards.len() as i32;
                let mut resources = [0i32; 3];
                if self.has_economy() {
                    for r in Resource::ALL {
                        let (points, rest) = self
                            .rate_for(seat, r)
                            .convert(i32::from(self.seats[i].resource(r)));
                        resources[r.index()] = points;
                        *l += rest;
                    }
                }
                // Hanbok: 1 point per captive held at the end.
                let captives = self.seats[i].captives.len() as i32;
                let s = &mut self.seats[i];
                s.score += hand + resources.iter().sum::<i32>() + captives;
                s.parts.hand_cards += hand;
                s.parts.resources += resources.iter().sum::<i32>();
                s.parts.captives += captives;
                events.push(Event::FinalScored {
                    seat,
                    cards: hand,
                    resources,
                    left: *l,
                    captives,
                });
            }
        }
        let scores: Vec<i32> = (0..n).map(|i| self.team_score(Seat(i as u8))).collect();
        let tiebreaks: Vec<i32> = (0..n)
            .map(|i| left[i] + self.partner(Seat(i as u8)).map_or(0, |p| left[p.index()]))
            .collect();
        let outcome = Outcome::from_scores(scores, tiebreaks);
        self.step = Step::Over;
        self.outcome = Some(outcome.clone());
        events.push(Event::GameOver { outcome });
    }
}

/// Which terrain hexes lie in closed regions, found region by region as they are asked about.
#[derive(Default)]
pub(super) struct ClosedMemo {
    closed: crate::hex::HexSet,
    open: crate::hex::HexSet,
}

impl ClosedMemo {
    /// Whether the terrain hex `hex` lies in a closed region.
    pub(super) fn is_closed(&mut self, game: &Pandoria, hex: Hex) -> bool {
        if self.closed.contains(hex) {
            return true;
        }
        if self.open.contains(hex) {
            return false;
        }
        match game.area(hex, None) {
            Some(area) if area.closed => {
                self.closed = self.closed.union(&area.hexes);
                true
            }
            Some(area) => {
                self.open = self.open.union(&area.hexes);
                false
            }
            None => false,
        }
    }
}

fn board_neighbours(hex: Hex) -> impl Iterator<Item = Hex> {
    super::board().neighbours(hex)
}

/// The hexes within 2 steps of `from` (not `from` itself), in board order.
pub(super) fn elf_reach(from: Hex) -> impl Iterator<Item = Hex> {
    let mut set = crate::hex::HexSet::EMPTY;
    for a in board_neighbours(from) {
        set.insert(a);
        for b in board_neighbours(a) {
            set.insert(b);
        }
    }
    set.remove(from);
    set.iter().collect::<Vec<_>>().into_iter()
}
