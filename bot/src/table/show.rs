//! Looking: the board, one's hand, the log, the games of a server, one's turns, and the
//! legal actions for autocomplete. Nothing here writes.

use turnpost_core::Seat;
use turnpost_core::dynamic::{ActionChoice, DynGame};
use turnpost_core::menu::Menu;
use turnpost_core::registry::{self, GameInfo};
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use super::{Caller, Post, Reply, Table, TableError, refuse, seat_label, seat_of};
use crate::store::{GameId, Status};

/// A channel's mention (Discord's markup, the same in every language).
fn channel_mention(channel: u64) -> Arg {
    Arg::raw(format!("<#{channel}>"))
}

/// Log lines per page.
const LOG_PAGE: usize = 15;

/// One line of a game listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game.
    pub game_id: GameId,
    /// Its channel.
    pub channel_id: u64,
    /// Which game.
    pub kind: String,
    /// `lobby` or `active`.
    pub status: String,
    /// Seated players.
    pub players: Vec<String>,
    /// Who must act, if running.
    pub to_act: Option<Text>,
}

impl Table {
    pub(super) async fn board(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let held = self.hold(game_id).await?;
        let loaded = &*held;
        // The board as the channel sees it: steps undo may still take back are not shown.
        let Some(position) = loaded.public_position() else {
            let names: Vec<&str> = loaded.seats.iter().map(|s| s.name.as_str()).collect();
            // The names the players go by, as given.
            let names_given = Arg::raw(names.join(", "));
            return Ok(Reply::ephemeral(t!(
                "bot-board-not-started",
                seated = names.len(),
                max = loaded.row.max_players,
                names = names_given
            )));
        };
        let due = match position.turn() {
            Some((turn, _)) => self.due(loaded.row.terms, game_id, turn.user, true).await?,
            None => None,
        };
        let position = super::turn_message::Position { due, ..position };
        let mut reply = self.turn_reply(&position, Vec::new(), &[], true).await;
        // Showing the board is for the caller, not a new turn message for everyone.
        reply.ephemeral = reply.public.pop().map(|mut p| {
            p.ping.clear();
            p
        });
        Ok(reply)
    }

    /// Whether the caller's game keeps anything hidden (a hand), so that a panel shows the
    /// caller's private pictures beside the choices; `false` when there is no game.
    pub async fn hides_hands(&self, caller: &Caller) -> bool {
        self.entry(async {
            let Ok(game_id) = self.channel_game(caller).await else {
                return false;
            };
            let Ok(held) = self.hold(game_id).await else {
                return false;
            };
            held.game.as_ref().is_some_and(|g| g.secrets())
        })
        .await
    }

    pub(super) async fn hand(&self, caller: &Caller) -> Result<Reply, TableError> {
        let game_id = self.channel_game(caller).await?;
        let held = self.hold(game_id).await?;
        let loaded = &*held;
        let Some(seat) = seat_of(loaded, caller.user) else {
            return refuse(t!("bot-hand-not-playing"));
        };
        let Some(game) = loaded.game.as_ref() else {
            return refuse(t!("bot-not-started-yet"));
        };
        if !game.secrets() {
            // Nothing to hide, so the useful answer is the caller's own sheet: what they own,
            // their goods and developments (the public text's line for their seat).
            let name = game.seat_name(Seat(seat.seat));
            let view = game.public_view();
            // Render's words for the sheet in each language (the reader's is chosen at the
            // edge).
            let sheet_in = |lang: Lang| {
                turnpost_render::text::seat(&loaded.row.kind, &*view, Seat(seat.seat), lang)
                    .unwrap_or_default()
                    .trim()
                    .to_string()
            };
            let sheet = Text::name(&sheet_in(Lang::En), Some(&sheet_in(Lang::De)));
            return Ok(Reply::ephemeral(t!(
                "bot-your-sheet",
                seat = name,
                sheet = sheet,
                game = Arg::raw(game.title())
            )));
        }
        Ok(Reply {
            ephemeral: Some(
                self.private_post(&loaded.row.kind, &**game, seat.seat, caller.user)
                    .await,
            ),
            ..Reply::default()
        })
    }

    /// What `seat` holds in secret, in words and pictures (the answer to My hand), its
    /// pictures in the language of `reader`.
    pub(super) async fn private_post(
        &self,
        kind: &str,
        game: &dyn DynGame,
        seat: u8,
        reader: crate::store::UserId,
    ) -> Post {
        let view = game.seat_view(Seat(seat));
        let text = super::turn_message::hand_words(kind, &*view);
        let images = self.paint_private(kind, view, reader).await;
        Post {
            text,
            images,
            ..Post::default()
        }
    }

    pub(super) async fn log(&self, caller: &Caller, page: usize) -> Result<Reply, TableError> {
        let Some(row) = self.store.latest_game_in(caller.channel).await? else {
            return refuse(t!("bot-no-game-played"));
        };
        // Steps undo may still take back are not in the log yet (issue 28), nor are the
        // steps taken back and the undo entries that took them back.
        let held: Vec<i64> = if row.status == Status::Active {
            let loaded = self.hold(row.game_id).await?;
            loaded.undoable.iter().map(|&(seq, _)| seq).collect()
        } else {
            Vec::new()
        };
        let mut kept: Vec<crate::store::ActionRow> = Vec::new();
        for a in self.store.actions_after(row.game_id, 0).await? {
            if a.notation == "undo" {
                kept.pop();
            } else {
                kept.push(a);
            }
        }
        // Stored typed: the reader's language makes them text.
        let lines: Vec<Text> = kept
            .into_iter()
            .filter(|a| !held.contains(&a.seq))
            .flat_map(|a| a.log)
            .collect();
        if lines.is_empty() {
            return Ok(Reply::ephemeral(t!("bot-nothing-happened")));
        }
        let pages = lines.len().div_ceil(LOG_PAGE);
        let page = page.max(1);
        if page > pages {
            return refuse(t!("bot-log-pages", pages = pages));
        }
        // Page 1 is the newest.
        let end = lines.len() - (page - 1) * LOG_PAGE;
        let start = end.saturating_sub(LOG_PAGE);
        let head = t!("bot-log-page", page = page, pages = pages);
        let text = Text::lines(std::iter::once(head).chain(lines[start..end].iter().cloned()));
        Ok(Reply::ephemeral(text))
    }

    pub(super) async fn summary(
        &self,
        row: &crate::store::GameRow,
    ) -> Result<GameSummary, TableError> {
        let held = self.hold(row.game_id).await?;
        let loaded = &*held;
        let to_act = loaded
            .game
            .as_ref()
            .and_then(|g| g.decision())
            .map(|d| seat_label(loaded, d.seat.0));
        Ok(GameSummary {
            game_id: row.game_id,
            channel_id: row.channel_id,
            kind: row.kind.clone(),
            status: if row.status == Status::Lobby {
                "lobby"
            } else {
                "active"
            }
            .into(),
            players: loaded.seats.iter().map(|s| s.name.clone()).collect(),
            to_act,
        })
    }

    pub(super) async fn games(&self, caller: &Caller) -> Result<Reply, TableError> {
        let Some(guild) = caller.guild else {
            return refuse(t!("bot-games-server-only"));
        };
        let rows = self.store.open_games_in_guild(guild).await?;
        let mut games = Vec::new();
        for row in &rows {
            games.push(self.summary(row).await?);
        }
        let text = if games.is_empty() {
            t!("bot-games-none")
        } else {
            Text::lines(games.iter().map(|g| {
                t!(
                    "bot-games-line",
                    channel = channel_mention(g.channel_id),
                    game = Arg::raw(g.kind.as_str()),
                    players = Arg::raw(g.players.join(", ")),
                    state = match &g.to_act {
                        Some(seat) => t!("bot-games-to-play", seat = seat),
                        None => t!("bot-games-waiting"),
                    }
                )
            }))
        };
        let mut reply = Reply::ephemeral(text);
        reply.games = games;
        Ok(reply)
    }

    pub(super) async fn my_turns(&self, caller: &Caller) -> Result<Reply, TableError> {
        let rows = self.store.active_games_of(caller.user).await?;
        let mut games = Vec::new();
        for row in &rows {
            let held = self.hold(row.game_id).await?;
            let loaded = &*held;
            let mine = loaded
                .game
                .as_ref()
                .and_then(|g| g.decision())
                .is_some_and(|d| {
                    loaded
                        .seats
                        .get(d.seat.index())
                        .is_some_and(|s| s.user_id == caller.user)
                });
            drop(held);
            if mine {
                games.push(self.summary(row).await?);
            }
        }
        let mut reply = Reply::ephemeral(if games.is_empty() {
            t!("bot-my-turns-none")
        } else {
            Text::lines(
                std::iter::once(t!("bot-my-turns")).chain(games.iter().map(|g| {
                    t!(
                        "bot-my-turns-line",
                        channel = channel_mention(g.channel_id),
                        game = Arg::raw(g.kind.as_str())
                    )
                })),
            )
        });
        reply.games = games;
        Ok(reply)
    }

    /// The current turn of the caller's channel, with the line that names it ("Anna (Red)
    /// to play: …"), without drawing anything; `None` if nobody is to act (lobby, over).
    pub async fn current_turn(
        &self,
        caller: &Caller,
    ) -> Result<Option<(super::Turn, Text)>, TableError> {
        self.entry(async {
            let game_id = self.channel_game(caller).await?;
            let held = self.hold(game_id).await?;
            Ok(held.position().and_then(|p| p.turn()))
        })
        .await
    }

    /// Who must act in a game, and on what; `None` if nobody (lobby, over).
    pub async fn turn_of(
        &self,
        game_id: GameId,
    ) -> Result<Option<(crate::store::UserId, Text)>, TableError> {
        let held = self.hold(game_id).await?;
        Ok(held
            .position()
            .and_then(|p| p.turn())
            .map(|(turn, _)| (turn.user, turn.prompt)))
    }

    /// The kind and public view of the channel's open game, for front ends that draw their
    /// own text board.
    pub async fn public_view(
        &self,
        channel: u64,
    ) -> Result<Option<(String, turnpost_core::dynamic::View)>, TableError> {
        self.entry(async {
            let Some(row) = self.store.open_game_in(channel).await? else {
                return Ok(None);
            };
            let held = self.hold(row.game_id).await?;
            let loaded = &*held;
            Ok(loaded
                .public_game()
                .map(|g| (row.kind.clone(), g.public_view())))
        })
        .await
    }

    /// Legal actions of the caller that contain `typed` (case-insensitive), at most
    /// `limit`, for autocomplete. Empty when it is not the caller's decision.
    pub async fn suggest(
        &self,
        caller: &Caller,
        typed: &str,
        limit: usize,
    ) -> Result<Vec<String>, TableError> {
        self.entry(async {
            Ok(self
                .choices(caller, typed, limit)
                .await?
                .into_iter()
                .map(|c| c.notation)
                .collect())
        })
        .await
    }

    /// The caller's legal actions in words (each with its notation underneath) that match
    /// `typed`, best first (see `rank`), at most `limit`. Empty when it is not the
    /// caller's decision.
    pub async fn choices(
        &self,
        caller: &Caller,
        typed: &str,
        limit: usize,
    ) -> Result<Vec<ActionChoice>, TableError> {
        self.entry(async {
            // No action is that long: nothing matches, and the ranking never sees the text
            // (Discord lets an option hold 6,000 characters).
            if typed.chars().count() > super::limits::MAX_NOTATION {
                return Ok(Vec::new());
            }
            let legal = self
                .ask_seat(caller, |seat, game| Some(game.legal_choices(seat)))
                .await?
                .unwrap_or_default();
            Ok(rank(legal, typed, limit))
        })
        .await
    }

    /// What `/play`'s autocomplete offers for `typed`: the matching legal actions in words,
    /// best first; or, when there is nothing to play, one entry that says why (not your
    /// turn, not your game, nothing matches). Such an entry's value, if sent, is refused
    /// by `/play` with the same reason, so it never plays anything.
    pub async fn autocomplete(
        &self,
        caller: &Caller,
        typed: &str,
        limit: usize,
    ) -> Result<Vec<ActionChoice>, TableError> {
        self.entry(async {
            let found = self.choices(caller, typed, limit).await?;
            if !found.is_empty() {
                return Ok(found);
            }
            // Discord shows at most 100 characters of a suggestion; `fit` keeps it within a
            // label's 80 in every language.
            let why = |label: Text| {
                Ok(vec![ActionChoice {
                    notation: "-".into(),
                    label: Text::fit([label]),
                    keywords: Vec::new(),
                    detail: None,
                }])
            };
            let Some(row) = self.store.open_game_in(caller.channel).await? else {
                return why(t!("bot-suggest-no-game"));
            };
            let held = self.hold(row.game_id).await?;
            let loaded = &*held;
            let Some(seat) = seat_of(loaded, caller.user) else {
                return why(t!("bot-suggest-not-playing"));
            };
            let Some(decision) = loaded.game.as_ref().and_then(|g| g.decision()) else {
                return why(t!("bot-suggest-not-started"));
            };
            if decision.seat.0 != seat.seat {
                return why(t!(
                    "bot-suggest-not-your-turn",
                    seat = seat_label(loaded, decision.seat.0)
                ));
            }
            why(t!(
                "bot-suggest-nothing-matches",
                typed = Arg::raw(typed.trim().chars().take(30).collect::<String>())
            ))
        })
        .await
    }
}

/// The choices that match `typed`, best first, at most `limit`, without two of the same
/// words. A choice matches when every word typed occurs in its words, its notation or its
/// keywords (German card names), ignoring case. Best are those whose words or notation
/// begin with the text in whole words ("cast" finds "Cast Rage" before "castle D7"), then
/// those that begin with it at all; then those where every typed word is a whole word of
/// the choice (`d7` finds "Tile on D7–E7", not "Tile on D17–E17"); then those where every
/// typed word begins a word; then the rest; each in the game's order.
pub fn rank(choices: Vec<ActionChoice>, typed: &str, limit: usize) -> Vec<ActionChoice> {
    let typed = typed.trim().to_lowercase();
    let tokens: Vec<&str> = typed
        .split(|c: char| c.is_whitespace() || c == '–' || c == '-')
        .filter(|t| !t.is_empty())
        .collect();
    let mut ranked: Vec<(u8, ActionChoice)> = choices
        .into_iter()
        .filter_map(|c| {
            // Its words in every language: a player finds a choice by the words they read.
            let labels: Vec<String> = Lang::ALL
                .iter()
                .map(|lang| lang.render(&c.label).to_lowercase())
                .collect();
            let notation = c.notation.to_lowercase();
            let extra = c.keywords.join(" ").to_lowercase();
            let all = format!("{} {notation} {extra}", labels.join(" "));
            let words: Vec<&str> = all
                .split(|ch: char| !ch.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            if !tokens.iter().all(|t| all.contains(t)) {
                return None;
            }
            let begins =
                labels.iter().any(|l| l.starts_with(&typed)) || notation.starts_with(&typed);
            let whole = tokens.iter().all(|t| words.contains(t));
            let rank = match (begins, whole) {
                (true, true) => 0,
                (true, false) => 1,
                (false, true) => 2,
                _ if tokens
                    .iter()
                    .all(|t| words.iter().any(|w| w.starts_with(t))) =>
                {
                    3
                }
                _ => 4,
            };
            Some((rank, c))
        })
        .collect();
    ranked.sort_by_key(|(rank, _)| *rank);
    let mut seen = std::collections::HashSet::new();
    ranked
        .into_iter()
        .map(|(_, c)| c)
        .filter(|c| seen.insert(c.label.clone()))
        .take(limit)
        .collect()
}

impl Table {
    /// `ask` of the caller's seat in the channel's running game; `None` when the channel
    /// has no running game or the caller no seat in it.
    async fn ask_seat<R>(
        &self,
        caller: &Caller,
        ask: impl FnOnce(Seat, &dyn DynGame) -> Option<R>,
    ) -> Result<Option<R>, TableError> {
        let Some(row) = self.store.open_game_in(caller.channel).await? else {
            return Ok(None);
        };
        let held = self.hold(row.game_id).await?;
        let loaded = &*held;
        let (Some(seat), Some(game)) = (seat_of(loaded, caller.user), loaded.game.as_ref()) else {
            return Ok(None);
        };
        Ok(ask(Seat(seat.seat), &**game))
    }

    /// The caller's current decision laid out for the private panel (every legal action in
    /// words, and how to arrange them: see `turnpost_core::menu`); `None` when it is not
    /// the caller's decision.
    pub async fn menu(&self, caller: &Caller) -> Result<Option<Menu>, TableError> {
        self.entry(async {
            self.ask_seat(caller, |seat, game| {
                game.decision()
                    .is_some_and(|d| d.seat == seat)
                    .then(|| game.menu(seat))
            })
            .await
        })
        .await
    }
}

/// What every game shares: the turn message's buttons and the commands.
impl Table {
    /// How to play: the rules of the channel's game in brief (every game's when the
    /// channel has none), the buttons and the commands. Only the caller sees it.
    pub(super) async fn help(&self, caller: &Caller) -> Result<Reply, TableError> {
        let kind = self
            .store
            .open_game_in(caller.channel)
            .await?
            .map(|row| row.kind);
        let games: Vec<&GameInfo> = match kind.as_deref().map(registry::find) {
            Some(Ok(info)) => vec![info],
            _ => registry::games().iter().collect(),
        };
        // Each game's help (its words), an empty line after each; then how to start
        // (without a game here) and how to play.
        let mut lines = Vec::new();
        for info in &games {
            lines.push(info.help.clone());
            lines.push(Text::concat([]));
        }
        if kind.is_none() {
            let commands = registry::games()
                .iter()
                .map(|g| Text::raw(format!("`/new {}`", g.name)));
            lines.push(t!("bot-help-starting", commands = Text::or_list(commands)));
        }
        lines.push(t!("bot-how-to-play"));
        let text = Text::lines(lines);
        Ok(Reply::ephemeral(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(notation: &str, label: &str, keywords: &[&str]) -> ActionChoice {
        ActionChoice {
            notation: notation.into(),
            label: Text::raw(label),
            keywords: keywords.iter().map(|k| k.to_string()).collect(),
            detail: None,
        }
    }

    fn ranked(typed: &str) -> Vec<String> {
        let choices = vec![
            choice(
                "build 30 2",
                "Build Beacon in slot 2 — 3 wood",
                &["Leuchtfeuer"],
            ),
            choice("tile C17 D17", "Tile on C17–D17: forest 1", &[]),
            choice(
                "spell 4",
                "Cast Conjure 6 — 2 crystals",
                &["Beschwören", "Lager"],
            ),
            choice("tile D7 E7", "Tile on D7–E7: forest 2 · city 1", &[]),
            choice("castle D7", "Castle on D7", &[]),
            choice("spell 9", "Cast Rage ×2 — 1 crystal", &["Wut", "Bank"]),
        ];
        rank(choices, typed, 25)
            .into_iter()
            .map(|c| c.notation)
            .collect()
    }

    #[test]
    fn autocomplete_ranks_what_begins_then_whole_words_then_word_starts() {
        assert_eq!(ranked("").len(), 6, "nothing typed: everything, in order");
        // "castle D7" begins with the text; the D7 tile has it as a whole word; D17 not at all.
        assert_eq!(ranked("castle"), ["castle D7"]);
        assert_eq!(ranked("d7"), ["tile D7 E7", "castle D7"]);
        assert_eq!(ranked("D7 city"), ["tile D7 E7"]);
        // "Con" begins Conjure's word but sits inside Beacon.
        assert_eq!(ranked("con"), ["spell 4", "build 30 2"]);
        // German card names find their cards.
        assert_eq!(ranked("wut"), ["spell 9"]);
        assert_eq!(ranked("leucht"), ["build 30 2"]);
        assert_eq!(ranked("cast"), ["spell 4", "spell 9", "castle D7"]);
        assert!(ranked("zebra").is_empty());
    }

    #[test]
    fn autocomplete_lists_each_label_once_and_stops_at_the_limit() {
        let twice = vec![
            choice("tile D7 E7", "Tile on D7–E7", &[]),
            choice("tile D7 E7", "Tile on D7–E7", &[]),
            choice("castle D7", "Castle on D7", &[]),
        ];
        assert_eq!(rank(twice.clone(), "d7", 25).len(), 2);
        assert_eq!(rank(twice, "", 1).len(), 1);
    }
}
