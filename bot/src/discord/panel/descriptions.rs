//! Every select option of a panel that picks a card, building, spell, realm, development,
//! monument or relic says what it does (issue 28), and **What does it do?** answers for
//! everything offered: random games of each game played through the table, with every
//! panel of every decision built and checked as Discord receives it.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use super::{View, controls, with_explain};
use crate::table::{Caller, Command};
use turnpost_core::menu::Layout;
use turnpost_core::words::Lang;

fn caller(user: u64, channel: u64) -> Caller {
    Caller {
        user,
        name: ["Anna", "Bert", "Cleo", "Dora"][(user as usize - 1) % 4].to_string(),
        guild: Some(9),
        channel,
        moderator: false,
        interaction: None,
        followup: None,
    }
}

/// The select options of a panel's rows as Discord receives them: (value, description).
fn options(rows: &[serenity::all::CreateActionRow]) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for row in rows {
        let row = serde_json::to_value(row).unwrap();
        for c in row["components"].as_array().unwrap() {
            if c["type"] == 3 {
                for o in c["options"].as_array().unwrap() {
                    out.push((
                        o["value"].as_str().unwrap().to_string(),
                        o["description"].as_str().map(str::to_string),
                    ));
                }
            }
        }
    }
    out
}

fn has_explain(rows: &[serenity::all::CreateActionRow]) -> bool {
    rows.iter().any(|row| {
        let row: Value = serde_json::to_value(row).unwrap();
        row["components"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["label"] == "What does it do?")
    })
}

#[tokio::test]
async fn every_select_option_that_picks_a_component_says_what_it_does() {
    let dir = tempfile::tempdir().unwrap();
    let table = crate::table::reference::table_for_tests(&dir.path().join("t.db"), 3).await;
    type Setup<'a> = (&'a str, &'a [(&'a str, &'a str)], u64);
    let setups: [Setup; 4] = [
        ("pandoria", &[("mode", "standard")], 3),
        (
            "pandoria",
            &[
                ("mode", "standard"),
                ("realm_sets", "all"),
                ("realms", "each_chooses"),
                ("artifacts", "true"),
            ],
            4,
        ),
        ("rtta", &[], 2),
        ("rtta", &[("trade", "true")], 3),
    ];
    let (mut described, mut explained) = (0, 0);
    for (k, (game, opts, players)) in setups.into_iter().enumerate() {
        let channel = 700 + k as u64;
        let seats = (1..=players)
            .map(|u| (u, caller(u, channel).name))
            .collect();
        table
            .handle(
                &caller(1, channel),
                Command::Create {
                    game: game.into(),
                    options: opts
                        .iter()
                        .map(|(a, b)| (a.to_string(), b.to_string()))
                        .collect(),
                    players: None,
                    seats,
                    seed: None,
                },
            )
            .await
            .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
        for _ in 0..160 {
            // Past the game's end there is no game in the channel any more.
            let Ok(Some((turn, _))) = table.current_turn(&caller(1, channel)).await else {
                break;
            };
            let who = caller(turn.user, channel);
            let menu = table.menu(&who).await.unwrap().unwrap();
            let detail_of = |value: &str| {
                menu.choices
                    .iter()
                    .find(|c| c.notation == value)
                    .and_then(|c| c.detail.clone())
            };
            // The panel from the top and every group it opens.
            let mut views = vec![View::Top(0)];
            if let Layout::Grouped { groups, .. } = &menu.layout {
                views.extend(groups.iter().map(|g| View::Group(g.key.clone())));
            }
            for view in views {
                let mut panel = controls(turn.game_id, turn.version, &menu, &view, Lang::En);
                with_explain(&mut panel.rows, turn.game_id, turn.version, &menu, Lang::En);
                assert!(panel.rows.len() <= 5);
                for (value, description) in options(&panel.rows) {
                    if let Some(d) = &description {
                        assert!(d.chars().count() <= 100, "{value}: {d}");
                    }
                    if let Some(detail) = detail_of(&value) {
                        assert_eq!(
                            description.as_deref(),
                            Some(detail.to_string().as_str()),
                            "{value}"
                        );
                        described += 1;
                    }
                    // A group of a card's plays or a development's payments names what
                    // its first choice does.
                    if let Some(g) = menu.group(&value)
                        && let Some(first) = g.members.iter().find_map(|&i| {
                            menu.choices[i].detail.as_ref().map(|d| Lang::En.render(d))
                        })
                    {
                        let d = description.as_deref().unwrap_or_default();
                        assert!(d.contains(&first), "group {value}: {d:?} lacks {first:?}");
                        described += 1;
                    }
                }
                if menu.choices.iter().any(|c| c.detail.is_some()) && view == View::Top(0) {
                    assert!(
                        has_explain(&panel.rows),
                        "no What does it do? at {}",
                        turn.prompt
                    );
                }
            }
            if menu.choices.iter().any(|c| c.detail.is_some()) {
                let answer = table.handle(&who, Command::Explain).await.unwrap();
                let text = answer.ephemeral.unwrap().text.to_string();
                assert!(text.chars().count() <= 2000);
                let first = menu
                    .choices
                    .iter()
                    .find_map(|c| c.detail.as_ref().map(|d| Lang::En.render(d)))
                    .unwrap();
                assert!(text.contains(&first), "{text}");
                explained += 1;
            }
            let busy: Vec<&String> = menu
                .choices
                .iter()
                .map(|c| &c.notation)
                .filter(|n| *n != "pass" && *n != "done")
                .collect();
            let pick = if !busy.is_empty() && rng.random_bool(0.8) {
                busy[rng.random_range(0..busy.len())].clone()
            } else {
                menu.choices[rng.random_range(0..menu.choices.len())]
                    .notation
                    .clone()
            };
            let reply = table
                .handle(
                    &who,
                    Command::Act {
                        notation: pick.clone(),
                        version: None,
                    },
                )
                .await
                .unwrap();
            if reply.confirm.is_some() {
                table
                    .handle(
                        &who,
                        Command::ActAnyway {
                            notation: pick,
                            version: None,
                        },
                    )
                    .await
                    .unwrap();
            }
        }
    }
    eprintln!("{described} described options, {explained} explained decisions");
    assert!(described > 30, "only {described} described options");
    assert!(explained > 20, "only {explained} explained decisions");
}
