//! The named places of a carom table: its four cushions and three spots.

use crate::math::DVec2;
use serde::{Deserialize, Serialize};

/// The four cushions, named as a carom player names them (the head cushion is the one
/// the players break from).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cushion {
    Head,
    Foot,
    Left,
    Right,
}

impl Cushion {
    pub const ALL: [Cushion; 4] = [Cushion::Head, Cushion::Foot, Cushion::Left, Cushion::Right];

    /// Unit normal of the cushion's face, pointing into the table.
    pub fn inward_normal(self) -> DVec2 {
        match self {
            Cushion::Head => DVec2::X,
            Cushion::Foot => -DVec2::X,
            Cushion::Left => -DVec2::Y,
            Cushion::Right => DVec2::Y,
        }
    }
}

/// The three spots (rules 7 and 26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Spot {
    Head,
    Foot,
    #[serde(alias = "center")]
    Centre,
}
