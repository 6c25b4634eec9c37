//! The board rules of a Pandoria turn: which placements are legal, which regions close, who
//! scores, and how an action is checked and applied (the card, spell and end-of-turn steps
//! are in `turn.rs` and `spells.rs`).
//!
//! Why this file is long (about 1,950 lines, over issue 29's 1,000 and still to be split): about 200 are the unit tests of placement,
//! closure and scoring; the rest is the board rules and the check-and-apply of every action,
//! which share the placement and region helpers.

use super::cards::{BuildingEffect, CardId, Realm, Resource, Size};
use super::data::{Space, Terrain, tiles};
use super::region::Region;
use super::{Action, Event, Figure, Land, Pandoria, Score, Step, TileId};
use crate::game::{Game, Seat};
use crate::hex::{Hex, HexSet};

/// Why Pandoria refuses an action. Each message says what was wrong and what is allowed.
/// An action a message offers in place of the refused one is legal now, written "(A
/// instead)" or "you can: A, B or C" (the card step also names its relics and printed ship
/// by legal actions); other notation in parentheses shows only the form, like "(tile D7
/// E7)". Property test `refusals_suggest_only_legal_actions`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The action belongs to another step of the turn.
    #[error("you cannot {tried} now: {now}")]
    WrongStep {
        /// What was tried ("place a figure").
        tried: &'static str,
        /// What the player must do now.
        now: String,
    },
    /// The hex is not fertile plain.
    #[error("{0} is not on the fertile plain (mountains and exit paths stay free)")]
    NotPlain(Hex),
    /// The hex is a lake.
    #[error("{0} is a lake: tiles never go on lakes")]
    Lake(Hex),
    /// The hex is the river (River side).
    #[error("{0} is the river: tiles never go on water")]
    River(Hex),
    /// The hex is a printed terrain space.
    #[error("{0} is a printed terrain space: build next to it, not on it")]
    Printed(Hex),
    /// A tile or castle already covers the hex.
    #[error("{0} is already covered")]
    Covered(Hex),
    /// The two hexes of a double tile do not touch.
    #[error("{0} and {1} are not next to each other: a double tile covers two neighbouring spaces")]
    NotNeighbours(Hex, Hex),
    /// The placement touches no tile.
    #[error("{0} touches no tile: place next to the land already on the board")]
    Detached(String),
    /// The two start tiles must not touch (option `start_apart`).
    #[error("the start tiles must not touch each other")]
    StartTilesTouch,
    /// No castle left.
    #[error("you have no castle left: place your tile")]
    NoCastle,
    /// No tile in hand.
    #[error("you have no tile in hand: place a castle")]
    NoTile,
    /// A figure may go only on what was just placed.
    #[error("a figure can go only on what you just placed ({allowed})")]
    NotJustPlaced {
        /// The allowed hexes.
        allowed: String,
    },
    /// The region of the hex is closed.
    #[error("the {terrain} at {at} is closed: no figure can go there")]
    Closed {
        /// The hex.
        at: Hex,
        /// Its terrain.
        terrain: Terrain,
    },
    /// The hex already holds a figure.
    #[error("{0} already has a figure")]
    Occupied(Hex),
    /// No worker in reserve.
    #[error("you have no worker in your reserve")]
    NoWorker,
    /// The leader is on the board already.
    #[error("your leader is already on the board")]
    NoLeader,
    /// The leader comes last (standard game).
    #[error("your leader comes last: place your workers first")]
    LeaderTooEarly,
    /// Nothing of the player's stands there.
    #[error("you have no figure on {0}")]
    NotYourFigure(Hex),
    /// Placing is compulsory.
    #[error("you must place your tile or a castle; you cannot pass")]
    MustPlace,
    /// Only Dwarves hold a second tile.
    #[error("you hold no second tile: place your tile with \"tile D7 E7\"")]
    NoSecondTile,
    /// The card is not in the player's hand.
    #[error("card {card} is not in your hand (you hold {hand})")]
    NoSuchCard {
        /// The card named.
        card: CardId,
        /// The cards held.
        hand: String,
    },
    /// Slots are numbered 1–5.
    #[error("there is no slot {0}: building slots are 1–5")]
    NoSuchSlot(u8),
    /// Monuments are never overbuilt.
    #[error("slot {0} holds a monument, and a monument is never overbuilt: choose another slot")]
    MonumentNeverOverbuilt(u8),
    /// Two identical buildings would be visible (or, for the Goblins, controlled).
    #[error("{}", identical_words(name, *slot, owner.as_deref(), instead.as_deref()))]
    Identical {
        /// The building's name.
        name: &'static str,
        /// Where the visible one is.
        slot: u8,
        /// Goblins: the opponent whose building in `slot` their goblin occupies; `None` for
        /// the player's own building.
        owner: Option<String>,
        /// The same card built over the player's own identical building, in notation, when
        /// that is legal now (`build 24 1`).
        instead: Option<String>,
    },
    /// A monument needs a building to cover.
    #[error("slot {0} has no building: a monument must cover one of your buildings")]
    NothingToCover(u8),
    /// The monument stack is empty.
    #[error("no monument is left")]
    NoMonumentLeft,
    /// Not enough of a resource, even with a Market.
    #[error("{what} costs {cost}; you have {have}{hint}")]
    CannotAfford {
        /// What was to be paid for.
        what: String,
        /// The cost ("5 wood").
        cost: String,
        /// What the player has ("3 wood").
        have: String,
        /// What a Market would allow, if anything.
        hint: String,
    },
    /// The cost needs a Market payment and none was named.
    #[error(
        "{what} costs {cost} and you have {have}: say which resource your Market uses for the rest ({options})"
    )]
    PaymentNeeded {
        /// What was to be paid for.
        what: String,
        /// The cost.
        cost: String,
        /// What the player has.
        have: String,
        /// The ways to pay ("… with gold").
        options: String,
    },
    /// A Market payment was named that is not needed or not possible.
    #[error("you cannot pay with {with}: {why}")]
    BadPayment {
        /// The resource named.
        with: Resource,
        /// Why not.
        why: String,
    },
    /// The market has no card at that position.
    #[error("there is no market card {0}: the market shows {1} card(s), numbered from 1")]
    NoMarketCard(u8, usize),
    /// Buying needs a closed region (except for Mages).
    #[error("you may buy a card only after closing a region this turn")]
    NoPurchase,
    /// Adopt needs an opponent's top spell.
    #[error("{0} has cast no spell yet: there is nothing to adopt")]
    NoTopSpell(String),
    /// Adopt cannot copy Adopt.
    #[error("{0}'s top spell is Adopt, which Adopt cannot copy")]
    AdoptAdopt(String),
    /// Adopt copies an opponent's spell.
    #[error("Adopt copies an opponent's spell, not your own")]
    AdoptSelf,
    /// Recast needs a top spell.
    #[error("you have cast no spell yet: there is nothing to recast")]
    NothingToRecast,
    /// A spell cannot put or move a figure there.
    #[error("a figure cannot go on {at} with {spell}: {why}")]
    BadTarget {
        /// The hex.
        at: Hex,
        /// The spell.
        spell: &'static str,
        /// Why not.
        why: &'static str,
    },
    /// Rage needs a worker.
    #[error("you have no worker on {0}: Rage makes a worker (not the leader) count more")]
    NotYourWorker(Hex),
    /// Rage needs a region closed this turn next to the worker.
    #[error("{region} is in no region closed this turn next to {worker}{hint}")]
    NotNextToRegion {
        /// The worker.
        worker: Hex,
        /// The hex named.
        region: Hex,
        /// The regions that would do.
        hint: String,
    },
    /// This choice cannot be skipped.
    #[error("{0}")]
    MustChoose(String),
    /// The Poorhouse raises only a resource at 0.
    #[error("your {0} is not at 0: the Poorhouse raises a resource at 0")]
    NotZero(Resource),
    /// A move that is not allowed.
    #[error("you cannot move from {from} to {to}: {why}")]
    BadMove {
        /// From.
        from: Hex,
        /// To.
        to: Hex,
        /// Why not.
        why: String,
    },
    /// A realm that somebody else already plays (beginner game).
    #[error("{0} are taken: in the beginner game every player has a different realm")]
    RealmTaken(Realm),
    /// A Golem where none may go.
    #[error(
        "a Golem can go only on the tile you just placed, on a free space that is not a city and not closed, for 3 resources of its terrain; now: {allowed}"
    )]
    NoGolem {
        /// Where it was tried.
        at: Hex,
        /// Where it may go.
        allowed: String,
    },
    /// A Goblins action that cannot be taken.
    #[error("{0}")]
    Goblin(String),
    /// The Goblins' fifth slot.
    #[error("the Goblins have only 4 spaces for their own buildings and monuments, not slot {0}")]
    GoblinSlots(u8),
    /// A ransom that cannot be paid or taken.
    #[error("{0}")]
    BadRansom(String),
    /// A realm outside the table's realm sets.
    #[error("this table plays {1}, not the {0}")]
    RealmNotOffered(Realm, String),
    /// The card just cast must be the one built.
    #[error("build the card whose spell you just cast (card {0}), or erect a monument")]
    NotTheCastCard(CardId),
    /// The family game with spells plays cards only as spells.
    #[error("in the family game with spells cards are only cast as spells (spell {0})")]
    SpellsOnly(CardId),
    /// Nobody to take it from, nothing to take.
    #[error("{0}")]
    NotPossible(String),
}

/// A region as a set of hexes (see [`Pandoria::area`]).
pub(super) struct Area {
    /// Its hexes.
    pub(super) hexes: HexSet,
    /// Its terrain.
    pub(super) terrain: Terrain,
    /// The resource symbols on all its hexes.
    pub(super) symbols: u16,
    /// Whether it is closed.
    pub(super) closed: bool,
}

impl Area {
    /// The region, named by the hex `at`, with its hexes in board order.
    fn region(&self, at: Hex) -> Region {
        let mut hexes = Vec::with_capacity(self.hexes.len());
        hexes.extend(self.hexes.iter());
        Region {
            terrain: self.terrain,
            at,
            hexes,
            symbols: self.symbols,
        }
    }
}

/// Where a figure may stand for the spell rules: occupied, closed, or what.
pub(super) struct ClosedMap {
    closed: HexSet,
}

impl ClosedMap {
    pub(super) fn contains(&self, hex: Hex) -> bool {
        self.closed.contains(hex)
    }
}

impl Pandoria {
    /// The free hexes where tiles may go.
    pub(super) fn free(&self) -> HexSet {
        self.board().placeable().difference(&self.land_sets().0)
    }

    /// The hexes with land (terrain or a castle), and among them those where land was placed:
    /// castles and tiles, but not the printed spaces nor the Artifacts start tile.
    fn land_sets(&self) -> (HexSet, HexSet) {
        let covered = HexSet::from_indices(|i| !matches!(self.land[i], Land::Empty));
        let placed = HexSet::from_indices(|i| match self.land[i] {
            Land::Castle { .. } => true,
            Land::Terrain { tile: Some(t), .. } => !t.is_printed_like(),
            _ => false,
        });
        (covered, placed)
    }

    /// [`Self::free`] and its [`Self::frontier`], from one look at the land.
    pub(super) fn free_and_frontier(&self) -> (HexSet, HexSet) {
        let (covered, placed) = self.land_sets();
        let free = self.board().placeable().difference(&covered);
        (free, self.frontier(&free, &covered, &placed))
    }

    /// Whether the land on a hex lets new tiles attach: placed tiles and castles always; a
    /// printed space (and the Artifacts start tile) once a placed tile touches it (text 004,
    /// step 1 note; "Artifacts": "connect to this later … just as … the printed spaces").
    fn is_anchor(&self, hex: Hex) -> bool {
        let placed = |land: Land| match land {
            Land::Castle { .. } => true,
            Land::Terrain { tile: Some(t), .. } => !t.is_printed_like(),
            _ => false,
        };
        match self.land[hex.index()] {
            Land::Empty => false,
            land if placed(land) => true,
            Land::Terrain { .. } => self
                .board()
                .neighbours(hex)
                .any(|n| placed(self.land[n.index()])),
            Land::Castle { .. } => true,
        }
    }

    pub(super) fn touches_land(&self, hex: Hex) -> bool {
        self.board().neighbours(hex).any(|n| self.is_anchor(n))
    }

    /// Free hexes next to land that tiles may attach to ([`Self::is_anchor`], for every hex
    /// at once: placed land, and other land that placed land touches), from [`Self::land_sets`].
    fn frontier(&self, free: &HexSet, covered: &HexSet, placed: &HexSet) -> HexSet {
        let board = self.board();
        let anchors = covered
            .difference(placed)
            .intersection(&board.around(placed))
            .union(placed);
        board.around(&anchors).intersection(free)
    }

    pub(super) fn can_place(&self, seat: Seat) -> bool {
        let (free, frontier) = self.free_and_frontier();
        if frontier.is_empty() {
            return false;
        }
        let s = &self.seats[seat.index()];
        s.castles > 0
            || (!s.hand.is_empty()
                && frontier
                    .iter()
                    .any(|h| self.board().neighbours(h).any(|n| free.contains(n))))
            || self.can_place_artifact(seat)
    }

    /// Start tile placements: any two free neighbouring hexes; with `start_apart`, not
    /// touching the start tiles already placed.
    pub(super) fn start_placements(&self, placed: &[[Hex; 2]]) -> Vec<[Hex; 2]> {
        let free = self.free();
        let apart_ok = |h: Hex| {
            (!self.options.start_apart || placed.iter().flatten().all(|p| !p.is_adjacent(h)))
                && !self.next_to_printed_like(h)
        };
        let mut out = Vec::new();
        for a in free.iter() {
            for dir in 1..=3 {
                if let Some(b) = self.board().neighbour(a, dir)
                    && free.contains(b)
                    && apart_ok(a)
                    && apart_ok(b)
                {
                    out.push([a, b]);
                    out.push([b, a]);
                }
            }
        }
        out
    }

    /// Whether `h` touches the Artifacts start tile, which nothing may touch at the start
    /// (text 004 "Preparation").
    pub(super) fn next_to_printed_like(&self, h: Hex) -> bool {
        self.options.artifacts
            && self.board().neighbours(h).any(|n| {
                matches!(self.land[n.index()], Land::Terrain { tile: Some(t), .. } if t.is_printed_like())
            })
    }

    fn placed_start_tiles(&self) -> Vec<[Hex; 2]> {
        let mut out: Vec<[Hex; 2]> = Vec::new();
        for id in super::start_tile_ids() {
            let hexes: Vec<Hex> = Hex::all()
                .filter(|h| {
                    matches!(self.land[h.index()], Land::Terrain { tile: Some(t), .. } if t == id)
                })
                .collect();
            if let [a, b] = hexes[..] {
                out.push([a, b]);
            }
        }
        out
    }

    /// Every place a double tile could go now (both orientations) and every space a castle
    /// (or a single tile) could go, whoever holds them.
    pub fn placements(&self) -> (Vec<[Hex; 2]>, Vec<Hex>) {
        let (free, frontier) = self.free_and_frontier();
        (self.pairs_in(&free, &frontier), frontier.iter().collect())
    }

    /// The double-tile placements (both orientations) on `free` that touch `frontier`.
    pub(super) fn pairs_in(&self, free: &HexSet, frontier: &HexSet) -> Vec<[Hex; 2]> {
        let mut pairs = Vec::new();
        self.each_pair(free, frontier, |a, b| pairs.push([a, b]));
        pairs
    }

    /// [`Self::pairs_in`] one placement at a time, in the same order, without the list.
    fn each_pair(&self, free: &HexSet, frontier: &HexSet, mut each: impl FnMut(Hex, Hex)) {
        let board = self.board();
        // A pair has a hex on the frontier, so its first hex is on it or next to it.
        let near = frontier.union(&board.around(frontier)).intersection(free);
        for a in near.iter() {
            let a_on_frontier = frontier.contains(a);
            for dir in 1..=3 {
                if let Some(b) = board.neighbour(a, dir)
                    && free.contains(b)
                    && (a_on_frontier || frontier.contains(b))
                {
                    each(a, b);
                    each(b, a);
                }
            }
        }
    }

    /// Appends every legal action of the current decision to `out`.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        if let Some(h) = self.haunts.first() {
            if h.worker {
                out.push(Action::Haunt(false));
            }
            if h.leader {
                out.push(Action::Haunt(true));
            }
            out.push(Action::Pass);
            return;
        }
        match &self.step {
            Step::Over => {}
            Step::Realm { .. } => {
                for realm in self.options.realm_sets.realms() {
                    if self.validate(&Action::Realm(realm)).is_ok() {
                        out.push(Action::Realm(realm));
                    }
                }
            }
            Step::StartTile { .. } => {
                let placed = self.placed_start_tiles();
                out.extend(
                    self.start_placements(&placed)
                        .into_iter()
                        .map(|[a, b]| Action::Start(a, b)),
                );
            }
            Step::Place => {
                let seat = &self.seats[self.current.index()];
                let (free, frontier) = self.free_and_frontier();
                if !seat.hand.is_empty() {
                    self.each_pair(&free, &frontier, |a, b| out.push(Action::Tile(a, b)));
                    if seat.hand.len() > 1 {
                        self.each_pair(&free, &frontier, |a, b| out.push(Action::SecondTile(a, b)));
                    }
                }
                if seat.castles > 0 {
                    out.extend(frontier.iter().map(Action::Castle));
                }
                self.artifact_place_actions(out, &free, &frontier);
            }
            Step::Single { .. } => {
                out.extend(self.gap_spaces().into_iter().map(Action::Single));
            }
            Step::Figure => {
                out.extend(self.figure_options(self.current));
                out.push(Action::Pass);
            }
            Step::Golem => {
                out.extend(self.golem_options(self.current));
                out.push(Action::Pass);
            }
            Step::Ransom { payer, .. } => {
                out.extend(self.ransom_choices(*payer).into_iter().map(Action::Choose));
            }
            _ => self.later_actions_into(out),
        }
    }

    /// The spaces of the tile just placed in step 1 — a double tile from the hand or, with
    /// Artifacts, a single tile in a one-space gap ("the single or double tile you placed") —
    /// where a Golems seat may put a second Golem (text 004 "Golems"): free, not in a region
    /// closed this turn, not a city, and the seat holds 3 of the terrain's resource. None for
    /// a castle, a mountain castle, a tile placed by a spell or any other realm. A single
    /// tile's one space is free only after a figure was taken back instead of placed.
    pub(super) fn golem_spaces(&self, seat: Seat) -> Vec<Hex> {
        if self.ability(seat) != Some(Realm::Golems) || !(self.turn.from_hand || self.turn.single) {
            return Vec::new();
        }
        let s = &self.seats[seat.index()];
        self.turn
            .placed
            .iter()
            .copied()
            .filter(|&h| self.figures[h.index()].is_none() && !in_closed(&self.turn.closed, h))
            .filter(|&h| match self.land[h.index()] {
                Land::Terrain { terrain, .. } => {
                    Self::yield_of(terrain).is_some_and(|r| s.resource(r) >= GOLEM_COST)
                }
                _ => false,
            })
            .collect()
    }

    /// "second Golem" when `seat`'s figure already stands on the tile just placed, else
    /// "Golem" (a single tile, or a figure retrieved instead of placed).
    pub(super) fn golem_noun(&self, seat: Seat) -> &'static str {
        let on_tile = self.turn.placed.iter().any(|h| {
            self.figures[h.index()]
                .as_ref()
                .is_some_and(|f| f.seat == seat)
        });
        if on_tile { "second Golem" } else { "Golem" }
    }

    /// The Golem placements open to `seat` (without `pass`): a worker, or the leader when it
    /// is the only figure left.
    pub(super) fn golem_options(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        let s = &self.seats[seat.index()];
        for h in self.golem_spaces(seat) {
            if s.workers > 0 {
                out.push(Action::Worker(h));
            }
            if self.leader_allowed(seat).is_ok() {
                out.push(Action::Leader(h));
            }
        }
        out
    }

    /// Figure placements and retrievals open to `seat` in the figure step (without `pass`).
    pub(super) fn figure_options(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        if self.step != Step::Figure {
            return out;
        }
        let s = &self.seats[seat.index()];
        for &hex in &self.turn.placed {
            if self.figures[hex.index()].is_some() || in_closed(&self.turn.closed, hex) {
                continue;
            }
            if s.workers > 0 {
                out.push(Action::Worker(hex));
            }
            if self.leader_allowed(seat).is_ok() {
                out.push(Action::Leader(hex));
            }
        }
        if self.spirits.is_empty() {
            // The common case, without the sorted merge.
            out.extend(self.figures_of(seat).map(|(h, _)| Action::Retrieve(h)));
        } else {
            out.extend(self.retrievable(seat).into_iter().map(Action::Retrieve));
        }
        out.extend(self.goblin_recalls(seat));
        out.extend(self.ransom_options(seat));
        out
    }

    /// Hanbok: the ransoms open to `seat` in step 3 — from each Hanbok holding its figures,
    /// any number of workers and the leader, one resource each (text 004 "Hanbok").
    pub(super) fn ransom_options(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        if self.seats.iter().all(|s| s.captives.is_empty()) {
            return out;
        }
        let purse: u32 = self.seats[seat.index()]
            .resources
            .iter()
            .map(|&r| u32::from(r))
            .sum();
        for (i, s) in self.seats.iter().enumerate() {
            let (workers, leader) = captive_counts(&s.captives, seat);
            for l in [false, true] {
                if l && !leader {
                    continue;
                }
                for w in 0..=workers {
                    let n = u32::from(w) + u32::from(l);
                    if n >= 1 && n <= purse {
                        out.push(Action::Ransom(Seat(i as u8), w, l));
                    }
                }
            }
        }
        out
    }

    pub(super) fn where_problem(&self, hex: Hex) -> Option<RulesError> {
        match self.board().space(hex) {
            Space::Mountains | Space::Exit { .. } => Some(RulesError::NotPlain(hex)),
            Space::Lake { .. } if self.board().has_river() => Some(RulesError::River(hex)),
            Space::Lake { .. } => Some(RulesError::Lake(hex)),
            Space::Printed { .. } => Some(RulesError::Printed(hex)),
            Space::Plain if self.land[hex.index()] != Land::Empty => Some(RulesError::Covered(hex)),
            Space::Plain => None,
        }
    }

    /// What the player to act may do now, for refusals.
    pub(super) fn now(&self) -> String {
        if let Some(h) = self.haunts.first() {
            return format!(
                "{} decides whether to haunt {} (haunt worker, haunt leader or pass)",
                self.seat_name(h.spirit),
                self.seat_name(h.closer)
            );
        }
        match &self.step {
            Step::Realm { .. } => "choose a realm (realm elves)".into(),
            Step::StartTile { .. } => "place the next start tile (start D7 E7)".into(),
            Step::Place => {
                // The examples are legal now: the first placement and castle offered.
                let legal = self.legal_actions(self.current);
                let tile = legal
                    .iter()
                    .find(|a| matches!(a, Action::Tile(..)))
                    .map(|a| format!("your tile ({a})"));
                let castle = legal
                    .iter()
                    .find(|a| matches!(a, Action::Castle(_)))
                    .map(|a| format!("a castle ({a})"));
                let mountain = legal
                    .iter()
                    .find(|a| matches!(a, Action::Mountain(_)))
                    .map(|a| format!("your mountain castle ({a})"));
                let single = legal
                    .contains(&Action::DrawSingle)
                    .then(|| "draw a single tile for a one-space gap (single)".to_string());
                let parts: Vec<String> = [tile, castle, mountain, single]
                    .into_iter()
                    .flatten()
                    .collect();
                match parts.as_slice() {
                    [] => "place your tile".into(),
                    [one] => format!("place {one}"),
                    [rest @ .., last] => format!("place {} or {last}", rest.join(", ")),
                }
            }
            Step::Single { .. } => format!(
                "place the single tile into a gap of one space ({})",
                join_hexes(&self.gap_spaces(), " or ")
            ),
            Step::Figure => {
                let ransom = match self.ransom_options(self.current).first() {
                    Some(r) => format!(", ransom captives ({r})"),
                    None => String::new(),
                };
                // Only free spaces are named, and the example is one of them.
                let free: Vec<Hex> = self
                    .figure_options(self.current)
                    .iter()
                    .filter_map(|a| match a {
                        Action::Worker(h) | Action::Leader(h) => Some(*h),
                        _ => None,
                    })
                    .fold(Vec::new(), |mut v, h| {
                        if !v.contains(&h) {
                            v.push(h);
                        }
                        v
                    });
                match free.first() {
                    None => format!("retrieve a figure (retrieve D7){ransom} or pass"),
                    Some(first) => format!(
                        "place a figure on {} (worker {first}), retrieve one{ransom}, or pass",
                        join_hexes(&free, " or "),
                    ),
                }
            }
            Step::Ransom { payer, left, .. } => format!(
                "choose the resource you take from {} for a ransomed captive ({}), {left} to take",
                self.seat_name(*payer),
                self.ransom_choice_words(*payer, ", ")
            ),
            Step::Golem => {
                let spaces = self.golem_spaces(self.current);
                match spaces.first() {
                    Some(first) => format!(
                        "place a {} on {} for 3 resources of its terrain (worker {first}), or pass",
                        self.golem_noun(self.current),
                        join_hexes(&spaces, " or ")
                    ),
                    None => "pass".into(),
                }
            }
            _ => self.later_now(),
        }
    }

    /// Checks an action against the current step without changing anything. A refusal that
    /// suggests another action ("(build 24 1 instead)") suggests it only when it is legal.
    pub(super) fn validate(&self, action: &Action) -> Result<(), RulesError> {
        self.validate_step(action)
            .map_err(|e| self.with_alternative(action, e))
    }

    /// Adds the legal alternative to a refusal that has one: building over the player's own
    /// identical building (with the payment named, else any that works).
    fn with_alternative(&self, action: &Action, e: RulesError) -> RulesError {
        match (e, *action) {
            (
                RulesError::Identical {
                    name,
                    slot,
                    owner: None,
                    instead: None,
                },
                Action::Build(card, _, with),
            ) => {
                let pays = [with, None].into_iter().chain(Resource::ALL.map(Some));
                let instead = pays
                    .map(|w| Action::Build(card, slot, w))
                    .find(|a| self.validate_step(a).is_ok())
                    .map(|a| a.to_string());
                RulesError::Identical {
                    name,
                    slot,
                    owner: None,
                    instead,
                }
            }
            (e, _) => e,
        }
    }

    /// [`Self::validate`] without the alternatives.
    fn validate_step(&self, action: &Action) -> Result<(), RulesError> {
        let wrong = |tried: &'static str| {
            Err(RulesError::WrongStep {
                tried,
                now: self.now(),
            })
        };
        let seat = &self.seats[self.current.index()];
        if let Some(h) = self.haunts.first() {
            return match *action {
                Action::Haunt(false) if h.worker => Ok(()),
                Action::Haunt(true) if h.leader => Ok(()),
                Action::Haunt(leader) => Err(RulesError::NotPossible(format!(
                    "your {} was not removed from the region",
                    if leader { "leader" } else { "worker" }
                ))),
                Action::Pass => Ok(()),
                _ => wrong("do that"),
            };
        }
        match (&self.step, *action) {
            (Step::StartTile { next }, Action::Start(a, b)) => {
                self.check_pair(a, b)?;
                if self.next_to_printed_like(a) || self.next_to_printed_like(b) {
                    return Err(RulesError::NotPossible(
                        "nothing may touch the Artifacts start tile at the start: place the start tile elsewhere".into(),
                    ));
                }
                if *next == 1 && self.options.start_apart {
                    let placed = self.placed_start_tiles();
                    if placed
                        .iter()
                        .flatten()
                        .any(|p| p.is_adjacent(a) || p.is_adjacent(b))
                    {
                        return Err(RulesError::StartTilesTouch);
                    }
                }
                Ok(())
            }
            (Step::StartTile { .. }, _) => wrong("do that"),
            (Step::Place, Action::Tile(a, b) | Action::SecondTile(a, b)) => {
                if seat.hand.is_empty() {
                    return Err(RulesError::NoTile);
                }
                if matches!(action, Action::SecondTile(..)) && seat.hand.len() < 2 {
                    return Err(RulesError::NoSecondTile);
                }
                self.check_pair(a, b)?;
                if !self.touches_land(a) && !self.touches_land(b) {
                    return Err(RulesError::Detached(format!("{a}–{b}")));
                }
                Ok(())
            }
            (Step::Place, Action::Castle(h)) => {
                if seat.castles == 0 {
                    return Err(RulesError::NoCastle);
                }
                self.check_single_space(h)
            }
            (Step::Place, Action::Mountain(h)) => self.check_mountain(h),
            (Step::Place, Action::DrawSingle) => self.check_draw_single(),
            (Step::Single { .. }, Action::Single(h)) => self.check_gap(h),
            (
                Step::Single { .. },
                Action::Tile(..) | Action::SecondTile(..) | Action::Castle(_),
            ) => wrong("place another tile"),
            (Step::Single { .. }, _) => wrong("do that"),
            (Step::Place, Action::Pass) => Err(RulesError::MustPlace),
            (Step::Place, Action::Worker(_) | Action::Leader(_)) => wrong("place a figure"),
            (Step::Place, Action::Retrieve(_)) => wrong("retrieve a figure"),
            (Step::Place, Action::Start(..)) => wrong("place a start tile"),
            (Step::Place, _) => wrong("do that"),
            (Step::Figure, Action::Worker(h) | Action::Leader(h)) => {
                let placed = &self.turn.placed;
                if !placed.contains(&h) {
                    return Err(RulesError::NotJustPlaced {
                        allowed: if placed.is_empty() {
                            "nothing was placed this turn".into()
                        } else {
                            join_hexes(placed, " or ")
                        },
                    });
                }
                if self.figures[h.index()].is_some() {
                    return Err(RulesError::Occupied(h));
                }
                if let Some(region) = self.turn.closed.iter().find(|r| r.hexes.contains(&h)) {
                    return Err(RulesError::Closed {
                        at: h,
                        terrain: region.terrain,
                    });
                }
                self.check_figure_kind(action)
            }
            (Step::Figure, Action::Retrieve(h)) => {
                if self.may_retrieve(self.current, h) {
                    Ok(())
                } else {
                    Err(RulesError::NotYourFigure(h))
                }
            }
            (Step::Figure, Action::Recall(owner, slot)) => {
                self.check_recall(self.current, owner, slot)
            }
            (Step::Figure, Action::Ransom(from, workers, leader)) => {
                let held = self
                    .seats
                    .get(from.index())
                    .map_or((0, false), |s| captive_counts(&s.captives, self.current));
                let purse: u32 = seat.resources.iter().map(|&r| u32::from(r)).sum();
                let n = u32::from(workers) + u32::from(leader);
                if n == 0 {
                    return Err(RulesError::BadRansom("ransom at least one figure".into()));
                }
                if held.0 < workers || (leader && !held.1) {
                    return Err(RulesError::BadRansom(
                        self.ransom_held_words(from, held, workers, leader),
                    ));
                }
                if n > purse {
                    return Err(RulesError::BadRansom(format!(
                        "each figure costs one resource and you have {purse}"
                    )));
                }
                Ok(())
            }
            (Step::Figure, Action::Pass) => Ok(()),
            (Step::Figure, Action::Tile(..) | Action::SecondTile(..) | Action::Castle(_)) => {
                wrong("place another tile")
            }
            (Step::Figure, Action::Start(..)) => wrong("place a start tile"),
            (Step::Figure, _) => wrong("do that"),
            (Step::Golem, Action::Worker(h) | Action::Leader(h)) => {
                if !self.golem_spaces(self.current).contains(&h) {
                    return Err(RulesError::NoGolem {
                        at: h,
                        allowed: join_hexes(&self.golem_spaces(self.current), " or "),
                    });
                }
                self.check_figure_kind(action)
            }
            (Step::Golem, Action::Pass) => Ok(()),
            (Step::Golem, _) => wrong("do that"),
            (Step::Ransom { payer, .. }, Action::Choose(r)) => {
                if self.seats[payer.index()].resource(r) == 0 {
                    return Err(RulesError::BadRansom(format!(
                        "{} has no {r} left: take {}",
                        self.seat_name(*payer),
                        self.ransom_choice_words(*payer, " or ")
                    )));
                }
                Ok(())
            }
            (Step::Ransom { .. }, _) => wrong("do that"),
            (Step::Over, _) => wrong("play"),
            _ => self.validate_later(action),
        }
    }

    /// Whether the player to act has the figure an action places: a worker in the reserve,
    /// or a leader they may place now.
    fn check_figure_kind(&self, action: &Action) -> Result<(), RulesError> {
        if matches!(action, Action::Worker(_)) {
            if self.seats[self.current.index()].workers == 0 {
                return Err(RulesError::NoWorker);
            }
            Ok(())
        } else {
            self.leader_allowed(self.current)
        }
    }

    pub(super) fn check_pair(&self, a: Hex, b: Hex) -> Result<(), RulesError> {
        if let Some(e) = self.where_problem(a).or_else(|| self.where_problem(b)) {
            return Err(e);
        }
        if !a.is_adjacent(b) {
            return Err(RulesError::NotNeighbours(a, b));
        }
        Ok(())
    }

    /// A castle or a single tile: one free plain space next to land.
    pub(super) fn check_single_space(&self, h: Hex) -> Result<(), RulesError> {
        if let Some(e) = self.where_problem(h) {
            return Err(e);
        }
        if !self.touches_land(h) {
            return Err(RulesError::Detached(h.to_string()));
        }
        Ok(())
    }

    /// A double tile anywhere next to land.
    pub(super) fn check_tile_at(&self, a: Hex, b: Hex) -> Result<(), RulesError> {
        self.check_pair(a, b)?;
        if !self.touches_land(a) && !self.touches_land(b) {
            return Err(RulesError::Detached(format!("{a}–{b}")));
        }
        Ok(())
    }

    /// Applies a validated action.
    pub(super) fn perform(&mut self, action: Action, events: &mut Vec<Event>) {
        if !self.haunts.is_empty() {
            return self.perform_haunt(action, events);
        }
        let seat = self.current;
        match (&self.step, action) {
            (Step::StartTile { next }, Action::Start(a, b)) => {
                let next = *next;
                let id = super::start_tile_ids()[usize::from(next)];
                self.put_tile(id, [a, b]);
                let tile = *tiles().get(id).expect("start tile");
                events.push(Event::StartTilePlaced { at: [a, b], tile });
                if next == 0 {
                    self.step = Step::StartTile { next: 1 };
                } else {
                    self.last_move.clear();
                    self.step = Step::Place;
                    self.settle(events);
                }
            }
            (Step::Place, Action::Tile(a, b) | Action::SecondTile(a, b)) => {
                let index = usize::from(matches!(action, Action::SecondTile(..)));
                let id = self.seats[seat.index()].hand.remove(index);
                self.put_tile(id, [a, b]);
                let tile = *tiles().get(id).expect("hand tile");
                events.push(Event::TilePlaced {
                    seat,
                    at: [a, b],
                    tile,
                });
                self.after_placing(vec![a, b], true, events);
            }
            (Step::Place, Action::Castle(h)) => {
                self.put_castle(seat, h);
                events.push(Event::CastlePlaced { seat, at: h });
                self.after_placing(vec![h], false, events);
            }
            (Step::Place, Action::Mountain(h)) => {
                self.put_mountain(seat, h, events);
                self.after_placing(vec![h], false, events);
            }
            (Step::Place, Action::DrawSingle) => self.draw_single(seat, events),
            (Step::Single { .. }, Action::Single(h)) => self.place_single(h, events),
            (Step::Figure, Action::Worker(h) | Action::Leader(h)) => {
                let figure = self.put_figure(seat, h, matches!(action, Action::Leader(_)));
                events.push(Event::FigurePlaced { at: h, figure });
                self.place_haunt(seat, h, events);
                self.golem_or_after_figure(events);
            }
            (Step::Figure, Action::Retrieve(h)) => {
                self.retrieve(seat, h, events);
                self.golem_or_after_figure(events);
            }
            (Step::Golem, Action::Worker(h) | Action::Leader(h)) => {
                let paid = match self.land[h.index()] {
                    Land::Terrain { terrain, .. } => Self::yield_of(terrain),
                    _ => None,
                }
                .expect("validated: a Golem space yields a resource");
                self.seats[seat.index()].resources[paid.index()] -= GOLEM_COST;
                // A pair when the first figure stands on the tile's other space.
                if let Some(&other) = self.turn.placed.iter().find(|&&p| p != h)
                    && self.figures[other.index()].is_some_and(|f| f.seat == seat)
                {
                    self.golem_pairs.push([other, h]);
                }
                let figure = self.put_figure(seat, h, matches!(action, Action::Leader(_)));
                events.push(Event::GolemPlaced {
                    at: h,
                    figure,
                    paid,
                });
                self.place_haunt(seat, h, events);
                self.after_figure(events);
            }
            (Step::Figure, Action::Recall(owner, slot)) => {
                self.evict_goblin(owner, slot, "recalled", events);
                self.golem_or_after_figure(events);
            }
            (Step::Figure, Action::Ransom(from, workers, leader)) => {
                let captives = &mut self.seats[from.index()].captives;
                for _ in 0..workers {
                    if let Some(i) = captives.iter().position(|f| f.seat == seat && !f.leader) {
                        captives.remove(i);
                    }
                }
                if leader && let Some(i) = captives.iter().position(|f| f.seat == seat && f.leader)
                {
                    captives.remove(i);
                }
                let s = &mut self.seats[seat.index()];
                s.workers += workers;
                s.leader |= leader;
                events.push(Event::Ransomed {
                    payer: seat,
                    hanbok: from,
                    workers,
                    leader,
                });
                self.step = Step::Ransom {
                    payer: seat,
                    hanbok: from,
                    left: workers + u8::from(leader),
                };
            }
            (
                Step::Ransom {
                    payer,
                    hanbok,
                    left,
                },
                Action::Choose(r),
            ) => {
                let (payer, hanbok, left) = (*payer, *hanbok, *left);
                self.seats[payer.index()].resources[r.index()] -= 1;
                events.push(Event::RansomPaid {
                    payer,
                    hanbok,
                    resource: r,
                });
                self.gain(hanbok, r, 1, events);
                if left > 1 {
                    self.step = Step::Ransom {
                        payer,
                        hanbok,
                        left: left - 1,
                    };
                } else {
                    self.after_figure(events);
                }
            }
            (Step::Golem, Action::Pass) => {
                events.push(Event::Passed { seat });
                self.after_figure(events);
            }
            (Step::Figure, Action::Pass) => {
                events.push(Event::Passed { seat });
                self.after_figure(events);
            }
            _ => self.perform_later(action, events),
        }
    }

    pub(super) fn put_castle(&mut self, seat: Seat, h: Hex) {
        self.land[h.index()] = Land::Castle { owner: seat };
        self.seats[seat.index()].castles -= 1;
        self.last_move = vec![h];
    }

    pub(super) fn put_figure(&mut self, seat: Seat, h: Hex, leader: bool) -> Figure {
        let figure = self.take_from_reserve(seat, leader);
        self.figures[h.index()] = Some(figure);
        figure
    }

    /// Spirits of the Ancients: a ready haunting figure goes onto the board with the figure
    /// its victim just placed on `h` (call after the `FigurePlaced` event).
    pub(super) fn place_haunt(&mut self, seat: Seat, h: Hex, events: &mut Vec<Event>) {
        if let Some(haunt) = self.seats[seat.index()].haunted_by.filter(|x| x.ready) {
            self.seats[seat.index()].haunted_by = None;
            self.spirits.push((h, haunt.figure));
            events.push(Event::HauntPlaced {
                at: h,
                figure: haunt.figure,
                victim: seat,
            });
        }
    }

    /// Spirits of the Ancients: the haunting figure on `h` (if any) goes back to its owner's
    /// reserve — its host moved or was removed.
    pub(super) fn release_spirit(&mut self, h: Hex, why: &str, events: &mut Vec<Event>) {
        if let Some(i) = self.spirits.iter().position(|(at, _)| *at == h) {
            let (_, figure) = self.spirits.remove(i);
            self.return_figure(figure);
            events.push(Event::SpiritReturned {
                at: h,
                figure,
                why: why.into(),
            });
        }
    }

    /// Takes back `seat`'s figure on `h` (its haunting figure there, for the Spirits); a
    /// haunting figure on a figure taken back goes home too.
    pub(super) fn retrieve(&mut self, seat: Seat, h: Hex, events: &mut Vec<Event>) {
        match self.figures[h.index()] {
            Some(f) if f.seat == seat => {
                self.figures[h.index()] = None;
                self.break_golem_pair(h);
                self.return_figure(f);
                events.push(Event::FigureRetrieved { at: h, figure: f });
                self.release_spirit(h, "its host was taken back", events);
            }
            _ => self.release_spirit(h, "taken back", events),
        }
    }

    /// Spirits of the Ancients: the haunt decision (`haunt worker`, `haunt leader`, `pass`).
    fn perform_haunt(&mut self, action: Action, events: &mut Vec<Event>) {
        let h = self.haunts.remove(0);
        let Action::Haunt(leader) = action else {
            return;
        };
        let figure = Figure {
            seat: h.spirit,
            leader,
        };
        // Out of the Hanbok's captives when the closer took them ("captures all of your
        // figures except one, which will haunt"), else from the reserve it went back to.
        match self.seats[h.closer.index()]
            .captives
            .iter()
            .position(|f| *f == figure)
        {
            Some(i) => {
                self.seats[h.closer.index()].captives.remove(i);
            }
            None => {
                self.take_from_reserve(h.spirit, leader);
            }
        }
        self.seats[h.closer.index()].haunted_by = Some(super::Haunt {
            figure,
            // After the closer's current turn; at once if that turn is already over.
            ready: self.current != h.closer,
        });
        self.haunts.retain(|p| p.closer != h.closer);
        events.push(Event::Haunted {
            figure,
            victim: h.closer,
        });
    }

    /// Takes a worker (or the leader) out of a seat's reserve.
    pub(super) fn take_from_reserve(&mut self, seat: Seat, leader: bool) -> Figure {
        let s = &mut self.seats[seat.index()];
        if leader {
            s.leader = false;
        } else {
            s.workers -= 1;
        }
        Figure { seat, leader }
    }

    pub(super) fn return_figure(&mut self, figure: Figure) {
        let s = &mut self.seats[figure.seat.index()];
        if figure.leader {
            s.leader = true;
        } else {
            s.workers += 1;
        }
    }

    /// Closes the regions a placement on `placed` closed: their figures go home (a Hanbok
    /// closing keeps the opponents' figures as captives), and they join the regions scored
    /// this turn.
    pub(super) fn close_regions(&mut self, placed: &[Hex], events: &mut Vec<Event>) {
        let closed = self.newly_closed(placed);
        let closer = self.current;
        let hanbok = self.ability(closer) == Some(Realm::Hanbok);
        for region in closed {
            let mut returned = Vec::new();
            let mut captured = Vec::new();
            // Haunting figures in the region leave with their hosts, as their owners' figures.
            let mut haunting = Vec::new();
            self.spirits.retain(|&(h, f)| {
                let inside = region.hexes.contains(&h);
                if inside {
                    haunting.push((h, f));
                }
                !inside
            });
            for &hex in &region.hexes {
                self.break_golem_pair(hex);
                let here = self.figures[hex.index()]
                    .take()
                    .into_iter()
                    .chain(haunting.iter().filter(|(h, _)| *h == hex).map(|(_, f)| *f))
                    .collect::<Vec<_>>();
                for figure in here {
                    let opponent =
                        figure.seat != closer && self.partner(closer) != Some(figure.seat);
                    if hanbok && opponent {
                        self.seats[closer.index()].captives.push(figure);
                        captured.push((hex, figure));
                    } else {
                        self.return_figure(figure);
                        returned.push((hex, figure));
                    }
                }
            }
            self.offer_haunts(closer, returned.iter().chain(&captured).map(|(_, f)| *f));
            // Captured Centaurs are forced out too.
            let forced: Vec<(Hex, Figure)> = returned.iter().chain(&captured).copied().collect();
            let centaurs = self.centaurs(&forced);
            let captor = (!captured.is_empty()).then_some(closer);
            events.push(Event::RegionClosed {
                region: region.clone(),
                returned,
                captured,
                captor,
            });
            for (seat, count) in centaurs {
                self.centaurs_gain(seat, &region, count, events);
            }
            self.take_artifacts(closer, &region, events);
            self.turn.closed.push(region);
        }
        self.sail_enclosed(events);
    }

    /// Spirits of the Ancients: each Spirits opponent of the closer whose figures were just
    /// removed may haunt the closer with one of them — unless the closer is haunted already.
    fn offer_haunts(&mut self, closer: Seat, removed: impl Iterator<Item = Figure>) {
        let removed: Vec<Figure> = removed.collect();
        let n = self.seats.len();
        for k in 1..n {
            let spirit = Seat(((closer.index() + k) % n) as u8);
            if self.ability(spirit) != Some(Realm::Spirits) || self.partner(closer) == Some(spirit)
            {
                continue;
            }
            let worker = removed.iter().any(|f| f.seat == spirit && !f.leader);
            let leader = removed.iter().any(|f| f.seat == spirit && f.leader);
            let offered = self
                .haunts
                .iter()
                .any(|p| p.closer == closer && p.spirit == spirit);
            if (worker || leader) && !offered && !self.is_haunted(closer) {
                self.haunts.push(super::PendingHaunt {
                    spirit,
                    closer,
                    worker,
                    leader,
                });
            }
        }
    }

    /// Centaurs seats with figures forced out of a closed region, and how many each.
    fn centaurs(&self, returned: &[(Hex, Figure)]) -> Vec<(Seat, i32)> {
        let mut out: Vec<(Seat, i32)> = Vec::new();
        for (_, figure) in returned {
            if self.ability(figure.seat) != Some(Realm::Centaurs) {
                continue;
            }
            match out.iter_mut().find(|(s, _)| *s == figure.seat) {
                Some((_, n)) => *n += 1,
                None => out.push((figure.seat, 1)),
            }
        }
        out
    }

    /// Centaurs: 1 of the region's resource (a point for a city) per figure forced out
    /// (text 004 "Centaurs"; the leader is one figure). Given at once, before the region is
    /// scored.
    fn centaurs_gain(&mut self, seat: Seat, region: &Region, count: i32, events: &mut Vec<Event>) {
        let resource = Self::yield_of(region.terrain);
        let why = format!(
            "{count} figure{} forced out of the {} at {}",
            if count == 1 { "" } else { "s" },
            region.terrain,
            region.at
        );
        events.push(Event::RealmGain {
            seat,
            realm: Realm::Centaurs,
            resource,
            amount: count,
            why,
        });
        match resource {
            Some(r) => self.gain(seat, r, count, events),
            None => {
                let s = &mut self.seats[seat.index()];
                s.score += count;
                s.parts.regions += count;
            }
        }
    }

    pub(super) fn after_placing(
        &mut self,
        placed: Vec<Hex>,
        from_hand: bool,
        events: &mut Vec<Event>,
    ) {
        self.placed_this_round = true;
        self.close_regions(&placed, events);
        self.turn.placed = placed;
        self.turn.from_hand = from_hand;
        self.step = Step::Figure;
        self.settle(events);
    }

    /// Whether `seat` has a goblin on `owner`'s building in `slot` to take back.
    pub(super) fn check_recall(&self, seat: Seat, owner: Seat, slot: u8) -> Result<(), RulesError> {
        let here = self
            .seats
            .get(owner.index())
            .and_then(|s| s.slots.get(usize::from(slot).wrapping_sub(1)))
            .and_then(|s| s.goblin);
        match here {
            Some(g) if g.seat == seat => Ok(()),
            _ => Err(RulesError::Goblin(format!(
                "you have no goblin on {}'s slot {slot}",
                self.seat_name(owner)
            ))),
        }
    }

    /// Why a ransom from `from` asks for captives it does not hold (`held`: the player's
    /// workers and leader it does hold): what is not captive, what is, and the ransoms from
    /// `from` the player can make now (the largest first, at most three).
    fn ransom_held_words(&self, from: Seat, held: (u8, bool), workers: u8, leader: bool) -> String {
        let name = self.seat_name(from);
        let mut out = String::new();
        if leader && !held.1 {
            out.push_str("your leader is not captive: ");
        }
        out.push_str(&format!(
            "{name} holds {} of your workers{} captive",
            held.0,
            if held.1 { " and your leader" } else { "" }
        ));
        if workers > held.0 {
            out.push_str(&format!(", not {workers}"));
        }
        let mut options: Vec<(u8, Action)> = self
            .ransom_options(self.current)
            .into_iter()
            .filter_map(|a| match a {
                Action::Ransom(s, w, l) if s == from => Some((w + u8::from(l), a)),
                _ => None,
            })
            .collect();
        options.sort_by_key(|&(n, _)| std::cmp::Reverse(n));
        let options: Vec<String> = options.iter().take(3).map(|(_, a)| a.to_string()).collect();
        if let Some((last, rest)) = options.split_last() {
            out.push_str("; you can: ");
            if !rest.is_empty() {
                out.push_str(&format!("{} or ", rest.join(", ")));
            }
            out.push_str(last);
        }
        out
    }

    /// The resources a ransoming player still has, which the Hanbok may take.
    pub(super) fn ransom_choices(&self, payer: Seat) -> Vec<Resource> {
        Resource::ALL
            .into_iter()
            .filter(|&r| self.seats[payer.index()].resource(r) > 0)
            .collect()
    }

    /// The resources a ransoming player still has, in words: "crystal or wood".
    fn ransom_choice_words(&self, payer: Seat, sep: &str) -> String {
        let names: Vec<&str> = self
            .ransom_choices(payer)
            .iter()
            .map(|r| r.name())
            .collect();
        names.join(sep)
    }

    /// After a figure was placed or retrieved in step 3: the Golems may place a second Golem
    /// when they can; everybody else goes on to step 4.
    fn golem_or_after_figure(&mut self, events: &mut Vec<Event>) {
        if self.golem_options(self.current).is_empty() {
            self.after_figure(events);
        } else {
            self.step = Step::Golem;
        }
    }

    /// Goes on to step 4 once the figure step is done.
    pub(super) fn after_figure(&mut self, events: &mut Vec<Event>) {
        self.begin_card_step(events);
    }

    /// The weight of each seat's figures next to a region: 1 per worker, 2 for the leader,
    /// and the raging worker 2 or 3.
    /// (Indexed by seat; seats past the player count stay 0.)
    fn weights(&self, region: &Region) -> [u8; 4] {
        self.weights_in(&region.hexes.iter().copied().collect())
    }

    /// [`Self::weights`] of the region whose hexes are `inside`.
    fn weights_in(&self, inside: &HexSet) -> [u8; 4] {
        let border = self.board().around(inside).difference(inside);
        let rage = self
            .turn
            .rage
            .filter(|r| inside.contains(r.region) && border.contains(r.worker));
        let mut weights = [0u8; 4];
        // Haunting figures on the border count for their owners like any figure.
        for &(h, f) in &self.spirits {
            if border.contains(h) {
                weights[f.seat.index()] += if f.leader { 2 } else { 1 };
            }
        }
        for hex in border.iter() {
            if let Some(f) = self.figures[hex.index()] {
                weights[f.seat.index()] += match rage {
                    _ if f.leader => 2,
                    Some(r) if r.worker == hex && f.seat == self.current => r.times,
                    _ => 1,
                };
            }
        }
        weights
    }

    /// Every seat with figures next to the region scores its symbols once per figure, the
    /// leader counting 2 (and a raging worker 2 or 3). In the family games every symbol is
    /// a point; in the standard game forests, mountains and hills give resources and the
    /// seat's buildings add their bonus per space.
    pub fn score_region(&self, region: &Region) -> Vec<Score> {
        let weights = self.weights(region);
        let (terrain, symbols, spaces) = (region.terrain, region.symbols, region.hexes.len());
        (0..self.seats.len())
            .filter_map(|i| self.score_with(terrain, symbols, spaces, &weights, Seat(i as u8)))
            .collect()
    }

    /// One seat's part of [`Self::score_region`] for the region of an [`Area`] (none without
    /// figures next to it).
    pub(super) fn seat_score(&self, area: &Area, seat: Seat) -> Option<Score> {
        let weights = self.weights_in(&area.hexes);
        self.score_with(area.terrain, area.symbols, area.hexes.len(), &weights, seat)
    }

    fn score_with(
        &self,
        terrain: Terrain,
        symbols: u16,
        spaces: usize,
        weights: &[u8; 4],
        seat: Seat,
    ) -> Option<Score> {
        let weights = &weights[..self.seats.len()];
        let w = *weights.get(seat.index()).filter(|&&w| w > 0)?;
        let spaces = spaces as i32;
        let base = i32::from(symbols) * i32::from(w);
        let bonus = if self.has_economy() {
            spaces * self.bonus_per_space(seat, terrain)
        } else {
            0
        };
        let resource = self.has_economy() && terrain != Terrain::City;
        let realm = self.realm_bonus(seat, weights, spaces as usize, resource);
        let total = base + bonus + realm;
        Some(Score {
            seat,
            figures: w,
            points: if resource { 0 } else { total },
            gained: if resource { total } else { 0 },
            bonus,
            realm,
        })
    }

    /// The realm's share of a seat's scoring (text 004): +3 of the resource, or +1 point in a
    /// city, for the Fairies with more figures next to the region than every other player
    /// (at least one other player involved; the leader counts 2, a raging worker 2 or 3),
    /// and for the Nymphs involved in a region of 4 spaces or more.
    fn realm_bonus(&self, seat: Seat, weights: &[u8], spaces: usize, resource: bool) -> i32 {
        let bonus = if resource { 3 } else { 1 };
        let mine = weights[seat.index()];
        match self.ability(seat) {
            Some(Realm::Fairies) => {
                let others = weights
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != seat.index())
                    .map(|(_, &w)| w);
                let most_other = others.clone().max().unwrap_or(0);
                let involved = others.filter(|&w| w > 0).count();
                if involved > 0 && mine > most_other {
                    bonus
                } else {
                    0
                }
            }
            Some(Realm::Nymphs) if spaces >= 4 && mine > 0 => bonus,
            _ => 0,
        }
    }

    /// A seat's building bonus per space of a terrain (Saw Mills, Towers, Treasuries,
    /// Statue). Small and large buildings add up.
    fn bonus_per_space(&self, seat: Seat, terrain: Terrain) -> i32 {
        let size = |s: Size| if s == Size::Small { 1 } else { 2 };
        self.controlled_buildings(seat)
            .map(|(_, card)| match (card.building, terrain) {
                (BuildingEffect::SawMill(s), Terrain::Forest)
                | (BuildingEffect::Tower(s), Terrain::Mountain)
                | (BuildingEffect::Treasury(s), Terrain::Hills) => size(s),
                (BuildingEffect::Statue, Terrain::City) => 1,
                _ => 0,
            })
            .sum()
    }

    /// The region containing a terrain hex, and whether it is closed.
    pub fn region_at(&self, hex: Hex) -> Option<(Region, bool)> {
        self.region_blocking(hex, None)
    }

    /// [`Self::region_at`], as if the exit path `blocked` were covered already (whether a
    /// mountain castle there would close the region).
    pub(super) fn region_blocking(&self, hex: Hex, blocked: Option<Hex>) -> Option<(Region, bool)> {
        let area = self.area(hex, blocked)?;
        let closed = area.closed;
        Some((area.region(hex), closed))
    }

    /// [`Self::region_blocking`] as a set, without building the [`Region`]: the AI's
    /// evaluation finds regions often.
    pub(super) fn area(&self, hex: Hex, blocked: Option<Hex>) -> Option<Area> {
        let Land::Terrain { terrain, .. } = self.land[hex.index()] else {
            return None;
        };
        let board = self.board();
        let mut seen = HexSet::EMPTY;
        seen.insert(hex);
        let mut todo = seen;
        let mut symbols = 0u16;
        let mut open = false;
        loop {
            let Some(h) = todo.iter().next() else {
                break;
            };
            todo.remove(h);
            if let Land::Terrain { symbols: s, .. } = self.land[h.index()] {
                symbols += u16::from(s);
            }
            for n in board.neighbours(h) {
                match (board.space(n), self.land[n.index()]) {
                    // A mountain castle on an exit path blocks it (Artifacts).
                    (Space::Exit { terrain: t }, Land::Empty)
                        if t == terrain && Some(n) != blocked =>
                    {
                        open = true
                    }
                    (Space::Plain, Land::Empty) => open = true,
                    (_, Land::Terrain { terrain: t, .. }) if t == terrain && seen.insert(n) => {
                        todo.insert(n);
                    }
                    _ => {}
                }
            }
        }
        Some(Area {
            hexes: seen,
            terrain,
            symbols,
            closed: !open,
        })
    }

    /// Every terrain hex that lies in a closed region, found in one pass over the board.
    pub(super) fn closed_map(&self) -> ClosedMap {
        let mut seen = HexSet::EMPTY;
        let mut closed = HexSet::EMPTY;
        for hex in Hex::all() {
            if seen.contains(hex) || !matches!(self.land[hex.index()], Land::Terrain { .. }) {
                continue;
            }
            if let Some(area) = self.area(hex, None) {
                seen = seen.union(&area.hexes);
                if area.closed {
                    closed = closed.union(&area.hexes);
                }
            }
        }
        ClosedMap { closed }
    }

    /// The regions a placement on `placed` closed. A region can only close when its last
    /// free neighbour is covered, so only regions on or next to the placement are checked.
    fn newly_closed(&self, placed: &[Hex]) -> Vec<Region> {
        let mut seen = HexSet::EMPTY;
        let mut out = Vec::new();
        let seeds = placed
            .iter()
            .copied()
            .chain(placed.iter().flat_map(|&p| self.board().neighbours(p)));
        for seed in seeds {
            if seen.contains(seed) {
                continue;
            }
            if let Some(area) = self.area(seed, None) {
                seen = seen.union(&area.hexes);
                if area.closed {
                    let at = placed.iter().find(|&&p| area.hexes.contains(p));
                    out.push(area.region(at.copied().unwrap_or(seed)));
                }
            }
        }
        out
    }

    /// Resolves the steps of a new turn that offer no choice: a player who can place nothing
    /// skips step 1; a figure step whose only option is to pass is passed.
    pub(super) fn settle(&mut self, events: &mut Vec<Event>) {
        loop {
            match &self.step {
                Step::Place if !self.can_place(self.current) => {
                    events.push(Event::CouldNotPlace { seat: self.current });
                    self.turn.placed.clear();
                    self.turn.from_hand = false;
                    self.step = Step::Figure;
                }
                Step::Figure if self.figure_options(self.current).is_empty() => {
                    self.after_figure(events);
                    return;
                }
                _ => return,
            }
        }
    }

    /// The tile that a Terrain spell drew, if one waits to be placed.
    pub(super) fn tile_data(id: TileId) -> super::Tile {
        *tiles().get(id).expect("tile ids come from the data")
    }

    /// The resource a terrain yields in the standard game.
    pub(super) fn yield_of(terrain: Terrain) -> Option<Resource> {
        match terrain {
            Terrain::Forest => Some(Resource::Wood),
            Terrain::Mountain => Some(Resource::Crystal),
            Terrain::Hills => Some(Resource::Gold),
            Terrain::City => None,
        }
    }
}

/// What a second Golem costs, in resources of its terrain (text 004).
const GOLEM_COST: u8 = 3;

/// The words of [`RulesError::Identical`]: whose identical building it is, and the build
/// over it when that is legal now.
fn identical_words(name: &str, slot: u8, owner: Option<&str>, instead: Option<&str>) -> String {
    let rule = "is identical: never two identical buildings at once";
    match (owner, instead) {
        (Some(owner), _) => {
            format!("{owner}'s {name} in slot {slot}, which your goblin occupies, {rule}")
        }
        (None, Some(build)) => format!("your {name} in slot {slot} {rule} ({build} instead)"),
        (None, None) => format!("your {name} in slot {slot} {rule}"),
    }
}

/// How many of `seat`'s workers, and whether its leader, a Hanbok holds among `captives`.
pub(super) fn captive_counts(captives: &[Figure], seat: Seat) -> (u8, bool) {
    let mine = captives.iter().filter(|f| f.seat == seat);
    (
        mine.clone().filter(|f| !f.leader).count() as u8,
        mine.clone().any(|f| f.leader),
    )
}

pub(super) fn in_closed(closed: &[Region], hex: Hex) -> bool {
    closed.iter().any(|r| r.hexes.contains(&hex))
}

pub(super) fn join_hexes(hexes: &[Hex], sep: &str) -> String {
    hexes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Seed};
    use crate::pandoria::Options;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    fn game(players: usize) -> Pandoria {
        let mut g = Pandoria::new(&Options::default(), players, Seed::from_u64(1)).unwrap();
        g.fix("start-tiles", "G6 G7 I6 I7").unwrap();
        g.fix("start-player", "1").unwrap();
        // Hands from the hills·city tiles (45–48), so tests may place tiles 1–44.
        let hands: Vec<String> = (0..players).map(|i| (45 + i).to_string()).collect();
        g.fix("hands", &hands.join(" ")).unwrap();
        g
    }

    #[test]
    fn a_tile_must_touch_a_placed_tile() {
        let g = game(2);
        // H6 touches G6 (a start tile).
        assert!(g.touches_land(h("H6")));
        assert!(!g.touches_land(h("L10")));
        assert_eq!(
            g.validate(&Action::Tile(h("L10"), h("L11"))),
            Err(RulesError::Detached("L10–L11".into()))
        );
        assert!(g.validate(&Action::Tile(h("F6"), h("F5"))).is_ok());
        assert_eq!(
            g.validate(&Action::Tile(h("F6"), h("F8"))),
            Err(RulesError::NotNeighbours(h("F6"), h("F8")))
        );
    }

    #[test]
    fn a_printed_space_counts_as_a_tile_once_a_tile_touches_it() {
        // The printed forest at C8: D8 is next to it but not next to any tile.
        let mut g = game(2);
        assert!(!g.touches_land(h("D8")));
        g.fix("place", "1 C6 C7").unwrap(); // C7 touches C8
        assert!(g.is_anchor(h("C8")));
        assert!(g.touches_land(h("D8")), "D8 touches only the printed C8");
    }

    #[test]
    fn tiles_never_cover_lakes_printed_spaces_exits_or_tiles() {
        let g = game(2);
        assert_eq!(g.where_problem(h("D3")), Some(RulesError::Lake(h("D3"))));
        assert_eq!(g.where_problem(h("C8")), Some(RulesError::Printed(h("C8"))));
        assert_eq!(
            g.where_problem(h("A3")),
            Some(RulesError::NotPlain(h("A3")))
        );
        assert_eq!(
            g.where_problem(h("H1")),
            Some(RulesError::NotPlain(h("H1")))
        );
        assert_eq!(g.where_problem(h("G6")), Some(RulesError::Covered(h("G6"))));
        assert_eq!(g.where_problem(h("H6")), None);
    }

    #[test]
    fn a_region_touching_an_empty_plain_space_is_open() {
        let g = game(2);
        let (region, closed) = g.region_at(h("C8")).unwrap();
        assert_eq!(region.hexes, vec![h("C8")]);
        assert!(!closed);
    }

    #[test]
    fn castles_lakes_other_terrain_and_the_plain_edge_close_a_region() {
        // B10 is next to the rim (A9 hills exit, A10 mountains) and the plain's edge.
        let mut g = game(2);
        let tiles = tiles();
        // Tile 1 is forest 1·mountain 1. Put its forest half at B11 and surround B11.
        assert_eq!(tiles.get(TileId(1)).unwrap().a.terrain, Terrain::Forest);
        g.fix("place", "1 B11 C11").unwrap();
        let (_, closed) = g.region_at(h("B11")).unwrap();
        assert!(!closed, "B10 and C12 are still free");
        g.fix("castle", "1 B10").unwrap();
        g.fix("castle", "2 C12").unwrap();
        // B11's neighbours: B10 castle, C11 mountain, C12 castle, B12 mountains, A11, A10 rim.
        let (region, closed) = g.region_at(h("B11")).unwrap();
        assert!(closed, "{region:?}");
        assert_eq!(region.symbols, 1);
    }

    #[test]
    fn an_exit_path_of_the_same_terrain_keeps_a_region_open() {
        // A9 is a hills exit path next to B9. B9's other neighbours: B8, C9, C10, B10, A10.
        let t = tiles().get(TileId(25)).unwrap();
        assert_eq!(
            (t.a.terrain, t.b.unwrap().terrain),
            (Terrain::Mountain, Terrain::Hills)
        );
        for (tile, hills_at_b9) in [("25 B8 B9", true), ("25 B9 B8", false)] {
            let mut g = game(2);
            g.fix("place", tile).unwrap();
            g.fix("castle", "1 C9").unwrap();
            g.fix("castle", "1 C10").unwrap();
            g.fix("castle", "2 B10").unwrap();
            let (region, closed) = g.region_at(h("B9")).unwrap();
            assert_eq!(region.terrain == Terrain::Hills, hills_at_b9);
            // Hills at B9 touch the hills exit: never closed. Mountain at B9: the hills
            // exit is just more mountains, so it closes.
            assert_eq!(closed, !hills_at_b9, "{region:?}");
        }
    }

    #[test]
    fn a_region_with_a_hole_is_not_closed() {
        // A ring of forest around the free hex K8 never closes while K8 is empty.
        let mut g = game(2);
        let ring = ["K7", "L7", "L8", "K9", "J8", "J7"];
        // Put forest halves on the ring using forest tiles 1..=6 with their other halves outside.
        let outside = ["K6", "M7", "M8", "K10", "I8", "J6"];
        for (i, (r, o)) in ring.iter().zip(outside).enumerate() {
            let id = i + 1; // tiles 1–8 are forest·mountain
            g.fix("place", &format!("{id} {r} {o}")).unwrap();
        }
        let (region, closed) = g.region_at(h("K7")).unwrap();
        assert_eq!(region.hexes.len(), 6);
        assert!(!closed, "the empty K8 inside the ring is a hole");
    }

    #[test]
    fn scoring_counts_each_adjacent_figure_and_the_leader_twice() {
        let mut g = game(3);
        g.fix("place", "17 K8 K9").unwrap(); // forest·city
        let region = Region {
            terrain: Terrain::City,
            at: h("K9"),
            hexes: vec![h("K9")],
            symbols: 3,
        };
        g.fix("leader", "1 K8").unwrap();
        g.fix("place", "1 J9 K10").unwrap();
        g.fix("worker", "1 J9").unwrap();
        g.fix("worker", "2 K10").unwrap();
        let scores = g.score_region(&region);
        assert_eq!(
            scores,
            vec![
                Score {
                    seat: Seat(0),
                    figures: 3,
                    points: 9,
                    gained: 0,
                    bonus: 0,
                    realm: 0,
                },
                Score {
                    seat: Seat(1),
                    figures: 1,
                    points: 3,
                    gained: 0,
                    bonus: 0,
                    realm: 0,
                },
            ]
        );
    }

    #[test]
    fn the_game_ends_after_a_round_in_which_nobody_could_place() {
        let mut g = game(3);
        // Cover every free space: nobody can place a tile or castle any more.
        for hex in g.free().iter().collect::<Vec<_>>() {
            g.land[hex.index()] = Land::Terrain {
                terrain: Terrain::City,
                symbols: 1,
                tile: Some(TileId(1)),
            };
        }
        g.fix("worker", "2 G6").unwrap();
        assert!(!g.can_place(Seat(0)));
        let mut events = Vec::new();
        g.settle(&mut events);
        // Red can neither place nor retrieve: the turn passes by itself. Blue cannot place
        // but has a figure on the board, so Blue decides whether to retrieve it.
        assert_eq!(
            events,
            vec![
                Event::CouldNotPlace { seat: Seat(0) },
                Event::CouldNotPlace { seat: Seat(1) },
            ]
        );
        assert_eq!(
            g.legal_actions(Seat(1)),
            vec![Action::Retrieve(h("G6")), Action::Pass]
        );
        let events = g.apply(Seat(1), &Action::Pass).unwrap();
        assert_eq!(events[0], Event::Passed { seat: Seat(1) });
        assert_eq!(events[1], Event::CouldNotPlace { seat: Seat(2) });
        assert!(
            matches!(events.last(), Some(Event::GameOver { .. })),
            "{events:?}"
        );
        assert_eq!(g.decision(), None);
    }
}
