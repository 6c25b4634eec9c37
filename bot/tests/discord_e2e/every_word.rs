//! Every word a player reads comes from a bundle, in the reader's language (issue 30): whole
//! games of every game — each Pandoria mode, the expansions, the River board, Roll
//! Through the Ages with two and three players — are played by clicks through the fake
//! Discord with every reader and the server in the test language (`en-XA`: each rendered
//! text wrapped in ⟦…⟧), and every word of every message, edit, panel, DM, button, select,
//! embed and picture description the bot sent must lie inside those brackets (a `format!`ed
//! English word would not), and so must every text drawn in every picture of those games
//! (the bot paints with a renderer whose text-capture hook records each run of text). The
//! same games are then played in German: no message may fall back to English
//! (`words::missing`), and the channel's words are German.

use turnpost_bot::table::{Image, Painter};
use turnpost_core::dynamic::AnyView;
use turnpost_core::t;
use turnpost_core::words::{self, Lang, all_pseudo};
use turnpost_render::png::Fonts;
use turnpost_render::{Picture, RenderError, Renderer};

use super::support::clicks::{At, open, play_turn};
use super::*;

/// The words of a message a reader sees: content, embeds, buttons, selects and their options,
/// picture descriptions, modal titles (not ids, URLs or notation).
/// Each as (field, words).
fn visible(message: &Value, out: &mut Vec<(&'static str, String)>) {
    let mut push = |field: &'static str, v: &Value| {
        if let Some(s) = v.as_str()
            && !s.is_empty()
        {
            out.push((field, s.to_string()));
        }
    };
    push("content", &message["content"]);
    push("title", &message["title"]);
    for e in message["embeds"].as_array().into_iter().flatten() {
        push("embed", &e["title"]);
        push("embed", &e["description"]);
        push("embed", &e["footer"]["text"]);
        push("embed", &e["author"]["name"]);
        for f in e["fields"].as_array().into_iter().flatten() {
            push("embed", &f["name"]);
            push("embed", &f["value"]);
        }
    }
    for a in message["attachments"].as_array().into_iter().flatten() {
        push("picture description", &a["description"]);
    }
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            push("label", &c["label"]);
            push("label", &c["placeholder"]);
            for o in c["options"].as_array().into_iter().flatten() {
                push("label", &o["label"]);
                push("label", &o["description"]);
            }
        }
    }
    // An interaction callback carries its message under `data`.
    if message["data"].is_object() {
        visible(&message["data"], out);
    }
}

/// `s` without Discord's markup, which is no word: mentions (`<@1>`, `<#2>`), timestamps
/// (`<t:1700000000:R>`) and markdown emphasis.
fn without_markup(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        match tail.find('>') {
            Some(end)
                if tail[1..end]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "@#!:&".contains(c)) =>
            {
                rest = &tail[end + 1..];
            }
            _ => {
                out.push('<');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out.replace("**", "").replace("||", "").replace('`', "")
}

/// Every word the bot sent since `mark`: (where, field, words).
fn words_sent(fake: &FakeDiscord, mark: usize) -> Vec<(String, &'static str, String)> {
    let mut out = Vec::new();
    for r in fake.requests_since(mark) {
        // Registering commands sends every language's names at once (checked elsewhere).
        if r.route().contains("/commands") || r.method == "GET" || r.method == "DELETE" {
            continue;
        }
        let mut found = Vec::new();
        if let Some(json) = &r.json {
            visible(json, &mut found);
        }
        let at = format!("{} {}", r.method, r.route());
        out.extend(found.into_iter().map(|(f, w)| (at.clone(), f, w)));
    }
    out
}

/// Plays the whole game at `at` by clicks; the number of actions.
pub(crate) async fn play_out(fake: &FakeDiscord, at: At, seed: u64) -> usize {
    let mut rng = seed | 1;
    let mut actions = 0;
    while let Some(n) = play_turn(fake, at, &mut rng).await {
        actions += n;
        assert!(actions < 3000, "the game did not end");
    }
    actions
}

/// Every game and mode the issue names, with its players.
fn tables() -> Vec<(&'static str, Value, Vec<u64>)> {
    let opt = |name: &str, value: Value| json!({"name": name, "type": 3, "value": value});
    vec![
        (
            "pandoria",
            json!([opt("mode", json!("family"))]),
            vec![ANNA, BERT],
        ),
        (
            "pandoria",
            json!([opt("mode", json!("family_spells"))]),
            vec![ANNA, BERT, CLEO],
        ),
        (
            "pandoria",
            json!([opt("mode", json!("beginner"))]),
            vec![ANNA, BERT],
        ),
        (
            "pandoria",
            json!([
                opt("mode", json!("standard")),
                opt("realm_sets", json!("all")),
                {"name": "artifacts", "type": 5, "value": true},
            ]),
            vec![ANNA, BERT, CLEO],
        ),
        (
            "pandoria",
            json!([
                opt("mode", json!("standard")),
                opt("realm_sets", json!("expansion_promo")),
                opt("board", json!("river")),
            ]),
            vec![ANNA, BERT],
        ),
        ("rtta", json!([]), vec![ANNA, BERT]),
        ("rtta", json!([]), vec![ANNA, BERT, CLEO]),
    ]
}

/// The bot's pictures drawn by a renderer that records every run of text it draws.
struct Recording(&'static Renderer);

/// The pictures as the bot's painter gives them.
fn images(pictures: Vec<Picture>) -> Vec<Image> {
    pictures.into_iter().map(Image::from).collect()
}

impl Painter for Recording {
    fn public(
        &self,
        game: &str,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<Image>, RenderError> {
        self.0.public_pictures(game, view, lang).map(images)
    }
    fn private(
        &self,
        game: &str,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<Image>, RenderError> {
        self.0.private_pictures(game, view, lang).map(images)
    }
}

/// Plays every table with the server and every player in `locale`; returns the words sent
/// and, as field `picture text`, every text drawn in a picture.
async fn play_every_table(locale: &str) -> Vec<(String, &'static str, String)> {
    let mut sent = Vec::new();
    // Its own renderer: the runs it records are this call's (the tests run in parallel).
    let renderer: &'static Renderer = Box::leak(Box::new(Renderer::with_fonts(Fonts::recording())));
    for (i, (game, options, players)) in tables().into_iter().enumerate() {
        let fake = FakeDiscord::start().await;
        fake.set_guild_locale(GUILD, locale);
        for &p in &players {
            fake.set_locale(p, locale);
        }
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("bot.db");
        let painter = Arc::new(Recording(renderer));
        let (bot, _) = start_bot_painting(&fake, &db, seeded(300 + i as u64), painter).await;
        let mark = fake.requests().len();
        renderer.fonts().take_runs();
        open(&fake, (GUILD, CHANNEL), game, options.clone(), &players).await;
        let actions = play_out(&fake, (GUILD, CHANNEL), 17 + i as u64).await;
        eprintln!("{locale}: {game} {options} played to the end in {actions} actions");
        sent.extend(words_sent(&fake, mark));
        let at = format!("{game} {options} pictures");
        let drawn = renderer.fonts().take_runs();
        assert!(
            drawn.len() > 100,
            "{at}: {} runs of text drawn",
            drawn.len()
        );
        sent.extend(
            drawn
                .into_iter()
                .map(|r| (at.clone(), "picture text", r.source)),
        );
        bot.stop().await;
        fake.assert_clean();
    }
    sent
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_word_of_every_game_in_the_test_language_comes_from_a_bundle() {
    let sent = play_every_table("en-XA").await;
    assert!(sent.len() > 500, "{} words sent", sent.len());
    let outside: Vec<&(String, &str, String)> = sent
        .iter()
        .filter(|(_, f, w)| {
            if *f == "picture text" {
                // As render's own words test: numbers, signs and marks may stand alone.
                !all_pseudo(w, |c| !c.is_alphabetic())
            } else {
                !all_pseudo(&without_markup(w), |c| c.is_ascii_digit())
            }
        })
        .collect();
    assert!(
        sent.iter().any(|(_, f, _)| *f == "picture description"),
        "no picture was described"
    );
    assert!(
        sent.iter().any(|(_, f, _)| *f == "picture text"),
        "no picture was drawn"
    );
    let mut kinds: Vec<String> = outside
        .iter()
        .map(|(at, f, w)| {
            let w: String = w.replace('\n', "⏎").chars().take(400).collect();
            format!("{at} ({f}): {w}")
        })
        .collect();
    kinds.sort();
    kinds.dedup();
    if let Ok(path) = std::env::var("TURNPOST_WORDS_REPORT") {
        std::fs::write(path, kinds.join("\n")).unwrap();
    }
    assert!(
        kinds.is_empty(),
        "{} words reached Discord without a bundle, e.g.:\n{}",
        kinds.len(),
        kinds
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_plays_to_the_end_in_german_without_a_word_of_english() {
    turnpost_bot::install_words();
    let sent = play_every_table("de").await;
    let fell_back: Vec<(Lang, String)> = words::missing()
        .into_iter()
        .filter(|(lang, _)| *lang == Lang::De)
        .collect();
    assert_eq!(fell_back, Vec::new(), "messages missing in German");
    // The turn button reads German, and no English turn line was sent.
    let take = Lang::De.render(&t!("bot-button-take-my-turn"));
    assert_ne!(take, Lang::En.render(&t!("bot-button-take-my-turn")));
    assert!(
        sent.iter().any(|(_, _, w)| w == &take),
        "no German turn button"
    );
    let english = [" to play: ", "The game is over", "Your turn"];
    let leaked: Vec<&(String, &str, String)> = sent
        .iter()
        .filter(|(_, _, w)| english.iter().any(|e| w.contains(e)))
        .collect();
    assert!(leaked.is_empty(), "English in a German game: {leaked:?}");
}
