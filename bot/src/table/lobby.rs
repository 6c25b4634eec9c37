//! Creating, joining, leaving and starting games.
//!
//! Why this file is long (997 lines): one method per lobby command (create, join, add and
//! remove an AI, leave, start, rematch), each with its checks, its store writes and its reply.

use turnpost_core::Seed;
use turnpost_core::registry::{self, GameInfo};
use turnpost_core::t;
use turnpost_core::words::{Arg, Text};

use super::ai::{ai_level, ai_name, next_ai_user};
use super::limits::{echo, parse_number};
use super::play::Position;
use super::reference::comma_list;
use super::{Caller, Post, Reply, Table, TableError, refuse};
use crate::outbox::{DeliveryKind, Message};
use crate::store::{
    DeadlineChange, GameId, GameRow, LeagueChange, NewDelivery, NewGame, Policy, SeatRow, Status,
    Terms, UserId,
};
use turnpost_core::ai::Level;

/// The deadlines a table may choose, in hours (0: none).
pub const DEADLINES: [u32; 6] = [0, 12, 24, 48, 72, 168];

/// A deadline in hours from what a player typed or chose: `none`, `12h`, `24`, `week`…
pub fn parse_deadline(text: &str) -> Option<u32> {
    let t = text.trim().to_ascii_lowercase();
    let hours = match t.as_str() {
        "none" | "off" | "no" | "0" => 0,
        "week" | "1w" | "a week" | "7d" => 168,
        _ => {
            let number = t
                .trim_end_matches("hours")
                .trim_end_matches("hour")
                .trim_end_matches('h')
                .trim();
            number.parse().ok()?
        }
    };
    DEADLINES.contains(&hours).then_some(hours)
}

/// A deadline in words: "24 h per turn", "a week per turn", "no deadline".
pub fn deadline_text(hours: u32) -> Text {
    t!("bot-deadline-words", hours = hours)
}

/// The table's terms in words for the lobby and the help: "24 h per turn (then the turn
/// is skipped), rated".
pub fn describe_terms(terms: Terms) -> Text {
    t!(
        "bot-terms",
        hours = terms.deadline_hours,
        then = terms.policy.then(),
        rated = i64::from(terms.rated)
    )
}

/// Takes the table's own options (`deadline`, `on_timeout`, `rated`) out of the game's;
/// the server's defaults fill in what is not given.
fn take_terms(options: &mut Vec<(String, String)>, mut terms: Terms) -> Result<Terms, TableError> {
    let mut game_options = Vec::new();
    for (key, value) in options.drain(..) {
        match key.trim().to_ascii_lowercase().as_str() {
            "deadline" => {
                terms.deadline_hours =
                    parse_deadline(&value).ok_or_else(|| not_a_deadline(&value))?;
            }
            "on_timeout" | "timeout" => {
                terms.policy = Policy::from_word(&value).ok_or_else(|| not_a_policy(&value))?;
            }
            "rated" => {
                terms.rated = match value.trim().to_ascii_lowercase().as_str() {
                    "yes" | "true" | "1" | "on" | "rated" => true,
                    "no" | "false" | "0" | "off" | "unrated" => false,
                    _ => {
                        return refuse(t!("bot-not-yes-or-no", value = Arg::raw(value)));
                    }
                };
            }
            _ => game_options.push((key, value)),
        }
    }
    *options = game_options;
    Ok(terms)
}

/// Takes the AI seats asked for at `/new` (`ai=2`, `ai_level=strong`) out of the options.
/// A table of `max_players` has room for at most `max_players - 1` AI seats (the creator
/// or a listed player takes one); a larger or unreadable count is refused before anything
/// is built.
fn take_ai(
    options: &mut Vec<(String, String)>,
    max_players: usize,
) -> Result<Vec<Level>, TableError> {
    let mut count = 0usize;
    let mut level = Level::Normal;
    let mut rest = Vec::new();
    for (key, value) in options.drain(..) {
        match key.trim().to_ascii_lowercase().as_str() {
            "ai" => {
                let most = max_players.saturating_sub(1);
                count = match parse_number(&value) {
                    Some(n) if n <= most => n,
                    Some(n) => {
                        return refuse(t!(
                            "bot-too-many-ai",
                            n = n,
                            max = max_players,
                            most = most
                        ));
                    }
                    None => {
                        return refuse(t!(
                            "bot-not-an-ai-count",
                            value = Arg::raw(echo(value.trim())),
                            most = most
                        ));
                    }
                };
            }
            "ai_level" | "ai-level" => {
                level = Level::parse(&value)
                    .filter(|l| Level::SEATED.contains(l))
                    .ok_or_else(|| {
                        TableError::Refused(t!(
                            "bot-not-an-ai-level",
                            value = Arg::raw(echo(&value))
                        ))
                    })?;
            }
            _ => rest.push((key, value)),
        }
    }
    *options = rest;
    Ok(vec![level; count])
}

/// The registry entry of a game by name (a refusal naming the games if there is none).
pub(super) fn info(kind: &str) -> Result<&'static GameInfo, TableError> {
    registry::find(kind).map_err(|_| {
        let names: Vec<&str> = registry::games().iter().map(|g| g.name).collect();
        TableError::Refused(t!(
            "bot-no-such-game",
            name = Arg::raw(kind),
            games = Arg::raw(names.join(", "))
        ))
    })
}

/// The refusal of a deadline that is none of [`DEADLINES`].
pub(super) fn not_a_deadline(value: &str) -> TableError {
    TableError::Refused(t!("bot-not-a-deadline", value = Arg::raw(value)))
}

/// The refusal of a deadline policy that is none of skip, replace or forfeit.
pub(super) fn not_a_policy(value: &str) -> TableError {
    TableError::Refused(t!("bot-not-a-policy", value = Arg::raw(value)))
}

/// The options in plain words for the lobby.
fn describe_options(info: &GameInfo, options: &[(String, String)]) -> Text {
    info.describe_options(options)
        .unwrap_or_else(|| t!("bot-standard-rules"))
}

impl Table {
    pub(super) async fn create(
        &self,
        caller: &Caller,
        kind: &str,
        mut options: Vec<(String, String)>,
        players: Option<usize>,
        seats: Vec<(UserId, String)>,
        seed: Option<Seed>,
    ) -> Result<Reply, TableError> {
        let info = info(kind)?;
        let counts = info.players.clone();
        let defaults = match caller.guild {
            Some(guild) => self.store.guild_terms(guild).await?.0,
            None => Terms::default(),
        };
        let mut terms = take_terms(&mut options, defaults)?;
        let ai = take_ai(&mut options, *counts.end())?;
        if !ai.is_empty() && !self.ai_may_be_rated(caller.guild).await? {
            terms.rated = false;
        }
        let seed = match seed {
            Some(s) => s,
            None => self.settings.seeds.next().map_err(TableError::Internal)?,
        };
        // Seats listed by the creator, or the creator alone in a lobby; AI seats after them.
        let listed = seats.len();
        let lobby = listed == 0;
        let mut seats = if lobby {
            vec![(caller.user, caller.name.clone())]
        } else {
            seats
        };
        let mut unique = seats.iter().map(|s| s.0).collect::<Vec<_>>();
        unique.sort_unstable();
        unique.dedup();
        if unique.len() != seats.len() {
            return refuse(t!("bot-player-listed-twice"));
        }
        for level in &ai {
            let rows: Vec<SeatRow> = seats
                .iter()
                .enumerate()
                .map(|(i, (user, name))| seat_row(i, *user, name))
                .collect();
            seats.push((next_ai_user(&rows, *level), ai_name(*level)));
        }
        if seats.len() > *counts.end() {
            return refuse(t!(
                "bot-too-many-seats",
                game = Arg::raw(info.title),
                max = *counts.end(),
                people = seats.len() - ai.len(),
                ai = ai.len()
            ));
        }
        let max_players = match (players, if lobby { 0 } else { seats.len() }) {
            (Some(n), _) if !counts.contains(&n) => {
                return refuse(t!(
                    "bot-player-count-not",
                    game = Arg::raw(info.title),
                    low = *counts.start(),
                    high = *counts.end(),
                    n = n
                ));
            }
            (Some(n), s) if s > n => {
                return refuse(t!("bot-seats-listed-for", seats = s, n = n));
            }
            (Some(n), _) if seats.len() > n => {
                return refuse(t!("bot-seats-with-ai-for", seats = seats.len(), n = n));
            }
            (Some(n), _) => n,
            (None, 0) => *counts.end(),
            (None, s) => s,
        };
        if !lobby && !counts.contains(&seats.len()) {
            return refuse(t!(
                "bot-player-count-listed",
                game = Arg::raw(info.title),
                low = *counts.start(),
                high = *counts.end(),
                listed = seats.len()
            ));
        }
        // Check the options now, with the table's size (a lobby's largest), so the lobby
        // never holds bad ones (the partnership game needs four seats, not the fewest).
        let size = if lobby { max_players } else { seats.len() };
        if let Err(e) = info.new_game(&options, size, seed) {
            return refuse(t!("bot-options-do-not-work", error = e.0));
        }
        let new = NewGame {
            kind,
            options: &options,
            seed,
            guild_id: caller.guild,
            channel_id: caller.channel,
            creator_id: caller.user,
            max_players,
            terms,
        };
        if lobby {
            let header = lobby_header(info, &options, max_players, terms, Some(&caller.name));
            let text = Text::lines([
                header,
                t!("bot-lobby-seats", seats = seat_names(&seats, &[])),
                lobby_footer(Some(&caller.name)),
            ]);
            let deliveries =
                self.lobby_deliveries(caller, caller.channel, &text, LobbyChange::Open);
            let reply = lobby_reply(text, None);
            self.store
                .create_game(&new, &seats, false, &deliveries, None)
                .await?;
            self.queued(&deliveries);
            return Ok(reply);
        }
        let rows: Vec<SeatRow> = seats
            .iter()
            .enumerate()
            .map(|(i, (user, name))| seat_row(i, *user, name))
            .collect();
        // The first turn message is made before the game is stored, so both go in one
        // transaction; the game's id is filled in after.
        let mut reply = self
            .opening((0, caller.guild), kind, &options, seed, &rows, terms)
            .await?;
        let deliveries = self.deliveries(Some(caller), caller.channel, &reply, false);
        let game_id = self
            .store
            .create_game(
                &new,
                &seats,
                true,
                &deliveries,
                Some(first_deadline(&reply, &rows, terms.deadline_hours)),
            )
            .await?;
        self.remember_channel(caller.channel, game_id);
        self.queued(&deliveries);
        if let Some(turn) = &mut reply.turn {
            turn.game_id = game_id;
        }
        self.wake_ai_if_due(&rows, ai_to_act(&reply, &rows));
        Ok(reply)
    }

    pub(super) async fn join(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let _guard = self.slot(game_id).lock_owned().await;
        let row = self
            .store
            .game(game_id)
            .await?
            .ok_or_else(|| TableError::Internal("game vanished".into()))?;
        if row.status != Status::Lobby {
            return refuse(t!("bot-already-started-watch"));
        }
        let seats = self.store.seats(game_id).await?;
        let invited = self.store.invited_seats(game_id).await?;
        if invited.contains(&caller.user) {
            return self.confirm(caller, &row, &seats, &invited).await;
        }
        if seats.iter().any(|s| s.user_id == caller.user) {
            return refuse(t!("bot-already-seated"));
        }
        let mut after = pairs(&seats);
        after.push((caller.user, caller.name.clone()));
        let event = t!(
            "bot-lobby-joined",
            name = Arg::raw(caller.name.as_str()),
            seated = after.len(),
            max = row.max_players,
            seats = seat_names(&after, &invited)
        );
        let text = lobby_text(&row, &after, &invited, &event, None);
        let deliveries = self.lobby_deliveries(caller, row.channel_id, &text, LobbyChange::Edit);
        let reply = lobby_reply(text, Some(event));
        match self
            .store
            .add_seat(game_id, caller.user, &caller.name, &deliveries)
            .await?
        {
            None => refuse(t!("bot-table-full", seats = row.max_players)),
            Some(_) => {
                self.forget(game_id);
                self.queued(&deliveries);
                Ok(reply)
            }
        }
    }

    /// Whether a game with AI seats on this server may be rated (the server's choice).
    pub(super) async fn ai_may_be_rated(&self, guild: Option<u64>) -> Result<bool, TableError> {
        Ok(match guild {
            Some(g) => self.store.guild_ai_rated(g).await?,
            None => false,
        })
    }

    /// **Add AI**: seats an AI of `level` in the lobby (the creator or a moderator). The game
    /// becomes unrated unless the server rates games with AI seats.
    pub(super) async fn add_ai(&self, caller: &Caller, level: Level) -> Result<Reply, TableError> {
        if !Level::SEATED.contains(&level) {
            return refuse(t!("bot-choose-ai-level"));
        }
        let game_id = self.channel_game(caller).await?;
        let _guard = self.slot(game_id).lock_owned().await;
        let row = self
            .store
            .game(game_id)
            .await?
            .ok_or_else(|| TableError::Internal("game vanished".into()))?;
        if row.status != Status::Lobby {
            return refuse(t!("bot-ai-added-in-lobby"));
        }
        if row.creator_id != caller.user && !caller.moderator {
            return refuse(t!("bot-add-ai-opener-only"));
        }
        let seats = self.store.seats(game_id).await?;
        let invited = self.store.invited_seats(game_id).await?;
        let user = next_ai_user(&seats, level);
        let name = ai_name(level);
        let mut after = pairs(&seats);
        after.push((user, name.clone()));
        let unrated = row.terms.rated && !self.ai_may_be_rated(caller.guild).await?;
        let event = t!(
            "bot-lobby-ai-added",
            name = Arg::raw(caller.name.as_str()),
            level = Arg::raw(level.name()),
            unrated = i64::from(unrated),
            seated = after.len(),
            max = row.max_players,
            seats = seat_names(&after, &invited)
        );
        let mut shown = row.clone();
        shown.terms.rated = row.terms.rated && !unrated;
        let text = lobby_text(&shown, &after, &invited, &event, None);
        let deliveries = self.lobby_deliveries(caller, row.channel_id, &text, LobbyChange::Edit);
        let reply = lobby_reply(text, Some(event));
        match self
            .store
            .add_seat(game_id, user, &name, &deliveries)
            .await?
        {
            None => refuse(t!("bot-table-full", seats = row.max_players)),
            Some(_) => {
                if unrated {
                    self.store.set_lobby_rated(game_id, false).await?;
                }
                self.forget(game_id);
                self.queued(&deliveries);
                Ok(reply)
            }
        }
    }

    /// **Remove AI**: takes the lobby's last AI seat away (the creator or a moderator).
    pub(super) async fn remove_ai(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let _guard = self.slot(game_id).lock_owned().await;
        let row = self
            .store
            .game(game_id)
            .await?
            .ok_or_else(|| TableError::Internal("game vanished".into()))?;
        if row.status != Status::Lobby {
            return refuse(t!("bot-ai-seats-stay"));
        }
        if row.creator_id != caller.user && !caller.moderator {
            return refuse(t!("bot-remove-ai-opener-only"));
        }
        let seats = self.store.seats(game_id).await?;
        let Some(last) = seats.iter().rev().find(|s| ai_level(s.user_id).is_some()) else {
            return refuse(t!("bot-no-ai-seat"));
        };
        let invited = self.store.invited_seats(game_id).await?;
        let after: Vec<(UserId, String)> = pairs(&seats)
            .into_iter()
            .filter(|(user, _)| *user != last.user_id)
            .collect();
        let event = t!(
            "bot-lobby-ai-removed",
            name = Arg::raw(caller.name.as_str()),
            seated = after.len(),
            max = row.max_players,
            seats = seat_names(&after, &invited)
        );
        let text = lobby_text(&row, &after, &invited, &event, None);
        let deliveries = self.lobby_deliveries(caller, row.channel_id, &text, LobbyChange::Edit);
        let reply = lobby_reply(text, Some(event));
        if !self
            .store
            .remove_seat(game_id, last.user_id, &deliveries)
            .await?
        {
            return refuse(t!("bot-ai-seats-stay"));
        }
        self.forget(game_id);
        self.queued(&deliveries);
        Ok(reply)
    }

    pub(super) async fn leave(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let _guard = self.slot(game_id).lock_owned().await;
        let row = self
            .store
            .game(game_id)
            .await?
            .ok_or_else(|| TableError::Internal("game vanished".into()))?;
        if row.status != Status::Lobby {
            return refuse(t!("bot-leave-started"));
        }
        let seats = self.store.seats(game_id).await?;
        let invited = self.store.invited_seats(game_id).await?;
        let after: Vec<(UserId, String)> = pairs(&seats)
            .into_iter()
            .filter(|(user, _)| *user != caller.user)
            .collect();
        let people_left = seats
            .iter()
            .any(|s| s.user_id != caller.user && ai_level(s.user_id).is_none());
        if !people_left && seats.iter().any(|s| s.user_id == caller.user) {
            // The last person leaves: the AI seats go with them, and the lobby closes.
            for ai in seats.iter().filter(|s| ai_level(s.user_id).is_some()) {
                self.store.remove_seat(game_id, ai.user_id, &[]).await?;
            }
        }
        let (event, change) = if !people_left {
            let event = t!(
                "bot-lobby-left-closed",
                name = Arg::raw(caller.name.as_str())
            );
            (event, LobbyChange::Close)
        } else {
            let event = t!(
                "bot-lobby-left",
                name = Arg::raw(caller.name.as_str()),
                seats = seat_names(&after, &invited)
            );
            (event, LobbyChange::Edit)
        };
        let text = if change == LobbyChange::Close {
            lobby_text(
                &row,
                &pairs(&seats),
                &[],
                &event,
                Some(t!("bot-lobby-closed-footer")),
            )
        } else {
            lobby_text(&row, &after, &invited, &event, None)
        };
        let deliveries = self.lobby_deliveries(caller, row.channel_id, &text, change);
        let reply = lobby_reply(text, Some(event));
        // The seat goes (and an empty lobby closes) only while it is still a lobby.
        if !self
            .store
            .remove_seat(game_id, caller.user, &deliveries)
            .await?
        {
            let now = self.store.version(game_id).await?.1;
            return if now == Status::Lobby {
                refuse(t!("bot-no-seat-here"))
            } else {
                refuse(t!("bot-leave-started"))
            };
        }
        self.forget(game_id);
        self.queued(&deliveries);
        Ok(reply)
    }

    /// Starts the lobby's game (its opener or a moderator). Seats a rematch still holds for
    /// players who did not confirm are given up first, if the players present are enough.
    /// The seat count is checked again inside the transaction that starts it, so a Leave
    /// racing the Start (here or in another process) can never leave a running game with a
    /// missing seat.
    pub(super) async fn start(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let _guard = self.slot(game_id).lock_owned().await;
        let row = self
            .store
            .game(game_id)
            .await?
            .ok_or_else(|| TableError::Internal("game vanished".into()))?;
        if row.status != Status::Lobby {
            return refuse(t!("bot-already-running"));
        }
        if row.creator_id != caller.user && !caller.moderator {
            return refuse(t!("bot-start-opener-only"));
        }
        let mut seats = self.store.seats(game_id).await?;
        let invited = self.store.invited_seats(game_id).await?;
        let info = registry::find(&row.kind).map_err(|e| TableError::Internal(e.to_string()))?;
        let counts = info.players.clone();
        let present = seats.len() - invited.len();
        if !counts.contains(&present) {
            let waiting = if invited.is_empty() {
                Text::concat([])
            } else {
                // The names the players go by, shown as given.
                let names = seats
                    .iter()
                    .filter(|s| invited.contains(&s.user_id))
                    .map(|s| Text::raw(s.name.clone()));
                t!("bot-waiting-for-join", names = Text::and_list(names))
            };
            return refuse(t!(
                "bot-start-too-few",
                game = Arg::raw(info.title),
                low = *counts.start(),
                high = *counts.end(),
                present = present,
                waiting = waiting
            ));
        }
        if !invited.is_empty() {
            // Starting with those present: the seats nobody confirmed go.
            self.store.drop_invited(game_id).await?;
            self.forget(game_id);
            seats = self.store.seats(game_id).await?;
        }
        self.begin(caller, &row, &seats).await
    }

    /// Starts a lobby's game with `seats` (its opener started it, or the last player a
    /// rematch waited for confirmed): the lobby message's last edit (its buttons gone), the
    /// first turn message and every seat's first DM, in the transaction that starts it.
    async fn begin(
        &self,
        caller: &Caller,
        row: &GameRow,
        seats: &[SeatRow],
    ) -> Result<Reply, TableError> {
        let game_id = row.game_id;
        let reply = self
            .opening(
                (game_id, row.guild_id),
                &row.kind,
                &row.options,
                row.seed,
                seats,
                row.terms,
            )
            .await?;
        let shown = pairs(seats);
        let event = Text::concat([
            t!("bot-lobby-seats", seats = seat_names(&shown, &[])),
            super::reference::intro_lines(&row.kind, &row.options, row.seed, seats),
        ]);
        let lobby = lobby_text(row, &shown, &[], &event, Some(t!("bot-lobby-started")));
        let mut deliveries =
            self.lobby_deliveries(caller, row.channel_id, &lobby, LobbyChange::Close);
        deliveries.extend(self.deliveries(Some(caller), row.channel_id, &reply, false));
        let first = first_deadline(&reply, seats, row.terms.deadline_hours);
        if !self
            .store
            .start(game_id, seats.len(), &deliveries, &first)
            .await?
        {
            // Nothing was written: someone started it or changed the seats meanwhile.
            self.forget(game_id);
            let (_, status) = self.store.version(game_id).await?;
            return if status == Status::Lobby {
                refuse(t!("bot-seats-changed-on-start"))
            } else {
                refuse(t!("bot-already-running"))
            };
        }
        // Whatever was cached for the lobby is stale now.
        self.forget(game_id);
        self.queued(&deliveries);
        self.wake_ai_if_due(seats, ai_to_act(&reply, seats));
        Ok(reply)
    }

    /// **Join** by a player a rematch's lobby holds a seat for: the seat is confirmed; when
    /// nobody else is awaited, the game starts.
    async fn confirm(
        &self,
        caller: &Caller,
        row: &GameRow,
        seats: &[SeatRow],
        invited: &[UserId],
    ) -> Result<Reply, TableError> {
        let waiting: Vec<UserId> = invited
            .iter()
            .copied()
            .filter(|u| *u != caller.user)
            .collect();
        let shown = pairs(seats);
        if waiting.is_empty() {
            // Everyone is here: the start's own edit of the lobby says so.
            if !self
                .store
                .confirm_seat(row.game_id, caller.user, &[])
                .await?
            {
                return refuse(t!("bot-already-started-watch"));
            }
            self.forget(row.game_id);
            return self.begin(caller, row, seats).await;
        }
        let event = t!(
            "bot-lobby-confirmed",
            name = Arg::raw(caller.name.as_str()),
            seated = seats.len(),
            max = row.max_players,
            seats = seat_names(&shown, &waiting)
        );
        let text = lobby_text(row, &shown, &waiting, &event, None);
        let deliveries = self.lobby_deliveries(caller, row.channel_id, &text, LobbyChange::Edit);
        if !self
            .store
            .confirm_seat(row.game_id, caller.user, &deliveries)
            .await?
        {
            return refuse(t!("bot-already-started-watch"));
        }
        self.forget(row.game_id);
        self.queued(&deliveries);
        Ok(lobby_reply(text, Some(event)))
    }

    /// **Rematch** under a finished game's final message: a lobby in the same channel with
    /// the same options and terms, a new seed and the same seats in the same order — the
    /// caller's confirmed, AI seats at their levels, every other player's held for them until
    /// they press Join. Refused while the channel has an open table.
    pub(super) async fn rematch(&self, caller: &Caller, game: GameId) -> Result<Reply, TableError> {
        let Some(old) = self.store.game(game).await? else {
            return refuse(t!("bot-rematch-unknown"));
        };
        if old.channel_id != caller.channel {
            return refuse(t!("bot-rematch-other-channel"));
        }
        match old.status {
            Status::Finished => {}
            Status::Lobby | Status::Active => {
                return refuse(t!("bot-rematch-still-open"));
            }
            Status::Abandoned => {
                return refuse(t!("bot-rematch-abandoned"));
            }
        }
        if let Some(open) = self.store.open_game_in(caller.channel).await? {
            return refuse(if open.status == Status::Lobby {
                t!("bot-rematch-lobby-open")
            } else {
                t!("bot-rematch-game-running")
            });
        }
        let seats = self.store.seats(game).await?;
        if !seats.iter().any(|s| s.user_id == caller.user) && !caller.moderator {
            return refuse(t!("bot-rematch-players-only"));
        }
        let info = info(&old.kind)?;
        let seed = self.settings.seeds.next().map_err(TableError::Internal)?;
        // The same people in the same order; the caller has confirmed by asking, an AI
        // confirms at once, everyone else is awaited.
        let order: Vec<(UserId, String)> = pairs(&seats);
        let invited: Vec<UserId> = seats
            .iter()
            .map(|s| s.user_id)
            .filter(|u| *u != caller.user && ai_level(*u).is_none())
            .collect();
        let new = NewGame {
            kind: &old.kind,
            options: &old.options,
            seed,
            guild_id: caller.guild,
            channel_id: caller.channel,
            creator_id: caller.user,
            max_players: seats.len(),
            terms: old.terms,
        };
        let row = GameRow {
            creator_id: caller.user,
            max_players: seats.len(),
            ..old.clone()
        };
        let event = t!(
            "bot-lobby-rematch",
            game = Arg::raw(info.title),
            seats = seat_names(&order, &invited)
        );
        let text = lobby_text(&row, &order, &invited, &event, None);
        let deliveries = self.lobby_deliveries(caller, caller.channel, &text, LobbyChange::Open);
        self.store
            .create_rematch(&new, &order, &invited, &deliveries)
            .await?;
        self.queued(&deliveries);
        Ok(lobby_reply(text, Some(event)))
    }

    /// The first turn message of a game about to start, with every seat's first DM; `at`
    /// is the game and its server (whose language its pictures speak).
    async fn opening(
        &self,
        at: (GameId, Option<u64>),
        kind: &str,
        options: &[(String, String)],
        seed: Seed,
        seats: &[SeatRow],
        terms: Terms,
    ) -> Result<Reply, TableError> {
        let (game_id, guild) = at;
        let info = registry::find(kind).map_err(|e| TableError::Internal(e.to_string()))?;
        let game = info
            .new_game(options, seats.len(), seed)
            .map_err(|e| TableError::Internal(format!("the stored options do not work: {e}")))?;
        let names = (0..seats.len() as u8).map(|s| super::label(seats, Some(game.as_ref()), s));
        let opening = vec![t!(
            "bot-game-begins",
            game = Arg::raw(info.title),
            seats = comma_list(names)
        )];
        let everyone: Vec<bool> = super::fingerprints(game.as_ref(), seats.len())
            .iter()
            .map(Option::is_some)
            .collect();
        let due = match game.decision().and_then(|d| seats.get(d.seat.index())) {
            Some(s) if ai_level(s.user_id).is_none() => {
                self.due(terms, game_id, s.user_id, false).await?
            }
            _ => None,
        };
        let position = Position {
            game_id,
            guild,
            kind,
            version: 0,
            seats,
            game: game.as_ref(),
            undoable: &[],
            due,
        };
        Ok(self.turn_reply(&position, opening, &everyone, true).await)
    }
}

/// The first player's deadline, from the opening turn message, in a game of `hours` per
/// turn.
fn first_deadline(reply: &Reply, seats: &[SeatRow], hours: u32) -> LeagueChange {
    let deadline = reply
        .turn
        .as_ref()
        .and_then(|t| seats.iter().find(|s| s.user_id == t.user))
        .filter(|s| ai_level(s.user_id).is_none())
        .map_or(DeadlineChange::Clear, |s| DeadlineChange::Set {
            seat: s.seat,
            user: s.user_id,
            hours,
        })
        .for_game(hours);
    LeagueChange {
        deadline,
        ..LeagueChange::default()
    }
}

/// The seat to act after an opening turn message, if it is an AI's.
fn ai_to_act(reply: &Reply, seats: &[SeatRow]) -> Option<turnpost_core::Seat> {
    let turn = reply.turn.as_ref()?;
    seats
        .iter()
        .find(|s| s.user_id == turn.user && ai_level(s.user_id).is_some())
        .map(|s| turnpost_core::Seat(s.seat))
}

/// A seat row of a new game.
fn seat_row(seat: usize, user: UserId, name: &str) -> SeatRow {
    SeatRow {
        seat: seat as u8,
        user_id: user,
        name: name.to_string(),
        resigned: false,
    }
}

/// A lobby message's reply: the whole lobby message, and `event` (what changed) as the
/// caller's acknowledgement.
fn lobby_reply(text: Text, event: Option<Text>) -> Reply {
    Reply {
        public: vec![Post {
            text,
            edit: event.is_some(),
            ..Post::default()
        }],
        news: event.into_iter().collect(),
        ..Reply::default()
    }
}

/// How a lobby's one message changes: `/new` posts it, every seat change edits it in place,
/// and the start (or the last player leaving) edits it a last time, without its buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LobbyChange {
    Open,
    Edit,
    Close,
}

/// The first line of a lobby message: who opened which table, how, for how many.
fn lobby_header(
    info: &GameInfo,
    options: &[(String, String)],
    max_players: usize,
    terms: Terms,
    opener: Option<&str>,
) -> Text {
    let game = Arg::raw(info.title);
    let options = describe_options(info, options);
    let terms = describe_terms(terms);
    match opener {
        Some(name) => t!(
            "bot-lobby-opened",
            opener = Arg::raw(name),
            game = game,
            options = options,
            max = max_players,
            terms = terms
        ),
        None => t!(
            "bot-lobby-header",
            game = game,
            options = options,
            max = max_players,
            terms = terms
        ),
    }
}

/// The last line of an open lobby message: what to do next.
fn lobby_footer(opener: Option<&str>) -> Text {
    match opener {
        Some(name) => t!("bot-lobby-footer", opener = Arg::raw(name)),
        None => t!("bot-lobby-footer-moderator"),
    }
}

/// The seats in order (the names players go by, as given), a seat held for a rematch's
/// player marked as waiting.
fn seat_names(seats: &[(UserId, String)], invited: &[UserId]) -> Text {
    comma_list(seats.iter().map(|(user, name)| {
        if invited.contains(user) {
            t!("bot-seat-waiting", name = Arg::raw(name.as_str()))
        } else {
            Text::raw(name.clone())
        }
    }))
}

/// The whole lobby message after a change: the header, `event` (what changed, with the
/// seats), who a rematch still waits for, and what comes next (`footer`, or the open
/// lobby's own).
fn lobby_text(
    row: &GameRow,
    seats: &[(UserId, String)],
    invited: &[UserId],
    event: &Text,
    footer: Option<Text>,
) -> Text {
    let opener = seats
        .iter()
        .find(|(user, _)| *user == row.creator_id)
        .map(|(_, name)| name.as_str());
    let header = match registry::find(&row.kind) {
        Ok(info) => lobby_header(info, &row.options, row.max_players, row.terms, opener),
        Err(_) => t!("bot-lobby-unknown", game = Arg::raw(row.kind.as_str())),
    };
    let mut lines = vec![header, event.clone()];
    // The names the players go by, as given.
    let waiting: Vec<Text> = seats
        .iter()
        .filter(|(user, _)| invited.contains(user))
        .map(|(_, name)| Text::raw(name.clone()))
        .collect();
    if !waiting.is_empty() && footer.is_none() {
        lines.push(t!(
            "bot-lobby-waiting",
            names = Text::and_list(waiting),
            opener = opener.map_or_else(|| t!("bot-a-moderator"), Text::raw)
        ));
    }
    lines.push(footer.unwrap_or_else(|| lobby_footer(opener)));
    Text::lines(lines)
}

/// Seat rows as (user, name) pairs.
fn pairs(seats: &[SeatRow]) -> Vec<(UserId, String)> {
    seats.iter().map(|s| (s.user_id, s.name.clone())).collect()
}

impl Table {
    /// The delivery of a lobby message's change (none when the outbox is off).
    fn lobby_deliveries(
        &self,
        caller: &Caller,
        channel: u64,
        text: &Text,
        change: LobbyChange,
    ) -> Vec<NewDelivery> {
        if !self.settings.outbox {
            return Vec::new();
        }
        let message = Message {
            text: text.clone(),
            lobby: change != LobbyChange::Close,
            edit: change != LobbyChange::Open,
            closes: change == LobbyChange::Close,
            tell: caller.followup.clone(),
            ..Message::default()
        };
        vec![NewDelivery {
            kind: DeliveryKind::Channel,
            target: channel,
            channel_id: channel,
            body: message.to_body(),
            images: Vec::new(),
        }]
    }
}
