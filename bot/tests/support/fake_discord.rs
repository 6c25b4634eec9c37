//! A local fake Discord that the real serenity 0.12.5 client talks to in tests.
//!
//! One `FakeDiscord` per test, on `127.0.0.1:0`: the REST API under `/api/v10` and a gateway
//! websocket at `/ws`. Point serenity at it with
//! `HttpBuilder::new(token).proxy(fake.base_url()).ratelimiter_disabled(true)` and
//! `ClientBuilder::new_with_http(http, intents)` (build the client after `start()`).
//!
//! What it checks (see `assert_clean`):
//! - every request against Discord's OpenAPI description (`support::openapi`): route, method,
//!   path and query parameters, JSON body or multipart `payload_json`, plus the documented limits
//!   the spec does not express (2000 characters of content, 5 action rows, unique `custom_id`s,
//!   a select menu alone in its row, buttons with a custom_id (or url) and a label (or emoji),
//!   6000 characters of embeds, 10 files of at most 10 MiB, no ephemeral flag outside
//!   interactions, files matching `attachments[].id`, no empty message, PNG files that are PNGs);
//!   a request that does not fit is answered `400 {"code":50035}` and listed by
//!   `schema_violations()`;
//! - every payload it dispatches parses as serenity's own model (`Interaction` for
//!   INTERACTION_CREATE, `Event` otherwise), or `dispatch` panics with the serde error;
//! - every answer it gives parses as serenity's model (`Message`, `PrivateChannel`, `Command`)
//!   and fits the response schema of the spec (`fake_errors()`; a non-empty list is a bug here).
//!
//! `assert_clean` (see `problems`) fails on all of these, and on every answer Discord would
//! refuse: any non-2xx status (a second acknowledgement 40060, one later than `ack_deadline`
//! 10062, an edit or followup before it 10015, closed DMs 50007, …), every request it cannot
//! match, and interactions dispatched but never acknowledged — unless the test declared them
//! (`expect_rejection`, `expect_error_code`, `expect_gateway_violation`, `expect_no_ack`;
//! failures injected with `fail_requests` are expected by themselves). A declaration nothing
//! matched fails too. Dropping a fake whose `assert_clean` was never called fails the test, and
//! so do problems that arrive after the last passing `assert_clean`.
//!
//! Fault injection: `fail_requests(Matcher, status, code, times)` (429 with `retry_after`),
//! `rate_limit`, `delete_channel` (10003), `deny_permission` (50013). Every request is
//! recorded with its receipt time (`Instant` and `SystemTime`); message creates honour
//! `nonce` + `enforce_nonce` as Discord does (the first message is returned, nothing created),
//! in DM channels too, until `forget_nonces` (Discord's "few minutes" are over). A second
//! message created with the same enforced nonce in a channel is a problem (`duplicates`).
//! `GET /channels/{id}/messages` lists a channel's messages (without their nonces, which
//! Discord does not keep).
//!
//! Set `FAKE_DISCORD_REPORT=1` to print every request and problem when a fake is dropped.
//!
//! Discord's behaviour that is modelled: interactions acknowledged once (40060 otherwise), within
//! `ack_deadline` of being dispatched (10062 otherwise), with a callback type that fits the
//! interaction; followups and edits only after the acknowledgement (10015 otherwise); the first
//! followup after a deferral completes the deferred message (and keeps the deferral's
//! ephemerality); DMs to a user with closed DMs fail with 403/50007; messages only to channels the
//! fake knows (a channel of an interaction, a DM channel, or `add_channel`); privileged intents
//! refused with close code 4014 unless allowed.
//!
//! Channel permissions: the bot's permissions in a guild channel are computed as Discord does
//! (the @everyone role and the bot's role, Administrator = all, then the channel's overwrites
//! for @everyone, the bot's role and the bot; a thread takes its parent's; no View Channel =
//! nothing; no Send Messages — in a thread Send Messages in Threads — takes Attach Files and
//! Embed Links too), sent as every interaction's `app_permissions` and enforced on the
//! bot's requests: 403/50001 without View Channel, 403/50013 without Send Messages (Send
//! Messages in Threads), Attach Files for files or Create Public Threads for a thread;
//! without Embed Links the message is kept and its embeds dropped; without Read Message
//! History the message list is empty. Tests change them with `deny_bot`/`undeny_bot`,
//! `set_overwrite`, `set_everyone_permissions`, `set_bot_role_permissions`; `GET
//! /channels/{id}` (with `permission_overwrites`), `GET /guilds/{id}/roles` and `GET
//! /guilds/{id}/members/{user}` answer from the same model. Threads: `POST
//! /channels/{id}/threads` (public, type 11) makes one, `add_thread` too; messages and
//! interactions in it use its id as their channel (the interaction's `channel` has type 11
//! and its `parent_id`); `threads_of` lists them.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::BuildHasher;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, RawQuery, State};
use axum::http::{HeaderMap, Method, Request, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot, watch};

use super::openapi;

/// Permission bits used by the builders.
pub mod permissions {
    pub const ADMINISTRATOR: u64 = 1 << 3;
    pub const ADD_REACTIONS: u64 = 1 << 6;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    pub const MENTION_EVERYONE: u64 = 1 << 17;
    pub const SEND_TTS_MESSAGES: u64 = 1 << 12;
    /// Every permission bit Discord defines (Administrator's effect).
    pub const ALL: u64 = (1 << 51) - 1;
    /// What the bot's own role has by default: what the README's invite asks for.
    pub const BOT_ROLE: u64 = VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;
    /// What an ordinary member has in a channel (no Manage Messages, no Administrator).
    pub const MEMBER: u64 = ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | USE_APPLICATION_COMMANDS
        | SEND_MESSAGES_IN_THREADS;
}

/// Gateway intents Discord treats as privileged (GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT).
pub const PRIVILEGED_INTENTS: u64 = (1 << 1) | (1 << 8) | (1 << 15);

const EPHEMERAL: u64 = 1 << 6;
const LOADING: u64 = 1 << 7;
const IS_COMPONENTS_V2: u64 = 1 << 15;
const MAX_FILE: usize = 10 * 1024 * 1024;

/// How the fake behaves; `FakeOptions::default()` is what `start()` uses.
#[derive(Debug, Clone)]
pub struct FakeOptions {
    /// HELLO's heartbeat interval.
    pub heartbeat_interval: Duration,
    /// An interaction callback later than this after the dispatch gets 404/10062 (Discord: 3 s).
    /// `None` turns the deadline off.
    pub ack_deadline: Option<Duration>,
    /// Accept privileged intents in IDENTIFY (otherwise: close 4014, as for an application
    /// without them enabled in the developer portal).
    pub allow_privileged_intents: bool,
}

impl Default for FakeOptions {
    fn default() -> Self {
        FakeOptions {
            heartbeat_interval: Duration::from_millis(41_250),
            ack_deadline: Some(Duration::from_secs(3)),
            allow_privileged_intents: false,
        }
    }
}

/// One HTTP request the fake received, with its answer.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    /// Full path without the query, e.g. `/api/v10/channels/5/messages`.
    pub path: String,
    /// Raw query string (serenity writes `?&wait=true`), empty if none.
    pub query: String,
    /// The JSON body, or for multipart the parsed `payload_json`.
    pub json: Option<Value>,
    /// Multipart files: (filename, bytes), in `files[n]` order. `Bytes` (cheap to clone, derefs
    /// to `[u8]`) so that copies of the request list stay cheap with many PNGs in it.
    pub files: Vec<(String, Bytes)>,
    pub received: Instant,
    /// The same moment by the wall clock, to compare with times the bot stores (e.g. commit →
    /// receipt latency of a delivery).
    pub received_at: SystemTime,
    /// When the interaction this request answers (callback, followup, edit) was written to the
    /// gateway socket; `received - interaction_received` is the bot's latency.
    pub interaction_received: Option<Instant>,
    pub status: u16,
    pub response: Option<Value>,
    /// What the fake found wrong with this request (schema, Discord's limits, an unknown
    /// route, a late acknowledgement, …); each also in `schema_violations()` or `unhandled()`.
    pub problems: Vec<String>,
    /// Answered by a failure injected with `fail_requests` (declared expected by that).
    pub injected: bool,
    /// A create with `enforce_nonce` whose nonce was already used in the channel: answered
    /// with the first message, nothing created.
    pub deduplicated: bool,
    /// For `/channels/{id}/…` requests to a DM channel: the user it belongs to.
    pub dm_recipient: Option<u64>,
}

impl Recorded {
    /// The path after `/api/v10`.
    pub fn route(&self) -> &str {
        self.path.strip_prefix("/api/v10").unwrap_or(&self.path)
    }
    fn parts(&self) -> Vec<&str> {
        self.route().trim_start_matches('/').split('/').collect()
    }
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }
    /// `POST /interactions/{id}/{token}/callback`.
    pub fn is_callback(&self) -> bool {
        let p = self.parts();
        self.method == "POST" && p.len() == 4 && p[0] == "interactions" && p[3] == "callback"
    }
    /// The callback type (5 = deferred message, 6 = deferred update, …) of a callback.
    pub fn callback_type(&self) -> Option<u64> {
        if !self.is_callback() {
            return None;
        }
        self.json.as_ref()?.get("type")?.as_u64()
    }
    /// A deferral (callback type 5 or 6).
    pub fn is_deferral(&self) -> bool {
        matches!(self.callback_type(), Some(5 | 6))
    }
    /// `POST /webhooks/{app}/{token}` (an interaction followup).
    pub fn is_followup(&self) -> bool {
        let p = self.parts();
        self.method == "POST" && p.len() == 3 && p[0] == "webhooks"
    }
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    pub fn is_original_edit(&self) -> bool {
        let p = self.parts();
        self.method == "PATCH" && p.len() == 5 && p[0] == "webhooks" && p[4] == "@original"
    }
    /// The interaction token of a callback, followup or webhook edit.
    pub fn interaction_token(&self) -> Option<&str> {
        let p = self.parts();
        match p.first() {
            Some(&"interactions") if p.len() >= 3 => Some(p[2]),
            Some(&"webhooks") if p.len() >= 3 => Some(p[2]),
            _ => None,
        }
    }
    /// Whether this request answers `interaction` (a value from a builder).
    pub fn belongs_to(&self, interaction: &Value) -> bool {
        self.interaction_token().is_some()
            && self.interaction_token() == interaction["token"].as_str()
    }
    /// `POST /channels/{channel}/messages`.
    pub fn is_channel_message(&self, channel: u64) -> bool {
        let p = self.parts();
        self.method == "POST"
            && p.len() == 3
            && p[0] == "channels"
            && p[2] == "messages"
            && p[1] == channel.to_string()
    }
    /// The channel of a `/channels/{id}/…` request.
    pub fn channel_id(&self) -> Option<u64> {
        let p = self.parts();
        if p.first() == Some(&"channels") {
            p.get(1)?.parse().ok()
        } else {
            None
        }
    }
    /// The message content sent, if any.
    pub fn content(&self) -> Option<&str> {
        self.json.as_ref()?.get("content")?.as_str()
    }
    /// Files whose bytes are a PNG.
    pub fn png_files(&self) -> Vec<&(String, Bytes)> {
        self.files.iter().filter(|(_, b)| is_png(b)).collect()
    }
    pub fn has_png(&self) -> bool {
        !self.png_files().is_empty()
    }
    /// The Discord error code of a failed answer.
    pub fn error_code(&self) -> Option<i64> {
        if self.ok() {
            None
        } else {
            self.response.as_ref()?.get("code")?.as_i64()
        }
    }
    /// A request Discord refused (any non-2xx answer) or one the fake found a problem with:
    /// a violation unless the test declared it expected.
    pub fn rejected(&self) -> bool {
        !self.ok() || !self.problems.is_empty()
    }
    /// The `message` of a failed answer's Discord error body.
    pub fn error_message(&self) -> Option<&str> {
        if self.ok() {
            None
        } else {
            self.response.as_ref()?.get("message")?.as_str()
        }
    }
    /// `retry_after` (seconds) of a 429 answer.
    pub fn retry_after(&self) -> Option<f64> {
        if self.status != 429 {
            return None;
        }
        self.response.as_ref()?.get("retry_after")?.as_f64()
    }
    /// The `nonce` of a message create, as a string (Discord accepts an integer or a string).
    pub fn nonce(&self) -> Option<String> {
        match self.json.as_ref()?.get("nonce")? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }
    /// Whether a message create asked Discord to deduplicate by its nonce.
    pub fn enforce_nonce(&self) -> bool {
        self.json
            .as_ref()
            .is_some_and(|j| j["enforce_nonce"] == true)
    }
    /// The id of the message in a successful answer (created, edited or deduplicated).
    pub fn message_id(&self) -> Option<u64> {
        if !self.ok() {
            return None;
        }
        id_of(self.response.as_ref()?.get("id")?)
    }
    /// `POST /channels/{id}/messages` to a DM channel (of `dm_recipient`).
    pub fn is_dm_message(&self) -> bool {
        self.dm_recipient.is_some()
            && self
                .channel_id()
                .is_some_and(|c| self.is_channel_message(c))
    }
    /// `POST /channels/{id}/messages` to any channel.
    pub fn is_message_create(&self) -> bool {
        self.channel_id()
            .is_some_and(|c| self.is_channel_message(c))
    }
    /// `POST /users/@me/channels` (opening a DM channel) for `user`.
    pub fn is_dm_open_for(&self, user: u64) -> bool {
        self.method == "POST"
            && self.route() == "/users/@me/channels"
            && self
                .json
                .as_ref()
                .is_some_and(|j| id_of(&j["recipient_id"]) == Some(user))
    }
    /// `received - interaction_received`.
    pub fn latency(&self) -> Option<Duration> {
        Some(
            self.received
                .saturating_duration_since(self.interaction_received?),
        )
    }
}

impl std::fmt::Display for Recorded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.method, self.path)?;
        if !self.query.is_empty() {
            write!(f, "?{}", self.query)?;
        }
        write!(f, " -> {}", self.status)?;
        if let Some(code) = self.error_code() {
            write!(f, " (code {code})")?;
        }
        if self.injected {
            write!(f, " [injected]")?;
        }
        if self.deduplicated {
            write!(f, " [deduplicated by nonce]")?;
        }
        if let Some(j) = &self.json {
            let s = j.to_string();
            let s: String = s.chars().take(300).collect();
            write!(f, " {s}")?;
        }
        for (name, bytes) in &self.files {
            write!(f, " [file {name}, {} bytes]", bytes.len())?;
        }
        Ok(())
    }
}

/// Selects requests by method and route, for `fail_requests` (and `matches` in tests).
///
/// A pattern is a route after `/api/v10` split at `/`: a literal segment matches itself, `*`
/// any one segment, `{dm}` the id of a DM channel (any user's, or one user's with
/// `dm_messages_to`), and a final `**` any rest (also none).
#[derive(Debug, Clone)]
pub struct Matcher {
    method: Option<String>,
    segments: Vec<String>,
    dm_user: Option<u64>,
}

impl Matcher {
    /// `method` (`"*"` for any) and a route pattern such as `/channels/*/messages`.
    pub fn new(method: &str, pattern: &str) -> Matcher {
        Matcher {
            method: (method != "*").then(|| method.to_uppercase()),
            segments: pattern
                .trim_start_matches('/')
                .split('/')
                .map(str::to_string)
                .collect(),
            dm_user: None,
        }
    }
    /// `POST /channels/{channel}/messages`: new messages in one channel.
    pub fn channel_messages(channel: u64) -> Matcher {
        Matcher::new("POST", &format!("/channels/{channel}/messages"))
    }
    /// `POST /channels/{dm}/messages`: new messages in any DM channel.
    pub fn dm_messages() -> Matcher {
        Matcher::new("POST", "/channels/{dm}/messages")
    }
    /// `POST /channels/{dm}/messages` in `user`'s DM channel.
    pub fn dm_messages_to(user: u64) -> Matcher {
        Matcher {
            dm_user: Some(user),
            ..Matcher::dm_messages()
        }
    }
    /// `POST /channels/*/messages`: any new message outside interactions.
    pub fn any_post_message() -> Matcher {
        Matcher::new("POST", "/channels/*/messages")
    }
    /// `PATCH /channels/*/messages/*`: edits of channel messages.
    pub fn message_edits() -> Matcher {
        Matcher::new("PATCH", "/channels/*/messages/*")
    }
    /// `POST /users/@me/channels`: opening a DM channel.
    pub fn dm_opens() -> Matcher {
        Matcher::new("POST", "/users/@me/channels")
    }
    /// `POST /interactions/*/*/callback`: acknowledgements.
    pub fn callbacks() -> Matcher {
        Matcher::new("POST", "/interactions/*/*/callback")
    }
    /// `POST /webhooks/*/*`: interaction followups.
    pub fn followups() -> Matcher {
        Matcher::new("POST", "/webhooks/*/*")
    }
    /// `PATCH /webhooks/*/*/messages/@original`: edits of an interaction's response.
    pub fn original_edits() -> Matcher {
        Matcher::new("PATCH", "/webhooks/*/*/messages/@original")
    }

    fn fits(&self, method: &str, route: &str, dm_user: Option<u64>) -> bool {
        if self.method.as_deref().is_some_and(|m| m != method) {
            return false;
        }
        let parts: Vec<&str> = route.trim_start_matches('/').split('/').collect();
        let mut i = 0;
        for (k, seg) in self.segments.iter().enumerate() {
            if seg == "**" && k + 1 == self.segments.len() {
                return true;
            }
            let Some(part) = parts.get(i) else {
                return false;
            };
            let ok = match seg.as_str() {
                "*" => true,
                "{dm}" => {
                    dm_user.is_some()
                        && part.parse::<u64>().is_ok()
                        && self.dm_user.is_none_or(|u| Some(u) == dm_user)
                }
                lit => lit == *part,
            };
            if !ok {
                return false;
            }
            i += 1;
        }
        i == parts.len()
    }

    /// Whether a recorded request is one this matcher selects.
    pub fn matches(&self, r: &Recorded) -> bool {
        self.fits(&r.method, r.route(), r.dm_recipient)
    }
}

/// A failure `fail_requests` injects.
#[derive(Debug, Clone)]
struct Fault {
    matcher: Matcher,
    status: u16,
    code: i64,
    retry_after: Duration,
    remaining: usize,
}

type RequestPredicate = Arc<dyn Fn(&Recorded) -> bool + Send + Sync>;

/// Something a test declared it expects to go wrong.
#[derive(Clone)]
enum Expected {
    /// Requests matching the predicate may be rejected (or have problems).
    Request(RequestPredicate),
    /// Gateway violations containing this text.
    Gateway(String),
    /// The interaction with this token may stay unacknowledged.
    NoAck(String),
}

#[derive(Clone)]
struct Expectation {
    what: Expected,
    why: String,
}

/// Whether and how `assert_clean` was called, for the check on drop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Checked {
    #[default]
    Never,
    Clean,
    Failed,
}

enum Outgoing {
    Text {
        text: String,
        interaction_token: Option<String>,
        written: oneshot::Sender<()>,
    },
    Close(u16, String),
}

struct Conn {
    tx: mpsc::UnboundedSender<Outgoing>,
    session: Option<String>,
    ready: bool,
}

#[derive(Clone)]
struct InteractionRec {
    id: u64,
    kind: u64,
    channel: u64,
    user: u64,
    dispatched: Option<Instant>,
    acked: Option<u64>,
    original: Option<u64>,
    /// The deferral (type 5) has not been completed by an edit or the first followup yet.
    deferred_open: bool,
    component_message: Option<u64>,
    followups: Vec<u64>,
}

#[derive(Clone, Default)]
struct ChannelInfo {
    guild: Option<u64>,
    dm_user: Option<u64>,
    /// A thread's channel (threads take their parent's permission overwrites).
    parent: Option<u64>,
    /// A thread's name.
    name: Option<String>,
    /// The channel's permission overwrites (a thread has none of its own).
    overwrites: Vec<Overwrite>,
}

/// One entry of a channel's `permission_overwrites`: for a role (`member: false`; the
/// guild's id is its @everyone role) or a member.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Overwrite {
    id: u64,
    member: bool,
    allow: u64,
    deny: u64,
}

#[derive(Default)]
struct St {
    requests: Vec<Arc<Recorded>>,
    violations: Vec<String>,
    /// The violations of `violations` that belong to no request.
    gateway_violations: Vec<String>,
    fake_errors: Vec<String>,
    unhandled: Vec<String>,
    expectations: Vec<Expectation>,
    faults: Vec<Fault>,
    /// Pauses `slow_requests` asked for: (which requests, how long, how many more).
    slow: Vec<(Matcher, Duration, usize)>,
    checked: Checked,
    /// Set by `handle` when a create was answered with an earlier message (enforce_nonce).
    deduplicated: bool,
    // gateway
    conns: HashMap<u64, Conn>,
    current: Option<u64>,
    next_conn: u64,
    identifies: Vec<Value>,
    resumes: u32,
    heartbeats: u64,
    close_codes: Vec<u16>,
    sessions: HashMap<String, u64>,
    invalidate_next_resume: bool,
    dispatched: Vec<(String, Value)>,
    // the Discord world
    user_names: HashMap<u64, String>,
    user_permissions: HashMap<u64, u64>,
    dm_channels: HashMap<u64, u64>,
    dm_closed: HashSet<u64>,
    channels: HashMap<u64, ChannelInfo>,
    guilds: Vec<u64>,
    deleted_channels: HashSet<u64>,
    denied_channels: HashSet<u64>,
    /// Per guild, the permissions of its @everyone role (default `permissions::MEMBER`).
    everyone_permissions: HashMap<u64, u64>,
    /// Per guild, the permissions of the bot's own role (default `permissions::BOT_ROLE`).
    bot_role_permissions: HashMap<u64, u64>,
    /// (channel, nonce) → the message created with it (forgotten by `forget_nonces`).
    nonces: HashMap<(u64, String), u64>,
    /// (channel, nonce) → how many messages were created with it and `enforce_nonce` (never
    /// forgotten).
    nonce_uses: HashMap<(u64, String), u32>,
    messages: BTreeMap<u64, Value>,
    interactions: HashMap<String, InteractionRec>,
    commands: BTreeMap<Option<u64>, Vec<Value>>,
    command_ids: HashMap<(Option<u64>, String), u64>,
}

/// Locks the state, ignoring poison: builders panic on purpose (tests catch it) and the fake
/// must stay usable.
fn lock(m: &Mutex<St>) -> std::sync::MutexGuard<'_, St> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

struct Inner {
    port: u16,
    opts: FakeOptions,
    st: Mutex<St>,
    changed: watch::Sender<u64>,
    random: std::hash::RandomState,
}

impl Inner {
    fn bump(&self) {
        self.changed.send_modify(|v| *v += 1);
    }
    fn ws_url(&self) -> String {
        format!("ws://127.0.0.1:{}/ws", self.port)
    }
    fn token(&self, id: u64) -> String {
        let a = self.random.hash_one(id);
        let b = self.random.hash_one(a ^ id.rotate_left(17));
        format!("aW50ZXJhY3Rpb246{id}_{a:016x}{b:016x}")
    }
}

/// The fake Discord. Dropping it stops the server and drops gateway sockets.
pub struct FakeDiscord {
    inner: Arc<Inner>,
    addr: SocketAddr,
    server: tokio::task::JoinHandle<()>,
}

impl std::fmt::Debug for FakeDiscord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FakeDiscord")
            .field("addr", &self.addr)
            .finish()
    }
}

impl Drop for FakeDiscord {
    /// Stops the server. A test that never called `assert_clean` fails here, and so does one
    /// whose fake found new problems after its last passing `assert_clean` (unless the test is
    /// failing already).
    fn drop(&mut self) {
        if std::env::var_os("FAKE_DISCORD_REPORT").is_some() {
            eprintln!("{}", self.report());
        }
        self.server.abort();
        let checked = {
            let mut st = lock(&self.inner.st);
            st.conns.clear();
            st.checked
        };
        if std::thread::panicking() {
            return;
        }
        match checked {
            Checked::Never => panic!(
                "fake Discord dropped without assert_clean: call fake.assert_clean() at the end \
                 of the test (after the bot stopped), declaring expected rejections with \
                 expect_rejection / expect_error_code\n{}",
                self.report()
            ),
            Checked::Clean => {
                let problems = self.problems();
                if !problems.is_empty() {
                    panic!(
                        "fake Discord: problems after the last assert_clean:\n  {}\n{}",
                        problems.join("\n  "),
                        self.report()
                    );
                }
            }
            Checked::Failed => {}
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

impl FakeDiscord {
    pub const APPLICATION_ID: u64 = 1_150_000_000_000_000_001;
    pub const BOT_USER_ID: u64 = 1_150_000_000_000_000_001;
    pub const BOT_NAME: &'static str = "Turnpost";

    pub async fn start() -> FakeDiscord {
        Self::start_with(FakeOptions::default()).await
    }

    pub async fn start_with(opts: FakeOptions) -> FakeDiscord {
        // Load and index the spec before the first request (once per process).
        let _ = openapi::spec();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().unwrap();
        let (changed, _) = watch::channel(0);
        let inner = Arc::new(Inner {
            port: addr.port(),
            opts,
            st: Mutex::new(St::default()),
            changed,
            random: std::hash::RandomState::new(),
        });
        let app = Router::new()
            .route("/ws", get(gateway_upgrade))
            .fallback(rest)
            .layer(DefaultBodyLimit::max(64 * 1024 * 1024))
            .with_state(inner.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake Discord server");
        });
        FakeDiscord {
            inner,
            addr,
            server,
        }
    }

    /// `http://127.0.0.1:PORT`, for `HttpBuilder::proxy`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The gateway URL `GET /gateway` answers.
    pub fn ws_url(&self) -> String {
        self.inner.ws_url()
    }

    fn st(&self) -> std::sync::MutexGuard<'_, St> {
        lock(&self.inner.st)
    }

    async fn wait_until<T>(
        &self,
        timeout: Duration,
        what: &str,
        mut check: impl FnMut(&St) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut rx = self.inner.changed.subscribe();
        loop {
            rx.borrow_and_update();
            let found = check(&self.st());
            if let Some(t) = found {
                return t;
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                panic!(
                    "fake Discord: timed out after {timeout:?} waiting for {what}\n{}",
                    self.report()
                );
            }
        }
    }

    /// Waits until a client has sent IDENTIFY and received READY, and that connection is open.
    pub async fn wait_identified(&self, timeout: Duration) {
        self.wait_until(timeout, "an identified gateway connection", |st| {
            st.current
                .filter(|c| st.conns.get(c).is_some_and(|c| c.ready))
                .map(|_| ())
        })
        .await
    }

    /// Waits until more than `n` IDENTIFYs in all have been answered with READY and that
    /// connection is open: `let n = fake.identify_count();` before starting a client, then this.
    pub async fn wait_identified_more_than(&self, n: usize, timeout: Duration) {
        self.wait_identify_count(n + 1, timeout).await
    }

    /// Waits until `n` IDENTIFYs in all have been answered with READY (for restart tests).
    pub async fn wait_identify_count(&self, n: usize, timeout: Duration) {
        self.wait_until(timeout, &format!("{n} IDENTIFYs"), |st| {
            (st.identifies.len() >= n && st.current.is_some_and(|c| st.conns[&c].ready))
                .then_some(())
        })
        .await
    }

    /// IDENTIFYs received (each answered with READY, unless refused).
    pub fn identify_count(&self) -> usize {
        self.st().identifies.len()
    }

    /// The `d` of every IDENTIFY, token replaced by `"<redacted>"`.
    pub fn identify_payloads(&self) -> Vec<Value> {
        self.st().identifies.clone()
    }

    /// RESUMEs answered with RESUMED.
    pub fn resume_count(&self) -> u32 {
        self.st().resumes
    }

    /// Heartbeats (op 1) received, each answered with op 11.
    pub fn heartbeat_count(&self) -> u64 {
        self.st().heartbeats
    }

    /// Waits until `n` heartbeats in all were received.
    pub async fn wait_heartbeats(&self, n: u64, timeout: Duration) {
        self.wait_until(timeout, &format!("{n} heartbeats"), |st| {
            (st.heartbeats >= n).then_some(())
        })
        .await
    }

    /// Waits until no gateway connection is open (after the client shut down).
    pub async fn wait_disconnected(&self, timeout: Duration) {
        self.wait_until(timeout, "all gateway connections to close", |st| {
            st.conns.is_empty().then_some(())
        })
        .await
    }

    /// Close codes of Close frames the clients sent (1000 for serenity's clean shutdown).
    pub fn client_close_codes(&self) -> Vec<u16> {
        self.st().close_codes.clone()
    }

    /// Whether a gateway connection is open and identified (or resumed).
    pub fn connected(&self) -> bool {
        let st = self.st();
        st.current
            .is_some_and(|c| st.conns.get(&c).is_some_and(|c| c.ready))
    }

    /// Sends a dispatch (op 0, next sequence number) on the identified connection, waiting up to
    /// 10 s for one. The payload must parse as serenity's model: as `Interaction` for
    /// INTERACTION_CREATE (panics with the serde error otherwise), as a known `Event` otherwise.
    /// Returns once the frame is written to the socket.
    pub async fn dispatch(&self, event_name: &str, data: Value) {
        check_event(event_name, &data);
        let token = if event_name == "INTERACTION_CREATE" {
            let token = data["token"].as_str().unwrap_or_default().to_string();
            let mut st = self.st();
            if !st.interactions.contains_key(&token) {
                // Hand-written payload: learn the interaction from it.
                let rec = InteractionRec {
                    id: id_of(&data["id"]).unwrap_or(0),
                    kind: data["type"].as_u64().unwrap_or(0),
                    channel: id_of(&data["channel_id"]).unwrap_or(0),
                    user: id_of(&data["member"]["user"]["id"])
                        .or_else(|| id_of(&data["user"]["id"]))
                        .unwrap_or(0),
                    dispatched: None,
                    acked: None,
                    original: None,
                    deferred_open: false,
                    component_message: id_of(&data["message"]["id"]),
                    followups: Vec::new(),
                };
                let guild = id_of(&data["guild_id"]);
                st.channels.entry(rec.channel).or_insert(ChannelInfo {
                    guild,
                    ..ChannelInfo::default()
                });
                st.interactions.insert(token.clone(), rec);
            }
            Some(token)
        } else {
            None
        };
        let conn = self
            .wait_until(
                Duration::from_secs(10),
                "an identified gateway connection to dispatch on",
                |st| {
                    st.current
                        .filter(|c| st.conns.get(c).is_some_and(|c| c.ready))
                },
            )
            .await;
        let (written_tx, written_rx) = oneshot::channel();
        {
            let mut st = self.st();
            let session = st.conns[&conn].session.clone().unwrap_or_default();
            let seq = st.sessions.entry(session).or_insert(0);
            *seq += 1;
            let text = json!({ "op": 0, "t": event_name, "s": *seq, "d": data }).to_string();
            st.dispatched.push((event_name.to_string(), data));
            let _ = st.conns[&conn].tx.send(Outgoing::Text {
                text,
                interaction_token: token,
                written: written_tx,
            });
        }
        if written_rx.await.is_err() {
            panic!("fake Discord: the gateway connection closed before {event_name} was written");
        }
    }

    /// Every dispatch sent so far: (event name, data).
    pub fn dispatched(&self) -> Vec<(String, Value)> {
        self.st().dispatched.clone()
    }

    /// Closes the gateway socket with close code 4000 (as Discord does on an internal error) and
    /// waits until it is closed. Serenity then reconnects and RESUMEs, which the fake answers
    /// with RESUMED; `dispatch` waits for that.
    pub async fn disconnect(&self) {
        let conn = {
            let st = self.st();
            st.current.inspect(|c| {
                let _ = st.conns[c]
                    .tx
                    .send(Outgoing::Close(4000, "fake Discord: disconnect".into()));
            })
        };
        if let Some(conn) = conn {
            self.wait_until(
                Duration::from_secs(5),
                "the gateway socket to close",
                |st| (!st.conns.contains_key(&conn)).then_some(()),
            )
            .await;
        }
    }

    /// Like `disconnect`, but the next RESUME is refused (op 9, not resumable), so the client has
    /// to IDENTIFY again (serenity waits until 5 s after its previous shard start to do so).
    pub async fn disconnect_invalidating_session(&self) {
        self.st().invalidate_next_resume = true;
        self.disconnect().await;
    }

    // --- requests ------------------------------------------------------------------------------

    /// Everything received, in order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.st().requests.iter().map(|r| (**r).clone()).collect()
    }

    /// The requests matching `pred` (cheaper than filtering `requests()`: only matches are
    /// copied). `pred` runs without the fake's lock held.
    pub fn find_all(&self, pred: impl Fn(&Recorded) -> bool) -> Vec<Recorded> {
        self.snapshot(0)
            .iter()
            .filter(|r| pred(r))
            .map(|r| (**r).clone())
            .collect()
    }

    /// How many requests match `pred`.
    pub fn count(&self, pred: impl Fn(&Recorded) -> bool) -> usize {
        self.snapshot(0).iter().filter(|r| pred(r)).count()
    }

    /// The number of requests so far, to wait for later ones with `wait_for_since`.
    pub fn mark(&self) -> usize {
        self.st().requests.len()
    }

    /// Requests received after `mark`.
    pub fn requests_since(&self, mark: usize) -> Vec<Recorded> {
        self.snapshot(mark).iter().map(|r| (**r).clone()).collect()
    }

    fn snapshot(&self, from: usize) -> Vec<Arc<Recorded>> {
        self.st().requests.get(from..).unwrap_or_default().to_vec()
    }

    /// The first request (ever) matching `pred`; waits for one, panicking on timeout with the
    /// list of requests seen and all problems found. See `wait_for_since`.
    pub async fn wait_for(&self, timeout: Duration, pred: impl Fn(&Recorded) -> bool) -> Recorded {
        self.wait_for_since(0, timeout, pred).await
    }

    /// The first request after `mark` matching `pred`. `pred` is called once per request, in
    /// order: for those already there, then for each new one as it arrives; it runs without the
    /// fake's lock held, so it may call the fake (e.g. `|_| fake.count(…) > n` fires at the
    /// first request after which the count exceeds n).
    pub async fn wait_for_since(
        &self,
        mark: usize,
        timeout: Duration,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Recorded {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut rx = self.inner.changed.subscribe();
        let mut next = mark;
        loop {
            rx.borrow_and_update();
            let new = self.snapshot(next);
            next += new.len();
            if let Some(r) = new.iter().find(|r| pred(r)) {
                return (**r).clone();
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                panic!(
                    "fake Discord: timed out after {timeout:?} waiting for a matching request\n{}",
                    self.report()
                );
            }
        }
    }

    /// Waits until `n` requests after `mark` match `pred` (called once per request, as in
    /// `wait_for_since`); returns them.
    pub async fn wait_for_n_since(
        &self,
        mark: usize,
        n: usize,
        timeout: Duration,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Vec<Recorded> {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut rx = self.inner.changed.subscribe();
        let mut next = mark;
        let mut found = Vec::new();
        loop {
            rx.borrow_and_update();
            let new = self.snapshot(next);
            next += new.len();
            found.extend(new.iter().filter(|r| pred(r)).map(|r| (**r).clone()));
            if found.len() >= n {
                return found;
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                panic!(
                    "fake Discord: timed out after {timeout:?} waiting for {n} matching requests \
                     ({} so far)\n{}",
                    found.len(),
                    self.report()
                );
            }
        }
    }

    /// For every dispatched interaction that was acknowledged: the time from writing it to the
    /// socket to receiving its callback (the bot's deferral latency).
    pub fn ack_latencies(&self) -> Vec<Duration> {
        let st = self.st();
        let mut seen = HashSet::new();
        st.requests
            .iter()
            .filter(|r| r.is_callback() && r.ok())
            .filter(|r| seen.insert(r.interaction_token().map(str::to_string)))
            .filter_map(|r| r.latency())
            .collect()
    }

    // --- problems ------------------------------------------------------------------------------

    /// Every request that did not fit openapi.json or Discord's documented limits.
    pub fn schema_violations(&self) -> Vec<String> {
        self.st().violations.clone()
    }

    /// Requests to routes the fake does not implement (answered 404).
    pub fn unhandled(&self) -> Vec<String> {
        self.st().unhandled.clone()
    }

    /// Answers of the fake that do not parse as serenity's model or do not fit the response
    /// schema: bugs of the fake.
    pub fn fake_errors(&self) -> Vec<String> {
        self.st().fake_errors.clone()
    }

    /// Everything that fails `assert_clean`, one line each: requests Discord would refuse or
    /// that the fake found a problem with (any non-2xx answer, a schema or limit violation, an
    /// unknown route, an acknowledgement later than `ack_deadline`) unless declared expected;
    /// gateway violations unless declared; interactions dispatched but never acknowledged;
    /// declared expectations that nothing matched; the fake's own errors.
    pub fn problems(&self) -> Vec<String> {
        let (requests, expectations, gateway, fake_errors, unacked) = {
            let st = self.st();
            let answered: HashSet<&str> = st
                .requests
                .iter()
                .filter(|r| r.is_callback())
                .filter_map(|r| r.interaction_token())
                .collect();
            let mut unacked: Vec<(String, u64, u64, Duration)> = st
                .interactions
                .iter()
                .filter(|(token, rec)| rec.acked.is_none() && !answered.contains(token.as_str()))
                .filter_map(|(token, rec)| {
                    Some((token.clone(), rec.id, rec.kind, rec.dispatched?.elapsed()))
                })
                .collect();
            unacked.sort_by_key(|u| u.1);
            (
                st.requests.clone(),
                st.expectations.clone(),
                st.gateway_violations.clone(),
                st.fake_errors.clone(),
                unacked,
            )
        };
        // The test's predicates run without the lock (they may call the fake).
        let mut used = vec![false; expectations.len()];
        let mut covered = |hit: &dyn Fn(&Expected) -> bool| {
            let mut any = false;
            for (k, e) in expectations.iter().enumerate() {
                if hit(&e.what) {
                    used[k] = true;
                    any = true;
                }
            }
            any
        };
        let mut out = Vec::new();
        for r in requests.iter().filter(|r| r.rejected()) {
            let expected =
                r.injected || covered(&|e| matches!(e, Expected::Request(pred) if pred(r)));
            if !expected {
                let why = if r.problems.is_empty() {
                    String::new()
                } else {
                    format!(": {}", r.problems.join("; "))
                };
                out.push(format!("rejected: {r}{why}"));
            }
        }
        for g in &gateway {
            if !covered(&|e| matches!(e, Expected::Gateway(text) if g.contains(text.as_str()))) {
                out.push(g.clone());
            }
        }
        for (token, id, kind, ago) in &unacked {
            if !covered(&|e| matches!(e, Expected::NoAck(t) if t == token)) {
                out.push(format!(
                    "interaction {id} (type {kind}) was dispatched {ago:?} ago and never \
                     acknowledged (Discord shows \"The application did not respond\")"
                ));
            }
        }
        for (e, used) in expectations.iter().zip(&used) {
            if !used {
                out.push(format!(
                    "declared expected, but it never happened: {}",
                    e.why
                ));
            }
        }
        out.extend(fake_errors.iter().map(|e| format!("fake error: {e}")));
        out
    }

    /// Panics with `problems()` and the report if there are any. Call it at the end of every
    /// test, after the bot stopped (a fake dropped unchecked fails the test).
    pub fn assert_clean(&self) {
        let problems = self.problems();
        self.st().checked = if problems.is_empty() {
            Checked::Clean
        } else {
            Checked::Failed
        };
        if !problems.is_empty() {
            panic!(
                "fake Discord found problems:\n  {}\n{}",
                problems.join("\n  "),
                self.report()
            );
        }
    }

    /// Declares that requests matching `pred` may be refused (or break a rule the fake checks):
    /// they no longer fail `assert_clean`. `why` names what the test provokes; if nothing
    /// matches by the time `assert_clean` runs, that fails.
    pub fn expect_rejection(
        &self,
        pred: impl Fn(&Recorded) -> bool + Send + Sync + 'static,
        why: &str,
    ) {
        self.st().expectations.push(Expectation {
            what: Expected::Request(Arc::new(pred)),
            why: why.to_string(),
        });
    }

    /// Declares that answers with Discord error `code` (e.g. 50007) are expected.
    pub fn expect_error_code(&self, code: i64, why: &str) {
        self.expect_rejection(move |r| r.error_code() == Some(code), why);
    }

    /// Declares that gateway violations containing `text` are expected.
    pub fn expect_gateway_violation(&self, text: &str, why: &str) {
        self.st().expectations.push(Expectation {
            what: Expected::Gateway(text.to_string()),
            why: why.to_string(),
        });
    }

    /// Declares that `interaction` (a value from a builder) may stay unacknowledged.
    pub fn expect_no_ack(&self, interaction: &Value, why: &str) {
        self.st().expectations.push(Expectation {
            what: Expected::NoAck(
                interaction["token"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            ),
            why: why.to_string(),
        });
    }

    // --- fault injection -----------------------------------------------------------------------

    /// The next `times` requests matching `matcher` (that are otherwise valid) are answered
    /// `status` with Discord's error body `{"code": code, "message": …}` and have no effect;
    /// for 429 also `retry_after` (0.5 s), `"global": false` and a `retry-after` header (see
    /// `rate_limit` for another delay). Injected failures are expected: they do not fail
    /// `assert_clean`. Several injections apply in the order they were made.
    pub fn fail_requests(&self, matcher: Matcher, status: u16, code: i64, times: usize) {
        self.inject(matcher, status, code, Duration::from_millis(500), times);
    }

    /// The next `times` requests matching `matcher` get 429 with `retry_after`.
    pub fn rate_limit(&self, matcher: Matcher, retry_after: Duration, times: usize) {
        self.inject(matcher, 429, 0, retry_after, times);
    }

    fn inject(
        &self,
        matcher: Matcher,
        status: u16,
        code: i64,
        retry_after: Duration,
        times: usize,
    ) {
        assert!(
            (400..600).contains(&status),
            "fail_requests: status {status} is not an error"
        );
        self.st().faults.push(Fault {
            matcher,
            status,
            code,
            retry_after,
            remaining: times,
        });
    }

    /// The next `times` requests matching `matcher` are recorded (and handled) at once, but
    /// their answers wait `delay`: the bot's task that sent them stays busy meanwhile (for
    /// example an interaction still running when the bot is told to stop).
    pub fn slow_requests(&self, matcher: Matcher, delay: Duration, times: usize) {
        self.st().slow.push((matcher, delay, times));
    }

    /// Discord's nonce window passes: a create with a nonce seen before makes a new message
    /// again (a second one is then a duplicate, see `duplicates`).
    pub fn forget_nonces(&self) {
        self.st().nonces.clear();
    }

    /// Messages created more than once with the same nonce and `enforce_nonce` in the same
    /// channel (the sender asked for one and got more: the nonce window had passed):
    /// (channel, nonce, how many). The create that made each one is rejected for
    /// `assert_clean` too (declare it with `expect_rejection` where it is the point).
    pub fn duplicates(&self) -> Vec<(u64, String, u32)> {
        let mut out: Vec<(u64, String, u32)> = self
            .st()
            .nonce_uses
            .iter()
            .filter(|(_, n)| **n > 1)
            .map(|((channel, nonce), n)| (*channel, nonce.clone(), *n))
            .collect();
        out.sort();
        out
    }

    /// Injected failures not used yet.
    pub fn faults_left(&self) -> usize {
        self.st().faults.iter().map(|f| f.remaining).sum()
    }

    /// Deletes a channel: later requests on it get 404/10003 Unknown Channel (rejections the
    /// test must declare), and interactions cannot come from it. Its messages stay readable
    /// through `messages_in`.
    pub fn delete_channel(&self, channel: u64) {
        self.st().deleted_channels.insert(channel);
    }

    /// Takes the bot's permission to send in `channel`: later requests on it get
    /// 403/50013 Missing Permissions (rejections the test must declare).
    pub fn deny_permission(&self, channel: u64) {
        self.st().denied_channels.insert(channel);
    }

    /// Gives back what `deny_permission` took.
    pub fn grant_permission(&self, channel: u64) {
        self.st().denied_channels.remove(&channel);
    }

    // --- channel permissions, as Discord computes and enforces them --------------------------

    /// Denies the bot `bits` in `channel` (and so in its threads) by a member overwrite, as a
    /// moderator would in the channel's settings. Discord then answers as it does: without
    /// View Channel 403/50001 Missing Access; without Send Messages (in a thread: Send
    /// Messages in Threads), Attach Files for a message with files or Create Public Threads
    /// for a new thread 403/50013 Missing Permissions (rejections the test must declare);
    /// without Embed Links the message is accepted without its embeds; without Read Message
    /// History the channel's message list is empty. Interactions from the channel carry
    /// the permissions left in `app_permissions`.
    pub fn deny_bot(&self, channel: u64, bits: u64) {
        self.overwrite(channel, FakeDiscord::BOT_USER_ID, true, |o| {
            o.deny |= bits;
            o.allow &= !bits;
        });
    }

    /// Takes `bits` out of the bot's member overwrite in `channel` (what `deny_bot` denied is
    /// inherited from the roles again).
    pub fn undeny_bot(&self, channel: u64, bits: u64) {
        self.overwrite(channel, FakeDiscord::BOT_USER_ID, true, |o| o.deny &= !bits);
    }

    /// Sets an overwrite of `channel` for a role (`member: false`; the guild's id is
    /// @everyone, `bot_role(guild)` the bot's role) or a member.
    pub fn set_overwrite(&self, channel: u64, id: u64, member: bool, allow: u64, deny: u64) {
        self.overwrite(channel, id, member, |o| {
            o.allow = allow;
            o.deny = deny;
        });
    }

    fn overwrite(&self, channel: u64, id: u64, member: bool, change: impl FnOnce(&mut Overwrite)) {
        let mut st = self.st();
        let info = st.channels.entry(channel).or_default();
        let at = match info
            .overwrites
            .iter()
            .position(|o| o.id == id && o.member == member)
        {
            Some(at) => at,
            None => {
                info.overwrites.push(Overwrite {
                    id,
                    member,
                    allow: 0,
                    deny: 0,
                });
                info.overwrites.len() - 1
            }
        };
        change(&mut info.overwrites[at]);
        if info.overwrites[at].allow == 0 && info.overwrites[at].deny == 0 {
            info.overwrites.remove(at);
        }
    }

    /// The permissions of `guild`'s @everyone role (default `permissions::MEMBER`).
    pub fn set_everyone_permissions(&self, guild: u64, bits: u64) {
        self.st().everyone_permissions.insert(guild, bits);
    }

    /// The permissions of the bot's role in `guild` (default `permissions::BOT_ROLE`, what the
    /// invite asks for).
    pub fn set_bot_role_permissions(&self, guild: u64, bits: u64) {
        self.st().bot_role_permissions.insert(guild, bits);
    }

    /// The id of the bot's role in `guild`, for `set_overwrite`.
    pub fn bot_role(guild: u64) -> u64 {
        bot_role_id(guild)
    }

    /// The bot's permissions in a guild channel or thread as Discord computes them (`None`
    /// for a DM or a channel the fake does not know).
    pub fn bot_permissions(&self, channel: u64) -> Option<u64> {
        bot_permissions_in(&self.st(), channel)
    }

    /// A public thread of the guild channel `parent` that someone else opened (the bot sees
    /// it as any thread: its parent's overwrites apply); returns its id.
    pub fn add_thread(&self, parent: u64, name: &str) -> u64 {
        let mut st = self.st();
        let guild = st.channels.get(&parent).and_then(|c| c.guild);
        assert!(
            guild.is_some(),
            "add_thread: {parent} is not a known guild channel"
        );
        let id = snowflake();
        st.channels.insert(
            id,
            ChannelInfo {
                guild,
                parent: Some(parent),
                name: Some(name.to_string()),
                ..ChannelInfo::default()
            },
        );
        id
    }

    /// The threads created in `channel`, oldest first, as (id, name).
    pub fn threads_of(&self, channel: u64) -> Vec<(u64, String)> {
        let st = self.st();
        let mut threads: Vec<(u64, String)> = st
            .channels
            .iter()
            .filter(|(_, c)| c.parent == Some(channel))
            .map(|(id, c)| (*id, c.name.clone().unwrap_or_default()))
            .collect();
        threads.sort_unstable();
        threads
    }

    /// Requests seen and problems found, for failure messages.
    pub fn report(&self) -> String {
        let problems = self.problems();
        let st = self.st();
        let mut out = String::new();
        out.push_str(&format!("requests ({}):\n", st.requests.len()));
        for r in &st.requests {
            out.push_str(&format!("  {r}\n"));
        }
        for (title, list) in [
            ("schema violations", &st.violations),
            ("unhandled routes", &st.unhandled),
            ("fake errors", &st.fake_errors),
        ] {
            if !list.is_empty() {
                out.push_str(&format!("{title} ({}):\n", list.len()));
                for v in list {
                    out.push_str(&format!("  {v}\n"));
                }
            }
        }
        if !st.expectations.is_empty() {
            out.push_str(&format!("declared expected ({}):\n", st.expectations.len()));
            for e in &st.expectations {
                out.push_str(&format!("  {}\n", e.why));
            }
        }
        if !problems.is_empty() {
            out.push_str(&format!("failing assert_clean ({}):\n", problems.len()));
            for p in &problems {
                out.push_str(&format!("  {p}\n"));
            }
        }
        out.push_str(&format!(
            "gateway: {} identifies, {} resumes, connected: {}\n",
            st.identifies.len(),
            st.resumes,
            st.current.is_some()
        ));
        out
    }

    // --- the Discord world ---------------------------------------------------------------------

    /// The DM channel between the bot and `user` (the same id `POST /users/@me/channels` gives).
    pub fn dm_channel(&self, user: u64) -> u64 {
        dm_channel_of(&mut self.st(), user)
    }

    /// From now on, messages to `user`'s DM channel fail with 403/50007.
    pub fn close_dms_of(&self, user: u64) {
        self.st().dm_closed.insert(user);
    }

    pub fn open_dms_of(&self, user: u64) {
        self.st().dm_closed.remove(&user);
    }

    /// Display name (`global_name`) of a user in interactions; `username` is derived from it.
    pub fn set_user_name(&self, user: u64, name: &str) {
        self.st().user_names.insert(user, name.to_string());
    }

    /// Channel permissions of `user` in later interactions (default `permissions::MEMBER`).
    pub fn set_permissions(&self, user: u64, permissions: u64) {
        self.st().user_permissions.insert(user, permissions);
    }

    /// A copy of `interaction` whose member has `permissions` (e.g.
    /// `permissions::MEMBER | permissions::MANAGE_MESSAGES`).
    pub fn with_permissions(mut interaction: Value, permissions: u64) -> Value {
        if interaction.get("member").is_some() {
            interaction["member"]["permissions"] = json!(permissions.to_string());
        }
        interaction
    }

    /// Makes a guild channel known (channels of built interactions are known already).
    pub fn add_channel(&self, channel: u64, guild: Option<u64>) {
        let mut st = self.st();
        let info = st.channels.entry(channel).or_default();
        info.guild = guild;
        if let Some(g) = guild
            && !st.guilds.contains(&g)
        {
            st.guilds.push(g);
        }
    }

    /// Messages the bot has in `channel`, oldest first, as Discord returns them.
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        self.st()
            .messages
            .values()
            .filter(|m| id_of(&m["channel_id"]) == Some(channel))
            .cloned()
            .collect()
    }

    /// One message by id.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.st().messages.get(&id).cloned()
    }

    /// Commands registered globally (`None`) or in a guild, as the fake answered them.
    pub fn commands(&self, guild: Option<u64>) -> Vec<Value> {
        self.st().commands.get(&guild).cloned().unwrap_or_default()
    }

    /// Waits until commands are registered globally (`None`) or in `guild`.
    pub async fn wait_commands(&self, guild: Option<u64>, timeout: Duration) -> Vec<Value> {
        self.wait_until(timeout, "command registration", |st| {
            st.commands.get(&guild).cloned()
        })
        .await
    }

    // --- interaction builders ------------------------------------------------------------------
    //
    // Each builder gives a payload Discord could send: ids and token unique, serenity-0.12.5
    // valid (checked), registered with the fake so callbacks and followups can be matched. The
    // `try_` forms return what is wrong instead of panicking.

    /// A slash command (type 2). `options`: array of `{"name", "value"}` (`"type"` optional: taken
    /// from the registered command, else from the JSON value); subcommands as
    /// `{"name", "options": [...]}`; a `"type": 6` (user) option is added to `data.resolved`.
    /// Once commands are registered, the name, option names and types, choices, ranges and
    /// required options are checked against the registration (guild commands first, then
    /// global ones). Without a guild, `channel` must be `dm_channel(user)`.
    pub fn slash_command(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        name: &str,
        options: Value,
    ) -> Value {
        must(self.try_slash_command(user, channel, guild, name, options))
    }

    pub fn try_slash_command(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        name: &str,
        options: Value,
    ) -> Result<Value, String> {
        self.command_interaction(2, user, channel, guild, name, options)
    }

    /// An autocomplete request (type 4). The option marked `"focused": true` (else the last
    /// one) is the one being typed; its value is sent as a string, as Discord does.
    pub fn autocomplete(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        name: &str,
        options: Value,
    ) -> Value {
        must(self.try_autocomplete(user, channel, guild, name, options))
    }

    pub fn try_autocomplete(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        name: &str,
        options: Value,
    ) -> Result<Value, String> {
        self.command_interaction(4, user, channel, guild, name, options)
    }

    /// A click on button `custom_id` of message `message_id`. If the bot sent that message
    /// through this fake, the interaction carries it and the button must be on it, enabled (a
    /// click on a button that is not there cannot happen); for any other id a stand-in message
    /// with that id is used and nothing is checked.
    pub fn button(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        message_id: u64,
    ) -> Value {
        must(self.try_button(user, channel, guild, custom_id, message_id))
    }

    pub fn try_button(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        message_id: u64,
    ) -> Result<Value, String> {
        self.component_interaction(user, channel, guild, custom_id, None, message_id, true)
    }

    /// A choice in string select `custom_id` of message `message_id` (checked like `button`;
    /// values against the menu's options and min/max).
    pub fn select(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        values: &[&str],
        message_id: u64,
    ) -> Value {
        must(self.try_select(user, channel, guild, custom_id, values, message_id))
    }

    pub fn try_select(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        values: &[&str],
        message_id: u64,
    ) -> Result<Value, String> {
        self.component_interaction(
            user,
            channel,
            guild,
            custom_id,
            Some(values),
            message_id,
            true,
        )
    }

    /// A button click never checked against the message, even one the fake knows: for forged
    /// `custom_id`s on a real message.
    pub fn button_unchecked(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        message_id: u64,
    ) -> Value {
        must(self.component_interaction(user, channel, guild, custom_id, None, message_id, false))
    }

    /// The id of a button or select with `custom_id` on the newest message in `channel` that
    /// has one: (message id, custom_id) — handy to find what to click.
    pub fn find_component(
        &self,
        channel: u64,
        pred: impl Fn(&Value) -> bool,
    ) -> Option<(u64, Value)> {
        let st = self.st();
        st.messages
            .values()
            .rev()
            .filter(|m| id_of(&m["channel_id"]) == Some(channel))
            .find_map(|m| {
                leaf_components(&m["components"])
                    .into_iter()
                    .find(|c| pred(c))
                    .map(|c| (id_of(&m["id"]).unwrap(), c.clone()))
            })
    }
}

// ---------------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------------

impl FakeDiscord {
    fn context(
        &self,
        st: &mut St,
        user: u64,
        channel: u64,
        guild: Option<u64>,
    ) -> Result<Value, String> {
        let perms = st
            .user_permissions
            .get(&user)
            .copied()
            .unwrap_or(permissions::MEMBER);
        let user_json = user_json(st, user);
        if st.deleted_channels.contains(&channel) {
            return Err(format!("channel {channel} was deleted"));
        }
        let mut v = json!({
            "application_id": Self::APPLICATION_ID.to_string(),
            "channel_id": channel.to_string(),
            "version": 1,
            "app_permissions": app_permissions().to_string(),
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": MAX_FILE,
        });
        match guild {
            Some(g) => {
                match st.channels.get(&channel) {
                    Some(ChannelInfo {
                        dm_user: Some(u), ..
                    }) => {
                        return Err(format!(
                            "channel {channel} is the DM channel of user {u}, not a channel of guild {g}"
                        ));
                    }
                    Some(ChannelInfo {
                        guild: Some(other), ..
                    }) if *other != g => {
                        return Err(format!(
                            "channel {channel} belongs to guild {other}, not {g}"
                        ));
                    }
                    _ => {}
                }
                // A known channel keeps its thread parent and overwrites.
                st.channels.entry(channel).or_default().guild = Some(g);
                if !st.guilds.contains(&g) {
                    st.guilds.push(g);
                }
                // Discord sends the bot's own permissions in the channel, computed from the
                // guild's roles and the channel's (or a thread's parent's) overwrites.
                let bot = bot_permissions_in(st, channel).unwrap_or(0);
                v["app_permissions"] = json!(bot.to_string());
                v["guild_id"] = json!(g.to_string());
                v["guild"] = json!({ "id": g.to_string(), "locale": "en-US", "features": [] });
                v["guild_locale"] = json!("en-US");
                v["channel"] = json!({
                    "id": channel.to_string(), "type": 0, "name": format!("table-{channel}"),
                    "guild_id": g.to_string(), "permissions": perms.to_string(), "flags": 0,
                    "last_message_id": null, "nsfw": false, "parent_id": null, "position": 0,
                    "rate_limit_per_user": 0, "topic": null,
                });
                if let Some(info) = st.channels.get(&channel)
                    && let Some(parent) = info.parent
                {
                    v["channel"]["type"] = json!(11);
                    v["channel"]["parent_id"] = json!(parent.to_string());
                    v["channel"]["name"] = json!(info.name.clone().unwrap_or_default());
                    v["channel"]["thread_metadata"] = json!({
                        "archived": false, "auto_archive_duration": 10080,
                        "archive_timestamp": iso_now(), "locked": false,
                    });
                }
                v["member"] = json!({
                    "user": user_json, "roles": [], "premium_since": null,
                    "permissions": perms.to_string(), "pending": false, "nick": null,
                    "mute": false, "deaf": false, "joined_at": "2024-01-01T00:00:00.000000+00:00",
                    "flags": 0, "communication_disabled_until": null,
                    "unusual_dm_activity_until": null, "banner": null, "avatar": null,
                });
                v["authorizing_integration_owners"] = json!({ "0": g.to_string() });
                v["context"] = json!(0);
            }
            None => {
                let dm = dm_channel_of(st, user);
                if dm != channel {
                    return Err(format!(
                        "an interaction without a guild happens in the user's DM \
                         channel; user {user}'s is {dm} (fake.dm_channel(user)), not {channel}"
                    ));
                }
                v["user"] = user_json.clone();
                v["channel"] = json!({
                    "id": channel.to_string(), "type": 1, "flags": 0, "last_message_id": null,
                    "recipients": [user_json],
                });
                v["authorizing_integration_owners"] = json!({ "0": "0" });
                v["context"] = json!(1);
            }
        }
        Ok(v)
    }

    fn register(
        &self,
        st: &mut St,
        v: &mut Value,
        kind: u64,
        user: u64,
        channel: u64,
        message: Option<u64>,
    ) {
        let id = snowflake();
        let token = self.inner.token(id);
        v["id"] = json!(id.to_string());
        v["type"] = json!(kind);
        v["token"] = json!(token.clone());
        st.interactions.insert(
            token,
            InteractionRec {
                id,
                kind,
                channel,
                user,
                dispatched: None,
                acked: None,
                original: None,
                deferred_open: false,
                component_message: message,
                followups: Vec::new(),
            },
        );
    }

    fn command_interaction(
        &self,
        kind: u64,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        name: &str,
        options: Value,
    ) -> Result<Value, String> {
        let mut st = self.st();
        let mut v = self.context(&mut st, user, channel, guild)?;
        let registered = guild
            .and_then(|g| st.commands.get(&Some(g)))
            .and_then(|cs| cs.iter().find(|c| c["name"] == name))
            .map(|c| (c.clone(), true))
            .or_else(|| {
                st.commands
                    .get(&None)
                    .and_then(|cs| cs.iter().find(|c| c["name"] == name))
                    .map(|c| (c.clone(), false))
            });
        if registered.is_none() && !st.commands.is_empty() {
            return Err(format!(
                "/{name} is not registered (registered: {:?})",
                st.commands
                    .values()
                    .flatten()
                    .map(|c| c["name"].clone())
                    .collect::<Vec<_>>()
            ));
        }
        let mut options = options.as_array().cloned().unwrap_or_default();
        if kind == 4 {
            mark_focused(&mut options);
        }
        let reg_options = registered.as_ref().map(|(c, _)| c["options"].clone());
        let mut resolved_users = Vec::new();
        let options = fill_options(
            &format!("/{name}"),
            options,
            reg_options.as_ref(),
            kind == 4,
            &mut resolved_users,
        )?;
        let command_id = match &registered {
            Some((c, _)) => id_of(&c["id"]).unwrap(),
            None => *st
                .command_ids
                .entry((None, name.to_string()))
                .or_insert_with(snowflake),
        };
        let mut data = json!({
            "id": command_id.to_string(), "name": name, "type": 1, "options": options,
        });
        if let Some((_, true)) = registered {
            data["guild_id"] = json!(guild.unwrap().to_string());
        }
        if !resolved_users.is_empty() {
            let mut users = serde_json::Map::new();
            let mut members = serde_json::Map::new();
            for u in resolved_users {
                users.insert(u.to_string(), user_json(&st, u));
                members.insert(
                    u.to_string(),
                    json!({ "roles": [], "premium_since": null, "permissions": permissions::MEMBER.to_string(),
                            "pending": false, "nick": null, "joined_at": "2024-01-01T00:00:00.000000+00:00",
                            "flags": 0, "communication_disabled_until": null, "avatar": null, "banner": null }),
                );
            }
            data["resolved"] = json!({ "users": users });
            if guild.is_some() {
                data["resolved"]["members"] = Value::Object(members);
            }
        }
        v["data"] = data;
        self.register(&mut st, &mut v, kind, user, channel, None);
        drop(st);
        check_dispatch("INTERACTION_CREATE", &v)?;
        Ok(v)
    }

    #[allow(clippy::too_many_arguments)]
    fn component_interaction(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        values: Option<&[&str]>,
        message_id: u64,
        checked: bool,
    ) -> Result<Value, String> {
        let mut st = self.st();
        let mut v = self.context(&mut st, user, channel, guild)?;
        // A message the bot sent through this fake is checked (the component must be on it);
        // an unknown id gets a stand-in message.
        let known = st.messages.contains_key(&message_id);
        let checked = checked && known;
        let message = match st.messages.get(&message_id) {
            Some(m) => {
                if id_of(&m["channel_id"]) != Some(channel) && checked {
                    return Err(format!(
                        "message {message_id} is in channel {}, not {channel}",
                        m["channel_id"]
                    ));
                }
                m.clone()
            }
            None => {
                let mut m = message_json(&st, message_id, channel, "", 0, 0);
                m["webhook_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
                m
            }
        };
        let component = leaf_components(&message["components"])
            .into_iter()
            .find(|c| c["custom_id"] == custom_id)
            .cloned();
        let data = match values {
            None => {
                if checked {
                    match &component {
                        Some(c) if c["type"] == 2 => {
                            if c["disabled"] == true {
                                return Err(format!(
                                    "button {custom_id} on message {message_id} is disabled"
                                ));
                            }
                        }
                        Some(c) => {
                            return Err(format!("component {custom_id} is not a button: {c}"));
                        }
                        None => {
                            return Err(format!(
                                "message {message_id} has no button {custom_id}; it has {:?}",
                                leaf_components(&message["components"])
                                    .iter()
                                    .map(|c| c["custom_id"].clone())
                                    .collect::<Vec<_>>()
                            ));
                        }
                    }
                }
                json!({ "custom_id": custom_id, "component_type": 2 })
            }
            Some(values) => {
                if checked {
                    let Some(c) = component.as_ref().filter(|c| c["type"] == 3) else {
                        return Err(format!(
                            "message {message_id} has no string select {custom_id}"
                        ));
                    };
                    if c["disabled"] == true {
                        return Err(format!("select {custom_id} is disabled"));
                    }
                    let allowed: Vec<&str> = c["options"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|o| o["value"].as_str())
                        .collect();
                    for value in values {
                        if !allowed.contains(value) {
                            return Err(format!(
                                "select {custom_id} has no option {value:?} (options {allowed:?})"
                            ));
                        }
                    }
                    let min = c["min_values"].as_u64().unwrap_or(1) as usize;
                    let max = c["max_values"].as_u64().unwrap_or(1) as usize;
                    if values.len() < min || values.len() > max {
                        return Err(format!(
                            "select {custom_id} takes {min}..={max} values, got {}",
                            values.len()
                        ));
                    }
                }
                json!({ "custom_id": custom_id, "component_type": 3, "values": values })
            }
        };
        v["data"] = data;
        v["message"] = message;
        self.register(&mut st, &mut v, 3, user, channel, Some(message_id));
        drop(st);
        check_dispatch("INTERACTION_CREATE", &v)?;
        Ok(v)
    }
}

fn must(r: Result<Value, String>) -> Value {
    r.unwrap_or_else(|e| panic!("fake Discord: {e}"))
}

fn mark_focused(options: &mut [Value]) {
    fn has_focus(opts: &[Value]) -> bool {
        opts.iter()
            .any(|o| o["focused"] == true || o["options"].as_array().is_some_and(|a| has_focus(a)))
    }
    if has_focus(options) {
        return;
    }
    if let Some(last) = options.last_mut() {
        if let Some(sub) = last.get_mut("options").and_then(Value::as_array_mut) {
            mark_focused(sub);
        } else {
            last["focused"] = json!(true);
        }
    }
}

fn infer_type(v: &Value) -> u64 {
    match v {
        Value::Bool(_) => 5,
        Value::Number(n) if n.is_i64() || n.is_u64() => 4,
        Value::Number(_) => 10,
        _ => 3,
    }
}

/// Fills option types from the registration (or the values) and checks them against it.
fn fill_options(
    path: &str,
    given: Vec<Value>,
    registered: Option<&Value>,
    autocomplete: bool,
    resolved_users: &mut Vec<u64>,
) -> Result<Vec<Value>, String> {
    let reg: Option<Vec<Value>> = registered.map(|r| r.as_array().cloned().unwrap_or_default());
    let mut out = Vec::new();
    for mut o in given {
        let name = o["name"]
            .as_str()
            .ok_or_else(|| format!("{path}: option without a name: {o}"))?
            .to_string();
        let r = match &reg {
            Some(reg) => Some(
                reg.iter()
                    .find(|r| r["name"] == name.as_str())
                    .cloned()
                    .ok_or_else(|| {
                        format!(
                            "{path} has no option {name:?} (registered: {:?})",
                            reg.iter().map(|r| r["name"].clone()).collect::<Vec<_>>()
                        )
                    })?,
            ),
            None => None,
        };
        let ty = match (&r, o.get("type").and_then(Value::as_u64)) {
            (Some(r), given_ty) => {
                let rt = r["type"].as_u64().unwrap_or(0);
                if given_ty.is_some_and(|g| g != rt) {
                    return Err(format!(
                        "{path} {name}: type {} given, {rt} registered",
                        given_ty.unwrap()
                    ));
                }
                rt
            }
            (None, Some(t)) => t,
            (None, None) if o.get("options").is_some() && o.get("value").is_none() => 1,
            (None, None) => infer_type(&o["value"]),
        };
        o["type"] = json!(ty);
        let focused = o["focused"] == true;
        if matches!(ty, 1 | 2) {
            let sub = o["options"].as_array().cloned().unwrap_or_default();
            let sub_reg = r.as_ref().map(|r| r["options"].clone());
            o["options"] = Value::Array(fill_options(
                &format!("{path} {name}"),
                sub,
                sub_reg.as_ref(),
                autocomplete,
                resolved_users,
            )?);
        } else if focused {
            if let Some(r) = &r
                && r["autocomplete"] != true
            {
                return Err(format!(
                    "{path} {name}: focused, but not registered with autocomplete"
                ));
            }
            let s = match &o["value"] {
                Value::String(s) => s.clone(),
                Value::Null => String::new(),
                other => other.to_string(),
            };
            o["value"] = json!(s);
        } else {
            let value = &o["value"];
            let ok = match ty {
                3 => value.is_string(),
                4 => value.is_i64() || value.is_u64(),
                5 => value.is_boolean(),
                10 => value.is_number(),
                6..=9 | 11 => value.as_str().is_some_and(|s| s.parse::<u64>().is_ok()),
                _ => true,
            };
            if !ok {
                return Err(format!(
                    "{path} {name}: value {value} does not fit option type {ty}"
                ));
            }
            if ty == 6 {
                resolved_users.push(value.as_str().unwrap().parse().unwrap());
            }
            if let Some(r) = &r {
                if let Some(choices) = r["choices"].as_array().filter(|c| !c.is_empty())
                    && !choices.iter().any(|c| &c["value"] == value)
                {
                    return Err(format!(
                        "{path} {name}: {value} is not one of the registered choices {:?}",
                        choices
                            .iter()
                            .map(|c| c["value"].clone())
                            .collect::<Vec<_>>()
                    ));
                }
                if let (Some(x), Some(min)) = (value.as_f64(), r["min_value"].as_f64())
                    && x < min
                {
                    return Err(format!("{path} {name}: {x} is below min_value {min}"));
                }
                if let (Some(x), Some(max)) = (value.as_f64(), r["max_value"].as_f64())
                    && x > max
                {
                    return Err(format!("{path} {name}: {x} is above max_value {max}"));
                }
                if let Some(s) = value.as_str() {
                    let n = s.chars().count() as u64;
                    if r["min_length"].as_u64().is_some_and(|m| n < m)
                        || r["max_length"].as_u64().is_some_and(|m| n > m)
                    {
                        return Err(format!(
                            "{path} {name}: length {n} outside the registered range"
                        ));
                    }
                }
            }
        }
        out.push(o);
    }
    if let (Some(reg), false) = (&reg, autocomplete) {
        for r in reg {
            let is_sub = matches!(r["type"].as_u64(), Some(1 | 2));
            if r["required"] == true && !is_sub && !out.iter().any(|o| o["name"] == r["name"]) {
                return Err(format!("{path}: required option {} missing", r["name"]));
            }
        }
        let subs = out
            .iter()
            .filter(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
            .count();
        if reg
            .iter()
            .any(|r| matches!(r["type"].as_u64(), Some(1 | 2)))
            && subs != 1
        {
            return Err(format!("{path}: exactly one subcommand must be given"));
        }
    }
    if autocomplete {
        let focused = count_focused(&out);
        if focused != 1 && path.matches(' ').count() == 0 {
            return Err(format!(
                "{path}: an autocomplete needs exactly one focused option, has {focused}"
            ));
        }
    }
    Ok(out)
}

fn count_focused(opts: &[Value]) -> usize {
    opts.iter()
        .map(|o| {
            usize::from(o["focused"] == true)
                + o["options"].as_array().map_or(0, |a| count_focused(a))
        })
        .sum()
}

/// Parses a dispatch as serenity does: `Err` with the reason if serenity would drop it.
pub fn check_dispatch(event_name: &str, data: &Value) -> Result<(), String> {
    use serenity::model::event::Event;
    if event_name == "INTERACTION_CREATE"
        && let Err(e) =
            serde_json::from_value::<serenity::model::application::Interaction>(data.clone())
    {
        return Err(format!(
            "INTERACTION_CREATE payload does not parse as serenity Interaction: {e}"
        ));
    }
    match serde_json::from_value::<Event>(json!({ "t": event_name, "d": data })) {
        Ok(Event::Unknown(_)) => Err(format!(
            "{event_name} payload does not parse as a serenity Event (serenity would drop it as \
             Event::Unknown)"
        )),
        Ok(_) => Ok(()),
        Err(e) => Err(format!(
            "{event_name} payload does not parse as a serenity Event: {e}"
        )),
    }
}

fn check_event(event_name: &str, data: &Value) {
    if let Err(e) = check_dispatch(event_name, data) {
        panic!("fake Discord: {e}\n{data:#}");
    }
}

// ---------------------------------------------------------------------------------------------
// JSON helpers
// ---------------------------------------------------------------------------------------------

fn id_of(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

/// The bot's permissions in a DM channel.
fn app_permissions() -> u64 {
    permissions::MEMBER | permissions::MANAGE_MESSAGES
}

/// The bot's permissions in a guild channel or thread as Discord computes them (`None` for a
/// DM or unknown channel): the @everyone role and the bot's role, Administrator = every
/// permission; then the channel's overwrites (a thread's are its parent's) in Discord's
/// order — @everyone's deny then allow, the bot role's deny then allow, the bot member's
/// deny then allow; then the implicit denials: without View Channel nothing, and without
/// Send Messages (in a thread: Send Messages in Threads) no Attach Files, Embed Links,
/// Mention Everyone or TTS.
fn bot_permissions_in(st: &St, channel: u64) -> Option<u64> {
    use permissions::*;
    let info = st.channels.get(&channel)?;
    let guild = info.guild?;
    let mut p = st
        .everyone_permissions
        .get(&guild)
        .copied()
        .unwrap_or(MEMBER)
        | st.bot_role_permissions
            .get(&guild)
            .copied()
            .unwrap_or(BOT_ROLE);
    if p & ADMINISTRATOR != 0 {
        return Some(ALL);
    }
    let overwrites = match info.parent {
        Some(parent) => st
            .channels
            .get(&parent)
            .map(|c| c.overwrites.clone())
            .unwrap_or_default(),
        None => info.overwrites.clone(),
    };
    let bot_role = bot_role_id(guild);
    let mut apply = |fits: &dyn Fn(&Overwrite) -> bool| {
        let (mut allow, mut deny) = (0, 0);
        for o in overwrites.iter().filter(|o| fits(o)) {
            allow |= o.allow;
            deny |= o.deny;
        }
        p = (p & !deny) | allow;
    };
    apply(&|o| !o.member && o.id == guild);
    apply(&|o| !o.member && o.id == bot_role);
    apply(&|o| o.member && o.id == FakeDiscord::BOT_USER_ID);
    if p & VIEW_CHANNEL == 0 {
        return Some(0);
    }
    let send = if info.parent.is_some() {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    };
    if p & send == 0 {
        p &= !(ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE | SEND_TTS_MESSAGES);
    }
    Some(p)
}

/// The id of the bot's own role in `guild` (Discord makes one when a bot with permissions
/// is invited).
fn bot_role_id(guild: u64) -> u64 {
    guild ^ (1 << 62)
}

fn user_json(st: &St, user: u64) -> Value {
    let global = st
        .user_names
        .get(&user)
        .cloned()
        .unwrap_or_else(|| format!("Player {user}"));
    let username: String = global
        .to_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
        .take(32)
        .collect();
    json!({
        "id": user.to_string(), "username": if username.len() >= 2 { username } else { format!("user{user}") },
        "discriminator": "0", "global_name": global, "avatar": null, "public_flags": 0, "flags": 0,
        "banner": null, "accent_color": null, "avatar_decoration_data": null, "collectibles": null,
        "primary_guild": null,
    })
}

fn bot_user_json() -> Value {
    json!({
        "id": FakeDiscord::BOT_USER_ID.to_string(), "username": FakeDiscord::BOT_NAME.to_lowercase(),
        "discriminator": "4821", "global_name": null, "avatar": null, "public_flags": 0, "flags": 0,
        "bot": true, "banner": null, "accent_color": null, "avatar_decoration_data": null,
        "collectibles": null, "primary_guild": null,
    })
}

fn dm_channel_of(st: &mut St, user: u64) -> u64 {
    if let Some(c) = st.dm_channels.get(&user) {
        return *c;
    }
    let c = snowflake();
    st.dm_channels.insert(user, c);
    st.channels.insert(
        c,
        ChannelInfo {
            dm_user: Some(user),
            ..ChannelInfo::default()
        },
    );
    c
}

fn message_json(st: &St, id: u64, channel: u64, content: &str, kind: u64, flags: u64) -> Value {
    let mut mentions = Vec::new();
    let mut seen = HashSet::new();
    let mut rest = content;
    while let Some(i) = rest.find("<@") {
        rest = &rest[i + 2..];
        let digits: String = rest
            .trim_start_matches('!')
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let after = rest
            .trim_start_matches('!')
            .get(digits.len()..)
            .unwrap_or("");
        if let (Ok(u), true) = (digits.parse::<u64>(), after.starts_with('>'))
            && seen.insert(u)
        {
            mentions.push(user_json(st, u));
        }
    }
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": bot_user_json(),
        "content": content, "timestamp": iso_now(), "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": mentions, "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": false, "type": kind, "flags": flags, "components": [],
    })
}

/// Buttons and selects of a message's components (inside action rows).
fn leaf_components(components: &Value) -> Vec<&Value> {
    let mut out = Vec::new();
    for row in components.as_array().into_iter().flatten() {
        match row["components"].as_array() {
            Some(children) => out.extend(children.iter()),
            None => out.push(row),
        }
    }
    out
}

fn is_png(b: &[u8]) -> bool {
    b.starts_with(b"\x89PNG\r\n\x1a\n")
}

fn png_size(b: &[u8]) -> Option<(u32, u32)> {
    if !is_png(b) || b.len() < 24 || &b[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(b[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(b[20..24].try_into().ok()?);
    Some((w, h))
}

fn content_type_for(filename: &str) -> &'static str {
    let lower = filename.to_lowercase();
    match lower.rsplit('.').next() {
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("webp") => "image/webp",
        Some("txt") => "text/plain; charset=utf-8",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

static LAST_SNOWFLAKE: AtomicU64 = AtomicU64::new(0);

/// A unique, increasing snowflake (timestamp since the Discord epoch << 22).
fn snowflake() -> u64 {
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let candidate = (ms - 1_420_070_400_000) << 22;
    let prev = LAST_SNOWFLAKE
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |last| {
            Some((last + 1).max(candidate))
        })
        .unwrap();
    (prev + 1).max(candidate)
}

fn iso_now() -> String {
    let d = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    let secs = d.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}+00:00",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        d.subsec_micros()
    )
}

fn error(status: u16, code: i64, message: &str) -> (u16, Option<Value>) {
    (status, Some(json!({ "code": code, "message": message })))
}

/// 400/50035. Discord adds `errors` with string codes per field, which openapi.json's
/// `ErrorDetails` (integer codes) does not allow; the details are in `schema_violations()`.
fn form_error(_details: &str) -> (u16, Option<Value>) {
    error(400, 50035, "Invalid Form Body")
}

// ---------------------------------------------------------------------------------------------
// Gateway
// ---------------------------------------------------------------------------------------------

async fn gateway_upgrade(
    State(inner): State<Arc<Inner>>,
    RawQuery(query): RawQuery,
    ws: WebSocketUpgrade,
) -> Response {
    ws.on_upgrade(move |socket| gateway_conn(inner, socket, query.unwrap_or_default()))
}

async fn gateway_conn(inner: Arc<Inner>, mut socket: WebSocket, query: String) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let conn_id = {
        let mut st = lock(&inner.st);
        if !query.split('&').any(|p| p == "v=10") {
            gateway_violation(
                &mut st,
                format!("gateway: connected with query {query:?}, expected v=10"),
            );
        }
        st.next_conn += 1;
        let id = st.next_conn;
        st.conns.insert(
            id,
            Conn {
                tx,
                session: None,
                ready: false,
            },
        );
        id
    };
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": inner.opts.heartbeat_interval.as_millis() as u64 } });
    let mut open = socket
        .send(WsMessage::Text(hello.to_string().into()))
        .await
        .is_ok();
    while open {
        tokio::select! {
            msg = socket.recv() => match msg {
                None | Some(Err(_)) => open = false,
                Some(Ok(WsMessage::Text(text))) => {
                    let replies = on_gateway_text(&inner, conn_id, text.as_str());
                    for reply in replies {
                        match reply {
                            Reply::Text(t) => {
                                if socket.send(WsMessage::Text(t.into())).await.is_err() {
                                    open = false;
                                }
                            }
                            Reply::Close(code, reason) => {
                                close_and_drain(&mut socket, code, reason).await;
                                open = false;
                            }
                        }
                    }
                }
                Some(Ok(WsMessage::Close(frame))) => {
                    lock(&inner.st).close_codes.push(frame.map_or(1005, |f| f.code));
                    // Serenity waits for the close to be echoed: keep reading (which flushes
                    // tungstenite's automatic reply) until the stream ends.
                    let _ = tokio::time::timeout(Duration::from_secs(5), async {
                        while let Some(Ok(_)) = socket.recv().await {}
                    })
                    .await;
                    open = false;
                }
                Some(Ok(WsMessage::Binary(_))) => {
                    gateway_violation(&mut lock(&inner.st), "gateway: binary frame from the client".into());
                }
                Some(Ok(_)) => {}
            },
            out = rx.recv() => match out {
                None => open = false,
                Some(Outgoing::Text { text, interaction_token, written }) => {
                    if let Some(token) = interaction_token
                        && let Some(rec) = lock(&inner.st).interactions.get_mut(&token) {
                            rec.dispatched = Some(Instant::now());
                        }
                    if socket.send(WsMessage::Text(text.into())).await.is_err() {
                        open = false;
                    } else {
                        let _ = written.send(());
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    close_and_drain(&mut socket, code, reason).await;
                    open = false;
                }
            },
        }
    }
    {
        let mut st = lock(&inner.st);
        st.conns.remove(&conn_id);
        if st.current == Some(conn_id) {
            st.current = None;
        }
    }
    inner.bump();
}

async fn close_and_drain(socket: &mut WebSocket, code: u16, reason: String) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    if socket.send(WsMessage::Close(Some(frame))).await.is_ok() {
        let _ = tokio::time::timeout(Duration::from_secs(5), async {
            while let Some(Ok(_)) = socket.recv().await {}
        })
        .await;
    }
}

/// A problem of the gateway connection (not of a request): listed by `schema_violations()`
/// and failing `assert_clean` unless declared with `expect_gateway_violation`.
fn gateway_violation(st: &mut St, problem: String) {
    st.violations.push(problem.clone());
    st.gateway_violations.push(problem);
}

enum Reply {
    Text(String),
    Close(u16, String),
}

fn on_gateway_text(inner: &Inner, conn_id: u64, text: &str) -> Vec<Reply> {
    let Ok(msg) = serde_json::from_str::<Value>(text) else {
        gateway_violation(&mut lock(&inner.st), format!("gateway: not JSON: {text}"));
        return vec![Reply::Close(4002, "Error while decoding payload.".into())];
    };
    let mut st = lock(&inner.st);
    let reply = match msg["op"].as_u64() {
        Some(1) => {
            st.heartbeats += 1;
            vec![Reply::Text(json!({ "op": 11 }).to_string())]
        }
        Some(2) => {
            let d = &msg["d"];
            let intents = d["intents"].as_u64().unwrap_or(0);
            let mut shown = d.clone();
            shown["token"] = json!("<redacted>");
            if d["token"].as_str().is_none_or(str::is_empty) {
                gateway_violation(&mut st, "gateway: IDENTIFY without a token".into());
                return vec![Reply::Close(4004, "Authentication failed.".into())];
            }
            if st.conns.get(&conn_id).is_some_and(|c| c.session.is_some()) {
                return vec![Reply::Close(4005, "Already authenticated.".into())];
            }
            if intents & PRIVILEGED_INTENTS != 0 && !inner.opts.allow_privileged_intents {
                gateway_violation(
                    &mut st,
                    format!(
                        "gateway: IDENTIFY asks for privileged intents {:#x} (intents {intents:#x})",
                        intents & PRIVILEGED_INTENTS
                    ),
                );
                return vec![Reply::Close(4014, "Disallowed intent(s).".into())];
            }
            st.identifies.push(shown);
            let session = format!("fake{:032x}", inner.random.hash_one(snowflake()));
            st.sessions.insert(session.clone(), 1);
            let shard = d.get("shard").cloned().unwrap_or(json!([0, 1]));
            let guilds: Vec<Value> = st
                .guilds
                .iter()
                .map(|g| json!({ "id": g.to_string(), "unavailable": true }))
                .collect();
            let ready = json!({
                "op": 0, "t": "READY", "s": 1,
                "d": {
                    "v": 10, "user_settings": {}, "user": {
                        "id": FakeDiscord::BOT_USER_ID.to_string(), "username": FakeDiscord::BOT_NAME.to_lowercase(),
                        "discriminator": "4821", "global_name": null, "avatar": null, "bot": true,
                        "verified": true, "mfa_enabled": true, "email": null, "flags": 0,
                    },
                    "guilds": guilds, "session_id": session, "resume_gateway_url": inner.ws_url(),
                    "shard": shard, "relationships": [], "private_channels": [], "presences": [],
                    "guild_join_requests": [], "geo_ordered_rtc_regions": [],
                    "application": { "id": FakeDiscord::APPLICATION_ID.to_string(), "flags": 0 },
                },
            });
            if let Some(c) = st.conns.get_mut(&conn_id) {
                c.session = Some(session);
                c.ready = true;
            }
            st.current = Some(conn_id);
            vec![Reply::Text(ready.to_string())]
        }
        Some(6) => {
            let session = msg["d"]["session_id"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            let seq = msg["d"]["seq"].as_u64().unwrap_or(0);
            if std::mem::take(&mut st.invalidate_next_resume) || !st.sessions.contains_key(&session)
            {
                vec![Reply::Text(json!({ "op": 9, "d": false }).to_string())]
            } else {
                let last = st.sessions[&session];
                if seq != last {
                    gateway_violation(
                        &mut st,
                        format!("gateway: RESUME with seq {seq}, last sent {last}"),
                    );
                }
                let s = last + 1;
                st.sessions.insert(session.clone(), s);
                st.resumes += 1;
                if let Some(c) = st.conns.get_mut(&conn_id) {
                    c.session = Some(session);
                    c.ready = true;
                }
                st.current = Some(conn_id);
                vec![Reply::Text(
                    json!({ "op": 0, "t": "RESUMED", "s": s, "d": {} }).to_string(),
                )]
            }
        }
        Some(3 | 4 | 8 | 31) => Vec::new(),
        other => {
            gateway_violation(
                &mut st,
                format!("gateway: unknown opcode {other:?}: {text}"),
            );
            vec![Reply::Close(4001, "Unknown opcode.".into())]
        }
    };
    drop(st);
    inner.bump();
    reply
}

// ---------------------------------------------------------------------------------------------
// REST
// ---------------------------------------------------------------------------------------------

struct Req {
    method: String,
    route: String,
    query: Vec<(String, String)>,
    json: Option<Value>,
    /// (field name, filename, content type, bytes)
    files: Vec<(String, String, Option<String>, Bytes)>,
    received: Instant,
}

async fn rest(
    State(inner): State<Arc<Inner>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let received = Instant::now();
    let received_at = SystemTime::now();
    let path = uri.path().to_string();
    let raw_query = uri.query().unwrap_or_default().to_string();
    let query: Vec<(String, String)> = raw_query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (p.to_string(), String::new()),
        })
        .collect();
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|s| s.split(';').next().unwrap_or("").trim().to_lowercase());
    let mut problems = Vec::new();
    let mut json_body = None;
    let mut files = Vec::new();
    match content_type.as_deref() {
        _ if body.is_empty() => {}
        Some("multipart/form-data") => {
            let req = Request::builder()
                .header(
                    header::CONTENT_TYPE,
                    headers.get(header::CONTENT_TYPE).unwrap().clone(),
                )
                .body(Body::from(body.clone()))
                .unwrap();
            match Multipart::from_request(req, &()).await {
                Ok(mut mp) => loop {
                    match mp.next_field().await {
                        Ok(Some(field)) => {
                            let name = field.name().unwrap_or_default().to_string();
                            let filename = field.file_name().map(str::to_string);
                            let ct = field.content_type().map(str::to_string);
                            let bytes = match field.bytes().await {
                                Ok(b) => b,
                                Err(e) => {
                                    problems
                                        .push(format!("multipart: cannot read part {name}: {e}"));
                                    break;
                                }
                            };
                            if name == "payload_json" {
                                match serde_json::from_slice(&bytes) {
                                    Ok(v) => json_body = Some(v),
                                    Err(e) => problems
                                        .push(format!("multipart: payload_json is not JSON: {e}")),
                                }
                            } else if name.starts_with("files[") && name.ends_with(']') {
                                files.push((name, filename.unwrap_or_default(), ct, bytes));
                            } else {
                                problems.push(format!("multipart: unexpected part {name:?}"));
                            }
                        }
                        Ok(None) => break,
                        Err(e) => {
                            problems.push(format!("multipart: {e}"));
                            break;
                        }
                    }
                },
                Err(e) => problems.push(format!("multipart: {e}")),
            }
        }
        Some("application/json") => match serde_json::from_slice(&body) {
            Ok(v) => json_body = Some(v),
            Err(e) => problems.push(format!("body is not JSON: {e}")),
        },
        other => problems.push(format!("unexpected content type {other:?} with a body")),
    }

    let route = path.strip_prefix("/api/v10").map(str::to_string);
    let spec = openapi::spec();
    let op = match &route {
        Some(route) => spec.find(method.as_str(), route),
        None => Err(format!("{method} {path}: not under /api/v10")),
    };
    if let Ok(op) = &op {
        problems.extend(spec.check_request(
            op,
            &query,
            content_type.as_deref(),
            json_body.as_ref(),
        ));
    }
    let auth_ok = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Bot ") && v.len() > 4);

    let req = Req {
        method: method.to_string(),
        route: route.clone().unwrap_or_default(),
        query: query.clone(),
        json: json_body.clone(),
        files,
        received,
    };

    let (
        status,
        response,
        interaction_received,
        own_problems,
        injected,
        deduplicated,
        dm_recipient,
        retry_after,
    ) = {
        let mut st = lock(&inner.st);
        let (v0, u0) = (st.violations.len(), st.unhandled.len());
        st.deduplicated = false;
        let dm_recipient = op
            .as_ref()
            .ok()
            .filter(|op| op.template.starts_with("/channels/{channel_id}"))
            .and_then(|op| st.channels.get(&param(op, "channel_id")))
            .and_then(|c| c.dm_user);
        let mut injected = None;
        let (status, response) = match &op {
            Err(e) => {
                st.violations.push(e.clone());
                st.unhandled.push(e.clone());
                error(404, 0, "404: Not Found")
            }
            Ok(_) if !problems.is_empty() => {
                for p in &problems {
                    st.violations.push(format!("{method} {path}: {p}"));
                }
                form_error(&problems.join("; "))
            }
            Ok(op) => {
                let public = op.template.starts_with("/interactions/")
                    || op.template.starts_with("/webhooks/")
                    || op.template.starts_with("/gateway");
                let route = req.route.as_str();
                let fault = st.faults.iter_mut().find(|f| {
                    f.remaining > 0 && f.matcher.fits(method.as_str(), route, dm_recipient)
                });
                if !public && !auth_ok {
                    st.violations
                        .push(format!("{method} {path}: no `Authorization: Bot …` header"));
                    error(401, 0, "401: Unauthorized")
                } else if let Some(fault) = fault {
                    fault.remaining -= 1;
                    let fault = fault.clone();
                    injected = Some(fault.retry_after);
                    injected_error(&fault)
                } else {
                    handle(&inner, &mut st, op, &req)
                }
            }
        };
        let interaction_received = op
            .as_ref()
            .ok()
            .and_then(|op| {
                op.params
                    .get("interaction_token")
                    .or_else(|| op.params.get("webhook_token"))
            })
            .and_then(|t| st.interactions.get(t))
            .and_then(|r| r.dispatched);
        let mut own_problems: Vec<String> = st.violations[v0..].to_vec();
        for u in &st.unhandled[u0..] {
            if !own_problems.contains(u) {
                own_problems.push(u.clone());
            }
        }
        let deduplicated = std::mem::take(&mut st.deduplicated);
        (
            status,
            response,
            interaction_received,
            own_problems,
            injected.is_some(),
            deduplicated,
            dm_recipient,
            injected.filter(|_| status == 429),
        )
    };

    // The fake's own answer: serenity's model and the response schema.
    let mut fake_errors = Vec::new();
    if let Ok(op) = &op {
        // openapi.json lists no 5xx answers; an injected one is not checked against it.
        if status < 500 {
            fake_errors.extend(spec.check_response(op, status, response.as_ref()));
        }
        if let (true, Some(resp)) = ((200..300).contains(&status), &response)
            && let Err(e) = check_model(&op.template, resp)
        {
            fake_errors.push(e);
        }
    }

    let rec = Recorded {
        method: method.to_string(),
        path: path.clone(),
        query: raw_query,
        json: json_body,
        files: req
            .files
            .iter()
            .map(|(_, f, _, b)| (f.clone(), b.clone()))
            .collect(),
        received,
        received_at,
        interaction_received,
        status,
        response: response.clone(),
        problems: own_problems,
        injected,
        deduplicated,
        dm_recipient,
    };
    {
        let mut st = lock(&inner.st);
        for e in fake_errors {
            st.fake_errors
                .push(format!("{method} {path} -> {status}: {e}"));
        }
        st.requests.push(Arc::new(rec));
    }
    inner.bump();
    let pause = {
        let mut st = lock(&inner.st);
        let route = path.strip_prefix("/api/v10").unwrap_or_default();
        st.slow
            .iter_mut()
            .find(|s| s.2 > 0 && s.0.fits(method.as_str(), route, dm_recipient))
            .map(|s| {
                s.2 -= 1;
                s.1
            })
    };
    if let Some(pause) = pause {
        tokio::time::sleep(pause).await;
    }

    let status = StatusCode::from_u16(status).unwrap();
    let mut answer = match response {
        Some(v) => (
            status,
            [(header::CONTENT_TYPE, "application/json")],
            v.to_string(),
        )
            .into_response(),
        None => status.into_response(),
    };
    if let Some(retry_after) = retry_after {
        // Discord's header is in whole seconds; the body has the exact value.
        let secs = retry_after.as_secs_f64().ceil() as u64;
        let h = answer.headers_mut();
        h.insert("retry-after", secs.to_string().parse().unwrap());
        h.insert(
            "x-ratelimit-reset-after",
            format!("{:.3}", retry_after.as_secs_f64()).parse().unwrap(),
        );
        h.insert("x-ratelimit-scope", "user".parse().unwrap());
    }
    answer
}

/// The answer of an injected failure.
fn injected_error(fault: &Fault) -> (u16, Option<Value>) {
    let message = match (fault.status, fault.code) {
        (429, _) => "You are being rate limited.",
        (_, 10003) => "Unknown Channel",
        (_, 10008) => "Unknown Message",
        (_, 50001) => "Missing Access",
        (_, 50007) => "Cannot send messages to this user",
        (_, 50013) => "Missing Permissions",
        (s, _) if s >= 500 => "Internal Server Error",
        _ => "Injected failure",
    };
    let mut body = json!({ "code": fault.code, "message": message });
    if fault.status == 429 {
        body["retry_after"] = json!(fault.retry_after.as_secs_f64());
        body["global"] = json!(false);
    }
    (fault.status, Some(body))
}

/// Checks an answer against serenity's model types.
fn check_model(template: &str, resp: &Value) -> Result<(), String> {
    use serenity::model::prelude::*;
    fn parse<T: serde::de::DeserializeOwned>(v: &Value, what: &str) -> Result<(), String> {
        serde_json::from_value::<T>(v.clone())
            .map(|_| ())
            .map_err(|e| format!("answer does not parse as serenity {what}: {e}"))
    }
    match template {
        "/channels/{channel_id}/messages" if resp.is_array() => {
            parse::<Vec<Message>>(resp, "Vec<Message>")
        }
        "/channels/{channel_id}/messages"
        | "/channels/{channel_id}/messages/{message_id}"
        | "/webhooks/{webhook_id}/{webhook_token}"
        | "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
        | "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}" => {
            parse::<Message>(resp, "Message")
        }
        "/users/@me/channels" => parse::<PrivateChannel>(resp, "PrivateChannel"),
        "/channels/{channel_id}" | "/channels/{channel_id}/threads" => {
            parse::<GuildChannel>(resp, "GuildChannel")
        }
        "/guilds/{guild_id}/roles" => parse::<Vec<Role>>(resp, "Vec<Role>"),
        "/guilds/{guild_id}/members/{user_id}" => parse::<Member>(resp, "Member"),
        "/applications/{application_id}/commands"
        | "/applications/{application_id}/guilds/{guild_id}/commands" => {
            parse::<Vec<Command>>(resp, "Vec<Command>")
        }
        "/gateway" => parse::<serenity::model::gateway::Gateway>(resp, "Gateway"),
        "/gateway/bot" => parse::<serenity::model::gateway::BotGateway>(resp, "BotGateway"),
        "/users/@me" => parse::<CurrentUser>(resp, "CurrentUser"),
        _ => Ok(()),
    }
}

fn param(op: &openapi::Operation, name: &str) -> u64 {
    op.params
        .get(name)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

fn handle(inner: &Inner, st: &mut St, op: &openapi::Operation, req: &Req) -> (u16, Option<Value>) {
    let m = req.method.as_str();
    if op.template.starts_with("/channels/{channel_id}") {
        let channel = param(op, "channel_id");
        if st.deleted_channels.contains(&channel) {
            return error(404, 10003, "Unknown Channel");
        }
        if st.denied_channels.contains(&channel) {
            return error(403, 50013, "Missing Permissions");
        }
    }
    let granted = match channel_permissions(st, op, req) {
        Ok(granted) => granted,
        Err(refused) => return refused,
    };
    match (m, op.template.as_str()) {
        ("GET", "/gateway") => (200, Some(json!({ "url": inner.ws_url() }))),
        ("GET", "/gateway/bot") => (
            200,
            Some(json!({
                "url": inner.ws_url(), "shards": 1,
                "session_start_limit": { "total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1 },
            })),
        ),
        ("GET", "/users/@me") => {
            let mut u = bot_user_json();
            u["verified"] = json!(true);
            u["mfa_enabled"] = json!(true);
            u["locale"] = json!("en-US");
            (200, Some(u))
        }
        ("PUT", "/applications/{application_id}/commands")
        | ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands") => {
            if param(op, "application_id") != FakeDiscord::APPLICATION_ID {
                return error(403, 50001, "Missing Access");
            }
            let guild = op.params.get("guild_id").and_then(|g| g.parse().ok());
            let mut out = Vec::new();
            let mut names = HashSet::new();
            for c in req
                .json
                .as_ref()
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let name = c["name"].as_str().unwrap_or_default().to_string();
                let kind = c["type"].as_u64().unwrap_or(1);
                if !names.insert((name.clone(), kind)) {
                    st.violations.push(format!(
                        "{} {}: command {name} registered twice",
                        m, req.route
                    ));
                    return form_error("APPLICATION_COMMANDS_DUPLICATE_NAME");
                }
                let id = *st
                    .command_ids
                    .entry((guild, name.clone()))
                    .or_insert_with(snowflake);
                let mut r = json!({
                    "id": id.to_string(), "application_id": FakeDiscord::APPLICATION_ID.to_string(),
                    "version": snowflake().to_string(), "type": kind, "name": name,
                    "description": c["description"].as_str().unwrap_or_default(),
                    "default_member_permissions": c["default_member_permissions"].as_str()
                        .map(str::to_string)
                        .or_else(|| c["default_member_permissions"].as_u64().map(|p| p.to_string())),
                    "dm_permission": c["dm_permission"].as_bool().unwrap_or(true), "nsfw": c["nsfw"].as_bool().unwrap_or(false),
                    "integration_types": c["integration_types"].as_array().cloned().unwrap_or(vec![json!(0)]),
                    "contexts": c.get("contexts").cloned().unwrap_or(Value::Null),
                });
                if let Some(opts) = c["options"].as_array() {
                    r["options"] = Value::Array(opts.iter().map(command_option_response).collect());
                }
                for key in ["name_localizations", "description_localizations"] {
                    if let Some(v) = c.get(key).filter(|v| !v.is_null()) {
                        r[key] = v.clone();
                    }
                }
                if let Some(g) = guild {
                    r["guild_id"] = json!(g.to_string());
                }
                out.push(r);
            }
            st.commands.insert(guild, out.clone());
            (200, Some(Value::Array(out)))
        }
        ("GET", "/applications/{application_id}/commands")
        | ("GET", "/applications/{application_id}/guilds/{guild_id}/commands") => {
            let guild = op.params.get("guild_id").and_then(|g| g.parse().ok());
            (
                200,
                Some(Value::Array(
                    st.commands.get(&guild).cloned().unwrap_or_default(),
                )),
            )
        }
        ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") => {
            callback(inner, st, op, req)
        }
        ("POST", "/webhooks/{webhook_id}/{webhook_token}") => followup(st, op, req),
        (_, "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
        | (_, "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}") => {
            webhook_message(st, op, req)
        }
        ("POST", "/users/@me/channels") => {
            let Some(user) = req.json.as_ref().and_then(|j| id_of(&j["recipient_id"])) else {
                return form_error("recipient_id is required");
            };
            let channel = dm_channel_of(st, user);
            let recipient = user_json(st, user);
            let last = st
                .messages
                .values()
                .rev()
                .find(|m| id_of(&m["channel_id"]) == Some(channel))
                .map(|m| m["id"].clone())
                .unwrap_or(Value::Null);
            (
                200,
                Some(json!({
                    "id": channel.to_string(), "type": 1, "flags": 0, "last_message_id": last,
                    "recipients": [recipient],
                })),
            )
        }
        ("POST", "/channels/{channel_id}/messages") => {
            let channel = param(op, "channel_id");
            let info = match st.channels.get(&channel) {
                Some(info) => info.clone(),
                None => {
                    st.violations.push(format!(
                        "POST {}: channel {channel} is unknown to Discord (not an interaction's channel, \
                         not a DM channel; a user id used as a channel id?)",
                        req.route
                    ));
                    return error(404, 10003, "Unknown Channel");
                }
            };
            if let Some(user) = info.dm_user
                && st.dm_closed.contains(&user)
            {
                return error(403, 50007, "Cannot send messages to this user");
            }
            let body = req.json.clone().unwrap_or(Value::Null);
            let nonce = match &body["nonce"] {
                Value::String(s) => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            };
            if let Some(nonce) = &nonce
                && body["enforce_nonce"] == true
                && let Some(first) = st
                    .nonces
                    .get(&(channel, nonce.clone()))
                    .and_then(|id| st.messages.get(id))
                    .cloned()
            {
                // Discord: the message created with this nonce, nothing new.
                st.deduplicated = true;
                return (200, Some(first));
            }
            match build_message(st, req, channel, 0, 0, false, None) {
                Ok(mut msg) => {
                    if !granted.embeds {
                        // Discord documents that embeds need Embed Links; without it the
                        // message is sent without its embeds (no error).
                        msg["embeds"] = json!([]);
                    }
                    let id = id_of(&msg["id"]).unwrap();
                    st.messages.insert(id, msg.clone());
                    if let Some(nonce) = nonce {
                        if body["enforce_nonce"] == true {
                            let uses = st.nonce_uses.entry((channel, nonce.clone())).or_default();
                            *uses += 1;
                            if *uses > 1 {
                                let problem = format!(
                                    "POST {}: message number {uses} with nonce {nonce:?} in channel \
                                     {channel}: a duplicate (Discord's nonce window had passed)",
                                    req.route
                                );
                                st.violations.push(problem);
                            }
                        }
                        st.nonces.entry((channel, nonce)).or_insert(id);
                    }
                    (200, Some(msg))
                }
                Err(e) => e,
            }
        }
        ("GET", "/channels/{channel_id}/messages") => {
            let channel = param(op, "channel_id");
            if !st.channels.contains_key(&channel) {
                return error(404, 10003, "Unknown Channel");
            }
            let query = |k: &str| {
                req.query
                    .iter()
                    .find(|(key, _)| key == k)
                    .and_then(|(_, v)| v.parse::<u64>().ok())
            };
            let limit = query("limit").unwrap_or(50).clamp(1, 100) as usize;
            if !granted.history {
                // Discord: without Read Message History no messages are returned.
                return (200, Some(json!([])));
            }
            let in_channel = st
                .messages
                .iter()
                .filter(|(_, m)| id_of(&m["channel_id"]) == Some(channel))
                .filter(|(_, m)| m["flags"].as_u64().unwrap_or(0) & EPHEMERAL == 0);
            // Discord: `after` gives the oldest messages after the id, `before` (or neither)
            // the newest before it; newest first either way. Nonces are not kept.
            let mut page: Vec<Value> = match (query("after"), query("before")) {
                (Some(after), _) => in_channel
                    .filter(|(id, _)| **id > after)
                    .take(limit)
                    .map(|(_, m)| m.clone())
                    .collect(),
                (None, before) => {
                    let mut newest: Vec<Value> = in_channel
                        .filter(|(id, _)| before.is_none_or(|b| **id < b))
                        .rev()
                        .take(limit)
                        .map(|(_, m)| m.clone())
                        .collect();
                    newest.reverse();
                    newest
                }
            };
            page.reverse();
            for m in &mut page {
                if let Some(m) = m.as_object_mut() {
                    m.remove("nonce");
                }
            }
            (200, Some(Value::Array(page)))
        }
        ("POST", "/channels/{channel_id}/threads") => create_thread(st, op, req),
        ("GET", "/guilds/{guild_id}/roles") => {
            let guild = param(op, "guild_id");
            if !st.guilds.contains(&guild) {
                return error(404, 10004, "Unknown Guild");
            }
            (200, Some(json!(guild_roles(st, guild))))
        }
        ("GET", "/guilds/{guild_id}/members/{user_id}") => {
            let guild = param(op, "guild_id");
            let user = param(op, "user_id");
            if !st.guilds.contains(&guild) {
                return error(404, 10004, "Unknown Guild");
            }
            // Every user the fake names is a member; the bot also has its own role.
            let roles = if user == FakeDiscord::BOT_USER_ID {
                vec![bot_role_id(guild).to_string()]
            } else {
                Vec::new()
            };
            let user_json = if user == FakeDiscord::BOT_USER_ID {
                bot_user_json()
            } else {
                user_json(st, user)
            };
            (
                200,
                Some(json!({
                    "user": user_json, "roles": roles, "nick": null, "avatar": null,
                    "banner": null, "premium_since": null, "pending": false, "flags": 0,
                    "joined_at": "2024-01-01T00:00:00.000000+00:00", "mute": false,
                    "deaf": false, "communication_disabled_until": null,
                })),
            )
        }
        ("GET", "/channels/{channel_id}") => {
            let channel = param(op, "channel_id");
            match st.channels.get(&channel) {
                Some(info) if info.dm_user.is_none() && info.guild.is_some() => {
                    (200, Some(channel_json(st, channel, info)))
                }
                _ => error(404, 10003, "Unknown Channel"),
            }
        }
        ("GET", "/channels/{channel_id}/messages/{message_id}")
        | ("PATCH", "/channels/{channel_id}/messages/{message_id}")
        | ("DELETE", "/channels/{channel_id}/messages/{message_id}") => {
            let channel = param(op, "channel_id");
            let id = param(op, "message_id");
            let Some(existing) = st
                .messages
                .get(&id)
                .filter(|msg| id_of(&msg["channel_id"]) == Some(channel))
                .cloned()
            else {
                return error(404, 10008, "Unknown Message");
            };
            if existing["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
                return error(404, 10008, "Unknown Message");
            }
            match m {
                "GET" => (200, Some(existing)),
                "DELETE" => {
                    st.messages.remove(&id);
                    (204, None)
                }
                _ => match edit_message(st, req, existing, false) {
                    Ok(mut msg) => {
                        if !granted.embeds
                            && req.json.as_ref().is_some_and(|j| !j["embeds"].is_null())
                        {
                            msg["embeds"] = json!([]);
                        }
                        st.messages.insert(id, msg.clone());
                        (200, Some(msg))
                    }
                    Err(e) => e,
                },
            }
        }
        _ => {
            st.unhandled
                .push(format!("{m} {} (openapi: {})", req.route, op.operation_id));
            error(404, 0, "404: Not Found")
        }
    }
}

/// What the bot may do in a request's channel beyond what `channel_permissions` refused.
struct Granted {
    /// Embeds are kept (Embed Links).
    embeds: bool,
    /// The message list is readable (Read Message History).
    history: bool,
}

/// Discord's permission checks for a request on a guild channel or thread, from the bot's
/// computed permissions there: without View Channel every request is 403/50001 Missing
/// Access; creating a message takes Send Messages (in a thread Send Messages in Threads)
/// and, with files, Attach Files; adding files to an edit takes Attach Files; creating a
/// thread takes Create Public Threads (a public one) — else 403/50013 Missing Permissions.
/// Embed Links and Read Message History are never refused: without them Discord drops the
/// embeds and lists no messages.
fn channel_permissions(
    st: &St,
    op: &openapi::Operation,
    req: &Req,
) -> Result<Granted, (u16, Option<Value>)> {
    use permissions::*;
    let all = Granted {
        embeds: true,
        history: true,
    };
    if !op.template.starts_with("/channels/{channel_id}") {
        return Ok(all);
    }
    let channel = param(op, "channel_id");
    let Some(p) = bot_permissions_in(st, channel) else {
        return Ok(all);
    };
    let missing = |bit: u64| p & bit == 0;
    if missing(VIEW_CHANNEL) {
        return Err(error(403, 50001, "Missing Access"));
    }
    let in_thread = st
        .channels
        .get(&channel)
        .is_some_and(|c| c.parent.is_some());
    let send = if in_thread {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    };
    let refused = match (req.method.as_str(), op.template.as_str()) {
        ("POST", "/channels/{channel_id}/messages") => {
            missing(send) || (!req.files.is_empty() && missing(ATTACH_FILES))
        }
        ("PATCH", "/channels/{channel_id}/messages/{message_id}") => {
            !req.files.is_empty() && missing(ATTACH_FILES)
        }
        ("POST", "/channels/{channel_id}/threads") => missing(CREATE_PUBLIC_THREADS),
        _ => false,
    };
    if refused {
        return Err(error(403, 50013, "Missing Permissions"));
    }
    Ok(Granted {
        embeds: !missing(EMBED_LINKS),
        history: !missing(READ_MESSAGE_HISTORY),
    })
}

/// A guild channel or thread as `GET /channels/{id}` answers it, with its permission
/// overwrites (a thread lists none: it takes its parent's).
fn channel_json(st: &St, id: u64, info: &ChannelInfo) -> Value {
    let guild = info.guild.unwrap_or(0).to_string();
    if let Some(parent) = info.parent {
        return thread_json(id, parent, &guild, info.name.as_deref().unwrap_or(""));
    }
    let last = st
        .messages
        .values()
        .rev()
        .find(|m| id_of(&m["channel_id"]) == Some(id))
        .map(|m| m["id"].clone())
        .unwrap_or(Value::Null);
    let overwrites: Vec<Value> = info
        .overwrites
        .iter()
        .map(|o| {
            json!({
                "id": o.id.to_string(), "type": u8::from(o.member),
                "allow": o.allow.to_string(), "deny": o.deny.to_string(),
            })
        })
        .collect();
    json!({
        "id": id.to_string(), "type": 0, "guild_id": guild, "name": format!("table-{id}"),
        "position": 0, "flags": 0, "parent_id": null, "topic": null, "nsfw": false,
        "last_message_id": last, "rate_limit_per_user": 0, "last_pin_timestamp": null,
        "permission_overwrites": overwrites,
    })
}

/// A guild's roles as `GET /guilds/{id}/roles` answers: @everyone (the guild's id) and the
/// bot's own managed role, with the permissions the fake computes with.
fn guild_roles(st: &St, guild: u64) -> Vec<Value> {
    let role = |id: u64, name: &str, permissions: u64, position: u32, managed: bool| {
        json!({
            "id": id.to_string(), "name": name, "permissions": permissions.to_string(),
            "position": position, "color": 0, "colors": {"primary_color": 0,
            "secondary_color": null, "tertiary_color": null}, "hoist": false,
            "managed": managed, "mentionable": false, "icon": null, "unicode_emoji": null,
            "flags": 0,
        })
    };
    let everyone = st
        .everyone_permissions
        .get(&guild)
        .copied()
        .unwrap_or(permissions::MEMBER);
    let bot = st
        .bot_role_permissions
        .get(&guild)
        .copied()
        .unwrap_or(permissions::BOT_ROLE);
    let mut bot_role = role(bot_role_id(guild), FakeDiscord::BOT_NAME, bot, 1, true);
    bot_role["tags"] = json!({ "bot_id": FakeDiscord::BOT_USER_ID.to_string() });
    vec![role(guild, "@everyone", everyone, 0, false), bot_role]
}

/// A public thread as Discord describes it (the bot created it and is its only member).
fn thread_json(id: u64, parent: u64, guild: &str, name: &str) -> Value {
    json!({
        "id": id.to_string(), "type": 11, "guild_id": guild, "name": name,
        "parent_id": parent.to_string(), "owner_id": FakeDiscord::BOT_USER_ID.to_string(),
        "flags": 0, "last_message_id": null, "rate_limit_per_user": 0,
        "message_count": 0, "member_count": 1, "total_message_sent": 0,
        "thread_metadata": {
            "archived": false, "archive_timestamp": iso_now(), "auto_archive_duration": 10080,
            "locked": false, "create_timestamp": iso_now(),
        },
    })
}

/// `POST /channels/{id}/threads` without a message: a new thread of a guild text channel
/// (not of a thread or a DM), public when `type` is 11. Messages and interactions in it use
/// its id as their channel; its permissions are its parent's.
fn create_thread(st: &mut St, op: &openapi::Operation, req: &Req) -> (u16, Option<Value>) {
    let channel = param(op, "channel_id");
    let Some(info) = st.channels.get(&channel).cloned() else {
        return error(404, 10003, "Unknown Channel");
    };
    let body = req.json.clone().unwrap_or(Value::Null);
    let (Some(guild), None, None) = (info.guild, info.dm_user, info.parent) else {
        st.violations.push(format!(
            "POST {}: a thread can only be made in a guild's text channel",
            req.route
        ));
        return error(400, 50024, "Cannot execute action on this channel type");
    };
    if body["type"] != 11 {
        st.violations.push(format!(
            "POST {}: type {} — Turnpost's threads are public (11); without it Discord makes a private one",
            req.route, body["type"]
        ));
        return form_error("type");
    }
    let name = body["name"].as_str().unwrap_or_default().to_string();
    let id = snowflake();
    st.channels.insert(
        id,
        ChannelInfo {
            guild: Some(guild),
            parent: Some(channel),
            name: Some(name.clone()),
            ..ChannelInfo::default()
        },
    );
    let mut thread = thread_json(id, channel, &guild.to_string(), &name);
    if let Some(d) = body["auto_archive_duration"].as_u64() {
        thread["thread_metadata"]["auto_archive_duration"] = json!(d);
    }
    (201, Some(thread))
}

/// Echo of a registered command option as Discord answers it.
fn command_option_response(o: &Value) -> Value {
    let mut r = o.clone();
    if let Some(obj) = r.as_object_mut() {
        obj.retain(|_, v| !v.is_null());
        if obj.get("required") == Some(&json!(false)) {
            obj.remove("required");
        }
        if let Some(Value::Array(choices)) = obj.get("choices")
            && choices.is_empty()
        {
            obj.remove("choices");
        }
        if let Some(Value::Array(sub)) = obj.get("options").cloned() {
            obj.insert(
                "options".into(),
                Value::Array(sub.iter().map(command_option_response).collect()),
            );
        }
    }
    r
}

fn lookup<'a>(
    st: &'a mut St,
    op: &openapi::Operation,
) -> Result<(String, &'a mut InteractionRec), (u16, Option<Value>)> {
    let (token, app) = match op.params.get("webhook_token") {
        Some(t) => (t.clone(), Some(param(op, "webhook_id"))),
        None => (
            op.params
                .get("interaction_token")
                .cloned()
                .unwrap_or_default(),
            None,
        ),
    };
    if let Some(app) = app
        && app != FakeDiscord::APPLICATION_ID
    {
        return Err(error(404, 10015, "Unknown Webhook"));
    }
    match st.interactions.get_mut(&token) {
        Some(rec) => Ok((token, rec)),
        None if app.is_some() => Err(error(401, 50027, "Invalid Webhook Token")),
        None => Err(error(404, 10062, "Unknown interaction")),
    }
}

fn callback(
    inner: &Inner,
    st: &mut St,
    op: &openapi::Operation,
    req: &Req,
) -> (u16, Option<Value>) {
    let route = req.route.clone();
    let ty = req
        .json
        .as_ref()
        .and_then(|j| j["type"].as_u64())
        .unwrap_or(0);
    let data = req
        .json
        .as_ref()
        .map(|j| j["data"].clone())
        .unwrap_or(Value::Null);
    let rec = match lookup(st, op) {
        Ok((_, rec)) => rec.clone(),
        Err(e) => return e,
    };
    if rec.id != param(op, "interaction_id") {
        return error(404, 10062, "Unknown interaction");
    }
    let Some(dispatched) = rec.dispatched else {
        st.violations.push(format!(
            "POST {route}: callback for an interaction that was never dispatched"
        ));
        return error(404, 10062, "Unknown interaction");
    };
    if let Some(deadline) = inner.opts.ack_deadline {
        let latency = req.received.saturating_duration_since(dispatched);
        if latency > deadline {
            st.violations.push(format!(
                "POST {route}: acknowledged {latency:?} after the dispatch (Discord allows \
                 {deadline:?}; the interaction is gone: 10062)"
            ));
            return error(404, 10062, "Unknown interaction");
        }
    }
    if rec.acked.is_some() {
        return error(400, 40060, "Interaction has already been acknowledged.");
    }
    let allowed: &[u64] = match rec.kind {
        2 => &[4, 5, 9],
        3 => &[4, 5, 6, 7, 9],
        4 => &[8],
        5 => &[4, 5, 6, 7],
        _ => &[],
    };
    if !allowed.contains(&ty) {
        st.violations.push(format!(
            "POST {route}: callback type {ty} is not allowed for interaction type {} (allowed {allowed:?})",
            rec.kind
        ));
        return form_error("Interaction callback type is invalid for this interaction");
    }
    let mut update = rec.clone();
    update.acked = Some(ty);
    match ty {
        4 | 5 => {
            let flags = data["flags"].as_u64().unwrap_or(0);
            let kind = if rec.kind == 2 { 20 } else { 0 };
            let result = if ty == 4 {
                build_message(
                    st,
                    &req_with_json(req, data.clone()),
                    rec.channel,
                    kind,
                    0,
                    true,
                    None,
                )
            } else {
                let id = snowflake();
                let mut msg =
                    message_json(st, id, rec.channel, "", kind, LOADING | (flags & EPHEMERAL));
                msg["webhook_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
                msg["application_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
                Ok(msg)
            };
            match result {
                Ok(msg) => {
                    let id = id_of(&msg["id"]).unwrap();
                    st.messages.insert(id, msg);
                    update.original = Some(id);
                    update.deferred_open = ty == 5;
                }
                Err(e) => return e,
            }
        }
        6 => update.original = rec.component_message,
        7 => {
            let Some(mid) = rec.component_message else {
                return form_error("no message to update");
            };
            let Some(existing) = st.messages.get(&mid).cloned() else {
                return error(404, 10008, "Unknown Message");
            };
            match edit_message(st, &req_with_json(req, data.clone()), existing, true) {
                Ok(msg) => {
                    st.messages.insert(mid, msg);
                    update.original = Some(mid);
                }
                Err(e) => return e,
            }
        }
        8 => {
            let n = data["choices"].as_array().map_or(0, Vec::len);
            if n > 25 {
                st.violations.push(format!(
                    "POST {route}: {n} autocomplete choices (at most 25)"
                ));
                return form_error("choices: at most 25");
            }
        }
        _ => {}
    }
    let token = op.params["interaction_token"].clone();
    st.interactions.insert(token, update);
    (204, None)
}

fn req_with_json(req: &Req, json: Value) -> Req {
    Req {
        method: req.method.clone(),
        route: req.route.clone(),
        query: req.query.clone(),
        json: Some(json),
        files: req.files.clone(),
        received: req.received,
    }
}

fn followup(st: &mut St, op: &openapi::Operation, req: &Req) -> (u16, Option<Value>) {
    let (token, rec) = match lookup(st, op) {
        Ok((t, rec)) => (t, rec.clone()),
        Err(e) => return e,
    };
    if rec.acked.is_none() || rec.acked == Some(8) {
        return error(404, 10015, "Unknown Webhook");
    }
    let mut update = rec.clone();
    let result = if let (true, Some(original)) = (rec.deferred_open, rec.original) {
        // The first followup after a deferral completes the deferred message, which keeps the
        // deferral's ephemerality.
        let Some(existing) = st.messages.get(&original).cloned() else {
            return error(404, 10015, "Unknown Webhook");
        };
        let keep = existing["flags"].as_u64().unwrap_or(0) & EPHEMERAL;
        let body = req.json.clone().map(|mut j| {
            let f = j["flags"].as_u64().unwrap_or(0) & !EPHEMERAL;
            j["flags"] = json!(f | keep);
            j
        });
        let r = build_message(
            st,
            &req_with_json(req, body.unwrap_or(json!({}))),
            rec.channel,
            existing["type"].as_u64().unwrap_or(0),
            0,
            true,
            Some(original),
        );
        update.deferred_open = false;
        r
    } else {
        build_message(st, req, rec.channel, 0, 0, true, None)
    };
    match result {
        Ok(msg) => {
            let id = id_of(&msg["id"]).unwrap();
            st.messages.insert(id, msg.clone());
            if Some(id) != rec.original {
                update.followups.push(id);
            }
            st.interactions.insert(token, update);
            (200, Some(msg))
        }
        Err(e) => e,
    }
}

fn webhook_message(st: &mut St, op: &openapi::Operation, req: &Req) -> (u16, Option<Value>) {
    let (token, rec) = match lookup(st, op) {
        Ok((t, rec)) => (t, rec.clone()),
        Err(e) => return e,
    };
    let id = if op.template.ends_with("@original") {
        match rec.original {
            Some(id) => id,
            None if rec.acked.is_none() => return error(404, 10015, "Unknown Webhook"),
            None => return error(404, 10008, "Unknown Message"),
        }
    } else {
        let id = param(op, "message_id");
        if Some(id) != rec.original && !rec.followups.contains(&id) {
            return error(404, 10008, "Unknown Message");
        }
        id
    };
    let Some(existing) = st.messages.get(&id).cloned() else {
        return error(404, 10008, "Unknown Message");
    };
    match req.method.as_str() {
        "GET" => (200, Some(existing)),
        "DELETE" => {
            st.messages.remove(&id);
            (204, None)
        }
        "PATCH" => match edit_message(st, req, existing, true) {
            Ok(msg) => {
                st.messages.insert(id, msg.clone());
                if Some(id) == rec.original && rec.deferred_open {
                    let mut update = rec;
                    update.deferred_open = false;
                    st.interactions.insert(token, update);
                }
                (200, Some(msg))
            }
            Err(e) => e,
        },
        _ => error(405, 0, "405: Method Not Allowed"),
    }
}

/// Checks Discord's documented limits on a message body (those openapi.json does not express).
fn check_message_rules(
    st: &mut St,
    req: &Req,
    body: &Value,
    interaction: bool,
    is_edit: bool,
) -> Result<(), (u16, Option<Value>)> {
    let mut problems = Vec::new();
    if let Some(content) = body["content"].as_str() {
        let n = content.chars().count();
        if n > 2000 {
            problems.push(format!("content has {n} characters (at most 2000)"));
        }
    }
    let flags = body["flags"].as_u64().unwrap_or(0);
    let allowed = 4 | 4096 | IS_COMPONENTS_V2 | if interaction { EPHEMERAL } else { 0 };
    if flags & !allowed != 0 {
        problems.push(format!(
            "flags {flags:#x} include {:#x}, which cannot be set here{}",
            flags & !allowed,
            if flags & EPHEMERAL != 0 && !interaction {
                " (ephemeral exists only for interaction responses)"
            } else {
                ""
            }
        ));
    }
    if flags & IS_COMPONENTS_V2 == 0 {
        let rows = body["components"].as_array().map_or(0, Vec::len);
        if rows > 5 {
            problems.push(format!("{rows} action rows (at most 5)"));
        }
        for (i, row) in body["components"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            let children = row["components"].as_array().cloned().unwrap_or_default();
            if children
                .iter()
                .any(|c| c["type"].as_u64().is_some_and(|t| t != 2))
                && children.len() > 1
            {
                problems.push(format!(
                    "action row {i}: a select menu must be alone in its row"
                ));
            }
        }
    }
    let mut ids = HashSet::new();
    for c in leaf_components(&body["components"]) {
        if let Some(id) = c["custom_id"].as_str()
            && !ids.insert(id)
        {
            problems.push(format!("custom_id {id:?} used twice in one message"));
        }
        if c["type"] == 2 {
            let link = c["style"] == 5;
            let premium = c["style"] == 6;
            let has_id = c["custom_id"].as_str().is_some();
            if !link && !premium && !has_id {
                problems.push(format!("button without a custom_id: {c}"));
            }
            if link && (has_id || c["url"].as_str().is_none()) {
                problems.push(format!("a link button needs a url and no custom_id: {c}"));
            }
            let label = c["label"].as_str().is_some_and(|l| !l.is_empty());
            if !premium && !label && c["emoji"].is_null() {
                problems.push(format!("button without a label or an emoji: {c}"));
            }
        }
    }
    // All embeds of a message: at most 6000 characters of text.
    let embed_chars: usize = body["embeds"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| {
            let len = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
            len(&e["title"])
                + len(&e["description"])
                + len(&e["footer"]["text"])
                + len(&e["author"]["name"])
                + e["fields"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|f| len(&f["name"]) + len(&f["value"]))
                    .sum::<usize>()
        })
        .sum();
    if embed_chars > 6000 {
        problems.push(format!(
            "embeds hold {embed_chars} characters (at most 6000)"
        ));
    }
    if req.files.len() > 10 {
        problems.push(format!("{} files (at most 10)", req.files.len()));
    }
    for (field, name, ct, bytes) in &req.files {
        if bytes.len() > MAX_FILE {
            st.violations.push(format!(
                "{} {}: {field} ({name}) has {} bytes",
                req.method,
                req.route,
                bytes.len()
            ));
            return Err(error(413, 40005, "Request entity too large"));
        }
        let says_png = name.to_lowercase().ends_with(".png") || ct.as_deref() == Some("image/png");
        if says_png && !is_png(bytes) {
            problems.push(format!(
                "{field} ({name}) is called a PNG but its bytes are not one"
            ));
        }
    }
    if !is_edit {
        // Every attachments[] entry of a new message refers to a files[id] part.
        for a in body["attachments"].as_array().into_iter().flatten() {
            let id = match &a["id"] {
                Value::Number(n) => n.to_string(),
                Value::String(s) => s.clone(),
                _ => String::new(),
            };
            if !req.files.iter().any(|(f, ..)| *f == format!("files[{id}]")) {
                problems.push(format!("attachments entry id {id} has no files[{id}] part"));
            }
        }
        let empty = body["content"].as_str().is_none_or(str::is_empty)
            && body["embeds"].as_array().is_none_or(Vec::is_empty)
            && body["components"].as_array().is_none_or(Vec::is_empty)
            && body["sticker_ids"].as_array().is_none_or(Vec::is_empty)
            && body["poll"].is_null()
            && req.files.is_empty();
        if empty {
            st.violations
                .push(format!("{} {}: empty message", req.method, req.route));
            return Err(error(400, 50006, "Cannot send an empty message"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        for p in &problems {
            st.violations
                .push(format!("{} {}: [discord limit] {p}", req.method, req.route));
        }
        Err(form_error(&problems.join("; ")))
    }
}

fn component_response(c: &Value, next_id: &mut u64) -> Value {
    let mut r = c.clone();
    if let Some(obj) = r.as_object_mut() {
        obj.retain(|_, v| !v.is_null());
        if obj.get("id").is_none() {
            obj.insert("id".into(), json!(*next_id));
        }
        *next_id += 1;
        if obj.get("type") == Some(&json!(3)) {
            obj.entry("min_values").or_insert(json!(1));
            obj.entry("max_values").or_insert(json!(1));
        }
        if let Some(Value::Array(children)) = obj.get("components").cloned() {
            obj.insert(
                "components".into(),
                Value::Array(
                    children
                        .iter()
                        .map(|ch| component_response(ch, next_id))
                        .collect(),
                ),
            );
        }
        if let Some(Value::Array(options)) = obj.get("options").cloned() {
            obj.insert(
                "options".into(),
                Value::Array(
                    options
                        .into_iter()
                        .map(|mut o| {
                            if let Some(o) = o.as_object_mut() {
                                o.retain(|_, v| !v.is_null());
                            }
                            o
                        })
                        .collect(),
                ),
            );
        }
    }
    r
}

/// The embeds as Discord returns them. An image given as `attachment://name` is one of the
/// files uploaded with the request: Discord answers with its CDN address and its size (read
/// here from the PNG header).
fn embeds_response(embeds: &Value, req: &Req, channel: u64) -> Value {
    let png_size = |bytes: &[u8]| -> Option<(u32, u32)> {
        let header = bytes.get(16..24)?;
        let w = u32::from_be_bytes(header[..4].try_into().ok()?);
        let h = u32::from_be_bytes(header[4..].try_into().ok()?);
        Some((w, h))
    };
    Value::Array(
        embeds
            .as_array()
            .into_iter()
            .flatten()
            .map(|e| {
                let mut e = e.clone();
                if let Some(obj) = e.as_object_mut() {
                    obj.retain(|_, v| !v.is_null());
                    obj.entry("type").or_insert(json!("rich"));
                    obj.insert("content_scan_version".into(), json!(0));
                    for key in ["image", "thumbnail"] {
                        let Some(media) = obj.get_mut(key).and_then(Value::as_object_mut) else {
                            continue;
                        };
                        media.retain(|_, v| !v.is_null());
                        let url = media.get("url").and_then(Value::as_str).unwrap_or("");
                        let Some(name) = url.strip_prefix("attachment://").map(str::to_string)
                        else {
                            continue;
                        };
                        let (w, h) = req
                            .files
                            .iter()
                            .find(|(_, file, _, _)| *file == name)
                            .and_then(|(_, _, _, bytes)| png_size(bytes))
                            .unwrap_or((1, 1));
                        let id = snowflake();
                        media.insert(
                            "url".into(),
                            json!(format!(
                                "https://cdn.discordapp.com/attachments/{channel}/{id}/{name}"
                            )),
                        );
                        media.insert(
                            "proxy_url".into(),
                            json!(format!(
                                "https://media.discordapp.net/attachments/{channel}/{id}/{name}"
                            )),
                        );
                        media.insert("width".into(), json!(w));
                        media.insert("height".into(), json!(h));
                    }
                }
                e
            })
            .collect(),
    )
}

fn attachment_response(
    channel: u64,
    name: &str,
    ct: Option<&str>,
    bytes: &[u8],
    description: &Value,
) -> Value {
    let id = snowflake();
    let mut a = json!({
        "id": id.to_string(), "filename": name, "size": bytes.len(),
        "url": format!("https://cdn.discordapp.com/attachments/{channel}/{id}/{name}"),
        "proxy_url": format!("https://media.discordapp.net/attachments/{channel}/{id}/{name}"),
        "content_type": ct.map(str::to_string).unwrap_or_else(|| content_type_for(name).to_string()),
    });
    if let Some((w, h)) = png_size(bytes) {
        a["width"] = json!(w);
        a["height"] = json!(h);
    }
    if let Some(d) = description.as_str() {
        a["description"] = json!(d);
    }
    a
}

fn new_attachments(req: &Req, body: &Value, channel: u64) -> Vec<Value> {
    req.files
        .iter()
        .map(|(field, name, ct, bytes)| {
            let idx = field.trim_start_matches("files[").trim_end_matches(']');
            let entry = body["attachments"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|a| match &a["id"] {
                    Value::Number(n) => n.to_string() == idx,
                    Value::String(s) => s == idx,
                    _ => false,
                })
                .cloned()
                .unwrap_or(Value::Null);
            let filename = entry["filename"]
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| name.clone());
            attachment_response(
                channel,
                &filename,
                ct.as_deref(),
                bytes,
                &entry["description"],
            )
        })
        .collect()
}

/// A new message from a create body (checked against Discord's limits).
fn build_message(
    st: &mut St,
    req: &Req,
    channel: u64,
    kind: u64,
    extra_flags: u64,
    interaction: bool,
    reuse_id: Option<u64>,
) -> Result<Value, (u16, Option<Value>)> {
    let body = req.json.clone().unwrap_or(json!({}));
    check_message_rules(st, req, &body, interaction, false)?;
    let id = reuse_id.unwrap_or_else(snowflake);
    let flags = body["flags"].as_u64().unwrap_or(0) | extra_flags;
    let mut msg = message_json(
        st,
        id,
        channel,
        body["content"].as_str().unwrap_or(""),
        kind,
        flags,
    );
    msg["embeds"] = embeds_response(&body["embeds"], req, channel);
    let mut next = 1;
    msg["components"] = Value::Array(
        body["components"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| component_response(c, &mut next))
            .collect(),
    );
    msg["attachments"] = Value::Array(new_attachments(req, &body, channel));
    if body["tts"] == true {
        msg["tts"] = json!(true);
    }
    if interaction {
        msg["webhook_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
        msg["application_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
    }
    if let Some(nonce) = body.get("nonce").filter(|n| !n.is_null()) {
        msg["nonce"] = nonce.clone();
    }
    Ok(msg)
}

/// An edited message: fields present in the body replace the old ones.
fn edit_message(
    st: &mut St,
    req: &Req,
    mut msg: Value,
    interaction: bool,
) -> Result<Value, (u16, Option<Value>)> {
    let body = req.json.clone().unwrap_or(json!({}));
    check_message_rules(st, req, &body, interaction, true)?;
    let channel = id_of(&msg["channel_id"]).unwrap_or(0);
    if let Some(content) = body.get("content").filter(|c| !c.is_null()) {
        let content = content.as_str().unwrap_or("");
        let fresh = message_json(st, 0, channel, content, 0, 0);
        msg["content"] = json!(content);
        msg["mentions"] = fresh["mentions"].clone();
    }
    if let Some(embeds) = body.get("embeds").filter(|e| !e.is_null()) {
        msg["embeds"] = embeds_response(embeds, req, channel);
    }
    if let Some(components) = body.get("components").filter(|c| !c.is_null()) {
        let mut next = 1;
        msg["components"] = Value::Array(
            components
                .as_array()
                .into_iter()
                .flatten()
                .map(|c| component_response(c, &mut next))
                .collect(),
        );
    }
    if body.get("attachments").is_some_and(|a| !a.is_null()) || !req.files.is_empty() {
        let kept: Vec<Value> = msg["attachments"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|old| {
                body["attachments"]
                    .as_array()
                    .is_none_or(|list| list.iter().any(|a| id_of(&a["id"]) == id_of(&old["id"])))
            })
            .cloned()
            .collect();
        let mut all = kept;
        all.extend(new_attachments(req, &body, channel));
        msg["attachments"] = Value::Array(all);
    }
    let old_flags = msg["flags"].as_u64().unwrap_or(0);
    let mut flags = old_flags & !LOADING;
    if let Some(f) = body["flags"].as_u64() {
        // Only SUPPRESS_EMBEDS can be changed by an edit.
        flags = (flags & !4) | (f & 4);
    }
    msg["flags"] = json!(flags);
    let empty = |k: &str| msg[k].as_array().is_none_or(Vec::is_empty);
    if msg["content"].as_str().is_none_or(str::is_empty)
        && empty("embeds")
        && empty("attachments")
        && empty("components")
        && empty("sticker_items")
        && msg["poll"].is_null()
    {
        st.violations.push(format!(
            "{} {}: the edit leaves the message empty",
            req.method, req.route
        ));
        return Err(error(400, 50006, "Cannot send an empty message"));
    }
    if old_flags & LOADING == 0 {
        // Completing a deferred ("thinking") message is not shown as an edit.
        msg["edited_timestamp"] = json!(iso_now());
    }
    Ok(msg)
}
