//! The card step and the later steps' check and apply: `validate_later` and `perform_later`
//! for every action after the figure step, the hand cards a seat holds, the Halflings' and
//! Mages' extras, the choices a card leaves to other seats, and gaining resources (with
//! buildings and the 10-cap). Prices are in `prices.rs`, buildings and monuments in
//! `building.rs`, spells in `spells.rs`, and the steps after the card step in `end.rs`.

use super::cards::{Card, CardId, Realm, Resource, cards};
use super::effects::BuildingEffect;
use super::end::ClosedMemo;
use super::error::{RulesError, joined};
use super::prices::{BuildHow, build_what};
use super::{Action, Choice, Event, Land, Mode, Paid, Pandoria, StartTiles, Step};
use crate::game::{Game, Seat};
use crate::hex::Hex;
use crate::t;
use crate::words::Text;

impl Pandoria {
    fn hand_text(&self, seat: Seat) -> Text {
        let hand = &self.seats[seat.index()].cards;
        if hand.is_empty() {
            t!("pandoria-no-cards")
        } else {
            joined(
                hand.iter().map(|c| t!("pandoria-card-number", card = c.0)),
                t!("pandoria-sep-comma"),
            )
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

    pub(super) fn halfling_combo(&self, seat: Seat) -> bool {
        self.second_edition() && self.ability(seat) == Some(Realm::Halflings)
    }

    pub(super) fn mage_recast(&self, seat: Seat) -> bool {
        self.second_edition() && self.ability(seat) == Some(Realm::Mages)
    }

    /// Checks an action of steps 4–7 and the realm, spell and choice steps.
    pub(super) fn validate_later(&self, action: &Action) -> Result<(), RulesError> {
        let wrong = |tried: Text| {
            Err(RulesError::WrongStep {
                tried,
                now: self.now(),
            })
        };
        let seat = self.current;
        match (&self.step, *action) {
            (Step::Realm { seat }, Action::Realm(realm)) => {
                if !self.options.realm_sets.allows(realm.set()) {
                    let names = self.options.realm_sets.realms();
                    return Err(RulesError::RealmNotOffered(
                        realm,
                        joined(names.iter().map(|r| r.text()), t!("pandoria-sep-comma")),
                    ));
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
            (Step::Realm { .. }, _) => wrong(t!("pandoria-tried-before-realms")),
            (Step::Card | Step::HalflingSpell, Action::Spell(c, with)) => {
                let card = self.in_hand(seat, c)?;
                let cost = self.spell_price(seat, card, false, false);
                let what = || {
                    t!(
                        "pandoria-pay-spell",
                        spell = card.spell.label_text(),
                        card = c.0
                    )
                };
                self.check_payment(seat, &what, Resource::Crystal, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::Both(c, with)) => {
                if !self.halfling_combo(seat) {
                    return Err(RulesError::NotPossible(t!("pandoria-halflings-only")));
                }
                let card = self.in_hand(seat, c)?;
                let cost = self.spell_price(seat, card, false, true);
                let what = || {
                    t!(
                        "pandoria-pay-spell",
                        spell = card.spell.label_text(),
                        card = c.0
                    )
                };
                self.check_payment(seat, &what, Resource::Crystal, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::Recast(with)) => {
                if !self.mage_recast(seat) {
                    return Err(RulesError::NotPossible(t!("pandoria-mages-only")));
                }
                let top = *self.seats[seat.index()]
                    .spells
                    .last()
                    .ok_or(RulesError::NothingToRecast)?;
                let card = cards().card(top);
                let cost = self.spell_price(seat, card, true, false);
                let what = || t!("pandoria-pay-recast", spell = card.spell.label_text());
                self.check_payment(seat, &what, Resource::Crystal, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::Build(c, slot, with)) => {
                if !self.has_economy() {
                    return Err(RulesError::SpellsOnly(c));
                }
                self.in_hand(seat, c)?;
                let cost = self.build_price(seat, c, slot, BuildHow::Normal)?;
                let what = || build_what(c, slot);
                self.check_payment(seat, &what, Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::Monument(slot, with)) => {
                if !self.has_economy() {
                    return wrong(t!("pandoria-tried-family-monument"));
                }
                let cost = self.monument_price(seat, slot, BuildHow::Normal)?;
                let what = || t!("pandoria-pay-monument", slot = slot);
                self.check_payment(seat, &what, Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::GoblinSpell(owner, with)) => {
                let (card, cost) = self.goblin_spell_price(seat, owner)?;
                let what = || {
                    t!(
                        "pandoria-pay-goblin-spell",
                        spell = card.spell.label_text(),
                        seat = self.seat_name(owner)
                    )
                };
                self.check_payment(seat, &what, Resource::Crystal, cost, with)
                    .map(|_| ())
            }
            (Step::Card, Action::Occupy(owner, slot, with)) => {
                let (card, cost) = self.occupy_price(seat, owner, slot)?;
                let what = || {
                    t!(
                        "pandoria-pay-occupy",
                        building = card.building.label_text(),
                        seat = self.seat_name(owner),
                        slot = slot
                    )
                };
                self.check_payment(seat, &what, Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Step::Card | Step::HalflingSpell, Action::Pass) => Ok(()),
            (Step::Card, Action::Relic(points)) => self.check_relic(points),
            (Step::Card, Action::Ship(h, with)) => self.check_printed_ship(h, with).map(|_| ()),
            (Step::HalflingSpell, Action::Build(..) | Action::Monument(..)) => {
                wrong(t!("pandoria-tried-build-twice"))
            }
            (Step::Card | Step::HalflingSpell | Step::Effect { .. }, Action::Buy(..))
                if !self.may_buy() =>
            {
                Err(RulesError::NoPurchase)
            }
            (Step::Card | Step::HalflingSpell, _) => wrong(t!("pandoria-tried-do-that")),
            (Step::Effect { .. }, _) => self.validate_effect(action),
            (Step::ComboBuild { card }, Action::Build(c, slot, with)) => {
                if c != *card {
                    return Err(RulesError::NotTheCastCard(*card));
                }
                let cost = self.build_price(seat, c, slot, BuildHow::Combo)?;
                let what = || build_what(c, slot);
                self.check_payment(seat, &what, Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Step::ComboBuild { .. }, Action::Monument(slot, with)) => {
                let cost = self.monument_price(seat, slot, BuildHow::Combo)?;
                let what = || t!("pandoria-pay-monument", slot = slot);
                self.check_payment(seat, &what, Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Step::ComboBuild { card }, Action::Pass) => {
                if self.is_trivial() {
                    Ok(())
                } else {
                    Err(RulesError::MustChoose(t!(
                        "pandoria-must-combo",
                        card = card.0
                    )))
                }
            }
            (Step::ComboBuild { .. }, _) => wrong(t!("pandoria-tried-do-that")),
            (Step::Choices { .. }, Action::Points) => Ok(()),
            (Step::Choices { .. }, Action::Card) => {
                if self.deck.is_empty() {
                    Err(RulesError::NotPossible(t!("pandoria-deck-empty")))
                } else {
                    Ok(())
                }
            }
            (Step::Choices { .. }, _) => wrong(t!("pandoria-tried-do-that")),
            (Step::Buy | Step::RoundBuy { .. }, Action::Buy(pos, with)) => {
                let buyer = self.decision().map_or(seat, |d| d.seat);
                let (card, cost) = self.buy_price(buyer, pos)?;
                let what = || {
                    t!(
                        "pandoria-pay-market-card",
                        pos = pos,
                        spell = cards().card(card).spell.label_text()
                    )
                };
                self.check_payment(buyer, &what, Resource::Gold, cost, with)
                    .map(|_| ())
            }
            (Step::Buy | Step::RoundBuy { .. }, Action::Pass) => Ok(()),
            (Step::Buy | Step::RoundBuy { .. }, _) => wrong(t!("pandoria-tried-do-that")),
            (Step::ElfMove, Action::Move(from, to)) => {
                match self.figures[from.index()] {
                    Some(f) if f.seat == seat && !f.leader => {}
                    Some(f) if f.seat == seat => {
                        return Err(RulesError::BadMove {
                            from,
                            to,
                            why: t!("pandoria-why-elf-leader"),
                        });
                    }
                    _ => return Err(RulesError::NotYourFigure(from)),
                }
                if from.distance(to) > 2 || from == to {
                    return Err(RulesError::BadMove {
                        from,
                        to,
                        why: t!("pandoria-why-elf-distance"),
                    });
                }
                match self.elf_move_problem(from, to, &mut ClosedMemo::default()) {
                    Some(why) => Err(RulesError::BadMove { from, to, why }),
                    None => Ok(()),
                }
            }
            (Step::ElfMove, Action::Pass) => Ok(()),
            (Step::ElfMove, _) => wrong(t!("pandoria-tried-do-that")),
            (Step::Poorhouse, Action::Choose(r)) => {
                if self.seats[seat.index()].resource(r) == 0 {
                    Ok(())
                } else {
                    Err(RulesError::NotZero(r))
                }
            }
            (Step::Poorhouse, Action::Pass) => {
                Err(RulesError::MustChoose(t!("pandoria-must-poorhouse")))
            }
            (Step::Poorhouse, _) => wrong(t!("pandoria-tried-do-that")),
            _ => wrong(t!("pandoria-tried-do-that")),
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
                self.release_spirit(from, super::SpiritBack::HostMoved, events);
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
                    by: super::SetBy::Poorhouse,
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
        self.check_payment(seat, &|| Text::concat([]), resource, cost, with)
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
}
