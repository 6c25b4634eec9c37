//! Roll Through the Ages actions in the player's words ([`Game::describe_action`]): the
//! labels of the buttons and selects a player chooses from, with the notation underneath.
//!
//! A label says what the action does first and what it costs or gives after " — ":
//! `Reroll dice 1 and 3 (food, coins)`, `Keep the dice`, `3 workers on cities — completes
//! city 4`, `Buy Agriculture — 15 coins`, `Sell 2 food for 8 coins`. Nothing in this game is
//! secret, so every label may use the whole state.

use super::event::bundle_text;
use super::notation::english_list;
use super::{Action, Development, DiceSet, Effect, Face, GoodsSet, Rtta, Step, Target, data};
use crate::game::{Game, Seat, fit_label};

/// A face in one word, for lists of dice.
fn face_word(face: Face) -> &'static str {
    match face {
        Face::Good => "good",
        Face::Food => "food",
        Face::Skull => "skull",
        Face::Choice => "food/workers",
        Face::Coins => "coins",
        Face::Workers => "workers",
    }
}

/// "die 3", "dice 2 and 5".
fn dice_words(set: DiceSet) -> String {
    if set.len() == 1 {
        format!("die {}", set.listed())
    } else {
        format!("dice {}", set.listed())
    }
}

fn workers(n: impl Into<u32>) -> String {
    match n.into() {
        1 => "1 worker".into(),
        n => format!("{n} workers"),
    }
}

impl Rtta {
    /// The action in the player's words (see the module documentation).
    pub(super) fn action_words(&self, seat: Seat, action: &Action) -> String {
        fit_label(self.label_candidates(seat, action))
    }

    /// The label, fullest first, then shorter forms for when it would not fit.
    fn label_candidates(&self, _seat: Seat, action: &Action) -> Vec<String> {
        let s = self.cur();
        match *action {
            Action::Reroll(set) => {
                let faces: Vec<&str> = set
                    .indices()
                    .filter_map(|i| self.turn.dice.faces().get(i))
                    .map(|&f| face_word(f))
                    .collect();
                let how = if self.step == Step::Leadership {
                    " with Leadership"
                } else {
                    ""
                };
                let which = dice_words(set);
                vec![
                    format!("Reroll {which}{how} ({})", faces.join(", ")),
                    format!("Reroll {which}{how}"),
                ]
            }
            Action::Done => vec![match self.step {
                Step::Roll | Step::Leadership => "Keep the dice".into(),
                Step::Trade => "Stop trading".into(),
                Step::Build if self.turn.workers > 0 => {
                    format!("Stop building ({} unused)", workers(self.turn.workers))
                }
                Step::Build => "Stop building".into(),
                Step::Buy => "Buy nothing".into(),
                _ => "Done".into(),
            }],
            Action::Choose(set) => {
                let choice = self.choice_dice();
                let food_dice = DiceSet(choice.0 & !set.0);
                let agriculture = u8::from(self.has(s, Effect::Agriculture));
                let masonry = u8::from(self.has(s, Effect::Masonry));
                let food = food_dice.len() * (2 + agriculture);
                let work = set.len() * (2 + masonry);
                vec![if set.is_empty() {
                    format!("Food from {} (+{food} food)", dice_words(food_dice))
                } else if food_dice.is_empty() {
                    format!("Workers from {} (+{})", dice_words(set), workers(work))
                } else {
                    format!(
                        "Workers from {} (+{work}), food from {} (+{food})",
                        dice_words(set),
                        dice_words(food_dice)
                    )
                }]
            }
            Action::Build(target, n) => vec![self.build_words(target, n)],
            Action::Engineering(stone) => {
                let made = u32::from(stone) * u32::from(data().rules.engineering_workers_per_stone);
                vec![format!("Engineering: {stone} stone for {}", workers(made))]
            }
            Action::Granaries(food) => {
                let coins = u32::from(food) * u32::from(data().rules.granaries_coins_per_food);
                vec![format!("Sell {food} food for {coins} coins")]
            }
            Action::Buy(development, sold) => self.buy_words(development, sold),
            Action::Discard(good, n) => vec![format!("Discard {n} {}", good.id())],
            Action::Give(r, 0) => vec![format!("Offer: give no {}", r.id())],
            Action::Give(r, n) => vec![format!(
                "Offer: give {n} {} (you have {})",
                r.id(),
                self.holding(s, r)
            )],
            Action::Get(r, 0) => vec![format!("Offer: ask for no {}", r.id())],
            Action::Get(r, n) => vec![format!("Offer: ask for {n} {}", r.id())],
            Action::Offer(to) => {
                let name = self.seat_name(to);
                let (give, get) = (bundle_text(&self.turn.give), bundle_text(&self.turn.get));
                let full = if self.turn.get.iter().all(|&n| n == 0) {
                    format!("Offer {name} {give} as a gift")
                } else if self.turn.give.iter().all(|&n| n == 0) {
                    format!("Ask {name} for {get} as a gift")
                } else {
                    format!("Offer {name} {give} for {get}")
                };
                vec![full, format!("Make the offer to {name}")]
            }
            Action::Accept | Action::Decline => {
                let from = self.seat_name(Seat(self.current));
                if *action == Action::Decline {
                    return vec![format!("Decline {from}'s offer")];
                }
                // The partner gets what the offer gives, and gives what it asks for.
                let (get, give) = (bundle_text(&self.turn.give), bundle_text(&self.turn.get));
                let full = if self.turn.get.iter().all(|&n| n == 0) {
                    format!("Accept {from}'s gift of {get}")
                } else if self.turn.give.iter().all(|&n| n == 0) {
                    format!("Accept: give {from} {give} for nothing")
                } else {
                    format!("Accept {from}'s offer: get {get} for {give}")
                };
                vec![full, format!("Accept {from}'s offer")]
            }
        }
    }

    /// "3 workers on cities — completes city 4", "2 workers on the Obelisk — 5 of 9".
    fn build_words(&self, target: Target, n: u8) -> String {
        let d = data();
        let t = &self.seats[self.cur()];
        let put = workers(n);
        match target {
            Target::City => {
                let (mut cities, mut progress, mut left) = (t.cities, t.city_progress, n);
                let mut completed = Vec::new();
                while left > 0 {
                    let Some(&cost) = d
                        .city_costs
                        .get(usize::from(cities.saturating_sub(d.rules.start_cities)))
                    else {
                        break;
                    };
                    let now = left.min(cost.saturating_sub(progress));
                    if now == 0 {
                        break;
                    }
                    progress += now;
                    left -= now;
                    if progress == cost {
                        cities += 1;
                        progress = 0;
                        completed.push(cities.to_string());
                    }
                }
                let next = d
                    .city_costs
                    .get(usize::from(cities.saturating_sub(d.rules.start_cities)))
                    .copied()
                    .unwrap_or(0);
                let partial = format!("city {}: {progress} of {next}", cities + 1);
                match completed.len() {
                    0 => format!("{put} on city {} — {progress} of {next}", cities + 1),
                    n => {
                        let what = if n == 1 {
                            format!("city {}", completed[0])
                        } else {
                            format!("cities {}", english_list(&completed))
                        };
                        if progress > 0 {
                            format!("{put} on cities — completes {what}; {partial}")
                        } else {
                            format!("{put} on cities — completes {what}")
                        }
                    }
                }
            }
            Target::Monument(m) => {
                let Some(md) = d.monuments.get(usize::from(m.0)) else {
                    return format!("{put} on a monument");
                };
                let after = t.monuments[usize::from(m.0)] + n;
                if after >= md.workers {
                    let first = self.first_completer[usize::from(m.0)].is_none();
                    let points = if first { md.first } else { md.later };
                    let when = if first { "first" } else { "later" };
                    let s = if points == 1 { "" } else { "s" };
                    format!(
                        "{put} on the {} — completes it {when}: {points} point{s}",
                        m.name()
                    )
                } else {
                    format!("{put} on the {} — {after} of {}", m.name(), md.workers)
                }
            }
        }
    }

    /// "Buy Agriculture — 15 coins", "Buy Agriculture 15 · 7 coins + cloth 4 + metal 5" (the
    /// whole track of each good sold, with what it is worth).
    fn buy_words(&self, development: Development, sold: GoodsSet) -> Vec<String> {
        let d = data();
        let s = self.cur();
        let name = development.name();
        let cost = d
            .developments
            .get(usize::from(development.0))
            .map_or(0, |dd| dd.cost);
        if sold.is_empty() {
            return vec![format!("Buy {name} — {cost} coins")];
        }
        // Each good sold is its whole track, named with what it is worth.
        let mut parts = Vec::new();
        let mut names = Vec::new();
        let coins = self.turn.coins;
        if coins > 0 {
            parts.push(format!("{coins} coins"));
            names.push(format!("{coins} coins"));
        }
        for g in sold.goods() {
            let i = usize::from(g.0);
            let worth = d
                .goods
                .get(i)
                .zip(self.seats[s].goods.get(i))
                .map_or(0, |(good, &n)| good.value(n));
            parts.push(format!("{} {worth}", g.id()));
            names.push(g.id().to_string());
        }
        vec![
            format!("Buy {name} {cost} · {}", parts.join(" + ")),
            format!("Buy {name} {cost} · {}", names.join(" + ")),
        ]
    }
}
