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
//! [`Game::evaluate`] margin over the best other team (partners count together).
//! [`Level::Normal`] and [`Level::Strong`] search. First they rank every legal action by
//! where it leads once the seat's own turn is done: in one sampled world the action is
//! played, then the seat's following decisions of the same turn are taken greedily by the
//! margin one step on (so a tile placement is judged with the figure it allows). The best
//! candidates then share the playout budget by sequential halving: in each round every
//! candidate left is played in the same freshly sampled worlds with the same playout dice,
//! and the worse half by mean value drops out (the ranking counts as two playouts of each
//! candidate). A playout plays on for a number of decisions (every seat, the AI's
//! included), mostly taking the best of a few random legal actions by the margin one step
//! on and sometimes any legal action, and scores the position reached: a won game 1, a lost
//! one 0, an unfinished one by the evaluation margin. This is information-set Monte Carlo
//! search with flat root statistics: over dice (Roll Through the Ages) the playouts are the
//! expectation over rerolls, and building and buying are judged by simulation.
//!
//! **Deterministic given a seed.** Everything random comes from the `seed` argument. Core
//! reads no clock: only a front end's `stop` ([`choose_until`], checking [`Budget::time`]
//! on its own clock) can cut a search short, and tests and tournaments run without one.
//! `cargo run -p turnpost-core --release --example tournament` plays levels against each
//! other (results in `docs/ai.md`).

use std::time::Duration;

use rand::seq::{IndexedRandom, SliceRandom};
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
    /// time cap that keeps a decision within two seconds on a busy machine. Untimed, a
    /// strong decision took 39 ms (median) and 129 ms (95th percentile) in Pandoria on one
    /// loaded core, and 2 ms / 6 ms in Roll Through the Ages (`docs/ai.md`).
    pub fn budget(self) -> Budget {
        match self {
            Level::Random | Level::Easy => Budget {
                playouts: 0,
                candidates: 0,
                depth: 0,
                time: None,
            },
            Level::Normal => Budget {
                playouts: 16,
                candidates: 4,
                depth: 6,
                time: Some(Duration::from_millis(600)),
            },
            Level::Strong => Budget {
                playouts: 64,
                candidates: 6,
                depth: 8,
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
    /// The most candidates searched (the rest are cut by the ranking that starts a search).
    pub candidates: usize,
    /// Decisions played after the candidate (by the playout policy: mostly the best of a
    /// few random legal actions) before the position is scored.
    pub depth: u32,
    /// A wall-clock cap the front end enforces ([`choose_until`]); `None` for reproducible
    /// runs (tests, tournaments).
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

/// An AI seat's knowledge with the game's type erased, for front ends
/// ([`crate::dynamic::DynGame::knowledge`]).
pub trait AiSeat: Send + Sync + std::fmt::Debug {
    /// The seat.
    fn seat(&self) -> Seat;
    /// The notation of the action an AI of `level` takes ([`choose_until`]): a search
    /// ends early once `stop` says so (the caller's clock).
    fn choose(
        &self,
        level: Level,
        budget: Option<Budget>,
        seed: u64,
        stop: &dyn Fn() -> bool,
    ) -> Option<String>;
}

impl<G: Game> AiSeat for Knowledge<G> {
    fn seat(&self) -> Seat {
        self.seat
    }

    fn choose(
        &self,
        level: Level,
        budget: Option<Budget>,
        seed: u64,
        stop: &dyn Fn() -> bool,
    ) -> Option<String> {
        choose_until(self, level, budget, seed, stop).map(|a| a.to_string())
    }
}

/// The action an AI of `level` takes for the knowledge's seat, with the level's budget
/// (`budget` overrides it) and no time cap: the same action for the same seed. `None` when
/// the seat has nothing to decide.
pub fn choose<G: Game>(
    knowledge: &Knowledge<G>,
    level: Level,
    budget: Option<Budget>,
    seed: u64,
) -> Option<G::Action> {
    choose_until(knowledge, level, budget, seed, &|| false)
}

/// [`choose`], with a search that stops early once `stop` returns true. Core reads no
/// clock: a front end passes a `stop` that compares its clock with [`Budget::time`].
pub fn choose_until<G: Game>(
    knowledge: &Knowledge<G>,
    level: Level,
    budget: Option<Budget>,
    seed: u64,
    stop: &dyn Fn() -> bool,
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
            search(knowledge, legal, &budget, &mut rng, stop)
        }
    }
}

/// Compares seats: which team each seat plays for (the partnership game's partners share
/// a score), so a margin is always one team's evaluation over the best other team's.
#[derive(Clone, Debug)]
struct Sides {
    /// The team of each seat, by seat index.
    team_of: Vec<usize>,
    /// The seats of each team.
    teams: Vec<Vec<Seat>>,
}

impl Sides {
    fn new<G: Game>(game: &G) -> Self {
        let teams = game.teams();
        let mut team_of = vec![0; game.players()];
        for (t, team) in teams.iter().enumerate() {
            for seat in team {
                if let Some(slot) = team_of.get_mut(seat.index()) {
                    *slot = t;
                }
            }
        }
        Sides { team_of, teams }
    }

    /// The evaluation of `seat`'s team less the best other team's ([`Game::evaluate`],
    /// summed over a team's seats).
    fn margin<G: Game>(&self, game: &G, seat: Seat) -> f64 {
        let own = self.team_of.get(seat.index()).copied().unwrap_or(0);
        let mut own_value = 0.0;
        let mut best_other = f64::NEG_INFINITY;
        for (t, team) in self.teams.iter().enumerate() {
            let value: f64 = team.iter().map(|&s| game.evaluate(s)).sum();
            if t == own {
                own_value = value;
            } else {
                best_other = best_other.max(value);
            }
        }
        if best_other.is_finite() {
            own_value - best_other
        } else {
            own_value
        }
    }

    /// How good `game` is for `seat`, from 0 to 1: a finished game by its result (a shared
    /// first place counts a little over a half; the margin breaks close calls), an unfinished
    /// one by the evaluation margin.
    fn leaf_value<G: Game>(&self, game: &G, seat: Seat) -> f64 {
        match game.outcome() {
            Some(outcome) => {
                let won = outcome.winners.contains(&seat);
                let own = self.team_of.get(seat.index()).copied().unwrap_or(0);
                let shared = outcome
                    .winners
                    .iter()
                    .any(|w| self.team_of.get(w.index()).copied() != Some(own));
                let base = match (won, shared) {
                    (true, false) => 1.0,
                    (true, true) => 0.6,
                    (false, _) => 0.0,
                };
                let scale = (self.margin(game, seat) / 40.0).clamp(-1.0, 1.0);
                0.9 * base + 0.05 + 0.05 * scale
            }
            None => 0.5 + 0.5 * (self.margin(game, seat) / MARGIN_SCALE).tanh(),
        }
    }
}

/// The evaluation margin, in points, at which an unfinished position counts about three
/// quarters won ([`Sides::leaf_value`]).
const MARGIN_SCALE: f64 = 10.0;

/// The legal actions ranked best first by the margin they give one step on, in one sampled
/// world (ties broken at random).
fn rank<G: Game>(
    knowledge: &Knowledge<G>,
    legal: Vec<G::Action>,
    rng: &mut ChaCha8Rng,
) -> Vec<(G::Action, f64)> {
    let world = knowledge.sample(rng);
    let sides = Sides::new(&world);
    score_in(&world, knowledge.seat, legal, &sides, 0, rng)
}

/// The legal actions ranked best first by where they lead once the seat has finished its
/// turn: each is played in one sampled world, then the seat's next decisions (while it is
/// still to act, at most [`TURN_STEPS`]) are taken greedily by the margin one step on, and
/// the margin reached ranks the action. A tile placement is thus judged with the figure it
/// allows, a die reroll with what it buys.
fn rank_turns<G: Game>(
    knowledge: &Knowledge<G>,
    legal: Vec<G::Action>,
    sides: &Sides,
    rng: &mut ChaCha8Rng,
) -> Vec<(G::Action, f64)> {
    let world = knowledge.sample(rng);
    score_in(&world, knowledge.seat, legal, sides, TURN_STEPS, rng)
}

/// Plays each action in `world`, then up to `steps` more greedy decisions of the seat while
/// it is still to act, and ranks the actions by the margin reached (a finished game by its
/// result); ties broken at random.
fn score_in<G: Game>(
    world: &G,
    seat: Seat,
    legal: Vec<G::Action>,
    sides: &Sides,
    steps: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<(G::Action, f64)> {
    let mut scored: Vec<(G::Action, f64, u32)> = legal
        .into_iter()
        .map(|action| {
            let mut next = world.clone();
            let value = match next.apply(seat, &action) {
                Ok(_) => {
                    for _ in 0..steps {
                        if next.decision().is_none_or(|d| d.seat != seat) {
                            break;
                        }
                        if !greedy_step(&mut next, sides, usize::MAX, rng) {
                            break;
                        }
                    }
                    match next.outcome() {
                        Some(_) => sides.leaf_value(&next, seat) * 100.0,
                        None => sides.margin(&next, seat),
                    }
                }
                Err(_) => f64::NEG_INFINITY,
            };
            (action, value, rng.random())
        })
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.2.cmp(&b.2)));
    scored.into_iter().map(|(a, v, _)| (a, v)).collect()
}

/// The most decisions of its own turn [`rank_turns`] plays after a candidate.
const TURN_STEPS: usize = 6;

/// How many of a decision's legal actions a playout compares ([`greedy_step`]).
const PLAYOUT_SAMPLE: usize = 6;

/// How often a playout takes any legal action instead of the best of a sample.
const PLAYOUT_EPSILON: f64 = 0.1;

/// How many playouts the one-step-ahead ranking of a candidate counts for in the search.
const PRIOR: f64 = 2.0;

/// Takes one decision for whoever is to act: the action with the best margin one step on
/// among at most `sample` of the legal actions drawn at random (all of them when there are
/// no more). `false` when the game is over or the action was refused.
fn greedy_step<G: Game>(game: &mut G, sides: &Sides, sample: usize, rng: &mut ChaCha8Rng) -> bool {
    let Some(decision) = game.decision() else {
        return false;
    };
    let seat = decision.seat;
    let mut legal = game.legal_actions(seat);
    if legal.len() > sample {
        let (chosen, _) = legal.partial_shuffle(rng, sample);
        let chosen = chosen.to_vec();
        legal = chosen;
    }
    let mut best: Option<(f64, G)> = None;
    for action in &legal {
        let mut next = game.clone();
        if next.apply(seat, action).is_err() {
            continue;
        }
        let value = match next.outcome() {
            Some(_) => sides.leaf_value(&next, seat) * 100.0,
            None => sides.margin(&next, seat),
        };
        if best.as_ref().is_none_or(|(b, _)| value > *b) {
            best = Some((value, next));
        }
    }
    match best {
        Some((_, next)) => {
            *game = next;
            true
        }
        None => false,
    }
}

/// Plays up to `depth` decisions (any seat's), or to the end: mostly the best of a few
/// legal actions by the margin one step on ([`greedy_step`]), sometimes any legal action.
fn playout<G: Game>(game: &mut G, sides: &Sides, depth: u32, rng: &mut ChaCha8Rng) {
    for _ in 0..depth {
        if rng.random_bool(PLAYOUT_EPSILON) {
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
        } else if !greedy_step(game, sides, PLAYOUT_SAMPLE, rng) {
            return;
        }
    }
}

/// Sequential halving over the best candidates of [`rank_turns`]: in each round every
/// candidate left is played in the same sampled worlds with the same playout dice (so they
/// are compared on equal terms), and the worse half by mean value drops out.
fn search<G: Game>(
    knowledge: &Knowledge<G>,
    legal: Vec<G::Action>,
    budget: &Budget,
    rng: &mut ChaCha8Rng,
    stop: &dyn Fn() -> bool,
) -> Option<G::Action> {
    let seat = knowledge.seat;
    let sides = Sides::new(&knowledge.redacted);
    let mut candidates = rank_turns(knowledge, legal, &sides, rng);
    candidates.truncate(budget.candidates.max(1));
    if candidates.len() == 1 || budget.playouts == 0 {
        return candidates.into_iter().next().map(|(a, _)| a);
    }
    let n = candidates.len();
    let rounds = usize::BITS - (n - 1).leading_zeros();
    let per_round = (budget.playouts / rounds).max(1) as usize;
    let mut visits = vec![0u32; n];
    let mut totals = vec![0f64; n];
    // The ranking counts as PRIOR playouts of each candidate: with few playouts per
    // candidate in the first round, it keeps a good candidate from dropping out by bad luck.
    for (i, (_, margin)) in candidates.iter().enumerate() {
        totals[i] = PRIOR * (0.5 + 0.5 * (margin.clamp(-100.0, 100.0) / MARGIN_SCALE).tanh());
    }
    // Candidates still in, by rank.
    let mut alive: Vec<usize> = (0..n).collect();
    let mut out_of_time = false;
    'rounds: while alive.len() > 1 {
        let worlds = (per_round / alive.len()).max(1);
        for _ in 0..worlds {
            let world = knowledge.sample(rng);
            let dice: u64 = rng.random();
            for &i in &alive {
                if stop() {
                    out_of_time = true;
                    break 'rounds;
                }
                let mut game = world.clone();
                let mut dice = ChaCha8Rng::seed_from_u64(dice);
                let value = match game.apply(seat, &candidates[i].0) {
                    Ok(_) => {
                        playout(&mut game, &sides, budget.depth, &mut dice);
                        sides.leaf_value(&game, seat)
                    }
                    // Not legal in this world: cannot happen when legal actions depend only
                    // on what the seat sees; counted as a loss so it is never preferred.
                    Err(_) => 0.0,
                };
                visits[i] += 1;
                totals[i] += value;
            }
        }
        let mean = |i: usize| totals[i] / (f64::from(visits[i]) + PRIOR);
        alive.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)).then(a.cmp(&b)));
        alive.truncate(alive.len().div_ceil(2));
    }
    let best = if out_of_time {
        // The best mean among the candidates tried; the ranking breaks ties.
        (0..n)
            .filter(|&i| visits[i] > 0)
            .max_by(|&a, &b| {
                let mean = |i: usize| totals[i] / (f64::from(visits[i]) + PRIOR);
                mean(a).total_cmp(&mean(b)).then(b.cmp(&a))
            })
            .unwrap_or(0)
    } else {
        alive.first().copied().unwrap_or(0)
    };
    Some(candidates.swap_remove(best).0)
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
