//! Metrics (issue 31): counters and histograms through the `metrics` crate, and the shards'
//! health; `observe.rs` shows them as Prometheus text on `/metrics` and answers `/healthz`,
//! both on `TURNPOST_METRICS_ADDR` (off by default). This module names no other part of the
//! bot, so every part can record here.
//!
//! The recorder is process-wide (`metrics` has one global recorder); every table in the
//! process counts into it. Gauges that are a question to the store or the cache (the outbox's
//! backlog and the age of its oldest row, games cached) are read when `/metrics` is scraped,
//! so nothing polls when nobody looks.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

/// Actions stored (each step of a change, automatic ones included).
pub const ACTIONS: &str = "turnpost_actions_committed_total";
/// Commands the table refused in words (the player's mistake, not ours).
pub const REFUSALS: &str = "turnpost_refusals_total";
/// Actions tried twice: the first attempt, on the cached game, lost its version check
/// (another process had stored the game meanwhile) or was refused, and the action ran again
/// on the stored game.
pub const ACTIONS_RUN_AGAIN: &str = "turnpost_actions_run_again_total";
/// Seconds one change took to store (the transaction with its outbox rows).
pub const COMMIT_SECONDS: &str = "turnpost_commit_seconds";
/// Seconds one set of pictures took to draw and encode (`kind`: public or private).
pub const PICTURE_SECONDS: &str = "turnpost_picture_seconds";
/// Deliveries Discord refused or failed, by Discord's code (or the HTTP status, `timeout`).
pub const DELIVERY_FAILURES: &str = "turnpost_delivery_failures_total";
/// Outbox rows not delivered yet.
pub const OUTBOX_BACKLOG: &str = "turnpost_outbox_backlog";
/// Age in seconds of the oldest outbox row not delivered yet (0 when none).
pub const OUTBOX_OLDEST_SECONDS: &str = "turnpost_outbox_oldest_seconds";
/// Games held in memory.
pub const GAMES_CACHED: &str = "turnpost_games_cached";
/// Gateway shards connected (ready or resumed) in this process.
pub const SHARDS_CONNECTED: &str = "turnpost_shards_connected";

/// The process's recorder, installed on first use with every metric described.
pub fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets(&[
                0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
            ])
            .unwrap_or_else(|_| PrometheusBuilder::new())
            .build_recorder();
        let handle = recorder.handle();
        // Another recorder already installed (a library user's): ours still renders, empty.
        let _ = metrics::set_global_recorder(recorder);
        describe();
        handle
    })
}

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(ACTIONS, "Actions stored, automatic ones included");
    describe_counter!(REFUSALS, "Commands refused in words (the player's mistake)");
    describe_counter!(
        ACTIONS_RUN_AGAIN,
        "Actions run again on the stored game after the cached copy lost or was refused"
    );
    describe_histogram!(COMMIT_SECONDS, Unit::Seconds, "Time to store one change");
    describe_histogram!(
        PICTURE_SECONDS,
        Unit::Seconds,
        "Time to draw and encode one set of pictures"
    );
    describe_counter!(
        DELIVERY_FAILURES,
        "Deliveries Discord refused or failed, by code"
    );
    describe_gauge!(OUTBOX_BACKLOG, "Outbox rows not delivered yet");
    describe_gauge!(
        OUTBOX_OLDEST_SECONDS,
        Unit::Seconds,
        "Age of the oldest outbox row not delivered yet"
    );
    describe_gauge!(GAMES_CACHED, "Games held in memory");
    describe_gauge!(SHARDS_CONNECTED, "Gateway shards connected in this process");
}

/// Counts `n` stored actions.
pub fn actions_committed(n: usize) {
    handle();
    metrics::counter!(ACTIONS).increment(n as u64);
}

/// Counts an action run again on the stored game (see [`ACTIONS_RUN_AGAIN`]).
pub fn action_run_again() {
    handle();
    metrics::counter!(ACTIONS_RUN_AGAIN).increment(1);
}

/// Counts one refusal.
pub fn refused() {
    handle();
    metrics::counter!(REFUSALS).increment(1);
}

/// Records how long storing one change took.
pub fn commit_took(d: Duration) {
    handle();
    metrics::histogram!(COMMIT_SECONDS).record(d.as_secs_f64());
}

/// Records how long one set of pictures took (`kind`: `public` or `private`).
pub fn pictures_took(kind: &'static str, d: Duration) {
    handle();
    metrics::histogram!(PICTURE_SECONDS, "kind" => kind).record(d.as_secs_f64());
}

/// Counts a failed delivery by Discord's code (`50013`), an HTTP status (`http_503`) or
/// `timeout`.
pub fn delivery_failed(code: String) {
    handle();
    metrics::counter!(DELIVERY_FAILURES, "code" => code).increment(1);
}

/// What `/healthz` reports besides the store: the shards this process runs.
#[derive(Debug, Default)]
pub struct Health {
    connected: AtomicUsize,
    expected: AtomicUsize,
}

impl Health {
    /// The process runs `n` shards.
    pub fn expect_shards(&self, n: usize) {
        self.expected.store(n, Ordering::SeqCst);
    }

    /// A shard is ready (or resumed after a disconnect).
    pub fn shard_up(&self) {
        let now = self.connected.fetch_add(1, Ordering::SeqCst) + 1;
        let expected = self.expected.load(Ordering::SeqCst).max(1);
        // A resume after a ready without a disconnect seen in between counts once.
        if now > expected {
            self.connected.store(expected, Ordering::SeqCst);
        }
        self.publish();
    }

    /// A shard lost its connection.
    pub fn shard_down(&self) {
        let _ = self
            .connected
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
        self.publish();
    }

    fn publish(&self) {
        handle();
        metrics::gauge!(SHARDS_CONNECTED).set(self.connected.load(Ordering::SeqCst) as f64);
    }

    /// Shards connected now.
    pub fn connected(&self) -> usize {
        self.connected.load(Ordering::SeqCst)
    }

    /// Shards this process runs.
    pub fn expected(&self) -> usize {
        self.expected.load(Ordering::SeqCst)
    }
}
