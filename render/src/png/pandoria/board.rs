//! The board: the static layer (drawn once per process) and a view's land, figures and
//! highlights on top of it.

use image::RgbImage;
use turnpost_core::hex::{COLUMNS, Hex, ROWS};
use turnpost_core::pandoria::{self, BoardSide, ChangeKind, PublicView, Space, Terrain};
use turnpost_core::words::Lang;

use super::art::{GRID, RAGE, exit_sprite, lake_sprite, mountains_sprite, plain_sprite};
use super::{Art, LABEL, MARGIN, R, board_size, centre, centre_px, hex_height, land_index};
use crate::png::draw::{Canvas, Sprite};
use crate::png::palette::{self, INK, PAPER};
use crate::png::shapes;
use crate::png::text::{Align, Fonts, Style};

/// Draws the static board layer of a side.
pub(super) fn board_layer(fonts: &Fonts, side: BoardSide) -> RgbImage {
    let (w, h) = board_size();
    let mut canvas = Canvas::new(w, h, PAPER);
    let board = pandoria::board_for(side);
    // Under the hexes: the grid colour, so the seams between sprites never show paper.
    let (x0, y0) = (MARGIN as i32, MARGIN as i32);
    let mountains = mountains_sprite();
    let plain = plain_sprite(false);
    let start = plain_sprite(true);
    let lakes = [lake_sprite(false), lake_sprite(true)];
    let exits: Vec<Sprite> = Terrain::ALL
        .iter()
        .map(|&t| exit_sprite(t, false))
        .collect();
    let starts: Vec<Hex> = board.start_pairs().iter().flatten().copied().collect();
    canvas.fill(
        x0 + 4,
        y0 + 4,
        w - 2 * MARGIN as u32 - 8,
        h - 2 * MARGIN as u32 - 8,
        GRID,
    );
    for hex in Hex::all() {
        let (x, y) = centre_px(hex);
        let sprite = match board.space(hex) {
            Space::Mountains => &mountains,
            Space::Exit { terrain } => &exits[terrain_slot(terrain)],
            Space::Lake { ship } => &lakes[usize::from(ship)],
            Space::Plain | Space::Printed { .. } if starts.contains(&hex) => &start,
            Space::Plain | Space::Printed { .. } => &plain,
        };
        canvas.blit(sprite, x, y);
    }
    // The River side: a white chevron between river hexes shows the flow (downstream), and a
    // ship's crystal discount for Astral Ship sits on a badge.
    for pair in board.river().windows(2) {
        let ((ax, ay), (bx, by)) = (centre(pair[0]), centre(pair[1]));
        let (dx, dy) = (bx - ax, by - ay);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        let arrow = Sprite::centred(19, 19, |pen| {
            let tip = (ux * 7.5, uy * 7.5);
            let back = (-ux * 5.0, -uy * 5.0);
            let side = (-uy * 6.5, ux * 6.5);
            pen.polygon(
                &[
                    tip,
                    (back.0 + side.0, back.1 + side.1),
                    (back.0 - side.0, back.1 - side.1),
                ],
                [250, 250, 250],
            );
        });
        canvas.blit(&arrow, ((ax + bx) / 2.0) as i32, ((ay + by) / 2.0) as i32);
    }
    for &ship in board.river() {
        let discount = board.ship_discount(ship);
        if discount == 0 {
            continue;
        }
        let (x, y) = centre(ship);
        let (bx, by) = ((x - 13.0) as i32, (y + R * 0.22) as i32);
        canvas.fill(bx, by, 26, 17, [40, 40, 40]);
        canvas.fill(bx + 1, by + 1, 24, 15, [250, 246, 236]);
        fonts.centred(
            &mut canvas,
            bx as f32 + 13.0,
            by as f32 + 13.0,
            Style::bold(13.0, INK),
            &format!("−{discount}"),
        );
    }
    // Coordinates of the empty plain, faint (tiles cover them).
    let faint = Style::regular(LABEL, [150, 142, 112]);
    for hex in Hex::all() {
        if board.space(hex) == Space::Plain {
            let (x, y) = centre(hex);
            fonts.centred(&mut canvas, x, y + R * 0.42, faint, &hex.to_string());
        }
    }
    // Rim coordinates: letters above and below, numbers left and right.
    let rim = Style::bold(18.0, INK);
    for col in 0..COLUMNS {
        let Some(top) = Hex::new(col, 0) else {
            continue;
        };
        let (x, _) = centre(top);
        let letter = ((b'A' + col) as char).to_string();
        fonts.centred(&mut canvas, x, MARGIN / 2.0, rim, &letter);
        fonts.centred(&mut canvas, x, h as f32 - MARGIN / 2.0, rim, &letter);
    }
    for row in 0..ROWS {
        for (col, x) in [(0, MARGIN / 2.0), (COLUMNS - 1, w as f32 - MARGIN / 2.0)] {
            let Some(hex) = Hex::new(col, row) else {
                continue;
            };
            let (_, y) = centre(hex);
            fonts.centred(&mut canvas, x, y, rim, &row.to_string());
        }
    }
    canvas.image
}

pub(super) fn terrain_slot(t: Terrain) -> usize {
    Terrain::ALL.iter().position(|&x| x == t).unwrap_or(0)
}

/// Draws the land, figures and the last move of a view onto a canvas holding the board
/// layer at `(0, 0)`; with `words` (their language), also the small texts on it (figure and
/// castle letters, symbol and artifact counts, the Rage count), which the tile preview
/// leaves out.
pub(super) fn draw_board(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    view: &PublicView,
    words: Option<Lang>,
) {
    let board = pandoria::board_for(view.options.board);
    // Each seat's letter, put in words once for all its figures and castles.
    let letters: Vec<String> = match words {
        Some(lang) => (0..view.seats.len()).map(|s| art.letter(s, lang)).collect(),
        None => Vec::new(),
    };
    let letter = |seat: usize| letters.get(seat).map_or("?", String::as_str);
    let mut terrain_at: Vec<Option<Terrain>> = vec![None; turnpost_core::hex::CELLS];
    for land in &view.land {
        let (x, y) = centre_px(land.at);
        match (land.terrain, land.castle) {
            (Some(t), _) => {
                terrain_at[land.at.index()] = Some(t);
                canvas.blit(&art.land[land_index(t, land.symbols, land.printed)], x, y);
                if words.is_some() && land.symbols > 2 {
                    // More symbols than sprites exist for: write the number.
                    let s = Style::bold(LABEL, INK);
                    fonts.centred(
                        canvas,
                        x as f32,
                        y as f32 - R * 0.4,
                        s,
                        &land.symbols.to_string(),
                    );
                }
            }
            (None, Some(owner)) => {
                let ground = if land.mountain {
                    &art.mountain_ground
                } else {
                    &art.castle_ground
                };
                canvas.blit(ground, x, y);
                let seat = owner.index();
                canvas.blit(art.pick(&art.castles, seat), x, y - 9);
                let mark = art.mark(seat);
                if words.is_some() {
                    let letter = letter(seat);
                    fonts.centred(
                        canvas,
                        x as f32,
                        y as f32 - 5.0,
                        Style::bold(palette::letter_size(LABEL, letter), mark.ink),
                        letter,
                    );
                }
            }
            (None, None) => {}
        }
    }
    // Artifacts lying on tiles: a gem in the upper left of the hex (a number beside it when
    // more than one lie there).
    for land in view.land.iter().filter(|l| l.artifacts > 0) {
        let (x, y) = centre_px(land.at);
        let (gx, gy) = (x - (R * 0.5).round() as i32, y - (R * 0.38).round() as i32);
        canvas.blit(&art.artifact, gx, gy);
        if words.is_some() && land.artifacts > 1 {
            fonts.draw(
                canvas,
                gx as f32 + 8.0,
                gy as f32 + 4.0,
                Align::Left,
                Style::bold(13.0, super::art::ARTIFACT),
                &land.artifacts.to_string(),
            );
        }
    }
    // Exit paths in use: a plain neighbour shows the path's terrain (not under a mountain
    // castle, which blocks it).
    let blocked: Vec<Hex> = view
        .land
        .iter()
        .filter(|l| l.mountain)
        .map(|l| l.at)
        .collect();
    for hex in Hex::all() {
        if blocked.contains(&hex) {
            continue;
        }
        if let Space::Exit { terrain } = board.space(hex)
            && board
                .neighbours(hex)
                .any(|n| terrain_at[n.index()] == Some(terrain))
        {
            let (x, y) = centre_px(hex);
            canvas.blit(&art.exits_lit[terrain_slot(terrain)], x, y);
        }
    }
    // What each seat changed in its latest turn, in its colour: since the player to act last
    // played. The last step keeps its black and white ring on top.
    for change in &view.changes {
        let seat = change.seat.index();
        match change.kind {
            ChangeKind::Tile | ChangeKind::Castle => {
                for &hex in &change.at {
                    let (x, y) = centre_px(hex);
                    canvas.blit(art.pick(&art.changed_rings, seat), x, y);
                }
            }
            ChangeKind::Closed => {
                let edges = &art.changed_edges[seat.min(art.changed_edges.len() - 1)];
                for (hex, k) in border_edges(&change.at) {
                    let (x, y) = centre_px(hex);
                    canvas.blit(&edges[k], x, y);
                }
            }
            ChangeKind::Figure | ChangeKind::Action => {}
        }
    }
    for &hex in &view.last_move {
        let (x, y) = centre_px(hex);
        canvas.blit(&art.last_move, x, y);
    }
    for region in &view.closed {
        for (hex, k) in border_edges(&region.hexes) {
            let (x, y) = centre_px(hex);
            canvas.blit(&art.closed_edges[k], x, y);
        }
    }
    if let Some(rage) = &view.rage {
        let (x, y) = centre_px(rage.region);
        canvas.blit(&art.rage_region, x, y);
        if view.figures.iter().any(|f| f.at == rage.worker) {
            let (x, y) = centre_px(rage.worker);
            canvas.blit(&art.rage_halo, x, y + (R * 0.33).round() as i32);
        }
    }
    for f in &view.figures {
        let (x, y) = centre_px(f.at);
        let seat = f.seat.index();
        let mark = art.mark(seat);
        let y = y + (R * 0.33).round() as i32;
        // Placed or moved there in a seat's latest turn: a halo in that seat's colour.
        if let Some(change) = view
            .changes
            .iter()
            .rev()
            .find(|c| c.kind == ChangeKind::Figure && c.at.contains(&f.at))
        {
            canvas.blit(art.pick(&art.changed_halos, change.seat.index()), x, y);
        }
        let (sprite, size, r) = if f.leader {
            (art.pick(&art.leaders, seat), 17.0, 13.0)
        } else {
            (art.pick(&art.workers, seat), LABEL, 12.0)
        };
        canvas.blit(sprite, x, y);
        let ly = y as f32 + 0.5 + shapes::letter_drop(&mark, r);
        if words.is_none() {
            continue;
        }
        let letter = letter(seat);
        fonts.centred(
            canvas,
            x as f32,
            ly,
            Style::bold(palette::letter_size(size, letter), mark.ink),
            letter,
        );
    }
    // Golems: a link between the two figures of a Golem pair, in their colour.
    for pair in &view.golem_pairs {
        let Some(f) = view.figures.iter().find(|f| f.at == pair[0]) else {
            continue;
        };
        let ((x1, y1), (x2, y2)) = (centre_px(pair[0]), centre_px(pair[1]));
        let (mx, my) = ((x1 + x2) / 2, (y1 + y2) / 2 + (R * 0.33).round() as i32);
        canvas.fill(mx - 7, my - 7, 14, 14, [255, 255, 255]);
        canvas.fill(mx - 5, my - 5, 10, 10, art.mark(f.seat.index()).colour);
    }
    // Spirits of the Ancients: a haunting figure, small, riding on its host (upper right).
    for s in &view.spirits {
        let (x, y) = centre_px(s.at);
        let sprite = if s.leader {
            art.pick(&art.small_leaders, s.seat.index())
        } else {
            art.pick(&art.small_workers, s.seat.index())
        };
        canvas.blit(
            sprite,
            x + (R * 0.42).round() as i32,
            y - (R * 0.12).round() as i32,
        );
    }
    if let Some(rage) = view.rage.as_ref().filter(|_| words.is_some()) {
        // How often the Rage worker counts, right of the figure.
        let (x, y) = centre_px(rage.worker);
        let text = format!("×{}", rage.times);
        let style = Style::bold(LABEL, [255, 255, 255]);
        let w = fonts.width(style, &text).ceil() as u32 + 6;
        let (px, py) = (x + 14, y + (R * 0.33).round() as i32 - 8);
        canvas.fill(px, py, w, 17, [255, 255, 255]);
        canvas.fill(px + 1, py + 1, w - 2, 15, RAGE);
        fonts.draw(
            canvas,
            px as f32 + 3.0,
            py as f32 + 13.5,
            Align::Left,
            style,
            &text,
        );
    }
}

/// The border of a set of hexes: each hex with the edges (0–5, as [`hex_corners`] numbers
/// them) that face a hex outside the set.
pub(super) fn border_edges(hexes: &[Hex]) -> Vec<(Hex, usize)> {
    let centres: Vec<(f32, f32)> = hexes.iter().map(|&h| centre(h)).collect();
    let mut out = Vec::new();
    for (&hex, &(x, y)) in hexes.iter().zip(&centres) {
        for k in 0..6 {
            // The neighbour across edge k lies one hex height away, towards the edge's middle.
            let a = std::f32::consts::PI / 3.0 * (k as f32 + 0.5);
            let (nx, ny) = (x + hex_height() * a.cos(), y + hex_height() * a.sin());
            let inside = centres
                .iter()
                .any(|&(cx, cy)| (cx - nx).abs() < R / 2.0 && (cy - ny).abs() < R / 2.0);
            if !inside {
                out.push((hex, k));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_border_of_a_region_leaves_out_the_edges_inside_it() {
        let a = Hex::new(4, 4).unwrap();
        assert_eq!(border_edges(&[a]).len(), 6);
        let b = pandoria::board().neighbours(a).next().unwrap();
        let border = border_edges(&[a, b]);
        assert_eq!(border.len(), 10);
        // The shared edge faces the other hex from both sides.
        let (ax, ay) = centre(a);
        let (bx, by) = centre(b);
        for (hex, k) in border {
            let angle = std::f32::consts::PI / 3.0 * (k as f32 + 0.5);
            let (x, y) = if hex == a { (ax, ay) } else { (bx, by) };
            let (ox, oy) = if hex == a { (bx, by) } else { (ax, ay) };
            let (dx, dy) = ((ox - x) / hex_height(), (oy - y) / hex_height());
            assert!((dx - angle.cos()).abs() + (dy - angle.sin()).abs() > 0.1);
        }
    }
}
