//! Core's modules depend one way (issue 29): `game` names nothing of the registry or the
//! type-erased game, `dynamic` looks no game up, and no module reaches itself again through
//! `crate::` paths.

#[path = "support/layers.rs"]
mod layers;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

#[test]
fn core_has_no_import_loop() {
    let arrows = layers::arrows(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(arrows["registry"].contains("dynamic"), "{arrows:?}");
    let found = layers::loops(&arrows);
    assert!(found.is_empty(), "arrows that close a loop: {found:?}");
}

#[test]
fn the_check_finds_a_loop() {
    let arrow = |a: &str, b: &[&str]| {
        (
            a.to_string(),
            b.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>(),
        )
    };
    let looped: BTreeMap<_, _> = [
        arrow("game", &["registry"]),
        arrow("registry", &["dynamic"]),
        arrow("dynamic", &["game"]),
        arrow("scenario", &["game"]),
    ]
    .into_iter()
    .collect();
    assert_eq!(
        layers::loops(&looped),
        ["dynamic -> game", "game -> registry", "registry -> dynamic"]
    );
}
