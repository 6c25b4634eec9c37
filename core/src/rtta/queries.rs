//! Questions the rules ask of the state: what a seat owns and holds, what room it has, the
//! dice that may be rerolled or chosen, the workers a target still needs and what could be
//! bought. Nothing here changes the game.

use super::{Development, DiceSet, Effect, Face, Monument, Resource, Rtta, Step, Target, data};

impl Rtta {
    pub(super) fn solo(&self) -> bool {
        self.seats.len() == 1
    }

    pub(super) fn cur(&self) -> usize {
        usize::from(self.current)
    }

    pub(super) fn has(&self, seat: usize, effect: Effect) -> bool {
        self.seats[seat].developments & (1 << data().development_with(effect)) != 0
    }

    pub(super) fn owns(&self, seat: usize, development: Development) -> bool {
        self.seats[seat].developments & (1 << development.0) != 0
    }

    pub(super) fn monument_complete(&self, seat: usize, m: usize) -> bool {
        self.seats[seat].monuments[m] == data().monuments[m].workers
    }

    pub(super) fn goods_total(&self, seat: usize) -> u8 {
        self.seats[seat].goods.iter().sum()
    }

    pub(super) fn goods_value(&self, seat: usize) -> u16 {
        let d = data();
        self.seats[seat]
            .goods
            .iter()
            .enumerate()
            .map(|(g, &c)| d.goods[g].value(c))
            .sum()
    }

    pub(super) fn holding(&self, seat: usize, r: Resource) -> u8 {
        match r {
            Resource::Good(g) => self.seats[seat].goods[usize::from(g.0)],
            Resource::Food => self.seats[seat].food,
        }
    }

    pub(super) fn room(&self, seat: usize, r: Resource) -> u8 {
        let d = data();
        match r {
            Resource::Good(g) => {
                d.goods[usize::from(g.0)].capacity() - self.seats[seat].goods[usize::from(g.0)]
            }
            Resource::Food => d.rules.food_max - self.seats[seat].food,
        }
    }

    pub(super) fn excess_goods(&self) -> u8 {
        if self.has(self.cur(), Effect::Caravans) {
            0
        } else {
            self.goods_total(self.cur())
                .saturating_sub(data().rules.goods_limit)
        }
    }

    /// The dice a plain `reroll` rolls now: in the roll step every die not showing a skull
    /// (every die in the solo game), with Leadership every die.
    pub(crate) fn rerollable(&self) -> DiceSet {
        let all = DiceSet::first(self.turn.dice.count());
        if self.step == Step::Leadership || self.solo() {
            all
        } else {
            DiceSet(all.0 & !self.turn.dice.showing(Face::Skull).0)
        }
    }

    /// The dice showing "2 food or 2 workers".
    pub(crate) fn choice_dice(&self) -> DiceSet {
        self.turn.dice.showing(Face::Choice)
    }

    /// Workers `target` still needs from the current player (0 if it cannot take any).
    pub(super) fn workers_needed(&self, target: Target) -> u8 {
        let t = &self.seats[self.cur()];
        match target {
            Target::City => data().city_workers_left(t.cities, t.city_progress),
            Target::Monument(m) => {
                let m = usize::from(m.0);
                if self.in_play[m] {
                    data().monuments[m].workers - t.monuments[m]
                } else {
                    0
                }
            }
        }
    }

    /// What a `build X` without a count places: all the target still needs, or all the
    /// workers left if fewer.
    pub(crate) fn workers_fitting(&self, target: Target) -> u8 {
        self.workers_needed(target).min(self.turn.workers)
    }

    pub(super) fn anything_to_build(&self) -> bool {
        self.workers_needed(Target::City) > 0
            || Monument::all().any(|m| self.workers_needed(Target::Monument(m)) > 0)
    }

    pub(super) fn stone(&self, seat: usize) -> u8 {
        self.seats[seat].goods[data().stone]
    }

    /// The most coins the current player could raise now: coins, every goods track, and
    /// all food with Granaries.
    pub(super) fn purchasing_power(&self) -> u16 {
        let s = self.cur();
        let mut power = self.turn.coins + self.goods_value(s);
        if self.has(s, Effect::Granaries) {
            power +=
                u16::from(self.seats[s].food) * u16::from(data().rules.granaries_coins_per_food);
        }
        power
    }

    pub(super) fn can_buy_something(&self) -> bool {
        let power = self.purchasing_power();
        Development::all().any(|dev| {
            !self.owns(self.cur(), dev) && data().developments[usize::from(dev.0)].cost <= power
        })
    }
}
