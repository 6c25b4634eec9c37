//! Every game the render tests cover: the registries', with the test-only game added
//! (Secret Nim: its rules from core's test support, its pictures from `nim_pictures.rs`).
//! A test that covers "every game" walks [`games`].
#![allow(dead_code)]

use turnpost_core::registry::{self, GameInfo};

#[path = "../../../core/tests/support/nim.rs"]
pub mod nim;
#[path = "nim_pictures.rs"]
pub mod nim_pictures;

/// Every registered game, after registering the test-only ones (one line per registry).
pub fn games() -> &'static [GameInfo] {
    nim::register();
    nim_pictures::register();
    registry::games()
}
