//! The legend under the board: a small sprite for each kind of mark the view shows, and
//! what it means.

use turnpost_core::pandoria::{BoardSide, PublicView};

use super::Art;
use crate::png::draw::{Canvas, Pen, Sprite};
use crate::png::palette::{INK, PANEL, RULE};
use crate::png::text::{Align, Fonts, Style};

/// A small hex sprite (radius 14) for the legend.
pub(super) fn small_hex(paint: impl FnOnce(&mut Pen, f32)) -> Sprite {
    Sprite::centred(33, 31, |pen| paint(pen, 14.0))
}

/// The legend's entries: a sprite and what it means.
pub(super) fn legend_items<'a>(art: &'a Art, view: &PublicView) -> Vec<(&'a Sprite, &'static str)> {
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
    if !view.changes.is_empty() {
        items.push((
            &art.legend_marks[5],
            "ring, halo or edge in a player's colour: what they did in their latest turn",
        ));
    }
    if view
        .seats
        .iter()
        .any(|s| s.realm.is_some_and(|r| r.camp() < 10))
    {
        items.push((&art.legend_marks[9], "shut box: the Fairies' camp holds 8"));
    }
    if view
        .seats
        .iter()
        .any(|s| s.buildings.iter().any(|b| b.goblin.is_some()))
    {
        items.push((
            art.pick(&art.small_workers, 1),
            "figure on a building: a goblin using it",
        ));
    }
    if !view.spirits.is_empty() || view.seats.iter().any(|s| s.haunted_by.is_some()) {
        items.push((
            art.pick(&art.small_workers, 1),
            "small figure on a figure: a Spirit haunting it (counts for its owner)",
        ));
    }
    if !view.golem_pairs.is_empty() {
        items.push((
            &art.legend_marks[6],
            "square between two figures: a Golem pair on its tile",
        ));
    }
    // The River side: its flow, and what an enclosed ship does.
    if view.options.board == BoardSide::River {
        items.push((
            &art.legend_marks[8],
            "river: an enclosed ship sends its figure to the next free ship downstream (or home)",
        ));
        if view.options.mode != turnpost_core::pandoria::Mode::Family
            && view.options.mode != turnpost_core::pandoria::Mode::FamilySpells
        {
            items.push((
                &art.legend_marks[8],
                "Astral Ship printed on the board: 8 crystals instead of a card; −1: a ship's discount",
            ));
        }
    }
    // Artifacts: the gem, the mountain castle and the relics, whenever the expansion plays.
    if view.options.artifacts {
        items.push((
            &art.artifact,
            "artifact: goes to whoever closes its region; relics cost artifacts",
        ));
        items.push((
            &art.legend_marks[7],
            "mountain castle: blocks an exit path, takes a figure like a castle",
        ));
    }
    if view.seats.iter().any(|s| !s.captives.is_empty()) {
        items.push((
            art.pick(&art.small_workers, 1),
            "captives: held by a Hanbok, 1 point each at the end; ransom 1 resource each",
        ));
    }
    items
}

/// Lays the legend out in rows that fit `w`: each entry's x offset and row.
pub(super) fn legend_layout(
    art: &Art,
    fonts: &Fonts,
    view: &PublicView,
    w: u32,
) -> Vec<(f32, usize)> {
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
pub(super) fn legend_height(art: &Art, fonts: &Fonts, view: &PublicView, w: u32) -> u32 {
    let rows = legend_layout(art, fonts, view, w).last().map_or(0, |l| l.1) + 1;
    rows as u32 * 36 + 18
}

/// What the board's marks mean, in a box `w` wide at `(x, y)`.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_legend(
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
