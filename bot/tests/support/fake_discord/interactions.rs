//! Interaction builders: slash commands, autocompletes, buttons and selects as Discord would
//! send them, registered with the fake so that callbacks and followups can be matched.

use super::*;

impl FakeDiscord {
    // --- interaction builders ------------------------------------------------------------------
    //
    // Each builder gives a payload Discord could send: ids and token unique, serenity-0.12.5
    // valid (checked), registered with the fake so callbacks and followups can be matched. The
    // `try_` forms return what is wrong instead of panicking.

    /// A slash command (type 2). `options`: array of `{"name", "value"}` (`"type"` optional: taken
    /// from the registered command, else from the JSON value); subcommands as
    /// `{"name", "options": [...]}`; a `"type": 6` (user) option is added to `data.resolved`.
    /// Once commands are registered, the name, option names and types, choices, ranges and
    /// required options are checked against the registration (guild commands first, then
    /// global ones). Without a guild, `channel` must be `dm_channel(user)`.
    pub fn slash_command(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        name: &str,
        options: Value,
    ) -> Value {
        must(self.try_slash_command(user, channel, guild, name, options))
    }

    pub fn try_slash_command(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        name: &str,
        options: Value,
    ) -> Result<Value, String> {
        self.command_interaction(2, user, channel, guild, name, options)
    }

    /// An autocomplete request (type 4). The option marked `"focused": true` (else the last
    /// one) is the one being typed; its value is sent as a string, as Discord does.
    pub fn autocomplete(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        name: &str,
        options: Value,
    ) -> Value {
        must(self.try_autocomplete(user, channel, guild, name, options))
    }

    pub fn try_autocomplete(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        name: &str,
        options: Value,
    ) -> Result<Value, String> {
        self.command_interaction(4, user, channel, guild, name, options)
    }

    /// A click on button `custom_id` of message `message_id`. If the bot sent that message
    /// through this fake, the interaction carries it and the button must be on it, enabled (a
    /// click on a button that is not there cannot happen); for any other id a stand-in message
    /// with that id is used and nothing is checked.
    pub fn button(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        message_id: u64,
    ) -> Value {
        must(self.try_button(user, channel, guild, custom_id, message_id))
    }

    pub fn try_button(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        message_id: u64,
    ) -> Result<Value, String> {
        self.component_interaction(user, channel, guild, custom_id, None, message_id, true)
    }

    /// A choice in string select `custom_id` of message `message_id` (checked like `button`;
    /// values against the menu's options and min/max).
    pub fn select(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        values: &[&str],
        message_id: u64,
    ) -> Value {
        must(self.try_select(user, channel, guild, custom_id, values, message_id))
    }

    pub fn try_select(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        values: &[&str],
        message_id: u64,
    ) -> Result<Value, String> {
        self.component_interaction(
            user,
            channel,
            guild,
            custom_id,
            Some(values),
            message_id,
            true,
        )
    }

    /// A button click never checked against the message, even one the fake knows: for forged
    /// `custom_id`s on a real message.
    pub fn button_unchecked(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        message_id: u64,
    ) -> Value {
        must(self.component_interaction(user, channel, guild, custom_id, None, message_id, false))
    }

    /// The id of a button or select with `custom_id` on the newest message in `channel` that
    /// has one: (message id, custom_id) — handy to find what to click.
    pub fn find_component(
        &self,
        channel: u64,
        pred: impl Fn(&Value) -> bool,
    ) -> Option<(u64, Value)> {
        let st = self.st();
        st.messages
            .values()
            .rev()
            .filter(|m| id_of(&m["channel_id"]) == Some(channel))
            .find_map(|m| {
                leaf_components(&m["components"])
                    .into_iter()
                    .find(|c| pred(c))
                    .map(|c| (id_of(&m["id"]).unwrap(), c.clone()))
            })
    }
}

impl FakeDiscord {
    fn context(
        &self,
        st: &mut St,
        user: u64,
        channel: u64,
        guild: Option<u64>,
    ) -> Result<Value, String> {
        let perms = st
            .user_permissions
            .get(&user)
            .copied()
            .unwrap_or(permissions::MEMBER);
        let user_json = user_json(st, user);
        let locale = st
            .user_locales
            .get(&user)
            .cloned()
            .unwrap_or_else(|| "en-US".to_string());
        if st.deleted_channels.contains(&channel) {
            return Err(format!("channel {channel} was deleted"));
        }
        let mut v = json!({
            "application_id": Self::APPLICATION_ID.to_string(),
            "channel_id": channel.to_string(),
            "version": 1,
            "app_permissions": app_permissions().to_string(),
            "locale": locale,
            "entitlements": [],
            "attachment_size_limit": MAX_FILE,
        });
        match guild {
            Some(g) => {
                match st.channels.get(&channel) {
                    Some(ChannelInfo {
                        dm_user: Some(u), ..
                    }) => {
                        return Err(format!(
                            "channel {channel} is the DM channel of user {u}, not a channel of guild {g}"
                        ));
                    }
                    Some(ChannelInfo {
                        guild: Some(other), ..
                    }) if *other != g => {
                        return Err(format!(
                            "channel {channel} belongs to guild {other}, not {g}"
                        ));
                    }
                    _ => {}
                }
                // A known channel keeps its thread parent and overwrites.
                st.channels.entry(channel).or_default().guild = Some(g);
                if !st.guilds.contains(&g) {
                    st.guilds.push(g);
                }
                // Discord sends the bot's own permissions in the channel, computed from the
                // guild's roles and the channel's (or a thread's parent's) overwrites.
                let bot = bot_permissions_in(st, channel).unwrap_or(0);
                v["app_permissions"] = json!(bot.to_string());
                v["guild_id"] = json!(g.to_string());
                let guild_locale = st
                    .guild_locales
                    .get(&g)
                    .cloned()
                    .unwrap_or_else(|| "en-US".to_string());
                v["guild"] = json!({ "id": g.to_string(), "locale": guild_locale, "features": [] });
                v["guild_locale"] = json!(guild_locale);
                v["channel"] = json!({
                    "id": channel.to_string(), "type": 0, "name": format!("table-{channel}"),
                    "guild_id": g.to_string(), "permissions": perms.to_string(), "flags": 0,
                    "last_message_id": null, "nsfw": false, "parent_id": null, "position": 0,
                    "rate_limit_per_user": 0, "topic": null,
                });
                if let Some(info) = st.channels.get(&channel)
                    && let Some(parent) = info.parent
                {
                    v["channel"]["type"] = json!(11);
                    v["channel"]["parent_id"] = json!(parent.to_string());
                    v["channel"]["name"] = json!(info.name.clone().unwrap_or_default());
                    v["channel"]["thread_metadata"] = json!({
                        "archived": false, "auto_archive_duration": 10080,
                        "archive_timestamp": iso_now(), "locked": false,
                    });
                }
                v["member"] = json!({
                    "user": user_json, "roles": [], "premium_since": null,
                    "permissions": perms.to_string(), "pending": false, "nick": null,
                    "mute": false, "deaf": false, "joined_at": "2024-01-01T00:00:00.000000+00:00",
                    "flags": 0, "communication_disabled_until": null,
                    "unusual_dm_activity_until": null, "banner": null, "avatar": null,
                });
                v["authorizing_integration_owners"] = json!({ "0": g.to_string() });
                v["context"] = json!(0);
            }
            None => {
                let dm = dm_channel_of(st, user);
                if dm != channel {
                    return Err(format!(
                        "an interaction without a guild happens in the user's DM \
                         channel; user {user}'s is {dm} (fake.dm_channel(user)), not {channel}"
                    ));
                }
                v["user"] = user_json.clone();
                v["channel"] = json!({
                    "id": channel.to_string(), "type": 1, "flags": 0, "last_message_id": null,
                    "recipients": [user_json],
                });
                v["authorizing_integration_owners"] = json!({ "0": "0" });
                v["context"] = json!(1);
            }
        }
        Ok(v)
    }

    fn register(
        &self,
        st: &mut St,
        v: &mut Value,
        kind: u64,
        user: u64,
        channel: u64,
        message: Option<u64>,
    ) {
        let id = snowflake();
        let token = self.inner.token(id);
        v["id"] = json!(id.to_string());
        v["type"] = json!(kind);
        v["token"] = json!(token.clone());
        st.interactions.insert(
            token,
            InteractionRec {
                id,
                kind,
                channel,
                user,
                dispatched: None,
                acked: None,
                original: None,
                deferred_open: false,
                component_message: message,
                followups: Vec::new(),
            },
        );
    }

    fn command_interaction(
        &self,
        kind: u64,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        name: &str,
        options: Value,
    ) -> Result<Value, String> {
        let mut st = self.st();
        let mut v = self.context(&mut st, user, channel, guild)?;
        let registered = guild
            .and_then(|g| st.commands.get(&Some(g)))
            .and_then(|cs| cs.iter().find(|c| c["name"] == name))
            .map(|c| (c.clone(), true))
            .or_else(|| {
                st.commands
                    .get(&None)
                    .and_then(|cs| cs.iter().find(|c| c["name"] == name))
                    .map(|c| (c.clone(), false))
            });
        if registered.is_none() && !st.commands.is_empty() {
            return Err(format!(
                "/{name} is not registered (registered: {:?})",
                st.commands
                    .values()
                    .flatten()
                    .map(|c| c["name"].clone())
                    .collect::<Vec<_>>()
            ));
        }
        let mut options = options.as_array().cloned().unwrap_or_default();
        if kind == 4 {
            mark_focused(&mut options);
        }
        let reg_options = registered.as_ref().map(|(c, _)| c["options"].clone());
        let mut resolved_users = Vec::new();
        let options = fill_options(
            &format!("/{name}"),
            options,
            reg_options.as_ref(),
            kind == 4,
            &mut resolved_users,
        )?;
        let command_id = match &registered {
            Some((c, _)) => id_of(&c["id"]).unwrap(),
            None => *st
                .command_ids
                .entry((None, name.to_string()))
                .or_insert_with(snowflake),
        };
        let mut data = json!({
            "id": command_id.to_string(), "name": name, "type": 1, "options": options,
        });
        if let Some((_, true)) = registered {
            data["guild_id"] = json!(guild.unwrap().to_string());
        }
        if !resolved_users.is_empty() {
            let mut users = serde_json::Map::new();
            let mut members = serde_json::Map::new();
            for u in resolved_users {
                users.insert(u.to_string(), user_json(&st, u));
                members.insert(
                    u.to_string(),
                    json!({ "roles": [], "premium_since": null, "permissions": permissions::MEMBER.to_string(),
                            "pending": false, "nick": null, "joined_at": "2024-01-01T00:00:00.000000+00:00",
                            "flags": 0, "communication_disabled_until": null, "avatar": null, "banner": null }),
                );
            }
            data["resolved"] = json!({ "users": users });
            if guild.is_some() {
                data["resolved"]["members"] = Value::Object(members);
            }
        }
        v["data"] = data;
        self.register(&mut st, &mut v, kind, user, channel, None);
        drop(st);
        check_dispatch("INTERACTION_CREATE", &v)?;
        Ok(v)
    }

    #[allow(clippy::too_many_arguments)]
    fn component_interaction(
        &self,
        user: u64,
        channel: u64,
        guild: Option<u64>,
        custom_id: &str,
        values: Option<&[&str]>,
        message_id: u64,
        checked: bool,
    ) -> Result<Value, String> {
        let mut st = self.st();
        let mut v = self.context(&mut st, user, channel, guild)?;
        // A message the bot sent through this fake is checked (the component must be on it);
        // an unknown id gets a stand-in message.
        let known = st.messages.contains_key(&message_id);
        let checked = checked && known;
        let message = match st.messages.get(&message_id) {
            Some(m) => {
                if id_of(&m["channel_id"]) != Some(channel) && checked {
                    return Err(format!(
                        "message {message_id} is in channel {}, not {channel}",
                        m["channel_id"]
                    ));
                }
                m.clone()
            }
            None => {
                let mut m = message_json(&st, message_id, channel, "", 0, 0);
                m["webhook_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
                m
            }
        };
        let component = leaf_components(&message["components"])
            .into_iter()
            .find(|c| c["custom_id"] == custom_id)
            .cloned();
        let data = match values {
            None => {
                if checked {
                    match &component {
                        Some(c) if c["type"] == 2 => {
                            if c["disabled"] == true {
                                return Err(format!(
                                    "button {custom_id} on message {message_id} is disabled"
                                ));
                            }
                        }
                        Some(c) => {
                            return Err(format!("component {custom_id} is not a button: {c}"));
                        }
                        None => {
                            return Err(format!(
                                "message {message_id} has no button {custom_id}; it has {:?}",
                                leaf_components(&message["components"])
                                    .iter()
                                    .map(|c| c["custom_id"].clone())
                                    .collect::<Vec<_>>()
                            ));
                        }
                    }
                }
                json!({ "custom_id": custom_id, "component_type": 2 })
            }
            Some(values) => {
                if checked {
                    let Some(c) = component.as_ref().filter(|c| c["type"] == 3) else {
                        return Err(format!(
                            "message {message_id} has no string select {custom_id}"
                        ));
                    };
                    if c["disabled"] == true {
                        return Err(format!("select {custom_id} is disabled"));
                    }
                    let allowed: Vec<&str> = c["options"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|o| o["value"].as_str())
                        .collect();
                    for value in values {
                        if !allowed.contains(value) {
                            return Err(format!(
                                "select {custom_id} has no option {value:?} (options {allowed:?})"
                            ));
                        }
                    }
                    let min = c["min_values"].as_u64().unwrap_or(1) as usize;
                    let max = c["max_values"].as_u64().unwrap_or(1) as usize;
                    if values.len() < min || values.len() > max {
                        return Err(format!(
                            "select {custom_id} takes {min}..={max} values, got {}",
                            values.len()
                        ));
                    }
                }
                json!({ "custom_id": custom_id, "component_type": 3, "values": values })
            }
        };
        v["data"] = data;
        v["message"] = message;
        self.register(&mut st, &mut v, 3, user, channel, Some(message_id));
        drop(st);
        check_dispatch("INTERACTION_CREATE", &v)?;
        Ok(v)
    }
}
