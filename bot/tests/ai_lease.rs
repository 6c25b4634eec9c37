//! AI seats among several processes (issue 31): each process looks at every running game
//! with an AI seat (after each commit, at start and every minute), and only the one holding
//! the game's lease thinks for it; a lease whose holder died runs out and another process
//! plays the seat. Two tables on one database stand for two processes (each store has its
//! own holder id). `ai_lease_postgres` runs the same on PostgreSQL.

#[path = "support/postgres.rs"]
mod pg;

use std::sync::Arc;

use turnpost_bot::table::{Caller, Command, NoImages, Seeds, Table, TableSettings, ai_user};
use turnpost_core::ai::Level;

const CHANNEL: u64 = 900;

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: format!("Player {user}"),
        guild: Some(4),
        channel: CHANNEL,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

async fn table(path: &std::path::Path) -> Table {
    let settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(3)),
        ..TableSettings::default()
    };
    Table::new(pg::store_at(path).await, Arc::new(NoImages), settings)
}

async fn actions(table: &Table, game: i64) -> usize {
    table.store().record_actions(game).await.unwrap().len()
}

#[tokio::test]
async fn only_the_process_holding_a_games_lease_plays_its_ai_seat() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lease.db");
    let (a, b) = (table(&path).await, table(&path).await);
    // The AI sits first: it is to act as soon as the game starts.
    let ai = ai_user(Level::Random, 0);
    let seats = vec![(ai, "AI (random)".to_string()), (1, "Player 1".into())];
    a.handle(
        &caller(1),
        Command::Create {
            game: "pandoria".into(),
            options: vec![],
            players: None,
            seats,
            seed: None,
        },
    )
    .await
    .unwrap();
    let game = a.open_game_id(CHANNEL).await.unwrap().unwrap();
    assert_eq!(actions(&a, game).await, 0);

    // Process A is thinking (it holds the lease): B leaves the game alone.
    assert!(a.store().claim_ai(game, 60_000).await.unwrap());
    assert!(!b.store().claim_ai(game, 60_000).await.unwrap());
    assert!(b.play_ai(game).await.unwrap().is_none());
    assert_eq!(b.play_ai_turns().await.unwrap(), 0);
    assert_eq!(actions(&b, game).await, 0, "B played under A's lease");

    // A plays (its own lease) and gives the lease back: B may take it now.
    assert!(a.play_ai(game).await.unwrap().is_some());
    assert_eq!(actions(&a, game).await, 1);
    assert!(b.store().claim_ai(game, 60_000).await.unwrap());
    b.store().release_ai(game).await.unwrap();

    // A dies holding the lease (here: one that has already run out): B takes the seat over.
    assert!(a.store().claim_ai(game, -1).await.unwrap());
    let before = actions(&b, game).await;
    let played = b.play_ai_turns().await.unwrap();
    assert!(played >= 1, "B played none of the AI's turn");
    assert_eq!(actions(&b, game).await, before + played);
    // Its lease given back: A may take it again.
    assert!(a.store().claim_ai(game, 60_000).await.unwrap());
}
