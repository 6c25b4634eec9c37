//! What every choice of every game must satisfy, shared by the choice tests
//! (`choices.rs` walks every registered game through the type-erased game,
//! `choices_pandoria.rs` and `choices_rtta.rs` add each game's own words): labels, the
//! type-erased choices and the panel's layout, and games played to the end checking them.
#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::dynamic::DynGame;
use turnpost_core::game::MAX_LABEL_CHARS;
use turnpost_core::words::ToText;
use turnpost_core::{Game, Seat, Seed};

/// Games per configuration.
pub fn games_per_configuration() -> u64 {
    u64::from(super::support::cases(32) / 16)
}

/// One label per kind of action seen, for `TURNPOST_SHOW_LABELS`.
pub type Examples = BTreeMap<String, (String, String)>;

/// What every label of every game must satisfy, for the legal actions of `seat` now.
pub fn check_decision<G: Game>(
    game: &G,
    seat: Seat,
    extra: &dyn Fn(&G, &G::Action, &str),
    examples: &mut Examples,
) {
    let legal = game.legal_actions(seat);
    let labelled: Vec<(String, String)> = legal
        .iter()
        .map(|a| (a.to_string(), game.describe_action(seat, a).to_string()))
        .collect();
    for (action, (_, label)) in legal.iter().zip(&labelled) {
        extra(game, action, label);
    }
    let prompt = game
        .decision()
        .map(|d| d.kind.to_text().to_string())
        .unwrap_or_default();
    check_labels(G::NAME, &prompt, &labelled, examples);
}

/// The labels of one decision's legal actions, as (notation, label): each non-empty, fits a
/// Discord button, is not cut, is not the notation and does not repeat it, and differs from
/// every other label of the decision.
pub fn check_labels(
    game: &str,
    prompt: &str,
    labelled: &[(String, String)],
    examples: &mut Examples,
) {
    let mut seen: HashMap<&str, &str> = HashMap::new();
    for (notation, label) in labelled {
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
        if let Some(other) = seen.insert(label, notation) {
            panic!("two legal actions read \"{label}\": {other} and {notation} ({prompt})");
        }
        let mut kind: Vec<&str> = notation
            .split_whitespace()
            .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
            .collect();
        kind.truncate(2);
        let prompt: String = prompt.chars().filter(|c| !c.is_ascii_digit()).collect();
        let key = format!(
            "{game} | {prompt} | {}",
            if notation.contains(" with ") {
                format!("{} with", kind[0])
            } else {
                kind.join(" ")
            }
        );
        examples
            .entry(key)
            .or_insert((notation.clone(), label.clone()));
    }
}

/// The same labels through the type-erased game: `legal_choices` in the order of
/// `legal_notations`, and `describe_notation` for each notation (and `None` for text that is
/// not legal).
pub fn check_dyn<G: Game>(game: &G, seat: Seat) {
    let dyn_game: &dyn DynGame = game;
    for (choice, action) in dyn_game
        .legal_choices(seat)
        .iter()
        .zip(game.legal_actions(seat))
    {
        assert_eq!(choice.label, game.describe_action(seat, &action));
    }
    check_erased(dyn_game, seat);
}

/// The type-erased choices of `seat` now: `legal_choices` in the order of `legal_notations`,
/// `describe_notation` gives each label (and `None` for text that is not legal, or for
/// another seat), and the panel's layout keeps its promises ([`check_menu`]).
pub fn check_erased(dyn_game: &dyn DynGame, seat: Seat) {
    let choices = dyn_game.legal_choices(seat);
    let notations = dyn_game.legal_notations(seat);
    assert_eq!(
        choices
            .iter()
            .map(|c| c.notation.clone())
            .collect::<Vec<_>>(),
        notations
    );
    for choice in &choices {
        assert_eq!(
            dyn_game
                .describe_notation(seat, &choice.notation)
                .map(|t| t.to_string()),
            Some(choice.label.to_string())
        );
    }
    assert_eq!(dyn_game.describe_notation(seat, "no such action"), None);
    check_menu(dyn_game, seat);
    let other = Seat(((seat.index() + 1) % dyn_game.players()) as u8);
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
pub fn check_menu(game: &dyn turnpost_core::dynamic::DynGame, seat: Seat) {
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
pub fn play<G: Game>(
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

/// Plays a type-erased game to the end with the same choice of actions as [`play`],
/// checking the labels of every decision and the erased choices every seventh.
pub fn play_erased(mut game: Box<dyn DynGame>, seed: u64, examples: &mut Examples) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut decisions = 0;
    while let Some(d) = game.decision() {
        let labelled: Vec<(String, String)> = game
            .legal_choices(d.seat)
            .into_iter()
            .map(|c| (c.notation, c.label.to_string()))
            .collect();
        check_labels(game.name(), &d.prompt.to_string(), &labelled, examples);
        if decisions % 7 == 0 {
            check_erased(&*game, d.seat);
        }
        let busy: Vec<&(String, String)> = labelled
            .iter()
            .filter(|(n, _)| !matches!(n.as_str(), "pass" | "done"))
            .collect();
        let notation = if !busy.is_empty() && rng.random_bool(0.8) {
            busy[rng.random_range(0..busy.len())].0.clone()
        } else {
            labelled[rng.random_range(0..labelled.len())].0.clone()
        };
        game.play(d.seat, &notation)
            .unwrap_or_else(|e| panic!("{notation}: {e}"));
        decisions += 1;
        assert!(decisions < 20_000, "the game does not end");
    }
    decisions
}

pub fn show(examples: &Examples) {
    if std::env::var_os("TURNPOST_SHOW_LABELS").is_some() {
        for (kind, (notation, label)) in examples {
            eprintln!("{kind}\n    {notation:28} {label}");
        }
    }
}

/// A game of `G` set up with options, fixtures and actions (each by whoever must decide).
pub fn set_up<G: Game>(
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
pub fn label<G: Game>(game: &G, notation: &str) -> String {
    let seat = game.decision().expect("a decision").seat;
    let action = game.parse_action(notation).unwrap();
    assert!(
        game.legal_actions(seat).contains(&action),
        "{notation} is not legal now"
    );
    game.describe_action(seat, &action).to_string()
}

/// Asserts the labels of legal actions given as notation.
pub fn assert_labels<G: Game>(game: &G, expected: &[(&str, &str)]) {
    for (notation, want) in expected {
        assert_eq!(label(game, notation), *want, "{notation}");
    }
}

/// The groups of a grouped layout as (key, label, description, member notations).
pub fn groups_of(game: &dyn turnpost_core::dynamic::DynGame) -> Vec<(String, String, Vec<String>)> {
    let seat = game.decision().unwrap().seat;
    let menu = game.menu(seat);
    match &menu.layout {
        turnpost_core::menu::Layout::Grouped { groups, .. } => groups
            .iter()
            .map(|g| {
                (
                    g.key.clone(),
                    g.description
                        .as_ref()
                        .map(ToString::to_string)
                        .unwrap_or_default(),
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
