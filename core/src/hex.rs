//! Hexagonal board geometry.
//!
//! Rules work in axial coordinates `(q, r)`; players read and type labels as Yucata writes
//! them: a column letter `A`–`P` and a row number `0`–`13` (`D7`). Pixels belong to the
//! renderer.
//!
//! **Orientation.** Hexes are *flat-topped*. Columns run left to right (`A` = column 0),
//! rows top to bottom (`0` = the top rim). Odd columns (`B`, `D`, …) sit half a hex lower
//! than even ones ("odd-q" offset layout). So `D7` touches `E7` and `E8`, and `E7` touches
//! `D6` and `D7`.
//!
//! **Neighbour order.** Always N, NE, SE, S, SW, NW — axial offsets
//! `(0,-1) (+1,-1) (+1,0) (0,+1) (-1,+1) (-1,0)`. Every list of neighbours in Turnpost uses
//! this order.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Number of columns (`A`–`P`).
pub const COLUMNS: u8 = 16;
/// Number of rows (`0`–`13`).
pub const ROWS: u8 = 14;
/// Number of hexes on a board.
pub const CELLS: usize = COLUMNS as usize * ROWS as usize;

/// Axial direction offsets in the documented neighbour order N, NE, SE, S, SW, NW.
pub const DIRECTIONS: [(i8, i8); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

/// One hex of the board, stored as its offset column and row; it serialises as its label.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex {
    col: u8,
    row: u8,
}

impl Hex {
    /// The hex at a column (0 = `A`) and row, if it is on the board.
    pub const fn new(col: u8, row: u8) -> Option<Hex> {
        if col < COLUMNS && row < ROWS {
            Some(Hex { col, row })
        } else {
            None
        }
    }

    /// Column, 0 = `A`.
    pub const fn col(self) -> u8 {
        self.col
    }

    /// Row, 0 = the top rim.
    pub const fn row(self) -> u8 {
        self.row
    }

    /// Dense index `0..CELLS`, column-major.
    pub const fn index(self) -> usize {
        self.col as usize * ROWS as usize + self.row as usize
    }

    /// The hex with a dense index.
    pub const fn from_index(index: usize) -> Option<Hex> {
        if index < CELLS {
            Some(Hex {
                col: (index / ROWS as usize) as u8,
                row: (index % ROWS as usize) as u8,
            })
        } else {
            None
        }
    }

    /// Every hex of the board in index order.
    pub fn all() -> impl Iterator<Item = Hex> {
        (0..CELLS).filter_map(Hex::from_index)
    }

    /// Axial coordinates `(q, r)`.
    pub const fn axial(self) -> (i16, i16) {
        let q = self.col as i16;
        let r = self.row as i16 - (q - (q & 1)) / 2;
        (q, r)
    }

    /// The hex at axial coordinates, if on the board.
    pub fn from_axial(q: i16, r: i16) -> Option<Hex> {
        if !(0..COLUMNS as i16).contains(&q) {
            return None;
        }
        let row = r + (q - (q & 1)) / 2;
        if !(0..ROWS as i16).contains(&row) {
            return None;
        }
        Hex::new(q as u8, row as u8)
    }

    /// The neighbour in direction `dir` (0..6, order N, NE, SE, S, SW, NW), if on the board.
    pub fn neighbour(self, dir: usize) -> Option<Hex> {
        let (q, r) = self.axial();
        let (dq, dr) = DIRECTIONS[dir % 6];
        Hex::from_axial(q + i16::from(dq), r + i16::from(dr))
    }

    /// The neighbours on the board, in the documented order.
    pub fn neighbours(self) -> impl Iterator<Item = Hex> {
        (0..6).filter_map(move |d| self.neighbour(d))
    }

    /// Whether two hexes share an edge.
    pub fn is_adjacent(self, other: Hex) -> bool {
        self.distance(other) == 1
    }

    /// Hex distance (number of steps).
    pub fn distance(self, other: Hex) -> u16 {
        let (q1, r1) = self.axial();
        let (q2, r2) = other.axial();
        let dq = q1 - q2;
        let dr = r1 - r2;
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u16
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col) as char, self.row)
    }
}

impl fmt::Debug for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A text that is not a hex label on the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a space on the board: use a column A–P and a row 0–13, like D7")]
pub struct BadHex(pub String);

impl FromStr for Hex {
    type Err = BadHex;
    fn from_str(s: &str) -> Result<Hex, BadHex> {
        let bad = || BadHex(s.to_string());
        let mut chars = s.trim().chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: u8 = digits.parse().map_err(|_| bad())?;
        Hex::new(letter as u8 - b'A', row).ok_or_else(bad)
    }
}

impl Serialize for Hex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A fixed-size set of hexes as a bitset (one bit per board index).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct HexSet([u64; 4]);

impl HexSet {
    /// The empty set.
    pub const EMPTY: HexSet = HexSet([0; 4]);

    /// Adds a hex; returns whether it was new.
    pub fn insert(&mut self, hex: Hex) -> bool {
        let (w, b) = (hex.index() / 64, hex.index() % 64);
        let new = self.0[w] & (1 << b) == 0;
        self.0[w] |= 1 << b;
        new
    }

    /// Removes a hex.
    pub fn remove(&mut self, hex: Hex) {
        let (w, b) = (hex.index() / 64, hex.index() % 64);
        self.0[w] &= !(1 << b);
    }

    /// Whether the set holds `hex`.
    pub fn contains(&self, hex: Hex) -> bool {
        let (w, b) = (hex.index() / 64, hex.index() % 64);
        self.0[w] & (1 << b) != 0
    }

    /// Number of hexes.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The hexes whose index `keep` accepts, for a scan of a whole board array that needs no
    /// [`Hex`] per cell.
    pub fn from_indices(mut keep: impl FnMut(usize) -> bool) -> HexSet {
        let mut words = [0u64; 4];
        for index in 0..CELLS {
            if keep(index) {
                words[index / 64] |= 1 << (index % 64);
            }
        }
        HexSet(words)
    }

    /// The hexes in either set.
    pub fn union(&self, other: &HexSet) -> HexSet {
        HexSet(std::array::from_fn(|w| self.0[w] | other.0[w]))
    }

    /// The hexes in both sets.
    pub fn intersection(&self, other: &HexSet) -> HexSet {
        HexSet(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }

    /// The hexes of this set that are not in `other`.
    pub fn difference(&self, other: &HexSet) -> HexSet {
        HexSet(std::array::from_fn(|w| self.0[w] & !other.0[w]))
    }

    /// The hexes' indices ([`Hex::index`]) in order.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(w * 64 + b)
            })
        })
    }

    /// The hexes in index order.
    pub fn iter(&self) -> impl Iterator<Item = Hex> + '_ {
        self.indices().filter_map(Hex::from_index)
    }
}

impl fmt::Debug for HexSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Hex> for HexSet {
    fn from_iter<I: IntoIterator<Item = Hex>>(iter: I) -> Self {
        let mut set = HexSet::EMPTY;
        for h in iter {
            set.insert(h);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    #[test]
    fn labels_round_trip() {
        for hex in Hex::all() {
            assert_eq!(hex.to_string().parse::<Hex>().unwrap(), hex);
            assert_eq!(Hex::from_index(hex.index()), Some(hex));
            let (q, r) = hex.axial();
            assert_eq!(Hex::from_axial(q, r), Some(hex));
        }
        assert_eq!(h("d7"), h("D7"));
        for bad in ["", "Q1", "A14", "7D", "A", "A-1", "AA", "B777", "É3"] {
            assert!(bad.parse::<Hex>().is_err(), "{bad}");
        }
    }

    #[test]
    fn neighbours_follow_the_odd_q_layout_in_documented_order() {
        // D is an odd column: it sits half a hex lower, so it touches E7 and E8.
        let n: Vec<String> = h("D7").neighbours().map(|x| x.to_string()).collect();
        assert_eq!(n, ["D6", "E7", "E8", "D8", "C8", "C7"]);
        // E is an even column: it touches D6 and D7.
        let n: Vec<String> = h("E7").neighbours().map(|x| x.to_string()).collect();
        assert_eq!(n, ["E6", "F6", "F7", "E8", "D7", "D6"]);
        // Corners have fewer neighbours.
        assert_eq!(h("A0").neighbours().count(), 2);
        assert_eq!(h("P13").neighbours().count(), 2);
        assert_eq!(h("O13").neighbours().count(), 5);
    }

    #[test]
    fn adjacency_is_symmetric_and_matches_distance() {
        for a in Hex::all() {
            for b in a.neighbours() {
                assert!(b.neighbours().any(|x| x == a));
                assert_eq!(a.distance(b), 1);
            }
            assert_eq!(a.distance(a), 0);
        }
        assert_eq!(h("A0").distance(h("C0")), 2);
        assert_eq!(h("D7").distance(h("D9")), 2);
    }

    #[test]
    fn hexset_basics() {
        let mut s = HexSet::EMPTY;
        assert!(s.insert(h("P13")));
        assert!(!s.insert(h("P13")));
        s.insert(h("A0"));
        assert_eq!(s.len(), 2);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![h("A0"), h("P13")]);
        s.remove(h("A0"));
        assert!(!s.contains(h("A0")) && s.contains(h("P13")));
    }

    #[test]
    fn hex_serialises_as_label() {
        assert_eq!(serde_json::to_string(&h("D7")).unwrap(), "\"D7\"");
        assert_eq!(serde_json::from_str::<Hex>("\"K12\"").unwrap(), h("K12"));
        assert!(serde_json::from_str::<Hex>("\"Z99\"").is_err());
    }
}
