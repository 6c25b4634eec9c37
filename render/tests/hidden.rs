//! Hidden information cannot change the public picture: other players' hand tiles and the
//! order of the stack are fixed at random before the first action, and the public Pandoria
//! picture stays identical to the pixel.

use proptest::prelude::*;
use turnpost_core::pandoria::Pandoria;
use turnpost_core::{Game, Seed};
use turnpost_render::Renderer;

fn tile_order() -> impl Strategy<Value = Vec<u8>> {
    Just((1..=48).collect::<Vec<u8>>()).prop_shuffle()
}

fn words(ids: &[u8]) -> String {
    ids.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn hands_and_stack_order_leave_the_public_picture_unchanged(
        players in 2usize..=4,
        seed in 0u64..1000,
        order in tile_order(),
        stacked in 0usize..=20,
    ) {
        let r = Renderer::shared();
        let game = Pandoria::new(&Default::default(), players, Seed::from_u64(seed)).unwrap();
        let before = r.public_image("pandoria", &serde_json::to_value(game.public_view()).unwrap()).unwrap();
        // New hands must not take a tile from another hand (the fixture refuses that).
        let held: Vec<u8> = (0..players)
            .flat_map(|s| game.seat_view(turnpost_core::Seat(s as u8)).hand)
            .map(|t| t.id.0)
            .collect();
        let free: Vec<u8> = order.iter().copied().filter(|id| !held.contains(id)).collect();
        let mut fixed = game.clone();
        fixed.fix("hands", &words(&free[..players])).unwrap();
        fixed.fix("stack", &words(&free[players..players + stacked])).unwrap();
        let after = r.public_image("pandoria", &serde_json::to_value(fixed.public_view()).unwrap()).unwrap();
        prop_assert!(before == after, "the public picture changed with hidden items");
        // The private pictures do show the hand (so the test above is not vacuous).
        let seat = turnpost_core::Seat(0);
        let hand_before = r.pandoria_hand(&game.seat_view(seat));
        let hand_after = r.pandoria_hand(&fixed.seat_view(seat));
        // Different tiles can show the same faces; the picture shows faces, not ids.
        let faces = |g: &Pandoria| -> Vec<String> {
            g.seat_view(seat).hand.iter().map(ToString::to_string).collect()
        };
        let same_tile = faces(&game) == faces(&fixed);
        prop_assert_eq!(hand_before == hand_after, same_tile);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// The standard game hides hand cards and the deck order too: another seat's cards are
    /// swapped for cards from the deck and the deck is reordered.
    #[test]
    fn hand_cards_and_deck_order_leave_the_public_picture_unchanged(
        players in 2usize..=4,
        seed in 0u64..1000,
        shuffle in Just((0..64).collect::<Vec<usize>>()).prop_shuffle(),
    ) {
        use turnpost_core::pandoria::{Mode, Options};
        let options = Options { mode: Mode::Standard, ..Options::default() };
        let r = Renderer::shared();
        let game = Pandoria::new(&options, players, Seed::from_u64(seed)).unwrap();
        let before = r.pandoria_public(&game.public_view());
        // The test may read the whole state to pick cards that are in the deck.
        let state = serde_json::to_value(&game).unwrap();
        let deck: Vec<u64> = state["deck"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(serde_json::Value::as_u64)
            .collect();
        let mut order: Vec<u64> = shuffle.iter().filter(|&&i| i < deck.len()).map(|&i| deck[i]).collect();
        let other = turnpost_core::Seat(players as u8 - 1);
        let held = game.seat_view(other).cards.len();
        let mut fixed = game.clone();
        let new_hand: Vec<u64> = order.drain(..held.min(order.len())).collect();
        let hand_words: Vec<String> = new_hand.iter().map(u64::to_string).collect();
        fixed.fix("cards", &format!("{} {}", players, hand_words.join(" "))).unwrap();
        let deck_words: Vec<String> = order.iter().take(10).map(u64::to_string).collect();
        fixed.fix("deck", &deck_words.join(" ")).unwrap();
        // The fixture did change the hidden cards (so the comparison is not vacuous).
        let now: Vec<u64> = fixed.seat_view(other).cards.iter().map(|c| u64::from(c.id.0)).collect();
        prop_assert_eq!(now, new_hand);
        let after = r.pandoria_public(&fixed.public_view());
        prop_assert!(before == after, "the public picture changed with hidden cards");
    }
}
