//! A region of the board as the rules close and score it and the log names it (its own
//! module so that the rules and the words both use it without naming each other).

use serde::{Deserialize, Serialize};

use super::data::Terrain;
use crate::hex::Hex;

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
