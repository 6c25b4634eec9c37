//! Delivering what committed changes must send: the worker over the store's outbox.
//!
//! The table writes every public post, DM and reminder in the same transaction as the change
//! that causes it ([`crate::store::NewDelivery`]); this worker sends them through a
//! [`Courier`] (the Discord adapter, or a stand-in), in order per game, several games at a
//! time. Transient failures (5xx, timeouts, 429) are retried with backoff; permanent ones
//! (deleted channel, missing permission, closed DMs) are given up with one clear note where
//! someone can be told. Rows survive restarts: whatever was committed but not delivered
//! when the process died goes out after the next start.
//!
//! Discord bans an address that makes 10,000 invalid requests (401, 403, 429) in 10
//! minutes, so the worker counts them and pauses before getting anywhere near that; closed
//! DMs and unreachable channels are remembered so they are not asked again.

use std::collections::{HashSet, VecDeque};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tokio::sync::Notify;

use crate::clock::now_ms;
pub use crate::store::{DeliveryKind, DeliveryRow};
use crate::store::{NewDelivery, SENT, Store, StoreError};
use crate::table::Turn;

/// What an outbox row says to send (stored as JSON; every field but `text` may be missing
/// in older rows).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// The text (plain; mentions are added for `ping`).
    pub text: String,
    /// Users to mention (the player to act).
    #[serde(default)]
    pub ping: Vec<u64>,
    /// The turn whose buttons go under the message (its game is the row's game).
    #[serde(default)]
    pub turn: Option<Turn>,
    /// Whether the lobby's buttons go under it.
    #[serde(default)]
    pub lobby: bool,
    /// How to reach the person whose command caused this, privately, if it cannot be
    /// delivered (Discord: the interaction token, valid for 15 minutes).
    #[serde(default)]
    pub tell: Option<String>,
    /// A step within the same person's turn: replace the game's current turn message
    /// (text, pictures, buttons) instead of posting a new one (posted anew if there is none).
    #[serde(default)]
    pub edit: bool,
    /// A new turn message (the decision passed to another person, or the game ended): the
    /// previous turn message loses its buttons once this one is out.
    #[serde(default)]
    pub takes_over: bool,
    /// A deadline's call to the table, with its buttons (its game is the row's game).
    #[serde(default)]
    pub call: Option<SeatCall>,
}

/// What a deadline asks of the table when its player is late under the replace policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatCall {
    /// The other players vote: **Replace** or **Keep waiting**.
    Vote,
    /// The vote passed: **Take the seat**, for anyone not playing yet.
    Open,
}

impl Message {
    /// The row body.
    pub fn to_body(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    fn from_body(body: &str) -> Result<Message, String> {
        serde_json::from_str(body).map_err(|e| format!("unreadable outbox body: {e}"))
    }
}

/// How a delivery failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Worth trying again (server errors, timeouts, rate limits); `after` is what the
    /// receiver asked for, if it said.
    Transient {
        /// Why.
        why: String,
        /// The wait the receiver asked for (429 `retry_after`).
        after: Option<Duration>,
        /// Whether Discord counts it as an invalid request (429).
        invalid: bool,
    },
    /// The user does not take DMs from the bot (Discord 50007).
    DmsClosed,
    /// The channel cannot be posted in (deleted, no access, missing permission): give up
    /// and tell the caller.
    Unreachable {
        /// Why, in words for a person.
        why: String,
        /// Whether Discord counts it as an invalid request (401, 403).
        invalid: bool,
    },
    /// The receiver refused the message itself (a 400: our bug); give up and log.
    Rejected {
        /// Why.
        why: String,
        /// Whether Discord counts it as an invalid request.
        invalid: bool,
    },
}

impl Failure {
    fn invalid(&self) -> bool {
        match self {
            Failure::Transient { invalid, .. }
            | Failure::Unreachable { invalid, .. }
            | Failure::Rejected { invalid, .. } => *invalid,
            Failure::DmsClosed => true,
        }
    }
}

/// Sends deliveries somewhere (Discord, or a test stand-in).
pub trait Courier: Send + Sync + 'static {
    /// Sends one row's message; returns the id of the message created, if any.
    fn deliver(
        &self,
        row: &DeliveryRow,
        message: &Message,
        images: Vec<(String, Vec<u8>)>,
    ) -> impl Future<Output = Result<Option<u64>, Failure>> + Send;

    /// Tells a person privately why something could not be delivered, through the handle in
    /// [`Message::tell`]; false if that did not work either.
    fn tell(&self, handle: &str, text: &str) -> impl Future<Output = bool> + Send;

    /// Replaces channel message `message_id` with one row's message ([`Message::edit`]);
    /// returns its id. A courier that cannot edit posts anew.
    fn edit(
        &self,
        row: &DeliveryRow,
        message: &Message,
        images: Vec<(String, Vec<u8>)>,
        message_id: u64,
    ) -> impl Future<Output = Result<Option<u64>, Failure>> + Send {
        let _ = message_id;
        self.deliver(row, message, images)
    }

    /// Removes the buttons of a channel message that is no longer the current turn
    /// message; best effort (a failure only leaves stale buttons, which the table refuses).
    fn retire(&self, channel: u64, message_id: u64) -> impl Future<Output = ()> + Send {
        let _ = (channel, message_id);
        async {}
    }
}

/// How the worker behaves.
#[derive(Clone, Debug)]
pub struct OutboxSettings {
    /// Deliveries in flight at once (different games; one game's go in order).
    pub concurrency: usize,
    /// Attempts before a transient failure is given up.
    pub max_attempts: u32,
    /// The first retry's wait; doubled on each further failure.
    pub first_backoff: Duration,
    /// The longest wait between retries.
    pub max_backoff: Duration,
    /// The least wait after a rate limit (429) whose own wait is unknown.
    pub rate_limit_floor: Duration,
    /// Invalid requests allowed per 10 minutes before the worker pauses (Discord bans at
    /// 10,000).
    pub invalid_budget: usize,
    /// How often to look for rows another process wrote (a local change wakes it at once).
    pub poll: Duration,
    /// How long a claim on a row lasts: another process (or this one after a crash) takes
    /// the row over after it, so it bounds how late a delivery claimed by a crashed process
    /// goes out; it must outlast one delivery attempt.
    pub lease: Duration,
}

impl Default for OutboxSettings {
    fn default() -> Self {
        OutboxSettings {
            concurrency: 4,
            max_attempts: 12,
            first_backoff: Duration::from_secs(1),
            max_backoff: Duration::from_secs(600),
            rate_limit_floor: Duration::from_secs(1),
            invalid_budget: 2_000,
            poll: Duration::from_secs(30),
            lease: Duration::from_secs(30),
        }
    }
}

const INVALID_WINDOW: Duration = Duration::from_secs(600);

/// How long the interaction handle of [`Message::tell`] stays usable (Discord: 15 minutes).
const TELL_VALID_MS: i64 = 14 * 60 * 1000;

/// The outbox worker's shared state.
#[derive(Debug)]
pub struct Outbox {
    store: Store,
    settings: OutboxSettings,
    wake: Notify,
    /// When recent invalid requests happened, oldest first. A std `Mutex`: held only to
    /// push or count, never across an await.
    invalid: Mutex<VecDeque<Instant>>,
    /// Commit-to-delivery times of the latest deliveries (at most [`LATENCY_SAMPLES`]), for
    /// reports and benchmarks.
    latencies: Mutex<VecDeque<Duration>>,
    /// When done rows were last pruned (Unix ms).
    pruned_at: std::sync::atomic::AtomicI64,
}

/// Done rows are kept this long (for looking into a delivery problem), then pruned.
const KEEP_DONE_MS: i64 = 7 * 24 * 3_600_000;
/// How often the worker prunes, when it has nothing to send.
const PRUNE_EVERY_MS: i64 = 3_600_000;

/// How many delivery times [`Outbox::latencies`] keeps.
const LATENCY_SAMPLES: usize = 4096;

impl Outbox {
    /// A worker over a store.
    pub fn new(store: Store, settings: OutboxSettings) -> Arc<Outbox> {
        Arc::new(Outbox {
            store,
            settings,
            wake: Notify::new(),
            invalid: Mutex::new(VecDeque::new()),
            latencies: Mutex::new(VecDeque::new()),
            pruned_at: std::sync::atomic::AtomicI64::new(0),
        })
    }

    /// Something was committed: look now rather than at the next poll.
    pub fn notify(&self) {
        self.wake.notify_one();
    }

    /// Commit-to-delivery times of the latest deliveries, oldest first.
    pub fn latencies(&self) -> Vec<Duration> {
        self.latencies
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .copied()
            .collect()
    }

    /// Delivers until `stop` completes (finishing the deliveries in flight).
    pub async fn run<C: Courier>(self: Arc<Self>, courier: Arc<C>, stop: impl Future<Output = ()>) {
        tokio::pin!(stop);
        loop {
            let wait = match self.pass(&courier).await {
                Ok(Some(wait)) => wait,
                Ok(None) => Duration::ZERO,
                Err(e) => {
                    tracing::error!(error = %e, "outbox pass failed; trying again shortly");
                    Duration::from_secs(5)
                }
            };
            if wait.is_zero() {
                // Yield between busy passes, and stop promptly when asked.
                tokio::select! {
                    () = &mut stop => return,
                    () = tokio::task::yield_now() => continue,
                }
            }
            tokio::select! {
                () = &mut stop => return,
                () = self.wake.notified() => {}
                () = tokio::time::sleep(wait) => {}
            }
        }
    }

    /// One pass: sends what is due (at most `concurrency` rows, the first pending row of
    /// each game). Returns `None` if it sent something (look again at once), else how long
    /// to sleep.
    pub async fn pass<C: Courier>(
        self: &Arc<Self>,
        courier: &Arc<C>,
    ) -> Result<Option<Duration>, StoreError> {
        if let Some(pause) = self.invalid_pause() {
            return Ok(Some(pause));
        }
        let pending = self.store.pending_deliveries(500).await?;
        let now = now_ms();
        let mut seen = HashSet::new();
        let mut due = Vec::new();
        let mut earliest: Option<i64> = None;
        for row in pending {
            // Only the first pending row of each game may go: turns stay in order.
            if !seen.insert(row.order_key()) {
                continue;
            }
            if row.next_at > now {
                earliest = Some(earliest.map_or(row.next_at, |e| e.min(row.next_at)));
                continue;
            }
            due.push(row);
            if due.len() >= self.settings.concurrency.max(1) {
                break;
            }
        }
        if due.is_empty() {
            self.prune(now).await;
            let wait = earliest.map_or(self.settings.poll, |at| {
                Duration::from_millis((at - now).max(1) as u64).min(self.settings.poll)
            });
            return Ok(Some(wait));
        }
        let mut set = tokio::task::JoinSet::new();
        for row in due {
            let courier = courier.clone();
            let me = self.clone();
            set.spawn(async move { me.deliver_one(&*courier, row).await });
        }
        while let Some(result) = set.join_next().await {
            match result {
                Ok(Ok(())) => {}
                Ok(Err(e)) => tracing::error!(error = %e, "outbox delivery bookkeeping failed"),
                Err(e) => tracing::error!(error = %e, "outbox delivery task failed"),
            }
        }
        Ok(None)
    }

    /// Drops done rows older than a week, at most once an hour.
    async fn prune(&self, now: i64) {
        use std::sync::atomic::Ordering;
        let last = self.pruned_at.load(Ordering::Relaxed);
        if now - last < PRUNE_EVERY_MS {
            return;
        }
        self.pruned_at.store(now, Ordering::Relaxed);
        match self.store.prune_deliveries(now - KEEP_DONE_MS).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(rows = n, "pruned old deliveries"),
            Err(e) => tracing::warn!(error = %e, "could not prune old deliveries"),
        }
    }

    /// Pauses when the invalid requests of the last 10 minutes reach the budget.
    fn invalid_pause(&self) -> Option<Duration> {
        let mut invalid = self.invalid.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        while invalid
            .front()
            .is_some_and(|t| now.duration_since(*t) >= INVALID_WINDOW)
        {
            invalid.pop_front();
        }
        if invalid.len() < self.settings.invalid_budget {
            return None;
        }
        let oldest = *invalid.front()?;
        let pause = INVALID_WINDOW.saturating_sub(now.duration_since(oldest));
        tracing::warn!(
            invalid = invalid.len(),
            pause_s = pause.as_secs(),
            "too many refused requests to Discord lately; pausing deliveries to stay clear of its ban"
        );
        Some(pause.max(Duration::from_millis(1)))
    }

    fn note_invalid(&self) {
        self.invalid
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push_back(Instant::now());
    }

    fn backoff(&self, attempts: u32) -> Duration {
        let factor = 1u32.checked_shl(attempts.min(20)).unwrap_or(u32::MAX);
        self.settings
            .first_backoff
            .saturating_mul(factor)
            .min(self.settings.max_backoff)
    }

    /// Claims, sends and records one row.
    async fn deliver_one<C: Courier>(
        &self,
        courier: &C,
        row: DeliveryRow,
    ) -> Result<(), StoreError> {
        let lease = self.settings.lease.as_millis() as i64;
        if !self.store.claim_delivery(row.outbox_id, lease).await? {
            return Ok(()); // another process has it, or it is done
        }
        let message = match Message::from_body(&row.body) {
            Ok(m) => m,
            Err(e) => {
                tracing::error!(outbox_id = row.outbox_id, error = %e, "dropping an unreadable delivery");
                return self
                    .store
                    .finish_delivery(row.outbox_id, &format!("failed: {e}"), None)
                    .await;
            }
        };
        if row.kind == DeliveryKind::Dm && self.store.dm_closed(row.target).await? {
            return self
                .store
                .finish_delivery(row.outbox_id, "skipped: DMs closed", None)
                .await;
        }
        let images = self.store.delivery_images(row.outbox_id).await?;
        // The game's current turn message: edited by a step of the same turn, retired by
        // the next turn's message.
        let current = match (row.kind, row.game_id) {
            (DeliveryKind::Channel, Some(game)) if message.edit || message.takes_over => {
                self.store.turn_message(game).await?
            }
            _ => None,
        };
        let sent = match current.filter(|_| message.edit) {
            Some(id) => courier.edit(&row, &message, images, id).await,
            None => courier.deliver(&row, &message, images).await,
        };
        match sent {
            Ok(message_id) => {
                self.store
                    .finish_delivery(row.outbox_id, SENT, message_id)
                    .await?;
                if let Some(game) = row.game_id.filter(|_| row.kind == DeliveryKind::Channel) {
                    if message.takes_over
                        && let Some(old) = current.filter(|&old| Some(old) != message_id)
                    {
                        courier.retire(row.target, old).await;
                    }
                    if message.turn.is_some() && message_id.is_some() {
                        self.store.set_turn_message(game, message_id).await?;
                    } else if message.takes_over {
                        // The game is over: no message is current any more.
                        self.store.set_turn_message(game, None).await?;
                    }
                }
                let waited = (now_ms() - row.created_at).max(0) as u64;
                let mut latencies = self.latencies.lock().unwrap_or_else(|p| p.into_inner());
                if latencies.len() == LATENCY_SAMPLES {
                    latencies.pop_front();
                }
                latencies.push_back(Duration::from_millis(waited));
                Ok(())
            }
            Err(failure) => {
                if failure.invalid() {
                    self.note_invalid();
                }
                self.failed(courier, &row, &message, failure).await
            }
        }
    }

    async fn failed<C: Courier>(
        &self,
        courier: &C,
        row: &DeliveryRow,
        message: &Message,
        failure: Failure,
    ) -> Result<(), StoreError> {
        let id = row.outbox_id;
        match failure {
            Failure::Transient {
                why,
                after,
                invalid,
            } => {
                let attempts = row.attempts + 1;
                if attempts >= self.settings.max_attempts {
                    tracing::error!(outbox_id = id, game = row.game_id, attempts, error = %why, "giving up a delivery after repeated failures");
                    let outcome = format!("failed after {attempts} attempts: {why}");
                    self.store.finish_delivery(id, &outcome, None).await?;
                    self.tell_caller(courier, row, message, &format!("I could not post in <#{}> after {attempts} tries ({why}). The game is saved; `/board` shows it.", row.channel_id)).await;
                    return Ok(());
                }
                let floor = if invalid {
                    self.settings.rate_limit_floor
                } else {
                    Duration::ZERO
                };
                let wait = after
                    .unwrap_or_default()
                    .max(floor)
                    .max(self.backoff(row.attempts));
                tracing::warn!(outbox_id = id, game = row.game_id, attempts, wait_ms = wait.as_millis() as u64, error = %why, "delivery failed; will retry");
                self.store
                    .retry_delivery(
                        id,
                        now_ms() + wait.as_millis() as i64,
                        &format!("retrying: {why}"),
                    )
                    .await
            }
            Failure::DmsClosed => {
                let note = Message {
                    text: format!(
                        "<@{}>, I can't send you direct messages — use **My hand** or `/hand` to see your hand here, only to you.",
                        row.target
                    ),
                    ping: vec![row.target],
                    ..Message::default()
                };
                self.store
                    .dms_closed(
                        id,
                        row.target,
                        row.game_id,
                        &channel_delivery(row.channel_id, &note),
                    )
                    .await?;
                self.notify();
                Ok(())
            }
            Failure::Unreachable { why, .. } => {
                tracing::error!(outbox_id = id, game = row.game_id, channel = row.target, error = %why, "cannot deliver: giving up");
                if row.kind == DeliveryKind::Channel {
                    self.store
                        .set_channel_unreachable(row.target, now_ms())
                        .await?;
                }
                self.store
                    .finish_delivery(id, &format!("failed: {why}"), None)
                    .await?;
                let text = format!(
                    "I could not post the game's message in <#{}>: {why}. The game is saved — a moderator can fix the channel's permissions for Turnpost (View Channel, Send Messages, Attach Files), and `/board` shows the game meanwhile.",
                    row.channel_id
                );
                self.tell_caller(courier, row, message, &text).await;
                Ok(())
            }
            Failure::Rejected { why, .. } => {
                tracing::error!(outbox_id = id, game = row.game_id, error = %why, "Discord refused a delivery; giving up");
                self.store
                    .finish_delivery(id, &format!("failed: {why}"), None)
                    .await
            }
        }
    }

    /// Tells the person whose command caused a delivery that it failed, while their handle
    /// is still valid.
    async fn tell_caller<C: Courier>(
        &self,
        courier: &C,
        row: &DeliveryRow,
        message: &Message,
        text: &str,
    ) {
        let Some(handle) = &message.tell else { return };
        if now_ms() - row.created_at > TELL_VALID_MS {
            return;
        }
        if !courier.tell(handle, text).await {
            tracing::warn!(
                outbox_id = row.outbox_id,
                "could not tell the caller about a failed delivery either"
            );
        }
    }
}

/// A channel post as a delivery row.
pub fn channel_delivery(channel: u64, message: &Message) -> NewDelivery {
    NewDelivery {
        kind: DeliveryKind::Channel,
        target: channel,
        channel_id: channel,
        body: message.to_body(),
        images: Vec::new(),
    }
}
