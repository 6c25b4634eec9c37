//! One click, one call (issue 29): a front end sends the table one [`Request`] per thing a
//! person did — the command, the game the clicked control belongs to, the panel it is to
//! show — and gets one [`Answer`]: what the command did and the caller's private panel after
//! it (the prompt, core's menu, the action the toggled items stand for, the private
//! pictures). The front end draws that panel without calling the table again.

use turnpost_core::Seat;
use turnpost_core::menu::Menu;
use turnpost_core::t;
use turnpost_core::words::{Lang, Text};

use super::{Caller, Command, Loaded, Post, Reply, Table, TableError, Turn, refuse, seat_of};
use crate::store::GameId;

/// What part of a decision a panel shows. It travels in the panel's controls, never in
/// memory, so a panel keeps working after a restart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PanelView {
    /// The decision from the top, at page `n` (from 0) of its list or groups.
    Top(usize),
    /// The choices of one group (the placements on one space).
    Group(String),
}

/// Which panel a [`Request`] asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PanelAsk {
    /// The caller's panel showing `view`, asked by a control made at game version
    /// `version`: a view of an older decision shows the decision of now from the top
    /// ([`Panel::moved_on`]). With `pictures`, the caller's private items come along.
    Show {
        /// What part of the decision.
        view: PanelView,
        /// The version the asking control was made at.
        version: i64,
        /// Whether the panel needs the private items (a view change keeps those it has).
        pictures: bool,
    },
    /// The caller's panel after the command, from the top, with the private items; none
    /// when the command asks a question first ([`Reply::confirm`]).
    After,
}

/// Everything a front end asks of the table for one thing a person did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// The command; `None` when only the panel (or nothing) is asked for.
    pub command: Option<Command>,
    /// The game the clicked control belongs to: refused (and nothing run) when it is no
    /// longer the channel's open game.
    pub game: Option<GameId>,
    /// The caller's panel to answer with.
    pub panel: Option<PanelAsk>,
    /// Whether the answer says which game is open in the channel ([`Answer::open_game`]).
    pub open_game: bool,
    /// The Discord locale of the caller's client (`de`, `en-US`), if the front end knows
    /// it: the answer's language ([`Answer::lang`]) follows it unless the caller chose one,
    /// and the table remembers it for the caller's DMs (issue 30).
    pub locale: Option<String>,
    /// The server's preferred locale, if the front end knows it: remembered as the
    /// language of the server's public posts unless its moderators chose one.
    pub guild_locale: Option<String>,
}

impl Request {
    /// A request to run `command` and nothing more.
    pub fn command(command: Command) -> Request {
        Request {
            command: Some(command),
            ..Request::default()
        }
    }
}

/// The acting player's panel: their decision with what a front end needs to draw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// The turn (the game's version goes into the controls).
    pub turn: Turn,
    /// The decision laid out by core.
    pub menu: Menu,
    /// What part of it to show.
    pub view: PanelView,
    /// The caller's private items (words and pictures), when asked for and the game hides
    /// anything.
    pub hand: Option<Post>,
    /// The asking control was made for an older decision: this is the decision of now,
    /// from the top.
    pub moved_on: bool,
}

/// The caller's panel as the table found it.
#[derive(Clone, Debug, PartialEq)]
pub enum PanelState {
    /// The caller decides now.
    Decide(Box<Panel>),
    /// The caller is to act but has nothing to decide in their seat.
    Nothing,
    /// Another player is to act: the line that names them ("Bert (Blue) to play: …").
    Waiting(Text),
    /// Nobody is to act: the lobby, or the game is over.
    Nobody,
    /// The channel has no game: why, in words.
    NoGame(Text),
    /// Our failure (logged).
    Failed,
}

/// The table's whole answer to a [`Request`].
#[derive(Debug)]
pub struct Answer {
    /// What the command did, or why it did nothing; an empty reply without a command.
    pub reply: Result<Reply, TableError>,
    /// The panel, when asked for.
    pub panel: Option<PanelState>,
    /// The channel's open game, when asked for.
    pub open_game: Option<GameId>,
    /// The caller's language ([`Table::language_for`]): the reply, the panel and every
    /// private word of this answer are made text in it.
    pub lang: Lang,
}

impl Table {
    /// Serves one thing a person did: the one call a front end makes for it (issue 29).
    /// Whoever uses the bot may get DMs again (they stop after Discord refuses one).
    pub async fn interact(&self, caller: &Caller, request: Request) -> Answer {
        self.entry(self.serve(caller, request)).await
    }

    async fn serve(&self, caller: &Caller, request: Request) -> Answer {
        if let Err(e) = self.reopen_dms(caller.user).await {
            tracing::warn!(error = %e, "cannot reset the DM setting");
        }
        // The locales this interaction carries are remembered first: the pictures and
        // deliveries its command makes read in them.
        let first = self
            .language_for(caller.user, request.locale.as_deref())
            .await;
        if request.guild_locale.is_some() {
            self.server_language(caller.guild, request.guild_locale.as_deref())
                .await;
        }
        let setting = matches!(request.command, Some(Command::Language { .. }));
        let checked = match request.game {
            Some(game) => self.still_open(caller, game).await,
            None => Ok(()),
        };
        let ended = checked.is_err();
        let reply = match (checked, request.command) {
            (Err(e), _) => Err(e),
            (Ok(()), Some(command)) => self.run(caller, command).await,
            (Ok(()), None) => Ok(Reply::default()),
        };
        if matches!(reply, Err(TableError::Refused(_))) {
            crate::metrics::refused();
        }
        let asked = reply.as_ref().is_ok_and(|r| r.confirm.is_some());
        let panel = match request.panel {
            Some(PanelAsk::Show { .. }) if ended => None,
            Some(_) if asked => None,
            Some(ask) => Some(self.panel_state(caller, ask).await),
            None => None,
        };
        let open_game = if request.open_game {
            self.open_game_id(caller.channel).await.unwrap_or_else(|e| {
                tracing::error!(error = %e, "store failed");
                None
            })
        } else {
            None
        };
        // An answer to `/settings language:` is in the language it set.
        let lang = if setting {
            self.language_for(caller.user, request.locale.as_deref())
                .await
        } else {
            first
        };
        Answer {
            reply,
            panel,
            open_game,
            lang,
        }
    }

    /// Whether `game` is still the channel's open game (a control of it may act).
    async fn still_open(&self, caller: &Caller, game: GameId) -> Result<(), TableError> {
        match self.open_game_id(caller.channel).await {
            Ok(Some(open)) if open == game => Ok(()),
            // A control of a game that is no longer the channel's open game.
            Ok(_) => refuse(t!("bot-buttons-of-ended-game")),
            Err(e) => {
                tracing::error!(error = %e, "store failed");
                Err(e)
            }
        }
    }

    /// The caller's panel as `ask` wants it.
    async fn panel_state(&self, caller: &Caller, ask: PanelAsk) -> PanelState {
        let (view, version, pictures) = match ask {
            PanelAsk::Show {
                view,
                version,
                pictures,
            } => (view, Some(version), pictures),
            PanelAsk::After => (PanelView::Top(0), None, true),
        };
        let held = match self.channel_game(caller).await {
            Ok(game_id) => self.hold(game_id).await,
            Err(e) => Err(e),
        };
        let held = match held {
            Ok(held) => held,
            Err(TableError::Refused(why)) => return PanelState::NoGame(why),
            Err(TableError::Internal(e)) => {
                tracing::error!(user = caller.user, channel = caller.channel, error = %e, "panel failed");
                return PanelState::Failed;
            }
        };
        let loaded: &Loaded = &held;
        let Some((turn, line)) = loaded.position().and_then(|p| p.turn()) else {
            return PanelState::Nobody;
        };
        if turn.user != caller.user {
            return PanelState::Waiting(line);
        }
        // Take my turn on an older turn message still opens the decision of now; a panel's
        // own controls from an older decision show the decision of now instead.
        let moved_on = version.is_some_and(|v| v != turn.version) && view != PanelView::Top(0);
        let view = if moved_on { PanelView::Top(0) } else { view };
        let (Some(seat), Some(game)) = (seat_of(loaded, caller.user), loaded.game.as_ref()) else {
            return PanelState::Nothing;
        };
        let seat = seat.seat;
        if game.decision().is_none_or(|d| d.seat != Seat(seat)) {
            return PanelState::Nothing;
        }
        let menu = game.menu(Seat(seat));
        // A game without secrets has no private pictures to show beside the choices.
        let hand = if (pictures || moved_on) && game.secrets() {
            Some(
                self.private_post(&loaded.row.kind, &**game, seat, caller.user)
                    .await,
            )
        } else {
            None
        };
        PanelState::Decide(Box::new(Panel {
            turn,
            menu,
            view,
            hand,
            moved_on,
        }))
    }
}
