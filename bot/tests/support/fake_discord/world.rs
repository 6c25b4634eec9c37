//! The Discord world the fake keeps (users, DM channels, channels, messages, commands) and the
//! JSON helpers that describe it (ids, snowflakes, users, messages, errors).

use super::*;

impl FakeDiscord {
    // --- the Discord world ---------------------------------------------------------------------

    /// The DM channel between the bot and `user` (the same id `POST /users/@me/channels` gives).
    pub fn dm_channel(&self, user: u64) -> u64 {
        dm_channel_of(&mut self.st(), user)
    }

    /// From now on, messages to `user`'s DM channel fail with 403/50007.
    pub fn close_dms_of(&self, user: u64) {
        self.st().dm_closed.insert(user);
    }

    pub fn open_dms_of(&self, user: u64) {
        self.st().dm_closed.remove(&user);
    }

    /// Display name (`global_name`) of a user in interactions; `username` is derived from it.
    pub fn set_user_name(&self, user: u64, name: &str) {
        self.st().user_names.insert(user, name.to_string());
    }

    /// Channel permissions of `user` in later interactions (default `permissions::MEMBER`).
    pub fn set_permissions(&self, user: u64, permissions: u64) {
        self.st().user_permissions.insert(user, permissions);
    }

    /// The Discord locale (`de`, `en-GB`) of `user`'s later interactions (default `en-US`).
    pub fn set_locale(&self, user: u64, locale: &str) {
        self.st().user_locales.insert(user, locale.to_string());
    }

    /// The preferred locale of `guild` in later interactions (default `en-US`).
    pub fn set_guild_locale(&self, guild: u64, locale: &str) {
        self.st().guild_locales.insert(guild, locale.to_string());
    }

    /// A copy of `interaction` whose member has `permissions` (e.g.
    /// `permissions::MEMBER | permissions::MANAGE_MESSAGES`).
    pub fn with_permissions(mut interaction: Value, permissions: u64) -> Value {
        if interaction.get("member").is_some() {
            interaction["member"]["permissions"] = json!(permissions.to_string());
        }
        interaction
    }

    /// Makes a guild channel known (channels of built interactions are known already).
    pub fn add_channel(&self, channel: u64, guild: Option<u64>) {
        let mut st = self.st();
        let info = st.channels.entry(channel).or_default();
        info.guild = guild;
        if let Some(g) = guild
            && !st.guilds.contains(&g)
        {
            st.guilds.push(g);
        }
    }

    /// Messages the bot has in `channel`, oldest first, as Discord returns them.
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        self.st()
            .messages
            .values()
            .filter(|m| id_of(&m["channel_id"]) == Some(channel))
            .cloned()
            .collect()
    }

    /// One message by id.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.st().messages.get(&id).cloned()
    }

    /// Commands registered globally (`None`) or in a guild, as the fake answered them.
    pub fn commands(&self, guild: Option<u64>) -> Vec<Value> {
        self.st().commands.get(&guild).cloned().unwrap_or_default()
    }

    /// Waits until commands are registered globally (`None`) or in `guild`.
    pub async fn wait_commands(&self, guild: Option<u64>, timeout: Duration) -> Vec<Value> {
        self.wait_until(timeout, "command registration", |st| {
            st.commands.get(&guild).cloned()
        })
        .await
    }
}

pub(super) fn id_of(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

pub(super) fn user_json(st: &St, user: u64) -> Value {
    let global = st
        .user_names
        .get(&user)
        .cloned()
        .unwrap_or_else(|| format!("Player {user}"));
    let username: String = global
        .to_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
        .take(32)
        .collect();
    json!({
        "id": user.to_string(), "username": if username.len() >= 2 { username } else { format!("user{user}") },
        "discriminator": "0", "global_name": global, "avatar": null, "public_flags": 0, "flags": 0,
        "banner": null, "accent_color": null, "avatar_decoration_data": null, "collectibles": null,
        "primary_guild": null,
    })
}

pub(super) fn bot_user_json() -> Value {
    json!({
        "id": FakeDiscord::BOT_USER_ID.to_string(), "username": FakeDiscord::BOT_NAME.to_lowercase(),
        "discriminator": "4821", "global_name": null, "avatar": null, "public_flags": 0, "flags": 0,
        "bot": true, "banner": null, "accent_color": null, "avatar_decoration_data": null,
        "collectibles": null, "primary_guild": null,
    })
}

pub(super) fn dm_channel_of(st: &mut St, user: u64) -> u64 {
    if let Some(c) = st.dm_channels.get(&user) {
        return *c;
    }
    let c = snowflake();
    st.dm_channels.insert(user, c);
    st.channels.insert(
        c,
        ChannelInfo {
            dm_user: Some(user),
            ..ChannelInfo::default()
        },
    );
    c
}

pub(super) fn message_json(
    st: &St,
    id: u64,
    channel: u64,
    content: &str,
    kind: u64,
    flags: u64,
) -> Value {
    let mut mentions = Vec::new();
    let mut seen = HashSet::new();
    let mut rest = content;
    while let Some(i) = rest.find("<@") {
        rest = &rest[i + 2..];
        let digits: String = rest
            .trim_start_matches('!')
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let after = rest
            .trim_start_matches('!')
            .get(digits.len()..)
            .unwrap_or("");
        if let (Ok(u), true) = (digits.parse::<u64>(), after.starts_with('>'))
            && seen.insert(u)
        {
            mentions.push(user_json(st, u));
        }
    }
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": bot_user_json(),
        "content": content, "timestamp": iso_now(), "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": mentions, "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": false, "type": kind, "flags": flags, "components": [],
    })
}

/// Buttons and selects of a message's components (inside action rows).
pub(super) fn leaf_components(components: &Value) -> Vec<&Value> {
    let mut out = Vec::new();
    for row in components.as_array().into_iter().flatten() {
        match row["components"].as_array() {
            Some(children) => out.extend(children.iter()),
            None => out.push(row),
        }
    }
    out
}

pub(super) fn is_png(b: &[u8]) -> bool {
    b.starts_with(b"\x89PNG\r\n\x1a\n")
}

pub(super) fn png_size(b: &[u8]) -> Option<(u32, u32)> {
    if !is_png(b) || b.len() < 24 || &b[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(b[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(b[20..24].try_into().ok()?);
    Some((w, h))
}

pub(super) fn content_type_for(filename: &str) -> &'static str {
    let lower = filename.to_lowercase();
    match lower.rsplit('.').next() {
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("webp") => "image/webp",
        Some("txt") => "text/plain; charset=utf-8",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

static LAST_SNOWFLAKE: AtomicU64 = AtomicU64::new(0);

/// A unique, increasing snowflake (timestamp since the Discord epoch << 22).
pub(super) fn snowflake() -> u64 {
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let candidate = (ms - 1_420_070_400_000) << 22;
    let prev = LAST_SNOWFLAKE
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |last| {
            Some((last + 1).max(candidate))
        })
        .unwrap();
    (prev + 1).max(candidate)
}

pub(super) fn iso_now() -> String {
    let d = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    let secs = d.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}+00:00",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        d.subsec_micros()
    )
}

pub(super) fn error(status: u16, code: i64, message: &str) -> (u16, Option<Value>) {
    (status, Some(json!({ "code": code, "message": message })))
}

/// 400/50035. Discord adds `errors` with string codes per field, which openapi.json's
/// `ErrorDetails` (integer codes) does not allow; the details are in `schema_violations()`.
pub(super) fn form_error(_details: &str) -> (u16, Option<Value>) {
    error(400, 50035, "Invalid Form Body")
}
