//! The league commands: vacations, seasons, the server's defaults, leaderboards, profiles,
//! history, game records and a player's games on every server.

use turnpost_core::registry;
use turnpost_core::t;
use turnpost_core::words::Arg;

use super::lobby::{describe_terms, info, not_a_deadline, not_a_policy, parse_deadline};
use super::record::{FORMAT, Record, RecordSeat, RecordedAction};
use super::{Caller, Image, Post, Reply, Table, TableError, refuse};
use crate::ids::UserId;
use crate::league::Policy;
use crate::store::{Status, state_hash};

/// Players on a leaderboard.
pub const LEADERBOARD_SIZE: usize = 20;
/// Games listed by `/history`.
pub const HISTORY_SIZE: usize = 10;

/// The caller's server; `what` (a key of `bot-server-only`: `seasons`, `profiles`) belongs
/// to one.
fn guild_of(caller: &Caller, what: &'static str) -> Result<u64, TableError> {
    caller
        .guild
        .ok_or_else(|| TableError::Refused(t!("bot-server-only", what = Arg::raw(what))))
}

/// Whether the caller may do `what` (a key of `bot-moderators-only`: `season-start`).
fn moderator(caller: &Caller, what: &'static str) -> Result<(), TableError> {
    if caller.moderator {
        Ok(())
    } else {
        refuse(t!("bot-moderators-only", what = Arg::raw(what)))
    }
}

/// "1st", "2nd", "3rd", "4th".
fn ordinal(rank: u8) -> String {
    let suffix = match rank {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{rank}{suffix}")
}

/// A game's title from its name.
fn title(kind: &str) -> String {
    registry::find(kind).map_or_else(|_| kind.to_string(), |g| g.title.to_string())
}

impl Table {
    pub(super) async fn vacation(&self, caller: &Caller, days: u32) -> Result<Reply, TableError> {
        // `limits::check` has kept `days` within 1..=LONGEST_VACATION.
        let guild = guild_of(caller, "vacations")?;
        let (_, allowance) = self.store.guild_terms(guild).await?;
        let season = self.store.open_season(guild).await?;
        let season_id = season.as_ref().map(|s| s.season_id);
        let used = self
            .store
            .vacation_days_used(caller.user, guild, season_id)
            .await?;
        let left = i64::from(allowance) - used;
        let span = if season.is_some() {
            t!("bot-this-season")
        } else {
            t!("bot-outside-seasons")
        };
        if i64::from(days) > left {
            return refuse(t!(
                "bot-vacation-too-long",
                left = left.max(0),
                span = span.clone(),
                allowance = allowance
            ));
        }
        let ends = self
            .store
            .start_vacation(caller.user, guild, season_id, days)
            .await?;
        Ok(Reply::ephemeral(format!(
            "🏖️ Vacation until <t:{}:f>: the deadlines of your turns in every game wait until then, and turn messages say you are away. {} of {allowance} days left {span}.",
            ends / 1000,
            left - i64::from(days)
        )))
    }

    pub(super) async fn season_start(
        &self,
        caller: &Caller,
        name: &str,
    ) -> Result<Reply, TableError> {
        let guild = guild_of(caller, "seasons")?;
        moderator(caller, "season-start")?;
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 60 {
            return refuse(t!("bot-season-name-length"));
        }
        if let Some(open) = self.store.open_season(guild).await? {
            // The season's name as the moderator gave it.
            return refuse(t!("bot-season-running", name = Arg::raw(open.name)));
        }
        if self.store.start_season(guild, name).await?.is_none() {
            return refuse(t!("bot-season-just-started"));
        }
        self.announce(caller, format!(
            "🏁 Season \"{name}\" begins. Rated games finished from now count on its leaderboard (everyone starts fresh there); the all-time leaderboard goes on."
        ))
        .await
    }

    pub(super) async fn season_close(&self, caller: &Caller) -> Result<Reply, TableError> {
        let guild = guild_of(caller, "seasons")?;
        moderator(caller, "season-close")?;
        let Some(season) = self.store.close_season(guild).await? else {
            return refuse(t!("bot-no-season"));
        };
        let mut text = format!("🏆 Season \"{}\" is over.", season.name);
        for info in registry::games() {
            let top = self
                .store
                .leaderboard(guild, info.name, Some(season.season_id), 3)
                .await?;
            if top.is_empty() {
                continue;
            }
            let names: Vec<String> = top
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{}. {} ({})", i + 1, p.name, p.rating.shown()))
                .collect();
            text.push_str(&format!("\n{}: {}", info.title, names.join(", ")));
        }
        if !text.contains('\n') {
            text.push_str(" No rated game finished in it.");
        }
        self.announce(caller, text).await
    }

    pub(super) async fn league_settings(
        &self,
        caller: &Caller,
        deadline: Option<String>,
        on_timeout: Option<String>,
        (rated, ai_rated): (Option<bool>, Option<bool>),
        vacation_days: Option<u32>,
    ) -> Result<Reply, TableError> {
        let guild = guild_of(caller, "league-settings")?;
        let (mut terms, mut days) = self.store.guild_terms(guild).await?;
        let changing = deadline.is_some()
            || on_timeout.is_some()
            || rated.is_some()
            || ai_rated.is_some()
            || vacation_days.is_some();
        if changing {
            moderator(caller, "league-settings")?;
            if let Some(d) = deadline {
                terms.deadline_hours = parse_deadline(&d).ok_or_else(|| not_a_deadline(&d))?;
            }
            if let Some(p) = on_timeout {
                terms.policy = Policy::from_word(&p).ok_or_else(|| not_a_policy(&p))?;
            }
            if let Some(r) = rated {
                terms.rated = r;
            }
            // `limits::check` has kept it within SEASON_VACATION_DAYS.
            if let Some(v) = vacation_days {
                days = v;
            }
            self.store.set_guild_terms(guild, terms, days).await?;
            if let Some(r) = ai_rated {
                self.store.set_guild_ai_rated(guild, r).await?;
            }
        }
        let season = match self.store.open_season(guild).await? {
            Some(s) => format!("season \"{}\" running", s.name),
            None => "no season running".into(),
        };
        let ai = if self.store.guild_ai_rated(guild).await? {
            "games with AI seats may be rated"
        } else {
            "games with AI seats are unrated"
        };
        Ok(Reply::ephemeral(format!(
            "{}New games here: {}; {ai}. Vacation: {days} days per season per player; {season}. /new can choose other terms per game (deadline, on_timeout, rated).",
            if changing { "Saved. " } else { "" },
            describe_terms(terms)
        )))
    }

    pub(super) async fn leaderboard(
        &self,
        caller: &Caller,
        game: Option<&str>,
        season: Option<&str>,
    ) -> Result<Reply, TableError> {
        let guild = guild_of(caller, "leaderboards")?;
        let kind = match game {
            Some(g) => info(g.trim())?.name.to_string(),
            None => match self.store.latest_game_in(caller.channel).await? {
                Some(row) => row.kind,
                None => registry::games()
                    .first()
                    .map(|g| g.name.to_string())
                    .unwrap_or_default(),
            },
        };
        let (scope, scope_name) = match season.map(str::trim) {
            Some("all" | "all-time" | "alltime") => (None, "all-time".to_string()),
            Some(name) => {
                let found = self
                    .store
                    .seasons(guild)
                    .await?
                    .into_iter()
                    .find(|s| s.name.eq_ignore_ascii_case(name));
                match found {
                    Some(s) => (Some(s.season_id), format!("season \"{}\"", s.name)),
                    None => {
                        return refuse(t!("bot-no-such-season", name = Arg::raw(name)));
                    }
                }
            }
            None => match self.store.open_season(guild).await? {
                Some(s) => (Some(s.season_id), format!("season \"{}\"", s.name)),
                None => (None, "all-time".to_string()),
            },
        };
        let top = self
            .store
            .leaderboard(guild, &kind, scope, LEADERBOARD_SIZE)
            .await?;
        let mut text = format!("**{} leaderboard, {scope_name}**", title(&kind));
        if top.is_empty() {
            text.push_str("\nNo rated game has finished yet.");
        }
        for (i, p) in top.iter().enumerate() {
            text.push_str(&format!(
                "\n{}. {} — rating {} · {} games · {} wins",
                i + 1,
                p.name,
                p.rating.shown(),
                p.games,
                p.wins
            ));
        }
        Ok(Reply::ephemeral(text))
    }

    pub(super) async fn profile(
        &self,
        caller: &Caller,
        user: Option<(UserId, String)>,
        game: Option<&str>,
    ) -> Result<Reply, TableError> {
        let guild = guild_of(caller, "profiles")?;
        let (user, name) = user.unwrap_or((caller.user, caller.name.clone()));
        let stats = self.store.profile(guild, user).await?;
        if stats.is_empty() {
            return Ok(Reply::ephemeral(format!(
                "{name} has not finished a game on this server yet."
            )));
        }
        let mut text = format!("**{name}**");
        for s in &stats {
            text.push_str(&format!(
                "\n{}: {} games, {} wins",
                title(&s.kind),
                s.games,
                s.wins
            ));
            if let Some(avg) = s.average_score {
                text.push_str(&format!(", average score {avg:.1}"));
            }
            if let Some(r) = s.rating {
                text.push_str(&format!(", rating {}", r.shown()));
            }
        }
        let kind = match game {
            Some(g) => info(g.trim())?.name.to_string(),
            None => stats
                .iter()
                .max_by_key(|s| s.games)
                .map(|s| s.kind.clone())
                .unwrap_or_default(),
        };
        let history = self.store.rating_history(guild, &kind, user).await?;
        let points: Vec<(i64, f64)> = history
            .iter()
            .map(|(at, r)| (*at, r.shown() as f64))
            .collect();
        let chart_title = format!("{name} — {} rating", title(&kind));
        let images = self.chart(&chart_title, points).await;
        Ok(Reply {
            ephemeral: Some(Post {
                text,
                images,
                ..Post::default()
            }),
            ..Reply::default()
        })
    }

    /// The rating chart, drawn off the async workers.
    async fn chart(&self, title: &str, points: Vec<(i64, f64)>) -> Vec<Image> {
        if !self.painter.draws() {
            return Vec::new();
        }
        let painter = self.painter.clone();
        let title = title.to_string();
        match tokio::task::spawn_blocking(move || painter.rating_chart(&title, &points)).await {
            Ok(Ok(images)) => images,
            Ok(Err(e)) => {
                tracing::error!(error = %e, "rating chart failed");
                Vec::new()
            }
            Err(e) => {
                tracing::error!(error = %e, "rating chart panicked");
                Vec::new()
            }
        }
    }

    pub(super) async fn history(&self, caller: &Caller) -> Result<Reply, TableError> {
        let guild = guild_of(caller, "game-histories")?;
        let games = self.store.history(guild, HISTORY_SIZE).await?;
        if games.is_empty() {
            return Ok(Reply::ephemeral(crate::english(&t!(
                "bot-no-finished-games"
            ))));
        }
        let mut text = String::from("**Finished games, newest first**");
        for g in &games {
            let results: Vec<String> = g
                .results
                .iter()
                .map(|(name, score, rank, resigned)| {
                    let mut s = format!("{} {name}", ordinal(*rank));
                    if let Some(score) = score {
                        s.push_str(&format!(" {score}"));
                    }
                    if *resigned {
                        s.push_str(" (resigned)");
                    }
                    s
                })
                .collect();
            let link = match g.turn_message_id {
                Some(m) => format!(
                    " — [last message](https://discord.com/channels/{guild}/{}/{m})",
                    g.channel_id
                ),
                None => String::new(),
            };
            text.push_str(&format!(
                "\n<t:{}:d> {} in <#{}>{}: {}{link}",
                g.finished_at / 1000,
                title(&g.kind),
                g.channel_id,
                if g.rated { ", rated" } else { "" },
                results.join(", ")
            ));
        }
        Ok(Reply::ephemeral(text))
    }

    /// The record of the channel's game: every stored action; the seed and the final
    /// state's check value only once it has ended.
    pub(super) async fn record(&self, caller: &Caller) -> Result<Reply, TableError> {
        let Some(row) = self.store.latest_game_in(caller.channel).await? else {
            return refuse(t!("bot-record-no-game"));
        };
        if row.status == Status::Lobby {
            return refuse(t!("bot-record-not-started"));
        }
        let ended = matches!(row.status, Status::Finished | Status::Abandoned);
        let seats = self.store.seats(row.game_id).await?;
        let actions = self.store.record_actions(row.game_id).await?;
        let mut record = Record {
            format: FORMAT.into(),
            game: row.kind.clone(),
            options: row.options.clone(),
            seats: seats
                .iter()
                .map(|s| RecordSeat {
                    seat: s.seat,
                    name: s.name.clone(),
                    user: s.user_id,
                    resigned: s.resigned,
                })
                .collect(),
            status: row.status.as_str().into(),
            seed: ended.then(|| row.seed.to_hex()),
            actions: actions
                .into_iter()
                .map(|a| RecordedAction {
                    seq: a.seq,
                    seat: a.seat,
                    notation: a.notation,
                    at: a.at,
                })
                .collect(),
            final_state: None,
            scores: None,
        };
        if ended {
            // The state as the table loads it (from its latest snapshot and the actions
            // after it): `turnpost replay` rebuilds it from the seed alone and compares.
            let held = self.hold(row.game_id).await?;
            if let Some(game) = &held.game {
                record.final_state = Some(state_hash(&game.save().to_string()));
                record.scores = game.outcome().map(|o| o.scores);
            }
            drop(held);
            self.forget(row.game_id);
        }
        let json = serde_json::to_string_pretty(&record)
            .map_err(|e| TableError::Internal(e.to_string()))?;
        let text = if ended {
            format!(
                "The record of this {} game: {} actions, with the seed. `turnpost replay` reproduces it.",
                title(&row.kind),
                record.actions.len()
            )
        } else {
            format!(
                "The record of this {} game so far: {} actions. The seed comes with the record once the game has ended.",
                title(&row.kind),
                record.actions.len()
            )
        };
        Ok(Reply {
            ephemeral: Some(Post {
                text,
                images: vec![Image {
                    name: format!("{}-game-{}.json", row.kind, row.game_id),
                    png: json.into_bytes(),
                    alt: "The game's record as JSON (options, seats and every action in notation)."
                        .into(),
                }],
                ..Post::default()
            }),
            ..Reply::default()
        })
    }

    /// The caller's running games on every server: where, whose turn, and the deadline.
    pub(super) async fn my_games(&self, caller: &Caller) -> Result<Reply, TableError> {
        let rows = self.store.active_games_of(caller.user).await?;
        if rows.is_empty() {
            return Ok(Reply::ephemeral(
                "You are not playing in any game. /new opens a table.",
            ));
        }
        let now = self.store.now();
        let mut mine = Vec::new();
        let mut others = Vec::new();
        let mut games = Vec::new();
        for row in &rows {
            let summary = self.summary(row).await?;
            let deadline = self.store.deadline(row.game_id).await?;
            let yours = self
                .turn_of(row.game_id)
                .await?
                .is_some_and(|(user, _)| user == caller.user);
            let mut line = format!(
                "<#{}> {} — {}",
                row.channel_id,
                title(&row.kind),
                match &summary.to_act {
                    Some(_) if yours => "**your turn**".to_string(),
                    Some(t) => format!("{t} to play"),
                    None => "nobody to act".to_string(),
                }
            );
            if let Some(d) = deadline {
                if d.due_at > now {
                    line.push_str(&format!(", deadline <t:{}:R>", d.due_at / 1000));
                } else {
                    line.push_str(", deadline passed");
                }
            }
            if yours {
                mine.push(line);
            } else {
                others.push(line);
            }
            games.push(summary);
        }
        let mut text = format!("**Your games** ({})", rows.len());
        for line in mine.iter().chain(&others) {
            text.push('\n');
            text.push_str(line);
        }
        if let Some(until) = self.store.vacation_until(caller.user, now).await? {
            text.push_str(&format!("\n🏖️ On vacation until <t:{}:f>.", until / 1000));
        }
        let mut reply = Reply::ephemeral(text);
        reply.games = games;
        Ok(reply)
    }
}

impl Table {
    /// Posts `text` in the caller's channel (through the outbox), and tells the caller.
    async fn announce(&self, caller: &Caller, text: String) -> Result<Reply, TableError> {
        let mut reply = Reply {
            public: vec![Post {
                text: text.clone(),
                ..Post::default()
            }],
            ..Reply::default()
        };
        let deliveries = self.deliveries(Some(caller), caller.channel, &reply, false);
        self.store.queue(&deliveries).await?;
        self.queued(&deliveries);
        reply.ephemeral = Some(Post {
            text,
            ..Post::default()
        });
        Ok(reply)
    }
}
