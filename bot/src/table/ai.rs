//! AI seats at the table.
//!
//! An AI seat is a seat row whose user id lies in a range no Discord user has
//! ([`AI_USERS`] and up: snowflakes stay below 2⁶² until about 2049); the id also says the
//! AI's level. So the store needs no new column, and every place that pings, DMs, sets a
//! deadline or rates asks [`ai_level`] first.
//!
//! An AI plays through the table like anybody: [`Table::play_ai`] takes what its seat may
//! know ([`turnpost_core::ai::Knowledge`], a redacted copy), lets it think on the blocking
//! pool (never on the async workers) within its level's time budget, and sends the chosen
//! action as an ordinary [`Command::Act`] with the version it looked at, so a player's undo
//! meanwhile makes it look again. [`Table::run_ai`] is the worker: it is woken after every
//! commit that leaves an AI to act, and on start (and every minute) it looks at every
//! running game with an AI seat, so AI turns resume after a restart. Where several
//! processes share a database, the one holding a game's lease (`store/lease.rs`) thinks
//! for it; the version check underneath still keeps any second action of one decision out.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use turnpost_core::Seat;
use turnpost_core::ai::Level;

use super::{Caller, Command, Reply, Table, TableError, label};
use crate::store::{GameId, SeatRow, Status, UserId};

/// How much longer than its search's time cap an AI's lease on a game lasts (a search
/// without a cap counts as this long: its lease lasts twice this).
const LEASE_MARGIN: Duration = Duration::from_secs(60);

/// The first user id of AI seats. Bits 8–15 hold the level, bits 0–7 tell AI seats of
/// one game apart.
pub const AI_USERS: UserId = 1 << 62;

/// The user id of the `index`-th AI seat (from 0) of a game, playing at `level`.
pub fn ai_user(level: Level, index: u8) -> UserId {
    let level = match level {
        Level::Random => 0,
        Level::Easy => 1,
        Level::Normal => 2,
        Level::Strong => 3,
    };
    AI_USERS | (level << 8) | u64::from(index)
}

/// The level of an AI seat's user id; `None` for a person.
pub fn ai_level(user: UserId) -> Option<Level> {
    if user & AI_USERS == 0 || user >> 63 != 0 {
        return None;
    }
    match (user >> 8) & 0xff {
        0 => Some(Level::Random),
        1 => Some(Level::Easy),
        2 => Some(Level::Normal),
        3 => Some(Level::Strong),
        _ => None,
    }
}

/// The seat name an AI seat is stored with: "AI (strong)".
pub fn ai_name(level: Level) -> String {
    format!("AI ({level})")
}

/// A user id for a new AI seat at `level` among `seats`: one no seat has.
pub fn next_ai_user(seats: &[SeatRow], level: Level) -> UserId {
    (0..=u8::MAX)
        .map(|i| ai_user(level, i))
        .find(|id| seats.iter().all(|s| s.user_id != *id))
        .unwrap_or_else(|| ai_user(level, u8::MAX))
}

/// The AI's seed for one decision: from public numbers only (never the game's seed), so a
/// decision can be reproduced from the game record.
fn decision_seed(game_id: GameId, version: i64, seat: Seat) -> u64 {
    let mut x = (game_id as u64) ^ ((version as u64) << 20) ^ (u64::from(seat.0) << 56);
    // splitmix64's finaliser
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Table {
    /// Plays the AI's action if an AI seat must decide in `game_id` now, and returns the
    /// reply it caused (empty when the game changed while it thought: look again); `None`
    /// when no AI seat must decide.
    pub async fn play_ai(&self, game_id: GameId) -> Result<Option<Reply>, TableError> {
        let (knowledge, level, caller, version) = {
            let held = self.hold(game_id).await?;
            if held.row.status != Status::Active {
                return Ok(None);
            }
            let Some(game) = held.game.as_deref() else {
                return Ok(None);
            };
            let Some(d) = game.decision() else {
                return Ok(None);
            };
            let Some(row) = held.seats.get(d.seat.index()).filter(|r| !r.resigned) else {
                return Ok(None);
            };
            let Some(level) = ai_level(row.user_id) else {
                return Ok(None);
            };
            let caller = Caller {
                user: row.user_id,
                // The seat's name in the table's own records (English, like a stored name).
                name: label(&held.seats, Some(game), d.seat.0).to_string(),
                guild: held.row.guild_id,
                channel: held.row.channel_id,
                moderator: false,
                interaction: None,
                followup: None,
            };
            (game.knowledge(d.seat), level, caller, held.row.version)
        };
        let budget = self.settings.ai_budget;
        // The level's time cap, on the wall clock (core reads none): a search stops there.
        let cap = budget.unwrap_or_else(|| level.budget()).time;
        // Every process sharing the database looks at this game: the one holding its lease
        // thinks, the others leave it (a minute past the cap, a dead holder's runs out).
        let lease = cap.unwrap_or(LEASE_MARGIN) + LEASE_MARGIN;
        if !self
            .store
            .claim_ai(game_id, lease.as_millis() as i64)
            .await?
        {
            return Ok(None);
        }
        let played = self
            .decide(game_id, knowledge, level, caller, version, cap)
            .await;
        if let Err(e) = self.store.release_ai(game_id).await {
            // It runs out by itself.
            tracing::warn!(game_id, error = %e, "could not give back the AI lease");
        }
        played
    }

    /// The AI's decision for its seat (under the game's lease, [`Table::play_ai`]), played.
    async fn decide(
        &self,
        game_id: GameId,
        knowledge: Box<dyn turnpost_core::ai::AiSeat>,
        level: Level,
        caller: Caller,
        version: i64,
        cap: Option<Duration>,
    ) -> Result<Option<Reply>, TableError> {
        let seat = knowledge.seat();
        let seed = decision_seed(game_id, version, seat);
        let budget = self.settings.ai_budget;
        let started = std::time::Instant::now();
        let chosen = tokio::task::spawn_blocking(move || {
            let stop = move || cap.is_some_and(|cap| started.elapsed() >= cap);
            knowledge.choose(level, budget, seed, &stop)
        })
        .await
        .map_err(|e| TableError::Internal(format!("the AI stopped: {e}")))?;
        let Some(notation) = chosen else {
            return Ok(None);
        };
        tracing::debug!(game_id, %seat, %level, ms = started.elapsed().as_millis() as u64, "AI decided");
        // The AI has decided: it is not asked whether it means to leave something unused
        // (issue 28's confirmation is for people), or it would wait for an answer forever.
        let act = Command::ActAnyway {
            notation: notation.clone(),
            version: Some(version),
        };
        match self.handle(&caller, act).await {
            Ok(reply) => Ok(Some(reply)),
            Err(TableError::Refused(why)) => {
                if self.store.version(game_id).await?.0 != version {
                    // Someone undid or played meanwhile: look again.
                    return Ok(Some(Reply::default()));
                }
                // The AI chose what the game refuses (a bug): play the mildest move instead
                // so the table never stalls on it.
                tracing::error!(game_id, %seat, notation, %why, "AI action refused; playing the least change");
                self.ai_fallbacks.fetch_add(1, Ordering::Relaxed);
                let fallback = {
                    let held = self.hold(game_id).await?;
                    held.game.as_deref().and_then(|g| g.least_change(seat))
                };
                let Some(notation) = fallback else {
                    return Ok(None);
                };
                let act = Command::ActAnyway {
                    notation,
                    version: Some(version),
                };
                self.handle(&caller, act).await.map(Some)
            }
            Err(e) => Err(e),
        }
    }

    /// Plays every AI decision that is due now, game after game; returns how many actions
    /// were played.
    pub async fn play_ai_turns(&self) -> Result<usize, TableError> {
        let mut played = 0;
        for game_id in self.store.games_with_ai(AI_USERS).await? {
            // Several AI seats in a row: play on until a person is to act.
            loop {
                match self.play_ai(game_id).await {
                    Ok(Some(_)) => played += 1,
                    Ok(None) => break,
                    Err(e) => {
                        tracing::error!(game_id, error = %e, "AI turn failed");
                        break;
                    }
                }
            }
        }
        Ok(played)
    }

    /// The AI worker: plays AI turns when a commit leaves an AI to act, at start (turns left
    /// by a restart), and every minute (a wake-up lost to a crash).
    pub async fn run_ai(self: Arc<Self>) {
        loop {
            if let Err(e) = self.play_ai_turns().await {
                tracing::error!(error = %e, "AI pass failed");
            }
            tokio::select! {
                () = self.ai_wake.notified() => {}
                () = tokio::time::sleep(Duration::from_secs(60)) => {}
            }
        }
    }

    /// How many AI actions the game refused since the table started (the least change was
    /// played instead); tests expect none.
    pub fn ai_fallbacks(&self) -> u64 {
        self.ai_fallbacks.load(Ordering::Relaxed)
    }

    /// Wakes the AI worker when an AI seat is to act in `game`.
    pub(super) fn wake_ai_if_due(&self, seats: &[SeatRow], to_act: Option<Seat>) {
        if to_act
            .and_then(|s| seats.get(s.index()))
            .is_some_and(|r| !r.resigned && ai_level(r.user_id).is_some())
        {
            self.ai_wake.notify_one();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ai_ids_carry_their_level_and_never_meet_a_snowflake() {
        for level in [Level::Random, Level::Easy, Level::Normal, Level::Strong] {
            for i in [0u8, 1, 7, 255] {
                assert_eq!(ai_level(ai_user(level, i)), Some(level));
            }
        }
        // A Discord snowflake of today, and the largest one before 2049.
        assert_eq!(ai_level(1_310_000_000_000_000_000), None);
        assert_eq!(ai_level(AI_USERS - 1), None);
        assert_eq!(ai_level(7), None);
        assert!(
            i64::try_from(ai_user(Level::Strong, 255)).is_ok(),
            "stored as INTEGER"
        );
    }

    #[test]
    fn decision_seeds_differ_by_version_and_seat() {
        let a = decision_seed(1, 10, Seat(0));
        assert_ne!(a, decision_seed(1, 11, Seat(0)));
        assert_ne!(a, decision_seed(1, 10, Seat(1)));
        assert_ne!(a, decision_seed(2, 10, Seat(0)));
        assert_eq!(a, decision_seed(1, 10, Seat(0)));
    }
}
