//! Checking that a game's words read wholly in one language (issue 30): every message of a
//! text is in that language's bundles, every name has its form there, nothing is left
//! unresolved or too long, and the words shown as given are only notation, coordinates and
//! numbers. Used by the German game tests (`pandoria_german.rs`, `rtta_german.rs`).

use std::collections::BTreeSet;

use turnpost_core::hex::Hex;
use turnpost_core::menu::Layout;
use turnpost_core::words::{Arg, Lang, MAX_LABEL_CHARS, Text, ToText, has_message, missing};
use turnpost_core::{Game, Seat};

/// The most characters of a select option's description (Discord's limit).
pub const MAX_DESCRIPTION_CHARS: usize = 100;

/// What the games showed in German, and what was wrong with it.
#[derive(Default)]
pub struct Seen {
    /// Texts checked.
    pub texts: usize,
    /// Message ids met (built-in `@` ids left out).
    pub ids: BTreeSet<String>,
    /// What does not read in German, with where it was met.
    pub problems: BTreeSet<String>,
    /// Words shown as given (notation, coordinates, numbers), checked at the end.
    pub raw: BTreeSet<String>,
    /// The first word of every legal action's notation met.
    pub verbs: BTreeSet<String>,
}

impl Seen {
    /// Checks the words of `seat`'s decision with these `legal` actions: every label (it fits
    /// and no two are alike), detail and unused item, and the layout; also notes each
    /// notation's verb.
    pub fn check_decision<G: Game>(&mut self, game: &G, seat: Seat, legal: &[G::Action]) {
        let mut labels = BTreeSet::new();
        for action in legal {
            let notation = action.to_string();
            self.verbs
                .insert(notation.split(' ').next().unwrap_or("").to_string());
            let label = self.check(
                "label",
                &game.describe_action(seat, action),
                Some(MAX_LABEL_CHARS),
            );
            if !labels.insert(label.clone()) {
                self.problems
                    .insert(format!("label {label:?} twice at one decision ({action})"));
            }
            if let Some(detail) = game.detail(seat, action) {
                self.check("detail", &detail, Some(MAX_DESCRIPTION_CHARS));
            }
            for unused in game.unused(seat, action) {
                self.check("unused", &unused.to_text(), None);
            }
        }
        self.check_layout(&game.layout(seat, legal));
    }

    /// Checks that `text` reads wholly in German and is at most `max` characters long there;
    /// returns it in German.
    pub fn check(&mut self, what: &str, text: &Text, max: Option<usize>) -> String {
        self.texts += 1;
        let mut wrong = Vec::new();
        self.walk(text, &mut wrong);
        let de = Lang::De.render(text);
        if de.trim().is_empty() {
            wrong.push("empty".into());
        }
        // Fluent writes a variable it was not given as `{$name}`.
        if de.contains(['{', '}']) {
            wrong.push("an unresolved placeable".into());
        }
        if let Some(max) = max
            && de.chars().count() > max
        {
            wrong.push(format!("longer than {max} characters"));
        }
        for w in wrong {
            self.problems
                .insert(format!("{what} {de:?} ({text:?}): {w}"));
        }
        de
    }

    /// Every message of `text` is in the German bundles and every name has its German form;
    /// the words shown as given are kept for [`Seen::check_raw`].
    pub fn walk(&mut self, text: &Text, wrong: &mut Vec<String>) {
        match text.id() {
            "@name" => {
                if text.arg("de").is_none() {
                    wrong.push("a name without its German form".into());
                }
            }
            "@raw" => {
                if let Some(Arg::Raw(s)) = text.arg("text") {
                    self.raw.insert(s.clone());
                }
            }
            id if id.starts_with('@') => {}
            id => {
                self.ids.insert(id.to_string());
                if !has_message(Lang::De, id) {
                    wrong.push(format!("{id} reads in English"));
                }
            }
        }
        for (_, arg) in text.args() {
            if let Arg::Text(t) = arg {
                self.walk(t, wrong);
            }
        }
    }

    /// Checks a decision's layout: its first pick, group labels and descriptions, toggles.
    pub fn check_layout(&mut self, layout: &Layout) {
        match layout {
            Layout::List => {}
            Layout::Grouped { pick, groups, .. } => {
                self.check("pick", pick, Some(MAX_LABEL_CHARS));
                for g in groups {
                    self.check("group", &g.label, Some(MAX_LABEL_CHARS));
                    if let Some(d) = &g.description {
                        self.check("group description", d, Some(MAX_DESCRIPTION_CHARS));
                    }
                }
            }
            Layout::Toggles { pick, items, .. } => {
                self.check("pick", pick, Some(MAX_LABEL_CHARS));
                for item in items {
                    self.check("toggle", &item.label, Some(MAX_LABEL_CHARS));
                }
            }
        }
    }

    /// Asserts that nothing met read otherwise than in German, that at least 3 messages of
    /// each of `families` (id prefixes) and over 10,000 texts were met, and that nothing else
    /// rendered in this process fell back to English.
    pub fn assert_all_read(&self, families: &[&str]) {
        assert_eq!(self.problems, BTreeSet::new());
        for family in families {
            let met = self.ids.iter().filter(|id| id.starts_with(family)).count();
            assert!(met >= 3, "only {met} {family}* messages met");
        }
        assert!(self.texts > 10_000, "only {} texts checked", self.texts);
        let fell_back: Vec<_> = missing()
            .into_iter()
            .filter(|(l, _)| *l == Lang::De)
            .collect();
        assert_eq!(fell_back, vec![]);
    }

    /// Only notation (starting with an action's verb), coordinates and numbers are shown
    /// as given: no English words.
    pub fn check_raw(&mut self) {
        for s in &self.raw {
            let first = s.split([' ', '/']).next().unwrap_or("");
            let notation = self.verbs.contains(first);
            if !notation && s.parse::<Hex>().is_err() && s.parse::<i64>().is_err() {
                self.problems.insert(format!("words shown as given: {s:?}"));
            }
        }
    }
}
