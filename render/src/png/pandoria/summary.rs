//! Pandoria's glance picture (see [`crate::png::summary`]): whose turn and what to do, each
//! seat's points and resources, and what each seat changed since the player to act last
//! played — read from the public view only.

use turnpost_core::Seat;
use turnpost_core::pandoria::{Change, ChangeKind, PublicView};
use turnpost_core::t;
use turnpost_core::words::{Arg, Text};

use super::extras::realm_name;
use crate::png::summary::{ResultLine, SeatLine, SinceLine, Summary};

/// "tile on D3–D4", "castle on D7", "figure to D4", "closed a region of 3 spaces", or the
/// action's log line.
fn change_words(change: &Change) -> Text {
    let at: Vec<String> = change.at.iter().map(ToString::to_string).collect();
    let at = || Arg::raw(at.join("–"));
    match change.kind {
        ChangeKind::Tile => t!("render-pandoria-change-tile", at = at()),
        ChangeKind::Castle => t!("render-pandoria-change-castle", at = at()),
        ChangeKind::Figure => t!("render-pandoria-change-figure", at = at()),
        ChangeKind::Closed => t!("render-pandoria-change-closed", n = change.at.len()),
        ChangeKind::Action => change.words.clone().unwrap_or_else(|| Text::concat([])),
    }
}

/// What the glance shows of a Pandoria table.
pub(crate) fn summary(view: &PublicView) -> Summary {
    let colour = |s: Seat| {
        view.seats
            .get(s.index())
            .map_or_else(|| Text::raw(s.to_string()), |p| p.colour.clone())
    };
    let mut title = vec![
        t!("render-pandoria-title"),
        if view.last_round {
            t!("render-round-last", round = view.round)
        } else {
            t!("render-round", round = view.round)
        },
    ];
    title.push(t!("render-pandoria-tiles-left", n = view.tiles_left));
    let seats = view
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut stock = Vec::new();
            if let Some(r) = s.resources {
                stock.push(t!("render-pandoria-crystals", n = r.crystal));
                stock.push(t!("render-pandoria-gold-n", n = r.gold));
                stock.push(t!("render-pandoria-wood-n", n = r.wood));
            }
            if s.hand_cards > 0 {
                stock.push(t!("render-pandoria-cards", n = s.hand_cards));
            }
            stock.push(if s.leader {
                t!("render-pandoria-reserve-leader", n = s.workers)
            } else {
                t!("render-pandoria-reserve-workers", n = s.workers)
            });
            // Spirits of the Ancients: a haunting figure waiting in this player's reserve.
            if let Some(f) = s.haunted_by {
                stock.push(t!("render-pandoria-haunted", seat = colour(f.seat)));
            }
            // Artifacts: what the seat may spend, and its relics.
            if view.options.artifacts {
                stock.push(t!("render-pandoria-artifacts", n = s.artifacts));
                if !s.relics.is_empty() {
                    let relics: Vec<String> = s.relics.iter().map(u8::to_string).collect();
                    let points = Arg::raw(relics.join(" "));
                    stock.push(t!("render-pandoria-relics", points = points));
                }
            }
            // Hanbok: captives held (points at the end, ransom for the others).
            if !s.captives.is_empty() {
                stock.push(t!("render-pandoria-captives-n", n = s.captives.len()));
            }
            SeatLine {
                colour: s.colour.clone(),
                note: s.realm.map(realm_name),
                points: s.team_score.unwrap_or(s.score),
                stock,
                to_act: view.to_act == Some(Seat(i as u8)),
            }
        })
        .collect();
    let to_act = view.to_act.map(|s| (colour(s), view.prompt.clone()));
    // One line per seat that changed something, the seat to act's steps so far last.
    let since = view.to_act.and_then(|now| {
        let order: Vec<Seat> = (1..=view.seats.len())
            .map(|k| Seat(((now.index() + k) % view.seats.len()) as u8))
            .collect();
        let lines: Vec<SinceLine> = order
            .into_iter()
            .filter_map(|s| {
                let words: Vec<Text> = view
                    .changes
                    .iter()
                    .filter(|c| c.seat == s)
                    .map(change_words)
                    .collect();
                (!words.is_empty()).then(|| SinceLine {
                    seat: colour(s),
                    changes: words,
                    so_far: s == now,
                })
            })
            .collect();
        (!lines.is_empty()).then(|| (t!("render-since", seat = colour(now)), lines))
    });
    let result = view.outcome.as_ref().map(|o| {
        let winners = Text::and_list(o.winners.iter().map(|&s| colour(s)));
        let lines = view
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let p = s.score_parts;
                let parts: Vec<Text> = [
                    ("regions", p.regions),
                    ("buildings", p.buildings),
                    ("monuments", p.monuments),
                    ("conversions", p.conversions),
                    ("hand-cards", p.hand_cards),
                    ("resources", p.resources),
                    ("captives", p.captives),
                    ("relics", p.relics),
                ]
                .into_iter()
                .chain(
                    // A game saved before the parts were kept scored some points unnamed.
                    Some(("earlier", s.score - p.total())),
                )
                .filter(|(_, n)| *n != 0)
                .map(|(what, n)| {
                    let what = Text::dynamic(format!("render-pandoria-part-{what}"));
                    t!("render-pandoria-part", what = what, n = n)
                })
                .collect();
                ResultLine {
                    seat: colour(Seat(i as u8)),
                    score: t!(
                        "render-pandoria-score",
                        points = o.scores.get(i).copied().unwrap_or(s.score),
                        place = o.ranks.get(i).copied().unwrap_or(0)
                    ),
                    parts,
                }
            })
            .collect();
        (t!("render-pandoria-game-over", winners = winners), lines)
    });
    Summary {
        title,
        to_act,
        seats,
        since,
        result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use turnpost_core::Game;

    #[test]
    fn the_result_names_each_part_and_what_an_older_save_left_unnamed() {
        let game = crate::samples::pandoria_late_in(turnpost_core::pandoria::Mode::Standard, 2, 3);
        let mut view = game.public_view();
        view.outcome = Some(turnpost_core::Outcome::from_scores(vec![12, 9], vec![0, 0]));
        view.seats[0].score = 12;
        view.seats[0].score_parts = turnpost_core::pandoria::ScoreParts {
            regions: 5,
            monuments: 3,
            ..Default::default()
        };
        crate::install_words();
        let (heading, lines) = summary(&view).result.unwrap();
        let heading = heading.to_string();
        assert!(heading.contains("wins"), "{heading}");
        assert_eq!(
            lines[0].words(crate::png::summary::Sep::Dot).to_string(),
            "12 points (place 1): regions 5 · monuments 3 · earlier 4"
        );
    }
}
