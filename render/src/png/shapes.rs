//! Sprites shared by the games: player figures and marks, castles, small icons.

use super::draw::{Colour, Pen, Sprite, mix};
use super::palette::{PlayerMark, Shape};

/// The outline of a player shape of "radius" `r` around the origin.
fn shape_points(shape: Shape, r: f32) -> Vec<(f32, f32)> {
    match shape {
        Shape::Circle => (0..40)
            .map(|i| {
                let a = std::f32::consts::TAU * i as f32 / 40.0;
                (r * a.cos(), r * a.sin())
            })
            .collect(),
        Shape::Square => {
            let s = r * 0.86;
            vec![(-s, -s), (s, -s), (s, s), (-s, s)]
        }
        Shape::Triangle => {
            let s = r * 1.12;
            vec![(0.0, -s), (s * 0.95, s * 0.72), (-s * 0.95, s * 0.72)]
        }
        Shape::Diamond => {
            let s = r * 1.12;
            vec![(0.0, -s), (s, 0.0), (0.0, s), (-s, 0.0)]
        }
    }
}

/// Moves points `by` pixels away from the origin.
fn grow(points: &[(f32, f32)], by: f32) -> Vec<(f32, f32)> {
    grow_from(points, (0.0, 0.0), by)
}

/// Moves points `by` pixels away from `centre`.
fn grow_from(points: &[(f32, f32)], centre: (f32, f32), by: f32) -> Vec<(f32, f32)> {
    points
        .iter()
        .map(|&(x, y)| {
            let (dx, dy) = (x - centre.0, y - centre.1);
            let len = (dx * dx + dy * dy).sqrt().max(0.001);
            (x + dx / len * by, y + dy / len * by)
        })
        .collect()
}

/// Draws a player's shape with an outline and a halo, filled with the player colour.
pub(crate) fn player_shape(pen: &mut Pen, mark: &PlayerMark, r: f32, halo: Colour, halo_w: f32) {
    let base = shape_points(mark.shape, r);
    pen.polygon(&grow(&base, 2.0 + halo_w), halo);
    pen.polygon(&grow(&base, 2.0), mark.dark);
    pen.polygon(&base, mark.colour);
}

/// A worker: the player's shape, letter drawn separately (text is not part of sprites).
pub(crate) fn worker(mark: &PlayerMark, r: f32) -> Sprite {
    let size = (r * 2.0 + 12.0).ceil() as u32 | 1;
    Sprite::centred(size, size, |pen| {
        player_shape(pen, mark, r, [255, 255, 255], 1.5);
    })
}

/// A leader: larger than a worker, with a broad gold ring and a crown badge at its upper
/// right (kept clear of the resource symbols above the figure).
pub(crate) fn leader(mark: &PlayerMark, r: f32) -> Sprite {
    let size = (r * 2.0 + 30.0).ceil() as u32 | 1;
    Sprite::centred(size, size, |pen| {
        let base = shape_points(mark.shape, r);
        pen.polygon(&grow(&base, 6.5), [30, 24, 10]);
        pen.polygon(&grow(&base, 5.0), [245, 190, 30]);
        pen.polygon(&grow(&base, 1.5), mark.dark);
        pen.polygon(&base, mark.colour);
        // The crown badge.
        let (cx, cy) = (r * 0.85, -r * 0.95);
        let w = r * 0.62;
        let crown = [
            (cx - w, cy + 4.0),
            (cx - w, cy - 5.0),
            (cx - w * 0.5, cy - 1.0),
            (cx, cy - 7.5),
            (cx + w * 0.5, cy - 1.0),
            (cx + w, cy - 5.0),
            (cx + w, cy + 4.0),
        ];
        pen.polygon(&grow_from(&crown, (cx, cy), 2.0), [30, 24, 10]);
        pen.polygon(&crown, [250, 200, 40]);
    })
}

/// How far below the middle a player's letter sits in their shape (a triangle's middle is
/// low).
pub(crate) fn letter_drop(mark: &PlayerMark, r: f32) -> f32 {
    match mark.shape {
        Shape::Triangle => r * 0.22,
        _ => 0.0,
    }
}

/// A castle: a crenellated tower in the player colour (`w` wide).
pub(crate) fn castle(mark: &PlayerMark, w: f32) -> Sprite {
    let size = (w + 8.0).ceil() as u32 | 1;
    Sprite::centred(size, size, |pen| {
        let h = w * 0.9;
        let (x0, y0) = (-w / 2.0, -h / 2.0);
        let merlon = w / 5.0;
        let mut outline = vec![(x0, h / 2.0), (x0, y0)];
        for i in 0..5 {
            let x = x0 + merlon * i as f32;
            if i % 2 == 0 {
                outline.push((x, y0));
                outline.push((x + merlon, y0));
                outline.push((x + merlon, y0 + merlon * 0.8));
            } else {
                outline.push((x + merlon, y0 + merlon * 0.8));
            }
        }
        outline.push((w / 2.0, y0));
        outline.push((w / 2.0, h / 2.0));
        // A dark edge: the same outline drawn larger underneath.
        let edge = grow_from(&outline, (0.0, 0.0), 2.0);
        pen.polygon(&edge, mark.dark);
        pen.polygon(&outline, mark.colour);
        // Door.
        let door = w * 0.22;
        pen.rect(
            -door / 2.0,
            h / 2.0 - door * 1.3,
            door,
            door * 1.3,
            mark.dark,
        );
        pen.circle(0.0, h / 2.0 - door * 1.3, door / 2.0, mark.dark);
    })
}

/// A small double-hex tile icon (for hand counts).
pub(crate) fn tile_icon(r: f32) -> Sprite {
    let size = (r * 4.0 + 6.0).ceil() as u32 | 1;
    Sprite::centred(size, (r * 2.0 + 6.0).ceil() as u32 | 1, |pen| {
        for (dx, fill) in [(-r * 0.75, [120, 175, 90]), (r * 0.75, [215, 200, 160])] {
            let pts = super::draw::hex_corners(dx, 0.0, r);
            pen.polygon(&grow(&pts, 1.5), [60, 55, 50]);
            pen.polygon(&pts, fill);
        }
    })
}

/// A single hex (for swatches), filled and outlined.
pub(crate) fn hex_swatch(r: f32, fill: Colour) -> Sprite {
    let size = (r * 2.0 + 6.0).ceil() as u32 | 1;
    Sprite::centred(size, size, |pen| {
        let pts = super::draw::hex_corners(0.0, 0.0, r);
        pen.polygon(&grow(&pts, 1.5), mix(fill, [0, 0, 0], 0.5));
        pen.polygon(&pts, fill);
    })
}
