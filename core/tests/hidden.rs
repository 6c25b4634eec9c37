//! No private information leaks through the flow (issue 12): what everybody sees — the public
//! view, who is asked what, and the log — never depends on a hidden item.
//!
//! - Pandoria: at every step of random games in every mode, edition, realm assignment and
//!   partnership, a second state is built that differs from the game only in hidden items
//!   ([`Swap`]): a seat's hand card exchanged with another hidden card (in the deck or another
//!   hand), a hand tile with another hidden tile (in the stack, a hand or among the tiles put
//!   back unseen), the order of the deck, the stack or the single tiles, the order inside a
//!   hand, or all of them reshuffled at once. Then (a) the public views are equal; (b) the
//!   decisions (seat and kind) are equal; (c) the views of the seats whose hand the swap did
//!   not touch are equal; and (d) for actions legal in both states, one of each kind, applied
//!   to both: unless the action put a swapped item in sight (played it, drew it from the
//!   stack for a Terrain spell), the events, log lines, undo barriers, public views, decisions
//!   and untouched seats' views are equal again. So no step the engine takes by itself after
//!   an action (skipping a card step, forgoing a spell's effect) may depend on a hidden hand.
//! - Roll Through the Ages hides only its random generator, that is the dice not rolled yet:
//!   at every step the game is copied with another generator state; the copies show the same
//!   public view, decision and legal actions, and every action that rolls no die gives both
//!   the same events, log lines, public view, decision and legal actions.
//! - Every registered game (the test-only one included), through the type-erased game:
//!   redaction and new deals from what a seat knows show the seat the same.
//!
//! Why this file is long (778 lines): Pandoria's swaps edit the saved state item by item, and each game's
//! check shares the helpers at the top; the every-game check is the short last part.
//!
//! A failure names everything needed to replay it: options, players, seed, step, the swap and
//! the action. `TURNPOST_PROPTEST_CASES` raises the number of games.

#[path = "support/games.rs"]
mod games;
#[path = "support/knowledge.rs"]
mod knowledge;
#[path = "support/pandoria_options.rs"]
mod pandoria_options;
mod support;

use std::collections::{BTreeMap, BTreeSet};

use pandoria_options::random_options;
use proptest::prelude::*;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::{ChaCha8Rng, ChaCha20Rng};
use serde_json::Value;
use turnpost_core::ai::Knowledge;
use turnpost_core::hex::Hex;
use turnpost_core::pandoria::{
    self, Edition, Effect, Land, Mode, Pandoria, RealmAssignment, StartTiles, Step,
};
use turnpost_core::rtta::{self, Rtta};
use turnpost_core::{Decision, Game, Seat, Seed};

/// The kind of an action: its variant name.
fn kind(action: &impl std::fmt::Debug) -> String {
    let text = format!("{action:?}");
    text.split(['(', ' ', '{'])
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The modes random games are drawn from.
const MODES: &[Mode] = &[
    Mode::Family,
    Mode::FamilySpells,
    Mode::Standard,
    Mode::Standard,
    Mode::Beginner,
];

/// What kind of hidden item a place holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Item {
    /// A double tile: in a hand, the stack, or put back unseen at set-up.
    Tile,
    /// A card: in a hand or the deck.
    Card,
    /// A single tile (Terrain spells draw them).
    Single,
}

/// Where a hidden item lies in the game's JSON state: an array and an index into it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Place {
    /// A JSON pointer to the array (`/seats/1/cards`, `/deck`).
    array: String,
    index: usize,
}

impl Place {
    fn new(array: impl Into<String>, index: usize) -> Self {
        Place {
            array: array.into(),
            index,
        }
    }

    /// The seat whose hand this place is in, if it is in a hand.
    fn seat(&self) -> Option<usize> {
        self.array
            .strip_prefix("/seats/")
            .and_then(|rest| rest.split('/').next())
            .and_then(|n| n.parse().ok())
    }

    fn get(&self, state: &Value) -> u64 {
        state.pointer(&self.array).unwrap()[self.index]
            .as_u64()
            .unwrap()
    }

    fn set(&self, state: &mut Value, id: u64) {
        state.pointer_mut(&self.array).unwrap()[self.index] = Value::from(id);
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}[{}]", self.array, self.index)
    }
}

/// Every place that holds a hidden item now, by kind.
fn hidden_places(state: &Value) -> BTreeMap<Item, Vec<Place>> {
    let mut places: BTreeMap<Item, Vec<Place>> = BTreeMap::new();
    let mut add = |item: Item, array: String, len: usize| {
        let list = places.entry(item).or_default();
        list.extend((0..len).map(|i| Place::new(array.clone(), i)));
    };
    let len = |pointer: &str| {
        state
            .pointer(pointer)
            .and_then(Value::as_array)
            .map_or(0, Vec::len)
    };
    let seats = len("/seats");
    for s in 0..seats {
        add(
            Item::Tile,
            format!("/seats/{s}/hand"),
            len(&format!("/seats/{s}/hand")),
        );
        add(
            Item::Card,
            format!("/seats/{s}/cards"),
            len(&format!("/seats/{s}/cards")),
        );
    }
    add(Item::Tile, "/stack".into(), len("/stack"));
    // The first tiles of the box were put back unseen at set-up (later ones are Terrain
    // tiles everybody saw).
    add(
        Item::Tile,
        "/removed".into(),
        len("/removed").min(if state["options"]["artifacts"] == Value::Bool(true) {
            pandoria::artifacts().removed_for(seats)
        } else {
            Pandoria::removed_for(seats)
        }),
    );
    // While players still choose realms the deck waits unshuffled, its order known.
    if state["realms_pending"] != Value::Bool(true) {
        add(Item::Card, "/deck".into(), len("/deck"));
    }
    add(Item::Single, "/singles".into(), len("/singles"));
    places
}

/// The ids of every hidden item now, by kind (read through the game's accessors: this runs
/// after every checked action).
fn hidden_ids(g: &Pandoria) -> BTreeMap<Item, BTreeSet<u64>> {
    let mut ids: BTreeMap<Item, BTreeSet<u64>> = BTreeMap::new();
    // Double tiles: all but those on the board, a Terrain spell's drawn tile, and the tiles
    // boxed after set-up (Terrain tiles that found no place).
    let mut tiles: BTreeSet<u64> = (1..=48).collect();
    if g.options().artifacts {
        tiles.extend(59..=70);
    }
    for hex in Hex::all() {
        if let Land::Terrain { tile: Some(t), .. } = g.land(hex) {
            tiles.remove(&u64::from(t.0));
        }
    }
    if let Step::Effect {
        effect: Effect::Tile { tile },
    }
    | Step::Single { tile } = g.step()
    {
        tiles.remove(&u64::from(tile.0));
    }
    for t in g.removed().iter().skip(g.removed_at_setup()) {
        tiles.remove(&u64::from(t.0));
    }
    ids.insert(Item::Tile, tiles);
    let mut cards: BTreeSet<u64> = (0..g.players())
        .flat_map(|s| g.seat_state(Seat(s as u8)).cards.clone())
        .map(|c| u64::from(c.0))
        .collect();
    if !matches!(g.step(), Step::Realm { .. }) {
        cards.extend(g.card_piles().0.iter().map(|c| u64::from(c.0)));
    }
    ids.insert(Item::Card, cards);
    ids.insert(
        Item::Single,
        g.single_tiles().iter().map(|t| u64::from(t.0)).collect(),
    );
    ids
}

/// A change of hidden items only: pairs of places whose items are exchanged, in order.
#[derive(Clone, Debug)]
struct Swap {
    /// What it does, for failure messages.
    what: String,
    exchanges: Vec<(Item, Place, Place)>,
}

impl Swap {
    /// Applies the swap to a state; returns the ids it moved, by kind.
    fn apply(&self, state: &mut Value) -> BTreeMap<Item, BTreeSet<u64>> {
        let mut moved: BTreeMap<Item, BTreeSet<u64>> = BTreeMap::new();
        for (item, a, b) in &self.exchanges {
            let (x, y) = (a.get(state), b.get(state));
            if x != y {
                a.set(state, y);
                b.set(state, x);
                moved.entry(*item).or_default().extend([x, y]);
            }
        }
        moved
    }

    /// The seats whose hand it touches.
    fn seats(&self) -> BTreeSet<usize> {
        self.exchanges
            .iter()
            .flat_map(|(_, a, b)| [a.seat(), b.seat()])
            .flatten()
            .collect()
    }
}

/// A random swap of hidden items that concerns seat `x`'s hand or the shared piles.
fn random_swap(state: &Value, x: usize, rng: &mut ChaCha8Rng) -> Option<Swap> {
    let places = hidden_places(state);
    let of = |item: Item| places.get(&item).cloned().unwrap_or_default();
    let own = |item: Item| -> Vec<Place> {
        of(item)
            .into_iter()
            .filter(|p| p.seat() == Some(x))
            .collect()
    };
    let pick = |list: &[Place], rng: &mut ChaCha8Rng| list.choose(rng).cloned();
    let describe = |what: &str, item: Item, a: &Place, b: &Place| {
        format!(
            "{what}: {item:?} {} at {a} <-> {item:?} {} at {b}",
            a.get(state),
            b.get(state)
        )
    };
    let pair = |what: &str, item: Item, a: Place, b: Place| {
        (a != b).then(|| Swap {
            what: describe(what, item, &a, &b),
            exchanges: vec![(item, a, b)],
        })
    };
    match rng.random_range(0..8) {
        // A hand card of X replaced by another hidden card (deck or another hand).
        0 | 1 => {
            let a = pick(&own(Item::Card), rng)?;
            let others: Vec<Place> = of(Item::Card)
                .into_iter()
                .filter(|p| p.seat() != Some(x))
                .collect();
            let b = pick(&others, rng)?;
            pair("hand card replaced", Item::Card, a, b)
        }
        // A hand tile of X replaced by another hidden tile.
        2 => {
            let a = pick(&own(Item::Tile), rng)?;
            let others: Vec<Place> = of(Item::Tile)
                .into_iter()
                .filter(|p| p.seat() != Some(x))
                .collect();
            let b = pick(&others, rng)?;
            pair("hand tile replaced", Item::Tile, a, b)
        }
        // The order of X's hand.
        3 => {
            let mut cards = own(Item::Card);
            let mut tiles = own(Item::Tile);
            let (item, list) = if cards.len() > 1 {
                (Item::Card, &mut cards)
            } else {
                (Item::Tile, &mut tiles)
            };
            list.shuffle(rng);
            let (a, b) = (list.first()?.clone(), list.get(1)?.clone());
            pair("hand order", item, a, b)
        }
        // The order of a shared pile, the top (the next drawn) more often than not.
        4..=6 => {
            let (item, array) = [
                (Item::Card, "/deck"),
                (Item::Tile, "/stack"),
                (Item::Single, "/singles"),
            ][rng.random_range(0..3)];
            let pile: Vec<Place> = of(item).into_iter().filter(|p| p.array == array).collect();
            let b = pick(&pile, rng)?;
            let a = if rng.random_bool(0.6) {
                pile.last()?.clone()
            } else {
                pick(&pile, rng)?
            };
            pair("pile order", item, a, b)
        }
        // Everything hidden reshuffled among the hidden places of its kind.
        _ => {
            let mut exchanges = Vec::new();
            for (item, list) in &places {
                for i in (1..list.len()).rev() {
                    let j = rng.random_range(0..=i);
                    exchanges.push((*item, list[i].clone(), list[j].clone()));
                }
            }
            Some(Swap {
                what: format!(
                    "everything hidden reshuffled ({} exchanges)",
                    exchanges.len()
                ),
                exchanges,
            })
        }
    }
}

/// What one state shows: the public view, the decision, and the views of some seats.
#[derive(PartialEq, serde::Serialize)]
struct Shown {
    public: pandoria::PublicView,
    decision: Option<Decision<pandoria::DecisionKind>>,
    seat_views: Vec<pandoria::SeatView>,
}

fn shown(g: &Pandoria, seats: &[usize]) -> Shown {
    Shown {
        public: g.public_view(),
        decision: g.decision(),
        seat_views: seats.iter().map(|&s| g.seat_view(Seat(s as u8))).collect(),
    }
}

/// The first difference between two values, as a JSON path and both sides.
fn difference(a: &impl serde::Serialize, b: &impl serde::Serialize) -> String {
    first_difference(
        &serde_json::to_value(a).unwrap(),
        &serde_json::to_value(b).unwrap(),
        "",
    )
}

/// The first difference between two JSON values, as a path and both sides.
fn first_difference(a: &Value, b: &Value, path: &str) -> String {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                let w = y.get(k).unwrap_or(&Value::Null);
                if v != w {
                    return first_difference(v, w, &format!("{path}/{k}"));
                }
            }
            for (k, w) in y {
                if !x.contains_key(k) {
                    return format!("{path}/{k}: missing vs {w}");
                }
            }
            format!("{path}: equal")
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                if v != w {
                    return first_difference(v, w, &format!("{path}/{i}"));
                }
            }
            format!("{path}: equal")
        }
        _ => format!("{path}: {a} vs {b}"),
    }
}

/// The events of an action with their log lines and undo barriers.
#[derive(PartialEq, serde::Serialize)]
struct Outcome {
    events: Vec<pandoria::Event>,
    log: Vec<String>,
    reveals: Vec<turnpost_core::Reveal>,
}

fn outcome_of(g: &mut Pandoria, seat: Seat, action: &pandoria::Action) -> Outcome {
    let events = g.apply(seat, action).unwrap();
    Outcome {
        log: events.iter().map(|e| g.describe(e).to_string()).collect(),
        reveals: events.iter().map(|e| g.reveals(e)).collect(),
        events,
    }
}

/// Checks one swap of hidden items at the current step of `a`.
fn check_swap(a: &Pandoria, state: &Value, swap: &Swap, rng: &mut ChaCha8Rng, context: &str) {
    let mut changed = state.clone();
    let moved = swap.apply(&mut changed);
    if moved.is_empty() {
        return;
    }
    let b: Pandoria = serde_json::from_value(changed).unwrap();
    let touched = swap.seats();
    let untouched: Vec<usize> = (0..a.players()).filter(|s| !touched.contains(s)).collect();
    let context = format!("{context}, swap {}", swap.what);
    let (before_a, before_b) = (shown(a, &untouched), shown(&b, &untouched));
    assert!(
        before_a == before_b,
        "hidden items change what is shown ({context}): {}",
        difference(&before_a, &before_b)
    );
    // What an AI seat gets is the same in both states (issue 17: no peeking by construction).
    for &s in &untouched {
        let seat = Seat(s as u8);
        assert!(
            Knowledge::new(a, seat).to_json() == Knowledge::new(&b, seat).to_json(),
            "hidden items change an AI's knowledge ({context}, {seat})"
        );
    }
    let Some(d) = a.decision() else {
        return;
    };
    let legal_b = b.legal_actions(d.seat);
    let mut by_kind: BTreeMap<String, Vec<pandoria::Action>> = BTreeMap::new();
    for action in a.legal_actions(d.seat) {
        if legal_b.contains(&action) {
            by_kind.entry(kind(&action)).or_default().push(action);
        }
    }
    for actions in by_kind.values() {
        let action = actions[rng.random_range(0..actions.len())];
        let (mut a2, mut b2) = (a.clone(), b.clone());
        let (out_a, out_b) = (
            outcome_of(&mut a2, d.seat, &action),
            outcome_of(&mut b2, d.seat, &action),
        );
        // An action that puts a swapped item in sight may show it: nothing to compare.
        let (after_a, after_b) = (hidden_ids(&a2), hidden_ids(&b2));
        let still_hidden = moved.iter().all(|(item, ids)| {
            let in_a = after_a.get(item).cloned().unwrap_or_default();
            let in_b = after_b.get(item).cloned().unwrap_or_default();
            ids.is_subset(&in_a) && ids.is_subset(&in_b)
        });
        if !still_hidden {
            continue;
        }
        // A seat that drew a swapped item holds another one in each state.
        let holds_moved = |g: &Pandoria, s: usize| {
            let st = g.seat_state(Seat(s as u8));
            let held = |item: Item, id: u64| match item {
                Item::Card => st.cards.iter().any(|c| u64::from(c.0) == id),
                Item::Tile | Item::Single => st.hand.iter().any(|t| u64::from(t.0) == id),
            };
            moved
                .iter()
                .any(|(item, ids)| ids.iter().any(|&id| held(*item, id)))
        };
        let untouched: Vec<usize> = untouched
            .iter()
            .copied()
            .filter(|&s| !holds_moved(&a2, s) && !holds_moved(&b2, s))
            .collect();
        let context = format!("{context}, action \"{action}\" by {}", d.seat);
        assert!(
            out_a == out_b,
            "hidden items change the events or log ({context}): {}",
            difference(&out_a, &out_b)
        );
        let (shown_a, shown_b) = (shown(&a2, &untouched), shown(&b2, &untouched));
        assert!(
            shown_a == shown_b,
            "hidden items change what is shown after the action ({context}): {}",
            difference(&shown_a, &shown_b)
        );
    }
}

/// Plays a random Pandoria game; at every step checks `swaps` random swaps of hidden items.
fn check_pandoria(options: &pandoria::Options, players: usize, seed: u64, swaps: usize) {
    let mut g = Pandoria::new(options, players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x41dd3);
    let mut step = 0;
    while let Some(d) = g.decision() {
        step += 1;
        assert!(step < 5000, "the game does not end");
        let state = serde_json::to_value(&g).unwrap();
        for _ in 0..swaps {
            // Mostly the seat to act: its hand decides what it can do now.
            let x = if rng.random_bool(0.6) {
                d.seat.index()
            } else {
                rng.random_range(0..players)
            };
            let Some(swap) = random_swap(&state, x, &mut rng) else {
                continue;
            };
            let context = format!(
                "{options:?}, {players} players, seed {seed}, step {step}, {} to act ({}), seat X = {}",
                d.seat,
                d.kind,
                Seat(x as u8)
            );
            check_swap(&g, &state, &swap, &mut rng, &context);
        }
        let legal = g.legal_actions(d.seat);
        check_knowledge(&g, d.seat, &legal, &mut rng);
        let action = legal[rng.random_range(0..legal.len())];
        g.apply(d.seat, &action).unwrap();
    }
}

/// The AI's knowledge of the seat to act offers the same legal actions as the game, and a
/// world sampled from it shows the seat the same view (a determinization changes only what
/// the seat cannot see).
fn check_knowledge<G: Game>(g: &G, seat: Seat, legal: &[G::Action], rng: &mut ChaCha8Rng) {
    let knowledge = Knowledge::new(g, seat);
    assert_eq!(
        knowledge.legal_actions(),
        legal,
        "the AI's legal actions differ"
    );
    let world = knowledge.sample(rng);
    assert_eq!(
        serde_json::to_value(world.seat_view(seat)).unwrap(),
        serde_json::to_value(g.seat_view(seat)).unwrap(),
        "a sampled world shows the seat something else"
    );
    assert_eq!(
        serde_json::to_value(world.decision()).unwrap(),
        serde_json::to_value(g.decision()).unwrap()
    );
}

/// The same game with another random generator state (what RTTA hides).
fn reseeded(g: &Rtta, seed: u64) -> Rtta {
    let mut state = serde_json::to_value(g).unwrap();
    state["rng"] = serde_json::to_value(ChaCha20Rng::seed_from_u64(seed)).unwrap();
    serde_json::from_value(state).unwrap()
}

/// What an RTTA game shows: the public view, the decision and every seat's legal actions
/// (a game without secrets shows them all).
fn rtta_shown(g: &Rtta) -> Value {
    serde_json::json!({
        "public": serde_json::to_value(g.public_view()).unwrap(),
        "decision": serde_json::to_value(g.decision()).unwrap(),
        "legal": (0..g.players())
            .map(|s| serde_json::to_value(g.legal_actions(Seat(s as u8))).unwrap())
            .collect::<Vec<_>>(),
    })
}

/// Plays a random RTTA game; at every step a copy with another generator state must show
/// the same, and stay the same after every action (one per kind) that rolls no die.
fn check_rtta(players: usize, trade: bool, seed: u64) {
    let options = rtta::Options { trade };
    let mut g = Rtta::new(&options, players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x41dd3);
    let mut step = 0;
    while let Some(d) = g.decision() {
        step += 1;
        assert!(step < 20_000, "the game does not end");
        let context = format!("{players} players, trade {trade}, seed {seed}, step {step}");
        let other = reseeded(&g, rng.random());
        let (a, b) = (rtta_shown(&g), rtta_shown(&other));
        assert!(
            a == b,
            "the generator changes what is shown ({context}): {}",
            first_difference(&a, &b, "")
        );
        let legal = g.legal_actions(d.seat);
        for s in 0..players {
            let seat = Seat(s as u8);
            assert!(
                Knowledge::new(&g, seat).to_json() == Knowledge::new(&other, seat).to_json(),
                "the generator changes an AI's knowledge ({context}, {seat})"
            );
        }
        check_knowledge(&g, d.seat, &legal, &mut rng);
        let mut by_kind: BTreeMap<String, Vec<rtta::Action>> = BTreeMap::new();
        for action in &legal {
            by_kind.entry(kind(action)).or_default().push(*action);
        }
        for actions in by_kind.values() {
            let action = actions[rng.random_range(0..actions.len())];
            let (mut a2, mut b2) = (g.clone(), other.clone());
            let events_a = a2.apply(d.seat, &action).unwrap();
            let events_b = b2.apply(d.seat, &action).unwrap();
            let rolled = |events: &[rtta::Event]| {
                events
                    .iter()
                    .any(|e| matches!(e, rtta::Event::Rolled { .. } | rtta::Event::Rerolled { .. }))
            };
            if rolled(&events_a) || rolled(&events_b) {
                continue;
            }
            let out = |g: &Rtta, events: &[rtta::Event]| {
                serde_json::json!({
                    "events": serde_json::to_value(events).unwrap(),
                    "log": events.iter().map(|e| g.describe(e)).collect::<Vec<_>>(),
                    "shown": rtta_shown(g),
                })
            };
            let (x, y) = (out(&a2, &events_a), out(&b2, &events_b));
            assert!(
                x == y,
                "the generator changes an action that rolls no die ({context}, action \
                 \"{action}\" by {}): {}",
                d.seat,
                first_difference(&x, &y, "")
            );
        }
        let action = if matches!(d.kind, rtta::DecisionKind::Trade) && rng.random_bool(0.5) {
            rtta::Action::Done
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        g.apply(d.seat, &action).unwrap();
    }
}

proptest! {
    #![proptest_config(support::config(12))]

    #[test]
    fn pandoria_hidden_items_never_change_what_is_shown(players in 2usize..=4, seed in any::<u64>()) {
        let options = random_options(&mut ChaCha8Rng::seed_from_u64(seed), players, MODES);
        check_pandoria(&options, players, seed, 3);
    }

    #[test]
    fn rtta_future_dice_never_change_what_is_shown(players in 1usize..=4, trade in any::<bool>(), seed in any::<u64>()) {
        check_rtta(players, trade && players > 1, seed);
    }
}

/// Fixed games of every mode, both editions, chosen realms and partnership, so that every
/// default run checks them all whatever proptest draws.
#[test]
fn every_pandoria_mode_keeps_hidden_items_hidden() {
    let games = [
        (
            Mode::Family,
            Edition::Yucata,
            RealmAssignment::RandomUnique,
            4,
            true,
        ),
        (
            Mode::FamilySpells,
            Edition::Yucata,
            RealmAssignment::RandomUnique,
            3,
            false,
        ),
        (
            Mode::Standard,
            Edition::Yucata,
            RealmAssignment::RandomUnique,
            2,
            false,
        ),
        (
            Mode::Standard,
            Edition::Second,
            RealmAssignment::EachChooses,
            3,
            false,
        ),
        (
            Mode::Standard,
            Edition::Yucata,
            RealmAssignment::RandomNotUnique,
            4,
            true,
        ),
        (
            Mode::Beginner,
            Edition::Second,
            RealmAssignment::EachChooses,
            3,
            false,
        ),
    ];
    for (k, (mode, edition, realms, players, partnership)) in games.into_iter().enumerate() {
        let seed = 1000 + k as u64;
        let options = pandoria::Options {
            mode,
            edition,
            realms,
            partnership,
            start_tiles: [StartTiles::Marked, StartTiles::Random, StartTiles::Chosen][k % 3],
            ..pandoria::Options::default()
        };
        check_pandoria(&options, players, seed, 3);
    }
}

/// Every registered game (the test-only one included), random games from seed `first` on,
/// through the type-erased game: what a seat may know is all it sees — a redacted game shows
/// the seat the same views, decision and legal actions; redacting is canonical (a redacted
/// game redacts to itself); and a game dealt anew from what the seat knows shows the seat the
/// same and redacts to the same.
fn check_registered_redaction(first: u64) {
    for (i, info) in games::games().iter().enumerate() {
        for players in [*info.players.start(), *info.players.end()] {
            let seed = first.wrapping_add(i as u64 * 10 + players as u64);
            let game = info
                .new_game(&[], players, Seed::from_u64(seed))
                .unwrap_or_else(|e| panic!("{}: {e}", info.name));
            let mut turn = 0;
            knowledge::play_checked(game, seed, &mut |g, _, _, rng| {
                turn += 1;
                if turn % 5 != 1 {
                    return;
                }
                for s in 0..g.players() {
                    let seat = Seat(s as u8);
                    let redacted = g.redacted(seat);
                    let context = || format!("{} turn {turn}, {seat}", info.name);
                    assert_eq!(
                        knowledge::seen(&*redacted, seat),
                        knowledge::seen(g, seat),
                        "{}",
                        context()
                    );
                    assert_eq!(
                        redacted.redacted(seat).save(),
                        redacted.save(),
                        "{}: not canonical",
                        context()
                    );
                    let other = knowledge::another_deal(g, seat, rng);
                    assert_eq!(
                        knowledge::seen(&*other, seat),
                        knowledge::seen(g, seat),
                        "{}: a new deal shows something else",
                        context()
                    );
                    assert_eq!(
                        other.redacted(seat).save(),
                        redacted.save(),
                        "{}: a new deal redacts differently",
                        context()
                    );
                    assert_eq!(
                        other.private_fingerprint(seat),
                        g.private_fingerprint(seat),
                        "{}",
                        context()
                    );
                }
            });
        }
    }
}

proptest! {
    #![proptest_config(support::config(6))]

    #[test]
    fn every_registered_game_redacts_only_what_a_seat_cannot_see(seed in any::<u64>()) {
        check_registered_redaction(seed);
    }
}
