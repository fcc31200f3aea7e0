//! The score sheet of a match: every stroke's verdict with the run and score it left,
//! each player's totals, and how the game ended. The referee keeps it; the game-over
//! screen, `carom referee` and the save all read this one sheet.

use super::referee::PlayerScore;
use super::verdict::{Outcome, Verdict};
use crate::shot::BallId;

/// One stroke on the sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetRow {
    pub verdict: Verdict,
    /// The shooter's points in this inning so far, this stroke included.
    pub run: u32,
    /// The shooter's score after the stroke.
    pub score: u32,
}

/// A match's score sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreSheet {
    /// The game's name (`Three-cushion`).
    pub game: String,
    pub target: u32,
    pub innings_limit: Option<u32>,
    pub equalising_inning: bool,
    pub breaker: usize,
    pub breaker_ball: BallId,
    pub players: Vec<PlayerScore>,
    /// One row per stroke judged, in order.
    pub rows: Vec<SheetRow>,
    /// How the game ended, once it is over.
    pub outcome: Option<Outcome>,
}

impl ScoreSheet {
    /// The name of player `i`.
    pub fn name(&self, i: usize) -> &str {
        self.players.get(i).map_or("?", |p| p.name.as_str())
    }
}
