//! How many clicks a whole Roll Through the Ages game takes through the panel (issue 28):
//! every seat is a player who decides reasonably (the AI's easy level, which looks one
//! action ahead) and plays each decision by the fewest clicks the panel offers. A turn
//! counts "Take my turn" plus the clicks of every action its player takes until someone
//! else decides.
//!
//! `cargo test -p turnpost-bot --lib rtta_clicks_per_turn -- --nocapture` prints the median
//! and the 90th percentile; the test asserts the bounds of issue 28 (median ≤ 6, p90 ≤ 8)
//! for the plain player. `CLICKS_TRACE=1` prints every action with its clicks.

use std::collections::{BTreeMap, VecDeque};

use serde_json::Value;
use turnpost_core::ai::Level;
use turnpost_core::dynamic::DynGame;
use turnpost_core::registry::new_game;
use turnpost_core::{Seat, Seed};

use super::*;

/// The fewest clicks from the panel as it opens to each legal action of the decision
/// (every control that changes the panel — a group, a page, a toggle — is one click).
pub(super) fn fewest_clicks(game: &dyn DynGame) -> BTreeMap<String, usize> {
    let Some(decision) = game.decision() else {
        return BTreeMap::new();
    };
    let seat = decision.seat;
    let menu = game.menu(seat);
    let mut clicks: BTreeMap<String, usize> = BTreeMap::new();
    let mut todo = VecDeque::from([(View::Top(0), 0)]);
    let mut seen = Vec::new();
    while let Some((view, depth)) = todo.pop_front() {
        if seen.contains(&view) {
            continue;
        }
        let controls = controls(7, 3, &menu, &view, Lang::En);
        for row in &controls.rows {
            let row = serde_json::to_value(row).unwrap_or(Value::Null);
            for c in row["components"].as_array().into_iter().flatten() {
                if c["disabled"] == true {
                    continue;
                }
                let Some(id) = c["custom_id"].as_str().and_then(ComponentId::decode) else {
                    continue;
                };
                let values: Vec<String> = c["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|o| o["value"].as_str().map(str::to_string))
                    .collect();
                match id.verb {
                    Verb::Act(n) => {
                        clicks.entry(n).or_insert(depth + 1);
                    }
                    Verb::Pick => {
                        for v in values {
                            clicks.entry(v).or_insert(depth + 1);
                        }
                    }
                    Verb::Open(_) => {
                        todo.extend(values.into_iter().map(|v| (View::Group(v), depth + 1)))
                    }
                    Verb::Page(n) => todo.push_back((View::Top(n), depth + 1)),
                    // One pick of several items together plays what they stand for.
                    Verb::Toggled if values.len() <= 12 => {
                        let items: Vec<usize> =
                            values.iter().filter_map(|v| v.parse().ok()).collect();
                        for set in 1..1u32 << items.len() {
                            let selected: Vec<usize> = (0..items.len())
                                .filter(|k| set & (1 << k) != 0)
                                .map(|k| items[k])
                                .collect();
                            if let Some(choice) = game.toggled_choice(seat, &selected) {
                                clicks.entry(choice.notation).or_insert(depth + 1);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        seen.push(view);
    }
    clicks
}

/// Who decides in the measured games.
#[derive(Clone, Copy, Debug)]
enum Player {
    /// A plain player: rerolls the dice showing a single good once, takes workers when fed
    /// (food otherwise), puts all workers on the cities first and then on a monument, buys
    /// the costliest development it can with its cheapest payment, discards the most of one
    /// good at once, and neither trades nor accepts offers.
    Plain,
    /// The AI's easy level (one action ahead; it rerolls and discards dice by dice, so it
    /// clicks more than a person would).
    Easy,
}

/// The plain player's action (see [`Player::Plain`]).
fn plain_choice(game: &dyn DynGame, seat: Seat) -> Option<String> {
    use turnpost_core::rtta::{Face, PublicView, Step, data};
    let legal = game.legal_notations(seat);
    let view = game.public_view();
    let view = view.as_any().downcast_ref::<PublicView>()?;
    let me = view.seats.get(usize::from(seat.0))?;
    let has = |n: &str| legal.iter().any(|l| l == n);
    // The legal action starting with `prefix` that puts the largest number last.
    let most = |prefix: &str| {
        legal
            .iter()
            .filter(|l| l.starts_with(prefix))
            .max_by_key(|l| {
                l.rsplit(' ')
                    .next()
                    .and_then(|n| n.parse::<u16>().ok())
                    .unwrap_or(0)
            })
            .cloned()
    };
    let choice = match view.step {
        Step::Roll if view.rerolls_left == 2 => {
            let goods: Vec<String> = view
                .dice
                .iter()
                .filter(|d| d.face == Face::Good && !d.locked)
                .map(|d| d.die.to_string())
                .collect();
            let reroll = format!("reroll {}", goods.join(" "));
            if !goods.is_empty() && has(&reroll) {
                reroll
            } else {
                "done".into()
            }
        }
        Step::Choose => {
            if u16::from(me.food) < u16::from(me.cities) {
                "food".into()
            } else {
                legal
                    .iter()
                    .filter(|l| l.starts_with("workers"))
                    .max_by_key(|l| l.len())
                    .cloned()
                    .unwrap_or_else(|| "food".into())
            }
        }
        Step::Build => most("build city ")
            .or_else(|| most("build "))
            .unwrap_or_else(|| "done".into()),
        Step::Buy => {
            // The costliest development, paid by selling the goods worth least.
            let worth = |sold: &str| -> u16 {
                sold.split(' ')
                    .filter_map(|g| me.goods.get(g).map(|v| v.value))
                    .sum()
            };
            let cost = |dev: &str| {
                data()
                    .developments
                    .iter()
                    .find(|d| d.id == dev)
                    .map_or(0, |d| d.cost)
            };
            legal
                .iter()
                .filter_map(|l| {
                    let rest = l.strip_prefix("buy ")?;
                    let (dev, sold) = rest.split_once(" sell ").unwrap_or((rest, ""));
                    Some((cost(dev), std::cmp::Reverse(worth(sold)), l))
                })
                .max()
                .map(|(.., l)| l.clone())
                .unwrap_or_else(|| "done".into())
        }
        Step::Discard => most("discard ")?,
        Step::Answer => "decline".into(),
        _ => "done".into(),
    };
    if has(&choice) {
        Some(choice)
    } else {
        legal.first().cloned()
    }
}

/// Clicks per turn over whole games of `players` seats with these options, one game per
/// seed.
fn clicks_per_turn(
    player: Player,
    options: &[(&str, &str)],
    players: usize,
    seeds: u64,
) -> Vec<usize> {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut turns = Vec::new();
    for seed in 0..seeds {
        let mut game = new_game("rtta", &options, players, Seed::from_u64(seed)).unwrap();
        let mut current: Option<(Seat, usize)> = None;
        let mut decisions = 0;
        while let Some(d) = game.decision() {
            let clicks = fewest_clicks(&*game);
            let pick = match player {
                Player::Plain => plain_choice(&*game, d.seat),
                Player::Easy => game.knowledge(d.seat).choose(
                    Level::Easy,
                    None,
                    seed * 10_000 + decisions,
                    &|| false,
                ),
            }
            .expect("a decision has an action");
            let n = *clicks
                .get(&pick)
                .unwrap_or_else(|| panic!("{pick} cannot be reached by clicking"));
            match current.as_mut() {
                Some((s, total)) if *s == d.seat => *total += n,
                _ => {
                    turns.extend(current.take().map(|(_, total)| total));
                    // Take my turn opens the panel.
                    current = Some((d.seat, 1 + n));
                }
            }
            if std::env::var("CLICKS_TRACE").is_ok() {
                eprintln!("  seat {} {pick} -> {n}", d.seat.0);
            }
            game.play(d.seat, &pick).unwrap();
            decisions += 1;
            assert!(decisions < 5000, "the game does not end");
        }
        turns.extend(current.map(|(_, total)| total));
    }
    turns.sort_unstable();
    turns
}

/// The value below which `share` of the sorted list lies (nearest rank).
fn percentile(sorted: &[usize], share: f64) -> usize {
    let rank = ((share * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

#[test]
fn rtta_clicks_per_turn() {
    let tables: [(&[(&str, &str)], usize); 4] =
        [(&[], 2), (&[], 3), (&[], 4), (&[("trade", "true")], 3)];
    let mut plain = Vec::new();
    for player in [Player::Plain, Player::Easy] {
        let mut all = Vec::new();
        for (options, players) in tables {
            let turns = clicks_per_turn(player, options, players, 4);
            eprintln!(
                "rtta {player:?} {options:?} {players} players: {} turns, clicks per turn median {} p90 {} max {}",
                turns.len(),
                percentile(&turns, 0.5),
                percentile(&turns, 0.9),
                turns.last().copied().unwrap_or(0)
            );
            all.extend(turns);
        }
        all.sort_unstable();
        eprintln!(
            "RTTA_CLICKS player={player:?} turns={} clicks_median={} clicks_p90={} max={}",
            all.len(),
            percentile(&all, 0.5),
            percentile(&all, 0.9),
            all.last().copied().unwrap_or(0)
        );
        if let Player::Plain = player {
            plain = all;
        }
    }
    let (median, p90) = (percentile(&plain, 0.5), percentile(&plain, 0.9));
    assert!(
        median <= 6 && p90 <= 8,
        "a plain player's turn takes median {median}, p90 {p90} clicks"
    );
}
