//! The sprites Pandoria draws from: terrain, land and hex sprites, board marks, figures
//! and icons, built once per process into [`Art`].

use image::RgbImage;
use turnpost_core::pandoria::{self, BoardSide, Terrain};

use super::legend::small_hex;
use super::{Art, R};
use crate::png::draw::{Colour, Pen, Sprite, hex_corners, mix};
use crate::png::palette::{self, PlayerMark};
use crate::png::shapes;

/// Terrain fill colours.
pub(super) fn terrain_colour(t: Terrain) -> Colour {
    match t {
        Terrain::Forest => [118, 172, 86],
        Terrain::Mountain => [168, 166, 196],
        Terrain::Hills => [214, 178, 104],
        Terrain::City => [222, 210, 196],
    }
}

pub(super) const MOUNTAINS: Colour = [112, 101, 90];
pub(super) const PLAIN: Colour = [238, 234, 208];
pub(super) const LAKE: Colour = [96, 160, 212];
pub(super) const GRID: Colour = [70, 64, 56];

/// Draws the resource symbol of a terrain, `s` pixels tall, around `(x, y)`.
pub(super) fn symbol(pen: &mut Pen, t: Terrain, x: f32, y: f32, s: f32) {
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
pub(super) fn symbol_spots(n: u8) -> Vec<(f32, f32)> {
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
pub(super) fn land_sprite(t: Terrain, symbols: u8, printed: bool, r: f32) -> Sprite {
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

pub(super) fn hex_sprite(paint: impl FnOnce(&mut Pen)) -> Sprite {
    hex_sprite_of(R, paint)
}

pub(super) fn hex_sprite_of(r: f32, paint: impl FnOnce(&mut Pen)) -> Sprite {
    let w = (2.0 * r + 4.0).ceil() as u32 | 1;
    let h = (3f32.sqrt() * r + 4.0).ceil() as u32 | 1;
    Sprite::centred(w, h, paint)
}

/// Circumradius of the hand tiles in the private pictures.
pub(super) const HAND_R: f32 = 54.0;

pub(super) fn mountains_sprite() -> Sprite {
    hex_sprite(|pen| {
        pen.polygon(&hex_corners(0.0, 0.0, R + 0.5), GRID);
        pen.polygon(&hex_corners(0.0, 0.0, R - 1.2), MOUNTAINS);
        peaks(pen);
    })
}

pub(super) fn peaks(pen: &mut Pen) {
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
pub(super) fn exit_sprite(t: Terrain, lit: bool) -> Sprite {
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

pub(super) fn lake_sprite(ship: bool) -> Sprite {
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

pub(super) fn plain_sprite(start: bool) -> Sprite {
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

pub(super) fn castle_ground() -> Sprite {
    hex_sprite(|pen| {
        pen.polygon(&hex_corners(0.0, 0.0, R + 0.5), GRID);
        pen.polygon(&hex_corners(0.0, 0.0, R - 1.2), [196, 190, 180]);
    })
}

/// Artifacts: the rock under a mountain castle, darker than a castle's ground on the plain.
pub(super) fn mountain_ground() -> Sprite {
    hex_sprite(|pen| {
        pen.polygon(&hex_corners(0.0, 0.0, R + 0.5), [70, 64, 58]);
        pen.polygon(&hex_corners(0.0, 0.0, R - 1.2), [128, 118, 108]);
        pen.polygon(&hex_corners(0.0, 0.0, R - 7.0), [150, 140, 128]);
    })
}

/// The bronze of artifacts and relics: apart from the violet crystals, the yellow gold and
/// every player colour by its dark outline and its diamond shape.
pub(super) const ARTIFACT: Colour = [184, 112, 40];

/// An artifact: a bronze diamond with a dark outline and a white rim, `h` high.
pub(super) fn artifact_sprite(h: f32) -> Sprite {
    let w = h * 0.72;
    Sprite::centred((w + 5.0) as u32 | 1, (h + 5.0) as u32 | 1, |pen| {
        let gem = |s: f32| {
            [
                (0.0, -h / 2.0 * s),
                (w / 2.0 * s, 0.0),
                (0.0, h / 2.0 * s),
                (-w / 2.0 * s, 0.0),
            ]
        };
        pen.polygon(&gem(1.12), [255, 255, 255]);
        pen.polygon(&gem(1.0), [60, 34, 10]);
        pen.polygon(&gem(0.8), ARTIFACT);
        pen.polygon(&gem(0.36), [240, 200, 140]);
    })
}

/// A ring around a hex: the last move.
pub(super) fn ring_sprite(outer: Colour, inner: Colour) -> Sprite {
    hex_sprite(|pen| {
        pen.polygon_outline(&hex_corners(0.0, 0.0, R - 1.5), 6.5, outer);
        pen.polygon_outline(&hex_corners(0.0, 0.0, R - 3.0), 3.0, inner);
    })
}

/// The ring on a hex a seat changed in its latest turn: the seat's colour, thinner than the
/// last move's black and white ring and inside it, so both show on the same hex.
pub(super) fn changed_ring_sprite(mark: &PlayerMark) -> Sprite {
    hex_sprite(|pen| {
        pen.polygon_outline(&hex_corners(0.0, 0.0, R - 6.5), 4.5, mark.colour);
        pen.polygon_outline(&hex_corners(0.0, 0.0, R - 9.0), 1.2, mark.dark);
    })
}

/// A halo in the seat's colour behind a figure it placed or moved in its latest turn.
pub(super) fn changed_halo_sprite(mark: &PlayerMark) -> Sprite {
    Sprite::centred(39, 39, |pen| {
        pen.circle(0.0, 0.0, 18.0, mark.dark);
        pen.circle(0.0, 0.0, 16.5, [255, 255, 255]);
        pen.circle(0.0, 0.0, 14.5, mark.colour);
    })
}

/// One edge of a region a seat closed in its latest turn, in the seat's colour.
pub(super) fn changed_edge_sprite(mark: &PlayerMark, k: usize) -> Sprite {
    hex_sprite(|pen| {
        let outer = hex_corners(0.0, 0.0, R - 3.5);
        let (a, b) = (outer[k], outer[(k + 1) % 6]);
        pen.line(a, b, 3.0, mark.colour);
    })
}

/// The outline of regions closed this turn: magenta, apart from every player colour and
/// from the black and white last-move ring.
pub(super) const CLOSED: Colour = [196, 30, 150];
/// The Rage target's marks: a dark red.
pub(super) const RAGE: Colour = [150, 20, 30];

/// One edge of a hex (between corners `k` and `k + 1`), drawn just inside it: the closed
/// regions are outlined edge by edge along their border.
pub(super) fn edge_sprite(k: usize) -> Sprite {
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
pub(super) fn rage_region_sprite() -> Sprite {
    hex_sprite(|pen| {
        pen.polygon_outline(&hex_corners(0.0, 0.0, R - 9.0), 3.0, RAGE);
    })
}

/// A halo behind the figure a Rage doubles or triples.
pub(super) fn rage_halo_sprite() -> Sprite {
    Sprite::centred(41, 41, |pen| {
        pen.circle(0.0, 0.0, 19.0, [255, 255, 255]);
        pen.circle(0.0, 0.0, 17.5, RAGE);
    })
}

/// A legal space in the tile preview.
pub(super) fn choice_sprite(fill: Colour) -> Sprite {
    hex_sprite(|pen| {
        pen.polygon(&hex_corners(0.0, 0.0, R + 0.5), [20, 20, 20]);
        pen.polygon(&hex_corners(0.0, 0.0, R - 2.5), fill);
    })
}

impl Art {
    /// The art around the static board layers `boards` (one per side, drawn by
    /// `board.rs`, which takes its sprites from here).
    pub(super) fn with_boards(boards: Vec<RgbImage>) -> Art {
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
            boards,
            land,
            exits_lit: Terrain::ALL.iter().map(|&t| exit_sprite(t, true)).collect(),
            castle_ground: castle_ground(),
            mountain_ground: mountain_ground(),
            artifact: artifact_sprite(20.0),
            last_move: ring_sprite([20, 20, 20], [255, 255, 255]),
            changed_rings: marks.iter().map(changed_ring_sprite).collect(),
            changed_halos: marks.iter().map(changed_halo_sprite).collect(),
            changed_edges: marks
                .iter()
                .map(|m| (0..6).map(|k| changed_edge_sprite(m, k)).collect())
                .collect(),
            closed_edges: (0..6).map(edge_sprite).collect(),
            rage_region: rage_region_sprite(),
            rage_halo: rage_halo_sprite(),
            choice_tile: choice_sprite([255, 226, 110]),
            choice_castle: choice_sprite([190, 220, 250]),
            choice_single: choice_sprite([196, 236, 180]),
            choice_mountain: choice_sprite([214, 204, 192]),
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
                // A ring in a player's colour (blue here): changed in that player's turn.
                small_hex(|pen, r| {
                    let blue = marks.get(1).map_or([40, 90, 160], |m| m.colour);
                    pen.polygon(&hex_corners(0.0, 0.0, r), terrain_colour(Terrain::Forest));
                    pen.polygon_outline(&hex_corners(0.0, 0.0, r - 2.5), 3.5, blue);
                }),
                // The link of a Golem pair (drawn in the pair's colour; blue here).
                Sprite::centred(17, 17, |pen| {
                    let blue = marks.get(1).map_or([40, 90, 160], |m| m.colour);
                    pen.rect(-7.0, -7.0, 14.0, 14.0, [60, 60, 60]);
                    pen.rect(-6.0, -6.0, 12.0, 12.0, [255, 255, 255]);
                    pen.rect(-4.0, -4.0, 8.0, 8.0, blue);
                }),
                // Artifacts: a mountain castle's rock on an exit path.
                small_hex(|pen, r| {
                    pen.polygon(&hex_corners(0.0, 0.0, r), [70, 64, 58]);
                    pen.polygon(&hex_corners(0.0, 0.0, r - 1.0), [128, 118, 108]);
                    pen.rect(-5.0, -4.0, 10.0, 9.0, [60, 60, 60]);
                    pen.rect(-4.0, -3.0, 8.0, 7.0, [230, 226, 220]);
                }),
                // The River: water with the white chevron of its flow.
                small_hex(|pen, r| {
                    pen.polygon(&hex_corners(0.0, 0.0, r), GRID);
                    pen.polygon(&hex_corners(0.0, 0.0, r - 1.0), LAKE);
                    pen.polygon(&[(0.0, 7.0), (-6.0, -4.0), (6.0, -4.0)], [250, 250, 250]);
                }),
                // A shut box of the resource track: beyond the Fairies' camp of 8.
                Sprite::centred(23, 25, |pen| {
                    pen.rect(-10.5, -11.5, 21.0, 23.0, [150, 142, 130]);
                    pen.rect(-9.5, -10.5, 19.0, 21.0, [196, 188, 176]);
                }),
            ],
            marks,
            hand_land,
            plain: [plain_sprite(false), plain_sprite(true)],
        }
    }

    /// The static board layer of a side.
    pub(super) fn board(&self, side: BoardSide) -> &RgbImage {
        &self.boards[usize::from(side == BoardSide::River)]
    }

    pub(super) fn mark(&self, seat: usize) -> PlayerMark {
        self.marks
            .get(seat)
            .copied()
            .unwrap_or_else(|| palette::player("?"))
    }

    /// The letter on seat `seat`'s figures and badge, in `lang`.
    pub(super) fn letter(&self, seat: usize, lang: turnpost_core::words::Lang) -> String {
        let colour = pandoria::COLOURS.get(seat).copied().unwrap_or("?");
        lang.render(&palette::letter(colour))
    }

    pub(super) fn pick<'a>(&self, sprites: &'a [Sprite], seat: usize) -> &'a Sprite {
        &sprites[seat.min(sprites.len() - 1)]
    }
}
