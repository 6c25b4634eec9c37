//! `ai_lease.rs` again with its store on PostgreSQL (issue 31): two tables on one database
//! (`support/postgres.rs` tells this target by its name).

#[path = "ai_lease.rs"]
mod ai_lease;
