//! Turnpost's drawing: views into pictures. Only views come in (never a game state), so
//! nothing drawn here can show hidden information.
//!
//! Views come in typed with their type erased (`turnpost_core::dynamic::AnyView`, as
//! `DynGame::public_view` and `seat_view` give them); [`registry`] holds one picture
//! provider per game, which downcasts the view to the game's own view type. [`text`] draws
//! the text pictures the terminal front end prints; [`png`] draws the PNG pictures the bot
//! posts ([`png::public_png`], [`png::private_pngs`]).

pub mod png;
pub mod registry;
pub mod samples;
pub mod text;

pub use png::chart::{RatingPoint, rating_chart_png};
pub use png::{
    Picture, RenderError, Renderer, private_pictures, private_pngs, public_pictures, public_png,
    summary_png,
};
