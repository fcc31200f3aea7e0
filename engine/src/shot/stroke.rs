//! The cue stroke as the player plays it: aim, launch speed, tip offset, cue elevation
//! and follow-through, the limits each may have, and where the cue meets the ball.

use super::BallId;
use crate::math::DVec3;
use serde::{Deserialize, Serialize};

/// Fastest launch the simulation accepts, m/s (a hard break is ~9).
pub const MAX_SPEED: f64 = 15.0;
/// Steepest cue, degrees from horizontal.
pub const MAX_ELEVATION_DEG: f64 = 89.0;
/// Longest follow-through a stroke may ask for, mm (as `cue.ron` allows).
pub const MAX_FOLLOW_THROUGH_MM: f64 = 300.0;

/// One stroke as the player plays it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stroke {
    pub ball: BallId,
    /// Aim, counter-clockwise from +x, degrees.
    pub direction_deg: f64,
    /// The cue ball's launch speed, m/s.
    pub speed: f64,
    /// Tip offset right of centre (+) as a fraction of the radius.
    #[serde(default)]
    pub side: f64,
    /// Tip offset above centre (+) as a fraction of the radius.
    #[serde(default)]
    pub height: f64,
    /// Cue elevation above horizontal, degrees.
    #[serde(default)]
    pub elevation_deg: f64,
    /// How far the cue goes on after the strike before it stops, mm: a short stroke
    /// keeps the tip off a cue ball that an object ball close ahead stops (rule 13).
    /// None: the cue's usual follow-through (`cue.ron`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_through_mm: Option<f64>,
}

/// A stroke whose numbers are outside what a stroke may have.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StrokeError {
    /// The field of that name is NaN or infinite.
    NotFinite(&'static str),
    Speed(f64),
    /// The tip offset (side, height) lies off the ball.
    MissesTheBall {
        side: f64,
        height: f64,
    },
    Elevation(f64),
    FollowThrough(f64),
}

impl std::error::Error for StrokeError {}

impl Stroke {
    /// A level stroke through the centre of `ball`, with the cue's usual follow-through.
    pub fn new(ball: BallId, direction_deg: f64, speed: f64) -> Stroke {
        Stroke {
            ball,
            direction_deg,
            speed,
            side: 0.0,
            height: 0.0,
            elevation_deg: 0.0,
            follow_through_mm: None,
        }
    }

    /// Checks the numbers a stroke may have.
    pub fn validate(&self) -> Result<(), StrokeError> {
        let finite = [
            ("direction_deg", self.direction_deg),
            ("speed", self.speed),
            ("side", self.side),
            ("height", self.height),
            ("elevation_deg", self.elevation_deg),
        ];
        if let Some((name, _)) = finite.iter().find(|(_, v)| !v.is_finite()) {
            return Err(StrokeError::NotFinite(name));
        }
        if !(self.speed > 0.0 && self.speed <= MAX_SPEED) {
            return Err(StrokeError::Speed(self.speed));
        }
        if self.side.hypot(self.height) >= 1.0 {
            return Err(StrokeError::MissesTheBall {
                side: self.side,
                height: self.height,
            });
        }
        if !(0.0..=MAX_ELEVATION_DEG).contains(&self.elevation_deg) {
            return Err(StrokeError::Elevation(self.elevation_deg));
        }
        if let Some(mm) = self.follow_through_mm
            && !(0.0..=MAX_FOLLOW_THROUGH_MM).contains(&mm)
        {
            return Err(StrokeError::FollowThrough(mm));
        }
        Ok(())
    }

    /// Unit vector of the cue's motion (toward the ball, down when elevated).
    pub fn cue_axis(&self) -> DVec3 {
        let (phi, theta) = (
            self.direction_deg.to_radians(),
            self.elevation_deg.to_radians(),
        );
        DVec3::new(
            theta.cos() * phi.cos(),
            theta.cos() * phi.sin(),
            -theta.sin(),
        )
    }

    /// Horizontal unit vector to the right of the aim.
    pub fn right(&self) -> DVec3 {
        let phi = self.direction_deg.to_radians();
        DVec3::new(phi.sin(), -phi.cos(), 0.0)
    }

    /// Where the tip meets the ball, relative to its centre, for a ball of radius `r`.
    pub fn contact_point(&self, r: f64) -> DVec3 {
        let d = self.cue_axis();
        let right = self.right();
        let up = right.cross(d);
        let offset = r * (self.side * right + self.height * up);
        offset - (r * r - offset.length_squared()).max(0.0).sqrt() * d
    }
}
