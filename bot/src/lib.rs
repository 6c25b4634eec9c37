//! Turnpost's bot: the command line, the terminal table and (later) the Discord adapter,
//! the table service and the store. Game rules live in `turnpost-core`, never here.

pub mod cli;
pub mod clock;
pub mod discord;
pub mod local;
pub mod outbox;
pub mod paint;
pub mod ratings;
pub mod record;
pub mod reminders;
pub mod selfplay;
pub mod store;
pub mod table;
