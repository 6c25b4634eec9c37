//! Roll Through the Ages component data: goods tracks, cities, monuments, developments and
//! the rule constants, read once from `assets/rtta/components.json` and validated.
//!
//! The file names the source of every value (text 002, the rules README, or this project's
//! reconstruction of the published game). The rules code refers to goods, monuments and
//! developments by their index in this data; what a development *does* is tied to it by its
//! `effect`, so reordering or renaming entries never changes a rule.

use std::sync::OnceLock;

use serde::Deserialize;

/// Number of goods tracks (wood, stone, pottery, cloth, metal).
pub const GOODS: usize = 5;
/// Number of monuments on the score sheet.
pub const MONUMENTS: usize = 7;
/// Number of developments on the score sheet.
pub const DEVELOPMENTS: usize = 13;
/// Number of cities that can be built beyond the starting ones.
pub const EXTRA_CITIES: usize = 4;
/// The most dice a player can roll (one per city).
pub const MAX_DICE: usize = 7;

const SOURCE: &str = include_str!("../../../assets/rtta/components.json");

/// What a development does; each effect belongs to exactly one development.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Reroll one die after the last roll, even a skull.
    Leadership,
    /// Protects from Drought.
    Irrigation,
    /// +1 food per die that gives food.
    Agriculture,
    /// +1 stone in a turn in which stone is collected.
    Quarrying,
    /// Protects from Pestilence.
    Medicine,
    /// A coin die is worth more.
    Coinage,
    /// No goods limit at the end of the turn.
    Caravans,
    /// Revolt strikes the opponents (solo: no Revolt).
    Religion,
    /// Sell food for coins.
    Granaries,
    /// +1 worker per die that gives workers.
    Masonry,
    /// Spend stone for workers.
    Engineering,
    /// +1 point per own completed monument.
    Architecture,
    /// +1 point per city.
    Empire,
}

impl Effect {
    /// Every effect, in score-sheet order.
    pub const ALL: [Effect; DEVELOPMENTS] = [
        Effect::Leadership,
        Effect::Irrigation,
        Effect::Agriculture,
        Effect::Quarrying,
        Effect::Medicine,
        Effect::Coinage,
        Effect::Caravans,
        Effect::Religion,
        Effect::Granaries,
        Effect::Masonry,
        Effect::Engineering,
        Effect::Architecture,
        Effect::Empire,
    ];
}

/// The rule constants.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Where the values come from.
    pub source: String,
    /// Cities (and so dice) at the start.
    pub start_cities: u8,
    /// Food at the start.
    pub start_food: u8,
    /// The most food a player can hold.
    pub food_max: u8,
    /// Goods a player may keep at the end of the turn without Caravans.
    pub goods_limit: u8,
    /// Rolls per turn, the automatic first roll included.
    pub rolls: u8,
    /// A player buying this many developments ends the game with the round.
    pub developments_to_end: u8,
    /// Rounds in the solo game.
    pub solo_rounds: u16,
    /// Coins per coin die.
    pub coins_per_die: u8,
    /// Coins per coin die with Coinage.
    pub coinage_coins_per_die: u8,
    /// Coins per food sold with Granaries.
    pub granaries_coins_per_food: u8,
    /// Workers per stone spent with Engineering.
    pub engineering_workers_per_stone: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCity {
    number: u8,
    workers: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCities {
    source: String,
    #[serde(default)]
    #[allow(dead_code)]
    note: String,
    extra: Vec<RawCity>,
}

/// One goods track.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoodData {
    /// Notation name (`wood`).
    pub id: String,
    /// English name.
    pub name: String,
    /// German name (Yucata's).
    pub name_de: String,
    /// Value of the track holding 1, 2, … goods; the track holds `values.len()` goods.
    pub values: Vec<u16>,
    /// Where the values come from.
    pub source: String,
    /// Remarks on the source.
    #[serde(default)]
    pub note: String,
}

impl GoodData {
    /// How many goods the track holds.
    pub fn capacity(&self) -> u8 {
        self.values.len() as u8
    }

    /// The value of `count` goods on this track.
    pub fn value(&self, count: u8) -> u16 {
        match count {
            0 => 0,
            n => self.values[usize::from(n) - 1],
        }
    }
}

/// One monument.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonumentData {
    /// Notation name (`obelisk`).
    pub id: String,
    /// English name.
    pub name: String,
    /// German name (Yucata's).
    pub name_de: String,
    /// Workers needed to complete it.
    pub workers: u8,
    /// Points for the first player to complete it.
    pub first: u8,
    /// Points for every later player.
    pub later: u8,
    /// Player counts that play without it.
    pub omitted_with_players: Vec<u8>,
    /// The disaster it protects its builder from, if any.
    #[serde(default)]
    pub protects_from: Option<String>,
    /// What it is worth and does, in one line (at most 100 characters).
    pub text: String,
    /// The same in German.
    pub text_de: String,
    /// Where the values come from.
    pub source: String,
    /// Remarks on the source.
    #[serde(default)]
    pub note: String,
}

/// One development.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DevelopmentData {
    /// Notation name (`agriculture`).
    pub id: String,
    /// English name.
    pub name: String,
    /// German name (Yucata's).
    pub name_de: String,
    /// Price in coins.
    pub cost: u16,
    /// Points at the end.
    pub points: u8,
    /// What it does.
    pub effect: Effect,
    /// Its effect in words.
    pub text: String,
    /// The same in German (text 002's "Auswirkung", in full).
    pub text_de: String,
    /// Where the values come from.
    pub source: String,
    /// Remarks on the source.
    #[serde(default)]
    pub note: String,
}

/// One disaster: what a number of skulls does.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisasterData {
    /// Identifier (`drought`).
    pub id: String,
    /// English name.
    pub name: String,
    /// German name (Yucata's).
    pub name_de: String,
    /// The skulls that bring it (5 or more for the last).
    pub skulls: u8,
    /// What it does, in one line (at most 100 characters).
    pub text: String,
    /// The same in German.
    pub text_de: String,
    /// Where the values come from.
    pub source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawData {
    #[allow(dead_code)]
    about: String,
    sources: std::collections::BTreeMap<String, String>,
    rules: Rules,
    cities: RawCities,
    goods: Vec<GoodData>,
    monuments: Vec<MonumentData>,
    developments: Vec<DevelopmentData>,
    disasters: Vec<DisasterData>,
}

/// The validated component data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Data {
    /// Rule constants.
    pub rules: Rules,
    /// Workers for the 4th, 5th, 6th and 7th city.
    pub city_costs: [u8; EXTRA_CITIES],
    /// Goods tracks in collection order (wood first).
    pub goods: Vec<GoodData>,
    /// Monuments in score-sheet order.
    pub monuments: Vec<MonumentData>,
    /// Developments in score-sheet order.
    pub developments: Vec<DevelopmentData>,
    /// The disasters, Drought (2 skulls) to Revolt (5 or more).
    pub disasters: Vec<DisasterData>,
    /// The development with each effect, indexed like [`Effect::ALL`].
    pub by_effect: [u8; DEVELOPMENTS],
    /// Index of the stone track (Quarrying, Engineering).
    pub stone: usize,
    /// Index of the monument that protects from Invasion.
    pub great_wall: usize,
}

impl Data {
    /// The development index with `effect`.
    pub fn development_with(&self, effect: Effect) -> usize {
        usize::from(self.by_effect[effect as usize])
    }

    /// Total workers needed for the cities still to build when `built` cities stand and
    /// `progress` workers are on the next one.
    pub fn city_workers_left(&self, built: u8, progress: u8) -> u8 {
        let first = usize::from(built.saturating_sub(self.rules.start_cities));
        let total: u8 = self.city_costs.iter().skip(first).sum();
        total.saturating_sub(progress)
    }
}

/// The component data, read and validated on first use.
///
/// # Panics
/// If the compiled-in data file is invalid; [`try_data`] reports that as an error instead,
/// and `Rtta::new` calls it first, so a game never starts on broken data.
pub fn data() -> &'static Data {
    match try_data() {
        Ok(data) => data,
        Err(e) => panic!("assets/rtta/components.json is invalid: {e}"),
    }
}

/// The component data, or why the compiled-in file is invalid.
pub fn try_data() -> Result<&'static Data, String> {
    static DATA: OnceLock<Result<Data, String>> = OnceLock::new();
    DATA.get_or_init(|| parse(SOURCE))
        .as_ref()
        .map_err(Clone::clone)
}

/// Reads and validates a component data file.
pub fn parse(text: &str) -> Result<Data, String> {
    let raw: RawData = serde_json::from_str(text).map_err(|e| format!("not readable: {e}"))?;
    let known_source = |what: &str, source: &str| {
        if raw.sources.contains_key(source) {
            Ok(())
        } else {
            Err(format!("{what} names an unknown source \"{source}\""))
        }
    };

    let rules = raw.rules;
    known_source("rules", &rules.source)?;
    let in_range = |name: &str, value: u32, low: u32, high: u32| {
        if (low..=high).contains(&value) {
            Ok(())
        } else {
            Err(format!("{name} is {value}, outside {low}..={high}"))
        }
    };
    in_range("start_cities", rules.start_cities.into(), 1, 3)?;
    in_range("start_food", rules.start_food.into(), 0, 15)?;
    in_range("food_max", rules.food_max.into(), 1, 30)?;
    in_range(
        "start_food",
        rules.start_food.into(),
        0,
        rules.food_max.into(),
    )?;
    in_range("goods_limit", rules.goods_limit.into(), 1, 30)?;
    in_range("rolls", rules.rolls.into(), 1, 5)?;
    in_range(
        "developments_to_end",
        rules.developments_to_end.into(),
        1,
        13,
    )?;
    in_range("solo_rounds", rules.solo_rounds.into(), 1, 100)?;
    in_range("coins_per_die", rules.coins_per_die.into(), 1, 50)?;
    in_range(
        "coinage_coins_per_die",
        rules.coinage_coins_per_die.into(),
        1,
        50,
    )?;
    in_range(
        "granaries_coins_per_food",
        rules.granaries_coins_per_food.into(),
        1,
        20,
    )?;
    in_range(
        "engineering_workers_per_stone",
        rules.engineering_workers_per_stone.into(),
        1,
        10,
    )?;

    known_source("cities", &raw.cities.source)?;
    if raw.cities.extra.len() != EXTRA_CITIES {
        return Err(format!(
            "there are {} extra cities, expected {EXTRA_CITIES}",
            raw.cities.extra.len()
        ));
    }
    if usize::from(rules.start_cities) + EXTRA_CITIES != MAX_DICE {
        return Err(format!(
            "{} starting cities and {EXTRA_CITIES} more make more or fewer than {MAX_DICE} dice",
            rules.start_cities
        ));
    }
    let mut city_costs = [0u8; EXTRA_CITIES];
    for (i, city) in raw.cities.extra.iter().enumerate() {
        let number = rules.start_cities as usize + 1 + i;
        if usize::from(city.number) != number {
            return Err(format!(
                "city {} is listed where city {number} belongs",
                city.number
            ));
        }
        in_range(
            &format!("city {number} workers"),
            city.workers.into(),
            1,
            20,
        )?;
        city_costs[i] = city.workers;
    }

    if raw.goods.len() != GOODS {
        return Err(format!(
            "there are {} goods, expected {GOODS}",
            raw.goods.len()
        ));
    }
    for good in &raw.goods {
        known_source(&good.id, &good.source)?;
        in_range(
            &format!("{} track length", good.id),
            good.values.len() as u32,
            1,
            15,
        )?;
        if good.values.windows(2).any(|w| w[0] >= w[1]) || good.values[0] == 0 {
            return Err(format!("the {} values must rise from above 0", good.id));
        }
        in_range(
            &format!("{} top value", good.id),
            u32::from(good.values[good.values.len() - 1]),
            1,
            200,
        )?;
    }
    let stone = raw
        .goods
        .iter()
        .position(|g| g.id == "stone")
        .ok_or("there is no stone track (Quarrying and Engineering need it)")?;

    if raw.monuments.len() != MONUMENTS {
        return Err(format!(
            "there are {} monuments, expected {MONUMENTS}",
            raw.monuments.len()
        ));
    }
    let mut great_wall = None;
    for m in &raw.monuments {
        known_source(&m.id, &m.source)?;
        in_range(&format!("{} workers", m.id), m.workers.into(), 1, 30)?;
        in_range(&format!("{} first points", m.id), m.first.into(), 1, 30)?;
        in_range(
            &format!("{} later points", m.id),
            m.later.into(),
            0,
            m.first.into(),
        )?;
        if let Some(&p) = m
            .omitted_with_players
            .iter()
            .find(|&&p| !(2..=4).contains(&p))
        {
            return Err(format!(
                "{} is omitted with {p} players, which is no game size",
                m.id
            ));
        }
        match m.protects_from.as_deref() {
            None => {}
            Some("invasion") if great_wall.is_none() => {
                great_wall = Some(raw.monuments.iter().position(|x| x.id == m.id).unwrap_or(0))
            }
            Some(other) => {
                return Err(format!(
                    "{} protects from \"{other}\"; only one monument protects, from invasion",
                    m.id
                ));
            }
        }
    }
    let great_wall = great_wall.ok_or("no monument protects from invasion (the Great Wall)")?;

    if raw.developments.len() != DEVELOPMENTS {
        return Err(format!(
            "there are {} developments, expected {DEVELOPMENTS}",
            raw.developments.len()
        ));
    }
    let mut by_effect = [u8::MAX; DEVELOPMENTS];
    for (i, d) in raw.developments.iter().enumerate() {
        known_source(&d.id, &d.source)?;
        in_range(&format!("{} cost", d.id), d.cost.into(), 1, 200)?;
        in_range(&format!("{} points", d.id), d.points.into(), 1, 30)?;
        let slot = &mut by_effect[d.effect as usize];
        if *slot != u8::MAX {
            return Err(format!("two developments have the effect {:?}", d.effect));
        }
        *slot = i as u8;
    }
    if let Some(missing) = Effect::ALL
        .iter()
        .find(|&&e| by_effect[e as usize] == u8::MAX)
    {
        return Err(format!("no development has the effect {missing:?}"));
    }

    // Ids are the notation's names; every name a `build`, `buy`, `discard`, `give` or `get`
    // can be given (English id and name, German name) must name one component only, and
    // none may be a word the notation itself uses.
    let mut ids = std::collections::BTreeSet::new();
    for id in raw
        .goods
        .iter()
        .map(|g| &g.id)
        .chain(raw.monuments.iter().map(|m| &m.id))
        .chain(raw.developments.iter().map(|d| &d.id))
    {
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            return Err(format!("id \"{id}\" must be lowercase letters and dashes"));
        }
        if !ids.insert(id.clone()) {
            return Err(format!("the id \"{id}\" is used twice"));
        }
    }
    let reserved = ["city", "food", "none", "sell"];
    let mut owners = std::collections::BTreeMap::new();
    let names = raw
        .goods
        .iter()
        .map(|g| (&g.id, vec![&g.id, &g.name, &g.name_de]))
        .chain(
            raw.monuments
                .iter()
                .map(|m| (&m.id, vec![&m.id, &m.name, &m.name_de])),
        )
        .chain(
            raw.developments
                .iter()
                .map(|d| (&d.id, vec![&d.id, &d.name, &d.name_de])),
        );
    for (owner, names) in names {
        for name in names {
            let key = name_key(name);
            if reserved.contains(&key.as_str()) {
                return Err(format!("\"{name}\" is a word of the notation, not a name"));
            }
            if let Some(other) = owners.insert(key.clone(), owner)
                && other != owner
            {
                return Err(format!("\"{key}\" names both {other} and {owner}"));
            }
        }
    }

    // Every text a player reads where they choose fits a select description.
    let texts = raw
        .monuments
        .iter()
        .flat_map(|m| [(&m.id, &m.text), (&m.id, &m.text_de)])
        .chain(
            raw.developments
                .iter()
                .flat_map(|d| [(&d.id, &d.text), (&d.id, &d.text_de)]),
        )
        .chain(
            raw.disasters
                .iter()
                .flat_map(|d| [(&d.id, &d.text), (&d.id, &d.text_de)]),
        );
    for (id, text) in texts {
        let n = text.chars().count();
        if text.trim().is_empty() || n > crate::reference::MAX_SHORT {
            return Err(format!(
                "{id}'s text has {n} characters; it needs 1 to {}",
                crate::reference::MAX_SHORT
            ));
        }
    }
    let skulls: Vec<u8> = raw.disasters.iter().map(|d| d.skulls).collect();
    if skulls != [2, 3, 4, 5] {
        return Err(format!(
            "the disasters come with {skulls:?} skulls, expected Drought to Revolt with [2, 3, 4, 5]"
        ));
    }
    for d in &raw.disasters {
        known_source(&d.id, &d.source)?;
    }

    Ok(Data {
        rules,
        city_costs,
        goods: raw.goods,
        monuments: raw.monuments,
        developments: raw.developments,
        disasters: raw.disasters,
        by_effect,
        stone,
        great_wall,
    })
}

/// How names are compared in notation: lowercase, spaces and underscores as dashes.
pub fn name_key(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .chars()
        .map(|c| if c == ' ' || c == '_' { '-' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_in_data_is_valid() {
        let d = try_data().unwrap();
        assert_eq!(d.city_costs, [3, 4, 5, 6]);
        assert_eq!(d.goods[d.stone].id, "stone");
        assert_eq!(d.monuments[d.great_wall].id, "great-wall");
        assert_eq!(d.goods[0].value(5), 15, "text 002: 5 wood are worth 15");
        assert_eq!(
            d.goods[d.stone].value(3),
            12,
            "text 002: 3 stone are worth 12"
        );
        let agriculture = &d.developments[d.development_with(Effect::Agriculture)];
        assert_eq!((agriculture.cost, agriculture.points), (15, 3));
        assert_eq!(d.city_workers_left(3, 0), 18);
        assert_eq!(d.city_workers_left(4, 2), 13);
        assert_eq!(d.city_workers_left(7, 0), 0);
    }

    fn broken(from: &str, to: &str) -> String {
        assert!(SOURCE.contains(from), "{from} is not in the data");
        parse(&SOURCE.replacen(from, to, 1)).unwrap_err()
    }

    #[test]
    fn broken_data_is_refused_with_a_reason() {
        assert!(broken("\"id\": \"temple\"", "\"id\": \"obelisk\"").contains("used twice"));
        assert!(broken("\"cost\": 60", "\"cost\": 0").contains("empire cost"));
        assert!(
            broken("\"effect\": \"empire\"", "\"effect\": \"leadership\"")
                .contains("two developments")
        );
        assert!(broken("\"workers\": 15", "\"workers\": 0").contains("great-pyramid workers"));
        assert!(broken("\"later\": 6", "\"later\": 13").contains("later points"));
        assert!(broken("[5, 15, 30, 50]", "[5, 15, 15, 50]").contains("metal values"));
        assert!(
            broken("\"source\": \"readme\"", "\"source\": \"rumour\"").contains("unknown source")
        );
        assert!(
            broken(
                "{ \"number\": 7, \"workers\": 6 }",
                "{ \"number\": 8, \"workers\": 6 }"
            )
            .contains("city 8")
        );
        assert!(broken("\"protects_from\": \"invasion\",", "").contains("protects from invasion"));
        assert!(
            broken(
                "\"omitted_with_players\": [3]",
                "\"omitted_with_players\": [5]"
            )
            .contains("5 players")
        );
        assert!(
            broken("\"name_de\": \"Technik\"", "\"name_de\": \"Obelisk\"").contains("names both")
        );
    }
}
