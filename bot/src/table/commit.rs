//! Committing a change (issue 29: the steps of what used to be one long function): the
//! seats it leaves, resigned seats' automatic moves, what becomes final and what stays held
//! back for undo, the deadline and results, the turn message and DMs, one transaction in
//! the store, and only then the new state in memory. `play.rs`, `load.rs`, `deadline.rs`
//! and `lobby.rs` commit through here; nothing here calls back into them.

use turnpost_core::Seat;
use turnpost_core::dynamic::DynGame;
use turnpost_core::t;
use turnpost_core::words::Text;

use super::ai::ai_level;
use super::turn_message::{Due, Position};
use super::{Caller, Loaded, Post, Reply, Table, TableError, TurnLines, fingerprints};
use crate::store::{
    Change, DeadlineChange, FinishedGame, LeagueChange, NewAction, NewDelivery, ResultRow, SeatRow,
    Status, StoreError,
};

/// Said under a step held back from the channel (issue 28): the others see it once it is
/// final, and until then it can be taken back. Its English words (`bot-held-note`), for
/// front ends' tests.
pub const HELD_NOTE: &str =
    "\n(Only you see this until your turn goes past something new or ends; Undo can take it back.)";

/// Whether a stored action is the table's own entry rather than a move of the game: a
/// resignation (`resign`), a deadline that passed (`timeout`, before the moves it caused),
/// a volunteer taking over a seat (`seat <user id>`), damaged actions set aside
/// (`void <first> <last>`, see [`super::voided_range`]). Replays skip them; each ends what
/// undo may take back.
pub fn is_table_entry(notation: &str) -> bool {
    notation == "resign"
        || notation == "timeout"
        || notation.starts_with("seat ")
        || notation.starts_with("void ")
}

/// Which seats get a private message after a change: a seat whose turn just began, and a
/// seat whose private items changed while it was not in the middle of its own turn (a drawn
/// tile after the turn ends, a card taken in someone else's turn).
pub(super) fn changed_private(
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
pub(super) fn same_person(seats: &[SeatRow], before: Option<Seat>, now: Option<Seat>) -> bool {
    let user = |s: Option<Seat>| s.and_then(|s| seats.get(s.index())).map(|r| r.user_id);
    user(before).is_some() && user(before) == user(now)
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
    pub(super) log: Vec<turnpost_core::words::Text>,
    pub(super) automatic: bool,
}

/// What a change makes of the game once stored, worked out before the commit (the turn
/// message goes into the outbox with it) and adopted in memory only after it.
struct Plan {
    /// The seats after the change.
    seats: Vec<SeatRow>,
    /// Everyone but one seat resigned: the game ends, nothing more is played.
    ends_by_resignation: bool,
    /// `Finished` when the change ends the game.
    status: Option<Status>,
    /// Each seat's private fingerprint after the change, and which seats get a DM.
    private: Vec<Option<u64>>,
    flags: Vec<bool>,
    /// The change's log lines.
    lines: Vec<Text>,
    /// The same person decides after the change (the turn message is edited).
    same_turn: bool,
    /// The change is final: undo stops there and the channel sees it.
    is_final: bool,
    /// Moves of the game (not table entries) among the steps, and the snapshot to store.
    game_steps: usize,
    snapshot: Option<String>,
    /// The game's version after the change.
    version: i64,
    /// What undo may take back and the lines held back from the channel, after it.
    undoable: Vec<(i64, u8)>,
    held: Vec<Vec<Text>>,
    turn_lines: TurnLines,
}

/// The seats as a change leaves them: a `resign` step marks its seat resigned, and a seat
/// taken over in `league` gets its new player.
fn seats_after(seats: &[SeatRow], steps: &[Step], league: &LeagueChange) -> Vec<SeatRow> {
    let mut seats = seats.to_vec();
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
    seats
}

/// Plays resigned seats' automatic moves (the least change) on `next` while one of them is
/// to decide, adding them to `steps`.
fn play_resigned(
    next: &mut dyn DynGame,
    seats: &[SeatRow],
    steps: &mut Vec<Step>,
) -> Result<(), TableError> {
    while let Some(d) = next.decision() {
        if !seats.get(d.seat.index()).is_some_and(|s| s.resigned) {
            break;
        }
        let Some(action) = next.least_change(d.seat) else {
            break;
        };
        let played = next
            .play(d.seat, &action)
            .map_err(|e| TableError::Internal(format!("automatic move {action} refused: {e}")))?;
        steps.push(Step {
            seat: d.seat.0,
            notation: played.notation,
            reveals: true,
            log: played.log,
            automatic: true,
        });
    }
    Ok(())
}

impl Plan {
    /// The plan of `steps` that lead from `loaded` to `next`, with the seats they leave
    /// (`ends_by_resignation`: no one but one seat plays on).
    /// Marks the last step revealing when the change is final.
    fn new(
        loaded: &Loaded,
        next: &dyn DynGame,
        steps: &mut [Step],
        seats: Vec<SeatRow>,
        league: &LeagueChange,
        ends_by_resignation: bool,
        snapshot_every: usize,
    ) -> Plan {
        let before_seat = loaded
            .game
            .as_ref()
            .and_then(|g| g.decision())
            .map(|d| d.seat);
        let now_seat = next.decision().map(|d| d.seat);
        let game_steps = steps
            .iter()
            .filter(|s| !is_table_entry(&s.notation))
            .count();
        let status = (ends_by_resignation || now_seat.is_none()).then_some(Status::Finished);
        let private = fingerprints(next, seats.len());
        let mut flags = if ends_by_resignation {
            Vec::new()
        } else {
            changed_private(&loaded.private, &private, before_seat, now_seat)
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
        let lines: Vec<Text> = steps.iter().flat_map(|s| s.log.iter().cloned()).collect();
        let same_turn = !ends_by_resignation
            && league.seat_taken.is_none()
            && same_person(&seats, before_seat, now_seat);
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
            && loaded.since_snapshot + game_steps >= snapshot_every)
            .then(|| next.save().to_string());
        let first_seq = loaded.row.version + 1;
        let version = loaded.row.version + steps.len() as i64;
        let mut undoable = loaded.undoable.clone();
        let mut held = loaded.held.clone();
        // The lines that become final now: those held back before, then this change's.
        let mut shown_lines: Vec<Text> = Vec::new();
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
        Plan {
            seats,
            ends_by_resignation,
            status,
            private,
            flags,
            lines,
            same_turn,
            is_final,
            game_steps,
            snapshot,
            version,
            undoable,
            held,
            turn_lines,
        }
    }
}

impl Table {
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
        let seats = seats_after(&loaded.seats, &steps, &league);
        // Everyone else resigned: the last seat wins and nothing more is played.
        let last_standing = steps.iter().any(|s| s.notation == "resign")
            && seats.iter().filter(|s| !s.resigned).count() <= 1;
        if !last_standing {
            play_resigned(next.as_mut(), &seats, &mut steps)?;
        }
        let plan = Plan::new(
            loaded,
            next.as_ref(),
            &mut steps,
            seats,
            &league,
            last_standing,
            self.settings.snapshot_every,
        );
        let due = self
            .settle_league(loaded, next.as_ref(), &steps, &plan, &mut league)
            .await?;
        let reply = self.change_reply(loaded, next.as_ref(), &plan, due).await;
        let deliveries = self.deliveries(caller, loaded.row.channel_id, &reply, false);
        if let Some(instead) = self
            .store_change(loaded, &steps, &plan, caller, &league, &deliveries)
            .await?
        {
            return Ok(instead);
        }
        self.queued(&deliveries);
        self.adopt(loaded, next, plan);
        Ok(reply)
    }

    /// The league's part of a change: the deadline (it starts anew when the decision passes
    /// to another person, when a deadline action moved the game on, or when a volunteer
    /// took the seat to act; an AI seat has none) and the results of a game that ends, into
    /// `league`; returns the deadline to show.
    async fn settle_league(
        &self,
        loaded: &Loaded,
        next: &dyn DynGame,
        steps: &[Step],
        plan: &Plan,
        league: &mut LeagueChange,
    ) -> Result<Option<Due>, TableError> {
        let restart = !plan.same_turn
            || league.seat_taken.is_some()
            || steps.iter().any(|s| s.notation == "timeout");
        let to_act = next
            .decision()
            .and_then(|d| {
                plan.seats
                    .get(d.seat.index())
                    .map(|r| (d.seat.0, r.user_id))
            })
            .filter(|&(_, user)| ai_level(user).is_none());
        let hours = loaded.row.terms.deadline_hours;
        league.deadline = match (plan.status, to_act) {
            (Some(_), _) | (None, None) => DeadlineChange::Clear,
            (None, Some((seat, user))) if restart => DeadlineChange::Set { seat, user, hours },
            (None, Some(_)) => DeadlineChange::Keep,
        }
        .for_game(hours);
        if plan.status.is_some() {
            league.finished = Some(results(next, &plan.seats, plan.ends_by_resignation));
        }
        match to_act {
            Some((_, user)) if plan.status.is_none() => {
                self.due(loaded.row.terms, loaded.row.game_id, user, !restart)
                    .await
            }
            _ => Ok(None),
        }
    }

    /// What a change shows: a step undo may still take back changes only the player's
    /// panel; a game ended by resignations gets its last lines; otherwise the turn message
    /// (an edit of the current one within the same turn) and the DMs.
    async fn change_reply(
        &self,
        loaded: &Loaded,
        next: &dyn DynGame,
        plan: &Plan,
        due: Option<Due>,
    ) -> Reply {
        let position = Position {
            game_id: loaded.row.game_id,
            guild: loaded.row.guild_id,
            kind: &loaded.row.kind,
            version: plan.version,
            seats: &plan.seats,
            game: next,
            undoable: &plan.undoable,
            due,
        };
        let said_lines: Vec<Text> = plan.lines.clone();
        if !plan.is_final {
            let said = Text::lines([Text::lines(said_lines.iter().cloned()), t!("bot-held-note")]);
            return Reply {
                turn: position.turn().map(|(t, _)| t),
                news: said_lines,
                ephemeral: Some(Post::words(said)),
                ..Reply::default()
            };
        }
        if plan.ends_by_resignation {
            return Reply {
                public: vec![Post {
                    text: Text::lines(said_lines.iter().cloned()),
                    new_turn: true,
                    ..Post::default()
                }],
                news: said_lines.clone(),
                ..Reply::default()
            };
        }
        // Pictures go up once per turn (issue 28): a step of the same turn edits the turn
        // message's words and keeps its pictures; the next turn message shows the board as
        // the turn left it.
        let mut reply = self
            .turn_reply(
                &position,
                plan.turn_lines.shown(),
                &plan.flags,
                !plan.same_turn,
            )
            .await;
        if plan.same_turn {
            reply.public.iter_mut().for_each(Post::make_edit);
        }
        reply.news = said_lines;
        reply
    }

    /// Stores a change in one transaction. `Some` answer instead when it was stored before
    /// (the same interaction); a failure leaves the store and the game in memory as they
    /// were (a copy another process made stale is dropped).
    async fn store_change(
        &self,
        loaded: &Loaded,
        steps: &[Step],
        plan: &Plan,
        caller: Option<&Caller>,
        league: &LeagueChange,
        deliveries: &[NewDelivery],
    ) -> Result<Option<Reply>, Attempt> {
        let game_id = loaded.row.game_id;
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
        let change = Change {
            actions: &actions,
            snapshot: plan.snapshot.as_deref(),
            status: plan.status,
            deliveries,
            league,
        };
        let started = std::time::Instant::now();
        match self
            .store
            .append(game_id, loaded.row.version, &change)
            .await
        {
            Ok(stored) => {
                debug_assert_eq!(stored, plan.version);
                crate::metrics::commit_took(started.elapsed());
                crate::metrics::actions_committed(actions.len());
                Ok(None)
            }
            // Nothing was written and the game in memory is as it was.
            Err(StoreError::Duplicate) => Ok(Some(Reply::ephemeral(t!("bot-already-played")))),
            Err(StoreError::VersionConflict) => {
                // Another process wrote first: our copy is stale.
                self.forget(game_id);
                Err(Attempt::Stale)
            }
            Err(e) => {
                // The store failed: our copy may be stale.
                self.forget(game_id);
                Err(e.into())
            }
        }
    }

    /// The change is committed: only now does `next` become the game, with what the plan
    /// worked out. A game that ended leaves the cache.
    fn adopt(&self, loaded: &mut Loaded, next: Box<dyn DynGame>, plan: Plan) {
        loaded.since_snapshot = if plan.snapshot.is_some() {
            0
        } else {
            loaded.since_snapshot + plan.game_steps
        };
        loaded.row.version = plan.version;
        loaded.undoable = plan.undoable;
        loaded.held = plan.held;
        loaded.private = plan.private;
        loaded.seats = plan.seats;
        loaded.turn_lines = plan.turn_lines;
        if let Some(s) = plan.status {
            loaded.row.status = s;
        } else {
            self.wake_ai_if_due(&loaded.seats, next.decision().map(|d| d.seat));
        }
        let before = loaded.game.replace(next);
        if plan.is_final {
            loaded.published = None;
        } else if loaded.published.is_none() {
            // The first step held back: the channel still sees the game as it was.
            loaded.published = before;
        }
        if plan.status.is_some() {
            self.forget(loaded.row.game_id);
        }
    }
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
