//! Pandoria's choices in words (issue 12): random games of every mode played to the end with
//! the checks of every game (`support/choices.rs`), plus that labels name the cards they are
//! about and that a seat's words stay the same whatever the others hold in secret; exact
//! labels of representative actions and the grouping of placements and card plays.

// Only the case count is used here, not the proptest configuration.
#[path = "support/choices.rs"]
mod choices;
#[allow(dead_code)]
mod support;

use choices::*;
use rand_chacha::ChaCha8Rng;
use turnpost_core::pandoria::{
    self, Edition, Mode, Pandoria, Realm, RealmAssignment, StartTiles, cards,
};
use turnpost_core::{Game, Seat, Seed};

/// Pandoria labels name the cards they are about.
fn pandoria_names(game: &Pandoria, action: &pandoria::Action, label: &str) {
    use pandoria::Action as A;
    let card = |c: pandoria::CardId| cards().card(c);
    let market = |pos: u8| card(game.market()[usize::from(pos) - 1]);
    let seat = game.decision().expect("a decision").seat;
    let wants: Vec<&str> = match *action {
        A::Spell(c, _) | A::Both(c, _) => vec![card(c).spell.name()],
        A::Build(c, _, _) => vec![card(c).building.name()],
        A::Buy(pos, _) => vec![market(pos).spell.name()],
        A::Take(pos) => vec![market(pos).spell.name(), market(pos).building.name()],
        A::Recast(_) => {
            let top = *game.seat_state(seat).spells.last().expect("a top spell");
            vec![card(top).spell.name()]
        }
        A::Adopt(other) => {
            let top = *game.seat_state(other).spells.last().expect("a top spell");
            vec![card(top).spell.name()]
        }
        _ => vec![],
    };
    for want in wants {
        assert!(label.contains(want), "{action}: \"{label}\" lacks {want}");
    }
}

/// `g` with other secrets: `owner`'s hand tiles and cards swapped with others from the stack
/// and deck, and the stack and deck in another order. Public things stay as they are.
fn with_other_secrets(g: &Pandoria, owner: Seat, rng: &mut ChaCha8Rng) -> Pandoria {
    use rand::seq::SliceRandom;
    let mut state = serde_json::to_value(g).unwrap();
    let mut pile = |key: &str| -> Vec<serde_json::Value> {
        let mut items = state[key].as_array().cloned().unwrap_or_default();
        items.shuffle(rng);
        items
    };
    let mut stack = pile("stack");
    let mut deck = pile("deck");
    let seat = &mut state["seats"][owner.index()];
    for (hand, from) in [("hand", &mut stack), ("cards", &mut deck)] {
        if let Some(hand) = seat[hand].as_array_mut() {
            for (item, other) in hand.iter_mut().zip(from.iter_mut()) {
                std::mem::swap(item, other);
            }
        }
    }
    state["stack"] = stack.into();
    state["deck"] = deck.into();
    serde_json::from_value(state).unwrap()
}

/// A seat's words never depend on what the others hold in secret, nor on the stack and deck.
fn same_words_whatever_others_hide(game: &Pandoria, seat: Seat, rng: &mut ChaCha8Rng) {
    let words = |g: &Pandoria| -> Vec<String> {
        g.legal_actions(seat)
            .iter()
            .map(|a| g.describe_action(seat, a).to_string())
            .collect()
    };
    let before = words(game);
    let menu = |g: &Pandoria| turnpost_core::dynamic::DynGame::menu(g, seat);
    let layout = menu(game);
    for k in 0..game.players() {
        let owner = Seat(k as u8);
        if owner != seat {
            let other = with_other_secrets(game, owner, rng);
            assert_eq!(words(&other), before);
            assert_eq!(
                menu(&other),
                layout,
                "the layout depends on others' secrets"
            );
        }
    }
}

fn pandoria_options(mode: Mode, edition: Edition) -> pandoria::Options {
    pandoria::Options {
        mode,
        edition,
        ..pandoria::Options::default()
    }
}

#[test]
fn every_pandoria_choice_has_distinct_words() {
    let mut configurations: Vec<(pandoria::Options, usize, Option<&[Realm]>)> = Vec::new();
    for players in 2..=4 {
        for mode in [Mode::Family, Mode::FamilySpells, Mode::Beginner] {
            configurations.push((pandoria_options(mode, Edition::Yucata), players, None));
        }
        for edition in [Edition::Yucata, Edition::Second] {
            configurations.push((pandoria_options(Mode::Standard, edition), players, None));
        }
    }
    let mixes: [&[Realm]; 2] = [
        &[Realm::Dwarves, Realm::Elves, Realm::Mages, Realm::Halflings],
        &[Realm::Humans, Realm::Dwarves],
    ];
    for edition in [Edition::Yucata, Edition::Second] {
        for mix in mixes {
            configurations.push((
                pandoria_options(Mode::Standard, edition),
                mix.len(),
                Some(mix),
            ));
        }
        configurations.push((
            pandoria::Options {
                partnership: true,
                ..pandoria_options(Mode::Standard, edition)
            },
            4,
            None,
        ));
        configurations.push((
            pandoria::Options {
                realms: RealmAssignment::EachChooses,
                start_tiles: StartTiles::Chosen,
                start_apart: true,
                ..pandoria_options(Mode::Standard, edition)
            },
            3,
            None,
        ));
    }
    configurations.push((
        pandoria::Options {
            realms: RealmAssignment::EachChooses,
            ..pandoria_options(Mode::Beginner, Edition::Yucata)
        },
        4,
        None,
    ));
    configurations.push((
        pandoria::Options {
            partnership: true,
            ..pandoria_options(Mode::FamilySpells, Edition::Yucata)
        },
        4,
        None,
    ));
    let mut examples = Examples::new();
    for (i, (options, players, realms)) in configurations.iter().enumerate() {
        for k in 0..games_per_configuration() {
            let seed = i as u64 * 1000 + k;
            let mut game = Pandoria::new(options, *players, Seed::from_u64(seed)).unwrap();
            if let Some(realms) = realms {
                let names: Vec<&str> = realms.iter().map(|r| r.slug()).collect();
                game.fix("realms", &names.join(" ")).unwrap();
            }
            play(
                game,
                seed,
                &pandoria_names,
                &same_words_whatever_others_hide,
                &mut examples,
            );
        }
    }
    show(&examples);
}

const STANDARD: &[(&str, &str)] = &[("mode", "standard")];

/// Red (Humans) holds Conjure 6 twice (Store and Repository cards) and Small Tower twice
/// (Teleport 1 and Rage ×3 cards), with a Statue in slot 3.
const HUMANS_AT_THE_START: &[&str] = &[
    "realms humans humans",
    "start-tiles G6 G7 I6 I7",
    "start-player 1",
    "hands 17 41",
    "cards 1 10 11 18 37",
    "build 1 3 16",
    "resources 1 2 4 5",
];

#[test]
fn pandoria_placement_and_figure_words() {
    let game: Pandoria = set_up(STANDARD, 2, HUMANS_AT_THE_START, &[]);
    assert_labels(
        &game,
        &[
            ("tile H6 H5", "Tile on H6–H5: forest 1 · city 1"),
            ("tile H5 H6", "Tile on H5–H6: forest 1 · city 1"),
            ("castle H6", "Castle on H6"),
        ],
    );
    let game: Pandoria = set_up(STANDARD, 2, HUMANS_AT_THE_START, &["tile H6 H5"]);
    assert_labels(
        &game,
        &[
            ("worker H6", "Worker to H6 (forest, 1 wood)"),
            ("leader H5", "Leader to H5 (city, 1 point)"),
            ("pass", "Pass (no figure)"),
        ],
    );
    let family: Pandoria = set_up(
        &[],
        2,
        &["start-tiles G6 G7 I6 I7", "start-player 1", "hands 17 41"],
        &["tile H6 H5"],
    );
    assert_labels(&family, &[("worker H6", "Worker to H6 (forest, 1 point)")]);
    let dwarves: Pandoria = set_up(
        STANDARD,
        2,
        &[
            "realms dwarves humans",
            "start-tiles G6 G7 I6 I7",
            "start-player 1",
            "tiles 1 17 15",
        ],
        &[],
    );
    assert_labels(
        &dwarves,
        &[
            ("tile H6 H5", "Tile 1 on H6–H5: forest 1 · city 1"),
            ("tile2 H6 H5", "Tile 2 on H6–H5: forest 2 · hills 1"),
        ],
    );
    let chosen: Pandoria = set_up(&[("start_tiles", "chosen")], 2, &["start-player 1"], &[]);
    assert_labels(
        &chosen,
        &[
            ("start G6 G7", "Start tile on G6–G7: forest 1 · hills 1"),
            ("start G7 G6", "Start tile on G7–G6: forest 1 · hills 1"),
        ],
    );
}

#[test]
fn pandoria_card_words() {
    let game: Pandoria = set_up(STANDARD, 2, HUMANS_AT_THE_START, &["tile H6 H5", "pass"]);
    assert_labels(
        &game,
        &[
            ("spell 10", "Cast Conjure 6 (Store card) — 2 crystals"),
            (
                "spell 11",
                "Cast Conjure 6 (Repository 1:2 card) — 2 crystals",
            ),
            ("spell 18", "Cast Teleport 1 — 2 crystals"),
            ("build 10 1", "Build Store in slot 1 — 4 wood"),
            (
                "build 18 1",
                "Build Small Tower in slot 1 (Teleport 1 card) — 3 wood",
            ),
            (
                "build 37 1",
                "Build Small Tower in slot 1 (Rage ×3 card) — 3 wood",
            ),
            (
                "build 18 3",
                "Build Small Tower in slot 3 over Statue (Teleport 1 card) — 1 wood",
            ),
            (
                "monument 3",
                "Erect 6-point monument over Statue in slot 3 — 4 wood",
            ),
            ("pass", "Pass (no card, no monument)"),
        ],
    );
    // Typed text, for autocomplete: a hand card by name, the label form of a tile.
    {
        use turnpost_core::dynamic::DynGame;
        assert_eq!(
            game.describe_notation(Seat(0), "spell teleport")
                .map(|t| t.to_string())
                .as_deref(),
            Some("Cast Teleport 1 — 2 crystals")
        );
        assert_eq!(game.describe_notation(Seat(0), "spell rage"), None);
        assert_eq!(game.describe_notation(Seat(1), "pass"), None);
        let placing: Pandoria = set_up(STANDARD, 2, HUMANS_AT_THE_START, &[]);
        assert_eq!(
            placing
                .describe_notation(Seat(0), "H6–H5 · forest 1 · city 1")
                .map(|t| t.to_string())
                .as_deref(),
            Some("Tile on H6–H5: forest 1 · city 1")
        );
    }
    let conjure: Pandoria = set_up(
        STANDARD,
        2,
        HUMANS_AT_THE_START,
        &["tile H6 H5", "pass", "spell 10"],
    );
    assert_labels(
        &conjure,
        &[
            ("crystal", "Crystals to 6 (now 0)"),
            ("gold", "Gold to 6 (now 4)"),
            ("wood", "Wood to 6 (now 5)"),
        ],
    );
    // A Market 1:1 pays the missing crystal with gold or wood.
    let mut fixes = HUMANS_AT_THE_START.to_vec();
    fixes.extend(["build 1 1 17", "resources 1 1 4 5"]);
    let market: Pandoria = set_up(STANDARD, 2, &fixes, &["tile H6 H5", "pass"]);
    assert_labels(
        &market,
        &[
            (
                "spell 10 with gold",
                "Cast Conjure 6 (Store card) — 1 crystal + 1 gold",
            ),
            (
                "spell 10 with wood",
                "Cast Conjure 6 (Store card) — 1 crystal + 1 wood",
            ),
        ],
    );
    // The longest words: two Small Saw Mills, paid with a Market 2:1; over the Market the
    // slot's building is left out to fit 80 characters.
    let long: Pandoria = set_up(
        STANDARD,
        2,
        &[
            "realms humans humans",
            "start-tiles G6 G7 I6 I7",
            "start-player 1",
            "hands 17 41",
            "cards 1 5 24",
            "build 1 1 26",
            "resources 1 10 0 1",
        ],
        &["tile H6 H5", "pass"],
    );
    assert_labels(
        &long,
        &[
            (
                "build 24 2 with crystal",
                "Build Small Saw Mill in slot 2 (Enchanted Castle card) — 1 wood + 4 crystals",
            ),
            (
                "build 24 1 with crystal",
                "Build Small Saw Mill in slot 1 (Enchanted Castle card) — 1 wood + 2 crystals",
            ),
            (
                "build 5 1 with crystal",
                "Build Small Saw Mill in slot 1 (Terrain (single) card) — 1 wood + 2 crystals",
            ),
        ],
    );
}

#[test]
fn pandoria_family_spells_words() {
    // Two Rage ×2 cards read differently by their number; spells are free.
    let game: Pandoria = set_up(
        &[("mode", "family_spells")],
        2,
        &[
            "start-tiles G6 G7 I6 I7",
            "start-player 1",
            "hands 17 41",
            "cards 1 14 16 18",
        ],
        &["tile H6 H5", "pass"],
    );
    assert_labels(
        &game,
        &[
            ("spell 14", "Cast Rage ×2 (card 14)"),
            ("spell 16", "Cast Rage ×2 (card 16)"),
            ("spell 18", "Cast Teleport 1"),
            ("pass", "Pass (no spell)"),
        ],
    );
}

#[test]
fn pandoria_market_and_spell_target_words() {
    // Yucata Mages buy every turn; Blue's top spell is Rage ×2.
    let fixes = &[
        "realms mages humans",
        "start-tiles G6 G7 I6 I7",
        "start-player 1",
        "hands 17 41",
        "cards 1 7 9",
        "market 21 33 35 39",
        "resources 1 2 4 5",
        "spells 2 14",
    ];
    let buy: Pandoria = set_up(STANDARD, 2, fixes, &["tile H6 H5", "pass", "pass"]);
    assert_labels(
        &buy,
        &[
            ("buy 2", "Buy market card 2: Conjure 10 / Bank −2 — 3 gold"),
            ("pass", "Pass (buy nothing)"),
        ],
    );
    let acquire: Pandoria = set_up(STANDARD, 2, fixes, &["tile H6 H5", "pass", "spell 7"]);
    assert_labels(
        &acquire,
        &[
            ("take 2", "Take market card 2: Conjure 10 / Bank −2 (free)"),
            ("pass", "Pass (take no card)"),
        ],
    );
    let adopt: Pandoria = set_up(STANDARD, 2, fixes, &["tile H6 H5", "pass", "spell 9"]);
    assert_labels(
        &adopt,
        &[
            ("adopt blue", "Adopt Blue's Rage ×2"),
            ("pass", "Pass (adopt no spell)"),
        ],
    );
}

#[test]
fn pandoria_realm_words_follow_mode_and_edition() {
    for (options, want) in [
        (
            &[("mode", "standard"), ("realms", "each_chooses")][..],
            "Play the Elves — start with 8 crystals, 3 gold, 4 wood",
        ),
        (
            &[
                ("mode", "standard"),
                ("realms", "each_chooses"),
                ("edition", "second"),
            ][..],
            "Play the Elves — start with 6 crystals, 2 gold, 4 wood",
        ),
        (
            &[("mode", "beginner"), ("realms", "each_chooses")][..],
            "Play the Elves — start with 6 crystals, 3 gold, 4 wood",
        ),
    ] {
        let game: Pandoria = set_up(options, 3, &["start-player 1"], &[]);
        assert_labels(&game, &[("realm elves", want)]);
    }
}

#[test]
fn pandoria_placements_are_grouped_by_the_spaces_they_cover() {
    use turnpost_core::dynamic::DynGame;
    // The opening: every placement of the hand tile, and every castle, sits under each space
    // it covers; one space holds its six neighbours both ways round at most, and a castle.
    let game: Pandoria = set_up(STANDARD, 2, HUMANS_AT_THE_START, &[]);
    let groups = groups_of(&game);
    let legal = game.legal_notations(Seat(0));
    assert!(legal.len() > 25, "{} placements", legal.len());
    for (key, description, members) in &groups {
        assert!(members.len() <= 13, "{key}: {members:?}");
        for m in members {
            assert!(m.split(' ').skip(1).any(|h| h == key), "{m} under {key}");
        }
        assert!(
            description.contains("placement") || description.contains("castle"),
            "{description}"
        );
    }
    let h6 = groups.iter().find(|(k, _, _)| k == "H6").unwrap();
    assert!(h6.2.contains(&"tile H6 H5".to_string()));
    assert!(h6.2.contains(&"tile H5 H6".to_string()));
    assert!(h6.2.contains(&"castle H6".to_string()));
    // After a worker on H6, the spaces next to it come first and say so.
    let mut game: Pandoria = set_up(
        STANDARD,
        2,
        HUMANS_AT_THE_START,
        &["tile H6 H5", "worker H6"],
    );
    while let Some(d) = Game::decision(&game) {
        let legal = game.legal_actions(d.seat);
        if d.seat == Seat(0) && legal.iter().any(|a| a.to_string().starts_with("tile")) {
            break;
        }
        let action = *legal
            .iter()
            .find(|a| a.to_string() == "pass")
            .unwrap_or(&legal[0]);
        game.apply(d.seat, &action).unwrap();
    }
    let groups = groups_of(&game);
    let near = groups
        .iter()
        .take_while(|(_, d, _)| d.contains("next to your"))
        .count();
    assert!(near > 0, "{groups:?}");
    assert!(
        groups[near..]
            .iter()
            .all(|(_, d, _)| !d.contains("next to your")),
        "the spaces next to one's figures come first"
    );
    assert!(
        groups[..near]
            .iter()
            .all(|(_, d, _)| d.ends_with("next to your worker on H6")),
        "{:?}",
        &groups[..near]
    );
}

#[test]
fn pandoria_card_plays_are_grouped_by_card() {
    let game: Pandoria = set_up(STANDARD, 2, HUMANS_AT_THE_START, &["tile H6 H5", "pass"]);
    let groups = groups_of(&game);
    let keys: Vec<&str> = groups.iter().map(|(k, _, _)| k.as_str()).collect();
    assert_eq!(
        keys,
        ["card10", "card11", "card18", "card37", "monument"],
        "{groups:?}"
    );
    for (key, _, members) in &groups[..2] {
        let id = &key[4..];
        assert!(
            members.iter().all(|m| m.split(' ').nth(1) == Some(id)),
            "{key}: {members:?}"
        );
    }
}
