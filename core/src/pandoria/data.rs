//! Pandoria's component data: the board map and the tiles, compiled in from
//! `assets/pandoria/` and validated once when first used.
//!
//! Why this file is long (890 lines): three loaders (the board map, about 145 lines, the tiles
//! and the Artifacts components), each checking its file against the types beside it, and
//! about 180 lines of tests.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::hex::{CELLS, COLUMNS, Hex, HexSet, ROWS};

/// The four terrains of Pandoria and the resource each yields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    /// Forest: wood.
    Forest,
    /// Mountain: crystals.
    Mountain,
    /// Hills: gold.
    Hills,
    /// City: points.
    City,
}

impl Terrain {
    /// All terrains in a fixed order.
    pub const ALL: [Terrain; 4] = [
        Terrain::Forest,
        Terrain::Mountain,
        Terrain::Hills,
        Terrain::City,
    ];

    /// The lowercase name used in notation and logs.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Forest => "forest",
            Terrain::Mountain => "mountain",
            Terrain::Hills => "hills",
            Terrain::City => "city",
        }
    }

    fn from_code(c: char) -> Option<Terrain> {
        match c.to_ascii_lowercase() {
            'f' => Some(Terrain::Forest),
            'm' => Some(Terrain::Mountain),
            'h' => Some(Terrain::Hills),
            'c' => Some(Terrain::City),
            _ => None,
        }
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Terrain {
    /// The terrain's name in the reader's language ("forest").
    pub fn text(self) -> crate::words::Text {
        crate::words::Text::dynamic(format!("pandoria-terrain-{}", self.name()))
    }
}

/// What the printed board shows on a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Space {
    /// The mountains around (and jutting into) the plain.
    Mountains,
    /// An exit path through the mountains, with its terrain.
    Exit {
        /// The terrain whose regions the path keeps open.
        terrain: Terrain,
    },
    /// Fertile plain where tiles and castles go.
    Plain,
    /// A printed terrain space on the plain with its resource symbols.
    Printed {
        /// The terrain.
        terrain: Terrain,
        /// Resource symbols.
        symbols: u8,
    },
    /// A lake, possibly with a ship a figure can stand on.
    Lake {
        /// Whether the lake hex shows a ship.
        ship: bool,
    },
}

/// The printed board.
#[derive(Clone, Debug)]
pub struct Board {
    spaces: Vec<Space>,
    start_pairs: [[Hex; 2]; 2],
    neighbours: Vec<[Option<Hex>; 6]>,
    /// The neighbours of each hex as a set, for [`Board::around`].
    neighbour_sets: Vec<HexSet>,
    placeable: HexSet,
    /// The River side: the river's hexes, upstream first (empty on the Pandoria side).
    river: Vec<Hex>,
    /// The River side: ships with a crystal discount for Astral Ship.
    discounts: Vec<(Hex, u8)>,
    /// The exit paths on the rim, in board order.
    exits: Vec<Hex>,
}

impl Board {
    /// What is printed on a hex.
    pub fn space(&self, hex: Hex) -> Space {
        self.spaces[hex.index()]
    }

    /// The two marked pairs of start spaces.
    pub fn start_pairs(&self) -> [[Hex; 2]; 2] {
        self.start_pairs
    }

    /// Neighbours in the order N, NE, SE, S, SW, NW (precomputed).
    pub fn neighbours(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        self.neighbours[hex.index()].iter().flatten().copied()
    }

    /// The neighbour in one direction.
    pub fn neighbour(&self, hex: Hex, dir: usize) -> Option<Hex> {
        self.neighbours[hex.index()][dir]
    }

    /// Every hex next to a hex of `set` (those of `set` included only when they touch
    /// another).
    pub fn around(&self, set: &HexSet) -> HexSet {
        set.indices()
            .fold(HexSet::EMPTY, |out, i| out.union(&self.neighbour_sets[i]))
    }

    /// Plain hexes where tiles may go (plain without printed terrain), including start spaces.
    pub fn placeable(&self) -> HexSet {
        self.placeable
    }

    /// Whether the hex is fertile plain (printed terrain spaces included).
    pub fn is_plain(&self, hex: Hex) -> bool {
        matches!(self.space(hex), Space::Plain | Space::Printed { .. })
    }

    /// The exit paths on the rim, in board order.
    pub fn exits(&self) -> &[Hex] {
        &self.exits
    }

    /// The River side: the river's hexes, upstream first; empty on the Pandoria side.
    pub fn river(&self) -> &[Hex] {
        &self.river
    }

    /// Whether the board has a river (its ships move downstream when enclosed).
    pub fn has_river(&self) -> bool {
        !self.river.is_empty()
    }

    /// The crystal discount a ship gives Astral Ship (River side; 0 elsewhere).
    pub fn ship_discount(&self, hex: Hex) -> u8 {
        self.discounts
            .iter()
            .find(|(h, _)| *h == hex)
            .map_or(0, |&(_, d)| d)
    }

    /// The ships downstream of a river hex, nearest first.
    pub fn ships_downstream(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        let from = self
            .river
            .iter()
            .position(|&h| h == hex)
            .map_or(self.river.len(), |i| i + 1);
        self.river[from..]
            .iter()
            .copied()
            .filter(|&h| self.space(h) == Space::Lake { ship: true })
    }
}

#[derive(Deserialize)]
struct BoardFile {
    rows: Vec<String>,
    printed: std::collections::BTreeMap<String, u8>,
    start_pairs: Vec<[String; 2]>,
    #[serde(default)]
    river: Option<RiverFile>,
    #[serde(default)]
    ship_discounts: Option<Given<std::collections::BTreeMap<String, u8>>>,
}

#[derive(Deserialize)]
struct RiverFile {
    flow: Vec<String>,
    #[allow(dead_code)]
    source: String,
}

fn parse_board(text: &str) -> Result<Board, String> {
    let file: BoardFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if file.rows.len() != ROWS as usize {
        return Err(format!("the map has {} rows, not {ROWS}", file.rows.len()));
    }
    let mut spaces = vec![Space::Mountains; CELLS];
    let mut printed_count = [0usize; 4];
    for (row, line) in file.rows.iter().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() != COLUMNS as usize {
            return Err(format!(
                "row {row} has {} columns, not {COLUMNS}",
                chars.len()
            ));
        }
        for (col, &c) in chars.iter().enumerate() {
            let hex = Hex::new(col as u8, row as u8).ok_or("bad hex")?;
            let rim = col == 0 || col == COLUMNS as usize - 1 || row == 0;
            let space = match c {
                '^' => Space::Mountains,
                '.' | '*' => Space::Plain,
                '~' => Space::Lake { ship: false },
                's' => Space::Lake { ship: true },
                'f' | 'm' | 'h' | 'c' => {
                    let terrain = Terrain::from_code(c).ok_or("bad terrain")?;
                    printed_count[terrain as usize] += 1;
                    let symbols = *file
                        .printed
                        .get(&hex.to_string())
                        .ok_or(format!("printed space {hex} has no symbol count"))?;
                    if !(1..=2).contains(&symbols) {
                        return Err(format!("printed space {hex} has {symbols} symbols"));
                    }
                    Space::Printed { terrain, symbols }
                }
                'F' | 'M' | 'H' | 'C' => Space::Exit {
                    terrain: Terrain::from_code(c).ok_or("bad terrain")?,
                },
                other => return Err(format!("unknown map character {other:?} at {hex}")),
            };
            let on_rim_kind = matches!(space, Space::Mountains | Space::Exit { .. });
            if rim && !on_rim_kind {
                return Err(format!(
                    "{hex} is on the mountain rim but the map puts {c:?} there"
                ));
            }
            if !rim && matches!(space, Space::Exit { .. }) {
                return Err(format!("exit path {hex} is not on the rim"));
            }
            spaces[hex.index()] = space;
        }
    }
    if printed_count != [1, 1, 1, 1] {
        return Err(format!(
            "the board needs exactly one printed space per terrain, found {printed_count:?}"
        ));
    }
    if file.printed.len() != 4 {
        return Err("the printed symbol list must name exactly the 4 printed spaces".into());
    }
    let neighbours: Vec<[Option<Hex>; 6]> = Hex::all()
        .map(|h| std::array::from_fn(|d| h.neighbour(d)))
        .collect();
    let neighbour_sets: Vec<HexSet> = neighbours
        .iter()
        .map(|n| n.iter().flatten().copied().collect())
        .collect();
    let placeable: HexSet = Hex::all()
        .filter(|h| spaces[h.index()] == Space::Plain)
        .collect();
    if file.start_pairs.len() != 2 {
        return Err("the board needs two pairs of start spaces".into());
    }
    let mut start_pairs = [[Hex::new(0, 0).ok_or("bad hex")?; 2]; 2];
    for (i, pair) in file.start_pairs.iter().enumerate() {
        for (j, label) in pair.iter().enumerate() {
            let hex: Hex = label.parse().map_err(|e| format!("{e}"))?;
            if !placeable.contains(hex) {
                return Err(format!("start space {hex} is not free plain"));
            }
            start_pairs[i][j] = hex;
        }
        if !start_pairs[i][0].is_adjacent(start_pairs[i][1]) {
            return Err(format!("start pair {pair:?} is not two adjacent spaces"));
        }
    }
    for hex in Hex::all() {
        if let Space::Exit { .. } = spaces[hex.index()]
            && !hex
                .neighbours()
                .any(|n| matches!(spaces[n.index()], Space::Plain | Space::Printed { .. }))
        {
            return Err(format!("exit path {hex} does not touch the plain"));
        }
    }
    let mut river = Vec::new();
    if let Some(file) = &file.river {
        for label in &file.flow {
            let hex: Hex = label.parse().map_err(|e| format!("{e}"))?;
            if !matches!(spaces[hex.index()], Space::Lake { .. }) {
                return Err(format!("river hex {hex} is not water"));
            }
            if river.contains(&hex) {
                return Err(format!("river hex {hex} is listed twice"));
            }
            if let Some(&last) = river.last()
                && !hex.is_adjacent(last)
            {
                return Err(format!(
                    "the river jumps from {last} to {hex}: a river without forks is one hex after the other"
                ));
            }
            river.push(hex);
        }
        if let Some(h) = Hex::all()
            .find(|h| matches!(spaces[h.index()], Space::Lake { .. }) && !river.contains(h))
        {
            return Err(format!(
                "water at {h} is not on the river (the River side has no lakes)"
            ));
        }
    }
    let mut discounts = Vec::new();
    for (label, &d) in file.ship_discounts.iter().flat_map(|g| &g.value) {
        let hex: Hex = label.parse().map_err(|e| format!("{e}"))?;
        if !river.contains(&hex) || spaces[hex.index()] != (Space::Lake { ship: true }) {
            return Err(format!("the discount at {hex} is on no ship of the river"));
        }
        discounts.push((hex, d));
    }
    let exits = Hex::all()
        .filter(|h| matches!(spaces[h.index()], Space::Exit { .. }))
        .collect();
    Ok(Board {
        spaces,
        start_pairs,
        neighbours,
        neighbour_sets,
        placeable,
        river,
        discounts,
        exits,
    })
}

/// The printed board of a side: Pandoria (A) or the River (B).
pub fn board_for(side: super::BoardSide) -> &'static Board {
    match side {
        super::BoardSide::Pandoria => board(),
        super::BoardSide::River => river_board(),
    }
}

/// The River side (text 003 §15; reconstructed, see `assets/pandoria/board-river.json`).
pub fn river_board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        parse_board(include_str!("../../../assets/pandoria/board-river.json"))
            .unwrap_or_else(|e| panic!("assets/pandoria/board-river.json is invalid: {e}"))
    })
}

/// The Pandoria board (reconstructed; see `assets/pandoria/board-pandoria.json`).
pub fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        parse_board(include_str!("../../../assets/pandoria/board-pandoria.json"))
            .unwrap_or_else(|e| panic!("assets/pandoria/board-pandoria.json is invalid: {e}"))
    })
}

/// Identifies a tile: 1–48 double tiles, 49–50 start tiles, 51–58 single tiles; with the
/// Artifacts expansion 59–70 artifact double tiles, 71–76 single tiles, 77–78 the two sides
/// of the new start tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TileId(pub u8);

impl TileId {
    /// Whether the tile is a side of the Artifacts expansion's start tile, which behaves
    /// like the printed terrain spaces: land attaches to it only once a tile touches it.
    pub fn is_printed_like(self) -> bool {
        self.0 >= 77
    }
}

impl fmt::Display for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One hex of a tile: its terrain and resource symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Half {
    /// Terrain.
    pub terrain: Terrain,
    /// Resource symbols, 1 or 2.
    pub symbols: u8,
}

impl fmt::Display for Half {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.terrain, self.symbols)
    }
}

/// The kind of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TileKind {
    /// One of the 48 double tiles of the stack.
    Double,
    /// One of the 2 start double tiles.
    Start,
    /// One of the 8 single tiles (Terrain spell).
    Single,
    /// Artifacts expansion: a double tile showing one terrain twice and 1–2 artifacts.
    ArtifactDouble,
    /// Artifacts expansion: one of the 6 new single tiles.
    ArtifactSingle,
    /// Artifacts expansion: a side of the new start tile (printed-like, at a fixed place).
    ArtifactStart,
}

impl TileKind {
    /// Whether tiles of this kind are single tiles (one hex).
    pub fn is_single(self) -> bool {
        matches!(self, TileKind::Single | TileKind::ArtifactSingle)
    }

    /// Whether tiles of this kind go into the double-tile stack.
    pub fn is_stack_double(self) -> bool {
        matches!(self, TileKind::Double | TileKind::ArtifactDouble)
    }
}

/// A tile: one or two halves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tile {
    /// Its id.
    pub id: TileId,
    /// Its kind.
    pub kind: TileKind,
    /// The first half (placed on the first hex named in notation).
    pub a: Half,
    /// The second half; `None` for single tiles.
    pub b: Option<Half>,
    /// Artifacts expansion: the artifacts placed on the tile with it (0 for other tiles).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub artifacts: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.b {
            Some(b) => write!(f, "{}·{}", self.a, b),
            None => write!(f, "{}", self.a),
        }
    }
}

/// Every tile, indexed by id (index 0 unused).
#[derive(Clone, Debug)]
pub struct Tiles {
    by_id: Vec<Option<Tile>>,
}

impl Tiles {
    /// The tile with an id, if it exists.
    pub fn get(&self, id: TileId) -> Option<&Tile> {
        self.by_id.get(usize::from(id.0)).and_then(Option::as_ref)
    }

    /// Tiles of one kind, in id order.
    pub fn of_kind(&self, kind: TileKind) -> impl Iterator<Item = &Tile> {
        self.by_id.iter().flatten().filter(move |t| t.kind == kind)
    }
}

#[derive(Deserialize)]
struct TileEntry {
    id: u8,
    a: (Terrain, u8),
    b: Option<(Terrain, u8)>,
    #[serde(default)]
    artifacts: u8,
}

#[derive(Deserialize)]
struct TilesFile {
    double: Vec<TileEntry>,
    start: Vec<TileEntry>,
    single: Vec<TileEntry>,
}

fn parse_tiles(text: &str, artifacts: &str) -> Result<Tiles, String> {
    let file: TilesFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let extra: ArtifactsFile = serde_json::from_str(artifacts).map_err(|e| e.to_string())?;
    let expect = [
        (&file.double, 48, TileKind::Double),
        (&file.start, 2, TileKind::Start),
        (&file.single, 8, TileKind::Single),
        (&extra.double.tiles, 12, TileKind::ArtifactDouble),
        (&extra.single.tiles, 6, TileKind::ArtifactSingle),
        (&extra.start_tile.sides, 2, TileKind::ArtifactStart),
    ];
    let mut by_id: Vec<Option<Tile>> = vec![None; 79];
    for (entries, count, kind) in expect {
        if entries.len() != count {
            return Err(format!(
                "expected {count} {kind:?} tiles, found {}",
                entries.len()
            ));
        }
        for e in entries {
            let half = |(terrain, symbols): (Terrain, u8)| -> Result<Half, String> {
                if !(1..=2).contains(&symbols) {
                    return Err(format!("tile {} has a hex with {symbols} symbols", e.id));
                }
                Ok(Half { terrain, symbols })
            };
            let a = half(e.a)?;
            let b = e.b.map(half).transpose()?;
            match (kind, b) {
                (k, None) if k.is_single() => {}
                (k, Some(_)) if k.is_single() => {
                    return Err(format!("single tile {} has two halves", e.id));
                }
                (_, None) => return Err(format!("double tile {} has one half", e.id)),
                (TileKind::ArtifactDouble, Some(b)) if b.terrain != a.terrain => {
                    return Err(format!("artifact tile {} shows two terrains", e.id));
                }
                (TileKind::ArtifactDouble, _) if !(1..=2).contains(&e.artifacts) => {
                    return Err(format!(
                        "artifact tile {} shows {} artifacts",
                        e.id, e.artifacts
                    ));
                }
                (TileKind::ArtifactDouble, _) => {}
                (_, Some(b)) if b.terrain == a.terrain => {
                    return Err(format!("double tile {} shows one terrain twice", e.id));
                }
                _ => {}
            }
            if kind != TileKind::ArtifactDouble && e.artifacts != 0 {
                return Err(format!(
                    "tile {} is no artifact tile but shows artifacts",
                    e.id
                ));
            }
            let slot = by_id
                .get_mut(usize::from(e.id))
                .ok_or(format!("tile id {} is out of range", e.id))?;
            if slot.is_some() || e.id == 0 {
                return Err(format!("tile id {} is used twice", e.id));
            }
            *slot = Some(Tile {
                id: TileId(e.id),
                kind,
                a,
                b,
                artifacts: e.artifacts,
            });
        }
    }
    Ok(Tiles { by_id })
}

#[derive(Deserialize)]
struct Given<T> {
    value: T,
    #[allow(dead_code)]
    source: String,
}

#[derive(Deserialize)]
struct TileGroup {
    tiles: Vec<TileEntry>,
    #[allow(dead_code)]
    source: String,
}

#[derive(Deserialize)]
struct StartTileFile {
    at: [String; 2],
    sides: Vec<TileEntry>,
    #[allow(dead_code)]
    source: String,
}

#[derive(Deserialize)]
struct ArtifactsFile {
    removed_tiles: Given<std::collections::BTreeMap<String, usize>>,
    start_tile: StartTileFile,
    double: TileGroup,
    single: TileGroup,
    relics: Given<Vec<Relic>>,
    pieces: Given<u8>,
}

/// A relic of the Artifacts expansion: bought for `cost` artifacts, worth `points`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Relic {
    /// Its points (doubled in the family games); also its name ("the 4-point relic").
    pub points: u8,
    /// The artifacts it costs.
    pub cost: u8,
}

/// The Artifacts expansion's component data (`assets/pandoria/artifacts.json`).
#[derive(Clone, Debug)]
pub struct Artifacts {
    removed: [usize; 3],
    /// Where the new start tile lies.
    pub start_at: [Hex; 2],
    /// The two sides of the new start tile.
    pub start_sides: [TileId; 2],
    /// Every relic, cheapest first.
    pub relics: Vec<Relic>,
    /// The artifact pieces in the reserve at the start.
    pub pieces: u8,
}

impl Artifacts {
    /// Double tiles put back unseen before the artifact tiles are mixed in (24/20/16).
    pub fn removed_for(&self, players: usize) -> usize {
        self.removed[players.clamp(2, 4) - 2]
    }

    /// The relics in play (text 004: without the 4 and the 7 with 2 players, without the 7
    /// with 3 players).
    pub fn relics_for(&self, players: usize) -> Vec<Relic> {
        let out: &[u8] = match players {
            2 => &[4, 7],
            3 => &[7],
            _ => &[],
        };
        self.relics
            .iter()
            .filter(|r| !out.contains(&r.points))
            .copied()
            .collect()
    }
}

fn parse_artifacts(text: &str) -> Result<Artifacts, String> {
    let file: ArtifactsFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut removed = [0; 3];
    for (i, players) in ["2", "3", "4"].iter().enumerate() {
        removed[i] = *file
            .removed_tiles
            .value
            .get(*players)
            .ok_or(format!("no removed tiles for {players} players"))?;
    }
    let hex = |s: &str| s.parse::<Hex>().map_err(|e| e.to_string());
    let start_at = [hex(&file.start_tile.at[0])?, hex(&file.start_tile.at[1])?];
    if !start_at[0].is_adjacent(start_at[1]) {
        return Err("the start tile's two hexes do not touch".into());
    }
    for h in start_at {
        if board().space(h) != Space::Plain
            || board().start_pairs().iter().flatten().any(|&s| s == h)
        {
            return Err(format!("the start tile's hex {h} is not free plain"));
        }
    }
    let mut relics = file.relics.value;
    relics.sort();
    for p in [4, 7] {
        if !relics.iter().any(|r| r.points == p) {
            return Err(format!("the texts name a relic worth {p}; it is missing"));
        }
    }
    Ok(Artifacts {
        removed,
        start_at,
        start_sides: [
            TileId(file.start_tile.sides[0].id),
            TileId(file.start_tile.sides[1].id),
        ],
        relics,
        pieces: file.pieces.value,
    })
}

/// The Artifacts expansion's data (partly reconstructed; see `assets/pandoria/artifacts.json`).
pub fn artifacts() -> &'static Artifacts {
    static DATA: OnceLock<Artifacts> = OnceLock::new();
    DATA.get_or_init(|| {
        parse_artifacts(include_str!("../../../assets/pandoria/artifacts.json"))
            .unwrap_or_else(|e| panic!("assets/pandoria/artifacts.json is invalid: {e}"))
    })
}

/// Pandoria's tiles (mix reconstructed; see `assets/pandoria/tiles.json`).
pub fn tiles() -> &'static Tiles {
    static TILES: OnceLock<Tiles> = OnceLock::new();
    TILES.get_or_init(|| {
        parse_tiles(
            include_str!("../../../assets/pandoria/tiles.json"),
            include_str!("../../../assets/pandoria/artifacts.json"),
        )
        .unwrap_or_else(|e| panic!("assets/pandoria/tiles.json is invalid: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_has_the_components_the_texts_require() {
        let b = board();
        let mut printed = 0;
        let mut lakes = 0;
        let mut ships = 0;
        let mut exits = [0; 4];
        for hex in Hex::all() {
            match b.space(hex) {
                Space::Printed { .. } => printed += 1,
                Space::Lake { ship } => {
                    lakes += 1;
                    ships += usize::from(ship);
                }
                Space::Exit { terrain } => {
                    exits[terrain as usize] += 1;
                    assert!(hex.col() == 0 || hex.col() == 15 || hex.row() == 0);
                }
                Space::Plain => {
                    assert!((1..=14).contains(&hex.col()) && (1..=13).contains(&hex.row()));
                }
                Space::Mountains => {}
            }
        }
        assert_eq!(printed, 4);
        assert!(lakes >= 6 && ships >= 3, "{lakes} lakes, {ships} ships");
        assert!(exits.iter().all(|&n| n >= 1), "{exits:?}");
        // The plain is irregular: some hexes inside B–O × 1–13 are mountains.
        let inner_mountains = Hex::all()
            .filter(|h| (1..=14).contains(&h.col()) && h.row() >= 1)
            .filter(|h| b.space(*h) == Space::Mountains)
            .count();
        assert!(inner_mountains > 0);
        assert!(b.placeable().len() > 140, "{}", b.placeable().len());
    }

    #[test]
    fn tiles_match_the_box() {
        let t = tiles();
        assert_eq!(t.of_kind(TileKind::Double).count(), 48);
        assert_eq!(t.of_kind(TileKind::Start).count(), 2);
        assert_eq!(t.of_kind(TileKind::Single).count(), 8);
        for tile in t.of_kind(TileKind::Double) {
            let b = tile.b.unwrap();
            assert_ne!(tile.a.terrain, b.terrain);
        }
    }

    #[test]
    fn the_river_splits_the_plain() {
        let b = river_board();
        assert!(b.has_river() && !board().has_river());
        // One hex after the other, from just under the northern rim to the southern edge.
        let river = b.river();
        assert!(river.windows(2).all(|w| w[0].is_adjacent(w[1])));
        assert_eq!((river[0].row(), river[river.len() - 1].row()), (1, 13));
        // Split start areas: the plain reached from one start pair never meets the other.
        let [west, east] = b.start_pairs();
        let mut seen = vec![west[0]];
        let mut i = 0;
        while i < seen.len() {
            let h = seen[i];
            i += 1;
            for n in b.neighbours(h) {
                if b.is_plain(n) && !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        assert!(seen.contains(&west[1]) && !seen.contains(&east[0]) && !seen.contains(&east[1]));
        // Ships on the river, some with a discount; no lakes besides the river.
        let ships: Vec<Hex> = river
            .iter()
            .copied()
            .filter(|&h| b.space(h) == Space::Lake { ship: true })
            .collect();
        assert!(ships.len() >= 3);
        assert!(ships.iter().any(|&s| b.ship_discount(s) > 0));
        assert!(ships.iter().any(|&s| b.ship_discount(s) == 0));
        assert_eq!(b.ships_downstream(ships[0]).collect::<Vec<_>>(), ships[1..]);
        assert!(
            Hex::all()
                .filter(|h| matches!(b.space(*h), Space::Lake { .. }))
                .all(|h| river.contains(&h))
        );
        let river_text = include_str!("../../../assets/pandoria/board-river.json");
        assert!(
            parse_board(&river_text.replacen("\"I4\",", "", 1)).is_err(),
            "a gap in the river"
        );
    }

    #[test]
    fn artifact_components_match_the_texts() {
        let t = tiles();
        assert_eq!(
            t.of_kind(TileKind::ArtifactSingle).count(),
            6,
            "6 new single tiles"
        );
        assert_eq!(
            t.of_kind(TileKind::ArtifactStart).count(),
            2,
            "a double-sided start tile"
        );
        for tile in t.of_kind(TileKind::ArtifactDouble) {
            assert_eq!(
                Some(tile.a.terrain),
                tile.b.map(|b| b.terrain),
                "one terrain twice"
            );
            assert!((1..=2).contains(&tile.artifacts), "1–2 artifacts");
        }
        let a = artifacts();
        assert_eq!(
            [a.removed_for(2), a.removed_for(3), a.removed_for(4)],
            [24, 20, 16]
        );
        let points = |n| a.relics_for(n).iter().map(|r| r.points).collect::<Vec<_>>();
        assert!(points(4).contains(&4) && points(4).contains(&7));
        assert!(points(3).contains(&4) && !points(3).contains(&7));
        assert!(!points(2).contains(&4) && !points(2).contains(&7));
        let on_tiles: u32 = t
            .of_kind(TileKind::ArtifactDouble)
            .map(|t| u32::from(t.artifacts))
            .sum();
        assert!(
            u32::from(a.pieces) >= on_tiles,
            "the reserve covers every artifact tile"
        );
    }

    #[test]
    fn bad_data_is_refused() {
        let good = include_str!("../../../assets/pandoria/board-pandoria.json");
        assert!(parse_board(&good.replace("\"C8\": 2", "\"C8\": 5")).is_err());
        assert!(parse_board(&good.replacen("^^^^F^^^^^C^^^^^", "^^^^F^^^^^C^^^^", 1)).is_err());
        let tiles = include_str!("../../../assets/pandoria/tiles.json");
        let arts = include_str!("../../../assets/pandoria/artifacts.json");
        assert!(parse_tiles(tiles, arts).is_ok());
        assert!(parse_tiles(&tiles.replace("\"id\": 2,", "\"id\": 1,"), arts).is_err());
        assert!(
            parse_tiles(
                &tiles.replace("[\"mountain\", 2]}", "[\"forest\", 2]}"),
                arts
            )
            .is_err()
        );
        // An artifact tile shows one terrain twice and 1–2 artifacts.
        let two_terrains = arts.replacen(
            "\"b\": [\"forest\", 1], \"artifacts\": 2",
            "\"b\": [\"city\", 1], \"artifacts\": 2",
            1,
        );
        assert!(parse_tiles(tiles, &two_terrains).is_err());
        assert!(
            parse_tiles(
                tiles,
                &arts.replacen("\"artifacts\": 2", "\"artifacts\": 3", 1)
            )
            .is_err()
        );
        assert!(
            parse_artifacts(&arts.replace(
                "{\"points\": 7, \"cost\": 5}",
                "{\"points\": 6, \"cost\": 5}"
            ))
            .is_err()
        );
        assert!(
            parse_artifacts(&arts.replace("[\"L11\", \"L12\"]", "[\"L11\", \"N12\"]")).is_err()
        );
    }
}
