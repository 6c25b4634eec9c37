//! The Pandoria base game's parts of a view (realms, resource tracks, building slots,
//! spells, cards, market, monument stack) in the shape the pictures draw them.
//!
//! Every part is optional: the family game's views have none of them and draw without the
//! space they would take. Their words are rendered here, in the reader's language.

use turnpost_core::pandoria::{CardView, PublicView, Realm, SeatPublic, SeatView, SideView};
use turnpost_core::words::{Lang, Text};

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
    /// The card's number in the notation (`spell 17`), where the picture names it.
    pub(crate) id: Option<u64>,
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
    /// Goblins: the seat (index) whose figure occupies the building.
    pub(crate) goblin: Option<usize>,
    /// The Goblins' fifth slot, which they do not have.
    pub(crate) shut: bool,
}

/// What the base game adds to a seat.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct SeatExtras {
    pub(crate) realm: Option<String>,
    /// Crystal, gold, wood.
    pub(crate) resources: Option<[u64; 3]>,
    /// The most of each resource the seat's camp holds (10; the Fairies 8).
    pub(crate) camp: u64,
    pub(crate) slots: Option<Vec<Slot>>,
    pub(crate) top_spell: Option<String>,
    /// How many spells the seat has cast.
    pub(crate) spells_cast: Option<u64>,
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
    /// Cards left in the deck.
    pub(crate) cards_left: Option<u64>,
    pub(crate) seats: Vec<SeatExtras>,
}

fn side(s: &SideView, lang: Lang) -> Side {
    // The label carries the strength (`Rage ×2`), which players need to compare cards.
    let label = lang.render(&s.label);
    let text = lang.render(&s.text);
    Side {
        name: if label.is_empty() {
            lang.render(&s.name)
        } else {
            label
        },
        cost: Some(u64::from(s.cost)),
        text: (!text.is_empty()).then_some(text),
    }
}

/// A card as the pictures show it, its words in `lang`.
pub(crate) fn card(c: &CardView, lang: Lang) -> Card {
    Card {
        id: Some(u64::from(c.id.0)),
        spell: Some(side(&c.spell, lang)),
        building: Some(side(&c.building, lang)),
        gold: Some(u64::from(c.gold)),
    }
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A realm's name as the pictures write it: the word of the notation in English (`Spirits`),
/// the data's German name in German.
pub(crate) fn realm_name(r: Realm) -> Text {
    Text::name(&capitalised(r.slug()), Some(&r.data().german))
}

/// A seat's base-game parts, in `lang`; none for the family game.
pub(crate) fn seat(s: &SeatPublic, lang: Lang) -> SeatExtras {
    let base = s.resources.is_some() || s.realm.is_some() || !s.buildings.is_empty();
    if !base {
        return SeatExtras::default();
    }
    let realm = s.realm.map(|r| lang.render(&realm_name(r)));
    let slots = (!s.buildings.is_empty()).then(|| {
        let mut slots = vec![Slot::default(); 5];
        for (k, b) in s.buildings.iter().enumerate() {
            let at = usize::from(b.slot).checked_sub(1).unwrap_or(k);
            if let Some(slot) = slots.get_mut(at) {
                *slot = Slot {
                    building: b.building.as_ref().map(|c| side(&c.building, lang).name),
                    monument: b.monument.map(u64::from),
                    goblin: b.goblin.map(|f| f.seat.index()),
                    shut: false,
                };
            }
        }
        if s.realm.is_some_and(|r| r == Realm::Goblins) {
            for slot in slots.iter_mut().skip(4) {
                slot.shut = true;
            }
        }
        slots
    });
    SeatExtras {
        realm,
        resources: s
            .resources
            .map(|r| [u64::from(r.crystal), u64::from(r.gold), u64::from(r.wood)]),
        camp: u64::from(s.realm.map_or(10, |r| r.camp())),
        slots,
        top_spell: s.top_spell.as_ref().map(|c| side(&c.spell, lang).name),
        spells_cast: Some(s.spells_cast as u64),
        cards: Some(s.hand_cards as u64),
    }
}

/// The table's base-game parts, in `lang`; none for the family game.
pub(crate) fn table(v: &PublicView, lang: Lang) -> TableExtras {
    let seats: Vec<SeatExtras> = v.seats.iter().map(|s| seat(s, lang)).collect();
    let base = !v.market.is_empty() || !v.monuments.is_empty() || seats.iter().any(SeatExtras::any);
    if !base {
        return TableExtras {
            seats,
            ..TableExtras::default()
        };
    }
    TableExtras {
        market: Some(v.market.iter().map(|c| card(c, lang)).collect()),
        monument_top: v.monuments.last().map(|&m| u64::from(m)),
        monuments_left: Some(v.monuments.len() as u64),
        cards_left: Some(v.cards_left as u64),
        seats,
    }
}

/// A seat view's hand cards, in `lang`.
pub(crate) fn hand_cards(v: &SeatView, lang: Lang) -> Vec<Card> {
    v.cards.iter().map(|c| card(c, lang)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use turnpost_core::pandoria::{Mode, Options, Pandoria};
    use turnpost_core::{Game, Seed};

    #[test]
    fn family_views_have_no_extras() {
        let g = Pandoria::new(&Options::default(), 3, Seed::from_u64(1)).unwrap();
        let t = table(&g.public_view(), Lang::En);
        assert_eq!(t.market, None);
        assert!(!t.seats.iter().any(SeatExtras::any));
    }

    #[test]
    fn standard_views_have_realms_resources_slots_and_a_market() {
        let options = Options {
            mode: Mode::Standard,
            ..Options::default()
        };
        let g = Pandoria::new(&options, 4, Seed::from_u64(1)).unwrap();
        let t = table(&g.public_view(), Lang::En);
        assert_eq!(t.market.as_ref().map(Vec::len), Some(4));
        assert!(t.monument_top.is_some());
        for s in &t.seats {
            assert!(s.realm.is_some() && s.resources.is_some(), "{s:?}");
            assert_eq!(s.slots.as_ref().map(Vec::len), Some(5));
            assert_eq!(s.spells_cast, Some(0), "nobody has cast a spell yet");
        }
        let hand = hand_cards(&g.seat_view(turnpost_core::Seat(0)), Lang::En);
        assert!(!hand.is_empty());
        assert!(hand[0].spell.as_ref().unwrap().cost.is_some());
    }
}
