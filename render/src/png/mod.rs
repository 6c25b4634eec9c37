//! PNG pictures of views: what the bot posts after every turn and sends each player.
//!
//! Here are the shared drawing parts (canvas, palette, shapes, fonts, the glance of
//! `summary.rs`, PNG encoding), the provider contract ([`pictures`]) and each game's
//! provider (`pandoria/`, `rtta/`), which builds its game's static art once per process.
//! The [`Renderer`](crate::Renderer) draws through the providers of
//! [`registry`](crate::registry); nothing here looks a game up.
//!
//! Only views come in, never a game state, so nothing here can draw hidden information.

pub mod chart;
mod draw;
mod encode;
mod palette;
pub mod pandoria;
pub mod pictures;
pub mod rtta;
mod shapes;
pub(crate) mod summary;
mod text;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbImage};
use turnpost_core::t;
use turnpost_core::words::{Arg, Text, ToText};

pub use text::{Fonts, TextRun};

/// Why a picture could not be made: typed, put in words by [`ToText`] in the reader's
/// language (`render-error-*` messages).
#[derive(Debug, thiserror::Error)]
#[error("{}", self.to_text())]
pub enum RenderError {
    /// No pictures exist for the game of this name (the name as asked for).
    UnknownGame(String),
    /// The view is not of this game's view type (a view of another game, or a seat view
    /// where the public view belongs).
    BadView {
        /// The game's name.
        game: String,
        /// The view type the game's pictures read.
        expected: &'static str,
    },
    /// A game's provider drew a private picture it gave no words (alt text) for.
    NoWords {
        /// The game's name.
        game: String,
        /// The picture's file name.
        picture: String,
    },
    /// PNG encoding failed.
    Encode(#[source] Box<dyn std::error::Error + Send + Sync>),
}

impl ToText for RenderError {
    fn to_text(&self) -> Text {
        match self {
            RenderError::UnknownGame(name) => {
                t!("render-error-unknown-game", game = Arg::raw(name))
            }
            RenderError::BadView { game, expected } => t!(
                "render-error-bad-view",
                game = Arg::raw(game),
                expected = Arg::raw(*expected)
            ),
            RenderError::NoWords { game, picture } => t!(
                "render-error-no-words",
                game = Arg::raw(game),
                picture = Arg::raw(picture)
            ),
            RenderError::Encode(e) => t!("render-error-encode", error = Arg::raw(e.to_string())),
        }
    }
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
        .map_err(|e| RenderError::Encode(Box::new(e)))?;
    Ok(out)
}
