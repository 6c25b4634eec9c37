//! Roll Through the Ages actions in the player's words ([`Game::describe_action`]): the
//! labels of the buttons and selects a player chooses from, with the notation underneath.
//!
//! A label says what the action does first and what it costs or gives after " — ":
//! `Reroll dice 1 and 3 (food, coins)`, `Keep the dice`, `3 workers on cities — completes
//! city 4`, `Buy Agriculture — 15 coins`, `Sell 2 food for 8 coins`. Nothing in this game is
//! secret, so every label may use the whole state. The words are `rtta-label-*` in
//! `core/locales/<lang>/rtta.ftl`; where a label may be too long, [`Text::fit`] offers
//! shorter wordings.

use super::event::{bundle_text, comma_list, joined};
use super::{Action, Development, DiceSet, Effect, GoodsSet, Resource, Rtta, Step, Target, data};
use crate::game::{Game, Seat};
use crate::t;
use crate::words::Text;

fn workers(n: impl Into<u32>) -> Text {
    t!("rtta-workers", n = n.into())
}

impl Rtta {
    /// The action in the player's words (see the module documentation), cut to fit a label
    /// if even its shortest wording is too long.
    pub(super) fn action_words(&self, seat: Seat, action: &Action) -> Text {
        Text::fit([self.label(seat, action)])
    }

    fn label(&self, _seat: Seat, action: &Action) -> Text {
        let s = self.cur();
        match *action {
            Action::Reroll(set) => {
                let faces = comma_list(
                    set.indices()
                        .filter_map(|i| self.turn.dice.faces().get(i))
                        .map(|&f| f.short_text()),
                );
                let which = set.words();
                if self.step == Step::Leadership {
                    Text::fit([
                        t!(
                            "rtta-label-reroll-leadership",
                            dice = which.clone(),
                            faces = faces
                        ),
                        t!("rtta-label-reroll-leadership-short", dice = which),
                    ])
                } else {
                    Text::fit([
                        t!("rtta-label-reroll", dice = which.clone(), faces = faces),
                        t!("rtta-label-reroll-short", dice = which),
                    ])
                }
            }
            Action::Done => match self.step {
                Step::Roll | Step::Leadership => t!("rtta-label-keep"),
                Step::Trade => t!("rtta-label-stop-trading"),
                Step::Build if self.turn.workers > 0 => t!(
                    "rtta-label-stop-building-unused",
                    workers = workers(self.turn.workers)
                ),
                Step::Build => t!("rtta-label-stop-building"),
                Step::Buy => t!("rtta-label-buy-nothing"),
                _ => t!("rtta-label-done"),
            },
            Action::Choose(set) => {
                let choice = self.choice_dice();
                let food_dice = DiceSet(choice.0 & !set.0);
                let agriculture = u8::from(self.has(s, Effect::Agriculture));
                let masonry = u8::from(self.has(s, Effect::Masonry));
                let food = food_dice.len() * (2 + agriculture);
                let work = set.len() * (2 + masonry);
                if set.is_empty() {
                    t!("rtta-label-food", dice = food_dice.words(), food = food)
                } else if food_dice.is_empty() {
                    t!(
                        "rtta-label-workers",
                        dice = set.words(),
                        workers = workers(work)
                    )
                } else {
                    t!(
                        "rtta-label-workers-and-food",
                        dice = set.words(),
                        workers = work,
                        food_dice = food_dice.words(),
                        food = food
                    )
                }
            }
            Action::Build(target, n) => self.build_words(target, n),
            Action::Engineering(stone) => {
                let made = u32::from(stone) * u32::from(data().rules.engineering_workers_per_stone);
                t!(
                    "rtta-label-engineering",
                    stone = stone,
                    workers = workers(made)
                )
            }
            Action::Granaries(food) => {
                let coins = u32::from(food) * u32::from(data().rules.granaries_coins_per_food);
                t!("rtta-label-granaries", food = food, coins = coins)
            }
            Action::Buy(development, sold) => self.buy_words(development, sold),
            Action::Discard(good, n) => {
                t!("rtta-label-discard", goods = Resource::Good(good).count(n))
            }
            Action::Give(r, 0) => t!("rtta-label-give-none", what = r.text()),
            Action::Give(r, n) => t!(
                "rtta-label-give",
                what = r.count(n),
                have = self.holding(s, r)
            ),
            Action::Get(r, 0) => t!("rtta-label-get-none", what = r.text()),
            Action::Get(r, n) => t!("rtta-label-get", what = r.count(n)),
            Action::Offer(to) => {
                let name = self.seat_name(to);
                let (give, get) = (bundle_text(&self.turn.give), bundle_text(&self.turn.get));
                let full = if self.turn.get.iter().all(|&n| n == 0) {
                    t!("rtta-label-offer-gift", seat = name.clone(), give = give)
                } else if self.turn.give.iter().all(|&n| n == 0) {
                    t!("rtta-label-ask-gift", seat = name.clone(), get = get)
                } else {
                    t!(
                        "rtta-label-offer",
                        seat = name.clone(),
                        give = give,
                        get = get
                    )
                };
                Text::fit([full, t!("rtta-label-offer-short", seat = name)])
            }
            Action::Accept | Action::Decline => {
                let from = self.seat_name(Seat(self.current));
                if *action == Action::Decline {
                    return t!("rtta-label-decline", seat = from);
                }
                // The partner gets what the offer gives, and gives what it asks for.
                let (get, give) = (bundle_text(&self.turn.give), bundle_text(&self.turn.get));
                let full = if self.turn.get.iter().all(|&n| n == 0) {
                    t!("rtta-label-accept-gift", seat = from.clone(), get = get)
                } else if self.turn.give.iter().all(|&n| n == 0) {
                    t!("rtta-label-accept-give", seat = from.clone(), give = give)
                } else {
                    t!(
                        "rtta-label-accept",
                        seat = from.clone(),
                        get = get,
                        give = give
                    )
                };
                Text::fit([full, t!("rtta-label-accept-short", seat = from)])
            }
        }
    }

    /// "3 workers on cities — completes city 4", "2 workers on the Obelisk — 5 of 9".
    fn build_words(&self, target: Target, n: u8) -> Text {
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
                        completed.push(cities);
                    }
                }
                let next = d
                    .city_costs
                    .get(usize::from(cities.saturating_sub(d.rules.start_cities)))
                    .copied()
                    .unwrap_or(0);
                if completed.is_empty() {
                    return t!(
                        "rtta-label-city",
                        workers = put,
                        city = cities + 1,
                        progress = progress,
                        next = next
                    );
                }
                let what = t!(
                    "rtta-label-cities-completed",
                    n = completed.len(),
                    cities =
                        Text::and_list(completed.iter().map(|&c| t!("rtta-die-number", n = c)))
                );
                if progress > 0 {
                    t!(
                        "rtta-label-cities-completes-partial",
                        workers = put,
                        completed = what,
                        city = cities + 1,
                        progress = progress,
                        next = next
                    )
                } else {
                    t!(
                        "rtta-label-cities-completes",
                        workers = put,
                        completed = what
                    )
                }
            }
            Target::Monument(m) => {
                let Some(md) = d.monuments.get(usize::from(m.0)) else {
                    return t!("rtta-label-a-monument", workers = put);
                };
                let after = t.monuments[usize::from(m.0)] + n;
                if after >= md.workers {
                    let first = self.first_completer[usize::from(m.0)].is_none();
                    if first {
                        t!(
                            "rtta-label-monument-first",
                            workers = put,
                            monument = m.text(),
                            points = md.first
                        )
                    } else {
                        t!(
                            "rtta-label-monument-later",
                            workers = put,
                            monument = m.text(),
                            points = md.later
                        )
                    }
                } else {
                    t!(
                        "rtta-label-monument",
                        workers = put,
                        monument = m.text(),
                        after = after,
                        needs = md.workers
                    )
                }
            }
        }
    }

    /// "Buy Agriculture — 15 coins", "Buy Agriculture 15 · 7 coins + cloth 4 + metal 5" (the
    /// whole track of each good sold, with what it is worth).
    fn buy_words(&self, development: Development, sold: GoodsSet) -> Text {
        let d = data();
        let s = self.cur();
        let cost = d
            .developments
            .get(usize::from(development.0))
            .map_or(0, |dd| dd.cost);
        if sold.is_empty() {
            return t!(
                "rtta-label-buy",
                development = development.text(),
                cost = cost
            );
        }
        // Each good sold is its whole track, named with what it is worth.
        let mut parts = Vec::new();
        let mut names = Vec::new();
        let coins = self.turn.coins;
        if coins > 0 {
            parts.push(t!("rtta-label-pay-coins", coins = coins));
            names.push(t!("rtta-label-pay-coins", coins = coins));
        }
        for g in sold.goods() {
            let i = usize::from(g.0);
            let worth = d
                .goods
                .get(i)
                .zip(self.seats[s].goods.get(i))
                .map_or(0, |(good, &n)| good.value(n));
            parts.push(t!("rtta-label-pay-good", good = g.text(), worth = worth));
            names.push(g.text());
        }
        let plus = || t!("rtta-plus");
        Text::fit([
            t!(
                "rtta-label-buy-selling",
                development = development.text(),
                cost = cost,
                payment = joined(parts, plus)
            ),
            t!(
                "rtta-label-buy-selling",
                development = development.text(),
                cost = cost,
                payment = joined(names, plus)
            ),
        ])
    }
}
