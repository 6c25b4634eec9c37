//! Reference pictures: fixed seeds of both games drawn and compared with the PNGs in
//! `render/tests/reference/` as decoded pixels, within a small tolerance (so a change of
//! PNG encoder or of anti-aliasing rounding does not fail the test, a moved hex does).
//!
//! After a deliberate change of the pictures, look at the new ones (a failing run writes
//! them to `target/render-reference/`) and regenerate the references with
//! `TURNPOST_BLESS=1 cargo test -p turnpost-render --test reference`.

use std::path::PathBuf;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbImage};
use turnpost_core::Game;
use turnpost_core::pandoria::Mode;
use turnpost_render::{Renderer, samples};

/// A pixel differs when a channel differs by more than this (rounding in anti-aliasing and
/// blending stays well below it).
const CHANNEL_TOLERANCE: u8 = 24;
/// How many pixels may differ: few enough that one changed digit fails the test.
const PIXEL_TOLERANCE: usize = 12;

fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/reference")
}

fn output_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/render-reference")
}

fn check(name: &str, actual: &RgbImage) {
    let path = reference_dir().join(name);
    if std::env::var_os("TURNPOST_BLESS").is_some() {
        std::fs::create_dir_all(reference_dir()).unwrap();
        // References are written once: the slow, small setting is fine here.
        let mut bytes = Vec::new();
        PngEncoder::new_with_quality(&mut bytes, CompressionType::Best, FilterType::Adaptive)
            .write_image(
                actual.as_raw(),
                actual.width(),
                actual.height(),
                ExtendedColorType::Rgb8,
            )
            .unwrap();
        std::fs::write(&path, bytes).unwrap();
        return;
    }
    let save_actual = || {
        std::fs::create_dir_all(output_dir()).unwrap();
        let out = output_dir().join(name);
        actual.save(&out).unwrap();
        out
    };
    let expected = match image::open(&path) {
        Ok(img) => img.to_rgb8(),
        Err(e) => panic!(
            "no reference picture {} ({e}); the new one is at {}; bless it with TURNPOST_BLESS=1",
            path.display(),
            save_actual().display()
        ),
    };
    if expected.dimensions() != actual.dimensions() {
        panic!(
            "{name}: size {:?}, reference {:?}; the new picture is at {}",
            actual.dimensions(),
            expected.dimensions(),
            save_actual().display()
        );
    }
    let differing = expected
        .pixels()
        .zip(actual.pixels())
        .filter(|(a, b)| {
            a.0.iter()
                .zip(b.0.iter())
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
        })
        .count();
    if differing > PIXEL_TOLERANCE {
        panic!(
            "{name}: {differing} pixels differ from the reference; the new picture is at {}",
            save_actual().display()
        );
    }
}

/// The views the references are drawn from: sample games of fixed seeds. They are stored
/// next to the pictures (as the JSON the bot passes) when blessing, and the test draws the
/// stored views, so a change in core's rules (which changes what a seeded random game looks
/// like) does not fail this test; only a change in the drawing does.
fn views() -> Vec<(&'static str, &'static str, serde_json::Value)> {
    let json = |v: serde_json::Result<serde_json::Value>| v.unwrap();
    let game = samples::pandoria_late(4, 7);
    let seat = game.seat_view(game.current());
    let early = samples::pandoria_after(2, 5, 6);
    let standard = samples::pandoria_late_in(Mode::Standard, 4, 7);
    vec![
        (
            "pandoria",
            "pandoria-4p-seed7-public",
            json(serde_json::to_value(game.public_view())),
        ),
        (
            "pandoria",
            "pandoria-4p-seed7-seat",
            json(serde_json::to_value(&seat)),
        ),
        (
            "pandoria",
            "pandoria-2p-seed5-public",
            json(serde_json::to_value(early.public_view())),
        ),
        (
            "pandoria",
            "pandoria-4p-seed7-standard-public",
            json(serde_json::to_value(standard.public_view())),
        ),
        (
            "pandoria",
            "pandoria-4p-seed7-standard-seat",
            json(serde_json::to_value(standard.seat_view(standard.current()))),
        ),
        (
            "rtta",
            "rtta-4p-seed3-public",
            json(serde_json::to_value(
                samples::rtta_after(4, 3, 6).public_view(),
            )),
        ),
        (
            "rtta",
            "rtta-4p-seed3-end",
            json(serde_json::to_value(
                samples::rtta_after(4, 3, 12).public_view(),
            )),
        ),
        (
            "rtta",
            "rtta-1p-seed9-public",
            json(serde_json::to_value(
                samples::rtta_after(1, 9, 5).public_view(),
            )),
        ),
    ]
}

fn stored_view(name: &str) -> serde_json::Value {
    let path = reference_dir().join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "no stored view {} ({e}); bless with TURNPOST_BLESS=1",
            path.display()
        )
    });
    serde_json::from_str(&text).unwrap()
}

#[test]
fn pictures_match_the_references() {
    let r = Renderer::shared();
    let bless = std::env::var_os("TURNPOST_BLESS").is_some();
    let names: Vec<(&str, &str)> = vec![
        ("pandoria", "pandoria-4p-seed7-public"),
        ("pandoria", "pandoria-4p-seed7-seat"),
        ("pandoria", "pandoria-2p-seed5-public"),
        ("pandoria", "pandoria-4p-seed7-standard-public"),
        ("pandoria", "pandoria-4p-seed7-standard-seat"),
        ("rtta", "rtta-4p-seed3-public"),
        ("rtta", "rtta-4p-seed3-end"),
        ("rtta", "rtta-1p-seed9-public"),
    ];
    if bless {
        std::fs::create_dir_all(reference_dir()).unwrap();
        for (_, name, view) in views() {
            let text = serde_json::to_string_pretty(&view).unwrap();
            std::fs::write(reference_dir().join(format!("{name}.json")), text + "\n").unwrap();
        }
    }
    for (game, name) in names {
        let view = stored_view(name);
        if name.ends_with("-seat") {
            // A seat's private pictures (its public part is the public view's picture).
            for (file, image) in r.private_images(game, &view).unwrap() {
                let file = file.trim_start_matches("pandoria-");
                check(&format!("{name}-{file}"), &image);
            }
        } else {
            check(
                &format!("{name}.png"),
                &r.public_image(game, &view).unwrap(),
            );
        }
    }
}
