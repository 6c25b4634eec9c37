//! The hand cards picture: each card large with its spell side, building side, effect
//! texts and price.

use turnpost_core::pandoria::SeatView;

use super::tableau::{badge, cost_tag};
use super::{Art, GAP, fit, wrap};
use crate::png::draw::Canvas;
use crate::png::extras;
use crate::png::palette::{INK, MUTED, PAPER};
use crate::png::text::{Align, Fonts, Style};

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
pub(super) fn big_card(
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
    // The card's number, as `spell 17` and "Cast Conjure 6 (card 17)" name it.
    if let Some(id) = card.id {
        fonts.draw(
            canvas,
            x as f32 + w as f32 - 10.0,
            y as f32 + 22.0,
            Align::Right,
            Style::bold(15.0, MUTED),
            &format!("card {id}"),
        );
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
