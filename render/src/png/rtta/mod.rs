//! Roll Through the Ages pictures: every player's score sheet and the current dice, drawn
//! from core's typed view (`turnpost_core::rtta::PublicView`); names, costs and track
//! values that the view gives only by id come from the component data
//! (`turnpost_core::rtta::data`), which is public and static.
//!
//! Files: `strip.rs` (the strip on top: round, whose turn, the prompt, the dice and a trade
//! offer) and `sheet.rs` (one player's score sheet); this file holds the sprites, the
//! layout of the whole picture and the game's picture provider.

mod dice;
mod sheet;
mod strip;
mod summary;
mod text;

use std::sync::OnceLock;

use image::RgbImage;
use turnpost_core::Seat;
use turnpost_core::rtta::PublicView;
use turnpost_core::t;
use turnpost_core::words::{Lang, Text};

use super::draw::{Canvas, Colour, Pen, Sprite};
use super::palette::{self, MUTED, PAPER};
use super::pictures::GamePictures;
use super::shapes;
use super::summary::Summary;
use super::text::{Align, Fonts, Style, Weight};

/// Text sizes used here (warmed into the glyph cache up front).
pub(crate) const TEXT_SIZES: &[(Weight, f32)] = &[
    (Weight::Regular, 15.0),
    (Weight::Bold, 15.0),
    (Weight::Regular, 16.0),
    (Weight::Bold, 16.0),
    (Weight::Bold, 18.0),
    (Weight::Bold, 22.0),
    (Weight::Bold, 26.0),
    (Weight::Bold, 30.0),
];

/// Roll Through the Ages' picture provider (see [`crate::registry`]).
pub(crate) static PICTURES: Pictures = Pictures {
    art: OnceLock::new(),
};

/// Roll Through the Ages' pictures and text, with the sprites built on first use. The game
/// has no secrets: a seat's view is the public view, with no private pictures.
pub(crate) struct Pictures {
    art: OnceLock<Art>,
}

impl std::fmt::Debug for Pictures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("rtta::Pictures")
            .field("art", &self.art.get())
            .finish()
    }
}

impl Pictures {
    fn art(&self) -> &Art {
        self.art.get_or_init(Art::new)
    }
}

impl GamePictures for Pictures {
    type Public = PublicView;
    // A seat's view is the public view: nothing is hidden, so no private pictures.
    type Seat = PublicView;
    const GAME: &'static str = <turnpost_core::rtta::Rtta as turnpost_core::Game>::NAME;
    const TITLE: &'static str = "Roll Through the Ages";

    fn prepare(&self, fonts: &Fonts) {
        fonts.warm(TEXT_SIZES);
        self.art();
    }

    /// Every player's sheet and the current dice.
    fn public(&self, fonts: &Fonts, view: &PublicView, lang: Lang) -> RgbImage {
        self.art().public(fonts, view, lang).image
    }

    fn summary(&self, view: &PublicView) -> Summary {
        summary::summary(view)
    }

    fn public_text(&self, view: &PublicView, lang: Lang) -> String {
        text::public(view, lang)
    }

    fn seat_text(&self, view: &PublicView, seat: Seat, lang: Lang) -> Option<String> {
        view.seats
            .get(seat.index())
            .map(|t| text::seat_line(t, lang))
    }
}

const SHEET_W: u32 = 760;
const SHEET_H: u32 = 640;

/// The legend under the sheets, wrapped to the picture's width.
fn legend_lines(fonts: &Fonts, width: u32, lang: Lang) -> Vec<String> {
    fonts.wrap(
        Style::regular(15.0, MUTED),
        &lang.render(&t!("render-rtta-legend")),
        width as f32 - 2.0 * GAP as f32 - 8.0,
    )
}
const GAP: u32 = 12;
const TOP_H: u32 = 196;

/// Sprites for Roll Through the Ages.
struct Art {
    /// Per seat name order `rtta::SEAT_NAMES`.
    workers: Vec<(Sprite, palette::PlayerMark)>,
    die: Sprite,
    die_locked: Sprite,
    /// The face pictures, in `Face::ALL` order (the coins' number is written on top).
    faces: Vec<Sprite>,
}

impl std::fmt::Debug for Art {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("rtta::Art").finish_non_exhaustive()
    }
}

fn rounded(pen: &mut Pen, w: f32, h: f32, r: f32, colour: Colour) {
    let (x0, y0) = (-w / 2.0, -h / 2.0);
    pen.rect(x0 + r, y0, w - 2.0 * r, h, colour);
    pen.rect(x0, y0 + r, w, h - 2.0 * r, colour);
    for (cx, cy) in [
        (x0 + r, y0 + r),
        (x0 + w - r, y0 + r),
        (x0 + r, y0 + h - r),
        (x0 + w - r, y0 + h - r),
    ] {
        pen.circle(cx, cy, r, colour);
    }
}

impl Art {
    fn new() -> Art {
        let die = |edge: Colour, w: f32| {
            Sprite::centred(78, 78, move |pen| {
                rounded(pen, 74.0, 74.0, 12.0, edge);
                rounded(
                    pen,
                    74.0 - 2.0 * w,
                    74.0 - 2.0 * w,
                    12.0 - w,
                    [252, 250, 244],
                );
            })
        };
        Art {
            workers: turnpost_core::rtta::SEAT_NAMES
                .iter()
                .map(|n| {
                    let mark = palette::player(n);
                    (shapes::worker(&mark, 11.0), mark)
                })
                .collect(),
            die: die([60, 55, 50], 2.5),
            die_locked: die([170, 30, 30], 5.0),
            faces: turnpost_core::rtta::Face::ALL
                .iter()
                .map(|&f| Sprite::centred(70, 70, |pen| dice::face(pen, f)))
                .collect(),
        }
    }

    fn badge(
        &self,
        fonts: &Fonts,
        canvas: &mut Canvas,
        name: &Text,
        (x, y): (f32, f32),
        lang: Lang,
    ) {
        let mark = palette::seat(name);
        let letter = lang.render(&palette::seat_letter(name));
        if let Some((sprite, _)) = self.workers.iter().find(|(_, m)| *m == mark) {
            canvas.blit(sprite, x.round() as i32, y.round() as i32);
        }
        fonts.centred(
            canvas,
            x,
            y + 0.5,
            Style::bold(palette::letter_size(15.0, &letter), mark.ink),
            &letter,
        );
    }

    /// The whole table.
    fn public(&self, fonts: &Fonts, view: &PublicView, lang: Lang) -> Canvas {
        let n = view.seats.len().max(1) as u32;
        let cols = if n == 1 { 1 } else { 2 };
        let rows = n.div_ceil(cols);
        let width = GAP + cols * (SHEET_W + GAP);
        let width = width.max(SHEET_W + 2 * GAP);
        let legend_text = legend_lines(fonts, width, lang);
        let legend = legend_text.len() as u32;
        let legend_top = (GAP + TOP_H + GAP + rows * (SHEET_H + GAP)) as f32;
        let height = GAP + TOP_H + GAP + rows * (SHEET_H + GAP) + legend * 20 + 14;
        let mut canvas = Canvas::new(width, height, PAPER);
        let (g, top_w) = (GAP as f32, (width - 2 * GAP) as f32);
        let outer = canvas.text_box(Some((g, g, top_w, TOP_H as f32)));
        self.top(fonts, &mut canvas, view, width - 2 * GAP, lang);
        canvas.restore_text_box(outer);
        for (i, sheet) in view.seats.iter().enumerate() {
            let (c, r) = (i as u32 % cols, i as u32 / cols);
            let x = (GAP + c * (SHEET_W + GAP)) as i32;
            let y = (GAP + TOP_H + GAP + r * (SHEET_H + GAP)) as i32;
            let (bw, bh) = (SHEET_W as f32, SHEET_H as f32);
            let outer = canvas.text_box(Some((x as f32, y as f32, bw, bh)));
            self.sheet(fonts, &mut canvas, view, i, sheet, (x, y), lang);
            canvas.restore_text_box(outer);
        }
        let style = Style::regular(15.0, MUTED);
        for (k, line) in legend_text.iter().enumerate() {
            let y = legend_top + 22.0 + k as f32 * 20.0;
            fonts.draw(&mut canvas, GAP as f32 + 4.0, y, Align::Left, style, line);
        }
        canvas
    }
}
