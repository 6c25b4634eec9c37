//! The vote to replace a late player, the volunteer, and the other ways a vote ends.

use super::*;

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
