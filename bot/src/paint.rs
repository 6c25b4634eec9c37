//! The painter the bot uses: the renderer crate's PNG pictures, each with its words (alt
//! text) made from the same view.

use turnpost_core::dynamic::AnyView;
use turnpost_core::words::Lang;
use turnpost_render::RenderError;

use crate::table::{Image, Painter};

/// Draws PNGs with the process-wide renderer (fonts and static layers load once).
#[derive(Clone, Copy, Debug, Default)]
pub struct PngPainter;

impl From<turnpost_render::Picture> for Image {
    fn from(p: turnpost_render::Picture) -> Image {
        Image {
            name: p.name,
            png: p.png,
            alt: p.alt,
        }
    }
}

impl Painter for PngPainter {
    fn public(
        &self,
        game: &str,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<Image>, RenderError> {
        // The glance first (it reads on a phone), then the whole board.
        let started = std::time::Instant::now();
        let pictures = turnpost_render::public_pictures(game, view, lang)?;
        crate::metrics::pictures_took("public", started.elapsed());
        Ok(pictures.into_iter().map(Image::from).collect())
    }

    fn rating_chart(
        &self,
        title: &str,
        points: &[(i64, f64)],
        lang: Lang,
    ) -> Result<Vec<Image>, RenderError> {
        let rated: Vec<turnpost_render::RatingPoint> = points
            .iter()
            .map(|&(at_ms, rating)| turnpost_render::RatingPoint { at_ms, rating })
            .collect();
        let png = turnpost_render::rating_chart_png(title, &rated, lang)?;
        Ok(vec![Image {
            name: "rating.png".into(),
            png,
            alt: rating_words(title, points, lang),
        }])
    }

    fn private(
        &self,
        game: &str,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<Image>, RenderError> {
        let started = std::time::Instant::now();
        let pictures = turnpost_render::private_pictures(game, view, lang)?;
        crate::metrics::pictures_took("private", started.elapsed());
        Ok(pictures.into_iter().map(Image::from).collect())
    }
}

/// The rating chart in words (render's): its title, the first and the latest rating, and
/// the range.
fn rating_words(title: &str, points: &[(i64, f64)], lang: Lang) -> String {
    let rated: Vec<turnpost_render::RatingPoint> = points
        .iter()
        .map(|&(at_ms, rating)| turnpost_render::RatingPoint { at_ms, rating })
        .collect();
    turnpost_render::rating_chart_words(title, &rated, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rating_chart_is_described_in_words() {
        assert_eq!(
            rating_words(
                "Anna · Pandoria",
                &[(0, 1500.0), (1, 1530.4), (2, 1512.0)],
                Lang::En
            ),
            "Anna · Pandoria: rating over 3 points, from 1500 to 1512 now (lowest 1500, highest 1530)."
        );
        assert_eq!(
            rating_words("Anna · Pandoria", &[], Lang::En),
            "Anna · Pandoria: no rated games yet."
        );
    }
}
