//! The strip on top of the Roll Through the Ages picture: the round, whose turn it is and
//! the prompt, the current dice, the turn's numbers and a pending trade offer.

use std::collections::BTreeMap;

use turnpost_core::Seat;
use turnpost_core::rtta::{DieView, Face, Good, OfferView, PublicView, TableauView};
use turnpost_core::t;
use turnpost_core::words::{Lang, Text};

use super::super::draw::Canvas;
use super::super::palette::{INK, MUTED, PANEL, RULE};
use super::super::text::{Align, Fonts, Style};
use super::{Art, GAP, TOP_H};

/// A bundle of an offer in words: `2 wood, 1 food`, or `nothing`.
fn bundle(items: &BTreeMap<&str, u8>) -> Text {
    let parts: Vec<Text> = items
        .iter()
        .filter(|&(_, &n)| n > 0)
        .map(|(&id, &n)| t!("render-rtta-amount", n = n, good = good_name(id)))
        .collect();
    if parts.is_empty() {
        t!("render-nothing")
    } else {
        super::super::summary::listed(parts)
    }
}

/// A good's name by its id in the view (`wood`; `food` is no good but is traded too).
pub(super) fn good_name(id: &str) -> Text {
    Good::all()
        .find(|g| g.id() == id)
        .map_or_else(|| t!("render-rtta-food"), Good::text)
}

impl Art {
    /// Round, whose turn, the prompt and the dice.
    pub(super) fn top(
        &self,
        fonts: &Fonts,
        canvas: &mut Canvas,
        view: &PublicView,
        w: u32,
        lang: Lang,
    ) {
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
            &lang.render(&t!("render-rtta-title")),
        );
        let round = match view.last_round {
            Some(last) => t!("render-rtta-round-of", round = view.round, last = last),
            None => t!("render-rtta-round", round = view.round),
        };
        let info = lang.render(&if view.ending.is_some() && !view.over {
            t!("render-rtta-round-last", round = round)
        } else {
            round
        });
        fonts.draw(
            canvas,
            end + 14.0,
            fy + 33.0,
            Align::Left,
            Style::regular(16.0, MUTED),
            &info,
        );
        let unknown = Text::raw("?");
        let turn_name = view
            .seats
            .get(view.turn.index())
            .map_or(&unknown, |s| &s.name);
        if view.over {
            let best = view.seats.iter().map(|s| s.score).max().unwrap_or(0);
            let winners = Text::and_list(
                view.seats
                    .iter()
                    .filter(|s| s.score == best)
                    .map(|s| s.name.clone()),
            );
            fonts.draw(
                canvas,
                fx,
                fy + 72.0,
                Align::Left,
                Style::bold(18.0, INK),
                &lang.render(&t!("render-rtta-over", winners = winners)),
            );
            // Final scores, best first (ties by goods value, the tiebreak).
            let mut order: Vec<&TableauView> = view.seats.iter().collect();
            order.sort_by_key(|s| std::cmp::Reverse((s.score, s.goods_value)));
            let mut x = fx;
            for (k, s) in order.iter().enumerate() {
                self.badge(fonts, canvas, &s.name, (x + 12.0, fy + 122.0), lang);
                x = fonts.draw(
                    canvas,
                    x + 32.0,
                    fy + 128.0,
                    Align::Left,
                    Style::bold(18.0, INK),
                    &lang.render(&t!(
                        "render-rtta-place",
                        place = k + 1,
                        seat = &s.name,
                        points = s.score
                    )),
                ) + 28.0;
            }
            return;
        }
        self.badge(fonts, canvas, turn_name, (fx + 12.0, fy + 66.0), lang);
        let end = fonts.draw(
            canvas,
            fx + 34.0,
            fy + 72.0,
            Align::Left,
            Style::bold(18.0, INK),
            &lang.render(&t!("render-rtta-turn-of", seat = turn_name)),
        );
        if let Some(d) = &view.decision {
            let who = view.seats.get(d.seat.index()).map_or(&unknown, |s| &s.name);
            let text = lang.render(&if d.seat == view.turn {
                t!("render-rtta-prompt", prompt = &d.prompt)
            } else {
                t!("render-rtta-prompt-of", seat = who, prompt = &d.prompt)
            });
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
        for (n, die) in view.dice.iter().enumerate() {
            self.die(fonts, canvas, n + 1, die, (dx, dy), lang);
            dx += 108.0;
        }
        let rx = x as f32 + w as f32 - 20.0;
        if let Some(offer) = &view.offer {
            // Between the dice and the turn's numbers.
            let left = dx - 40.0;
            let w = (rx - 170.0 - left).min(560.0);
            let outer = canvas.text_box(Some((left, fy + 92.0, w, 94.0)));
            self.offer(fonts, canvas, (view, offer), (left, fy + 92.0, w), lang);
            canvas.restore_text_box(outer);
        }
        let numbers = [
            (
                t!("render-rtta-rerolls-left"),
                view.rerolls_left.to_string(),
            ),
            (t!("render-rtta-workers"), view.workers.to_string()),
            (t!("render-rtta-coins"), view.coins.to_string()),
        ];
        for (k, (label, value)) in numbers.iter().enumerate() {
            let label = &lang.render(label);
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
    fn offer(
        &self,
        fonts: &Fonts,
        canvas: &mut Canvas,
        (view, offer): (&PublicView, &OfferView),
        (x, y, w): (f32, f32, f32),
        lang: Lang,
    ) {
        if w < 160.0 {
            return;
        }
        let unknown = Text::raw("?");
        let name = |seat: Seat| view.seats.get(seat.index()).map_or(&unknown, |s| &s.name);
        let (xi, yi, h) = (x.round() as i32, y.round() as i32, 94);
        canvas.fill(xi, yi, w as u32, h, [246, 240, 224]);
        canvas.frame(xi, yi, w as u32, h, 1, RULE);
        let from = name(offer.from);
        let title = lang.render(&match offer.to {
            Some(to) => t!("render-rtta-offer-to", from = from, to = name(to)),
            None => t!("render-rtta-offer-prepared", from = from),
        });
        let inner = w - 24.0;
        let bold = Style::bold(16.0, INK);
        let text = Style::regular(16.0, INK);
        self.badge(fonts, canvas, from, (x + 22.0, y + 22.0), lang);
        let title = fonts.fit(bold, &title, inner - 24.0);
        fonts.draw(canvas, x + 40.0, y + 28.0, Align::Left, bold, &title);
        let sides = [
            (t!("render-rtta-offer-gives"), &offer.give),
            (t!("render-rtta-offer-asks"), &offer.get),
        ];
        for (k, (label, items)) in sides.iter().enumerate() {
            let label = &lang.render(label);
            let ly = y + 56.0 + k as f32 * 26.0;
            let end = fonts.draw(
                canvas,
                x + 12.0,
                ly,
                Align::Left,
                Style::regular(16.0, MUTED),
                label,
            ) + 8.0;
            let line = fonts.fit(text, &lang.render(&bundle(items)), x + 12.0 + inner - end);
            fonts.draw(canvas, end, ly, Align::Left, text, &line);
        }
    }

    /// Die number `n` (from 1, as `reroll 1 3` and "Reroll dice 1 and 3" count them).
    fn die(
        &self,
        fonts: &Fonts,
        canvas: &mut Canvas,
        n: usize,
        die: &DieView,
        (x, y): (f32, f32),
        lang: Lang,
    ) {
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
        // The face as a picture; the coins' number on its coin.
        let k = Face::ALL.iter().position(|&f| f == die.face).unwrap_or(0);
        canvas.blit(&self.faces[k], xi, yi);
        if die.face == Face::Coins {
            // The number of coins the face shows, as the printed die does.
            fonts.centred(
                canvas,
                x,
                y - 12.0 + 9.0,
                Style::bold(26.0, [90, 60, 0]),
                &turnpost_core::rtta::data().rules.coins_per_die.to_string(),
            );
        }
        let note = lang.render(&match (die.choice, die.locked, die.rolled_last) {
            (Some(c), _, _) => t!(
                "render-rtta-die-chosen",
                n = n,
                choice = Text::dynamic(format!("render-rtta-choice-{c}"))
            ),
            (None, true, _) => t!("render-rtta-die-locked", n = n),
            (None, false, true) => t!("render-rtta-die-rolled", n = n),
            (None, false, false) => t!("render-rtta-die-kept", n = n),
        });
        let note_colour = if die.locked { [170, 30, 30] } else { MUTED };
        fonts.centred(
            canvas,
            x,
            y + 44.0,
            Style::regular(15.0, note_colour),
            &note,
        );
    }
}
