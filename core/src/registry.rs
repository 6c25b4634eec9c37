//! The list of games Turnpost runs: one [`GameInfo`] per game, built from its [`Game`]
//! implementation. Everything outside a game's own module finds the game here, by name:
//! the table creates and loads games through it, the Discord adapter builds `/new` from the
//! option schemas, `/help` and the terminal show the help text, and the renderer keys its
//! picture providers by the same names.
//!
//! Adding a game is one line in [`games`]'s built-in list (see `docs/adding-a-game.md`); a
//! game that is not compiled into the library (the test-only game of the contract tests) is
//! added at run time with [`register`].

use std::ops::RangeInclusive;
use std::sync::{OnceLock, PoisonError, RwLock};

use crate::dynamic::DynGame;
use crate::game::{Game, Seed, SetupError, options_from_pairs};
pub use crate::options::{Choice, OptionKind, OptionSpec};
use crate::t;
use crate::words::{Arg, Text};

/// Creates a game from `key=value` options, a player count and a seed.
type NewFn = fn(&[(String, String)], usize, Seed) -> Result<Box<dyn DynGame>, SetupError>;
/// Restores a saved game.
type LoadFn = fn(serde_json::Value) -> Result<Box<dyn DynGame>, SetupError>;

/// Everything the rest of Turnpost needs to know about one game.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// Short, stable name used in storage, commands and scenario files (`pandoria`).
    pub name: &'static str,
    /// The title players see (`Roll Through the Ages`).
    pub title: &'static str,
    /// The player counts the game supports.
    pub players: RangeInclusive<usize>,
    /// The options a table can choose, in the order `/new` offers them.
    pub options: Vec<OptionSpec>,
    /// Each option's default value as written in `key=value` (`None` when unset).
    pub defaults: Vec<(&'static str, Option<String>)>,
    /// A short rules summary with the notation, for `/help` and the terminal
    /// ([`Game::help`]).
    pub help: Text,
    /// The game's Fluent bundles ([`Game::WORDS`]), installed in [`crate::words`] when this
    /// is built.
    pub words: &'static [crate::words::Source],
    /// Whether seats hold secrets (hands): the table sends private messages only then.
    pub secrets: bool,
    /// The components in words, for `/card`, `/realm` and `/development`
    /// ([`Game::reference`]).
    pub reference: Vec<crate::reference::Entry>,
    /// The help topics of `/rules` ([`Game::help_topics`]).
    pub topics: Vec<crate::reference::Topic>,
    new: NewFn,
    load: LoadFn,
}

impl GameInfo {
    /// The descriptor of a game type.
    pub fn of<G: Game>() -> GameInfo {
        crate::words::install(G::WORDS);
        let defaults = match serde_json::to_value(G::Options::default()) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => serde_json::Map::new(),
        };
        let options = G::option_specs();
        let defaults = options
            .iter()
            .map(|o| {
                let value = match defaults.get(o.key) {
                    Some(serde_json::Value::String(s)) => Some(s.clone()),
                    Some(serde_json::Value::Bool(b)) => Some(b.to_string()),
                    Some(serde_json::Value::Number(n)) => Some(n.to_string()),
                    _ => None,
                };
                (o.key, value)
            })
            .collect();
        GameInfo {
            name: G::NAME,
            title: G::TITLE,
            players: G::player_counts(),
            options,
            defaults,
            help: G::help(),
            words: G::WORDS,
            secrets: G::SECRETS,
            reference: G::reference(),
            topics: G::help_topics(),
            new: create::<G>,
            load: restore::<G>,
        }
    }

    /// Creates a new game from `key=value` options.
    pub fn new_game(
        &self,
        options: &[(String, String)],
        players: usize,
        seed: Seed,
    ) -> Result<Box<dyn DynGame>, SetupError> {
        (self.new)(options, players, seed)
    }

    /// Restores a game saved with [`DynGame::save`].
    pub fn load_game(&self, state: serde_json::Value) -> Result<Box<dyn DynGame>, SetupError> {
        (self.load)(state)
    }

    /// The option with this key.
    pub fn option(&self, key: &str) -> Option<&OptionSpec> {
        self.options.iter().find(|o| o.key == key)
    }

    /// Options in words for a lobby ("Standard game · Realms: each player chooses"): the
    /// first option when it is a choice (the kind of game), always, and every other option
    /// that differs from its default, with the choice's label; `None` when nothing is named.
    pub fn describe_options(&self, pairs: &[(String, String)]) -> Option<Text> {
        let given = |key: &str| {
            pairs
                .iter()
                .rev()
                .find(|(k, _)| k.trim().replace('-', "_") == key)
                .map(|(_, v)| v.trim().replace('-', "_"))
        };
        let mut words: Vec<Text> = Vec::new();
        for (i, spec) in self.options.iter().enumerate() {
            let default = self
                .defaults
                .iter()
                .find(|(k, _)| *k == spec.key)
                .and_then(|(_, d)| d.clone());
            let headline = i == 0 && matches!(spec.kind, OptionKind::Choice(_));
            let value = match given(spec.key) {
                Some(v) if headline || Some(&v) != default.as_ref() => v,
                None if headline => match default {
                    Some(d) => d,
                    None => continue,
                },
                _ => continue,
            };
            words.push(match (&spec.kind, spec.label_of(&value)) {
                (_, Some(label)) if headline => label.clone(),
                (OptionKind::Flag, _) if value == "true" => spec.label.clone(),
                (OptionKind::Flag, _) => spec.off.clone(),
                (_, Some(label)) => t!("options-set", option = &spec.label, value = label),
                (_, None) => t!("options-set", option = &spec.label, value = Arg::raw(value)),
            });
        }
        let mut joined = Vec::new();
        for (i, w) in words.into_iter().enumerate() {
            if i > 0 {
                joined.push(t!("options-separator"));
            }
            joined.push(w);
        }
        (!joined.is_empty()).then(|| Text::concat(joined))
    }
}

fn create<G: Game>(
    options: &[(String, String)],
    players: usize,
    seed: Seed,
) -> Result<Box<dyn DynGame>, SetupError> {
    let options: G::Options = options_from_pairs(options)?;
    Ok(Box::new(G::new(&options, players, seed)?))
}

fn restore<G: Game>(state: serde_json::Value) -> Result<Box<dyn DynGame>, SetupError> {
    serde_json::from_value::<G>(state)
        .map(|g| Box::new(g) as Box<dyn DynGame>)
        .map_err(|e| {
            SetupError(crate::t!(
                "setup-cannot-load",
                game = Arg::raw(G::NAME),
                error = Arg::raw(e.to_string())
            ))
        })
}

/// The registered games: the built-in ones first, then those added with [`register`]. The
/// list is replaced (never changed in place) when a game is added, so a reader copies one
/// pointer under a read lock that is only ever contended while a game is being added.
fn registered() -> &'static RwLock<&'static [GameInfo]> {
    static GAMES: OnceLock<RwLock<&'static [GameInfo]>> = OnceLock::new();
    GAMES.get_or_init(|| {
        // **Add a game here.**
        let built_in = vec![
            GameInfo::of::<crate::pandoria::Pandoria>(),
            GameInfo::of::<crate::rtta::Rtta>(),
        ];
        RwLock::new(Box::leak(built_in.into_boxed_slice()))
    })
}

/// Every game Turnpost runs, in the order players see them.
pub fn games() -> &'static [GameInfo] {
    *registered().read().unwrap_or_else(PoisonError::into_inner)
}

/// Adds a game that is not compiled into the library (a test-only game), after the
/// built-in ones. Returns `false` and changes nothing when a game of that name is already
/// registered, so every test may register the game it needs. Register before anything reads
/// the list for good (the Discord adapter builds `/new` from it when it starts).
pub fn register(info: GameInfo) -> bool {
    let mut games = registered().write().unwrap_or_else(PoisonError::into_inner);
    if games.iter().any(|g| g.name == info.name) {
        return false;
    }
    // The old list stays alive: readers may still hold it. A game is added once per process.
    let mut grown = games.to_vec();
    grown.push(info);
    *games = Box::leak(grown.into_boxed_slice());
    true
}

/// The game with this name.
pub fn find(name: &str) -> Result<&'static GameInfo, SetupError> {
    let games = games();
    games.iter().find(|g| g.name == name).ok_or_else(|| {
        let names: Vec<&str> = games.iter().map(|g| g.name).collect();
        SetupError(crate::t!(
            "setup-no-such-game",
            name = Arg::raw(name),
            games = Arg::raw(names.join(", "))
        ))
    })
}

/// Creates a new game by name from `key=value` options (see [`GameInfo::new_game`]).
pub fn new_game(
    name: &str,
    options: &[(String, String)],
    players: usize,
    seed: Seed,
) -> Result<Box<dyn DynGame>, SetupError> {
    find(name)?.new_game(options, players, seed)
}

/// Restores a game saved with [`DynGame::save`].
pub fn load_game(name: &str, state: serde_json::Value) -> Result<Box<dyn DynGame>, SetupError> {
    find(name)?.load_game(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Lang;

    #[test]
    fn unknown_games_and_player_counts_are_refused_with_the_choices() {
        let e = find("chess").unwrap_err();
        let e = e.to_string();
        assert!(e.contains("pandoria") && e.contains("rtta"), "{e}");
        let p = find("pandoria").unwrap();
        let e = p.new_game(&[], 9, Seed::from_u64(1)).unwrap_err();
        assert!(e.to_string().contains("2 to 4 players"), "{e}");
    }

    #[test]
    fn options_are_described_in_words() {
        let p = find("pandoria").unwrap();
        let pairs = [
            ("mode".to_string(), "standard".to_string()),
            ("realms".to_string(), "each-chooses".to_string()),
            ("partnership".to_string(), "false".to_string()),
        ];
        let en = |t: Option<Text>| t.map(|t| Lang::En.render(&t));
        assert_eq!(
            en(p.describe_options(&pairs)).as_deref(),
            Some("Standard game · Realms: each player chooses")
        );
        assert_eq!(
            p.describe_options(&pairs)
                .map(|t| Lang::De.render(&t))
                .as_deref(),
            Some("Standardspiel · Völker: jeder wählt selbst")
        );
        // The kind of game is always named; defaults otherwise are not.
        assert_eq!(en(p.describe_options(&[])).as_deref(), Some("Family game"));
        let r = find("rtta").unwrap();
        assert_eq!(r.describe_options(&[]), None);
        assert_eq!(
            en(r.describe_options(&[("trade".into(), "true".into())])).as_deref(),
            Some("Trade variant (2 to 4 players)")
        );
        assert_eq!(
            en(p.describe_options(&[("artifacts".into(), "true".into())])).as_deref(),
            Some("Family game · Artifacts expansion")
        );
    }
}
