//! The Roll Through the Ages text for the terminal, drawn from core's typed view, is the text
//! the earlier JSON reader printed: the expected strings below are that reader's output for
//! these seeded positions, captured before it was replaced. (A change in core's rules moves
//! the seeded positions; then check the new text by eye and paste it here.)

#[path = "support/samples.rs"]
mod samples;

use samples::play_preferring;
use turnpost_core::rtta::{Options, Rtta};
use turnpost_core::words::Lang;
use turnpost_core::{Game, Seed};
use turnpost_render::text;

/// A game after `actions` actions preferring `preferred`.
fn after_actions(
    trade: bool,
    players: usize,
    seed: u64,
    actions: usize,
    preferred: &[&str],
) -> Rtta {
    let mut g = Rtta::new(&Options { trade }, players, Seed::from_u64(seed)).unwrap();
    let mut left = actions;
    play_preferring(&mut g, seed, preferred, |_| {
        let go_on = left > 0;
        left = left.saturating_sub(1);
        go_on
    });
    g
}

/// The text of a game's public view, through the registry and typed; both must be `expected`.
fn check(game: &Rtta, expected: &str) {
    let view = game.public_view();
    assert_eq!(text::public("rtta", &view, Lang::En), expected);
    assert_eq!(text::public("rtta", &view, Lang::En), expected);
    // Nothing is hidden in this game: no private text.
    assert_eq!(text::private("rtta", &view, Lang::En), "");
}

/// The decision, the dice and the monuments completed first.
#[test]
fn a_four_player_game_mid_way() {
    check(
        &samples::rtta_after(4, 3, 6),
        r#"Roll Through the Ages · round 7 · Green to play: reroll dice or keep them (2 rerolls left)
Dice: 1:7 coins, 2:1 good, 3:2 food or 2 workers · rerolls left 2 · workers 0 · coins 0
Red       3 points · 4 cities · food 4 · disasters 7 · goods: none (worth 0) · developments: leadership, irrigation, quarrying, medicine
Blue      7 points · 3 cities · food 0 · disasters 5 · goods: stone 2 (worth 6) · developments: leadership, irrigation
Green     2 points · 3 cities · food 0 · disasters 2 · goods: cloth 1, pottery 1, stone 1, wood 1 (worth 10) · developments: leadership, irrigation
Yellow    5 points · 3 cities · food 1 · disasters 3 · goods: wood 2 (worth 3) · developments: leadership, irrigation, quarrying
Monuments: Step Pyramid (3 workers) first: Yellow, Stone Circle (5 workers), Temple (7 workers), Obelisk (9 workers), Hanging Gardens (11 workers) first: Blue, Great Wall (13 workers), Great Pyramid (15 workers)
"#,
    );
}

/// No dice and no decision once the game is over.
#[test]
fn a_four_player_game_at_its_end() {
    check(
        &samples::rtta_after(4, 3, 12),
        r#"Roll Through the Ages · round 8
Red       6 points · 4 cities · food 1 · disasters 7 · goods: wood 2 (worth 3) · developments: leadership, irrigation, agriculture, quarrying, medicine
Blue      7 points · 3 cities · food 0 · disasters 9 · goods: cloth 1, pottery 1, stone 1, wood 1 (worth 10) · developments: leadership, irrigation, caravans
Green     3 points · 3 cities · food 0 · disasters 4 · goods: stone 2, wood 1 (worth 7) · developments: leadership, irrigation, medicine
Yellow    8 points · 4 cities · food 2 · disasters 3 · goods: none (worth 0) · developments: leadership, irrigation, quarrying, medicine
Monuments: Step Pyramid (3 workers) first: Yellow, Stone Circle (5 workers), Temple (7 workers), Obelisk (9 workers), Hanging Gardens (11 workers) first: Blue, Great Wall (13 workers), Great Pyramid (15 workers)
The game is over.
"#,
    );
}

/// One seat.
#[test]
fn a_solo_game() {
    check(
        &samples::rtta_after(1, 9, 5),
        r#"Roll Through the Ages · round 6 · Red to play: reroll dice or keep them (2 rerolls left)
Dice: 1:3 workers, 2:2 food or 2 workers, 3:7 coins · rerolls left 2 · workers 0 · coins 0
Red       2 points · 3 cities · food 0 · disasters 9 · goods: wood 1 (worth 1) · developments: irrigation, agriculture, quarrying, medicine
Monuments: Step Pyramid (3 workers), Stone Circle (5 workers), Temple (7 workers), Obelisk (9 workers), Hanging Gardens (11 workers), Great Wall (13 workers), Great Pyramid (15 workers)
"#,
    );
}

/// A skull die is kept (locked) and a score is below zero.
#[test]
fn a_locked_skull_and_negative_points() {
    check(
        &samples::rtta_after(3, 8, 2),
        r#"Roll Through the Ages · round 3 · Red to play: reroll dice or keep them (2 rerolls left)
Dice: 1:7 coins, 2:2 goods + skull (kept), 3:1 good · rerolls left 2 · workers 0 · coins 0
Red       0 points · 3 cities · food 1 · disasters 2 · goods: none (worth 0) · developments: leadership
Blue      0 points · 3 cities · food 3 · disasters 0 · goods: stone 1, wood 1 (worth 3) · developments: none
Green    -3 points · 3 cities · food 0 · disasters 5 · goods: stone 1, wood 1 (worth 3) · developments: irrigation
Monuments: Step Pyramid (3 workers), Stone Circle (5 workers), Temple (7 workers), Obelisk (9 workers), Great Wall (13 workers), Great Pyramid (15 workers)
"#,
    );
}

/// A "2 food or 2 workers" die with its choice.
#[test]
fn a_chosen_die_in_a_trade_game() {
    check(
        &after_actions(true, 2, 11, 7, &["give", "get", "offer", "build", "buy"]),
        r#"Roll Through the Ages · round 1 · Blue to play: trade (give, get, offer) or say done
Dice: 1:3 workers, 2:2 food or 2 workers → workers, 3:3 food · rerolls left 0 · workers 5 · coins 0
Red       0 points · 3 cities · food 3 · disasters 0 · goods: none (worth 0) · developments: none
Blue      0 points · 3 cities · food 3 · disasters 0 · goods: none (worth 0) · developments: none
Monuments: Step Pyramid (3 workers), Stone Circle (5 workers), Obelisk (9 workers), Hanging Gardens (11 workers), Great Wall (13 workers)
"#,
    );
}

/// Another prompt, two locked skulls.
#[test]
fn the_buy_step_with_two_locked_skulls() {
    check(
        &after_actions(false, 4, 23, 2, &["food", "workers", "reroll"]),
        r#"Roll Through the Ages · round 1 · Blue to play: buy a development (0 coins from dice) or say done
Dice: 1:3 food, 2:2 goods + skull (kept), 3:2 goods + skull (kept) · rerolls left 0 · workers 0 · coins 0
Red       0 points · 3 cities · food 3 · disasters 0 · goods: none (worth 0) · developments: none
Blue     -2 points · 3 cities · food 3 · disasters 2 · goods: cloth 1, pottery 1, stone 1, wood 1 (worth 10) · developments: none
Green     0 points · 3 cities · food 3 · disasters 0 · goods: none (worth 0) · developments: none
Yellow    0 points · 3 cities · food 3 · disasters 0 · goods: none (worth 0) · developments: none
Monuments: Step Pyramid (3 workers), Stone Circle (5 workers), Temple (7 workers), Obelisk (9 workers), Hanging Gardens (11 workers), Great Wall (13 workers), Great Pyramid (15 workers)
"#,
    );
}
