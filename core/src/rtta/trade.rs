//! The trade variant: preparing an offer, making it to a partner and the partner's answer.

use super::{Action, Event, GOODS, Resource, Rtta, RulesError, Step, seat};
use crate::game::{Game, PlayError, Seat};
use crate::t;
use crate::words::Text;

impl Rtta {
    pub(super) fn enter_trade(&mut self, events: &mut Vec<Event>) {
        if self.options.trade && self.seats.len() > 1 {
            self.step = Step::Trade;
        } else {
            self.enter_build(events);
        }
    }

    /// The most of `r` any player other than the current one holds.
    pub(super) fn most_held_by_others(&self, r: Resource) -> u8 {
        (0..self.seats.len())
            .filter(|&s| s != self.cur())
            .map(|s| self.holding(s, r))
            .max()
            .unwrap_or(0)
    }

    pub(super) fn set_offer(
        &mut self,
        give: bool,
        r: Resource,
        count: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let s = self.cur();
        let i = r.index();
        let (this, other) = if give {
            (self.turn.give[i], self.turn.get[i])
        } else {
            (self.turn.get[i], self.turn.give[i])
        };
        if this == count {
            return self.refuse(|now| RulesError::Unchanged {
                what: r.text(),
                count,
                now,
            });
        }
        if count > 0 && other > 0 {
            return self.refuse(|now| RulesError::BothSides {
                what: r.text(),
                now,
            });
        }
        if give {
            let have = self.holding(s, r);
            if count > have {
                return self.refuse(|now| RulesError::NotEnough {
                    what: r.text(),
                    have,
                    asked: count,
                    now,
                });
            }
            self.turn.give[i] = count;
        } else {
            if count > self.most_held_by_others(r) {
                return self.refuse(|now| RulesError::NobodyHas {
                    what: r.text(),
                    count,
                    now,
                });
            }
            let room = self.room(s, r);
            if count > room {
                return self.refuse(|now| RulesError::NoRoom {
                    who: t!("rtta-you"),
                    what: r.text(),
                    room,
                    now,
                });
            }
            self.turn.get[i] = count;
        }
        events.push(Event::OfferChanged {
            seat: seat(self.current),
            resource: r,
            give,
            count,
        });
        Ok(())
    }

    /// Why the prepared offer cannot go to `partner`, if it cannot.
    pub(super) fn offer_problem(
        &self,
        partner: Seat,
    ) -> Option<Box<dyn FnOnce(Text) -> RulesError + '_>> {
        let s = self.cur();
        let p = partner.index();
        if p >= self.seats.len() || p == s {
            return Some(Box::new(move |now| RulesError::BadPartner {
                seat: if p == s {
                    t!("rtta-yourself")
                } else {
                    t!("rtta-seat", n = p + 1)
                },
                now,
            }));
        }
        if self
            .turn
            .give
            .iter()
            .chain(self.turn.get.iter())
            .all(|&n| n == 0)
        {
            return Some(Box::new(|now| RulesError::EmptyOffer { now }));
        }
        // The legal actions ask this of every offer (the AI's playouts too): words are made
        // only inside the refusal, when one is made.
        for r in Resource::all() {
            let (give, get) = (self.turn.give[r.index()], self.turn.get[r.index()]);
            let (p_have, p_room) = (self.holding(p, r), self.room(p, r));
            if get > p_have {
                return Some(Box::new(move |now| RulesError::PartnerLacks {
                    partner: self.seat_name(partner),
                    what: r.text(),
                    have: p_have,
                    now,
                }));
            }
            if give > p_room {
                return Some(Box::new(move |now| RulesError::NoRoom {
                    who: self.seat_name(partner),
                    what: r.text(),
                    room: p_room,
                    now,
                }));
            }
            let (have, room) = (self.holding(s, r), self.room(s, r));
            if give > have {
                return Some(Box::new(move |now| RulesError::NotEnough {
                    what: r.text(),
                    have,
                    asked: give,
                    now,
                }));
            }
            if get > room {
                return Some(Box::new(move |now| RulesError::NoRoom {
                    who: t!("rtta-you"),
                    what: r.text(),
                    room,
                    now,
                }));
            }
        }
        None
    }

    pub(super) fn offer(
        &mut self,
        partner: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        if let Some(problem) = self.offer_problem(partner) {
            let now = self.now();
            return Err(PlayError::Rules(problem(now)));
        }
        self.turn.partner = Some(partner);
        self.step = Step::Answer;
        events.push(Event::Offered {
            from: seat(self.current),
            to: partner,
            give: self.turn.give,
            get: self.turn.get,
        });
        Ok(())
    }

    pub(super) fn answer(
        &mut self,
        accept: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let Some(partner) = self.turn.partner else {
            return self.wrong_step(if accept {
                &Action::Accept
            } else {
                &Action::Decline
            });
        };
        let from = seat(self.current);
        if accept {
            // Nothing can change between the offer and the answer, but the trade must never
            // take what is not there: check again.
            if let Some(problem) = self.offer_problem(partner) {
                let now = self.now();
                return Err(PlayError::Rules(problem(now)));
            }
            let (s, p) = (self.cur(), partner.index());
            for r in Resource::all() {
                let (give, get) = (self.turn.give[r.index()], self.turn.get[r.index()]);
                self.adjust(s, r, get, give);
                self.adjust(p, r, give, get);
            }
            events.push(Event::Traded {
                from,
                to: partner,
                give: self.turn.give,
                get: self.turn.get,
            });
            self.turn.give = [0; GOODS + 1];
            self.turn.get = [0; GOODS + 1];
        } else {
            events.push(Event::Declined { from, to: partner });
        }
        self.turn.partner = None;
        self.step = Step::Trade;
        Ok(())
    }

    pub(super) fn adjust(&mut self, s: usize, r: Resource, plus: u8, minus: u8) {
        let slot = match r {
            Resource::Good(g) => &mut self.seats[s].goods[usize::from(g.0)],
            Resource::Food => &mut self.seats[s].food,
        };
        *slot = *slot + plus - minus;
    }
}
