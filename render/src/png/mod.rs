//! PNG pictures of views: what the bot posts after every turn and sends each player.
//!
//! A [`Renderer`] holds the fonts and the glyph cache and draws through the picture
//! providers of [`registry`], each of which builds its game's static art (the Pandoria board
//! layer, tile and figure sprites) once per process. It is `Send + Sync`, so one instance
//! serves every `spawn_blocking` render. [`public_png`] and [`private_pngs`] use a
//! process-wide renderer built on first use.
//!
//! Only views come in, never a game state, so nothing here can draw hidden information.

pub mod chart;
mod draw;
mod encode;
mod extras;
mod palette;
pub mod pandoria;
pub mod rtta;
mod shapes;
pub(crate) mod summary;
mod text;

use std::sync::OnceLock;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbImage};

use turnpost_core::dynamic::AnyView;

use crate::registry;

pub use text::{Fonts, TextRun};

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// No pictures exist for this game.
    #[error("there are no pictures for the game \"{0}\"")]
    UnknownGame(String),
    /// The view is not of this game's view type (a view of another game, or a seat view
    /// where the public view belongs).
    #[error("cannot read the {game} view: {reason}")]
    BadView {
        /// The game.
        game: String,
        /// What did not fit.
        reason: String,
    },
    /// PNG encoding failed.
    #[error("cannot encode the picture: {0}")]
    Encode(String),
}

/// The fonts and glyph cache shared by every render; each game's static art (the Pandoria
/// board layer, tile and figure sprites) is built once per process by its provider.
#[derive(Debug)]
pub struct Renderer {
    fonts: Fonts,
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

impl Renderer {
    /// Loads the fonts, warms the glyph cache and has every game's static art drawn (a few
    /// tens of milliseconds the first time in a process).
    pub fn new() -> Renderer {
        Renderer::with_fonts(Fonts::new())
    }

    /// A renderer drawing with these fonts (tests use [`Fonts::recording`] to measure the
    /// text of the pictures).
    pub fn with_fonts(fonts: Fonts) -> Renderer {
        for pictures in registry::providers() {
            pictures.prepare(&fonts);
        }
        Renderer { fonts }
    }

    /// The process-wide renderer, built on first use.
    pub fn shared() -> &'static Renderer {
        static SHARED: OnceLock<Renderer> = OnceLock::new();
        SHARED.get_or_init(Renderer::new)
    }

    /// The fonts and glyph cache this renderer draws with.
    pub fn fonts(&self) -> &Fonts {
        &self.fonts
    }

    /// The public picture of a game's public view (as `DynGame::public_view` gives it).
    pub fn public_png(&self, game: &str, view: &dyn AnyView) -> Result<Vec<u8>, RenderError> {
        encode_png(&self.public_image(game, view)?)
    }

    /// The glance picture of the public view, as PNG (see `png/summary.rs`).
    pub fn summary_png(&self, game: &str, view: &dyn AnyView) -> Result<Vec<u8>, RenderError> {
        encode_png(&self.summary_image(game, view)?)
    }

    /// The glance picture, not yet encoded.
    pub fn summary_image(&self, game: &str, view: &dyn AnyView) -> Result<RgbImage, RenderError> {
        registry::provider(game)?.summary(&self.fonts, view)
    }

    /// The public picture, not yet encoded.
    pub fn public_image(&self, game: &str, view: &dyn AnyView) -> Result<RgbImage, RenderError> {
        registry::provider(game)?.public(&self.fonts, view)
    }

    /// A seat's private pictures as `(file name, PNG)`: for Pandoria the hand, the hand
    /// cards and the tile preview; none for games without secrets (Roll Through the Ages).
    pub fn private_pngs(
        &self,
        game: &str,
        seat_view: &dyn AnyView,
    ) -> Result<Vec<(String, Vec<u8>)>, RenderError> {
        self.private_images(game, seat_view)?
            .into_iter()
            .map(|(name, image)| Ok((name, encode_png(&image)?)))
            .collect()
    }

    /// A seat's private pictures, not yet encoded.
    pub fn private_images(
        &self,
        game: &str,
        seat_view: &dyn AnyView,
    ) -> Result<Vec<(String, RgbImage)>, RenderError> {
        registry::provider(game)?.private(&self.fonts, seat_view)
    }

    /// Pandoria: the board, the tableaus and the state of play.
    pub fn pandoria_public(&self, view: &turnpost_core::pandoria::PublicView) -> RgbImage {
        pandoria::PICTURES.public_image(&self.fonts, view)
    }

    /// Pandoria: a seat's hand cards, both sides with costs, effects and price.
    pub fn pandoria_cards(&self, view: &turnpost_core::pandoria::SeatView) -> RgbImage {
        pandoria::PICTURES.cards_image(&self.fonts, view)
    }

    /// Pandoria: a seat's hand tiles.
    pub fn pandoria_hand(&self, view: &turnpost_core::pandoria::SeatView) -> RgbImage {
        pandoria::PICTURES.hand_image(&self.fonts, view)
    }

    /// Pandoria: the board with every legal space for the hand tile and castles marked.
    pub fn pandoria_preview(&self, view: &turnpost_core::pandoria::SeatView) -> RgbImage {
        pandoria::PICTURES.preview_image(&self.fonts, view)
    }

    /// Roll Through the Ages: every player's sheet and the current dice.
    pub fn rtta_public(&self, view: &turnpost_core::rtta::PublicView) -> RgbImage {
        rtta::PICTURES.public_image(&self.fonts, view)
    }
}

/// A picture to send: its file name, its PNG bytes and its description in words (alt text,
/// at most 1,024 characters, which Discord shows to screen readers and when the picture
/// does not load).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// File name (`pandoria-board.png`).
    pub name: String,
    /// PNG bytes.
    pub png: Vec<u8>,
    /// What the picture shows, in words.
    pub alt: String,
}

impl Renderer {
    /// The public pictures of a public view, each with its words: the glance first (it
    /// reads on a phone), then the board (`{game}-glance.png`, `{game}-board.png`). The
    /// words come from the public view only.
    pub fn public_pictures(
        &self,
        game: &str,
        view: &dyn AnyView,
    ) -> Result<Vec<Picture>, RenderError> {
        let [glance_alt, board_alt] = registry::provider(game)?.public_alt(view)?;
        Ok(vec![
            Picture {
                name: format!("{game}-glance.png"),
                png: self.summary_png(game, view)?,
                alt: glance_alt,
            },
            Picture {
                name: format!("{game}-board.png"),
                png: self.public_png(game, view)?,
                alt: board_alt,
            },
        ])
    }

    /// A seat's private pictures, each with its words (for that seat only).
    pub fn private_pictures(
        &self,
        game: &str,
        seat_view: &dyn AnyView,
    ) -> Result<Vec<Picture>, RenderError> {
        let words = registry::provider(game)?.private_alt(seat_view)?;
        self.private_pngs(game, seat_view)?
            .into_iter()
            .map(|(name, png)| {
                let alt = words
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, w)| w.clone())
                    .ok_or_else(|| RenderError::BadView {
                        game: game.to_string(),
                        reason: format!("no words for the picture {name}"),
                    })?;
                Ok(Picture { name, png, alt })
            })
            .collect()
    }
}

/// The public pictures of a public view with their words, with the shared renderer.
pub fn public_pictures(game: &str, view: &dyn AnyView) -> Result<Vec<Picture>, RenderError> {
    Renderer::shared().public_pictures(game, view)
}

/// A seat's private pictures with their words, with the shared renderer.
pub fn private_pictures(game: &str, seat_view: &dyn AnyView) -> Result<Vec<Picture>, RenderError> {
    Renderer::shared().private_pictures(game, seat_view)
}

/// Encodes a picture as an indexed PNG: a palette of the 256 colours it uses most, one byte
/// a pixel, fast compression (see `encode.rs`): under half the size of an RGB PNG, and
/// quicker.
pub fn encode_png(image: &RgbImage) -> Result<Vec<u8>, RenderError> {
    encode::indexed_png(image)
}

/// The picture as [`encode_png`]'s file shows it (its palette colours): what a decoded
/// PNG equals exactly.
pub fn as_encoded(image: &RgbImage) -> RgbImage {
    encode::as_encoded(image)
}

/// Encodes a picture as a plain RGB PNG with fast compression: the baseline the benchmark
/// measures [`encode_png`] against.
pub fn encode_rgb_png(image: &RgbImage) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(image.as_raw().len() / 6);
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            ExtendedColorType::Rgb8,
        )
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out)
}

/// The public picture of a view as PNG, with the shared renderer. `game` is the game's
/// name (`pandoria`, `rtta`); `view` is its public view.
pub fn public_png(game: &str, view: &dyn AnyView) -> Result<Vec<u8>, RenderError> {
    Renderer::shared().public_png(game, view)
}

/// The glance picture of a public view as PNG, with the shared renderer.
pub fn summary_png(game: &str, view: &dyn AnyView) -> Result<Vec<u8>, RenderError> {
    Renderer::shared().summary_png(game, view)
}

/// A seat's private pictures as `(file name, PNG)`, with the shared renderer.
pub fn private_pngs(
    game: &str,
    seat_view: &dyn AnyView,
) -> Result<Vec<(String, Vec<u8>)>, RenderError> {
    Renderer::shared().private_pngs(game, seat_view)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_renderer_can_be_shared_across_threads() {
        fn shareable<T: Send + Sync>() {}
        shareable::<Renderer>();
    }

    #[test]
    fn unknown_games_and_bad_views_are_errors() {
        use turnpost_core::{Game, Seed};
        let r = Renderer::shared();
        let rtta = turnpost_core::rtta::Rtta::new(&Default::default(), 2, Seed::from_u64(1))
            .unwrap()
            .public_view();
        assert!(matches!(
            r.public_png("chess", &rtta),
            Err(RenderError::UnknownGame(name)) if name == "chess"
        ));
        assert!(matches!(
            r.public_png("pandoria", &rtta),
            Err(RenderError::BadView { game, .. }) if game == "pandoria"
        ));
    }
}
