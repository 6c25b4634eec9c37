//! Looking: the board, one's hand, the log, the games of a server, one's turns, and the
//! legal actions for autocomplete. Nothing here writes.

use std::fmt::Write as _;

use turnpost_core::Seat;
use turnpost_core::dynamic::ActionChoice;
use turnpost_core::registry::{self, GameInfo};

use super::{Caller, Post, Reply, Table, TableError, refuse, seat_label, seat_of};
use crate::store::{GameId, Status};

/// Log lines per page.
const LOG_PAGE: usize = 15;

/// One line of a game listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game.
    pub game_id: GameId,
    /// Its channel.
    pub channel_id: u64,
    /// Which game.
    pub kind: String,
    /// `lobby` or `active`.
    pub status: String,
    /// Seated players.
    pub players: Vec<String>,
    /// Who must act, if running.
    pub to_act: Option<String>,
}

impl Table {
    pub(super) async fn board(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let held = self.hold(game_id).await?;
        let loaded = &*held;
        let Some(position) = loaded.position() else {
            let names: Vec<&str> = loaded.seats.iter().map(|s| s.name.as_str()).collect();
            return Ok(Reply::ephemeral(format!(
                "The game has not started. Seats ({}/{}): {}.",
                names.len(),
                loaded.row.max_players,
                names.join(", ")
            )));
        };
        let mut reply = self.turn_reply(&position, Vec::new(), &[]).await;
        // Showing the board is for the caller, not a new turn message for everyone.
        reply.ephemeral = reply.public.pop().map(|mut p| {
            p.text = p.text.trim_start().to_string();
            p.ping.clear();
            p
        });
        Ok(reply)
    }

    pub(super) async fn hand(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let held = self.hold(game_id).await?;
        let loaded = &*held;
        let Some(seat) = seat_of(loaded, caller.user) else {
            return refuse("You are not playing in this game, so you have no hand here.");
        };
        let Some(game) = loaded.game.as_ref() else {
            return refuse("The game has not started yet.");
        };
        if !game.info().secrets {
            return Ok(Reply::ephemeral(
                "Nothing is hidden in this game: everything is on the board.",
            ));
        }
        let view = game.seat_view(Seat(seat.seat));
        let text = turnpost_render::text::private(&loaded.row.kind, &*view);
        let images = self.paint_private(&loaded.row.kind, view).await;
        Ok(Reply {
            ephemeral: Some(Post {
                text,
                images,
                ..Post::default()
            }),
            ..Reply::default()
        })
    }

    pub(super) async fn log(&self, caller: &Caller, page: usize) -> Result<Reply, TableError> {
        let Some(row) = self.store.latest_game_in(caller.channel).await? else {
            return refuse("No game has been played in this channel.");
        };
        let lines: Vec<String> = self
            .store
            .actions_after(row.game_id, 0)
            .await?
            .into_iter()
            .flat_map(|a| a.log)
            .collect();
        if lines.is_empty() {
            return Ok(Reply::ephemeral("Nothing has happened yet."));
        }
        let pages = lines.len().div_ceil(LOG_PAGE);
        let page = page.max(1);
        if page > pages {
            return refuse(format!(
                "The log has {pages} page{}.",
                if pages == 1 { "" } else { "s" }
            ));
        }
        // Page 1 is the newest.
        let end = lines.len() - (page - 1) * LOG_PAGE;
        let start = end.saturating_sub(LOG_PAGE);
        let text = format!(
            "Log, page {page} of {pages}:\n{}",
            lines[start..end].join("\n")
        );
        Ok(Reply::ephemeral(text))
    }

    async fn summary(&self, row: &crate::store::GameRow) -> Result<GameSummary, TableError> {
        let held = self.hold(row.game_id).await?;
        let loaded = &*held;
        let to_act = loaded
            .game
            .as_ref()
            .and_then(|g| g.decision())
            .map(|d| seat_label(loaded, d.seat.0));
        Ok(GameSummary {
            game_id: row.game_id,
            channel_id: row.channel_id,
            kind: row.kind.clone(),
            status: if row.status == Status::Lobby {
                "lobby"
            } else {
                "active"
            }
            .into(),
            players: loaded.seats.iter().map(|s| s.name.clone()).collect(),
            to_act,
        })
    }

    pub(super) async fn games(&self, caller: &Caller) -> Result<Reply, TableError> {
        let Some(guild) = caller.guild else {
            return refuse("This lists a server's games; use it in a server channel.");
        };
        let rows = self.store.open_games_in_guild(guild).await?;
        let mut games = Vec::new();
        for row in &rows {
            games.push(self.summary(row).await?);
        }
        let text = if games.is_empty() {
            "No games are running in this server. Start one with /new.".to_string()
        } else {
            games
                .iter()
                .map(|g| {
                    format!(
                        "<#{}> {} — {} — {}",
                        g.channel_id,
                        g.kind,
                        g.players.join(", "),
                        g.to_act
                            .as_ref()
                            .map_or("waiting for players".to_string(), |t| format!(
                                "{t} to play"
                            ))
                    )
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let mut reply = Reply::ephemeral(text);
        reply.games = games;
        Ok(reply)
    }

    pub(super) async fn my_turns(&self, caller: &Caller) -> Result<Reply, TableError> {
        let rows = self.store.active_games_of(caller.user).await?;
        let mut games = Vec::new();
        for row in &rows {
            let held = self.hold(row.game_id).await?;
            let loaded = &*held;
            let mine = loaded
                .game
                .as_ref()
                .and_then(|g| g.decision())
                .is_some_and(|d| {
                    loaded
                        .seats
                        .get(d.seat.index())
                        .is_some_and(|s| s.user_id == caller.user)
                });
            drop(held);
            if mine {
                games.push(self.summary(row).await?);
            }
        }
        let text = if games.is_empty() {
            "It is not your turn in any game.".to_string()
        } else {
            games
                .iter()
                .map(|g| format!("<#{}> {}", g.channel_id, g.kind))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let mut reply = Reply::ephemeral(format!("Your turn in:\n{text}"));
        if games.is_empty() {
            reply = Reply::ephemeral(text);
        }
        reply.games = games;
        Ok(reply)
    }

    /// The current turn of the caller's channel, with the line that names it ("Anna (Red)
    /// to play: …"), without drawing anything; `None` if nobody is to act (lobby, over).
    pub async fn current_turn(
        &self,
        caller: &Caller,
    ) -> Result<Option<(super::Turn, String)>, TableError> {
        let game_id = self.channel_game(caller).await?;
        let held = self.hold(game_id).await?;
        Ok(held.position().and_then(|p| p.turn()))
    }

    /// Who must act in a game, and on what; `None` if nobody (lobby, over).
    pub async fn turn_of(
        &self,
        game_id: GameId,
    ) -> Result<Option<(crate::store::UserId, String)>, TableError> {
        let held = self.hold(game_id).await?;
        Ok(held
            .position()
            .and_then(|p| p.turn())
            .map(|(turn, _)| (turn.user, turn.prompt)))
    }

    /// The kind and public view of the channel's open game, for front ends that draw their
    /// own text board.
    pub async fn public_view(
        &self,
        channel: u64,
    ) -> Result<Option<(String, turnpost_core::dynamic::View)>, TableError> {
        let Some(row) = self.store.open_game_in(channel).await? else {
            return Ok(None);
        };
        let held = self.hold(row.game_id).await?;
        let loaded = &*held;
        Ok(loaded
            .game
            .as_ref()
            .map(|g| (row.kind.clone(), g.public_view())))
    }

    /// Legal actions of the caller that contain `typed` (case-insensitive), at most
    /// `limit`, for autocomplete. Empty when it is not the caller's decision.
    pub async fn suggest(
        &self,
        caller: &Caller,
        typed: &str,
        limit: usize,
    ) -> Result<Vec<String>, TableError> {
        Ok(self
            .choices(caller, typed, limit)
            .await?
            .into_iter()
            .map(|c| c.notation)
            .collect())
    }

    /// The caller's legal actions in words (each with its notation underneath) that match
    /// `typed` in the words or the notation, case-insensitively, at most `limit`: those
    /// whose words or notation begin with it first, then the others, each in the game's
    /// order. Empty when it is not the caller's decision.
    pub async fn choices(
        &self,
        caller: &Caller,
        typed: &str,
        limit: usize,
    ) -> Result<Vec<ActionChoice>, TableError> {
        let Some(row) = self.store.open_game_in(caller.channel).await? else {
            return Ok(Vec::new());
        };
        let held = self.hold(row.game_id).await?;
        let loaded = &*held;
        let (Some(seat), Some(game)) = (seat_of(loaded, caller.user), loaded.game.as_ref()) else {
            return Ok(Vec::new());
        };
        let typed = typed.trim().to_lowercase();
        let (mut first, mut rest) = (Vec::new(), Vec::new());
        for c in game.legal_choices(Seat(seat.seat)) {
            let (label, notation) = (c.label.to_lowercase(), c.notation.to_lowercase());
            if label.starts_with(&typed) || notation.starts_with(&typed) {
                first.push(c);
            } else if label.contains(&typed) || notation.contains(&typed) {
                rest.push(c);
            }
        }
        first.extend(rest);
        first.truncate(limit);
        Ok(first)
    }
}

/// What every game shares: the turn message's buttons and the commands.
const HOW_TO_PLAY: &str = "\
**Playing:** the turn message names the player to act. **Take my turn** shows your choices; \
**My hand** shows what only you see; **Undo** takes back your last action of this turn (never \
past a die roll, a drawn tile or a revealed card). You can also type `/play` and pick an action \
from the list as you type.
**Commands:** `/board`, `/hand`, `/log`, `/undo`, `/resign`, `/myturns` (games waiting for you), \
`/games`, `/quiet` (your quiet hours for reminders); moderators: `/remind`, `/abandon`.";

impl Table {
    /// How to play: the rules of the channel's game in brief (every game's when the
    /// channel has none), the buttons and the commands. Only the caller sees it.
    pub(super) async fn help(&self, caller: &Caller) -> Result<Reply, TableError> {
        let kind = self
            .store
            .open_game_in(caller.channel)
            .await?
            .map(|row| row.kind);
        let games: Vec<&GameInfo> = match kind.as_deref().map(registry::find) {
            Some(Ok(info)) => vec![info],
            _ => registry::games().iter().collect(),
        };
        let mut text = String::new();
        for info in &games {
            let _ = writeln!(text, "{}\n", info.help);
        }
        if kind.is_none() {
            let names: Vec<String> = registry::games()
                .iter()
                .map(|g| format!("`/new {}`", g.name))
                .collect();
            let _ = writeln!(
                text,
                "**Starting:** {} opens a table here; others press **Join**, the opener presses **Start**.",
                names.join(" or ")
            );
        }
        text.push_str(HOW_TO_PLAY);
        Ok(Reply::ephemeral(text))
    }
}
