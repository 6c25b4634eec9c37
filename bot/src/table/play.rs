//! Playing: actions, undo, resignation, and the turn message every change produces.

use turnpost_core::Seat;
use turnpost_core::dynamic::{DynGame, Refusal};

use super::ai::ai_level;
use super::load::is_table_entry;
use super::{
    Caller, Confirm, Loaded, Post, Reply, Table, TableError, Turn, label, refuse, seat_label,
    seat_of,
};
use crate::store::{
    Change, DeadlineChange, FinishedGame, GameId, LeagueChange, NewAction, Policy, ResultRow,
    SeatRow, Status, StoreError, UserId,
};

pub(super) fn sentence(text: &str) -> String {
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

/// A position to describe in a turn message: the game as it will be once the change
/// commits (turn messages are built before the commit, so they go into the outbox with it).
pub(super) struct Position<'a> {
    pub game_id: GameId,
    pub kind: &'a str,
    pub version: i64,
    pub seats: &'a [SeatRow],
    pub game: &'a dyn DynGame,
    /// Actions undo may take back, as (seq, seat), newest last.
    pub undoable: &'a [(i64, u8)],
    /// The deadline of the player to act, if the table has deadlines.
    pub due: Option<Due>,
}

/// A deadline to show on a turn message.
#[derive(Clone, Copy, Debug)]
pub(super) struct Due {
    /// When it passes (unix ms).
    pub at: i64,
    /// The player's vacation, if they are away: the clock waits until it ends.
    pub away_until: Option<i64>,
    /// What happens then.
    pub policy: Policy,
}

impl Due {
    /// The turn message's line: "Deadline in 23 hours (then the turn is skipped)."
    pub(super) fn line(&self) -> String {
        let mut line = format!(
            "⏳ Deadline <t:{}:R> (then {}).",
            self.at.div_euclid(1000),
            self.policy.words()
        );
        if let Some(until) = self.away_until {
            line.push_str(&format!(
                " On vacation until <t:{}:f>: the clock waits.",
                until.div_euclid(1000)
            ));
        }
        line
    }
}

impl Position<'_> {
    /// Who must act and on what, with the line that says so ("Anna (Red) to play: …");
    /// `None` when the game is over.
    pub(super) fn turn(&self) -> Option<(Turn, String)> {
        let d = self.game.decision()?;
        let seat = self.seats.get(d.seat.index())?;
        let line = format!(
            "{} to play: {}",
            label(self.seats, Some(self.game), d.seat.0),
            d.prompt
        );
        let turn = Turn {
            game_id: self.game_id,
            version: self.version,
            user: seat.user_id,
            prompt: d.prompt,
            can_undo: self.undoable.last().is_some_and(|&(_, s)| s == d.seat.0),
        };
        Some((turn, line))
    }
}

/// Which seats get a private message after a change: a seat whose turn just began, and a
/// seat whose private items changed while it was not in the middle of its own turn (a drawn
/// tile after the turn ends, a card taken in someone else's turn).
fn changed_private(
    before: &[Option<u64>],
    now: &[Option<u64>],
    before_seat: Option<Seat>,
    now_seat: Option<Seat>,
) -> Vec<bool> {
    now.iter()
        .enumerate()
        .map(|(i, view)| {
            let seat = Seat(i as u8);
            let turn_began = now_seat == Some(seat) && before_seat != Some(seat);
            let mid_turn = now_seat == Some(seat) && before_seat == Some(seat);
            let changed = before.get(i).is_none_or(|b| b != view);
            view.is_some() && (turn_began || (changed && !mid_turn))
        })
        .collect()
}

/// Whether the decision stays with the same person (the next step of one turn): then the
/// turn message is edited, not posted anew.
fn same_person(seats: &[SeatRow], before: Option<Seat>, now: Option<Seat>) -> bool {
    let user = |s: Option<Seat>| s.and_then(|s| seats.get(s.index())).map(|r| r.user_id);
    user(before).is_some() && user(before) == user(now)
}

/// The question before an action that cannot be taken back and leaves `unused`: "You still
/// have 3 workers unused — end the turn anyway?", with the action to play if so.
fn ask_first(
    loaded: &Loaded,
    notation: &str,
    unused: &[turnpost_core::Unused],
    ends_turn: bool,
) -> Reply {
    let (question, label) = if ends_turn {
        ("end the turn anyway?", "End turn anyway")
    } else {
        ("go on anyway? It cannot be taken back.", "Go on anyway")
    };
    let said: Vec<String> = unused.iter().map(ToString::to_string).collect();
    let text = format!(
        "{} — {question}\n(Back returns to your choices; /settings confirm:off stops this question.)",
        said.join("; ")
    );
    Reply {
        ephemeral: Some(Post {
            text,
            ..Post::default()
        }),
        turn: loaded.position().and_then(|p| p.turn()).map(|(t, _)| t),
        confirm: Some(Confirm {
            game_id: loaded.row.game_id,
            version: loaded.row.version,
            notation: notation.to_string(),
            label: label.to_string(),
        }),
        ..Reply::default()
    }
}

/// Said under a step held back from the channel (issue 28): the others see it once it is
/// final, and until then it can be taken back.
pub const HELD_NOTE: &str =
    "\n(Only you see this until your turn goes past something new or ends; Undo can take it back.)";

/// The refusal for a button from an older message.
fn stale() -> Result<Reply, TableError> {
    refuse(
        "This turn has passed: the board has changed since that message. Use the latest one, or /play.",
    )
}

/// Why an attempt at a command did not end in an answer.
pub(super) enum Attempt {
    /// The cached copy of the game was stale: another process wrote first (the store's
    /// version check refused the commit), or a refusal may have come from old state.
    Stale,
    /// The answer: a refusal or our failure.
    Failed(TableError),
}

impl From<TableError> for Attempt {
    fn from(e: TableError) -> Self {
        Attempt::Failed(e)
    }
}

impl From<StoreError> for Attempt {
    fn from(e: StoreError) -> Self {
        Attempt::Failed(e.into())
    }
}

impl Attempt {
    /// The answer for a caller who cannot retry.
    pub(super) fn into_table(self) -> TableError {
        match self {
            Attempt::Stale => StoreError::VersionConflict.into(),
            Attempt::Failed(e) => e,
        }
    }
}

/// One action to store and its effect.
pub(super) struct Step {
    pub(super) seat: u8,
    pub(super) notation: String,
    pub(super) reveals: bool,
    pub(super) log: Vec<String>,
    pub(super) automatic: bool,
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
        notation: &str,
        version: Option<i64>,
        anyway: bool,
    ) -> Result<Reply, TableError> {
        match self.act_once(caller, notation, version, anyway, true).await {
            Ok(reply) => Ok(reply),
            Err(Attempt::Failed(TableError::Internal(e))) => Err(TableError::Internal(e)),
            Err(Attempt::Stale | Attempt::Failed(TableError::Refused(_))) => self
                .act_once(caller, notation, version, anyway, false)
                .await
                .map_err(Attempt::into_table),
        }
    }

    /// One attempt at [`Table::act`]. Unless `anyway`, an action that cannot be taken back
    /// and leaves something unused ([`DynGame::unused`]) is not played but asked about,
    /// where the player has not turned the question off (`/settings confirm:off`).
    async fn act_once(
        &self,
        caller: &Caller,
        notation: &str,
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
            return Ok(Reply::ephemeral("That was already played."));
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
        // Autocomplete's entry that only explains ("nothing matches …") sends "-".
        if notation.trim() == "-" {
            let now = game.decision().map(|d| d.prompt).unwrap_or_default();
            return Ok(refuse(format!(
                "Pick an action from the list as you type (a space like D7, a card name), or use Take my turn. You can {now}."
            ))?);
        }
        let mut next = game.boxed_clone();
        let played = match next.play(Seat(seat), notation) {
            Ok(p) => p,
            Err(Refusal::Parse(e)) => return Ok(refuse(sentence(&e.to_string()))?),
            Err(e) => {
                let now = game.decision().map(|d| d.prompt).unwrap_or_default();
                return Ok(refuse(format!(
                    "{} You can {now}.",
                    sentence(&e.to_string())
                ))?);
            }
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

    /// Plays resigned seats' automatic moves after `next`, builds the turn message, and
    /// stores the steps, the message, the DMs and the league's records (the deadline, the
    /// results and ratings of a finished game, a seat taken over in `league`) in one
    /// transaction; only then does `next` become the game. A `resign` step among `steps`
    /// marks its seat resigned (in the same transaction), so its automatic moves follow at
    /// once.
    pub(super) async fn commit(
        &self,
        loaded: &mut Loaded,
        mut next: Box<dyn DynGame>,
        mut steps: Vec<Step>,
        caller: Option<&Caller>,
        mut league: LeagueChange,
    ) -> Result<Reply, Attempt> {
        let game_id = loaded.row.game_id;
        let mut seats = loaded.seats.clone();
        for s in steps.iter().filter(|s| s.notation == "resign") {
            if let Some(row) = seats.get_mut(usize::from(s.seat)) {
                row.resigned = true;
            }
        }
        if let Some((seat, user, name)) = &league.seat_taken
            && let Some(row) = seats.get_mut(usize::from(*seat))
        {
            row.user_id = *user;
            row.name.clone_from(name);
            row.resigned = false;
        }
        let remaining = seats.iter().filter(|s| !s.resigned).count();
        // Everyone else resigned: the last seat wins and nothing more is played.
        let ends_by_resignation = steps.iter().any(|s| s.notation == "resign") && remaining <= 1;
        while let Some(d) = next.decision().filter(|_| !ends_by_resignation) {
            if !seats.get(d.seat.index()).is_some_and(|s| s.resigned) {
                break;
            }
            let Some(action) = next.least_change(d.seat) else {
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
        let before_seat = loaded
            .game
            .as_ref()
            .and_then(|g| g.decision())
            .map(|d| d.seat);
        let game_steps = steps
            .iter()
            .filter(|s| !is_table_entry(&s.notation))
            .count();
        let status = (ends_by_resignation || next.decision().is_none()).then_some(Status::Finished);
        let private = super::fingerprints(next.as_ref(), seats.len());
        let mut flags = if ends_by_resignation {
            Vec::new()
        } else {
            changed_private(
                &loaded.private,
                &private,
                before_seat,
                next.decision().map(|d| d.seat),
            )
        };
        // A volunteer who took a seat gets its private items at once.
        if let Some((seat, _, _)) = &league.seat_taken
            && let Some(flag) = flags.get_mut(usize::from(*seat))
        {
            *flag = private.get(usize::from(*seat)).is_some_and(Option::is_some);
        }
        // The game's end: every player with a hand gets one new DM, the result (issue 28).
        if status.is_some() && !ends_by_resignation {
            flags = private.iter().map(Option::is_some).collect();
        }
        let lines: Vec<String> = steps.iter().flat_map(|s| s.log.iter().cloned()).collect();
        let same_turn = !ends_by_resignation
            && league.seat_taken.is_none()
            && same_person(&seats, before_seat, next.decision().map(|d| d.seat));
        // A step is final — undo stops there and the channel sees it — when it showed its
        // player something new, when another person is to act, when the game ends, or when
        // it changed what another seat holds in secret (that seat is told at once). Until
        // then the player's steps are held back from the turn message (issue 28): undo may
        // take them back, and what others never saw needs no hiding again.
        let is_final = steps.iter().any(|s| s.reveals)
            || !same_turn
            || status.is_some()
            || flags.iter().any(|&f| f);
        if is_final && let Some(last) = steps.last_mut() {
            last.reveals = true;
        }
        let last_reveals = steps.last().is_some_and(|s| s.reveals);
        let snapshot = (last_reveals
            && game_steps > 0
            && loaded.since_snapshot + game_steps >= self.settings.snapshot_every)
            .then(|| next.save().to_string());
        // The game as it will be once stored.
        let first_seq = loaded.row.version + 1;
        let version = loaded.row.version + steps.len() as i64;
        let mut undoable = loaded.undoable.clone();
        let mut held = loaded.held.clone();
        // The lines that become final now: those held back before, then this change's.
        let mut shown_lines: Vec<String> = Vec::new();
        for (i, s) in steps.iter().enumerate() {
            if s.reveals {
                undoable.clear();
                shown_lines.extend(held.drain(..).flatten());
                shown_lines.extend(s.log.iter().cloned());
            } else {
                undoable.push((first_seq + i as i64, s.seat));
                held.push(s.log.clone());
            }
        }
        let turn_lines = if is_final {
            loaded.turn_lines.after(&shown_lines, same_turn)
        } else {
            loaded.turn_lines.clone()
        };
        // The deadline starts anew when the decision passes to another person, when a
        // deadline action moved the game on, or when a volunteer took the seat to act.
        let restart = !same_turn
            || league.seat_taken.is_some()
            || steps.iter().any(|s| s.notation == "timeout");
        // An AI seat has no deadline: it plays within seconds.
        let to_act = next
            .decision()
            .and_then(|d| seats.get(d.seat.index()).map(|r| (d.seat.0, r.user_id)))
            .filter(|&(_, user)| ai_level(user).is_none());
        league.deadline = match (status, to_act) {
            (Some(_), _) | (None, None) => DeadlineChange::Clear,
            (None, Some((seat, user))) if restart => DeadlineChange::Set { seat, user },
            (None, Some(_)) => DeadlineChange::Keep,
        };
        if status.is_some() {
            league.finished = Some(results(next.as_ref(), &seats, ends_by_resignation));
        }
        let due = match to_act {
            Some((_, user)) if status.is_none() => {
                self.due(loaded.row.terms, game_id, user, !restart).await?
            }
            _ => None,
        };
        let reply = if !is_final {
            // A step that undo may still take back: only the player's panel changes.
            let position = Position {
                game_id,
                kind: &loaded.row.kind,
                version,
                seats: &seats,
                game: next.as_ref(),
                undoable: &undoable,
                due,
            };
            let mut said = lines.join("\n");
            said.push_str(HELD_NOTE);
            Reply {
                turn: position.turn().map(|(t, _)| t),
                news: lines.clone(),
                ephemeral: Some(Post {
                    text: said,
                    ..Post::default()
                }),
                ..Reply::default()
            }
        } else if ends_by_resignation {
            Reply {
                public: vec![Post {
                    text: lines.join("\n"),
                    new_turn: true,
                    ..Post::default()
                }],
                news: lines.clone(),
                ..Reply::default()
            }
        } else {
            let position = Position {
                game_id,
                kind: &loaded.row.kind,
                version,
                seats: &seats,
                game: next.as_ref(),
                undoable: &undoable,
                due,
            };
            // Pictures go up once per turn (issue 28): a step of the same turn edits the turn
            // message's words and keeps its pictures; the next turn message shows the board
            // as the turn left it.
            let mut reply = self
                .turn_reply(&position, turn_lines.shown(), &flags, !same_turn)
                .await;
            if same_turn {
                reply.public.iter_mut().for_each(Post::make_edit);
            }
            reply.news = lines.clone();
            reply
        };
        let deliveries = self.deliveries(caller, loaded.row.channel_id, &reply, false);
        let interaction = caller.and_then(|c| c.interaction.as_deref());
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
        match self
            .store
            .append(
                game_id,
                loaded.row.version,
                &Change {
                    actions: &actions,
                    snapshot: snapshot.as_deref(),
                    status,
                    deliveries: &deliveries,
                    league: &league,
                },
            )
            .await
        {
            Ok(stored) => debug_assert_eq!(stored, version),
            // Nothing was written and the game in memory is as it was.
            Err(StoreError::Duplicate) => return Ok(Reply::ephemeral("That was already played.")),
            Err(StoreError::VersionConflict) => {
                // Another process wrote first: our copy is stale.
                self.forget(game_id);
                return Err(Attempt::Stale);
            }
            Err(e) => {
                // The store failed: our copy may be stale.
                self.forget(game_id);
                return Err(e.into());
            }
        }
        // Committed: only now does the new state become the game.
        self.queued(&deliveries);
        loaded.since_snapshot = if snapshot.is_some() {
            0
        } else {
            loaded.since_snapshot + game_steps
        };
        loaded.row.version = version;
        loaded.undoable = undoable;
        loaded.held = held;
        loaded.private = private;
        loaded.seats = seats;
        loaded.turn_lines = turn_lines;
        if let Some(s) = status {
            loaded.row.status = s;
        }
        if status.is_none() {
            self.wake_ai_if_due(&loaded.seats, next.decision().map(|d| d.seat));
        }
        let before = loaded.game.replace(next);
        if is_final {
            loaded.published = None;
        } else if loaded.published.is_none() {
            // The first step held back: the channel still sees the game as it was.
            loaded.published = before;
        }
        if status.is_some() {
            self.forget(game_id);
        }
        Ok(reply)
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
            return Ok(Reply::ephemeral("That was already done."));
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
                Some(&(_, s)) => refuse(format!(
                    "{} has acted since; only your own actions of this turn can be taken back.",
                    seat_label(loaded, s)
                )),
                None => refuse(
                    "There is nothing to take back: undo never goes past a die roll, a drawn tile or a revealed card, nor into an earlier turn.",
                ),
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
        let line = format!("{} took back \"{undone}\"", seat_label(loaded, seat));
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
        let (undo_deadline, due) = match to_act {
            Some((seat, user)) if !same_turn => (
                DeadlineChange::Set { seat, user },
                self.due(loaded.row.terms, game_id, user, false).await?,
            ),
            Some((_, user)) => (
                DeadlineChange::Keep,
                self.due(loaded.row.terms, game_id, user, true).await?,
            ),
            None => (DeadlineChange::Keep, None),
        };
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
        reply.news = vec![sentence(&line)];
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
            Err(StoreError::Duplicate) => return Ok(Reply::ephemeral("That was already done.")),
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
        let step = self.resign_step(loaded, seat, "resigned")?;
        let next = game.boxed_clone();
        let steps = vec![step];
        self.commit(loaded, next, steps, Some(caller), LeagueChange::default())
            .await
            .map_err(Attempt::into_table)
    }

    /// The `resign` entry of a seat, with the lines that say what follows: the seat plays
    /// on automatically, or the last seat still playing wins. `why` follows the seat's
    /// name ("resigned", "ran out of time and forfeits").
    pub(super) fn resign_step(
        &self,
        loaded: &Loaded,
        seat: u8,
        why: &str,
    ) -> Result<Step, TableError> {
        let label = seat_label(loaded, seat);
        let remaining: Vec<u8> = loaded
            .seats
            .iter()
            .filter(|s| !s.resigned && s.seat != seat)
            .map(|s| s.seat)
            .collect();
        let mut lines = vec![format!("{label} {why}")];
        match remaining.as_slice() {
            [] => {}
            [w] => lines.push(format!(
                "{} wins: everyone else resigned",
                seat_label(loaded, *w)
            )),
            _ => lines.push(format!(
                "{label}'s seat now plays automatically (passing where it may)"
            )),
        }
        Ok(Step {
            seat,
            notation: "resign".into(),
            reveals: true,
            log: lines,
            automatic: false,
        })
    }

    /// The public turn message (log lines, whose turn, the board picture) and a private
    /// message for each seat flagged in `private` (indexed by seat): its view is built
    /// here, once, for its text and pictures. Without `pictures` the public message has
    /// none (a later step of the same turn: its edit keeps the pictures already up).
    pub(super) async fn turn_reply(
        &self,
        at: &Position<'_>,
        lines: Vec<String>,
        private: &[bool],
        pictures: bool,
    ) -> Reply {
        let game = at.game;
        let mut text = lines.join("\n");
        let mut ping = Vec::new();
        let turn = at.turn();
        match &turn {
            Some((turn, line)) => {
                text.push('\n');
                text.push_str(line);
                if let Some(due) = &at.due {
                    text.push('\n');
                    text.push_str(&due.line());
                }
                if ai_level(turn.user).is_none() {
                    ping.push(turn.user);
                }
            }
            None => {
                if let Some(o) = game.outcome() {
                    let winners: Vec<String> = o
                        .winners
                        .iter()
                        .map(|w| label(at.seats, Some(game), w.0))
                        .collect();
                    text.push_str(&format!(
                        "\nThe game is over. Winner: {}.",
                        winners.join(" and ")
                    ));
                }
            }
        }
        let images = if pictures {
            self.paint_public(at.kind, game).await
        } else {
            Vec::new()
        };
        let mut private_posts = Vec::new();
        for (i, &send) in private.iter().enumerate() {
            let Some(row) = at.seats.get(i) else {
                continue;
            };
            // An AI seat reads no DMs: it is given its knowledge when it must decide.
            if !send || row.resigned || ai_level(row.user_id).is_some() {
                continue;
            }
            let view = game.seat_view(Seat(i as u8));
            let mut text = turnpost_render::text::private(at.kind, &*view);
            // What the seat's realm does, from its first message on (issue 28).
            if let Some(intro) = game.seat_intro(Seat(i as u8)) {
                text = format!("{}\n\n{text}", intro.private_line());
            }
            if turn.is_none() {
                // The game's end: a new DM with the result, then the hand as it ended.
                text = format!("{}\n\n{text}", final_words(at, i as u8));
            }
            let images = self.paint_private(at.kind, view).await;
            private_posts.push((
                row.user_id,
                Post {
                    text,
                    images,
                    ..Post::default()
                },
            ));
        }
        Reply {
            public: vec![Post {
                text,
                images,
                ping,
                edit: false,
                new_turn: true,
                stops: false,
            }],
            private: private_posts,
            ephemeral: None,
            turn: turn.map(|(t, _)| t),
            ..Reply::default()
        }
    }
}

/// The first lines of a player's DM at the game's end: the winner, and their own place
/// and score.
fn final_words(at: &Position<'_>, seat: u8) -> String {
    let Some(o) = at.game.outcome() else {
        return "**The game is over.**".into();
    };
    let winners: Vec<String> = o
        .winners
        .iter()
        .map(|w| label(at.seats, Some(at.game), w.0))
        .collect();
    let mut text = format!("**The game is over.** Winner: {}.", winners.join(" and "));
    let i = usize::from(seat);
    if let (Some(rank), Some(score)) = (o.ranks.get(i), o.scores.get(i)) {
        let place = match rank {
            1 => "1st".to_string(),
            2 => "2nd".to_string(),
            3 => "3rd".to_string(),
            n => format!("{n}th"),
        };
        text.push_str(&format!(
            " You placed {place} of {} with {score} points. Your hand at the end:",
            o.ranks.len()
        ));
    }
    text
}

/// The results of a game that just ended. Seats that resigned (or forfeited) rank last;
/// the others keep the order of the game's outcome. A game ended by resignations has one
/// winner, the seat still playing, and no scores.
fn results(game: &dyn DynGame, seats: &[SeatRow], by_resignation: bool) -> FinishedGame {
    let teams = game.teams();
    let team_of = |seat: u8| {
        teams
            .iter()
            .position(|t| t.contains(&Seat(seat)))
            .unwrap_or(usize::from(seat)) as u8
    };
    let outcome = game.outcome().filter(|_| !by_resignation);
    // Dense ranks among the seats still playing, by the outcome's ranks.
    let mut kept: Vec<u8> = seats
        .iter()
        .filter(|s| !s.resigned)
        .map(|s| {
            outcome
                .as_ref()
                .and_then(|o| o.ranks.get(usize::from(s.seat)).copied())
                .unwrap_or(1)
        })
        .collect();
    kept.sort_unstable();
    kept.dedup();
    let last = kept.len() as u8 + 1;
    let results = seats
        .iter()
        .map(|s| {
            let rank = if s.resigned {
                last
            } else {
                let r = outcome
                    .as_ref()
                    .and_then(|o| o.ranks.get(usize::from(s.seat)).copied())
                    .unwrap_or(1);
                kept.iter().position(|k| *k == r).unwrap_or(0) as u8 + 1
            };
            ResultRow {
                seat: s.seat,
                user: s.user_id,
                team: team_of(s.seat),
                rank,
                score: outcome
                    .as_ref()
                    .and_then(|o| o.scores.get(usize::from(s.seat)).copied()),
                resigned: s.resigned,
            }
        })
        .collect();
    FinishedGame { results }
}

impl Table {
    /// The deadline to show for `user`, who is to act: the stored one when the same turn
    /// goes on (`keep`), else a fresh one from now (after their vacation, if they are away).
    pub(super) async fn due(
        &self,
        terms: crate::store::Terms,
        game_id: GameId,
        user: UserId,
        keep: bool,
    ) -> Result<Option<Due>, TableError> {
        if terms.deadline_hours == 0 {
            return Ok(None);
        }
        let now = self.store.now();
        let away_until = self.store.vacation_until(user, now).await?;
        if keep
            && let Some(d) = self.store.deadline(game_id).await?
            && d.phase == crate::store::Phase::Running
        {
            return Ok(Some(Due {
                at: d.due_at,
                away_until,
                policy: terms.policy,
            }));
        }
        let at = away_until.unwrap_or(now).max(now)
            + i64::from(terms.deadline_hours) * crate::clock::HOUR_MS;
        Ok(Some(Due {
            at,
            away_until,
            policy: terms.policy,
        }))
    }
}
