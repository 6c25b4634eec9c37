//! The registry's promises for every registered game (the test-only one included): unique
//! names, help text, and options whose defaults and single choices set up a game.

#[path = "support/games.rs"]
mod games;

use turnpost_core::Seed;
use turnpost_core::registry::{self, GameInfo, OptionKind};

#[test]
fn names_are_unique_and_every_choice_and_default_sets_up_a_game() {
    let mut names: Vec<&str> = games::games().iter().map(|g| g.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), games::games().len(), "two games share a name");
    for g in games::games() {
        assert!(
            !g.help.to_string().trim().is_empty(),
            "{} has no help text",
            g.name
        );
        let players = *g.players.end();
        // The defaults read back, and every single choice is accepted as an option.
        g.new_game(&[], players, Seed::from_u64(1))
            .unwrap_or_else(|e| panic!("{} with defaults: {e}", g.name));
        for o in &g.options {
            assert!(
                g.defaults.iter().any(|(k, _)| *k == o.key),
                "{}: option {} is not a field of the options",
                g.name,
                o.key
            );
            let values: Vec<String> = match &o.kind {
                OptionKind::Choice(c) => c.iter().map(|c| c.value.to_string()).collect(),
                OptionKind::Flag => vec!["true".into(), "false".into()],
            };
            for v in values {
                let pairs = [(o.key.to_string(), v.clone())];
                // Some single choices need a companion option (a chosen realm); the
                // value itself must still read as an option.
                match g.new_game(&pairs, players, Seed::from_u64(2)) {
                    Ok(game) => assert!(game.decision().is_some_and(|d| d.seat.0 < 4)),
                    Err(e) => assert!(
                        !e.0.to_string().contains("bad option")
                            && !e.0.to_string().contains("unknown option"),
                        "{} {}={v}: {e}",
                        g.name,
                        o.key
                    ),
                }
            }
        }
    }
}

#[test]
fn a_registered_game_is_found_once_and_registering_again_changes_nothing() {
    let before = games::games().len();
    assert!(registry::find("nim").is_ok());
    assert!(!registry::register(GameInfo::of::<games::nim::Nim>()));
    assert_eq!(registry::games().len(), before);
    let e = registry::find("chess").unwrap_err();
    assert!(e.0.to_string().contains("nim"), "{e}");
}
