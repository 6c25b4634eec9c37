//! The terminal table: hot-seat play for any game, one seat after another.
//!
//! Each seat's private view is printed only when that seat must decide; on a real terminal
//! the table waits for Enter between seats so the next player does not see the last hand.

use std::io::{self, BufRead, IsTerminal, Write};

use turnpost_core::Seed;
use turnpost_core::dynamic::{DynGame, Refusal, new_game};

const HELP: &str = "Type an action in notation (e.g. \"tile D7 E7\", \"worker D7\", \"pass\"), \
\"legal\" for every legal action, \"board\" to see the board again, \"quit\" to stop.";

/// Plays a game at this terminal until it ends or input runs out.
pub fn play(
    game_name: &str,
    players: usize,
    seed: Seed,
    options: &[(String, String)],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut game = new_game(game_name, options, players, seed)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    let handover = io::stdin().is_terminal();
    writeln!(out, "{HELP}\n")?;
    let mut shown_seat = None;
    print_board(game.as_ref(), out)?;
    let mut line = String::new();
    while let Some(decision) = game.decision() {
        let name = game.seat_name(decision.seat);
        if shown_seat != Some(decision.seat) {
            if handover && shown_seat.is_some() {
                writeln!(out, "\n=== Pass the keyboard to {name} and press Enter ===")?;
                out.flush()?;
                line.clear();
                if input.read_line(&mut line)? == 0 {
                    return Ok(());
                }
            }
            shown_seat = Some(decision.seat);
            write!(
                out,
                "{}",
                turnpost_render::text::private(game.name(), &game.seat_view(decision.seat))
            )?;
        }
        write!(out, "{name}, {}> ", decision.prompt)?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\n(end of input: the game is left unfinished)")?;
            return Ok(());
        }
        let text = line.trim();
        match text {
            "" => continue,
            "quit" | "exit" => return Ok(()),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "board" => print_board(game.as_ref(), out)?,
            "legal" => {
                let legal = game.legal_notations(decision.seat);
                writeln!(out, "{} legal actions: {}", legal.len(), legal.join(", "))?;
            }
            _ => match game.play(decision.seat, text) {
                Ok(played) => {
                    for l in &played.log {
                        writeln!(out, "  {l}")?;
                    }
                    let next = game.decision().map(|d| d.seat);
                    if next != Some(decision.seat) {
                        print_board(game.as_ref(), out)?;
                    }
                }
                Err(refusal) => writeln!(out, "  Not possible: {}. {}", refusal, hint(&refusal))?,
            },
        }
    }
    Ok(())
}

fn hint(refusal: &Refusal) -> &'static str {
    match refusal {
        Refusal::Parse(_) => "Type \"help\" for the notation.",
        _ => "Type \"legal\" to list what you can do.",
    }
}

fn print_board(game: &dyn DynGame, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "\n{}",
        turnpost_render::text::public(game.name(), &game.public_view())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scripted_session_plays_refuses_and_shows_only_the_current_hand() {
        let script = "tile A1 A2\nlegal\nboard\nquit\n";
        let mut out = Vec::new();
        play(
            "pandoria",
            2,
            Seed::from_u64(3),
            &[],
            &mut script.as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("Not possible: A1 is not on the fertile plain"),
            "{text}"
        );
        assert!(text.contains("legal actions: tile"), "{text}");
        assert_eq!(text.matches("Your tile:").count(), 1, "{text}");
    }
}
