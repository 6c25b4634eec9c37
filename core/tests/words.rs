//! Every word is in the bundles (issue 29, for issue 30's translations): the `.ftl` files of
//! every layer parse, each language has the same message ids with the same variables, every
//! `t!("id", name = …)` in the sources names a message that exists with exactly the variables
//! it is given, and no message is left that nothing uses.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast;

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n == "target") {
                continue;
            }
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

/// Every bundle: language tag → message id → (variables, messages it references, file).
type Bundles = BTreeMap<String, BTreeMap<String, Message>>;

#[derive(Debug, Default)]
struct Message {
    variables: BTreeSet<String>,
    references: BTreeSet<String>,
    file: String,
}

fn expression(e: &ast::Expression<&str>, m: &mut Message) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline(selector, m);
            for v in variants {
                pattern(&v.value, m);
            }
        }
        ast::Expression::Inline(i) => inline(i, m),
    }
}

fn inline(e: &ast::InlineExpression<&str>, m: &mut Message) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            m.variables.insert(id.name.to_string());
        }
        ast::InlineExpression::MessageReference { id, .. } => {
            m.references.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline(a, m);
            }
            for a in &arguments.named {
                inline(&a.value, m);
            }
        }
        ast::InlineExpression::Placeable { expression: e } => expression(e, m),
        _ => {}
    }
}

fn pattern(p: &ast::Pattern<&str>, m: &mut Message) {
    for element in &p.elements {
        if let ast::PatternElement::Placeable { expression: e } = element {
            expression(e, m);
        }
    }
}

/// The bundles under `<layer>/locales/<lang>/*.ftl` and the test-only game's.
fn bundles() -> (Bundles, Vec<String>) {
    let mut found = Vec::new();
    for layer in ["core", "render", "bot"] {
        files(&root().join(layer).join("locales"), "ftl", &mut found);
    }
    files(&root().join("core/tests/support"), "ftl", &mut found);
    let mut bundles = Bundles::new();
    let mut problems = Vec::new();
    for path in found {
        let text = std::fs::read_to_string(&path).unwrap();
        let rel = path.strip_prefix(root()).unwrap().display().to_string();
        // `<layer>/locales/<lang>/x.ftl`; the test game's file is English.
        let lang = path
            .parent()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().to_string())
            .filter(|n| n.len() <= 5 && n != "support")
            .unwrap_or_else(|| "en".into());
        let resource = match fluent_syntax::parser::parse(text.as_str()) {
            Ok(r) => r,
            Err((r, errors)) => {
                problems.push(format!("{rel}: {errors:?}"));
                r
            }
        };
        for entry in &resource.body {
            match entry {
                ast::Entry::Message(msg) => {
                    let mut m = Message {
                        file: rel.clone(),
                        ..Message::default()
                    };
                    if let Some(v) = &msg.value {
                        pattern(v, &mut m);
                    }
                    for a in &msg.attributes {
                        pattern(&a.value, &mut m);
                    }
                    let id = msg.id.name.to_string();
                    if let Some(old) = bundles
                        .entry(lang.clone())
                        .or_default()
                        .insert(id.clone(), m)
                    {
                        problems.push(format!("{rel}: {id} is also in {}", old.file));
                    }
                }
                ast::Entry::Junk { content } => problems.push(format!("{rel}: junk {content:?}")),
                _ => {}
            }
        }
    }
    // A message that references another one takes that one's variables too.
    for messages in bundles.values_mut() {
        let direct: BTreeMap<String, BTreeSet<String>> = messages
            .iter()
            .map(|(id, m)| (id.clone(), m.variables.clone()))
            .collect();
        for m in messages.values_mut() {
            for r in m.references.clone() {
                m.variables
                    .extend(direct.get(&r).cloned().unwrap_or_default());
            }
        }
    }
    (bundles, problems)
}

/// One `t!(…)` in the sources: its id and argument names, and where it is.
#[derive(Debug)]
struct Use {
    id: String,
    args: BTreeSet<String>,
    at: String,
}

/// Reads the `t!` uses and the `Text::dynamic(format!("prefix-{…` families in `text`.
fn uses_in(text: &str, file: &str, uses: &mut Vec<Use>, families: &mut BTreeSet<String>) {
    for (start, _) in text.match_indices("t!(") {
        // Not `format_t!(` or the like: the macro is `t!` or `crate::t!`/`turnpost_core::t!`.
        let before = text[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        // Not in a comment (the macro's documentation shows it).
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        if text[line_start..start].trim_start().starts_with("//") {
            continue;
        }
        let rest = text[start + 3..].trim_start();
        let Some(rest) = rest.strip_prefix('"') else {
            continue; // the macro's own definition
        };
        let Some(end) = rest.find('"') else { continue };
        let id = rest[..end].to_string();
        // The arguments up to the closing parenthesis at depth 0, split at depth-0 commas.
        let mut args = BTreeSet::new();
        let (mut depth, mut in_str, mut current) = (0i32, false, String::new());
        let mut chars = rest[end + 1..].chars().peekable();
        while let Some(c) = chars.next() {
            if in_str {
                if c == '\\' {
                    chars.next();
                } else if c == '"' {
                    in_str = false;
                }
                continue;
            }
            match c {
                '"' => in_str = true,
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' if depth > 0 => depth -= 1,
                ')' => break,
                ',' if depth == 0 => {
                    if let Some((name, _)) = current.split_once('=') {
                        args.insert(name.trim().to_string());
                    }
                    current.clear();
                    continue;
                }
                _ => {}
            }
            if depth == 0 {
                current.push(c);
            }
        }
        if let Some((name, _)) = current.split_once('=') {
            args.insert(name.trim().to_string());
        }
        let line = text[..start].matches('\n').count() + 1;
        uses.push(Use {
            id,
            args,
            at: format!("{file}:{line}"),
        });
    }
    for (start, _) in text.match_indices("Text::dynamic(format!(\"") {
        let rest = &text[start + "Text::dynamic(format!(\"".len()..];
        if let Some(end) = rest.find('{') {
            families.insert(rest[..end].to_string());
        }
    }
}

fn all_uses() -> (Vec<Use>, BTreeSet<String>) {
    let mut found = Vec::new();
    for dir in [
        "core/src",
        "core/tests",
        "render/src",
        "render/tests",
        "bot/src",
        "bot/tests",
    ] {
        files(&root().join(dir), "rs", &mut found);
    }
    let (mut uses, mut families) = (Vec::new(), BTreeSet::new());
    for path in found {
        // This file names ids in its own test of the reader.
        if path.ends_with("core/tests/words.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let rel = path.strip_prefix(root()).unwrap().display().to_string();
        uses_in(&text, &rel, &mut uses, &mut families);
    }
    (uses, families)
}

/// English bundles that have no German file yet: each entry must be an English file without a
/// German twin (so the list only shrinks), and the test names any other English file without one.
const NOT_YET_GERMAN: &[&str] = &[];

/// The English file a translation translates: `x/locales/de/y.ftl` → `x/locales/en/y.ftl`.
fn english_twin(file: &str, lang: &str) -> String {
    file.replace(&format!("/{lang}/"), "/en/")
}

#[test]
fn every_bundle_parses_and_every_translation_has_its_english_files_messages_and_variables() {
    let (mut bundles, problems) = bundles();
    assert_eq!(problems, Vec::<String>::new());
    // German is checked even before its first file exists.
    bundles.entry("de".into()).or_default();
    let en = &bundles["en"];
    assert!(en.len() > 10, "the English bundles: {}", en.len());
    let mut wrong = Vec::new();
    let english_files: BTreeSet<&str> = en.values().map(|m| m.file.as_str()).collect();
    for (lang, messages) in bundles.iter().filter(|(l, _)| *l != "en") {
        let translated: BTreeSet<String> = messages
            .values()
            .map(|m| english_twin(&m.file, lang))
            .collect();
        for (id, m) in messages {
            let twin = english_twin(&m.file, lang);
            match en.get(id) {
                None => wrong.push(format!("{id} is in {} but not in English", m.file)),
                Some(e) if e.file != twin => wrong.push(format!(
                    "{id} is in {} but in English in {}",
                    m.file, e.file
                )),
                Some(e) if m.variables != e.variables => wrong.push(format!(
                    "{id}: {lang} ({}) takes {:?}, English {:?}",
                    m.file, m.variables, e.variables
                )),
                Some(_) => {}
            }
        }
        for (id, e) in en {
            if translated.contains(&e.file) && !messages.contains_key(id) {
                wrong.push(format!("{id} ({}) is missing in {lang}", e.file));
            }
        }
        if lang == "de" {
            for file in &english_files {
                let listed = NOT_YET_GERMAN.contains(file);
                if translated.contains(*file) && listed {
                    wrong.push(format!("{file} has German now: take it off NOT_YET_GERMAN"));
                }
                if !translated.contains(*file) && !listed {
                    wrong.push(format!("{file} has no German file"));
                }
            }
        }
    }
    for file in NOT_YET_GERMAN {
        if !english_files.contains(file) {
            wrong.push(format!(
                "NOT_YET_GERMAN names {file}, which is no English bundle"
            ));
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
}

#[test]
fn every_t_names_a_message_with_exactly_its_variables_and_every_message_is_used() {
    let (bundles, _) = bundles();
    let en = &bundles["en"];
    let (uses, families) = all_uses();
    assert!(uses.len() > 10, "t! uses found: {}", uses.len());
    let mut wrong = Vec::new();
    for u in &uses {
        match en.get(&u.id) {
            None => wrong.push(format!("{}: no message {}", u.at, u.id)),
            Some(m) if m.variables != u.args => wrong.push(format!(
                "{}: {} takes {:?}, given {:?}",
                u.at, u.id, m.variables, u.args
            )),
            Some(_) => {}
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
    // Messages used: by a t!, by another message, by a family of run-time ids, or by the
    // reader itself (lists).
    let mut used: BTreeSet<&str> = uses.iter().map(|u| u.id.as_str()).collect();
    used.extend(
        en.values()
            .flat_map(|m| m.references.iter().map(String::as_str)),
    );
    used.extend(["words-and", "words-or", "words-comma"]);
    let orphans: Vec<&String> = en
        .keys()
        .filter(|id| !used.contains(id.as_str()))
        .filter(|id| !families.iter().any(|f| id.starts_with(f.as_str())))
        .collect();
    assert!(orphans.is_empty(), "messages nothing uses: {orphans:?}");
}

#[test]
fn the_reader_finds_ids_arguments_and_families() {
    let text = r#"
        let a = t!("rtta-rolled", dice = n, face = t!("rtta-face", n = f(1, 2)));
        let b = crate::t!("plain");
        /// t!("in-a-comment", n = 1)
        let c = format_t!("not-this");
        let d = Text::dynamic(format!("pandoria-realm-{}", r.id()));
        macro_rules! t { ($id:literal) => {} }
    "#;
    let (mut uses, mut families) = (Vec::new(), BTreeSet::new());
    uses_in(text, "x.rs", &mut uses, &mut families);
    let got: Vec<(&str, Vec<&str>)> = uses
        .iter()
        .map(|u| (u.id.as_str(), u.args.iter().map(String::as_str).collect()))
        .collect();
    assert_eq!(
        got,
        [
            ("rtta-rolled", vec!["dice", "face"]),
            ("rtta-face", vec!["n"]),
            ("plain", vec![]),
        ]
    );
    assert_eq!(families, BTreeSet::from(["pandoria-realm-".to_string()]));
}
