//! Deadlines with each policy, the vacation that pauses one, quiet hours, and the terms a new
//! table takes.

use super::*;

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
