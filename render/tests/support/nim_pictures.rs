//! Secret Nim's pictures (the test-only game of `core/tests/support/nim.rs`): a provider
//! written only against render's public API, as a game outside the library must. The
//! glance comes from the shared [`Summary`]; the board is the pile of stones; the private
//! picture is the seat's hand. Registered with one line ([`register`]).

use turnpost_core::words::{Arg, Lang, Text};
use turnpost_core::{Seat, t};
use turnpost_render::png::Fonts;
use turnpost_render::registry::{self, GamePictures, RgbImage, SeatLine, SinceLine, Summary};

use super::nim::{NAMES, PublicView, SeatView};

/// Adds Secret Nim's pictures to render's registry (once per process).
pub fn register() {
    registry::register(&PICTURES);
}

static PICTURES: NimPictures = NimPictures;

const PAPER: [u8; 3] = [250, 247, 240];
const STONE: [u8; 3] = [70, 66, 60];
const CARD: [u8; 3] = [40, 90, 160];
const HAND: &str = "nim-hand.png";

/// Secret Nim's picture provider.
#[derive(Debug)]
pub struct NimPictures;

/// A picture of `width` × `height` on paper with squares of `colour` at `squares` (left,
/// top, side), written as bytes so that no drawing crate is needed.
fn picture(width: u32, height: u32, squares: &[(u32, u32, u32)], colour: [u8; 3]) -> RgbImage {
    let mut image = RgbImage::new(width, height);
    for (i, pixel) in image.chunks_exact_mut(3).enumerate() {
        let (x, y) = (i as u32 % width, i as u32 / width);
        let inside = squares
            .iter()
            .any(|&(l, t, side)| (l..l + side).contains(&x) && (t..t + side).contains(&y));
        pixel.copy_from_slice(if inside { &colour } else { &PAPER });
    }
    image
}

/// A seat's name: its colour (`seat-colour`, core's words).
fn name(seat: Seat) -> Text {
    let colour = NAMES.get(seat.index()).unwrap_or(&"?").to_lowercase();
    t!("seat-colour", colour = Arg::raw(colour))
}

/// Cards by their numbers (`1, 5`), or "none".
fn listed(cards: &[u8]) -> Text {
    let numbers: Vec<String> = cards.iter().map(u8::to_string).collect();
    if numbers.is_empty() {
        t!("nim-pictures-none")
    } else {
        Text::raw(numbers.join(", "))
    }
}

impl GamePictures for NimPictures {
    type Public = PublicView;
    type Seat = SeatView;
    const GAME: &'static str = "nim";
    const TITLE: &'static str = "Secret Nim";

    /// One square per stone, ten to a row.
    fn public(&self, _fonts: &Fonts, view: &PublicView, _lang: Lang) -> RgbImage {
        let stones: Vec<(u32, u32, u32)> = (0..u32::from(view.stones))
            .map(|i| (20 + (i % 10) * 60, 20 + (i / 10) * 60, 40))
            .collect();
        picture(620, 200, &stones, STONE)
    }

    fn summary(&self, view: &PublicView) -> Summary {
        Summary {
            title: vec![
                t!("nim-pictures-title"),
                t!("nim-pictures-stones-left", stones = view.stones),
            ],
            to_act: view.to_act.map(|s| (name(s), Some(t!("nim-turn")))),
            seats: (0..NAMES.len())
                .map(|s| SeatLine {
                    colour: name(Seat(s as u8)),
                    note: None,
                    points: i32::from(view.winner == Some(Seat(s as u8))),
                    stock: vec![t!("nim-pictures-cards-in-hand", n = view.hand_sizes[s])],
                    to_act: view.to_act == Some(Seat(s as u8)),
                })
                .collect(),
            since: view.last.clone().map(|(seat, did)| {
                let line = SinceLine {
                    seat: name(seat),
                    changes: vec![did],
                    so_far: false,
                };
                (t!("nim-pictures-latest"), vec![line])
            }),
            result: view.winner.map(|w| {
                (
                    t!("nim-log", seat = name(w), did = t!("nim-won")),
                    Vec::new(),
                )
            }),
        }
    }

    fn private_names(&self, _view: &SeatView) -> Vec<&'static str> {
        vec![HAND]
    }

    /// One column of squares per card, as many as the card's number.
    fn private(&self, _fonts: &Fonts, view: &SeatView, _name: &str, _lang: Lang) -> RgbImage {
        let pips: Vec<(u32, u32, u32)> = view
            .hand
            .iter()
            .enumerate()
            .flat_map(|(i, &card)| {
                (0..u32::from(card)).map(move |k| (20 + i as u32 * 60, 20 + k * 40, 30))
            })
            .collect();
        picture(140, 270, &pips, CARD)
    }

    fn private_alt(&self, view: &SeatView, _name: &str, lang: Lang) -> String {
        lang.render(&t!("nim-pictures-hand-alt", cards = listed(&view.hand)))
    }

    fn public_text(&self, view: &PublicView, lang: Lang) -> String {
        let mut out = lang.render(&t!("nim-pictures-text-title", stones = view.stones));
        if let Some(seat) = view.to_act {
            out.push_str(&lang.render(&t!("nim-pictures-text-to-play", seat = name(seat))));
        }
        out.push('\n');
        for (s, cards) in view.hand_sizes.iter().enumerate() {
            let line = t!(
                "nim-pictures-text-seat",
                seat = name(Seat(s as u8)),
                cards = *cards
            );
            out.push_str(&lang.render(&line));
            out.push('\n');
        }
        let played = t!("nim-pictures-text-played", cards = listed(&view.played));
        out.push_str(&lang.render(&played));
        out.push('\n');
        out
    }

    fn private_text(&self, view: &SeatView, lang: Lang) -> String {
        let hand = t!("nim-pictures-text-hand", cards = listed(&view.hand));
        format!("{}\n", lang.render(&hand))
    }
}
