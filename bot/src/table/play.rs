//! Playing: actions, undo, resignation, and the turn message every change produces.

use serde_json::Value;
use turnpost_core::Seat;
use turnpost_core::dynamic::{DynGame, Refusal};

use super::{Caller, Loaded, Post, Reply, Table, TableError, Turn, refuse, seat_label, seat_of};
use crate::store::{NewAction, Status, StoreError};

/// The action a resigned seat plays when the game asks it: pass if it may, else the first
/// legal action (a placement must still be made in some games).
fn automatic_action(game: &dyn DynGame, seat: Seat) -> Option<String> {
    let legal = game.legal_notations(seat);
    legal
        .iter()
        .find(|a| a.as_str() == "pass")
        .or_else(|| legal.first())
        .cloned()
}

fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    out.push_str(chars.as_str());
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// One action to store and its effect.
struct Step {
    seat: u8,
    notation: String,
    reveals: bool,
    log: Vec<String>,
    automatic: bool,
}

impl Table {
    pub(super) async fn act(
        &self,
        caller: &Caller,
        notation: &str,
        version: Option<i64>,
    ) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        if let Some(id) = &caller.interaction
            && self.store.seen_interaction(id).await?
        {
            return Ok(Reply::ephemeral("That was already played."));
        }
        let mut held = self.hold(game_id).await?;
        let loaded = &mut *held;
        // A stale button says so first, whoever pressed it.
        if let Some(v) = version
            && v != loaded.row.version
            && loaded.row.status != Status::Lobby
        {
            return refuse(
                "This turn has passed: the board has changed since that message. Use the latest one, or /play.",
            );
        }
        let seat = self.acting_seat(loaded, caller)?;
        let game = loaded
            .game
            .as_ref()
            .ok_or_else(|| TableError::Internal("no game".into()))?;
        let mut next = game.boxed_clone();
        let played = match next.play(Seat(seat), notation) {
            Ok(p) => p,
            Err(Refusal::Parse(e)) => return refuse(sentence(&e.to_string())),
            Err(e) => {
                let now = game.decision().map(|d| d.prompt).unwrap_or_default();
                return refuse(format!("{} You can {now}.", sentence(&e.to_string())));
            }
        };
        let steps = vec![Step {
            seat,
            notation: played.notation,
            reveals: played.reveals,
            log: played.log,
            automatic: false,
        }];
        self.commit(loaded, next, steps, caller.interaction.as_deref())
            .await
    }

    /// The caller's seat, if they may act now.
    fn acting_seat(&self, loaded: &Loaded, caller: &Caller) -> Result<u8, TableError> {
        if loaded.row.status == Status::Lobby {
            return refuse(
                "The game has not started yet: the player who opened the table starts it.",
            );
        }
        let Some(seat) = seat_of(loaded, caller.user) else {
            return refuse("You are not playing in this game; you can watch it with /board.");
        };
        if seat.resigned {
            return refuse("You resigned from this game.");
        }
        let game = loaded
            .game
            .as_ref()
            .ok_or_else(|| TableError::Internal("no game".into()))?;
        let Some(decision) = game.decision() else {
            return refuse("The game is over; /log shows how it went.");
        };
        if decision.seat.0 != seat.seat {
            return refuse(format!(
                "It is {}'s turn — you can look at the board or your hand meanwhile.",
                seat_label(loaded, decision.seat.0)
            ));
        }
        Ok(seat.seat)
    }

    /// Plays resigned seats' automatic moves after `next`, stores everything in one
    /// transaction, and only then makes it the game's state.
    async fn commit(
        &self,
        loaded: &mut Loaded,
        mut next: Box<dyn DynGame>,
        mut steps: Vec<Step>,
        interaction: Option<&str>,
    ) -> Result<Reply, TableError> {
        let game_id = loaded.row.game_id;
        while let Some(d) = next.decision() {
            let resigned = loaded.seats.get(d.seat.index()).is_some_and(|s| s.resigned);
            if !resigned {
                break;
            }
            let Some(action) = automatic_action(next.as_ref(), d.seat) else {
                break;
            };
            let played = next.play(d.seat, &action).map_err(|e| {
                TableError::Internal(format!("automatic move {action} refused: {e}"))
            })?;
            steps.push(Step {
                seat: d.seat.0,
                notation: played.notation,
                reveals: true,
                log: played.log,
                automatic: true,
            });
        }
        let before = std::mem::take(&mut loaded.private);
        let before_seat = loaded
            .game
            .as_ref()
            .and_then(|g| g.decision())
            .map(|d| d.seat);
        let last_reveals = steps.last().is_some_and(|s| s.reveals);
        let snapshot = (last_reveals
            && loaded.since_snapshot + steps.len() >= self.settings.snapshot_every)
            .then(|| next.save().to_string());
        let status = next.decision().is_none().then_some(Status::Finished);
        let actions: Vec<NewAction<'_>> = steps
            .iter()
            .enumerate()
            .map(|(i, s)| NewAction {
                seat: s.seat,
                notation: &s.notation,
                interaction_id: if i == 0 && !s.automatic {
                    interaction
                } else {
                    None
                },
                reveals: s.reveals,
                log: &s.log,
            })
            .collect();
        let version = match self
            .store
            .append(
                game_id,
                loaded.row.version,
                &actions,
                snapshot.as_deref(),
                status,
            )
            .await
        {
            Ok(v) => v,
            Err(StoreError::Duplicate) => return Ok(Reply::ephemeral("That was already played.")),
            Err(e @ StoreError::VersionConflict) => {
                // Another process wrote first: our copy is stale.
                self.forget(game_id);
                return Err(e.into());
            }
            Err(e) => return Err(e.into()),
        };
        // Committed: only now does the new state become the game.
        let first_seq = loaded.row.version + 1;
        for (i, s) in steps.iter().enumerate() {
            if s.reveals {
                loaded.undoable.clear();
            } else {
                loaded.undoable.push((first_seq + i as i64, s.seat));
            }
        }
        loaded.since_snapshot = if snapshot.is_some() {
            0
        } else {
            loaded.since_snapshot + steps.len()
        };
        loaded.row.version = version;
        if let Some(s) = status {
            loaded.row.status = s;
        }
        loaded.game = Some(next);
        let lines: Vec<String> = steps.into_iter().flat_map(|s| s.log).collect();
        let changed = self.changed_private(loaded, &before, before_seat);
        let reply = self.turn_reply(loaded, lines, &changed).await;
        if status.is_some() {
            self.forget(game_id);
        }
        Ok(reply)
    }

    /// Which seats get a private message: a seat whose turn just began, and a seat whose
    /// private items changed while it was not in the middle of its own turn (a drawn tile
    /// after the turn ends, a card taken in someone else's turn).
    fn changed_private(
        &self,
        loaded: &mut Loaded,
        before: &[Option<Value>],
        before_seat: Option<Seat>,
    ) -> Vec<bool> {
        let Some(game) = loaded.game.as_ref() else {
            return Vec::new();
        };
        let now_seat = game.decision().map(|d| d.seat);
        let now = super::private_views(game.as_ref(), loaded.seats.len());
        let flags = now
            .iter()
            .enumerate()
            .map(|(i, view)| {
                let seat = Seat(i as u8);
                let turn_began = now_seat == Some(seat) && before_seat != Some(seat);
                let mid_turn = now_seat == Some(seat) && before_seat == Some(seat);
                let changed = before.get(i).is_none_or(|b| b != view);
                view.is_some() && (turn_began || (changed && !mid_turn))
            })
            .collect();
        loaded.private = now;
        flags
    }

    pub(super) async fn undo(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let mut held = self.hold(game_id).await?;
        let loaded = &mut *held;
        let seat = self.acting_seat(loaded, caller)?;
        match loaded.undoable.last() {
            Some(&(_, s)) if s == seat => {}
            Some(&(_, s)) => {
                return refuse(format!(
                    "{} has acted since; only your own actions of this turn can be taken back.",
                    seat_label(loaded, s)
                ));
            }
            None => {
                return refuse(
                    "There is nothing to take back: undo never goes past a die roll, a drawn tile or a revealed card, nor into an earlier turn.",
                );
            }
        }
        // Rebuild the state without the last action: replay the stored log plus the undo.
        let mut rows = self
            .store
            .actions_between(game_id, 0, loaded.row.version)
            .await?;
        rows.push(crate::store::ActionRow {
            seq: loaded.row.version + 1,
            seat,
            notation: "undo".into(),
            reveals: false,
            log: Vec::new(),
        });
        let effective = super::effective_actions(rows)?;
        let taken_back = loaded.undoable.last().map(|&(seq, _)| seq);
        let mut game = turnpost_core::dynamic::new_game(
            &loaded.row.kind,
            &loaded.row.options,
            loaded.seats.len(),
            loaded.row.seed,
        )
        .map_err(|e| TableError::Internal(e.to_string()))?;
        let mut undone = String::new();
        for a in &effective {
            if a.notation != "resign" {
                game.play(Seat(a.seat), &a.notation)
                    .map_err(|e| TableError::Internal(format!("replaying {}: {e}", a.notation)))?;
            }
        }
        if let Some(seq) = taken_back {
            undone = self
                .store
                .actions_after(game_id, seq - 1)
                .await?
                .first()
                .map(|a| a.notation.clone())
                .unwrap_or_default();
        }
        let line = format!("{} took back \"{undone}\"", seat_label(loaded, seat));
        let before = std::mem::take(&mut loaded.private);
        let log = vec![line.clone()];
        let version = self
            .store
            .append(
                game_id,
                loaded.row.version,
                &[NewAction {
                    seat,
                    notation: "undo",
                    interaction_id: caller.interaction.as_deref(),
                    reveals: false,
                    log: &log,
                }],
                None,
                None,
            )
            .await;
        let version = match version {
            Ok(v) => v,
            Err(StoreError::Duplicate) => return Ok(Reply::ephemeral("That was already done.")),
            Err(e) => {
                self.forget(game_id);
                return Err(e.into());
            }
        };
        loaded.undoable.pop();
        loaded.since_snapshot = loaded.since_snapshot.saturating_sub(1);
        loaded.row.version = version;
        loaded.game = Some(game);
        let before_seat = Some(Seat(seat));
        let changed = self.changed_private(loaded, &before, before_seat);
        Ok(self.turn_reply(loaded, vec![line], &changed).await)
    }

    pub(super) async fn resign(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let mut held = self.hold(game_id).await?;
        let loaded = &mut *held;
        if loaded.row.status == Status::Lobby {
            return refuse("The game has not started: use Leave to give up your seat.");
        }
        let Some(seat) = seat_of(loaded, caller.user)
            .filter(|s| !s.resigned)
            .map(|s| s.seat)
        else {
            return refuse("You have no seat to give up in this game.");
        };
        let game = loaded
            .game
            .as_ref()
            .ok_or_else(|| TableError::Internal("no game".into()))?;
        let label = seat_label(loaded, seat);
        let remaining: Vec<u8> = loaded
            .seats
            .iter()
            .filter(|s| !s.resigned && s.seat != seat)
            .map(|s| s.seat)
            .collect();
        let mut lines = vec![format!("{label} resigned")];
        let ends = remaining.len() <= 1;
        if ends {
            if let Some(&w) = remaining.first() {
                lines.push(format!(
                    "{} wins: everyone else resigned",
                    seat_label(loaded, w)
                ));
            }
        } else {
            lines.push(format!(
                "{label}'s seat now plays automatically (passing where it may)"
            ));
        }
        let log = lines.clone();
        let version = self
            .store
            .append(
                game_id,
                loaded.row.version,
                &[NewAction {
                    seat,
                    notation: "resign",
                    interaction_id: caller.interaction.as_deref(),
                    reveals: true,
                    log: &log,
                }],
                None,
                ends.then_some(Status::Finished),
            )
            .await;
        let version = match version {
            Ok(v) => v,
            Err(StoreError::Duplicate) => return Ok(Reply::ephemeral("That was already done.")),
            Err(e) => {
                self.forget(game_id);
                return Err(e.into());
            }
        };
        loaded.seats[usize::from(seat)].resigned = true;
        loaded.row.version = version;
        loaded.undoable.clear();
        if ends {
            loaded.row.status = Status::Finished;
            self.forget(game_id);
            return Ok(Reply {
                public: vec![Post {
                    text: lines.join("\n"),
                    ..Post::default()
                }],
                ..Reply::default()
            });
        }
        // If it was the resigned seat's decision, its automatic moves follow at once.
        let next = game.boxed_clone();
        if next.decision().is_some_and(|d| d.seat.0 == seat) {
            let mut reply = self.commit(loaded, next, Vec::new(), None).await?;
            if let Some(post) = reply.public.first_mut() {
                post.text = format!("{}\n{}", lines.join("\n"), post.text);
            }
            return Ok(reply);
        }
        Ok(self.turn_reply(loaded, lines, &[]).await)
    }

    /// The public turn message (log lines, whose turn, the board picture) and a private
    /// message for each seat flagged in `private` (indexed by seat).
    pub(super) async fn turn_reply(
        &self,
        loaded: &Loaded,
        lines: Vec<String>,
        private: &[bool],
    ) -> Reply {
        let Some(game) = loaded.game.as_ref() else {
            return Reply::default();
        };
        let kind = loaded.row.kind.as_str();
        let mut text = lines.join("\n");
        let mut ping = Vec::new();
        let mut turn = None;
        match game.decision() {
            Some(d) => {
                let seat = &loaded.seats[d.seat.index()];
                text.push_str(&format!(
                    "\n{} to play: {}",
                    seat_label(loaded, d.seat.0),
                    d.prompt
                ));
                ping.push(seat.user_id);
                turn = Some(Turn {
                    game_id: loaded.row.game_id,
                    version: loaded.row.version,
                    user: seat.user_id,
                    prompt: d.prompt,
                    can_undo: loaded.undoable.last().is_some_and(|&(_, s)| s == d.seat.0),
                });
            }
            None => {
                if let Some(o) = game.outcome() {
                    let winners: Vec<String> =
                        o.winners.iter().map(|w| seat_label(loaded, w.0)).collect();
                    text.push_str(&format!(
                        "\nThe game is over. Winner: {}.",
                        winners.join(" and ")
                    ));
                }
            }
        }
        let images = self.paint_public(kind, game.as_ref()).await;
        let mut private_posts = Vec::new();
        for (i, &send) in private.iter().enumerate() {
            let seat = Seat(i as u8);
            let Some(row) = loaded.seats.get(i) else {
                continue;
            };
            if !send || row.resigned || loaded.private.get(i).is_none_or(Option::is_none) {
                continue;
            }
            let view = game.seat_view(seat);
            let text = turnpost_render::text::private(kind, &view);
            let images = self.paint_private(kind, view).await;
            private_posts.push((
                row.user_id,
                Post {
                    text,
                    images,
                    ping: Vec::new(),
                },
            ));
        }
        Reply {
            public: vec![Post { text, images, ping }],
            private: private_posts,
            ephemeral: None,
            turn,
            games: Vec::new(),
        }
    }
}
