//! The renderer: fonts and glyph cache shared by every picture, drawing any game's views
//! through its provider in [`registry`]. [`public_png`], [`private_pngs`] and the other free
//! functions use a process-wide renderer built on first use.

use std::sync::OnceLock;

use image::RgbImage;
use turnpost_core::dynamic::AnyView;
use turnpost_core::words::Lang;

use crate::png::{Fonts, RenderError, encode_png};
use crate::registry;

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
    /// Loads the fonts, warms the glyph cache, has every game's static art drawn (a few
    /// tens of milliseconds the first time in a process) and installs render's words.
    pub fn new() -> Renderer {
        Renderer::with_fonts(Fonts::new())
    }

    /// A renderer drawing with these fonts (tests use [`Fonts::recording`] to measure the
    /// text of the pictures).
    pub fn with_fonts(fonts: Fonts) -> Renderer {
        crate::install_words();
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

    /// The public picture of a game's public view (as `DynGame::public_view` gives it), its
    /// words in `lang`.
    pub fn public_png(
        &self,
        game: &str,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<u8>, RenderError> {
        encode_png(&self.public_image(game, view, lang)?)
    }

    /// The glance picture of the public view, as PNG (see `png/summary.rs`).
    pub fn summary_png(
        &self,
        game: &str,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<u8>, RenderError> {
        encode_png(&self.summary_image(game, view, lang)?)
    }

    /// The glance picture, not yet encoded.
    pub fn summary_image(
        &self,
        game: &str,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<RgbImage, RenderError> {
        registry::provider(game)?.summary(&self.fonts, view, lang)
    }

    /// The public picture, not yet encoded.
    pub fn public_image(
        &self,
        game: &str,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<RgbImage, RenderError> {
        registry::provider(game)?.public(&self.fonts, view, lang)
    }

    /// A seat's private pictures as `(file name, PNG)`: for Pandoria the hand, the hand
    /// cards and the tile preview; none for games without secrets (Roll Through the Ages).
    /// [`Renderer::private_images`] names each picture the same way.
    pub fn private_pngs(
        &self,
        game: &str,
        seat_view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<(String, Vec<u8>)>, RenderError> {
        self.private_images(game, seat_view, lang)?
            .into_iter()
            .map(|(name, image)| Ok((name, encode_png(&image)?)))
            .collect()
    }

    /// One of a seat's private pictures by its file name (`pandoria-hand.png`), not yet
    /// encoded; `None` when the seat has no such picture now.
    pub fn private_image(
        &self,
        game: &str,
        seat_view: &dyn AnyView,
        name: &str,
        lang: Lang,
    ) -> Result<Option<RgbImage>, RenderError> {
        registry::provider(game)?.private_one(&self.fonts, seat_view, name, lang)
    }

    /// A seat's private pictures, not yet encoded.
    pub fn private_images(
        &self,
        game: &str,
        seat_view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<(String, RgbImage)>, RenderError> {
        registry::provider(game)?.private(&self.fonts, seat_view, lang)
    }
}

/// A picture to send: its file name, its PNG bytes and its description in words (alt text,
/// at most 1,024 characters, which Discord shows to screen readers and when the picture
/// does not load), in the language it was drawn in.
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
    /// The public pictures of a public view, each with its words, all in `lang`: the
    /// glance first (it reads on a phone), then the board (`{game}-glance.png`,
    /// `{game}-board.png`). The words come from the public view only.
    pub fn public_pictures(
        &self,
        game: &str,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<Picture>, RenderError> {
        let [glance_alt, board_alt] = registry::provider(game)?.public_alt(view, lang)?;
        Ok(vec![
            Picture {
                name: format!("{game}-glance.png"),
                png: self.summary_png(game, view, lang)?,
                alt: glance_alt,
            },
            Picture {
                name: format!("{game}-board.png"),
                png: self.public_png(game, view, lang)?,
                alt: board_alt,
            },
        ])
    }

    /// A seat's private pictures, each with its words (for that seat only), all in `lang`.
    pub fn private_pictures(
        &self,
        game: &str,
        seat_view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<Picture>, RenderError> {
        let words = registry::provider(game)?.private_alt(seat_view, lang)?;
        self.private_pngs(game, seat_view, lang)?
            .into_iter()
            .map(|(name, png)| {
                let alt = words
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, w)| w.clone())
                    .ok_or_else(|| RenderError::NoWords {
                        game: game.to_string(),
                        picture: name.clone(),
                    })?;
                Ok(Picture { name, png, alt })
            })
            .collect()
    }
}

/// The public pictures of a public view with their words in `lang`, with the shared
/// renderer.
pub fn public_pictures(
    game: &str,
    view: &dyn AnyView,
    lang: Lang,
) -> Result<Vec<Picture>, RenderError> {
    Renderer::shared().public_pictures(game, view, lang)
}

/// A seat's private pictures with their words in `lang`, with the shared renderer.
pub fn private_pictures(
    game: &str,
    seat_view: &dyn AnyView,
    lang: Lang,
) -> Result<Vec<Picture>, RenderError> {
    Renderer::shared().private_pictures(game, seat_view, lang)
}

/// The public picture of a view as PNG, with the shared renderer. `game` is the game's
/// name (`pandoria`, `rtta`); `view` is its public view.
pub fn public_png(game: &str, view: &dyn AnyView, lang: Lang) -> Result<Vec<u8>, RenderError> {
    Renderer::shared().public_png(game, view, lang)
}

/// The glance picture of a public view as PNG, with the shared renderer.
pub fn summary_png(game: &str, view: &dyn AnyView, lang: Lang) -> Result<Vec<u8>, RenderError> {
    Renderer::shared().summary_png(game, view, lang)
}

/// A seat's private pictures as `(file name, PNG)`, with the shared renderer.
pub fn private_pngs(
    game: &str,
    seat_view: &dyn AnyView,
    lang: Lang,
) -> Result<Vec<(String, Vec<u8>)>, RenderError> {
    Renderer::shared().private_pngs(game, seat_view, lang)
}

/// The rating chart ([`crate::png::chart::rating_chart`]) as an indexed PNG, with the
/// shared renderer's fonts, its words in `lang`.
pub fn rating_chart_png(
    title: &str,
    points: &[crate::png::chart::RatingPoint],
    lang: Lang,
) -> Result<Vec<u8>, RenderError> {
    encode_png(&crate::png::chart::rating_chart(
        Renderer::shared().fonts(),
        title,
        points,
        lang,
    ))
}

/// The rating chart in words (its alt text), in `lang`: its title, the first and the latest
/// rating, and the range.
pub fn rating_chart_words(
    title: &str,
    points: &[crate::png::chart::RatingPoint],
    lang: Lang,
) -> String {
    use turnpost_core::t;
    use turnpost_core::words::Arg;
    crate::install_words();
    let title = Arg::raw(title);
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return lang.render(&t!("render-chart-alt-none", title = title));
    };
    let low = points.iter().map(|p| p.rating).fold(f64::MAX, f64::min);
    let high = points.iter().map(|p| p.rating).fold(f64::MIN, f64::max);
    let whole = |r: f64| r.round() as i64;
    let words = lang.render(&t!(
        "render-chart-alt",
        title = title,
        n = points.len(),
        first = whole(first.rating),
        now = whole(last.rating),
        low = whole(low),
        high = whole(high)
    ));
    words.chars().take(1024).collect()
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
            r.public_png("chess", &rtta, Lang::En),
            Err(RenderError::UnknownGame(name)) if name == "chess"
        ));
        assert!(matches!(
            r.public_png("pandoria", &rtta, Lang::En),
            Err(RenderError::BadView { game, .. }) if game == "pandoria"
        ));
    }
}
