//! Scenario fixtures: the `fix` keys that set up a position before the first action.

use super::{EXTRA_CITIES, Face, Good, Monument, Rtta, SetupError, data};
use crate::t;
use crate::words::{Arg, Text};

impl Rtta {
    pub(super) fn fix_seat(&self, word: &str) -> Result<usize, SetupError> {
        match word.parse::<usize>() {
            Ok(n) if (1..=self.seats.len()).contains(&n) => Ok(n - 1),
            _ => Err(SetupError(t!(
                "rtta-fix-not-a-seat",
                word = Arg::raw(word),
                seats = self.seats.len()
            ))),
        }
    }

    pub(super) fn fix_number(word: Option<&&str>, what: Text, max: u32) -> Result<u32, SetupError> {
        let Some(word) = word else {
            return Err(SetupError(t!("rtta-fix-missing", what = what)));
        };
        match word.parse::<u32>() {
            Ok(n) if n <= max => Ok(n),
            _ => Err(SetupError(t!(
                "rtta-fix-number",
                what = what,
                max = max,
                word = Arg::raw(*word)
            ))),
        }
    }

    pub(super) fn apply_fix(&mut self, key: &str, words: &[&str]) -> Result<(), SetupError> {
        let d = data();
        let usage = || SetupError(t!("rtta-fix-usage", key = Arg::raw(key)));
        match key {
            "start-player" => {
                let [n] = words else { return Err(usage()) };
                let s = self.fix_seat(n)? as u8;
                self.start_player = s;
                self.current = s;
            }
            "dice" => {
                if words.is_empty() {
                    return Err(usage());
                }
                for w in words {
                    let face = Face::parse(w).ok_or_else(|| {
                        SetupError(t!("rtta-fix-not-a-face", word = Arg::raw(*w)))
                    })?;
                    self.forced.push_back(face);
                }
            }
            "round" => {
                let [n] = words else { return Err(usage()) };
                let n = Self::fix_number(Some(n), t!("rtta-fix-the-round"), u32::from(u16::MAX))?;
                if n == 0 {
                    return Err(SetupError(t!("rtta-fix-round-from-1")));
                }
                self.round = n as u16;
            }
            _ => {
                let (who, rest) = words.split_first().ok_or_else(usage)?;
                let s = self.fix_seat(who)?;
                match key {
                    "food" => {
                        self.seats[s].food = Self::fix_number(
                            rest.first(),
                            t!("rtta-food"),
                            d.rules.food_max.into(),
                        )? as u8;
                    }
                    "disasters" => {
                        self.seats[s].disasters =
                            Self::fix_number(rest.first(), t!("rtta-fix-disasters"), 999)? as u16;
                    }
                    "cities" => {
                        let low = u32::from(d.rules.start_cities);
                        let n = Self::fix_number(
                            rest.first(),
                            t!("rtta-cities"),
                            low + EXTRA_CITIES as u32,
                        )?;
                        if n < low {
                            return Err(SetupError(t!("rtta-fix-few-cities", low = low)));
                        }
                        self.seats[s].cities = n as u8;
                        self.seats[s].city_progress = 0;
                    }
                    "goods" => {
                        if rest.is_empty() || rest.len() % 2 != 0 {
                            return Err(usage());
                        }
                        for pair in rest.chunks(2) {
                            let g =
                                d.goods
                                    .iter()
                                    .position(|g| g.id == pair[0])
                                    .ok_or_else(|| {
                                        SetupError(t!(
                                            "rtta-fix-not-a-good",
                                            word = Arg::raw(pair[0])
                                        ))
                                    })?;
                            self.seats[s].goods[g] = Self::fix_number(
                                Some(&pair[1]),
                                Good(g as u8).text(),
                                d.goods[g].capacity().into(),
                            )? as u8;
                        }
                    }
                    "developments" => {
                        for name in rest {
                            let i = d
                                .developments
                                .iter()
                                .position(|x| x.id == *name)
                                .ok_or_else(|| {
                                    SetupError(t!(
                                        "rtta-fix-not-a-development",
                                        word = Arg::raw(*name)
                                    ))
                                })?;
                            self.seats[s].developments |= 1 << i;
                        }
                    }
                    "monument" => {
                        let [name, n] = rest else { return Err(usage()) };
                        let m =
                            d.monuments
                                .iter()
                                .position(|x| x.id == *name)
                                .ok_or_else(|| {
                                    SetupError(t!(
                                        "rtta-fix-not-a-monument",
                                        word = Arg::raw(*name)
                                    ))
                                })?;
                        if !self.in_play[m] {
                            return Err(SetupError(t!(
                                "rtta-fix-monument-not-in-play",
                                monument = Monument(m as u8).text(),
                                players = self.seats.len()
                            )));
                        }
                        let n = Self::fix_number(
                            Some(n),
                            t!("rtta-fix-workers"),
                            d.monuments[m].workers.into(),
                        )? as u8;
                        self.seats[s].monuments[m] = n;
                        if n == d.monuments[m].workers && self.first_completer[m].is_none() {
                            self.first_completer[m] = Some(s as u8);
                        }
                    }
                    _ => return Err(usage()),
                }
            }
        }
        Ok(())
    }
}
