//! The references in every language (issue 30): for every registered game (the test-only one
//! included), every reference entry's answer, every help topic, the game's help and every
//! seat's intro (each realm in each edition) are words from the bundles and the game's data —
//! in the test language every letter lies inside its marks, in German nothing falls back to
//! English and every long text has German words of its own — and each fits its limit in
//! English and German.

#[path = "support/games.rs"]
mod games;

use turnpost_core::Seed;
use turnpost_core::reference::{MAX_LONG, MAX_SHORT, MAX_TOPIC};
use turnpost_core::registry::{GameInfo, OptionKind};
use turnpost_core::words::{self, Lang, Text, all_pseudo};

/// The most characters one Discord message holds: a whole answer must fit.
const MESSAGE: usize = 2000;

/// One text a reader may see: what it is, the words, and the most characters it may have.
struct Shown {
    what: String,
    text: Text,
    max: usize,
}

fn shown(what: impl Into<String>, text: &Text, max: usize) -> Shown {
    Shown {
        what: what.into(),
        text: text.clone(),
        max,
    }
}

/// The option sets that give seats an intro: with a game's `realm` option, each realm chosen
/// for everyone in a standard game, in each edition; otherwise the defaults.
fn setups(g: &GameInfo) -> Vec<Vec<(String, String)>> {
    let choices = |key: &str| -> Vec<String> {
        match g.option(key).map(|o| &o.kind) {
            Some(OptionKind::Choice(c)) => c.iter().map(|c| c.value.to_string()).collect(),
            _ => Vec::new(),
        }
    };
    let mut editions = choices("edition");
    if editions.is_empty() {
        editions.push(String::new());
    }
    let mut out = vec![Vec::new()];
    for realm in choices("realm") {
        for edition in &editions {
            let mut pairs = vec![
                ("mode".to_string(), "standard".to_string()),
                ("realms".to_string(), "same_chosen".to_string()),
                ("realm".to_string(), realm.clone()),
            ];
            if !edition.is_empty() {
                pairs.push(("edition".to_string(), edition.clone()));
            }
            out.push(pairs);
        }
    }
    out
}

/// Every text of `g`'s references, help and intros.
fn texts(g: &GameInfo) -> Vec<Shown> {
    let mut out = vec![shown(format!("{} help", g.name), &g.help, MESSAGE)];
    for e in &g.reference {
        out.push(shown(format!("{} answer", e.id), &e.answer(), MESSAGE));
        out.push(shown(format!("{} short", e.id), &e.text.short, MAX_SHORT));
        if let Some(long) = &e.text.long {
            out.push(shown(format!("{} long", e.id), long, MAX_LONG));
        }
    }
    for t in &g.topics {
        out.push(shown(format!("{} title", t.key), &t.title, 80));
        out.push(shown(format!("{} topic", t.key), &t.text, MAX_TOPIC));
    }
    for (i, options) in setups(g).iter().enumerate() {
        let players = *g.players.end();
        let game = g
            .new_game(options, players, Seed::from_u64(i as u64))
            .unwrap_or_else(|e| panic!("{} {options:?}: {e}", g.name));
        for seat in 0..players {
            if let Some(intro) = game.seat_intro(turnpost_core::Seat(seat as u8)) {
                let what = format!("{} {options:?} seat {seat}", g.name);
                out.push(shown(
                    format!("{what} public"),
                    &intro.public_line(),
                    MESSAGE,
                ));
                out.push(shown(
                    format!("{what} private"),
                    &intro.private_line(),
                    MESSAGE,
                ));
            }
        }
    }
    out
}

#[test]
fn every_reference_topic_help_and_intro_reads_in_the_test_language_and_in_german() {
    let mut wrong = Vec::new();
    let mut intros = 0;
    for g in games::games() {
        let all = texts(g);
        intros += all.iter().filter(|s| s.what.ends_with("private")).count();
        for s in &all {
            let pseudo = Lang::Pseudo.render(&s.text);
            if !all_pseudo(&pseudo, |c| !c.is_alphabetic()) {
                wrong.push(format!("{}: a word outside the bundles: {pseudo}", s.what));
            }
            for lang in Lang::ALL {
                let words = lang.render(&s.text);
                let n = words.chars().count();
                if words.trim().is_empty() || n > s.max {
                    wrong.push(format!(
                        "{} in {}: {n} characters (at most {})",
                        s.what,
                        lang.tag(),
                        s.max
                    ));
                }
            }
            // German words of its own wherever the English says something in sentences.
            let (en, de) = (Lang::En.render(&s.text), Lang::De.render(&s.text));
            if en.split_whitespace().count() > 3 && en == de {
                wrong.push(format!("{} reads the same in German: {en}", s.what));
            }
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
    let fallen_back: Vec<(Lang, String)> = words::missing()
        .into_iter()
        .filter(|(lang, _)| *lang == Lang::De)
        .collect();
    assert_eq!(fallen_back, Vec::new(), "German messages missing");
    // Pandoria's twelve realms in each edition, for each of its seats.
    assert!(intros >= 12 * 2 * 4, "only {intros} intros");
}

#[test]
fn every_english_long_text_has_a_german_one() {
    for g in games::games() {
        for e in &g.reference {
            let Some(long) = &e.text.long else { continue };
            let (en, de) = (Lang::En.render(long), Lang::De.render(long));
            assert!(!en.trim().is_empty(), "{}", e.id);
            assert!(!de.trim().is_empty() && de != en, "{}: {de}", e.id);
        }
    }
    let pandoria = games::games()
        .iter()
        .find(|g| g.name == "pandoria")
        .unwrap();
    assert!(
        pandoria.reference.iter().all(|e| e.text.long.is_some()),
        "every Pandoria entry has a long text"
    );
}
