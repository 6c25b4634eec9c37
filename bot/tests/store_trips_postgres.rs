//! `store_trips.rs` again with its store on PostgreSQL (issue 31): an action is the same
//! trips there, the batch one statement (`support/postgres.rs` tells this target by its
//! name).

#[path = "store_trips.rs"]
mod store_trips;
