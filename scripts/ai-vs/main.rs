//! The strong AI of an old commit against the strong AI of the working tree, in one process
//! (issue 33): built by `scripts/ai-vs.sh`, which makes a small crate that depends on both
//! versions of `turnpost-core` (`old` and `new`, renamed path dependencies).
//!
//! ```text
//! ai-vs --game pandoria|rtta [--games 200] [--ms 20] [--players 2] [--first 0]
//!       [--budget playouts/candidates/depth] [--same]
//! ```
//!
//! Both versions play the same game side by side: every action is chosen by the seat's AI on
//! its own version's state, printed in notation, read back by both versions and applied to
//! both, and the two states must agree on who decides and on the final scores (so the rules
//! and their random sequences are the same, or the run stops). Each AI decision is cut at
//! `--ms` milliseconds of wall time (the front end's `stop`), with the strong level's
//! candidates and depth and no playout limit unless `--budget` sets one, so the faster
//! version plays more playouts in the same time; a playout is counted each time the search
//! asks `stop` and may go on. Games `2k` and `2k+1` share a deal (seed `first + k`) and the
//! AI seeds with the seats swapped, and the seats alternate between the versions (`new old
//! new old`).
//!
//! `--same` checks instead that the two versions decide alike: both choose at every
//! decision (each in its own state, with the same seed, the budget given and no time cap),
//! the seat's version's choice is played, and the decisions where they differ are counted
//! (the first few are printed).
//!
//! The report: the new version's wins, losses and draws (a shared first place counts a half),
//! its win share with a 95 % Wilson interval, the mean score margin, and per version the
//! playouts and milliseconds per decision (decisions with at least two legal actions).

#[path = "../../core/examples/support/wilson.rs"]
mod wilson;

use std::cell::Cell;
use std::time::{Duration, Instant};

/// What the command line asked for.
struct Args {
    game: String,
    games: usize,
    cap: Duration,
    players: usize,
    first: u64,
    budget: (u32, usize, u32),
    same: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        game: "pandoria".into(),
        games: 200,
        cap: Duration::from_millis(20),
        players: 2,
        first: 0,
        budget: (1 << 24, 6, 8),
        same: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--same" {
            args.same = true;
            args.cap = Duration::MAX;
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |v: &str| v.parse::<u64>().map_err(|_| format!("{flag}: {v} is not a number"));
        match flag.as_str() {
            "--game" => args.game = value,
            "--games" => args.games = number(&value)? as usize,
            "--ms" => args.cap = Duration::from_millis(number(&value)?),
            "--players" => args.players = number(&value)? as usize,
            "--first" => args.first = number(&value)?,
            "--budget" => {
                let n: Vec<u64> = value.split('/').map(number).collect::<Result<_, _>>()?;
                let [p, c, d] = n[..] else {
                    return Err("--budget playouts/candidates/depth".into());
                };
                args.budget = (p as u32, c as usize, d as u32);
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(args)
}

/// One decision of an AI: which version, how many playouts, how long.
struct Decided {
    new: bool,
    playouts: u32,
    ms: f64,
}

/// One finished game.
struct Played {
    /// 1 when the new version alone ranked first, 0 when the old one did, a half for a tie.
    new_points: f64,
    /// Mean score of the new version's seats less the old one's.
    margin: f64,
    decisions: Vec<Decided>,
    /// Decisions where the other version would have chosen otherwise (`--same`).
    differ: usize,
}

/// Counts the playouts a search asks for and says when the time is up.
fn stopper(started: Instant, cap: Duration, playouts: &Cell<u32>) -> impl Fn() -> bool + '_ {
    move || {
        let over = started.elapsed() >= cap;
        if !over {
            playouts.set(playouts.get() + 1);
        }
        over
    }
}

/// Plays one game of `N` (new) and `O` (old) side by side; `new_seat[s]` says which version
/// seat `s` plays.
fn play<N: new::Game, O: old::Game>(
    args: &Args,
    new_options: &N::Options,
    old_options: &O::Options,
    seed: u64,
    new_seat: &[bool],
    ai_seed: u64,
) -> Played {
    let mut n_game = N::new(new_options, args.players, new::Seed::from_u64(seed)).expect("set-up");
    let mut o_game = O::new(old_options, args.players, old::Seed::from_u64(seed)).expect("set-up");
    let (p, c, d) = args.budget;
    let mut decisions = Vec::new();
    let mut differ = 0;
    let mut k = 0u64;
    loop {
        let (n_decision, o_decision) = (n_game.decision(), o_game.decision());
        let seat = match (&n_decision, &o_decision) {
            (None, None) => break,
            (Some(a), Some(b)) if a.seat.0 == b.seat.0 => a.seat.0,
            _ => panic!("the versions disagree on who decides (seed {seed}, decision {k})"),
        };
        let legal = n_game.legal_actions(new::Seat(seat)).len();
        let decision_seed = ai_seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(k.wrapping_mul(0xBF58_476D_1CE4_E5B9));
        let playouts = Cell::new(0);
        let started = Instant::now();
        let stop = stopper(started, args.cap, &playouts);
        let is_new = new_seat[usize::from(seat)];
        let choose_new = || {
            let knowledge = new::ai::Knowledge::new(&n_game, new::Seat(seat));
            let budget = new::ai::Budget {
                playouts: p,
                candidates: c,
                depth: d,
                time: None,
            };
            let level = new::ai::Level::Strong;
            new::ai::choose_until(&knowledge, level, Some(budget), decision_seed, &stop)
                .expect("a legal action")
                .to_string()
        };
        let choose_old = || {
            let knowledge = old::ai::Knowledge::new(&o_game, old::Seat(seat));
            let budget = old::ai::Budget {
                playouts: p,
                candidates: c,
                depth: d,
                time: None,
            };
            let level = old::ai::Level::Strong;
            old::ai::choose_until(&knowledge, level, Some(budget), decision_seed, &stop)
                .expect("a legal action")
                .to_string()
        };
        let text = if is_new { choose_new() } else { choose_old() };
        let played = playouts.get();
        if args.same {
            let other = if is_new { choose_old() } else { choose_new() };
            if other != text {
                differ += 1;
                if differ <= 3 {
                    eprintln!("seed {seed}, decision {k}: the seat's version chose {text}, the other {other}");
                }
            }
        }
        if legal >= 2 {
            decisions.push(Decided {
                new: is_new,
                playouts: played,
                ms: started.elapsed().as_secs_f64() * 1000.0,
            });
        }
        let action = n_game.parse_action(&text).expect("new reads the notation");
        n_game
            .apply(new::Seat(seat), &action)
            .unwrap_or_else(|e| panic!("new refused {text}: {e}"));
        let action = o_game.parse_action(&text).expect("old reads the notation");
        o_game
            .apply(old::Seat(seat), &action)
            .unwrap_or_else(|e| panic!("old refused {text}: {e}"));
        k += 1;
    }
    let (n_outcome, o_outcome) = (n_game.outcome().expect("over"), o_game.outcome().expect("over"));
    assert_eq!(n_outcome.scores, o_outcome.scores, "the versions score differently");
    let new_won = n_outcome.winners.iter().any(|w| new_seat[w.index()]);
    let old_won = n_outcome.winners.iter().any(|w| !new_seat[w.index()]);
    let mean = |side: bool| {
        let scores: Vec<f64> = (0..args.players)
            .filter(|&s| new_seat[s] == side)
            .map(|s| f64::from(n_outcome.scores[s]))
            .collect();
        scores.iter().sum::<f64>() / scores.len().max(1) as f64
    };
    Played {
        new_points: match (new_won, old_won) {
            (true, false) => 1.0,
            (false, true) => 0.0,
            _ => 0.5,
        },
        margin: mean(true) - mean(false),
        decisions,
        differ,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn run<N: new::Game, O: old::Game>(args: &Args, new_options: &N::Options, old_options: &O::Options) {
    let started = Instant::now();
    let mut results = Vec::new();
    for index in 0..args.games {
        let swap = index % 2 == 1;
        let new_seat: Vec<bool> = (0..args.players).map(|s| (s % 2 == 0) != swap).collect();
        let seed = args.first + (index / 2) as u64;
        // The pair's second game repeats the first with the seats swapped, AI seeds included:
        // two versions that decided alike would win one each.
        let ai_seed = args.first * 1_000_003 + (index / 2) as u64;
        results.push(play::<N, O>(args, new_options, old_options, seed, &new_seat, ai_seed));
        if (index + 1) % 10 == 0 || index + 1 == args.games {
            let points: f64 = results.iter().map(|r: &Played| r.new_points).sum();
            eprintln!(
                "{}/{} games, new {:.1} points, {:.0} s",
                index + 1,
                args.games,
                points,
                started.elapsed().as_secs_f64()
            );
        }
    }
    let n = results.len() as f64;
    let wins = results.iter().filter(|r| r.new_points == 1.0).count();
    let losses = results.iter().filter(|r| r.new_points == 0.0).count();
    let draws = results.len() - wins - losses;
    let points: f64 = results.iter().map(|r| r.new_points).sum();
    let (low, high) = wilson::wilson(points, n);
    let margin = results.iter().map(|r| r.margin).sum::<f64>() / n.max(1.0);
    let (p, c, d) = args.budget;
    println!(
        "{} ({} players), strong {} / {c} / {d} {}, {} games, seeds {}…, one thread",
        N::TITLE,
        args.players,
        if p >= 1 << 24 { "unlimited".to_string() } else { p.to_string() },
        if args.same {
            "untimed".to_string()
        } else {
            format!("cut at {} ms a decision", args.cap.as_millis())
        },
        results.len(),
        args.first,
    );
    println!();
    println!("| games | new wins | old wins | draws | new's win share (95 % CI) | mean margin new − old |");
    println!("|---:|---:|---:|---:|---|---:|");
    println!(
        "| {} | {wins} | {losses} | {draws} | {:.1} % ({:.1}–{:.1}) | {margin:+.1} |",
        results.len(),
        100.0 * points / n.max(1.0),
        100.0 * low,
        100.0 * high
    );
    println!();
    println!("| version | decisions | playouts per decision: mean | median | ms per decision: median |");
    println!("|---|---:|---:|---:|---:|");
    for (name, side) in [("new", true), ("old", false)] {
        let own: Vec<&Decided> = results
            .iter()
            .flat_map(|r| &r.decisions)
            .filter(|d| d.new == side)
            .collect();
        let playouts: Vec<f64> = own.iter().map(|d| f64::from(d.playouts)).collect();
        let mean = playouts.iter().sum::<f64>() / playouts.len().max(1) as f64;
        println!(
            "| {name} | {} | {mean:.1} | {:.0} | {:.1} |",
            own.len(),
            median(playouts.clone()),
            median(own.iter().map(|d| d.ms).collect()),
        );
    }
    if args.same {
        let differ: usize = results.iter().map(|r| r.differ).sum();
        println!();
        println!("Decisions where the versions chose differently: {differ}.");
    }
    println!();
    println!("{:.0} s of wall time.", started.elapsed().as_secs_f64());
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
        "pandoria" => {
            let n = new::pandoria::Options {
                mode: new::pandoria::Mode::Standard,
                ..Default::default()
            };
            let o = old::pandoria::Options {
                mode: old::pandoria::Mode::Standard,
                ..Default::default()
            };
            run::<new::pandoria::Pandoria, old::pandoria::Pandoria>(&args, &n, &o);
        }
        "rtta" => run::<new::rtta::Rtta, old::rtta::Rtta>(&args, &Default::default(), &Default::default()),
        other => {
            eprintln!("unknown game {other}: pandoria or rtta");
            std::process::exit(2);
        }
    }
}
