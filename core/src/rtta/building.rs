//! The build step: placing workers on cities and monuments, and Engineering (stone for
//! workers).

use super::{Development, Good};
use super::{Effect, EndReason, Event, MONUMENTS, Rtta, RulesError, Step, Target, data, seat};
use crate::game::PlayError;
use crate::t;

impl Rtta {
    pub(super) fn build_step_useful(&self) -> bool {
        let s = self.cur();
        self.anything_to_build()
            && (self.turn.workers > 0 || (self.has(s, Effect::Engineering) && self.stone(s) > 0))
    }

    pub(super) fn enter_build(&mut self, events: &mut Vec<Event>) {
        if self.build_step_useful() {
            self.step = Step::Build;
        } else {
            self.enter_buy(events);
        }
    }

    pub(super) fn build(
        &mut self,
        target: Target,
        count: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let d = data();
        let s = self.cur();
        if let Target::Monument(m) = target {
            let mi = usize::from(m.0);
            if !self.in_play[mi] {
                return self.refuse(|now| RulesError::MonumentNotInPlay {
                    monument: m.text(),
                    players: self.seats.len(),
                    now,
                });
            }
            if self.monument_complete(s, mi) {
                return self.refuse(|now| RulesError::MonumentCompleted {
                    monument: m.text(),
                    now,
                });
            }
        }
        let needed = self.workers_needed(target);
        if needed == 0 {
            return self.refuse(|now| RulesError::AllCitiesBuilt { now });
        }
        if count == 0 {
            return self.refuse(|now| RulesError::Zero {
                what: t!("rtta-zero-building"),
                now,
            });
        }
        if count > self.turn.workers {
            return self.refuse(|now| RulesError::NotEnoughWorkers {
                asked: count,
                available: self.turn.workers,
                now,
            });
        }
        if count > needed {
            let name = match target {
                Target::City => t!("rtta-cities"),
                Target::Monument(m) => m.text(),
            };
            return self.refuse(|now| RulesError::TooManyWorkers {
                target: name,
                asked: count,
                needs: needed,
                now,
            });
        }

        self.turn.workers -= count;
        events.push(Event::Built {
            seat: seat(self.current),
            target,
            workers: count,
        });
        match target {
            Target::City => {
                let mut left = count;
                while left > 0 {
                    let t = &mut self.seats[s];
                    let cost = d.city_costs[usize::from(t.cities - d.rules.start_cities)];
                    let put = left.min(cost - t.city_progress);
                    t.city_progress += put;
                    left -= put;
                    if t.city_progress == cost {
                        t.cities += 1;
                        t.city_progress = 0;
                        events.push(Event::CityCompleted {
                            seat: seat(self.current),
                            cities: t.cities,
                        });
                    }
                }
            }
            Target::Monument(m) => {
                let mi = usize::from(m.0);
                self.seats[s].monuments[mi] += count;
                if self.monument_complete(s, mi) {
                    let first = self.first_completer[mi].is_none();
                    if first {
                        self.first_completer[mi] = Some(self.current);
                    }
                    let md = &d.monuments[mi];
                    events.push(Event::MonumentCompleted {
                        seat: seat(self.current),
                        monument: m,
                        first,
                        points: if first { md.first } else { md.later },
                    });
                    let all_done = (0..MONUMENTS)
                        .all(|k| !self.in_play[k] || self.first_completer[k].is_some());
                    if all_done && self.ending.is_none() {
                        self.ending = Some(EndReason::Monuments);
                        events.push(Event::EndTriggered {
                            seat: seat(self.current),
                            reason: EndReason::Monuments,
                        });
                    }
                }
            }
        }
        if !self.build_step_useful() {
            self.enter_buy(events);
        }
        Ok(())
    }

    pub(super) fn engineering(
        &mut self,
        stone: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let s = self.cur();
        self.require(Effect::Engineering)?;
        if stone == 0 {
            return self.refuse(|now| RulesError::Zero {
                what: Development(data().development_with(Effect::Engineering) as u8).text(),
                now,
            });
        }
        let have = self.stone(s);
        if stone > have {
            return self.refuse(|now| RulesError::NotEnough {
                what: Good(data().stone as u8).text(),
                have,
                asked: stone,
                now,
            });
        }
        let workers = stone * data().rules.engineering_workers_per_stone;
        self.seats[s].goods[data().stone] -= stone;
        self.turn.workers += workers;
        events.push(Event::Engineered {
            seat: seat(self.current),
            stone,
            workers,
        });
        Ok(())
    }
}
