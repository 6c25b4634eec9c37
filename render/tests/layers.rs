//! Render's modules depend one way (issue 29): `png` (drawing and each game's provider) names
//! neither the registry, the renderer nor `text`; no module reaches itself again through
//! `crate::` paths.

#[path = "../../core/tests/support/layers.rs"]
mod layers;

use std::path::Path;

#[test]
fn render_has_no_import_loop() {
    let arrows = layers::arrows(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(arrows["renderer"].contains("registry"), "{arrows:?}");
    let found = layers::loops(&arrows);
    assert!(found.is_empty(), "arrows that close a loop: {found:?}");
}
