//! Typed words: everything Turnpost says to a player is a [`Text`] — a message id with typed
//! arguments — from the rules to the edge, where one call per language
//! ([`Lang::render`]) makes it text from the Fluent bundles (`.ftl` files, one per language
//! per layer or game: `core/locales/en/core.ftl`, each game's [`crate::Game::WORDS`],
//! render's and bot's, added with [`install`]).
//!
//! Why Fluent (`fluent-bundle`): plural and select rules per language, variables that a test
//! can compare between languages, and translators' files that are not Rust. The bundles are
//! built once per set of sources and shared ([`fluent_bundle::concurrent`]).
//!
//! A few ids are built in and start with `@`: [`Text::raw`] (a player's own words or
//! notation, shown as given), [`Text::name`] (a component's name from the game's data, in
//! each language the data has), lists ([`Text::and_list`], [`Text::or_list`],
//! [`Text::lines`], [`Text::concat`]) and [`Text::fit`] (the first of several wordings that
//! fits a Discord label).
//!
//! A `Text` is serialized compactly (`{"id":"rtta-rolled","dice":3}`) so logs are stored
//! typed and rendered in the reader's language; a plain JSON string reads as [`Text::raw`],
//! so logs stored before typed words still read.

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock, PoisonError, RwLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most characters an action's label may have ([`crate::Game::describe_action`]): Discord's
/// limit for the label of a button or a select option ([`Text::fit`] fits to it).
pub const MAX_LABEL_CHARS: usize = 80;

/// A language Turnpost speaks.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Lang {
    /// English, the default.
    #[default]
    #[serde(rename = "en")]
    En,
    /// German.
    #[serde(rename = "de")]
    De,
    /// A test language (`en-XA`): English with every letter of a bundle's words accented and
    /// each rendered text wrapped in `⟦…⟧`, so a test finds words that did not come through
    /// [`Lang::render`] (a `format!`ed string has no brackets) and layouts too tight for
    /// longer words.
    #[serde(rename = "en-XA")]
    Pseudo,
}

impl Lang {
    /// Every language with bundles, in the order bundles are checked.
    pub const ALL: &'static [Lang] = &[Lang::En, Lang::De];

    /// The language's tag (`en`, `de`), as in the bundles' folder names and Discord's locales.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Pseudo => "en-XA",
        }
    }

    /// The language of a tag (`en`, `de`, `en-XA`; a region is ignored: `de-AT` is German).
    pub fn from_tag(tag: &str) -> Option<Lang> {
        if tag.eq_ignore_ascii_case("en-XA") {
            return Some(Lang::Pseudo);
        }
        let base = tag.split(['-', '_', '.']).next().unwrap_or(tag);
        match base.to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "de" => Some(Lang::De),
            _ => None,
        }
    }

    /// The language of a Discord locale (`de`, `en-US`, `en-GB`); `None` for a language
    /// Turnpost does not speak (the caller falls back, finally to English). Discord never
    /// sends `en-XA`; the tests' fake Discord does, to play whole games in the test language
    /// through the same path a German player's clicks take.
    pub fn from_discord(locale: &str) -> Option<Lang> {
        Lang::from_tag(locale)
    }

    /// The language's own name ("English", "Deutsch"), for choices.
    pub fn name(self) -> Text {
        match self {
            Lang::En | Lang::Pseudo => Text::name("English", Some("English")),
            Lang::De => Text::name("Deutsch", Some("Deutsch")),
        }
    }

    /// Whose bundles this language reads: the test language reads the English ones.
    fn bundles(self) -> Lang {
        match self {
            Lang::Pseudo => Lang::En,
            other => other,
        }
    }

    /// `text` in this language.
    pub fn render(self, text: &Text) -> String {
        let catalog = catalog();
        let mut out = String::new();
        if self == Lang::Pseudo {
            out.push(PSEUDO_OPEN);
        }
        catalog.write(self, text, &mut out);
        if self == Lang::Pseudo {
            out.push(PSEUDO_CLOSE);
        }
        out
    }
}

/// What [`Lang::Pseudo`] puts around each rendered text.
pub const PSEUDO_OPEN: char = '⟦';
/// See [`PSEUDO_OPEN`].
pub const PSEUDO_CLOSE: char = '⟧';

/// Whether `s` is made only of texts rendered in [`Lang::Pseudo`] (each wrapped in `⟦…⟧`),
/// whitespace and the characters in `allowed` (e.g. a mention's): the test language's check
/// that no word reached the reader without [`Lang::render`].
pub fn all_pseudo(s: &str, allowed: impl Fn(char) -> bool) -> bool {
    let mut depth = 0usize;
    for c in s.chars() {
        match c {
            PSEUDO_OPEN => depth += 1,
            PSEUDO_CLOSE if depth > 0 => depth -= 1,
            PSEUDO_CLOSE => return false,
            _ if depth > 0 || c.is_whitespace() || allowed(c) => {}
            _ => return false,
        }
    }
    depth == 0
}

/// The test language's letters: English words of a bundle, accented, so they stay readable
/// and every letter is wider than ASCII's on average (like German's longer words).
fn accent(s: &str) -> Cow<'_, str> {
    if !s.chars().any(|c| c.is_ascii_alphabetic()) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(
        s.chars()
            .map(|c| match c {
                'a' => 'á',
                'e' => 'é',
                'i' => 'í',
                'o' => 'ö',
                'u' => 'ü',
                'y' => 'ý',
                'c' => 'ç',
                'n' => 'ñ',
                'A' => 'Å',
                'E' => 'É',
                'I' => 'Í',
                'O' => 'Ö',
                'U' => 'Ü',
                'C' => 'Ç',
                'N' => 'Ñ',
                other => other,
            })
            .collect(),
    )
}

/// A typed value that a player reads: a refusal, a decision's prompt, an unused worker.
pub trait ToText {
    /// The value in words.
    fn to_text(&self) -> Text;
}

/// One word or sentence for a player: a message id and its arguments. Made text only by
/// [`Lang::render`].
///
/// One pointer wide (the id and arguments are boxed), so error enums that carry several
/// stay small.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Text(Box<Inner>);

#[cfg(test)]
thread_local! {
    /// How many texts this thread made (tests only; see [`texts_built`]).
    static BUILT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many texts this thread has made so far (tests only): a test of a hot path (the AI's
/// playouts) asserts the count does not move.
#[cfg(test)]
pub(crate) fn texts_built() -> u64 {
    BUILT.with(std::cell::Cell::get)
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct Inner {
    id: Cow<'static, str>,
    args: Vec<(Cow<'static, str>, Arg)>,
}

/// An argument of a [`Text`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// A number (Fluent chooses plurals by it).
    Num(i64),
    /// Words shown exactly as given in every language: a player's name, notation, a
    /// coordinate. Never English prose.
    Raw(String),
    /// Words rendered in the reader's language first.
    Text(Text),
}

impl Arg {
    /// Words shown as given in every language (names players chose, notation, coordinates).
    pub fn raw(text: impl Into<String>) -> Arg {
        Arg::Raw(text.into())
    }
}

macro_rules! arg_from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
arg_from_number!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

impl From<Text> for Arg {
    fn from(t: Text) -> Arg {
        Arg::Text(t)
    }
}

impl From<&Text> for Arg {
    fn from(t: &Text) -> Arg {
        Arg::Text(t.clone())
    }
}

const RAW: &str = "@raw";
const NAME: &str = "@name";
const AND: &str = "@and";
const OR: &str = "@or";
const LINES: &str = "@lines";
const CONCAT: &str = "@concat";
const FIT: &str = "@fit";
const SENTENCE: &str = "@sentence";

/// A [`Text`] from a message id and named arguments: `t!("rtta-rolled", dice = 3)`. Numbers
/// and `Text`s convert by themselves; words shown as given must say so with [`Arg::raw`].
/// A test reads every `t!` in the sources and checks the id and its variables against the
/// English bundle.
#[macro_export]
macro_rules! t {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::words::Text::new($id)$(.with(stringify!($name), $value))*
    };
}

impl Text {
    /// The message `id` without arguments; add them with [`Text::with`] (or use [`t!`]).
    pub fn new(id: &'static str) -> Text {
        Text::built(Cow::Borrowed(id), Vec::new())
    }

    /// The message whose id is made at run time (`pandoria-realm-dwarves`): for families of
    /// messages named after a component's id. The bundle test checks every such family.
    pub fn dynamic(id: String) -> Text {
        Text::built(Cow::Owned(id), Vec::new())
    }

    /// Every text is made here (so a test can count them: the AI's playouts make none).
    fn built(id: Cow<'static, str>, args: Vec<(Cow<'static, str>, Arg)>) -> Text {
        #[cfg(test)]
        BUILT.with(|n| n.set(n.get() + 1));
        Text(Box::new(Inner { id, args }))
    }

    /// This text with one more argument.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Text {
        // Kept in name order (list items, unnamed, first and in their order), so a text read
        // back from storage (whose keys come sorted) equals the one written.
        let at = self.0.args.partition_point(|(n, _)| n.as_ref() <= name);
        self.0.args.insert(at, (Cow::Borrowed(name), value.into()));
        self
    }

    /// Words shown exactly as given in every language: notation, a name a player chose.
    pub fn raw(text: impl Into<String>) -> Text {
        Text::new(RAW).with("text", Arg::Raw(text.into()))
    }

    /// A component's name from the game's data, by language (`de` where the data has it;
    /// English otherwise).
    pub fn name(en: &str, de: Option<&str>) -> Text {
        let t = Text::new(NAME).with("en", Arg::raw(en));
        match de {
            Some(de) => t.with("de", Arg::raw(de)),
            None => t,
        }
    }

    /// "A, B and C" in the reader's language.
    pub fn and_list(items: impl IntoIterator<Item = Text>) -> Text {
        Text::list(AND, items)
    }

    /// "A, B or C" in the reader's language.
    pub fn or_list(items: impl IntoIterator<Item = Text>) -> Text {
        Text::list(OR, items)
    }

    /// One item per line.
    pub fn lines(items: impl IntoIterator<Item = Text>) -> Text {
        Text::list(LINES, items)
    }

    /// The items one after the other, with nothing between them (the messages carry their
    /// own spaces and punctuation).
    pub fn concat(items: impl IntoIterator<Item = Text>) -> Text {
        Text::list(CONCAT, items)
    }

    /// The first of `wordings` (from the fullest to the shortest) that fits a button or
    /// select label ([`MAX_LABEL_CHARS`]) in the reader's language; the last one cut to fit,
    /// ending in "…", when none does.
    pub fn fit(wordings: impl IntoIterator<Item = Text>) -> Text {
        Text::list(FIT, wordings)
    }

    /// `text` starting a sentence: its first letter upper-case in the reader's language
    /// (a refusal from the rules, "you cannot …", quoted after "Not allowed:").
    pub fn sentence(text: Text) -> Text {
        Text::list(SENTENCE, [text])
    }

    fn list(id: &'static str, items: impl IntoIterator<Item = Text>) -> Text {
        let mut t = Text::new(id);
        t.0.args = items
            .into_iter()
            .map(|i| (Cow::Borrowed(""), Arg::Text(i)))
            .collect();
        t
    }

    /// The message id.
    pub fn id(&self) -> &str {
        &self.0.id
    }

    /// The arguments, by name (list items have an empty name).
    pub fn args(&self) -> impl Iterator<Item = (&str, &Arg)> {
        self.0.args.iter().map(|(n, a)| (n.as_ref(), a))
    }

    /// The argument `name`, if given.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.0.args.iter().find(|(n, _)| n == name).map(|(_, a)| a)
    }

    /// Whether this is (or is made only of) words shown as given: [`Text::raw`].
    pub fn is_raw(&self) -> bool {
        self.0.id == RAW
    }

    /// Every message id this text uses, itself first, for the bundle tests.
    pub fn ids(&self) -> Vec<&str> {
        let mut out = vec![self.0.id.as_ref()];
        for (_, a) in &self.0.args {
            if let Arg::Text(t) = a {
                out.extend(t.ids());
            }
        }
        out
    }
}

/// English, for logs, errors in tests and `Debug`: what a player of the default language
/// reads. Front ends render in the reader's language with [`Lang::render`].
impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Lang::En.render(self))
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_raw()
            && let Some(Arg::Raw(s)) = self.arg("text")
        {
            return write!(f, "raw({s:?})");
        }
        let mut d = f.debug_tuple(&self.0.id);
        for (n, a) in &self.0.args {
            if n.is_empty() {
                d.field(a);
            } else {
                d.field(&format_args!("{n}={a:?}"));
            }
        }
        d.finish()
    }
}

// ---- storage: {"id": "...", "name": value, ...}; list items under "items"; a plain string is raw.

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        if self.is_raw()
            && let Some(Arg::Raw(text)) = self.arg("text")
        {
            return s.serialize_str(text);
        }
        let named: Vec<_> = self.0.args.iter().filter(|(n, _)| !n.is_empty()).collect();
        let items: Vec<&Arg> = self
            .0
            .args
            .iter()
            .filter(|(n, _)| n.is_empty())
            .map(|(_, a)| a)
            .collect();
        let mut m = s.serialize_map(Some(1 + named.len() + usize::from(!items.is_empty())))?;
        m.serialize_entry("id", self.0.id.as_ref())?;
        for (n, a) in named {
            m.serialize_entry(n.as_ref(), a)?;
        }
        if !items.is_empty() {
            m.serialize_entry("items", &items)?;
        }
        m.end()
    }
}

impl Serialize for Arg {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Arg::Num(n) => s.serialize_i64(*n),
            Arg::Raw(r) => s.serialize_str(r),
            Arg::Text(t) => t.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        text_from_json(value).map_err(D::Error::custom)
    }
}

fn text_from_json(value: serde_json::Value) -> Result<Text, String> {
    use serde_json::Value;
    match value {
        Value::String(s) => Ok(Text::raw(s)),
        Value::Object(map) => {
            let mut id = None;
            let mut args = Vec::new();
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("id", Value::String(s)) => id = Some(s),
                    ("items", Value::Array(items)) => {
                        for i in items {
                            args.push((Cow::Borrowed(""), Arg::Text(text_from_json(i)?)));
                        }
                    }
                    (_, v) => args.push((Cow::Owned(k), arg_from_json(v)?)),
                }
            }
            let id = id.ok_or("a stored text without an id")?;
            // In name order, as `with` keeps them (a stable sort: list items keep theirs).
            args.sort_by(|(a, _), (b, _)| a.cmp(b));
            Ok(Text::built(Cow::Owned(id), args))
        }
        other => Err(format!("not a stored text: {other}")),
    }
}

fn arg_from_json(value: serde_json::Value) -> Result<Arg, String> {
    use serde_json::Value;
    match value {
        Value::Number(n) => n
            .as_i64()
            .map(Arg::Num)
            .ok_or_else(|| format!("not a whole number: {n}")),
        Value::String(s) => Ok(Arg::Raw(s)),
        v @ Value::Object(_) => Ok(Arg::Text(text_from_json(v)?)),
        other => Err(format!("not a stored argument: {other}")),
    }
}

// ---- bundles

/// One `.ftl` file: the messages of one layer or game in one language.
#[derive(Clone, Copy, Debug)]
pub struct Source {
    /// Its language.
    pub lang: Lang,
    /// Where it comes from, for errors (`core/locales/en/core.ftl`).
    pub path: &'static str,
    /// The file's text (`include_str!`).
    pub ftl: &'static str,
}

/// Core's own words (the contract's refusals, lists, the registry's).
pub const SOURCES: &[Source] = &[
    Source {
        lang: Lang::En,
        path: "core/locales/en/core.ftl",
        ftl: include_str!("../locales/en/core.ftl"),
    },
    Source {
        lang: Lang::De,
        path: "core/locales/de/core.ftl",
        ftl: include_str!("../locales/de/core.ftl"),
    },
];

fn installed() -> &'static RwLock<Vec<&'static [Source]>> {
    static INSTALLED: OnceLock<RwLock<Vec<&'static [Source]>>> = OnceLock::new();
    INSTALLED.get_or_init(|| RwLock::new(vec![SOURCES]))
}

/// Adds bundles to every language's catalog: a layer's (render's, bot's) when it starts, a
/// game's ([`crate::Game::WORDS`]) when the registry lists it or the game is created.
/// Installing the same sources twice does nothing.
pub fn install(sources: &'static [Source]) {
    let known = |all: &[&'static [Source]]| {
        sources.iter().all(|new| {
            all.iter()
                .flat_map(|s| s.iter())
                .any(|old| old.lang == new.lang && old.path == new.path)
        })
    };
    if known(&installed().read().unwrap_or_else(PoisonError::into_inner)) {
        return;
    }
    let mut all = installed().write().unwrap_or_else(PoisonError::into_inner);
    if !known(&all) {
        all.push(sources);
    }
}

/// Every source installed so far: core's, the layers', the games'.
pub fn sources() -> Vec<Source> {
    installed()
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .flat_map(|s| s.iter().copied())
        .collect()
}

struct Catalog {
    /// How many installed source lists it was built from.
    installed: usize,
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
}

fn catalog() -> Arc<Catalog> {
    static CACHE: OnceLock<RwLock<Option<Arc<Catalog>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| RwLock::new(None));
    // Sources are only ever added, so their count tells whether the cached catalog is current.
    let count = installed()
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .len();
    if let Some(c) = cache
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .as_ref()
        && c.installed == count
    {
        return Arc::clone(c);
    }
    let built = Arc::new(Catalog::build(&sources(), count));
    *cache.write().unwrap_or_else(PoisonError::into_inner) = Some(Arc::clone(&built));
    built
}

/// What is wrong with a set of sources: unparsable Fluent, or an id defined twice.
pub fn check(sources: &[Source]) -> Vec<String> {
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        let mut bundle = new_bundle(*lang);
        for s in sources.iter().filter(|s| s.lang == *lang) {
            match FluentResource::try_new(s.ftl.to_string()) {
                Ok(r) => {
                    if let Err(errors) = bundle.add_resource(r) {
                        problems.extend(errors.iter().map(|e| format!("{}: {e}", s.path)));
                    }
                }
                Err((_, errors)) => {
                    problems.extend(errors.iter().map(|e| format!("{}: {e:?}", s.path)))
                }
            }
        }
    }
    problems
}

fn new_bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: unic_langid::LanguageIdentifier = lang
        .tag()
        .parse()
        .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows the isolation marks Fluent puts around arguments as boxes on some phones.
    bundle.set_use_isolating(false);
    bundle
}

impl Catalog {
    fn build(sources: &[Source], installed: usize) -> Catalog {
        let bundles = Lang::ALL
            .iter()
            .chain([&Lang::Pseudo])
            .map(|&lang| {
                let mut bundle = new_bundle(lang);
                if lang == Lang::Pseudo {
                    bundle.set_transform(Some(accent));
                }
                for s in sources.iter().filter(|s| s.lang == lang.bundles()) {
                    // A broken file keeps what it could read; `check` (a test) names the fault.
                    let resource =
                        FluentResource::try_new(s.ftl.to_string()).unwrap_or_else(|(r, _)| r);
                    let _ = bundle.add_resource(resource);
                }
                (lang, bundle)
            })
            .collect();
        Catalog { installed, bundles }
    }

    fn bundle(&self, lang: Lang) -> Option<&FluentBundle<FluentResource>> {
        self.bundles
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, b)| b)
    }

    fn write(&self, lang: Lang, text: &Text, out: &mut String) {
        let items = || {
            text.0.args.iter().filter_map(|(_, a)| match a {
                Arg::Text(t) => Some(t),
                _ => None,
            })
        };
        match text.0.id.as_ref() {
            RAW | NAME => {
                let pick = if text.0.id == NAME {
                    text.arg(lang.bundles().tag()).or_else(|| text.arg("en"))
                } else {
                    text.arg("text")
                };
                if let Some(Arg::Raw(s)) = pick {
                    out.push_str(s);
                }
            }
            CONCAT => items().for_each(|t| self.write(lang, t, out)),
            SENTENCE => {
                let mut s = String::new();
                items().for_each(|t| self.write(lang, t, &mut s));
                let mut chars = s.chars();
                if let Some(first) = chars.next() {
                    out.extend(first.to_uppercase());
                    out.push_str(chars.as_str());
                }
            }
            LINES => {
                for (i, t) in items().enumerate() {
                    if i > 0 {
                        out.push('\n');
                    }
                    self.write(lang, t, out);
                }
            }
            AND | OR => {
                let all: Vec<&Text> = items().collect();
                let last_sep = if text.0.id == AND {
                    "words-and"
                } else {
                    "words-or"
                };
                for (i, t) in all.iter().enumerate() {
                    if i > 0 && i + 1 == all.len() {
                        self.message(lang, &Text::new(last_sep), out);
                    } else if i > 0 {
                        self.message(lang, &Text::new("words-comma"), out);
                    }
                    self.write(lang, t, out);
                }
            }
            FIT => {
                // The test language's brackets count against the label too.
                let max = match lang {
                    Lang::Pseudo => MAX_LABEL_CHARS - 2,
                    _ => MAX_LABEL_CHARS,
                };
                let mut last = String::new();
                for t in items() {
                    let mut s = String::new();
                    self.write(lang, t, &mut s);
                    if s.chars().count() <= max {
                        out.push_str(&s);
                        return;
                    }
                    last = s;
                }
                out.extend(last.chars().take(max - 1));
                out.push('…');
            }
            _ => self.message(lang, text, out),
        }
    }

    fn message(&self, lang: Lang, text: &Text, out: &mut String) {
        let found = self
            .bundle(lang)
            .and_then(|b| {
                b.get_message(&text.0.id)
                    .and_then(|m| m.value())
                    .map(|p| (b, p))
            })
            .or_else(|| {
                // A message missing in this language reads in English (the bundle test
                // fails on it, and `missing` names it).
                note_missing(lang, &text.0.id);
                let b = self.bundle(Lang::En)?;
                Some((b, b.get_message(&text.0.id)?.value()?))
            });
        let Some((bundle, pattern)) = found else {
            // An id no bundle has: shown as the id so it is found (the bundle test fails on it).
            out.push_str(&text.0.id);
            return;
        };
        let mut args = FluentArgs::new();
        for (name, arg) in &text.0.args {
            let value = match arg {
                Arg::Num(n) => FluentValue::from(*n),
                Arg::Raw(s) => FluentValue::from(s.as_str()),
                Arg::Text(t) => {
                    let mut s = String::new();
                    self.write(lang, t, &mut s);
                    FluentValue::from(s)
                }
            };
            args.set(name.as_ref(), value);
        }
        let mut errors = Vec::new();
        let s = bundle.format_pattern(pattern, Some(&args), &mut errors);
        out.push_str(&s);
    }
}

fn missing_ids() -> &'static RwLock<Vec<(Lang, String)>> {
    static MISSING: OnceLock<RwLock<Vec<(Lang, String)>>> = OnceLock::new();
    MISSING.get_or_init(|| RwLock::new(Vec::new()))
}

fn note_missing(lang: Lang, id: &str) {
    let known = |all: &[(Lang, String)]| all.iter().any(|(l, i)| *l == lang && i == id);
    if known(&missing_ids().read().unwrap_or_else(PoisonError::into_inner)) {
        return;
    }
    let mut all = missing_ids()
        .write()
        .unwrap_or_else(PoisonError::into_inner);
    if !known(&all) {
        all.push((lang, id.to_string()));
    }
}

/// Every message that was rendered in a language whose bundles lack it (and so read in
/// English, or as its id), since the process started: a whole game played in German checks
/// this stays empty.
pub fn missing() -> Vec<(Lang, String)> {
    missing_ids()
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// Whether the bundles of `lang` define the message `id`.
pub fn has_message(lang: Lang, id: &str) -> bool {
    catalog().bundle(lang).is_some_and(|b| b.has_message(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_ids_render_lists_names_raw_words_and_fitted_labels() {
        let items = || vec![Text::raw("A"), Text::raw("B"), Text::raw("C")];
        assert_eq!(Lang::En.render(&Text::and_list(items())), "A, B and C");
        assert_eq!(Lang::En.render(&Text::or_list(items())), "A, B or C");
        assert_eq!(
            Lang::En.render(&Text::or_list(items().into_iter().take(1))),
            "A"
        );
        assert_eq!(Lang::En.render(&Text::lines(items())), "A\nB\nC");
        assert_eq!(Lang::En.render(&Text::concat(items())), "ABC");
        let lower = Text::concat([Text::raw("ärger"), Text::raw(" b")]);
        assert_eq!(Lang::En.render(&Text::sentence(lower)), "Ärger b");
        assert_eq!(Lang::En.render(&Text::sentence(Text::raw(""))), "");
        assert_eq!(
            Lang::En.render(&Text::name("Lumberjack", Some("Holzfäller"))),
            "Lumberjack"
        );
        let long = "x".repeat(MAX_LABEL_CHARS + 1);
        assert_eq!(
            Lang::En.render(&Text::fit([Text::raw(long.clone()), Text::raw("fits")])),
            "fits"
        );
        let cut = Lang::En.render(&Text::fit([Text::raw(long)]));
        assert_eq!(cut.chars().count(), MAX_LABEL_CHARS);
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn messages_take_numbers_for_plurals_and_render_nested_texts_first() {
        assert_eq!(
            Lang::En.render(&t!("words-count-workers", n = 1)),
            "1 worker"
        );
        assert_eq!(
            Lang::En.render(&t!("words-count-workers", n = 3)),
            "3 workers"
        );
        let nested = t!("words-count-workers", n = 2);
        assert_eq!(
            Lang::En.render(&Text::and_list([nested, Text::raw("a boat")])),
            "2 workers and a boat"
        );
        // An id no bundle has is shown as itself, so it is found, and it is named as missing.
        assert_eq!(
            Lang::En.render(&Text::new("no-such-message")),
            "no-such-message"
        );
        assert!(missing().contains(&(Lang::En, "no-such-message".to_string())));
    }

    #[test]
    fn texts_are_stored_compactly_and_plain_strings_read_as_raw_words() {
        let t = Text::and_list([t!("words-count-workers", n = 2), Text::raw("Red")]);
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(
            json,
            r#"{"id":"@and","items":[{"id":"words-count-workers","n":2},"Red"]}"#
        );
        let back: Text = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t);
        // Arguments given in any order read back equal (storage sorts the keys).
        let named = t!("words-count-workers", n = 2)
            .with("z", Arg::raw("last"))
            .with("a", Arg::raw("first"));
        let json = serde_json::to_string(&named).unwrap();
        assert_eq!(serde_json::from_str::<Text>(&json).unwrap(), named);
        let name = Text::name("Lumberjack", Some("Holzfäller"));
        let json = serde_json::to_value(&name).unwrap();
        assert_eq!(serde_json::from_value::<Text>(json).unwrap(), name);
        let old: Vec<Text> = serde_json::from_str(r#"["Red places a tile"]"#).unwrap();
        assert_eq!(old, vec![Text::raw("Red places a tile")]);
        assert!(serde_json::from_str::<Text>("3").is_err());
    }

    #[test]
    fn languages_come_from_discord_locales_and_the_test_language_accents_and_wraps() {
        assert_eq!(Lang::from_discord("de"), Some(Lang::De));
        assert_eq!(Lang::from_discord("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_discord("en-US"), Some(Lang::En));
        assert_eq!(Lang::from_discord("fr"), None);
        assert_eq!(Lang::from_discord("en-XA"), Some(Lang::Pseudo));
        assert_eq!(Lang::from_tag("de_DE.UTF-8"), Some(Lang::De));
        assert_eq!(Lang::from_tag("en-XA"), Some(Lang::Pseudo));
        let name = Text::name("Lumberjack", Some("Holzfäller"));
        assert_eq!(Lang::De.render(&name), "Holzfäller");
        assert_eq!(Lang::Pseudo.render(&name), "⟦Lumberjack⟧");
        let count = t!("words-count-workers", n = 2);
        assert_eq!(Lang::Pseudo.render(&count), "⟦2 wörkérs⟧");
        let list = Text::and_list([count, Text::raw("Red")]);
        let shown = Lang::Pseudo.render(&list);
        assert!(all_pseudo(&shown, |_| false), "{shown}");
        assert!(!all_pseudo(&format!("{shown} and more"), |_| false));
        assert!(all_pseudo(&format!("<@1> {shown}"), |c| "<@>1".contains(c)));
        assert!(!all_pseudo("⟦open", |_| false));
        let long = Text::fit([Text::raw("x".repeat(MAX_LABEL_CHARS))]);
        assert_eq!(Lang::Pseudo.render(&long).chars().count(), MAX_LABEL_CHARS);
    }

    #[test]
    fn a_text_is_one_pointer_wide_so_errors_carrying_several_stay_small() {
        assert_eq!(std::mem::size_of::<Text>(), std::mem::size_of::<usize>());
        assert_eq!(
            std::mem::size_of::<Option<Text>>(),
            std::mem::size_of::<usize>()
        );
    }

    #[test]
    fn core_bundles_parse_without_a_duplicate_id() {
        assert_eq!(check(&sources()), Vec::<String>::new());
    }
}
