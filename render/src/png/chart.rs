//! A small line chart of a player's rating over time, for `/profile`. Sized and lettered
//! for a phone: 720 × 360 pixels, no text under 22 px, so shown 400 px wide its smallest
//! capitals are still about 9 px tall.

use image::RgbImage;
use turnpost_core::t;
use turnpost_core::words::Lang;

use super::draw::{Canvas, Colour, Sprite};
use super::palette::{INK, MUTED, PAPER, RULE};
use super::text::{Align, Fonts, Style};

const WIDTH: u32 = 720;
const HEIGHT: u32 = 360;
const TITLE: f32 = 28.0;
const LABEL: f32 = 22.0;
const LAST: f32 = 34.0;
/// The plot area: left, top, right, bottom.
const PLOT: (f32, f32, f32, f32) = (86.0, 64.0, 570.0, 300.0);
const LINE: Colour = [0, 114, 178];

/// One point of a rating history.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingPoint {
    /// When (Unix milliseconds).
    pub at_ms: i64,
    /// The rating shown to players then.
    pub rating: f64,
}

/// The civil date (year, month, day) of a Unix time in milliseconds (UTC), by Howard
/// Hinnant's days-from-civil algorithm in reverse.
pub fn civil_date(at_ms: i64) -> (i64, u32, u32) {
    let days = at_ms.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn date_label(at_ms: i64) -> String {
    let (y, m, d) = civil_date(at_ms);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Ratings further from zero than this are not drawn (nor are NaN and infinities): past it
/// the axis arithmetic would lose its precision, and no real rating gets there.
const MAX_RATING: f64 = 1e12;

/// The y axis over `lo..=hi` (`lo < hi`, both finite): 3 to 5 round ticks (steps of 1, 2 or
/// 5 × 10ⁿ) and the range they are drawn over, widened by under a step at one end where a
/// third tick needed it.
fn axis(mut lo: f64, mut hi: f64) -> (f64, f64, Vec<f64>) {
    debug_assert!(
        lo.is_finite() && hi.is_finite() && hi - lo >= 1.0,
        "{lo}..{hi}"
    );
    let count = |lo: f64, hi: f64, step: f64| (hi / step).floor() - (lo / step).ceil() + 1.0;
    // The smallest round step giving at most 5 ticks. The steps tried start small enough
    // for 10 or more and grow at most 2.5 times each, so the one chosen gives at least 2.
    let mut magnitude = 10f64.powf(((hi - lo) / 10.0).log10().floor());
    let step = 'found: loop {
        for m in [1.0, 2.0, 5.0] {
            let step = m * magnitude;
            if count(lo, hi, step) <= 5.0 {
                break 'found step;
            }
        }
        magnitude *= 10.0;
    };
    while count(lo, hi, step) < 3.0 {
        let below = lo - ((lo / step).ceil() - 1.0) * step;
        let above = ((hi / step).floor() + 1.0) * step - hi;
        if below <= above {
            lo -= below;
        } else {
            hi += above;
        }
    }
    let first = (lo / step).ceil();
    let ticks = (0..count(lo, hi, step) as i32)
        .map(|i| (first + f64::from(i)) * step)
        .collect();
    (lo, hi, ticks)
}

/// Draws the chart, its words in `lang` (`title` comes in words already).
pub fn rating_chart(fonts: &Fonts, title: &str, points: &[RatingPoint], lang: Lang) -> RgbImage {
    let mut canvas = Canvas::new(WIDTH, HEIGHT, PAPER);
    let title_style = Style::bold(TITLE, INK);
    let title = fonts.fit(title_style, title, WIDTH as f32 - 40.0);
    fonts.draw(&mut canvas, 20.0, 40.0, Align::Left, title_style, &title);
    let mut points: Vec<RatingPoint> = points
        .iter()
        .copied()
        .filter(|p| p.rating.is_finite() && p.rating.abs() <= MAX_RATING)
        .collect();
    // Oldest first (stable: games at the same moment keep their order).
    points.sort_by_key(|p| p.at_ms);
    let (left, top, right, bottom) = PLOT;
    if points.is_empty() {
        fonts.centred(
            &mut canvas,
            WIDTH as f32 / 2.0,
            (top + bottom) / 2.0,
            Style::regular(LABEL + 4.0, MUTED),
            &lang.render(&t!("render-chart-empty")),
        );
        return canvas.image;
    }
    let (mut lo, mut hi) = points.iter().fold((f64::MAX, f64::MIN), |(l, h), p| {
        (l.min(p.rating), h.max(p.rating))
    });
    // A flat history gets room around it; every range gets a margin.
    if hi - lo < 10.0 {
        let mid = (hi + lo) / 2.0;
        lo = mid - 5.0;
        hi = mid + 5.0;
    }
    let pad = (hi - lo) * 0.08;
    let (lo, hi, ticks) = axis(lo - pad, hi + pad);
    let y_of = |r: f64| bottom - ((r - lo) / (hi - lo)) as f32 * (bottom - top);
    let n = points.len();
    // Evenly spaced by game (a month without games does not flatten the line).
    let x_of = |i: usize| {
        if n == 1 {
            (left + right) / 2.0
        } else {
            left + (right - left) * i as f32 / (n - 1) as f32
        }
    };
    // Grid and y labels.
    let label = Style::regular(LABEL, MUTED);
    for t in ticks {
        let y = y_of(t);
        canvas.fill(
            left as i32,
            y.round() as i32,
            (right - left) as u32,
            1,
            RULE,
        );
        fonts.draw(
            &mut canvas,
            left - 10.0,
            y + fonts.cap_height(LABEL) / 2.0,
            Align::Right,
            label,
            &format!("{t:.0}"),
        );
    }
    canvas.fill(left as i32, bottom as i32, (right - left) as u32, 2, MUTED);
    // The line and its points, anti-aliased.
    let (w, h) = (WIDTH, HEIGHT);
    let coords: Vec<(f32, f32)> = points
        .iter()
        .enumerate()
        .map(|(i, p)| (x_of(i), y_of(p.rating)))
        .collect();
    let dot = if n > 60 { 0.0 } else { 5.0 };
    let sprite = Sprite::draw(w, h, (0, 0), |pen| {
        for pair in coords.windows(2) {
            pen.line(pair[0], pair[1], 4.0, LINE);
            pen.circle(pair[1].0, pair[1].1, 2.0, LINE);
        }
        for &(x, y) in &coords {
            if dot > 0.0 {
                pen.circle(x, y, dot, LINE);
                pen.circle(x, y, dot - 2.0, PAPER);
            }
        }
        if let Some(&(x, y)) = coords.last() {
            pen.circle(x, y, 7.0, LINE);
        }
    });
    canvas.blit(&sprite, 0, 0);
    // The first and last dates, and the rating now.
    let date_y = bottom + 20.0 + fonts.cap_height(LABEL);
    let first = date_label(points[0].at_ms);
    let last = date_label(points[n - 1].at_ms);
    if n == 1 || first == last {
        // One day only: its date under the middle of the plot, where a lone point is.
        fonts.draw(
            &mut canvas,
            (left + right) / 2.0,
            date_y,
            Align::Centre,
            label,
            &last,
        );
    } else {
        fonts.draw(&mut canvas, left, date_y, Align::Left, label, &first);
        fonts.draw(&mut canvas, right, date_y, Align::Right, label, &last);
    }
    let (lx, ly) = coords[n - 1];
    let now = format!("{:.0}", points[n - 1].rating);
    let now_style = Style::bold(LAST, INK);
    let ny = ly.clamp(top + fonts.cap_height(LAST), bottom) + fonts.cap_height(LAST) / 2.0;
    fonts.draw(
        &mut canvas,
        lx.max(right) + 18.0,
        ny,
        Align::Left,
        now_style,
        &now,
    );
    let games = lang.render(&t!("render-chart-games", n = n));
    fonts.draw(
        &mut canvas,
        lx.max(right) + 18.0,
        ny + 30.0,
        Align::Left,
        label,
        &games,
    );
    canvas.image
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(png: &[u8]) -> image::RgbImage {
        image::load_from_memory(png).unwrap().to_rgb8()
    }

    #[test]
    fn civil_dates_are_right() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(1_700_000_000_000), (2023, 11, 14));
        // 2024-02-29 12:00 UTC, a leap day; and the day after.
        assert_eq!(civil_date(1_709_208_000_000), (2024, 2, 29));
        assert_eq!(civil_date(1_709_208_000_000 + 86_400_000), (2024, 3, 1));
        assert_eq!(civil_date(-1), (1969, 12, 31));
        assert_eq!(date_label(1_700_000_000_000), "2023-11-14");
    }

    #[test]
    fn ticks_are_round_and_three_to_five() {
        let (lo, hi, t) = axis(-12.0, 487.0);
        assert_eq!((lo, hi), (-12.0, 487.0));
        assert_eq!(t, [0.0, 100.0, 200.0, 300.0, 400.0]);
        // A single point's padded range, and one widened below for a third tick.
        assert_eq!(axis(94.2, 105.8).2, [96.0, 98.0, 100.0, 102.0, 104.0]);
        assert_eq!(axis(1.1, 12.9), (0.0, 12.9, vec![0.0, 5.0, 10.0]));
        let ranges = (0..2000).map(|i| {
            let lo = f64::from(i) * 7.3 - 5000.0;
            (
                lo,
                lo + 10.0 + f64::from(i % 97) * f64::from(i % 13 + 1) * 3.1,
            )
        });
        for (lo, hi) in ranges.chain([(-1e12, 1e12), (0.5, 10.5), (1e12 - 10.0, 1e12)]) {
            let (l, h, t) = axis(lo, hi);
            assert!((3..=5).contains(&t.len()), "{lo}..{hi}: {t:?}");
            assert!(
                l <= lo && h >= hi && (l == lo || h == hi),
                "{lo}..{hi}: {l}..{h}"
            );
            assert!(t.iter().all(|v| (l..=h).contains(v)), "{lo}..{hi}: {t:?}");
            let step = t[1] - t[0];
            let digits = step / 10f64.powf(step.log10().floor());
            assert!(
                [1.0, 2.0, 5.0].iter().any(|d| (digits - d).abs() < 1e-9),
                "{step}"
            );
        }
    }

    #[test]
    fn order_and_absurd_values_do_not_matter() {
        let day = 86_400_000;
        let p = |i: i64, rating: f64| RatingPoint {
            at_ms: 1_790_000_000_000 + i * day,
            rating,
        };
        let sorted = [p(0, 10.0), p(1, 30.0), p(2, 20.0)];
        let shuffled = [p(2, 20.0), p(0, 10.0), p(1, 30.0)];
        let absurd = [
            p(0, 10.0),
            p(1, 30.0),
            p(1, f64::MAX),
            p(2, 20.0),
            p(3, -1e300),
        ];
        let png = crate::rating_chart_png("Ben", &sorted, Lang::En).unwrap();
        assert_eq!(
            crate::rating_chart_png("Ben", &shuffled, Lang::En).unwrap(),
            png
        );
        assert_eq!(
            crate::rating_chart_png("Ben", &absurd, Lang::En).unwrap(),
            png
        );
    }

    #[test]
    fn every_history_draws_and_differs_by_its_data() {
        let day = 86_400_000;
        let many: Vec<RatingPoint> = (0..30)
            .map(|i| RatingPoint {
                at_ms: 1_790_000_000_000 + i * day,
                rating: 100.0 + (i as f64 * 0.7).sin() * 80.0 + i as f64 * 5.0,
            })
            .collect();
        let flat = [RatingPoint {
            at_ms: 1_790_000_000_000,
            rating: 0.0,
        }; 3];
        let odd = [
            RatingPoint {
                at_ms: 0,
                rating: f64::NAN,
            },
            RatingPoint {
                at_ms: day,
                rating: f64::INFINITY,
            },
            RatingPoint {
                at_ms: 2 * day,
                rating: 12.0,
            },
        ];
        let mut seen = Vec::new();
        for points in [&[][..], &many[..1], &many[..], &flat[..], &odd[..]] {
            let png = crate::rating_chart_png("Anna — Pandoria rating", points, Lang::En).unwrap();
            let image = decode(&png);
            assert_eq!(image.dimensions(), (WIDTH, HEIGHT));
            assert!(!seen.contains(&png), "two histories drew the same picture");
            seen.push(png);
        }
        // The line is drawn in its colour only when there are points.
        let line = |png: &[u8]| decode(png).pixels().filter(|p| p.0 == LINE).count();
        assert_eq!(line(&seen[0]), 0);
        assert!(line(&seen[2]) > 500);
        if let Ok(dir) = std::env::var("TURNPOST_CHART_OUT") {
            std::fs::write(format!("{dir}/chart.png"), &seen[2]).unwrap();
        }
    }
}
