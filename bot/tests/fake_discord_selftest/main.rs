//! Proves the fake Discord (`support::fake_discord`) with a minimal real serenity client of its
//! own, before the bot's adapter relies on it.

#[path = "../support/mod.rs"]
mod support;

mod channel_permissions;
mod checks;
mod client;
mod faults;
mod gateway;
mod refusals;
mod routes;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use serenity::all::{
    ChannelId, ClientBuilder, Command, CommandOptionType, Context, CreateActionRow,
    CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateCommand, CreateCommandOption,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse, EventHandler,
    GatewayIntents, Http, HttpBuilder, Interaction, Ready, ShardManager,
};
use support::{FakeDiscord, FakeOptions, Matcher, permissions};

const T: Duration = Duration::from_secs(20);
const GUILD: u64 = 700;
const CHANNEL: u64 = 701;
const ALICE: u64 = 1001;
const BOB: u64 = 1002;
const TOKEN: &str = "MTE1MDAwMDAwMDAwMDAwMDAwMQ.GfAkEx.fake-token-for-tests-only-0000000000000";

/// A valid 1×1 PNG.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
    0x42, 0x60, 0x82,
];

/// What the tiny bot does, like the real one will: defer, post the board as a followup with a
/// PNG and buttons, DM the private part (falling back to the channel on 50007).
#[derive(Default)]
struct Handler {
    errors: Arc<Mutex<Vec<String>>>,
    /// How long the bot waits before acknowledging a slash command (a slow bot).
    ack_delay: Duration,
}

impl Handler {
    fn fail(&self, what: &str, e: impl std::fmt::Display) {
        self.errors.lock().unwrap().push(format!("{what}: {e}"));
    }
}

fn is_dm_closed(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) if r.error.code == 50007)
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        let commands = vec![
            CreateCommand::new("play")
                .description("Play a move")
                .add_option(
                    CreateCommandOption::new(CommandOptionType::String, "action", "What to do")
                        .required(true)
                        .set_autocomplete(true),
                ),
            CreateCommand::new("create")
                .description("Create a game")
                .add_option(
                    CreateCommandOption::new(CommandOptionType::String, "game", "Which game")
                        .required(true)
                        .add_string_choice("Pandoria", "pandoria")
                        .add_string_choice("Roll Through the Ages", "rtta"),
                )
                .add_option(
                    CreateCommandOption::new(CommandOptionType::Integer, "players", "How many")
                        .min_int_value(2)
                        .max_int_value(4),
                )
                .add_option(CreateCommandOption::new(
                    CommandOptionType::User,
                    "with",
                    "Invite someone",
                )),
            CreateCommand::new("abandon")
                .description("Abandon the game")
                .default_member_permissions(serenity::all::Permissions::MANAGE_MESSAGES),
        ];
        if let Err(e) = Command::set_global_commands(&ctx.http, commands).await {
            self.fail("register commands", e);
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(cmd) => {
                tokio::time::sleep(self.ack_delay).await;
                if let Err(e) = cmd.defer(&ctx.http).await {
                    return self.fail("defer", e);
                }
                let followup = CreateInteractionResponseFollowup::new()
                    .content(format!("<@{}> to play", cmd.user.id))
                    .add_file(CreateAttachment::bytes(PNG.to_vec(), "board.png"))
                    .components(vec![
                        CreateActionRow::Buttons(vec![
                            CreateButton::new("g1:v3:skip").label("Skip"),
                            CreateButton::new("g1:v3:retrieve").label("Retrieve"),
                        ]),
                        CreateActionRow::SelectMenu(CreateSelectMenu::new(
                            "g1:v3:card",
                            CreateSelectMenuKind::String {
                                options: vec![
                                    CreateSelectMenuOption::new("Forest", "forest"),
                                    CreateSelectMenuOption::new("City", "city"),
                                ],
                            },
                        )),
                    ]);
                if let Err(e) = cmd.create_followup(&ctx.http, followup).await {
                    return self.fail("followup", e);
                }
                let dm = match cmd.user.id.create_dm_channel(&ctx.http).await {
                    Ok(dm) => dm,
                    Err(e) => return self.fail("open DM", e),
                };
                let sent = dm
                    .send_message(
                        &ctx.http,
                        CreateMessage::new().content("Your hand: forest, city"),
                    )
                    .await;
                match sent {
                    Ok(_) => {}
                    Err(e) if is_dm_closed(&e) => {
                        let note = CreateMessage::new()
                            .content(format!("<@{}> your DMs are closed: use /hand", cmd.user.id));
                        if let Err(e) = cmd.channel_id.send_message(&ctx.http, note).await {
                            self.fail("fallback", e);
                        }
                    }
                    Err(e) => self.fail("DM", e),
                }
            }
            Interaction::Autocomplete(ac) => {
                let typed = ac
                    .data
                    .autocomplete()
                    .map(|o| o.value.to_string())
                    .unwrap_or_default();
                let response = CreateAutocompleteResponse::new()
                    .add_string_choice(format!("D7–E7 forest·city ({typed})"), "d7e7-fc")
                    .add_string_choice("skip", "skip");
                if let Err(e) = ac
                    .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(response))
                    .await
                {
                    self.fail("autocomplete", e);
                }
            }
            Interaction::Component(c) => {
                if let Err(e) = c.defer(&ctx.http).await {
                    return self.fail("component defer", e);
                }
                let edit = EditInteractionResponse::new()
                    .content(format!("{} chose {}", c.user.id, c.data.custom_id))
                    .components(vec![]);
                if let Err(e) = c.edit_response(&ctx.http, edit).await {
                    self.fail("component edit", e);
                }
            }
            _ => {}
        }
    }
}

struct Bot {
    shards: Arc<ShardManager>,
    http: Arc<Http>,
    task: tokio::task::JoinHandle<serenity::Result<()>>,
    errors: Arc<Mutex<Vec<String>>>,
}

impl Bot {
    async fn start(fake: &FakeDiscord, intents: GatewayIntents) -> Bot {
        Self::start_with(fake, intents, Handler::default()).await
    }

    async fn start_with(fake: &FakeDiscord, intents: GatewayIntents, handler: Handler) -> Bot {
        let http = HttpBuilder::new(TOKEN)
            .proxy(fake.base_url())
            .ratelimiter_disabled(true)
            .build();
        let errors = handler.errors.clone();
        let mut client = ClientBuilder::new_with_http(http, intents)
            .event_handler(handler)
            .await
            .expect("client");
        let shards = client.shard_manager.clone();
        let http = client.http.clone();
        let task = tokio::spawn(async move { client.start().await });
        Bot {
            shards,
            http,
            task,
            errors,
        }
    }

    async fn stop(self) {
        let errors = self.stop_with_errors().await;
        assert!(errors.is_empty(), "the test bot saw errors: {errors:#?}");
    }

    /// Stops the client and returns the errors its handler saw.
    async fn stop_with_errors(self) -> Vec<String> {
        self.shards.shutdown_all().await;
        let r = tokio::time::timeout(T, self.task)
            .await
            .expect("client stops")
            .expect("join");
        r.expect("client ended without error");
        self.errors.lock().unwrap().clone()
    }
}

const INTENTS: GatewayIntents = GatewayIntents::GUILDS.union(GatewayIntents::DIRECT_MESSAGES);

async fn ready_bot(fake: &FakeDiscord) -> Bot {
    let bot = Bot::start(fake, INTENTS).await;
    fake.wait_identified(T).await;
    fake.wait_commands(None, T).await;
    bot
}

fn is_dm_to(fake: &FakeDiscord, user: u64) -> impl Fn(&support::Recorded) -> bool {
    let dm = fake.dm_channel(user);
    move |r| r.is_channel_message(dm)
}

/// `assert_clean` must panic, naming `needle`.
fn assert_unclean(fake: &FakeDiscord, needle: &str) {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| fake.assert_clean()));
    let Err(panic) = result else {
        panic!("assert_clean passed, but the bot did something Discord refuses ({needle})");
    };
    let message = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default();
    assert!(
        message.contains(needle),
        "assert_clean panicked without naming {needle}: {message}"
    );
}

fn status_of(e: &serenity::Error) -> Option<(u16, isize)> {
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            Some((r.status_code.as_u16(), r.error.code))
        }
        _ => None,
    }
}
