//! Leagues on the web (issue 32): what the read-only web site ([`crate::web`]) asks the table,
//! and `/league web:` (moderators turn a server's pages on and off and replace their path).
//!
//! The site is one more front end: it reaches the store only through these methods, and
//! only views leave core. Every picture and every page is made from a **public** view: a
//! finished game's steps are rebuilt from its stored log with its seed (given once the game
//! has ended, as `/record` gives it) and only each step's public view and public log lines
//! are kept; a running game shows the board as its channel last saw it (steps undo may
//! still take back are not shown), never a hand, a preview, a stack order or its seed.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, RwLock};

use turnpost_core::Seat;
use turnpost_core::dynamic::View;
use turnpost_core::registry::new_game;
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use super::command::WebSwitch;
use super::league::{guild_of, moderator};
use super::record::effective;
use super::{Caller, Image, Reply, Table, TableError, is_table_entry};
use crate::store::{
    GameId, HistoryGame, ProfileStats, RankedPlayer, Season, Status, UserId, WebPage,
};

/// Replays kept in memory (each holds one public view per step).
pub const REPLAYS_CACHED: usize = 32;
/// Sets of pictures kept in memory (one set per replay step or running board and language:
/// the glance and the board, about 100-300 KB a set).
pub const PICTURES_CACHED: usize = 256;
/// Characters of a path token: 128 random bits as 32 lowercase hex digits.
pub const TOKEN_LENGTH: usize = 32;
/// Players on a web leaderboard.
pub const WEB_LEADERBOARD_SIZE: usize = 100;
/// Finished games on one page of the list.
pub const GAMES_PER_PAGE: usize = 25;

/// Whether `token` could be a path token at all (length and characters), so a wrong one
/// is refused before the store is asked.
pub fn token_shape(token: &str) -> bool {
    token.len() == TOKEN_LENGTH
        && token
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A new path token: 128 bits from the operating system.
fn new_token() -> Result<String, TableError> {
    let mut bytes = [0u8; TOKEN_LENGTH / 2];
    getrandom::fill(&mut bytes)
        .map_err(|e| TableError::Internal(format!("no randomness from the system: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A small map that forgets the entry used longest ago when full.
#[derive(Debug)]
struct Lru<K, V> {
    capacity: usize,
    tick: u64,
    entries: HashMap<K, (V, u64)>,
}

impl<K: Eq + Hash + Clone, V: Clone> Lru<K, V> {
    fn new(capacity: usize) -> Self {
        Lru {
            capacity: capacity.max(1),
            tick: 0,
            entries: HashMap::new(),
        }
    }

    fn get(&mut self, key: &K) -> Option<V> {
        self.tick += 1;
        let tick = self.tick;
        self.entries.get_mut(key).map(|(v, used)| {
            *used = tick;
            v.clone()
        })
    }

    fn put(&mut self, key: K, value: V) {
        self.tick += 1;
        if !self.entries.contains_key(&key) && self.entries.len() >= self.capacity {
            let oldest = self
                .entries
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                self.entries.remove(&k);
            }
        }
        self.entries.insert(key, (value, self.tick));
    }

    fn len(&self) -> usize {
        self.entries.len()
    }
}

/// Which picture of a game: a replay's step, or a running game's board at a version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Moment {
    /// After this many game actions of a finished game (0: the start).
    Step(usize),
    /// A running game's board at this version.
    Now(i64),
}

type PictureKey = (GameId, Moment, Lang);

/// The site's state in the table: its public address and what it keeps in memory.
#[derive(Debug)]
pub(super) struct WebState {
    base: RwLock<Option<String>>,
    /// By server and game: a finished game's server never changes, so a hit needs no read.
    replays: Mutex<Lru<(u64, GameId), Arc<WebReplay>>>,
    pictures: Mutex<Lru<PictureKey, Arc<Vec<Image>>>>,
}

impl Default for WebState {
    fn default() -> Self {
        WebState {
            base: RwLock::new(None),
            replays: Mutex::new(Lru::new(REPLAYS_CACHED)),
            pictures: Mutex::new(Lru::new(PICTURES_CACHED)),
        }
    }
}

/// A server's leaderboard for the site.
#[derive(Clone, Debug)]
pub struct WebBoard {
    /// The game (`pandoria`).
    pub kind: String,
    /// The season shown (`None`: all-time).
    pub season: Option<Season>,
    /// Every season of the server, newest first.
    pub seasons: Vec<Season>,
    /// The players, best first.
    pub players: Vec<RankedPlayer>,
}

/// A player's profile for the site.
#[derive(Clone, Debug)]
pub struct WebProfile {
    /// Their name as they last sat down.
    pub name: String,
    /// Per game: games, wins, average score, rating.
    pub stats: Vec<ProfileStats>,
    /// Per game: the all-time rating after each rated game (unix ms, shown rating).
    pub ratings: Vec<(String, Vec<(i64, f64)>)>,
}

/// One step of a finished game's replay.
#[derive(Clone, Debug)]
pub struct WebStep {
    /// The public view after the step.
    pub view: View,
    /// The step's public log lines (empty for the start).
    pub log: Vec<Text>,
}

/// A finished game's replay: its public views step by step.
#[derive(Clone, Debug)]
pub struct WebReplay {
    /// The game.
    pub game_id: GameId,
    /// Which game (`pandoria`).
    pub kind: String,
    /// The players' names, in seat order.
    pub seats: Vec<String>,
    /// The start, then one step per game action that stands.
    pub steps: Vec<WebStep>,
    /// Final scores per seat, when the game ended by its rules.
    pub scores: Option<Vec<i32>>,
}

/// A running game's board as its channel last saw it.
#[derive(Clone, Debug)]
pub struct WebRunning {
    /// Which game.
    pub kind: String,
    /// The game's version (changes with every stored action).
    pub version: i64,
    /// The players' names, in seat order.
    pub seats: Vec<String>,
    /// Who must act, and on what.
    pub to_act: Option<Text>,
    /// The public view.
    pub view: View,
}

/// A page of a server's finished games, and its running ones.
#[derive(Clone, Debug)]
pub struct WebGames {
    /// This page's finished games, newest first.
    pub finished: Vec<HistoryGame>,
    /// How many finished games there are in all.
    pub total: i64,
    /// The games being played: (game, kind).
    pub running: Vec<(GameId, String)>,
}

impl Table {
    /// Where the site is reached from outside (`TURNPOST_WEB_URL`), for the links the bot
    /// prints; `None`: links are not printed.
    pub fn set_web_base(&self, base: Option<String>) {
        let base = base.map(|b| b.trim().trim_end_matches('/').to_string());
        *self.web.base.write().unwrap_or_else(|p| p.into_inner()) = base.filter(|b| !b.is_empty());
    }

    fn web_base(&self) -> Option<String> {
        self.web
            .base
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// The link to a server's pages, when they are on and the site has an address.
    pub async fn web_link(&self, guild: Option<u64>) -> Option<String> {
        let base = self.web_base()?;
        let page = self.store.web_page(guild?).await.ok()??;
        page.enabled.then(|| format!("{base}/s/{}/", page.token))
    }

    /// [`Table::web_link`] as a line under an answer ("On the web: <link>").
    pub(super) async fn web_line(&self, guild: Option<u64>, path: &str) -> Option<Text> {
        let link = self.web_link(guild).await?;
        Some(t!("bot-web-see", link = Arg::raw(format!("{link}{path}"))))
    }

    /// `/league web:on|off|rotate` (moderators).
    pub(super) async fn web_switch(
        &self,
        caller: &Caller,
        switch: WebSwitch,
    ) -> Result<Reply, TableError> {
        let guild = guild_of(caller, "league-settings")?;
        moderator(caller, "league-settings")?;
        let old = self.store.web_page(guild).await?;
        let page = match (switch, old) {
            (WebSwitch::Off, None) => return Ok(Reply::ephemeral(t!("bot-web-off"))),
            (WebSwitch::Off, Some(p)) => WebPage {
                enabled: false,
                ..p
            },
            (WebSwitch::On, Some(p)) => WebPage { enabled: true, ..p },
            (WebSwitch::On | WebSwitch::Rotate, _) => WebPage {
                token: new_token()?,
                enabled: true,
            },
        };
        self.store.set_web_page(guild, &page).await?;
        if !page.enabled {
            return Ok(Reply::ephemeral(t!("bot-web-off")));
        }
        let path = format!("/s/{}/", page.token);
        let words = match self.web_base() {
            Some(base) => t!(
                "bot-web-on",
                rotated = i64::from(switch == WebSwitch::Rotate),
                link = Arg::raw(format!("{base}{path}"))
            ),
            None => t!(
                "bot-web-on-no-address",
                rotated = i64::from(switch == WebSwitch::Rotate),
                path = Arg::raw(path)
            ),
        };
        Ok(Reply::ephemeral(words))
    }

    /// The server whose pages are on under `token`, and the language its pages read in.
    pub async fn web_server(&self, token: &str) -> Result<Option<(u64, Lang)>, TableError> {
        if !token_shape(token) {
            return Ok(None);
        }
        let Some(guild) = self.store.web_guild(token).await? else {
            return Ok(None);
        };
        Ok(Some((guild, self.server_language(Some(guild), None).await)))
    }

    /// A server's leaderboard in `kind` (`None`: the first game), for a season (`None`:
    /// the open one, else all-time; `Some(0)`: all-time). `Ok(None)`: no such game or season.
    pub async fn web_leaderboard(
        &self,
        guild: u64,
        kind: Option<&str>,
        season: Option<i64>,
    ) -> Result<Option<WebBoard>, TableError> {
        let kind = match kind {
            Some(k) => match turnpost_core::registry::find(k) {
                Ok(info) => info.name.to_string(),
                Err(_) => return Ok(None),
            },
            None => turnpost_core::registry::games()
                .first()
                .map(|g| g.name.to_string())
                .unwrap_or_default(),
        };
        let seasons = {
            let mut s = self.store.seasons(guild).await?;
            s.sort_by_key(|s| std::cmp::Reverse(s.started_at));
            s
        };
        let season = match season {
            Some(0) => None,
            Some(id) => match seasons.iter().find(|s| s.season_id == id) {
                Some(s) => Some(s.clone()),
                None => return Ok(None),
            },
            None => seasons.iter().find(|s| s.closed_at.is_none()).cloned(),
        };
        let players = self
            .store
            .leaderboard(
                guild,
                &kind,
                season.as_ref().map(|s| s.season_id),
                WEB_LEADERBOARD_SIZE,
            )
            .await?;
        Ok(Some(WebBoard {
            kind,
            season,
            seasons,
            players,
        }))
    }

    /// A player's profile on a server (`None`: they played no game there).
    pub async fn web_profile(
        &self,
        guild: u64,
        user: UserId,
    ) -> Result<Option<WebProfile>, TableError> {
        let stats = self.store.profile(guild, user).await?;
        if stats.is_empty() {
            return Ok(None);
        }
        let name = self
            .store
            .player_name(guild, user)
            .await?
            .unwrap_or_else(|| "?".into());
        let mut ratings = Vec::new();
        for s in &stats {
            let history = self.store.rating_history(guild, &s.kind, user).await?;
            ratings.push((
                s.kind.clone(),
                history
                    .iter()
                    .map(|(at, r)| (*at, r.shown() as f64))
                    .collect(),
            ));
        }
        Ok(Some(WebProfile {
            name,
            stats,
            ratings,
        }))
    }

    /// Page `page` (from 1) of a server's finished games, and its running games.
    pub async fn web_games(&self, guild: u64, page: usize) -> Result<WebGames, TableError> {
        let skip = page.saturating_sub(1).saturating_mul(GAMES_PER_PAGE);
        let finished = self.store.history_from(guild, skip, GAMES_PER_PAGE).await?;
        let total = self.store.finished_count(guild).await?;
        let running = self
            .store
            .open_games_in_guild(guild)
            .await?
            .into_iter()
            .filter(|g| g.status == Status::Active)
            .rev()
            .map(|g| (g.game_id, g.kind))
            .collect();
        Ok(WebGames {
            finished,
            total,
            running,
        })
    }

    /// A finished game of the server, step by step (`None`: no finished game of this
    /// server has that id). Rebuilt from the stored log once, then kept (a bounded cache).
    pub async fn web_replay(
        &self,
        guild: u64,
        game_id: GameId,
    ) -> Result<Option<Arc<WebReplay>>, TableError> {
        let cached = self
            .web
            .replays
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&(guild, game_id));
        if cached.is_some() {
            return Ok(cached);
        }
        let Some(row) = self.store.game(game_id).await? else {
            return Ok(None);
        };
        if row.guild_id != Some(guild) || row.status != Status::Finished {
            return Ok(None);
        }
        let record = self.stored_record(&row).await?;
        let replay = replay_steps(&record).map_err(TableError::Internal)?;
        let replay = Arc::new(WebReplay {
            game_id,
            kind: row.kind.clone(),
            seats: record.seats.iter().map(|s| s.name.clone()).collect(),
            ..replay
        });
        self.web
            .replays
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .put((guild, game_id), replay.clone());
        Ok(Some(replay))
    }

    /// A running game of the server as its channel last saw it (`None`: no running game
    /// of this server has that id).
    pub async fn web_running(
        &self,
        guild: u64,
        game_id: GameId,
    ) -> Result<Option<WebRunning>, TableError> {
        let Some(row) = self.store.game(game_id).await? else {
            return Ok(None);
        };
        if row.guild_id != Some(guild) || row.status != Status::Active {
            return Ok(None);
        }
        let held = self.hold(game_id).await?;
        let Some(game) = held.public_game() else {
            return Ok(None);
        };
        let to_act = game.decision().map(|d| {
            let name = held
                .seats
                .get(usize::from(d.seat.0))
                .map_or_else(String::new, |s| s.name.clone());
            t!(
                "bot-web-to-act",
                name = Arg::raw(name),
                seat = game.seat_name(d.seat),
                prompt = d.prompt
            )
        });
        Ok(Some(WebRunning {
            kind: held.row.kind.clone(),
            version: held.row.version,
            seats: held.seats.iter().map(|s| s.name.clone()).collect(),
            to_act,
            view: game.public_view(),
        }))
    }

    /// A running game's version, for the board page's refresh (`None`: not a running game
    /// of this server).
    pub async fn web_version(
        &self,
        guild: u64,
        game_id: GameId,
    ) -> Result<Option<i64>, TableError> {
        Ok(self
            .store
            .game(game_id)
            .await?
            .filter(|row| row.guild_id == Some(guild) && row.status == Status::Active)
            .map(|row| row.version))
    }

    /// The public pictures of `view` (a game's `moment`) in `lang`, drawn once and then
    /// kept (a bounded cache).
    pub async fn web_pictures(
        &self,
        game_id: GameId,
        moment: Moment,
        kind: &str,
        view: View,
        lang: Lang,
    ) -> Result<Arc<Vec<Image>>, TableError> {
        let key = (game_id, moment, lang);
        let cached = self
            .web
            .pictures
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key);
        if let Some(images) = cached {
            return Ok(images);
        }
        let _permit = self
            .renders
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| TableError::Internal(e.to_string()))?;
        let painter = self.painter.clone();
        let kind = kind.to_string();
        let images = tokio::task::spawn_blocking(move || painter.public(&kind, &*view, lang))
            .await
            .map_err(|e| TableError::Internal(format!("a web picture panicked: {e}")))?
            .map_err(|e| TableError::Internal(format!("a web picture failed: {e}")))?;
        let images = Arc::new(images);
        self.web
            .pictures
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .put(key, images.clone());
        Ok(images)
    }

    /// Pictures held by the site's cache now (for tests and the bench).
    pub fn web_pictures_cached(&self) -> usize {
        self.web
            .pictures
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .len()
    }
}

/// A finished game's record played from its seed, keeping each step's public view and
/// public log lines only.
fn replay_steps(record: &super::record::Record) -> Result<WebReplay, String> {
    let seed = record
        .seed
        .as_deref()
        .and_then(turnpost_core::Seed::parse)
        .ok_or("a finished game without its seed")?;
    let mut game = new_game(&record.game, &record.options, record.seats.len(), seed)
        .map_err(|e| e.to_string())?;
    let mut steps = vec![WebStep {
        view: game.public_view(),
        log: Vec::new(),
    }];
    for a in effective(record)? {
        if is_table_entry(&a.notation) {
            continue;
        }
        let played = game
            .play(Seat(a.seat), &a.notation)
            .map_err(|e| format!("action {} does not replay: {e}", a.seq))?;
        steps.push(WebStep {
            view: game.public_view(),
            log: played.log,
        });
    }
    Ok(WebReplay {
        game_id: 0,
        kind: record.game.clone(),
        seats: Vec::new(),
        steps,
        scores: game.outcome().map(|o| o.scores),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_forgets_the_entry_used_longest_ago() {
        let mut lru = Lru::new(2);
        lru.put(1, "a");
        lru.put(2, "b");
        assert_eq!(lru.get(&1), Some("a"));
        lru.put(3, "c");
        assert_eq!(lru.get(&2), None);
        assert_eq!(lru.get(&1), Some("a"));
        assert_eq!(lru.get(&3), Some("c"));
        assert_eq!(lru.len(), 2);
    }

    #[test]
    fn tokens_are_128_random_bits_in_hex() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert!(token_shape(&a) && token_shape(&b), "{a} {b}");
        assert_ne!(a, b);
        assert!(!token_shape(&a[1..]));
        assert!(!token_shape(&a.to_uppercase()));
        assert!(!token_shape(&format!("{}/", &a[1..])));
    }
}
