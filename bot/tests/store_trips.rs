//! What one action costs in trips to the database (issue 31: the commit path against a bare
//! transaction of the same shape, `bot/benches/table.rs`). With the game in memory, an
//! action of a game without deadlines sends the store its version check and one batch of
//! everything else it writes (its log entry, the outbox rows, a notice), between `BEGIN` and
//! `COMMIT`: the floor's shape. A game with deadlines adds what its deadline needs, no more.
//! `store_trips_postgres` runs the same on PostgreSQL, where the batch is one statement too.
//!
//! Statements are counted as sqlx reports each one it runs (its `sqlx::query` events);
//! `BEGIN` and `COMMIT` are left out, as not every backend reports them, and so is a new
//! pooled connection's set-up.

#[path = "support/postgres.rs"]
mod pg;

use std::sync::{Arc, Mutex, OnceLock};

use tracing::field::{Field, Visit};
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use turnpost_bot::table::{Caller, Command, NoImages, Reply, Seeds, Table, TableSettings};

const CHANNEL: u64 = 700;

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: format!("Player {user}"),
        guild: Some(3),
        channel: CHANNEL,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

/// One test at a time: the statements are counted for the whole process.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The statements sqlx reported since the last [`take`].
fn statements() -> &'static Mutex<Vec<String>> {
    static SEEN: OnceLock<Mutex<Vec<String>>> = OnceLock::new();
    SEEN.get_or_init(|| {
        let layer = Statements;
        tracing::subscriber::set_global_default(tracing_subscriber::registry().with(layer))
            .expect("no other subscriber in this test process");
        Mutex::new(Vec::new())
    })
}

fn take() -> Vec<String> {
    std::mem::take(&mut *statements().lock().unwrap())
        .into_iter()
        .filter(|s| {
            let word = s.split_whitespace().next().unwrap_or("").to_uppercase();
            // A new pooled connection's settings are not the action's either.
            !matches!(
                word.as_str(),
                "BEGIN" | "BEGIN;" | "COMMIT" | "ROLLBACK" | "PRAGMA"
            )
        })
        .collect()
}

/// Collects the text of each statement sqlx runs.
struct Statements;

impl<S: tracing::Subscriber> Layer<S> for Statements {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if event.metadata().target() != "sqlx::query" {
            return;
        }
        let mut text = Text::default();
        event.record(&mut text);
        // (A short statement is reported by its summary alone.)
        let seen = text
            .statement
            .filter(|s| !s.is_empty())
            .or(text.summary)
            .unwrap_or_default();
        statements()
            .lock()
            .unwrap()
            .push(seen.split_whitespace().collect::<Vec<_>>().join(" "));
    }
}

#[derive(Default)]
struct Text {
    statement: Option<String>,
    summary: Option<String>,
}

impl Visit for Text {
    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "db.statement" => self.statement = Some(value.to_string()),
            "summary" => self.summary = Some(value.to_string()),
            _ => {}
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.record_str(field, &format!("{value:?}"));
    }
}

async fn table(dir: &tempfile::TempDir) -> Table {
    let store = pg::store_at(&dir.path().join("trips.db")).await;
    let settings = TableSettings {
        outbox: true,
        seeds: Arc::new(Seeds::sequence(5)),
        ..TableSettings::default()
    };
    Table::new(store, Arc::new(NoImages), settings)
}

/// Opens a Pandoria game of 3 players with `options`.
async fn open(table: &Table, options: &[(&str, &str)]) -> Reply {
    let seats = (1..=3).map(|u| (u, caller(u).name)).collect();
    table
        .handle(
            &caller(1),
            Command::Create {
                game: "pandoria".into(),
                options: options
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                players: None,
                seats,
                seed: None,
            },
        )
        .await
        .unwrap()
}

/// Plays `n` actions (of whoever is to act, the middle one the table suggests), each
/// checked by `expect(statements it sent, whether the turn passed to someone else)`.
async fn play(table: &Table, opening: Reply, n: usize, expect: impl Fn(&[String], bool)) {
    let mut to_act = opening.turn.unwrap().user;
    let (mut passed, mut kept) = (0, 0);
    for _ in 0..n {
        let who = caller(to_act);
        let legal = table.suggest(&who, "", usize::MAX).await.unwrap();
        let notation = legal[legal.len() / 2].clone();
        take();
        let r = table
            .handle(
                &who,
                Command::Act {
                    notation,
                    version: None,
                },
            )
            .await
            .unwrap();
        let sent = take();
        let next = r.turn.expect("the game goes on").user;
        expect(&sent, next != to_act);
        if next == to_act {
            kept += 1;
        } else {
            passed += 1;
        }
        to_act = next;
    }
    assert!(
        passed > 0 && kept > 0,
        "both kinds seen: {passed} passed, {kept} kept"
    );
}

/// The version check, then one batch that writes the log entry (and the rest): the
/// statements from the version check on (before it, only reads).
fn commit_of(sent: &[String]) -> &[String] {
    let at = sent
        .iter()
        .position(|s| s.starts_with("UPDATE game SET version"))
        .unwrap_or_else(|| panic!("no version check: {sent:#?}"));
    assert!(
        sent[..at].iter().all(|s| s.starts_with("SELECT")),
        "{sent:#?}"
    );
    assert!(sent.len() > at + 1, "{sent:#?}");
    assert!(sent[at + 1].contains("INSERT INTO action"), "{sent:#?}");
    &sent[at..]
}

#[tokio::test]
async fn an_action_without_deadlines_is_the_version_check_and_one_batch() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir).await;
    let opening = open(&table, &[]).await;
    play(&table, opening, 24, |sent, _| {
        commit_of(sent);
        // Nothing read first: the game and its channel are in memory.
        assert_eq!(sent.len(), 2, "{sent:#?}");
    })
    .await;
    // The outbox rows went in that batch: the turns that passed queued their messages.
    assert!(table.pending_deliveries().await.unwrap() > 3);
}

#[tokio::test]
async fn an_action_with_deadlines_adds_only_what_its_deadline_needs() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir).await;
    let opening = open(&table, &[("deadline", "24h")]).await;
    play(&table, opening, 24, |sent, passed| {
        let written = commit_of(sent);
        // Read first, for the deadline the turn message shows: the player's vacation, and
        // the running deadline when the same turn goes on.
        let read = sent.len() - written.len();
        assert_eq!(read, if passed { 1 } else { 2 }, "{sent:#?}");
        let rest: Vec<&str> = written[2..].iter().map(|s| s.as_str()).collect();
        if passed {
            // The old deadline and any vote cleared in one statement, the new player's
            // vacation read, the new deadline written.
            assert_eq!(rest.len(), 3, "{sent:#?}");
            assert!(rest[0].contains("DELETE FROM deadline"), "{sent:#?}");
            assert!(rest[0].contains("DELETE FROM replace_vote"), "{sent:#?}");
            assert!(rest[1].contains("FROM vacation"), "{sent:#?}");
            assert!(rest[2].starts_with("INSERT INTO deadline"), "{sent:#?}");
        } else {
            // The same player goes on: only whether a late deadline restarts.
            assert_eq!(rest.len(), 1, "{sent:#?}");
            assert!(rest[0].contains("FROM deadline"), "{sent:#?}");
        }
    })
    .await;
}
