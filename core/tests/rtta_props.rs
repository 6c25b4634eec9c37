//! Property tests: random legal Roll Through the Ages games for 1–4 players, with and
//! without the trade variant.
//!
//! Every step checks the invariants the rules promise (food 0–15, goods within their
//! tracks, dice rerolled only as allowed), that every listed action applies, that actions
//! not listed are refused without changing anything, that the state survives a JSON round
//! trip, and at the end that replaying options + seed + actions gives the same game.

mod support;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::rtta::{
    Action, DecisionKind, Development, DiceSet, Event, Face, Good, GoodsSet, Monument, Options,
    PublicView, Resource, Rtta, Step, Target,
};
use turnpost_core::{Game, PlayError, Seat, Seed};

const FOOD_MAX: u8 = 15;

/// Any action at all, legal or not, including components that do not exist.
fn random_action(rng: &mut ChaCha8Rng) -> Action {
    let count = |rng: &mut ChaCha8Rng| rng.random_range(0..=20u8);
    let resource = |rng: &mut ChaCha8Rng| match rng.random_range(0..7u8) {
        6 => Resource::Food,
        g => Resource::Good(Good(g)),
    };
    match rng.random_range(0..13) {
        0 => Action::Reroll(DiceSet(rng.random())),
        1 => Action::Done,
        2 => Action::Choose(DiceSet(rng.random())),
        3 => {
            let target = match rng.random_range(0..9u8) {
                0 => Target::City,
                m => Target::Monument(Monument(m - 1)),
            };
            Action::Build(target, count(rng))
        }
        4 => Action::Engineering(count(rng)),
        5 => Action::Granaries(count(rng)),
        6 => Action::Buy(
            Development(rng.random_range(0..15)),
            GoodsSet(rng.random_range(0..64)),
        ),
        7 => Action::Discard(Good(rng.random_range(0..6)), count(rng)),
        8 => Action::Give(resource(rng), count(rng)),
        9 => Action::Get(resource(rng), count(rng)),
        10 => Action::Offer(Seat(rng.random_range(0..5))),
        11 => Action::Accept,
        _ => Action::Decline,
    }
}

fn check_invariants(view: &PublicView) {
    for seat in &view.seats {
        assert!(
            seat.food <= FOOD_MAX,
            "{} has {} food",
            seat.name,
            seat.food
        );
        assert!((3..=7).contains(&seat.cities));
        for (good, track) in &seat.goods {
            assert!(
                track.count <= track.capacity,
                "{} has {} {good} on a track of {}",
                seat.name,
                track.count,
                track.capacity
            );
        }
        for (id, m) in &seat.monuments {
            assert!(m.workers <= m.needed, "{id}: {} of {}", m.workers, m.needed);
        }
    }
    if !view.over {
        // One die per city at the start of the turn (a city built now rolls next turn).
        let cities = usize::from(view.seats[view.turn.index()].cities);
        match view.step {
            Step::Build | Step::Buy | Step::Discard => assert!(view.dice.len() <= cities),
            _ => assert_eq!(view.dice.len(), cities, "one die per city"),
        }
    }
}

fn faces(view: &PublicView) -> Vec<Face> {
    view.dice.iter().map(|d| d.face).collect()
}

/// Plays one random game, checking everything on the way; returns the actions played.
///
/// A thrifty policy mostly declines to buy, so games run longer: more cities, monuments,
/// full goods tracks and the end by monuments.
fn play_and_check(
    players: usize,
    trade: bool,
    thrifty: bool,
    seed: u64,
    policy: u64,
) -> Vec<(Seat, Action)> {
    let options = Options { trade };
    let mut game = Rtta::new(&options, players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(policy);
    let mut played = Vec::new();
    let solo = players == 1;
    let mut rerolls_this_turn = 0;
    let mut leadership_this_turn = 0;

    while let Some(decision) = game.decision() {
        let view = game.public_view();
        check_invariants(&view);
        let saved = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<Rtta>(&saved).unwrap(), game);
        let legal = game.legal_actions(decision.seat);
        assert!(!legal.is_empty(), "{:?} offers no action", decision.kind);
        for other in 0..players as u8 {
            if Seat(other) != decision.seat {
                assert!(game.legal_actions(Seat(other)).is_empty());
            }
        }

        // Every listed action applies.
        for action in &legal {
            let mut copy = game.clone();
            if let Err(e) = copy.apply(decision.seat, action) {
                panic!("listed action {action} refused: {e}");
            }
        }
        // Actions not listed are refused and change nothing, as are actions out of turn.
        for _ in 0..8 {
            let action = random_action(&mut rng);
            let mut copy = game.clone();
            let result = copy.apply(decision.seat, &action);
            if legal.contains(&action) {
                assert!(result.is_ok(), "{action} is listed but refused");
            } else {
                assert!(result.is_err(), "{action} is not listed but was played");
                assert_eq!(copy, game, "refusing {action} changed the game");
            }
            if players > 1 {
                let other = Seat((decision.seat.0 + 1) % players as u8);
                let mut copy = game.clone();
                assert!(matches!(
                    copy.apply(other, &action),
                    Err(PlayError::NotYourTurn { .. })
                ));
                assert_eq!(copy, game);
            }
        }

        // Trading can go on for ever; stop it half the time.
        let stop = match decision.kind {
            DecisionKind::Trade => rng.random_bool(0.5),
            DecisionKind::Buy { .. } => thrifty && rng.random_bool(0.9),
            _ => false,
        };
        let action = if stop {
            Action::Done
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        let before = faces(&view);
        let events = game.apply(decision.seat, &action).unwrap();
        played.push((decision.seat, action));

        for event in &events {
            match event {
                Event::TurnStarted { .. } => {
                    rerolls_this_turn = 0;
                    leadership_this_turn = 0;
                }
                Event::Rerolled {
                    rerolled,
                    dice,
                    leadership,
                    ..
                } => {
                    for (i, (old, new)) in before.iter().zip(dice.faces()).enumerate() {
                        if !rerolled.contains(i) {
                            assert_eq!(old, new, "die {} changed without a reroll", i + 1);
                        } else if !solo && !leadership {
                            assert_ne!(*old, Face::Skull, "a skull was rerolled");
                        }
                    }
                    if *leadership {
                        leadership_this_turn += 1;
                        assert_eq!(rerolled.len(), 1);
                        assert!(
                            view.seats[decision.seat.index()]
                                .developments
                                .contains(&"leadership")
                        );
                    } else {
                        rerolls_this_turn += 1;
                    }
                    assert!(rerolls_this_turn <= 2 && leadership_this_turn <= 1);
                }
                _ => {}
            }
            assert!(!game.describe(event).to_string().is_empty());
        }
        assert!(played.len() < 20_000, "the game does not end");
    }

    // The end: an outcome, and the state survives a round trip and a replay.
    check_invariants(&game.public_view());
    let outcome = game.outcome().expect("a finished game has an outcome");
    assert_eq!(outcome.scores.len(), players);
    let json = serde_json::to_string(&game).unwrap();
    let back: Rtta = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);

    let mut replay = Rtta::new(&options, players, Seed::from_u64(seed)).unwrap();
    for (seat, action) in &played {
        replay.apply(*seat, action).unwrap();
    }
    assert_eq!(replay, game);
    played
}

proptest! {
    #![proptest_config(support::config(64))]

    #[test]
    fn random_games_keep_the_rules(
        players in 1usize..=4,
        trade in any::<bool>(),
        thrifty in any::<bool>(),
        seed in any::<u64>(),
        policy in any::<u64>(),
    ) {
        play_and_check(players, trade && players > 1, thrifty, seed, policy);
    }

    /// RTTA's only secret is its random generator (the dice to come): at a random point of
    /// a random game, another generator state changes nothing anyone sees, and the view
    /// names no generator or seed.
    #[test]
    fn the_random_generator_never_reaches_a_view(
        players in 1usize..=4,
        trade in any::<bool>(),
        seed in any::<u64>(),
        steps in 0usize..300,
        other in any::<u64>(),
    ) {
        let options = Options { trade: trade && players > 1 };
        let mut a = Rtta::new(&options, players, Seed::from_u64(seed)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..steps {
            let Some(d) = a.decision() else { break };
            let legal = a.legal_actions(d.seat);
            a.apply(d.seat, &legal[rng.random_range(0..legal.len())]).unwrap();
        }
        let mut state = serde_json::to_value(&a).unwrap();
        state["rng"] = serde_json::to_value(rand_chacha::ChaCha20Rng::seed_from_u64(other)).unwrap();
        let b: Rtta = serde_json::from_value(state).unwrap();
        prop_assert_ne!(&a, &b);
        prop_assert_eq!(a.public_view(), b.public_view());
        for s in 0..players {
            let seat = Seat(s as u8);
            prop_assert_eq!(
                serde_json::to_value(a.seat_view(seat)).unwrap(),
                serde_json::to_value(b.seat_view(seat)).unwrap()
            );
        }
        let text = serde_json::to_string(&a.public_view()).unwrap();
        prop_assert!(!text.contains("rng") && !text.contains("seed"), "{}", text);
    }

    #[test]
    fn a_saved_game_resumes_where_it_stopped(players in 1usize..=4, seed in any::<u64>(), cut in 0usize..300) {
        let played = {
            let options = Options::default();
            let mut game = Rtta::new(&options, players, Seed::from_u64(seed)).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut played = Vec::new();
            while let Some(d) = game.decision() {
                let legal = game.legal_actions(d.seat);
                let action = legal[rng.random_range(0..legal.len())];
                game.apply(d.seat, &action).unwrap();
                played.push((d.seat, action, game.clone()));
            }
            played
        };
        let cut = cut.min(played.len() - 1);
        let saved = serde_json::to_value(&played[cut].2).unwrap();
        let mut resumed: Rtta = serde_json::from_value(saved).unwrap();
        prop_assert_eq!(&resumed, &played[cut].2);
        for (seat, action, expected) in &played[cut + 1..] {
            resumed.apply(*seat, action).unwrap();
            prop_assert_eq!(&resumed, expected);
        }
        // Notation round trip of everything played.
        for (_, action, state) in &played {
            prop_assert_eq!(state.parse_action(&action.to_string()).ok(), Some(*action));
        }
    }
}
