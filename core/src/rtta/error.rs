//! Why Roll Through the Ages refuses an action.
//!
//! Every variant carries `now`: what the player to act may do at this moment (the step and
//! some of its legal actions), so each message says both what was wrong and what is allowed.
//! The words are `rtta-refuse-*` in `core/locales/<lang>/rtta.ftl`.

use crate::t;
use crate::words::{Arg, Text, ToText};

/// The rules refuse an action; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.to_text())]
pub enum RulesError {
    /// The action belongs to another step of the turn.
    WrongStep {
        /// The refused action in notation.
        action: String,
        /// What is allowed now.
        now: Text,
    },
    /// A good, monument or development that does not exist.
    NoSuchComponent {
        /// What was named.
        what: Text,
        /// What is allowed now.
        now: Text,
    },
    /// A die number beyond the dice rolled this turn.
    NoSuchDie {
        /// The die named (1-based).
        die: u8,
        /// Dice rolled this turn.
        dice: u8,
        /// What is allowed now.
        now: Text,
    },
    /// Skulls stay (except in the solo game and with Leadership).
    SkullLocked {
        /// The die named (1-based).
        die: u8,
        /// What is allowed now.
        now: Text,
    },
    /// A reroll must name at least one die.
    NothingToReroll {
        /// What is allowed now.
        now: Text,
    },
    /// Leadership rerolls one die.
    LeadershipOneDie {
        /// Dice named.
        asked: u8,
        /// What is allowed now.
        now: Text,
    },
    /// Only dice showing "2 food or 2 workers" can be given workers.
    NotAChoiceDie {
        /// The die named (1-based).
        die: u8,
        /// What is allowed now.
        now: Text,
    },
    /// An amount of zero where at least one is needed.
    Zero {
        /// What was given as zero.
        what: Text,
        /// What is allowed now.
        now: Text,
    },
    /// More workers than are left this turn.
    NotEnoughWorkers {
        /// Workers named.
        asked: u8,
        /// Workers left.
        available: u8,
        /// What is allowed now.
        now: Text,
    },
    /// More workers than the target still needs.
    TooManyWorkers {
        /// "Obelisk", "cities".
        target: Text,
        /// Workers named.
        asked: u8,
        /// Workers it still needs.
        needs: u8,
        /// What is allowed now.
        now: Text,
    },
    /// All seven cities stand.
    AllCitiesBuilt {
        /// What is allowed now.
        now: Text,
    },
    /// The monument is already complete for this player.
    MonumentCompleted {
        /// The monument's name.
        monument: Text,
        /// What is allowed now.
        now: Text,
    },
    /// The monument is left out at this player count.
    MonumentNotInPlay {
        /// The monument's name.
        monument: Text,
        /// Players at the table.
        players: usize,
        /// What is allowed now.
        now: Text,
    },
    /// The action needs a development the player lacks.
    MissingDevelopment {
        /// The development's name.
        development: Text,
        /// What is allowed now.
        now: Text,
    },
    /// Not enough stone, food or goods.
    NotEnough {
        /// "stone", "food", "wood".
        what: Text,
        /// How many the player has.
        have: u8,
        /// How many were named.
        asked: u8,
        /// What is allowed now.
        now: Text,
    },
    /// Each development can be bought once.
    AlreadyOwned {
        /// The development's name.
        development: Text,
        /// What is allowed now.
        now: Text,
    },
    /// The coins and goods sold do not reach the price.
    CannotAfford {
        /// The development's name.
        development: Text,
        /// Its price.
        cost: u16,
        /// Coins from dice, Granaries and the goods named.
        available: u16,
        /// What is allowed now.
        now: Text,
    },
    /// Selling an empty goods track.
    NothingToSell {
        /// The good.
        good: Text,
        /// What is allowed now.
        now: Text,
    },
    /// Discarding below the limit.
    DiscardTooMany {
        /// Goods over the limit.
        excess: u8,
        /// Goods named.
        asked: u8,
        /// What is allowed now.
        now: Text,
    },
    /// An offer to oneself or to a seat that is not at the table.
    BadPartner {
        /// The seat named.
        seat: Text,
        /// What is allowed now.
        now: Text,
    },
    /// An offer that moves nothing.
    EmptyOffer {
        /// What is allowed now.
        now: Text,
    },
    /// The same resource on both sides of an offer.
    BothSides {
        /// The resource.
        what: Text,
        /// What is allowed now.
        now: Text,
    },
    /// Setting an offer to what it already says.
    Unchanged {
        /// The resource.
        what: Text,
        /// The amount already in the offer.
        count: u8,
        /// What is allowed now.
        now: Text,
    },
    /// Asking for more than any other player has.
    NobodyHas {
        /// The resource.
        what: Text,
        /// The amount asked for.
        count: u8,
        /// What is allowed now.
        now: Text,
    },
    /// The partner lacks what the offer asks for.
    PartnerLacks {
        /// The partner's name.
        partner: Text,
        /// The resource.
        what: Text,
        /// What the partner has.
        have: u8,
        /// What is allowed now.
        now: Text,
    },
    /// A track or the food track would overflow.
    NoRoom {
        /// "you" or the partner's name.
        who: Text,
        /// The resource.
        what: Text,
        /// How many more fit.
        room: u8,
        /// What is allowed now.
        now: Text,
    },
}

impl ToText for RulesError {
    fn to_text(&self) -> Text {
        use RulesError as E;
        match self {
            E::WrongStep { action, now } => t!(
                "rtta-refuse-wrong-step",
                action = Arg::raw(action),
                now = now
            ),
            E::NoSuchComponent { what, now } => {
                t!("rtta-refuse-no-such-component", what = what, now = now)
            }
            E::NoSuchDie { die, dice, now } => {
                t!(
                    "rtta-refuse-no-such-die",
                    die = *die,
                    dice = *dice,
                    now = now
                )
            }
            E::SkullLocked { die, now } => t!("rtta-refuse-skull-locked", die = *die, now = now),
            E::NothingToReroll { now } => t!("rtta-refuse-nothing-to-reroll", now = now),
            E::LeadershipOneDie { asked, now } => {
                t!("rtta-refuse-leadership-one-die", asked = *asked, now = now)
            }
            E::NotAChoiceDie { die, now } => {
                t!("rtta-refuse-not-a-choice-die", die = *die, now = now)
            }
            E::Zero { what, now } => t!("rtta-refuse-zero", what = what, now = now),
            E::NotEnoughWorkers {
                asked,
                available,
                now,
            } => t!(
                "rtta-refuse-not-enough-workers",
                available = *available,
                asked = *asked,
                now = now
            ),
            E::TooManyWorkers {
                target,
                asked,
                needs,
                now,
            } => t!(
                "rtta-refuse-too-many-workers",
                target = target,
                needs = *needs,
                asked = *asked,
                now = now
            ),
            E::AllCitiesBuilt { now } => t!("rtta-refuse-all-cities-built", now = now),
            E::MonumentCompleted { monument, now } => {
                t!(
                    "rtta-refuse-monument-completed",
                    monument = monument,
                    now = now
                )
            }
            E::MonumentNotInPlay {
                monument,
                players,
                now,
            } => t!(
                "rtta-refuse-monument-not-in-play",
                monument = monument,
                players = *players,
                now = now
            ),
            E::MissingDevelopment { development, now } => t!(
                "rtta-refuse-missing-development",
                development = development,
                now = now
            ),
            E::NotEnough {
                what,
                have,
                asked,
                now,
            } => t!(
                "rtta-refuse-not-enough",
                have = *have,
                what = what,
                asked = *asked,
                now = now
            ),
            E::AlreadyOwned { development, now } => t!(
                "rtta-refuse-already-owned",
                development = development,
                now = now
            ),
            E::CannotAfford {
                development,
                cost,
                available,
                now,
            } => t!(
                "rtta-refuse-cannot-afford",
                development = development,
                cost = *cost,
                available = *available,
                now = now
            ),
            E::NothingToSell { good, now } => {
                t!("rtta-refuse-nothing-to-sell", good = good, now = now)
            }
            E::DiscardTooMany { excess, asked, now } => t!(
                "rtta-refuse-discard-too-many",
                excess = *excess,
                asked = *asked,
                now = now
            ),
            E::BadPartner { seat, now } => t!("rtta-refuse-bad-partner", seat = seat, now = now),
            E::EmptyOffer { now } => t!("rtta-refuse-empty-offer", now = now),
            E::BothSides { what, now } => t!("rtta-refuse-both-sides", what = what, now = now),
            E::Unchanged { what, count, now } => t!(
                "rtta-refuse-unchanged",
                count = *count,
                what = what,
                now = now
            ),
            E::NobodyHas { what, count, now } => t!(
                "rtta-refuse-nobody-has",
                count = *count,
                what = what,
                now = now
            ),
            E::PartnerLacks {
                partner,
                what,
                have,
                now,
            } => t!(
                "rtta-refuse-partner-lacks",
                partner = partner,
                have = *have,
                what = what,
                now = now
            ),
            E::NoRoom {
                who,
                what,
                room,
                now,
            } => t!(
                "rtta-refuse-no-room",
                who = who,
                room = *room,
                what = what,
                now = now
            ),
        }
    }
}
