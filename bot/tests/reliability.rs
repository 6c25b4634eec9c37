//! Regression tests for the defects fault injection found (issue "Nothing stuck, nothing
//! dropped"): resigning in one transaction, Start racing Leave, stale Undo buttons, the
//! outbox, the reminder pass, and what a damaged database may do. `reliability_postgres`
//! runs the same tests on a PostgreSQL database (`support/postgres.rs`; the one about
//! SQLite's storage classes stays SQLite's).
//!
//! Why this file is long (917 lines): one test per defect found, each with the set-up that reproduced it
//! (a race, a failing courier, a damaged file), sharing the table helpers at the top.

#[path = "support/postgres.rs"]
mod pg;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use turnpost_bot::outbox::{Courier, Failure, Message};
use turnpost_bot::store::{DeliveryKind, DeliveryRow};
use turnpost_bot::table::{
    Caller, Command, NoImages, Reply, Seeds, Table, TableError, TableSettings,
};

const CHANNEL: u64 = 700;

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: ["Anna", "Bert", "Cleo", "Dora"][(user as usize - 1) % 4].to_string(),
        guild: Some(1),
        channel: CHANNEL,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

fn with_interaction(mut c: Caller, id: &str) -> Caller {
    c.interaction = Some(id.to_string());
    c
}

fn settings() -> TableSettings {
    TableSettings {
        seeds: Arc::new(Seeds::sequence(4242)),
        ..TableSettings::default()
    }
}

async fn table_at(path: &std::path::Path) -> Table {
    Table::new(pg::store_at(path).await, Arc::new(NoImages), settings())
}

/// The test's own connection to the store's database (to damage or inspect it).
async fn pool_at(path: &std::path::Path) -> pg::Raw {
    pg::Raw::at(path).await
}

/// Runs one SQL statement on the test's own connection (to damage or inspect the file).
async fn exec(pool: &pg::Raw, sql: &str) {
    pool.execute(sql).await;
}

fn refused(r: Result<Reply, TableError>) -> String {
    match r {
        Err(TableError::Refused(m)) => m.to_string(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn act(notation: &str) -> Command {
    Command::Act {
        notation: notation.into(),
        version: None,
    }
}

async fn started(table: &Table, game: &str, n: u64) -> Reply {
    let seats = (1..=n).map(|u| (u, caller(u).name)).collect();
    table
        .handle(
            &caller(1),
            Command::Create {
                game: game.into(),
                options: vec![],
                players: None,
                seats,
                seed: None,
            },
        )
        .await
        .unwrap()
}

/// Plays the first legal action of whoever is to act; returns the new reply.
async fn step(table: &Table, turn_user: u64) -> Reply {
    let who = caller(turn_user);
    let legal = table.suggest(&who, "", usize::MAX).await.unwrap();
    table.handle(&who, act(&legal[0])).await.unwrap()
}

#[tokio::test]
async fn resigning_and_its_automatic_moves_are_one_transaction() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = table_at(&db).await;
    let reply = started(&table, "pandoria", 3).await;
    let first = reply.turn.unwrap().user;
    let pool = pool_at(&db).await;
    // The automatic moves' write fails (they carry no interaction id): with two
    // transactions the resignation would stay, with nobody to move for the seat.
    pool.fail_inserts(
        "fail_automatic",
        "action",
        "NEW.interaction_id IS NULL AND NEW.notation != 'resign'",
    )
    .await;
    let r = table
        .handle(
            &with_interaction(caller(first), "resign-1"),
            Command::Resign,
        )
        .await;
    assert!(matches!(r, Err(TableError::Internal(_))), "{r:?}");
    let rows: i64 = pool.scalar("SELECT COUNT(*) FROM action").await;
    assert_eq!(rows, 0, "a failed resignation left rows behind");
    let resigned: i64 = pool
        .scalar("SELECT CAST(SUM(resigned) AS BIGINT) FROM seat")
        .await;
    assert_eq!(resigned, 0);
    pool.stop_failing("fail_automatic", "action").await;
    // Nothing changed: the seat can still play, and resigning works now.
    let fresh = table_at(&db).await;
    let r = fresh
        .handle(
            &with_interaction(caller(first), "resign-2"),
            Command::Resign,
        )
        .await
        .unwrap();
    let next = r.turn.expect("the game goes on").user;
    assert_ne!(next, first);
    let seqs: Vec<i64> = pool.scalars("SELECT seq FROM action ORDER BY seq").await;
    assert!(
        seqs.len() >= 2,
        "the resignation and its automatic moves: {seqs:?}"
    );
    assert_eq!(seqs, (1..=seqs.len() as i64).collect::<Vec<_>>());
}

#[tokio::test]
async fn loading_finishes_a_resigned_seats_pending_automatic_moves() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = table_at(&db).await;
    let reply = started(&table, "pandoria", 3).await;
    let first = reply.turn.unwrap().user;
    drop(table);
    // What an older version left after a crash between its two writes: the resignation
    // stored, the automatic moves not.
    let pool = pool_at(&db).await;
    pool.execute_with(
        "INSERT INTO action (game_id, seq, seat, notation, interaction_id, reveals, log, created_at) \
         VALUES (1, 1, (SELECT seat FROM seat WHERE user_id = ?), 'resign', 'old', 1, '[\"resigned\"]', 0)",
        &[pg::Bind::Int(first as i64)],
    )
    .await;
    pool.execute_with(
        "UPDATE seat SET resigned = 1 WHERE user_id = ?",
        &[pg::Bind::Int(first as i64)],
    )
    .await;
    exec(&pool, "UPDATE game SET version = 1").await;
    let table = table_at(&db).await;
    let board = table.handle(&caller(2), Command::Board).await.unwrap();
    let now = board.turn.expect("someone can move").user;
    assert_ne!(now, first, "the game waits for a seat nobody plays");
    let version: i64 = pool.scalar("SELECT version FROM game").await;
    assert!(version > 1, "the automatic moves were stored");
    // And the game goes on.
    step(&table, now).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn start_racing_leave_never_runs_a_game_with_a_missing_seat() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    // Two processes' tables on one file: the in-process lock cannot help.
    let a = Arc::new(table_at(&db).await);
    let b = Arc::new(table_at(&db).await);
    let pool = pool_at(&db).await;
    for round in 0..60u64 {
        let mut opener = caller(1);
        opener.channel = 10_000 + round;
        let mut joiner = caller(2);
        joiner.channel = opener.channel;
        // Pandoria needs two players (Roll Through the Ages could start alone).
        a.handle(
            &opener,
            Command::Create {
                game: "pandoria".into(),
                options: vec![],
                players: Some(2),
                seats: vec![],
                seed: None,
            },
        )
        .await
        .unwrap();
        a.handle(&joiner, Command::Join).await.unwrap();
        let (start, leave) = tokio::join!(
            {
                let a = a.clone();
                let opener = opener.clone();
                tokio::spawn(async move { a.handle(&opener, Command::Start).await })
            },
            {
                let b = b.clone();
                let joiner = joiner.clone();
                tokio::spawn(async move { b.handle(&joiner, Command::Leave).await })
            }
        );
        let (start, leave) = (start.unwrap(), leave.unwrap());
        // Exactly one wins.
        assert!(
            start.is_ok() != leave.is_ok(),
            "round {round}: start {start:?}, leave {leave:?}"
        );
    }
    let broken: i64 = pool
        .scalar(
            "SELECT COUNT(*) FROM game WHERE status = 'active' \
             AND (SELECT COUNT(*) FROM seat WHERE seat.game_id = game.game_id) < 2",
        )
        .await;
    assert_eq!(broken, 0, "active games with a missing seat");
}

#[tokio::test]
async fn an_old_undo_button_is_refused_and_undo_happens_once() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db")).await;
    let reply = table
        .handle(
            &caller(1),
            Command::Create {
                game: "pandoria".into(),
                options: vec![("mode".into(), "standard".into())],
                players: None,
                seats: vec![(1, "Anna".into()), (2, "Bert".into())],
                seed: None,
            },
        )
        .await
        .unwrap();
    let who = caller(reply.turn.unwrap().user);
    // Placing the hand tile and the worker after it can both be undone (issue 28).
    let tile = table.suggest(&who, "tile", 1).await.unwrap().remove(0);
    let after_tile = table.handle(&who, act(&tile)).await.unwrap().turn.unwrap();
    assert!(after_tile.can_undo);
    let worker = table.suggest(&who, "worker", 1).await.unwrap().remove(0);
    let r1 = table.handle(&who, act(&worker)).await.unwrap();
    let current = r1.turn.clone().unwrap();
    assert!(current.can_undo && current.user == who.user, "{r1:?}");
    let stale_text = "This turn has passed: the board has changed since that message. Use the latest one, or /play.";
    // An Undo button under the message before the worker must not take back the worker.
    let old = Command::Undo {
        version: Some(after_tile.version),
    };
    assert_eq!(
        refused(
            table
                .handle(&with_interaction(who.clone(), "old-click"), old)
                .await
        ),
        stale_text
    );
    // The current button works once.
    let undo = Command::Undo {
        version: Some(current.version),
    };
    let click = with_interaction(who.clone(), "click-1");
    let done = table.handle(&click, undo.clone()).await.unwrap();
    assert!(
        done.news
            .iter()
            .any(|l| l.to_string().contains(&format!("took back \"{worker}\""))),
        "{done:?}"
    );
    // The worker was held back from the channel, so taking it back posts nothing.
    assert!(done.public.is_empty(), "{done:?}");
    // The same click delivered again changes nothing; a second click on the same button is
    // from an older message now.
    let again = table.handle(&click, undo.clone()).await.unwrap();
    assert_eq!(
        again.ephemeral.map(|p| p.text.to_string()).as_deref(),
        Some("That was already done.")
    );
    assert_eq!(
        refused(table.handle(&with_interaction(who, "click-2"), undo).await),
        stale_text
    );
    assert_eq!(
        table.store().sequence_numbers(1).await.unwrap(),
        vec![1, 2, 3],
        "a tile, a worker, one undo"
    );
}

/// A courier that records what it was given and fails as told.
#[derive(Default)]
struct TestCourier {
    sent: Mutex<Vec<(DeliveryKind, u64, String)>>,
    told: Mutex<Vec<(String, String)>>,
    /// Failures to answer, in order, before succeeding.
    failures: Mutex<Vec<Failure>>,
}

impl Courier for TestCourier {
    async fn deliver(
        &self,
        row: &DeliveryRow,
        message: &Message,
        _images: Vec<(String, Vec<u8>)>,
    ) -> Result<Option<u64>, Failure> {
        let failure = {
            let mut f = self.failures.lock().unwrap();
            (!f.is_empty()).then(|| f.remove(0))
        };
        if let Some(f) = failure {
            return Err(f);
        }
        self.sent
            .lock()
            .unwrap()
            .push((row.kind, row.target, message.words(row.lang)));
        Ok(Some(1000 + row.outbox_id as u64))
    }

    async fn tell(&self, handle: &str, text: &str) -> bool {
        self.told
            .lock()
            .unwrap()
            .push((handle.to_string(), text.to_string()));
        true
    }
}

fn quick_retries() -> TableSettings {
    let mut s = settings();
    s.delivery.first_backoff = Duration::from_millis(1);
    s.delivery.max_backoff = Duration::from_millis(4);
    s.delivery.max_attempts = 3;
    s
}

/// Runs outbox passes until nothing is due or pending (retries are milliseconds apart).
async fn drain(table: &Table, courier: &Arc<TestCourier>) {
    let outbox = table.outbox();
    for _ in 0..1000 {
        if table.store().pending_delivery_count().await.unwrap() == 0 {
            return;
        }
        if let Some(wait) = outbox.pass(courier).await.unwrap() {
            tokio::time::sleep(wait.min(Duration::from_millis(5))).await;
        }
    }
    panic!("the outbox did not drain");
}

#[tokio::test]
async fn every_post_and_dm_of_a_commit_is_queued_with_it_and_delivered_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = table_at(&db).await;
    let reply = started(&table, "pandoria", 3).await;
    let first = reply.turn.unwrap().user;
    // The opening: one channel post and a DM per seat, nothing sent yet.
    assert_eq!(table.store().pending_delivery_count().await.unwrap(), 4);
    // A failing outbox write fails the action: nothing is committed without its messages.
    let pool = pool_at(&db).await;
    pool.fail_inserts("fail_outbox", "outbox", "true").await;
    // Steps undo may still take back send nothing (issue 28): they commit; the first step
    // with messages fails whole.
    let who = caller(first);
    let mut held = 0;
    loop {
        let legal = table.suggest(&who, "", usize::MAX).await.unwrap();
        match table.handle(&who, act(&legal[0])).await {
            Ok(r) => {
                assert!(r.public.is_empty() && r.private.is_empty(), "{r:?}");
                held += 1;
                assert!(held < 10, "no step of the turn was ever published");
            }
            Err(_) => break,
        }
    }
    let version: i64 = pool.scalar("SELECT version FROM game").await;
    assert_eq!(
        version, held,
        "the action was committed without its messages"
    );
    pool.stop_failing("fail_outbox", "outbox").await;
    let r = step(&table, first).await;
    assert_eq!(r.public.len(), 1, "{r:?}");
    let dms_now = r.private.len();
    assert_eq!(
        table.store().pending_delivery_count().await.unwrap(),
        5 + dms_now as i64
    );
    // "Killed" before delivering: a new table on the file delivers everything, in order.
    drop(table);
    let table = table_at(&db).await;
    let courier = Arc::new(TestCourier::default());
    drain(&table, &courier).await;
    let sent = courier.sent.lock().unwrap().clone();
    // The turn's end DMs two players anew: their opening DMs, not yet sent, give way to the
    // newer ones (one DM per player, the latest hand).
    assert_eq!(dms_now, 2, "{r:?}");
    assert_eq!(sent.len(), 5, "{sent:?}");
    let channel: Vec<&String> = sent
        .iter()
        .filter(|(k, t, _)| *k == DeliveryKind::Channel && *t == CHANNEL)
        .map(|(_, _, text)| text)
        .collect();
    assert_eq!(channel.len(), 2);
    assert!(channel[0].contains("begins"), "{channel:?}");
    let dms = sent
        .iter()
        .filter(|(k, _, _)| *k == DeliveryKind::Dm)
        .count();
    assert_eq!(dms, 3);
    // The turn message is remembered for reminders.
    let turn_message: Option<i64> = pool.scalar("SELECT turn_message_id FROM game").await;
    assert!(turn_message.is_some());
}

#[tokio::test]
async fn delivered_rows_are_pruned_after_a_week_and_pending_ones_never() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = table_at(&db).await;
    started(&table, "pandoria", 2).await;
    let courier = Arc::new(TestCourier::default());
    // Deliver the opening post only; the two DMs stay pending.
    assert!(table.outbox().pass(&courier).await.unwrap().is_none());
    let pool = pool_at(&db).await;
    exec(
        &pool,
        "UPDATE outbox SET done_at = done_at - 8 * 86400000 WHERE done_at IS NOT NULL",
    )
    .await;
    // The idle worker prunes: the week-old delivered row goes, the pending ones stay.
    let store = table.store();
    assert_eq!(
        store
            .prune_deliveries(turnpost_bot::store::now_ms() - 7 * 86_400_000)
            .await
            .unwrap(),
        1
    );
    assert_eq!(store.pending_delivery_count().await.unwrap(), 2);
    let left: i64 = pool.scalar("SELECT COUNT(*) FROM outbox").await;
    assert_eq!(left, 2);
}

#[tokio::test]
async fn transient_failures_are_retried_and_permanent_ones_given_up_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let mut settings = quick_retries();
    // An unreachable channel is tried again after a millisecond here (a minute by default).
    settings.delivery.unreachable_first_retry = Duration::from_millis(1);
    let table = Table::new(pg::store_at(&db).await, Arc::new(NoImages), settings);
    let mut opener = caller(1);
    opener.followup = Some("token-1".into());
    table
        .handle(
            &opener,
            Command::Create {
                game: "rtta".into(),
                options: vec![],
                players: None,
                seats: vec![(1, "Anna".into()), (2, "Bert".into())],
                seed: None,
            },
        )
        .await
        .unwrap();
    let transient = |why: &str| Failure::Transient {
        why: why.into(),
        after: None,
        invalid: false,
    };
    // Two server errors, then success: delivered once, after the retries.
    let courier = Arc::new(TestCourier::default());
    courier
        .failures
        .lock()
        .unwrap()
        .extend([transient("500"), transient("502")]);
    drain(&table, &courier).await;
    // Roll Through the Ages hides nothing: the opening is one channel post, no DMs.
    let sent = courier.sent.lock().unwrap().clone();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(sent[0].2.contains("begins"), "{sent:?}");
    let attempts: i64 = pool_at(&db)
        .await
        .scalar("SELECT MAX(attempts) FROM outbox")
        .await;
    assert_eq!(attempts, 2);
    // A missing permission: the caller told once, the post held and tried again later (the
    // courier takes it then).
    let courier = Arc::new(TestCourier::default());
    courier.failures.lock().unwrap().push(Failure::Unreachable {
        why: "Turnpost lacks the permission to post there".into(),
        invalid: true,
    });
    let mut player = caller(1);
    player.followup = Some("token-2".into());
    let board = table.handle(&player, Command::Board).await.unwrap();
    let turn = board.turn.unwrap();
    let mover = if turn.user == 1 {
        player.clone()
    } else {
        let mut c = caller(2);
        c.followup = Some("token-2".into());
        c
    };
    let legal = table.suggest(&mover, "", usize::MAX).await.unwrap();
    table.handle(&mover, act(&legal[0])).await.unwrap();
    drain(&table, &courier).await;
    let told = courier.told.lock().unwrap().clone();
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].0, "token-2");
    assert!(told[0].1.contains("permission"), "{told:?}");
    let (outcome, attempts): (String, i64) = pool_at(&db)
        .await
        .query_as(
            "SELECT outcome, attempts FROM outbox WHERE kind = 'channel' ORDER BY outbox_id DESC LIMIT 1",
            &[],
        )
        .await
        .remove(0);
    assert_eq!(
        (outcome.as_str(), attempts),
        ("sent", 0),
        "held, not given up"
    );
    assert_eq!(courier.sent.lock().unwrap().len(), 1);
    // Transient failures beyond the attempts are given up too, and told.
    let courier = Arc::new(TestCourier::default());
    courier
        .failures
        .lock()
        .unwrap()
        .extend([transient("500"), transient("500"), transient("500")]);
    let board = table.handle(&player, Command::Board).await.unwrap();
    let user = board.turn.unwrap().user;
    let mut mover = caller(user);
    mover.followup = Some("token-3".into());
    let legal = table.suggest(&mover, "", usize::MAX).await.unwrap();
    table.handle(&mover, act(&legal[0])).await.unwrap();
    drain(&table, &courier).await;
    let told = courier.told.lock().unwrap().clone();
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].1.contains("after 3 tries"), "{told:?}");
}

#[tokio::test]
async fn closed_dms_get_one_note_in_the_channel_and_are_not_tried_again() {
    let dir = tempfile::tempdir().unwrap();
    let table = Table::new(
        pg::store_at(&dir.path().join("t.db")).await,
        Arc::new(NoImages),
        quick_retries(),
    );
    started(&table, "pandoria", 2).await;
    let courier = Arc::new(TestCourier::default());
    // One game's rows go out in order, one at a time: the channel post, then the first DM,
    // which fails with 50007, then the second DM.
    let outbox = table.outbox();
    assert!(outbox.pass(&courier).await.unwrap().is_none());
    courier.failures.lock().unwrap().push(Failure::DmsClosed);
    drain(&table, &courier).await;
    let sent = courier.sent.lock().unwrap().clone();
    let notes: Vec<_> = sent
        .iter()
        .filter(|(k, _, text)| {
            *k == DeliveryKind::Channel && text.contains("can't send you direct messages")
        })
        .collect();
    assert_eq!(notes.len(), 1, "{sent:?}");
    let closed_user = sent
        .iter()
        .filter(|(k, _, _)| *k == DeliveryKind::Dm)
        .map(|(_, u, _)| *u)
        .collect::<Vec<_>>();
    // One of the two DMs went out; the other user is remembered as closed.
    assert_eq!(closed_user.len(), 1, "{sent:?}");
    let other = if closed_user[0] == 1 { 2 } else { 1 };
    assert!(table.store().dm_closed(other).await.unwrap());
}

/// One terminal session with `input`; what it printed.
async fn session(opts: &turnpost_bot::local::LocalOptions, input: &[u8]) -> String {
    let mut out = Vec::new();
    turnpost_bot::local::play(opts, Arc::new(NoImages), &mut &input[..], &mut out)
        .await
        .unwrap();
    String::from_utf8(out).unwrap()
}

/// Creates a started game in `channel` (seated 1 and 2).
async fn started_in(table: &Table, channel: u64, game: &str) -> Reply {
    let mut host = caller(1);
    host.channel = channel;
    table
        .handle(
            &host,
            Command::Create {
                game: game.into(),
                options: vec![],
                players: None,
                seats: vec![(1, "Anna".into()), (2, "Bert".into())],
                seed: None,
            },
        )
        .await
        .unwrap()
}

#[tokio::test]
async fn one_broken_game_does_not_stop_the_reminder_pass_and_is_backed_off() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = Table::new(pg::store_at(&db).await, Arc::new(NoImages), quick_retries());
    started_in(&table, 801, "pandoria").await; // game 1: broken below
    started_in(&table, 802, "pandoria").await; // game 2: healthy
    started_in(&table, 803, "pandoria").await; // game 3: its channel is deleted
    let pool = pool_at(&db).await;
    // Game 1's log holds an action that does not replay.
    exec(
        &pool,
        "INSERT INTO action (game_id, seq, seat, notation, reveals, log, created_at) \
         VALUES (1, 1, 0, 'nonsense here', 0, '[]', 0)",
    )
    .await;
    exec(&pool, "UPDATE game SET version = 1 WHERE game_id = 1").await;
    // Everyone has been idle for two days.
    exec(
        &pool,
        "UPDATE game SET updated_at = updated_at - 2 * 86400000",
    )
    .await;
    let table = Table::new(pg::store_at(&db).await, Arc::new(NoImages), quick_retries());
    let courier = Arc::new(TestCourier::default());
    drain(&table, &courier).await; // the opening messages
    let now = turnpost_bot::store::now_ms();
    let pass = table.queue_reminders(now).await.unwrap();
    assert_eq!(pass.failed, vec![1]);
    assert_eq!(pass.queued, 2, "{pass:?}");
    // Game 3's channel is gone: its reminder fails for good.
    courier
        .failures
        .lock()
        .unwrap()
        .extend([Failure::Unreachable {
            why: "the channel no longer exists".into(),
            invalid: false,
        }]);
    let outbox = table.outbox();
    let reminders: Vec<(DeliveryKind, u64)> = {
        let sent_before = courier.sent.lock().unwrap().len();
        let mut taken = 0;
        while table.store().pending_delivery_count().await.unwrap() > 0 && taken < 10 {
            outbox.pass(&courier).await.unwrap();
            taken += 1;
        }
        courier.sent.lock().unwrap()[sent_before..]
            .iter()
            .map(|(k, t, _)| (*k, *t))
            .collect()
    };
    // The two reminders go out side by side (different games), so either may meet the
    // failure: exactly one channel got its reminder, the other is now unreachable.
    assert_eq!(reminders.len(), 1, "{reminders:?}");
    let unreachable = if reminders[0].1 == 802 { 803 } else { 802 };
    // A minute later: the broken game is left alone, nothing is due again.
    let pass = table.queue_reminders(now + 60_000).await.unwrap();
    assert_eq!(pass.failed, Vec::<i64>::new());
    assert_eq!(pass.paused, vec![1]);
    assert_eq!(pass.queued, 0);
    // A day later: the reachable channel is reminded again, the unreachable one is not, and
    // the broken game is tried again (and fails, still isolated).
    let pass = table.queue_reminders(now + 86_400_000).await.unwrap();
    assert_eq!(pass.failed, vec![1]);
    assert_eq!(pass.queued, 1, "{pass:?}");
    let channels: Vec<i64> = pool
        .scalars("SELECT target FROM outbox WHERE done_at IS NULL AND kind = 'channel'")
        .await;
    // The unreachable channel's first reminder is held for it (it goes out once the channel
    // works again); no second one was queued.
    assert_eq!(
        channels
            .iter()
            .filter(|&&c| c == unreachable as i64)
            .count(),
        1,
        "{channels:?}"
    );
}

#[tokio::test]
async fn an_unreadable_pending_row_is_given_up_once_and_the_others_are_delivered() {
    if pg::on_postgres() {
        // The damage is SQLite's: a value's storage class in the row header. PostgreSQL
        // checks each value against its column's type, so no such row can exist there.
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = Table::new(pg::store_at(&db).await, Arc::new(NoImages), quick_retries());
    // Two games: an opening post and a DM per seat each, nothing sent yet.
    started_in(&table, 801, "pandoria").await;
    started_in(&table, 802, "pandoria").await;
    let pool = pool_at(&db).await;
    let total: i64 = pool.scalar("SELECT COUNT(*) FROM outbox").await;
    // Game 1's last DM gets a body of storage type BLOB (a flipped bit in the row header
    // does it), game 2's opening post a text body that is not UTF-8; the file stays sound.
    exec(
        &pool,
        "UPDATE outbox SET body = CAST(body AS BLOB) \
         WHERE outbox_id = (SELECT MAX(outbox_id) FROM outbox WHERE game_id = 1)",
    )
    .await;
    exec(
        &pool,
        "UPDATE outbox SET body = CAST(X'7B2274657874223A2241FF227D' AS TEXT) \
         WHERE outbox_id = (SELECT MIN(outbox_id) FROM outbox WHERE game_id = 2)",
    )
    .await;
    let integrity: String = pool.scalar("PRAGMA integrity_check").await;
    assert_eq!(integrity, "ok");
    // Every pass works; the others go out and the two are given up, each once.
    let courier = Arc::new(TestCourier::default());
    let outbox = table.outbox();
    for _ in 0..20 {
        if table.store().pending_delivery_count().await.unwrap() == 0 {
            break;
        }
        outbox
            .pass(&courier)
            .await
            .expect("one unreadable row failed the whole pass");
    }
    assert_eq!(table.store().pending_delivery_count().await.unwrap(), 0);
    assert_eq!(courier.sent.lock().unwrap().len() as i64, total - 2);
    let given_up: Vec<(i64, String)> = pool
        .query_as(
            "SELECT game_id, outcome FROM outbox WHERE outcome != 'sent' ORDER BY game_id",
            &[],
        )
        .await;
    assert_eq!(given_up.len(), 2, "{given_up:?}");
    assert!(
        given_up[0].1.starts_with("failed: unreadable outbox row")
            && given_up[0].1.contains("stored as blob"),
        "{given_up:?}"
    );
    assert!(
        given_up[1].1.starts_with("failed: unreadable outbox row")
            && given_up[1].1.contains("not UTF-8"),
        "{given_up:?}"
    );
    // Game 2's DMs went out although its opening post, ahead of them, could not.
    let dms: Vec<String> = pool
        .scalars("SELECT outcome FROM outbox WHERE game_id = 2 AND kind = 'dm' ORDER BY outbox_id")
        .await;
    assert_eq!(dms, ["sent", "sent"]);
}

#[tokio::test]
async fn a_damaged_log_is_reported_not_misread() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = table_at(&db).await;
    let reply = started(&table, "pandoria", 2).await;
    let first = reply.turn.unwrap().user;
    step(&table, first).await;
    drop(table);
    let pool = pool_at(&db).await;
    let internal = |r: Result<Reply, TableError>| match r {
        Err(TableError::Internal(m)) => m,
        other => panic!("expected an internal error, got {other:?}"),
    };
    // A seat outside 0–255 is damage, not seat 0 (or 44), in a row written before checksums
    // (with a checksum, the row is set aside and the game rebuilt: see damaged_store.rs).
    exec(
        &pool,
        "UPDATE action SET seat = 300, checksum = NULL WHERE seq = 1",
    )
    .await;
    let m = internal(table_at(&db).await.handle(&caller(1), Command::Board).await);
    assert!(m.contains("seat 300 is out of range"), "{m}");
    pool.execute_with(
        "UPDATE action SET seat = (SELECT seat FROM seat WHERE user_id = ?) WHERE seq = 1",
        &[pg::Bind::Int(first as i64)],
    )
    .await;
    // A gap in the sequence is reported.
    exec(&pool, "UPDATE action SET seq = 2 WHERE seq = 1").await;
    exec(&pool, "UPDATE game SET version = 2").await;
    let m = internal(table_at(&db).await.handle(&caller(1), Command::Board).await);
    assert!(m.contains("jumps from 0 to 2"), "{m}");
    exec(&pool, "UPDATE action SET seq = 1 WHERE seq = 2").await;
    // A version behind its own log is corruption, not "already played".
    exec(&pool, "UPDATE game SET version = 0").await;
    let table = table_at(&db).await;
    let legal = table.suggest(&caller(first), "", 1).await.unwrap();
    let m = internal(
        table
            .handle(&with_interaction(caller(first), "new-one"), act(&legal[0]))
            .await,
    );
    assert!(
        m.contains("is at version 0 but its log already has action 1"),
        "{m}"
    );
}

#[tokio::test]
async fn a_snapshot_that_does_not_match_the_log_is_rebuilt_from_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let mut s = settings();
    s.snapshot_every = 1;
    let table = Table::new(pg::store_at(&db).await, Arc::new(NoImages), s);
    let mut r = started(&table, "pandoria", 2).await;
    // Play until two snapshots exist.
    let pool = pool_at(&db).await;
    for _ in 0..60 {
        let snapshots: i64 = pool.scalar("SELECT COUNT(*) FROM snapshot").await;
        if snapshots >= 2 {
            break;
        }
        r = step(&table, r.turn.unwrap().user).await;
    }
    let truth = table.handle(&caller(1), Command::Board).await.unwrap();
    drop(table);
    // Put the older snapshot's state in the newer one's place: valid JSON, a valid game,
    // the wrong position.
    exec(
        &pool,
        "UPDATE snapshot SET state = (SELECT state FROM snapshot ORDER BY seq LIMIT 1) \
         WHERE seq = (SELECT MAX(seq) FROM snapshot)",
    )
    .await;
    let table = table_at(&db).await;
    let loaded = table.handle(&caller(1), Command::Board).await.unwrap();
    assert_eq!(
        loaded.ephemeral.map(|p| p.text.to_string()),
        truth.ephemeral.map(|p| p.text.to_string()),
        "the misplaced snapshot was used"
    );
    assert_eq!(loaded.turn, truth.turn);
}

#[tokio::test]
async fn local_sessions_never_reuse_interaction_ids_and_bad_player_counts_write_nothing() {
    use turnpost_bot::local::{LocalOptions, play};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("local.db");
    let opts = |players: usize, new: bool| LocalOptions {
        game: "rtta".into(),
        players,
        seed: Some(turnpost_core::Seed::from_u64(5)),
        options: vec![],
        db: Some(db.clone()),
        out: dir.path().join("pictures"),
        new,
        lang: turnpost_core::words::Lang::En,
    };
    // No players: refused before the file is even created.
    let mut out = Vec::new();
    let e = play(&opts(0, false), Arc::new(NoImages), &mut &b""[..], &mut out)
        .await
        .unwrap_err();
    assert_eq!(e, "rtta is for 1 to 4 players, not 0");
    assert!(!db.exists());
    // Two sessions in one process (same pid): each one's first move is played.
    for (n, input) in [&b"keep 1\nquit\n"[..], &b"keep 2\nquit\n"[..]]
        .into_iter()
        .enumerate()
    {
        let text = session(&opts(2, false), input).await;
        assert!(!text.contains("already played"), "session {n}: {text}");
        // `turnpost local` keeps its game in the SQLite file it was given.
        let pool = pg::Raw::sqlite(&db).await;
        let actions: i64 = pool.scalar("SELECT COUNT(*) FROM action").await;
        assert_eq!(actions, n as i64 + 1, "session {n}: {text}");
        pool.close().await;
    }
    // Garbage and a huge line are answered, not fatal; abandon ends the game for good.
    let mut input = Vec::new();
    input.extend_from_slice(&[0xff, 0xfe, b'\n']);
    input.extend(std::iter::repeat_n(b'x', 1_000_000));
    input.extend_from_slice(b"\nabandon\n");
    let text = session(&opts(2, false), &input).await;
    assert!(text.contains("That line is not text (UTF-8)"), "{text}");
    assert!(text.contains("That line is too long"), "{text}");
    assert!(text.contains("The game is abandoned"), "{text}");
    // The next run starts a new game.
    let text = session(&opts(2, false), b"quit\n").await;
    assert!(!text.contains("Resuming"), "{text}");
    assert!(text.contains("begins"), "{text}");
    // --new abandons the saved game and starts over.
    let text = session(&opts(2, true), b"quit\n").await;
    assert!(text.contains("The saved game is abandoned"), "{text}");
}
