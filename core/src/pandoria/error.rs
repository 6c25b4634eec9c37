//! Why Pandoria refuses an action: [`RulesError`], one variant per refusal, whose words
//! ([`ToText`], the `pandoria-refuse-*` messages of `core/locales/<lang>/pandoria.ftl`; its
//! `Display` is their English) say what was wrong and what is allowed now (the "now" part
//! comes from `Pandoria::now`), and the small word helpers its messages share.

use super::cards::{CardId, Realm, Resource};
use super::data::Terrain;
use super::effects::BuildingEffect;
use crate::hex::Hex;
use crate::t;
use crate::words::{Arg, Text, ToText};

/// Why Pandoria refuses an action. Each message says what was wrong and what is allowed.
/// An action a message offers in place of the refused one is legal now, written "(A
/// instead)" or "you can: A, B or C" (the card step also names its relics and printed ship
/// by legal actions); other notation in parentheses shows only the form, like "(tile D7
/// E7)". Property test `refusals_suggest_only_legal_actions`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.to_text())]
pub enum RulesError {
    /// The action belongs to another step of the turn.
    WrongStep {
        /// What was tried ("place a figure").
        tried: Text,
        /// What the player must do now.
        now: Text,
    },
    /// The hex is not fertile plain.
    NotPlain(Hex),
    /// The hex is a lake.
    Lake(Hex),
    /// The hex is the river (River side).
    River(Hex),
    /// The hex is a printed terrain space.
    Printed(Hex),
    /// A tile or castle already covers the hex.
    Covered(Hex),
    /// The two hexes of a double tile do not touch.
    NotNeighbours(Hex, Hex),
    /// The placement touches no tile.
    Detached(String),
    /// The two start tiles must not touch (option `start_apart`).
    StartTilesTouch,
    /// No castle left.
    NoCastle,
    /// No tile in hand.
    NoTile,
    /// A figure may go only on what was just placed.
    NotJustPlaced {
        /// The allowed hexes.
        allowed: Text,
    },
    /// The region of the hex is closed.
    Closed {
        /// The hex.
        at: Hex,
        /// Its terrain.
        terrain: Terrain,
    },
    /// The hex already holds a figure.
    Occupied(Hex),
    /// No worker in reserve.
    NoWorker,
    /// The leader is on the board already.
    NoLeader,
    /// The leader comes last (standard game).
    LeaderTooEarly,
    /// Nothing of the player's stands there.
    NotYourFigure(Hex),
    /// Placing is compulsory.
    MustPlace,
    /// Only Dwarves hold a second tile.
    NoSecondTile,
    /// The card is not in the player's hand.
    NoSuchCard {
        /// The card named.
        card: CardId,
        /// The cards held.
        hand: Text,
    },
    /// Slots are numbered 1–5.
    NoSuchSlot(u8),
    /// Monuments are never overbuilt.
    MonumentNeverOverbuilt(u8),
    /// Two identical buildings would be visible (or, for the Goblins, controlled).
    Identical {
        /// The building.
        building: BuildingEffect,
        /// Where the visible one is.
        slot: u8,
        /// Goblins: the opponent whose building in `slot` their goblin occupies; `None` for
        /// the player's own building.
        owner: Option<Text>,
        /// The same card built over the player's own identical building, in notation, when
        /// that is legal now (`build 24 1`).
        instead: Option<String>,
    },
    /// A monument needs a building to cover.
    NothingToCover(u8),
    /// The monument stack is empty.
    NoMonumentLeft,
    /// Not enough of a resource, even with a Market.
    CannotAfford {
        /// What was to be paid for.
        what: Text,
        /// The cost ("5 wood").
        cost: Text,
        /// What the player has ("3 wood").
        have: Text,
        /// What a Market would allow, if anything.
        hint: Option<Text>,
    },
    /// The cost needs a Market payment and none was named.
    PaymentNeeded {
        /// What was to be paid for.
        what: Text,
        /// The cost.
        cost: Text,
        /// What the player has.
        have: Text,
        /// The ways to pay ("… with gold").
        options: Text,
    },
    /// A Market payment was named that is not needed or not possible.
    BadPayment {
        /// The resource named.
        with: Resource,
        /// Why not.
        why: Text,
    },
    /// The market has no card at that position.
    NoMarketCard(u8, usize),
    /// Buying needs a closed region (except for Mages).
    NoPurchase,
    /// Adopt needs an opponent's top spell.
    NoTopSpell(Text),
    /// Adopt cannot copy Adopt.
    AdoptAdopt(Text),
    /// Adopt copies an opponent's spell.
    AdoptSelf,
    /// Recast needs a top spell.
    NothingToRecast,
    /// A spell cannot put or move a figure there.
    BadTarget {
        /// The hex.
        at: Hex,
        /// The spell.
        spell: Text,
        /// Why not.
        why: Text,
    },
    /// Rage needs a worker.
    NotYourWorker(Hex),
    /// Rage needs a region closed this turn next to the worker.
    NotNextToRegion {
        /// The worker.
        worker: Hex,
        /// The hex named.
        region: Hex,
        /// The regions that would do.
        hint: Text,
    },
    /// This choice cannot be skipped.
    MustChoose(Text),
    /// The Poorhouse raises only a resource at 0.
    NotZero(Resource),
    /// A move that is not allowed.
    BadMove {
        /// From.
        from: Hex,
        /// To.
        to: Hex,
        /// Why not.
        why: Text,
    },
    /// A realm that somebody else already plays (beginner game).
    RealmTaken(Realm),
    /// A Golem where none may go.
    NoGolem {
        /// Where it was tried.
        at: Hex,
        /// Where it may go.
        allowed: Text,
    },
    /// A Goblins action that cannot be taken.
    Goblin(Text),
    /// The Goblins' fifth slot.
    GoblinSlots(u8),
    /// A ransom that cannot be paid or taken.
    BadRansom(Text),
    /// A realm outside the table's realm sets.
    RealmNotOffered(Realm, Text),
    /// The card just cast must be the one built.
    NotTheCastCard(CardId),
    /// The family game with spells plays cards only as spells.
    SpellsOnly(CardId),
    /// Nobody to take it from, nothing to take.
    NotPossible(Text),
}

/// A hex's coordinate, shown as given in every language.
pub(super) fn hex_text(h: Hex) -> Text {
    Text::raw(h.to_string())
}

/// `hexes` joined by "or" ("D7 or E7 or F8"), each one's coordinate as given.
pub(super) fn hexes_or(hexes: &[Hex]) -> Text {
    joined(hexes.iter().map(|&h| hex_text(h)), t!("pandoria-sep-or"))
}

/// `hexes` joined by commas ("D7, E7, F8").
pub(super) fn hexes_comma(hexes: &[Hex]) -> Text {
    joined(hexes.iter().map(|&h| hex_text(h)), t!("pandoria-sep-comma"))
}

/// `items` with `sep` between each two (not the "A, B or C" of [`Text::or_list`]).
pub(super) fn joined(items: impl IntoIterator<Item = Text>, sep: Text) -> Text {
    let mut out = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(sep.clone());
        }
        out.push(item);
    }
    Text::concat(out)
}

/// Notation (an action as it is typed), shown as given in every language.
pub(super) fn notation(action: impl std::fmt::Display) -> Arg {
    Arg::raw(action.to_string())
}

impl ToText for RulesError {
    fn to_text(&self) -> Text {
        use RulesError as E;
        let hex = |h: &Hex| Arg::raw(h.to_string());
        match self {
            E::WrongStep { tried, now } => {
                t!("pandoria-refuse-wrong-step", tried = tried, now = now)
            }
            E::NotPlain(h) => t!("pandoria-refuse-not-plain", at = hex(h)),
            E::Lake(h) => t!("pandoria-refuse-lake", at = hex(h)),
            E::River(h) => t!("pandoria-refuse-river", at = hex(h)),
            E::Printed(h) => t!("pandoria-refuse-printed", at = hex(h)),
            E::Covered(h) => t!("pandoria-refuse-covered", at = hex(h)),
            E::NotNeighbours(a, b) => t!("pandoria-refuse-not-neighbours", a = hex(a), b = hex(b)),
            E::Detached(at) => t!("pandoria-refuse-detached", at = Arg::raw(at.clone())),
            E::StartTilesTouch => t!("pandoria-refuse-start-tiles-touch"),
            E::NoCastle => t!("pandoria-refuse-no-castle"),
            E::NoTile => t!("pandoria-refuse-no-tile"),
            E::NotJustPlaced { allowed } => {
                t!("pandoria-refuse-not-just-placed", allowed = allowed)
            }
            E::Closed { at, terrain } => t!(
                "pandoria-refuse-closed",
                terrain = terrain.text(),
                at = hex(at)
            ),
            E::Occupied(h) => t!("pandoria-refuse-occupied", at = hex(h)),
            E::NoWorker => t!("pandoria-refuse-no-worker"),
            E::NoLeader => t!("pandoria-refuse-no-leader"),
            E::LeaderTooEarly => t!("pandoria-refuse-leader-too-early"),
            E::NotYourFigure(h) => t!("pandoria-refuse-not-your-figure", at = hex(h)),
            E::MustPlace => t!("pandoria-refuse-must-place"),
            E::NoSecondTile => t!("pandoria-refuse-no-second-tile"),
            E::NoSuchCard { card, hand } => {
                t!("pandoria-refuse-no-such-card", card = card.0, hand = hand)
            }
            E::NoSuchSlot(slot) => t!("pandoria-refuse-no-such-slot", slot = *slot),
            E::MonumentNeverOverbuilt(slot) => {
                t!("pandoria-refuse-monument-never-overbuilt", slot = *slot)
            }
            E::Identical {
                building,
                slot,
                owner,
                instead,
            } => match (owner, instead) {
                (Some(owner), _) => t!(
                    "pandoria-refuse-identical-occupied",
                    owner = owner,
                    name = building.name_text(),
                    slot = *slot
                ),
                (None, Some(build)) => t!(
                    "pandoria-refuse-identical-instead",
                    name = building.name_text(),
                    slot = *slot,
                    instead = Arg::raw(build.clone())
                ),
                (None, None) => t!(
                    "pandoria-refuse-identical",
                    name = building.name_text(),
                    slot = *slot
                ),
            },
            E::NothingToCover(slot) => t!("pandoria-refuse-nothing-to-cover", slot = *slot),
            E::NoMonumentLeft => t!("pandoria-refuse-no-monument-left"),
            E::CannotAfford {
                what,
                cost,
                have,
                hint,
            } => match hint {
                Some(hint) => t!(
                    "pandoria-refuse-cannot-afford-market",
                    what = what,
                    cost = cost,
                    have = have,
                    hint = hint
                ),
                None => t!(
                    "pandoria-refuse-cannot-afford",
                    what = what,
                    cost = cost,
                    have = have
                ),
            },
            E::PaymentNeeded {
                what,
                cost,
                have,
                options,
            } => t!(
                "pandoria-refuse-payment-needed",
                what = what,
                cost = cost,
                have = have,
                options = options
            ),
            E::BadPayment { with, why } => {
                t!("pandoria-refuse-bad-payment", with = with.text(), why = why)
            }
            E::NoMarketCard(pos, shown) => {
                t!("pandoria-refuse-no-market-card", pos = *pos, shown = *shown)
            }
            E::NoPurchase => t!("pandoria-refuse-no-purchase"),
            E::NoTopSpell(seat) => t!("pandoria-refuse-no-top-spell", seat = seat),
            E::AdoptAdopt(seat) => t!("pandoria-refuse-adopt-adopt", seat = seat),
            E::AdoptSelf => t!("pandoria-refuse-adopt-self"),
            E::NothingToRecast => t!("pandoria-refuse-nothing-to-recast"),
            E::BadTarget { at, spell, why } => {
                t!(
                    "pandoria-refuse-bad-target",
                    at = hex(at),
                    spell = spell,
                    why = why
                )
            }
            E::NotYourWorker(h) => t!("pandoria-refuse-not-your-worker", at = hex(h)),
            E::NotNextToRegion {
                worker,
                region,
                hint,
            } => t!(
                "pandoria-refuse-not-next-to-region",
                region = hex(region),
                worker = hex(worker),
                hint = hint
            ),
            E::MustChoose(why) | E::Goblin(why) | E::BadRansom(why) | E::NotPossible(why) => {
                why.clone()
            }
            E::NotZero(r) => t!("pandoria-refuse-not-zero", resource = r.text()),
            E::BadMove { from, to, why } => {
                t!(
                    "pandoria-refuse-bad-move",
                    from = hex(from),
                    to = hex(to),
                    why = why
                )
            }
            E::RealmTaken(realm) => t!("pandoria-refuse-realm-taken", realm = realm.text()),
            E::NoGolem { allowed, .. } => t!("pandoria-refuse-no-golem", allowed = allowed),
            E::GoblinSlots(slot) => t!("pandoria-refuse-goblin-slots", slot = *slot),
            E::RealmNotOffered(realm, offered) => t!(
                "pandoria-refuse-realm-not-offered",
                realm = realm.text(),
                offered = offered
            ),
            E::NotTheCastCard(card) => t!("pandoria-refuse-not-the-cast-card", card = card.0),
            E::SpellsOnly(card) => t!("pandoria-refuse-spells-only", card = card.0),
        }
    }
}
