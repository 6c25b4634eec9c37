//! Checks HTTP requests (and the fake's own answers) against Discord's published OpenAPI 3.1
//! description (`shared/discord/openapi.json`, from discord/discord-api-spec, MIT).
//!
//! How it works:
//! - The spec is loaded once per test process (`spec()`), from `$TURNPOST_DISCORD_OPENAPI` or
//!   the copy in `bot/tests/support/discord-api-spec/openapi.json`.
//! - A request path (after `/api/v10`) is matched segment by segment against every path template
//!   of the spec; `{param}` matches any one segment, and when several templates match the one
//!   with the most literal segments wins (`…/messages/@original` beats `…/messages/{message_id}`).
//! - The schema to check against is taken from the operation (`requestBody.content[type].schema`,
//!   a path/query parameter's `schema`, or `responses[status].content["application/json"].schema`)
//!   and compiled by the `jsonschema` crate (draft 2020-12, the dialect of OpenAPI 3.1) inside a
//!   root document that also carries the spec's whole `components` object, so every
//!   `{"$ref": "#/components/schemas/X"}` resolves by JSON pointer against that root, recursion
//!   included. Compiled validators are cached per (operation, location).
//! - When a body fails a top-level `anyOf`/`oneOf` (the interaction callback is an `anyOf` of seven
//!   request shapes), every branch is checked on its own and its errors are reported, so the
//!   message says what is wrong rather than "not valid under any of the schemas".
//!
//! The deliberate leniencies are listed in [`LENIENCIES`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::{Value, json};

/// Where the spec is more exact than Discord is. Each is applied to the loaded spec before use.
pub const LENIENCIES: &[&str] = &[
    "SnowflakeType also accepts a non-negative integer: Discord takes snowflakes as JSON numbers \
     too, and serenity 0.12.5 sends the placeholder ids of new attachments \
     (`attachments: [{\"id\": 0, …}]`) as numbers.",
    "`default_member_permissions` of command create/update/patch requests also accepts a string \
     of digits: Discord documents the field as a string (a permission bit set), answers it as \
     one, and serenity 0.12.5 sends it as one; the spec types it as an integer.",
];

/// A spec operation matched from a request.
#[derive(Debug, Clone)]
pub struct Operation {
    /// Index into the spec's operation table.
    index: usize,
    /// The spec's path template, e.g. `/channels/{channel_id}/messages`.
    pub template: String,
    /// `operationId` of the spec.
    pub operation_id: String,
    /// Path parameters by name.
    pub params: HashMap<String, String>,
}

struct OpEntry {
    template: String,
    segments: Vec<Segment>,
    method: String,
    /// The operation object, with `parameters` of the path item merged in.
    op: Value,
}

#[derive(Clone)]
enum Segment {
    Literal(String),
    Param(String),
}

pub struct Spec {
    components: Value,
    ops: Vec<OpEntry>,
    validators: Mutex<HashMap<(usize, String), Arc<jsonschema::Validator>>>,
}

impl std::fmt::Debug for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Spec")
            .field("operations", &self.ops.len())
            .finish()
    }
}

/// The process-wide spec (loaded and indexed on first use).
pub fn spec() -> &'static Spec {
    static SPEC: OnceLock<Spec> = OnceLock::new();
    SPEC.get_or_init(Spec::load)
}

fn spec_path() -> std::path::PathBuf {
    if let Some(p) = std::env::var_os("TURNPOST_DISCORD_OPENAPI") {
        return p.into();
    }
    // A copy is kept in the repository, so a clean clone tests against it without the
    // workspace's shared folder (discord/discord-api-spec, MIT: see the LICENSE beside it).
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/support/discord-api-spec/openapi.json")
}

impl Spec {
    fn load() -> Spec {
        let path = spec_path();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "fake Discord: cannot read Discord's OpenAPI description at {} ({e}); \
                 set TURNPOST_DISCORD_OPENAPI to its path",
                path.display()
            )
        });
        let doc: Value = serde_json::from_str(&text).expect("openapi.json is JSON");
        Spec::from_doc(doc)
    }

    fn from_doc(mut doc: Value) -> Spec {
        // Leniency 1 (see LENIENCIES).
        let snowflake = &mut doc["components"]["schemas"]["SnowflakeType"];
        let strict = snowflake.take();
        *snowflake = json!({ "anyOf": [strict, { "type": "integer", "minimum": 0 }] });

        // Leniency 2.
        for name in [
            "ApplicationCommandCreateRequest",
            "ApplicationCommandUpdateRequest",
            "ApplicationCommandPatchRequestPartial",
        ] {
            let prop =
                &mut doc["components"]["schemas"][name]["properties"]["default_member_permissions"];
            if !prop.is_null() {
                let strict = prop.take();
                *prop =
                    json!({ "anyOf": [strict, { "type": "string", "pattern": "^[0-9]{1,20}$" }] });
            }
        }

        let mut ops = Vec::new();
        let paths = doc["paths"].as_object().expect("paths").clone();
        for (template, item) in paths {
            let item_params = item.get("parameters").cloned().unwrap_or(json!([]));
            let segments = template
                .trim_start_matches('/')
                .split('/')
                .map(|s| {
                    if s.starts_with('{') && s.ends_with('}') {
                        Segment::Param(s[1..s.len() - 1].to_string())
                    } else {
                        Segment::Literal(s.to_string())
                    }
                })
                .collect::<Vec<_>>();
            for (method, op) in item.as_object().expect("path item") {
                if !matches!(method.as_str(), "get" | "put" | "post" | "patch" | "delete") {
                    continue;
                }
                let mut op = op.clone();
                let mut params = item_params.as_array().cloned().unwrap_or_default();
                params.extend(op["parameters"].as_array().cloned().unwrap_or_default());
                op["parameters"] = Value::Array(params);
                ops.push(OpEntry {
                    template: template.clone(),
                    segments: segments.clone(),
                    method: method.to_uppercase(),
                    op,
                });
            }
        }
        Spec {
            components: doc["components"].take(),
            ops,
            validators: Mutex::new(HashMap::new()),
        }
    }

    /// Finds the operation for `method` and `path` (the part after `/api/v10`).
    pub fn find(&self, method: &str, path: &str) -> Result<Operation, String> {
        let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let mut best: Option<(usize, usize, HashMap<String, String>)> = None;
        let mut path_matched = false;
        for (index, entry) in self.ops.iter().enumerate() {
            if entry.segments.len() != parts.len() {
                continue;
            }
            let mut params = HashMap::new();
            let mut literals = 0;
            let ok = entry
                .segments
                .iter()
                .zip(&parts)
                .all(|(seg, part)| match seg {
                    Segment::Literal(l) => {
                        literals += 1;
                        l == part
                    }
                    Segment::Param(name) => {
                        params.insert(name.clone(), (*part).to_string());
                        !part.is_empty()
                    }
                });
            if !ok {
                continue;
            }
            path_matched = true;
            if entry.method != method {
                continue;
            }
            if best.as_ref().is_none_or(|(_, l, _)| literals > *l) {
                best = Some((index, literals, params));
            }
        }
        match best {
            Some((index, _, params)) => {
                let entry = &self.ops[index];
                Ok(Operation {
                    index,
                    template: entry.template.clone(),
                    operation_id: entry.op["operationId"].as_str().unwrap_or("?").to_string(),
                    params,
                })
            }
            None if path_matched => Err(format!(
                "{method} {path}: the path exists in openapi.json but not this method"
            )),
            None => Err(format!("{method} {path}: no such route in openapi.json")),
        }
    }

    fn resolve<'a>(&'a self, v: &'a Value) -> &'a Value {
        // Resolves an OpenAPI-level `$ref` (request bodies, responses) into `#/components/…`.
        match v.get("$ref").and_then(Value::as_str) {
            Some(r) => match r.strip_prefix("#/components") {
                Some(ptr) => self.components.pointer(ptr).unwrap_or(&Value::Null),
                None => &Value::Null,
            },
            None => v,
        }
    }

    fn validator(&self, op: &Operation, key: &str, schema: &Value) -> Arc<jsonschema::Validator> {
        let cache_key = (op.index, key.to_string());
        if let Some(v) = self.validators.lock().unwrap().get(&cache_key) {
            return v.clone();
        }
        let v = Arc::new(self.compile(schema));
        self.validators.lock().unwrap().insert(cache_key, v.clone());
        v
    }

    fn compile(&self, schema: &Value) -> jsonschema::Validator {
        let root = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "components": self.components,
            "allOf": [schema],
        });
        jsonschema::draft202012::options()
            .build(&root)
            .unwrap_or_else(|e| panic!("fake Discord: cannot compile schema {schema}: {e}"))
    }

    fn check(
        &self,
        op: &Operation,
        key: &str,
        schema: &Value,
        instance: &Value,
        what: &str,
    ) -> Vec<String> {
        let validator = self.validator(op, key, schema);
        if validator.is_valid(instance) {
            return Vec::new();
        }
        let mut out: Vec<String> = validator
            .iter_errors(instance)
            .take(8)
            .map(|e| format!("{what} at '{}': {e}", e.instance_path))
            .collect();
        // A union at the top: say what each branch objects to.
        let schema = self.resolve_schema(schema);
        for keyword in ["anyOf", "oneOf"] {
            if let Some(branches) = schema.get(keyword).and_then(Value::as_array) {
                for (i, branch) in branches.iter().enumerate() {
                    let name = branch["$ref"]
                        .as_str()
                        .unwrap_or("inline")
                        .rsplit('/')
                        .next();
                    let v = self.validator(op, &format!("{key}/{keyword}/{i}"), branch);
                    let errs: Vec<String> = v
                        .iter_errors(instance)
                        .take(4)
                        .map(|e| format!("'{}': {e}", e.instance_path))
                        .collect();
                    if !errs.is_empty() {
                        out.push(format!(
                            "  {what}, branch {keyword}[{i}] {}: {}",
                            name.unwrap_or(""),
                            errs.join("; ")
                        ));
                    }
                }
            }
        }
        out
    }

    fn resolve_schema<'a>(&'a self, schema: &'a Value) -> &'a Value {
        let mut s = schema;
        // Follow `$ref` chains and a single-element `allOf` (the multipart form schemas).
        for _ in 0..8 {
            if let Some(r) = s.get("$ref").and_then(Value::as_str) {
                s = r
                    .strip_prefix("#/components")
                    .and_then(|p| self.components.pointer(p))
                    .unwrap_or(&Value::Null);
            } else {
                break;
            }
        }
        s
    }

    /// Checks path and query parameters and the body of a request. `content_type` is the media
    /// type without parameters; `body` is the JSON body (for multipart: the parsed `payload_json`).
    pub fn check_request(
        &self,
        op: &Operation,
        query: &[(String, String)],
        content_type: Option<&str>,
        body: Option<&Value>,
    ) -> Vec<String> {
        let entry = &self.ops[op.index];
        let mut out = Vec::new();
        let params = entry.op["parameters"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for p in &params {
            let p = self.resolve(p);
            let name = p["name"].as_str().unwrap_or_default();
            match p["in"].as_str() {
                Some("path") => {
                    if let Some(value) = op.params.get(name) {
                        let v = Value::String(value.clone());
                        out.extend(self.check(
                            op,
                            &format!("path:{name}"),
                            &p["schema"],
                            &v,
                            &format!("path parameter {name}"),
                        ));
                    }
                }
                Some("query")
                    if p["required"].as_bool() == Some(true)
                        && !query.iter().any(|(k, _)| k == name) =>
                {
                    out.push(format!("query parameter {name} is required"));
                }
                _ => {}
            }
        }
        for (k, raw) in query {
            let Some(p) = params
                .iter()
                .map(|p| self.resolve(p))
                .find(|p| p["in"] == "query" && p["name"] == k.as_str())
            else {
                out.push(format!(
                    "query parameter {k} is not in openapi.json for this operation"
                ));
                continue;
            };
            let ty = self.resolve_schema(&p["schema"])["type"].clone();
            let v = match ty.as_str() {
                Some("boolean") => match raw.as_str() {
                    "true" | "True" | "1" => json!(true),
                    "false" | "False" | "0" => json!(false),
                    _ => Value::String(raw.clone()),
                },
                Some("integer") => raw
                    .parse::<i64>()
                    .map(Value::from)
                    .unwrap_or(Value::String(raw.clone())),
                _ => Value::String(raw.clone()),
            };
            out.extend(self.check(
                op,
                &format!("query:{k}"),
                &p["schema"],
                &v,
                &format!("query parameter {k}"),
            ));
        }
        let request_body = entry.op.get("requestBody").map(|b| self.resolve(b));
        match (request_body, content_type, body) {
            (None, _, None) => {}
            (None, ct, Some(_)) => out.push(format!(
                "the operation takes no request body, but one was sent ({})",
                ct.unwrap_or("no content type")
            )),
            (Some(rb), _, None) => {
                if rb["required"].as_bool() == Some(true) {
                    out.push("the operation requires a request body; none was sent".to_string());
                }
            }
            (Some(rb), ct, Some(body)) => {
                let ct = ct.unwrap_or("application/json");
                match rb["content"].get(ct) {
                    Some(media) => out.extend(self.check(
                        op,
                        &format!("body:{ct}"),
                        &media["schema"],
                        body,
                        "body",
                    )),
                    None => out.push(format!(
                        "content type {ct} is not accepted here (openapi.json lists {})",
                        rb["content"]
                            .as_object()
                            .map(|m| m.keys().cloned().collect::<Vec<_>>().join(", "))
                            .unwrap_or_default()
                    )),
                }
            }
        }
        out
    }

    /// Checks one of the fake's own JSON answers against the response schema of the operation.
    pub fn check_response(&self, op: &Operation, status: u16, body: Option<&Value>) -> Vec<String> {
        let entry = &self.ops[op.index];
        let responses = &entry.op["responses"];
        let exact = status.to_string();
        let class = format!("{}XX", status / 100);
        let Some(resp) = responses.get(&exact).or_else(|| responses.get(&class)) else {
            return vec![format!(
                "status {status} is not listed in openapi.json for this operation"
            )];
        };
        let resp = self.resolve(resp);
        match (resp["content"].get("application/json"), body) {
            (None, None) => Vec::new(),
            (None, Some(_)) => vec![format!("status {status} has no body in openapi.json")],
            (Some(_), None) => vec![format!("status {status} needs a JSON body")],
            (Some(media), Some(body)) => self.check(
                op,
                &format!("response:{exact}"),
                &media["schema"],
                body,
                &format!("response {status}"),
            ),
        }
    }
}
