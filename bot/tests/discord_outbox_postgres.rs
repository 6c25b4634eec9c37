//! The outbox tests against a failing Discord again with the store on PostgreSQL (issue 31):
//! the same tests, each on a database of a throwaway cluster (`support/postgres.rs` tells
//! this target by its name).

#[path = "discord_outbox/main.rs"]
mod discord_outbox;
