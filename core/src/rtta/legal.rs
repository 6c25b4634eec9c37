//! Every legal action of the player to act, step by step, in the order
//! [`Game::legal_actions`] lists them.

use super::{
    Action, Development, DiceSet, Effect, GOODS, Good, GoodsSet, Monument, Resource, Rtta, Step,
    Target, data, seat,
};
use crate::game::{Game, Seat};

impl Rtta {
    /// Appends every legal action of `who` to `actions` (cleared first), in the order
    /// [`Game::legal_actions`] lists them; lets a caller reuse one buffer.
    pub fn legal_actions_into(&self, who: Seat, actions: &mut Vec<Action>) {
        actions.clear();
        match self.decision() {
            Some(d) if d.seat == who => {}
            _ => return,
        }
        let s = self.cur();
        match self.step {
            Step::Over => {}
            Step::Roll => {
                let rerollable = self.rerollable();
                actions.reserve(1 << rerollable.len());
                actions.extend(rerollable.subsets().skip(1).map(Action::Reroll));
                actions.push(Action::Done);
            }
            Step::Leadership => {
                actions.extend(
                    (0..usize::from(self.turn.dice.count()))
                        .map(|i| Action::Reroll(DiceSet::EMPTY.with(i))),
                );
                actions.push(Action::Done);
            }
            Step::Choose => {
                actions.extend(self.choice_dice().subsets().map(Action::Choose));
            }
            Step::Trade => {
                for r in Resource::all() {
                    let i = r.index();
                    if self.turn.get[i] == 0 {
                        let have = self.holding(s, r);
                        actions.extend(
                            (0..=have)
                                .filter(|&n| n != self.turn.give[i])
                                .map(|n| Action::Give(r, n)),
                        );
                    }
                    if self.turn.give[i] == 0 {
                        let most = self.most_held_by_others(r).min(self.room(s, r));
                        actions.extend(
                            (0..=most)
                                .filter(|&n| n != self.turn.get[i])
                                .map(|n| Action::Get(r, n)),
                        );
                    }
                }
                for p in 0..self.seats.len() as u8 {
                    if self.offer_problem(seat(p)).is_none() {
                        actions.push(Action::Offer(seat(p)));
                    }
                }
                actions.push(Action::Done);
            }
            Step::Answer => {
                actions.push(Action::Accept);
                actions.push(Action::Decline);
            }
            Step::Build => {
                let workers = self.turn.workers;
                for target in
                    std::iter::once(Target::City).chain(Monument::all().map(Target::Monument))
                {
                    let most = self.workers_needed(target).min(workers);
                    actions.extend((1..=most).map(|n| Action::Build(target, n)));
                }
                if self.has(s, Effect::Engineering) {
                    actions.extend((1..=self.stone(s)).map(Action::Engineering));
                }
                actions.push(Action::Done);
            }
            Step::Buy => {
                if self.has(s, Effect::Granaries) {
                    actions.extend((1..=self.seats[s].food).map(Action::Granaries));
                }
                let d = data();
                let held = GoodsSet(
                    Good::all()
                        .filter(|g| self.seats[s].goods[usize::from(g.0)] > 0)
                        .fold(0, |m, g| m | (1 << g.0)),
                );
                // The subsets of the goods held, ascending, with the coins each raises.
                let mut sales = [(0u8, 0u16); 1 << GOODS];
                let mut values = [0u16; 1 << GOODS];
                let mut count = 0;
                for subset in 0..(1usize << GOODS) {
                    if subset as u8 & !held.0 == 0 {
                        if subset > 0 {
                            let low = subset.trailing_zeros() as usize;
                            values[subset] = values[subset & (subset - 1)]
                                + d.goods[low].value(self.seats[s].goods[low]);
                        }
                        sales[count] = (subset as u8, self.turn.coins + values[subset]);
                        count += 1;
                    }
                }
                let sales = &sales[..count];
                let best = sales[count - 1].1;
                for dev in Development::all() {
                    let cost = d.developments[usize::from(dev.0)].cost;
                    if cost > best || self.owns(s, dev) {
                        continue;
                    }
                    actions.extend(
                        sales
                            .iter()
                            .filter(|&&(_, coins)| coins >= cost)
                            .map(|&(subset, _)| Action::Buy(dev, GoodsSet(subset))),
                    );
                }
                actions.push(Action::Done);
            }
            Step::Discard => {
                let excess = self.excess_goods();
                for g in Good::all() {
                    let most = self.seats[s].goods[usize::from(g.0)].min(excess);
                    actions.extend((1..=most).map(|n| Action::Discard(g, n)));
                }
            }
        }
    }
}
