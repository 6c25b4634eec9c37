//! Turnpost's bot: the command line, the terminal table and (later) the Discord adapter,
//! the table service and the store. Game rules live in `turnpost-core`, never here.

pub mod cli;
pub mod clock;
pub mod delivery;
pub mod discord;
pub mod ids;
pub mod league;
pub mod local;
pub mod outbox;
pub mod paint;
pub mod reminders;
pub mod selfplay;
pub mod store;
pub mod table;

/// The rating maths and game records, also at their old paths (they live in
/// `league::ratings` and `table::record`).
pub use league::ratings;
pub use table::record;
