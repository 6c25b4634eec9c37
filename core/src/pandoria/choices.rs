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
use super::data::{Half, Space, Tile};
use super::effects::SpellEffect;
use super::prices::BuildHow;
use super::{Action, Edition, Effect, Land, Mode, Paid, Pandoria, Step};
use crate::game::{Game, Seat, fit_label};
use crate::hex::Hex;

/// "1 crystal + 2 gold", the needed resource first, or "free" when nothing is paid.
fn paid_words(needed: Resource, paid: &Paid) -> String {
    let parts: Vec<String> = std::iter::once(needed)
        .chain(Resource::ALL.into_iter().filter(|&r| r != needed))
        .filter(|r| paid[r.index()] > 0)
        .map(|r| r.amount(paid[r.index()]))
        .collect();
    if parts.is_empty() {
        "free".into()
    } else {
        parts.join(" + ")
    }
}

/// "Crystals", "Gold", "Wood": a resource as a button starts it.
fn resource_title(r: Resource) -> &'static str {
    match r {
        Resource::Crystal => "Crystals",
        Resource::Gold => "Gold",
        Resource::Wood => "Wood",
    }
}

fn points(n: impl Into<i64>) -> String {
    let n = n.into();
    if n == 1 {
        "1 point".into()
    } else {
        format!("{n} points")
    }
}

fn halves(tile: &Tile) -> String {
    let half = |h: &Half| format!("{} {}", h.terrain, h.symbols);
    match &tile.b {
        Some(b) => format!("{} · {}", half(&tile.a), half(b)),
        None => half(&tile.a),
    }
}

/// "Conjure 8 / Bank −1": both sides of a card.
fn both_sides(card: &Card) -> String {
    format!("{} / {}", card.spell.label(), card.building.label())
}

impl Pandoria {
    /// The action in the player's words (see the module documentation).
    pub(super) fn action_words(&self, seat: Seat, action: &Action) -> String {
        if seat.index() >= self.seats.len() {
            return action.to_string();
        }
        fit_label(self.label_candidates(seat, action))
    }

    /// The label, fullest first, then shorter forms for when it would not fit.
    fn label_candidates(&self, seat: Seat, action: &Action) -> Vec<String> {
        let ransom_payer = match self.step {
            Step::Ransom { payer, .. } => Some(payer),
            _ => None,
        };
        match *action {
            Action::Start(a, b) => {
                let next = match self.step {
                    Step::StartTile { next } => usize::from(next.min(1)),
                    _ => 0,
                };
                let tile = Self::tile_data(super::start_tile_ids()[next]);
                vec![format!("Start tile on {a}–{b}: {}", halves(&tile))]
            }
            Action::Tile(a, b) => {
                if let Step::Effect {
                    effect: Effect::Tile { tile },
                } = self.step
                {
                    let tile = Self::tile_data(tile);
                    return vec![format!("Drawn tile on {a}–{b}: {}", halves(&tile))];
                }
                let hand = &self.seat_state(seat).hand;
                let which = if hand.len() > 1 { "Tile 1" } else { "Tile" };
                vec![match hand.first() {
                    Some(&id) => format!("{which} on {a}–{b}: {}", halves(&Self::tile_data(id))),
                    None => format!("{which} on {a}–{b}"),
                }]
            }
            Action::SecondTile(a, b) => vec![match self.seat_state(seat).hand.get(1) {
                Some(&id) => format!("Tile 2 on {a}–{b}: {}", halves(&Self::tile_data(id))),
                None => format!("Tile 2 on {a}–{b}"),
            }],
            Action::Single(h) => vec![match self.step {
                Step::Effect {
                    effect: Effect::Tile { tile },
                }
                | Step::Single { tile } => {
                    format!("Single tile on {h}: {}", halves(&Self::tile_data(tile)))
                }
                _ => format!("Single tile on {h}"),
            }],
            Action::Mountain(h) => {
                let path = match self.board().space(h) {
                    Space::Exit { terrain } => format!(" ({terrain} path)"),
                    _ => String::new(),
                };
                let how = match self.step {
                    Step::Effect { .. } => "Enchanted mountain castle",
                    _ => "Mountain castle",
                };
                vec![
                    format!("{how} on the exit path {h}{path}"),
                    format!("{how} on {h}{path}"),
                ]
            }
            Action::Ship(h, with) => {
                let cost = self.printed_ship_price(seat, h);
                let cost = self
                    .cost_words(seat, Resource::Crystal, cost, with)
                    .map(|c| format!(" — {c}"))
                    .unwrap_or_default();
                let discount = match self.board().ship_discount(h) {
                    0 => String::new(),
                    d => format!(" (ship −{d})"),
                };
                vec![
                    format!(
                        "Astral Ship printed on the board: a worker onto the ship at {h}{cost}{discount}"
                    ),
                    format!("Printed Astral Ship to {h}{cost}"),
                ]
            }
            Action::DrawSingle => vec![
                "Draw a single tile for a one-space gap (no tile drawn after)".into(),
                "Draw a single tile for a gap".into(),
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
                    format!("{points} points")
                } else {
                    format!("{scored} points ({points} doubled)")
                };
                vec![
                    format!("Relic worth {worth} — {cost} artifacts"),
                    format!("Relic {points} — {cost} artifacts"),
                ]
            }
            Action::Castle(h) => vec![match self.step {
                Step::Effect {
                    effect: Effect::Castle,
                } => format!("Enchanted Castle on {h}"),
                _ => format!("Castle on {h}"),
            }],
            Action::Worker(h) | Action::Leader(h) if self.step == Step::Golem => {
                let kind = if matches!(action, Action::Leader(_)) {
                    "leader"
                } else {
                    "worker"
                };
                let cost = match self.land[h.index()] {
                    Land::Terrain { terrain, .. } => Self::yield_of(terrain)
                        .map(|r| format!(" — {}", r.amount(3)))
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                let golem = match self.golem_noun(seat) {
                    "second Golem" => "Second Golem",
                    _ => "Golem",
                };
                vec![
                    format!(
                        "{golem} ({kind}) on {h}{}{cost}",
                        self.hex_words(seat, h, " ")
                    ),
                    format!("{golem} ({kind}) on {h}{cost}"),
                ]
            }
            Action::GoblinSpell(owner, with) => {
                let top = self.seat_state(owner).spells.last().copied();
                let (label, cost) = match (top, self.goblin_spell_price(seat, owner)) {
                    (Some(c), Ok((_, cost))) => (
                        cards().card(c).spell.label(),
                        self.cost_words(seat, Resource::Crystal, cost, with),
                    ),
                    _ => ("the top spell".into(), None),
                };
                let cost = cost.map(|c| format!(" — {c}")).unwrap_or_default();
                vec![format!(
                    "Cast {label} from {}'s spells{cost}",
                    self.seat_name(owner)
                )]
            }
            Action::Occupy(owner, slot, with) => {
                let (label, cost) = match self.occupy_price(seat, owner, slot) {
                    Ok((card, cost)) => (
                        card.building.label(),
                        self.cost_words(seat, Resource::Wood, cost, with),
                    ),
                    Err(_) => ("the building".into(), None),
                };
                let cost = cost.map(|c| format!(" — {c}")).unwrap_or_default();
                vec![
                    format!(
                        "Occupy {}'s {label} (slot {slot}) with a goblin{cost}",
                        self.seat_name(owner)
                    ),
                    format!("Occupy {}'s {label}{cost}", self.seat_name(owner)),
                ]
            }
            Action::Haunt(leader) => {
                let victim = self
                    .haunts
                    .first()
                    .map(|h| self.seat_name(h.closer).to_string())
                    .unwrap_or_default();
                let kind = if leader { "leader" } else { "worker" };
                vec![
                    format!("Haunt {victim} with your removed {kind}"),
                    format!("Haunt with your {kind}"),
                ]
            }
            Action::Recall(owner, slot) => vec![format!(
                "Take back your goblin from {}'s slot {slot}",
                self.seat_name(owner)
            )],
            Action::Ransom(from, workers, leader) => {
                let n = workers + u8::from(leader);
                let mut what = Vec::new();
                if workers > 0 {
                    what.push(format!(
                        "{workers} worker{}",
                        if workers == 1 { "" } else { "s" }
                    ));
                }
                if leader {
                    what.push("your leader".into());
                }
                vec![
                    format!(
                        "Ransom {} from {} — {n} resource{} of their choice",
                        what.join(" and "),
                        self.seat_name(from),
                        if n == 1 { "" } else { "s" }
                    ),
                    format!("Ransom {}", what.join(" and ")),
                ]
            }
            Action::Choose(r) if ransom_payer.is_some() => vec![format!(
                "Take 1 {r} from {}",
                self.seat_name(ransom_payer.unwrap_or(seat))
            )],
            Action::Worker(h) => vec![self.place_words("Worker", seat, h)],
            Action::Leader(h) => vec![self.place_words("Leader", seat, h)],
            Action::Retrieve(h) => {
                let kind = match self.figure(h) {
                    Some(f) if f.leader => "leader",
                    _ => "worker",
                };
                vec![format!("Take back your {kind} from {h}")]
            }
            Action::Move(from, to) => {
                let kind = match self.figure(from) {
                    Some(f) if f.leader => "leader",
                    _ => "worker",
                };
                let full = format!("Move {kind} {from} → {to}{}", self.hex_words(seat, to, " "));
                vec![full, format!("Move {kind} {from} → {to}")]
            }
            Action::Pass => vec![self.pass_words().into()],
            Action::Realm(realm) => {
                let data = realm.data();
                let start = data.start(
                    self.options.mode == Mode::Beginner,
                    self.options.edition == Edition::Second,
                );
                let start: Vec<String> = Resource::ALL
                    .iter()
                    .map(|r| r.amount(start[r.index()]))
                    .collect();
                vec![
                    format!("Play the {realm} — start with {}", start.join(", ")),
                    format!("Play the {realm}"),
                ]
            }
            Action::Spell(c, with) => {
                let card = cards().card(c);
                let price = self.spell_price(seat, card, false, false);
                let name = format!("{}{}", card.spell.label(), self.same_spell(seat, c));
                let short = format!("{} (card {c})", card.spell.label());
                match self.cost_words(seat, Resource::Crystal, price, with) {
                    Some(cost) => vec![
                        format!("Cast {name} — {cost}"),
                        format!("Cast {short} — {cost}"),
                    ],
                    None => vec![format!("Cast {name}")],
                }
            }
            Action::Both(c, with) => {
                let card = cards().card(c);
                let price = self.spell_price(seat, card, false, true);
                let cost = self
                    .cost_words(seat, Resource::Crystal, price, with)
                    .unwrap_or_default();
                let (spell, building) = (card.spell.label(), card.building.label());
                vec![
                    format!("Cast {spell}, then build its {building} or a monument — {cost}"),
                    format!("Cast {spell}, then build its {building} — {cost}"),
                ]
            }
            Action::Recast(with) => {
                let Some(&top) = self.seat_state(seat).spells.last() else {
                    return vec!["Recast your top spell".into()];
                };
                let card = cards().card(top);
                let price = self.spell_price(seat, card, true, false);
                let cost = self
                    .cost_words(seat, Resource::Crystal, price, with)
                    .unwrap_or_default();
                vec![format!("Recast {} — {cost}", card.spell.label())]
            }
            Action::Build(c, slot, with) => self.build_words(seat, c, slot, with),
            Action::Monument(slot, with) => self.monument_words(seat, slot, with),
            Action::Buy(pos, with) => {
                let Ok((c, price)) = self.buy_price(seat, pos) else {
                    return vec![format!("Buy market card {pos}")];
                };
                let card = cards().card(c);
                let cost = self
                    .cost_words(seat, Resource::Gold, price, with)
                    .unwrap_or_default();
                vec![
                    format!("Buy market card {pos}: {} — {cost}", both_sides(card)),
                    format!("Buy market card {pos}: {} — {cost}", card.spell.label()),
                ]
            }
            Action::Take(pos) => match self.market().get(usize::from(pos).wrapping_sub(1)) {
                Some(&c) => vec![format!(
                    "Take market card {pos}: {} (free)",
                    both_sides(cards().card(c))
                )],
                None => vec![format!("Take market card {pos} (free)")],
            },
            Action::Adopt(other) => {
                let name = self.seat_name(other);
                match self.seats.get(other.index()).and_then(|s| s.spells.last()) {
                    Some(&c) => vec![format!("Adopt {name}'s {}", cards().card(c).spell.label())],
                    None => vec![format!("Adopt {name}'s top spell")],
                }
            }
            Action::Choose(r) => {
                let have = self.seat_state(seat).resource(r);
                vec![match self.step {
                    Step::Effect {
                        effect: Effect::Conjure { value },
                    } => format!("{} to {value} (now {have})", resource_title(r)),
                    _ => format!("{} from {have} to 2 (Poorhouse)", resource_title(r)),
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
                        format!(
                            "Worker on {worker} counts ×{times} for the {} at {region} ({} symbol{})",
                            r.terrain,
                            r.symbols,
                            if r.symbols == 1 { "" } else { "s" }
                        ),
                        format!(
                            "Worker on {worker} counts ×{times} for the {} at {region}",
                            r.terrain
                        ),
                    ],
                    None => vec![format!(
                        "Worker on {worker} counts ×{times} for the region at {region}"
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
                        "Keep the points".into()
                    } else {
                        "Draw a card instead of the points".into()
                    }];
                };
                let terrain = match self.land(choice.region) {
                    Land::Terrain { terrain, .. } => terrain.name(),
                    _ => "region",
                };
                let pts = points(choice.points);
                vec![if *action == Action::Points {
                    format!("Keep {pts} for the {terrain} at {}", choice.region)
                } else {
                    format!(
                        "Draw a card instead of {pts} for the {terrain} at {}",
                        choice.region
                    )
                }]
            }
        }
    }

    /// "Worker to D7 (forest, 2 wood)", "Leader to the ship at C5".
    fn place_words(&self, kind: &str, seat: Seat, hex: Hex) -> String {
        match self.land(hex) {
            Land::Castle { owner } if owner == seat => format!("{kind} to your castle at {hex}"),
            Land::Castle { owner } => {
                format!("{kind} to {}'s castle at {hex}", self.seat_name(owner))
            }
            Land::Empty if matches!(self.board().space(hex), Space::Lake { ship: true }) => {
                format!("{kind} to the ship at {hex}")
            }
            _ => format!("{kind} to {hex}{}", self.hex_words(seat, hex, " ")),
        }
    }

    /// What lies on a hex, after `sep`, in brackets: " (forest, 2 wood)", " (city, 1
    /// point)"; a castle or ship by name; nothing for an empty hex.
    fn hex_words(&self, seat: Seat, hex: Hex, sep: &str) -> String {
        match self.land(hex) {
            Land::Terrain {
                terrain, symbols, ..
            } => {
                let gives = match Self::yield_of(terrain).filter(|_| self.has_economy()) {
                    Some(r) => r.amount(symbols),
                    None => points(symbols),
                };
                format!("{sep}({terrain}, {gives})")
            }
            Land::Castle { owner } if owner == seat => format!("{sep}(your castle)"),
            Land::Castle { owner } => format!("{sep}({}'s castle)", self.seat_name(owner)),
            Land::Empty if matches!(self.board().space(hex), Space::Lake { ship: true }) => {
                format!("{sep}(ship)")
            }
            Land::Empty => String::new(),
        }
    }

    /// What `pass` means in the current step.
    fn pass_words(&self) -> &'static str {
        if !self.haunts.is_empty() {
            return "Pass (haunt nobody)";
        }
        match &self.step {
            Step::Figure => "Pass (no figure)",
            Step::Card if self.has_economy() => "Pass (no card, no monument)",
            Step::Card if self.options.mode == Mode::Family => "Pass (no relic)",
            Step::Card | Step::HalflingSpell => "Pass (no spell)",
            Step::Effect { effect } => match effect {
                Effect::Take { left } => match self.turn.spell {
                    Some(SpellEffect::Acquire(n)) if n > *left => "Pass (take no more cards)",
                    _ => "Pass (take no card)",
                },
                Effect::Adopt => "Pass (adopt no spell)",
                Effect::Place {
                    castle: Some(_), ..
                } => "Pass (no figure on the castle)",
                Effect::Place { spell, left, .. } => match spell {
                    SpellEffect::Muster(n) | SpellEffect::Clone(n) if n > left => {
                        "Pass (place no more figures)"
                    }
                    _ => "Pass (place no figure)",
                },
                Effect::Conjure { .. } | Effect::Rage { .. } => "Pass",
                Effect::FreeBuild | Effect::ConstructBuild { .. } => "Pass (build nothing)",
                Effect::Castle => "Pass (no castle)",
                Effect::Flee => "Pass (take back no more figures)",
                Effect::ConstructMonument { .. } => "Pass (no monument)",
                Effect::Teleport { moved, .. } if !moved.is_empty() => {
                    "Pass (move no more figures)"
                }
                Effect::Teleport { .. } => "Pass (move no figure)",
                Effect::Tile { .. } => "Pass (the tile goes back to the box)",
            },
            Step::ComboBuild { .. } => "Pass (build nothing)",
            Step::Buy | Step::RoundBuy { .. } => "Pass (buy nothing)",
            Step::ElfMove => "Pass (no move)",
            Step::Golem => "Pass (no Golem)",
            _ => "Pass",
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
    ) -> Option<String> {
        if !self.has_economy() {
            return None;
        }
        Some(
            match self.check_payment(
                seat,
                &|| crate::words::Text::concat([]),
                resource,
                price,
                with,
            ) {
                Ok(paid) => paid_words(resource, &paid),
                Err(_) => resource.amount(price),
            },
        )
    }

    /// " (Bank −1 card)" when another card in the seat's hand has the same spell, so
    /// that casting either reads differently; "" otherwise.
    fn same_spell(&self, seat: Seat, card: CardId) -> String {
        let this = cards().card(card);
        let hand = &self.seat_state(seat).cards;
        let twin = hand
            .iter()
            .any(|&c| c != card && cards().card(c).spell.label() == this.spell.label());
        if !twin || !hand.contains(&card) {
            String::new()
        } else if self.has_economy() {
            format!(" ({} card)", this.building.label())
        } else {
            format!(" (card {card})")
        }
    }

    /// " (Conjure 8 card)" when another card in the seat's hand has the same building.
    fn same_building(&self, seat: Seat, card: CardId) -> String {
        let this = cards().card(card);
        let hand = &self.seat_state(seat).cards;
        let twin = hand
            .iter()
            .any(|&c| c != card && cards().card(c).building.label() == this.building.label());
        if twin && hand.contains(&card) {
            format!(" ({} card)", this.spell.label())
        } else {
            String::new()
        }
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
    fn wood_words(&self, seat: Seat, price: Option<u8>, with: Option<Resource>) -> String {
        match (self.build_how(), price) {
            (BuildHow::Free, _) => "free".into(),
            (_, Some(price)) => self
                .cost_words(seat, Resource::Wood, price, with)
                .unwrap_or_default(),
            (_, None) => "wood".into(),
        }
    }

    fn build_words(
        &self,
        seat: Seat,
        card: CardId,
        slot: u8,
        with: Option<Resource>,
    ) -> Vec<String> {
        let building = cards().card(card).building.label();
        let price = self.build_price(seat, card, slot, self.build_how()).ok();
        let cost = self.wood_words(seat, price, with);
        let twin = self.same_building(seat, card);
        let over = self
            .seat_state(seat)
            .slots
            .get(usize::from(slot).wrapping_sub(1))
            .and_then(|s| s.building())
            .map(|c| format!(" over {}", cards().card(c).building.label()))
            .unwrap_or_default();
        let mut out = vec![
            format!("Build {building} in slot {slot}{over}{twin} — {cost}"),
            format!("Build {building} in slot {slot}{twin} — {cost}"),
        ];
        if !twin.is_empty() {
            out.push(format!(
                "Build {building} in slot {slot} (card {card}) — {cost}"
            ));
        }
        out
    }

    fn monument_words(&self, seat: Seat, slot: u8, with: Option<Resource>) -> Vec<String> {
        let price = self.monument_price(seat, slot, self.build_how()).ok();
        let cost = self.wood_words(seat, price, with);
        let value = self
            .monuments()
            .last()
            .map(|v| format!("{v}-point "))
            .unwrap_or_default();
        let over = self
            .seat_state(seat)
            .slots
            .get(usize::from(slot).wrapping_sub(1))
            .and_then(|s| s.building())
            .map(|c| format!(" over {}", cards().card(c).building.label()))
            .unwrap_or_default();
        vec![
            format!("Erect {value}monument{over} in slot {slot} — {cost}"),
            format!("Erect {value}monument in slot {slot} — {cost}"),
        ]
    }
}
