//! Roll Through the Ages notation: the dice, the small sets the actions name, the
//! [`Action`] type with its canonical text form, and the parser.
//!
//! `Display` prints the canonical form; [`parse`] reads it back, and also a few shorthands
//! that are resolved against the current state (`keep 1 3`, a bare `reroll`, `food 2`,
//! `build obelisk` without a count). `docs/rtta.md` documents every form.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Rtta;
use super::data::{DEVELOPMENTS, GOODS, MAX_DICE, MONUMENTS, data, name_key};
use crate::game::{ParseError, Seat};
use crate::t;
use crate::words::{Arg, Text};

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

    /// What the face gives ("3 food"), for log lines, toggles and the view.
    pub fn text(self) -> Text {
        Text::dynamic(format!("rtta-face-{}", self.name()))
    }

    /// The face in one word ("food"), for lists of dice.
    pub fn short_text(self) -> Text {
        Text::dynamic(format!("rtta-short-face-{}", self.name()))
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
    pub fn listed(self) -> Text {
        Text::and_list(self.indices().map(|i| t!("rtta-die-number", n = i + 1)))
    }

    /// "die 3", "dice 2 and 5".
    pub fn words(self) -> Text {
        t!("rtta-dice", n = self.len(), dice = self.listed())
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

    /// Its name ("wood"), in the languages the data has.
    pub fn text(self) -> Text {
        data().goods.get(usize::from(self.0)).map_or_else(
            || t!("rtta-unknown-good", n = self.0),
            |g| Text::name(&g.name, Some(g.name_de.as_str())),
        )
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

    /// Its name ("wood", "food").
    pub fn text(self) -> Text {
        match self {
            Resource::Good(g) => g.text(),
            Resource::Food => t!("rtta-food"),
        }
    }

    /// `n` of it ("3 wood").
    pub fn count(self, n: u8) -> Text {
        t!("rtta-count", n = n, what = self.text())
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

    /// Its name ("Obelisk"), in the languages the data has.
    pub fn text(self) -> Text {
        data().monuments.get(usize::from(self.0)).map_or_else(
            || t!("rtta-unknown-monument", n = self.0),
            |m| Text::name(&m.name, Some(m.name_de.as_str())),
        )
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

    /// Its name ("Agriculture"), in the languages the data has.
    pub fn text(self) -> Text {
        data().developments.get(usize::from(self.0)).map_or_else(
            || t!("rtta-unknown-development", n = self.0),
            |d| Text::name(&d.name, Some(d.name_de.as_str())),
        )
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
    pub fn unknown_component(&self) -> Option<Text> {
        let good = |g: Good| (usize::from(g.0) >= GOODS).then(|| g.text());
        match *self {
            Action::Build(Target::Monument(m), _) if usize::from(m.0) >= MONUMENTS => {
                Some(m.text())
            }
            Action::Buy(d, _) if usize::from(d.0) >= DEVELOPMENTS => Some(d.text()),
            Action::Buy(_, sold) if sold.0 >> GOODS != 0 => {
                Some(t!("rtta-unknown-goods-set", n = sold.0))
            }
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

/// Reads an action; shorthands are resolved against `game` (see the module comment).
pub fn parse(game: &Rtta, input: &str) -> Result<Action, ParseError> {
    let err = |reason: Text| ParseError::new(input, reason);
    let lower = input.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((&verb, rest)) = words.split_first() else {
        return Err(err(t!("rtta-parse-empty")));
    };
    // The player's own words and the notation are shown as they were typed.
    let verb_raw = || Arg::raw(verb);
    let no_more = |rest: &[&str], form: &str| {
        if rest.is_empty() {
            Ok(())
        } else {
            Err(err(t!(
                "rtta-parse-no-more",
                verb = verb_raw(),
                form = Arg::raw(form)
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
                return Err(err(t!("rtta-parse-keep")));
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
                return Err(err(t!("rtta-parse-build-what")));
            }
            let key = name_key(&name.join(" "));
            let target = if key == "city" || key == "cities" {
                Target::City
            } else {
                let monument = lookup_monument(&key).ok_or_else(|| {
                    err(t!(
                        "rtta-parse-no-target",
                        name = Arg::raw(name.join(" ")),
                        monuments = Arg::raw(monument_ids())
                    ))
                })?;
                Target::Monument(monument)
            };
            let count = count.unwrap_or_else(|| game.workers_fitting(target));
            Ok(Action::Build(target, count))
        }
        "engineering" => one_number(rest, t!("rtta-form-engineering"))
            .map(Action::Engineering)
            .map_err(err),
        "granaries" => one_number(rest, t!("rtta-form-granaries"))
            .map(Action::Granaries)
            .map_err(err),
        "buy" => {
            let Some((&name, rest)) = rest.split_first() else {
                return Err(err(t!(
                    "rtta-parse-buy-which",
                    developments = Arg::raw(development_ids())
                )));
            };
            let development = lookup_development(&name_key(name)).ok_or_else(|| {
                err(t!(
                    "rtta-parse-no-development",
                    name = Arg::raw(name),
                    developments = Arg::raw(development_ids())
                ))
            })?;
            let mut sold = GoodsSet::default();
            match rest.split_first() {
                None => {}
                Some((&"sell", goods)) if !goods.is_empty() => {
                    for &word in goods {
                        let good =
                            lookup_good(&name_key(word)).ok_or_else(|| err(not_a_good(word)))?;
                        if sold.contains(good) {
                            return Err(err(t!("rtta-parse-sold-twice", good = good.text())));
                        }
                        sold.0 |= 1 << good.0;
                    }
                }
                Some(_) => {
                    return Err(err(t!(
                        "rtta-parse-sell-form",
                        development = Arg::raw(development.id())
                    )));
                }
            }
            Ok(Action::Buy(development, sold))
        }
        "discard" => {
            let (good, count) = match rest {
                [good] => (good, 1),
                [good, count] => (good, number(count).map_err(err)?),
                _ => return Err(err(t!("rtta-parse-discard-form"))),
            };
            let good = lookup_good(&name_key(good)).ok_or_else(|| err(not_a_good(good)))?;
            Ok(Action::Discard(good, count))
        }
        "give" | "get" => {
            let [resource, count] = rest else {
                return Err(err(t!("rtta-parse-trade-form", verb = verb_raw())));
            };
            let key = name_key(resource);
            let resource = if key == "food" {
                Resource::Food
            } else {
                Resource::Good(lookup_good(&key).ok_or_else(|| {
                    err(t!(
                        "rtta-parse-not-a-resource",
                        word = Arg::raw(*resource),
                        goods = Arg::raw(good_ids())
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
                return Err(err(t!("rtta-parse-offer-form")));
            };
            let seat = match who.parse::<u8>() {
                Ok(n) if n >= 1 => Seat(n - 1),
                Ok(_) => return Err(err(t!("rtta-parse-seats-from-1"))),
                Err(_) => super::SEAT_NAMES
                    .iter()
                    .position(|name| name.eq_ignore_ascii_case(who))
                    .map(|i| Seat(i as u8))
                    .ok_or_else(|| {
                        err(t!(
                            "rtta-parse-not-a-seat",
                            word = Arg::raw(*who),
                            seats = game.seats.len()
                        ))
                    })?,
            };
            Ok(Action::Offer(seat))
        }
        _ => Err(err(t!("rtta-parse-not-an-action", verb = verb_raw()))),
    }
}

/// `word` is not a good: the refusal with the goods' ids.
fn not_a_good(word: &str) -> Text {
    t!(
        "rtta-parse-not-a-good",
        word = Arg::raw(word),
        goods = Arg::raw(good_ids())
    )
}

fn number(word: &str) -> Result<u8, Text> {
    word.parse::<u8>()
        .map_err(|_| t!("rtta-parse-not-a-number", word = Arg::raw(word)))
}

fn one_number(words: &[&str], form: Text) -> Result<u8, Text> {
    match words {
        [n] => number(n).map_err(|e| t!("rtta-parse-number-write", error = e, form = form)),
        _ => Err(t!("rtta-parse-write", form = form)),
    }
}

fn dice(words: &[&str]) -> Result<DiceSet, Text> {
    let mut set = DiceSet::EMPTY;
    for word in words {
        let n: usize = word.parse().map_err(|_| {
            t!(
                "rtta-parse-not-a-die",
                word = Arg::raw(*word),
                max = MAX_DICE
            )
        })?;
        if !(1..=MAX_DICE).contains(&n) {
            return Err(t!("rtta-parse-no-die", n = n, max = MAX_DICE));
        }
        if set.contains(n - 1) {
            return Err(t!("rtta-parse-die-twice", n = n));
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
