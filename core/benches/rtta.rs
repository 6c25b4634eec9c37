//! Roll Through the Ages speed: full random 4-player games, with a uniform random policy
//! and with a thrifty one that rarely buys (longer games with more building). Run with
//! `cargo bench -p turnpost-core --bench rtta`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use turnpost_core::rtta::{Action, DecisionKind, Options, Rtta};
use turnpost_core::{Game, Seed};

/// Plays one random game to the end, reusing the action buffer; returns the score total so
/// nothing is optimised away.
fn random_game(players: usize, seed: u64, thrifty: bool, buffer: &mut Vec<Action>) -> i32 {
    let mut g = Rtta::new(&Options::default(), players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(d) = g.decision() {
        g.legal_actions_into(d.seat, buffer);
        let action =
            if thrifty && matches!(d.kind, DecisionKind::Buy { .. }) && rng.random_bool(0.9) {
                Action::Done
            } else {
                buffer[rng.random_range(0..buffer.len())]
            };
        g.apply(d.seat, &action).unwrap();
    }
    g.outcome().unwrap().scores.iter().sum()
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("rtta random game");
    group.throughput(Throughput::Elements(1));
    for (name, thrifty) in [("4 players", false), ("4 players thrifty", true)] {
        let mut seed = 0;
        let mut buffer = Vec::with_capacity(512);
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(4, seed, thrifty, &mut buffer))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
