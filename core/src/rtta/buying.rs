//! The buy step: buying a development with coins and goods, and Granaries (food for coins).

use super::Resource;
use super::{Development, Effect, EndReason, Event, GoodsSet, Rtta, RulesError, Step, data, seat};
use crate::game::PlayError;
use crate::t;

impl Rtta {
    pub(super) fn enter_buy(&mut self, events: &mut Vec<Event>) {
        self.turn.workers = 0;
        if self.can_buy_something() {
            self.step = Step::Buy;
        } else {
            self.enter_discard(events);
        }
    }

    pub(super) fn granaries(
        &mut self,
        food: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let s = self.cur();
        self.require(Effect::Granaries)?;
        if food == 0 {
            return self.refuse(|now| RulesError::Zero {
                what: t!("rtta-zero-selling-food"),
                now,
            });
        }
        let have = self.seats[s].food;
        if food > have {
            return self.refuse(|now| RulesError::NotEnough {
                what: Resource::Food.text(),
                have,
                asked: food,
                now,
            });
        }
        let coins = u16::from(food) * u16::from(data().rules.granaries_coins_per_food);
        self.seats[s].food -= food;
        self.turn.coins += coins;
        events.push(Event::SoldFood {
            seat: seat(self.current),
            food,
            coins,
        });
        Ok(())
    }

    pub(super) fn buy(
        &mut self,
        development: Development,
        sold: GoodsSet,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError<RulesError>> {
        let d = data();
        let s = self.cur();
        let dd = &d.developments[usize::from(development.0)];
        if self.owns(s, development) {
            return self.refuse(|now| RulesError::AlreadyOwned {
                development: development.text(),
                now,
            });
        }
        if let Some(g) = sold
            .goods()
            .find(|g| self.seats[s].goods[usize::from(g.0)] == 0)
        {
            return self.refuse(|now| RulesError::NothingToSell {
                good: g.text(),
                now,
            });
        }
        let goods_value: u16 = sold
            .goods()
            .map(|g| d.goods[usize::from(g.0)].value(self.seats[s].goods[usize::from(g.0)]))
            .sum();
        let available = self.turn.coins + goods_value;
        if available < dd.cost {
            return self.refuse(|now| RulesError::CannotAfford {
                development: development.text(),
                cost: dd.cost,
                available,
                now,
            });
        }
        for g in sold.goods() {
            self.seats[s].goods[usize::from(g.0)] = 0;
        }
        self.seats[s].developments |= 1 << development.0;
        events.push(Event::Bought {
            seat: seat(self.current),
            development,
            cost: dd.cost,
            coins: self.turn.coins,
            sold,
            goods_value,
        });
        let owned = self.seats[s].developments.count_ones();
        if owned >= u32::from(d.rules.developments_to_end) && self.ending.is_none() {
            self.ending = Some(EndReason::Developments);
            events.push(Event::EndTriggered {
                seat: seat(self.current),
                reason: EndReason::Developments,
            });
        }
        self.enter_discard(events);
        Ok(())
    }
}
