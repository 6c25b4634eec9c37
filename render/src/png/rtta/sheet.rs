//! One player's Roll Through the Ages score sheet: cities, food, goods and disasters on the
//! left; monuments and developments on the right.

use turnpost_core::rtta::{Development, Good, PublicView, TableauView, data};
use turnpost_core::t;
use turnpost_core::words::Lang;

use super::super::draw::{Canvas, Colour, mix};
use super::super::palette::{self, GOLD, INK, MUTED, PANEL, RULE};
use super::super::text::{Align, Fonts, Style};
use super::{Art, SHEET_H, SHEET_W};

impl Art {
    /// Seat `i`'s sheet with its top left corner at `(x, y)`, in `lang`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn sheet(
        &self,
        fonts: &Fonts,
        canvas: &mut Canvas,
        view: &PublicView,
        i: usize,
        sheet: &TableauView,
        (x, y): (i32, i32),
        lang: Lang,
    ) {
        let d = data();
        let mark = palette::seat(&sheet.name);
        let to_play = !view.over && view.turn.index() == i;
        canvas.fill(x, y, SHEET_W, SHEET_H, PANEL);
        if to_play {
            canvas.frame(x, y, SHEET_W, SHEET_H, 4, mark.colour);
            canvas.frame(x + 4, y + 4, SHEET_W - 8, SHEET_H - 8, 1, mark.dark);
        } else {
            canvas.frame(x, y, SHEET_W, SHEET_H, 1, RULE);
        }
        canvas.fill(x + 4, y + 4, 8, SHEET_H - 8, mark.colour);
        let (fx, fy) = (x as f32, y as f32);
        // Header: badge, name, tags, score.
        self.badge(fonts, canvas, &sheet.name, (fx + 34.0, fy + 28.0), lang);
        let mut tx = fonts.draw(
            canvas,
            fx + 56.0,
            fy + 36.0,
            Align::Left,
            Style::bold(22.0, INK),
            &lang.render(&sheet.name),
        ) + 12.0;
        let mut tags = Vec::new();
        if view.start_player.index() == i {
            tags.push((t!("render-start-player"), [232, 226, 212]));
        }
        if to_play {
            tags.push((
                t!("render-to-play"),
                mix(mark.colour, [255, 255, 255], 0.55),
            ));
        }
        for (tag, fill) in tags {
            let tag = &lang.render(&tag);
            let style = Style::bold(15.0, INK);
            let tw = fonts.width(style, tag);
            canvas.fill(tx as i32, y + 16, (tw + 14.0) as u32, 26, fill);
            fonts.draw(canvas, tx + 7.0, fy + 34.0, Align::Left, style, tag);
            tx += tw + 22.0;
        }
        let right = fx + SHEET_W as f32 - 18.0;
        let points = lang.render(&t!("render-points"));
        let pw = fonts.width(Style::bold(15.0, MUTED), &points);
        fonts.draw(
            canvas,
            right,
            fy + 38.0,
            Align::Right,
            Style::bold(15.0, MUTED),
            &points,
        );
        fonts.draw(
            canvas,
            right - pw - 8.0,
            fy + 40.0,
            Align::Right,
            Style::bold(30.0, INK),
            &sheet.score.to_string(),
        );
        let p = &sheet.score_parts;
        fonts.draw(
            canvas,
            right,
            fy + 64.0,
            Align::Right,
            Style::regular(15.0, MUTED),
            &lang.render(&t!(
                "render-rtta-score-parts",
                developments = p.developments,
                monuments = p.monuments,
                bonus = p.bonus,
                disasters = p.disasters
            )),
        );

        // Left column: cities, food, goods, disasters.
        let lx = fx + 24.0;
        let label = Style::bold(16.0, INK);
        let small = Style::regular(15.0, MUTED);
        let mut ly = fy + 104.0;
        fonts.draw(
            canvas,
            lx,
            ly,
            Align::Left,
            label,
            &lang.render(&t!("render-rtta-cities", n = sheet.cities)),
        );
        // The starting cities, then the extra ones with the workers they took so far.
        let start = d.rules.start_cities;
        let mut slots: Vec<(bool, String)> = (0..start).map(|_| (true, String::new())).collect();
        for city in &sheet.city_progress {
            let note = if city.built {
                lang.render(&t!("render-rtta-built"))
            } else {
                format!("{}/{}", city.progress, city.workers)
            };
            slots.push((city.built, note));
        }
        for (k, (built, note)) in slots.iter().enumerate() {
            let sx = lx + k as f32 * 52.0;
            house(canvas, sx + 4.0, ly + 10.0, *built, mark.colour);
            if !note.is_empty() {
                fonts.draw(
                    canvas,
                    sx + 15.0,
                    ly + 58.0,
                    Align::Centre,
                    if *built {
                        Style::bold(15.0, INK)
                    } else {
                        small
                    },
                    note,
                );
            }
        }
        ly += 92.0;
        fonts.draw(
            canvas,
            lx,
            ly,
            Align::Left,
            label,
            &lang.render(&t!("render-rtta-food-n", n = sheet.food)),
        );
        ly += 8.0;
        for k in 0..=d.rules.food_max {
            cell(
                fonts,
                canvas,
                lx + f32::from(k) * 22.5,
                ly,
                22,
                &k.to_string(),
                k == sheet.food,
                [120, 170, 70],
            );
        }
        ly += 64.0;
        fonts.draw(
            canvas,
            lx,
            ly,
            Align::Left,
            label,
            &lang.render(&t!("render-rtta-goods-worth", worth = sheet.goods_value)),
        );
        ly += 8.0;
        for (g, good) in d.goods.iter().zip(Good::all()) {
            let Some(track) = sheet.goods.get(g.id.as_str()) else {
                continue;
            };
            // A long name (German's "Töpferware") gets smaller, not cut.
            let (style, name) = fonts.fitted(small, &lang.render(&good.text()), 78.0, 11.0);
            fonts.draw(canvas, lx, ly + 20.0, Align::Left, style, &name);
            let tx0 = lx + 82.0;
            for k in 0..track.capacity {
                let value = g.values.get(usize::from(k)).copied().unwrap_or(0);
                cell(
                    fonts,
                    canvas,
                    tx0 + f32::from(k) * 31.0,
                    ly,
                    30,
                    &value.to_string(),
                    k < track.count,
                    good_colour(&g.id),
                );
            }
            fonts.draw(
                canvas,
                lx + 388.0,
                ly + 20.0,
                Align::Right,
                Style::bold(16.0, INK),
                &format!("{} = {}", track.count, track.value),
            );
            ly += 32.0;
        }
        ly += 36.0;
        let end = fonts.draw(
            canvas,
            lx,
            ly,
            Align::Left,
            label,
            &lang.render(&t!("render-rtta-disasters-n", n = sheet.disasters)),
        );
        let mut sx = end + 10.0;
        for _ in 0..sheet.disasters.min(12) {
            fonts.draw(
                canvas,
                sx,
                ly + 1.0,
                Align::Left,
                Style::bold(18.0, [170, 30, 30]),
                "☠",
            );
            sx += 19.0;
        }
        if sheet.disasters > 12 {
            fonts.draw(canvas, sx + 2.0, ly, Align::Left, small, "…");
        }

        // Right column: monuments, developments.
        let rx = fx + 420.0;
        let rw = 318.0;
        let mut ry = fy + 104.0;
        let monuments = lang.render(&t!("render-rtta-monuments"));
        fonts.draw(canvas, rx, ry, Align::Left, label, &monuments);
        let first_later = lang.render(&t!("render-rtta-first-later"));
        fonts.draw(canvas, rx + rw, ry, Align::Right, small, &first_later);
        ry += 6.0;
        for m in &view.monuments {
            let Some(md) = d.monuments.iter().find(|md| md.id == m.id) else {
                continue;
            };
            let progress = sheet.monuments.get(m.id);
            let done = progress.is_some_and(|p| p.completed);
            if done {
                canvas.fill(
                    rx as i32 - 4,
                    ry as i32 + 1,
                    rw as u32 + 8,
                    24,
                    mix(mark.colour, PANEL, 0.7),
                );
            }
            let name_style = if done {
                Style::bold(15.0, INK)
            } else {
                Style::regular(15.0, INK)
            };
            let (style, name) = fonts.fitted(name_style, &lang.render(&m.name), 136.0, 11.0);
            fonts.draw(canvas, rx, ry + 19.0, Align::Left, style, &name);
            let (have, need) = progress.map_or((0, md.workers), |p| (p.workers, p.needed));
            let (bx, bw) = (rx + 140.0, 64.0);
            canvas.fill(bx as i32, ry as i32 + 7, bw as u32, 12, [90, 84, 76]);
            canvas.fill(
                bx as i32 + 1,
                ry as i32 + 8,
                bw as u32 - 2,
                10,
                [250, 248, 242],
            );
            let part = ((bw - 2.0) * f32::from(have.min(need)) / f32::from(need.max(1))) as u32;
            canvas.fill(bx as i32 + 1, ry as i32 + 8, part, 10, mark.colour);
            fonts.draw(
                canvas,
                bx + bw + 6.0,
                ry + 19.0,
                Align::Left,
                small,
                &format!("{have}/{need}"),
            );
            let pts = match (progress, m.first) {
                (Some(p), _) if p.completed && p.first => format!("★ +{}", p.points),
                (Some(p), _) if p.completed => format!("+{}", p.points),
                (_, Some(first)) => {
                    // The first completer's mark letter, as on their badge.
                    let who = view
                        .seats
                        .get(first.index())
                        .map_or_else(|| palette::letter("?"), |s| palette::seat_letter(&s.name));
                    lang.render(&t!("render-rtta-first-by", mark = who, later = md.later))
                }
                _ => format!("{} / {}", md.first, md.later),
            };
            fonts.draw(
                canvas,
                rx + rw,
                ry + 19.0,
                Align::Right,
                Style::bold(15.0, if done { INK } else { MUTED }),
                &pts,
            );
            ry += 25.0;
        }
        ry = ry.max(fy + 300.0) + 28.0;
        let owned = sheet.developments.len();
        fonts.draw(
            canvas,
            rx,
            ry,
            Align::Left,
            label,
            &lang.render(&t!("render-rtta-developments-n", n = owned)),
        );
        let cost_points = lang.render(&t!("render-rtta-cost-points"));
        fonts.draw(canvas, rx + rw, ry, Align::Right, small, &cost_points);
        ry += 4.0;
        for (dev, development) in d.developments.iter().zip(Development::all()) {
            let has = sheet.developments.contains(&dev.id.as_str());
            if has {
                canvas.fill(
                    rx as i32 - 4,
                    ry as i32 + 3,
                    rw as u32 + 8,
                    21,
                    mix(mark.colour, PANEL, 0.7),
                );
                fonts.draw(
                    canvas,
                    rx,
                    ry + 19.0,
                    Align::Left,
                    Style::bold(15.0, INK),
                    "✓",
                );
            }
            let style = if has { Style::bold(15.0, INK) } else { small };
            let text = lang.render(&development.text());
            let (name_style, name) = fonts.fitted(style, &text, rw - 90.0, 11.0);
            fonts.draw(canvas, rx + 20.0, ry + 19.0, Align::Left, name_style, &name);
            fonts.draw(
                canvas,
                rx + rw,
                ry + 19.0,
                Align::Right,
                style,
                &format!("{} · {}", dev.cost, dev.points),
            );
            ry += 22.0;
        }
    }
}

fn good_colour(id: &str) -> Colour {
    match id {
        "wood" => [176, 124, 74],
        "stone" => [150, 150, 150],
        "pottery" => [206, 110, 70],
        "cloth" => [110, 140, 200],
        "metal" => [120, 120, 150],
        _ => GOLD,
    }
}

/// A small house (22 × 26 px from its top left): a city built (filled) or not yet.
fn house(canvas: &mut Canvas, x: f32, y: f32, built: bool, colour: Colour) {
    let (xi, yi) = (x as i32, y as i32);
    let edge = [60, 55, 50];
    let fill = if built { colour } else { [245, 242, 235] };
    // Roof: rows of a triangle, then the walls.
    for k in 0..11 {
        let half = k + 1;
        canvas.fill(xi + 11 - half, yi + k, (2 * half) as u32, 1, edge);
        if k > 1 {
            canvas.fill(
                xi + 13 - half,
                yi + k,
                (2 * half - 4).max(0) as u32,
                1,
                fill,
            );
        }
    }
    canvas.fill(xi + 1, yi + 11, 20, 17, edge);
    canvas.fill(xi + 3, yi + 11, 16, 15, fill);
}

/// A track cell with a number; `filled` marks it.
#[allow(clippy::too_many_arguments)]
fn cell(
    fonts: &Fonts,
    canvas: &mut Canvas,
    x: f32,
    y: f32,
    w: u32,
    text: &str,
    filled: bool,
    colour: Colour,
) {
    let (xi, yi) = (x as i32, y as i32);
    canvas.fill(xi, yi, w, 28, [150, 142, 130]);
    canvas.fill(
        xi + 1,
        yi + 1,
        w - 2,
        26,
        if filled { colour } else { [250, 248, 242] },
    );
    let style = if filled {
        Style::bold(15.0, INK)
    } else {
        Style::regular(15.0, MUTED)
    };
    fonts.centred(canvas, x + w as f32 / 2.0, y + 14.0, style, text);
}
