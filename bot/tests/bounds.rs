//! One command cannot harm the rest: random and extreme values for every slash option and
//! every `key=value` option go through the table, and each gets an answer in words
//! (accepted, or refused with what is allowed) — never a panic, never an internal error,
//! and a refusal costs little work (bytes allocated, counted exactly, and time).

use std::alloc::System;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use serde_json::{Value, json};
use serenity::all::CommandDataOption;
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};

use turnpost_bot::discord::{Invocation, definitions, invocation};
use turnpost_bot::local::{LocalOptions, play};
use turnpost_bot::table::{Caller, Command, NoImages, Reply, Table, TableError, TableSettings};
use turnpost_core::registry::{self, OptionKind};

/// Counts heap allocations (the `stats_alloc` crate: no unsafe code here).
#[global_allocator]
static ALLOCATOR: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The most a refusal may take: time (the fastest of three tries, so a busy machine does
/// not decide) and heap bytes (exact). A refusal is a few checks and one small query.
const REFUSAL_TIME: Duration = Duration::from_millis(10);
const REFUSAL_BYTES: usize = 4 << 20;
/// The longest refusal: a sentence or two, never the input echoed whole.
const REFUSAL_CHARS: usize = 600;

/// Numbers as a person may type them, from harmless to absurd.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "16",
    "17",
    "24",
    "721",
    "8000",
    "65536",
    "4294967296",
    "100000000000",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "-1",
    "-9223372036854775808",
    "+2",
    " 2 ",
    "1e9",
    "0x10",
    "NaN",
    "٣",
];

/// Words as a person may type them, from harmless to absurd.
fn words() -> Vec<String> {
    let mut w: Vec<String> = [
        "",
        " ",
        "yes",
        "no",
        "true",
        "none",
        "week",
        "12h",
        "strong",
        "all",
        "random",
        "skip",
        "a=b",
        "ai=99999",
        "\u{0}",
        "\u{202e}gnorts",
        "🎲🎲🎲",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    w.extend(NUMBERS.iter().map(|s| s.to_string()));
    w.push("x".repeat(100_000));
    w.push("é".repeat(3_000));
    w.push("ai=18446744073709551615 ".repeat(500));
    w
}

/// Integers a forged or outdated client may send for an integer option.
const INTEGERS: &[i64] = &[
    i64::MIN,
    -1_000_000,
    -13,
    -1,
    0,
    1,
    2,
    3,
    4,
    5,
    15,
    23,
    24,
    61,
    367,
    721,
    8000,
    10_001,
    4_294_967_296,
    i64::MAX,
];

static CHANNEL: AtomicU64 = AtomicU64::new(10_000);

/// The allocation counter is global: the tests of this file run one at a time, so each
/// counts only its own work.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial<F: std::future::Future>(work: F) -> F::Output {
    let _one_at_a_time = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(work)
}

/// A moderator in a fresh channel of one server, so every case starts from an empty
/// channel (and no earlier case's game stands in the way of a refusal).
fn fresh_caller() -> Caller {
    Caller {
        user: 1,
        name: "Anna".into(),
        guild: Some(77),
        channel: CHANNEL.fetch_add(1, Ordering::Relaxed),
        moderator: true,
        interaction: None,
        followup: None,
    }
}

async fn table() -> Table {
    let settings = TableSettings {
        outbox: false,
        ..TableSettings::default()
    };
    Table::in_memory(Arc::new(NoImages), settings)
        .await
        .unwrap()
}

fn allocated() -> usize {
    ALLOCATOR.stats().bytes_allocated
}

/// Runs one command from a fresh channel; returns what it answered, how long it took
/// and how many bytes it allocated.
async fn run(table: &Table, command: &Command) -> (Result<Reply, TableError>, Duration, usize) {
    let caller = fresh_caller();
    let bytes = allocated();
    let start = Instant::now();
    let result = table.handle(&caller, command.clone()).await;
    (result, start.elapsed(), allocated() - bytes)
}

/// The command is answered in words: accepted, or refused briefly and cheaply.
async fn answered_in_words(table: &Table, command: &Command) {
    let (result, first_time, bytes) = run(table, command).await;
    match result {
        Ok(_) => {}
        Err(TableError::Refused(message)) => {
            let message = message.to_string();
            assert!(!message.trim().is_empty(), "{command:?}: an empty refusal");
            assert!(
                message.chars().count() <= REFUSAL_CHARS,
                "{:.200?}: a refusal of {} characters",
                command,
                message.chars().count()
            );
            assert!(
                bytes <= REFUSAL_BYTES,
                "{:.200?}: the refusal allocated {bytes} bytes",
                command
            );
            // The fastest of three tries: one slow try is the machine, three are the work.
            let mut fastest = first_time;
            for _ in 0..2 {
                fastest = fastest.min(run(table, command).await.1);
            }
            assert!(
                fastest <= REFUSAL_TIME,
                "{:.200?}: the refusal took {fastest:?}",
                command
            );
        }
        Err(TableError::Internal(e)) => panic!("{command:.200?}: internal error {e}"),
    }
}

/// Every key a `/new` or `turnpost local --option` accepts for `game`, plus an unknown one.
fn option_keys(game: &str) -> Vec<String> {
    let info = registry::find(game).unwrap();
    let mut keys: Vec<String> = info.options.iter().map(|o| o.key.to_string()).collect();
    keys.extend(
        [
            "deadline",
            "on_timeout",
            "rated",
            "ai",
            "ai_level",
            "players",
            "nonsense",
        ]
        .map(String::from),
    );
    keys
}

fn create(game: &str, options: Vec<(String, String)>, players: Option<usize>) -> Command {
    Command::Create {
        game: game.into(),
        options,
        players,
        seats: Vec::new(),
        seed: None,
    }
}

#[test]
fn every_option_key_with_every_extreme_value_is_answered_in_words() {
    serial(async {
        let table = table().await;
        for info in registry::games() {
            for key in option_keys(info.name) {
                for value in words() {
                    let command = create(info.name, vec![(key.clone(), value)], None);
                    answered_in_words(&table, &command).await;
                }
            }
            // The choices a game defines are accepted as they are.
            for spec in &info.options {
                if let OptionKind::Choice(choices) = &spec.kind {
                    for c in choices {
                        let command = create(
                            info.name,
                            vec![(spec.key.to_string(), c.value.to_string())],
                            None,
                        );
                        answered_in_words(&table, &command).await;
                    }
                }
            }
        }
    });
}

#[test]
fn the_ai_count_that_killed_the_bot_is_refused_at_once_with_its_range() {
    serial(async {
        let table = table().await;
        for count in ["8000", "18446744073709551615", "100000000000", "-1", "4"] {
            let command = create("rtta", vec![("ai".into(), count.into())], None);
            let (result, _, bytes) = run(&table, &command).await;
            let Err(TableError::Refused(message)) = result else {
                panic!("ai={count} accepted: {result:?}");
            };
            let message = message.to_string();
            assert!(message.contains("0 to 3"), "{message}");
            assert!(bytes < REFUSAL_BYTES, "ai={count}: {bytes} bytes");
        }
        // A table of Roll Through the Ages takes up to three AI seats beside its creator.
        let (result, _, _) = run(
            &table,
            &create("rtta", vec![("ai".into(), "3".into())], None),
        )
        .await;
        let reply = result.unwrap();
        assert!(format!("{reply:?}").contains("AI"), "{reply:?}");
    });
}

/// A slash command's options (`[{name, type, value}]`) as Discord sends them.
fn data_options(json: Value) -> Vec<CommandDataOption> {
    serde_json::from_value(json).unwrap()
}

/// Every option of every registered command (subcommands' options under their
/// subcommand), with its type: (command, subcommand, option name, option type).
fn slash_options() -> Vec<(String, Option<String>, String, u64)> {
    let mut out = Vec::new();
    for def in definitions() {
        let def = serde_json::to_value(&def).unwrap();
        let name = def["name"].as_str().unwrap().to_string();
        for o in def["options"].as_array().cloned().unwrap_or_default() {
            let kind = o["type"].as_u64().unwrap();
            if kind == 1 {
                let sub = o["name"].as_str().unwrap().to_string();
                for inner in o["options"].as_array().cloned().unwrap_or_default() {
                    out.push((
                        name.clone(),
                        Some(sub.clone()),
                        inner["name"].as_str().unwrap().to_string(),
                        inner["type"].as_u64().unwrap(),
                    ));
                }
            } else {
                out.push((
                    name.clone(),
                    None,
                    o["name"].as_str().unwrap().to_string(),
                    kind,
                ));
            }
        }
    }
    out
}

/// The options payload of one slash option set to `value`.
fn payload(sub: &Option<String>, name: &str, kind: u64, value: Value) -> Value {
    let option = json!({"name": name, "type": kind, "value": value});
    match sub {
        Some(sub) => json!([{"name": sub, "type": 1, "options": [option]}]),
        None => json!([option]),
    }
}

/// What a slash command with these options answers: refused at the edge in words, or a
/// table command answered in words.
async fn slash_answered_in_words(table: &Table, command: &str, options: Value) {
    match invocation(command, &data_options(options.clone())) {
        Err(message) => {
            let message = message.to_string();
            assert!(!message.trim().is_empty(), "/{command} {options:.200}");
            assert!(
                message.chars().count() <= REFUSAL_CHARS,
                "/{command}: {} characters",
                message.chars().count()
            );
        }
        Ok(Invocation::Table(c)) => answered_in_words(table, &c).await,
        Ok(_) => {}
    }
}

#[test]
fn every_slash_option_with_every_extreme_value_is_answered_in_words() {
    serial(async {
        let table = table().await;
        let options = slash_options();
        assert!(options.len() > 30, "{} options found", options.len());
        for (command, sub, name, kind) in &options {
            let values: Vec<Value> = match kind {
                // Integer
                4 => INTEGERS.iter().map(|&i| json!(i)).collect(),
                // Boolean
                5 => vec![json!(true), json!(false)],
                // User
                6 => vec![json!("1"), json!("18446744073709551615")],
                // Number
                10 => vec![json!(-1e300), json!(0.5), json!(1e300)],
                // String and anything else
                _ => words().into_iter().map(Value::String).collect(),
            };
            for value in values {
                slash_answered_in_words(&table, command, payload(sub, name, *kind, value)).await;
            }
        }
    });
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("TURNPOST_PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(48u32)
            .max(48),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Random values, random keys and random counts: always an answer in words.
    #[test]
    fn random_options_and_counts_are_answered_in_words(
        game in 0..registry::games().len(),
        key in 0usize..16,
        value in prop_oneof![
            any::<i64>().prop_map(|i| i.to_string()),
            any::<u128>().prop_map(|i| i.to_string()),
            "\\PC{0,80}",
            "[a-z_=0-9 ]{0,40}",
        ],
        players in prop_oneof![Just(None), any::<usize>().prop_map(Some), (0usize..20).prop_map(Some)],
        integer in any::<i64>(),
    ) {
        serial(async {
            let table = table().await;
            let info = &registry::games()[game];
            let keys = option_keys(info.name);
            let key = keys[key % keys.len()].clone();
            answered_in_words(&table, &create(info.name, vec![(key, value.clone())], players)).await;
            for (command, sub, name, kind) in slash_options() {
                let v = match kind {
                    4 => json!(integer),
                    5 => json!(integer % 2 == 0),
                    6 => json!(integer.unsigned_abs().to_string()),
                    10 => json!(integer as f64),
                    _ => Value::String(value.clone()),
                };
                slash_answered_in_words(&table, &command, payload(&sub, &name, kind, v)).await;
            }
        });
    }
}

/// `turnpost local` with absurd seat counts: refused in words before anything is written,
/// never an overflow.
#[test]
fn the_terminal_refuses_absurd_seat_counts_in_words() {
    serial(async {
        let dir = tempfile::tempdir().unwrap();
        for (players, ai) in [
            (3, "18446744073709551615"),
            (usize::MAX, "2"),
            (usize::MAX, "0"),
            (0, "1"),
            (2, "-1"),
            (3, "2"),
        ] {
            let db = dir.path().join(format!("local-{players}-{ai}.db"));
            let opts = LocalOptions {
                game: "rtta".into(),
                players,
                seed: None,
                options: vec![("ai".into(), ai.into())],
                db: Some(db.clone()),
                out: dir.path().join("pictures"),
                new: false,
                lang: turnpost_core::words::Lang::En,
            };
            let mut out = Vec::new();
            let result = play(&opts, Arc::new(NoImages), &mut &b""[..], &mut out).await;
            let Err(message) = result else {
                panic!("{players} players and ai={ai} accepted");
            };
            assert!(
                message.contains("players") || message.contains("AI seats"),
                "{message}"
            );
            assert!(message.chars().count() <= REFUSAL_CHARS, "{message}");
            assert!(
                !db.exists(),
                "nothing is written for a refused table: {message}"
            );
        }
        // One person and one AI seat is a table.
        let opts = LocalOptions {
            game: "pandoria".into(),
            players: 1,
            seed: Some(turnpost_core::Seed::from_u64(3)),
            options: vec![("ai".into(), "1".into())],
            db: None,
            out: dir.path().join("pictures"),
            new: false,
            lang: turnpost_core::words::Lang::En,
        };
        let mut out = Vec::new();
        play(&opts, Arc::new(NoImages), &mut &b"quit\n"[..], &mut out)
            .await
            .unwrap();
    });
}

/// `turnpost replay` of a record or a scenario with a 20 MB line answers in a sentence:
/// the line is never quoted whole (it was quoted three times, 60 MB of error).
#[test]
fn a_huge_line_in_a_record_or_a_scenario_is_never_echoed_whole() {
    let _one_at_a_time = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    use turnpost_bot::record::{FORMAT, Record, RecordSeat, RecordedAction, replay};
    let huge = format!("castle B{}", "8".repeat(20_000_000));
    let seat = |seat: u8| RecordSeat {
        seat,
        name: format!("P{seat}"),
        user: u64::from(seat) + 1,
        resigned: false,
    };
    let record = Record {
        format: FORMAT.into(),
        game: "pandoria".into(),
        options: Vec::new(),
        seats: vec![seat(0), seat(1)],
        status: "finished".into(),
        seed: Some("00".repeat(32)),
        actions: vec![RecordedAction {
            seq: 1,
            seat: 0,
            notation: huge.clone(),
            at: 0,
        }],
        final_state: None,
        scores: None,
    };
    let Err(message) = replay(&record) else {
        panic!("a 20 MB action replayed");
    };
    assert!(message.chars().count() <= REFUSAL_CHARS, "{:.300}", message);
    assert!(message.contains("action 1"), "{message}");
    // A wrong format is quoted briefly too.
    let forged = Record {
        format: "x".repeat(1_000_000),
        ..record
    };
    let message = replay(&forged).err().unwrap();
    assert!(message.chars().count() <= REFUSAL_CHARS, "{:.300}", message);

    let scenario = format!("game: rtta\nplayers: 2\nseed: 1\n{huge}\n");
    let error = turnpost_core::scenario::run(&scenario)
        .err()
        .unwrap()
        .to_string();
    assert!(error.chars().count() <= REFUSAL_CHARS, "{:.300}", error);
    assert!(error.starts_with("line 4"), "{error}");
}

/// What a player types into autocomplete is bounded too: a 6,000-character text (Discord's
/// most for an option) matches nothing, at once, and is never quoted whole.
#[test]
fn a_huge_autocomplete_text_matches_nothing_and_costs_little() {
    serial(async {
        let table = table().await;
        let anna = fresh_caller();
        table
            .handle(
                &anna,
                Command::Create {
                    game: "pandoria".into(),
                    options: Vec::new(),
                    players: None,
                    seats: vec![(1, "Anna".into()), (2, "Bert".into())],
                    seed: Some(turnpost_core::Seed::from_u64(4)),
                },
            )
            .await
            .unwrap();
        let first = table.suggest(&anna, "", 5).await.unwrap();
        assert!(!first.is_empty(), "Anna has legal actions");
        let huge = "d7 ".repeat(2_000);
        let bytes = allocated();
        assert!(table.suggest(&anna, &huge, 25).await.unwrap().is_empty());
        let answer = table.autocomplete(&anna, &huge, 25).await.unwrap();
        assert!(allocated() - bytes < REFUSAL_BYTES);
        assert_eq!(answer.len(), 1, "one line saying why: {answer:?}");
        assert!(
            answer[0].label.to_string().chars().count() <= 100,
            "{answer:?}"
        );
    });
}
