//! The private panel's controls: the player's current decision as buttons and select menus
//! within Discord's limits (5 rows; 5 buttons or one select of 25 options per row; labels of
//! 80 characters; `custom_id`s of 100), arranged as core's [`Menu`] says.
//!
//! Which part of a decision the panel shows (a page of a long list, the placements on one
//! space) travels in the `custom_id`s ([`Verb::Page`], [`Verb::Open`]), never in memory: a panel keeps working after a restart
//! and two panels of the same player never disturb each other. Every id carries the game
//! version, so a control of an older decision cannot act. What the caller sees around the
//! controls (the prompt, the private pictures, the question) is drawn in `panel/answer.rs`.
//!
//! Why this file is long (710 lines): one function per layout of core's menu, and the test
//! that builds every panel of random decisions of every game against Discord's limits.

use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};
use turnpost_core::dynamic::ActionChoice;
use turnpost_core::menu::{Group, Layout, Menu};
use turnpost_core::t;
use turnpost_core::words::{Lang, Text};

use super::ids::{ComponentId, Verb};

/// Options per select menu (Discord's limit).
pub const PAGE: usize = 25;
/// Buttons per row and rows per message (Discord's limits).
const ROW: usize = 5;
const ROWS: usize = 5;
/// Up to this many choices show as buttons (four rows, leaving one for paging or "Back").
const AS_BUTTONS: usize = 20;

/// What part of the decision the panel shows (the table builds the panel for it).
pub use crate::table::PanelView as View;
pub use answer::{Shown, acknowledgement, after, answered, apology, shown};

mod answer;

/// The panel's controls and a line that explains them.
#[derive(Debug, Default)]
pub struct Controls {
    /// A line under the prompt ("Choose a space for your tile (page 1 of 3)").
    pub note: Option<Text>,
    /// The action rows.
    pub rows: Vec<CreateActionRow>,
}

/// Cuts to Discord's 80 characters for labels (core's labels already fit).
fn label(text: &str) -> String {
    text.chars().take(80).collect()
}

/// Cuts to Discord's 100 characters for option descriptions and placeholders.
fn long(text: &str) -> String {
    text.chars().take(100).collect()
}

/// The controls of `menu` seen as `view`, for the game at `game`/`version`, in the
/// reader's language.
pub fn controls(game: i64, version: i64, menu: &Menu, view: &View, lang: Lang) -> Controls {
    let id = |verb| {
        ComponentId {
            game,
            version,
            verb,
        }
        .encode()
    };
    let act = |c: &ActionChoice| id(Verb::Act(c.notation.clone()));
    let all_fit = menu.choices.iter().all(|c| act(c).is_some());
    match (&menu.layout, view) {
        (
            Layout::Toggles {
                pick, items, most, ..
            },
            View::Top(_),
        ) => {
            // The items are picked together in one select (several at once on a phone, one
            // interaction) and the action they stand for is played at once; the usual
            // choices ("Keep the dice", all the dice showing one face) are buttons beside it.
            let mut rows = Vec::new();
            let open: Vec<CreateSelectMenuOption> = items
                .iter()
                .enumerate()
                .filter(|(_, item)| !item.locked)
                .map(|(i, item)| {
                    let words = t!("bot-panel-item", n = i + 1, label = item.label.clone());
                    CreateSelectMenuOption::new(label(&lang.render(&words)), i.to_string())
                })
                .collect();
            let most = most.unwrap_or(open.len()).min(open.len()).min(PAGE);
            if most > 0
                && let Some(cid) = id(Verb::Toggled)
            {
                rows.push(CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(cid, CreateSelectMenuKind::String { options: open })
                        .placeholder(long(
                            &lang.render(&t!("bot-panel-pick-placeholder", pick = pick.clone())),
                        ))
                        .min_values(1)
                        .max_values(most as u8),
                ));
            }
            let others = menu.others();
            let fitting = others.len().min(ROW * (ROWS - rows.len()));
            let actions: Vec<CreateButton> = others[..fitting]
                .iter()
                .filter_map(|c| {
                    act(c).map(|cid| {
                        CreateButton::new(cid)
                            .label(label(&lang.render(&c.label)))
                            .style(ButtonStyle::Secondary)
                    })
                })
                .collect();
            for chunk in actions.chunks(ROW) {
                rows.push(CreateActionRow::Buttons(chunk.to_vec()));
            }
            let locked = items.iter().filter(|i| i.locked).count();
            let note = t!(
                "bot-panel-toggles-note",
                pick = pick.clone(),
                locked = locked
            );
            Controls {
                note: Some(note),
                rows,
            }
        }
        (Layout::Grouped { .. }, View::Group(key)) => match menu.group(key) {
            Some(group) => {
                let choices: Vec<&ActionChoice> =
                    group.members.iter().map(|&i| &menu.choices[i]).collect();
                let mut rows =
                    choice_rows(&choices, id(Verb::Pick), act, &t!("bot-panel-choose"), lang);
                rows.extend(id(Verb::Page(0)).map(|cid| {
                    CreateActionRow::Buttons(vec![
                        CreateButton::new(cid)
                            .label(lang.render(&t!("bot-button-back")))
                            .style(ButtonStyle::Secondary),
                    ])
                }));
                let description = group
                    .description
                    .clone()
                    .unwrap_or_else(|| Text::concat([]));
                Controls {
                    note: Some(t!(
                        "bot-panel-group-note",
                        group = group.label.clone(),
                        description = description
                    )),
                    rows,
                }
            }
            None => {
                let mut top = controls(game, version, menu, &View::Top(0), lang);
                let note = top.note.take().unwrap_or_else(|| Text::concat([]));
                top.note = Some(t!("bot-panel-no-longer-offered", note = note));
                top
            }
        },
        (Layout::Grouped { pick, groups, .. }, _)
            if menu.choices.len() > AS_BUTTONS || !all_fit || menu.leads_with_featured() =>
        {
            // Up to four select menus of 25 groups at once (a board's hundred spaces in two
            // clicks: the space, then the placement), the rest of the rows for the other
            // choices; pages only beyond that.
            let others = menu.others();
            let other_rows = if others.is_empty() {
                0
            } else if others.len() <= ROW {
                1
            } else if others.len() <= 2 * ROW {
                2
            } else {
                1
            };
            let menus = (ROWS - other_rows).clamp(1, 4);
            let per_page = if groups.len() <= menus * PAGE {
                menus * PAGE
            } else {
                // Leave a row for turning pages.
                (menus - 1).max(1) * PAGE
            };
            let pages = groups.len().div_ceil(per_page).max(1);
            let page = match view {
                View::Top(n) => (*n).min(pages - 1),
                _ => 0,
            };
            let shown: Vec<&Group> = groups.iter().skip(page * per_page).take(per_page).collect();
            let mut rows = Vec::new();
            let chunks = shown.chunks(PAGE).count();
            for (n, chunk) in shown.chunks(PAGE).enumerate() {
                let options: Vec<CreateSelectMenuOption> = chunk
                    .iter()
                    .map(|g| {
                        let option = CreateSelectMenuOption::new(
                            label(&lang.render(&g.label)),
                            g.key.clone(),
                        );
                        match group_description(menu, g, lang) {
                            Some(text) => option.description(long(&text)),
                            None => option,
                        }
                    })
                    .collect();
                let placeholder = if chunks > 1 || pages > 1 {
                    let (first, last) = (&chunk[0].label, &chunk[chunk.len() - 1].label);
                    lang.render(&t!(
                        "bot-panel-range",
                        pick = pick.clone(),
                        first = first.clone(),
                        last = last.clone()
                    ))
                } else {
                    lang.render(pick)
                };
                rows.extend(id(Verb::Open(n)).map(|cid| {
                    CreateActionRow::SelectMenu(
                        CreateSelectMenu::new(cid, CreateSelectMenuKind::String { options })
                            .placeholder(long(&placeholder)),
                    )
                }));
            }
            rows.extend(page_row(page, pages, &id, lang));
            if !others.is_empty() {
                rows.extend(choice_rows_within(
                    &others,
                    id(Verb::Pick),
                    act,
                    &t!("bot-panel-or-choose"),
                    ROWS.saturating_sub(rows.len()),
                    lang,
                ));
            }
            let note = if pages > 1 {
                t!(
                    "bot-panel-pages-note",
                    pick = pick.clone(),
                    n = groups.len(),
                    page = page + 1,
                    pages = pages
                )
            } else if lang.render(pick).ends_with('…') {
                pick.clone()
            } else {
                t!("bot-panel-pick-note", pick = pick.clone())
            };
            Controls {
                note: Some(note),
                rows,
            }
        }
        _ => list(menu, view, &id, act, lang),
    }
}

/// A group's select description: what its actions choose (a card's spell and building, a
/// development), then the layout's own words when they still fit Discord's 100 characters;
/// the layout's words alone when the group chooses nothing of the kind.
fn group_description(menu: &Menu, group: &Group, lang: Lang) -> Option<String> {
    // The details as texts, each once (by its words in this language).
    let mut details: Vec<(String, Text)> = Vec::new();
    for c in group.members.iter().filter_map(|&i| menu.choices.get(i)) {
        if let Some(d) = &c.detail {
            let words = lang.render(d);
            if !details.iter().any(|(w, _)| *w == words) {
                details.push((words, d.clone()));
            }
        }
    }
    let fits = |text: &String| text.chars().count() <= 100;
    // "A · B": two texts side by side, each in its own words.
    let pair =
        |first: Text, second: Text| t!("bot-panel-side-by-side", first = first, second = second);
    let own = group
        .description
        .clone()
        .filter(|d| !lang.render(d).is_empty());
    let Some(((first_words, first), rest)) = details.split_first() else {
        return own.map(|d| lang.render(&d));
    };
    let what = rest
        .iter()
        .fold(first.clone(), |all, (_, d)| pair(all, d.clone()));
    let both = own
        .as_ref()
        .map(|own| lang.render(&pair(what.clone(), own.clone())));
    let what = lang.render(&what);
    match both {
        Some(both) if fits(&both) => Some(both),
        _ if fits(&what) => Some(what),
        _ => Some(first_words.clone()),
    }
}

/// Adds **What does it do?** to a panel whose choices pick cards, buildings, spells,
/// realms, developments, monuments or relics: it answers privately with what each of them
/// does. It joins the last row of buttons when that has room, else takes a row of its own
/// while Discord's five rows allow; a full panel goes without (`/card` still answers).
pub fn with_explain(
    rows: &mut Vec<CreateActionRow>,
    game: i64,
    version: i64,
    menu: &Menu,
    lang: Lang,
) {
    if menu.choices.iter().all(|c| c.detail.is_none()) {
        return;
    }
    let Some(id) = (ComponentId {
        game,
        version,
        verb: Verb::Explain,
    })
    .encode() else {
        return;
    };
    let button = CreateButton::new(id)
        .label(lang.render(&t!("bot-button-explain")))
        .style(ButtonStyle::Secondary);
    if let Some(CreateActionRow::Buttons(last)) = rows.last_mut()
        && last.len() < ROW
    {
        last.push(button);
    } else if rows.len() < ROWS {
        rows.push(CreateActionRow::Buttons(vec![button]));
    }
}

/// A plain list: buttons (up to 20), one select (up to 25), or pages of 25 turned in place.
fn list(
    menu: &Menu,
    view: &View,
    id: &dyn Fn(Verb) -> Option<String>,
    act: impl Fn(&ActionChoice) -> Option<String> + Copy,
    lang: Lang,
) -> Controls {
    let choices: Vec<&ActionChoice> = menu.choices.iter().collect();
    if choices.len() <= PAGE {
        return Controls {
            note: None,
            rows: choice_rows(
                &choices,
                id(Verb::Pick),
                act,
                &t!("bot-panel-choose-action"),
                lang,
            ),
        };
    }
    let pages = choices.len().div_ceil(PAGE);
    let page = match view {
        View::Top(n) => (*n).min(pages - 1),
        _ => 0,
    };
    let shown: Vec<&ActionChoice> = choices
        .iter()
        .skip(page * PAGE)
        .take(PAGE)
        .copied()
        .collect();
    let first = page * PAGE + 1;
    let last = first + shown.len() - 1;
    let placeholder = t!(
        "bot-panel-choose-action-range",
        first = first,
        last = last,
        n = choices.len()
    );
    let mut rows = select_row(&shown, id(Verb::Pick), &placeholder, lang);
    rows.extend(page_row(page, pages, id, lang));
    Controls {
        note: Some(t!(
            "bot-panel-list-note",
            n = choices.len(),
            page = page + 1,
            pages = pages
        )),
        rows,
    }
}

/// ◂ Previous / More ▸ buttons, if there is more than one page.
fn page_row(
    page: usize,
    pages: usize,
    id: &dyn Fn(Verb) -> Option<String>,
    lang: Lang,
) -> Option<CreateActionRow> {
    let mut buttons = Vec::new();
    if page > 0 {
        buttons.extend(id(Verb::Page(page - 1)).map(|i| {
            CreateButton::new(i)
                .label(lang.render(&t!("bot-button-previous")))
                .style(ButtonStyle::Secondary)
        }));
    }
    if page + 1 < pages {
        buttons.extend(id(Verb::Page(page + 1)).map(|i| {
            let more = t!("bot-button-more", page = page + 2, pages = pages);
            CreateButton::new(i)
                .label(label(&lang.render(&more)))
                .style(ButtonStyle::Secondary)
        }));
    }
    (!buttons.is_empty()).then_some(CreateActionRow::Buttons(buttons))
}

/// Choices as buttons (up to 20 whose ids fit), else as one select (up to 25).
fn choice_rows(
    choices: &[&ActionChoice],
    pick: Option<String>,
    act: impl Fn(&ActionChoice) -> Option<String>,
    placeholder: &Text,
    lang: Lang,
) -> Vec<CreateActionRow> {
    choice_rows_within(choices, pick, act, placeholder, ROWS - 1, lang)
}

/// Choices as buttons when they fit `rows` rows, else as one select (up to 25).
fn choice_rows_within(
    choices: &[&ActionChoice],
    pick: Option<String>,
    act: impl Fn(&ActionChoice) -> Option<String>,
    placeholder: &Text,
    rows: usize,
    lang: Lang,
) -> Vec<CreateActionRow> {
    let ids: Vec<Option<String>> = choices.iter().map(|c| act(c)).collect();
    if choices.len() <= ROW * rows && ids.iter().all(Option::is_some) {
        return choices
            .iter()
            .zip(ids)
            .filter_map(|(c, cid)| {
                cid.map(|cid| {
                    CreateButton::new(cid)
                        .label(label(&lang.render(&c.label)))
                        .style(ButtonStyle::Secondary)
                })
            })
            .collect::<Vec<_>>()
            .chunks(ROW)
            .map(|chunk| CreateActionRow::Buttons(chunk.to_vec()))
            .collect();
    }
    if rows == 0 {
        return Vec::new();
    }
    let shown: Vec<&ActionChoice> = choices.iter().take(PAGE).copied().collect();
    select_row(&shown, pick, placeholder, lang)
}

/// One select menu of up to 25 choices (the notation is each option's value).
fn select_row(
    choices: &[&ActionChoice],
    pick: Option<String>,
    placeholder: &Text,
    lang: Lang,
) -> Vec<CreateActionRow> {
    let options: Vec<CreateSelectMenuOption> = choices
        .iter()
        .filter(|c| c.notation.len() <= 100)
        .map(|c| {
            let option =
                CreateSelectMenuOption::new(label(&lang.render(&c.label)), c.notation.clone());
            match &c.detail {
                Some(detail) => option.description(long(&lang.render(detail))),
                None => option,
            }
        })
        .collect();
    match pick {
        Some(cid) if !options.is_empty() => vec![CreateActionRow::SelectMenu(
            CreateSelectMenu::new(cid, CreateSelectMenuKind::String { options })
                .placeholder(long(&lang.render(placeholder))),
        )],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod clicks;

#[cfg(test)]
mod descriptions;

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use serde_json::Value;
    use turnpost_core::dynamic::DynGame;
    use turnpost_core::registry::new_game;
    use turnpost_core::{Seat, Seed};

    use super::*;

    /// The controls as Discord receives them.
    fn json(controls: &Controls) -> Vec<Value> {
        controls
            .rows
            .iter()
            .map(|r| serde_json::to_value(r).unwrap())
            .collect()
    }

    /// Checks Discord's limits on one panel and returns what its controls lead to: the
    /// notations of its buttons and options, and the views its other controls open.
    /// `together` names the action that items picked together stand for.
    fn walk(
        rows: &[Value],
        menu: &Menu,
        together: &dyn Fn(&[usize]) -> Option<String>,
        acts: &mut BTreeSet<String>,
        views: &mut Vec<View>,
    ) {
        assert!(rows.len() <= ROWS, "{} rows", rows.len());
        let mut ids = BTreeSet::new();
        for row in rows {
            let components = row["components"].as_array().unwrap();
            assert!(!components.is_empty() && components.len() <= ROW);
            for c in components {
                let id = c["custom_id"].as_str().unwrap();
                assert!(id.len() <= 100 && ids.insert(id.to_string()), "{id}");
                let decoded = ComponentId::decode(id).unwrap();
                if c["type"] == 3 {
                    assert_eq!(components.len(), 1, "a select fills its row");
                    let options = c["options"].as_array().unwrap();
                    assert!(!options.is_empty() && options.len() <= PAGE);
                    assert!(c["placeholder"].as_str().unwrap().chars().count() <= 150);
                    if decoded.verb == Verb::Toggled {
                        // Every set of items the select takes at once.
                        let most = c["max_values"].as_u64().unwrap_or(1) as usize;
                        assert!(c["min_values"] == 1 && most >= 1 && most <= options.len());
                        let items: Vec<usize> = options
                            .iter()
                            .map(|o| o["value"].as_str().unwrap().parse().unwrap())
                            .collect();
                        for set in 1u32..1 << items.len() {
                            if set.count_ones() as usize > most {
                                continue;
                            }
                            let picked: Vec<usize> = (0..items.len())
                                .filter(|k| set & (1 << k) != 0)
                                .map(|k| items[k])
                                .collect();
                            acts.extend(together(&picked));
                        }
                        continue;
                    }
                    for o in options {
                        assert!(o["label"].as_str().unwrap().chars().count() <= 100);
                        let value = o["value"].as_str().unwrap().to_string();
                        match decoded.verb {
                            Verb::Open(_) => views.push(View::Group(value)),
                            Verb::Pick => {
                                acts.insert(value);
                            }
                            ref other => panic!("a select with {other:?}"),
                        }
                    }
                } else {
                    let label = c["label"].as_str().unwrap();
                    assert!(label.chars().count() <= 80, "{label}");
                    if c["disabled"] == true {
                        continue;
                    }
                    match decoded.verb {
                        Verb::Act(n) => {
                            assert!(menu.choices.iter().any(|c| c.notation == n), "{n}");
                            acts.insert(n);
                        }
                        Verb::Page(n) => views.push(View::Top(n)),
                        other => panic!("a panel button with {other:?}"),
                    }
                }
            }
        }
    }

    /// Every legal action of the decision is reachable by clicking through the panel, and
    /// every panel on the way respects Discord's limits. Returns the fewest clicks that play
    /// each action, from the panel as it opens.
    fn every_choice_is_reachable(game: &dyn DynGame) -> BTreeMap<String, usize> {
        let seat = game.decision().unwrap().seat;
        let menu = game.menu(seat);
        let mut clicks: BTreeMap<String, usize> = BTreeMap::new();
        let mut todo = std::collections::VecDeque::from([(View::Top(0), 0)]);
        let mut seen = Vec::new();
        while let Some((view, depth)) = todo.pop_front() {
            if seen.contains(&view) {
                continue;
            }
            let controls = controls(7, 3, &menu, &view, Lang::En);
            let (mut acts, mut views) = (BTreeSet::new(), Vec::new());
            walk(
                &json(&controls),
                &menu,
                &|picked| game.toggled_choice(seat, picked).map(|c| c.notation),
                &mut acts,
                &mut views,
            );
            for act in acts {
                clicks.entry(act).or_insert(depth + 1);
            }
            todo.extend(views.into_iter().map(|v| (v, depth + 1)));
            seen.push(view);
        }
        let all: BTreeSet<&String> = menu.choices.iter().map(|c| &c.notation).collect();
        assert_eq!(
            clicks.keys().collect::<BTreeSet<_>>(),
            all,
            "unreachable: {:?}",
            menu.layout
        );
        clicks
    }

    /// Clicks per turn (Take my turn, then the fewest clicks for each action of the turn).
    #[derive(Default)]
    struct TurnClicks {
        all: Vec<usize>,
        typical: Vec<usize>,
        broad: Vec<usize>,
    }

    impl TurnClicks {
        fn report(&mut self, name: &str, typical: &str) -> Option<usize> {
            for list in [&mut self.all, &mut self.typical, &mut self.broad] {
                list.sort_unstable();
            }
            let median = |l: &[usize]| l.get(l.len() / 2).copied();
            eprintln!(
                "{name}: clicks per turn over {} turns: median {:?}, max {:?}; {typical}: median {:?} over {} turns; the same with more steps: median {:?} over {} turns",
                self.all.len(),
                median(&self.all),
                self.all.last(),
                median(&self.typical),
                self.typical.len(),
                median(&self.broad),
                self.broad.len()
            );
            median(&self.typical)
        }
    }

    /// Which turns of a game count as typical: (the turn's kind of actions were played,
    /// and nothing else).
    type Typical = fn(&[String]) -> (bool, bool);

    fn did(played: &[String], what: &str) -> bool {
        played.iter().any(|p| p.starts_with(what))
    }

    /// Pandoria: a tile, a worker, a spell without a further target, and the purchase step.
    fn pandoria_typical(played: &[String]) -> (bool, bool) {
        let kinds = did(played, "tile ") && did(played, "worker ") && did(played, "spell ");
        let only = played.len() == 4 && (did(played, "buy ") || played[3] == "pass");
        (kinds, only)
    }

    /// Roll Through the Ages: a reroll, building and buying, in at most five actions.
    fn rtta_typical(played: &[String]) -> (bool, bool) {
        let kinds = did(played, "reroll") && did(played, "build") && did(played, "buy");
        (kinds, played.len() <= 5)
    }

    #[test]
    fn random_decisions_of_both_games_fit_discord_and_reach_every_choice() {
        type Options<'a> = &'a [(&'a str, &'a str)];
        // (game, options, players, which tally, typical turns)
        let configurations: [(&str, Options, usize, usize, Typical); 5] = [
            ("pandoria", &[("mode", "standard")], 3, 0, pandoria_typical),
            (
                "pandoria",
                &[("mode", "standard"), ("edition", "second")],
                4,
                0,
                pandoria_typical,
            ),
            ("pandoria", &[("mode", "family")], 2, 0, pandoria_typical),
            ("rtta", &[], 2, 1, rtta_typical),
            ("rtta", &[("trade", "true")], 3, 1, rtta_typical),
        ];
        let mut tallies = [TurnClicks::default(), TurnClicks::default()];
        for (k, (name, options, players, tally, typical)) in
            configurations.into_iter().flat_map(|c| [c; 3]).enumerate()
        {
            let options: Vec<(String, String)> = options
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
            let mut game = new_game(name, &options, players, Seed::from_u64(k as u64)).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
            let mut decisions = 0;
            // The turn so far: who, its clicks and its actions.
            let mut turn: Option<(Seat, usize, Vec<String>)> = None;
            let tally = &mut tallies[tally];
            while let Some(d) = game.decision() {
                let clicks = every_choice_is_reachable(&*game);
                // Mostly doing something rather than passing, so that spells and
                // purchases happen.
                let mut legal = game.legal_notations(d.seat);
                let busy: Vec<String> = legal
                    .iter()
                    .filter(|n| *n != "pass" && *n != "done")
                    .cloned()
                    .collect();
                if !busy.is_empty() && rng.random_bool(0.8) {
                    legal = busy;
                }
                let pick = legal[rng.random_range(0..legal.len())].clone();
                if turn.as_ref().is_none_or(|(s, _, _)| *s != d.seat) {
                    if let Some((_, n, played)) = turn.take() {
                        tally.all.push(n);
                        match typical(&played) {
                            (true, true) => tally.typical.push(n),
                            (true, false) => tally.broad.push(n),
                            _ => {}
                        }
                    }
                    // Take my turn opens the panel.
                    turn = Some((d.seat, 1, Vec::new()));
                }
                if let Some((_, n, played)) = turn.as_mut() {
                    *n += clicks[&pick];
                    played.push(pick.clone());
                }
                game.play(d.seat, &pick).unwrap();
                decisions += 1;
                assert!(decisions < 5000);
            }
            assert!(decisions > 40, "{name}: {decisions} decisions");
        }
        let [mut pandoria, mut rtta] = tallies;
        let typical = pandoria.report(
            "Pandoria",
            "turns of a tile, a worker, a spell without targets and the purchase step",
        );
        assert!(
            typical.is_some_and(|n| n <= 6),
            "a Pandoria turn with a tile, a worker and a spell takes {typical:?} clicks"
        );
        rtta.report(
            "Roll Through the Ages",
            "turns of a roll, a build and a purchase in at most five actions",
        );
    }
}
