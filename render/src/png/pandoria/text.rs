//! Pandoria as text, for terminals and logs: the board with two text lines per board row
//! (even columns `A`, `C`, … on the first, odd columns, which sit half a hex lower, on the
//! second; each hex four characters wide), the legend under it, the seats and the state of
//! play; and a seat's hand.

use std::fmt::Write as _;

use turnpost_core::hex::{COLUMNS, Hex, ROWS};
use turnpost_core::pandoria::{self, PublicView, SeatView, Space, Terrain};
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use super::tile_text;
use crate::png::summary::listed;

fn terrain_letter(t: Terrain) -> char {
    match t {
        Terrain::Forest => 'f',
        Terrain::Mountain => 'm',
        Terrain::Hills => 'h',
        Terrain::City => 'c',
    }
}

fn colour_letter(seat: usize, leader: bool) -> char {
    let c = pandoria::COLOURS
        .get(seat)
        .and_then(|c| c.chars().next())
        .unwrap_or('?');
    if leader {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    }
}

/// The Pandoria board, the seats and the state of play, in `lang`.
pub(crate) fn public(view: &PublicView, lang: Lang) -> String {
    let board = pandoria::board_for(view.options.board);
    let mut cells = vec![String::new(); turnpost_core::hex::CELLS];
    for hex in Hex::all() {
        cells[hex.index()] = match board.space(hex) {
            Space::Mountains => "^^^".into(),
            Space::Exit { terrain } => {
                format!("={}=", terrain_letter(terrain).to_ascii_uppercase())
            }
            Space::Lake { ship: true } => "~s~".into(),
            Space::Lake { ship: false } => "~~~".into(),
            Space::Plain | Space::Printed { .. } => " . ".into(),
        };
    }
    for pair in board.start_pairs() {
        for hex in pair {
            cells[hex.index()] = " * ".into();
        }
    }
    for land in &view.land {
        let code = match (land.terrain, land.castle) {
            (Some(t), _) => {
                let letter = terrain_letter(t);
                let letter = if land.printed {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                };
                format!("{letter}{} ", land.symbols)
            }
            (None, Some(owner)) => format!("#{} ", colour_letter(owner.index(), false)),
            (None, None) => "?? ".into(),
        };
        cells[land.at.index()] = code;
    }
    for f in &view.figures {
        let cell = &mut cells[f.at.index()];
        let mut chars: Vec<char> = cell.chars().collect();
        let slot = if chars[0] == '~' { 1 } else { 2 };
        chars[slot] = colour_letter(f.seat.index(), f.leader);
        *cell = chars.into_iter().collect();
    }
    let mut out = String::new();
    out.push_str("    ");
    for col in 0..COLUMNS {
        let _ = write!(out, " {}  ", (b'A' + col) as char);
    }
    out.push('\n');
    for row in 0..ROWS {
        for odd in [false, true] {
            if odd {
                out.push_str("    ");
            } else {
                let _ = write!(out, "{row:>2}  ");
            }
            for col in 0..COLUMNS {
                let hex = Hex::new(col, row).expect("in range");
                if (col % 2 == 1) == odd {
                    let mark = if view.last_move.contains(&hex) {
                        '<'
                    } else {
                        ' '
                    };
                    let _ = write!(out, "{}{mark}", cells[hex.index()]);
                } else {
                    out.push_str("    ");
                }
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
    }
    out.push('\n');
    for line in [
        t!("render-pandoria-text-legend-land"),
        t!("render-pandoria-text-legend-figures"),
        t!("render-pandoria-text-legend-board"),
    ] {
        let _ = writeln!(out, "{}", lang.render(&line));
    }
    out.push('\n');
    for (i, s) in view.seats.iter().enumerate() {
        let score = Arg::raw(format!("{:>3}", s.score));
        let mut line = vec![if s.leader {
            t!(
                "render-pandoria-text-seat-leader",
                score = score,
                workers = s.workers,
                castles = s.castles,
                tiles = s.hand_tiles
            )
        } else {
            t!(
                "render-pandoria-text-seat",
                score = score,
                workers = s.workers,
                castles = s.castles,
                tiles = s.hand_tiles
            )
        }];
        if view.start_player.index() == i {
            line.push(t!("render-pandoria-text-start-player"));
        }
        if view.to_act.is_some_and(|t| t.index() == i) {
            line.push(t!("render-pandoria-text-to-play"));
        }
        let _ = writeln!(
            out,
            "{:<7}({}/{}) {}",
            lang.render(&s.colour),
            colour_letter(i, false),
            colour_letter(i, true),
            lang.render(&Text::concat(line)),
        );
    }
    let mut round = vec![t!(
        "render-pandoria-text-round",
        round = view.round,
        tiles = view.tiles_left
    )];
    if view.last_round {
        round.push(t!("render-pandoria-text-last-round"));
    }
    let _ = writeln!(out, "{}", lang.render(&Text::concat(round)));
    if let Some(o) = &view.outcome {
        let winners = Text::and_list(
            o.winners
                .iter()
                .map(|w| view.seats[w.index()].colour.clone()),
        );
        let over = t!("render-pandoria-text-over", winners = winners);
        let _ = writeln!(out, "{}", lang.render(&over));
    }
    out
}

/// A seat's hand in `lang`: its tiles, and its cards with their numbers (as `spell 17`
/// names them), both sides and their costs.
pub(crate) fn private(view: &SeatView, lang: Lang) -> String {
    let mut out = String::new();
    if !view.hand.is_empty() {
        let tiles = listed(view.hand.iter().map(tile_text));
        let line = t!(
            "render-pandoria-text-tiles",
            n = view.hand.len(),
            tiles = tiles
        );
        let _ = writeln!(out, "{}", lang.render(&line));
    }
    if !view.cards.is_empty() {
        let line = t!("render-pandoria-text-cards", n = view.cards.len());
        let _ = writeln!(out, "{}", lang.render(&line));
        for c in &view.cards {
            let line = t!(
                "render-pandoria-text-card",
                id = c.id.0,
                spell = &c.spell.label,
                crystals = c.spell.cost,
                building = &c.building.label,
                wood = c.building.cost,
                gold = c.gold
            );
            let _ = writeln!(out, "{}", lang.render(&line));
        }
    }
    if out.is_empty() {
        let _ = writeln!(out, "{}", lang.render(&t!("render-pandoria-text-empty")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use turnpost_core::pandoria::Pandoria;
    use turnpost_core::{Game, Seed};

    #[test]
    fn the_text_board_shows_labels_start_tiles_and_no_hand() {
        let mut g = Pandoria::new(&Default::default(), 3, Seed::from_u64(5)).unwrap();
        g.fix("start-tiles", "G6 G7 I6 I7").unwrap();
        crate::install_words();
        let text = public(&g.public_view(), Lang::En);
        assert!(text.starts_with("     A   B   C"));
        assert!(text.contains(" 6  "));
        // The start tiles (forest 1·hills 1, mountain 1·city 1) are on the board.
        assert!(text.contains("f1 ") && text.contains("c1 "));
        assert!(text.contains("Red    (r/R)"));
        // The hand is not in the public text; the private text shows it.
        let seat = g.seat_view(turnpost_core::Seat(0));
        let tile = seat.hand[0].to_string();
        assert!(private(&seat, Lang::En).contains(&tile));
        assert!(!text.contains(&tile), "{tile}");
    }

    #[test]
    fn the_private_text_lists_the_cards_with_their_numbers() {
        let options = turnpost_core::pandoria::Options {
            mode: turnpost_core::pandoria::Mode::Standard,
            ..Default::default()
        };
        let mut g = Pandoria::new(&options, 2, Seed::from_u64(5)).unwrap();
        g.fix("cards", "1 10 11 18 37").unwrap();
        let seat = g.seat_view(turnpost_core::Seat(0));
        assert_eq!(seat.cards.len(), 4);
        crate::install_words();
        let text = private(&seat, Lang::En);
        assert!(text.contains("Your cards:"), "{text}");
        assert!(
            text.contains("- card 10: spell Conjure 6 (2 crystals) | building Store (4 wood)"),
            "{text}"
        );
        assert!(!text.contains("empty"), "{text}");
    }
}
