//! Colours and player marks.
//!
//! Player colours are the Okabe–Ito colours (vermillion, blue, yellow, bluish green), which
//! stay apart for the common kinds of colour blindness; each also has its own letter (from
//! the bundles, in the reader's language) and figure shape, so nothing depends on colour
//! alone.

use turnpost_core::t;
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
    pub(crate) shape: Shape,
}

const WHITE: Colour = [255, 255, 255];
const BLACK: Colour = [0, 0, 0];

/// The colour key of a seat by its name in the views (`seat-colour` with the colour's key,
/// or, in a view stored before names were typed, the English colour name as given).
fn key(name: &Text) -> String {
    match name.arg("colour") {
        Some(Arg::Raw(key)) => key.to_ascii_lowercase(),
        _ => Lang::En.render(name).to_ascii_lowercase(),
    }
}

/// The mark of a seat by its name in the views.
pub(crate) fn seat(name: &Text) -> PlayerMark {
    player(&key(name))
}

/// The letter on a seat's figures and badge, by its name in the views: `R` for Red; in
/// German `Ge` for Gelb and `Gr` for Grün, which a single letter would not tell apart.
pub(crate) fn seat_letter(name: &Text) -> Text {
    letter(&key(name))
}

/// The letter of a player colour by its key or English name (`red`, `Red`): `?` for an
/// unknown colour.
pub(crate) fn letter(colour: &str) -> Text {
    t!(
        "render-mark-letter",
        colour = Arg::raw(colour.to_ascii_lowercase())
    )
}

/// The size a mark's `letter` is drawn at on a figure whose one letter is drawn at `size`:
/// smaller where the reader's language needs two.
pub(crate) fn letter_size(size: f32, letter: &str) -> f32 {
    if letter.chars().count() > 1 {
        size * 0.8
    } else {
        size
    }
}

/// The mark of a player colour by its key or English name (`red`, `Red`); unknown names get
/// grey.
pub(crate) fn player(name: &str) -> PlayerMark {
    match name.to_ascii_lowercase().as_str() {
        "red" => PlayerMark {
            colour: [213, 94, 0],
            dark: [120, 50, 0],
            ink: WHITE,
            shape: Shape::Circle,
        },
        "blue" => PlayerMark {
            colour: [0, 114, 178],
            dark: [0, 60, 100],
            ink: WHITE,
            shape: Shape::Square,
        },
        "yellow" => PlayerMark {
            colour: [240, 228, 66],
            dark: [130, 120, 20],
            ink: BLACK,
            shape: Shape::Triangle,
        },
        "green" => PlayerMark {
            colour: [0, 158, 115],
            dark: [0, 85, 60],
            ink: WHITE,
            shape: Shape::Diamond,
        },
        _ => PlayerMark {
            colour: [150, 150, 150],
            dark: [70, 70, 70],
            ink: BLACK,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The letters tell the colours of one table apart in every language (German's Gelb and
    /// Grün both begin with G), and are short enough for a figure.
    #[test]
    fn each_colour_has_its_own_letter_in_every_language() {
        crate::install_words();
        for lang in Lang::ALL {
            let letters: Vec<String> = ["red", "blue", "yellow", "green"]
                .iter()
                .map(|c| lang.render(&letter(c)))
                .collect();
            for (i, l) in letters.iter().enumerate() {
                assert!((1..=2).contains(&l.chars().count()), "{lang:?}: {l:?}");
                assert!(!letters[..i].contains(l), "{lang:?}: {letters:?}");
            }
        }
        assert_eq!(Lang::De.render(&letter("Yellow")), "Ge");
        assert_eq!(Lang::En.render(&letter("Yellow")), "Y");
    }
}
