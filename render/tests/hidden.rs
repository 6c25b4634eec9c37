//! Hidden information cannot change the public picture.
//!
//! At random points of random games (a random number of random legal actions) in every
//! Pandoria mode with both editions and the partnership game, and in Roll Through the Ages
//! with and without trade, the hidden parts of the state are dealt anew: the hand tiles with
//! the stack and the tiles put back unseen, the hand cards with the deck, the order of the
//! single tiles, the random generator. (The test edits the serialized state, since core's
//! fixtures work only before the first action; every hand and pile keeps its size, so only
//! hidden items change.) The twin's public picture, drawn from its public view
//! as the bot passes it (typed, with its type erased), is identical to the original's to
//! the pixel, and its public view (as JSON, where it would leave the process) names no
//! hidden item; the words sent with the public pictures (their alt text) are identical too.
//! The seat's own hand picture (and its cards picture and their words) does show the new
//! deal, so the comparison is not vacuous.
//!
//! Each case checks every option combination once, so a run covers them all. Case counts are
//! small by default; `TURNPOST_PROPTEST_CASES=100` raises them for long runs. Failing cases
//! are kept in `hidden.proptest-regressions` beside this file and replayed first; commit it.

#[path = "support/games.rs"]
mod games;
#[path = "../../core/tests/support/knowledge.rs"]
mod knowledge;
#[path = "support/samples.rs"]
mod samples;

use proptest::prelude::*;
use samples::{Picker, play_preferring};
use serde_json::Value;
use turnpost_core::dynamic::AnyView;
use turnpost_core::pandoria::{
    Edition, Mode, Options, Pandoria, PublicView, Realm, RealmAssignment, RealmSets, SeatView,
    StartTiles,
};
use turnpost_core::rtta::{self, Rtta};
use turnpost_core::words::Lang;
use turnpost_core::{Game, Seat, Seed};
use turnpost_render::Renderer;

/// Proptest cases: `TURNPOST_PROPTEST_CASES` for long runs, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("TURNPOST_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Keys a public view must never have: they name hidden items (counts are `hand_tiles`,
/// `hand_cards`, `tiles_left`, `cards_left`, `single_tiles_left`).
const HIDDEN_KEYS: [&str; 10] = [
    "hand",
    "cards",
    "stack",
    "removed",
    "deck",
    "singles",
    "rng",
    "seed",
    "forced",
    "opening_forced",
];

/// The paths of hidden keys in a view.
fn hidden_keys(view: &Value, path: &str, found: &mut Vec<String>) {
    match view {
        Value::Object(map) => {
            for (key, value) in map {
                let here = format!("{path}/{key}");
                if HIDDEN_KEYS.contains(&key.as_str()) {
                    found.push(here.clone());
                }
                hidden_keys(value, &here, found);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                hidden_keys(item, &format!("{path}/{i}"), found);
            }
        }
        _ => {}
    }
}

/// One point of one game: the game's seed, how many random actions lead there, and the seed
/// that deals the hidden parts anew.
#[derive(Clone, Debug)]
struct Point {
    seed: u64,
    actions: usize,
    rehide: u64,
}

/// Fresh games one time in five; otherwise up to `longest` actions (random Pandoria games
/// end after about 80 to 130 actions, Roll Through the Ages games after 60 to 150, so the
/// end is among the points too).
fn point(longest: usize) -> impl Strategy<Value = Point> {
    let actions = prop_oneof![1 => Just(0usize), 4 => 0..=longest];
    (any::<u64>(), actions, any::<u64>()).prop_map(|(seed, actions, rehide)| Point {
        seed,
        actions,
        rehide,
    })
}

/// Plays `actions` random legal actions, taking cards (Pandoria: a card for a region,
/// buying, Acquire; Roll Through the Ages: buying developments) seven times in ten when
/// that is legal, so Pandoria hands hold cards more often.
fn play<G: Game>(game: &mut G, seed: u64, actions: usize) {
    let mut left = actions;
    play_preferring(game, seed, &["card", "buy", "take"], |_| {
        let go_on = left > 0;
        left = left.saturating_sub(1);
        go_on
    });
}

fn shuffle(items: &mut [Value], picker: &mut Picker) {
    for i in (1..items.len()).rev() {
        items.swap(i, picker.below(i + 1));
    }
}

/// Deals what the seats hold under `key` and the piles anew: every hand and pile keeps its
/// size, the items change places at random.
fn redeal(state: &mut Value, key: &str, piles: &[&str], picker: &mut Picker) {
    let mut pool = Vec::new();
    let mut sizes = Vec::new();
    for seat in state["seats"].as_array_mut().unwrap() {
        let held = seat[key].as_array_mut().unwrap();
        sizes.push(held.len());
        pool.append(held);
    }
    for pile in piles {
        let pile = state[pile].as_array_mut().unwrap();
        sizes.push(pile.len());
        pool.append(pile);
    }
    shuffle(&mut pool, picker);
    let mut pool = pool.into_iter();
    let seats = state["seats"].as_array_mut().unwrap().len();
    for (i, size) in sizes.into_iter().enumerate() {
        let target = if i < seats {
            &mut state["seats"][i][key]
        } else {
            &mut state[piles[i - seats]]
        };
        *target = Value::Array(pool.by_ref().take(size).collect());
    }
}

/// A new random generator in a serialized state.
fn reseed(state: &mut Value, picker: &mut Picker) {
    state["rng"] = serde_json::to_value(Seed::from_u64(picker.next_u64()).rng()).unwrap();
}

/// The public pictures (board and glance) drawn from a public view as the bot passes it,
/// after checking that the view names nothing hidden.
fn public_picture(game: &str, view: &dyn AnyView) -> Result<Public, TestCaseError> {
    let mut found = Vec::new();
    hidden_keys(&view.to_json(), "", &mut found);
    prop_assert!(
        found.is_empty(),
        "the public view names hidden items: {found:?}"
    );
    // The board and the glance, one above the other: both go to the channel.
    let board = Renderer::shared()
        .public_image(game, view, Lang::En)
        .unwrap();
    let glance = Renderer::shared()
        .summary_image(game, view, Lang::En)
        .unwrap();
    let mut both = image::RgbImage::new(
        board.width().max(glance.width()),
        board.height() + glance.height(),
    );
    image::imageops::replace(&mut both, &board, 0, 0);
    image::imageops::replace(&mut both, &glance, 0, i64::from(board.height()));
    // And the words that go with them (the attachments' alt text).
    let words = Renderer::shared()
        .public_pictures(game, view, Lang::En)
        .unwrap()
        .into_iter()
        .map(|p| p.alt)
        .collect();
    Ok(Public {
        pixels: both,
        words,
    })
}

/// The public pictures as the channel gets them: pixels and alt text.
struct Public {
    pixels: image::RgbImage,
    words: Vec<String>,
}

/// Fails when hidden items changed the public pictures: their pixels or their words (both
/// are named, so a test can see that each check catches a leak).
fn same_public(before: &Public, after: &Public, case: String) -> Result<(), TestCaseError> {
    let pixels = before.pixels != after.pixels;
    let words = before.words != after.words;
    prop_assert!(
        !pixels && !words,
        "the public picture changed (pixels: {pixels}, words: {words}) with hidden items: {case}\n{:?}\n{:?}",
        before.words,
        after.words
    );
    Ok(())
}

const MODES: [Mode; 4] = [
    Mode::Family,
    Mode::FamilySpells,
    Mode::Beginner,
    Mode::Standard,
];

/// What a Pandoria check draws the public picture from.
type ViewOf = fn(&Pandoria) -> PublicView;

/// A Pandoria table: options and player count.
type Table = (Options, usize);

/// Every mode with both editions, alone and in the partnership game; the other options
/// (players, realm assignment, start tiles) at random.
fn pandoria_tables() -> Vec<BoxedStrategy<(Table, Point)>> {
    let mut tables = Vec::new();
    for mode in MODES {
        for edition in [Edition::Yucata, Edition::Second] {
            for partnership in [false, true] {
                let players = if partnership { 4usize..=4 } else { 2..=4 };
                let choices = (
                    players,
                    0..5usize,
                    0..3usize,
                    any::<bool>(),
                    0..Realm::ALL.len(),
                );
                let table = choices.prop_map(move |(players, realms, start, apart, realm)| {
                    let mut realms = [
                        RealmAssignment::RandomUnique,
                        RealmAssignment::RandomNotUnique,
                        RealmAssignment::SameRandom,
                        RealmAssignment::SameChosen,
                        RealmAssignment::EachChooses,
                    ][realms];
                    if mode == Mode::Beginner {
                        // Each realm's two cards are dealt: every seat a different realm.
                        realms = [RealmAssignment::RandomUnique, RealmAssignment::EachChooses]
                            [usize::from(realms == RealmAssignment::EachChooses)];
                    }
                    let options = Options {
                        mode,
                        start_tiles: [StartTiles::Marked, StartTiles::Random, StartTiles::Chosen]
                            [start],
                        start_apart: apart,
                        realms,
                        realm: Some(Realm::ALL[realm]),
                        // The expansion and promo realms (goblins, captives, haunts) join the
                        // deal in the standard game.
                        realm_sets: if mode == Mode::Standard {
                            if apart {
                                RealmSets::All
                            } else {
                                RealmSets::ExpansionPromo
                            }
                        } else {
                            RealmSets::Base
                        },
                        edition,
                        partnership,
                        // Artifacts (tiles, relics, single tiles) in every mode, half the time.
                        artifacts: start != 1,
                        // The River side (which refuses Artifacts) in the other third.
                        board: if start == 1 {
                            turnpost_core::pandoria::BoardSide::River
                        } else {
                            turnpost_core::pandoria::BoardSide::Pandoria
                        },
                    };
                    (options, players)
                });
                tables.push((table, point(120)).boxed());
            }
        }
    }
    tables
}

/// Checks one Pandoria point, drawing public pictures from what `view` makes of a game
/// (core's public view, or in the test of this check a leaking one).
fn check_pandoria(
    (options, players): &Table,
    p: &Point,
    view: ViewOf,
) -> Result<(), TestCaseError> {
    let r = Renderer::shared();
    let mut game = Pandoria::new(options, *players, Seed::from_u64(p.seed)).unwrap();
    play(&mut game, p.seed, p.actions);
    if options.mode != Mode::Family {
        // Hand cards are the hidden item of these modes, but in the family game with spells
        // they are held for a turn or two only: play on (a little) to a point where a seat
        // holds one.
        let holds =
            |g: &Pandoria| (0..*players).any(|s| !g.seat_view(Seat(s as u8)).cards.is_empty());
        let mut left = 30;
        play_preferring(&mut game, p.seed ^ 1, &["card", "buy", "take"], |g| {
            left -= 1;
            left > 0 && !holds(g)
        });
    }
    let mut state = serde_json::to_value(&game).unwrap();
    let mut picker = Picker::new(p.rehide);
    redeal(&mut state, "hand", &["stack", "removed"], &mut picker);
    redeal(&mut state, "cards", &["deck"], &mut picker);
    shuffle(state["singles"].as_array_mut().unwrap(), &mut picker);
    reseed(&mut state, &mut picker);
    let twin: Pandoria = serde_json::from_value(state).unwrap();
    prop_assert!(twin != game, "the hidden parts were dealt anew");

    let before = public_picture("pandoria", &view(&game))?;
    let after = public_picture("pandoria", &view(&twin))?;
    same_public(
        &before,
        &after,
        format!("{options:?}, {players} players, {p:?}"),
    )?;

    // The seat's own hand picture shows the new deal: different tiles can show the same
    // faces, and the picture shows faces, not ids.
    let seat = Seat(0);
    let faces = |g: &Pandoria| -> Vec<String> {
        g.seat_view(seat)
            .hand
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    let same_picture = r
        .private_image(
            "pandoria",
            &game.seat_view(seat),
            "pandoria-hand.png",
            Lang::En,
        )
        .unwrap()
        .unwrap()
        == r.private_image(
            "pandoria",
            &twin.seat_view(seat),
            "pandoria-hand.png",
            Lang::En,
        )
        .unwrap()
        .unwrap();
    prop_assert_eq!(same_picture, faces(&game) == faces(&twin));
    // And its cards picture the new cards.
    let (mine, new) = (game.seat_view(seat), twin.seat_view(seat));
    if !mine.cards.is_empty() {
        let same_picture = r
            .private_image("pandoria", &mine, "pandoria-cards.png", Lang::En)
            .unwrap()
            .unwrap()
            == r.private_image("pandoria", &new, "pandoria-cards.png", Lang::En)
                .unwrap()
                .unwrap();
        prop_assert_eq!(same_picture, mine.cards == new.cards);
        // Its words too (the cards picture's alt text, sent to that seat only).
        let words = |v: &SeatView| {
            r.private_pictures("pandoria", v, Lang::En)
                .unwrap()
                .into_iter()
                .find(|p| p.name == "pandoria-cards.png")
                .map(|p| p.alt)
        };
        prop_assert_eq!(words(&mine) == words(&new), mine.cards == new.cards);
    }
    Ok(())
}

/// Every player count, with and without trade where it is allowed.
fn rtta_tables() -> Vec<BoxedStrategy<((usize, bool), Point)>> {
    let mut tables = vec![(Just((1, false)), point(160)).boxed()];
    for players in 2..=4 {
        for trade in [false, true] {
            tables.push((Just((players, trade)), point(160)).boxed());
        }
    }
    tables
}

/// Checks one Roll Through the Ages point, drawing public pictures from `view`.
fn check_rtta(
    &(players, trade): &(usize, bool),
    p: &Point,
    view: fn(&Rtta) -> rtta::PublicView,
) -> Result<(), TestCaseError> {
    let options = rtta::Options { trade };
    let mut game = Rtta::new(&options, players, Seed::from_u64(p.seed)).unwrap();
    play(&mut game, p.seed, p.actions);
    let mut state = serde_json::to_value(&game).unwrap();
    reseed(&mut state, &mut Picker::new(p.rehide));
    let twin: Rtta = serde_json::from_value(state).unwrap();
    prop_assert!(twin != game, "the generator was seeded anew");

    let before = public_picture("rtta", &view(&game))?;
    let after = public_picture("rtta", &view(&twin))?;
    same_public(
        &before,
        &after,
        format!("the generator, {players} players, trade {trade}, {p:?}"),
    )?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1), ..ProptestConfig::default() })]

    #[test]
    fn hidden_pandoria_items_leave_the_public_picture_unchanged(points in pandoria_tables()) {
        for (table, point) in &points {
            check_pandoria(table, point, |g| g.public_view())?;
        }
    }

    #[test]
    fn the_rtta_generator_leaves_the_public_picture_unchanged(points in rtta_tables()) {
        for (table, point) in &points {
            check_rtta(table, point, |g| g.public_view())?;
        }
    }
}

/// The check can fail: a public view that showed the hand tiles or the hand cards, or
/// depended on the generator (here as points added to a score), is caught in every mode.
#[test]
fn the_check_fails_for_views_that_show_hidden_items() {
    /// The ids of every seat's hidden items of one kind, added up.
    fn held(g: &Pandoria, ids: fn(&SeatView) -> Vec<i32>) -> i32 {
        let seats = g.public_view().seats.len();
        (0..seats)
            .flat_map(|s| ids(&g.seat_view(Seat(s as u8))))
            .sum()
    }
    fn tiles_in_score(g: &Pandoria) -> PublicView {
        let mut view = g.public_view();
        view.seats[0].score += held(g, |s| s.hand.iter().map(|t| i32::from(t.id.0)).collect());
        view
    }
    fn cards_in_score(g: &Pandoria) -> PublicView {
        let mut view = g.public_view();
        view.seats[0].score += held(g, |s| s.cards.iter().map(|c| i32::from(c.id.0)).collect());
        view
    }
    fn generator_in_score(g: &Rtta) -> rtta::PublicView {
        let mut view = g.public_view();
        let state = serde_json::to_value(g).unwrap();
        let leak = state["rng"]["seed"][0].as_i64().unwrap();
        view.seats[0].score += i32::try_from(leak).unwrap();
        view
    }
    // A point where a seat holds a card in every mode (in the family game with spells hands
    // are often empty).
    let point = Point {
        seed: 1,
        actions: 30,
        rehide: 9,
    };
    // Both checks catch it: the leaked points show in the picture and in its words.
    let caught = |result: Result<(), TestCaseError>| matches!(result, Err(e) if e.to_string().contains("the public picture changed (pixels: true, words: true)"));
    let leaks: [(Mode, ViewOf); 4] = [
        (Mode::Family, tiles_in_score),
        (Mode::FamilySpells, cards_in_score),
        (Mode::Beginner, cards_in_score),
        (Mode::Standard, tiles_in_score),
    ];
    for (mode, leak) in leaks {
        let options = Options {
            mode,
            ..Options::default()
        };
        assert!(
            caught(check_pandoria(&(options, 3), &point, leak)),
            "{mode:?}"
        );
    }
    assert!(caught(check_rtta(&(2, true), &point, generator_in_score)));
}

/// Every registered game (the test-only one included): at every tenth decision of a random
/// game, each seat's hidden items are dealt anew from what that seat knows (core's
/// `redacted` and `determinize`); the public pictures and their words stay the same to the
/// byte, and so do the seat's own private pictures. The next seat's private pictures do
/// change with the new deal somewhere in a game with secrets, so the comparison is not
/// vacuous.
#[test]
fn every_registered_games_pictures_show_no_hidden_item() {
    use turnpost_render::{private_pictures, public_pictures};
    for (i, info) in games::games().iter().enumerate() {
        // Two seats where the game allows them: one whose items are dealt anew, one who sees.
        let players = (*info.players.start()).max(2);
        let seed = 900 + i as u64;
        let game = info.new_game(&[], players, Seed::from_u64(seed)).unwrap();
        let mut turn = 0;
        let mut others_changed = false;
        knowledge::play_checked(game, seed, &mut |g, _, _, rng| {
            turn += 1;
            if turn % 10 != 1 {
                return;
            }
            let public = public_pictures(info.name, &*g.public_view(), Lang::En).unwrap();
            for s in 0..players {
                let seat = Seat(s as u8);
                let other = knowledge::another_deal(g, seat, rng);
                assert_eq!(
                    public_pictures(info.name, &*other.public_view(), Lang::En).unwrap(),
                    public,
                    "{} turn {turn}: a new deal hidden from {seat} changes the public pictures",
                    info.name
                );
                for o in [seat, Seat(((s + 1) % players) as u8)] {
                    let mine = private_pictures(info.name, &*g.seat_view(o), Lang::En).unwrap();
                    let theirs =
                        private_pictures(info.name, &*other.seat_view(o), Lang::En).unwrap();
                    if o == seat {
                        assert_eq!(
                            theirs, mine,
                            "{} turn {turn}: {seat}'s own pictures",
                            info.name
                        );
                    } else {
                        others_changed |= theirs != mine;
                    }
                }
            }
        });
        assert_eq!(
            others_changed,
            info.secrets && players > 1,
            "{}: another seat's private pictures changed with a new deal",
            info.name
        );
    }
}
