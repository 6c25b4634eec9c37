//! Creating, joining, leaving and starting games.

use turnpost_core::Seed;
use turnpost_core::registry::{self, GameInfo};

use super::play::Position;
use super::{Caller, Post, Reply, Table, TableError, refuse};
use crate::store::{GameId, NewGame, SeatRow, Status, UserId};

/// The registry entry of a game by name (a refusal naming the games if there is none).
fn info(kind: &str) -> Result<&'static GameInfo, TableError> {
    registry::find(kind)
        .map_err(|e| TableError::Refused(format!("{}.", super::play::sentence(&e.0))))
}

/// The options in plain words for the lobby.
fn describe_options(info: &GameInfo, options: &[(String, String)]) -> String {
    let words = info.describe_options(options);
    if words.is_empty() {
        "standard rules".into()
    } else {
        words
    }
}

impl Table {
    pub(super) async fn create(
        &self,
        caller: &Caller,
        kind: &str,
        options: Vec<(String, String)>,
        players: Option<usize>,
        seats: Vec<(UserId, String)>,
        seed: Option<Seed>,
    ) -> Result<Reply, TableError> {
        let info = info(kind)?;
        let counts = info.players.clone();
        // Check the options now, with the smallest table, so the lobby never holds bad ones.
        let seed = match seed {
            Some(s) => s,
            None => self.settings.seeds.next().map_err(TableError::Internal)?,
        };
        if let Err(e) = info.new_game(&options, *counts.start(), seed) {
            return refuse(format!("Those options do not work: {e}."));
        }
        let max_players = match (players, seats.len()) {
            (Some(n), _) if !counts.contains(&n) => {
                return refuse(format!(
                    "{} is for {} to {} players, not {n}.",
                    info.title,
                    counts.start(),
                    counts.end()
                ));
            }
            (Some(n), s) if s > n => {
                return refuse(format!("{s} seats listed for a {n}-player table."));
            }
            (Some(n), _) => n,
            (None, 0) => *counts.end(),
            (None, s) => s,
        };
        if !seats.is_empty() && !counts.contains(&seats.len()) {
            return refuse(format!(
                "{} is for {} to {} players; {} were listed.",
                info.title,
                counts.start(),
                counts.end(),
                seats.len()
            ));
        }
        let mut unique = seats.iter().map(|s| s.0).collect::<Vec<_>>();
        unique.sort_unstable();
        unique.dedup();
        if unique.len() != seats.len() {
            return refuse("A player is listed twice.");
        }
        let new = NewGame {
            kind,
            options: &options,
            seed,
            guild_id: caller.guild,
            channel_id: caller.channel,
            creator_id: caller.user,
            max_players,
        };
        if seats.is_empty() {
            let creator = [(caller.user, caller.name.clone())];
            let text = format!(
                "{} opened a {} table ({}) for up to {max_players} players.\nSeats: {}.\nJoin to take a seat; {} starts the game.",
                caller.name,
                info.title,
                describe_options(info, &options),
                caller.name,
                caller.name,
            );
            let reply = lobby_reply(text);
            let deliveries = self.deliveries(Some(caller), caller.channel, &reply, true);
            self.store
                .create_game(&new, &creator, false, &deliveries)
                .await?;
            self.queued(&deliveries);
            return Ok(reply);
        }
        let rows: Vec<SeatRow> = seats
            .iter()
            .enumerate()
            .map(|(i, (user, name))| SeatRow {
                seat: i as u8,
                user_id: *user,
                name: name.clone(),
                resigned: false,
            })
            .collect();
        // The first turn message is made before the game is stored, so both go in one
        // transaction; the game's id is filled in after.
        let mut reply = self.opening(0, kind, &options, seed, &rows).await?;
        let deliveries = self.deliveries(Some(caller), caller.channel, &reply, false);
        let game_id = self
            .store
            .create_game(&new, &seats, true, &deliveries)
            .await?;
        self.queued(&deliveries);
        if let Some(turn) = &mut reply.turn {
            turn.game_id = game_id;
        }
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
            return refuse("The game has already started; you can watch it with /board.");
        }
        let mut names: Vec<String> = self
            .store
            .seats(game_id)
            .await?
            .into_iter()
            .map(|s| s.name)
            .collect();
        names.push(caller.name.clone());
        let reply = lobby_reply(format!(
            "{} joined. Seats ({}/{}): {}.",
            caller.name,
            names.len(),
            row.max_players,
            names.join(", ")
        ));
        let deliveries = self.deliveries(Some(caller), caller.channel, &reply, true);
        match self
            .store
            .add_seat(game_id, caller.user, &caller.name, &deliveries)
            .await?
        {
            None => refuse(format!("The table is full ({} seats).", row.max_players)),
            Some(_) => {
                self.forget(game_id);
                self.queued(&deliveries);
                Ok(reply)
            }
        }
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
            return refuse("The game has started: to give up your seat, use /resign.");
        }
        let names: Vec<String> = self
            .store
            .seats(game_id)
            .await?
            .into_iter()
            .filter(|s| s.user_id != caller.user)
            .map(|s| s.name)
            .collect();
        let (reply, lobby) = if names.is_empty() {
            let text = format!("{} left; the table is empty and closed.", caller.name);
            (lobby_reply(text), false)
        } else {
            let text = format!("{} left. Seats: {}.", caller.name, names.join(", "));
            (lobby_reply(text), true)
        };
        let deliveries = self.deliveries(Some(caller), caller.channel, &reply, lobby);
        // The seat goes (and an empty lobby closes) only while it is still a lobby.
        if !self
            .store
            .remove_seat(game_id, caller.user, &deliveries)
            .await?
        {
            let now = self.store.version(game_id).await?.1;
            return if now == Status::Lobby {
                refuse("You have no seat at this table.")
            } else {
                refuse("The game has started: to give up your seat, use /resign.")
            };
        }
        self.forget(game_id);
        self.queued(&deliveries);
        Ok(reply)
    }

    /// Starts the lobby's game. The seat count is checked again inside the transaction that
    /// starts it, so a Leave racing the Start (here or in another process) can never leave
    /// a running game with a missing seat.
    pub(super) async fn start(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let _guard = self.slot(game_id).lock_owned().await;
        {
            let row = self
                .store
                .game(game_id)
                .await?
                .ok_or_else(|| TableError::Internal("game vanished".into()))?;
            if row.status != Status::Lobby {
                return refuse("The game is already running.");
            }
            if row.creator_id != caller.user && !caller.moderator {
                return refuse(
                    "Only the player who opened the table (or a moderator) can start it.",
                );
            }
            let seats = self.store.seats(game_id).await?;
            let info = registry::find(&row.kind).map_err(|e| TableError::Internal(e.0))?;
            let counts = info.players.clone();
            if !counts.contains(&seats.len()) {
                return refuse(format!(
                    "{} needs {} to {} players; {} seated so far.",
                    info.title,
                    counts.start(),
                    counts.end(),
                    seats.len()
                ));
            }
            let reply = self
                .opening(game_id, &row.kind, &row.options, row.seed, &seats)
                .await?;
            let deliveries = self.deliveries(Some(caller), row.channel_id, &reply, false);
            if !self.store.start(game_id, seats.len(), &deliveries).await? {
                // Nothing was written: someone started it or changed the seats meanwhile.
                self.forget(game_id);
                let (_, status) = self.store.version(game_id).await?;
                return if status == Status::Lobby {
                    refuse(
                        "The seats changed while you pressed Start; look at the lobby and press Start again.",
                    )
                } else {
                    refuse("The game is already running.")
                };
            }
            // Whatever was cached for the lobby is stale now.
            self.forget(game_id);
            self.queued(&deliveries);
            Ok(reply)
        }
    }

    /// The first turn message of a game about to start, with every seat's first DM.
    async fn opening(
        &self,
        game_id: GameId,
        kind: &str,
        options: &[(String, String)],
        seed: Seed,
        seats: &[SeatRow],
    ) -> Result<Reply, TableError> {
        let info = registry::find(kind).map_err(|e| TableError::Internal(e.0))?;
        let game = info
            .new_game(options, seats.len(), seed)
            .map_err(|e| TableError::Internal(format!("the stored options do not work: {e}")))?;
        let names: Vec<String> = (0..seats.len() as u8)
            .map(|s| super::label(seats, Some(game.as_ref()), s))
            .collect();
        let opening = vec![format!("{} begins: {}.", info.title, names.join(", "))];
        let everyone: Vec<bool> = super::fingerprints(game.as_ref(), seats.len())
            .iter()
            .map(Option::is_some)
            .collect();
        let position = Position {
            game_id,
            kind,
            version: 0,
            seats,
            game: game.as_ref(),
            undoable: &[],
        };
        Ok(self.turn_reply(&position, opening, &everyone).await)
    }
}

/// A lobby message.
fn lobby_reply(text: String) -> Reply {
    Reply {
        public: vec![Post {
            text,
            ..Post::default()
        }],
        ..Reply::default()
    }
}
