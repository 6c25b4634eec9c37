//! The hand cards picture, laid out for a phone: one card under the other, the whole width
//! each, with both sides' names, costs in words and full effect texts (wrapped, never cut
//! short) and the market price.

use turnpost_core::pandoria::SeatView;
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use super::Art;
use super::extras;
use crate::png::draw::{Canvas, Colour};
use crate::png::palette::{INK, MUTED, PAPER};
use crate::png::text::{Align, Fonts, Style};

/// The picture's width: narrow, so that a phone shows it large.
pub(crate) const CARDS_WIDTH: u32 = 640;
/// The smallest text: on a picture [`CARDS_WIDTH`] wide, shown 400 pixels wide, its
/// capitals stay about 10 pixels tall.
pub(crate) const CARD_TEXT: f32 = 22.0;
const CARD_NAME: f32 = 26.0;
const TITLE: f32 = 28.0;
/// Space around the picture, between cards, and inside a card.
const MARGIN: f32 = 16.0;
const PAD: f32 = 14.0;
const LINE: f32 = CARD_TEXT + 9.0;

/// A card's box on the picture: `(x, y, width, height)`.
pub(crate) type CardBox = (f32, f32, f32, f32);

/// The hand cards picture: each card with its spell side (crystal cost), building side
/// (wood cost), effect texts and gold price, one under the other.
pub(crate) fn cards(
    art: &Art,
    fonts: &Fonts,
    view: &SeatView,
    cards: &[extras::Card],
    lang: Lang,
) -> Canvas {
    cards_with_boxes(art, fonts, view, cards, lang).0
}

/// [`cards`], with the box of each card (the tests check that every text stays in its box).
pub(crate) fn cards_with_boxes(
    art: &Art,
    fonts: &Fonts,
    view: &SeatView,
    cards: &[extras::Card],
    lang: Lang,
) -> (Canvas, Vec<CardBox>) {
    let w = CARDS_WIDTH as f32;
    let card_w = w - 2.0 * MARGIN;
    let top = MARGIN + TITLE + 14.0;
    let heights: Vec<f32> = cards
        .iter()
        .map(|c| card(fonts, None, c, (MARGIN, 0.0, card_w), lang))
        .collect();
    let empty = cards.is_empty();
    let height = top
        + heights.iter().map(|h| h + MARGIN).sum::<f32>()
        + if empty { LINE + MARGIN } else { 0.0 };
    let mut canvas = Canvas::new(CARDS_WIDTH, height.ceil() as u32, PAPER);
    let seat = view.seat.index();
    let unknown = Text::raw("?");
    let name = view.public.seats.get(seat).map_or(&unknown, |s| &s.colour);
    let mark = art.mark(seat);
    canvas.fill(
        MARGIN as i32,
        (MARGIN + 4.0) as i32,
        18,
        (TITLE * 0.8) as u32,
        mark.colour,
    );
    fonts.draw(
        &mut canvas,
        MARGIN + 30.0,
        MARGIN + TITLE,
        Align::Left,
        Style::bold(TITLE, INK),
        &fonts.fit(
            Style::bold(TITLE, INK),
            &lang.render(&t!("render-cards-title", seat = name)),
            w - MARGIN - 30.0 - MARGIN,
        ),
    );
    if empty {
        fonts.draw(
            &mut canvas,
            MARGIN,
            top + LINE,
            Align::Left,
            Style::regular(CARD_TEXT, MUTED),
            &lang.render(&t!("render-cards-none")),
        );
    }
    let mut boxes = Vec::with_capacity(cards.len());
    let mut y = top;
    for (c, h) in cards.iter().zip(heights) {
        card(fonts, Some(&mut canvas), c, (MARGIN, y, card_w), lang);
        boxes.push((MARGIN, y, card_w, h));
        y += h + MARGIN;
    }
    (canvas, boxes)
}

/// Lays one card out at `(x, y)`, `w` wide; draws it when given a canvas; returns its height.
fn card(
    fonts: &Fonts,
    canvas: Option<&mut Canvas>,
    card: &extras::Card,
    (x, y, w): (f32, f32, f32),
    lang: Lang,
) -> f32 {
    let inner = w - 2.0 * PAD;
    let text = Style::regular(CARD_TEXT, INK);
    let muted = Style::regular(CARD_TEXT, MUTED);
    let name_style = Style::bold(CARD_NAME, INK);
    let tag_style = Style::bold(CARD_TEXT, INK);
    // Lays out the sides first, to know the card's height before filling its background.
    struct Part {
        fill: Colour,
        lines: Vec<(f32, Align, Style, String)>,
        height: f32,
    }
    let mut parts: Vec<Part> = Vec::new();
    let sides = [
        (&card.spell, [234, 228, 250], true),
        (&card.building, [228, 242, 222], false),
    ];
    for (k, (side, fill, spell)) in sides.into_iter().enumerate() {
        let Some(side) = side else { continue };
        let mut lines = Vec::new();
        let mut ly = PAD;
        // The card's number heads the first side, as `spell 17` names it.
        if k == 0
            && let Some(id) = card.id
        {
            ly += CARD_TEXT;
            lines.push((
                ly,
                Align::Left,
                muted,
                lang.render(&t!("render-cards-card", id = id)),
            ));
            ly += 8.0;
        }
        let tag = lang.render(&match (spell, side.cost) {
            (true, Some(n)) => t!("render-cards-spell-cost", n = n),
            (true, None) => t!("render-cards-spell"),
            (false, Some(n)) => t!("render-cards-building-cost", n = n),
            (false, None) => t!("render-cards-building"),
        });
        let tag_w = fonts.width(tag_style, &tag);
        let names = fonts.wrap(name_style, &side.name, inner - tag_w - 16.0);
        ly += CARD_NAME;
        lines.push((ly, Align::Right, tag_style, tag));
        for (j, n) in names.into_iter().enumerate() {
            if j > 0 {
                ly += CARD_NAME + 6.0;
            }
            lines.push((ly, Align::Left, name_style, n));
        }
        if let Some(effect) = &side.text {
            ly += 6.0;
            for l in fonts.wrap(text, effect, inner) {
                ly += LINE;
                lines.push((ly, Align::Left, text, l));
            }
        }
        parts.push(Part {
            fill,
            lines,
            height: ly + PAD,
        });
    }
    let price = card
        .gold
        .map(|g| lang.render(&t!("render-cards-price", gold = g)));
    let height = parts.iter().map(|p| p.height).sum::<f32>()
        + price.as_ref().map_or(0.0, |_| PAD + LINE)
        + 4.0;
    let Some(c) = canvas else {
        return height;
    };
    c.fill(x as i32, y as i32, w as u32, height as u32, [110, 100, 88]);
    let outer = c.text_box(Some((x, y, w, height)));
    c.fill(
        x as i32 + 2,
        y as i32 + 2,
        w as u32 - 4,
        height as u32 - 4,
        [252, 250, 244],
    );
    let mut top = y + 2.0;
    for part in &parts {
        c.fill(
            x as i32 + 2,
            top as i32,
            w as u32 - 4,
            part.height as u32,
            part.fill,
        );
        for (ly, align, style, line) in &part.lines {
            let lx = match align {
                Align::Right => x + w - PAD,
                _ => x + PAD,
            };
            fonts.draw(c, lx, top + ly, *align, *style, line);
        }
        top += part.height;
    }
    if let Some(price) = price {
        fonts.draw(c, x + PAD, top + LINE, Align::Left, muted, &price);
    }
    c.restore_text_box(outer);
    height
}

/// The cards picture in words (its alt text; private to the seat), in `lang`: every card's
/// sides with their costs and effects and its price; without the effects when that is too
/// long.
pub(crate) fn cards_alt(view: &SeatView, cards: &[extras::Card], lang: Lang) -> String {
    let unknown = Text::raw("?");
    let name = view
        .public
        .seats
        .get(view.seat.index())
        .map_or(&unknown, |s| &s.colour);
    if cards.is_empty() {
        return lang.render(&t!("render-cards-alt-none", seat = name));
    }
    let words = |effects: bool| {
        let each = cards.iter().map(|c| {
            let side = |s: &Option<extras::Side>, spell: bool| {
                s.as_ref().map(|s| {
                    let name = Arg::raw(&s.name);
                    let side = match (spell, s.cost) {
                        (true, Some(n)) => t!("render-cards-alt-spell-cost", name = name, n = n),
                        (true, None) => t!("render-cards-alt-spell", name = name),
                        (false, Some(n)) => {
                            t!("render-cards-alt-building-cost", name = name, n = n)
                        }
                        (false, None) => t!("render-cards-alt-building", name = name),
                    };
                    match (&s.text, effects) {
                        (Some(e), true) => t!(
                            "render-cards-alt-effect",
                            side = side,
                            effect = Arg::raw(e.trim_end_matches('.'))
                        ),
                        _ => side,
                    }
                })
            };
            let sides = Text::or_list(
                [side(&c.spell, true), side(&c.building, false)]
                    .into_iter()
                    .flatten(),
            );
            let with_id = match c.id {
                Some(id) => t!("render-cards-alt-card", id = id, sides = sides),
                None => sides,
            };
            match c.gold {
                Some(g) => t!("render-cards-alt-price", card = with_id, gold = g),
                None => with_id,
            }
        });
        let list = crate::png::summary::joined(each, crate::png::summary::Sep::Semicolon);
        lang.render(&t!("render-cards-alt", seat = name, cards = list))
    };
    let full = words(true);
    if full.chars().count() <= crate::png::summary::ALT_MAX {
        full
    } else {
        crate::png::summary::clip_alt(words(false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use turnpost_core::Game;
    use turnpost_core::pandoria::{CardView, Mode, cards as all_cards};

    /// Every card of the game in one hand: every text of every card is drawn whole (no
    /// ellipsis, every word of its effect), inside its card's box, and no card overlaps
    /// the next.
    #[test]
    fn every_card_text_is_drawn_whole_inside_its_card() {
        let fonts = Fonts::recording();
        let art = Art::new(&fonts);
        let game = crate::samples::pandoria_late_in(Mode::Standard, 2, 7);
        let mut view = game.seat_view(game.current());
        view.cards = all_cards().all().map(CardView::of).collect();
        assert!(view.cards.len() > 20, "{}", view.cards.len());
        crate::install_words();
        let hand = extras::hand_cards(&view, Lang::En);
        fonts.take_runs();
        let (canvas, boxes) = cards_with_boxes(&art, &fonts, &view, &hand, Lang::En);
        let runs = fonts.take_runs();
        let (pw, ph) = (canvas.width() as f32, canvas.height() as f32);
        for r in &runs {
            assert!(
                r.left >= 0.0 && r.right <= pw && r.top >= 0.0 && r.bottom <= ph,
                "{r:?} leaves the {pw}×{ph} picture"
            );
            assert!(!r.text.contains('…'), "cut short: {r:?}");
            assert!(r.size >= CARD_TEXT, "{r:?} is smaller than {CARD_TEXT} px");
        }
        for (k, (card, &(bx, by, bw, bh))) in hand.iter().zip(&boxes).enumerate() {
            if let Some(&(_, ny, _, _)) = boxes.get(k + 1) {
                assert!(by + bh < ny, "card {k} overlaps the next");
            }
            let inside: Vec<&crate::png::TextRun> = runs
                .iter()
                .filter(|r| r.top >= by && r.top < by + bh)
                .collect();
            for r in &inside {
                assert!(
                    r.left >= bx && r.right <= bx + bw && r.bottom <= by + bh,
                    "{r:?} leaves its card's box {:?}",
                    (bx, by, bw, bh)
                );
            }
            let drawn: Vec<&str> = inside
                .iter()
                .flat_map(|r| r.text.split_whitespace())
                .collect();
            for side in [&card.spell, &card.building].into_iter().flatten() {
                for t in [Some(&side.name), side.text.as_ref()].into_iter().flatten() {
                    let words: Vec<&str> = t.split_whitespace().collect();
                    assert!(
                        drawn
                            .windows(words.len().max(1))
                            .any(|w| w == words.as_slice()),
                        "card {k}: {t:?} is not drawn whole (drawn: {drawn:?})"
                    );
                }
            }
        }
    }
}
