//! Legal-action counts along fixed random games (like shakmaty's perft files): any change
//! to placement, closure, card, spell or turn rules shows up as a changed count.
//!
//! The expected counts live in `tests/regression/pandoria-family.txt` (the family game) and
//! `tests/regression/pandoria-standard.txt` (the standard game, both editions). After an
//! intended rules change, regenerate them with
//! `TURNPOST_BLESS=1 cargo test --test pandoria_regression` and review the diff.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::pandoria::{Edition, Mode, Options, Pandoria};
use turnpost_core::{Game, Seed};

fn counts(options: &Options, players: usize, seed: u64) -> Vec<usize> {
    let mut g = Pandoria::new(options, players, Seed::from_u64(seed)).unwrap();
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

fn check(file: &str, header: &str, games: &[(Options, &str)]) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/regression")
        .join(file);
    let mut text = format!("{header}\n");
    for (options, label) in games {
        for players in 2..=4 {
            for seed in 1..=3 {
                let c: Vec<String> = counts(options, players, seed)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                text.push_str(&format!("{label}{players} {seed}: {}\n", c.join(" ")));
            }
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

#[test]
fn legal_action_counts_match_the_regression_file() {
    check(
        "pandoria-family.txt",
        "# players seed: legal-action count at every decision of a seeded random family game",
        &[(Options::default(), "")],
    );
}

#[test]
fn standard_game_legal_action_counts_match_the_regression_file() {
    let standard = |edition| Options {
        mode: Mode::Standard,
        edition,
        ..Options::default()
    };
    check(
        "pandoria-standard.txt",
        "# edition players seed: legal-action count at every decision of a seeded random standard game (realms at random)",
        &[
            (standard(Edition::Yucata), "yucata "),
            (standard(Edition::Second), "second "),
        ],
    );
}
