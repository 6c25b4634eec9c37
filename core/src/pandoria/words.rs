//! Pandoria's words: the [`Action`]s players take (the notation of `docs/notation.md`), the
//! [`Event`]s the rules report (with each region's [`Score`] and what was [`Paid`]), and the
//! [`DecisionKind`] of the decision waiting. Re-exported from the Pandoria module.

use serde::{Deserialize, Serialize};

use super::Figure;
use super::cards::{CardId, Realm, Resource};
use super::data::{Terrain, Tile};
use super::effects::SpellEffect;
use super::region::Region;
use crate::game::{Outcome, Seat};
use crate::hex::Hex;
use crate::t;
use crate::words::{Text, ToText};

/// Resources paid for something, `[crystal, gold, wood]`.
pub type Paid = [u8; 3];

/// Something that happened. Events never carry hidden information (no hand tiles, no hand
/// cards, no stack or deck order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// A start tile was placed.
    StartTilePlaced {
        /// The hexes, first and second half.
        at: [Hex; 2],
        /// The tile.
        tile: Tile,
    },
    /// A double tile from a hand was placed.
    TilePlaced {
        /// Who.
        seat: Seat,
        /// The hexes, first and second half.
        at: [Hex; 2],
        /// The tile (public once placed).
        tile: Tile,
    },
    /// A castle was placed.
    CastlePlaced {
        /// Who.
        seat: Seat,
        /// Where.
        at: Hex,
    },
    /// Artifacts expansion: a mountain castle was placed on an exit path.
    MountainCastlePlaced {
        /// Who.
        seat: Seat,
        /// The exit path.
        at: Hex,
    },
    /// Artifacts expansion: a single tile was drawn in step 1 (public: it is placed at once).
    SingleDrawn {
        /// Who.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// Artifacts expansion: the single tile drawn in step 1 went into a one-space gap.
    SinglePlaced {
        /// Who.
        seat: Seat,
        /// Where.
        at: Hex,
        /// The tile.
        tile: Tile,
    },
    /// Artifacts expansion: the closer of a region took the artifacts lying in it.
    ArtifactsTaken {
        /// Who closed it.
        seat: Seat,
        /// How many.
        count: u8,
        /// The hex that names the region.
        region: Hex,
    },
    /// Artifacts expansion: artifacts were exchanged for a relic.
    RelicTaken {
        /// Who.
        seat: Seat,
        /// The relic's printed points.
        points: u8,
        /// The artifacts paid.
        cost: u8,
        /// The points scored (doubled in the family games).
        scored: i32,
    },
    /// River: a figure on a ship that became enclosed sailed downstream (`to`), or went back
    /// to its owner's reserve when no ship downstream was free (`to` is `None`).
    Sailed {
        /// The enclosed ship.
        from: Hex,
        /// The free ship it sailed to.
        to: Option<Hex>,
        /// Which figure.
        figure: Figure,
    },
    /// River: the Astral Ship printed on the board was cast.
    PrintedShip {
        /// Who.
        seat: Seat,
        /// The ship.
        at: Hex,
        /// What it cost.
        paid: Paid,
    },
    /// River: the Astral Ship card's ship gave its crystal discount back.
    ShipDiscount {
        /// Who.
        seat: Seat,
        /// The ship.
        at: Hex,
        /// Crystals given back.
        crystals: u8,
    },
    /// The player could place neither tile nor castle.
    CouldNotPlace {
        /// Who.
        seat: Seat,
    },
    /// A placement closed a region; the figures in it went back to their reserves.
    RegionClosed {
        /// The region.
        region: Region,
        /// The figures returned, with where they stood.
        returned: Vec<(Hex, Figure)>,
        /// Hanbok: the opponents' figures the closer took captive, with where they stood.
        #[serde(default)]
        captured: Vec<(Hex, Figure)>,
        /// Hanbok: who took them captive.
        #[serde(default)]
        captor: Option<Seat>,
    },
    /// A figure went onto the board.
    FigurePlaced {
        /// Where.
        at: Hex,
        /// Which.
        figure: Figure,
    },
    /// A figure went back to its reserve.
    FigureRetrieved {
        /// From where.
        at: Hex,
        /// Which.
        figure: Figure,
    },
    /// The player placed and retrieved no figure.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// A closed region was scored.
    RegionScored {
        /// The region.
        region: Region,
        /// Per scoring seat: figures counted (the leader counts 2) and gains.
        scores: Vec<Score>,
    },
    /// A tile was drawn (which one is secret).
    TileDrawn {
        /// Who.
        seat: Seat,
        /// Tiles left in the stack.
        left: usize,
    },
    /// The stack is empty: the current round is the last.
    LastRound {
        /// The player who could not draw.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// The result.
        outcome: Outcome,
    },
    /// A player chose a realm (`realms=each_chooses`).
    RealmChosen {
        /// Who.
        seat: Seat,
        /// Which.
        realm: Realm,
    },
    /// A card was cast as a spell.
    SpellCast {
        /// Goblins: the opponent whose top spell was cast (the card stays on their pile).
        #[serde(default)]
        from: Option<Seat>,
        /// Who.
        seat: Seat,
        /// The card (public once played).
        card: CardId,
        /// What it cost.
        paid: Paid,
        /// Whether it was the second-edition Mages' recast of the top spell.
        recast: bool,
    },
    /// Adopt copied an opponent's top spell.
    Adopted {
        /// Who cast Adopt.
        seat: Seat,
        /// Whose spell.
        from: Seat,
        /// The copied card.
        card: CardId,
    },
    /// The rest of a spell's effect was not used.
    EffectForgone {
        /// Who.
        seat: Seat,
        /// The spell.
        spell: SpellEffect,
    },
    /// A card was built as a building.
    Built {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardId,
        /// The slot, 1–5.
        slot: u8,
        /// The building it covered.
        covered: Option<CardId>,
        /// What it cost.
        paid: Paid,
    },
    /// A monument was erected.
    MonumentBuilt {
        /// Who.
        seat: Seat,
        /// The slot, 1–5.
        slot: u8,
        /// Its points (scored at once).
        value: u8,
        /// The building it covered.
        covered: CardId,
        /// What it cost.
        paid: Paid,
    },
    /// A card was bought from the market.
    Bought {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardId,
        /// What it cost.
        paid: Paid,
    },
    /// A card was taken from the market for free (Acquire).
    Taken {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A card from the deck was laid out in the market.
    MarketRefilled {
        /// The card.
        card: CardId,
        /// Cards left in the deck.
        left: usize,
    },
    /// A card went from the deck into a hand (which one is secret).
    CardDrawn {
        /// Who.
        seat: Seat,
        /// Cards left in the deck.
        left: usize,
    },
    /// A resource was set to a value (Conjure, Poorhouse).
    ResourceSet {
        /// Who.
        seat: Seat,
        /// Which.
        resource: Resource,
        /// The new value.
        value: u8,
        /// The spell or building that set it.
        by: SetBy,
    },
    /// Points for something other than a region (Shrine, monument, Store).
    PointsScored {
        /// Who.
        seat: Seat,
        /// How many.
        points: i32,
        /// What for.
        why: PointsFor,
    },
    /// Golems: a second Golem went onto the tile just placed, for 3 of a resource.
    GolemPlaced {
        /// Where.
        at: Hex,
        /// Which figure.
        figure: Figure,
        /// What it cost (3 of it).
        paid: Resource,
    },
    /// Goblins: a figure went onto an opponent's building.
    Occupied {
        /// The Goblins player.
        seat: Seat,
        /// Whose building.
        owner: Seat,
        /// Its slot (1–5).
        slot: u8,
        /// The building's card.
        card: CardId,
        /// The figure.
        figure: Figure,
        /// What it cost.
        paid: Paid,
    },
    /// Goblins: a figure came back from an opponent's building (recalled, by Flee, or
    /// because the building was overbuilt).
    GoblinReturned {
        /// The Goblins player.
        seat: Seat,
        /// Whose building.
        owner: Seat,
        /// Its slot (1–5).
        slot: u8,
        /// The figure.
        figure: Figure,
        /// Why: recalled, overbuilt, covered by a monument.
        why: GoblinBack,
    },
    /// Spirits of the Ancients: a removed figure now haunts the player who closed the region.
    Haunted {
        /// The haunting figure (its seat is the Spirits player).
        figure: Figure,
        /// The haunted player.
        victim: Seat,
    },
    /// Spirits of the Ancients: the haunting figure went onto the board with its victim's
    /// figure.
    HauntPlaced {
        /// Where.
        at: Hex,
        /// The haunting figure.
        figure: Figure,
        /// The haunted player.
        victim: Seat,
    },
    /// Spirits of the Ancients: a haunting figure went back to its reserve (its host moved or
    /// was removed, or its owner took it back).
    SpiritReturned {
        /// From where.
        at: Hex,
        /// The figure.
        figure: Figure,
        /// Why.
        why: SpiritBack,
    },
    /// Hanbok: a player ransomed captives back into their reserve (instead of a figure).
    Ransomed {
        /// Who ransomed.
        payer: Seat,
        /// The Hanbok who held them.
        hanbok: Seat,
        /// Workers ransomed.
        workers: u8,
        /// Whether the leader was ransomed.
        leader: bool,
    },
    /// Hanbok: the resource taken for one ransomed captive.
    RansomPaid {
        /// Who paid.
        payer: Seat,
        /// Who took it.
        hanbok: Seat,
        /// Which resource (one).
        resource: Resource,
    },
    /// A realm's ability gave resources or points outside a region's scoring (Centaurs: a
    /// figure forced out of a closed region).
    RealmGain {
        /// Who.
        seat: Seat,
        /// Whose ability.
        realm: Realm,
        /// The resource gained, or `None` for points.
        resource: Option<Resource>,
        /// How many (one per figure forced out).
        amount: i32,
        /// The terrain of the region its figures were forced out of.
        terrain: Terrain,
        /// The hex that names that region.
        at: Hex,
    },
    /// A resource went over 10 and was converted.
    Converted {
        /// Who.
        seat: Seat,
        /// Which.
        resource: Resource,
        /// The amount over 10.
        surplus: i32,
        /// Points gained (the Store's bonus point included).
        points: i32,
        /// Resources lost.
        lost: i32,
    },
    /// A Rage spell picked its worker.
    Raged {
        /// Where the worker stands.
        worker: Hex,
        /// The hex naming the region.
        region: Hex,
        /// 2 or 3.
        times: u8,
    },
    /// A figure moved (Teleport, Elves).
    FigureMoved {
        /// From.
        from: Hex,
        /// To.
        to: Hex,
        /// Which.
        figure: Figure,
    },
    /// The Terrain spell drew a tile (public: it must be placed at once).
    SpellTileDrawn {
        /// Who.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// The Terrain spell's tile was placed.
    SpellTilePlaced {
        /// Who.
        seat: Seat,
        /// Where (one hex for a single tile).
        at: Vec<Hex>,
        /// The tile.
        tile: Tile,
    },
    /// The Terrain spell's tile went back to the box unplaced.
    SpellTileBoxed {
        /// The tile.
        tile: Tile,
    },
    /// Family game with spells: a scorer took a card instead of the region's points.
    ChoseCard {
        /// Who.
        seat: Seat,
        /// The points given up.
        points: i32,
        /// The hex naming the region.
        region: Hex,
    },
    /// Family game with spells: a scorer took the region's points.
    ChosePoints {
        /// Who.
        seat: Seat,
        /// The points.
        points: i32,
        /// The hex naming the region.
        region: Hex,
    },
    /// The final scoring of one seat: hand cards and resources.
    FinalScored {
        /// Who.
        seat: Seat,
        /// Points for hand cards.
        cards: i32,
        /// Points per resource `[crystal, gold, wood]`.
        resources: [i32; 3],
        /// Hanbok: points for captives (1 each).
        #[serde(default)]
        captives: i32,
        /// Resources left after conversion (the tiebreak).
        left: i32,
    },
}

/// One seat's share of a scored region.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Who.
    pub seat: Seat,
    /// Figures adjacent, the leader counting 2 (and a raging worker 2 or 3).
    pub figures: u8,
    /// Points gained (city regions, and every region in the family games).
    pub points: i32,
    /// Resources gained (forest, mountain and hills regions in the standard game).
    #[serde(default)]
    pub gained: i32,
    /// The part of `points` or `gained` that came from buildings.
    #[serde(default)]
    pub bonus: i32,
    /// The part of `points` or `gained` that came from the seat's realm (Fairies, Nymphs).
    #[serde(default)]
    pub realm: i32,
}

/// What set a resource to a value ([`Event::ResourceSet`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetBy {
    /// The spell Conjure.
    Conjure,
    /// The Poorhouse (a resource at 0 becomes 2).
    Poorhouse,
}

/// What points outside a region were scored for ([`Event::PointsScored`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PointsFor {
    /// A Shrine scores for each spell cast.
    Shrine,
}

/// Why a goblin came back from an opponent's building ([`Event::GoblinReturned`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GoblinBack {
    /// The Goblins took it back.
    Recalled,
    /// The building was overbuilt.
    Overbuilt,
    /// A monument covered the building.
    Covered,
}

/// Why a haunting figure went back to its reserve ([`Event::SpiritReturned`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpiritBack {
    /// The figure it haunted with was taken back.
    HostTakenBack,
    /// Its owner took it back.
    TakenBack,
    /// The figure it haunted with sailed downstream.
    HostSailed,
    /// The figure it haunted with moved.
    HostMoved,
}

impl SetBy {
    /// The spell's or building's name from the data.
    pub fn text(self) -> Text {
        match self {
            SetBy::Conjure => SpellEffect::Conjure(6).name_text(),
            SetBy::Poorhouse => super::effects::BuildingEffect::Poorhouse.name_text(),
        }
    }
}

impl PointsFor {
    /// The building's name from the data.
    pub fn text(self) -> Text {
        match self {
            PointsFor::Shrine => super::effects::BuildingEffect::Shrine(1).name_text(),
        }
    }
}

impl GoblinBack {
    /// Why, in words ("recalled").
    pub fn text(self) -> Text {
        match self {
            GoblinBack::Recalled => t!("pandoria-goblin-recalled"),
            GoblinBack::Overbuilt => t!("pandoria-goblin-overbuilt"),
            GoblinBack::Covered => t!("pandoria-goblin-covered"),
        }
    }
}

impl SpiritBack {
    /// Why, in words ("its host moved").
    pub fn text(self) -> Text {
        match self {
            SpiritBack::HostTakenBack => t!("pandoria-spirit-host-taken-back"),
            SpiritBack::TakenBack => t!("pandoria-spirit-taken-back"),
            SpiritBack::HostSailed => t!("pandoria-spirit-host-sailed"),
            SpiritBack::HostMoved => t!("pandoria-spirit-host-moved"),
        }
    }
}

/// What the current decision is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// Choose a realm.
    Realm,
    /// Place a start tile (option `start_tiles=chosen`).
    StartTile,
    /// Place the hand tile or a castle.
    Place,
    /// Artifacts: place the single tile just drawn into a one-space gap.
    Single,
    /// Place or retrieve a figure, or pass.
    Figure,
    /// Play a card, erect a monument, or pass.
    Card,
    /// Artifacts in the family game: exchange artifacts for a relic, or pass.
    Relic,
    /// Halflings: a spell after building, or pass.
    HalflingSpell,
    /// Choose a spell's targets.
    Effect(SpellEffect),
    /// Second-edition Halflings: build the card or a monument.
    ComboBuild,
    /// Family game with spells: points or a card.
    Choice,
    /// Buy a card or pass.
    Buy,
    /// Elves: move a worker or pass.
    ElfMove,
    /// Golems: a second Golem on the tile just placed, or pass.
    Golem,
    /// Hanbok: the resource taken for a ransomed captive.
    Ransom,
    /// Spirits of the Ancients: haunt the player who closed the region, or not.
    Haunt,
    /// Poorhouse: which resource becomes 2.
    Poorhouse,
    /// Second-edition Mages: buy at the end of the round.
    RoundBuy,
}

impl ToText for DecisionKind {
    fn to_text(&self) -> Text {
        match self {
            DecisionKind::Realm => t!("pandoria-prompt-realm"),
            DecisionKind::StartTile => t!("pandoria-prompt-start-tile"),
            DecisionKind::Place => t!("pandoria-prompt-place"),
            DecisionKind::Single => t!("pandoria-prompt-single"),
            DecisionKind::Figure => t!("pandoria-prompt-figure"),
            DecisionKind::Card => t!("pandoria-prompt-card"),
            DecisionKind::Relic => t!("pandoria-prompt-relic"),
            DecisionKind::HalflingSpell => t!("pandoria-prompt-halfling-spell"),
            DecisionKind::Effect(spell) => {
                let what = match spell {
                    SpellEffect::Acquire(n) => t!("pandoria-prompt-acquire", n = *n),
                    SpellEffect::Adopt => t!("pandoria-prompt-adopt"),
                    SpellEffect::AstralShip => t!("pandoria-prompt-astral-ship"),
                    SpellEffect::Muster(_) => t!("pandoria-prompt-muster"),
                    SpellEffect::Conjure(n) => t!("pandoria-prompt-conjure", n = *n),
                    SpellEffect::MasterBuilder => t!("pandoria-prompt-master-builder"),
                    SpellEffect::EnchantedCastle => t!("pandoria-prompt-enchanted-castle"),
                    SpellEffect::Flee => t!("pandoria-prompt-flee"),
                    SpellEffect::Construct => t!("pandoria-prompt-construct"),
                    SpellEffect::Clone(_) => t!("pandoria-prompt-clone"),
                    SpellEffect::Rage(_) => t!("pandoria-prompt-rage"),
                    SpellEffect::Teleport(_) => t!("pandoria-prompt-teleport"),
                    SpellEffect::Terrain(_) => t!("pandoria-prompt-terrain"),
                };
                t!(
                    "pandoria-prompt-effect",
                    spell = spell.label_text(),
                    what = what
                )
            }
            DecisionKind::ComboBuild => t!("pandoria-prompt-combo-build"),
            DecisionKind::Choice => t!("pandoria-prompt-choice"),
            DecisionKind::Buy => t!("pandoria-prompt-buy"),
            DecisionKind::ElfMove => t!("pandoria-prompt-elf-move"),
            DecisionKind::Haunt => t!("pandoria-prompt-haunt"),
            DecisionKind::Ransom => t!("pandoria-prompt-ransom"),
            DecisionKind::Golem => t!("pandoria-prompt-golem"),
            DecisionKind::Poorhouse => t!("pandoria-prompt-poorhouse"),
            DecisionKind::RoundBuy => t!("pandoria-prompt-round-buy"),
        }
    }
}

/// English, for messages in tests and logs (front ends render [`ToText::to_text`]); it
/// installs Pandoria's words, as a kind may be shown before any game was made.
impl std::fmt::Display for DecisionKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        crate::words::install(super::WORDS);
        write!(f, "{}", self.to_text())
    }
}

/// One action, in the notation of `docs/notation.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// `start G6 G7`: place the next start tile, first half on the first hex.
    Start(Hex, Hex),
    /// `tile D7 E7`: place the (first) hand tile — or the Terrain spell's tile — its first
    /// half on the first hex.
    Tile(Hex, Hex),
    /// `tile2 D7 E7` (or `tile D7 E7 #2`): place the Dwarves' second hand tile.
    SecondTile(Hex, Hex),
    /// `single D7`: place the Terrain spell's single tile.
    Single(Hex),
    /// `castle D7`.
    Castle(Hex),
    /// `mountain A3`: place the mountain castle on the exit path A3 (Artifacts).
    Mountain(Hex),
    /// `single`: draw a single tile to place it into a one-space gap (Artifacts).
    DrawSingle,
    /// `relic 4`: exchange artifacts for the 4-point relic (Artifacts).
    Relic(u8),
    /// `ship H7`, `ship H7 with gold`: cast the Astral Ship printed on the River board, a
    /// worker onto the ship H7.
    Ship(Hex, Option<Resource>),
    /// `worker D7`.
    Worker(Hex),
    /// `leader D7`.
    Leader(Hex),
    /// `retrieve D7`: take your figure on D7 back.
    Retrieve(Hex),
    /// `pass`: do nothing in this step (no figure, no card, no purchase, the rest of a
    /// spell's effect not used).
    Pass,
    /// `realm elves`: choose a realm.
    Realm(Realm),
    /// `spell 17`, `spell 17 with gold`: cast a hand card as a spell.
    Spell(CardId, Option<Resource>),
    /// `both 17`: second-edition Halflings cast a card and then build it (or a monument).
    Both(CardId, Option<Resource>),
    /// `recast`: second-edition Mages cast their top spell again.
    Recast(Option<Resource>),
    /// `build 17 3`: build a hand card in slot 3 (1–5).
    Build(CardId, u8, Option<Resource>),
    /// `monument 3`: cover the building in slot 3 with the top monument.
    Monument(u8, Option<Resource>),
    /// `buy 2`: buy market card 2 (1–4).
    Buy(u8, Option<Resource>),
    /// `take 2`: take market card 2 for free (Acquire).
    Take(u8),
    /// `adopt blue`: copy that player's top spell.
    Adopt(Seat),
    /// `crystal`, `gold`, `wood`: the resource Conjure sets or the Poorhouse raises.
    Choose(Resource),
    /// `rage D7 E8`: the worker on D7 counts double/triple in the region named by E8.
    Rage(Hex, Hex),
    /// `move D7 E8`: move a figure (Teleport, Elves).
    Move(Hex, Hex),
    /// `ransom red 2`, `ransom red 1 leader`, `ransom red leader`: take captives back from
    /// that Hanbok player (workers, and the leader), one resource each, instead of a figure.
    Ransom(Seat, u8, bool),
    /// `goblin blue`, `goblin blue with gold`: the Goblins cast that opponent's top spell.
    GoblinSpell(Seat, Option<Resource>),
    /// `occupy blue 3`: the Goblins put a figure on that opponent's building in slot 3.
    Occupy(Seat, u8, Option<Resource>),
    /// `recall blue 3`: the Goblins take back their figure from that opponent's building.
    Recall(Seat, u8),
    /// `haunt worker`, `haunt leader`: the Spirits of the Ancients haunt the player who
    /// closed the region with one of their removed figures.
    Haunt(bool),
    /// `points`: keep a region's points (family game with spells).
    Points,
    /// `card`: draw a card instead of a region's points (family game with spells).
    Card,
}
