//! Receiving interactions. Every command and component is deferred (ephemerally) before any
//! slow work, so Discord's 3-second limit is never at risk; then the table service does the
//! work and `deliver` sends what it answered.

use std::sync::Arc;

use serenity::all::{
    ButtonStyle, ChannelId, Command as SlashCommand, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateActionRow, CreateAutocompleteResponse,
    CreateButton, CreateInteractionResponse, CreateInteractionResponseMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse, EventHandler, GuildId,
    Interaction, InteractionId, Member, MessageFlags, Ready, User,
};

use super::InFlight;
use super::commands::{self, Invocation};
use super::deliver::ephemeral_edit;
use super::ids::{ComponentId, Verb};
use turnpost_core::dynamic::ActionChoice;

use crate::table::{Caller, Command, Post, Reply, Table, TableError, Turn};

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

fn text_post(text: impl Into<String>) -> Post {
    Post {
        text: text.into(),
        ..Post::default()
    }
}

/// Choices per page of the panel's select menu (Discord's limit).
const PAGE: usize = 25;

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
            let _ = match &interaction {
                Interaction::Command(c) => c.create_response(&ctx.http, busy).await,
                Interaction::Component(c) => c.create_response(&ctx.http, busy).await,
                _ => Ok(()),
            };
            return;
        };
        match interaction {
            Interaction::Command(c) => self.command(&ctx, &c).await,
            Interaction::Component(c) => self.component(&ctx, &c).await,
            Interaction::Autocomplete(c) => self.autocomplete(&ctx, &c).await,
            _ => {}
        }
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
        match self.table.handle(caller, command).await {
            Ok(reply) => acknowledgement(&reply),
            Err(TableError::Refused(m)) => text_post(m),
            Err(TableError::Internal(_)) => text_post(APOLOGY),
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
            Ok(Invocation::Table(command)) => (self.run_table(&caller, command).await, Vec::new()),
        };
        let mut edit = ephemeral_edit(&answer);
        if !components.is_empty() {
            edit = edit.components(components);
        }
        if let Err(e) = cmd.edit_response(&ctx.http, edit).await {
            tracing::warn!(error = %e, "could not answer a command");
        }
    }

    async fn component(&self, ctx: &Context, comp: &ComponentInteraction) {
        // A choice made on the private panel updates that panel in place (deferred update,
        // then an edit of the panel message) with the player's next decision; any other
        // button answers in a new private message.
        let verb = ComponentId::decode(&comp.data.custom_id).map(|id| id.verb);
        let on_panel = comp
            .message
            .flags
            .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL))
            && matches!(
                verb,
                Some(Verb::Act(_) | Verb::Pick | Verb::Undo | Verb::Page(_))
            );
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
        let edit = if on_panel {
            let (next, rows) = match verb {
                // Turning a page of the panel changes nothing in the game.
                Some(Verb::Page(n)) => self.panel_page(&caller, n).await,
                _ => {
                    let (done, _) = self.component_answer(&caller, comp).await;
                    self.next_panel(&caller, &done).await
                }
            };
            // The panel's pictures are replaced (or removed), its buttons always.
            let mut edit = ephemeral_edit(&next).components(rows);
            if next.images.is_empty() {
                edit = edit.clear_attachments();
            }
            edit
        } else {
            let (answer, components) = self.component_answer(&caller, comp).await;
            let mut edit: EditInteractionResponse = ephemeral_edit(&answer);
            if !components.is_empty() {
                edit = edit.components(components);
            }
            edit
        };
        if let Err(e) = comp.edit_response(&ctx.http, edit).await {
            tracing::warn!(error = %e, "could not answer a component");
        }
    }

    /// The panel after a choice made on it: what the choice did, then the player's next
    /// decision with its choices; once the turn has passed, only that (no stale buttons).
    async fn next_panel(&self, caller: &Caller, done: &Post) -> (Post, Vec<CreateActionRow>) {
        let next = match self.table.current_turn(caller).await {
            Ok(Some((turn, _))) if turn.user == caller.user => {
                let (mut panel, rows) = self.panel_for(caller, &turn, 0).await;
                panel.text = format!("{}\n\n{}", done.text, panel.text);
                return (panel, rows);
            }
            Ok(Some((_, line))) => format!("Your turn is over — {line}."),
            Ok(None) => "The game is over.".to_string(),
            Err(_) => APOLOGY.to_string(),
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
        if id.game != 0 {
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
        let table = |command| async move { (self.run_table(caller, command).await, Vec::new()) };
        match id.verb {
            Verb::Turn => self.panel(caller).await,
            Verb::Page(n) => self.panel_page(caller, n).await,
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
            Verb::Pick => {
                let picked = match &comp.data.kind {
                    ComponentInteractionDataKind::StringSelect { values } => {
                        values.first().cloned()
                    }
                    _ => None,
                };
                match picked {
                    Some(notation) => {
                        table(Command::Act {
                            notation,
                            version: Some(id.version),
                        })
                        .await
                    }
                    None => (text_post("Pick one of the actions."), Vec::new()),
                }
            }
            Verb::Join | Verb::Leave | Verb::Start => {
                let command = match id.verb {
                    Verb::Join => Command::Join,
                    Verb::Leave => Command::Leave,
                    _ => Command::Start,
                };
                (self.run_table(caller, command).await, Vec::new())
            }
            Verb::Abandon => table(Command::Abandon { confirm: true }).await,
        }
    }

    /// The acting player's private panel: the hand and preview pictures, the prompt, and
    /// the legal actions as buttons (few) or a select menu (up to 25), else a pointer to
    /// `/play` with autocomplete.
    async fn panel(&self, caller: &Caller) -> (Post, Vec<CreateActionRow>) {
        self.panel_page(caller, 0).await
    }

    /// The panel showing page `page` of the choices (25 per page) when they do not fit one
    /// select menu.
    async fn panel_page(&self, caller: &Caller, page: usize) -> (Post, Vec<CreateActionRow>) {
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
        self.panel_for(caller, &turn, page).await
    }

    /// The panel of the player to act (`turn`), at page `page`.
    async fn panel_for(
        &self,
        caller: &Caller,
        turn: &Turn,
        page: usize,
    ) -> (Post, Vec<CreateActionRow>) {
        let legal = self
            .table
            .choices(caller, "", usize::MAX)
            .await
            .unwrap_or_default();
        let mut post = match self.table.handle(caller, Command::Hand).await {
            Ok(Reply {
                ephemeral: Some(p), ..
            }) if !p.text.starts_with("Nothing is hidden") => p,
            _ => Post::default(),
        };
        post.text = format!("**{}**\n{}", turn.prompt, post.text);
        let act_id = |notation: &str| {
            ComponentId {
                game: turn.game_id,
                version: turn.version,
                verb: Verb::Act(notation.to_string()),
            }
            .encode()
        };
        let mut rows = Vec::new();
        // Buttons and options show the choice in words; the notation is the identifier.
        let label = |c: &ActionChoice| c.label.chars().take(80).collect::<String>();
        if legal.len() <= 20 && legal.iter().all(|c| act_id(&c.notation).is_some()) {
            for chunk in legal.chunks(5) {
                let buttons = chunk
                    .iter()
                    .filter_map(|c| {
                        act_id(&c.notation).map(|id| {
                            CreateButton::new(id)
                                .label(label(c))
                                .style(ButtonStyle::Secondary)
                        })
                    })
                    .collect();
                rows.push(CreateActionRow::Buttons(buttons));
            }
        } else if legal.len() <= 25 && legal.iter().all(|c| c.notation.len() <= 100) {
            let options = legal
                .iter()
                .map(|c| CreateSelectMenuOption::new(label(c), c.notation.clone()))
                .collect();
            if let Some(id) = (ComponentId {
                game: turn.game_id,
                version: turn.version,
                verb: Verb::Pick,
            })
            .encode()
            {
                rows.push(CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
                        .placeholder("Choose an action"),
                ));
            }
        } else {
            // Too many for one menu: pages of 25, turned with buttons (and `/play` with
            // autocomplete finds one by typing).
            let pages = legal.len().div_ceil(PAGE);
            let page = page.min(pages - 1);
            let options: Vec<CreateSelectMenuOption> = legal
                .iter()
                .skip(page * PAGE)
                .take(PAGE)
                .filter(|c| c.notation.len() <= 100)
                .map(|c| CreateSelectMenuOption::new(label(c), c.notation.clone()))
                .collect();
            let first = page * PAGE + 1;
            let last = first + options.len().saturating_sub(1);
            let id = |verb| {
                ComponentId {
                    game: turn.game_id,
                    version: turn.version,
                    verb,
                }
                .encode()
            };
            if let Some(pick) = id(Verb::Pick) {
                rows.push(CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(pick, CreateSelectMenuKind::String { options })
                        .placeholder(format!(
                            "Choose an action ({first}–{last} of {})",
                            legal.len()
                        )),
                ));
            }
            let mut turn_page = Vec::new();
            if page > 0 {
                turn_page.extend(id(Verb::Page(page - 1)).map(|i| {
                    CreateButton::new(i)
                        .label("◂ Previous")
                        .style(ButtonStyle::Secondary)
                }));
            }
            if page + 1 < pages {
                turn_page.extend(id(Verb::Page(page + 1)).map(|i| {
                    CreateButton::new(i)
                        .label(format!("More ▸ (page {} of {pages})", page + 2))
                        .style(ButtonStyle::Secondary)
                }));
            }
            if !turn_page.is_empty() {
                rows.push(CreateActionRow::Buttons(turn_page));
            }
            post.text.push_str(&format!(
                "\n{} choices, page {} of {pages}; `/play` finds one as you type part of it (a space like D7, or a word).",
                legal.len(),
                page + 1
            ));
        }
        (post, rows)
    }

    async fn autocomplete(&self, ctx: &Context, ac: &CommandInteraction) {
        let typed = ac
            .data
            .autocomplete()
            .map(|o| o.value.to_string())
            .unwrap_or_default();
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
            .choices(&caller, &typed, 25)
            .await
            .unwrap_or_default();
        // Discord shows the words; the value sent back is the notation.
        let mut response = CreateAutocompleteResponse::new();
        for c in choices {
            let name: String = c.label.chars().take(100).collect();
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
