//! Pictures a player must read to decide are legible on a phone: drawn with fonts that
//! record every run of text, the smallest text of each picture is measured (the capital H
//! of its size, on the glyph's outline) as it shows when a phone displays the picture 400
//! pixels wide. The glance, the tile preview, the hand and the cards picture must keep their
//! capitals at least [`MIN_CAP`] pixels tall; the public boards are overviews to tap and zoom
//! and are only reported.
//!
//! `cargo test -p turnpost-render --test legible -- --nocapture` prints every picture's
//! figures.

#[path = "support/samples.rs"]
mod samples;

use image::RgbImage;
use turnpost_core::Game;
use turnpost_core::pandoria::Mode;
use turnpost_core::words::Lang;
use turnpost_render::Renderer;
use turnpost_render::png::{Fonts, TextRun, encode_png};

/// Capital height in pixels at 400 pixels of width (the bound).
const MIN_CAP: f32 = 7.0;
/// The width a phone in portrait shows a picture at.
const PHONE: f32 = 400.0;

struct Measured {
    name: String,
    image: RgbImage,
    runs: Vec<TextRun>,
}

impl Measured {
    fn smallest(&self) -> f32 {
        self.runs.iter().map(|r| r.size).fold(f32::MAX, f32::min)
    }

    /// Capitals of the smallest text, in pixels, when the picture is shown [`PHONE`] wide.
    fn cap_at_phone(&self, fonts: &Fonts) -> f32 {
        let shown = PHONE.min(self.image.width() as f32);
        fonts.capital_height(self.smallest()) * shown / self.image.width() as f32
    }
}

fn renderer() -> &'static Renderer {
    static R: std::sync::OnceLock<Renderer> = std::sync::OnceLock::new();
    R.get_or_init(|| Renderer::with_fonts(Fonts::recording()))
}

/// Draws one picture with the recording renderer and keeps its runs. The renderer is
/// shared by the tests of this file, which run in parallel: a lock keeps each picture's
/// runs its own.
fn measure(name: &str, draw: impl FnOnce(&Renderer) -> RgbImage) -> Measured {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let r = renderer();
    r.fonts().take_runs();
    let image = draw(r);
    let runs = r.fonts().take_runs();
    assert!(!runs.is_empty(), "{name}: no text was recorded");
    Measured {
        name: name.to_string(),
        image,
        runs,
    }
}

/// The decision pictures: what the player to act (or any player, for the glance) reads to
/// decide. Several positions each: early and late, family and standard, artifacts (single
/// tiles and mountain castles), the River side.
fn decision_pictures() -> Vec<Measured> {
    let mut out = Vec::new();
    let standard = samples::pandoria_late_in(Mode::Standard, 4, 7);
    let seat = standard.seat_view(standard.current());
    out.push(measure("Pandoria glance (standard, 4p)", |r| {
        r.summary_image("pandoria", &standard.public_view(), Lang::En)
            .unwrap()
    }));
    out.push(measure("Pandoria tile preview (standard, 4p, late)", |r| {
        r.private_image("pandoria", &seat, "pandoria-tile-preview.png", Lang::En)
            .unwrap()
            .unwrap()
    }));
    out.push(measure("Pandoria hand (standard, 4p)", |r| {
        r.private_image("pandoria", &seat, "pandoria-hand.png", Lang::En)
            .unwrap()
            .unwrap()
    }));
    out.push(measure("Pandoria cards (standard, 4p)", |r| {
        r.private_image("pandoria", &seat, "pandoria-cards.png", Lang::En)
            .unwrap()
            .unwrap()
    }));
    // The first placing decision after a few turns.
    let early = (6..60)
        .map(|k| samples::pandoria_after(2, 5, k))
        .map(|g| g.seat_view(g.current()))
        .find(|v| !v.placements.is_empty())
        .expect("someone places a tile in the first turns");
    out.push(measure("Pandoria tile preview (family, 2p, early)", |r| {
        r.private_image("pandoria", &early, "pandoria-tile-preview.png", Lang::En)
            .unwrap()
            .unwrap()
    }));
    let fresh = samples::pandoria_after(4, 3, 0);
    out.push(measure(
        "Pandoria tile preview (family, 4p, first turn)",
        |r| {
            r.private_image(
                "pandoria",
                &fresh.seat_view(fresh.current()),
                "pandoria-tile-preview.png",
                Lang::En,
            )
            .unwrap()
            .unwrap()
        },
    ));
    let artifacts = samples::pandoria_artifacts_late(Mode::Family, 3, 15);
    out.push(measure("Pandoria tile preview (artifacts, 3p)", |r| {
        r.private_image(
            "pandoria",
            &artifacts.seat_view(artifacts.current()),
            "pandoria-tile-preview.png",
            Lang::En,
        )
        .unwrap()
        .unwrap()
    }));
    let river = samples::pandoria_river_late(Mode::Standard, 3, 2);
    let river_seat = river.seat_view(river.current());
    out.push(measure("Pandoria tile preview (River, 3p)", |r| {
        r.private_image(
            "pandoria",
            &river_seat,
            "pandoria-tile-preview.png",
            Lang::En,
        )
        .unwrap()
        .unwrap()
    }));
    out.push(measure("Pandoria cards (River, 3p)", |r| {
        r.private_image("pandoria", &river_seat, "pandoria-cards.png", Lang::En)
            .unwrap()
            .unwrap()
    }));
    let rtta = samples::rtta_after(4, 3, 6);
    out.push(measure("RTTA glance (4p)", |r| {
        r.summary_image("rtta", &rtta.public_view(), Lang::En)
            .unwrap()
    }));
    out
}

/// The public overviews: reported, not bound (a phone shows them to tap and zoom).
fn overview_pictures() -> Vec<Measured> {
    let standard = samples::pandoria_late_in(Mode::Standard, 4, 7);
    let rtta = samples::rtta_after(4, 3, 6);
    vec![
        measure("Pandoria board (standard, 4p)", |r| {
            r.public_image("pandoria", &standard.public_view(), Lang::En)
                .unwrap()
        }),
        measure("RTTA board (4p)", |r| {
            r.public_image("rtta", &rtta.public_view(), Lang::En)
                .unwrap()
        }),
    ]
}

fn report(m: &Measured, fonts: &Fonts) {
    println!(
        "{:<48} {:>4}×{:<4} smallest text {:>4.1} px → capitals {:>4.1} px at 400 px wide, {} KB",
        m.name,
        m.image.width(),
        m.image.height(),
        m.smallest(),
        m.cap_at_phone(fonts),
        encode_png(&m.image).unwrap().len() / 1024,
    );
}

#[test]
fn decision_pictures_read_on_a_phone() {
    let fonts = Fonts::new();
    let decision = decision_pictures();
    for m in &decision {
        report(m, &fonts);
    }
    for m in &overview_pictures() {
        report(m, &fonts);
    }
    for m in &decision {
        let cap = m.cap_at_phone(&fonts);
        assert!(
            cap >= MIN_CAP,
            "{}: its smallest text ({} px on a picture {} px wide) has capitals {cap:.1} px \
             tall at 400 px wide",
            m.name,
            m.smallest(),
            m.image.width()
        );
        assert!(
            encode_png(&m.image).unwrap().len() < 1 << 20,
            "{}: over 1 MiB",
            m.name
        );
    }
}

#[test]
fn decision_pictures_draw_their_text_inside_the_picture() {
    for m in decision_pictures() {
        let (w, h) = (m.image.width() as f32, m.image.height() as f32);
        for r in &m.runs {
            assert!(
                r.left >= 0.0 && r.right <= w && r.top >= 0.0 && r.bottom <= h,
                "{}: {r:?} leaves the {w}×{h} picture",
                m.name
            );
            assert!(!r.text.contains('…'), "{}: cut short: {r:?}", m.name);
        }
    }
}

/// The measure itself: a board's 15 px labels on its 1576 px picture are too small, which
/// the glance was made to fix; the bound would catch them.
#[test]
fn the_measure_catches_small_text() {
    let fonts = Fonts::new();
    let board = overview_pictures().remove(0);
    assert!(board.cap_at_phone(&fonts) < MIN_CAP);
    // The capital height is the font's own: about 0.73 em for DejaVu Sans.
    let h = fonts.capital_height(100.0);
    assert!((70.0..76.0).contains(&h), "{h}");
}
