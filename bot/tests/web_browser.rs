//! The league's web pages in a real browser (issue 32): headless Chromium (Debian's
//! `chromium`, which `.ci/run` installs when missing) driven over its DevTools protocol on a
//! WebSocket, with no driver crate: `tungstenite` (already built for axum) and JSON. The test
//! opens the leaderboard, follows the games page to a finished game, steps the replay with
//! the keyboard forward and back, and checks that the step, the picture and the log shown are
//! the game's at that step; it takes screenshots at 400 and 1280 pixels wide.
//!
//! Why not chromiumoxide or fantoccini: both bring a large tree of crates (and fantoccini a
//! chromedriver to install) for the five DevTools commands this needs; `--dump-dom` and
//! `--screenshot` cannot press keys.

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::{Message, WebSocket};
use turnpost_bot::paint::PngPainter;
use turnpost_bot::store::Store;
use turnpost_bot::table::{Table, TableSettings};
use turnpost_bot::web::WebSettings;
use turnpost_core::words::Lang;

// Shared with the other web test and the web bench: not every part is used here.
#[allow(dead_code)]
#[path = "support/web.rs"]
mod support;

const GUILD: u64 = 5;

/// Chromium, found on PATH.
fn chromium() -> PathBuf {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| {
            std::env::var_os("PATH")
                .into_iter()
                .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
                .map(move |dir| dir.join(name))
        })
        .find(|p| p.is_file())
        .expect("headless Chromium is needed (.ci/run installs Debian's chromium when missing)")
}

/// A running Chromium with one page, spoken to over the DevTools protocol.
struct Browser {
    child: Child,
    socket: WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>,
    session: String,
    next: u64,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    fn start(profile: &Path) -> Browser {
        let child = Process::new(chromium())
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
                "--window-size=1280,900",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Chromium starts");
        // Chromium writes its port and the browser's path once it listens.
        let file = profile.join("DevToolsActivePort");
        let started = Instant::now();
        let endpoint = loop {
            if let Ok(text) = std::fs::read_to_string(&file)
                && let [port, path, ..] = text.lines().collect::<Vec<_>>()[..]
            {
                break format!("ws://127.0.0.1:{port}{path}");
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "Chromium did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let (socket, _) = tungstenite::connect(endpoint).expect("DevTools answers");
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next: 0,
        };
        let target = browser.call("Target.createTarget", json!({ "url": "about:blank" }));
        let target = target["targetId"].as_str().unwrap().to_string();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({ "targetId": target, "flatten": true }),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser
    }

    /// One DevTools command; its result (events in between are skipped).
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .unwrap();
        loop {
            let Message::Text(text) = self.socket.read().unwrap() else {
                continue;
            };
            let answer: Value = serde_json::from_str(text.as_str()).unwrap();
            if answer["id"] == json!(id) {
                assert!(answer.get("error").is_none(), "{method}: {answer}");
                return answer["result"].clone();
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        r["result"]["value"].clone()
    }

    /// Waits until `expression` is true in the page.
    fn wait_for(&mut self, expression: &str) {
        let started = Instant::now();
        while self.eval(expression) != json!(true) {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the page never showed {expression}: {}",
                self.eval("document.body ? document.body.innerText : ''")
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for(&format!(
            "location.href === {} && document.readyState === 'complete'",
            json!(url)
        ));
    }

    fn key(&mut self, key: &str, code: u32) {
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({ "type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code }),
            );
        }
    }

    /// A screenshot of the whole page at `width` pixels, into `to`.
    fn screenshot(&mut self, width: u32, to: &Path) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600 }),
        );
        self.wait_for("Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)");
        let shot = self.call(
            "Page.captureScreenshot",
            json!({ "format": "png", "captureBeyondViewport": true }),
        );
        let png = base64(shot["data"].as_str().unwrap());
        assert!(png.starts_with(b"\x89PNG"));
        std::fs::write(to, png).unwrap();
    }
}

fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    digits
        .chunks(4)
        .flat_map(|c| {
            let n = c.iter().fold(0u32, |n, &d| n << 6 | u32::from(d)) << (6 * (4 - c.len()));
            let bytes = n.to_be_bytes();
            bytes[1..c.len()].to_vec()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_opens_the_leaderboard_follows_a_game_and_steps_its_replay_with_the_keys() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.db")).await.unwrap();
    let table = Arc::new(Table::new(
        store,
        Arc::new(PngPainter),
        TableSettings::default(),
    ));
    let seats = [
        support::player(1, "Anna", GUILD, 1),
        support::player(2, "Bert", GUILD, 1),
    ];
    let root = support::web_on(&table, &seats[0]).await;
    // A finished, rated game of Roll Through the Ages, played at random.
    let game = support::play(&table, &seats, "rtta", 21, None).await;
    let replay = table.web_replay(GUILD, game).await.unwrap().unwrap();
    let logs: Vec<String> = replay
        .steps
        .iter()
        .map(|s| {
            if s.log.is_empty() {
                "The game begins.".to_string()
            } else {
                s.log
                    .iter()
                    .map(|l| Lang::En.render(l))
                    .collect::<Vec<_>>()
                    .join("\n")
            }
        })
        .collect();
    let last = replay.steps.len() - 1;
    let (site, _server) = turnpost_bot::web::serve(
        "127.0.0.1:0".parse().unwrap(),
        table.clone(),
        WebSettings {
            burst: 1000.0,
            per_second: 1000.0,
        },
    )
    .await
    .unwrap();
    let base = format!("http://{site}{root}");
    let shots = std::env::temp_dir().join("turnpost-web-shots");
    std::fs::create_dir_all(&shots).unwrap();

    // A game being played, whose board refreshes by itself when the turn changes.
    let players = [
        support::player(1, "Anna", GUILD, 2),
        support::player(2, "Bert", GUILD, 2),
    ];
    let running = support::play(&table, &players, "pandoria", 4, Some(2)).await;
    let runtime = tokio::runtime::Handle::current();
    let profile = dir.path().join("chromium");
    tokio::task::spawn_blocking(move || {
        let mut browser = Browser::start(&profile);
        // The leaderboard: both players, linked to their profiles.
        browser.open(&format!("{base}?game=rtta"));
        assert_eq!(
            browser.eval("document.querySelectorAll('tbody tr').length"),
            json!(2)
        );
        browser.screenshot(1280, &shots.join("web-leaderboard-1280.png"));
        browser.screenshot(400, &shots.join("web-leaderboard-400.png"));
        // Follow the games page to the game: it opens at its last step.
        browser.eval("document.querySelector('header nav a[href$=\"/games\"]').click(); true");
        browser.wait_for("location.pathname.endsWith('/games') && document.readyState === 'complete'");
        browser.eval(&format!(
            "document.querySelector('main a[href$=\"/game/{game}\"]').click(); true"
        ));
        browser.wait_for(&format!(
            "location.pathname.endsWith('/game/{game}') && !!document.getElementById('step-now')"
        ));
        let shown = |b: &mut Browser, step: usize| {
            b.wait_for(&format!(
                "document.getElementById('step-slider') && document.getElementById('step-slider').value === '{step}'"
            ));
            let img = b.eval("document.querySelector('.pictures img').getAttribute('src')");
            assert_eq!(img, json!(format!("{root}game/{game}/step/{step}/0.png")));
            assert!(b.eval("document.querySelector('.pictures img').alt.length > 20") == json!(true));
            let log = b.eval("document.getElementById('step-log').innerText.trim()");
            assert_eq!(log, json!(logs[step]), "the log of step {step}");
            b.wait_for("Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)");
        };
        shown(&mut browser, last);
        // Keys: Home to the start, → twice, ← once, End to the end.
        browser.key("Home", 36);
        shown(&mut browser, 0);
        browser.key("ArrowRight", 39);
        shown(&mut browser, 1);
        browser.key("ArrowRight", 39);
        shown(&mut browser, 2);
        browser.key("ArrowLeft", 37);
        shown(&mut browser, 1);
        // The page's address follows the steps (a reload shows the same step).
        assert_eq!(browser.eval("location.search"), json!("?step=1"));
        browser.key("ArrowRight", 39);
        shown(&mut browser, 2);
        browser.key("ArrowRight", 39);
        shown(&mut browser, 3);
        browser.screenshot(1280, &shots.join("web-replay-1280.png"));
        browser.screenshot(400, &shots.join("web-replay-400.png"));
        browser.key("End", 35);
        shown(&mut browser, last);
        // The last step shows the final scores.
        assert_eq!(
            browser.eval("document.querySelector('main').innerText.includes('Final scores: Anna')"),
            json!(true)
        );
        browser.open(&format!("{base}player/1"));
        browser.screenshot(1280, &shots.join("web-profile-1280.png"));

        // The running board: an action elsewhere (Discord) and the page shows the new turn
        // within its poll (5 s), without a reload.
        browser.open(&format!("{base}game/{running}"));
        let board = "document.querySelector('[data-board]')";
        let before = browser.eval(&format!("{board}.dataset.version"));
        browser.eval("window.notReloaded = true; true");
        runtime.block_on(async {
            let (turn, _) = table.current_turn(&players[0]).await.unwrap().unwrap();
            let who = players.iter().find(|c| c.user == turn.user).unwrap();
            let notation = table.suggest(who, "", 1).await.unwrap().remove(0);
            let act = turnpost_bot::table::Command::Act {
                notation,
                version: Some(turn.version),
            };
            table.handle(who, act).await.unwrap();
        });
        browser.wait_for(&format!("{board}.dataset.version !== {before}"));
        let now = browser.eval(&format!("{board}.dataset.version"));
        let src = browser.eval(&format!("{board}.querySelector('img').getAttribute('src')"));
        let now = now.as_str().unwrap().to_string();
        assert!(
            src.as_str().unwrap().ends_with(&format!("/now/{now}/0.png")),
            "{src} at version {now}"
        );
        assert_eq!(browser.eval("window.notReloaded === true"), json!(true));
        browser.screenshot(400, &shots.join("web-board-400.png"));
    })
    .await
    .unwrap();
}
