//! Reminders: the table finds the players who have been idle longer than their channel's
//! period (outside their quiet hours) and queues one ping each in the outbox, together with
//! the note that it did, so the next pass waits a whole period whatever Discord does.
//!
//! One game's failure never stops the pass: it is logged once, and that game is left alone
//! for a while (doubling each time it fails again) before it is tried again.

use std::collections::HashMap;

use turnpost_core::t;
use turnpost_core::words::{Arg, Text};

use super::{Table, TableError};
use crate::ids::GameId;
use crate::outbox::{Message, channel_delivery};
use crate::reminders::{QuietHours, due};

/// A game whose reminder check failed: how often in a row, and not before when.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Failing {
    times: u32,
    until_ms: i64,
}

/// How long a failing game is left alone after its first failure (doubled each time, at
/// most a day).
const FIRST_PAUSE_MS: i64 = 10 * 60 * 1000;
const LONGEST_PAUSE_MS: i64 = 24 * 3_600_000;

/// Failing games by id, kept by the table between passes.
pub(super) type FailingGames = HashMap<GameId, Failing>;

/// What one reminder pass did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReminderPass {
    /// Reminders queued.
    pub queued: usize,
    /// Games whose check failed in this pass.
    pub failed: Vec<GameId>,
    /// Games left alone because they failed lately.
    pub paused: Vec<GameId>,
}

impl Table {
    /// Queues the reminders due at `now_ms` (Unix ms). Only reading the list of games can
    /// fail the pass; each game's own failure is isolated.
    pub async fn queue_reminders(&self, now_ms: i64) -> Result<ReminderPass, TableError> {
        let mut pass = ReminderPass::default();
        for row in self.store.reminder_candidates().await? {
            let skip = self
                .failing
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get(&row.game_id)
                .is_some_and(|f| f.until_ms > now_ms);
            if skip {
                pass.paused.push(row.game_id);
                continue;
            }
            match self.remind(&row, now_ms).await {
                Ok(sent) => {
                    pass.queued += usize::from(sent);
                    let recovered = self
                        .failing
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .remove(&row.game_id);
                    if recovered.is_some() {
                        tracing::info!(game = row.game_id, "reminders work again for this game");
                    }
                }
                Err(e) => {
                    pass.failed.push(row.game_id);
                    let mut failing = self.failing.lock().unwrap_or_else(|p| p.into_inner());
                    let f = failing.entry(row.game_id).or_default();
                    if f.times == 0 {
                        // Logged once; later failures of the same game only extend the pause.
                        tracing::error!(game = row.game_id, error = %e, "cannot check this game for reminders; leaving it alone for a while");
                    }
                    let pause = (FIRST_PAUSE_MS << f.times.min(10)).min(LONGEST_PAUSE_MS);
                    f.times += 1;
                    f.until_ms = now_ms + pause;
                }
            }
        }
        if pass.queued > 0 {
            self.outbox.notify();
        }
        Ok(pass)
    }

    /// Queues one game's reminder if it is due; whether it did.
    async fn remind(
        &self,
        row: &crate::store::ReminderRow,
        now_ms: i64,
    ) -> Result<bool, TableError> {
        let Some((user, prompt)) = self.turn_of(row.game_id).await? else {
            return Ok(false);
        };
        // An AI seat is not reminded: its worker plays it (and retries every minute).
        if super::ai::ai_level(user).is_some() {
            return Ok(false);
        }
        let quiet = self
            .store
            .quiet_hours(user)
            .await?
            .map(|(start, end, utc_offset_minutes)| QuietHours {
                start,
                end,
                utc_offset_minutes,
            });
        if !due(now_ms, row.updated_at, row.reminded_at, row.hours, quiet) {
            return Ok(false);
        }
        let hours = (now_ms - row.updated_at) / 3_600_000;
        let link = turn_link(row.guild_id, row.channel_id, row.turn_message_id);
        let message = Message {
            text: t!(
                "bot-reminder",
                user = mention(user),
                prompt = prompt,
                hours = hours,
                link = link
            ),
            ping: vec![user],
            reminder: true,
            ..Message::default()
        };
        // Another process may have sent it since the row was read: then this one sends none.
        Ok(self
            .store
            .set_reminded(
                row.game_id,
                row.reminded_at,
                now_ms,
                &[channel_delivery(row.channel_id, &message)],
            )
            .await?)
    }
}

/// " Latest turn: <link>" to a game's current turn message, when there is one in a server.
pub(super) fn turn_link(guild: Option<u64>, channel: u64, message: Option<u64>) -> Text {
    match (guild, message) {
        (Some(g), Some(m)) => t!(
            "bot-latest-turn",
            link = Arg::raw(format!("https://discord.com/channels/{g}/{channel}/{m}"))
        ),
        _ => Text::concat([]),
    }
}

/// A person's mention (Discord's markup, the same in every language).
pub(super) fn mention(user: u64) -> Arg {
    Arg::raw(format!("<@{user}>"))
}
