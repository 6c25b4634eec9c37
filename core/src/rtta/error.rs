//! Why Roll Through the Ages refuses an action.
//!
//! Every variant carries `now`: what the player to act may do at this moment (the step and
//! some of its legal actions), so each message says both what was wrong and what is allowed.

/// The rules refuse an action; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The action belongs to another step of the turn.
    #[error("\"{action}\" is not possible now; {now}")]
    WrongStep {
        /// The refused action in notation.
        action: String,
        /// What is allowed now.
        now: String,
    },
    /// A good, monument or development that does not exist.
    #[error("there is no {what}; {now}")]
    NoSuchComponent {
        /// What was named.
        what: String,
        /// What is allowed now.
        now: String,
    },
    /// A die number beyond the dice rolled this turn.
    #[error("there is no die {die}: {dice} dice were rolled; {now}")]
    NoSuchDie {
        /// The die named (1-based).
        die: u8,
        /// Dice rolled this turn.
        dice: u8,
        /// What is allowed now.
        now: String,
    },
    /// Skulls stay (except in the solo game and with Leadership).
    #[error("die {die} shows a skull, and skulls may not be rerolled; {now}")]
    SkullLocked {
        /// The die named (1-based).
        die: u8,
        /// What is allowed now.
        now: String,
    },
    /// A reroll must name at least one die.
    #[error("no die to reroll was named; {now}")]
    NothingToReroll {
        /// What is allowed now.
        now: String,
    },
    /// Leadership rerolls one die.
    #[error("Leadership rerolls exactly one die, not {asked}; {now}")]
    LeadershipOneDie {
        /// Dice named.
        asked: u8,
        /// What is allowed now.
        now: String,
    },
    /// Only dice showing "2 food or 2 workers" can be given workers.
    #[error("die {die} does not show \"2 food or 2 workers\"; {now}")]
    NotAChoiceDie {
        /// The die named (1-based).
        die: u8,
        /// What is allowed now.
        now: String,
    },
    /// An amount of zero where at least one is needed.
    #[error("{what} needs at least 1; {now}")]
    Zero {
        /// What was given as zero.
        what: String,
        /// What is allowed now.
        now: String,
    },
    /// More workers than are left this turn.
    #[error(
        "you have {} left, not {asked}; {now}",
        crate::menu::counted(usize::from(*.available), "worker", "workers")
    )]
    NotEnoughWorkers {
        /// Workers named.
        asked: u8,
        /// Workers left.
        available: u8,
        /// What is allowed now.
        now: String,
    },
    /// More workers than the target still needs.
    #[error("the {target} needs only {needs} more workers, not {asked}; {now}")]
    TooManyWorkers {
        /// "Obelisk", "cities".
        target: String,
        /// Workers named.
        asked: u8,
        /// Workers it still needs.
        needs: u8,
        /// What is allowed now.
        now: String,
    },
    /// All seven cities stand.
    #[error("all your cities are built; {now}")]
    AllCitiesBuilt {
        /// What is allowed now.
        now: String,
    },
    /// The monument is already complete for this player.
    #[error("you have already completed the {monument}; {now}")]
    MonumentCompleted {
        /// The monument's name.
        monument: String,
        /// What is allowed now.
        now: String,
    },
    /// The monument is left out at this player count.
    #[error("the {monument} is not used with {players} players; {now}")]
    MonumentNotInPlay {
        /// The monument's name.
        monument: String,
        /// Players at the table.
        players: usize,
        /// What is allowed now.
        now: String,
    },
    /// The action needs a development the player lacks.
    #[error("you do not have {development}; {now}")]
    MissingDevelopment {
        /// The development's name.
        development: String,
        /// What is allowed now.
        now: String,
    },
    /// Not enough stone, food or goods.
    #[error("you have {have} {what}, not {asked}; {now}")]
    NotEnough {
        /// "stone", "food", "wood".
        what: String,
        /// How many the player has.
        have: u8,
        /// How many were named.
        asked: u8,
        /// What is allowed now.
        now: String,
    },
    /// Each development can be bought once.
    #[error("you already have {development}; {now}")]
    AlreadyOwned {
        /// The development's name.
        development: String,
        /// What is allowed now.
        now: String,
    },
    /// The coins and goods sold do not reach the price.
    #[error("{development} costs {cost} coins, and that would give you only {available}; {now}")]
    CannotAfford {
        /// The development's name.
        development: String,
        /// Its price.
        cost: u16,
        /// Coins from dice, Granaries and the goods named.
        available: u16,
        /// What is allowed now.
        now: String,
    },
    /// Selling an empty goods track.
    #[error("you have no {good} to sell; {now}")]
    NothingToSell {
        /// The good.
        good: String,
        /// What is allowed now.
        now: String,
    },
    /// Discarding below the limit.
    #[error("you need to discard only {excess} more goods, not {asked}; {now}")]
    DiscardTooMany {
        /// Goods over the limit.
        excess: u8,
        /// Goods named.
        asked: u8,
        /// What is allowed now.
        now: String,
    },
    /// An offer to oneself or to a seat that is not at the table.
    #[error("you cannot trade with {seat}; {now}")]
    BadPartner {
        /// The seat named.
        seat: String,
        /// What is allowed now.
        now: String,
    },
    /// An offer that moves nothing.
    #[error("the offer gives and asks for nothing yet; {now}")]
    EmptyOffer {
        /// What is allowed now.
        now: String,
    },
    /// The same resource on both sides of an offer.
    #[error("{what} is already on the other side of the offer; {now}")]
    BothSides {
        /// The resource.
        what: String,
        /// What is allowed now.
        now: String,
    },
    /// Setting an offer to what it already says.
    #[error("the offer already says {count} {what}; {now}")]
    Unchanged {
        /// The resource.
        what: String,
        /// The amount already in the offer.
        count: u8,
        /// What is allowed now.
        now: String,
    },
    /// Asking for more than any other player has.
    #[error("no other player has {count} {what}; {now}")]
    NobodyHas {
        /// The resource.
        what: String,
        /// The amount asked for.
        count: u8,
        /// What is allowed now.
        now: String,
    },
    /// The partner lacks what the offer asks for.
    #[error("{partner} has only {have} {what}; {now}")]
    PartnerLacks {
        /// The partner's name.
        partner: String,
        /// The resource.
        what: String,
        /// What the partner has.
        have: u8,
        /// What is allowed now.
        now: String,
    },
    /// A track or the food track would overflow.
    #[error("{who} can take only {room} more {what}; {now}")]
    NoRoom {
        /// "you" or the partner's name.
        who: String,
        /// The resource.
        what: String,
        /// How many more fit.
        room: u8,
        /// What is allowed now.
        now: String,
    },
}

impl crate::words::ToText for RulesError {
    fn to_text(&self) -> crate::words::Text {
        crate::words::Text::raw(self.to_string())
    }
}
