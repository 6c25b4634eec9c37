//! Prints median render times of the sample positions, one core, and with `--write DIR`
//! writes the sample pictures there; `--docs DIR` writes only the README pictures.
//! The Pandoria table is a standard game (realms, cards, buildings), 4 players, last round.
//!
//! `cargo run -p turnpost-render --release --example render-bench [-- --write DIR]`

use std::time::{Duration, Instant};

use image::ImageEncoder;

use turnpost_core::pandoria::Mode;
use turnpost_core::{Game, Seat};
use turnpost_render::png::encode_png;
use turnpost_render::{Renderer, samples};

fn median(mut f: impl FnMut(), runs: usize) -> Duration {
    f();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
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
            small(&r.pandoria_public(&pandoria)),
        )
        .expect("writes");
        std::fs::write(dir.join("rtta-public.png"), small(&r.rtta_public(&rtta))).expect("writes");
        for (name, game, view) in [
            (
                "pandoria-glance.png",
                "pandoria",
                &pandoria as &dyn turnpost_core::dynamic::AnyView,
            ),
            ("rtta-glance.png", "rtta", &rtta),
        ] {
            let glance = r.summary_image(game, view).expect("draws");
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
            Box::new(|| r.pandoria_public(&public)),
        ),
        (
            "Pandoria glance",
            Box::new(|| r.summary_image("pandoria", &public).expect("draws")),
        ),
        ("Pandoria hand", Box::new(|| r.pandoria_hand(&seat))),
        (
            "Pandoria tile preview",
            Box::new(|| r.pandoria_preview(&seat)),
        ),
        ("Pandoria cards", Box::new(|| r.pandoria_cards(&seat))),
        ("RTTA public (4 players)", Box::new(|| r.rtta_public(&rtta))),
        (
            "RTTA glance",
            Box::new(|| r.summary_image("rtta", &rtta).expect("draws")),
        ),
    ];
    println!(
        "\n| picture | size | draw | encode | draw+encode | bytes | bare RGB encode | encode / bare |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (name, draw) in &kinds {
        let image = draw();
        let png = encode_png(&image).expect("encodes");
        let bare = rgb_png(&image);
        let t_draw = median(|| drop(draw()), runs);
        let t_encode = median(|| drop(encode_png(&image)), runs);
        let t_both = median(|| drop(encode_png(&draw())), runs);
        let t_bare = median(|| drop(rgb_png(&image)), runs);
        println!(
            "| {name} | {}×{} | {} | {} | {} | {} KB (RGB {} KB) | {} | {:.2} |",
            image.width(),
            image.height(),
            ms(t_draw).trim(),
            ms(t_encode).trim(),
            ms(t_both).trim(),
            png.len() / 1000,
            bare.len() / 1000,
            ms(t_bare).trim(),
            t_encode.as_secs_f64() / t_bare.as_secs_f64()
        );
    }
    let png = encode_png(&r.pandoria_public(&public)).expect("encodes");
    let hand_png = encode_png(&r.pandoria_hand(&seat)).expect("encodes");
    let preview_png = encode_png(&r.pandoria_preview(&seat)).expect("encodes");
    let sheet_png = encode_png(&r.rtta_public(&rtta)).expect("encodes");

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
            encode_png(&r.pandoria_preview(&early_seat)).expect("encodes"),
        )
        .expect("writes");
        let family = samples::pandoria_late(4, 7);
        std::fs::write(
            dir.join("pandoria-family-public.png"),
            encode_png(&r.pandoria_public(&family.public_view())).expect("encodes"),
        )
        .expect("writes");
        if let Some(cards) = (!seat.cards.is_empty()).then(|| r.pandoria_cards(&seat)) {
            std::fs::write(
                dir.join("pandoria-cards.png"),
                encode_png(&cards).expect("encodes"),
            )
            .expect("writes");
        }
        println!("pictures written to {}", dir.display());
    }
}
