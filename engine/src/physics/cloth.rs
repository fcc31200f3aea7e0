//! A ball on the cloth between contacts: sliding, rolling, spinning in place or at rest,
//! each with a closed-form motion and a known time to the next state (the friction model
//! of PHYSICS.md; rapier has no rolling resistance or spin friction). Exact at any step.

use crate::math::{DQuat, DVec2, DVec3};

/// Below these the motion counts as stopped; transitions snap exactly to them. A
/// speed is above 1e-9 m/s exactly when its square is above `SPEED_EPS_SQUARED`, the
/// largest double whose square root is at most 1e-9 (the square root is correctly
/// rounded and never decreasing), so `motion` tells it without taking the root.
const SPEED_EPS_SQUARED: f64 = 1.000_000_000_000_000_3e-18;
const SPIN_EPS: f64 = 1e-9;

/// The cloth's parameters in SI.
#[derive(Clone, Copy, Debug)]
pub struct Cloth {
    pub radius: f64,
    pub gravity: f64,
    pub mu_slide: f64,
    pub mu_roll: f64,
    pub spin_decel: f64,
    /// Whether `advance` turns the balls (their orientation). Only a table someone
    /// watches needs it; nothing else reads it, and headless (the computer's search,
    /// the commands) it took a tenth of a stroke's time.
    pub turns_balls: bool,
}

/// How a ball on the cloth moves now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// The contact point slips: friction turns slip into roll.
    Sliding,
    /// No slip: rolling resistance slows the ball.
    Rolling,
    /// Still, but turning about the vertical axis (rule 11: still moving).
    Spinning,
    Rest,
}

/// Position, velocity, angular velocity and orientation of one ball (table frame).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Kinematics {
    pub pos: DVec3,
    pub vel: DVec3,
    pub spin: DVec3,
    pub orientation: DQuat,
}

impl Cloth {
    /// Velocity of the ball's contact point with the cloth (horizontal).
    pub fn slip(&self, k: &Kinematics) -> DVec2 {
        DVec2::new(
            k.vel.x - self.radius * k.spin.y,
            k.vel.y + self.radius * k.spin.x,
        )
    }

    pub fn motion(&self, k: &Kinematics) -> Motion {
        if self.slip(k).length_squared() > SPEED_EPS_SQUARED {
            Motion::Sliding
        } else if k.vel.truncate().length_squared() > SPEED_EPS_SQUARED {
            Motion::Rolling
        } else if k.spin.z.abs() > SPIN_EPS {
            Motion::Spinning
        } else {
            Motion::Rest
        }
    }

    /// Horizontal acceleration while the motion lasts.
    pub fn acceleration(&self, k: &Kinematics, motion: Motion) -> DVec2 {
        match motion {
            Motion::Sliding => -self.mu_slide * self.gravity * self.slip(k).normalize(),
            Motion::Rolling => -self.mu_roll * self.gravity * k.vel.truncate().normalize(),
            Motion::Spinning | Motion::Rest => DVec2::ZERO,
        }
    }

    /// Time until the motion itself ends: slip runs out or the ball stops.
    fn motion_end(&self, k: &Kinematics, motion: Motion) -> f64 {
        match motion {
            Motion::Sliding => 2.0 * self.slip(k).length() / (7.0 * self.mu_slide * self.gravity),
            Motion::Rolling => k.vel.truncate().length() / (self.mu_roll * self.gravity),
            Motion::Spinning | Motion::Rest => f64::INFINITY,
        }
    }

    /// Time until the vertical spin dies.
    fn spin_end(&self, k: &Kinematics) -> f64 {
        if k.spin.z.abs() > SPIN_EPS {
            k.spin.z.abs() / self.spin_decel
        } else {
            f64::INFINITY
        }
    }

    /// Time until the motion changes: slip ends, the ball stops, or its vertical spin
    /// dies (whichever first). Infinite at rest.
    pub fn time_to_change(&self, k: &Kinematics, motion: Motion) -> f64 {
        self.motion_end(k, motion).min(self.spin_end(k))
    }

    /// Where a ball is after `dt` within one motion, as `advance` puts it (the
    /// trajectories' samples need no more than this).
    pub fn position_after(&self, k: &Kinematics, motion: Motion, dt: f64) -> DVec3 {
        if dt <= 0.0 {
            return k.pos;
        }
        self.moved(k, self.acceleration(k, motion), dt)
    }

    /// A ball's centre after `dt` at acceleration `a` from `k`, on the cloth.
    fn moved(&self, k: &Kinematics, a: DVec2, dt: f64) -> DVec3 {
        (k.pos.truncate() + k.vel.truncate() * dt + 0.5 * a * dt * dt).extend(self.radius)
    }

    /// Advances a ball by `dt` within one motion (dt ≤ `time_to_change`). What ends at
    /// `dt` is snapped exactly (slip zero, speed zero, spin zero), so the next motion
    /// starts clean.
    pub fn advance(&self, k: &mut Kinematics, motion: Motion, dt: f64) {
        if dt <= 0.0 {
            return;
        }
        let ends = |end: f64| dt >= end * (1.0 - 1e-9);
        let (motion_ends, spin_ends) = (ends(self.motion_end(k, motion)), ends(self.spin_end(k)));
        let a = self.acceleration(k, motion);
        let r = self.radius;
        // Horizontal spin follows from the friction force F = m·a at the contact point:
        // torque (−R ẑ) × F = R·m·(a_y, −a_x), and I = 2/5·m·R².
        let spin_rate = match motion {
            Motion::Sliding => 2.5 / r * DVec2::new(a.y, -a.x),
            Motion::Rolling => DVec2::new(-a.y, a.x) / r,
            Motion::Spinning | Motion::Rest => DVec2::ZERO,
        };
        let spin_z = if spin_ends || k.spin.z.abs() <= SPIN_EPS {
            0.0
        } else {
            k.spin.z - k.spin.z.signum() * self.spin_decel * dt
        };
        let spin_end = DVec3::new(
            k.spin.x + spin_rate.x * dt,
            k.spin.y + spin_rate.y * dt,
            spin_z,
        );
        let v0 = k.vel.truncate();
        let p = self.moved(k, a, dt);
        if self.turns_balls {
            k.orientation = (DQuat::from_scaled_axis(0.5 * (k.spin + spin_end) * dt)
                * k.orientation)
                .normalize();
        }
        k.spin = spin_end;
        k.pos = p;
        k.vel = (v0 + a * dt).extend(0.0);
        if motion_ends {
            match motion {
                // Slip has run out: roll exactly.
                Motion::Sliding => {
                    k.spin.x = -k.vel.y / r;
                    k.spin.y = k.vel.x / r;
                }
                Motion::Rolling => {
                    k.vel = DVec3::ZERO;
                    k.spin.x = 0.0;
                    k.spin.y = 0.0;
                }
                Motion::Spinning | Motion::Rest => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_speed_is_above_its_threshold_exactly_when_its_square_is() {
        let speed_eps = 1e-9_f64;
        assert!(SPEED_EPS_SQUARED.sqrt() <= speed_eps);
        assert!(SPEED_EPS_SQUARED.next_up().sqrt() > speed_eps);
        // And so on lengths near the threshold, as `motion` compares them.
        let mut rng = crate::random::Rng(32);
        for _ in 0..100_000 {
            let v = DVec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * 1.5e-9;
            assert_eq!(
                v.length() > speed_eps,
                v.length_squared() > SPEED_EPS_SQUARED,
                "{v}"
            );
        }
    }

    fn cloth() -> Cloth {
        Cloth {
            radius: 0.03075,
            gravity: 9.81,
            mu_slide: 0.2,
            mu_roll: 0.005,
            spin_decel: 10.0,
            turns_balls: true,
        }
    }

    fn ball(vel: DVec3, spin: DVec3) -> Kinematics {
        Kinematics {
            pos: DVec3::new(0.0, 0.0, 0.03075),
            vel,
            spin,
            orientation: DQuat::IDENTITY,
        }
    }

    #[test]
    fn sliding_slip_runs_out_and_the_ball_rolls() {
        let c = cloth();
        let mut k = ball(DVec3::new(2.0, 0.0, 0.0), DVec3::ZERO);
        let m = c.motion(&k);
        assert_eq!(m, Motion::Sliding);
        let t = c.time_to_change(&k, m);
        c.advance(&mut k, m, t);
        assert_eq!(c.motion(&k), Motion::Rolling);
        assert!((k.vel.x - 2.0 * 5.0 / 7.0).abs() < 1e-12);
    }

    #[test]
    fn sliding_friction_drives_the_slip_to_zero_on_its_own() {
        let c = cloth();
        let mut k = ball(DVec3::new(1.0, -0.5, 0.0), DVec3::new(20.0, 30.0, 0.0));
        let t = c.time_to_change(&k, Motion::Sliding);
        c.advance(&mut k, Motion::Sliding, t * (1.0 - 1e-6));
        assert!(c.slip(&k).length() < 1e-6, "{:?}", c.slip(&k));
    }

    #[test]
    fn a_rolling_ball_turns_by_its_distance_over_its_radius_only_when_watched() {
        let watched = cloth();
        let headless = Cloth {
            turns_balls: false,
            ..watched
        };
        let rolled = |c: &Cloth| {
            let mut k = ball(
                DVec3::new(1.0, 0.0, 0.0),
                DVec3::new(0.0, 1.0 / c.radius, 0.0),
            );
            c.advance(&mut k, Motion::Rolling, 0.05);
            k
        };
        let (turned, unturned) = (rolled(&watched), rolled(&headless));
        let distance = turned.pos.x;
        let angle = turned.orientation.angle_between(DQuat::IDENTITY);
        assert!(
            (angle - distance / watched.radius).abs() < 1e-9,
            "{angle} rad"
        );
        assert_eq!(unturned.orientation, DQuat::IDENTITY);
        // The turning is all that differs.
        assert_eq!(
            Kinematics {
                orientation: DQuat::IDENTITY,
                ..turned
            },
            unturned
        );
    }

    #[test]
    fn vertical_spin_alone_is_spinning_then_rest() {
        let c = cloth();
        let mut k = ball(DVec3::ZERO, DVec3::new(0.0, 0.0, 5.0));
        assert_eq!(c.motion(&k), Motion::Spinning);
        let t = c.time_to_change(&k, Motion::Spinning);
        assert!((t - 0.5).abs() < 1e-12);
        c.advance(&mut k, Motion::Spinning, t);
        assert_eq!(c.motion(&k), Motion::Rest);
    }
}
