//! Wording of refusals and prompts that once read wrong (issue 28): each test fails on the
//! old text.

use turnpost_core::Seed;
use turnpost_core::dynamic::{DynGame, Refusal};
use turnpost_core::pandoria::{DecisionKind, SpellEffect};
use turnpost_core::registry::new_game;

fn standard() -> Box<dyn DynGame> {
    let options = vec![("mode".to_string(), "standard".to_string())];
    new_game("pandoria", &options, 3, Seed::from_u64(3)).unwrap()
}

fn refusal(game: &mut dyn DynGame, text: &str) -> String {
    let seat = game.decision().unwrap().seat;
    match game.play(seat, text) {
        Err(Refusal::Parse(e)) => e.reason.to_string(),
        other => panic!("{text}: {other:?}"),
    }
}

/// The verbs of the legal actions of the seat to act.
fn legal_verbs(game: &dyn DynGame) -> Vec<String> {
    let seat = game.decision().unwrap().seat;
    game.legal_notations(seat)
        .iter()
        .filter_map(|n| n.split(' ').next().map(str::to_string))
        .collect()
}

#[test]
fn an_unknown_action_lists_only_the_forms_legal_now() {
    let mut game = standard();
    let verbs = legal_verbs(&*game);
    let reason = refusal(&mut *game, "fly D7");
    // The old answer listed about thirty forms, expansions not in play among them.
    let (head, forms) = reason.split_once("now you can play: ").expect(&reason);
    assert_eq!(head, "unknown action \"fly\"; ");
    for form in forms.split(", ") {
        let verb = form.split(' ').next().unwrap();
        let verb = if verb == "crystal/gold/wood" {
            "crystal"
        } else {
            verb
        };
        assert!(
            verbs.iter().any(|v| v == verb),
            "{form} is not legal now: {reason}"
        );
    }
    assert!(
        !reason.contains("ransom") && !reason.contains("haunt"),
        "{reason}"
    );
}

#[test]
fn build_with_a_name_but_no_slot_says_what_build_takes() {
    let mut game = standard();
    let reason = refusal(&mut *game, "build vault");
    assert!(!reason.contains("is not a building slot"), "{reason}");
    assert!(
        reason.starts_with("\"build\" takes a card from your hand (its number or name) and a building slot 1–5, like \"build 17 3\""),
        "{reason}"
    );
    // At the tile step nothing can be built, and the answer says so.
    assert!(reason.ends_with("nothing can be built now"), "{reason}");
}

#[test]
fn a_spell_step_says_what_the_choices_are() {
    let prompt = DecisionKind::Effect(SpellEffect::Acquire(1)).to_string();
    assert_eq!(prompt, "Acquire 1: take a market card for free");
    let two = DecisionKind::Effect(SpellEffect::Acquire(2)).to_string();
    assert!(two.contains("up to 2 market cards"), "{two}");
    for effect in SpellEffect::ALL {
        let prompt = DecisionKind::Effect(effect).to_string();
        assert!(!prompt.contains("choose what"), "{prompt}");
    }
}

/// What changed since a player last played names every action of the others in words:
/// each spell, building, purchase, monument and relic of a whole game shows up in the
/// public view's changes with its log line (issue 28; the view held only tiles, castles,
/// figures and closed regions before).
#[test]
fn what_changed_names_spells_builds_purchases_and_monuments() {
    use turnpost_core::pandoria::{ChangeKind, PublicView};
    let options = vec![
        ("mode".to_string(), "standard".to_string()),
        ("artifacts".to_string(), "true".to_string()),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..4 {
        let mut game = new_game("pandoria", &options, 3, Seed::from_u64(seed)).unwrap();
        let mut steps = 0;
        while let Some(d) = game.decision() {
            let legal = game.legal_notations(d.seat);
            // A busy player: anything but passing when it can.
            let pick = legal
                .iter()
                .find(|n| {
                    ["spell", "build", "monument", "buy", "relic"]
                        .iter()
                        .any(|v| n.starts_with(v))
                })
                .or_else(|| legal.iter().find(|n| *n != "pass"))
                .unwrap_or(&legal[0])
                .clone();
            let played = game.play(d.seat, &pick).unwrap();
            let view = game.public_view();
            let view = view.as_any().downcast_ref::<PublicView>().unwrap();
            let name = game.seat_name(d.seat).to_string();
            for verb in ["spell", "build", "monument", "buy", "relic"] {
                if !pick.starts_with(verb) {
                    continue;
                }
                // The action's log lines, without the name, are among the changes in words.
                let words: Vec<String> = view
                    .changes
                    .iter()
                    .filter(|c| c.seat == d.seat && c.kind == ChangeKind::Action)
                    .filter_map(|c| c.words.as_ref().map(ToString::to_string))
                    .collect();
                let line = played.log.iter().find(|l| {
                    words
                        .iter()
                        .any(|w| l.to_string().ends_with(w) && l.to_string().starts_with(&name))
                });
                assert!(line.is_some(), "{pick}: {:?} not in {words:?}", played.log);
                seen.insert(verb);
            }
            steps += 1;
            assert!(steps < 5000);
        }
    }
    for verb in ["spell", "build", "buy"] {
        assert!(seen.contains(verb), "no {verb} was played: {seen:?}");
    }
}

#[test]
fn the_build_prompt_counts_one_worker_in_the_singular() {
    let prompt = turnpost_core::rtta::DecisionKind::Build { workers: 1 }.to_string();
    // Was "place 1 workers on cities and monuments or say done".
    assert_eq!(prompt, "place 1 worker on cities and monuments or say done");
}
