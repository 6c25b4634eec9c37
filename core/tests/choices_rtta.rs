//! Roll Through the Ages' choices in words (issue 12): random games of every player count
//! with and without trade, played to the end with the checks of every game
//! (`support/choices.rs`), plus that labels name the developments, monuments and goods they
//! are about; exact labels of representative actions, and dice as toggles.

// Only the case count is used here, not the proptest configuration.
#[path = "support/choices.rs"]
mod choices;
#[allow(dead_code)]
mod support;

use choices::*;
use turnpost_core::rtta::{self, Rtta};
use turnpost_core::{Game, Seat, Seed};

/// Roll Through the Ages labels name the developments, monuments and goods they are about.
fn rtta_names(_game: &Rtta, action: &rtta::Action, label: &str) {
    use rtta::Action as A;
    let want = match *action {
        A::Buy(d, _) => Some(d.name().to_string()),
        A::Build(rtta::Target::Monument(m), _) => Some(m.name().to_string()),
        A::Discard(g, _) => Some(g.id().to_string()),
        A::Give(r, _) | A::Get(r, _) => Some(r.id().to_string()),
        _ => None,
    };
    if let Some(want) = want {
        assert!(label.contains(&want), "{action}: \"{label}\" lacks {want}");
    }
}

#[test]
fn every_rtta_choice_has_distinct_words() {
    let mut examples = Examples::new();
    for players in 1..=4 {
        for trade in [false, true] {
            if trade && players == 1 {
                continue;
            }
            for k in 0..games_per_configuration() {
                let seed = players as u64 * 100 + u64::from(trade) * 10 + k;
                let game =
                    Rtta::new(&rtta::Options { trade }, players, Seed::from_u64(seed)).unwrap();
                play(game, seed, &rtta_names, &|_, _, _| {}, &mut examples);
            }
        }
    }
    show(&examples);
}

#[test]
fn rtta_roll_and_choice_words() {
    let fixes = &["start-player 1", "dice food coins skull"];
    let game: Rtta = set_up(&[], 2, fixes, &[]);
    assert_labels(
        &game,
        &[
            ("reroll 1 2", "Reroll dice 1 and 2 (food, coins)"),
            ("reroll 2", "Reroll die 2 (coins)"),
            ("done", "Keep the dice"),
        ],
    );
    let leadership: Rtta = set_up(
        &[],
        2,
        &[
            "start-player 1",
            "dice food coins skull",
            "developments 1 leadership",
        ],
        &["done"],
    );
    assert_labels(
        &leadership,
        &[
            ("reroll 3", "Reroll die 3 with Leadership (skull)"),
            ("done", "Keep the dice"),
        ],
    );
    let choose: Rtta = set_up(
        &[],
        2,
        &["start-player 1", "dice choice choice workers"],
        &["done"],
    );
    assert_labels(
        &choose,
        &[
            ("food", "Food from dice 1 and 2 (+4 food)"),
            ("workers 1", "Workers from die 1 (+2), food from die 2 (+2)"),
            ("workers 1 2", "Workers from dice 1 and 2 (+4 workers)"),
        ],
    );
}

#[test]
fn rtta_build_buy_and_discard_words() {
    let build: Rtta = set_up(
        &[],
        2,
        &["start-player 1", "dice choice choice workers"],
        &["done", "workers 1 2"],
    );
    assert_labels(
        &build,
        &[
            ("build city 1", "1 worker on city 4 — 1 of 3"),
            ("build city 3", "3 workers on cities — completes city 4"),
            (
                "build city 5",
                "5 workers on cities — completes city 4; city 5: 2 of 4",
            ),
            (
                "build city 7",
                "7 workers on cities — completes cities 4 and 5",
            ),
            (
                "build step-pyramid 3",
                "3 workers on the Step Pyramid — completes it first: 1 point",
            ),
            ("build obelisk 2", "2 workers on the Obelisk — 2 of 9"),
            ("done", "Stop building (7 workers unused)"),
        ],
    );
    let engineering: Rtta = set_up(
        &[],
        2,
        &[
            "start-player 1",
            "dice workers food food",
            "developments 1 engineering",
            "goods 1 stone 2",
        ],
        &["done"],
    );
    assert_labels(
        &engineering,
        &[("engineering 2", "Engineering: 2 stone for 6 workers")],
    );
    let buy: Rtta = set_up(
        &[],
        2,
        &[
            "start-player 1",
            "dice coins coins food",
            "developments 1 granaries",
            "food 1 5",
            "goods 1 wood 2",
        ],
        &["done"],
    );
    assert_labels(
        &buy,
        &[
            ("granaries 2", "Sell 2 food for 8 coins"),
            ("buy leadership", "Buy Leadership — 10 coins"),
            (
                "buy agriculture sell wood",
                "Buy Agriculture 15 · 14 coins + wood 3",
            ),
            ("done", "Buy nothing"),
        ],
    );
    let discard: Rtta = set_up(
        &[],
        2,
        &[
            "start-player 1",
            "dice food food food",
            "goods 1 wood 3 stone 3 cloth 2",
        ],
        &["done", "done"],
    );
    assert_labels(
        &discard,
        &[
            ("discard cloth 2", "Discard 2 cloth"),
            ("discard wood 1", "Discard 1 wood"),
        ],
    );
}

#[test]
fn rtta_trade_words() {
    let fixes = &[
        "start-player 1",
        "dice food food food",
        "goods 1 wood 3",
        "goods 2 stone 2",
    ];
    let trade = &[("trade", "true")];
    let game: Rtta = set_up(trade, 2, fixes, &["done"]);
    assert_labels(
        &game,
        &[
            ("give wood 2", "Offer: give 2 wood (you have 3)"),
            ("get stone 1", "Offer: ask for 1 stone"),
            ("done", "Stop trading"),
        ],
    );
    let game: Rtta = set_up(trade, 2, fixes, &["done", "give wood 2", "get stone 1"]);
    assert_labels(
        &game,
        &[
            ("offer 2", "Offer Blue 2 wood for 1 stone"),
            ("give wood 0", "Offer: give no wood"),
        ],
    );
    let gift: Rtta = set_up(trade, 2, fixes, &["done", "give wood 2"]);
    assert_labels(&gift, &[("offer 2", "Offer Blue 2 wood as a gift")]);
    let answer: Rtta = set_up(
        trade,
        2,
        fixes,
        &["done", "give wood 2", "get stone 1", "offer 2"],
    );
    assert_labels(
        &answer,
        &[
            ("accept", "Accept Red's offer: get 2 wood for 1 stone"),
            ("decline", "Decline Red's offer"),
        ],
    );
}

#[test]
fn rtta_dice_are_toggles_and_skulls_stay_locked() {
    use turnpost_core::dynamic::DynGame;
    use turnpost_core::menu::Layout;
    let game: Rtta = set_up(&[], 2, &["start-player 1", "dice food coins skull"], &[]);
    let menu = game.menu(Seat(0));
    let Layout::Toggles { items, .. } = &menu.layout else {
        panic!("{menu:?}");
    };
    let shown: Vec<(String, bool)> = items
        .iter()
        .map(|i| (i.label.to_string(), i.locked))
        .collect();
    let shown: Vec<(&str, bool)> = shown.iter().map(|(l, k)| (l.as_str(), *k)).collect();
    assert_eq!(
        shown,
        [
            ("3 food", false),
            ("7 coins", false),
            ("2 goods + skull", true)
        ]
    );
    let reroll = |dice: &[usize]| game.toggled_choice(Seat(0), dice).map(|c| c.notation);
    assert_eq!(reroll(&[0, 1]).as_deref(), Some("reroll 1 2"));
    assert_eq!(reroll(&[]), None, "nothing selected is no reroll");
    assert_eq!(reroll(&[2]), None, "the skull stays");
    // The usual rerolls are one click: the dice of one face, or all that may be rerolled.
    let others: Vec<String> = menu.others().iter().map(|c| c.label.to_string()).collect();
    assert_eq!(
        others,
        [
            "Reroll die 1 (food)",
            "Reroll die 2 (coins)",
            "Reroll dice 1 and 2 (food, coins)",
            "Keep the dice"
        ]
    );
    // Leadership rerolls exactly one die, the skull too.
    let leadership: Rtta = set_up(
        &[],
        2,
        &[
            "start-player 1",
            "dice food coins skull",
            "developments 1 leadership",
        ],
        &["done"],
    );
    let one = |dice: &[usize]| leadership.toggled_choice(Seat(0), dice).map(|c| c.notation);
    assert_eq!(one(&[2]).as_deref(), Some("reroll 3"));
    assert_eq!(one(&[0, 1]), None);
    // Food or workers: the chosen dice give workers, nothing chosen is all food.
    let choose: Rtta = set_up(
        &[],
        2,
        &["start-player 1", "dice choice choice workers"],
        &["done"],
    );
    let pick = |dice: &[usize]| {
        choose
            .toggled_choice(Seat(0), dice)
            .map(|c| c.label.to_string())
    };
    assert_eq!(
        pick(&[]).as_deref(),
        Some("Food from dice 1 and 2 (+4 food)")
    );
    assert_eq!(
        pick(&[1]).as_deref(),
        Some("Workers from die 2 (+2), food from die 1 (+2)")
    );
    assert_eq!(pick(&[2]), None, "the workers die is no choice");
}
