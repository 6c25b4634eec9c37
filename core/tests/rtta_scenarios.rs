//! Runs each Roll Through the Ages scenario file in `tests/scenarios/rtta/` (format: see
//! `turnpost_core::scenario`) as its own test, and checks that no file is left out.

use std::path::Path;

fn run(file: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/rtta")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if let Err(e) = turnpost_core::scenario::run(&text) {
        panic!("{file}: {e}");
    }
}

macro_rules! scenarios {
    ($($name:ident => $file:literal,)*) => {
        $(
            #[test]
            fn $name() {
                run($file);
            }
        )*
        const FILES: &[&str] = &[$($file),*];
    };
}

scenarios! {
    text_example_rolling_and_goods => "text-example-rolling-and-goods.txt",
    text_example_obelisk_after_another_player => "text-example-obelisk-after-another-player.txt",
    text_example_agriculture_with_metal_and_cloth => "text-example-agriculture-with-metal-and-cloth.txt",
    leadership => "development-leadership.txt",
    irrigation_and_drought => "development-irrigation-drought.txt",
    agriculture => "development-agriculture.txt",
    quarrying => "development-quarrying.txt",
    medicine_and_pestilence => "development-medicine-pestilence.txt",
    coinage => "development-coinage.txt",
    caravans => "development-caravans.txt",
    religion_and_revolt => "development-religion-revolt.txt",
    granaries => "development-granaries.txt",
    masonry => "development-masonry.txt",
    engineering => "development-engineering.txt",
    architecture_and_empire => "development-architecture-empire.txt",
    great_wall_and_invasion => "disaster-invasion-great-wall.txt",
    famine => "disaster-famine.txt",
    goods_cycle_and_full_tracks => "goods-cycle-full-tracks.txt",
    food_limit => "food-limit.txt",
    monument_first_and_later => "monument-first-and-later.txt",
    end_by_five_developments => "end-five-developments.txt",
    end_by_all_monuments => "end-all-monuments.txt",
    tiebreak_by_goods_value => "tiebreak-goods-value.txt",
    solo_ten_rounds => "solo-ten-rounds.txt",
    solo_pestilence_and_skull_rerolls => "solo-pestilence-skull-rerolls.txt",
    solo_religion_prevents_revolt => "solo-religion.txt",
    trade_offer_accept_decline => "trade.txt",
    bad_input_is_refused => "bad-input.txt",
}

#[test]
fn every_scenario_file_has_a_test() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/rtta");
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".txt"))
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = FILES.iter().map(|f| f.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "scenario files and tests differ");
}

/// Text 002's scoring tables ("Errungenschaft … Punkte", "Monument … Erster / Zweiter"):
/// every development's points, and every monument's points for the first player to
/// complete it and for later ones (nothing for one left unfinished).
const DEVELOPMENT_POINTS: &[(&str, i32)] = &[
    ("leadership", 2),
    ("irrigation", 2),
    ("agriculture", 3),
    ("quarrying", 3),
    ("medicine", 3),
    ("coinage", 4),
    ("caravans", 4),
    ("religion", 6),
    ("granaries", 6),
    ("masonry", 6),
    ("engineering", 6),
    ("architecture", 8),
    ("empire", 8),
];
const MONUMENT_POINTS: &[(&str, u32, i32, i32)] = &[
    ("step-pyramid", 3, 1, 0),
    ("stone-circle", 5, 2, 1),
    ("temple", 7, 4, 2),
    ("obelisk", 9, 6, 3),
    ("hanging-gardens", 11, 8, 4),
    ("great-wall", 13, 10, 5),
    ("great-pyramid", 15, 12, 6),
];

fn run_text(what: &str, text: &str) {
    if let Err(e) = turnpost_core::scenario::run(text) {
        panic!("{what}: {e}\n{text}");
    }
}

#[test]
fn every_development_and_monument_scores_what_text_002_prints() {
    for (development, points) in DEVELOPMENT_POINTS {
        run_text(
            development,
            &format!(
                "game: rtta\nplayers: 2\nseed: 0\nfix: developments 1 {development}\n\
                 expect: /seats/0/score_parts/developments = {points}\n\
                 expect: /seats/1/score_parts/developments = 0\n"
            ),
        );
    }
    // Four players: every monument is in play. Red completes it first, Blue later, Yellow
    // is one worker short.
    for (monument, workers, first, later) in MONUMENT_POINTS {
        run_text(
            monument,
            &format!(
                "game: rtta\nplayers: 4\nseed: 0\n\
                 fix: monument 1 {monument} {workers}\n\
                 fix: monument 2 {monument} {workers}\n\
                 fix: monument 3 {monument} {short}\n\
                 expect: /seats/0/score_parts/monuments = {first}\n\
                 expect: /seats/1/score_parts/monuments = {later}\n\
                 expect: /seats/2/score_parts/monuments = 0\n",
                short = workers - 1
            ),
        );
    }
}
