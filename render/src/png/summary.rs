//! The glance picture: a narrow portrait card that answers, in text large enough to read on
//! a phone, the three questions a player has when they look in hours later — whose turn it
//! is and what they must do; every seat's points and stock; and what happened since the
//! player to act last played. The full board is the second picture, for a tap and a zoom.
//!
//! Every game fills the same [`Summary`]; this module draws it, so all games read alike.
//! The smallest text is [`SMALLEST`] pixels on a picture [`WIDTH`] wide: shown 400 pixels
//! wide (a phone in portrait), its capital letters stay over 7 pixels tall (the test below
//! measures it with the font itself).

use image::RgbImage;

use super::draw::{Canvas, mix};
use super::palette::{self, INK, MUTED, PANEL, PAPER, RULE};
use super::text::{Align, Fonts, Style};

/// The picture's width: narrow, so that a phone shows it large.
pub(crate) const WIDTH: u32 = 720;
/// The smallest text size on the picture.
pub(crate) const SMALLEST: f32 = 26.0;
const TITLE: f32 = 30.0;
const BIG: f32 = 34.0;
const NAME: f32 = 30.0;
const POINTS: f32 = 38.0;
const MARGIN: f32 = 24.0;

/// One seat's line of the glance.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatLine {
    /// The seat's colour name (`Red`), which also picks its colour.
    pub colour: String,
    /// What follows the name (`· Dwarves`, `· to play`).
    pub note: String,
    /// Points now.
    pub points: i32,
    /// Its stock in words (`2 crystals · 7 gold · 4 wood`, `food 4 · goods 6 · disasters 2`).
    pub stock: String,
    /// Whether the seat is to act.
    pub to_act: bool,
}

/// What the glance shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// `Pandoria · round 11 · 12 tiles left`.
    pub title: String,
    /// The seat to act's colour name and what it must do; `None` once the game is over.
    pub to_act: Option<(String, String)>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatLine>,
    /// A heading (`Since Red last played`) and one line per seat that did something,
    /// prefixed with that seat's colour name.
    pub since: Option<(String, Vec<(String, String)>)>,
    /// Once over: the winner line and one breakdown line per seat (colour name, text).
    pub result: Option<(String, Vec<(String, String)>)>,
}

/// Lines of `text` that fit `max` pixels in `style`.
fn lines(fonts: &Fonts, style: Style, text: &str, max: f32) -> Vec<String> {
    fonts.wrap(style, text, max)
}

/// Draws the glance (two passes: measure the height, then draw).
pub(crate) fn draw(fonts: &Fonts, summary: &Summary) -> RgbImage {
    let height = layout(fonts, summary, None);
    let mut canvas = Canvas::new(WIDTH, height.ceil() as u32, PAPER);
    layout(fonts, summary, Some(&mut canvas));
    canvas.image
}

/// Lays the glance out from the top; draws when given a canvas; returns the height used.
fn layout(fonts: &Fonts, s: &Summary, mut canvas: Option<&mut Canvas>) -> f32 {
    let w = WIDTH as f32;
    let inner = w - 2.0 * MARGIN;
    let mut y = MARGIN;
    let text = |canvas: &mut Option<&mut Canvas>, x: f32, y: f32, align, style, t: &str| {
        if let Some(c) = canvas.as_deref_mut() {
            fonts.draw(c, x, y, align, style, t);
        }
    };
    let fill = |canvas: &mut Option<&mut Canvas>, y: f32, h: f32, colour| {
        if let Some(c) = canvas.as_deref_mut() {
            c.fill(0, y as i32, WIDTH, h.ceil() as u32, colour);
        }
    };
    // The title.
    y += TITLE;
    text(
        &mut canvas,
        MARGIN,
        y,
        Align::Left,
        Style::bold(TITLE, MUTED),
        &s.title,
    );
    y += 18.0;
    // Whose turn, and what to do: a band in their colour.
    if let Some((colour, what)) = &s.to_act {
        let mark = palette::player(colour);
        let head = Style::bold(BIG, INK);
        let body = Style::regular(SMALLEST + 2.0, INK);
        let what_lines = lines(fonts, body, what, inner - 20.0);
        let h = 18.0 + BIG + 10.0 + what_lines.len() as f32 * (SMALLEST + 10.0) + 14.0;
        fill(&mut canvas, y, h, mix(mark.colour, PANEL, 0.72));
        fill(&mut canvas, y, 12.0, mark.colour);
        let mut ty = y + 18.0 + BIG;
        text(
            &mut canvas,
            MARGIN,
            ty,
            Align::Left,
            head,
            &format!("{colour} to play"),
        );
        for line in &what_lines {
            ty += SMALLEST + 10.0;
            text(&mut canvas, MARGIN + 4.0, ty, Align::Left, body, line);
        }
        y += h + 12.0;
    }
    // Every seat: colour bar, name and note, points; its stock under it.
    for seat in &s.seats {
        let mark = palette::player(&seat.colour);
        let stock = Style::regular(SMALLEST, INK);
        let stock_lines = lines(fonts, stock, &seat.stock, inner - 24.0);
        let h = 14.0 + NAME + stock_lines.len() as f32 * (SMALLEST + 9.0) + 14.0;
        fill(&mut canvas, y, h, if seat.to_act { PANEL } else { PAPER });
        if let Some(c) = canvas.as_deref_mut() {
            c.fill(0, y as i32, 12, h.ceil() as u32, mark.colour);
            c.fill(0, (y + h) as i32, WIDTH, 1, RULE);
        }
        let ny = y + 10.0 + NAME;
        text(
            &mut canvas,
            MARGIN,
            ny,
            Align::Left,
            Style::bold(NAME, INK),
            format!("{} {}", seat.colour, seat.note).trim(),
        );
        text(
            &mut canvas,
            w - MARGIN,
            ny + 2.0,
            Align::Right,
            Style::bold(POINTS, INK),
            &format!("{} pt", seat.points),
        );
        let mut sy = ny;
        for line in &stock_lines {
            sy += SMALLEST + 9.0;
            text(&mut canvas, MARGIN, sy, Align::Left, stock, line);
        }
        y += h + 1.0;
    }
    // What happened since the player to act last played, or the result.
    let block = |canvas: &mut Option<&mut Canvas>,
                 y: &mut f32,
                 heading: &str,
                 entries: &[(String, String)]| {
        *y += 22.0 + NAME;
        text(
            canvas,
            MARGIN,
            *y,
            Align::Left,
            Style::bold(NAME, INK),
            heading,
        );
        for (colour, line) in entries {
            let mark = palette::player(colour);
            let style = Style::regular(SMALLEST, INK);
            let wrapped = lines(fonts, style, &format!("{colour}: {line}"), inner - 24.0);
            for (k, l) in wrapped.iter().enumerate() {
                *y += SMALLEST + 10.0;
                if k == 0
                    && let Some(c) = canvas.as_deref_mut()
                {
                    c.fill(
                        MARGIN as i32,
                        (*y - SMALLEST * 0.8) as i32,
                        10,
                        (SMALLEST * 0.9) as u32,
                        mark.colour,
                    );
                }
                text(canvas, MARGIN + 20.0, *y, Align::Left, style, l);
            }
        }
    };
    if let Some((heading, entries)) = &s.result {
        block(&mut canvas, &mut y, heading, entries);
    }
    if let Some((heading, entries)) = &s.since {
        block(&mut canvas, &mut y, heading, entries);
    }
    y + MARGIN
}

/// The longest description Discord keeps for an attachment (its alt text).
pub(crate) const ALT_MAX: usize = 1024;

/// Cuts a description to [`ALT_MAX`] characters (at a word, with an ellipsis).
pub(crate) fn clip_alt(text: String) -> String {
    if text.chars().count() <= ALT_MAX {
        return text;
    }
    let kept: String = text.chars().take(ALT_MAX - 1).collect();
    let kept = match kept.rfind(' ') {
        Some(at) if at > ALT_MAX / 2 => &kept[..at],
        _ => kept.as_str(),
    };
    format!("{}…", kept.trim_end_matches([',', ';', ' ']))
}

/// Each seat's points in words, leader first: `Red leads with 34 points, then Blue 30, Green 12`.
fn standings(s: &Summary) -> String {
    let mut seats: Vec<&SeatLine> = s.seats.iter().collect();
    seats.sort_by_key(|seat| std::cmp::Reverse(seat.points));
    let points = |n: i32| format!("{n} point{}", if n == 1 { "" } else { "s" });
    match seats.as_slice() {
        [] => String::new(),
        [only] => format!("{} has {}", only.colour, points(only.points)),
        [first, second, ..] if first.points == second.points => {
            let all: Vec<String> = seats
                .iter()
                .map(|seat| format!("{} {}", seat.colour, points(seat.points)))
                .collect();
            format!("points: {}", all.join(", "))
        }
        [first, rest @ ..] => {
            let rest: Vec<String> = rest
                .iter()
                .map(|seat| format!("{} {}", seat.colour, seat.points))
                .collect();
            format!(
                "{} leads with {}, then {}",
                first.colour,
                points(first.points),
                rest.join(", ")
            )
        }
    }
}

/// Who is to act and what they must do, or the result: a sentence.
fn turn_words(s: &Summary) -> String {
    if let Some((winner, _)) = &s.result {
        return format!("Game over: {winner}.");
    }
    match &s.to_act {
        Some((colour, what)) if what.is_empty() => format!("{colour} to play."),
        Some((colour, what)) => format!("{colour} to play: {what}."),
        None => String::new(),
    }
}

/// The glance in words (its alt text): the title, whose turn and what to do, every seat's
/// points and stock, what happened since the player to act last played, or the result.
/// Made from the same [`Summary`] as the picture, so it says no more than the picture.
pub(crate) fn glance_alt(s: &Summary) -> String {
    let mut out = format!("Glance: {}. {}", s.title, turn_words(s));
    for seat in &s.seats {
        let note = seat.note.trim_start_matches('·').trim();
        out.push_str(&format!(
            " {}{}: {} point{}; {}.",
            seat.colour,
            if note.is_empty() {
                String::new()
            } else {
                format!(" ({note})")
            },
            seat.points,
            if seat.points == 1 { "" } else { "s" },
            seat.stock.replace(" · ", ", ")
        ));
    }
    for (heading, entries) in s.result.iter().chain(&s.since) {
        if entries.is_empty() {
            continue;
        }
        let lines: Vec<String> = entries
            .iter()
            .map(|(colour, line)| format!("{colour}: {}", line.replace(" · ", ", ")))
            .collect();
        out.push_str(&format!(" {heading}: {}.", lines.join("; ")));
    }
    clip_alt(out.trim().to_string())
}

/// The board picture in words (its alt text): which game, after whose turn, the standings
/// and who is to act.
pub(crate) fn board_alt(game: &str, s: &Summary) -> String {
    // Turns go round in seat order: the seat before the one to act played last (said only
    // once something has happened since).
    let last = s
        .seats
        .iter()
        .position(|seat| seat.to_act)
        .filter(|_| s.since.as_ref().is_some_and(|(_, e)| !e.is_empty()))
        .map(|at| &s.seats[(at + s.seats.len() - 1) % s.seats.len()])
        .filter(|seat| !seat.to_act)
        .map(|seat| format!(" after {}'s turn", seat.colour))
        .unwrap_or_default();
    let detail = s.title.split(" · ").skip(1).collect::<Vec<_>>().join(", ");
    let mut out = format!("{game} board{last}");
    if !detail.is_empty() {
        out.push_str(&format!(" ({detail})"));
    }
    let standings = standings(s);
    if !standings.is_empty() {
        out.push_str(&format!(": {standings}."));
    } else {
        out.push('.');
    }
    let turn = turn_words(s);
    if !turn.is_empty() {
        out.push(' ');
        out.push_str(&turn);
    }
    out.push_str(" Every player's tableau is drawn beside the board.");
    clip_alt(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How tall capital letters drawn at `size` look when a picture `width` pixels wide is
    /// shown 400 pixels wide: drawn with the pictures' own font, shrunk as a phone shrinks
    /// it, and measured in rows that hold ink.
    fn shown_cap_height(fonts: &Fonts, size: f32, width: u32) -> u32 {
        let mut canvas = Canvas::new(width, 120, PAPER);
        fonts.draw(
            &mut canvas,
            10.0,
            100.0,
            Align::Left,
            Style::regular(size, INK),
            "HEH",
        );
        let shown = image::imageops::resize(
            &canvas.image,
            400,
            (120 * 400 / width).max(1),
            image::imageops::FilterType::Triangle,
        );
        (0..shown.height())
            .filter(|&y| (0..shown.width()).any(|x| shown.get_pixel(x, y)[0] < 150))
            .count() as u32
    }

    #[test]
    fn the_smallest_text_reads_on_a_phone() {
        let fonts = Fonts::new();
        let cap = shown_cap_height(&fonts, SMALLEST, WIDTH);
        assert!(
            cap >= 7,
            "capitals {cap} px tall when the glance is shown 400 px wide"
        );
        // The board's 15 px labels on its 1576 px picture do not read at that width.
        assert!(shown_cap_height(&fonts, 15.0, 1576) < 7);
    }

    #[test]
    fn the_alt_texts_say_the_glance_in_words_within_discords_limit() {
        let seat = |c: &str, points| SeatLine {
            colour: c.into(),
            note: "· Elves".into(),
            points,
            stock: "2 crystals · 7 gold · 4 wood".into(),
            to_act: c == "Red",
        };
        let s = Summary {
            title: "Pandoria · round 3 · 30 tiles left".into(),
            to_act: Some(("Red".into(), "place your tile or a castle".into())),
            seats: vec![seat("Red", 12), seat("Blue", 34)],
            since: Some((
                "Since Red last played".into(),
                vec![("Blue".into(), "tile on D7–E7 · worker on D7".into())],
            )),
            result: None,
        };
        let board = board_alt("Pandoria", &s);
        assert_eq!(
            board,
            "Pandoria board after Blue's turn (round 3, 30 tiles left): Blue leads with 34 \
             points, then Red 12. Red to play: place your tile or a castle. Every player's \
             tableau is drawn beside the board."
        );
        let glance = glance_alt(&s);
        assert!(glance.starts_with("Glance: Pandoria · round 3"), "{glance}");
        assert!(glance.contains("Blue (Elves): 34 points; 2 crystals, 7 gold, 4 wood."));
        assert!(glance.contains("Since Red last played: Blue: tile on D7–E7, worker on D7."));
        // Long texts are cut at a word, within Discord's 1,024 characters.
        let long = clip_alt("word ".repeat(400));
        assert!(
            long.chars().count() <= ALT_MAX && long.ends_with("word…"),
            "{long}"
        );
        assert_eq!(clip_alt("short".into()), "short");
    }

    #[test]
    fn a_summary_grows_with_its_lines() {
        let fonts = Fonts::new();
        let seat = |c: &str| SeatLine {
            colour: c.into(),
            note: "· Elves".into(),
            points: 3,
            stock: "2 crystals · 7 gold · 4 wood".into(),
            to_act: c == "Red",
        };
        let mut s = Summary {
            title: "Pandoria · round 3".into(),
            to_act: Some(("Red".into(), "place your tile or a castle".into())),
            seats: vec![seat("Red"), seat("Blue")],
            since: None,
            result: None,
        };
        let short = draw(&fonts, &s);
        s.since = Some((
            "Since Red last played".into(),
            vec![("Blue".into(), "tile on D7–E7 · worker on D7".into())],
        ));
        let long = draw(&fonts, &s);
        assert_eq!(short.width(), WIDTH);
        assert!(long.height() > short.height() + SMALLEST as u32);
    }
}
