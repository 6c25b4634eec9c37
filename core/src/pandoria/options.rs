//! The options of a Pandoria table, their schema for `/new`, and the help text.

use serde::{Deserialize, Serialize};

use super::{Realm, RealmSet};
use crate::options::OptionSpec;

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
            "Game",
            &[
                ("family", "Family game"),
                ("family_spells", "Family game with spells"),
                ("beginner", "Beginner game"),
                ("standard", "Standard game"),
            ],
        ),
        OptionSpec::choice(
            "realms",
            "Realms",
            &[
                ("random_unique", "a different one each, at random"),
                ("random_not_unique", "each at random, repeats allowed"),
                ("same_random", "one random realm for everybody"),
                ("same_chosen", "the chosen realm for everybody"),
                ("each_chooses", "each player chooses"),
            ],
        ),
        OptionSpec::choice(
            "realm_sets",
            "Realm sets",
            &[
                ("base", "the five base realms"),
                ("base_promo", "base and promo realms"),
                ("expansion", "the Realms expansion"),
                ("base_expansion", "base and Realms expansion"),
                ("expansion_promo", "Realms expansion and promo"),
                ("all", "all twelve realms"),
            ],
        ),
        OptionSpec::choice(
            "realm",
            "Realm for everybody",
            &[
                ("humans", "Humans"),
                ("dwarves", "Dwarves"),
                ("elves", "Elves"),
                ("mages", "Mages"),
                ("halflings", "Halflings"),
                ("centaurs", "Centaurs (Realms expansion)"),
                ("fairies", "Fairies (Realms expansion)"),
                ("goblins", "Goblins (Realms expansion)"),
                ("golems", "Golems (Realms expansion)"),
                ("spirits", "Spirits of the Ancients (Realms expansion)"),
                ("nymphs", "Nymphs (promo)"),
                ("hanbok", "Hanbok (promo)"),
            ],
        ),
        OptionSpec::choice(
            "edition",
            "Edition",
            &[
                ("yucata", "Yucata (first edition)"),
                ("second", "second printed edition"),
            ],
        ),
        OptionSpec::choice(
            "start_tiles",
            "Start tiles",
            &[
                ("marked", "on the marked spaces"),
                ("random", "anywhere on the plain, at random"),
                ("chosen", "placed by the start player"),
            ],
        ),
        OptionSpec::flag("start_apart", "Start tiles apart"),
        OptionSpec::flag("partnership", "Partnership (4 players)"),
        OptionSpec::flag("artifacts", "Artifacts expansion"),
        OptionSpec::choice(
            "board",
            "Board",
            &[
                ("pandoria", "Pandoria side (lakes)"),
                ("river", "River side"),
            ],
        ),
    ]
}

/// The rules in brief and the notation, for `/help` and the terminal.
pub(super) const HELP: &str = "\
Pandoria: lay land tiles, place workers and close regions for points.
A turn: 1. place your hand tile (or a castle); 2. a worker or your leader on it (or pass); \
3. closed regions score for whoever has most figures next to them; \
4. standard game: cast a spell or build from your hand; 5. draw a new tile.
Notation (A–P × 0–13): `tile D7 E7` places the hand tile (first half on D7), `castle D7`, \
`worker D7`, `leader D7`, `retrieve D7`, `spell 17`, `build 17 3` (slot 3), \
`monument 3`, `buy 2`, `pass`; Artifacts `mountain A9`, `single`, `relic 4`; River `ship H7`.";
