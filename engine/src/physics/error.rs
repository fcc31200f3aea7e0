//! Why the simulation refuses a lay-out or a stroke.

use crate::math::DVec2;
use crate::shot::{BallId, StrokeError};
use std::fmt;

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

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::NotFinite(ball) => write!(f, "{ball}: position must be finite numbers"),
            PlaceError::OffBed {
                ball,
                at,
                preset,
                limits,
            } => write!(
                f,
                "{ball} at ({:.4}, {:.4}) is not on the bed: on the {preset} table a ball's centre must lie within ±{:.4} m in x and ±{:.4} m in y",
                at.x, at.y, limits.x, limits.y
            ),
            PlaceError::ListedTwice(ball) => write!(f, "{ball} is listed twice"),
            PlaceError::Overlap {
                ball,
                other,
                distance,
                needed,
            } => write!(
                f,
                "{ball} and {other} overlap: their centres are {distance:.4} m apart, at least {needed:.4} m (a ball's diameter) is needed"
            ),
        }
    }
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

impl fmt::Display for StrikeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrikeError::Stroke(e) => e.fmt(f),
            StrikeError::NotOnCloth(ball) => {
                write!(f, "{ball} is not on the cloth and cannot be struck")
            }
            StrikeError::StruckTwice(ball) => write!(f, "{ball} is struck twice"),
            StrikeError::LaunchNotFinite => {
                f.write_str("launch: velocity and spin must be finite numbers")
            }
            StrikeError::LaunchTooFast(speed) => write!(
                f,
                "launch: speed {speed:.3} m/s is above the {} m/s allowed",
                crate::shot::MAX_SPEED
            ),
            StrikeError::NotOnTable(ball) => write!(f, "launch: {ball} is not on the table"),
        }
    }
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

impl fmt::Display for ShotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShotError::Place(e) => e.fmt(f),
            ShotError::Strike(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ShotError {}
