//! AI seats: players that decide from what their seat may know.
//!
//! **No peeking, by construction.** The AI's only input is a [`Knowledge`]: a game redacted
//! for one seat ([`Game::redact`]: every item the seat cannot see — other hands, the order of
//! piles, the random generator — put in a canonical order). A `Knowledge` cannot be turned
//! back into the real state; two games that differ only in hidden items give equal
//! knowledge (the hidden-information property test checks it). Whatever the AI needs of the
//! hidden items it samples: [`Knowledge::sample`] deals them at random
//! ([`Game::determinize`]), so every playout runs in one world consistent with what the seat
//! knows (determinization).
//!
//! **Levels.** [`Level::Random`] picks any legal action (a baseline for tournaments).
//! [`Level::Easy`] looks one action ahead in one sampled world and takes the best
//! [`Game::evaluate`] margin over the best other seat. [`Level::Normal`] and [`Level::Strong`]
//! search: the easy ranking keeps the most promising candidates, then a bandit (UCB1) spends
//! the playout budget on them; each playout samples a fresh world, plays the candidate, then
//! plays on at random for a number of decisions (every seat, the AI's included) and scores
//! the position reached: a won game 1, a lost one 0, an unfinished one by the evaluation
//! margin. The candidate with the best mean wins. This is information-set Monte Carlo
//! search with flat root statistics: over dice (Roll Through the Ages) the playouts are the
//! expectation over rerolls, and building and buying are judged by simulation.
//!
//! **Deterministic given a seed.** Everything random comes from the `seed` argument; only
//! a time cap ([`Budget::time`]) can cut a search short, and tests and tournaments run
//! without one.

use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::game::{Game, Seat};

/// How strong an AI seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Any legal action, uniformly: a baseline, not offered at tables.
    Random,
    /// One action ahead, by the evaluation.
    Easy,
    /// A short search.
    Normal,
    /// A longer search.
    Strong,
}

impl Level {
    /// The levels a table can seat, weakest first.
    pub const SEATED: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong];

    /// The name used in storage and commands (`strong`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Strong => "strong",
        }
    }

    /// Reads [`Level::name`].
    pub fn parse(text: &str) -> Option<Level> {
        [Level::Random, Level::Easy, Level::Normal, Level::Strong]
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(text.trim()))
    }

    /// The search budget of this level at a table: playouts, how far each looks, and the
    /// time cap that keeps a decision within two seconds on a busy machine.
    pub fn budget(self) -> Budget {
        match self {
            Level::Random | Level::Easy => Budget {
                playouts: 0,
                candidates: 0,
                depth: 0,
                time: None,
            },
            Level::Normal => Budget {
                playouts: 120,
                candidates: 6,
                depth: 24,
                time: Some(Duration::from_millis(600)),
            },
            Level::Strong => Budget {
                playouts: 480,
                candidates: 10,
                depth: 40,
                time: Some(Duration::from_millis(1500)),
            },
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How much a search may spend on one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Playouts in all.
    pub playouts: u32,
    /// The most candidates searched (the rest are cut by the one-step ranking).
    pub candidates: usize,
    /// Decisions played at random after the candidate before the position is scored.
    pub depth: u32,
    /// A wall-clock cap; `None` for reproducible runs (tests, tournaments).
    pub time: Option<Duration>,
}

impl Budget {
    /// The same budget without its time cap: the search is then deterministic.
    pub fn untimed(self) -> Budget {
        Budget { time: None, ..self }
    }
}

/// What one seat may know of a game: the only input of the AI.
///
/// Built from the real game by [`Knowledge::new`], which redacts it at once; it keeps no
/// reference to the real state, and nothing in it is hidden from the seat.
#[derive(Clone, Debug)]
pub struct Knowledge<G: Game> {
    seat: Seat,
    redacted: G,
}

impl<G: Game> Knowledge<G> {
    /// What `seat` may know of `game`.
    pub fn new(game: &G, seat: Seat) -> Self {
        Knowledge {
            seat,
            redacted: game.redact(seat),
        }
    }

    /// The seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Whether the seat must decide now.
    pub fn to_act(&self) -> bool {
        self.redacted
            .decision()
            .is_some_and(|d| d.seat == self.seat)
    }

    /// The seat's legal actions now (they depend only on what it may see).
    pub fn legal_actions(&self) -> Vec<G::Action> {
        self.redacted.legal_actions(self.seat)
    }

    /// One world consistent with the knowledge: the hidden items dealt at random.
    pub fn sample(&self, rng: &mut dyn rand::RngCore) -> G {
        let mut world = self.redacted.clone();
        world.determinize(self.seat, rng);
        world
    }

    /// The knowledge as JSON, to compare two of them (tests).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "seat": self.seat.0, "game": &self.redacted })
    }
}

/// The action an AI of `level` takes for the knowledge's seat, with the level's budget
/// (`budget` overrides it, e.g. [`Budget::untimed`] for a reproducible run). `None` when
/// the seat has nothing to decide.
pub fn choose<G: Game>(
    knowledge: &Knowledge<G>,
    level: Level,
    budget: Option<Budget>,
    seed: u64,
) -> Option<G::Action> {
    let legal = knowledge.legal_actions();
    if legal.len() <= 1 {
        return legal.into_iter().next();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    match level {
        Level::Random => legal.choose(&mut rng).cloned(),
        Level::Easy => {
            let ranked = rank(knowledge, legal, &mut rng);
            ranked.into_iter().next().map(|(a, _)| a)
        }
        Level::Normal | Level::Strong => {
            let budget = budget.unwrap_or_else(|| level.budget());
            search(knowledge, legal, &budget, &mut rng)
        }
    }
}

/// The evaluation of `seat` less the best other seat's.
fn margin<G: Game>(game: &G, seat: Seat) -> f64 {
    let own = game.evaluate(seat);
    let best_other = (0..game.players())
        .map(|s| Seat(s as u8))
        .filter(|&s| s != seat)
        .map(|s| game.evaluate(s))
        .fold(f64::NEG_INFINITY, f64::max);
    if best_other.is_finite() {
        own - best_other
    } else {
        own
    }
}

/// How good `game` is for `seat`, from 0 to 1: a finished game by its result (a shared
/// first place counts a half; the score margin breaks close calls), an unfinished one by
/// the evaluation margin.
fn leaf_value<G: Game>(game: &G, seat: Seat) -> f64 {
    match game.outcome() {
        Some(outcome) => {
            let won = outcome.winners.contains(&seat);
            let base = match (won, outcome.winners.len()) {
                (true, 1) => 1.0,
                (true, _) => 0.6,
                (false, _) => 0.0,
            };
            let scale = (margin(game, seat) / 40.0).clamp(-1.0, 1.0);
            0.9 * base + 0.05 + 0.05 * scale
        }
        None => 0.5 + 0.5 * (margin(game, seat) / 8.0).tanh(),
    }
}

/// The legal actions ranked best first by the margin they give one step on, in one sampled
/// world (ties broken at random).
fn rank<G: Game>(
    knowledge: &Knowledge<G>,
    legal: Vec<G::Action>,
    rng: &mut ChaCha8Rng,
) -> Vec<(G::Action, f64)> {
    let world = knowledge.sample(rng);
    let seat = knowledge.seat;
    let mut scored: Vec<(G::Action, f64, u32)> = legal
        .into_iter()
        .map(|action| {
            let mut next = world.clone();
            let value = match next.apply(seat, &action) {
                Ok(_) => match next.outcome() {
                    Some(_) => leaf_value(&next, seat) * 100.0,
                    None => margin(&next, seat),
                },
                Err(_) => f64::NEG_INFINITY,
            };
            (action, value, rng.random())
        })
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.2.cmp(&b.2)));
    scored.into_iter().map(|(a, v, _)| (a, v)).collect()
}

/// Plays up to `depth` decisions at random (any seat), or to the end.
fn playout<G: Game>(game: &mut G, depth: u32, rng: &mut ChaCha8Rng) {
    for _ in 0..depth {
        let Some(decision) = game.decision() else {
            return;
        };
        let legal = game.legal_actions(decision.seat);
        let Some(action) = legal.choose(rng) else {
            return;
        };
        if game.apply(decision.seat, action).is_err() {
            return;
        }
    }
}

/// Flat UCB1 over the best candidates of the one-step ranking.
fn search<G: Game>(
    knowledge: &Knowledge<G>,
    legal: Vec<G::Action>,
    budget: &Budget,
    rng: &mut ChaCha8Rng,
) -> Option<G::Action> {
    let started = Instant::now();
    let seat = knowledge.seat;
    let mut candidates = rank(knowledge, legal, rng);
    candidates.truncate(budget.candidates.max(1));
    if candidates.len() == 1 || budget.playouts == 0 {
        return candidates.into_iter().next().map(|(a, _)| a);
    }
    let mut visits = vec![0u32; candidates.len()];
    let mut totals = vec![0f64; candidates.len()];
    for n in 0..budget.playouts {
        if budget.time.is_some_and(|cap| started.elapsed() >= cap) {
            break;
        }
        let pick = if (n as usize) < candidates.len() {
            n as usize
        } else {
            let log_n = f64::from(n).ln();
            (0..candidates.len())
                .max_by(|&a, &b| {
                    let ucb = |i: usize| {
                        totals[i] / f64::from(visits[i])
                            + 0.5 * (2.0 * log_n / f64::from(visits[i])).sqrt()
                    };
                    ucb(a).total_cmp(&ucb(b))
                })
                .unwrap_or(0)
        };
        let mut world = knowledge.sample(rng);
        let value = match world.apply(seat, &candidates[pick].0) {
            Ok(_) => {
                playout(&mut world, budget.depth, rng);
                leaf_value(&world, seat)
            }
            // Not legal in this world: cannot happen when legal actions depend only on what
            // the seat sees; counted as a loss so such a candidate is never preferred.
            Err(_) => 0.0,
        };
        visits[pick] += 1;
        totals[pick] += value;
    }
    // The best mean among candidates tried; the one-step ranking breaks ties.
    (0..candidates.len())
        .filter(|&i| visits[i] > 0)
        .max_by(|&a, &b| {
            let mean = |i: usize| totals[i] / f64::from(visits[i]);
            mean(a).total_cmp(&mean(b)).then(b.cmp(&a))
        })
        .or(Some(0))
        .map(|i| candidates.swap_remove(i).0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pandoria::Pandoria;
    use crate::rtta::Rtta;

    #[test]
    fn levels_read_back() {
        for level in [Level::Random, Level::Easy, Level::Normal, Level::Strong] {
            assert_eq!(Level::parse(level.name()), Some(level));
        }
        assert_eq!(Level::parse("Strong "), Some(Level::Strong));
        assert_eq!(Level::parse("grandmaster"), None);
    }

    fn play_out<G: Game>(mut game: G, levels: &[Level], seed: u64) -> (Vec<String>, G) {
        let mut moves = Vec::new();
        let mut n = 0u64;
        while let Some(d) = game.decision() {
            let level = levels[d.seat.index() % levels.len()];
            let knowledge = Knowledge::new(&game, d.seat);
            let budget = Some(Budget {
                playouts: 24,
                candidates: 4,
                depth: 8,
                time: None,
            });
            let action = choose(&knowledge, level, budget, seed ^ n).expect("a legal action");
            assert!(
                game.legal_actions(d.seat).contains(&action),
                "{level} chose {action}, not legal"
            );
            moves.push(action.to_string());
            game.apply(d.seat, &action).expect("legal");
            n += 1;
            assert!(n < 5_000, "the game does not end");
        }
        (moves, game)
    }

    #[test]
    fn every_level_finishes_games_of_both_games_and_is_reproducible() {
        let options = crate::pandoria::Options::default();
        let game = Pandoria::new(&options, 2, crate::Seed::from_u64(3)).unwrap();
        let levels = [Level::Normal, Level::Easy];
        let (a, end) = play_out(game.clone(), &levels, 9);
        let (b, _) = play_out(game, &levels, 9);
        assert_eq!(a, b, "same seed, same game");
        assert!(end.outcome().is_some());

        let rtta = Rtta::new(&Default::default(), 2, crate::Seed::from_u64(4)).unwrap();
        let (a, end) = play_out(rtta.clone(), &[Level::Strong, Level::Random], 5);
        let (b, _) = play_out(rtta, &[Level::Strong, Level::Random], 5);
        assert_eq!(a, b);
        assert!(end.outcome().is_some());
    }
}
