//! Property tests: random legal Pandoria family games for 2, 3 and 4 players.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::hex::Hex;
use turnpost_core::pandoria::{Action, Land, Options, Pandoria, StartTiles};
use turnpost_core::{Game, Seat, Seed};

/// Checks that every piece is somewhere exactly once.
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
            Land::Terrain { tile: Some(t), .. } if t.0 <= 48 => on_board.push(u64::from(t.0)),
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
    assert_eq!(
        ids,
        (1..=48).collect::<Vec<u64>>(),
        "every double tile exactly once"
    );
    for s in 0..players {
        let st = g.seat_state(Seat(s as u8));
        assert_eq!(castles[s] + st.castles, 2, "castles of seat {s}");
        assert_eq!(
            workers[s] + st.workers,
            Pandoria::workers_for(players),
            "workers of seat {s}"
        );
        assert_eq!(leaders[s] + u8::from(st.leader), 1, "leader of seat {s}");
        assert!(st.hand.len() <= 1);
    }
}

/// A random action from the whole action space, most of them illegal.
fn random_action(rng: &mut ChaCha8Rng) -> Action {
    let hex = |rng: &mut ChaCha8Rng| Hex::from_index(rng.random_range(0..224)).unwrap();
    match rng.random_range(0..7) {
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
        _ => Action::Pass,
    }
}

/// Plays a random game, checking the contract at every decision. Returns the actions.
fn play_checked(
    options: &Options,
    players: usize,
    seed: u64,
    probes: usize,
) -> (Pandoria, Vec<(Seat, Action)>) {
    let mut g = Pandoria::new(options, players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut played = Vec::new();
    let mut steps = 0;
    while let Some(decision) = g.decision() {
        steps += 1;
        assert!(steps < 2000, "the game does not end");
        let seat = decision.seat;
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty(), "a decision always has an action");
        // The tile preview offers exactly the legal tile placements.
        if matches!(legal[0], Action::Tile(..) | Action::Castle(_)) {
            let view = g.seat_view(seat);
            let mut preview: Vec<Action> = view
                .placements
                .iter()
                .map(|&[a, b]| Action::Tile(a, b))
                .collect();
            preview.extend(view.castle_spaces.iter().map(|&h| Action::Castle(h)));
            assert_eq!(preview, legal);
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
        g.apply(seat, &action).unwrap();
        played.push((seat, action));
        assert_conserved(&g);
        if steps % 17 == 0 {
            let json = serde_json::to_string(&g).unwrap();
            let back: Pandoria = serde_json::from_str(&json).unwrap();
            assert_eq!(back, g, "serde round trip");
        }
    }
    let outcome = g.outcome().expect("a finished game has an outcome");
    assert_eq!(outcome.scores.len(), players);
    assert!(g.apply(Seat(0), &Action::Pass).is_err());
    (g, played)
}

fn replay(options: &Options, players: usize, seed: u64, actions: &[(Seat, Action)]) -> Pandoria {
    let mut g = Pandoria::new(options, players, Seed::from_u64(seed)).unwrap();
    for (seat, action) in actions {
        g.apply(*seat, action).unwrap();
    }
    g
}

fn options_strategy() -> impl Strategy<Value = Options> {
    (0..3u8, any::<bool>()).prop_map(|(start, apart)| Options {
        start_tiles: match start {
            0 => StartTiles::Marked,
            1 => StartTiles::Random,
            _ => StartTiles::Chosen,
        },
        start_apart: apart,
        ..Options::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, failure_persistence: None, ..ProptestConfig::default() })]

    /// The full contract, probed at every decision.
    #[test]
    fn random_games_keep_the_contract(players in 2usize..=4, seed in any::<u64>(), options in options_strategy()) {
        let (end, actions) = play_checked(&options, players, seed, 3);
        prop_assert_eq!(replay(&options, players, seed, &actions), end);
    }

    /// The public view does not change when only hidden things differ.
    #[test]
    fn hidden_information_never_reaches_the_public_view(players in 2usize..=4, seed in any::<u64>()) {
        let a = Pandoria::new(&Options::default(), players, Seed::from_u64(seed)).unwrap();
        let mut b = a.clone();
        // Other hand tiles and another stack order.
        let state = serde_json::to_value(&a).unwrap();
        let stack: Vec<String> = state["stack"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
        let hands: Vec<String> = stack.iter().take(players).cloned().collect();
        b.fix("hands", &hands.join(" ")).unwrap();
        let state = serde_json::to_value(&b).unwrap();
        let reversed: Vec<String> = state["stack"].as_array().unwrap().iter().rev().map(|v| v.to_string()).collect();
        b.fix("stack", &reversed.join(" ")).unwrap();
        prop_assert_ne!(&a, &b);
        prop_assert_eq!(a.public_view(), b.public_view());
        let text = serde_json::to_string(&a.public_view()).unwrap();
        prop_assert!(!text.contains("\"hand\"") && !text.contains("stack") && !text.contains("rng"));
        // A seat view shows that seat's hand and nobody else's.
        for s in 0..players as u8 {
            let view = a.seat_view(Seat(s));
            prop_assert_eq!(&view.hand.iter().map(|t| t.id).collect::<Vec<_>>(), &a.seat_state(Seat(s)).hand);
        }
    }
}

/// Thousands of games with the invariants, without the probes.
#[test]
fn thousands_of_random_games_end_with_everything_accounted_for() {
    for seed in 0..1500u64 {
        let players = 2 + (seed % 3) as usize;
        let (g, _) = play_checked(&Options::default(), players, seed, 0);
        let o = g.outcome().unwrap();
        assert!(o.winners.iter().all(|w| o.ranks[w.index()] == 1));
    }
}
