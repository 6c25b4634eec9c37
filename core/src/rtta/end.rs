//! The end of a turn and of the game: discarding goods above the limit, passing the turn,
//! ending the game and scoring.

use super::{
    Development, Effect, Event, Good, MONUMENTS, Rtta, RulesError, ScoreView, Step, Turn, data,
    seat,
};
use crate::game::{Game, Outcome, PlayError, Seat};
use crate::t;

impl Rtta {
    pub(super) fn enter_discard(&mut self, events: &mut Vec<Event>) {
        self.turn.coins = 0;
        if self.excess_goods() > 0 {
            self.step = Step::Discard;
        } else {
            self.end_turn(events);
        }
    }

    pub(super) fn discard(
        &mut self,
        good: Good,
        count: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let s = self.cur();
        if count == 0 {
            return self.refuse(|now| RulesError::Zero {
                what: t!("rtta-zero-discarding"),
                now,
            });
        }
        let have = self.seats[s].goods[usize::from(good.0)];
        if count > have {
            return self.refuse(|now| RulesError::NotEnough {
                what: good.text(),
                have,
                asked: count,
                now,
            });
        }
        let excess = self.excess_goods();
        if count > excess {
            return self.refuse(|now| RulesError::DiscardTooMany {
                excess,
                asked: count,
                now,
            });
        }
        self.seats[s].goods[usize::from(good.0)] -= count;
        events.push(Event::Discarded {
            seat: seat(self.current),
            good,
            count,
        });
        if self.excess_goods() == 0 {
            self.end_turn(events);
        }
        Ok(())
    }

    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        let n = self.seats.len() as u8;
        let next = (self.current + 1) % n;
        if next == self.start_player {
            let last_solo_round = self.solo() && self.round >= data().rules.solo_rounds;
            if self.ending.is_some() || last_solo_round {
                self.step = Step::Over;
                self.turn = Turn::new(0);
                let scores: Vec<i32> = (0..n).map(|s| self.score(seat(s))).collect();
                let outcome = self
                    .outcome()
                    .unwrap_or_else(|| Outcome::from_scores(scores.clone(), vec![0; scores.len()]));
                events.push(Event::GameOver {
                    scores,
                    winners: outcome.winners,
                });
                return;
            }
            self.round += 1;
        }
        self.start_turn(next, events);
    }

    /// The player's score now (final once the game is over).
    pub fn score(&self, seat: Seat) -> i32 {
        self.score_parts(seat.index()).total()
    }

    pub(super) fn score_parts(&self, s: usize) -> ScoreView {
        let d = data();
        let t = &self.seats[s];
        let developments: i32 = Development::all()
            .filter(|&dev| self.owns(s, dev))
            .map(|dev| i32::from(d.developments[usize::from(dev.0)].points))
            .sum();
        let mut monuments = 0;
        let mut completed = 0;
        for m in 0..MONUMENTS {
            if self.monument_complete(s, m) {
                completed += 1;
                monuments += i32::from(if self.first_completer[m] == Some(s as u8) {
                    d.monuments[m].first
                } else {
                    d.monuments[m].later
                });
            }
        }
        let mut bonus = 0;
        if self.has(s, Effect::Architecture) {
            bonus += completed;
        }
        if self.has(s, Effect::Empire) {
            bonus += i32::from(t.cities);
        }
        ScoreView {
            developments,
            monuments,
            bonus,
            disasters: i32::from(t.disasters),
        }
    }
}
