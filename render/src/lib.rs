//! Turnpost's drawing: views into pictures. Only views come in (never a game state), so
//! nothing drawn here can show hidden information.
//!
//! For now this holds the text pictures the terminal front end prints; the PNG renderer
//! joins it in `render/src/png` later.

pub mod text;
