//! The table service: the one place where the store, the rules and the renderer meet.
//! Every front end (Discord, the terminal) turns what a person did into a [`Command`] from a
//! [`Caller`], and sends out the [`Reply`] it gets back; the service itself knows nothing
//! about any transport and nothing about any particular game.
//!
//! One command per file: `lobby.rs` (create, join, leave, start), `play.rs` (act, undo,
//! resign), `show.rs` (board, hand, log, lists, suggestions), `admin.rs` (abandon);
//! `command.rs` lists the commands and `panel.rs` answers a front end's whole request with
//! the caller's panel (one call per click); `commit.rs` stores a change in named steps and
//! `turn_message.rs` words it; `cache.rs` holds the games in memory and `load.rs` loads them
//! from the store; `ai.rs` seats and runs AI players.
//!
//! Why this file is long (821 lines): it holds the service's shared types (caller, post,
//! reply, the game in memory, settings, painter) and the one dispatch of every command.

mod admin;
mod ai;
mod cache;
mod command;
mod commit;
mod deadline;
mod language;
mod league;
pub mod limits;
mod load;
mod lobby;
mod panel;
mod play;
pub mod record;
pub mod reference;
mod remind;
mod settings;
mod show;
mod turn_message;
mod web;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::Semaphore;
use turnpost_core::dynamic::{AnyView, DynGame, View};
use turnpost_core::t;
use turnpost_core::words::{Arg, Text};
use turnpost_core::{Seat, Seed};
use turnpost_render::RenderError;

use crate::outbox::{Message, Outbox, OutboxSettings};
use crate::store::{
    DeliveryKind, GameId, GameRow, NewDelivery, SeatRow, Store, StoreError, UserId,
};

/// The turn whose buttons go under a message (the outbox carries it to the front ends).
pub use crate::delivery::Turn;
/// The league terms front ends offer at `/new` and `/league`.
pub use crate::league::{LONGEST_VACATION, Policy, Terms};
pub use ai::{AI_USERS, ai_level, ai_name, ai_user};
pub use command::{Command, WebSwitch};
pub use commit::HELD_NOTE;
pub use commit::is_table_entry;
pub use deadline::{DeadlinePass, SeatTaker};
pub use limits::{echo, parse_count};
pub use load::voided_range;
pub use lobby::{DEADLINES, deadline_text, describe_terms, parse_deadline};
pub use panel::{Answer, Panel, PanelAsk, PanelState, PanelView, Request};
use play::Chosen;
pub use remind::ReminderPass;
pub use show::GameSummary;
pub use web::{
    GAMES_PER_PAGE, Moment, PICTURES_CACHED, REPLAYS_CACHED, TOKEN_LENGTH, WebBoard, WebGames,
    WebProfile, WebReplay, WebRunning, WebStep, token_shape,
};

/// Who is asking, and where.
#[derive(Clone, Debug)]
pub struct Caller {
    /// The user.
    pub user: UserId,
    /// Their display name.
    pub name: String,
    /// The server, if any.
    pub guild: Option<u64>,
    /// The channel or thread the command came from.
    pub channel: u64,
    /// Whether the user may manage this channel's games (Discord: Manage Messages).
    pub moderator: bool,
    /// The interaction's id, so a command delivered twice changes the game once.
    pub interaction: Option<String>,
    /// How the front end can still reach the caller privately for a while (Discord: the
    /// interaction token), to say that a post their command caused could not be delivered.
    pub followup: Option<String>,
}

/// An image to attach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// File name (`board.png`).
    pub name: String,
    /// PNG bytes.
    pub png: Vec<u8>,
    /// What it shows, in words (alt text, at most 1,024 characters; Discord's attachment
    /// `description`): made with the picture from the same view, so a public picture's
    /// words say nothing hidden.
    pub alt: String,
}

/// A message: words and images.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Post {
    /// The words (plain; front ends add mentions for `ping`), typed: made text at the edge
    /// in the reader's language (issue 30).
    pub text: Text,
    /// Attachments.
    pub images: Vec<Image>,
    /// Users to notify (the player to act).
    pub ping: Vec<UserId>,
    /// A step within the same person's turn: it replaces the current turn message (and
    /// mentions nobody) instead of being a new message.
    pub edit: bool,
    /// A new turn message (the decision passed to another person, or the game ended): the
    /// one before it loses its buttons.
    pub new_turn: bool,
    /// The game stopped without a result (abandoned): the current turn message or lobby
    /// loses its buttons, and nothing offers a rematch.
    pub stops: bool,
}

/// What to send after a command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Messages for the channel.
    pub public: Vec<Post>,
    /// Messages for single players (DM, or ephemeral on request).
    pub private: Vec<(UserId, Post)>,
    /// An answer only the caller sees.
    pub ephemeral: Option<Post>,
    /// The current turn, if a game is running.
    pub turn: Option<Turn>,
    /// Game listings (for `Games` and `MyTurns`).
    pub games: Vec<GameSummary>,
    /// What this change did, as log lines (the turn message shows more: the whole turn so
    /// far); front ends acknowledge the caller's action with them.
    pub news: Vec<Text>,
    /// A question instead of an action (the ephemeral answer words it): the action cannot
    /// be taken back and leaves something unused. The front end offers to play it anyway
    /// ([`Command::ActAnyway`]) or to go back to the decision.
    pub confirm: Option<Confirm>,
}

/// The action a question is about ([`Reply::confirm`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirm {
    /// The game.
    pub game_id: GameId,
    /// Its version when asked (a later answer is stale).
    pub version: i64,
    /// The action, in notation.
    pub notation: String,
    /// The button's words ("End turn anyway").
    pub label: Text,
}

impl Default for Post {
    fn default() -> Post {
        Post {
            text: Text::concat([]),
            images: Vec::new(),
            ping: Vec::new(),
            edit: false,
            new_turn: false,
            stops: false,
        }
    }
}

impl Post {
    /// A post of only words.
    pub fn words(text: Text) -> Post {
        Post {
            text,
            ..Post::default()
        }
    }

    /// Makes a turn message into an edit of the current one: same person, no new mention.
    fn make_edit(&mut self) {
        self.edit = true;
        self.new_turn = false;
        self.ping.clear();
    }
}

impl Reply {
    fn ephemeral(text: Text) -> Reply {
        Reply {
            ephemeral: Some(Post::words(text)),
            ..Reply::default()
        }
    }
}

/// Why a command did nothing.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The caller's mistake: the words say what was wrong and what is allowed now (made
    /// text in the reader's language only where the answer is written).
    #[error("{0}")]
    Refused(Text),
    /// Our failure; logged with context, answered with an apology.
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<StoreError> for TableError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::ChannelBusy => TableError::Refused(t!("bot-channel-busy")),
            StoreError::AlreadySeated => TableError::Refused(t!("bot-already-seated")),
            StoreError::VersionConflict => TableError::Refused(t!("bot-version-conflict")),
            StoreError::Duplicate => TableError::Refused(t!("bot-already-done")),
            other => TableError::Internal(other.to_string()),
        }
    }
}

fn refuse<T>(words: Text) -> Result<T, TableError> {
    Err(TableError::Refused(words))
}

/// A game's words at the start of one of the table's sentences: core's refusals and picks
/// are phrases ("you cannot pass now: …"), and a sentence starts with a capital (in the
/// reader's language).
fn sentence_start(words: &Text) -> Arg {
    Arg::Text(Text::sentence(words.clone()))
}

/// Draws views into images. The renderer crate provides the real one; tests may use
/// [`NoImages`].
pub trait Painter: Send + Sync + 'static {
    /// The public picture of a game's public view, its words in `lang`.
    fn public(
        &self,
        game: &str,
        view: &dyn AnyView,
        lang: turnpost_core::words::Lang,
    ) -> Result<Vec<Image>, RenderError>;
    /// The private pictures of a seat's view, their words in `lang`.
    fn private(
        &self,
        game: &str,
        view: &dyn AnyView,
        lang: turnpost_core::words::Lang,
    ) -> Result<Vec<Image>, RenderError>;
    /// A player's rating history as a line chart (points: unix ms, shown rating), its words
    /// in `lang`.
    fn rating_chart(
        &self,
        _title: &str,
        _points: &[(i64, f64)],
        _lang: turnpost_core::words::Lang,
    ) -> Result<Vec<Image>, RenderError> {
        Ok(Vec::new())
    }
    /// Whether this painter draws anything (if not, views are not even built for it).
    fn draws(&self) -> bool {
        true
    }
}

/// A painter that draws nothing (text-only replies).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoImages;

impl Painter for NoImages {
    fn public(
        &self,
        _: &str,
        _: &dyn AnyView,
        _: turnpost_core::words::Lang,
    ) -> Result<Vec<Image>, RenderError> {
        Ok(Vec::new())
    }
    fn private(
        &self,
        _: &str,
        _: &dyn AnyView,
        _: turnpost_core::words::Lang,
    ) -> Result<Vec<Image>, RenderError> {
        Ok(Vec::new())
    }
    fn draws(&self) -> bool {
        false
    }
}

/// A game as held in memory while it is in play.
struct Loaded {
    row: GameRow,
    seats: Vec<SeatRow>,
    /// `None` while in the lobby.
    game: Option<Box<dyn DynGame>>,
    /// Actions since the last one that showed something new, as (seq, seat): what undo may
    /// take back, newest last.
    undoable: Vec<(i64, u8)>,
    /// The log lines of each action in `undoable`: held back from the turn message (and the
    /// log) until the action is final, so undo never takes back what others have seen.
    held: Vec<Vec<turnpost_core::words::Text>>,
    /// The game as the channel last saw it, while `undoable` holds actions (`None` when
    /// every action is final and this is `game`): `/board` and the public view show it, so
    /// an own hand tile placed is seen only once it can no longer be taken back.
    published: Option<Box<dyn DynGame>>,
    /// Game actions since the last snapshot.
    since_snapshot: usize,
    /// A fingerprint of each seat's private items as of now, to notice what changed after
    /// the next action (`None` for a game without secrets).
    private: Vec<Option<u64>>,
    /// The log lines of the turn before the current one (the current turn message shows
    /// them), and of the current person's steps so far (edits of that message add them).
    turn_lines: TurnLines,
}

/// What the current turn message shows: the previous person's turn, then the current
/// person's steps so far.
#[derive(Clone, Debug, Default)]
struct TurnLines {
    previous: Vec<turnpost_core::words::Text>,
    current: Vec<turnpost_core::words::Text>,
}

impl TurnLines {
    /// The lines after a change that adds `lines`: in the same person's turn they join the
    /// current steps; when the decision passes, the whole finished turn becomes `previous`.
    fn after(&self, lines: &[turnpost_core::words::Text], same_turn: bool) -> TurnLines {
        let mut current = self.current.clone();
        current.extend_from_slice(lines);
        if same_turn {
            TurnLines {
                previous: self.previous.clone(),
                current,
            }
        } else {
            TurnLines {
                previous: current,
                current: Vec::new(),
            }
        }
    }

    /// Every line the message shows, oldest first.
    fn shown(&self) -> Vec<Text> {
        self.previous.iter().chain(&self.current).cloned().collect()
    }
}

/// Where new games get their seeds.
#[derive(Debug, Default)]
pub enum Seeds {
    /// 256 bits from the operating system (real games: never guessable).
    #[default]
    Os,
    /// `Seed::from_u64(n)`, `Seed::from_u64(n + 1)`, … (tests: every game reproducible).
    Sequence(AtomicU64),
}

impl Seeds {
    /// A sequence starting at `first`.
    pub fn sequence(first: u64) -> Seeds {
        Seeds::Sequence(AtomicU64::new(first))
    }

    /// The next seed.
    pub fn next(&self) -> Result<Seed, String> {
        match self {
            Seeds::Os => os_seed(),
            Seeds::Sequence(n) => Ok(Seed::from_u64(n.fetch_add(1, Ordering::Relaxed))),
        }
    }
}

/// `turnpost backup FILE`: a consistent copy of the database `database` names, taken while
/// Turnpost serves (the store's [`crate::store::backup`]; front ends reach the store only
/// through the table).
pub async fn backup(
    database: &str,
    to: &std::path::Path,
) -> Result<crate::store::Backup, crate::store::BackupError> {
    crate::store::backup(database, to).await
}

/// A fresh 256-bit seed from the operating system.
pub fn os_seed() -> Result<Seed, String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness from the system: {e}"))?;
    Ok(Seed(bytes))
}

impl Loaded {
    /// The game as it is now, for a turn message (`None` in the lobby).
    fn position(&self) -> Option<turn_message::Position<'_>> {
        Some(turn_message::Position {
            game_id: self.row.game_id,
            guild: self.row.guild_id,
            kind: &self.row.kind,
            version: self.row.version,
            seats: &self.seats,
            game: self.game.as_deref()?,
            undoable: &self.undoable,
            due: None,
        })
    }

    /// The game as the channel last saw it: without the acting player's steps that undo
    /// may still take back (`None` in the lobby).
    fn public_game(&self) -> Option<&dyn DynGame> {
        self.published.as_deref().or(self.game.as_deref())
    }

    /// [`Loaded::position`] as the channel last saw it ([`Loaded::public_game`]), for
    /// `/board`: nothing held back shows, and nothing can be undone from it.
    fn public_position(&self) -> Option<turn_message::Position<'_>> {
        Some(turn_message::Position {
            game: self.public_game()?,
            undoable: &[],
            ..self.position()?
        })
    }
}

/// Settings of the service.
#[derive(Clone, Debug)]
pub struct TableSettings {
    /// Games kept in memory at most (idle ones are dropped first; the store is the truth).
    pub cached_games: usize,
    /// Renders running at once.
    pub concurrent_renders: usize,
    /// Game actions between snapshots (taken only after an action that revealed something,
    /// so undo never needs a state older than a snapshot).
    pub snapshot_every: usize,
    /// Where games created without a fixed seed get theirs.
    pub seeds: Arc<Seeds>,
    /// Whether the posts and DMs that changes cause are written to the outbox with the
    /// change, for a delivery worker (Discord). The terminal shows replies itself and turns
    /// this off.
    pub outbox: bool,
    /// How the outbox worker delivers.
    pub delivery: OutboxSettings,
    /// The time deadlines, vacations, seasons and stored changes go by (tests use a
    /// [`ManualClock`](crate::clock::ManualClock)).
    pub clock: Arc<dyn crate::clock::Clock>,
    /// The search budget of every searching AI seat instead of its level's own (tests use
    /// a small one without a time cap, so AI moves are fast and reproducible).
    pub ai_budget: Option<turnpost_core::ai::Budget>,
}

impl Default for TableSettings {
    fn default() -> Self {
        TableSettings {
            cached_games: 256,
            concurrent_renders: 2,
            snapshot_every: 10,
            seeds: Arc::new(Seeds::Os),
            outbox: true,
            delivery: OutboxSettings::default(),
            clock: crate::clock::system(),
            ai_budget: None,
        }
    }
}

/// The table service.
pub struct Table {
    store: Store,
    painter: Arc<dyn Painter>,
    /// Bounds the renders running at once, so a burst of turns cannot starve the runtime's
    /// blocking pool or the memory.
    renders: Arc<Semaphore>,
    /// Loaded games. A std `Mutex` because it is held only to look up or insert an entry,
    /// never across an await; each game has its own tokio mutex, held across the store's
    /// awaits, so there is exactly one writer per game in this process.
    games: Mutex<HashMap<GameId, Arc<tokio::sync::Mutex<Option<Loaded>>>>>,
    /// Channel → its open game, as last read from the store; trusted only by actions,
    /// whose commit checks the game's version and status in the store anyway (see
    /// `Table::act`). A std `Mutex`: never held across an await.
    channels: Mutex<HashMap<u64, GameId>>,
    settings: TableSettings,
    /// The delivery worker's state; the table wakes it after each commit that queued
    /// something.
    outbox: Arc<Outbox>,
    /// Games whose reminder check failed lately (see `remind.rs`). A std `Mutex`: never
    /// held across an await.
    failing: Mutex<remind::FailingGames>,
    /// Wakes the AI worker ([`Table::run_ai`]) when a commit leaves an AI seat to act.
    ai_wake: tokio::sync::Notify,
    /// AI actions the game refused (a bug; the least change was played instead).
    ai_fallbacks: AtomicU64,
    /// Calls front ends made into the table (see [`Table::calls`]).
    calls: AtomicU64,
    /// The web site's address and caches (issue 32).
    web: web::WebState,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

tokio::task_local! {
    /// Set while the table serves a front end's call (see [`Table::entry`]).
    static INSIDE: ();
}

type Slot = Arc<tokio::sync::Mutex<Option<Loaded>>>;

/// A locked, loaded game (see [`Table::hold`]).
struct Held(tokio::sync::OwnedMutexGuard<Option<Loaded>>);

impl std::ops::Deref for Held {
    type Target = Loaded;
    fn deref(&self) -> &Loaded {
        self.0
            .as_ref()
            .expect("Table::hold loads the game before handing it out")
    }
}

impl std::ops::DerefMut for Held {
    fn deref_mut(&mut self) -> &mut Loaded {
        self.0
            .as_mut()
            .expect("Table::hold loads the game before handing it out")
    }
}

impl Table {
    /// A table over a store, drawing with `painter`.
    pub fn new(store: Store, painter: Arc<dyn Painter>, settings: TableSettings) -> Table {
        // The table's refusals and log lines are the bot's words: every front end reads them.
        crate::install_words();
        let store = store
            .with_clock(settings.clock.clone())
            .with_rating_rule(crate::league::ratings::rate);
        Table {
            outbox: Outbox::new(store.clone(), settings.delivery.clone()),
            store,
            painter,
            renders: Arc::new(Semaphore::new(settings.concurrent_renders.max(1))),
            games: Mutex::new(HashMap::new()),
            channels: Mutex::new(HashMap::new()),
            failing: Mutex::new(HashMap::new()),
            ai_wake: tokio::sync::Notify::new(),
            ai_fallbacks: AtomicU64::new(0),
            calls: AtomicU64::new(0),
            web: web::WebState::default(),
            settings,
        }
    }

    /// A table over the SQLite file at `path` (created and migrated if needed).
    pub async fn open(
        path: &std::path::Path,
        painter: Arc<dyn Painter>,
        settings: TableSettings,
    ) -> Result<Table, String> {
        let store = Store::open(path)
            .await
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        Ok(Table::new(store, painter, settings))
    }

    /// A table on an in-memory database (nothing survives the process).
    pub async fn in_memory(
        painter: Arc<dyn Painter>,
        settings: TableSettings,
    ) -> Result<Table, String> {
        let store = Store::memory()
            .await
            .map_err(|e| format!("cannot open an in-memory database: {e}"))?;
        Ok(Table::new(store, painter, settings))
    }

    /// How many calls front ends have made into the table: one per command, click or
    /// autocomplete (issue 29); calls the table makes into itself are not counted. For tests.
    pub fn calls(&self) -> u64 {
        self.calls.load(Ordering::Relaxed)
    }

    /// Runs `work`, a front end's call into the table, counting it unless the table is
    /// calling itself (an inner call runs inside the outer one's scope).
    async fn entry<F: std::future::Future>(&self, work: F) -> F::Output {
        if INSIDE.try_with(|_| ()).is_ok() {
            return work.await;
        }
        self.calls.fetch_add(1, Ordering::Relaxed);
        INSIDE.scope((), work).await
    }

    /// Deliveries not yet sent (for a front end that waits for them before it stops).
    pub async fn pending_deliveries(&self) -> Result<usize, TableError> {
        Ok(self.store.pending_delivery_count().await? as usize)
    }

    /// The store, for tests and benchmarks; front ends go through the table's own methods
    /// (`bot/tests/architecture.rs` checks the Discord adapter and the terminal's).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The outbox worker of this table's store (run it with a courier to deliver).
    pub fn outbox(&self) -> Arc<Outbox> {
        self.outbox.clone()
    }

    /// The deliveries a reply causes, to write with the change (none when the outbox is
    /// off): its public posts in the channel (with the turn's buttons, or the lobby's),
    /// its private posts by DM.
    fn deliveries(
        &self,
        caller: Option<&Caller>,
        channel: u64,
        reply: &Reply,
        lobby: bool,
    ) -> Vec<NewDelivery> {
        if !self.settings.outbox {
            return Vec::new();
        }
        let tell = caller.and_then(|c| c.followup.clone());
        let images = |post: &Post| {
            post.images
                .iter()
                .map(|i| (i.name.clone(), i.png.clone()))
                .collect()
        };
        // The pictures' words travel in the body, by file name.
        let alts = |post: &Post| {
            post.images
                .iter()
                .map(|i| (i.name.clone(), i.alt.clone()))
                .collect()
        };
        // A new turn message with no turn after it is the game's final message: it offers a
        // rematch, and each player's DM with it is a new one (the result), not an edit.
        let game_over = !lobby && reply.turn.is_none() && reply.public.iter().any(|p| p.new_turn);
        let public = reply.public.iter().map(|post| NewDelivery {
            kind: DeliveryKind::Channel,
            target: channel,
            channel_id: channel,
            body: Message {
                text: post.text.clone(),
                ping: post.ping.clone(),
                turn: reply.turn.clone(),
                lobby,
                tell: tell.clone(),
                edit: post.edit,
                takes_over: post.new_turn || post.stops,
                rematch: game_over && post.new_turn,
                alt: alts(post),
                ..Message::default()
            }
            .to_body(),
            images: images(post),
        });
        let private = reply.private.iter().map(|(user, post)| NewDelivery {
            kind: DeliveryKind::Dm,
            target: *user,
            channel_id: channel,
            body: Message {
                text: post.text.clone(),
                fresh: game_over,
                alt: alts(post),
                ..Message::default()
            }
            .to_body(),
            images: images(post),
        });
        public.chain(private).collect()
    }

    /// Wakes the delivery worker if something was queued.
    fn queued(&self, deliveries: &[NewDelivery]) {
        if !deliveries.is_empty() {
            self.outbox.notify();
        }
    }

    /// Handles one command. User mistakes come back as [`TableError::Refused`]; nothing
    /// changes then.
    pub async fn handle(&self, caller: &Caller, command: Command) -> Result<Reply, TableError> {
        self.entry(self.run(caller, command)).await
    }

    /// [`Table::handle`] without counting a front end's call.
    async fn run(&self, caller: &Caller, command: Command) -> Result<Reply, TableError> {
        // Someone is using the channel: if its posts are held (unreachable), try it now.
        self.outbox.heard_from(caller.channel).await;
        limits::check(&command, &caller.name)?;
        let result = match command {
            Command::Create {
                game,
                options,
                players,
                seats,
                seed,
            } => {
                self.create(caller, &game, options, players, seats, seed)
                    .await
            }
            Command::Join => self.join(caller).await,
            Command::Leave => self.leave(caller).await,
            Command::Start => self.start(caller).await,
            Command::AddAi { level } => self.add_ai(caller, level).await,
            Command::RemoveAi => self.remove_ai(caller).await,
            Command::Rematch { game } => self.rematch(caller, game).await,
            Command::Act { notation, version } => {
                self.act(caller, &Chosen::Notation(notation), version, false)
                    .await
            }
            Command::ActToggled { selected, version } => {
                self.act(caller, &Chosen::Toggled(selected), version, false)
                    .await
            }
            Command::ActAnyway { notation, version } => {
                self.act(caller, &Chosen::Notation(notation), version, true)
                    .await
            }
            Command::Settings { confirm } => self.user_settings(caller, confirm).await,
            Command::Language { language } => self.set_language(caller, language).await,
            Command::ServerLanguage { language } => {
                self.set_server_language(caller, language).await
            }
            Command::Web { switch } => self.web_switch(caller, switch).await,
            Command::Board => self.board(caller).await,
            Command::Help => self.help(caller).await,
            Command::Rules { game, topic } => {
                self.rules(caller, game.as_deref(), topic.as_deref()).await
            }
            Command::Reference { lookup, name } => self.reference(caller, lookup, &name).await,
            Command::Explain => self.explain(caller).await,
            Command::Hand => self.hand(caller).await,
            Command::Log { page } => self.log(caller, page).await,
            Command::Undo { version } => self.undo(caller, version).await,
            Command::Resign => self.resign(caller).await,
            Command::Abandon { confirm } => self.abandon(caller, confirm).await,
            Command::Games => self.games(caller).await,
            Command::MyTurns => self.my_turns(caller).await,
            Command::Remind { hours } => self.remind_every(caller, hours).await,
            Command::Vote { replace } => self.vote(caller, replace).await,
            Command::TakeSeat => self.take_seat(caller).await,
            Command::AiSeat => self.ai_takes_seat(caller).await,
            Command::Vacation { days } => self.vacation(caller, days).await,
            Command::SeasonStart { name } => self.season_start(caller, &name).await,
            Command::SeasonClose => self.season_close(caller).await,
            Command::League {
                deadline,
                on_timeout,
                rated,
                ai_rated,
                vacation_days,
            } => {
                self.league_settings(
                    caller,
                    deadline,
                    on_timeout,
                    (rated, ai_rated),
                    vacation_days,
                )
                .await
            }
            Command::Leaderboard { game, season } => {
                self.leaderboard(caller, game.as_deref(), season.as_deref())
                    .await
            }
            Command::Profile { user, game } => self.profile(caller, user, game.as_deref()).await,
            Command::History => self.history(caller).await,
            Command::Record => self.record(caller).await,
            Command::MyGames => self.my_games(caller).await,
            Command::Quiet {
                start,
                end,
                utc_offset_hours,
            } => self.quiet_hours(caller, start, end, utc_offset_hours).await,
        };
        if let Err(TableError::Internal(e)) = &result {
            tracing::error!(user = caller.user, channel = caller.channel, error = %e, "command failed");
        }
        result
    }

    /// The public pictures, their words in the language of the server's channels.
    async fn paint_public(&self, kind: &str, game: &dyn DynGame, guild: Option<u64>) -> Vec<Image> {
        if !self.painter.draws() {
            return Vec::new();
        }
        let lang = self.server_language(guild, None).await;
        self.paint(kind, game.public_view(), true, lang).await
    }

    /// A seat's private pictures, their words in the language of `reader` (its player).
    async fn paint_private(&self, kind: &str, view: View, reader: UserId) -> Vec<Image> {
        if !self.painter.draws() {
            return Vec::new();
        }
        let lang = self.language_for(reader, None).await;
        self.paint(kind, view, false, lang).await
    }

    /// Renders off the async workers, at most `concurrent_renders` at a time. A failed
    /// render is logged and the post goes out without the picture.
    async fn paint(
        &self,
        kind: &str,
        view: View,
        public: bool,
        lang: turnpost_core::words::Lang,
    ) -> Vec<Image> {
        let Ok(_permit) = self.renders.clone().acquire_owned().await else {
            return Vec::new();
        };
        let painter = self.painter.clone();
        let kind_owned = kind.to_string();
        let result = tokio::task::spawn_blocking(move || {
            if public {
                painter.public(&kind_owned, &*view, lang)
            } else {
                painter.private(&kind_owned, &*view, lang)
            }
        })
        .await;
        match result {
            Ok(Ok(images)) => images,
            Ok(Err(e)) => {
                tracing::error!(game = kind, error = %e, "render failed");
                Vec::new()
            }
            Err(e) => {
                tracing::error!(game = kind, error = %e, "render panicked");
                Vec::new()
            }
        }
    }
}

/// A fingerprint of what each seat holds in secret (`None` for a game without secrets):
/// the table messages a seat whose fingerprint changed outside its own decision.
fn fingerprints(game: &dyn DynGame, seats: usize) -> Vec<Option<u64>> {
    (0..seats as u8)
        .map(|s| game.private_fingerprint(Seat(s)))
        .collect()
}

/// A seat's label for messages: "Anna (Red)".
fn seat_label(loaded: &Loaded, seat: u8) -> Text {
    label(&loaded.seats, loaded.game.as_deref(), seat)
}

/// A seat's label from the seats and the game: "Anna (Red)", "Blue (AI, strong)".
fn label(seats: &[SeatRow], game: Option<&dyn DynGame>, seat: u8) -> Text {
    let row = seats.get(usize::from(seat));
    if let (Some(level), Some(g)) = (row.and_then(|s| ai_level(s.user_id)), game) {
        return t!(
            "bot-seat-ai",
            colour = g.seat_name(Seat(seat)),
            level = Arg::raw(level.name())
        );
    }
    // The name the player goes by on Discord, shown as given.
    let name = row.map_or_else(
        || t!("bot-seat-number", n = seat + 1),
        |s| Text::raw(s.name.clone()),
    );
    match game {
        Some(g) => t!("bot-seat-of", name = name, colour = g.seat_name(Seat(seat))),
        None => name,
    }
}

/// The caller's seat in a loaded game.
fn seat_of(loaded: &Loaded, user: UserId) -> Option<&SeatRow> {
    loaded.seats.iter().find(|s| s.user_id == user)
}
