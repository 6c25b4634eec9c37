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
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, PSEUDO_CLOSE, PSEUDO_OPEN, Text};

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
#[derive(Clone, Debug, PartialEq)]
pub struct SeatLine {
    /// The seat's name (`seat-colour`: `Red`), which also picks its colour.
    pub colour: Text,
    /// What follows the name (`Dwarves`, `to play`), if anything.
    pub note: Option<Text>,
    /// Points now.
    pub points: i32,
    /// Its stock in words, one item each (`2 crystals`, `food 4`), shown joined by ` · `.
    pub stock: Vec<Text>,
    /// Whether the seat is to act.
    pub to_act: bool,
}

/// What the glance shows, in typed words (drawn in the reader's language).
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The game's title, then its state (`Pandoria`, `round 11`, `12 tiles left`), shown
    /// joined by ` · `.
    pub title: Vec<Text>,
    /// The seat to act's name and what it must do; `None` once the game is over.
    pub to_act: Option<(Text, Option<Text>)>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatLine>,
    /// A heading (`Since Red last played`) and one line per seat that did something.
    pub since: Option<(Text, Vec<SinceLine>)>,
    /// Once over: the winner line and one breakdown line per seat.
    pub result: Option<(Text, Vec<ResultLine>)>,
}

/// One seat's line of the result: its score and what it is made of.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultLine {
    /// The seat's name (which also picks its colour).
    pub seat: Text,
    /// The score in words (`34 points (place 1)`).
    pub score: Text,
    /// What the score is made of, one part each (`regions 5`), shown joined by ` · `;
    /// `none` when empty.
    pub parts: Vec<Text>,
}

impl ResultLine {
    /// The line after the seat's name, its parts joined by `between`:
    /// `34 points (place 1): regions 5 · buildings 9`.
    pub(crate) fn words(&self, between: Sep) -> Text {
        let parts = if self.parts.is_empty() {
            t!("render-none")
        } else {
            joined(self.parts.iter().cloned(), between)
        };
        t!("render-result-line", score = &self.score, parts = parts)
    }
}

/// One seat's line of "since": what it changed, each in words.
#[derive(Clone, Debug, PartialEq)]
pub struct SinceLine {
    /// The seat's name (which also picks its colour).
    pub seat: Text,
    /// Each change in words; a change that begins with the seat's name (a log line) is
    /// shown without it, as the line names the seat first.
    pub changes: Vec<Text>,
    /// Whether these are the steps so far of the seat to act.
    pub so_far: bool,
}

/// The punctuation between the items of a list that goes on (not "A, B and C"), from the
/// bundles: pictures put ` · ` between a line's items, their descriptions (read aloud) a
/// comma.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sep {
    /// ` · `
    Dot,
    /// `, `
    Comma,
    /// `; `
    Semicolon,
    /// Between two sentences.
    Sentence,
}

impl Sep {
    fn text(self) -> Text {
        match self {
            Sep::Dot => t!("render-sep-dot"),
            Sep::Comma => t!("render-sep-comma"),
            Sep::Semicolon => t!("render-sep-semicolon"),
            Sep::Sentence => t!("render-sep-sentence"),
        }
    }
}

/// `items` one after the other with ` · ` between them, as one text.
pub fn dotted(items: impl IntoIterator<Item = Text>) -> Text {
    joined(items, Sep::Dot)
}

/// `items` one after the other with the punctuation `between` them, as one text.
pub(crate) fn joined(items: impl IntoIterator<Item = Text>, between: Sep) -> Text {
    let mut parts = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            parts.push(between.text());
        }
        parts.push(item);
    }
    Text::concat(parts)
}

/// The most changes one seat's line of "since" names; the rest are counted ("and 3 more").
const CHANGES_PER_LINE: usize = 6;

/// A seat's changes in one line of "since", joined by `between`, the first
/// [`CHANGES_PER_LINE`] named, each without the seat's name where it begins with it in
/// `lang`; the seat to act's own line says "so far".
fn since_line(line: &SinceLine, between: Sep, lang: Lang) -> Text {
    let name = format!("{} ", lang.render(&line.seat));
    // A log line names its seat first ("Red cast Rage"), which the line shows already: the
    // rest of it as the reader's language put it (the only words here made before the
    // whole text is rendered).
    let said = |t: &Text| {
        let words = lang.render(t);
        match words.strip_prefix(&name) {
            Some(rest) => Text::raw(rest),
            None => t.clone(),
        }
    };
    let words = &line.changes;
    let mut shown: Vec<Text> = words.iter().take(CHANGES_PER_LINE).map(said).collect();
    if words.len() > CHANGES_PER_LINE {
        shown.truncate(CHANGES_PER_LINE - 1);
        shown.push(t!(
            "render-and-more",
            n = words.len() - (CHANGES_PER_LINE - 1)
        ));
    }
    let joined = joined(shown, between);
    if line.so_far {
        t!("render-so-far", line = joined)
    } else {
        joined
    }
}

/// The lines of the result, each with its seat's name, its parts joined by `between`.
fn result_entries(lines: &[ResultLine], between: Sep) -> Vec<(Text, Text)> {
    lines
        .iter()
        .map(|l| (l.seat.clone(), l.words(between)))
        .collect()
}

/// The lines of "since", each with its seat's name, its changes joined by `between`.
fn since_entries(lines: &[SinceLine], between: Sep, lang: Lang) -> Vec<(Text, Text)> {
    lines
        .iter()
        .map(|l| (l.seat.clone(), since_line(l, between, lang)))
        .collect()
}

/// Lines of `text` that fit `max` pixels in `style`.
fn lines(fonts: &Fonts, style: Style, text: &str, max: f32) -> Vec<String> {
    fonts.wrap(style, text, max)
}

/// Draws the glance in `lang` (two passes: measure the height, then draw).
pub(crate) fn draw(fonts: &Fonts, summary: &Summary, lang: Lang) -> RgbImage {
    let height = layout(fonts, summary, lang, None);
    let mut canvas = Canvas::new(WIDTH, height.ceil() as u32, PAPER);
    layout(fonts, summary, lang, Some(&mut canvas));
    canvas.image
}

/// Lays the glance out from the top; draws when given a canvas; returns the height used.
fn layout(fonts: &Fonts, s: &Summary, lang: Lang, mut canvas: Option<&mut Canvas>) -> f32 {
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
    // The title (on more lines where a language's words are longer).
    let title_style = Style::bold(TITLE, MUTED);
    let title = lang.render(&dotted(s.title.iter().cloned()));
    for (k, line) in lines(fonts, title_style, &title, inner).iter().enumerate() {
        y += if k == 0 { TITLE } else { TITLE + 8.0 };
        text(&mut canvas, MARGIN, y, Align::Left, title_style, line);
    }
    y += 18.0;
    // Whose turn, and what to do: a band in their colour.
    if let Some((colour, what)) = &s.to_act {
        let mark = palette::seat(colour);
        let head = Style::bold(BIG, INK);
        let body = Style::regular(SMALLEST + 2.0, INK);
        let what_lines = match what {
            Some(what) => lines(fonts, body, &lang.render(what), inner - 20.0),
            None => Vec::new(),
        };
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
            &lang.render(&t!("render-glance-to-play", seat = colour)),
        );
        for line in &what_lines {
            ty += SMALLEST + 10.0;
            text(&mut canvas, MARGIN + 4.0, ty, Align::Left, body, line);
        }
        y += h + 12.0;
    }
    // Every seat: colour bar, name and note, points; its stock under it.
    for seat in &s.seats {
        let mark = palette::seat(&seat.colour);
        let stock = Style::regular(SMALLEST, INK);
        let stock_text = lang.render(&dotted(seat.stock.iter().cloned()));
        let stock_lines = lines(fonts, stock, &stock_text, inner - 24.0);
        // The name and note left of the points, on more lines where they do not fit.
        let points_style = Style::bold(POINTS, INK);
        let points = lang.render(&t!("render-glance-points", points = seat.points));
        let name_right = w - MARGIN - fonts.width(points_style, &points) - 12.0;
        let name_style = Style::bold(NAME, INK);
        let name = lang.render(&seat_name(seat));
        let name_lines = lines(fonts, name_style, &name, name_right - MARGIN);
        let extra = name_lines.len().saturating_sub(1) as f32 * (NAME + 6.0);
        let h = 14.0 + NAME + extra + stock_lines.len() as f32 * (SMALLEST + 9.0) + 14.0;
        fill(&mut canvas, y, h, if seat.to_act { PANEL } else { PAPER });
        if let Some(c) = canvas.as_deref_mut() {
            c.fill(0, y as i32, 12, h.ceil() as u32, mark.colour);
            c.fill(0, (y + h) as i32, WIDTH, 1, RULE);
        }
        let ny = y + 10.0 + NAME;
        let outer = canvas
            .as_deref_mut()
            .map(|c| c.text_box(Some((0.0, y, name_right, h))));
        for (k, line) in name_lines.iter().enumerate() {
            let ly = ny + k as f32 * (NAME + 6.0);
            text(&mut canvas, MARGIN, ly, Align::Left, name_style, line);
        }
        if let (Some(c), Some(outer)) = (canvas.as_deref_mut(), outer) {
            c.restore_text_box(outer);
        }
        text(
            &mut canvas,
            w - MARGIN,
            ny + 2.0,
            Align::Right,
            points_style,
            &points,
        );
        let ny = ny + extra;
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
                 heading: &Text,
                 entries: &[(Text, Text)]| {
        *y += 22.0 + NAME;
        text(
            canvas,
            MARGIN,
            *y,
            Align::Left,
            Style::bold(NAME, INK),
            &lang.render(heading),
        );
        for (colour, line) in entries {
            let mark = palette::seat(colour);
            let style = Style::regular(SMALLEST, INK);
            let entry = lang.render(&t!("render-glance-entry", seat = colour, line = line));
            let wrapped = lines(fonts, style, &entry, inner - 24.0);
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
    if let Some((heading, lines)) = &s.result {
        block(
            &mut canvas,
            &mut y,
            heading,
            &result_entries(lines, Sep::Dot),
        );
    }
    if let Some((heading, lines)) = &s.since {
        block(
            &mut canvas,
            &mut y,
            heading,
            &since_entries(lines, Sep::Dot, lang),
        );
    }
    y + MARGIN
}

/// The longest description Discord keeps for an attachment (its alt text).
pub(crate) const ALT_MAX: usize = 1024;

/// Cuts a description to [`ALT_MAX`] characters (at a word, with an ellipsis). A text of the
/// test language is cut inside its brackets, which stay.
pub(crate) fn clip_alt(text: String) -> String {
    if text.chars().count() <= ALT_MAX {
        return text;
    }
    if let Some(inner) = text
        .strip_prefix(PSEUDO_OPEN)
        .and_then(|t| t.strip_suffix(PSEUDO_CLOSE))
    {
        return format!("{PSEUDO_OPEN}{}{PSEUDO_CLOSE}", clip(inner, ALT_MAX - 2));
    }
    clip(&text, ALT_MAX)
}

/// `text` cut to `max` characters at a word, ending in "…".
fn clip(text: &str, max: usize) -> String {
    let kept: String = text.chars().take(max - 1).collect();
    let kept = match kept.rfind(' ') {
        Some(at) if at > max / 2 => &kept[..at],
        _ => kept.as_str(),
    };
    format!("{}…", kept.trim_end_matches([',', ';', ' ']))
}

/// A seat's name with its note (`Blue · Elves`).
fn seat_name(seat: &SeatLine) -> Text {
    match &seat.note {
        Some(note) => t!("render-glance-seat", seat = &seat.colour, note = note),
        None => seat.colour.clone(),
    }
}

/// Each seat's points in words, leader first: `Red leads with 34 points, then Blue 30, Green
/// 12`; `None` without seats.
fn standings(s: &Summary) -> Option<Text> {
    let mut seats: Vec<&SeatLine> = s.seats.iter().collect();
    seats.sort_by_key(|seat| std::cmp::Reverse(seat.points));
    Some(match seats.as_slice() {
        [] => return None,
        [only] => t!(
            "render-alt-standing-one",
            seat = &only.colour,
            points = only.points
        ),
        [first, second, ..] if first.points == second.points => {
            let all = seats.iter().map(|seat| {
                t!(
                    "render-alt-seat-points",
                    seat = &seat.colour,
                    points = seat.points
                )
            });
            t!("render-alt-standing-tie", all = listed(all))
        }
        [first, rest @ ..] => {
            let rest = rest.iter().map(|seat| {
                t!(
                    "render-alt-seat-score",
                    seat = &seat.colour,
                    points = seat.points
                )
            });
            t!(
                "render-alt-standing-lead",
                seat = &first.colour,
                points = first.points,
                rest = listed(rest)
            )
        }
    })
}

/// `items` with `, ` between them (a list that goes on, not "A, B and C").
pub(crate) fn listed(items: impl IntoIterator<Item = Text>) -> Text {
    joined(items, Sep::Comma)
}

/// Who is to act and what they must do, or the result: a sentence; `None` when neither.
fn turn_words(s: &Summary) -> Option<Text> {
    if let Some((winner, _)) = &s.result {
        return Some(t!("render-alt-game-over", result = winner));
    }
    Some(match &s.to_act {
        Some((colour, Some(what))) => t!("render-alt-to-play-what", seat = colour, what = what),
        Some((colour, None)) => t!("render-alt-to-play", seat = colour),
        None => return None,
    })
}

/// The glance in words (its alt text) in `lang`: the title, whose turn and what to do, every
/// seat's points and stock, what happened since the player to act last played, or the
/// result. Made from the same [`Summary`] as the picture, so it says no more than the
/// picture; one text, rendered once.
pub(crate) fn glance_alt(s: &Summary, lang: Lang) -> String {
    clip_alt(lang.render(&glance_words(s, lang)))
}

/// The glance's description as one text (see [`glance_alt`]); `lang` only says where a log
/// line names the seat its line names already.
fn glance_words(s: &Summary, lang: Lang) -> Text {
    let mut sentences = vec![t!("render-alt-glance", title = dotted(s.title.clone()))];
    sentences.extend(turn_words(s));
    for seat in &s.seats {
        let stock = listed(seat.stock.iter().cloned());
        sentences.push(match &seat.note {
            Some(note) => t!(
                "render-alt-seat-note",
                seat = &seat.colour,
                note = note,
                points = seat.points,
                stock = stock
            ),
            None => t!(
                "render-alt-seat",
                seat = &seat.colour,
                points = seat.points,
                stock = stock
            ),
        });
    }
    let result = s
        .result
        .iter()
        .map(|(h, l)| (h, result_entries(l, Sep::Comma)));
    let since = s
        .since
        .iter()
        .map(|(h, l)| (h, since_entries(l, Sep::Comma, lang)));
    for (heading, entries) in result.chain(since) {
        if entries.is_empty() {
            continue;
        }
        let lines = entries
            .into_iter()
            .map(|(colour, line)| t!("render-glance-entry", seat = &colour, line = line));
        sentences.push(t!(
            "render-alt-block",
            heading = heading,
            lines = joined(lines, Sep::Semicolon)
        ));
    }
    joined(sentences, Sep::Sentence)
}

/// The board picture in words (its alt text) in `lang`: which game, after whose turn, the
/// standings and who is to act; one text, rendered once.
pub(crate) fn board_alt(game: &str, s: &Summary, lang: Lang) -> String {
    clip_alt(lang.render(&board_words(game, s)))
}

/// The board's description as one text (see [`board_alt`]).
fn board_words(game: &str, s: &Summary) -> Text {
    // Turns go round in seat order: the seat before the one to act played last (said only
    // once something has happened since).
    let last = s
        .seats
        .iter()
        .position(|seat| seat.to_act)
        .filter(|_| s.since.as_ref().is_some_and(|(_, e)| !e.is_empty()))
        .map(|at| &s.seats[(at + s.seats.len() - 1) % s.seats.len()])
        .filter(|seat| !seat.to_act);
    // The game's title is a name, the same in every language.
    let game = Arg::raw(game);
    let mut board = match last {
        Some(seat) => t!("render-alt-board-after", game = game, seat = &seat.colour),
        None => t!("render-alt-board", game = game),
    };
    if s.title.len() > 1 {
        let detail = listed(s.title.iter().skip(1).cloned());
        board = t!("render-alt-board-detail", board = board, detail = detail);
    }
    let mut sentences = vec![match standings(s) {
        Some(standings) => t!(
            "render-alt-board-standings",
            board = board,
            standings = standings
        ),
        None => t!("render-alt-board-end", board = board),
    }];
    sentences.extend(turn_words(s));
    sentences.push(t!("render-alt-board-tableaus"));
    joined(sentences, Sep::Sentence)
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
        use turnpost_core::words::all_pseudo;
        fn raw(s: &str) -> Text {
            Text::raw(s)
        }
        let seat = |c: &str, points| SeatLine {
            colour: raw(c),
            note: Some(raw("Elves")),
            points,
            // Each item of the stock and each change is its own text: the picture puts ` · `
            // between them, the description a comma.
            stock: vec![raw("2 crystals"), raw("7 gold"), raw("4 wood")],
            to_act: c == "Red",
        };
        let s = Summary {
            title: vec![raw("Pandoria"), raw("round 3"), raw("30 tiles left")],
            to_act: Some((raw("Red"), Some(raw("place your tile or a castle")))),
            seats: vec![seat("Red", 12), seat("Blue", 34)],
            since: Some((
                raw("Since Red last played"),
                vec![SinceLine {
                    seat: raw("Blue"),
                    changes: vec![raw("tile on D7–E7"), raw("worker on D7")],
                    so_far: false,
                }],
            )),
            result: None,
        };
        crate::install_words();
        let board = board_alt("Pandoria", &s, Lang::En);
        assert_eq!(
            board,
            "Pandoria board after Blue's turn (round 3, 30 tiles left): Blue leads with 34 \
             points, then Red 12. Red to play: place your tile or a castle. Every player's \
             tableau is drawn beside the board."
        );
        let glance = glance_alt(&s, Lang::En);
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
        // Every word of both descriptions comes from the bundles (the test language's
        // brackets hold them all), also when one is cut.
        for alt in [
            board_alt("Pandoria", &s, Lang::Pseudo),
            glance_alt(&s, Lang::Pseudo),
        ] {
            assert!(all_pseudo(&alt, |_| false), "{alt}");
        }
        let long = clip_alt(format!(
            "{PSEUDO_OPEN}{}{PSEUDO_CLOSE}",
            "wörd ".repeat(400)
        ));
        assert!(
            long.chars().count() <= ALT_MAX && all_pseudo(&long, |_| false),
            "{long}"
        );
        // German reads German punctuation and words around the same pieces.
        assert_eq!(
            board_alt("Pandoria", &s, Lang::De),
            "Pandoria: Spielplan nach dem Zug von Blue (round 3, 30 tiles left): Blue führt \
             mit 34 Punkten, dann Red 12. Red ist dran: place your tile or a castle. Neben \
             dem Spielplan ist die Auslage jedes Spielers gezeichnet."
        );
    }

    #[test]
    fn a_summary_grows_with_its_lines() {
        let fonts = Fonts::new();
        fn raw(s: &str) -> Text {
            Text::raw(s)
        }
        let seat = |c: &str| SeatLine {
            colour: raw(c),
            note: Some(raw("Elves")),
            points: 3,
            stock: vec![raw("2 crystals"), raw("7 gold"), raw("4 wood")],
            to_act: c == "Red",
        };
        let mut s = Summary {
            title: vec![raw("Pandoria"), raw("round 3")],
            to_act: Some((raw("Red"), Some(raw("place your tile or a castle")))),
            seats: vec![seat("Red"), seat("Blue")],
            since: None,
            result: None,
        };
        let short = draw(&fonts, &s, Lang::En);
        s.since = Some((
            raw("Since Red last played"),
            vec![SinceLine {
                seat: raw("Blue"),
                changes: vec![raw("tile on D7–E7"), raw("worker on D7")],
                so_far: false,
            }],
        ));
        let long = draw(&fonts, &s, Lang::En);
        assert_eq!(short.width(), WIDTH);
        assert!(long.height() > short.height() + SMALLEST as u32);
    }
}
