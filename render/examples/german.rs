//! German pictures of whole games, for a look (issue 30): for each game and mode the glance,
//! the public board and the seat to act's private pictures (Pandoria's hand, cards and tile
//! preview), each at full size and shrunk to 400 pixels wide as a phone shows it.
//!
//! `cargo run -p turnpost-render --example german -- DIR [LANG]` writes
//! `DIR/{game}-{picture}.png` and `DIR/{game}-{picture}-400.png`, and the private pictures
//! stacked as a phone shows the panel (`DIR/{game}-panel-400.png`); `LANG` is `de` unless
//! given (`en`, `en-XA`). `docs/pictures/de-*-400.png` come from here.

#[path = "../tests/support/samples.rs"]
mod samples;

use image::imageops::{FilterType, resize};
use image::{Rgb, RgbImage};
use turnpost_core::dynamic::View;
use turnpost_core::pandoria::{BoardSide, Mode, Options, Pandoria, RealmSets, Step};
use turnpost_core::words::Lang;
use turnpost_core::{Game, Seed};
use turnpost_render::Renderer;

fn shrink(image: &RgbImage) -> RgbImage {
    let h = (u64::from(image.height()) * 400 / u64::from(image.width())) as u32;
    resize(image, 400, h.max(1), FilterType::Triangle)
}

/// `pictures` at 400 pixels wide one under the other, as a phone shows a panel's embeds.
fn stack(pictures: &[RgbImage]) -> RgbImage {
    let shown: Vec<RgbImage> = pictures.iter().map(shrink).collect();
    let height = shown.iter().map(|p| p.height() + 8).sum::<u32>() + 8;
    let mut out = RgbImage::from_pixel(400, height, Rgb([49, 51, 56]));
    let mut y = 8;
    for p in &shown {
        image::imageops::replace(&mut out, p, 0, i64::from(y));
        y += p.height() + 8;
    }
    out
}

/// A Pandoria game with `options`, played (preferring figures, building, buying and
/// casting) until `keep` tiles are left, stopped at a tile placement.
fn pandoria(options: Options, players: usize, seed: u64, keep: usize) -> Pandoria {
    let mut g = Pandoria::new(&options, players, Seed::from_u64(seed)).expect("2 to 4 players");
    let preferred = [
        "relic", "mountain", "ship", "worker", "leader", "build", "buy", "spell", "monument",
    ];
    samples::play_preferring(&mut g, seed, &preferred, |g| g.tiles_left() > keep);
    samples::play_random(&mut g, seed ^ 1, |g| !matches!(g.step(), Step::Place));
    g
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = std::path::PathBuf::from(args.first().ok_or("usage: german DIR [LANG]")?);
    let lang =
        Lang::from_tag(args.get(1).map_or("de", String::as_str)).ok_or("no such language")?;
    std::fs::create_dir_all(&dir)?;
    let standard = |mode| Options {
        mode,
        ..Options::default()
    };
    let tables: Vec<(&str, Pandoria)> = vec![
        (
            "pandoria-family",
            pandoria(standard(Mode::Family), 3, 5, 20),
        ),
        (
            "pandoria-beginner",
            pandoria(standard(Mode::Beginner), 3, 6, 20),
        ),
        (
            "pandoria-standard-realms-artifacts",
            pandoria(
                Options {
                    mode: Mode::Standard,
                    realm_sets: RealmSets::All,
                    artifacts: true,
                    ..Options::default()
                },
                4,
                7,
                16,
            ),
        ),
        (
            "pandoria-river",
            pandoria(
                Options {
                    mode: Mode::Standard,
                    board: BoardSide::River,
                    ..Options::default()
                },
                2,
                8,
                20,
            ),
        ),
    ];
    let r = Renderer::new();
    let write = |name: String, image: RgbImage| -> Result<(), Box<dyn std::error::Error>> {
        image.save(dir.join(format!("{name}.png")))?;
        shrink(&image).save(dir.join(format!("{name}-400.png")))?;
        Ok(())
    };
    let mut views: Vec<(&str, &str, View, View)> = Vec::new();
    for (name, g) in &tables {
        let seat: View = std::sync::Arc::new(g.seat_view(g.current()));
        views.push(("pandoria", name, std::sync::Arc::new(g.public_view()), seat));
    }
    let rtta = samples::rtta_after(2, 3, 6).public_view();
    let rtta: View = std::sync::Arc::new(rtta);
    views.push(("rtta", "rtta-2p", rtta.clone(), rtta));
    for (game, name, public, seat) in views {
        write(
            format!("{name}-glance"),
            r.summary_image(game, &*public, lang)?,
        )?;
        write(
            format!("{name}-board"),
            r.public_image(game, &*public, lang)?,
        )?;
        let private = r.private_images(game, &*seat, lang)?;
        if !private.is_empty() {
            let panel: Vec<RgbImage> = private.iter().map(|(_, i)| i.clone()).collect();
            stack(&panel).save(dir.join(format!("{name}-panel-400.png")))?;
        }
        for (file, image) in private {
            write(format!("{name}-{}", file.trim_end_matches(".png")), image)?;
        }
    }
    println!("written to {}", dir.display());
    Ok(())
}
