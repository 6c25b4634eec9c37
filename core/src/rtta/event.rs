//! What happens in Roll Through the Ages, for logs and front ends, and its log lines.
//! Nothing in this game is secret except the random generator, which no event mentions.
//!
//! Why this file is long (831 lines): the log line of every event is one `describe` match
//! (about 275 lines), and about 90 lines are tests.

use serde::{Deserialize, Serialize};

use super::data::{Effect, GOODS, MAX_DICE, data};
use super::notation::{Development, DiceSet, Face, Good, GoodsSet, Monument, Resource, Target};
use crate::game::{Game, Seat};
use crate::t;
use crate::words::Text;

/// The dice of a turn, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    /// Faces; only the first `count` are rolled this turn.
    faces: [Face; MAX_DICE],
    /// Dice rolled this turn (the player's cities).
    count: u8,
}

impl Dice {
    /// `count` dice, all showing the first face until rolled.
    pub fn new(count: u8) -> Dice {
        Dice {
            faces: [Face::Good; MAX_DICE],
            count: count.min(MAX_DICE as u8),
        }
    }

    /// The faces rolled this turn.
    pub fn faces(&self) -> &[Face] {
        &self.faces[..usize::from(self.count)]
    }

    /// Number of dice.
    pub fn count(&self) -> u8 {
        self.count
    }

    /// Sets die `index` (0-based).
    pub fn set(&mut self, index: usize, face: Face) {
        self.faces[index] = face;
    }

    /// The dice showing `face`.
    pub fn showing(&self, face: Face) -> DiceSet {
        self.faces()
            .iter()
            .enumerate()
            .filter(|(_, f)| **f == face)
            .fold(DiceSet::EMPTY, |set, (i, _)| set.with(i))
    }

    /// How many dice show `face`.
    pub fn number_showing(&self, face: Face) -> u8 {
        self.faces().iter().filter(|f| **f == face).count() as u8
    }

    /// "2 goods + skull, 2× 3 workers": the faces shown, in face order.
    fn text(&self) -> Text {
        let faces: Vec<Text> = Face::ALL
            .iter()
            .filter_map(|&face| match self.number_showing(face) {
                0 => None,
                1 => Some(face.text()),
                n => Some(t!("rtta-faces-times", n = n, face = face.text())),
            })
            .collect();
        if faces.is_empty() {
            t!("rtta-no-dice")
        } else {
            comma_list(faces)
        }
    }
}

/// A disaster caused by skulls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Disaster {
    /// 2 skulls: the roller loses 2 points (Irrigation protects).
    Drought,
    /// 3 skulls: every opponent loses 3 points (Medicine protects; solo: the roller).
    Pestilence,
    /// 4 skulls: the roller loses 4 points (the Great Wall protects).
    Invasion,
    /// 5 or more skulls: the roller loses all goods (Religion turns it on the opponents;
    /// solo: Religion prevents it).
    Revolt,
}

impl Disaster {
    /// The disaster for a number of skulls.
    pub fn from_skulls(skulls: u8) -> Option<Disaster> {
        match skulls {
            0 | 1 => None,
            2 => Some(Disaster::Drought),
            3 => Some(Disaster::Pestilence),
            4 => Some(Disaster::Invasion),
            _ => Some(Disaster::Revolt),
        }
    }

    /// Disaster points for each seat it strikes (Revolt costs goods, not points).
    pub fn points(self) -> u16 {
        match self {
            Disaster::Drought => 2,
            Disaster::Pestilence => 3,
            Disaster::Invasion => 4,
            Disaster::Revolt => 0,
        }
    }

    /// Its name from the data ("Drought"), in the languages the data has.
    fn text(self) -> Text {
        // The data holds the four disasters in this order (checked when it is read).
        let x = &data().disasters[self as usize];
        Text::name(&x.name, Some(x.name_de.as_str()))
    }

    /// What protects from it: a development, or the Great Wall.
    fn protection(self) -> Text {
        let d = data();
        let development = |e: Effect| Development(d.development_with(e) as u8).text();
        match self {
            Disaster::Drought => development(Effect::Irrigation),
            Disaster::Pestilence => development(Effect::Medicine),
            Disaster::Invasion => t!(
                "rtta-the-monument",
                monument = Monument(d.great_wall as u8).text()
            ),
            Disaster::Revolt => development(Effect::Religion),
        }
    }
}

/// Why the game ends with the current round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// A player bought the last development needed (the 5th).
    Developments,
    /// Every monument in play has been completed by someone.
    Monuments,
}

/// Goods and food amounts in a trade, indexed like [`Resource::index`].
pub type Bundle = [u8; GOODS + 1];

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A turn began.
    TurnStarted {
        /// Whose turn.
        seat: Seat,
        /// The round.
        round: u16,
    },
    /// The automatic first roll of a turn.
    Rolled {
        /// Who rolled.
        seat: Seat,
        /// The dice now.
        dice: Dice,
    },
    /// Some dice were rolled again.
    Rerolled {
        /// Who rolled.
        seat: Seat,
        /// The dice rolled again.
        rerolled: DiceSet,
        /// The dice now.
        dice: Dice,
        /// The reroll was Leadership's.
        leadership: bool,
    },
    /// The dice are final.
    DiceFinal {
        /// Whose dice.
        seat: Seat,
        /// The final dice.
        dice: Dice,
    },
    /// Food or workers chosen for the "2 food or 2 workers" dice.
    Chose {
        /// Who chose.
        seat: Seat,
        /// Dice giving food.
        food: u8,
        /// Dice giving workers.
        workers: u8,
    },
    /// Goods collected from the dice.
    GoodsCollected {
        /// Who collected.
        seat: Seat,
        /// Goods gained per track.
        gained: [u8; GOODS],
        /// Goods lost on full tracks.
        lost: u8,
        /// Quarrying added a stone (or would have, on a full track).
        quarrying: bool,
    },
    /// Food collected from the dice.
    FoodCollected {
        /// Who collected.
        seat: Seat,
        /// Food gained.
        gained: u8,
        /// Food lost above the maximum.
        lost: u8,
    },
    /// The cities were fed; unfed cities cost a disaster point each (famine).
    Fed {
        /// Whose cities.
        seat: Seat,
        /// Cities to feed.
        cities: u8,
        /// Cities left unfed.
        unfed: u8,
        /// Food left.
        food: u8,
    },
    /// Skulls caused a disaster.
    Disaster {
        /// Who rolled the skulls.
        seat: Seat,
        /// Skulls rolled.
        skulls: u8,
        /// What struck.
        disaster: Disaster,
        /// The seats it struck.
        struck: Vec<Seat>,
        /// The seats their development or monument protected.
        protected: Vec<Seat>,
    },
    /// Workers and coins for the rest of the turn.
    Harvest {
        /// Whose turn.
        seat: Seat,
        /// Workers to place.
        workers: u8,
        /// Coins from coin dice.
        coins: u16,
    },
    /// Workers placed.
    Built {
        /// Who built.
        seat: Seat,
        /// On what.
        target: Target,
        /// How many workers.
        workers: u8,
    },
    /// A city was completed.
    CityCompleted {
        /// Whose city.
        seat: Seat,
        /// Cities now (dice from the next turn).
        cities: u8,
    },
    /// A monument was completed.
    MonumentCompleted {
        /// Who completed it.
        seat: Seat,
        /// Which.
        monument: Monument,
        /// First to complete it.
        first: bool,
        /// Points it gives.
        points: u8,
    },
    /// Engineering turned stone into workers.
    Engineered {
        /// Who.
        seat: Seat,
        /// Stone spent.
        stone: u8,
        /// Workers gained.
        workers: u8,
    },
    /// Granaries turned food into coins.
    SoldFood {
        /// Who.
        seat: Seat,
        /// Food sold.
        food: u8,
        /// Coins gained.
        coins: u16,
    },
    /// A development was bought.
    Bought {
        /// Who.
        seat: Seat,
        /// Which.
        development: Development,
        /// Its price.
        cost: u16,
        /// Coins from dice and Granaries.
        coins: u16,
        /// Whole goods tracks sold.
        sold: GoodsSet,
        /// What the goods sold were worth.
        goods_value: u16,
    },
    /// Goods discarded down to the limit.
    Discarded {
        /// Who.
        seat: Seat,
        /// Which good.
        good: Good,
        /// How many.
        count: u8,
    },
    /// The offer being prepared changed.
    OfferChanged {
        /// The trading player.
        seat: Seat,
        /// The resource.
        resource: Resource,
        /// Given (true) or asked for.
        give: bool,
        /// The new amount.
        count: u8,
    },
    /// An offer was made.
    Offered {
        /// The trading player.
        from: Seat,
        /// The partner.
        to: Seat,
        /// What `from` gives.
        give: Bundle,
        /// What `from` gets.
        get: Bundle,
    },
    /// An offer was accepted and carried out.
    Traded {
        /// The trading player.
        from: Seat,
        /// The partner.
        to: Seat,
        /// What `from` gave.
        give: Bundle,
        /// What `from` got.
        get: Bundle,
    },
    /// An offer was declined.
    Declined {
        /// The trading player.
        from: Seat,
        /// The partner.
        to: Seat,
    },
    /// An end condition was met; the game ends with the round.
    EndTriggered {
        /// Who met it.
        seat: Seat,
        /// Which condition.
        reason: EndReason,
    },
    /// The game is over.
    GameOver {
        /// Final scores per seat.
        scores: Vec<i32>,
        /// Winners.
        winners: Vec<Seat>,
    },
}

/// "2 goods + skull, 3 food": items joined by commas only (not a sentence's list).
pub(super) fn comma_list(items: impl IntoIterator<Item = Text>) -> Text {
    joined(items, || t!("words-comma"))
}

/// The items with `separator` between them.
pub(super) fn joined(items: impl IntoIterator<Item = Text>, separator: impl Fn() -> Text) -> Text {
    let mut parts = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            parts.push(separator());
        }
        parts.push(item);
    }
    Text::concat(parts)
}

/// "3 wood and 1 food", or "nothing".
pub(super) fn bundle_text(bundle: &Bundle) -> Text {
    let parts: Vec<Text> = Resource::all()
        .filter(|r| bundle[r.index()] > 0)
        .map(|r| r.count(bundle[r.index()]))
        .collect();
    if parts.is_empty() {
        t!("rtta-nothing")
    } else {
        Text::and_list(parts)
    }
}

/// One line of a player's notes on their latest turn (`Tableau::last_turn`): the event
/// itself, put in words only when a view is made (so playing, and the AI's playouts, make no
/// words).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub(super) enum Note {
    /// What happened.
    Event(Event),
    /// A note of a game saved before notes were typed, in the English it was written in.
    Written(String),
}

impl super::Rtta {
    /// Keeps, per seat, what its latest turn did and cost it (see `Tableau::last_turn`): a
    /// new turn clears its player's notes; the dice kept, workers placed, cities and
    /// monuments completed, purchases, disasters, famine and trades add to them.
    pub(super) fn note_turn(&mut self, events: &[Event]) {
        for event in events {
            let who = match event {
                Event::TurnStarted { seat, .. } => {
                    if let Some(t) = self.seats.get_mut(seat.index()) {
                        t.last_turn.clear();
                    }
                    continue;
                }
                Event::Fed { unfed: 0, .. } => continue,
                Event::DiceFinal { seat, .. }
                | Event::Built { seat, .. }
                | Event::CityCompleted { seat, .. }
                | Event::MonumentCompleted { seat, .. }
                | Event::Bought { seat, .. }
                | Event::Fed { seat, .. }
                | Event::Disaster { seat, .. } => *seat,
                Event::Traded { from, .. } => *from,
                _ => continue,
            };
            if let Some(t) = self.seats.get_mut(who.index()) {
                t.last_turn.push(Note::Event(event.clone()));
            }
        }
    }

    /// A note in words: "kept 3 food, 7 coins", "put 2 workers on the Obelisk", "built city
    /// 5", "bought Agriculture", "Pestilence, struck Blue", "traded with Red".
    pub(super) fn note_text(&self, note: &Note) -> Text {
        let event = match note {
            Note::Event(event) => event,
            // Saved before notes were typed: shown as it was written.
            Note::Written(words) => return Text::raw(words.as_str()),
        };
        match event {
            Event::DiceFinal { dice, .. } => t!("rtta-note-kept", dice = dice.text()),
            Event::Built {
                target, workers, ..
            } => {
                let put = t!("rtta-workers", n = *workers);
                match target {
                    Target::City => t!("rtta-note-put-cities", workers = put),
                    Target::Monument(m) => {
                        t!("rtta-note-put-monument", workers = put, monument = m.text())
                    }
                }
            }
            Event::CityCompleted { cities, .. } => t!("rtta-note-city", cities = *cities),
            Event::MonumentCompleted {
                monument, points, ..
            } => t!(
                "rtta-note-monument",
                monument = monument.text(),
                points = *points
            ),
            Event::Bought { development, .. } => {
                t!("rtta-note-bought", development = development.text())
            }
            Event::Fed { unfed, .. } => t!("rtta-note-famine", unfed = *unfed),
            Event::Disaster {
                disaster, struck, ..
            } => {
                if struck.is_empty() {
                    t!("rtta-note-no-harm", disaster = disaster.text())
                } else {
                    t!(
                        "rtta-note-struck",
                        disaster = disaster.text(),
                        seats = names(struck, &|s| self.seat_name(s))
                    )
                }
            }
            Event::Traded { to, .. } => t!("rtta-note-traded", seat = self.seat_name(*to)),
            // No other event is noted (see `note_turn`).
            other => describe(other, &|s| self.seat_name(s)),
        }
    }
}

fn names(seats: &[Seat], name: &dyn Fn(Seat) -> Text) -> Text {
    Text::and_list(seats.iter().map(|&s| name(s)))
}

/// The log line for an event; `name` gives seat names.
pub fn describe(event: &Event, name: &dyn Fn(Seat) -> Text) -> Text {
    let d = data();
    match event {
        Event::TurnStarted { seat, round } => {
            t!("rtta-log-turn", round = *round, seat = name(*seat))
        }
        Event::Rolled { seat, dice } => {
            t!("rtta-log-rolled", seat = name(*seat), dice = dice.text())
        }
        Event::Rerolled {
            seat,
            rerolled,
            dice,
            leadership,
        } => {
            // Each die rerolled with its new face, in the order of the dice's numbers.
            let faces = comma_list(rerolled.indices().filter_map(|i| {
                Some(t!(
                    "rtta-log-die-face",
                    die = i + 1,
                    face = dice.faces().get(i)?.text()
                ))
            }));
            if *leadership {
                t!(
                    "rtta-log-rerolled-leadership",
                    seat = name(*seat),
                    which = rerolled.words(),
                    faces = faces,
                    dice = dice.text()
                )
            } else {
                t!(
                    "rtta-log-rerolled",
                    seat = name(*seat),
                    which = rerolled.words(),
                    faces = faces,
                    dice = dice.text()
                )
            }
        }
        Event::DiceFinal { seat, dice } => {
            t!(
                "rtta-log-dice-final",
                seat = name(*seat),
                dice = dice.text()
            )
        }
        Event::Chose {
            seat,
            food,
            workers,
        } => match (*food, *workers) {
            (0, w) => t!("rtta-log-chose-workers", seat = name(*seat), workers = w),
            (f, 0) => t!("rtta-log-chose-food", seat = name(*seat), food = f),
            (f, w) => t!(
                "rtta-log-chose-both",
                seat = name(*seat),
                food = f,
                workers = w
            ),
        },
        Event::GoodsCollected {
            seat,
            gained,
            lost,
            quarrying,
        } => {
            let parts: Vec<Text> = Good::all()
                .filter(|g| gained[usize::from(g.0)] > 0)
                .map(|g| Resource::Good(g).count(gained[usize::from(g.0)]))
                .collect();
            let mut line = vec![if parts.is_empty() {
                t!("rtta-log-no-goods", seat = name(*seat))
            } else {
                t!(
                    "rtta-log-goods",
                    seat = name(*seat),
                    goods = Text::and_list(parts)
                )
            }];
            if *quarrying {
                line.push(t!("rtta-log-quarrying"));
            }
            if *lost > 0 {
                line.push(t!("rtta-log-goods-lost", lost = *lost));
            }
            Text::concat(line)
        }
        Event::FoodCollected { seat, gained, lost } => {
            let mut line = vec![t!("rtta-log-food", seat = name(*seat), gained = *gained)];
            if *lost > 0 {
                line.push(t!(
                    "rtta-log-food-lost",
                    lost = *lost,
                    most = d.rules.food_max
                ));
            }
            Text::concat(line)
        }
        Event::Fed {
            seat,
            cities,
            unfed,
            food,
        } => match unfed {
            0 => t!(
                "rtta-log-fed",
                seat = name(*seat),
                cities = *cities,
                food = *food
            ),
            n => t!(
                "rtta-log-famine",
                seat = name(*seat),
                fed = cities - n,
                cities = *cities,
                unfed = *n
            ),
        },
        Event::Disaster {
            seat,
            skulls,
            disaster,
            struck,
            protected,
        } => {
            let mut line = vec![t!(
                "rtta-log-disaster",
                seat = name(*seat),
                skulls = *skulls,
                disaster = disaster.text()
            )];
            if !struck.is_empty() {
                let what = match disaster {
                    Disaster::Revolt => t!("rtta-log-all-goods"),
                    other => t!("rtta-log-points", n = other.points()),
                };
                let turned = *disaster == Disaster::Revolt && !struck.contains(seat);
                if turned {
                    line.push(t!("rtta-log-turned", seats = names(struck, name)));
                }
                line.push(t!(
                    "rtta-log-struck",
                    seats = names(struck, name),
                    n = struck.len(),
                    what = what
                ));
            }
            if !protected.is_empty() {
                line.push(t!(
                    "rtta-log-protected",
                    seats = names(protected, name),
                    protection = disaster.protection()
                ));
            }
            if struck.is_empty() && protected.is_empty() {
                line.push(t!("rtta-log-nobody"));
            }
            Text::concat(line)
        }
        Event::Harvest {
            seat,
            workers,
            coins,
        } => t!(
            "rtta-log-harvest",
            seat = name(*seat),
            workers = t!("rtta-workers", n = *workers),
            coins = t!("rtta-coins", n = *coins)
        ),
        Event::Built {
            seat,
            target,
            workers,
        } => {
            let put = t!("rtta-workers", n = *workers);
            match target {
                Target::City => t!("rtta-log-built-cities", seat = name(*seat), workers = put),
                Target::Monument(m) => t!(
                    "rtta-log-built-monument",
                    seat = name(*seat),
                    workers = put,
                    monument = m.text()
                ),
            }
        }
        Event::CityCompleted { seat, cities } => {
            t!("rtta-log-city", seat = name(*seat), cities = *cities)
        }
        Event::MonumentCompleted {
            seat,
            monument,
            first,
            points,
        } => {
            if *first {
                t!(
                    "rtta-log-monument-first",
                    seat = name(*seat),
                    monument = monument.text(),
                    points = *points
                )
            } else {
                t!(
                    "rtta-log-monument",
                    seat = name(*seat),
                    monument = monument.text(),
                    points = *points
                )
            }
        }
        Event::Engineered {
            seat,
            stone,
            workers,
        } => t!(
            "rtta-log-engineered",
            seat = name(*seat),
            stone = *stone,
            workers = t!("rtta-workers", n = *workers)
        ),
        Event::SoldFood { seat, food, coins } => t!(
            "rtta-log-sold-food",
            seat = name(*seat),
            food = *food,
            coins = *coins
        ),
        Event::Bought {
            seat,
            development,
            cost,
            coins,
            sold,
            goods_value,
        } => {
            let mut line = vec![t!(
                "rtta-log-bought",
                seat = name(*seat),
                development = development.text(),
                cost = *cost,
                coins = t!("rtta-coins", n = *coins)
            )];
            if !sold.is_empty() {
                line.push(t!(
                    "rtta-log-bought-goods",
                    goods = Text::and_list(sold.goods().map(Good::text)),
                    value = *goods_value
                ));
            }
            Text::concat(line)
        }
        Event::Discarded { seat, good, count } => t!(
            "rtta-log-discarded",
            seat = name(*seat),
            goods = Resource::Good(*good).count(*count)
        ),
        Event::OfferChanged {
            seat,
            resource,
            give,
            count,
        } => {
            let what = resource.count(*count);
            if *give {
                t!("rtta-log-offer-gives", seat = name(*seat), what = what)
            } else {
                t!("rtta-log-offer-asks", seat = name(*seat), what = what)
            }
        }
        Event::Offered {
            from,
            to,
            give,
            get,
        } => t!(
            "rtta-log-offered",
            from = name(*from),
            to = name(*to),
            give = bundle_text(give),
            get = bundle_text(get)
        ),
        Event::Traded {
            from,
            to,
            give,
            get,
        } => t!(
            "rtta-log-traded",
            to = name(*to),
            from = name(*from),
            give = bundle_text(give),
            get = bundle_text(get)
        ),
        Event::Declined { from, to } => {
            t!("rtta-log-declined", to = name(*to), from = name(*from))
        }
        Event::EndTriggered { seat, reason } => match reason {
            EndReason::Developments => t!(
                "rtta-log-end-developments",
                seat = name(*seat),
                developments = d.rules.developments_to_end
            ),
            EndReason::Monuments => t!("rtta-log-end-monuments", seat = name(*seat)),
        },
        Event::GameOver { scores, winners } => {
            let parts = comma_list(
                scores
                    .iter()
                    .enumerate()
                    .map(|(i, s)| t!("rtta-log-score", seat = name(Seat(i as u8)), score = *s)),
            );
            t!(
                "rtta-log-game-over",
                scores = parts,
                winners = names(winners, name),
                n = winners.len()
            )
        }
    }
}

#[cfg(test)]
mod wording {
    use super::*;

    fn name(seat: Seat) -> Text {
        // These tests make no game, which would install the game's words.
        crate::words::install(crate::rtta::WORDS);
        t!(
            "seat-colour",
            colour = crate::words::Arg::raw(["red", "blue"][usize::from(seat.0)])
        )
    }

    #[test]
    fn a_reroll_names_each_rerolled_die_with_its_own_face() {
        let mut dice = Dice::new(3);
        dice.set(0, Face::Skull);
        dice.set(1, Face::Good);
        dice.set(2, Face::Food);
        let line = describe(
            &Event::Rerolled {
                seat: Seat(0),
                rerolled: DiceSet::EMPTY.with(0),
                dice,
                leadership: false,
            },
            &name,
        )
        .to_string();
        // The old line read "rerolled die 1: 1 good, 3 food, 2 goods + skull": die 1 seemed
        // to show a good.
        assert!(
            line.starts_with(&format!(
                "Red rerolled die 1 — die 1: {};",
                Face::Skull.text()
            )),
            "{line}"
        );
    }

    #[test]
    fn counts_of_one_are_singular_and_no_count_is_zero() {
        let line = describe(
            &Event::Chose {
                seat: Seat(1),
                food: 0,
                workers: 1,
            },
            &name,
        )
        .to_string();
        assert_eq!(
            line,
            "Blue takes workers from 1 die showing \"2 food or 2 workers\""
        );
        let both = describe(
            &Event::Chose {
                seat: Seat(1),
                food: 2,
                workers: 1,
            },
            &name,
        )
        .to_string();
        assert_eq!(
            both,
            "Blue takes food from 2 dice and workers from 1 die showing \"2 food or 2 workers\""
        );
        let harvest = describe(
            &Event::Harvest {
                seat: Seat(0),
                workers: 1,
                coins: 0,
            },
            &name,
        )
        .to_string();
        assert_eq!(harvest, "Red has 1 worker and 0 coins");
        let built = describe(
            &Event::Built {
                seat: Seat(0),
                target: Target::City,
                workers: 1,
            },
            &name,
        )
        .to_string();
        assert_eq!(built, "Red puts 1 worker on cities");
        let engineered = describe(
            &Event::Engineered {
                seat: Seat(0),
                stone: 1,
                workers: 1,
            },
            &name,
        )
        .to_string();
        assert!(engineered.ends_with("for 1 worker"), "{engineered}");
    }
}
