//! Turnpost's drawing: views into pictures. Only views come in (never a game state), so
//! nothing drawn here can show hidden information.
//!
//! Views come in typed with their type erased (`turnpost_core::dynamic::AnyView`, as
//! `DynGame::public_view` and `seat_view` give them); [`registry`] holds one picture
//! provider per game, which downcasts the view to the game's own view type. [`text`] draws
//! the text pictures the terminal front end prints; [`png`] draws the PNG pictures the bot
//! posts, through a [`Renderer`] ([`public_pictures`], [`private_pictures`]).
//!
//! The modules depend one way: `png` (drawing, each game's provider) on nothing above it,
//! `registry` on `png`, the renderer and `text` on both.

pub mod png;
pub mod registry;
mod renderer;
pub mod text;

#[cfg(test)]
#[path = "../tests/support/samples.rs"]
mod samples;

use turnpost_core::words::{Lang, Source};

pub use png::RenderError;
pub use png::chart::RatingPoint;
pub use renderer::{
    Picture, Renderer, private_pictures, private_pngs, public_pictures, public_png,
    rating_chart_png, rating_chart_words, summary_png,
};

/// Render's words in every language: what the pictures draw besides the views' words, the
/// pictures' descriptions and render's errors (`render-*` messages).
pub const WORDS: &[Source] = &[
    Source {
        lang: Lang::En,
        path: "render/locales/en/render.ftl",
        ftl: include_str!("../locales/en/render.ftl"),
    },
    Source {
        lang: Lang::De,
        path: "render/locales/de/render.ftl",
        ftl: include_str!("../locales/de/render.ftl"),
    },
];

/// Adds render's words to the catalog ([`WORDS`]): done by every [`Renderer`] and text
/// picture before it draws; doing it again costs a lookup.
pub fn install_words() {
    turnpost_core::words::install(WORDS);
}
