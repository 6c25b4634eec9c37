//! Turnpost's bot: the command line, the terminal table and (later) the Discord adapter,
//! the table service and the store. Game rules live in `turnpost-core`, never here.

pub mod cli;
pub mod clock;
pub mod delivery;
pub mod discord;
pub mod ids;
pub mod league;
pub mod local;
pub mod metrics;
pub mod observe;
pub mod outbox;
pub mod paint;
pub mod reminders;
pub mod selfplay;
pub mod store;
pub mod table;
pub mod web;

/// The rating maths and game records, also at their old paths (they live in
/// `league::ratings` and `table::record`).
pub use league::ratings;
pub use table::record;

/// The bot's own words (refusals, log lines, lobby and league texts), one Fluent file per
/// language; installed beside core's and the games' when a table starts ([`install_words`]).
pub const WORDS: &[turnpost_core::words::Source] = &[
    turnpost_core::words::Source {
        lang: turnpost_core::words::Lang::En,
        path: "bot/locales/en/bot.ftl",
        ftl: include_str!("../locales/en/bot.ftl"),
    },
    turnpost_core::words::Source {
        lang: turnpost_core::words::Lang::De,
        path: "bot/locales/de/bot.ftl",
        ftl: include_str!("../locales/de/bot.ftl"),
    },
];

/// Adds the bot's words to the catalog (again: nothing happens).
pub fn install_words() {
    turnpost_core::words::install(WORDS);
}
