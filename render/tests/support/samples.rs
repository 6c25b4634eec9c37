//! Reproducible sample positions for the renderer's tests, benchmarks and the README
//! pictures: games played with seeded random legal actions.
//!
//! The choice of action uses a small fixed generator (SplitMix64) of its own, so the
//! positions stay the same whatever the random crates do.
//!
//! Test support, never shipped in the library: the library's unit tests include it with
//! `#[cfg(test)]`, and each test, example and benchmark with `#[path]` (each uses some of it).
#![allow(dead_code)]

use turnpost_core::pandoria::{Mode, Options, Pandoria, RealmSets, Step};
use turnpost_core::rtta::Rtta;
use turnpost_core::{Game, Seed};

/// SplitMix64: a tiny generator whose sequence never changes.
#[derive(Clone, Debug)]
pub struct Picker(u64);

impl Picker {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Picker {
        Picker(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Plays random legal actions while `go_on` holds and the game is running.
pub fn play_random<G: Game>(game: &mut G, seed: u64, go_on: impl FnMut(&G) -> bool) {
    play_preferring(game, seed, &[], go_on);
}

/// Plays random legal actions while `go_on` holds, choosing among the actions whose
/// notation starts with one of `preferred` seven times in ten when there are any (so sample
/// games look more like played ones than pure random play does).
pub fn play_preferring<G: Game>(
    game: &mut G,
    seed: u64,
    preferred: &[&str],
    mut go_on: impl FnMut(&G) -> bool,
) {
    let mut picker = Picker::new(seed);
    let mut steps = 0;
    while go_on(game) && steps < 100_000 {
        let Some(d) = game.decision() else { break };
        let legal = game.legal_actions(d.seat);
        if legal.is_empty() {
            break;
        }
        let liked: Vec<&G::Action> = legal
            .iter()
            .filter(|a| {
                let text = a.to_string();
                preferred.iter().any(|p| text.starts_with(p))
            })
            .collect();
        let action = if !liked.is_empty() && picker.below(10) < 7 {
            liked[picker.below(liked.len())].clone()
        } else {
            legal[picker.below(legal.len())].clone()
        };
        if game.apply(d.seat, &action).is_err() {
            break;
        }
        steps += 1;
    }
}

/// A Pandoria family game with `players` seats, played at random until the stack is empty
/// (the last round), stopped at a tile placement of the next player.
pub fn pandoria_late(players: usize, seed: u64) -> Pandoria {
    pandoria_late_in(Mode::Family, players, seed)
}

/// Like [`pandoria_late`], in any mode (the standard game has realms, cards, buildings).
pub fn pandoria_late_in(mode: Mode, players: usize, seed: u64) -> Pandoria {
    let options = Options {
        mode,
        ..Options::default()
    };
    late(&options, players, seed, &[], 0)
}

/// A standard game with all twelve realms dealt (the expansion and promo realms among
/// them), played like [`pandoria_late_in`] but preferring the new realms' actions too.
pub fn pandoria_realms_late(players: usize, seed: u64) -> Pandoria {
    let options = Options {
        mode: Mode::Standard,
        realm_sets: RealmSets::All,
        ..Options::default()
    };
    late(&options, players, seed, &["haunt", "occupy", "goblin"], 0)
}

/// A game with the Artifacts expansion in `mode`, played like [`pandoria_late_in`] but
/// preferring relics, mountain castles and single tiles, stopped at a tile placement.
pub fn pandoria_artifacts_late(mode: Mode, players: usize, seed: u64) -> Pandoria {
    let options = Options {
        mode,
        artifacts: true,
        ..Options::default()
    };
    late(&options, players, seed, &["relic", "mountain", "single"], 0)
}

/// A game on the River side in `mode`, played like [`pandoria_late_in`] but preferring the
/// printed Astral Ship, until 6 tiles are left, stopped at a tile placement.
pub fn pandoria_river_late(mode: Mode, players: usize, seed: u64) -> Pandoria {
    let options = Options {
        mode,
        board: turnpost_core::pandoria::BoardSide::River,
        ..Options::default()
    };
    late(&options, players, seed, &["ship"], 6)
}

/// A Pandoria game played preferring figures, building, buying and casting (and the
/// actions starting with `also`) until `keep` tiles are left in the stack; then the current
/// turn is finished so the picture shows a fresh placement and a "place" prompt.
fn late(options: &Options, players: usize, seed: u64, also: &[&str], keep: usize) -> Pandoria {
    let mut g = Pandoria::new(options, players, Seed::from_u64(seed)).expect("2 to 4 players");
    let mut preferred = also.to_vec();
    preferred.extend(["worker", "leader", "build", "buy", "spell", "monument"]);
    play_preferring(&mut g, seed, &preferred, |g| g.tiles_left() > keep);
    play_random(&mut g, seed ^ 1, |g| !matches!(g.step(), Step::Place));
    g
}

/// A Pandoria game after `actions` random actions.
pub fn pandoria_after(players: usize, seed: u64, actions: usize) -> Pandoria {
    let mut g =
        Pandoria::new(&Default::default(), players, Seed::from_u64(seed)).expect("2 to 4 players");
    let mut left = actions;
    play_random(&mut g, seed, |_| {
        left = left.saturating_sub(1);
        left > 0
    });
    g
}

/// A Roll Through the Ages game with `players` seats after `rounds` rounds of play that
/// prefers building and buying, stopped at the first decision of the next round.
pub fn rtta_after(players: usize, seed: u64, rounds: u16) -> Rtta {
    let mut g =
        Rtta::new(&Default::default(), players, Seed::from_u64(seed)).expect("1 to 4 players");
    play_preferring(&mut g, seed, &["build", "buy", "food"], |g| {
        let v = g.public_view();
        !v.over && v.round <= rounds
    });
    g
}

/// A registered game (by its name) early in a game of seed 1 with the fewest players it
/// takes (two at least): three random legal actions played.
pub fn registered_early(game: &str) -> Box<dyn turnpost_core::dynamic::DynGame> {
    let info = turnpost_core::registry::find(game).expect("a registered game");
    let players = (*info.players.start()).max(2);
    let mut g = info.new_game(&[], players, Seed::from_u64(1)).unwrap();
    let mut picker = Picker::new(1);
    for _ in 0..3 {
        if let Some(d) = g.decision() {
            let legal = g.legal_notations(d.seat);
            g.play(d.seat, &legal[picker.below(legal.len())]).unwrap();
        }
    }
    g
}
