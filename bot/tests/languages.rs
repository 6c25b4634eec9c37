//! Whose language (issue 30), through the table service on a real store: a German and an
//! English player at one table each read their own answers and DMs in their language and
//! the same public message in the server's; `/settings language:` wins over the Discord
//! locale; only moderators set the server's language (`/league language:`); the outbox keeps
//! its rows typed and makes them text in the reader's language when it delivers, rows written
//! before typed words included. `languages_postgres.rs` runs the same tests on PostgreSQL.

#[path = "support/postgres.rs"]
mod pg;

use std::sync::Arc;

use turnpost_bot::outbox::Message;
use turnpost_bot::store::{DeliveryKind, DeliveryRow, NewDelivery};
use turnpost_bot::table::{
    Answer, Caller, Command, NoImages, Reply, Request, Seeds, Table, TableError, TableSettings,
};
use turnpost_core::t;
use turnpost_core::words::Lang;

const GUILD: u64 = 9;
const CHANNEL: u64 = 700;
/// Anna reads German (her client's locale), Bert English.
const ANNA: u64 = 1;
const BERT: u64 = 2;

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: ["Anna", "Bert", "Cleo"][(user as usize - 1) % 3].to_string(),
        guild: Some(GUILD),
        channel: CHANNEL,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

/// The Discord locale of each player's client.
fn locale(user: u64) -> &'static str {
    if user == ANNA { "de" } else { "en-US" }
}

async fn table_at(path: &std::path::Path) -> Table {
    let store = pg::store_at(path).await;
    let settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(1)),
        ..TableSettings::default()
    };
    Table::new(store, Arc::new(NoImages), settings)
}

/// What a front end sends for one thing `who` did: their client's locale and the server's
/// preferred one (`guild_locale`).
async fn ask(table: &Table, who: &Caller, command: Command, guild_locale: &str) -> Answer {
    table
        .interact(
            who,
            Request {
                command: Some(command),
                locale: Some(locale(who.user).into()),
                guild_locale: Some(guild_locale.into()),
                ..Request::default()
            },
        )
        .await
}

/// The caller's answer in the caller's language, as the front end shows it.
fn answer_text(answer: &Answer) -> String {
    let reply: &Reply = answer.reply.as_ref().expect("an answer");
    answer
        .lang
        .render(&reply.ephemeral.as_ref().expect("for the caller").text)
}

/// The refusal in `lang`.
fn refusal(answer: &Answer, lang: Lang) -> String {
    match &answer.reply {
        Err(TableError::Refused(m)) => lang.render(m),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The rows the outbox would deliver now, each with its words as its courier sends them.
async fn deliveries(table: &Table) -> Vec<(DeliveryRow, String)> {
    table
        .store()
        .pending_deliveries(10_000)
        .await
        .unwrap()
        .into_iter()
        .map(|row| {
            let message = Message::from_body(&row.body).unwrap();
            let words = message.words(row.lang);
            (row, words)
        })
        .collect()
}

/// Anna (German) and Bert (English) sit down at a Pandoria table on a server whose
/// preferred locale is `guild_locale`; Bert's language as his first answer read.
async fn two_languages_at_one_table(table: &Table, guild_locale: &str) -> Lang {
    // Bert has used the bot before, from his English client.
    let hello = ask(table, &caller(BERT), Command::MyTurns, guild_locale).await;
    let create = Command::Create {
        game: "pandoria".into(),
        options: vec![],
        players: None,
        seats: vec![(ANNA, "Anna".into()), (BERT, "Bert".into())],
        seed: None,
    };
    let opened = ask(table, &caller(ANNA), create, guild_locale).await;
    assert_eq!(opened.lang, Lang::De);
    assert!(opened.reply.is_ok(), "{:?}", opened.reply);
    hello.lang
}

#[tokio::test]
async fn a_german_and_an_english_player_read_their_own_dms_and_one_public_message() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db")).await;
    // The server's preferred locale is German: its channels read German.
    assert_eq!(two_languages_at_one_table(&table, "de").await, Lang::En);
    assert_eq!(table.server_language(Some(GUILD), None).await, Lang::De);
    let rows = deliveries(&table).await;
    let public: Vec<&(DeliveryRow, String)> = rows
        .iter()
        .filter(|(r, _)| r.kind == DeliveryKind::Channel)
        .collect();
    assert!(!public.is_empty());
    for (row, words) in &public {
        assert_eq!(row.lang, Lang::De, "{words}");
    }
    let turn = &public.last().unwrap().1;
    assert!(turn.contains(" ist am Zug: "), "{turn}");
    assert!(turn.contains("Pandoria beginnt: "), "{turn}");
    assert!(!turn.contains(" to play: "), "{turn}");
    // Each player's DM reads in their own language.
    let dm_lang = |user: u64| {
        let langs: Vec<Lang> = rows
            .iter()
            .filter(|(r, _)| r.kind == DeliveryKind::Dm && r.target == user)
            .map(|(r, _)| r.lang)
            .collect();
        assert!(!langs.is_empty(), "no DM to {user}");
        langs
    };
    assert!(dm_lang(ANNA).iter().all(|l| *l == Lang::De));
    assert!(dm_lang(BERT).iter().all(|l| *l == Lang::En));
    // The same question, each answered in the asker's language.
    let anna = ask(&table, &caller(ANNA), Command::Board, "de").await;
    let bert = ask(&table, &caller(BERT), Command::Board, "de").await;
    assert!(
        answer_text(&anna).contains(" ist am Zug: "),
        "{}",
        answer_text(&anna)
    );
    assert!(
        answer_text(&bert).contains(" to play: "),
        "{}",
        answer_text(&bert)
    );
    // The log reads in the reader's language (nothing is final yet).
    let anna_log = answer_text(&ask(&table, &caller(ANNA), Command::Log { page: 1 }, "de").await);
    let bert_log = answer_text(&ask(&table, &caller(BERT), Command::Log { page: 1 }, "de").await);
    assert_eq!(bert_log, "Nothing has happened yet.");
    assert_eq!(anna_log, Lang::De.render(&t!("bot-nothing-happened")));
    assert_ne!(anna_log, bert_log);
}

#[tokio::test]
async fn an_english_server_posts_in_english_while_its_german_player_reads_german() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db")).await;
    two_languages_at_one_table(&table, "en-US").await;
    let rows = deliveries(&table).await;
    let (row, turn) = rows
        .iter()
        .rfind(|(r, _)| r.kind == DeliveryKind::Channel)
        .unwrap();
    assert_eq!(row.lang, Lang::En);
    assert!(turn.contains(" to play: "), "{turn}");
    assert!(turn.contains("Pandoria begins: "), "{turn}");
    assert!(
        rows.iter()
            .filter(|(r, _)| r.kind == DeliveryKind::Dm && r.target == ANNA)
            .all(|(r, _)| r.lang == Lang::De)
    );
}

#[tokio::test]
async fn the_settings_language_wins_over_the_discord_locale() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db")).await;
    // Bert's client is English; he chooses German.
    let set = ask(
        &table,
        &caller(BERT),
        Command::Language {
            language: Some(Lang::De),
        },
        "en-US",
    )
    .await;
    assert_eq!(set.lang, Lang::De);
    let chosen = t!("bot-language-yours", language = Lang::De.name());
    assert_eq!(answer_text(&set), Lang::De.render(&chosen));
    assert_ne!(Lang::De.render(&chosen), Lang::En.render(&chosen));
    assert_eq!(
        table.language_for(BERT, Some("en-US")).await,
        Lang::De,
        "the choice wins over the client's locale"
    );
    let later = ask(&table, &caller(BERT), Command::MyTurns, "en-US").await;
    assert_eq!(later.lang, Lang::De);
    assert_eq!(
        answer_text(&later),
        Lang::De.render(&t!("bot-my-turns-none"))
    );
    // His DMs follow the choice too.
    assert_eq!(two_languages_at_one_table(&table, "en-US").await, Lang::De);
    assert!(
        deliveries(&table)
            .await
            .iter()
            .filter(|(r, _)| r.kind == DeliveryKind::Dm && r.target == BERT)
            .all(|(r, _)| r.lang == Lang::De)
    );
    // Without a choice his client's locale decides again.
    let back = ask(
        &table,
        &caller(BERT),
        Command::Language { language: None },
        "en-US",
    )
    .await;
    assert_eq!(back.lang, Lang::En);
    assert_eq!(
        answer_text(&back),
        "I now speak with you in your Discord language."
    );
    assert_eq!(table.language_for(BERT, Some("en-GB")).await, Lang::En);
    // Nobody known and no locale: English.
    assert_eq!(table.language_for(77, None).await, Lang::En);
    // The locale last seen speaks for a person when a DM goes out later.
    assert_eq!(table.language_for(ANNA, None).await, Lang::De);
}

#[tokio::test]
async fn only_moderators_set_the_servers_language() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db")).await;
    let german = Command::ServerLanguage {
        language: Some(Lang::De),
    };
    let refused = ask(&table, &caller(BERT), german.clone(), "en-US").await;
    assert_eq!(
        refusal(&refused, Lang::En),
        "Only moderators (Manage Messages) can change the league settings."
    );
    assert_eq!(
        refusal(&refused, Lang::De),
        "Nur Moderatoren (Nachrichten verwalten) können die Einstellungen der Liga ändern."
    );
    assert_eq!(
        table.server_language(Some(GUILD), Some("en-US")).await,
        Lang::En
    );
    let moderator = Caller {
        moderator: true,
        ..caller(BERT)
    };
    let set = ask(&table, &moderator, german, "en-US").await;
    assert_eq!(
        answer_text(&set),
        "This server's channels now read the games in Deutsch."
    );
    // The moderators' choice wins over the server's preferred locale.
    assert_eq!(
        table.server_language(Some(GUILD), Some("en-US")).await,
        Lang::De
    );
    two_languages_at_one_table(&table, "en-US").await;
    let rows = deliveries(&table).await;
    assert!(
        rows.iter()
            .filter(|(r, _)| r.kind == DeliveryKind::Channel)
            .all(|(r, _)| r.lang == Lang::De)
    );
    // /league shows it; outside a server there is no server language to set.
    let shown = answer_text(
        &ask(
            &table,
            &caller(BERT),
            Command::League {
                deadline: None,
                on_timeout: None,
                rated: None,
                ai_rated: None,
                vacation_days: None,
            },
            "en-US",
        )
        .await,
    );
    assert!(shown.ends_with("Language: Deutsch."), "{shown}");
    let elsewhere = Caller {
        guild: None,
        ..moderator
    };
    let none = ask(
        &table,
        &elsewhere,
        Command::ServerLanguage { language: None },
        "en-US",
    )
    .await;
    assert!(
        refusal(&none, Lang::En).starts_with("League settings belong to a server"),
        "{}",
        refusal(&none, Lang::En)
    );
    assert_eq!(table.server_language(None, Some("de")).await, Lang::En);
}

#[tokio::test]
async fn outbox_rows_stay_typed_and_old_plain_rows_still_deliver() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db")).await;
    // Anna's German is known from her client.
    assert_eq!(table.language_for(ANNA, Some("de")).await, Lang::De);
    // A DM written before typed words: its text a plain string.
    let old = NewDelivery {
        kind: DeliveryKind::Dm,
        target: ANNA,
        channel_id: CHANNEL,
        body: r#"{"text":"Your tile: forest 2"}"#.into(),
        images: Vec::new(),
    };
    table.store().queue(&[old]).await.unwrap();
    let rows = deliveries(&table).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].0.lang, Lang::De);
    assert_eq!(rows[0].1, "Your tile: forest 2", "words shown as given");
    // A new row keeps its words typed: the body holds ids, not English.
    two_languages_at_one_table(&table, "en-US").await;
    let rows = deliveries(&table).await;
    let (turn, english) = rows
        .iter()
        .rfind(|(r, _)| r.kind == DeliveryKind::Channel)
        .unwrap();
    assert!(turn.body.contains(r#""id":"bot-to-play""#), "{}", turn.body);
    assert!(english.contains(" to play: "), "{english}");
    let message = Message::from_body(&turn.body).unwrap();
    assert!(message.words(Lang::De).contains(" ist am Zug: "));
}
