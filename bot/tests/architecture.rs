//! The arrows of `shared/ARCHITECTURE.md` that the compiler does not enforce: the Discord
//! adapter talks to the table only (never to the store), and the table never reaches into
//! a front end (the command line, the terminal, Discord).

use std::path::{Path, PathBuf};

fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// Lines of the files under `dir` that contain any of `forbidden` (comments included: a
/// comment naming the store is fine to reword).
fn offenders(dir: &str, forbidden: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let files = sources(&root);
    assert!(!files.is_empty(), "no sources under {}", root.display());
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if forbidden.iter().any(|f| line.contains(f)) {
                out.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    out
}

#[test]
fn the_discord_adapter_talks_to_the_table_only() {
    let found = offenders("src/discord", &["crate::store", ".store()", "Store::"]);
    assert!(
        found.is_empty(),
        "the adapter reaches the store:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_table_reaches_into_no_front_end() {
    let found = offenders(
        "src/table",
        &["crate::cli", "crate::discord", "crate::local", "serenity"],
    );
    assert!(
        found.is_empty(),
        "the table depends on a front end:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_what_it_looks_for() {
    // The scan is not vacuous: the table itself does use the store.
    assert!(!offenders("src/table", &["crate::store"]).is_empty());
}
