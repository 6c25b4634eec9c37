//! The pictures as a phone shows them: each shrunk to 400 pixels wide, as Discord does in
//! portrait. Writes the panel of a Pandoria turn (tile preview, hand, cards — stacked, one
//! per embed, as the panel sends them) and the pictures a Roll Through the Ages player
//! reads to decide (the glance; its panel has no pictures: nothing is hidden) and the
//! board under it, each game as one tall picture.
//!
//! `cargo run -p turnpost-render --example phone -- DIR` writes `DIR/pandoria-panel-400.png`
//! and `DIR/rtta-panel-400.png`; `-- --shrink IN.png OUT.png` shrinks any picture.

#[path = "../tests/support/samples.rs"]
mod samples;

use image::imageops::{FilterType, resize};
use image::{Rgb, RgbImage};
use turnpost_core::Game;
use turnpost_core::pandoria::Mode;
use turnpost_core::words::Lang;
use turnpost_render::Renderer;

const PHONE: u32 = 400;
/// The gap between stacked embeds.
const GAP: u32 = 8;

fn shrink(image: &RgbImage) -> RgbImage {
    if image.width() <= PHONE {
        return image.clone();
    }
    let h = (u64::from(image.height()) * u64::from(PHONE) / u64::from(image.width())) as u32;
    resize(image, PHONE, h.max(1), FilterType::Triangle)
}

fn stack(pictures: &[RgbImage]) -> RgbImage {
    let shown: Vec<RgbImage> = pictures.iter().map(shrink).collect();
    let height = shown.iter().map(|p| p.height() + GAP).sum::<u32>() + GAP;
    let mut out = RgbImage::from_pixel(PHONE, height, Rgb([49, 51, 56]));
    let mut y = GAP;
    for p in &shown {
        image::imageops::replace(&mut out, p, 0, i64::from(y));
        y += p.height() + GAP;
    }
    out
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--shrink") {
        let [_, input, output] = args.as_slice() else {
            return Err("usage: phone --shrink IN.png OUT.png".into());
        };
        shrink(&image::open(input)?.to_rgb8()).save(output)?;
        return Ok(());
    }
    let dir = std::path::PathBuf::from(args.first().ok_or("usage: phone DIR")?);
    std::fs::create_dir_all(&dir)?;
    let r = Renderer::new();
    let game = samples::pandoria_late_in(Mode::Standard, 4, 7);
    let seat = game.seat_view(game.current());
    let panel: Vec<RgbImage> = r
        .private_images("pandoria", &seat, Lang::En)?
        .into_iter()
        .map(|(_, image)| image)
        .collect();
    stack(&panel).save(dir.join("pandoria-panel-400.png"))?;
    let rtta = samples::rtta_after(4, 3, 6).public_view();
    let pictures = [
        r.summary_image("rtta", &rtta, Lang::En)?,
        r.public_image("rtta", &rtta, Lang::En).unwrap(),
    ];
    stack(&pictures).save(dir.join("rtta-panel-400.png"))?;
    println!("written to {}", dir.display());
    Ok(())
}
