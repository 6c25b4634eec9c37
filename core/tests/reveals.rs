//! Undo barriers: an action that shows something hidden must report it through
//! `Game::reveals`, or the table would let a player take back a card or tile that everyone has
//! already seen (issue 10.6: "Red cast Conjure 6 (card 11)", then Undo put card 11 back into
//! the hand), or take back a step after seeing what it drew.
//!
//! - Pandoria: before each action of random games in every mode, edition, realm assignment
//!   and partnership, the hidden items are collected (every hand tile and hand card, the tile
//!   stack, the deck, the single tiles); an action whose events or log lines then name one of
//!   them must show at least to the others (`Reveal::ToOthers`: the table holds it back from
//!   public posts while it can be taken back), and one that names an item hidden from the
//!   acting seat itself (anything but its own hand) must be an undo barrier
//!   (`Reveal::ToActor`, issue 28).
//! - Roll Through the Ages hides only its random generator: the same action is applied to
//!   the game and to a copy with another generator state; when the two differ in their events
//!   or public views, the action showed something random and must be a reveal.
//!
//! A second test plays every Pandoria scenario file (hand-made positions for every spell and
//! building) and then fixed random games until every action kind of both games has been
//! checked.

#[path = "support/games.rs"]
mod games;
#[path = "support/knowledge.rs"]
mod knowledge;
#[path = "support/pandoria_options.rs"]
mod pandoria_options;
mod support;

use std::collections::BTreeSet;

use pandoria_options::random_options;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::{ChaCha8Rng, ChaCha20Rng};
use turnpost_core::hex::Hex;
use turnpost_core::pandoria::{self, Action, Effect, Land, Mode, Pandoria, Step};
use turnpost_core::rtta::{self, Rtta};
use turnpost_core::{Game, Reveal, Seat, Seed};

/// The kind of an action: its variant name.
fn kind(action: &impl std::fmt::Debug) -> String {
    let text = format!("{action:?}");
    text.split(['(', ' ', '{'])
        .next()
        .unwrap_or_default()
        .to_string()
}

/// A random legal action, half the time one of a kind not checked yet (so rare kinds such as
/// RTTA's Engineering come up).
fn pick<A: Copy + std::fmt::Debug>(
    legal: &[A],
    seen: &BTreeSet<String>,
    rng: &mut ChaCha8Rng,
) -> A {
    let new: Vec<A> = legal
        .iter()
        .copied()
        .filter(|a| !seen.contains(&kind(a)))
        .collect();
    if !new.is_empty() && rng.random_bool(0.5) {
        new[rng.random_range(0..new.len())]
    } else {
        legal[rng.random_range(0..legal.len())]
    }
}

/// The modes random games are drawn from.
const MODES: &[Mode] = &[
    Mode::Family,
    Mode::FamilySpells,
    Mode::Standard,
    Mode::Beginner,
];

/// Card and tile ids that a seat or the public cannot see now.
#[derive(Default)]
struct Hidden {
    cards: BTreeSet<u64>,
    tiles: BTreeSet<u64>,
}

fn hidden(g: &Pandoria) -> Hidden {
    let mut h = Hidden::default();
    // Every double or single tile not shown on the board or drawn by Terrain: the stack, the
    // hands, the single tiles and the box. (The two start tiles, 49 and 50, are known.)
    h.tiles.extend((1..=48).chain(51..=76));
    for hex in Hex::all() {
        if let Land::Terrain { tile: Some(t), .. } = g.land(hex) {
            h.tiles.remove(&u64::from(t.0));
        }
    }
    if let Step::Effect {
        effect: Effect::Tile { tile },
    }
    | Step::Single { tile } = g.step()
    {
        h.tiles.remove(&u64::from(tile.0));
    }
    // Every card in a hand, the deck or the box.
    for s in 0..g.players() {
        let st = g.seat_state(Seat(s as u8));
        h.cards.extend(st.cards.iter().map(|c| u64::from(c.0)));
    }
    let (deck, _, boxed) = g.card_piles();
    h.cards
        .extend(deck.iter().chain(boxed).map(|c| u64::from(c.0)));
    h
}

/// The card and tile ids an event names: fields `card` and `covered`, and the `id` of a
/// field `tile`.
fn named(value: &serde_json::Value, cards: &mut Vec<u64>, tiles: &mut Vec<u64>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, v) in map {
                match key.as_str() {
                    "card" | "covered" => cards.extend(v.as_u64()),
                    "tile" => tiles.extend(v["id"].as_u64()),
                    _ => {}
                }
                named(v, cards, tiles);
            }
        }
        serde_json::Value::Array(items) => {
            for v in items {
                named(v, cards, tiles);
            }
        }
        _ => {}
    }
}

/// `card N` in a log line.
fn cards_in_log(line: &str) -> Vec<u64> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| w[0] == "card" || w[0] == "(card")
        .filter_map(|w| {
            w[1].trim_end_matches(|c: char| !c.is_ascii_digit())
                .parse()
                .ok()
        })
        .collect()
}

/// The items of `h` that `seat` itself holds (its hand tiles and hand cards): hidden from
/// the others, known to `seat`.
fn own_items(g: &Pandoria, seat: Seat) -> Hidden {
    let st = g.seat_state(seat);
    Hidden {
        cards: st.cards.iter().map(|c| u64::from(c.0)).collect(),
        tiles: st.hand.iter().map(|t| u64::from(t.0)).collect(),
    }
}

/// Applies one action; if its events or log name an item that was hidden, it must show at
/// least to the others ([`Reveal::ToOthers`]: not published while it can be taken back); if
/// they name an item hidden from the acting seat itself (the stack, the deck, another
/// seat's hand, the box), it must be an undo barrier ([`Reveal::ToActor`]).
fn apply_checked(g: &mut Pandoria, seat: Seat, action: Action, context: &dyn Fn() -> String) {
    let before = hidden(g);
    let own = own_items(g, seat);
    let events = g.apply(seat, &action).unwrap();
    let (mut cards, mut tiles) = (Vec::new(), Vec::new());
    for e in &events {
        named(&serde_json::to_value(e).unwrap(), &mut cards, &mut tiles);
        cards.extend(cards_in_log(&g.describe(e).to_string()));
    }
    let reveal = events
        .iter()
        .map(|e| g.reveals(e))
        .max()
        .unwrap_or_default();
    let log = || events.iter().map(|e| g.describe(e)).collect::<Vec<_>>();
    let shown_card = cards.iter().find(|c| before.cards.contains(c));
    let shown_tile = tiles.iter().find(|t| before.tiles.contains(t));
    if shown_card.is_some() || shown_tile.is_some() {
        assert!(
            reveal >= Reveal::ToOthers,
            "\"{action}\" ({}) showed hidden card {shown_card:?} / tile {shown_tile:?} but says it \
             showed nothing: {:?}",
            context(),
            log()
        );
    }
    let new_card = cards
        .iter()
        .find(|c| before.cards.contains(c) && !own.cards.contains(c));
    let new_tile = tiles
        .iter()
        .find(|t| before.tiles.contains(t) && !own.tiles.contains(t));
    if new_card.is_some() || new_tile.is_some() {
        assert!(
            reveal.is_barrier(),
            "\"{action}\" ({}) showed card {new_card:?} / tile {new_tile:?}, hidden from its own \
             player, but is no undo barrier: {:?}",
            context(),
            log()
        );
    }
}

/// Plays a random Pandoria game; every action that names a hidden item must reveal.
fn check_pandoria(
    options: &pandoria::Options,
    players: usize,
    seed: u64,
    seen: &mut BTreeSet<String>,
) {
    let mut g = Pandoria::new(options, players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x4e7e41);
    let mut steps = 0;
    while let Some(d) = g.decision() {
        steps += 1;
        assert!(steps < 5000, "the game does not end");
        let action = pick(&g.legal_actions(d.seat), seen, &mut rng);
        apply_checked(&mut g, d.seat, action, &|| {
            format!("{options:?}, {players} players, seed {seed}")
        });
        seen.insert(kind(&action));
    }
}

/// Plays every action of every Pandoria scenario file (hand-made positions for every spell
/// and building, read with their fixtures) with the same check.
fn check_pandoria_scenarios(seen: &mut BTreeSet<String>) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/pandoria");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).unwrap();
        let (mut players, mut seed, mut options, mut fixes) = (0, 0, Vec::new(), Vec::new());
        let mut game: Option<Pandoria> = None;
        for line in text.trim_start_matches('\u{feff}').lines() {
            let line = line.split('#').next().unwrap().trim();
            let header = |key: &str| line.strip_prefix(key).map(str::trim);
            if line.is_empty()
                || line.starts_with('!')
                || ["log", "expect", "legal:", "over", "game:"]
                    .iter()
                    .any(|k| line.starts_with(k))
            {
                continue;
            } else if let Some(v) = header("players:") {
                players = v.parse().unwrap();
            } else if let Some(v) = header("seed:") {
                seed = v.parse().unwrap();
            } else if let Some(v) = header("option:") {
                let (k, v) = v.split_once('=').unwrap();
                options.push((k.trim().to_string(), v.trim().to_string()));
            } else if let Some(v) = header("fix:") {
                let (k, v) = v.split_once(' ').unwrap_or((v, ""));
                fixes.push((k.to_string(), v.trim().to_string()));
            } else {
                let g = game.get_or_insert_with(|| {
                    let o = turnpost_core::game::options_from_pairs(&options).unwrap();
                    let mut g = Pandoria::new(&o, players, Seed::from_u64(seed)).unwrap();
                    for (k, v) in &fixes {
                        g.fix(k, v).unwrap();
                    }
                    g
                });
                let (seat, notation) = match line.strip_prefix('@') {
                    Some(rest) => {
                        let (n, notation) = rest.split_once(' ').unwrap();
                        (Seat(n.parse::<u8>().unwrap() - 1), notation.trim())
                    }
                    None => (g.decision().unwrap().seat, line),
                };
                let action = g.parse_action(notation).unwrap();
                apply_checked(g, seat, action, &|| name.clone());
                seen.insert(kind(&action));
            }
        }
    }
}

/// The same game with another random generator state (what RTTA hides).
fn reseeded(g: &Rtta, seed: u64) -> Rtta {
    let mut state = serde_json::to_value(g).unwrap();
    state["rng"] = serde_json::to_value(ChaCha20Rng::seed_from_u64(seed)).unwrap();
    serde_json::from_value(state).unwrap()
}

/// Plays a random RTTA game; every action whose result depends on the hidden generator must
/// reveal.
fn check_rtta(players: usize, trade: bool, seed: u64, seen: &mut BTreeSet<String>) {
    let options = rtta::Options { trade };
    let mut g = Rtta::new(&options, players, Seed::from_u64(seed)).unwrap();
    if seed.is_multiple_of(4) {
        // A head start with Engineering and stone, which random buying rarely reaches.
        for s in 1..=players {
            g.fix("developments", &format!("{s} engineering")).unwrap();
            g.fix("goods", &format!("{s} stone 3")).unwrap();
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x4e7e41);
    let mut steps = 0;
    while let Some(d) = g.decision() {
        steps += 1;
        assert!(steps < 20_000, "the game does not end");
        let action = if matches!(d.kind, rtta::DecisionKind::Trade) && rng.random_bool(0.5) {
            rtta::Action::Done
        } else {
            pick(&g.legal_actions(d.seat), seen, &mut rng)
        };
        let mut other = reseeded(&g, rng.random());
        let events = g.apply(d.seat, &action).unwrap();
        let other_events = other.apply(d.seat, &action).unwrap();
        let differs = serde_json::to_value(&events).unwrap()
            != serde_json::to_value(&other_events).unwrap()
            || g.public_view() != other.public_view();
        if differs {
            let log: Vec<String> = events.iter().map(|e| g.describe(e).to_string()).collect();
            assert!(
                events.iter().any(|e| g.reveals(e).is_barrier()),
                "\"{action}\" ({players} players, seed {seed}) showed a random result but is \
                 no undo barrier: {log:?}"
            );
        }
        seen.insert(kind(&action));
    }
}

proptest! {
    #![proptest_config(support::config(12))]

    #[test]
    fn pandoria_actions_that_show_a_hidden_item_are_undo_barriers(players in 2usize..=4, seed in any::<u64>()) {
        let options = random_options(&mut ChaCha8Rng::seed_from_u64(seed), players, MODES);
        check_pandoria(&options, players, seed, &mut BTreeSet::new());
    }

    #[test]
    fn rtta_actions_that_show_a_random_result_are_undo_barriers(players in 1usize..=4, trade in any::<bool>(), seed in any::<u64>()) {
        check_rtta(players, trade && players > 1, seed, &mut BTreeSet::new());
    }
}

/// Fixed games check every action kind of both games at least once.
#[test]
fn every_action_kind_of_both_games_is_checked() {
    let mut seen = BTreeSet::new();
    let pandoria_kinds = [
        "Start",
        "Tile",
        "SecondTile",
        "Single",
        "Castle",
        "Worker",
        "Leader",
        "Retrieve",
        "Pass",
        "Realm",
        "Spell",
        "Both",
        "Recast",
        "Build",
        "Monument",
        "Buy",
        "Take",
        "Adopt",
        "Choose",
        "Rage",
        "Move",
        "Points",
        "Card",
    ];
    check_pandoria_scenarios(&mut seen);
    let mut seed = 0;
    while !pandoria_kinds.iter().all(|k| seen.contains(*k)) {
        assert!(
            seed < 400,
            "random games never played {:?}",
            pandoria_kinds
                .iter()
                .filter(|k| !seen.contains(**k))
                .collect::<Vec<_>>()
        );
        let players = 2 + (seed % 3) as usize;
        let options = random_options(&mut ChaCha8Rng::seed_from_u64(seed), players, MODES);
        check_pandoria(&options, players, seed, &mut seen);
        seed += 1;
    }
    let mut seen = BTreeSet::new();
    let rtta_kinds = [
        "Reroll",
        "Done",
        "Choose",
        "Build",
        "Engineering",
        "Granaries",
        "Buy",
        "Discard",
        "Give",
        "Get",
        "Offer",
        "Accept",
        "Decline",
    ];
    let mut seed = 0;
    while !rtta_kinds.iter().all(|k| seen.contains(*k)) {
        assert!(
            seed < 400,
            "random games never played {:?}",
            rtta_kinds
                .iter()
                .filter(|k| !seen.contains(**k))
                .collect::<Vec<_>>()
        );
        let players = 1 + (seed % 4) as usize;
        check_rtta(players, players > 1, seed, &mut seen);
        seed += 1;
    }
}

/// Placing one's own hand tile shows the others only what its player knew (issue 28): undo
/// may reach over it, and the table holds it back from public posts meanwhile.
#[test]
fn placing_ones_own_tile_shows_only_the_others() {
    for mode in MODES {
        let options = pandoria::Options {
            mode: *mode,
            ..pandoria::Options::default()
        };
        let mut g = Pandoria::new(&options, 3, Seed::from_u64(28)).unwrap();
        let mut checked = false;
        for _ in 0..200 {
            let Some(d) = g.decision() else { break };
            let legal = g.legal_actions(d.seat);
            let action = legal[0];
            let events = g.apply(d.seat, &action).unwrap();
            if matches!(action, Action::Tile(..)) {
                let placed = events
                    .iter()
                    .find(|e| matches!(e, pandoria::Event::TilePlaced { .. }))
                    .expect("a tile action places a tile");
                assert_eq!(g.reveals(placed), Reveal::ToOthers, "{mode:?}");
                checked = true;
                break;
            }
        }
        assert!(checked, "{mode:?}: no tile was placed");
    }
}

/// Every registered game (the test-only one included), through the type-erased game: an
/// action that is no undo barrier shows its player nothing new — played in any game dealt
/// anew from what the player knows, it is legal and leaves the player seeing the same; and
/// an action that shows nothing hidden ([`Reveal::Nothing`]) does the same for every other
/// seat, from what that seat knows.
fn check_registered_reveals(first: u64) {
    let mut barriers = 0;
    for (i, info) in games::games().iter().enumerate() {
        for players in [*info.players.start(), *info.players.end()] {
            let seed = first.wrapping_add(i as u64 * 10 + players as u64);
            let game = info
                .new_game(&[], players, Seed::from_u64(seed))
                .unwrap_or_else(|e| panic!("{}: {e}", info.name));
            knowledge::play_checked(game, seed, &mut |g, actor, action, rng| {
                let mut played = g.boxed_clone();
                let reveal = played.play(actor, action).expect("legal").reveal;
                if reveal.is_barrier() {
                    barriers += 1;
                    return;
                }
                let watchers: Vec<Seat> = if reveal == Reveal::Nothing {
                    (0..g.players()).map(|s| Seat(s as u8)).collect()
                } else {
                    vec![actor]
                };
                for seat in watchers {
                    for _ in 0..2 {
                        let mut other = knowledge::another_deal(g, seat, rng);
                        other.play(actor, action).unwrap_or_else(|e| {
                            panic!("{}: {action} ({reveal:?}) by {actor} shows {seat} something: another deal refuses it: {e}", info.name)
                        });
                        assert_eq!(
                            knowledge::seen(&*other, seat),
                            knowledge::seen(&*played, seat),
                            "{}: {action} ({reveal:?}) by {actor} shows {seat} something new",
                            info.name
                        );
                    }
                }
            });
        }
    }
    assert!(barriers > 0, "no action was an undo barrier");
}

proptest! {
    #![proptest_config(support::config(6))]

    #[test]
    fn every_registered_games_reveals_match_what_an_action_shows(seed in any::<u64>()) {
        check_registered_reveals(seed);
    }
}
