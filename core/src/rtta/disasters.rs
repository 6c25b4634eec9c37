//! Disasters: who a roll's skulls strike, who a development or the Great Wall protects, and
//! what each loses.

use super::{Disaster, Effect, Event, GOODS, Rtta, data, seat};

impl Rtta {
    pub(super) fn strike(&mut self, disaster: Disaster, skulls: u8, events: &mut Vec<Event>) {
        let s = self.cur();
        let n = self.seats.len();
        let opponents: Vec<usize> = (1..n).map(|k| (s + k) % n).collect();
        let mut struck = Vec::new();
        let mut protected = Vec::new();
        match disaster {
            Disaster::Drought | Disaster::Invasion => {
                let safe = match disaster {
                    Disaster::Drought => self.has(s, Effect::Irrigation),
                    _ => self.monument_complete(s, data().great_wall),
                };
                if safe {
                    protected.push(s);
                } else {
                    struck.push(s);
                }
            }
            Disaster::Pestilence => {
                let targets = if self.solo() { vec![s] } else { opponents };
                for t in targets {
                    if self.has(t, Effect::Medicine) {
                        protected.push(t);
                    } else {
                        struck.push(t);
                    }
                }
            }
            Disaster::Revolt => {
                if !self.has(s, Effect::Religion) {
                    struck.push(s);
                } else if self.solo() {
                    protected.push(s);
                } else {
                    struck = opponents;
                }
            }
        }
        for &t in &struck {
            match disaster {
                Disaster::Revolt => self.seats[t].goods = [0; GOODS],
                other => self.seats[t].disasters += other.points(),
            }
        }
        events.push(Event::Disaster {
            seat: seat(self.current),
            skulls,
            disaster,
            struck: struck.into_iter().map(|t| seat(t as u8)).collect(),
            protected: protected.into_iter().map(|t| seat(t as u8)).collect(),
        });
    }
}
