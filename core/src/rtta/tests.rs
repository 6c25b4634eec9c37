//! Unit tests of Roll Through the Ages: notation, the goods cycle, fixtures, loading checks
//! and log lines. Whole turns are tested by the scenario files in `core/tests/scenarios/rtta`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;

fn game(players: usize) -> Rtta {
    Rtta::new(&Options::default(), players, Seed::from_u64(1)).unwrap()
}

fn fixed(players: usize, fixes: &[(&str, &str)]) -> Rtta {
    let mut g = game(players);
    for (k, v) in fixes {
        g.fix(k, v).unwrap();
    }
    g
}

fn play(g: &mut Rtta, text: &str) -> Vec<Event> {
    let seat = g.decision().expect("game over").seat;
    let action = g.parse_action(text).unwrap();
    g.apply(seat, &action)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays random legal actions until the game ends; returns every action played.
fn random_game(players: usize, trade: bool, seed: u64) -> (Rtta, Vec<(Seat, Action)>) {
    let options = Options { trade };
    let mut g = Rtta::new(&options, players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = Vec::new();
    while let Some(d) = g.decision() {
        let legal = g.legal_actions(d.seat);
        assert!(!legal.is_empty(), "no legal action at {:?}", d.kind);
        // Trading could go on for ever; end it half the time.
        let action = if matches!(d.kind, DecisionKind::Trade) && rng.random_bool(0.5) {
            Action::Done
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        g.apply(d.seat, &action).unwrap();
        played.push((d.seat, action));
        assert!(played.len() < 100_000, "the game does not end");
    }
    (g, played)
}

#[test]
fn every_legal_action_prints_and_parses_back() {
    for players in 1..=4 {
        let trade = players > 1;
        let mut g = Rtta::new(&Options { trade }, players, Seed::from_u64(7)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut seen = 0;
        while let Some(d) = g.decision() {
            let legal = g.legal_actions(d.seat);
            for a in &legal {
                let text = a.to_string();
                assert_eq!(g.parse_action(&text).as_ref(), Ok(a), "{text}");
                seen += 1;
            }
            let a = if matches!(d.kind, DecisionKind::Trade) && rng.random_bool(0.5) {
                Action::Done
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            g.apply(d.seat, &a).unwrap();
        }
        assert!(seen > 100);
    }
}

#[test]
fn unlisted_forms_print_and_parse_back_too() {
    let g = game(2);
    for a in [
        Action::Reroll(DiceSet::EMPTY),
        Action::Choose(DiceSet::EMPTY),
        Action::Build(Target::City, 0),
        Action::Buy(Development(12), GoodsSet(0b11111)),
        Action::Give(Resource::Food, 0),
        Action::Offer(Seat(5)),
    ] {
        assert_eq!(g.parse_action(&a.to_string()), Ok(a), "{a}");
    }
}

#[test]
fn shorthands_are_resolved_against_the_dice() {
    // Dice: good, skull, choice.
    let g = fixed(2, &[("start-player", "1"), ("dice", "1 3 4")]);
    assert_eq!(g.parse_action("reroll"), Ok(Action::Reroll(DiceSet(0b101))));
    assert_eq!(g.parse_action("keep 1"), Ok(Action::Reroll(DiceSet(0b100))));
    assert_eq!(g.parse_action("keep 1 3"), Ok(Action::Done));
    assert_eq!(
        g.parse_action("workers"),
        Ok(Action::Choose(DiceSet(0b100)))
    );
    assert_eq!(g.parse_action("food 3"), Ok(Action::Choose(DiceSet::EMPTY)));
    assert_eq!(g.parse_action("  Pass "), Ok(Action::Done));
    assert_eq!(
        g.parse_action("buy Landwirtschaft sell metal cloth"),
        Ok(Action::Buy(Development(2), GoodsSet(0b11000)))
    );
    assert_eq!(
        g.parse_action("build great wall 3"),
        Ok(Action::Build(Target::Monument(Monument(5)), 3))
    );
    assert_eq!(g.parse_action("offer blue"), Ok(Action::Offer(Seat(1))));
    assert_eq!(
        g.parse_action("discard wood"),
        Ok(Action::Discard(Good(0), 1))
    );
}

#[test]
fn parse_errors_say_what_would_be_understood() {
    let g = game(2);
    let reason = |text: &str| g.parse_action(text).unwrap_err().reason;
    assert!(reason("").to_string().contains("actions are"));
    assert!(
        reason("fly away")
            .to_string()
            .contains("\"fly\" is not an action")
    );
    assert!(
        reason("reroll 8")
            .to_string()
            .contains("dice are numbered 1 to 7")
    );
    assert!(reason("reroll 2 2").to_string().contains("named twice"));
    assert!(reason("reroll x").to_string().contains("not a die number"));
    assert!(
        reason("keep")
            .to_string()
            .contains("say which dice to keep")
    );
    assert!(reason("build").to_string().contains("build city 3"));
    assert!(
        reason("build castle 2")
            .to_string()
            .contains("step-pyramid")
    );
    assert!(reason("buy").to_string().contains("agriculture"));
    assert!(
        reason("buy magic")
            .to_string()
            .contains("no development \"magic\"")
    );
    assert!(
        reason("buy agriculture with wood")
            .to_string()
            .contains("\"sell\"")
    );
    assert!(
        reason("buy agriculture sell")
            .to_string()
            .contains("\"sell\"")
    );
    assert!(
        reason("buy agriculture sell wood wood")
            .to_string()
            .contains("sold twice")
    );
    assert!(
        reason("buy agriculture sell gold")
            .to_string()
            .contains("goods: wood, stone")
    );
    assert!(reason("discard").to_string().contains("discard cloth 1"));
    assert!(reason("give wood").to_string().contains("give wood 3"));
    assert!(
        reason("get gold 2")
            .to_string()
            .contains("neither a good nor food")
    );
    assert!(reason("offer purple").to_string().contains("not a seat"));
    assert!(reason("offer 0").to_string().contains("count from 1"));
    assert!(reason("done now").to_string().contains("takes nothing"));
    assert!(reason("engineering").to_string().contains("engineering 2"));
    assert!(reason("granaries lots").to_string().contains("granaries 2"));
    assert!(reason("build city 300").to_string().contains("0 to 255"));
}

#[test]
fn goods_cycle_from_wood_and_round_again() {
    // Three skulls give six goods: wood, stone, pottery, cloth, metal, and wood again.
    let mut g = fixed(2, &[("start-player", "1"), ("dice", "3 3 3")]);
    let events = play(&mut g, "done");
    let gained = events.iter().find_map(|e| match e {
        Event::GoodsCollected { gained, lost, .. } => Some((*gained, *lost)),
        _ => None,
    });
    assert_eq!(gained, Some(([2, 1, 1, 1, 1], 0)));
    assert_eq!(g.seats[0].goods, [2, 1, 1, 1, 1]);
}

#[test]
fn a_good_on_a_full_track_is_lost_not_passed_on() {
    let mut g = fixed(
        2,
        &[
            ("start-player", "1"),
            ("goods", "1 wood 8 stone 6"),
            ("dice", "1 1 1"),
        ],
    );
    // Three goods: wood (full: lost), stone (the 7th fits), pottery.
    play(&mut g, "done");
    assert_eq!(g.seats[0].goods, [8, 7, 1, 0, 0]);
}

#[test]
fn fixtures_redo_the_opening_roll_in_any_order() {
    let a = fixed(
        3,
        &[
            ("dice", "5 5 5 6"),
            ("start-player", "2"),
            ("cities", "2 4"),
        ],
    );
    let b = fixed(
        3,
        &[
            ("cities", "2 4"),
            ("start-player", "2"),
            ("dice", "5 5 5 6"),
        ],
    );
    assert_eq!(
        a.turn.dice.faces(),
        [Face::Coins, Face::Coins, Face::Coins, Face::Workers]
    );
    assert_eq!(a.turn.dice, b.turn.dice);
    assert_eq!(a.current, 1);
    assert!(a.forced.is_empty());
    let mut c = a.clone();
    assert!(
        c.fix("dice", "9")
            .unwrap_err()
            .0
            .to_string()
            .contains("not a die face")
    );
    assert_eq!(c, a, "a refused fixture changes nothing");
    assert!(c.fix("goods", "1 wood 9").is_err());
    assert!(
        c.fix("monument", "1 hanging-gardens 3")
            .unwrap_err()
            .0
            .to_string()
            .contains("not used with 3")
    );
    assert!(c.fix("cities", "1 2").is_err());
    assert!(
        c.fix("teleport", "1")
            .unwrap_err()
            .0
            .to_string()
            .contains("fixtures:")
    );
    assert_eq!(c, a);
    play(&mut c, "done");
    assert!(
        c.fix("food", "1 3")
            .unwrap_err()
            .0
            .to_string()
            .contains("before the first action")
    );
}

#[test]
fn the_start_player_is_random_but_fixed_by_the_seed() {
    let starts: std::collections::BTreeSet<u8> = (0..40)
        .map(|n| {
            Rtta::new(&Options::default(), 4, Seed::from_u64(n))
                .unwrap()
                .start_player
        })
        .collect();
    assert_eq!(starts.len(), 4);
    let a = Rtta::new(&Options::default(), 4, Seed::from_u64(3)).unwrap();
    let b = Rtta::new(&Options::default(), 4, Seed::from_u64(3)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn setup_refuses_bad_player_counts_and_solo_trade() {
    assert!(Rtta::new(&Options::default(), 0, Seed::from_u64(0)).is_err());
    assert!(Rtta::new(&Options::default(), 5, Seed::from_u64(0)).is_err());
    let e = Rtta::new(&Options { trade: true }, 1, Seed::from_u64(0)).unwrap_err();
    assert!(e.0.to_string().contains("at least 2 players"));
    let g = game(1);
    assert!(g.in_play.iter().all(|&p| p), "solo plays every monument");
    let g = game(2);
    let ids: Vec<&str> = view::public(&g).monuments.iter().map(|m| m.id).collect();
    assert_eq!(
        ids,
        [
            "step-pyramid",
            "stone-circle",
            "obelisk",
            "hanging-gardens",
            "great-wall"
        ]
    );
    let g = game(3);
    assert!(
        !view::public(&g)
            .monuments
            .iter()
            .any(|m| m.id == "hanging-gardens")
    );
    assert_eq!(view::public(&game(4)).monuments.len(), 7);
}

#[test]
fn options_come_from_key_value_pairs() {
    let o: Options = crate::game::options_from_pairs(&[("trade".into(), "true".into())]).unwrap();
    assert!(o.trade);
    let e = crate::game::options_from_pairs::<Options>(&[("solo".into(), "true".into())]);
    assert!(e.unwrap_err().0.to_string().contains("options are: trade"));
}

#[test]
fn a_saved_game_loads_equal_and_a_corrupted_one_is_refused() {
    let (g, _) = random_game(3, true, 11);
    let json = serde_json::to_value(&g).unwrap();
    let back: Rtta = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, g);

    let mut mid = game(2);
    play(&mut mid, "done");
    let json = serde_json::to_value(&mid).unwrap();
    for (pointer, bad) in [
        ("/seats/0/food", serde_json::json!(16)),
        ("/seats/1/goods/4", serde_json::json!(5)),
        ("/seats/0/cities", serde_json::json!(8)),
        ("/current", serde_json::json!(2)),
        ("/seats/0/monuments/0", serde_json::json!(4)),
        ("/seats/0/developments", serde_json::json!(1 << 13)),
        ("/first_completer/3", serde_json::json!(1)),
        ("/turn/rerolls_left", serde_json::json!(3)),
        ("/turn/coins", serde_json::json!(5000)),
        ("/turn/dice/count", serde_json::json!(4)),
    ] {
        let mut broken = json.clone();
        *broken.pointer_mut(pointer).unwrap() = bad;
        assert!(
            serde_json::from_value::<Rtta>(broken).is_err(),
            "{pointer} accepted"
        );
    }
}

#[test]
fn random_games_end_and_their_outcome_ranks_by_score_then_goods() {
    for seed in 0..20 {
        let players = 1 + (seed % 4) as usize;
        let (g, played) = random_game(players, players > 1 && seed % 3 == 0, seed);
        let o = g.outcome().expect("over");
        assert!(!played.is_empty());
        for s in 0..g.players() {
            assert_eq!(o.scores[s], g.score(Seat(s as u8)));
            assert_eq!(o.tiebreaks[s], i32::from(g.goods_value(s)));
        }
        if g.solo() {
            assert!(g.round <= 10);
        } else {
            assert!(g.ending.is_some());
        }
    }
}

#[test]
fn seat_views_equal_the_public_view() {
    let (g, _) = random_game(4, false, 5);
    for s in 0..4 {
        assert_eq!(g.seat_view(Seat(s)), g.public_view());
    }
    let json = serde_json::to_string(&g.public_view()).unwrap();
    assert!(!json.contains("rng") && !json.contains("forced"));
}

#[test]
fn log_lines_read_as_sentences() {
    let mut g = fixed(
        2,
        &[("start-player", "2"), ("dice", "2 2 3"), ("dice", "6 6")],
    );
    let events = play(&mut g, "reroll 1 2");
    let lines: Vec<String> = events.iter().map(|e| g.describe(e).to_string()).collect();
    assert_eq!(
        lines[0],
        "Blue rerolled dice 1 and 2 — die 1: 3 workers, die 2: 3 workers; the dice now show 2 goods + skull, 2× 3 workers"
    );
    let events = play(&mut g, "done");
    let lines: Vec<String> = events.iter().map(|e| g.describe(e).to_string()).collect();
    assert!(
        lines.contains(&"Blue's dice: 2 goods + skull, 2× 3 workers".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Blue collects 1 wood and 1 stone".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Blue feeds 3 cities; 0 food left".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Blue has 6 workers and 0 coins".to_string()),
        "{lines:?}"
    );
}

#[test]
fn only_rolls_trades_and_the_end_are_final() {
    let reveals = |g: &Rtta, events: &[Event]| events.iter().any(|e| g.reveals(e).is_barrier());
    // Red: 3 workers, food, food; Blue's opening roll follows Red's turn.
    let mut g = fixed(2, &[("start-player", "1"), ("dice", "6 2 2 1 2 2 2")]);
    let events = play(&mut g, "reroll 3");
    assert!(reveals(&g, &events), "a reroll shows new dice");
    let events = play(&mut g, "done");
    assert!(
        !reveals(&g, &events),
        "collecting follows from the dice shown"
    );
    let events = play(&mut g, "build step-pyramid 2");
    assert!(!reveals(&g, &events));
    let events = play(&mut g, "done");
    assert!(reveals(&g, &events), "ending the turn rolls Blue's dice");
}

#[test]
fn each_seat_keeps_what_its_latest_turn_did_until_its_next_turn() {
    let mut bought = 0;
    let mut kept = 0;
    for (players, trade) in [(2, false), (3, true), (4, false)] {
        let options = Options { trade };
        let mut g = Rtta::new(&options, players, Seed::from_u64(players as u64)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(players as u64);
        while let Some(d) = g.decision() {
            let legal = g.legal_actions(d.seat);
            let busy: Vec<&Action> = legal.iter().filter(|a| **a != Action::Done).collect();
            let action = if !busy.is_empty() && rng.random_bool(0.8) {
                *busy[rng.random_range(0..busy.len())]
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            let events = g.apply(d.seat, &action).unwrap();
            let view = g.public_view();
            for (k, e) in events.iter().enumerate() {
                match e {
                    // A new turn starts its player's notes afresh: only what followed in
                    // the same action can be there.
                    Event::TurnStarted { seat, .. } => {
                        assert!(
                            view.seats[seat.index()].last_turn.len() < events.len() - k,
                            "{:?}",
                            view.seats[seat.index()].last_turn
                        );
                    }
                    Event::Bought {
                        seat, development, ..
                    } => {
                        bought += 1;
                        let note = format!("bought {}", development.name());
                        let notes = &view.seats[seat.index()].last_turn;
                        assert!(notes.iter().any(|n| n.to_string() == note));
                    }
                    Event::CityCompleted { seat, cities } => {
                        let note = format!("built city {cities}");
                        let notes = &view.seats[seat.index()].last_turn;
                        assert!(notes.iter().any(|n| n.to_string() == note));
                    }
                    // Issue 28: the dice kept and the workers placed are named too.
                    Event::DiceFinal { seat, .. } => {
                        kept += 1;
                        let notes = &view.seats[seat.index()].last_turn;
                        assert!(
                            notes.iter().any(|n| n.to_string().starts_with("kept ")),
                            "{notes:?}"
                        );
                    }
                    Event::Built { seat, .. } => {
                        let notes = &view.seats[seat.index()].last_turn;
                        assert!(
                            notes.iter().any(|n| n.to_string().starts_with("put ")),
                            "{notes:?}"
                        );
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(bought > 5, "{bought} purchases");
    assert!(kept > 5, "{kept} rolls kept");
}

#[test]
fn playing_makes_no_words() {
    // What the AI's playouts do, thousands of times a decision: listing and applying
    // actions make no words (the log lines are described only when a front end asks).
    for players in 1..=4 {
        let before = crate::words::texts_built();
        let (_, played) = random_game(players, players > 1, 11);
        assert!(
            played.len() > 50,
            "{players} players: {} actions",
            played.len()
        );
        assert_eq!(crate::words::texts_built() - before, 0, "{players} players");
    }
}
