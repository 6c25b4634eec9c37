//! The canvas and the sprites every picture is assembled from.
//!
//! Pictures are opaque RGB. Anything with curved or slanted edges (hexes, figures, icons)
//! is drawn once as a [`Sprite`]: imageproc fills the shape at four times the size and a box
//! filter shrinks it, which gives smooth edges without imageproc's per-pixel blending at
//! render time. Rendering a picture is then mostly copying a cached layer and blending
//! sprites and cached glyphs onto it, which is what keeps a full board well under the
//! encoding time.

use image::{Rgb, RgbImage, Rgba, RgbaImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_polygon_mut};
use imageproc::point::Point;
use imageproc::rect::Rect;

/// How much larger sprites are drawn before they are shrunk (per axis).
const SUPERSAMPLE: u32 = 4;

/// An sRGB colour.
pub(crate) type Colour = [u8; 3];

/// A small picture with premultiplied alpha and an anchor point.
#[derive(Clone, Debug)]
pub(crate) struct Sprite {
    width: u32,
    height: u32,
    /// Where the anchor is, in sprite pixels from the top left corner.
    anchor: (i32, i32),
    /// Premultiplied RGBA, row by row.
    pixels: Vec<[u8; 4]>,
}

impl Sprite {
    /// Draws a sprite of `width` × `height` pixels whose anchor is at `anchor`; `paint` draws
    /// on a [`Pen`] in sprite pixel coordinates (fractions allowed).
    pub(crate) fn draw(
        width: u32,
        height: u32,
        anchor: (i32, i32),
        paint: impl FnOnce(&mut Pen),
    ) -> Sprite {
        let mut pen = Pen {
            image: RgbaImage::new(width * SUPERSAMPLE, height * SUPERSAMPLE),
            offset: (0.0, 0.0),
        };
        paint(&mut pen);
        Sprite {
            width,
            height,
            anchor,
            pixels: shrink(&pen.image, SUPERSAMPLE),
        }
    }

    /// A sprite whose anchor is its middle pixel; `paint` draws around `(0, 0)`.
    pub(crate) fn centred(width: u32, height: u32, paint: impl FnOnce(&mut Pen)) -> Sprite {
        let anchor = (width as i32 / 2, height as i32 / 2);
        Sprite::draw(width, height, anchor, |pen| {
            // The anchor pixel's centre is the origin.
            pen.offset = (anchor.0 as f32 + 0.5, anchor.1 as f32 + 0.5);
            paint(pen);
        })
    }

    /// Width in pixels.
    pub(crate) fn width(&self) -> u32 {
        self.width
    }

    /// The colour of the anchor pixel (for legends that show a sprite's fill).
    pub(crate) fn middle(&self) -> Colour {
        let i = (self.anchor.1 as u32 * self.width + self.anchor.0 as u32) as usize;
        let p = self.pixels.get(i).copied().unwrap_or([0; 4]);
        [p[0], p[1], p[2]]
    }
}

/// Box-filters a supersampled picture with premultiplied alpha.
fn shrink(big: &RgbaImage, k: u32) -> Vec<[u8; 4]> {
    let (w, h) = (big.width() / k, big.height() / k);
    let n = k * k;
    let mut out = Vec::with_capacity((w * h) as usize);
    for y in 0..h {
        for x in 0..w {
            let mut sum = [0u32; 4];
            for dy in 0..k {
                for dx in 0..k {
                    let p = big.get_pixel(x * k + dx, y * k + dy).0;
                    let a = u32::from(p[3]);
                    sum[0] += u32::from(p[0]) * a;
                    sum[1] += u32::from(p[1]) * a;
                    sum[2] += u32::from(p[2]) * a;
                    sum[3] += a;
                }
            }
            out.push([
                ((sum[0] / 255 + n / 2) / n) as u8,
                ((sum[1] / 255 + n / 2) / n) as u8,
                ((sum[2] / 255 + n / 2) / n) as u8,
                ((sum[3] + n / 2) / n) as u8,
            ]);
        }
    }
    out
}

/// Draws on a supersampled sprite in sprite pixel coordinates, relative to an origin.
#[derive(Debug)]
pub(crate) struct Pen {
    image: RgbaImage,
    /// Added to every coordinate (the origin in sprite pixels).
    offset: (f32, f32),
}

impl Pen {
    fn scale(v: f32) -> f32 {
        v * SUPERSAMPLE as f32
    }

    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (
            Self::scale(x + self.offset.0),
            Self::scale(y + self.offset.1),
        )
    }

    /// Fills a polygon given in sprite pixels.
    pub(crate) fn polygon(&mut self, points: &[(f32, f32)], colour: Colour) {
        let mut pts: Vec<Point<i32>> = points
            .iter()
            .map(|&(x, y)| {
                let (x, y) = self.at(x, y);
                Point::new(x.round() as i32, y.round() as i32)
            })
            .collect();
        // imageproc refuses a polygon whose first and last points coincide.
        while pts.len() > 1 && pts.first() == pts.last() {
            pts.pop();
        }
        if pts.len() < 3 {
            return;
        }
        draw_polygon_mut(&mut self.image, &pts, rgba(colour));
    }

    /// Fills a circle.
    pub(crate) fn circle(&mut self, x: f32, y: f32, r: f32, colour: Colour) {
        let (x, y) = self.at(x, y);
        draw_filled_circle_mut(
            &mut self.image,
            (x.round() as i32, y.round() as i32),
            Self::scale(r).round() as i32,
            rgba(colour),
        );
    }

    /// Fills an axis-aligned rectangle.
    pub(crate) fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Colour) {
        let (sw, sh) = (Self::scale(w).round(), Self::scale(h).round());
        if sw < 1.0 || sh < 1.0 {
            return;
        }
        let (x, y) = self.at(x, y);
        draw_filled_rect_mut(
            &mut self.image,
            Rect::at(x.round() as i32, y.round() as i32).of_size(sw as u32, sh as u32),
            rgba(colour),
        );
    }

    /// A straight stroke of width `w` from `a` to `b`.
    pub(crate) fn line(&mut self, a: (f32, f32), b: (f32, f32), w: f32, colour: Colour) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len == 0.0 {
            return;
        }
        let (nx, ny) = (-dy / len * w / 2.0, dx / len * w / 2.0);
        self.polygon(
            &[
                (a.0 + nx, a.1 + ny),
                (b.0 + nx, b.1 + ny),
                (b.0 - nx, b.1 - ny),
                (a.0 - nx, a.1 - ny),
            ],
            colour,
        );
    }

    /// A ring: the outline of a polygon, `w` wide, drawn inside it.
    pub(crate) fn polygon_outline(&mut self, points: &[(f32, f32)], w: f32, colour: Colour) {
        let n = points.len();
        for i in 0..n {
            let a = points[i];
            let b = points[(i + 1) % n];
            self.line(a, b, w, colour);
            self.circle(a.0, a.1, w / 2.0, colour);
        }
    }
}

fn rgba(c: Colour) -> Rgba<u8> {
    Rgba([c[0], c[1], c[2], 255])
}

/// The corners of a flat-topped hexagon of circumradius `r` around `(x, y)`, clockwise from
/// the east corner.
pub(crate) fn hex_corners(x: f32, y: f32, r: f32) -> [(f32, f32); 6] {
    std::array::from_fn(|i| {
        let a = std::f32::consts::PI / 3.0 * i as f32;
        (x + r * a.cos(), y + r * a.sin())
    })
}

/// Mixes two colours: `t` = 0 gives `a`, 1 gives `b`.
pub(crate) fn mix(a: Colour, b: Colour, t: f32) -> Colour {
    std::array::from_fn(|i| (f32::from(a[i]) * (1.0 - t) + f32::from(b[i]) * t).round() as u8)
}

/// An opaque picture being assembled.
#[derive(Debug)]
pub(crate) struct Canvas {
    pub(crate) image: RgbImage,
    /// The box the text drawn now must stay inside (a panel, a card, a sheet), as
    /// `(left, top, right, bottom)`; `None`: the whole canvas. Only the recording fonts
    /// read it ([`TextRun::bounds`](super::TextRun)), for the tests that measure every text
    /// against its box.
    text_box: Option<[f32; 4]>,
}

impl Canvas {
    /// A canvas filled with one colour.
    pub(crate) fn new(width: u32, height: u32, fill: Colour) -> Canvas {
        Canvas {
            image: RgbImage::from_pixel(width, height, Rgb(fill)),
            text_box: None,
        }
    }

    /// Text drawn from now on belongs inside the box at `(x, y)`, `w` × `h` (`None`: the
    /// whole canvas); returns the box it replaces, to put back after.
    pub(crate) fn text_box(&mut self, b: Option<(f32, f32, f32, f32)>) -> Option<[f32; 4]> {
        let old = self.text_box;
        self.text_box = b.map(|(x, y, w, h)| [x, y, x + w, y + h]);
        old
    }

    /// Puts back a box [`Canvas::text_box`] returned.
    pub(crate) fn restore_text_box(&mut self, old: Option<[f32; 4]>) {
        self.text_box = old;
    }

    /// The box the text drawn now belongs in: `(left, top, right, bottom)`.
    pub(crate) fn current_text_box(&self) -> [f32; 4] {
        self.text_box
            .unwrap_or([0.0, 0.0, self.width() as f32, self.height() as f32])
    }

    /// Width in pixels.
    pub(crate) fn width(&self) -> u32 {
        self.image.width()
    }

    /// Height in pixels.
    pub(crate) fn height(&self) -> u32 {
        self.image.height()
    }

    /// Copies another picture onto this one with its top left corner at `(x, y)` (clipped).
    pub(crate) fn paste(&mut self, layer: &RgbImage, x: u32, y: u32) {
        let w = layer.width().min(self.width().saturating_sub(x)) as usize;
        let stride = self.width() as usize * 3;
        let src_stride = layer.width() as usize * 3;
        let rows = layer.height().min(self.height().saturating_sub(y)) as usize;
        let dst = &mut *self.image;
        for row in 0..rows {
            let d = (y as usize + row) * stride + x as usize * 3;
            let s = row * src_stride;
            dst[d..d + w * 3].copy_from_slice(&layer.as_raw()[s..s + w * 3]);
        }
    }

    /// Fills a rectangle (clipped) with an opaque colour.
    pub(crate) fn fill(&mut self, x: i32, y: i32, w: u32, h: u32, colour: Colour) {
        if w == 0 || h == 0 {
            return;
        }
        draw_filled_rect_mut(&mut self.image, Rect::at(x, y).of_size(w, h), Rgb(colour));
    }

    /// Draws a rectangle's outline `t` pixels wide, inside the rectangle.
    pub(crate) fn frame(&mut self, x: i32, y: i32, w: u32, h: u32, t: u32, colour: Colour) {
        if w <= 2 * t || h <= 2 * t {
            self.fill(x, y, w, h, colour);
            return;
        }
        self.fill(x, y, w, t, colour);
        self.fill(x, y + (h - t) as i32, w, t, colour);
        self.fill(x, y, t, h, colour);
        self.fill(x + (w - t) as i32, y, t, h, colour);
    }

    /// Blends a sprite with its anchor at `(x, y)`.
    pub(crate) fn blit(&mut self, sprite: &Sprite, x: i32, y: i32) {
        let left = x - sprite.anchor.0;
        let top = y - sprite.anchor.1;
        let (cw, ch) = (self.width() as i32, self.height() as i32);
        let x0 = left.max(0);
        let x1 = (left + sprite.width as i32).min(cw);
        let y0 = top.max(0);
        let y1 = (top + sprite.height as i32).min(ch);
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let stride = cw as usize * 3;
        let buf = &mut *self.image;
        for py in y0..y1 {
            let srow = ((py - top) as u32 * sprite.width) as usize;
            let drow = py as usize * stride;
            for px in x0..x1 {
                let s = sprite.pixels[srow + (px - left) as usize];
                let a = s[3];
                if a == 0 {
                    continue;
                }
                let d = drow + px as usize * 3;
                if a == 255 {
                    buf[d..d + 3].copy_from_slice(&s[..3]);
                } else {
                    let inv = 255 - u32::from(a);
                    for c in 0..3 {
                        let v = u32::from(s[c]) + (u32::from(buf[d + c]) * inv + 127) / 255;
                        buf[d + c] = v.min(255) as u8;
                    }
                }
            }
        }
    }

    /// Blends a coverage mask (0–255 per pixel, `w` wide) in one colour at `(x, y)`.
    pub(crate) fn mask(&mut self, mask: &[u8], w: u32, x: i32, y: i32, colour: Colour) {
        if w == 0 {
            return;
        }
        let h = (mask.len() / w as usize) as i32;
        let (cw, ch) = (self.width() as i32, self.height() as i32);
        let x0 = x.max(0);
        let x1 = (x + w as i32).min(cw);
        let y0 = y.max(0);
        let y1 = (y + h).min(ch);
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let stride = cw as usize * 3;
        let buf = &mut *self.image;
        for py in y0..y1 {
            let mrow = ((py - y) as u32 * w) as usize;
            let drow = py as usize * stride;
            for px in x0..x1 {
                let a = u32::from(mask[mrow + (px - x) as usize]);
                if a == 0 {
                    continue;
                }
                let d = drow + px as usize * 3;
                if a == 255 {
                    buf[d..d + 3].copy_from_slice(&colour);
                } else {
                    let inv = 255 - a;
                    for c in 0..3 {
                        buf[d + c] =
                            ((u32::from(colour[c]) * a + u32::from(buf[d + c]) * inv + 127) / 255)
                                as u8;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprites_have_soft_edges_and_solid_middles() {
        let s = Sprite::centred(20, 20, |p| p.circle(0.0, 0.0, 8.0, [200, 0, 0]));
        let mid = s.pixels[10 * 20 + 10];
        assert_eq!(mid, [200, 0, 0, 255]);
        assert_eq!(s.pixels[0][3], 0);
        assert!(s.pixels.iter().any(|p| p[3] > 0 && p[3] < 255));
        let mut c = Canvas::new(30, 30, [0, 0, 255]);
        c.blit(&s, 15, 15);
        assert_eq!(c.image.get_pixel(15, 15).0, [200, 0, 0]);
        assert_eq!(c.image.get_pixel(0, 0).0, [0, 0, 255]);
        // Clipping at every side does not panic.
        for (x, y) in [(-5, -5), (29, 29), (-30, 0), (0, 40)] {
            c.blit(&s, x, y);
        }
    }
}
