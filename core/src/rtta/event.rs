//! What happens in Roll Through the Ages, for logs and front ends, and its log lines.
//! Nothing in this game is secret except the random generator, which no event mentions.
//!
//! Why this file is long (831 lines): the log line of every event is one `describe` match
//! (about 275 lines), and about 90 lines are tests.

use serde::{Deserialize, Serialize};

use super::data::{GOODS, MAX_DICE, data};
use super::notation::{
    Development, DiceSet, Face, Good, GoodsSet, Monument, Resource, Target, english_list,
};
use crate::game::Seat;
use crate::menu::counted;

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

    fn label(&self) -> String {
        let faces: Vec<String> = Face::ALL
            .iter()
            .filter_map(|&face| match self.number_showing(face) {
                0 => None,
                1 => Some(face.label().to_string()),
                n => Some(format!("{n}× {}", face.label())),
            })
            .collect();
        if faces.is_empty() {
            "no dice".into()
        } else {
            faces.join(", ")
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

    fn name(self) -> &'static str {
        match self {
            Disaster::Drought => "Drought",
            Disaster::Pestilence => "Pestilence",
            Disaster::Invasion => "Invasion",
            Disaster::Revolt => "Revolt",
        }
    }

    fn protection(self) -> &'static str {
        match self {
            Disaster::Drought => "Irrigation",
            Disaster::Pestilence => "Medicine",
            Disaster::Invasion => "the Great Wall",
            Disaster::Revolt => "Religion",
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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

pub(super) fn bundle_text(bundle: &Bundle) -> String {
    let parts: Vec<String> = Resource::all()
        .filter(|r| bundle[r.index()] > 0)
        .map(|r| format!("{} {}", bundle[r.index()], r.id()))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        english_list(&parts)
    }
}

impl super::Rtta {
    /// Keeps, per seat, what its latest turn did and cost it (see `Tableau::last_turn`): a
    /// new turn clears its player's notes; the dice kept, workers placed, cities and
    /// monuments completed, purchases, disasters, famine and trades add to them.
    pub(super) fn note_turn(&mut self, events: &[Event]) {
        for event in events {
            let (who, note) = match event {
                Event::TurnStarted { seat, .. } => {
                    if let Some(t) = self.seats.get_mut(seat.index()) {
                        t.last_turn.clear();
                    }
                    continue;
                }
                Event::DiceFinal { seat, dice } => (*seat, format!("kept {}", dice.label())),
                Event::Built {
                    seat,
                    target,
                    workers,
                } => {
                    let put = counted(usize::from(*workers), "worker", "workers");
                    let on = match target {
                        Target::City => "cities".to_string(),
                        Target::Monument(m) => format!("the {}", m.name()),
                    };
                    (*seat, format!("put {put} on {on}"))
                }
                Event::CityCompleted { seat, cities } => (*seat, format!("built city {cities}")),
                Event::MonumentCompleted {
                    seat,
                    monument,
                    points,
                    ..
                } => (
                    *seat,
                    format!(
                        "completed the {} ({points} point{})",
                        monument.name(),
                        if *points == 1 { "" } else { "s" }
                    ),
                ),
                Event::Bought {
                    seat, development, ..
                } => (*seat, format!("bought {}", development.name())),
                Event::Fed { seat, unfed, .. } if *unfed > 0 => {
                    (*seat, format!("famine: {unfed} disaster points"))
                }
                Event::Disaster {
                    seat,
                    disaster,
                    struck,
                    ..
                } => {
                    let who: Vec<String> = struck.iter().map(|&s| self.seat_name_of(s)).collect();
                    let note = if struck.is_empty() {
                        format!("{} (no harm)", disaster.name())
                    } else {
                        format!("{}, struck {}", disaster.name(), english_list(&who))
                    };
                    (*seat, note)
                }
                Event::Traded { from, to, .. } => {
                    (*from, format!("traded with {}", self.seat_name_of(*to)))
                }
                _ => continue,
            };
            if let Some(t) = self.seats.get_mut(who.index()) {
                t.last_turn.push(note);
            }
        }
    }

    fn seat_name_of(&self, seat: Seat) -> String {
        crate::game::Game::seat_name(self, seat).to_string()
    }
}

fn names(seats: &[Seat], name: &dyn Fn(Seat) -> String) -> String {
    let names: Vec<String> = seats.iter().map(|&s| name(s)).collect();
    english_list(&names)
}

/// The log line for an event; `name` gives seat names.
pub fn describe(event: &Event, name: &dyn Fn(Seat) -> String) -> String {
    let d = data();
    match event {
        Event::TurnStarted { seat, round } => format!("Round {round}: {}'s turn", name(*seat)),
        Event::Rolled { seat, dice } => format!("{} rolled {}", name(*seat), dice.label()),
        Event::Rerolled {
            seat,
            rerolled,
            dice,
            leadership,
        } => {
            // Each die rerolled with its new face, in the order of the dice's numbers.
            let which = if rerolled.len() == 1 { "die" } else { "dice" };
            let how = if *leadership { " with Leadership" } else { "" };
            let faces: Vec<String> = rerolled
                .indices()
                .filter_map(|i| Some(format!("die {}: {}", i + 1, dice.faces().get(i)?.label())))
                .collect();
            format!(
                "{} rerolled {which} {}{how} — {}; the dice now show {}",
                name(*seat),
                rerolled.listed(),
                faces.join(", "),
                dice.label()
            )
        }
        Event::DiceFinal { seat, dice } => format!("{}'s dice: {}", name(*seat), dice.label()),
        Event::Chose {
            seat,
            food,
            workers,
        } => {
            let dice = |n: u8| counted(usize::from(n), "die", "dice");
            let taken = match (*food, *workers) {
                (0, w) => format!("workers from {}", dice(w)),
                (f, 0) => format!("food from {}", dice(f)),
                (f, w) => format!("food from {} and workers from {}", dice(f), dice(w)),
            };
            format!(
                "{} takes {taken} showing \"2 food or 2 workers\"",
                name(*seat)
            )
        }
        Event::GoodsCollected {
            seat,
            gained,
            lost,
            quarrying,
        } => {
            let parts: Vec<String> = Good::all()
                .filter(|g| gained[usize::from(g.0)] > 0)
                .map(|g| format!("{} {}", gained[usize::from(g.0)], g.id()))
                .collect();
            let mut line = if parts.is_empty() {
                format!("{} collects no goods", name(*seat))
            } else {
                format!("{} collects {}", name(*seat), english_list(&parts))
            };
            if *quarrying {
                line.push_str(" (Quarrying: +1 stone)");
            }
            if *lost > 0 {
                line.push_str(&format!("; {lost} lost on full tracks"));
            }
            line
        }
        Event::FoodCollected { seat, gained, lost } => {
            let mut line = format!("{} collects {gained} food", name(*seat));
            if *lost > 0 {
                line.push_str(&format!("; {lost} lost above {}", d.rules.food_max));
            }
            line
        }
        Event::Fed {
            seat,
            cities,
            unfed,
            food,
        } => match unfed {
            0 => format!(
                "{} feeds {}; {food} food left",
                name(*seat),
                counted(usize::from(*cities), "city", "cities")
            ),
            n => format!(
                "{} feeds only {} of {cities} cities: famine, {n} disaster point{}",
                name(*seat),
                cities - n,
                if *n == 1 { "" } else { "s" }
            ),
        },
        Event::Disaster {
            seat,
            skulls,
            disaster,
            struck,
            protected,
        } => {
            let mut line = format!(
                "{} rolled {skulls} skulls: {}",
                name(*seat),
                disaster.name()
            );
            if !struck.is_empty() {
                let what = match disaster {
                    Disaster::Revolt => "all their goods".to_string(),
                    other => format!("{} points", other.points()),
                };
                let turned = *disaster == Disaster::Revolt && !struck.contains(seat);
                if turned {
                    line.push_str(&format!(", turned by Religion on {}", names(struck, name)));
                }
                line.push_str(&format!(
                    "; {} lose{} {what}",
                    names(struck, name),
                    if struck.len() == 1 { "s" } else { "" }
                ));
            }
            if !protected.is_empty() {
                line.push_str(&format!(
                    "; {} protected by {}",
                    names(protected, name),
                    disaster.protection()
                ));
            }
            if struck.is_empty() && protected.is_empty() {
                line.push_str("; it strikes nobody");
            }
            line
        }
        Event::Harvest {
            seat,
            workers,
            coins,
        } => format!(
            "{} has {} and {}",
            name(*seat),
            counted(usize::from(*workers), "worker", "workers"),
            counted(usize::from(*coins), "coin", "coins")
        ),
        Event::Built {
            seat,
            target,
            workers,
        } => match target {
            Target::City => format!(
                "{} puts {} on cities",
                name(*seat),
                counted(usize::from(*workers), "worker", "workers")
            ),
            Target::Monument(m) => format!(
                "{} puts {} on the {}",
                name(*seat),
                counted(usize::from(*workers), "worker", "workers"),
                m.name()
            ),
        },
        Event::CityCompleted { seat, cities } => format!(
            "{} completes city {cities} and rolls {cities} dice from the next turn",
            name(*seat)
        ),
        Event::MonumentCompleted {
            seat,
            monument,
            first,
            points,
        } => format!(
            "{} completes the {}{}: {points} point{}",
            name(*seat),
            monument.name(),
            if *first { " first" } else { "" },
            if *points == 1 { "" } else { "s" }
        ),
        Event::Engineered {
            seat,
            stone,
            workers,
        } => format!(
            "{} uses Engineering: {stone} stone for {}",
            name(*seat),
            counted(usize::from(*workers), "worker", "workers")
        ),
        Event::SoldFood { seat, food, coins } => format!(
            "{} sells {food} food with Granaries for {coins} coins",
            name(*seat)
        ),
        Event::Bought {
            seat,
            development,
            cost,
            coins,
            sold,
            goods_value,
        } => {
            let mut line = format!(
                "{} buys {} for {cost} coins with {}",
                name(*seat),
                development.name(),
                counted(usize::from(*coins), "coin", "coins")
            );
            if !sold.is_empty() {
                let goods: Vec<String> = sold.goods().map(|g| g.id().to_string()).collect();
                line.push_str(&format!(
                    " and all their {} (worth {goods_value})",
                    english_list(&goods)
                ));
            }
            line
        }
        Event::Discarded { seat, good, count } => {
            format!("{} discards {count} {}", name(*seat), good.id())
        }
        Event::OfferChanged {
            seat,
            resource,
            give,
            count,
        } => format!(
            "{}'s offer now {} {count} {}",
            name(*seat),
            if *give { "gives" } else { "asks for" },
            resource.id()
        ),
        Event::Offered {
            from,
            to,
            give,
            get,
        } => format!(
            "{} offers {} {} for {}",
            name(*from),
            name(*to),
            bundle_text(give),
            bundle_text(get)
        ),
        Event::Traded {
            from,
            to,
            give,
            get,
        } => format!(
            "{} accepts: {} gives {} and gets {}",
            name(*to),
            name(*from),
            bundle_text(give),
            bundle_text(get)
        ),
        Event::Declined { from, to } => {
            format!("{} declines {}'s offer", name(*to), name(*from))
        }
        Event::EndTriggered { seat, reason } => match reason {
            EndReason::Developments => format!(
                "{} has {} developments: the game ends after this round",
                name(*seat),
                d.rules.developments_to_end
            ),
            EndReason::Monuments => format!(
                "{} completed the last open monument: the game ends after this round",
                name(*seat)
            ),
        },
        Event::GameOver { scores, winners } => {
            let parts: Vec<String> = scores
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{} {s}", name(Seat(i as u8))))
                .collect();
            let verb = if winners.len() == 1 { "wins" } else { "win" };
            format!(
                "Game over: {}. {} {verb}",
                parts.join(", "),
                names(winners, name)
            )
        }
    }
}

#[cfg(test)]
mod wording {
    use super::*;

    fn name(seat: Seat) -> String {
        ["Red", "Blue"][usize::from(seat.0)].to_string()
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
        );
        // The old line read "rerolled die 1: 1 good, 3 food, 2 goods + skull": die 1 seemed
        // to show a good.
        assert!(
            line.starts_with(&format!(
                "Red rerolled die 1 — die 1: {};",
                Face::Skull.label()
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
        );
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
        );
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
        );
        assert_eq!(harvest, "Red has 1 worker and 0 coins");
        let built = describe(
            &Event::Built {
                seat: Seat(0),
                target: Target::City,
                workers: 1,
            },
            &name,
        );
        assert_eq!(built, "Red puts 1 worker on cities");
        let engineered = describe(
            &Event::Engineered {
                seat: Seat(0),
                stone: 1,
                workers: 1,
            },
            &name,
        );
        assert!(engineered.ends_with("for 1 worker"), "{engineered}");
    }
}
