//! Time, in one place. Everything a game's rules of the table depend on (deadlines, warnings,
//! vacations, seasons, reminders, the times stored with actions) asks a [`Clock`], so tests
//! run days of a league on a [`ManualClock`] without sleeping. Only the delivery worker's
//! retry timing, which is about Discord's real behaviour, reads the wall clock directly.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Now, in Unix milliseconds, from the wall clock.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A source of the current time.
pub trait Clock: Send + Sync + std::fmt::Debug + 'static {
    /// Now, in Unix milliseconds.
    fn now_ms(&self) -> i64;
}

/// The wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        now_ms()
    }
}

/// A clock that moves only when told (tests).
#[derive(Debug)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock standing at `now_ms`.
    pub fn at(now_ms: i64) -> Arc<ManualClock> {
        Arc::new(ManualClock(AtomicI64::new(now_ms)))
    }

    /// Moves the clock forward by `ms`.
    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }

    /// Moves the clock forward by `hours`.
    pub fn advance_hours(&self, hours: i64) {
        self.advance(hours * HOUR_MS);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The wall clock, shared.
pub fn system() -> Arc<dyn Clock> {
    Arc::new(SystemClock)
}

/// For tests only: the variable naming a file whose number (milliseconds) moves
/// `turnpost serve`'s clock on from the wall clock, re-read at every look, so a test moves
/// time for every process on one database at once; with it, deadlines are checked every
/// second. Never set it when serving players.
pub const TEST_CLOCK_VAR: &str = "TURNPOST_TEST_CLOCK";

/// The wall clock moved on by the milliseconds a file holds (0 while it is missing or
/// unreadable): [`TEST_CLOCK_VAR`]'s clock.
#[derive(Debug)]
pub struct FileOffsetClock(std::path::PathBuf);

impl FileOffsetClock {
    /// The clock of the file at `path`.
    pub fn new(path: impl Into<std::path::PathBuf>) -> FileOffsetClock {
        FileOffsetClock(path.into())
    }
}

impl Clock for FileOffsetClock {
    fn now_ms(&self) -> i64 {
        let offset = std::fs::read_to_string(&self.0)
            .ok()
            .and_then(|s| s.trim().parse::<i64>().ok())
            .unwrap_or(0);
        now_ms() + offset
    }
}

/// [`TEST_CLOCK_VAR`]'s clock when the variable is set, else `None` (the wall clock).
pub fn test_clock_from_env() -> Option<Arc<dyn Clock>> {
    let path = std::env::var_os(TEST_CLOCK_VAR).filter(|p| !p.is_empty())?;
    Some(Arc::new(FileOffsetClock::new(path)))
}

/// An hour in milliseconds.
pub const HOUR_MS: i64 = 3_600_000;
/// A day in milliseconds.
pub const DAY_MS: i64 = 24 * HOUR_MS;
