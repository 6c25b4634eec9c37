//! The web pages' tests again with the store on PostgreSQL (issue 32): the same tests, each
//! on a database of a throwaway cluster (`support/postgres.rs` tells this target by its name).

#[path = "web.rs"]
mod web;
