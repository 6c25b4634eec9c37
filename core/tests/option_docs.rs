//! The option documentation cannot drift from the registry (issue 28): the README's "Game
//! options" section is generated from every game's option schema (this test compares it;
//! `TURNPOST_REGEN_DOCS=1` rewrites it on purpose), and `docs/notation.md`'s options table
//! names every option key and value of both games.

use std::path::PathBuf;

use turnpost_core::registry::{OptionKind, games};

const BEGIN: &str = "<!-- options: generated from the registry by core/tests/option_docs.rs -->";
const END: &str = "<!-- options: end -->";

fn repo(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

/// The README's section: every option of every game with its values and default.
fn generated() -> String {
    let mut out = vec![
        BEGIN.to_string(),
        String::new(),
        "Game options, for `turnpost local GAME --option key=value` (repeatable) and".to_string(),
        "`/new … options:key=value` (the main ones are also choices of `/new`). Keys and values"
            .to_string(),
        "may be written with `-` for `_`, in any case; `turnpost local` prints the options it"
            .to_string(),
        "plays with and refuses an unknown key or value in words.".to_string(),
    ];
    for info in games() {
        out.push(String::new());
        out.push(format!("**{}** (`{}`):", info.title, info.name));
        out.push(String::new());
        if info.options.is_empty() {
            out.push("- no options".to_string());
        }
        for spec in &info.options {
            let default = info
                .defaults
                .iter()
                .find(|(k, _)| *k == spec.key)
                .and_then(|(_, d)| d.clone());
            let values = match &spec.kind {
                OptionKind::Choice(choices) => choices
                    .iter()
                    .map(|c| {
                        let mark = if default.as_deref() == Some(c.value) {
                            " (the default)"
                        } else {
                            ""
                        };
                        format!("`{}`: {}{mark}", c.value, c.label)
                    })
                    .collect::<Vec<_>>()
                    .join("; "),
                OptionKind::Flag => format!(
                    "`true` or `false` (default `{}`)",
                    default.as_deref().unwrap_or("false")
                ),
            };
            out.push(format!("- `{}` — {}: {values}", spec.key, spec.label));
        }
    }
    out.push(String::new());
    out.push(END.to_string());
    out.join("\n")
}

#[test]
fn the_readme_documents_every_option_and_value() {
    let path = repo("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let (Some(start), Some(end)) = (readme.find(BEGIN), readme.find(END)) else {
        panic!("README.md has no generated options section ({BEGIN} … {END})");
    };
    let section = &readme[start..end + END.len()];
    let want = generated();
    if section != want && std::env::var("TURNPOST_REGEN_DOCS").is_ok() {
        let updated = readme.replace(section, &want);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    assert_eq!(
        section, want,
        "README.md's options section is out of date: run TURNPOST_REGEN_DOCS=1 cargo test -p turnpost-core --test option_docs"
    );
}

#[test]
fn the_notation_options_table_names_every_option_and_value() {
    let notation = std::fs::read_to_string(repo("docs/notation.md")).unwrap();
    let table = notation
        .split("## Options")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("docs/notation.md has an Options section");
    for info in games() {
        for spec in &info.options {
            let row = table
                .lines()
                .find(|l| l.starts_with(&format!("| {} | `{}` |", info.name, spec.key)))
                .unwrap_or_else(|| panic!("no row for {} {}", info.name, spec.key));
            let values: Vec<&str> = match &spec.kind {
                OptionKind::Choice(choices) => choices.iter().map(|c| c.value).collect(),
                OptionKind::Flag => vec!["true", "false"],
            };
            for value in values {
                assert!(
                    row.contains(&format!("`{value}`")),
                    "{} {}: {value} is missing from {row}",
                    info.name,
                    spec.key
                );
            }
        }
    }
}
