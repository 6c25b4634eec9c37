//! Steps 4–7 of a Pandoria turn and what realms add to them: playing a card as a spell or
//! building, monuments, prices and Market payments, scoring with buildings and the 10-cap,
//! buying, the Elves' move, the Poorhouse, drawing, the end of rounds and the final scoring.
//!
//! Why this file is long (about 1,770 lines, over issue 29's 1,000 and still to be split, one `impl`): it was left whole by issue 11's first
//! file split (RTTA's steps, Pandoria's word types, the Pandoria picture). Its seams for the
//! next split: prices and payments, card play (buildings, monuments, Halflings, Mages), the
//! later actions, buying, and the end of turns and rounds.

use super::cards::{BuildingEffect, Card, CardId, Rate, Realm, Resource, cards};
use super::error::RulesError;
use super::{Action, Choice, Event, Land, Mode, Paid, Pandoria, SLOTS, StartTiles, Step};
use crate::game::{Game, Outcome, Seat};
use crate::hex::Hex;

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

    fn has_building(&self, seat: Seat, want: impl Fn(BuildingEffect) -> bool) -> bool {
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
                name: other.building.name(),
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
        what: &dyn Fn() -> String,
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
                    why: format!(
                        "you have {} to pay {}; leave out \"with {w}\"",
                        resource.amount(have),
                        resource.amount(cost)
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
                cost: resource.amount(cost),
                have: resource.amount(have),
                hint: String::new(),
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
                cost: resource.amount(cost),
                have: resource.amount(have),
                hint: format!(
                    ", and your Market ({rate}:1) would need {need} of another resource for the missing {short}"
                ),
            }),
            None => Err(RulesError::PaymentNeeded {
                what: what(),
                cost: resource.amount(cost),
                have: resource.amount(have),
                options: options
                    .iter()
                    .map(|r| format!("\"… with {r}\""))
                    .collect::<Vec<_>>()
                    .join(" or "),
            }),
            Some(w) if w == resource => Err(RulesError::BadPayment {
                with: w,
                why: format!("the Market pays the missing {resource} with another resource"),
            }),
            Some(w) if !options.contains(&w) => Err(RulesError::BadPayment {
                with: w,
                why: format!(
                    "the missing {} cost {} at {rate}:1 and you have {}",
                    resource.amount(short),
                    w.amount(need),
                    w.amount(self.seats[seat.index()].resource(w))
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
        self.evict_goblin(seat, slot, "overbuilt", events);
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
        self.evict_goblin(seat, slot, "covered by a monument", events);
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
            RulesError::Goblin(format!("{} has cast no spell", self.seat_name(owner)))
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
            return Err(RulesError::Goblin(format!(
                "{}'s slot {slot} shows no building",
                self.seat_name(owner)
            )));
        };
        if target.goblin.is_some() {
            return Err(RulesError::Goblin(format!(
                "a goblin already occupies {}'s slot {slot}",
                self.seat_name(owner)
            )));
        }
        let s = &self.seats[seat.index()];
        if s.workers == 0 && !s.leader {
            return Err(RulesError::Goblin(
                "you have no figure in your reserve".into(),
            ));
        }
        let card = cards().card(id);
        let kind = self.identity(card.building);
        if let Some((_, other)) = self
            .controlled_buildings(seat)
            .find(|(_, c)| self.identity(c.building) == kind)
        {
            return Err(RulesError::Goblin(format!(
                "you already control a {}: never two identical buildings",
                other.building.name()
            )));
        }
        Ok((card, card.wood.saturating_sub(1).max(1)))
    }

    /// Whether `seat` plays the Goblins and `owner` is an opponent (not itself, not its
    /// partner).
    fn goblin_target(&self, seat: Seat, owner: Seat) -> Result<(), RulesError> {
        if self.ability(seat) != Some(Realm::Goblins) {
            return Err(RulesError::NotPossible(
                "only the Goblins cast opponents' spells and occupy their buildings".into(),
            ));
        }
        if owner.index() >= self.seats.len() || owner == seat || self.partner(seat) == Some(owner) {
            return Err(RulesError::Goblin("choose an opponent".into()));
        }
        Ok(())
    }

    /// Goblins: every opponent's top spell and building it may take now, each payment.
    fn goblin_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
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
        why: &str,
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
            why: why.into(),
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

    fn hand_text(&self, seat: Seat) -> String {
        let hand = &self.seats[seat.index()].cards;
        if hand.is_empty() {
            "no cards".into()
        } else {
            hand.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        }
    }

    pub(super) fn in_hand(&self, seat: Seat, card: CardId) -> Result<&'static Card, RulesError> {
        if self.seats[seat.index()].cards.contains(&card) {
            Ok(cards().card(card))
        } else {
            Err(RulesError::NoSuchCard {
                card,
                hand: self.hand_text(seat),
            })
        }
    }

    fn halfling_combo(&self, seat: Seat) -> bool {
        self.second_edition() && self.ability(seat) == Some(Realm::Halflings)
    }

    fn mage_recast(&self, seat: Seat) -> bool {
        self.second_edition() && self.ability(seat) == Some(Realm::Mages)
    }

    /// Whether the decision has no real choice (nothing or only `pass` is legal) for a reason
    /// every player can see, so that the engine takes it by itself (issue 12). Where the
    /// choice depends on the hidden hand cards (step 4, the Yucata Halflings' spell, Master
    /// Builder, Construct), a hand that holds no playable card is not such a reason: while
    /// any card the seat might hold as far as the others know — any card in a hand or the
    /// deck — could be played, the seat is asked and passes. Otherwise the skipped step, the
    /// log and the timing would tell everybody that the hand holds nothing playable.
    pub(super) fn is_trivial(&self) -> bool {
        let mut out = Vec::new();
        // Mostly a hand card can be played, and that alone makes it a choice: the rest of the
        // list is not needed then.
        if matches!(self.step, Step::Card | Step::HalflingSpell) {
            for &c in &self.seats[self.current.index()].cards {
                self.hand_card_actions(c, &mut out);
                if !out.is_empty() {
                    return false;
                }
            }
        }
        self.later_actions_into(&mut out);
        (out.is_empty() || out == [Action::Pass]) && !self.hidden_hand_might_play()
    }

    /// Whether the player to act holds hand cards and some unseen card (in any hand or the
    /// deck) would offer an action in the current step if it were one of them.
    fn hidden_hand_might_play(&self) -> bool {
        if self.seats[self.current.index()].cards.is_empty() {
            return false;
        }
        let unseen = self.seats.iter().flat_map(|s| &s.cards).chain(&self.deck);
        if matches!(self.step, Step::Card | Step::HalflingSpell) {
            return self.any_card_playable(unseen.map(|&c| cards().card(c)).collect());
        }
        let mut out = Vec::new();
        unseen.into_iter().any(|&c| {
            out.clear();
            self.hand_card_actions(c, &mut out);
            !out.is_empty()
        })
    }

    /// Whether [`Self::hand_card_actions`] offers anything for one of `candidates` in step 4
    /// or the Yucata Halflings' spell, without trying every card: a spell's price grows with
    /// the card's crystals and a building's with its wood, and paying less is never harder,
    /// so the cheapest spell decides, and in each slot the cheapest building that may go there.
    fn any_card_playable(&self, mut candidates: Vec<&'static Card>) -> bool {
        let seat = self.current;
        let mut out = Vec::new();
        let mut affordable = |resource: Resource, cost: u8| {
            out.clear();
            self.push_payments(seat, resource, cost, &mut out, |_| Action::Pass);
            !out.is_empty()
        };
        let Some(&cheapest) = candidates.iter().min_by_key(|c| c.crystals) else {
            return false;
        };
        if affordable(
            Resource::Crystal,
            self.spell_price(seat, cheapest, false, false),
        ) {
            return true;
        }
        if !(self.step == Step::Card && self.has_economy()) {
            return false;
        }
        if self.halfling_combo(seat)
            && affordable(
                Resource::Crystal,
                self.spell_price(seat, cheapest, false, true),
            )
        {
            return true;
        }
        candidates.sort_by_key(|c| c.wood);
        (1..=SLOTS as u8).any(|slot| {
            candidates
                .iter()
                .find_map(|c| self.build_price(seat, c.id, slot, BuildHow::Normal).ok())
                .is_some_and(|cost| affordable(Resource::Wood, cost))
        })
    }

    /// The actions that hand card `c` of the player to act offers in the current step (none
    /// in steps that play no hand card).
    fn hand_card_actions(&self, c: CardId, out: &mut Vec<Action>) {
        let seat = self.current;
        match &self.step {
            Step::Card | Step::HalflingSpell => {
                let builds = self.step == Step::Card && self.has_economy();
                let card = cards().card(c);
                let cost = self.spell_price(seat, card, false, false);
                self.push_payments(seat, Resource::Crystal, cost, out, |w| Action::Spell(c, w));
                if builds {
                    if self.halfling_combo(seat) {
                        let cost = self.spell_price(seat, card, false, true);
                        self.push_payments(seat, Resource::Crystal, cost, out, |w| {
                            Action::Both(c, w)
                        });
                    }
                    for slot in 1..=SLOTS as u8 {
                        if let Ok(cost) = self.build_price(seat, c, slot, BuildHow::Normal) {
                            self.push_payments(seat, Resource::Wood, cost, out, |w| {
                                Action::Build(c, slot, w)
                            });
                        }
                    }
                }
            }
            Step::Effect { effect } => self.effect_card_actions(effect, c, out),
            _ => {}
        }
    }

    /// The legal actions of steps 4–7 and the realm, spell and choice steps.
    pub(super) fn later_actions_into(&self, out: &mut Vec<Action>) {
        let seat = self.current;
        match &self.step {
            Step::Card | Step::HalflingSpell => {
                let builds = self.step == Step::Card && self.has_economy();
                for &c in &self.seats[seat.index()].cards {
                    self.hand_card_actions(c, out);
                }
                if builds {
                    for slot in 1..=SLOTS as u8 {
                        if let Ok(cost) = self.monument_price(seat, slot, BuildHow::Normal) {
                            self.push_payments(seat, Resource::Wood, cost, out, |w| {
                                Action::Monument(slot, w)
                            });
                        }
                    }
                    self.goblin_actions_into(seat, out);
                    if self.mage_recast(seat)
                        && let Some(&top) = self.seats[seat.index()].spells.last()
                    {
                        let cost = self.spell_price(seat, cards().card(top), true, false);
                        self.push_payments(seat, Resource::Crystal, cost, out, Action::Recast);
                    }
                }
                if self.step == Step::Card {
                    self.relic_actions(seat, out);
                    self.printed_ship_actions(seat, out);
                }
                out.push(Action::Pass);
            }
            Step::Effect { .. } => self.effect_actions(out),
            Step::ComboBuild { card } => {
                let c = *card;
                for slot in 1..=SLOTS as u8 {
                    if let Ok(cost) = self.build_price(seat, c, slot, BuildHow::Combo) {
                        self.push_payments(seat, Resource::Wood, cost, out, |w| {
                            Action::Build(c, slot, w)
                        });
                    }
                }
                for slot in 1..=SLOTS as u8 {
                    if let Ok(cost) = self.monument_price(seat, slot, BuildHow::Combo) {
                        self.push_payments(seat, Resource::Wood, cost, out, |w| {
                            Action::Monument(slot, w)
                        });
                    }
                }
                if out.is_empty() {
                    out.push(Action::Pass);
                }
            }
            Step::Choices { .. } => {
                out.push(Action::Points);
                if !self.deck.is_empty() {
                    out.push(Action::Card);
                }
            }
            Step::Buy | Step::RoundBuy { .. } => {
                let Some(buyer) = self.decision().map(|d| d.seat) else {
                    return;
                };
                for pos in 1..=self.market.len() as u8 {
                    if let Ok((_, cost)) = self.buy_price(buyer, pos) {
                        self.push_payments(buyer, Resource::Gold, cost, out, |w| {
                            Action::Buy(pos, w)
                        });
                    }
                }
                out.push(Action::Pass);
            }
            Step::ElfMove => {
                let mut closed = ClosedMemo::default();
                for (from, f) in self.figures_of(seat) {
                    if f.leader {
                        continue;
                    }
                    for to in elf_reach(from) {
                        if self.elf_move_problem(from, to, &mut closed).is_none() {
                            out.push(Action::Move(from, to));
                        }
                    }
                }
                out.push(Action::Pass);
            }
            Step::Poorhouse => {
                for r in Resource::ALL {
                    if self.seats[seat.index()].resource(r) == 0 {
                        out.push(Action::Choose(r));
                    }
                }
            }
            _ => {}
        }
    }

    /// What the player may do now in steps 4–7, for refusals.
    pub(super) fn later_now(&self) -> String {
        match &self.step {
            Step::Card => {
                // The card step's choices by mode, with the expansions' own.
                let mut choices: Vec<String> = match self.options.mode {
                    Mode::Family => Vec::new(),
                    _ if self.has_economy() => vec![
                        "play a card (spell 17, build 17 3)".into(),
                        "erect a monument (monument 3)".into(),
                    ],
                    _ => vec!["cast a spell (spell 17)".into()],
                };
                // The relics and the printed Astral Ship are named by what is legal now: a
                // relic removed at set-up, or one the player cannot pay for, is never named.
                let mut relics = Vec::new();
                self.relic_actions(self.current, &mut relics);
                if !relics.is_empty() {
                    let names: Vec<String> = relics.iter().map(ToString::to_string).collect();
                    choices.push(format!("take a relic ({})", names.join(" or ")));
                }
                let mut ships = Vec::new();
                self.printed_ship_actions(self.current, &mut ships);
                if let Some(ship) = ships.first() {
                    choices.push(format!("cast the printed Astral Ship ({ship})"));
                }
                choices.push("pass".into());
                let last = choices.pop().unwrap_or_else(|| "pass".into());
                match choices.len() {
                    0 => last,
                    1 => format!("{} or {last}", choices[0]),
                    _ => format!("{}, or {last}", choices.join(", ")),
                }
            }
            Step::HalflingSpell => "cast a spell after building (spell 17) or pass".into(),
            Step::Effect { .. } => self.effect_now(),
            Step::ComboBuild { card } => {
                format!("build card {card} (build {card} 3) or erect a monument (monument 3)")
            }
            Step::Choices { .. } => "take the points (points) or a card (card)".into(),
            Step::Buy | Step::RoundBuy { .. } => "buy a market card (buy 2) or pass".into(),
            Step::ElfMove => "move a worker up to 2 spaces (move D7 E8) or pass".into(),
            Step::Poorhouse => {
                "choose the resource at 0 that becomes 2 (crystal, gold or wood)".into()
            }
            Step::Over => "nothing: the game is over".into(),
            _ => String::new(),
        }
    }

    /// Checks an action of steps 4–7 and the realm, spell and choice steps.
    pub(super) fn validate_later(&self, action: &Action) -> Result<(), RulesError> {
        let wrong = |tried: &'static str| {
            Err(RulesError::WrongStep {
                tried,
                now: self.now(),
            })
        };
        let seat = self.current;
        match (&self.step, *action) {
            (Step::Realm { seat }, Action::Realm(realm)) => {
                if !self.options.realm_sets.allows(realm.set()) {
                    let names: Vec<&str> = self
                        .options
                        .realm_sets
                        .realms()
                        .iter()
                        .map(|r| r.data().name.as_str())
                        .collect();
                    return Err(RulesError::RealmNotOffered(realm, names.join(", ")));
                }
                if self.options.mode == Mode::Beginner
                    && self
                        .seats
                        .iter()
                        .enumerate()
                        .any(|(i, s)| i != seat.index() && s.realm == Some(realm))
                {
                    return Err(RulesError::RealmTaken(realm));
                }
                Ok(())
            }
            (Step::Realm { .. }, _) => wrong("do that before everybody has a realm"),
            (Step::Card | Step::HalflingSpell, Action::Spell(c, with)) => {
                let card = self.in_hand(seat, c)?;
                let cost = self.spell_price(seat, card, false, false);
                let what = || format!("{} (card {c})", card.spell.label());
                self.check_payment(seat, &what, Resource::Crystal, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::Both(c, with)) => {
                if !self.halfling_combo(seat) {
                    return Err(RulesError::NotPossible(
                        "only second-edition Halflings use a card's spell and building together"
                            .into(),
                    ));
                }
                let card = self.in_hand(seat, c)?;
                let cost = self.spell_price(seat, card, false, true);
                let what = || format!("{} (card {c})", card.spell.label());
                self.check_payment(seat, &what, Resource::Crystal, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::Recast(with)) => {
                if !self.mage_recast(seat) {
                    return Err(RulesError::NotPossible(
                        "only second-edition Mages recast their last spell".into(),
                    ));
                }
                let top = *self.seats[seat.index()]
                    .spells
                    .last()
                    .ok_or(RulesError::NothingToRecast)?;
                let card = cards().card(top);
                let cost = self.spell_price(seat, card, true, false);
                let what = || format!("recasting {}", card.spell.label());
                self.check_payment(seat, &what, Resource::Crystal, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::Build(c, slot, with)) => {
                if !self.has_economy() {
                    return Err(RulesError::SpellsOnly(c));
                }
                let card = self.in_hand(seat, c)?;
                let cost = self.build_price(seat, c, slot, BuildHow::Normal)?;
                let what = || format!("{} (card {c}) in slot {slot}", card.building.label());
                self.check_payment(seat, &what, Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::Monument(slot, with)) => {
                if !self.has_economy() {
                    return wrong("erect a monument in the family game");
                }
                let cost = self.monument_price(seat, slot, BuildHow::Normal)?;
                let what = || format!("a monument over slot {slot}");
                self.check_payment(seat, &what, Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::GoblinSpell(owner, with)) => {
                let (card, cost) = self.goblin_spell_price(seat, owner)?;
                let what = || {
                    format!(
                        "{} from {}'s spells",
                        card.spell.label(),
                        self.seat_name(owner)
                    )
                };
                self.check_payment(seat, &what, Resource::Crystal, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::Occupy(owner, slot, with)) => {
                let (card, cost) = self.occupy_price(seat, owner, slot)?;
                let what = || {
                    format!(
                        "{} in {}'s slot {slot}",
                        card.building.label(),
                        self.seat_name(owner)
                    )
                };
                self.check_payment(seat, &what, Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Step::Card | Step::HalflingSpell, Action::Pass) => Ok(()),
            (Step::Card, Action::Relic(points)) => self.check_relic(points),
            (Step::Card, Action::Ship(h, with)) => self.check_printed_ship(h, with).map(|_| ()),
            (Step::HalflingSpell, Action::Build(..) | Action::Monument(..)) => {
                wrong("build twice in one turn")
            }
            (Step::Card | Step::HalflingSpell | Step::Effect { .. }, Action::Buy(..))
                if !self.may_buy() =>
            {
                Err(RulesError::NoPurchase)
            }
            (Step::Card | Step::HalflingSpell, _) => wrong("do that"),
            (Step::Effect { .. }, _) => self.validate_effect(action),
            (Step::ComboBuild { card }, Action::Build(c, slot, with)) => {
                if c != *card {
                    return Err(RulesError::NotTheCastCard(*card));
                }
                let cost = self.build_price(seat, c, slot, BuildHow::Combo)?;
                let what = || {
                    format!(
                        "{} (card {c}) in slot {slot}",
                        cards().card(c).building.label()
                    )
                };
                self.check_payment(seat, &what, Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Step::ComboBuild { .. }, Action::Monument(slot, with)) => {
                let cost = self.monument_price(seat, slot, BuildHow::Combo)?;
                let what = || format!("a monument over slot {slot}");
                self.check_payment(seat, &what, Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Step::ComboBuild { card }, Action::Pass) => {
                if self.is_trivial() {
                    Ok(())
                } else {
                    Err(RulesError::MustChoose(format!(
                        "you cast card {card} to build it too: build it (build {card} 3) or erect a monument (monument 3)"
                    )))
                }
            }
            (Step::ComboBuild { .. }, _) => wrong("do that"),
            (Step::Choices { .. }, Action::Points) => Ok(()),
            (Step::Choices { .. }, Action::Card) => {
                if self.deck.is_empty() {
                    Err(RulesError::NotPossible(
                        "the deck is empty: take the points".into(),
                    ))
                } else {
                    Ok(())
                }
            }
            (Step::Choices { .. }, _) => wrong("do that"),
            (Step::Buy | Step::RoundBuy { .. }, Action::Buy(pos, with)) => {
                let buyer = self.decision().map_or(seat, |d| d.seat);
                let (card, cost) = self.buy_price(buyer, pos)?;
                let what = || format!("market card {pos} ({})", cards().card(card).spell.label());
                self.check_payment(buyer, &what, Resource::Gold, cost, with)
                    .map(|_| ())
            }
            (Step::Buy | Step::RoundBuy { .. }, Action::Pass) => Ok(()),
            (Step::Buy | Step::RoundBuy { .. }, _) => wrong("do that"),
            (Step::ElfMove, Action::Move(from, to)) => {
                match self.figures[from.index()] {
                    Some(f) if f.seat == seat && !f.leader => {}
                    Some(f) if f.seat == seat => {
                        return Err(RulesError::BadMove {
                            from,
                            to,
                            why: "the Elves move a worker, never the leader".into(),
                        });
                    }
                    _ => return Err(RulesError::NotYourFigure(from)),
                }
                if from.distance(to) > 2 || from == to {
                    return Err(RulesError::BadMove {
                        from,
                        to,
                        why: "a worker moves 1 or 2 spaces".into(),
                    });
                }
                match self.elf_move_problem(from, to, &mut ClosedMemo::default()) {
                    Some(why) => Err(RulesError::BadMove {
                        from,
                        to,
                        why: why.into(),
                    }),
                    None => Ok(()),
                }
            }
            (Step::ElfMove, Action::Pass) => Ok(()),
            (Step::ElfMove, _) => wrong("do that"),
            (Step::Poorhouse, Action::Choose(r)) => {
                if self.seats[seat.index()].resource(r) == 0 {
                    Ok(())
                } else {
                    Err(RulesError::NotZero(r))
                }
            }
            (Step::Poorhouse, Action::Pass) => Err(RulesError::MustChoose(
                "the Poorhouse raises one of your resources at 0 to 2: choose which".into(),
            )),
            (Step::Poorhouse, _) => wrong("do that"),
            _ => wrong("do that"),
        }
    }

    /// Applies a validated action of steps 4–7 and the realm, spell and choice steps.
    pub(super) fn perform_later(&mut self, action: Action, events: &mut Vec<Event>) {
        let seat = self.current;
        match (&self.step, action) {
            (Step::Realm { seat }, Action::Realm(realm)) => {
                let seat = *seat;
                self.seats[seat.index()].realm = Some(realm);
                events.push(Event::RealmChosen { seat, realm });
                let n = self.seats.len() as u8;
                let next = (1..n)
                    .map(|k| Seat((seat.0 + k) % n))
                    .find(|s| self.seats[s.index()].realm.is_none());
                match next {
                    Some(s) => self.step = Step::Realm { seat: s },
                    None => {
                        self.setup_realms();
                        if self.options.start_tiles == StartTiles::Chosen
                            && !Hex::all().any(|h| {
                                matches!(self.land[h.index()], Land::Terrain { tile: Some(_), .. })
                            })
                        {
                            self.step = Step::StartTile { next: 0 };
                        } else {
                            self.step = Step::Place;
                            self.settle(events);
                        }
                    }
                }
            }
            (Step::Card | Step::HalflingSpell, Action::Spell(c, with)) => {
                let card = cards().card(c);
                let cost = self.spell_price(seat, card, false, false);
                let paid = self.paid(seat, Resource::Crystal, cost, with);
                self.pay(seat, paid);
                self.seats[seat.index()].cards.retain(|&x| x != c);
                self.cast(seat, c, paid, false, events);
            }
            (Step::Card, Action::Both(c, with)) => {
                let card = cards().card(c);
                let cost = self.spell_price(seat, card, false, true);
                let paid = self.paid(seat, Resource::Crystal, cost, with);
                self.pay(seat, paid);
                self.seats[seat.index()].cards.retain(|&x| x != c);
                self.turn.combo = Some(c);
                self.cast(seat, c, paid, false, events);
            }
            (Step::Card, Action::Recast(with)) => {
                let top = *self.seats[seat.index()].spells.last().expect("checked");
                let cost = self.spell_price(seat, cards().card(top), true, false);
                let paid = self.paid(seat, Resource::Crystal, cost, with);
                self.pay(seat, paid);
                self.cast(seat, top, paid, true, events);
            }
            (Step::Card, Action::Build(c, slot, with)) => {
                self.seats[seat.index()].cards.retain(|&x| x != c);
                self.build(seat, c, slot, with, BuildHow::Normal, events);
                self.after_building(events);
            }
            (Step::Card, Action::Monument(slot, with)) => {
                self.erect_monument(seat, slot, with, BuildHow::Normal, events);
                self.after_building(events);
            }
            (Step::Card, Action::GoblinSpell(owner, with)) => {
                let (card, cost) = self.goblin_spell_price(seat, owner).expect("checked");
                let paid = self.paid(seat, Resource::Crystal, cost, with);
                self.pay(seat, paid);
                self.cast_from(seat, owner, card.id, paid, events);
            }
            (Step::Card, Action::Occupy(owner, slot, with)) => {
                let (card, cost) = self.occupy_price(seat, owner, slot).expect("checked");
                let paid = self.paid(seat, Resource::Wood, cost, with);
                self.pay(seat, paid);
                let leader = self.seats[seat.index()].workers == 0;
                let figure = self.take_from_reserve(seat, leader);
                self.seats[owner.index()].slots[usize::from(slot - 1)].goblin = Some(figure);
                events.push(Event::Occupied {
                    seat,
                    owner,
                    slot,
                    card: card.id,
                    figure,
                    paid,
                });
                self.after_building(events);
            }
            (Step::Card | Step::HalflingSpell, Action::Pass) => self.after_card(events),
            (Step::Card, Action::Relic(points)) => {
                self.take_relic(points, events);
                self.after_card(events);
            }
            (Step::Card, Action::Ship(h, with)) => self.printed_ship(h, with, events),
            (Step::Effect { .. }, _) => self.perform_effect(action, events),
            (Step::ComboBuild { .. }, Action::Build(c, slot, with)) => {
                let pile = &mut self.seats[seat.index()].spells;
                if let Some(p) = pile.iter().rposition(|&x| x == c) {
                    pile.remove(p);
                }
                self.build(seat, c, slot, with, BuildHow::Combo, events);
                self.after_card(events);
            }
            (Step::ComboBuild { .. }, Action::Monument(slot, with)) => {
                self.erect_monument(seat, slot, with, BuildHow::Combo, events);
                self.after_card(events);
            }
            (Step::ComboBuild { .. }, Action::Pass) => self.after_card(events),
            (Step::Choices { queue }, Action::Points | Action::Card) => {
                let mut queue = queue.clone();
                let choice = queue.remove(0);
                if action == Action::Card {
                    events.push(Event::ChoseCard {
                        seat: choice.seat,
                        points: choice.points,
                        region: choice.region,
                    });
                    self.draw_card(choice.seat, events);
                } else {
                    let s = &mut self.seats[choice.seat.index()];
                    s.score += choice.points;
                    s.parts.regions += choice.points;
                    events.push(Event::ChosePoints {
                        seat: choice.seat,
                        points: choice.points,
                        region: choice.region,
                    });
                }
                self.continue_choices(queue, events);
            }
            (Step::Buy | Step::RoundBuy { .. }, Action::Buy(pos, with)) => {
                let buyer = self.decision().map_or(seat, |d| d.seat);
                let (card, cost) = self.buy_price(buyer, pos).expect("checked");
                let paid = self.paid(buyer, Resource::Gold, cost, with);
                self.pay(buyer, paid);
                self.market.remove(usize::from(pos - 1));
                self.seats[buyer.index()].cards.push(card);
                events.push(Event::Bought {
                    seat: buyer,
                    card,
                    paid,
                });
                self.refill_market(events);
                self.after_buy(events);
            }
            (Step::Buy | Step::RoundBuy { .. }, Action::Pass) => self.after_buy(events),
            (Step::ElfMove, Action::Move(from, to)) => {
                self.release_spirit(from, "its host moved", events);
                self.break_golem_pair(from);
                if let Some(figure) = self.figures[from.index()].take() {
                    self.figures[to.index()] = Some(figure);
                    events.push(Event::FigureMoved { from, to, figure });
                }
                self.begin_poorhouse_step(events);
            }
            (Step::ElfMove, Action::Pass) => self.begin_poorhouse_step(events),
            (Step::Poorhouse, Action::Choose(r)) => {
                self.seats[seat.index()].resources[r.index()] = 2;
                events.push(Event::ResourceSet {
                    seat,
                    resource: r,
                    value: 2,
                    by: "Poorhouse".into(),
                });
                self.finish_turn(events);
            }
            _ => unreachable!("validated: {action:?} in {:?}", self.step),
        }
    }

    /// The payment of a validated action.
    pub(super) fn paid(
        &self,
        seat: Seat,
        resource: Resource,
        cost: u8,
        with: Option<Resource>,
    ) -> Paid {
        self.check_payment(seat, &String::new, resource, cost, with)
            .expect("validated payment")
    }

    fn after_building(&mut self, events: &mut Vec<Event>) {
        if self.ability(self.current) == Some(Realm::Halflings) && !self.second_edition() {
            self.step = Step::HalflingSpell;
            if !self.is_trivial() {
                return;
            }
        }
        self.after_card(events);
    }

    /// Step 4 begins (the family game has none).
    pub(super) fn begin_card_step(&mut self, events: &mut Vec<Event>) {
        // The family game has no card step; with Artifacts it offers the relics there.
        if self.options.mode == Mode::Family {
            let mut relics = Vec::new();
            self.relic_actions(self.current, &mut relics);
            if relics.is_empty() {
                return self.after_card(events);
            }
        }
        self.step = Step::Card;
        if self.is_trivial() {
            self.after_card(events);
        }
    }

    /// Step 5: scores every region closed this turn. Resources over 10 are converted per
    /// resource after all regions (text 004 step 5). In the family game with spells each
    /// scorer then chooses points or a card per region.
    pub(super) fn after_card(&mut self, events: &mut Vec<Event>) {
        self.turn.combo = None;
        let n = self.seats.len();
        let regions = std::mem::take(&mut self.turn.closed);
        let mut gains = vec![[0i32; 3]; n];
        let mut choices = Vec::new();
        for region in &regions {
            let scores = self.score_region(region);
            let resource = Self::yield_of(region.terrain).filter(|_| self.has_economy());
            for s in &scores {
                match (self.options.mode, resource) {
                    (Mode::FamilySpells, _) => choices.push(Choice {
                        seat: s.seat,
                        points: s.points,
                        region: region.at,
                    }),
                    (_, Some(r)) => gains[s.seat.index()][r.index()] += s.gained,
                    (_, None) => {
                        // The building bonus within a region's points counts as buildings.
                        let seat = &mut self.seats[s.seat.index()];
                        seat.score += s.points;
                        seat.parts.regions += s.points - s.bonus;
                        seat.parts.buildings += s.bonus;
                    }
                }
            }
            events.push(Event::RegionScored {
                region: region.clone(),
                scores,
            });
        }
        self.turn.closed = regions;
        for (i, gain) in gains.iter().enumerate() {
            for r in Resource::ALL {
                if gain[r.index()] > 0 {
                    self.gain(Seat(i as u8), r, gain[r.index()], events);
                }
            }
        }
        if !choices.is_empty() {
            // The player to act chooses first, then the others clockwise.
            let current = self.current.0 as usize;
            choices.sort_by_key(|c| (c.seat.index() + n - current) % n);
            return self.continue_choices(choices, events);
        }
        self.begin_buy_step(events);
    }

    fn continue_choices(&mut self, queue: Vec<Choice>, events: &mut Vec<Event>) {
        if queue.is_empty() {
            return self.begin_buy_step(events);
        }
        if self.deck.is_empty() {
            // Nothing to draw: everybody takes the points.
            for c in queue {
                let s = &mut self.seats[c.seat.index()];
                s.score += c.points;
                s.parts.regions += c.points;
                events.push(Event::ChosePoints {
                    seat: c.seat,
                    points: c.points,
                    region: c.region,
                });
            }
            return self.begin_buy_step(events);
        }
        self.step = Step::Choices { queue };
    }

    /// Adds resources; over 10 (the Fairies: 8) the marker stays at the top and the surplus
    /// scores at the seat's rate (1 point per 3, or a building's better rate), plus 1 for a
    /// Store.
    pub(super) fn gain(&mut self, seat: Seat, r: Resource, amount: i32, events: &mut Vec<Event>) {
        let camp = i32::from(self.camp(seat));
        let total = i32::from(self.seats[seat.index()].resource(r)) + amount;
        if total <= camp {
            self.seats[seat.index()].resources[r.index()] = total as u8;
            return;
        }
        let surplus = total - camp;
        let (points, lost) = self.rate_for(seat, r).convert(surplus);
        let store = i32::from(self.has_building(seat, |b| b == BuildingEffect::Store));
        let s = &mut self.seats[seat.index()];
        s.resources[r.index()] = camp as u8;
        s.score += points + store;
        s.parts.conversions += points;
        s.parts.buildings += store;
        events.push(Event::Converted {
            seat,
            resource: r,
            surplus,
            points: points + store,
            lost,
        });
    }

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
    fn may_buy(&self) -> bool {
        self.has_economy()
            && (!self.turn.closed.is_empty()
                || (self.ability(self.current) == Some(Realm::Mages) && !self.second_edition()))
    }

    /// Step 6: buying is open after closing a region (Yucata Mages: every turn).
    fn begin_buy_step(&mut self, events: &mut Vec<Event>) {
        if self.may_buy() {
            self.step = Step::Buy;
            if !self.is_trivial() {
                return;
            }
        }
        self.begin_elf_step(events);
    }

    fn after_buy(&mut self, events: &mut Vec<Event>) {
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
    fn elf_move_problem(
        &self,
        from: Hex,
        to: Hex,
        closed: &mut ClosedMemo,
    ) -> Option<&'static str> {
        let seat = self.current;
        let passable = |h: Hex| match self.land[h.index()] {
            Land::Terrain { .. } => true,
            Land::Castle { owner } => owner == seat,
            Land::Empty => false,
        };
        if self.figures[to.index()].is_some() {
            return Some("the space is occupied");
        }
        match self.land[to.index()] {
            Land::Empty => return Some("a worker moves over land, not onto lakes or empty plain"),
            Land::Castle { owner } if owner != seat => {
                return Some("a worker never moves onto a foreign castle");
            }
            Land::Terrain { .. } => {
                if closed.is_closed(self, to) {
                    return Some("the space is in a closed region");
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
                    Some(
                        "no space between them can be crossed (foreign castles, lakes and empty plain block the way)",
                    )
                }
            }
            _ => Some("a worker moves 1 or 2 spaces"),
        }
    }

    /// End of the turn: a Poorhouse raises a resource at 0 to 2.
    fn begin_poorhouse_step(&mut self, events: &mut Vec<Event>) {
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
                        by: "Poorhouse".into(),
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
    fn finish_turn(&mut self, events: &mut Vec<Event>) {
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
struct ClosedMemo {
    closed: crate::hex::HexSet,
    open: crate::hex::HexSet,
}

impl ClosedMemo {
    /// Whether the terrain hex `hex` lies in a closed region.
    fn is_closed(&mut self, game: &Pandoria, hex: Hex) -> bool {
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
fn elf_reach(from: Hex) -> impl Iterator<Item = Hex> {
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

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::game::{Game, Seed};
    use crate::pandoria::{Edition, Mode, Options};

    /// The step-4 skip check's shortcut (the cheapest spell, and per slot the cheapest
    /// building that may go there) says what trying every card in every slot says: for every
    /// unseen card alone and for all of them, at every card step of random standard games.
    #[test]
    fn the_cheapest_cards_decide_whether_an_unseen_card_might_be_played() {
        let mut checked = [0usize; 2];
        for seed in 0..24u64 {
            let options = Options {
                mode: Mode::Standard,
                edition: [Edition::Yucata, Edition::Second][seed as usize % 2],
                ..Options::default()
            };
            let players = 2 + seed as usize % 3;
            let mut g = Pandoria::new(&options, players, Seed::from_u64(seed)).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while let Some(d) = g.decision() {
                if matches!(g.step, Step::Card | Step::HalflingSpell) {
                    let unseen: Vec<&'static Card> = g
                        .seats
                        .iter()
                        .flat_map(|s| &s.cards)
                        .chain(&g.deck)
                        .map(|&c| cards().card(c))
                        .collect();
                    let plays = |card: &Card| {
                        let mut out = Vec::new();
                        g.hand_card_actions(card.id, &mut out);
                        !out.is_empty()
                    };
                    for &card in &unseen {
                        let expected = plays(card);
                        assert_eq!(
                            g.any_card_playable(vec![card]),
                            expected,
                            "card {}",
                            card.id
                        );
                        checked[usize::from(expected)] += 1;
                    }
                    let any = unseen.iter().any(|c| plays(c));
                    assert_eq!(g.any_card_playable(unseen), any);
                }
                let legal = g.legal_actions(d.seat);
                let action = legal[rng.random_range(0..legal.len())];
                g.apply(d.seat, &action).unwrap();
            }
        }
        // Both answers came up often.
        assert!(checked[0] > 100 && checked[1] > 100, "{checked:?}");
    }
}
