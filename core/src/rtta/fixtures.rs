//! Scenario fixtures: the `fix` keys that set up a position before the first action.

use super::{EXTRA_CITIES, Face, Rtta, SetupError, data};
use crate::words::Text;

impl Rtta {
    pub(super) fn fix_seat(&self, word: &str) -> Result<usize, SetupError> {
        match word.parse::<usize>() {
            Ok(n) if (1..=self.seats.len()).contains(&n) => Ok(n - 1),
            _ => Err(SetupError(Text::raw(format!(
                "\"{word}\" is not a seat; seats are 1 to {}",
                self.seats.len()
            )))),
        }
    }

    pub(super) fn fix_number(word: Option<&&str>, what: &str, max: u32) -> Result<u32, SetupError> {
        let word = word.ok_or_else(|| SetupError(Text::raw(format!("{what} is missing"))))?;
        match word.parse::<u32>() {
            Ok(n) if n <= max => Ok(n),
            _ => Err(SetupError(Text::raw(format!(
                "{what} must be a number from 0 to {max}, not \"{word}\""
            )))),
        }
    }

    pub(super) fn apply_fix(&mut self, key: &str, words: &[&str]) -> Result<(), SetupError> {
        let d = data();
        let usage = || {
            SetupError(Text::raw(format!(
                "fixtures: start-player N, dice F F … (faces 1–6 or good food skull choice coins workers), \
                 food S N, goods S wood N stone N …, developments S name …, cities S N, \
                 monument S name N, disasters S N, round N; not \"{key}\""
            )))
        };
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
                        SetupError(Text::raw(format!(
                            "\"{w}\" is not a die face: 1 good, 2 food, 3 skull, 4 choice, 5 coins, 6 workers"
                        )))
                    })?;
                    self.forced.push_back(face);
                }
            }
            "round" => {
                let [n] = words else { return Err(usage()) };
                let n = Self::fix_number(Some(n), "the round", u32::from(u16::MAX))?;
                if n == 0 {
                    return Err(SetupError(Text::raw("rounds count from 1")));
                }
                self.round = n as u16;
            }
            _ => {
                let (who, rest) = words.split_first().ok_or_else(usage)?;
                let s = self.fix_seat(who)?;
                match key {
                    "food" => {
                        self.seats[s].food =
                            Self::fix_number(rest.first(), "food", d.rules.food_max.into())? as u8;
                    }
                    "disasters" => {
                        self.seats[s].disasters =
                            Self::fix_number(rest.first(), "disasters", 999)? as u16;
                    }
                    "cities" => {
                        let low = u32::from(d.rules.start_cities);
                        let n =
                            Self::fix_number(rest.first(), "cities", low + EXTRA_CITIES as u32)?;
                        if n < low {
                            return Err(SetupError(Text::raw(format!(
                                "a player has at least {low} cities"
                            ))));
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
                                        SetupError(Text::raw(format!(
                                            "\"{}\" is not a good",
                                            pair[0]
                                        )))
                                    })?;
                            self.seats[s].goods[g] = Self::fix_number(
                                Some(&pair[1]),
                                &d.goods[g].id,
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
                                    SetupError(Text::raw(format!(
                                        "\"{name}\" is not a development"
                                    )))
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
                                    SetupError(Text::raw(format!("\"{name}\" is not a monument")))
                                })?;
                        if !self.in_play[m] {
                            return Err(SetupError(Text::raw(format!(
                                "the {} is not used with {} players",
                                d.monuments[m].name,
                                self.seats.len()
                            ))));
                        }
                        let n = Self::fix_number(Some(n), "workers", d.monuments[m].workers.into())?
                            as u8;
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
