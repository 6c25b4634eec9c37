//! The rules of a Pandoria turn: which placements are legal, which regions close, who
//! scores, and the fixtures scenario files may set up.

use serde::{Deserialize, Serialize};

use super::data::{Space, Terrain, TileKind, board, tiles};
use super::{Action, Event, Figure, Land, Pandoria, Score, Step, TileId};
use crate::game::{Seat, SetupError};
use crate::hex::{Hex, HexSet};

/// A region: connected hexes of one terrain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Region {
    /// Its terrain.
    pub terrain: Terrain,
    /// The hex that names it in logs (a hex of the placement that closed it, if it has one).
    pub at: Hex,
    /// Its hexes in board order.
    pub hexes: Vec<Hex>,
    /// The resource symbols on all its hexes.
    pub symbols: u16,
}

/// Why Pandoria refuses an action. Each message says what was wrong and what is allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The action belongs to another step of the turn.
    #[error("you cannot {tried} now: {now}")]
    WrongStep {
        /// What was tried ("place a figure").
        tried: &'static str,
        /// What the player must do now.
        now: String,
    },
    /// The hex is not fertile plain.
    #[error("{0} is not on the fertile plain (mountains and exit paths stay free)")]
    NotPlain(Hex),
    /// The hex is a lake.
    #[error("{0} is a lake: tiles never go on lakes")]
    Lake(Hex),
    /// The hex is a printed terrain space.
    #[error("{0} is a printed terrain space: build next to it, not on it")]
    Printed(Hex),
    /// A tile or castle already covers the hex.
    #[error("{0} is already covered")]
    Covered(Hex),
    /// The two hexes of a double tile do not touch.
    #[error("{0} and {1} are not next to each other: a double tile covers two neighbouring spaces")]
    NotNeighbours(Hex, Hex),
    /// The placement touches no tile.
    #[error("{0} touches no tile: place next to the land already on the board")]
    Detached(String),
    /// The two start tiles must not touch (option `start_apart`).
    #[error("the start tiles must not touch each other")]
    StartTilesTouch,
    /// No castle left.
    #[error("you have no castle left: place your tile")]
    NoCastle,
    /// No tile in hand.
    #[error("you have no tile in hand: place a castle")]
    NoTile,
    /// A figure may go only on what was just placed.
    #[error("a figure can go only on what you just placed ({allowed})")]
    NotJustPlaced {
        /// The allowed hexes.
        allowed: String,
    },
    /// The region of the hex is closed.
    #[error("the {terrain} at {at} is closed: no figure can go there")]
    Closed {
        /// The hex.
        at: Hex,
        /// Its terrain.
        terrain: Terrain,
    },
    /// The hex already holds a figure.
    #[error("{0} already has a figure")]
    Occupied(Hex),
    /// No worker in reserve.
    #[error("you have no worker in your reserve")]
    NoWorker,
    /// The leader is on the board already.
    #[error("your leader is already on the board")]
    NoLeader,
    /// The leader comes last (standard game).
    #[error("your leader comes last: place your workers first")]
    LeaderTooEarly,
    /// Nothing of the player's stands there.
    #[error("you have no figure on {0}")]
    NotYourFigure(Hex),
    /// Placing is compulsory.
    #[error("you must place your tile or a castle; you cannot pass")]
    MustPlace,
}

impl Pandoria {
    /// The free hexes where tiles may go.
    fn free(&self) -> HexSet {
        let mut free = board().placeable();
        for hex in free.iter().collect::<Vec<_>>() {
            if self.land[hex.index()] != Land::Empty {
                free.remove(hex);
            }
        }
        free
    }

    /// Whether the land on a hex lets new tiles attach: placed tiles and castles always; a
    /// printed space once a placed tile touches it (text 004, step 1 note).
    fn is_anchor(&self, hex: Hex) -> bool {
        match self.land[hex.index()] {
            Land::Empty => false,
            Land::Castle { .. } | Land::Terrain { tile: Some(_), .. } => true,
            Land::Terrain { tile: None, .. } => board().neighbours(hex).any(|n| {
                matches!(
                    self.land[n.index()],
                    Land::Castle { .. } | Land::Terrain { tile: Some(_), .. }
                )
            }),
        }
    }

    fn touches_land(&self, hex: Hex) -> bool {
        board().neighbours(hex).any(|n| self.is_anchor(n))
    }

    /// Free hexes next to land that tiles may attach to.
    fn frontier(&self, free: &HexSet) -> HexSet {
        let mut out = HexSet::EMPTY;
        for hex in Hex::all() {
            if self.land[hex.index()] != Land::Empty && self.is_anchor(hex) {
                for n in board().neighbours(hex) {
                    if free.contains(n) {
                        out.insert(n);
                    }
                }
            }
        }
        out
    }

    pub(super) fn can_place(&self, seat: Seat) -> bool {
        let free = self.free();
        let frontier = self.frontier(&free);
        if frontier.is_empty() {
            return false;
        }
        let s = &self.seats[seat.index()];
        s.castles > 0
            || (!s.hand.is_empty()
                && frontier
                    .iter()
                    .any(|h| board().neighbours(h).any(|n| free.contains(n))))
    }

    /// Start tile placements: any two free neighbouring hexes; with `start_apart`, not
    /// touching the start tiles already placed.
    pub(super) fn start_placements(&self, placed: &[[Hex; 2]]) -> Vec<[Hex; 2]> {
        let free = self.free();
        let apart_ok = |h: Hex| {
            !self.options.start_apart || placed.iter().flatten().all(|p| !p.is_adjacent(h))
        };
        let mut out = Vec::new();
        for a in free.iter() {
            for dir in 1..=3 {
                if let Some(b) = board().neighbour(a, dir)
                    && free.contains(b)
                    && apart_ok(a)
                    && apart_ok(b)
                {
                    out.push([a, b]);
                    out.push([b, a]);
                }
            }
        }
        out
    }

    fn placed_start_tiles(&self) -> Vec<[Hex; 2]> {
        let mut out: Vec<[Hex; 2]> = Vec::new();
        for id in super::start_tile_ids() {
            let hexes: Vec<Hex> = Hex::all()
                .filter(|h| {
                    matches!(self.land[h.index()], Land::Terrain { tile: Some(t), .. } if t == id)
                })
                .collect();
            if let [a, b] = hexes[..] {
                out.push([a, b]);
            }
        }
        out
    }

    /// Every place a double tile could go now (both orientations) and every space a castle
    /// could go, whoever holds them.
    pub fn placements(&self) -> (Vec<[Hex; 2]>, Vec<Hex>) {
        let free = self.free();
        let frontier = self.frontier(&free);
        let mut pairs = Vec::new();
        for a in free.iter() {
            for dir in 1..=3 {
                if let Some(b) = board().neighbour(a, dir)
                    && free.contains(b)
                    && (frontier.contains(a) || frontier.contains(b))
                {
                    pairs.push([a, b]);
                    pairs.push([b, a]);
                }
            }
        }
        (pairs, frontier.iter().collect())
    }

    /// Appends every legal action of the current decision to `out`.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        match &self.step {
            Step::Over => {}
            Step::StartTile { .. } => {
                let placed = self.placed_start_tiles();
                out.extend(
                    self.start_placements(&placed)
                        .into_iter()
                        .map(|[a, b]| Action::Start(a, b)),
                );
            }
            Step::Place => {
                let seat = &self.seats[self.current.index()];
                let (pairs, castle_spaces) = self.placements();
                if !seat.hand.is_empty() {
                    out.extend(pairs.into_iter().map(|[a, b]| Action::Tile(a, b)));
                }
                if seat.castles > 0 {
                    out.extend(castle_spaces.into_iter().map(Action::Castle));
                }
            }
            Step::Figure { .. } => {
                out.extend(self.figure_options(self.current));
                out.push(Action::Pass);
            }
        }
    }

    /// Figure placements and retrievals open to `seat` in the figure step (without `pass`).
    pub(super) fn figure_options(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        let Step::Figure { placed, closed, .. } = &self.step else {
            return out;
        };
        let s = &self.seats[seat.index()];
        for &hex in placed {
            if self.figures[hex.index()].is_some() || in_closed(closed, hex) {
                continue;
            }
            if s.workers > 0 {
                out.push(Action::Worker(hex));
            }
            if s.leader && (s.workers == 0 || self.leader_any_time()) {
                out.push(Action::Leader(hex));
            }
        }
        out.extend(self.figures_of(seat).map(|(h, _)| Action::Retrieve(h)));
        out
    }

    fn where_problem(&self, hex: Hex) -> Option<RulesError> {
        match board().space(hex) {
            Space::Mountains | Space::Exit { .. } => Some(RulesError::NotPlain(hex)),
            Space::Lake { .. } => Some(RulesError::Lake(hex)),
            Space::Printed { .. } => Some(RulesError::Printed(hex)),
            Space::Plain if self.land[hex.index()] != Land::Empty => Some(RulesError::Covered(hex)),
            Space::Plain => None,
        }
    }

    fn now(&self) -> String {
        match &self.step {
            Step::StartTile { .. } => "place the next start tile (start D7 E7)".into(),
            Step::Place => "place your tile (tile D7 E7) or a castle (castle D7)".into(),
            Step::Figure { placed, .. } if placed.is_empty() => {
                "retrieve a figure (retrieve D7) or pass".into()
            }
            Step::Figure { placed, .. } => format!(
                "place a figure on {} (worker {}), retrieve one, or pass",
                join_hexes(placed, " or "),
                placed[0]
            ),
            Step::Over => "nothing: the game is over".into(),
        }
    }

    /// Checks an action against the current step without changing anything.
    pub(super) fn validate(&self, action: &Action) -> Result<(), RulesError> {
        let wrong = |tried: &'static str| {
            Err(RulesError::WrongStep {
                tried,
                now: self.now(),
            })
        };
        let seat = &self.seats[self.current.index()];
        match (&self.step, *action) {
            (Step::StartTile { next }, Action::Start(a, b)) => {
                self.check_pair(a, b)?;
                if *next == 1 && self.options.start_apart {
                    let placed = self.placed_start_tiles();
                    if placed
                        .iter()
                        .flatten()
                        .any(|p| p.is_adjacent(a) || p.is_adjacent(b))
                    {
                        return Err(RulesError::StartTilesTouch);
                    }
                }
                Ok(())
            }
            (Step::StartTile { .. }, _) => wrong("do that"),
            (Step::Place, Action::Tile(a, b)) => {
                if seat.hand.is_empty() {
                    return Err(RulesError::NoTile);
                }
                self.check_pair(a, b)?;
                if !self.touches_land(a) && !self.touches_land(b) {
                    return Err(RulesError::Detached(format!("{a}–{b}")));
                }
                Ok(())
            }
            (Step::Place, Action::Castle(h)) => {
                if seat.castles == 0 {
                    return Err(RulesError::NoCastle);
                }
                if let Some(e) = self.where_problem(h) {
                    return Err(e);
                }
                if !self.touches_land(h) {
                    return Err(RulesError::Detached(h.to_string()));
                }
                Ok(())
            }
            (Step::Place, Action::Pass) => Err(RulesError::MustPlace),
            (Step::Place, Action::Worker(_) | Action::Leader(_)) => wrong("place a figure"),
            (Step::Place, Action::Retrieve(_)) => wrong("retrieve a figure"),
            (Step::Place, Action::Start(..)) => wrong("place a start tile"),
            (Step::Figure { placed, closed, .. }, Action::Worker(h) | Action::Leader(h)) => {
                if !placed.contains(&h) {
                    return Err(RulesError::NotJustPlaced {
                        allowed: if placed.is_empty() {
                            "nothing was placed this turn".into()
                        } else {
                            join_hexes(placed, " or ")
                        },
                    });
                }
                if self.figures[h.index()].is_some() {
                    return Err(RulesError::Occupied(h));
                }
                if let Some(region) = closed.iter().find(|r| r.hexes.contains(&h)) {
                    return Err(RulesError::Closed {
                        at: h,
                        terrain: region.terrain,
                    });
                }
                if matches!(action, Action::Worker(_)) {
                    if seat.workers == 0 {
                        return Err(RulesError::NoWorker);
                    }
                } else if !seat.leader {
                    return Err(RulesError::NoLeader);
                } else if seat.workers > 0 && !self.leader_any_time() {
                    return Err(RulesError::LeaderTooEarly);
                }
                Ok(())
            }
            (Step::Figure { .. }, Action::Retrieve(h)) => match self.figures[h.index()] {
                Some(f) if f.seat == self.current => Ok(()),
                _ => Err(RulesError::NotYourFigure(h)),
            },
            (Step::Figure { .. }, Action::Pass) => Ok(()),
            (Step::Figure { .. }, Action::Tile(..) | Action::Castle(_)) => {
                wrong("place another tile")
            }
            (Step::Figure { .. }, Action::Start(..)) => wrong("place a start tile"),
            (Step::Over, _) => wrong("play"),
        }
    }

    fn check_pair(&self, a: Hex, b: Hex) -> Result<(), RulesError> {
        if let Some(e) = self.where_problem(a).or_else(|| self.where_problem(b)) {
            return Err(e);
        }
        if !a.is_adjacent(b) {
            return Err(RulesError::NotNeighbours(a, b));
        }
        Ok(())
    }

    /// Applies a validated action.
    pub(super) fn perform(&mut self, action: Action, events: &mut Vec<Event>) {
        let seat = self.current;
        match action {
            Action::Start(a, b) => {
                let Step::StartTile { next } = self.step else {
                    return;
                };
                let id = super::start_tile_ids()[usize::from(next)];
                self.put_tile(id, [a, b]);
                let tile = *tiles().get(id).expect("start tile");
                events.push(Event::StartTilePlaced { at: [a, b], tile });
                if next == 0 {
                    self.step = Step::StartTile { next: 1 };
                } else {
                    self.last_move.clear();
                    self.step = Step::Place;
                    self.settle(events);
                }
            }
            Action::Tile(a, b) => {
                let id = self.seats[seat.index()].hand.remove(0);
                self.put_tile(id, [a, b]);
                let tile = *tiles().get(id).expect("hand tile");
                events.push(Event::TilePlaced {
                    seat,
                    at: [a, b],
                    tile,
                });
                self.after_placing(vec![a, b], true, events);
            }
            Action::Castle(h) => {
                self.land[h.index()] = Land::Castle { owner: seat };
                self.seats[seat.index()].castles -= 1;
                self.last_move = vec![h];
                events.push(Event::CastlePlaced { seat, at: h });
                self.after_placing(vec![h], false, events);
            }
            Action::Worker(h) | Action::Leader(h) => {
                let leader = matches!(action, Action::Leader(_));
                let figure = Figure { seat, leader };
                let s = &mut self.seats[seat.index()];
                if leader {
                    s.leader = false;
                } else {
                    s.workers -= 1;
                }
                self.figures[h.index()] = Some(figure);
                events.push(Event::FigurePlaced { at: h, figure });
                self.after_figure(events);
            }
            Action::Retrieve(h) => {
                if let Some(figure) = self.figures[h.index()].take() {
                    self.return_figure(figure);
                    events.push(Event::FigureRetrieved { at: h, figure });
                }
                self.after_figure(events);
            }
            Action::Pass => {
                events.push(Event::Passed { seat });
                self.after_figure(events);
            }
        }
    }

    fn return_figure(&mut self, figure: Figure) {
        let s = &mut self.seats[figure.seat.index()];
        if figure.leader {
            s.leader = true;
        } else {
            s.workers += 1;
        }
    }

    fn after_placing(&mut self, placed: Vec<Hex>, from_hand: bool, events: &mut Vec<Event>) {
        self.placed_this_round = true;
        let closed = self.newly_closed(&placed);
        for region in &closed {
            let mut returned = Vec::new();
            for &hex in &region.hexes {
                if let Some(figure) = self.figures[hex.index()].take() {
                    self.return_figure(figure);
                    returned.push((hex, figure));
                }
            }
            events.push(Event::RegionClosed {
                region: region.clone(),
                returned,
            });
        }
        self.step = Step::Figure {
            placed,
            from_hand,
            closed,
        };
        self.settle(events);
    }

    /// Scores, draws and ends the turn once the figure step is done.
    pub(super) fn after_figure(&mut self, events: &mut Vec<Event>) {
        let step = std::mem::replace(&mut self.step, Step::Place);
        let Step::Figure {
            closed, from_hand, ..
        } = step
        else {
            return;
        };
        for region in closed {
            let scores = self.score_region(&region);
            for s in &scores {
                self.seats[s.seat.index()].score += s.points;
            }
            events.push(Event::RegionScored { region, scores });
        }
        if from_hand {
            let seat = self.current;
            match self.stack.pop() {
                Some(id) => {
                    self.seats[seat.index()].hand.push(id);
                    events.push(Event::TileDrawn {
                        seat,
                        left: self.stack.len(),
                    });
                }
                None => {
                    if !self.last_round {
                        events.push(Event::LastRound { seat });
                    }
                    self.last_round = true;
                }
            }
        }
        self.end_turn(events);
    }

    /// Every seat with figures next to the region scores its symbols once per figure,
    /// the leader counting 2. In the family game every symbol is a point.
    pub fn score_region(&self, region: &Region) -> Vec<Score> {
        let inside: HexSet = region.hexes.iter().copied().collect();
        let mut border = HexSet::EMPTY;
        for &hex in &region.hexes {
            for n in board().neighbours(hex) {
                if !inside.contains(n) {
                    border.insert(n);
                }
            }
        }
        let mut weights = vec![0u8; self.seats.len()];
        for hex in border.iter() {
            if let Some(f) = self.figures[hex.index()] {
                weights[f.seat.index()] += if f.leader { 2 } else { 1 };
            }
        }
        weights
            .iter()
            .enumerate()
            .filter(|&(_, &w)| w > 0)
            .map(|(i, &w)| Score {
                seat: Seat(i as u8),
                figures: w,
                points: i32::from(region.symbols) * i32::from(w),
            })
            .collect()
    }

    /// The region containing a terrain hex, and whether it is closed.
    pub fn region_at(&self, hex: Hex) -> Option<(Region, bool)> {
        let Land::Terrain { terrain, .. } = self.land[hex.index()] else {
            return None;
        };
        let mut hexes = vec![hex];
        let mut seen = HexSet::EMPTY;
        seen.insert(hex);
        let mut symbols = 0u16;
        let mut open = false;
        let mut i = 0;
        while i < hexes.len() {
            let h = hexes[i];
            i += 1;
            if let Land::Terrain { symbols: s, .. } = self.land[h.index()] {
                symbols += u16::from(s);
            }
            for n in board().neighbours(h) {
                match (board().space(n), self.land[n.index()]) {
                    (Space::Exit { terrain: t }, _) if t == terrain => open = true,
                    (Space::Plain, Land::Empty) => open = true,
                    (_, Land::Terrain { terrain: t, .. }) if t == terrain && seen.insert(n) => {
                        hexes.push(n);
                    }
                    _ => {}
                }
            }
        }
        hexes.sort();
        Some((
            Region {
                terrain,
                at: hex,
                hexes,
                symbols,
            },
            !open,
        ))
    }

    /// The regions a placement on `placed` closed. A region can only close when its last
    /// free neighbour is covered, so only regions on or next to the placement are checked.
    fn newly_closed(&self, placed: &[Hex]) -> Vec<Region> {
        let mut seen = HexSet::EMPTY;
        let mut out = Vec::new();
        let seeds = placed
            .iter()
            .copied()
            .chain(placed.iter().flat_map(|&p| board().neighbours(p)));
        for seed in seeds {
            if seen.contains(seed) {
                continue;
            }
            if let Some((mut region, closed)) = self.region_at(seed) {
                for &h in &region.hexes {
                    seen.insert(h);
                }
                if closed {
                    if let Some(&p) = placed.iter().find(|p| region.hexes.contains(p)) {
                        region.at = p;
                    }
                    out.push(region);
                }
            }
        }
        out
    }
}

fn in_closed(closed: &[Region], hex: Hex) -> bool {
    closed.iter().any(|r| r.hexes.contains(&hex))
}

pub(super) fn join_hexes(hexes: &[Hex], sep: &str) -> String {
    hexes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// Scenario fixtures (see `docs/notation.md`). Allowed only before the first action.
pub(super) fn fix(game: &mut Pandoria, key: &str, value: &str) -> Result<(), SetupError> {
    let err = |m: String| Err(SetupError(m));
    if game.actions > 0 {
        return err("fixtures must come before the first action".into());
    }
    let words: Vec<&str> = value.split_whitespace().collect();
    let seat_arg = |w: Option<&&str>| -> Result<Seat, SetupError> {
        let n: usize = w
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| SetupError(format!("\"{key}\" needs a seat number")))?;
        if n == 0 || n > game.seats.len() {
            return Err(SetupError(format!("there is no seat {n}")));
        }
        Ok(Seat((n - 1) as u8))
    };
    let hex_arg = |w: Option<&&str>| -> Result<Hex, SetupError> {
        w.ok_or_else(|| SetupError(format!("\"{key}\" needs a hex")))?
            .parse()
            .map_err(|e| SetupError(format!("{e}")))
    };
    let tile_arg = |w: &str| -> Result<TileId, SetupError> {
        let id = TileId(
            w.parse()
                .map_err(|_| SetupError(format!("\"{w}\" is not a tile id")))?,
        );
        match tiles().get(id) {
            Some(t) if t.kind == TileKind::Double => Ok(id),
            _ => Err(SetupError(format!("{w} is not a double tile id (1–48)"))),
        }
    };
    match key {
        "start-player" => {
            let seat = seat_arg(words.first())?;
            game.start_player = seat;
            game.current = seat;
        }
        "hands" => {
            if words.len() != game.seats.len() {
                return err(format!(
                    "\"hands\" needs one tile id per seat ({})",
                    game.seats.len()
                ));
            }
            for (i, w) in words.iter().enumerate() {
                let id = tile_arg(w)?;
                let old = game.seats[i].hand[0];
                if old == id {
                    continue;
                }
                if game.seats.iter().any(|s| s.hand.contains(&id)) {
                    return err(format!("tile {id} is in two hands"));
                }
                // Swap with wherever the wanted tile is now, so every tile stays counted.
                if let Some(p) = game.stack.iter().position(|&t| t == id) {
                    game.stack[p] = old;
                } else if let Some(p) = game.removed.iter().position(|&t| t == id) {
                    game.removed[p] = old;
                } else {
                    return err(format!("tile {id} is already on the board"));
                }
                game.seats[i].hand[0] = id;
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
                .map_err(|_| SetupError("\"stack-size\" needs a number".into()))?;
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
                .map_err(|e| SetupError(e.to_string()))?;
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
                    .map_err(|e| SetupError(e.to_string()))?;
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
            let standable = match board().space(hex) {
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
        _ => {
            return err(format!(
                "unknown fixture \"{key}\"; fixtures: start-player, hands, stack, stack-size, place, start-tiles, castle, worker, leader"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Seed};
    use crate::pandoria::Options;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    fn game(players: usize) -> Pandoria {
        let mut g = Pandoria::new(&Options::default(), players, Seed::from_u64(1)).unwrap();
        g.fix("start-tiles", "G6 G7 I6 I7").unwrap();
        g.fix("start-player", "1").unwrap();
        // Hands from the hills·city tiles (45–48), so tests may place tiles 1–44.
        let hands: Vec<String> = (0..players).map(|i| (45 + i).to_string()).collect();
        g.fix("hands", &hands.join(" ")).unwrap();
        g
    }

    #[test]
    fn a_tile_must_touch_a_placed_tile() {
        let g = game(2);
        // H6 touches G6 (a start tile).
        assert!(g.touches_land(h("H6")));
        assert!(!g.touches_land(h("L10")));
        assert_eq!(
            g.validate(&Action::Tile(h("L10"), h("L11"))),
            Err(RulesError::Detached("L10–L11".into()))
        );
        assert!(g.validate(&Action::Tile(h("F6"), h("F5"))).is_ok());
        assert_eq!(
            g.validate(&Action::Tile(h("F6"), h("F8"))),
            Err(RulesError::NotNeighbours(h("F6"), h("F8")))
        );
    }

    #[test]
    fn a_printed_space_counts_as_a_tile_once_a_tile_touches_it() {
        // The printed forest at C8: D8 is next to it but not next to any tile.
        let mut g = game(2);
        assert!(!g.touches_land(h("D8")));
        g.fix("place", "1 C6 C7").unwrap(); // C7 touches C8
        assert!(g.is_anchor(h("C8")));
        assert!(g.touches_land(h("D8")), "D8 touches only the printed C8");
    }

    #[test]
    fn tiles_never_cover_lakes_printed_spaces_exits_or_tiles() {
        let g = game(2);
        assert_eq!(g.where_problem(h("D3")), Some(RulesError::Lake(h("D3"))));
        assert_eq!(g.where_problem(h("C8")), Some(RulesError::Printed(h("C8"))));
        assert_eq!(
            g.where_problem(h("A3")),
            Some(RulesError::NotPlain(h("A3")))
        );
        assert_eq!(
            g.where_problem(h("H1")),
            Some(RulesError::NotPlain(h("H1")))
        );
        assert_eq!(g.where_problem(h("G6")), Some(RulesError::Covered(h("G6"))));
        assert_eq!(g.where_problem(h("H6")), None);
    }

    #[test]
    fn a_region_touching_an_empty_plain_space_is_open() {
        let g = game(2);
        let (region, closed) = g.region_at(h("C8")).unwrap();
        assert_eq!(region.hexes, vec![h("C8")]);
        assert!(!closed);
    }

    #[test]
    fn castles_lakes_other_terrain_and_the_plain_edge_close_a_region() {
        // B10 is next to the rim (A9 hills exit, A10 mountains) and the plain's edge.
        let mut g = game(2);
        let tiles = tiles();
        // Tile 1 is forest 1·mountain 1. Put its forest half at B11 and surround B11.
        assert_eq!(tiles.get(TileId(1)).unwrap().a.terrain, Terrain::Forest);
        g.fix("place", "1 B11 C11").unwrap();
        let (_, closed) = g.region_at(h("B11")).unwrap();
        assert!(!closed, "B10 and C12 are still free");
        g.fix("castle", "1 B10").unwrap();
        g.fix("castle", "2 C12").unwrap();
        // B11's neighbours: B10 castle, C11 mountain, C12 castle, B12 mountains, A11, A10 rim.
        let (region, closed) = g.region_at(h("B11")).unwrap();
        assert!(closed, "{region:?}");
        assert_eq!(region.symbols, 1);
    }

    #[test]
    fn an_exit_path_of_the_same_terrain_keeps_a_region_open() {
        // A9 is a hills exit path next to B9. B9's other neighbours: B8, C9, C10, B10, A10.
        let t = tiles().get(TileId(25)).unwrap();
        assert_eq!(
            (t.a.terrain, t.b.unwrap().terrain),
            (Terrain::Mountain, Terrain::Hills)
        );
        for (tile, hills_at_b9) in [("25 B8 B9", true), ("25 B9 B8", false)] {
            let mut g = game(2);
            g.fix("place", tile).unwrap();
            g.fix("castle", "1 C9").unwrap();
            g.fix("castle", "1 C10").unwrap();
            g.fix("castle", "2 B10").unwrap();
            let (region, closed) = g.region_at(h("B9")).unwrap();
            assert_eq!(region.terrain == Terrain::Hills, hills_at_b9);
            // Hills at B9 touch the hills exit: never closed. Mountain at B9: the hills
            // exit is just more mountains, so it closes.
            assert_eq!(closed, !hills_at_b9, "{region:?}");
        }
    }

    #[test]
    fn a_region_with_a_hole_is_not_closed() {
        // A ring of forest around the free hex K8 never closes while K8 is empty.
        let mut g = game(2);
        let ring = ["K7", "L7", "L8", "K9", "J8", "J7"];
        // Put forest halves on the ring using forest tiles 1..=6 with their other halves outside.
        let outside = ["K6", "M7", "M8", "K10", "I8", "J6"];
        for (i, (r, o)) in ring.iter().zip(outside).enumerate() {
            let id = i + 1; // tiles 1–8 are forest·mountain
            g.fix("place", &format!("{id} {r} {o}")).unwrap();
        }
        let (region, closed) = g.region_at(h("K7")).unwrap();
        assert_eq!(region.hexes.len(), 6);
        assert!(!closed, "the empty K8 inside the ring is a hole");
    }

    #[test]
    fn scoring_counts_each_adjacent_figure_and_the_leader_twice() {
        let mut g = game(3);
        g.fix("place", "17 K8 K9").unwrap(); // forest·city
        let region = Region {
            terrain: Terrain::City,
            at: h("K9"),
            hexes: vec![h("K9")],
            symbols: 3,
        };
        g.fix("leader", "1 K8").unwrap();
        g.fix("place", "1 J9 K10").unwrap();
        g.fix("worker", "1 J9").unwrap();
        g.fix("worker", "2 K10").unwrap();
        let scores = g.score_region(&region);
        assert_eq!(
            scores,
            vec![
                Score {
                    seat: Seat(0),
                    figures: 3,
                    points: 9
                },
                Score {
                    seat: Seat(1),
                    figures: 1,
                    points: 3
                },
            ]
        );
    }

    #[test]
    fn the_game_ends_after_a_round_in_which_nobody_could_place() {
        let mut g = game(3);
        // Cover every free space: nobody can place a tile or castle any more.
        for hex in g.free().iter().collect::<Vec<_>>() {
            g.land[hex.index()] = Land::Terrain {
                terrain: Terrain::City,
                symbols: 1,
                tile: Some(TileId(1)),
            };
        }
        g.fix("worker", "2 G6").unwrap();
        assert!(!g.can_place(Seat(0)));
        let mut events = Vec::new();
        g.settle(&mut events);
        // Red can neither place nor retrieve: the turn passes by itself. Blue cannot place
        // but has a figure on the board, so Blue decides whether to retrieve it.
        assert_eq!(
            events,
            vec![
                Event::CouldNotPlace { seat: Seat(0) },
                Event::CouldNotPlace { seat: Seat(1) },
            ]
        );
        assert_eq!(
            g.legal_actions(Seat(1)),
            vec![Action::Retrieve(h("G6")), Action::Pass]
        );
        let events = g.apply(Seat(1), &Action::Pass).unwrap();
        assert_eq!(events[0], Event::Passed { seat: Seat(1) });
        assert_eq!(events[1], Event::CouldNotPlace { seat: Seat(2) });
        assert!(
            matches!(events.last(), Some(Event::GameOver { .. })),
            "{events:?}"
        );
        assert_eq!(g.decision(), None);
    }
}
