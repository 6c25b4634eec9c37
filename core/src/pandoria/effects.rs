//! What Pandoria's cards do: the 21 spell effects and 30 building effects of rules text 004
//! with their names and short texts, what makes two buildings identical, and the small
//! types they carry (a terrain tile's size, an exchange rate, a building's size). Which card
//! carries which effect is the data in `cards.rs`.

use crate::t;
use crate::words::Text;
use serde::{Deserialize, Serialize};

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

    /// The spell's name from the data, English and German ("Acquire").
    pub fn name_text(self) -> Text {
        Text::name(self.name(), Some(self.german()))
    }

    /// [`Self::label`] in the reader's language: the name with its number ("Acquire 2").
    pub fn label_text(self) -> Text {
        let name = self.name_text();
        match self {
            SpellEffect::Acquire(n)
            | SpellEffect::Muster(n)
            | SpellEffect::Clone(n)
            | SpellEffect::Teleport(n)
            | SpellEffect::Conjure(n) => t!("pandoria-spell-numbered", name = name, n = n),
            SpellEffect::Rage(n) => t!("pandoria-spell-rage", name = name, n = n),
            SpellEffect::Terrain(TileSize::Single) => t!("pandoria-spell-single", name = name),
            SpellEffect::Terrain(TileSize::Double) => t!("pandoria-spell-double", name = name),
            _ => name,
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

    pub(super) fn parse(slug: &str) -> Option<BuildingEffect> {
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

    /// The building's name from the data, English and German ("Market").
    pub fn name_text(self) -> Text {
        Text::name(self.name(), Some(self.german()))
    }

    /// [`Self::label`] in the reader's language: the name with its numbers ("Market 2:1").
    pub fn label_text(self) -> Text {
        let name = self.name_text();
        match self {
            BuildingEffect::Bank(n) | BuildingEffect::Carpenter(n) | BuildingEffect::Library(n) => {
                t!("pandoria-building-minus", name = name, n = n)
            }
            BuildingEffect::Lumberyard(r)
            | BuildingEffect::Repository(r)
            | BuildingEffect::Vault(r) => t!(
                "pandoria-building-rate",
                name = name,
                points = r.points,
                per = r.per
            ),
            BuildingEffect::Market(n) => {
                t!("pandoria-building-rate", name = name, points = n, per = 1u8)
            }
            BuildingEffect::Shrine(n) => t!("pandoria-building-plus", name = name, n = n),
            _ => name,
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
