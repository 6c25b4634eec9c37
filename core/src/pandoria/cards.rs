//! Pandoria's cards, realms and monuments: the component data of the base game, compiled in
//! from `assets/pandoria/cards.json` and `assets/pandoria/realms.json` and validated once.
//!
//! Every card has a spell side (paid in crystals), a building side (paid in wood) and a gold
//! price. The effects are the 21 spells and 30 buildings listed at the end of rules text 004
//! (their types are in `effects.rs`); which card carries which effect and most costs are this
//! project's reconstruction (the data file says which values the texts give).

use std::fmt;
use std::sync::OnceLock;

use super::effects::{ALL_BUILDINGS, BuildingEffect, SpellEffect};
use crate::t;
use crate::words::Text;
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

impl Resource {
    /// The resource's name in the reader's language ("crystal").
    pub fn text(self) -> Text {
        Text::dynamic(format!("pandoria-resource-{}", self.name()))
    }

    /// "3 crystals", "1 gold", "5 wood" in the reader's language.
    pub fn count(self, n: impl Into<i64>) -> Text {
        let n = n.into();
        match self {
            Resource::Crystal => t!("pandoria-crystals", n = n),
            Resource::Gold => t!("pandoria-gold", n = n),
            Resource::Wood => t!("pandoria-wood", n = n),
        }
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

impl Realm {
    /// The realm's name from the data, English and German ("Elves").
    pub fn text(self) -> Text {
        let data = self.data();
        Text::name(&data.name, Some(&data.german))
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
