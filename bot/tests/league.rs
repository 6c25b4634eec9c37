//! Leagues through the table service, on a real SQLite file and a manual clock (no test
//! sleeps): deadlines with each policy, the vote to replace and the volunteer, vacations,
//! seasons and leaderboards, ratings recomputed from the stored results, and game records
//! replayed to the stored game.

use std::sync::Arc;

use turnpost_bot::clock::{HOUR_MS, ManualClock};
use turnpost_bot::record::{Record, replay, replay_file};
use turnpost_bot::store::{Phase, Store};
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
    let store = Store::open(path).await.unwrap();
    let settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(1)),
        clock,
        ..TableSettings::default()
    };
    Table::new(store, Arc::new(NoImages), settings)
}

fn refused(r: Result<Reply, TableError>) -> String {
    match r {
        Err(TableError::Refused(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn ephemeral(r: &Reply) -> String {
    r.ephemeral
        .as_ref()
        .map(|p| p.text.clone())
        .unwrap_or_default()
}

fn public_text(r: &Reply) -> String {
    r.public
        .iter()
        .map(|p| p.text.clone())
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
        .map(|d| d.body)
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

#[tokio::test]
async fn a_skip_deadline_warns_at_half_time_and_an_hour_before_then_skips_in_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), clock.clone()).await;
    let opening = game(
        &table,
        1,
        "pandoria",
        2,
        &[("deadline", "24h"), ("on_timeout", "skip")],
    )
    .await;
    assert!(
        public_text(&opening).contains("⏳ Deadline <t:"),
        "{}",
        public_text(&opening)
    );
    let id = game_id(&table, 1).await;
    let d = table.store().deadline(id).await.unwrap().unwrap();
    assert_eq!((d.user_id, d.due_at, d.warned), (1, T0 + 24 * HOUR_MS, 0));

    // Nothing before half time.
    clock.advance_hours(11);
    assert_eq!(table.sweep_deadlines().await.unwrap().warned, 0);
    clock.advance_hours(1);
    let pass = table.sweep_deadlines().await.unwrap();
    assert_eq!(pass.warned, 1, "{pass:?}");
    assert!(
        posts(&table)
            .await
            .iter()
            .any(|p| p.contains("your turn's deadline"))
    );
    clock.advance_hours(11);
    assert_eq!(table.sweep_deadlines().await.unwrap().warned, 1);
    assert_eq!(table.store().deadline(id).await.unwrap().unwrap().warned, 2);
    // Warned twice; the next step is the deadline itself.
    clock.advance(HOUR_MS - 1);
    let pass = table.sweep_deadlines().await.unwrap();
    assert_eq!((pass.warned, pass.skipped), (0, 0), "{pass:?}");
    clock.advance(1);
    let pass = table.sweep_deadlines().await.unwrap();
    assert_eq!(pass.skipped, 1, "{pass:?}");

    // The log holds the timeout entry and the moves core chose, all by seat 0; Bert is to
    // act now with a fresh deadline.
    let log = notations(&table, id).await;
    assert_eq!(log.first().map(|a| a.1.as_str()), Some("timeout"));
    assert!(
        log.len() >= 2 && log.iter().all(|(seat, _)| *seat == 0),
        "{log:?}"
    );
    let d = table.store().deadline(id).await.unwrap().unwrap();
    assert_eq!(
        (d.user_id, d.due_at, d.warned),
        (2, clock_now(&clock) + 24 * HOUR_MS, 0)
    );
    assert!(
        posts(&table)
            .await
            .iter()
            .any(|p| p.contains("ran out of time: the turn is skipped"))
    );

    // A restarted table replays the log (the timeout entry included) to the same turn.
    drop(table);
    let again = table_at(&dir.path().join("t.db"), clock.clone()).await;
    let (turn, _) = again.current_turn(&caller(2, 1)).await.unwrap().unwrap();
    assert_eq!(turn.user, 2);
    // Bert plays on: the deadline passes to Anna again.
    let legal = legal(&again, &caller(2, 1)).await;
    again
        .handle(
            &caller(2, 1),
            Command::Act {
                notation: legal,
                version: None,
            },
        )
        .await
        .unwrap();
}

/// A legal action of the caller (the first the table suggests).
async fn legal(table: &Table, who: &Caller) -> String {
    table.suggest(who, "", 1).await.unwrap().remove(0)
}

fn clock_now(clock: &ManualClock) -> i64 {
    use turnpost_bot::clock::Clock;
    clock.now_ms()
}

#[tokio::test]
async fn a_forfeit_deadline_resigns_the_seat_and_the_result_is_rated() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), clock.clone()).await;
    game(
        &table,
        1,
        "pandoria",
        2,
        &[("deadline", "12h"), ("on_timeout", "forfeit")],
    )
    .await;
    let id = game_id(&table, 1).await;
    clock.advance_hours(13);
    let pass = table.sweep_deadlines().await.unwrap();
    assert_eq!(pass.forfeited, 1, "{pass:?}");
    assert_eq!(notations(&table, id).await, vec![(0, "resign".to_string())]);
    assert!(
        table.open_game_id(1).await.unwrap().is_none(),
        "the game ended"
    );
    assert!(table.store().deadline(id).await.unwrap().is_none());
    // Results and ratings, in the same transaction as the last action.
    let history = table.store().history(GUILD, 10).await.unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(
        history[0].results,
        vec![
            ("Bert".to_string(), None, 1, false),
            ("Anna".to_string(), None, 2, true)
        ]
    );
    let board = table
        .store()
        .leaderboard(GUILD, "pandoria", None, 20)
        .await
        .unwrap();
    assert_eq!(
        board
            .iter()
            .map(|p| (p.user_id, p.games, p.wins))
            .collect::<Vec<_>>(),
        vec![(2, 1, 1), (1, 1, 0)]
    );
    assert!(board[0].rating.mu > board[1].rating.mu);
    // Applying the same result again changes nothing.
    let before = table.store().all_ratings(GUILD).await.unwrap();
    table.store().reapply_ratings(id).await.unwrap();
    assert_eq!(table.store().all_ratings(GUILD).await.unwrap(), before);
}

#[tokio::test]
async fn the_table_votes_to_replace_a_late_player_and_a_volunteer_takes_the_seat() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), clock.clone()).await;
    game(
        &table,
        1,
        "pandoria",
        3,
        &[("deadline", "24h"), ("on_timeout", "replace")],
    )
    .await;
    let id = game_id(&table, 1).await;
    // No vote before the deadline.
    let no_vote = refused(
        table
            .handle(&caller(2, 1), Command::Vote { replace: true })
            .await,
    );
    assert!(no_vote.contains("no vote"), "{no_vote}");
    clock.advance_hours(25);
    let pass = table.sweep_deadlines().await.unwrap();
    assert_eq!(pass.votes, 1, "{pass:?}");
    let d = table.store().deadline(id).await.unwrap().unwrap();
    assert_eq!(d.phase, Phase::Voting);
    // The first player of this seed is whoever it is: the others vote.
    let (late, seat) = (d.user_id, d.seat);
    let others: Vec<u64> = (1..=3).filter(|u| *u != late).collect();
    let late_name = caller(late, 1).name;
    let call = posts(&table)
        .await
        .into_iter()
        .find(|p| p.contains("keep waiting?"))
        .unwrap();
    assert!(call.contains("\"Vote\""), "the vote buttons: {call}");
    // The late player and outsiders do not vote.
    assert!(
        refused(
            table
                .handle(&caller(late, 1), Command::Vote { replace: false })
                .await
        )
        .contains("your seat")
    );
    assert!(
        refused(
            table
                .handle(&caller(5, 1), Command::Vote { replace: true })
                .await
        )
        .contains("Only the players")
    );
    // One of two is not a majority; the second vote is.
    let first = table
        .handle(&caller(others[0], 1), Command::Vote { replace: true })
        .await
        .unwrap();
    assert!(
        ephemeral(&first).contains("1 to replace, 0 to keep waiting"),
        "{}",
        ephemeral(&first)
    );
    // Nobody takes a seat before the vote passes.
    assert!(
        refused(table.handle(&caller(5, 1), Command::TakeSeat).await).contains("No seat is open")
    );
    let second = table
        .handle(&caller(others[1], 1), Command::Vote { replace: true })
        .await
        .unwrap();
    assert!(
        ephemeral(&second).contains(&format!("replaces {late_name}")),
        "{}",
        ephemeral(&second)
    );
    assert_eq!(
        table.store().deadline(id).await.unwrap().unwrap().phase,
        Phase::Open
    );
    assert!(
        posts(&table)
            .await
            .iter()
            .any(|p| p.contains("Take the seat") && p.contains("\"Open\""))
    );
    // A player of the game cannot take a second seat; someone from outside can.
    assert!(
        refused(table.handle(&caller(others[0], 1), Command::TakeSeat).await)
            .contains("already have a seat")
    );
    let taken = table
        .handle(&caller(5, 1), Command::TakeSeat)
        .await
        .unwrap();
    assert!(
        public_text(&taken).contains(&format!("Emil takes over {late_name}")),
        "{}",
        public_text(&taken)
    );
    assert_eq!(taken.turn.as_ref().map(|t| t.user), Some(5));
    assert!(
        taken.private.iter().any(|(u, _)| *u == 5),
        "the volunteer gets the seat's hand"
    );
    let seats = table.store().seats(id).await.unwrap();
    assert_eq!(
        (
            seats[usize::from(seat)].user_id,
            seats[usize::from(seat)].name.as_str()
        ),
        (5, "Emil")
    );
    let d = table.store().deadline(id).await.unwrap().unwrap();
    assert_eq!((d.user_id, d.phase), (5, Phase::Running));
    assert_eq!(
        notations(&table, id).await,
        vec![(seat, "seat 5".to_string())]
    );
    // The replaced player's old buttons are no use to her now.
    let gone = refused(table.handle(&caller(late, 1), Command::Resign).await);
    assert!(gone.contains("no seat"), "{gone}");
    // The seat plays on from the same position after a restart.
    drop(table);
    let again = table_at(&dir.path().join("t.db"), clock.clone()).await;
    let (turn, _) = again.current_turn(&caller(5, 1)).await.unwrap().unwrap();
    assert_eq!(turn.user, 5);
}

#[tokio::test]
async fn a_vote_to_keep_waiting_or_no_volunteer_ends_as_the_table_says() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), clock.clone()).await;
    game(
        &table,
        1,
        "pandoria",
        3,
        &[("deadline", "12h"), ("on_timeout", "replace")],
    )
    .await;
    let id = game_id(&table, 1).await;
    clock.advance_hours(13);
    table.sweep_deadlines().await.unwrap();
    let first_late = table.store().deadline(id).await.unwrap().unwrap().user_id;
    let voter = if first_late == 2 { 3 } else { 2 };
    // Half the voters for waiting: replacing can no longer win, so the table waits.
    let kept = table
        .handle(&caller(voter, 1), Command::Vote { replace: false })
        .await
        .unwrap();
    assert!(
        ephemeral(&kept).contains("keeps waiting"),
        "{}",
        ephemeral(&kept)
    );
    let d = table.store().deadline(id).await.unwrap().unwrap();
    assert_eq!(
        (d.phase, d.due_at),
        (Phase::Running, clock_now(&clock) + 12 * HOUR_MS)
    );
    // The next deadline: a vote nobody answers gives a fresh deadline after 24 h.
    clock.advance_hours(13);
    assert_eq!(table.sweep_deadlines().await.unwrap().votes, 1);
    clock.advance_hours(25);
    assert_eq!(table.sweep_deadlines().await.unwrap().kept, 1);
    assert_eq!(
        table.store().deadline(id).await.unwrap().unwrap().phase,
        Phase::Running
    );
    // Then a vote to replace with no volunteer: the seat forfeits after 72 h.
    clock.advance_hours(13);
    table.sweep_deadlines().await.unwrap();
    let d = table.store().deadline(id).await.unwrap().unwrap();
    for voter in (1..=3).filter(|u| *u != d.user_id) {
        table
            .handle(&caller(voter, 1), Command::Vote { replace: true })
            .await
            .unwrap();
    }
    clock.advance_hours(71);
    assert_eq!(table.sweep_deadlines().await.unwrap().forfeited, 0);
    clock.advance_hours(2);
    assert_eq!(table.sweep_deadlines().await.unwrap().forfeited, 1);
    let log = notations(&table, id).await;
    assert_eq!(
        log.first(),
        Some(&(d.seat, "resign".to_string())),
        "{log:?}"
    );
    let seats = table.store().seats(id).await.unwrap();
    assert!(seats[usize::from(d.seat)].resigned);
    // The late player acting during a vote ends it: their clock starts anew.
    clock.advance_hours(13);
    let d = table.store().deadline(id).await.unwrap().unwrap();
    table.sweep_deadlines().await.unwrap();
    assert_eq!(
        table.store().deadline(id).await.unwrap().unwrap().phase,
        Phase::Voting
    );
    let late = d.user_id;
    let legal = legal(&table, &caller(late, 1)).await;
    table
        .handle(
            &caller(late, 1),
            Command::Act {
                notation: legal,
                version: None,
            },
        )
        .await
        .unwrap();
    let after = table.store().deadline(id).await.unwrap().unwrap();
    assert_eq!(after.phase, Phase::Running, "{after:?}");
}

#[tokio::test]
async fn a_vacation_pauses_the_deadline_and_is_limited_per_season() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), clock.clone()).await;
    game(
        &table,
        1,
        "pandoria",
        2,
        &[("deadline", "24h"), ("on_timeout", "skip")],
    )
    .await;
    let id = game_id(&table, 1).await;
    clock.advance_hours(2);
    let away = table
        .handle(&caller(1, 1), Command::Vacation { days: 3 })
        .await
        .unwrap();
    assert!(
        ephemeral(&away).contains("11 of 14 days left"),
        "{}",
        ephemeral(&away)
    );
    let d = table.store().deadline(id).await.unwrap().unwrap();
    assert_eq!(d.due_at, T0 + 24 * HOUR_MS + 72 * HOUR_MS);
    // Nothing happens while she is away, not even a warning.
    clock.advance_hours(70);
    let pass = table.sweep_deadlines().await.unwrap();
    assert_eq!((pass.warned, pass.skipped), (0, 0), "{pass:?}");
    // The board shows the paused deadline and the vacation.
    let board = table.handle(&caller(2, 1), Command::Board).await.unwrap();
    let text = ephemeral(&board);
    assert!(
        text.contains("On vacation until")
            && text.contains(&format!("<t:{}:R>", (T0 + 96 * HOUR_MS) / 1000)),
        "{text}"
    );
    // After it, the rest of her time runs out.
    clock.advance_hours(26);
    assert_eq!(table.sweep_deadlines().await.unwrap().skipped, 1);
    // A new turn of hers begun during a vacation starts its clock when the vacation ends.
    let more = refused(
        table
            .handle(&caller(1, 1), Command::Vacation { days: 12 })
            .await,
    );
    assert!(more.contains("11 vacation days left"), "{more}");
    table
        .handle(&caller(1, 1), Command::Vacation { days: 11 })
        .await
        .unwrap();
    let none = refused(
        table
            .handle(&caller(1, 1), Command::Vacation { days: 1 })
            .await,
    );
    assert!(none.contains("0 vacation days left"), "{none}");
    // A moderator raises the allowance.
    table
        .handle(
            &moderator(3, 1),
            Command::League {
                deadline: None,
                on_timeout: None,
                rated: None,
                ai_rated: None,
                vacation_days: Some(20),
            },
        )
        .await
        .unwrap();
    table
        .handle(&caller(1, 1), Command::Vacation { days: 1 })
        .await
        .unwrap();
    let by_player = refused(
        table
            .handle(
                &caller(2, 1),
                Command::League {
                    deadline: Some("48h".into()),
                    on_timeout: None,
                    rated: None,
                    ai_rated: None,
                    vacation_days: None,
                },
            )
            .await,
    );
    assert!(by_player.contains("Only moderators"), "{by_player}");
}

/// Finishes the channel's game by forfeits: every seat but `winner`'s runs out of time.
async fn finish_by_forfeits(table: &Table, clock: &ManualClock, channel: u64, winner: u64) {
    for _ in 0..8 {
        if table.open_game_id(channel).await.unwrap().is_none() {
            return;
        }
        let (turn, _) = table
            .current_turn(&caller(1, channel))
            .await
            .unwrap()
            .unwrap();
        if turn.user == winner {
            let legal = legal(table, &caller(winner, channel)).await;
            table
                .handle(
                    &caller(winner, channel),
                    Command::Act {
                        notation: legal,
                        version: None,
                    },
                )
                .await
                .unwrap();
        } else {
            clock.advance_hours(13);
            table.sweep_deadlines().await.unwrap();
        }
    }
    panic!("the game in {channel} did not end");
}

#[tokio::test]
async fn seasons_keep_their_own_leaderboard_and_ratings_recompute_to_the_same_values() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), clock.clone()).await;
    let forfeit = [("deadline", "12h"), ("on_timeout", "forfeit")];
    // Before any season: one game, all-time only.
    game(&table, 1, "pandoria", 2, &forfeit).await;
    finish_by_forfeits(&table, &clock, 1, 1).await;
    assert!(
        refused(
            table
                .handle(
                    &caller(1, 1),
                    Command::SeasonStart {
                        name: "Winter".into()
                    }
                )
                .await
        )
        .contains("Only moderators")
    );
    let start = table
        .handle(
            &moderator(1, 1),
            Command::SeasonStart {
                name: "Winter".into(),
            },
        )
        .await
        .unwrap();
    assert!(ephemeral(&start).contains("Season \"Winter\" begins"));
    assert!(
        refused(
            table
                .handle(
                    &moderator(1, 1),
                    Command::SeasonStart {
                        name: "Spring".into()
                    }
                )
                .await
        )
        .contains("is running")
    );
    // In the season: three games, one of them for three players and one unrated.
    for (channel, n, winner, rated) in [(2, 2, 2, "yes"), (3, 3, 3, "yes"), (4, 2, 2, "no")] {
        let mut terms = forfeit.to_vec();
        terms.push(("rated", rated));
        game(&table, channel, "pandoria", n, &terms).await;
        finish_by_forfeits(&table, &clock, channel, winner).await;
    }
    let season = table
        .handle(
            &caller(1, 1),
            Command::Leaderboard {
                game: Some("pandoria".into()),
                season: None,
            },
        )
        .await
        .unwrap();
    let text = ephemeral(&season);
    assert!(text.contains("season \"Winter\""), "{text}");
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Cleo") && l.contains("1 games · 1 wins")),
        "{text}"
    );
    let all = ephemeral(
        &table
            .handle(
                &caller(1, 1),
                Command::Leaderboard {
                    game: None,
                    season: Some("all".into()),
                },
            )
            .await
            .unwrap(),
    );
    assert!(
        all.contains("all-time")
            && all
                .lines()
                .any(|l| l.contains("Anna") && l.contains("3 games · 1 wins")),
        "{all}"
    );
    // Closing announces the winners; the closed season's board stays as it was.
    let close = table
        .handle(&moderator(2, 1), Command::SeasonClose)
        .await
        .unwrap();
    assert!(
        ephemeral(&close).contains("Season \"Winter\" is over")
            && ephemeral(&close).contains("1. "),
        "{}",
        ephemeral(&close)
    );
    game(&table, 5, "pandoria", 2, &forfeit).await;
    finish_by_forfeits(&table, &clock, 5, 2).await;
    let after = ephemeral(
        &table
            .handle(
                &caller(1, 1),
                Command::Leaderboard {
                    game: None,
                    season: Some("Winter".into()),
                },
            )
            .await
            .unwrap(),
    );
    assert_eq!(after.lines().skip(1).collect::<Vec<_>>(), lines, "{after}");
    assert!(
        refused(table.handle(&moderator(1, 1), Command::SeasonClose).await)
            .contains("No season is running")
    );
    // Profiles and history read the same results.
    let profile = table
        .handle(
            &caller(2, 1),
            Command::Profile {
                user: None,
                game: None,
            },
        )
        .await
        .unwrap();
    assert!(
        ephemeral(&profile).contains("Pandoria: 5 games, 3 wins"),
        "{}",
        ephemeral(&profile)
    );
    let history = ephemeral(&table.handle(&caller(2, 1), Command::History).await.unwrap());
    assert_eq!(history.lines().count(), 6, "{history}");
    assert!(
        history.contains("1st Bert") && history.contains("(resigned)"),
        "{history}"
    );
    // Recomputed from the stored results alone, the ratings are the same, bit for bit.
    let incremental = table.store().all_ratings(GUILD).await.unwrap();
    assert!(incremental.len() >= 6, "{incremental:?}");
    let games = table.store().recompute_ratings(GUILD).await.unwrap();
    assert_eq!(games, 4, "the unrated game does not count");
    assert_eq!(table.store().all_ratings(GUILD).await.unwrap(), incremental);
}

#[tokio::test]
async fn a_record_replays_to_the_stored_game() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), clock.clone()).await;
    game(
        &table,
        1,
        "pandoria",
        2,
        &[("deadline", "12h"), ("on_timeout", "skip")],
    )
    .await;
    // Some turns by hand (with an undo), the rest skipped by deadlines, to the end.
    let anna = caller(1, 1);
    // Anna's first turn by hand, the rest skipped by deadlines.
    let mut steps = 0;
    while table
        .current_turn(&anna)
        .await
        .unwrap()
        .is_some_and(|(t, _)| t.user == 1)
    {
        let step = legal(&table, &anna).await;
        table
            .handle(
                &anna,
                Command::Act {
                    notation: step,
                    version: None,
                },
            )
            .await
            .unwrap();
        steps += 1;
        assert!(steps < 20);
    }

    // Before the end: no seed, so the record cannot be replayed yet.
    let running = table.handle(&anna, Command::Record).await.unwrap();
    let file = &running.ephemeral.as_ref().unwrap().images[0];
    let record: Record = serde_json::from_slice(&file.png).unwrap();
    assert_eq!(
        (record.seed.as_deref(), record.final_state.as_deref()),
        (None, None)
    );
    assert!(replay(&record).unwrap_err().contains("no seed"));
    let mut sweeps = 0;
    while table.open_game_id(1).await.unwrap().is_some() {
        clock.advance_hours(13);
        table.sweep_deadlines().await.unwrap();
        sweeps += 1;
        assert!(sweeps < 400, "the game does not end");
    }
    let done = table.handle(&anna, Command::Record).await.unwrap();
    let file = &done.ephemeral.as_ref().unwrap().images[0];
    let record: Record = serde_json::from_slice(&file.png).unwrap();
    assert_eq!(record.status, "finished");
    assert!(record.seed.is_some());
    assert!(record.actions.iter().any(|a| a.notation == "timeout"));
    let replayed = replay(&record).unwrap();
    assert_eq!(Some(replayed.state.clone()), record.final_state);
    assert_eq!(replayed.game.outcome().map(|o| o.scores), record.scores);
    // The scores of the record are the stored results.
    let history = table.store().history(GUILD, 1).await.unwrap();
    let mut stored: Vec<i32> = history[0].results.iter().filter_map(|r| r.1).collect();
    let mut recorded = record.scores.clone().unwrap();
    stored.sort_unstable();
    recorded.sort_unstable();
    assert_eq!(stored, recorded);
    // `turnpost replay FILE` says so; a record changed by one action does not replay.
    let path = dir.path().join("game.json");
    std::fs::write(&path, &file.png).unwrap();
    assert!(replay_file(&path).unwrap().contains("final state matches"));
    let mut broken = record.clone();
    let last = broken
        .actions
        .iter()
        .rposition(|a| a.notation != "timeout" && a.notation != "undo")
        .unwrap();
    broken.actions.remove(last);
    std::fs::write(&path, serde_json::to_vec(&broken).unwrap()).unwrap();
    assert!(replay_file(&path).is_err());
}

#[tokio::test]
async fn new_tables_take_the_server_defaults_and_refuse_bad_terms() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), clock.clone()).await;
    let bad = refused(
        table
            .handle(
                &caller(1, 1),
                Command::Create {
                    game: "pandoria".into(),
                    options: vec![("deadline".into(), "5h".into())],
                    players: None,
                    seats: vec![],
                    seed: None,
                },
            )
            .await,
    );
    assert!(bad.contains("none, 12h, 24h, 48h, 72h or week"), "{bad}");
    let settings = table
        .handle(
            &moderator(1, 1),
            Command::League {
                deadline: Some("week".into()),
                on_timeout: Some("forfeit".into()),
                rated: Some(false),
                ai_rated: None,
                vacation_days: None,
            },
        )
        .await
        .unwrap();
    assert!(
        ephemeral(&settings).contains("a week per turn (then the seat forfeits), unrated"),
        "{}",
        ephemeral(&settings)
    );
    let lobby = table
        .handle(
            &caller(1, 1),
            Command::Create {
                game: "rtta".into(),
                options: vec![],
                players: Some(2),
                seats: vec![],
                seed: None,
            },
        )
        .await
        .unwrap();
    assert!(
        public_text(&lobby).contains("a week per turn (then the seat forfeits), unrated"),
        "{}",
        public_text(&lobby)
    );
    // /mygames lists games on every server with whose turn and the deadline.
    game(&table, 2, "pandoria", 2, &[("deadline", "48h")]).await;
    let (turn, _) = table.current_turn(&caller(1, 2)).await.unwrap().unwrap();
    let (to_act, waiting) = (turn.user, 3 - turn.user);
    let mine = ephemeral(
        &table
            .handle(&caller(to_act, 3), Command::MyGames)
            .await
            .unwrap(),
    );
    assert!(
        mine.contains("<#2>")
            && mine.contains("**your turn**")
            && mine.contains(&format!("<t:{}:R>", (T0 + 48 * HOUR_MS) / 1000)),
        "{mine}"
    );
    let theirs = ephemeral(
        &table
            .handle(&caller(waiting, 3), Command::MyGames)
            .await
            .unwrap(),
    );
    assert!(
        theirs.contains(&format!("{} (", caller(to_act, 3).name)) && theirs.contains("to play"),
        "{theirs}"
    );
}

#[tokio::test]
async fn an_abandoned_games_record_with_undos_replays_too() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), clock.clone()).await;
    game(&table, 1, "rtta", 2, &[]).await;
    // Play steps, taking back every one that can be taken back once.
    let mut undos = 0;
    for _ in 0..30 {
        let Some((turn, _)) = table.current_turn(&caller(1, 1)).await.unwrap() else {
            break;
        };
        let who = caller(turn.user, 1);
        let step = legal(&table, &who).await;
        let reply = table
            .handle(
                &who,
                Command::Act {
                    notation: step,
                    version: None,
                },
            )
            .await
            .unwrap();
        if reply
            .turn
            .as_ref()
            .is_some_and(|t| t.user == who.user && t.can_undo)
            && undos < 3
        {
            table
                .handle(&who, Command::Undo { version: None })
                .await
                .unwrap();
            undos += 1;
        }
    }
    assert!(undos > 0, "some steps were taken back");
    table
        .handle(&moderator(3, 1), Command::Abandon { confirm: true })
        .await
        .unwrap();
    let reply = table.handle(&caller(1, 1), Command::Record).await.unwrap();
    let record: Record =
        serde_json::from_slice(&reply.ephemeral.as_ref().unwrap().images[0].png).unwrap();
    assert_eq!(record.status, "abandoned");
    assert_eq!(
        record
            .actions
            .iter()
            .filter(|a| a.notation == "undo")
            .count(),
        undos
    );
    let replayed = replay(&record).unwrap();
    assert_eq!(Some(replayed.state), record.final_state);
}

#[tokio::test]
async fn a_profile_shows_the_rating_history_as_a_chart() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let store = Store::open(&dir.path().join("t.db")).await.unwrap();
    let settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(1)),
        clock: clock.clone(),
        ..TableSettings::default()
    };
    let table = Table::new(store, Arc::new(turnpost_bot::paint::PngPainter), settings);
    let forfeit = [("deadline", "12h"), ("on_timeout", "forfeit")];
    for (channel, winner) in [(1, 1), (2, 2), (3, 1)] {
        game(&table, channel, "pandoria", 2, &forfeit).await;
        finish_by_forfeits(&table, &clock, channel, winner).await;
    }
    let history = table
        .store()
        .rating_history(GUILD, "pandoria", 1)
        .await
        .unwrap();
    assert_eq!(history.len(), 3);
    let reply = table
        .handle(
            &caller(2, 1),
            Command::Profile {
                user: Some((1, "<@1>".into())),
                game: None,
            },
        )
        .await
        .unwrap();
    let post = reply.ephemeral.unwrap();
    assert!(
        post.text.contains("Pandoria: 3 games, 2 wins"),
        "{}",
        post.text
    );
    assert_eq!(post.images.len(), 1);
    let png = &post.images[0].png;
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 2000,
        "{} bytes",
        png.len()
    );
    // Someone without games gets words, not an empty chart.
    let none = table
        .handle(
            &caller(4, 1),
            Command::Profile {
                user: None,
                game: None,
            },
        )
        .await
        .unwrap();
    assert!(ephemeral(&none).contains("has not finished a game"));
}

#[tokio::test]
async fn a_warning_in_quiet_hours_waits_but_the_deadline_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), clock.clone()).await;
    game(
        &table,
        1,
        "pandoria",
        2,
        &[("deadline", "24h"), ("on_timeout", "skip")],
    )
    .await;
    let id = game_id(&table, 1).await;
    let late = table.store().deadline(id).await.unwrap().unwrap().user_id;
    // T0 is 10:00 UTC: half time falls at 22:00, inside quiet hours 21:00–23:00 UTC.
    table
        .store()
        .set_quiet_hours(late, Some((21, 23, 0)))
        .await
        .unwrap();
    clock.advance_hours(12);
    let pass = table.sweep_deadlines().await.unwrap();
    assert_eq!((pass.warned, pass.postponed), (0, 1), "{pass:?}");
    clock.advance(HOUR_MS / 2);
    assert_eq!(table.sweep_deadlines().await.unwrap().postponed, 1);
    assert!(
        !posts(&table)
            .await
            .iter()
            .any(|p| p.contains("your turn's deadline"))
    );
    clock.advance(HOUR_MS / 2);
    assert_eq!(table.sweep_deadlines().await.unwrap().warned, 1);
    // The deadline itself is not moved by quiet hours.
    let d = table.store().deadline(id).await.unwrap().unwrap();
    assert_eq!(d.due_at, T0 + 24 * HOUR_MS);
}
