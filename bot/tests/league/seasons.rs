//! Seasons and their leaderboards, ratings recomputed from the stored results, and the
//! profile's rating chart.

use super::*;

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
            .any(|l| l.to_string().contains("Cleo") && l.contains("1 games · 1 wins")),
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
                .any(|l| l.to_string().contains("Anna") && l.contains("3 games · 1 wins")),
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
async fn a_profile_shows_the_rating_history_as_a_chart() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let store = super::pg::store_at(&dir.path().join("t.db")).await;
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
        post.text.to_string().contains("Pandoria: 3 games, 2 wins"),
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
