//! Cached games follow other processes' changes on PostgreSQL (issue 31): two tables on one
//! database (two processes' worth: each its own pool and cache), the first following the
//! store's change notices (`Table::follow_changes`). An action through the second drops the
//! first's cached copy of that game; the first's own actions keep its copy; a table whose
//! store sends no notices keeps a stale copy until its version check loses.

#[path = "support/postgres.rs"]
mod pg;

use std::sync::Arc;
use std::time::{Duration, Instant};

use turnpost_bot::table::{Caller, Command, NoImages, Table, TableSettings};
use turnpost_core::Seed;

const CHANNEL: u64 = 700;

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: format!("Player {user}"),
        guild: Some(7),
        channel: CHANNEL,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

async fn table(path: &std::path::Path, notices: bool) -> Arc<Table> {
    let store = pg::store_at(path).await.with_change_notices(notices);
    let settings = TableSettings {
        outbox: false,
        ..TableSettings::default()
    };
    Arc::new(Table::new(store, Arc::new(NoImages), settings))
}

/// Starts a Pandoria game of three in the channel through `table`.
async fn create(table: &Table, seed: u64) {
    let seats = (1..=3).map(|u| (u, format!("Player {u}"))).collect();
    let create = Command::Create {
        game: "pandoria".into(),
        options: vec![],
        players: None,
        seats,
        seed: Some(Seed::from_u64(seed)),
    };
    table.handle(&caller(1), create).await.unwrap();
}

/// Plays one legal action of whoever is to act through `table`.
async fn act(table: &Table) {
    let turn = table
        .handle(&caller(1), Command::Board)
        .await
        .unwrap()
        .turn
        .unwrap();
    let who = caller(turn.user);
    let legal = table.suggest(&who, "", usize::MAX).await.unwrap();
    let notation = legal[0].clone();
    table
        .handle(
            &who,
            Command::ActAnyway {
                notation,
                version: None,
            },
        )
        .await
        .unwrap();
}

/// Waits up to 5 s for `table` to hold `n` cached games.
async fn cached_becomes(table: &Table, n: usize) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(5) {
        if table.cached_games() == n {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_process_s_action_drops_the_cached_game() {
    if pg::Cluster::shared().is_none() {
        eprintln!("TURNPOST_SKIP_POSTGRES=1: no notices without PostgreSQL");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notices.db");
    let (first, second) = (table(&path, true).await, table(&path, true).await);
    assert!(first.store().sends_change_notices());
    let follower = first.clone();
    let follow = tokio::spawn(async move { follower.follow_changes().await });
    create(&first, 31).await;
    act(&first).await;
    // Its own action keeps its copy (its notice is its own).
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(first.cached_games(), 1);
    act(&second).await;
    assert!(
        cached_becomes(&first, 0).await,
        "the other table's action left the first one's copy cached"
    );
    // The next action loads the stored game and commits.
    act(&first).await;
    assert_eq!(first.cached_games(), 1);
    first.close().await;
    second.close().await;
    assert_eq!(
        follow.await.unwrap(),
        Ok(()),
        "following ends with the store"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_notices_the_copy_stays_until_its_version_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("quiet.db");
    let (first, second) = (table(&path, false).await, table(&path, false).await);
    assert!(!first.store().sends_change_notices());
    // Nothing to follow: it returns at once.
    first.follow_changes().await.unwrap();
    create(&first, 32).await;
    act(&first).await;
    act(&second).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(first.cached_games(), 1);
    first.close().await;
    second.close().await;
}
