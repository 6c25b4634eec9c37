//! Requests as the fake recorded them (`Recorded`), how tests select them (`Matcher`), and the
//! queries over the recorded list.

use super::*;

/// One HTTP request the fake received, with its answer.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    /// Full path without the query, e.g. `/api/v10/channels/5/messages`.
    pub path: String,
    /// Raw query string (serenity writes `?&wait=true`), empty if none.
    pub query: String,
    /// The JSON body, or for multipart the parsed `payload_json`.
    pub json: Option<Value>,
    /// Multipart files: (filename, bytes), in `files[n]` order. `Bytes` (cheap to clone, derefs
    /// to `[u8]`) so that copies of the request list stay cheap with many PNGs in it.
    pub files: Vec<(String, Bytes)>,
    pub received: Instant,
    /// The same moment by the wall clock, to compare with times the bot stores (e.g. commit →
    /// receipt latency of a delivery).
    pub received_at: SystemTime,
    /// When the interaction this request answers (callback, followup, edit) was written to the
    /// gateway socket; `received - interaction_received` is the bot's latency.
    pub interaction_received: Option<Instant>,
    pub status: u16,
    pub response: Option<Value>,
    /// What the fake found wrong with this request (schema, Discord's limits, an unknown
    /// route, a late acknowledgement, …); each also in `schema_violations()` or `unhandled()`.
    pub problems: Vec<String>,
    /// Answered by a failure injected with `fail_requests` (declared expected by that).
    pub injected: bool,
    /// A create with `enforce_nonce` whose nonce was already used in the channel: answered
    /// with the first message, nothing created.
    pub deduplicated: bool,
    /// For `/channels/{id}/…` requests to a DM channel: the user it belongs to.
    pub dm_recipient: Option<u64>,
}

impl Recorded {
    /// The path after `/api/v10`.
    pub fn route(&self) -> &str {
        self.path.strip_prefix("/api/v10").unwrap_or(&self.path)
    }
    fn parts(&self) -> Vec<&str> {
        self.route().trim_start_matches('/').split('/').collect()
    }
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }
    /// `POST /interactions/{id}/{token}/callback`.
    pub fn is_callback(&self) -> bool {
        let p = self.parts();
        self.method == "POST" && p.len() == 4 && p[0] == "interactions" && p[3] == "callback"
    }
    /// The callback type (5 = deferred message, 6 = deferred update, …) of a callback.
    pub fn callback_type(&self) -> Option<u64> {
        if !self.is_callback() {
            return None;
        }
        self.json.as_ref()?.get("type")?.as_u64()
    }
    /// A deferral (callback type 5 or 6).
    pub fn is_deferral(&self) -> bool {
        matches!(self.callback_type(), Some(5 | 6))
    }
    /// `POST /webhooks/{app}/{token}` (an interaction followup).
    pub fn is_followup(&self) -> bool {
        let p = self.parts();
        self.method == "POST" && p.len() == 3 && p[0] == "webhooks"
    }
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    pub fn is_original_edit(&self) -> bool {
        let p = self.parts();
        self.method == "PATCH" && p.len() == 5 && p[0] == "webhooks" && p[4] == "@original"
    }
    /// The interaction token of a callback, followup or webhook edit.
    pub fn interaction_token(&self) -> Option<&str> {
        let p = self.parts();
        match p.first() {
            Some(&"interactions") if p.len() >= 3 => Some(p[2]),
            Some(&"webhooks") if p.len() >= 3 => Some(p[2]),
            _ => None,
        }
    }
    /// Whether this request answers `interaction` (a value from a builder).
    pub fn belongs_to(&self, interaction: &Value) -> bool {
        self.interaction_token().is_some()
            && self.interaction_token() == interaction["token"].as_str()
    }
    /// `POST /channels/{channel}/messages`.
    pub fn is_channel_message(&self, channel: u64) -> bool {
        let p = self.parts();
        self.method == "POST"
            && p.len() == 3
            && p[0] == "channels"
            && p[2] == "messages"
            && p[1] == channel.to_string()
    }
    /// The channel of a `/channels/{id}/…` request.
    pub fn channel_id(&self) -> Option<u64> {
        let p = self.parts();
        if p.first() == Some(&"channels") {
            p.get(1)?.parse().ok()
        } else {
            None
        }
    }
    /// The message content sent, if any.
    pub fn content(&self) -> Option<&str> {
        self.json.as_ref()?.get("content")?.as_str()
    }
    /// Files whose bytes are a PNG.
    pub fn png_files(&self) -> Vec<&(String, Bytes)> {
        self.files.iter().filter(|(_, b)| is_png(b)).collect()
    }
    pub fn has_png(&self) -> bool {
        !self.png_files().is_empty()
    }
    /// The Discord error code of a failed answer.
    pub fn error_code(&self) -> Option<i64> {
        if self.ok() {
            None
        } else {
            self.response.as_ref()?.get("code")?.as_i64()
        }
    }
    /// A request Discord refused (any non-2xx answer) or one the fake found a problem with:
    /// a violation unless the test declared it expected.
    pub fn rejected(&self) -> bool {
        !self.ok() || !self.problems.is_empty()
    }
    /// The `message` of a failed answer's Discord error body.
    pub fn error_message(&self) -> Option<&str> {
        if self.ok() {
            None
        } else {
            self.response.as_ref()?.get("message")?.as_str()
        }
    }
    /// `retry_after` (seconds) of a 429 answer.
    pub fn retry_after(&self) -> Option<f64> {
        if self.status != 429 {
            return None;
        }
        self.response.as_ref()?.get("retry_after")?.as_f64()
    }
    /// The `nonce` of a message create, as a string (Discord accepts an integer or a string).
    pub fn nonce(&self) -> Option<String> {
        match self.json.as_ref()?.get("nonce")? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }
    /// Whether a message create asked Discord to deduplicate by its nonce.
    pub fn enforce_nonce(&self) -> bool {
        self.json
            .as_ref()
            .is_some_and(|j| j["enforce_nonce"] == true)
    }
    /// The id of the message in a successful answer (created, edited or deduplicated).
    pub fn message_id(&self) -> Option<u64> {
        if !self.ok() {
            return None;
        }
        id_of(self.response.as_ref()?.get("id")?)
    }
    /// `POST /channels/{id}/messages` to a DM channel (of `dm_recipient`).
    pub fn is_dm_message(&self) -> bool {
        self.dm_recipient.is_some()
            && self
                .channel_id()
                .is_some_and(|c| self.is_channel_message(c))
    }
    /// `POST /channels/{id}/messages` to any channel.
    pub fn is_message_create(&self) -> bool {
        self.channel_id()
            .is_some_and(|c| self.is_channel_message(c))
    }
    /// `POST /users/@me/channels` (opening a DM channel) for `user`.
    pub fn is_dm_open_for(&self, user: u64) -> bool {
        self.method == "POST"
            && self.route() == "/users/@me/channels"
            && self
                .json
                .as_ref()
                .is_some_and(|j| id_of(&j["recipient_id"]) == Some(user))
    }
    /// `received - interaction_received`.
    pub fn latency(&self) -> Option<Duration> {
        Some(
            self.received
                .saturating_duration_since(self.interaction_received?),
        )
    }
}

impl std::fmt::Display for Recorded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.method, self.path)?;
        if !self.query.is_empty() {
            write!(f, "?{}", self.query)?;
        }
        write!(f, " -> {}", self.status)?;
        if let Some(code) = self.error_code() {
            write!(f, " (code {code})")?;
        }
        if self.injected {
            write!(f, " [injected]")?;
        }
        if self.deduplicated {
            write!(f, " [deduplicated by nonce]")?;
        }
        if let Some(j) = &self.json {
            let s = j.to_string();
            let s: String = s.chars().take(300).collect();
            write!(f, " {s}")?;
        }
        for (name, bytes) in &self.files {
            write!(f, " [file {name}, {} bytes]", bytes.len())?;
        }
        Ok(())
    }
}

/// Selects requests by method and route, for `fail_requests` (and `matches` in tests).
///
/// A pattern is a route after `/api/v10` split at `/`: a literal segment matches itself, `*`
/// any one segment, `{dm}` the id of a DM channel (any user's, or one user's with
/// `dm_messages_to`), and a final `**` any rest (also none).
#[derive(Debug, Clone)]
pub struct Matcher {
    method: Option<String>,
    segments: Vec<String>,
    dm_user: Option<u64>,
}

impl Matcher {
    /// `method` (`"*"` for any) and a route pattern such as `/channels/*/messages`.
    pub fn new(method: &str, pattern: &str) -> Matcher {
        Matcher {
            method: (method != "*").then(|| method.to_uppercase()),
            segments: pattern
                .trim_start_matches('/')
                .split('/')
                .map(str::to_string)
                .collect(),
            dm_user: None,
        }
    }
    /// `POST /channels/{channel}/messages`: new messages in one channel.
    pub fn channel_messages(channel: u64) -> Matcher {
        Matcher::new("POST", &format!("/channels/{channel}/messages"))
    }
    /// `POST /channels/{dm}/messages`: new messages in any DM channel.
    pub fn dm_messages() -> Matcher {
        Matcher::new("POST", "/channels/{dm}/messages")
    }
    /// `POST /channels/{dm}/messages` in `user`'s DM channel.
    pub fn dm_messages_to(user: u64) -> Matcher {
        Matcher {
            dm_user: Some(user),
            ..Matcher::dm_messages()
        }
    }
    /// `POST /channels/*/messages`: any new message outside interactions.
    pub fn any_post_message() -> Matcher {
        Matcher::new("POST", "/channels/*/messages")
    }
    /// `PATCH /channels/*/messages/*`: edits of channel messages.
    pub fn message_edits() -> Matcher {
        Matcher::new("PATCH", "/channels/*/messages/*")
    }
    /// `POST /users/@me/channels`: opening a DM channel.
    pub fn dm_opens() -> Matcher {
        Matcher::new("POST", "/users/@me/channels")
    }
    /// `POST /interactions/*/*/callback`: acknowledgements.
    pub fn callbacks() -> Matcher {
        Matcher::new("POST", "/interactions/*/*/callback")
    }
    /// `POST /webhooks/*/*`: interaction followups.
    pub fn followups() -> Matcher {
        Matcher::new("POST", "/webhooks/*/*")
    }
    /// `PATCH /webhooks/*/*/messages/@original`: edits of an interaction's response.
    pub fn original_edits() -> Matcher {
        Matcher::new("PATCH", "/webhooks/*/*/messages/@original")
    }

    pub(super) fn fits(&self, method: &str, route: &str, dm_user: Option<u64>) -> bool {
        if self.method.as_deref().is_some_and(|m| m != method) {
            return false;
        }
        let parts: Vec<&str> = route.trim_start_matches('/').split('/').collect();
        let mut i = 0;
        for (k, seg) in self.segments.iter().enumerate() {
            if seg == "**" && k + 1 == self.segments.len() {
                return true;
            }
            let Some(part) = parts.get(i) else {
                return false;
            };
            let ok = match seg.as_str() {
                "*" => true,
                "{dm}" => {
                    dm_user.is_some()
                        && part.parse::<u64>().is_ok()
                        && self.dm_user.is_none_or(|u| Some(u) == dm_user)
                }
                lit => lit == *part,
            };
            if !ok {
                return false;
            }
            i += 1;
        }
        i == parts.len()
    }

    /// Whether a recorded request is one this matcher selects.
    pub fn matches(&self, r: &Recorded) -> bool {
        self.fits(&r.method, r.route(), r.dm_recipient)
    }
}

impl FakeDiscord {
    // --- requests ------------------------------------------------------------------------------

    /// Everything received, in order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.st().requests.iter().map(|r| (**r).clone()).collect()
    }

    /// The requests matching `pred` (cheaper than filtering `requests()`: only matches are
    /// copied). `pred` runs without the fake's lock held.
    pub fn find_all(&self, pred: impl Fn(&Recorded) -> bool) -> Vec<Recorded> {
        self.snapshot(0)
            .iter()
            .filter(|r| pred(r))
            .map(|r| (**r).clone())
            .collect()
    }

    /// How many requests match `pred`.
    pub fn count(&self, pred: impl Fn(&Recorded) -> bool) -> usize {
        self.snapshot(0).iter().filter(|r| pred(r)).count()
    }

    /// The requests to `/channels/{channel}/…`, in order (from an index: cheap however many
    /// other channels there are).
    pub fn channel_requests(&self, channel: u64) -> Vec<Recorded> {
        let st = self.st();
        st.by_channel
            .get(&channel)
            .into_iter()
            .flatten()
            .map(|r| (**r).clone())
            .collect()
    }

    /// The requests that answer `interaction` (a value from a builder): its callback,
    /// followups and edits, in order (from an index, like `channel_requests`).
    pub fn interaction_requests(&self, interaction: &Value) -> Vec<Recorded> {
        let token = interaction["token"].as_str().unwrap_or_default();
        let st = self.st();
        st.by_token
            .get(token)
            .into_iter()
            .flatten()
            .map(|r| (**r).clone())
            .collect()
    }

    /// Waits until `check` (called now and after every change the fake sees: a request, a
    /// gateway event) gives something, or `timeout` passes (`None`). Keep `check` cheap
    /// (`channel_requests`, `interaction_requests`): it runs after every request.
    pub async fn poll_until<T>(
        &self,
        timeout: Duration,
        mut check: impl FnMut() -> Option<T>,
    ) -> Option<T> {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut rx = self.inner.changed.subscribe();
        loop {
            rx.borrow_and_update();
            if let Some(t) = check() {
                return Some(t);
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                return None;
            }
        }
    }

    /// The number of requests so far, to wait for later ones with `wait_for_since`.
    pub fn mark(&self) -> usize {
        self.st().requests.len()
    }

    /// Requests received after `mark`.
    pub fn requests_since(&self, mark: usize) -> Vec<Recorded> {
        self.snapshot(mark).iter().map(|r| (**r).clone()).collect()
    }

    fn snapshot(&self, from: usize) -> Vec<Arc<Recorded>> {
        self.st().requests.get(from..).unwrap_or_default().to_vec()
    }

    /// The first request (ever) matching `pred`; waits for one, panicking on timeout with the
    /// list of requests seen and all problems found. See `wait_for_since`.
    pub async fn wait_for(&self, timeout: Duration, pred: impl Fn(&Recorded) -> bool) -> Recorded {
        self.wait_for_since(0, timeout, pred).await
    }

    /// The first request after `mark` matching `pred`. `pred` is called once per request, in
    /// order: for those already there, then for each new one as it arrives; it runs without the
    /// fake's lock held, so it may call the fake (e.g. `|_| fake.count(…) > n` fires at the
    /// first request after which the count exceeds n).
    pub async fn wait_for_since(
        &self,
        mark: usize,
        timeout: Duration,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Recorded {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut rx = self.inner.changed.subscribe();
        let mut next = mark;
        loop {
            rx.borrow_and_update();
            let new = self.snapshot(next);
            next += new.len();
            if let Some(r) = new.iter().find(|r| pred(r)) {
                return (**r).clone();
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                panic!(
                    "fake Discord: timed out after {timeout:?} waiting for a matching request\n{}",
                    self.report()
                );
            }
        }
    }

    /// Waits until `n` requests after `mark` match `pred` (called once per request, as in
    /// `wait_for_since`); returns them.
    pub async fn wait_for_n_since(
        &self,
        mark: usize,
        n: usize,
        timeout: Duration,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Vec<Recorded> {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut rx = self.inner.changed.subscribe();
        let mut next = mark;
        let mut found = Vec::new();
        loop {
            rx.borrow_and_update();
            let new = self.snapshot(next);
            next += new.len();
            found.extend(new.iter().filter(|r| pred(r)).map(|r| (**r).clone()));
            if found.len() >= n {
                return found;
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                panic!(
                    "fake Discord: timed out after {timeout:?} waiting for {n} matching requests \
                     ({} so far)\n{}",
                    found.len(),
                    self.report()
                );
            }
        }
    }

    /// For every dispatched interaction that was acknowledged: the time from writing it to the
    /// socket to receiving its callback (the bot's deferral latency).
    pub fn ack_latencies(&self) -> Vec<Duration> {
        let st = self.st();
        let mut seen = HashSet::new();
        st.requests
            .iter()
            .filter(|r| r.is_callback() && r.ok())
            .filter(|r| seen.insert(r.interaction_token().map(str::to_string)))
            .filter_map(|r| r.latency())
            .collect()
    }
}
