//! How the cue moves along its axis: drawn back with the power while the player aims,
//! swung forward onto the ball reaching the stroke's cue speed at contact, then on
//! through the follow-through slowing to a stop, as `physics::strike` models the cue;
//! and how far it may go either way without touching the rail, the bed or a ball.

use crate::config::CueConfig;
use crate::math::{DVec2, DVec3};
use crate::physics::{clean_after_speed, cue_speed, follow_through_decel};
use crate::shot::Stroke;
use crate::table::TableGeometry;
use crate::table::aim::{clearance_elevation, drawn_back};

/// How long the cue stays where the follow-through stopped it before it is put away, s.
pub const HOLD_S: f64 = 0.35;

/// Clearance to keep between the moving tip and what it must not touch, m.
const MARGIN: f64 = 0.0005;

/// The stroke's motion from the moment it is played: the tip `ahead(t)` m along the
/// cue's axis from the contact point (negative behind it), `t` s after the start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Swing {
    /// How far back the forward swing starts, m.
    pub draw_back: f64,
    /// The cue's speed as the tip meets the ball, m/s.
    pub cue_speed: f64,
    /// Its speed just after the contact, m/s, and how fast it then slows, m/s².
    pub after_speed: f64,
    pub decel: f64,
}

impl Swing {
    /// The swing of `stroke` with a ball of `ball_mass` kg, starting `draw_back` m
    /// behind the contact point; the follow-through (the stroke's own or the cue's)
    /// ends within `room` m of it. The speeds are those of a clean strike
    /// (`physics::cue_speed`).
    pub fn new(
        cue: &CueConfig,
        ball_mass: f64,
        stroke: &Stroke,
        draw_back: f64,
        room: f64,
    ) -> Swing {
        let speed = cue_speed(stroke, ball_mass, cue);
        let follow = stroke
            .follow_through_mm
            .unwrap_or(cue.follow_through_mm)
            .min(room.max(0.0) * 1000.0)
            / 1000.0;
        let after_speed = if follow > 0.0 {
            clean_after_speed(cue, speed)
        } else {
            0.0
        };
        Swing {
            draw_back: draw_back.max(0.0),
            cue_speed: speed.at_contact,
            after_speed,
            decel: follow_through_decel(cue, after_speed, follow),
        }
    }

    /// How long the forward swing takes, s: evenly faster over the draw-back up to the
    /// cue speed.
    pub fn forward_s(&self) -> f64 {
        if self.cue_speed > 0.0 {
            2.0 * self.draw_back / self.cue_speed
        } else {
            0.0
        }
    }

    /// How long the follow-through lasts, s.
    pub fn follow_s(&self) -> f64 {
        if self.decel > 0.0 {
            self.after_speed / self.decel
        } else {
            0.0
        }
    }

    /// Where the tip is at `t`, m ahead of the contact point.
    pub fn ahead(&self, t: f64) -> f64 {
        let forward = self.forward_s();
        if t < forward {
            let accel = self.cue_speed / forward;
            -self.draw_back + 0.5 * accel * t * t
        } else {
            let tau = (t - forward).min(self.follow_s());
            self.after_speed * tau - 0.5 * self.decel * tau * tau
        }
    }

    /// Whether the cue has stopped and stood there for `HOLD_S` by `t`.
    pub fn is_over(&self, t: f64) -> bool {
        t > self.forward_s() + self.follow_s() + HOLD_S
    }
}

/// How far the tip of radius `tip_radius` (m), at `tip` (the table frame, m) may go on
/// along the unit `axis` before its face reaches the bed, a cushion's nose line or a
/// ball centred at one of `others`, m (0 when it is there already).
pub fn follow_through_room(
    table: &TableGeometry,
    tip: DVec3,
    axis: DVec3,
    tip_radius: f64,
    others: &[DVec3],
) -> f64 {
    let mut room = f64::INFINITY;
    // The bed: the face's lowest point, tilted with the cue, stays above it.
    if axis.z < 0.0 {
        let lowest = tip.z - tip_radius * axis.truncate().length() - MARGIN;
        room = room.min(lowest / -axis.z);
    }
    // The cushions: the tip stays inside the nose lines.
    let noses = DVec2::new(table.half_length(), table.half_width());
    for i in 0..2 {
        let (along, at) = (axis.truncate()[i], tip.truncate()[i]);
        if along.abs() > 1e-12 {
            let gap = noses[i] - tip_radius - MARGIN - at * along.signum();
            room = room.min(gap / along.abs());
        }
    }
    // The balls: the first touch of the tip, as a ball of its radius, on one of them.
    for &centre in others {
        let reach = table.ball_radius + tip_radius + MARGIN;
        let w = tip - centre;
        let b = w.dot(axis);
        let disc = b * b - (w.length_squared() - reach * reach);
        if disc < 0.0 {
            continue;
        }
        let s = -b - disc.sqrt();
        if s >= 0.0 {
            room = room.min(s);
        } else if -b + disc.sqrt() > 0.0 {
            // Touching it already and moving on into it.
            room = 0.0;
        }
    }
    room.max(0.0)
}

/// The longest draw-back up to `wanted` m at which the cue of `stroke`, behind the
/// ball centred at `ball`, still clears the rails and the balls at `others` at the
/// stroke's elevation: a cue drawn back reaches further behind the ball
/// (`table::aim::drawn_back`).
pub fn draw_back_room(
    table: &TableGeometry,
    cue: &CueConfig,
    ball: DVec2,
    stroke: &Stroke,
    others: &[DVec2],
    wanted: f64,
) -> f64 {
    let clears = |d: f64| {
        clearance_elevation(table, &drawn_back(cue, d), ball, stroke, others)
            <= stroke.elevation_deg + 1e-9
    };
    if clears(wanted) {
        return wanted;
    }
    if !clears(0.0) {
        return 0.0;
    }
    let (mut lo, mut hi) = (0.0, wanted);
    while hi - lo > 0.002 {
        let mid = 0.5 * (lo + hi);
        if clears(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::shot::BallId;
    use crate::table::aim::draw_back;

    fn table() -> TableGeometry {
        let c = Config::defaults();
        TableGeometry::new(&c.tables, None, &c.balls).unwrap()
    }

    #[test]
    fn the_swing_meets_the_ball_at_the_cue_speed_and_stops_within_the_follow_through() {
        let config = Config::defaults();
        let cue = &config.cue;
        for speed in [0.5, 3.0, 8.0] {
            let stroke = Stroke::new(BallId::White, 0.0, speed);
            let swing = Swing::new(cue, config.balls.mass(), &stroke, draw_back(speed), 1.0);
            let contact = swing.forward_s();
            assert!((swing.ahead(0.0) + draw_back(speed)).abs() < 1e-12);
            assert!(swing.ahead(contact).abs() < 1e-9);
            let dt = 1e-6;
            let at_contact = (swing.ahead(contact) - swing.ahead(contact - dt)) / dt;
            assert!((at_contact - swing.cue_speed).abs() < 1e-3 * swing.cue_speed);
            // The cue is slower than the ball it launches, faster after the contact than
            // nothing, and never faster than at the contact.
            assert!(swing.cue_speed < speed && swing.after_speed > 0.0);
            assert!(swing.after_speed < swing.cue_speed);
            let end = contact + swing.follow_s();
            let went = swing.ahead(end);
            assert!(
                went > 0.0 && went <= cue.follow_through_mm / 1000.0 + 1e-9,
                "{went}"
            );
            assert_eq!(swing.ahead(end + 0.2), went);
            assert!(swing.follow_s() <= cue.follow_through_ms / 1000.0 + 1e-9);
            assert!(!swing.is_over(end + HOLD_S * 0.5) && swing.is_over(end + HOLD_S + 0.01));
        }
        // A short stroke's own follow-through, and less where there is less room.
        let short = Stroke {
            follow_through_mm: Some(20.0),
            ..Stroke::new(BallId::White, 0.0, 6.0)
        };
        let swing = Swing::new(cue, config.balls.mass(), &short, 0.1, 1.0);
        assert!((swing.ahead(10.0) - 0.020).abs() < 1e-9);
        let cramped = Swing::new(
            cue,
            config.balls.mass(),
            &Stroke::new(BallId::White, 0.0, 6.0),
            0.1,
            0.05,
        );
        assert!((cramped.ahead(10.0) - 0.05).abs() < 1e-9);
    }

    #[test]
    fn the_follow_through_stops_above_the_bed_short_of_a_ball_and_the_cushion() {
        let t = table();
        let cue = Config::defaults().cue;
        let r = t.ball_radius;
        let tip_r = cue.tip_radius_mm / 1000.0;
        let ball = DVec3::new(0.0, 0.0, r);
        // Steep: the tip goes down into where the ball was and stops above the cloth.
        let steep = Stroke {
            elevation_deg: 60.0,
            height: 0.3,
            ..Stroke::new(BallId::White, 0.0, 2.0)
        };
        let axis = steep.cue_axis();
        let tip = ball + steep.contact_point(r);
        let room = follow_through_room(&t, tip, axis, tip_r, &[]);
        let stop = tip + axis * room;
        let lowest = stop.z - tip_r * axis.truncate().length();
        assert!(lowest > 0.0 && lowest < 0.001, "{lowest}");
        // Level, with a ball 5 cm beyond the cue ball on the line: the tip stops
        // short of it, a little less than 5 cm on from where the cue ball's front was.
        let level = Stroke::new(BallId::White, 0.0, 2.0);
        let tip = ball + level.contact_point(r);
        let object = ball + DVec3::new(2.0 * r + 0.05, 0.0, 0.0);
        let room = follow_through_room(&t, tip, DVec3::X, tip_r, &[object]);
        let want = 2.0 * r + 0.05 - tip_r;
        assert!(room < want && room > want - 0.001, "{room} against {want}");
        // A ball aside the line is passed.
        let aside = object + DVec3::new(0.0, 2.0 * r, 0.0);
        assert!(follow_through_room(&t, tip, DVec3::X, tip_r, &[aside]) > 0.2);
        // Frozen to the foot cushion and struck into it: the tip stops at the nose.
        let frozen = DVec3::new(t.centre_limits().x, 0.0, r);
        let tip = frozen + level.contact_point(r);
        let room = follow_through_room(&t, tip, DVec3::X, tip_r, &[]);
        assert!(
            tip.x + room + tip_r <= t.half_length() && room > 1.5 * r,
            "{room}"
        );
    }

    #[test]
    fn the_draw_back_is_cut_where_the_butt_would_reach_the_rail() {
        let t = table();
        let cue = Config::defaults().cue;
        let level = Stroke::new(BallId::White, 0.0, 9.0);
        let wanted = draw_back(9.0);
        // On open cloth the whole backswing fits.
        let open = DVec2::new(0.3, 0.0);
        assert_eq!(clearance_elevation(&t, &cue, open, &level, &[]), 0.0);
        assert_eq!(draw_back_room(&t, &cue, open, &level, &[], wanted), wanted);
        // A level cue whose butt, at rest, is 5 cm inside the head cushion's nose is drawn
        // back less.
        let length = cue.length_mm / 1000.0;
        let r = t.ball_radius;
        let near = DVec2::new(-t.half_length() + length + r + 0.05, 0.0);
        assert_eq!(clearance_elevation(&t, &cue, near, &level, &[]), 0.0);
        let got = draw_back_room(&t, &cue, near, &level, &[], wanted);
        assert!(got < wanted && got > 0.0, "{got}");
        assert_eq!(
            clearance_elevation(&t, &drawn_back(&cue, got), near, &level, &[]),
            0.0
        );
    }
}
