//! What Pandoria's cards, realms, monuments, relics and board pieces do, in words: the texts
//! of `assets/pandoria/` (each effect once), checked when first used, the reference entries
//! of `/card` and `/realm`, each legal choice's detail for the panel, and the help topics of
//! `/rules`.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::cards::{Card, CardId, Realm, cards};
use super::effects::{ALL_BUILDINGS, BuildingEffect, SpellEffect};
use super::options::{Edition, Mode};
use super::{Action, Pandoria};
use crate::game::Seat;
use crate::reference::{Effect, Entry, Intro, Lookup, MAX_LONG, MAX_SHORT, Text, Topic, numbers};
use crate::t;
use crate::words::Text as Words;

/// Every text of Pandoria's component data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Texts {
    spells: BTreeMap<String, Text>,
    buildings: BTreeMap<String, Text>,
    monument: Text,
    abilities: BTreeMap<Realm, Text>,
    abilities_second: BTreeMap<Realm, Text>,
    relic: Text,
    artifacts: Text,
    mountain_castle: Text,
    single_tile: Text,
    ship: Text,
}

#[derive(Deserialize)]
struct CardsFile {
    spell_texts: BTreeMap<String, Text>,
    building_texts: BTreeMap<String, Text>,
    monument_text: Text,
}

#[derive(Deserialize)]
struct RealmEntry {
    id: Realm,
    ability: Option<Text>,
    #[serde(default)]
    ability_second: Option<Text>,
}

#[derive(Deserialize)]
struct RealmsFile {
    realms: Vec<RealmEntry>,
}

#[derive(Deserialize)]
struct ArtifactTexts {
    relic: Text,
    artifacts: Text,
    mountain_castle: Text,
    single_tile: Text,
}

#[derive(Deserialize)]
struct ArtifactsFile {
    texts: ArtifactTexts,
}

#[derive(Deserialize)]
struct ShipText {
    short: String,
    #[serde(default)]
    long: String,
}

#[derive(Deserialize)]
struct RiverFile {
    ship_text: ShipText,
}

/// Reads and checks the texts: every spell and building effect, every realm (and the realms
/// the second edition changes), the monuments, relics, artifacts and the River's ship have a
/// short text of at most [`MAX_SHORT`] characters; a card's spell and building texts fit one
/// select description together.
pub fn parse_texts(
    cards_text: &str,
    realms: &str,
    artifacts: &str,
    river: &str,
) -> Result<Texts, String> {
    let file: CardsFile = serde_json::from_str(cards_text).map_err(|e| format!("cards: {e}"))?;
    let realms: RealmsFile = serde_json::from_str(realms).map_err(|e| format!("realms: {e}"))?;
    let artifacts: ArtifactsFile =
        serde_json::from_str(artifacts).map_err(|e| format!("artifacts: {e}"))?;
    let river: RiverFile = serde_json::from_str(river).map_err(|e| format!("river: {e}"))?;
    for spell in SpellEffect::ALL {
        let slug = spell.slug();
        file.spell_texts
            .get(&slug)
            .ok_or(format!("the spell {slug} has no text"))?
            .check(&format!("spell {slug}"))?;
    }
    for (building, _) in ALL_BUILDINGS {
        let slug = building.slug();
        file.building_texts
            .get(&slug)
            .ok_or(format!("the building {slug} has no text"))?
            .check(&format!("building {slug}"))?;
    }
    for slug in file.spell_texts.keys() {
        if !SpellEffect::ALL.iter().any(|s| s.slug() == *slug) {
            return Err(format!("a text for the unknown spell {slug}"));
        }
    }
    for slug in file.building_texts.keys() {
        if !ALL_BUILDINGS.iter().any(|(b, _)| b.slug() == *slug) {
            return Err(format!("a text for the unknown building {slug}"));
        }
    }
    file.monument_text.check("the monument")?;
    let mut abilities = BTreeMap::new();
    let mut abilities_second = BTreeMap::new();
    for r in realms.realms {
        let text = r
            .ability
            .ok_or(format!("the {} have no ability text", r.id.slug()))?;
        text.check(&format!("the {}' ability", r.id.slug()))?;
        abilities.insert(r.id, text);
        if let Some(second) = r.ability_second {
            second.check(&format!("the {}' second-edition ability", r.id.slug()))?;
            abilities_second.insert(r.id, second);
        }
    }
    for realm in Realm::ALL {
        if !abilities.contains_key(&realm) {
            return Err(format!("the {} have no ability text", realm.slug()));
        }
    }
    // The second edition changes the Mages' and the Halflings' abilities (text 003 §11).
    for realm in [Realm::Mages, Realm::Halflings] {
        if !abilities_second.contains_key(&realm) {
            return Err(format!(
                "the {} have no second-edition ability text",
                realm.slug()
            ));
        }
    }
    let a = artifacts.texts;
    for (what, text) in [
        ("the relic", &a.relic),
        ("the artifacts", &a.artifacts),
        ("the mountain castle", &a.mountain_castle),
        ("the single tile", &a.single_tile),
    ] {
        text.check(what)?;
    }
    let ship = Text {
        short: river.ship_text.short,
        long: river.ship_text.long,
    };
    ship.check("the River's ship")?;
    let texts = Texts {
        spells: file.spell_texts,
        buildings: file.building_texts,
        monument: file.monument_text,
        abilities,
        abilities_second,
        relic: a.relic,
        artifacts: a.artifacts,
        mountain_castle: a.mountain_castle,
        single_tile: a.single_tile,
        ship,
    };
    for card in cards().all() {
        let n = texts.card_short(card).chars().count();
        if n > MAX_SHORT {
            return Err(format!(
                "card {}'s spell and building texts have {n} characters together, more than {MAX_SHORT}",
                card.id
            ));
        }
    }
    Ok(texts)
}

/// The texts, read and checked on first use.
///
/// # Panics
/// If the compiled-in data is invalid (the tests read it, so a build that ships never does).
pub fn texts() -> &'static Texts {
    static TEXTS: OnceLock<Texts> = OnceLock::new();
    TEXTS.get_or_init(|| {
        parse_texts(
            include_str!("../../../assets/pandoria/cards.json"),
            include_str!("../../../assets/pandoria/realms.json"),
            include_str!("../../../assets/pandoria/artifacts.json"),
            include_str!("../../../assets/pandoria/board-river.json"),
        )
        .unwrap_or_else(|e| panic!("assets/pandoria texts are invalid: {e}"))
    })
}

impl Texts {
    /// A spell's text.
    pub fn spell(&self, spell: SpellEffect) -> &Text {
        // Checked when loaded: every spell has one.
        &self.spells[&spell.slug()]
    }

    /// A building's text.
    pub fn building(&self, building: BuildingEffect) -> &Text {
        &self.buildings[&building.slug()]
    }

    /// What a monument does.
    pub fn monument(&self) -> &Text {
        &self.monument
    }

    /// A realm's ability in an edition.
    pub fn ability(&self, realm: Realm, edition: Edition) -> &Text {
        match edition {
            Edition::Second => self.abilities_second.get(&realm),
            _ => None,
        }
        .unwrap_or(&self.abilities[&realm])
    }

    /// A card's two sides in one line: `Rage ×2: … · Bank −1: …` when it fits, else the
    /// two short texts alone.
    pub fn card_short(&self, card: &Card) -> String {
        let (spell, building) = (
            &self.spell(card.spell).short,
            &self.building(card.building).short,
        );
        let named = format!(
            "{}: {spell} · {}: {building}",
            card.spell.label(),
            card.building.label()
        );
        if named.chars().count() <= MAX_SHORT {
            named
        } else {
            format!("{spell} · {building}")
        }
    }
}

/// The German twins of the texts (`assets/pandoria/texts-de.json`), short and long, keyed like
/// the English ones: what an action's detail and the reference say to a German reader.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct German {
    /// Where the words come from (not shown).
    #[serde(default)]
    provenance: String,
    spells: BTreeMap<String, Text>,
    buildings: BTreeMap<String, Text>,
    monument: Text,
    abilities: BTreeMap<String, Text>,
    abilities_second: BTreeMap<String, Text>,
    relic: Text,
    artifacts: Text,
    mountain_castle: Text,
    single_tile: Text,
    ship: Text,
}

/// Reads the German texts and checks them against the English ones: the same spells,
/// buildings and realms (and second-edition realms); each short text at most [`MAX_SHORT`]
/// characters, a long one (at most [`MAX_LONG`]) wherever the English has one and nowhere
/// else; and a card's two short texts fit one select description together as in English.
pub fn parse_german(english: &Texts, json: &str) -> Result<German, String> {
    let de: German = serde_json::from_str(json).map_err(|e| format!("texts-de: {e}"))?;
    let same_keys = |what: &str, en: Vec<&String>, de: Vec<&String>| {
        if en == de {
            Ok(())
        } else {
            Err(format!(
                "the German {what} texts are for {de:?}, the English ones for {en:?}"
            ))
        }
    };
    same_keys(
        "spell",
        english.spells.keys().collect(),
        de.spells.keys().collect(),
    )?;
    same_keys(
        "building",
        english.buildings.keys().collect(),
        de.buildings.keys().collect(),
    )?;
    let slugs = |m: &BTreeMap<Realm, Text>| -> Vec<String> {
        let mut v: Vec<String> = m.keys().map(|r| r.slug().to_string()).collect();
        v.sort();
        v
    };
    let (abilities, second) = (slugs(&english.abilities), slugs(&english.abilities_second));
    same_keys(
        "ability",
        abilities.iter().collect(),
        de.abilities.keys().collect(),
    )?;
    same_keys(
        "second-edition ability",
        second.iter().collect(),
        de.abilities_second.keys().collect(),
    )?;
    let by_slug = |m: &BTreeMap<Realm, Text>| -> BTreeMap<String, Text> {
        m.iter()
            .map(|(r, t)| (r.slug().to_string(), t.clone()))
            .collect()
    };
    let (en_abilities, en_second) = (
        by_slug(&english.abilities),
        by_slug(&english.abilities_second),
    );
    let pairs = |en: &'static str, m: &BTreeMap<String, Text>, d: &BTreeMap<String, Text>| {
        let _ = en;
        m.iter()
            .map(|(k, t)| (k.clone(), t.clone(), d[k].clone()))
            .collect::<Vec<_>>()
    };
    let mut all = pairs("spells", &english.spells, &de.spells);
    all.extend(pairs("buildings", &english.buildings, &de.buildings));
    all.extend(pairs("abilities", &en_abilities, &de.abilities));
    all.extend(pairs("abilities_second", &en_second, &de.abilities_second));
    for (what, en, d) in [
        ("monument", &english.monument, &de.monument),
        ("relic", &english.relic, &de.relic),
        ("artifacts", &english.artifacts, &de.artifacts),
        (
            "mountain_castle",
            &english.mountain_castle,
            &de.mountain_castle,
        ),
        ("single_tile", &english.single_tile, &de.single_tile),
        ("ship", &english.ship, &de.ship),
    ] {
        all.push((what.to_string(), en.clone(), d.clone()));
    }
    for (what, en, text) in all {
        let n = text.short.chars().count();
        if text.short.trim().is_empty() || n > MAX_SHORT {
            return Err(format!("the German text of {what} has {n} characters"));
        }
        let n = text.long.chars().count();
        if en.long.trim().is_empty() != text.long.trim().is_empty() || n > MAX_LONG {
            return Err(format!(
                "the German long text of {what} has {n} characters (the English one {})",
                en.long.chars().count()
            ));
        }
    }
    for card in cards().all() {
        let n = de.card_short(card).chars().count();
        if n > MAX_SHORT {
            return Err(format!(
                "card {}'s German spell and building texts have {n} characters together",
                card.id
            ));
        }
    }
    Ok(de)
}

/// The German short texts, read and checked on first use.
///
/// # Panics
/// If the compiled-in data is invalid (the tests read it, so a build that ships never does).
pub fn german() -> &'static German {
    static GERMAN: OnceLock<German> = OnceLock::new();
    GERMAN.get_or_init(|| {
        parse_german(
            texts(),
            include_str!("../../../assets/pandoria/texts-de.json"),
        )
        .unwrap_or_else(|e| panic!("assets/pandoria/texts-de.json is invalid: {e}"))
    })
}

impl German {
    /// A spell's short text.
    pub fn spell(&self, spell: SpellEffect) -> &str {
        &self.spell_text(spell).short
    }

    /// A spell's texts.
    pub fn spell_text(&self, spell: SpellEffect) -> &Text {
        // Checked when loaded: every spell has one.
        &self.spells[&spell.slug()]
    }

    /// A building's short text.
    pub fn building(&self, building: BuildingEffect) -> &str {
        &self.building_text(building).short
    }

    /// A building's texts.
    pub fn building_text(&self, building: BuildingEffect) -> &Text {
        &self.buildings[&building.slug()]
    }

    /// A realm's ability in an edition.
    pub fn ability(&self, realm: Realm, edition: Edition) -> &str {
        &self.ability_text(realm, edition).short
    }

    /// A realm's ability in an edition, short and long.
    pub fn ability_text(&self, realm: Realm, edition: Edition) -> &Text {
        match edition {
            Edition::Second => self.abilities_second.get(realm.slug()),
            _ => None,
        }
        .unwrap_or(&self.abilities[realm.slug()])
    }

    /// [`Texts::card_short`] in German: `Wut ×2: … · Bank −1: …` when it fits.
    pub fn card_short(&self, card: &Card) -> String {
        // The labels are Pandoria's words in German.
        crate::words::install(super::WORDS);
        let label = |t: &crate::words::Text| crate::words::Lang::De.render(t);
        let (spell, building) = (self.spell(card.spell), self.building(card.building));
        let named = format!(
            "{}: {spell} · {}: {building}",
            label(&card.spell.label_text()),
            label(&card.building.label_text())
        );
        if named.chars().count() <= MAX_SHORT {
            named
        } else {
            format!("{spell} · {building}")
        }
    }
}

/// Every entry of `/card` and `/realm`: names, kinds, facts and texts in English and German.
pub fn entries() -> Vec<Entry> {
    let (t, de) = (texts(), german());
    let or = t!("words-or");
    let mut out = Vec::new();
    for spell in SpellEffect::ALL {
        let mut costs: Vec<u8> = cards()
            .all()
            .filter(|c| c.spell == spell)
            .map(|c| c.crystals)
            .collect();
        costs.sort_unstable();
        costs.dedup();
        out.push(Entry {
            lookup: Lookup::Card,
            id: format!("spell:{}", spell.slug()),
            kind: t!("pandoria-ref-kind-spell"),
            name: spell.label(),
            german: Some(spell.german().into()),
            title: spell.label_text(),
            facts: Some(t!("pandoria-ref-spell-facts", costs = numbers(&costs, &or))),
            text: Effect::from_data(t.spell(spell), de.spell_text(spell)),
        });
    }
    let mut seen = Vec::new();
    for (building, _) in ALL_BUILDINGS {
        if seen.contains(&building) {
            continue;
        }
        seen.push(building);
        let mut wood: Vec<u8> = cards()
            .all()
            .filter(|c| c.building == building)
            .map(|c| c.wood)
            .collect();
        wood.sort_unstable();
        wood.dedup();
        out.push(Entry {
            lookup: Lookup::Card,
            id: format!("building:{}", building.slug()),
            kind: t!("pandoria-ref-kind-building"),
            name: building.label(),
            german: Some(building.german().into()),
            title: building.label_text(),
            facts: Some(t!(
                "pandoria-ref-building-facts",
                costs = numbers(&wood, &or)
            )),
            text: Effect::from_data(t.building(building), de.building_text(building)),
        });
    }
    let mut values = cards().monuments().to_vec();
    values.dedup();
    out.push(Entry {
        lookup: Lookup::Card,
        id: "monument".into(),
        kind: t!("pandoria-ref-kind-monument"),
        name: "Monument".into(),
        german: Some("Monument".into()),
        title: Words::name("Monument", Some("Monument")),
        facts: Some(t!(
            "pandoria-ref-monument-facts",
            points = numbers(&values, &t!("words-comma"))
        )),
        text: Effect::from_data(&t.monument, &de.monument),
    });
    let artifacts = t!("pandoria-ref-kind-artifacts");
    for (id, name, german, kind, en, text) in [
        ("relic", "Relic", "Relikt", &artifacts, &t.relic, &de.relic),
        (
            "artifacts",
            "Artifacts",
            "Artefakte",
            &artifacts,
            &t.artifacts,
            &de.artifacts,
        ),
        (
            "mountain_castle",
            "Mountain castle",
            "Bergburg",
            &artifacts,
            &t.mountain_castle,
            &de.mountain_castle,
        ),
        (
            "single_tile",
            "Single tile",
            "Einzelplättchen",
            &artifacts,
            &t.single_tile,
            &de.single_tile,
        ),
        (
            "ship",
            "Astral Ship on the River board",
            "Astralschiff",
            &t!("pandoria-ref-kind-river"),
            &t.ship,
            &de.ship,
        ),
    ] {
        out.push(Entry {
            lookup: Lookup::Card,
            id: id.into(),
            kind: kind.clone(),
            name: name.into(),
            german: Some(german.into()),
            title: Words::name(name, Some(german)),
            facts: None,
            text: Effect::from_data(en, text),
        });
    }
    for realm in Realm::ALL {
        let data = realm.data();
        let first = Effect::from_data(
            t.ability(realm, Edition::default()),
            de.ability_text(realm, Edition::default()),
        );
        let mut text = first.clone();
        if let Some(second) = t.abilities_second.get(&realm) {
            let second = Effect::from_data(second, de.ability_text(realm, Edition::Second));
            text.long = Some(t!(
                "pandoria-ref-second-edition",
                first = first.full(),
                second = second.full()
            ));
        }
        let [c, g, w] = data.side_b;
        out.push(Entry {
            lookup: Lookup::Realm,
            id: format!("realm:{}", realm.slug()),
            kind: t!("pandoria-ref-kind-realm", set = set_words(realm)),
            name: data.name.clone(),
            german: Some(data.german.clone()),
            title: realm_name(realm),
            facts: Some(t!(
                "pandoria-ref-realm-facts",
                crystals = c,
                gold = g,
                wood = w
            )),
            text,
        });
    }
    out
}

/// A realm's name as the reader reads it (`Elves`, `Elfen`).
fn realm_name(realm: Realm) -> Words {
    let data = realm.data();
    Words::name(&data.name, Some(&data.german))
}

fn set_words(realm: Realm) -> Words {
    match realm.set() {
        super::cards::RealmSet::Base => t!("pandoria-ref-set-base"),
        super::cards::RealmSet::Expansion => t!("pandoria-ref-set-expansion"),
        super::cards::RealmSet::Promo => t!("pandoria-ref-set-promo"),
    }
}

impl Pandoria {
    /// What the component a legal action plays does, in one line (see
    /// [`crate::Game::detail`]); `None` for placements, figures and passes.
    pub(super) fn detail_of(&self, seat: Seat, action: &Action) -> Option<crate::words::Text> {
        let (t, de) = (texts(), german());
        // A text of the data in English and German, like a name from the data.
        let both = |en: &str, de: &str| crate::words::Text::name(en, Some(de));
        let spell_of = |c: CardId| {
            let spell = cards().card(c).spell;
            both(&t.spell(spell).short, de.spell(spell))
        };
        let card_of = |c: CardId| {
            let card = cards().card(c);
            both(&t.card_short(card), &de.card_short(card))
        };
        let building_of = |b: BuildingEffect| both(&t.building(b).short, de.building(b));
        let top_of = |s: Seat| {
            self.seats
                .get(s.index())
                .and_then(|s| s.spells.last())
                .copied()
        };
        let market = |pos: u8| {
            self.market()
                .get(usize::from(pos).wrapping_sub(1))
                .map(|&c| card_of(c))
        };
        match *action {
            Action::Spell(c, _) => Some(spell_of(c)),
            Action::Both(c, _) => Some(card_of(c)),
            Action::Recast(_) => top_of(seat).map(spell_of),
            Action::Adopt(other) | Action::GoblinSpell(other, _) => top_of(other).map(spell_of),
            Action::Build(c, _, _) => Some(building_of(cards().card(c).building)),
            Action::Occupy(owner, slot, _) => self
                .occupy_price(seat, owner, slot)
                .ok()
                .map(|(card, _)| building_of(card.building)),
            Action::Monument(..) => Some(both(&t.monument.short, &de.monument.short)),
            Action::Buy(pos, _) | Action::Take(pos) => market(pos),
            Action::Realm(realm) => {
                let edition = self.options.edition;
                Some(both(
                    &t.ability(realm, edition).short,
                    de.ability(realm, edition),
                ))
            }
            Action::Relic(_) => Some(both(&t.relic.short, &de.relic.short)),
            Action::Mountain(_) => Some(both(&t.mountain_castle.short, &de.mountain_castle.short)),
            Action::DrawSingle => Some(both(&t.single_tile.short, &de.single_tile.short)),
            Action::Ship(..) => Some(both(&t.ship.short, &de.ship.short)),
            _ => None,
        }
    }

    /// What `seat`'s realm does, for the lobby and its first message; `None` in games
    /// without realm abilities (family and beginner games) or before the realm is chosen.
    pub(super) fn intro_of(&self, seat: Seat) -> Option<Intro> {
        if matches!(
            self.options.mode,
            Mode::Family | Mode::FamilySpells | Mode::Beginner
        ) {
            return None;
        }
        let realm = self.seats.get(seat.index())?.realm?;
        let edition = self.options.edition;
        Some(Intro {
            role: t!("pandoria-ref-role", realm = realm_name(realm)),
            text: Effect::from_data(
                texts().ability(realm, edition),
                german().ability_text(realm, edition),
            ),
        })
    }
}

/// The keys of Pandoria's help topics, in the order `/rules` lists them.
const TOPICS: [&str; 7] = [
    "turn",
    "scoring",
    "market",
    "monuments",
    "end",
    "modes",
    "expansions",
];

/// `/rules` for Pandoria: each part of the game in brief, in Turnpost's own words (the
/// bundle's `pandoria-topic-<key>-title` and `pandoria-topic-<key>`).
pub fn topics() -> Vec<Topic> {
    TOPICS
        .into_iter()
        .map(|key| Topic {
            key,
            title: crate::words::Text::dynamic(format!("pandoria-topic-{key}-title")),
            text: crate::words::Text::dynamic(format!("pandoria-topic-{key}")),
        })
        .collect()
}

// The short texts belong to the effects but live with the reference's data, so the cards
// name no reference (one way: the reference reads the cards).
impl SpellEffect {
    /// The effect in one short line, from the component data (`assets/pandoria/cards.json`
    /// "spell_texts", Turnpost's own words); the longer explanation is in [`texts`].
    pub fn text(self) -> &'static str {
        &texts().spell(self).short
    }
}

impl BuildingEffect {
    /// The effect in one short line, from the component data (`assets/pandoria/cards.json`
    /// "building_texts", Turnpost's own words); the longer explanation is in [`texts`].
    pub fn text(self) -> String {
        texts().building(self).short.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARDS: &str = include_str!("../../../assets/pandoria/cards.json");
    const REALMS: &str = include_str!("../../../assets/pandoria/realms.json");
    const ARTIFACTS: &str = include_str!("../../../assets/pandoria/artifacts.json");
    const RIVER: &str = include_str!("../../../assets/pandoria/board-river.json");

    #[test]
    fn every_card_realm_and_piece_has_a_text_that_fits_a_select() {
        let t = parse_texts(CARDS, REALMS, ARTIFACTS, RIVER).unwrap();
        for card in cards().all() {
            let line = t.card_short(card);
            assert!(
                line.chars().count() <= MAX_SHORT,
                "card {}: {line}",
                card.id
            );
            assert!(!t.spell(card.spell).short.is_empty());
            assert!(!t.building(card.building).short.is_empty());
        }
        for realm in Realm::ALL {
            for edition in [Edition::Yucata, Edition::Second] {
                let a = t.ability(realm, edition);
                assert!(!a.short.is_empty() && a.short.chars().count() <= MAX_SHORT);
            }
        }
        assert_ne!(
            t.ability(Realm::Mages, Edition::Yucata),
            t.ability(Realm::Mages, Edition::Second)
        );
        let entries = entries();
        crate::reference::check(&entries, &topics()).unwrap();
        assert_eq!(
            entries.iter().filter(|e| e.lookup == Lookup::Realm).count(),
            12,
            "every realm of every set"
        );
        // English, German and ids find the same entries.
        // And the name as a German reader sees it, with its strength.
        for typed in ["Gewölbe", "vault", "building:vault_1_for_2", "Gewölbe 1:2"] {
            let found = crate::reference::find(&entries, Lookup::Card, typed, 25);
            assert!(
                found.iter().any(|e| e.id == "building:vault_1_for_2"),
                "{typed}"
            );
        }
        let elves = crate::reference::find(&entries, Lookup::Realm, "Elfen", 25);
        assert_eq!(elves[0].id, "realm:elves");
    }

    #[test]
    fn every_short_text_has_a_german_twin_that_fits_a_select() {
        const GERMAN: &str = include_str!("../../../assets/pandoria/texts-de.json");
        let t = parse_texts(CARDS, REALMS, ARTIFACTS, RIVER).unwrap();
        let de = parse_german(&t, GERMAN).unwrap();
        assert_eq!(
            de.spell(SpellEffect::Conjure(6)),
            "Eine deiner Ressourcen auf genau 6 setzen"
        );
        assert_ne!(
            de.ability(Realm::Mages, Edition::Yucata),
            de.ability(Realm::Mages, Edition::Second)
        );
        // Card 12: both sides, too long to name them as well.
        assert_eq!(
            de.card_short(cards().card(CardId(12))),
            "1 Figur auf freies Land neben deinen Figuren · +1 Gold je gewertetem Hügelfeld"
        );
        let no_flee = GERMAN.replace("\"flee\":", "\"fly\":");
        let e = parse_german(&t, &no_flee).unwrap_err();
        assert!(e.contains("flee") && e.contains("fly"), "{e}");
        let long = GERMAN.replace(
            "\"Gebäude oder Monument ohne Holz bauen\"",
            &format!("\"{}\"", "x".repeat(101)),
        );
        let e = parse_german(&t, &long).unwrap_err();
        assert!(e.contains("master_builder") && e.contains("101"), "{e}");
    }

    #[test]
    fn a_missing_or_long_text_is_refused_with_its_name() {
        let no_rage = CARDS.replace("\"rage_2\": {", "\"rage_9\": {");
        let e = parse_texts(&no_rage, REALMS, ARTIFACTS, RIVER).unwrap_err();
        assert!(e.contains("rage_2"), "{e}");
        let long = CARDS.replace(
            "\"Set one of your resources to exactly 6\"",
            &format!("\"{}\"", "x".repeat(101)),
        );
        let e = parse_texts(&long, REALMS, ARTIFACTS, RIVER).unwrap_err();
        assert!(e.contains("conjure_6") && e.contains("101"), "{e}");
        let no_ability = REALMS.replacen("\"ability\": {", "\"abilityx\": {", 1);
        let e = parse_texts(CARDS, &no_ability, ARTIFACTS, RIVER).unwrap_err();
        assert!(e.contains("humans"), "{e}");
    }
}
