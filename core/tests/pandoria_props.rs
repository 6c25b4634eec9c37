//! Property tests: random legal Pandoria games — family, family with spells, standard and
//! beginner, both editions, every realm mix — for 2, 3 and 4 players.
//!
//! Why this file is long (987 lines): the checks run after every action (`assert_conserved`,
//! about 220 lines of invariants, and `play_checked`) are shared by all 12 property tests.

mod support;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost_core::hex::Hex;
use turnpost_core::pandoria::{
    self, Action, BoardSide, CardId, Edition, Effect, Land, Mode, Options, Pandoria, Realm,
    RealmAssignment, RealmSet, RealmSets, Resource, Space, StartTiles, Step, TileId, cards, tiles,
};
use turnpost_core::{Game, Seat, Seed};

/// Checks that every piece is somewhere exactly once and resources stay in 0..=10.
fn assert_conserved(g: &Pandoria) {
    let players = g.players();
    let state = serde_json::to_value(g).unwrap();
    let mut ids: Vec<u64> = Vec::new();
    for key in ["stack", "removed"] {
        ids.extend(
            state[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap()),
        );
    }
    ids.extend(g.single_tiles().iter().map(|t| u64::from(t.0)));
    if let Step::Effect {
        effect: Effect::Tile { tile },
    }
    | Step::Single { tile } = g.step()
    {
        ids.push(u64::from(tile.0));
    }
    for s in 0..players {
        ids.extend(
            g.seat_state(Seat(s as u8))
                .hand
                .iter()
                .map(|t| u64::from(t.0)),
        );
    }
    let mut on_board: Vec<u64> = Vec::new();
    let mut castles = vec![0u8; players];
    let mut mountains = vec![0u8; players];
    let mut workers = vec![0u8; players];
    let mut leaders = vec![0u8; players];
    for hex in Hex::all() {
        match g.land(hex) {
            // Start tiles (the base ones and the Artifacts one) are not counted.
            Land::Terrain { tile: Some(t), .. }
                if !(49..=50).contains(&t.0) && !t.is_printed_like() =>
            {
                on_board.push(u64::from(t.0))
            }
            Land::Castle { owner } if !g.board().is_plain(hex) => mountains[owner.index()] += 1,
            Land::Castle { owner } => castles[owner.index()] += 1,
            _ => {}
        }
        if let Some(f) = g.figure(hex) {
            // River: no figure stays on an enclosed ship (it sails on or goes home at once).
            if g.board().has_river() && g.board().space(hex) == (Space::Lake { ship: true }) {
                assert!(
                    g.board()
                        .neighbours(hex)
                        .any(|n| g.board().space(n) == Space::Plain && g.land(n) == Land::Empty),
                    "a figure stays on the enclosed ship at {hex}"
                );
            }
            if f.leader {
                leaders[f.seat.index()] += 1;
            } else {
                workers[f.seat.index()] += 1;
            }
        }
    }
    // Hanbok captives are nobody's reserve and not on the board, but they still exist; so
    // are goblins on buildings.
    // Haunting figures: on the board (on another player's figure) or in a victim's reserve.
    let waiting = (0..players).filter_map(|s| g.seat_state(Seat(s as u8)).haunted_by);
    for f in g
        .spirits()
        .iter()
        .map(|(h, f)| {
            let host = g.figure(*h).expect("a haunting figure stands on a figure");
            assert_ne!(host.seat, f.seat, "nobody haunts themselves");
            *f
        })
        .chain(waiting.map(|h| h.figure))
    {
        if f.leader {
            leaders[f.seat.index()] += 1;
        } else {
            workers[f.seat.index()] += 1;
        }
    }
    for s in 0..players {
        for slot in &g.seat_state(Seat(s as u8)).slots {
            if let Some(f) = slot.goblin {
                assert!(slot.building().is_some(), "a goblin on no building");
                if f.leader {
                    leaders[f.seat.index()] += 1;
                } else {
                    workers[f.seat.index()] += 1;
                }
            }
        }
        for f in &g.seat_state(Seat(s as u8)).captives {
            assert_ne!(
                f.seat.index(),
                s,
                "a seat never holds its own figure captive"
            );
            if f.leader {
                leaders[f.seat.index()] += 1;
            } else {
                workers[f.seat.index()] += 1;
            }
        }
    }
    // A double tile covers exactly two hexes, a single tile one: count them, so that a tile
    // placed twice is caught.
    on_board.sort();
    let mut i = 0;
    while i < on_board.len() {
        let id = on_board[i];
        let hexes = on_board[i..].iter().take_while(|&&t| t == id).count();
        let covers = if tiles().get(TileId(id as u8)).unwrap().b.is_some() {
            2
        } else {
            1
        };
        assert_eq!(
            hexes, covers,
            "tile {id} covers {hexes} hexes, not {covers}"
        );
        ids.push(id);
        i += hexes;
    }
    ids.sort();
    let mut all: Vec<u64> = (1..=48).collect();
    let artifacts = g.options().artifacts;
    if g.options().mode != Mode::Family || artifacts {
        // The family game leaves the single tiles in the box (not with Artifacts).
        all.extend(51..=58);
    }
    if artifacts {
        all.extend(59..=76);
    }
    all.sort();
    // Artifacts: every piece in the reserve, with a seat, or on the board; every relic once.
    let mut pieces = u32::from(g.artifact_reserve());
    pieces += g
        .artifacts_on_board()
        .iter()
        .map(|&(_, n)| u32::from(n))
        .sum::<u32>();
    let mut relics: Vec<u8> = g.relics_left().iter().map(|r| r.points).collect();
    for (s, &mountain) in mountains.iter().enumerate() {
        let st = g.seat_state(Seat(s as u8));
        pieces += u32::from(st.artifacts);
        relics.extend(&st.relics);
        if g.artifact_holder(Seat(s as u8)) != Seat(s as u8) {
            assert_eq!(st.artifacts, 0, "partners keep one pile of artifacts");
        }
        assert_eq!(
            mountain + u8::from(st.mountain),
            u8::from(artifacts),
            "mountain castle of seat {s}"
        );
    }
    relics.sort();
    if artifacts {
        assert_eq!(
            pieces,
            u32::from(pandoria::artifacts().pieces),
            "artifact pieces"
        );
        let all_relics: Vec<u8> = pandoria::artifacts()
            .relics_for(players)
            .iter()
            .map(|r| r.points)
            .collect();
        assert_eq!(relics, all_relics, "every relic once");
    } else {
        assert_eq!(pieces, 0);
        assert!(relics.is_empty());
    }
    assert_eq!(ids, all, "every double and single tile exactly once");
    let mut card_ids: Vec<CardId> = Vec::new();
    let (deck, market, boxed) = g.card_piles();
    card_ids.extend(deck.iter().chain(market).chain(boxed));
    assert!(market.len() <= 4);
    let mut monuments: Vec<u8> = g.monuments().to_vec();
    for s in 0..players {
        let st = g.seat_state(Seat(s as u8));
        assert_eq!(castles[s] + st.castles, 2, "castles of seat {s}");
        assert_eq!(
            workers[s] + st.workers,
            Pandoria::workers_for(players),
            "workers of seat {s}"
        );
        assert_eq!(leaders[s] + u8::from(st.leader), 1, "leader of seat {s}");
        assert!(st.hand.len() <= 2);
        // The camp: 10 of each resource, 8 for the Fairies in the standard game.
        let camp = match (g.options().mode, st.realm) {
            (Mode::Standard, Some(realm)) => realm.camp(),
            _ => 10,
        };
        assert!(
            st.resources.iter().all(|&r| r <= camp),
            "resources {:?} over {camp}",
            st.resources
        );
        card_ids.extend(st.cards.iter().chain(&st.spells));
        for slot in &st.slots {
            card_ids.extend(&slot.cards);
            monuments.extend(slot.monument);
            assert!(slot.monument.is_none() || !slot.cards.is_empty());
        }
    }
    card_ids.sort();
    assert_eq!(
        card_ids,
        cards().all().map(|c| c.id).collect::<Vec<_>>(),
        "every card exactly once"
    );
    if matches!(g.options().mode, Mode::Standard | Mode::Beginner) {
        monuments.sort();
        assert_eq!(monuments, Pandoria::monuments_for(players), "monuments");
    }
}

/// A random action from the whole action space, most of them illegal.
fn random_action(rng: &mut ChaCha8Rng) -> Action {
    let hex = |rng: &mut ChaCha8Rng| Hex::from_index(rng.random_range(0..224)).unwrap();
    let res = |rng: &mut ChaCha8Rng| match rng.random_range(0..4) {
        0 => None,
        k => Some(Resource::ALL[k - 1]),
    };
    let card = |rng: &mut ChaCha8Rng| CardId(rng.random_range(1..=54));
    match rng.random_range(0..28) {
        27 => Action::Ship(hex(rng), res(rng)),
        24 => Action::Mountain(hex(rng)),
        25 => Action::DrawSingle,
        26 => Action::Relic(rng.random_range(0..=8)),
        0 => Action::Tile(hex(rng), hex(rng)),
        1 => {
            // A neighbouring pair, to probe adjacency rather than only distance.
            let a = hex(rng);
            let b = a.neighbours().next().unwrap();
            Action::Tile(a, b)
        }
        2 => Action::Castle(hex(rng)),
        3 => Action::Worker(hex(rng)),
        4 => Action::Leader(hex(rng)),
        5 => Action::Retrieve(hex(rng)),
        6 => Action::SecondTile(hex(rng), hex(rng)),
        7 => Action::Single(hex(rng)),
        8 => Action::Spell(card(rng), res(rng)),
        9 => Action::Build(card(rng), rng.random_range(0..=6), res(rng)),
        10 => Action::Monument(rng.random_range(0..=6), res(rng)),
        11 => Action::Buy(rng.random_range(0..=5), res(rng)),
        12 => Action::Take(rng.random_range(0..=5)),
        13 => Action::Adopt(Seat(rng.random_range(0..4))),
        14 => Action::Choose(Resource::ALL[rng.random_range(0..3)]),
        15 => Action::Rage(hex(rng), hex(rng)),
        16 => Action::Move(hex(rng), hex(rng)),
        17 => Action::Points,
        18 => Action::Card,
        19 => Action::Realm(Realm::ALL[rng.random_range(0..Realm::ALL.len())]),
        20 => Action::Both(card(rng), res(rng)),
        21 => Action::Recast(res(rng)),
        22 => {
            let a = hex(rng);
            let b = a.neighbours().last().unwrap();
            Action::Move(a, b)
        }
        _ => Action::Pass,
    }
}

/// Plays a random game, checking the contract at every decision. Returns the actions.
fn play_checked(
    options: &Options,
    players: usize,
    seed: u64,
    probes: usize,
    realms: Option<&[Realm]>,
) -> (Pandoria, Vec<(Seat, Action)>) {
    let mut g = new_game(options, players, seed, realms);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut played = Vec::new();
    let mut steps = 0;
    assert_conserved(&g);
    while let Some(decision) = g.decision() {
        steps += 1;
        assert!(steps < 5000, "the game does not end");
        let seat = decision.seat;
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty(), "a decision always has an action");
        // The tile preview offers exactly the legal placements.
        if *g.step() == Step::Place {
            let view = g.seat_view(seat);
            let mut preview: Vec<Action> = view
                .placements
                .iter()
                .map(|&[a, b]| Action::Tile(a, b))
                .collect();
            if view.hand.len() > 1 {
                preview.extend(
                    view.placements
                        .iter()
                        .map(|&[a, b]| Action::SecondTile(a, b)),
                );
            }
            preview.extend(view.castle_spaces.iter().map(|&h| Action::Castle(h)));
            preview.extend(view.mountain_spaces.iter().map(|&h| Action::Mountain(h)));
            if !view.single_spaces.is_empty() {
                preview.push(Action::DrawSingle);
            }
            assert_eq!(preview, legal);
        }
        // The gaps offered for a single tile drawn in step 1 (Artifacts).
        if let Step::Single { .. } = g.step() {
            let view = g.seat_view(seat);
            let preview: Vec<Action> = view
                .single_spaces
                .iter()
                .map(|&h| Action::Single(h))
                .collect();
            assert_eq!(preview, legal);
        }
        // So does the preview of a Terrain spell's tile and an Enchanted Castle.
        if let Step::Effect {
            effect: Effect::Tile { .. } | Effect::Castle,
        } = g.step()
        {
            let view = g.seat_view(seat);
            let mut preview: Vec<Action> = view
                .placements
                .iter()
                .map(|&[a, b]| Action::Tile(a, b))
                .collect();
            preview.extend(view.single_spaces.iter().map(|&h| Action::Single(h)));
            preview.extend(view.castle_spaces.iter().map(|&h| Action::Castle(h)));
            preview.extend(view.mountain_spaces.iter().map(|&h| Action::Mountain(h)));
            preview.push(Action::Pass);
            assert_eq!(preview, legal);
        } else if !matches!(g.step(), Step::Place | Step::Single { .. }) {
            let view = g.seat_view(seat);
            assert!(view.placements.is_empty() && view.castle_spaces.is_empty());
        }
        // Nobody else may act.
        for other in 0..players as u8 {
            if Seat(other) != seat {
                assert!(g.legal_actions(Seat(other)).is_empty());
                let mut copy = g.clone();
                assert!(copy.apply(Seat(other), &legal[0]).is_err());
                assert_eq!(copy, g);
            }
        }
        // Listed actions apply; unlisted ones are refused and change nothing.
        for _ in 0..probes {
            let listed = legal[rng.random_range(0..legal.len())];
            let mut copy = g.clone();
            copy.apply(seat, &listed)
                .unwrap_or_else(|e| panic!("listed {listed} refused: {e}"));
            let probe = random_action(&mut rng);
            let mut copy = g.clone();
            match copy.apply(seat, &probe) {
                Ok(_) => assert!(legal.contains(&probe), "unlisted {probe} applied"),
                Err(e) => {
                    assert!(!legal.contains(&probe), "listed {probe} refused: {e}");
                    assert_eq!(copy, g, "a refused action changed the state");
                    assert!(!e.to_string().is_empty());
                }
            }
        }
        let action = legal[rng.random_range(0..legal.len())];
        assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        assert_eq!(g.parse_action(&action.to_string()), Ok(action));
        let events = g.apply(seat, &action).unwrap();
        for e in &events {
            assert!(!g.describe(e).to_string().is_empty());
        }
        played.push((seat, action));
        assert_conserved(&g);
        if steps % 17 == 0 {
            let json = serde_json::to_string(&g).unwrap();
            let back: Pandoria = serde_json::from_str(&json).unwrap();
            assert_eq!(back, g, "serde round trip");
            assert_public_view_hides_secrets(&g);
        }
    }
    let outcome = g.outcome().expect("a finished game has an outcome");
    assert_eq!(outcome.scores.len(), players);
    assert!(g.apply(Seat(0), &Action::Pass).is_err());
    (g, played)
}

fn new_game(options: &Options, players: usize, seed: u64, realms: Option<&[Realm]>) -> Pandoria {
    let mut g = Pandoria::new(options, players, Seed::from_u64(seed)).unwrap();
    if let Some(realms) = realms {
        let names: Vec<&str> = realms.iter().map(|r| r.slug()).collect();
        g.fix("realms", &names.join(" ")).unwrap();
    }
    g
}

fn replay(
    options: &Options,
    players: usize,
    seed: u64,
    realms: Option<&[Realm]>,
    actions: &[(Seat, Action)],
) -> Pandoria {
    let mut g = new_game(options, players, seed, realms);
    for (seat, action) in actions {
        g.apply(*seat, action).unwrap();
    }
    g
}

/// The public view names no hand tile, hand card or deck/stack order.
fn assert_public_view_hides_secrets(g: &Pandoria) {
    let view = g.public_view();
    let text = serde_json::to_string(&view).unwrap();
    assert!(!text.contains("\"hand\"") && !text.contains("stack") && !text.contains("rng"));
    assert!(!text.contains("\"deck\"") && !text.contains("\"cards\""));
    let market: Vec<CardId> = view.market.iter().map(|c| c.id).collect();
    assert_eq!(market, g.market());
    for s in 0..g.players() {
        let seat = Seat(s as u8);
        let mine = g.seat_view(seat);
        let ids: Vec<CardId> = mine.cards.iter().map(|c| c.id).collect();
        assert_eq!(ids, g.seat_state(seat).cards);
        let tiles: Vec<TileId> = mine.hand.iter().map(|t| t.id).collect();
        assert_eq!(tiles, g.seat_state(seat).hand);
        assert_eq!(mine.public, view);
    }
}

/// Yucata's six realm-set choices.
const ALL_SETS: [RealmSets; 6] = [
    RealmSets::Base,
    RealmSets::BasePromo,
    RealmSets::Expansion,
    RealmSets::BaseExpansion,
    RealmSets::ExpansionPromo,
    RealmSets::All,
];

fn options_strategy() -> impl Strategy<Value = Options> {
    (
        0..3u8,
        any::<bool>(),
        0..4u8,
        0..2u8,
        0..5u8,
        0..Realm::ALL.len() as u8,
        any::<bool>(),
    )
        .prop_flat_map(|t| (Just(t), 0..3u8))
        .prop_map(
            |((start, apart, mode, edition, realms, realm, partnership), artifacts)| Options {
                start_tiles: match start {
                    0 => StartTiles::Marked,
                    1 => StartTiles::Random,
                    _ => StartTiles::Chosen,
                },
                start_apart: apart,
                mode: [
                    Mode::Family,
                    Mode::FamilySpells,
                    Mode::Standard,
                    Mode::Beginner,
                ][usize::from(mode)],
                edition: [Edition::Yucata, Edition::Second][usize::from(edition)],
                realms: if mode == 3 {
                    [RealmAssignment::RandomUnique, RealmAssignment::EachChooses]
                        [usize::from(realms % 2)]
                } else {
                    [
                        RealmAssignment::RandomUnique,
                        RealmAssignment::RandomNotUnique,
                        RealmAssignment::SameRandom,
                        RealmAssignment::SameChosen,
                        RealmAssignment::EachChooses,
                    ][usize::from(realms)]
                },
                // Drawn on its own: the realm assignment's number would pick only one realm
                // for `same_chosen`.
                realm: Some(Realm::ALL[usize::from(realm)]),
                // Every realm set in the standard game (the beginner game plays base only).
                realm_sets: if mode == 2 {
                    ALL_SETS[(usize::from(realm) + usize::from(apart)) % ALL_SETS.len()]
                } else {
                    RealmSets::Base
                },
                partnership,
                artifacts: artifacts == 1,
                // The River side with every mode (never with Artifacts, which it refuses).
                board: if artifacts == 2 {
                    BoardSide::River
                } else {
                    BoardSide::Pandoria
                },
            },
        )
}

proptest! {
    #![proptest_config(support::config(48))]

    /// The full contract, probed at every decision, in every mode.
    #[test]
    fn random_games_keep_the_contract(players in 2usize..=4, seed in any::<u64>(), options in options_strategy()) {
        let options = Options { partnership: options.partnership && players == 4, ..options };
        let (end, actions) = play_checked(&options, players, seed, 2, None);
        prop_assert_eq!(replay(&options, players, seed, None, &actions), end);
    }

    /// At a random point of a random game in any mode, edition and partnership, the public
    /// view shows no secret, and changing only hidden things changes neither the public view
    /// nor any other seat's view.
    #[test]
    fn hidden_information_never_reaches_the_public_view(
        players in 2usize..=4,
        seed in any::<u64>(),
        options in options_strategy(),
        steps in 0usize..400,
        tweak in any::<u64>(),
    ) {
        let options = Options { partnership: options.partnership && players == 4, ..options };
        let mut a = Pandoria::new(&options, players, Seed::from_u64(seed)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x41dd);
        for _ in 0..steps {
            let Some(d) = a.decision() else { break };
            let legal = a.legal_actions(d.seat);
            a.apply(d.seat, &legal[rng.random_range(0..legal.len())]).unwrap();
        }
        assert_public_view_hides_secrets(&a);
        let public = a.public_view();
        let mut rng = ChaCha8Rng::seed_from_u64(tweak);
        for k in 0..players {
            let owner = Seat(k as u8);
            let b = with_other_secrets(&a, owner, &mut rng);
            // The random generator always differs, so `b` is another state.
            prop_assert_ne!(&a, &b);
            assert_conserved(&b);
            prop_assert_eq!(&b.public_view(), &public);
            for s in 0..players {
                let seat = Seat(s as u8);
                if seat != owner {
                    prop_assert_eq!(b.seat_view(seat), a.seat_view(seat), "seat {} sees seat {}'s secrets", s, k);
                }
            }
            assert_public_view_hides_secrets(&b);
        }
    }
}

/// The actions a refusal suggests, as written: every "(A instead)", every "you can: A, B or
/// C" (up to a ";" or ")"), and the card step's relic and printed-ship hints ("take a relic
/// (relic 2 or relic 5)", "(ship H7)"), which name real relics and ships. The other notation
/// in refusals shows only the form ("place your tile (tile D7 E7)", "(spell 17, build 17 3)").
/// Panics on an "instead" or "you can" outside those forms, so a new form is not missed.
fn suggested_actions(refusal: &str) -> Vec<String> {
    let split = |list: &str| -> Vec<String> {
        list.split(", ")
            .flat_map(|part| part.split(" or "))
            .map(|a| a.trim().to_string())
            .collect()
    };
    let mut out = Vec::new();
    for (i, _) in refusal.match_indices("instead") {
        let before = &refusal[..i];
        assert!(
            refusal[i..].starts_with("instead)") && before.ends_with(' '),
            "\"instead\" outside the form \"(A instead)\": {refusal}"
        );
        let open = before
            .rfind('(')
            .unwrap_or_else(|| panic!("no \"(\": {refusal}"));
        out.extend(split(&before[open + 1..]));
    }
    for (i, _) in refusal.match_indices("you can") {
        if refusal[i..].starts_with("you cannot") {
            continue;
        }
        let rest = refusal[i..]
            .strip_prefix("you can: ")
            .unwrap_or_else(|| panic!("\"you can\" without \": \": {refusal}"));
        let end = rest.find([';', ')']).unwrap_or(rest.len());
        out.extend(split(&rest[..end]));
    }
    for hint in ["(relic ", "(ship "] {
        for (i, _) in refusal.match_indices(hint) {
            let rest = &refusal[i + 1..];
            let end = rest.find(')').unwrap_or(rest.len());
            out.extend(split(&rest[..end]));
        }
    }
    out
}

/// Probes for the refusals that carry suggestions, besides random actions: every hand card
/// built in every slot, ransoms and goblin actions against every seat, every relic, a figure
/// on each space just placed.
fn refusal_probes(g: &Pandoria, seat: Seat, rng: &mut ChaCha8Rng) -> Vec<Action> {
    let mut out: Vec<Action> = (0..12).map(|_| random_action(rng)).collect();
    let pay = |rng: &mut ChaCha8Rng| match rng.random_range(0..6) {
        0 => Some(Resource::ALL[rng.random_range(0..3)]),
        _ => None,
    };
    for &c in &g.seat_state(seat).cards {
        for slot in 1..=5 {
            out.push(Action::Build(c, slot, pay(rng)));
        }
    }
    for s in 0..g.players() as u8 {
        for workers in 0..=3 {
            out.push(Action::Ransom(Seat(s), workers, false));
            out.push(Action::Ransom(Seat(s), workers, true));
        }
        for slot in 1..=5 {
            out.push(Action::Occupy(Seat(s), slot, pay(rng)));
            out.push(Action::Recall(Seat(s), slot));
        }
        out.push(Action::GoblinSpell(Seat(s), pay(rng)));
    }
    out.extend((0..=8).map(Action::Relic));
    for &h in &g.turn().placed {
        out.extend([Action::Worker(h), Action::Leader(h), Action::Retrieve(h)]);
    }
    out
}

/// Realms whose refusals suggest actions or name others' pieces (Hanbok ransoms, the
/// Goblins' occupied buildings, a Golem on the tile just placed), a window per table.
const SUGGESTING_REALMS: [Realm; 6] = [
    Realm::Hanbok,
    Realm::Goblins,
    Realm::Golems,
    Realm::Hanbok,
    Realm::Humans,
    Realm::Goblins,
];

proptest! {
    #![proptest_config(support::config(128))]

    /// At every decision of a random game in any mode, edition, realm mix, expansion and
    /// board side, every action a refusal suggests ("(A instead)", "you can: …", the card
    /// step's relic and ship) is legal for the player refused. Half of the standard games
    /// seat the realms whose refusals suggest most (Hanbok, Goblins), which random deals
    /// rarely bring together.
    #[test]
    fn refusals_suggest_only_legal_actions(
        players in 2usize..=4,
        seed in any::<u64>(),
        options in options_strategy(),
        steps in 1usize..800,
        suggesting in proptest::option::of(0usize..3),
    ) {
        let options = Options { partnership: options.partnership && players == 4, ..options };
        let realms = suggesting
            .filter(|_| options.mode == Mode::Standard)
            .map(|first| SUGGESTING_REALMS[first..first + players].to_vec());
        let mut g = new_game(&options, players, seed, realms.as_deref());
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5c0f);
        for _ in 0..steps {
            let Some(d) = g.decision() else { break };
            let legal = g.legal_actions(d.seat);
            for probe in refusal_probes(&g, d.seat, &mut rng) {
                let Err(e) = g.clone().apply(d.seat, &probe) else { continue };
                let text = e.to_string();
                for suggestion in suggested_actions(&text) {
                    let action = g.parse_action(&suggestion).unwrap_or_else(|p| {
                        panic!("{probe} was refused with \"{text}\", suggesting \"{suggestion}\", which does not read: {p}")
                    });
                    prop_assert!(
                        legal.contains(&action),
                        "{} was refused with \"{}\", suggesting \"{}\", which is not legal ({:?}, {} players, seed {})",
                        probe, text, suggestion, options, players, seed
                    );
                }
            }
            g.apply(d.seat, &legal[rng.random_range(0..legal.len())]).unwrap();
        }
    }
}

/// The suggestion reader finds each form, and only those.
#[test]
fn suggestions_are_read_from_every_form() {
    assert_eq!(
        suggested_actions("your X in slot 1 is identical: never two at once (build 24 1 instead)"),
        ["build 24 1"]
    );
    assert_eq!(
        suggested_actions(
            "your leader is not captive: Red holds 2; you can: ransom red 2 or ransom red 1"
        ),
        ["ransom red 2", "ransom red 1"]
    );
    assert_eq!(
        suggested_actions(
            "now: play a card (spell 17, build 17 3), take a relic (relic 2 or relic 5), cast the printed Astral Ship (ship H7 with gold), or pass"
        ),
        ["relic 2", "relic 5", "ship H7 with gold"]
    );
    assert!(suggested_actions("place your tile (tile D7 E7) or a castle (castle D7)").is_empty());
    assert!(std::panic::catch_unwind(|| suggested_actions("build over slot 1 instead")).is_err());
    assert!(std::panic::catch_unwind(|| suggested_actions("you can ransom red 1")).is_err());
    assert!(
        suggested_actions("you cannot do that now: place the next start tile (start D7 E7)")
            .is_empty()
    );
}

/// `g` with other secrets: `owner`'s hand tiles and cards swapped with others from the stack
/// and deck, every hidden pile (stack, box, deck, boxed cards, single tiles) in another order,
/// and another random generator state. Public things stay as they are.
fn with_other_secrets(g: &Pandoria, owner: Seat, rng: &mut ChaCha8Rng) -> Pandoria {
    use rand::seq::SliceRandom;
    let mut state = serde_json::to_value(g).unwrap();
    let pile = |key: &str, rng: &mut ChaCha8Rng| -> Vec<serde_json::Value> {
        let mut items = state[key].as_array().cloned().unwrap_or_default();
        items.shuffle(rng);
        items
    };
    let mut stack = pile("stack", rng);
    let removed = pile("removed", rng);
    let mut deck = pile("deck", rng);
    let boxed = pile("boxed", rng);
    let singles = pile("singles", rng);
    let seat = &mut state["seats"][owner.index()];
    for (hand, from) in [("hand", &mut stack), ("cards", &mut deck)] {
        if let Some(hand) = seat[hand].as_array_mut() {
            for (item, other) in hand.iter_mut().zip(from.iter_mut()) {
                std::mem::swap(item, other);
            }
        }
    }
    state["stack"] = stack.into();
    state["removed"] = removed.into();
    state["deck"] = deck.into();
    state["boxed"] = boxed.into();
    state["singles"] = singles.into();
    state["rng"] =
        serde_json::to_value(rand_chacha::ChaCha20Rng::seed_from_u64(rng.random())).unwrap();
    serde_json::from_value(state).unwrap()
}

/// The strategy reaches every mode, edition, realm assignment, chosen realm and the
/// partnership game (the chosen realm used to be tied to the assignment: only one realm).
#[test]
fn the_options_strategy_reaches_every_option() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = options_strategy();
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..2000 {
        let o = strategy.new_tree(&mut runner).unwrap().current();
        seen.insert(format!("{:?}", o.mode));
        seen.insert(format!("{:?}", o.edition));
        seen.insert(format!("{:?} {:?}", o.mode, o.realms));
        seen.insert(format!("partnership {}", o.partnership));
        seen.insert(format!("{:?} artifacts {}", o.mode, o.artifacts));
        seen.insert(format!("{:?} board {:?}", o.mode, o.board));
        if o.realms == RealmAssignment::SameChosen {
            seen.insert(format!("same chosen {:?}", o.realm));
        }
    }
    for want in [
        "Family",
        "FamilySpells",
        "Standard",
        "Beginner",
        "Yucata",
        "Second",
    ] {
        assert!(seen.contains(want), "never {want}");
    }
    for realm in Realm::ALL {
        let want = format!("same chosen {:?}", Some(realm));
        assert!(seen.contains(&want), "never {want}");
    }
    for want in [
        "Standard RandomUnique",
        "Standard RandomNotUnique",
        "Standard SameRandom",
        "Standard SameChosen",
        "Standard EachChooses",
        "Beginner RandomUnique",
        "Beginner EachChooses",
        "partnership true",
        "partnership false",
        "Family artifacts true",
        "FamilySpells artifacts true",
        "Standard artifacts true",
        "Beginner artifacts true",
        "Family artifacts false",
        "Family board River",
        "FamilySpells board River",
        "Standard board River",
        "Beginner board River",
    ] {
        assert!(seen.contains(want), "never {want}");
    }
}

/// The conservation check counts a tile on the board as often as it lies there: a tile
/// placed a second time is caught (it used to be counted once, whatever its hexes).
#[test]
#[should_panic(expected = "covers 4 hexes, not 2")]
fn the_conservation_check_catches_a_tile_placed_twice() {
    let mut g = Pandoria::new(&Options::default(), 2, Seed::from_u64(3)).unwrap();
    let state = serde_json::to_value(&g).unwrap();
    let tile = state["stack"][0].to_string();
    g.fix("place", &format!("{tile} F6 F7")).unwrap();
    assert_conserved(&g); // sound so far
    let mut state = serde_json::to_value(&g).unwrap();
    for (from, to) in [("F6", "I6"), ("F7", "I7")] {
        let [from, to] = [from, to].map(|h| h.parse::<Hex>().unwrap().index());
        state["land"][to] = state["land"][from].clone();
    }
    let twice: Pandoria = serde_json::from_value(state).unwrap();
    assert_conserved(&twice);
}

/// The same with a tile both on the board and in the stack.
#[test]
#[should_panic(expected = "every double and single tile exactly once")]
fn the_conservation_check_catches_a_tile_in_two_places() {
    let g = Pandoria::new(&Options::default(), 2, Seed::from_u64(3)).unwrap();
    let mut state = serde_json::to_value(&g).unwrap();
    let first = state["stack"][0].clone();
    state["stack"][1] = first;
    let twice: Pandoria = serde_json::from_value(state).unwrap();
    assert_conserved(&twice);
}

/// The case count can be raised for long runs, never lowered; failures are kept.
#[test]
fn property_settings_keep_failures_and_read_the_case_count() {
    assert_eq!(support::cases_from(None, 48), 48);
    assert_eq!(support::cases_from(Some("5000"), 48), 5000);
    assert_eq!(support::cases_from(Some(" 10 "), 48), 48);
    assert!(std::panic::catch_unwind(|| support::cases_from(Some("lots"), 48)).is_err());
    let config = support::config(48);
    assert!(config.cases >= 48);
    assert!(config.failure_persistence.is_some());
}

/// Every multiset of realms for 2–4 players, in both editions, plays to a sound end.
#[test]
fn every_realm_mix_plays_a_standard_game_to_the_end() {
    let mut mixes: Vec<Vec<Realm>> = Vec::new();
    fn extend(prefix: &mut Vec<Realm>, from: usize, len: usize, out: &mut Vec<Vec<Realm>>) {
        if prefix.len() == len {
            out.push(prefix.clone());
            return;
        }
        for i in from..Realm::BASE.len() {
            prefix.push(Realm::BASE[i]);
            extend(prefix, i, len, out);
            prefix.pop();
        }
    }
    for players in 2..=4 {
        extend(&mut Vec::new(), 0, players, &mut mixes);
    }
    assert_eq!(mixes.len(), 15 + 35 + 70);
    for (i, mix) in mixes.iter().enumerate() {
        for edition in [Edition::Yucata, Edition::Second] {
            let options = Options {
                mode: Mode::Standard,
                edition,
                partnership: mix.len() == 4 && i % 2 == 0,
                ..Options::default()
            };
            let seed = i as u64 * 2 + u64::from(edition == Edition::Second);
            let (end, actions) = play_checked(&options, mix.len(), seed, 1, Some(mix));
            if i % 10 == 0 {
                assert_eq!(replay(&options, mix.len(), seed, Some(mix), &actions), end);
            }
            for (s, realm) in mix.iter().enumerate() {
                assert_eq!(end.seat_state(Seat(s as u8)).realm, Some(*realm));
            }
        }
    }
}

/// Every expansion and promo realm that is playable, alone at the table (every seat the
/// same) and beside base realms, plays a standard game to a sound end in both editions and
/// for 2–4 players (the partnership game included).
#[test]
fn every_expansion_realm_plays_a_standard_game_to_the_end() {
    let new: Vec<Realm> = Realm::ALL
        .into_iter()
        .filter(|r| r.set() != RealmSet::Base)
        .collect();
    let mut games = 0;
    for (i, &realm) in new.iter().enumerate() {
        for players in 2..=4usize {
            let same = vec![realm; players];
            let mut mixed: Vec<Realm> = Realm::BASE[..players - 1].to_vec();
            mixed.insert(i % players, realm);
            for (j, mix) in [same, mixed].iter().enumerate() {
                for edition in [Edition::Yucata, Edition::Second] {
                    let options = Options {
                        mode: Mode::Standard,
                        edition,
                        partnership: players == 4 && j == 1,
                        ..Options::default()
                    };
                    let seed = 1000 + games;
                    games += 1;
                    let (end, actions) = play_checked(&options, players, seed, 1, Some(mix));
                    assert_eq!(replay(&options, players, seed, Some(mix), &actions), end);
                    for (s, realm) in mix.iter().enumerate() {
                        assert_eq!(end.seat_state(Seat(s as u8)).realm, Some(*realm));
                    }
                }
            }
        }
    }
    assert_eq!(games, new.len() as u64 * 3 * 2 * 2);
}

/// Every set of different realms plays a beginner game to a sound end.
#[test]
fn every_beginner_realm_set_plays_to_the_end() {
    let mut count = 0;
    for players in 2..=4usize {
        for mask in 0u32..32 {
            if mask.count_ones() as usize != players {
                continue;
            }
            let realms: Vec<Realm> = (0..5)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| Realm::BASE[i])
                .collect();
            let options = Options {
                mode: Mode::Beginner,
                edition: if count % 2 == 0 {
                    Edition::Yucata
                } else {
                    Edition::Second
                },
                ..Options::default()
            };
            let (end, _) = play_checked(&options, players, 1000 + count, 1, Some(&realms));
            // Each seat started with its realm's card A built.
            for (s, r) in realms.iter().enumerate() {
                let st = end.seat_state(Seat(s as u8));
                assert_eq!(
                    st.slots[0].cards[0],
                    r.data().cards.expect("a base realm")[0]
                );
            }
            count += 1;
        }
    }
    assert_eq!(count, 10 + 10 + 5);
}

/// Thousands of family games with the invariants, without the probes.
#[test]
fn thousands_of_random_games_end_with_everything_accounted_for() {
    for seed in 0..u64::from(support::cases(1200)) {
        let players = 2 + (seed % 3) as usize;
        let (g, _) = play_checked(&Options::default(), players, seed, 0, None);
        let o = g.outcome().unwrap();
        assert!(o.winners.iter().all(|w| o.ranks[w.index()] == 1));
    }
}
