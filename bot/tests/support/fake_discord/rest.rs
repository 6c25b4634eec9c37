//! The REST API: reading a request, checking it against openapi.json, and answering it.

use super::*;

pub(super) async fn rest(
    State(inner): State<Arc<Inner>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let received = Instant::now();
    let received_at = SystemTime::now();
    let path = uri.path().to_string();
    let raw_query = uri.query().unwrap_or_default().to_string();
    let query: Vec<(String, String)> = raw_query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (p.to_string(), String::new()),
        })
        .collect();
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|s| s.split(';').next().unwrap_or("").trim().to_lowercase());
    let mut problems = Vec::new();
    let mut json_body = None;
    let mut files = Vec::new();
    match content_type.as_deref() {
        _ if body.is_empty() => {}
        Some("multipart/form-data") => {
            let req = Request::builder()
                .header(
                    header::CONTENT_TYPE,
                    headers.get(header::CONTENT_TYPE).unwrap().clone(),
                )
                .body(Body::from(body.clone()))
                .unwrap();
            match Multipart::from_request(req, &()).await {
                Ok(mut mp) => loop {
                    match mp.next_field().await {
                        Ok(Some(field)) => {
                            let name = field.name().unwrap_or_default().to_string();
                            let filename = field.file_name().map(str::to_string);
                            let ct = field.content_type().map(str::to_string);
                            let bytes = match field.bytes().await {
                                Ok(b) => b,
                                Err(e) => {
                                    problems
                                        .push(format!("multipart: cannot read part {name}: {e}"));
                                    break;
                                }
                            };
                            if name == "payload_json" {
                                match serde_json::from_slice(&bytes) {
                                    Ok(v) => json_body = Some(v),
                                    Err(e) => problems
                                        .push(format!("multipart: payload_json is not JSON: {e}")),
                                }
                            } else if name.starts_with("files[") && name.ends_with(']') {
                                files.push((name, filename.unwrap_or_default(), ct, bytes));
                            } else {
                                problems.push(format!("multipart: unexpected part {name:?}"));
                            }
                        }
                        Ok(None) => break,
                        Err(e) => {
                            problems.push(format!("multipart: {e}"));
                            break;
                        }
                    }
                },
                Err(e) => problems.push(format!("multipart: {e}")),
            }
        }
        Some("application/json") => match serde_json::from_slice(&body) {
            Ok(v) => json_body = Some(v),
            Err(e) => problems.push(format!("body is not JSON: {e}")),
        },
        other => problems.push(format!("unexpected content type {other:?} with a body")),
    }

    let route = path.strip_prefix("/api/v10").map(str::to_string);
    let spec = openapi::spec();
    let op = match &route {
        Some(route) => spec.find(method.as_str(), route),
        None => Err(format!("{method} {path}: not under /api/v10")),
    };
    if let Ok(op) = &op {
        problems.extend(spec.check_request(
            op,
            &query,
            content_type.as_deref(),
            json_body.as_ref(),
        ));
    }
    let auth_ok = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Bot ") && v.len() > 4);

    let req = Req {
        method: method.to_string(),
        route: route.clone().unwrap_or_default(),
        query: query.clone(),
        json: json_body.clone(),
        files,
        received,
    };

    let (
        status,
        response,
        interaction_received,
        own_problems,
        injected,
        deduplicated,
        dm_recipient,
        retry_after,
    ) = {
        let mut st = lock(&inner.st);
        let (v0, u0) = (st.violations.len(), st.unhandled.len());
        st.deduplicated = false;
        let dm_recipient = op
            .as_ref()
            .ok()
            .filter(|op| op.template.starts_with("/channels/{channel_id}"))
            .and_then(|op| st.channels.get(&param(op, "channel_id")))
            .and_then(|c| c.dm_user);
        let mut injected = None;
        let (status, response) = match &op {
            Err(e) => {
                st.violations.push(e.clone());
                st.unhandled.push(e.clone());
                error(404, 0, "404: Not Found")
            }
            Ok(_) if !problems.is_empty() => {
                for p in &problems {
                    st.violations.push(format!("{method} {path}: {p}"));
                }
                form_error(&problems.join("; "))
            }
            Ok(op) => {
                let public = op.template.starts_with("/interactions/")
                    || op.template.starts_with("/webhooks/")
                    || op.template.starts_with("/gateway");
                let route = req.route.as_str();
                let fault = st.faults.iter_mut().find(|f| {
                    f.remaining > 0 && f.matcher.fits(method.as_str(), route, dm_recipient)
                });
                if !public && !auth_ok {
                    st.violations
                        .push(format!("{method} {path}: no `Authorization: Bot …` header"));
                    error(401, 0, "401: Unauthorized")
                } else if let Some(fault) = fault {
                    fault.remaining -= 1;
                    let fault = fault.clone();
                    injected = Some(fault.retry_after);
                    injected_error(&fault)
                } else {
                    handle(&inner, &mut st, op, &req)
                }
            }
        };
        let interaction_received = op
            .as_ref()
            .ok()
            .and_then(|op| {
                op.params
                    .get("interaction_token")
                    .or_else(|| op.params.get("webhook_token"))
            })
            .and_then(|t| st.interactions.get(t))
            .and_then(|r| r.dispatched);
        let mut own_problems: Vec<String> = st.violations[v0..].to_vec();
        for u in &st.unhandled[u0..] {
            if !own_problems.contains(u) {
                own_problems.push(u.clone());
            }
        }
        let deduplicated = std::mem::take(&mut st.deduplicated);
        (
            status,
            response,
            interaction_received,
            own_problems,
            injected.is_some(),
            deduplicated,
            dm_recipient,
            injected.filter(|_| status == 429),
        )
    };

    // The fake's own answer: serenity's model and the response schema.
    let mut fake_errors = Vec::new();
    if let Ok(op) = &op {
        // openapi.json lists no 5xx answers; an injected one is not checked against it.
        if status < 500 {
            fake_errors.extend(spec.check_response(op, status, response.as_ref()));
        }
        if let (true, Some(resp)) = ((200..300).contains(&status), &response)
            && let Err(e) = check_model(&op.template, resp)
        {
            fake_errors.push(e);
        }
    }

    let rec = Recorded {
        method: method.to_string(),
        path: path.clone(),
        query: raw_query,
        json: json_body,
        files: req
            .files
            .iter()
            .map(|(_, f, _, b)| (f.clone(), b.clone()))
            .collect(),
        received,
        received_at,
        interaction_received,
        status,
        response: response.clone(),
        problems: own_problems,
        injected,
        deduplicated,
        dm_recipient,
    };
    {
        let mut st = lock(&inner.st);
        for e in fake_errors {
            st.fake_errors
                .push(format!("{method} {path} -> {status}: {e}"));
        }
        let rec = Arc::new(rec);
        if let Some(channel) = rec.channel_id() {
            st.by_channel.entry(channel).or_default().push(rec.clone());
        }
        if let Some(token) = rec.interaction_token() {
            st.by_token
                .entry(token.to_string())
                .or_default()
                .push(rec.clone());
        }
        st.requests.push(rec);
    }
    inner.bump();
    let pause = {
        let mut st = lock(&inner.st);
        let route = path.strip_prefix("/api/v10").unwrap_or_default();
        st.slow
            .iter_mut()
            .find(|s| s.2 > 0 && s.0.fits(method.as_str(), route, dm_recipient))
            .map(|s| {
                s.2 -= 1;
                s.1
            })
    };
    if let Some(pause) = pause {
        tokio::time::sleep(pause).await;
    }

    let status = StatusCode::from_u16(status).unwrap();
    let mut answer = match response {
        Some(v) => (
            status,
            [(header::CONTENT_TYPE, "application/json")],
            v.to_string(),
        )
            .into_response(),
        None => status.into_response(),
    };
    if let Some(retry_after) = retry_after {
        // Discord's header is in whole seconds; the body has the exact value.
        let secs = retry_after.as_secs_f64().ceil() as u64;
        let h = answer.headers_mut();
        h.insert("retry-after", secs.to_string().parse().unwrap());
        h.insert(
            "x-ratelimit-reset-after",
            format!("{:.3}", retry_after.as_secs_f64()).parse().unwrap(),
        );
        h.insert("x-ratelimit-scope", "user".parse().unwrap());
    }
    answer
}

/// The answer of an injected failure.
fn injected_error(fault: &Fault) -> (u16, Option<Value>) {
    let message = match (fault.status, fault.code) {
        (429, _) => "You are being rate limited.",
        (_, 10003) => "Unknown Channel",
        (_, 10008) => "Unknown Message",
        (_, 50001) => "Missing Access",
        (_, 50007) => "Cannot send messages to this user",
        (_, 50013) => "Missing Permissions",
        (s, _) if s >= 500 => "Internal Server Error",
        _ => "Injected failure",
    };
    let mut body = json!({ "code": fault.code, "message": message });
    if fault.status == 429 {
        body["retry_after"] = json!(fault.retry_after.as_secs_f64());
        body["global"] = json!(false);
    }
    (fault.status, Some(body))
}

/// Checks an answer against serenity's model types.
fn check_model(template: &str, resp: &Value) -> Result<(), String> {
    use serenity::model::prelude::*;
    fn parse<T: serde::de::DeserializeOwned>(v: &Value, what: &str) -> Result<(), String> {
        serde_json::from_value::<T>(v.clone())
            .map(|_| ())
            .map_err(|e| format!("answer does not parse as serenity {what}: {e}"))
    }
    match template {
        "/channels/{channel_id}/messages" if resp.is_array() => {
            parse::<Vec<Message>>(resp, "Vec<Message>")
        }
        "/channels/{channel_id}/messages"
        | "/channels/{channel_id}/messages/{message_id}"
        | "/webhooks/{webhook_id}/{webhook_token}"
        | "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
        | "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}" => {
            parse::<Message>(resp, "Message")
        }
        "/users/@me/channels" => parse::<PrivateChannel>(resp, "PrivateChannel"),
        "/channels/{channel_id}" | "/channels/{channel_id}/threads" => {
            parse::<GuildChannel>(resp, "GuildChannel")
        }
        "/guilds/{guild_id}/roles" => parse::<Vec<Role>>(resp, "Vec<Role>"),
        "/guilds/{guild_id}/members/{user_id}" => parse::<Member>(resp, "Member"),
        "/applications/{application_id}/commands"
        | "/applications/{application_id}/guilds/{guild_id}/commands" => {
            parse::<Vec<Command>>(resp, "Vec<Command>")
        }
        "/gateway" => parse::<serenity::model::gateway::Gateway>(resp, "Gateway"),
        "/gateway/bot" => parse::<serenity::model::gateway::BotGateway>(resp, "BotGateway"),
        "/users/@me" => parse::<CurrentUser>(resp, "CurrentUser"),
        _ => Ok(()),
    }
}

pub(super) fn param(op: &openapi::Operation, name: &str) -> u64 {
    op.params
        .get(name)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

pub(super) fn handle(
    inner: &Inner,
    st: &mut St,
    op: &openapi::Operation,
    req: &Req,
) -> (u16, Option<Value>) {
    let m = req.method.as_str();
    if op.template.starts_with("/channels/{channel_id}") {
        let channel = param(op, "channel_id");
        if st.deleted_channels.contains(&channel) {
            return error(404, 10003, "Unknown Channel");
        }
        if st.denied_channels.contains(&channel) {
            return error(403, 50013, "Missing Permissions");
        }
    }
    let granted = match channel_permissions(st, op, req) {
        Ok(granted) => granted,
        Err(refused) => return refused,
    };
    match (m, op.template.as_str()) {
        ("GET", "/gateway") => (200, Some(json!({ "url": inner.ws_url() }))),
        ("GET", "/gateway/bot") => (
            200,
            Some(json!({
                "url": inner.ws_url(), "shards": 1,
                "session_start_limit": { "total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1 },
            })),
        ),
        ("GET", "/users/@me") => {
            let mut u = bot_user_json();
            u["verified"] = json!(true);
            u["mfa_enabled"] = json!(true);
            u["locale"] = json!("en-US");
            (200, Some(u))
        }
        ("PUT", "/applications/{application_id}/commands")
        | ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands") => {
            if param(op, "application_id") != FakeDiscord::APPLICATION_ID {
                return error(403, 50001, "Missing Access");
            }
            let guild = op.params.get("guild_id").and_then(|g| g.parse().ok());
            let mut out = Vec::new();
            let mut names = HashSet::new();
            for c in req
                .json
                .as_ref()
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let name = c["name"].as_str().unwrap_or_default().to_string();
                let kind = c["type"].as_u64().unwrap_or(1);
                if !names.insert((name.clone(), kind)) {
                    st.violations.push(format!(
                        "{} {}: command {name} registered twice",
                        m, req.route
                    ));
                    return form_error("APPLICATION_COMMANDS_DUPLICATE_NAME");
                }
                let id = *st
                    .command_ids
                    .entry((guild, name.clone()))
                    .or_insert_with(snowflake);
                let mut r = json!({
                    "id": id.to_string(), "application_id": FakeDiscord::APPLICATION_ID.to_string(),
                    "version": snowflake().to_string(), "type": kind, "name": name,
                    "description": c["description"].as_str().unwrap_or_default(),
                    "default_member_permissions": c["default_member_permissions"].as_str()
                        .map(str::to_string)
                        .or_else(|| c["default_member_permissions"].as_u64().map(|p| p.to_string())),
                    "dm_permission": c["dm_permission"].as_bool().unwrap_or(true), "nsfw": c["nsfw"].as_bool().unwrap_or(false),
                    "integration_types": c["integration_types"].as_array().cloned().unwrap_or(vec![json!(0)]),
                    "contexts": c.get("contexts").cloned().unwrap_or(Value::Null),
                });
                if let Some(opts) = c["options"].as_array() {
                    r["options"] = Value::Array(opts.iter().map(command_option_response).collect());
                }
                for key in ["name_localizations", "description_localizations"] {
                    if let Some(v) = c.get(key).filter(|v| !v.is_null()) {
                        r[key] = v.clone();
                    }
                }
                if let Some(g) = guild {
                    r["guild_id"] = json!(g.to_string());
                }
                out.push(r);
            }
            st.commands.insert(guild, out.clone());
            (200, Some(Value::Array(out)))
        }
        ("GET", "/applications/{application_id}/commands")
        | ("GET", "/applications/{application_id}/guilds/{guild_id}/commands") => {
            let guild = op.params.get("guild_id").and_then(|g| g.parse().ok());
            (
                200,
                Some(Value::Array(
                    st.commands.get(&guild).cloned().unwrap_or_default(),
                )),
            )
        }
        ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") => {
            callback(inner, st, op, req)
        }
        ("POST", "/webhooks/{webhook_id}/{webhook_token}") => followup(st, op, req),
        (_, "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
        | (_, "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}") => {
            webhook_message(st, op, req)
        }
        ("POST", "/users/@me/channels") => {
            let Some(user) = req.json.as_ref().and_then(|j| id_of(&j["recipient_id"])) else {
                return form_error("recipient_id is required");
            };
            let channel = dm_channel_of(st, user);
            let recipient = user_json(st, user);
            let last = st
                .messages
                .values()
                .rev()
                .find(|m| id_of(&m["channel_id"]) == Some(channel))
                .map(|m| m["id"].clone())
                .unwrap_or(Value::Null);
            (
                200,
                Some(json!({
                    "id": channel.to_string(), "type": 1, "flags": 0, "last_message_id": last,
                    "recipients": [recipient],
                })),
            )
        }
        ("POST", "/channels/{channel_id}/messages") => {
            let channel = param(op, "channel_id");
            let info = match st.channels.get(&channel) {
                Some(info) => info.clone(),
                None => {
                    st.violations.push(format!(
                        "POST {}: channel {channel} is unknown to Discord (not an interaction's channel, \
                         not a DM channel; a user id used as a channel id?)",
                        req.route
                    ));
                    return error(404, 10003, "Unknown Channel");
                }
            };
            if let Some(user) = info.dm_user
                && st.dm_closed.contains(&user)
            {
                return error(403, 50007, "Cannot send messages to this user");
            }
            let body = req.json.clone().unwrap_or(Value::Null);
            let nonce = match &body["nonce"] {
                Value::String(s) => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            };
            if let Some(nonce) = &nonce
                && body["enforce_nonce"] == true
                && let Some(first) = st
                    .nonces
                    .get(&(channel, nonce.clone()))
                    .and_then(|id| st.messages.get(id))
                    .cloned()
            {
                // Discord: the message created with this nonce, nothing new.
                st.deduplicated = true;
                return (200, Some(first));
            }
            match build_message(st, req, channel, 0, 0, false, None) {
                Ok(mut msg) => {
                    if !granted.embeds {
                        // Discord documents that embeds need Embed Links; without it the
                        // message is sent without its embeds (no error).
                        msg["embeds"] = json!([]);
                    }
                    let id = id_of(&msg["id"]).unwrap();
                    st.messages.insert(id, msg.clone());
                    if let Some(nonce) = nonce {
                        if body["enforce_nonce"] == true {
                            let uses = st.nonce_uses.entry((channel, nonce.clone())).or_default();
                            *uses += 1;
                            if *uses > 1 {
                                let problem = format!(
                                    "POST {}: message number {uses} with nonce {nonce:?} in channel \
                                     {channel}: a duplicate (Discord's nonce window had passed)",
                                    req.route
                                );
                                st.violations.push(problem);
                            }
                        }
                        st.nonces.entry((channel, nonce)).or_insert(id);
                    }
                    (200, Some(msg))
                }
                Err(e) => e,
            }
        }
        ("GET", "/channels/{channel_id}/messages") => {
            let channel = param(op, "channel_id");
            if !st.channels.contains_key(&channel) {
                return error(404, 10003, "Unknown Channel");
            }
            let query = |k: &str| {
                req.query
                    .iter()
                    .find(|(key, _)| key == k)
                    .and_then(|(_, v)| v.parse::<u64>().ok())
            };
            let limit = query("limit").unwrap_or(50).clamp(1, 100) as usize;
            if !granted.history {
                // Discord: without Read Message History no messages are returned.
                return (200, Some(json!([])));
            }
            let in_channel = st
                .messages
                .iter()
                .filter(|(_, m)| id_of(&m["channel_id"]) == Some(channel))
                .filter(|(_, m)| m["flags"].as_u64().unwrap_or(0) & EPHEMERAL == 0);
            // Discord: `after` gives the oldest messages after the id, `before` (or neither)
            // the newest before it; newest first either way. Nonces are not kept.
            let mut page: Vec<Value> = match (query("after"), query("before")) {
                (Some(after), _) => in_channel
                    .filter(|(id, _)| **id > after)
                    .take(limit)
                    .map(|(_, m)| m.clone())
                    .collect(),
                (None, before) => {
                    let mut newest: Vec<Value> = in_channel
                        .filter(|(id, _)| before.is_none_or(|b| **id < b))
                        .rev()
                        .take(limit)
                        .map(|(_, m)| m.clone())
                        .collect();
                    newest.reverse();
                    newest
                }
            };
            page.reverse();
            for m in &mut page {
                if let Some(m) = m.as_object_mut() {
                    m.remove("nonce");
                }
            }
            (200, Some(Value::Array(page)))
        }
        ("POST", "/channels/{channel_id}/threads") => create_thread(st, op, req),
        ("GET", "/guilds/{guild_id}/roles") => {
            let guild = param(op, "guild_id");
            if !st.guilds.contains(&guild) {
                return error(404, 10004, "Unknown Guild");
            }
            (200, Some(json!(guild_roles(st, guild))))
        }
        ("GET", "/guilds/{guild_id}/members/{user_id}") => {
            let guild = param(op, "guild_id");
            let user = param(op, "user_id");
            if !st.guilds.contains(&guild) {
                return error(404, 10004, "Unknown Guild");
            }
            // Every user the fake names is a member; the bot also has its own role.
            let roles = if user == FakeDiscord::BOT_USER_ID {
                vec![bot_role_id(guild).to_string()]
            } else {
                Vec::new()
            };
            let user_json = if user == FakeDiscord::BOT_USER_ID {
                bot_user_json()
            } else {
                user_json(st, user)
            };
            (
                200,
                Some(json!({
                    "user": user_json, "roles": roles, "nick": null, "avatar": null,
                    "banner": null, "premium_since": null, "pending": false, "flags": 0,
                    "joined_at": "2024-01-01T00:00:00.000000+00:00", "mute": false,
                    "deaf": false, "communication_disabled_until": null,
                })),
            )
        }
        ("GET", "/channels/{channel_id}") => {
            let channel = param(op, "channel_id");
            match st.channels.get(&channel) {
                Some(info) if info.dm_user.is_none() && info.guild.is_some() => {
                    (200, Some(channel_json(st, channel, info)))
                }
                _ => error(404, 10003, "Unknown Channel"),
            }
        }
        ("GET", "/channels/{channel_id}/messages/{message_id}")
        | ("PATCH", "/channels/{channel_id}/messages/{message_id}")
        | ("DELETE", "/channels/{channel_id}/messages/{message_id}") => {
            let channel = param(op, "channel_id");
            let id = param(op, "message_id");
            let Some(existing) = st
                .messages
                .get(&id)
                .filter(|msg| id_of(&msg["channel_id"]) == Some(channel))
                .cloned()
            else {
                return error(404, 10008, "Unknown Message");
            };
            if existing["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
                return error(404, 10008, "Unknown Message");
            }
            match m {
                "GET" => (200, Some(existing)),
                "DELETE" => {
                    st.messages.remove(&id);
                    (204, None)
                }
                _ => match edit_message(st, req, existing, false) {
                    Ok(mut msg) => {
                        if !granted.embeds
                            && req.json.as_ref().is_some_and(|j| !j["embeds"].is_null())
                        {
                            msg["embeds"] = json!([]);
                        }
                        st.messages.insert(id, msg.clone());
                        (200, Some(msg))
                    }
                    Err(e) => e,
                },
            }
        }
        _ => {
            st.unhandled
                .push(format!("{m} {} (openapi: {})", req.route, op.operation_id));
            error(404, 0, "404: Not Found")
        }
    }
}
