//! The computer player and coach: given the match as the referee sees it, it chooses a
//! stroke by trying thousands with the real simulation and judging each with the real
//! referee, and plays it with its level's execution error.
//!
//! The choice is for robustness: a scan of a grid of strokes without error finds the
//! runs of neighbouring strokes that score; the middle of the widest runs are played
//! again under the level's error, and the chance of scoring decides. Stronger levels
//! also rate the lay-out a count leaves (how many strokes of a small scan would score
//! from it) and, when no stroke is likely to score, play the safety that leaves the
//! opponent least, declared where rules 23–25 allow it.

pub mod bench;
pub mod calibrate;
pub mod exam;
pub mod explain;
mod search;
mod seat;
mod trial;

#[cfg(test)]
mod tests;

pub use bench::{random_lay_out, referee_at};
pub use search::{Decision, choose};
pub use seat::{Move, Snapshot, lag_stroke, seat_to_act};

use crate::config::Spread;
use crate::random::Rng;
use crate::shot::{MAX_ELEVATION_DEG, MAX_SPEED, Stroke};

/// The stroke as the arm delivers it: `stroke` with an execution error drawn from
/// `error`. The tip stays on the ball (a tip far off centre miscues, as it would).
pub fn execute(stroke: &Stroke, error: &Spread, rng: &mut Rng) -> Stroke {
    let mut played = *stroke;
    played.direction_deg += error.aim_deg * rng.normal();
    played.speed = (stroke.speed * (1.0 + error.speed * rng.normal())).clamp(0.05, MAX_SPEED);
    played.side += error.tip * rng.normal();
    played.height += error.tip * rng.normal();
    let off = played.side.hypot(played.height);
    if off > 0.95 {
        played.side *= 0.95 / off;
        played.height *= 0.95 / off;
    }
    // The rail (or the cloth, for a level cue) bounds the cue below: the error can
    // only raise it.
    played.elevation_deg =
        (stroke.elevation_deg + error.elevation_deg * rng.normal().abs()).min(MAX_ELEVATION_DEG);
    played
}
