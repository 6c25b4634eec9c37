//! What players see of a Roll Through the Ages game. Nothing is hidden in this game except
//! the random generator and the fixture queue, which no view contains, so a seat's view is
//! the public view.
//!
//! Goods and monuments are keyed by their ids (`/seats/0/goods/stone/count`), so scenario
//! files and front ends can point at them by name.

use std::collections::BTreeMap;

use serde::Serialize;

use super::data::{MONUMENTS, data};
use super::notation::{Development, Face, Monument};
use super::{DecisionKind, EndReason, Rtta, Step};
use crate::game::{Game, Seat};
use crate::words::{Text, ToText};

/// The whole table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PublicView {
    /// `rtta`.
    pub game: &'static str,
    /// Players at the table (1 = solo).
    pub players: usize,
    /// The trade variant is on.
    pub trade: bool,
    /// The round being played.
    pub round: u16,
    /// The last round, when it is fixed in advance (solo).
    pub last_round: Option<u16>,
    /// Who started the game.
    pub start_player: Seat,
    /// Whose turn it is.
    pub turn: Seat,
    /// The step of the turn (`roll`, `build`, …; `over` at the end).
    pub step: Step,
    /// Who must decide now and about what; `None` once the game is over.
    pub decision: Option<DecisionView>,
    /// The current player's dice.
    pub dice: Vec<DieView>,
    /// Rerolls left this turn.
    pub rerolls_left: u8,
    /// Workers left to place this turn.
    pub workers: u8,
    /// Coins from dice and Granaries this turn (lost at its end).
    pub coins: u16,
    /// Trade variant: the offer being prepared or answered.
    pub offer: Option<OfferView>,
    /// The monuments in play, with who completed them.
    pub monuments: Vec<MonumentView>,
    /// The end condition met, if any: the game ends with this round.
    pub ending: Option<EndReason>,
    /// The game is over.
    pub over: bool,
    /// Each player's civilisation, in seat order.
    pub seats: Vec<TableauView>,
}

/// The current decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecisionView {
    /// Who decides.
    pub seat: Seat,
    /// What about.
    pub kind: DecisionKind,
    /// The prompt in words.
    pub prompt: Text,
}

/// One die of the current roll.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DieView {
    /// The die's number (1-based), as the notation names it.
    pub die: u8,
    /// Its face.
    pub face: Face,
    /// What the face gives, in words (`3 food`).
    pub label: Text,
    /// A skull that may not be rerolled.
    pub locked: bool,
    /// Rolled by the latest roll.
    pub rolled_last: bool,
    /// For "2 food or 2 workers" dice once chosen: `food` or `workers`.
    pub choice: Option<&'static str>,
}

/// A monument in play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MonumentView {
    /// Notation id.
    pub id: &'static str,
    /// Name, from the data in English and German.
    pub name: Text,
    /// Workers it needs.
    pub workers: u8,
    /// Points for the first to complete it.
    pub first_points: u8,
    /// Points for later players.
    pub later_points: u8,
    /// Who completed it first (the larger points are gone).
    pub first: Option<Seat>,
    /// Everyone who completed it, in seat order.
    pub completed_by: Vec<Seat>,
}

/// The offer of the trade variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OfferView {
    /// The player whose turn it is.
    pub from: Seat,
    /// The player answering, once the offer is made.
    pub to: Option<Seat>,
    /// What `from` gives, by good or `food`.
    pub give: BTreeMap<&'static str, u8>,
    /// What `from` asks for.
    pub get: BTreeMap<&'static str, u8>,
}

/// One of the cities beyond the first three.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CityView {
    /// Its number (4–7).
    pub number: u8,
    /// Workers it needs.
    pub workers: u8,
    /// Workers on it.
    pub progress: u8,
    /// It is built.
    pub built: bool,
}

/// One goods track.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GoodView {
    /// Goods on it.
    pub count: u8,
    /// Goods it holds at most.
    pub capacity: u8,
    /// What the goods are worth.
    pub value: u16,
}

/// A player's work on a monument.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MonumentProgress {
    /// Workers placed.
    pub workers: u8,
    /// Workers it needs.
    pub needed: u8,
    /// Completed by this player.
    pub completed: bool,
    /// This player completed it first.
    pub first: bool,
    /// Points it gives this player (0 until completed).
    pub points: u8,
}

/// A score and its parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ScoreView {
    /// Points of developments.
    pub developments: i32,
    /// Points of completed monuments.
    pub monuments: i32,
    /// Architecture and Empire.
    pub bonus: i32,
    /// Disaster points (subtracted).
    pub disasters: i32,
}

impl ScoreView {
    /// The score.
    pub fn total(&self) -> i32 {
        self.developments + self.monuments + self.bonus - self.disasters
    }
}

/// One player's civilisation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableauView {
    /// The seat.
    pub seat: Seat,
    /// Its name: its colour (`seat-colour`, `Red`), whose key also picks its marks.
    pub name: Text,
    /// Cities built (dice rolled).
    pub cities: u8,
    /// The cities beyond the first three, built or in progress.
    pub city_progress: Vec<CityView>,
    /// Work on each monument in play, by id.
    pub monuments: BTreeMap<&'static str, MonumentProgress>,
    /// Developments owned, by id, in score-sheet order.
    pub developments: Vec<&'static str>,
    /// Goods per track, by id.
    pub goods: BTreeMap<&'static str, GoodView>,
    /// Goods held in all.
    pub goods_count: u8,
    /// Their value in coins (the tiebreak).
    pub goods_value: u16,
    /// Food.
    pub food: u8,
    /// Disaster points.
    pub disasters: u16,
    /// Score now.
    pub score: i32,
    /// The score's parts.
    pub score_parts: ScoreView,
    /// What the player did and suffered in their latest turn ("built city 5", "bought
    /// Agriculture", "Pestilence, struck Blue"), until their next turn begins.
    pub last_turn: Vec<Text>,
}

pub(super) fn public(game: &Rtta) -> PublicView {
    let d = data();
    let over = game.step == Step::Over;
    let dice = if over {
        Vec::new()
    } else {
        game.turn
            .dice
            .faces()
            .iter()
            .enumerate()
            .map(|(i, &face)| DieView {
                die: i as u8 + 1,
                face,
                label: face.text(),
                locked: face == Face::Skull && !game.solo(),
                rolled_last: game.turn.last_rolled.contains(i),
                choice: (face == Face::Choice && game.turn.chosen).then(|| {
                    if game.turn.workers_dice.contains(i) {
                        "workers"
                    } else {
                        "food"
                    }
                }),
            })
            .collect()
    };
    let offer =
        (game.options.trade && matches!(game.step, Step::Trade | Step::Answer)).then(|| {
            let side = |bundle: &super::Bundle| {
                super::Resource::all()
                    .filter(|r| bundle[r.index()] > 0)
                    .map(|r| (r.id(), bundle[r.index()]))
                    .collect()
            };
            OfferView {
                from: Seat(game.current),
                to: game.turn.partner,
                give: side(&game.turn.give),
                get: side(&game.turn.get),
            }
        });
    let monuments = (0..MONUMENTS)
        .filter(|&m| game.in_play[m])
        .map(|m| {
            let md = &d.monuments[m];
            MonumentView {
                id: &md.id,
                name: Monument(m as u8).text(),
                workers: md.workers,
                first_points: md.first,
                later_points: md.later,
                first: game.first_completer[m].map(Seat),
                completed_by: (0..game.seats.len())
                    .filter(|&s| game.monument_complete(s, m))
                    .map(|s| Seat(s as u8))
                    .collect(),
            }
        })
        .collect();
    let seats = (0..game.seats.len()).map(|s| tableau(game, s)).collect();
    PublicView {
        game: "rtta",
        players: game.seats.len(),
        trade: game.options.trade,
        round: game.round,
        last_round: game.solo().then_some(d.rules.solo_rounds),
        start_player: Seat(game.start_player),
        turn: Seat(game.current),
        step: game.step,
        decision: game.decision().map(|dec| DecisionView {
            seat: dec.seat,
            prompt: dec.kind.to_text(),
            kind: dec.kind,
        }),
        dice,
        rerolls_left: game.turn.rerolls_left,
        workers: game.turn.workers,
        coins: game.turn.coins,
        offer,
        monuments,
        ending: game.ending,
        over,
        seats,
    }
}

fn tableau(game: &Rtta, s: usize) -> TableauView {
    let d = data();
    let t = &game.seats[s];
    let city_progress = d
        .city_costs
        .iter()
        .enumerate()
        .map(|(k, &cost)| {
            let number = d.rules.start_cities + 1 + k as u8;
            let built = t.cities >= number;
            CityView {
                number,
                workers: cost,
                progress: if built {
                    cost
                } else if t.cities + 1 == number {
                    t.city_progress
                } else {
                    0
                },
                built,
            }
        })
        .collect();
    let monuments = Monument::all()
        .filter(|m| game.in_play[usize::from(m.0)])
        .map(|m| {
            let mi = usize::from(m.0);
            let md = &d.monuments[mi];
            let completed = game.monument_complete(s, mi);
            let first = game.first_completer[mi] == Some(s as u8);
            (
                m.id(),
                MonumentProgress {
                    workers: t.monuments[mi],
                    needed: md.workers,
                    completed,
                    first,
                    points: match (completed, first) {
                        (false, _) => 0,
                        (true, true) => md.first,
                        (true, false) => md.later,
                    },
                },
            )
        })
        .collect();
    let goods = d
        .goods
        .iter()
        .zip(t.goods)
        .map(|(g, count)| {
            (
                g.id.as_str(),
                GoodView {
                    count,
                    capacity: g.capacity(),
                    value: g.value(count),
                },
            )
        })
        .collect();
    let score_parts = game.score_parts(s);
    TableauView {
        seat: Seat(s as u8),
        name: game.seat_name(Seat(s as u8)),
        cities: t.cities,
        city_progress,
        monuments,
        developments: Development::all()
            .filter(|&dev| game.owns(s, dev))
            .map(Development::id)
            .collect(),
        goods,
        goods_count: game.goods_total(s),
        goods_value: game.goods_value(s),
        food: t.food,
        disasters: t.disasters,
        score: score_parts.total(),
        score_parts,
        last_turn: t
            .last_turn
            .iter()
            .map(|note| game.note_text(note))
            .collect(),
    }
}
