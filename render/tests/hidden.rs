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
