//! Leagues on the web (issue 32) over HTTP against the real router on a real SQLite file:
//! pages exist only while a moderator has them on and under the current token; a running
//! game's board and pictures do not change when its hidden items do; a finished game
//! replays step by step with the stored log lines; every input is bounded and refused in
//! words; the accessibility checklist (lang, alt, labels, contrast). `web_postgres` runs
//! them again with the store on PostgreSQL.

#[path = "support/postgres.rs"]
mod pg;
// Shared with the other web test and the web bench: not every part is used here.
#[allow(dead_code)]
#[path = "support/web.rs"]
mod support;

use std::net::SocketAddr;
use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use turnpost_bot::paint::PngPainter;
use turnpost_bot::table::{Caller, Command, Painter, Table, TableSettings, WebSwitch};
use turnpost_bot::web::{COLOURS, WebSettings, contrast};
use turnpost_core::words::Lang;

use support::{Got, get};

const GUILD: u64 = 77;

fn caller(user: u64, channel: u64) -> Caller {
    Caller {
        user,
        name: ["Anna", "Bert", "Cleo", "Dora"][(user as usize - 1) % 4].to_string(),
        guild: Some(GUILD),
        channel,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

fn moderator() -> Caller {
    Caller {
        moderator: true,
        ..caller(1, 1)
    }
}

async fn table(path: &std::path::Path, painter: Arc<dyn Painter>) -> Arc<Table> {
    let store = pg::store_at(path).await;
    Arc::new(Table::new(store, painter, TableSettings::default()))
}

/// Serves the site over `table`; returns its address.
async fn serve(table: &Arc<Table>, settings: WebSettings) -> SocketAddr {
    let (addr, _task) =
        turnpost_bot::web::serve("127.0.0.1:0".parse().unwrap(), table.clone(), settings)
            .await
            .unwrap();
    addr
}

/// `/league web:` as a moderator; returns the answer in English.
async fn switch(table: &Table, switch: WebSwitch) -> String {
    table
        .handle(&moderator(), Command::Web { switch })
        .await
        .unwrap()
        .ephemeral
        .unwrap()
        .text
        .to_string()
}

/// The `/s/<token>/` path in a `/league web:on` answer.
fn path_in(answer: &str) -> String {
    let start = answer.find("/s/").expect("a path in the answer");
    answer[start..start + 3 + 32 + 1].to_string()
}

/// Opens a game of `kind` with players 1..=n in `channel` and plays `moves` random legal
/// actions (`None`: to the end).
async fn play(
    table: &Table,
    channel: u64,
    kind: &str,
    n: u64,
    seed: u64,
    moves: Option<usize>,
) -> i64 {
    let seats: Vec<Caller> = (1..=n).map(|u| caller(u, channel)).collect();
    support::play(table, &seats, kind, seed, moves).await
}

#[tokio::test]
async fn pages_exist_only_while_on_and_under_the_current_token() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(
        &dir.path().join("t.db"),
        Arc::new(turnpost_bot::table::NoImages),
    )
    .await;
    let site = serve(&table, WebSettings::default()).await;
    // Off: nothing, for any token (the same answer as a wrong one).
    let guess = format!("/s/{}/", "0123456789abcdef".repeat(2));
    assert_eq!(get(site, &guess).await.status, 404);
    // Players may not turn them on.
    let refused = table
        .handle(
            &caller(2, 1),
            Command::Web {
                switch: WebSwitch::On,
            },
        )
        .await;
    assert!(refused.is_err());
    assert_eq!(
        switch(&table, WebSwitch::Off).await,
        "This server's web pages are off: nobody can open them now."
    );

    // On: the path the answer gives serves the leaderboard; the link has no address yet.
    let answer = switch(&table, WebSwitch::On).await;
    assert!(answer.contains("no public web address yet"), "{answer}");
    let path = path_in(&answer);
    let page = get(site, &path).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body
            .contains("<h1>Leaderboard Pandoria, all-time</h1>"),
        "{}",
        page.body
    );
    assert_eq!(page.header("referrer-policy"), Some("no-referrer"));
    assert_eq!(get(site, &guess).await.status, 404);
    // With a public address, the whole link; `on` again keeps the token.
    table.set_web_base(Some("https://league.example/".into()));
    let again = switch(&table, WebSwitch::On).await;
    assert!(
        again.contains(&format!("https://league.example{path}")),
        "{again}"
    );
    assert_eq!(
        table.web_link(Some(GUILD)).await,
        Some(format!("https://league.example{path}"))
    );

    // The league's answers link to their pages.
    let board = table
        .handle(
            &moderator(),
            Command::Leaderboard {
                game: Some("rtta".into()),
                season: None,
            },
        )
        .await
        .unwrap();
    let board = board.ephemeral.unwrap().text.to_string();
    assert!(
        board.ends_with(&format!(
            "On the web: https://league.example{path}?game=rtta"
        )),
        "{board}"
    );

    // Rotate: the old path is gone, the new one works.
    let rotated = path_in(&switch(&table, WebSwitch::Rotate).await);
    assert_ne!(rotated, path);
    assert_eq!(get(site, &path).await.status, 404);
    assert_eq!(get(site, &format!("{path}games")).await.status, 404);
    assert_eq!(get(site, &rotated).await.status, 200);
    // Off: the current path is gone too; no link is printed.
    switch(&table, WebSwitch::Off).await;
    let gone = get(site, &rotated).await;
    assert_eq!(gone.status, 404);
    assert!(
        gone.body.contains("There is no such page here."),
        "{}",
        gone.body
    );
    assert_eq!(table.web_link(Some(GUILD)).await, None);
    // Another server's pages are not this one's.
    assert_eq!(table.web_link(Some(GUILD + 1)).await, None);

    // In the server's language.
    switch(&table, WebSwitch::On).await;
    table
        .handle(
            &moderator(),
            Command::ServerLanguage {
                language: Some(Lang::De),
            },
        )
        .await
        .unwrap();
    let german = get(site, &rotated).await;
    assert!(german.body.contains(r#"<html lang="de">"#));
    assert!(
        german
            .body
            .contains("<h1>Rangliste Pandoria, ewige Rangliste</h1>"),
        "{}",
        german.body
    );
}

#[tokio::test]
async fn inputs_are_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(
        &dir.path().join("t.db"),
        Arc::new(turnpost_bot::table::NoImages),
    )
    .await;
    let site = serve(&table, WebSettings::default()).await;
    let root = path_in(&switch(&table, WebSwitch::On).await);
    let game = play(&table, 1, "rtta", 2, 3, None).await;
    let steps = table
        .web_replay(GUILD, game)
        .await
        .unwrap()
        .unwrap()
        .steps
        .len()
        - 1;
    let cases: Vec<(String, u16, String)> = vec![
        (
            format!("{root}game/{game}?step={}", steps + 1),
            400,
            format!(
                "The step must be a whole number from 0 to {steps}, not \"{}\".",
                steps + 1
            ),
        ),
        (
            format!("{root}game/{game}?step=-1"),
            400,
            "The step must be a whole number".into(),
        ),
        (
            format!("{root}game/{game}?step=1&step=2"),
            400,
            "\"step\" is given twice.".into(),
        ),
        (
            format!("{root}game/{game}?page=1"),
            400,
            "\"page\" is not something this page reads (it reads: step).".into(),
        ),
        (
            format!("{root}game/abc"),
            400,
            "The game must be a whole number from 1 to".into(),
        ),
        (
            format!("{root}game/{}", game + 100),
            404,
            "There is no such page here.".into(),
        ),
        (
            format!("{root}game/{game}/step/0/7.png"),
            404,
            "There is no such page here.".into(),
        ),
        (
            format!("{root}game/{game}/step/0/10.png"),
            400,
            "The picture must be a whole number from 0 to 9".into(),
        ),
        (
            format!("{root}game/{game}/step/99999/0.png"),
            400,
            "The step must be a whole number".into(),
        ),
        (
            format!("{root}games?page=2"),
            400,
            "The page must be a whole number from 1 to 1, not \"2\".".into(),
        ),
        (
            format!("{root}games?page=0"),
            400,
            "The page must be a whole number from 1 to 1".into(),
        ),
        (
            format!("{root}player/0"),
            400,
            "The player must be a whole number".into(),
        ),
        (
            format!("{root}player/12345"),
            404,
            "There is no such page here.".into(),
        ),
        (
            format!("{root}?game=chess"),
            404,
            "There is no such page here.".into(),
        ),
        (
            format!("{root}?game=Chess%3Cb%3E"),
            400,
            "There is no game called \"Chess%3Cb%3E\".".into(),
        ),
        (
            format!("{root}?season=9"),
            404,
            "There is no such page here.".into(),
        ),
        (
            format!("{root}?season=x"),
            400,
            "The season must be a whole number".into(),
        ),
        (
            format!("{root}?{}", "a".repeat(400)),
            414,
            "The address is too long (at most 300 characters).".into(),
        ),
        (
            "/s/not-a-token/".into(),
            404,
            "There is no such page here.".into(),
        ),
        (
            format!("{root}nothing"),
            404,
            "There is no such page here.".into(),
        ),
    ];
    for (path, status, words) in cases {
        let got = get(site, &path).await;
        assert_eq!(got.status, status, "{path}: {}", got.body);
        assert!(
            got.body.contains(&html_text(&words)),
            "{path}: {words:?} not in {}",
            got.body
        );
        assert!(
            got.body.contains("<h1>This page cannot be shown</h1>"),
            "{path}"
        );
        assert!(
            got.header("content-type")
                .is_some_and(|c| c.starts_with("text/html"))
        );
    }
    // Nothing a request gives reaches the page unescaped.
    let got = get(site, &format!("{root}?game=%3Cscript%3E")).await;
    assert!(!got.body.contains("<script>"));

    // A client that asks too fast is told to wait, in words.
    let strict = serve(
        &table,
        WebSettings {
            burst: 3.0,
            per_second: 0.1,
        },
    )
    .await;
    let statuses: Vec<u16> = futures_statuses(strict, &root, 5).await;
    assert_eq!(statuses, vec![200, 200, 200, 429, 429]);
    let slow = get(strict, &root).await;
    assert!(
        slow.body.contains("Too many requests from your address"),
        "{}",
        slow.body
    );
    assert_eq!(slow.header("retry-after"), Some("2"));
}

async fn futures_statuses(site: SocketAddr, path: &str, n: usize) -> Vec<u16> {
    let mut out = Vec::new();
    for _ in 0..n {
        out.push(get(site, path).await.status);
    }
    out
}

#[tokio::test]
async fn a_finished_game_replays_step_by_step_with_its_stored_log() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir.path().join("t.db"), Arc::new(PngPainter)).await;
    let site = serve(
        &table,
        WebSettings {
            burst: 1000.0,
            per_second: 1000.0,
        },
    )
    .await;
    let root = path_in(&switch(&table, WebSwitch::On).await);
    let game = play(&table, 1, "rtta", 2, 5, None).await;

    // The games page lists it; the leaderboard lists both players, linked to profiles.
    let games = get(site, &format!("{root}games")).await;
    assert!(
        games.body.contains(&format!(r#"href="{root}game/{game}""#)),
        "{}",
        games.body
    );
    let board = get(site, &format!("{root}?game=rtta")).await;
    for user in [1, 2] {
        assert!(
            board
                .body
                .contains(&format!(r#"href="{root}player/{user}""#)),
            "{}",
            board.body
        );
    }
    let profile = get(site, &format!("{root}player/1")).await;
    assert_eq!(profile.status, 200);
    assert!(
        profile.body.contains(r#"<svg class="chart""#),
        "{}",
        profile.body
    );
    assert!(
        profile.body.contains("rating over 1 points")
            || profile.body.contains("rating over 1 point"),
        "{}",
        profile.body
    );

    // Every step's log lines are the stored log lines of that game action.
    let stored: Vec<Vec<String>> = table
        .store()
        .actions_after(game, 0)
        .await
        .unwrap()
        .into_iter()
        .filter(|a| !turnpost_bot::table::is_table_entry(&a.notation))
        .map(|a| {
            a.log
                .iter()
                .map(|l| html_text(&Lang::En.render(l)))
                .collect()
        })
        .collect();
    let replay = table.web_replay(GUILD, game).await.unwrap().unwrap();
    assert_eq!(replay.steps.len(), stored.len() + 1);
    for step in [0, 1, 2, stored.len() / 2, stored.len()] {
        let page = get(site, &format!("{root}game/{game}?step={step}")).await;
        assert_eq!(page.status, 200);
        let log = between(&page.body, r#"<ul class="log" id="step-log">"#, "</ul>");
        let expected: String = if step == 0 {
            "<li>The game begins.</li>".into()
        } else {
            stored[step - 1]
                .iter()
                .map(|l| format!("<li>{l}</li>"))
                .collect()
        };
        assert_eq!(log, expected, "step {step}");
        assert!(page.body.contains(&format!(
            r#"<img src="{root}game/{game}/step/{step}/0.png" alt=""#
        )));
        let picture = get(site, &format!("{root}game/{game}/step/{step}/0.png")).await;
        assert_eq!(picture.status, 200);
        assert_eq!(picture.header("content-type"), Some("image/png"));
        assert!(picture.bytes.starts_with(b"\x89PNG"));
    }
    // The last step (the default) shows the final scores.
    let last = get(site, &format!("{root}game/{game}")).await;
    assert!(last.body.contains("Final scores: Anna "), "{}", last.body);
    // Pictures are drawn once, then served from the cache.
    let cached = table.web_pictures_cached();
    get(site, &format!("{root}game/{game}/step/1/0.png")).await;
    assert_eq!(table.web_pictures_cached(), cached);
}

/// Text as the pages escape it.
fn html_text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("{start} not in {text}"))
        + start.len();
    let to = from + text[from..].find(end).unwrap();
    &text[from..to]
}

/// Every page and picture of a running game over the site, in order.
async fn running_pages(site: SocketAddr, root: &str, game: i64) -> Vec<Got> {
    let page = get(site, &format!("{root}game/{game}")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let version = between(&page.body, r#"data-version=""#, "\"").to_string();
    let mut out = vec![
        get(site, &format!("{root}game/{game}/version")).await,
        get(site, &format!("{root}game/{game}/now/{version}/0.png")).await,
        get(site, &format!("{root}game/{game}/now/{version}/1.png")).await,
        get(site, &format!("{root}games")).await,
        get(site, root).await,
    ];
    out.insert(0, page);
    out
}

#[tokio::test]
async fn a_running_games_pages_and_pictures_do_not_change_with_its_hidden_items() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let first = table(&db, Arc::new(PngPainter)).await;
    let root = path_in(&switch(&first, WebSwitch::On).await);
    let game = play(&first, 1, "pandoria", 2, 11, Some(6)).await;
    let site = serve(
        &first,
        WebSettings {
            burst: 1000.0,
            per_second: 1000.0,
        },
    )
    .await;
    let before = running_pages(site, &root, game).await;
    assert!(before[2].bytes.starts_with(b"\x89PNG"));
    let hand = |t: Arc<Table>| async move {
        let reply = t.handle(&caller(2, 1), Command::Hand).await.unwrap();
        format!(
            "{:?}",
            reply.ephemeral.map(|p| (p.text.to_string(), p.images))
        )
    };
    let bert_before = hand(first.clone()).await;

    // The same game with other hidden items: the state as stored, with what seat 0 cannot
    // know (Bert's hand, the stack order) drawn again, stored as the latest snapshot.
    let store = first.store();
    let version = store.version(game).await.unwrap().0;
    let row = store.game(game).await.unwrap().unwrap();
    let (mut state, from) = match store.latest_snapshot(game, version).await.unwrap() {
        Some(snapshot) => (
            turnpost_core::registry::find("pandoria")
                .unwrap()
                .load_game(serde_json::from_str(snapshot.state.as_ref().unwrap()).unwrap())
                .unwrap(),
            snapshot.seq,
        ),
        None => (
            turnpost_core::registry::new_game("pandoria", &row.options, 2, row.seed).unwrap(),
            0,
        ),
    };
    for a in store.actions_after(game, from).await.unwrap() {
        if !turnpost_bot::table::is_table_entry(&a.notation) {
            state
                .play(turnpost_core::Seat(a.seat), &a.notation)
                .unwrap();
        }
    }
    let public = state.public_view().to_json();
    let berts = state.seat_view(turnpost_core::Seat(1)).to_json();
    let mut other = state.boxed_clone();
    other.determinize(turnpost_core::Seat(0), &mut ChaCha8Rng::seed_from_u64(99));
    assert_eq!(
        other.public_view().to_json(),
        public,
        "the public view stays"
    );
    assert_ne!(
        other.seat_view(turnpost_core::Seat(1)).to_json(),
        berts,
        "Bert's hand changed"
    );
    store
        .put_snapshot(game, version, &other.save().to_string())
        .await
        .unwrap();

    // A fresh table (nothing cached) over the changed store: Bert's hand is another…
    let second = table(&db, Arc::new(PngPainter)).await;
    assert_ne!(
        hand(second.clone()).await,
        bert_before,
        "the table reads the changed hand"
    );
    // …and not one page, picture or version differs.
    let site = serve(
        &second,
        WebSettings {
            burst: 1000.0,
            per_second: 1000.0,
        },
    )
    .await;
    let after = running_pages(site, &root, game).await;
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(b.status, a.status);
        assert!(
            b.bytes == a.bytes,
            "a page or picture differs:\n{}\n---\n{}",
            b.body,
            a.body
        );
    }
}

#[tokio::test]
async fn pages_pass_the_accessibility_checklist() {
    // Every colour pair of the style sheet has a contrast of at least 4.5:1, and the style
    // sheet served is made of them.
    for (what, fg, bg) in COLOURS {
        let c = contrast(fg, bg);
        assert!(c >= 4.5, "{what}: {fg} on {bg} has a contrast of {c:.2}");
    }
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir.path().join("t.db"), Arc::new(PngPainter)).await;
    let site = serve(
        &table,
        WebSettings {
            burst: 1000.0,
            per_second: 1000.0,
        },
    )
    .await;
    let root = path_in(&switch(&table, WebSwitch::On).await);
    let css = get(site, "/web.css").await.body;
    for (_, fg, bg) in COLOURS {
        assert!(
            css.contains(fg) && css.contains(bg),
            "{fg} {bg} not in the style sheet"
        );
    }
    let finished = play(&table, 1, "rtta", 2, 8, None).await;
    let running = play(&table, 2, "pandoria", 2, 9, Some(3)).await;
    let pages = [
        root.clone(),
        format!("{root}games"),
        format!("{root}player/1"),
        format!("{root}game/{finished}?step=3"),
        format!("{root}game/{running}"),
        format!("{root}game/{finished}?step=x"),
    ];
    for path in pages {
        let body = get(site, &path).await.body;
        assert!(body.contains(r#"<html lang="en">"#), "{path}");
        assert!(body.contains("<h1>"), "{path}");
        for img in body.split("<img ").skip(1) {
            let tag = &img[..img.find('>').unwrap()];
            let alt = between(tag, r#"alt=""#, "\"");
            assert!(alt.len() > 10, "{path}: an image without words: {tag}");
        }
        for control in ["<input ", "<select "] {
            for c in body.split(control).skip(1) {
                let tag = &c[..c.find('>').unwrap()];
                if tag.contains(r#"type="hidden""#) {
                    continue;
                }
                let id = between(tag, r#"id=""#, "\"");
                assert!(
                    body.contains(&format!(r#"<label for="{id}">"#)),
                    "{path}: no label for {id}"
                );
            }
        }
        for svg in body.split("<svg ").skip(1) {
            assert!(
                svg.contains("aria-label=") && svg.contains("<title>"),
                "{path}"
            );
        }
    }
}
