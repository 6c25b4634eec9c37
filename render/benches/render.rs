//! Criterion benchmarks of the PNG pictures: the public Pandoria table of a late 4-player
//! standard game (drawing, encoding, both), a hand, a tile preview and the Roll Through the Ages
//! sheets, and what their words cost. `cargo bench -p turnpost-render --bench render`.

#[path = "../tests/support/samples.rs"]
mod samples;

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use turnpost_core::Game;
use turnpost_core::pandoria::Mode;
use turnpost_core::words::Lang;
use turnpost_render::Renderer;
use turnpost_render::png::encode_png;

fn pictures(c: &mut Criterion) {
    let r = Renderer::new();
    let game = samples::pandoria_late_in(Mode::Standard, 4, 7);
    let public = game.public_view();
    let seat = game.seat_view(game.current());
    let image = r.public_image("pandoria", &public, Lang::En).unwrap();
    let rtta = samples::rtta_after(4, 3, 12).public_view();

    c.bench_function("pandoria public draw", |b| {
        b.iter(|| {
            r.public_image("pandoria", black_box(&public), Lang::En)
                .unwrap()
        })
    });
    c.bench_function("pandoria public encode", |b| {
        b.iter(|| encode_png(black_box(&image)).unwrap())
    });
    c.bench_function("pandoria public draw+encode", |b| {
        b.iter(|| {
            encode_png(
                &r.public_image("pandoria", black_box(&public), Lang::En)
                    .unwrap(),
            )
            .unwrap()
        })
    });
    c.bench_function("pandoria public by name", |b| {
        b.iter(|| {
            r.public_png("pandoria", black_box(&public), Lang::En)
                .unwrap()
        })
    });
    c.bench_function("pandoria hand draw+encode", |b| {
        b.iter(|| {
            encode_png(
                &r.private_image("pandoria", black_box(&seat), "pandoria-hand.png", Lang::En)
                    .unwrap()
                    .unwrap(),
            )
            .unwrap()
        })
    });
    c.bench_function("pandoria tile preview draw+encode", |b| {
        b.iter(|| {
            encode_png(
                &r.private_image(
                    "pandoria",
                    black_box(&seat),
                    "pandoria-tile-preview.png",
                    Lang::En,
                )
                .unwrap()
                .unwrap(),
            )
            .unwrap()
        })
    });
    c.bench_function("rtta public draw+encode", |b| {
        b.iter(|| encode_png(&r.public_image("rtta", black_box(&rtta), Lang::En).unwrap()).unwrap())
    });
}

/// What formatting words costs a picture: a picture's texts are each (at most) one
/// `Lang::render` of a message with an argument or a name from the data; this renders 300
/// such and counts the texts of the board picture, so the words cost a picture its texts ×
/// a three-hundredth of this.
fn words(c: &mut Criterion) {
    use turnpost_core::t;
    use turnpost_core::words::Text;
    let recording = Renderer::with_fonts(turnpost_render::png::Fonts::recording());
    let public = samples::pandoria_late_in(Mode::Standard, 4, 7).public_view();
    recording.fonts().take_runs();
    recording
        .public_image("pandoria", &public, Lang::En)
        .unwrap();
    let texts = recording.fonts().take_runs().len();
    println!("the standard 4-player board draws {texts} texts");
    let name = Text::name("Bank", Some("Bank"));
    c.bench_function("words: 300 picture texts", |b| {
        b.iter(|| {
            for n in 0..100u32 {
                black_box(Lang::En.render(&t!("render-pandoria-slot", n = n)));
                black_box(Lang::En.render(&t!("render-pandoria-monument-points", points = n)));
                black_box(Lang::En.render(&name));
            }
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50);
    targets = pictures, words
}
criterion_main!(benches);
