//! Pandoria balance report: AI self-play over the modes, realms and editions, written as
//! Markdown (`docs/balance.md`).
//!
//! ```text
//! cargo run -p turnpost-core --release --example balance -- \
//!     --games 400 --level normal [--players 2] [--first 0] [--threads 1] \
//!     [--budget normal=playouts/candidates/depth] [--out docs/balance.md]
//! ```
//!
//! Game `i` is a stratified sweep: the mode cycles through [`SWEEP`] (half standard games,
//! where realms and editions matter most, a quarter beginner, an eighth each family and
//! family with spells), the edition alternates every cycle, realms are dealt
//! `random_unique` (every seat a different realm), start tiles on the marked spaces, and the
//! player count cycles through `--players` (a comma list) every two cycles. Every seat plays at `--level`
//! (without a time cap, so a report is reproducible from its command). Which cards a player
//! played is read from the events: a spell cast (`SpellCast`, recasts not counted) or a
//! building built (`Built`).

#[path = "support/wilson.rs"]
mod wilson;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use turnpost_core::ai::{Budget, Knowledge, Level, choose};
use turnpost_core::pandoria::{
    self, CardId, Edition, Event, Mode, Pandoria, Realm, RealmAssignment, cards,
};
use turnpost_core::{Game, Seat, Seed};
use wilson::wilson;

const MODES: [Mode; 4] = [
    Mode::Family,
    Mode::FamilySpells,
    Mode::Beginner,
    Mode::Standard,
];
/// The modes of eight games in a row.
const SWEEP: [Mode; 8] = [
    Mode::Standard,
    Mode::Family,
    Mode::Standard,
    Mode::FamilySpells,
    Mode::Standard,
    Mode::Beginner,
    Mode::Standard,
    Mode::Beginner,
];
const EDITIONS: [Edition; 2] = [Edition::Yucata, Edition::Second];
/// Card ids are 1–54.
const CARDS: usize = 55;

#[derive(Clone, Debug)]
struct Args {
    games: usize,
    level: Level,
    budget: Option<Budget>,
    players: Vec<usize>,
    first: u64,
    threads: usize,
    out: Option<String>,
    command: String,
}

const USAGE: &str = "usage: balance [--games 400] [--level normal] [--players 2[,3,4]] \
[--first 0] [--threads 1] [--budget level=playouts/candidates/depth] [--out docs/balance.md]";

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: 400,
        level: Level::Normal,
        budget: None,
        players: vec![2],
        first: 0,
        threads: 1,
        out: None,
        command: String::new(),
    };
    let raw: Vec<String> = std::env::args().skip(1).collect();
    args.command = format!(
        "cargo run -p turnpost-core --release --example balance -- {}",
        raw.join(" ")
    );
    let mut it = raw.into_iter();
    while let Some(flag) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        let number = |text: String, name: &str| -> Result<u64, String> {
            text.parse()
                .map_err(|_| format!("{name}: {text} is not a number"))
        };
        match flag.as_str() {
            "--games" => args.games = number(value("--games")?, "--games")? as usize,
            "--first" => args.first = number(value("--first")?, "--first")?,
            "--threads" => {
                args.threads = (number(value("--threads")?, "--threads")? as usize).max(1)
            }
            "--level" => {
                let text = value("--level")?;
                args.level = Level::parse(&text).ok_or_else(|| format!("unknown level {text}"))?;
            }
            "--players" => {
                args.players = value("--players")?
                    .split(',')
                    .map(|p| match p.parse::<usize>() {
                        Ok(n) if (2..=4).contains(&n) => Ok(n),
                        _ => Err(format!("--players: {p} is not 2, 3 or 4")),
                    })
                    .collect::<Result<_, _>>()?
            }
            "--budget" => {
                let text = value("--budget")?;
                let (_, numbers) = text
                    .split_once('=')
                    .ok_or_else(|| format!("--budget {text}: level=playouts/candidates/depth"))?;
                let n: Vec<u32> = numbers
                    .split('/')
                    .map(|n| n.parse().map_err(|_| format!("--budget {text}: {n}?")))
                    .collect::<Result<_, _>>()?;
                let [playouts, candidates, depth] = n[..] else {
                    return Err(format!("--budget {text}: playouts/candidates/depth"));
                };
                args.budget = Some(Budget {
                    playouts,
                    candidates: candidates as usize,
                    depth,
                    time: None,
                });
            }
            "--out" => args.out = Some(value("--out")?),
            "--help" | "-h" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    if args.players.is_empty() {
        return Err("--players: at least one count".into());
    }
    Ok(args)
}

/// One seat of one finished game.
#[derive(Clone, Debug)]
struct SeatRecord {
    realm: Option<Realm>,
    score: i32,
    /// 1 for a sole win, 1/k for a first place shared by k seats, else 0.
    win: f64,
    /// Cards cast as spells (each time) and built.
    cast: Vec<CardId>,
    built: Vec<CardId>,
}

/// One finished game.
#[derive(Clone, Debug)]
struct GameRecord {
    mode: Mode,
    edition: Edition,
    seats: Vec<SeatRecord>,
    /// Whether each card id took part (was not boxed at set-up).
    in_game: Vec<bool>,
    decisions: usize,
}

fn options_for(index: usize) -> pandoria::Options {
    pandoria::Options {
        mode: SWEEP[index % SWEEP.len()],
        edition: EDITIONS[(index / SWEEP.len()) % EDITIONS.len()],
        realms: RealmAssignment::RandomUnique,
        ..Default::default()
    }
}

fn play_one(args: &Args, index: usize) -> GameRecord {
    let options = options_for(index);
    let players = args.players[(index / (SWEEP.len() * EDITIONS.len())) % args.players.len()];
    let mut game = Pandoria::new(&options, players, Seed::from_u64(args.first + index as u64))
        .unwrap_or_else(|e| panic!("set-up: {e}"));
    let budget = args.budget.unwrap_or_else(|| args.level.budget().untimed());
    let boxed = game.card_piles().2.to_vec();
    let in_game = (0..CARDS)
        .map(|c| c > 0 && !boxed.contains(&CardId(c as u8)))
        .collect();
    let mut cast = vec![Vec::new(); players];
    let mut built = vec![Vec::new(); players];
    let mut n = 0u64;
    while let Some(decision) = game.decision() {
        let seat = decision.seat;
        let knowledge = Knowledge::new(&game, seat);
        let seed = (args.first + index as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(n.wrapping_mul(0xBF58_476D_1CE4_E5B9));
        let action = choose(&knowledge, args.level, Some(budget), seed)
            .expect("the seat to act has a legal action");
        let events = game
            .apply(seat, &action)
            .unwrap_or_else(|e| panic!("{action} refused: {e}"));
        for event in events {
            match event {
                Event::SpellCast {
                    seat,
                    card,
                    recast: false,
                    ..
                } => cast[seat.index()].push(card),
                Event::Built { seat, card, .. } => built[seat.index()].push(card),
                _ => {}
            }
        }
        n += 1;
        assert!(n < 100_000, "the game does not end");
    }
    let outcome = game.outcome().expect("the game is over");
    let shared = outcome.winners.len() as f64;
    let seats = (0..players)
        .map(|s| SeatRecord {
            realm: game.seat_state(Seat(s as u8)).realm,
            score: outcome.scores[s],
            win: if outcome.winners.contains(&Seat(s as u8)) {
                1.0 / shared
            } else {
                0.0
            },
            cast: std::mem::take(&mut cast[s]),
            built: std::mem::take(&mut built[s]),
        })
        .collect();
    GameRecord {
        mode: options.mode,
        edition: options.edition,
        seats,
        in_game,
        decisions: n as usize,
    }
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameRecord>>> = Mutex::new(vec![None; args.games]);
    let last_report = Mutex::new(Instant::now());
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    let record = play_one(&args, index);
                    let mut all = results.lock().unwrap();
                    all[index] = Some(record);
                    let done = all.iter().flatten().count();
                    let mut last = last_report.lock().unwrap();
                    if done == args.games || last.elapsed().as_secs() >= 30 {
                        *last = Instant::now();
                        eprintln!(
                            "{done}/{} games, {:.0} s",
                            args.games,
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    let records: Vec<GameRecord> = results
        .into_inner()
        .unwrap()
        .into_iter()
        .flatten()
        .collect();
    let report = report(&args, &records, started.elapsed().as_secs_f64());
    match &args.out {
        Some(path) => {
            std::fs::write(path, report).unwrap_or_else(|e| panic!("writing {path}: {e}"));
            eprintln!("wrote {path}");
        }
        None => print!("{report}"),
    }
}

/// Wins (shared first places split) out of seats, and the share expected if every seat had
/// the same chance (1 / players).
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    seats: f64,
    wins: f64,
    expected: f64,
}

impl Tally {
    fn add(&mut self, win: f64, players: usize) {
        self.seats += 1.0;
        self.wins += win;
        self.expected += 1.0 / players as f64;
    }

    fn rate(&self) -> f64 {
        if self.seats == 0.0 {
            f64::NAN
        } else {
            self.wins / self.seats
        }
    }

    /// "52.3 % (45.1–59.4), n 180".
    fn cell(&self) -> String {
        if self.seats == 0.0 {
            return "—".into();
        }
        let (low, high) = wilson(self.wins, self.seats);
        format!(
            "{:.1} % ({:.0}–{:.0}), n {}",
            100.0 * self.rate(),
            100.0 * low,
            100.0 * high,
            self.seats
        )
    }

    /// Whether the Wilson interval leaves out the share expected by chance.
    fn out_of_line(&self) -> bool {
        if self.seats == 0.0 {
            return false;
        }
        let (low, high) = wilson(self.wins, self.seats);
        let expected = self.expected / self.seats;
        expected < low || expected > high
    }
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Family => "family",
        Mode::FamilySpells => "family with spells",
        Mode::Beginner => "beginner",
        Mode::Standard => "standard",
    }
}

fn edition_name(edition: Edition) -> &'static str {
    match edition {
        Edition::Yucata => "Yucata / first",
        Edition::Second => "second",
    }
}

fn report(args: &Args, records: &[GameRecord], seconds: f64) -> String {
    let mut out = String::new();
    let budget = args.budget.unwrap_or_else(|| args.level.budget().untimed());
    let decisions: usize = records.iter().map(|r| r.decisions).sum();
    let players: Vec<String> = args.players.iter().map(usize::to_string).collect();
    let _ = writeln!(out, "# Pandoria balance report\n");
    let _ = writeln!(
        out,
        "Generated by `core/examples/balance.rs`; regenerate with\n\n```text\n{}\n```\n",
        args.command
    );
    let _ = writeln!(
        out,
        "{} games of AI self-play, every seat at level **{}** with budget {} playouts / {} \
         candidates / depth {} and no time cap, {} players, seeds {}–{} ({} decisions, {:.0} \
         s on {} thread{}). The sweep cycles the mode every game (half of the games standard, a \
         quarter beginner, an eighth each family and family with spells), the edition every \
         eight games, realms `random_unique`, start tiles on the marked spaces, no \
         partnership game. AI tournaments (how strong each \
         level is, and how long it thinks) are in [ai.md](ai.md).\n",
        records.len(),
        args.level,
        budget.playouts,
        budget.candidates,
        budget.depth,
        players.join(", "),
        args.first,
        args.first + records.len().saturating_sub(1) as u64,
        decisions,
        seconds,
        args.threads,
        if args.threads == 1 { "" } else { "s" },
    );
    let _ = writeln!(
        out,
        "**Read with care.** These are AI games, not human ones: a realm or card that the AI \
         plays badly looks weak. The samples are small (a few hundred seats per cell at \
         best), so the 95 % Wilson intervals are wide; a difference inside them is noise. \
         Card figures are correlations: a player who is ahead has more to spend, so cards \
         played by winners are not thereby strong.\n"
    );

    // Scores per mode.
    let _ = writeln!(out, "## Scores per game mode\n");
    let _ = writeln!(
        out,
        "| mode | games | mean score per player | mean winning score | mean lead of the winner | shared wins | first seat wins |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---|");
    let mut flags: Vec<String> = Vec::new();
    for mode in MODES {
        let games: Vec<&GameRecord> = records.iter().filter(|r| r.mode == mode).collect();
        if games.is_empty() {
            continue;
        }
        let n = games.len() as f64;
        let seats: f64 = games.iter().map(|g| g.seats.len() as f64).sum();
        let total: f64 = games
            .iter()
            .flat_map(|g| g.seats.iter().map(|s| f64::from(s.score)))
            .sum();
        let mut best_sum = 0.0;
        let mut lead_sum = 0.0;
        let mut shared = 0;
        let mut first = Tally::default();
        for g in &games {
            let mut scores: Vec<i32> = g.seats.iter().map(|s| s.score).collect();
            scores.sort_unstable_by(|a, b| b.cmp(a));
            best_sum += f64::from(scores[0]);
            lead_sum += f64::from(scores[0] - scores.get(1).copied().unwrap_or(scores[0]));
            if g.seats.iter().filter(|s| s.win > 0.0).count() > 1 {
                shared += 1;
            }
            first.add(g.seats[0].win, g.seats.len());
        }
        if first.out_of_line() {
            flags.push(format!(
                "The first seat (the start player) wins {} in the {} game, against {:.0} % by chance.",
                first.cell(),
                mode_name(mode),
                100.0 * first.expected / first.seats
            ));
        }
        let _ = writeln!(
            out,
            "| {} | {} | {:.1} | {:.1} | {:.1} | {} | {} |",
            mode_name(mode),
            games.len(),
            total / seats,
            best_sum / n,
            lead_sum / n,
            shared,
            first.cell()
        );
    }
    let _ = writeln!(
        out,
        "\nWin rates count a first place shared by k players as 1/k of a win. The first seat is \
         the start player only with the marked start tiles; scores are final scores \
         (resources and hand cards converted).\n"
    );

    // Realms.
    let _ = writeln!(out, "## Win rate per realm and edition\n");
    let expected: Vec<String> = args
        .players
        .iter()
        .map(|&p| format!("{:.0} %", 100.0 / p as f64))
        .collect();
    let _ = writeln!(
        out,
        "Each seat has a different realm (`random_unique`); by chance a realm wins {} of its \
         seats. Cells: win rate (95 % interval), n seats.\n",
        expected.join(" or ")
    );
    let _ = writeln!(
        out,
        "| realm | standard, Yucata / first | standard, second | beginner (side A) | all |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|");
    let mut by_edition: BTreeMap<&str, Tally> = BTreeMap::new();
    for realm in Realm::BASE {
        let mut cells = Vec::new();
        let mut all = Tally::default();
        for (mode, edition) in [
            (Mode::Standard, Some(Edition::Yucata)),
            (Mode::Standard, Some(Edition::Second)),
            (Mode::Beginner, None),
        ] {
            let mut t = Tally::default();
            for g in records
                .iter()
                .filter(|g| g.mode == mode && edition.is_none_or(|e| g.edition == e))
            {
                for s in g.seats.iter().filter(|s| s.realm == Some(realm)) {
                    t.add(s.win, g.seats.len());
                    all.add(s.win, g.seats.len());
                }
            }
            if t.out_of_line() {
                flags.push(format!(
                    "{} win {} in the {} game{}, against {:.0} % by chance.",
                    realm.data().name,
                    t.cell(),
                    mode_name(mode),
                    edition.map_or(String::new(), |e| format!(" ({} edition)", edition_name(e))),
                    100.0 * t.expected / t.seats
                ));
            }
            cells.push(t.cell());
        }
        if all.out_of_line() {
            flags.push(format!(
                "Over all three columns {} win {}, against {:.0} % by chance.",
                realm.data().name,
                all.cell(),
                100.0 * all.expected / all.seats
            ));
        }
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            realm.data().name,
            cells[0],
            cells[1],
            cells[2],
            all.cell()
        );
    }
    for g in records.iter().filter(|g| g.mode == Mode::Standard) {
        for s in &g.seats {
            by_edition
                .entry(edition_name(g.edition))
                .or_default()
                .add(s.win, g.seats.len());
        }
    }
    let _ = writeln!(out, "\nPer edition (standard game, all realms):\n");
    let _ = writeln!(
        out,
        "| edition | games | mean score per player | mean winning score |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|");
    for edition in EDITIONS {
        let games: Vec<&GameRecord> = records
            .iter()
            .filter(|g| g.mode == Mode::Standard && g.edition == edition)
            .collect();
        if games.is_empty() {
            continue;
        }
        let seats: f64 = games.iter().map(|g| g.seats.len() as f64).sum();
        let total: f64 = games
            .iter()
            .flat_map(|g| g.seats.iter().map(|s| f64::from(s.score)))
            .sum();
        let best: f64 = games
            .iter()
            .map(|g| f64::from(g.seats.iter().map(|s| s.score).max().unwrap_or(0)))
            .sum();
        let _ = writeln!(
            out,
            "| {} | {} | {:.1} | {:.1} |",
            edition_name(edition),
            games.len(),
            total / seats,
            best / games.len() as f64
        );
    }
    let _ = by_edition;

    // Cards.
    let card_games: Vec<&GameRecord> = records.iter().filter(|g| g.mode != Mode::Family).collect();
    let _ = writeln!(out, "\n## Cards: play rate and win correlation\n");
    let _ = writeln!(
        out,
        "Over the {} games with cards (family with spells, beginner, standard). *In games*: \
         games in which the card took part (not boxed at set-up). *Cast* and *built*: times \
         per such game. *Played by*: share of the seats in those games that cast or built it \
         at least once. *Win rate played / not*: of those seats, and of the others in the \
         same games. In the beginner game each seat starts with its own realm's two cards \
         (marked with the realm; card A built at set-up, which is not counted), so a realm \
         card's win correlation is partly its realm's win rate.\n",
        card_games.len()
    );
    let _ = writeln!(
        out,
        "| # | spell / building | in games | cast per game | built per game | played by | win rate played | win rate not played | difference |"
    );
    let _ = writeln!(out, "|---:|---|---:|---:|---:|---:|---|---|---:|");
    let mut rates: Vec<(u8, f64, f64)> = Vec::new();
    for id in 1..CARDS as u8 {
        let card = cards().card(CardId(id));
        let games: Vec<&&GameRecord> = card_games
            .iter()
            .filter(|g| g.in_game[usize::from(id)])
            .collect();
        let n = games.len() as f64;
        let mut cast = 0usize;
        let mut built = 0usize;
        let mut played = Tally::default();
        let mut not = Tally::default();
        for g in &games {
            for s in &g.seats {
                let c = s.cast.iter().filter(|&&c| c == CardId(id)).count();
                let b = s.built.iter().filter(|&&c| c == CardId(id)).count();
                cast += c;
                built += b;
                if c + b > 0 {
                    played.add(s.win, g.seats.len());
                } else {
                    not.add(s.win, g.seats.len());
                }
            }
        }
        let share = played.seats / (played.seats + not.seats).max(1.0);
        let difference = played.rate() - not.rate();
        rates.push((id, share, difference));
        let realm = card
            .realm
            .map_or(String::new(), |r| format!(" ({})", r.data().name));
        let _ = writeln!(
            out,
            "| {id} | {} / {}{realm} | {} | {:.2} | {:.2} | {:.0} % | {} | {} | {} |",
            card.spell.label(),
            card.building.label(),
            games.len(),
            cast as f64 / n.max(1.0),
            built as f64 / n.max(1.0),
            100.0 * share,
            played.cell(),
            not.cell(),
            if difference.is_finite() {
                format!("{:+.0}", 100.0 * difference)
            } else {
                "—".into()
            }
        );
        if played.seats >= 20.0 && not.seats >= 20.0 && difference.abs() >= 0.2 {
            flags.push(format!(
                "Card {id} ({} / {}): players who played it won {} against {} for the others.",
                card.spell.label(),
                card.building.label(),
                played.cell(),
                not.cell()
            ));
        }
    }
    let mean_share = rates.iter().map(|r| r.1).sum::<f64>() / rates.len().max(1) as f64;
    for &(id, share, _) in &rates {
        let card = cards().card(CardId(id));
        let games = card_games
            .iter()
            .filter(|g| g.in_game[usize::from(id)])
            .count();
        if games < 30 {
            continue;
        }
        if share < mean_share / 4.0 {
            flags.push(format!(
                "Card {id} ({} / {}) is hardly ever played: by {:.0} % of the seats that could, \
                 against {:.0} % for the average card.",
                card.spell.label(),
                card.building.label(),
                100.0 * share,
                100.0 * mean_share
            ));
        } else if share > mean_share * 2.5 {
            flags.push(format!(
                "Card {id} ({} / {}) is played by {:.0} % of the seats that could, against \
                 {:.0} % for the average card.",
                card.spell.label(),
                card.building.label(),
                100.0 * share,
                100.0 * mean_share
            ));
        }
    }

    let _ = writeln!(out, "\n## Values that look out of line\n");
    let _ = writeln!(
        out,
        "Flagged by rule: a win rate whose 95 % interval leaves out the chance share; a card \
         whose players win 20 points more or less often than the others (at least 20 seats \
         each way); a card in at least 30 games played by under a quarter or over 2.5 times \
         the average share of seats. The component data in `assets/pandoria` is partly reconstructed (see \
         `docs/rules-notes.md`); these are leads to check against the printed components, \
         not changes made.\n"
    );
    if flags.is_empty() {
        let _ = writeln!(out, "Nothing is flagged at this sample size.");
    }
    for flag in flags {
        let _ = writeln!(out, "- {flag}");
    }
    out
}
