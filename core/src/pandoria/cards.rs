//! Pandoria's cards, realms and monuments: the component data of the base game, compiled in
//! from `assets/pandoria/cards.json` and `assets/pandoria/realms.json` and validated once.
//!
//! Every card has a spell side (paid in crystals), a building side (paid in wood) and a gold
//! price. The effects are the 21 spells and 30 buildings listed at the end of rules text 004;
//! which card carries which effect and most costs are this project's reconstruction (the data
//! file says which values the texts give).
//!
//! Why this file is long (about 1,070 lines, over issue 29's 1,000 and still to be split): about 90 are tests; the rest is the types of the
//! 21 spell and 30 building effects with their texts, and the loader that validates the data
//! files against those types, kept next to them.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// Crystals, gold and wood: the three resources on a realm tableau.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Resource {
    /// Crystals, from mountains; pay for spells.
    Crystal,
    /// Gold, from hills; pays for cards.
    Gold,
    /// Wood, from forests; pays for buildings and monuments.
    Wood,
}

impl Resource {
    /// All resources in tableau order.
    pub const ALL: [Resource; 3] = [Resource::Crystal, Resource::Gold, Resource::Wood];

    /// Index into `[crystal, gold, wood]` arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The word used in notation and logs.
    pub fn name(self) -> &'static str {
        match self {
            Resource::Crystal => "crystal",
            Resource::Gold => "gold",
            Resource::Wood => "wood",
        }
    }

    /// "3 crystals", "1 gold", "5 wood".
    pub fn amount(self, n: impl Into<i64>) -> String {
        let n = n.into();
        match self {
            Resource::Crystal if n == 1 => "1 crystal".into(),
            Resource::Crystal => format!("{n} crystals"),
            Resource::Gold => format!("{n} gold"),
            Resource::Wood => format!("{n} wood"),
        }
    }

    /// Reads a resource name (`crystal`, `crystals`, `gold`, `wood`).
    pub fn parse(word: &str) -> Option<Resource> {
        match word.to_ascii_lowercase().as_str() {
            "crystal" | "crystals" | "c" => Some(Resource::Crystal),
            "gold" | "g" => Some(Resource::Gold),
            "wood" | "w" => Some(Resource::Wood),
            _ => None,
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The realms: the five of the base game, the five of the Realms expansion and the two
/// promo realms (text 004 "Original realms", "Expansion realms", "Promo realms").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Realm {
    /// Leader at any time.
    Humans,
    /// Two hand tiles.
    Dwarves,
    /// A worker moves at the end of the turn.
    Elves,
    /// Buy a card every turn (second edition: at the end of each round; recast).
    Mages,
    /// A spell after building (second edition: spell and building from one card).
    Halflings,
    /// Expansion: a resource or a point for each own figure forced out of a closed region.
    Centaurs,
    /// Expansion: +3 of the resource or +1 point for the most figures at a scoring shared
    /// with another player; a camp of 8.
    Fairies,
    /// Expansion: an opponent's top spell or building for one less; only 4 own slots.
    Goblins,
    /// Expansion: a second Golem on the tile just placed for 3 resources.
    Golems,
    /// Expansion: Spirits of the Ancients haunt whoever removes them.
    Spirits,
    /// Promo: +3 of the resource or +1 point at a scoring of 4 or more spaces.
    Nymphs,
    /// Promo: opponents' figures of a region it closes become captives, ransomed for a
    /// resource each, 1 point each at the end.
    Hanbok,
}

/// The three sets of realms (Yucata's realm-set options).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RealmSet {
    /// The five realms of the base game.
    Base,
    /// The five realms of the Realms expansion.
    Expansion,
    /// The two promo realms of SPIEL 2018 (never alone).
    Promo,
}

impl Realm {
    /// The five realms of the base game, in a fixed order (random deals draw from these).
    pub const BASE: [Realm; 5] = [
        Realm::Humans,
        Realm::Dwarves,
        Realm::Elves,
        Realm::Mages,
        Realm::Halflings,
    ];

    /// Every realm, in the order of `assets/pandoria/realms.json`.
    pub const ALL: [Realm; 12] = [
        Realm::Humans,
        Realm::Dwarves,
        Realm::Elves,
        Realm::Mages,
        Realm::Halflings,
        Realm::Centaurs,
        Realm::Fairies,
        Realm::Goblins,
        Realm::Golems,
        Realm::Spirits,
        Realm::Nymphs,
        Realm::Hanbok,
    ];

    /// The set a realm comes from.
    pub fn set(self) -> RealmSet {
        match self {
            Realm::Humans | Realm::Dwarves | Realm::Elves | Realm::Mages | Realm::Halflings => {
                RealmSet::Base
            }
            Realm::Centaurs | Realm::Fairies | Realm::Goblins | Realm::Golems | Realm::Spirits => {
                RealmSet::Expansion
            }
            Realm::Nymphs | Realm::Hanbok => RealmSet::Promo,
        }
    }

    /// The most of each resource the realm's camp holds: 8 for the Fairies, 10 for everyone
    /// else. Every effect that names 10 (the cap, Conjure, the better rates over the cap,
    /// the Store) uses this.
    pub fn camp(self) -> u8 {
        if self == Realm::Fairies { 8 } else { 10 }
    }

    /// The lowercase word used in notation and options.
    pub fn slug(self) -> &'static str {
        match self {
            Realm::Humans => "humans",
            Realm::Dwarves => "dwarves",
            Realm::Elves => "elves",
            Realm::Mages => "mages",
            Realm::Halflings => "halflings",
            Realm::Centaurs => "centaurs",
            Realm::Fairies => "fairies",
            Realm::Goblins => "goblins",
            Realm::Golems => "golems",
            Realm::Spirits => "spirits",
            Realm::Nymphs => "nymphs",
            Realm::Hanbok => "hanbok",
        }
    }

    /// Reads a realm name.
    pub fn parse(word: &str) -> Option<Realm> {
        Realm::ALL
            .into_iter()
            .find(|r| r.slug().eq_ignore_ascii_case(word.trim()))
    }

    /// The realm's data.
    pub fn data(self) -> &'static RealmData {
        &cards().realms[self as usize]
    }
}

impl fmt::Display for Realm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.data().name)
    }
}

/// Identifies a card: 1–44 common cards, 45–54 realm cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardId(pub u8);

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Single or double tile (the two Terrain spells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TileSize {
    /// One of the 8 single tiles.
    Single,
    /// A double tile from the stack.
    Double,
}

/// The 21 spell effects of text 004 ("Spells").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "spell", content = "n")]
pub enum SpellEffect {
    /// Take 1 or 2 cards from the market for free.
    Acquire(u8),
    /// Copy an opponent's top spell (not another Adopt).
    Adopt,
    /// A figure onto a free ship.
    AstralShip,
    /// 1 or 2 figures onto free spaces next to your figures.
    Muster(u8),
    /// Set one resource to 6, 8 or 10.
    Conjure(u8),
    /// A building or monument for no wood.
    MasterBuilder,
    /// A castle with a figure on it.
    EnchantedCastle,
    /// Take back any number of your figures.
    Flee,
    /// A building and a monument at once.
    Construct,
    /// 1 or 2 figures onto any free spaces.
    Clone(u8),
    /// One worker counts 2 or 3 times in one region.
    Rage(u8),
    /// Move 1 or 2 of your figures.
    Teleport(u8),
    /// An extra tile without a figure.
    Terrain(TileSize),
}

impl SpellEffect {
    /// The 21 effects in the order of text 004.
    pub const ALL: [SpellEffect; 21] = [
        SpellEffect::Acquire(1),
        SpellEffect::Acquire(2),
        SpellEffect::Adopt,
        SpellEffect::AstralShip,
        SpellEffect::Muster(1),
        SpellEffect::Muster(2),
        SpellEffect::Conjure(6),
        SpellEffect::Conjure(8),
        SpellEffect::Conjure(10),
        SpellEffect::MasterBuilder,
        SpellEffect::EnchantedCastle,
        SpellEffect::Flee,
        SpellEffect::Construct,
        SpellEffect::Clone(1),
        SpellEffect::Clone(2),
        SpellEffect::Rage(2),
        SpellEffect::Rage(3),
        SpellEffect::Teleport(1),
        SpellEffect::Teleport(2),
        SpellEffect::Terrain(TileSize::Single),
        SpellEffect::Terrain(TileSize::Double),
    ];

    /// The data file's id (`rage_2`).
    pub fn slug(self) -> String {
        match self {
            SpellEffect::Acquire(n) => format!("acquire_{n}"),
            SpellEffect::Adopt => "adopt".into(),
            SpellEffect::AstralShip => "astral_ship".into(),
            SpellEffect::Muster(n) => format!("muster_{n}"),
            SpellEffect::Conjure(n) => format!("conjure_{n}"),
            SpellEffect::MasterBuilder => "master_builder".into(),
            SpellEffect::EnchantedCastle => "enchanted_castle".into(),
            SpellEffect::Flee => "flee".into(),
            SpellEffect::Construct => "construct".into(),
            SpellEffect::Clone(n) => format!("clone_{n}"),
            SpellEffect::Rage(n) => format!("rage_{n}"),
            SpellEffect::Teleport(n) => format!("teleport_{n}"),
            SpellEffect::Terrain(TileSize::Single) => "terrain_single".into(),
            SpellEffect::Terrain(TileSize::Double) => "terrain_double".into(),
        }
    }

    /// The English name (texts 004, 001, 003).
    pub fn name(self) -> &'static str {
        match self {
            SpellEffect::Acquire(_) => "Acquire",
            SpellEffect::Adopt => "Adopt",
            SpellEffect::AstralShip => "Astral Ship",
            SpellEffect::Muster(_) => "Muster",
            SpellEffect::Conjure(_) => "Conjure",
            SpellEffect::MasterBuilder => "Master Builder",
            SpellEffect::EnchantedCastle => "Enchanted Castle",
            SpellEffect::Flee => "Flee",
            SpellEffect::Construct => "Construct",
            SpellEffect::Clone(_) => "Clone",
            SpellEffect::Rage(_) => "Rage",
            SpellEffect::Teleport(_) => "Teleport",
            SpellEffect::Terrain(_) => "Terrain",
        }
    }

    /// The German name (text 000).
    pub fn german(self) -> &'static str {
        match self {
            SpellEffect::Acquire(_) => "Erwerben",
            SpellEffect::Adopt => "Übernehmen",
            SpellEffect::AstralShip => "Astralschiff",
            SpellEffect::Muster(_) => "Versammeln",
            SpellEffect::Conjure(_) => "Beschwören",
            SpellEffect::MasterBuilder => "Baumeister",
            SpellEffect::EnchantedCastle => "Verzauberte Burg",
            SpellEffect::Flee => "Fliehen",
            SpellEffect::Construct => "Errichten",
            SpellEffect::Clone(_) => "Klonen",
            SpellEffect::Rage(_) => "Wut",
            SpellEffect::Teleport(_) => "Teleportieren",
            SpellEffect::Terrain(_) => "Landschaft",
        }
    }

    /// Name with its number, as logs show it (`Rage ×2`, `Clone 2`, `Terrain (single)`).
    pub fn label(self) -> String {
        match self {
            SpellEffect::Acquire(n)
            | SpellEffect::Muster(n)
            | SpellEffect::Clone(n)
            | SpellEffect::Teleport(n)
            | SpellEffect::Conjure(n) => format!("{} {n}", self.name()),
            SpellEffect::Rage(n) => format!("Rage ×{n}"),
            SpellEffect::Terrain(TileSize::Single) => "Terrain (single)".into(),
            SpellEffect::Terrain(TileSize::Double) => "Terrain (double)".into(),
            _ => self.name().into(),
        }
    }

    /// The spells of the family game with spells (texts 004, 003 §14b).
    pub fn in_family_deck(self) -> bool {
        matches!(
            self,
            SpellEffect::AstralShip
                | SpellEffect::Clone(_)
                | SpellEffect::EnchantedCastle
                | SpellEffect::Muster(_)
                | SpellEffect::Rage(_)
                | SpellEffect::Teleport(_)
                | SpellEffect::Terrain(_)
        )
    }
}

/// A better rate for resources over 10 and at the end: `points` per `per` resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rate {
    /// Points gained per block.
    pub points: u8,
    /// Resources per block.
    pub per: u8,
}

impl Rate {
    /// The usual rate: 1 point for 3.
    pub const USUAL: Rate = Rate { points: 1, per: 3 };
    /// 1 point for 2.
    pub const ONE_FOR_TWO: Rate = Rate { points: 1, per: 2 };
    /// 2 points for 3.
    pub const TWO_FOR_THREE: Rate = Rate { points: 2, per: 3 };

    /// Points for `amount` resources, and the resources left over.
    pub fn convert(self, amount: i32) -> (i32, i32) {
        let per = i32::from(self.per);
        ((amount / per) * i32::from(self.points), amount % per)
    }
}

/// Small or large (Saw Mill, Tower, Treasury).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Size {
    /// +1 per space.
    Small,
    /// +2 per space.
    Large,
}

/// The 30 building effects of text 004 ("Buildings").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "building", content = "n")]
pub enum BuildingEffect {
    /// Pay 1–3 gold less per card (at least 1).
    Bank(u8),
    /// Pay 1–3 wood less per building or monument (at least 1).
    Carpenter(u8),
    /// Pay 1–3 crystals less per spell (at least 1). Unnamed in the texts.
    Library(u8),
    /// Better wood rate over 10 and at the end.
    Lumberyard(Rate),
    /// Better crystal rate over 10 and at the end.
    Repository(Rate),
    /// Better gold rate over 10 and at the end.
    Vault(Rate),
    /// Pay the rest with another resource once the needed one is at 0, at `n`:1.
    Market(u8),
    /// A resource at 0 at the end of your turn becomes 2.
    Poorhouse,
    /// +1/+2 wood per forest space scored.
    SawMill(Size),
    /// +1/+2 crystals per mountain space scored.
    Tower(Size),
    /// +1/+2 gold per hills space scored.
    Treasury(Size),
    /// 1 or 2 points per spell you cast.
    Shrine(u8),
    /// +1 point per city space scored.
    Statue,
    /// +1 point each time a resource goes over 10.
    Store,
}

/// What makes two buildings "identical" (text 004: never two identical buildings visible;
/// small and large ones differ).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum BuildingKind {
    Bank,
    Carpenter,
    Library,
    Lumberyard,
    Repository,
    Vault,
    Market,
    Poorhouse,
    SmallSawMill,
    LargeSawMill,
    SmallTower,
    LargeTower,
    SmallTreasury,
    LargeTreasury,
    Shrine,
    Statue,
    Store,
}

impl BuildingKind {
    /// The second edition (003 §6.3.2) counts small and large buildings of a kind as
    /// identical too.
    pub fn second_edition(self) -> BuildingKind {
        match self {
            BuildingKind::LargeSawMill => BuildingKind::SmallSawMill,
            BuildingKind::LargeTower => BuildingKind::SmallTower,
            BuildingKind::LargeTreasury => BuildingKind::SmallTreasury,
            other => other,
        }
    }
}

impl BuildingEffect {
    /// The data file's id (`bank_1`, `vault_2_for_3`, `market_2_to_1`).
    pub fn slug(self) -> String {
        let rate = |r: Rate| format!("{}_for_{}", r.points, r.per);
        let size = |s: Size| if s == Size::Small { "small" } else { "large" };
        match self {
            BuildingEffect::Bank(n) => format!("bank_{n}"),
            BuildingEffect::Carpenter(n) => format!("carpenter_{n}"),
            BuildingEffect::Library(n) => format!("library_{n}"),
            BuildingEffect::Lumberyard(r) => format!("lumberyard_{}", rate(r)),
            BuildingEffect::Repository(r) => format!("repository_{}", rate(r)),
            BuildingEffect::Vault(r) => format!("vault_{}", rate(r)),
            BuildingEffect::Market(n) => format!("market_{n}_to_1"),
            BuildingEffect::Poorhouse => "poorhouse".into(),
            BuildingEffect::SawMill(s) => format!("{}_saw_mill", size(s)),
            BuildingEffect::Tower(s) => format!("{}_tower", size(s)),
            BuildingEffect::Treasury(s) => format!("{}_treasury", size(s)),
            BuildingEffect::Shrine(n) => format!("shrine_{n}"),
            BuildingEffect::Statue => "statue".into(),
            BuildingEffect::Store => "store".into(),
        }
    }

    fn parse(slug: &str) -> Option<BuildingEffect> {
        ALL_BUILDINGS
            .iter()
            .map(|(b, _)| *b)
            .find(|b| b.slug() == slug)
    }

    /// Which buildings count as identical to this one.
    pub fn kind(self) -> BuildingKind {
        match self {
            BuildingEffect::Bank(_) => BuildingKind::Bank,
            BuildingEffect::Carpenter(_) => BuildingKind::Carpenter,
            BuildingEffect::Library(_) => BuildingKind::Library,
            BuildingEffect::Lumberyard(_) => BuildingKind::Lumberyard,
            BuildingEffect::Repository(_) => BuildingKind::Repository,
            BuildingEffect::Vault(_) => BuildingKind::Vault,
            BuildingEffect::Market(_) => BuildingKind::Market,
            BuildingEffect::Poorhouse => BuildingKind::Poorhouse,
            BuildingEffect::SawMill(Size::Small) => BuildingKind::SmallSawMill,
            BuildingEffect::SawMill(Size::Large) => BuildingKind::LargeSawMill,
            BuildingEffect::Tower(Size::Small) => BuildingKind::SmallTower,
            BuildingEffect::Tower(Size::Large) => BuildingKind::LargeTower,
            BuildingEffect::Treasury(Size::Small) => BuildingKind::SmallTreasury,
            BuildingEffect::Treasury(Size::Large) => BuildingKind::LargeTreasury,
            BuildingEffect::Shrine(_) => BuildingKind::Shrine,
            BuildingEffect::Statue => BuildingKind::Statue,
            BuildingEffect::Store => BuildingKind::Store,
        }
    }

    /// The English name (the crystal-discount building's name, Library, is Turnpost's).
    pub fn name(self) -> &'static str {
        match self.kind() {
            BuildingKind::Bank => "Bank",
            BuildingKind::Carpenter => "Carpenter",
            BuildingKind::Library => "Library",
            BuildingKind::Lumberyard => "Lumberyard",
            BuildingKind::Repository => "Repository",
            BuildingKind::Vault => "Vault",
            BuildingKind::Market => "Market",
            BuildingKind::Poorhouse => "Poorhouse",
            BuildingKind::SmallSawMill => "Small Saw Mill",
            BuildingKind::LargeSawMill => "Large Saw Mill",
            BuildingKind::SmallTower => "Small Tower",
            BuildingKind::LargeTower => "Large Tower",
            BuildingKind::SmallTreasury => "Small Treasury",
            BuildingKind::LargeTreasury => "Large Treasury",
            BuildingKind::Shrine => "Shrine",
            BuildingKind::Statue => "Statue",
            BuildingKind::Store => "Store",
        }
    }

    /// The German name (text 000 where it names it; Markt and Bibliothek are Turnpost's).
    pub fn german(self) -> &'static str {
        match self.kind() {
            BuildingKind::Bank => "Bank",
            BuildingKind::Carpenter => "Zimmermann",
            BuildingKind::Library => "Bibliothek",
            BuildingKind::Lumberyard => "Holzplatz",
            BuildingKind::Repository => "Depot",
            BuildingKind::Vault => "Gewölbe",
            BuildingKind::Market => "Markt",
            BuildingKind::Poorhouse => "Armenhaus",
            BuildingKind::SmallSawMill => "Kleine Sägemühle",
            BuildingKind::LargeSawMill => "Große Sägemühle",
            BuildingKind::SmallTower => "Kleiner Turm",
            BuildingKind::LargeTower => "Großer Turm",
            BuildingKind::SmallTreasury => "Kleine Schatzkammer",
            BuildingKind::LargeTreasury => "Große Schatzkammer",
            BuildingKind::Shrine => "Schrein",
            BuildingKind::Statue => "Statue",
            BuildingKind::Store => "Warenhaus",
        }
    }

    /// Name with its number where one name has several strengths (`Bank −2`, `Vault 2:3`).
    pub fn label(self) -> String {
        match self {
            BuildingEffect::Bank(n) | BuildingEffect::Carpenter(n) | BuildingEffect::Library(n) => {
                format!("{} −{n}", self.name())
            }
            BuildingEffect::Lumberyard(r)
            | BuildingEffect::Repository(r)
            | BuildingEffect::Vault(r) => format!("{} {}:{}", self.name(), r.points, r.per),
            BuildingEffect::Market(n) => format!("Market {n}:1"),
            BuildingEffect::Shrine(n) => format!("Shrine +{n}"),
            _ => self.name().into(),
        }
    }
}

/// The 30 building effects of text 004, with the wood cost where the text gives one (the two
/// 2:1 Markets and the two Large Treasuries are listed by cost).
pub const ALL_BUILDINGS: [(BuildingEffect, Option<u8>); 30] = [
    (BuildingEffect::Bank(1), None),
    (BuildingEffect::Bank(2), None),
    (BuildingEffect::Bank(3), None),
    (BuildingEffect::Carpenter(1), None),
    (BuildingEffect::Carpenter(2), None),
    (BuildingEffect::Carpenter(3), None),
    (BuildingEffect::Lumberyard(Rate::ONE_FOR_TWO), None),
    (BuildingEffect::Lumberyard(Rate::TWO_FOR_THREE), None),
    (BuildingEffect::Market(1), None),
    (BuildingEffect::Market(2), Some(1)),
    (BuildingEffect::Market(2), Some(2)),
    (BuildingEffect::Poorhouse, None),
    (BuildingEffect::Repository(Rate::ONE_FOR_TWO), None),
    (BuildingEffect::Repository(Rate::TWO_FOR_THREE), None),
    (BuildingEffect::SawMill(Size::Large), None),
    (BuildingEffect::SawMill(Size::Small), None),
    (BuildingEffect::Library(1), None),
    (BuildingEffect::Library(2), None),
    (BuildingEffect::Library(3), None),
    (BuildingEffect::Shrine(1), None),
    (BuildingEffect::Shrine(2), None),
    (BuildingEffect::Statue, None),
    (BuildingEffect::Store, None),
    (BuildingEffect::Tower(Size::Large), None),
    (BuildingEffect::Tower(Size::Small), None),
    (BuildingEffect::Treasury(Size::Large), Some(5)),
    (BuildingEffect::Treasury(Size::Large), Some(7)),
    (BuildingEffect::Treasury(Size::Small), None),
    (BuildingEffect::Vault(Rate::ONE_FOR_TWO), None),
    (BuildingEffect::Vault(Rate::TWO_FOR_THREE), None),
];

/// One card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Its id.
    pub id: CardId,
    /// The realm it belongs to (realm cards only).
    pub realm: Option<Realm>,
    /// Whether it is the realm card marked "A" (the beginner game's start building).
    pub side_a: bool,
    /// The spell side.
    pub spell: SpellEffect,
    /// The spell's cost in crystals.
    pub crystals: u8,
    /// The building side.
    pub building: BuildingEffect,
    /// The building's cost in wood.
    pub wood: u8,
    /// The price in gold at the market.
    pub gold: u8,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({} {}) / {} ({} wood)",
            self.spell.label(),
            self.crystals,
            if self.crystals == 1 {
                "crystal"
            } else {
                "crystals"
            },
            self.building.label(),
            self.wood
        )
    }
}

/// A realm's start values and cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RealmData {
    /// English name.
    pub name: String,
    /// German name.
    pub german: String,
    /// Start resources `[crystal, gold, wood]`, side B (standard game, Yucata / first edition).
    pub side_b: [u8; 3],
    /// Side B in the second edition (text 003).
    pub side_b_second: [u8; 3],
    /// Side A (beginner game); base realms only (the texts give the expansion and promo
    /// realms no side A and no realm cards).
    pub side_a: Option<[u8; 3]>,
    /// The two realm cards, the one marked A first; base realms only.
    pub cards: Option<[CardId; 2]>,
}

impl RealmData {
    /// Start resources `[crystal, gold, wood]`: side A in the beginner game (base realms;
    /// the others have none and are refused there), else side B of the edition.
    pub fn start(&self, beginner: bool, second_edition: bool) -> [u8; 3] {
        match (beginner, self.side_a) {
            (true, Some(a)) => a,
            _ if second_edition => self.side_b_second,
            _ => self.side_b,
        }
    }
}

/// All cards, realms and monuments.
#[derive(Clone, Debug)]
pub struct Cards {
    by_id: Vec<Option<Card>>,
    realms: Vec<RealmData>,
    monuments: Vec<u8>,
}

impl Cards {
    /// The card with an id.
    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.by_id.get(usize::from(id.0)).and_then(Option::as_ref)
    }

    /// The card with an id that is known to exist (ids in a game come from the data).
    pub fn card(&self, id: CardId) -> &Card {
        self.get(id).expect("card ids come from the data")
    }

    /// Every card in id order.
    pub fn all(&self) -> impl Iterator<Item = &Card> {
        self.by_id.iter().flatten()
    }

    /// The 13 monuments, lowest first.
    pub fn monuments(&self) -> &[u8] {
        &self.monuments
    }
}

#[derive(Deserialize)]
struct SpellEntry {
    effect: String,
    crystals: u8,
}

#[derive(Deserialize)]
struct BuildingEntry {
    effect: String,
    wood: u8,
}

#[derive(Deserialize)]
struct CardEntry {
    id: u8,
    #[serde(default)]
    realm: Option<Realm>,
    #[serde(default)]
    side_a: bool,
    spell: SpellEntry,
    building: BuildingEntry,
    gold: u8,
    #[serde(default)]
    given: Vec<String>,
}

#[derive(Deserialize)]
struct CardsFile {
    monuments: Vec<u8>,
    cards: Vec<CardEntry>,
}

#[derive(Deserialize)]
struct RealmEntry {
    id: Realm,
    name: String,
    german: String,
    side_b: [u8; 3],
    side_b_second: [u8; 3],
    #[serde(default)]
    set: Option<RealmSet>,
    #[serde(default)]
    side_a: Option<[u8; 3]>,
    #[serde(default)]
    cards: Option<[u8; 2]>,
}

#[derive(Deserialize)]
struct RealmsFile {
    realms: Vec<RealmEntry>,
}

fn parse_cards(cards_text: &str, realms_text: &str) -> Result<Cards, String> {
    let file: CardsFile = serde_json::from_str(cards_text).map_err(|e| e.to_string())?;
    let realms_file: RealmsFile = serde_json::from_str(realms_text).map_err(|e| e.to_string())?;
    if file.cards.len() != 54 {
        return Err(format!("expected 54 cards, found {}", file.cards.len()));
    }
    let mut by_id: Vec<Option<Card>> = vec![None; 55];
    for e in &file.cards {
        let spell = SpellEffect::ALL
            .into_iter()
            .find(|s| s.slug() == e.spell.effect)
            .ok_or(format!(
                "card {}: unknown spell \"{}\"",
                e.id, e.spell.effect
            ))?;
        let building = BuildingEffect::parse(&e.building.effect).ok_or(format!(
            "card {}: unknown building \"{}\"",
            e.id, e.building.effect
        ))?;
        if !(1..=6).contains(&e.spell.crystals) {
            return Err(format!("card {}: a spell costs 1–6 crystals", e.id));
        }
        if !(1..=7).contains(&e.building.wood) {
            return Err(format!(
                "card {}: a building costs 1–7 wood (a monument over it must cost something)",
                e.id
            ));
        }
        if !(1..=6).contains(&e.gold) {
            return Err(format!("card {}: a card costs 1–6 gold", e.id));
        }
        for g in &e.given {
            if ![
                "realm",
                "spell.effect",
                "spell.crystals",
                "building.effect",
                "building.wood",
                "gold",
            ]
            .contains(&g.as_str())
            {
                return Err(format!("card {}: unknown value \"{g}\" in given", e.id));
            }
        }
        if e.side_a && e.realm.is_none() {
            return Err(format!("card {}: only realm cards are marked A", e.id));
        }
        let slot = by_id
            .get_mut(usize::from(e.id))
            .filter(|_| e.id > 0)
            .ok_or(format!("card id {} is out of range 1–54", e.id))?;
        if slot.is_some() {
            return Err(format!("card id {} is used twice", e.id));
        }
        *slot = Some(Card {
            id: CardId(e.id),
            realm: e.realm,
            side_a: e.side_a,
            spell,
            crystals: e.spell.crystals,
            building,
            wood: e.building.wood,
            gold: e.gold,
        });
    }
    let cards: Vec<Card> = by_id.iter().flatten().copied().collect();
    for spell in SpellEffect::ALL {
        if !cards.iter().any(|c| c.spell == spell) {
            return Err(format!("no card has the spell {}", spell.slug()));
        }
    }
    for (building, wood) in ALL_BUILDINGS {
        if !cards
            .iter()
            .any(|c| c.building == building && wood.is_none_or(|w| c.wood == w))
        {
            return Err(format!(
                "no card has the building {}{}",
                building.slug(),
                wood.map(|w| format!(" at {w} wood")).unwrap_or_default()
            ));
        }
    }
    if cards.iter().filter(|c| c.realm.is_none()).count() != 44 {
        return Err("expected 44 common cards".into());
    }
    if cards
        .iter()
        .any(|c| c.spell == SpellEffect::AstralShip && c.crystals != 6)
    {
        return Err("Astral Ship costs 6 crystals (text 003 §15.2)".into());
    }
    let mut monuments = file.monuments.clone();
    monuments.sort_unstable();
    if monuments.len() != 13
        || monuments.iter().any(|v| !(3..=6).contains(v))
        || (4..=6).any(|v| monuments.iter().filter(|&&m| m == v).count() < 2)
    {
        return Err(
            "expected 13 monuments valued 3–6, at least 2 each of 4, 5 and 6 (2 players remove 2 of each)"
                .into(),
        );
    }
    let mut realms = Vec::new();
    for (i, realm) in Realm::ALL.into_iter().enumerate() {
        let e = realms_file
            .realms
            .get(i)
            .filter(|e| e.id == realm)
            .ok_or(format!(
                "realms.json must list {} as realm {}",
                realm.slug(),
                i + 1
            ))?;
        for start in [e.side_a.unwrap_or_default(), e.side_b, e.side_b_second] {
            if start.iter().any(|&v| v > realm.camp()) {
                return Err(format!(
                    "{}: start resources are 0–{}",
                    e.name,
                    realm.camp()
                ));
            }
        }
        if e.set.unwrap_or(RealmSet::Base) != realm.set() {
            return Err(format!("{}: belongs to the {:?} set", e.name, realm.set()));
        }
        let base = realm.set() == RealmSet::Base;
        if base != e.side_a.is_some() || base != e.cards.is_some() {
            return Err(format!(
                "{}: side A and realm cards belong to the base realms, and only to them",
                e.name
            ));
        }
        let ids = e.cards.map(|c| c.map(CardId));
        for (j, id) in ids.into_iter().flatten().enumerate() {
            let card = by_id
                .get(usize::from(id.0))
                .copied()
                .flatten()
                .ok_or(format!("{}: no card {id}", e.name))?;
            if card.realm != Some(realm) || card.side_a != (j == 0) {
                return Err(format!(
                    "{}: card {id} must be its realm card{}",
                    e.name,
                    if j == 0 { " marked A" } else { "" }
                ));
            }
        }
        realms.push(RealmData {
            name: e.name.clone(),
            german: e.german.clone(),
            side_b: e.side_b,
            side_b_second: e.side_b_second,
            side_a: e.side_a,
            cards: ids,
        });
    }
    if cards.iter().filter(|c| c.realm.is_some()).count() != 10 {
        return Err("expected 10 realm cards, 2 per realm".into());
    }
    Ok(Cards {
        by_id,
        realms,
        monuments,
    })
}

/// Pandoria's cards, realms and monuments (see `assets/pandoria/cards.json`).
pub fn cards() -> &'static Cards {
    static CARDS: OnceLock<Cards> = OnceLock::new();
    CARDS.get_or_init(|| {
        parse_cards(
            include_str!("../../../assets/pandoria/cards.json"),
            include_str!("../../../assets/pandoria/realms.json"),
        )
        .unwrap_or_else(|e| panic!("assets/pandoria/cards.json or realms.json is invalid: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARDS: &str = include_str!("../../../assets/pandoria/cards.json");
    const REALMS: &str = include_str!("../../../assets/pandoria/realms.json");

    #[test]
    fn the_box_holds_54_cards_with_every_effect_and_13_monuments() {
        let c = cards();
        assert_eq!(c.all().count(), 54);
        assert_eq!(c.all().filter(|c| c.realm.is_none()).count(), 44);
        for spell in SpellEffect::ALL {
            assert!(c.all().any(|c| c.spell == spell), "{spell:?}");
        }
        for (b, wood) in ALL_BUILDINGS {
            assert!(
                c.all()
                    .any(|c| c.building == b && wood.is_none_or(|w| w == c.wood)),
                "{b:?}"
            );
        }
        assert_eq!(c.monuments().len(), 13);
        // The realm cards of text 004's beginner game.
        let names = |r: Realm| {
            r.data()
                .cards
                .expect("base realms have realm cards")
                .map(|id| {
                    let card = c.card(id);
                    format!("{} / {}", card.spell.name(), card.building.name())
                })
                .join(", ")
        };
        assert_eq!(
            names(Realm::Humans),
            "Master Builder / Bank, Acquire / Statue"
        );
        assert_eq!(
            names(Realm::Dwarves),
            "Conjure / Carpenter, Terrain / Lumberyard"
        );
        assert_eq!(
            names(Realm::Elves),
            "Muster / Small Saw Mill, Adopt / Store"
        );
        assert_eq!(
            names(Realm::Mages),
            "Teleport / Large Tower, Enchanted Castle / Shrine"
        );
        assert_eq!(
            names(Realm::Halflings),
            "Construct / Small Treasury, Clone / Large Treasury"
        );
        assert_eq!(Realm::Dwarves.data().side_b, [2, 10, 5]);
        assert_eq!(Realm::Dwarves.data().side_b_second, [3, 10, 7]);
        assert_eq!(Realm::Halflings.data().side_a, Some([5, 3, 6]));
        // The expansion and promo realms of text 004: side B only, no realm cards.
        let starts: Vec<(&str, [u8; 3])> = Realm::ALL[5..]
            .iter()
            .map(|r| (r.slug(), r.data().side_b))
            .collect();
        assert_eq!(
            starts,
            [
                ("centaurs", [5, 6, 6]),
                ("fairies", [4, 4, 4]),
                ("goblins", [5, 9, 3]),
                ("golems", [3, 4, 9]),
                ("spirits", [6, 5, 3]),
                ("nymphs", [7, 4, 2]),
                ("hanbok", [3, 3, 6])
            ]
        );
        for r in &Realm::ALL[5..] {
            assert!(r.data().side_a.is_none() && r.data().cards.is_none(), "{r}");
        }
        assert_eq!(Realm::Spirits.data().german, "Geister der Ältesten");
    }

    #[test]
    fn the_examples_of_the_texts_have_cards() {
        let c = cards();
        assert!(c.all().any(|c| c.crystals == 2), "a 2-crystal spell");
        assert!(c.all().any(|c| c.wood == 6), "a 6-wood building");
        assert!(c.all().any(|c| c.gold == 2), "a 2-gold card");
        assert!(c.all().any(|c| c.wood == 3), "8 − 3 = 5 wood monument");
        assert!(c.all().any(|c| c.wood == 5), "8 − 5 = 3 wood monument");
    }

    #[test]
    fn bad_data_is_refused() {
        assert!(parse_cards(CARDS, REALMS).is_ok());
        let bad = CARDS.replacen("\"id\": 2,", "\"id\": 1,", 1);
        assert!(
            parse_cards(&bad, REALMS)
                .unwrap_err()
                .contains("used twice")
        );
        let bad = CARDS.replace("\"effect\": \"store\"", "\"effect\": \"statue\"");
        assert!(parse_cards(&bad, REALMS).unwrap_err().contains("store"));
        let bad = CARDS.replace("\"monuments\": [3, 3", "\"monuments\": [3, 9");
        assert!(parse_cards(&bad, REALMS).is_err());
        let bad = REALMS.replace("[2, 10, 5]", "[2, 11, 5]");
        assert!(parse_cards(CARDS, &bad).is_err());
        let bad = CARDS.replace("\"crystals\": 6", "\"crystals\": 5");
        assert!(
            parse_cards(&bad, REALMS)
                .unwrap_err()
                .contains("Astral Ship")
        );
    }
}
