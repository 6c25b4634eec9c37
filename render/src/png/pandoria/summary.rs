//! Pandoria's glance picture (see [`crate::png::summary`]): whose turn and what to do, each
//! seat's points and resources, and what each seat changed since the player to act last
//! played — read from the public view only.

use turnpost_core::Seat;
use turnpost_core::pandoria::{Change, ChangeKind, PublicView};

use crate::png::summary::{SeatLine, Summary};

/// "tile on D3–D4", "castle on D7", "figure to D4", "closed a region at D3".
fn change_words(change: &Change) -> String {
    let at: Vec<String> = change.at.iter().map(ToString::to_string).collect();
    match change.kind {
        ChangeKind::Tile => format!("tile on {}", at.join("–")),
        ChangeKind::Castle => format!("castle on {}", at.join("–")),
        ChangeKind::Figure => format!("figure to {}", at.join("–")),
        ChangeKind::Closed => format!(
            "closed a region of {} space{}",
            at.len(),
            if at.len() == 1 { "" } else { "s" }
        ),
        ChangeKind::Action => change.words.clone(),
    }
}

/// The most changes one seat's line names; the rest are counted ("and 3 more").
const CHANGES_PER_LINE: usize = 6;

/// A seat's changes in one line, the first [`CHANGES_PER_LINE`] named.
fn changes_line(words: &[String]) -> String {
    if words.len() <= CHANGES_PER_LINE {
        return words.join(" · ");
    }
    format!(
        "{} · and {} more",
        words[..CHANGES_PER_LINE - 1].join(" · "),
        words.len() - (CHANGES_PER_LINE - 1)
    )
}

/// What the glance shows of a Pandoria table.
pub(crate) fn summary(view: &PublicView) -> Summary {
    let colour = |s: Seat| {
        view.seats
            .get(s.index())
            .map_or_else(|| s.to_string(), |p| p.colour.clone())
    };
    let mut title = format!("Pandoria · round {}", view.round);
    if view.last_round {
        title.push_str(" (last)");
    }
    title.push_str(&format!(" · {} tiles left", view.tiles_left));
    let seats = view
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut stock = Vec::new();
            if let Some(r) = s.resources {
                stock.push(format!(
                    "{} crystal{} · {} gold · {} wood",
                    r.crystal,
                    if r.crystal == 1 { "" } else { "s" },
                    r.gold,
                    r.wood
                ));
            }
            if s.hand_cards > 0 {
                stock.push(format!(
                    "{} card{}",
                    s.hand_cards,
                    if s.hand_cards == 1 { "" } else { "s" }
                ));
            }
            stock.push(format!(
                "reserve {} worker{}{}",
                s.workers,
                if s.workers == 1 { "" } else { "s" },
                if s.leader { " + leader" } else { "" }
            ));
            // Spirits of the Ancients: a haunting figure waiting in this player's reserve.
            if let Some(f) = s.haunted_by {
                stock.push(format!("haunted by {}", colour(f.seat)));
            }
            // Artifacts: what the seat may spend, and its relics.
            if view.options.artifacts {
                stock.push(format!(
                    "{} artifact{}",
                    s.artifacts,
                    if s.artifacts == 1 { "" } else { "s" }
                ));
                if !s.relics.is_empty() {
                    let relics: Vec<String> = s.relics.iter().map(u8::to_string).collect();
                    stock.push(format!("relics {}", relics.join(" ")));
                }
            }
            // Hanbok: captives held (points at the end, ransom for the others).
            if !s.captives.is_empty() {
                stock.push(format!(
                    "{} captive{}",
                    s.captives.len(),
                    if s.captives.len() == 1 { "" } else { "s" }
                ));
            }
            SeatLine {
                colour: s.colour.clone(),
                note: s
                    .realm
                    .map(|r| {
                        let slug = r.slug();
                        let mut name = slug[..1].to_uppercase();
                        name.push_str(&slug[1..]);
                        format!("· {name}")
                    })
                    .unwrap_or_default(),
                points: s.team_score.unwrap_or(s.score),
                stock: stock.join(" · "),
                to_act: view.to_act == Some(Seat(i as u8)),
            }
        })
        .collect();
    let to_act = view
        .to_act
        .map(|s| (colour(s), view.prompt.clone().unwrap_or_default()));
    // One line per seat that changed something, the seat to act's steps so far last.
    let since = view.to_act.and_then(|now| {
        let order: Vec<Seat> = (1..=view.seats.len())
            .map(|k| Seat(((now.index() + k) % view.seats.len()) as u8))
            .collect();
        let lines: Vec<(String, String)> = order
            .into_iter()
            .filter_map(|s| {
                let words: Vec<String> = view
                    .changes
                    .iter()
                    .filter(|c| c.seat == s)
                    .map(change_words)
                    .collect();
                (!words.is_empty()).then(|| {
                    let line = if s == now {
                        format!("so far {}", changes_line(&words))
                    } else {
                        changes_line(&words)
                    };
                    (colour(s), line)
                })
            })
            .collect();
        (!lines.is_empty()).then(|| (format!("Since {} last played", colour(now)), lines))
    });
    let result = view.outcome.as_ref().map(|o| {
        let winners: Vec<String> = o.winners.iter().map(|&s| colour(s)).collect();
        let lines = view
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let p = s.score_parts;
                let parts: Vec<String> = [
                    ("regions", p.regions),
                    ("buildings", p.buildings),
                    ("monuments", p.monuments),
                    ("conversions", p.conversions),
                    ("hand cards", p.hand_cards),
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
                .map(|(what, n)| format!("{what} {n}"))
                .collect();
                (
                    colour(Seat(i as u8)),
                    format!(
                        "{} points (place {}): {}",
                        o.scores.get(i).copied().unwrap_or(s.score),
                        o.ranks.get(i).copied().unwrap_or(0),
                        if parts.is_empty() {
                            "none".to_string()
                        } else {
                            parts.join(" · ")
                        }
                    ),
                )
            })
            .collect();
        (format!("Game over — {} wins", winners.join(" and ")), lines)
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
        let (heading, lines) = summary(&view).result.unwrap();
        assert!(heading.contains("wins"), "{heading}");
        assert_eq!(
            lines[0].1,
            "12 points (place 1): regions 5 · monuments 3 · earlier 4"
        );
    }
}
