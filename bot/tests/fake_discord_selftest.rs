//! Proves the fake Discord (`support::fake_discord`) with a minimal real serenity client of its
//! own, before the bot's adapter relies on it.

mod support;

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_command_is_deferred_answered_with_a_png_and_dms() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    assert_eq!(fake.identify_count(), 1);
    let identify = &fake.identify_payloads()[0];
    assert_eq!(identify["token"], "<redacted>");
    assert_eq!(
        identify["intents"].as_u64().unwrap() & support::fake_discord::PRIVILEGED_INTENTS,
        0
    );

    let commands = fake.commands(None);
    assert_eq!(commands.len(), 3);
    assert_eq!(commands[2]["default_member_permissions"], json!("8192"));

    let i = fake.slash_command(
        ALICE,
        CHANNEL,
        Some(GUILD),
        "create",
        json!([
            { "name": "game", "value": "pandoria" },
            { "name": "players", "value": 3 },
            { "name": "with", "value": BOB.to_string() },
        ]),
    );
    assert_eq!(
        i["data"]["options"][1]["type"], 4,
        "type filled from the registration"
    );
    assert!(i["data"]["resolved"]["users"][BOB.to_string()].is_object());
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;

    let ack = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    assert_eq!(ack.status, 204);
    assert_eq!(ack.callback_type(), Some(5));
    let latency = ack.latency().expect("latency");
    assert!(latency < Duration::from_secs(3), "{latency:?}");

    let followup = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_followup())
        .await;
    assert_eq!(followup.status, 200, "{followup}");
    assert!(followup.has_png());
    assert_eq!(followup.files[0].0, "board.png");
    let msg = followup.response.clone().unwrap();
    assert_eq!(msg["attachments"][0]["width"], 1);
    assert_eq!(msg["mentions"][0]["id"], ALICE.to_string());
    // The first followup after a deferral completes the deferred message.
    assert_eq!(fake.messages_in(CHANNEL).len(), 1);
    assert_eq!(fake.messages_in(CHANNEL)[0]["flags"], 0);

    let open = fake
        .wait_for(T, |r| r.route() == "/users/@me/channels")
        .await;
    assert_eq!(
        open.json.as_ref().unwrap()["recipient_id"],
        ALICE.to_string()
    );
    let dm = fake.wait_for(T, is_dm_to(&fake, ALICE)).await;
    assert_eq!(dm.status, 200);
    assert_eq!(dm.content(), Some("Your hand: forest, city"));

    bot.stop().await;
    assert_eq!(
        fake.client_close_codes(),
        vec![1000],
        "serenity closed the gateway cleanly"
    );
    assert_eq!(fake.ack_latencies().len(), 1);
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_answer_50007_and_the_bot_falls_back_to_the_channel() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.close_dms_of(BOB);
    fake.expect_error_code(50007, "Bob's DMs are closed");
    let i = fake.slash_command(
        BOB,
        CHANNEL,
        Some(GUILD),
        "play",
        json!([{ "name": "action", "value": "skip" }]),
    );
    fake.dispatch("INTERACTION_CREATE", i).await;
    let dm = fake.wait_for(T, is_dm_to(&fake, BOB)).await;
    assert_eq!((dm.status, dm.error_code()), (403, Some(50007)));
    let note = fake.wait_for(T, |r| r.is_channel_message(CHANNEL)).await;
    assert!(note.content().unwrap().contains("use /hand"), "{note}");
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_selects_and_autocomplete_reach_the_handler() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;

    let ac = fake.autocomplete(
        ALICE,
        CHANNEL,
        Some(GUILD),
        "play",
        json!([{ "name": "action", "value": "D7" }]),
    );
    assert_eq!(ac["data"]["options"][0]["focused"], true);
    fake.dispatch("INTERACTION_CREATE", ac.clone()).await;
    let r = fake.wait_for(T, |r| r.belongs_to(&ac)).await;
    assert_eq!((r.status, r.callback_type()), (204, Some(8)));
    assert_eq!(
        r.json.as_ref().unwrap()["data"]["choices"][0]["name"],
        "D7–E7 forest·city (D7)"
    );

    let i = fake.slash_command(
        ALICE,
        CHANNEL,
        Some(GUILD),
        "play",
        json!([{ "name": "action", "value": "d7e7-fc" }]),
    );
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    let followup = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_followup())
        .await;
    let turn_message: u64 = followup.response.unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let (found, button) = fake
        .find_component(CHANNEL, |c| c["custom_id"] == "g1:v3:skip")
        .unwrap();
    assert_eq!(
        (found, button["label"].as_str()),
        (turn_message, Some("Skip"))
    );

    let click = fake.button(BOB, CHANNEL, Some(GUILD), "g1:v3:skip", turn_message);
    fake.dispatch("INTERACTION_CREATE", click.clone()).await;
    let ack = fake
        .wait_for(T, |r| r.belongs_to(&click) && r.is_callback())
        .await;
    assert_eq!((ack.status, ack.callback_type()), (204, Some(6)));
    let edit = fake
        .wait_for(T, |r| r.belongs_to(&click) && r.is_original_edit())
        .await;
    assert_eq!(edit.status, 200, "{edit}");
    let edited = fake.message(turn_message).unwrap();
    assert_eq!(edited["content"], format!("{BOB} chose g1:v3:skip"));
    assert_eq!(edited["components"], json!([]));

    // The buttons are gone from the message now: a click on them cannot happen.
    let gone = fake.try_button(BOB, CHANNEL, Some(GUILD), "g1:v3:skip", turn_message);
    assert!(gone.unwrap_err().contains("has no button"));
    // An id the fake never gave out gets a stand-in message, unchecked.
    let forged = fake.button(BOB, CHANNEL, Some(GUILD), "g1:v2:skip", 1);
    assert_eq!(forged["message"]["id"], "1");

    // A select menu on a fresh turn message; the DM interaction case on the way.
    let i2 = fake.slash_command(
        ALICE,
        fake.dm_channel(ALICE),
        None,
        "play",
        json!([{ "name": "action", "value": "x" }]),
    );
    assert_eq!(i2["context"], 1);
    fake.dispatch("INTERACTION_CREATE", i2.clone()).await;
    let f2 = fake
        .wait_for(T, |r| r.belongs_to(&i2) && r.is_followup())
        .await;
    let m2: u64 = f2.response.unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let bad = fake.try_select(
        ALICE,
        fake.dm_channel(ALICE),
        None,
        "g1:v3:card",
        &["lake"],
        m2,
    );
    assert!(
        bad.unwrap_err().contains("no option"),
        "an option the menu does not have"
    );
    let pick = fake.select(
        ALICE,
        fake.dm_channel(ALICE),
        None,
        "g1:v3:card",
        &["city"],
        m2,
    );
    fake.dispatch("INTERACTION_CREATE", pick.clone()).await;
    let e2 = fake
        .wait_for(T, |r| r.belongs_to(&pick) && r.is_original_edit())
        .await;
    assert_eq!(e2.status, 200);

    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn builders_refuse_what_discord_would_never_send() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    let cases: Vec<(&str, Value)> = vec![
        (
            "unknown option",
            json!([{ "name": "colour", "value": "red" }]),
        ),
        (
            "not a registered choice",
            json!([{ "name": "game", "value": "chess" }]),
        ),
        (
            "below min_value",
            json!([{ "name": "game", "value": "rtta" }, { "name": "players", "value": 1 }]),
        ),
        (
            "wrong type",
            json!([{ "name": "game", "value": "rtta" }, { "name": "players", "value": "two" }]),
        ),
        (
            "required missing",
            json!([{ "name": "players", "value": 2 }]),
        ),
    ];
    for (what, options) in cases {
        assert!(
            fake.try_slash_command(ALICE, CHANNEL, Some(GUILD), "create", options)
                .is_err(),
            "{what} was accepted"
        );
    }
    assert!(
        fake.try_slash_command(ALICE, CHANNEL, Some(GUILD), "nosuch", json!([]))
            .is_err(),
        "unregistered command"
    );
    assert!(
        fake.try_slash_command(ALICE, CHANNEL, None, "abandon", json!([]))
            .is_err(),
        "guild-less interaction outside the user's DM channel"
    );
    let mut broken = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    broken
        .as_object_mut()
        .unwrap()
        .remove("attachment_size_limit");
    let r = support::fake_discord::check_dispatch("INTERACTION_CREATE", &broken);
    assert!(
        r.unwrap_err().contains("attachment_size_limit"),
        "serenity needs attachment_size_limit"
    );

    let boss = FakeDiscord::with_permissions(
        fake.slash_command(BOB, CHANNEL, Some(GUILD), "abandon", json!([])),
        permissions::MEMBER | permissions::MANAGE_MESSAGES,
    );
    let parsed: Interaction = serde_json::from_value(boss).unwrap();
    let member = parsed.command().unwrap().member.unwrap();
    assert!(member.permissions.unwrap().manage_messages());
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_that_do_not_fit_are_refused_and_recorded() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    let http = bot.http.clone();
    let channel = ChannelId::new(CHANNEL);
    fake.add_channel(CHANNEL, Some(GUILD));
    fake.expect_error_code(50035, "bodies that break openapi.json or Discord's limits");
    fake.expect_rejection(
        |r| r.error_code() == Some(10003) && r.channel_id() == Some(ALICE),
        "a user id used as a channel id",
    );
    fake.expect_rejection(
        |r| r.is_followup() && r.error_code() == Some(10015),
        "a followup before the interaction exists",
    );
    fake.expect_error_code(40060, "a second acknowledgement");

    // Against openapi.json: content must be a string.
    let e = http
        .send_message(channel, vec![], &json!({ "content": 12 }))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("Invalid Form Body"), "{e}");
    // Discord's limits: 2000 characters; no ephemeral flag on a channel message; custom_ids unique.
    let long = "x".repeat(2001);
    assert!(
        http.send_message(channel, vec![], &json!({ "content": long }))
            .await
            .is_err()
    );
    assert!(
        http.send_message(channel, vec![], &json!({ "content": "hi", "flags": 64 }))
            .await
            .is_err()
    );
    let dup = json!({ "content": "hi", "components": [{ "type": 1, "components": [
        { "type": 2, "style": 1, "custom_id": "a", "label": "A" },
        { "type": 2, "style": 1, "custom_id": "a", "label": "B" } ] }] });
    assert!(http.send_message(channel, vec![], &dup).await.is_err());
    let unlabelled = json!({ "components": [{ "type": 1, "components": [
        { "type": 2, "style": 1, "custom_id": "a" } ] }] });
    assert!(
        http.send_message(channel, vec![], &unlabelled)
            .await
            .is_err()
    );
    // A user id used as a channel id.
    let e = http
        .send_message(ChannelId::new(ALICE), vec![], &json!({ "content": "hi" }))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("Unknown Channel"), "{e}");
    // A fine one passes.
    http.send_message(channel, vec![], &json!({ "content": "ok" }))
        .await
        .expect("valid message");

    let v = fake.schema_violations();
    assert_eq!(v.len(), 6, "{v:#?}");
    assert!(
        v[0].contains("content") && v[0].contains("string"),
        "{}",
        v[0]
    );
    assert!(v[1].contains("2001 characters"), "{}", v[1]);
    assert!(v[2].contains("ephemeral"), "{}", v[2]);
    assert!(v[3].contains("used twice"), "{}", v[3]);
    assert!(v[4].contains("without a label"), "{}", v[4]);
    assert!(v[5].contains("unknown to Discord"), "{}", v[5]);
    assert!(fake.fake_errors().is_empty(), "{:#?}", fake.fake_errors());

    // Interaction rules: one acknowledgement, followups only after it.
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    let early = http
        .create_followup_message(
            i["token"].as_str().unwrap(),
            &json!({ "content": "too early" }),
            vec![],
        )
        .await;
    assert!(
        early.is_err(),
        "followup before the interaction exists on the gateway"
    );
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    fake.wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    let again = http
        .create_interaction_response(
            i["id"].as_str().unwrap().parse::<u64>().unwrap().into(),
            i["token"].as_str().unwrap(),
            &json!({ "type": 5 }),
            vec![],
        )
        .await
        .unwrap_err();
    assert!(
        again.to_string().contains("already been acknowledged"),
        "{again}"
    );
    fake.wait_for(T, |r| r.belongs_to(&i) && r.is_followup() && r.ok())
        .await;
    bot.stop().await;
    assert!(fake.unhandled().is_empty(), "{:#?}", fake.unhandled());
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disconnect_is_resumed_and_a_restart_identifies_again() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.disconnect().await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await; // waits for the RESUME
    assert_eq!(fake.resume_count(), 1);
    assert_eq!(fake.identify_count(), 1);
    fake.wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    bot.stop().await;
    fake.wait_disconnected(T).await;
    assert!(!fake.connected());

    // A new process of the bot: a second IDENTIFY, commands registered again with the same ids.
    let ids: Vec<Value> = fake
        .commands(None)
        .iter()
        .map(|c| c["id"].clone())
        .collect();
    let mark = fake.mark();
    let bot = Bot::start(&fake, INTENTS).await;
    fake.wait_identify_count(2, T).await;
    fake.wait_for_since(mark, T, |r| r.method == "PUT").await;
    assert_eq!(
        ids,
        fake.commands(None)
            .iter()
            .map(|c| c["id"].clone())
            .collect::<Vec<_>>()
    );
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    let ack = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    assert_eq!(ack.status, 204);
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalidated_session_makes_the_client_identify_again() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.disconnect_invalidating_session().await;
    // Serenity restarts the shard, at least 5 s after it started it.
    fake.wait_identified_more_than(1, Duration::from_secs(30))
        .await;
    assert_eq!(fake.resume_count(), 0);
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    let ack = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    assert_eq!(ack.status, 204);
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn privileged_intents_are_refused() {
    let fake = FakeDiscord::start().await;
    let bot = Bot::start(&fake, INTENTS | GatewayIntents::MESSAGE_CONTENT).await;
    let r = tokio::time::timeout(T, bot.task)
        .await
        .expect("client gives up")
        .expect("join");
    assert!(r.is_err(), "serenity reports the refusal: {r:?}");
    assert_eq!(fake.identify_count(), 0);
    assert!(fake.schema_violations()[0].contains("privileged"));
    fake.expect_gateway_violation("privileged intents", "MESSAGE_CONTENT asked for");
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_acknowledgements_are_refused_like_discord_does() {
    let fake = FakeDiscord::start_with(FakeOptions {
        ack_deadline: Some(Duration::from_millis(0)),
        ..FakeOptions::default()
    })
    .await;
    let bot = Bot::start(&fake, INTENTS).await;
    fake.wait_identified(T).await;
    fake.wait_commands(None, T).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    let ack = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    assert_eq!((ack.status, ack.error_code()), (404, Some(10062)));
    assert!(ack.problems[0].contains("after the dispatch"), "{ack}");
    fake.expect_error_code(10062, "a deadline of 0 s");
    let errors = bot.stop_with_errors().await;
    assert_eq!(errors.len(), 1, "{errors:#?}");
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heartbeats_are_acknowledged() {
    let fake = FakeDiscord::start_with(FakeOptions {
        heartbeat_interval: Duration::from_millis(700),
        ..FakeOptions::default()
    })
    .await;
    let bot = ready_bot(&fake).await;
    fake.wait_heartbeats(3, T).await;
    assert_eq!(
        (fake.identify_count(), fake.resume_count()),
        (1, 0),
        "no reconnect"
    );
    bot.stop().await;
    fake.assert_clean();
}

#[test]
fn openapi_paths_match_the_most_specific_template() {
    let spec = support::openapi::spec();
    let op = spec
        .find("PATCH", "/webhooks/1/tok/messages/@original")
        .unwrap();
    assert_eq!(
        op.template,
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
    );
    let op = spec.find("PATCH", "/webhooks/1/tok/messages/55").unwrap();
    assert_eq!(
        op.template,
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
    );
    assert_eq!(op.params["message_id"], "55");
    let op = spec.find("POST", "/users/@me/channels").unwrap();
    assert_eq!(op.template, "/users/@me/channels");
    assert!(spec.find("POST", "/gateway").is_err());
    // The fake's answers are checked against the response schemas too.
    let op = spec.find("POST", "/channels/1/messages").unwrap();
    let v = spec.check_response(&op, 200, Some(&json!({ "id": "1", "content": "hi" })));
    assert!(
        v.iter()
            .any(|e| e.contains("\"timestamp\" is a required property")),
        "{v:#?}"
    );
    assert!(spec.find("GET", "/no/such/route").is_err());
    // A bad callback body is explained branch by branch.
    let op = spec.find("POST", "/interactions/1/tok/callback").unwrap();
    let v = spec.check_request(
        &op,
        &[],
        Some("application/json"),
        Some(&json!({ "type": 5, "data": { "content": 7 } })),
    );
    assert!(
        v.iter()
            .any(|e| e.contains("CreateMessageInteractionCallbackRequest")),
        "{v:#?}"
    );
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_acknowledgement_fails_assert_clean() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    fake.wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    // The tiny bot deferred; acknowledging again is refused with 40060.
    let again = bot
        .http
        .create_interaction_response(
            i["id"].as_str().unwrap().parse::<u64>().unwrap().into(),
            i["token"].as_str().unwrap(),
            &json!({ "type": 5 }),
            vec![],
        )
        .await;
    assert!(again.is_err());
    fake.wait_for(T, is_dm_to(&fake, ALICE)).await;
    bot.stop().await;
    assert_unclean(&fake, "40060");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_acknowledgement_after_the_deadline_fails_assert_clean() {
    // Discord's deadline is the default; a shorter one keeps the test fast. The fake measures
    // from writing the dispatch to the socket to receiving the callback, by its own clock.
    assert_eq!(
        FakeOptions::default().ack_deadline,
        Some(Duration::from_secs(3))
    );
    let fake = FakeDiscord::start_with(FakeOptions {
        ack_deadline: Some(Duration::from_millis(300)),
        ..FakeOptions::default()
    })
    .await;
    let handler = Handler {
        ack_delay: Duration::from_millis(400),
        ..Handler::default()
    };
    let bot = Bot::start_with(&fake, INTENTS, handler).await;
    fake.wait_identified(T).await;
    fake.wait_commands(None, T).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    let ack = fake
        .wait_for(T, |r| r.belongs_to(&i) && r.is_callback())
        .await;
    assert!(ack.latency().unwrap() > Duration::from_millis(300), "{ack}");
    let errors = bot.stop_with_errors().await;
    assert!(
        errors.len() == 1 && errors[0].contains("Unknown interaction"),
        "the late deferral is refused: {errors:#?}"
    );
    assert_unclean(&fake, "10062");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_or_followup_before_the_acknowledgement_fails_assert_clean() {
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    let token = i["token"].as_str().unwrap();
    // Before the interaction was acknowledged (here: before it was even dispatched).
    let edit = bot
        .http
        .edit_original_interaction_response(token, &json!({ "content": "too early" }), vec![])
        .await;
    assert!(edit.is_err());
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    fake.wait_for(T, is_dm_to(&fake, ALICE)).await;
    bot.stop().await;
    assert_unclean(&fake, "10015");

    // The same for a followup, alone.
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    let early = bot
        .http
        .create_followup_message(
            i["token"].as_str().unwrap(),
            &json!({ "content": "too early" }),
            vec![],
        )
        .await;
    assert!(early.is_err());
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    fake.wait_for(T, is_dm_to(&fake, ALICE)).await;
    bot.stop().await;
    assert_unclean(&fake, "10015");
}

#[tokio::test]
#[should_panic(expected = "fake Discord dropped without assert_clean")]
async fn a_fake_dropped_without_assert_clean_fails_the_test() {
    let fake = FakeDiscord::start().await;
    assert!(fake.base_url().starts_with("http://127.0.0.1:"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn enforce_nonce_makes_a_repeated_create_return_the_first_message() {
    use serenity::all::{CreateMessage, Nonce};
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let channel = ChannelId::new(CHANNEL);
    let post = CreateMessage::new()
        .content("Round 7")
        .nonce(Nonce::String("g1v7".into()))
        .enforce_nonce(true);
    let before = std::time::SystemTime::now();
    let first = channel.send_message(&bot.http, post.clone()).await.unwrap();
    let second = channel.send_message(&bot.http, post.clone()).await.unwrap();
    let after = std::time::SystemTime::now();
    assert_eq!(
        first.id, second.id,
        "the second create returns the first message"
    );
    assert_eq!(fake.messages_in(CHANNEL).len(), 1, "and creates nothing");
    let creates = fake.find_all(|r| r.is_channel_message(CHANNEL));
    assert_eq!(creates.len(), 2);
    for (r, dedup) in creates.iter().zip([false, true]) {
        assert_eq!(r.nonce().as_deref(), Some("g1v7"));
        assert!(r.enforce_nonce());
        assert_eq!(r.deduplicated, dedup, "{r}");
        assert_eq!(r.message_id(), Some(first.id.get()));
        assert!(before <= r.received_at && r.received_at <= after);
    }
    // Without enforce_nonce, the nonce does not deduplicate.
    let loose = CreateMessage::new()
        .content("Round 7")
        .nonce(Nonce::String("g1v7".into()));
    let third = channel.send_message(&bot.http, loose).await.unwrap();
    assert_ne!(third.id, first.id);
    // Another channel has its own nonces.
    let dm = ChannelId::new(fake.dm_channel(ALICE));
    let fourth = dm.send_message(&bot.http, post).await.unwrap();
    assert_ne!(fourth.id, first.id);
    assert_eq!(fake.messages_in(CHANNEL).len(), 2);
    bot.stop().await;
    fake.assert_clean();
}

/// Sends `body` to the fake by hand and returns the raw HTTP answer (status line, headers,
/// body), to see what serenity does not expose.
async fn raw_post(fake: &FakeDiscord, route: &str, body: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = fake.base_url().trim_start_matches("http://").to_string();
    let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let req = format!(
        "POST /api/v10{route} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bot {TOKEN}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out
}

fn status_of(e: &serenity::Error) -> Option<(u16, isize)> {
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            Some((r.status_code.as_u16(), r.error.code))
        }
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn injected_failures_answer_like_discord_and_are_expected() {
    use serenity::all::CreateMessage;
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let channel = ChannelId::new(CHANNEL);
    let dm = ChannelId::new(fake.dm_channel(ALICE));
    let say = |t: &str| CreateMessage::new().content(t);

    // 429: retry_after and global in the body, retry-after in the headers.
    fake.fail_requests(Matcher::any_post_message(), 429, 0, 1);
    let e = channel.send_message(&bot.http, say("a")).await.unwrap_err();
    assert_eq!(status_of(&e), Some((429, 0)), "{e}");
    let limited = fake.wait_for(T, |r| r.status == 429).await;
    assert!(limited.injected);
    assert_eq!(limited.retry_after(), Some(0.5));
    assert_eq!(limited.response.as_ref().unwrap()["global"], false);
    assert_eq!(limited.error_message(), Some("You are being rate limited."));
    fake.rate_limit(
        Matcher::channel_messages(CHANNEL),
        Duration::from_millis(1500),
        1,
    );
    let raw = raw_post(
        &fake,
        &format!("/channels/{CHANNEL}/messages"),
        r#"{"content":"b"}"#,
    )
    .await
    .to_lowercase();
    assert!(raw.starts_with("http/1.1 429"), "{raw}");
    assert!(raw.contains("\r\nretry-after: 2\r\n"), "{raw}");
    assert!(raw.contains("\"retry_after\":1.5"), "{raw}");
    // Used up: the next one goes through, and nothing was created by the refused ones.
    channel.send_message(&bot.http, say("c")).await.unwrap();
    assert_eq!(fake.messages_in(CHANNEL).len(), 1);

    // DMs only, twice, with Discord's code; channel messages are not affected.
    fake.fail_requests(Matcher::dm_messages(), 403, 50007, 2);
    for _ in 0..2 {
        let e = dm.send_message(&bot.http, say("hand")).await.unwrap_err();
        assert_eq!(status_of(&e), Some((403, 50007)), "{e}");
    }
    channel.send_message(&bot.http, say("d")).await.unwrap();
    dm.send_message(&bot.http, say("hand")).await.unwrap();
    let dms = fake.find_all(|r| Matcher::dm_messages_to(ALICE).matches(r));
    assert_eq!(
        dms.iter().map(|r| r.status).collect::<Vec<_>>(),
        vec![403, 403, 200]
    );
    assert!(
        dms.iter()
            .all(|r| r.is_dm_message() && r.dm_recipient == Some(ALICE))
    );
    assert!(
        fake.find_all(|r| Matcher::dm_messages_to(BOB).matches(r))
            .is_empty()
    );

    // A server error; other routes by pattern.
    fake.fail_requests(Matcher::new("*", "/channels/*/messages/**"), 502, 0, 1);
    let e = channel.send_message(&bot.http, say("e")).await.unwrap_err();
    assert_eq!(status_of(&e).map(|s| s.0), Some(502), "{e}");
    assert_eq!(fake.faults_left(), 0);
    bot.stop().await;
    assert_eq!(fake.count(|r| r.injected), 5);
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleted_channels_and_missing_permissions_are_rejections_the_test_declares() {
    use serenity::all::CreateMessage;
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    fake.add_channel(CHANNEL + 1, Some(GUILD));
    let say = |t: &str| CreateMessage::new().content(t);

    fake.delete_channel(CHANNEL + 1);
    let e = ChannelId::new(CHANNEL + 1)
        .send_message(&bot.http, say("x"))
        .await
        .unwrap_err();
    assert_eq!(status_of(&e), Some((404, 10003)), "{e}");
    assert!(
        fake.try_slash_command(ALICE, CHANNEL + 1, Some(GUILD), "abandon", json!([]))
            .unwrap_err()
            .contains("deleted")
    );
    fake.deny_permission(CHANNEL);
    let e = ChannelId::new(CHANNEL)
        .send_message(&bot.http, say("y"))
        .await
        .unwrap_err();
    assert_eq!(status_of(&e), Some((403, 50013)), "{e}");
    fake.grant_permission(CHANNEL);
    ChannelId::new(CHANNEL)
        .send_message(&bot.http, say("z"))
        .await
        .unwrap();
    bot.stop().await;
    // Not declared: both fail the test.
    assert_unclean(&fake, "code 10003");
    assert_unclean(&fake, "code 50013");
    fake.expect_error_code(10003, "the channel was deleted");
    assert_unclean(&fake, "code 50013");
    fake.expect_error_code(50013, "the permission was taken");
    fake.assert_clean();
    // A declaration nothing matches fails too.
    fake.expect_error_code(50007, "a DM that never happens");
    assert_unclean(&fake, "never happened: a DM that never happens");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_never_acknowledged_fails_assert_clean() {
    let fake = FakeDiscord::start().await;
    let handler = Handler {
        ack_delay: Duration::from_secs(60),
        ..Handler::default()
    };
    let bot = Bot::start_with(&fake, INTENTS, handler).await;
    fake.wait_identified(T).await;
    fake.wait_commands(None, T).await;
    let i = fake.slash_command(ALICE, CHANNEL, Some(GUILD), "abandon", json!([]));
    fake.dispatch("INTERACTION_CREATE", i.clone()).await;
    bot.shards.shutdown_all().await;
    assert_unclean(&fake, "never acknowledged");
    fake.expect_no_ack(&i, "the bot sleeps");
    fake.assert_clean();
}

#[tokio::test]
#[should_panic(expected = "problems after the last assert_clean")]
async fn problems_after_the_last_assert_clean_fail_on_drop() {
    let fake = FakeDiscord::start().await;
    fake.assert_clean();
    let http = HttpBuilder::new(TOKEN)
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    let sent = http
        .send_message(ChannelId::new(ALICE), vec![], &json!({ "content": "hi" }))
        .await;
    assert!(sent.is_err());
}

#[test]
fn matchers_select_by_method_and_route() {
    let rec = |method: &str, route: &str, dm: Option<u64>| support::Recorded {
        method: method.into(),
        path: format!("/api/v10{route}"),
        query: String::new(),
        json: None,
        files: Vec::new(),
        received: std::time::Instant::now(),
        received_at: std::time::SystemTime::now(),
        interaction_received: None,
        status: 200,
        response: None,
        problems: Vec::new(),
        injected: false,
        deduplicated: false,
        dm_recipient: dm,
    };
    let post = rec("POST", "/channels/5/messages", None);
    let dm = rec("POST", "/channels/6/messages", Some(ALICE));
    let edit = rec("PATCH", "/channels/5/messages/9", None);
    assert!(Matcher::channel_messages(5).matches(&post));
    assert!(!Matcher::channel_messages(6).matches(&post));
    assert!(!Matcher::channel_messages(5).matches(&edit));
    assert!(Matcher::any_post_message().matches(&post) && Matcher::any_post_message().matches(&dm));
    assert!(Matcher::dm_messages().matches(&dm) && !Matcher::dm_messages().matches(&post));
    assert!(Matcher::dm_messages_to(ALICE).matches(&dm));
    assert!(!Matcher::dm_messages_to(BOB).matches(&dm));
    assert!(Matcher::message_edits().matches(&edit) && !Matcher::message_edits().matches(&post));
    assert!(Matcher::new("*", "/channels/5/**").matches(&edit));
    assert!(Matcher::new("*", "/channels/5/**").matches(&post));
    assert!(!Matcher::new("*", "/channels/5").matches(&post));
    assert!(Matcher::callbacks().matches(&rec("POST", "/interactions/1/tok/callback", None)));
    assert!(Matcher::followups().matches(&rec("POST", "/webhooks/1/tok", None)));
    assert!(Matcher::original_edits().matches(&rec(
        "PATCH",
        "/webhooks/1/tok/messages/@original",
        None
    )));
    assert!(Matcher::dm_opens().matches(&rec("POST", "/users/@me/channels", None)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_listing_pages_after_an_id_and_a_forgotten_nonce_makes_a_duplicate() {
    use serenity::all::{CreateMessage, GetMessages, Nonce};
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let channel = ChannelId::new(CHANNEL);
    let post = |n: usize| {
        CreateMessage::new()
            .content(format!("m{n}"))
            .nonce(Nonce::String(format!("n{n}")))
            .enforce_nonce(true)
    };
    let mut ids = Vec::new();
    for n in 0..5 {
        ids.push(channel.send_message(&bot.http, post(n)).await.unwrap().id);
    }
    // `after`: the oldest messages after the id, newest first, without their nonces.
    let page = channel
        .messages(&bot.http, GetMessages::new().after(ids[0]).limit(2))
        .await
        .unwrap();
    assert_eq!(
        page.iter().map(|m| m.id).collect::<Vec<_>>(),
        [ids[2], ids[1]]
    );
    assert!(page.iter().all(|m| m.nonce.is_none()));
    // Neither `after` nor `before`: the newest.
    let page = channel
        .messages(&bot.http, GetMessages::new().limit(2))
        .await
        .unwrap();
    assert_eq!(
        page.iter().map(|m| m.id).collect::<Vec<_>>(),
        [ids[4], ids[3]]
    );
    // Within the nonce window a repeat is the first message; once it passed, a second one.
    let again = channel.send_message(&bot.http, post(0)).await.unwrap();
    assert_eq!(again.id, ids[0]);
    assert_eq!(fake.duplicates(), vec![]);
    fake.forget_nonces();
    let twice = channel.send_message(&bot.http, post(0)).await.unwrap();
    assert_ne!(twice.id, ids[0]);
    assert_eq!(fake.duplicates(), vec![(CHANNEL, "n0".to_string(), 2)]);
    let problems = fake.problems();
    assert!(
        problems.len() == 1 && problems[0].contains("a duplicate"),
        "{problems:?}"
    );
    fake.expect_rejection(
        move |r| r.message_id() == Some(twice.id.get()),
        "the nonce window passed on purpose",
    );
    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn channel_permissions_are_computed_and_enforced_as_discord_does() {
    use permissions::*;
    use serenity::all::{
        AutoArchiveDuration, Channel, ChannelType, CreateEmbed, CreateThread, GetMessages,
        PermissionOverwriteType,
    };
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake).await;
    fake.add_channel(CHANNEL, Some(GUILD));
    let channel = ChannelId::new(CHANNEL);
    let say = |t: &str| CreateMessage::new().content(t);
    let perms = |c: u64| fake.bot_permissions(c).unwrap();
    assert_eq!(
        perms(CHANNEL) & BOT_ROLE,
        BOT_ROLE,
        "the invite's bits by default"
    );

    // Discord's order: @everyone's overwrite, then the bot's role's, then the bot's own.
    fake.set_overwrite(CHANNEL, GUILD, false, 0, VIEW_CHANNEL | EMBED_LINKS);
    assert_eq!(perms(CHANNEL), 0, "no View Channel: nothing");
    let role = FakeDiscord::bot_role(GUILD);
    fake.set_overwrite(CHANNEL, role, false, VIEW_CHANNEL, 0);
    assert_eq!(perms(CHANNEL) & (VIEW_CHANNEL | EMBED_LINKS), VIEW_CHANNEL);
    fake.deny_bot(CHANNEL, VIEW_CHANNEL);
    assert_eq!(perms(CHANNEL), 0, "the member's deny comes last");
    // Administrator overrides every overwrite.
    fake.set_bot_role_permissions(GUILD, BOT_ROLE | ADMINISTRATOR);
    assert_eq!(perms(CHANNEL), ALL);
    fake.set_bot_role_permissions(GUILD, BOT_ROLE);
    fake.set_overwrite(CHANNEL, GUILD, false, 0, 0);
    fake.set_overwrite(CHANNEL, role, false, 0, 0);
    fake.undeny_bot(CHANNEL, VIEW_CHANNEL);
    // Without Send Messages, Attach Files and Embed Links go too (implicitly).
    fake.deny_bot(CHANNEL, SEND_MESSAGES);
    assert_eq!(perms(CHANNEL) & (ATTACH_FILES | EMBED_LINKS), 0);
    fake.undeny_bot(CHANNEL, SEND_MESSAGES);

    // The channel as GET /channels/{id} answers it, with its overwrites.
    fake.deny_bot(CHANNEL, READ_MESSAGE_HISTORY);
    let Channel::Guild(got) = channel.to_channel(&bot.http).await.unwrap() else {
        panic!("a guild channel");
    };
    let own = got
        .permission_overwrites
        .iter()
        .find(|o| o.kind == PermissionOverwriteType::Member(FakeDiscord::BOT_USER_ID.into()))
        .expect("the bot's overwrite");
    assert_eq!(own.deny.bits(), READ_MESSAGE_HISTORY);
    // Without Read Message History the list is empty, not refused.
    channel.send_message(&bot.http, say("seen")).await.unwrap();
    let listed = channel
        .messages(&bot.http, GetMessages::new())
        .await
        .unwrap();
    assert!(listed.is_empty());
    fake.undeny_bot(CHANNEL, READ_MESSAGE_HISTORY);
    assert_eq!(
        channel
            .messages(&bot.http, GetMessages::new())
            .await
            .unwrap()
            .len(),
        1
    );

    // The roles and the bot's membership, as GET /guilds/{id}/roles and /members/{bot}
    // answer them: what the bot would compute with over HTTP.
    let guild = serenity::all::GuildId::new(GUILD);
    let roles = guild.roles(&bot.http).await.unwrap();
    assert_eq!(roles.len(), 2);
    assert_eq!(roles[&GUILD.into()].permissions.bits(), MEMBER);
    assert_eq!(roles[&role.into()].permissions.bits(), BOT_ROLE);
    let me = guild
        .member(&bot.http, FakeDiscord::BOT_USER_ID)
        .await
        .unwrap();
    assert_eq!(me.roles, vec![serenity::all::RoleId::new(role)]);

    // Without View Channel: 403/50001 Missing Access.
    fake.deny_bot(CHANNEL, VIEW_CHANNEL);
    let e = channel.send_message(&bot.http, say("x")).await.unwrap_err();
    assert_eq!(status_of(&e), Some((403, 50001)), "{e}");
    fake.undeny_bot(CHANNEL, VIEW_CHANNEL);
    // Without Attach Files: a message with a file is 403/50013, one without goes.
    fake.deny_bot(CHANNEL, ATTACH_FILES);
    let file = CreateAttachment::bytes(PNG.to_vec(), "a.png");
    let e = channel
        .send_message(&bot.http, say("f").add_file(file))
        .await
        .unwrap_err();
    assert_eq!(status_of(&e), Some((403, 50013)), "{e}");
    channel.send_message(&bot.http, say("g")).await.unwrap();
    fake.undeny_bot(CHANNEL, ATTACH_FILES);
    // Without Embed Links: accepted, without the embeds.
    fake.deny_bot(CHANNEL, EMBED_LINKS);
    let sent = channel
        .send_message(&bot.http, say("h").embed(CreateEmbed::new().title("board")))
        .await
        .unwrap();
    assert!(sent.embeds.is_empty());
    assert_eq!(fake.message(sent.id.get()).unwrap()["embeds"], json!([]));
    fake.undeny_bot(CHANNEL, EMBED_LINKS);
    let sent = channel
        .send_message(&bot.http, say("i").embed(CreateEmbed::new().title("board")))
        .await
        .unwrap();
    assert_eq!(sent.embeds.len(), 1);

    // Threads: made in the channel, Create Public Threads needed; they take the channel's
    // overwrites, and posting in them takes Send Messages in Threads.
    let public = || {
        CreateThread::new("Pandoria — Anna's table")
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek)
    };
    fake.deny_bot(CHANNEL, CREATE_PUBLIC_THREADS);
    let e = channel
        .create_thread(&bot.http, public())
        .await
        .unwrap_err();
    assert_eq!(status_of(&e), Some((403, 50013)), "{e}");
    fake.undeny_bot(CHANNEL, CREATE_PUBLIC_THREADS);
    let thread = channel.create_thread(&bot.http, public()).await.unwrap();
    assert_eq!(thread.kind, ChannelType::PublicThread);
    assert_eq!(thread.parent_id, Some(channel));
    assert_eq!(
        fake.threads_of(CHANNEL),
        vec![(thread.id.get(), "Pandoria — Anna's table".to_string())]
    );
    thread.id.send_message(&bot.http, say("in")).await.unwrap();
    fake.deny_bot(CHANNEL, SEND_MESSAGES_IN_THREADS);
    let e = thread
        .id
        .send_message(&bot.http, say("out"))
        .await
        .unwrap_err();
    assert_eq!(status_of(&e), Some((403, 50013)), "{e}");
    channel
        .send_message(&bot.http, say("parent"))
        .await
        .unwrap();
    // An interaction from the thread: its channel is the thread, with its parent, and
    // app_permissions are the bot's there.
    let interaction = fake.slash_command(
        ALICE,
        thread.id.get(),
        Some(GUILD),
        "create",
        json!([{"name": "game", "value": "rtta"}]),
    );
    assert_eq!(interaction["channel"]["type"], 11);
    assert_eq!(interaction["channel"]["parent_id"], CHANNEL.to_string());
    assert_eq!(
        interaction["app_permissions"],
        perms(thread.id.get()).to_string()
    );
    assert_eq!(perms(thread.id.get()) & SEND_MESSAGES_IN_THREADS, 0);
    bot.stop().await;
    fake.expect_error_code(50001, "View Channel denied");
    fake.expect_error_code(
        50013,
        "Attach Files, Create Public Threads and Send Messages in Threads denied",
    );
    fake.assert_clean();
}
