//! Contact impulses computed by hand where rapier's solver would be a guess: ball–ball
//! with restitution and speed-dependent friction (throw), ball–cushion at the nose
//! above the ball's centre (Han 2005's setting, in vector form), and a ball bouncing
//! on the slate. Each is an instantaneous impulse with Coulomb friction that may stick.

use super::cloth::Kinematics;
use crate::config::{BallBallConfig, CushionConfig};
use crate::math::DVec3;

/// Mass and size of a ball, SI.
#[derive(Clone, Copy, Debug)]
pub struct BallBody {
    pub radius: f64,
    pub mass: f64,
}

impl BallBody {
    fn inertia(&self) -> f64 {
        0.4 * self.mass * self.radius * self.radius
    }

    /// Applies impulse `p` at offset `r` from the centre.
    fn apply(&self, k: &mut Kinematics, r: DVec3, p: DVec3) {
        k.vel += p / self.mass;
        k.spin += r.cross(p) / self.inertia();
    }
}

/// Result of one impulse: the normal closing speed, for events.
pub struct Impact {
    pub closing_speed: f64,
}

/// Ball `a` meets ball `b` (touching). Returns None if they are not closing.
///
/// Normal impulse (1+e)/2·m·uₙ; the tangential one stops the slip at the contact point
/// (effective inverse mass 7/m for two spheres) unless that needs more than μ(v)·Jₙ,
/// with μ(v) of the sliding speed at the contact (TP A.14).
pub fn ball_ball(
    body: BallBody,
    cfg: &BallBallConfig,
    a: &mut Kinematics,
    b: &mut Kinematics,
) -> Option<Impact> {
    let n = (b.pos - a.pos).normalize();
    let r = body.radius;
    let contact_a = a.vel + a.spin.cross(r * n);
    let contact_b = b.vel + b.spin.cross(-r * n);
    let u = contact_a - contact_b;
    let closing = u.dot(n);
    if closing <= 0.0 {
        return None;
    }
    let m = body.mass;
    let jn = 0.5 * (1.0 + cfg.restitution) * m * closing;
    let slip = u - closing * n;
    let slip_speed = slip.length();
    let jt = if slip_speed > 0.0 {
        let stick = slip_speed * m / 7.0;
        stick.min(cfg.friction(slip_speed) * jn) * slip / slip_speed
    } else {
        DVec3::ZERO
    };
    let p = -jn * n - jt; // on a
    body.apply(a, r * n, p);
    body.apply(b, -r * n, -p);
    Some(Impact {
        closing_speed: closing,
    })
}

/// A ball on the cloth meets a cushion's nose. `inward` is the cushion's horizontal
/// normal into the table; `contact_angle` the nose's elevation above the ball's
/// equator. The nose pushes along the line from it to the ball's centre, i.e. inward
/// and down; the bed takes the downward part, so the ball stays on the cloth.
/// Returns None if the ball is not moving into the cushion.
pub fn ball_cushion(
    body: BallBody,
    cfg: &CushionConfig,
    contact_angle: f64,
    inward: DVec3,
    k: &mut Kinematics,
) -> Option<Impact> {
    let (sin, cos) = contact_angle.sin_cos();
    let n = cos * inward - sin * DVec3::Z; // from the nose toward the centre
    let r = -body.radius * n;
    let u = k.vel + k.spin.cross(r);
    let approach = -u.dot(n);
    if approach <= 0.0 {
        return None;
    }
    let normal_speed = -k.vel.dot(inward);
    let e = cfg.restitution(normal_speed);
    let m = body.mass;
    let pn = (1.0 + e) * m * approach;
    let slip = u + approach * n;
    let slip_speed = slip.length();
    let pt = if slip_speed > 0.0 {
        let stick = slip_speed * 2.0 * m / 7.0;
        -stick.min(cfg.friction * pn) * slip / slip_speed
    } else {
        DVec3::ZERO
    };
    body.apply(k, r, pn * n + pt);
    // The slate holds the ball: any downward velocity is absorbed.
    k.vel.z = k.vel.z.max(0.0);
    Some(Impact {
        closing_speed: normal_speed,
    })
}

/// A ball moving down into the slate (or a rail top) bounces: restitution on the
/// vertical speed, friction at the bottom of the ball.
pub fn bounce(body: BallBody, restitution: f64, friction: f64, k: &mut Kinematics) {
    if k.vel.z >= 0.0 {
        return;
    }
    let r = -body.radius * DVec3::Z;
    let u = k.vel + k.spin.cross(r);
    let m = body.mass;
    let pn = -(1.0 + restitution) * m * u.z;
    let slip = DVec3::new(u.x, u.y, 0.0);
    let slip_speed = slip.length();
    let pt = if slip_speed > 0.0 {
        let stick = slip_speed * 2.0 * m / 7.0;
        -stick.min(friction * pn) * slip / slip_speed
    } else {
        DVec3::ZERO
    };
    body.apply(k, r, pn * DVec3::Z + pt);
}
