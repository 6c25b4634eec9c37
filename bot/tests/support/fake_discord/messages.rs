//! Messages: Discord's documented limits on a body, and messages as Discord answers them.

use super::*;

/// Checks Discord's documented limits on a message body (those openapi.json does not express).
fn check_message_rules(
    st: &mut St,
    req: &Req,
    body: &Value,
    interaction: bool,
    is_edit: bool,
) -> Result<(), (u16, Option<Value>)> {
    let mut problems = Vec::new();
    if let Some(content) = body["content"].as_str() {
        let n = content.chars().count();
        if n > 2000 {
            problems.push(format!("content has {n} characters (at most 2000)"));
        }
    }
    let flags = body["flags"].as_u64().unwrap_or(0);
    let allowed = 4 | 4096 | IS_COMPONENTS_V2 | if interaction { EPHEMERAL } else { 0 };
    if flags & !allowed != 0 {
        problems.push(format!(
            "flags {flags:#x} include {:#x}, which cannot be set here{}",
            flags & !allowed,
            if flags & EPHEMERAL != 0 && !interaction {
                " (ephemeral exists only for interaction responses)"
            } else {
                ""
            }
        ));
    }
    if flags & IS_COMPONENTS_V2 == 0 {
        let rows = body["components"].as_array().map_or(0, Vec::len);
        if rows > 5 {
            problems.push(format!("{rows} action rows (at most 5)"));
        }
        for (i, row) in body["components"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            let children = row["components"].as_array().cloned().unwrap_or_default();
            if children
                .iter()
                .any(|c| c["type"].as_u64().is_some_and(|t| t != 2))
                && children.len() > 1
            {
                problems.push(format!(
                    "action row {i}: a select menu must be alone in its row"
                ));
            }
        }
    }
    let mut ids = HashSet::new();
    for c in leaf_components(&body["components"]) {
        if let Some(id) = c["custom_id"].as_str()
            && !ids.insert(id)
        {
            problems.push(format!("custom_id {id:?} used twice in one message"));
        }
        if c["type"] == 2 {
            let link = c["style"] == 5;
            let premium = c["style"] == 6;
            let has_id = c["custom_id"].as_str().is_some();
            if !link && !premium && !has_id {
                problems.push(format!("button without a custom_id: {c}"));
            }
            if link && (has_id || c["url"].as_str().is_none()) {
                problems.push(format!("a link button needs a url and no custom_id: {c}"));
            }
            let label = c["label"].as_str().is_some_and(|l| !l.is_empty());
            if !premium && !label && c["emoji"].is_null() {
                problems.push(format!("button without a label or an emoji: {c}"));
            }
        }
    }
    // All embeds of a message: at most 6000 characters of text.
    let embed_chars: usize = body["embeds"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| {
            let len = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
            len(&e["title"])
                + len(&e["description"])
                + len(&e["footer"]["text"])
                + len(&e["author"]["name"])
                + e["fields"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|f| len(&f["name"]) + len(&f["value"]))
                    .sum::<usize>()
        })
        .sum();
    if embed_chars > 6000 {
        problems.push(format!(
            "embeds hold {embed_chars} characters (at most 6000)"
        ));
    }
    if req.files.len() > 10 {
        problems.push(format!("{} files (at most 10)", req.files.len()));
    }
    for (field, name, ct, bytes) in &req.files {
        if bytes.len() > MAX_FILE {
            st.violations.push(format!(
                "{} {}: {field} ({name}) has {} bytes",
                req.method,
                req.route,
                bytes.len()
            ));
            return Err(error(413, 40005, "Request entity too large"));
        }
        let says_png = name.to_lowercase().ends_with(".png") || ct.as_deref() == Some("image/png");
        if says_png && !is_png(bytes) {
            problems.push(format!(
                "{field} ({name}) is called a PNG but its bytes are not one"
            ));
        }
    }
    if !is_edit {
        // Every attachments[] entry of a new message refers to a files[id] part.
        for a in body["attachments"].as_array().into_iter().flatten() {
            let id = match &a["id"] {
                Value::Number(n) => n.to_string(),
                Value::String(s) => s.clone(),
                _ => String::new(),
            };
            if !req.files.iter().any(|(f, ..)| *f == format!("files[{id}]")) {
                problems.push(format!("attachments entry id {id} has no files[{id}] part"));
            }
        }
        let empty = body["content"].as_str().is_none_or(str::is_empty)
            && body["embeds"].as_array().is_none_or(Vec::is_empty)
            && body["components"].as_array().is_none_or(Vec::is_empty)
            && body["sticker_ids"].as_array().is_none_or(Vec::is_empty)
            && body["poll"].is_null()
            && req.files.is_empty();
        if empty {
            st.violations
                .push(format!("{} {}: empty message", req.method, req.route));
            return Err(error(400, 50006, "Cannot send an empty message"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        for p in &problems {
            st.violations
                .push(format!("{} {}: [discord limit] {p}", req.method, req.route));
        }
        Err(form_error(&problems.join("; ")))
    }
}

fn component_response(c: &Value, next_id: &mut u64) -> Value {
    let mut r = c.clone();
    if let Some(obj) = r.as_object_mut() {
        obj.retain(|_, v| !v.is_null());
        if obj.get("id").is_none() {
            obj.insert("id".into(), json!(*next_id));
        }
        *next_id += 1;
        if obj.get("type") == Some(&json!(3)) {
            obj.entry("min_values").or_insert(json!(1));
            obj.entry("max_values").or_insert(json!(1));
        }
        if let Some(Value::Array(children)) = obj.get("components").cloned() {
            obj.insert(
                "components".into(),
                Value::Array(
                    children
                        .iter()
                        .map(|ch| component_response(ch, next_id))
                        .collect(),
                ),
            );
        }
        if let Some(Value::Array(options)) = obj.get("options").cloned() {
            obj.insert(
                "options".into(),
                Value::Array(
                    options
                        .into_iter()
                        .map(|mut o| {
                            if let Some(o) = o.as_object_mut() {
                                o.retain(|_, v| !v.is_null());
                            }
                            o
                        })
                        .collect(),
                ),
            );
        }
    }
    r
}

/// The embeds as Discord returns them. An image given as `attachment://name` is one of the
/// files uploaded with the request: Discord answers with its CDN address and its size (read
/// here from the PNG header).
fn embeds_response(embeds: &Value, req: &Req, channel: u64) -> Value {
    let png_size = |bytes: &[u8]| -> Option<(u32, u32)> {
        let header = bytes.get(16..24)?;
        let w = u32::from_be_bytes(header[..4].try_into().ok()?);
        let h = u32::from_be_bytes(header[4..].try_into().ok()?);
        Some((w, h))
    };
    Value::Array(
        embeds
            .as_array()
            .into_iter()
            .flatten()
            .map(|e| {
                let mut e = e.clone();
                if let Some(obj) = e.as_object_mut() {
                    obj.retain(|_, v| !v.is_null());
                    obj.entry("type").or_insert(json!("rich"));
                    obj.insert("content_scan_version".into(), json!(0));
                    for key in ["image", "thumbnail"] {
                        let Some(media) = obj.get_mut(key).and_then(Value::as_object_mut) else {
                            continue;
                        };
                        media.retain(|_, v| !v.is_null());
                        let url = media.get("url").and_then(Value::as_str).unwrap_or("");
                        let Some(name) = url.strip_prefix("attachment://").map(str::to_string)
                        else {
                            continue;
                        };
                        let (w, h) = req
                            .files
                            .iter()
                            .find(|(_, file, _, _)| *file == name)
                            .and_then(|(_, _, _, bytes)| png_size(bytes))
                            .unwrap_or((1, 1));
                        let id = snowflake();
                        media.insert(
                            "url".into(),
                            json!(format!(
                                "https://cdn.discordapp.com/attachments/{channel}/{id}/{name}"
                            )),
                        );
                        media.insert(
                            "proxy_url".into(),
                            json!(format!(
                                "https://media.discordapp.net/attachments/{channel}/{id}/{name}"
                            )),
                        );
                        media.insert("width".into(), json!(w));
                        media.insert("height".into(), json!(h));
                    }
                }
                e
            })
            .collect(),
    )
}

fn attachment_response(
    channel: u64,
    name: &str,
    ct: Option<&str>,
    bytes: &[u8],
    description: &Value,
) -> Value {
    let id = snowflake();
    let mut a = json!({
        "id": id.to_string(), "filename": name, "size": bytes.len(),
        "url": format!("https://cdn.discordapp.com/attachments/{channel}/{id}/{name}"),
        "proxy_url": format!("https://media.discordapp.net/attachments/{channel}/{id}/{name}"),
        "content_type": ct.map(str::to_string).unwrap_or_else(|| content_type_for(name).to_string()),
    });
    if let Some((w, h)) = png_size(bytes) {
        a["width"] = json!(w);
        a["height"] = json!(h);
    }
    if let Some(d) = description.as_str() {
        a["description"] = json!(d);
    }
    a
}

fn new_attachments(req: &Req, body: &Value, channel: u64) -> Vec<Value> {
    req.files
        .iter()
        .map(|(field, name, ct, bytes)| {
            let idx = field.trim_start_matches("files[").trim_end_matches(']');
            let entry = body["attachments"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|a| match &a["id"] {
                    Value::Number(n) => n.to_string() == idx,
                    Value::String(s) => s == idx,
                    _ => false,
                })
                .cloned()
                .unwrap_or(Value::Null);
            let filename = entry["filename"]
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| name.clone());
            attachment_response(
                channel,
                &filename,
                ct.as_deref(),
                bytes,
                &entry["description"],
            )
        })
        .collect()
}

/// A new message from a create body (checked against Discord's limits).
pub(super) fn build_message(
    st: &mut St,
    req: &Req,
    channel: u64,
    kind: u64,
    extra_flags: u64,
    interaction: bool,
    reuse_id: Option<u64>,
) -> Result<Value, (u16, Option<Value>)> {
    let body = req.json.clone().unwrap_or(json!({}));
    check_message_rules(st, req, &body, interaction, false)?;
    let id = reuse_id.unwrap_or_else(snowflake);
    let flags = body["flags"].as_u64().unwrap_or(0) | extra_flags;
    let mut msg = message_json(
        st,
        id,
        channel,
        body["content"].as_str().unwrap_or(""),
        kind,
        flags,
    );
    msg["embeds"] = embeds_response(&body["embeds"], req, channel);
    let mut next = 1;
    msg["components"] = Value::Array(
        body["components"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| component_response(c, &mut next))
            .collect(),
    );
    msg["attachments"] = Value::Array(new_attachments(req, &body, channel));
    if body["tts"] == true {
        msg["tts"] = json!(true);
    }
    if interaction {
        msg["webhook_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
        msg["application_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
    }
    if let Some(nonce) = body.get("nonce").filter(|n| !n.is_null()) {
        msg["nonce"] = nonce.clone();
    }
    Ok(msg)
}

/// An edited message: fields present in the body replace the old ones.
pub(super) fn edit_message(
    st: &mut St,
    req: &Req,
    mut msg: Value,
    interaction: bool,
) -> Result<Value, (u16, Option<Value>)> {
    let body = req.json.clone().unwrap_or(json!({}));
    check_message_rules(st, req, &body, interaction, true)?;
    let channel = id_of(&msg["channel_id"]).unwrap_or(0);
    if let Some(content) = body.get("content").filter(|c| !c.is_null()) {
        let content = content.as_str().unwrap_or("");
        let fresh = message_json(st, 0, channel, content, 0, 0);
        msg["content"] = json!(content);
        msg["mentions"] = fresh["mentions"].clone();
    }
    if let Some(embeds) = body.get("embeds").filter(|e| !e.is_null()) {
        msg["embeds"] = embeds_response(embeds, req, channel);
    }
    if let Some(components) = body.get("components").filter(|c| !c.is_null()) {
        let mut next = 1;
        msg["components"] = Value::Array(
            components
                .as_array()
                .into_iter()
                .flatten()
                .map(|c| component_response(c, &mut next))
                .collect(),
        );
    }
    if body.get("attachments").is_some_and(|a| !a.is_null()) || !req.files.is_empty() {
        let kept: Vec<Value> = msg["attachments"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|old| {
                body["attachments"]
                    .as_array()
                    .is_none_or(|list| list.iter().any(|a| id_of(&a["id"]) == id_of(&old["id"])))
            })
            .cloned()
            .collect();
        let mut all = kept;
        all.extend(new_attachments(req, &body, channel));
        msg["attachments"] = Value::Array(all);
    }
    let old_flags = msg["flags"].as_u64().unwrap_or(0);
    let mut flags = old_flags & !LOADING;
    if let Some(f) = body["flags"].as_u64() {
        // Only SUPPRESS_EMBEDS can be changed by an edit.
        flags = (flags & !4) | (f & 4);
    }
    msg["flags"] = json!(flags);
    let empty = |k: &str| msg[k].as_array().is_none_or(Vec::is_empty);
    if msg["content"].as_str().is_none_or(str::is_empty)
        && empty("embeds")
        && empty("attachments")
        && empty("components")
        && empty("sticker_items")
        && msg["poll"].is_null()
    {
        st.violations.push(format!(
            "{} {}: the edit leaves the message empty",
            req.method, req.route
        ));
        return Err(error(400, 50006, "Cannot send an empty message"));
    }
    if old_flags & LOADING == 0 {
        // Completing a deferred ("thinking") message is not shown as an edit.
        msg["edited_timestamp"] = json!(iso_now());
    }
    Ok(msg)
}
