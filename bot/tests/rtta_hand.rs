//! **My hand** in Roll Through the Ages (issue 28): the game hides nothing, so the answer
//! is the caller's own sheet (what they own, their goods and developments) with a note that
//! nothing is hidden, and the panel learns that there is no hand from a typed question, not
//! from the answer's words.

use std::sync::Arc;

use turnpost_bot::store::Store;
use turnpost_bot::table::{Caller, Command, NoImages, Seeds, Table, TableSettings};

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: ["Anna", "Bert"][(user as usize - 1) % 2].to_string(),
        guild: Some(9),
        channel: 700,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

async fn table(game: &str, dir: &std::path::Path) -> Table {
    let store = Store::open(&dir.join(format!("{game}.db"))).await.unwrap();
    let settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(1)),
        ..TableSettings::default()
    };
    let table = Table::new(store, Arc::new(NoImages), settings);
    let seats = (1..=2).map(|u| (u, caller(u).name)).collect();
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
        .unwrap();
    table
}

#[tokio::test]
async fn my_hand_in_rtta_answers_with_the_callers_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let table = table("rtta", dir.path()).await;
    let reply = table.handle(&caller(2), Command::Hand).await.unwrap();
    let text = reply.ephemeral.unwrap().text.to_string();
    // The old answer was only "Nothing is hidden in this game: everything is on the board."
    assert!(text.starts_with("Your sheet (Blue): Blue "), "{text}");
    for part in ["points", "cities", "food", "goods", "developments"] {
        assert!(text.contains(part), "{part}: {text}");
    }
    assert!(
        text.ends_with(
            "Roll Through the Ages hides nothing: every sheet is on the board for everyone."
        ),
        "{text}"
    );
    assert!(!table.hides_hands(&caller(2)).await);
    let pandoria = self::table("pandoria", dir.path()).await;
    let mut elsewhere = caller(1);
    elsewhere.channel = 700;
    assert!(pandoria.hides_hands(&elsewhere).await);
}
