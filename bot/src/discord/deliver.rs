//! Sending a table reply to Discord: the caller's ephemeral answer (editing the deferred
//! response), public posts as channel messages with the turn buttons, and private posts by
//! DM — or, when a player's DMs are closed (error 50007), one note in the channel without
//! the secret, and no more DM attempts until that player uses a command again.

use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateMessage, EditInteractionResponse, Http, UserId,
};

use super::ids::{ComponentId, Verb};
use crate::table::{Post, Reply, Table, Turn};

/// Error code Discord gives when a user does not accept DMs from the bot.
const CANNOT_DM: isize = 50007;

fn is_cannot_dm(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) if r.error.code == CANNOT_DM)
}

fn button(
    game: i64,
    version: i64,
    verb: Verb,
    label: &str,
    style: ButtonStyle,
) -> Option<CreateButton> {
    let id = ComponentId {
        game,
        version,
        verb,
    }
    .encode()?;
    Some(CreateButton::new(id).label(label).style(style))
}

/// The buttons under a turn message.
pub fn turn_buttons(turn: &Turn) -> Vec<CreateActionRow> {
    let mut row = vec![
        button(
            turn.game_id,
            turn.version,
            Verb::Turn,
            "Take my turn",
            ButtonStyle::Primary,
        ),
        button(
            turn.game_id,
            turn.version,
            Verb::Hand,
            "My hand",
            ButtonStyle::Secondary,
        ),
        button(
            turn.game_id,
            turn.version,
            Verb::Log,
            "Log",
            ButtonStyle::Secondary,
        ),
    ];
    if turn.can_undo {
        row.push(button(
            turn.game_id,
            turn.version,
            Verb::Undo,
            "Undo",
            ButtonStyle::Secondary,
        ));
    }
    vec![CreateActionRow::Buttons(
        row.into_iter().flatten().collect(),
    )]
}

/// The buttons under a lobby message.
pub fn lobby_buttons() -> Vec<CreateActionRow> {
    let row = [
        button(0, 0, Verb::Join, "Join", ButtonStyle::Success),
        button(0, 0, Verb::Leave, "Leave", ButtonStyle::Secondary),
        button(0, 0, Verb::Start, "Start", ButtonStyle::Primary),
    ];
    vec![CreateActionRow::Buttons(
        row.into_iter().flatten().collect(),
    )]
}

fn attachments(post: &Post) -> Vec<CreateAttachment> {
    post.images
        .iter()
        .map(|i| CreateAttachment::bytes(i.png.clone(), i.name.clone()))
        .collect()
}

fn with_pings(post: &Post) -> String {
    let pings: Vec<String> = post.ping.iter().map(|u| format!("<@{u}>")).collect();
    let text = if pings.is_empty() {
        post.text.clone()
    } else {
        format!("{}\n{}", post.text, pings.join(" "))
    };
    clip(&text)
}

/// Discord's message limit is 2000 characters.
fn clip(text: &str) -> String {
    if text.chars().count() <= 2000 {
        return text.to_string();
    }
    let kept: String = text.chars().take(1990).collect();
    format!("{kept}\n…")
}

/// What the deferred interaction response becomes.
pub fn ephemeral_edit(post: &Post) -> EditInteractionResponse {
    let mut edit = EditInteractionResponse::new().content(clip(&post.text));
    for a in attachments(post) {
        edit = edit.new_attachment(a);
    }
    edit
}

/// Sends a reply's public and private posts. `lobby` adds the lobby buttons to public posts
/// that have no turn.
pub async fn send_posts(http: &Http, table: &Table, channel: u64, reply: &Reply, lobby: bool) {
    for post in &reply.public {
        let mut message = CreateMessage::new()
            .content(with_pings(post))
            .allowed_mentions(
                CreateAllowedMentions::new().users(post.ping.iter().map(|u| UserId::new(*u))),
            )
            .add_files(attachments(post));
        if let Some(turn) = &reply.turn {
            message = message.components(turn_buttons(turn));
        } else if lobby {
            message = message.components(lobby_buttons());
        }
        match ChannelId::new(channel).send_message(http, message).await {
            Ok(sent) => {
                if let Some(turn) = &reply.turn
                    && let Err(e) = table
                        .store()
                        .set_turn_message(turn.game_id, sent.id.get())
                        .await
                {
                    tracing::warn!(error = %e, "could not remember the turn message");
                }
            }
            Err(e) => tracing::error!(channel, error = %e, "public post failed"),
        }
    }
    for (user, post) in &reply.private {
        send_dm(http, table, channel, *user, post).await;
    }
}

/// Sends one private post by DM, with the channel fallback.
pub async fn send_dm(http: &Http, table: &Table, channel: u64, user: u64, post: &Post) {
    match table.store().dm_closed(user).await {
        Ok(true) => return,
        Ok(false) => {}
        Err(e) => tracing::warn!(error = %e, "cannot read the DM setting"),
    }
    let result = async {
        let dm = UserId::new(user).create_dm_channel(http).await?;
        dm.send_message(
            http,
            CreateMessage::new()
                .content(clip(&post.text))
                .add_files(attachments(post)),
        )
        .await
    }
    .await;
    match result {
        Ok(_) => {}
        Err(e) if is_cannot_dm(&e) => {
            if let Err(e) = table.store().set_dm_closed(user, true).await {
                tracing::warn!(error = %e, "cannot store the DM setting");
            }
            let note = CreateMessage::new()
                .content(format!(
                    "<@{user}>, I can't send you direct messages — use **My hand** or `/hand` to see your hand here, only to you."
                ))
                .allowed_mentions(CreateAllowedMentions::new().users([UserId::new(user)]));
            if let Err(e) = ChannelId::new(channel).send_message(http, note).await {
                tracing::error!(channel, error = %e, "DM fallback note failed");
            }
        }
        Err(e) => tracing::error!(user, error = %e, "DM failed"),
    }
}
