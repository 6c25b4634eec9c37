//! Sending to Discord: the caller's ephemeral answer (editing the deferred response), and
//! the outbox's deliveries ([`DiscordCourier`]): public posts as channel messages with the
//! turn or lobby buttons, private posts by DM. Discord's answers are sorted into what the
//! outbox retries (5xx, timeouts, 429) and what it gives up (deleted channel, missing
//! permission, closed DMs — error 50007, after which the channel gets one note without the
//! secret and no DM is tried until that player uses a command again).
//!
//! Every create, in a channel or a DM, carries the outbox row's nonce with `enforce_nonce`:
//! sent again within Discord's few minutes, it returns the first message instead of a second
//! one. Past them, the outbox asks [`DiscordCourier`]'s `find` first, which reads the
//! target's messages since the row's commit for one of the bot's with the same content that
//! no other row recorded. Edits replace the whole message and need neither: the turn
//! message's steps, the lobby's changes, and a player's DM of a game when their hand changes
//! (a DM deleted meanwhile is sent anew).

use std::sync::Arc;

use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateInteractionResponseFollowup, CreateMessage, EditAttachments,
    EditInteractionResponse, EditMessage, GetMessages, Http, MessageId, Nonce, UserId,
};
use serenity::builder::Builder;

use turnpost_core::ai::Level;
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use super::ids::{ComponentId, Verb};
use super::panel::Shown;
use crate::outbox::{Courier, DeliveryKind, DeliveryRow, Failure, Message, SeatCall, Turn};

/// Error code Discord gives when a user does not accept DMs from the bot.
const CANNOT_DM: isize = 50007;

/// A button of a channel message, its label in the channel's language.
fn button(
    game: i64,
    version: i64,
    verb: Verb,
    label: &Text,
    style: ButtonStyle,
    lang: Lang,
) -> Option<CreateButton> {
    let id = ComponentId {
        game,
        version,
        verb,
    }
    .encode()?;
    let label: String = lang.render(label).chars().take(80).collect();
    Some(CreateButton::new(id).label(label).style(style))
}

/// The buttons under a turn message, in the channel's language.
pub fn turn_buttons(turn: &Turn, lang: Lang) -> Vec<CreateActionRow> {
    let of =
        |verb, label: Text, style| button(turn.game_id, turn.version, verb, &label, style, lang);
    let mut row = vec![
        of(
            Verb::Turn,
            t!("bot-button-take-my-turn"),
            ButtonStyle::Primary,
        ),
        of(Verb::Hand, t!("bot-button-my-hand"), ButtonStyle::Secondary),
        of(Verb::Log, t!("bot-button-log"), ButtonStyle::Secondary),
    ];
    if turn.can_undo {
        row.push(of(
            Verb::Undo,
            t!("bot-button-undo"),
            ButtonStyle::Secondary,
        ));
    }
    vec![CreateActionRow::Buttons(
        row.into_iter().flatten().collect(),
    )]
}

/// The buttons under a lobby message (they act on that lobby only), in the channel's
/// language.
pub fn lobby_buttons(game: i64, lang: Lang) -> Vec<CreateActionRow> {
    let of = |verb, label: Text, style| button(game, 0, verb, &label, style, lang);
    let row = [
        of(Verb::Join, t!("bot-button-join"), ButtonStyle::Success),
        of(Verb::Leave, t!("bot-button-leave"), ButtonStyle::Secondary),
        of(Verb::Start, t!("bot-button-start"), ButtonStyle::Primary),
    ];
    let mut ai: Vec<_> = Level::SEATED
        .iter()
        .map(|&level| {
            let label = t!("bot-button-add-ai", level = Arg::raw(level.name()));
            of(Verb::AddAi(level), label, ButtonStyle::Secondary)
        })
        .collect();
    ai.push(of(
        Verb::RemoveAi,
        t!("bot-button-remove-ai"),
        ButtonStyle::Secondary,
    ));
    vec![
        CreateActionRow::Buttons(row.into_iter().flatten().collect()),
        CreateActionRow::Buttons(ai.into_iter().flatten().collect()),
    ]
}

/// The button under a game's final message: a lobby for the same players and options.
pub fn rematch_buttons(game: i64, lang: Lang) -> Vec<CreateActionRow> {
    let row = [button(
        game,
        0,
        Verb::Rematch,
        &t!("bot-button-rematch"),
        ButtonStyle::Primary,
        lang,
    )];
    vec![CreateActionRow::Buttons(
        row.into_iter().flatten().collect(),
    )]
}

/// The buttons under a deadline's call: the vote on replacing a late player, or the open
/// seat a volunteer takes.
pub fn call_buttons(game: i64, call: SeatCall, lang: Lang) -> Vec<CreateActionRow> {
    let of = |verb, label: Text, style| button(game, 0, verb, &label, style, lang);
    let row: Vec<_> = match call {
        SeatCall::Vote => vec![
            of(
                Verb::Vote(true),
                t!("bot-button-replace"),
                ButtonStyle::Danger,
            ),
            of(
                Verb::Vote(false),
                t!("bot-button-keep-waiting"),
                ButtonStyle::Secondary,
            ),
        ],
        SeatCall::Open => vec![
            of(
                Verb::TakeSeat,
                t!("bot-button-take-the-seat"),
                ButtonStyle::Success,
            ),
            of(
                Verb::AiSeat,
                t!("bot-button-let-an-ai-play"),
                ButtonStyle::Secondary,
            ),
        ],
    };
    vec![CreateActionRow::Buttons(
        row.into_iter().flatten().collect(),
    )]
}

fn attachments(shown: &Shown, lang: Lang) -> Vec<CreateAttachment> {
    shown
        .images
        .iter()
        .map(|i| {
            CreateAttachment::bytes(i.png.clone(), i.name.clone())
                .description(words_or_name(&i.name, &i.alt, lang))
        })
        .collect()
}

/// An attachment's description (alt text): its words, clipped to Discord's 1,024
/// characters; a row written before pictures had words falls back to the file's name in
/// words (`pandoria board`), so no attachment goes out without one.
fn words_or_name(name: &str, words: &str, lang: Lang) -> String {
    let words = words.trim();
    if words.is_empty() {
        let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
        // The file's name as it is (`pandoria board`).
        let stem = Arg::raw(stem.replace(['-', '_'], " "));
        return lang.render(&t!("bot-picture-named", name = stem));
    }
    words.chars().take(1024).collect()
}

/// A stored picture as an attachment with its words (from the row's body, by file name).
fn described(message: &Message, name: String, png: Vec<u8>, lang: Lang) -> CreateAttachment {
    let words = message
        .alt
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |(_, w)| w.as_str());
    let description = words_or_name(&name, words, lang);
    CreateAttachment::bytes(png, name).description(description)
}

/// The panel's pictures as embeds, one each (`attachment://name`): Discord lays plain
/// attachments side by side, half as wide on a phone, but stacks embeds at full width.
fn panel_embeds(post: &Shown) -> Vec<CreateEmbed> {
    post.images
        .iter()
        .map(|i| CreateEmbed::new().image(format!("attachment://{}", i.name)))
        .collect()
}

/// The text with a mention of each pinged user it does not mention yet.
fn with_pings(text: &str, ping: &[u64]) -> String {
    let pings: Vec<String> = ping
        .iter()
        .map(|u| format!("<@{u}>"))
        .filter(|m| !text.contains(m.as_str()))
        .collect();
    let text = if pings.is_empty() {
        text.to_string()
    } else {
        format!("{text}\n{}", pings.join(" "))
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

/// What the deferred interaction response becomes (its words are already in the caller's
/// language, `lang`).
/// Its pictures go one per embed, stacked; without pictures the embeds are left as they are
/// (a panel that keeps its pictures), see [`ephemeral_clear`].
pub fn ephemeral_edit(post: &Shown, lang: Lang) -> EditInteractionResponse {
    let mut edit = EditInteractionResponse::new().content(clip(&post.text));
    for a in attachments(post, lang) {
        edit = edit.new_attachment(a);
    }
    if !post.images.is_empty() {
        edit = edit.embeds(panel_embeds(post));
    }
    edit
}

/// [`ephemeral_edit`] of a panel whose pictures go: its attachments and their embeds.
pub fn ephemeral_clear(post: &Shown, lang: Lang) -> EditInteractionResponse {
    ephemeral_edit(post, lang)
        .clear_attachments()
        .embeds(Vec::new())
}

/// Delivers outbox rows through serenity's HTTP client.
#[derive(Debug)]
pub struct DiscordCourier {
    http: Arc<Http>,
    /// The bot's own user id, once asked (for telling its messages from others').
    me: std::sync::OnceLock<u64>,
    /// DM channels by user, once opened: Discord keeps one DM channel per user, so a hand
    /// change costs one request (the edit), not two. A std `Mutex`: held only to look up or
    /// insert, never across an await.
    dm_channels: std::sync::Mutex<std::collections::HashMap<u64, ChannelId>>,
}

impl DiscordCourier {
    /// A courier over a client's HTTP.
    pub fn new(http: Arc<Http>) -> DiscordCourier {
        DiscordCourier {
            http,
            me: std::sync::OnceLock::new(),
            dm_channels: std::sync::Mutex::new(std::collections::HashMap::new()),
        }
    }

    /// The DM channel of a user (opened once, then remembered).
    async fn dm_channel(&self, user: u64) -> Result<ChannelId, Failure> {
        let known = self
            .dm_channels
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&user)
            .copied();
        if let Some(channel) = known {
            return Ok(channel);
        }
        let channel = UserId::new(user)
            .create_dm_channel(&self.http)
            .await
            .map_err(|e| failure(&e))?
            .id;
        self.dm_channels
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(user, channel);
        Ok(channel)
    }

    async fn me(&self) -> Result<u64, Failure> {
        if let Some(me) = self.me.get() {
            return Ok(*me);
        }
        let user = self
            .http
            .get_current_user()
            .await
            .map_err(|e| failure(&e))?;
        Ok(*self.me.get_or_init(|| user.id.get()))
    }
}

/// The nonce of an outbox row's message: Discord drops a second create with the same nonce
/// from the same author in the same channel for a few minutes and returns the first.
fn nonce(row: &DeliveryRow) -> Nonce {
    Nonce::String(format!("tp{}", row.outbox_id))
}

/// Discord's epoch (2015-01-01) in Unix ms: snowflakes count from it.
const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// The smallest message id of a moment (Unix ms).
fn snowflake_at(ms: i64) -> u64 {
    ((ms - DISCORD_EPOCH_MS).max(0) as u64) << 22
}

/// How many pages of 100 messages a look for an earlier delivery reads at most.
const FIND_PAGES: usize = 10;

/// Error code of a message that does not exist (any more).
const UNKNOWN_MESSAGE: isize = 10008;

/// Discord's JSON error code of a failed request, if it got that far.
fn error_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.error.code)
        }
        _ => None,
    }
}

/// Sorts a failed request into what the outbox does next, and counts it by Discord's code
/// (the HTTP status when Discord gave none, `timeout` when no answer came) in the metrics.
fn failure(e: &serenity::Error) -> Failure {
    use serenity::http::HttpError;
    let label = match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.error.code != 0 => {
            r.error.code.to_string()
        }
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            format!("http_{}", r.status_code.as_u16())
        }
        _ => "timeout".to_string(),
    };
    crate::metrics::delivery_failed(label);
    classify(e)
}

/// Sorts a failed request into what the outbox does next.
fn classify(e: &serenity::Error) -> Failure {
    use serenity::http::HttpError;
    let serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) = e else {
        // Timeouts, refused connections, resets: the request may not have arrived at all.
        return Failure::Transient {
            why: e.to_string(),
            after: None,
            invalid: false,
        };
    };
    let status = r.status_code.as_u16();
    let code = r.error.code;
    let why = format!(
        "Discord answered {status} (code {code}: {})",
        r.error.message
    );
    match (status, code) {
        (_, CANNOT_DM) => Failure::DmsClosed,
        // Rate limited: serenity's rate limiter (on in production) waits out `retry_after`
        // itself and retries; a 429 that still gets here (rate limiter off, or a shared
        // limit) carries no readable `retry_after` through serenity's error type, so the
        // worker waits at least its rate-limit floor.
        (429, _) => Failure::Transient {
            why,
            after: None,
            invalid: true,
        },
        (500..=599, _) => Failure::Transient {
            why,
            after: None,
            invalid: false,
        },
        // Unknown Channel, Missing Access, Missing Permissions, archived thread.
        (_, 10003) | (404, _) => Failure::Unreachable {
            why: "the channel no longer exists".into(),
            invalid: false,
        },
        (_, 50001 | 50013) | (403, _) => Failure::Unreachable {
            why: "Turnpost lacks the permission to post there".into(),
            invalid: true,
        },
        (_, 50083) => Failure::Unreachable {
            why: "the thread is archived".into(),
            invalid: false,
        },
        (401, _) => Failure::Rejected {
            why: format!("the bot token was refused: {why}"),
            invalid: true,
        },
        _ => Failure::Rejected {
            why,
            invalid: false,
        },
    }
}

/// Several pictures of one channel message as embeds, one picture each: Discord lays
/// attachments side by side (each half as wide on a phone), but stacks embeds, so the glance
/// and the board each get the whole width. One picture stays a plain attachment.
fn stacked(names: &[String]) -> Vec<CreateEmbed> {
    if names.len() < 2 {
        return Vec::new();
    }
    names
        .iter()
        .map(|name| CreateEmbed::new().image(format!("attachment://{name}")))
        .collect()
}

impl Courier for DiscordCourier {
    async fn deliver(
        &self,
        row: &DeliveryRow,
        message: &Message,
        images: Vec<(String, Vec<u8>)>,
    ) -> Result<Option<u64>, Failure> {
        let lang = row.lang;
        let text = message.words(lang);
        let names: Vec<String> = images.iter().map(|(name, _)| name.clone()).collect();
        let files: Vec<CreateAttachment> = images
            .into_iter()
            .map(|(name, png)| described(message, name, png, lang))
            .collect();
        match row.kind {
            DeliveryKind::Channel => {
                let mut create = CreateMessage::new()
                    .content(with_pings(&text, &message.ping))
                    .allowed_mentions(
                        CreateAllowedMentions::new()
                            .users(message.ping.iter().map(|u| UserId::new(*u))),
                    )
                    .add_files(files)
                    .embeds(stacked(&names))
                    // Sent again after a crash or a lost answer, Discord returns the first
                    // message instead of posting twice.
                    .nonce(nonce(row))
                    .enforce_nonce(true);
                let game = row.game_id.unwrap_or(0);
                if let Some(turn) = &message.turn {
                    let turn = Turn {
                        game_id: game,
                        ..turn.clone()
                    };
                    create = create.components(turn_buttons(&turn, lang));
                } else if message.lobby {
                    create = create.components(lobby_buttons(game, lang));
                } else if let Some(call) = message.call {
                    create = create.components(call_buttons(game, call, lang));
                } else if message.rematch {
                    create = create.components(rematch_buttons(game, lang));
                }
                ChannelId::new(row.target)
                    .send_message(&self.http, create)
                    .await
                    .map(|m| Some(m.id.get()))
                    .map_err(|e| failure(&e))
            }
            DeliveryKind::Dm => {
                let dm = self.dm_channel(row.target).await?;
                dm.send_message(
                    &self.http,
                    CreateMessage::new()
                        .content(clip(&text))
                        .add_files(files)
                        // Stacked at full width on a phone, like the panel's pictures.
                        .embeds(stacked(&names))
                        // A DM channel is a channel: the nonce works there too.
                        .nonce(nonce(row))
                        .enforce_nonce(true),
                )
                .await
                .map(|m| Some(m.id.get()))
                .map_err(|e| failure(&e))
            }
        }
    }

    async fn edit(
        &self,
        row: &DeliveryRow,
        message: &Message,
        images: Vec<(String, Vec<u8>)>,
        message_id: u64,
    ) -> Result<Option<u64>, Failure> {
        // The pictures replace the old ones; nobody is mentioned again in the same turn.
        let lang = row.lang;
        let reloaded = images.clone();
        let names: Vec<String> = images.iter().map(|(name, _)| name.clone()).collect();
        let attachments = images
            .into_iter()
            .fold(EditAttachments::new(), |a, (name, png)| {
                a.add(described(message, name, png, lang))
            });
        let game = row.game_id.unwrap_or(0);
        let components = match &message.turn {
            Some(turn) => turn_buttons(
                &Turn {
                    game_id: game,
                    ..turn.clone()
                },
                lang,
            ),
            None if message.lobby => lobby_buttons(game, lang),
            None => Vec::new(),
        };
        let mut edit = EditMessage::new()
            .content(clip(&message.words(lang)))
            .allowed_mentions(CreateAllowedMentions::new())
            .components(components);
        // An edit without pictures keeps the message's pictures (a later step of the same
        // turn: pictures go up once per turn); with pictures, they replace the old ones.
        if !names.is_empty() {
            edit = edit.attachments(attachments).embeds(stacked(&names));
        }
        match ChannelId::new(row.target)
            .edit_message(&self.http, MessageId::new(message_id), edit)
            .await
        {
            Ok(m) => Ok(Some(m.id.get())),
            // A lobby that started or closed was deleted meanwhile: nothing is left to close.
            Err(e) if error_code(&e) == Some(UNKNOWN_MESSAGE) && message.closes => Ok(None),
            // The message was deleted meanwhile (Unknown Message): post the turn anew.
            Err(e) if error_code(&e) == Some(UNKNOWN_MESSAGE) => {
                self.deliver(row, message, reloaded).await
            }
            Err(e) => Err(failure(&e)),
        }
    }

    async fn edit_dm(
        &self,
        row: &DeliveryRow,
        message: &Message,
        images: Vec<(String, Vec<u8>)>,
        message_id: u64,
    ) -> Result<Option<u64>, Failure> {
        let dm = self.dm_channel(row.target).await?;
        let lang = row.lang;
        let reloaded = images.clone();
        // The new pictures replace all the old ones (an attachment not listed is dropped).
        let attachments = images
            .into_iter()
            .fold(EditAttachments::new(), |a, (name, png)| {
                a.add(described(message, name, png, lang))
            });
        let names: Vec<String> = reloaded.iter().map(|(name, _)| name.clone()).collect();
        let edit = EditMessage::new()
            .content(clip(&message.words(lang)))
            .attachments(attachments)
            .embeds(stacked(&names));
        match dm
            .edit_message(&self.http, MessageId::new(message_id), edit)
            .await
        {
            Ok(m) => Ok(Some(m.id.get())),
            // The player deleted the DM (Unknown Message): the hand goes out as a new DM,
            // which later changes edit.
            Err(e) if error_code(&e) == Some(UNKNOWN_MESSAGE) => {
                self.deliver(row, message, reloaded).await
            }
            Err(e) => Err(failure(&e)),
        }
    }

    async fn retire(&self, channel: u64, message_id: u64) -> Result<(), Failure> {
        let edit = EditMessage::new().components(Vec::new());
        match ChannelId::new(channel)
            .edit_message(&self.http, MessageId::new(message_id), edit)
            .await
        {
            Ok(_) => Ok(()),
            // Deleted meanwhile: it has no buttons to remove.
            Err(e) if error_code(&e) == Some(UNKNOWN_MESSAGE) => Ok(()),
            Err(e) => Err(failure(&e)),
        }
    }

    async fn find(
        &self,
        row: &DeliveryRow,
        message: &Message,
        since_ms: i64,
        taken: &[u64],
    ) -> Result<Option<u64>, Failure> {
        let me = self.me().await?;
        let (channel, content) = match row.kind {
            DeliveryKind::Channel => (
                ChannelId::new(row.target),
                with_pings(&message.words(row.lang), &message.ping),
            ),
            DeliveryKind::Dm => (
                self.dm_channel(row.target).await?,
                clip(&message.words(row.lang)),
            ),
        };
        let mut after = snowflake_at(since_ms);
        let mut found: Option<u64> = None;
        for _ in 0..FIND_PAGES {
            let page = match channel
                .messages(
                    &self.http,
                    GetMessages::new()
                        .after(MessageId::new(after.max(1)))
                        .limit(100),
                )
                .await
            {
                Ok(page) => page,
                Err(e) if matches!(classify(&e), Failure::Unreachable { invalid: true, .. }) => {
                    // No Read Message History: the nonce is all there is.
                    tracing::warn!(outbox_id = row.outbox_id, channel = channel.get(), error = %e, "cannot read the channel to rule out sending a message twice; sending it");
                    return Ok(None);
                }
                Err(e) => return Err(failure(&e)),
            };
            for m in &page {
                let id = m.id.get();
                if m.author.id.get() == me
                    && !taken.contains(&id)
                    && m.content.trim() == content.trim()
                {
                    found = Some(found.map_or(id, |f| f.min(id)));
                }
            }
            let Some(newest) = page.iter().map(|m| m.id.get()).max() else {
                break;
            };
            if page.len() < 100 {
                break;
            }
            after = newest;
        }
        Ok(found)
    }

    async fn tell(&self, handle: &str, text: &str) -> bool {
        let followup = CreateInteractionResponseFollowup::new()
            .content(clip(text))
            .ephemeral(true);
        match followup.execute(&*self.http, (None, handle)).await {
            Ok(_) => true,
            Err(e) => {
                tracing::warn!(error = %e, "could not tell the caller about a failed delivery");
                false
            }
        }
    }
}
