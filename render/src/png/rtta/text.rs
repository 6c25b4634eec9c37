//! Roll Through the Ages as text, for terminals and logs: the dice and what is left of the
//! turn, one line per player (the sheet [`seat_line`] also answers a player's own sheet) and
//! the monuments.

use std::fmt::Write as _;

use turnpost_core::Seat;
use turnpost_core::rtta;
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use crate::png::summary::listed;

/// `items` as a list, or "none".
fn or_none(items: Vec<Text>) -> Text {
    if items.is_empty() {
        t!("render-none")
    } else {
        listed(items)
    }
}

/// One player's line of [`public`] in `lang`: score, cities, food, disasters, goods and
/// developments.
pub(crate) fn seat_line(t: &rtta::TableauView, lang: Lang) -> String {
    // Goods and developments by their notation ids, as a player types them.
    let goods = t
        .goods
        .iter()
        .filter(|(_, g)| g.count > 0)
        .map(|(k, g)| Text::raw(format!("{k} {}", g.count)))
        .collect();
    let developments = t.developments.iter().map(|d| Text::raw(*d)).collect();
    format!(
        "{:<7} {}",
        lang.render(&t.name),
        lang.render(&t!(
            "render-rtta-text-seat",
            score = Arg::raw(format!("{:>3}", t.score)),
            cities = t.cities,
            food = t.food,
            disasters = t.disasters,
            goods = or_none(goods),
            worth = t.goods_value,
            developments = or_none(developments)
        ))
    )
}

/// A Roll Through the Ages table in a few lines, in `lang`: the dice and what is left of the
/// turn, then one line per player and the monuments.
pub(crate) fn public(view: &rtta::PublicView, lang: Lang) -> String {
    let name = |seat: Seat| {
        view.seats
            .get(seat.index())
            .map_or_else(|| Text::raw("?"), |t| t.name.clone())
    };
    let round = t!("render-rtta-text-round", round = view.round);
    let mut out = lang.render(&match &view.decision {
        Some(d) => t!(
            "render-rtta-text-to-play",
            round = round,
            seat = name(d.seat),
            prompt = &d.prompt
        ),
        None => round,
    });
    out.push('\n');
    let dice: Vec<Text> = view
        .dice
        .iter()
        .map(|d| {
            let choice = d
                .choice
                .map(|c| Text::dynamic(format!("render-rtta-choice-{c}")));
            let die = Arg::raw(d.die.to_string());
            match (d.locked, choice) {
                (false, None) => t!("render-rtta-text-die", die = die, face = &d.label),
                (true, None) => t!("render-rtta-text-die-kept", die = die, face = &d.label),
                (false, Some(c)) => {
                    t!(
                        "render-rtta-text-die-chosen",
                        die = die,
                        face = &d.label,
                        choice = c
                    )
                }
                (true, Some(c)) => t!(
                    "render-rtta-text-die-kept-chosen",
                    die = die,
                    face = &d.label,
                    choice = c
                ),
            }
        })
        .collect();
    if !dice.is_empty() {
        let line = t!(
            "render-rtta-text-dice",
            dice = listed(dice),
            rerolls = view.rerolls_left,
            workers = view.workers,
            coins = view.coins
        );
        let _ = writeln!(out, "{}", lang.render(&line));
    }
    for t in &view.seats {
        let _ = writeln!(out, "{}", seat_line(t, lang));
    }
    let monuments: Vec<Text> = view
        .monuments
        .iter()
        .map(|m| match m.first {
            Some(first) => t!(
                "render-rtta-text-monument-first",
                monument = &m.name,
                workers = m.workers,
                seat = name(first)
            ),
            None => t!(
                "render-rtta-text-monument",
                monument = &m.name,
                workers = m.workers
            ),
        })
        .collect();
    let line = t!("render-rtta-text-monuments", monuments = listed(monuments));
    let _ = writeln!(out, "{}", lang.render(&line));
    if view.over {
        let _ = writeln!(out, "{}", lang.render(&t!("render-rtta-text-over")));
    }
    out
}
