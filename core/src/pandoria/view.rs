//! What players may see of a Pandoria game. The public view never contains hand tiles,
//! hand cards, the stack or deck order or the random generator; a seat view adds only that
//! seat's hand tiles and cards.
//!
//! Every word in a view is a typed [`Text`] (rendered in the reader's language by the front
//! end and render); a view stored as JSON before words were typed reads its plain strings
//! back as words shown as given.

use serde::{Deserialize, Serialize};

use super::cards::{Card, CardId, Realm, Resource, cards};
use super::data::tiles;
use super::region::Region;
use super::{Effect, Event, Figure, Land, Options, Pandoria, RageTarget, Step, Terrain, Tile};
use crate::game::{Game, Outcome, Seat};
use crate::hex::Hex;
use crate::t;
use crate::words::{Text, ToText};

/// A seat's crystals, gold and wood.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resources {
    /// Crystals (pay for spells).
    pub crystal: u8,
    /// Gold (pays for cards).
    pub gold: u8,
    /// Wood (pays for buildings and monuments).
    pub wood: u8,
}

/// One side of a card as players read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideView {
    /// Its name from the data, English and German (`Rage`/`Wut`, `Small Tower`/`Kleiner
    /// Turm`).
    pub name: Text,
    /// Name with its strength (`Rage ×2`, `Bank −1`).
    pub label: Text,
    /// The effect in one short line, from the component data in English and German.
    pub text: Text,
    /// Cost: crystals for a spell, wood for a building.
    pub cost: u8,
}

/// A card as players see it (public once in the market or played).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    /// Its id (used in notation: `spell 17`, `build 17 3`).
    pub id: CardId,
    /// The spell side.
    pub spell: SideView,
    /// The building side.
    pub building: SideView,
    /// Its price in gold.
    pub gold: u8,
    /// The realm of a realm card.
    pub realm: Option<Realm>,
    /// Whether it is the realm card marked A.
    pub side_a: bool,
}

impl CardView {
    /// The view of a card.
    pub fn of(card: &Card) -> CardView {
        let german = super::reference::german();
        CardView {
            id: card.id,
            spell: SideView {
                name: card.spell.name_text(),
                label: card.spell.label_text(),
                text: Text::name(card.spell.text(), Some(german.spell(card.spell))),
                cost: card.crystals,
            },
            building: SideView {
                name: card.building.name_text(),
                label: card.building.label_text(),
                text: Text::name(&card.building.text(), Some(german.building(card.building))),
                cost: card.wood,
            },
            gold: card.gold,
            realm: card.realm,
            side_a: card.side_a,
        }
    }

    fn id(id: CardId) -> CardView {
        CardView::of(cards().card(id))
    }
}

/// One building slot of a tableau.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotView {
    /// 1–5.
    pub slot: u8,
    /// The visible building (none when empty or under a monument).
    pub building: Option<CardView>,
    /// The monument covering the slot, with its points.
    pub monument: Option<u8>,
    /// How many buildings lie overbuilt underneath.
    pub covered: usize,
    /// Goblins: the figure occupying the building.
    #[serde(default)]
    pub goblin: Option<Figure>,
}

/// Land on one covered hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LandView {
    /// Where.
    pub at: Hex,
    /// The terrain, or `None` for a castle.
    pub terrain: Option<Terrain>,
    /// Resource symbols (0 for a castle).
    pub symbols: u8,
    /// The castle's owner.
    pub castle: Option<Seat>,
    /// Whether the hex is a printed space.
    pub printed: bool,
    /// Artifacts expansion: artifacts lying on the hex.
    #[serde(default)]
    pub artifacts: u8,
    /// Artifacts expansion: the castle is a mountain castle on an exit path.
    #[serde(default)]
    pub mountain: bool,
}

/// A figure on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureView {
    /// Where.
    pub at: Hex,
    /// Whose.
    pub seat: Seat,
    /// Leader or worker.
    pub leader: bool,
}

/// What everybody sees of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPublic {
    /// The seat's name: its colour (`seat-colour`), whose key also picks its marks.
    pub colour: Text,
    /// Points.
    pub score: i32,
    /// Workers in reserve.
    pub workers: u8,
    /// Whether the leader is in reserve.
    pub leader: bool,
    /// Castles left.
    pub castles: u8,
    /// How many tiles are in the hand (never which).
    pub hand_tiles: usize,
    /// The realm (standard and beginner game).
    #[serde(default)]
    pub realm: Option<Realm>,
    /// Crystals, gold and wood (standard and beginner game).
    #[serde(default)]
    pub resources: Option<Resources>,
    /// The five building slots (standard and beginner game; empty otherwise).
    #[serde(default)]
    pub buildings: Vec<SlotView>,
    /// The last spell cast, visible on the tableau (the one Adopt copies).
    #[serde(default)]
    pub top_spell: Option<CardView>,
    /// How many spells the seat has cast.
    #[serde(default)]
    pub spells_cast: usize,
    /// How many cards are in the hand (never which).
    #[serde(default)]
    pub hand_cards: usize,
    /// The score with the partner's (partnership game).
    #[serde(default)]
    pub team_score: Option<i32>,
    /// The score by where it came from.
    #[serde(default)]
    pub score_parts: ScoreParts,
    /// Hanbok: the opponents' figures this seat holds captive, in the order taken.
    #[serde(default)]
    pub captives: Vec<Figure>,
    /// Spirits of the Ancients: the figure haunting this player from its reserve.
    #[serde(default)]
    pub haunted_by: Option<Figure>,
    /// Artifacts expansion: the artifacts this seat may spend (shared with the partner in
    /// the partnership game).
    #[serde(default)]
    pub artifacts: u8,
    /// Artifacts expansion: the relics taken, by their printed points.
    #[serde(default)]
    pub relics: Vec<u8>,
    /// Artifacts expansion: whether the mountain castle is still in reserve.
    #[serde(default)]
    pub mountain: bool,
}

/// A seat's points by where they came from; the parts add up to its score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreParts {
    /// Regions scored (the points of their symbols, a fixture's starting score).
    pub regions: i32,
    /// Buildings: Shrines, Stores, and the building bonus in region scoring.
    pub buildings: i32,
    /// Monuments erected.
    pub monuments: i32,
    /// Resources over 10 converted during the game.
    pub conversions: i32,
    /// Hand cards at the end.
    pub hand_cards: i32,
    /// Resources left at the end, converted.
    pub resources: i32,
    /// Hanbok: captives held at the end, 1 point each.
    #[serde(default)]
    pub captives: i32,
    /// Artifacts expansion: relics taken.
    #[serde(default)]
    pub relics: i32,
}

impl ScoreParts {
    /// Their sum: the score.
    pub fn total(&self) -> i32 {
        self.regions
            + self.buildings
            + self.monuments
            + self.conversions
            + self.hand_cards
            + self.resources
            + self.captives
            + self.relics
    }
}

/// What a change on the board was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangeKind {
    /// A tile (double, single, start or a spell's) was placed.
    Tile,
    /// A castle was placed.
    Castle,
    /// A figure was placed or moved there.
    Figure,
    /// A region was closed (its hexes).
    Closed,
    /// Anything else done in the turn, in words (`words`; `at` is empty): a spell cast, a
    /// building, a monument, a purchase, a relic, a realm's ability.
    Action,
}

/// Something a seat changed on the board in its latest turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// Who did it.
    pub seat: Seat,
    /// What.
    pub kind: ChangeKind,
    /// Where.
    pub at: Vec<Hex>,
    /// What, in words, for an [`ChangeKind::Action`]: the public log line ("Red cast Rage
    /// ×2 — 4 crystals"; the glance leaves out the name it shows already, where the line
    /// starts with it). `None` for the other kinds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub words: Option<Text>,
}

/// A [`Change`] as the game keeps it: typed, its words described only when a view is built,
/// so applying an action makes no words (the AI's playouts apply thousands per decision and
/// read none). Describing later gives the same words as describing at once: an event's line
/// reads only the seats' colours, the options and a seat's realm (the camp of `Converted`),
/// which is chosen before any action that changes something and never changes after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Noted {
    seat: Seat,
    kind: ChangeKind,
    at: Vec<Hex>,
    /// An [`ChangeKind::Action`]'s event, described when a view is built.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    event: Option<Event>,
    /// An [`ChangeKind::Action`]'s words, as a game stored before events were kept has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    words: Option<Text>,
}

impl Noted {
    /// The change with its words, as a view shows it.
    fn change(&self, game: &Pandoria) -> Change {
        Change {
            seat: self.seat,
            kind: self.kind,
            at: self.at.clone(),
            words: self
                .event
                .as_ref()
                .map(|event| game.describe(event))
                .or_else(|| self.words.clone()),
        }
    }
}

/// The public view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PublicView {
    /// Options.
    pub options: Options,
    /// Round, from 1.
    pub round: u32,
    /// Whether this is the last round.
    pub last_round: bool,
    /// The start player.
    pub start_player: Seat,
    /// Who must act, if anyone.
    pub to_act: Option<Seat>,
    /// What they must do.
    pub prompt: Option<Text>,
    /// Every covered hex (tiles, printed spaces, castles) in board order.
    pub land: Vec<LandView>,
    /// Every figure on the board in board order.
    pub figures: Vec<FigureView>,
    /// Spirits of the Ancients: haunting figures, each on another player's figure.
    #[serde(default)]
    pub spirits: Vec<FigureView>,
    /// Golems: the two spaces of each Golem pair standing on its tile.
    #[serde(default)]
    pub golem_pairs: Vec<[Hex; 2]>,
    /// The seats.
    pub seats: Vec<SeatPublic>,
    /// Tiles left in the stack (the count only).
    pub tiles_left: usize,
    /// The hexes covered by the last placement.
    pub last_move: Vec<Hex>,
    /// Everything each seat changed on the board in its latest turn (the current player's
    /// steps so far included): what happened since the player to act last played.
    #[serde(default)]
    pub changes: Vec<Change>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// The face-up market, position 1 first.
    #[serde(default)]
    pub market: Vec<CardView>,
    /// Cards left in the deck (the count only).
    #[serde(default)]
    pub cards_left: usize,
    /// The face-up monument stack, bottom first (the next one last).
    #[serde(default)]
    pub monuments: Vec<u8>,
    /// Single tiles left (the count only).
    #[serde(default)]
    pub single_tiles_left: usize,
    /// The tile a Terrain spell drew, while it waits to be placed.
    #[serde(default)]
    pub drawn_tile: Option<Tile>,
    /// The regions closed this turn, scored in step 5.
    #[serde(default)]
    pub closed: Vec<Region>,
    /// This turn's Rage.
    #[serde(default)]
    pub rage: Option<RageTarget>,
    /// Artifacts expansion: the relics not yet taken, cheapest first (empty without it).
    #[serde(default)]
    pub relics_left: Vec<super::Relic>,
    /// Artifacts expansion: artifact pieces in the reserve.
    #[serde(default)]
    pub artifact_reserve: u8,
}

/// One seat's view: the public view and that seat's hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    /// The seat.
    pub seat: Seat,
    /// Everything public.
    pub public: PublicView,
    /// The seat's hand tiles.
    pub hand: Vec<Tile>,
    /// Where the hand tile could go (both orientations), for the tile preview; only while
    /// it is this seat's turn to place, and empty when the seat holds no tile. While the seat
    /// places a Terrain spell's double tile: where that tile could go.
    pub placements: Vec<[Hex; 2]>,
    /// Where a castle could go, while it is this seat's turn to place (or to place an
    /// Enchanted Castle) and it has one left.
    pub castle_spaces: Vec<Hex>,
    /// Where a Terrain spell's single tile could go, while this seat places one (with
    /// Artifacts also the one-space gaps for the single tile drawn in step 1).
    #[serde(default)]
    pub single_spaces: Vec<Hex>,
    /// Artifacts expansion: the exit paths where the seat's mountain castle could go, while
    /// it places.
    #[serde(default)]
    pub mountain_spaces: Vec<Hex>,
    /// The seat's hand cards.
    #[serde(default)]
    pub cards: Vec<CardView>,
}

/// A fingerprint of what a seat holds in secret: its hand tiles and hand cards. The other
/// private items of its view (the placement preview) exist only during the seat's own
/// decision, when the table messages the seat anyway (see [`Game::private_fingerprint`]).
pub(super) fn private_fingerprint(game: &Pandoria, seat: Seat) -> Option<u64> {
    use std::hash::{Hash, Hasher};
    let state = game.seats.get(seat.index())?;
    // SipHash with fixed keys: stable within the process, which is all the table needs.
    let mut h = std::hash::DefaultHasher::new();
    seat.hash(&mut h);
    state.hand.hash(&mut h);
    state.cards.hash(&mut h);
    Some(h.finish())
}

impl Pandoria {
    /// Records what `seat`'s action changed on the board (`events`); when the action began
    /// another seat's turn (the turn was `turn_of`'s), that seat's previous changes go.
    pub(super) fn note_changes(&mut self, seat: Seat, turn_of: Seat, events: &[Event]) {
        for event in events {
            let (kind, at) = match event {
                Event::StartTilePlaced { at, .. } | Event::TilePlaced { at, .. } => {
                    (ChangeKind::Tile, at.to_vec())
                }
                Event::SpellTilePlaced { at, .. } => (ChangeKind::Tile, at.clone()),
                Event::CastlePlaced { at, .. } | Event::MountainCastlePlaced { at, .. } => {
                    (ChangeKind::Castle, vec![*at])
                }
                Event::SinglePlaced { at, .. } => (ChangeKind::Tile, vec![*at]),
                Event::FigurePlaced { at, .. } | Event::FigureMoved { to: at, .. } => {
                    (ChangeKind::Figure, vec![*at])
                }
                Event::RegionClosed { region, .. } => (ChangeKind::Closed, region.hexes.clone()),
                Event::RelicTaken { .. }
                | Event::ArtifactsTaken { .. }
                | Event::Sailed { .. }
                | Event::PrintedShip { .. }
                | Event::SpellCast { .. }
                | Event::Adopted { .. }
                | Event::Built { .. }
                | Event::MonumentBuilt { .. }
                | Event::Bought { .. }
                | Event::Taken { .. }
                | Event::ResourceSet { .. }
                | Event::GolemPlaced { .. }
                | Event::Occupied { .. }
                | Event::Haunted { .. }
                | Event::HauntPlaced { .. }
                | Event::Ransomed { .. }
                | Event::RansomPaid { .. }
                | Event::RealmGain { .. }
                | Event::Converted { .. }
                | Event::Raged { .. }
                | Event::FigureRetrieved { .. }
                | Event::ChoseCard { .. }
                | Event::ChosePoints { .. } => {
                    // The public log line (the glance leaves out the name it shows),
                    // described when a view is built.
                    self.changes.push(Noted {
                        seat,
                        kind: ChangeKind::Action,
                        at: Vec::new(),
                        event: Some(event.clone()),
                        words: None,
                    });
                    continue;
                }
                _ => continue,
            };
            self.changes.push(Noted {
                seat,
                kind,
                at,
                event: None,
                words: None,
            });
        }
        if self.current != turn_of {
            let now = self.current;
            self.changes.retain(|c| c.seat != now);
        }
    }
}

pub(super) fn public(game: &Pandoria) -> PublicView {
    let mut land = Vec::new();
    let mut figures = Vec::new();
    for hex in Hex::all() {
        match game.land(hex) {
            Land::Empty => {}
            Land::Terrain {
                terrain,
                symbols,
                tile,
            } => land.push(LandView {
                at: hex,
                terrain: Some(terrain),
                symbols,
                castle: None,
                printed: tile.is_none(),
                artifacts: game
                    .artifacts_on
                    .iter()
                    .filter(|(h, _)| *h == hex)
                    .map(|(_, n)| n)
                    .sum(),
                mountain: false,
            }),
            Land::Castle { owner } => land.push(LandView {
                at: hex,
                terrain: None,
                symbols: 0,
                castle: Some(owner),
                printed: false,
                artifacts: 0,
                mountain: !game.board().is_plain(hex),
            }),
        }
        if let Some(Figure { seat, leader }) = game.figure(hex) {
            figures.push(FigureView {
                at: hex,
                seat,
                leader,
            });
        }
    }
    let decision = game.decision();
    PublicView {
        options: game.options.clone(),
        round: game.round,
        last_round: game.last_round,
        start_player: game.start_player,
        to_act: decision.as_ref().map(|d| d.seat),
        prompt: decision.map(|d| prompt(game, d.kind)),
        land,
        figures,
        golem_pairs: game.golem_pairs.clone(),
        spirits: game
            .spirits
            .iter()
            .map(|&(at, f)| FigureView {
                at,
                seat: f.seat,
                leader: f.leader,
            })
            .collect(),
        seats: game
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatPublic {
                colour: game.seat_name(Seat(i as u8)),
                score: s.score,
                workers: s.workers,
                leader: s.leader,
                castles: s.castles,
                hand_tiles: s.hand.len(),
                realm: s.realm,
                resources: game.has_economy().then(|| Resources {
                    crystal: s.resource(Resource::Crystal),
                    gold: s.resource(Resource::Gold),
                    wood: s.resource(Resource::Wood),
                }),
                buildings: if game.has_economy() {
                    s.slots
                        .iter()
                        .enumerate()
                        .map(|(k, slot)| SlotView {
                            slot: k as u8 + 1,
                            building: slot.building().map(CardView::id),
                            monument: slot.monument,
                            covered: slot.cards.len() - usize::from(slot.building().is_some()),
                            goblin: slot.goblin,
                        })
                        .collect()
                } else {
                    Vec::new()
                },
                top_spell: s.spells.last().map(|&c| CardView::id(c)),
                spells_cast: s.spells.len(),
                hand_cards: s.cards.len(),
                team_score: game
                    .partner(Seat(i as u8))
                    .map(|_| game.team_score(Seat(i as u8))),
                score_parts: s.parts,
                captives: s.captives.clone(),
                haunted_by: s.haunted_by.map(|h| h.figure),
                artifacts: game.artifacts_of(Seat(i as u8)),
                relics: s.relics.clone(),
                mountain: s.mountain,
            })
            .collect(),
        tiles_left: game.stack.len(),
        changes: game.changes.iter().map(|n| n.change(game)).collect(),
        last_move: if matches!(game.step, Step::Over) {
            Vec::new()
        } else {
            game.last_move.clone()
        },
        outcome: game.outcome.clone(),
        market: game.market.iter().map(|&c| CardView::id(c)).collect(),
        cards_left: game.deck.len(),
        monuments: game.monuments.clone(),
        single_tiles_left: game.singles.len(),
        drawn_tile: match &game.step {
            Step::Effect {
                effect: Effect::Tile { tile },
            }
            | Step::Single { tile } => tiles().get(*tile).copied(),
            _ => None,
        },
        closed: game.turn.closed.clone(),
        rage: game.turn.rage,
        relics_left: game.relics.clone(),
        artifact_reserve: game.artifact_reserve,
    }
}

/// What the player to act must do, in words: the decision's words, with the expansions'
/// extra choices where they apply.
fn prompt(game: &Pandoria, kind: super::DecisionKind) -> Text {
    use super::DecisionKind;
    // A relic is named only when one can be taken now (relics are public, and so is what
    // pays for them).
    let relic = {
        let mut relics = Vec::new();
        game.relic_actions(game.current, &mut relics);
        !relics.is_empty()
    };
    match kind {
        DecisionKind::Place if game.options.artifacts => t!("pandoria-prompt-place-artifacts"),
        DecisionKind::Card if game.options.artifacts && relic && game.has_economy() => {
            t!("pandoria-prompt-card-relic")
        }
        DecisionKind::Card if game.options.artifacts && relic => {
            t!("pandoria-prompt-spell-relic")
        }
        DecisionKind::Card if game.board().has_river() && game.has_economy() => {
            t!("pandoria-prompt-card-river")
        }
        kind => kind.to_text(),
    }
}

pub(super) fn seat(game: &Pandoria, seat: Seat) -> SeatView {
    let hand = game
        .seats
        .get(seat.index())
        .map(|s| {
            s.hand
                .iter()
                .filter_map(|&id| tiles().get(id).copied())
                .collect()
        })
        .unwrap_or_default();
    let Some(state) = game.seats.get(seat.index()) else {
        return SeatView {
            seat,
            public: public(game),
            hand,
            placements: Vec::new(),
            castle_spaces: Vec::new(),
            single_spaces: Vec::new(),
            mountain_spaces: Vec::new(),
            cards: Vec::new(),
        };
    };
    // The preview belongs to the seat's own placing decisions (step 1, a Terrain spell's
    // tile, an Enchanted Castle): other seats would get a new private view (and a DM) after
    // every move on the board.
    let own = game.current == seat && game.decision().is_some_and(|d| d.seat == seat);
    let mut placements = Vec::new();
    let mut castle_spaces = Vec::new();
    let mut single_spaces = Vec::new();
    let mut mountain_spaces = Vec::new();
    match &game.step {
        Step::Place if own => {
            let (pairs, spaces) = game.placements();
            if !hand.is_empty() {
                placements = pairs;
            }
            if state.castles > 0 {
                castle_spaces = spaces;
            }
            mountain_spaces = game.mountain_spaces(seat);
            if game.may_draw_single() {
                single_spaces = game.gap_spaces();
            }
        }
        Step::Single { .. } if own => single_spaces = game.gap_spaces(),
        Step::Effect {
            effect: Effect::Tile { tile },
        } if own => {
            let (pairs, spaces) = game.placements();
            if tiles().get(*tile).is_some_and(|t| t.b.is_some()) {
                placements = pairs;
            } else {
                single_spaces = spaces;
            }
        }
        Step::Effect {
            effect: Effect::Castle,
        } if own => {
            if state.castles > 0 {
                castle_spaces = game.placements().1;
            }
            mountain_spaces = game.mountain_spaces(seat);
        }
        _ => {}
    }
    SeatView {
        seat,
        public: public(game),
        placements,
        castle_spaces,
        single_spaces,
        mountain_spaces,
        hand,
        cards: state.cards.iter().map(|&c| CardView::id(c)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::super::{Action, BoardSide, Mode, RealmAssignment, RealmSets};
    use super::*;
    use crate::game::Seed;
    use crate::words::texts_built;

    /// Option sets whose logs reach most kinds of change: the family game, spells, realms
    /// (chosen by each seat, so a realm arrives during play), all twelve realms, artifacts
    /// and the River.
    fn option_sets() -> Vec<Options> {
        let standard = Options {
            mode: Mode::Standard,
            ..Options::default()
        };
        vec![
            Options::default(),
            Options {
                mode: Mode::FamilySpells,
                ..Options::default()
            },
            Options {
                realms: RealmAssignment::EachChooses,
                ..standard.clone()
            },
            Options {
                realm_sets: RealmSets::All,
                ..standard.clone()
            },
            Options {
                artifacts: true,
                ..standard.clone()
            },
            Options {
                board: BoardSide::River,
                ..standard
            },
        ]
    }

    /// What one random action did: the game after it, who acted, its events and how many
    /// texts its `apply` made.
    struct Step<'a> {
        game: &'a Pandoria,
        seat: Seat,
        events: Vec<Event>,
        words: u64,
    }

    /// Plays random legal actions to the end, calling `after` after each.
    fn play(options: &Options, players: usize, seed: u64, mut after: impl FnMut(Step)) {
        let mut game = Pandoria::new(options, players, Seed::from_u64(seed)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut legal: Vec<Action> = Vec::new();
        while let Some(d) = game.decision() {
            legal.clear();
            game.legal_actions_into(&mut legal);
            let action = legal[rng.random_range(0..legal.len())];
            let before = texts_built();
            let events = game.apply(d.seat, &action).unwrap();
            let words = texts_built() - before;
            after(Step {
                game: &game,
                seat: d.seat,
                events,
                words,
            });
        }
    }

    #[test]
    fn applying_actions_notes_changes_without_words() {
        // What the AI's playouts do, thousands of times a decision: the changes an action
        // notes make no words (they are described when a view is built).
        for (i, options) in option_sets().iter().enumerate() {
            let (mut applies, mut actions_noted) = (0, 0);
            play(options, 4, i as u64 + 1, |step| {
                applies += 1;
                let mut again = step.game.clone();
                let noted = again.changes.len();
                let before = texts_built();
                again.note_changes(step.seat, again.current, &step.events);
                assert_eq!(texts_built() - before, 0, "{options:?}: {:?}", step.events);
                actions_noted += again.changes[noted..]
                    .iter()
                    .filter(|n| n.kind == ChangeKind::Action)
                    .count();
            });
            assert!(applies > 50, "{options:?}: {applies} actions");
            if options.mode == Mode::Standard {
                assert!(actions_noted > 0, "{options:?}: no action noted");
            }
        }
        // In the family games nothing else in `apply` makes words either. (The standard
        // game's still do, outside the change log: the legal actions listed to skip a step
        // without a choice build refusal words, e.g. `target_problem`'s and the Goblins'
        // prices'.)
        for options in &option_sets()[..2] {
            let mut made = 0;
            play(options, 4, 5, |step| made += step.words);
            assert_eq!(made, 0, "{options:?}: words made by apply");
        }
        // The count counts: a view makes words.
        let mut game = Pandoria::new(&Options::default(), 2, Seed::from_u64(3)).unwrap();
        let d = game.decision().unwrap();
        let action = game.legal_actions(d.seat)[0];
        game.apply(d.seat, &action).unwrap();
        let before = texts_built();
        let _ = public(&game);
        assert!(texts_built() > before);
    }

    #[test]
    fn changes_are_described_as_they_were_when_they_happened() {
        // Each action's changes are described when a view is built, possibly many actions
        // later: the words are the ones describing the event at once gave.
        for (i, options) in option_sets().iter().enumerate() {
            let mut at_once: Vec<(Event, Text)> = Vec::new();
            let mut described = 0;
            play(options, 3, i as u64 + 7, |step| {
                let game = step.game;
                for n in &game.changes {
                    let Some(event) = &n.event else { continue };
                    if !at_once.iter().any(|(e, _)| e == event) {
                        at_once.push((event.clone(), game.describe(event)));
                    }
                }
                for (n, change) in game.changes.iter().zip(public(game).changes) {
                    let Some(event) = &n.event else { continue };
                    let words = change.words.expect("an action's words");
                    assert!(
                        at_once.iter().any(|(e, w)| e == event && *w == words),
                        "{options:?}: {event:?} now reads {words}"
                    );
                    described += 1;
                }
            });
            assert!(described > 0, "{options:?}: no action was described");
        }
    }

    #[test]
    fn changes_stored_with_their_words_still_read() {
        // A game stored before the events were kept has each action's words instead.
        let stored = r#"{"seat":1,"kind":"action","at":[],"words":"Blue built a Tower"}"#;
        let noted: Noted = serde_json::from_str(stored).unwrap();
        let game = Pandoria::new(&Options::default(), 2, Seed::from_u64(1)).unwrap();
        let change = noted.change(&game);
        assert_eq!(change.kind, ChangeKind::Action);
        assert_eq!(
            change.words.map(|w| w.to_string()).as_deref(),
            Some("Blue built a Tower")
        );
    }
}
