//! PNG pictures of views: what the bot posts after every turn and sends each player.
//!
//! A [`Renderer`] holds the fonts, the glyph cache and each game's static art (the Pandoria
//! board layer, tile and figure sprites), built once and shared: it is `Send + Sync`, so one
//! instance serves every `spawn_blocking` render. [`public_png`] and [`private_pngs`] use a
//! process-wide renderer built on first use.
//!
//! Only views come in, never a game state, so nothing here can draw hidden information.

mod draw;
mod extras;
mod palette;
pub mod pandoria;
pub mod rtta;
mod shapes;
mod text;

use std::sync::OnceLock;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbImage};

use text::Fonts;

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// No pictures exist for this game.
    #[error("there are no pictures for the game \"{0}\"")]
    UnknownGame(String),
    /// The view does not have the shape this game's views have.
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

/// Fonts, glyph cache and static layers, shared by every render.
#[derive(Debug)]
pub struct Renderer {
    fonts: Fonts,
    pandoria: pandoria::Art,
    rtta: rtta::Art,
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

impl Renderer {
    /// Loads the fonts and draws every game's static art (a few tens of milliseconds).
    pub fn new() -> Renderer {
        let fonts = Fonts::new();
        fonts.warm(pandoria::TEXT_SIZES);
        fonts.warm(rtta::TEXT_SIZES);
        Renderer {
            pandoria: pandoria::Art::new(&fonts),
            rtta: rtta::Art::new(),
            fonts,
        }
    }

    /// The process-wide renderer, built on first use.
    pub fn shared() -> &'static Renderer {
        static SHARED: OnceLock<Renderer> = OnceLock::new();
        SHARED.get_or_init(Renderer::new)
    }

    /// The public picture of a game's public view (JSON, as `DynGame::public_view` gives it).
    pub fn public_png(&self, game: &str, view: &serde_json::Value) -> Result<Vec<u8>, RenderError> {
        encode_png(&self.public_image(game, view)?)
    }

    /// The public picture, not yet encoded.
    pub fn public_image(
        &self,
        game: &str,
        view: &serde_json::Value,
    ) -> Result<RgbImage, RenderError> {
        match game {
            "pandoria" => {
                let typed = read(game, view)?;
                Ok(self.pandoria_public(&typed))
            }
            "rtta" => Ok(self.rtta.public(&self.fonts, &rtta::read(view)?).image),
            other => Err(RenderError::UnknownGame(other.to_string())),
        }
    }

    /// A seat's private pictures as `(file name, PNG)`: for Pandoria the hand and the tile
    /// preview; none for games without secrets (Roll Through the Ages).
    pub fn private_pngs(
        &self,
        game: &str,
        seat_view: &serde_json::Value,
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
        seat_view: &serde_json::Value,
    ) -> Result<Vec<(String, RgbImage)>, RenderError> {
        match game {
            "pandoria" => {
                let view: turnpost_core::pandoria::SeatView = read(game, seat_view)?;
                let mut out = vec![("pandoria-hand.png".to_string(), self.pandoria_hand(&view))];
                if !view.cards.is_empty() {
                    out.push(("pandoria-cards.png".to_string(), self.pandoria_cards(&view)));
                }
                // The preview comes with the seat's own placing decision only.
                if !view.placements.is_empty() || !view.castle_spaces.is_empty() {
                    out.push((
                        "pandoria-tile-preview.png".to_string(),
                        self.pandoria_preview(&view),
                    ));
                }
                Ok(out)
            }
            "rtta" => Ok(Vec::new()),
            other => Err(RenderError::UnknownGame(other.to_string())),
        }
    }

    /// Pandoria: the board, the tableaus and the state of play.
    pub fn pandoria_public(&self, view: &turnpost_core::pandoria::PublicView) -> RgbImage {
        pandoria::public(&self.pandoria, &self.fonts, view, &extras::table(view)).image
    }

    /// Pandoria: a seat's hand cards, both sides with costs, effects and price.
    pub fn pandoria_cards(&self, view: &turnpost_core::pandoria::SeatView) -> RgbImage {
        let cards = extras::hand_cards(view);
        pandoria::cards(&self.pandoria, &self.fonts, view, &cards).image
    }

    /// Pandoria: a seat's hand tiles.
    pub fn pandoria_hand(&self, view: &turnpost_core::pandoria::SeatView) -> RgbImage {
        pandoria::hand(&self.pandoria, &self.fonts, view).image
    }

    /// Pandoria: the board with every legal space for the hand tile and castles marked.
    pub fn pandoria_preview(&self, view: &turnpost_core::pandoria::SeatView) -> RgbImage {
        pandoria::preview(&self.pandoria, &self.fonts, view).image
    }

    /// Roll Through the Ages: every player's sheet and the current dice.
    pub fn rtta_public(&self, view: &turnpost_core::rtta::PublicView) -> RgbImage {
        let value = serde_json::to_value(view).unwrap_or_default();
        match rtta::read(&value) {
            Ok(v) => self.rtta.public(&self.fonts, &v).image,
            // The typed view always reads back; an empty sheet beats a panic.
            Err(_) => RgbImage::new(1, 1),
        }
    }
}

fn read<T: serde::de::DeserializeOwned>(
    game: &str,
    view: &serde_json::Value,
) -> Result<T, RenderError> {
    T::deserialize(view).map_err(|e| RenderError::BadView {
        game: game.to_string(),
        reason: e.to_string(),
    })
}

/// Encodes a picture as PNG with fast compression (a few milliseconds for a full table;
/// the slower settings cost ten times as much for little size).
pub fn encode_png(image: &RgbImage) -> Result<Vec<u8>, RenderError> {
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
/// name (`pandoria`, `rtta`); `view` is its public view as JSON.
pub fn public_png(game: &str, view: &serde_json::Value) -> Result<Vec<u8>, RenderError> {
    Renderer::shared().public_png(game, view)
}

/// A seat's private pictures as `(file name, PNG)`, with the shared renderer.
pub fn private_pngs(
    game: &str,
    seat_view: &serde_json::Value,
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
        let r = Renderer::shared();
        assert!(matches!(
            r.public_png("chess", &serde_json::json!({})),
            Err(RenderError::UnknownGame(_))
        ));
        assert!(matches!(
            r.public_png("pandoria", &serde_json::json!({"round": "x"})),
            Err(RenderError::BadView { .. })
        ));
    }
}
