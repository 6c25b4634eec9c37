//! Checks of built payloads: options against the registered commands, and every dispatch
//! against serenity's own model.

use super::*;

pub(super) fn must(r: Result<Value, String>) -> Value {
    r.unwrap_or_else(|e| panic!("fake Discord: {e}"))
}

pub(super) fn mark_focused(options: &mut [Value]) {
    fn has_focus(opts: &[Value]) -> bool {
        opts.iter()
            .any(|o| o["focused"] == true || o["options"].as_array().is_some_and(|a| has_focus(a)))
    }
    if has_focus(options) {
        return;
    }
    if let Some(last) = options.last_mut() {
        if let Some(sub) = last.get_mut("options").and_then(Value::as_array_mut) {
            mark_focused(sub);
        } else {
            last["focused"] = json!(true);
        }
    }
}

fn infer_type(v: &Value) -> u64 {
    match v {
        Value::Bool(_) => 5,
        Value::Number(n) if n.is_i64() || n.is_u64() => 4,
        Value::Number(_) => 10,
        _ => 3,
    }
}

/// Fills option types from the registration (or the values) and checks them against it.
pub(super) fn fill_options(
    path: &str,
    given: Vec<Value>,
    registered: Option<&Value>,
    autocomplete: bool,
    resolved_users: &mut Vec<u64>,
) -> Result<Vec<Value>, String> {
    let reg: Option<Vec<Value>> = registered.map(|r| r.as_array().cloned().unwrap_or_default());
    let mut out = Vec::new();
    for mut o in given {
        let name = o["name"]
            .as_str()
            .ok_or_else(|| format!("{path}: option without a name: {o}"))?
            .to_string();
        let r = match &reg {
            Some(reg) => Some(
                reg.iter()
                    .find(|r| r["name"] == name.as_str())
                    .cloned()
                    .ok_or_else(|| {
                        format!(
                            "{path} has no option {name:?} (registered: {:?})",
                            reg.iter().map(|r| r["name"].clone()).collect::<Vec<_>>()
                        )
                    })?,
            ),
            None => None,
        };
        let ty = match (&r, o.get("type").and_then(Value::as_u64)) {
            (Some(r), given_ty) => {
                let rt = r["type"].as_u64().unwrap_or(0);
                if given_ty.is_some_and(|g| g != rt) {
                    return Err(format!(
                        "{path} {name}: type {} given, {rt} registered",
                        given_ty.unwrap()
                    ));
                }
                rt
            }
            (None, Some(t)) => t,
            (None, None) if o.get("options").is_some() && o.get("value").is_none() => 1,
            (None, None) => infer_type(&o["value"]),
        };
        o["type"] = json!(ty);
        let focused = o["focused"] == true;
        if matches!(ty, 1 | 2) {
            let sub = o["options"].as_array().cloned().unwrap_or_default();
            let sub_reg = r.as_ref().map(|r| r["options"].clone());
            o["options"] = Value::Array(fill_options(
                &format!("{path} {name}"),
                sub,
                sub_reg.as_ref(),
                autocomplete,
                resolved_users,
            )?);
        } else if focused {
            if let Some(r) = &r
                && r["autocomplete"] != true
            {
                return Err(format!(
                    "{path} {name}: focused, but not registered with autocomplete"
                ));
            }
            let s = match &o["value"] {
                Value::String(s) => s.clone(),
                Value::Null => String::new(),
                other => other.to_string(),
            };
            o["value"] = json!(s);
        } else {
            let value = &o["value"];
            let ok = match ty {
                3 => value.is_string(),
                4 => value.is_i64() || value.is_u64(),
                5 => value.is_boolean(),
                10 => value.is_number(),
                6..=9 | 11 => value.as_str().is_some_and(|s| s.parse::<u64>().is_ok()),
                _ => true,
            };
            if !ok {
                return Err(format!(
                    "{path} {name}: value {value} does not fit option type {ty}"
                ));
            }
            if ty == 6 {
                resolved_users.push(value.as_str().unwrap().parse().unwrap());
            }
            if let Some(r) = &r {
                if let Some(choices) = r["choices"].as_array().filter(|c| !c.is_empty())
                    && !choices.iter().any(|c| &c["value"] == value)
                {
                    return Err(format!(
                        "{path} {name}: {value} is not one of the registered choices {:?}",
                        choices
                            .iter()
                            .map(|c| c["value"].clone())
                            .collect::<Vec<_>>()
                    ));
                }
                if let (Some(x), Some(min)) = (value.as_f64(), r["min_value"].as_f64())
                    && x < min
                {
                    return Err(format!("{path} {name}: {x} is below min_value {min}"));
                }
                if let (Some(x), Some(max)) = (value.as_f64(), r["max_value"].as_f64())
                    && x > max
                {
                    return Err(format!("{path} {name}: {x} is above max_value {max}"));
                }
                if let Some(s) = value.as_str() {
                    let n = s.chars().count() as u64;
                    if r["min_length"].as_u64().is_some_and(|m| n < m)
                        || r["max_length"].as_u64().is_some_and(|m| n > m)
                    {
                        return Err(format!(
                            "{path} {name}: length {n} outside the registered range"
                        ));
                    }
                }
            }
        }
        out.push(o);
    }
    if let (Some(reg), false) = (&reg, autocomplete) {
        for r in reg {
            let is_sub = matches!(r["type"].as_u64(), Some(1 | 2));
            if r["required"] == true && !is_sub && !out.iter().any(|o| o["name"] == r["name"]) {
                return Err(format!("{path}: required option {} missing", r["name"]));
            }
        }
        let subs = out
            .iter()
            .filter(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
            .count();
        if reg
            .iter()
            .any(|r| matches!(r["type"].as_u64(), Some(1 | 2)))
            && subs != 1
        {
            return Err(format!("{path}: exactly one subcommand must be given"));
        }
    }
    if autocomplete {
        let focused = count_focused(&out);
        if focused != 1 && path.matches(' ').count() == 0 {
            return Err(format!(
                "{path}: an autocomplete needs exactly one focused option, has {focused}"
            ));
        }
    }
    Ok(out)
}

fn count_focused(opts: &[Value]) -> usize {
    opts.iter()
        .map(|o| {
            usize::from(o["focused"] == true)
                + o["options"].as_array().map_or(0, |a| count_focused(a))
        })
        .sum()
}

/// Parses a dispatch as serenity does: `Err` with the reason if serenity would drop it.
pub fn check_dispatch(event_name: &str, data: &Value) -> Result<(), String> {
    use serenity::model::event::Event;
    if event_name == "INTERACTION_CREATE"
        && let Err(e) =
            serde_json::from_value::<serenity::model::application::Interaction>(data.clone())
    {
        return Err(format!(
            "INTERACTION_CREATE payload does not parse as serenity Interaction: {e}"
        ));
    }
    match serde_json::from_value::<Event>(json!({ "t": event_name, "d": data })) {
        Ok(Event::Unknown(_)) => Err(format!(
            "{event_name} payload does not parse as a serenity Event (serenity would drop it as \
             Event::Unknown)"
        )),
        Ok(_) => Ok(()),
        Err(e) => Err(format!(
            "{event_name} payload does not parse as a serenity Event: {e}"
        )),
    }
}

pub(super) fn check_event(event_name: &str, data: &Value) {
    if let Err(e) = check_dispatch(event_name, data) {
        panic!("fake Discord: {e}\n{data:#}");
    }
}
