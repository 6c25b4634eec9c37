//! Creating, joining, leaving and starting games.

use turnpost_core::Seed;
use turnpost_core::dynamic::{GAMES, new_game, player_counts};

use super::{Caller, Post, Reply, Table, TableError, refuse};
use crate::store::{NewGame, Status, UserId};

fn game_title(kind: &str) -> &str {
    match kind {
        "pandoria" => "Pandoria",
        "rtta" => "Roll Through the Ages",
        other => other,
    }
}

fn describe_options(options: &[(String, String)]) -> String {
    if options.is_empty() {
        "default options".into()
    } else {
        options
            .iter()
            .map(|(k, v)| format!("{} {}", k.replace('_', " "), v.replace('_', " ")))
            .collect::<Vec<_>>()
            .join(", ")
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
        let Some(counts) = player_counts(kind) else {
            return refuse(format!(
                "There is no game called \"{kind}\". Games: {}.",
                GAMES.join(", ")
            ));
        };
        // Check the options now, with the smallest table, so the lobby never holds bad ones.
        let seed = match seed {
            Some(s) => s,
            None => self.settings.seeds.next().map_err(TableError::Internal)?,
        };
        if let Err(e) = new_game(kind, &options, *counts.start(), seed) {
            return refuse(format!("Those options do not work: {e}."));
        }
        let max_players = match (players, seats.len()) {
            (Some(n), _) if !counts.contains(&n) => {
                return refuse(format!(
                    "{} is for {} to {} players, not {n}.",
                    game_title(kind),
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
                game_title(kind),
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
            self.store.create_game(&new, &creator, false).await?;
            let text = format!(
                "{} opened a {} table ({}) for up to {max_players} players.\nSeats: {}.\nJoin to take a seat; {} starts the game.",
                caller.name,
                game_title(kind),
                describe_options(&options),
                caller.name,
                caller.name,
            );
            return Ok(Reply {
                public: vec![Post {
                    text,
                    ..Post::default()
                }],
                ..Reply::default()
            });
        }
        let game_id = self.store.create_game(&new, &seats, true).await?;
        self.announce(game_id).await
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
        match self
            .store
            .add_seat(game_id, caller.user, &caller.name)
            .await?
        {
            None => refuse(format!("The table is full ({} seats).", row.max_players)),
            Some(_) => {
                self.forget(game_id);
                let names: Vec<String> = self
                    .store
                    .seats(game_id)
                    .await?
                    .into_iter()
                    .map(|s| s.name)
                    .collect();
                Ok(Reply {
                    public: vec![Post {
                        text: format!(
                            "{} joined. Seats ({}/{}): {}.",
                            caller.name,
                            names.len(),
                            row.max_players,
                            names.join(", ")
                        ),
                        ..Post::default()
                    }],
                    ..Reply::default()
                })
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
        if !self.store.remove_seat(game_id, caller.user).await? {
            return refuse("You have no seat at this table.");
        }
        self.forget(game_id);
        let names: Vec<String> = self
            .store
            .seats(game_id)
            .await?
            .into_iter()
            .map(|s| s.name)
            .collect();
        if names.is_empty() {
            self.store
                .set_status(game_id, Status::Lobby, Status::Abandoned)
                .await?;
            return Ok(Reply {
                public: vec![Post {
                    text: format!("{} left; the table is empty and closed.", caller.name),
                    ..Post::default()
                }],
                ..Reply::default()
            });
        }
        Ok(Reply {
            public: vec![Post {
                text: format!("{} left. Seats: {}.", caller.name, names.join(", ")),
                ..Post::default()
            }],
            ..Reply::default()
        })
    }

    pub(super) async fn start(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        {
            let _guard = self.slot(game_id).lock_owned().await;
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
            let counts = player_counts(&row.kind)
                .ok_or_else(|| TableError::Internal("unknown game".into()))?;
            if !counts.contains(&seats.len()) {
                return refuse(format!(
                    "{} needs {} to {} players; {} seated so far.",
                    game_title(&row.kind),
                    counts.start(),
                    counts.end(),
                    seats.len()
                ));
            }
        }
        self.begin(game_id).await
    }

    /// Moves a seated lobby into play and announces the first turn.
    async fn begin(&self, game_id: i64) -> Result<Reply, TableError> {
        if !self.store.start(game_id).await? {
            return refuse("The game is already running.");
        }
        self.announce(game_id).await
    }

    /// The first turn message of a game that just became active.
    async fn announce(&self, game_id: i64) -> Result<Reply, TableError> {
        // Whatever was cached for the lobby is stale now.
        self.forget(game_id);
        let held = self.hold(game_id).await?;
        let loaded = &*held;
        let names: Vec<String> = (0..loaded.seats.len() as u8)
            .map(|s| super::seat_label(loaded, s))
            .collect();
        let opening = vec![format!(
            "{} begins: {}.",
            game_title(&loaded.row.kind),
            names.join(", ")
        )];
        let everyone = vec![true; loaded.seats.len()];
        Ok(self.turn_reply(loaded, opening, &everyone).await)
    }
}
