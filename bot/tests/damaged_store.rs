//! Regression tests for a damaged store (issue 26, defects 4 and 7): values of the wrong
//! storage type or not text in a game's rows, and flipped bits in the action log. A damaged
//! row gives a clear report or a rebuild, never an opaque type error, a panic, or another
//! move than the one acknowledged.

use std::sync::Arc;

use turnpost_bot::record::{FORMAT, Record, RecordSeat, RecordedAction, replay};
use turnpost_bot::store::Store;
use turnpost_bot::table::{
    Caller, Command, NoImages, Reply, Seeds, Table, TableError, TableSettings,
};

/// The terminal table's channel, so `turnpost local` resumes the games made here.
const CHANNEL: u64 = turnpost_bot::local::LOCAL_CHANNEL;

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

fn settings(snapshot_every: usize) -> TableSettings {
    TableSettings {
        seeds: Arc::new(Seeds::sequence(4242)),
        snapshot_every,
        ..TableSettings::default()
    }
}

async fn table_at(path: &std::path::Path, snapshot_every: usize) -> Table {
    Table::new(
        Store::open(path).await.unwrap(),
        Arc::new(NoImages),
        settings(snapshot_every),
    )
}

async fn pool_at(path: &std::path::Path) -> sqlx::SqlitePool {
    sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap()
}

/// Runs one SQL statement on the test's own connection (to damage or inspect the file).
async fn exec(pool: &sqlx::SqlitePool, sql: &str) {
    sqlx::query(sql).execute(pool).await.unwrap();
}

async fn count(pool: &sqlx::SqlitePool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

fn act(notation: &str) -> Command {
    Command::Act {
        notation: notation.into(),
        version: None,
    }
}

async fn started(table: &Table, n: u64) -> Reply {
    started_game(table, "pandoria", n).await
}

async fn started_game(table: &Table, game: &str, n: u64) -> Reply {
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

/// Who must act, by the table's own answer.
async fn to_act(table: &Table) -> u64 {
    let r = table.handle(&caller(1), Command::Board).await.unwrap();
    r.turn.expect("the game is running").user
}

/// The public board in text.
async fn board(table: &Table) -> String {
    let (kind, view) = table.public_view(CHANNEL).await.unwrap().unwrap();
    turnpost_render::text::public(&kind, &*view, turnpost_core::words::Lang::En)
}

/// The position as a player sees it: the public board in text and who must decide what.
async fn position(table: &Table) -> String {
    let r = table.handle(&caller(1), Command::Board).await.unwrap();
    let turn = r.turn.map(|t| (t.user, t.prompt));
    format!("{}\n{turn:?}", board(table).await)
}

/// The game's true position, also while its player's latest steps are held back from the
/// channel (issue 28: undo may still take them back, so the public board does not show them
/// yet): who is to act, what they may do, and their hand.
async fn state(table: &Table) -> String {
    let seat = to_act(table).await;
    let who = caller(seat);
    let legal = table.suggest(&who, "", usize::MAX).await.unwrap();
    let hand = table
        .handle(&who, Command::Hand)
        .await
        .unwrap()
        .ephemeral
        .map(|p| p.text.to_string());
    format!("{seat} to act\n{legal:?}\n{hand:?}")
}

fn internal(r: Result<Reply, TableError>) -> String {
    match r {
        Err(TableError::Internal(m)) => m,
        other => panic!("expected an internal error, got {other:?}"),
    }
}

/// Plays the legal action at `index` (0 when there are fewer) of whoever is to act; returns
/// the notation played and the legal actions there were.
async fn play(table: &Table, index: usize) -> (String, Vec<String>) {
    let who = caller(to_act(table).await);
    let legal = table.suggest(&who, "", usize::MAX).await.unwrap();
    let chosen = legal.get(index).unwrap_or(&legal[0]).clone();
    table.handle(&who, act(&chosen)).await.unwrap();
    (chosen, legal)
}

/// Plays until a snapshot exists after at least `after` actions; returns its seq.
async fn play_until_snapshot(table: &Table, pool: &sqlx::SqlitePool, after: i64) -> i64 {
    for _ in 0..80 {
        let seq = count(pool, "SELECT COALESCE(MAX(seq), 0) FROM snapshot").await;
        if seq > after {
            return seq;
        }
        play(table, 0).await;
    }
    panic!("no snapshot was taken");
}

// ---- Defect 4: values of the wrong storage type ----

#[tokio::test]
async fn a_snapshot_stored_as_a_blob_loads_like_text() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = table_at(&db, 1).await;
    started(&table, 2).await;
    let pool = pool_at(&db).await;
    play_until_snapshot(&table, &pool, 0).await;
    let truth = position(&table).await;
    drop(table);
    // The reproduction: one flipped bit in the row header makes TEXT a BLOB.
    exec(
        &pool,
        "UPDATE snapshot SET state = CAST(state AS BLOB) WHERE seq = (SELECT MAX(seq) FROM snapshot)",
    )
    .await;
    let table = table_at(&db, 1).await;
    assert_eq!(position(&table).await, truth);
    // The same bytes: the snapshot was good and is kept.
    assert_eq!(
        count(
            &pool,
            "SELECT COUNT(*) FROM snapshot WHERE typeof(state) = 'blob'"
        )
        .await,
        1
    );
    // And the game goes on.
    play(&table, 0).await;
}

#[tokio::test]
async fn a_snapshot_that_is_not_text_is_rebuilt_from_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = table_at(&db, 1).await;
    started(&table, 2).await;
    let pool = pool_at(&db).await;
    let seq = play_until_snapshot(&table, &pool, 0).await;
    let truth = position(&table).await;
    drop(table);
    for damage in [
        // Not UTF-8 (a BLOB whose first byte can start no character).
        "X'FF' || CAST(state AS BLOB)",
        // Text that is no saved game.
        "42",
        // Invalid UTF-8 in the middle of a TEXT value.
        "CAST(X'7B22FE227D' AS TEXT)",
    ] {
        exec(
            &pool,
            &format!(
                "UPDATE snapshot SET state = {damage} WHERE seq = (SELECT MAX(seq) FROM snapshot)"
            ),
        )
        .await;
        let table = table_at(&db, 1).await;
        assert_eq!(position(&table).await, truth, "{damage}");
        // Rebuilt: the snapshot at that place is good text again.
        let state: String =
            sqlx::query_scalar(&format!("SELECT state FROM snapshot WHERE seq = {seq}"))
                .fetch_one(&pool)
                .await
                .unwrap();
        assert!(state.starts_with('{'), "{damage}: {state:.40}");
    }
}

#[tokio::test]
async fn text_columns_stored_as_blobs_are_read_and_bad_values_are_reported_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = table_at(&db, 100).await;
    started(&table, 2).await;
    play(&table, 0).await;
    play(&table, 0).await;
    let truth = position(&table).await;
    drop(table);
    let pool = pool_at(&db).await;
    // The same bytes as BLOBs: every text column of the game's rows still reads.
    for (table_name, column) in [
        ("game", "kind"),
        ("game", "options"),
        ("game", "seed"),
        ("seat", "name"),
        ("action", "notation"),
        ("action", "log"),
    ] {
        exec(
            &pool,
            &format!("UPDATE {table_name} SET {column} = CAST({column} AS BLOB)"),
        )
        .await;
        let table = table_at(&db, 100).await;
        assert_eq!(
            position(&table).await,
            truth,
            "{table_name}.{column} as BLOB"
        );
    }
    // A value that cannot be what it should is named, with its row.
    let seed: String = sqlx::query_scalar("SELECT CAST(seed AS TEXT) FROM game")
        .fetch_one(&pool)
        .await
        .unwrap();
    let restore_seed = format!("UPDATE game SET seed = '{seed}'");
    let cases = [
        (
            "UPDATE seat SET user_id = 'Anna' WHERE seat = 0",
            "UPDATE seat SET user_id = 1 WHERE seat = 0",
            "user_id is stored as TEXT, not an integer",
        ),
        (
            "UPDATE game SET max_players = 2.5",
            "UPDATE game SET max_players = 2",
            "max_players is stored as REAL, not an integer",
        ),
        (
            "UPDATE game SET options = X'5BFF5D'",
            "UPDATE game SET options = '[]'",
            "options is not text (invalid UTF-8)",
        ),
        (
            "UPDATE game SET seed = X'FF'",
            restore_seed.as_str(),
            "seed is not text (invalid UTF-8)",
        ),
        (
            "UPDATE game SET seed = 'seven'",
            restore_seed.as_str(),
            "seed is not 64 hex digits or a number",
        ),
    ];
    for (damage, repair, expected) in cases {
        exec(&pool, damage).await;
        let table = table_at(&db, 100).await;
        let m = internal(table.handle(&caller(1), Command::Board).await);
        assert!(m.contains(expected), "{damage}: {m}");
        assert!(!m.contains("mismatched types"), "{damage}: {m}");
        exec(&pool, repair).await;
        let table = table_at(&db, 100).await;
        assert_eq!(position(&table).await, truth, "after repairing {damage}");
    }
    // An action written before checksums existed whose notation is not text: reported.
    exec(&pool, "UPDATE action SET checksum = NULL").await;
    exec(&pool, "UPDATE action SET notation = X'FF00' WHERE seq = 2").await;
    let table = table_at(&db, 100).await;
    let m = internal(table.handle(&caller(1), Command::Board).await);
    assert!(
        m.contains("action 2") && m.contains("notation is not text (invalid UTF-8)"),
        "{m}"
    );
}

// ---- Defect 7: flipped bits in the action log ----

/// The outbox's pending channel posts of the test channel, as their JSON bodies.
async fn channel_posts(pool: &sqlx::SqlitePool) -> Vec<String> {
    let bodies: Vec<String> = sqlx::query_scalar(&format!(
        "SELECT body FROM outbox WHERE kind = 'channel' AND target = {CHANNEL} ORDER BY outbox_id"
    ))
    .fetch_all(pool)
    .await
    .unwrap();
    // The words in English (stored typed).
    bodies
        .iter()
        .map(|b| {
            turnpost_bot::outbox::Message::from_body(b)
                .unwrap()
                .text
                .to_string()
        })
        .collect()
}

#[tokio::test]
async fn a_flipped_action_is_not_replayed_as_another_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    // No snapshot within these moves: loading replays the log from the start.
    let table = table_at(&db, 100).await;
    started(&table, 2).await;
    let pool = pool_at(&db).await;
    play(&table, 0).await;
    let after_one = state(&table).await;
    // Action 2 is a move with another legal move beside it.
    let (second, legal) = play(&table, 0).await;
    let flipped = legal
        .iter()
        .find(|n| **n != second)
        .expect("a second legal move")
        .clone();
    let after_two = state(&table).await;
    play(&table, 0).await;
    drop(table);
    let posts_before = channel_posts(&pool).await.len();
    // One flipped bit: the stored move is another legal move (`castle B8` → `castle B9`).
    sqlx::query("UPDATE action SET notation = ? WHERE seq = 2")
        .bind(&flipped)
        .execute(&pool)
        .await
        .unwrap();
    let table = table_at(&db, 100).await;
    // The game is back after the last good action, not at the flipped move.
    assert_eq!(state(&table).await, after_one);
    // Nothing is deleted: the damaged row and the one after it stay, and the log says from
    // where to where it was set aside.
    let notations: Vec<String> = sqlx::query_scalar("SELECT notation FROM action ORDER BY seq")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(notations.len(), 4, "{notations:?}");
    assert_eq!(notations[1], flipped);
    assert_eq!(notations[3], "void 2 3");
    // The channel is told, once, with the turn message of the player to act again.
    let posts = channel_posts(&pool).await;
    assert_eq!(posts.len(), posts_before + 1, "{posts:?}");
    let note = posts.last().unwrap();
    assert!(
        note.contains("The game's log is damaged at action 2")
            && note.contains("actions 2 to 3")
            && note.contains("must be played again"),
        "{note}"
    );
    // Loading again (another process, or after a restart) changes nothing more.
    let again = table_at(&db, 100).await;
    assert_eq!(state(&again).await, after_one);
    assert_eq!(channel_posts(&pool).await.len(), posts.len());
    drop(again);
    // Playable: the move played again gives the position it gave the first time.
    let who = caller(to_act(&table).await);
    table.handle(&who, act(&second)).await.unwrap();
    assert_eq!(state(&table).await, after_two);
    // A full rebuild from the log (no snapshot left) skips the set-aside actions too.
    drop(table);
    exec(&pool, "DELETE FROM snapshot").await;
    let table = table_at(&db, 100).await;
    assert_eq!(state(&table).await, after_two);
    // `turnpost replay` skips them as well: the record plays out to the same board.
    let seed: String = sqlx::query_scalar("SELECT seed FROM game")
        .fetch_one(&pool)
        .await
        .unwrap();
    let record = Record {
        format: FORMAT.into(),
        game: "pandoria".into(),
        options: vec![],
        seats: table
            .store()
            .seats(1)
            .await
            .unwrap()
            .into_iter()
            .map(|s| RecordSeat {
                seat: s.seat,
                name: s.name,
                user: s.user_id,
                resigned: s.resigned,
            })
            .collect(),
        status: "active".into(),
        seed: Some(seed),
        actions: table
            .store()
            .record_actions(1)
            .await
            .unwrap()
            .into_iter()
            .map(|a| RecordedAction {
                seq: a.seq,
                seat: a.seat,
                notation: a.notation,
                at: a.at,
            })
            .collect(),
        final_state: None,
        scores: None,
    };
    let replayed = replay(&record).unwrap();
    assert_eq!(
        turnpost_render::text::public(
            "pandoria",
            &*replayed.game.public_view(),
            turnpost_core::words::Lang::En,
        ),
        board(&table).await
    );
    play(&table, 0).await;
}

#[tokio::test]
async fn a_damaged_action_after_the_latest_snapshot_is_rebuilt_from_that_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    // A snapshot after every action that reveals something.
    let table = table_at(&db, 1).await;
    // Roll Through the Ages: the steps after the roll reveal nothing (undo can take them back).
    started_game(&table, "rtta", 2).await;
    let pool = pool_at(&db).await;
    // Play until the last action came after the latest snapshot (it revealed nothing).
    let mut before_last = position(&table).await;
    for _ in 0..80 {
        before_last = position(&table).await;
        play(&table, 0).await;
        let version = count(&pool, "SELECT version FROM game").await;
        let snapshot = count(&pool, "SELECT COALESCE(MAX(seq), 0) FROM snapshot").await;
        if snapshot > 0 && version > snapshot {
            break;
        }
    }
    let version = count(&pool, "SELECT version FROM game").await;
    let snapshot = count(&pool, "SELECT MAX(seq) FROM snapshot").await;
    assert!(
        snapshot > 0 && version == snapshot + 1,
        "{snapshot} {version}"
    );
    drop(table);
    // A flipped bit in that action's log line.
    exec(
        &pool,
        &format!(
            "UPDATE action SET log = CAST(CAST(log AS BLOB) || X'20' AS TEXT) WHERE seq = {version}"
        ),
    )
    .await;
    let table = table_at(&db, 1).await;
    assert_eq!(position(&table).await, before_last);
    assert_eq!(
        count(
            &pool,
            "SELECT COUNT(*) FROM action WHERE notation LIKE 'void %'"
        )
        .await,
        1
    );
    play(&table, 0).await;
}

#[tokio::test]
async fn a_damaged_action_older_than_a_good_snapshot_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = table_at(&db, 1).await;
    // Roll Through the Ages: the steps after the roll reveal nothing (undo can take them back).
    started_game(&table, "rtta", 2).await;
    let pool = pool_at(&db).await;
    let (_, legal) = play(&table, 0).await;
    play_until_snapshot(&table, &pool, 1).await;
    let truth = position(&table).await;
    let actions = count(&pool, "SELECT COUNT(*) FROM action").await;
    drop(table);
    // Action 1 flipped; the snapshot after it was checked by its own hash and stands for it.
    sqlx::query("UPDATE action SET notation = ? WHERE seq = 1")
        .bind(&legal[legal.len() - 1])
        .execute(&pool)
        .await
        .unwrap();
    exec(&pool, "UPDATE action SET seat = seat + 1 WHERE seq = 1").await;
    let table = table_at(&db, 1).await;
    assert_eq!(position(&table).await, truth);
    assert_eq!(count(&pool, "SELECT COUNT(*) FROM action").await, actions);
    // The game goes on, and undo (which replays the log) starts from the snapshot, not from
    // the damaged action.
    let mut undone = false;
    for _ in 0..40 {
        let before = position(&table).await;
        let who = caller(to_act(&table).await);
        play(&table, 0).await;
        let r = table.handle(&who, Command::Undo { version: None }).await;
        if r.is_ok() {
            assert_eq!(position(&table).await, before);
            undone = true;
            break;
        }
    }
    assert!(undone, "no move could be taken back");
}

#[tokio::test]
async fn actions_stored_before_checksums_are_accepted_unchecked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = table_at(&db, 100).await;
    started(&table, 2).await;
    let pool = pool_at(&db).await;
    play(&table, 0).await;
    play(&table, 0).await;
    let truth = position(&table).await;
    drop(table);
    // Every action written by this version has a checksum.
    assert_eq!(
        count(&pool, "SELECT COUNT(*) FROM action WHERE checksum IS NULL").await,
        0
    );
    // Rows from before the migration have none: they replay as they are.
    exec(&pool, "UPDATE action SET checksum = NULL").await;
    let table = table_at(&db, 100).await;
    assert_eq!(position(&table).await, truth);
    play(&table, 0).await;
    assert_eq!(
        count(&pool, "SELECT COUNT(*) FROM action WHERE checksum IS NULL").await,
        2
    );
}

// ---- Both, black-box through the terminal table ----

/// One `turnpost local pandoria --db DB` session with `input`: what it printed, or its error.
async fn local(db: &std::path::Path, input: &[u8]) -> Result<String, String> {
    let opts = turnpost_bot::local::LocalOptions {
        game: "pandoria".into(),
        players: 2,
        seed: None,
        options: vec![],
        db: Some(db.to_path_buf()),
        out: db.with_file_name("pictures"),
        new: false,
        lang: turnpost_core::words::Lang::En,
    };
    let mut out = Vec::new();
    turnpost_bot::local::play(&opts, Arc::new(NoImages), &mut &input[..], &mut out).await?;
    Ok(String::from_utf8(out).unwrap())
}

#[tokio::test]
async fn the_terminal_table_resumes_a_damaged_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let table = table_at(&db, 1).await;
    started(&table, 2).await;
    let pool = pool_at(&db).await;
    play_until_snapshot(&table, &pool, 0).await;
    drop(table);
    // Defect 4's reproduction: the latest snapshot as a BLOB.
    exec(
        &pool,
        "UPDATE snapshot SET state = CAST(state AS BLOB) WHERE seq = (SELECT MAX(seq) FROM snapshot)",
    )
    .await;
    let text = local(&db, b"quit\n").await.unwrap();
    assert!(text.contains("Resuming the saved game."), "{text}");
    assert!(!text.contains("internal error"), "{text}");
    // Defect 7's: the last action, after the snapshot, flipped into another legal move.
    let table = table_at(&db, 100).await;
    let (played, legal) = play(&table, 0).await;
    drop(table);
    let flipped = legal.iter().find(|n| **n != played).unwrap();
    let version = count(&pool, "SELECT version FROM game").await;
    sqlx::query("UPDATE action SET notation = ? WHERE seq = ?")
        .bind(flipped)
        .bind(version)
        .execute(&pool)
        .await
        .unwrap();
    let text = local(&db, b"log\nquit\n").await.unwrap();
    assert!(text.contains("Resuming the saved game."), "{text}");
    assert!(
        text.contains(&format!("The game's log is damaged at action {version}")),
        "{text}"
    );
    // The player to act is asked for the move again.
    let legal_now: Vec<String> = {
        let table = table_at(&db, 100).await;
        let who = caller(to_act(&table).await);
        table.suggest(&who, "", usize::MAX).await.unwrap()
    };
    assert_eq!(legal_now, legal);
}
