//! Every legal action of the player to act, step by step, in the order
//! [`Game::legal_actions`](crate::game::Game::legal_actions) lists them, and whether a step
//! offers no real choice and is taken by itself (`is_trivial`: never because of what a
//! hidden hand holds).

use super::cards::{Card, CardId, Resource, cards};
use super::end::{ClosedMemo, elf_reach};
use super::prices::BuildHow;
use super::{Action, Pandoria, SLOTS, Step};
use crate::game::Game;

impl Pandoria {
    /// Appends every legal action of the current decision to `out`.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        if let Some(h) = self.haunts.first() {
            if h.worker {
                out.push(Action::Haunt(false));
            }
            if h.leader {
                out.push(Action::Haunt(true));
            }
            out.push(Action::Pass);
            return;
        }
        match &self.step {
            Step::Over => {}
            Step::Realm { .. } => {
                for realm in self.options.realm_sets.realms() {
                    if self.validate(&Action::Realm(realm)).is_ok() {
                        out.push(Action::Realm(realm));
                    }
                }
            }
            Step::StartTile { .. } => {
                let placed = self.placed_start_tiles();
                out.extend(
                    self.start_placements(&placed)
                        .into_iter()
                        .map(|[a, b]| Action::Start(a, b)),
                );
            }
            Step::Place => {
                let seat = &self.seats[self.current.index()];
                let (free, frontier) = self.free_and_frontier();
                if !seat.hand.is_empty() {
                    self.each_pair(&free, &frontier, |a, b| out.push(Action::Tile(a, b)));
                    if seat.hand.len() > 1 {
                        self.each_pair(&free, &frontier, |a, b| out.push(Action::SecondTile(a, b)));
                    }
                }
                if seat.castles > 0 {
                    out.extend(frontier.iter().map(Action::Castle));
                }
                self.artifact_place_actions(out, &free, &frontier);
            }
            Step::Single { .. } => {
                out.extend(self.gap_spaces().into_iter().map(Action::Single));
            }
            Step::Figure => {
                out.extend(self.figure_options(self.current));
                out.push(Action::Pass);
            }
            Step::Golem => {
                out.extend(self.golem_options(self.current));
                out.push(Action::Pass);
            }
            Step::Ransom { payer, .. } => {
                out.extend(self.ransom_choices(*payer).into_iter().map(Action::Choose));
            }
            _ => self.later_actions_into(out),
        }
    }
}

impl Pandoria {
    /// The actions that hand card `c` of the player to act offers in the current step (none
    /// in steps that play no hand card).
    pub(super) fn hand_card_actions(&self, c: CardId, out: &mut Vec<Action>) {
        let seat = self.current;
        match &self.step {
            Step::Card | Step::HalflingSpell => {
                let builds = self.step == Step::Card && self.has_economy();
                let card = cards().card(c);
                let cost = self.spell_price(seat, card, false, false);
                self.push_payments(seat, Resource::Crystal, cost, out, |w| Action::Spell(c, w));
                if builds {
                    if self.halfling_combo(seat) {
                        let cost = self.spell_price(seat, card, false, true);
                        self.push_payments(seat, Resource::Crystal, cost, out, |w| {
                            Action::Both(c, w)
                        });
                    }
                    for slot in 1..=SLOTS as u8 {
                        if let Ok(cost) = self.build_price(seat, c, slot, BuildHow::Normal) {
                            self.push_payments(seat, Resource::Wood, cost, out, |w| {
                                Action::Build(c, slot, w)
                            });
                        }
                    }
                }
            }
            Step::Effect { effect } => self.effect_card_actions(effect, c, out),
            _ => {}
        }
    }

    /// The legal actions of steps 4–7 and the realm, spell and choice steps.
    pub(super) fn later_actions_into(&self, out: &mut Vec<Action>) {
        let seat = self.current;
        match &self.step {
            Step::Card | Step::HalflingSpell => {
                let builds = self.step == Step::Card && self.has_economy();
                for &c in &self.seats[seat.index()].cards {
                    self.hand_card_actions(c, out);
                }
                if builds {
                    for slot in 1..=SLOTS as u8 {
                        if let Ok(cost) = self.monument_price(seat, slot, BuildHow::Normal) {
                            self.push_payments(seat, Resource::Wood, cost, out, |w| {
                                Action::Monument(slot, w)
                            });
                        }
                    }
                    self.goblin_actions_into(seat, out);
                    if self.mage_recast(seat)
                        && let Some(&top) = self.seats[seat.index()].spells.last()
                    {
                        let cost = self.spell_price(seat, cards().card(top), true, false);
                        self.push_payments(seat, Resource::Crystal, cost, out, Action::Recast);
                    }
                }
                if self.step == Step::Card {
                    self.relic_actions(seat, out);
                    self.printed_ship_actions(seat, out);
                }
                out.push(Action::Pass);
            }
            Step::Effect { .. } => self.effect_actions(out),
            Step::ComboBuild { card } => {
                let c = *card;
                for slot in 1..=SLOTS as u8 {
                    if let Ok(cost) = self.build_price(seat, c, slot, BuildHow::Combo) {
                        self.push_payments(seat, Resource::Wood, cost, out, |w| {
                            Action::Build(c, slot, w)
                        });
                    }
                }
                for slot in 1..=SLOTS as u8 {
                    if let Ok(cost) = self.monument_price(seat, slot, BuildHow::Combo) {
                        self.push_payments(seat, Resource::Wood, cost, out, |w| {
                            Action::Monument(slot, w)
                        });
                    }
                }
                if out.is_empty() {
                    out.push(Action::Pass);
                }
            }
            Step::Choices { .. } => {
                out.push(Action::Points);
                if !self.deck.is_empty() {
                    out.push(Action::Card);
                }
            }
            Step::Buy | Step::RoundBuy { .. } => {
                let Some(buyer) = self.decision().map(|d| d.seat) else {
                    return;
                };
                for pos in 1..=self.market.len() as u8 {
                    if let Ok((_, cost)) = self.buy_price(buyer, pos) {
                        self.push_payments(buyer, Resource::Gold, cost, out, |w| {
                            Action::Buy(pos, w)
                        });
                    }
                }
                out.push(Action::Pass);
            }
            Step::ElfMove => {
                let mut closed = ClosedMemo::default();
                for (from, f) in self.figures_of(seat) {
                    if f.leader {
                        continue;
                    }
                    for to in elf_reach(from) {
                        if self.elf_move_problem(from, to, &mut closed).is_none() {
                            out.push(Action::Move(from, to));
                        }
                    }
                }
                out.push(Action::Pass);
            }
            Step::Poorhouse => {
                for r in Resource::ALL {
                    if self.seats[seat.index()].resource(r) == 0 {
                        out.push(Action::Choose(r));
                    }
                }
            }
            _ => {}
        }
    }
}

impl Pandoria {
    /// Whether the decision has no real choice (nothing or only `pass` is legal) for a reason
    /// every player can see, so that the engine takes it by itself (issue 12). Where the
    /// choice depends on the hidden hand cards (step 4, the Yucata Halflings' spell, Master
    /// Builder, Construct), a hand that holds no playable card is not such a reason: while
    /// any card the seat might hold as far as the others know — any card in a hand or the
    /// deck — could be played, the seat is asked and passes. Otherwise the skipped step, the
    /// log and the timing would tell everybody that the hand holds nothing playable.
    pub(super) fn is_trivial(&self) -> bool {
        let mut out = Vec::new();
        // Mostly a hand card can be played, and that alone makes it a choice: the rest of the
        // list is not needed then.
        if matches!(self.step, Step::Card | Step::HalflingSpell) {
            for &c in &self.seats[self.current.index()].cards {
                self.hand_card_actions(c, &mut out);
                if !out.is_empty() {
                    return false;
                }
            }
        }
        self.later_actions_into(&mut out);
        (out.is_empty() || out == [Action::Pass]) && !self.hidden_hand_might_play()
    }

    /// Whether the player to act holds hand cards and some unseen card (in any hand or the
    /// deck) would offer an action in the current step if it were one of them.
    fn hidden_hand_might_play(&self) -> bool {
        if self.seats[self.current.index()].cards.is_empty() {
            return false;
        }
        let unseen = self.seats.iter().flat_map(|s| &s.cards).chain(&self.deck);
        if matches!(self.step, Step::Card | Step::HalflingSpell) {
            return self.any_card_playable(unseen.map(|&c| cards().card(c)).collect());
        }
        let mut out = Vec::new();
        unseen.into_iter().any(|&c| {
            out.clear();
            self.hand_card_actions(c, &mut out);
            !out.is_empty()
        })
    }

    /// Whether [`Self::hand_card_actions`] offers anything for one of `candidates` in step 4
    /// or the Yucata Halflings' spell, without trying every card: a spell's price grows with
    /// the card's crystals and a building's with its wood, and paying less is never harder,
    /// so the cheapest spell decides, and in each slot the cheapest building that may go there.
    fn any_card_playable(&self, mut candidates: Vec<&'static Card>) -> bool {
        let seat = self.current;
        let mut out = Vec::new();
        let mut affordable = |resource: Resource, cost: u8| {
            out.clear();
            self.push_payments(seat, resource, cost, &mut out, |_| Action::Pass);
            !out.is_empty()
        };
        let Some(&cheapest) = candidates.iter().min_by_key(|c| c.crystals) else {
            return false;
        };
        if affordable(
            Resource::Crystal,
            self.spell_price(seat, cheapest, false, false),
        ) {
            return true;
        }
        if !(self.step == Step::Card && self.has_economy()) {
            return false;
        }
        if self.halfling_combo(seat)
            && affordable(
                Resource::Crystal,
                self.spell_price(seat, cheapest, false, true),
            )
        {
            return true;
        }
        candidates.sort_by_key(|c| c.wood);
        (1..=SLOTS as u8).any(|slot| {
            candidates
                .iter()
                .find_map(|c| self.build_price(seat, c.id, slot, BuildHow::Normal).ok())
                .is_some_and(|cost| affordable(Resource::Wood, cost))
        })
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::game::{Game, Seed};
    use crate::pandoria::{Edition, Mode, Options};

    /// The step-4 skip check's shortcut (the cheapest spell, and per slot the cheapest
    /// building that may go there) says what trying every card in every slot says: for every
    /// unseen card alone and for all of them, at every card step of random standard games.
    #[test]
    fn the_cheapest_cards_decide_whether_an_unseen_card_might_be_played() {
        let mut checked = [0usize; 2];
        for seed in 0..24u64 {
            let options = Options {
                mode: Mode::Standard,
                edition: [Edition::Yucata, Edition::Second][seed as usize % 2],
                ..Options::default()
            };
            let players = 2 + seed as usize % 3;
            let mut g = Pandoria::new(&options, players, Seed::from_u64(seed)).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while let Some(d) = g.decision() {
                if matches!(g.step, Step::Card | Step::HalflingSpell) {
                    let unseen: Vec<&'static Card> = g
                        .seats
                        .iter()
                        .flat_map(|s| &s.cards)
                        .chain(&g.deck)
                        .map(|&c| cards().card(c))
                        .collect();
                    let plays = |card: &Card| {
                        let mut out = Vec::new();
                        g.hand_card_actions(card.id, &mut out);
                        !out.is_empty()
                    };
                    for &card in &unseen {
                        let expected = plays(card);
                        assert_eq!(
                            g.any_card_playable(vec![card]),
                            expected,
                            "card {}",
                            card.id
                        );
                        checked[usize::from(expected)] += 1;
                    }
                    let any = unseen.iter().any(|c| plays(c));
                    assert_eq!(g.any_card_playable(unseen), any);
                }
                let legal = g.legal_actions(d.seat);
                let action = legal[rng.random_range(0..legal.len())];
                g.apply(d.seat, &action).unwrap();
            }
        }
        // Both answers came up often.
        assert!(checked[0] > 100 && checked[1] > 100, "{checked:?}");
    }
}
