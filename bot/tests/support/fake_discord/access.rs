//! Channel permissions and threads, computed and enforced as Discord does.

use super::*;

impl FakeDiscord {
    // --- channel permissions, as Discord computes and enforces them --------------------------

    /// Denies the bot `bits` in `channel` (and so in its threads) by a member overwrite, as a
    /// moderator would in the channel's settings. Discord then answers as it does: without
    /// View Channel 403/50001 Missing Access; without Send Messages (in a thread: Send
    /// Messages in Threads), Attach Files for a message with files or Create Public Threads
    /// for a new thread 403/50013 Missing Permissions (rejections the test must declare);
    /// without Embed Links the message is accepted without its embeds; without Read Message
    /// History the channel's message list is empty. Interactions from the channel carry
    /// the permissions left in `app_permissions`.
    pub fn deny_bot(&self, channel: u64, bits: u64) {
        self.overwrite(channel, FakeDiscord::BOT_USER_ID, true, |o| {
            o.deny |= bits;
            o.allow &= !bits;
        });
    }

    /// Takes `bits` out of the bot's member overwrite in `channel` (what `deny_bot` denied is
    /// inherited from the roles again).
    pub fn undeny_bot(&self, channel: u64, bits: u64) {
        self.overwrite(channel, FakeDiscord::BOT_USER_ID, true, |o| o.deny &= !bits);
    }

    /// Sets an overwrite of `channel` for a role (`member: false`; the guild's id is
    /// @everyone, `bot_role(guild)` the bot's role) or a member.
    pub fn set_overwrite(&self, channel: u64, id: u64, member: bool, allow: u64, deny: u64) {
        self.overwrite(channel, id, member, |o| {
            o.allow = allow;
            o.deny = deny;
        });
    }

    fn overwrite(&self, channel: u64, id: u64, member: bool, change: impl FnOnce(&mut Overwrite)) {
        let mut st = self.st();
        let info = st.channels.entry(channel).or_default();
        let at = match info
            .overwrites
            .iter()
            .position(|o| o.id == id && o.member == member)
        {
            Some(at) => at,
            None => {
                info.overwrites.push(Overwrite {
                    id,
                    member,
                    allow: 0,
                    deny: 0,
                });
                info.overwrites.len() - 1
            }
        };
        change(&mut info.overwrites[at]);
        if info.overwrites[at].allow == 0 && info.overwrites[at].deny == 0 {
            info.overwrites.remove(at);
        }
    }

    /// The permissions of `guild`'s @everyone role (default `permissions::MEMBER`).
    pub fn set_everyone_permissions(&self, guild: u64, bits: u64) {
        self.st().everyone_permissions.insert(guild, bits);
    }

    /// The permissions of the bot's role in `guild` (default `permissions::BOT_ROLE`, what the
    /// invite asks for).
    pub fn set_bot_role_permissions(&self, guild: u64, bits: u64) {
        self.st().bot_role_permissions.insert(guild, bits);
    }

    /// The id of the bot's role in `guild`, for `set_overwrite`.
    pub fn bot_role(guild: u64) -> u64 {
        bot_role_id(guild)
    }

    /// The bot's permissions in a guild channel or thread as Discord computes them (`None`
    /// for a DM or a channel the fake does not know).
    pub fn bot_permissions(&self, channel: u64) -> Option<u64> {
        bot_permissions_in(&self.st(), channel)
    }

    /// A public thread of the guild channel `parent` that someone else opened (the bot sees
    /// it as any thread: its parent's overwrites apply); returns its id.
    pub fn add_thread(&self, parent: u64, name: &str) -> u64 {
        let mut st = self.st();
        let guild = st.channels.get(&parent).and_then(|c| c.guild);
        assert!(
            guild.is_some(),
            "add_thread: {parent} is not a known guild channel"
        );
        let id = snowflake();
        st.channels.insert(
            id,
            ChannelInfo {
                guild,
                parent: Some(parent),
                name: Some(name.to_string()),
                ..ChannelInfo::default()
            },
        );
        id
    }

    /// The threads created in `channel`, oldest first, as (id, name).
    pub fn threads_of(&self, channel: u64) -> Vec<(u64, String)> {
        let st = self.st();
        let mut threads: Vec<(u64, String)> = st
            .channels
            .iter()
            .filter(|(_, c)| c.parent == Some(channel))
            .map(|(id, c)| (*id, c.name.clone().unwrap_or_default()))
            .collect();
        threads.sort_unstable();
        threads
    }
}

/// The bot's permissions in a DM channel.
pub(super) fn app_permissions() -> u64 {
    permissions::MEMBER | permissions::MANAGE_MESSAGES
}

/// The bot's permissions in a guild channel or thread as Discord computes them (`None` for a
/// DM or unknown channel): the @everyone role and the bot's role, Administrator = every
/// permission; then the channel's overwrites (a thread's are its parent's) in Discord's
/// order — @everyone's deny then allow, the bot role's deny then allow, the bot member's
/// deny then allow; then the implicit denials: without View Channel nothing, and without
/// Send Messages (in a thread: Send Messages in Threads) no Attach Files, Embed Links,
/// Mention Everyone or TTS.
pub(super) fn bot_permissions_in(st: &St, channel: u64) -> Option<u64> {
    use permissions::*;
    let info = st.channels.get(&channel)?;
    let guild = info.guild?;
    let mut p = st
        .everyone_permissions
        .get(&guild)
        .copied()
        .unwrap_or(MEMBER)
        | st.bot_role_permissions
            .get(&guild)
            .copied()
            .unwrap_or(BOT_ROLE);
    if p & ADMINISTRATOR != 0 {
        return Some(ALL);
    }
    let overwrites = match info.parent {
        Some(parent) => st
            .channels
            .get(&parent)
            .map(|c| c.overwrites.clone())
            .unwrap_or_default(),
        None => info.overwrites.clone(),
    };
    let bot_role = bot_role_id(guild);
    let mut apply = |fits: &dyn Fn(&Overwrite) -> bool| {
        let (mut allow, mut deny) = (0, 0);
        for o in overwrites.iter().filter(|o| fits(o)) {
            allow |= o.allow;
            deny |= o.deny;
        }
        p = (p & !deny) | allow;
    };
    apply(&|o| !o.member && o.id == guild);
    apply(&|o| !o.member && o.id == bot_role);
    apply(&|o| o.member && o.id == FakeDiscord::BOT_USER_ID);
    if p & VIEW_CHANNEL == 0 {
        return Some(0);
    }
    let send = if info.parent.is_some() {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    };
    if p & send == 0 {
        p &= !(ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE | SEND_TTS_MESSAGES);
    }
    Some(p)
}

/// The id of the bot's own role in `guild` (Discord makes one when a bot with permissions
/// is invited).
pub(super) fn bot_role_id(guild: u64) -> u64 {
    guild ^ (1 << 62)
}

/// What the bot may do in a request's channel beyond what `channel_permissions` refused.
pub(super) struct Granted {
    /// Embeds are kept (Embed Links).
    pub(super) embeds: bool,
    /// The message list is readable (Read Message History).
    pub(super) history: bool,
}

/// Discord's permission checks for a request on a guild channel or thread, from the bot's
/// computed permissions there: without View Channel every request is 403/50001 Missing
/// Access; creating a message takes Send Messages (in a thread Send Messages in Threads)
/// and, with files, Attach Files; adding files to an edit takes Attach Files; creating a
/// thread takes Create Public Threads (a public one) — else 403/50013 Missing Permissions.
/// Embed Links and Read Message History are never refused: without them Discord drops the
/// embeds and lists no messages.
pub(super) fn channel_permissions(
    st: &St,
    op: &openapi::Operation,
    req: &Req,
) -> Result<Granted, (u16, Option<Value>)> {
    use permissions::*;
    let all = Granted {
        embeds: true,
        history: true,
    };
    if !op.template.starts_with("/channels/{channel_id}") {
        return Ok(all);
    }
    let channel = param(op, "channel_id");
    let Some(p) = bot_permissions_in(st, channel) else {
        return Ok(all);
    };
    let missing = |bit: u64| p & bit == 0;
    if missing(VIEW_CHANNEL) {
        return Err(error(403, 50001, "Missing Access"));
    }
    let in_thread = st
        .channels
        .get(&channel)
        .is_some_and(|c| c.parent.is_some());
    let send = if in_thread {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    };
    let refused = match (req.method.as_str(), op.template.as_str()) {
        ("POST", "/channels/{channel_id}/messages") => {
            missing(send) || (!req.files.is_empty() && missing(ATTACH_FILES))
        }
        ("PATCH", "/channels/{channel_id}/messages/{message_id}") => {
            !req.files.is_empty() && missing(ATTACH_FILES)
        }
        ("POST", "/channels/{channel_id}/threads") => missing(CREATE_PUBLIC_THREADS),
        _ => false,
    };
    if refused {
        return Err(error(403, 50013, "Missing Permissions"));
    }
    Ok(Granted {
        embeds: !missing(EMBED_LINKS),
        history: !missing(READ_MESSAGE_HISTORY),
    })
}

/// A guild channel or thread as `GET /channels/{id}` answers it, with its permission
/// overwrites (a thread lists none: it takes its parent's).
pub(super) fn channel_json(st: &St, id: u64, info: &ChannelInfo) -> Value {
    let guild = info.guild.unwrap_or(0).to_string();
    if let Some(parent) = info.parent {
        return thread_json(id, parent, &guild, info.name.as_deref().unwrap_or(""));
    }
    let last = st
        .messages
        .values()
        .rev()
        .find(|m| id_of(&m["channel_id"]) == Some(id))
        .map(|m| m["id"].clone())
        .unwrap_or(Value::Null);
    let overwrites: Vec<Value> = info
        .overwrites
        .iter()
        .map(|o| {
            json!({
                "id": o.id.to_string(), "type": u8::from(o.member),
                "allow": o.allow.to_string(), "deny": o.deny.to_string(),
            })
        })
        .collect();
    json!({
        "id": id.to_string(), "type": 0, "guild_id": guild, "name": format!("table-{id}"),
        "position": 0, "flags": 0, "parent_id": null, "topic": null, "nsfw": false,
        "last_message_id": last, "rate_limit_per_user": 0, "last_pin_timestamp": null,
        "permission_overwrites": overwrites,
    })
}

/// A guild's roles as `GET /guilds/{id}/roles` answers: @everyone (the guild's id) and the
/// bot's own managed role, with the permissions the fake computes with.
pub(super) fn guild_roles(st: &St, guild: u64) -> Vec<Value> {
    let role = |id: u64, name: &str, permissions: u64, position: u32, managed: bool| {
        json!({
            "id": id.to_string(), "name": name, "permissions": permissions.to_string(),
            "position": position, "color": 0, "colors": {"primary_color": 0,
            "secondary_color": null, "tertiary_color": null}, "hoist": false,
            "managed": managed, "mentionable": false, "icon": null, "unicode_emoji": null,
            "flags": 0,
        })
    };
    let everyone = st
        .everyone_permissions
        .get(&guild)
        .copied()
        .unwrap_or(permissions::MEMBER);
    let bot = st
        .bot_role_permissions
        .get(&guild)
        .copied()
        .unwrap_or(permissions::BOT_ROLE);
    let mut bot_role = role(bot_role_id(guild), FakeDiscord::BOT_NAME, bot, 1, true);
    bot_role["tags"] = json!({ "bot_id": FakeDiscord::BOT_USER_ID.to_string() });
    vec![role(guild, "@everyone", everyone, 0, false), bot_role]
}

/// A public thread as Discord describes it (the bot created it and is its only member).
fn thread_json(id: u64, parent: u64, guild: &str, name: &str) -> Value {
    json!({
        "id": id.to_string(), "type": 11, "guild_id": guild, "name": name,
        "parent_id": parent.to_string(), "owner_id": FakeDiscord::BOT_USER_ID.to_string(),
        "flags": 0, "last_message_id": null, "rate_limit_per_user": 0,
        "message_count": 0, "member_count": 1, "total_message_sent": 0,
        "thread_metadata": {
            "archived": false, "archive_timestamp": iso_now(), "auto_archive_duration": 10080,
            "locked": false, "create_timestamp": iso_now(),
        },
    })
}

/// `POST /channels/{id}/threads` without a message: a new thread of a guild text channel
/// (not of a thread or a DM), public when `type` is 11. Messages and interactions in it use
/// its id as their channel; its permissions are its parent's.
pub(super) fn create_thread(
    st: &mut St,
    op: &openapi::Operation,
    req: &Req,
) -> (u16, Option<Value>) {
    let channel = param(op, "channel_id");
    let Some(info) = st.channels.get(&channel).cloned() else {
        return error(404, 10003, "Unknown Channel");
    };
    let body = req.json.clone().unwrap_or(Value::Null);
    let (Some(guild), None, None) = (info.guild, info.dm_user, info.parent) else {
        st.violations.push(format!(
            "POST {}: a thread can only be made in a guild's text channel",
            req.route
        ));
        return error(400, 50024, "Cannot execute action on this channel type");
    };
    if body["type"] != 11 {
        st.violations.push(format!(
            "POST {}: type {} — Turnpost's threads are public (11); without it Discord makes a private one",
            req.route, body["type"]
        ));
        return form_error("type");
    }
    let name = body["name"].as_str().unwrap_or_default().to_string();
    let id = snowflake();
    st.channels.insert(
        id,
        ChannelInfo {
            guild: Some(guild),
            parent: Some(channel),
            name: Some(name.clone()),
            ..ChannelInfo::default()
        },
    );
    let mut thread = thread_json(id, channel, &guild.to_string(), &name);
    if let Some(d) = body["auto_archive_duration"].as_u64() {
        thread["thread_metadata"]["auto_archive_duration"] = json!(d);
    }
    (201, Some(thread))
}
