//! What happens when the dice are final: collecting goods and food, feeding the cities,
//! the disaster the skulls bring ([`super::disasters`]), then the workers and coins.

use super::{Disaster, Effect, Event, Face, GOODS, Rtta, data, seat};

impl Rtta {
    /// Collects goods and food, feeds the cities and resolves disasters.
    pub(super) fn resolve_dice(&mut self, events: &mut Vec<Event>) {
        let d = data();
        let s = self.cur();
        let who = seat(self.current);
        let dice = self.turn.dice;
        let agriculture = u8::from(self.has(s, Effect::Agriculture));
        let masonry = u8::from(self.has(s, Effect::Masonry));
        let choice = dice.number_showing(Face::Choice);
        let choice_workers = self.turn.workers_dice.len();
        let choice_food = choice - choice_workers;
        let skulls = dice.number_showing(Face::Skull);

        // Goods, one at a time from wood upwards and round again; a full track loses it.
        let goods = dice.number_showing(Face::Good) + 2 * skulls;
        if goods > 0 {
            let mut gained = [0u8; GOODS];
            let mut lost = 0;
            let t = &mut self.seats[s];
            for i in 0..usize::from(goods) {
                let g = i % GOODS;
                if t.goods[g] < d.goods[g].capacity() {
                    t.goods[g] += 1;
                    gained[g] += 1;
                } else {
                    lost += 1;
                }
            }
            let quarrying = gained[d.stone] > 0 && self.has(s, Effect::Quarrying);
            let t = &mut self.seats[s];
            if quarrying {
                if t.goods[d.stone] < d.goods[d.stone].capacity() {
                    t.goods[d.stone] += 1;
                    gained[d.stone] += 1;
                } else {
                    lost += 1;
                }
            }
            events.push(Event::GoodsCollected {
                seat: who,
                gained,
                lost,
                quarrying,
            });
        }

        // Food, up to the maximum.
        let food =
            dice.number_showing(Face::Food) * (3 + agriculture) + choice_food * (2 + agriculture);
        let t = &mut self.seats[s];
        if food > 0 {
            let before = t.food;
            t.food = (u16::from(before) + u16::from(food)).min(u16::from(d.rules.food_max)) as u8;
            events.push(Event::FoodCollected {
                seat: who,
                gained: t.food - before,
                lost: food - (t.food - before),
            });
        }

        // Feeding: one food per city (per die rolled), a disaster point per unfed city.
        let cities = dice.count();
        let eaten = cities.min(t.food);
        t.food -= eaten;
        let unfed = cities - eaten;
        t.disasters += u16::from(unfed);
        events.push(Event::Fed {
            seat: who,
            cities,
            unfed,
            food: t.food,
        });

        if let Some(disaster) = Disaster::from_skulls(skulls) {
            self.strike(disaster, skulls, events);
        }

        let coins_per_die = if self.has(s, Effect::Coinage) {
            d.rules.coinage_coins_per_die
        } else {
            d.rules.coins_per_die
        };
        self.turn.workers =
            dice.number_showing(Face::Workers) * (3 + masonry) + choice_workers * (2 + masonry);
        self.turn.coins = u16::from(dice.number_showing(Face::Coins)) * u16::from(coins_per_die);
        events.push(Event::Harvest {
            seat: who,
            workers: self.turn.workers,
            coins: self.turn.coins,
        });
        self.enter_trade(events);
    }
}
