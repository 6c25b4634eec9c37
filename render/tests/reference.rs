//! Reference pictures: fixed seeds of every registered game drawn and compared with the PNGs in
//! `render/tests/reference/` as decoded pixels. The pictures come from our own
//! deterministic code, so they match exactly on one machine; [`compare`] allows only the
//! rounding noise another machine's floating point could add (a level or two on scattered
//! pixels), so a changed digit, a recoloured seat or a shifted background fails. The folder
//! holds exactly the files the test uses: a left-over or missing file fails too.
//!
//! After a deliberate change of the pictures, look at the new ones (a failing run writes
//! them to `target/render-reference/`) and regenerate the references with
//! `TURNPOST_BLESS=1 cargo test -p turnpost-render --test reference` (exactly `1`: any
//! other value compares as usual).

#[path = "support/games.rs"]
mod games;
#[path = "support/samples.rs"]
mod samples;

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbImage};
use turnpost_core::Game;
use turnpost_core::dynamic::{AnyView, View};
use turnpost_core::pandoria::{Mode, PublicView, SeatView};
use turnpost_core::words::Lang;
use turnpost_render::Renderer;

/// Rounding noise: how far a channel of one pixel may be from the reference. The pictures
/// come from our own deterministic code, so on one machine they match exactly; elsewhere a
/// last-bit difference in `sin`/`cos` or in glyph coverage can move an anti-aliased edge
/// pixel by a level or two after rounding, never more.
const PIXEL_NOISE: u8 = 2;
/// The side of the square regions whose mean difference is bounded (edge regions are
/// counted as if full, so a narrow strip at the border does not magnify noise).
const REGION: u32 = 16;
/// The largest mean absolute difference of one channel over one region. Noise touches a
/// few scattered pixels (an edge through a region moves it by about 0.1); a recoloured seat
/// or background shifts whole regions by its full amount, 1.0 for a shift of one level.
const REGION_MEAN: f64 = 0.5;
/// The largest mean absolute difference of one channel over the whole picture: a change
/// too thin to show in any one region but spread over the picture.
const IMAGE_MEAN: f64 = 0.05;

/// The references: which game draws them and the name of the stored view.
const REFERENCES: [(&str, &str); 13] = [
    ("pandoria", "pandoria-4p-seed7-public"),
    ("pandoria", "pandoria-4p-seed7-seat"),
    ("pandoria", "pandoria-2p-seed5-public"),
    ("pandoria", "pandoria-4p-seed7-standard-public"),
    ("pandoria", "pandoria-4p-seed7-standard-seat"),
    // Centaurs, Fairies (the camp of 8), Goblins (two on buildings, the shut fifth slot),
    // Spirits of the Ancients.
    ("pandoria", "pandoria-4p-seed15-realms-public"),
    // Artifacts: artifacts on tiles and with seats, relics taken and left, mountain castles,
    // single tiles — in the standard and the family game.
    ("pandoria", "pandoria-4p-seed4-artifacts-public"),
    ("pandoria", "pandoria-3p-seed15-artifacts-family-public"),
    ("pandoria", "pandoria-3p-seed15-artifacts-family-seat"),
    // The River side: the river's flow, ship discounts, the printed Astral Ship.
    ("pandoria", "pandoria-3p-seed2-river-public"),
    ("rtta", "rtta-4p-seed3-public"),
    ("rtta", "rtta-4p-seed3-end"),
    ("rtta", "rtta-1p-seed9-public"),
];

/// Every reference: the hand-picked ones above, and for each registered game without one
/// (the test-only game, a game just added) its public pictures early in a game of seed 1, so
/// a new game gets its references by blessing, without an edit here.
fn references() -> Vec<(&'static str, String)> {
    let mut all: Vec<(&'static str, String)> = REFERENCES
        .iter()
        .map(|&(game, name)| (game, name.to_string()))
        .collect();
    for info in games::games() {
        if !REFERENCES.iter().any(|(game, _)| *game == info.name) {
            all.push((info.name, format!("{}{EARLY}", info.name)));
        }
    }
    all
}

/// The name of a registered game's early reference, after the game's name.
const EARLY: &str = "-seed1-early-public";

/// A registered game early in a game of seed 1: three random legal actions played.
fn early_view(game: &str) -> View {
    samples::registered_early(game).public_view()
}

fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/reference")
}

fn output_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/render-reference")
}

/// Whether `TURNPOST_BLESS` asks to regenerate the references.
fn blessing(value: Option<&OsStr>) -> bool {
    // Exactly "1": `TURNPOST_BLESS=0` or an empty value left in a shell must not overwrite
    // the references.
    value == Some(OsStr::new("1"))
}

fn bless_requested() -> bool {
    blessing(std::env::var_os("TURNPOST_BLESS").as_deref())
}

/// Why `actual` does not match `expected`, if it does not: a size change, a pixel further
/// than [`PIXEL_NOISE`] from the reference in any channel, or a channel whose mean
/// difference exceeds [`REGION_MEAN`] in some region or [`IMAGE_MEAN`] overall.
fn compare(expected: &RgbImage, actual: &RgbImage) -> Result<(), String> {
    if expected.dimensions() != actual.dimensions() {
        return Err(format!(
            "size {:?}, reference {:?}",
            actual.dimensions(),
            expected.dimensions()
        ));
    }
    if expected.as_raw() == actual.as_raw() {
        return Ok(());
    }
    let (width, height) = expected.dimensions();
    let columns = width.div_ceil(REGION) as usize;
    let mut regions = vec![[0u64; 3]; columns * height.div_ceil(REGION) as usize];
    let mut total = [0u64; 3];
    let mut beyond_noise = 0usize;
    let mut first_beyond: Option<(usize, usize, &[u8], &[u8])> = None;
    let row = width as usize * 3;
    let rows = expected
        .as_raw()
        .chunks_exact(row)
        .zip(actual.as_raw().chunks_exact(row));
    for (y, (expected_row, actual_row)) in rows.enumerate() {
        let band = &mut regions[y / REGION as usize * columns..][..columns];
        let pixels = expected_row.chunks_exact(3).zip(actual_row.chunks_exact(3));
        for (x, (e, a)) in pixels.enumerate() {
            let region = &mut band[x / REGION as usize];
            let mut worst = 0;
            for c in 0..3 {
                let d = e[c].abs_diff(a[c]);
                worst = worst.max(d);
                region[c] += u64::from(d);
                total[c] += u64::from(d);
            }
            if worst > PIXEL_NOISE {
                beyond_noise += 1;
                first_beyond.get_or_insert((x, y, e, a));
            }
        }
    }
    let mut problems = Vec::new();
    if let Some((x, y, e, a)) = first_beyond {
        problems.push(format!(
            "{beyond_noise} pixels differ by more than {PIXEL_NOISE} in a channel (the first \
             at ({x}, {y}): {a:?}, reference {e:?})"
        ));
    }
    let area = f64::from(REGION * REGION);
    let worst_region = regions
        .iter()
        .enumerate()
        .flat_map(|(i, sums)| (0..3).map(move |c| (i, c, sums[c] as f64 / area)))
        .max_by(|a, b| a.2.total_cmp(&b.2));
    if let Some((i, c, mean)) = worst_region.filter(|&(_, _, mean)| mean > REGION_MEAN) {
        let (x, y) = ((i % columns) as u32 * REGION, (i / columns) as u32 * REGION);
        problems.push(format!(
            "channel {c} differs by {mean:.2} on average in the {REGION}×{REGION} region at \
             ({x}, {y}) (at most {REGION_MEAN})"
        ));
    }
    let pixels = f64::from(width) * f64::from(height);
    for (c, sum) in total.iter().enumerate() {
        let mean = *sum as f64 / pixels;
        if mean > IMAGE_MEAN {
            problems.push(format!(
                "channel {c} differs by {mean:.3} on average over the picture (at most \
                 {IMAGE_MEAN})"
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

fn write_png(path: &std::path::Path, image: &RgbImage) {
    // References are written once: the slow, small setting is fine here.
    let mut bytes = Vec::new();
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Best, FilterType::Adaptive)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            ExtendedColorType::Rgb8,
        )
        .unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn read_reference(file: &str) -> Result<RgbImage, String> {
    let path = reference_dir().join(file);
    image::open(&path)
        .map(|img| img.to_rgb8())
        .map_err(|e| format!("no reference picture {} ({e})", path.display()))
}

/// Compares one drawn picture with its reference; a failure saves the new picture.
fn check(file: &str, actual: &RgbImage) -> Result<(), String> {
    let problem = match read_reference(file) {
        Ok(expected) => match compare(&expected, actual) {
            Ok(()) => return Ok(()),
            Err(e) => e,
        },
        Err(e) => e,
    };
    std::fs::create_dir_all(output_dir()).unwrap();
    let out = output_dir().join(file);
    actual.save(&out).unwrap();
    Err(format!(
        "{file}: {problem}; the new picture is at {}",
        out.display()
    ))
}

/// The view a reference is drawn from, fresh from a sample game of a fixed seed.
fn sample(name: &str) -> View {
    let pandoria = || samples::pandoria_late(4, 7);
    let standard = || samples::pandoria_late_in(Mode::Standard, 4, 7);
    match name {
        "pandoria-4p-seed7-public" => Arc::new(pandoria().public_view()),
        "pandoria-4p-seed7-seat" => {
            let game = pandoria();
            Arc::new(game.seat_view(game.current()))
        }
        "pandoria-2p-seed5-public" => Arc::new(samples::pandoria_after(2, 5, 6).public_view()),
        "pandoria-4p-seed7-standard-public" => Arc::new(standard().public_view()),
        "pandoria-4p-seed7-standard-seat" => {
            let game = standard();
            Arc::new(game.seat_view(game.current()))
        }
        "pandoria-4p-seed15-realms-public" => {
            Arc::new(samples::pandoria_realms_late(4, 15).public_view())
        }
        "pandoria-4p-seed4-artifacts-public" => {
            Arc::new(samples::pandoria_artifacts_late(Mode::Standard, 4, 4).public_view())
        }
        "pandoria-3p-seed15-artifacts-family-public" => {
            Arc::new(samples::pandoria_artifacts_late(Mode::Family, 3, 15).public_view())
        }
        "pandoria-3p-seed15-artifacts-family-seat" => {
            let game = samples::pandoria_artifacts_late(Mode::Family, 3, 15);
            Arc::new(game.seat_view(game.current()))
        }
        "pandoria-3p-seed2-river-public" => {
            Arc::new(samples::pandoria_river_late(Mode::Standard, 3, 2).public_view())
        }
        "rtta-4p-seed3-public" => Arc::new(samples::rtta_after(4, 3, 6).public_view()),
        "rtta-4p-seed3-end" => Arc::new(samples::rtta_after(4, 3, 12).public_view()),
        "rtta-1p-seed9-public" => Arc::new(samples::rtta_after(1, 9, 5).public_view()),
        early if early.ends_with(EARLY) => early_view(early.trim_end_matches(EARLY)),
        other => panic!("no sample view called {other}"),
    }
}

/// The views the references are drawn from: sample games of fixed seeds. They are stored
/// next to the pictures (as JSON) when blessing, and the test draws the stored views where
/// it can read them back, so a change in core's rules (which changes what a seeded random
/// game looks like) does not fail this test; only a change in the drawing does.
fn views() -> Vec<(String, View)> {
    references()
        .into_iter()
        .map(|(_, name)| {
            let view = sample(&name);
            (name, view)
        })
        .collect()
}

fn stored_json(name: &str) -> serde_json::Value {
    let path = reference_dir().join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "no stored view {} ({e}); bless with TURNPOST_BLESS=1",
            path.display()
        )
    });
    serde_json::from_str(&text).unwrap()
}

/// A stored view, typed. Pandoria's views read back from their JSON. Core's Roll Through
/// the Ages view cannot (it is serialise-only: it borrows its names from the component
/// data), so its references are drawn from the fresh sample view, which must still be the
/// stored one: a change in core that changes the sample position fails here, before any
/// picture is compared.
fn stored_view(game: &str, name: &str) -> View {
    let json = stored_json(name);
    let unread = format!("the stored view {name} does not read back");
    match game {
        "pandoria" if name.ends_with("-seat") => {
            Arc::new(serde_json::from_value::<SeatView>(json).expect(&unread))
        }
        "pandoria" => Arc::new(serde_json::from_value::<PublicView>(json).expect(&unread)),
        _ => {
            let fresh = sample(name);
            assert!(
                fresh.to_json() == json,
                "the sample view {name} is no longer the stored one (core's rules or view \
                 changed): look at the new pictures, then bless with TURNPOST_BLESS=1"
            );
            fresh
        }
    }
}

/// The pictures of one view as `(reference file, picture)`.
fn draw(game: &str, name: &str, view: &dyn AnyView) -> Vec<(String, RgbImage)> {
    let r = Renderer::shared();
    if name.ends_with("-seat") {
        // A seat's private pictures (its public part is the public view's picture).
        r.private_images(game, view, Lang::En)
            .unwrap()
            .into_iter()
            .map(|(file, image)| {
                let file = file.trim_start_matches("pandoria-");
                (format!("{name}-{file}"), image)
            })
            .collect()
    } else {
        // The public picture and the glance beside it.
        vec![
            (
                format!("{name}.png"),
                r.public_image(game, view, Lang::En).unwrap(),
            ),
            (
                format!("{name}-summary.png"),
                r.summary_image(game, view, Lang::En).unwrap(),
            ),
        ]
    }
}

/// Every reference picture drawn from its stored view, drawn once for all tests.
fn drawn() -> &'static [(String, RgbImage)] {
    static DRAWN: OnceLock<Vec<(String, RgbImage)>> = OnceLock::new();
    DRAWN.get_or_init(|| {
        references()
            .iter()
            .flat_map(|(game, name)| draw(game, name, &*stored_view(game, name)))
            .collect()
    })
}

#[test]
fn pictures_match_the_references() {
    if bless_requested() {
        let fresh = views();
        let names: Vec<&String> = fresh.iter().map(|(name, _)| name).collect();
        let all = references();
        let listed: Vec<&String> = all.iter().map(|(_, name)| name).collect();
        assert_eq!(
            names, listed,
            "views() and references() name the same views"
        );
        std::fs::create_dir_all(reference_dir()).unwrap();
        for ((game, name), (_, view)) in all.iter().zip(&fresh) {
            let text = serde_json::to_string_pretty(&view.to_json()).unwrap();
            std::fs::write(reference_dir().join(format!("{name}.json")), text + "\n").unwrap();
            for (file, image) in draw(game, name, &**view) {
                write_png(&reference_dir().join(file), &image);
            }
        }
        return;
    }
    let problems: Vec<String> = drawn()
        .iter()
        .filter_map(|(file, image)| check(file, image).err())
        .collect();
    assert!(
        problems.is_empty(),
        "{}\n(after a deliberate change: look at the new pictures, then bless with \
         TURNPOST_BLESS=1)",
        problems.join("\n")
    );
}

/// What is wrong with the reference folder: files the test does not draw or read (left
/// over), and files it needs that are not there.
fn listing_problems(on_disk: &BTreeSet<String>, needed: &BTreeSet<String>) -> Vec<String> {
    let orphans = on_disk
        .difference(needed)
        .map(|f| format!("{f} is in the reference folder but no reference uses it"));
    let missing = needed
        .difference(on_disk)
        .map(|f| format!("{f} is missing from the reference folder"));
    orphans.chain(missing).collect()
}

#[test]
fn the_reference_folder_holds_exactly_the_files_the_test_uses() {
    if bless_requested() {
        // The other test is rewriting the folder; the next plain run checks it.
        return;
    }
    let on_disk: BTreeSet<String> = std::fs::read_dir(reference_dir())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    let views = references()
        .into_iter()
        .map(|(_, name)| format!("{name}.json"));
    let pictures = drawn().iter().map(|(file, _)| file.clone());
    let needed: BTreeSet<String> = views.chain(pictures).collect();
    let problems = listing_problems(&on_disk, &needed);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_listing_check_names_left_over_and_missing_files() {
    let set =
        |names: &[&str]| -> BTreeSet<String> { names.iter().map(|n| n.to_string()).collect() };
    let needed = set(&["a.json", "a.png"]);
    assert!(listing_problems(&set(&["a.json", "a.png"]), &needed).is_empty());
    assert_eq!(
        listing_problems(&set(&["a.json", "a.png", "b.png"]), &needed),
        ["b.png is in the reference folder but no reference uses it"]
    );
    assert_eq!(
        listing_problems(&set(&["a.png"]), &needed),
        ["a.json is missing from the reference folder"]
    );
}

#[test]
fn only_turnpost_bless_1_blesses() {
    assert!(blessing(Some(OsStr::new("1"))));
    for value in ["0", "", "true", "yes", " 1", "10"] {
        assert!(
            !blessing(Some(OsStr::new(value))),
            "TURNPOST_BLESS={value:?}"
        );
    }
    assert!(!blessing(None));
}

/// The most common colour of a picture (its background), counted on every 16th pixel.
fn most_common_colour(image: &RgbImage) -> [u8; 3] {
    let mut counts = std::collections::BTreeMap::new();
    for p in image.pixels().step_by(16) {
        *counts.entry(p.0).or_insert(0usize) += 1;
    }
    counts.into_iter().max_by_key(|&(_, n)| n).unwrap().0
}

/// `image` with every pixel of exactly `colour` shifted by `by` in `channel`; also how many
/// pixels changed.
fn recoloured(image: &RgbImage, colour: [u8; 3], channel: usize, by: i16) -> (RgbImage, usize) {
    let mut out = image.clone();
    let mut changed = 0;
    for p in out.pixels_mut() {
        if p.0 == colour {
            p.0[channel] = (i16::from(p.0[channel]) + by).clamp(0, 255) as u8;
            changed += 1;
        }
    }
    (out, changed)
}

#[test]
fn unchanged_pictures_and_rounding_noise_pass_the_comparison() {
    for (file, reference) in mutated() {
        assert_eq!(compare(reference, &reference.clone()), Ok(()), "{file}");
        // Rounding noise: one level up or down in one channel of one pixel in 29.
        let mut noisy = reference.clone();
        for (i, p) in noisy.pixels_mut().enumerate().step_by(29) {
            let c = i % 3;
            p.0[c] = if p.0[c] == 255 { 254 } else { p.0[c] + 1 };
        }
        assert_ne!(&noisy, reference);
        assert_eq!(compare(reference, &noisy), Ok(()), "{file} with noise");
    }
}

/// The pictures the changes below are made to: both games, public and private, each
/// background.
const MUTATED: [&str; 3] = [
    "pandoria-4p-seed7-public.png",
    "pandoria-4p-seed7-standard-seat-cards.png",
    "rtta-1p-seed9-public.png",
];

/// The pictures of [`MUTATED`] as stored, decoded once for the tests below.
fn mutated() -> impl Iterator<Item = &'static (String, RgbImage)> {
    static STORED: OnceLock<Vec<(String, RgbImage)>> = OnceLock::new();
    STORED
        .get_or_init(|| {
            MUTATED
                .iter()
                .map(|file| (file.to_string(), read_reference(file).unwrap()))
                .collect()
        })
        .iter()
}

#[test]
fn a_changed_digit_fails_the_comparison() {
    // A score one higher in the view: the picture shows another digit.
    let name = "pandoria-4p-seed7-public";
    let mut view: PublicView = serde_json::from_value(stored_json(name)).unwrap();
    let score = view.seats[1].score;
    view.seats[1].score = score + 1;
    let changed = Renderer::shared()
        .public_image("pandoria", &view, Lang::En)
        .unwrap();
    let file = format!("{name}.png");
    let (_, reference) = mutated().find(|(f, _)| *f == file).unwrap();
    assert!(
        compare(reference, &changed).is_err(),
        "score {score} → {}",
        score + 1
    );

    // Four pixels of a dark stroke swapped with light pixels two to their right, as a
    // changed digit would move a stroke.
    for (file, reference) in mutated() {
        let brightness = |x: u32, y: u32| -> u32 {
            reference
                .get_pixel(x, y)
                .0
                .iter()
                .map(|&c| u32::from(c))
                .sum()
        };
        let ink: Vec<(u32, u32)> = reference
            .enumerate_pixels()
            .filter(|&(x, y, _)| {
                x + 2 < reference.width() && brightness(x, y) < 150 && brightness(x + 2, y) > 600
            })
            .map(|(x, y, _)| (x, y))
            .take(4)
            .collect();
        assert_eq!(ink.len(), 4, "{file} has dark strokes on a light ground");
        let mut swapped = reference.clone();
        for &(x, y) in &ink {
            let (a, b) = (*reference.get_pixel(x, y), *reference.get_pixel(x + 2, y));
            swapped.put_pixel(x, y, b);
            swapped.put_pixel(x + 2, y, a);
        }
        assert!(
            compare(reference, &swapped).is_err(),
            "{file}: 4 pixels swapped"
        );
    }
}

#[test]
fn a_recoloured_seat_fails_the_comparison() {
    // The first seat's colour (Okabe–Ito vermillion), 10 levels greener everywhere.
    const RED: [u8; 3] = [213, 94, 0];
    let mut tried = 0;
    for (file, reference) in mutated() {
        let (changed, pixels) = recoloured(reference, RED, 1, 10);
        if pixels == 0 {
            continue; // a private picture without the seat's colour
        }
        tried += 1;
        assert!(
            compare(reference, &changed).is_err(),
            "{file}: {pixels} pixels recoloured"
        );
    }
    assert!(
        tried >= 3,
        "only {tried} pictures show the first seat's colour"
    );
}

#[test]
fn a_shifted_background_fails_the_comparison() {
    // One level in one channel, a different channel for each picture.
    for (i, (file, reference)) in mutated().enumerate() {
        let background = most_common_colour(reference);
        let channel = i % 3;
        let by = if background[channel] == 255 { -1 } else { 1 };
        let (changed, pixels) = recoloured(reference, background, channel, by);
        assert!(
            compare(reference, &changed).is_err(),
            "{file}: background {background:?} shifted by {by} in channel {channel} \
             ({pixels} pixels)"
        );
    }
}
