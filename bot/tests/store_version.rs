//! The store's optimistic version check (issue 34): two writers that both read a game at
//! one version and both append — the second must get the typed conflict and write nothing.
//! Without the `version = ?` condition the second writer's action would only clash with
//! the log's unique sequence number, reported as corrupt data, not as a stale write; and an
//! append that ends the game would still bump the version over another's.

#[path = "support/postgres.rs"]
mod pg;

use turnpost_bot::store::{
    DeliveryKind, LeagueChange, NewAction, NewDelivery, NewGame, Store, StoreError, Terms,
};
use turnpost_core::Seed;
use turnpost_core::words::Text;

async fn game(store: &Store) -> i64 {
    store
        .create_game(
            &NewGame {
                kind: "pandoria",
                options: &[],
                seed: Seed::from_u64(1),
                guild_id: Some(9),
                channel_id: 500,
                creator_id: 1,
                max_players: 2,
                terms: Terms::default(),
            },
            &[(1, "Anna".into()), (2, "Bert".into())],
            true,
            &[],
            None,
        )
        .await
        .unwrap()
}

fn post(text: &str) -> NewDelivery {
    NewDelivery {
        kind: DeliveryKind::Channel,
        target: 500,
        channel_id: 500,
        body: text.to_string(),
        images: Vec::new(),
    }
}

/// Appends one action by `seat` at `version`, with a snapshot and a post.
async fn append(
    store: &Store,
    id: i64,
    version: i64,
    seat: u8,
    notation: &str,
    interaction: &str,
) -> Result<i64, StoreError> {
    let log = vec![Text::raw(format!("{notation} by seat {seat}"))];
    let actions = [NewAction {
        seat,
        notation,
        interaction_id: Some(interaction),
        reveals: false,
        log: &log,
    }];
    let deliveries = [post(notation)];
    store
        .append(
            id,
            version,
            &turnpost_bot::store::Change {
                actions: &actions,
                snapshot: Some(notation),
                status: None,
                deliveries: &deliveries,
                league: &LeagueChange::default(),
            },
        )
        .await
}

#[tokio::test]
async fn two_appends_at_one_version_give_the_second_a_conflict_and_write_nothing() {
    let store = pg::fresh_store().await;
    let id = game(&store).await;
    assert_eq!(store.version(id).await.unwrap().0, 0);

    // Both writers looked at version 0; the first wins.
    assert_eq!(
        append(&store, id, 0, 0, "tile D7 E7", "first")
            .await
            .unwrap(),
        1
    );
    let before = (
        store.version(id).await.unwrap(),
        store.actions_after(id, 0).await.unwrap(),
        store.latest_snapshot(id, 10).await.unwrap(),
        store.pending_deliveries(100).await.unwrap(),
    );

    let second = append(&store, id, 0, 1, "tile H7 H8", "second").await;
    assert!(
        matches!(second, Err(StoreError::VersionConflict)),
        "the stale writer gets the typed conflict, not {second:?}"
    );
    let after = (
        store.version(id).await.unwrap(),
        store.actions_after(id, 0).await.unwrap(),
        store.latest_snapshot(id, 10).await.unwrap(),
        store.pending_deliveries(100).await.unwrap(),
    );
    assert_eq!(after.0, before.0, "the version is the first writer's");
    assert_eq!(
        after.1, before.1,
        "the log holds the first writer's action only"
    );
    assert_eq!(after.2, before.2, "the snapshot is the first writer's");
    assert_eq!(
        after.3, before.3,
        "no post was queued for the refused action"
    );
    assert!(
        !store.seen_interaction("second").await.unwrap(),
        "the refused interaction is not recorded, so it may be retried"
    );

    // An append that would end the game from a stale version is refused too, and the game
    // stays active.
    let log = vec![Text::raw("pass")];
    let actions = [NewAction {
        seat: 1,
        notation: "pass",
        interaction_id: Some("third"),
        reveals: false,
        log: &log,
    }];
    let ending = store
        .append(
            id,
            0,
            &turnpost_bot::store::Change {
                actions: &actions,
                snapshot: None,
                status: Some(turnpost_bot::store::Status::Finished),
                deliveries: &[],
                league: &LeagueChange::default(),
            },
        )
        .await;
    assert!(
        matches!(ending, Err(StoreError::VersionConflict)),
        "{ending:?}"
    );
    assert_eq!(store.version(id).await.unwrap(), before.0);

    // The writer that reads again appends after the first.
    assert_eq!(
        append(&store, id, 1, 1, "tile H7 H8", "second")
            .await
            .unwrap(),
        2
    );
    let log = store.actions_after(id, 0).await.unwrap();
    assert_eq!(log.len(), 2);
}
