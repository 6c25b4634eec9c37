//! Command-line parsing and the `replay` command.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use turnpost_core::Seed;
use turnpost_core::dynamic::GAMES;

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
    /// Run a scenario file and print its log and the final public view.
    Replay {
        /// The scenario file (see docs/notation.md).
        file: PathBuf,
    },
    /// Play hot-seat in this terminal.
    Local {
        /// The game (pandoria).
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
    },
}

/// Runs the command line.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Replay { file } => replay(&file),
        Command::Local {
            game,
            players,
            seed,
            options,
        } => parse_local(&game, seed.as_deref(), &options).and_then(|(seed, options)| {
            crate::local::play(
                &game,
                players,
                seed,
                &options,
                &mut std::io::stdin().lock(),
                &mut std::io::stdout().lock(),
            )
            .map_err(|e| e.to_string())
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

type LocalSetup = (Seed, Vec<(String, String)>);

fn parse_local(game: &str, seed: Option<&str>, options: &[String]) -> Result<LocalSetup, String> {
    if !GAMES.contains(&game) {
        return Err(format!(
            "there is no game called \"{game}\"; games: {}",
            GAMES.join(", ")
        ));
    }
    let seed = match seed {
        Some(text) => Seed::parse(text)
            .ok_or_else(|| format!("\"{text}\" is not a seed: give a number or 64 hex digits"))?,
        None => os_seed()?,
    };
    let options = options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| format!("an option is key=value, not \"{o}\""))
        })
        .collect::<Result<_, _>>()?;
    Ok((seed, options))
}

/// A fresh 256-bit seed from the operating system.
pub fn os_seed() -> Result<Seed, String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness from the system: {e}"))?;
    Ok(Seed(bytes))
}

/// `turnpost replay FILE`.
fn replay(file: &PathBuf) -> Result<(), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let run =
        turnpost_core::scenario::run(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    for line in &run.log {
        println!("{line}");
    }
    println!();
    print!(
        "{}",
        turnpost_render::text::public(run.game.name(), &run.game.public_view())
    );
    Ok(())
}
