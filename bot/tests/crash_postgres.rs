//! The crash test (`support/crash.rs`) on a database of a throwaway PostgreSQL cluster
//! (`support/postgres.rs`): the child process plays into it through `--db postgres://…` and
//! is killed with SIGKILL at random points. Half SQLite's cycles by default (100, about 11 s;
//! the checks after each kill read every acknowledged action back over a connection, so
//! 200 take 30 s); `TURNPOST_CRASH_CYCLES` runs more.

#[path = "support/crash.rs"]
mod crash;
#[path = "support/postgres.rs"]
mod pg;

#[test]
fn acknowledged_actions_and_their_messages_survive_sigkill() {
    crash::kill_cycles(100);
}
