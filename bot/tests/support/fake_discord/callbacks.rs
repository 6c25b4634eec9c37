//! Interaction answers: callbacks, followups and edits of the original response.

use super::*;

/// Echo of a registered command option as Discord answers it.
pub(super) fn command_option_response(o: &Value) -> Value {
    let mut r = o.clone();
    if let Some(obj) = r.as_object_mut() {
        obj.retain(|_, v| !v.is_null());
        if obj.get("required") == Some(&json!(false)) {
            obj.remove("required");
        }
        if let Some(Value::Array(choices)) = obj.get("choices")
            && choices.is_empty()
        {
            obj.remove("choices");
        }
        if let Some(Value::Array(sub)) = obj.get("options").cloned() {
            obj.insert(
                "options".into(),
                Value::Array(sub.iter().map(command_option_response).collect()),
            );
        }
    }
    r
}

fn lookup<'a>(
    st: &'a mut St,
    op: &openapi::Operation,
) -> Result<(String, &'a mut InteractionRec), (u16, Option<Value>)> {
    let (token, app) = match op.params.get("webhook_token") {
        Some(t) => (t.clone(), Some(param(op, "webhook_id"))),
        None => (
            op.params
                .get("interaction_token")
                .cloned()
                .unwrap_or_default(),
            None,
        ),
    };
    if let Some(app) = app
        && app != FakeDiscord::APPLICATION_ID
    {
        return Err(error(404, 10015, "Unknown Webhook"));
    }
    match st.interactions.get_mut(&token) {
        Some(rec) => Ok((token, rec)),
        None if app.is_some() => Err(error(401, 50027, "Invalid Webhook Token")),
        None => Err(error(404, 10062, "Unknown interaction")),
    }
}

pub(super) fn callback(
    inner: &Inner,
    st: &mut St,
    op: &openapi::Operation,
    req: &Req,
) -> (u16, Option<Value>) {
    let route = req.route.clone();
    let ty = req
        .json
        .as_ref()
        .and_then(|j| j["type"].as_u64())
        .unwrap_or(0);
    let data = req
        .json
        .as_ref()
        .map(|j| j["data"].clone())
        .unwrap_or(Value::Null);
    let rec = match lookup(st, op) {
        Ok((_, rec)) => rec.clone(),
        Err(e) => return e,
    };
    if rec.id != param(op, "interaction_id") {
        return error(404, 10062, "Unknown interaction");
    }
    let Some(dispatched) = rec.dispatched else {
        st.violations.push(format!(
            "POST {route}: callback for an interaction that was never dispatched"
        ));
        return error(404, 10062, "Unknown interaction");
    };
    if let Some(deadline) = inner.opts.ack_deadline {
        let latency = req.received.saturating_duration_since(dispatched);
        if latency > deadline {
            st.violations.push(format!(
                "POST {route}: acknowledged {latency:?} after the dispatch (Discord allows \
                 {deadline:?}; the interaction is gone: 10062)"
            ));
            return error(404, 10062, "Unknown interaction");
        }
    }
    if rec.acked.is_some() {
        return error(400, 40060, "Interaction has already been acknowledged.");
    }
    let allowed: &[u64] = match rec.kind {
        2 => &[4, 5, 9],
        3 => &[4, 5, 6, 7, 9],
        4 => &[8],
        5 => &[4, 5, 6, 7],
        _ => &[],
    };
    if !allowed.contains(&ty) {
        st.violations.push(format!(
            "POST {route}: callback type {ty} is not allowed for interaction type {} (allowed {allowed:?})",
            rec.kind
        ));
        return form_error("Interaction callback type is invalid for this interaction");
    }
    let mut update = rec.clone();
    update.acked = Some(ty);
    match ty {
        4 | 5 => {
            let flags = data["flags"].as_u64().unwrap_or(0);
            let kind = if rec.kind == 2 { 20 } else { 0 };
            let result = if ty == 4 {
                build_message(
                    st,
                    &req_with_json(req, data.clone()),
                    rec.channel,
                    kind,
                    0,
                    true,
                    None,
                )
            } else {
                let id = snowflake();
                let mut msg =
                    message_json(st, id, rec.channel, "", kind, LOADING | (flags & EPHEMERAL));
                msg["webhook_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
                msg["application_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
                Ok(msg)
            };
            match result {
                Ok(msg) => {
                    let id = id_of(&msg["id"]).unwrap();
                    st.messages.insert(id, msg);
                    update.original = Some(id);
                    update.deferred_open = ty == 5;
                }
                Err(e) => return e,
            }
        }
        6 => update.original = rec.component_message,
        7 => {
            let Some(mid) = rec.component_message else {
                return form_error("no message to update");
            };
            let Some(existing) = st.messages.get(&mid).cloned() else {
                return error(404, 10008, "Unknown Message");
            };
            match edit_message(st, &req_with_json(req, data.clone()), existing, true) {
                Ok(msg) => {
                    st.messages.insert(mid, msg);
                    update.original = Some(mid);
                }
                Err(e) => return e,
            }
        }
        8 => {
            let n = data["choices"].as_array().map_or(0, Vec::len);
            if n > 25 {
                st.violations.push(format!(
                    "POST {route}: {n} autocomplete choices (at most 25)"
                ));
                return form_error("choices: at most 25");
            }
        }
        _ => {}
    }
    let token = op.params["interaction_token"].clone();
    st.interactions.insert(token, update);
    (204, None)
}

fn req_with_json(req: &Req, json: Value) -> Req {
    Req {
        method: req.method.clone(),
        route: req.route.clone(),
        query: req.query.clone(),
        json: Some(json),
        files: req.files.clone(),
        received: req.received,
    }
}

pub(super) fn followup(st: &mut St, op: &openapi::Operation, req: &Req) -> (u16, Option<Value>) {
    let (token, rec) = match lookup(st, op) {
        Ok((t, rec)) => (t, rec.clone()),
        Err(e) => return e,
    };
    if rec.acked.is_none() || rec.acked == Some(8) {
        return error(404, 10015, "Unknown Webhook");
    }
    let mut update = rec.clone();
    let result = if let (true, Some(original)) = (rec.deferred_open, rec.original) {
        // The first followup after a deferral completes the deferred message, which keeps the
        // deferral's ephemerality.
        let Some(existing) = st.messages.get(&original).cloned() else {
            return error(404, 10015, "Unknown Webhook");
        };
        let keep = existing["flags"].as_u64().unwrap_or(0) & EPHEMERAL;
        let body = req.json.clone().map(|mut j| {
            let f = j["flags"].as_u64().unwrap_or(0) & !EPHEMERAL;
            j["flags"] = json!(f | keep);
            j
        });
        let r = build_message(
            st,
            &req_with_json(req, body.unwrap_or(json!({}))),
            rec.channel,
            existing["type"].as_u64().unwrap_or(0),
            0,
            true,
            Some(original),
        );
        update.deferred_open = false;
        r
    } else {
        build_message(st, req, rec.channel, 0, 0, true, None)
    };
    match result {
        Ok(msg) => {
            let id = id_of(&msg["id"]).unwrap();
            st.messages.insert(id, msg.clone());
            if Some(id) != rec.original {
                update.followups.push(id);
            }
            st.interactions.insert(token, update);
            (200, Some(msg))
        }
        Err(e) => e,
    }
}

pub(super) fn webhook_message(
    st: &mut St,
    op: &openapi::Operation,
    req: &Req,
) -> (u16, Option<Value>) {
    let (token, rec) = match lookup(st, op) {
        Ok((t, rec)) => (t, rec.clone()),
        Err(e) => return e,
    };
    let id = if op.template.ends_with("@original") {
        match rec.original {
            Some(id) => id,
            None if rec.acked.is_none() => return error(404, 10015, "Unknown Webhook"),
            None => return error(404, 10008, "Unknown Message"),
        }
    } else {
        let id = param(op, "message_id");
        if Some(id) != rec.original && !rec.followups.contains(&id) {
            return error(404, 10008, "Unknown Message");
        }
        id
    };
    let Some(existing) = st.messages.get(&id).cloned() else {
        return error(404, 10008, "Unknown Message");
    };
    match req.method.as_str() {
        "GET" => (200, Some(existing)),
        "DELETE" => {
            st.messages.remove(&id);
            (204, None)
        }
        "PATCH" => match edit_message(st, req, existing, true) {
            Ok(msg) => {
                st.messages.insert(id, msg.clone());
                if Some(id) == rec.original && rec.deferred_open {
                    let mut update = rec;
                    update.deferred_open = false;
                    st.interactions.insert(token, update);
                }
                (200, Some(msg))
            }
            Err(e) => e,
        },
        _ => error(405, 0, "405: Method Not Allowed"),
    }
}
