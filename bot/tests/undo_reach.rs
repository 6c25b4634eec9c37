//! Undo's reach and what the channel sees meanwhile (issue 28): undo reaches back over every
//! step that showed its player nothing new (placing one's own hand tile included), and a
//! step that undo may still take back is held back from every public payload — the turn
//! message's text and picture, `/board`, the public view, `/log` — until it is final.
//!
//! A mirror of each game is played with core beside the table, so the tests know what the
//! channel may have seen: the game as it was after the last final step.

use std::sync::{Arc, Mutex};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_bot::store::Store;
use turnpost_bot::table::{
    Caller, Command, Image, Painter, Reply, Seeds, Table, TableError, TableSettings,
};
use turnpost_core::dynamic::AnyView;
use turnpost_core::pandoria::{self, Pandoria};
use turnpost_core::{Game, Seat, Seed};

const CHANNEL: u64 = 700;

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: ["Anna", "Bert", "Cleo", "Dora"][(user as usize - 1) % 4].to_string(),
        guild: Some(9),
        channel: CHANNEL,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

/// A painter that draws nothing but remembers every public view it was asked to draw.
#[derive(Clone, Default)]
struct Recorder {
    public: Arc<Mutex<Vec<serde_json::Value>>>,
}

impl Painter for Recorder {
    fn public(
        &self,
        _: &str,
        view: &dyn AnyView,
        _: turnpost_core::words::Lang,
    ) -> Result<Vec<Image>, turnpost_render::RenderError> {
        self.public.lock().unwrap().push(view.to_json());
        Ok(Vec::new())
    }
    fn private(
        &self,
        _: &str,
        _: &dyn AnyView,
        _: turnpost_core::words::Lang,
    ) -> Result<Vec<Image>, turnpost_render::RenderError> {
        Ok(Vec::new())
    }
}

impl Recorder {
    fn take(&self) -> Vec<serde_json::Value> {
        std::mem::take(&mut *self.public.lock().unwrap())
    }
}

/// A table whose games take the seeds `first`, `first + 1`, … (the mirror uses the same).
async fn table_at(path: &std::path::Path, first: u64, painter: Recorder) -> Table {
    let store = Store::open(path).await.unwrap();
    let settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(first)),
        ..TableSettings::default()
    };
    Table::new(store, Arc::new(painter), settings)
}

fn act(notation: &str) -> Command {
    Command::Act {
        notation: notation.into(),
        version: None,
    }
}

fn undo() -> Command {
    Command::Undo { version: None }
}

fn refused(r: Result<Reply, TableError>) -> String {
    match r {
        Err(TableError::Refused(m)) => m.to_string(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Starts a standard Pandoria game of `players` seats (users 1..=players) with seed `seed`
/// at the table, and the same game as a mirror.
async fn start(table: &Table, players: u64, seed: u64) -> Pandoria {
    let seats = (1..=players).map(|u| (u, caller(u).name)).collect();
    table
        .handle(
            &caller(1),
            Command::Create {
                game: "pandoria".into(),
                options: vec![("mode".into(), "standard".into())],
                players: None,
                seats,
                seed: None,
            },
        )
        .await
        .unwrap();
    let options = pandoria::Options {
        mode: pandoria::Mode::Standard,
        ..pandoria::Options::default()
    };
    Pandoria::new(&options, players as usize, Seed::from_u64(seed)).unwrap()
}

/// The user who acts for a seat.
fn user(seat: Seat) -> u64 {
    u64::from(seat.0) + 1
}

fn public_json(g: &Pandoria) -> serde_json::Value {
    serde_json::to_value(g.public_view()).unwrap()
}

async fn board_json(table: &Table) -> serde_json::Value {
    table
        .public_view(CHANNEL)
        .await
        .unwrap()
        .expect("a running game")
        .1
        .to_json()
}

async fn log_text(table: &Table, who: u64) -> String {
    let r = table
        .handle(&caller(who), Command::Log { page: 1 })
        .await
        .unwrap();
    r.ephemeral.map(|p| p.text.to_string()).unwrap_or_default()
}

/// The lines a step's events read as, that name the hand tile placed (`TilePlaced`).
fn placed_lines(g: &Pandoria, events: &[pandoria::Event]) -> Vec<String> {
    events
        .iter()
        .filter(|e| matches!(e, pandoria::Event::TilePlaced { .. }))
        .map(|e| g.describe(e).to_string())
        .collect()
}

#[tokio::test]
async fn undo_reaches_over_the_own_tile_which_no_public_post_ever_names() {
    let dir = tempfile::tempdir().unwrap();
    let recorder = Recorder::default();
    let table = table_at(&dir.path().join("t.db"), 1, recorder.clone()).await;
    let mut mirror = start(&table, 2, 1).await;
    recorder.take();
    let seat = mirror.decision().unwrap().seat;
    let who = user(seat);
    let hand_before = mirror.seat_state(seat).hand.clone();
    let board_before = board_json(&table).await;
    assert_eq!(board_before, public_json(&mirror));
    // Place the hand tile: only the player's panel changes.
    let legal = mirror.legal_actions(seat);
    let first = legal
        .iter()
        .find(|a| matches!(a, pandoria::Action::Tile(..)))
        .copied()
        .unwrap();
    let mut trial = mirror.clone();
    let events = trial.apply(seat, &first).unwrap();
    let first_lines = placed_lines(&trial, &events);
    assert!(!first_lines.is_empty());
    let r = table
        .handle(&caller(who), act(&first.to_string()))
        .await
        .unwrap();
    assert!(r.public.is_empty(), "held back: {:?}", r.public);
    assert!(r.private.is_empty(), "{:?}", r.private);
    assert!(
        r.turn.as_ref().unwrap().can_undo,
        "the tile can be taken back"
    );
    assert!(
        recorder.take().is_empty(),
        "no public picture of a held step"
    );
    assert_eq!(
        board_json(&table).await,
        board_before,
        "/board shows no held step"
    );
    let log = log_text(&table, 3 - who).await;
    for line in &first_lines {
        assert!(!log.contains(line.as_str()), "{line} in the log: {log}");
    }
    // Undo puts the tile back in the hand; nothing public changes.
    let r = table.handle(&caller(who), undo()).await.unwrap();
    assert!(r.public.is_empty(), "{:?}", r.public);
    assert!(
        r.news.iter().any(|l| l.to_string().contains("took back")),
        "{:?}",
        r.news
    );
    assert!(!r.turn.as_ref().unwrap().can_undo);
    assert_eq!(board_json(&table).await, board_before);
    assert!(recorder.take().is_empty());
    let hand = table.handle(&caller(who), Command::Hand).await.unwrap();
    let hand_text = hand.ephemeral.unwrap().text.to_string();
    assert!(
        refused(table.handle(&caller(who), undo()).await).contains("nothing to take back"),
        "back at the start of the turn"
    );
    // The tile is back in the hand: the same placements are legal again.
    let again = table.suggest(&caller(who), "tile", 500).await.unwrap();
    assert!(again.contains(&first.to_string()), "{again:?}");
    // Place it elsewhere, then a figure; a restart keeps both undoable and held back.
    let other = legal
        .iter()
        .filter(|a| matches!(a, pandoria::Action::Tile(..)))
        .find(|a| {
            let mut t = mirror.clone();
            let ev = t.apply(seat, a).unwrap();
            placed_lines(&t, &ev) != first_lines
        })
        .copied()
        .unwrap();
    table
        .handle(&caller(who), act(&other.to_string()))
        .await
        .unwrap();
    let events = mirror.apply(seat, &other).unwrap();
    let final_lines = placed_lines(&mirror, &events);
    assert_ne!(mirror.seat_state(seat).hand, hand_before);
    let figure = mirror
        .legal_actions(seat)
        .into_iter()
        .find(|a| matches!(a, pandoria::Action::Worker(..)))
        .unwrap();
    table
        .handle(&caller(who), act(&figure.to_string()))
        .await
        .unwrap();
    mirror.apply(seat, &figure).unwrap();
    drop(table);
    let table = table_at(&dir.path().join("t.db"), 1, recorder.clone()).await;
    assert_eq!(
        board_json(&table).await,
        board_before,
        "held back after a restart"
    );
    let r = table.handle(&caller(who), undo()).await.unwrap();
    assert!(r.public.is_empty());
    assert!(
        r.turn.as_ref().unwrap().can_undo,
        "the tile is still undoable"
    );
    let r = table.handle(&caller(who), undo()).await.unwrap();
    assert!(r.public.is_empty());
    assert!(!r.turn.as_ref().unwrap().can_undo);
    let hand_again = table.handle(&caller(who), Command::Hand).await.unwrap();
    assert_eq!(
        hand_again.ephemeral.unwrap().text.to_string(),
        hand_text,
        "the tile is back in the hand"
    );
    // Play the turn to its end: the one public post shows the final placement only.
    let mut mirror = start_mirror_again(2, 1);
    mirror.apply(seat, &other).unwrap();
    let mut posts = Vec::new();
    let mut r = table
        .handle(&caller(who), act(&other.to_string()))
        .await
        .unwrap();
    posts.extend(r.public.iter().map(|p| p.text.to_string()));
    while mirror.decision().is_some_and(|d| d.seat == seat) {
        let step = mirror.least_change(seat).unwrap();
        mirror.apply(seat, &step).unwrap();
        r = table
            .handle(&caller(who), act(&step.to_string()))
            .await
            .unwrap();
        posts.extend(r.public.iter().map(|p| p.text.to_string()));
    }
    assert_eq!(
        posts.len(),
        1,
        "one public post at the turn's end: {posts:?}"
    );
    for line in &final_lines {
        assert!(
            posts[0].contains(line.as_str()),
            "{line} missing: {}",
            posts[0]
        );
    }
    for line in &first_lines {
        assert!(
            !posts[0].contains(line.as_str()),
            "{line} was taken back: {}",
            posts[0]
        );
    }
    assert!(!posts[0].contains("took back"), "{}", posts[0]);
    assert_eq!(recorder.take(), vec![public_json(&mirror)]);
    assert_eq!(board_json(&table).await, public_json(&mirror));
    assert!(refused(table.handle(&caller(who), undo()).await).contains("It is "));
}

fn start_mirror_again(players: usize, seed: u64) -> Pandoria {
    let options = pandoria::Options {
        mode: pandoria::Mode::Standard,
        ..pandoria::Options::default()
    };
    Pandoria::new(&options, players, Seed::from_u64(seed)).unwrap()
}

/// Random games through the table, undoing at random: whatever undo may still take back
/// never reaches a public payload (turn message, picture, `/board`), every public picture is
/// the game as the mirror has it with every step final, and a held step sends no one a DM.
#[tokio::test]
async fn nothing_undo_may_take_back_is_ever_published() {
    for seed in [3u64, 4] {
        let dir = tempfile::tempdir().unwrap();
        let recorder = Recorder::default();
        let table = table_at(&dir.path().join("t.db"), seed, recorder.clone()).await;
        let players = 2 + seed % 2;
        let mut mirror = start(&table, players, seed).await;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // The mirror before each step undo may take back; the published game is its first.
        let mut held: Vec<Pandoria> = Vec::new();
        let mut published = public_json(&mirror);
        assert_eq!(recorder.take(), vec![published.clone()]);
        let (mut tiles_undone, mut held_steps, mut asked) = (0, 0, 0);
        for _ in 0..160 {
            let Some(d) = mirror.decision() else { break };
            let who = user(d.seat);
            if !held.is_empty() && rng.random_bool(0.3) {
                // Whether the step taken back placed the hand tile.
                let placed_tile =
                    held.last().unwrap().seat_state(d.seat).hand != mirror.seat_state(d.seat).hand;
                let r = table.handle(&caller(who), undo()).await.unwrap();
                assert!(r.public.is_empty() && r.private.is_empty(), "{r:?}");
                mirror = held.pop().unwrap();
                if placed_tile {
                    tiles_undone += 1;
                }
            } else {
                let legal = mirror.legal_actions(d.seat);
                let action = legal[rng.random_range(0..legal.len())];
                let before = mirror.clone();
                mirror.apply(d.seat, &action).unwrap();
                let mut r = table
                    .handle(&caller(who), act(&action.to_string()))
                    .await
                    .unwrap();
                if let Some(confirm) = &r.confirm {
                    // Asked first (it leaves something unused): nothing happened yet.
                    assert!(r.public.is_empty() && r.private.is_empty(), "{r:?}");
                    assert!(recorder.take().is_empty());
                    asked += 1;
                    let anyway = Command::ActAnyway {
                        notation: confirm.notation.clone(),
                        version: Some(confirm.version),
                    };
                    r = table.handle(&caller(who), anyway).await.unwrap();
                    assert!(r.confirm.is_none());
                }
                if r.public.is_empty() {
                    held_steps += 1;
                    assert!(r.private.is_empty(), "a held step DMs no one: {r:?}");
                    let turn = r.turn.as_ref().unwrap();
                    assert!(turn.can_undo && turn.user == who, "{r:?}");
                    held.push(before);
                } else {
                    held.clear();
                    published = public_json(&mirror);
                    assert!(!r.turn.as_ref().is_some_and(|t| t.can_undo));
                }
            }
            for painted in recorder.take() {
                assert_eq!(painted, published, "a public picture showed a held step");
            }
            assert_eq!(
                board_json(&table).await,
                published,
                "/board showed a held step"
            );
        }
        assert!(held_steps > 10, "seed {seed}: {held_steps} held steps");
        assert!(
            tiles_undone > 0,
            "seed {seed}: no placed tile was taken back"
        );
        eprintln!(
            "seed {seed}: {held_steps} held steps, {tiles_undone} tiles taken back, {asked} questions"
        );
    }
}

/// Plays `game` at random through the table, preferring to end steps, until a question came
/// before an action that gives something up (issue 28) and the player then turned the
/// question off. Returns what the questions said.
async fn questions_in(game: &str, options: &[(&str, &str)], seed: u64) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"), seed, Recorder::default()).await;
    let seats = vec![(1, caller(1).name), (2, caller(2).name)];
    let r = table
        .handle(
            &caller(1),
            Command::Create {
                game: game.into(),
                options: options
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                players: None,
                seats,
                seed: None,
            },
        )
        .await
        .unwrap();
    let mut who = r.turn.unwrap().user;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut asked = Vec::new();
    let mut off = false;
    for _ in 0..3000 {
        let legal = table.suggest(&caller(who), "", usize::MAX).await.unwrap();
        let ends = legal.iter().find(|a| *a == "done" || *a == "pass");
        let action = match ends {
            Some(a) if rng.random_bool(0.5) => a.clone(),
            _ => legal[rng.random_range(0..legal.len())].clone(),
        };
        let before = table.store().sequence_numbers(1).await.unwrap();
        let mut r = table.handle(&caller(who), act(&action)).await.unwrap();
        if let Some(confirm) = r.confirm.clone() {
            assert!(!off, "asked after /settings confirm:off: {r:?}");
            // Asked first: nothing was played or posted.
            assert_eq!(table.store().sequence_numbers(1).await.unwrap(), before);
            assert!(r.public.is_empty() && r.private.is_empty());
            let text = r.ephemeral.clone().unwrap().text.to_string();
            assert!(text.contains("anyway?"), "{text}");
            asked.push(text);
            r = table
                .handle(
                    &caller(who),
                    Command::ActAnyway {
                        notation: confirm.notation,
                        version: Some(confirm.version),
                    },
                )
                .await
                .unwrap();
            assert!(r.confirm.is_none());
            if asked.len() >= 2 {
                // Both players turn the question off.
                for u in [1, 2] {
                    let s = table
                        .handle(
                            &caller(u),
                            Command::Settings {
                                confirm: Some(false),
                            },
                        )
                        .await
                        .unwrap();
                    assert!(s.ephemeral.unwrap().text.to_string().contains("not asked"));
                }
                off = true;
            }
        }
        match r.turn {
            Some(t) => who = t.user,
            None => break,
        }
    }
    assert!(off, "{game}: fewer than two questions in a game: {asked:?}");
    asked
}

#[tokio::test]
async fn giving_something_up_is_asked_once_unless_turned_off() {
    let pandoria = questions_in("pandoria", &[("mode", "standard")], 5).await;
    assert!(
        pandoria.iter().any(|q| q.contains("You could still buy")),
        "{pandoria:?}"
    );
    let rtta = questions_in("rtta", &[], 6).await;
    assert!(
        rtta.iter()
            .any(|q| q.contains("workers unused") || q.contains("worker unused")),
        "{rtta:?}"
    );
}
