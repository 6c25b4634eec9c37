//! Turnpost's game rules.
//!
//! [`game`] is the contract every game implements (with its [`options`] and [`menu`]);
//! [`dynamic`] erases the game type for the front ends; [`registry`] lists the games. The
//! modules depend one way: `game` on nothing of a game, `dynamic` on `game`, `registry` on
//! `dynamic` and the games it lists. Each game lives in its own module with its component data compiled in from
//! `assets/`. Nothing here does I/O, reads the clock or uses a global random generator.

pub mod ai;
pub mod dynamic;
pub mod game;
pub mod hex;
pub mod menu;
pub mod options;
pub mod pandoria;
pub mod reference;
pub mod registry;
pub mod rtta;
pub mod scenario;
pub mod words;

pub use game::{
    Decision, Game, Outcome, ParseError, PlayError, Reveal, Seat, Seed, SetupError, Unused,
};
