//! Receiving interactions. Every command and component is deferred (ephemerally) before any
//! slow work, so Discord's 3-second limit is never at risk; then the table service does the
//! work and `deliver` sends what it answered.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use futures::FutureExt;

use serenity::all::{
    AutoArchiveDuration, ChannelType, CreateAllowedMentions, CreateInteractionResponseFollowup,
    CreateMessage, CreateThread, PartialChannel, Permissions,
};
use serenity::all::{
    ButtonStyle, ChannelId, Command as SlashCommand, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateActionRow, CreateAutocompleteResponse,
    CreateButton, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditInteractionResponse, EventHandler, GuildId, Interaction, InteractionId, Member,
    MessageFlags, Ready, User,
};
use turnpost_core::registry;

use super::InFlight;
use super::commands::{self, Invocation};
use super::deliver::{ephemeral_clear, ephemeral_edit};
use super::ids::{ComponentId, Verb};
use super::panel::{self, View};
use super::permissions::{self, Place};
use turnpost_core::menu::Layout;

use crate::table::{Caller, Command, Confirm, Post, Reply, Table, TableError, Turn, echo};

const APOLOGY: &str =
    "Sorry — something went wrong on our side. It has been logged; please try again in a moment.";

/// The serenity event handler.
pub(crate) struct Handler {
    table: Arc<Table>,
    dev_guild: Option<u64>,
    in_flight: Arc<InFlight>,
}

impl Handler {
    pub(crate) fn new(
        table: Arc<Table>,
        dev_guild: Option<u64>,
        in_flight: Arc<InFlight>,
    ) -> Handler {
        Handler {
            table,
            dev_guild,
            in_flight,
        }
    }
}

fn caller_of(
    user: &User,
    member: Option<&Member>,
    guild: Option<GuildId>,
    channel: ChannelId,
    id: InteractionId,
    token: &str,
) -> Caller {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    Caller {
        user: user.id.get(),
        name,
        guild: guild.map(GuildId::get),
        channel: channel.get(),
        moderator: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_messages()),
        interaction: Some(id.get().to_string()),
        followup: Some(token.to_string()),
    }
}

/// The value picked in a select menu.
fn picked(comp: &ComponentInteraction) -> Option<String> {
    match &comp.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
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

fn text_post(text: impl Into<String>) -> Post {
    Post {
        text: text.into(),
        ..Post::default()
    }
}

/// What the caller sees in place of the deferred answer when the reply has nothing private.
fn acknowledgement(reply: &Reply) -> Post {
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

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        let definitions = commands::definitions();
        let result = match self.dev_guild {
            Some(g) => GuildId::new(g)
                .set_commands(&ctx.http, definitions)
                .await
                .map(|_| ()),
            None => SlashCommand::set_global_commands(&ctx.http, definitions)
                .await
                .map(|_| ()),
        };
        if let Err(e) = result {
            tracing::error!(error = %e, "registering slash commands failed");
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let Some(_guard) = self.in_flight.enter() else {
            let busy = CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
                    .content("Turnpost is restarting; please try again in a minute.")
                    .ephemeral(true),
            );
            // Autocomplete cannot show a message: an empty list says there is nothing to
            // offer now (instead of Discord's "loading options failed").
            let empty = CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new());
            let _ = match &interaction {
                Interaction::Command(c) => c.create_response(&ctx.http, busy).await,
                Interaction::Component(c) => c.create_response(&ctx.http, busy).await,
                Interaction::Autocomplete(c) => c.create_response(&ctx.http, empty).await,
                _ => Ok(()),
            };
            return;
        };
        // A panic in one interaction's work (a bug) must not leave its caller without an
        // answer; serenity runs every event in its own task, so the others go on anyway.
        let work = async {
            match &interaction {
                Interaction::Command(c) => self.command(&ctx, c).await,
                Interaction::Component(c) => self.component(&ctx, c).await,
                Interaction::Autocomplete(c) => self.autocomplete(&ctx, c).await,
                _ => {}
            }
        };
        if let Err(panic) = AssertUnwindSafe(work).catch_unwind().await {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            tracing::error!(panic = %echo(&what), "an interaction's handler panicked");
            // What the failed command held in memory is not to be trusted: the channel's
            // game is loaded from the store again on next use.
            let channel = match &interaction {
                Interaction::Command(c) | Interaction::Autocomplete(c) => Some(c.channel_id),
                Interaction::Component(c) => Some(c.channel_id),
                _ => None,
            };
            if let Some(channel) = channel {
                self.table.forget_channel(channel.get());
            }
            apologize(&ctx, &interaction).await;
        }
    }
}

/// Answers an interaction whose handling failed with the apology: as an edit of the
/// deferred answer if it was deferred, else as its first answer.
async fn apologize(ctx: &Context, interaction: &Interaction) {
    let answered = match interaction {
        Interaction::Command(c) => c
            .edit_response(&ctx.http, EditInteractionResponse::new().content(APOLOGY))
            .await
            .map(|_| ()),
        Interaction::Component(c) => c
            .edit_response(
                &ctx.http,
                EditInteractionResponse::new()
                    .content(APOLOGY)
                    .components(Vec::new()),
            )
            .await
            .map(|_| ()),
        _ => return,
    };
    if answered.is_ok() {
        return;
    }
    let first = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(APOLOGY)
            .ephemeral(true),
    );
    let result = match interaction {
        Interaction::Command(c) => c.create_response(&ctx.http, first).await,
        Interaction::Component(c) => c.create_response(&ctx.http, first).await,
        _ => Ok(()),
    };
    if let Err(e) = result {
        tracing::warn!(error = %e, "could not apologize for a failed interaction");
    }
}

impl Handler {
    /// A user who uses a command may get DMs again.
    async fn reopen_dms(&self, user: u64) {
        if let Err(e) = self.table.reopen_dms(user).await {
            tracing::warn!(error = %e, "cannot reset the DM setting");
        }
    }

    /// Runs a table command and turns the outcome into the answer for the caller (what the
    /// channel and DMs get, the table has queued for the outbox worker).
    async fn run_table(&self, caller: &Caller, command: Command) -> Post {
        self.run_table_rows(caller, command).await.0
    }

    /// [`Handler::run_table`] with the answer's buttons: a question before an action that
    /// leaves something unused ([`Reply::confirm`]) offers **End turn anyway** and **Back**.
    async fn run_table_rows(
        &self,
        caller: &Caller,
        command: Command,
    ) -> (Post, Vec<CreateActionRow>) {
        match self.table.handle(caller, command).await {
            Ok(reply) => {
                let rows = reply
                    .confirm
                    .as_ref()
                    .map(confirm_row)
                    .into_iter()
                    .collect();
                (acknowledgement(&reply), rows)
            }
            Err(TableError::Refused(m)) => (text_post(m), Vec::new()),
            Err(TableError::Internal(_)) => (text_post(APOLOGY), Vec::new()),
        }
    }

    async fn command(&self, ctx: &Context, cmd: &CommandInteraction) {
        if let Err(e) = cmd.defer_ephemeral(&ctx.http).await {
            tracing::warn!(error = %e, "could not defer a command");
            return;
        }
        let caller = caller_of(
            &cmd.user,
            cmd.member.as_deref(),
            cmd.guild_id,
            cmd.channel_id,
            cmd.id,
            &cmd.token,
        );
        self.reopen_dms(caller.user).await;
        let (answer, components) = match commands::invocation(&cmd.data.name, &cmd.data.options) {
            Err(message) => (text_post(message), Vec::new()),
            // The panel is this command's private answer; its controls then update it in
            // place like the panel Take my turn opens.
            Ok(Invocation::Panel) => self.panel(&caller, 0, View::Top(0), false).await,
            Ok(Invocation::AbandonPrompt) => {
                // The confirmation names this game, so it can never end a later one.
                let game = match self.table.open_game_id(caller.channel).await {
                    Ok(game) => game.unwrap_or(0),
                    Err(e) => {
                        tracing::error!(error = %e, "store failed");
                        0
                    }
                };
                let confirm = ComponentId {
                    game,
                    version: 0,
                    verb: Verb::Abandon,
                }
                .encode()
                .map(|id| {
                    CreateButton::new(id)
                        .label("Abandon the game")
                        .style(ButtonStyle::Danger)
                });
                let post =
                    text_post("Abandon this channel's game for everyone? It cannot be resumed.");
                (
                    post,
                    vec![CreateActionRow::Buttons(confirm.into_iter().collect())],
                )
            }
            Ok(Invocation::NewThread(command)) => (
                self.open_in_thread(ctx, cmd, &caller, command).await,
                Vec::new(),
            ),
            Ok(Invocation::Table(command)) => match lacking_for(&command, cmd) {
                Some(refusal) => (text_post(refusal), Vec::new()),
                None => self.run_table_rows(&caller, command).await,
            },
        };
        let mut edit = ephemeral_edit(&answer);
        if !components.is_empty() {
            edit = edit.components(components);
        }
        if let Err(e) = cmd.edit_response(&ctx.http, edit).await {
            tracing::warn!(error = %e, "could not answer a command");
        }
        let opening = matches!(
            commands::invocation(&cmd.data.name, &cmd.data.options),
            Ok(Invocation::NewThread(_)
                | Invocation::Table(Command::Create { .. } | Command::Start))
        );
        if !opening
            && let Some(note) = self
                .lacking_note(
                    &caller,
                    cmd.guild_id,
                    cmd.app_permissions,
                    cmd.channel.as_ref(),
                )
                .await
        {
            let warn = CreateInteractionResponseFollowup::new()
                .content(note)
                .ephemeral(true);
            if let Err(e) = cmd.create_followup(&ctx.http, warn).await {
                tracing::warn!(error = %e, "could not warn about missing permissions");
            }
        }
    }

    async fn component(&self, ctx: &Context, comp: &ComponentInteraction) {
        // A choice made on the private panel updates that panel in place (deferred update,
        // then an edit of the panel message) with the player's next decision; any other
        // button answers in a new private message.
        let id = ComponentId::decode(&comp.data.custom_id);
        let on_panel = comp
            .message
            .flags
            .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL))
            && id.as_ref().is_some_and(|id| {
                matches!(
                    id.verb,
                    Verb::Act(_)
                        | Verb::Anyway(_)
                        | Verb::Pick
                        | Verb::Undo
                        | Verb::Page(_)
                        | Verb::Open(_)
                        | Verb::Toggle(_)
                )
            });
        let deferred = if on_panel {
            comp.defer(&ctx.http).await
        } else {
            comp.defer_ephemeral(&ctx.http).await
        };
        if let Err(e) = deferred {
            tracing::warn!(error = %e, "could not defer a component");
            return;
        }
        let caller = caller_of(
            &comp.user,
            comp.member.as_ref(),
            comp.guild_id,
            comp.channel_id,
            comp.id,
            &comp.token,
        );
        self.reopen_dms(caller.user).await;
        let starting = id
            .as_ref()
            .is_some_and(|id| matches!(id.verb, Verb::Start | Verb::Rematch));
        let edit = match id.filter(|_| on_panel) {
            Some(id) => {
                // Turning a page, opening a group or toggling a die changes nothing in the
                // game: the panel's text and controls change, its pictures stay.
                let view = match id.verb {
                    Verb::Page(n) => Some(View::Top(n)),
                    Verb::Toggle(mask) => Some(View::Toggles(mask)),
                    Verb::Open(_) => Some(View::Group(picked(comp).unwrap_or_default())),
                    _ => None,
                };
                match view {
                    Some(view) => {
                        let (next, rows) = self.panel(&caller, id.version, view, true).await;
                        ephemeral_edit(&next).components(rows)
                    }
                    None => {
                        let (done, question) = self.component_answer(&caller, comp).await;
                        // A question before the action (something left unused) takes the
                        // panel's place until it is answered.
                        let (next, rows) = if question.is_empty() {
                            self.next_panel(&caller, &done).await
                        } else {
                            (done, question)
                        };
                        // The panel's pictures are replaced (or removed), its buttons always.
                        if next.images.is_empty() {
                            ephemeral_clear(&next).components(rows)
                        } else {
                            ephemeral_edit(&next).components(rows)
                        }
                    }
                }
            }
            None => {
                let (answer, components) = self.component_answer(&caller, comp).await;
                let mut edit: EditInteractionResponse = ephemeral_edit(&answer);
                if !components.is_empty() {
                    edit = edit.components(components);
                }
                edit
            }
        };
        if let Err(e) = comp.edit_response(&ctx.http, edit).await {
            tracing::warn!(error = %e, "could not answer a component");
        }
        if !starting
            && let Some(note) = self
                .lacking_note(
                    &caller,
                    comp.guild_id,
                    comp.app_permissions,
                    comp.channel.as_ref(),
                )
                .await
        {
            let warn = CreateInteractionResponseFollowup::new()
                .content(note)
                .ephemeral(true);
            if let Err(e) = comp.create_followup(&ctx.http, warn).await {
                tracing::warn!(error = %e, "could not warn about missing permissions");
            }
        }
    }

    /// The panel after a choice made on it: what the choice did, then the player's next
    /// decision with its choices; once the turn has passed, only that (no stale buttons).
    async fn next_panel(&self, caller: &Caller, done: &Post) -> (Post, Vec<CreateActionRow>) {
        let next = match self.table.current_turn(caller).await {
            Ok(Some((turn, _))) if turn.user == caller.user => {
                let (mut panel, rows) = self.panel_for(caller, &turn, View::Top(0), false).await;
                panel.text = format!("{}\n\n{}", done.text, panel.text);
                return (panel, rows);
            }
            Ok(Some((_, line))) => format!("Your turn is over — {line}."),
            // The channel has no running game any more: this choice ended it.
            Ok(None) | Err(TableError::Refused(_)) => "The game is over.".to_string(),
            Err(TableError::Internal(_)) => APOLOGY.to_string(),
        };
        (text_post(format!("{}\n\n{next}", done.text)), Vec::new())
    }

    async fn component_answer(
        &self,
        caller: &Caller,
        comp: &ComponentInteraction,
    ) -> (Post, Vec<CreateActionRow>) {
        let Some(id) = ComponentId::decode(&comp.data.custom_id) else {
            return (
                text_post("This button is not one of Turnpost's."),
                Vec::new(),
            );
        };
        // Rematch sits under a game that has ended: the table checks it against the channel.
        if id.game != 0 && id.verb != Verb::Rematch {
            match self.table.open_game_id(caller.channel).await {
                Ok(Some(game)) if game == id.game => {}
                Ok(_) => {
                    return (
                        text_post("This game has ended; its buttons no longer work."),
                        Vec::new(),
                    );
                }
                Err(e) => {
                    tracing::error!(error = %e, "store failed");
                    return (text_post(APOLOGY), Vec::new());
                }
            }
        }
        let table = |command| async move { self.run_table_rows(caller, command).await };
        // Starting a game and opening a rematch's lobby need what `/new` needs.
        let opening = match id.verb {
            Verb::Start => Some("start the game"),
            Verb::Rematch => Some("open the rematch"),
            _ => None,
        };
        if let Some(doing) = opening
            && let Some(refusal) = lacking(
                comp.guild_id,
                comp.app_permissions,
                comp.channel.as_ref(),
                doing,
            )
        {
            return (text_post(refusal), Vec::new());
        }
        match id.verb {
            Verb::Turn => self.panel(caller, id.version, View::Top(0), false).await,
            Verb::Page(n) => self.panel(caller, id.version, View::Top(n), false).await,
            Verb::Toggle(mask) => {
                self.panel(caller, id.version, View::Toggles(mask), false)
                    .await
            }
            Verb::Open(_) => {
                let key = picked(comp).unwrap_or_default();
                self.panel(caller, id.version, View::Group(key), false)
                    .await
            }
            Verb::Hand => table(Command::Hand).await,
            Verb::Log => table(Command::Log { page: 1 }).await,
            Verb::Undo => {
                table(Command::Undo {
                    version: Some(id.version),
                })
                .await
            }
            Verb::Act(notation) => {
                table(Command::Act {
                    notation,
                    version: Some(id.version),
                })
                .await
            }
            Verb::Anyway(notation) => {
                table(Command::ActAnyway {
                    notation,
                    version: Some(id.version),
                })
                .await
            }
            Verb::Pick => match picked(comp) {
                Some(notation) => {
                    table(Command::Act {
                        notation,
                        version: Some(id.version),
                    })
                    .await
                }
                None => (text_post("Pick one of the actions."), Vec::new()),
            },
            Verb::Join | Verb::Leave | Verb::Start => {
                let command = match id.verb {
                    Verb::Join => Command::Join,
                    Verb::Leave => Command::Leave,
                    _ => Command::Start,
                };
                (self.run_table(caller, command).await, Vec::new())
            }
            Verb::Abandon => table(Command::Abandon { confirm: true }).await,
            Verb::Vote(replace) => table(Command::Vote { replace }).await,
            Verb::TakeSeat => table(Command::TakeSeat).await,
            Verb::AiSeat => table(Command::AiSeat).await,
            Verb::AddAi(level) => (
                self.run_table(caller, Command::AddAi { level }).await,
                Vec::new(),
            ),
            Verb::RemoveAi => (self.run_table(caller, Command::RemoveAi).await, Vec::new()),
            Verb::Explain => table(Command::Explain).await,
            Verb::Rematch => table(Command::Rematch { game: id.game }).await,
        }
    }

    /// The acting player's private panel showing `view` of their decision. A panel made
    /// for another version of the game shows the decision of now from the top, and says so.
    /// Without `pictures` (a view change on an open panel) the hand pictures are left out.
    async fn panel(
        &self,
        caller: &Caller,
        version: i64,
        view: View,
        keep_pictures: bool,
    ) -> (Post, Vec<CreateActionRow>) {
        let (turn, line) = match self.table.current_turn(caller).await {
            Ok(Some(t)) => t,
            Ok(None) => {
                return (
                    text_post("Nobody is to act: the game is not running."),
                    Vec::new(),
                );
            }
            Err(TableError::Refused(m)) => return (text_post(m), Vec::new()),
            Err(TableError::Internal(_)) => return (text_post(APOLOGY), Vec::new()),
        };
        if turn.user != caller.user {
            return (
                text_post(format!(
                    "It is not your turn — {line}. You can look at the board or your hand meanwhile."
                )),
                Vec::new(),
            );
        }
        // Take my turn on an older turn message still opens the decision of now; a panel's
        // own controls from an older decision show the decision of now instead.
        let stale = version != turn.version && view != View::Top(0);
        let view = if stale { View::Top(0) } else { view };
        let (mut post, rows) = self
            .panel_for(caller, &turn, view, keep_pictures && !stale)
            .await;
        if stale {
            post.text = format!(
                "The game has moved on since that panel was shown; here is your decision now.\n\n{}",
                post.text
            );
        }
        (post, rows)
    }

    /// The panel of the player to act (`turn`) showing `view`; the hand's text and
    /// pictures unless `keep_pictures` (the panel already shows them).
    async fn panel_for(
        &self,
        caller: &Caller,
        turn: &Turn,
        view: View,
        keep_pictures: bool,
    ) -> (Post, Vec<CreateActionRow>) {
        let menu = match self.table.menu(caller).await {
            Ok(Some(menu)) => menu,
            Ok(None) => return (text_post("You have nothing to decide now."), Vec::new()),
            Err(_) => return (text_post(APOLOGY), Vec::new()),
        };
        let toggled = match (&menu.layout, &view) {
            (Layout::Toggles { .. }, View::Toggles(mask)) => {
                let selected: Vec<usize> = (0..16).filter(|i| mask & (1 << i) != 0).collect();
                self.table.toggled(caller, &selected).await.ok().flatten()
            }
            (Layout::Toggles { .. }, _) => self.table.toggled(caller, &[]).await.ok().flatten(),
            _ => None,
        };
        let mut controls =
            panel::controls(turn.game_id, turn.version, &menu, &view, toggled.as_ref());
        panel::with_explain(&mut controls.rows, turn.game_id, turn.version, &menu);
        if turn.can_undo {
            with_undo(&mut controls.rows, turn);
        }
        // A game without secrets has no private pictures to show beside the choices.
        let mut post = if keep_pictures || !self.table.hides_hands(caller).await {
            Post::default()
        } else {
            match self.table.handle(caller, Command::Hand).await {
                Ok(Reply {
                    ephemeral: Some(p), ..
                }) => p,
                _ => Post::default(),
            }
        };
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

    async fn autocomplete(&self, ctx: &Context, ac: &CommandInteraction) {
        let typed = ac
            .data
            .autocomplete()
            .map(|o| o.value.to_string())
            .unwrap_or_default();
        if let Some(response) = reference_autocomplete(&self.table, ac, &typed) {
            if let Err(e) = ac
                .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(response))
                .await
            {
                tracing::warn!(error = %e, "autocomplete failed");
            }
            return;
        }
        let caller = caller_of(
            &ac.user,
            ac.member.as_deref(),
            ac.guild_id,
            ac.channel_id,
            ac.id,
            &ac.token,
        );
        let choices = self
            .table
            .autocomplete(&caller, &typed, 25)
            .await
            .unwrap_or_default();
        // Discord shows the words; the value sent back is the notation.
        let mut response = CreateAutocompleteResponse::new();
        for c in choices {
            let name = commands::with_detail(&c.label, c.detail.as_deref());
            response = response.add_string_choice(name, c.notation);
        }
        if let Err(e) = ac
            .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(response))
            .await
        {
            tracing::warn!(error = %e, "autocomplete failed");
        }
    }
}

/// Whether an interaction's channel is a thread.
fn is_thread(channel: Option<&PartialChannel>) -> bool {
    channel.is_some_and(|c| {
        matches!(
            c.kind,
            ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
        )
    })
}

/// The refusal of `doing` (opening or starting a game) in a server channel where the bot's
/// permissions (`app_permissions`, which Discord sends with every interaction) lack what
/// the game needs there; `None` when nothing is missing, outside a server, or when Discord
/// sent no permissions.
fn lacking(
    guild: Option<GuildId>,
    have: Option<Permissions>,
    channel: Option<&PartialChannel>,
    doing: &str,
) -> Option<String> {
    guild?;
    let place = if is_thread(channel) {
        Place::Thread
    } else {
        Place::Channel
    };
    let missing = permissions::missing(have?, place);
    (!missing.is_empty()).then(|| permissions::refusal(&missing, place, doing))
}

/// [`lacking`] for the table commands that open or start a game (`/new`, `/start`).
fn lacking_for(command: &Command, cmd: &CommandInteraction) -> Option<String> {
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

impl Handler {
    /// A warning for an interaction from a channel whose game the bot cannot serve fully
    /// (a permission was taken away after the game opened, e.g. Embed Links: Discord then
    /// posts the turn messages without their pictures and reports no error), so the loss
    /// is said instead of silent. `None` when nothing is missing or no game is open there.
    async fn lacking_note(
        &self,
        caller: &Caller,
        guild: Option<GuildId>,
        have: Option<Permissions>,
        channel: Option<&PartialChannel>,
    ) -> Option<String> {
        guild?;
        let place = if is_thread(channel) {
            Place::Thread
        } else {
            Place::Channel
        };
        let missing = permissions::missing(have?, place);
        if missing.is_empty() {
            return None;
        }
        match self.table.open_game_id(caller.channel).await {
            Ok(Some(_)) => Some(permissions::warning(&missing, place)),
            Ok(None) => None,
            Err(e) => {
                tracing::error!(error = %e, "store failed");
                None
            }
        }
    }

    /// `/new … thread:true`: checks the bot's permissions for a game in a new thread,
    /// opens a public thread named after the game, opens the table there (the thread is
    /// the game's channel), and posts one line linking to it in the channel. Refused in a
    /// thread (Discord has no threads in threads) and where a permission is missing, with
    /// nothing changed.
    async fn open_in_thread(
        &self,
        ctx: &Context,
        cmd: &CommandInteraction,
        caller: &Caller,
        command: Command,
    ) -> Post {
        if is_thread(cmd.channel.as_ref()) {
            return text_post(
                "This is a thread already, and a thread cannot have threads of its own. Use `/new` without `thread` to play in this thread, or use `/new … thread:true` in a channel.",
            );
        }
        if cmd.guild_id.is_none() {
            return text_post(
                "Threads exist only in a server's channels: use `/new … thread:true` in a server channel.",
            );
        }
        if let Some(have) = cmd.app_permissions {
            let missing = permissions::missing(have, Place::NewThread);
            if !missing.is_empty() {
                return text_post(permissions::refusal(
                    &missing,
                    Place::NewThread,
                    "open a table in a new thread",
                ));
            }
        }
        let Command::Create { game, .. } = &command else {
            return self.run_table(caller, command).await;
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
                return text_post(format!(
                    "I could not open a thread here ({e}); nothing was changed. `/new` without `thread` opens the table in this channel."
                ));
            }
        };
        let there = Caller {
            channel: thread.get(),
            ..caller.clone()
        };
        match self.table.handle(&there, command).await {
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
                "{m}\nThe thread <#{thread}> stays empty: use `/new` in it to open the table there, or delete it."
            )),
            Err(TableError::Internal(_)) => text_post(APOLOGY),
        }
    }
}

/// Autocomplete for `/rules topic:`, `/card`, `/realm` and `/development` from every
/// registered game's reference; `None` for other commands (`/play`).
fn reference_autocomplete(
    table: &Table,
    ac: &CommandInteraction,
    typed: &str,
) -> Option<CreateAutocompleteResponse> {
    let name = ac.data.name.as_str();
    let suggestions = if name == "rules" {
        let game = ac
            .data
            .options
            .iter()
            .find(|o| o.name == "game")
            .and_then(|o| match &o.value {
                serenity::all::CommandDataOptionValue::String(s) => Some(s.as_str()),
                _ => None,
            });
        table.topic_suggestions(game, typed, 25)
    } else {
        table.reference_suggestions(commands::reference_lookup(name)?, typed, 25)
    };
    Some(
        suggestions
            .into_iter()
            .fold(CreateAutocompleteResponse::new(), |response, s| {
                response.add_string_choice(s.name, s.value)
            }),
    )
}
