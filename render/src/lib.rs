//! Turnpost's drawing: views into pictures. Only views come in (never a game state), so
//! nothing drawn here can show hidden information.
//!
//! [`text`] draws the text pictures the terminal front end prints; [`png`] draws the PNG
//! pictures the bot posts ([`png::public_png`], [`png::private_pngs`]).

pub mod png;
pub mod samples;
pub mod text;

pub use png::{RenderError, Renderer, private_pngs, public_png};
