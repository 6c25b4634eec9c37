//! Game records replayed to the stored game, abandoned games with undos too.

use super::*;

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
