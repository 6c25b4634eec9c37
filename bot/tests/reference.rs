//! The references through the table service (issue 28): `/rules` for every game and topic,
//! `/card`, `/realm` and `/development` by English and German names and ids with their
//! autocomplete, the panel's **What does it do?**, and each player's realm in their first
//! message.

use std::sync::Arc;

use turnpost_bot::store::Store;
use turnpost_bot::table::{
    Caller, Command, NoImages, Reply, Seeds, Table, TableError, TableSettings,
};
use turnpost_core::reference::Lookup;
use turnpost_core::registry;
use turnpost_core::words::Lang;

const CHANNEL: u64 = 600;

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

async fn table() -> (Table, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.db")).await.unwrap();
    let settings = TableSettings {
        seeds: Arc::new(Seeds::sequence(1)),
        ..TableSettings::default()
    };
    (Table::new(store, Arc::new(NoImages), settings), dir)
}

fn answer(r: Result<Reply, TableError>) -> String {
    match r {
        Ok(reply) => reply
            .ephemeral
            .expect("an answer for the caller")
            .text
            .to_string(),
        Err(e) => panic!("refused: {e:?}"),
    }
}

fn refused(r: Result<Reply, TableError>) -> String {
    match r {
        Err(TableError::Refused(m)) => m.to_string(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn rules_explain_every_topic_of_every_game() {
    let (table, _dir) = table().await;
    for info in registry::games() {
        assert!(info.topics.len() >= 5, "{} has few topics", info.name);
        for topic in &info.topics {
            let text = answer(
                table
                    .handle(
                        &caller(1),
                        Command::Rules {
                            game: Some(info.name.into()),
                            topic: Some(topic.key.into()),
                        },
                    )
                    .await,
            );
            assert!(
                text.contains(&topic.title.to_string()) && text.contains(info.title),
                "{text}"
            );
            assert!(text.chars().count() <= 2000);
            // The others are named, so a reader finds them.
            let other = info.topics.iter().find(|t| t.key != topic.key).unwrap();
            assert!(text.contains(other.key), "{text}");
            // Autocomplete sends `game:key`; it reads the same.
            let chosen = answer(
                table
                    .handle(
                        &caller(1),
                        Command::Rules {
                            game: None,
                            topic: Some(format!("{}:{}", info.name, topic.key)),
                        },
                    )
                    .await,
            );
            assert_eq!(chosen, text);
        }
    }
    // The topics the issue asks for, by key.
    let keys = |name: &str| -> Vec<&str> {
        registry::find(name)
            .unwrap()
            .topics
            .iter()
            .map(|t| t.key)
            .collect()
    };
    for key in [
        "turn",
        "scoring",
        "market",
        "monuments",
        "end",
        "modes",
        "expansions",
    ] {
        assert!(keys("pandoria").contains(&key), "pandoria {key}");
    }
    for key in [
        "dice",
        "feeding",
        "disasters",
        "developments",
        "monuments",
        "end",
        "variants",
    ] {
        assert!(keys("rtta").contains(&key), "rtta {key}");
    }
    // Without a game the channel's (none here: the first game) is explained.
    let first = answer(
        table
            .handle(
                &caller(1),
                Command::Rules {
                    game: None,
                    topic: None,
                },
            )
            .await,
    );
    assert!(first.contains(registry::games()[0].title), "{first}");
    let e = refused(
        table
            .handle(
                &caller(1),
                Command::Rules {
                    game: Some("rtta".into()),
                    topic: Some("chess".into()),
                },
            )
            .await,
    );
    assert!(e.contains("chess") && e.contains("`dice`"), "{e}");
    let topics = table.topic_suggestions(Lang::En, Some("rtta"), "dis", 25);
    assert_eq!(topics[0].value, "rtta:disasters");
    assert!(table.topic_suggestions(Lang::En, None, "", 25).len() >= 10);
}

#[tokio::test]
async fn card_realm_and_development_answer_in_english_and_german() {
    let (table, _dir) = table().await;
    let look = |lookup: Lookup, name: &str| Command::Reference {
        lookup,
        name: name.into(),
    };
    let cases = [
        (Lookup::Card, "Rage ×2", "counts twice"),
        (Lookup::Card, "Wut", "Rage"),
        (Lookup::Card, "gewölbe", "Vault"),
        (Lookup::Card, "Zimmermann", "Carpenter"),
        (Lookup::Card, "relic", "artifacts"),
        (Lookup::Card, "monument", "8 wood"),
        (Lookup::Realm, "elves", "move"),
        (Lookup::Realm, "Elfen", "Elves"),
        (Lookup::Realm, "Geister der Ältesten", "haunt"),
        (Lookup::Realm, "mages", "Second edition"),
        (Lookup::Development, "Landwirtschaft", "Agriculture"),
        (Lookup::Development, "irrigation", "Drought"),
        (Lookup::Development, "Große Mauer", "Invasion"),
        (Lookup::Development, "revolt", "goods"),
    ];
    for (lookup, name, expect) in cases {
        let text = answer(table.handle(&caller(1), look(lookup, name)).await);
        assert!(text.contains(expect), "{name}: {text}");
        assert!(text.chars().count() <= 2000);
    }
    // Every realm of every set has its ability.
    for realm in [
        "humans",
        "dwarves",
        "elves",
        "mages",
        "halflings",
        "centaurs",
        "fairies",
        "goblins",
        "golems",
        "spirits",
        "nymphs",
        "hanbok",
    ] {
        let text = answer(table.handle(&caller(1), look(Lookup::Realm, realm)).await);
        assert!(text.lines().count() >= 2, "{realm}: {text}");
    }
    let e = refused(table.handle(&caller(1), look(Lookup::Card, "zebra")).await);
    assert!(e.contains("zebra") && e.contains("German"), "{e}");
    // Autocomplete: German and English names, and the value comes back to the same entry.
    let found = table.reference_suggestions(Lang::En, Lookup::Card, "Sägemühle", 25);
    assert!(
        found.iter().any(|s| s.name.contains("Saw Mill")),
        "{found:?}"
    );
    let found = table.reference_suggestions(Lang::En, Lookup::Development, "medi", 25);
    assert_eq!(found[0].value, "rtta:development:medicine");
    assert!(found.iter().all(|s| s.name.chars().count() <= 100));
    let text = answer(
        table
            .handle(&caller(1), look(Lookup::Development, &found[0].value))
            .await,
    );
    assert!(
        text.contains("Medicine") && text.contains("Pestilence"),
        "{text}"
    );
    let realms = table.reference_suggestions(Lang::En, Lookup::Realm, "", 25);
    assert_eq!(realms.len(), 12);
}

#[tokio::test]
async fn first_messages_say_what_each_realm_does_and_the_panel_explains_its_choices() {
    let (table, _dir) = table().await;
    let seats = (1..=3).map(|u| (u, caller(u).name)).collect();
    let reply = table
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
    assert_eq!(reply.private.len(), 3, "every player's first DM");
    for (user, post) in &reply.private {
        assert!(
            post.text.to_string().starts_with("You play the "),
            "{user:?}: {}",
            post.text
        );
    }
    // The player to act asks what the choices do: the card step lists spells and buildings.
    let (turn, _) = table.current_turn(&caller(1)).await.unwrap().unwrap();
    let text = answer(table.handle(&caller(turn.user), Command::Explain).await);
    assert!(
        text.contains("What your choices do") || text.contains("Nothing you can choose"),
        "{text}"
    );
    // Someone else has nothing to decide.
    let other = (1..=3).find(|&u| u != turn.user).unwrap();
    let e = refused(table.handle(&caller(other), Command::Explain).await);
    assert!(e.contains("nothing to decide"), "{e}");
    // The family game has no realms: no realm line.
    let family = Caller {
        channel: CHANNEL + 1,
        ..caller(1)
    };
    let reply = table
        .handle(
            &family,
            Command::Create {
                game: "pandoria".into(),
                options: vec![],
                players: None,
                seats: (1..=2).map(|u| (u, caller(u).name)).collect(),
                seed: None,
            },
        )
        .await
        .unwrap();
    assert!(
        reply
            .private
            .iter()
            .all(|(_, p)| !p.text.to_string().contains("You play the"))
    );
}
