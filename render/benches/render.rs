//! Criterion benchmarks of the PNG pictures: the public Pandoria table of a late 4-player
//! standard game (drawing, encoding, both), a hand, a tile preview and the Roll Through the Ages
//! sheets. `cargo bench -p turnpost-render --bench render`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use turnpost_core::Game;
use turnpost_core::pandoria::Mode;
use turnpost_render::png::encode_png;
use turnpost_render::{Renderer, samples};

fn pictures(c: &mut Criterion) {
    let r = Renderer::new();
    let game = samples::pandoria_late_in(Mode::Standard, 4, 7);
    let public = game.public_view();
    let seat = game.seat_view(game.current());
    let image = r.pandoria_public(&public);
    let rtta = samples::rtta_after(4, 3, 12).public_view();

    c.bench_function("pandoria public draw", |b| {
        b.iter(|| r.pandoria_public(black_box(&public)))
    });
    c.bench_function("pandoria public encode", |b| {
        b.iter(|| encode_png(black_box(&image)).unwrap())
    });
    c.bench_function("pandoria public draw+encode", |b| {
        b.iter(|| encode_png(&r.pandoria_public(black_box(&public))).unwrap())
    });
    c.bench_function("pandoria public by name", |b| {
        b.iter(|| r.public_png("pandoria", black_box(&public)).unwrap())
    });
    c.bench_function("pandoria hand draw+encode", |b| {
        b.iter(|| encode_png(&r.pandoria_hand(black_box(&seat))).unwrap())
    });
    c.bench_function("pandoria tile preview draw+encode", |b| {
        b.iter(|| encode_png(&r.pandoria_preview(black_box(&seat))).unwrap())
    });
    c.bench_function("rtta public draw+encode", |b| {
        b.iter(|| encode_png(&r.rtta_public(black_box(&rtta))).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50);
    targets = pictures
}
criterion_main!(benches);
