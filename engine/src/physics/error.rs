//! Why the simulation refuses a lay-out or a stroke.

use crate::math::DVec2;
use crate::shot::{BallId, StrokeError};

/// A lay-out the table cannot hold.
#[derive(Clone, Debug, PartialEq)]
pub enum PlaceError {
    NotFinite(BallId),
    /// The ball's centre lies outside `limits` (half extents, m) of the `preset` table.
    OffBed {
        ball: BallId,
        at: DVec2,
        preset: String,
        limits: DVec2,
    },
    ListedTwice(BallId),
    /// Two balls closer than a diameter (`needed`, m).
    Overlap {
        ball: BallId,
        other: BallId,
        distance: f64,
        needed: f64,
    },
}

impl std::error::Error for PlaceError {}

/// A stroke (or a launch) the table cannot play.
#[derive(Clone, Debug, PartialEq)]
pub enum StrikeError {
    Stroke(StrokeError),
    /// The ball is in the air, off the table or not placed.
    NotOnCloth(BallId),
    StruckTwice(BallId),
    /// A launch's velocity or spin is not finite.
    LaunchNotFinite,
    /// A launch faster than the simulation accepts, m/s.
    LaunchTooFast(f64),
    /// A launch of a ball not on the table.
    NotOnTable(BallId),
}

impl std::error::Error for StrikeError {}

impl From<StrokeError> for StrikeError {
    fn from(e: StrokeError) -> StrikeError {
        StrikeError::Stroke(e)
    }
}

/// A shot the table refuses: its lay-out or its stroke.
#[derive(Clone, Debug, PartialEq)]
pub enum ShotError {
    Place(PlaceError),
    Strike(StrikeError),
}

impl From<PlaceError> for ShotError {
    fn from(e: PlaceError) -> ShotError {
        ShotError::Place(e)
    }
}

impl From<StrikeError> for ShotError {
    fn from(e: StrikeError) -> ShotError {
        ShotError::Strike(e)
    }
}

impl std::error::Error for ShotError {}
