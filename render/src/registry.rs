//! The games render can draw: one picture provider ([`Pictures`]) per game, keyed by the
//! names of `turnpost_core::registry`. A view comes in typed with its type erased
//! ([`AnyView`]); the game's provider downcasts it to the game's own view type, so nothing
//! here reads JSON.
//!
//! Adding a game is a render module with a [`Pictures`] provider and one line in
//! [`providers`].

use std::any::type_name;

use image::RgbImage;
use turnpost_core::Seat;
use turnpost_core::dynamic::AnyView;

use crate::png::{self, Fonts, RenderError};

/// What render knows how to draw for one game.
pub trait Pictures: Send + Sync + std::fmt::Debug {
    /// The game's name, as in `turnpost_core::registry` (`pandoria`).
    fn game(&self) -> &'static str;

    /// Builds the game's static art and warms the glyph cache of `fonts` with the game's
    /// text sizes, so the first picture is as quick as the others. Drawing works without
    /// it; [`Renderer::new`](crate::Renderer::new) calls it for every game.
    fn prepare(&self, fonts: &Fonts) {
        let _ = fonts;
    }

    /// The public picture of the game's public view.
    fn public(&self, fonts: &Fonts, view: &dyn AnyView) -> Result<RgbImage, RenderError>;

    /// The glance picture of the public view (see `png/summary.rs`): whose turn and
    /// what to do, every seat's points and stock, what happened since the player to act
    /// last played — in text that reads on a phone.
    fn summary(&self, fonts: &Fonts, view: &dyn AnyView) -> Result<RgbImage, RenderError>;

    /// A seat's private pictures as (file name, image); empty for games without secrets.
    fn private(
        &self,
        fonts: &Fonts,
        seat_view: &dyn AnyView,
    ) -> Result<Vec<(String, RgbImage)>, RenderError>;

    /// The words of the public pictures (their alt text), from the public view only:
    /// `[glance, board]`.
    fn public_alt(&self, view: &dyn AnyView) -> Result<[String; 2], RenderError>;

    /// The words of each private picture (its alt text) as (file name, words), in the
    /// order and with the names of [`Pictures::private`].
    fn private_alt(&self, seat_view: &dyn AnyView) -> Result<Vec<(String, String)>, RenderError>;

    /// The public view as text (terminal).
    fn public_text(&self, view: &dyn AnyView) -> Result<String, RenderError>;

    /// The private part of a seat view as text (never the public part again); empty for
    /// games without secrets.
    fn private_text(&self, seat_view: &dyn AnyView) -> Result<String, RenderError>;

    /// One seat's own line of the public text (its sheet), where the game has one; games
    /// with secrets answer a seat's hand with [`Pictures::private_text`] instead.
    fn seat_text(&self, _view: &dyn AnyView, _seat: Seat) -> Result<Option<String>, RenderError> {
        Ok(None)
    }
}

/// Every game's pictures, in the order of `turnpost_core::registry::games`. **Add a game
/// here** (one line).
static PROVIDERS: &[&dyn Pictures] = &[&png::pandoria::PICTURES, &png::rtta::PICTURES];

/// Every game's pictures.
pub fn providers() -> &'static [&'static dyn Pictures] {
    PROVIDERS
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

/// The view as the game's view type `T`, or [`RenderError::BadView`] when it is another
/// type (a view of another game, or a seat view where a public view belongs).
pub(crate) fn downcast<'v, T: 'static>(
    game: &str,
    view: &'v dyn AnyView,
) -> Result<&'v T, RenderError> {
    view.as_any()
        .downcast_ref::<T>()
        .ok_or_else(|| RenderError::BadView {
            game: game.to_string(),
            reason: format!("it is not a {}", type_name::<T>()),
        })
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
