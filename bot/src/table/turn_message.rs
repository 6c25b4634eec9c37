//! The turn message: the position a change leaves (who acts, on what, by when), the public
//! message with the board and the private messages with each seat's hand, and the words of
//! a game's end.

use turnpost_core::Seat;
use turnpost_core::dynamic::DynGame;
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use super::ai::ai_level;
use super::{Post, Reply, Table, TableError, Turn, label};
use crate::store::{GameId, Policy, SeatRow, UserId};

/// A position to describe in a turn message: the game as it will be once the change
/// commits (turn messages are built before the commit, so they go into the outbox with it).
pub(super) struct Position<'a> {
    pub game_id: GameId,
    /// The server, whose language its channels read (`None`: a DM channel, English).
    pub guild: Option<u64>,
    pub kind: &'a str,
    pub version: i64,
    pub seats: &'a [SeatRow],
    pub game: &'a dyn DynGame,
    /// Actions undo may take back, as (seq, seat), newest last.
    pub undoable: &'a [(i64, u8)],
    /// The deadline of the player to act, if the table has deadlines.
    pub due: Option<Due>,
}

/// A deadline to show on a turn message.
#[derive(Clone, Copy, Debug)]
pub(super) struct Due {
    /// When it passes (unix ms).
    pub at: i64,
    /// The player's vacation, if they are away: the clock waits until it ends.
    pub away_until: Option<i64>,
    /// What happens then.
    pub policy: Policy,
}

impl Due {
    /// The turn message's line: "Deadline in 23 hours (then the turn is skipped)."
    pub(super) fn line(&self) -> Text {
        let deadline = t!(
            "bot-deadline",
            at = time_stamp(self.at, 'R'),
            then = self.policy.then()
        );
        match self.away_until {
            Some(until) => Text::concat([
                deadline,
                t!("bot-deadline-away", until = time_stamp(until, 'f')),
            ]),
            None => deadline,
        }
    }
}

impl Position<'_> {
    /// Who must act and on what, with the line that says so ("Anna (Red) to play: …");
    /// `None` when the game is over.
    pub(super) fn turn(&self) -> Option<(Turn, Text)> {
        let d = self.game.decision()?;
        let seat = self.seats.get(d.seat.index())?;
        let line = t!(
            "bot-to-play",
            seat = label(self.seats, Some(self.game), d.seat.0),
            prompt = &d.prompt
        );
        let turn = Turn {
            game_id: self.game_id,
            version: self.version,
            user: seat.user_id,
            prompt: d.prompt.clone(),
            can_undo: self.undoable.last().is_some_and(|&(_, s)| s == d.seat.0),
        };
        Some((turn, line))
    }
}

impl Table {
    /// The public turn message (log lines, whose turn, the board picture) and a private
    /// message for each seat flagged in `private` (indexed by seat): its view is built
    /// here, once, for its text and pictures. Without `pictures` the public message has
    /// none (a later step of the same turn: its edit keeps the pictures already up).
    pub(super) async fn turn_reply(
        &self,
        at: &Position<'_>,
        lines: Vec<Text>,
        private: &[bool],
        pictures: bool,
    ) -> Reply {
        let game = at.game;
        // The turn's lines, then (each on a line of its own) whose turn it is and by when,
        // or the result.
        let mut parts = Vec::new();
        if !lines.is_empty() {
            parts.push(Text::lines(lines));
        }
        let mut ping = Vec::new();
        let turn = at.turn();
        match &turn {
            Some((turn, line)) => {
                parts.push(line.clone());
                if let Some(due) = &at.due {
                    parts.push(due.line());
                }
                if ai_level(turn.user).is_none() {
                    ping.push(turn.user);
                }
            }
            None => {
                if let Some(o) = game.outcome() {
                    parts.push(t!("bot-game-over-winner", winners = winners(at, &o)));
                }
                // The replay on the web, when the server has pages.
                let path = format!("game/{}", at.game_id);
                parts.extend(self.web_line(at.guild, &path).await);
            }
        }
        let text = Text::lines(parts);
        let images = if pictures {
            self.paint_public(at.kind, game, at.guild).await
        } else {
            Vec::new()
        };
        let mut private_posts = Vec::new();
        for (i, &send) in private.iter().enumerate() {
            let Some(row) = at.seats.get(i) else {
                continue;
            };
            // An AI seat reads no DMs: it is given its knowledge when it must decide.
            if !send || row.resigned || ai_level(row.user_id).is_some() {
                continue;
            }
            let view = game.seat_view(Seat(i as u8));
            let hand = hand_words(at.kind, &*view);
            let mut parts = Vec::new();
            if turn.is_none() {
                // The game's end: a new DM with the result, then the hand as it ended.
                parts.push(final_words(at, i as u8));
            }
            // What the seat's realm does, from its first message on (issue 28).
            if let Some(intro) = game.seat_intro(Seat(i as u8)) {
                parts.push(intro.private_line());
            }
            parts.push(hand);
            let text = paragraphs(parts);
            let images = self.paint_private(at.kind, view, row.user_id).await;
            private_posts.push((
                row.user_id,
                Post {
                    text,
                    images,
                    ..Post::default()
                },
            ));
        }
        Reply {
            public: vec![Post {
                text,
                images,
                ping,
                edit: false,
                new_turn: true,
                stops: false,
            }],
            private: private_posts,
            ephemeral: None,
            turn: turn.map(|(t, _)| t),
            ..Reply::default()
        }
    }
}

/// The words of a seat's private items, as render writes them in each language (the
/// reader's is chosen where they are read: a DM when it is delivered).
pub(super) fn hand_words(kind: &str, view: &dyn turnpost_core::dynamic::AnyView) -> Text {
    Text::name(
        &turnpost_render::text::private(kind, view, Lang::En),
        Some(&turnpost_render::text::private(kind, view, Lang::De)),
    )
}

/// The winners of a finished game: "Anna (Red) and Bert (Blue)".
fn winners(at: &Position<'_>, o: &turnpost_core::Outcome) -> Text {
    Text::and_list(
        o.winners
            .iter()
            .map(|w| label(at.seats, Some(at.game), w.0)),
    )
}

/// Paragraphs: the parts with an empty line between them.
fn paragraphs(parts: Vec<Text>) -> Text {
    let mut out = Vec::with_capacity(parts.len() * 2);
    for (i, part) in parts.into_iter().enumerate() {
        if i > 0 {
            out.push(Text::concat([]));
        }
        out.push(part);
    }
    Text::lines(out)
}

/// A time for Discord to show in the reader's own time zone and language (`<t:…:R>`):
/// Discord's markup, the same in every language.
pub(super) fn time_stamp(unix_ms: i64, style: char) -> Arg {
    Arg::raw(format!("<t:{}:{style}>", unix_ms.div_euclid(1000)))
}

/// The first lines of a player's DM at the game's end: the winner, and their own place
/// and score.
fn final_words(at: &Position<'_>, seat: u8) -> Text {
    let Some(o) = at.game.outcome() else {
        return t!("bot-game-over-bold");
    };
    let over = t!("bot-game-over-dm", winners = winners(at, &o));
    let i = usize::from(seat);
    match (o.ranks.get(i), o.scores.get(i)) {
        (Some(&rank), Some(&score)) => Text::concat([
            over,
            t!(
                "bot-game-over-placed",
                place = rank,
                of = o.ranks.len(),
                score = score
            ),
        ]),
        _ => over,
    }
}

impl Table {
    /// The deadline to show for `user`, who is to act: the stored one when the same turn
    /// goes on (`keep`), else a fresh one from now (after their vacation, if they are away).
    pub(super) async fn due(
        &self,
        terms: crate::store::Terms,
        game_id: GameId,
        user: UserId,
        keep: bool,
    ) -> Result<Option<Due>, TableError> {
        if terms.deadline_hours == 0 {
            return Ok(None);
        }
        let now = self.store.now();
        let away_until = self.store.vacation_until(user, now).await?;
        if keep
            && let Some(d) = self.store.deadline(game_id).await?
            && d.phase == crate::store::Phase::Running
        {
            return Ok(Some(Due {
                at: d.due_at,
                away_until,
                policy: terms.policy,
            }));
        }
        let at = away_until.unwrap_or(now).max(now)
            + i64::from(terms.deadline_hours) * crate::clock::HOUR_MS;
        Ok(Some(Due {
            at,
            away_until,
            policy: terms.policy,
        }))
    }
}
