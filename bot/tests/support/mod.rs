//! Test support shared by the bot's integration tests (`mod support;`).
#![allow(dead_code, unused_imports)]

pub mod bot;
pub mod clicks;
pub mod fake_discord;
pub mod openapi;

pub use fake_discord::{FakeDiscord, FakeOptions, Matcher, Recorded, permissions};
