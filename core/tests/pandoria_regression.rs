//! Legal-action counts along fixed random games (like shakmaty's perft files): any change
//! to placement, closure, card, spell or turn rules shows up as a changed count.
//!
//! The expected counts live in `tests/regression/pandoria-family.txt` (the family game),
//! `tests/regression/pandoria-standard.txt` (the standard game, both editions) and
//! `tests/regression/pandoria-variants.txt` (the family game with spells, the beginner game
//! and the partnership game) and `tests/regression/pandoria-realms.txt` (the standard game
//! with the expansion and promo realms) and `tests/regression/pandoria-artifacts.txt` (the
//! Artifacts expansion in every mode). After an intended rules change, regenerate them with
//! `TURNPOST_BLESS=1 cargo test -p turnpost-core --test pandoria_regression` and review the
//! diff.
//!
//! The counts are not only the listing's word: at every third decision of the first game of
//! each kind (the first player count, seed 1) every action of a candidate space is
//! printed, read back with the game's parser and tried, and the actions that apply must be
//! exactly the listed ones. The candidate space is every action form over every hex, slot,
//! market position, seat, realm and resource and every card the acting seat can see (its
//! hand, the market, the face-up top spells), with tiles on neighbouring hexes (a tile covers
//! two) and moves and Rage only from hexes where one of the seat's figures stands.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::hex::Hex;
use turnpost_core::pandoria::{
    Action, BoardSide, CardId, Edition, Mode, Options, Pandoria, Realm, RealmSets, Resource,
};
use turnpost_core::{Game, Seat, Seed};

/// Every action of the candidate space (see the module comment) for `seat` in the game as it
/// is.
fn candidates(g: &Pandoria, seat: Seat) -> Vec<Action> {
    let mut out = vec![
        Action::Pass,
        Action::Points,
        Action::Card,
        Action::DrawSingle,
    ];
    // Artifacts: every relic value a relic could have.
    for points in 0..=10 {
        out.push(Action::Relic(points));
    }
    // Cards the seat can see: its hand, the market, every face-up top spell.
    let mut cards: BTreeSet<CardId> = g.seat_state(seat).cards.iter().copied().collect();
    cards.extend(g.market());
    for s in 0..g.players() {
        cards.extend(g.seat_state(Seat(s as u8)).spells.last());
    }
    let pays = [
        None,
        Some(Resource::ALL[0]),
        Some(Resource::ALL[1]),
        Some(Resource::ALL[2]),
    ];
    for a in Hex::all() {
        out.extend([
            Action::Castle(a),
            Action::Worker(a),
            Action::Leader(a),
            Action::Retrieve(a),
            Action::Single(a),
            Action::Mountain(a),
        ]);
        for pay in pays {
            out.push(Action::Ship(a, pay));
        }
        for b in a.neighbours() {
            out.extend([
                Action::Tile(a, b),
                Action::SecondTile(a, b),
                Action::Start(a, b),
            ]);
        }
        if g.figure(a).is_some_and(|f| f.seat == seat) {
            for b in Hex::all() {
                out.extend([Action::Move(a, b), Action::Rage(a, b)]);
            }
        }
    }
    for realm in Realm::ALL {
        out.push(Action::Realm(realm));
    }
    for r in Resource::ALL {
        out.push(Action::Choose(r));
    }
    for seat in 0..4 {
        let s = Seat(seat);
        out.push(Action::Adopt(s));
        // The expansion realms: Goblins, Hanbok ransoms.
        for slot in 0..=6 {
            out.push(Action::Recall(s, slot));
            for leader in [false, true] {
                out.push(Action::Ransom(s, slot, leader));
            }
            for pay in pays {
                out.push(Action::Occupy(s, slot, pay));
            }
        }
        for pay in pays {
            out.push(Action::GoblinSpell(s, pay));
        }
    }
    out.extend([Action::Haunt(false), Action::Haunt(true)]);
    for pay in pays {
        out.push(Action::Recast(pay));
        for slot in 0..=6 {
            out.push(Action::Monument(slot, pay));
            out.push(Action::Buy(slot, pay));
        }
        for &id in &cards {
            out.extend([Action::Spell(id, pay), Action::Both(id, pay)]);
            for slot in 0..=6 {
                out.push(Action::Build(id, slot, pay));
            }
        }
    }
    for position in 0..=6 {
        out.push(Action::Take(position));
    }
    out
}

/// The actions that apply when every candidate is printed, read back and tried.
fn applying(g: &Pandoria, seat: Seat) -> BTreeSet<String> {
    let mut work = g.clone();
    let mut ok = BTreeSet::new();
    for candidate in candidates(g, seat) {
        let Ok(action) = work.parse_action(&candidate.to_string()) else {
            continue;
        };
        // A refused action leaves the game as it was (checked by the property tests), so
        // only an applied one needs a fresh copy.
        if work.apply(seat, &action).is_ok() {
            ok.insert(action.to_string());
            work = g.clone();
        }
    }
    ok
}

fn counts(options: &Options, players: usize, seed: u64, check_every: usize) -> Vec<usize> {
    let mut g = Pandoria::new(options, players, Seed::from_u64(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while let Some(d) = g.decision() {
        let legal = g.legal_actions(d.seat);
        if out.len() % check_every == 0 {
            let listed: BTreeSet<String> = legal.iter().map(ToString::to_string).collect();
            assert_eq!(listed.len(), legal.len(), "an action is listed twice");
            let tried = applying(&g, d.seat);
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
        let action = legal[rng.random_range(0..legal.len())];
        g.apply(d.seat, &action).unwrap();
    }
    out
}

/// A game kind in a regression file: options, label, player counts.
type Kind<'a> = (Options, &'a str, std::ops::RangeInclusive<usize>);

fn check(file: &str, header: &str, games: &[Kind]) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/regression")
        .join(file);
    let mut text = format!("{header}\n");
    for (options, label, players) in games {
        let mut first = true;
        for players in players.clone() {
            for seed in 1..=3 {
                let every = if first { 3 } else { usize::MAX };
                first = false;
                let c: Vec<String> = counts(options, players, seed, every)
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
        &[(Options::default(), "", 2..=4)],
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
            (standard(Edition::Yucata), "yucata ", 2..=4),
            (standard(Edition::Second), "second ", 2..=4),
        ],
    );
}

#[test]
fn variant_legal_action_counts_match_the_regression_file() {
    let mode = |mode| Options {
        mode,
        ..Options::default()
    };
    check(
        "pandoria-variants.txt",
        "# game players seed: legal-action count at every decision of a seeded random game (realms at random)",
        &[
            (mode(Mode::FamilySpells), "family_spells ", 2..=4),
            (mode(Mode::Beginner), "beginner ", 2..=4),
            (
                Options {
                    edition: Edition::Second,
                    ..mode(Mode::Beginner)
                },
                "beginner second ",
                2..=4,
            ),
            (
                Options {
                    partnership: true,
                    ..mode(Mode::Standard)
                },
                "partnership ",
                4..=4,
            ),
            (
                Options {
                    partnership: true,
                    ..mode(Mode::Family)
                },
                "family partnership ",
                4..=4,
            ),
        ],
    );
}

#[test]
fn expansion_realm_legal_action_counts_match_the_regression_file() {
    let realms = |realm_sets, edition, partnership| Options {
        mode: Mode::Standard,
        realm_sets,
        edition,
        partnership,
        ..Options::default()
    };
    check(
        "pandoria-realms.txt",
        "# sets players seed: legal-action count at every decision of a seeded random standard game with the expansion and promo realms (realms at random)",
        &[
            (
                realms(RealmSets::All, Edition::Yucata, false),
                "all ",
                2..=4,
            ),
            (
                realms(RealmSets::ExpansionPromo, Edition::Second, false),
                "expansion_promo second ",
                2..=4,
            ),
            (
                realms(RealmSets::Expansion, Edition::Yucata, true),
                "expansion partnership ",
                4..=4,
            ),
        ],
    );
}

#[test]
fn artifacts_legal_action_counts_match_the_regression_file() {
    let artifacts = |mode, partnership| Options {
        mode,
        partnership,
        artifacts: true,
        ..Options::default()
    };
    check(
        "pandoria-artifacts.txt",
        "# game players seed: legal-action count at every decision of a seeded random game with the Artifacts expansion",
        &[
            (artifacts(Mode::Family, false), "family ", 2..=4),
            (
                artifacts(Mode::FamilySpells, false),
                "family_spells ",
                2..=4,
            ),
            (artifacts(Mode::Standard, false), "standard ", 2..=4),
            (artifacts(Mode::Beginner, false), "beginner ", 2..=4),
            (artifacts(Mode::Standard, true), "partnership ", 4..=4),
        ],
    );
}

#[test]
fn river_legal_action_counts_match_the_regression_file() {
    let river = |mode| Options {
        mode,
        board: BoardSide::River,
        ..Options::default()
    };
    check(
        "pandoria-river.txt",
        "# game players seed: legal-action count at every decision of a seeded random game on the River side",
        &[
            (river(Mode::Family), "family ", 2..=4),
            (river(Mode::FamilySpells), "family_spells ", 2..=4),
            (river(Mode::Standard), "standard ", 2..=4),
            (river(Mode::Beginner), "beginner ", 2..=4),
        ],
    );
}
