//! Prints median render times of the sample positions, one core — per picture the draw,
//! a bare RGB PNG encode of the same pixels (the baseline), the encoder before issue 33 and
//! the current one, their bytes, and the ratio (draw + encode) / (draw + bare encode)
//! measured in the same run — and with `--write DIR`
//! writes the sample pictures there; `--docs DIR` writes only the README pictures.
//! The Pandoria table is a standard game (realms, cards, buildings), 4 players, last round.
//!
//! `cargo run -p turnpost-render --release --example render-bench [-- --write DIR]`

#[path = "../tests/support/samples.rs"]
mod samples;

use std::time::{Duration, Instant};

use image::ImageEncoder;

use turnpost_core::pandoria::Mode;
use turnpost_core::words::Lang;
use turnpost_core::{Game, Seat};
use turnpost_render::Renderer;
use turnpost_render::png::encode_png;

/// The encoder as it was before issue 33 (commit d1ba882), kept here to be measured beside
/// the current one in the same run: the same palette, with the rows handed to the `png`
/// crate one by one.
mod before {
    use image::RgbImage;

    /// Buckets: 5 bits per channel.
    const BUCKETS: usize = 1 << 15;

    fn bucket(p: &[u8]) -> usize {
        (usize::from(p[0] >> 3) << 10) | (usize::from(p[1] >> 3) << 5) | usize::from(p[2] >> 3)
    }

    /// The palette (RGB triples) and each pixel's index into it.
    fn quantize(image: &RgbImage) -> (Vec<u8>, Vec<u8>) {
        let raw = image.as_raw();
        // One pass over runs of equal pixels (the pictures are mostly flat, so runs are long):
        // each run's bucket and length, the buckets' counts, and the first colour seen in each
        // (a flat colour's exact value).
        let mut count = vec![0u32; BUCKETS];
        let mut first = vec![[0u8; 3]; BUCKETS];
        let mut runs: Vec<(u16, u32)> = Vec::new();
        let mut pixels = raw.chunks_exact(3);
        if let Some(p) = pixels.next() {
            let mut current = [p[0], p[1], p[2]];
            let mut length = 1u32;
            let mut flush = |colour: [u8; 3], length: u32| {
                let b = bucket(&colour);
                if count[b] == 0 {
                    first[b] = colour;
                }
                count[b] += length;
                runs.push((b as u16, length));
            };
            for p in pixels {
                if p == current {
                    length += 1;
                } else {
                    flush(current, length);
                    current = [p[0], p[1], p[2]];
                    length = 1;
                }
            }
            flush(current, length);
        }
        let mut used: Vec<usize> = (0..BUCKETS).filter(|&b| count[b] > 0).collect();
        // Most used first; ties in bucket order, so the palette is the same on every run.
        used.sort_by_key(|&b| (std::cmp::Reverse(count[b]), b));
        let palette: Vec<[u8; 3]> = used.iter().take(256).map(|&b| first[b]).collect();
        let mut index = vec![0u8; BUCKETS];
        for (k, &b) in used.iter().enumerate() {
            index[b] = if k < 256 {
                k as u8
            } else {
                nearest(&palette, first[b])
            };
        }
        let mut out = Vec::with_capacity(raw.len() / 3);
        for &(b, length) in &runs {
            out.extend(std::iter::repeat_n(index[usize::from(b)], length as usize));
        }
        (palette.concat(), out)
    }

    /// The palette entry nearest to `c` (squared distance, green weighted as the eye does).
    fn nearest(palette: &[[u8; 3]], c: [u8; 3]) -> u8 {
        let distance = |p: &[u8; 3]| {
            let d = |i: usize| i32::from(p[i]) - i32::from(c[i]);
            3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
        };
        palette
            .iter()
            .enumerate()
            .min_by_key(|(_, p)| distance(p))
            .map_or(0, |(k, _)| k as u8)
    }

    /// Encodes `image` as an 8-bit indexed PNG (fast deflate).
    pub fn indexed_png_before(image: &RgbImage) -> Result<Vec<u8>, png::EncodingError> {
        let (palette, pixels) = quantize(image);
        let mut out = Vec::with_capacity(pixels.len() / 4);
        let mut encoder = png::Encoder::new(&mut out, image.width(), image.height());
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette);
        // Measured on the pictures (`render-bench`): no filter and zlib level 1 give the
        // smallest files in the time; filters help RGB pictures, not palette indices.
        encoder.set_deflate_compression(png::DeflateCompression::Level(1));
        encoder.set_filter(png::Filter::NoFilter);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&pixels)?;
        writer.finish()?;
        Ok(out)
    }
}

/// The medians of several measurements taken in turn (one of each per round), so a busy
/// spell on a shared machine falls on all of them alike.
fn medians(fs: &mut [&mut dyn FnMut()], runs: usize) -> Vec<Duration> {
    let mut times = vec![Vec::with_capacity(runs); fs.len()];
    for f in fs.iter_mut() {
        f();
    }
    for _ in 0..runs {
        for (f, t) in fs.iter_mut().zip(&mut times) {
            let start = Instant::now();
            f();
            t.push(start.elapsed());
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort();
            t[runs / 2]
        })
        .collect()
}

/// The baseline: the same pixels as a plain RGB PNG, fast compression, with `image`.
fn rgb_png(image: &image::RgbImage) -> Vec<u8> {
    let mut bytes = Vec::new();
    image::codecs::png::PngEncoder::new_with_quality(
        &mut bytes,
        image::codecs::png::CompressionType::Fast,
        image::codecs::png::FilterType::Adaptive,
    )
    .write_image(
        image.as_raw(),
        image.width(),
        image.height(),
        image::ExtendedColorType::Rgb8,
    )
    .expect("encodes");
    bytes
}

fn ms(d: Duration) -> String {
    format!("{:7.2} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(std::path::PathBuf::from)
    };
    let write = flag("--write");
    if let Some(dir) = flag("--docs") {
        // The README pictures: a late Pandoria game and a Roll Through the Ages game mid-way.
        let r = Renderer::shared();
        let pandoria = samples::pandoria_late_in(Mode::Standard, 4, 7).public_view();
        let rtta = samples::rtta_after(4, 3, 6).public_view();
        // As the bot sends them: palette PNGs.
        let small = |image: &image::RgbImage| encode_png(image).expect("encodes");
        std::fs::write(
            dir.join("pandoria-public.png"),
            small(&r.public_image("pandoria", &pandoria, Lang::En).unwrap()),
        )
        .expect("writes");
        std::fs::write(
            dir.join("rtta-public.png"),
            small(&r.public_image("rtta", &rtta, Lang::En).unwrap()),
        )
        .expect("writes");
        for (name, game, view) in [
            (
                "pandoria-glance.png",
                "pandoria",
                &pandoria as &dyn turnpost_core::dynamic::AnyView,
            ),
            ("rtta-glance.png", "rtta", &rtta),
        ] {
            let glance = r.summary_image(game, view, Lang::En).expect("draws");
            std::fs::write(dir.join(name), small(&glance)).expect("writes");
        }
        println!("README pictures written to {}", dir.display());
        return;
    }
    let t = Instant::now();
    let r = Renderer::new();
    println!("renderer built in {}", ms(t.elapsed()));

    let game = samples::pandoria_late_in(Mode::Standard, 4, 7);
    let public = game.public_view();
    let seat = game.seat_view(game.current());
    let rtta = samples::rtta_after(4, 3, 12).public_view();
    let runs = 101;

    // Each picture kind: draw, encode (palette PNG), their sum, the bytes, and in the same
    // run a bare `image` RGB PNG encode of the same pixels (fast compression), whose ratio
    // to the encode stays put on a noisy machine.
    type Draw<'a> = Box<dyn Fn() -> image::RgbImage + 'a>;
    let kinds: Vec<(&str, Draw)> = vec![
        (
            "Pandoria public (standard, 4 players, late)",
            Box::new(|| r.public_image("pandoria", &public, Lang::En).unwrap()),
        ),
        (
            "Pandoria glance",
            Box::new(|| {
                r.summary_image("pandoria", &public, Lang::En)
                    .expect("draws")
            }),
        ),
        (
            "Pandoria hand",
            Box::new(|| {
                r.private_image("pandoria", &seat, "pandoria-hand.png", Lang::En)
                    .unwrap()
                    .unwrap()
            }),
        ),
        (
            "Pandoria tile preview",
            Box::new(|| {
                r.private_image("pandoria", &seat, "pandoria-tile-preview.png", Lang::En)
                    .unwrap()
                    .unwrap()
            }),
        ),
        (
            "Pandoria cards",
            Box::new(|| {
                r.private_image("pandoria", &seat, "pandoria-cards.png", Lang::En)
                    .unwrap()
                    .unwrap()
            }),
        ),
        (
            "RTTA public (4 players)",
            Box::new(|| r.public_image("rtta", &rtta, Lang::En).unwrap()),
        ),
        (
            "RTTA glance",
            Box::new(|| r.summary_image("rtta", &rtta, Lang::En).expect("draws")),
        ),
    ];
    // Per picture, measured in turn in one run: the draw alone, draw + the bare RGB encode
    // (the baseline), draw + the encoder before issue 33, draw + the current encoder. The
    // encode columns are the draw-inclusive medians less the draw's; the ratio is
    // (draw + encode) / (draw + bare encode), from the draw-inclusive medians.
    println!(
        "\n| picture | size | draw | bare RGB encode | before: encode | before: bytes | before: ratio | encode | bytes | ratio |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for (name, draw) in &kinds {
        let image = draw();
        let png = encode_png(&image).expect("encodes");
        let old = before::indexed_png_before(&image).expect("encodes");
        // The same pixels either way.
        let decode = |png: &[u8]| image::load_from_memory(png).expect("decodes").to_rgb8();
        assert!(decode(&png) == decode(&old), "{name}: the encoders differ");
        let times = medians(
            &mut [
                &mut || drop(draw()),
                &mut || drop(rgb_png(&draw())),
                &mut || drop(before::indexed_png_before(&draw())),
                &mut || drop(encode_png(&draw())),
            ],
            runs,
        );
        let [t_draw, t_bare, t_before, t_after] = [times[0], times[1], times[2], times[3]];
        let less_draw = |t: Duration| ms(t.saturating_sub(t_draw)).trim().to_string();
        let ratio = |t: Duration| t.as_secs_f64() / t_bare.as_secs_f64();
        println!(
            "| {name} | {}×{} | {} | {} | {} | {} KB | {:.2} | {} | {} KB | {:.2} |",
            image.width(),
            image.height(),
            ms(t_draw).trim(),
            less_draw(t_bare),
            less_draw(t_before),
            old.len() / 1000,
            ratio(t_before),
            less_draw(t_after),
            png.len() / 1000,
            ratio(t_after),
        );
    }
    let png = encode_png(&r.public_image("pandoria", &public, Lang::En).unwrap()).expect("encodes");
    let hand_png = encode_png(
        &r.private_image("pandoria", &seat, "pandoria-hand.png", Lang::En)
            .unwrap()
            .unwrap(),
    )
    .expect("encodes");
    let preview_png = encode_png(
        &r.private_image("pandoria", &seat, "pandoria-tile-preview.png", Lang::En)
            .unwrap()
            .unwrap(),
    )
    .expect("encodes");
    let sheet_png = encode_png(&r.public_image("rtta", &rtta, Lang::En).unwrap()).expect("encodes");

    if let Some(dir) = write {
        std::fs::create_dir_all(&dir).expect("creates the folder");
        for (name, bytes) in [
            ("pandoria-public.png", &png),
            ("pandoria-hand.png", &hand_png),
            ("pandoria-tile-preview.png", &preview_png),
            ("rtta-public.png", &sheet_png),
        ] {
            std::fs::write(dir.join(name), bytes).expect("writes");
        }
        let early = samples::pandoria_after(3, 11, 3);
        let early_seat = early.seat_view(Seat(early.current().0));
        std::fs::write(
            dir.join("pandoria-early-preview.png"),
            encode_png(
                &r.private_image(
                    "pandoria",
                    &early_seat,
                    "pandoria-tile-preview.png",
                    Lang::En,
                )
                .unwrap()
                .unwrap(),
            )
            .expect("encodes"),
        )
        .expect("writes");
        let family = samples::pandoria_late(4, 7);
        std::fs::write(
            dir.join("pandoria-family-public.png"),
            encode_png(
                &r.public_image("pandoria", &family.public_view(), Lang::En)
                    .unwrap(),
            )
            .expect("encodes"),
        )
        .expect("writes");
        if let Some(cards) = (!seat.cards.is_empty()).then(|| {
            r.private_image("pandoria", &seat, "pandoria-cards.png", Lang::En)
                .unwrap()
                .unwrap()
        }) {
            std::fs::write(
                dir.join("pandoria-cards.png"),
                encode_png(&cards).expect("encodes"),
            )
            .expect("writes");
        }
        println!("pictures written to {}", dir.display());
    }
}
