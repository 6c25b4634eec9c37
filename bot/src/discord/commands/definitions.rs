//! The slash commands as Discord registers them, in every language Turnpost speaks: each
//! command's, option's and choice's name and description is a bundle message (`bot-cmd-…`),
//! English as Discord's default (the names Discord sends back, which [`super::invocation`]
//! reads) and the other languages as `name_localizations`/`description_localizations` under
//! their Discord locale (German: `de`), which Discord shows to a user whose client speaks it.

use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption};

use turnpost_core::ai::Level;
use turnpost_core::reference::Lookup;
use turnpost_core::registry::{self, OptionKind};
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use crate::table::limits::{
    HOURS_OF_DAY, LOG_PAGES, REMIND_HOURS, SEASON_VACATION_DAYS, UTC_OFFSETS, VACATION_DAYS,
};
use crate::table::{DEADLINES, Policy, deadline_text};

/// Discord's limit for descriptions and choice names.
const MOST: usize = 100;

/// Discord's limit for descriptions and choice names.
fn clip(text: &str) -> String {
    text.chars().take(MOST).collect()
}

/// The languages besides English (Discord's default), whose words go into the
/// localizations under their Discord locale (our tag: Discord's German is `de`).
fn localized() -> impl Iterator<Item = Lang> {
    Lang::ALL.iter().copied().filter(|l| *l != Lang::En)
}

/// A command named `name` (the English name Discord sends back), called `words` and
/// described by `about` in every language.
fn command(name: &'static str, words: Text, about: Text) -> CreateCommand {
    localized().fold(
        CreateCommand::new(name).description(clip(&Lang::En.render(&about))),
        |c, lang| {
            c.name_localized(lang.tag(), lang.render(&words))
                .description_localized(lang.tag(), clip(&lang.render(&about)))
        },
    )
}

/// An option named `name`, called `words` and described by `about` in every language.
fn option(kind: CommandOptionType, name: &str, words: Text, about: Text) -> CreateCommandOption {
    localized().fold(
        CreateCommandOption::new(kind, name, clip(&Lang::En.render(&about))),
        |o, lang| {
            o.name_localized(lang.tag(), lang.render(&words))
                .description_localized(lang.tag(), clip(&lang.render(&about)))
        },
    )
}

fn string(name: &str, words: Text, about: Text) -> CreateCommandOption {
    option(CommandOptionType::String, name, words, about)
}

fn integer(name: &str, words: Text, about: Text) -> CreateCommandOption {
    option(CommandOptionType::Integer, name, words, about)
}

fn boolean(name: &str, words: Text, about: Text) -> CreateCommandOption {
    option(CommandOptionType::Boolean, name, words, about)
}

fn subcommand(name: &str, words: Text, about: Text) -> CreateCommandOption {
    option(CommandOptionType::SubCommand, name, words, about)
}

/// A string choice with the value `value`, called `words` in every language.
fn choice(o: CreateCommandOption, words: &Text, value: &str) -> CreateCommandOption {
    o.add_string_choice_localized(
        clip(&Lang::En.render(words)),
        value,
        localized().map(|lang| (lang.tag(), clip(&lang.render(words)))),
    )
}

/// Every slash command Turnpost registers.
pub fn definitions() -> Vec<CreateCommand> {
    crate::install_words();
    let mut all = vec![
        new_command(),
        command("join", t!("bot-cmd-join"), t!("bot-cmd-join-about")),
        command("leave", t!("bot-cmd-leave"), t!("bot-cmd-leave-about")),
        command("start", t!("bot-cmd-start"), t!("bot-cmd-start-about")),
        command("play", t!("bot-cmd-play"), t!("bot-cmd-play-about")).add_option(
            string(
                "action",
                t!("bot-opt-action"),
                t!("bot-opt-play-action-about"),
            )
            .required(true)
            .set_autocomplete(true),
        ),
        command("turn", t!("bot-cmd-turn"), t!("bot-cmd-turn-about")),
        command("help", t!("bot-cmd-help"), t!("bot-cmd-help-about")),
        command("board", t!("bot-cmd-board"), t!("bot-cmd-board-about")),
        command("hand", t!("bot-cmd-hand"), t!("bot-cmd-hand-about")),
        command("log", t!("bot-cmd-log"), t!("bot-cmd-log-about")).add_option(
            integer("page", t!("bot-opt-page"), t!("bot-opt-log-page-about"))
                .min_int_value(*LOG_PAGES.start() as u64)
                .max_int_value(*LOG_PAGES.end() as u64),
        ),
        command("undo", t!("bot-cmd-undo"), t!("bot-cmd-undo-about")),
        command("resign", t!("bot-cmd-resign"), t!("bot-cmd-resign-about")),
        command(
            "abandon",
            t!("bot-cmd-abandon"),
            t!("bot-cmd-abandon-about"),
        ),
        command("games", t!("bot-cmd-games"), t!("bot-cmd-games-about")),
        command(
            "myturns",
            t!("bot-cmd-myturns"),
            t!("bot-cmd-myturns-about"),
        ),
        command(
            "settings",
            t!("bot-cmd-settings"),
            t!("bot-cmd-settings-about"),
        )
        .add_option(
            [("on", t!("bot-choice-on")), ("off", t!("bot-choice-off"))]
                .iter()
                .fold(
                    string(
                        "confirm",
                        t!("bot-opt-confirm"),
                        t!("bot-opt-settings-confirm-about"),
                    ),
                    |o, (value, words)| choice(o, words, value),
                ),
        )
        .add_option(language_option(
            t!("bot-opt-settings-language-about"),
            &t!("bot-choice-language-yours-discord"),
        )),
        command("remind", t!("bot-cmd-remind"), t!("bot-cmd-remind-about")).add_option(
            integer(
                "hours",
                t!("bot-opt-hours"),
                t!("bot-opt-remind-hours-about"),
            )
            .required(true)
            .min_int_value(u64::from(*REMIND_HOURS.start()))
            .max_int_value(u64::from(*REMIND_HOURS.end())),
        ),
        command("quiet", t!("bot-cmd-quiet"), t!("bot-cmd-quiet-about"))
            .add_option(
                integer(
                    "start",
                    t!("bot-opt-start"),
                    t!("bot-opt-quiet-start-about"),
                )
                .required(true)
                .min_int_value(u64::from(*HOURS_OF_DAY.start()))
                .max_int_value(u64::from(*HOURS_OF_DAY.end())),
            )
            .add_option(
                integer("end", t!("bot-opt-end"), t!("bot-opt-quiet-end-about"))
                    .required(true)
                    .min_int_value(u64::from(*HOURS_OF_DAY.start()))
                    .max_int_value(u64::from(*HOURS_OF_DAY.end())),
            )
            .add_option(
                integer(
                    "utc_offset",
                    t!("bot-opt-utc-offset"),
                    t!("bot-opt-quiet-utc-offset-about"),
                )
                .min_number_value(f64::from(*UTC_OFFSETS.start()))
                .max_number_value(f64::from(*UTC_OFFSETS.end())),
            ),
        command(
            "vacation",
            t!("bot-cmd-vacation"),
            t!("bot-cmd-vacation-about"),
        )
        .add_option(
            integer(
                "days",
                t!("bot-opt-days"),
                t!("bot-opt-vacation-days-about"),
            )
            .required(true)
            .min_int_value(u64::from(*VACATION_DAYS.start()))
            .max_int_value(u64::from(*VACATION_DAYS.end())),
        ),
        command("season", t!("bot-cmd-season"), t!("bot-cmd-season-about"))
            .add_option(
                subcommand(
                    "start",
                    t!("bot-opt-season-start"),
                    t!("bot-opt-season-start-about"),
                )
                .add_sub_option(
                    string("name", t!("bot-opt-name"), t!("bot-opt-season-name-about"))
                        .required(true),
                ),
            )
            .add_option(subcommand(
                "close",
                t!("bot-opt-season-close"),
                t!("bot-opt-season-close-about"),
            )),
        command("league", t!("bot-cmd-league"), t!("bot-cmd-league-about"))
            .add_option(deadline_option(t!("bot-opt-league-deadline-about")))
            .add_option(policy_option(t!("bot-opt-league-on-timeout-about")))
            .add_option(boolean(
                "rated",
                t!("bot-opt-rated"),
                t!("bot-opt-league-rated-about"),
            ))
            .add_option(boolean(
                "ai_rated",
                t!("bot-opt-ai-rated"),
                t!("bot-opt-league-ai-rated-about"),
            ))
            .add_option(
                integer(
                    "vacation_days",
                    t!("bot-opt-vacation-days"),
                    t!("bot-opt-league-vacation-days-about"),
                )
                .min_int_value(u64::from(*SEASON_VACATION_DAYS.start()))
                .max_int_value(u64::from(*SEASON_VACATION_DAYS.end())),
            )
            .add_option(language_option(
                t!("bot-opt-league-language-about"),
                &t!("bot-choice-language-server-discord"),
            ))
            .add_option(web_option()),
        command(
            "leaderboard",
            t!("bot-cmd-leaderboard"),
            t!("bot-cmd-leaderboard-about"),
        )
        .add_option(game_option())
        .add_option(string(
            "season",
            t!("bot-opt-season"),
            t!("bot-opt-leaderboard-season-about"),
        )),
        command(
            "profile",
            t!("bot-cmd-profile"),
            t!("bot-cmd-profile-about"),
        )
        .add_option(option(
            CommandOptionType::User,
            "user",
            t!("bot-opt-user"),
            t!("bot-opt-profile-user-about"),
        ))
        .add_option(game_option()),
        command(
            "history",
            t!("bot-cmd-history"),
            t!("bot-cmd-history-about"),
        ),
        command("record", t!("bot-cmd-record"), t!("bot-cmd-record-about")),
        command(
            "mygames",
            t!("bot-cmd-mygames"),
            t!("bot-cmd-mygames-about"),
        ),
    ];
    all.extend(reference_commands());
    all
}

/// `/rules` and the references of single pieces (`/card`, `/realm`, `/development`): the
/// names and topics come from every registered game by autocomplete, so these commands
/// know no game by name.
fn reference_commands() -> Vec<CreateCommand> {
    let mut out = vec![
        command("rules", t!("bot-cmd-rules"), t!("bot-cmd-rules-about"))
            .add_option(game_option())
            .add_option(
                string(
                    "topic",
                    t!("bot-opt-topic"),
                    t!("bot-opt-rules-topic-about"),
                )
                .set_autocomplete(true),
            ),
    ];
    for lookup in Lookup::ALL {
        let (words, about, what) = match lookup {
            Lookup::Card => (
                t!("bot-cmd-card"),
                t!("bot-cmd-card-about"),
                t!("bot-opt-card-name-about"),
            ),
            Lookup::Realm => (
                t!("bot-cmd-realm"),
                t!("bot-cmd-realm-about"),
                t!("bot-opt-realm-name-about"),
            ),
            Lookup::Development => (
                t!("bot-cmd-development"),
                t!("bot-cmd-development-about"),
                t!("bot-opt-development-name-about"),
            ),
        };
        out.push(
            command(lookup.name(), words, about).add_option(
                string("name", t!("bot-opt-name"), what)
                    .required(true)
                    .set_autocomplete(true),
            ),
        );
    }
    out
}

/// The deadline choices of `/new` and `/league`.
fn deadline_option(about: Text) -> CreateCommandOption {
    DEADLINES.iter().fold(
        string("deadline", t!("bot-opt-deadline"), about),
        |o, &h| {
            let value = if h == 0 {
                "none".to_string()
            } else {
                format!("{h}h")
            };
            choice(o, &deadline_text(h), &value)
        },
    )
}

/// The deadline policies, each with what it does ("skip: the turn is skipped").
fn policy_option(about: Text) -> CreateCommandOption {
    [Policy::Skip, Policy::Replace, Policy::Forfeit]
        .iter()
        .fold(
            string("on_timeout", t!("bot-opt-on-timeout"), about),
            |o, p| {
                let words = t!("bot-choice-policy", policy = Arg::raw(p.as_str()));
                choice(o, &words, p.as_str())
            },
        )
}

/// The languages Turnpost speaks, each called by its own name ("Deutsch" in every
/// language), and `discord`: the language Discord gives (`discord` says whose).
fn language_option(about: Text, discord: &Text) -> CreateCommandOption {
    let languages = Lang::ALL.iter().fold(
        string("language", t!("bot-opt-language"), about),
        |o, lang| choice(o, &lang.name(), lang.tag()),
    );
    choice(languages, discord, super::LANGUAGE_OF_DISCORD)
}

/// `/league web:`: the server's web pages on, off, or under a new path (issue 32).
fn web_option() -> CreateCommandOption {
    ["on", "off", "rotate"].into_iter().fold(
        string("web", t!("bot-opt-web"), t!("bot-opt-league-web-about")),
        |o, word| choice(o, &t!("bot-choice-web", switch = Arg::raw(word)), word),
    )
}

/// A choice of the registered games (their titles are names, the same in every language).
fn game_option() -> CreateCommandOption {
    registry::games().iter().fold(
        string("game", t!("bot-opt-game"), t!("bot-opt-game-about")),
        |o, g| choice(o, &Text::raw(g.title), g.name),
    )
}

/// `/new`: one subcommand per registered game, its options typed from the game's option
/// schema (choices as choices, flags as booleans), plus the seat count and free
/// `key=value` options for experts.
pub(super) fn new_command() -> CreateCommand {
    let mut new = command("new", t!("bot-cmd-new"), t!("bot-cmd-new-about"));
    for info in registry::games() {
        let players = info.players.clone();
        let mut sub = subcommand(
            info.name,
            Text::raw(info.name),
            t!("bot-opt-new-game-about", title = Arg::raw(info.title)),
        )
        .add_sub_option(
            integer(
                "players",
                t!("bot-opt-players"),
                t!("bot-opt-new-players-about"),
            )
            .min_int_value(*players.start() as u64)
            .max_int_value(*players.end() as u64),
        );
        for spec in &info.options {
            // The option's key (what `key=value` takes) is its name in every language; its
            // description and its choices are the game's words.
            let (name, about) = (Text::raw(spec.key), spec.label.clone());
            let option = match &spec.kind {
                OptionKind::Flag => boolean(spec.key, name, about),
                OptionKind::Choice(choices) => choices
                    .iter()
                    .take(25)
                    .fold(string(spec.key, name, about), |o, c| {
                        choice(o, &c.label, c.value)
                    }),
            };
            sub = sub.add_sub_option(option);
        }
        sub = sub
            .add_sub_option(deadline_option(t!("bot-opt-new-deadline-about")))
            .add_sub_option(policy_option(t!("bot-opt-new-on-timeout-about")))
            .add_sub_option(boolean(
                "rated",
                t!("bot-opt-rated"),
                t!("bot-opt-new-rated-about"),
            ))
            .add_sub_option(
                integer("ai", t!("bot-opt-ai"), t!("bot-opt-new-ai-about"))
                    .min_int_value(0)
                    .max_int_value(*players.end() as u64 - 1),
            )
            .add_sub_option(Level::SEATED.iter().fold(
                string(
                    "ai_level",
                    t!("bot-opt-ai-level"),
                    t!("bot-opt-new-ai-level-about"),
                ),
                |o, l| {
                    let words = t!("bot-ai-level", level = Arg::raw(l.name()));
                    choice(o, &words, l.name())
                },
            ))
            .add_sub_option(boolean(
                "thread",
                t!("bot-opt-thread"),
                t!("bot-opt-new-thread-about"),
            ))
            .add_sub_option(string(
                "options",
                t!("bot-opt-options"),
                t!("bot-opt-new-options-about"),
            ));
        new = new.add_option(sub);
    }
    new
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    /// A name Discord takes for a command or an option in a locale: 1 to 32 lowercase
    /// letters, digits, `-` and `_` (`^[-_\p{L}\p{N}]{1,32}$`, lowercase where a letter has
    /// cases).
    fn discord_name(name: &str) -> bool {
        let n = name.chars().count();
        (1..=32).contains(&n)
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
            && name.to_lowercase() == name
    }

    /// Checks one command or option (and its options, and theirs) in every language:
    /// `path` names it in failures. Returns how many were checked.
    fn check(item: &Value, path: &str, problems: &mut Vec<String>) -> usize {
        let name = item["name"].as_str().unwrap_or_default();
        let path = format!("{path} {name}");
        if !discord_name(name) {
            problems.push(format!("{path}: the name {name:?}"));
        }
        if item["description"]
            .as_str()
            .unwrap_or_default()
            .chars()
            .count()
            > MOST
        {
            problems.push(format!("{path}: the description is too long"));
        }
        for lang in localized() {
            let tag = lang.tag();
            match item["name_localizations"][tag].as_str() {
                Some(local) if discord_name(local) => {}
                other => problems.push(format!("{path}: {tag} name {other:?}")),
            }
            match item["description_localizations"][tag].as_str() {
                Some(d) if !d.trim().is_empty() && d.chars().count() <= MOST => {}
                other => problems.push(format!("{path}: {tag} description {other:?}")),
            }
            for c in item["choices"].as_array().into_iter().flatten() {
                match c["name_localizations"][tag].as_str() {
                    Some(d) if !d.trim().is_empty() && d.chars().count() <= MOST => {}
                    other => problems.push(format!("{path}: {tag} choice {other:?}")),
                }
            }
        }
        let options = item["options"].as_array().cloned().unwrap_or_default();
        // Names are unique among siblings in every language.
        for key in std::iter::once("en".to_string()).chain(localized().map(|l| l.tag().into())) {
            let mut seen = std::collections::BTreeSet::new();
            for o in &options {
                let shown = if key == "en" {
                    o["name"].as_str()
                } else {
                    o["name_localizations"][&key].as_str()
                };
                if let Some(shown) = shown
                    && !seen.insert(shown.to_string())
                {
                    problems.push(format!("{path}: two options called {shown:?} in {key}"));
                }
            }
        }
        1 + options
            .iter()
            .map(|o| check(o, &path, problems))
            .sum::<usize>()
    }

    #[test]
    fn every_command_and_option_is_named_and_described_in_german_within_discords_rules() {
        let all: Vec<Value> = definitions()
            .iter()
            .map(|d| serde_json::to_value(d).unwrap())
            .collect();
        let mut problems = Vec::new();
        let checked: usize = all.iter().map(|c| check(c, "/", &mut problems)).sum();
        assert_eq!(problems, Vec::<String>::new());
        assert!(checked > 80, "{checked} commands and options");
        let mut german = std::collections::BTreeSet::new();
        for c in &all {
            let name = c["name_localizations"]["de"].as_str().unwrap();
            assert!(german.insert(name), "two commands called /{name} in German");
        }
        // German words, not English ones under a German key.
        let by_name = |name: &str| all.iter().find(|c| c["name"] == name).unwrap();
        assert_eq!(by_name("join")["name_localizations"]["de"], "beitreten");
        assert_eq!(
            by_name("board")["description_localizations"]["de"],
            "Das Spielbrett zeigen (nur dir)"
        );
        let settings = by_name("settings");
        let language = settings["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "language")
            .unwrap();
        assert_eq!(language["name_localizations"]["de"], "sprache");
        let values: Vec<&str> = language["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap())
            .collect();
        assert_eq!(values, ["en", "de", "discord"]);
    }

    #[test]
    fn the_english_words_of_a_name_are_the_name_discord_sends_back() {
        // The default names are the ones `invocation` reads; their bundle messages must
        // say the same, or German and English would name different things.
        crate::install_words();
        let pairs = [
            ("join", t!("bot-cmd-join")),
            ("myturns", t!("bot-cmd-myturns")),
            ("development", t!("bot-cmd-development")),
            ("utc_offset", t!("bot-opt-utc-offset")),
            ("ai_level", t!("bot-opt-ai-level")),
            ("on_timeout", t!("bot-opt-on-timeout")),
        ];
        for (name, words) in pairs {
            assert_eq!(Lang::En.render(&words), name);
        }
        // Every command: its German name is its own message's, its English one the name.
        for def in definitions() {
            let json = serde_json::to_value(&def).unwrap();
            let name = json["name"].as_str().unwrap();
            let id = format!("bot-cmd-{name}");
            assert_eq!(Lang::En.render(&Text::dynamic(id.clone())), name, "{id}");
        }
    }
}
