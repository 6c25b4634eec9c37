//! Scenario fixtures (see `docs/notation.md`): they force hidden or random parts of the
//! set-up — hands, stacks, the market, realms, resources, buildings — so scenario files can
//! test exact situations. Allowed only before the first action; every piece stays counted.

use super::cards::{CardId, Realm, cards};
use super::data::{Space, tiles};
use super::{Figure, Land, Mode, Pandoria, SLOTS, ScoreParts, StartTiles, Step, TileId};
use crate::game::{Seat, SetupError};
use crate::hex::Hex;
use crate::t;
use crate::words::{Arg, Text, ToText};

const FIXTURES: &str = "start-player, hands, tiles, stack, stack-size, place, start-tiles, castle, worker, leader, realms, resources, cards, market, deck, cards-left, build, monument, monuments, spells, score, singles, artifacts";

/// Applies one fixture.
pub(super) fn fix(game: &mut Pandoria, key: &str, value: &str) -> Result<(), SetupError> {
    let err = |m: Text| Err(SetupError(m));
    if game.actions > 0 {
        return err(t!("pandoria-fix-late"));
    }
    let words: Vec<&str> = value.split_whitespace().collect();
    let players = game.seats.len();
    let seat_arg = |w: Option<&&str>| -> Result<Seat, SetupError> {
        let n: usize = w
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| SetupError(t!("pandoria-fix-needs-seat", key = Arg::raw(key))))?;
        if n == 0 || n > players {
            return Err(SetupError(t!("pandoria-no-such-seat", seat = n)));
        }
        Ok(Seat((n - 1) as u8))
    };
    let hex_arg = |w: Option<&&str>| -> Result<Hex, SetupError> {
        w.ok_or_else(|| SetupError(t!("pandoria-fix-needs-hex", key = Arg::raw(key))))?
            .parse()
            .map_err(|e: crate::hex::BadHex| SetupError(bad_hex(&e)))
    };
    let number = |w: Option<&&str>, what: Text| -> Result<u8, SetupError> {
        w.and_then(|w| w.parse().ok())
            .ok_or_else(|| SetupError(t!("pandoria-fix-needs", key = Arg::raw(key), what = what)))
    };
    let tile_arg = |w: &str| -> Result<TileId, SetupError> {
        let id = TileId(
            w.parse()
                .map_err(|_| SetupError(t!("pandoria-fix-not-tile-id", word = Arg::raw(w))))?,
        );
        match tiles().get(id) {
            Some(t) if t.kind.is_stack_double() => Ok(id),
            _ => Err(SetupError(t!(
                "pandoria-fix-not-double",
                word = Arg::raw(w)
            ))),
        }
    };
    let card_arg = |w: &str| -> Result<CardId, SetupError> {
        let id = CardId(
            w.parse()
                .map_err(|_| SetupError(t!("pandoria-fix-not-card-id", word = Arg::raw(w))))?,
        );
        match cards().get(id) {
            Some(_) => Ok(id),
            None => Err(SetupError(t!("pandoria-fix-not-card", word = Arg::raw(w)))),
        }
    };
    let economy = |game: &Pandoria| -> Result<(), SetupError> {
        if game.has_economy() {
            Ok(())
        } else {
            Err(SetupError(t!("pandoria-fix-economy", key = Arg::raw(key))))
        }
    };
    match key {
        "start-player" => {
            let seat = seat_arg(words.first())?;
            game.start_player = seat;
            game.current = seat;
            if let Step::Realm { .. } = game.step {
                game.step = Step::Realm { seat };
            }
        }
        "hands" => {
            if words.len() != players {
                return err(t!("pandoria-fix-hands", players = players));
            }
            let wanted: Vec<TileId> = words
                .iter()
                .map(|w| tile_arg(w))
                .collect::<Result<_, _>>()?;
            named_once(&wanted)?;
            for (i, &id) in wanted.iter().enumerate() {
                set_hand_tile(game, i, 0, id)?;
            }
        }
        "tiles" => {
            let seat = seat_arg(words.first())?;
            let wanted: Vec<TileId> = words[1..]
                .iter()
                .map(|w| tile_arg(w))
                .collect::<Result<_, _>>()?;
            if wanted.is_empty() || wanted.len() > 2 {
                return err(t!("pandoria-fix-tiles"));
            }
            named_once(&wanted)?;
            let s = seat.index();
            while game.seats[s].hand.len() > wanted.len() {
                let t = game.seats[s].hand.pop().expect("non-empty");
                game.stack.push(t);
            }
            while game.seats[s].hand.len() < wanted.len() {
                let t = game
                    .stack
                    .pop()
                    .ok_or_else(|| SetupError(t!("pandoria-fix-stack-empty")))?;
                game.seats[s].hand.push(t);
            }
            for (k, &id) in wanted.iter().enumerate() {
                set_hand_tile(game, s, k, id)?;
            }
        }
        "stack" => {
            let wanted: Vec<TileId> = words
                .iter()
                .map(|w| tile_arg(w))
                .collect::<Result<_, _>>()?;
            let size = game.stack.len();
            for (i, &id) in wanted.iter().enumerate() {
                if wanted[..i].contains(&id) {
                    return err(t!("pandoria-fix-named-twice", tile = id.0));
                }
                if let Some(p) = game.stack.iter().position(|&t| t == id) {
                    game.stack.remove(p);
                } else if let Some(p) = game.removed.iter().position(|&t| t == id) {
                    game.removed.remove(p);
                } else {
                    return err(t!("pandoria-fix-tile-elsewhere", tile = id.0));
                }
            }
            // The named tiles go on top, first named first drawn; the stack keeps its size.
            let keep = size.saturating_sub(wanted.len());
            while game.stack.len() > keep {
                let bottom = game.stack.remove(0);
                game.removed.push(bottom);
            }
            game.stack.extend(wanted.iter().rev());
        }
        "stack-size" => {
            let n: usize = value
                .trim()
                .parse()
                .map_err(|_| SetupError(t!("pandoria-fix-needs-number", key = Arg::raw(key))))?;
            if n > game.stack.len() {
                return err(t!("pandoria-fix-stack-only", n = game.stack.len()));
            }
            let cut = game.stack.len() - n;
            let bottom: Vec<TileId> = game.stack.drain(..cut).collect();
            game.removed.extend(bottom);
        }
        "place" => {
            let id = tile_arg(words.first().copied().unwrap_or(""))?;
            let (a, b) = (hex_arg(words.get(1))?, hex_arg(words.get(2))?);
            game.check_pair(a, b).map_err(|e| SetupError(e.to_text()))?;
            if let Some(p) = game.stack.iter().position(|&t| t == id) {
                game.stack.remove(p);
            } else if let Some(p) = game.removed.iter().position(|&t| t == id) {
                game.removed.remove(p);
            } else {
                return err(t!("pandoria-fix-tile-elsewhere", tile = id.0));
            }
            game.put_tile(id, [a, b]);
            game.last_move.clear();
        }
        "start-tiles" => {
            let hexes: Vec<Hex> = (0..4)
                .map(|i| hex_arg(words.get(i)))
                .collect::<Result<_, _>>()?;
            for id in super::start_tile_ids() {
                for hex in Hex::all() {
                    if matches!(game.land[hex.index()], Land::Terrain { tile: Some(t), .. } if t == id)
                    {
                        game.land[hex.index()] = Land::Empty;
                    }
                }
            }
            for (i, id) in super::start_tile_ids().into_iter().enumerate() {
                let (a, b) = (hexes[2 * i], hexes[2 * i + 1]);
                game.check_pair(a, b).map_err(|e| SetupError(e.to_text()))?;
                game.put_tile(id, [a, b]);
            }
            game.last_move.clear();
            if matches!(game.step, Step::StartTile { .. }) {
                game.step = Step::Place;
            }
        }
        "castle" => {
            let seat = seat_arg(words.first())?;
            let hex = hex_arg(words.get(1))?;
            if let Some(e) = game.where_problem(hex) {
                return err(e.to_text());
            }
            if game.seats[seat.index()].castles == 0 {
                return err(t!("pandoria-fix-no-castle-left"));
            }
            game.seats[seat.index()].castles -= 1;
            game.land[hex.index()] = Land::Castle { owner: seat };
        }
        "worker" | "leader" => {
            let seat = seat_arg(words.first())?;
            let hex = hex_arg(words.get(1))?;
            let leader = key == "leader";
            if game.figures[hex.index()].is_some() {
                return err(t!(
                    "pandoria-refuse-occupied",
                    at = Arg::raw(hex.to_string())
                ));
            }
            let standable = match game.board().space(hex) {
                Space::Lake { ship } => ship,
                _ => game.land[hex.index()] != Land::Empty,
            };
            if !standable {
                return err(t!(
                    "pandoria-fix-cannot-stand",
                    at = Arg::raw(hex.to_string())
                ));
            }
            let s = &mut game.seats[seat.index()];
            if leader {
                if !s.leader {
                    return err(t!("pandoria-fix-leader-placed"));
                }
                s.leader = false;
            } else {
                if s.workers == 0 {
                    return err(t!("pandoria-fix-no-worker-left"));
                }
                s.workers -= 1;
            }
            game.figures[hex.index()] = Some(Figure { seat, leader });
        }
        "realms" => {
            economy(game)?;
            if words.len() != players {
                return err(t!("pandoria-fix-realms", players = players));
            }
            let realms: Vec<Realm> = words
                .iter()
                .map(|w| {
                    Realm::parse(w).ok_or_else(|| {
                        SetupError(t!("pandoria-fix-not-realm", word = Arg::raw(*w)))
                    })
                })
                .collect::<Result<_, _>>()?;
            if game.options.mode == Mode::Beginner {
                for (i, r) in realms.iter().enumerate() {
                    if realms[..i].contains(r) {
                        return err(t!("pandoria-fix-realm-twice", realm = r.text()));
                    }
                }
            }
            // Undo what depended on the old realms, then set up again.
            game.deck.clear();
            game.market.clear();
            for s in &mut game.seats {
                s.cards.clear();
                s.slots = Default::default();
                s.spells.clear();
                while s.hand.len() > 1 {
                    let t = s.hand.pop().expect("non-empty");
                    game.stack.push(t);
                }
            }
            for (s, r) in game.seats.iter_mut().zip(realms) {
                s.realm = Some(r);
            }
            game.setup_realms();
            if let Step::Realm { .. } = game.step {
                // The start tiles are still to place when none lies yet (the Artifacts start
                // tile lies from the set-up on and does not count).
                game.step = if game.options.start_tiles == StartTiles::Chosen
                    && !Hex::all().any(|h| {
                        matches!(game.land[h.index()], Land::Terrain { tile: Some(t), .. } if !t.is_printed_like())
                    }) {
                    Step::StartTile { next: 0 }
                } else {
                    Step::Place
                };
            }
        }
        "resources" => {
            economy(game)?;
            let seat = seat_arg(words.first())?;
            let mut values = [0u8; 3];
            for (k, v) in values.iter_mut().enumerate() {
                *v = number(words.get(k + 1), t!("pandoria-fix-what-amounts"))?;
                if *v > 10 {
                    return err(t!("pandoria-fix-resources-range"));
                }
            }
            game.seats[seat.index()].resources = values;
        }
        "cards" => {
            if !game.has_cards() {
                return err(t!("pandoria-fix-needs-cards", key = Arg::raw(key)));
            }
            let seat = seat_arg(words.first())?;
            let wanted: Vec<CardId> = words[1..]
                .iter()
                .map(|w| card_arg(w))
                .collect::<Result<_, _>>()?;
            let old = std::mem::take(&mut game.seats[seat.index()].cards);
            // The old hand goes under the deck; the wanted cards come from anywhere else.
            for c in old.into_iter().rev() {
                game.deck.insert(0, c);
            }
            for &c in &wanted {
                take_card(game, c)?;
                game.seats[seat.index()].cards.push(c);
            }
            game.refill_market(&mut Vec::new());
        }
        "market" => {
            economy(game)?;
            let wanted: Vec<CardId> = words
                .iter()
                .map(|w| card_arg(w))
                .collect::<Result<_, _>>()?;
            if wanted.len() > 4 {
                return err(t!("pandoria-fix-market-size"));
            }
            let old = std::mem::take(&mut game.market);
            for c in old.into_iter().rev() {
                game.deck.insert(0, c);
            }
            for &c in &wanted {
                take_card(game, c)?;
                game.market.push(c);
            }
        }
        "deck" => {
            if !game.has_cards() {
                return err(t!("pandoria-fix-needs-cards", key = Arg::raw(key)));
            }
            let wanted: Vec<CardId> = words
                .iter()
                .map(|w| card_arg(w))
                .collect::<Result<_, _>>()?;
            for &c in &wanted {
                take_card(game, c)?;
            }
            game.deck.extend(wanted.iter().rev());
        }
        "cards-left" => {
            let n: usize = value
                .trim()
                .parse()
                .map_err(|_| SetupError(t!("pandoria-fix-needs-number", key = Arg::raw(key))))?;
            if n > game.deck.len() {
                return err(t!("pandoria-fix-deck-only", n = game.deck.len()));
            }
            let cut = game.deck.len() - n;
            let bottom: Vec<CardId> = game.deck.drain(..cut).collect();
            game.boxed.extend(bottom);
        }
        "build" => {
            economy(game)?;
            let seat = seat_arg(words.first())?;
            let slot = number(words.get(1), t!("pandoria-fix-what-slot-card"))?;
            let card = card_arg(words.get(2).copied().unwrap_or(""))?;
            if !(1..=SLOTS as u8).contains(&slot) {
                return err(t!("pandoria-fix-slots"));
            }
            if game.seats[seat.index()].slots[usize::from(slot - 1)]
                .monument
                .is_some()
            {
                return err(t!("pandoria-fix-slot-monument", slot = slot));
            }
            if let Some(p) = game.seats[seat.index()]
                .cards
                .iter()
                .position(|&c| c == card)
            {
                game.seats[seat.index()].cards.remove(p);
            } else {
                take_card(game, card)?;
            }
            game.seats[seat.index()].slots[usize::from(slot - 1)]
                .cards
                .push(card);
            game.refill_market(&mut Vec::new());
        }
        "monument" => {
            economy(game)?;
            let seat = seat_arg(words.first())?;
            let slot = number(words.get(1), t!("pandoria-fix-what-slot"))?;
            if !(1..=SLOTS as u8).contains(&slot) {
                return err(t!("pandoria-fix-slots"));
            }
            let s = &game.seats[seat.index()].slots[usize::from(slot - 1)];
            if s.building().is_none() {
                return err(t!("pandoria-fix-slot-empty", slot = slot));
            }
            let value = match words.get(2) {
                Some(w) => {
                    let v: u8 = w.parse().map_err(|_| {
                        SetupError(t!("pandoria-fix-not-monument-value", word = Arg::raw(*w)))
                    })?;
                    let p = game.monuments.iter().position(|&m| m == v).ok_or_else(|| {
                        SetupError(t!("pandoria-fix-no-monument-value", value = v))
                    })?;
                    game.monuments.remove(p)
                }
                None => game
                    .monuments
                    .pop()
                    .ok_or_else(|| SetupError(t!("pandoria-refuse-no-monument-left")))?,
            };
            game.seats[seat.index()].slots[usize::from(slot - 1)].monument = Some(value);
        }
        "monuments" => {
            economy(game)?;
            let values: Vec<u8> = words
                .iter()
                .map(|w| match w.parse::<u8>() {
                    Ok(v) if (3..=6).contains(&v) => Ok(v),
                    _ => Err(SetupError(t!(
                        "pandoria-fix-monument-range",
                        word = Arg::raw(*w)
                    ))),
                })
                .collect::<Result<_, _>>()?;
            game.monuments = values;
        }
        "spells" => {
            if !game.has_cards() {
                return err(t!("pandoria-fix-needs-cards", key = Arg::raw(key)));
            }
            let seat = seat_arg(words.first())?;
            let wanted: Vec<CardId> = words[1..]
                .iter()
                .map(|w| card_arg(w))
                .collect::<Result<_, _>>()?;
            let old = std::mem::take(&mut game.seats[seat.index()].spells);
            for c in old.into_iter().rev() {
                game.deck.insert(0, c);
            }
            for &c in &wanted {
                take_card(game, c)?;
                game.seats[seat.index()].spells.push(c);
            }
            game.refill_market(&mut Vec::new());
        }
        "score" => {
            let seat = seat_arg(words.first())?;
            let points: i32 = words
                .get(1)
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| SetupError(t!("pandoria-fix-score")))?;
            // A fixture's score counts as region points, so the parts still add up.
            let s = &mut game.seats[seat.index()];
            s.score = points;
            s.parts = ScoreParts {
                regions: points,
                ..ScoreParts::default()
            };
        }
        "singles" => {
            let wanted: Vec<TileId> = words
                .iter()
                .map(|w| {
                    let id = TileId(w.parse().map_err(|_| {
                        SetupError(t!("pandoria-fix-not-tile-id", word = Arg::raw(*w)))
                    })?);
                    match tiles().get(id) {
                        Some(t) if t.kind.is_single() => Ok(id),
                        _ => Err(SetupError(t!(
                            "pandoria-fix-not-single",
                            word = Arg::raw(*w)
                        ))),
                    }
                })
                .collect::<Result<_, _>>()?;
            for &id in &wanted {
                let p =
                    game.singles.iter().position(|&t| t == id).ok_or_else(|| {
                        SetupError(t!("pandoria-fix-single-missing", tile = id.0))
                    })?;
                game.singles.remove(p);
            }
            game.singles.extend(wanted.iter().rev());
        }
        "artifacts" => {
            // `artifacts 2 3`: seat 2 holds 3 artifacts, taken from the reserve.
            let seat = seat_arg(words.first())?;
            let n = number(words.get(1), t!("pandoria-fix-what-artifacts"))?;
            if !game.options.artifacts {
                return err(t!("pandoria-fix-artifacts"));
            }
            let holder = game.artifact_holder(seat).index();
            let pool = game.artifact_reserve + game.seats[holder].artifacts;
            if n > pool {
                return err(t!("pandoria-fix-artifacts-pool", n = pool));
            }
            game.artifact_reserve = pool - n;
            game.seats[holder].artifacts = n;
        }
        _ => {
            return err(t!(
                "pandoria-fix-unknown",
                key = Arg::raw(key),
                fixtures = Arg::raw(FIXTURES)
            ));
        }
    }
    Ok(())
}

/// Refuses a fixture that names a tile twice (it would end in one place only).
fn named_once(wanted: &[TileId]) -> Result<(), SetupError> {
    for (i, id) in wanted.iter().enumerate() {
        if wanted[..i].contains(id) {
            return Err(SetupError(t!("pandoria-fix-named-twice", tile = id.0)));
        }
    }
    Ok(())
}

/// Puts tile `id` in hand position `k` of seat `s`, swapping it with wherever the set-up put
/// it — the stack, the box or a hand (another seat's, or another position of this one) — so
/// every tile stays counted and that place holds the tile it replaces.
fn set_hand_tile(game: &mut Pandoria, s: usize, k: usize, id: TileId) -> Result<(), SetupError> {
    let old = game.seats[s].hand[k];
    if old == id {
        return Ok(());
    }
    let in_hand = game
        .seats
        .iter()
        .enumerate()
        .find_map(|(t, seat)| seat.hand.iter().position(|&x| x == id).map(|p| (t, p)));
    if let Some((t, p)) = in_hand {
        game.seats[t].hand[p] = old;
    } else if let Some(p) = game.stack.iter().position(|&t| t == id) {
        game.stack[p] = old;
    } else if let Some(p) = game.removed.iter().position(|&t| t == id) {
        game.removed[p] = old;
    } else {
        return Err(SetupError(t!("pandoria-fix-tile-on-board", tile = id.0)));
    }
    game.seats[s].hand[k] = id;
    Ok(())
}

/// Takes a card out of the deck, the market, the box or a hand (a market gap is refilled
/// later).
fn take_card(game: &mut Pandoria, c: CardId) -> Result<(), SetupError> {
    if let Some(p) = game.deck.iter().position(|&x| x == c) {
        game.deck.remove(p);
    } else if let Some(p) = game.market.iter().position(|&x| x == c) {
        game.market.remove(p);
    } else if let Some(p) = game.boxed.iter().position(|&x| x == c) {
        game.boxed.remove(p);
    } else if let Some(s) = game.seats.iter_mut().find(|s| s.cards.contains(&c)) {
        // Another hand gives it up (that hand is one card shorter).
        s.cards.retain(|&x| x != c);
    } else {
        return Err(SetupError(t!("pandoria-fix-card-placed", card = c.0)));
    }
    Ok(())
}

/// A word that is not a space on the board.
pub(super) fn bad_hex(e: &crate::hex::BadHex) -> Text {
    t!("pandoria-bad-hex", word = Arg::raw(e.0.as_str()))
}
