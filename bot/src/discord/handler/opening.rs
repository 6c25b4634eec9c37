//! Where a game is opened: the bot's permissions in the channel (refused before a game is
//! opened or started without them; said once a game runs without them) and `/new …
//! thread:true`, which opens the table in a new thread.

use serenity::all::{
    AutoArchiveDuration, ChannelType, CommandInteraction, CreateAllowedMentions, CreateMessage,
    CreateThread, GuildId, PartialChannel, Permissions,
};
use turnpost_core::registry;

use super::super::panel::{APOLOGY, acknowledgement, answered, text_post};
use super::super::permissions::{self, Needed, Place};
use super::Handler;
use crate::table::{Caller, Command, Post, Request, TableError};

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
    doing: &str,
) -> Option<String> {
    let (missing, place) = missing_here(guild, have, channel)?;
    Some(permissions::refusal(&missing, place, doing))
}

/// [`lacking`] for the table commands that open or start a game (`/new`, `/start`).
pub(super) fn lacking_for(command: &Command, cmd: &CommandInteraction) -> Option<String> {
    let doing = match command {
        Command::Create { .. } => "open a table",
        Command::Start => "start the game",
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
fn no_thread_here(cmd: &CommandInteraction) -> Option<String> {
    if is_thread(cmd.channel.as_ref()) {
        return Some(
            "This is a thread already, and a thread cannot have threads of its own. Use `/new` without `thread` to play in this thread, or use `/new … thread:true` in a channel.".into(),
        );
    }
    if cmd.guild_id.is_none() {
        return Some(
            "Threads exist only in a server's channels: use `/new … thread:true` in a server channel.".into(),
        );
    }
    let missing = permissions::missing(cmd.app_permissions?, Place::NewThread);
    (!missing.is_empty())
        .then(|| permissions::refusal(&missing, Place::NewThread, "open a table in a new thread"))
}

impl Handler {
    /// `/new … thread:true`: checks the bot's permissions for a game in a new thread,
    /// opens a public thread named after the game, opens the table there (the thread is
    /// the game's channel), and posts one line linking to it in the channel. Refused in a
    /// thread (Discord has no threads in threads) and where a permission is missing, with
    /// nothing changed. One call into the table whatever happens.
    pub(super) async fn open_in_thread(
        &self,
        ctx: &serenity::all::Context,
        cmd: &CommandInteraction,
        caller: &Caller,
        command: Command,
    ) -> Post {
        if let Some(refusal) = no_thread_here(cmd) {
            self.ask(caller, Request::default()).await;
            return text_post(refusal);
        }
        let Command::Create { game, .. } = &command else {
            return answered(self.ask(caller, Request::command(command)).await.reply).0;
        };
        let title = registry::find(game).map_or(game.as_str(), |info| info.title);
        let title = title.to_string();
        // Discord's limit for a thread's name is 100 characters.
        let name: String = format!("{title} — {}'s table", caller.name)
            .chars()
            .take(100)
            .collect();
        // A week of silence before Discord archives it: games by message are slow.
        let thread = CreateThread::new(name)
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let thread = match cmd.channel_id.create_thread(&ctx.http, thread).await {
            Ok(thread) => thread.id,
            Err(e) => {
                tracing::warn!(error = %e, "could not open a thread");
                self.ask(caller, Request::default()).await;
                return text_post(format!(
                    "I could not open a thread here ({e}); nothing was changed. `/new` without `thread` opens the table in this channel."
                ));
            }
        };
        let there = Caller {
            channel: thread.get(),
            ..caller.clone()
        };
        match self.ask(&there, Request::command(command)).await.reply {
            Ok(reply) => {
                let line = format!(
                    "{} opened a {title} table in <#{thread}> — join it there.",
                    caller.name
                );
                let post = CreateMessage::new()
                    .content(line)
                    .allowed_mentions(CreateAllowedMentions::new());
                if let Err(e) = cmd.channel_id.send_message(&ctx.http, post).await {
                    tracing::warn!(error = %e, "could not link the game's thread in its channel");
                }
                let ack = acknowledgement(&reply);
                text_post(format!("The game is in <#{thread}>.\n{}", ack.text))
            }
            Err(TableError::Refused(m)) => text_post(format!(
                "{}\nThe thread <#{thread}> stays empty: use `/new` in it to open the table there, or delete it.",
                crate::english(&m)
            )),
            Err(TableError::Internal(_)) => text_post(APOLOGY),
        }
    }
}
