//! A ball's flight as the event loop reads it between two of rapier's steps: where it
//! is and how it moves (on the straight line between rapier's poses, or on its
//! parabola), what it touches and since when. Stepped by `flight`.

use crate::math::{DQuat, DVec3};
use crate::physics::cloth::Kinematics;
use crate::physics::world::Part;

/// What a ball off the cloth has been touching and doing, and how it moves until the
/// next flight step.
#[derive(Clone, Copy, Debug)]
pub(super) struct Flight {
    /// Its state at `since`.
    pub from: Kinematics,
    pub since: f64,
    /// Rapier's pose `step` s after `since`; None after a ball contact or a take-off: it
    /// flies free since `since`.
    pub to: Option<Kinematics>,
    pub step: f64,
    /// The parts touched at the last step: a mask of `Part` codes.
    pub touching: u8,
    /// Since it left its last support: the highest its centre has been.
    pub top: Option<f64>,
    /// Where it left its last support.
    pub take_off: DVec3,
    /// The balls it has passed over since then: a mask of ball indices.
    pub over: u8,
    /// Since when it has been still off the bed.
    pub still_since: Option<f64>,
    /// While it flies over open cloth: no rapier steps until then.
    pub open: Option<OpenStretch>,
    /// How far rapier has turned the ball since the flight began. Its body starts each
    /// flight unturned: a sphere's orientation changes nothing of its motion, but
    /// rapier's contact frames round with it, and the same flight would end otherwise
    /// for how the ball turned before (on a reused table, in a trial, in a prediction).
    pub turn: DQuat,
}

/// A stretch of a flight over open cloth, flown on the parabola.
#[derive(Clone, Copy, Debug)]
pub(super) struct OpenStretch {
    pub until: f64,
    /// It ends on the bed.
    pub lands: bool,
}

impl Flight {
    /// A flight starting now from `k`, which touches `support`.
    pub fn start(k: Kinematics, now: f64, support: Part) -> Flight {
        Flight {
            from: k,
            since: now,
            to: None,
            step: 0.0,
            touching: 1 << support.code(),
            top: None,
            take_off: k.pos,
            over: 0,
            still_since: None,
            open: None,
            turn: DQuat::IDENTITY,
        }
    }

    /// Its velocity (m/s) and acceleration (m/s²) until the next flight step, from the
    /// state at `since`; `g` is gravity.
    pub fn motion(&self, g: f64) -> (DVec3, DVec3) {
        match self.to {
            Some(to) => ((to.pos - self.from.pos) / self.step, DVec3::ZERO),
            None => (self.from.vel, -g * DVec3::Z),
        }
    }

    /// Its state at time `t` (between `since` and the next flight step).
    pub fn at(&self, t: f64, g: f64) -> Kinematics {
        let tau = t - self.since;
        let mut k = self.from;
        match self.to {
            Some(to) => {
                let f = (tau / self.step).clamp(0.0, 1.0);
                k.pos = self.from.pos.lerp(to.pos, f);
                k.vel = self.from.vel.lerp(to.vel, f);
                k.spin = self.from.spin.lerp(to.spin, f);
            }
            None => {
                k.pos += self.from.vel * tau - 0.5 * g * tau * tau * DVec3::Z;
                k.vel -= g * tau * DVec3::Z;
                // In the air nothing slows its spin.
                k.orientation = (DQuat::from_scaled_axis(k.spin * tau) * k.orientation).normalize();
            }
        }
        k
    }
}
