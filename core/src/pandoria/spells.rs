//! The 21 spell effects. Casting pays and puts the card on the caster's spell pile; then the
//! effect asks for its targets one decision at a time (`worker D7`, `move D7 E8`, `take 2`,
//! …), so that no listing of legal actions explodes. `pass` forgoes the rest of an effect
//! (Yucata lets a player cast a spell and forgo its effect, except Conjure and Rage).
//!
//! Why this file is long (807 lines): one arm per spell effect for its targets, each
//! effect's checks and application kept together.

use super::cards::{CardId, cards};
use super::data::Space;
use super::effects::{SpellEffect, TileSize};
use super::error::{RulesError, hexes_or, notation};
use super::prices::{BuildHow, build_what};
use super::regions::ClosedMap;
use super::{Action, Effect, Event, Land, Mode, Pandoria, RageTarget, SLOTS, Step};
use crate::game::Seat;
use crate::hex::{Hex, HexSet};
use crate::t;
use crate::words::Text;

impl Pandoria {
    /// Casts a card's spell (already paid): the card goes on the spell pile (into the box in
    /// the family game with spells), a Shrine scores, and the effect begins.
    pub(super) fn cast(
        &mut self,
        seat: Seat,
        card: CardId,
        paid: super::Paid,
        recast: bool,
        events: &mut Vec<Event>,
    ) {
        if !recast {
            if self.options.mode == Mode::FamilySpells {
                self.boxed.push(card);
            } else {
                self.seats[seat.index()].spells.push(card);
            }
        }
        self.turn.spell_paid = paid;
        events.push(Event::SpellCast {
            from: None,
            seat,
            card,
            paid,
            recast,
        });
        self.after_cast(seat, card, events);
    }

    /// Goblins: casts `owner`'s top spell (already paid); the card stays on `owner`'s pile.
    pub(super) fn cast_from(
        &mut self,
        seat: Seat,
        owner: Seat,
        card: CardId,
        paid: super::Paid,
        events: &mut Vec<Event>,
    ) {
        self.turn.spell_paid = paid;
        events.push(Event::SpellCast {
            from: Some(owner),
            seat,
            card,
            paid,
            recast: false,
        });
        self.after_cast(seat, card, events);
    }

    /// A Shrine scores for the caster, and the spell's effect begins.
    fn after_cast(&mut self, seat: Seat, card: CardId, events: &mut Vec<Event>) {
        self.shrine_scores(seat, events);
        self.begin_effect(cards().card(card).spell, events);
    }

    /// A Shrine scores for a spell cast.
    pub(super) fn shrine_scores(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let shrine = self.shrine(seat);
        if shrine > 0 {
            let s = &mut self.seats[seat.index()];
            s.score += i32::from(shrine);
            s.parts.buildings += i32::from(shrine);
            events.push(Event::PointsScored {
                seat,
                points: i32::from(shrine),
                why: super::PointsFor::Shrine,
            });
        }
    }

    /// Starts a spell's effect: its first decision, or at once if it offers no choice.
    fn begin_effect(&mut self, spell: SpellEffect, events: &mut Vec<Event>) {
        let seat = self.current;
        self.turn.spell = Some(spell);
        let effect = match spell {
            SpellEffect::Acquire(n) => Effect::Take { left: n },
            SpellEffect::Adopt => Effect::Adopt,
            SpellEffect::AstralShip => Effect::Place {
                spell,
                left: 1,
                castle: None,
            },
            SpellEffect::Muster(n) | SpellEffect::Clone(n) => Effect::Place {
                spell,
                left: n,
                castle: None,
            },
            // The Fairies' camp holds 8: their Conjure 10 sets 8 (text 004).
            SpellEffect::Conjure(value) => Effect::Conjure {
                value: value.min(self.camp(seat)),
            },
            SpellEffect::MasterBuilder => Effect::FreeBuild,
            SpellEffect::EnchantedCastle => Effect::Castle,
            SpellEffect::Flee => Effect::Flee,
            SpellEffect::Construct => Effect::ConstructBuild {
                discount: self.carpenter(seat, None),
            },
            SpellEffect::Rage(times) => Effect::Rage { times },
            SpellEffect::Teleport(n) => Effect::Teleport {
                left: n,
                moved: Vec::new(),
            },
            SpellEffect::Terrain(size) => {
                let drawn = match size {
                    TileSize::Single => self.singles.pop(),
                    TileSize::Double => self.stack.pop(),
                };
                let Some(tile) = drawn else {
                    return self.end_effect(events);
                };
                events.push(Event::SpellTileDrawn {
                    seat,
                    tile: Self::tile_data(tile),
                });
                Effect::Tile { tile }
            }
        };
        self.set_effect(effect, events);
    }

    /// Waits for the effect's next decision, or ends it when it offers no choice.
    fn set_effect(&mut self, effect: Effect, events: &mut Vec<Event>) {
        self.step = Step::Effect { effect };
        if self.is_trivial() {
            self.forgo_effect(events, false);
        }
    }

    /// The effect's remaining choices are dropped: a Terrain tile goes to the box.
    fn forgo_effect(&mut self, events: &mut Vec<Event>, by_choice: bool) {
        if let Step::Effect { effect } = &self.step {
            let spell = self.effect_spell(effect);
            if let Effect::Tile { tile } = effect {
                // The drawn tile leaves the game (single tiles too): into the box.
                let tile = *tile;
                self.removed.push(tile);
                events.push(Event::SpellTileBoxed {
                    tile: Self::tile_data(tile),
                });
            }
            if by_choice {
                events.push(Event::EffectForgone {
                    seat: self.current,
                    spell,
                });
            }
        }
        self.end_effect(events);
    }

    /// The effect is over: refill the market (Acquire), then the second-edition Halflings'
    /// building, then scoring.
    fn end_effect(&mut self, events: &mut Vec<Event>) {
        self.refill_market(events);
        self.turn.spell = None;
        if let Some(card) = self.turn.combo.take() {
            self.step = Step::ComboBuild { card };
            if !self.is_trivial() {
                return;
            }
        }
        self.after_card(events);
    }

    /// The spell an effect belongs to.
    pub(super) fn effect_spell(&self, effect: &Effect) -> SpellEffect {
        match effect {
            Effect::Place { spell, .. } => *spell,
            _ => self.turn.spell.unwrap_or(SpellEffect::Adopt),
        }
    }

    /// Why a spell cannot put (or move) a figure on `hex`, if it cannot.
    fn target_problem(
        &self,
        spell: SpellEffect,
        castle: Option<Hex>,
        hex: Hex,
        closed: Option<&ClosedMap>,
    ) -> Option<Text> {
        if self.figures[hex.index()].is_some() {
            return Some(t!("pandoria-why-occupied"));
        }
        match spell {
            SpellEffect::AstralShip => {
                if self.board().space(hex) != (Space::Lake { ship: true }) {
                    return Some(t!("pandoria-why-ship-in-lake"));
                }
                // River: never onto an enclosed ship (text 003 §15).
                return (self.board().has_river() && self.ship_enclosed(hex))
                    .then(|| t!("pandoria-why-ship-enclosed"));
            }
            SpellEffect::EnchantedCastle => {
                return (Some(hex) != castle).then(|| t!("pandoria-why-castle-just-placed"));
            }
            _ => {}
        }
        match self.land[hex.index()] {
            Land::Terrain { .. } => {}
            Land::Castle { .. } => return Some(t!("pandoria-why-no-castles")),
            Land::Empty if matches!(self.board().space(hex), Space::Lake { ship: true }) => {
                return Some(t!("pandoria-why-only-astral-ship"));
            }
            Land::Empty => return Some(t!("pandoria-why-no-land")),
        }
        let is_closed = match closed {
            Some(map) => map.contains(hex),
            None => self.area(hex, None).is_some_and(|a| a.closed),
        };
        if is_closed {
            return Some(t!("pandoria-why-region-closed"));
        }
        if matches!(spell, SpellEffect::Muster(_))
            && !self
                .board()
                .neighbours(hex)
                .any(|n| self.figures[n.index()].is_some_and(|f| f.seat == self.current))
        {
            return Some(t!("pandoria-why-muster"));
        }
        None
    }

    /// Hexes a spell might put a figure on (filtered by `target_problem`).
    fn target_candidates(&self, spell: SpellEffect, castle: Option<Hex>) -> Vec<Hex> {
        match spell {
            SpellEffect::AstralShip if self.board().has_river() => self.open_ships(),
            SpellEffect::AstralShip => Hex::all()
                .filter(|&h| self.board().space(h) == Space::Lake { ship: true })
                .collect(),
            SpellEffect::EnchantedCastle => castle.into_iter().collect(),
            _ => Hex::all()
                .filter(|&h| matches!(self.land[h.index()], Land::Terrain { .. }))
                .collect(),
        }
    }

    /// The regions closed this turn that the seat's worker on `hex` touches.
    fn rage_regions(&self, hex: Hex) -> Vec<Hex> {
        self.turn
            .closed
            .iter()
            .filter(|r| !r.hexes.contains(&hex) && r.hexes.iter().any(|h| h.is_adjacent(hex)))
            .map(|r| r.at)
            .collect()
    }

    /// The legal actions of a spell's effect.
    pub(super) fn effect_actions(&self, out: &mut Vec<Action>) {
        let Step::Effect { effect } = &self.step else {
            return;
        };
        let seat = self.current;
        let s = &self.seats[seat.index()];
        match effect {
            Effect::Take { .. } => {
                out.extend((1..=self.market.len() as u8).map(Action::Take));
                out.push(Action::Pass);
            }
            Effect::Adopt => {
                let n = self.seats.len() as u8;
                for k in 1..n {
                    let other = Seat((seat.0 + k) % n);
                    if self.adopt_problem(other).is_none() {
                        out.push(Action::Adopt(other));
                    }
                }
                out.push(Action::Pass);
            }
            Effect::Place { spell, castle, .. } => {
                let closed = self.closed_map();
                let leader = self.leader_allowed(seat).is_ok();
                for hex in self.target_candidates(*spell, *castle) {
                    if self
                        .target_problem(*spell, *castle, hex, Some(&closed))
                        .is_none()
                    {
                        if s.workers > 0 {
                            out.push(Action::Worker(hex));
                        }
                        if leader {
                            out.push(Action::Leader(hex));
                        }
                    }
                }
                out.push(Action::Pass);
            }
            Effect::Conjure { .. } => {
                out.extend(super::Resource::ALL.map(Action::Choose));
            }
            Effect::FreeBuild => {
                for &c in &s.cards {
                    self.effect_card_actions(effect, c, out);
                }
                for slot in 1..=SLOTS as u8 {
                    if self.monument_price(seat, slot, BuildHow::Free).is_ok() {
                        out.push(Action::Monument(slot, None));
                    }
                }
                out.push(Action::Pass);
            }
            Effect::Castle => {
                if s.castles > 0 {
                    out.extend(self.placements().1.into_iter().map(Action::Castle));
                }
                out.extend(self.mountain_spaces(seat).into_iter().map(Action::Mountain));
                out.push(Action::Pass);
            }
            Effect::Flee => {
                out.extend(self.retrievable(seat).into_iter().map(Action::Retrieve));
                out.extend(self.goblin_recalls(seat));
                out.push(Action::Pass);
            }
            Effect::ConstructBuild { .. } => {
                for &c in &s.cards {
                    self.effect_card_actions(effect, c, out);
                }
                out.push(Action::Pass);
            }
            Effect::ConstructMonument { discount } => {
                for slot in 1..=SLOTS as u8 {
                    if let Ok(cost) =
                        self.monument_price(seat, slot, BuildHow::Construct(*discount))
                    {
                        self.push_payments(seat, super::Resource::Wood, cost, out, |w| {
                            Action::Monument(slot, w)
                        });
                    }
                }
                out.push(Action::Pass);
            }
            Effect::Rage { .. } => {
                for region in &self.turn.closed {
                    let mut workers = HexSet::EMPTY;
                    for &h in &region.hexes {
                        for n in self.board().neighbours(h) {
                            if self.figures[n.index()].is_some_and(|f| f.seat == seat && !f.leader)
                                && !region.hexes.contains(&n)
                            {
                                workers.insert(n);
                            }
                        }
                    }
                    out.extend(workers.iter().map(|w| Action::Rage(w, region.at)));
                }
            }
            Effect::Teleport { moved, .. } => {
                let closed = self.closed_map();
                let targets: Vec<Hex> = self
                    .target_candidates(SpellEffect::Clone(1), None)
                    .into_iter()
                    .filter(|&h| {
                        self.target_problem(SpellEffect::Clone(1), None, h, Some(&closed))
                            .is_none()
                    })
                    .collect();
                for (from, _) in self.figures_of(seat) {
                    if moved.contains(&from) {
                        continue;
                    }
                    out.extend(targets.iter().map(|&to| Action::Move(from, to)));
                }
                out.push(Action::Pass);
            }
            Effect::Tile { tile } => {
                let (pairs, spaces) = self.placements();
                if Self::tile_data(*tile).b.is_some() {
                    out.extend(pairs.into_iter().map(|[a, b]| Action::Tile(a, b)));
                } else {
                    out.extend(spaces.into_iter().map(Action::Single));
                }
                out.push(Action::Pass);
            }
        }
    }

    /// The actions that hand card `c` of the player to act offers in an effect that builds
    /// hand cards (Master Builder, Construct); none in the others.
    pub(super) fn effect_card_actions(&self, effect: &Effect, c: CardId, out: &mut Vec<Action>) {
        let seat = self.current;
        match effect {
            Effect::FreeBuild => {
                for slot in 1..=SLOTS as u8 {
                    if self.build_price(seat, c, slot, BuildHow::Free).is_ok() {
                        out.push(Action::Build(c, slot, None));
                    }
                }
            }
            Effect::ConstructBuild { discount } => {
                for slot in 1..=SLOTS as u8 {
                    if let Ok(cost) =
                        self.build_price(seat, c, slot, BuildHow::Construct(*discount))
                    {
                        self.push_payments(seat, super::Resource::Wood, cost, out, |w| {
                            Action::Build(c, slot, w)
                        });
                    }
                }
            }
            _ => {}
        }
    }

    fn adopt_problem(&self, other: Seat) -> Option<RulesError> {
        if other == self.current {
            return Some(RulesError::AdoptSelf);
        }
        let name = crate::game::Game::seat_name(self, other);
        match self.seats.get(other.index()).and_then(|s| s.spells.last()) {
            None => Some(RulesError::NoTopSpell(name)),
            Some(&c) if cards().card(c).spell == SpellEffect::Adopt => {
                Some(RulesError::AdoptAdopt(name))
            }
            Some(_) => None,
        }
    }

    /// What the player may do now in a spell's effect, for refusals.
    pub(super) fn effect_now(&self) -> Text {
        let Step::Effect { effect } = &self.step else {
            return Text::concat([]);
        };
        let spell = self.effect_spell(effect).label_text();
        match effect {
            Effect::Take { left } => t!("pandoria-now-take", spell = spell, left = *left),
            Effect::Adopt => t!("pandoria-now-adopt", spell = spell),
            Effect::Place { left, .. } => {
                t!("pandoria-now-spell-place", spell = spell, left = *left)
            }
            Effect::Conjure { value } => t!("pandoria-now-conjure", spell = spell, value = *value),
            Effect::FreeBuild => t!("pandoria-now-free-build", spell = spell),
            Effect::Castle => t!("pandoria-now-castle", spell = spell),
            Effect::Flee => t!("pandoria-now-flee", spell = spell),
            Effect::ConstructBuild { .. } => t!("pandoria-now-construct-build", spell = spell),
            Effect::ConstructMonument { .. } => {
                t!("pandoria-now-construct-monument", spell = spell)
            }
            Effect::Rage { .. } => t!("pandoria-now-rage", spell = spell),
            Effect::Teleport { left, .. } => {
                t!("pandoria-now-teleport", spell = spell, left = *left)
            }
            Effect::Tile { tile } => t!(
                "pandoria-now-drawn-tile",
                spell = spell,
                double = u8::from(Self::tile_data(*tile).b.is_some())
            ),
        }
    }

    /// Checks an action in a spell's effect.
    pub(super) fn validate_effect(&self, action: &Action) -> Result<(), RulesError> {
        let Step::Effect { effect } = &self.step else {
            return Ok(());
        };
        let wrong = |tried: Text| {
            Err(RulesError::WrongStep {
                tried,
                now: self.now(),
            })
        };
        let seat = self.current;
        let s = &self.seats[seat.index()];
        match (effect, *action) {
            (Effect::Conjure { value }, Action::Pass) => Err(RulesError::MustChoose(t!(
                "pandoria-must-conjure",
                value = *value
            ))),
            (Effect::Rage { .. }, Action::Pass) => {
                Err(RulesError::MustChoose(t!("pandoria-must-rage")))
            }
            (_, Action::Pass) => Ok(()),
            (Effect::Take { .. }, Action::Take(pos)) => {
                if pos == 0 || usize::from(pos) > self.market.len() {
                    Err(RulesError::NoMarketCard(pos, self.market.len()))
                } else {
                    Ok(())
                }
            }
            (Effect::Adopt, Action::Adopt(other)) => {
                if other.index() >= self.seats.len() {
                    return Err(RulesError::NotPossible(t!(
                        "pandoria-no-such-seat",
                        seat = usize::from(other.0) + 1
                    )));
                }
                match self.adopt_problem(other) {
                    Some(e) => Err(e),
                    None => Ok(()),
                }
            }
            (Effect::Place { spell, castle, .. }, Action::Worker(h) | Action::Leader(h)) => {
                if let Some(why) = self.target_problem(*spell, *castle, h, None) {
                    return Err(RulesError::BadTarget {
                        at: h,
                        spell: spell.name_text(),
                        why,
                    });
                }
                if matches!(action, Action::Worker(_)) {
                    if s.workers == 0 {
                        return Err(RulesError::NoWorker);
                    }
                    Ok(())
                } else {
                    self.leader_allowed(seat)
                }
            }
            (Effect::Conjure { .. }, Action::Choose(_)) => Ok(()),
            (Effect::FreeBuild, Action::Build(c, slot, with)) => {
                self.in_hand(seat, c)?;
                self.build_price(seat, c, slot, BuildHow::Free)?;
                no_payment(with)
            }
            (Effect::FreeBuild, Action::Monument(slot, with)) => {
                self.monument_price(seat, slot, BuildHow::Free)?;
                no_payment(with)
            }
            (Effect::Castle, Action::Mountain(h)) => self.check_mountain(h),
            (Effect::Castle, Action::Castle(h)) => {
                if s.castles == 0 {
                    return Err(RulesError::NoCastle);
                }
                self.check_single_space(h)
            }
            (Effect::Flee, Action::Retrieve(h)) => {
                if self.retrievable(seat).contains(&h) {
                    Ok(())
                } else {
                    Err(RulesError::NotYourFigure(h))
                }
            }
            (Effect::Flee, Action::Recall(owner, slot)) => self.check_recall(seat, owner, slot),
            (Effect::ConstructBuild { discount }, Action::Build(c, slot, with)) => {
                self.in_hand(seat, c)?;
                let cost = self.build_price(seat, c, slot, BuildHow::Construct(*discount))?;
                let what = || build_what(c, slot);
                self.check_payment(seat, &what, super::Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Effect::ConstructMonument { discount }, Action::Monument(slot, with)) => {
                let cost = self.monument_price(seat, slot, BuildHow::Construct(*discount))?;
                let what = || t!("pandoria-pay-monument", slot = slot);
                self.check_payment(seat, &what, super::Resource::Wood, cost, with)
                    .map(|_| ())
            }
            (Effect::Rage { .. }, Action::Rage(worker, region)) => {
                match self.figures[worker.index()] {
                    Some(f) if f.seat == seat && !f.leader => {}
                    _ => return Err(RulesError::NotYourWorker(worker)),
                }
                let regions = self.rage_regions(worker);
                if regions.contains(&region) {
                    return Ok(());
                }
                let hint = match regions.first() {
                    None => t!("pandoria-rage-no-region"),
                    Some(first) => t!(
                        "pandoria-rage-name-region",
                        regions = hexes_or(&regions),
                        worker = notation(worker),
                        first = notation(first)
                    ),
                };
                Err(RulesError::NotNextToRegion {
                    worker,
                    region,
                    hint,
                })
            }
            (Effect::Teleport { moved, .. }, Action::Move(from, to)) => {
                match self.figures[from.index()] {
                    Some(f) if f.seat == seat => {}
                    _ => return Err(RulesError::NotYourFigure(from)),
                }
                if moved.contains(&from) {
                    return Err(RulesError::BadMove {
                        from,
                        to,
                        why: t!("pandoria-why-teleport-moved"),
                    });
                }
                match self.target_problem(SpellEffect::Clone(1), None, to, None) {
                    Some(why) => Err(RulesError::BadMove { from, to, why }),
                    None => Ok(()),
                }
            }
            (Effect::Tile { tile }, Action::Tile(a, b)) => {
                if Self::tile_data(*tile).b.is_none() {
                    return Err(RulesError::NotPossible(t!("pandoria-drawn-single")));
                }
                self.check_tile_at(a, b)
            }
            (Effect::Tile { tile }, Action::Single(h)) => {
                if Self::tile_data(*tile).b.is_some() {
                    return Err(RulesError::NotPossible(t!("pandoria-drawn-double")));
                }
                self.check_single_space(h)
            }
            _ => wrong(t!("pandoria-tried-do-that")),
        }
    }

    /// Applies a validated action in a spell's effect.
    pub(super) fn perform_effect(&mut self, action: Action, events: &mut Vec<Event>) {
        let Step::Effect { effect } = self.step.clone() else {
            return;
        };
        let seat = self.current;
        match (effect, action) {
            (_, Action::Pass) => self.forgo_effect(events, true),
            (Effect::Take { left }, Action::Take(pos)) => {
                let card = self.market.remove(usize::from(pos - 1));
                self.seats[seat.index()].cards.push(card);
                events.push(Event::Taken { seat, card });
                if left > 1 {
                    self.set_effect(Effect::Take { left: left - 1 }, events);
                } else {
                    self.end_effect(events);
                }
            }
            (Effect::Adopt, Action::Adopt(other)) => {
                let card = *self.seats[other.index()].spells.last().expect("checked");
                events.push(Event::Adopted {
                    seat,
                    from: other,
                    card,
                });
                self.begin_effect(cards().card(card).spell, events);
            }
            (
                Effect::Place {
                    spell,
                    left,
                    castle,
                },
                Action::Worker(h) | Action::Leader(h),
            ) => {
                let figure = self.put_figure(seat, h, matches!(action, Action::Leader(_)));
                events.push(Event::FigurePlaced { at: h, figure });
                self.place_haunt(seat, h, events);
                if spell == SpellEffect::AstralShip {
                    self.ship_card_discount(seat, h, events);
                }
                if left > 1 {
                    self.set_effect(
                        Effect::Place {
                            spell,
                            left: left - 1,
                            castle,
                        },
                        events,
                    );
                } else {
                    self.end_effect(events);
                }
            }
            (Effect::Conjure { value }, Action::Choose(r)) => {
                self.seats[seat.index()].resources[r.index()] = value;
                events.push(Event::ResourceSet {
                    seat,
                    resource: r,
                    value,
                    by: super::SetBy::Conjure,
                });
                self.end_effect(events);
            }
            (Effect::FreeBuild, Action::Build(c, slot, _)) => {
                self.seats[seat.index()].cards.retain(|&x| x != c);
                self.build(seat, c, slot, None, BuildHow::Free, events);
                self.end_effect(events);
            }
            (Effect::FreeBuild, Action::Monument(slot, _)) => {
                self.erect_monument(seat, slot, None, BuildHow::Free, events);
                self.end_effect(events);
            }
            (Effect::Castle, Action::Castle(h) | Action::Mountain(h)) => {
                if matches!(action, Action::Mountain(_)) {
                    self.put_mountain(seat, h, events);
                } else {
                    self.put_castle(seat, h);
                    events.push(Event::CastlePlaced { seat, at: h });
                }
                self.close_regions(&[h], events);
                self.set_effect(
                    Effect::Place {
                        spell: SpellEffect::EnchantedCastle,
                        left: 1,
                        castle: Some(h),
                    },
                    events,
                );
            }
            (Effect::Flee, Action::Retrieve(h)) => {
                self.retrieve(seat, h, events);
                self.set_effect(Effect::Flee, events);
            }
            (Effect::Flee, Action::Recall(owner, slot)) => {
                self.evict_goblin(owner, slot, super::GoblinBack::Recalled, events);
                self.set_effect(Effect::Flee, events);
            }
            (Effect::ConstructBuild { discount }, Action::Build(c, slot, with)) => {
                self.seats[seat.index()].cards.retain(|&x| x != c);
                self.build(seat, c, slot, with, BuildHow::Construct(discount), events);
                self.set_effect(Effect::ConstructMonument { discount }, events);
            }
            (Effect::ConstructMonument { discount }, Action::Monument(slot, with)) => {
                self.erect_monument(seat, slot, with, BuildHow::Construct(discount), events);
                self.end_effect(events);
            }
            (Effect::Rage { times }, Action::Rage(worker, region)) => {
                self.turn.rage = Some(RageTarget {
                    worker,
                    region,
                    times,
                });
                events.push(Event::Raged {
                    worker,
                    region,
                    times,
                });
                self.end_effect(events);
            }
            (Effect::Teleport { left, mut moved }, Action::Move(from, to)) => {
                self.release_spirit(from, super::SpiritBack::HostMoved, events);
                self.break_golem_pair(from);
                if let Some(figure) = self.figures[from.index()].take() {
                    self.figures[to.index()] = Some(figure);
                    events.push(Event::FigureMoved { from, to, figure });
                }
                moved.push(to);
                if left > 1 {
                    self.set_effect(
                        Effect::Teleport {
                            left: left - 1,
                            moved,
                        },
                        events,
                    );
                } else {
                    self.end_effect(events);
                }
            }
            (Effect::Tile { tile }, Action::Tile(_, _) | Action::Single(_)) => {
                let at = match action {
                    Action::Tile(a, b) => vec![a, b],
                    Action::Single(a) => vec![a],
                    _ => unreachable!("matched above"),
                };
                self.put_tile(tile, [at[0], *at.last().expect("one hex at least")]);
                events.push(Event::SpellTilePlaced {
                    seat,
                    at: at.clone(),
                    tile: Self::tile_data(tile),
                });
                self.close_regions(&at, events);
                self.end_effect(events);
            }
            (effect, action) => unreachable!("validated: {action:?} in {effect:?}"),
        }
    }
}

fn no_payment(with: Option<super::Resource>) -> Result<(), RulesError> {
    match with {
        Some(w) => Err(RulesError::BadPayment {
            with: w,
            why: t!("pandoria-master-builder-no-wood"),
        }),
        None => Ok(()),
    }
}
