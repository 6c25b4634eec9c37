//! Putting cards on a tableau: buildings (over an identical one or into a free slot),
//! monuments, and the Goblins' occupations of other realms' slots.

use super::cards::{CardId, Realm, Resource};
use super::error::RulesError;
use super::prices::BuildHow;
use super::{Action, Event, GoblinBack, Pandoria, SLOTS};
use crate::game::Seat;
use crate::t;

impl Pandoria {
    /// Puts a card from anywhere it was taken as a building in slot `slot` (1–5).
    pub(super) fn put_building(&mut self, seat: Seat, card: CardId, slot: u8) -> Option<CardId> {
        let s = &mut self.seats[seat.index()].slots[usize::from(slot - 1)];
        let covered = s.building();
        s.cards.push(card);
        covered
    }

    /// Builds `card` in `slot` (1–5) at the price `how` gives, paying wood or, where a
    /// Market allows, `with`. The caller has already taken the card from the hand or pile.
    pub(super) fn build(
        &mut self,
        seat: Seat,
        card: CardId,
        slot: u8,
        with: Option<Resource>,
        how: BuildHow,
        events: &mut Vec<Event>,
    ) {
        let paid = if how == BuildHow::Free {
            [0; 3]
        } else {
            let cost = self.build_price(seat, card, slot, how).expect("checked");
            self.paid(seat, Resource::Wood, cost, with)
        };
        self.pay(seat, paid);
        let covered = self.put_building(seat, card, slot);
        events.push(Event::Built {
            seat,
            card,
            slot,
            covered,
            paid,
        });
        self.evict_goblin(seat, slot, GoblinBack::Overbuilt, events);
    }

    /// Covers `slot` with the top monument at the price `how` gives, and scores it.
    pub(super) fn erect_monument(
        &mut self,
        seat: Seat,
        slot: u8,
        with: Option<Resource>,
        how: BuildHow,
        events: &mut Vec<Event>,
    ) {
        let paid = if how == BuildHow::Free {
            [0; 3]
        } else {
            let cost = self.monument_price(seat, slot, how).expect("checked");
            self.paid(seat, Resource::Wood, cost, with)
        };
        self.pay(seat, paid);
        let (value, covered) = self.put_monument(seat, slot);
        events.push(Event::MonumentBuilt {
            seat,
            slot,
            value,
            covered,
            paid,
        });
        self.evict_goblin(seat, slot, GoblinBack::Covered, events);
    }

    /// Whether `seat` plays the Goblins and `owner` is an opponent (not itself, not its
    /// partner).
    pub(super) fn goblin_target(&self, seat: Seat, owner: Seat) -> Result<(), RulesError> {
        if self.ability(seat) != Some(Realm::Goblins) {
            return Err(RulesError::NotPossible(t!("pandoria-goblins-only")));
        }
        if owner.index() >= self.seats.len() || owner == seat || self.partner(seat) == Some(owner) {
            return Err(RulesError::Goblin(t!("pandoria-goblin-opponent")));
        }
        Ok(())
    }

    /// Goblins: every opponent's top spell and building it may take now, each payment.
    pub(super) fn goblin_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.ability(seat) != Some(Realm::Goblins) {
            return;
        }
        for o in 0..self.seats.len() {
            let owner = Seat(o as u8);
            if let Ok((_, cost)) = self.goblin_spell_price(seat, owner) {
                self.push_payments(seat, Resource::Crystal, cost, out, |w| {
                    Action::GoblinSpell(owner, w)
                });
            }
            for slot in 1..=SLOTS as u8 {
                if let Ok((_, cost)) = self.occupy_price(seat, owner, slot) {
                    self.push_payments(seat, Resource::Wood, cost, out, |w| {
                        Action::Occupy(owner, slot, w)
                    });
                }
            }
        }
    }

    /// Goblins: the figure on `seat`'s slot `slot` goes back to its owner's reserve (the
    /// building was overbuilt or covered, or the Goblins recalled it).
    pub(super) fn evict_goblin(
        &mut self,
        seat: Seat,
        slot: u8,
        why: GoblinBack,
        events: &mut Vec<Event>,
    ) {
        let Some(figure) = self.seats[seat.index()].slots[usize::from(slot - 1)]
            .goblin
            .take()
        else {
            return;
        };
        self.return_figure(figure);
        events.push(Event::GoblinReturned {
            seat: figure.seat,
            owner: seat,
            slot,
            figure,
            why,
        });
    }

    /// Goblins: where `seat` has figures on opponents' buildings, as recall actions.
    pub(super) fn goblin_recalls(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        if self.ability(seat) != Some(Realm::Goblins) {
            return out;
        }
        for (o, s) in self.seats.iter().enumerate() {
            for (i, slot) in s.slots.iter().enumerate() {
                if slot.goblin.is_some_and(|g| g.seat == seat) {
                    out.push(Action::Recall(Seat(o as u8), i as u8 + 1));
                }
            }
        }
        out
    }

    /// Covers slot `slot` with the top monument and scores it.
    pub(super) fn put_monument(&mut self, seat: Seat, slot: u8) -> (u8, CardId) {
        let value = self.monuments.pop().expect("checked: a monument is left");
        let s = &mut self.seats[seat.index()];
        let covered = s.slots[usize::from(slot - 1)]
            .building()
            .expect("checked: a building to cover");
        s.slots[usize::from(slot - 1)].monument = Some(value);
        s.score += i32::from(value);
        s.parts.monuments += i32::from(value);
        (value, covered)
    }
}
