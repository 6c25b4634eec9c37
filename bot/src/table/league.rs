//! The league commands: vacations, seasons, the server's defaults, leaderboards, profiles,
//! history, game records and a player's games on every server.

use turnpost_core::registry;
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use super::lobby::{describe_terms, info, not_a_deadline, not_a_policy, parse_deadline};
use super::record::{FORMAT, Record, RecordSeat, RecordedAction};
use super::reference::comma_list;
use super::{Caller, Image, Post, Reply, Table, TableError, refuse};
use crate::ids::UserId;
use crate::league::Policy;
use crate::store::{GameRow, Status, state_hash};

/// Players on a leaderboard.
pub const LEADERBOARD_SIZE: usize = 20;
/// Games listed by `/history`.
pub const HISTORY_SIZE: usize = 10;

/// The caller's server; `what` (a key of `bot-server-only`: `seasons`, `profiles`) belongs
/// to one.
pub(super) fn guild_of(caller: &Caller, what: &'static str) -> Result<u64, TableError> {
    caller
        .guild
        .ok_or_else(|| TableError::Refused(t!("bot-server-only", what = Arg::raw(what))))
}

/// Whether the caller may do `what` (a key of `bot-moderators-only`: `season-start`).
pub(super) fn moderator(caller: &Caller, what: &'static str) -> Result<(), TableError> {
    if caller.moderator {
        Ok(())
    } else {
        refuse(t!("bot-moderators-only", what = Arg::raw(what)))
    }
}

/// A game's title from its name (a proper name, the same in every language).
fn game_title(kind: &str) -> String {
    registry::find(kind).map_or_else(|_| kind.to_string(), |g| g.title.to_string())
}

/// [`game_title`] as a message's argument.
fn title(kind: &str) -> Arg {
    Arg::raw(game_title(kind))
}

/// A Discord time stamp or link, a channel's mention: Discord's markup, the same in every
/// language.
fn markup(text: String) -> Arg {
    Arg::raw(text)
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
        Ok(Reply::ephemeral(t!(
            "bot-vacation",
            until = markup(format!("<t:{}:f>", ends / 1000)),
            left = left - i64::from(days),
            allowance = allowance,
            span = span
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
        // The season's name as the moderator gave it.
        self.announce(caller, t!("bot-season-begins", name = Arg::raw(name)))
            .await
    }

    pub(super) async fn season_close(&self, caller: &Caller) -> Result<Reply, TableError> {
        let guild = guild_of(caller, "seasons")?;
        moderator(caller, "season-close")?;
        let Some(season) = self.store.close_season(guild).await? else {
            return refuse(t!("bot-no-season"));
        };
        let mut lines = vec![t!("bot-season-over", name = Arg::raw(season.name.as_str()))];
        for info in registry::games() {
            let top = self
                .store
                .leaderboard(guild, info.name, Some(season.season_id), 3)
                .await?;
            if top.is_empty() {
                continue;
            }
            let names = top.iter().enumerate().map(|(i, p)| {
                t!(
                    "bot-season-top",
                    place = i + 1,
                    name = Arg::raw(p.name.as_str()),
                    rating = p.rating.shown()
                )
            });
            lines.push(t!(
                "bot-season-game-top",
                game = Arg::raw(info.title),
                names = comma_list(names)
            ));
        }
        let text = if lines.len() == 1 {
            Text::concat([lines.remove(0), t!("bot-season-no-games")])
        } else {
            Text::lines(lines)
        };
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
            Some(s) => t!("bot-season-running-now", name = Arg::raw(s.name)),
            None => t!("bot-no-season-running"),
        };
        let ai_rated = self.store.guild_ai_rated(guild).await?;
        let language = self.store.guild_language(guild).await?;
        let language = match language.chosen.as_deref().and_then(Lang::from_tag) {
            Some(lang) => lang.name(),
            None => t!("bot-language-follows-server"),
        };
        Ok(Reply::ephemeral(t!(
            "bot-league-settings",
            saved = i64::from(changing),
            terms = describe_terms(terms),
            ai_rated = i64::from(ai_rated),
            days = days,
            season = season,
            language = language
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
            Some("all" | "all-time" | "alltime") => (None, t!("bot-all-time")),
            Some(name) => {
                let found = self
                    .store
                    .seasons(guild)
                    .await?
                    .into_iter()
                    .find(|s| s.name.eq_ignore_ascii_case(name));
                match found {
                    Some(s) => (
                        Some(s.season_id),
                        t!("bot-season-named", name = Arg::raw(s.name)),
                    ),
                    None => {
                        return refuse(t!("bot-no-such-season", name = Arg::raw(name)));
                    }
                }
            }
            None => match self.store.open_season(guild).await? {
                Some(s) => (
                    Some(s.season_id),
                    t!("bot-season-named", name = Arg::raw(s.name)),
                ),
                None => (None, t!("bot-all-time")),
            },
        };
        let top = self
            .store
            .leaderboard(guild, &kind, scope, LEADERBOARD_SIZE)
            .await?;
        let mut lines = vec![t!(
            "bot-leaderboard",
            game = title(&kind),
            scope = scope_name
        )];
        if top.is_empty() {
            lines.push(t!("bot-leaderboard-empty"));
        }
        for (i, p) in top.iter().enumerate() {
            lines.push(t!(
                "bot-leaderboard-line",
                place = i + 1,
                name = Arg::raw(p.name.as_str()),
                rating = p.rating.shown(),
                games = p.games,
                wins = p.wins
            ));
        }
        lines.extend(self.web_line(caller.guild, &format!("?game={kind}")).await);
        Ok(Reply::ephemeral(Text::lines(lines)))
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
            return Ok(Reply::ephemeral(t!(
                "bot-profile-none",
                name = Arg::raw(name.as_str())
            )));
        }
        let mut lines = vec![t!("bot-profile", name = Arg::raw(name.as_str()))];
        for s in &stats {
            let mut line = vec![t!(
                "bot-profile-game",
                game = title(&s.kind),
                games = s.games,
                wins = s.wins
            )];
            if let Some(avg) = s.average_score {
                // One decimal, as a number is written (still the English way).
                line.push(t!(
                    "bot-profile-average",
                    average = Arg::raw(format!("{avg:.1}"))
                ));
            }
            if let Some(r) = s.rating {
                line.push(t!("bot-profile-rating", rating = r.shown()));
            }
            lines.push(Text::concat(line));
        }
        lines.extend(self.web_line(caller.guild, &format!("player/{user}")).await);
        let text = Text::lines(lines);
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
        // The picture's title, drawn in the caller's language.
        let lang = self.language_for(caller.user, None).await;
        let chart_title = lang.render(&t!(
            "bot-rating-chart",
            name = Arg::raw(name.as_str()),
            game = title(&kind)
        ));
        let images = self.chart(&chart_title, points, lang).await;
        Ok(Reply {
            ephemeral: Some(Post {
                text,
                images,
                ..Post::default()
            }),
            ..Reply::default()
        })
    }

    /// The rating chart, drawn off the async workers, its words in `lang`.
    async fn chart(&self, title: &str, points: Vec<(i64, f64)>, lang: Lang) -> Vec<Image> {
        if !self.painter.draws() {
            return Vec::new();
        }
        let painter = self.painter.clone();
        let title = title.to_string();
        match tokio::task::spawn_blocking(move || painter.rating_chart(&title, &points, lang)).await
        {
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
            return Ok(Reply::ephemeral(t!("bot-no-finished-games")));
        }
        let mut lines = vec![t!("bot-history")];
        for g in &games {
            let results = g.results.iter().map(|(name, score, rank, resigned)| {
                let mut s = vec![t!(
                    "bot-history-place",
                    place = *rank,
                    name = Arg::raw(name.as_str())
                )];
                if let Some(score) = score {
                    s.push(t!("bot-history-score", score = *score));
                }
                if *resigned {
                    s.push(t!("bot-history-resigned"));
                }
                Text::concat(s)
            });
            let link = match g.turn_message_id {
                Some(m) => t!(
                    "bot-history-link",
                    link = markup(format!(
                        "https://discord.com/channels/{guild}/{}/{m}",
                        g.channel_id
                    ))
                ),
                None => Text::concat([]),
            };
            lines.push(t!(
                "bot-history-line",
                date = markup(format!("<t:{}:d>", g.finished_at / 1000)),
                game = title(&g.kind),
                channel = markup(format!("<#{}>", g.channel_id)),
                rated = i64::from(g.rated),
                results = comma_list(results),
                link = link
            ));
        }
        lines.extend(self.web_line(caller.guild, "games").await);
        Ok(Reply::ephemeral(Text::lines(lines)))
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
        let mut record = self.stored_record(&row).await?;
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
        let mut text = t!(
            "bot-record",
            ended = i64::from(ended),
            game = title(&row.kind),
            actions = record.actions.len()
        );
        if let Some(line) = self
            .web_line(caller.guild, &format!("game/{}", row.game_id))
            .await
        {
            text = Text::lines([text, line]);
        }
        Ok(Reply {
            ephemeral: Some(Post {
                text,
                images: vec![Image {
                    name: format!("{}-game-{}.json", row.kind, row.game_id),
                    png: json.into_bytes(),
                    alt: self
                        .language_for(caller.user, None)
                        .await
                        .render(&t!("bot-record-alt")),
                }],
                ..Post::default()
            }),
            ..Reply::default()
        })
    }

    /// A stored game's record: every stored action; the seed only once it has ended (the
    /// final state's check value and scores are the caller's to add).
    pub(super) async fn stored_record(&self, row: &GameRow) -> Result<Record, TableError> {
        let ended = matches!(row.status, Status::Finished | Status::Abandoned);
        let seats = self.store.seats(row.game_id).await?;
        let actions = self.store.record_actions(row.game_id).await?;
        Ok(Record {
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
        })
    }

    /// The caller's running games on every server: where, whose turn, and the deadline.
    pub(super) async fn my_games(&self, caller: &Caller) -> Result<Reply, TableError> {
        let rows = self.store.active_games_of(caller.user).await?;
        if rows.is_empty() {
            return Ok(Reply::ephemeral(t!("bot-my-games-none")));
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
            let mut line = vec![t!(
                "bot-my-games-line",
                channel = markup(format!("<#{}>", row.channel_id)),
                game = title(&row.kind),
                state = match &summary.to_act {
                    Some(_) if yours => t!("bot-my-games-your-turn"),
                    Some(seat) => t!("bot-games-to-play", seat = seat),
                    None => t!("bot-my-games-nobody"),
                }
            )];
            if let Some(d) = deadline {
                line.push(if d.due_at > now {
                    t!(
                        "bot-my-games-deadline",
                        at = markup(format!("<t:{}:R>", d.due_at / 1000))
                    )
                } else {
                    t!("bot-my-games-deadline-passed")
                });
            }
            let line = Text::concat(line);
            if yours {
                mine.push(line);
            } else {
                others.push(line);
            }
            games.push(summary);
        }
        let mut lines = vec![t!("bot-my-games", n = rows.len())];
        lines.extend(mine.into_iter().chain(others));
        if let Some(until) = self.store.vacation_until(caller.user, now).await? {
            lines.push(t!(
                "bot-my-games-away",
                until = markup(format!("<t:{}:f>", until / 1000))
            ));
        }
        let mut reply = Reply::ephemeral(Text::lines(lines));
        reply.games = games;
        Ok(reply)
    }
}

impl Table {
    /// Posts `text` in the caller's channel (through the outbox), and tells the caller.
    async fn announce(&self, caller: &Caller, text: Text) -> Result<Reply, TableError> {
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
