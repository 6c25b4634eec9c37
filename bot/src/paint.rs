//! The painter the bot uses: the renderer crate's PNG pictures.

use turnpost_core::dynamic::AnyView;

use crate::table::{Image, Painter};

/// Draws PNGs with the process-wide renderer (fonts and static layers load once).
#[derive(Clone, Copy, Debug, Default)]
pub struct PngPainter;

impl Painter for PngPainter {
    fn public(&self, game: &str, view: &dyn AnyView) -> Result<Vec<Image>, String> {
        // The glance first (it reads on a phone), then the whole board.
        let glance = turnpost_render::summary_png(game, view).map_err(|e| e.to_string())?;
        let png = turnpost_render::public_png(game, view).map_err(|e| e.to_string())?;
        Ok(vec![
            Image {
                name: format!("{game}-glance.png"),
                png: glance,
            },
            Image {
                name: format!("{game}-board.png"),
                png,
            },
        ])
    }

    fn rating_chart(&self, title: &str, points: &[(i64, f64)]) -> Result<Vec<Image>, String> {
        let points: Vec<turnpost_render::RatingPoint> = points
            .iter()
            .map(|&(at_ms, rating)| turnpost_render::RatingPoint { at_ms, rating })
            .collect();
        let png = turnpost_render::rating_chart_png(title, &points).map_err(|e| e.to_string())?;
        Ok(vec![Image {
            name: "rating.png".into(),
            png,
        }])
    }

    fn private(&self, game: &str, view: &dyn AnyView) -> Result<Vec<Image>, String> {
        let pictures = turnpost_render::private_pngs(game, view).map_err(|e| e.to_string())?;
        Ok(pictures
            .into_iter()
            .map(|(name, png)| Image { name, png })
            .collect())
    }
}
