//! Legal-action counts along fixed random games (like shakmaty's perft files): any change
//! to placement, closure or turn rules shows up as a changed count.
//!
//! The expected counts live in `tests/regression/pandoria-family.txt`. After an intended
//! rules change, regenerate them with `TURNPOST_BLESS=1 cargo test --test pandoria_regression`
//! and review the diff.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::pandoria::{Options, Pandoria};
use turnpost_core::{Game, Seed};

fn counts(players: usize, seed: u64) -> Vec<usize> {
    let mut g = Pandoria::new(&Options::default(), players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while let Some(d) = g.decision() {
        let legal = g.legal_actions(d.seat);
        out.push(legal.len());
        let action = legal[rng.random_range(0..legal.len())];
        g.apply(d.seat, &action).unwrap();
    }
    out
}

#[test]
fn legal_action_counts_match_the_regression_file() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/regression/pandoria-family.txt");
    let mut text = String::from(
        "# players seed: legal-action count at every decision of a seeded random family game\n",
    );
    for players in 2..=4 {
        for seed in 1..=3 {
            let c: Vec<String> = counts(players, seed)
                .iter()
                .map(ToString::to_string)
                .collect();
            text.push_str(&format!("{players} {seed}: {}\n", c.join(" ")));
        }
    }
    if std::env::var_os("TURNPOST_BLESS").is_some() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    for (got, want) in text.lines().zip(want.lines()) {
        assert_eq!(
            got, want,
            "legal-action counts changed (see the module comment)"
        );
    }
    assert_eq!(text.lines().count(), want.lines().count());
}
