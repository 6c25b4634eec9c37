//! Leagues through the table service, on a real SQLite file and a manual clock (no test
//! sleeps): deadlines with each policy, the vote to replace and the volunteer, vacations,
//! seasons and leaderboards, ratings recomputed from the stored results, and game records
//! replayed to the stored game.

mod deadlines;
#[path = "../support/postgres.rs"]
mod pg;
mod records;
mod seasons;
mod votes;

use std::sync::Arc;

use turnpost_bot::clock::{HOUR_MS, ManualClock};
use turnpost_bot::record::{Record, replay, replay_file};
use turnpost_bot::store::Phase;
use turnpost_bot::table::{
    Caller, Command, NoImages, Reply, Seeds, Table, TableError, TableSettings,
};

const GUILD: u64 = 9;
/// 2026-11-25 10:00 UTC, a Wednesday.
const T0: i64 = 1_795_600_800_000;

fn caller(user: u64, channel: u64) -> Caller {
    Caller {
        user,
        name: ["Anna", "Bert", "Cleo", "Dora", "Emil"][(user as usize - 1) % 5].to_string(),
        guild: Some(GUILD),
        channel,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

fn moderator(user: u64, channel: u64) -> Caller {
    Caller {
        moderator: true,
        ..caller(user, channel)
    }
}

async fn table_at(path: &std::path::Path, clock: Arc<ManualClock>) -> Table {
    let store = pg::store_at(path).await;
    let settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(1)),
        clock,
        ..TableSettings::default()
    };
    Table::new(store, Arc::new(NoImages), settings)
}

fn refused(r: Result<Reply, TableError>) -> String {
    match r {
        Err(TableError::Refused(m)) => m.to_string(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn ephemeral(r: &Reply) -> String {
    r.ephemeral
        .as_ref()
        .map(|p| p.text.to_string())
        .unwrap_or_default()
}

fn public_text(r: &Reply) -> String {
    r.public
        .iter()
        .map(|p| p.text.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Opens a game in `channel` with players 1..=n seated and these table options.
async fn game(table: &Table, channel: u64, kind: &str, n: u64, terms: &[(&str, &str)]) -> Reply {
    let seats = (1..=n).map(|u| (u, caller(u, channel).name)).collect();
    table
        .handle(
            &caller(1, channel),
            Command::Create {
                game: kind.into(),
                options: terms
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

async fn game_id(table: &Table, channel: u64) -> i64 {
    table.open_game_id(channel).await.unwrap().unwrap()
}

/// The channel posts queued so far, as text.
async fn posts(table: &Table) -> Vec<String> {
    table
        .store()
        .pending_deliveries(10_000)
        .await
        .unwrap()
        .into_iter()
        .filter(|d| d.kind == turnpost_bot::store::DeliveryKind::Channel)
        // The words in English (stored typed), then the whole body (its buttons).
        .map(|d| {
            let message = turnpost_bot::outbox::Message::from_body(&d.body).unwrap();
            format!("{}\n{}", message.text, d.body)
        })
        .collect()
}

async fn notations(table: &Table, game: i64) -> Vec<(u8, String)> {
    table
        .store()
        .record_actions(game)
        .await
        .unwrap()
        .into_iter()
        .map(|a| (a.seat, a.notation))
        .collect()
}

/// A legal action of the caller (the first the table suggests).
async fn legal(table: &Table, who: &Caller) -> String {
    table.suggest(who, "", 1).await.unwrap().remove(0)
}

fn clock_now(clock: &ManualClock) -> i64 {
    use turnpost_bot::clock::Clock;
    clock.now_ms()
}
