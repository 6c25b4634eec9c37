//! Why Pandoria refuses an action: [`RulesError`], one variant per refusal, whose `Display`
//! is a sentence for the player saying what was wrong and what is allowed now (the "now"
//! part comes from `Pandoria::now`), and the small word helpers its messages share.

use super::cards::{CardId, Realm, Resource};
use super::data::Terrain;
use crate::hex::Hex;

/// Why Pandoria refuses an action. Each message says what was wrong and what is allowed.
/// An action a message offers in place of the refused one is legal now, written "(A
/// instead)" or "you can: A, B or C" (the card step also names its relics and printed ship
/// by legal actions); other notation in parentheses shows only the form, like "(tile D7
/// E7)". Property test `refusals_suggest_only_legal_actions`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The action belongs to another step of the turn.
    #[error("you cannot {tried} now: {now}")]
    WrongStep {
        /// What was tried ("place a figure").
        tried: &'static str,
        /// What the player must do now.
        now: String,
    },
    /// The hex is not fertile plain.
    #[error("{0} is not on the fertile plain (mountains and exit paths stay free)")]
    NotPlain(Hex),
    /// The hex is a lake.
    #[error("{0} is a lake: tiles never go on lakes")]
    Lake(Hex),
    /// The hex is the river (River side).
    #[error("{0} is the river: tiles never go on water")]
    River(Hex),
    /// The hex is a printed terrain space.
    #[error("{0} is a printed terrain space: build next to it, not on it")]
    Printed(Hex),
    /// A tile or castle already covers the hex.
    #[error("{0} is already covered")]
    Covered(Hex),
    /// The two hexes of a double tile do not touch.
    #[error("{0} and {1} are not next to each other: a double tile covers two neighbouring spaces")]
    NotNeighbours(Hex, Hex),
    /// The placement touches no tile.
    #[error("{0} touches no tile: place next to the land already on the board")]
    Detached(String),
    /// The two start tiles must not touch (option `start_apart`).
    #[error("the start tiles must not touch each other")]
    StartTilesTouch,
    /// No castle left.
    #[error("you have no castle left: place your tile")]
    NoCastle,
    /// No tile in hand.
    #[error("you have no tile in hand: place a castle")]
    NoTile,
    /// A figure may go only on what was just placed.
    #[error("a figure can go only on what you just placed ({allowed})")]
    NotJustPlaced {
        /// The allowed hexes.
        allowed: String,
    },
    /// The region of the hex is closed.
    #[error("the {terrain} at {at} is closed: no figure can go there")]
    Closed {
        /// The hex.
        at: Hex,
        /// Its terrain.
        terrain: Terrain,
    },
    /// The hex already holds a figure.
    #[error("{0} already has a figure")]
    Occupied(Hex),
    /// No worker in reserve.
    #[error("you have no worker in your reserve")]
    NoWorker,
    /// The leader is on the board already.
    #[error("your leader is already on the board")]
    NoLeader,
    /// The leader comes last (standard game).
    #[error("your leader comes last: place your workers first")]
    LeaderTooEarly,
    /// Nothing of the player's stands there.
    #[error("you have no figure on {0}")]
    NotYourFigure(Hex),
    /// Placing is compulsory.
    #[error("you must place your tile or a castle; you cannot pass")]
    MustPlace,
    /// Only Dwarves hold a second tile.
    #[error("you hold no second tile: place your tile with \"tile D7 E7\"")]
    NoSecondTile,
    /// The card is not in the player's hand.
    #[error("card {card} is not in your hand (you hold {hand})")]
    NoSuchCard {
        /// The card named.
        card: CardId,
        /// The cards held.
        hand: String,
    },
    /// Slots are numbered 1–5.
    #[error("there is no slot {0}: building slots are 1–5")]
    NoSuchSlot(u8),
    /// Monuments are never overbuilt.
    #[error("slot {0} holds a monument, and a monument is never overbuilt: choose another slot")]
    MonumentNeverOverbuilt(u8),
    /// Two identical buildings would be visible (or, for the Goblins, controlled).
    #[error("{}", identical_words(name, *slot, owner.as_deref(), instead.as_deref()))]
    Identical {
        /// The building's name.
        name: &'static str,
        /// Where the visible one is.
        slot: u8,
        /// Goblins: the opponent whose building in `slot` their goblin occupies; `None` for
        /// the player's own building.
        owner: Option<String>,
        /// The same card built over the player's own identical building, in notation, when
        /// that is legal now (`build 24 1`).
        instead: Option<String>,
    },
    /// A monument needs a building to cover.
    #[error("slot {0} has no building: a monument must cover one of your buildings")]
    NothingToCover(u8),
    /// The monument stack is empty.
    #[error("no monument is left")]
    NoMonumentLeft,
    /// Not enough of a resource, even with a Market.
    #[error("{what} costs {cost}; you have {have}{hint}")]
    CannotAfford {
        /// What was to be paid for.
        what: String,
        /// The cost ("5 wood").
        cost: String,
        /// What the player has ("3 wood").
        have: String,
        /// What a Market would allow, if anything.
        hint: String,
    },
    /// The cost needs a Market payment and none was named.
    #[error(
        "{what} costs {cost} and you have {have}: say which resource your Market uses for the rest ({options})"
    )]
    PaymentNeeded {
        /// What was to be paid for.
        what: String,
        /// The cost.
        cost: String,
        /// What the player has.
        have: String,
        /// The ways to pay ("… with gold").
        options: String,
    },
    /// A Market payment was named that is not needed or not possible.
    #[error("you cannot pay with {with}: {why}")]
    BadPayment {
        /// The resource named.
        with: Resource,
        /// Why not.
        why: String,
    },
    /// The market has no card at that position.
    #[error("there is no market card {0}: the market shows {1} card(s), numbered from 1")]
    NoMarketCard(u8, usize),
    /// Buying needs a closed region (except for Mages).
    #[error("you may buy a card only after closing a region this turn")]
    NoPurchase,
    /// Adopt needs an opponent's top spell.
    #[error("{0} has cast no spell yet: there is nothing to adopt")]
    NoTopSpell(String),
    /// Adopt cannot copy Adopt.
    #[error("{0}'s top spell is Adopt, which Adopt cannot copy")]
    AdoptAdopt(String),
    /// Adopt copies an opponent's spell.
    #[error("Adopt copies an opponent's spell, not your own")]
    AdoptSelf,
    /// Recast needs a top spell.
    #[error("you have cast no spell yet: there is nothing to recast")]
    NothingToRecast,
    /// A spell cannot put or move a figure there.
    #[error("a figure cannot go on {at} with {spell}: {why}")]
    BadTarget {
        /// The hex.
        at: Hex,
        /// The spell.
        spell: &'static str,
        /// Why not.
        why: &'static str,
    },
    /// Rage needs a worker.
    #[error("you have no worker on {0}: Rage makes a worker (not the leader) count more")]
    NotYourWorker(Hex),
    /// Rage needs a region closed this turn next to the worker.
    #[error("{region} is in no region closed this turn next to {worker}{hint}")]
    NotNextToRegion {
        /// The worker.
        worker: Hex,
        /// The hex named.
        region: Hex,
        /// The regions that would do.
        hint: String,
    },
    /// This choice cannot be skipped.
    #[error("{0}")]
    MustChoose(String),
    /// The Poorhouse raises only a resource at 0.
    #[error("your {0} is not at 0: the Poorhouse raises a resource at 0")]
    NotZero(Resource),
    /// A move that is not allowed.
    #[error("you cannot move from {from} to {to}: {why}")]
    BadMove {
        /// From.
        from: Hex,
        /// To.
        to: Hex,
        /// Why not.
        why: String,
    },
    /// A realm that somebody else already plays (beginner game).
    #[error("{0} are taken: in the beginner game every player has a different realm")]
    RealmTaken(Realm),
    /// A Golem where none may go.
    #[error(
        "a Golem can go only on the tile you just placed, on a free space that is not a city and not closed, for 3 resources of its terrain; now: {allowed}"
    )]
    NoGolem {
        /// Where it was tried.
        at: Hex,
        /// Where it may go.
        allowed: String,
    },
    /// A Goblins action that cannot be taken.
    #[error("{0}")]
    Goblin(String),
    /// The Goblins' fifth slot.
    #[error("the Goblins have only 4 spaces for their own buildings and monuments, not slot {0}")]
    GoblinSlots(u8),
    /// A ransom that cannot be paid or taken.
    #[error("{0}")]
    BadRansom(String),
    /// A realm outside the table's realm sets.
    #[error("this table plays {1}, not the {0}")]
    RealmNotOffered(Realm, String),
    /// The card just cast must be the one built.
    #[error("build the card whose spell you just cast (card {0}), or erect a monument")]
    NotTheCastCard(CardId),
    /// The family game with spells plays cards only as spells.
    #[error("in the family game with spells cards are only cast as spells (spell {0})")]
    SpellsOnly(CardId),
    /// Nobody to take it from, nothing to take.
    #[error("{0}")]
    NotPossible(String),
}

/// The words of [`RulesError::Identical`]: whose identical building it is, and the build
/// over it when that is legal now.
fn identical_words(name: &str, slot: u8, owner: Option<&str>, instead: Option<&str>) -> String {
    let rule = "is identical: never two identical buildings at once";
    match (owner, instead) {
        (Some(owner), _) => {
            format!("{owner}'s {name} in slot {slot}, which your goblin occupies, {rule}")
        }
        (None, Some(build)) => format!("your {name} in slot {slot} {rule} ({build} instead)"),
        (None, None) => format!("your {name} in slot {slot} {rule}"),
    }
}

pub(super) fn join_hexes(hexes: &[Hex], sep: &str) -> String {
    hexes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

impl crate::words::ToText for RulesError {
    fn to_text(&self) -> crate::words::Text {
        crate::words::Text::raw(self.to_string())
    }
}
