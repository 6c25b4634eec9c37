//! The arrows of `shared/ARCHITECTURE.md` that the compiler does not enforce: the Discord
//! adapter talks to the table only (never to the store, not even through a re-export), the
//! table never reaches into a front end (the command line, the terminal, Discord), and no
//! modules of `bot`, `core` or `render` import each other in a loop ([`graph`]).

mod graph;

use std::path::{Path, PathBuf};

use graph::{Crate, crate_files, is_function};

fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// Lines of the files under `dir` that contain any of `forbidden` (comments included: a
/// comment naming the store is fine to reword).
fn offenders(dir: &str, forbidden: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let files = sources(&root);
    assert!(!files.is_empty(), "no sources under {}", root.display());
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if forbidden.iter().any(|f| line.contains(f)) {
                out.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    out
}

#[test]
fn the_discord_adapter_talks_to_the_table_only() {
    let found = offenders("src/discord", &["crate::store", ".store()", "Store::"]);
    assert!(
        found.is_empty(),
        "the adapter reaches the store:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_terminal_front_ends_talk_to_the_table_only() {
    let mut found = Vec::new();
    for file in ["src/local.rs", "src/selfplay.rs", "src/cli.rs"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            if ["crate::store", ".store()", "Store::"]
                .iter()
                .any(|f| line.contains(f))
            {
                found.push(format!("{file}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a terminal front end reaches the store:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_table_reaches_into_no_front_end() {
    let found = offenders(
        "src/table",
        &["crate::cli", "crate::discord", "crate::local", "serenity"],
    );
    assert!(
        found.is_empty(),
        "the table depends on a front end:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_what_it_looks_for() {
    // The scan is not vacuous: the table itself does use the store.
    assert!(!offenders("src/table", &["crate::store"]).is_empty());
}

#[test]
fn every_registered_game_has_pictures_help_scenarios_and_a_property_test() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests");
    for game in turnpost_core::registry::games() {
        assert!(
            turnpost_render::registry::has_pictures(game.name),
            "{} has no picture provider in render's registry",
            game.name
        );
        assert!(
            game.help.to_string().lines().count() >= 2,
            "{} has no help text",
            game.name
        );
        let scenarios = core.join("scenarios").join(game.name);
        let count = std::fs::read_dir(&scenarios)
            .map(|d| d.filter(|e| e.is_ok()).count())
            .unwrap_or(0);
        assert!(
            count > 0,
            "{} has no scenario files in {}",
            game.name,
            scenarios.display()
        );
        let props = core.join(format!("{}_props.rs", game.name));
        let text = std::fs::read_to_string(&props)
            .unwrap_or_else(|_| panic!("{} has no property test {}", game.name, props.display()));
        assert!(
            text.contains("proptest!"),
            "{} is not a property test",
            props.display()
        );
    }
}

#[test]
fn no_front_end_or_table_matches_on_a_game_name() {
    // A game is found through the registries, never by its name in a `match` or an `if`:
    // adding a game must not mean editing the bot.
    let mut found = Vec::new();
    for game in turnpost_core::registry::games() {
        for pattern in [
            format!("\"{}\" =>", game.name),
            format!("== \"{}\"", game.name),
            format!("!= \"{}\"", game.name),
        ] {
            found.extend(offenders("src", &[pattern.as_str()]));
        }
    }
    assert!(
        found.is_empty(),
        "the bot decides by a game's name:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_import_loop_in_bot_core_or_render() {
    let mut found = Vec::new();
    for root in ["bot", "core", "render"] {
        found.extend(Crate::new(crate_files(root)).loops(&[]));
    }
    assert!(
        found.is_empty(),
        "modules import each other in a loop:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_adapter_names_no_store_type_even_through_a_re_export() {
    let found = Crate::new(crate_files("bot")).reaching(&["discord"], &["store"], |_| true);
    assert!(
        found.is_empty(),
        "the adapter reaches the store:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_store_applies_no_league_rule_of_its_own() {
    // The store reads and writes the league's words (terms, policies, phases, ratings) as
    // columns; the rules (the rating rule, a policy's meaning) are the league's, handed to
    // the store by the table, so the store names no function or module of the league.
    let found = Crate::new(crate_files("bot")).reaching(&["store"], &["league"], is_function);
    assert!(
        found.is_empty(),
        "the store calls into the league:\n{}",
        found.join("\n")
    );
}
