//! Deadlines: the sweep that warns a late player and applies the table's policy when their
//! time is up, the vote on replacing them, and the volunteer who takes their seat.
//!
//! Every deadline action that changes the game is a commit like any other: a `timeout`
//! entry followed by the moves core chose as changing least (skip), a `resign` entry
//! (forfeit), or a `seat <user>` entry (a volunteer took over). So the game log holds
//! them and every replay reproduces them. Warnings, votes and open seats change only the
//! deadline's own row, with their messages in the same transaction.

use turnpost_core::Seat;
use turnpost_core::ai::Level;
use turnpost_core::t;
use turnpost_core::words::{Arg, Text};

use super::ai::{ai_level, ai_name, next_ai_user};
use super::play::{Attempt, Resignation, Step};
use super::remind::mention;
use super::turn_message::time_stamp;
use super::{Caller, Loaded, Reply, Table, TableError, refuse, seat_label, seat_of};
use crate::clock::HOUR_MS;
use crate::outbox::{Message, SeatCall, channel_delivery};
use crate::reminders::QuietHours;
use crate::store::{DeadlineRow, GameId, LeagueChange, Phase, Policy, Status, UserId};

/// How long the others have to vote on replacing a late player.
pub const VOTE_MS: i64 = 24 * HOUR_MS;
/// How long an open seat waits for a volunteer before it forfeits.
pub const OPEN_SEAT_MS: i64 = 72 * HOUR_MS;
/// How long a warning waits when it falls in the player's quiet hours.
pub const QUIET_RETRY_MS: i64 = HOUR_MS / 2;
/// Deadlines looked at in one pass at most (the rest wait for the next pass).
pub const SWEEP_BATCH: usize = 200;

/// What one deadline pass did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeadlinePass {
    /// Warnings queued.
    pub warned: usize,
    /// Warnings put off because the player is in their quiet hours.
    pub postponed: usize,
    /// Turns skipped.
    pub skipped: usize,
    /// Seats forfeited.
    pub forfeited: usize,
    /// Votes opened on replacing a late player.
    pub votes: usize,
    /// Votes that ran out without a majority (the player got a fresh deadline).
    pub kept: usize,
    /// Deadlines whose step failed (logged; tried again in the next pass).
    pub failed: Vec<GameId>,
}

/// Who takes over a seat: the hook the replace policy goes through (a volunteer, or an AI
/// seat when a player presses **Let an AI play it**).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatTaker {
    /// A person who clicked **Take the seat**.
    Player {
        /// Their id.
        user: UserId,
        /// Their display name.
        name: String,
    },
    /// An AI seat of this strength.
    Ai {
        /// easy, normal or strong.
        level: Level,
    },
}

/// A deadline's commit: a stale game means another process sweeping at the same time (or
/// the late player) changed it first, so there is nothing to do here and the next pass
/// looks at the deadline as it is then; not a failure.
fn lost_race(committed: Result<Stepped, Attempt>) -> Result<Stepped, TableError> {
    match committed {
        Ok(stepped) => Ok(stepped),
        Err(Attempt::Stale) => Ok(Stepped::Nothing),
        Err(Attempt::Failed(e)) => Err(e),
    }
}

/// What happened to one deadline.
enum Stepped {
    Warned,
    Postponed,
    Skipped,
    Forfeited,
    Vote,
    Kept,
    Nothing,
}

impl Table {
    /// Looks at every deadline due by the table's clock: warns, or applies the policy.
    /// One game's failure never stops the pass.
    pub async fn sweep_deadlines(&self) -> Result<DeadlinePass, TableError> {
        let now = self.store.now();
        let mut pass = DeadlinePass::default();
        for row in self.store.due_deadlines(now, SWEEP_BATCH).await? {
            match self.deadline_step(&row, now).await {
                Ok(Stepped::Warned) => pass.warned += 1,
                Ok(Stepped::Postponed) => pass.postponed += 1,
                Ok(Stepped::Skipped) => pass.skipped += 1,
                Ok(Stepped::Forfeited) => pass.forfeited += 1,
                Ok(Stepped::Vote) => pass.votes += 1,
                Ok(Stepped::Kept) => pass.kept += 1,
                Ok(Stepped::Nothing) => {}
                Err(e) => {
                    tracing::error!(game = row.game_id, error = %e, "deadline step failed; trying again next pass");
                    pass.failed.push(row.game_id);
                }
            }
        }
        self.outbox.notify();
        Ok(pass)
    }

    async fn deadline_step(&self, row: &DeadlineRow, now: i64) -> Result<Stepped, TableError> {
        match row.phase {
            Phase::Running if now < row.due_at => self.warn(row, now).await,
            Phase::Running => match row.policy {
                Policy::Skip => self.time_out(row).await,
                Policy::Forfeit => self.forfeit(row, Resignation::TimedOut).await,
                Policy::Replace => self.call_vote(row, now).await,
            },
            Phase::Voting => {
                let name = self.late_label(row).await?;
                let why = t!("bot-vote-no-majority", seat = &name);
                let kept = self.keep_waiting(row, &name, why, now).await?;
                Ok(if kept {
                    Stepped::Kept
                } else {
                    Stepped::Nothing
                })
            }
            Phase::Open => self.forfeit(row, Resignation::NotReplaced).await,
        }
    }

    /// The half-time or hour-before warning, unless the player is in their quiet hours
    /// (then it waits half an hour; the deadline itself does not move).
    async fn warn(&self, row: &DeadlineRow, now: i64) -> Result<Stepped, TableError> {
        let quiet =
            self.store
                .quiet_hours(row.user_id)
                .await?
                .map(|(start, end, utc_offset_minutes)| QuietHours {
                    start,
                    end,
                    utc_offset_minutes,
                });
        if quiet.is_some_and(|q| q.contains(now)) {
            let later = (now + QUIET_RETRY_MS).min(row.due_at);
            self.store
                .step_deadline(row, row.warned, Phase::Running, later, &[])
                .await?;
            return Ok(Stepped::Postponed);
        }
        let warned = if now >= row.due_at - HOUR_MS { 2 } else { 1 };
        let link = super::remind::turn_link(row.guild_id, row.channel_id, row.turn_message_id);
        let message = Message {
            text: t!(
                "bot-deadline-warning",
                user = mention(row.user_id),
                at = time_stamp(row.due_at, 'R'),
                then = row.policy.then(),
                link = link
            ),
            ping: vec![row.user_id],
            ..Message::default()
        };
        let stepped = self
            .store
            .step_deadline(
                row,
                warned,
                Phase::Running,
                crate::store::next_check(row.due_at, row.hours, warned),
                &[channel_delivery(row.channel_id, &message)],
            )
            .await?;
        Ok(if stepped {
            Stepped::Warned
        } else {
            Stepped::Nothing
        })
    }

    /// The late game, locked, if the deadline is still its current one: the same seat and
    /// player must be deciding.
    async fn late_game(&self, row: &DeadlineRow) -> Result<Option<super::Held>, TableError> {
        let held = self.hold(row.game_id).await?;
        let current = held.row.status == Status::Active
            && held
                .game
                .as_ref()
                .and_then(|g| g.decision())
                .is_some_and(|d| d.seat.0 == row.seat)
            && held
                .seats
                .get(usize::from(row.seat))
                .is_some_and(|s| s.user_id == row.user_id && !s.resigned);
        Ok(current.then_some(held))
    }

    /// Skip: a `timeout` entry, then the moves core chooses as changing least, until the
    /// decision passes to another person or the game ends.
    async fn time_out(&self, row: &DeadlineRow) -> Result<Stepped, TableError> {
        let Some(mut held) = self.late_game(row).await? else {
            return Ok(Stepped::Nothing);
        };
        let loaded: &mut Loaded = &mut held;
        let game = loaded
            .game
            .as_ref()
            .ok_or_else(|| TableError::Internal("no game".into()))?;
        let label = seat_label(loaded, row.seat);
        let mut next = game.boxed_clone();
        let mut steps = vec![Step {
            seat: row.seat,
            notation: "timeout".into(),
            reveals: true,
            log: vec![t!("bot-log-turn-skipped", seat = label)],
            automatic: true,
        }];
        // At most one whole turn of steps (a turn never has this many).
        for _ in 0..500 {
            let Some(d) = next.decision() else { break };
            let Some(player) = loaded.seats.get(d.seat.index()) else {
                break;
            };
            if player.user_id != row.user_id {
                break;
            }
            let Some(action) = next.least_change(d.seat) else {
                break;
            };
            let played = next.play(d.seat, &action).map_err(|e| {
                TableError::Internal(format!("least-change move {action} refused: {e}"))
            })?;
            steps.push(Step {
                seat: d.seat.0,
                notation: played.notation,
                reveals: true,
                log: played.log,
                automatic: true,
            });
        }
        let committed = self
            .commit(loaded, next, steps, None, LeagueChange::default())
            .await;
        lost_race(committed.map(|_| Stepped::Skipped))
    }

    /// Forfeit: the seat resigns and plays on automatically (the game ends if only one
    /// seat is left).
    async fn forfeit(&self, row: &DeadlineRow, why: Resignation) -> Result<Stepped, TableError> {
        let Some(mut held) = self.late_game(row).await? else {
            // The turn moved on, or the seat resigned meanwhile: nothing to forfeit.
            return Ok(Stepped::Nothing);
        };
        let loaded: &mut Loaded = &mut held;
        let step = self.resign_step(loaded, row.seat, why)?;
        let next = loaded
            .game
            .as_ref()
            .ok_or_else(|| TableError::Internal("no game".into()))?
            .boxed_clone();
        let committed = self
            .commit(loaded, next, vec![step], None, LeagueChange::default())
            .await;
        lost_race(committed.map(|_| Stepped::Forfeited))
    }

    /// Replace: the others vote. With nobody to vote (everyone else resigned), the seat
    /// opens at once.
    async fn call_vote(&self, row: &DeadlineRow, now: i64) -> Result<Stepped, TableError> {
        let Some(held) = self.late_game(row).await? else {
            return Ok(Stepped::Nothing);
        };
        let name = seat_label(&held, row.seat);
        let voters: Vec<UserId> = voters(&held, row.user_id);
        drop(held);
        if voters.is_empty() {
            return self.open_seat(row, &name, now).await.map(|_| Stepped::Vote);
        }
        // Mentions: Discord's markup, the same in every language.
        let mentions: Vec<String> = voters.iter().map(|u| format!("<@{u}>")).collect();
        let message = Message {
            text: t!(
                "bot-vote-called",
                seat = &name,
                voters = Arg::raw(mentions.join(" ")),
                at = time_stamp(now + VOTE_MS, 'R')
            ),
            ping: voters,
            call: Some(SeatCall::Vote),
            ..Message::default()
        };
        let stepped = self
            .store
            .step_deadline(
                row,
                2,
                Phase::Voting,
                now + VOTE_MS,
                &[channel_delivery(row.channel_id, &message)],
            )
            .await?;
        Ok(if stepped {
            Stepped::Vote
        } else {
            Stepped::Nothing
        })
    }

    /// Opens the late seat to volunteers.
    async fn open_seat(
        &self,
        row: &DeadlineRow,
        name: &Text,
        now: i64,
    ) -> Result<bool, TableError> {
        let message = Message {
            text: t!(
                "bot-seat-opened",
                seat = name,
                at = time_stamp(now + OPEN_SEAT_MS, 'R')
            ),
            call: Some(SeatCall::Open),
            ..Message::default()
        };
        Ok(self
            .store
            .step_deadline(
                row,
                2,
                Phase::Open,
                now + OPEN_SEAT_MS,
                &[channel_delivery(row.channel_id, &message)],
            )
            .await?)
    }

    /// A vote on replacing the channel game's late player.
    pub(super) async fn vote(&self, caller: &Caller, replace: bool) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let Some(row) = self
            .store
            .deadline(game_id)
            .await?
            .filter(|d| d.phase == Phase::Voting)
        else {
            return refuse(t!("bot-no-vote"));
        };
        let held = self.hold(game_id).await?;
        if row.user_id == caller.user {
            return refuse(t!("bot-vote-own-seat"));
        }
        if seat_of(&held, caller.user).is_none_or(|s| s.resigned) {
            return refuse(t!("bot-vote-players-only"));
        }
        let name = seat_label(&held, row.seat);
        let eligible = voters(&held, row.user_id).len();
        drop(held);
        let (yes, no) = self.store.cast_vote(game_id, caller.user, replace).await?;
        let now = self.store.now();
        if yes * 2 > eligible {
            self.open_seat(&row, &name, now).await?;
            self.outbox.notify();
            return Ok(Reply::ephemeral(t!("bot-vote-replaces", seat = name)));
        }
        if no * 2 >= eligible {
            self.keep_waiting(&row, &name, t!("bot-table-keeps-waiting"), now)
                .await?;
            self.outbox.notify();
            return Ok(Reply::ephemeral(t!("bot-vote-keeps-waiting", seat = name)));
        }
        Ok(Reply::ephemeral(t!(
            "bot-vote-counted",
            yes = yes,
            no = no,
            needed = eligible / 2 + 1,
            eligible = eligible
        )))
    }

    /// **Take the seat**: the caller takes over the open seat of the channel's game.
    pub(super) async fn take_seat(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let Some(row) = self
            .store
            .deadline(game_id)
            .await?
            .filter(|d| d.phase == Phase::Open)
        else {
            return refuse(t!("bot-no-open-seat"));
        };
        self.hand_seat(
            Some(caller),
            &row,
            SeatTaker::Player {
                user: caller.user,
                name: caller.name.clone(),
            },
        )
        .await
    }

    /// **Let an AI play it**: a player still in the game (or a moderator) gives the open
    /// seat of the channel's game to an AI.
    pub(super) async fn ai_takes_seat(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let Some(row) = self
            .store
            .deadline(game_id)
            .await?
            .filter(|d| d.phase == Phase::Open)
        else {
            return refuse(t!("bot-no-open-seat"));
        };
        let playing = {
            let held = self.hold(game_id).await?;
            seat_of(&held, caller.user).is_some_and(|s| !s.resigned && s.seat != row.seat)
        };
        if !playing && !caller.moderator {
            return refuse(t!("bot-seat-to-ai-players-only"));
        }
        self.hand_seat(
            Some(caller),
            &row,
            SeatTaker::Ai {
                level: Level::Normal,
            },
        )
        .await
    }

    /// Hands the late seat of a deadline to `taker`: a `seat <user>` entry in the game log
    /// and the seat's new player, in one commit with a fresh deadline for them.
    pub async fn hand_seat(
        &self,
        caller: Option<&Caller>,
        row: &DeadlineRow,
        taker: SeatTaker,
    ) -> Result<Reply, TableError> {
        let Some(mut held) = self.late_game(row).await? else {
            return refuse(t!("bot-seat-no-longer-open"));
        };
        let loaded: &mut Loaded = &mut held;
        let (user, name) = match taker {
            SeatTaker::Player { user, name } => (user, name),
            SeatTaker::Ai { level } => (next_ai_user(&loaded.seats, level), ai_name(level)),
        };
        if seat_of(loaded, user).is_some() {
            return refuse(t!("bot-seat-taker-seated"));
        }
        let game = loaded
            .game
            .as_ref()
            .ok_or_else(|| TableError::Internal("no game".into()))?;
        let before = seat_label(loaded, row.seat);
        let color = game.seat_name(Seat(row.seat));
        let who = match ai_level(user) {
            Some(level) => t!("bot-an-ai", level = Arg::raw(level.name())),
            // The name the volunteer goes by on Discord, shown as given.
            None => Text::raw(name),
        };
        // The seat's stored name (data from now on, like a player's own name).
        let name = who.to_string();
        let step = Step {
            seat: row.seat,
            notation: format!("seat {user}"),
            reveals: true,
            log: vec![t!(
                "bot-log-takes-over",
                name = who,
                before = before,
                colour = color
            )],
            automatic: false,
        };
        let next = game.boxed_clone();
        self.commit(
            loaded,
            next,
            vec![step],
            caller,
            LeagueChange {
                seat_taken: Some((row.seat, user, name)),
                ..LeagueChange::default()
            },
        )
        .await
        .map_err(Attempt::into_table)
    }

    /// Gives the late player a fresh deadline, with the post that says why; false if the
    /// turn moved on meanwhile.
    async fn keep_waiting(
        &self,
        row: &DeadlineRow,
        name: &Text,
        why: Text,
        now: i64,
    ) -> Result<bool, TableError> {
        let due = now + i64::from(row.hours) * HOUR_MS;
        let message = Message {
            text: t!(
                "bot-fresh-deadline",
                why = why,
                seat = name,
                at = time_stamp(due, 'R')
            ),
            ping: vec![row.user_id],
            ..Message::default()
        };
        Ok(self
            .store
            .restart_deadline(
                row.game_id,
                row.began_at,
                &[channel_delivery(row.channel_id, &message)],
            )
            .await?)
    }

    async fn late_label(&self, row: &DeadlineRow) -> Result<Text, TableError> {
        let held = self.hold(row.game_id).await?;
        Ok(seat_label(&held, row.seat))
    }
}

/// The players who vote on replacing `late`: everyone still playing but them.
fn voters(loaded: &Loaded, late: UserId) -> Vec<UserId> {
    let mut users: Vec<UserId> = loaded
        .seats
        .iter()
        .filter(|s| !s.resigned && s.user_id != late)
        .map(|s| s.user_id)
        .collect();
    users.sort_unstable();
    users.dedup();
    users
}
