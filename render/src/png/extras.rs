//! The Pandoria base game's parts of a view (realms, resource tracks, building slots,
//! spells, cards, market, monument stack), read leniently from the view's JSON.
//!
//! These parts are being added to core's Pandoria views while this renderer is written, so
//! they are read by name from the JSON, each part optional: a view without them (the family
//! game) draws exactly as before, and a part appears in the picture as soon as the view
//! carries it. Several spellings are accepted for each field (`crystal` or `crystals`, an
//! array or an object for resources, …) so the reading does not depend on one choice.

use serde_json::Value;

/// One side of a card: a spell or a building.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Side {
    pub(crate) name: String,
    /// Crystals for a spell, wood for a building.
    pub(crate) cost: Option<u64>,
    pub(crate) text: Option<String>,
}

/// A card as a picture shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Card {
    pub(crate) spell: Option<Side>,
    pub(crate) building: Option<Side>,
    /// The market price in gold.
    pub(crate) gold: Option<u64>,
}

/// One of the five building slots.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Slot {
    pub(crate) building: Option<String>,
    /// A monument's points, when one covers the slot.
    pub(crate) monument: Option<u64>,
}

/// What the base game adds to a seat.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct SeatExtras {
    pub(crate) realm: Option<String>,
    /// Crystal, gold, wood.
    pub(crate) resources: Option<[u64; 3]>,
    pub(crate) slots: Option<Vec<Slot>>,
    pub(crate) top_spell: Option<String>,
    /// Cards in hand (the count).
    pub(crate) cards: Option<u64>,
}

impl SeatExtras {
    /// Whether the seat has any base-game part.
    pub(crate) fn any(&self) -> bool {
        *self != SeatExtras::default()
    }
}

/// What the base game adds to the table.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct TableExtras {
    pub(crate) market: Option<Vec<Card>>,
    /// The points of the monument on top of the stack.
    pub(crate) monument_top: Option<u64>,
    pub(crate) monuments_left: Option<u64>,
    pub(crate) seats: Vec<SeatExtras>,
}

fn field<'a>(v: &'a Value, names: &[&str]) -> Option<&'a Value> {
    names
        .iter()
        .find_map(|n| v.get(*n).filter(|x| !x.is_null()))
}

fn number(v: &Value) -> Option<u64> {
    v.as_u64()
}

fn words(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.replace(['_', '-'], " ")),
        Value::Object(_) => field(v, &["name", "label", "title", "effect", "kind"]).and_then(words),
        _ => None,
    }
}

fn side(v: &Value, cost_names: &[&str]) -> Option<Side> {
    match v {
        Value::String(_) => Some(Side {
            name: words(v)?,
            ..Side::default()
        }),
        Value::Object(_) => Some(Side {
            name: words(v)?,
            cost: field(v, cost_names).and_then(number),
            text: field(v, &["text", "description", "effect_text", "rules"])
                .and_then(Value::as_str)
                .map(str::to_string),
        }),
        _ => None,
    }
}

/// Reads a card object.
pub(crate) fn card(v: &Value) -> Option<Card> {
    if !v.is_object() {
        return None;
    }
    let mut spell =
        field(v, &["spell", "spell_side"]).and_then(|s| side(s, &["cost", "crystals", "crystal"]));
    let mut building =
        field(v, &["building", "building_side"]).and_then(|s| side(s, &["cost", "wood"]));
    // Costs may sit on the card rather than on the side.
    if let Some(s) = spell.as_mut()
        && s.cost.is_none()
    {
        s.cost = field(v, &["crystals", "crystal", "spell_cost"]).and_then(number);
    }
    if let Some(b) = building.as_mut()
        && b.cost.is_none()
    {
        b.cost = field(v, &["wood", "building_cost"]).and_then(number);
    }
    let gold = field(v, &["gold", "price"]).and_then(number);
    if spell.is_none() && building.is_none() {
        return None;
    }
    Some(Card {
        spell,
        building,
        gold,
    })
}

fn resources(v: &Value) -> Option<[u64; 3]> {
    match v {
        Value::Array(a) if a.len() == 3 => Some([number(&a[0])?, number(&a[1])?, number(&a[2])?]),
        Value::Object(_) => Some([
            field(v, &["crystal", "crystals"]).and_then(number)?,
            field(v, &["gold"]).and_then(number)?,
            field(v, &["wood"]).and_then(number)?,
        ]),
        _ => None,
    }
}

fn slot(v: &Value) -> Slot {
    match v {
        Value::Null => Slot::default(),
        Value::String(_) => Slot {
            building: words(v),
            monument: None,
        },
        _ => Slot {
            building: field(v, &["building", "card", "visible"])
                .and_then(|b| match b {
                    Value::Object(_) => {
                        field(b, &["building"]).and_then(words).or_else(|| words(b))
                    }
                    other => words(other),
                })
                .or_else(|| field(v, &["name"]).and_then(words)),
            monument: field(v, &["monument"]).and_then(number),
        },
    }
}

fn count(v: &Value) -> Option<u64> {
    match v {
        Value::Array(a) => Some(a.len() as u64),
        other => number(other),
    }
}

/// Reads a seat's base-game parts.
pub(crate) fn seat(v: &Value) -> SeatExtras {
    let top_spell = field(v, &["top_spell", "last_spell", "spell"])
        .and_then(|s| match s {
            Value::Object(_) => field(s, &["spell"]).and_then(words).or_else(|| words(s)),
            other => words(other),
        })
        .or_else(|| {
            field(v, &["spells"])
                .and_then(Value::as_array)
                .and_then(|a| a.last())
                .and_then(|s| field(s, &["spell"]).and_then(words).or_else(|| words(s)))
        });
    SeatExtras {
        realm: field(v, &["realm"]).and_then(words),
        resources: field(v, &["resources"]).and_then(resources),
        slots: field(v, &["slots", "buildings"])
            .and_then(Value::as_array)
            .map(|a| a.iter().map(slot).collect()),
        top_spell,
        cards: field(v, &["cards", "hand_cards", "cards_in_hand"]).and_then(count),
    }
}

/// Reads the table's base-game parts.
pub(crate) fn table(v: &Value) -> TableExtras {
    let monuments = field(v, &["monuments", "monument_stack"]);
    TableExtras {
        market: field(v, &["market"])
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(card).collect()),
        monument_top: field(v, &["monument_top", "next_monument", "monument"])
            .and_then(number)
            .or_else(|| {
                monuments
                    .and_then(|m| field(m, &["top", "next"]))
                    .and_then(number)
            }),
        monuments_left: field(v, &["monuments_left"])
            .and_then(count)
            .or_else(|| {
                monuments
                    .and_then(|m| field(m, &["left", "count"]))
                    .and_then(count)
            })
            .or_else(|| monuments.and_then(count)),
        seats: field(v, &["seats"])
            .and_then(Value::as_array)
            .map(|a| a.iter().map(seat).collect())
            .unwrap_or_default(),
    }
}

/// A seat view's hand cards.
pub(crate) fn hand_cards(v: &Value) -> Vec<Card> {
    field(v, &["cards", "hand_cards"])
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(card).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn family_views_have_no_extras() {
        let v = json!({"seats": [{"colour": "Red", "score": 3, "workers": 4, "leader": true, "castles": 2, "hand_tiles": 1}]});
        let t = table(&v);
        assert!(t.market.is_none() && t.monument_top.is_none());
        assert!(!t.seats[0].any());
    }

    #[test]
    fn several_spellings_are_read() {
        let v = json!({
            "market": [{"spell": {"name": "rage", "crystals": 3}, "building": {"label": "Carpenter", "wood": 2, "text": "wood −1"}, "gold": 4}],
            "monuments": {"top": 5, "left": 9},
            "seats": [{"realm": "elves", "resources": {"crystals": 2, "gold": 0, "wood": 10},
                       "slots": [null, {"card": {"building": {"name": "depot"}}}, {"monument": 6}],
                       "spells": [{"spell": "teleport"}, {"spell": {"name": "rage"}}], "cards": 3}]
        });
        let t = table(&v);
        let card = &t.market.as_ref().unwrap()[0];
        assert_eq!(card.spell.as_ref().unwrap().cost, Some(3));
        assert_eq!(card.building.as_ref().unwrap().name, "Carpenter");
        assert_eq!(card.gold, Some(4));
        assert_eq!((t.monument_top, t.monuments_left), (Some(5), Some(9)));
        let s = &t.seats[0];
        assert_eq!(s.realm.as_deref(), Some("elves"));
        assert_eq!(s.resources, Some([2, 0, 10]));
        let slots = s.slots.as_ref().unwrap();
        assert_eq!(slots[1].building.as_deref(), Some("depot"));
        assert_eq!(slots[2].monument, Some(6));
        assert_eq!(s.top_spell.as_deref(), Some("rage"));
        assert_eq!(s.cards, Some(3));
    }
}
