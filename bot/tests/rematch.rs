//! Rematch through the table service (issue 28): the final message's **Rematch** opens a
//! lobby in the same channel for the same players in the same seats, with the same options
//! and terms and a new seed; each player confirms with Join, the game starts when all have
//! (or its opener starts it with those present); refused politely while the channel has an
//! open table, for a game of another channel, and for people who did not play.

use std::sync::Arc;

use turnpost_bot::store::{Status, Store};
use turnpost_bot::table::{
    Caller, Command, NoImages, Reply, Seeds, Table, TableError, TableSettings,
};

const CHANNEL: u64 = 600;
const OTHER_CHANNEL: u64 = 601;
const GUILD: u64 = 9;
const ANNA: u64 = 1;
const BERT: u64 = 2;
const CLEO: u64 = 3;
const DORA: u64 = 4;

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: ["Anna", "Bert", "Cleo", "Dora"][(user as usize - 1) % 4].to_string(),
        guild: Some(GUILD),
        channel: CHANNEL,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

async fn table() -> Table {
    let settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(40)),
        ..TableSettings::default()
    };
    Table::new(Store::memory().await.unwrap(), Arc::new(NoImages), settings)
}

fn refused(r: Result<Reply, TableError>) -> String {
    match r {
        Err(TableError::Refused(m)) => m.to_string(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn public_text(r: &Reply) -> String {
    r.public
        .iter()
        .map(|p| p.text.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A Pandoria lobby opened by Anna with these options, joined by `others` in order, started,
/// and ended by everyone but Anna resigning. Returns the finished game's id.
async fn finished_game(table: &Table, options: &[(&str, &str)], others: &[u64]) -> i64 {
    table
        .handle(
            &caller(ANNA),
            Command::Create {
                game: "pandoria".into(),
                options: options
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                players: Some(others.len() + 1),
                seats: vec![],
                seed: None,
            },
        )
        .await
        .unwrap();
    for &user in others {
        table.handle(&caller(user), Command::Join).await.unwrap();
    }
    table.handle(&caller(ANNA), Command::Start).await.unwrap();
    let mut last = None;
    for &user in others {
        last = Some(table.handle(&caller(user), Command::Resign).await.unwrap());
    }
    let last = last.unwrap();
    assert!(last.turn.is_none(), "the game is over: {last:?}");
    let game = table
        .store()
        .latest_game_in(CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(game.status, Status::Finished);
    game.game_id
}

/// The seats of a game as (user, name), in order.
async fn seats(table: &Table, game: i64) -> Vec<(u64, String)> {
    table
        .store()
        .seats(game)
        .await
        .unwrap()
        .into_iter()
        .map(|s| (s.user_id, s.name))
        .collect()
}

#[tokio::test]
async fn a_rematch_seats_the_same_players_in_order_and_starts_when_all_have_confirmed() {
    let table = table().await;
    let options = [("mode", "standard"), ("deadline", "24h")];
    let old = finished_game(&table, &options, &[BERT, CLEO]).await;
    let old_row = table.store().game(old).await.unwrap().unwrap();
    // Bert asks (not the table's opener): the lobby holds Anna's and Cleo's seats for them.
    let r = table
        .handle(&caller(BERT), Command::Rematch { game: old })
        .await
        .unwrap();
    let text = public_text(&r);
    assert!(
        text.contains(
            "Rematch of the last Pandoria game, same seats: Anna (waiting), Bert, Cleo (waiting)."
        ),
        "{text}"
    );
    assert!(
        text.contains("Waiting for Anna and Cleo to press **Join**"),
        "{text}"
    );
    assert!(
        r.news[0].to_string().starts_with("Rematch of the last"),
        "{:?}",
        r.news
    );
    let lobby = table.store().open_game_in(CHANNEL).await.unwrap().unwrap();
    assert_eq!(lobby.status, Status::Lobby);
    assert_ne!(lobby.game_id, old);
    assert_eq!(seats(&table, lobby.game_id).await, seats(&table, old).await);
    assert_eq!(
        table.store().invited_seats(lobby.game_id).await.unwrap(),
        vec![ANNA, CLEO]
    );
    // Same options and terms, a new seed, as many seats as before.
    assert_eq!(lobby.options, old_row.options);
    assert_eq!(lobby.terms, old_row.terms);
    assert_eq!(lobby.max_players, 3);
    assert_ne!(lobby.seed.to_hex(), old_row.seed.to_hex());
    // Asking again, or opening another table, is refused while the lobby is open.
    let again = refused(
        table
            .handle(&caller(CLEO), Command::Rematch { game: old })
            .await,
    );
    assert!(
        again.contains("already open in this channel: press Join"),
        "{again}"
    );
    // Anna confirms: still waiting for Cleo; the lobby says so.
    let r = table.handle(&caller(ANNA), Command::Join).await.unwrap();
    assert!(
        r.news[0].to_string().contains("Anna confirmed their seat"),
        "{:?}",
        r.news
    );
    assert!(public_text(&r).contains("Waiting for Cleo to press **Join**"));
    assert_eq!(
        table.store().invited_seats(lobby.game_id).await.unwrap(),
        vec![CLEO]
    );
    // A seated player joining again is told so.
    assert!(
        refused(table.handle(&caller(ANNA), Command::Join).await).contains("already have a seat")
    );
    // Cleo confirms last: the game starts at once, seated as before.
    let r = table.handle(&caller(CLEO), Command::Join).await.unwrap();
    let text = public_text(&r);
    assert!(
        text.contains("Pandoria begins: Anna (Red), Bert (Blue), Cleo (Yellow)."),
        "{text}"
    );
    let started = table.store().game(lobby.game_id).await.unwrap().unwrap();
    assert_eq!(started.status, Status::Active);
    // While it runs, the old game's Rematch is refused.
    let busy = refused(
        table
            .handle(&caller(ANNA), Command::Rematch { game: old })
            .await,
    );
    assert!(
        busy.contains("already being played in this channel"),
        "{busy}"
    );
}

#[tokio::test]
async fn the_opener_of_a_rematch_starts_it_with_those_present() {
    let table = table().await;
    let old = finished_game(&table, &[], &[BERT, CLEO]).await;
    table
        .handle(&caller(ANNA), Command::Rematch { game: old })
        .await
        .unwrap();
    let lobby = table.store().open_game_in(CHANNEL).await.unwrap().unwrap();
    // Only the opener starts; with nobody confirmed yet, one player is too few.
    assert!(
        refused(table.handle(&caller(BERT), Command::Start).await)
            .contains("Only the player who opened")
    );
    let few = refused(table.handle(&caller(ANNA), Command::Start).await);
    assert!(
        few.contains(
            "needs 2 to 4 players; 1 seated so far (waiting for Bert and Cleo to press Join)"
        ),
        "{few}"
    );
    // Nothing was given up by the refused start.
    assert_eq!(seats(&table, lobby.game_id).await.len(), 3);
    // Cleo confirms; Anna starts with those present: Bert's held seat goes, the order stays.
    table.handle(&caller(CLEO), Command::Join).await.unwrap();
    let r = table.handle(&caller(ANNA), Command::Start).await.unwrap();
    let text = public_text(&r);
    assert!(
        text.contains("Pandoria begins: Anna (Red), Cleo (Blue)."),
        "{text}"
    );
    assert_eq!(
        seats(&table, lobby.game_id).await,
        vec![(ANNA, "Anna".to_string()), (CLEO, "Cleo".to_string())]
    );
    assert!(
        table
            .store()
            .invited_seats(lobby.game_id)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn a_rematch_is_refused_politely_where_it_cannot_be() {
    let table = table().await;
    let old = finished_game(&table, &[], &[BERT]).await;
    // Someone who did not play.
    let stranger = refused(
        table
            .handle(&caller(DORA), Command::Rematch { game: old })
            .await,
    );
    assert!(
        stranger.contains("Only the players of that game"),
        "{stranger}"
    );
    // A game of another channel.
    let elsewhere = Caller {
        channel: OTHER_CHANNEL,
        ..caller(ANNA)
    };
    let other = refused(
        table
            .handle(&elsewhere, Command::Rematch { game: old })
            .await,
    );
    assert!(other.contains("another channel"), "{other}");
    // A game that is not known.
    let unknown = refused(
        table
            .handle(&caller(ANNA), Command::Rematch { game: 999 })
            .await,
    );
    assert!(unknown.contains("no longer known"), "{unknown}");
    // A game still running.
    table
        .handle(
            &elsewhere,
            Command::Create {
                game: "pandoria".into(),
                options: vec![],
                players: None,
                seats: vec![(ANNA, "Anna".into()), (BERT, "Bert".into())],
                seed: None,
            },
        )
        .await
        .unwrap();
    let running = table
        .store()
        .open_game_in(OTHER_CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let open = refused(
        table
            .handle(
                &elsewhere,
                Command::Rematch {
                    game: running.game_id,
                },
            )
            .await,
    );
    assert!(open.contains("still open"), "{open}");
    // Declining: an awaited player leaves, and their seat goes.
    table
        .handle(&caller(BERT), Command::Rematch { game: old })
        .await
        .unwrap();
    let lobby = table.store().open_game_in(CHANNEL).await.unwrap().unwrap();
    let r = table.handle(&caller(ANNA), Command::Leave).await.unwrap();
    assert!(r.news[0].to_string().contains("Anna left"), "{:?}", r.news);
    assert_eq!(
        seats(&table, lobby.game_id).await,
        vec![(BERT, "Bert".to_string())]
    );
}
