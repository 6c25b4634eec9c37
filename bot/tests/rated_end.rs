//! Rated games played to their scored end through the table service (issue 34): every
//! rated game in `league.rs` ends by forfeit, where every seated player ranks 1, so nothing
//! there checks the places a game's own outcome gives. Here seeded random legal actions —
//! picked through the table like a player would, from what `suggest` offers — play a 2- and
//! a 3-player game of each game to the end its rules give, and the stored results, the
//! ratings and the leaderboard are compared with the outcome core computes when the game's
//! record is replayed. One of the games ends in a tie, which must share a place.

use std::collections::HashMap;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_bot::ratings::Rating;
use turnpost_bot::record::{Record, replay};
use turnpost_bot::store::Store;
use turnpost_bot::table::{Caller, Command, NoImages, Table, TableSettings};
use turnpost_core::{Outcome, Seed};

const GUILD: u64 = 9;
const CHANNEL: u64 = 1;
const NAMES: [&str; 3] = ["Anna", "Bert", "Cleo"];

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: NAMES[user as usize - 1].to_string(),
        guild: Some(GUILD),
        channel: CHANNEL,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

/// What one finished game left in the store, next to the outcome its record replays to.
struct Finished {
    /// Core's outcome, by seat (seat `i` is user `i + 1`).
    outcome: Outcome,
    /// The stored place and score per seat.
    places: Vec<(u8, Option<i32>)>,
    /// The leaderboard (all-time), by user: rating, games, wins.
    board: HashMap<u64, (Rating, i64, i64)>,
    /// The leaderboard's order of users.
    order: Vec<u64>,
    /// The `/leaderboard` text.
    text: String,
}

/// Plays a rated `kind` game for `n` players (users 1..=n, seat order) with game seed
/// `seed`, each decision a legal action picked at random from what the table suggests,
/// with a generator seeded by `seed` too, until the game is over.
async fn play_rated(kind: &str, options: &[(&str, &str)], n: u64, seed: u64) -> Finished {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.db")).await.unwrap();
    let table = Table::new(store, Arc::new(NoImages), TableSettings::default());
    let mut terms: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    terms.push(("rated".into(), "yes".into()));
    terms.push(("deadline".into(), "off".into()));
    table
        .handle(
            &caller(1),
            Command::Create {
                game: kind.into(),
                options: terms,
                players: None,
                seats: (1..=n).map(|u| (u, caller(u).name)).collect(),
                seed: Some(Seed::from_u64(seed)),
            },
        )
        .await
        .unwrap();
    let game_id = table.open_game_id(CHANNEL).await.unwrap().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = 0;
    while table.open_game_id(CHANNEL).await.unwrap().is_some() {
        let (turn, _) = table
            .current_turn(&caller(1))
            .await
            .unwrap()
            .expect("somebody must act in a running game");
        let who = caller(turn.user);
        let legal = table.suggest(&who, "", usize::MAX).await.unwrap();
        assert!(
            !legal.is_empty(),
            "{} must act but has nothing legal",
            who.name
        );
        let notation = legal[rng.random_range(0..legal.len())].clone();
        table
            .handle(
                &who,
                Command::Act {
                    notation,
                    version: Some(turn.version),
                },
            )
            .await
            .unwrap();
        actions += 1;
        assert!(
            actions < 5_000,
            "the {kind} game (seed {seed}) does not end"
        );
    }

    // The outcome core gives the game the record describes (no table entries in it: no
    // resignation, no timeout, so the game ended by its rules).
    let record = table.handle(&caller(1), Command::Record).await.unwrap();
    let file = &record.ephemeral.as_ref().unwrap().images[0];
    let record: Record = serde_json::from_slice(&file.png).unwrap();
    assert_eq!(record.status, "finished");
    assert!(
        record.seats.iter().all(|s| !s.resigned),
        "nobody resigned: {:?}",
        record.seats
    );
    let outcome = replay(&record)
        .unwrap()
        .game
        .outcome()
        .expect("the game ended by its rules");
    assert_eq!(outcome.scores.len(), n as usize);

    let history = table.store().history(GUILD, 10).await.unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].game_id, game_id);
    assert!(history[0].rated);
    let mut places = vec![(0, None); n as usize];
    for (name, score, rank, resigned) in &history[0].results {
        assert!(!resigned);
        let seat = NAMES.iter().position(|x| x == name).unwrap();
        places[seat] = (*rank, *score);
    }
    let players = table
        .store()
        .leaderboard(GUILD, kind, None, 20)
        .await
        .unwrap();
    let order = players.iter().map(|p| p.user_id).collect();
    let board = players
        .into_iter()
        .map(|p| (p.user_id, (p.rating, p.games, p.wins)))
        .collect();
    let text = table
        .handle(
            &caller(1),
            Command::Leaderboard {
                game: Some(kind.into()),
                season: None,
            },
        )
        .await
        .unwrap()
        .ephemeral
        .unwrap()
        .text
        .to_string();
    table.close().await;
    Finished {
        outcome,
        places,
        board,
        order,
        text,
    }
}

/// The stored places, ratings and leaderboard follow the outcome: the seat ranked first by
/// core has place 1 and a win, a better outcome always means a better place and a higher
/// rating, equal outcomes share a place and a rating, places have no gaps, every player
/// played one rated game, and the board lists them by rating.
fn check(f: &Finished) {
    let o = &f.outcome;
    let n = o.scores.len();
    let users: Vec<u64> = (1..=n as u64).collect();
    let fresh = Rating::default();
    for i in 0..n {
        let (place, score) = f.places[i];
        assert_eq!(score, Some(o.scores[i]), "seat {i}'s stored score");
        // A place is 1 + the number of different outcomes better than this seat's.
        let mut better: Vec<u8> = o
            .ranks
            .iter()
            .copied()
            .filter(|&r| r < o.ranks[i])
            .collect();
        better.sort_unstable();
        better.dedup();
        assert_eq!(
            usize::from(place),
            better.len() + 1,
            "seat {i}: outcome ranks {:?}, stored places {:?}",
            o.ranks,
            f.places
        );
        let (rating, games, wins) = f.board[&users[i]];
        assert_eq!(games, 1);
        assert_eq!(wins, i64::from(o.ranks[i] == 1), "seat {i}'s wins");
        for (j, user) in users.iter().enumerate() {
            let other = f.board[user].0;
            if o.ranks[i] < o.ranks[j] {
                assert!(
                    rating.mu > other.mu,
                    "seat {i} (rank {}) must rate above seat {j} (rank {}): {rating:?} vs {other:?}",
                    o.ranks[i],
                    o.ranks[j]
                );
            } else if o.ranks[i] == o.ranks[j] {
                assert!((rating.mu - other.mu).abs() < 1e-9, "a tie rates alike");
            }
        }
        // The top scorer gains (unless everybody tied); the last loses.
        if o.ranks[i] == 1 && o.ranks.iter().any(|&r| r > 1) {
            assert!(rating.mu > fresh.mu, "the winner gains: {rating:?}");
        }
        let worst = *o.ranks.iter().max().unwrap();
        if o.ranks[i] == worst && worst > 1 {
            assert!(rating.mu < fresh.mu, "the last loses: {rating:?}");
        }
    }
    // The leaderboard lists everybody, by shown rating, and its text agrees.
    assert_eq!(f.order.len(), n);
    let shown: Vec<i64> = f.order.iter().map(|u| f.board[u].0.shown()).collect();
    assert!(shown.windows(2).all(|w| w[0] >= w[1]), "{shown:?}");
    let lines: Vec<&str> = f.text.lines().skip(1).collect();
    assert_eq!(lines.len(), n, "{}", f.text);
    for (line, user) in lines.iter().zip(&f.order) {
        let (rating, games, wins) = f.board[user];
        assert!(
            line.contains(NAMES[*user as usize - 1])
                && line.contains(&format!(
                    "rating {} · {games} games · {wins} wins",
                    rating.shown()
                )),
            "{line}"
        );
    }
}

/// Whether two seats share a rank.
fn tied(o: &Outcome) -> bool {
    (0..o.ranks.len()).any(|i| (0..i).any(|j| o.ranks[i] == o.ranks[j]))
}

// The seeds below were picked so that between them the games show a clear winner, equal
// scores ordered by the tiebreak alone, a tie for first that shares the place, and places
// below a shared one; each test checks that its game still does, so a change in the rules
// or the random choices that loses that is noticed rather than silently testing less.

#[tokio::test]
async fn a_rated_two_player_pandoria_game_places_and_rates_by_its_scores() {
    let f = play_rated("pandoria", &[("mode", "standard")], 2, 1).await;
    assert!(f.outcome.scores[0] > f.outcome.scores[1], "{:?}", f.outcome);
    check(&f);
}

#[tokio::test]
async fn a_rated_three_player_pandoria_game_with_equal_scores_places_by_the_tiebreak() {
    let f = play_rated("pandoria", &[("mode", "standard")], 3, 43).await;
    let o = &f.outcome;
    assert!(
        o.scores.iter().all(|&s| s == o.scores[0]) && !tied(o),
        "equal scores, different resources left: {o:?}"
    );
    check(&f);
}

#[tokio::test]
async fn a_rated_three_player_family_game_with_a_tie_for_first_shares_the_place() {
    let f = play_rated("pandoria", &[], 3, 16).await;
    let o = &f.outcome;
    assert_eq!(
        o.ranks.iter().filter(|&&r| r == 1).count(),
        2,
        "two seats share the win: {o:?}"
    );
    check(&f);
    // The third player is second, not third: places have no gaps.
    assert!(f.places.iter().any(|p| p.0 == 2), "{:?}", f.places);
}

#[tokio::test]
async fn a_rated_two_player_roll_through_the_ages_game_places_and_rates_by_its_scores() {
    let f = play_rated("rtta", &[], 2, 1).await;
    assert!(f.outcome.scores[1] > f.outcome.scores[0], "{:?}", f.outcome);
    check(&f);
}

#[tokio::test]
async fn a_rated_three_player_roll_through_the_ages_game_breaks_a_tie_by_goods() {
    let f = play_rated("rtta", &[], 3, 12).await;
    let o = &f.outcome;
    assert!(
        o.scores[1] == o.scores[2] && o.tiebreaks[1] != o.tiebreaks[2] && !tied(o),
        "equal scores, goods of different value: {o:?}"
    );
    check(&f);
}

#[tokio::test]
async fn a_rated_three_player_roll_through_the_ages_game_with_a_full_tie_shares_the_place() {
    let f = play_rated("rtta", &[], 3, 112).await;
    let o = &f.outcome;
    assert!(
        o.scores[1] == o.scores[2] && o.tiebreaks[1] == o.tiebreaks[2] && o.ranks[1] == 1,
        "two seats tie for first in score and goods: {o:?}"
    );
    check(&f);
}
