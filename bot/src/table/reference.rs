//! The references a newcomer reads while playing: `/rules` (each game's help topics),
//! `/card`, `/realm` and `/development` (a component's effect in words, found by its English
//! or German name or id in every registered game), and the panel's **What does it do?**
//! (the effects of everything the caller's decision offers now). All texts come from core
//! (`turnpost_core::reference`); nothing here knows a game by name.

use turnpost_core::reference::{Entry, Lookup};
use turnpost_core::registry::{self, GameInfo};
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use super::{Caller, Reply, Table, TableError, refuse};

/// How much of one answer Discord shows (2,000 characters), with room for a last line.
const ANSWER: usize = 1900;

/// The most characters an autocomplete entry's words may have (Discord's limit for a
/// choice's name).
pub const CHOICE_NAME: usize = 100;

/// An autocomplete entry for a reference: the words shown and the value sent back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// What the list shows, in the reader's language (at most [`CHOICE_NAME`] characters).
    pub name: String,
    /// What comes back when it is chosen (`pandoria:spell:rage_2`).
    pub value: String,
}

/// The value a suggestion sends back for an entry of a game.
fn value(info: &GameInfo, entry: &Entry) -> String {
    format!("{}:{}", info.name, entry.id)
}

/// "Rage ×2 (Wut) · spell — A worker counts …" in the reader's language, cut to Discord's
/// 100 characters.
fn suggestion_name(lang: Lang, info: &GameInfo, entry: &Entry, several_games: bool) -> String {
    let kind = if several_games {
        t!(
            "bot-suggestion-kind-game",
            kind = &entry.kind,
            game = Arg::raw(info.title)
        )
    } else {
        entry.kind.clone()
    };
    let text = match entry
        .german
        .as_deref()
        .filter(|g| !g.eq_ignore_ascii_case(&entry.name))
    {
        // The name in the other language: German for an English reader, English for a
        // German one (both the data's words).
        Some(g) => t!(
            "bot-suggestion-named",
            name = &entry.title,
            other = Text::name(g, Some(&entry.name)),
            kind = kind,
            text = &entry.text.short
        ),
        None => t!(
            "bot-suggestion",
            name = &entry.title,
            kind = kind,
            text = &entry.text.short
        ),
    };
    cut(lang, &lang.render(&text), CHOICE_NAME)
}

/// `shown` (rendered in `lang`) cut to `n` characters, ending in "…" where cut; the test
/// language's closing mark stays.
pub fn cut(lang: Lang, shown: &str, n: usize) -> String {
    if shown.chars().count() <= n {
        return shown.to_string();
    }
    let close = lang == Lang::Pseudo;
    let keep = n - 1 - usize::from(close);
    let mut out: String = shown.chars().take(keep).collect();
    out.push('…');
    if close {
        out.push(turnpost_core::words::PSEUDO_CLOSE);
    }
    out
}

fn clip(text: &str, n: usize) -> String {
    cut(Lang::En, text, n)
}

/// The entries of `lookup` in every game that `typed` names, best first: an exact value
/// (`pandoria:spell:rage_2`) alone, else by how well the names match.
fn found(lookup: Lookup, typed: &str, limit: usize) -> Vec<(&'static GameInfo, &'static Entry)> {
    if let Some((game, id)) = typed.trim().split_once(':')
        && let Ok(info) = registry::find(game)
        && let Some(entry) = info
            .reference
            .iter()
            .find(|e| e.lookup == lookup && e.id == id)
    {
        return vec![(info, entry)];
    }
    let mut all: Vec<(u8, usize, &'static GameInfo, &'static Entry)> = Vec::new();
    for info in registry::games() {
        for (i, e) in info.reference.iter().enumerate() {
            if e.lookup == lookup
                && let Some(score) = e.matches(typed)
            {
                all.push((score, i, info, e));
            }
        }
    }
    // Best match first; among equals, games in registry order and entries in data order.
    all.sort_by_key(|a| std::cmp::Reverse(a.0));
    all.into_iter()
        .take(limit)
        .map(|(_, _, info, e)| (info, e))
        .collect()
}

/// The lookups' names in words, for refusals.
/// The lookup's key in `bot-no-such-component`.
fn lookup_key(lookup: Lookup) -> &'static str {
    match lookup {
        Lookup::Card => "card",
        Lookup::Realm => "realm",
        Lookup::Development => "development",
    }
}

/// "A, B, C": items one after the other with the language's comma.
pub(super) fn comma_list(items: impl IntoIterator<Item = Text>) -> Text {
    let mut all = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            all.push(t!("words-comma"));
        }
        all.push(item);
    }
    Text::concat(all)
}

impl Table {
    /// `/card`, `/realm`, `/development`: the effect of the named component in words, with
    /// up to two more that the name also fits. Only the caller sees it.
    pub(super) async fn reference(
        &self,
        caller: &Caller,
        lookup: Lookup,
        name: &str,
    ) -> Result<Reply, TableError> {
        let hits = found(lookup, name, 3);
        let Some(&(info, first)) = hits.first() else {
            let examples = registry::games()
                .iter()
                .flat_map(|g| g.reference.iter().filter(|e| e.lookup == lookup))
                .take(3)
                .map(|e| e.title.clone());
            return refuse(t!(
                "bot-no-such-component",
                kind = Arg::raw(lookup_key(lookup)),
                name = Arg::raw(super::echo(&clip(name, 60))),
                examples = comma_list(examples)
            ));
        };
        let several = registry::games()
            .iter()
            .filter(|g| g.reference.iter().any(|e| e.lookup == lookup))
            .count()
            > 1;
        let mut parts = Vec::new();
        if several {
            parts.push(t!("bot-reference-game", game = Arg::raw(info.title)));
        }
        parts.push(first.answer());
        let exact = first.matches(name) == Some(3);
        let others: Vec<Text> = hits
            .iter()
            .skip(1)
            .filter(|_| !exact)
            .map(|(_, e)| t!("bot-reference-other", name = &e.title, kind = &e.kind))
            .collect();
        let mut text = Text::concat(parts);
        if !others.is_empty() {
            // After an empty line.
            let also = t!(
                "bot-reference-also-fits",
                others = comma_list(others),
                command = Arg::raw(lookup.name())
            );
            text = Text::lines([text, Text::concat([]), also]);
        }
        let lang = self.language_for(caller.user, None).await;
        Ok(Reply::ephemeral(fitted(lang, text)))
    }

    /// Autocomplete for `/card`, `/realm`, `/development`: the entries whose English or
    /// German name or id `typed` begins or contains as a word, best first, in `lang` (the
    /// reader's: [`Table::language_for`]).
    pub fn reference_suggestions(
        &self,
        lang: Lang,
        lookup: Lookup,
        typed: &str,
        limit: usize,
    ) -> Vec<Suggestion> {
        let several = registry::games()
            .iter()
            .filter(|g| g.reference.iter().any(|e| e.lookup == lookup))
            .count()
            > 1;
        found(lookup, typed, limit)
            .into_iter()
            .map(|(info, e)| Suggestion {
                name: suggestion_name(lang, info, e, several),
                value: value(info, e),
            })
            .collect()
    }

    /// Autocomplete for `/rules topic:`: the topics of `game` (or of every game), matching
    /// `typed` in their key or their title in any language, in `lang` (the reader's).
    pub fn topic_suggestions(
        &self,
        lang: Lang,
        game: Option<&str>,
        typed: &str,
        limit: usize,
    ) -> Vec<Suggestion> {
        let typed = typed.trim().to_lowercase();
        registry::games()
            .iter()
            .filter(|g| game.is_none_or(|name| g.name == name))
            .flat_map(|g| g.topics.iter().map(move |t| (g, t)))
            .filter(|(g, t)| {
                typed.is_empty()
                    || t.key.contains(&typed)
                    || Lang::ALL
                        .iter()
                        .any(|l| l.render(&t.title).to_lowercase().contains(&typed))
                    || g.title.to_lowercase().starts_with(&typed)
            })
            .take(limit)
            .map(|(g, t)| {
                let name = t!(
                    "bot-suggestion-topic",
                    game = Arg::raw(g.title),
                    title = &t.title
                );
                Suggestion {
                    name: cut(lang, &lang.render(&name), CHOICE_NAME),
                    value: format!("{}:{}", g.name, t.key),
                }
            })
            .collect()
    }

    /// `/rules`: one help topic of a game in brief, or, without a topic, the game's topics
    /// listed with the first one. The game is the one named, else the channel's, else the
    /// first registered. Only the caller sees it.
    pub(super) async fn rules(
        &self,
        caller: &Caller,
        game: Option<&str>,
        topic: Option<&str>,
    ) -> Result<Reply, TableError> {
        // A topic chosen from the list names its game (`rtta:dice`).
        let (game, topic) = match topic.and_then(|t| t.split_once(':')) {
            Some((g, t)) => (Some(g.to_string()), Some(t.to_string())),
            None => (game.map(str::to_string), topic.map(str::to_string)),
        };
        let info = match game {
            Some(name) => match registry::find(&name) {
                Ok(info) => info,
                Err(e) => return refuse(e.0),
            },
            None => {
                let kind = self
                    .store
                    .open_game_in(caller.channel)
                    .await?
                    .map(|row| row.kind);
                match kind.as_deref().map(registry::find) {
                    Some(Ok(info)) => info,
                    _ => &registry::games()[0],
                }
            }
        };
        let keys: Vec<String> = info.topics.iter().map(|t| format!("`{}`", t.key)).collect();
        let chosen = match topic.as_deref().map(str::trim) {
            Some(key) => {
                let key = key.to_lowercase();
                match info.topics.iter().find(|t| {
                    t.key == key
                        || Lang::ALL
                            .iter()
                            .any(|l| l.render(&t.title).to_lowercase() == key)
                }) {
                    Some(t) => t,
                    None => {
                        return refuse(t!(
                            "bot-no-such-topic",
                            game = Arg::raw(info.title),
                            topic = Arg::raw(super::echo(&clip(&key, 40))),
                            topics = Arg::raw(keys.join(", "))
                        ));
                    }
                }
            }
            None => match info.topics.first() {
                Some(t) => t,
                None => return Ok(Reply::ephemeral(info.help.clone())),
            },
        };
        let mut text = t!(
            "bot-rules-topic",
            game = Arg::raw(info.title),
            title = &chosen.title,
            text = &chosen.text
        );
        let others: Vec<&String> = keys
            .iter()
            .filter(|k| **k != format!("`{}`", chosen.key))
            .collect();
        if !others.is_empty() {
            let others: Vec<&str> = others.iter().map(|s| s.as_str()).collect();
            // After an empty line.
            let more = t!("bot-rules-more", topics = Arg::raw(others.join(", ")));
            text = Text::lines([text, Text::concat([]), more]);
        }
        let lang = self.language_for(caller.user, None).await;
        Ok(Reply::ephemeral(fitted(lang, text)))
    }

    /// **What does it do?** on the panel: the effect of every card, building, spell, realm,
    /// development, monument or relic the caller's decision offers now, one line each.
    pub(super) async fn explain(&self, caller: &Caller) -> Result<Reply, TableError> {
        let Some(menu) = self.menu(caller).await? else {
            return refuse(t!("bot-explain-nothing"));
        };
        let mut seen = Vec::new();
        let mut lines = Vec::new();
        for c in &menu.choices {
            let Some(detail) = &c.detail else { continue };
            if seen.contains(detail) {
                continue;
            }
            seen.push(detail.clone());
            // The choice's whole label: its words and price are the game's, in the reader's
            // language ("Cast Rage ×2 — 2 crystals").
            lines.push(t!("bot-explain-line", what = &c.label, detail = detail));
        }
        if lines.is_empty() {
            return Ok(Reply::ephemeral(t!("bot-explain-none")));
        }
        let mut shown = vec![t!("bot-explain-head")];
        let mut length = longest(&shown[0]) + 1;
        let total = lines.len();
        for (i, line) in lines.into_iter().enumerate() {
            let more = longest(&line);
            if length + more + 60 > ANSWER {
                shown.push(t!("bot-explain-more", n = total - i));
                break;
            }
            length += more + 1;
            shown.push(line);
        }
        Ok(Reply::ephemeral(Text::lines(shown)))
    }
}

/// The most characters `text` has in any language: what must fit one answer.
fn longest(text: &Text) -> usize {
    Lang::ALL
        .iter()
        .map(|lang| lang.render(text).chars().count())
        .max()
        .unwrap_or(0)
}

/// `text`, or where it is longer than one answer in some language (a long reference), its
/// words in the reader's language `lang` cut to fit.
fn fitted(lang: Lang, text: Text) -> Text {
    if longest(&text) <= ANSWER {
        text
    } else {
        Text::raw(cut(lang, &lang.render(&text), ANSWER))
    }
}

/// For the lobby as the game starts: one line per seat with what its part of the game does
/// ("Anna plays the Elves: At the end of your turn, …"), each on a new line after a blank
/// one; empty where seats have no such part (or choose it later, in the game).
pub(super) fn intro_lines(
    kind: &str,
    options: &[(String, String)],
    seed: turnpost_core::Seed,
    seats: &[crate::store::SeatRow],
) -> Text {
    let Ok(game) = registry::find(kind).and_then(|info| info.new_game(options, seats.len(), seed))
    else {
        return Text::concat([]);
    };
    let lines: Vec<Text> = seats
        .iter()
        .filter_map(|s| {
            game.seat_intro(turnpost_core::Seat(s.seat)).map(|intro| {
                // The name the player goes by, then core's words for their part.
                t!(
                    "bot-seat-intro",
                    name = Arg::raw(s.name.as_str()),
                    intro = intro.public_line()
                )
            })
        })
        .collect();
    if lines.is_empty() {
        Text::concat([])
    } else {
        // Each on a new line, the first after the line it follows.
        Text::lines(std::iter::once(Text::concat([])).chain(lines))
    }
}

/// A table over a fresh SQLite file at `path` whose games take the seeds `first`, …, for
/// the adapter's own tests (which must not reach the store themselves).
#[cfg(test)]
pub(crate) async fn table_for_tests(path: &std::path::Path, first: u64) -> Table {
    let store = crate::store::Store::open(path)
        .await
        .expect("a test database");
    let settings = super::TableSettings {
        seeds: std::sync::Arc::new(super::Seeds::sequence(first)),
        ..super::TableSettings::default()
    };
    Table::new(store, std::sync::Arc::new(super::NoImages), settings)
}

/// Every reference entry's answer (tests walk them all in every language).
pub fn all_answers() -> Vec<Text> {
    registry::games()
        .iter()
        .flat_map(|g| g.reference.iter().map(Entry::answer))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lobby_names_each_dealt_realm_and_its_ability() {
        let seats: Vec<crate::store::SeatRow> = ["Anna", "Bert", "Cleo"]
            .iter()
            .enumerate()
            .map(|(i, name)| crate::store::SeatRow {
                seat: i as u8,
                user_id: i as u64 + 1,
                name: (*name).to_string(),
                resigned: false,
            })
            .collect();
        let standard = [("mode".to_string(), "standard".to_string())];
        let seed = turnpost_core::Seed::from_u64(4);
        crate::install_words();
        let lines = intro_lines("pandoria", &standard, seed, &seats).to_string();
        for name in ["Anna plays the ", "Bert plays the ", "Cleo plays the "] {
            assert!(lines.contains(name), "{lines}");
        }
        // Each line is the realm's short ability from core's data.
        let game = registry::find("pandoria")
            .unwrap()
            .new_game(&standard, 3, seed)
            .unwrap();
        let intro = game.seat_intro(turnpost_core::Seat(1)).unwrap();
        assert!(lines.contains(&intro.text.short.to_string()), "{lines}");
        // In German too, from the German data.
        let german = Lang::De.render(&intro_lines("pandoria", &standard, seed, &seats));
        assert!(german.contains("Bert spielt die "), "{german}");
        assert!(
            german.contains(&Lang::De.render(&intro.text.short)),
            "{german}"
        );
        // No realms in the family game, none in a dice game.
        assert_eq!(intro_lines("pandoria", &[], seed, &seats).to_string(), "");
        assert_eq!(intro_lines("rtta", &[], seed, &seats[..2]).to_string(), "");
    }

    #[test]
    fn every_answer_and_suggestion_fits_discord() {
        crate::install_words();
        let langs = Lang::ALL.iter().copied().chain([Lang::Pseudo]);
        for lang in langs.clone() {
            for answer in all_answers() {
                let shown = lang.render(&answer);
                assert!(shown.chars().count() <= ANSWER, "{shown}");
            }
        }
        for lookup in Lookup::ALL {
            for info in registry::games() {
                for e in info.reference.iter().filter(|e| e.lookup == lookup) {
                    for lang in langs.clone() {
                        let s = suggestion_name(lang, info, e, true);
                        assert!(s.chars().count() <= CHOICE_NAME, "{s}");
                        // The test language's marks close even where the words are cut.
                        if lang == Lang::Pseudo {
                            assert!(turnpost_core::words::all_pseudo(&s, |_| false), "{s}");
                        }
                    }
                    assert!(value(info, e).len() <= 100);
                    // The value a suggestion sends back finds exactly its entry.
                    let back = found(lookup, &value(info, e), 5);
                    assert_eq!(back.len(), 1);
                    assert_eq!(back[0].1.id, e.id);
                }
            }
        }
    }
}
