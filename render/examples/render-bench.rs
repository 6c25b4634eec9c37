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
        // Written once, read by every visitor: the slow, small PNG setting.
        let small = |image: &image::RgbImage| {
            let mut bytes = Vec::new();
            image::codecs::png::PngEncoder::new_with_quality(
                &mut bytes,
                image::codecs::png::CompressionType::Best,
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
        };
        std::fs::write(
            dir.join("pandoria-public.png"),
            small(&r.pandoria_public(&pandoria)),
        )
        .expect("writes");
        std::fs::write(dir.join("rtta-public.png"), small(&r.rtta_public(&rtta))).expect("writes");
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

    let image = r.pandoria_public(&public);
    let png = encode_png(&image).expect("encodes");
    let draw = median(|| drop(r.pandoria_public(&public)), runs);
    let encode = median(|| drop(encode_png(&image)), runs);
    let both = median(|| drop(encode_png(&r.pandoria_public(&public))), runs);
    println!(
        "pandoria public, standard game, 4 players, late ({}×{}, {} KiB):",
        image.width(),
        image.height(),
        png.len() / 1024
    );
    println!(
        "  draw {}  encode {}  draw+encode {}",
        ms(draw),
        ms(encode),
        ms(both)
    );

    let hand = r.pandoria_hand(&seat);
    let hand_png = encode_png(&hand).expect("encodes");
    let hand_both = median(|| drop(encode_png(&r.pandoria_hand(&seat))), runs);
    println!(
        "pandoria hand ({}×{}, {} KiB): draw+encode {}",
        hand.width(),
        hand.height(),
        hand_png.len() / 1024,
        ms(hand_both)
    );
    let preview = r.pandoria_preview(&seat);
    let preview_png = encode_png(&preview).expect("encodes");
    let preview_both = median(|| drop(encode_png(&r.pandoria_preview(&seat))), runs);
    println!(
        "pandoria tile preview ({}×{}, {} KiB): draw+encode {}",
        preview.width(),
        preview.height(),
        preview_png.len() / 1024,
        ms(preview_both)
    );

    let sheet = r.rtta_public(&rtta);
    let sheet_png = encode_png(&sheet).expect("encodes");
    let sheet_draw = median(|| drop(r.rtta_public(&rtta)), runs);
    let sheet_both = median(|| drop(encode_png(&r.rtta_public(&rtta))), runs);
    println!(
        "rtta public, 4 players ({}×{}, {} KiB): draw {}  draw+encode {}",
        sheet.width(),
        sheet.height(),
        sheet_png.len() / 1024,
        ms(sheet_draw),
        ms(sheet_both)
    );

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
