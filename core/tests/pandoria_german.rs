//! Pandoria in German (issue 30): seeded random games of the standard game with every
//! expansion (all twelve realms, the Artifacts expansion, the River side) and of the other
//! modes put every prompt, action label, layout text, unused item, refusal and log line into
//! German with no message falling back to English, no variable left unresolved, every label
//! within Discord's limits and the labels of one decision all different; every action's
//! detail (the component's short text) has its German twin; and a few German sentences read
//! exactly as written.

#[path = "support/german.rs"]
mod german;

use german::Seen;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::dynamic::DynGame;
use turnpost_core::hex::Hex;
use turnpost_core::pandoria::{
    Action, BoardSide, CardId, DecisionKind, Edition, Event, Figure, Mode, Options, Pandoria,
    Realm, RealmSets, Region, Resource, Score, Terrain,
};
use turnpost_core::words::{Lang, ToText, install};
use turnpost_core::{Game, Seat, Seed};

/// Typed words that a refusal near `action` would need: too much, a card or slot that does
/// not exist, a seat that is not at the table.
fn too_far(action: Action) -> Option<Action> {
    Some(match action {
        Action::Relic(p) => Action::Relic(p + 20),
        Action::Spell(_, w) => Action::Spell(CardId(60), w),
        Action::Build(c, _, w) => Action::Build(c, 9, w),
        Action::Monument(_, w) => Action::Monument(9, w),
        Action::Buy(_, w) => Action::Buy(9, w),
        Action::Take(_) => Action::Take(9),
        Action::Adopt(s) => Action::Adopt(Seat(s.0 + 4)),
        Action::Ransom(s, w, l) => Action::Ransom(s, w + 5, l),
        Action::Occupy(s, _, w) => Action::Occupy(s, 9, w),
        _ => return None,
    })
}

/// Plays a seeded random game and checks every word it shows in German.
fn play(options: &Options, players: usize, seed: u64, seen: &mut Seen) {
    install(<Pandoria as Game>::WORDS);
    let mut game = Pandoria::new(options, players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Actions legal at earlier decisions: most are refused now, each with its own reason.
    let mut earlier: Vec<Action> = Vec::new();
    let mut steps = 0;
    while let Some(decision) = Game::decision(&game) {
        let seat = decision.seat;
        seen.check("prompt", &decision.kind.to_text(), None);
        let legal = Game::legal_actions(&game, seat);
        seen.check_decision(&game, seat, &legal);

        // Refusals, through the type-erased game as a front end meets them: actions near
        // the legal ones, earlier ones, text that is no action or half of one, and a legal
        // action of another seat.
        if steps % 3 == 0 {
            let mut refused: Vec<(Seat, String)> = legal
                .iter()
                .filter_map(|a| too_far(*a))
                .take(3)
                .chain(
                    (0..6)
                        .filter(|_| !earlier.is_empty())
                        .map(|_| earlier[rng.random_range(0..earlier.len())]),
                )
                .map(|a| (seat, a.to_string()))
                .collect();
            refused.extend(
                [
                    "",
                    "fly",
                    "tile D7",
                    "tile A0 A1",
                    "build",
                    "build 17",
                    "buy",
                    "spell x",
                    "worker Z9",
                    "relic",
                    "ransom red",
                    "realm trolls",
                    "with gold",
                    "spell 17 with",
                ]
                .map(|s| (seat, s.to_string())),
            );
            let other = Seat((seat.0 + 1) % players as u8);
            refused.push((other, legal[0].to_string()));
            for (who, notation) in refused {
                let mut copy = game.clone();
                if let Err(refusal) = DynGame::play(&mut copy, who, &notation) {
                    seen.check("refusal", &refusal.to_text(), None);
                }
            }
        }

        let action = legal[rng.random_range(0..legal.len())];
        for a in legal {
            if !earlier.contains(&a) {
                earlier.push(a);
            }
        }
        for event in game.apply(seat, &action).unwrap() {
            seen.check("log line", &game.describe(&event), None);
        }
        steps += 1;
        assert!(steps < 20_000, "the game does not end");
    }
    assert!(Game::outcome(&game).is_some());
}

#[test]
fn random_games_with_every_expansion_read_wholly_in_german() {
    let mut seen = Seen::default();
    let standard = |edition| Options {
        mode: Mode::Standard,
        edition,
        realm_sets: RealmSets::All,
        ..Options::default()
    };
    let games = [
        (
            Options {
                artifacts: true,
                ..standard(Edition::Yucata)
            },
            4,
        ),
        (
            Options {
                artifacts: true,
                ..standard(Edition::Second)
            },
            3,
        ),
        (
            Options {
                board: BoardSide::River,
                ..standard(Edition::Second)
            },
            2,
        ),
        (
            Options {
                board: BoardSide::River,
                partnership: true,
                ..standard(Edition::Yucata)
            },
            4,
        ),
        (
            Options {
                artifacts: true,
                ..Options::default()
            },
            3,
        ),
        (
            Options {
                mode: Mode::FamilySpells,
                ..Options::default()
            },
            2,
        ),
        (
            Options {
                mode: Mode::Beginner,
                edition: Edition::Second,
                ..Options::default()
            },
            4,
        ),
    ];
    for (i, (options, players)) in games.iter().enumerate() {
        play(options, *players, 10 + i as u64, &mut seen);
    }
    seen.check_raw();
    // The games met most families of the game's messages.
    seen.assert_all_read(&[
        "pandoria-prompt-",
        "pandoria-label-",
        "pandoria-pass-",
        "pandoria-layout-",
        "pandoria-refuse-",
        "pandoria-now-",
        "pandoria-log-",
        "pandoria-parse-",
    ]);
}

fn hex(s: &str) -> Hex {
    s.parse().unwrap()
}

#[test]
fn log_lines_labels_and_refusals_read_as_written() {
    let options = Options {
        mode: Mode::Standard,
        ..Options::default()
    };
    let mut game = Pandoria::new(&options, 3, Seed::from_u64(7)).unwrap();
    for (key, value) in [("realms", "elves dwarves humans"), ("cards", "1 12 13")] {
        Game::fix(&mut game, key, value).unwrap();
    }
    let de = |game: &Pandoria, event: Event| Lang::De.render(&game.describe(&event));
    assert_eq!(Lang::De.render(&Game::seat_name(&game, Seat(1))), "Blau");

    let worker = |seat| Figure {
        seat: Seat(seat),
        leader: false,
    };
    let region = Region {
        terrain: Terrain::Forest,
        at: hex("D7"),
        hexes: vec![hex("D7"), hex("D8"), hex("E7")],
        symbols: 4,
    };
    assert_eq!(
        de(
            &game,
            Event::RegionClosed {
                region: region.clone(),
                returned: vec![(hex("D8"), worker(1))],
                captured: vec![],
                captor: None,
            }
        ),
        "Das Gebiet Wald bei D7 ist abgeschlossen (3 Felder, 4 Symbole); zurück in den \
         Vorrat: Arbeiter von Blau von D8"
    );
    assert_eq!(
        de(
            &game,
            Event::RegionScored {
                region,
                scores: vec![Score {
                    seat: Seat(0),
                    figures: 2,
                    points: 0,
                    gained: 8,
                    bonus: 0,
                    realm: 0,
                }],
            }
        ),
        "Wertung Gebiet Wald bei D7: Rot 8 Holz (4 × 2)"
    );
    assert_eq!(
        de(
            &game,
            Event::Bought {
                seat: Seat(2),
                card: CardId(12),
                paid: [1, 3, 0],
            }
        ),
        "Gelb kaufte Karte 12 (Versammeln 1 / Kleine Schatzkammer) für 1 Kristall + 3 Gold"
    );
    assert_eq!(
        de(
            &game,
            Event::RansomPaid {
                payer: Seat(0),
                hanbok: Seat(1),
                resource: Resource::Crystal,
            }
        ),
        "Blau nahm 1 Kristall von Rot"
    );
    assert_eq!(
        de(
            &game,
            Event::Ransomed {
                payer: Seat(0),
                hanbok: Seat(1),
                workers: 2,
                leader: true,
            }
        ),
        "Rot löste 2 Arbeiter und den Anführer bei Blau (Hanbok) aus"
    );
    assert_eq!(
        de(
            &game,
            Event::RealmChosen {
                seat: Seat(0),
                realm: Realm::Elves,
            }
        ),
        "Rot spielt Elfen"
    );

    // The first decision: the start player places a tile; a pass is refused with what is
    // allowed now, and the labels name the tile's halves in German.
    let decision = Game::decision(&game).unwrap();
    assert!(matches!(decision.kind, DecisionKind::Place));
    let legal = Game::legal_actions(&game, decision.seat);
    let castle = legal
        .iter()
        .find(|a| matches!(a, Action::Castle(_)))
        .unwrap();
    let Action::Castle(at) = castle else {
        unreachable!()
    };
    assert_eq!(
        Lang::De.render(&game.describe_action(decision.seat, castle)),
        format!("Burg auf {at}")
    );
    let mut copy = game.clone();
    let refusal = DynGame::play(&mut copy, decision.seat, "pass").unwrap_err();
    let text = Lang::De.render(&refusal.to_text());
    assert!(
        text.contains("du musst dein Plättchen oder eine Burg legen; passen geht nicht"),
        "{text}"
    );
    assert_eq!(
        Lang::De.render(&DecisionKind::Place.to_text()),
        "lege dein Plättchen oder eine Burg"
    );
}
