//! The modules of a crate depend one way: reads every source file's non-comment lines before
//! its tests, takes each `crate::<module>` it names as an arrow from the file's top-level
//! module to that module, and finds the arrows that close a loop. Shared by core's and
//! render's `layers.rs` tests (`#[path]`-included).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The arrows between the top-level modules of the crate whose sources are in `src`.
pub fn arrows(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).unwrap();
            let first = relative.components().next().unwrap().as_os_str();
            let module = first.to_string_lossy().trim_end_matches(".rs").to_string();
            if module == "lib" || module == "main" {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            for line in code.lines().map(str::trim) {
                if line.starts_with("//") {
                    continue;
                }
                for named in line.split("crate::").skip(1) {
                    let target: String = named
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !target.is_empty() && target != module {
                        out.entry(module.clone()).or_default().insert(target);
                    }
                }
            }
        }
    }
    out
}

/// The arrows `a -> b` from which `a` can be reached again: each closes a loop.
pub fn loops(arrows: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let reaches = |from: &str, to: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(m) = todo.pop() {
            if m == to {
                return true;
            }
            if seen.insert(m.clone()) {
                todo.extend(arrows.get(&m).into_iter().flatten().cloned());
            }
        }
        false
    };
    let mut out = Vec::new();
    for (a, targets) in arrows {
        for b in targets {
            if reaches(b, a) {
                out.push(format!("{a} -> {b}"));
            }
        }
    }
    out
}
