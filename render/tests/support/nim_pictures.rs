//! Secret Nim's pictures (the test-only game of `core/tests/support/nim.rs`): a provider
//! written only against render's public API, as a game outside the library must. The
//! glance comes from the shared [`Summary`]; the board is the pile of stones; the private
//! picture is the seat's hand. Registered with one line ([`register`]).

use turnpost_core::Seat;
use turnpost_render::png::Fonts;
use turnpost_render::registry::{self, GamePictures, RgbImage, SeatLine, Summary};

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

fn name(seat: Seat) -> String {
    NAMES.get(seat.index()).unwrap_or(&"?").to_string()
}

fn listed(cards: &[u8]) -> String {
    let words: Vec<String> = cards.iter().map(u8::to_string).collect();
    if words.is_empty() {
        "none".to_string()
    } else {
        words.join(", ")
    }
}

impl GamePictures for NimPictures {
    type Public = PublicView;
    type Seat = SeatView;
    const GAME: &'static str = "nim";
    const TITLE: &'static str = "Secret Nim";

    /// One square per stone, ten to a row.
    fn public(&self, _fonts: &Fonts, view: &PublicView) -> RgbImage {
        let stones: Vec<(u32, u32, u32)> = (0..u32::from(view.stones))
            .map(|i| (20 + (i % 10) * 60, 20 + (i / 10) * 60, 40))
            .collect();
        picture(620, 200, &stones, STONE)
    }

    fn summary(&self, view: &PublicView) -> Summary {
        Summary {
            title: format!("Secret Nim · {} stones left", view.stones),
            to_act: view
                .to_act
                .map(|s| (name(s), "take 1 to 3 stones or play a card".to_string())),
            seats: (0..NAMES.len())
                .map(|s| SeatLine {
                    colour: name(Seat(s as u8)),
                    note: String::new(),
                    points: i32::from(view.winner == Some(Seat(s as u8))),
                    stock: format!("{} cards in hand", view.hand_sizes[s]),
                    to_act: view.to_act == Some(Seat(s as u8)),
                })
                .collect(),
            since: view.last.clone().map(|(seat, did)| {
                let did = did.to_string();
                ("The latest move".to_string(), vec![(name(seat), did)])
            }),
            result: view.winner.map(|w| {
                (
                    format!("{} took the last stone and wins", name(w)),
                    Vec::new(),
                )
            }),
        }
    }

    fn private_names(&self, _view: &SeatView) -> Vec<&'static str> {
        vec![HAND]
    }

    /// One column of squares per card, as many as the card's number.
    fn private(&self, _fonts: &Fonts, view: &SeatView, _name: &str) -> RgbImage {
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

    fn private_alt(&self, view: &SeatView, _name: &str) -> String {
        format!("Your secret hand in Secret Nim: {}", listed(&view.hand))
    }

    fn public_text(&self, view: &PublicView) -> String {
        let mut out = format!("Secret Nim · {} stones left", view.stones);
        if let Some(seat) = view.to_act {
            out.push_str(&format!(" · {} to play", name(seat)));
        }
        out.push('\n');
        for (s, cards) in view.hand_sizes.iter().enumerate() {
            out.push_str(&format!("{}: {cards} cards\n", name(Seat(s as u8))));
        }
        out.push_str(&format!("Played: {}\n", listed(&view.played)));
        out
    }

    fn private_text(&self, view: &SeatView) -> String {
        format!("Your cards: {}\n", listed(&view.hand))
    }
}
