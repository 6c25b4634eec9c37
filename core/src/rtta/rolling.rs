//! The roll and Leadership steps and choosing food or workers: the automatic first roll,
//! rerolls, Leadership's extra reroll and the choice dice.

use rand::Rng;

use super::{DiceSet, Effect, Event, Face, Rtta, RulesError, Step, Turn, data, seat};
use crate::game::PlayError;

impl Rtta {
    pub(super) fn roll_die(&mut self) -> Face {
        match self.forced.pop_front() {
            Some(face) => face,
            None => Face::ALL[self.rng.random_range(0..Face::ALL.len())],
        }
    }

    /// Starts `seat`'s turn with the automatic first roll.
    pub(super) fn start_turn(&mut self, seat_index: u8, events: &mut Vec<Event>) {
        self.current = seat_index;
        let count = self.seats[self.cur()].cities;
        self.turn = Turn::new(count);
        for i in 0..usize::from(count) {
            let face = self.roll_die();
            self.turn.dice.set(i, face);
        }
        self.turn.last_rolled = DiceSet::first(count);
        self.turn.rerolls_left = data().rules.rolls - 1;
        self.step = Step::Roll;
        events.push(Event::TurnStarted {
            seat: seat(seat_index),
            round: self.round,
        });
        events.push(Event::Rolled {
            seat: seat(seat_index),
            dice: self.turn.dice,
        });
        if self.turn.rerolls_left == 0 {
            self.finish_rolling(events);
        }
    }

    /// Rolls the first roll of the opening turn again, after a fixture changed the start
    /// player, a city count or the queue of forced faces.
    pub(super) fn redo_opening_roll(&mut self) {
        for face in self.opening_forced.drain(..).rev() {
            self.forced.push_front(face);
        }
        let count = self.seats[self.cur()].cities;
        self.turn = Turn::new(count);
        for i in 0..usize::from(count) {
            let queued = !self.forced.is_empty();
            let face = self.roll_die();
            if queued {
                self.opening_forced.push(face);
            }
            self.turn.dice.set(i, face);
        }
        self.turn.last_rolled = DiceSet::first(count);
        self.turn.rerolls_left = data().rules.rolls - 1;
        self.step = Step::Roll;
    }

    pub(super) fn finish_rolling(&mut self, events: &mut Vec<Event>) {
        if self.has(self.cur(), Effect::Leadership) {
            self.step = Step::Leadership;
        } else {
            self.after_leadership(events);
        }
    }

    pub(super) fn after_leadership(&mut self, events: &mut Vec<Event>) {
        events.push(Event::DiceFinal {
            seat: seat(self.current),
            dice: self.turn.dice,
        });
        if self.choice_dice().is_empty() {
            self.resolve_dice(events);
        } else {
            self.step = Step::Choose;
        }
    }

    pub(super) fn reroll(
        &mut self,
        set: DiceSet,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let leadership = self.step == Step::Leadership;
        if set.is_empty() {
            return self.refuse(|now| RulesError::NothingToReroll { now });
        }
        self.check_dice(set)?;
        if leadership {
            if set.len() != 1 {
                return self.refuse(|now| RulesError::LeadershipOneDie {
                    asked: set.len(),
                    now,
                });
            }
        } else if !self.solo()
            && let Some(i) = set
                .indices()
                .find(|&i| self.turn.dice.faces()[i] == Face::Skull)
        {
            return self.refuse(|now| RulesError::SkullLocked {
                die: i as u8 + 1,
                now,
            });
        }
        for i in set.indices() {
            let face = self.roll_die();
            self.turn.dice.set(i, face);
        }
        self.turn.last_rolled = set;
        events.push(Event::Rerolled {
            seat: seat(self.current),
            rerolled: set,
            dice: self.turn.dice,
            leadership,
        });
        if leadership {
            self.after_leadership(events);
        } else {
            self.turn.rerolls_left -= 1;
            if self.turn.rerolls_left == 0 {
                self.finish_rolling(events);
            }
        }
        Ok(())
    }

    pub(super) fn choose(
        &mut self,
        workers: DiceSet,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        self.check_dice(workers)?;
        let choice = self.choice_dice();
        if let Some(i) = workers.indices().find(|&i| !choice.contains(i)) {
            return self.refuse(|now| RulesError::NotAChoiceDie {
                die: i as u8 + 1,
                now,
            });
        }
        self.turn.workers_dice = workers;
        self.turn.chosen = true;
        events.push(Event::Chose {
            seat: seat(self.current),
            food: choice.len() - workers.len(),
            workers: workers.len(),
        });
        self.resolve_dice(events);
        Ok(())
    }
}
