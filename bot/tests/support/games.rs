//! The test-only game for the bot's tests: Secret Nim's rules (core's test support) and
//! pictures (render's test support), registered with one line per registry. Register before
//! the bot starts: it builds `/new` from the registry then.
#![allow(dead_code)]

#[path = "../../../core/tests/support/nim.rs"]
pub mod nim;
#[path = "../../../render/tests/support/nim_pictures.rs"]
pub mod nim_pictures;

/// Adds the test-only games to core's and render's registries (once per process).
pub fn register() {
    nim::register();
    nim_pictures::register();
}
