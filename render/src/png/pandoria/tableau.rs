//! The right column of the public picture: the header with the market, and a tableau panel
//! per seat (resources, top spell, cards, building slots, score).
//!
//! Why this file is long (735 lines): a seat's panel is one drawing (`draw_seat`, about 240
//! lines, and its realm's extras, about 125) that shares its measures with the panels' layout.

use turnpost_core::pandoria::{PublicView, SeatPublic};
use turnpost_core::t;
use turnpost_core::words::{Lang, Text};

use super::extras::{self, SeatExtras, TableExtras};
use super::{Art, GAP, LABEL, PANEL_W, fit, tile_text};
use crate::png::draw::{Canvas, mix};
use crate::png::palette::{self, INK, MUTED, PANEL, PlayerMark, RULE};
use crate::png::shapes;
use crate::png::text::{Align, Fonts, Style};

/// Vertical layout of the right column.
#[derive(Debug)]
pub(super) struct PanelLayout {
    pub(super) header: u32,
    pub(super) seat: u32,
    pub(super) height: u32,
}

pub(super) fn layout_panels(view: &PublicView, extra: &TableExtras) -> PanelLayout {
    let market =
        extra.market.is_some() || extra.monument_top.is_some() || extra.monuments_left.is_some();
    let header = if market { 104 + MARKET_H } else { 104 };
    let seat = if extra.seats.iter().any(SeatExtras::any) {
        SEAT_FULL_H
    } else {
        132
    };
    let n = view.seats.len() as u32;
    PanelLayout {
        header,
        seat,
        height: GAP + header + GAP + n * (seat + GAP),
    }
}

/// Height of the market row in the header.
pub(super) const MARKET_H: u32 = 146;
/// Height of a seat panel with the base game's parts.
pub(super) const SEAT_FULL_H: u32 = 246;

#[allow(clippy::too_many_arguments)]
pub(super) fn draw_panels(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    view: &PublicView,
    extra: &TableExtras,
    layout: &PanelLayout,
    x: i32,
    lang: Lang,
) {
    let w = PANEL_W;
    let mut y = GAP as i32;
    // Header: game, round, tiles left, who is to play.
    canvas.fill(x, y, w, layout.header, PANEL);
    canvas.frame(x, y, w, layout.header, 1, RULE);
    let outer = canvas.text_box(Some((x as f32, y as f32, w as f32, layout.header as f32)));
    let tx = x as f32 + 16.0;
    let end = fonts.draw(
        canvas,
        tx,
        y as f32 + 32.0,
        Align::Left,
        Style::bold(22.0, INK),
        &lang.render(&t!("render-pandoria-title")),
    );
    let mut info = vec![t!(
        "render-pandoria-round-tiles",
        round = view.round,
        tiles = view.tiles_left
    )];
    if view.last_round {
        info.push(t!("render-last-round"));
    }
    if let Some(tile) = &view.drawn_tile {
        // A Terrain spell's tile (or a single tile drawn with Artifacts), public while it
        // waits to be placed.
        info.push(t!("render-pandoria-drawn", tile = tile_text(tile)));
    } else if (extra.market.is_some() || view.options.artifacts) && view.single_tiles_left > 0 {
        info.push(t!("render-pandoria-singles", n = view.single_tiles_left));
    }
    if view.options.artifacts {
        // The relics left, by their points (what they cost is in the legend line below).
        let left: Vec<String> = view
            .relics_left
            .iter()
            .map(|r| format!("{}", r.points))
            .collect();
        if left.is_empty() {
            info.push(t!("render-pandoria-no-relic"));
        } else {
            let points = turnpost_core::words::Arg::raw(left.join(" "));
            info.push(t!("render-pandoria-relics", points = points));
        }
    }
    let info = lang.render(&crate::png::summary::dotted(info));
    // Smaller where a language's words are longer (German's "Plättchen übrig").
    let room = x as f32 + w as f32 - 16.0 - (end + 14.0);
    let (style, info) = fonts.fitted(Style::regular(17.0, MUTED), &info, room, 13.0);
    fonts.draw(
        canvas,
        end + 14.0,
        y as f32 + 31.0,
        Align::Left,
        style,
        &info,
    );
    let line2 = y as f32 + 72.0;
    match (&view.outcome, view.to_act) {
        (Some(o), _) => {
            let names: Vec<Text> = o
                .winners
                .iter()
                .filter_map(|s| view.seats.get(s.index()).map(|s| s.colour.clone()))
                .collect();
            let over = t!(
                "render-pandoria-over",
                n = names.len(),
                winners = Text::and_list(names)
            );
            fonts.draw(
                canvas,
                tx,
                line2,
                Align::Left,
                Style::bold(18.0, INK),
                &lang.render(&over),
            );
        }
        (None, Some(seat)) => {
            let mark = art.mark(seat.index());
            badge(
                art,
                fonts,
                canvas,
                seat.index(),
                (tx + 14.0, line2 - 6.0),
                false,
                lang,
            );
            let unknown = Text::raw("?");
            let name = view.seats.get(seat.index()).map_or(&unknown, |s| &s.colour);
            let end = fonts.draw(
                canvas,
                tx + 36.0,
                line2,
                Align::Left,
                Style::bold(18.0, INK),
                &lang.render(&t!("render-glance-to-play", seat = name)),
            );
            if let Some(prompt) = &view.prompt {
                let _ = mark;
                // A long prompt is cut to the panel (with "…"); the panel itself lists the
                // choices, so nothing is lost.
                let style = Style::regular(17.0, MUTED);
                let room = x as f32 + w as f32 - 16.0 - (end + 10.0);
                let prompt = lang.render(&t!("render-pandoria-prompt", prompt = prompt));
                let text = fit(fonts, style, &prompt, room);
                fonts.draw(canvas, end + 10.0, line2, Align::Left, style, &text);
            }
        }
        (None, None) => {}
    }
    if layout.header > 104 {
        draw_market(art, fonts, canvas, extra, (x + 16, y + 96), lang);
    }
    canvas.restore_text_box(outer);
    y += (layout.header + GAP) as i32;
    let none = SeatExtras::default();
    for (i, seat) in view.seats.iter().enumerate() {
        let more = extra.seats.get(i).unwrap_or(&none);
        let outer = canvas.text_box(Some((x as f32, y as f32, w as f32, layout.seat as f32)));
        draw_seat(
            art,
            fonts,
            canvas,
            (view, i, seat, more),
            (x, y, w, layout.seat),
            lang,
        );
        canvas.restore_text_box(outer);
        y += (layout.seat + GAP) as i32;
    }
}

/// The market's cards (two rows of two) and the monument stack.
pub(super) fn draw_market(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    extra: &TableExtras,
    (x, y): (i32, i32),
    lang: Lang,
) {
    let fx = x as f32;
    fonts.draw(
        canvas,
        fx,
        y as f32 + 4.0,
        Align::Left,
        Style::bold(15.0, MUTED),
        &lang.render(&match extra.cards_left {
            Some(n) => t!("render-pandoria-market-deck", n = n),
            None => t!("render-pandoria-market"),
        }),
    );
    // Each row carries its market position, as `buy 2` and "Buy market card 2" name it.
    let (nw, cw, ch) = (22i32, 438u32, 30u32);
    for (k, card) in extra.market.iter().flatten().take(4).enumerate() {
        let cy = y + 12 + k as i32 * (ch as i32 + 4);
        fonts.draw(
            canvas,
            fx + nw as f32 / 2.0 - 1.0,
            cy as f32 + ch as f32 / 2.0 + 6.0,
            Align::Centre,
            Style::bold(17.0, INK),
            &(k + 1).to_string(),
        );
        let outer = canvas.text_box(Some(((x + nw) as f32, cy as f32, cw as f32, ch as f32)));
        market_card(art, fonts, canvas, card, x + nw, cy, cw, ch);
        canvas.restore_text_box(outer);
    }
    let mx = x + nw + cw as i32 + 10;
    let mw = PANEL_W as i32 - 32 - (mx - x);
    if mw > 40 && (extra.monument_top.is_some() || extra.monuments_left.is_some()) {
        let h = 4 * ch + 12;
        canvas.fill(mx, y + 12, mw as u32, h, [236, 230, 216]);
        canvas.frame(mx, y + 12, mw as u32, h, 1, RULE);
        let mcx = mx as f32 + mw as f32 / 2.0;
        fonts.draw(
            canvas,
            mcx,
            y as f32 + 32.0,
            Align::Centre,
            Style::regular(15.0, MUTED),
            &fit(
                fonts,
                Style::regular(15.0, MUTED),
                &lang.render(&t!("render-pandoria-monument")),
                mw as f32 - 6.0,
            ),
        );
        if let Some(top) = extra.monument_top {
            fonts.draw(
                canvas,
                mcx,
                y as f32 + 64.0,
                Align::Centre,
                Style::bold(28.0, INK),
                &top.to_string(),
            );
        }
        if let Some(left) = extra.monuments_left {
            fonts.draw(
                canvas,
                mcx,
                y as f32 + 88.0,
                Align::Centre,
                Style::regular(15.0, MUTED),
                &lang.render(&t!("render-pandoria-left", n = left)),
            );
        }
    }
}

/// A market card as one strip: spell and crystals, building and wood, price in gold.
#[allow(clippy::too_many_arguments)]
pub(super) fn market_card(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    card: &extras::Card,
    x: i32,
    y: i32,
    w: u32,
    h: u32,
) {
    let part = (w - 80) / 2;
    canvas.fill(x, y, w, h, [120, 112, 100]);
    canvas.fill(x + 1, y + 1, part - 1, h - 2, [234, 228, 250]);
    canvas.fill(x + part as i32 + 1, y + 1, part - 1, h - 2, [228, 242, 222]);
    canvas.fill(
        x + 2 * part as i32 + 1,
        y + 1,
        w - 2 * part - 2,
        h - 2,
        [252, 246, 224],
    );
    let base = y as f32 + h as f32 / 2.0 + 5.5;
    let sides = [
        (&card.spell, 0, x + 1),
        (&card.building, 2, x + part as i32 + 1),
    ];
    for (side, resource, left) in sides {
        let Some(side) = side else { continue };
        let right = (left + part as i32) as f32 - 6.0;
        let (style, name) = market_name(fonts, &side.name, part);
        fonts.draw(canvas, left as f32 + 6.0, base, Align::Left, style, &name);
        if let Some(cost) = side.cost {
            cost_tag(art, fonts, canvas, resource, cost, right, base);
        }
    }
    if let Some(gold) = card.gold {
        cost_tag(
            art,
            fonts,
            canvas,
            1,
            gold,
            (x + w as i32) as f32 - 8.0,
            base,
        );
    }
}

/// A side's name on a market card whose sides are `part` pixels wide, left of its cost:
/// smaller where it is long (German's "Große Schatzkammer").
pub(super) fn market_name(fonts: &Fonts, name: &str, part: u32) -> (Style, String) {
    fonts.fitted(Style::regular(15.0, INK), name, part as f32 - 52.0, 11.0)
}

/// A cost: the number and the resource icon (0 crystal, 1 gold, 2 wood), right-aligned at `x`
/// on the baseline `y`.
#[allow(clippy::too_many_arguments)]
pub(super) fn cost_tag(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    resource: usize,
    n: u64,
    x: f32,
    y: f32,
) {
    canvas.blit(
        &art.resource_icons[resource],
        (x - 7.0) as i32,
        (y - 6.0) as i32,
    );
    fonts.draw(
        canvas,
        x - 16.0,
        y,
        Align::Right,
        Style::bold(15.0, INK),
        &n.to_string(),
    );
}

/// The base game's part of a seat panel: resource tracks, top spell, cards, building slots.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_seat_extras(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    more: &SeatExtras,
    mark: &PlayerMark,
    (x, y): (f32, f32),
    lang: Lang,
) {
    let label = Style::regular(15.0, MUTED);
    if let Some(res) = more.resources {
        for (k, (name, colour)) in [
            (t!("render-pandoria-crystal"), [160, 130, 230]),
            (t!("render-pandoria-gold"), [245, 200, 60]),
            (t!("render-pandoria-wood"), [150, 200, 110]),
        ]
        .iter()
        .enumerate()
        {
            let ty = y + k as f32 * 26.0;
            let name = fit(fonts, label, &lang.render(name), 60.0);
            fonts.draw(canvas, x, ty + 18.0, Align::Left, label, &name);
            for v in 0..=10u64 {
                let cx = x + 64.0 + v as f32 * 22.0;
                let on = res[k] == v;
                canvas.fill(cx as i32, ty as i32 + 2, 21, 23, [150, 142, 130]);
                if v > more.camp {
                    // Beyond the camp (the Fairies hold 8): a shut box without a number.
                    canvas.fill(cx as i32 + 1, ty as i32 + 3, 19, 21, [196, 188, 176]);
                    continue;
                }
                canvas.fill(
                    cx as i32 + 1,
                    ty as i32 + 3,
                    19,
                    21,
                    if on { *colour } else { [250, 248, 242] },
                );
                let style = if on {
                    Style::bold(15.0, INK)
                } else {
                    Style::regular(15.0, MUTED)
                };
                fonts.centred(canvas, cx + 10.5, ty + 13.5, style, &v.to_string());
            }
        }
    }
    let rx = x + 330.0;
    let mut ry = y + 18.0;
    if let Some(spell) = &more.top_spell {
        // A long name ("Landschaft (einzeln)") gets smaller, and so does the label before it
        // where that is not enough; then the label is the short one ("Zauber").
        let full = lang.render(&t!("render-pandoria-top-spell"));
        let short = lang.render(&t!("render-pandoria-top-spell-short"));
        let bold = Style::bold(17.0, INK);
        let room = |label: Style, top: &str| x + 560.0 - rx - fonts.width(label, top) - 8.0;
        let wordings = [(15.0, &full), (13.0, &full), (15.0, &short), (12.0, &short)];
        let (label, top) = wordings
            .into_iter()
            .map(|(size, top)| (Style::regular(size, MUTED), top))
            .find(|&(l, top)| {
                let style = fonts.shrunk(bold, &[spell], room(l, top), 12.0);
                fonts.width(style, spell) <= room(l, top)
            })
            .unwrap_or((Style::regular(12.0, MUTED), &short));
        let end = fonts.draw(canvas, rx, ry, Align::Left, label, top) + 8.0;
        let (style, name) = fonts.fitted(bold, spell, x + 560.0 - end, 11.0);
        fonts.draw(canvas, end, ry, Align::Left, style, &name);
        ry += 26.0;
    }
    if let Some(n) = more.spells_cast.filter(|&n| n > 0) {
        // How many spells the seat has cast (the top one among them), under the top spell.
        let cast = lang.render(&t!("render-pandoria-spells-cast"));
        let end = fonts.draw(canvas, rx, ry, Align::Left, label, &cast) + 8.0;
        fonts.draw(
            canvas,
            end,
            ry,
            Align::Left,
            Style::bold(17.0, INK),
            &n.to_string(),
        );
        ry += 26.0;
    }
    if let Some(cards) = more.cards {
        let in_hand = lang.render(&t!("render-pandoria-cards-in-hand"));
        let end = fonts.draw(canvas, rx, ry, Align::Left, label, &in_hand) + 8.0;
        fonts.draw(
            canvas,
            end,
            ry,
            Align::Left,
            Style::bold(17.0, INK),
            &cards.to_string(),
        );
    }
    if let Some(slots) = &more.slots {
        let sy = y + 84.0;
        for k in 0..5 {
            let sx = x + k as f32 * 114.0;
            let slot = slots.get(k).cloned().unwrap_or_default();
            let (fill, text, bold) = match (&slot.monument, &slot.building) {
                _ if slot.shut => (
                    [196, 188, 176],
                    lang.render(&t!("render-pandoria-no-slot")),
                    false,
                ),
                (Some(points), _) => (
                    [236, 226, 196],
                    lang.render(&t!("render-pandoria-monument-points", points = *points)),
                    true,
                ),
                (None, Some(b)) => (mix(mark.colour, [255, 255, 255], 0.8), b.clone(), true),
                (None, None) => (
                    [246, 243, 236],
                    lang.render(&t!("render-pandoria-slot", n = k + 1)),
                    false,
                ),
            };
            canvas.fill(sx as i32, sy as i32, 108, 48, [150, 142, 130]);
            let outer = canvas.text_box(Some((sx, sy, 108.0, 48.0)));
            canvas.fill(sx as i32 + 1, sy as i32 + 1, 106, 46, fill);
            let style = if bold {
                Style::bold(15.0, INK)
            } else {
                Style::regular(15.0, MUTED)
            };
            // An occupied slot keeps its number, as "Build … in slot 3 over Statue" uses it.
            if bold {
                fonts.draw(
                    canvas,
                    sx + 5.0,
                    sy + 13.0,
                    Align::Left,
                    Style::regular(12.0, MUTED),
                    &(k + 1).to_string(),
                );
            }
            // Two lines of a long name, smaller where a word is long (German's
            // "Schatzkammer"); the first of two clear of the slot's number.
            let first = if bold { 84.0 } else { 98.0 };
            let (style, lines) = fonts.wrapped_in(style, &text, (first, 98.0), 2, 11.0);
            let n = lines.len() as f32;
            for (j, line) in lines.iter().enumerate() {
                let ly = sy + 24.0 + (j as f32 - (n - 1.0) / 2.0) * 18.0;
                fonts.centred(canvas, sx + 54.0, ly, style, line);
            }
            canvas.restore_text_box(outer);
            // Goblins: a figure on the building, in its owner's colour, top right.
            if let Some(owner) = slot.goblin {
                let sprite = art.pick(&art.small_workers, owner);
                canvas.blit(
                    sprite,
                    (sx + 108.0 - sprite.width() as f32 / 2.0 - 2.0) as i32,
                    (sy + 12.0) as i32,
                );
            }
        }
    }
}

/// A player's badge: their shape with their letter in `lang`.
pub(super) fn badge(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    seat: usize,
    (x, y): (f32, f32),
    big: bool,
    lang: Lang,
) {
    let mark = art.mark(seat);
    let (sprite, size) = if big {
        (art.pick(&art.workers, seat), LABEL)
    } else {
        (art.pick(&art.small_workers, seat), 13.0)
    };
    canvas.blit(sprite, x.round() as i32, y.round() as i32);
    let drop = shapes::letter_drop(&mark, if big { 12.0 } else { 9.0 });
    let letter = art.letter(seat, lang);
    fonts.centred(
        canvas,
        x,
        y + 0.5 + drop,
        Style::bold(palette::letter_size(size, &letter), mark.ink),
        &letter,
    );
}

pub(super) fn draw_seat(
    art: &Art,
    fonts: &Fonts,
    canvas: &mut Canvas,
    (view, i, seat, more): (&PublicView, usize, &SeatPublic, &SeatExtras),
    (x, y, w, h): (i32, i32, u32, u32),
    lang: Lang,
) {
    let mark = art.mark(i);
    let to_play = view.outcome.is_none() && view.to_act.is_some_and(|s| s.index() == i);
    canvas.fill(x, y, w, h, PANEL);
    if to_play {
        canvas.frame(x, y, w, h, 4, mark.colour);
        canvas.frame(x + 4, y + 4, w - 8, h - 8, 1, mark.dark);
    } else {
        canvas.frame(x, y, w, h, 1, RULE);
    }
    // A colour strip down the left edge carries the player's colour at a glance.
    canvas.fill(x + 4, y + 4, 8, h - 8, mark.colour);
    let (fx, fy) = (x as f32, y as f32);
    badge(art, fonts, canvas, i, (fx + 36.0, fy + 28.0), true, lang);
    let mut end = fonts.draw(
        canvas,
        fx + 58.0,
        fy + 36.0,
        Align::Left,
        Style::bold(22.0, INK),
        &lang.render(&seat.colour),
    );
    if let Some(realm) = &more.realm {
        end = fonts.draw(
            canvas,
            end + 8.0,
            fy + 36.0,
            Align::Left,
            Style::regular(18.0, MUTED),
            &format!("· {realm}"),
        );
    }
    if let Some(team) = seat.team_score {
        end = fonts.draw(
            canvas,
            end + 8.0,
            fy + 36.0,
            Align::Left,
            Style::regular(15.0, MUTED),
            &lang.render(&t!("render-pandoria-team", points = team)),
        );
    }
    // Each tag, and whether it is drawn in the seat's colour.
    let mut tags: Vec<(Text, bool)> = Vec::new();
    if view.start_player.index() == i {
        tags.push((t!("render-start-player"), false));
    }
    if to_play {
        tags.push((t!("render-to-play"), true));
    }
    if let Some(o) = &view.outcome {
        if o.winners.iter().any(|s| s.index() == i) {
            tags.push((t!("render-pandoria-winner"), true));
        } else if let Some(rank) = o.ranks.get(i) {
            tags.push((t!("render-pandoria-rank", rank = *rank), false));
        }
    }
    let mut tx = end + 12.0;
    for (tag, coloured) in tags {
        let tag = lang.render(&tag);
        let style = Style::bold(15.0, INK);
        let tw = fonts.width(style, &tag);
        let fill = if coloured {
            mix(mark.colour, [255, 255, 255], 0.55)
        } else {
            [232, 226, 212]
        };
        canvas.fill(tx as i32, y + 16, (tw + 14.0) as u32, 26, fill);
        fonts.draw(canvas, tx + 7.0, fy + 34.0, Align::Left, style, &tag);
        tx += tw + 22.0;
    }
    // Score, right.
    let right = fx + w as f32 - 18.0;
    let points = lang.render(&t!("render-points"));
    fonts.draw(
        canvas,
        right,
        fy + 40.0,
        Align::Right,
        Style::bold(15.0, MUTED),
        &points,
    );
    let pw = fonts.width(Style::bold(15.0, MUTED), &points);
    fonts.draw(
        canvas,
        right - pw - 8.0,
        fy + 42.0,
        Align::Right,
        Style::bold(28.0, INK),
        &seat.score.to_string(),
    );
    if more.any() {
        draw_seat_extras(
            art,
            fonts,
            canvas,
            more,
            &mark,
            (fx + 26.0, fy + 54.0),
            lang,
        );
    }
    // Reserve: figures, castles, hand.
    let row = fy + h as f32 - 40.0;
    let label = Style::regular(15.0, MUTED);
    let mut cx = fx + 26.0;
    let say = |text: Text| lang.render(&text);
    cx = fonts.draw(
        canvas,
        cx,
        row + 6.0,
        Align::Left,
        label,
        &say(t!("render-pandoria-reserve")),
    ) + 14.0;
    if seat.leader {
        canvas.blit(
            art.pick(&art.small_leaders, i),
            (cx + 12.0) as i32,
            row as i32,
        );
        let drop = shapes::letter_drop(&mark, 9.5);
        let letter = art.letter(i, lang);
        fonts.centred(
            canvas,
            cx + 12.0,
            row + drop,
            Style::bold(palette::letter_size(13.0, &letter), mark.ink),
            &letter,
        );
        cx += 32.0;
    }
    for _ in 0..seat.workers {
        canvas.blit(
            art.pick(&art.small_workers, i),
            (cx + 10.0) as i32,
            row as i32,
        );
        cx += 24.0;
    }
    if !seat.leader && seat.workers == 0 {
        cx = fonts.draw(
            canvas,
            cx,
            row + 6.0,
            Align::Left,
            label,
            &say(t!("render-none")),
        ) + 8.0;
    }
    cx += 18.0;
    cx = fonts.draw(
        canvas,
        cx,
        row + 6.0,
        Align::Left,
        label,
        &say(t!("render-pandoria-castles")),
    ) + 10.0;
    for _ in 0..seat.castles {
        canvas.blit(
            art.pick(&art.small_castles, i),
            (cx + 13.0) as i32,
            row as i32,
        );
        cx += 30.0;
    }
    if seat.mountain {
        // Artifacts: the mountain castle still in reserve, on its rock, and named.
        canvas.fill((cx - 2.0) as i32, (row - 15.0) as i32, 30, 30, [70, 64, 58]);
        canvas.fill(
            (cx - 1.0) as i32,
            (row - 14.0) as i32,
            28,
            28,
            [150, 140, 128],
        );
        canvas.blit(
            art.pick(&art.small_castles, i),
            (cx + 13.0) as i32,
            row as i32,
        );
        let mountain = say(t!("render-pandoria-mountain"));
        cx = fonts.draw(canvas, cx + 32.0, row + 6.0, Align::Left, label, &mountain) + 8.0;
    }
    if seat.castles == 0 && !seat.mountain {
        cx = fonts.draw(
            canvas,
            cx,
            row + 6.0,
            Align::Left,
            label,
            &say(t!("render-none")),
        ) + 8.0;
    }
    cx += 18.0;
    cx = fonts.draw(
        canvas,
        cx,
        row + 6.0,
        Align::Left,
        label,
        &say(t!("render-pandoria-hand")),
    ) + 10.0;
    canvas.blit(&art.tile_icon, (cx + 22.0) as i32, row as i32);
    fonts.draw(
        canvas,
        cx + 48.0,
        row + 6.0,
        Align::Left,
        Style::bold(17.0, INK),
        &format!("× {}", seat.hand_tiles),
    );
    cx += 100.0;
    // Artifacts: the artifacts this seat may spend and the relics it took.
    if view.options.artifacts {
        canvas.blit(&art.artifact, (cx + 8.0) as i32, row as i32);
        cx = fonts.draw(
            canvas,
            cx + 20.0,
            row + 6.0,
            Align::Left,
            Style::bold(17.0, INK),
            &format!("× {}", seat.artifacts),
        ) + 14.0;
        if !seat.relics.is_empty() {
            let relics: Vec<String> = seat.relics.iter().map(u8::to_string).collect();
            cx = fonts.draw(
                canvas,
                cx,
                row + 6.0,
                Align::Left,
                label,
                &say(t!(
                    "render-pandoria-relics-taken",
                    points = turnpost_core::words::Arg::raw(relics.join(" "))
                )),
            ) + 18.0;
        }
    }
    // Spirits of the Ancients: the figure haunting this player, waiting in its reserve.
    if let Some(f) = seat.haunted_by {
        let haunted = say(t!("render-pandoria-haunted-by"));
        cx = fonts.draw(canvas, cx, row + 6.0, Align::Left, label, &haunted) + 10.0;
        let sprite = if f.leader {
            art.pick(&art.small_leaders, f.seat.index())
        } else {
            art.pick(&art.small_workers, f.seat.index())
        };
        canvas.blit(
            sprite,
            (cx + sprite.width() as f32 / 2.0) as i32,
            row as i32,
        );
        cx += sprite.width() as f32 + 18.0;
    }
    // Hanbok: the opponents' figures held captive, in their owners' colours.
    if !seat.captives.is_empty() {
        let captives = say(t!("render-pandoria-captives"));
        cx = fonts.draw(canvas, cx, row + 6.0, Align::Left, label, &captives) + 10.0;
        for f in seat.captives.iter().take(MAX_CAPTIVES_DRAWN) {
            let owner = f.seat.index();
            let sprite = if f.leader {
                art.pick(&art.small_leaders, owner)
            } else {
                art.pick(&art.small_workers, owner)
            };
            let half = sprite.width() as f32 / 2.0;
            canvas.blit(sprite, (cx + half) as i32, row as i32);
            cx += sprite.width() as f32 + 2.0;
        }
        if seat.captives.len() > MAX_CAPTIVES_DRAWN {
            fonts.draw(
                canvas,
                cx + 4.0,
                row + 6.0,
                Align::Left,
                Style::bold(17.0, INK),
                &format!("+{}", seat.captives.len() - MAX_CAPTIVES_DRAWN),
            );
        }
    }
}

/// Captives drawn one by one; more are counted ("+3").
const MAX_CAPTIVES_DRAWN: usize = 6;
