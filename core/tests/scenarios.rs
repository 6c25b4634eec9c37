//! Runs every scenario file under `tests/scenarios/<game>/` (see `turnpost_core::scenario`
//! for the format) for every registered game, the test-only ones included, and reports each
//! failing file with its line. A registered game without a scenario that ran fails.

#[path = "support/games.rs"]
mod games;

use std::path::Path;

/// Runs the scenarios of `game`'s folder; returns how many ran, and the failures.
fn run_folder(game: &str) -> (usize, Vec<String>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(game);
    let mut files: Vec<_> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    let mut ran = 0;
    let mut failures = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(file).unwrap();
        match turnpost_core::scenario::run(&text) {
            Ok(run) if run.game.name() == game => ran += 1,
            Ok(run) => failures.push(format!(
                "{game}/{name}: plays {}, not the game of its folder",
                run.game.name()
            )),
            Err(e) => failures.push(format!("{game}/{name}: {e}")),
        }
    }
    (ran, failures)
}

#[test]
fn every_registered_game_passes_its_scenarios() {
    let mut failures = Vec::new();
    let mut counts = Vec::new();
    for info in games::games() {
        let (ran, failed) = run_folder(info.name);
        counts.push((info.name, ran));
        failures.extend(failed);
    }
    assert!(
        failures.is_empty(),
        "{} scenarios failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let none: Vec<&str> = counts
        .iter()
        .filter(|(_, ran)| *ran == 0)
        .map(|(name, _)| *name)
        .collect();
    assert!(
        none.is_empty(),
        "no scenario ran for {none:?}: add files under tests/scenarios/<game>/ (ran: {counts:?})"
    );
}

#[test]
fn the_test_only_game_is_registered_and_its_scenarios_are_counted() {
    let names: Vec<&str> = games::games().iter().map(|g| g.name).collect();
    assert!(names.contains(&"nim"), "{names:?}");
    let (ran, failures) = run_folder("nim");
    assert!(ran >= 2 && failures.is_empty(), "{ran} ran, {failures:?}");
    // A folder with no scenario counts none, so the check above can fail.
    assert_eq!(run_folder("no-such-game"), (0, Vec::new()));
}
