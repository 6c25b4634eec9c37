//! Colours and player marks.
//!
//! Player colours are the Okabe–Ito colours (vermillion, blue, yellow, bluish green), which
//! stay apart for the common kinds of colour blindness; each also has its own letter and
//! figure shape, so nothing depends on colour alone.

use turnpost_core::words::{Arg, Lang, Text};

use super::draw::Colour;

/// The shape a player's figures and marks have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Circle,
    Square,
    Triangle,
    Diamond,
}

/// How one player is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlayerMark {
    /// The fill colour.
    pub(crate) colour: Colour,
    /// A darker shade for outlines.
    pub(crate) dark: Colour,
    /// The colour letters on `colour` are drawn in.
    pub(crate) ink: Colour,
    /// `R`, `B`, `Y`, `G`.
    pub(crate) letter: char,
    pub(crate) shape: Shape,
}

const WHITE: Colour = [255, 255, 255];
const BLACK: Colour = [0, 0, 0];

/// The mark of a seat by its name in the views (`seat-colour` with the colour's key, or, in
/// a view stored before names were typed, the English colour name as given).
pub(crate) fn seat(name: &Text) -> PlayerMark {
    match name.arg("colour") {
        Some(Arg::Raw(key)) => player(key),
        _ => player(&Lang::En.render(name)),
    }
}

/// The mark of a player colour by its key or English name (`red`, `Red`); unknown names get
/// grey with their first letter.
pub(crate) fn player(name: &str) -> PlayerMark {
    let letter = name.chars().next().map_or('?', |c| c.to_ascii_uppercase());
    match name.to_ascii_lowercase().as_str() {
        "red" => PlayerMark {
            colour: [213, 94, 0],
            dark: [120, 50, 0],
            ink: WHITE,
            letter,
            shape: Shape::Circle,
        },
        "blue" => PlayerMark {
            colour: [0, 114, 178],
            dark: [0, 60, 100],
            ink: WHITE,
            letter,
            shape: Shape::Square,
        },
        "yellow" => PlayerMark {
            colour: [240, 228, 66],
            dark: [130, 120, 20],
            ink: BLACK,
            letter,
            shape: Shape::Triangle,
        },
        "green" => PlayerMark {
            colour: [0, 158, 115],
            dark: [0, 85, 60],
            ink: WHITE,
            letter,
            shape: Shape::Diamond,
        },
        _ => PlayerMark {
            colour: [150, 150, 150],
            dark: [70, 70, 70],
            ink: BLACK,
            letter,
            shape: Shape::Circle,
        },
    }
}

/// Page background.
pub(crate) const PAPER: Colour = [246, 242, 232];
/// Panel background.
pub(crate) const PANEL: Colour = [255, 252, 245];
/// Main text.
pub(crate) const INK: Colour = [34, 30, 26];
/// Secondary text.
pub(crate) const MUTED: Colour = [105, 98, 90];
/// Lines and frames.
pub(crate) const RULE: Colour = [200, 192, 178];
/// Gold for winner and first-completer marks.
pub(crate) const GOLD: Colour = [230, 170, 20];
