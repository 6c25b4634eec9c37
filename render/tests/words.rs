//! Every word a picture draws is the reader's (issue 30), checked with render's text-capture
//! hook ([`Fonts::recording`]: every run of text with the whole text it is part of and the
//! box it belongs in) on sample views of every registered game — early, late and finished
//! games, every Pandoria mode and expansion, Roll Through the Ages solo, with trade and at
//! its end — public, glance and private pictures:
//!
//! - in the test language (`Lang::Pseudo`, each rendered text wrapped in `⟦…⟧`), no letter
//!   is drawn outside the brackets: every word came through `Lang::render` (a player's mark,
//!   one character, is a symbol);
//! - in English and German, every run stays inside its box (measured with the font), and
//!   the pictures a player reads to decide cut no text short.
//!
//! The German pictures are written to `target/render-german/` (full size and 400 pixels
//! wide, as a phone shows them) for a look.

#[path = "support/games.rs"]
mod games;
#[path = "support/samples.rs"]
mod samples;

use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use image::RgbImage;
use turnpost_core::dynamic::View;
use turnpost_core::pandoria::Mode;
use turnpost_core::words::{Lang, all_pseudo};
use turnpost_core::{Game, Seed};
use turnpost_render::Renderer;
use turnpost_render::png::{Fonts, TextRun};

/// How far a run may reach past its box: rounding of the pen positions.
const SLACK: f32 = 1.0;

/// A view to draw: its game, a name for the pictures, the public view and a seat's view.
struct Sample {
    game: &'static str,
    name: String,
    public: View,
    seat: View,
}

fn pandoria(name: &str, game: turnpost_core::pandoria::Pandoria) -> Sample {
    let seat = game.current();
    Sample {
        game: "pandoria",
        name: name.to_string(),
        public: Arc::new(game.public_view()),
        seat: Arc::new(game.seat_view(seat)),
    }
}

fn rtta(name: &str, game: &turnpost_core::rtta::Rtta) -> Sample {
    Sample {
        game: "rtta",
        name: name.to_string(),
        public: Arc::new(game.public_view()),
        seat: Arc::new(game.public_view()),
    }
}

/// A Roll Through the Ages game with trade, played until an offer is on the table.
fn rtta_trading() -> turnpost_core::rtta::Rtta {
    let options = turnpost_core::rtta::Options { trade: true };
    let mut g = turnpost_core::rtta::Rtta::new(&options, 3, Seed::from_u64(4)).unwrap();
    samples::play_preferring(&mut g, 4, &["offer", "give", "get"], |g| {
        let v = g.public_view();
        v.offer.is_none() && !v.over
    });
    g
}

/// The sample views: the render references' positions, a finished Pandoria game, a trade
/// offer, and every other registered game early in a game.
fn samples() -> &'static [Sample] {
    static SAMPLES: OnceLock<Vec<Sample>> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        let mut finished = turnpost_core::pandoria::Pandoria::new(
            &turnpost_core::pandoria::Options {
                mode: Mode::Standard,
                ..Default::default()
            },
            3,
            Seed::from_u64(11),
        )
        .unwrap();
        samples::play_random(&mut finished, 11, |_| true);
        let mut all = vec![
            pandoria("pandoria-family-4p", samples::pandoria_late(4, 7)),
            pandoria("pandoria-family-2p-early", samples::pandoria_after(2, 5, 6)),
            pandoria(
                "pandoria-standard-4p",
                samples::pandoria_late_in(Mode::Standard, 4, 7),
            ),
            pandoria(
                "pandoria-beginner-3p",
                samples::pandoria_late_in(Mode::Beginner, 3, 8),
            ),
            pandoria("pandoria-realms-4p", samples::pandoria_realms_late(4, 15)),
            pandoria(
                "pandoria-artifacts-4p",
                samples::pandoria_artifacts_late(Mode::Standard, 4, 4),
            ),
            pandoria(
                "pandoria-artifacts-family-3p",
                samples::pandoria_artifacts_late(Mode::Family, 3, 15),
            ),
            pandoria(
                "pandoria-river-3p",
                samples::pandoria_river_late(Mode::Standard, 3, 2),
            ),
            pandoria("pandoria-finished-3p", finished),
            rtta("rtta-4p", &samples::rtta_after(4, 3, 6)),
            rtta("rtta-4p-end", &samples::rtta_after(4, 3, 12)),
            rtta("rtta-solo", &samples::rtta_after(1, 9, 5)),
            rtta("rtta-trade-3p", &rtta_trading()),
        ];
        for info in games::games() {
            if all.iter().any(|s| s.game == info.name) {
                continue;
            }
            let g = samples::registered_early(info.name);
            let seat = g.decision().map_or(turnpost_core::Seat(0), |d| d.seat);
            all.push(Sample {
                game: info.name,
                name: format!("{}-early", info.name),
                public: g.public_view(),
                seat: g.seat_view(seat),
            });
        }
        all
    })
}

/// One picture as drawn, with its runs of text.
struct Drawn {
    name: String,
    image: RgbImage,
    runs: Vec<TextRun>,
    /// A picture a player reads to decide (the glance and the private pictures).
    decision: bool,
}

fn renderer() -> &'static Renderer {
    static R: OnceLock<Renderer> = OnceLock::new();
    R.get_or_init(|| Renderer::with_fonts(Fonts::recording()))
}

/// Every picture of every sample in `lang`. The renderer is shared by the tests of this
/// file, which run in parallel: a lock keeps each picture's runs its own.
fn draw_all(lang: Lang) -> Vec<Drawn> {
    static LOCK: Mutex<()> = Mutex::new(());
    let _one = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let r = renderer();
    let mut out = Vec::new();
    let mut keep = |name: String, image: RgbImage, decision: bool| {
        let runs = r.fonts().take_runs();
        out.push(Drawn {
            name,
            image,
            runs,
            decision,
        });
    };
    for s in samples() {
        r.fonts().take_runs();
        let board = r.public_image(s.game, &*s.public, lang).unwrap();
        keep(format!("{}-board", s.name), board, false);
        let glance = r.summary_image(s.game, &*s.public, lang).unwrap();
        keep(format!("{}-glance", s.name), glance, true);
        for (file, _) in r.private_images(s.game, &*s.seat, Lang::En).unwrap() {
            r.fonts().take_runs();
            let image = r
                .private_image(s.game, &*s.seat, &file, lang)
                .unwrap()
                .unwrap();
            let file = file.trim_end_matches(".png");
            keep(format!("{}-{file}", s.name), image, true);
        }
    }
    out
}

/// Whether a run reaches outside its box.
fn outside(r: &TextRun) -> bool {
    let [left, top, right, bottom] = r.bounds;
    r.left < left - SLACK
        || r.right > right + SLACK
        || r.top < top - SLACK
        || r.bottom > bottom + SLACK
}

/// Whether a run was cut short to fit (its whole text has no ellipsis where it has one).
fn cut_short(r: &TextRun) -> bool {
    r.text.contains('…') && !r.source.contains('…')
}

#[test]
fn every_drawn_word_came_through_the_readers_language() {
    let drawn = draw_all(Lang::Pseudo);
    assert!(drawn.len() > 30, "{} pictures", drawn.len());
    let runs: usize = drawn.iter().map(|d| d.runs.len()).sum();
    assert!(runs > 1000, "{runs} runs of text recorded");
    let mut unread = Vec::new();
    for d in &drawn {
        for r in &d.runs {
            // A player's mark (one letter on a figure) is a symbol, not a word.
            let symbol = r.text.chars().count() == 1;
            if !symbol && !all_pseudo(&r.source, |c| !c.is_alphabetic()) {
                unread.push(format!("{}: {:?} (in {:?})", d.name, r.text, r.source));
            }
        }
    }
    assert!(
        unread.is_empty(),
        "{} texts did not come through Lang::render:\n{}",
        unread.len(),
        unread.join("\n")
    );
}

fn output_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/render-german")
}

#[test]
fn every_drawn_string_stays_inside_its_box_in_english_and_german() {
    let mut problems = Vec::new();
    for lang in [Lang::En, Lang::De] {
        let drawn = draw_all(lang);
        let mut cut = 0;
        for d in &drawn {
            for r in &d.runs {
                if outside(r) {
                    problems.push(format!(
                        "{lang:?} {}: {:?} at {:.0}–{:.0} × {:.0}–{:.0} leaves its box {:?}",
                        d.name, r.text, r.left, r.right, r.top, r.bottom, r.bounds
                    ));
                }
                if cut_short(r) {
                    cut += 1;
                    println!(
                        "{lang:?} {}: cut short: {:?} (of {:?})",
                        d.name, r.text, r.source
                    );
                    if d.decision {
                        problems.push(format!(
                            "{lang:?} {}: cut short where a player reads to decide: {:?}",
                            d.name, r.source
                        ));
                    }
                }
            }
        }
        println!("{lang:?}: {} pictures, {cut} texts cut short", drawn.len());
        if lang == Lang::De {
            // For a look: each German picture at full size and as a phone shows it.
            let dir = output_dir();
            std::fs::create_dir_all(&dir).unwrap();
            for d in &drawn {
                d.image.save(dir.join(format!("{}.png", d.name))).unwrap();
                let (w, h) = d.image.dimensions();
                let small = image::imageops::resize(
                    &d.image,
                    400,
                    (h * 400 / w).max(1),
                    image::imageops::FilterType::Triangle,
                );
                small.save(dir.join(format!("{}-400.png", d.name))).unwrap();
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The hook itself: a run knows the whole text it was wrapped from and the box it was
/// drawn in, so the checks above can fail.
#[test]
fn the_hook_records_each_runs_whole_text_and_box() {
    let drawn = draw_all(Lang::Pseudo);
    let glance = drawn.iter().find(|d| d.name.ends_with("-glance")).unwrap();
    assert!(
        glance.runs.iter().any(|r| r.text != r.source),
        "a wrapped line knows its whole text"
    );
    let board = drawn
        .iter()
        .find(|d| d.name == "pandoria-standard-4p-board")
        .unwrap();
    let (w, h) = board.image.dimensions();
    assert!(
        board
            .runs
            .iter()
            .any(|r| r.bounds != [0.0, 0.0, w as f32, h as f32]),
        "the seats' panels are boxes of their own"
    );
    let english = TextRun {
        text: "Red to play".into(),
        source: "Red to play".into(),
        bounds: [0.0, 0.0, 50.0, 20.0],
        size: 15.0,
        left: 10.0,
        right: 80.0,
        top: 5.0,
        bottom: 18.0,
    };
    assert!(!all_pseudo(&english.source, |c| !c.is_alphabetic()));
    assert!(outside(&english));
}
