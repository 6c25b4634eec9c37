//! Pandoria speed: full random family and standard games, and listing every legal action
//! on a mid-game board. Run with `cargo bench -p turnpost-core --bench pandoria`.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use turnpost_core::pandoria::{Action, BoardSide, Edition, Mode, Options, Pandoria, RealmSets};
use turnpost_core::{Game, Seed};

/// Plays one random game to the end, reusing the action buffer.
fn random_game(options: &Options, players: usize, seed: u64, buffer: &mut Vec<Action>) -> i32 {
    let mut g = Pandoria::new(options, players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(d) = g.decision() {
        buffer.clear();
        g.legal_actions_into(buffer);
        let action = buffer[rng.random_range(0..buffer.len())];
        g.apply(d.seat, &action).unwrap();
    }
    g.outcome().unwrap().scores.iter().sum()
}

/// A board after 20 random turns with 4 players, at a tile-placing decision.
fn mid_game() -> Pandoria {
    let mut g = Pandoria::new(&Options::default(), 4, Seed::from_u64(11)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut placed = 0;
    loop {
        let d = g.decision().unwrap();
        let legal = g.legal_actions(d.seat);
        if matches!(legal[0], Action::Tile(..)) {
            if placed == 20 {
                return g;
            }
            placed += 1;
        }
        let action = legal[rng.random_range(0..legal.len())];
        g.apply(d.seat, &action).unwrap();
    }
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("family random game");
    for players in [2, 3, 4] {
        let mut seed = 0;
        let mut buffer = Vec::with_capacity(2048);
        group.bench_function(format!("{players} players"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(&Options::default(), players, seed, &mut buffer))
            })
        });
    }
    group.finish();
    // The standard game: random realms (random unique), cards, spells, buildings, market.
    let mut group = c.benchmark_group("standard random game");
    // "all twelve realms": the expansion and promo realms dealt too (issue 15's measure,
    // next to the base-game figure of the same run).
    // "artifacts" and "river": the Artifacts expansion and the River side (issue 16's
    // measure, beside the base game).
    for (name, edition, realm_sets, artifacts, board) in [
        (
            "yucata",
            Edition::Yucata,
            RealmSets::Base,
            false,
            BoardSide::Pandoria,
        ),
        (
            "second edition",
            Edition::Second,
            RealmSets::Base,
            false,
            BoardSide::Pandoria,
        ),
        (
            "all twelve realms",
            Edition::Yucata,
            RealmSets::All,
            false,
            BoardSide::Pandoria,
        ),
        (
            "artifacts",
            Edition::Yucata,
            RealmSets::Base,
            true,
            BoardSide::Pandoria,
        ),
        (
            "river",
            Edition::Yucata,
            RealmSets::Base,
            false,
            BoardSide::River,
        ),
    ] {
        let options = Options {
            mode: Mode::Standard,
            edition,
            realm_sets,
            artifacts,
            board,
            ..Options::default()
        };
        let mut seed = 0;
        let mut buffer = Vec::with_capacity(2048);
        group.bench_function(format!("4 players, {name}"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(&options, 4, seed, &mut buffer))
            })
        });
    }
    group.finish();
}

fn listing(c: &mut Criterion) {
    let g = mid_game();
    let mut buffer = Vec::with_capacity(2048);
    c.bench_function("legal placements, mid-game, 4 players", |b| {
        b.iter(|| {
            buffer.clear();
            black_box(&g).legal_actions_into(&mut buffer);
            black_box(buffer.len())
        })
    });
}

criterion_group!(benches, playouts, listing);
criterion_main!(benches);
