//! Command-line parsing and the commands that need no server: `replay`, `local`,
//! `selfplay`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};
use turnpost_core::Seed;
use turnpost_core::registry::{GameInfo, OptionKind};
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use crate::local::LocalOptions;
use crate::paint::PngPainter;

/// Turnpost: play-by-message board games.
#[derive(Debug, Parser)]
#[command(name = "turnpost", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the Discord bot. Reads DISCORD_TOKEN, TURNPOST_DATABASE (default turnpost.db)
    /// and TURNPOST_DEV_GUILD from the environment or a .env file.
    Serve {
        /// The gateway shards this process runs, like 0-3 (several processes on one
        /// PostgreSQL database each run their own range); also TURNPOST_SHARDS.
        #[arg(long, requires = "shard_total")]
        shards: Option<String>,
        /// How many shards there are in all (with --shards); also TURNPOST_SHARD_TOTAL.
        #[arg(long, requires = "shards")]
        shard_total: Option<u32>,
    },
    /// Copy the database to FILE while Turnpost serves: SQLite through `VACUUM INTO`,
    /// PostgreSQL through `pg_dump --format=custom`. Reads TURNPOST_DATABASE (default
    /// turnpost.db) from the environment or a .env file. FILE must not exist.
    Backup {
        /// Where the copy goes.
        file: PathBuf,
        /// The database to copy, instead of TURNPOST_DATABASE.
        #[arg(long)]
        database: Option<String>,
    },
    /// Replay a game record from /record (checking it reproduces the stored game), or run a
    /// scenario file and print its log and the final public view.
    Replay {
        /// The record (JSON) or scenario file (see docs/notation.md).
        file: PathBuf,
    },
    /// Play hot-seat in this terminal, through the table service and the store.
    Local {
        /// The game: pandoria or rtta.
        game: String,
        /// Number of players.
        #[arg(long, default_value_t = 3)]
        players: usize,
        /// Seed: a number or 64 hex digits (default: fresh from the operating system).
        #[arg(long)]
        seed: Option<String>,
        /// Options as key=value (repeatable), e.g. --option start_tiles=random.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Keep the game in this SQLite file and resume it from there (default: in memory).
        #[arg(long)]
        db: Option<PathBuf>,
        /// Folder for the pictures of each move.
        #[arg(long, default_value = "turnpost-local")]
        out: PathBuf,
        /// Abandon the game saved in --db (if any) and start a new one.
        #[arg(long)]
        new: bool,
        /// The language to play in: en or de (default: from LANG, e.g. de_DE.UTF-8 is
        /// German; English otherwise).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Play random legal moves into a database, printing each acknowledged action (used by
    /// the crash test).
    #[command(hide = true)]
    Selfplay {
        /// The SQLite file, or a `postgres://` URL.
        #[arg(long)]
        db: PathBuf,
        /// The game.
        #[arg(long, default_value = "pandoria")]
        game: String,
        /// Seats.
        #[arg(long, default_value_t = 3)]
        players: usize,
        /// Seed of the move choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Moves to play.
        #[arg(long, default_value_t = 1000)]
        moves: usize,
        /// Also queue each turn's messages in the outbox and deliver them to a stand-in for
        /// Discord (`sent ID` on standard output), after a short random delay (the crash test
        /// kills between the two).
        #[arg(long)]
        outbox: bool,
        /// Where the stand-in Discord records what it received (it outlives the process).
        #[arg(long)]
        discord: Option<PathBuf>,
        /// How long (ms) the stand-in honours a repeated message's nonce and the worker trusts
        /// it; 0: every possible repeat is looked for first.
        #[arg(long, default_value_t = 60_000)]
        nonce_trust_ms: u64,
        /// The channel its games are in: processes on one PostgreSQL database each play
        /// their own games with their own channel.
        #[arg(long, default_value_t = crate::local::LOCAL_CHANNEL)]
        channel: u64,
    },
}

/// Runs the command line.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve {
            shards,
            shard_total,
        } => serve(shards.zip(shard_total)),
        Command::Backup { file, database } => backup(&file, database),
        Command::Replay { file } => replay(&file),
        Command::Local {
            game,
            players,
            seed,
            options,
            db,
            out,
            new,
            lang,
        } => local_lang(lang.as_deref(), std::env::var("LANG").ok().as_deref())
            .and_then(|lang| {
                let (seed, options) = parse_local(&game, seed.as_deref(), &options, lang)?;
                Ok((seed, options, lang))
            })
            .and_then(|(seed, options, lang)| {
                let opts = LocalOptions {
                    game,
                    players,
                    seed,
                    options,
                    db,
                    out,
                    new,
                    lang,
                };
                runtime()?.block_on(crate::local::play(
                    &opts,
                    Arc::new(PngPainter),
                    &mut std::io::stdin().lock(),
                    &mut std::io::stdout().lock(),
                ))
            }),
        Command::Selfplay {
            db,
            game,
            players,
            seed,
            moves,
            outbox,
            discord,
            nonce_trust_ms,
            channel,
        } => runtime().and_then(|rt| {
            rt.block_on(crate::selfplay::run(&crate::selfplay::SelfplayOptions {
                db,
                game,
                players,
                seed,
                moves,
                outbox,
                discord,
                nonce_trust: std::time::Duration::from_millis(nonce_trust_ms),
                channel,
            }))
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("turnpost: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `turnpost serve`: the Discord bot until Ctrl-C or SIGTERM; `shards` (a range and the
/// total) override the environment's.
fn serve(shards: Option<(String, u32)>) -> Result<(), String> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn")),
        )
        .init();
    let mut config = crate::discord::Config::from_env()?;
    if let Some((range, total)) = shards {
        config.shards = Some(crate::discord::Shards::parse(&range, total)?);
    }
    let database = without_password(&config.database.display().to_string());
    tracing::info!(%database, dev_guild = ?config.dev_guild, shards = ?config.shards, "starting");
    runtime()?.block_on(crate::discord::serve(config, shutdown_signal()))
}

/// A database address fit for a log: a URL's password (`postgres://user:PASSWORD@host`, or
/// `password=` among its parameters) replaced by `***`; a file's path as it is.
fn without_password(database: &str) -> String {
    let Some((scheme, rest)) = database.split_once("://") else {
        return database.to_string();
    };
    let (authority, tail) = rest.split_at(rest.find(['/', '?']).unwrap_or(rest.len()));
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{name}:***@{host}"),
            None => authority.to_string(),
        },
        None => authority.to_string(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let query: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some((key, _)) if key.eq_ignore_ascii_case("password") => {
                        format!("{key}=***")
                    }
                    _ => pair.to_string(),
                })
                .collect();
            format!("{path}?{}", query.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}://{authority}{tail}")
}

/// `turnpost backup FILE`: a consistent copy of the database, taken while it serves.
fn backup(file: &Path, database: Option<String>) -> Result<(), String> {
    let _ = dotenvy::dotenv();
    let database = database
        .or_else(|| std::env::var("TURNPOST_DATABASE").ok())
        .unwrap_or_else(|| "turnpost.db".to_string());
    let made = runtime()?
        .block_on(crate::table::backup(&database, file))
        .map_err(|e| format!("backup failed: {e}"))?;
    println!(
        "backed up {} games to {} ({} bytes)",
        made.games,
        made.file.display(),
        made.bytes
    );
    Ok(())
}

/// Completes on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))
}

/// The language of `turnpost local`: `--lang` if given, else the one `LANG` names
/// (`de_DE.UTF-8` is German), else English.
fn local_lang(given: Option<&str>, env: Option<&str>) -> Result<Lang, String> {
    match given {
        Some(tag) => Lang::from_tag(tag.trim()).ok_or_else(|| {
            crate::install_words();
            Lang::En.render(&t!("bot-cli-unknown-lang", lang = Arg::raw(tag)))
        }),
        None => Ok(env.and_then(Lang::from_tag).unwrap_or_default()),
    }
}

type LocalSetup = (Option<Seed>, Vec<(String, String)>);

fn parse_local(
    game: &str,
    seed: Option<&str>,
    options: &[String],
    lang: Lang,
) -> Result<LocalSetup, String> {
    crate::install_words();
    let say = |text: Text| lang.render(&text);
    let info = turnpost_core::registry::find(game).map_err(|e| say(e.0))?;
    let seed = seed
        .map(|text| {
            Seed::parse(text).ok_or_else(|| say(t!("bot-cli-not-a-seed", text = Arg::raw(text))))
        })
        .transpose()?;
    let options = options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| say(t!("bot-cli-not-key-value", option = Arg::raw(o.as_str()))))
        })
        .map(|pair| pair.and_then(|(k, v)| checked_option(info, &k, &v).map_err(say)))
        .collect::<Result<_, _>>()?;
    Ok((seed, options))
}

/// Options of the table rather than the game, read by the table service.
const TABLE_OPTIONS: [&str; 5] = ["deadline", "on_timeout", "rated", "ai", "ai_level"];

/// A `key=value` option checked against the game's option schema, in words: an unknown key
/// names the game's options, a value not among an option's choices names its choices (not
/// the parser's "unknown variant"). Keys and values are read as `/new` reads them
/// (`family-spells` = `family_spells`, any case).
pub fn checked_option(info: &GameInfo, key: &str, value: &str) -> Result<(String, String), Text> {
    let key = key.trim().to_ascii_lowercase().replace('-', "_");
    // The table's own options (AI seats, deadlines, rating) are checked by the table.
    if TABLE_OPTIONS.contains(&key.as_str()) {
        return Ok((key, value.trim().to_string()));
    }
    let value = value.trim().to_ascii_lowercase().replace('-', "_");
    let Some(spec) = info.option(&key) else {
        let keys: Vec<&str> = info.options.iter().map(|o| o.key).collect();
        // Keys and values as typed; the game's title is a name.
        let (game, typed) = (Arg::raw(info.title), Arg::raw(key.clone()));
        return Err(if keys.is_empty() {
            t!("bot-cli-no-options", game = game, key = typed)
        } else {
            let keys = Arg::raw(keys.join(", "));
            t!(
                "bot-cli-not-an-option",
                key = typed,
                game = game,
                keys = keys
            )
        });
    };
    match &spec.kind {
        OptionKind::Choice(choices) if !choices.iter().any(|c| c.value == value) => {
            let values: Vec<String> = choices.iter().map(|c| c.value.replace('_', "-")).collect();
            Err(t!(
                "bot-cli-one-of",
                key = Arg::raw(key),
                values = Arg::raw(values.join(", ")),
                value = Arg::raw(value)
            ))
        }
        OptionKind::Flag if value != "true" && value != "false" => Err(t!(
            "bot-cli-true-or-false",
            key = Arg::raw(key),
            value = Arg::raw(value)
        )),
        _ => Ok((key, value)),
    }
}

/// `turnpost replay FILE`.
fn replay(file: &PathBuf) -> Result<(), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    if text.trim_start().starts_with('{') {
        println!("{}", crate::table::record::replay_file(file)?);
        return Ok(());
    }
    let run =
        turnpost_core::scenario::run(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    for line in &run.log {
        println!("{line}");
    }
    println!();
    print!(
        "{}",
        turnpost_render::text::public(
            run.game.name(),
            &*run.game.public_view(),
            // Replays are a developer's tool, in English like the scenario's log lines.
            Lang::En,
        )
    );
    Ok(())
}

#[cfg(test)]
mod local_options {
    use super::*;

    fn options(list: &[&str]) -> Result<Vec<(String, String)>, String> {
        let list: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        parse_local("pandoria", None, &list, Lang::En).map(|(_, options)| options)
    }

    #[test]
    fn a_bad_option_is_answered_in_words_before_the_game_starts() {
        // These once reached the game's parser ("unknown variant `expert`").
        assert_eq!(
            options(&["mode=expert"]).unwrap_err(),
            "mode must be one of family, family-spells, beginner, standard, not \"expert\""
        );
        let unknown = options(&["colour=red"]).unwrap_err();
        assert!(
            unknown.starts_with(
                "\"colour\" is not an option of Pandoria: its options are mode, realms"
            ),
            "{unknown}"
        );
        assert_eq!(
            options(&["artifacts=maybe"]).unwrap_err(),
            "artifacts is true or false, not \"maybe\""
        );
        // Written as `/new` reads them: any case, dashes for underscores.
        assert_eq!(
            options(&["Mode=Family-Spells", "ai=1"]).unwrap(),
            [
                ("mode".to_string(), "family_spells".to_string()),
                ("ai".to_string(), "1".to_string())
            ]
        );
    }

    #[test]
    fn the_local_language_is_the_flag_else_the_environment_else_english() {
        assert_eq!(local_lang(None, Some("de_DE.UTF-8")), Ok(Lang::De));
        assert_eq!(local_lang(None, Some("en_GB.UTF-8")), Ok(Lang::En));
        assert_eq!(local_lang(None, Some("C.UTF-8")), Ok(Lang::En));
        assert_eq!(local_lang(None, None), Ok(Lang::En));
        assert_eq!(local_lang(Some("de"), Some("en_US.UTF-8")), Ok(Lang::De));
        assert_eq!(local_lang(Some("en"), Some("de_DE.UTF-8")), Ok(Lang::En));
        let unknown = local_lang(Some("fr"), None).unwrap_err();
        assert!(
            unknown.contains("\"fr\"") && unknown.contains("en or de"),
            "{unknown}"
        );
    }

    #[test]
    fn a_bad_option_is_refused_in_the_chosen_language() {
        let list = vec!["mode=expert".to_string()];
        let german = parse_local("pandoria", None, &list, Lang::De).unwrap_err();
        let english = parse_local("pandoria", None, &list, Lang::En).unwrap_err();
        assert_ne!(german, english);
        assert!(
            german.contains("\"expert\"") || german.contains("„expert“"),
            "{german}"
        );
    }

    #[test]
    fn a_logged_database_address_keeps_no_password() {
        for (given, logged) in [
            ("turnpost.db", "turnpost.db"),
            (
                "/var/lib/turnpost/turnpost.db",
                "/var/lib/turnpost/turnpost.db",
            ),
            (
                "postgres://bot:s3cr:et@db.example:5432/turnpost",
                "postgres://bot:***@db.example:5432/turnpost",
            ),
            (
                "postgres://p%40ss@db/turnpost",
                "postgres://p%40ss@db/turnpost",
            ),
            (
                "postgresql://bot:pw@db?sslmode=require&Password=pw2",
                "postgresql://bot:***@db?sslmode=require&Password=***",
            ),
            (
                "postgres:///turnpost?host=/run/postgresql&password=pw",
                "postgres:///turnpost?host=/run/postgresql&password=***",
            ),
        ] {
            assert_eq!(without_password(given), logged, "{given}");
        }
    }

    #[tokio::test]
    async fn a_refused_game_without_a_database_is_not_called_unresumable() {
        let opts = LocalOptions {
            game: "pandoria".into(),
            players: 7,
            seed: Some(Seed::from_u64(1)),
            options: vec![],
            db: None,
            out: std::env::temp_dir().join("turnpost-local-refused"),
            new: false,
            lang: Lang::En,
        };
        let mut out = Vec::new();
        let error = crate::local::play(
            &opts,
            Arc::new(crate::table::NoImages),
            &mut &b""[..],
            &mut out,
        )
        .await
        .unwrap_err();
        assert!(!error.contains("cannot be resumed"), "{error}");
    }
}
