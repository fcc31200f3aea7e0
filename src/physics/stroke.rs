//! The cue strike: from the player's stroke (aim, launch speed, tip offset, elevation)
//! to the ball's launch velocity and spin, with squirt, miscue and the bounce off the
//! slate that an elevated cue causes (massé and jump); and the cue's follow-through,
//! which can touch the ball again (rule 13).

use super::cloth::Kinematics;
use super::contact::{self, BallBody};
use crate::ball::BallId;
use crate::config::CueConfig;
use crate::math::{DQuat, DVec3};
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

    /// Checks the numbers a stroke may have; the message says what is allowed.
    pub fn validate(&self) -> Result<(), String> {
        let finite = [
            ("direction_deg", self.direction_deg),
            ("speed", self.speed),
            ("side", self.side),
            ("height", self.height),
            ("elevation_deg", self.elevation_deg),
        ];
        if let Some((name, _)) = finite.iter().find(|(_, v)| !v.is_finite()) {
            return Err(format!("stroke `{name}` must be a finite number"));
        }
        if !(self.speed > 0.0 && self.speed <= MAX_SPEED) {
            return Err(format!(
                "stroke `speed` is {} m/s; allowed: above 0 up to {MAX_SPEED} m/s",
                self.speed
            ));
        }
        if self.side.hypot(self.height) >= 1.0 {
            return Err(format!(
                "stroke tip offset (side {}, height {}) misses the ball: side² + height² must be below 1",
                self.side, self.height
            ));
        }
        if !(0.0..=MAX_ELEVATION_DEG).contains(&self.elevation_deg) {
            return Err(format!(
                "stroke `elevation_deg` is {}; allowed: 0 ..= {MAX_ELEVATION_DEG}",
                self.elevation_deg
            ));
        }
        if let Some(mm) = self.follow_through_mm
            && !(0.0..=MAX_FOLLOW_THROUGH_MM).contains(&mm)
        {
            return Err(format!(
                "stroke `follow_through_mm` is {mm}; allowed: 0 ..= {MAX_FOLLOW_THROUGH_MM}"
            ));
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
    fn right(&self) -> DVec3 {
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

/// What the strike did to the ball, and how the cue moves on.
#[derive(Clone, Copy, Debug)]
pub struct StrikeOutcome {
    pub miscue: bool,
    /// The ball's state just after the strike (and the slate's answer to it).
    pub ball: Kinematics,
    pub follow_through: FollowThrough,
}

/// The cue tip after the strike: it goes on along the cue's axis, slowing evenly to a
/// stop after the configured follow-through. Described from its last contact on.
#[derive(Clone, Copy, Debug)]
pub struct FollowThrough {
    pub ball: BallId,
    /// Time of the last contact, s, and the tip's point there (table frame).
    pub since: f64,
    pub origin: DVec3,
    pub axis: DVec3,
    /// Cue speed just after that contact, m/s, and its deceleration, m/s².
    pub speed: f64,
    pub decel: f64,
    /// Mass of the cue, kg.
    pub mass: f64,
    pub restitution: f64,
}

impl FollowThrough {
    /// When the cue has stopped, s after the strike.
    pub fn stop_time(&self) -> f64 {
        if self.speed > 0.0 {
            self.since + self.speed / self.decel
        } else {
            self.since
        }
    }

    /// The tip's position at time t: since + τ, moving at speed − decel·τ.
    pub fn tip(&self, t: f64) -> DVec3 {
        let tau = t.min(self.stop_time()) - self.since;
        self.origin + (self.speed * tau - 0.5 * self.decel * tau * tau) * self.axis
    }

    fn speed_at(&self, t: f64) -> f64 {
        (self.speed - self.decel * (t - self.since)).max(0.0)
    }

    /// A further contact of the tip with the ball (the ball has slowed, the cue
    /// caught up): impulse along the line from tip to centre. Returns the closing speed,
    /// or None if they are not closing.
    pub fn hit_again(&mut self, body: BallBody, k: &mut Kinematics, t: f64) -> Option<f64> {
        let tip = self.tip(t);
        let n = (k.pos - tip).normalize();
        let cue_speed = self.speed_at(t);
        let closing = (cue_speed * self.axis - k.vel).dot(n);
        if closing <= 0.0 {
            return None;
        }
        let along = n.dot(self.axis);
        let j = (1.0 + self.restitution) * closing / (1.0 / body.mass + along * along / self.mass);
        k.vel += j * n / body.mass;
        self.since = t;
        self.origin = tip;
        self.speed = (cue_speed - j * along / self.mass).max(0.0);
        Some(closing)
    }
}

/// Strikes a ball at rest on the cloth. `gravity`, `slate` restitution and friction
/// give the bounce an elevated cue causes.
pub fn strike(
    stroke: &Stroke,
    body: BallBody,
    cue: &CueConfig,
    start: &Kinematics,
    slate: (f64, f64),
) -> StrikeOutcome {
    let r = body.radius;
    let m = body.mass;
    let inertia = 0.4 * m * r * r;
    let cue_mass = cue.mass();
    let e = cue.tip_restitution;
    let d = stroke.cue_axis();
    let q = stroke.contact_point(r);
    let offset = stroke.side.hypot(stroke.height);
    // Along the axis the ball's effective inverse mass grows with the offset.
    let k = (1.0 + 2.5 * offset * offset) / m;
    let cue_speed = stroke.speed * m * (k + 1.0 / cue_mass) / (1.0 + e);
    let miscue = offset > cue.miscue_limit();
    let (impulse, j_along) = if miscue {
        // The tip slips: only the push along the surface normal and the friction the
        // tip can hold act.
        let normal = -q / r;
        let cos = d.dot(normal).max(0.0);
        let jn = (1.0 + e) * cue_speed * cos / (1.0 / m + 1.0 / cue_mass);
        let tangent = (d - cos * normal).normalize_or_zero();
        (jn * normal + cue.tip_friction * jn * tangent, jn * cos)
    } else {
        let j = (1.0 + e) * cue_speed / (k + 1.0 / cue_mass);
        (j * squirted(d, stroke.side, m, cue.end_mass_g / 1000.0), j)
    };
    let mut ball = *start;
    ball.vel += impulse / m;
    ball.spin += q.cross(impulse) / inertia;
    // An elevated cue drives the ball into the slate, which throws it back up.
    contact::bounce(body, slate.0, slate.1, &mut ball);
    let follow_through = stroke.follow_through_mm.unwrap_or(cue.follow_through_mm) / 1000.0;
    let after = if follow_through > 0.0 {
        (cue_speed - j_along / cue_mass).max(0.0)
    } else {
        0.0
    };
    StrikeOutcome {
        miscue,
        ball,
        follow_through: FollowThrough {
            ball: stroke.ball,
            since: 0.0,
            origin: start.pos + q,
            axis: d,
            speed: after,
            decel: if after > 0.0 {
                after * after / (2.0 * follow_through)
            } else {
                0.0
            },
            mass: cue_mass,
            restitution: e,
        },
    }
}

/// Squirt: side spin pushes the ball off the cue's line, away from the side struck,
/// the more so the heavier the shaft's end (Alciatore TP A.31).
fn squirted(d: DVec3, side: f64, ball_mass: f64, end_mass: f64) -> DVec3 {
    let b = side.abs();
    let angle = (2.5 * b * (1.0 - b * b).sqrt()
        / (1.0 + ball_mass / end_mass + 2.5 * (1.0 - b * b)))
        .atan();
    DQuat::from_rotation_z(angle * side.signum()) * d
}
