//! Scenario fixtures (see `docs/notation.md`): they force hidden or random parts of the
//! set-up — hands, stacks, the market, realms, resources, buildings — so scenario files can
//! test exact situations. Allowed only before the first action; every piece stays counted.

use super::cards::{CardId, Realm, cards};
use super::data::{Space, tiles};
use super::{Figure, Land, Mode, Pandoria, SLOTS, ScoreParts, StartTiles, Step, TileId};
use crate::game::{Seat, SetupError};
use crate::hex::Hex;
use crate::words::Text;

const FIXTURES: &str = "start-player, hands, tiles, stack, stack-size, place, start-tiles, castle, worker, leader, realms, resources, cards, market, deck, cards-left, build, monument, monuments, spells, score, singles, artifacts";

/// Applies one fixture.
pub(super) fn fix(game: &mut Pandoria, key: &str, value: &str) -> Result<(), SetupError> {
    let err = |m: String| Err(SetupError(Text::raw(m)));
    if game.actions > 0 {
        return err("fixtures must come before the first action".into());
    }
    let words: Vec<&str> = value.split_whitespace().collect();
    let players = game.seats.len();
    let seat_arg = |w: Option<&&str>| -> Result<Seat, SetupError> {
        let n: usize = w
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| SetupError(Text::raw(format!("\"{key}\" needs a seat number"))))?;
        if n == 0 || n > players {
            return Err(SetupError(Text::raw(format!("there is no seat {n}"))));
        }
        Ok(Seat((n - 1) as u8))
    };
    let hex_arg = |w: Option<&&str>| -> Result<Hex, SetupError> {
        w.ok_or_else(|| SetupError(Text::raw(format!("\"{key}\" needs a hex"))))?
            .parse()
            .map_err(|e| SetupError(Text::raw(format!("{e}"))))
    };
    let number = |w: Option<&&str>, what: &str| -> Result<u8, SetupError> {
        w.and_then(|w| w.parse().ok())
            .ok_or_else(|| SetupError(Text::raw(format!("\"{key}\" needs {what}"))))
    };
    let tile_arg = |w: &str| -> Result<TileId, SetupError> {
        let id = TileId(
            w.parse()
                .map_err(|_| SetupError(Text::raw(format!("\"{w}\" is not a tile id"))))?,
        );
        match tiles().get(id) {
            Some(t) if t.kind.is_stack_double() => Ok(id),
            _ => Err(SetupError(Text::raw(format!(
                "{w} is not a double tile id (1–48; 59–70 with Artifacts)"
            )))),
        }
    };
    let card_arg = |w: &str| -> Result<CardId, SetupError> {
        let id = CardId(
            w.parse()
                .map_err(|_| SetupError(Text::raw(format!("\"{w}\" is not a card id"))))?,
        );
        match cards().get(id) {
            Some(_) => Ok(id),
            None => Err(SetupError(Text::raw(format!(
                "{w} is not a card id (1–54)"
            )))),
        }
    };
    let economy = |game: &Pandoria| -> Result<(), SetupError> {
        if game.has_economy() {
            Ok(())
        } else {
            Err(SetupError(Text::raw(format!(
                "\"{key}\" needs the standard or beginner game (option mode=standard)"
            ))))
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
                return err(format!("\"hands\" needs one tile id per seat ({players})"));
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
                return err("\"tiles N A [B]\" names one or two tiles".into());
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
                    .ok_or_else(|| SetupError(Text::raw("the stack is empty")))?;
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
                    return err(format!("tile {id} is named twice"));
                }
                if let Some(p) = game.stack.iter().position(|&t| t == id) {
                    game.stack.remove(p);
                } else if let Some(p) = game.removed.iter().position(|&t| t == id) {
                    game.removed.remove(p);
                } else {
                    return err(format!("tile {id} is in a hand or on the board"));
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
                .map_err(|_| SetupError(Text::raw("\"stack-size\" needs a number")))?;
            if n > game.stack.len() {
                return err(format!("the stack has only {} tiles", game.stack.len()));
            }
            let cut = game.stack.len() - n;
            let bottom: Vec<TileId> = game.stack.drain(..cut).collect();
            game.removed.extend(bottom);
        }
        "place" => {
            let id = tile_arg(words.first().copied().unwrap_or(""))?;
            let (a, b) = (hex_arg(words.get(1))?, hex_arg(words.get(2))?);
            game.check_pair(a, b)
                .map_err(|e| SetupError(Text::raw(e.to_string())))?;
            if let Some(p) = game.stack.iter().position(|&t| t == id) {
                game.stack.remove(p);
            } else if let Some(p) = game.removed.iter().position(|&t| t == id) {
                game.removed.remove(p);
            } else {
                return err(format!("tile {id} is in a hand or on the board"));
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
                game.check_pair(a, b)
                    .map_err(|e| SetupError(Text::raw(e.to_string())))?;
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
                return err(e.to_string());
            }
            if game.seats[seat.index()].castles == 0 {
                return err("that seat has no castle left".into());
            }
            game.seats[seat.index()].castles -= 1;
            game.land[hex.index()] = Land::Castle { owner: seat };
        }
        "worker" | "leader" => {
            let seat = seat_arg(words.first())?;
            let hex = hex_arg(words.get(1))?;
            let leader = key == "leader";
            if game.figures[hex.index()].is_some() {
                return err(format!("{hex} already has a figure"));
            }
            let standable = match game.board().space(hex) {
                Space::Lake { ship } => ship,
                _ => game.land[hex.index()] != Land::Empty,
            };
            if !standable {
                return err(format!("a figure cannot stand on {hex}"));
            }
            let s = &mut game.seats[seat.index()];
            if leader {
                if !s.leader {
                    return err("that leader is already on the board".into());
                }
                s.leader = false;
            } else {
                if s.workers == 0 {
                    return err("that seat has no worker left".into());
                }
                s.workers -= 1;
            }
            game.figures[hex.index()] = Some(Figure { seat, leader });
        }
        "realms" => {
            economy(game)?;
            if words.len() != players {
                return err(format!("\"realms\" needs one realm per seat ({players})"));
            }
            let realms: Vec<Realm> = words
                .iter()
                .map(|w| {
                    Realm::parse(w).ok_or_else(|| {
                        SetupError(Text::raw(format!(
                            "\"{w}\" is not a realm (humans, dwarves, elves, mages, halflings)"
                        )))
                    })
                })
                .collect::<Result<_, _>>()?;
            if game.options.mode == Mode::Beginner {
                for (i, r) in realms.iter().enumerate() {
                    if realms[..i].contains(r) {
                        return err(format!(
                            "{r} twice: the beginner game needs different realms"
                        ));
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
                *v = number(
                    words.get(k + 1),
                    "a seat and three amounts (crystal gold wood)",
                )?;
                if *v > 10 {
                    return err("resources are 0–10".into());
                }
            }
            game.seats[seat.index()].resources = values;
        }
        "cards" => {
            if !game.has_cards() {
                return err("\"cards\" needs a game with cards".into());
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
                return err("the market shows at most 4 cards".into());
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
                return err("\"deck\" needs a game with cards".into());
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
                .map_err(|_| SetupError(Text::raw("\"cards-left\" needs a number")))?;
            if n > game.deck.len() {
                return err(format!("the deck has only {} cards", game.deck.len()));
            }
            let cut = game.deck.len() - n;
            let bottom: Vec<CardId> = game.deck.drain(..cut).collect();
            game.boxed.extend(bottom);
        }
        "build" => {
            economy(game)?;
            let seat = seat_arg(words.first())?;
            let slot = number(words.get(1), "a seat, a slot (1–5) and a card")?;
            let card = card_arg(words.get(2).copied().unwrap_or(""))?;
            if !(1..=SLOTS as u8).contains(&slot) {
                return err("slots are 1–5".into());
            }
            if game.seats[seat.index()].slots[usize::from(slot - 1)]
                .monument
                .is_some()
            {
                return err(format!("slot {slot} holds a monument"));
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
            let slot = number(words.get(1), "a seat and a slot (1–5)")?;
            if !(1..=SLOTS as u8).contains(&slot) {
                return err("slots are 1–5".into());
            }
            let s = &game.seats[seat.index()].slots[usize::from(slot - 1)];
            if s.building().is_none() {
                return err(format!("slot {slot} has no building to cover"));
            }
            let value = match words.get(2) {
                Some(w) => {
                    let v: u8 = w.parse().map_err(|_| {
                        SetupError(Text::raw(format!("\"{w}\" is not a monument value")))
                    })?;
                    let p = game.monuments.iter().position(|&m| m == v).ok_or_else(|| {
                        SetupError(Text::raw(format!("no monument of value {v} is left")))
                    })?;
                    game.monuments.remove(p)
                }
                None => game
                    .monuments
                    .pop()
                    .ok_or_else(|| SetupError(Text::raw("no monument is left")))?,
            };
            game.seats[seat.index()].slots[usize::from(slot - 1)].monument = Some(value);
        }
        "monuments" => {
            economy(game)?;
            let values: Vec<u8> = words
                .iter()
                .map(|w| match w.parse::<u8>() {
                    Ok(v) if (3..=6).contains(&v) => Ok(v),
                    _ => Err(SetupError(Text::raw(format!(
                        "\"{w}\" is not a monument value (3–6)"
                    )))),
                })
                .collect::<Result<_, _>>()?;
            game.monuments = values;
        }
        "spells" => {
            if !game.has_cards() {
                return err("\"spells\" needs a game with cards".into());
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
                .ok_or_else(|| SetupError(Text::raw("\"score\" needs a seat and points")))?;
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
                    let id =
                        TileId(w.parse().map_err(|_| {
                            SetupError(Text::raw(format!("\"{w}\" is not a tile id")))
                        })?);
                    match tiles().get(id) {
                        Some(t) if t.kind.is_single() => Ok(id),
                        _ => Err(SetupError(Text::raw(format!(
                            "{w} is not a single tile id (51–58; 71–76 with Artifacts)"
                        )))),
                    }
                })
                .collect::<Result<_, _>>()?;
            for &id in &wanted {
                let p = game.singles.iter().position(|&t| t == id).ok_or_else(|| {
                    SetupError(Text::raw(format!("single tile {id} is not in the stack")))
                })?;
                game.singles.remove(p);
            }
            game.singles.extend(wanted.iter().rev());
        }
        "artifacts" => {
            // `artifacts 2 3`: seat 2 holds 3 artifacts, taken from the reserve.
            let seat = seat_arg(words.first())?;
            let n = number(words.get(1), "a number of artifacts")?;
            if !game.options.artifacts {
                return err(
                    "\"artifacts\" needs the Artifacts expansion (option artifacts=true)".into(),
                );
            }
            let holder = game.artifact_holder(seat).index();
            let pool = game.artifact_reserve + game.seats[holder].artifacts;
            if n > pool {
                return err(format!("only {pool} artifacts are off the board"));
            }
            game.artifact_reserve = pool - n;
            game.seats[holder].artifacts = n;
        }
        _ => {
            return err(format!("unknown fixture \"{key}\"; fixtures: {FIXTURES}"));
        }
    }
    Ok(())
}

/// Refuses a fixture that names a tile twice (it would end in one place only).
fn named_once(wanted: &[TileId]) -> Result<(), SetupError> {
    for (i, id) in wanted.iter().enumerate() {
        if wanted[..i].contains(id) {
            return Err(SetupError(Text::raw(format!("tile {id} is named twice"))));
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
        return Err(SetupError(Text::raw(format!(
            "tile {id} is already on the board"
        ))));
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
        return Err(SetupError(Text::raw(format!(
            "card {c} is on a tableau or a spell pile already"
        ))));
    }
    Ok(())
}
