//! Settings shared by the property tests: how many cases to run, and where proptest keeps
//! the failures it found (so a failure found once is tried first on every later run).

use proptest::test_runner::{Config, FileFailurePersistence};

/// The environment variable that raises every property's case count for long runs.
pub const CASES_VAR: &str = "TURNPOST_PROPTEST_CASES";

/// The case count for a property whose everyday count is `default`, given the value of
/// [`CASES_VAR`]: a larger number raises it; the everyday count is never lowered.
pub fn cases_from(var: Option<&str>, default: u32) -> u32 {
    match var {
        None => default,
        Some(text) => text
            .trim()
            .parse::<u32>()
            .unwrap_or_else(|_| panic!("{CASES_VAR} must be a number of cases, not \"{text}\""))
            .max(default),
    }
}

/// The case count for this run (see [`cases_from`]).
pub fn cases(default: u32) -> u32 {
    cases_from(std::env::var(CASES_VAR).ok().as_deref(), default)
}

/// A proptest configuration: [`cases`], and failures kept beside the test source
/// (`tests/<name>.regressions`, committed with the repository).
pub fn config(default: u32) -> Config {
    Config {
        cases: cases(default),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    }
}
