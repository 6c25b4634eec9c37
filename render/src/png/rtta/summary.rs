//! Roll Through the Ages' glance picture (see [`crate::png::summary`]): whose turn and what
//! to do, each seat's points, food, goods and disasters, each other player's latest turn
//! (built, bought, suffered), and once over the winner with each seat's score in parts.

use turnpost_core::rtta::PublicView;
use turnpost_core::t;
use turnpost_core::words::Text;

use crate::png::summary::{ResultLine, SeatLine, SinceLine, Summary};

/// What the glance shows of a Roll Through the Ages table.
pub(crate) fn summary(view: &PublicView) -> Summary {
    let name = |i: usize| {
        view.seats
            .get(i)
            .map_or_else(|| Text::raw("?"), |s| s.name.clone())
    };
    let round = match view.last_round {
        Some(last) => t!("render-round-of", round = view.round, last = last),
        None => t!("render-round", round = view.round),
    };
    let title = vec![t!("render-rtta-title"), round];
    let seats = view
        .seats
        .iter()
        .map(|s| SeatLine {
            colour: s.name.clone(),
            note: Some(t!(
                "render-rtta-note",
                cities = s.cities,
                developments = s.developments.len()
            )),
            points: s.score,
            stock: vec![
                t!("render-rtta-food-stock", n = s.food),
                t!(
                    "render-rtta-goods-stock",
                    n = s.goods_count,
                    worth = s.goods_value
                ),
                t!("render-rtta-disasters-stock", n = s.disasters),
            ],
            to_act: view.decision.as_ref().is_some_and(|d| d.seat == s.seat),
        })
        .collect();
    let to_act = view
        .decision
        .as_ref()
        .map(|d| (name(d.seat.index()), Some(d.prompt.clone())));
    let result = view.over.then(|| {
        let best = view.seats.iter().map(|s| s.score).max().unwrap_or(0);
        let winners = Text::and_list(
            view.seats
                .iter()
                .filter(|s| s.score == best)
                .map(|s| s.name.clone()),
        );
        let lines = view
            .seats
            .iter()
            .map(|s| {
                let p = &s.score_parts;
                ResultLine {
                    seat: s.name.clone(),
                    score: t!("render-rtta-score", points = s.score),
                    parts: vec![
                        t!("render-rtta-part-developments", n = p.developments),
                        t!("render-rtta-part-monuments", n = p.monuments),
                        t!("render-rtta-part-bonus", n = p.bonus),
                        t!("render-rtta-part-disasters", n = p.disasters),
                    ],
                }
            })
            .collect();
        (t!("render-rtta-game-over", winners = winners), lines)
    });
    // Each other player's latest turn (after the player to act, in turn order), then the
    // player to act's own turn so far.
    let since = view.decision.as_ref().and_then(|d| {
        let now = d.seat.index();
        let n = view.seats.len();
        let lines: Vec<SinceLine> = (1..=n)
            .map(|k| (now + k) % n)
            .filter_map(|i| {
                let notes = &view.seats.get(i)?.last_turn;
                (!notes.is_empty()).then(|| SinceLine {
                    seat: name(i),
                    changes: notes.clone(),
                    so_far: i == now,
                })
            })
            .collect();
        (!lines.is_empty()).then(|| (t!("render-since", seat = name(now)), lines))
    });
    Summary {
        title,
        to_act,
        seats,
        since,
        result,
    }
}
