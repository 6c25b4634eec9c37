//! What the caller sees after a command or a click, drawn from the table's one answer
//! (issue 29): the acknowledgement or refusal, the question before an action that leaves
//! something unused, and the private panel from the [`PanelState`] the answer carries —
//! never by asking the table again. Everything is made text here, in the caller's language
//! (issue 30: the answer's [`Lang`], their `/settings language:` or their Discord client's).

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};
use turnpost_core::t;
use turnpost_core::words::{Lang, PSEUDO_CLOSE, PSEUDO_OPEN, Text};

use super::super::ids::{ComponentId, Verb};
use super::{controls, with_explain};
use crate::table::{Confirm, Image, Panel, PanelState, Post, Reply, TableError, Turn};

/// The answer to a failure of ours.
pub fn apology() -> Text {
    t!("bot-apology")
}

/// What the caller sees: words made text in their language, and pictures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The words, in the reader's language.
    pub text: String,
    /// Attachments.
    pub images: Vec<Image>,
}

impl Shown {
    /// Words only, in `lang`.
    pub fn words(text: &Text, lang: Lang) -> Shown {
        Shown {
            text: lang.render(text),
            images: Vec::new(),
        }
    }

    /// A table's post, its words in `lang`.
    pub fn post(post: Post, lang: Lang) -> Shown {
        Shown {
            text: lang.render(&post.text),
            images: post.images,
        }
    }
}

/// What the caller sees in place of the deferred answer when the reply has nothing private:
/// the first thing the action did, else the first line of the channel's post.
pub fn acknowledgement(reply: &Reply, lang: Lang) -> Shown {
    if let Some(post) = &reply.ephemeral {
        return Shown::post(post.clone(), lang);
    }
    if let Some(first) = reply.news.first() {
        return Shown::words(first, lang);
    }
    let first = reply.public.first().and_then(|p| {
        lang.render(&p.text)
            .lines()
            .find(|l| !l.trim().is_empty())
            .map(closed)
    });
    match first {
        Some(line) => Shown {
            text: line,
            images: Vec::new(),
        },
        None => Shown::words(&t!("bot-done"), lang),
    }
}

/// A line cut from a rendered text, with the test language's marks it opened closed again
/// (`⟦…⟧` wraps the whole text, so its first line lacks the end); other languages have none.
fn closed(line: &str) -> String {
    let open = line.matches(PSEUDO_OPEN).count();
    let shut = line.matches(PSEUDO_CLOSE).count();
    let mut out = line.to_string();
    out.extend(std::iter::repeat_n(PSEUDO_CLOSE, open.saturating_sub(shut)));
    out
}

/// A command's outcome as the caller's answer: the acknowledgement, the refusal or the
/// apology; a question before an action that leaves something unused ([`Reply::confirm`])
/// offers **End turn anyway** and **Back**.
pub fn answered(reply: Result<Reply, TableError>, lang: Lang) -> (Shown, Vec<CreateActionRow>) {
    match reply {
        Ok(reply) => {
            let rows = reply
                .confirm
                .as_ref()
                .map(|c| confirm_row(c, lang))
                .into_iter()
                .collect();
            (acknowledgement(&reply, lang), rows)
        }
        Err(TableError::Refused(m)) => (Shown::words(&m, lang), Vec::new()),
        Err(TableError::Internal(_)) => (Shown::words(&apology(), lang), Vec::new()),
    }
}

/// The answers to a question before an action that leaves something unused: play it anyway,
/// or **Back** to the decision (the panel's first page).
fn confirm_row(confirm: &Confirm, lang: Lang) -> CreateActionRow {
    let id = |verb| {
        ComponentId {
            game: confirm.game_id,
            version: confirm.version,
            verb,
        }
        .encode()
    };
    let anyway = id(Verb::Anyway(confirm.notation.clone())).map(|cid| {
        CreateButton::new(cid)
            .label(lang.render(&confirm.label))
            .style(ButtonStyle::Danger)
    });
    let back = id(Verb::Page(0)).map(|cid| {
        CreateButton::new(cid)
            .label(lang.render(&t!("bot-button-back")))
            .style(ButtonStyle::Secondary)
    });
    CreateActionRow::Buttons(anyway.into_iter().chain(back).collect())
}

/// Adds **Undo** to a panel's rows while the player may take a step back (issue 28): a row
/// of its own when Discord's five rows allow, else at the end of the last row of buttons
/// that has room. Where neither fits (a full panel), `/undo` still does it.
fn with_undo(rows: &mut Vec<CreateActionRow>, turn: &Turn, lang: Lang) {
    let Some(id) = (ComponentId {
        game: turn.game_id,
        version: turn.version,
        verb: Verb::Undo,
    })
    .encode() else {
        return;
    };
    let undo = CreateButton::new(id)
        .label(lang.render(&t!("bot-button-panel-undo")))
        .style(ButtonStyle::Secondary);
    if rows.len() < 5 {
        rows.push(CreateActionRow::Buttons(vec![undo]));
    } else if let Some(CreateActionRow::Buttons(last)) = rows.last_mut()
        && last.len() < 5
    {
        last.push(undo);
    }
}

/// Parts of a message, one after the other with a blank line between them.
fn paragraphs(parts: impl IntoIterator<Item = String>) -> String {
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The panel of the player to act: the prompt, the controls' note, the private items (when
/// the answer carries them) and the controls.
fn drawn(panel: Panel, lang: Lang) -> (Shown, Vec<CreateActionRow>) {
    let Panel {
        turn,
        menu,
        view,
        hand,
        ..
    } = panel;
    let mut controls = controls(turn.game_id, turn.version, &menu, &view, lang);
    with_explain(&mut controls.rows, turn.game_id, turn.version, &menu, lang);
    if turn.can_undo {
        with_undo(&mut controls.rows, &turn, lang);
    }
    let hand = hand.map(|h| Shown::post(h, lang)).unwrap_or_default();
    let mut head = lang.render(&t!("bot-panel-prompt", prompt = turn.prompt.clone()));
    if let Some(note) = &controls.note {
        head = format!("{head}\n{}", lang.render(note));
    }
    let shown = Shown {
        text: paragraphs([head, hand.text]),
        images: hand.images,
    };
    (shown, controls.rows)
}

/// The panel asked for by Take my turn, `/turn` or a control that changes what the panel
/// shows. A panel made for another version of the game shows the decision of now from the
/// top, and says so.
pub fn shown(state: PanelState, lang: Lang) -> (Shown, Vec<CreateActionRow>) {
    let text = match state {
        PanelState::Decide(panel) => {
            let moved_on = panel.moved_on;
            let (mut shown, rows) = drawn(*panel, lang);
            if moved_on {
                let note = lang.render(&t!("bot-panel-moved-on"));
                shown.text = paragraphs([note, shown.text]);
            }
            return (shown, rows);
        }
        PanelState::Nothing => t!("bot-panel-nothing"),
        PanelState::Waiting(line) => t!("bot-panel-waiting", line = line),
        PanelState::Nobody => t!("bot-panel-nobody"),
        PanelState::NoGame(why) => why,
        PanelState::Failed => apology(),
    };
    (Shown::words(&text, lang), Vec::new())
}

/// The panel after a choice made on it: what the choice did (`done`), then the player's
/// next decision with its choices; once the turn has passed, only that (no stale buttons).
pub fn after(done: Shown, state: PanelState, lang: Lang) -> (Shown, Vec<CreateActionRow>) {
    let next = match state {
        PanelState::Decide(panel) => {
            let (shown, rows) = drawn(*panel, lang);
            let text = format!("{}\n\n{}", done.text, shown.text);
            return (
                Shown {
                    text,
                    images: shown.images,
                },
                rows,
            );
        }
        PanelState::Nothing => t!("bot-panel-nothing"),
        PanelState::Waiting(line) => t!("bot-panel-turn-over", line = line),
        // The channel has no running game any more: this choice ended it.
        PanelState::Nobody | PanelState::NoGame(_) => t!("bot-panel-game-over"),
        PanelState::Failed => apology(),
    };
    let text = format!("{}\n\n{}", done.text, lang.render(&next));
    (
        Shown {
            text,
            images: Vec::new(),
        },
        Vec::new(),
    )
}
