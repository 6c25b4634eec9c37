//! Unit tests of the set-up and options of the base game (the rules are tested by the
//! scenario files under `core/tests/scenarios/pandoria/`).

use super::*;
use crate::game::options_from_pairs;

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn the_family_game_stays_the_default() {
    let o = Options::default();
    assert_eq!(o.mode, Mode::Family);
    assert_eq!(o.edition, Edition::Yucata);
    assert_eq!(o.realms, RealmAssignment::RandomUnique);
    assert!(!o.partnership);
    // Options saved before the base game existed still load.
    let old: Options =
        serde_json::from_str(r#"{"mode":"family","start_tiles":"marked","start_apart":false}"#)
            .unwrap();
    assert_eq!(old, o);
}

#[test]
fn options_read_from_key_value_pairs() {
    let o: Options = options_from_pairs(&pairs(&[
        ("mode", "standard"),
        ("realms", "random-not-unique"),
        ("edition", "second"),
        ("partnership", "true"),
    ]))
    .unwrap();
    assert_eq!(o.mode, Mode::Standard);
    assert_eq!(o.realms, RealmAssignment::RandomNotUnique);
    assert_eq!(o.edition, Edition::Second);
    assert!(o.partnership);
    let o: Options = options_from_pairs(&pairs(&[
        ("mode", "family_spells"),
        ("edition", "first"),
        ("realms", "same_chosen"),
        ("realm", "elves"),
    ]))
    .unwrap();
    assert_eq!(o.mode, Mode::FamilySpells);
    assert_eq!(o.edition, Edition::Yucata);
    assert_eq!(o.realm, Some(Realm::Elves));
    assert!(options_from_pairs::<Options>(&pairs(&[("mode", "expert")])).is_err());
}

#[test]
fn setup_refuses_option_combinations_that_cannot_be_played() {
    let new = |o: Options, n| Pandoria::new(&o, n, Seed::from_u64(1)).map(|_| ());
    let e = new(
        Options {
            partnership: true,
            ..Options::default()
        },
        3,
    )
    .unwrap_err();
    assert!(
        e.0.to_string()
            .contains("partnership game is for 4 players"),
        "{e}"
    );
    let e = new(
        Options {
            mode: Mode::Standard,
            realms: RealmAssignment::SameChosen,
            ..Options::default()
        },
        2,
    )
    .unwrap_err();
    assert!(e.0.to_string().contains("realm=elves"), "{e}");
    let e = new(
        Options {
            mode: Mode::Beginner,
            realms: RealmAssignment::SameRandom,
            ..Options::default()
        },
        2,
    )
    .unwrap_err();
    assert!(e.0.to_string().contains("different realm"), "{e}");
    assert!(
        new(
            Options {
                mode: Mode::Standard,
                partnership: true,
                ..Options::default()
            },
            4
        )
        .is_ok()
    );
}

#[test]
fn expansion_and_promo_realms_play_the_standard_game() {
    let new = |mode, realm| {
        let o = Options {
            mode,
            realms: RealmAssignment::SameChosen,
            realm: Some(realm),
            ..Options::default()
        };
        Pandoria::new(&o, 3, Seed::from_u64(1)).map(|g| g.seats[0].realm)
    };
    for realm in &Realm::ALL[5..] {
        let realm = *realm;
        assert_eq!(new(Mode::Standard, realm).unwrap(), Some(realm));
        let e = new(Mode::Beginner, realm).unwrap_err();
        assert!(
            e.0.to_string().contains("no side A") && e.0.to_string().contains("mode=standard"),
            "{e}"
        );
    }
    // The family games have no realms: the option is not read there.
    assert!(new(Mode::Family, Realm::Goblins).is_ok());
}

#[test]
fn realm_sets_choose_what_is_dealt() {
    let new = |mode, realms, realm_sets| {
        let o = Options {
            mode,
            realms,
            realm_sets,
            ..Options::default()
        };
        Pandoria::new(&o, 4, Seed::from_u64(3))
    };
    // Base and promo: the seven realms, the promo ones among them over enough deals.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let o = Options {
            mode: Mode::Standard,
            realm_sets: RealmSets::BasePromo,
            ..Options::default()
        };
        let g = Pandoria::new(&o, 4, Seed::from_u64(seed)).unwrap();
        let mine: std::collections::BTreeSet<Realm> =
            g.seats.iter().filter_map(|s| s.realm).collect();
        assert_eq!(mine.len(), 4, "random_unique: four different realms");
        seen.extend(mine);
    }
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        RealmSets::BasePromo.realms()
    );
    // Each chooses: the legal realms are the sets' realms.
    let g = new(
        Mode::Standard,
        RealmAssignment::EachChooses,
        RealmSets::BasePromo,
    )
    .unwrap();
    let legal: Vec<Action> = g.legal_actions(g.decision().unwrap().seat);
    assert_eq!(legal.len(), 7);
    assert!(legal.contains(&Action::Realm(Realm::Hanbok)));
    // All twelve: every realm turns up over enough deals. The beginner game refuses any
    // set but base.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..80 {
        let o = Options {
            mode: Mode::Standard,
            realm_sets: RealmSets::All,
            ..Options::default()
        };
        let g = Pandoria::new(&o, 4, Seed::from_u64(seed)).unwrap();
        seen.extend(g.seats.iter().filter_map(|s| s.realm));
    }
    assert_eq!(seen.len(), 12, "{seen:?}");
    let e = new(
        Mode::Beginner,
        RealmAssignment::RandomUnique,
        RealmSets::BasePromo,
    )
    .unwrap_err();
    assert!(
        e.0.to_string()
            .contains("beginner game plays the base realms"),
        "{e}"
    );
    // The default deals exactly as before realm sets existed.
    let before = new(
        Mode::Standard,
        RealmAssignment::RandomUnique,
        RealmSets::Base,
    )
    .unwrap();
    assert!(
        before
            .seats
            .iter()
            .all(|s| s.realm.is_some_and(|r| r.set() == RealmSet::Base))
    );
}

#[test]
fn random_deals_draw_from_the_base_realms() {
    for assignment in [
        RealmAssignment::RandomUnique,
        RealmAssignment::RandomNotUnique,
        RealmAssignment::SameRandom,
    ] {
        for seed in 0..40 {
            let o = Options {
                mode: Mode::Standard,
                realms: assignment,
                ..Options::default()
            };
            let g = Pandoria::new(&o, 4, Seed::from_u64(seed)).unwrap();
            for s in &g.seats {
                assert_eq!(s.realm.map(Realm::set), Some(RealmSet::Base), "{o:?}");
            }
        }
    }
}

#[test]
fn realm_assignment_options_give_out_realms_as_named() {
    for seed in 0..20 {
        let realms = |assign, players| {
            let o = Options {
                mode: Mode::Standard,
                realms: assign,
                ..Options::default()
            };
            let g = Pandoria::new(&o, players, Seed::from_u64(seed)).unwrap();
            (0..players)
                .map(|s| g.seat_state(Seat(s as u8)).realm.unwrap())
                .collect::<Vec<_>>()
        };
        let unique = realms(RealmAssignment::RandomUnique, 4);
        let mut sorted = unique.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 4, "{unique:?}");
        let same = realms(RealmAssignment::SameRandom, 3);
        assert!(same.iter().all(|&r| r == same[0]), "{same:?}");
    }
    // Over many seeds "not unique" repeats a realm at least once.
    let repeats = (0..50).any(|seed| {
        let o = Options {
            mode: Mode::Standard,
            realms: RealmAssignment::RandomNotUnique,
            ..Options::default()
        };
        let g = Pandoria::new(&o, 4, Seed::from_u64(seed)).unwrap();
        let mut r: Vec<Realm> = (0..4)
            .map(|s| g.seat_state(Seat(s)).realm.unwrap())
            .collect();
        r.sort();
        r.dedup();
        r.len() < 4
    });
    assert!(repeats);
}

#[test]
fn monuments_depend_on_the_player_count() {
    assert_eq!(Pandoria::monuments_for(4).len(), 13);
    assert_eq!(
        Pandoria::monuments_for(3),
        vec![3, 3, 3, 3, 4, 4, 5, 5, 6, 6]
    );
    assert_eq!(Pandoria::monuments_for(2), vec![3, 3, 3, 3, 4, 5, 6]);
}

#[test]
fn hand_cards_may_be_named_when_the_name_fits_one_card() {
    let o = Options {
        mode: Mode::Standard,
        ..Options::default()
    };
    let mut g = Pandoria::new(&o, 2, Seed::from_u64(1)).unwrap();
    g.fix("realms", "humans humans").unwrap();
    g.fix("start-player", "1").unwrap();
    g.fix("cards", "1 14 36 18").unwrap();
    assert_eq!(
        g.parse_action("build small tower 3"),
        Ok(Action::Build(CardId(18), 3, None))
    );
    assert_eq!(
        g.parse_action("build Kleiner-Turm 3 with gold"),
        Ok(Action::Build(CardId(18), 3, Some(Resource::Gold)))
    );
    assert_eq!(
        g.parse_action("spell teleport"),
        Ok(Action::Spell(CardId(18), None))
    );
    assert_eq!(
        g.parse_action("spell rage ×3"),
        Ok(Action::Spell(CardId(36), None))
    );
    let e = g.parse_action("spell rage").unwrap_err();
    assert!(e.reason.to_string().contains("fits cards 14 and 36"), "{e}");
    let e = g.parse_action("spell astral ship").unwrap_err();
    assert!(e.reason.to_string().contains("no card in your hand"), "{e}");
}

/// Plays whole turns of the family game, preferring tiles and workers, until `seat`'s turn
/// begins; returns the seats whose turns were played, in order.
fn play_until_turn_of(game: &mut Pandoria, seat: Seat) -> Vec<Seat> {
    let mut turns = Vec::new();
    loop {
        let d = game.decision().unwrap();
        if turns.last() != Some(&d.seat) {
            if d.seat == seat && !turns.is_empty() {
                return turns;
            }
            turns.push(d.seat);
        }
        let legal = game.legal_actions(d.seat);
        let action = legal
            .iter()
            .find(|a| matches!(a, Action::Worker(_)))
            .or_else(|| legal.iter().find(|a| matches!(a, Action::Tile(..))))
            .unwrap_or(&legal[0]);
        game.apply(d.seat, action).unwrap();
    }
}

#[test]
fn the_board_shows_what_each_seat_changed_since_the_player_to_act_last_played() {
    let mut game = Pandoria::new(&Options::default(), 3, Seed::from_u64(4)).unwrap();
    let first = game.decision().unwrap().seat;
    assert!(game.public_view().changes.is_empty());
    // The first player's turn, then the others': each one's tile and worker are kept.
    let turns = play_until_turn_of(&mut game, first);
    assert_eq!(turns.len(), 3);
    let changes = game.public_view().changes;
    for &s in &turns {
        let theirs: Vec<&Change> = changes.iter().filter(|c| c.seat == s).collect();
        if s == first {
            assert!(
                theirs.is_empty(),
                "the player to act's own last turn is gone"
            );
        } else {
            assert!(
                theirs
                    .iter()
                    .any(|c| c.kind == ChangeKind::Tile && c.at.len() == 2),
                "{s}: {theirs:?}"
            );
        }
    }
    // A step of one's own turn shows at once, beside the others' turns.
    let others_before = changes.iter().filter(|c| c.seat != first).count();
    let d = game.decision().unwrap();
    let tile = game
        .legal_actions(d.seat)
        .into_iter()
        .find(|a| matches!(a, Action::Tile(..)))
        .unwrap();
    game.apply(d.seat, &tile).unwrap();
    let changes = game.public_view().changes;
    assert!(
        changes
            .iter()
            .any(|c| c.seat == first && c.kind == ChangeKind::Tile)
    );
    assert_eq!(
        changes.iter().filter(|c| c.seat != first).count(),
        others_before,
        "the others' turns stay marked during this turn"
    );
    // Every marked hex is covered: nothing points at an empty space.
    for c in &changes {
        if c.kind == ChangeKind::Tile {
            for h in &c.at {
                assert!(!matches!(game.land(*h), Land::Empty), "{h}");
            }
        }
    }
}

#[test]
fn the_score_parts_add_up_to_the_score_at_every_step() {
    use rand::{Rng, SeedableRng};
    let mut parts_seen = ScoreParts::default();
    for (k, mode) in [
        Mode::Family,
        Mode::FamilySpells,
        Mode::Beginner,
        Mode::Standard,
    ]
    .into_iter()
    .enumerate()
    {
        for edition in [Edition::Yucata, Edition::Second] {
            for players in 2..=4 {
                let options = Options {
                    mode,
                    edition,
                    ..Options::default()
                };
                let seed = (k * 100 + players) as u64 + edition as u64 * 10;
                let mut game = Pandoria::new(&options, players, Seed::from_u64(seed)).unwrap();
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                while let Some(d) = game.decision() {
                    let legal = game.legal_actions(d.seat);
                    // Mostly doing something, so that buildings and monuments score.
                    let busy: Vec<&Action> = legal.iter().filter(|a| **a != Action::Pass).collect();
                    let action = if !busy.is_empty() && rng.random_bool(0.85) {
                        *busy[rng.random_range(0..busy.len())]
                    } else {
                        legal[rng.random_range(0..legal.len())]
                    };
                    game.apply(d.seat, &action).unwrap();
                    for (i, s) in game.public_view().seats.iter().enumerate() {
                        let parts = s.score_parts;
                        assert_eq!(parts.total(), s.score, "seat {i} after {action}: {parts:?}");
                    }
                }
                for s in &game.public_view().seats {
                    let p = s.score_parts;
                    parts_seen.regions += p.regions;
                    parts_seen.buildings += p.buildings;
                    parts_seen.monuments += p.monuments;
                    parts_seen.conversions += p.conversions;
                    parts_seen.hand_cards += p.hand_cards;
                    parts_seen.resources += p.resources;
                }
            }
        }
    }
    // Conversions are rare in random play: a seat at 10 gold gains 5 more.
    let options = Options {
        mode: Mode::Standard,
        ..Options::default()
    };
    let mut game = Pandoria::new(&options, 2, Seed::from_u64(3)).unwrap();
    game.fix("resources", "1 10 10 10").unwrap();
    game.gain(Seat(0), Resource::Gold, 5, &mut Vec::new());
    let seat = &game.public_view().seats[0];
    assert!(seat.score_parts.conversions > 0, "{:?}", seat.score_parts);
    assert_eq!(seat.score_parts.total(), seat.score);
    parts_seen.conversions += seat.score_parts.conversions;
    // Every kind of part occurred somewhere, so each site that scores was exercised.
    let p = parts_seen;
    for (name, n) in [
        ("regions", p.regions),
        ("buildings", p.buildings),
        ("monuments", p.monuments),
        ("conversions", p.conversions),
        ("hand cards", p.hand_cards),
        ("resources", p.resources),
    ] {
        assert!(n > 0, "no {name} points in any game: {p:?}");
    }
}

/// Artifacts (text 004 "Preparation"): the new start tile lies on its fixed place with a
/// random side up — both sides occur — and nothing touches it at the start.
#[test]
fn the_artifacts_start_tile_shows_a_random_side_on_its_place() {
    let data = super::artifacts();
    let options = Options {
        artifacts: true,
        ..Options::default()
    };
    let mut sides = std::collections::BTreeSet::new();
    for seed in 0..40 {
        // Start tiles at random keep away from it too, and neither is overwritten.
        let start_tiles = if seed % 2 == 0 {
            StartTiles::Marked
        } else {
            StartTiles::Random
        };
        let options = Options {
            start_tiles,
            ..options.clone()
        };
        let g = Pandoria::new(&options, 3, Seed::from_u64(seed)).unwrap();
        for id in [49, 50] {
            let covered = Hex::all()
                .filter(|&h| matches!(g.land(h), Land::Terrain { tile: Some(t), .. } if t.0 == id))
                .count();
            assert_eq!(
                covered, 2,
                "seed {seed}: start tile {id} covers {covered} hexes"
            );
        }
        for h in data.start_at {
            match g.land(h) {
                Land::Terrain { tile: Some(t), .. } => {
                    sides.insert(t);
                }
                other => panic!("seed {seed}: {h} holds {other:?}"),
            }
        }
        for h in data.start_at {
            for n in h.neighbours() {
                if !data.start_at.contains(&n) {
                    assert_eq!(
                        g.land(n),
                        Land::Empty,
                        "seed {seed}: {n} is covered at the start"
                    );
                }
            }
        }
    }
    assert_eq!(
        sides.len(),
        2,
        "both sides of the start tile occur: {sides:?}"
    );
}

/// The River side refuses the Artifacts expansion, with the reason.
#[test]
fn the_river_side_refuses_artifacts() {
    let options = Options {
        artifacts: true,
        board: BoardSide::River,
        ..Options::default()
    };
    let e = Pandoria::new(&options, 2, Seed::from_u64(1)).unwrap_err();
    assert!(e.0.to_string().contains("Pandoria side only"), "{e}");
}

/// Start tiles chosen by the start player never touch the Artifacts start tile.
#[test]
fn chosen_start_tiles_keep_away_from_the_artifacts_start_tile() {
    let options = Options {
        artifacts: true,
        start_tiles: StartTiles::Chosen,
        ..Options::default()
    };
    let mut g = Pandoria::new(&options, 2, Seed::from_u64(3)).unwrap();
    let seat = g.current();
    let near = |h: Hex| {
        super::artifacts()
            .start_at
            .iter()
            .any(|&s| s.is_adjacent(h))
    };
    let legal = g.legal_actions(seat);
    assert!(!legal.is_empty());
    for action in &legal {
        if let Action::Start(a, b) = action {
            assert!(
                !near(*a) && !near(*b),
                "{action} touches the Artifacts start tile"
            );
        }
    }
    let e = g
        .apply(seat, &"start K12 K13".parse().unwrap())
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("nothing may touch the Artifacts start tile"),
        "{e}"
    );
}
