//! The straight path of a ball to the first thing it would touch: what the aim line
//! shows (no spin, no friction: where the aim points, not where the ball will go); and
//! the least elevation at which the cue clears the cushion, the rail and the balls
//! behind the ball.

use super::TableGeometry;
use crate::config::CueConfig;
use crate::math::{DVec2, DVec3};
use crate::shot::{BallId, Cushion, MAX_ELEVATION_DEG, Stroke};

/// What the aim line meets first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    Ball(BallId),
    Cushion(Cushion),
}

/// The first contact along the aim: the moving ball's centre there, and what it meets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FirstContact {
    pub centre: DVec2,
    pub target: Target,
}

/// From a ball centred at `from` moving along `direction` (any length), with the other
/// balls at `others`.
pub fn first_contact(
    table: &TableGeometry,
    from: DVec2,
    direction: DVec2,
    others: &[(BallId, DVec2)],
) -> FirstContact {
    let d = direction.normalize();
    let limits = table.centre_limits();
    // The cushions: the centre reaches its limit on x or y.
    let mut best = Cushion::ALL
        .iter()
        .filter_map(|&c| {
            let n = c.inward_normal();
            let speed = -d.dot(n);
            (speed > 0.0).then(|| {
                let limit = if n.x != 0.0 { limits.x } else { limits.y };
                let gap = limit + from.dot(n);
                ((gap / speed).max(0.0), Target::Cushion(c))
            })
        })
        .fold((f64::INFINITY, Target::Cushion(Cushion::Foot)), |a, b| {
            if b.0 < a.0 { b } else { a }
        });
    let reach = 2.0 * table.ball_radius;
    for &(ball, centre) in others {
        let to = centre - from;
        let along = to.dot(d);
        let miss2 = to.length_squared() - along * along;
        if along <= 0.0 || miss2 >= reach * reach {
            continue;
        }
        let s = along - (reach * reach - miss2).sqrt();
        if s < best.0 {
            best = (s.max(0.0), Target::Ball(ball));
        }
    }
    FirstContact {
        centre: from + best.0 * d,
        target: best.1,
    }
}

/// The steepest elevation the clearance asks for, degrees (a cue stood on end cannot
/// be played; the aim allows no steeper).
pub const MAX_CLEARANCE_DEG: f64 = MAX_ELEVATION_DEG - 4.0;

/// How far back of the contact point the tip waits while the player aims at `speed`
/// (the ball's launch speed, m/s), m: the harder the stroke, the longer the backswing.
pub fn draw_back(speed: f64) -> f64 {
    0.01 + 0.02 * speed
}

/// The cue as far as it reaches behind the ball when drawn back `d` m: a cue that much
/// longer (thinner along the way than the real one by a hair, which its next tenth of
/// a degree covers).
pub fn drawn_back(cue: &CueConfig, d: f64) -> CueConfig {
    CueConfig {
        length_mm: cue.length_mm + d * 1000.0,
        ..cue.clone()
    }
}

/// The least elevation at which the cue of `stroke` clears everything behind the ball
/// through its whole backswing (`draw_back` at the stroke's speed), as
/// `clearance_elevation`: the elevation a stroke is played at when nothing else asks.
pub fn stroke_clearance(
    table: &TableGeometry,
    cue: &CueConfig,
    ball: DVec2,
    stroke: &Stroke,
    others: &[DVec2],
) -> f64 {
    let reach = drawn_back(cue, draw_back(stroke.speed));
    clearance_elevation(table, &reach, ball, stroke, others)
}

/// The least cue elevation, degrees (to the next tenth), at which the cue of `aim` — its
/// direction and tip offset; its own elevation is not read — clears everything behind
/// the cue ball centred at `ball`: the cushion's nose and top and the rail (the
/// table's one cushion profile) and the balls at `others`. The cue tapers from its
/// tip to its butt along its length, as at the strike (`physics`), and its axis runs
/// through the tip's contact point: a tip struck higher on the ball lets the cue lie
/// flatter.
pub fn clearance_elevation(
    table: &TableGeometry,
    cue: &CueConfig,
    ball: DVec2,
    aim: &Stroke,
    others: &[DVec2],
) -> f64 {
    let clears = |deg: f64| {
        let stroke = Stroke {
            elevation_deg: deg,
            ..*aim
        };
        cue_clears(table, cue, ball, &stroke, others)
    };
    if clears(0.0) {
        return 0.0;
    }
    // Half-degree steps up to the first that clears, then halved down to a hundredth;
    // shown and played to the next tenth.
    let mut hi = 0.5;
    while !clears(hi) {
        hi += 0.5;
        if hi >= MAX_CLEARANCE_DEG {
            return MAX_CLEARANCE_DEG;
        }
    }
    let mut lo = hi - 0.5;
    while hi - lo > 0.01 {
        let mid = 0.5 * (lo + hi);
        if clears(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    ((hi * 10.0).ceil() / 10.0).min(MAX_CLEARANCE_DEG)
}

/// Whether the cue of `stroke` at the ball centred at `ball` passes clear of every
/// cushion, the rails and the balls at `others`.
fn cue_clears(
    table: &TableGeometry,
    cue: &CueConfig,
    ball: DVec2,
    stroke: &Stroke,
    others: &[DVec2],
) -> bool {
    let r = table.ball_radius;
    let back = -stroke.cue_axis();
    let tip = ball.extend(r) + stroke.contact_point(r);
    let length = cue.length_mm / 1000.0;
    let (tip_r, butt_r) = (cue.tip_radius_mm / 1000.0, cue.butt_radius_mm / 1000.0);
    // The shaft's radius `s` m back from the tip.
    let shaft = |s: f64| tip_r + (butt_r - tip_r) * s / length;
    let balls_clear = others.iter().all(|&other| {
        let centre = other.extend(r);
        let s = (centre - tip).dot(back);
        s <= 0.0 || {
            let s = s.min(length);
            (tip + back * s).distance(centre) >= r + shaft(s)
        }
    });
    if !balls_clear {
        return false;
    }
    let outer = table.outer_half_extents();
    Cushion::ALL.iter().all(|&cushion| {
        let inward = cushion.inward_normal();
        // How fast the cue runs outward over this cushion, per metre along the cue.
        let outward = -back.truncate().dot(inward);
        if outward <= 1e-9 {
            return true;
        }
        let along = DVec3::new(-inward.y, inward.x, 0.0);
        let reach = along.truncate().abs().dot(outer);
        // The shaft clears a horizontal edge along the cushion when the two lines are a
        // shaft's radius apart: `rise` of height between them needs `per_radius` of it
        // per metre of radius.
        let normal = back.cross(along);
        let per_radius = normal.length() / normal.z.abs().max(1e-12);
        table.edge_outline().iter().all(|edge| {
            let s = (table.nose_distance(cushion) + edge.x + tip.truncate().dot(inward)) / outward;
            if !(0.0..=length).contains(&s) {
                return true;
            }
            let over = tip + back * s;
            over.truncate().dot(along.truncate()).abs() > reach
                || over.z - edge.y >= shaft(s) * per_radius
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn table() -> TableGeometry {
        let c = Config::defaults();
        TableGeometry::new(&c.tables, None, &c.balls).unwrap()
    }

    #[test]
    fn straight_at_a_ball_stops_a_diameter_short() {
        let t = table();
        let hit = first_contact(
            &t,
            DVec2::ZERO,
            DVec2::X,
            &[(BallId::Red, DVec2::new(0.5, 0.0))],
        );
        assert_eq!(hit.target, Target::Ball(BallId::Red));
        assert!((hit.centre.x - (0.5 - 2.0 * t.ball_radius)).abs() < 1e-12);
    }

    /// The cue ball `gap` m off the head cushion, played straight away from it with the
    /// tip `height` R above centre: the least elevation over the rail.
    fn off_the_head_cushion(gap: f64, height: f64) -> f64 {
        let t = table();
        let cue = Config::defaults().cue;
        let ball = DVec2::new(-t.centre_limits().x + gap, 0.2);
        let aim = Stroke {
            height,
            ..Stroke::new(BallId::White, 0.0, 2.0)
        };
        clearance_elevation(&t, &cue, ball, &aim, &[])
    }

    #[test]
    fn the_cue_clears_the_rail_as_a_hand_calculation_does() {
        // Frozen, 1, 3 and 10 cm off the cushion; tip at centre and 0.5 R high; worked
        // by hand with the physics' cushion profile and a 6 mm tip (issue 19).
        let by_hand = [(0.0, [26.0, 21.0, 15.0, 8.0]), (0.5, [3.0, 2.4, 1.8, 1.1])];
        for (height, expected) in by_hand {
            for (gap, want) in [0.0, 0.01, 0.03, 0.10].into_iter().zip(expected) {
                let got = off_the_head_cushion(gap, height);
                println!(
                    "tip {height:+.1} R, {:>3.0} mm off: {got:.1}° (by hand {want}°)",
                    gap * 1000.0
                );
                assert!(
                    (got - want).abs() <= 1.0,
                    "{gap} m, tip {height}: {got}° against {want}°"
                );
                assert!(got <= 30.0, "{got}");
            }
        }
        // With more than a cue's length of cloth behind the ball, a level cue passes
        // over everything; from the centre spot its butt would reach the head rail.
        let t = table();
        let level = Stroke::new(BallId::White, 0.0, 2.0);
        let cue = Config::defaults().cue;
        let clear = DVec2::new(0.3, 0.0);
        assert_eq!(clearance_elevation(&t, &cue, clear, &level, &[]), 0.0);
        let centre = clearance_elevation(&t, &cue, DVec2::ZERO, &level, &[]);
        assert!(centre > 0.0 && centre < 2.0, "{centre}");
    }

    #[test]
    fn the_cue_rises_over_a_ball_behind_the_cue_ball_and_not_over_one_ahead() {
        let t = table();
        let cue = Config::defaults().cue;
        let r = t.ball_radius;
        let aim = Stroke::new(BallId::White, 0.0, 2.0);
        let ball = DVec2::new(0.3, 0.0);
        let behind = ball - DVec2::new(2.0 * r + 0.02, 0.0);
        let over = clearance_elevation(&t, &cue, ball, &aim, &[behind]);
        assert!(over > 20.0 && over < 60.0, "{over}");
        let ahead = ball + DVec2::new(2.0 * r + 0.02, 0.0);
        assert_eq!(clearance_elevation(&t, &cue, ball, &aim, &[ahead]), 0.0);
        // Aside the cue's line, the shaft passes it level.
        let aside = ball + DVec2::new(-0.2, 3.0 * r);
        assert_eq!(clearance_elevation(&t, &cue, ball, &aim, &[aside]), 0.0);
    }

    #[test]
    fn across_a_corner_the_cue_clears_both_cushions() {
        let t = table();
        let cue = Config::defaults().cue;
        let limits = t.centre_limits();
        let corner = DVec2::new(-limits.x + 0.02, -limits.y + 0.02);
        // Away from the corner along the diagonal: over the head and the right cushion.
        let aim = Stroke::new(BallId::White, 45.0, 2.0);
        let diagonal = clearance_elevation(&t, &cue, corner, &aim, &[]);
        let straight = off_the_head_cushion(0.02, 0.0);
        assert!(diagonal > 0.0 && diagonal <= 30.0, "{diagonal}");
        // The cue crosses the nose further from the ball than straight out.
        assert!(diagonal < straight, "{diagonal} against {straight}");
    }

    #[test]
    fn with_nothing_in_the_way_the_cushion_is_met() {
        let t = table();
        let hit = first_contact(&t, DVec2::ZERO, DVec2::new(0.0, -1.0), &[]);
        assert_eq!(hit.target, Target::Cushion(Cushion::Right));
        assert!((hit.centre.y + t.centre_limits().y).abs() < 1e-12);
    }
}
