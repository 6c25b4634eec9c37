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
//! For tests that kill the bot's processes: `try_dispatch` says so, instead of panicking,
//! when no connection of the event's shard is there (as Discord, it delivers nothing then);
//! `channel_requests`, `interaction_requests` and `poll_until` look at one channel or
//! interaction without going through every request (thousands of games' worth).
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
//!
//! Files: this one holds the shared state (`St`, `Inner`, the request and interaction
//! records) and `FakeDiscord` itself; `gateway` starts the fake and runs the websocket,
//! `rest` answers the REST API with `callbacks` (interaction answers), `messages` (message
//! bodies and Discord's limits) and `access` (channel permissions, threads); `recording`
//! (`Recorded`, `Matcher`), `problems` (what `assert_clean` checks, declarations, injected
//! faults), `world` (users, channels, JSON helpers), `interactions` (the builders) and
//! `payloads` (their checks) hold the rest of the public API.

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

mod access;
mod callbacks;
mod gateway;
mod interactions;
mod messages;
mod payloads;
mod problems;
mod recording;
mod rest;
mod world;

use access::*;
use callbacks::*;
use gateway::*;
use interactions::*;
use messages::*;
use payloads::*;
use problems::*;
use rest::*;
use world::*;

pub use payloads::check_dispatch;
pub use recording::{Matcher, Recorded};

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
    /// The shard it identified as: (id, total); `(0, 1)` when the client sent none.
    shard: (u64, u64),
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
    /// The requests of each `/channels/{id}/…` path, and of each interaction token (its
    /// callback, followups and edits): what a test of many channels looks at without going
    /// through every request.
    by_channel: HashMap<u64, Vec<Arc<Recorded>>>,
    by_token: HashMap<String, Vec<Arc<Recorded>>>,
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
    /// The shard of each session (a RESUME continues its session's shard).
    session_shards: HashMap<String, (u64, u64)>,
    /// Each interaction's server and the shard of the connection it was sent on.
    dispatched_shards: Vec<(Option<u64>, (u64, u64))>,
    invalidate_next_resume: bool,
    dispatched: Vec<(String, Value)>,
    // the Discord world
    user_names: HashMap<u64, String>,
    user_permissions: HashMap<u64, u64>,
    /// Per user, the Discord locale their interactions carry (default `en-US`).
    user_locales: HashMap<u64, String>,
    /// Per guild, its preferred locale as interactions carry it (default `en-US`).
    guild_locales: HashMap<u64, String>,
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

struct Req {
    method: String,
    route: String,
    query: Vec<(String, String)>,
    json: Option<Value>,
    /// (field name, filename, content type, bytes)
    files: Vec<(String, String, Option<String>, Bytes)>,
    received: Instant,
}
