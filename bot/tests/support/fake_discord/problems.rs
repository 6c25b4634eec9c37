//! Problems and declarations: what `assert_clean` fails on, what a test declared expected,
//! the failures it injects, and the report printed with a failure.

use super::*;

impl FakeDiscord {
    // --- problems ------------------------------------------------------------------------------

    /// Every request that did not fit openapi.json or Discord's documented limits.
    pub fn schema_violations(&self) -> Vec<String> {
        self.st().violations.clone()
    }

    /// Requests to routes the fake does not implement (answered 404).
    pub fn unhandled(&self) -> Vec<String> {
        self.st().unhandled.clone()
    }

    /// Answers of the fake that do not parse as serenity's model or do not fit the response
    /// schema: bugs of the fake.
    pub fn fake_errors(&self) -> Vec<String> {
        self.st().fake_errors.clone()
    }

    /// Everything that fails `assert_clean`, one line each: requests Discord would refuse or
    /// that the fake found a problem with (any non-2xx answer, a schema or limit violation, an
    /// unknown route, an acknowledgement later than `ack_deadline`) unless declared expected;
    /// gateway violations unless declared; interactions dispatched but never acknowledged;
    /// declared expectations that nothing matched; the fake's own errors.
    pub fn problems(&self) -> Vec<String> {
        let (requests, expectations, gateway, fake_errors, unacked) = {
            let st = self.st();
            let answered: HashSet<&str> = st
                .requests
                .iter()
                .filter(|r| r.is_callback())
                .filter_map(|r| r.interaction_token())
                .collect();
            let mut unacked: Vec<(String, u64, u64, Duration)> = st
                .interactions
                .iter()
                .filter(|(token, rec)| rec.acked.is_none() && !answered.contains(token.as_str()))
                .filter_map(|(token, rec)| {
                    Some((token.clone(), rec.id, rec.kind, rec.dispatched?.elapsed()))
                })
                .collect();
            unacked.sort_by_key(|u| u.1);
            (
                st.requests.clone(),
                st.expectations.clone(),
                st.gateway_violations.clone(),
                st.fake_errors.clone(),
                unacked,
            )
        };
        // The test's predicates run without the lock (they may call the fake).
        let mut used = vec![false; expectations.len()];
        let mut covered = |hit: &dyn Fn(&Expected) -> bool| {
            let mut any = false;
            for (k, e) in expectations.iter().enumerate() {
                if hit(&e.what) {
                    used[k] = true;
                    any = true;
                }
            }
            any
        };
        let mut out = Vec::new();
        for r in requests.iter().filter(|r| r.rejected()) {
            let expected =
                r.injected || covered(&|e| matches!(e, Expected::Request(pred) if pred(r)));
            if !expected {
                let why = if r.problems.is_empty() {
                    String::new()
                } else {
                    format!(": {}", r.problems.join("; "))
                };
                out.push(format!("rejected: {r}{why}"));
            }
        }
        for g in &gateway {
            if !covered(&|e| matches!(e, Expected::Gateway(text) if g.contains(text.as_str()))) {
                out.push(g.clone());
            }
        }
        for (token, id, kind, ago) in &unacked {
            if !covered(&|e| matches!(e, Expected::NoAck(t) if t == token)) {
                out.push(format!(
                    "interaction {id} (type {kind}) was dispatched {ago:?} ago and never \
                     acknowledged (Discord shows \"The application did not respond\")"
                ));
            }
        }
        for (e, used) in expectations.iter().zip(&used) {
            if !used {
                out.push(format!(
                    "declared expected, but it never happened: {}",
                    e.why
                ));
            }
        }
        out.extend(fake_errors.iter().map(|e| format!("fake error: {e}")));
        out
    }

    /// Panics with `problems()` and the report if there are any. Call it at the end of every
    /// test, after the bot stopped (a fake dropped unchecked fails the test).
    pub fn assert_clean(&self) {
        let problems = self.problems();
        self.st().checked = if problems.is_empty() {
            Checked::Clean
        } else {
            Checked::Failed
        };
        if !problems.is_empty() {
            panic!(
                "fake Discord found problems:\n  {}\n{}",
                problems.join("\n  "),
                self.report()
            );
        }
    }

    /// Declares that requests matching `pred` may be refused (or break a rule the fake checks):
    /// they no longer fail `assert_clean`. `why` names what the test provokes; if nothing
    /// matches by the time `assert_clean` runs, that fails.
    pub fn expect_rejection(
        &self,
        pred: impl Fn(&Recorded) -> bool + Send + Sync + 'static,
        why: &str,
    ) {
        self.st().expectations.push(Expectation {
            what: Expected::Request(Arc::new(pred)),
            why: why.to_string(),
        });
    }

    /// Declares that answers with Discord error `code` (e.g. 50007) are expected.
    pub fn expect_error_code(&self, code: i64, why: &str) {
        self.expect_rejection(move |r| r.error_code() == Some(code), why);
    }

    /// Declares that gateway violations containing `text` are expected.
    pub fn expect_gateway_violation(&self, text: &str, why: &str) {
        self.st().expectations.push(Expectation {
            what: Expected::Gateway(text.to_string()),
            why: why.to_string(),
        });
    }

    /// Declares that `interaction` (a value from a builder) may stay unacknowledged.
    pub fn expect_no_ack(&self, interaction: &Value, why: &str) {
        self.st().expectations.push(Expectation {
            what: Expected::NoAck(
                interaction["token"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            ),
            why: why.to_string(),
        });
    }

    // --- fault injection -----------------------------------------------------------------------

    /// The next `times` requests matching `matcher` (that are otherwise valid) are answered
    /// `status` with Discord's error body `{"code": code, "message": …}` and have no effect;
    /// for 429 also `retry_after` (0.5 s), `"global": false` and a `retry-after` header (see
    /// `rate_limit` for another delay). Injected failures are expected: they do not fail
    /// `assert_clean`. Several injections apply in the order they were made.
    pub fn fail_requests(&self, matcher: Matcher, status: u16, code: i64, times: usize) {
        self.inject(matcher, status, code, Duration::from_millis(500), times);
    }

    /// The next `times` requests matching `matcher` get 429 with `retry_after`.
    pub fn rate_limit(&self, matcher: Matcher, retry_after: Duration, times: usize) {
        self.inject(matcher, 429, 0, retry_after, times);
    }

    fn inject(
        &self,
        matcher: Matcher,
        status: u16,
        code: i64,
        retry_after: Duration,
        times: usize,
    ) {
        assert!(
            (400..600).contains(&status),
            "fail_requests: status {status} is not an error"
        );
        self.st().faults.push(Fault {
            matcher,
            status,
            code,
            retry_after,
            remaining: times,
        });
    }

    /// The next `times` requests matching `matcher` are recorded (and handled) at once, but
    /// their answers wait `delay`: the bot's task that sent them stays busy meanwhile (for
    /// example an interaction still running when the bot is told to stop).
    pub fn slow_requests(&self, matcher: Matcher, delay: Duration, times: usize) {
        self.st().slow.push((matcher, delay, times));
    }

    /// Discord's nonce window passes: a create with a nonce seen before makes a new message
    /// again (a second one is then a duplicate, see `duplicates`).
    pub fn forget_nonces(&self) {
        self.st().nonces.clear();
    }

    /// Messages created more than once with the same nonce and `enforce_nonce` in the same
    /// channel (the sender asked for one and got more: the nonce window had passed):
    /// (channel, nonce, how many). The create that made each one is rejected for
    /// `assert_clean` too (declare it with `expect_rejection` where it is the point).
    pub fn duplicates(&self) -> Vec<(u64, String, u32)> {
        let mut out: Vec<(u64, String, u32)> = self
            .st()
            .nonce_uses
            .iter()
            .filter(|(_, n)| **n > 1)
            .map(|((channel, nonce), n)| (*channel, nonce.clone(), *n))
            .collect();
        out.sort();
        out
    }

    /// Injected failures not used yet.
    pub fn faults_left(&self) -> usize {
        self.st().faults.iter().map(|f| f.remaining).sum()
    }

    /// Deletes a channel: later requests on it get 404/10003 Unknown Channel (rejections the
    /// test must declare), and interactions cannot come from it. Its messages stay readable
    /// through `messages_in`.
    pub fn delete_channel(&self, channel: u64) {
        self.st().deleted_channels.insert(channel);
    }

    /// Takes the bot's permission to send in `channel`: later requests on it get
    /// 403/50013 Missing Permissions (rejections the test must declare).
    pub fn deny_permission(&self, channel: u64) {
        self.st().denied_channels.insert(channel);
    }

    /// Gives back what `deny_permission` took.
    pub fn grant_permission(&self, channel: u64) {
        self.st().denied_channels.remove(&channel);
    }
}

impl FakeDiscord {
    /// Requests seen and problems found, for failure messages.
    pub fn report(&self) -> String {
        let problems = self.problems();
        let st = self.st();
        let mut out = String::new();
        out.push_str(&format!("requests ({}):\n", st.requests.len()));
        for r in &st.requests {
            out.push_str(&format!("  {r}\n"));
        }
        for (title, list) in [
            ("schema violations", &st.violations),
            ("unhandled routes", &st.unhandled),
            ("fake errors", &st.fake_errors),
        ] {
            if !list.is_empty() {
                out.push_str(&format!("{title} ({}):\n", list.len()));
                for v in list {
                    out.push_str(&format!("  {v}\n"));
                }
            }
        }
        if !st.expectations.is_empty() {
            out.push_str(&format!("declared expected ({}):\n", st.expectations.len()));
            for e in &st.expectations {
                out.push_str(&format!("  {}\n", e.why));
            }
        }
        if !problems.is_empty() {
            out.push_str(&format!("failing assert_clean ({}):\n", problems.len()));
            for p in &problems {
                out.push_str(&format!("  {p}\n"));
            }
        }
        out.push_str(&format!(
            "gateway: {} identifies, {} resumes, connected: {}\n",
            st.identifies.len(),
            st.resumes,
            st.current.is_some()
        ));
        out
    }
}
