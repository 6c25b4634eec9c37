//! Roll Through the Ages' glance picture (see [`crate::png::summary`]): whose turn and what
//! to do, each seat's points, food, goods and disasters, each other player's latest turn
//! (built, bought, suffered), and once over the winner with each seat's score in parts.

use turnpost_core::rtta::PublicView;

use crate::png::summary::{SeatLine, Summary};

/// What the glance shows of a Roll Through the Ages table.
pub(crate) fn summary(view: &PublicView) -> Summary {
    let name = |i: usize| {
        view.seats
            .get(i)
            .map_or("?", |s| s.name.as_str())
            .to_string()
    };
    let mut title = format!("Roll Through the Ages · round {}", view.round);
    if let Some(last) = view.last_round {
        title.push_str(&format!(" of {last}"));
    }
    let seats = view
        .seats
        .iter()
        .map(|s| SeatLine {
            colour: s.name.clone(),
            note: format!(
                "· {} cities · {} developments",
                s.cities,
                s.developments.len()
            ),
            points: s.score,
            stock: format!(
                "food {} · goods {} (worth {}) · disasters {}",
                s.food, s.goods_count, s.goods_value, s.disasters
            ),
            to_act: view.decision.as_ref().is_some_and(|d| d.seat == s.seat),
        })
        .collect();
    let to_act = view
        .decision
        .as_ref()
        .map(|d| (name(d.seat.index()), d.prompt.clone()));
    let result = view.over.then(|| {
        let best = view.seats.iter().map(|s| s.score).max().unwrap_or(0);
        let winners: Vec<&str> = view
            .seats
            .iter()
            .filter(|s| s.score == best)
            .map(|s| s.name.as_str())
            .collect();
        let lines = view
            .seats
            .iter()
            .map(|s| {
                let p = &s.score_parts;
                (
                    s.name.clone(),
                    format!(
                        "{} points: developments {} · monuments {} · bonus {} · disasters −{}",
                        s.score, p.developments, p.monuments, p.bonus, p.disasters
                    ),
                )
            })
            .collect();
        (
            format!("Game over — highest score: {}", winners.join(" and ")),
            lines,
        )
    });
    // Each other player's latest turn (after the player to act, in turn order), then the
    // player to act's own turn so far.
    let since = view.decision.as_ref().and_then(|d| {
        let now = d.seat.index();
        let n = view.seats.len();
        let lines: Vec<(String, String)> = (1..=n)
            .map(|k| (now + k) % n)
            .filter_map(|i| {
                let notes = &view.seats.get(i)?.last_turn;
                (!notes.is_empty()).then(|| {
                    // At most six notes named; the rest counted, so the line fits.
                    let line = if notes.len() <= 6 {
                        notes.join(" · ")
                    } else {
                        format!("{} · and {} more", notes[..5].join(" · "), notes.len() - 5)
                    };
                    (
                        name(i),
                        if i == now {
                            format!("so far {line}")
                        } else {
                            line
                        },
                    )
                })
            })
            .collect();
        (!lines.is_empty()).then(|| (format!("Since {} last played", name(now)), lines))
    });
    Summary {
        title,
        to_act,
        seats,
        since,
        result,
    }
}
