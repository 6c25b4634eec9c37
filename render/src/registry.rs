//! The games render can draw: one picture provider ([`Pictures`]) per game, keyed by the
//! names of `turnpost_core::registry`. A view comes in typed with its type erased
//! (`AnyView`); the game's provider downcasts it to the game's own view type, so nothing
//! here reads JSON.
//!
//! Adding a game is a render module with a [`GamePictures`] provider and one line in the
//! built-in list of [`providers`]; a game that is not compiled into the library (the
//! test-only game of the contract tests) is added at run time with [`register`].

use std::sync::{OnceLock, PoisonError, RwLock};

pub use crate::png::pictures::{GamePictures, Pictures};
pub use crate::png::summary::{ResultLine, SeatLine, SinceLine, Summary, dotted};
pub use image::RgbImage;

use crate::png::{self, RenderError};

/// The registered providers: the built-in ones, then those added with [`register`]. The
/// list is replaced, never changed in place, so a lookup copies one pointer under a read
/// lock (contended only while a game is being added).
fn registered() -> &'static RwLock<&'static [&'static dyn Pictures]> {
    /// **Add a game here** (one line), in the order of `turnpost_core::registry::games`.
    static BUILT_IN: &[&dyn Pictures] = &[&png::pandoria::PICTURES, &png::rtta::PICTURES];
    static PROVIDERS: OnceLock<RwLock<&'static [&'static dyn Pictures]>> = OnceLock::new();
    PROVIDERS.get_or_init(|| RwLock::new(BUILT_IN))
}

/// Every game's pictures.
pub fn providers() -> &'static [&'static dyn Pictures] {
    *registered().read().unwrap_or_else(PoisonError::into_inner)
}

/// Adds the pictures of a game that is not compiled into the library (a test-only game).
/// Returns `false` and changes nothing when the game already has pictures, so every test
/// may register the game it needs. A renderer built before prepares nothing for it
/// ([`Pictures::prepare`] is optional).
pub fn register(pictures: &'static dyn Pictures) -> bool {
    let mut providers = registered().write().unwrap_or_else(PoisonError::into_inner);
    if providers.iter().any(|p| p.game() == pictures.game()) {
        return false;
    }
    // The old list stays alive: readers may still hold it. A game is added once per process.
    let mut grown = providers.to_vec();
    grown.push(pictures);
    *providers = Box::leak(grown.into_boxed_slice());
    true
}

/// The pictures of the game with this name (as in `turnpost_core::registry`).
pub fn find(game: &str) -> Option<&'static dyn Pictures> {
    providers().iter().copied().find(|p| p.game() == game)
}

/// Whether render can draw the game with this name.
pub fn has_pictures(game: &str) -> bool {
    find(game).is_some()
}

/// The provider of `game`, or [`RenderError::UnknownGame`].
pub(crate) fn provider(game: &str) -> Result<&'static dyn Pictures, RenderError> {
    find(game).ok_or_else(|| RenderError::UnknownGame(game.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn providers_have_unique_names() {
        let mut names: Vec<&str> = providers().iter().map(|p| p.game()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), providers().len());
        assert!(has_pictures("pandoria") && has_pictures("rtta"));
        assert!(!has_pictures("chess"));
    }
}
