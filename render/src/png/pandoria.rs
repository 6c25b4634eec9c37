//! Pandoria pictures: the public table (board and tableaus) and a seat's private pictures
//! (hand, tile preview).
//!
//! The board is drawn in three passes: the static layer (mountains, exit paths, lakes and
//! ships, the empty plain with its coordinates, start spaces, the rim coordinates) drawn once
//! per renderer; the land and figures of the view as cached sprites; highlights and text.

use image::RgbImage;
use turnpost_core::hex::{COLUMNS, Hex, ROWS};
use turnpost_core::pandoria::{self, PublicView, SeatPublic, SeatView, Space, Terrain, Tile};

use super::draw::{Canvas, Colour, Pen, Sprite, hex_corners, mix};
use super::extras::{self, SeatExtras, TableExtras};
use super::palette::{self, INK, MUTED, PANEL, PAPER, PlayerMark, RULE};
use super::shapes;
use super::text::{Align, Fonts, Style, Weight};

/// Circumradius of a board hex in pixels.
const R: f32 = 36.0;
/// Space around the board for the rim coordinates.
const MARGIN: f32 = 30.0;
/// Width of the column of tableaus right of the board.
const PANEL_W: u32 = 610;
/// Gap between board and tableaus, and around the tableaus.
const GAP: u32 = 12;

/// Text sizes used by the Pandoria pictures (warmed into the glyph cache up front).
pub(crate) const TEXT_SIZES: &[(Weight, f32)] = &[
    (Weight::Regular, 15.0),
    (Weight::Bold, 15.0),
    (Weight::Regular, 17.0),
    (Weight::Bold, 17.0),
    (Weight::Regular, 18.0),
    (Weight::Bold, 18.0),
    (Weight::Bold, 22.0),
    (Weight::Bold, 28.0),
];

const LABEL: f32 = 15.0;

fn hex_height() -> f32 {
    3f32.sqrt() * R
}

/// The centre of a hex in board-layer pixels.
fn centre(hex: Hex) -> (f32, f32) {
    let h = hex_height();
    let col = f32::from(hex.col());
    let x = MARGIN + R + col * 1.5 * R;
    let y = MARGIN
        + h / 2.0
        + f32::from(hex.row()) * h
        + if hex.col() % 2 == 1 { h / 2.0 } else { 0.0 };
    (x, y)
}

fn centre_px(hex: Hex) -> (i32, i32) {
    let (x, y) = centre(hex);
    (x.round() as i32, y.round() as i32)
}

/// The size of the board layer.
fn board_size() -> (u32, u32) {
    let w = 2.0 * MARGIN + 1.5 * R * f32::from(COLUMNS - 1) + 2.0 * R;
    let h = 2.0 * MARGIN + hex_height() * (f32::from(ROWS) + 0.5);
    (w.ceil() as u32, h.ceil() as u32)
}

/// Terrain fill colours.
fn terrain_colour(t: Terrain) -> Colour {
    match t {
        Terrain::Forest => [118, 172, 86],
        Terrain::Mountain => [168, 166, 196],
        Terrain::Hills => [214, 178, 104],
        Terrain::City => [222, 210, 196],
    }
}

const MOUNTAINS: Colour = [112, 101, 90];
const PLAIN: Colour = [238, 234, 208];
const LAKE: Colour = [96, 160, 212];
const GRID: Colour = [70, 64, 56];

/// Draws the resource symbol of a terrain, `s` pixels tall, around `(x, y)`.
fn symbol(pen: &mut Pen, t: Terrain, x: f32, y: f32, s: f32) {
    let k = s / 16.0;
    match t {
        Terrain::Forest => {
            // A fir tree.
            pen.rect(x - 1.5 * k, y + 3.0 * k, 3.0 * k, 5.0 * k, [90, 60, 30]);
            pen.polygon(
                &[
                    (x, y - 8.0 * k),
                    (x + 7.0 * k, y + 4.0 * k),
                    (x - 7.0 * k, y + 4.0 * k),
                ],
                [28, 84, 38],
            );
        }
        Terrain::Mountain => {
            // A crystal.
            let pts = [
                (x, y - 8.5 * k),
                (x + 5.5 * k, y - 3.0 * k),
                (x + 5.5 * k, y + 3.0 * k),
                (x, y + 8.5 * k),
                (x - 5.5 * k, y + 3.0 * k),
                (x - 5.5 * k, y - 3.0 * k),
            ];
            let edge: Vec<(f32, f32)> = pts
                .iter()
                .map(|&(px, py)| (x + (px - x) * 1.25, y + (py - y) * 1.15))
                .collect();
            pen.polygon(&edge, [50, 30, 100]);
            pen.polygon(&pts, [132, 92, 220]);
            pen.polygon(
                &[(x, y - 8.5 * k), (x + 5.5 * k, y - 3.0 * k), (x, y)],
                [196, 172, 250],
            );
        }
        Terrain::Hills => {
            // A gold coin.
            pen.circle(x, y, 7.5 * k, [110, 70, 0]);
            pen.circle(x, y, 6.0 * k, [250, 200, 40]);
            pen.circle(x - 1.5 * k, y - 1.5 * k, 2.2 * k, [255, 236, 150]);
        }
        Terrain::City => {
            // A house.
            pen.polygon(
                &[
                    (x - 8.0 * k, y - 1.0 * k),
                    (x, y - 8.5 * k),
                    (x + 8.0 * k, y - 1.0 * k),
                ],
                [160, 50, 40],
            );
            pen.rect(x - 6.0 * k, y - 1.5 * k, 12.0 * k, 9.5 * k, [120, 70, 50]);
            pen.rect(x - 4.5 * k, y - 0.5 * k, 9.0 * k, 7.0 * k, [250, 240, 220]);
            pen.rect(x - 1.5 * k, y + 2.0 * k, 3.0 * k, 6.0 * k, [120, 70, 50]);
        }
    }
}

/// Where the symbols of a space go: above the middle, so a figure fits below.
fn symbol_spots(n: u8) -> Vec<(f32, f32)> {
    let y = -R * 0.47;
    match n {
        0 => Vec::new(),
        1 => vec![(0.0, y)],
        2 => vec![(-R * 0.27, y), (R * 0.27, y)],
        n => (0..n)
            .map(|i| ((f32::from(i) - f32::from(n - 1) / 2.0) * R * 0.4, y))
            .collect(),
    }
}

/// A sprite of one hex of terrain with its symbols, circumradius `r`.
fn land_sprite(t: Terrain, symbols: u8, printed: bool, r: f32) -> Sprite {
    let k = r / R;
    hex_sprite_of(r, |pen| {
        let fill = terrain_colour(t);
        pen.polygon(&hex_corners(0.0, 0.0, r + 0.5), GRID);
        pen.polygon(&hex_corners(0.0, 0.0, r - 1.2), fill);
        if printed {
            // Printed spaces carry an inner frame, so they read as part of the board.
            pen.polygon_outline(&hex_corners(0.0, 0.0, r - 5.5), 2.5, mix(fill, GRID, 0.55));
        }
        for (x, y) in symbol_spots(symbols) {
            symbol(pen, t, x * k, y * k, 16.0 * k);
        }
    })
}

fn hex_sprite(paint: impl FnOnce(&mut Pen)) -> Sprite {
    hex_sprite_of(R, paint)
}

fn hex_sprite_of(r: f32, paint: impl FnOnce(&mut Pen)) -> Sprite {
    let w = (2.0 * r + 4.0).ceil() as u32 | 1;
    let h = (3f32.sqrt() * r + 4.0).ceil() as u32 | 1;
    Sprite::centred(w, h, paint)
}

/// Circumradius of the hand tiles in the private pictures.
const HAND_R: f32 = 54.0;

fn mountains_sprite() -> Sprite {
    hex_sprite(|pen| {
        pen.polygon(&hex_corners(0.0, 0.0, R + 0.5), GRID);
        pen.polygon(&hex_corners(0.0, 0.0, R - 1.2), MOUNTAINS);
        peaks(pen);
    })
}

fn peaks(pen: &mut Pen) {
    let rock = mix(MOUNTAINS, [255, 255, 255], 0.22);
    for (dx, s) in [(-9.0, 13.0), (8.0, 16.0)] {
        let top = (dx, 10.0 - s * 1.6);
        pen.polygon(&[top, (dx + s, 12.0), (dx - s, 12.0)], rock);
        let snow = 0.35;
        pen.polygon(
            &[
                top,
                (top.0 + s * snow, top.1 + (12.0 - top.1) * snow),
                (top.0 - s * snow, top.1 + (12.0 - top.1) * snow),
            ],
            [244, 244, 250],
        );
    }
}

/// An exit path: a mountain hex with a road of the path's terrain; `lit` when the path is
/// in use (the plain space next to it has that terrain).
fn exit_sprite(t: Terrain, lit: bool) -> Sprite {
    hex_sprite(|pen| {
        pen.polygon(&hex_corners(0.0, 0.0, R + 0.5), GRID);
        pen.polygon(&hex_corners(0.0, 0.0, R - 1.2), MOUNTAINS);
        let fill = terrain_colour(t);
        if lit {
            pen.polygon_outline(&hex_corners(0.0, 0.0, R - 3.0), 5.0, [255, 255, 255]);
            pen.circle(0.0, 0.0, R * 0.62, [255, 255, 255]);
            pen.circle(0.0, 0.0, R * 0.62 - 3.0, fill);
        } else {
            pen.circle(0.0, 0.0, R * 0.55, mix(fill, MOUNTAINS, 0.25));
            pen.circle(0.0, 0.0, R * 0.55 - 2.5, mix(fill, MOUNTAINS, 0.45));
        }
        symbol(pen, t, 0.0, 0.0, 20.0);
    })
}

fn lake_sprite(ship: bool) -> Sprite {
    hex_sprite(|pen| {
        pen.polygon(&hex_corners(0.0, 0.0, R + 0.5), GRID);
        pen.polygon(&hex_corners(0.0, 0.0, R - 1.2), LAKE);
        let wave = mix(LAKE, [255, 255, 255], 0.45);
        for (y, x0) in [(-R * 0.45, -14.0), (R * 0.5, -6.0)] {
            for i in 0..3 {
                let x = x0 + i as f32 * 8.0;
                pen.line((x, y), (x + 4.0, y - 3.0), 2.0, wave);
                pen.line((x + 4.0, y - 3.0), (x + 8.0, y), 2.0, wave);
            }
        }
        if ship {
            let hull = [(-15.0, 2.0), (15.0, 2.0), (10.0, 9.0), (-10.0, 9.0)];
            pen.polygon(&hull, [110, 70, 35]);
            pen.rect(-1.0, -16.0, 2.0, 18.0, [80, 50, 25]);
            pen.polygon(&[(1.5, -15.0), (12.0, 0.0), (1.5, 0.0)], [250, 250, 245]);
            pen.polygon(&[(-1.5, -12.0), (-10.0, 0.0), (-1.5, 0.0)], [235, 235, 228]);
        }
    })
}

fn plain_sprite(start: bool) -> Sprite {
    hex_sprite(|pen| {
        pen.polygon(&hex_corners(0.0, 0.0, R + 0.5), mix(PLAIN, GRID, 0.35));
        pen.polygon(&hex_corners(0.0, 0.0, R - 0.8), PLAIN);
        if start {
            // The marked start spaces: a dotted ring.
            for i in 0..12 {
                let a = std::f32::consts::TAU * i as f32 / 12.0;
                pen.circle(a.cos() * R * 0.66, a.sin() * R * 0.66, 2.4, [170, 150, 110]);
            }
        }
    })
}

fn castle_ground() -> Sprite {
    hex_sprite(|pen| {
        pen.polygon(&hex_corners(0.0, 0.0, R + 0.5), GRID);
        pen.polygon(&hex_corners(0.0, 0.0, R - 1.2), [196, 190, 180]);
    })
}

/// A ring around a hex: the last move.
fn ring_sprite(outer: Colour, inner: Colour) -> Sprite {
    hex_sprite(|pen| {
        pen.polygon_outline(&hex_corners(0.0, 0.0, R - 1.5), 6.5, outer);
        pen.polygon_outline(&hex_corners(0.0, 0.0, R - 3.0), 3.0, inner);
    })
}

/// The outline of regions closed this turn: magenta, apart from every player colour and
/// from the black and white last-move ring.
const CLOSED: Colour = [196, 30, 150];
/// The Rage target's marks: a dark red.
const RAGE: Colour = [150, 20, 30];

/// One edge of a hex (between corners `k` and `k + 1`), drawn just inside it: the closed
/// regions are outlined edge by edge along their border.
fn edge_sprite(k: usize) -> Sprite {
    hex_sprite(|pen| {
        let outer = hex_corners(0.0, 0.0, R - 3.5);
        let inner = hex_corners(0.0, 0.0, R - 5.0);
        let (a, b) = (outer[k], outer[(k + 1) % 6]);
        pen.line(a, b, 5.0, CLOSED);
        pen.circle(a.0, a.1, 2.5, CLOSED);
        pen.circle(b.0, b.1, 2.5, CLOSED);
        let (a, b) = (inner[k], inner[(k + 1) % 6]);
        pen.line(a, b, 1.2, [255, 255, 255]);
    })
}

/// A thin ring inside a hex: the region a Rage counts in.
fn rage_region_sprite() -> Sprite {
    hex_sprite(|pen| {
        pen.polygon_outline(&hex_corners(0.0, 0.0, R - 9.0), 3.0, RAGE);
    })
}

/// A halo behind the figure a Rage doubles or triples.
fn rage_halo_sprite() -> Sprite {
    Sprite::centred(41, 41, |pen| {
        pen.circle(0.0, 0.0, 19.0, [255, 255, 255]);
        pen.circle(0.0, 0.0, 17.5, RAGE);
    })
}

/// A legal space in the tile preview.
fn choice_sprite(fill: Colour) -> Sprite {
    hex_sprite(|pen| {
        pen.polygon(&hex_corners(0.0, 0.0, R + 0.5), [20, 20, 20]);
        pen.polygon(&hex_corners(0.0, 0.0, R - 2.5), fill);
    })
}

/// Everything Pandoria draws from, built once per renderer.
pub(crate) struct Art {
    /// The static board with rim coordinates, labels of the empty plain and start spaces.
    board: RgbImage,
    /// Terrain × symbols (1, 2) × printed.
    land: Vec<Sprite>,
    exits_lit: Vec<Sprite>,
    castle_ground: Sprite,
    last_move: Sprite,
    /// One per hex edge, for the outline of regions closed this turn.
    closed_edges: Vec<Sprite>,
    rage_region: Sprite,
    rage_halo: Sprite,
    choice_tile: Sprite,
    choice_castle: Sprite,
    /// Per player colour (in `pandoria::COLOURS` order).
    marks: Vec<PlayerMark>,
    workers: Vec<Sprite>,
    leaders: Vec<Sprite>,
    castles: Vec<Sprite>,
    small_workers: Vec<Sprite>,
    small_leaders: Vec<Sprite>,
    small_castles: Vec<Sprite>,
    tile_icon: Sprite,
    /// Crystal, gold, wood (for costs), city (for the legend).
    resource_icons: Vec<Sprite>,
    /// Small versions of the board marks, for the legend: last move, exit in use, printed,
    /// closed this turn, Rage target.
    legend_marks: Vec<Sprite>,
    /// Hand tiles in the private pictures are drawn larger.
    hand_land: Vec<Sprite>,
}

impl std::fmt::Debug for Art {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("pandoria::Art")
            .field("board", &self.board.dimensions())
            .finish_non_exhaustive()
    }
}

fn land_index(t: Terrain, symbols: u8, printed: bool) -> usize {
    let t = Terrain::ALL.iter().position(|&x| x == t).unwrap_or(0);
    t * 4 + usize::from(symbols.clamp(1, 2) - 1) * 2 + usize::from(printed)
}

impl Art {
    pub(crate) fn new(fonts: &Fonts) -> Art {
        let mut land = Vec::new();
        for t in Terrain::ALL {
            for symbols in 1..=2 {
                for printed in [false, true] {
                    land.push(land_sprite(t, symbols, printed, R));
                }
            }
        }
        let marks: Vec<PlayerMark> = pandoria::COLOURS
            .iter()
            .map(|c| palette::player(c))
            .collect();
        let hand_land = Terrain::ALL
            .iter()
            .flat_map(|&t| [1, 2].map(move |s| (t, s)))
            .map(|(t, s)| land_sprite(t, s, false, HAND_R))
            .collect();
        Art {
            board: board_layer(fonts),
            land,
            exits_lit: Terrain::ALL.iter().map(|&t| exit_sprite(t, true)).collect(),
            castle_ground: castle_ground(),
            last_move: ring_sprite([20, 20, 20], [255, 255, 255]),
            closed_edges: (0..6).map(edge_sprite).collect(),
            rage_region: rage_region_sprite(),
            rage_halo: rage_halo_sprite(),
            choice_tile: choice_sprite([255, 226, 110]),
            choice_castle: choice_sprite([190, 220, 250]),
            workers: marks.iter().map(|m| shapes::worker(m, 12.0)).collect(),
            leaders: marks.iter().map(|m| shapes::leader(m, 13.0)).collect(),
            castles: marks.iter().map(|m| shapes::castle(m, 32.0)).collect(),
            small_workers: marks.iter().map(|m| shapes::worker(m, 9.0)).collect(),
            small_leaders: marks.iter().map(|m| shapes::leader(m, 9.5)).collect(),
            small_castles: marks.iter().map(|m| shapes::castle(m, 24.0)).collect(),
            tile_icon: shapes::tile_icon(11.0),
            resource_icons: [
                Terrain::Mountain,
                Terrain::Hills,
                Terrain::Forest,
                Terrain::City,
            ]
            .iter()
            .map(|&t| Sprite::centred(19, 19, |pen| symbol(pen, t, 0.0, 0.0, 15.0)))
            .collect(),
            legend_marks: vec![
                small_hex(|pen, r| {
                    pen.polygon(&hex_corners(0.0, 0.0, r), terrain_colour(Terrain::Forest));
                    pen.polygon_outline(&hex_corners(0.0, 0.0, r - 1.0), 4.0, [20, 20, 20]);
                    pen.polygon_outline(&hex_corners(0.0, 0.0, r - 2.0), 2.0, [255, 255, 255]);
                }),
                small_hex(|pen, r| {
                    pen.polygon(&hex_corners(0.0, 0.0, r), MOUNTAINS);
                    pen.circle(0.0, 0.0, r * 0.7, [255, 255, 255]);
                    pen.circle(0.0, 0.0, r * 0.7 - 2.0, terrain_colour(Terrain::Hills));
                }),
                small_hex(|pen, r| {
                    let fill = terrain_colour(Terrain::City);
                    pen.polygon(&hex_corners(0.0, 0.0, r), GRID);
                    pen.polygon(&hex_corners(0.0, 0.0, r - 1.0), fill);
                    pen.polygon_outline(
                        &hex_corners(0.0, 0.0, r - 4.0),
                        2.0,
                        mix(fill, GRID, 0.55),
                    );
                }),
                small_hex(|pen, r| {
                    pen.polygon(&hex_corners(0.0, 0.0, r), terrain_colour(Terrain::Hills));
                    pen.polygon_outline(&hex_corners(0.0, 0.0, r - 1.0), 3.5, CLOSED);
                    pen.polygon_outline(&hex_corners(0.0, 0.0, r - 3.0), 1.0, [255, 255, 255]);
                }),
                small_hex(|pen, r| {
                    pen.polygon(&hex_corners(0.0, 0.0, r), terrain_colour(Terrain::Hills));
                    pen.polygon_outline(&hex_corners(0.0, 0.0, r - 4.0), 2.0, RAGE);
                }),
            ],
            marks,
            hand_land,
        }
    }

    fn mark(&self, seat: usize) -> PlayerMark {
        self.marks
            .get(seat)
            .copied()
            .unwrap_or_else(|| palette::player("?"))
    }

    fn pick<'a>(&self, sprites: &'a [Sprite], seat: usize) -> &'a Sprite {
        &sprites[seat.min(sprites.len() - 1)]
    }
}

/// Draws the static board layer.
fn board_layer(fonts: &Fonts) -> RgbImage {
    let (w, h) = board_size();
    let mut canvas = Canvas::new(w, h, PAPER);
    let board = pandoria::board();
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

fn terrain_slot(t: Terrain) -> usize {
    Terrain::ALL.iter().position(|&x| x == t).unwrap_or(0)
}

/// Draws the land, figures and the last move of a view onto a canvas holding the board
/// layer at `(0, 0)`.
fn draw_board(art: &Art, fonts: &Fonts, canvas: &mut Canvas, view: &PublicView) {
    let board = pandoria::board();
    let mut terrain_at: Vec<Option<Terrain>> = vec![None; turnpost_core::hex::CELLS];
    for land in &view.land {
        let (x, y) = centre_px(land.at);
        match (land.terrain, land.castle) {
            (Some(t), _) => {
                terrain_at[land.at.index()] = Some(t);
                canvas.blit(&art.land[land_index(t, land.symbols, land.printed)], x, y);
                if land.symbols > 2 {
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
                canvas.blit(&art.castle_ground, x, y);
                let seat = owner.index();
                canvas.blit(art.pick(&art.castles, seat), x, y - 9);
                let mark = art.mark(seat);
                fonts.centred(
                    canvas,
                    x as f32,
                    y as f32 - 5.0,
                    Style::bold(LABEL, mark.ink),
                    &mark.letter.to_string(),
                );
            }
            (None, None) => {}
        }
    }
    // Exit paths in use: a plain neighbour shows the path's terrain.
    for hex in Hex::all() {
        if let Space::Exit { terrain } = board.space(hex)
            && board
                .neighbours(hex)
                .any(|n| terrain_at[n.index()] == Some(terrain))
        {
            let (x, y) = centre_px(hex);
            canvas.blit(&art.exits_lit[terrain_slot(terrain)], x, y);
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
        let (sprite, size, r) = if f.leader {
            (art.pick(&art.leaders, seat), 17.0, 13.0)
        } else {
            (art.pick(&art.workers, seat), LABEL, 12.0)
        };
        canvas.blit(sprite, x, y);
        let ly = y as f32 + 0.5 + shapes::letter_drop(&mark, r);
        fonts.centred(
            canvas,
            x as f32,
            ly,
            Style::bold(size, mark.ink),
            &mark.letter.to_string(),
        );
    }
    if let Some(rage) = &view.rage {
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
fn border_edges(hexes: &[Hex]) -> Vec<(Hex, usize)> {
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

/// The public picture: board left, header and tableaus right.
///
/// `extra` holds the base-game parts of the view (see [`extras`]); empty for the family
/// game.
pub(crate) fn public(art: &Art, fonts: &Fonts, view: &PublicView, extra: &TableExtras) -> Canvas {
    let (bw, bh) = art.board.dimensions();
    let panels = layout_panels(view, extra);
    let height = bh.max(panels.height + GAP);
    // The legend goes where there is room: under the board or under the tableaus.
    let board_w = bw - 2 * MARGIN as u32;
    let legend_under_board = height >= bh + legend_height(art, fonts, view, board_w) + GAP;
    let legend_under_panels = !legend_under_board
        && height >= panels.height + legend_height(art, fonts, view, PANEL_W) + GAP;
    let mut canvas = Canvas::new(bw + PANEL_W + GAP * 2, height, PAPER);
    canvas.paste(&art.board, 0, 0);
    draw_board(art, fonts, &mut canvas, view);
    if legend_under_board {
        draw_legend(
            art,
            fonts,
            &mut canvas,
            view,
            MARGIN as i32,
            bh as i32,
            bw - 2 * MARGIN as u32,
        );
    } else if legend_under_panels {
        draw_legend(
            art,
            fonts,
            &mut canvas,
            view,
            (bw + GAP) as i32,
            panels.height as i32,
            PANEL_W,
        );
    }
    draw_panels(
        art,
        fonts,
        &mut canvas,
        view,
        extra,
        &panels,
        (bw + GAP) as i32,
    );
    canvas
}

/// A small hex sprite (radius 14) for the legend.
fn small_hex(paint: impl FnOnce(&mut Pen, f32)) -> Sprite {
    Sprite::centred(33, 31, |pen| paint(pen, 14.0))
}

/// The legend's entries: a sprite and what it means.
fn legend_items<'a>(art: &'a Art, view: &PublicView) -> Vec<(&'a Sprite, &'static str)> {
    let mut items = vec![
        (&art.resource_icons[2], "forest: wood"),
        (&art.resource_icons[0], "mountain: crystals"),
        (&art.resource_icons[1], "hills: gold"),
        (&art.resource_icons[3], "city: points"),
        (art.pick(&art.small_workers, 0), "worker"),
        (art.pick(&art.small_leaders, 0), "leader (counts 2)"),
        (art.pick(&art.small_castles, 0), "castle"),
        (&art.tile_icon, "tiles in hand"),
        (&art.legend_marks[0], "last move"),
        (&art.legend_marks[1], "exit path in use"),
        (&art.legend_marks[2], "printed space"),
    ];
    // This turn's marks, only while there are any.
    if !view.closed.is_empty() {
        items.push((&art.legend_marks[3], "closed this turn"));
    }
    if view.rage.is_some() {
        items.push((&art.legend_marks[4], "Rage target"));
    }
    items
}

/// Lays the legend out in rows that fit `w`: each entry's x offset and row.
fn legend_layout(art: &Art, fonts: &Fonts, view: &PublicView, w: u32) -> Vec<(f32, usize)> {
    let text = Style::regular(15.0, INK);
    let mut out = Vec::new();
    let (mut cx, mut row) = (14.0, 0);
    for (sprite, label) in legend_items(art, view) {
        let advance = sprite.width() as f32 + 6.0 + fonts.width(text, label) + 24.0;
        if cx + advance > w as f32 - 4.0 && cx > 14.0 {
            cx = 14.0;
            row += 1;
        }
        out.push((cx, row));
        cx += advance;
    }
    out
}

/// The legend's height for a width.
fn legend_height(art: &Art, fonts: &Fonts, view: &PublicView, w: u32) -> u32 {
    let rows = legend_layout(art, fonts, view, w).last().map_or(0, |l| l.1) + 1;
    rows as u32 * 36 + 18
}

/// What the board's marks mean, in a box `w` wide at `(x, y)`.
#[allow(clippy::too_many_arguments)]
fn draw_legend(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    view: &PublicView,
    x: i32,
    y: i32,
    w: u32,
) {
    let h = legend_height(art, fonts, view, w);
    canvas.fill(x, y, w, h, PANEL);
    canvas.frame(x, y, w, h, 1, RULE);
    let text = Style::regular(15.0, INK);
    for ((sprite, label), (dx, row)) in legend_items(art, view)
        .into_iter()
        .zip(legend_layout(art, fonts, view, w))
    {
        let cy = y as f32 + 27.0 + row as f32 * 36.0;
        let left = x as f32 + dx;
        let sw = sprite.width() as f32;
        canvas.blit(sprite, (left + sw / 2.0) as i32, cy as i32);
        fonts.draw(canvas, left + sw + 6.0, cy + 5.5, Align::Left, text, label);
    }
}

/// Vertical layout of the right column.
#[derive(Debug)]
struct PanelLayout {
    header: u32,
    seat: u32,
    height: u32,
}

fn layout_panels(view: &PublicView, extra: &TableExtras) -> PanelLayout {
    let market =
        extra.market.is_some() || extra.monument_top.is_some() || extra.monuments_left.is_some();
    let header = if market { 104 + MARKET_H } else { 104 };
    let seat = if extra.seats.iter().any(SeatExtras::any) {
        SEAT_FULL_H
    } else {
        132
    };
    let n = view.seats.len() as u32;
    PanelLayout {
        header,
        seat,
        height: GAP + header + GAP + n * (seat + GAP),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Height of the market row in the header.
const MARKET_H: u32 = 146;
/// Height of a seat panel with the base game's parts.
const SEAT_FULL_H: u32 = 246;

#[allow(clippy::too_many_arguments)]
fn draw_panels(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    view: &PublicView,
    extra: &TableExtras,
    layout: &PanelLayout,
    x: i32,
) {
    let w = PANEL_W;
    let mut y = GAP as i32;
    // Header: game, round, tiles left, who is to play.
    canvas.fill(x, y, w, layout.header, PANEL);
    canvas.frame(x, y, w, layout.header, 1, RULE);
    let tx = x as f32 + 16.0;
    let end = fonts.draw(
        canvas,
        tx,
        y as f32 + 32.0,
        Align::Left,
        Style::bold(22.0, INK),
        "Pandoria",
    );
    let mut info = format!(
        "Round {} · {} left",
        view.round,
        plural(view.tiles_left, "tile", "tiles")
    );
    if view.last_round {
        info.push_str(" · last round");
    }
    if let Some(tile) = &view.drawn_tile {
        // A Terrain spell's tile, public while it waits to be placed.
        info.push_str(&format!(" · drawn: {tile}"));
    } else if extra.market.is_some() && view.single_tiles_left > 0 {
        info.push_str(&format!(" · {} single", view.single_tiles_left));
    }
    fonts.draw(
        canvas,
        end + 14.0,
        y as f32 + 31.0,
        Align::Left,
        Style::regular(17.0, MUTED),
        &info,
    );
    let line2 = y as f32 + 72.0;
    match (&view.outcome, view.to_act) {
        (Some(o), _) => {
            let names: Vec<&str> = o
                .winners
                .iter()
                .filter_map(|s| view.seats.get(s.index()).map(|s| s.colour.as_str()))
                .collect();
            let verb = if names.len() == 1 { "wins" } else { "win" };
            fonts.draw(
                canvas,
                tx,
                line2,
                Align::Left,
                Style::bold(18.0, INK),
                &format!("Game over: {} {verb}", names.join(" and ")),
            );
        }
        (None, Some(seat)) => {
            let mark = art.mark(seat.index());
            badge(
                art,
                fonts,
                canvas,
                seat.index(),
                tx + 14.0,
                line2 - 6.0,
                false,
            );
            let name = view
                .seats
                .get(seat.index())
                .map_or("?", |s| s.colour.as_str());
            let end = fonts.draw(
                canvas,
                tx + 36.0,
                line2,
                Align::Left,
                Style::bold(18.0, INK),
                &format!("{name} to play"),
            );
            if let Some(prompt) = &view.prompt {
                let _ = mark;
                fonts.draw(
                    canvas,
                    end + 10.0,
                    line2,
                    Align::Left,
                    Style::regular(17.0, MUTED),
                    &format!("· {prompt}"),
                );
            }
        }
        (None, None) => {}
    }
    if layout.header > 104 {
        draw_market(art, fonts, canvas, extra, x + 16, y + 96);
    }
    y += (layout.header + GAP) as i32;
    let none = SeatExtras::default();
    for (i, seat) in view.seats.iter().enumerate() {
        let more = extra.seats.get(i).unwrap_or(&none);
        draw_seat(
            art,
            fonts,
            canvas,
            view,
            i,
            seat,
            more,
            x,
            y,
            w,
            layout.seat,
        );
        y += (layout.seat + GAP) as i32;
    }
}

/// The market's cards (two rows of two) and the monument stack.
fn draw_market(art: &Art, fonts: &Fonts, canvas: &mut Canvas, extra: &TableExtras, x: i32, y: i32) {
    let fx = x as f32;
    fonts.draw(
        canvas,
        fx,
        y as f32 + 4.0,
        Align::Left,
        Style::bold(15.0, MUTED),
        &match extra.cards_left {
            Some(n) => format!("Market · {n} cards in the deck"),
            None => "Market".to_string(),
        },
    );
    let (cw, ch) = (460u32, 30u32);
    for (k, card) in extra.market.iter().flatten().take(4).enumerate() {
        let cy = y + 12 + k as i32 * (ch as i32 + 4);
        market_card(art, fonts, canvas, card, x, cy, cw, ch);
    }
    let mx = x + cw as i32 + 10;
    let mw = PANEL_W as i32 - 32 - (mx - x);
    if mw > 40 && (extra.monument_top.is_some() || extra.monuments_left.is_some()) {
        let h = 4 * ch + 12;
        canvas.fill(mx, y + 12, mw as u32, h, [236, 230, 216]);
        canvas.frame(mx, y + 12, mw as u32, h, 1, RULE);
        let mcx = mx as f32 + mw as f32 / 2.0;
        fonts.draw(
            canvas,
            mcx,
            y as f32 + 32.0,
            Align::Centre,
            Style::regular(15.0, MUTED),
            "Monument",
        );
        if let Some(top) = extra.monument_top {
            fonts.draw(
                canvas,
                mcx,
                y as f32 + 64.0,
                Align::Centre,
                Style::bold(28.0, INK),
                &top.to_string(),
            );
        }
        if let Some(left) = extra.monuments_left {
            fonts.draw(
                canvas,
                mcx,
                y as f32 + 88.0,
                Align::Centre,
                Style::regular(15.0, MUTED),
                &format!("{left} left"),
            );
        }
    }
}

/// A market card as one strip: spell and crystals, building and wood, price in gold.
#[allow(clippy::too_many_arguments)]
fn market_card(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    card: &extras::Card,
    x: i32,
    y: i32,
    w: u32,
    h: u32,
) {
    let part = (w - 80) / 2;
    canvas.fill(x, y, w, h, [120, 112, 100]);
    canvas.fill(x + 1, y + 1, part - 1, h - 2, [234, 228, 250]);
    canvas.fill(x + part as i32 + 1, y + 1, part - 1, h - 2, [228, 242, 222]);
    canvas.fill(
        x + 2 * part as i32 + 1,
        y + 1,
        w - 2 * part - 2,
        h - 2,
        [252, 246, 224],
    );
    let base = y as f32 + h as f32 / 2.0 + 5.5;
    let style = Style::regular(15.0, INK);
    let sides = [
        (&card.spell, 0, x + 1),
        (&card.building, 2, x + part as i32 + 1),
    ];
    for (side, resource, left) in sides {
        let Some(side) = side else { continue };
        let right = (left + part as i32) as f32 - 6.0;
        let name = fit(fonts, style, &side.name, part as f32 - 52.0);
        fonts.draw(canvas, left as f32 + 6.0, base, Align::Left, style, &name);
        if let Some(cost) = side.cost {
            cost_tag(art, fonts, canvas, resource, cost, right, base);
        }
    }
    if let Some(gold) = card.gold {
        cost_tag(
            art,
            fonts,
            canvas,
            1,
            gold,
            (x + w as i32) as f32 - 8.0,
            base,
        );
    }
}

/// A cost: the number and the resource icon (0 crystal, 1 gold, 2 wood), right-aligned at `x`
/// on the baseline `y`.
#[allow(clippy::too_many_arguments)]
fn cost_tag(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    resource: usize,
    n: u64,
    x: f32,
    y: f32,
) {
    canvas.blit(
        &art.resource_icons[resource],
        (x - 7.0) as i32,
        (y - 6.0) as i32,
    );
    fonts.draw(
        canvas,
        x - 16.0,
        y,
        Align::Right,
        Style::bold(15.0, INK),
        &n.to_string(),
    );
}

/// Shortens a text with an ellipsis until it fits `max` pixels.
fn fit(fonts: &Fonts, style: Style, text: &str, max: f32) -> String {
    fonts.fit(style, text, max)
}

/// Wraps a text into lines of at most `max` pixels.
fn wrap(fonts: &Fonts, style: Style, text: &str, max: f32) -> Vec<String> {
    fonts.wrap(style, text, max)
}

/// The base game's part of a seat panel: resource tracks, top spell, cards, building slots.
#[allow(clippy::too_many_arguments)]
fn draw_seat_extras(
    fonts: &Fonts,
    canvas: &mut Canvas,
    more: &SeatExtras,
    mark: &PlayerMark,
    x: f32,
    y: f32,
) {
    let label = Style::regular(15.0, MUTED);
    if let Some(res) = more.resources {
        for (k, (name, colour)) in [
            ("Crystal", [160, 130, 230]),
            ("Gold", [245, 200, 60]),
            ("Wood", [150, 200, 110]),
        ]
        .iter()
        .enumerate()
        {
            let ty = y + k as f32 * 26.0;
            fonts.draw(canvas, x, ty + 18.0, Align::Left, label, name);
            for v in 0..=10u64 {
                let cx = x + 64.0 + v as f32 * 22.0;
                let on = res[k] == v;
                canvas.fill(cx as i32, ty as i32 + 2, 21, 23, [150, 142, 130]);
                canvas.fill(
                    cx as i32 + 1,
                    ty as i32 + 3,
                    19,
                    21,
                    if on { *colour } else { [250, 248, 242] },
                );
                let style = if on {
                    Style::bold(15.0, INK)
                } else {
                    Style::regular(15.0, MUTED)
                };
                fonts.centred(canvas, cx + 10.5, ty + 13.5, style, &v.to_string());
            }
        }
    }
    let rx = x + 330.0;
    let mut ry = y + 18.0;
    if let Some(spell) = &more.top_spell {
        let end = fonts.draw(canvas, rx, ry, Align::Left, label, "Top spell") + 8.0;
        let name = fit(fonts, Style::bold(17.0, INK), spell, x + 560.0 - end);
        fonts.draw(canvas, end, ry, Align::Left, Style::bold(17.0, INK), &name);
        ry += 26.0;
    }
    if let Some(n) = more.spells_cast.filter(|&n| n > 0) {
        // How many spells the seat has cast (the top one among them), under the top spell.
        let end = fonts.draw(canvas, rx, ry, Align::Left, label, "Spells cast") + 8.0;
        fonts.draw(
            canvas,
            end,
            ry,
            Align::Left,
            Style::bold(17.0, INK),
            &n.to_string(),
        );
        ry += 26.0;
    }
    if let Some(cards) = more.cards {
        let end = fonts.draw(canvas, rx, ry, Align::Left, label, "Cards in hand") + 8.0;
        fonts.draw(
            canvas,
            end,
            ry,
            Align::Left,
            Style::bold(17.0, INK),
            &cards.to_string(),
        );
    }
    if let Some(slots) = &more.slots {
        let sy = y + 84.0;
        for k in 0..5 {
            let sx = x + k as f32 * 114.0;
            let slot = slots.get(k).cloned().unwrap_or_default();
            let (fill, text, bold) = match (&slot.monument, &slot.building) {
                (Some(points), _) => ([236, 226, 196], format!("Monument {points}"), true),
                (None, Some(b)) => (mix(mark.colour, [255, 255, 255], 0.8), b.clone(), true),
                (None, None) => ([246, 243, 236], format!("slot {}", k + 1), false),
            };
            canvas.fill(sx as i32, sy as i32, 108, 48, [150, 142, 130]);
            canvas.fill(sx as i32 + 1, sy as i32 + 1, 106, 46, fill);
            let style = if bold {
                Style::bold(15.0, INK)
            } else {
                Style::regular(15.0, MUTED)
            };
            let lines = wrap(fonts, style, &text, 98.0);
            let n = lines.len().min(2) as f32;
            for (j, line) in lines.iter().take(2).enumerate() {
                let line = fit(fonts, style, line, 98.0);
                let ly = sy + 24.0 + (j as f32 - (n - 1.0) / 2.0) * 18.0;
                fonts.centred(canvas, sx + 54.0, ly, style, &line);
            }
        }
    }
}

/// A player's badge: their shape with their letter.
fn badge(art: &Art, fonts: &Fonts, canvas: &mut Canvas, seat: usize, x: f32, y: f32, big: bool) {
    let mark = art.mark(seat);
    let (sprite, size) = if big {
        (art.pick(&art.workers, seat), LABEL)
    } else {
        (art.pick(&art.small_workers, seat), 13.0)
    };
    canvas.blit(sprite, x.round() as i32, y.round() as i32);
    let drop = shapes::letter_drop(&mark, if big { 12.0 } else { 9.0 });
    fonts.centred(
        canvas,
        x,
        y + 0.5 + drop,
        Style::bold(size, mark.ink),
        &mark.letter.to_string(),
    );
}

#[allow(clippy::too_many_arguments)]
fn draw_seat(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    view: &PublicView,
    i: usize,
    seat: &SeatPublic,
    more: &SeatExtras,
    x: i32,
    y: i32,
    w: u32,
    h: u32,
) {
    let mark = art.mark(i);
    let to_play = view.outcome.is_none() && view.to_act.is_some_and(|s| s.index() == i);
    canvas.fill(x, y, w, h, PANEL);
    if to_play {
        canvas.frame(x, y, w, h, 4, mark.colour);
        canvas.frame(x + 4, y + 4, w - 8, h - 8, 1, mark.dark);
    } else {
        canvas.frame(x, y, w, h, 1, RULE);
    }
    // A colour strip down the left edge carries the player's colour at a glance.
    canvas.fill(x + 4, y + 4, 8, h - 8, mark.colour);
    let (fx, fy) = (x as f32, y as f32);
    badge(art, fonts, canvas, i, fx + 36.0, fy + 28.0, true);
    let mut end = fonts.draw(
        canvas,
        fx + 58.0,
        fy + 36.0,
        Align::Left,
        Style::bold(22.0, INK),
        &seat.colour,
    );
    if let Some(realm) = &more.realm {
        end = fonts.draw(
            canvas,
            end + 8.0,
            fy + 36.0,
            Align::Left,
            Style::regular(18.0, MUTED),
            &format!("· {realm}"),
        );
    }
    if let Some(team) = seat.team_score {
        end = fonts.draw(
            canvas,
            end + 8.0,
            fy + 36.0,
            Align::Left,
            Style::regular(15.0, MUTED),
            &format!("team {team}"),
        );
    }
    let mut tags: Vec<String> = Vec::new();
    if view.start_player.index() == i {
        tags.push("start player".into());
    }
    if to_play {
        tags.push("to play".into());
    }
    if let Some(o) = &view.outcome {
        if o.winners.iter().any(|s| s.index() == i) {
            tags.push("winner".into());
        } else if let Some(rank) = o.ranks.get(i) {
            tags.push(format!("rank {rank}"));
        }
    }
    let mut tx = end + 12.0;
    for tag in tags {
        let style = Style::bold(15.0, INK);
        let tw = fonts.width(style, &tag);
        let fill = if tag == "to play" || tag == "winner" {
            mix(mark.colour, [255, 255, 255], 0.55)
        } else {
            [232, 226, 212]
        };
        canvas.fill(tx as i32, y + 16, (tw + 14.0) as u32, 26, fill);
        fonts.draw(canvas, tx + 7.0, fy + 34.0, Align::Left, style, &tag);
        tx += tw + 22.0;
    }
    // Score, right.
    let right = fx + w as f32 - 18.0;
    let pts = fonts.draw(
        canvas,
        right,
        fy + 40.0,
        Align::Right,
        Style::bold(15.0, MUTED),
        "points",
    );
    let _ = pts;
    let pw = fonts.width(Style::bold(15.0, MUTED), "points");
    fonts.draw(
        canvas,
        right - pw - 8.0,
        fy + 42.0,
        Align::Right,
        Style::bold(28.0, INK),
        &seat.score.to_string(),
    );
    if more.any() {
        draw_seat_extras(fonts, canvas, more, &mark, fx + 26.0, fy + 54.0);
    }
    // Reserve: figures, castles, hand.
    let row = fy + h as f32 - 40.0;
    let label = Style::regular(15.0, MUTED);
    let mut cx = fx + 26.0;
    cx = fonts.draw(canvas, cx, row + 6.0, Align::Left, label, "Reserve") + 14.0;
    if seat.leader {
        canvas.blit(
            art.pick(&art.small_leaders, i),
            (cx + 12.0) as i32,
            row as i32,
        );
        let drop = shapes::letter_drop(&mark, 9.5);
        fonts.centred(
            canvas,
            cx + 12.0,
            row + drop,
            Style::bold(13.0, mark.ink),
            &mark.letter.to_string(),
        );
        cx += 32.0;
    }
    for _ in 0..seat.workers {
        canvas.blit(
            art.pick(&art.small_workers, i),
            (cx + 10.0) as i32,
            row as i32,
        );
        cx += 24.0;
    }
    if !seat.leader && seat.workers == 0 {
        cx = fonts.draw(canvas, cx, row + 6.0, Align::Left, label, "none") + 8.0;
    }
    cx += 18.0;
    cx = fonts.draw(canvas, cx, row + 6.0, Align::Left, label, "Castles") + 10.0;
    for _ in 0..seat.castles {
        canvas.blit(
            art.pick(&art.small_castles, i),
            (cx + 13.0) as i32,
            row as i32,
        );
        cx += 30.0;
    }
    if seat.castles == 0 {
        cx = fonts.draw(canvas, cx, row + 6.0, Align::Left, label, "none") + 8.0;
    }
    cx += 18.0;
    cx = fonts.draw(canvas, cx, row + 6.0, Align::Left, label, "Hand") + 10.0;
    canvas.blit(&art.tile_icon, (cx + 22.0) as i32, row as i32);
    fonts.draw(
        canvas,
        cx + 48.0,
        row + 6.0,
        Align::Left,
        Style::bold(17.0, INK),
        &format!("× {}", seat.hand_tiles),
    );
}

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
fn draw_hand_tile(art: &Art, fonts: &Fonts, canvas: &mut Canvas, tile: &Tile, cx: f32, cy: f32) {
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
    let (bw, bh) = art.board.dimensions();
    let strip = 96;
    let mut canvas = Canvas::new(bw, bh + strip, PAPER);
    canvas.paste(&art.board, 0, 0);
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
    let label = Style::bold(17.0, INK);
    for (spaces, sprite) in [
        (&tile_spaces, &art.choice_tile),
        (&castle_only, &art.choice_castle),
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
    ] {
        if text.ends_with(" 0 spaces") {
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

fn sprite_fill(sprite: &Sprite) -> Colour {
    sprite.middle()
}

/// The hand cards picture: each card with its spell side (crystal cost), building side (wood
/// cost), effect texts and gold price.
pub(crate) fn cards(art: &Art, fonts: &Fonts, view: &SeatView, cards: &[extras::Card]) -> Canvas {
    let (cw, ch) = (270u32, 300u32);
    let per_row = (cards.len() as u32).clamp(1, 4);
    let rows = (cards.len() as u32).div_ceil(per_row).max(1);
    let width = GAP + per_row * (cw + GAP);
    let height = 56 + rows * (ch + GAP);
    let mut canvas = Canvas::new(width.max(420), height, PAPER);
    let seat = view.seat.index();
    let name = view
        .public
        .seats
        .get(seat)
        .map_or("?", |s| s.colour.as_str());
    badge(art, fonts, &mut canvas, seat, 28.0, 28.0, true);
    fonts.draw(
        &mut canvas,
        50.0,
        36.0,
        Align::Left,
        Style::bold(22.0, INK),
        &format!("{name}: your cards"),
    );
    for (k, card) in cards.iter().enumerate() {
        let (c, r) = (k as u32 % per_row, k as u32 / per_row);
        let x = (GAP + c * (cw + GAP)) as i32;
        let y = (56 + r * (ch + GAP)) as i32;
        big_card(art, fonts, &mut canvas, card, x, y, cw, ch);
    }
    canvas
}

#[allow(clippy::too_many_arguments)]
fn big_card(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    card: &extras::Card,
    x: i32,
    y: i32,
    w: u32,
    h: u32,
) {
    canvas.fill(x, y, w, h, [110, 100, 88]);
    canvas.fill(x + 2, y + 2, w - 4, h - 4, [252, 250, 244]);
    let half = (h - 40) / 2;
    let sides = [
        (&card.spell, 0usize, [234, 228, 250], "spell"),
        (&card.building, 2usize, [228, 242, 222], "building"),
    ];
    for (k, (side, resource, fill, kind)) in sides.iter().enumerate() {
        let sy = y + 2 + k as i32 * half as i32;
        canvas.fill(x + 2, sy, w - 4, half - 2, *fill);
        let Some(side) = side else { continue };
        let fx = x as f32 + 10.0;
        let top = sy as f32;
        fonts.draw(
            canvas,
            fx,
            top + 20.0,
            Align::Left,
            Style::regular(15.0, MUTED),
            kind,
        );
        let name = fit(fonts, Style::bold(18.0, INK), &side.name, w as f32 - 70.0);
        fonts.draw(
            canvas,
            fx,
            top + 44.0,
            Align::Left,
            Style::bold(18.0, INK),
            &name,
        );
        if let Some(cost) = side.cost {
            cost_tag(
                art,
                fonts,
                canvas,
                *resource,
                cost,
                x as f32 + w as f32 - 10.0,
                top + 44.0,
            );
        }
        if let Some(text) = &side.text {
            for (j, line) in wrap(fonts, Style::regular(15.0, INK), text, w as f32 - 20.0)
                .iter()
                .take(4)
                .enumerate()
            {
                fonts.draw(
                    canvas,
                    fx,
                    top + 66.0 + j as f32 * 19.0,
                    Align::Left,
                    Style::regular(15.0, INK),
                    line,
                );
            }
        }
    }
    if let Some(gold) = card.gold {
        let by = (y + h as i32) as f32 - 14.0;
        fonts.draw(
            canvas,
            x as f32 + 10.0,
            by,
            Align::Left,
            Style::regular(15.0, MUTED),
            "market price",
        );
        cost_tag(art, fonts, canvas, 1, gold, x as f32 + w as f32 - 10.0, by);
    }
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
