//! A seat's private board pictures: the hand tiles drawn large, and the tile preview (the
//! board with every legal space marked and labelled).

use turnpost_core::hex::{COLUMNS, Hex, ROWS};
use turnpost_core::pandoria::{self, SeatView, Space, Tile};
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use super::art::HAND_R;
use super::board::{draw_board, terrain_slot};
use super::{Art, GAP, MARGIN, R, centre, centre_px, hex_height, tile_text, tile_words};
use crate::png::draw::{Canvas, Colour, Sprite};
use crate::png::palette::{INK, MUTED, PAPER};
use crate::png::shapes;
use crate::png::summary::clip_alt;
use crate::png::text::{Align, Fonts, Style};

/// The hand picture: each hand tile large, its halves marked in the order the notation
/// names them.
pub(crate) fn hand(art: &Art, fonts: &Fonts, view: &SeatView, lang: Lang) -> Canvas {
    let n = view.hand.len().max(1) as u32;
    let tile_w = TILE_COLUMN as u32;
    let width = (GAP + n * (tile_w + GAP)).max(520);
    let hint = Style::regular(PREVIEW_TEXT, MUTED);
    let hint_lines = fonts.wrap(
        hint,
        &lang.render(&t!("render-hand-hint")),
        width as f32 - 40.0,
    );
    let line = PREVIEW_TEXT + 10.0;
    let height = 330 + (hint_lines.len() as f32 * line) as u32;
    let mut canvas = Canvas::new(width, height, PAPER);
    let seat = view.seat.index();
    let name = seat_name(view);
    canvas.fill(20, 18, 18, 22, art.mark(seat).colour);
    let title = lang.render(&t!("render-hand-title", seat = name, n = view.hand.len()));
    let title_style = Style::bold(PREVIEW_TEXT, INK);
    let title = fonts.fit(title_style, &title, width as f32 - 50.0 - 20.0);
    fonts.draw(&mut canvas, 50.0, 40.0, Align::Left, title_style, &title);
    if view.hand.is_empty() {
        fonts.draw(
            &mut canvas,
            20.0,
            120.0,
            Align::Left,
            Style::regular(PREVIEW_TEXT, MUTED),
            &lang.render(&t!("render-hand-empty")),
        );
        return canvas;
    }
    let x0 = (width - n * tile_w) as f32 / 2.0;
    for (k, tile) in view.hand.iter().enumerate() {
        let cx = x0 + (k as u32 * tile_w) as f32 + tile_w as f32 / 2.0;
        draw_hand_tile(art, fonts, &mut canvas, tile, (cx, 160.0), lang);
    }
    for (k, l) in hint_lines.iter().enumerate() {
        fonts.draw(
            &mut canvas,
            width as f32 / 2.0,
            300.0 + k as f32 * line + PREVIEW_TEXT,
            Align::Centre,
            hint,
            l,
        );
    }
    canvas
}

/// The width of each hand tile's column on the hand picture.
const TILE_COLUMN: f32 = 300.0;

/// One hand tile: its two halves side by side, the first half on the left.
pub(super) fn draw_hand_tile(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    tile: &Tile,
    (cx, cy): (f32, f32),
    lang: Lang,
) {
    let halves: Vec<_> = std::iter::once(tile.a).chain(tile.b).collect();
    let n = halves.len() as f32;
    let h = 3f32.sqrt() * HAND_R;
    for (k, half) in halves.iter().enumerate() {
        let dx = (k as f32 - (n - 1.0) / 2.0) * 1.5 * HAND_R;
        let dy = if n > 1.0 {
            if k == 1 { h / 4.0 } else { -h / 4.0 }
        } else {
            0.0
        };
        let idx = terrain_slot(half.terrain) * 2 + usize::from(half.symbols.clamp(1, 2) - 1);
        let (x, y) = ((cx + dx).round() as i32, (cy + dy).round() as i32);
        canvas.blit(&art.hand_land[idx], x, y);
        let order = lang.render(&if k == 0 {
            t!("render-hand-first")
        } else {
            t!("render-hand-second")
        });
        fonts.centred(
            canvas,
            x as f32,
            y as f32 + HAND_R * 0.38,
            Style::bold(PREVIEW_TEXT, INK),
            &order,
        );
    }
    let text = lang.render(&tile_words(tile, true));
    // Smaller where a language's terrain names are longer than the tile's column.
    let style = [PREVIEW_TEXT, 22.0, 20.0]
        .into_iter()
        .map(|size| Style::bold(size, INK))
        .find(|&s| fonts.width(s, &text) <= TILE_COLUMN - 8.0)
        .unwrap_or(Style::bold(20.0, INK));
    fonts.draw(
        canvas,
        cx,
        cy + h * 0.75 + 30.0,
        Align::Centre,
        style,
        &text,
    );
}

/// Text on the tile preview: the coordinates of the legal spaces, the rulers and the strip
/// below. The picture is at most the board's width plus the ruler (982 px), so 26 px text
/// keeps its capitals over 7 px tall when a phone shows the picture 400 px wide.
pub(crate) const PREVIEW_TEXT: f32 = 26.0;
/// The ruler bands: column letters above the crop, row numbers left of it.
const RULER_TOP: u32 = 40;
const RULER_LEFT: u32 = 44;
/// The smallest crop, so that the strip below has room for its words.
const MIN_CROP: (f32, f32) = (460.0, 300.0);

/// The tile preview: the part of the board where the hand tile (or a castle) could go,
/// every legal space marked and labelled large, the crop's columns and rows on rulers, and
/// below it what to place and what the marks mean — all in text that reads on a phone.
pub(crate) fn preview(art: &Art, fonts: &Fonts, view: &SeatView, lang: Lang) -> Canvas {
    let board = art.board(view.public.options.board);
    let (bw, bh) = board.dimensions();
    let mut full = Canvas::new(bw, bh, PAPER);
    full.paste(board, 0, 0);
    let mut public = view.public.clone();
    // The preview is about the next placement: the last move ring would only distract.
    public.last_move.clear();
    let mut tile_spaces: Vec<Hex> = view.placements.iter().flatten().copied().collect();
    tile_spaces.sort();
    tile_spaces.dedup();
    let castle_only: Vec<Hex> = view
        .castle_spaces
        .iter()
        .copied()
        .filter(|h| !tile_spaces.contains(h))
        .collect();
    // A single tile (Terrain, or drawn for a one-space gap) and the mountain castle.
    let single_only: Vec<Hex> = view
        .single_spaces
        .iter()
        .copied()
        .filter(|h| !tile_spaces.contains(h) && !castle_only.contains(h))
        .collect();
    let mountain = &view.mountain_spaces;
    let groups = [
        (&tile_spaces, &art.choice_tile),
        (&castle_only, &art.choice_castle),
        (&single_only, &art.choice_single),
        (mountain, &art.choice_mountain),
    ];
    let marked: Vec<Hex> = groups
        .iter()
        .flat_map(|(spaces, _)| spaces.iter().copied())
        .collect();
    let (x0, y0, cw, ch) = crop_around(&marked, bw, bh);
    // The empty plain without its small coordinates (the spaces that matter are labelled
    // large below): the spaces in and around the crop.
    let layout = pandoria::board_for(view.public.options.board);
    let starts: Vec<Hex> = layout.start_pairs().iter().flatten().copied().collect();
    let shown =
        |v: f32, lo: u32, len: u32| v > lo as f32 - 2.0 * R && v < (lo + len) as f32 + 2.0 * R;
    for hex in Hex::all() {
        let (x, y) = centre(hex);
        if layout.space(hex) == Space::Plain && shown(x, x0, cw) && shown(y, y0, ch) {
            let (x, y) = centre_px(hex);
            full.blit(&art.plain[usize::from(starts.contains(&hex))], x, y);
        }
    }
    // No small words on the board here (figure letters, counts): the figures are told apart
    // by colour, and every text of this picture must read on a phone.
    draw_board(art, fonts, &mut full, &public, None);
    let crop = image::imageops::crop_imm(&full.image, x0, y0, cw, ch).to_image();

    // The strip below: what to place, what the marks mean, an example.
    let seat = view.seat.index();
    let name = seat_name(view);
    let title = lang.render(&if view.hand.is_empty() {
        t!("render-preview-no-tile", seat = name)
    } else {
        let tiles = super::super::summary::listed(view.hand.iter().map(tile_text));
        t!("render-preview-place", seat = name, tiles = tiles)
    });
    let mut legend: Vec<(&Sprite, String)> = Vec::new();
    // The mountain castle (the last group) goes on exit paths, not spaces.
    for ((spaces, sprite), (what, paths)) in groups.iter().zip([
        (t!("render-preview-tile"), false),
        (t!("render-preview-castle-only"), false),
        (t!("render-preview-single"), false),
        (t!("render-preview-mountain"), true),
    ]) {
        if spaces.is_empty() {
            continue;
        }
        let count = if paths {
            t!("render-preview-paths", n = spaces.len())
        } else {
            t!("render-preview-spaces", n = spaces.len())
        };
        let entry = t!(
            "render-preview-group",
            what = what,
            count = count,
            span = span(spaces)
        );
        legend.push((sprite, lang.render(&entry)));
    }
    let example = if let Some([a, b]) = view.placements.first() {
        let tile = Arg::raw(format!("tile {a} {b}"));
        lang.render(&t!("render-preview-example", notation = tile))
    } else if let Some(h) = castle_only.first().or(view.castle_spaces.first()) {
        let castle = Arg::raw(format!("castle {h}"));
        lang.render(&t!("render-preview-example", notation = castle))
    } else {
        String::new()
    };
    let width = RULER_LEFT + cw;
    let inner = width as f32 - 2.0 * STRIP_PAD;
    let line = PREVIEW_TEXT + 12.0;
    let bold = Style::bold(PREVIEW_TEXT, INK);
    let body = Style::regular(PREVIEW_TEXT, INK);
    let muted = Style::regular(PREVIEW_TEXT, MUTED);
    let title_lines = fonts.wrap(bold, &title, inner - 30.0);
    let legend_lines: Vec<(&Sprite, Vec<String>)> = legend
        .iter()
        .map(|(sprite, text)| (*sprite, fonts.wrap(body, text, inner - 40.0)))
        .collect();
    let example_lines = fonts.wrap(muted, &example, inner);
    let lines = title_lines.len()
        + legend_lines.iter().map(|(_, l)| l.len()).sum::<usize>()
        + example_lines.len();
    let strip = (STRIP_PAD * 2.0 + lines as f32 * line).ceil() as u32;
    let mut canvas = Canvas::new(width, RULER_TOP + ch + strip, PAPER);
    canvas.paste(&crop, RULER_LEFT, RULER_TOP);
    // The legal spaces, marked and labelled on the crop (board pixel (x0, y0) is at the
    // rulers' corner).
    let (dx, dy) = (RULER_LEFT as i32 - x0 as i32, RULER_TOP as i32 - y0 as i32);
    let label = Style::bold(PREVIEW_TEXT, INK);
    for (spaces, sprite) in groups {
        for &hex in spaces.iter() {
            let (x, y) = centre_px(hex);
            let (x, y) = (x + dx, y + dy);
            canvas.blit(sprite, x, y);
            let coordinate = lang.render(&Text::raw(hex.to_string()));
            fonts.centred(&mut canvas, x as f32, y as f32, label, &coordinate);
        }
    }
    // The rulers' bands stay clear of the marks' edges.
    canvas.fill(0, 0, canvas.width(), RULER_TOP, PAPER);
    canvas.fill(0, 0, RULER_LEFT, RULER_TOP + ch, PAPER);
    canvas.fill(0, (RULER_TOP + ch) as i32, width, strip, PAPER);
    rulers(fonts, &mut canvas, (x0, y0, cw, ch), lang);
    let mark = art.mark(seat);
    let mut y = (RULER_TOP + ch) as f32 + STRIP_PAD;
    canvas.fill(
        STRIP_PAD as i32,
        (y + line * 0.2) as i32,
        18,
        (PREVIEW_TEXT * 0.75) as u32,
        mark.colour,
    );
    for l in &title_lines {
        y += line;
        fonts.draw(&mut canvas, STRIP_PAD + 30.0, y, Align::Left, bold, l);
    }
    for (sprite, text) in &legend_lines {
        let swatch = shapes::hex_swatch(13.0, sprite_fill(sprite));
        canvas.blit(
            &swatch,
            STRIP_PAD as i32 + 14,
            (y + line - PREVIEW_TEXT * 0.36) as i32,
        );
        for l in text {
            y += line;
            fonts.draw(&mut canvas, STRIP_PAD + 40.0, y, Align::Left, body, l);
        }
    }
    for l in &example_lines {
        y += line;
        fonts.draw(&mut canvas, STRIP_PAD, y, Align::Left, muted, l);
    }
    canvas
}

/// Space around the strip's text.
const STRIP_PAD: f32 = 16.0;

/// The first and last of some spaces in reading order (`, D7 to H9`), so that words can
/// say where they are.
fn span(spaces: &[Hex]) -> Text {
    let mut sorted: Vec<Hex> = spaces.to_vec();
    sorted.sort_by_key(|h| (h.col(), h.row()));
    let raw = |h: &Hex| Arg::raw(h.to_string());
    match (sorted.first(), sorted.last()) {
        (Some(a), Some(b)) if a != b => t!("render-preview-span", from = raw(a), to = raw(b)),
        (Some(a), _) => t!("render-preview-span-one", at = raw(a)),
        _ => Text::concat([]),
    }
}

/// The seat's name, from the public view.
fn seat_name(view: &SeatView) -> Text {
    view.public
        .seats
        .get(view.seat.index())
        .map_or_else(|| Text::raw("?"), |s| s.colour.clone())
}

/// The part of the board layer to show: every marked space with a hex of board around
/// it, at least [`MIN_CROP`] large, within the layer. `(x, y, width, height)`.
fn crop_around(marked: &[Hex], bw: u32, bh: u32) -> (u32, u32, u32, u32) {
    let m = MARGIN as u32;
    if marked.is_empty() {
        return (m, m, bw - 2 * m, bh - 2 * m);
    }
    let (mut left, mut top, mut right, mut bottom) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &hex in marked {
        let (x, y) = centre(hex);
        left = left.min(x);
        right = right.max(x);
        top = top.min(y);
        bottom = bottom.max(y);
    }
    // One neighbour's worth of board around the marks.
    let (mx, my) = (2.0 * R, hex_height());
    let (left, right) = (left - mx, right + mx);
    let (top, bottom) = (top - my, bottom + my);
    let grow = |lo: &mut f32, hi: &mut f32, min: f32, max: f32| {
        let lack = min - (*hi - *lo);
        if lack > 0.0 {
            *lo -= lack / 2.0;
            *hi += lack / 2.0;
        }
        if *lo < 0.0 {
            *hi -= *lo;
            *lo = 0.0;
        }
        if *hi > max {
            *lo = (*lo - (*hi - max)).max(0.0);
            *hi = max;
        }
    };
    // Within the rim (the board layer's small rim coordinates stay out: the rulers replace
    // them).
    let (ix, iy) = (bw as f32 - 2.0 * MARGIN, bh as f32 - 2.0 * MARGIN);
    let (mut left, mut right) = (left - MARGIN, right - MARGIN);
    let (mut top, mut bottom) = (top - MARGIN, bottom - MARGIN);
    grow(&mut left, &mut right, MIN_CROP.0, ix);
    grow(&mut top, &mut bottom, MIN_CROP.1, iy);
    let (x, y) = (left.floor() as u32, top.floor() as u32);
    let w = (right.ceil() as u32)
        .min(ix as u32)
        .saturating_sub(x)
        .max(1);
    let h = (bottom.ceil() as u32)
        .min(iy as u32)
        .saturating_sub(y)
        .max(1);
    (x + m, y + m, w, h)
}

/// Column letters above the crop and row numbers left of it, large (notation, the same in
/// every language).
fn rulers(fonts: &Fonts, canvas: &mut Canvas, (x0, y0, cw, ch): (u32, u32, u32, u32), lang: Lang) {
    let style = Style::bold(PREVIEW_TEXT, INK);
    let inside = |v: f32, lo: u32, len: u32| v >= lo as f32 + 8.0 && v <= (lo + len) as f32 - 8.0;
    // Row numbers follow the leftmost whole column shown (odd columns sit half a row lower).
    let mut first_col = None;
    for col in 0..COLUMNS {
        let Some(top) = Hex::new(col, 0) else {
            continue;
        };
        let (x, _) = centre(top);
        if !inside(x, x0, cw) {
            continue;
        }
        first_col.get_or_insert(col);
        let letter = lang.render(&Text::raw(((b'A' + col) as char).to_string()));
        fonts.centred(
            canvas,
            RULER_LEFT as f32 + x - x0 as f32,
            RULER_TOP as f32 / 2.0,
            style,
            &letter,
        );
    }
    let Some(col) = first_col else { return };
    for row in 0..ROWS {
        let Some(hex) = Hex::new(col, row) else {
            continue;
        };
        let (_, y) = centre(hex);
        if !inside(y, y0, ch) {
            continue;
        }
        fonts.centred(
            canvas,
            RULER_LEFT as f32 / 2.0,
            RULER_TOP as f32 + y - y0 as f32,
            style,
            &row.to_string(),
        );
    }
}

pub(super) fn sprite_fill(sprite: &Sprite) -> Colour {
    sprite.middle()
}

/// The hand picture in words (its alt text; private to the seat), in `lang`.
pub(crate) fn hand_alt(view: &SeatView, lang: Lang) -> String {
    let name = seat_name(view);
    if view.hand.is_empty() {
        return lang.render(&t!("render-hand-alt-none", seat = name));
    }
    let tiles = view.hand.iter().map(tile_text);
    clip_alt(lang.render(&t!(
        "render-hand-alt",
        seat = name,
        n = view.hand.len(),
        tiles = semicolons(tiles)
    )))
}

/// `items` with `; ` between them.
fn semicolons(items: impl IntoIterator<Item = Text>) -> Text {
    crate::png::summary::joined(items, crate::png::summary::Sep::Semicolon)
}

/// The tile preview in words (its alt text; private to the seat), in `lang`: where the
/// hand tile, a castle, a single tile or a mountain castle can go, every space named.
pub(crate) fn preview_alt(view: &SeatView, lang: Lang) -> String {
    let name = seat_name(view);
    let mut tile_spaces: Vec<Hex> = view.placements.iter().flatten().copied().collect();
    tile_spaces.sort_by_key(|h| (h.col(), h.row()));
    tile_spaces.dedup();
    let mut castle: Vec<Hex> = view
        .castle_spaces
        .iter()
        .copied()
        .filter(|h| !tile_spaces.contains(h))
        .collect();
    castle.sort_by_key(|h| (h.col(), h.row()));
    let names = |spaces: &[Hex]| {
        Arg::raw(
            spaces
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        )
    };
    let head = if view.hand.is_empty() {
        t!("render-preview-alt-where", seat = name)
    } else {
        let tiles = semicolons(view.hand.iter().map(tile_text));
        t!("render-preview-alt-where-tile", seat = name, tiles = tiles)
    };
    let mut parts = Vec::new();
    if !tile_spaces.is_empty() {
        parts.push(t!(
            "render-preview-alt-tile",
            n = tile_spaces.len(),
            span = span(&tile_spaces),
            spaces = names(&tile_spaces)
        ));
    }
    for (what, spaces) in [
        (t!("render-preview-castle-only"), &castle),
        (t!("render-preview-single"), &view.single_spaces),
        (t!("render-preview-mountain"), &view.mountain_spaces),
    ] {
        if !spaces.is_empty() {
            parts.push(t!(
                "render-preview-alt-other",
                what = what,
                n = spaces.len(),
                spaces = names(spaces)
            ));
        }
    }
    let out = if parts.is_empty() {
        t!("render-preview-alt-nowhere", head = head)
    } else {
        t!("render-preview-alt", head = head, parts = semicolons(parts))
    };
    clip_alt(lang.render(&out))
}
