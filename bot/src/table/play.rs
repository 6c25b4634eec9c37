//! Playing: actions, undo, resignation, and the turn message every change produces.

use turnpost_core::Seat;
use turnpost_core::dynamic::Refusal;
use turnpost_core::menu::Layout;
use turnpost_core::t;
use turnpost_core::words::{Arg, Text, ToText};

pub(super) use super::commit::{Attempt, Step};
use super::commit::{changed_private, same_person};
pub(super) use super::turn_message::Position;
use super::{
    Caller, Confirm, Loaded, Post, Reply, Table, TableError, refuse, seat_label, seat_of,
    sentence_start,
};
use crate::store::{Change, DeadlineChange, LeagueChange, NewAction, Status, StoreError};

/// What the current decision asks for ("place your tile or a castle"), for "you can …";
/// nothing once the game is over.
fn now(game: &dyn turnpost_core::dynamic::DynGame) -> Text {
    game.decision()
        .map(|d| d.prompt)
        .unwrap_or_else(|| Text::concat([]))
}

/// The refusal of an action core did not take, with what the player can do now.
fn refused_action(refusal: Refusal, now: Text) -> Text {
    match refusal {
        Refusal::Parse(e) => t!(
            "bot-cannot-read",
            input = Arg::raw(e.input),
            reason = e.reason
        ),
        Refusal::GameOver => t!("bot-game-over-now", now = now),
        Refusal::NotYourTurn { name, .. } => t!("bot-not-your-turn-now", seat = name, now = now),
        other => t!(
            "bot-refused-now",
            why = sentence_start(&other.to_text()),
            now = now
        ),
    }
}

/// The question before an action that cannot be taken back and leaves `unused`: "You still
/// have 3 workers unused — end the turn anyway?", with the action to play if so.
fn ask_first(
    loaded: &Loaded,
    notation: &str,
    unused: &[turnpost_core::Unused],
    ends_turn: bool,
) -> Reply {
    let mut said = Vec::new();
    for (i, u) in unused.iter().enumerate() {
        if i > 0 {
            said.push(t!("bot-semicolon"));
        }
        said.push(u.to_text());
    }
    let ends_turn = i64::from(ends_turn);
    let text = t!(
        "bot-ask-first",
        unused = Text::concat(said),
        ends_turn = ends_turn
    );
    let label = t!("bot-ask-first-button", ends_turn = ends_turn);
    Reply {
        ephemeral: Some(Post::words(text)),
        turn: loaded.position().and_then(|p| p.turn()).map(|(t, _)| t),
        confirm: Some(Confirm {
            game_id: loaded.row.game_id,
            version: loaded.row.version,
            notation: notation.to_string(),
            label,
        }),
        ..Reply::default()
    }
}

/// What the caller chose to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Chosen {
    /// An action in the game's notation.
    Notation(String),
    /// The action these toggled items stand for ([`turnpost_core::Game::toggled`]): the dice
    /// picked together in the panel's select.
    Toggled(Vec<usize>),
}

/// The refusal for a button from an older message.
fn stale() -> Result<Reply, TableError> {
    refuse(t!("bot-turn-passed"))
}

impl Table {
    /// Plays an action. The first attempt trusts the cached game and channel without asking
    /// the store (the hot path: no read before the write transaction); the commit's version
    /// check in the store catches a copy that another process made stale. A stale commit,
    /// and any refusal of the first attempt (which old state could have caused), lead to a
    /// second attempt that checks everything against the store first and gives the answer.
    pub(super) async fn act(
        &self,
        caller: &Caller,
        chosen: &Chosen,
        version: Option<i64>,
        anyway: bool,
    ) -> Result<Reply, TableError> {
        match self.act_once(caller, chosen, version, anyway, true).await {
            Ok(reply) => Ok(reply),
            Err(Attempt::Failed(TableError::Internal(e))) => Err(TableError::Internal(e)),
            Err(Attempt::Stale | Attempt::Failed(TableError::Refused(_))) => {
                crate::metrics::action_run_again();
                self.act_once(caller, chosen, version, anyway, false)
                    .await
                    .map_err(Attempt::into_table)
            }
        }
    }

    /// One attempt at [`Table::act`]. Unless `anyway`, an action that cannot be taken back
    /// and leaves something unused ([`DynGame::unused`]) is not played but asked about,
    /// where the player has not turned the question off (`/settings confirm:off`).
    async fn act_once(
        &self,
        caller: &Caller,
        chosen: &Chosen,
        version: Option<i64>,
        anyway: bool,
        trust_cache: bool,
    ) -> Result<Reply, Attempt> {
        let game_id = if trust_cache {
            self.cached_channel_game(caller).await?
        } else {
            self.channel_game(caller).await?
        };
        // A repeated interaction is caught by the store's unique index at commit; this
        // check only words the answer when the repeat would be refused by now.
        if !trust_cache
            && let Some(id) = &caller.interaction
            && self.store.seen_interaction(id).await?
        {
            return Ok(Reply::ephemeral(t!("bot-already-played")));
        }
        let mut held = if trust_cache {
            self.hold_cached(game_id).await?
        } else {
            self.hold(game_id).await?
        };
        let loaded = &mut *held;
        // A stale button says so first, whoever pressed it.
        if let Some(v) = version
            && v != loaded.row.version
            && loaded.row.status != Status::Lobby
        {
            return Ok(stale()?);
        }
        let seat = self.acting_seat(loaded, caller)?;
        let game = loaded
            .game
            .as_ref()
            .ok_or_else(|| TableError::Internal("no game".into()))?;
        let picked;
        let notation = match chosen {
            Chosen::Notation(notation) => notation.as_str(),
            Chosen::Toggled(selected) => match game.toggled_choice(Seat(seat), selected) {
                Some(choice) => {
                    picked = choice.notation;
                    picked.as_str()
                }
                None => {
                    let pick = match game.menu(Seat(seat)).layout {
                        Layout::Toggles { pick, .. } => sentence_start(&pick),
                        _ => t!("bot-pick-again").into(),
                    };
                    return Ok(refuse(t!(
                        "bot-toggled-not-a-move",
                        pick = pick,
                        now = now(game.as_ref())
                    ))?);
                }
            },
        };
        // Autocomplete's entry that only explains ("nothing matches …") sends "-".
        if notation.trim() == "-" {
            return Ok(refuse(t!("bot-pick-from-list", now = now(game.as_ref())))?);
        }
        let mut next = game.boxed_clone();
        let played = match next.play(Seat(seat), notation) {
            Ok(p) => p,
            Err(e) => return Ok(refuse(refused_action(e, now(game.as_ref())))?),
        };
        // An action that cannot be taken back: it shows something new, or the turn passes.
        let irreversible = played.reveals
            || !same_person(
                &loaded.seats,
                Some(Seat(seat)),
                next.decision().map(|d| d.seat),
            );
        if irreversible && !anyway {
            let unused = game.unused(Seat(seat), &played.notation);
            if !unused.is_empty() && self.store.confirm_before_ending(caller.user).await? {
                let ends_turn = next
                    .decision()
                    .is_none_or(|d| !same_person(&loaded.seats, Some(Seat(seat)), Some(d.seat)));
                return Ok(ask_first(loaded, &played.notation, &unused, ends_turn));
            }
        }
        let steps = vec![Step {
            seat,
            notation: played.notation,
            reveals: played.reveals,
            log: played.log,
            automatic: false,
        }];
        self.commit(loaded, next, steps, Some(caller), LeagueChange::default())
            .await
    }

    /// The caller's seat, if they may act now.
    fn acting_seat(&self, loaded: &Loaded, caller: &Caller) -> Result<u8, TableError> {
        if loaded.row.status == Status::Lobby {
            return refuse(t!("bot-not-started-opener-starts"));
        }
        let Some(seat) = seat_of(loaded, caller.user) else {
            return refuse(t!("bot-not-playing-watch"));
        };
        if seat.resigned {
            return refuse(t!("bot-resigned-already"));
        }
        let game = loaded
            .game
            .as_ref()
            .ok_or_else(|| TableError::Internal("no game".into()))?;
        let Some(decision) = game.decision() else {
            return refuse(t!("bot-game-over-see-log"));
        };
        if decision.seat.0 != seat.seat {
            return refuse(t!(
                "bot-not-your-turn",
                seat = seat_label(loaded, decision.seat.0)
            ));
        }
        Ok(seat.seat)
    }

    pub(super) async fn undo(
        &self,
        caller: &Caller,
        version: Option<i64>,
    ) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        if let Some(id) = &caller.interaction
            && self.store.seen_interaction(id).await?
        {
            return Ok(Reply::ephemeral(t!("bot-already-done")));
        }
        let mut held = self.hold(game_id).await?;
        let loaded = &mut *held;
        // An Undo button of an older message must not take back what came after it.
        if version.is_some_and(|v| v != loaded.row.version) {
            return stale();
        }
        let seat = self.acting_seat(loaded, caller)?;
        let Some(&(taken_back, _)) = loaded.undoable.last().filter(|&&(_, s)| s == seat) else {
            return match loaded.undoable.last() {
                Some(&(_, s)) => refuse(t!("bot-undo-others-acted", seat = seat_label(loaded, s))),
                None => refuse(t!("bot-undo-nothing")),
            };
        };
        // Rebuild the state without the last action: replay the stored log plus the undo.
        let (game, rows) = self
            .replayed_with_undo(
                loaded,
                taken_back,
                crate::store::ActionRow {
                    seq: loaded.row.version + 1,
                    seat,
                    notation: "undo".into(),
                    reveals: false,
                    log: Vec::new(),
                    check: crate::store::Check::Verified,
                },
            )
            .await?;
        let undone = rows
            .iter()
            .find(|a| a.seq == taken_back)
            .map(|a| a.notation.clone())
            .unwrap_or_default();
        let line = t!(
            "bot-log-took-back",
            seat = seat_label(loaded, seat),
            notation = Arg::raw(undone.clone())
        );
        let version = loaded.row.version + 1;
        let mut undoable = loaded.undoable.clone();
        undoable.pop();
        let mut held = loaded.held.clone();
        held.pop();
        let private = super::fingerprints(game.as_ref(), loaded.seats.len());
        let flags = changed_private(
            &loaded.private,
            &private,
            Some(Seat(seat)),
            game.decision().map(|d| d.seat),
        );
        let position = Position {
            game_id,
            guild: loaded.row.guild_id,
            kind: &loaded.row.kind,
            version,
            seats: &loaded.seats,
            game: game.as_ref(),
            undoable: &undoable,
            due: None,
        };
        let same_turn = same_person(
            &loaded.seats,
            Some(Seat(seat)),
            game.decision().map(|d| d.seat),
        );
        let to_act = game.decision().and_then(|d| {
            loaded
                .seats
                .get(d.seat.index())
                .map(|r| (d.seat.0, r.user_id))
        });
        let hours = loaded.row.terms.deadline_hours;
        let (undo_deadline, due) = match to_act {
            Some((seat, user)) if !same_turn => (
                DeadlineChange::Set { seat, user, hours },
                self.due(loaded.row.terms, game_id, user, false).await?,
            ),
            Some((_, user)) => (
                DeadlineChange::Keep,
                self.due(loaded.row.terms, game_id, user, true).await?,
            ),
            None => (DeadlineChange::Keep, None),
        };
        let undo_deadline = undo_deadline.for_game(hours);
        let position = Position { due, ..position };
        // What undo takes back was held back from the channel (see `commit`): the turn
        // message stays as it is, and only the player hears what was taken back. Should
        // the decision have passed to someone else (never within one person's held steps),
        // the turn message is made anew.
        let (turn_lines, mut reply) = if same_turn && !flags.iter().any(|&f| f) {
            let reply = Reply {
                turn: position.turn().map(|(t, _)| t),
                ..Reply::default()
            };
            (loaded.turn_lines.clone(), reply)
        } else {
            let turn_lines = loaded.turn_lines.after(&[], same_turn);
            let reply = self
                .turn_reply(&position, turn_lines.shown(), &flags, true)
                .await;
            (turn_lines, reply)
        };
        reply.news = vec![t!(
            "bot-took-back",
            seat = seat_label(loaded, seat),
            notation = Arg::raw(undone)
        )];
        let deliveries = self.deliveries(Some(caller), loaded.row.channel_id, &reply, false);
        let log = vec![line];
        let stored = self
            .store
            .append(
                game_id,
                loaded.row.version,
                &Change {
                    actions: &[NewAction {
                        seat,
                        notation: "undo",
                        interaction_id: caller.interaction.as_deref(),
                        reveals: false,
                        log: &log,
                    }],
                    snapshot: None,
                    status: None,
                    deliveries: &deliveries,
                    league: &LeagueChange {
                        deadline: undo_deadline,
                        ..LeagueChange::default()
                    },
                },
            )
            .await;
        match stored {
            Ok(_) => {}
            Err(StoreError::Duplicate) => {
                return Ok(Reply::ephemeral(t!("bot-already-done")));
            }
            Err(e) => {
                self.forget(game_id);
                return Err(e.into());
            }
        }
        self.queued(&deliveries);
        if undoable.is_empty() {
            // Back at the game the channel sees.
            loaded.published = None;
        }
        loaded.undoable = undoable;
        loaded.held = held;
        loaded.since_snapshot = loaded.since_snapshot.saturating_sub(1);
        loaded.row.version = version;
        loaded.private = private;
        loaded.turn_lines = turn_lines;
        loaded.game = Some(game);
        Ok(reply)
    }

    /// Gives up the caller's seat. The resignation and the automatic moves it causes are
    /// one commit, so no crash can leave a game waiting for a seat nobody plays.
    pub(super) async fn resign(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let mut held = self.hold(game_id).await?;
        let loaded = &mut *held;
        if loaded.row.status == Status::Lobby {
            return refuse(t!("bot-resign-not-started"));
        }
        let Some(seat) = seat_of(loaded, caller.user)
            .filter(|s| !s.resigned)
            .map(|s| s.seat)
        else {
            return refuse(t!("bot-resign-no-seat"));
        };
        let game = loaded
            .game
            .as_ref()
            .ok_or_else(|| TableError::Internal("no game".into()))?;
        let step = self.resign_step(loaded, seat, Resignation::Resigned)?;
        let next = game.boxed_clone();
        let steps = vec![step];
        self.commit(loaded, next, steps, Some(caller), LeagueChange::default())
            .await
            .map_err(Attempt::into_table)
    }

    /// The `resign` entry of a seat, with the lines that say what follows: the seat plays
    /// on automatically, or the last seat still playing wins. `why` says why the seat
    /// gives up ("resigned", "ran out of time and forfeits").
    pub(super) fn resign_step(
        &self,
        loaded: &Loaded,
        seat: u8,
        why: Resignation,
    ) -> Result<Step, TableError> {
        let label = seat_label(loaded, seat);
        let remaining: Vec<u8> = loaded
            .seats
            .iter()
            .filter(|s| !s.resigned && s.seat != seat)
            .map(|s| s.seat)
            .collect();
        let mut lines = vec![why.line(label.clone())];
        match remaining.as_slice() {
            [] => {}
            [w] => lines.push(t!(
                "bot-log-wins-by-resignation",
                seat = seat_label(loaded, *w)
            )),
            _ => lines.push(t!("bot-log-plays-automatically", seat = label)),
        }
        Ok(Step {
            seat,
            notation: "resign".into(),
            reveals: true,
            log: lines,
            automatic: false,
        })
    }
}

/// Why a seat gives up: the first line of its `resign` entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Resignation {
    /// The player resigned.
    Resigned,
    /// The deadline passed and the table forfeits late seats.
    TimedOut,
    /// The table voted to replace the seat, and nobody took it.
    NotReplaced,
}

impl Resignation {
    fn line(self, seat: Text) -> Text {
        match self {
            Resignation::Resigned => t!("bot-log-resigned", seat = seat),
            Resignation::TimedOut => t!("bot-log-forfeits", seat = seat),
            Resignation::NotReplaced => t!("bot-log-not-replaced", seat = seat),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_question_before_leaving_something_unused_reads_as_it_did_in_english() {
        crate::install_words();
        let unused = || {
            Text::concat([
                t!("unused-workers", n = 2),
                t!("bot-semicolon"),
                t!("unused-workers", n = 1),
            ])
        };
        let ending = t!("bot-ask-first", unused = unused(), ends_turn = 1);
        assert_eq!(
            ending.to_string(),
            "You still have 2 workers unused; You still have 1 worker unused — end the turn anyway?\n(Back returns to your choices; /settings confirm:off stops this question.)"
        );
        let going_on = t!("bot-ask-first", unused = unused(), ends_turn = 0);
        assert_eq!(
            going_on.to_string(),
            "You still have 2 workers unused; You still have 1 worker unused — go on anyway? It cannot be taken back.\n(Back returns to your choices; /settings confirm:off stops this question.)"
        );
        assert_eq!(
            t!("bot-ask-first-button", ends_turn = 1).to_string(),
            "End turn anyway"
        );
        assert_eq!(
            t!("bot-ask-first-button", ends_turn = 0).to_string(),
            "Go on anyway"
        );
    }
}
