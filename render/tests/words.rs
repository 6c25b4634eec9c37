//! Every word a picture draws is the reader's (issue 30), checked with render's text-capture
//! hook ([`Fonts::recording`]: every run of text with the whole text it is part of and the
//! box it belongs in) on sample views of every registered game — early, late and finished
//! games, every Pandoria mode and expansion, Roll Through the Ages solo, with trade and at
//! its end — public, glance and private pictures:
//!
//! - in the test language (`Lang::Pseudo`, each rendered text wrapped in `⟦…⟧`), no letter
//!   is drawn outside the brackets: every word came through `Lang::render`, a player's mark
//!   too;
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
            // A player's mark (the letter on a figure) too is the reader's: German's Gelb
            // and Grün are Ge and Gr.
            if !all_pseudo(&r.source, |c| !c.is_alphabetic()) {
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

/// Every component name the pictures of whole games show — cards' spells and buildings
/// (with their strength), realms, Roll Through the Ages' developments, monuments and goods —
/// in `lang`.
fn component_names(lang: Lang) -> Vec<String> {
    use turnpost_core::pandoria::{CardView, Realm, cards};
    use turnpost_core::rtta::{Development, Good, Monument};
    let mut names = Vec::new();
    for card in cards().all().map(CardView::of) {
        for side in [&card.spell, &card.building] {
            // The label where a side has one (`Rage ×2`), as the pictures show it.
            let label = lang.render(&side.label);
            names.push(if label.is_empty() {
                lang.render(&side.name)
            } else {
                label
            });
        }
    }
    for realm in Realm::ALL {
        // As the seat panels write it: the notation's word in English, the data's German.
        names.push(match lang {
            Lang::De => realm.data().german.clone(),
            _ => {
                let slug = realm.slug();
                slug[..1].to_uppercase() + &slug[1..]
            }
        });
    }
    names.extend(Development::all().map(|d| lang.render(&d.text())));
    names.extend(Monument::all().map(|m| lang.render(&m.text())));
    names.extend(Good::all().map(|g| lang.render(&g.text())));
    names.retain(|n| !n.is_empty());
    names.sort();
    names.dedup();
    names
}

/// Public boards that show every component name: Pandoria's market, top spells, building
/// slots and realms holding each card and realm in turn; Roll Through the Ages' sheets with
/// nothing and with everything built.
fn boards_with_every_name() -> Vec<(&'static str, View)> {
    use turnpost_core::pandoria::{CardView, Realm, SlotView, cards};
    let mut out: Vec<(&'static str, View)> = Vec::new();
    let game = samples::pandoria_late_in(Mode::Standard, 4, 7);
    let all: Vec<CardView> = cards().all().map(CardView::of).collect();
    for (k, chunk) in all.chunks(4).enumerate() {
        let mut view = game.public_view();
        view.market = chunk.to_vec();
        for (i, seat) in view.seats.iter_mut().enumerate() {
            let card = |n: usize| all[(k * 4 + i * 5 + n) % all.len()].clone();
            seat.realm = Some(Realm::ALL[(k * 4 + i) % Realm::ALL.len()]);
            seat.top_spell = Some(card(0));
            seat.buildings = (0..5)
                .map(|n| SlotView {
                    slot: n as u8 + 1,
                    building: Some(card(n)),
                    monument: None,
                    covered: 0,
                    goblin: None,
                })
                .collect();
        }
        out.push(("pandoria", Arc::new(view)));
    }
    let rtta = samples::rtta_after(4, 3, 6);
    out.push(("rtta", Arc::new(rtta.public_view())));
    let mut built = rtta.public_view();
    for seat in &mut built.seats {
        seat.developments = turnpost_core::rtta::Development::all()
            .map(|d| d.id())
            .collect();
        for m in seat.monuments.values_mut() {
            m.workers = m.needed;
            m.completed = true;
        }
    }
    out.push(("rtta", Arc::new(built)));
    out
}

/// No component name is cut short ("Große Schatzk…") in the pictures of whole games, in
/// English or German: a long name gets smaller or takes a second line instead.
#[test]
fn no_component_name_is_cut_in_the_pictures_of_whole_games() {
    static LOCK: Mutex<()> = Mutex::new(());
    let _one = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let r = Renderer::with_fonts(Fonts::recording());
    let boards = boards_with_every_name();
    let mut cut = Vec::new();
    for lang in [Lang::En, Lang::De] {
        let names = component_names(lang);
        let mut seen = std::collections::BTreeSet::new();
        for (game, view) in &boards {
            r.fonts().take_runs();
            r.public_image(game, &**view, lang).unwrap();
            for run in r.fonts().take_runs() {
                let name = run.source.trim_start_matches("· ");
                if !names.iter().any(|n| n == name) {
                    continue;
                }
                seen.insert(name.to_string());
                if cut_short(&run) || outside(&run) {
                    cut.push(format!(
                        "{lang:?} {game}: {:?} drawn as {:?}",
                        run.source, run.text
                    ));
                }
            }
        }
        // The boards above show every name (the walk reaches them all).
        let unseen: Vec<&String> = names.iter().filter(|n| !seen.contains(*n)).collect();
        assert!(unseen.is_empty(), "{lang:?}: names never drawn: {unseen:?}");
    }
    assert!(
        cut.is_empty(),
        "{} names cut:\n{}",
        cut.len(),
        cut.join("\n")
    );
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
