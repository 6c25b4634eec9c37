//! Every game the tests cover: the registry's, with the test-only game added (Secret Nim,
//! `nim.rs`, which is compiled into no library). A test that covers "every game" walks
//! [`games`], so a new game is played by it without an edit here or there.

use turnpost_core::registry::{self, GameInfo};

#[path = "nim.rs"]
pub mod nim;

/// Every registered game, after registering the test-only ones (one line each).
pub fn games() -> &'static [GameInfo] {
    nim::register();
    registry::games()
}
