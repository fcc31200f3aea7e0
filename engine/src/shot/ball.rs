//! Ball identities.

use serde::{Deserialize, Serialize};

/// One ball of the set. Carom uses White, Dotted and Red; four-ball adds Red2 (rule 2).
///
/// Serialised in lower case (`white`, `dotted`, `red`, `red2`, as the CLI's JSON has
/// them); RON input may also spell the variant names (`White`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BallId {
    #[serde(alias = "White")]
    White,
    #[serde(alias = "Dotted")]
    Dotted,
    #[serde(alias = "Red")]
    Red,
    #[serde(alias = "Red2")]
    Red2,
}

/// How the second cue ball is told from the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BallStyle {
    /// A white with dots (rule 2).
    #[default]
    Dotted,
    /// A yellow ball in its place.
    Yellow,
}

impl BallId {
    /// Every ball, in a fixed order (also the order of work in the simulation).
    pub const ALL: [BallId; 4] = [BallId::White, BallId::Dotted, BallId::Red, BallId::Red2];

    /// Index into per-ball arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The ball of that name (`white`, `dotted`, `red`, `red2`).
    pub fn from_name(name: &str) -> Option<BallId> {
        BallId::ALL.into_iter().find(|b| b.name() == name)
    }

    /// The name used in JSON and messages.
    pub fn name(self) -> &'static str {
        match self {
            BallId::White => "white",
            BallId::Dotted => "dotted",
            BallId::Red => "red",
            BallId::Red2 => "red2",
        }
    }

    /// A cue ball is one of the two whites (rule 2: the red is never a cue ball).
    pub fn is_cue_ball(self) -> bool {
        matches!(self, BallId::White | BallId::Dotted)
    }

    /// The other player's cue ball.
    pub fn other_white(self) -> Option<BallId> {
        match self {
            BallId::White => Some(BallId::Dotted),
            BallId::Dotted => Some(BallId::White),
            _ => None,
        }
    }
}

impl std::fmt::Display for BallId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A ball's centre on the bed, m in the table frame (shot and position files).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BallAt {
    pub ball: BallId,
    pub x: f64,
    pub y: f64,
}
