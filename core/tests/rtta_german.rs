//! Roll Through the Ages in German (issue 30): seeded random games of every variant — solo,
//! 2 to 4 players, with and without trading — put every prompt, action label, detail, layout
//! text, unused item, refusal, log line and word of the view (dice, names, each player's
//! latest turn) into German with no message falling back to English, no variable left
//! unresolved and every label within Discord's limits; and a few German sentences read
//! exactly as written.

#[path = "support/german.rs"]
mod german;

use german::Seen;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::dynamic::DynGame;
use turnpost_core::rtta::{
    Action, DecisionKind, Development, DiceSet, Disaster, Event, Good, GoodsSet, Options, Resource,
    Rtta, Target,
};
use turnpost_core::words::{Lang, ToText, install};
use turnpost_core::{Game, Seat, Seed};

/// An action near a legal one that the rules refuse (too many, too much, a die or seat that
/// does not exist), if the action has such a neighbour.
fn too_far(action: Action) -> Option<Action> {
    let more = |n: u8| n.saturating_add(20);
    Some(match action {
        Action::Reroll(dice) => Action::Reroll(DiceSet(dice.0 | 0x80)),
        Action::Choose(dice) => Action::Choose(DiceSet(dice.0 | 0x80)),
        Action::Build(target, n) => Action::Build(target, more(n)),
        Action::Engineering(n) => Action::Engineering(more(n)),
        Action::Granaries(n) => Action::Granaries(more(n)),
        Action::Discard(good, n) => Action::Discard(good, more(n)),
        Action::Give(r, n) => Action::Give(r, more(n)),
        Action::Get(r, n) => Action::Get(r, more(n)),
        Action::Offer(seat) => Action::Offer(Seat(seat.0 + 4)),
        Action::Buy(d, _) => Action::Buy(d, GoodsSet(0)),
        Action::Done | Action::Accept | Action::Decline => return None,
    })
}

/// Plays a seeded random game and checks every word it shows in German.
fn play(players: usize, trade: bool, seed: u64, seen: &mut Seen) {
    install(<Rtta as Game>::WORDS);
    let mut game = Rtta::new(&Options { trade }, players, Seed::from_u64(seed)).unwrap();
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
        // the legal ones, earlier ones, a building of nothing, text that is no action, and
        // a legal action of another seat.
        let mut refused: Vec<(Seat, String)> = legal
            .iter()
            .filter_map(|a| too_far(*a))
            .chain(
                (0..4)
                    .filter(|_| !earlier.is_empty())
                    .map(|_| earlier[rng.random_range(0..earlier.len())]),
            )
            .chain([
                Action::Build(Target::City, 0),
                Action::Build(Target::City, 1),
            ])
            .map(|a| (seat, a.to_string()))
            .collect();
        refused.extend(
            [
                "",
                "fly",
                "keep",
                "build",
                "build tower 2",
                "buy",
                "buy magic",
                "give",
                "offer x",
            ]
            .map(|s| (seat, s.to_string())),
        );
        if players > 1 {
            let other = Seat((seat.0 + 1) % players as u8);
            refused.push((other, legal[0].to_string()));
        }
        for (who, notation) in refused {
            let mut copy = game.clone();
            if let Err(refusal) = DynGame::play(&mut copy, who, &notation) {
                seen.check("refusal", &refusal.to_text(), None);
            }
        }

        // Trading can go on for ever: stop it half the time.
        let action = match decision.kind {
            DecisionKind::Trade if rng.random_bool(0.5) => Action::Done,
            _ => legal[rng.random_range(0..legal.len())],
        };
        for a in legal {
            if !earlier.contains(&a) {
                earlier.push(a);
            }
        }
        for event in game.apply(seat, &action).unwrap() {
            seen.check("log line", &game.describe(&event), None);
        }
        check_view(&game, seen);
        steps += 1;
        assert!(steps < 20_000, "the game does not end");
    }
    assert!(Game::outcome(&game).is_some());
}

/// The words of the public view the pictures draw: the prompt, the dice, the monuments'
/// and the seats' names, and each player's latest turn.
fn check_view(game: &Rtta, seen: &mut Seen) {
    let view = Game::public_view(game);
    if let Some(decision) = &view.decision {
        seen.check("view prompt", &decision.prompt, None);
    }
    for die in &view.dice {
        seen.check("die", &die.label, None);
    }
    for monument in &view.monuments {
        seen.check("monument", &monument.name, None);
    }
    for tableau in &view.seats {
        seen.check("seat", &tableau.name, None);
        for note in &tableau.last_turn {
            seen.check("latest turn", note, None);
        }
    }
}

#[test]
fn random_games_of_every_variant_read_wholly_in_german() {
    let mut seen = Seen::default();
    // Solo; 2, 3 and 4 players; and the trade variant with 2, 3 and 4.
    let variants = [
        (1, false),
        (2, false),
        (3, false),
        (4, false),
        (2, true),
        (3, true),
        (4, true),
    ];
    for (i, (players, trade)) in variants.into_iter().enumerate() {
        for seed in 0..2u64 {
            play(players, trade, 100 * i as u64 + seed, &mut seen);
        }
    }
    seen.check_raw();
    // The games met most families of the game's messages: prompts, labels, refusals and log
    // lines.
    seen.assert_all_read(&[
        "rtta-prompt-",
        "rtta-label-",
        "rtta-refuse-",
        "rtta-log-",
        "rtta-note-",
        "rtta-parse-",
    ]);
}

/// The name of seat `n` (from 0) in German.
fn seat(game: &Rtta, n: u8) -> String {
    Lang::De.render(&Game::seat_name(game, Seat(n)))
}

#[test]
fn disasters_purchases_and_refusals_read_as_written() {
    let game = Rtta::new(&Options::default(), 3, Seed::from_u64(7)).unwrap();
    let de = |event: Event| Lang::De.render(&game.describe(&event));
    assert_eq!(seat(&game, 1), "Blau");

    assert_eq!(
        de(Event::Disaster {
            seat: Seat(0),
            skulls: 3,
            disaster: Disaster::Pestilence,
            struck: vec![Seat(1)],
            protected: vec![Seat(2)],
        }),
        "Rot würfelt 3 Schädel: Seuche; Blau verliert 3 Punkte; Grün durch Medizin geschützt"
    );
    assert_eq!(
        de(Event::Disaster {
            seat: Seat(0),
            skulls: 5,
            disaster: Disaster::Revolt,
            struck: vec![Seat(1), Seat(2)],
            protected: vec![],
        }),
        "Rot würfelt 5 Schädel: Aufstand, durch Religion gegen Blau und Grün gewendet; \
         Blau und Grün verlieren alle Waren"
    );
    assert_eq!(
        de(Event::Disaster {
            seat: Seat(2),
            skulls: 4,
            disaster: Disaster::Invasion,
            struck: vec![],
            protected: vec![Seat(2)],
        }),
        "Grün würfelt 4 Schädel: Invasion; Grün durch die Große Mauer geschützt"
    );
    // Text 002's example: Agriculture for 15 coins, paid with a coin die and the metal and
    // cloth (4 + 5).
    assert_eq!(
        de(Event::Bought {
            seat: Seat(1),
            development: Development(2),
            cost: 15,
            coins: 7,
            sold: GoodsSet(0b11000),
            goods_value: 9,
        }),
        "Blau kauft Landwirtschaft für 15 Münzen mit 7 Münzen und dem ganzen Vorrat an \
         Stoff und Metall (Wert 9)"
    );
    assert_eq!(
        de(Event::Fed {
            seat: Seat(0),
            cities: 5,
            unfed: 3,
            food: 0,
        }),
        "Rot versorgt nur 2 von 5 Städten: Hungersnot, 3 Minuspunkte"
    );
    assert_eq!(
        de(Event::Discarded {
            seat: Seat(2),
            good: Good(0),
            count: 2,
        }),
        "Grün gibt 2 Holz ab"
    );
    assert_eq!(
        de(Event::OfferChanged {
            seat: Seat(0),
            resource: Resource::Food,
            give: true,
            count: 3,
        }),
        "Rot bietet jetzt 3 Nahrung an"
    );

    // A refusal names what is allowed now, with the prompt as an infinitive.
    let decision = Game::decision(&game).unwrap();
    let to_act = seat(&game, decision.seat.0);
    let mut copy = game.clone();
    let refusal = DynGame::play(&mut copy, decision.seat, "build city 3").unwrap_err();
    let text = Lang::De.render(&refusal.to_text());
    let expected = format!(
        "„build city 3“ ist jetzt nicht möglich; jetzt muss {to_act} Würfel neu werfen oder \
         behalten (noch 2 Würfe): "
    );
    assert!(text.starts_with(&expected), "{text}");
    assert_eq!(
        Lang::De.render(&DecisionKind::Discard { excess: 1 }.to_text()),
        "1 Ware abgeben"
    );
}
