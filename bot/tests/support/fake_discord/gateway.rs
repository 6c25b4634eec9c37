//! Starting the fake, and its gateway: the websocket, IDENTIFY/RESUME/heartbeats, dispatching
//! events and disconnecting.

use super::*;

impl FakeDiscord {
    pub const APPLICATION_ID: u64 = 1_150_000_000_000_000_001;
    pub const BOT_USER_ID: u64 = 1_150_000_000_000_000_001;
    pub const BOT_NAME: &'static str = "Turnpost";

    pub async fn start() -> FakeDiscord {
        Self::start_with(FakeOptions::default()).await
    }

    pub async fn start_with(opts: FakeOptions) -> FakeDiscord {
        // Load and index the spec before the first request (once per process).
        let _ = openapi::spec();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().unwrap();
        let (changed, _) = watch::channel(0);
        let inner = Arc::new(Inner {
            port: addr.port(),
            opts,
            st: Mutex::new(St::default()),
            changed,
            random: std::hash::RandomState::new(),
        });
        let app = Router::new()
            .route("/ws", get(gateway_upgrade))
            .fallback(rest)
            .layer(DefaultBodyLimit::max(64 * 1024 * 1024))
            .with_state(inner.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake Discord server");
        });
        FakeDiscord {
            inner,
            addr,
            server,
        }
    }

    /// `http://127.0.0.1:PORT`, for `HttpBuilder::proxy`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The gateway URL `GET /gateway` answers.
    pub fn ws_url(&self) -> String {
        self.inner.ws_url()
    }

    pub(super) fn st(&self) -> std::sync::MutexGuard<'_, St> {
        lock(&self.inner.st)
    }

    pub(super) async fn wait_until<T>(
        &self,
        timeout: Duration,
        what: &str,
        mut check: impl FnMut(&St) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut rx = self.inner.changed.subscribe();
        loop {
            rx.borrow_and_update();
            let found = check(&self.st());
            if let Some(t) = found {
                return t;
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                panic!(
                    "fake Discord: timed out after {timeout:?} waiting for {what}\n{}",
                    self.report()
                );
            }
        }
    }

    /// Waits until a client has sent IDENTIFY and received READY, and that connection is open.
    pub async fn wait_identified(&self, timeout: Duration) {
        self.wait_until(timeout, "an identified gateway connection", |st| {
            st.current
                .filter(|c| st.conns.get(c).is_some_and(|c| c.ready))
                .map(|_| ())
        })
        .await
    }

    /// Waits until more than `n` IDENTIFYs in all have been answered with READY and that
    /// connection is open: `let n = fake.identify_count();` before starting a client, then this.
    pub async fn wait_identified_more_than(&self, n: usize, timeout: Duration) {
        self.wait_identify_count(n + 1, timeout).await
    }

    /// Waits until `n` IDENTIFYs in all have been answered with READY (for restart tests).
    pub async fn wait_identify_count(&self, n: usize, timeout: Duration) {
        self.wait_until(timeout, &format!("{n} IDENTIFYs"), |st| {
            (st.identifies.len() >= n && st.current.is_some_and(|c| st.conns[&c].ready))
                .then_some(())
        })
        .await
    }

    /// IDENTIFYs received (each answered with READY, unless refused).
    pub fn identify_count(&self) -> usize {
        self.st().identifies.len()
    }

    /// The `d` of every IDENTIFY, token replaced by `"<redacted>"`.
    pub fn identify_payloads(&self) -> Vec<Value> {
        self.st().identifies.clone()
    }

    /// RESUMEs answered with RESUMED.
    pub fn resume_count(&self) -> u32 {
        self.st().resumes
    }

    /// Heartbeats (op 1) received, each answered with op 11.
    pub fn heartbeat_count(&self) -> u64 {
        self.st().heartbeats
    }

    /// Waits until `n` heartbeats in all were received.
    pub async fn wait_heartbeats(&self, n: u64, timeout: Duration) {
        self.wait_until(timeout, &format!("{n} heartbeats"), |st| {
            (st.heartbeats >= n).then_some(())
        })
        .await
    }

    /// Waits until no gateway connection is open (after the client shut down).
    pub async fn wait_disconnected(&self, timeout: Duration) {
        self.wait_until(timeout, "all gateway connections to close", |st| {
            st.conns.is_empty().then_some(())
        })
        .await
    }

    /// Close codes of Close frames the clients sent (1000 for serenity's clean shutdown).
    pub fn client_close_codes(&self) -> Vec<u16> {
        self.st().close_codes.clone()
    }

    /// Whether a gateway connection is open and identified (or resumed).
    pub fn connected(&self) -> bool {
        let st = self.st();
        st.current
            .is_some_and(|c| st.conns.get(&c).is_some_and(|c| c.ready))
    }

    /// Sends a dispatch (op 0, next sequence number) on the identified connection, waiting up to
    /// 10 s for one. The payload must parse as serenity's model: as `Interaction` for
    /// INTERACTION_CREATE (panics with the serde error otherwise), as a known `Event` otherwise.
    /// Returns once the frame is written to the socket.
    pub async fn dispatch(&self, event_name: &str, data: Value) {
        if let Err(e) = self
            .try_dispatch(event_name, data, Duration::from_secs(10))
            .await
        {
            panic!("fake Discord: {e}\n{}", self.report());
        }
    }

    /// Like `dispatch`, but waits at most `wait` for a connection of the event's shard
    /// (zero: only one open now) and says what went wrong instead of panicking: as on
    /// Discord, an interaction whose shard no process has connected is never delivered
    /// (its user sees it fail), and neither is one whose connection closes before it is
    /// written. For tests that kill the bot's processes.
    pub async fn try_dispatch(
        &self,
        event_name: &str,
        data: Value,
        wait: Duration,
    ) -> Result<(), String> {
        check_event(event_name, &data);
        let token = if event_name == "INTERACTION_CREATE" {
            let token = data["token"].as_str().unwrap_or_default().to_string();
            let mut st = self.st();
            if !st.interactions.contains_key(&token) {
                // Hand-written payload: learn the interaction from it.
                let rec = InteractionRec {
                    id: id_of(&data["id"]).unwrap_or(0),
                    kind: data["type"].as_u64().unwrap_or(0),
                    channel: id_of(&data["channel_id"]).unwrap_or(0),
                    user: id_of(&data["member"]["user"]["id"])
                        .or_else(|| id_of(&data["user"]["id"]))
                        .unwrap_or(0),
                    dispatched: None,
                    acked: None,
                    original: None,
                    deferred_open: false,
                    component_message: id_of(&data["message"]["id"]),
                    followups: Vec::new(),
                };
                let guild = id_of(&data["guild_id"]);
                st.channels.entry(rec.channel).or_insert(ChannelInfo {
                    guild,
                    ..ChannelInfo::default()
                });
                st.interactions.insert(token.clone(), rec);
            }
            Some(token)
        } else {
            None
        };
        // Discord sends a guild's events on the shard `(guild_id >> 22) % shards` and DMs
        // on shard 0; a client with one shard gets everything.
        let guild = id_of(&data["guild_id"]);
        let conn = {
            let routed = route(&self.st(), guild);
            match routed {
                Some(conn) => conn,
                None => self
                    .poll_until(wait, || route(&self.st(), guild))
                    .await
                    .ok_or_else(|| {
                        format!(
                            "no identified gateway connection (of the event's shard) to dispatch \
                             {event_name} on within {wait:?}"
                        )
                    })?,
            }
        };
        let (written_tx, written_rx) = oneshot::channel();
        {
            let mut st = self.st();
            if !st.conns.contains_key(&conn) {
                return Err(format!(
                    "the gateway connection closed before {event_name} was sent"
                ));
            }
            let session = st.conns[&conn].session.clone().unwrap_or_default();
            let seq = st.sessions.entry(session).or_insert(0);
            *seq += 1;
            let text = json!({ "op": 0, "t": event_name, "s": *seq, "d": data }).to_string();
            if event_name == "INTERACTION_CREATE" {
                let shard = st.conns[&conn].shard;
                st.dispatched_shards.push((guild, shard));
            }
            st.dispatched.push((event_name.to_string(), data));
            let _ = st.conns[&conn].tx.send(Outgoing::Text {
                text,
                interaction_token: token,
                written: written_tx,
            });
        }
        if written_rx.await.is_err() {
            return Err(format!(
                "the gateway connection closed before {event_name} was written"
            ));
        }
        Ok(())
    }

    /// The server of every interaction dispatched so far and the shard (id, total) of the
    /// connection it went on.
    pub fn dispatched_shards(&self) -> Vec<(Option<u64>, (u64, u64))> {
        self.st().dispatched_shards.clone()
    }

    /// Every dispatch sent so far: (event name, data).
    pub fn dispatched(&self) -> Vec<(String, Value)> {
        self.st().dispatched.clone()
    }

    /// Closes the gateway socket with close code 4000 (as Discord does on an internal error) and
    /// waits until it is closed. Serenity then reconnects and RESUMEs, which the fake answers
    /// with RESUMED; `dispatch` waits for that.
    pub async fn disconnect(&self) {
        let conn = {
            let st = self.st();
            st.current.inspect(|c| {
                let _ = st.conns[c]
                    .tx
                    .send(Outgoing::Close(4000, "fake Discord: disconnect".into()));
            })
        };
        if let Some(conn) = conn {
            self.wait_until(
                Duration::from_secs(5),
                "the gateway socket to close",
                |st| (!st.conns.contains_key(&conn)).then_some(()),
            )
            .await;
        }
    }

    /// Like `disconnect`, but the next RESUME is refused (op 9, not resumable), so the client has
    /// to IDENTIFY again (serenity waits until 5 s after its previous shard start to do so).
    pub async fn disconnect_invalidating_session(&self) {
        self.st().invalidate_next_resume = true;
        self.disconnect().await;
    }
}

/// The ready connection whose shard Discord would send an event of `guild` on (DMs: shard
/// 0); with only unsharded clients, the latest connection.
fn route(st: &St, guild: Option<u64>) -> Option<u64> {
    let sharded = st.conns.values().any(|c| c.ready && c.shard.1 > 1);
    if !sharded {
        return st
            .current
            .filter(|c| st.conns.get(c).is_some_and(|c| c.ready));
    }
    st.conns
        .iter()
        .filter(|(_, c)| c.ready)
        .find(|(_, c)| c.shard.0 == guild.map_or(0, |g| (g >> 22) % c.shard.1))
        .map(|(id, _)| *id)
}

impl FakeDiscord {
    /// The shards (id, total) of the ready gateway connections, sorted (for tests of several
    /// processes).
    pub fn shards_ready(&self) -> Vec<(u64, u64)> {
        let st = self.st();
        let mut out: Vec<(u64, u64)> = st
            .conns
            .values()
            .filter(|c| c.ready)
            .map(|c| c.shard)
            .collect();
        out.sort_unstable();
        out
    }
}

async fn gateway_upgrade(
    State(inner): State<Arc<Inner>>,
    RawQuery(query): RawQuery,
    ws: WebSocketUpgrade,
) -> Response {
    ws.on_upgrade(move |socket| gateway_conn(inner, socket, query.unwrap_or_default()))
}

async fn gateway_conn(inner: Arc<Inner>, mut socket: WebSocket, query: String) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let conn_id = {
        let mut st = lock(&inner.st);
        if !query.split('&').any(|p| p == "v=10") {
            gateway_violation(
                &mut st,
                format!("gateway: connected with query {query:?}, expected v=10"),
            );
        }
        st.next_conn += 1;
        let id = st.next_conn;
        st.conns.insert(
            id,
            Conn {
                tx,
                session: None,
                ready: false,
                shard: (0, 1),
            },
        );
        id
    };
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": inner.opts.heartbeat_interval.as_millis() as u64 } });
    let mut open = socket
        .send(WsMessage::Text(hello.to_string().into()))
        .await
        .is_ok();
    while open {
        tokio::select! {
            msg = socket.recv() => match msg {
                None | Some(Err(_)) => open = false,
                Some(Ok(WsMessage::Text(text))) => {
                    let replies = on_gateway_text(&inner, conn_id, text.as_str());
                    for reply in replies {
                        match reply {
                            Reply::Text(t) => {
                                if socket.send(WsMessage::Text(t.into())).await.is_err() {
                                    open = false;
                                }
                            }
                            Reply::Close(code, reason) => {
                                close_and_drain(&mut socket, code, reason).await;
                                open = false;
                            }
                        }
                    }
                }
                Some(Ok(WsMessage::Close(frame))) => {
                    lock(&inner.st).close_codes.push(frame.map_or(1005, |f| f.code));
                    // Serenity waits for the close to be echoed: keep reading (which flushes
                    // tungstenite's automatic reply) until the stream ends.
                    let _ = tokio::time::timeout(Duration::from_secs(5), async {
                        while let Some(Ok(_)) = socket.recv().await {}
                    })
                    .await;
                    open = false;
                }
                Some(Ok(WsMessage::Binary(_))) => {
                    gateway_violation(&mut lock(&inner.st), "gateway: binary frame from the client".into());
                }
                Some(Ok(_)) => {}
            },
            out = rx.recv() => match out {
                None => open = false,
                Some(Outgoing::Text { text, interaction_token, written }) => {
                    if let Some(token) = interaction_token
                        && let Some(rec) = lock(&inner.st).interactions.get_mut(&token) {
                            rec.dispatched = Some(Instant::now());
                        }
                    if socket.send(WsMessage::Text(text.into())).await.is_err() {
                        open = false;
                    } else {
                        let _ = written.send(());
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    close_and_drain(&mut socket, code, reason).await;
                    open = false;
                }
            },
        }
    }
    {
        let mut st = lock(&inner.st);
        st.conns.remove(&conn_id);
        if st.current == Some(conn_id) {
            st.current = None;
        }
    }
    inner.bump();
}

async fn close_and_drain(socket: &mut WebSocket, code: u16, reason: String) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    if socket.send(WsMessage::Close(Some(frame))).await.is_ok() {
        let _ = tokio::time::timeout(Duration::from_secs(5), async {
            while let Some(Ok(_)) = socket.recv().await {}
        })
        .await;
    }
}

/// A problem of the gateway connection (not of a request): listed by `schema_violations()`
/// and failing `assert_clean` unless declared with `expect_gateway_violation`.
fn gateway_violation(st: &mut St, problem: String) {
    st.violations.push(problem.clone());
    st.gateway_violations.push(problem);
}

enum Reply {
    Text(String),
    Close(u16, String),
}

fn on_gateway_text(inner: &Inner, conn_id: u64, text: &str) -> Vec<Reply> {
    let Ok(msg) = serde_json::from_str::<Value>(text) else {
        gateway_violation(&mut lock(&inner.st), format!("gateway: not JSON: {text}"));
        return vec![Reply::Close(4002, "Error while decoding payload.".into())];
    };
    let mut st = lock(&inner.st);
    let reply = match msg["op"].as_u64() {
        Some(1) => {
            st.heartbeats += 1;
            vec![Reply::Text(json!({ "op": 11 }).to_string())]
        }
        Some(2) => {
            let d = &msg["d"];
            let intents = d["intents"].as_u64().unwrap_or(0);
            let mut shown = d.clone();
            shown["token"] = json!("<redacted>");
            if d["token"].as_str().is_none_or(str::is_empty) {
                gateway_violation(&mut st, "gateway: IDENTIFY without a token".into());
                return vec![Reply::Close(4004, "Authentication failed.".into())];
            }
            if st.conns.get(&conn_id).is_some_and(|c| c.session.is_some()) {
                return vec![Reply::Close(4005, "Already authenticated.".into())];
            }
            if intents & PRIVILEGED_INTENTS != 0 && !inner.opts.allow_privileged_intents {
                gateway_violation(
                    &mut st,
                    format!(
                        "gateway: IDENTIFY asks for privileged intents {:#x} (intents {intents:#x})",
                        intents & PRIVILEGED_INTENTS
                    ),
                );
                return vec![Reply::Close(4014, "Disallowed intent(s).".into())];
            }
            st.identifies.push(shown);
            let session = format!("fake{:032x}", inner.random.hash_one(snowflake()));
            st.sessions.insert(session.clone(), 1);
            let shard = d.get("shard").cloned().unwrap_or(json!([0, 1]));
            let shard_pair = (
                shard[0].as_u64().unwrap_or(0),
                shard[1].as_u64().unwrap_or(1).max(1),
            );
            st.session_shards.insert(session.clone(), shard_pair);
            let guilds: Vec<Value> = st
                .guilds
                .iter()
                .map(|g| json!({ "id": g.to_string(), "unavailable": true }))
                .collect();
            let ready = json!({
                "op": 0, "t": "READY", "s": 1,
                "d": {
                    "v": 10, "user_settings": {}, "user": {
                        "id": FakeDiscord::BOT_USER_ID.to_string(), "username": FakeDiscord::BOT_NAME.to_lowercase(),
                        "discriminator": "4821", "global_name": null, "avatar": null, "bot": true,
                        "verified": true, "mfa_enabled": true, "email": null, "flags": 0,
                    },
                    "guilds": guilds, "session_id": session, "resume_gateway_url": inner.ws_url(),
                    "shard": shard, "relationships": [], "private_channels": [], "presences": [],
                    "guild_join_requests": [], "geo_ordered_rtc_regions": [],
                    "application": { "id": FakeDiscord::APPLICATION_ID.to_string(), "flags": 0 },
                },
            });
            if let Some(c) = st.conns.get_mut(&conn_id) {
                c.session = Some(session);
                c.ready = true;
                c.shard = shard_pair;
            }
            st.current = Some(conn_id);
            vec![Reply::Text(ready.to_string())]
        }
        Some(6) => {
            let session = msg["d"]["session_id"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            let seq = msg["d"]["seq"].as_u64().unwrap_or(0);
            if std::mem::take(&mut st.invalidate_next_resume) || !st.sessions.contains_key(&session)
            {
                vec![Reply::Text(json!({ "op": 9, "d": false }).to_string())]
            } else {
                let last = st.sessions[&session];
                if seq != last {
                    gateway_violation(
                        &mut st,
                        format!("gateway: RESUME with seq {seq}, last sent {last}"),
                    );
                }
                let s = last + 1;
                st.sessions.insert(session.clone(), s);
                st.resumes += 1;
                let shard = st.session_shards.get(&session).copied().unwrap_or((0, 1));
                if let Some(c) = st.conns.get_mut(&conn_id) {
                    c.session = Some(session);
                    c.ready = true;
                    c.shard = shard;
                }
                st.current = Some(conn_id);
                vec![Reply::Text(
                    json!({ "op": 0, "t": "RESUMED", "s": s, "d": {} }).to_string(),
                )]
            }
        }
        Some(3 | 4 | 8 | 31) => Vec::new(),
        other => {
            gateway_violation(
                &mut st,
                format!("gateway: unknown opcode {other:?}: {text}"),
            );
            vec![Reply::Close(4001, "Unknown opcode.".into())]
        }
    };
    drop(st);
    inner.bump();
    reply
}
