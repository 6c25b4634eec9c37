//! Where a game is opened: the bot's permissions in the channel (refused before a game is
//! opened or started without them; said once a game runs without them) and `/new …
//! thread:true`, which opens the table in a new thread.

use serenity::all::{
    AutoArchiveDuration, ChannelType, CommandInteraction, CreateAllowedMentions, CreateMessage,
    CreateThread, GuildId, PartialChannel, Permissions,
};
use turnpost_core::registry;
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use super::super::panel::{Shown, acknowledgement, answered, apology};
use super::super::permissions::{self, Doing, Needed, Place};
use super::{Handler, asking};
use crate::delivery::reader_lang;
use crate::table::{Caller, Command, Request, TableError};

/// Whether an interaction's channel is a thread.
fn is_thread(channel: Option<&PartialChannel>) -> bool {
    channel.is_some_and(|c| {
        matches!(
            c.kind,
            ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
        )
    })
}

/// What the bot's permissions (`have`, which Discord sends with every interaction) lack for
/// a game in this server channel or thread; `None` when nothing is missing, outside a
/// server, or when Discord sent no permissions.
pub(super) fn missing_here(
    guild: Option<GuildId>,
    have: Option<Permissions>,
    channel: Option<&PartialChannel>,
) -> Option<(Vec<Needed>, Place)> {
    guild?;
    let place = if is_thread(channel) {
        Place::Thread
    } else {
        Place::Channel
    };
    let missing = permissions::missing(have?, place);
    (!missing.is_empty()).then_some((missing, place))
}

/// The refusal of `doing` (opening or starting a game) where the bot's permissions lack
/// what the game needs ([`missing_here`]).
pub(super) fn lacking(
    guild: Option<GuildId>,
    have: Option<Permissions>,
    channel: Option<&PartialChannel>,
    doing: Doing,
) -> Option<Text> {
    let (missing, place) = missing_here(guild, have, channel)?;
    Some(permissions::refusal(&missing, place, doing))
}

/// [`lacking`] for the table commands that open or start a game (`/new`, `/start`).
pub(super) fn lacking_for(command: &Command, cmd: &CommandInteraction) -> Option<Text> {
    let doing = match command {
        Command::Create { .. } => Doing::OpenTable,
        Command::Start => Doing::StartGame,
        _ => return None,
    };
    lacking(
        cmd.guild_id,
        cmd.app_permissions,
        cmd.channel.as_ref(),
        doing,
    )
}

/// Why `/new … thread:true` cannot open a thread from here, if it cannot.
fn no_thread_here(cmd: &CommandInteraction) -> Option<Text> {
    if is_thread(cmd.channel.as_ref()) {
        return Some(t!("bot-thread-in-thread"));
    }
    if cmd.guild_id.is_none() {
        return Some(t!("bot-thread-outside-server"));
    }
    let missing = permissions::missing(cmd.app_permissions?, Place::NewThread);
    (!missing.is_empty())
        .then(|| permissions::refusal(&missing, Place::NewThread, Doing::OpenThread))
}

impl Handler {
    /// `/new … thread:true`: checks the bot's permissions for a game in a new thread,
    /// opens a public thread named after the game, opens the table there (the thread is
    /// the game's channel), and posts one line linking to it in the channel. Refused in a
    /// thread (Discord has no threads in threads) and where a permission is missing, with
    /// nothing changed. One call into the table whatever happens. The answer is in the
    /// caller's language; the thread's name and the line in the channel are in the server's.
    pub(super) async fn open_in_thread(
        &self,
        ctx: &serenity::all::Context,
        cmd: &CommandInteraction,
        caller: &Caller,
        command: Command,
    ) -> (Shown, Lang) {
        let asked = || asking(&cmd.locale, cmd.guild_locale.as_ref());
        if let Some(refusal) = no_thread_here(cmd) {
            let lang = self.ask(caller, asked()).await.lang;
            return (Shown::words(&refusal, lang), lang);
        }
        let Command::Create { game, .. } = &command else {
            let answer = self
                .ask(
                    caller,
                    Request {
                        command: Some(command),
                        ..asked()
                    },
                )
                .await;
            return (answered(answer.reply, answer.lang).0, answer.lang);
        };
        let title = registry::find(game).map_or(game.as_str(), |info| info.title);
        let title = title.to_string();
        // The thread is named before the table is asked: in the server's preferred locale
        // (a `/league language:` choice is the table's to apply, to the lobby it posts).
        let public = reader_lang(None, cmd.guild_locale.as_deref());
        // Discord's limit for a thread's name is 100 characters.
        let words = t!(
            "bot-thread-name",
            title = Arg::raw(title.clone()),
            name = Arg::raw(caller.name.clone())
        );
        let name: String = public.render(&words).chars().take(100).collect();
        // A week of silence before Discord archives it: games by message are slow.
        let thread = CreateThread::new(name)
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let thread = match cmd.channel_id.create_thread(&ctx.http, thread).await {
            Ok(thread) => thread.id,
            Err(e) => {
                tracing::warn!(error = %e, "could not open a thread");
                let lang = self.ask(caller, asked()).await.lang;
                // Discord's answer, as it gave it.
                let why = Arg::raw(e.to_string());
                return (
                    Shown::words(&t!("bot-thread-failed", why = why), lang),
                    lang,
                );
            }
        };
        let there = Caller {
            channel: thread.get(),
            ..caller.clone()
        };
        // A mention: Discord's markup, the same in every language.
        let mention = || Arg::raw(format!("<#{thread}>"));
        let answer = self
            .ask(
                &there,
                Request {
                    command: Some(command),
                    ..asked()
                },
            )
            .await;
        let lang = answer.lang;
        let words = match answer.reply {
            Ok(reply) => {
                let line = t!(
                    "bot-thread-opened",
                    name = Arg::raw(caller.name.clone()),
                    title = Arg::raw(title),
                    thread = mention()
                );
                let post = CreateMessage::new()
                    .content(public.render(&line))
                    .allowed_mentions(CreateAllowedMentions::new());
                if let Err(e) = cmd.channel_id.send_message(&ctx.http, post).await {
                    tracing::warn!(error = %e, "could not link the game's thread in its channel");
                }
                let ack = acknowledgement(&reply, lang);
                let text = lang.render(&t!("bot-thread-game-is-in", thread = mention()));
                return (
                    Shown {
                        text: format!("{text}\n{}", ack.text),
                        images: Vec::new(),
                    },
                    lang,
                );
            }
            Err(TableError::Refused(m)) => {
                Text::lines([m, t!("bot-thread-stays-empty", thread = mention())])
            }
            Err(TableError::Internal(_)) => apology(),
        };
        (Shown::words(&words, lang), lang)
    }
}
