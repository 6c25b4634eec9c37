//! Every choice is named in words (issue 12): random games of every Pandoria mode and of
//! Roll Through the Ages, played to the end, check at every decision that each legal action's
//! label is non-empty, fits a Discord button (80 characters), is not the notation itself,
//! names the cards, buildings and developments it is about, and differs from every other
//! label of the decision; that `DynGame::legal_choices` and `describe_notation` agree with
//! `Game::describe_action`; and that a Pandoria seat's words stay the same whatever the
//! others hold in secret. Exact labels of representative actions are pinned below.
//!
//! Two games per configuration by default; `TURNPOST_PROPTEST_CASES=N` plays more (N / 16
//! per configuration). `TURNPOST_SHOW_LABELS=1` prints one label per kind of
//! action seen.

// Only the case count is used here, not the proptest configuration.
#[allow(dead_code)]
mod support;

use std::collections::{BTreeMap, HashMap};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::game::MAX_LABEL_CHARS;
use turnpost_core::pandoria::{
    self, Edition, Mode, Pandoria, Realm, RealmAssignment, StartTiles, cards,
};
use turnpost_core::rtta::{self, Rtta};
use turnpost_core::{Game, Seat, Seed};

/// Games per configuration.
fn games_per_configuration() -> u64 {
    u64::from(support::cases(32) / 16)
}

/// One label per kind of action seen, for `TURNPOST_SHOW_LABELS`.
type Examples = BTreeMap<String, (String, String)>;

/// What every label of every game must satisfy, for the legal actions of `seat` now.
fn check_decision<G: Game>(
    game: &G,
    seat: Seat,
    extra: &dyn Fn(&G, &G::Action, &str),
    examples: &mut Examples,
) {
    let legal = game.legal_actions(seat);
    let mut seen: HashMap<String, String> = HashMap::new();
    for action in &legal {
        let label = game.describe_action(seat, action);
        let notation = action.to_string();
        assert!(!label.trim().is_empty(), "{notation}: empty label");
        assert!(
            label.chars().count() <= MAX_LABEL_CHARS,
            "{notation}: {} characters: {label}",
            label.chars().count()
        );
        assert!(!label.ends_with('…'), "{notation}: label cut: {label}");
        assert_ne!(
            label.to_lowercase(),
            notation.to_lowercase(),
            "bare notation"
        );
        if notation.contains(' ') && notation.chars().any(|c| c.is_ascii_digit()) {
            assert!(
                !label.to_lowercase().contains(&notation.to_lowercase()),
                "{notation}: the label repeats the notation: {label}"
            );
        }
        extra(game, action, &label);
        if let Some(other) = seen.insert(label.clone(), notation.clone()) {
            panic!(
                "two legal actions read \"{label}\": {other} and {notation} ({})",
                game.decision()
                    .map(|d| d.kind.to_string())
                    .unwrap_or_default()
            );
        }
        let mut kind: Vec<&str> = notation
            .split_whitespace()
            .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
            .collect();
        kind.truncate(2);
        let prompt: String = game
            .decision()
            .map(|d| d.kind.to_string())
            .unwrap_or_default()
            .chars()
            .filter(|c| !c.is_ascii_digit())
            .collect();
        let key = format!(
            "{} | {prompt} | {}",
            G::NAME,
            if notation.contains(" with ") {
                format!("{} with", kind[0])
            } else {
                kind.join(" ")
            }
        );
        examples.entry(key).or_insert((notation, label));
    }
}

/// The same labels through the type-erased game: `legal_choices` in the order of
/// `legal_notations`, and `describe_notation` for each notation (and `None` for text that is
/// not legal).
fn check_dyn<G: Game>(game: &G, seat: Seat) {
    use turnpost_core::dynamic::DynGame;
    let dyn_game: &dyn DynGame = game;
    let choices = dyn_game.legal_choices(seat);
    let notations = dyn_game.legal_notations(seat);
    assert_eq!(
        choices
            .iter()
            .map(|c| c.notation.clone())
            .collect::<Vec<_>>(),
        notations
    );
    for (choice, action) in choices.iter().zip(game.legal_actions(seat)) {
        assert_eq!(choice.label, game.describe_action(seat, &action));
        assert_eq!(
            dyn_game
                .describe_notation(seat, &choice.notation)
                .as_deref(),
            Some(choice.label.as_str())
        );
    }
    assert_eq!(dyn_game.describe_notation(seat, "no such action"), None);
    check_menu(dyn_game, seat);
    let other = Seat(((seat.index() + 1) % game.players()) as u8);
    if other != seat
        && let Some(first) = notations.first()
    {
        assert_eq!(dyn_game.describe_notation(other, first), None);
    }
}

/// The panel's layout of the decision ([`DynGame::menu`]) keeps its promises: the same
/// choices as `legal_choices`; groups within Discord's limits; every legal action reachable
/// (beside the groups, in a group, or as the action of some set of toggled items); and a set
/// of toggles stands only for a legal action that the layout covers, never with a locked item.
fn check_menu(game: &dyn turnpost_core::dynamic::DynGame, seat: Seat) {
    use turnpost_core::menu::Layout;
    let menu = game.menu(seat);
    menu.check().unwrap_or_else(|e| panic!("{e}: {menu:?}"));
    assert_eq!(menu.choices, game.legal_choices(seat));
    let mut reachable: std::collections::BTreeSet<String> =
        menu.others().iter().map(|c| c.notation.clone()).collect();
    match &menu.layout {
        Layout::List => {}
        Layout::Grouped { groups, .. } => {
            for g in groups {
                reachable.extend(g.members.iter().map(|&i| menu.choices[i].notation.clone()));
            }
        }
        Layout::Toggles { items, covered, .. } => {
            let covered: std::collections::BTreeSet<String> = covered
                .iter()
                .map(|&i| menu.choices[i].notation.clone())
                .collect();
            for mask in 0u32..(1 << items.len()) {
                let selected: Vec<usize> =
                    (0..items.len()).filter(|&i| mask & (1 << i) != 0).collect();
                let picked = game.toggled_choice(seat, &selected);
                if selected.iter().any(|&i| items[i].locked) {
                    assert_eq!(picked, None, "a locked item was toggled: {selected:?}");
                    continue;
                }
                if let Some(choice) = picked {
                    assert!(
                        covered.contains(&choice.notation),
                        "{selected:?} stands for {}, which the layout does not cover",
                        choice.notation
                    );
                    assert!(menu.choices.contains(&choice));
                    reachable.insert(choice.notation);
                }
            }
        }
    }
    let all: std::collections::BTreeSet<String> =
        menu.choices.iter().map(|c| c.notation.clone()).collect();
    assert_eq!(reachable, all, "some legal action cannot be reached");
}

/// Plays `game` to the end, choosing among the legal actions with `seed` (preferring actions
/// other than `pass` and `done`, so that spells and purchases are played), checking every
/// decision.
fn play<G: Game>(
    mut game: G,
    seed: u64,
    extra: &dyn Fn(&G, &G::Action, &str),
    now_and_then: &dyn Fn(&G, Seat, &mut ChaCha8Rng),
    examples: &mut Examples,
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut decisions = 0;
    while let Some(d) = game.decision() {
        check_decision(&game, d.seat, extra, examples);
        if decisions % 7 == 0 {
            check_dyn(&game, d.seat);
            now_and_then(&game, d.seat, &mut rng);
        }
        let legal = game.legal_actions(d.seat);
        let busy: Vec<&G::Action> = legal
            .iter()
            .filter(|a| !matches!(a.to_string().as_str(), "pass" | "done"))
            .collect();
        let action = if !busy.is_empty() && rng.random_bool(0.8) {
            busy[rng.random_range(0..busy.len())].clone()
        } else {
            legal[rng.random_range(0..legal.len())].clone()
        };
        game.apply(d.seat, &action)
            .unwrap_or_else(|e| panic!("{action}: {e}"));
        decisions += 1;
        assert!(decisions < 20_000, "the game does not end");
    }
    decisions
}

fn show(examples: &Examples) {
    if std::env::var_os("TURNPOST_SHOW_LABELS").is_some() {
        for (kind, (notation, label)) in examples {
            eprintln!("{kind}\n    {notation:28} {label}");
        }
    }
}

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
            .map(|a| g.describe_action(seat, a))
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

/// A game of `G` set up with options, fixtures and actions (each by whoever must decide).
fn set_up<G: Game>(
    options: &[(&str, &str)],
    players: usize,
    fixes: &[&str],
    actions: &[&str],
) -> G {
    let pairs: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let options: G::Options = turnpost_core::game::options_from_pairs(&pairs).unwrap();
    let mut game = G::new(&options, players, Seed::from_u64(1)).unwrap();
    for fix in fixes {
        let (key, value) = fix.split_once(' ').unwrap_or((fix, ""));
        game.fix(key, value)
            .unwrap_or_else(|e| panic!("fix {fix}: {e}"));
    }
    for text in actions {
        let seat = game.decision().expect("a decision").seat;
        let action = game.parse_action(text).unwrap();
        game.apply(seat, &action)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game
}

/// The label of a legal action of the seat to act, given as notation.
fn label<G: Game>(game: &G, notation: &str) -> String {
    let seat = game.decision().expect("a decision").seat;
    let action = game.parse_action(notation).unwrap();
    assert!(
        game.legal_actions(seat).contains(&action),
        "{notation} is not legal now"
    );
    game.describe_action(seat, &action)
}

/// Asserts the labels of legal actions given as notation.
fn assert_labels<G: Game>(game: &G, expected: &[(&str, &str)]) {
    for (notation, want) in expected {
        assert_eq!(label(game, notation), *want, "{notation}");
    }
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
            game.describe_notation(Seat(0), "spell teleport").as_deref(),
            Some("Cast Teleport 1 — 2 crystals")
        );
        assert_eq!(game.describe_notation(Seat(0), "spell rage"), None);
        assert_eq!(game.describe_notation(Seat(1), "pass"), None);
        let placing: Pandoria = set_up(STANDARD, 2, HUMANS_AT_THE_START, &[]);
        assert_eq!(
            placing
                .describe_notation(Seat(0), "H6–H5 · forest 1 · city 1")
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

/// The groups of a grouped layout as (key, label, description, member notations).
fn groups_of(game: &dyn turnpost_core::dynamic::DynGame) -> Vec<(String, String, Vec<String>)> {
    let seat = game.decision().unwrap().seat;
    let menu = game.menu(seat);
    match &menu.layout {
        turnpost_core::menu::Layout::Grouped { groups, .. } => groups
            .iter()
            .map(|g| {
                (
                    g.key.clone(),
                    g.description.clone(),
                    g.members
                        .iter()
                        .map(|&i| menu.choices[i].notation.clone())
                        .collect(),
                )
            })
            .collect(),
        other => panic!("not grouped: {other:?}"),
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

#[test]
fn rtta_dice_are_toggles_and_skulls_stay_locked() {
    use turnpost_core::dynamic::DynGame;
    use turnpost_core::menu::Layout;
    let game: Rtta = set_up(&[], 2, &["start-player 1", "dice food coins skull"], &[]);
    let menu = game.menu(Seat(0));
    let Layout::Toggles { items, .. } = &menu.layout else {
        panic!("{menu:?}");
    };
    let shown: Vec<(&str, bool)> = items.iter().map(|i| (i.label.as_str(), i.locked)).collect();
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
    let others: Vec<&str> = menu.others().iter().map(|c| c.label.as_str()).collect();
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
    let pick = |dice: &[usize]| choose.toggled_choice(Seat(0), dice).map(|c| c.label);
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
