//! Pandoria's actions in the player's words ([`Game::describe_action`]): the labels of the
//! buttons and selects a player chooses from, with the notation underneath.
//!
//! A label says what the action does first and what it costs or gives after " — ":
//! `Cast Conjure 6 — 2 crystals`, `Build Small Tower in slot 3 over Statue — 1 wood`,
//! `Buy market card 2: Conjure 8 / Bank −1 — 2 gold`, `Worker to D7 (forest, 2 wood)`,
//! `Tile on D7–E7: forest 2 · city 1`. It uses only what the seat may see: its own hand tiles
//! and cards, and the public board, market, monuments and spell piles. Where two legal actions
//! would read the same (two hand cards with the same spell), the words name what differs
//! (the card's other side), so the labels of one decision are all different.

use super::cards::{Card, CardId, Resource, cards};
use super::data::{Space, Tile};
use super::effects::SpellEffect;
use super::error::joined;
use super::log::tile_text;
use super::prices::BuildHow;
use super::{Action, Edition, Effect, Land, Mode, Paid, Pandoria, Step};
use crate::game::{Game, Seat};
use crate::hex::Hex;
use crate::t;
use crate::words::{Arg, Text};

/// A hex's coordinate, shown as given.
fn hex(h: Hex) -> Arg {
    Arg::raw(h.to_string())
}

/// Nothing: an optional part of a label that is left out.
fn none() -> Text {
    Text::concat([])
}

/// "1 crystal + 2 gold", the needed resource first, or "free" when nothing is paid.
fn paid_words(needed: Resource, paid: &Paid) -> Text {
    let parts: Vec<Text> = std::iter::once(needed)
        .chain(Resource::ALL.into_iter().filter(|&r| r != needed))
        .filter(|r| paid[r.index()] > 0)
        .map(|r| r.count(paid[r.index()]))
        .collect();
    if parts.is_empty() {
        t!("pandoria-free")
    } else {
        joined(parts, t!("pandoria-sep-plus"))
    }
}

/// "Crystals", "Gold", "Wood": a resource as a button starts it.
fn resource_title(r: Resource) -> Text {
    Text::dynamic(format!("pandoria-title-{}", r.name()))
}

/// " — 2 crystals": what an action costs, after its words.
fn cost_part(cost: Option<Text>) -> Text {
    cost.map_or_else(none, |cost| t!("pandoria-label-cost", cost = cost))
}

fn halves(tile: &Tile) -> Text {
    tile_text(tile, t!("pandoria-sep-middot"))
}

/// "Conjure 8 / Bank −1": both sides of a card.
fn both_sides(card: &Card) -> Text {
    t!(
        "pandoria-both-sides",
        spell = card.spell.label_text(),
        building = card.building.label_text()
    )
}

/// "Worker", "Leader": the figure an action places or moves, as a label starts it.
fn figure_kind(leader: bool) -> Text {
    t!("pandoria-label-figure", leader = u8::from(leader))
}

impl Pandoria {
    /// The action in the player's words (see the module documentation).
    pub(super) fn action_words(&self, seat: Seat, action: &Action) -> Text {
        if seat.index() >= self.seats.len() {
            // No such seat: the action as it is typed.
            return Text::raw(action.to_string());
        }
        Text::fit(self.label_candidates(seat, action))
    }

    /// The label, fullest first, then shorter forms for when it would not fit.
    fn label_candidates(&self, seat: Seat, action: &Action) -> Vec<Text> {
        let ransom_payer = match self.step {
            Step::Ransom { payer, .. } => Some(payer),
            _ => None,
        };
        let name = |s: Seat| self.seat_name(s);
        match *action {
            Action::Start(a, b) => {
                let next = match self.step {
                    Step::StartTile { next } => usize::from(next.min(1)),
                    _ => 0,
                };
                let tile = Self::tile_data(super::start_tile_ids()[next]);
                vec![t!(
                    "pandoria-label-start",
                    a = hex(a),
                    b = hex(b),
                    halves = halves(&tile)
                )]
            }
            Action::Tile(a, b) => {
                if let Step::Effect {
                    effect: Effect::Tile { tile },
                } = self.step
                {
                    let tile = Self::tile_data(tile);
                    return vec![t!(
                        "pandoria-label-drawn-tile",
                        a = hex(a),
                        b = hex(b),
                        halves = halves(&tile)
                    )];
                }
                let hand = &self.seat_state(seat).hand;
                let which = t!("pandoria-label-which-tile", n = usize::from(hand.len() > 1));
                vec![self.tile_words(which, hand.first().copied(), a, b)]
            }
            Action::SecondTile(a, b) => {
                let which = t!("pandoria-label-which-tile", n = 2u8);
                vec![self.tile_words(which, self.seat_state(seat).hand.get(1).copied(), a, b)]
            }
            Action::Single(h) => vec![match self.step {
                Step::Effect {
                    effect: Effect::Tile { tile },
                }
                | Step::Single { tile } => t!(
                    "pandoria-label-single",
                    at = hex(h),
                    halves = halves(&Self::tile_data(tile))
                ),
                _ => t!("pandoria-label-single-bare", at = hex(h)),
            }],
            Action::Mountain(h) => {
                let path = match self.board().space(h) {
                    Space::Exit { terrain } => {
                        t!("pandoria-label-path", terrain = terrain.text())
                    }
                    _ => none(),
                };
                let how = match self.step {
                    Step::Effect { .. } => t!("pandoria-label-enchanted-mountain-castle"),
                    _ => t!("pandoria-label-mountain-castle"),
                };
                vec![
                    t!(
                        "pandoria-label-mountain",
                        how = how.clone(),
                        at = hex(h),
                        path = path.clone()
                    ),
                    t!(
                        "pandoria-label-mountain-short",
                        how = how,
                        at = hex(h),
                        path = path
                    ),
                ]
            }
            Action::Ship(h, with) => {
                let cost = self.printed_ship_price(seat, h);
                let cost = cost_part(self.cost_words(seat, Resource::Crystal, cost, with));
                let discount = match self.board().ship_discount(h) {
                    0 => none(),
                    d => t!("pandoria-label-ship-discount", n = d),
                };
                vec![
                    t!(
                        "pandoria-label-ship",
                        at = hex(h),
                        cost = cost.clone(),
                        discount = discount
                    ),
                    t!("pandoria-label-ship-short", at = hex(h), cost = cost),
                ]
            }
            Action::DrawSingle => vec![
                t!("pandoria-label-draw-single"),
                t!("pandoria-label-draw-single-short"),
            ],
            Action::Relic(points) => {
                let cost = self
                    .relics
                    .iter()
                    .find(|r| r.points == points)
                    .map(|r| r.cost)
                    .unwrap_or_default();
                let scored = self.relic_points(points);
                let worth = if i32::from(points) == scored {
                    t!("pandoria-relic-worth", scored = scored)
                } else {
                    t!(
                        "pandoria-relic-worth-doubled",
                        scored = scored,
                        points = points
                    )
                };
                vec![
                    t!("pandoria-label-relic", worth = worth, cost = cost),
                    t!("pandoria-label-relic-short", points = points, cost = cost),
                ]
            }
            Action::Castle(h) => vec![match self.step {
                Step::Effect {
                    effect: Effect::Castle,
                } => t!("pandoria-label-enchanted-castle", at = hex(h)),
                _ => t!("pandoria-label-castle", at = hex(h)),
            }],
            Action::Worker(h) | Action::Leader(h) if self.step == Step::Golem => {
                let leader = u8::from(matches!(action, Action::Leader(_)));
                let cost = match self.land[h.index()] {
                    Land::Terrain { terrain, .. } => {
                        cost_part(Self::yield_of(terrain).map(|r| r.count(3)))
                    }
                    _ => none(),
                };
                let second = u8::from(self.golem_second(seat));
                vec![
                    t!(
                        "pandoria-label-golem",
                        second = second,
                        leader = leader,
                        at = hex(h),
                        land = self.hex_words(seat, h),
                        cost = cost.clone()
                    ),
                    t!(
                        "pandoria-label-golem",
                        second = second,
                        leader = leader,
                        at = hex(h),
                        land = none(),
                        cost = cost
                    ),
                ]
            }
            Action::GoblinSpell(owner, with) => {
                let top = self.seat_state(owner).spells.last().copied();
                let (label, cost) = match (top, self.goblin_spell_price(seat, owner)) {
                    (Some(c), Ok((_, cost))) => (
                        cards().card(c).spell.label_text(),
                        self.cost_words(seat, Resource::Crystal, cost, with),
                    ),
                    _ => (t!("pandoria-the-top-spell"), None),
                };
                vec![t!(
                    "pandoria-label-goblin-spell",
                    spell = label,
                    owner = name(owner),
                    cost = cost_part(cost)
                )]
            }
            Action::Occupy(owner, slot, with) => {
                let (label, cost) = match self.occupy_price(seat, owner, slot) {
                    Ok((card, cost)) => (
                        card.building.label_text(),
                        self.cost_words(seat, Resource::Wood, cost, with),
                    ),
                    Err(_) => (t!("pandoria-the-building"), None),
                };
                let cost = cost_part(cost);
                vec![
                    t!(
                        "pandoria-label-occupy",
                        owner = name(owner),
                        building = label.clone(),
                        slot = slot,
                        cost = cost.clone()
                    ),
                    t!(
                        "pandoria-label-occupy-short",
                        owner = name(owner),
                        building = label,
                        cost = cost
                    ),
                ]
            }
            Action::Haunt(leader) => {
                let victim = self
                    .haunts
                    .first()
                    .map_or_else(none, |h| self.seat_name(h.closer));
                let leader = u8::from(leader);
                vec![
                    t!("pandoria-label-haunt", victim = victim, leader = leader),
                    t!("pandoria-label-haunt-short", leader = leader),
                ]
            }
            Action::Recall(owner, slot) => vec![t!(
                "pandoria-label-recall",
                owner = name(owner),
                slot = slot
            )],
            Action::Ransom(from, workers, leader) => {
                let n = workers + u8::from(leader);
                let mut what = Vec::new();
                if workers > 0 {
                    what.push(t!("pandoria-workers", n = workers));
                }
                if leader {
                    what.push(t!("pandoria-your-leader"));
                }
                let what = Text::and_list(what);
                vec![
                    t!(
                        "pandoria-label-ransom",
                        what = what.clone(),
                        from = name(from),
                        n = n
                    ),
                    t!("pandoria-label-ransom-short", what = what),
                ]
            }
            Action::Choose(r) if ransom_payer.is_some() => vec![t!(
                "pandoria-label-ransom-take",
                what = r.count(1),
                payer = name(ransom_payer.unwrap_or(seat))
            )],
            Action::Worker(h) => vec![self.place_words(false, seat, h)],
            Action::Leader(h) => vec![self.place_words(true, seat, h)],
            Action::Retrieve(h) => {
                let leader = matches!(self.figure(h), Some(f) if f.leader);
                vec![t!(
                    "pandoria-label-retrieve",
                    leader = u8::from(leader),
                    at = hex(h)
                )]
            }
            Action::Move(from, to) => {
                let leader = u8::from(matches!(self.figure(from), Some(f) if f.leader));
                vec![
                    t!(
                        "pandoria-label-move",
                        leader = leader,
                        from = hex(from),
                        to = hex(to),
                        land = self.hex_words(seat, to)
                    ),
                    t!(
                        "pandoria-label-move",
                        leader = leader,
                        from = hex(from),
                        to = hex(to),
                        land = none()
                    ),
                ]
            }
            Action::Pass => vec![self.pass_words()],
            Action::Realm(realm) => {
                let data = realm.data();
                let start = data.start(
                    self.options.mode == Mode::Beginner,
                    self.options.edition == Edition::Second,
                );
                let start = joined(
                    Resource::ALL.iter().map(|r| r.count(start[r.index()])),
                    t!("pandoria-sep-comma"),
                );
                vec![
                    t!("pandoria-label-realm", realm = realm.text(), start = start),
                    t!("pandoria-label-realm-short", realm = realm.text()),
                ]
            }
            Action::Spell(c, with) => {
                let card = cards().card(c);
                let price = self.spell_price(seat, card, false, false);
                let spell = card.spell.label_text();
                let twin = self.same_spell(seat, c);
                match self.cost_words(seat, Resource::Crystal, price, with) {
                    Some(cost) => vec![
                        t!(
                            "pandoria-label-cast",
                            spell = spell.clone(),
                            twin = twin,
                            cost = cost_part(Some(cost.clone()))
                        ),
                        t!(
                            "pandoria-label-cast",
                            spell = spell,
                            twin = t!("pandoria-label-card", card = c.0),
                            cost = cost_part(Some(cost))
                        ),
                    ],
                    None => vec![t!(
                        "pandoria-label-cast",
                        spell = spell,
                        twin = twin,
                        cost = none()
                    )],
                }
            }
            Action::Both(c, with) => {
                let card = cards().card(c);
                let price = self.spell_price(seat, card, false, true);
                let cost = self
                    .cost_words(seat, Resource::Crystal, price, with)
                    .unwrap_or_else(none);
                let (spell, building) = (card.spell.label_text(), card.building.label_text());
                vec![
                    t!(
                        "pandoria-label-both",
                        spell = spell.clone(),
                        building = building.clone(),
                        cost = cost.clone()
                    ),
                    t!(
                        "pandoria-label-both-short",
                        spell = spell,
                        building = building,
                        cost = cost
                    ),
                ]
            }
            Action::Recast(with) => {
                let Some(&top) = self.seat_state(seat).spells.last() else {
                    return vec![t!("pandoria-label-recast-top")];
                };
                let card = cards().card(top);
                let price = self.spell_price(seat, card, true, false);
                let cost = self
                    .cost_words(seat, Resource::Crystal, price, with)
                    .unwrap_or_else(none);
                vec![t!(
                    "pandoria-label-recast",
                    spell = card.spell.label_text(),
                    cost = cost
                )]
            }
            Action::Build(c, slot, with) => self.build_words(seat, c, slot, with),
            Action::Monument(slot, with) => self.monument_words(seat, slot, with),
            Action::Buy(pos, with) => {
                let Ok((c, price)) = self.buy_price(seat, pos) else {
                    return vec![t!("pandoria-label-buy-bare", pos = pos)];
                };
                let card = cards().card(c);
                let cost = self
                    .cost_words(seat, Resource::Gold, price, with)
                    .unwrap_or_else(none);
                vec![
                    t!(
                        "pandoria-label-buy",
                        pos = pos,
                        card = both_sides(card),
                        cost = cost.clone()
                    ),
                    t!(
                        "pandoria-label-buy",
                        pos = pos,
                        card = card.spell.label_text(),
                        cost = cost
                    ),
                ]
            }
            Action::Take(pos) => match self.market().get(usize::from(pos).wrapping_sub(1)) {
                Some(&c) => vec![t!(
                    "pandoria-label-take",
                    pos = pos,
                    card = both_sides(cards().card(c))
                )],
                None => vec![t!("pandoria-label-take-bare", pos = pos)],
            },
            Action::Adopt(other) => {
                match self.seats.get(other.index()).and_then(|s| s.spells.last()) {
                    Some(&c) => vec![t!(
                        "pandoria-label-adopt",
                        seat = name(other),
                        spell = cards().card(c).spell.label_text()
                    )],
                    None => vec![t!("pandoria-label-adopt-top", seat = name(other))],
                }
            }
            Action::Choose(r) => {
                let have = self.seat_state(seat).resource(r);
                vec![match self.step {
                    Step::Effect {
                        effect: Effect::Conjure { value },
                    } => t!(
                        "pandoria-label-conjure",
                        resource = resource_title(r),
                        value = value,
                        have = have
                    ),
                    _ => t!(
                        "pandoria-label-poorhouse",
                        resource = resource_title(r),
                        have = have
                    ),
                }]
            }
            Action::Rage(worker, region) => {
                let times = match self.step {
                    Step::Effect {
                        effect: Effect::Rage { times },
                    } => times,
                    _ => 2,
                };
                match self.turn.closed.iter().find(|r| r.at == region) {
                    Some(r) => vec![
                        t!(
                            "pandoria-label-rage",
                            worker = hex(worker),
                            times = times,
                            terrain = r.terrain.text(),
                            region = hex(region),
                            symbols = r.symbols
                        ),
                        t!(
                            "pandoria-label-rage-short",
                            worker = hex(worker),
                            times = times,
                            terrain = r.terrain.text(),
                            region = hex(region)
                        ),
                    ],
                    None => vec![t!(
                        "pandoria-label-rage-region",
                        worker = hex(worker),
                        times = times,
                        region = hex(region)
                    )],
                }
            }
            Action::Points | Action::Card => {
                let choice = match &self.step {
                    Step::Choices { queue } => queue.first().copied(),
                    _ => None,
                };
                let Some(choice) = choice else {
                    return vec![if *action == Action::Points {
                        t!("pandoria-label-keep-points")
                    } else {
                        t!("pandoria-label-draw-card")
                    }];
                };
                let terrain = match self.land(choice.region) {
                    Land::Terrain { terrain, .. } => terrain.text(),
                    _ => t!("pandoria-region"),
                };
                let points = t!("pandoria-points", n = choice.points);
                vec![if *action == Action::Points {
                    t!(
                        "pandoria-label-keep",
                        points = points,
                        terrain = terrain,
                        at = hex(choice.region)
                    )
                } else {
                    t!(
                        "pandoria-label-draw-instead",
                        points = points,
                        terrain = terrain,
                        at = hex(choice.region)
                    )
                }]
            }
        }
    }

    /// "Tile 1 on D7–E7: forest 2 · city 1" (`which` is "Tile", "Tile 1" or "Tile 2").
    fn tile_words(&self, which: Text, tile: Option<super::TileId>, a: Hex, b: Hex) -> Text {
        match tile {
            Some(id) => t!(
                "pandoria-label-tile",
                which = which,
                a = hex(a),
                b = hex(b),
                halves = halves(&Self::tile_data(id))
            ),
            None => t!(
                "pandoria-label-tile-bare",
                which = which,
                a = hex(a),
                b = hex(b)
            ),
        }
    }

    /// "Worker to D7 (forest, 2 wood)", "Leader to the ship at C5".
    fn place_words(&self, leader: bool, seat: Seat, at: Hex) -> Text {
        let kind = figure_kind(leader);
        match self.land(at) {
            Land::Castle { owner } if owner == seat => {
                t!("pandoria-label-to-own-castle", kind = kind, at = hex(at))
            }
            Land::Castle { owner } => t!(
                "pandoria-label-to-castle",
                kind = kind,
                owner = self.seat_name(owner),
                at = hex(at)
            ),
            Land::Empty if matches!(self.board().space(at), Space::Lake { ship: true }) => {
                t!("pandoria-label-to-ship", kind = kind, at = hex(at))
            }
            _ => t!(
                "pandoria-label-to",
                kind = kind,
                at = hex(at),
                land = self.hex_words(seat, at)
            ),
        }
    }

    /// What lies on a hex, in brackets after a space: " (forest, 2 wood)", " (city, 1
    /// point)"; a castle or ship by name; nothing for an empty hex.
    fn hex_words(&self, seat: Seat, at: Hex) -> Text {
        match self.land(at) {
            Land::Terrain {
                terrain, symbols, ..
            } => {
                let gives = match Self::yield_of(terrain).filter(|_| self.has_economy()) {
                    Some(r) => r.count(symbols),
                    None => t!("pandoria-points", n = symbols),
                };
                t!(
                    "pandoria-land-terrain",
                    terrain = terrain.text(),
                    gives = gives
                )
            }
            Land::Castle { owner } if owner == seat => t!("pandoria-land-own-castle"),
            Land::Castle { owner } => {
                t!("pandoria-land-castle", owner = self.seat_name(owner))
            }
            Land::Empty if matches!(self.board().space(at), Space::Lake { ship: true }) => {
                t!("pandoria-land-ship")
            }
            Land::Empty => none(),
        }
    }

    /// What `pass` means in the current step.
    fn pass_words(&self) -> Text {
        if !self.haunts.is_empty() {
            return t!("pandoria-pass-haunt");
        }
        match &self.step {
            Step::Figure => t!("pandoria-pass-figure"),
            Step::Card if self.has_economy() => t!("pandoria-pass-card"),
            Step::Card if self.options.mode == Mode::Family => t!("pandoria-pass-relic"),
            Step::Card | Step::HalflingSpell => t!("pandoria-pass-spell"),
            Step::Effect { effect } => match effect {
                Effect::Take { left } => match self.turn.spell {
                    Some(SpellEffect::Acquire(n)) if n > *left => t!("pandoria-pass-take-more"),
                    _ => t!("pandoria-pass-take"),
                },
                Effect::Adopt => t!("pandoria-pass-adopt"),
                Effect::Place {
                    castle: Some(_), ..
                } => t!("pandoria-pass-castle-figure"),
                Effect::Place { spell, left, .. } => match spell {
                    SpellEffect::Muster(n) | SpellEffect::Clone(n) if n > left => {
                        t!("pandoria-pass-place-more")
                    }
                    _ => t!("pandoria-pass-place"),
                },
                Effect::Conjure { .. } | Effect::Rage { .. } => t!("pandoria-pass"),
                Effect::FreeBuild | Effect::ConstructBuild { .. } => t!("pandoria-pass-build"),
                Effect::Castle => t!("pandoria-pass-castle"),
                Effect::Flee => t!("pandoria-pass-flee"),
                Effect::ConstructMonument { .. } => t!("pandoria-pass-monument"),
                Effect::Teleport { moved, .. } if !moved.is_empty() => {
                    t!("pandoria-pass-move-more")
                }
                Effect::Teleport { .. } => t!("pandoria-pass-move"),
                Effect::Tile { .. } => t!("pandoria-pass-tile"),
            },
            Step::ComboBuild { .. } => t!("pandoria-pass-build"),
            Step::Buy | Step::RoundBuy { .. } => t!("pandoria-pass-buy"),
            Step::ElfMove => t!("pandoria-pass-elf"),
            Step::Golem => t!("pandoria-pass-golem"),
            _ => t!("pandoria-pass"),
        }
    }

    /// What paying `price` in `resource` (or with a Market, `with`) takes: "2 crystals",
    /// "1 crystal + 4 gold". `None` in the family game with spells, where spells are free.
    fn cost_words(
        &self,
        seat: Seat,
        resource: Resource,
        price: u8,
        with: Option<Resource>,
    ) -> Option<Text> {
        if !self.has_economy() {
            return None;
        }
        Some(
            match self.check_payment(seat, &|| Text::concat([]), resource, price, with) {
                Ok(paid) => paid_words(resource, &paid),
                Err(_) => resource.count(price),
            },
        )
    }

    /// " (Bank −1 card)" when another card in the seat's hand has the same spell, so
    /// that casting either reads differently; nothing otherwise.
    fn same_spell(&self, seat: Seat, card: CardId) -> Text {
        let this = cards().card(card);
        let hand = &self.seat_state(seat).cards;
        let twin = hand
            .iter()
            .any(|&c| c != card && cards().card(c).spell == this.spell);
        if !twin || !hand.contains(&card) {
            none()
        } else if self.has_economy() {
            t!("pandoria-label-twin", name = this.building.label_text())
        } else {
            t!("pandoria-label-card", card = card.0)
        }
    }

    /// " (Conjure 8 card)" when another card in the seat's hand has the same building.
    fn same_building(&self, seat: Seat, card: CardId) -> Option<Text> {
        let this = cards().card(card);
        let hand = &self.seat_state(seat).cards;
        let twin = hand
            .iter()
            .any(|&c| c != card && cards().card(c).building == this.building);
        (twin && hand.contains(&card))
            .then(|| t!("pandoria-label-twin", name = this.spell.label_text()))
    }

    /// How the current step pays for a building or monument.
    fn build_how(&self) -> BuildHow {
        match &self.step {
            Step::Effect {
                effect: Effect::FreeBuild,
            } => BuildHow::Free,
            Step::Effect {
                effect: Effect::ConstructBuild { discount } | Effect::ConstructMonument { discount },
            } => BuildHow::Construct(*discount),
            Step::ComboBuild { .. } => BuildHow::Combo,
            _ => BuildHow::Normal,
        }
    }

    /// What a building or monument costs in wood (or with a Market, `with`) this step.
    fn wood_words(&self, seat: Seat, price: Option<u8>, with: Option<Resource>) -> Text {
        match (self.build_how(), price) {
            (BuildHow::Free, _) => t!("pandoria-free"),
            (_, Some(price)) => self
                .cost_words(seat, Resource::Wood, price, with)
                .unwrap_or_else(none),
            (_, None) => Resource::Wood.text(),
        }
    }

    /// " over Bank −1" when the slot holds a building.
    fn over_words(&self, seat: Seat, slot: u8) -> Text {
        self.seat_state(seat)
            .slots
            .get(usize::from(slot).wrapping_sub(1))
            .and_then(|s| s.building())
            .map_or_else(none, |c| {
                t!(
                    "pandoria-over",
                    building = cards().card(c).building.label_text()
                )
            })
    }

    fn build_words(&self, seat: Seat, card: CardId, slot: u8, with: Option<Resource>) -> Vec<Text> {
        let building = cards().card(card).building.label_text();
        let price = self.build_price(seat, card, slot, self.build_how()).ok();
        let cost = self.wood_words(seat, price, with);
        let twin = self.same_building(seat, card);
        let words = |over: Text, twin: Text| {
            t!(
                "pandoria-label-build",
                building = building.clone(),
                slot = slot,
                over = over,
                twin = twin,
                cost = cost.clone()
            )
        };
        let mut out = vec![
            words(
                self.over_words(seat, slot),
                twin.clone().unwrap_or_else(none),
            ),
            words(none(), twin.clone().unwrap_or_else(none)),
        ];
        if twin.is_some() {
            out.push(words(none(), t!("pandoria-label-card", card = card.0)));
        }
        out
    }

    fn monument_words(&self, seat: Seat, slot: u8, with: Option<Resource>) -> Vec<Text> {
        let price = self.monument_price(seat, slot, self.build_how()).ok();
        let cost = self.wood_words(seat, price, with);
        let value = self.monuments().last().copied().unwrap_or(0);
        vec![
            t!(
                "pandoria-label-monument",
                value = value,
                over = self.over_words(seat, slot),
                slot = slot,
                cost = cost.clone()
            ),
            t!(
                "pandoria-label-monument",
                value = value,
                over = none(),
                slot = slot,
                cost = cost
            ),
        ]
    }
}
