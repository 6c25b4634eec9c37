//! The legend under the board: a small sprite for each kind of mark the view shows, and
//! what it means.

use turnpost_core::pandoria::{BoardSide, PublicView};
use turnpost_core::t;
use turnpost_core::words::{Lang, Text};

use super::Art;
use crate::png::draw::{Canvas, Pen, Sprite};
use crate::png::palette::{INK, PANEL, RULE};
use crate::png::text::{Align, Fonts, Style};

/// A small hex sprite (radius 14) for the legend.
pub(super) fn small_hex(paint: impl FnOnce(&mut Pen, f32)) -> Sprite {
    Sprite::centred(33, 31, |pen| paint(pen, 14.0))
}

/// The legend's entries: a sprite and what it means, in `lang`.
pub(super) fn legend_items<'a>(
    art: &'a Art,
    view: &PublicView,
    lang: Lang,
) -> Vec<(&'a Sprite, String)> {
    let mut items: Vec<(&Sprite, Text)> = vec![
        (&art.resource_icons[2], t!("render-legend-forest")),
        (&art.resource_icons[0], t!("render-legend-mountain")),
        (&art.resource_icons[1], t!("render-legend-hills")),
        (&art.resource_icons[3], t!("render-legend-city")),
        (art.pick(&art.small_workers, 0), t!("render-legend-worker")),
        (art.pick(&art.small_leaders, 0), t!("render-legend-leader")),
        (art.pick(&art.small_castles, 0), t!("render-legend-castle")),
        (&art.tile_icon, t!("render-legend-tiles-in-hand")),
        (&art.legend_marks[0], t!("render-legend-last-move")),
        (&art.legend_marks[1], t!("render-legend-exit-path")),
        (&art.legend_marks[2], t!("render-legend-printed")),
    ];
    // This turn's marks, only while there are any.
    if !view.closed.is_empty() {
        items.push((&art.legend_marks[3], t!("render-legend-closed")));
    }
    if view.rage.is_some() {
        items.push((&art.legend_marks[4], t!("render-legend-rage")));
    }
    if !view.changes.is_empty() {
        items.push((&art.legend_marks[5], t!("render-legend-changes")));
    }
    if view
        .seats
        .iter()
        .any(|s| s.realm.is_some_and(|r| r.camp() < 10))
    {
        items.push((&art.legend_marks[9], t!("render-legend-fairies")));
    }
    if view
        .seats
        .iter()
        .any(|s| s.buildings.iter().any(|b| b.goblin.is_some()))
    {
        items.push((art.pick(&art.small_workers, 1), t!("render-legend-goblin")));
    }
    if !view.spirits.is_empty() || view.seats.iter().any(|s| s.haunted_by.is_some()) {
        items.push((art.pick(&art.small_workers, 1), t!("render-legend-spirit")));
    }
    if !view.golem_pairs.is_empty() {
        items.push((&art.legend_marks[6], t!("render-legend-golems")));
    }
    // The River side: its flow, and what an enclosed ship does.
    if view.options.board == BoardSide::River {
        items.push((&art.legend_marks[8], t!("render-legend-river")));
        if view.options.mode != turnpost_core::pandoria::Mode::Family
            && view.options.mode != turnpost_core::pandoria::Mode::FamilySpells
        {
            items.push((&art.legend_marks[8], t!("render-legend-astral-ship")));
        }
    }
    // Artifacts: the gem, the mountain castle and the relics, whenever the expansion plays.
    if view.options.artifacts {
        items.push((&art.artifact, t!("render-legend-artifact")));
        items.push((&art.legend_marks[7], t!("render-legend-mountain-castle")));
    }
    if view.seats.iter().any(|s| !s.captives.is_empty()) {
        items.push((
            art.pick(&art.small_workers, 1),
            t!("render-legend-captives"),
        ));
    }
    items
        .into_iter()
        .map(|(sprite, label)| (sprite, lang.render(&label)))
        .collect()
}

/// Lays the legend out in rows that fit `w`: each entry's x offset and row.
fn legend_layout(fonts: &Fonts, items: &[(&Sprite, String)], w: u32) -> Vec<(f32, usize)> {
    let text = Style::regular(15.0, INK);
    let mut out = Vec::new();
    let (mut cx, mut row) = (14.0, 0);
    for (sprite, label) in items {
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
pub(super) fn legend_height(
    art: &Art,
    fonts: &Fonts,
    view: &PublicView,
    w: u32,
    lang: Lang,
) -> u32 {
    rows_height(fonts, &legend_items(art, view, lang), w)
}

fn rows_height(fonts: &Fonts, items: &[(&Sprite, String)], w: u32) -> u32 {
    let rows = legend_layout(fonts, items, w).last().map_or(0, |l| l.1) + 1;
    rows as u32 * 36 + 18
}

/// What the board's marks mean, in `lang`, in a box `w` wide at `(x, y)`.
pub(super) fn draw_legend(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    view: &PublicView,
    (x, y, w): (i32, i32, u32),
    lang: Lang,
) {
    let items = legend_items(art, view, lang);
    let h = rows_height(fonts, &items, w);
    canvas.fill(x, y, w, h, PANEL);
    canvas.frame(x, y, w, h, 1, RULE);
    let outer = canvas.text_box(Some((x as f32, y as f32, w as f32, h as f32)));
    let text = Style::regular(15.0, INK);
    for ((sprite, label), (dx, row)) in items.iter().zip(legend_layout(fonts, &items, w)) {
        let cy = y as f32 + 27.0 + row as f32 * 36.0;
        let left = x as f32 + dx;
        let sw = sprite.width() as f32;
        canvas.blit(sprite, (left + sw / 2.0) as i32, cy as i32);
        fonts.draw(canvas, left + sw + 6.0, cy + 5.5, Align::Left, text, label);
    }
    canvas.restore_text_box(outer);
}
