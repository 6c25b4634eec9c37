//! Roll Through the Ages pictures: every player's score sheet and the current dice.
//!
//! Core's view is serialise-only (it borrows names from the component data), so this module
//! reads the view's JSON into its own mirror types; names, costs and track values that the
//! view gives only by id come from the component data (`turnpost_core::rtta::data`), which
//! is public and static.
//!
//! Why this file is long (about 900 lines): it includes the mirror types of core's view, which
//! go when render takes core's typed view (issue 11, "typed views end to end").

use std::collections::BTreeMap;

use serde::Deserialize;
use turnpost_core::Seat;
use turnpost_core::rtta::data;

use super::RenderError;
use super::draw::{Canvas, Colour, Sprite, mix};
use super::palette::{self, GOLD, INK, MUTED, PANEL, PAPER, RULE};
use super::shapes;
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

/// The public view as the renderer reads it.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct View {
    #[serde(default)]
    round: u16,
    #[serde(default)]
    last_round: Option<u16>,
    #[serde(default)]
    start_player: Option<Seat>,
    turn: Seat,
    #[serde(default)]
    decision: Option<DecisionView>,
    #[serde(default)]
    dice: Vec<Die>,
    #[serde(default)]
    rerolls_left: u8,
    #[serde(default)]
    workers: u8,
    #[serde(default)]
    coins: u16,
    #[serde(default)]
    offer: Option<Offer>,
    #[serde(default)]
    monuments: Vec<MonumentInPlay>,
    #[serde(default)]
    ending: Option<serde_json::Value>,
    #[serde(default)]
    over: bool,
    seats: Vec<Sheet>,
}

#[derive(Clone, Debug, Deserialize)]
struct DecisionView {
    seat: Seat,
    #[serde(default)]
    prompt: String,
}

/// The trade variant's offer, while it is prepared or answered.
#[derive(Clone, Debug, Deserialize)]
struct Offer {
    from: Seat,
    #[serde(default)]
    to: Option<Seat>,
    /// What `from` gives, by good or `food`.
    #[serde(default)]
    give: BTreeMap<String, u8>,
    /// What `from` asks for.
    #[serde(default)]
    get: BTreeMap<String, u8>,
}

/// A bundle of an offer as text: `2 wood, 1 food`, or `nothing`.
fn bundle(items: &BTreeMap<String, u8>) -> String {
    let parts: Vec<String> = items
        .iter()
        .filter(|&(_, &n)| n > 0)
        .map(|(good, n)| format!("{n} {good}"))
        .collect();
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(", ")
    }
}

#[derive(Clone, Debug, Deserialize)]
struct Die {
    face: String,
    #[serde(default)]
    locked: bool,
    #[serde(default)]
    rolled_last: bool,
    #[serde(default)]
    choice: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
struct MonumentInPlay {
    id: String,
    #[serde(default)]
    first: Option<Seat>,
}

#[derive(Clone, Debug, Deserialize)]
struct City {
    workers: u8,
    progress: u8,
    built: bool,
}

#[derive(Clone, Debug, Deserialize)]
struct Progress {
    workers: u8,
    needed: u8,
    completed: bool,
    first: bool,
    points: u8,
}

#[derive(Clone, Debug, Deserialize)]
struct Good {
    count: u8,
    capacity: u8,
    value: u16,
}

#[derive(Clone, Debug, Default, Deserialize)]
struct ScoreParts {
    #[serde(default)]
    developments: i32,
    #[serde(default)]
    monuments: i32,
    #[serde(default)]
    bonus: i32,
    #[serde(default)]
    disasters: i32,
}

#[derive(Clone, Debug, Deserialize)]
struct Sheet {
    name: String,
    cities: u8,
    #[serde(default)]
    city_progress: Vec<City>,
    #[serde(default)]
    monuments: BTreeMap<String, Progress>,
    #[serde(default)]
    developments: Vec<String>,
    #[serde(default)]
    goods: BTreeMap<String, Good>,
    #[serde(default)]
    goods_value: u16,
    food: u8,
    disasters: u16,
    score: i32,
    #[serde(default)]
    score_parts: ScoreParts,
}

/// Reads a public view from JSON.
pub(crate) fn read(view: &serde_json::Value) -> Result<View, RenderError> {
    View::deserialize(view).map_err(|e| RenderError::BadView {
        game: "rtta".into(),
        reason: e.to_string(),
    })
}

const SHEET_W: u32 = 760;
const SHEET_H: u32 = 640;

/// The legend under the sheets, wrapped to the picture's width.
fn legend_lines(fonts: &Fonts, width: u32) -> Vec<String> {
    fonts.wrap(
        Style::regular(15.0, MUTED),
        "Monuments: points for the first to complete / for later ones; ★R: Red completed it \
         first. Each ☠ disaster point costs a point. Locked skulls cannot be rerolled.",
        width as f32 - 2.0 * GAP as f32 - 8.0,
    )
}
const GAP: u32 = 12;
const TOP_H: u32 = 196;

/// Sprites for Roll Through the Ages.
pub(crate) struct Art {
    /// Per seat name order `rtta::SEAT_NAMES`.
    workers: Vec<(String, Sprite)>,
    die: Sprite,
    die_locked: Sprite,
}

impl std::fmt::Debug for Art {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("rtta::Art").finish_non_exhaustive()
    }
}

fn rounded(pen: &mut super::draw::Pen, w: f32, h: f32, r: f32, colour: Colour) {
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
    pub(crate) fn new() -> Art {
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
                .map(|n| (n.to_string(), shapes::worker(&palette::player(n), 11.0)))
                .collect(),
            die: die([60, 55, 50], 2.5),
            die_locked: die([170, 30, 30], 5.0),
        }
    }

    fn badge(&self, fonts: &Fonts, canvas: &mut Canvas, name: &str, x: f32, y: f32) {
        let mark = palette::player(name);
        if let Some((_, sprite)) = self.workers.iter().find(|(n, _)| n == name) {
            canvas.blit(sprite, x.round() as i32, y.round() as i32);
        }
        fonts.centred(
            canvas,
            x,
            y + 0.5,
            Style::bold(15.0, mark.ink),
            &mark.letter.to_string(),
        );
    }

    /// The whole table.
    pub(crate) fn public(&self, fonts: &Fonts, view: &View) -> Canvas {
        let n = view.seats.len().max(1) as u32;
        let cols = if n == 1 { 1 } else { 2 };
        let rows = n.div_ceil(cols);
        let width = GAP + cols * (SHEET_W + GAP);
        let width = width.max(SHEET_W + 2 * GAP);
        let legend = legend_lines(fonts, width).len() as u32;
        let legend_top = (GAP + TOP_H + GAP + rows * (SHEET_H + GAP)) as f32;
        let height = GAP + TOP_H + GAP + rows * (SHEET_H + GAP) + legend * 20 + 14;
        let mut canvas = Canvas::new(width, height, PAPER);
        self.top(fonts, &mut canvas, view, width - 2 * GAP);
        for (i, sheet) in view.seats.iter().enumerate() {
            let (c, r) = (i as u32 % cols, i as u32 / cols);
            let x = (GAP + c * (SHEET_W + GAP)) as i32;
            let y = (GAP + TOP_H + GAP + r * (SHEET_H + GAP)) as i32;
            self.sheet(fonts, &mut canvas, view, i, sheet, x, y);
        }
        let style = Style::regular(15.0, MUTED);
        for (k, line) in legend_lines(fonts, width).iter().enumerate() {
            let y = legend_top + 22.0 + k as f32 * 20.0;
            fonts.draw(&mut canvas, GAP as f32 + 4.0, y, Align::Left, style, line);
        }
        canvas
    }

    /// Round, whose turn, the prompt and the dice.
    fn top(&self, fonts: &Fonts, canvas: &mut Canvas, view: &View, w: u32) {
        let (x, y) = (GAP as i32, GAP as i32);
        canvas.fill(x, y, w, TOP_H, PANEL);
        canvas.frame(x, y, w, TOP_H, 1, RULE);
        let (fx, fy) = (x as f32 + 16.0, y as f32);
        let end = fonts.draw(
            canvas,
            fx,
            fy + 34.0,
            Align::Left,
            Style::bold(22.0, INK),
            "Roll Through the Ages",
        );
        let mut info = match view.last_round {
            Some(last) => format!("Round {} of {last}", view.round),
            None => format!("Round {}", view.round),
        };
        if view.ending.is_some() && !view.over {
            info.push_str(" · last round");
        }
        fonts.draw(
            canvas,
            end + 14.0,
            fy + 33.0,
            Align::Left,
            Style::regular(16.0, MUTED),
            &info,
        );
        let turn_name = view
            .seats
            .get(view.turn.index())
            .map_or("?", |s| s.name.as_str());
        if view.over {
            let best = view.seats.iter().map(|s| s.score).max().unwrap_or(0);
            let winners: Vec<&str> = view
                .seats
                .iter()
                .filter(|s| s.score == best)
                .map(|s| s.name.as_str())
                .collect();
            fonts.draw(
                canvas,
                fx,
                fy + 72.0,
                Align::Left,
                Style::bold(18.0, INK),
                &format!("Game over · highest score: {}", winners.join(" and ")),
            );
            // Final scores, best first (ties by goods value, the tiebreak).
            let mut order: Vec<&Sheet> = view.seats.iter().collect();
            order.sort_by_key(|s| std::cmp::Reverse((s.score, s.goods_value)));
            let mut x = fx;
            for (k, s) in order.iter().enumerate() {
                self.badge(fonts, canvas, &s.name, x + 12.0, fy + 122.0);
                x = fonts.draw(
                    canvas,
                    x + 32.0,
                    fy + 128.0,
                    Align::Left,
                    Style::bold(18.0, INK),
                    &format!("{}. {} {}", k + 1, s.name, s.score),
                ) + 28.0;
            }
            return;
        }
        self.badge(fonts, canvas, turn_name, fx + 12.0, fy + 66.0);
        let end = fonts.draw(
            canvas,
            fx + 34.0,
            fy + 72.0,
            Align::Left,
            Style::bold(18.0, INK),
            &format!("{turn_name}'s turn"),
        );
        if let Some(d) = &view.decision {
            let who = view
                .seats
                .get(d.seat.index())
                .map_or("?", |s| s.name.as_str());
            let text = if d.seat == view.turn {
                format!("· {}", d.prompt)
            } else {
                format!("· {who} to {}", d.prompt)
            };
            fonts.draw(
                canvas,
                end + 10.0,
                fy + 72.0,
                Align::Left,
                Style::regular(16.0, MUTED),
                &text,
            );
        }
        // Dice, left; the turn's numbers, right.
        let dy = fy + 138.0;
        let mut dx = fx + 42.0;
        for die in &view.dice {
            self.die(fonts, canvas, die, dx, dy);
            dx += 108.0;
        }
        let rx = x as f32 + w as f32 - 20.0;
        if let Some(offer) = &view.offer {
            // Between the dice and the turn's numbers.
            let left = dx - 40.0;
            let w = (rx - 170.0 - left).min(560.0);
            self.offer(fonts, canvas, view, offer, left, fy + 92.0, w);
        }
        let numbers = [
            ("rerolls left", view.rerolls_left.to_string()),
            ("workers", view.workers.to_string()),
            ("coins", view.coins.to_string()),
        ];
        for (k, (label, value)) in numbers.iter().enumerate() {
            let ly = dy - 34.0 + k as f32 * 30.0;
            let lw = fonts.width(Style::regular(16.0, MUTED), label);
            fonts.draw(
                canvas,
                rx,
                ly,
                Align::Right,
                Style::regular(16.0, MUTED),
                label,
            );
            fonts.draw(
                canvas,
                rx - lw - 8.0,
                ly,
                Align::Right,
                Style::bold(18.0, INK),
                value,
            );
        }
    }

    /// The trade offer in a box `w` wide at `(x, y)`: who offers what to whom.
    #[allow(clippy::too_many_arguments)]
    fn offer(
        &self,
        fonts: &Fonts,
        canvas: &mut Canvas,
        view: &View,
        offer: &Offer,
        x: f32,
        y: f32,
        w: f32,
    ) {
        if w < 160.0 {
            return;
        }
        let name = |seat: Seat| {
            view.seats
                .get(seat.index())
                .map_or("?", |s| s.name.as_str())
        };
        let (xi, yi, h) = (x.round() as i32, y.round() as i32, 94);
        canvas.fill(xi, yi, w as u32, h, [246, 240, 224]);
        canvas.frame(xi, yi, w as u32, h, 1, RULE);
        let from = name(offer.from);
        let title = match offer.to {
            Some(to) => format!("Trade offer: {from} to {}", name(to)),
            None => format!("Trade offer from {from}, being prepared"),
        };
        let inner = w - 24.0;
        let bold = Style::bold(16.0, INK);
        let text = Style::regular(16.0, INK);
        self.badge(fonts, canvas, from, x + 22.0, y + 22.0);
        let title = fonts.fit(bold, &title, inner - 24.0);
        fonts.draw(canvas, x + 40.0, y + 28.0, Align::Left, bold, &title);
        for (k, (label, items)) in [("gives", &offer.give), ("asks for", &offer.get)]
            .iter()
            .enumerate()
        {
            let ly = y + 56.0 + k as f32 * 26.0;
            let end = fonts.draw(
                canvas,
                x + 12.0,
                ly,
                Align::Left,
                Style::regular(16.0, MUTED),
                label,
            ) + 8.0;
            let line = fonts.fit(text, &bundle(items), x + 12.0 + inner - end);
            fonts.draw(canvas, end, ly, Align::Left, text, &line);
        }
    }

    fn die(&self, fonts: &Fonts, canvas: &mut Canvas, die: &Die, x: f32, y: f32) {
        let (xi, yi) = (x.round() as i32, y.round() as i32 - 12);
        canvas.blit(
            if die.locked {
                &self.die_locked
            } else {
                &self.die
            },
            xi,
            yi,
        );
        let (big, small, colour): (&str, &str, Colour) = match die.face.as_str() {
            "good" => ("1", "good", [120, 80, 40]),
            "food" => ("3", "food", [40, 120, 40]),
            "skull" => ("2☠", "goods", [170, 30, 30]),
            "choice" => ("2|2", "food|work", [40, 90, 140]),
            "coins" => ("7", "coins", [170, 120, 0]),
            "workers" => ("3", "workers", [60, 60, 140]),
            _ => ("?", "", INK),
        };
        fonts.centred(canvas, x, y - 22.0, Style::bold(26.0, colour), big);
        fonts.centred(canvas, x, y + 4.0, Style::bold(15.0, colour), small);
        let note = match (&die.choice, die.locked, die.rolled_last) {
            (Some(c), _, _) => format!("→ {c}"),
            (None, true, _) => "locked".to_string(),
            (None, false, true) => "rolled".to_string(),
            (None, false, false) => "kept".to_string(),
        };
        let note_colour = if die.locked { [170, 30, 30] } else { MUTED };
        fonts.centred(
            canvas,
            x,
            y + 44.0,
            Style::regular(15.0, note_colour),
            &note,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn sheet(
        &self,
        fonts: &Fonts,
        canvas: &mut Canvas,
        view: &View,
        i: usize,
        sheet: &Sheet,
        x: i32,
        y: i32,
    ) {
        let d = data();
        let mark = palette::player(&sheet.name);
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
        self.badge(fonts, canvas, &sheet.name, fx + 34.0, fy + 28.0);
        let mut tx = fonts.draw(
            canvas,
            fx + 56.0,
            fy + 36.0,
            Align::Left,
            Style::bold(22.0, INK),
            &sheet.name,
        ) + 12.0;
        let mut tags = Vec::new();
        if view.start_player.is_some_and(|s| s.index() == i) {
            tags.push(("start player", [232, 226, 212]));
        }
        if to_play {
            tags.push(("to play", mix(mark.colour, [255, 255, 255], 0.55)));
        }
        for (tag, fill) in tags {
            let style = Style::bold(15.0, INK);
            let tw = fonts.width(style, tag);
            canvas.fill(tx as i32, y + 16, (tw + 14.0) as u32, 26, fill);
            fonts.draw(canvas, tx + 7.0, fy + 34.0, Align::Left, style, tag);
            tx += tw + 22.0;
        }
        let right = fx + SHEET_W as f32 - 18.0;
        let pw = fonts.width(Style::bold(15.0, MUTED), "points");
        fonts.draw(
            canvas,
            right,
            fy + 38.0,
            Align::Right,
            Style::bold(15.0, MUTED),
            "points",
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
            &format!(
                "developments {} · monuments {} · bonus {} · disasters −{}",
                p.developments, p.monuments, p.bonus, p.disasters
            ),
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
            &format!("Cities {}", sheet.cities),
        );
        // The starting cities, then the extra ones with the workers they took so far.
        let start = d.rules.start_cities;
        let mut slots: Vec<(bool, String)> = (0..start).map(|_| (true, String::new())).collect();
        for city in &sheet.city_progress {
            let note = if city.built {
                "built".to_string()
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
            &format!("Food {}", sheet.food),
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
            &format!("Goods · worth {}", sheet.goods_value),
        );
        ly += 8.0;
        for g in &d.goods {
            let Some(track) = sheet.goods.get(&g.id) else {
                continue;
            };
            fonts.draw(canvas, lx, ly + 20.0, Align::Left, small, &g.name);
            let tx0 = lx + 64.0;
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
                lx + 376.0,
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
            &format!("Disasters {}", sheet.disasters),
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
        fonts.draw(canvas, rx, ry, Align::Left, label, "Monuments");
        fonts.draw(canvas, rx + rw, ry, Align::Right, small, "first / later");
        ry += 6.0;
        for m in &view.monuments {
            let Some(md) = d.monuments.iter().find(|md| md.id == m.id) else {
                continue;
            };
            let progress = sheet.monuments.get(&m.id);
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
            let name = fonts.fit(name_style, &md.name, 136.0);
            fonts.draw(canvas, rx, ry + 19.0, Align::Left, name_style, &name);
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
                    let who = view
                        .seats
                        .get(first.index())
                        .map_or('?', |s| palette::player(&s.name).letter);
                    format!("★{who} · {}", md.later)
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
            &format!("Developments {owned}"),
        );
        fonts.draw(canvas, rx + rw, ry, Align::Right, small, "cost · points");
        ry += 4.0;
        for dev in &d.developments {
            let has = sheet.developments.contains(&dev.id);
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
            fonts.draw(canvas, rx + 20.0, ry + 19.0, Align::Left, style, &dev.name);
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
