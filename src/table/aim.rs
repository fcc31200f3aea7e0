//! The straight path of a ball to the first thing it would touch: what the aim line
//! shows (no spin, no friction: where the aim points, not where the ball will go); and
//! the least elevation at which the cue clears the rail behind the ball.

use super::TableGeometry;
use crate::config::CueConfig;
use crate::math::DVec2;
use crate::shot::{BallId, Cushion, MAX_ELEVATION_DEG};

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

/// The least cue elevation, degrees, at which a cue aimed `direction_deg` at a ball
/// centred at `ball` passes over the cushion and rail behind it (with half a degree to
/// spare): a level cue would go through them.
pub fn clearance_elevation(
    table: &TableGeometry,
    cue: &CueConfig,
    ball: DVec2,
    direction_deg: f64,
) -> f64 {
    let back = -DVec2::from_angle(direction_deg.to_radians());
    let r = table.ball_radius;
    // Horizontal distance from the ball's centre back to the first cushion nose.
    let to_nose = Cushion::ALL
        .iter()
        .filter_map(|&c| {
            let n = c.inward_normal();
            let toward = -back.dot(n);
            (toward > 0.0).then(|| (table.nose_distance(c) + ball.dot(n)) / toward)
        })
        .fold(f64::INFINITY, f64::min);
    let rise = table.rail_height + cue.butt_radius_mm / 1000.0 - r;
    let run = (to_nose - r).max(1e-3);
    ((rise / run).atan().to_degrees() + 0.5).clamp(0.0, MAX_ELEVATION_DEG - 4.0)
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

    #[test]
    fn with_nothing_in_the_way_the_cushion_is_met() {
        let t = table();
        let hit = first_contact(&t, DVec2::ZERO, DVec2::new(0.0, -1.0), &[]);
        assert_eq!(hit.target, Target::Cushion(Cushion::Right));
        assert!((hit.centre.y + t.centre_limits().y).abs() < 1e-12);
    }
}
