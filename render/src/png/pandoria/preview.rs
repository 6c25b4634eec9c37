//! A seat's private board pictures: the hand tiles drawn large, and the tile preview (the
//! board with every legal space marked and labelled).

use turnpost_core::hex::Hex;
use turnpost_core::pandoria::{SeatView, Tile};

use super::art::HAND_R;
use super::board::{draw_board, terrain_slot};
use super::tableau::badge;
use super::{Art, GAP, centre_px, plural};
use crate::png::draw::{Canvas, Colour, Sprite};
use crate::png::palette::{INK, MUTED, PAPER};
use crate::png::shapes;
use crate::png::text::{Align, Fonts, Style};

/// The hand picture: each hand tile large, its halves marked in the order the notation
/// names them.
pub(crate) fn hand(art: &Art, fonts: &Fonts, view: &SeatView) -> Canvas {
    let n = view.hand.len().max(1) as u32;
    let tile_w = 300;
    let width = (GAP + n * (tile_w + GAP)).max(520);
    let height = 330;
    let mut canvas = Canvas::new(width, height, PAPER);
    let seat = view.seat.index();
    let name = view
        .public
        .seats
        .get(seat)
        .map_or("?", |s| s.colour.as_str());
    badge(art, fonts, &mut canvas, seat, 28.0, 30.0, true);
    let title = if view.hand.len() == 1 {
        format!("{name}: your tile")
    } else {
        format!("{name}: your tiles")
    };
    fonts.draw(
        &mut canvas,
        50.0,
        38.0,
        Align::Left,
        Style::bold(22.0, INK),
        &title,
    );
    if view.hand.is_empty() {
        fonts.draw(
            &mut canvas,
            20.0,
            120.0,
            Align::Left,
            Style::regular(17.0, MUTED),
            "Your hand is empty.",
        );
        return canvas;
    }
    let x0 = (width - n * tile_w) as f32 / 2.0;
    for (k, tile) in view.hand.iter().enumerate() {
        let cx = x0 + (k as u32 * tile_w) as f32 + tile_w as f32 / 2.0;
        draw_hand_tile(art, fonts, &mut canvas, tile, cx, 160.0);
    }
    fonts.draw(
        &mut canvas,
        width as f32 / 2.0,
        height as f32 - 18.0,
        Align::Centre,
        Style::regular(15.0, MUTED),
        "the 1st half goes on the first space you name: tile D7 E7",
    );
    canvas
}

/// One hand tile: its two halves side by side, the first half on the left.
pub(super) fn draw_hand_tile(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    tile: &Tile,
    cx: f32,
    cy: f32,
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
        let order = if k == 0 { "1st" } else { "2nd" };
        fonts.centred(
            canvas,
            x as f32,
            y as f32 + HAND_R * 0.38,
            Style::bold(18.0, INK),
            order,
        );
    }
    let text = tile.to_string().replace('·', " · ");
    fonts.draw(
        canvas,
        cx,
        cy + h * 0.75 + 28.0,
        Align::Centre,
        Style::bold(18.0, INK),
        &text,
    );
}

/// The tile preview: the board with every legal space marked and labelled, and the hand.
pub(crate) fn preview(art: &Art, fonts: &Fonts, view: &SeatView) -> Canvas {
    let board = art.board(view.public.options.board);
    let (bw, bh) = board.dimensions();
    let strip = 96;
    let mut canvas = Canvas::new(bw, bh + strip, PAPER);
    canvas.paste(board, 0, 0);
    let mut public = view.public.clone();
    // The preview is about the next placement: the last move ring would only distract.
    public.last_move.clear();
    draw_board(art, fonts, &mut canvas, &public);
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
    let label = Style::bold(17.0, INK);
    for (spaces, sprite) in [
        (&tile_spaces, &art.choice_tile),
        (&castle_only, &art.choice_castle),
        (&single_only, &art.choice_single),
        (mountain, &art.choice_mountain),
    ] {
        for &hex in spaces.iter() {
            let (x, y) = centre_px(hex);
            canvas.blit(sprite, x, y);
            fonts.centred(&mut canvas, x as f32, y as f32, label, &hex.to_string());
        }
    }
    // The strip below: the hand tile and a legend.
    let top = bh as f32;
    let seat = view.seat.index();
    badge(art, fonts, &mut canvas, seat, 28.0, top + 24.0, true);
    let name = view
        .public
        .seats
        .get(seat)
        .map_or("?", |s| s.colour.as_str());
    let tiles: Vec<String> = view.hand.iter().map(|t| t.to_string()).collect();
    let title = if tiles.is_empty() {
        format!("{name}: no tile in hand")
    } else {
        format!("{name}: place {}", tiles.join(", "))
    };
    fonts.draw(
        &mut canvas,
        50.0,
        top + 31.0,
        Align::Left,
        Style::bold(18.0, INK),
        &title,
    );
    let mut lx = 22.0;
    let ly = top + 70.0;
    for (sprite, text) in [
        (
            &art.choice_tile,
            format!("tile: {}", plural(tile_spaces.len(), "space", "spaces")),
        ),
        (
            &art.choice_castle,
            format!(
                "castle only: {}",
                plural(castle_only.len(), "space", "spaces")
            ),
        ),
        (
            &art.choice_single,
            format!(
                "single tile: {}",
                plural(single_only.len(), "space", "spaces")
            ),
        ),
        (
            &art.choice_mountain,
            format!(
                "mountain castle: {}",
                plural(mountain.len(), "path", "paths")
            ),
        ),
    ] {
        if text.ends_with(" 0 spaces") || text.ends_with(" 0 paths") {
            continue;
        }
        let swatch = shapes::hex_swatch(10.0, sprite_fill(sprite));
        canvas.blit(&swatch, lx as i32 + 10, ly as i32 - 5);
        lx = fonts.draw(
            &mut canvas,
            lx + 26.0,
            ly,
            Align::Left,
            Style::regular(17.0, INK),
            &text,
        ) + 24.0;
    }
    fonts.draw(
        &mut canvas,
        lx,
        ly,
        Align::Left,
        Style::regular(17.0, MUTED),
        "e.g. tile D7 E7 · castle D7",
    );
    canvas
}

pub(super) fn sprite_fill(sprite: &Sprite) -> Colour {
    sprite.middle()
}
