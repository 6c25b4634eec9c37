//! Roll Through the Ages notation: the dice, the small sets the actions name, the
//! [`Action`] type with its canonical text form, and the parser.
//!
//! `Display` prints the canonical form; [`parse`] reads it back, and also a few shorthands
//! that are resolved against the current state (`keep 1 3`, a bare `reroll`, `food 2`,
//! `build obelisk` without a count). `docs/rtta.md` documents every form.

use crate::words::Text;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::Rtta;
use super::data::{DEVELOPMENTS, GOODS, MAX_DICE, MONUMENTS, data, name_key};
use crate::game::{ParseError, Seat};

/// A face of the die. The numbers (1–6) are the order text 002 lists the faces in; fixtures
/// and `docs/rtta.md` use them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Face {
    /// 1: one good.
    Good,
    /// 2: three food.
    Food,
    /// 3: two goods and a skull.
    Skull,
    /// 4: two food or two workers, the player's choice.
    Choice,
    /// 5: seven coins.
    Coins,
    /// 6: three workers.
    Workers,
}

impl Face {
    /// The faces by number (index 0 = face 1).
    pub const ALL: [Face; 6] = [
        Face::Good,
        Face::Food,
        Face::Skull,
        Face::Choice,
        Face::Coins,
        Face::Workers,
    ];

    /// The face's number, 1–6.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The name fixtures accept (`skull`).
    pub fn name(self) -> &'static str {
        match self {
            Face::Good => "good",
            Face::Food => "food",
            Face::Skull => "skull",
            Face::Choice => "choice",
            Face::Coins => "coins",
            Face::Workers => "workers",
        }
    }

    /// What the face shows, for log lines.
    pub fn label(self) -> &'static str {
        match self {
            Face::Good => "1 good",
            Face::Food => "3 food",
            Face::Skull => "2 goods + skull",
            Face::Choice => "2 food or 2 workers",
            Face::Coins => "7 coins",
            Face::Workers => "3 workers",
        }
    }

    /// Reads a face by number (`3`) or name (`skull`).
    pub fn parse(text: &str) -> Option<Face> {
        let text = text.trim().to_lowercase();
        if let Ok(n) = text.parse::<usize>() {
            return (1..=6).contains(&n).then(|| Face::ALL[n - 1]);
        }
        Face::ALL.into_iter().find(|f| f.name() == text)
    }
}

/// A set of dice, by position (bit 0 = die 1). Serialized as the list of die numbers.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(into = "Vec<u8>", try_from = "Vec<u8>")]
pub struct DiceSet(pub u8);

impl DiceSet {
    /// No dice.
    pub const EMPTY: DiceSet = DiceSet(0);

    /// The first `n` dice.
    pub fn first(n: u8) -> DiceSet {
        DiceSet(((1u16 << n) - 1) as u8)
    }

    /// Die `index` (0-based) is in the set.
    pub fn contains(self, index: usize) -> bool {
        index < 8 && self.0 & (1 << index) != 0
    }

    /// The set with die `index` (0-based) added.
    pub fn with(self, index: usize) -> DiceSet {
        DiceSet(self.0 | (1 << index))
    }

    /// Number of dice in the set.
    pub fn len(self) -> u8 {
        self.0.count_ones() as u8
    }

    /// The set has no dice.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The 0-based positions in the set, ascending.
    pub fn indices(self) -> impl Iterator<Item = usize> {
        (0..8).filter(move |&i| self.0 & (1 << i) != 0)
    }

    /// Every subset of `self`, in ascending order of the bit pattern (the empty set first).
    pub fn subsets(self) -> impl Iterator<Item = DiceSet> {
        let mask = self.0;
        (0..=mask).filter(move |s| s & !mask == 0).map(DiceSet)
    }

    fn numbers(self) -> String {
        let numbers: Vec<String> = self.indices().map(|i| (i + 1).to_string()).collect();
        numbers.join(" ")
    }

    /// "2, 3 and 5", for log lines.
    pub fn listed(self) -> String {
        let numbers: Vec<String> = self.indices().map(|i| (i + 1).to_string()).collect();
        english_list(&numbers)
    }
}

impl From<DiceSet> for Vec<u8> {
    fn from(set: DiceSet) -> Self {
        set.indices().map(|i| i as u8 + 1).collect()
    }
}

impl TryFrom<Vec<u8>> for DiceSet {
    type Error = String;
    fn try_from(numbers: Vec<u8>) -> Result<Self, Self::Error> {
        numbers.into_iter().try_fold(DiceSet::EMPTY, |set, n| {
            if (1..=MAX_DICE as u8).contains(&n) {
                Ok(set.with(usize::from(n) - 1))
            } else {
                Err(format!("there is no die {n}"))
            }
        })
    }
}

/// A goods track, by index in the component data (0 = wood).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Good(pub u8);

impl Good {
    /// Every goods track in collection order.
    pub fn all() -> impl Iterator<Item = Good> {
        (0..GOODS as u8).map(Good)
    }

    /// Its notation name.
    pub fn id(self) -> &'static str {
        data()
            .goods
            .get(usize::from(self.0))
            .map_or("unknown-good", |g| g.id.as_str())
    }
}

/// A set of goods tracks (bit 0 = wood), for the goods a purchase sells.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct GoodsSet(pub u8);

impl GoodsSet {
    /// The track is in the set.
    pub fn contains(self, good: Good) -> bool {
        self.0 & (1 << good.0) != 0
    }

    /// The tracks in the set, in collection order.
    pub fn goods(self) -> impl Iterator<Item = Good> {
        Good::all().filter(move |&g| self.contains(g))
    }

    /// The set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Something a trade can move: a good or food.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Resource {
    /// A goods track.
    Good(Good),
    /// Food.
    Food,
}

impl Resource {
    /// Every resource: the goods in collection order, then food.
    pub fn all() -> impl Iterator<Item = Resource> {
        Good::all()
            .map(Resource::Good)
            .chain(std::iter::once(Resource::Food))
    }

    /// Position in per-resource arrays (goods, then food).
    pub fn index(self) -> usize {
        match self {
            Resource::Good(g) => usize::from(g.0),
            Resource::Food => GOODS,
        }
    }

    /// Its notation name.
    pub fn id(self) -> &'static str {
        match self {
            Resource::Good(g) => g.id(),
            Resource::Food => "food",
        }
    }
}

/// A monument, by index in the component data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Monument(pub u8);

impl Monument {
    /// Every monument in score-sheet order.
    pub fn all() -> impl Iterator<Item = Monument> {
        (0..MONUMENTS as u8).map(Monument)
    }

    /// Its notation name.
    pub fn id(self) -> &'static str {
        data()
            .monuments
            .get(usize::from(self.0))
            .map_or("unknown-monument", |m| m.id.as_str())
    }

    /// Its English name.
    pub fn name(self) -> &'static str {
        data()
            .monuments
            .get(usize::from(self.0))
            .map_or("unknown monument", |m| m.name.as_str())
    }
}

/// A development, by index in the component data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Development(pub u8);

impl Development {
    /// Every development in score-sheet order.
    pub fn all() -> impl Iterator<Item = Development> {
        (0..DEVELOPMENTS as u8).map(Development)
    }

    /// Its notation name.
    pub fn id(self) -> &'static str {
        data()
            .developments
            .get(usize::from(self.0))
            .map_or("unknown-development", |d| d.id.as_str())
    }

    /// Its English name.
    pub fn name(self) -> &'static str {
        data()
            .developments
            .get(usize::from(self.0))
            .map_or("unknown development", |d| d.name.as_str())
    }
}

/// Where workers go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Target {
    /// The next cities, in order (workers beyond one city's need go on to the next).
    City,
    /// A monument.
    Monument(Monument),
}

impl Target {
    /// Its notation name.
    pub fn id(self) -> &'static str {
        match self {
            Target::City => "city",
            Target::Monument(m) => m.id(),
        }
    }
}

/// One action in Roll Through the Ages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Reroll these dice (`reroll 2 4`); with Leadership, exactly one die.
    Reroll(DiceSet),
    /// Finish the current step: keep the dice, stop trading, building or buying (`done`).
    Done,
    /// These food-or-workers dice give workers, the others food (`workers 2 5`, `food`).
    Choose(DiceSet),
    /// Put workers on cities or a monument (`build city 3`, `build obelisk 2`).
    Build(Target, u8),
    /// Engineering: spend stone for workers (`engineering 1`).
    Engineering(u8),
    /// Granaries: sell food for coins (`granaries 2`).
    Granaries(u8),
    /// Buy a development, selling these whole goods tracks (`buy agriculture sell metal cloth`).
    Buy(Development, GoodsSet),
    /// Discard goods at the end of the turn (`discard cloth 1`).
    Discard(Good, u8),
    /// Trade: the offer being prepared gives this many (`give wood 3`; 0 takes it out).
    Give(Resource, u8),
    /// Trade: the offer being prepared asks for this many (`get stone 2`; 0 takes it out).
    Get(Resource, u8),
    /// Trade: make the prepared offer to a seat (`offer 2`).
    Offer(Seat),
    /// Trade: accept the offer made to you.
    Accept,
    /// Trade: decline the offer made to you.
    Decline,
}

impl Action {
    /// The good, monument or development the action names that does not exist, if any
    /// (only actions built by hand or deserialized can name one; the parser never does).
    pub fn unknown_component(&self) -> Option<String> {
        let good = |g: Good| (usize::from(g.0) >= GOODS).then(|| format!("good number {}", g.0));
        match *self {
            Action::Build(Target::Monument(m), _) if usize::from(m.0) >= MONUMENTS => {
                Some(format!("monument number {}", m.0))
            }
            Action::Buy(d, _) if usize::from(d.0) >= DEVELOPMENTS => {
                Some(format!("development number {}", d.0))
            }
            Action::Buy(_, sold) if sold.0 >> GOODS != 0 => Some(format!("goods set {}", sold.0)),
            Action::Discard(g, _)
            | Action::Give(Resource::Good(g), _)
            | Action::Get(Resource::Good(g), _) => good(g),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Reroll(set) if set.is_empty() => f.write_str("reroll none"),
            Action::Reroll(set) => write!(f, "reroll {}", set.numbers()),
            Action::Done => f.write_str("done"),
            Action::Choose(set) if set.is_empty() => f.write_str("food"),
            Action::Choose(set) => write!(f, "workers {}", set.numbers()),
            Action::Build(target, n) => write!(f, "build {} {n}", target.id()),
            Action::Engineering(n) => write!(f, "engineering {n}"),
            Action::Granaries(n) => write!(f, "granaries {n}"),
            Action::Buy(d, sold) if sold.is_empty() => write!(f, "buy {}", d.id()),
            Action::Buy(d, sold) => {
                write!(f, "buy {} sell", d.id())?;
                for g in sold.goods() {
                    write!(f, " {}", g.id())?;
                }
                Ok(())
            }
            Action::Discard(g, n) => write!(f, "discard {} {n}", g.id()),
            Action::Give(r, n) => write!(f, "give {} {n}", r.id()),
            Action::Get(r, n) => write!(f, "get {} {n}", r.id()),
            Action::Offer(seat) => write!(f, "offer {}", seat.0 + 1),
            Action::Accept => f.write_str("accept"),
            Action::Decline => f.write_str("decline"),
        }
    }
}

/// "a", "a and b", "a, b and c".
pub fn english_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

const EVERY_FORM: &str = "actions are: reroll 1 3, keep 2, reroll, done, workers 2 5, food, \
     build city 3, build obelisk 2, engineering 1, granaries 2, \
     buy agriculture sell metal cloth, discard cloth 1, give wood 3, get stone 2, offer 2, \
     accept, decline";

/// Reads an action; shorthands are resolved against `game` (see the module comment).
pub fn parse(game: &Rtta, input: &str) -> Result<Action, ParseError> {
    let err = |reason: String| ParseError::new(input, Text::raw(reason));
    let lower = input.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((&verb, rest)) = words.split_first() else {
        return Err(err(format!("nothing to read; {EVERY_FORM}")));
    };
    let no_more = |rest: &[&str], form: &str| {
        if rest.is_empty() {
            Ok(())
        } else {
            Err(err(format!(
                "\"{verb}\" takes nothing after it; write \"{form}\""
            )))
        }
    };
    match verb {
        "done" | "pass" | "end" => no_more(rest, "done").map(|()| Action::Done),
        "accept" => no_more(rest, "accept").map(|()| Action::Accept),
        "decline" => no_more(rest, "decline").map(|()| Action::Decline),
        "reroll" => match rest {
            [] => Ok(Action::Reroll(game.rerollable())),
            ["none"] => Ok(Action::Reroll(DiceSet::EMPTY)),
            _ => dice(rest).map(Action::Reroll).map_err(err),
        },
        "keep" => {
            if rest.is_empty() {
                return Err(err(
                    "say which dice to keep (\"keep 1 3\" rerolls the others), or \"done\" to keep them all"
                        .into(),
                ));
            }
            let kept = dice(rest).map_err(err)?;
            let reroll = DiceSet(game.rerollable().0 & !kept.0);
            Ok(if reroll.is_empty() {
                Action::Done
            } else {
                Action::Reroll(reroll)
            })
        }
        "workers" => match rest {
            [] => Ok(Action::Choose(game.choice_dice())),
            _ => dice(rest).map(Action::Choose).map_err(err),
        },
        "food" => match rest {
            [] => Ok(Action::Choose(DiceSet::EMPTY)),
            _ => {
                let food = dice(rest).map_err(err)?;
                Ok(Action::Choose(DiceSet(game.choice_dice().0 & !food.0)))
            }
        },
        "build" => {
            let (count, name) = match rest.split_last() {
                Some((last, name)) if last.chars().all(|c| c.is_ascii_digit()) => {
                    (Some(number(last).map_err(err)?), name)
                }
                _ => (None, rest),
            };
            if name.is_empty() {
                return Err(err(
                    "say what to build: \"build city 3\" or \"build obelisk 2\"".into(),
                ));
            }
            let key = name_key(&name.join(" "));
            let target = if key == "city" || key == "cities" {
                Target::City
            } else {
                let monument = lookup_monument(&key).ok_or_else(|| {
                    err(format!(
                        "there is nothing called \"{}\" to build; build city or one of: {}",
                        name.join(" "),
                        monument_ids()
                    ))
                })?;
                Target::Monument(monument)
            };
            let count = count.unwrap_or_else(|| game.workers_fitting(target));
            Ok(Action::Build(target, count))
        }
        "engineering" => one_number(rest, "engineering 2 (stone to spend)")
            .map(Action::Engineering)
            .map_err(err),
        "granaries" => one_number(rest, "granaries 2 (food to sell)")
            .map(Action::Granaries)
            .map_err(err),
        "buy" => {
            let Some((&name, rest)) = rest.split_first() else {
                return Err(err(format!(
                    "say which development: buy agriculture; developments: {}",
                    development_ids()
                )));
            };
            let development = lookup_development(&name_key(name)).ok_or_else(|| {
                err(format!(
                    "there is no development \"{name}\"; developments: {}",
                    development_ids()
                ))
            })?;
            let mut sold = GoodsSet::default();
            match rest.split_first() {
                None => {}
                Some((&"sell", goods)) if !goods.is_empty() => {
                    for &word in goods {
                        let good = lookup_good(&name_key(word)).ok_or_else(|| {
                            err(format!("\"{word}\" is not a good; goods: {}", good_ids()))
                        })?;
                        if sold.contains(good) {
                            return Err(err(format!("{} is sold twice", good.id())));
                        }
                        sold.0 |= 1 << good.0;
                    }
                }
                Some(_) => {
                    return Err(err(format!(
                        "after the development comes \"sell\" and whole goods tracks, e.g. \
                         \"buy {} sell wood stone\"",
                        development.id()
                    )));
                }
            }
            Ok(Action::Buy(development, sold))
        }
        "discard" => {
            let (good, count) = match rest {
                [good] => (good, 1),
                [good, count] => (good, number(count).map_err(err)?),
                _ => return Err(err("write \"discard cloth 1\" (a good and how many)".into())),
            };
            let good = lookup_good(&name_key(good))
                .ok_or_else(|| err(format!("\"{good}\" is not a good; goods: {}", good_ids())))?;
            Ok(Action::Discard(good, count))
        }
        "give" | "get" => {
            let [resource, count] = rest else {
                return Err(err(format!(
                    "write \"{verb} wood 3\" (a good or food, and how many; 0 takes it out of the offer)"
                )));
            };
            let key = name_key(resource);
            let resource = if key == "food" {
                Resource::Food
            } else {
                Resource::Good(lookup_good(&key).ok_or_else(|| {
                    err(format!(
                        "\"{resource}\" is neither a good nor food; goods: {}",
                        good_ids()
                    ))
                })?)
            };
            let count = number(count).map_err(err)?;
            Ok(if verb == "give" {
                Action::Give(resource, count)
            } else {
                Action::Get(resource, count)
            })
        }
        "offer" => {
            let [who] = rest else {
                return Err(err(
                    "write \"offer 2\" (the seat number or colour to offer to)".into(),
                ));
            };
            let seat = match who.parse::<u8>() {
                Ok(n) if n >= 1 => Seat(n - 1),
                Ok(_) => return Err(err("seats count from 1".into())),
                Err(_) => super::SEAT_NAMES
                    .iter()
                    .position(|name| name.eq_ignore_ascii_case(who))
                    .map(|i| Seat(i as u8))
                    .ok_or_else(|| {
                        err(format!(
                            "\"{who}\" is not a seat; name it by number (1–{}) or colour",
                            game.seats.len()
                        ))
                    })?,
            };
            Ok(Action::Offer(seat))
        }
        _ => Err(err(format!("\"{verb}\" is not an action; {EVERY_FORM}"))),
    }
}

fn number(word: &str) -> Result<u8, String> {
    word.parse::<u8>()
        .map_err(|_| format!("\"{word}\" is not a number from 0 to 255"))
}

fn one_number(words: &[&str], form: &str) -> Result<u8, String> {
    match words {
        [n] => number(n).map_err(|e| format!("{e}; write \"{form}\"")),
        _ => Err(format!("write \"{form}\"")),
    }
}

fn dice(words: &[&str]) -> Result<DiceSet, String> {
    let mut set = DiceSet::EMPTY;
    for word in words {
        let n: usize = word.parse().map_err(|_| {
            format!("\"{word}\" is not a die number (dice are numbered 1 to {MAX_DICE})")
        })?;
        if !(1..=MAX_DICE).contains(&n) {
            return Err(format!(
                "there is no die {n}; dice are numbered 1 to {MAX_DICE}"
            ));
        }
        if set.contains(n - 1) {
            return Err(format!("die {n} is named twice"));
        }
        set = set.with(n - 1);
    }
    Ok(set)
}

fn lookup_good(key: &str) -> Option<Good> {
    data()
        .goods
        .iter()
        .position(|g| {
            [&g.id, &g.name, &g.name_de]
                .iter()
                .any(|n| name_key(n) == key)
        })
        .map(|i| Good(i as u8))
}

fn lookup_monument(key: &str) -> Option<Monument> {
    data()
        .monuments
        .iter()
        .position(|m| {
            [&m.id, &m.name, &m.name_de]
                .iter()
                .any(|n| name_key(n) == key)
        })
        .map(|i| Monument(i as u8))
}

fn lookup_development(key: &str) -> Option<Development> {
    data()
        .developments
        .iter()
        .position(|d| {
            [&d.id, &d.name, &d.name_de]
                .iter()
                .any(|n| name_key(n) == key)
        })
        .map(|i| Development(i as u8))
}

fn good_ids() -> String {
    data()
        .goods
        .iter()
        .map(|g| g.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn monument_ids() -> String {
    data()
        .monuments
        .iter()
        .map(|m| m.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn development_ids() -> String {
    data()
        .developments
        .iter()
        .map(|d| d.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}
