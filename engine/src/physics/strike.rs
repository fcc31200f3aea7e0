//! The cue strike: from the player's stroke (aim, launch speed, tip offset, elevation)
//! to the ball's launch velocity and spin, with squirt, miscue and the bounce off the
//! slate that an elevated cue causes (massé and jump); and the cue's follow-through,
//! which can touch the ball again (rule 13).

use super::cloth::Kinematics;
use super::contact::{self, BallBody};
use crate::config::CueConfig;
use crate::math::{DQuat, DVec3};
use crate::shot::{BallId, Stroke};

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
    /// While the tip is on the ball, pushing it on after it met another ball: when it
    /// leaves (rules 13, 14).
    pub held_until: Option<f64>,
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

/// The cue's speed as its tip meets the ball, for `stroke`'s launch speed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CueSpeed {
    /// m/s.
    pub at_contact: f64,
    /// The ball's inverse mass along the cue, grown by the tip's offset, 1/kg.
    pub inverse_mass: f64,
}

/// The cue speed a clean strike of `stroke` on a ball of `ball_mass` kg needs.
pub fn cue_speed(stroke: &Stroke, ball_mass: f64, cue: &CueConfig) -> CueSpeed {
    let offset = stroke.side.hypot(stroke.height);
    // Along the axis the ball's effective inverse mass grows with the offset.
    let k = (1.0 + 2.5 * offset * offset) / ball_mass;
    CueSpeed {
        at_contact: stroke.speed * ball_mass * (k + 1.0 / cue.mass()) / (1.0 + cue.tip_restitution),
        inverse_mass: k,
    }
}

/// The cue's speed just after a clean strike at `speed` (its `cue_speed`), m/s.
pub fn clean_after_speed(cue: &CueConfig, speed: CueSpeed) -> f64 {
    let e = cue.tip_restitution;
    (speed.at_contact * (1.0 - (1.0 + e) / (1.0 + cue.mass() * speed.inverse_mass))).max(0.0)
}

/// How fast the cue slows after the strike from `after` m/s, m/s²: it stops within the
/// follow-through's `distance` (m) and its configured time.
pub fn follow_through_decel(cue: &CueConfig, after: f64, distance: f64) -> f64 {
    if after > 0.0 {
        (after * after / (2.0 * distance)).max(after / (cue.follow_through_ms / 1000.0))
    } else {
        0.0
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
    let CueSpeed {
        at_contact: cue_speed,
        inverse_mass: k,
    } = cue_speed(stroke, m, cue);
    let miscue = offset > cue.miscue_limit();
    // The ball after an impulse at the tip, and the slate's answer when an elevated cue
    // drives it down.
    let launch = |impulse: DVec3| {
        let mut ball = *start;
        ball.vel += impulse / m;
        ball.spin += q.cross(impulse) / inertia;
        contact::bounce(body, slate.0, slate.1, &mut ball);
        ball
    };
    let j_clean = (1.0 + e) * cue_speed / (k + 1.0 / cue_mass);
    let clean = j_clean * squirted(d, stroke.side, m, cue.end_mass_g / 1000.0);
    let (ball, j_along) = if miscue {
        // The tip slips: only the push along the surface normal and the friction the
        // tip can hold act.
        let normal = -q / r;
        let cos = d.dot(normal).max(0.0);
        let jn = (1.0 + e) * cue_speed * cos / (1.0 / m + 1.0 / cue_mass);
        let tangent = (d - cos * normal).normalize_or_zero();
        let slipping = jn * normal + cue.tip_friction * jn * tangent;
        // A miscue loses energy: it never gives the ball more energy than the same
        // stroke struck clean, nor, slate and all, more speed.
        let energy = |p: DVec3| p.length_squared() / m + q.cross(p).length_squared() / inertia;
        let scale = (energy(clean) / energy(slipping))
            .sqrt()
            .min(clean.length() / slipping.length())
            .min(1.0);
        let mut ball = launch(scale * slipping);
        let (speed, clean_speed) = (ball.vel.length(), launch(clean).vel.length());
        if speed > clean_speed {
            let slower = clean_speed / speed;
            ball.vel = start.vel + (ball.vel - start.vel) * slower;
            ball.spin = start.spin + (ball.spin - start.spin) * slower;
        }
        (ball, scale * jn * cos)
    } else {
        (launch(clean), j_clean)
    };
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
            decel: follow_through_decel(cue, after, follow_through),
            mass: cue_mass,
            restitution: e,
            held_until: None,
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
