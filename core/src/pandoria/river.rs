//! The River side of the board (text 003 §15, option `board=river`): the river splits the
//! plain; Astral Ship is printed on the board for 8 crystals; some ships give a crystal
//! discount; a ship enclosed by tiles and river spaces sends its figure to the next free
//! ship downstream (upstream ships first), or home when none is free; no spell puts a figure
//! on an enclosed ship. The map is `assets/pandoria/board-river.json`.

use super::cards::Resource;
use super::data::Space;
use super::error::{RulesError, hexes_comma, notation};
use super::{Action, Event, Land, Mode, Paid, Pandoria};
use crate::game::Seat;
use crate::hex::Hex;
use crate::t;

/// What the printed Astral Ship costs before discounts (text 003 §15.2).
pub const PRINTED_SHIP: u8 = 8;

impl Pandoria {
    /// Whether a ship is enclosed: no empty plain space touches it (tiles, castles, river
    /// spaces, mountains and the board's edge enclose it).
    pub(super) fn ship_enclosed(&self, hex: Hex) -> bool {
        let board = self.board();
        !board
            .neighbours(hex)
            .any(|n| board.space(n) == Space::Plain && self.land[n.index()] == Land::Empty)
    }

    /// The ships of the River a figure may be put on now: free and not enclosed.
    pub(super) fn open_ships(&self) -> Vec<Hex> {
        self.board()
            .river()
            .iter()
            .copied()
            .filter(|&h| self.board().space(h) == (Space::Lake { ship: true }))
            .filter(|&h| self.figures[h.index()].is_none() && !self.ship_enclosed(h))
            .collect()
    }

    /// After a placement: every figure on a ship that is now enclosed sails to the next free,
    /// open ship downstream — the one furthest upstream first — or goes back to its owner's
    /// reserve when there is none (text 003 §15).
    pub(super) fn sail_enclosed(&mut self, events: &mut Vec<Event>) {
        let board = self.board();
        if !board.has_river() {
            return;
        }
        for &ship in board.river() {
            let Some(figure) = self.figures[ship.index()] else {
                continue;
            };
            if !self.ship_enclosed(ship) {
                continue;
            }
            let to = board
                .ships_downstream(ship)
                .find(|&h| self.figures[h.index()].is_none() && !self.ship_enclosed(h));
            self.figures[ship.index()] = None;
            // A Spirit riding the figure goes home, as when its host moves (Teleport).
            self.release_spirit(ship, super::SpiritBack::HostSailed, events);
            match to {
                Some(to) => self.figures[to.index()] = Some(figure),
                None => self.return_figure(figure),
            }
            events.push(Event::Sailed {
                from: ship,
                to,
                figure,
            });
        }
    }

    /// What the printed Astral Ship costs `seat` onto `ship`: 8 crystals less the Library's
    /// and the ship's discounts, at least 1.
    pub(super) fn printed_ship_price(&self, seat: Seat, ship: Hex) -> u8 {
        PRINTED_SHIP
            .saturating_sub(self.library(seat))
            .saturating_sub(self.board().ship_discount(ship))
            .max(1)
    }

    /// Whether the printed Astral Ship is played here: the River side, a game with crystals.
    fn printed_ship_offered(&self) -> bool {
        self.board().has_river() && matches!(self.options.mode, Mode::Standard | Mode::Beginner)
    }

    /// The printed Astral Ship's actions in the card step: a worker onto each open ship.
    pub(super) fn printed_ship_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.printed_ship_offered() || self.seats[seat.index()].workers == 0 {
            return;
        }
        for ship in self.open_ships() {
            let cost = self.printed_ship_price(seat, ship);
            self.push_payments(seat, Resource::Crystal, cost, out, |w| {
                Action::Ship(ship, w)
            });
        }
    }

    /// Checks the printed Astral Ship onto `ship`.
    pub(super) fn check_printed_ship(
        &self,
        ship: Hex,
        with: Option<Resource>,
    ) -> Result<Paid, RulesError> {
        let seat = self.current;
        if !self.printed_ship_offered() {
            return Err(RulesError::NotPossible(t!("pandoria-printed-ship-river")));
        }
        if self.seats[seat.index()].workers == 0 {
            return Err(RulesError::NoWorker);
        }
        if !self.open_ships().contains(&ship) {
            let open = self.open_ships();
            let at = notation(ship);
            let why = if self.board().space(ship) != (Space::Lake { ship: true }) {
                t!("pandoria-ship-none", at = at)
            } else if self.figures[ship.index()].is_some() {
                t!("pandoria-ship-taken", at = at)
            } else {
                t!("pandoria-ship-enclosed", at = at)
            };
            return Err(RulesError::NotPossible(if open.is_empty() {
                t!("pandoria-ship-none-free", why = why)
            } else {
                t!("pandoria-ship-free", why = why, free = hexes_comma(&open))
            }));
        }
        let cost = self.printed_ship_price(seat, ship);
        let what = || t!("pandoria-pay-printed-ship", ship = notation(ship));
        self.check_payment(seat, &what, Resource::Crystal, cost, with)
    }

    /// The printed Astral Ship: pay, a Shrine scores (it counts as a spell card), a worker
    /// goes onto the ship; the card step is over.
    pub(super) fn printed_ship(
        &mut self,
        ship: Hex,
        with: Option<Resource>,
        events: &mut Vec<Event>,
    ) {
        let seat = self.current;
        let cost = self.printed_ship_price(seat, ship);
        let paid = self.paid(seat, Resource::Crystal, cost, with);
        self.pay(seat, paid);
        events.push(Event::PrintedShip {
            seat,
            at: ship,
            paid,
        });
        self.shrine_scores(seat, events);
        let figure = self.put_figure(seat, ship, false);
        events.push(Event::FigurePlaced { at: ship, figure });
        self.place_haunt(seat, ship, events);
        self.after_card(events);
    }

    /// The Astral Ship card on the River: the chosen ship's discount comes off what was paid
    /// (given back in crystals; the spell still costs at least 1).
    pub(super) fn ship_card_discount(&mut self, seat: Seat, ship: Hex, events: &mut Vec<Event>) {
        let discount = self.board().ship_discount(ship);
        let paid: u8 = self.turn.spell_paid.iter().sum();
        let back = discount.min(paid.saturating_sub(1));
        if back == 0 {
            return;
        }
        let camp = self.camp(seat);
        let s = &mut self.seats[seat.index()];
        let crystals = &mut s.resources[Resource::Crystal.index()];
        *crystals = (*crystals + back).min(camp);
        events.push(Event::ShipDiscount {
            seat,
            at: ship,
            crystals: back,
        });
    }
}
