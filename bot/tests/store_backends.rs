//! One store contract, two backends (issue 31): the same calls on a SQLite file and on a
//! PostgreSQL database (a throwaway cluster, `support/postgres.rs`) give the same answers.
//! The scenario walks every part of the store — a lobby and its seats, the version-checked
//! appends with their outbox rows, duplicates, snapshots, the outbox's life, settings,
//! seasons, deadlines, vacations, votes, results and ratings, rematches — checks what each
//! answer must be, and records the answers; the two transcripts must be equal.
//!
//! Why this file is long: one scenario over the whole store, so that a query
//! written for one backend only, or differently, shows up as a difference in one place.

#[path = "support/postgres.rs"]
mod pg;

use turnpost_bot::clock::ManualClock;
use turnpost_bot::league::ratings::rate;
use turnpost_bot::store::{
    Backend, Change, DeadlineChange, DeadlineRow, Delivered, DeliveryKind, FinishedGame,
    LeagueChange, NewAction, NewDelivery, NewGame, Phase, Policy, ResultRow, SENT, Status, Store,
    StoreError, Terms,
};
use turnpost_core::Seed;

const GUILD: u64 = 9;
const CHANNEL: u64 = 500;
const START: i64 = 1_700_000_000_000;

fn post(text: &str, image: bool) -> NewDelivery {
    NewDelivery {
        kind: DeliveryKind::Channel,
        target: CHANNEL,
        channel_id: CHANNEL,
        body: text.to_string(),
        images: if image {
            vec![("board.png".into(), vec![0, 159, 146, 150, 255])]
        } else {
            Vec::new()
        },
    }
}

fn dm(user: u64, text: &str) -> NewDelivery {
    NewDelivery {
        kind: DeliveryKind::Dm,
        target: user,
        channel_id: CHANNEL,
        body: text.to_string(),
        images: Vec::new(),
    }
}

fn new_game(channel: u64) -> NewGame<'static> {
    NewGame {
        kind: "pandoria",
        options: &[],
        seed: Seed::from_u64(7),
        guild_id: Some(GUILD),
        channel_id: channel,
        creator_id: 1,
        max_players: 2,
        terms: Terms {
            deadline_hours: 24,
            policy: Policy::Replace,
            rated: false,
        },
    }
}

fn action<'a>(seat: u8, notation: &'a str, interaction: Option<&'a str>) -> NewAction<'a> {
    NewAction {
        seat,
        notation,
        interaction_id: interaction,
        reveals: false,
        log: &[],
    }
}

async fn append(
    store: &Store,
    game: i64,
    version: i64,
    actions: &[NewAction<'_>],
    status: Option<Status>,
    league: &LeagueChange,
) -> Result<i64, StoreError> {
    let deliveries = [post("turn", true), dm(2, "your hand")];
    store
        .append(
            game,
            version,
            &Change {
                actions,
                snapshot: Some("{\"state\":1}"),
                status,
                deliveries: &deliveries,
                league,
            },
        )
        .await
}

/// The scenario on one store; what it read, one line per answer.
async fn scenario(store: Store, clock: &ManualClock) -> Vec<String> {
    let mut out = Vec::new();
    let mut note = |what: &str, value: String| out.push(format!("{what}: {value}"));

    // A lobby, its seats, a busy channel.
    let game = store
        .create_game(
            &new_game(CHANNEL),
            &[(1, "Anna".into())],
            false,
            &[post("lobby", true)],
            None,
        )
        .await
        .unwrap();
    assert_eq!(game, 1);
    assert!(matches!(
        store.add_seat(game, 1, "Anna", &[]).await,
        Err(StoreError::AlreadySeated)
    ));
    assert_eq!(store.add_seat(game, 2, "Bert", &[]).await.unwrap(), Some(1));
    assert_eq!(
        store.add_seat(game, 3, "Cleo", &[]).await.unwrap(),
        None,
        "full"
    );
    assert!(matches!(
        store
            .create_game(&new_game(CHANNEL), &[(4, "Dora".into())], false, &[], None)
            .await,
        Err(StoreError::ChannelBusy)
    ));
    assert!(store.set_lobby_rated(game, true).await.unwrap());
    note("seats", format!("{:?}", store.seats(game).await.unwrap()));

    // Start with a deadline for seat 0.
    let first = LeagueChange {
        deadline: DeadlineChange::Set {
            seat: 0,
            user: 1,
            hours: 24,
        },
        ..LeagueChange::default()
    };
    assert!(
        !store.start(game, 3, &[], &first).await.unwrap(),
        "seats changed"
    );
    assert!(
        store
            .start(game, 2, &[post("started", false)], &first)
            .await
            .unwrap()
    );
    assert_eq!(store.version(game).await.unwrap(), (0, Status::Active));
    note(
        "deadline",
        format!("{:?}", store.deadline(game).await.unwrap()),
    );

    // Version-checked appends, a stale writer, a repeated interaction.
    let keep = LeagueChange::default();
    let a = [action(0, "tile D7 E7", Some("i1")), action(0, "pass", None)];
    assert_eq!(append(&store, game, 0, &a, None, &keep).await.unwrap(), 2);
    let stale = append(&store, game, 0, &[action(1, "x", Some("i2"))], None, &keep).await;
    assert!(
        matches!(stale, Err(StoreError::VersionConflict)),
        "{stale:?}"
    );
    let again = append(&store, game, 2, &[action(1, "y", Some("i1"))], None, &keep).await;
    assert!(matches!(again, Err(StoreError::Duplicate)), "{again:?}");
    assert!(store.seen_interaction("i1").await.unwrap());
    assert!(!store.seen_interaction("i2").await.unwrap());
    note(
        "actions",
        format!("{:?}", store.actions_after(game, 0).await.unwrap()),
    );
    let snap = store.latest_snapshot(game, 10).await.unwrap().unwrap();
    assert!(snap.matches_log(), "{snap:?}");
    store.put_snapshot(game, 1, "{\"state\":0}").await.unwrap();
    note(
        "snapshot 1",
        format!("{:?}", store.latest_snapshot(game, 1).await.unwrap()),
    );
    store.delete_snapshot(game, 1).await.unwrap();
    note(
        "sequence",
        format!("{:?}", store.sequence_numbers(game).await.unwrap()),
    );
    note(
        "by channel",
        format!(
            "{:?}",
            store
                .open_game_in(CHANNEL)
                .await
                .unwrap()
                .map(|g| g.game_id)
        ),
    );
    note(
        "of user",
        format!("{:?}", store.active_games_of(2).await.unwrap().len()),
    );
    note(
        "with ai",
        format!("{:?}", store.games_with_ai(2).await.unwrap()),
    );

    // The outbox's life: pending rows in order, pictures, claims, done, retried, deferred.
    let pending = store.pending_deliveries(100).await.unwrap();
    note(
        "pending",
        format!(
            "{:?}",
            pending
                .iter()
                .map(|d| (d.kind, d.target, d.body.as_str(), d.unreadable.clone()))
                .collect::<Vec<_>>()
        ),
    );
    assert_eq!(pending.len(), 4);
    let first_row = pending[0].outbox_id;
    note(
        "images",
        format!("{:?}", store.delivery_images(first_row).await.unwrap()),
    );
    note(
        "images of a dm",
        format!(
            "{:?}",
            store.delivery_images(pending[3].outbox_id).await.unwrap()
        ),
    );
    assert!(store.claim_delivery(first_row, 60_000).await.unwrap());
    assert!(
        !store.claim_delivery(first_row, 60_000).await.unwrap(),
        "claimed once"
    );
    let delivered = Delivered {
        turn_message: Some((game, Some(77))),
        then: Some((Some(game), post("buttons off", false))),
        dm_message: Some((game, 2, 88)),
    };
    store
        .finish_delivery_with(first_row, SENT, Some(77), &delivered)
        .await
        .unwrap();
    note(
        "outcome",
        format!("{:?}", store.delivery_outcome(first_row).await.unwrap()),
    );
    note(
        "turn message",
        format!("{:?}", store.turn_message(game).await.unwrap()),
    );
    note(
        "dm message",
        format!("{:?}", store.dm_message(game, 2).await.unwrap()),
    );
    note(
        "images after",
        format!("{:?}", store.delivery_images(first_row).await.unwrap()),
    );
    store
        .retry_delivery(pending[1].outbox_id, 5, "failed once")
        .await
        .unwrap();
    store
        .defer_delivery(pending[2].outbox_id, 6, "held")
        .await
        .unwrap();
    store
        .dms_closed(
            pending[3].outbox_id,
            2,
            Some(game),
            &post("DMs closed", false),
        )
        .await
        .unwrap();
    assert!(store.dm_closed(2).await.unwrap());
    let now = turnpost_bot::clock::now_ms();
    note(
        "sent to 500",
        format!(
            "{:?}",
            store
                .delivered_message_ids(DeliveryKind::Channel, CHANNEL, now - 60_000)
                .await
                .unwrap()
        ),
    );
    assert_eq!(
        store.set_channel_unreachable(CHANNEL, 1000).await.unwrap(),
        1000
    );
    assert_eq!(
        store.set_channel_unreachable(CHANNEL, 2000).await.unwrap(),
        1000,
        "kept"
    );
    note(
        "probed",
        format!("{:?}", store.probe_channel_now(CHANNEL).await.unwrap()),
    );
    let pending = store.pending_deliveries(100).await.unwrap();
    note(
        "pending after",
        format!(
            "{:?}",
            pending
                .iter()
                .map(|d| (
                    d.body.as_str(),
                    d.attempts,
                    d.possibly_sent,
                    d.unreachable_since
                ))
                .collect::<Vec<_>>()
        ),
    );
    note(
        "pending count",
        format!("{}", store.pending_delivery_count().await.unwrap()),
    );
    note(
        "pruned",
        format!("{}", store.prune_deliveries(now + 60_000).await.unwrap()),
    );

    // Settings.
    store.set_dm_closed(2, false).await.unwrap();
    store.set_confirm_before_ending(1, false).await.unwrap();
    store.set_quiet_hours(1, Some((22, 7, -60))).await.unwrap();
    store.set_reminder_hours(CHANNEL, 6).await.unwrap();
    store.set_guild_ai_rated(GUILD, true).await.unwrap();
    let terms = Terms {
        deadline_hours: 48,
        policy: Policy::Forfeit,
        rated: false,
    };
    store.set_guild_terms(GUILD, terms, 10).await.unwrap();
    note(
        "settings",
        format!(
            "{:?}",
            (
                store.dm_closed(2).await.unwrap(),
                store.confirm_before_ending(1).await.unwrap(),
                store.confirm_before_ending(2).await.unwrap(),
                store.quiet_hours(1).await.unwrap(),
                store.reminder_hours(CHANNEL).await.unwrap(),
                store.reminder_hours(1).await.unwrap(),
                store.guild_ai_rated(GUILD).await.unwrap(),
                store.guild_terms(GUILD).await.unwrap(),
                store.guild_terms(1).await.unwrap(),
            )
        ),
    );
    assert!(store.set_reminded(game, None, 5, &[]).await.unwrap());
    // A second process that read the same row sends no second reminder.
    assert!(!store.set_reminded(game, None, 6, &[]).await.unwrap());
    note(
        "reminders",
        format!("{:?}", store.reminder_candidates().await.unwrap()),
    );

    // Seasons, vacations, the deadline sweep, votes.
    let season = store.start_season(GUILD, "Spring").await.unwrap();
    assert!(season.is_some());
    assert_eq!(
        store.start_season(GUILD, "Again").await.unwrap(),
        None,
        "one open season"
    );
    let ends = store.start_vacation(1, GUILD, season, 2).await.unwrap();
    note(
        "vacation",
        format!(
            "{:?}",
            (
                ends - START,
                store
                    .vacation_until(1, START)
                    .await
                    .unwrap()
                    .map(|e| e - START)
            )
        ),
    );
    note(
        "vacation days",
        format!(
            "{:?}",
            (
                store.vacation_days_used(1, GUILD, season).await.unwrap(),
                store.vacation_days_used(1, GUILD, None).await.unwrap()
            )
        ),
    );
    let due = store
        .due_deadlines(START + 1000 * 3_600_000, 10)
        .await
        .unwrap();
    assert_eq!(due.len(), 1);
    note("due", format!("{:?}", due));
    assert!(!store.due_deadlines_plan().await.unwrap().is_empty());
    let began = due[0].began_at;
    assert!(
        store
            .step_deadline(&due[0], 2, Phase::Voting, START + 1, &[])
            .await
            .unwrap()
    );
    assert!(
        !store
            .step_deadline(
                &DeadlineRow {
                    began_at: began + 1,
                    ..due[0].clone()
                },
                2,
                Phase::Voting,
                START,
                &[]
            )
            .await
            .unwrap()
    );
    // A second process that read the same row before the step takes no second step.
    assert!(
        !store
            .step_deadline(&due[0], 2, Phase::Voting, START + 2, &[])
            .await
            .unwrap()
    );
    assert_eq!(store.cast_vote(game, 2, true).await.unwrap(), (1, 0));
    assert_eq!(
        store.cast_vote(game, 2, false).await.unwrap(),
        (0, 1),
        "a vote is replaced"
    );
    clock.advance(1000);
    assert!(store.restart_deadline(game, began, &[]).await.unwrap());
    note(
        "restarted",
        format!("{:?}", store.deadline(game).await.unwrap()),
    );

    // The end: results and ratings, written with the last action.
    let finished = LeagueChange {
        deadline: DeadlineChange::Clear,
        finished: Some(FinishedGame {
            results: vec![
                ResultRow {
                    seat: 0,
                    user: 1,
                    team: 0,
                    rank: 1,
                    score: Some(30),
                    resigned: false,
                },
                ResultRow {
                    seat: 1,
                    user: 2,
                    team: 1,
                    rank: 2,
                    score: Some(21),
                    resigned: false,
                },
            ],
        }),
        seat_taken: None,
    };
    let last = [action(1, "resign", Some("i3"))];
    assert_eq!(
        append(&store, game, 2, &last, Some(Status::Finished), &finished)
            .await
            .unwrap(),
        3
    );
    store.reapply_ratings(game).await.unwrap();
    let ratings = store.all_ratings(GUILD).await.unwrap();
    note("ratings", format!("{ratings:?}"));
    assert_eq!(ratings.len(), 4, "all-time and season for both players");
    assert_eq!(store.recompute_ratings(GUILD).await.unwrap(), 1);
    assert_eq!(
        store.all_ratings(GUILD).await.unwrap(),
        ratings,
        "recomputed the same"
    );
    note(
        "board",
        format!(
            "{:?}",
            store
                .leaderboard(GUILD, "pandoria", season, 10)
                .await
                .unwrap()
        ),
    );
    note(
        "profile",
        format!("{:?}", store.profile(GUILD, 1).await.unwrap()),
    );
    note(
        "rating history",
        format!(
            "{:?}",
            store
                .rating_history(GUILD, "pandoria", 1)
                .await
                .unwrap()
                .len()
        ),
    );
    note(
        "history",
        format!("{:?}", store.history(GUILD, 10).await.unwrap()),
    );
    note(
        "finished at",
        format!(
            "{:?}",
            store.finished_at(game).await.unwrap().map(|t| t - START)
        ),
    );
    note(
        "record",
        format!("{:?}", store.record_actions(game).await.unwrap()),
    );
    note(
        "latest",
        format!(
            "{:?}",
            store.latest_game_in(CHANNEL).await.unwrap().map(|g| (
                g.game_id,
                g.status,
                g.seats_text()
            ))
        ),
    );
    note(
        "closed season",
        format!(
            "{:?}",
            store.close_season(GUILD).await.unwrap().map(|s| s.name)
        ),
    );
    note(
        "seasons",
        format!("{:?}", store.seasons(GUILD).await.unwrap().len()),
    );

    // A rematch lobby: held seats, one confirmed, the others dropped; a seat that leaves.
    let rematch = store
        .create_rematch(
            &new_game(CHANNEL),
            &[(2, "Bert".into()), (1, "Anna".into()), (5, "Emil".into())],
            &[1, 5],
            &[],
        )
        .await
        .unwrap();
    note(
        "invited",
        format!("{:?}", store.invited_seats(rematch).await.unwrap()),
    );
    assert!(store.confirm_seat(rematch, 1, &[]).await.unwrap());
    assert!(!store.confirm_seat(rematch, 1, &[]).await.unwrap());
    assert_eq!(store.drop_invited(rematch).await.unwrap(), 1);
    assert!(store.remove_seat(rematch, 2, &[]).await.unwrap());
    note(
        "rematch seats",
        format!("{:?}", store.seats(rematch).await.unwrap()),
    );
    assert!(
        store
            .set_status(rematch, Status::Lobby, Status::Abandoned, &[])
            .await
            .unwrap()
    );
    assert!(
        !store
            .set_status(rematch, Status::Lobby, Status::Abandoned, &[])
            .await
            .unwrap()
    );
    note(
        "open in guild",
        format!(
            "{:?}",
            store.open_games_in_guild(GUILD).await.unwrap().len()
        ),
    );
    store.queue(&[post("season over", false)]).await.unwrap();
    note(
        "queued",
        format!("{}", store.pending_delivery_count().await.unwrap()),
    );
    store.close().await;
    out
}

/// The seats of a game row in a line (for the transcript).
trait SeatsText {
    fn seats_text(&self) -> String;
}

impl SeatsText for turnpost_bot::store::GameRow {
    fn seats_text(&self) -> String {
        format!(
            "{} max, v{}, {:?}",
            self.max_players, self.version, self.terms
        )
    }
}

#[tokio::test]
async fn both_backends_answer_every_call_of_the_store_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let mut transcripts = Vec::new();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let clock = ManualClock::at(START);
        let store = match backend {
            Backend::Sqlite => Store::open(&dir.path().join("t.db")).await.unwrap(),
            Backend::Postgres => {
                let Some(cluster) = pg::Cluster::shared() else {
                    continue;
                };
                let url = cluster.database("store_backends").await;
                let store = Store::connect(&url).await.unwrap();
                assert_eq!(store.backend(), Backend::Postgres);
                store
            }
        };
        let store = store.with_clock(clock.clone()).with_rating_rule(rate);
        transcripts.push((backend, scenario(store, &clock).await));
    }
    if let [(_, sqlite), (_, postgres)] = &transcripts[..] {
        for (s, p) in sqlite.iter().zip(postgres) {
            assert_eq!(s, p, "SQLite and PostgreSQL answer differently");
        }
        assert_eq!(sqlite.len(), postgres.len());
    }
}
