//! Criterion benchmarks of the PNG pictures: the public Pandoria table of a late 4-player
//! standard game (drawing, encoding, both), a hand, a tile preview and the Roll Through the Ages
//! sheets. `cargo bench -p turnpost-render --bench render`.

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

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50);
    targets = pictures
}
criterion_main!(benches);
