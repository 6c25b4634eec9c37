//! Roll Through the Ages as text, for terminals and logs: the dice and what is left of the
//! turn, one line per player (the sheet [`seat_line`] also answers a player's own sheet) and
//! the monuments.

use std::fmt::Write as _;
use turnpost_core::Seat;

use turnpost_core::rtta;

/// One player's line of [`public`]: score, cities, food, disasters, goods and
/// developments.
pub(crate) fn seat_line(t: &rtta::TableauView) -> String {
    let listed = |items: Vec<String>| {
        if items.is_empty() {
            "none".to_string()
        } else {
            items.join(", ")
        }
    };
    let goods = t
        .goods
        .iter()
        .filter(|(_, g)| g.count > 0)
        .map(|(k, g)| format!("{k} {}", g.count))
        .collect();
    let developments = t.developments.iter().map(|d| d.to_string()).collect();
    format!(
        "{:<7} {:>3} points · {} cities · food {} · disasters {} · goods: {} (worth {}) · developments: {}",
        t.name,
        t.score,
        t.cities,
        t.food,
        t.disasters,
        listed(goods),
        t.goods_value,
        listed(developments),
    )
}

/// A Roll Through the Ages table in a few lines: the dice and what is left of the turn,
/// then one line per player and the monuments.
pub(crate) fn public(view: &rtta::PublicView) -> String {
    let name = |seat: Seat| {
        view.seats
            .get(seat.index())
            .map_or("?", |t| t.name.as_str())
    };
    let mut out = format!("Roll Through the Ages · round {}", view.round);
    if let Some(d) = &view.decision {
        let _ = write!(out, " · {} to play: {}", name(d.seat), d.prompt);
    }
    out.push('\n');
    let dice: Vec<String> = view
        .dice
        .iter()
        .map(|d| {
            let mut label = format!("{}:{}", d.die, d.label);
            if d.locked {
                label.push_str(" (kept)");
            }
            if let Some(choice) = d.choice {
                let _ = write!(label, " → {choice}");
            }
            label
        })
        .collect();
    if !dice.is_empty() {
        let _ = writeln!(
            out,
            "Dice: {} · rerolls left {} · workers {} · coins {}",
            dice.join(", "),
            view.rerolls_left,
            view.workers,
            view.coins
        );
    }
    for t in &view.seats {
        let _ = writeln!(out, "{}", seat_line(t));
    }
    let monuments: Vec<String> = view
        .monuments
        .iter()
        .map(|m| {
            let mut line = format!("{} ({} workers)", m.name, m.workers);
            if let Some(first) = m.first {
                let _ = write!(line, " first: {}", name(first));
            }
            line
        })
        .collect();
    let _ = writeln!(out, "Monuments: {}", monuments.join(", "));
    if view.over {
        out.push_str("The game is over.\n");
    }
    out
}
