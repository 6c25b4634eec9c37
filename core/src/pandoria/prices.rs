//! What cards and buildings cost: the buildings a seat controls and what they are worth, the
//! prices of spells, buildings, monuments and the Market's cards, the exchange rates, and
//! checking and paying a payment.

use super::cards::{Card, CardId, Realm, Resource, cards};
use super::effects::{BuildingEffect, Rate};
use super::error::{RulesError, joined};
use super::{Action, Paid, Pandoria, SLOTS};
use crate::game::{Game, Seat};
use crate::t;
use crate::words::{Arg, Text};

/// How a building or monument is paid for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BuildHow {
    /// The usual price with the seat's Carpenter.
    Normal,
    /// Master Builder: no wood.
    Free,
    /// Construct: the Carpenter discount from when the spell was cast.
    Construct(u8),
    /// Second-edition Halflings: 1 wood less.
    Combo,
}

/// The Goblins have only 4 spaces for their own buildings and monuments (text 004).
const GOBLIN_SLOTS: usize = 4;

/// Market positions and slots are counted from 1 in notation.
fn slot_index(slot: u8) -> Result<usize, RulesError> {
    if (1..=SLOTS as u8).contains(&slot) {
        Ok(usize::from(slot - 1))
    } else {
        Err(RulesError::NoSuchSlot(slot))
    }
}

/// What building `card` in `slot` pays for, for refusals ("Market 2:1 (card 12) in slot 3").
pub(super) fn build_what(card: CardId, slot: u8) -> Text {
    t!(
        "pandoria-pay-building",
        building = cards().card(card).building.label_text(),
        card = card.0,
        slot = slot
    )
}

impl Pandoria {
    /// The visible buildings of a seat with their slot index (0-based).
    pub(super) fn visible_buildings(
        &self,
        seat: Seat,
    ) -> impl Iterator<Item = (usize, &'static Card)> + '_ {
        self.seats[seat.index()]
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.building().map(|c| (i, cards().card(c))))
    }

    /// The buildings whose abilities a seat has: its visible ones (index = slot, 0-based)
    /// and, for the Goblins, the opponents' buildings it occupies (index ≥ `SLOTS`).
    pub(super) fn controlled_buildings(
        &self,
        seat: Seat,
    ) -> impl Iterator<Item = (usize, &'static Card)> + '_ {
        // Only the Goblins occupy: everyone else skips the walk over the other tableaus.
        let others = if self.ability(seat) == Some(Realm::Goblins) {
            self.seats.len()
        } else {
            0
        };
        let occupied = self.seats[..others]
            .iter()
            .enumerate()
            .flat_map(move |(o, s)| {
                s.slots.iter().enumerate().filter_map(move |(i, slot)| {
                    match (slot.goblin, slot.building()) {
                        (Some(g), Some(c)) if g.seat == seat => {
                            Some((SLOTS * (o + 1) + i, cards().card(c)))
                        }
                        _ => None,
                    }
                })
            });
        self.visible_buildings(seat).chain(occupied)
    }

    fn building_value(
        &self,
        seat: Seat,
        except: Option<usize>,
        f: impl Fn(BuildingEffect) -> Option<u8>,
    ) -> u8 {
        self.controlled_buildings(seat)
            .filter(|(i, _)| Some(*i) != except)
            .filter_map(|(_, c)| f(c.building))
            .max()
            .unwrap_or(0)
    }

    /// The Carpenter discount, not counting the building in slot `except` (an overbuilt
    /// Carpenter gives no discount for what covers it).
    pub(super) fn carpenter(&self, seat: Seat, except: Option<usize>) -> u8 {
        self.building_value(seat, except, |b| match b {
            BuildingEffect::Carpenter(n) => Some(n),
            _ => None,
        })
    }

    pub(super) fn library(&self, seat: Seat) -> u8 {
        self.building_value(seat, None, |b| match b {
            BuildingEffect::Library(n) => Some(n),
            _ => None,
        })
    }

    fn bank(&self, seat: Seat) -> u8 {
        self.building_value(seat, None, |b| match b {
            BuildingEffect::Bank(n) => Some(n),
            _ => None,
        })
    }

    fn market_rate(&self, seat: Seat) -> Option<u8> {
        self.controlled_buildings(seat)
            .find_map(|(_, c)| match c.building {
                BuildingEffect::Market(n) => Some(n),
                _ => None,
            })
    }

    pub(super) fn has_building(&self, seat: Seat, want: impl Fn(BuildingEffect) -> bool) -> bool {
        self.controlled_buildings(seat)
            .any(|(_, c)| want(c.building))
    }

    /// Points per spell from a Shrine.
    pub(super) fn shrine(&self, seat: Seat) -> u8 {
        self.building_value(seat, None, |b| match b {
            BuildingEffect::Shrine(n) => Some(n),
            _ => None,
        })
    }

    /// The rate for a resource over 10 and at the end (Lumberyard, Repository, Vault).
    pub fn rate_for(&self, seat: Seat, resource: Resource) -> Rate {
        self.controlled_buildings(seat)
            .find_map(|(_, c)| match (c.building, resource) {
                (BuildingEffect::Lumberyard(r), Resource::Wood)
                | (BuildingEffect::Repository(r), Resource::Crystal)
                | (BuildingEffect::Vault(r), Resource::Gold) => Some(r),
                _ => None,
            })
            .unwrap_or(Rate::USUAL)
    }

    /// Which buildings count as the same for the no-identical rule in this edition.
    fn identity(&self, b: BuildingEffect) -> super::BuildingKind {
        if self.second_edition() {
            b.kind().second_edition()
        } else {
            b.kind()
        }
    }

    /// What a spell costs in crystals: its cost (+1 for the Mages' recast), less the Library
    /// (and 1 for the second-edition Halflings' combination), at least 1. Free in the family
    /// game with spells.
    pub(super) fn spell_price(&self, seat: Seat, card: &Card, recast: bool, combo: bool) -> u8 {
        if !self.has_economy() {
            return 0;
        }
        let mut cost = card.crystals + u8::from(recast);
        cost = cost.saturating_sub(self.library(seat)).max(1);
        if combo {
            cost = cost.saturating_sub(1).max(1);
        }
        cost
    }

    /// What a building costs in wood in a slot (1–5), or why it cannot go there.
    pub(super) fn build_price(
        &self,
        seat: Seat,
        card: CardId,
        slot: u8,
        how: BuildHow,
    ) -> Result<u8, RulesError> {
        let i = slot_index(slot)?;
        let target = &self.seats[seat.index()].slots[i];
        if target.monument.is_some() {
            return Err(RulesError::MonumentNeverOverbuilt(slot));
        }
        let new = cards().card(card);
        let kind = self.identity(new.building);
        if let Some((j, other)) = self
            .controlled_buildings(seat)
            .find(|(j, c)| *j != i && self.identity(c.building) == kind)
        {
            // Indices from `SLOTS` on are opponents' buildings the Goblins occupy.
            let owner = (j >= SLOTS).then(|| self.seat_name(Seat((j / SLOTS - 1) as u8)));
            return Err(RulesError::Identical {
                building: other.building,
                slot: (j % SLOTS) as u8 + 1,
                owner,
                // Filled in by `validate`, which knows the step's notation.
                instead: None,
            });
        }
        if self.ability(seat) == Some(Realm::Goblins) && usize::from(slot) > GOBLIN_SLOTS {
            return Err(RulesError::GoblinSlots(slot));
        }
        if how == BuildHow::Free {
            return Ok(0);
        }
        let base = match target.building() {
            Some(old) => new.wood.saturating_sub(cards().card(old).wood).max(1),
            None => new.wood,
        };
        let discount = match how {
            BuildHow::Construct(d) => d,
            _ => self.carpenter(seat, Some(i)),
        };
        let mut cost = base.saturating_sub(discount).max(1);
        if how == BuildHow::Combo {
            cost = cost.saturating_sub(1).max(1);
        }
        Ok(cost)
    }

    /// What the top monument costs in wood over slot `slot`, or why it cannot go there.
    pub(super) fn monument_price(
        &self,
        seat: Seat,
        slot: u8,
        how: BuildHow,
    ) -> Result<u8, RulesError> {
        let i = slot_index(slot)?;
        if self.monuments.is_empty() {
            return Err(RulesError::NoMonumentLeft);
        }
        if self.ability(seat) == Some(Realm::Goblins) && usize::from(slot) > GOBLIN_SLOTS {
            return Err(RulesError::GoblinSlots(slot));
        }
        let target = &self.seats[seat.index()].slots[i];
        if target.monument.is_some() {
            return Err(RulesError::MonumentNeverOverbuilt(slot));
        }
        let Some(covered) = target.building() else {
            return Err(RulesError::NothingToCover(slot));
        };
        if how == BuildHow::Free {
            return Ok(0);
        }
        let base = 8u8.saturating_sub(cards().card(covered).wood).max(1);
        let discount = match how {
            BuildHow::Construct(d) => d,
            _ => self.carpenter(seat, Some(i)),
        };
        let mut cost = base.saturating_sub(discount).max(1);
        if how == BuildHow::Combo {
            cost = cost.saturating_sub(1).max(1);
        }
        Ok(cost)
    }

    /// What market card `pos` (1–4) costs in gold with the seat's Bank.
    pub(super) fn buy_price(&self, seat: Seat, pos: u8) -> Result<(CardId, u8), RulesError> {
        let card = usize::from(pos)
            .checked_sub(1)
            .and_then(|i| self.market.get(i))
            .copied()
            .ok_or(RulesError::NoMarketCard(pos, self.market.len()))?;
        let cost = cards()
            .card(card)
            .gold
            .saturating_sub(self.bank(seat))
            .max(1);
        Ok((card, cost))
    }

    /// Checks a payment of `cost` in `resource`, with an optional Market payment for the
    /// part the seat lacks, and says what would be paid.
    pub(super) fn check_payment(
        &self,
        seat: Seat,
        what: &dyn Fn() -> Text,
        resource: Resource,
        cost: u8,
        with: Option<Resource>,
    ) -> Result<Paid, RulesError> {
        let have = self.seats[seat.index()].resource(resource);
        let mut paid = [0u8; 3];
        if have >= cost {
            if let Some(w) = with {
                return Err(RulesError::BadPayment {
                    with: w,
                    why: t!(
                        "pandoria-pay-enough",
                        have = resource.count(have),
                        cost = resource.count(cost),
                        with = Arg::raw(w.name())
                    ),
                });
            }
            paid[resource.index()] = cost;
            return Ok(paid);
        }
        let short = cost - have;
        let Some(rate) = self.market_rate(seat) else {
            return Err(RulesError::CannotAfford {
                what: what(),
                cost: resource.count(cost),
                have: resource.count(have),
                hint: None,
            });
        };
        let need = short * rate;
        let options: Vec<Resource> = Resource::ALL
            .into_iter()
            .filter(|&r| r != resource && self.seats[seat.index()].resource(r) >= need)
            .collect();
        match with {
            None if options.is_empty() => Err(RulesError::CannotAfford {
                what: what(),
                cost: resource.count(cost),
                have: resource.count(have),
                hint: Some(t!(
                    "pandoria-pay-market-short",
                    rate = rate,
                    need = need,
                    short = short
                )),
            }),
            None => Err(RulesError::PaymentNeeded {
                what: what(),
                cost: resource.count(cost),
                have: resource.count(have),
                options: joined(
                    options
                        .iter()
                        .map(|r| t!("pandoria-pay-with", with = Arg::raw(r.name()))),
                    t!("pandoria-sep-or"),
                ),
            }),
            Some(w) if w == resource => Err(RulesError::BadPayment {
                with: w,
                why: t!("pandoria-pay-market-other", resource = resource.text()),
            }),
            Some(w) if !options.contains(&w) => Err(RulesError::BadPayment {
                with: w,
                why: t!(
                    "pandoria-pay-market-lacks",
                    short = resource.count(short),
                    need = w.count(need),
                    rate = rate,
                    have = w.count(self.seats[seat.index()].resource(w))
                ),
            }),
            Some(w) => {
                paid[resource.index()] = have;
                paid[w.index()] = need;
                Ok(paid)
            }
        }
    }

    /// Appends `make(with)` for every way the seat can pay `cost` in `resource`.
    pub(super) fn push_payments(
        &self,
        seat: Seat,
        resource: Resource,
        cost: u8,
        out: &mut Vec<Action>,
        make: impl Fn(Option<Resource>) -> Action,
    ) {
        let s = &self.seats[seat.index()];
        let have = s.resource(resource);
        if have >= cost {
            out.push(make(None));
            return;
        }
        if let Some(rate) = self.market_rate(seat) {
            let need = (cost - have) * rate;
            for r in Resource::ALL {
                if r != resource && s.resource(r) >= need {
                    out.push(make(Some(r)));
                }
            }
        }
    }

    pub(super) fn pay(&mut self, seat: Seat, paid: Paid) {
        for (have, p) in self.seats[seat.index()].resources.iter_mut().zip(paid) {
            *have -= p;
        }
    }

    /// Goblins: what casting `owner`'s top spell costs (its crystals − 1, at least 1), or why
    /// it cannot be cast.
    pub(super) fn goblin_spell_price(
        &self,
        seat: Seat,
        owner: Seat,
    ) -> Result<(&'static Card, u8), RulesError> {
        self.goblin_target(seat, owner)?;
        let top = *self.seats[owner.index()].spells.last().ok_or_else(|| {
            RulesError::Goblin(t!("pandoria-goblin-no-spell", seat = self.seat_name(owner)))
        })?;
        let card = cards().card(top);
        Ok((card, card.crystals.saturating_sub(1).max(1)))
    }

    /// Goblins: what occupying `owner`'s building in `slot` costs (its wood − 1, at least
    /// 1), or why it cannot be occupied.
    pub(super) fn occupy_price(
        &self,
        seat: Seat,
        owner: Seat,
        slot: u8,
    ) -> Result<(&'static Card, u8), RulesError> {
        self.goblin_target(seat, owner)?;
        let i = slot_index(slot)?;
        let target = &self.seats[owner.index()].slots[i];
        let Some(id) = target.building() else {
            return Err(RulesError::Goblin(t!(
                "pandoria-goblin-no-building",
                seat = self.seat_name(owner),
                slot = slot
            )));
        };
        if target.goblin.is_some() {
            return Err(RulesError::Goblin(t!(
                "pandoria-goblin-occupied",
                seat = self.seat_name(owner),
                slot = slot
            )));
        }
        let s = &self.seats[seat.index()];
        if s.workers == 0 && !s.leader {
            return Err(RulesError::Goblin(t!("pandoria-goblin-no-figure")));
        }
        let card = cards().card(id);
        let kind = self.identity(card.building);
        if let Some((_, other)) = self
            .controlled_buildings(seat)
            .find(|(_, c)| self.identity(c.building) == kind)
        {
            return Err(RulesError::Goblin(t!(
                "pandoria-goblin-identical",
                building = other.building.name_text()
            )));
        }
        Ok((card, card.wood.saturating_sub(1).max(1)))
    }
}
