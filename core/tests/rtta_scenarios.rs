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
