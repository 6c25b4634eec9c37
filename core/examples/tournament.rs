//! AI-vs-AI tournaments: how much stronger is one AI level than another, and how long does
//! each level think?
//!
//! ```text
//! cargo run -p turnpost-core --release --example tournament -- \
//!     --game pandoria --games 200 --pairings strong:easy,strong:random,easy:random \
//!     [--players 2] [--mode standard] [--edition second] [--trade] [--threads 1] \
//!     [--first 0] [--budget strong=64/6/8]
//! ```
//!
//! For each pairing `a:b` it plays `--games` games. Seats alternate between the two levels
//! (`a b a b …`), and every other game starts with `b` instead, so with two players half the
//! games have each level first; games `2k` and `2k+1` share the deal (seed `first + k`,
//! [`Seed::from_u64`]) with the seats swapped. The AI seeds come from the game index and the
//! decision number, and searches run without a time cap ([`Budget::untimed`] of the level's
//! budget, or of `--budget`), so a tournament is reproducible except
//! for its clock readings.
//!
//! The report is a Markdown table per pairing: wins of each side, draws (a shared first
//! place), the win rate of `a` (a draw counts a half) with a 95 % Wilson interval, and the
//! mean score margin of `a` over `b`; then the decision times per level: median, 95th
//! percentile and count of the [`choose`] calls that had at least two legal actions.
//! `--threads` plays games in parallel (the times are then no longer per core).

#[path = "support/wilson.rs"]
mod wilson;

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use turnpost_core::ai::{Budget, Knowledge, Level, choose};
use turnpost_core::game::options_from_pairs;
use turnpost_core::pandoria::Pandoria;
use turnpost_core::rtta::Rtta;
use turnpost_core::{Game, Seed};
use wilson::wilson;

/// What the command line asked for.
#[derive(Clone, Debug)]
struct Args {
    game: String,
    games: usize,
    pairings: Vec<(Level, Level)>,
    players: usize,
    options: Vec<(String, String)>,
    threads: usize,
    first: u64,
    budgets: BTreeMap<Level, Budget>,
}

const USAGE: &str = "usage: tournament --game pandoria|rtta [--games 200] \
[--pairings strong:easy,strong:random,easy:random] [--players 2] [--mode standard] \
[--edition yucata|second] [--realms random_unique] [--partnership] [--trade] \
[--option key=value] [--threads 1] [--first 0] [--budget level=playouts/candidates/depth]";

fn parse_budget(text: &str) -> Result<(Level, Budget), String> {
    let (level, numbers) = text
        .split_once('=')
        .ok_or_else(|| format!("--budget {text}: say level=playouts/candidates/depth"))?;
    let level = Level::parse(level).ok_or_else(|| format!("unknown level {level}"))?;
    let n: Vec<u32> = numbers
        .split('/')
        .map(|n| {
            n.parse()
                .map_err(|_| format!("--budget {text}: {n} is not a number"))
        })
        .collect::<Result<_, _>>()?;
    let [playouts, candidates, depth] = n[..] else {
        return Err(format!(
            "--budget {text}: three numbers, playouts/candidates/depth"
        ));
    };
    Ok((
        level,
        Budget {
            playouts,
            candidates: candidates as usize,
            depth,
            time: None,
        },
    ))
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        game: "pandoria".into(),
        games: 200,
        pairings: vec![
            (Level::Strong, Level::Easy),
            (Level::Strong, Level::Random),
            (Level::Easy, Level::Random),
        ],
        players: 2,
        options: Vec::new(),
        threads: 1,
        first: 0,
        budgets: BTreeMap::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match flag.as_str() {
            "--game" => args.game = value("--game")?,
            "--games" => args.games = value("--games")?.parse().map_err(|_| "--games: a number")?,
            "--players" => {
                args.players = value("--players")?
                    .parse()
                    .map_err(|_| "--players: a number")?
            }
            "--threads" => {
                args.threads = value("--threads")?
                    .parse::<usize>()
                    .map_err(|_| "--threads: a number")?
                    .max(1)
            }
            "--first" => args.first = value("--first")?.parse().map_err(|_| "--first: a number")?,
            "--pairings" => {
                args.pairings = value("--pairings")?
                    .split(',')
                    .map(|p| {
                        let (a, b) = p
                            .split_once(':')
                            .ok_or_else(|| format!("pairing {p}: say a:b"))?;
                        Ok((
                            Level::parse(a).ok_or_else(|| format!("unknown level {a}"))?,
                            Level::parse(b).ok_or_else(|| format!("unknown level {b}"))?,
                        ))
                    })
                    .collect::<Result<_, String>>()?
            }
            "--mode" | "--edition" | "--realms" | "--realm" | "--start-tiles" => {
                let key = flag.trim_start_matches("--").replace('-', "_");
                args.options.push((key, value(&flag)?));
            }
            "--partnership" | "--trade" | "--start-apart" => {
                let key = flag.trim_start_matches("--").replace('-', "_");
                args.options.push((key, "true".into()));
            }
            "--option" => {
                let pair = value("--option")?;
                let (k, v) = pair
                    .split_once('=')
                    .ok_or_else(|| format!("--option {pair}: say key=value"))?;
                args.options.push((k.into(), v.into()));
            }
            "--budget" => {
                let (level, budget) = parse_budget(&value("--budget")?)?;
                args.budgets.insert(level, budget);
            }
            "--help" | "-h" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    Ok(args)
}

/// The budget a level searches with in this tournament.
fn budget_of(args: &Args, level: Level) -> Budget {
    args.budgets
        .get(&level)
        .copied()
        .unwrap_or_else(|| level.budget())
        .untimed()
}

/// One finished game, from the point of view of the pairing.
#[derive(Clone, Debug, Default)]
struct GameResult {
    /// 1 when `a` alone ranked first, 0 when `b` did, a half when both shared first place.
    a_points: f64,
    /// Mean score of `a`'s seats less mean score of `b`'s.
    margin: f64,
    /// Decision times in ms per level (decisions with at least two legal actions).
    times: Vec<(Level, f64)>,
    /// Decisions in all.
    decisions: usize,
}

/// Plays one game: `levels[s]` for seat `s`.
fn play<G: Game>(
    mut game: G,
    levels: &[Level],
    args: &Args,
    ai_seed: u64,
) -> (G, Vec<(Level, f64)>, usize) {
    let mut times = Vec::new();
    let mut n = 0u64;
    while let Some(decision) = game.decision() {
        let seat = decision.seat;
        let level = levels[seat.index()];
        let legal = game.legal_actions(seat).len();
        let knowledge = Knowledge::new(&game, seat);
        let seed = ai_seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(n.wrapping_mul(0xBF58_476D_1CE4_E5B9));
        let started = Instant::now();
        let action = choose(&knowledge, level, Some(budget_of(args, level)), seed)
            .expect("the seat to act has a legal action");
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        if legal >= 2 {
            times.push((level, ms));
        }
        game.apply(seat, &action)
            .unwrap_or_else(|e| panic!("{level} chose {action}, refused: {e}"));
        n += 1;
        assert!(n < 100_000, "the game does not end");
    }
    (game, times, n as usize)
}

/// Plays game `index` of pairing `(a, b)`.
fn play_one<G: Game>(
    args: &Args,
    options: &G::Options,
    a: Level,
    b: Level,
    index: usize,
) -> GameResult {
    let swap = index % 2 == 1;
    let levels: Vec<Level> = (0..args.players)
        .map(|s| if (s % 2 == 0) != swap { a } else { b })
        .collect();
    let is_a: Vec<bool> = (0..args.players).map(|s| (s % 2 == 0) != swap).collect();
    let seed = Seed::from_u64(args.first + (index / 2) as u64);
    let game = G::new(options, args.players, seed).unwrap_or_else(|e| panic!("set-up: {e}"));
    let (end, times, decisions) = play(game, &levels, args, args.first * 1_000_003 + index as u64);
    let outcome = end.outcome().expect("the game is over");
    let a_won = outcome.winners.iter().any(|w| is_a[w.index()]);
    let b_won = outcome.winners.iter().any(|w| !is_a[w.index()]);
    let a_points = match (a_won, b_won) {
        (true, false) => 1.0,
        (false, true) => 0.0,
        _ => 0.5,
    };
    let mean = |side: bool| {
        let scores: Vec<f64> = (0..args.players)
            .filter(|&s| is_a[s] == side)
            .map(|s| f64::from(outcome.scores[s]))
            .collect();
        scores.iter().sum::<f64>() / scores.len().max(1) as f64
    };
    GameResult {
        a_points,
        margin: mean(true) - mean(false),
        times,
        decisions,
    }
}

/// The `q` quantile (0..=1) of sorted values, nearest rank.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Plays the games of one pairing, on `threads` threads, in game order.
fn run_pairing<G: Game>(args: &Args, options: &G::Options, a: Level, b: Level) -> Vec<GameResult> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameResult>>> = Mutex::new(vec![None; args.games]);
    let started = Instant::now();
    let last_report = Mutex::new(Instant::now());
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    let result = play_one::<G>(args, options, a, b, index);
                    let mut all = results.lock().unwrap();
                    all[index] = Some(result);
                    let done: Vec<&GameResult> = all.iter().flatten().collect();
                    let mut last = last_report.lock().unwrap();
                    if done.len() == args.games || last.elapsed().as_secs() >= 30 {
                        *last = Instant::now();
                        let points: f64 = done.iter().map(|r| r.a_points).sum();
                        eprintln!(
                            "{a}:{b} {}/{} games, {a} {:.1} points, {:.0} s",
                            done.len(),
                            args.games,
                            points,
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .flatten()
        .collect()
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    match args.game.as_str() {
        "pandoria" => run::<Pandoria>(&args),
        "rtta" => run::<Rtta>(&args),
        other => {
            eprintln!("unknown game {other}: pandoria or rtta");
            std::process::exit(2);
        }
    }
}

fn run<G: Game>(args: &Args) {
    let options: G::Options = match options_from_pairs(&args.options) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let started = Instant::now();
    let mut rows = Vec::new();
    let mut times: BTreeMap<Level, Vec<f64>> = BTreeMap::new();
    let mut decisions = 0usize;
    for &(a, b) in &args.pairings {
        let results = run_pairing::<G>(args, &options, a, b);
        let n = results.len() as f64;
        let a_wins = results.iter().filter(|r| r.a_points == 1.0).count();
        let b_wins = results.iter().filter(|r| r.a_points == 0.0).count();
        let draws = results.len() - a_wins - b_wins;
        let points: f64 = results.iter().map(|r| r.a_points).sum();
        let (low, high) = wilson(points, n);
        let margin = results.iter().map(|r| r.margin).sum::<f64>() / n.max(1.0);
        rows.push(format!(
            "| {a} : {b} | {} | {a_wins} | {b_wins} | {draws} | {:.1} % ({:.1}–{:.1}) | {margin:+.1} |",
            results.len(),
            100.0 * points / n.max(1.0),
            100.0 * low,
            100.0 * high,
        ));
        for r in &results {
            decisions += r.decisions;
            for &(level, ms) in &r.times {
                times.entry(level).or_default().push(ms);
            }
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "{} ({} players, options {}), {} games per pairing, seeds {}…, {} thread{}, no time cap",
        G::TITLE,
        args.players,
        serde_json::to_string(&options).unwrap_or_default(),
        args.games,
        args.first,
        args.threads,
        if args.threads == 1 { "" } else { "s" },
    );
    println!();
    println!(
        "| pairing a : b | games | a wins | b wins | draws | a's win rate (95 % CI) | mean margin a − b |"
    );
    println!("|---|---:|---:|---:|---:|---|---:|");
    for row in &rows {
        println!("{row}");
    }
    println!();
    println!(
        "| level | budget (playouts / candidates / depth) | decisions timed | median ms | p95 ms | max ms |"
    );
    println!("|---|---|---:|---:|---:|---:|");
    for (level, mut ms) in times {
        ms.sort_by(f64::total_cmp);
        let b = budget_of(args, level);
        let budget = if b.playouts == 0 {
            "—".to_string()
        } else {
            format!("{} / {} / {}", b.playouts, b.candidates, b.depth)
        };
        println!(
            "| {level} | {budget} | {} | {:.2} | {:.2} | {:.1} |",
            ms.len(),
            quantile(&ms, 0.5),
            quantile(&ms, 0.95),
            ms.last().copied().unwrap_or(f64::NAN),
        );
    }
    println!();
    println!(
        "{decisions} decisions in all, {:.0} s of wall time.",
        elapsed
    );
}
