//! A player's score in a match: points, innings, runs, warnings and what binds their
//! next inning.

use super::verdict::Obligation;

/// One player's line of the score sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerScore {
    pub name: String,
    /// The points this player plays to (their own in a handicap match).
    pub target: u32,
    pub points: u32,
    /// Innings started.
    pub innings: u32,
    /// Points of the inning in progress (0 when not at the table).
    pub current_run: u32,
    pub high_run: u32,
    /// Rule 18.
    pub warnings: u32,
    /// What binds the first stroke of the player's next inning (rules 24, 25).
    pub obligation: Option<Obligation>,
}

impl PlayerScore {
    /// The player has made their distance.
    pub fn reached(&self) -> bool {
        self.points >= self.target
    }

    /// Points per inning (0 before the first inning).
    pub fn average(&self) -> f64 {
        if self.innings == 0 {
            0.0
        } else {
            f64::from(self.points) / f64::from(self.innings)
        }
    }
}
