//! The module graph of a crate, read from its sources: what each file names (its `use`
//! lines and its `crate::`/`super::`/`self::` paths), followed through `use` and `pub use`
//! lines to the file that defines it.
//!
//! A node is a file (a `mod.rs` stands for its folder's module). An arrow A -> B is a path
//! in A that names something B defines. A module's own files may use what the module itself
//! defines (`super::Table` from `table/remind.rs`): an arrow to an enclosing module is no
//! arrow. The parent naming its children's items is one, so a child that names its siblings
//! through the parent is seen. A file's `#[cfg(test)]` module is no part of the graph.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// One file of a crate's module tree.
pub struct ModFile {
    /// The path shown in messages (`bot/src/table/mod.rs`).
    shown: String,
    /// Its module path inside the crate (`["table"]`; the crate root is empty).
    module: Vec<String>,
    /// Its source.
    text: String,
}

/// A path named in a file, made absolute within the crate.
struct Named {
    path: Vec<String>,
    line: usize,
}

/// A name a file brings into scope at its top level (`use a::b::C as D;` names `D`).
struct Import {
    name: String,
    /// Absolute within the crate; `None` for another crate.
    target: Option<Vec<String>>,
}

struct Parsed {
    named: Vec<Named>,
    imports: Vec<Import>,
}

/// The crate's files under `src` (a binary's `main.rs` is no part of the library's tree).
pub fn crate_files(root: &str) -> Vec<ModFile> {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let src = base.join(root).join("src");
    let mut out = Vec::new();
    for file in super::sources(&src) {
        let rel = file.strip_prefix(&src).unwrap();
        if rel == Path::new("main.rs") {
            continue;
        }
        let mut module: Vec<String> = rel
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if module.last().is_some_and(|m| m == "mod" || m == "lib") {
            module.pop();
        }
        out.push(ModFile {
            shown: format!("{root}/src/{}", rel.display()),
            module,
            text: std::fs::read_to_string(&file).unwrap(),
        });
    }
    out
}

/// The source without comments, strings and character literals (newlines kept), so that
/// only code is read.
fn code_only(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    // Skips a quoted run from `i` (just past the opening quote) to just past `close`,
    // keeping its newlines.
    let skip = |out: &mut String, mut i: usize, close: &[char], escapes: bool| -> usize {
        while i < b.len() {
            if escapes && b[i] == '\\' {
                if b.get(i + 1) == Some(&'\n') {
                    out.push('\n');
                }
                i += 2;
                continue;
            }
            if b[i..].starts_with(close) {
                return i + close.len();
            }
            if b[i] == '\n' {
                out.push('\n');
            }
            i += 1;
        }
        i
    };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        let after_ident = out.chars().last().is_some_and(ident);
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if b[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if let Some((open, close)) = raw_string_at(&b, i).filter(|_| !after_ident) {
            out.push_str("\"\"");
            i = skip(&mut out, open + 1, &close, false);
        } else if c == '"' {
            out.push_str("\"\"");
            i = skip(&mut out, i + 1, &['"'], true);
        } else if c == '\'' && next == Some('\\') {
            out.push_str("' '");
            i = skip(&mut out, i + 3, &['\''], false);
        } else if c == '\'' && b.get(i + 2) == Some(&'\'') {
            out.push_str("' '");
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Where a raw string (`r"…"`, `r#"…"#`, `br"…"`) starting at `i` opens, and what closes it.
fn raw_string_at(b: &[char], i: usize) -> Option<(usize, Vec<char>)> {
    let mut j = match (b[i], b.get(i + 1)) {
        ('r', _) => i + 1,
        ('b', Some('r')) => i + 2,
        _ => return None,
    };
    let mut close = vec!['"'];
    while b.get(j) == Some(&'#') {
        close.push('#');
        j += 1;
    }
    (b.get(j) == Some(&'"')).then_some((j, close))
}

/// Words and punctuation (`::` as one), each with its line.
fn tokens(code: &str) -> Vec<(String, usize)> {
    let b: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < b.len() {
        let c = b[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                i += 1;
            }
            out.push((b[start..i].iter().collect(), line));
        } else if c == ':' && b.get(i + 1) == Some(&':') {
            out.push(("::".to_string(), line));
            i += 2;
        } else {
            out.push((c.to_string(), line));
            i += 1;
        }
    }
    out
}

fn is_word(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// One `use` tree from `i` (after `use`): every path it names, with the name it binds.
fn use_tree(
    t: &[(String, usize)],
    i: &mut usize,
    mut path: Vec<String>,
    out: &mut Vec<(Vec<String>, String)>,
) {
    while *i < t.len() {
        let word = t[*i].0.as_str();
        *i += 1;
        match word {
            "::" => {}
            "{" => {
                while *i < t.len() && t[*i].0 != "}" {
                    use_tree(t, i, path.clone(), out);
                    if *i < t.len() && t[*i].0 == "," {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            "*" => {
                out.push((path, "*".to_string()));
                return;
            }
            w if is_word(w) => {
                path.push(w.to_string());
                if *i < t.len() && t[*i].0 == "::" {
                    continue;
                }
                if path.last().is_some_and(|p| p == "self") {
                    path.pop();
                }
                let mut name = path.last().cloned().unwrap_or_default();
                if *i + 1 < t.len() && t[*i].0 == "as" {
                    name = t[*i + 1].0.clone();
                    *i += 2;
                }
                out.push((path, name));
                return;
            }
            _ => return,
        }
    }
}

/// `raw` as named in module `here`, made absolute within the crate; `None` for a path into
/// another crate (or one this reading cannot place).
fn absolute(raw: &[String], here: &[String], modules: &[Vec<String>]) -> Option<Vec<String>> {
    let first = raw.first()?.as_str();
    let mut out = match first {
        "crate" => return Some(raw[1..].to_vec()),
        "self" => here.to_vec(),
        "super" => {
            let mut base = here.to_vec();
            let mut k = 0;
            while raw.get(k).is_some_and(|s| s == "super") {
                base.pop()?;
                k += 1;
            }
            base.extend_from_slice(&raw[k..]);
            return Some(base);
        }
        _ => {
            let mut child = here.to_vec();
            child.push(first.to_string());
            if !modules.contains(&child) {
                return None;
            }
            return Some([here, raw].concat());
        }
    };
    out.extend_from_slice(&raw[1..]);
    Some(out)
}

/// What a file names, and what it imports at its top level.
fn parse(file: &ModFile, modules: &[Vec<String>]) -> Parsed {
    let t = tokens(&code_only(&file.text));
    let mut parsed = Parsed {
        named: Vec::new(),
        imports: Vec::new(),
    };
    let (mut depth, mut inline): (usize, Vec<(String, usize)>) = (0, Vec::new());
    // The depth of the `#[cfg(test)]` module being read, if one is.
    let mut tests_from: Option<usize> = None;
    let here = |inline: &[(String, usize)]| {
        let mut m = file.module.clone();
        m.extend(inline.iter().map(|(n, _)| n.clone()));
        m
    };
    let mut i = 0;
    while i < t.len() {
        let word = t[i].0.as_str();
        let next = t.get(i + 1).map(|x| x.0.as_str());
        match word {
            "{" => depth += 1,
            "}" => {
                if inline.last().is_some_and(|m| m.1 == depth) {
                    inline.pop();
                }
                if tests_from == Some(depth) {
                    tests_from = None;
                }
                depth = depth.saturating_sub(1);
            }
            // A file's own tests may use anything; they are no part of the module graph.
            _ if tests_from.is_some() => {}
            "mod" if next.is_some_and(is_word) && t.get(i + 2).is_some_and(|x| x.0 == "{") => {
                let attribute: Vec<&str> = t[i.saturating_sub(7)..i]
                    .iter()
                    .map(|x| x.0.as_str())
                    .collect();
                if attribute == ["#", "[", "cfg", "(", "test", ")", "]"] && tests_from.is_none() {
                    tests_from = Some(depth + 1);
                }
                inline.push((t[i + 1].0.clone(), depth + 1));
                i += 2;
                continue;
            }
            "use" => {
                let line = t[i].1;
                let mut trees = Vec::new();
                i += 1;
                use_tree(&t, &mut i, Vec::new(), &mut trees);
                for (raw, name) in trees {
                    let target = absolute(&raw, &here(&inline), modules);
                    if let Some(path) = &target {
                        parsed.named.push(Named {
                            path: path.clone(),
                            line,
                        });
                    }
                    if depth == 0 && name != "*" {
                        parsed.imports.push(Import { name, target });
                    }
                }
                continue;
            }
            "crate" | "super" | "self" if next == Some("::") && (i == 0 || t[i - 1].0 != "::") => {
                let line = t[i].1;
                let mut raw = vec![word.to_string()];
                i += 1;
                while i + 1 < t.len() && t[i].0 == "::" && is_word(&t[i + 1].0) {
                    raw.push(t[i + 1].0.clone());
                    i += 2;
                }
                if let Some(path) = absolute(&raw, &here(&inline), modules) {
                    parsed.named.push(Named { path, line });
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    parsed
}

/// A crate's files, what each names, and how a name is followed to where it is defined.
pub struct Crate {
    files: Vec<ModFile>,
    parsed: Vec<Parsed>,
}

impl Crate {
    pub fn new(files: Vec<ModFile>) -> Crate {
        let modules: Vec<Vec<String>> = files.iter().map(|f| f.module.clone()).collect();
        let parsed = files.iter().map(|f| parse(f, &modules)).collect();
        Crate { files, parsed }
    }

    /// The file whose module holds `path` (the longest module path that starts it).
    fn owner(&self, path: &[String]) -> usize {
        (0..self.files.len())
            .filter(|&f| path.starts_with(&self.files[f].module))
            .max_by_key(|&f| self.files[f].module.len())
            .expect("the crate root holds every path")
    }

    /// The files `path` passes through, ending with the one that defines it: a name a file
    /// imports (`use`, `pub use`) is followed to where it comes from.
    fn chain(&self, path: &[String]) -> Vec<usize> {
        let mut path = path.to_vec();
        let mut out = Vec::new();
        loop {
            let f = self.owner(&path);
            out.push(f);
            let depth = self.files[f].module.len();
            let Some(name) = path.get(depth) else {
                return out;
            };
            let import = self.parsed[f].imports.iter().find(|i| &i.name == name);
            match import.and_then(|i| i.target.as_ref()) {
                Some(target) if out.len() < 32 => {
                    path = [target.as_slice(), &path[depth + 1..]].concat();
                }
                _ => return out,
            }
        }
    }

    /// The arrows between files: (from, to) with the names and lines that make each.
    fn arrows(&self) -> BTreeMap<(usize, usize), Vec<String>> {
        let mut out: BTreeMap<(usize, usize), Vec<String>> = BTreeMap::new();
        for (from, parsed) in self.parsed.iter().enumerate() {
            for named in &parsed.named {
                let to = *self.chain(&named.path).last().unwrap();
                let enclosing = self.files[from].module.starts_with(&self.files[to].module);
                if to != from && !enclosing {
                    let what = format!("{} (line {})", named.path.join("::"), named.line);
                    out.entry((from, to)).or_default().push(what);
                }
            }
        }
        out
    }

    /// Every loop: the groups of files that reach each other, each with the arrows inside it.
    pub fn loops(&self, allowed: &[(&str, &str)]) -> Vec<String> {
        let n = self.files.len();
        let mut arrows = self.arrows();
        arrows.retain(|(a, b), _| {
            !allowed.contains(&(self.files[*a].shown.as_str(), self.files[*b].shown.as_str()))
        });
        let mut reach = vec![vec![false; n]; n];
        for (start, row) in reach.iter_mut().enumerate() {
            let mut stack = vec![start];
            while let Some(f) = stack.pop() {
                for &(_, to) in arrows.keys().filter(|(a, _)| *a == f) {
                    if !row[to] {
                        row[to] = true;
                        stack.push(to);
                    }
                }
            }
        }
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        for f in 0..n {
            if seen[f] || !reach[f][f] {
                continue;
            }
            let group: Vec<usize> = (0..n).filter(|&g| reach[f][g] && reach[g][f]).collect();
            let mut text = String::from("loop:");
            for &g in &group {
                seen[g] = true;
                write!(text, " {}", self.files[g].shown).unwrap();
            }
            for ((a, b), names) in &arrows {
                if group.contains(a) && group.contains(b) {
                    let names = names.join(", ");
                    let (a, b) = (&self.files[*a].shown, &self.files[*b].shown);
                    write!(text, "\n  {a} -> {b}: {names}").unwrap();
                }
            }
            out.push(text);
        }
        out
    }

    /// Paths in the files under `folder` that reach a file under `forbidden`, directly or
    /// through a re-export, among those whose last name `which` picks.
    pub fn reaching(
        &self,
        folder: &[&str],
        forbidden: &[&str],
        which: impl Fn(&str) -> bool,
    ) -> Vec<String> {
        let under = |f: usize, prefix: &[&str]| {
            let m = &self.files[f].module;
            m.len() >= prefix.len() && m.iter().zip(prefix).all(|(a, b)| a == b)
        };
        let mut out = Vec::new();
        for (from, parsed) in self.parsed.iter().enumerate() {
            if !under(from, folder) {
                continue;
            }
            for named in &parsed.named {
                let chain = self.chain(&named.path);
                let name = named.path.last().map_or("", String::as_str);
                if which(name) && chain.iter().any(|&f| under(f, forbidden)) {
                    let via: Vec<&str> = chain
                        .iter()
                        .map(|&f| self.files[f].shown.as_str())
                        .collect();
                    out.push(format!(
                        "{}:{}: {} (through {})",
                        self.files[from].shown,
                        named.line,
                        named.path.join("::"),
                        via.join(" -> ")
                    ));
                }
            }
        }
        out
    }
}

/// A crate made of (file, source) pairs, for the checks' own tests.
fn crate_of(files: &[(&str, &str)]) -> Crate {
    Crate::new(
        files
            .iter()
            .map(|(path, text)| {
                let mut module: Vec<String> = path
                    .trim_end_matches(".rs")
                    .split('/')
                    .map(String::from)
                    .collect();
                if module.last().is_some_and(|m| m == "mod" || m == "lib") {
                    module.pop();
                }
                ModFile {
                    shown: path.to_string(),
                    module,
                    text: text.to_string(),
                }
            })
            .collect(),
    )
}

#[test]
fn the_module_graph_sees_loops_and_re_exports() {
    let files = [
        (
            "lib.rs",
            "mod a; mod b; mod c; mod table; mod store; mod outbox; mod discord;",
        ),
        // a -> b -> c -> a: a use line, a path in code, and a name the table re-exports; the
        // same kind of names in comments and strings are no arrows.
        (
            "a.rs",
            "use crate::b::B; pub struct A; // use crate::table::T;",
        ),
        (
            "b.rs",
            "pub struct B; fn f() -> u8 { crate::c::f() }\n#[cfg(test)]\nmod tests { use crate::discord::X; }",
        ),
        (
            "c.rs",
            "use crate::table::A2;\nuse super::a::{self};\npub fn f() -> u8 { 1 }",
        ),
        // A child naming its parent's own item is no arrow; the parent naming it is one.
        (
            "table/mod.rs",
            "mod x; pub use x::X; pub use crate::a::A as A2; pub struct T;\nfn h() -> &'static str { \"crate::c::f\" }",
        ),
        ("table/x.rs", "use super::T; pub struct X;"),
        // The adapter reaches the store only through the outbox's re-export.
        (
            "store/mod.rs",
            "pub struct Row;\nuse crate::league::{Terms, rate};\nfn r() { crate::league::rate() }",
        ),
        ("league.rs", "pub struct Terms; pub fn rate() {}"),
        (
            "outbox.rs",
            "pub use crate::store::Row;\nfn g() { let c = '\"'; let s = r#\"use crate::a;\"#; }",
        ),
        ("discord/mod.rs", "mod deliver;"),
        (
            "discord/deliver.rs",
            "use crate::outbox::{Row as Delivery};\nuse crate::table::X;",
        ),
    ];
    let krate = crate_of(&files);
    let loops = krate.loops(&[]);
    assert_eq!(loops.len(), 1, "{loops:?}");
    assert!(
        loops[0].starts_with("loop: a.rs b.rs c.rs\n"),
        "{}",
        loops[0]
    );
    assert!(
        loops[0].contains("b.rs -> c.rs: c::f (line 1)"),
        "{}",
        loops[0]
    );
    assert!(
        loops[0].contains("c.rs -> a.rs: table::A2 (line 1), a (line 2)"),
        "{}",
        loops[0]
    );
    assert!(krate.loops(&[("b.rs", "c.rs")]).is_empty());
    let from = |f: &str| {
        let arrows = krate.arrows();
        let f = krate.files.iter().position(|x| x.shown == f).unwrap();
        let to: Vec<&str> = arrows
            .keys()
            .filter(|(a, _)| *a == f)
            .map(|(_, b)| krate.files[*b].shown.as_str())
            .collect();
        to
    };
    assert_eq!(from("outbox.rs"), ["store/mod.rs"]);
    assert_eq!(from("b.rs"), ["c.rs"], "a file's own tests are no arrows");
    assert_eq!(from("table/x.rs"), Vec::<&str>::new());
    assert_eq!(from("table/mod.rs"), ["a.rs", "table/x.rs"]);
    let found = krate.reaching(&["discord"], &["store"], |_| true);
    assert_eq!(
        found,
        ["discord/deliver.rs:1: outbox::Row (through outbox.rs -> store/mod.rs)"],
        "{found:?}"
    );
    let calls = krate.reaching(&["store"], &["league"], is_function);
    assert_eq!(
        calls,
        [
            "store/mod.rs:2: league::rate (through league.rs)",
            "store/mod.rs:3: league::rate (through league.rs)"
        ]
    );
    // The adapter's other import goes through the table to its child, not the store.
    assert_eq!(krate.chain(&["table".into(), "X".into()]).len(), 2);
}

/// Whether a name is a function's or a module's (lower case), not a type's or a constant's.
pub fn is_function(name: &str) -> bool {
    name.starts_with(|c: char| c.is_lowercase())
}
