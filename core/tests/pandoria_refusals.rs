//! Pandoria refusals word for word, where a scenario's "contains" check cannot show that a
//! refusal says nothing more (no suggestion that would itself be refused), and the fixtures'
//! own refusals. Positions come from scenario text (see `turnpost_core::scenario`).

use turnpost_core::Seat;
use turnpost_core::scenario::{Run, run};

/// Runs a scenario text; it must pass.
fn position(text: &str) -> Run {
    run(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The refusal of `notation` by `seat` (counted from 1), which must be refused.
fn refusal(run: &mut Run, seat: u8, notation: &str) -> String {
    match run.game.play(Seat(seat - 1), notation) {
        Ok(played) => panic!("\"{notation}\" was played: {:?}", played.log),
        Err(e) => e.to_string(),
    }
}

/// Red (Goblins) occupies Blue's Small Tower in slot 2, then holds a Small Tower (card 18)
/// in its card step. Red's own slot 1 shows a Small Saw Mill.
const GOBLINS: &str = "game: pandoria\nplayers: 2\nseed: 1\noption: mode=standard\n\
fix: realms goblins humans\nfix: start-tiles G6 G7 I6 I7\nfix: start-player 1\n\
fix: hands 42 45\nfix: cards 1 18 11\nfix: cards 2\nfix: build 1 1 24\nfix: build 2 1 5\n\
fix: build 2 2 37\nfix: resources 1 0 0 9\nfix: resources 2 0 0 0\n\
tile H6 H5\npass\noccupy blue 2\n@2 tile H7 H8\n@2 pass\ntile F6 F5\npass\n";

#[test]
fn the_goblins_identical_refusal_names_the_occupied_building_as_the_opponents() {
    let mut game = position(GOBLINS);
    let want = "Blue's Small Tower in slot 2, which your goblin occupies, is identical: never two identical buildings at once";
    for slot in 1..=4 {
        assert_eq!(refusal(&mut game, 1, &format!("build 18 {slot}")), want);
    }
}

/// Red (Humans) shows a Small Saw Mill in slot 1 and holds another (card 24), with `wood`.
fn saw_mills(wood: u8) -> Run {
    position(&format!(
        "game: pandoria\nplayers: 2\nseed: 1\noption: mode=standard\n\
         fix: realms humans humans\nfix: start-tiles G6 G7 I6 I7\nfix: start-player 1\n\
         fix: hands 17 41\nfix: cards 1 24 10\nfix: cards 2 18\nfix: build 1 1 5\n\
         fix: resources 1 3 0 {wood}\ntile H6 H5\npass\n"
    ))
}

#[test]
fn an_identical_building_suggests_building_over_it_only_when_that_is_legal() {
    let mut game = saw_mills(1);
    assert_eq!(
        refusal(&mut game, 1, "build 24 2"),
        "your Small Saw Mill in slot 1 is identical: never two identical buildings at once (build 24 1 instead)"
    );
    assert!(
        game.game
            .legal_notations(Seat(0))
            .contains(&"build 24 1".to_string())
    );
    // No wood: building over slot 1 is refused too, so it is not suggested.
    let mut game = saw_mills(0);
    assert_eq!(
        refusal(&mut game, 1, "build 24 2"),
        "your Small Saw Mill in slot 1 is identical: never two identical buildings at once"
    );
    assert!(refusal(&mut game, 1, "build 24 1").contains("costs 1 wood; you have 0 wood"));
}

/// Red (Hanbok) holds `captives` of Blue's figures ("worker", "leader"); Blue to ransom.
fn hanbok(figures: &str, blue_resources: &str) -> Run {
    let fixes: String = figures
        .split_whitespace()
        .zip(["B10", "B11"])
        .map(|(kind, at)| format!("fix: {kind} 2 {at}\n"))
        .collect();
    position(&format!(
        "game: pandoria\nplayers: 2\nseed: 1\noption: mode=standard\n\
         fix: realms hanbok humans\nfix: start-tiles G6 G7 I6 I7\nfix: start-player 1\n\
         fix: hands 42 45\nfix: stack 25 26 27 28\nfix: cards 1\nfix: cards 2\n\
         fix: place 17 B10 C10\nfix: place 18 B11 C11\nfix: place 41 B8 B9\n{fixes}\
         fix: resources 1 0 0 0\nfix: resources 2 {blue_resources}\n\
         tile C12 D12\npass\n@2 tile H6 H5\n"
    ))
}

#[test]
fn a_ransom_of_a_leader_who_is_not_captive_says_so() {
    let mut game = hanbok("worker worker", "1 0 2");
    assert_eq!(
        refusal(&mut game, 2, "ransom red leader"),
        "your leader is not captive: Red holds 2 of your workers captive; you can: ransom red 2 or ransom red 1"
    );
    // Only the leader captive: a worker ransom says what is held.
    let mut game = hanbok("leader", "0 3 0");
    assert_eq!(
        refusal(&mut game, 2, "ransom red 1"),
        "Red holds 0 of your workers and your leader captive, not 1; you can: ransom red leader"
    );
}

#[test]
fn ransom_counts_below_one_are_refused_by_the_notation() {
    let mut game = hanbok("worker worker", "1 0 2");
    for (text, word) in [
        ("ransom red -1", "-1"),
        ("ransom red 0", "0"),
        ("ransom red -2 leader", "-2"),
        ("ransom red 0 leader", "0"),
        ("ransom red –1", "–1"),
    ] {
        let e = refusal(&mut game, 2, text);
        assert!(
            e.contains(&format!("\"{word}\" is not a number of workers (1–6)")),
            "{text}: {e}"
        );
    }
    // Dashes between hexes still separate them.
    let d7e7 = "tile D7-E7".parse::<turnpost_core::pandoria::Action>();
    assert_eq!(d7e7.map(|a| a.to_string()), Ok("tile D7 E7".to_string()));
}

/// Three players, seed 1: the set-up deals tiles 26, 24 and 3.
const THREE: &str = "game: pandoria\nplayers: 3\nseed: 1\n";

#[test]
fn the_hands_fixture_takes_tiles_from_any_hand_and_refuses_a_tile_named_twice() {
    let game = position(&format!("{THREE}fix: hands 3 26 24\n"));
    let hand = |seat: u8| game.game.seat_view(Seat(seat)).to_json()["hand"][0]["id"].clone();
    assert_eq!(
        [hand(0), hand(1), hand(2)],
        [3, 26, 24].map(serde_json::Value::from)
    );
    let e = run(&format!("{THREE}fix: hands 24 24 3\n")).unwrap_err();
    assert!(e.message.contains("tile 24 is named twice"), "{e}");
    let e = run(&format!("{THREE}fix: tiles 1 5 5\n")).unwrap_err();
    assert!(e.message.contains("tile 5 is named twice"), "{e}");
}

#[test]
fn the_tiles_fixture_takes_a_second_tile_from_another_hand() {
    // Seat 1 holds 26 and 24 (dealt to seat 2, which gets a tile from the stack in return).
    let game = position(&format!("{THREE}fix: tiles 1 26 24\n"));
    let view = |seat: u8| game.game.seat_view(Seat(seat)).to_json();
    assert_eq!(view(0)["hand"][0]["id"], 26);
    assert_eq!(view(0)["hand"][1]["id"], 24);
    let second = view(1)["hand"][0]["id"].as_u64().unwrap();
    assert!(![26, 24, 3].contains(&second), "seat 2 holds {second}");
    assert_eq!(view(0)["public"]["tiles_left"], 36);
}
