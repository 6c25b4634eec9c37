//! Receiving interactions. Every command and component is deferred (ephemerally) before any
//! slow work, so Discord's 3-second limit is never at risk; then one call into the table
//! service ([`Table::interact`], issue 29) does the work and answers with everything to
//! show, the caller's panel included (drawn by `panel/answer.rs`); what the channel and DMs
//! get, the table has queued for the outbox worker.
//!
//! `handler/opening.rs` opens a table in a new thread and checks the bot's permissions
//! where a game is opened or played.

mod opening;

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use futures::FutureExt;

use serenity::all::{
    ButtonStyle, ChannelId, Command as SlashCommand, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateActionRow, CreateAutocompleteResponse,
    CreateButton, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse, EventHandler, GuildId, Interaction,
    InteractionId, Member, MessageFlags, Ready, User,
};

use turnpost_core::t;
use turnpost_core::words::Lang;

use super::InFlight;
use super::commands::{self, Invocation};
use super::deliver::{ephemeral_clear, ephemeral_edit};
use super::ids::{ComponentId, Verb};
use super::panel::{Shown, View, after, answered, apology, shown};
use super::permissions::{self, Doing};
use opening::{lacking, lacking_for, missing_here};

use crate::delivery::reader_lang;
use crate::ids::GameId;
use crate::table::{Answer, Caller, Command, PanelAsk, PanelState, Request, Table, echo};

/// The serenity event handler.
pub(crate) struct Handler {
    table: Arc<Table>,
    dev_guild: Option<u64>,
    in_flight: Arc<InFlight>,
    health: Arc<crate::metrics::Health>,
}

impl Handler {
    pub(crate) fn new(
        table: Arc<Table>,
        dev_guild: Option<u64>,
        in_flight: Arc<InFlight>,
        health: Arc<crate::metrics::Health>,
    ) -> Handler {
        Handler {
            table,
            dev_guild,
            in_flight,
            health,
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

/// A request that carries the interaction's locales: the caller's client's (the answer's
/// language unless they chose one) and the server's preferred one (the channel's, unless its
/// moderators chose one), issue 30.
fn asking(locale: &str, guild_locale: Option<&String>) -> Request {
    Request {
        locale: Some(locale.to_string()),
        guild_locale: guild_locale.cloned(),
        ..Request::default()
    }
}

/// The language of an interaction's answer when the table cannot be asked (shutting down,
/// or after a panic): the caller's Discord client's.
fn locale_lang(interaction: &Interaction) -> Lang {
    let locale = match interaction {
        Interaction::Command(c) | Interaction::Autocomplete(c) => Some(c.locale.as_str()),
        Interaction::Component(c) => Some(c.locale.as_str()),
        _ => None,
    };
    reader_lang(None, locale)
}

/// The value picked in a select menu (the first, where several may be picked).
fn picked(comp: &ComponentInteraction) -> Option<String> {
    picked_all(comp).into_iter().next()
}

/// Every value picked in a select menu.
fn picked_all(comp: &ComponentInteraction) -> Vec<String> {
    match &comp.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    }
}

/// What part of the panel a control shows, for the controls that change only that (Take my
/// turn opens it from the top).
fn view_of(id: &ComponentId, comp: &ComponentInteraction) -> Option<View> {
    match id.verb {
        Verb::Turn => Some(View::Top(0)),
        Verb::Page(n) => Some(View::Top(n)),
        // A die's toggle button of an older panel: the dice are one select now.
        Verb::Toggle(_) => Some(View::Top(0)),
        Verb::Open(_) => Some(View::Group(picked(comp).unwrap_or_default())),
        _ => None,
    }
}

/// The table command a control stands for; `None` for a select with nothing picked and for
/// the controls that change only what the panel shows ([`view_of`]).
fn command_of(id: &ComponentId, comp: &ComponentInteraction) -> Option<Command> {
    let version = Some(id.version);
    Some(match &id.verb {
        Verb::Hand => Command::Hand,
        Verb::Log => Command::Log { page: 1 },
        Verb::Undo => Command::Undo { version },
        Verb::Act(notation) => Command::Act {
            notation: notation.clone(),
            version,
        },
        Verb::Anyway(notation) => Command::ActAnyway {
            notation: notation.clone(),
            version,
        },
        Verb::Pick => Command::Act {
            notation: picked(comp)?,
            version,
        },
        // A value that is not an item's number is refused in words by the table's bounds.
        Verb::Toggled => Command::ActToggled {
            selected: picked_all(comp)
                .iter()
                .map(|v| v.parse().unwrap_or(usize::MAX))
                .collect(),
            version,
        },
        Verb::Join => Command::Join,
        Verb::Leave => Command::Leave,
        Verb::Start => Command::Start,
        Verb::AddAi(level) => Command::AddAi { level: *level },
        Verb::RemoveAi => Command::RemoveAi,
        Verb::Abandon => Command::Abandon { confirm: true },
        Verb::Vote(replace) => Command::Vote { replace: *replace },
        Verb::TakeSeat => Command::TakeSeat,
        Verb::AiSeat => Command::AiSeat,
        Verb::Explain => Command::Explain,
        Verb::Rematch => Command::Rematch { game: id.game },
        Verb::Turn | Verb::Page(_) | Verb::Open(_) | Verb::Toggle(_) => return None,
    })
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn shard_stage_update(
        &self,
        _ctx: Context,
        event: serenity::gateway::ShardStageUpdateEvent,
    ) {
        use serenity::gateway::ConnectionStage;
        match (event.old, event.new) {
            (old, ConnectionStage::Connected) if old != ConnectionStage::Connected => {
                self.health.shard_up();
            }
            (ConnectionStage::Connected, new) if new != ConnectionStage::Connected => {
                self.health.shard_down();
            }
            _ => {}
        }
    }

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
            let restarting = locale_lang(&interaction).render(&t!("bot-restarting"));
            let busy = CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
                    .content(restarting)
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
    let sorry = locale_lang(interaction).render(&apology());
    let answered = match interaction {
        Interaction::Command(c) => c
            .edit_response(
                &ctx.http,
                EditInteractionResponse::new().content(sorry.clone()),
            )
            .await
            .map(|_| ()),
        Interaction::Component(c) => c
            .edit_response(
                &ctx.http,
                EditInteractionResponse::new()
                    .content(sorry.clone())
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
            .content(sorry)
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
    /// The one call into the table for whatever a person did (issue 29).
    async fn ask(&self, caller: &Caller, request: Request) -> Answer {
        self.table.interact(caller, request).await
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
        let invocation = commands::invocation(&cmd.data.name, &cmd.data.options);
        let opening = matches!(
            invocation,
            Ok(Invocation::NewThread(_)
                | Invocation::Table(Command::Create { .. } | Command::Start))
        );
        // Where the bot lacks a permission, the answer says whether a game is open here, so
        // that the loss is said (not for opening one: that is refused instead).
        let missing = missing_here(cmd.guild_id, cmd.app_permissions, cmd.channel.as_ref())
            .filter(|_| !opening);
        let only = Request {
            open_game: missing.is_some(),
            ..asking(&cmd.locale, cmd.guild_locale.as_ref())
        };
        let (answer, components, open_game, lang) = match invocation {
            Err(message) => {
                let answer = self.ask(&caller, only).await;
                let lang = answer.lang;
                (
                    Shown::words(&message, lang),
                    Vec::new(),
                    answer.open_game,
                    lang,
                )
            }
            // The panel is this command's private answer; its controls then update it in
            // place like the panel Take my turn opens.
            Ok(Invocation::Panel) => {
                let panel = PanelAsk::Show {
                    view: View::Top(0),
                    version: 0,
                    pictures: true,
                };
                let request = Request {
                    panel: Some(panel),
                    ..only
                };
                let answer = self.ask(&caller, request).await;
                let lang = answer.lang;
                let (post, rows) = shown(answer.panel.unwrap_or(PanelState::Failed), lang);
                (post, rows, answer.open_game, lang)
            }
            Ok(Invocation::AbandonPrompt) => {
                let request = Request {
                    open_game: true,
                    ..only
                };
                let answer = self.ask(&caller, request).await;
                let (open, lang) = (answer.open_game, answer.lang);
                // The confirmation names this game, so it can never end a later one.
                let confirm = ComponentId {
                    game: open.unwrap_or(0),
                    version: 0,
                    verb: Verb::Abandon,
                }
                .encode()
                .map(|id| {
                    CreateButton::new(id)
                        .label(lang.render(&t!("bot-button-abandon")))
                        .style(ButtonStyle::Danger)
                });
                let post = Shown::words(&t!("bot-abandon-question"), lang);
                let rows = vec![CreateActionRow::Buttons(confirm.into_iter().collect())];
                (post, rows, open, lang)
            }
            Ok(Invocation::NewThread(command)) => {
                let (post, lang) = self.open_in_thread(ctx, cmd, &caller, command).await;
                (post, Vec::new(), None, lang)
            }
            Ok(Invocation::Table(command)) => {
                let refusal = lacking_for(&command, cmd);
                let request = Request {
                    command: refusal.is_none().then_some(command),
                    ..only
                };
                let answer = self.ask(&caller, request).await;
                let lang = answer.lang;
                let (post, rows) = match refusal {
                    Some(refusal) => (Shown::words(&refusal, lang), Vec::new()),
                    None => answered(answer.reply, lang),
                };
                (post, rows, answer.open_game, lang)
            }
        };
        let mut edit = ephemeral_edit(&answer, lang);
        if !components.is_empty() {
            edit = edit.components(components);
        }
        if let Err(e) = cmd.edit_response(&ctx.http, edit).await {
            tracing::warn!(error = %e, "could not answer a command");
        }
        if let Some((missing, place)) = missing.filter(|_| open_game.is_some()) {
            let warn = CreateInteractionResponseFollowup::new()
                .content(lang.render(&permissions::warning(&missing, place)))
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
                        | Verb::Toggled
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
        let starting = id
            .as_ref()
            .is_some_and(|id| matches!(id.verb, Verb::Start | Verb::Rematch));
        let missing = missing_here(comp.guild_id, comp.app_permissions, comp.channel.as_ref())
            .filter(|_| !starting);
        let wants_game = missing.is_some();
        let only = Request {
            open_game: wants_game,
            ..asking(&comp.locale, comp.guild_locale.as_ref())
        };
        let (edit, open_game, lang) = match id.filter(|_| on_panel) {
            Some(id) => self.on_panel(&caller, comp, &id, only).await,
            None => {
                let (answer, components, open_game, lang) =
                    self.component_answer(&caller, comp, only).await;
                let mut edit: EditInteractionResponse = ephemeral_edit(&answer, lang);
                if !components.is_empty() {
                    edit = edit.components(components);
                }
                (edit, open_game, lang)
            }
        };
        if let Err(e) = comp.edit_response(&ctx.http, edit).await {
            tracing::warn!(error = %e, "could not answer a component");
        }
        if let Some((missing, place)) = missing.filter(|_| open_game.is_some()) {
            let warn = CreateInteractionResponseFollowup::new()
                .content(lang.render(&permissions::warning(&missing, place)))
                .ephemeral(true);
            if let Err(e) = comp.create_followup(&ctx.http, warn).await {
                tracing::warn!(error = %e, "could not warn about missing permissions");
            }
        }
    }

    /// A choice made on the private panel: the panel anew, in place. Turning a page,
    /// opening a group or toggling a die changes nothing in the game: the panel's text and
    /// controls change, its pictures stay. An action shows what it did and the player's
    /// next decision (the table's answer carries it).
    async fn on_panel(
        &self,
        caller: &Caller,
        comp: &ComponentInteraction,
        id: &ComponentId,
        only: Request,
    ) -> (EditInteractionResponse, Option<GameId>, Lang) {
        if let Some(view) = view_of(id, comp) {
            let panel = PanelAsk::Show {
                view,
                version: id.version,
                pictures: false,
            };
            let request = Request {
                panel: Some(panel),
                ..only
            };
            let answer = self.ask(caller, request).await;
            let lang = answer.lang;
            let (next, rows) = shown(answer.panel.unwrap_or(PanelState::Failed), lang);
            return (
                ephemeral_edit(&next, lang).components(rows),
                answer.open_game,
                lang,
            );
        }
        let command = command_of(id, comp);
        let picked_nothing = command.is_none();
        let request = Request {
            command,
            game: (id.game != 0).then_some(id.game),
            panel: Some(PanelAsk::After),
            ..only
        };
        let answer = self.ask(caller, request).await;
        let lang = answer.lang;
        let (done, question) = match answer.reply {
            Ok(_) if picked_nothing => (Shown::words(&t!("bot-pick-an-action"), lang), Vec::new()),
            reply => answered(reply, lang),
        };
        // A question before the action (something left unused) takes the panel's place
        // until it is answered.
        let (next, rows) = if question.is_empty() {
            after(done, answer.panel.unwrap_or(PanelState::Failed), lang)
        } else {
            (done, question)
        };
        // The panel's pictures are replaced (or removed), its buttons always.
        let edit = if next.images.is_empty() {
            ephemeral_clear(&next, lang).components(rows)
        } else {
            ephemeral_edit(&next, lang).components(rows)
        };
        (edit, answer.open_game, lang)
    }

    /// The answer to a control anywhere but on the panel, in a new private message.
    async fn component_answer(
        &self,
        caller: &Caller,
        comp: &ComponentInteraction,
        only: Request,
    ) -> (Shown, Vec<CreateActionRow>, Option<GameId>, Lang) {
        let Some(id) = ComponentId::decode(&comp.data.custom_id) else {
            let answer = self.ask(caller, only).await;
            return (
                Shown::words(&t!("bot-not-our-button"), answer.lang),
                Vec::new(),
                answer.open_game,
                answer.lang,
            );
        };
        // Starting a game and opening a rematch's lobby need what `/new` needs.
        let opening = match id.verb {
            Verb::Start => Some(Doing::StartGame),
            Verb::Rematch => Some(Doing::OpenRematch),
            _ => None,
        };
        let refusal = opening.and_then(|doing| {
            lacking(
                comp.guild_id,
                comp.app_permissions,
                comp.channel.as_ref(),
                doing,
            )
        });
        let mut request = Request {
            // Rematch sits under a game that has ended: the table checks it against the
            // channel.
            game: (id.game != 0 && id.verb != Verb::Rematch).then_some(id.game),
            ..only
        };
        // What the adapter answers itself once the table let the control act.
        let mut own = refusal;
        if own.is_none() {
            match view_of(&id, comp) {
                Some(view) => {
                    request.panel = Some(PanelAsk::Show {
                        view,
                        version: id.version,
                        pictures: true,
                    });
                }
                None => {
                    request.command = command_of(&id, comp);
                    if request.command.is_none() {
                        own = Some(t!("bot-pick-an-action"));
                    }
                }
            }
        }
        let answer = self.ask(caller, request).await;
        let lang = answer.lang;
        let (post, rows) = match (answer.reply, own, answer.panel) {
            // The game has ended (or our failure).
            (Err(e), _, _) => answered(Err(e), lang),
            (Ok(_), Some(text), _) => (Shown::words(&text, lang), Vec::new()),
            (Ok(_), None, Some(panel)) => shown(panel, lang),
            (reply, None, None) => answered(reply, lang),
        };
        (post, rows, answer.open_game, lang)
    }

    async fn autocomplete(&self, ctx: &Context, ac: &CommandInteraction) {
        let typed = ac
            .data
            .autocomplete()
            .map(|o| o.value.to_string())
            .unwrap_or_default();
        // The reader's language: their `/settings language:` choice, else their client's.
        let lang = self
            .table
            .language_for(ac.user.id.get(), Some(ac.locale.as_str()))
            .await;
        if let Some(response) = reference_autocomplete(&self.table, lang, ac, &typed) {
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
            let name = commands::with_detail(lang, &c.label, c.detail.as_ref());
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

/// Autocomplete for `/rules topic:`, `/card`, `/realm` and `/development` from every
/// registered game's reference, in the reader's language `lang`; `None` for other commands
/// (`/play`).
fn reference_autocomplete(
    table: &Table,
    lang: Lang,
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
        table.topic_suggestions(lang, game, typed, 25)
    } else {
        table.reference_suggestions(lang, commands::reference_lookup(name)?, typed, 25)
    };
    Some(
        suggestions
            .into_iter()
            .fold(CreateAutocompleteResponse::new(), |response, s| {
                response.add_string_choice(s.name, s.value)
            }),
    )
}
