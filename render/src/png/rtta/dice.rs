//! The die faces as pictures (the face a die shows, drawn once): goods as crates, food as
//! ears of grain, workers as figures, the skull as a skull, coins as a coin. Six faces of
//! the game's dice (rules text 002): 1 good; 3 food; 2 goods and a skull; 2 food or 2
//! workers; 7 coins; 3 workers.

use turnpost_core::rtta::Face;

use crate::png::draw::{Colour, Pen};

const CRATE: Colour = [150, 100, 50];
const CRATE_DARK: Colour = [95, 60, 25];
const GRAIN: Colour = [200, 160, 40];
const STEM: Colour = [90, 130, 40];
const WORKER: Colour = [60, 70, 150];
const BONE: Colour = [250, 248, 240];
const BLOOD: Colour = [150, 25, 25];
const COIN: Colour = [235, 180, 30];
const COIN_DARK: Colour = [160, 110, 0];

/// A crate of `s` pixels around `(x, y)`.
fn crate_icon(pen: &mut Pen, x: f32, y: f32, s: f32) {
    pen.rect(x - s / 2.0, y - s / 2.0, s, s, CRATE_DARK);
    pen.rect(
        x - s / 2.0 + 2.0,
        y - s / 2.0 + 2.0,
        s - 4.0,
        s - 4.0,
        CRATE,
    );
    pen.line(
        (x - s / 2.0 + 2.0, y),
        (x + s / 2.0 - 2.0, y),
        2.0,
        CRATE_DARK,
    );
    pen.line(
        (x, y - s / 2.0 + 2.0),
        (x, y + s / 2.0 - 2.0),
        2.0,
        CRATE_DARK,
    );
}

/// An ear of grain `h` pixels tall, standing on `(x, y + h / 2)`.
fn grain(pen: &mut Pen, x: f32, y: f32, h: f32) {
    pen.line((x, y - h / 2.0), (x, y + h / 2.0), 2.5, STEM);
    let k = h / 8.0;
    for i in 0..3 {
        let gy = y - h / 2.0 + k * (1.0 + 1.6 * i as f32);
        pen.circle(x - k * 0.7, gy, k * 0.75, GRAIN);
        pen.circle(x + k * 0.7, gy, k * 0.75, GRAIN);
    }
    pen.circle(x, y - h / 2.0 + k * 0.4, k * 0.7, GRAIN);
}

/// A worker figure `h` pixels tall around `(x, y)`.
fn worker(pen: &mut Pen, x: f32, y: f32, h: f32) {
    let head = h * 0.17;
    pen.circle(x, y - h / 2.0 + head, head, WORKER);
    let top = y - h / 2.0 + head * 2.0 + 1.0;
    pen.polygon(
        &[
            (x - h * 0.14, top),
            (x + h * 0.14, top),
            (x + h * 0.28, y + h / 2.0),
            (x - h * 0.28, y + h / 2.0),
        ],
        WORKER,
    );
}

/// A skull of radius `r` around `(x, y)`.
fn skull(pen: &mut Pen, x: f32, y: f32, r: f32) {
    pen.circle(x, y - r * 0.15, r + 1.5, BLOOD);
    pen.rect(
        x - r * 0.55 - 1.5,
        y + r * 0.3,
        r * 1.1 + 3.0,
        r * 0.8 + 1.5,
        BLOOD,
    );
    pen.circle(x, y - r * 0.15, r, BONE);
    pen.rect(x - r * 0.55, y + r * 0.3, r * 1.1, r * 0.8, BONE);
    pen.circle(x - r * 0.38, y - r * 0.1, r * 0.27, BLOOD);
    pen.circle(x + r * 0.38, y - r * 0.1, r * 0.27, BLOOD);
    pen.line((x, y + r * 0.35), (x, y + r * 1.05), 1.5, BLOOD);
}

/// One face, around `(0, 0)`, in about 64 × 64 pixels.
pub(super) fn face(pen: &mut Pen, face: Face) {
    match face {
        Face::Good => crate_icon(pen, 0.0, 0.0, 30.0),
        Face::Food => {
            for x in [-18.0, 0.0, 18.0] {
                grain(pen, x, 0.0, 40.0);
            }
        }
        Face::Skull => {
            crate_icon(pen, -12.0, -13.0, 20.0);
            crate_icon(pen, 12.0, -13.0, 20.0);
            skull(pen, 0.0, 14.0, 11.0);
        }
        Face::Choice => {
            grain(pen, -23.0, 0.0, 30.0);
            grain(pen, -11.0, 0.0, 30.0);
            pen.line((0.0, -20.0), (0.0, 20.0), 2.0, [120, 112, 100]);
            worker(pen, 11.0, 2.0, 26.0);
            worker(pen, 23.0, 2.0, 26.0);
        }
        Face::Coins => {
            pen.circle(0.0, 0.0, 24.0, COIN_DARK);
            pen.circle(0.0, 0.0, 21.5, COIN);
        }
        Face::Workers => {
            for x in [-18.0, 0.0, 18.0] {
                worker(pen, x, 2.0, 34.0);
            }
        }
    }
}
