//! Property tests: random legal Pandoria games — family, family with spells, standard and
//! beginner, both editions, every realm mix — for 2, 3 and 4 players.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::hex::Hex;
use turnpost_core::pandoria::{
    Action, CardId, Edition, Effect, Land, Mode, Options, Pandoria, Realm, RealmAssignment,
    Resource, StartTiles, Step, TileId, cards,
};
use turnpost_core::{Game, Seat, Seed};

/// Checks that every piece is somewhere exactly once and resources stay in 0..=10.
fn assert_conserved(g: &Pandoria) {
    let players = g.players();
    let state = serde_json::to_value(g).unwrap();
    let mut ids: Vec<u64> = Vec::new();
    for key in ["stack", "removed"] {
        ids.extend(
            state[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap()),
        );
    }
    ids.extend(g.single_tiles().iter().map(|t| u64::from(t.0)));
    if let Step::Effect {
        effect: Effect::Tile { tile },
    } = g.step()
    {
        ids.push(u64::from(tile.0));
    }
    for s in 0..players {
        ids.extend(
            g.seat_state(Seat(s as u8))
                .hand
                .iter()
                .map(|t| u64::from(t.0)),
        );
    }
    let mut on_board: Vec<u64> = Vec::new();
    let mut castles = vec![0u8; players];
    let mut workers = vec![0u8; players];
    let mut leaders = vec![0u8; players];
    for hex in Hex::all() {
        match g.land(hex) {
            Land::Terrain { tile: Some(t), .. } if t.0 <= 48 || t.0 >= 51 => {
                on_board.push(u64::from(t.0))
            }
            Land::Castle { owner } => castles[owner.index()] += 1,
            _ => {}
        }
        if let Some(f) = g.figure(hex) {
            if f.leader {
                leaders[f.seat.index()] += 1;
            } else {
                workers[f.seat.index()] += 1;
            }
        }
    }
    on_board.sort();
    on_board.dedup_by(|a, b| a == b); // each double tile covers two hexes
    ids.extend(on_board);
    ids.sort();
    let mut all: Vec<u64> = (1..=48).collect();
    if g.options().mode != Mode::Family {
        // The family game leaves the single tiles in the box.
        all.extend(51..=58);
    }
    assert_eq!(ids, all, "every double and single tile exactly once");
    let mut card_ids: Vec<CardId> = Vec::new();
    let (deck, market, boxed) = g.card_piles();
    card_ids.extend(deck.iter().chain(market).chain(boxed));
    assert!(market.len() <= 4);
    let mut monuments: Vec<u8> = g.monuments().to_vec();
    for s in 0..players {
        let st = g.seat_state(Seat(s as u8));
        assert_eq!(castles[s] + st.castles, 2, "castles of seat {s}");
        assert_eq!(
            workers[s] + st.workers,
            Pandoria::workers_for(players),
            "workers of seat {s}"
        );
        assert_eq!(leaders[s] + u8::from(st.leader), 1, "leader of seat {s}");
        assert!(st.hand.len() <= 2);
        assert!(
            st.resources.iter().all(|&r| r <= 10),
            "resources {:?}",
            st.resources
        );
        card_ids.extend(st.cards.iter().chain(&st.spells));
        for slot in &st.slots {
            card_ids.extend(&slot.cards);
            monuments.extend(slot.monument);
            assert!(slot.monument.is_none() || !slot.cards.is_empty());
        }
    }
    card_ids.sort();
    assert_eq!(
        card_ids,
        cards().all().map(|c| c.id).collect::<Vec<_>>(),
        "every card exactly once"
    );
    if matches!(g.options().mode, Mode::Standard | Mode::Beginner) {
        monuments.sort();
        assert_eq!(monuments, Pandoria::monuments_for(players), "monuments");
    }
}

/// A random action from the whole action space, most of them illegal.
fn random_action(rng: &mut ChaCha8Rng) -> Action {
    let hex = |rng: &mut ChaCha8Rng| Hex::from_index(rng.random_range(0..224)).unwrap();
    let res = |rng: &mut ChaCha8Rng| match rng.random_range(0..4) {
        0 => None,
        k => Some(Resource::ALL[k - 1]),
    };
    let card = |rng: &mut ChaCha8Rng| CardId(rng.random_range(1..=54));
    match rng.random_range(0..24) {
        0 => Action::Tile(hex(rng), hex(rng)),
        1 => {
            // A neighbouring pair, to probe adjacency rather than only distance.
            let a = hex(rng);
            let b = a.neighbours().next().unwrap();
            Action::Tile(a, b)
        }
        2 => Action::Castle(hex(rng)),
        3 => Action::Worker(hex(rng)),
        4 => Action::Leader(hex(rng)),
        5 => Action::Retrieve(hex(rng)),
        6 => Action::SecondTile(hex(rng), hex(rng)),
        7 => Action::Single(hex(rng)),
        8 => Action::Spell(card(rng), res(rng)),
        9 => Action::Build(card(rng), rng.random_range(0..=6), res(rng)),
        10 => Action::Monument(rng.random_range(0..=6), res(rng)),
        11 => Action::Buy(rng.random_range(0..=5), res(rng)),
        12 => Action::Take(rng.random_range(0..=5)),
        13 => Action::Adopt(Seat(rng.random_range(0..4))),
        14 => Action::Choose(Resource::ALL[rng.random_range(0..3)]),
        15 => Action::Rage(hex(rng), hex(rng)),
        16 => Action::Move(hex(rng), hex(rng)),
        17 => Action::Points,
        18 => Action::Card,
        19 => Action::Realm(Realm::ALL[rng.random_range(0..5)]),
        20 => Action::Both(card(rng), res(rng)),
        21 => Action::Recast(res(rng)),
        22 => {
            let a = hex(rng);
            let b = a.neighbours().last().unwrap();
            Action::Move(a, b)
        }
        _ => Action::Pass,
    }
}

/// Plays a random game, checking the contract at every decision. Returns the actions.
fn play_checked(
    options: &Options,
    players: usize,
    seed: u64,
    probes: usize,
    realms: Option<&[Realm]>,
) -> (Pandoria, Vec<(Seat, Action)>) {
    let mut g = new_game(options, players, seed, realms);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut played = Vec::new();
    let mut steps = 0;
    assert_conserved(&g);
    while let Some(decision) = g.decision() {
        steps += 1;
        assert!(steps < 5000, "the game does not end");
        let seat = decision.seat;
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty(), "a decision always has an action");
        // The tile preview offers exactly the legal placements.
        if *g.step() == Step::Place {
            let view = g.seat_view(seat);
            let mut preview: Vec<Action> = view
                .placements
                .iter()
                .map(|&[a, b]| Action::Tile(a, b))
                .collect();
            if view.hand.len() > 1 {
                preview.extend(
                    view.placements
                        .iter()
                        .map(|&[a, b]| Action::SecondTile(a, b)),
                );
            }
            preview.extend(view.castle_spaces.iter().map(|&h| Action::Castle(h)));
            assert_eq!(preview, legal);
        }
        // So does the preview of a Terrain spell's tile and an Enchanted Castle.
        if let Step::Effect {
            effect: Effect::Tile { .. } | Effect::Castle,
        } = g.step()
        {
            let view = g.seat_view(seat);
            let mut preview: Vec<Action> = view
                .placements
                .iter()
                .map(|&[a, b]| Action::Tile(a, b))
                .collect();
            preview.extend(view.single_spaces.iter().map(|&h| Action::Single(h)));
            preview.extend(view.castle_spaces.iter().map(|&h| Action::Castle(h)));
            preview.push(Action::Pass);
            assert_eq!(preview, legal);
        } else if *g.step() != Step::Place {
            let view = g.seat_view(seat);
            assert!(view.placements.is_empty() && view.castle_spaces.is_empty());
        }
        // Nobody else may act.
        for other in 0..players as u8 {
            if Seat(other) != seat {
                assert!(g.legal_actions(Seat(other)).is_empty());
                let mut copy = g.clone();
                assert!(copy.apply(Seat(other), &legal[0]).is_err());
                assert_eq!(copy, g);
            }
        }
        // Listed actions apply; unlisted ones are refused and change nothing.
        for _ in 0..probes {
            let listed = legal[rng.random_range(0..legal.len())];
            let mut copy = g.clone();
            copy.apply(seat, &listed)
                .unwrap_or_else(|e| panic!("listed {listed} refused: {e}"));
            let probe = random_action(&mut rng);
            let mut copy = g.clone();
            match copy.apply(seat, &probe) {
                Ok(_) => assert!(legal.contains(&probe), "unlisted {probe} applied"),
                Err(e) => {
                    assert!(!legal.contains(&probe), "listed {probe} refused: {e}");
                    assert_eq!(copy, g, "a refused action changed the state");
                    assert!(!e.to_string().is_empty());
                }
            }
        }
        let action = legal[rng.random_range(0..legal.len())];
        assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        assert_eq!(g.parse_action(&action.to_string()), Ok(action));
        let events = g.apply(seat, &action).unwrap();
        for e in &events {
            assert!(!g.describe(e).is_empty());
        }
        played.push((seat, action));
        assert_conserved(&g);
        if steps % 17 == 0 {
            let json = serde_json::to_string(&g).unwrap();
            let back: Pandoria = serde_json::from_str(&json).unwrap();
            assert_eq!(back, g, "serde round trip");
            assert_public_view_hides_secrets(&g);
        }
    }
    let outcome = g.outcome().expect("a finished game has an outcome");
    assert_eq!(outcome.scores.len(), players);
    assert!(g.apply(Seat(0), &Action::Pass).is_err());
    (g, played)
}

fn new_game(options: &Options, players: usize, seed: u64, realms: Option<&[Realm]>) -> Pandoria {
    let mut g = Pandoria::new(options, players, Seed::from_u64(seed)).unwrap();
    if let Some(realms) = realms {
        let names: Vec<&str> = realms.iter().map(|r| r.slug()).collect();
        g.fix("realms", &names.join(" ")).unwrap();
    }
    g
}

fn replay(
    options: &Options,
    players: usize,
    seed: u64,
    realms: Option<&[Realm]>,
    actions: &[(Seat, Action)],
) -> Pandoria {
    let mut g = new_game(options, players, seed, realms);
    for (seat, action) in actions {
        g.apply(*seat, action).unwrap();
    }
    g
}

/// The public view names no hand tile, hand card or deck/stack order.
fn assert_public_view_hides_secrets(g: &Pandoria) {
    let view = g.public_view();
    let text = serde_json::to_string(&view).unwrap();
    assert!(!text.contains("\"hand\"") && !text.contains("stack") && !text.contains("rng"));
    assert!(!text.contains("\"deck\"") && !text.contains("\"cards\""));
    let market: Vec<CardId> = view.market.iter().map(|c| c.id).collect();
    assert_eq!(market, g.market());
    for s in 0..g.players() {
        let seat = Seat(s as u8);
        let mine = g.seat_view(seat);
        let ids: Vec<CardId> = mine.cards.iter().map(|c| c.id).collect();
        assert_eq!(ids, g.seat_state(seat).cards);
        let tiles: Vec<TileId> = mine.hand.iter().map(|t| t.id).collect();
        assert_eq!(tiles, g.seat_state(seat).hand);
        assert_eq!(mine.public, view);
    }
}

fn options_strategy() -> impl Strategy<Value = Options> {
    (0..3u8, any::<bool>(), 0..4u8, 0..2u8, 0..5u8, any::<bool>()).prop_map(
        |(start, apart, mode, edition, realms, partnership)| Options {
            start_tiles: match start {
                0 => StartTiles::Marked,
                1 => StartTiles::Random,
                _ => StartTiles::Chosen,
            },
            start_apart: apart,
            mode: [
                Mode::Family,
                Mode::FamilySpells,
                Mode::Standard,
                Mode::Beginner,
            ][usize::from(mode)],
            edition: [Edition::Yucata, Edition::Second][usize::from(edition)],
            realms: if mode == 3 {
                [RealmAssignment::RandomUnique, RealmAssignment::EachChooses]
                    [usize::from(realms % 2)]
            } else {
                [
                    RealmAssignment::RandomUnique,
                    RealmAssignment::RandomNotUnique,
                    RealmAssignment::SameRandom,
                    RealmAssignment::SameChosen,
                    RealmAssignment::EachChooses,
                ][usize::from(realms)]
            },
            realm: Some(Realm::ALL[usize::from(realms)]),
            partnership,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// The full contract, probed at every decision, in every mode.
    #[test]
    fn random_games_keep_the_contract(players in 2usize..=4, seed in any::<u64>(), options in options_strategy()) {
        let options = Options { partnership: options.partnership && players == 4, ..options };
        let (end, actions) = play_checked(&options, players, seed, 2, None);
        prop_assert_eq!(replay(&options, players, seed, None, &actions), end);
    }

    /// The public view does not change when only hidden things differ.
    #[test]
    fn hidden_information_never_reaches_the_public_view(players in 2usize..=4, seed in any::<u64>(), mode in 0..3usize) {
        let options = Options { mode: [Mode::Family, Mode::Standard, Mode::Beginner][mode], ..Options::default() };
        let a = Pandoria::new(&options, players, Seed::from_u64(seed)).unwrap();
        let mut b = a.clone();
        // Other hand tiles and another stack order.
        let state = serde_json::to_value(&a).unwrap();
        let stack: Vec<String> = state["stack"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
        let hands: Vec<String> = stack.iter().take(players).cloned().collect();
        b.fix("hands", &hands.join(" ")).unwrap();
        let state = serde_json::to_value(&b).unwrap();
        let reversed: Vec<String> = state["stack"].as_array().unwrap().iter().rev().map(|v| v.to_string()).collect();
        b.fix("stack", &reversed.join(" ")).unwrap();
        if mode > 0 {
            // Other hand cards (from the deck) and another deck order.
            let (deck, _, _) = a.card_piles();
            let n = a.seat_state(Seat(0)).cards.len();
            let other: Vec<String> = deck.iter().take(n).map(|c| c.to_string()).collect();
            b.fix("cards", &format!("1 {}", other.join(" "))).unwrap();
            let (deck, _, _) = b.card_piles();
            let reversed: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
            b.fix("deck", &reversed.join(" ")).unwrap();
            let singles: Vec<String> = b.single_tiles().iter().map(|t| t.to_string()).collect();
            b.fix("singles", &singles.join(" ")).unwrap();
        }
        prop_assert_ne!(&a, &b);
        prop_assert_eq!(a.public_view(), b.public_view());
        assert_public_view_hides_secrets(&a);
        assert_public_view_hides_secrets(&b);
    }
}

/// Every multiset of realms for 2–4 players, in both editions, plays to a sound end.
#[test]
fn every_realm_mix_plays_a_standard_game_to_the_end() {
    let mut mixes: Vec<Vec<Realm>> = Vec::new();
    fn extend(prefix: &mut Vec<Realm>, from: usize, len: usize, out: &mut Vec<Vec<Realm>>) {
        if prefix.len() == len {
            out.push(prefix.clone());
            return;
        }
        for i in from..Realm::ALL.len() {
            prefix.push(Realm::ALL[i]);
            extend(prefix, i, len, out);
            prefix.pop();
        }
    }
    for players in 2..=4 {
        extend(&mut Vec::new(), 0, players, &mut mixes);
    }
    assert_eq!(mixes.len(), 15 + 35 + 70);
    for (i, mix) in mixes.iter().enumerate() {
        for edition in [Edition::Yucata, Edition::Second] {
            let options = Options {
                mode: Mode::Standard,
                edition,
                partnership: mix.len() == 4 && i % 2 == 0,
                ..Options::default()
            };
            let seed = i as u64 * 2 + u64::from(edition == Edition::Second);
            let (end, actions) = play_checked(&options, mix.len(), seed, 1, Some(mix));
            if i % 10 == 0 {
                assert_eq!(replay(&options, mix.len(), seed, Some(mix), &actions), end);
            }
            for (s, realm) in mix.iter().enumerate() {
                assert_eq!(end.seat_state(Seat(s as u8)).realm, Some(*realm));
            }
        }
    }
}

/// Every set of different realms plays a beginner game to a sound end.
#[test]
fn every_beginner_realm_set_plays_to_the_end() {
    let mut count = 0;
    for players in 2..=4usize {
        for mask in 0u32..32 {
            if mask.count_ones() as usize != players {
                continue;
            }
            let realms: Vec<Realm> = (0..5)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| Realm::ALL[i])
                .collect();
            let options = Options {
                mode: Mode::Beginner,
                edition: if count % 2 == 0 {
                    Edition::Yucata
                } else {
                    Edition::Second
                },
                ..Options::default()
            };
            let (end, _) = play_checked(&options, players, 1000 + count, 1, Some(&realms));
            // Each seat started with its realm's card A built.
            for (s, r) in realms.iter().enumerate() {
                let st = end.seat_state(Seat(s as u8));
                assert_eq!(st.slots[0].cards[0], r.data().cards[0]);
            }
            count += 1;
        }
    }
    assert_eq!(count, 10 + 10 + 5);
}

/// Thousands of family games with the invariants, without the probes.
#[test]
fn thousands_of_random_games_end_with_everything_accounted_for() {
    for seed in 0..1200u64 {
        let players = 2 + (seed % 3) as usize;
        let (g, _) = play_checked(&Options::default(), players, seed, 0, None);
        let o = g.outcome().unwrap();
        assert!(o.winners.iter().all(|w| o.ranks[w.index()] == 1));
    }
}
