//! The site's pages as HTML written on the server. Every word is a message of the bot's
//! bundles rendered in the server's language, and every text that reaches the page goes
//! through [`esc`] (names are the players' own, and may hold anything).
//!
//! No template crate: six small pages, and one escaping function every text passes, keep
//! the build free of another proc-macro and the output easy to read in tests.

use std::fmt::Write;

use turnpost_core::registry;
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use crate::store::GameId;
use crate::table::{GAMES_PER_PAGE, Image, WebBoard, WebGames, WebProfile, WebReplay, WebRunning};

/// The site's colours as (what, text colour, background): the style sheet is made from
/// them, and the accessibility test holds every pair to a contrast of at least 4.5:1.
pub const COLOURS: &[(&str, &str, &str)] = &[
    ("body", "#1b1b1b", "#ffffff"),
    ("link", "#0a4a9c", "#ffffff"),
    ("muted", "#4f4f4f", "#ffffff"),
    ("header", "#ffffff", "#1f3a5f"),
    ("table-head", "#1b1b1b", "#e6ecf3"),
    ("button", "#ffffff", "#0a4a9c"),
    ("current", "#1b1b1b", "#fff4c2"),
];

/// The contrast ratio of two `#rrggbb` colours (WCAG 2: relative luminance).
pub fn contrast(a: &str, b: &str) -> f64 {
    fn luminance(hex: &str) -> f64 {
        let hex = hex.trim_start_matches('#');
        let channel = |i: usize| {
            let v = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0)) / 255.0;
            if v <= 0.03928 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
    }
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn colour(what: &str) -> (&'static str, &'static str) {
    COLOURS
        .iter()
        .find(|c| c.0 == what)
        .map_or(("#000000", "#ffffff"), |c| (c.1, c.2))
}

/// The style sheet, its colours from [`COLOURS`].
pub fn css() -> String {
    let (text, page) = colour("body");
    let (link, _) = colour("link");
    let (muted, _) = colour("muted");
    let (head_text, head) = colour("header");
    let (th_text, th) = colour("table-head");
    let (button_text, button) = colour("button");
    let (current_text, current) = colour("current");
    format!(
        "*{{box-sizing:border-box}}
body{{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:{text};background:{page}}}
header{{background:{head};color:{head_text};padding:.6rem 1rem}}
header a{{color:{head_text};margin-right:1rem;font-weight:600}}
header .site{{font-weight:700;margin-right:1.5rem}}
main{{max-width:1100px;margin:0 auto;padding:1rem}}
a{{color:{link}}}
a:focus,button:focus,input:focus,select:focus{{outline:3px solid {link};outline-offset:2px}}
.muted{{color:{muted}}}
table{{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}}
th{{background:{th};color:{th_text};text-align:left}}
th,td{{padding:.35rem .5rem;border-bottom:1px solid #c8c8c8}}
td.n,th.n{{text-align:right}}
form.pick{{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;margin:.5rem 0}}
form.pick label{{display:flex;flex-direction:column;font-weight:600}}
select,input[type=range]{{font:inherit;min-height:2.2rem}}
button,a.button{{font:inherit;background:{button};color:{button_text};border:0;border-radius:4px;padding:.35rem .8rem;text-decoration:none;display:inline-block;min-width:2.6rem;text-align:center}}
.steps{{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.5rem 0}}
.steps input[type=range]{{flex:1 1 12rem}}
.pictures img{{max-width:100%;height:auto;display:block;margin:0 0 .6rem}}
.log{{background:{current};color:{current_text};padding:.5rem 1rem;border-radius:4px}}
.log li{{margin:.15rem 0}}
svg.chart{{max-width:100%;height:auto;background:{page}}}
svg.chart text{{fill:{text};font-size:13px}}
@media (min-width:900px){{.replay{{display:grid;grid-template-columns:minmax(0,2fr) minmax(16rem,1fr);gap:1rem}}}}
"
    )
}

/// The little JavaScript: a replay steps without reloading (links, ←/→, Home/End, the
/// slider) by fetching the step's page and swapping its `<main>`; a running board asks
/// for its version every 5 seconds and swaps the page when the turn has changed.
pub const SCRIPT: &str = r#"(function () {
  'use strict';
  var busy = false;
  function go(url) {
    if (busy) { return; }
    busy = true;
    fetch(url, { headers: { 'Accept': 'text/html' } }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (text) {
      busy = false;
      if (!text) { return; }
      var doc = new DOMParser().parseFromString(text, 'text/html');
      var fresh = doc.querySelector('main');
      var old = document.querySelector('main');
      if (!fresh || !old) { return; }
      old.replaceWith(fresh);
      document.title = doc.title;
      history.replaceState(null, '', url);
      bind();
    }, function () { busy = false; });
  }
  function replay() { return document.querySelector('[data-replay]'); }
  function bind() {
    var r = replay();
    if (!r) { return; }
    r.querySelectorAll('a[data-step]').forEach(function (a) {
      a.addEventListener('click', function (e) { e.preventDefault(); go(a.href); });
    });
    var slider = document.getElementById('step-slider');
    if (slider) {
      slider.addEventListener('change', function () { go(r.dataset.base + '?step=' + slider.value); });
    }
  }
  document.addEventListener('keydown', function (e) {
    var t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) { return; }
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var r = replay();
    if (!r) { return; }
    var to = { ArrowRight: r.dataset.next, ArrowLeft: r.dataset.prev, Home: r.dataset.first, End: r.dataset.last }[e.key];
    if (to) { e.preventDefault(); go(to); }
  });
  setInterval(function () {
    var b = document.querySelector('[data-board]');
    if (!b || busy) { return; }
    fetch(b.dataset.versionUrl, { cache: 'no-store' }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (v) {
      if (v && v.trim() !== b.dataset.version) { go(location.href); }
    }, function () {});
  }, 5000);
  bind();
})();
"#;

/// Escapes text for HTML (element content and quoted attributes).
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Words rendered in the page's language, escaped.
struct Words(Lang);

impl Words {
    fn say(&self, text: &Text) -> String {
        esc(&self.0.render(text))
    }
}

/// A game's title from its name.
fn title(kind: &str) -> String {
    registry::find(kind).map_or_else(|_| kind.to_string(), |g| g.title.to_string())
}

/// A date as `YYYY-MM-DD` (UTC), the same in every language.
pub fn date(ms: i64) -> String {
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The page around `main` (`root`: the server's `/s/<token>`; `None` on a refusal).
fn page(lang: Lang, root: Option<&str>, heading: &str, main: &str) -> String {
    let w = Words(lang);
    let nav = match root {
        Some(root) => format!(
            r#"<nav aria-label="{nav}"><span class="site">{site}</span><a href="{root}/">{board}</a><a href="{root}/games">{games}</a></nav>"#,
            nav = w.say(&t!("bot-web-nav")),
            site = w.say(&t!("bot-web-site")),
            board = w.say(&t!("bot-web-nav-leaderboard")),
            games = w.say(&t!("bot-web-nav-games")),
        ),
        None => format!(
            r#"<span class="site">{}</span>"#,
            w.say(&t!("bot-web-site"))
        ),
    };
    format!(
        r#"<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>{heading} · {site}</title>
<link rel="stylesheet" href="/web.css">
<script src="/web.js" defer></script>
</head>
<body>
<header>{nav}</header>
<main>
<h1>{heading}</h1>
{main}
</main>
</body>
</html>
"#,
        lang = lang.tag(),
        site = w.say(&t!("bot-web-site")),
    )
}

/// A refusal in words.
pub fn refused(lang: Lang, why: &Text) -> String {
    let w = Words(lang);
    page(
        lang,
        None,
        &w.say(&t!("bot-web-refused")),
        &format!("<p>{}</p>", w.say(why)),
    )
}

/// The games one can pick for a leaderboard, as `<option>`s.
fn game_options(chosen: &str) -> String {
    registry::games()
        .iter()
        .map(|g| {
            format!(
                r#"<option value="{}"{}>{}</option>"#,
                esc(g.name),
                if g.name == chosen { " selected" } else { "" },
                esc(g.title)
            )
        })
        .collect()
}

/// A server's leaderboard in one game and season, with the pickers.
pub fn leaderboard(lang: Lang, root: &str, board: &WebBoard) -> String {
    let w = Words(lang);
    let scope = match &board.season {
        Some(s) => t!("bot-season-named", name = Arg::raw(s.name.as_str())),
        None => t!("bot-all-time"),
    };
    let heading = w.say(&t!(
        "bot-web-leaderboard",
        game = Arg::raw(title(&board.kind)),
        scope = scope
    ));
    let chosen = board.season.as_ref().map_or(0, |s| s.season_id);
    let mut seasons = format!(
        r#"<option value="0"{}>{}</option>"#,
        if chosen == 0 { " selected" } else { "" },
        w.say(&t!("bot-all-time"))
    );
    for s in &board.seasons {
        let _ = write!(
            seasons,
            r#"<option value="{}"{}>{}</option>"#,
            s.season_id,
            if s.season_id == chosen {
                " selected"
            } else {
                ""
            },
            w.say(&t!("bot-season-named", name = Arg::raw(s.name.as_str())))
        );
    }
    let mut main = format!(
        r#"<form class="pick" method="get" action="{root}/">
<label for="pick-game">{game_label}<select id="pick-game" name="game">{games}</select></label>
<label for="pick-season">{season_label}<select id="pick-season" name="season">{seasons}</select></label>
<button type="submit">{show}</button>
</form>
"#,
        game_label = w.say(&t!("bot-web-pick-game")),
        season_label = w.say(&t!("bot-web-pick-season")),
        games = game_options(&board.kind),
        show = w.say(&t!("bot-web-show")),
    );
    if board.players.is_empty() {
        let _ = write!(main, "<p>{}</p>", w.say(&t!("bot-leaderboard-empty")));
        return page(lang, Some(root), &heading, &main);
    }
    let _ = write!(
        main,
        r#"<table><caption class="muted">{caption}</caption><thead><tr><th scope="col" class="n">{place}</th><th scope="col">{player}</th><th scope="col" class="n">{rating}</th><th scope="col" class="n">{games}</th><th scope="col" class="n">{wins}</th></tr></thead><tbody>"#,
        caption = w.say(&t!("bot-web-rating-note")),
        place = w.say(&t!("bot-web-col-place")),
        player = w.say(&t!("bot-web-col-player")),
        rating = w.say(&t!("bot-web-col-rating")),
        games = w.say(&t!("bot-web-col-games")),
        wins = w.say(&t!("bot-web-col-wins")),
    );
    for (i, p) in board.players.iter().enumerate() {
        let _ = write!(
            main,
            r#"<tr><td class="n">{}</td><td><a href="{root}/player/{}">{}</a></td><td class="n">{}</td><td class="n">{}</td><td class="n">{}</td></tr>"#,
            i + 1,
            p.user_id,
            esc(&p.name),
            p.rating.shown(),
            p.games,
            p.wins
        );
    }
    main.push_str("</tbody></table>");
    page(lang, Some(root), &heading, &main)
}

/// A rating-over-time chart as SVG, with its words as the accessible name.
fn chart(lang: Lang, heading: &str, points: &[(i64, f64)]) -> String {
    let rated: Vec<turnpost_render::RatingPoint> = points
        .iter()
        .map(|&(at_ms, rating)| turnpost_render::RatingPoint { at_ms, rating })
        .collect();
    let words = esc(&turnpost_render::rating_chart_words(heading, &rated, lang));
    let (line, _) = colour("link");
    let (muted, _) = colour("muted");
    let (w, h, left, right, top, bottom) = (640.0, 240.0, 56.0, 16.0, 16.0, 32.0);
    let low = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let high = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let (low, high) = if points.is_empty() {
        (0.0, 1.0)
    } else if high - low < 1.0 {
        (low - 10.0, high + 10.0)
    } else {
        (low, high)
    };
    let n = points.len().max(2) - 1;
    let x = |i: usize| left + (w - left - right) * i as f64 / n as f64;
    let y = |r: f64| top + (h - top - bottom) * (1.0 - (r - low) / (high - low));
    let path: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.1)))
        .collect();
    let mut svg = format!(
        r#"<svg class="chart" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{words}"><title>{words}</title>
<line x1="{left}" y1="{top}" x2="{left}" y2="{yb}" stroke="{muted}"/><line x1="{left}" y1="{yb}" x2="{xr}" y2="{yb}" stroke="{muted}"/>
<text x="{lx}" y="{ty}" text-anchor="end">{high:.0}</text><text x="{lx}" y="{yb}" text-anchor="end">{low:.0}</text>
"#,
        yb = h - bottom,
        xr = w - right,
        lx = left - 6.0,
        ty = top + 10.0,
    );
    if let (Some(first), Some(last)) = (points.first(), points.last()) {
        let _ = write!(
            svg,
            r#"<text x="{left}" y="{h}">{}</text><text x="{xr}" y="{h}" text-anchor="end">{}</text>"#,
            date(first.0),
            date(last.0),
            xr = w - right,
        );
        let _ = write!(
            svg,
            r#"<polyline fill="none" stroke="{line}" stroke-width="2.5" points="{}"/>"#,
            path.join(" ")
        );
        for p in &path {
            let (px, py) = p.split_once(',').unwrap_or(("0", "0"));
            let _ = write!(svg, r#"<circle cx="{px}" cy="{py}" r="3" fill="{line}"/>"#);
        }
    }
    svg.push_str("</svg>");
    svg
}

/// A player's profile: per game their record, and the rating chart.
pub fn profile(lang: Lang, root: &str, profile: &WebProfile) -> String {
    let w = Words(lang);
    let heading = w.say(&t!(
        "bot-web-profile",
        name = Arg::raw(profile.name.as_str())
    ));
    let mut main = format!(
        r#"<table><thead><tr><th scope="col">{game}</th><th scope="col" class="n">{games}</th><th scope="col" class="n">{wins}</th><th scope="col" class="n">{average}</th><th scope="col" class="n">{rating}</th></tr></thead><tbody>"#,
        game = w.say(&t!("bot-web-col-game")),
        games = w.say(&t!("bot-web-col-games")),
        wins = w.say(&t!("bot-web-col-wins")),
        average = w.say(&t!("bot-web-col-average")),
        rating = w.say(&t!("bot-web-col-rating")),
    );
    for s in &profile.stats {
        let _ = write!(
            main,
            r#"<tr><td><a href="{root}/?game={}">{}</a></td><td class="n">{}</td><td class="n">{}</td><td class="n">{}</td><td class="n">{}</td></tr>"#,
            esc(&s.kind),
            esc(&title(&s.kind)),
            s.games,
            s.wins,
            s.average_score
                .map_or_else(|| "–".to_string(), |a| format!("{a:.1}")),
            s.rating
                .map_or_else(|| "–".to_string(), |r| r.shown().to_string()),
        );
    }
    main.push_str("</tbody></table>");
    for (kind, points) in &profile.ratings {
        let chart_title = lang.render(&t!(
            "bot-rating-chart",
            name = Arg::raw(profile.name.as_str()),
            game = Arg::raw(title(kind))
        ));
        let _ = write!(
            main,
            "<h2>{}</h2>{}",
            esc(&chart_title),
            chart(lang, &chart_title, points)
        );
    }
    page(lang, Some(root), &heading, &main)
}

/// How many pages the list of `total` finished games has (at least 1).
pub fn page_count(total: i64) -> u64 {
    (total.max(0) as u64).div_ceil(GAMES_PER_PAGE as u64).max(1)
}

/// The server's running games and a page of its finished ones.
pub fn games(lang: Lang, root: &str, list: &WebGames, page_no: usize) -> String {
    let w = Words(lang);
    let heading = w.say(&t!("bot-web-games"));
    let mut main = format!("<h2>{}</h2>", w.say(&t!("bot-web-running")));
    if list.running.is_empty() {
        let _ = write!(main, "<p>{}</p>", w.say(&t!("bot-web-none-running")));
    } else {
        main.push_str("<ul>");
        for (id, kind) in &list.running {
            let _ = write!(
                main,
                r#"<li><a href="{root}/game/{id}">{}</a></li>"#,
                w.say(&t!(
                    "bot-web-game-named",
                    game = Arg::raw(title(kind)),
                    id = Arg::raw(id.to_string())
                ))
            );
        }
        main.push_str("</ul>");
    }
    let _ = write!(main, "<h2>{}</h2>", w.say(&t!("bot-web-finished")));
    if list.finished.is_empty() {
        let _ = write!(main, "<p>{}</p>", w.say(&t!("bot-no-finished-games")));
        return page(lang, Some(root), &heading, &main);
    }
    let _ = write!(
        main,
        r#"<table><thead><tr><th scope="col">{date}</th><th scope="col">{game}</th><th scope="col">{results}</th></tr></thead><tbody>"#,
        date = w.say(&t!("bot-web-col-date")),
        game = w.say(&t!("bot-web-col-game")),
        results = w.say(&t!("bot-web-col-results")),
    );
    for g in &list.finished {
        let results: Vec<String> = g
            .results
            .iter()
            .map(|(name, score, rank, resigned)| {
                let mut s = vec![t!(
                    "bot-history-place",
                    place = *rank,
                    name = Arg::raw(name.as_str())
                )];
                if let Some(score) = score {
                    s.push(t!("bot-history-score", score = *score));
                }
                if *resigned {
                    s.push(t!("bot-history-resigned"));
                }
                w.say(&Text::concat(s))
            })
            .collect();
        let _ = write!(
            main,
            r#"<tr><td>{}</td><td><a href="{root}/game/{}">{}</a></td><td>{}</td></tr>"#,
            date(g.finished_at),
            g.game_id,
            w.say(&t!(
                "bot-web-game-named",
                game = Arg::raw(title(&g.kind)),
                id = Arg::raw(g.game_id.to_string())
            )),
            results.join(" · ")
        );
    }
    main.push_str("</tbody></table>");
    let pages = page_count(list.total) as usize;
    if pages > 1 {
        let _ = write!(
            main,
            r#"<nav class="steps" aria-label="{}">"#,
            w.say(&t!("bot-web-pages"))
        );
        if page_no > 1 {
            let _ = write!(
                main,
                r#"<a class="button" rel="prev" href="{root}/games?page={}">{}</a>"#,
                page_no - 1,
                w.say(&t!("bot-web-prev"))
            );
        }
        let _ = write!(
            main,
            "<span>{}</span>",
            w.say(&t!("bot-web-page", page = page_no, pages = pages))
        );
        if page_no < pages {
            let _ = write!(
                main,
                r#"<a class="button" rel="next" href="{root}/games?page={}">{}</a>"#,
                page_no + 1,
                w.say(&t!("bot-web-next"))
            );
        }
        main.push_str("</nav>");
    }
    page(lang, Some(root), &heading, &main)
}

/// Pictures with their words.
fn pictures(base: &str, images: &[Image]) -> String {
    let mut out = String::from(r#"<div class="pictures">"#);
    for (i, image) in images.iter().enumerate() {
        let _ = write!(
            out,
            r#"<img src="{base}/{i}.png" alt="{}">"#,
            esc(&image.alt)
        );
    }
    out.push_str("</div>");
    out
}

/// A finished game's replay at `step`: its pictures, the step's log, and the controls.
pub fn replay(lang: Lang, root: &str, replay: &WebReplay, step: usize, images: &[Image]) -> String {
    let w = Words(lang);
    let id = replay.game_id;
    let heading = w.say(&t!(
        "bot-web-game-named",
        game = Arg::raw(title(&replay.kind)),
        id = Arg::raw(id.to_string())
    ));
    let last = replay.steps.len().saturating_sub(1);
    let base = format!("{root}/game/{id}");
    let at = |n: usize| format!("{base}?step={n}");
    let players = Text::and_list(
        replay
            .seats
            .iter()
            .map(|s| Text::raw(s.as_str()))
            .collect::<Vec<_>>(),
    );
    let mut main = format!(
        r#"<p class="muted">{players}</p>
<div class="replay" data-replay data-base="{base}" data-first="{first}" data-last="{last_url}" data-prev="{prev}" data-next="{next}">
<section aria-labelledby="step-now">
<h2 id="step-now" aria-live="polite">{now}</h2>
{pictures}
</section>
<section>
<nav class="steps" aria-label="{steps_label}">
<a class="button" data-step href="{first}" aria-label="{first_label}">|◀</a>
<a class="button" data-step href="{prev}" rel="prev" aria-label="{prev_label}">◀</a>
<a class="button" data-step href="{next}" rel="next" aria-label="{next_label}">▶</a>
<a class="button" data-step href="{last_url}" aria-label="{last_label}">▶|</a>
</nav>
<form class="pick" method="get" action="{base}">
<label for="step-slider">{slider_label}<input type="range" id="step-slider" name="step" min="0" max="{last}" value="{step}"></label>
<button type="submit">{show}</button>
</form>
<p class="muted">{keys}</p>
<h2>{log_heading}</h2>
<ul class="log" id="step-log">"#,
        players = w.say(&t!("bot-web-players", players = players)),
        now = w.say(&t!("bot-web-step", step = step, last = last)),
        pictures = pictures(&format!("{base}/step/{step}"), images),
        steps_label = w.say(&t!("bot-web-steps")),
        first = at(0),
        prev = at(step.saturating_sub(1)),
        next = at((step + 1).min(last)),
        last_url = at(last),
        first_label = w.say(&t!("bot-web-first")),
        prev_label = w.say(&t!("bot-web-prev")),
        next_label = w.say(&t!("bot-web-next")),
        last_label = w.say(&t!("bot-web-last")),
        slider_label = w.say(&t!("bot-web-slider")),
        show = w.say(&t!("bot-web-show")),
        keys = w.say(&t!("bot-web-keys")),
        log_heading = w.say(&t!("bot-web-log")),
    );
    let lines = &replay.steps[step].log;
    if lines.is_empty() {
        let _ = write!(main, "<li>{}</li>", w.say(&t!("bot-web-start")));
    }
    for line in lines {
        let _ = write!(main, "<li>{}</li>", w.say(line));
    }
    main.push_str("</ul>");
    if step == last
        && let Some(scores) = &replay.scores
    {
        let scores = Text::and_list(
            replay
                .seats
                .iter()
                .zip(scores)
                .map(|(name, score)| {
                    t!(
                        "bot-web-score",
                        name = Arg::raw(name.as_str()),
                        score = *score
                    )
                })
                .collect::<Vec<_>>(),
        );
        let _ = write!(
            main,
            "<p><strong>{}</strong></p>",
            w.say(&t!("bot-web-final", scores = scores))
        );
    }
    main.push_str("</section></div>");
    page(lang, Some(root), &heading, &main)
}

/// A running game's board as its channel last saw it; refreshes when the turn changes.
pub fn running(
    lang: Lang,
    root: &str,
    game: GameId,
    running: &WebRunning,
    images: &[Image],
) -> String {
    let w = Words(lang);
    let heading = w.say(&t!(
        "bot-web-game-named",
        game = Arg::raw(title(&running.kind)),
        id = Arg::raw(game.to_string())
    ));
    let base = format!("{root}/game/{game}");
    let players = Text::and_list(
        running
            .seats
            .iter()
            .map(|s| Text::raw(s.as_str()))
            .collect::<Vec<_>>(),
    );
    let main = format!(
        r#"<div data-board data-version="{version}" data-version-url="{base}/version">
<p class="muted">{players}</p>
<p aria-live="polite"><strong>{to_act}</strong></p>
{pictures}
<p class="muted">{note}</p>
</div>"#,
        version = running.version,
        players = w.say(&t!("bot-web-players", players = players)),
        to_act = running
            .to_act
            .as_ref()
            .map_or_else(String::new, |t| w.say(t)),
        pictures = pictures(&format!("{base}/now/{}", running.version), images),
        note = w.say(&t!("bot-web-live")),
    );
    page(lang, Some(root), &heading, &main)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_days() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(1_700_000_000_000), "2023-11-14");
        assert_eq!(date(951_782_400_000), "2000-02-29");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(esc(r#"<b a="1">&'"#), "&lt;b a=&quot;1&quot;&gt;&amp;&#39;");
    }

    #[test]
    fn contrast_is_wcag_s() {
        assert!((contrast("#000000", "#ffffff") - 21.0).abs() < 1e-9);
        assert!((contrast("#777777", "#ffffff") - 4.48).abs() < 0.01);
    }
}
