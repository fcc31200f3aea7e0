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

/// A ball on the cloth meets a cushion's nose, by Mathavan, Jackson and Parkin's model
/// (Proc. IMechE C 224, 2010): the impact is followed through its normal impulse, with
/// slip (and friction `cfg.friction`) at the nose and at the cloth (the cloth's sliding
/// friction `mu_table`), each friction acting against its slip as the slip turns; the
/// compression ends when the ball stops moving into the cushion, the restitution phase
/// when its work reaches e² of the compression's (e: `cfg.restitution` of the normal
/// speed). The ball stays on the cloth. Returns None if it is not moving into the
/// cushion.
pub fn ball_cushion_mathavan(
    body: BallBody,
    cfg: &CushionConfig,
    mu_table: f64,
    contact_angle: f64,
    inward: DVec3,
    k: &mut Kinematics,
) -> Option<Impact> {
    // The cushion's frame: y into the cushion, z up, x along it.
    let y = -inward;
    let x = y.cross(DVec3::Z);
    let to_frame = |v: DVec3| DVec3::new(v.dot(x), v.dot(y), v.z);
    let (mut v, mut w) = (to_frame(k.vel), to_frame(k.spin));
    let approach = v.y;
    if approach <= 0.0 {
        return None;
    }
    let e = cfg.restitution(approach);
    let (sin, cos) = contact_angle.sin_cos();
    let (m, r, mu_w) = (body.mass, body.radius, cfg.friction);
    let dp = m * approach / MATHAVAN_STEPS as f64;
    let step = |v: &mut DVec3, w: &mut DVec3| {
        let slip_nose = (v.x + w.y * r * sin - w.z * r * cos, -v.y * sin + w.x * r);
        let slip_cloth = (v.x - w.y * r, v.y + w.x * r);
        let phi = slip_nose.1.atan2(slip_nose.0);
        let phi_c = slip_cloth.1.atan2(slip_cloth.0);
        let (sin_phi, cos_phi) = phi.sin_cos();
        let (sin_c, cos_c) = phi_c.sin_cos();
        // The cloth's normal reaction per unit of the nose's normal impulse.
        let table = sin + mu_w * sin_phi * cos;
        let spin = 5.0 / (2.0 * m * r);
        v.x -= dp / m * (mu_w * cos_phi + mu_table * cos_c * table);
        v.y -= dp / m * (cos - mu_w * sin * sin_phi + mu_table * sin_c * table);
        w.x -= dp * spin * (mu_w * sin_phi + mu_table * sin_c * table);
        w.y -= dp * spin * (mu_w * cos_phi * sin - mu_table * cos_c * table);
        w.z += dp * spin * mu_w * cos_phi * cos;
    };
    // Compression, then restitution, each step's work by the trapezoid rule.
    let mut work_in = 0.0;
    let mut steps = 0;
    while v.y > 0.0 && steps < 10 * MATHAVAN_STEPS {
        let before = v.y;
        step(&mut v, &mut w);
        work_in += 0.5 * dp * cos * (before + v.y.max(0.0));
        steps += 1;
    }
    let target = e * e * work_in;
    let mut work_out = 0.0;
    while work_out < target && steps < 20 * MATHAVAN_STEPS {
        let before = v.y.min(0.0).abs();
        step(&mut v, &mut w);
        work_out += 0.5 * dp * cos * (before + v.y.min(0.0).abs());
        steps += 1;
    }
    let from_frame = |f: DVec3| f.x * x + f.y * y + f.z * DVec3::Z;
    k.vel = from_frame(DVec3::new(v.x, v.y, 0.0));
    k.spin = from_frame(w);
    Some(Impact {
        closing_speed: approach,
    })
}

/// Steps of Mathavan's impact over the compression's normal impulse.
const MATHAVAN_STEPS: usize = 200;

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
