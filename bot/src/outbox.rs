//! Delivering what committed changes must send: the worker over the store's outbox.
//!
//! The table writes every public post, DM and reminder in the same transaction as the change
//! that causes it ([`NewDelivery`]); this worker sends them through a
//! [`Courier`] (the Discord adapter, or a stand-in), in order per game, several games at a
//! time. Transient failures (5xx, timeouts, 429) are retried with backoff; permanent ones
//! (deleted channel, missing permission, closed DMs) are given up with one clear note where
//! someone can be told. Rows survive restarts: whatever was committed but not delivered
//! when the process died goes out after the next start.
//!
//! Why this file is long (931 lines): the worker is one state machine over a row's life
//! (claim, hold, skip, send, retry, give up, note), and its rules only make sense read
//! together; what a courier sees of it (the message, the failures, [`Courier`]) is its first
//! 300 lines.
//!
//! Discord bans an address that makes 10,000 invalid requests (401, 403, 429) in 10
//! minutes, so the worker counts them and pauses before getting anywhere near that; closed
//! DMs and unreachable channels are remembered so they are not asked again.
//!
//! **Unreachable channels** (deleted, no permission, archived thread) are not given up: the
//! caller is told once, and the channel's posts are held while its DMs go on. The held post
//! is tried again on a back-off (after as long as the channel has been unreachable, between
//! [`OutboxSettings::unreachable_first_retry`] and [`OutboxSettings::unreachable_max_retry`])
//! and at once when someone uses the channel ([`Outbox::heard_from`]); a turn message that a
//! newer one replaces is skipped, so the channel gets the current turn, not a backlog.
//!
//! **Every delivery is idempotent.** Posts and DMs carry the row's nonce with
//! `enforce_nonce`, so Discord answers a repeat within a few minutes with the first message;
//! a row that may have gone out before and is older than [`OutboxSettings::nonce_trust`] is
//! first looked for among the channel's recent messages ([`Courier::find`]). Edits (the turn
//! message's steps, removing an old turn message's buttons) replace the whole message and
//! are idempotent by nature. A new turn message, the game's record of it and the queued
//! removal of the old message's buttons are one transaction.
//!
//! **One DM per player per game.** A DM of a game edits the player's DM of that game
//! ([`Courier::edit_dm`], recorded in the store when its first one went out); a new DM goes
//! out only for the first hand, the game's end ([`Message::fresh`]) and when the DM was
//! deleted. A pending DM that a newer one of the same game and player follows is skipped,
//! unless it may have gone out already (then its nonce or a look settles it first).

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tokio::sync::Notify;
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use crate::clock::now_ms;
/// The words of a delivery, which couriers read: the outbox's own, kept apart from the
/// store that keeps the rows.
pub use crate::delivery::{DeliveryKind, DeliveryRow, NewDelivery, Turn};
use crate::store::{Delivered, SENT, Store, StoreError};

/// What an outbox row says to send (stored as JSON; every field but `text` may be missing
/// in older rows).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// The words (plain; mentions are added for `ping`), stored typed and made text in the
    /// reader's language when delivered ([`DeliveryRow::lang`]); a row written before typed
    /// words holds a plain string, which reads as words shown as given.
    pub text: Text,
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
    /// The words of each picture (alt text) as (file name, words); pictures are stored
    /// apart from the body, this names them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alt: Vec<(String, String)>,
    /// A reminder (a newer turn message makes it moot while the channel is unreachable).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reminder: bool,
    /// Not a post: remove the buttons of this channel message, which a newer turn message
    /// replaced (queued when that one was delivered).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retire: Option<u64>,
    /// A DM that must be a new message, not an edit of the player's DM of the game (the
    /// game's end: its result).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fresh: bool,
    /// An edit that closes the game's current message (a lobby that started or closed): it
    /// keeps no buttons, and no later post edits it or takes its buttons away.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub closes: bool,
    /// The game's final message: the **Rematch** button goes under it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rematch: bool,
}

/// What a deadline asks of the table when its player is late under the replace policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatCall {
    /// The other players vote: **Replace** or **Keep waiting**.
    Vote,
    /// The vote passed: **Take the seat**, for anyone not playing yet.
    Open,
}

impl Default for Message {
    fn default() -> Message {
        Message {
            text: Text::concat([]),
            ping: Vec::new(),
            turn: None,
            lobby: false,
            tell: None,
            edit: false,
            takes_over: false,
            call: None,
            alt: Vec::new(),
            reminder: false,
            retire: None,
            fresh: false,
            closes: false,
            rematch: false,
        }
    }
}

impl Message {
    /// The words in the reader's language (a courier sends this).
    pub fn words(&self, lang: Lang) -> String {
        lang.render(&self.text)
    }

    /// The row body.
    pub fn to_body(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A row body read back (a plain string as `text` reads as words shown as given).
    pub fn from_body(body: &str) -> Result<Message, String> {
        serde_json::from_str(body).map_err(|e| format!("unreadable outbox body: {e}"))
    }

    /// Whether a newer turn message makes this post moot when it could not be posted yet:
    /// the turn's own messages, lobby posts and reminders (not calls, notes or retirements).
    fn superseded_by_a_new_turn(&self) -> bool {
        self.retire.is_none()
            && (self.turn.is_some() || self.edit || self.takes_over || self.lobby || self.reminder)
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

    /// Replaces the player's DM of the game (`message_id`, a message this courier created
    /// for an earlier row to the same user) with one row's message: the text and pictures
    /// of their hand as it is now. A DM that no longer exists (deleted: Discord 10008) is
    /// sent anew; returns the id of the message that shows the row. A courier that cannot
    /// edit sends a new DM.
    fn edit_dm(
        &self,
        row: &DeliveryRow,
        message: &Message,
        images: Vec<(String, Vec<u8>)>,
        message_id: u64,
    ) -> impl Future<Output = Result<Option<u64>, Failure>> + Send {
        let _ = message_id;
        self.deliver(row, message, images)
    }

    /// Removes the buttons of a channel message that is no longer the current turn message
    /// (an edit: doing it twice is harmless). A message that no longer exists counts as
    /// done.
    fn retire(
        &self,
        channel: u64,
        message_id: u64,
    ) -> impl Future<Output = Result<(), Failure>> + Send {
        let _ = (channel, message_id);
        async { Ok(()) }
    }

    /// Looks for the message an earlier attempt of this row created, among the messages
    /// the bot posted to the row's target since `since_ms` (Unix ms), leaving out `taken`
    /// (messages other rows recorded). Asked before sending again a row that may have gone
    /// out longer ago than Discord honours the nonce. A courier that cannot look says
    /// `Ok(None)`.
    fn find(
        &self,
        row: &DeliveryRow,
        message: &Message,
        since_ms: i64,
        taken: &[u64],
    ) -> impl Future<Output = Result<Option<u64>, Failure>> + Send {
        let _ = (row, message, since_ms, taken);
        async { Ok(None) }
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
    /// How long after a row's commit Discord's nonce is trusted to catch a repeat of it
    /// (Discord: "a few minutes", no exact figure); an older row that may have gone out is
    /// looked for ([`Courier::find`]) before it is sent again.
    pub nonce_trust: Duration,
    /// The first wait before an unreachable channel is tried again.
    pub unreachable_first_retry: Duration,
    /// The longest wait between tries of an unreachable channel.
    pub unreachable_max_retry: Duration,
    /// The least time between two tries of an unreachable channel that commands from it
    /// cause ([`Outbox::heard_from`]), so a busy channel that is still broken does not burn
    /// Discord's invalid-request budget.
    pub heard_gap: Duration,
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
            nonce_trust: Duration::from_secs(60),
            unreachable_first_retry: Duration::from_secs(60),
            unreachable_max_retry: Duration::from_secs(6 * 3600),
            heard_gap: Duration::from_secs(10),
        }
    }
}

const INVALID_WINDOW: Duration = Duration::from_secs(600);

/// How long the interaction handle of [`Message::tell`] stays usable (Discord: 15 minutes).
const TELL_VALID_MS: i64 = 14 * 60 * 1000;

/// How far the host's clock may be ahead of Discord's: a look for a row's earlier message
/// starts this long before the row's commit.
const CLOCK_SKEW_MS: i64 = 5 * 60 * 1000;

/// Where a game's queue stands in a pass.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Queue {
    /// Its first row is taken (or waiting): nothing else of the game goes.
    Taken,
    /// Its first row is a post held for an unreachable channel: its first DM may still go.
    ChannelHeld,
}

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
    /// Unreachable channels with held posts, and when this process last tried each (Unix
    /// ms; 0: not yet).
    unreachable: Mutex<HashMap<u64, i64>>,
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
            unreachable: Mutex::new(HashMap::new()),
        })
    }

    /// Someone used `channel` (a command or a click from it): if its posts are held because
    /// it was unreachable, try it now (at most once per [`OutboxSettings::heard_gap`]). A
    /// failure here is logged; the back-off tries again anyway.
    pub async fn heard_from(&self, channel: u64) {
        let now = now_ms();
        let gap = self.settings.heard_gap.as_millis() as i64;
        let due = {
            let mut unreachable = self.unreachable.lock().unwrap_or_else(|p| p.into_inner());
            match unreachable.get_mut(&channel) {
                Some(tried) if now - *tried >= gap => {
                    *tried = 0;
                    true
                }
                _ => false,
            }
        };
        if !due {
            return;
        }
        match self.store.probe_channel_now(channel).await {
            Ok(0) => {}
            Ok(_) => {
                tracing::info!(
                    channel,
                    "the unreachable channel was used; trying its posts now"
                );
                self.notify();
            }
            Err(e) => {
                tracing::warn!(channel, error = %e, "could not bring an unreachable channel's posts forward")
            }
        }
    }

    fn unreachable_tried(&self, channel: u64) -> i64 {
        let mut unreachable = self.unreachable.lock().unwrap_or_else(|p| p.into_inner());
        *unreachable.entry(channel).or_insert(0)
    }

    fn set_unreachable_tried(&self, channel: u64, at: Option<i64>) {
        let mut unreachable = self.unreachable.lock().unwrap_or_else(|p| p.into_inner());
        match at {
            Some(at) => {
                unreachable.insert(channel, at);
            }
            None => {
                unreachable.remove(&channel);
            }
        }
    }

    /// When an unreachable channel (since `since`, last tried at `tried`) is tried next:
    /// after as long as it had been unreachable when last tried, within the settings' bounds,
    /// so the waits double.
    fn next_probe(&self, since: i64, tried: i64) -> i64 {
        let first = self.settings.unreachable_first_retry.as_millis() as i64;
        let longest = self.settings.unreachable_max_retry.as_millis() as i64;
        tried + (tried - since).clamp(first, longest.max(first))
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
        // The newest pending turn message per game and unreachable channel: it makes older
        // turn posts held there moot.
        let mut newest_turn: HashMap<(Option<i64>, u64), i64> = HashMap::new();
        for row in &pending {
            if row.kind == DeliveryKind::Channel
                && row.unreachable_since.is_some()
                && Message::from_body(&row.body).is_ok_and(|m| m.takes_over)
            {
                newest_turn.insert((row.game_id, row.target), row.outbox_id);
            }
        }
        // The newest pending DM per game and player: only the newest hand matters, so an
        // older edit of the player's DM that never went out is skipped.
        let mut newest_dm: HashMap<(i64, u64), i64> = HashMap::new();
        for row in &pending {
            if let (DeliveryKind::Dm, Some(game)) = (row.kind, row.game_id) {
                newest_dm.insert((game, row.target), row.outbox_id);
            }
        }
        let mut queues: HashMap<(bool, i64), Queue> = HashMap::new();
        let mut due = Vec::new();
        let mut earliest: Option<i64> = None;
        for row in pending {
            // Only the first pending row of each game may go: turns stay in order. While
            // that row is a post held for an unreachable channel, the game's DMs go on.
            let key = row.order_key();
            let held = row.kind == DeliveryKind::Channel && row.unreachable_since.is_some();
            match queues.get(&key) {
                None => {
                    queues.insert(
                        key,
                        if held {
                            Queue::ChannelHeld
                        } else {
                            Queue::Taken
                        },
                    );
                }
                Some(Queue::ChannelHeld) if row.kind == DeliveryKind::Dm => {
                    queues.insert(key, Queue::Taken);
                }
                Some(_) => continue,
            }
            if held {
                self.unreachable_tried(row.target);
            }
            let superseded = held
                && newest_turn
                    .get(&(row.game_id, row.target))
                    .is_some_and(|&newest| newest > row.outbox_id)
                && Message::from_body(&row.body).is_ok_and(|m| m.superseded_by_a_new_turn());
            // A DM that may have gone out is not skipped: its message may exist, and only
            // its own nonce (or a look) keeps a newer row from creating a second one.
            let superseded = superseded
                || (row.kind == DeliveryKind::Dm
                    && !row.possibly_sent
                    && row.game_id.is_some_and(|game| {
                        newest_dm
                            .get(&(game, row.target))
                            .is_some_and(|&newest| newest > row.outbox_id)
                    })
                    && Message::from_body(&row.body).is_ok_and(|m| !m.fresh));
            if row.next_at > now && !superseded {
                earliest = Some(earliest.map_or(row.next_at, |e| e.min(row.next_at)));
                continue;
            }
            due.push((row, superseded));
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
        for (row, superseded) in due {
            let courier = courier.clone();
            let me = self.clone();
            set.spawn(async move { me.deliver_one(&*courier, row, superseded).await });
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

    /// Claims, sends and records one row (`superseded`: a post held for an unreachable
    /// channel that a newer turn message there makes moot).
    async fn deliver_one<C: Courier>(
        &self,
        courier: &C,
        row: DeliveryRow,
        superseded: bool,
    ) -> Result<(), StoreError> {
        let lease = self.settings.lease.as_millis() as i64;
        if !self.store.claim_delivery(row.outbox_id, lease).await? {
            return Ok(()); // another process has it, or it is done
        }
        let id = row.outbox_id;
        // A damaged row is given up, and so said once: done rows are never read again.
        let readable = match &row.unreadable {
            Some(why) => Err(format!("unreadable outbox row: {why}")),
            None => Message::from_body(&row.body),
        };
        let message = match readable {
            Ok(m) => m,
            Err(e) => {
                tracing::error!(outbox_id = id, game = row.game_id, error = %e, "giving up an unreadable delivery");
                return self
                    .store
                    .finish_delivery(id, &format!("failed: {e}"), None)
                    .await;
            }
        };
        if superseded {
            let why = match row.kind {
                DeliveryKind::Channel => {
                    "skipped: a newer turn message replaced it while the channel was unreachable"
                }
                DeliveryKind::Dm => "skipped: a newer DM of the player's hand replaced it",
            };
            return self.store.finish_delivery(id, why, None).await;
        }
        if row.kind == DeliveryKind::Channel
            && let Some(since) = row.unreachable_since
        {
            // Held: tried only when its back-off is over (or someone used the channel).
            let tried = self.unreachable_tried(row.target);
            let next = if tried == 0 {
                0
            } else {
                self.next_probe(since, tried)
            };
            if now_ms() < next {
                return self
                    .store
                    .defer_delivery(id, next, "waiting: the channel is unreachable")
                    .await;
            }
        }
        if let Some(old) = message.retire {
            return match courier.retire(row.target, old).await {
                Ok(()) => {
                    self.set_unreachable_tried(row.target, None);
                    self.store.finish_delivery(id, SENT, None).await
                }
                Err(failure) => self.failed(courier, &row, &message, failure).await,
            };
        }
        if row.kind == DeliveryKind::Dm && self.store.dm_closed(row.target).await? {
            return self
                .store
                .finish_delivery(id, "skipped: DMs closed", None)
                .await;
        }
        // The game's current turn message: edited by a step of the same turn, retired by
        // the next turn's message.
        let current = match (row.kind, row.game_id) {
            (DeliveryKind::Channel, Some(game)) if message.edit || message.takes_over => {
                self.store.turn_message(game).await?
            }
            _ => None,
        };
        // The player's DM of this game: a hand change edits it (a new DM only for the
        // first hand, the game's end, or when it was deleted).
        let dm = match (row.kind, row.game_id) {
            (DeliveryKind::Dm, Some(game)) if !message.fresh => {
                self.store.dm_message(game, row.target).await?
            }
            _ => None,
        };
        // An earlier attempt may have gone out, longer ago than Discord's nonce catches a
        // repeat: look for its message before sending again. (An edit of the player's DM is
        // harmless twice, but a courier that cannot edit sends DMs anew, so it looks too.)
        let trust = self.settings.nonce_trust.as_millis() as i64;
        if row.possibly_sent && now_ms() - row.created_at >= trust {
            let since = row.created_at - CLOCK_SKEW_MS;
            let taken = self
                .store
                .delivered_message_ids(row.kind, row.target, since)
                .await?;
            match courier.find(&row, &message, since, &taken).await {
                Ok(Some(found)) => {
                    tracing::info!(
                        outbox_id = id,
                        message_id = found,
                        "an earlier attempt had delivered it; not sending it again"
                    );
                    return self.sent(&row, &message, current, Some(found)).await;
                }
                Ok(None) => {}
                Err(failure) => return self.failed(courier, &row, &message, failure).await,
            }
        }
        let images = self.store.delivery_images(id).await?;
        let sent = match (dm, current.filter(|_| message.edit)) {
            (Some(dm), _) => courier.edit_dm(&row, &message, images, dm).await,
            (None, Some(current)) => courier.edit(&row, &message, images, current).await,
            (None, None) => courier.deliver(&row, &message, images).await,
        };
        match sent {
            Ok(message_id) => self.sent(&row, &message, current, message_id).await,
            Err(failure) => self.failed(courier, &row, &message, failure).await,
        }
    }

    /// Records a delivered row; for a game's channel post, in the same transaction, the
    /// game's current turn message and the removal of the old one's buttons (a delivery of
    /// its own, retried like any other).
    async fn sent(
        &self,
        row: &DeliveryRow,
        message: &Message,
        current: Option<u64>,
        message_id: Option<u64>,
    ) -> Result<(), StoreError> {
        let mut delivered = Delivered::default();
        if let (DeliveryKind::Dm, Some(game), Some(dm)) = (row.kind, row.game_id, message_id) {
            delivered.dm_message = Some((game, row.target, dm));
        }
        if let Some(game) = row.game_id.filter(|_| row.kind == DeliveryKind::Channel) {
            if (message.turn.is_some() || message.lobby) && message_id.is_some() {
                // A turn message, or the lobby: later steps (joins) edit it, the next
                // turn's message takes its buttons away.
                delivered.turn_message = Some((game, message_id));
            } else if message.closes {
                // The lobby started or closed: nothing edits it or retires it any more.
                delivered.turn_message = Some((game, None));
            } else if message.takes_over {
                // The game is over: no message is current any more.
                delivered.turn_message = Some((game, None));
            }
            if message.takes_over
                && let Some(old) = current.filter(|&old| Some(old) != message_id)
            {
                let retire = Message {
                    retire: Some(old),
                    ..Message::default()
                };
                delivered.then = Some((Some(game), channel_delivery(row.target, &retire)));
            }
        }
        self.store
            .finish_delivery_with(row.outbox_id, SENT, message_id, &delivered)
            .await?;
        if row.kind == DeliveryKind::Channel {
            self.set_unreachable_tried(row.target, None);
        }
        if delivered.then.is_some() {
            self.notify();
        }
        let waited = (now_ms() - row.created_at).max(0) as u64;
        let mut latencies = self.latencies.lock().unwrap_or_else(|p| p.into_inner());
        if latencies.len() == LATENCY_SAMPLES {
            latencies.pop_front();
        }
        latencies.push_back(Duration::from_millis(waited));
        Ok(())
    }

    async fn failed<C: Courier>(
        &self,
        courier: &C,
        row: &DeliveryRow,
        message: &Message,
        failure: Failure,
    ) -> Result<(), StoreError> {
        if failure.invalid() {
            self.note_invalid();
        }
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
                    let words = t!(
                        "bot-outbox-gave-up",
                        channel = channel_mention(row.channel_id),
                        attempts = attempts,
                        why = Arg::raw(why)
                    );
                    self.tell_caller(courier, row, message, &words).await;
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
                    // A mention: Discord's markup, the same in every language.
                    text: t!(
                        "bot-dms-closed",
                        user = Arg::raw(format!("<@{}>", row.target))
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
            Failure::Unreachable { why, .. } if row.kind == DeliveryKind::Channel => {
                // Held, not given up: tried again on a back-off and whenever someone uses
                // the channel; the caller is told when the channel becomes unreachable.
                let now = now_ms();
                let since = self.store.set_channel_unreachable(row.target, now).await?;
                self.set_unreachable_tried(row.target, Some(now));
                let next = self.next_probe(since, now);
                self.store
                    .defer_delivery(id, next, &format!("waiting: {why}"))
                    .await?;
                if since == now {
                    tracing::error!(outbox_id = id, game = row.game_id, channel = row.target, error = %why, "cannot post in a channel; holding its posts and trying again later");
                    let words = t!(
                        "bot-outbox-unreachable",
                        channel = channel_mention(row.channel_id),
                        why = Arg::raw(why)
                    );
                    self.tell_caller(courier, row, message, &words).await;
                } else {
                    tracing::info!(outbox_id = id, channel = row.target, retry_in_s = (next - now) / 1000, error = %why, "the channel is still unreachable");
                }
                Ok(())
            }
            Failure::Unreachable { why, .. } => {
                tracing::error!(outbox_id = id, game = row.game_id, user = row.target, error = %why, "cannot deliver a DM: giving up");
                self.store
                    .finish_delivery(id, &format!("failed: {why}"), None)
                    .await
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
    /// is still valid: in the row's reader's language (the server's, for a channel post;
    /// the caller is one of its readers).
    async fn tell_caller<C: Courier>(
        &self,
        courier: &C,
        row: &DeliveryRow,
        message: &Message,
        words: &Text,
    ) {
        let Some(handle) = &message.tell else { return };
        if now_ms() - row.created_at > TELL_VALID_MS {
            return;
        }
        if !courier.tell(handle, &row.lang.render(words)).await {
            tracing::warn!(
                outbox_id = row.outbox_id,
                "could not tell the caller about a failed delivery either"
            );
        }
    }
}

/// A channel's mention (Discord's markup, the same in every language).
fn channel_mention(channel: u64) -> Arg {
    Arg::raw(format!("<#{channel}>"))
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
