//! `reliability.rs` again with its store on PostgreSQL (issue 31): the same tests, each on a
//! database of a throwaway cluster (`support/postgres.rs` tells this target by its name).

#[path = "reliability.rs"]
mod reliability;
