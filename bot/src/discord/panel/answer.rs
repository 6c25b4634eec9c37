//! What the caller sees after a command or a click, drawn from the table's one answer
//! (issue 29): the acknowledgement or refusal, the question before an action that leaves
//! something unused, and the private panel from the [`PanelState`] the answer carries —
//! never by asking the table again.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use super::super::ids::{ComponentId, Verb};
use super::{controls, with_explain};
use crate::table::{Confirm, Panel, PanelState, Post, Reply, TableError, Turn};

/// The answer to a failure of ours.
pub const APOLOGY: &str =
    "Sorry — something went wrong on our side. It has been logged; please try again in a moment.";

/// A post of words only.
pub fn text_post(text: impl Into<String>) -> Post {
    Post {
        text: text.into(),
        ..Post::default()
    }
}

/// What the caller sees in place of the deferred answer when the reply has nothing private.
pub fn acknowledgement(reply: &Reply) -> Post {
    if let Some(post) = &reply.ephemeral {
        return post.clone();
    }
    let first = reply
        .news
        .first()
        .map(String::as_str)
        .or_else(|| {
            reply
                .public
                .first()
                .and_then(|p| p.text.lines().find(|l| !l.trim().is_empty()))
        })
        .unwrap_or("Done.");
    text_post(first.to_string())
}

/// A command's outcome as the caller's answer: the acknowledgement, the refusal or the
/// apology; a question before an action that leaves something unused ([`Reply::confirm`])
/// offers **End turn anyway** and **Back**.
pub fn answered(reply: Result<Reply, TableError>) -> (Post, Vec<CreateActionRow>) {
    match reply {
        Ok(reply) => {
            let rows = reply
                .confirm
                .as_ref()
                .map(confirm_row)
                .into_iter()
                .collect();
            (acknowledgement(&reply), rows)
        }
        Err(TableError::Refused(m)) => (text_post(crate::english(&m)), Vec::new()),
        Err(TableError::Internal(_)) => (text_post(APOLOGY), Vec::new()),
    }
}

/// The answers to a question before an action that leaves something unused: play it anyway,
/// or **Back** to the decision (the panel's first page).
fn confirm_row(confirm: &Confirm) -> CreateActionRow {
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
            .label(confirm.label.clone())
            .style(ButtonStyle::Danger)
    });
    let back = id(Verb::Page(0)).map(|cid| {
        CreateButton::new(cid)
            .label("◂ Back")
            .style(ButtonStyle::Secondary)
    });
    CreateActionRow::Buttons(anyway.into_iter().chain(back).collect())
}

/// Adds **Undo** to a panel's rows while the player may take a step back (issue 28): a row
/// of its own when Discord's five rows allow, else at the end of the last row of buttons
/// that has room. Where neither fits (a full panel), `/undo` still does it.
fn with_undo(rows: &mut Vec<CreateActionRow>, turn: &Turn) {
    let Some(id) = (ComponentId {
        game: turn.game_id,
        version: turn.version,
        verb: Verb::Undo,
    })
    .encode() else {
        return;
    };
    let undo = CreateButton::new(id)
        .label("↶ Undo")
        .style(ButtonStyle::Secondary);
    if rows.len() < 5 {
        rows.push(CreateActionRow::Buttons(vec![undo]));
    } else if let Some(CreateActionRow::Buttons(last)) = rows.last_mut()
        && last.len() < 5
    {
        last.push(undo);
    }
}

/// The panel of the player to act: the prompt, the controls' note, the private items (when
/// the answer carries them) and the controls.
fn drawn(panel: Panel) -> (Post, Vec<CreateActionRow>) {
    let Panel {
        turn,
        menu,
        view,
        hand,
        ..
    } = panel;
    let mut controls = controls(turn.game_id, turn.version, &menu, &view);
    with_explain(&mut controls.rows, turn.game_id, turn.version, &menu);
    if turn.can_undo {
        with_undo(&mut controls.rows, &turn);
    }
    let mut post = hand.unwrap_or_default();
    let mut text = format!("**{}**", turn.prompt);
    if !controls.note.is_empty() {
        text = format!("{text}\n{}", controls.note);
    }
    if !post.text.is_empty() {
        text = format!("{text}\n\n{}", post.text);
    }
    post.text = text;
    (post, controls.rows)
}

/// The panel asked for by Take my turn, `/turn` or a control that changes what the panel
/// shows. A panel made for another version of the game shows the decision of now from the
/// top, and says so.
pub fn shown(state: PanelState) -> (Post, Vec<CreateActionRow>) {
    let text = match state {
        PanelState::Decide(panel) => {
            let moved_on = panel.moved_on;
            let (mut post, rows) = drawn(*panel);
            if moved_on {
                post.text = format!(
                    "The game has moved on since that panel was shown; here is your decision now.\n\n{}",
                    post.text
                );
            }
            return (post, rows);
        }
        PanelState::Nothing => "You have nothing to decide now.".to_string(),
        PanelState::Waiting(line) => format!(
            "It is not your turn — {line}. You can look at the board or your hand meanwhile."
        ),
        PanelState::Nobody => "Nobody is to act: the game is not running.".to_string(),
        PanelState::NoGame(why) => crate::english(&why),
        PanelState::Failed => APOLOGY.to_string(),
    };
    (text_post(text), Vec::new())
}

/// The panel after a choice made on it: what the choice did (`done`), then the player's
/// next decision with its choices; once the turn has passed, only that (no stale buttons).
pub fn after(done: Post, state: PanelState) -> (Post, Vec<CreateActionRow>) {
    let next = match state {
        PanelState::Decide(panel) => {
            let (mut post, rows) = drawn(*panel);
            post.text = format!("{}\n\n{}", done.text, post.text);
            return (post, rows);
        }
        PanelState::Nothing => "You have nothing to decide now.".to_string(),
        PanelState::Waiting(line) => format!("Your turn is over — {line}."),
        // The channel has no running game any more: this choice ended it.
        PanelState::Nobody | PanelState::NoGame(_) => "The game is over.".to_string(),
        PanelState::Failed => APOLOGY.to_string(),
    };
    (text_post(format!("{}\n\n{next}", done.text)), Vec::new())
}
