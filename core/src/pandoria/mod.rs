//! Pandoria (Irongames, Allers & Eisenstein) as played on Yucata: tile laying and worker
//! placement on a hex plain, with cards that are spells or buildings, monuments and realms.
//!
//! Four modes (option `mode`): the family game (the default; text 004 "Family game", 003
//! §14a), the family game with spells (003 §14b), the standard game with the realms' side B
//! and their abilities, and the beginner game with side A. The standard turn has seven
//! steps: place a double tile or a castle (figures leave regions it closes), place or
//! retrieve one figure, play a card as a spell or building or erect a monument, score the
//! closed regions, buy a card, draw a tile; realms add their own steps. Option `edition`
//! picks the realm values and abilities of the second printed edition (text 003), option
//! `partnership` the 4-player team game (003 §13). Readings of unclear rules are in
//! `docs/rules-notes.md`.
//!
//! Files, in the module template of `docs/adding-a-game.md`:
//! - the state: this file (the state types and the [`Game`] implementation), `setup.rs`
//!   (start tiles, realms), `queries.rs` (questions asked of the state), `options.rs`
//!   (options and help);
//! - the rules by step: `rules.rs` (checking and applying the board steps), `placement.rs`
//!   (tiles and castles), `figures.rs` (figures, Golems, haunts, ransoms), `regions.rs`
//!   (closing and scoring regions), `turn.rs` (checking and applying the card step and the
//!   later steps), `prices.rs` (prices and payments), `building.rs` (buildings, monuments,
//!   the Goblins), `spells.rs` (the spell effects), `end.rs` (buying, the Elves, the
//!   Poorhouse, the end of turns, rounds and the game), `artifacts.rs` and `river.rs` (the
//!   Artifacts expansion and the River side), `legal.rs` (every legal action);
//! - words and errors: `error.rs` (`RulesError`), `refusals.rs` (what is allowed now),
//!   `words.rs` (actions, events, decision kinds), `log.rs` (the log lines), `choices.rs`
//!   and `layout.rs` (the actions in the player's words and the panel);
//! - `notation.rs` (the notation and its reader), `view.rs` (what players see),
//!   `knowledge.rs` (what a seat may know, for AI seats), `fixtures.rs` (scenario set-up);
//! - the component data: `data.rs` (board and tiles), `cards.rs` (cards, realms), `effects.rs`
//!   (what cards do), `region.rs` (a region), `reference.rs` (their words for `/card`).
//!
//! Why this file is long (915 lines): the state types every step file uses (about 400
//! lines) and the [`Game`] implementation (about 415, of which `new`'s set-up is about 185).

mod artifacts;
mod building;
mod cards;
mod choices;
mod data;
mod effects;
mod end;
mod error;
mod figures;
mod fixtures;
mod knowledge;
mod layout;
mod legal;
mod log;
mod notation;
mod options;
mod placement;
mod prices;
mod queries;
pub mod reference;
mod refusals;
mod region;
mod regions;
mod river;
mod rules;
mod setup;
mod spells;
#[cfg(test)]
mod tests;
mod turn;
mod view;
mod words;

use crate::t;
use crate::words::Text;
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

pub use cards::{Card, CardId, Cards, Realm, RealmData, RealmSet, Resource, cards};
pub use data::{
    Artifacts, Board, Half, Relic, Space, Terrain, Tile, TileId, TileKind, Tiles, artifacts, board,
    board_for, river_board, tiles,
};
pub use effects::{ALL_BUILDINGS, BuildingEffect, BuildingKind, Rate, Size, SpellEffect, TileSize};
pub use error::RulesError;
pub use options::{BoardSide, Edition, Mode, Options, RealmAssignment, RealmSets, StartTiles};
pub use region::Region;
pub use view::{
    CardView, Change, ChangeKind, FigureView, LandView, PublicView, Resources, ScoreParts,
    SeatPublic, SeatView, SideView, SlotView,
};
pub use words::{
    Action, DecisionKind, Event, GoblinBack, Paid, PointsFor, Score, SetBy, SpiritBack,
};

use crate::game::{
    Decision, Game, Outcome, ParseError, PlayError, Reveal, Seat, Seed, SetupError, Unused,
};
use crate::hex::{CELLS, Hex};
use crate::options::OptionSpec;

/// The names of the four player colours, in seat order. Each carries a letter as well,
/// so pictures can mark figures for colour-blind players.
pub const COLOURS: [&str; 4] = ["Red", "Blue", "Yellow", "Green"];

/// Pandoria's Fluent bundles ([`Game::WORDS`]).
pub const WORDS: &[crate::words::Source] = &[
    crate::words::Source {
        lang: crate::words::Lang::En,
        path: "core/locales/en/pandoria.ftl",
        ftl: include_str!("../../locales/en/pandoria.ftl"),
    },
    crate::words::Source {
        lang: crate::words::Lang::De,
        path: "core/locales/de/pandoria.ftl",
        ftl: include_str!("../../locales/de/pandoria.ftl"),
    },
];

/// Building slots on a realm tableau.
pub const SLOTS: usize = 5;

/// A figure on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figure {
    /// Its owner.
    pub seat: Seat,
    /// The leader counts as two figures when scoring.
    pub leader: bool,
}

/// What covers a plain hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Land {
    /// Nothing (or the hex is not plain).
    Empty,
    /// Terrain: a tile half, or a printed space when `tile` is `None`.
    Terrain {
        /// Terrain.
        terrain: Terrain,
        /// Resource symbols.
        symbols: u8,
        /// The tile it came from; `None` for printed spaces.
        tile: Option<TileId>,
    },
    /// A castle of a player.
    Castle {
        /// Its owner.
        owner: Seat,
    },
}

/// One of the five building slots of a tableau.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    /// The buildings in the slot, the visible one last (the others are overbuilt).
    pub cards: Vec<CardId>,
    /// A monument covering the slot (its points); never overbuilt.
    pub monument: Option<u8>,
    /// Goblins: the figure of a Goblins player occupying the visible building.
    #[serde(default)]
    pub goblin: Option<Figure>,
}

impl Slot {
    /// The visible building, if any (none under a monument).
    pub fn building(&self) -> Option<CardId> {
        if self.monument.is_some() {
            None
        } else {
            self.cards.last().copied()
        }
    }
}

/// A seat's pieces, tableau, cards and score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    /// Workers in reserve.
    pub workers: u8,
    /// Whether the leader is in reserve.
    pub leader: bool,
    /// Castles not yet placed.
    pub castles: u8,
    /// Points.
    pub score: i32,
    /// The points by where they came from (they add up to `score`).
    #[serde(default)]
    pub parts: view::ScoreParts,
    /// Hidden double tiles in hand (Dwarves hold two).
    pub hand: Vec<TileId>,
    /// The realm (standard and beginner game).
    #[serde(default)]
    pub realm: Option<Realm>,
    /// Crystals, gold and wood, each 0..=10.
    #[serde(default)]
    pub resources: [u8; 3],
    /// Hidden hand cards.
    #[serde(default)]
    pub cards: Vec<CardId>,
    /// The five building slots.
    #[serde(default)]
    pub slots: [Slot; SLOTS],
    /// The spells cast, the last one on top (the one Adopt copies).
    #[serde(default)]
    pub spells: Vec<CardId>,
    /// Hanbok: opponents' figures held captive (1 point each at the end).
    #[serde(default)]
    pub captives: Vec<Figure>,
    /// Spirits of the Ancients: the figure haunting this player, waiting in its reserve to
    /// be placed with its next figure (`ready` once the turn it came in has ended).
    #[serde(default)]
    pub haunted_by: Option<Haunt>,
    /// Artifacts expansion: artifacts held (in the partnership game the team's are kept on
    /// the lower seat of the two; see [`Pandoria::artifact_holder`]).
    #[serde(default)]
    pub artifacts: u8,
    /// Artifacts expansion: the relics taken, by their printed points.
    #[serde(default)]
    pub relics: Vec<u8>,
    /// Artifacts expansion: whether the mountain castle is still in reserve.
    #[serde(default)]
    pub mountain: bool,
}

/// A haunting figure waiting in its victim's reserve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Haunt {
    /// The Spirits' figure.
    pub figure: Figure,
    /// Whether it goes out with the victim's next figure (after the turn it came in).
    pub ready: bool,
}

/// A haunt the Spirits of the Ancients may make after an opponent closed a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingHaunt {
    /// The Spirits player.
    pub spirit: Seat,
    /// Who closed the region.
    pub closer: Seat,
    /// Whether a removed worker may haunt.
    pub worker: bool,
    /// Whether the removed leader may haunt.
    pub leader: bool,
}

impl SeatState {
    /// An amount of one resource.
    pub fn resource(&self, r: Resource) -> u8 {
        self.resources[r.index()]
    }
}

/// A Rage spell waiting for step 5: one worker counts `times` in one region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RageTarget {
    /// Where the worker stands.
    pub worker: Hex,
    /// The hex that names the region (its `at`).
    pub region: Hex,
    /// 2 or 3.
    pub times: u8,
}

/// What the current turn has done so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The hexes placed in step 1 (figures may go there in step 3).
    pub placed: Vec<Hex>,
    /// Whether step 1 placed a double tile from the hand (a tile is drawn at the end).
    pub from_hand: bool,
    /// Artifacts: whether step 1 placed a single tile into a one-space gap (no tile is drawn
    /// after it; the Golems may put a Golem on it, text 004).
    #[serde(default)]
    pub single: bool,
    /// Every region closed this turn (by step 1 or by a spell), scored in step 5.
    pub closed: Vec<Region>,
    /// A Rage spell's target.
    pub rage: Option<RageTarget>,
    /// Second-edition Halflings: the card whose spell was cast and whose building (or a
    /// monument) follows.
    pub combo: Option<CardId>,
    /// The spell whose effect is being resolved (after Adopt: the copied spell).
    pub spell: Option<SpellEffect>,
    /// What the spell cast this turn cost (the River's ship discount comes off it).
    #[serde(default)]
    pub spell_paid: Paid,
}

/// A player's choice after a region was scored in the family game with spells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// Who chooses.
    pub seat: Seat,
    /// The points offered.
    pub points: i32,
    /// The hex that names the region.
    pub region: Hex,
}

/// A spell effect waiting for its targets, one decision at a time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Acquire: take market cards (`take 2`).
    Take {
        /// Cards still to take.
        left: u8,
    },
    /// Adopt: choose whose top spell to copy (`adopt blue`).
    Adopt,
    /// Astral Ship, Muster, Clone, or the figure of an Enchanted Castle (`worker D7`).
    Place {
        /// The spell placing them.
        spell: SpellEffect,
        /// Figures still to place.
        left: u8,
        /// The Enchanted Castle's castle, the only place its figure may go.
        castle: Option<Hex>,
    },
    /// Conjure: which resource becomes `value` (`crystal`).
    Conjure {
        /// 6, 8 or 10.
        value: u8,
    },
    /// Master Builder: a building or monument for no wood (`build 17 3`, `monument 2`).
    FreeBuild,
    /// Enchanted Castle: where the castle goes (`castle D7`).
    Castle,
    /// Flee: take back figures one by one (`retrieve D7`), then `pass`.
    Flee,
    /// Construct, first part: the building (`build 17 3`).
    ConstructBuild {
        /// The Carpenter discount when the spell was cast (it applies to both parts).
        discount: u8,
    },
    /// Construct, second part: the monument (`monument 2`).
    ConstructMonument {
        /// The Carpenter discount when the spell was cast.
        discount: u8,
    },
    /// Rage: which worker and region (`rage D7 E8`).
    Rage {
        /// 2 or 3.
        times: u8,
    },
    /// Teleport: move figures (`move D7 E8`).
    Teleport {
        /// Moves left.
        left: u8,
        /// Where the figures moved so far stand (each figure moves once).
        moved: Vec<Hex>,
    },
    /// Terrain: place the drawn tile (`tile D7 E7` or `single D7`).
    Tile {
        /// The drawn tile (public once drawn).
        tile: TileId,
    },
}

/// The step of the current turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum Step {
    /// A player chooses a realm (option `realms=each_chooses`).
    Realm {
        /// Who chooses now.
        seat: Seat,
    },
    /// The start player places start tile number `next` (0 or 1) — option `start_tiles=chosen`.
    StartTile {
        /// Which start tile comes next.
        next: u8,
    },
    /// Step 1: place a double tile or a castle.
    Place,
    /// Artifacts expansion, step 1: the single tile just drawn goes into a one-space gap.
    Single {
        /// The drawn tile (public once drawn).
        tile: TileId,
    },
    /// Step 3: place a figure on what was just placed, retrieve one, or pass.
    Figure,
    /// Golems, after placing or retrieving a figure in step 3: a second Golem on the hand
    /// tile (or, with Artifacts, the single tile) just placed, for 3 resources of its
    /// terrain, or pass.
    Golem,
    /// Hanbok: `payer` ransomed captives in step 3; the Hanbok chooses the resource it takes
    /// for each, `left` still to take.
    Ransom {
        /// Who pays.
        payer: Seat,
        /// The Hanbok.
        hanbok: Seat,
        /// Resources still to take.
        left: u8,
    },
    /// Step 4: play a card as a spell or building, erect a monument, or pass.
    Card,
    /// Yucata Halflings: a spell after building.
    HalflingSpell,
    /// A spell's effect.
    Effect {
        /// What it still needs.
        effect: Effect,
    },
    /// Second-edition Halflings: the building of the card just cast, or a monument.
    ComboBuild {
        /// The card.
        card: CardId,
    },
    /// Family game with spells: each scorer takes the points or a card, one region at a time.
    Choices {
        /// The choices still to make, the next first.
        queue: Vec<Choice>,
    },
    /// Step 6: buy a card or pass.
    Buy,
    /// Elves: move a worker at the end of the turn, or pass.
    ElfMove,
    /// Poorhouse: which resource at 0 becomes 2.
    Poorhouse,
    /// Second-edition Mages buy a card at the end of the round.
    RoundBuy {
        /// The Mages still to decide, the next first.
        queue: Vec<Seat>,
    },
    /// The game is over.
    Over,
}

/// A game of Pandoria.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pandoria {
    options: Options,
    seats: Vec<SeatState>,
    land: Vec<Land>,
    figures: Vec<Option<Figure>>,
    /// Spirits of the Ancients haunting: figures stacked on another player's figure.
    #[serde(default)]
    spirits: Vec<(Hex, Figure)>,
    /// Spirits of the Ancients: haunts to offer, the next first (a decision of the Spirits
    /// player, taken before anything else).
    #[serde(default)]
    haunts: Vec<PendingHaunt>,
    /// Golems: the two spaces of each Golem pair still standing together on its tile.
    #[serde(default)]
    golem_pairs: Vec<[Hex; 2]>,
    /// The face-down stack; the top is the end of the vector.
    stack: Vec<TileId>,
    /// Tiles put back in the box unseen at setup (and Terrain tiles that found no place).
    removed: Vec<TileId>,
    start_player: Seat,
    current: Seat,
    step: Step,
    round: u32,
    /// Whether anybody placed a tile or castle this round (Yucata's end rule).
    placed_this_round: bool,
    /// The stack ran out this round: the round is the last.
    last_round: bool,
    /// Hexes covered by the last placement, for highlighting.
    last_move: Vec<Hex>,
    /// What each seat changed on the board in its latest turn, kept until that seat's next
    /// turn begins: so the player to act sees everything done since they last played.
    #[serde(default)]
    changes: Vec<view::Noted>,
    /// Actions applied so far (fixtures are allowed only at 0).
    actions: u32,
    outcome: Option<Outcome>,
    rng: ChaCha20Rng,
    /// The face-down card deck; the top is the end of the vector.
    #[serde(default)]
    deck: Vec<CardId>,
    /// The face-up market, position 1 first.
    #[serde(default)]
    market: Vec<CardId>,
    /// Cards out of the game (unused in this mode, or cast in the family game with spells).
    #[serde(default)]
    boxed: Vec<CardId>,
    /// The face-up monument stack, the top (next) last.
    #[serde(default)]
    monuments: Vec<u8>,
    /// The face-down single tiles; the top is the end of the vector.
    #[serde(default)]
    singles: Vec<TileId>,
    /// What the current turn has done.
    #[serde(default)]
    turn: Turn,
    /// Whether the set-up that depends on realms is still to come (`realms=each_chooses`).
    #[serde(default)]
    realms_pending: bool,
    /// Artifacts expansion: artifacts lying on the board, by hex.
    #[serde(default)]
    artifacts_on: Vec<(Hex, u8)>,
    /// Artifacts expansion: artifact pieces in the reserve.
    #[serde(default)]
    artifact_reserve: u8,
    /// Artifacts expansion: the relics not yet taken, cheapest first.
    #[serde(default)]
    relics: Vec<data::Relic>,
}

impl Game for Pandoria {
    const NAME: &'static str = "pandoria";
    const TITLE: &'static str = "Pandoria";
    const SECRETS: bool = true;
    const WORDS: &'static [crate::words::Source] = WORDS;
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type RulesError = RulesError;
    type DecisionKind = DecisionKind;
    type PublicView = PublicView;
    type SeatView = SeatView;

    fn player_counts() -> std::ops::RangeInclusive<usize> {
        2..=4
    }

    fn redact(&self, seat: Seat) -> Self {
        self.redacted(seat)
    }

    fn determinize(&mut self, seat: Seat, rng: &mut dyn rand::RngCore) {
        self.determinized(seat, rng);
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        self.value(seat)
    }

    fn option_specs() -> Vec<OptionSpec> {
        options::specs()
    }

    fn private_fingerprint(&self, seat: Seat) -> Option<u64> {
        view::private_fingerprint(self, seat)
    }

    fn new(options: &Options, players: usize, seed: Seed) -> Result<Self, SetupError> {
        // Its words, for a game made without the registry (tests, the AI's playouts).
        crate::words::install(WORDS);
        if !Self::player_counts().contains(&players) {
            return Err(SetupError(t!("pandoria-setup-players", players = players)));
        }
        if options.partnership && players != 4 {
            return Err(SetupError(t!(
                "pandoria-setup-partnership",
                players = players
            )));
        }
        if options.board == BoardSide::River && options.artifacts {
            return Err(SetupError(t!("pandoria-setup-artifacts-river")));
        }
        let uses_realms = matches!(options.mode, Mode::Standard | Mode::Beginner);
        if uses_realms && options.realms == RealmAssignment::SameChosen && options.realm.is_none() {
            return Err(SetupError(t!("pandoria-setup-same-chosen")));
        }
        if uses_realms && options.realm_sets != RealmSets::Base {
            if options.mode == Mode::Beginner {
                return Err(SetupError(t!("pandoria-setup-beginner-base")));
            }
            let pool = options.realm_sets.realms();
            if options.realms == RealmAssignment::RandomUnique && pool.len() < players {
                return Err(SetupError(t!(
                    "pandoria-setup-too-few-realms",
                    realms = pool.len(),
                    players = players
                )));
            }
        }
        if let (true, RealmAssignment::SameChosen, Some(realm)) =
            (uses_realms, options.realms, options.realm)
        {
            Self::check_realm(options, realm)?;
        }
        if options.mode == Mode::Beginner
            && !matches!(
                options.realms,
                RealmAssignment::RandomUnique | RealmAssignment::EachChooses
            )
        {
            return Err(SetupError(t!("pandoria-setup-beginner-unique")));
        }
        // The family game's set-up draws from the generator in exactly this order; the other
        // modes draw more afterwards, so family games stay reproducible.
        let mut rng = seed.rng();
        let mut stack: Vec<TileId> = tiles().of_kind(TileKind::Double).map(|t| t.id).collect();
        stack.shuffle(&mut rng);
        let removed = if options.artifacts {
            // Text 004 "Artifacts": remove 24/20/16 unseen, only then mix the new tiles in.
            let removed = stack.split_off(stack.len() - artifacts().removed_for(players));
            stack.extend(tiles().of_kind(TileKind::ArtifactDouble).map(|t| t.id));
            stack.shuffle(&mut rng);
            removed
        } else {
            stack.split_off(stack.len() - Self::removed_for(players))
        };
        let mut seats = Vec::with_capacity(players);
        for _ in 0..players {
            let hand = vec![stack.pop().expect("48 tiles cover every setup")];
            seats.push(SeatState {
                workers: Self::workers_for(players),
                leader: true,
                castles: 2,
                score: 0,
                parts: view::ScoreParts::default(),
                hand,
                realm: None,
                resources: [0; 3],
                cards: Vec::new(),
                slots: Default::default(),
                spells: Vec::new(),
                captives: Vec::new(),
                haunted_by: None,
                artifacts: 0,
                relics: Vec::new(),
                mountain: options.artifacts,
            });
        }
        let start_player = Seat(rng.random_range(0..players as u8));
        let mut land = vec![Land::Empty; CELLS];
        for hex in Hex::all() {
            if let Space::Printed { terrain, symbols } = board_for(options.board).space(hex) {
                land[hex.index()] = Land::Terrain {
                    terrain,
                    symbols,
                    tile: None,
                };
            }
        }
        let mut game = Pandoria {
            options: options.clone(),
            seats,
            land,
            figures: vec![None; CELLS],
            spirits: Vec::new(),
            haunts: Vec::new(),
            golem_pairs: Vec::new(),
            stack,
            removed,
            start_player,
            current: start_player,
            step: Step::Place,
            round: 1,
            placed_this_round: false,
            last_round: false,
            last_move: Vec::new(),
            changes: Vec::new(),
            actions: 0,
            outcome: None,
            rng,
            deck: Vec::new(),
            market: Vec::new(),
            boxed: Vec::new(),
            monuments: Vec::new(),
            singles: Vec::new(),
            turn: Turn::default(),
            realms_pending: false,
            artifacts_on: Vec::new(),
            artifact_reserve: 0,
            relics: Vec::new(),
        };
        // The Artifacts start tile lies first, so the start tiles keep away from it.
        if options.artifacts {
            game.setup_artifacts();
        }
        if options.start_tiles == StartTiles::Chosen {
            game.step = Step::StartTile { next: 0 };
        } else {
            let ids = start_tile_ids();
            game.random_start_tiles(ids)?;
        }
        match options.mode {
            Mode::Family => {
                game.boxed = cards().all().map(|c| c.id).collect();
            }
            Mode::FamilySpells => {
                let mut deck = Vec::new();
                for card in cards().all() {
                    if card.spell.in_family_deck() {
                        deck.push(card.id);
                    } else {
                        game.boxed.push(card.id);
                    }
                }
                deck.shuffle(&mut game.rng);
                game.deck = deck;
            }
            Mode::Standard | Mode::Beginner => {
                game.monuments = Self::monuments_for(players);
                // Until every realm is known (`realms=each_chooses`) the cards wait unshuffled.
                game.deck = cards().all().map(|c| c.id).collect();
                game.assign_realms()?;
                if game.realms_pending {
                    game.step = Step::Realm { seat: start_player };
                }
            }
        }
        if options.mode != Mode::Family || options.artifacts {
            let mut singles: Vec<TileId> = tiles()
                .of_kind(TileKind::Single)
                .map(|t| t.id)
                .chain(
                    tiles()
                        .of_kind(TileKind::ArtifactSingle)
                        .map(|t| t.id)
                        .filter(|_| options.artifacts),
                )
                .collect();
            singles.shuffle(&mut game.rng);
            game.singles = singles;
        }
        Ok(game)
    }

    fn fix(&mut self, key: &str, value: &str) -> Result<(), SetupError> {
        fixtures::fix(self, key, value)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn players(&self) -> usize {
        self.seats.len()
    }

    fn decision(&self) -> Option<Decision<DecisionKind>> {
        if let Some(h) = self.haunts.first() {
            return Some(Decision {
                seat: h.spirit,
                kind: DecisionKind::Haunt,
            });
        }
        let (seat, kind) = match &self.step {
            Step::Realm { seat } => (*seat, DecisionKind::Realm),
            Step::StartTile { .. } => (self.current, DecisionKind::StartTile),
            Step::Place => (self.current, DecisionKind::Place),
            Step::Figure => (self.current, DecisionKind::Figure),
            Step::Card if self.options.mode == Mode::Family => (self.current, DecisionKind::Relic),
            Step::Card => (self.current, DecisionKind::Card),
            Step::Single { .. } => (self.current, DecisionKind::Single),
            Step::HalflingSpell => (self.current, DecisionKind::HalflingSpell),
            Step::Effect { effect } => (
                self.current,
                DecisionKind::Effect(self.effect_spell(effect)),
            ),
            Step::ComboBuild { .. } => (self.current, DecisionKind::ComboBuild),
            Step::Choices { queue } => (queue.first()?.seat, DecisionKind::Choice),
            Step::Buy => (self.current, DecisionKind::Buy),
            Step::ElfMove => (self.current, DecisionKind::ElfMove),
            Step::Golem => (self.current, DecisionKind::Golem),
            Step::Ransom { hanbok, .. } => (*hanbok, DecisionKind::Ransom),
            Step::Poorhouse => (self.current, DecisionKind::Poorhouse),
            Step::RoundBuy { queue } => (*queue.first()?, DecisionKind::RoundBuy),
            Step::Over => return None,
        };
        Some(Decision { seat, kind })
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        if self.decision().is_some_and(|d| d.seat == seat) {
            self.legal_actions_into(&mut out);
        }
        out
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, PlayError<RulesError>> {
        self.check_turn(seat)?;
        self.validate(action).map_err(PlayError::Rules)?;
        let mut events = Vec::new();
        let turn_of = self.current;
        self.perform(*action, &mut events);
        self.note_changes(seat, turn_of, &events);
        self.actions += 1;
        Ok(events)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        notation::parse_in_game(self, text)
    }

    fn public_view(&self) -> PublicView {
        view::public(self)
    }

    fn seat_view(&self, seat: Seat) -> SeatView {
        view::seat(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn seat_name(&self, seat: Seat) -> Text {
        let colour = COLOURS
            .get(seat.index())
            .map_or_else(|| seat.to_string(), |c| c.to_lowercase());
        crate::t!("seat-colour", colour = crate::words::Arg::raw(colour))
    }

    fn describe(&self, event: &Event) -> Text {
        log::describe(self, event)
    }

    fn describe_action(&self, seat: Seat, action: &Action) -> Text {
        self.action_words(seat, action)
    }

    fn layout(&self, seat: Seat, legal: &[Action]) -> crate::menu::Layout {
        self.layout_of(seat, legal)
    }

    fn keywords(&self, seat: Seat, action: &Action) -> Vec<String> {
        self.keywords_of(seat, action)
    }

    fn detail(&self, seat: Seat, action: &Action) -> Option<Text> {
        self.detail_of(seat, action)
    }

    fn seat_intro(&self, seat: Seat) -> Option<crate::reference::Intro> {
        self.intro_of(seat)
    }

    fn reference() -> Vec<crate::reference::Entry> {
        reference::entries()
    }

    fn help() -> crate::words::Text {
        options::help()
    }

    fn help_topics() -> Vec<crate::reference::Topic> {
        reference::topics()
    }

    /// A pass wherever the decision has one (no figure, no card, no purchase, no ability);
    /// only the placement of the turn's tile cannot be passed, and there the first legal
    /// placement is played (placing the tile is what the turn shows anyway).
    fn least_change(&self, seat: Seat) -> Option<Action> {
        let legal = self.legal_actions(seat);
        if legal.contains(&Action::Pass) {
            return Some(Action::Pass);
        }
        legal.into_iter().next()
    }

    /// Passing on the purchase (the turn's or a round's) while a market card is affordable
    /// gives it up: the cheapest one is named. Everything else a turn skips is a choice the
    /// player sees at that step and can take back.
    fn unused(&self, seat: Seat, action: &Action) -> Vec<Unused> {
        if *action != Action::Pass || !matches!(self.step, Step::Buy | Step::RoundBuy { .. }) {
            return Vec::new();
        }
        let cheapest = self
            .legal_actions(seat)
            .into_iter()
            .filter_map(|a| match a {
                Action::Buy(pos, _) => self.buy_price(seat, pos).ok(),
                _ => None,
            })
            .min_by_key(|&(card, price)| (price, card));
        cheapest
            .map(|(card, price)| Unused::Purchase {
                item: cards().card(card).spell.label_text(),
                cost: t!("pandoria-gold", n = price),
            })
            .into_iter()
            .collect()
    }

    /// Partners win or lose together (003 §13).
    fn teams(&self) -> Vec<Vec<Seat>> {
        let mut teams: Vec<Vec<Seat>> = Vec::new();
        for s in 0..self.seats.len() as u8 {
            let seat = Seat(s);
            match self.partner(seat) {
                Some(p) if p.0 < s => {}
                Some(p) => teams.push(vec![seat, p]),
                None => teams.push(vec![seat]),
            }
        }
        teams
    }

    fn reveals(&self, event: &Event) -> Reveal {
        // Drawing shows the drawing player something new: a drawn tile or card, a card laid
        // out in the market, the Terrain spell's tile, or that the stack is empty; the last
        // realm chosen deals the cards. Playing from one's own hidden hand shows the others
        // only what the player knew: the placed hand tile, the card cast or built (issue 28:
        // undo may take it back, so the table publishes it only once it is final; issue 10.6:
        // it must never be taken back after everyone has seen it). Placements of start
        // tiles, figures and castles, closures, scores, payments, monuments (their stack is
        // face up), market purchases, Adopt and the Mages' recast (of the face-up top spell)
        // follow from public things.
        match event {
            Event::TileDrawn { .. }
            | Event::LastRound { .. }
            | Event::CardDrawn { .. }
            | Event::MarketRefilled { .. }
            | Event::SpellTileDrawn { .. }
            | Event::SingleDrawn { .. }
            | Event::RealmChosen { .. } => Reveal::ToActor,
            Event::TilePlaced { .. }
            | Event::SpellCast { recast: false, .. }
            | Event::Built { .. } => Reveal::ToOthers,
            _ => Reveal::Nothing,
        }
    }
}

fn start_tile_ids() -> [TileId; 2] {
    let mut ids = tiles().of_kind(TileKind::Start).map(|t| t.id);
    [
        ids.next().expect("two start tiles"),
        ids.next().expect("two start tiles"),
    ]
}
