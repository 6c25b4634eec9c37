//! AI seats through the table service, on a real SQLite file (issue 17): AI seats play
//! complete games of every mode with no refused action, are reproducible, need no ping, DM
//! or deadline, resume after a restart through the worker, join and leave lobbies, make a
//! game unrated unless the server allows it, and take over a late player's seat when the
//! table votes so.

use std::sync::Arc;
use std::time::Duration;

use turnpost_bot::clock::ManualClock;
use turnpost_bot::store::{DeliveryKind, Phase, Store};
use turnpost_bot::table::{
    AI_USERS, Caller, Command, NoImages, Reply, Seeds, Table, TableError, TableSettings, ai_level,
    ai_user,
};
use turnpost_core::ai::{Budget, Level};

const GUILD: u64 = 9;
/// 2026-11-25 10:00 UTC.
const T0: i64 = 1_795_600_800_000;

fn caller(user: u64, channel: u64) -> Caller {
    Caller {
        user,
        name: ["Anna", "Bert", "Cleo", "Dora"][(user as usize - 1) % 4].to_string(),
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

/// A small search without a time cap: AI moves are quick and the same on every run.
fn test_budget() -> Budget {
    Budget {
        playouts: 12,
        candidates: 3,
        depth: 6,
        time: None,
    }
}

async fn table_at(path: &std::path::Path, clock: Arc<ManualClock>) -> Table {
    let store = Store::open(path).await.unwrap();
    let settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(7)),
        clock,
        ai_budget: Some(test_budget()),
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

fn pairs(options: &[(&str, &str)]) -> Vec<(String, String)> {
    options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Opens a game in `channel` with these seats (people and AI user ids), started at once.
async fn seated(
    table: &Table,
    channel: u64,
    kind: &str,
    options: &[(&str, &str)],
    seats: &[u64],
) -> i64 {
    let seats = seats
        .iter()
        .map(|&u| match ai_level(u) {
            Some(level) => (u, format!("AI ({level})")),
            None => (u, caller(u, channel).name),
        })
        .collect();
    table
        .handle(
            &caller(1, channel),
            Command::Create {
                game: kind.into(),
                options: pairs(options),
                players: None,
                seats,
                seed: None,
            },
        )
        .await
        .unwrap();
    table.open_game_id(channel).await.unwrap().unwrap()
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

/// Plays the game in `channel` to its end: people play the first legal action the table
/// suggests, AI seats play through `play_ai_turns`. Returns how many actions AI seats took.
async fn play_to_the_end(table: &Table, channel: u64, people: &[u64]) -> usize {
    let mut ai_actions = 0;
    for _ in 0..20_000 {
        let Some(game) = table.open_game_id(channel).await.unwrap() else {
            return ai_actions;
        };
        let played = table.play_ai_turns().await.unwrap();
        ai_actions += played;
        if played > 0 {
            continue;
        }
        // A person is to act (or the game ended meanwhile).
        let mut acted = false;
        for &p in people {
            let who = caller(p, channel);
            let Ok(mut suggestions) = table.suggest(&who, "", 25).await else {
                continue;
            };
            if suggestions.is_empty() || table.open_game_id(channel).await.unwrap() != Some(game) {
                continue;
            }
            // A person who passes where they may (so a trade step is left at once), else
            // plays the first choice.
            let notation = match suggestions.iter().position(|n| n == "done" || n == "pass") {
                Some(i) => suggestions.remove(i),
                None => suggestions.remove(0),
            };
            let answer = table
                .handle(
                    &who,
                    Command::Act {
                        notation: notation.clone(),
                        version: None,
                    },
                )
                .await;
            // Passing with something unused is asked about first (issue 28): this person
            // means it and answers "anyway".
            let answer = match answer {
                Ok(reply) if reply.confirm.is_some() => {
                    table
                        .handle(
                            &who,
                            Command::ActAnyway {
                                notation,
                                version: None,
                            },
                        )
                        .await
                }
                other => other,
            };
            if answer.is_ok() {
                acted = true;
                break;
            }
        }
        if !acted && table.open_game_id(channel).await.unwrap().is_some() {
            panic!("nobody could act in game {game}");
        }
    }
    let game = table
        .open_game_id(channel)
        .await
        .unwrap()
        .unwrap_or_default();
    let log = notations(table, game).await;
    panic!(
        "the game in channel {channel} does not end: {:?}",
        &log[log.len().saturating_sub(30)..]
    );
}

/// A game to play: its kind, options and seats (people and AI user ids).
type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [u64]);

#[tokio::test]
async fn ai_seats_play_every_mode_of_both_games_to_the_end_without_a_refused_action() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"), ManualClock::at(T0)).await;
    let cases: &[Case] = &[
        (
            "pandoria",
            &[("mode", "family")],
            &[ai_user(Level::Easy, 0), ai_user(Level::Normal, 1)],
        ),
        (
            "pandoria",
            &[("mode", "family_spells")],
            &[1, ai_user(Level::Easy, 0), ai_user(Level::Strong, 1)],
        ),
        (
            "pandoria",
            &[("mode", "beginner")],
            &[ai_user(Level::Normal, 0), 1],
        ),
        (
            "pandoria",
            &[("mode", "standard"), ("realms", "each_chooses")],
            &[ai_user(Level::Strong, 0), ai_user(Level::Easy, 1), 1],
        ),
        (
            "pandoria",
            &[("mode", "standard"), ("partnership", "true")],
            &[
                ai_user(Level::Easy, 0),
                ai_user(Level::Normal, 1),
                ai_user(Level::Easy, 2),
                ai_user(Level::Strong, 3),
            ],
        ),
        ("rtta", &[], &[ai_user(Level::Strong, 0)]),
        (
            "rtta",
            &[("trade", "true")],
            &[1, ai_user(Level::Normal, 0), ai_user(Level::Easy, 1)],
        ),
    ];
    for (i, (kind, options, seats)) in cases.iter().enumerate() {
        let channel = 100 + i as u64;
        let game = seated(&table, channel, kind, options, seats).await;
        let people: Vec<u64> = seats.iter().copied().filter(|u| *u < AI_USERS).collect();
        let ai_actions = play_to_the_end(&table, channel, &people).await;
        assert!(ai_actions > 0, "{kind} {options:?}: the AI never acted");
        let row = table.store().game(game).await.unwrap().unwrap();
        assert_eq!(
            row.status,
            turnpost_bot::store::Status::Finished,
            "{kind} {options:?}"
        );
        // The turn messages name each AI seat by colour and level.
        let posts: Vec<String> = table
            .store()
            .pending_deliveries(100_000)
            .await
            .unwrap()
            .into_iter()
            .filter(|d| d.game_id == Some(game) && d.kind == DeliveryKind::Channel)
            // The words in English (stored typed).
            .map(|d| {
                turnpost_bot::outbox::Message::from_body(&d.body)
                    .unwrap()
                    .text
                    .to_string()
            })
            .collect();
        for level in seats.iter().filter_map(|&u| ai_level(u)) {
            let label = format!("(AI, {level}) to play");
            assert!(
                posts.iter().any(|p| p.contains(&label)),
                "{kind} {options:?}: no turn message says \"{label}\""
            );
        }
    }
    assert_eq!(
        table.ai_fallbacks(),
        0,
        "an AI chose an action the game refused"
    );
    // Nobody pings or DMs an AI seat, and no AI seat gets a deadline.
    for d in table.store().pending_deliveries(100_000).await.unwrap() {
        if d.kind == DeliveryKind::Dm {
            assert!(d.target < AI_USERS, "a DM to an AI seat");
        }
        let body: serde_json::Value = serde_json::from_str(&d.body).unwrap();
        let text = turnpost_bot::outbox::Message::from_body(&d.body)
            .unwrap()
            .text
            .to_string();
        assert!(
            !text.contains(&AI_USERS.to_string()[..12]),
            "an AI seat mentioned: {text}"
        );
        let pinged = body["ping"].as_array().cloned().unwrap_or_default();
        assert!(
            pinged
                .iter()
                .all(|u| u.as_u64().is_some_and(|u| u < AI_USERS)),
            "an AI seat pinged: {}",
            d.body
        );
    }
}

#[tokio::test]
async fn the_same_game_with_the_same_people_moves_gives_the_same_ai_moves() {
    let mut logs = Vec::new();
    for _ in 0..2 {
        let dir = tempfile::tempdir().unwrap();
        let table = table_at(&dir.path().join("t.db"), ManualClock::at(T0)).await;
        let game = seated(
            &table,
            1,
            "pandoria",
            &[("mode", "standard")],
            &[ai_user(Level::Normal, 0), 1],
        )
        .await;
        play_to_the_end(&table, 1, &[1]).await;
        logs.push(notations(&table, game).await);
    }
    assert!(logs[0].len() > 20);
    assert_eq!(logs[0], logs[1], "AI seats are reproducible given the game");
}

#[tokio::test]
async fn an_ai_turn_left_by_a_restart_is_played_by_the_worker_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let game = {
        let table = table_at(&path, ManualClock::at(T0)).await;
        // Both seats AI: the first decision is an AI's, and nobody plays it before the stop.
        let game = seated(
            &table,
            1,
            "rtta",
            &[],
            &[ai_user(Level::Easy, 0), ai_user(Level::Easy, 1)],
        )
        .await;
        // Nobody reminds an AI seat, however long it waits; people next door are reminded.
        seated(&table, 2, "rtta", &[], &[1, 2]).await;
        for channel in [1, 2] {
            table
                .handle(&moderator(1, channel), Command::Remind { hours: 1 })
                .await
                .unwrap();
        }
        let pass = table
            .queue_reminders(turnpost_bot::clock::now_ms() + 30 * 3_600_000)
            .await
            .unwrap();
        assert_eq!(pass.queued, 1, "only the people's game: {pass:?}");
        table.close().await;
        game
    };
    let table = Arc::new(table_at(&path, ManualClock::at(T0)).await);
    let before = table.store().version(game).await.unwrap().0;
    assert_eq!(before, 0);
    let worker = tokio::spawn(table.clone().run_ai());
    // The worker plays the whole game by itself (it is woken by its own commits).
    let finished = tokio::time::timeout(Duration::from_secs(120), async {
        loop {
            if table.store().version(game).await.unwrap().1 == turnpost_bot::store::Status::Finished
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    worker.abort();
    assert!(finished.is_ok(), "the AI worker did not finish the game");
    assert!(table.store().version(game).await.unwrap().0 > 10);
    assert_eq!(table.ai_fallbacks(), 0);
}

#[tokio::test]
async fn the_lobby_adds_and_removes_ai_seats_and_an_ai_game_is_unrated_unless_the_server_says() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"), ManualClock::at(T0)).await;
    // /new with ai=1: the creator and one AI seat in the lobby, unrated.
    table
        .handle(
            &caller(1, 1),
            Command::Create {
                game: "pandoria".into(),
                options: pairs(&[("ai", "1"), ("ai_level", "strong"), ("rated", "yes")]),
                players: Some(3),
                seats: Vec::new(),
                seed: None,
            },
        )
        .await
        .unwrap();
    let game = table.open_game_id(1).await.unwrap().unwrap();
    let seats = table.store().seats(game).await.unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(ai_level(seats[1].user_id), Some(Level::Strong));
    assert!(!table.store().game(game).await.unwrap().unwrap().terms.rated);
    // Only the creator (or a moderator) adds AI seats; a full table refuses one more.
    assert!(
        refused(
            table
                .handle(&caller(2, 1), Command::AddAi { level: Level::Easy })
                .await
        )
        .contains("Only the player who opened")
    );
    let added = table
        .handle(&moderator(2, 1), Command::AddAi { level: Level::Easy })
        .await
        .unwrap();
    assert!(
        added.public[0].text.to_string().contains("AI (easy)"),
        "{:?}",
        added.public
    );
    assert!(
        refused(
            table
                .handle(&caller(1, 1), Command::AddAi { level: Level::Easy })
                .await
        )
        .contains("full")
    );
    table
        .handle(&caller(1, 1), Command::RemoveAi)
        .await
        .unwrap();
    let seats = table.store().seats(game).await.unwrap();
    assert_eq!(seats.len(), 2, "the last AI seat went");
    assert_eq!(ai_level(seats[1].user_id), Some(Level::Strong));
    // Bad words at /new are refused with what is allowed.
    let bad = refused(
        table
            .handle(
                &caller(1, 2),
                Command::Create {
                    game: "rtta".into(),
                    options: pairs(&[("ai", "1"), ("ai_level", "genius")]),
                    players: None,
                    seats: Vec::new(),
                    seed: None,
                },
            )
            .await,
    );
    assert!(bad.contains("easy, normal or strong"), "{bad}");
    let too_many = refused(
        table
            .handle(
                &caller(1, 2),
                Command::Create {
                    game: "pandoria".into(),
                    options: pairs(&[("ai", "4")]),
                    players: None,
                    seats: Vec::new(),
                    seed: None,
                },
            )
            .await,
    );
    assert!(too_many.contains("too many"), "{too_many}");
    // A server that rates AI games keeps /new's choice.
    table
        .handle(
            &moderator(1, 3),
            Command::League {
                deadline: None,
                on_timeout: None,
                rated: None,
                ai_rated: Some(true),
                vacation_days: None,
            },
        )
        .await
        .unwrap();
    table
        .handle(
            &caller(1, 3),
            Command::Create {
                game: "rtta".into(),
                options: pairs(&[("ai", "1"), ("rated", "yes")]),
                players: None,
                seats: Vec::new(),
                seed: None,
            },
        )
        .await
        .unwrap();
    let rated = table.open_game_id(3).await.unwrap().unwrap();
    assert!(
        table
            .store()
            .game(rated)
            .await
            .unwrap()
            .unwrap()
            .terms
            .rated
    );
    // The last person to leave a lobby takes its AI seats along: the table closes.
    table
        .handle(
            &caller(2, 4),
            Command::Create {
                game: "pandoria".into(),
                options: pairs(&[("ai", "2")]),
                players: None,
                seats: Vec::new(),
                seed: None,
            },
        )
        .await
        .unwrap();
    let left = table.handle(&caller(2, 4), Command::Leave).await.unwrap();
    assert!(
        left.public[0].text.to_string().contains("closed"),
        "{:?}",
        left.public
    );
    assert_eq!(table.open_game_id(4).await.unwrap(), None);
    // Start: the AI plays when its turn comes.
    table.handle(&caller(1, 1), Command::Start).await.unwrap();
    play_to_the_end(&table, 1, &[1]).await;
    assert_eq!(table.ai_fallbacks(), 0);
}

#[tokio::test]
async fn a_late_players_seat_goes_to_an_ai_when_a_player_asks_after_the_vote() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), clock.clone()).await;
    let game = seated(
        &table,
        1,
        "pandoria",
        &[("deadline", "24h"), ("on_timeout", "replace")],
        &[1, 2, 3],
    )
    .await;
    clock.advance_hours(25);
    table.sweep_deadlines().await.unwrap();
    let d = table.store().deadline(game).await.unwrap().unwrap();
    let late = d.user_id;
    let others: Vec<u64> = (1..=3).filter(|u| *u != late).collect();
    for &o in &others {
        table
            .handle(&caller(o, 1), Command::Vote { replace: true })
            .await
            .unwrap();
    }
    let d = table.store().deadline(game).await.unwrap().unwrap();
    assert_eq!(d.phase, Phase::Open);
    // Outsiders may not hand the seat to an AI; a player still in the game may.
    assert!(
        refused(table.handle(&caller(4, 1), Command::AiSeat).await).contains("Only the players")
    );
    table
        .handle(&caller(others[0], 1), Command::AiSeat)
        .await
        .unwrap();
    let seats = table.store().seats(game).await.unwrap();
    assert_eq!(
        ai_level(seats[usize::from(d.seat)].user_id),
        Some(Level::Normal)
    );
    let log = notations(&table, game).await;
    assert!(
        log.iter().any(|(_, n)| n.starts_with("seat ")),
        "the hand-over is in the log"
    );
    // The AI plays the late player's turn, and there is no deadline on it.
    assert!(table.play_ai_turns().await.unwrap() > 0);
    play_to_the_end(&table, 1, &others).await;
    assert_eq!(table.ai_fallbacks(), 0);
}
