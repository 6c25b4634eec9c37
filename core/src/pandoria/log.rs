//! Pandoria's log lines: one line in words for every event
//! ([`Game::describe`](crate::game::Game::describe)), naming seats by their colour. `describe`
//! names every event once and hands it to its family's function: placing, regions and
//! figures, the card step and after, the end.

use super::cards::{CardId, Resource, cards};
use super::{Event, Figure, Mode, Pandoria};
use crate::game::{Game, Seat};

fn figure_name(game: &Pandoria, figure: &Figure) -> String {
    let kind = if figure.leader { "leader" } else { "worker" };
    format!("{}'s {kind}", game.seat_name(figure.seat))
}

fn paid_text(paid: &[u8; 3]) -> String {
    let parts: Vec<String> = Resource::ALL
        .iter()
        .filter(|r| paid[r.index()] > 0)
        .map(|r| r.amount(paid[r.index()]))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(" + ")
    }
}

fn card_name(card: CardId) -> String {
    let c = cards().card(card);
    format!("card {card} ({} / {})", c.spell.label(), c.building.label())
}

/// One log line for an event.
pub(super) fn describe(game: &Pandoria, event: &Event) -> String {
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
fn placement_line(game: &Pandoria, event: &Event) -> String {
    let name = |s: &Seat| game.seat_name(*s);
    match event {
        Event::StartTilePlaced { at, tile } => {
            format!("Start tile {tile} placed at {}–{}", at[0], at[1])
        }
        Event::TilePlaced { seat, at, tile } => {
            format!("{} placed {tile} at {}–{}", name(seat), at[0], at[1])
        }
        Event::CastlePlaced { seat, at } => {
            format!("{} placed a castle at {at}", name(seat))
        }
        Event::MountainCastlePlaced { seat, at } => {
            format!(
                "{} placed the mountain castle on the exit path {at}",
                name(seat)
            )
        }
        Event::SingleDrawn { seat, tile } => {
            format!("{} drew the single tile {tile}", name(seat))
        }
        Event::SinglePlaced { seat, at, tile } => {
            format!(
                "{} placed the single tile {tile} into the gap at {at}",
                name(seat)
            )
        }
        Event::ArtifactsTaken {
            seat,
            count,
            region,
        } => format!(
            "{} took {count} artifact{} from the region at {region}",
            name(seat),
            if *count == 1 { "" } else { "s" }
        ),
        Event::RelicTaken {
            seat,
            points,
            cost,
            scored,
        } => format!(
            "{} exchanged {cost} artifact{} for the {points}-point relic: {scored} point{}",
            name(seat),
            if *cost == 1 { "" } else { "s" },
            plural(*scored)
        ),
        Event::Sailed { from, to, figure } => match to {
            Some(to) => format!(
                "The ship at {from} is enclosed: {} sails downstream to {to}",
                figure_name(game, figure)
            ),
            None => format!(
                "The ship at {from} is enclosed and no ship downstream is free: {} goes back to the reserve",
                figure_name(game, figure)
            ),
        },
        Event::PrintedShip { seat, at, paid } => format!(
            "{} cast the printed Astral Ship onto the ship at {at} for {}",
            name(seat),
            paid_text(paid)
        ),
        Event::ShipDiscount { seat, at, crystals } => format!(
            "The ship at {at} gives {} {crystals} crystal{} back (its discount)",
            name(seat),
            if *crystals == 1 { "" } else { "s" }
        ),
        Event::CouldNotPlace { seat } => {
            format!("{} could place neither tile nor castle", name(seat))
        }
        _ => unreachable!("{event:?} is not logged by placement_line"),
    }
}

/// The log line of regions and figures: closing and scoring a region, placing, retrieving
/// and haunting figures, ransoms, Golems and what a realm gains from them.
fn figures_line(game: &Pandoria, event: &Event) -> String {
    let name = |s: &Seat| game.seat_name(*s);
    match event {
        Event::RegionClosed {
            region,
            returned,
            captured,
            captor,
        } => {
            let mut line = format!(
                "The {} at {} is closed ({} space{}, {} symbol{})",
                region.terrain,
                region.at,
                region.hexes.len(),
                if region.hexes.len() == 1 { "" } else { "s" },
                region.symbols,
                if region.symbols == 1 { "" } else { "s" },
            );
            if !returned.is_empty() {
                let who: Vec<String> = returned
                    .iter()
                    .map(|(h, f)| format!("{} from {h}", figure_name(game, f)))
                    .collect();
                line.push_str(&format!("; back to reserve: {}", who.join(", ")));
            }
            if let Some(captor) = captor {
                let who: Vec<String> = captured
                    .iter()
                    .map(|(h, f)| format!("{} from {h}", figure_name(game, f)))
                    .collect();
                line.push_str(&format!(
                    "; captured by {} (Hanbok): {}",
                    name(captor),
                    who.join(", ")
                ));
            }
            line
        }
        Event::Haunted { figure, victim } => format!(
            "{}'s {} (Spirits of the Ancients) haunts {}: it goes out with {}'s next figure",
            name(&figure.seat),
            if figure.leader { "leader" } else { "worker" },
            name(victim),
            name(victim)
        ),
        Event::HauntPlaced { at, figure, victim } => format!(
            "{}'s haunting {} went onto {at} with {}'s figure",
            name(&figure.seat),
            if figure.leader { "leader" } else { "worker" },
            name(victim)
        ),
        Event::SpiritReturned { at, figure, why } => format!(
            "{}'s haunting {} on {at} went back to the reserve ({why})",
            name(&figure.seat),
            if figure.leader { "leader" } else { "worker" }
        ),
        Event::Ransomed {
            payer,
            hanbok,
            workers,
            leader,
        } => {
            let mut what = Vec::new();
            if *workers > 0 {
                what.push(format!(
                    "{workers} worker{}",
                    if *workers == 1 { "" } else { "s" }
                ));
            }
            if *leader {
                what.push("the leader".into());
            }
            format!(
                "{} ransomed {} from {} (Hanbok)",
                name(payer),
                what.join(" and "),
                name(hanbok)
            )
        }
        Event::RansomPaid {
            payer,
            hanbok,
            resource,
        } => format!("{} took 1 {resource} from {}", name(hanbok), name(payer)),
        Event::FigurePlaced { at, figure } => {
            let kind = if figure.leader { "leader" } else { "worker" };
            format!("{} placed a {kind} on {at}", name(&figure.seat))
        }
        Event::FigureRetrieved { at, figure } => {
            let kind = if figure.leader { "leader" } else { "worker" };
            format!("{} took back a {kind} from {at}", name(&figure.seat))
        }
        Event::Passed { seat } => format!("{} placed no figure", name(seat)),
        Event::RegionScored { region, scores } => {
            if scores.is_empty() {
                return format!(
                    "Nobody scores the {} at {}: no figure next to it",
                    region.terrain, region.at
                );
            }
            let resource = Pandoria::yield_of(region.terrain).filter(|_| game.has_economy());
            let parts: Vec<String> = scores
                .iter()
                .map(|s| {
                    let mut bonus = if s.bonus > 0 {
                        format!(" + {}", s.bonus)
                    } else {
                        String::new()
                    };
                    if s.realm > 0 {
                        let realm = game.seat_state(s.seat).realm.map(|r| r.to_string());
                        bonus.push_str(&format!(" + {} {}", s.realm, realm.unwrap_or_default()));
                    }
                    let amount = match resource {
                        Some(r) => r.amount(s.gained),
                        None if game.has_economy() => format!("{} points", s.points),
                        None => s.points.to_string(),
                    };
                    format!(
                        "{} {amount} ({} × {}{bonus})",
                        name(&s.seat),
                        region.symbols,
                        s.figures
                    )
                })
                .collect();
            format!(
                "Scored the {} at {}: {}",
                region.terrain,
                region.at,
                parts.join(", ")
            )
        }
        Event::GolemPlaced { at, figure, paid } => {
            let kind = if figure.leader { "leader" } else { "worker" };
            format!(
                "{} placed a Golem ({kind}) on {at} for {}",
                name(&figure.seat),
                paid.amount(3)
            )
        }
        Event::RealmGain {
            seat,
            realm,
            resource,
            amount,
            why,
        } => {
            let what = match resource {
                Some(r) => r.amount(*amount),
                None if *amount == 1 => "1 point".into(),
                None => format!("{amount} points"),
            };
            format!("{} ({realm}) gains {what}: {why}", name(seat))
        }
        _ => unreachable!("{event:?} is not logged by figures_line"),
    }
}

/// The log line of the card step and after: realms, spells and their effects, buildings,
/// monuments, buying and the Market, resources and points.
fn cards_line(game: &Pandoria, event: &Event) -> String {
    let name = |s: &Seat| game.seat_name(*s);
    match event {
        Event::RealmChosen { seat, realm } => format!("{} plays the {realm}", name(seat)),
        Event::SpellCast {
            from: Some(owner),
            seat,
            card,
            paid,
            ..
        } => format!(
            "{} (Goblins) cast {} from {}'s spells (card {card}) for {}",
            name(seat),
            cards().card(*card).spell.label(),
            name(owner),
            paid_text(paid)
        ),
        Event::Occupied {
            seat,
            owner,
            slot,
            card,
            figure,
            paid,
        } => format!(
            "{} (Goblins) put a {} on {}'s {} (slot {slot}) for {}",
            name(seat),
            if figure.leader { "leader" } else { "worker" },
            name(owner),
            cards().card(*card).building.label(),
            paid_text(paid)
        ),
        Event::GoblinReturned {
            seat,
            owner,
            slot,
            figure,
            why,
        } => format!(
            "{}'s {} came back from {}'s slot {slot} ({why})",
            name(seat),
            if figure.leader { "leader" } else { "worker" },
            name(owner)
        ),
        Event::SpellCast {
            from: None,
            seat,
            card,
            paid,
            recast,
        } => {
            let c = cards().card(*card);
            let cost = if game.options.mode == Mode::FamilySpells {
                String::new()
            } else {
                format!(" for {}", paid_text(paid))
            };
            if *recast {
                format!("{} cast {} again{cost}", name(seat), c.spell.label())
            } else {
                format!(
                    "{} cast {} (card {card}){cost}",
                    name(seat),
                    c.spell.label()
                )
            }
        }
        Event::Adopted { seat, from, card } => format!(
            "{} adopted {}'s {}",
            name(seat),
            name(from),
            cards().card(*card).spell.label()
        ),
        Event::EffectForgone { seat, spell } => {
            format!("{} used no more of {}", name(seat), spell.label())
        }
        Event::Built {
            seat,
            card,
            slot,
            covered,
            paid,
        } => {
            let over = covered
                .map(|c| format!(" over {}", cards().card(c).building.label()))
                .unwrap_or_default();
            format!(
                "{} built {} (card {card}) in slot {slot}{over} for {}",
                name(seat),
                cards().card(*card).building.label(),
                paid_text(paid)
            )
        }
        Event::MonumentBuilt {
            seat,
            slot,
            value,
            covered,
            paid,
        } => format!(
            "{} erected a {value}-point monument over {} in slot {slot} for {}",
            name(seat),
            cards().card(*covered).building.label(),
            paid_text(paid)
        ),
        Event::Bought { seat, card, paid } => format!(
            "{} bought {} for {}",
            name(seat),
            card_name(*card),
            paid_text(paid)
        ),
        Event::Taken { seat, card } => {
            format!("{} took {} for free", name(seat), card_name(*card))
        }
        Event::MarketRefilled { card, left } => {
            format!(
                "New in the market: {} ({left} cards left)",
                card_name(*card)
            )
        }
        Event::CardDrawn { seat, left } => {
            format!("{} drew a card ({left} left)", name(seat))
        }
        Event::ResourceSet {
            seat,
            resource,
            value,
            by,
        } => format!("{by} set {}'s {resource} to {value}", name(seat)),
        Event::PointsScored { seat, points, why } => {
            format!(
                "{} scored {points} point{} ({why})",
                name(seat),
                plural(*points)
            )
        }
        Event::Converted {
            seat,
            resource,
            surplus,
            points,
            lost,
        } => format!(
            "{} went {} over {}: {points} point{}, {lost} lost",
            name(seat),
            resource.amount(*surplus),
            game.camp(*seat),
            plural(*points)
        ),
        Event::Raged {
            worker,
            region,
            times,
        } => format!("The worker on {worker} counts {times} times for the region at {region}"),
        Event::FigureMoved { from, to, figure } => {
            format!("{} moved from {from} to {to}", figure_name(game, figure))
        }
        Event::SpellTileDrawn { seat, tile } => {
            format!("{} drew the tile {tile}", name(seat))
        }
        Event::SpellTilePlaced { seat, at, tile } => format!(
            "{} placed {tile} at {}",
            name(seat),
            at.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("–")
        ),
        Event::SpellTileBoxed { tile } => format!("The tile {tile} goes back to the box"),
        Event::ChoseCard {
            seat,
            points,
            region,
        } => format!(
            "{} drew a card instead of {points} point{} for the region at {region}",
            name(seat),
            plural(*points)
        ),
        Event::ChosePoints {
            seat,
            points,
            region,
        } => format!(
            "{} took {points} point{} for the region at {region}",
            name(seat),
            plural(*points)
        ),
        _ => unreachable!("{event:?} is not logged by cards_line"),
    }
}

/// The log line of the end of a turn, a round and the game.
fn end_line(game: &Pandoria, event: &Event) -> String {
    let name = |s: &Seat| game.seat_name(*s);
    match event {
        Event::TileDrawn { seat, left } => {
            format!("{} drew a tile ({left} left)", name(seat))
        }
        Event::LastRound { seat } => format!(
            "{} could not draw a tile: this round is the last",
            name(seat)
        ),
        Event::GameOver { outcome } => {
            let mut order: Vec<usize> = (0..outcome.scores.len()).collect();
            order.sort_by_key(|&i| (outcome.ranks[i], i));
            let parts: Vec<String> = order
                .iter()
                .map(|&i| {
                    format!(
                        "{}. {} {}",
                        outcome.ranks[i],
                        game.seat_name(Seat(i as u8)),
                        outcome.scores[i]
                    )
                })
                .collect();
            let winners: Vec<String> = outcome
                .winners
                .iter()
                .map(|&s| game.seat_name(s).to_string())
                .collect();
            format!(
                "Game over: {}. {} {}",
                parts.join(", "),
                join_words(&winners),
                if winners.len() == 1 {
                    "wins"
                } else {
                    "share the win"
                }
            )
        }
        Event::FinalScored {
            seat,
            cards,
            resources,
            left,
            captives,
        } => {
            let mut line = format!("Final scoring: {} {cards} for hand cards", name(seat));
            if *captives > 0 {
                line.push_str(&format!(", {captives} for captives"));
            }
            if game.has_economy() {
                line.push_str(&format!(
                    ", {} for crystals, {} for gold, {} for wood ({left} resource{} left)",
                    resources[0],
                    resources[1],
                    resources[2],
                    if *left == 1 { "" } else { "s" }
                ));
            }
            line
        }
        _ => unreachable!("{event:?} is not logged by end_line"),
    }
}

fn plural(n: i32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn join_words(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
