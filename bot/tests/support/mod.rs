//! Test support shared by the bot's integration tests (`mod support;`).
#![allow(dead_code, unused_imports)]

pub mod bot;
pub mod clicks;
pub mod fake_discord;
pub mod openapi;

pub use fake_discord::{FakeDiscord, FakeOptions, Matcher, Recorded, permissions};

/// The number in environment variable `name` (a test's size or seed), or `default`; panics
/// on anything else.
pub fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a number, not {v:?}")),
        Err(_) => default,
    }
}
