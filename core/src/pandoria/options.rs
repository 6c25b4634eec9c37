//! The options of a Pandoria table, their schema for `/new`, and the help text.

use serde::{Deserialize, Serialize};

use super::{Realm, RealmSet};
use crate::options::OptionSpec;
use crate::t;

/// Which Pandoria game is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// The family game: no realms, spells, buildings or monuments; every symbol is a point.
    #[default]
    Family,
    /// The family game with spells: the cards of seven board spells, cast for free.
    FamilySpells,
    /// The standard game: realms side B with their abilities, 4 random cards each.
    Standard,
    /// The beginner game: realms side A without abilities, realm cards dealt, card A built.
    Beginner,
}

/// Which printed edition's realm values and abilities apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edition {
    /// Yucata's rules (texts 004, 000), which the first printed edition (001) agrees with.
    #[default]
    #[serde(alias = "first")]
    Yucata,
    /// The later printed edition (text 003): other values and abilities for Dwarves, Elves,
    /// Mages and Halflings; small and large buildings of a kind count as identical.
    Second,
}

/// How realms are given out (Yucata's options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RealmAssignment {
    /// Each player a different realm, at random.
    #[default]
    RandomUnique,
    /// Each player a realm at random; two players may have the same.
    RandomNotUnique,
    /// One random realm for everybody.
    SameRandom,
    /// The realm of option `realm` for everybody.
    SameChosen,
    /// Each player chooses, in turn order from the start player.
    EachChooses,
}

/// Which sets of realms a table deals from (Yucata's realm-set options; the promo realms
/// never alone).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RealmSets {
    /// The five base realms.
    #[default]
    Base,
    /// The five realms of the Realms expansion.
    Expansion,
    /// Base and expansion.
    BaseExpansion,
    /// Base and promo.
    BasePromo,
    /// Expansion and promo.
    ExpansionPromo,
    /// All twelve.
    All,
}

impl RealmSets {
    /// Whether realms of `set` are dealt.
    pub fn allows(self, set: RealmSet) -> bool {
        matches!(
            (self, set),
            (
                RealmSets::Base | RealmSets::BaseExpansion | RealmSets::BasePromo | RealmSets::All,
                RealmSet::Base
            ) | (
                RealmSets::Expansion
                    | RealmSets::BaseExpansion
                    | RealmSets::ExpansionPromo
                    | RealmSets::All,
                RealmSet::Expansion
            ) | (
                RealmSets::BasePromo | RealmSets::ExpansionPromo | RealmSets::All,
                RealmSet::Promo
            )
        )
    }

    /// The realms dealt, in the fixed order of [`Realm::ALL`].
    pub fn realms(self) -> Vec<Realm> {
        Realm::ALL
            .into_iter()
            .filter(|r| self.allows(r.set()))
            .collect()
    }
}

/// Where the two start tiles go (Yucata's options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartTiles {
    /// On the four marked start spaces, at random (the printed rules).
    #[default]
    Marked,
    /// At a random location on the plain (Yucata "random").
    Random,
    /// The start player places both (Yucata "chosen by a player").
    Chosen,
}

/// Which side of the printed board is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardSide {
    /// Side A, "Pandoria": lakes with ships.
    #[default]
    Pandoria,
    /// Side B, "River" (text 003 §15): a river splits the plain; its ships move downstream
    /// when enclosed; Astral Ship is printed on the board (8 crystals).
    River,
}

/// The options of a Pandoria table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Which game.
    pub mode: Mode,
    /// Where the start tiles go.
    pub start_tiles: StartTiles,
    /// Yucata's sub-option: the two start tiles must not touch each other.
    pub start_apart: bool,
    /// How realms are given out (standard and beginner game).
    pub realms: RealmAssignment,
    /// The realm for `realms=same_chosen`.
    pub realm: Option<Realm>,
    /// Which realm sets the random deals and `each_chooses` draw from.
    pub realm_sets: RealmSets,
    /// Yucata's rules or the second printed edition.
    pub edition: Edition,
    /// The partnership game: 4 players, partners sit opposite and share their score.
    pub partnership: bool,
    /// The Artifacts expansion: artifact tiles, relics, mountain castles and single tiles
    /// placed in one-space gaps (text 004 "Artifacts"); every mode.
    pub artifacts: bool,
    /// The side of the board.
    pub board: BoardSide,
}

/// The options `/new` offers, in order (see [`Game::option_specs`](crate::Game::option_specs)).
pub(super) fn specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::choice(
            "mode",
            t!("pandoria-option-mode"),
            vec![
                ("family", t!("pandoria-option-mode-family")),
                ("family_spells", t!("pandoria-option-mode-family-spells")),
                ("beginner", t!("pandoria-option-mode-beginner")),
                ("standard", t!("pandoria-option-mode-standard")),
            ],
        ),
        OptionSpec::choice(
            "realms",
            t!("pandoria-option-realms"),
            vec![
                ("random_unique", t!("pandoria-option-realms-random-unique")),
                (
                    "random_not_unique",
                    t!("pandoria-option-realms-random-not-unique"),
                ),
                ("same_random", t!("pandoria-option-realms-same-random")),
                ("same_chosen", t!("pandoria-option-realms-same-chosen")),
                ("each_chooses", t!("pandoria-option-realms-each-chooses")),
            ],
        ),
        OptionSpec::choice(
            "realm_sets",
            t!("pandoria-option-realm-sets"),
            vec![
                ("base", t!("pandoria-option-realm-sets-base")),
                ("base_promo", t!("pandoria-option-realm-sets-base-promo")),
                ("expansion", t!("pandoria-option-realm-sets-expansion")),
                (
                    "base_expansion",
                    t!("pandoria-option-realm-sets-base-expansion"),
                ),
                (
                    "expansion_promo",
                    t!("pandoria-option-realm-sets-expansion-promo"),
                ),
                ("all", t!("pandoria-option-realm-sets-all")),
            ],
        ),
        OptionSpec::choice(
            "realm",
            t!("pandoria-option-realm"),
            vec![
                ("humans", t!("pandoria-option-realm-humans")),
                ("dwarves", t!("pandoria-option-realm-dwarves")),
                ("elves", t!("pandoria-option-realm-elves")),
                ("mages", t!("pandoria-option-realm-mages")),
                ("halflings", t!("pandoria-option-realm-halflings")),
                ("centaurs", t!("pandoria-option-realm-centaurs")),
                ("fairies", t!("pandoria-option-realm-fairies")),
                ("goblins", t!("pandoria-option-realm-goblins")),
                ("golems", t!("pandoria-option-realm-golems")),
                ("spirits", t!("pandoria-option-realm-spirits")),
                ("nymphs", t!("pandoria-option-realm-nymphs")),
                ("hanbok", t!("pandoria-option-realm-hanbok")),
            ],
        ),
        OptionSpec::choice(
            "edition",
            t!("pandoria-option-edition"),
            vec![
                ("yucata", t!("pandoria-option-edition-yucata")),
                ("second", t!("pandoria-option-edition-second")),
            ],
        ),
        OptionSpec::choice(
            "start_tiles",
            t!("pandoria-option-start-tiles"),
            vec![
                ("marked", t!("pandoria-option-start-tiles-marked")),
                ("random", t!("pandoria-option-start-tiles-random")),
                ("chosen", t!("pandoria-option-start-tiles-chosen")),
            ],
        ),
        OptionSpec::flag(
            "start_apart",
            t!("pandoria-option-start-apart"),
            t!("pandoria-option-start-apart-off"),
        ),
        OptionSpec::flag(
            "partnership",
            t!("pandoria-option-partnership"),
            t!("pandoria-option-partnership-off"),
        ),
        OptionSpec::flag(
            "artifacts",
            t!("pandoria-option-artifacts"),
            t!("pandoria-option-artifacts-off"),
        ),
        OptionSpec::choice(
            "board",
            t!("pandoria-option-board"),
            vec![
                ("pandoria", t!("pandoria-option-board-pandoria")),
                ("river", t!("pandoria-option-board-river")),
            ],
        ),
    ]
}

/// The rules in brief and the notation, for `/help` and the terminal.
pub(super) fn help() -> crate::words::Text {
    crate::t!("pandoria-help")
}
