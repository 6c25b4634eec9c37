//! Channel permissions computed and enforced as Discord does.

use super::*;

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
