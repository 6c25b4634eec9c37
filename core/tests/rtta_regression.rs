//! Legal-action counts along fixed random Roll Through the Ages games (like shakmaty's perft
//! files): any change to dice, food, goods, building, buying, disasters or trading shows up as
//! a changed count.
//!
//! The expected counts live in `tests/regression/rtta.txt` (1–4 players, and the trade
//! variant for 2–4). After an intended rules change, regenerate them with
//! `TURNPOST_BLESS=1 cargo test -p turnpost-core --test rtta_regression` and review the diff.
//!
//! The counts are not only the listing's word: at every other decision of the first game of
//! each kind every action of a candidate space (every dice set, every target and number up to 40,
//! every development with every set of goods sold, every good, resource and amount up to 16,
//! every seat) is printed, read back with the game's parser and tried, and the actions that
//! apply must be exactly the listed ones.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::rtta::{
    Action, DecisionKind, Development, DiceSet, Good, GoodsSet, Monument, Options, Resource, Rtta,
    Target,
};
use turnpost_core::{Game, Seat, Seed};

fn candidates() -> Vec<Action> {
    let mut out = vec![Action::Done, Action::Accept, Action::Decline];
    for set in 0..=255u8 {
        out.extend([Action::Reroll(DiceSet(set)), Action::Choose(DiceSet(set))]);
    }
    let targets = std::iter::once(Target::City).chain(Monument::all().map(Target::Monument));
    for target in targets {
        out.extend((0..=40).map(|n| Action::Build(target, n)));
    }
    for n in 0..=16 {
        out.extend([Action::Engineering(n), Action::Granaries(n)]);
        for good in Good::all() {
            out.extend([
                Action::Discard(good, n),
                Action::Give(Resource::Good(good), n),
                Action::Get(Resource::Good(good), n),
            ]);
        }
        out.extend([
            Action::Give(Resource::Food, n),
            Action::Get(Resource::Food, n),
        ]);
    }
    for development in Development::all() {
        for sold in 0..(1u8 << Good::all().count()) {
            out.push(Action::Buy(development, GoodsSet(sold)));
        }
    }
    for seat in 0..5 {
        out.push(Action::Offer(Seat(seat)));
    }
    out
}

/// The actions that apply when every candidate is printed, read back and tried.
fn applying(g: &Rtta, seat: Seat, candidates: &[Action]) -> BTreeSet<String> {
    let mut work = g.clone();
    let mut ok = BTreeSet::new();
    for candidate in candidates {
        let Ok(action) = work.parse_action(&candidate.to_string()) else {
            continue;
        };
        // A refused action leaves the game as it was (checked by the property tests).
        if work.apply(seat, &action).is_ok() {
            ok.insert(action.to_string());
            work = g.clone();
        }
    }
    ok
}

fn counts(options: &Options, players: usize, seed: u64, cross_check: bool) -> Vec<usize> {
    let mut g = Rtta::new(options, players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let all = candidates();
    let mut out = Vec::new();
    while let Some(d) = g.decision() {
        let legal = g.legal_actions(d.seat);
        if cross_check && out.len() % 2 == 0 {
            let listed: BTreeSet<String> = legal.iter().map(ToString::to_string).collect();
            assert_eq!(listed.len(), legal.len(), "an action is listed twice");
            let tried = applying(&g, d.seat, &all);
            assert_eq!(
                listed,
                tried,
                "{options:?}, {players} players, seed {seed}, decision {}: listed but refused {:?}; \
                 applied but not listed {:?}",
                out.len(),
                listed.difference(&tried).collect::<Vec<_>>(),
                tried.difference(&listed).collect::<Vec<_>>()
            );
        }
        out.push(legal.len());
        // Trading could go on for ever: stop it half the time.
        let action = if matches!(d.kind, DecisionKind::Trade) && rng.random_bool(0.5) {
            Action::Done
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        g.apply(d.seat, &action).unwrap();
        assert!(out.len() < 20_000, "the game does not end");
    }
    out
}

#[test]
fn legal_action_counts_match_the_regression_file() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regression/rtta.txt");
    let mut text = String::from(
        "# variant players seed: legal-action count at every decision of a seeded random game\n",
    );
    for (trade, label, players) in [(false, "basic", 1..=4), (true, "trade", 2..=4)] {
        let mut first = true;
        for players in players {
            for seed in 1..=3 {
                let c: Vec<String> = counts(&Options { trade }, players, seed, first)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                first = false;
                text.push_str(&format!("{label} {players} {seed}: {}\n", c.join(" ")));
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
