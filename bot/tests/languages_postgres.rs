//! `languages.rs` again with its store on PostgreSQL: the same tests, each on a database of a
//! throwaway cluster (`support/postgres.rs` tells this target by its name).

#[path = "languages.rs"]
mod languages;
