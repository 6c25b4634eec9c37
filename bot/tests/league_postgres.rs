//! The league tests again with the store on PostgreSQL (issue 31): the same tests, each on
//! a database of a throwaway cluster (`support/postgres.rs` tells this target by its name).

#[path = "league/main.rs"]
mod league;
