//! Pandoria's log lines: one line in words for every event
//! ([`Game::describe`](crate::game::Game::describe)), naming seats by their colour. `describe`
//! names every event once and hands it to its family's function: placing, regions and
//! figures, the card step and after, the end. Every line is a `pandoria-log-*` message of
//! `core/locales/<lang>/pandoria.ftl`; only the front end renders it.

use super::cards::{CardId, Resource, cards};
use super::data::Tile;
use super::error::joined;
use super::{Event, Figure, Mode, Pandoria};
use crate::game::{Game, Seat};
use crate::hex::Hex;
use crate::t;
use crate::words::{Arg, Text};

/// A hex's coordinate, shown as given.
fn hex(h: &Hex) -> Arg {
    Arg::raw(h.to_string())
}

/// "Red's worker", "Blue's leader".
fn figure_name(game: &Pandoria, figure: &Figure) -> Text {
    t!(
        "pandoria-figure",
        seat = game.seat_name(figure.seat),
        leader = u8::from(figure.leader)
    )
}

/// "1 crystal + 2 gold", or "nothing".
pub(super) fn paid_text(paid: &[u8; 3]) -> Text {
    let parts: Vec<Text> = Resource::ALL
        .iter()
        .filter(|r| paid[r.index()] > 0)
        .map(|r| r.count(paid[r.index()]))
        .collect();
    if parts.is_empty() {
        t!("pandoria-nothing")
    } else {
        joined(parts, t!("pandoria-sep-plus"))
    }
}

/// "card 12 (Conjure 8 / Bank −1)".
fn card_name(card: CardId) -> Text {
    let c = cards().card(card);
    t!(
        "pandoria-card-named",
        card = card.0,
        spell = c.spell.label_text(),
        building = c.building.label_text()
    )
}

/// A tile's halves as a log shows them: "forest 2·city 1".
pub(super) fn tile_text(tile: &Tile, sep: Text) -> Text {
    let half =
        |h: &super::data::Half| t!("pandoria-half", terrain = h.terrain.text(), n = h.symbols);
    match &tile.b {
        Some(b) => joined([half(&tile.a), half(b)], sep),
        None => half(&tile.a),
    }
}

/// One log line for an event.
pub(super) fn describe(game: &Pandoria, event: &Event) -> Text {
    match event {
        Event::StartTilePlaced { .. }
        | Event::TilePlaced { .. }
        | Event::CastlePlaced { .. }
        | Event::MountainCastlePlaced { .. }
        | Event::SingleDrawn { .. }
        | Event::SinglePlaced { .. }
        | Event::ArtifactsTaken { .. }
        | Event::RelicTaken { .. }
        | Event::Sailed { .. }
        | Event::PrintedShip { .. }
        | Event::ShipDiscount { .. }
        | Event::CouldNotPlace { .. } => placement_line(game, event),
        Event::RegionClosed { .. }
        | Event::Haunted { .. }
        | Event::HauntPlaced { .. }
        | Event::SpiritReturned { .. }
        | Event::Ransomed { .. }
        | Event::RansomPaid { .. }
        | Event::FigurePlaced { .. }
        | Event::FigureRetrieved { .. }
        | Event::Passed { .. }
        | Event::RegionScored { .. }
        | Event::GolemPlaced { .. }
        | Event::RealmGain { .. } => figures_line(game, event),
        Event::RealmChosen { .. }
        | Event::SpellCast { .. }
        | Event::Occupied { .. }
        | Event::GoblinReturned { .. }
        | Event::Adopted { .. }
        | Event::EffectForgone { .. }
        | Event::Built { .. }
        | Event::MonumentBuilt { .. }
        | Event::Bought { .. }
        | Event::Taken { .. }
        | Event::MarketRefilled { .. }
        | Event::CardDrawn { .. }
        | Event::ResourceSet { .. }
        | Event::PointsScored { .. }
        | Event::Converted { .. }
        | Event::Raged { .. }
        | Event::FigureMoved { .. }
        | Event::SpellTileDrawn { .. }
        | Event::SpellTilePlaced { .. }
        | Event::SpellTileBoxed { .. }
        | Event::ChoseCard { .. }
        | Event::ChosePoints { .. } => cards_line(game, event),
        Event::TileDrawn { .. }
        | Event::LastRound { .. }
        | Event::GameOver { .. }
        | Event::FinalScored { .. } => end_line(game, event),
    }
}

/// The log line of placing: tiles, castles, single tiles, artifacts and relics, ships.
fn placement_line(game: &Pandoria, event: &Event) -> Text {
    let name = |s: &Seat| game.seat_name(*s);
    let tile = |t: &Tile| tile_text(t, t!("pandoria-sep-dot"));
    match event {
        Event::StartTilePlaced { at, tile: t } => t!(
            "pandoria-log-start-tile",
            tile = tile(t),
            a = hex(&at[0]),
            b = hex(&at[1])
        ),
        Event::TilePlaced { seat, at, tile: t } => t!(
            "pandoria-log-tile",
            seat = name(seat),
            tile = tile(t),
            a = hex(&at[0]),
            b = hex(&at[1])
        ),
        Event::CastlePlaced { seat, at } => {
            t!("pandoria-log-castle", seat = name(seat), at = hex(at))
        }
        Event::MountainCastlePlaced { seat, at } => {
            t!(
                "pandoria-log-mountain-castle",
                seat = name(seat),
                at = hex(at)
            )
        }
        Event::SingleDrawn { seat, tile: t } => {
            t!(
                "pandoria-log-single-drawn",
                seat = name(seat),
                tile = tile(t)
            )
        }
        Event::SinglePlaced { seat, at, tile: t } => t!(
            "pandoria-log-single-placed",
            seat = name(seat),
            tile = tile(t),
            at = hex(at)
        ),
        Event::ArtifactsTaken {
            seat,
            count,
            region,
        } => t!(
            "pandoria-log-artifacts",
            seat = name(seat),
            count = *count,
            region = hex(region)
        ),
        Event::RelicTaken {
            seat,
            points,
            cost,
            scored,
        } => t!(
            "pandoria-log-relic",
            seat = name(seat),
            cost = *cost,
            points = *points,
            scored = *scored
        ),
        Event::Sailed { from, to, figure } => match to {
            Some(to) => t!(
                "pandoria-log-sailed",
                from = hex(from),
                figure = figure_name(game, figure),
                to = hex(to)
            ),
            None => t!(
                "pandoria-log-sailed-home",
                from = hex(from),
                figure = figure_name(game, figure)
            ),
        },
        Event::PrintedShip { seat, at, paid } => t!(
            "pandoria-log-printed-ship",
            seat = name(seat),
            at = hex(at),
            paid = paid_text(paid)
        ),
        Event::ShipDiscount { seat, at, crystals } => t!(
            "pandoria-log-ship-discount",
            at = hex(at),
            seat = name(seat),
            crystals = Resource::Crystal.count(*crystals)
        ),
        Event::CouldNotPlace { seat } => t!("pandoria-log-could-not-place", seat = name(seat)),
        _ => unreachable!("{event:?} is not logged by placement_line"),
    }
}

/// "Red's worker from D7, Blue's leader from E8".
fn figures_from(game: &Pandoria, figures: &[(Hex, Figure)]) -> Text {
    joined(
        figures.iter().map(|(h, f)| {
            t!(
                "pandoria-log-figure-from",
                figure = figure_name(game, f),
                at = hex(h)
            )
        }),
        t!("pandoria-sep-comma"),
    )
}

/// The log line of regions and figures: closing and scoring a region, placing, retrieving
/// and haunting figures, ransoms, Golems and what a realm gains from them.
fn figures_line(game: &Pandoria, event: &Event) -> Text {
    let name = |s: &Seat| game.seat_name(*s);
    let leader = |f: &Figure| u8::from(f.leader);
    match event {
        Event::RegionClosed {
            region,
            returned,
            captured,
            captor,
        } => {
            let back = if returned.is_empty() {
                Text::concat([])
            } else {
                t!(
                    "pandoria-log-back-to-reserve",
                    who = figures_from(game, returned)
                )
            };
            let taken = match captor {
                Some(captor) => t!(
                    "pandoria-log-captured",
                    seat = name(captor),
                    who = figures_from(game, captured)
                ),
                None => Text::concat([]),
            };
            t!(
                "pandoria-log-closed",
                terrain = region.terrain.text(),
                at = hex(&region.at),
                spaces = region.hexes.len(),
                symbols = region.symbols,
                back = back,
                taken = taken
            )
        }
        Event::Haunted { figure, victim } => t!(
            "pandoria-log-haunted",
            seat = name(&figure.seat),
            leader = leader(figure),
            victim = name(victim)
        ),
        Event::HauntPlaced { at, figure, victim } => t!(
            "pandoria-log-haunt-placed",
            seat = name(&figure.seat),
            leader = leader(figure),
            at = hex(at),
            victim = name(victim)
        ),
        Event::SpiritReturned { at, figure, why } => t!(
            "pandoria-log-spirit-returned",
            seat = name(&figure.seat),
            leader = leader(figure),
            at = hex(at),
            why = why.text()
        ),
        Event::Ransomed {
            payer,
            hanbok,
            workers,
            leader,
        } => {
            let mut what = Vec::new();
            if *workers > 0 {
                what.push(t!("pandoria-workers", n = *workers));
            }
            if *leader {
                what.push(t!("pandoria-the-leader"));
            }
            t!(
                "pandoria-log-ransomed",
                payer = name(payer),
                what = Text::and_list(what),
                hanbok = name(hanbok)
            )
        }
        Event::RansomPaid {
            payer,
            hanbok,
            resource,
        } => t!(
            "pandoria-log-ransom-paid",
            hanbok = name(hanbok),
            what = resource.count(1),
            payer = name(payer)
        ),
        Event::FigurePlaced { at, figure } => t!(
            "pandoria-log-figure-placed",
            seat = name(&figure.seat),
            leader = leader(figure),
            at = hex(at)
        ),
        Event::FigureRetrieved { at, figure } => t!(
            "pandoria-log-figure-retrieved",
            seat = name(&figure.seat),
            leader = leader(figure),
            at = hex(at)
        ),
        Event::Passed { seat } => t!("pandoria-log-passed", seat = name(seat)),
        Event::RegionScored { region, scores } => {
            if scores.is_empty() {
                return t!(
                    "pandoria-log-nobody-scores",
                    terrain = region.terrain.text(),
                    at = hex(&region.at)
                );
            }
            let resource = Pandoria::yield_of(region.terrain).filter(|_| game.has_economy());
            let parts = scores.iter().map(|s| {
                let mut bonus = Vec::new();
                if s.bonus > 0 {
                    bonus.push(t!("pandoria-log-bonus", n = s.bonus));
                }
                if s.realm > 0 {
                    let realm = game.seat_state(s.seat).realm.map(|r| r.text());
                    bonus.push(t!(
                        "pandoria-log-realm-bonus",
                        n = s.realm,
                        realm = realm.unwrap_or_else(|| Text::concat([]))
                    ));
                }
                let amount = match resource {
                    Some(r) => r.count(s.gained),
                    None if game.has_economy() => t!("pandoria-log-points", n = s.points),
                    None => t!("pandoria-number", n = s.points),
                };
                t!(
                    "pandoria-log-score-part",
                    seat = name(&s.seat),
                    amount = amount,
                    symbols = region.symbols,
                    figures = s.figures,
                    bonus = Text::concat(bonus)
                )
            });
            t!(
                "pandoria-log-scored",
                terrain = region.terrain.text(),
                at = hex(&region.at),
                parts = joined(parts, t!("pandoria-sep-comma"))
            )
        }
        Event::GolemPlaced { at, figure, paid } => t!(
            "pandoria-log-golem",
            seat = name(&figure.seat),
            leader = leader(figure),
            at = hex(at),
            paid = paid.count(3)
        ),
        Event::RealmGain {
            seat,
            realm,
            resource,
            amount,
            terrain,
            at,
        } => {
            let what = match resource {
                Some(r) => r.count(*amount),
                None => t!("pandoria-points", n = *amount),
            };
            t!(
                "pandoria-log-forced-out",
                seat = name(seat),
                realm = realm.text(),
                what = what,
                n = *amount,
                terrain = terrain.text(),
                at = hex(at)
            )
        }
        _ => unreachable!("{event:?} is not logged by figures_line"),
    }
}

/// The log line of the card step and after: realms, spells and their effects, buildings,
/// monuments, buying and the Market, resources and points.
fn cards_line(game: &Pandoria, event: &Event) -> Text {
    let name = |s: &Seat| game.seat_name(*s);
    let spell = |c: &CardId| cards().card(*c).spell.label_text();
    let building = |c: &CardId| cards().card(*c).building.label_text();
    match event {
        Event::RealmChosen { seat, realm } => {
            t!(
                "pandoria-log-realm",
                seat = name(seat),
                realm = realm.text()
            )
        }
        Event::SpellCast {
            from: Some(owner),
            seat,
            card,
            paid,
            ..
        } => t!(
            "pandoria-log-goblin-spell",
            seat = name(seat),
            spell = spell(card),
            owner = name(owner),
            card = card.0,
            paid = paid_text(paid)
        ),
        Event::Occupied {
            seat,
            owner,
            slot,
            card,
            figure,
            paid,
        } => t!(
            "pandoria-log-occupied",
            seat = name(seat),
            leader = u8::from(figure.leader),
            owner = name(owner),
            building = building(card),
            slot = *slot,
            paid = paid_text(paid)
        ),
        Event::GoblinReturned {
            seat,
            owner,
            slot,
            figure,
            why,
        } => t!(
            "pandoria-log-goblin-returned",
            seat = name(seat),
            leader = u8::from(figure.leader),
            owner = name(owner),
            slot = *slot,
            why = why.text()
        ),
        Event::SpellCast {
            from: None,
            seat,
            card,
            paid,
            recast,
        } => {
            let cost = if game.options.mode == Mode::FamilySpells {
                Text::concat([])
            } else {
                t!("pandoria-log-for", paid = paid_text(paid))
            };
            if *recast {
                t!(
                    "pandoria-log-recast",
                    seat = name(seat),
                    spell = spell(card),
                    cost = cost
                )
            } else {
                t!(
                    "pandoria-log-spell",
                    seat = name(seat),
                    spell = spell(card),
                    card = card.0,
                    cost = cost
                )
            }
        }
        Event::Adopted { seat, from, card } => t!(
            "pandoria-log-adopted",
            seat = name(seat),
            from = name(from),
            spell = spell(card)
        ),
        Event::EffectForgone { seat, spell } => t!(
            "pandoria-log-forgone",
            seat = name(seat),
            spell = spell.label_text()
        ),
        Event::Built {
            seat,
            card,
            slot,
            covered,
            paid,
        } => {
            let over = covered
                .map(|c| t!("pandoria-over", building = building(&c)))
                .unwrap_or_else(|| Text::concat([]));
            t!(
                "pandoria-log-built",
                seat = name(seat),
                building = building(card),
                card = card.0,
                slot = *slot,
                over = over,
                paid = paid_text(paid)
            )
        }
        Event::MonumentBuilt {
            seat,
            slot,
            value,
            covered,
            paid,
        } => t!(
            "pandoria-log-monument",
            seat = name(seat),
            value = *value,
            covered = building(covered),
            slot = *slot,
            paid = paid_text(paid)
        ),
        Event::Bought { seat, card, paid } => t!(
            "pandoria-log-bought",
            seat = name(seat),
            card = card_name(*card),
            paid = paid_text(paid)
        ),
        Event::Taken { seat, card } => {
            t!(
                "pandoria-log-taken",
                seat = name(seat),
                card = card_name(*card)
            )
        }
        Event::MarketRefilled { card, left } => t!(
            "pandoria-log-market-refilled",
            card = card_name(*card),
            left = *left
        ),
        Event::CardDrawn { seat, left } => {
            t!("pandoria-log-card-drawn", seat = name(seat), left = *left)
        }
        Event::ResourceSet {
            seat,
            resource,
            value,
            by,
        } => t!(
            "pandoria-log-resource-set",
            by = by.text(),
            seat = name(seat),
            resource = resource.text(),
            value = *value
        ),
        Event::PointsScored { seat, points, why } => t!(
            "pandoria-log-points-scored",
            seat = name(seat),
            points = *points,
            why = why.text()
        ),
        Event::Converted {
            seat,
            resource,
            surplus,
            points,
            lost,
        } => t!(
            "pandoria-log-converted",
            seat = name(seat),
            surplus = resource.count(*surplus),
            camp = game.camp(*seat),
            points = *points,
            lost = *lost
        ),
        Event::Raged {
            worker,
            region,
            times,
        } => t!(
            "pandoria-log-raged",
            worker = hex(worker),
            times = *times,
            region = hex(region)
        ),
        Event::FigureMoved { from, to, figure } => t!(
            "pandoria-log-moved",
            figure = figure_name(game, figure),
            from = hex(from),
            to = hex(to)
        ),
        Event::SpellTileDrawn { seat, tile } => t!(
            "pandoria-log-spell-tile-drawn",
            seat = name(seat),
            tile = tile_text(tile, t!("pandoria-sep-dot"))
        ),
        Event::SpellTilePlaced { seat, at, tile } => t!(
            "pandoria-log-spell-tile-placed",
            seat = name(seat),
            tile = tile_text(tile, t!("pandoria-sep-dot")),
            at = Arg::raw(
                at.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("–")
            )
        ),
        Event::SpellTileBoxed { tile } => t!(
            "pandoria-log-spell-tile-boxed",
            tile = tile_text(tile, t!("pandoria-sep-dot"))
        ),
        Event::ChoseCard {
            seat,
            points,
            region,
        } => t!(
            "pandoria-log-chose-card",
            seat = name(seat),
            points = *points,
            region = hex(region)
        ),
        Event::ChosePoints {
            seat,
            points,
            region,
        } => t!(
            "pandoria-log-chose-points",
            seat = name(seat),
            points = *points,
            region = hex(region)
        ),
        _ => unreachable!("{event:?} is not logged by cards_line"),
    }
}

/// The log line of the end of a turn, a round and the game.
fn end_line(game: &Pandoria, event: &Event) -> Text {
    let name = |s: &Seat| game.seat_name(*s);
    match event {
        Event::TileDrawn { seat, left } => {
            t!("pandoria-log-tile-drawn", seat = name(seat), left = *left)
        }
        Event::LastRound { seat } => t!("pandoria-log-last-round", seat = name(seat)),
        Event::GameOver { outcome } => {
            let mut order: Vec<usize> = (0..outcome.scores.len()).collect();
            order.sort_by_key(|&i| (outcome.ranks[i], i));
            let ranking = order.iter().map(|&i| {
                t!(
                    "pandoria-log-rank",
                    rank = outcome.ranks[i],
                    seat = game.seat_name(Seat(i as u8)),
                    score = outcome.scores[i]
                )
            });
            t!(
                "pandoria-log-game-over",
                ranking = joined(ranking, t!("pandoria-sep-comma")),
                winners = Text::and_list(outcome.winners.iter().map(|&s| game.seat_name(s))),
                n = outcome.winners.len()
            )
        }
        Event::FinalScored {
            seat,
            cards,
            resources,
            left,
            captives,
        } => {
            let captives = if *captives > 0 {
                t!("pandoria-log-final-captives", n = *captives)
            } else {
                Text::concat([])
            };
            let resources = if game.has_economy() {
                t!(
                    "pandoria-log-final-resources",
                    crystals = resources[0],
                    gold = resources[1],
                    wood = resources[2],
                    left = *left
                )
            } else {
                Text::concat([])
            };
            t!(
                "pandoria-log-final",
                seat = name(seat),
                cards = *cards,
                captives = captives,
                resources = resources
            )
        }
        _ => unreachable!("{event:?} is not logged by end_line"),
    }
}
