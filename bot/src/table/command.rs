//! What a front end asks of the table: one [`Command`] per thing a person does, from a
//! slash command, a button or the terminal.

use turnpost_core::Seed;

use crate::store::{GameId, UserId};

/// What the caller wants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Create a game in the channel: with `seats`, seat them and start at once; without,
    /// open a lobby with the creator seated.
    Create {
        /// Which game.
        game: String,
        /// Options as key=value.
        options: Vec<(String, String)>,
        /// Seats allowed in the lobby (default: the game's most).
        players: Option<usize>,
        /// Players to seat right away, in turn order (exactly these; the creator need not play).
        seats: Vec<(UserId, String)>,
        /// A fixed seed (local play and tests); `None` draws one from the operating system.
        seed: Option<Seed>,
    },
    /// Take a seat in the lobby.
    Join,
    /// Leave the lobby.
    Leave,
    /// Start the lobby's game (creator or moderator).
    Start,
    /// Seat an AI in the lobby (creator or moderator).
    AddAi {
        /// How strong it plays.
        level: turnpost_core::ai::Level,
    },
    /// Remove the lobby's last AI seat (creator or moderator).
    RemoveAi,
    /// **Rematch** under a finished game's final message: a lobby in the same channel for
    /// the same players (seated in the same order, each confirming with Join), options and
    /// terms, with a new seed.
    Rematch {
        /// The finished game.
        game: GameId,
    },
    /// Play an action in notation. `version` (from a button) makes stale clicks fail.
    Act {
        /// The action.
        notation: String,
        /// The game version the caller saw, if known.
        version: Option<i64>,
    },
    /// Show the board (public).
    Board,
    /// Show the caller's private view (ephemeral).
    Hand,
    /// Show the log, newest page first (page 1).
    Log {
        /// Page from 1.
        page: usize,
    },
    /// Play the action that these items of the panel's toggles stand for together (the dice
    /// picked in one select: [`turnpost_core::Game::toggled`]); refused in words when they
    /// stand for none.
    ActToggled {
        /// The items, numbered from 0 as the layout lists them.
        selected: Vec<usize>,
        /// The game version the caller saw, if known.
        version: Option<i64>,
    },
    /// Play an action the caller was asked about first ([`super::Reply::confirm`]: it cannot be
    /// taken back and leaves something unused) and answered "anyway".
    ActAnyway {
        /// The action.
        notation: String,
        /// The game version the question was asked at.
        version: Option<i64>,
    },
    /// The caller's own settings: with `confirm`, whether to be asked before an action that
    /// ends a turn with something unused; without, show them.
    Settings {
        /// Ask before such an action (the default) or not.
        confirm: Option<bool>,
    },
    /// `/settings language:`: the language of the caller's private answers, panels and DMs
    /// (issue 30).
    Language {
        /// The language; `None`: their Discord client's again.
        language: Option<turnpost_core::words::Lang>,
    },
    /// `/league language:`: the language of the server's public posts (moderators).
    ServerLanguage {
        /// The language; `None`: the server's preferred locale again.
        language: Option<turnpost_core::words::Lang>,
    },
    /// `/league web:`: turn the server's web pages on or off, or give them a new path
    /// (moderators).
    Web {
        /// What to do.
        switch: WebSwitch,
    },
    /// Take back the caller's own last action of this turn. `version` (from a button) makes
    /// stale clicks fail.
    Undo {
        /// The game version the caller saw, if known.
        version: Option<i64>,
    },
    /// Give up the caller's seat.
    Resign,
    /// Stop the game (creator or moderator); asks for confirmation first.
    Abandon {
        /// Whether the caller confirmed.
        confirm: bool,
    },
    /// How to play: the rules summary of the channel's game (or of every game), the
    /// buttons and the commands.
    Help,
    /// `/rules`: a game's help topic in brief (the channel's game when none is named).
    Rules {
        /// The game's name.
        game: Option<String>,
        /// The topic's key (`scoring`), or `game:key` as autocomplete sends it.
        topic: Option<String>,
    },
    /// `/card`, `/realm`, `/development`: what a component does, by name or id.
    Reference {
        /// Which reference.
        lookup: turnpost_core::reference::Lookup,
        /// The name typed (English or German) or the value autocomplete sent.
        name: String,
    },
    /// The panel's **What does it do?**: the effects of everything the caller's decision
    /// offers.
    Explain,
    /// List the open games of this server.
    Games,
    /// List the games where it is the caller's turn.
    MyTurns,
    /// Set the channel's reminder period (moderators; 0 = no reminders).
    Remind {
        /// Idle hours before a reminder, and between reminders.
        hours: u32,
    },
    /// Vote on replacing the channel game's late player (replace, or keep waiting).
    Vote {
        /// Replace (true) or keep waiting (false).
        replace: bool,
    },
    /// Take the open seat of a replaced player.
    TakeSeat,
    /// Give the open seat of a replaced player to an AI (a player of the game or a
    /// moderator).
    AiSeat,
    /// Pause the caller's deadlines in every game for some days.
    Vacation {
        /// Days away.
        days: u32,
    },
    /// Start a season on this server (moderators).
    SeasonStart {
        /// Its name.
        name: String,
    },
    /// Close the running season (moderators).
    SeasonClose,
    /// Show or change the server's league settings (moderators change them).
    League {
        /// Default deadline for new games (none, 12h, 24h, 48h, 72h, week).
        deadline: Option<String>,
        /// Default deadline policy (skip, replace, forfeit).
        on_timeout: Option<String>,
        /// Whether new games are rated by default.
        rated: Option<bool>,
        /// Whether games that start with AI seats may be rated.
        ai_rated: Option<bool>,
        /// Vacation days each player may take per season.
        vacation_days: Option<u32>,
    },
    /// The top 20 of a game's ratings on this server.
    Leaderboard {
        /// Which game (default: this channel's, else the first game).
        game: Option<String>,
        /// A season's name, or `all` for all-time (default: the running season, else
        /// all-time).
        season: Option<String>,
    },
    /// A player's games, wins, average score and rating history on this server.
    Profile {
        /// The player (default: the caller).
        user: Option<(UserId, String)>,
        /// Which game for the rating chart (default: the one they played most).
        game: Option<String>,
    },
    /// The server's finished games, newest first.
    History,
    /// The record of the channel's game (the running one, else the last one).
    Record,
    /// The caller's running games on every server.
    MyGames,
    /// Set the caller's quiet hours (equal start and end clears them).
    Quiet {
        /// Local hour when quiet begins.
        start: u8,
        /// Local hour when it ends.
        end: u8,
        /// The caller's offset from UTC in hours.
        utc_offset_hours: i32,
    },
}

/// What `/league web:` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebSwitch {
    /// Serve the server's pages (a token is made the first time).
    On,
    /// Stop serving them (the token is kept for the next `on`).
    Off,
    /// A new token: old links stop working.
    Rotate,
}

impl WebSwitch {
    /// From `/league web:`'s choice.
    pub fn from_word(word: &str) -> Option<WebSwitch> {
        match word {
            "on" => Some(WebSwitch::On),
            "off" => Some(WebSwitch::Off),
            "rotate" => Some(WebSwitch::Rotate),
            _ => None,
        }
    }
}
