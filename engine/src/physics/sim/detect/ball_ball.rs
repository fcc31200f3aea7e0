//! Ball on ball: two balls' distance closes to a diameter, on the cloth or in flight
//! (a flying ball on its parabola, or on rapier's chord of it).

use super::{ByBall, Earliest, OnCloth, moves};
use crate::math::DVec3;
use crate::physics::poly::{Poly, closing};
use crate::physics::sim::{Ball, Next, Phase, TableSim};

impl TableSim {
    /// The first two balls to touch within `span` s.
    pub(super) fn next_between_balls(
        &self,
        cloth: &ByBall<OnCloth>,
        span: f64,
        earliest: &mut Earliest,
    ) {
        let movers = self.movers(cloth);
        let diameter = 2.0 * self.table.ball_radius;
        for (x, mover) in movers.iter().enumerate() {
            let &Some((i, pi, vi, ai, mi)) = mover else {
                continue;
            };
            for &(j, pj, vj, aj, mj) in movers[x + 1..].iter().flatten() {
                if !mi && !mj {
                    continue;
                }
                let (dp, dv, da) = (pj - pi, vj - vi, aj - ai);
                if stay_apart(dp, dv, da, diameter, earliest.window(span)) {
                    continue;
                }
                let poly = gap_poly(dp, dv, da, diameter);
                earliest.consider_closing(closing(&poly, 0.0, span), Next::Balls(i, j));
            }
        }
    }

    /// Every ball in play as it moves from now.
    fn movers(&self, cloth: &ByBall<OnCloth>) -> ByBall<Mover> {
        let g = self.physics.gravity_m_s2;
        let mut movers = [None; 4];
        for (i, b) in self.balls.iter().enumerate() {
            movers[i] = match (b, cloth[i]) {
                (_, Some(on)) => Some((
                    i,
                    on.k.pos,
                    on.k.vel,
                    on.acceleration.extend(0.0),
                    moves(on.motion),
                )),
                (
                    Some(Ball {
                        k,
                        phase: Phase::Flying,
                    }),
                    _,
                ) => {
                    let flight = self.flights[i].expect("a flying ball has its flight");
                    let (vel, acc) = flight.motion(g);
                    // On the parabola, its velocity now; on rapier's chord, the chord's.
                    let vel = if flight.to.is_some() {
                        vel
                    } else {
                        flight.at(self.clock, g).vel
                    };
                    Some((i, k.pos, vel, acc, true))
                }
                _ => None,
            };
        }
        movers
    }
}

/// Whether two bodies whose offset moves as dp + dv·t + ½·da·t² stay more than `d` apart
/// over [0, span], so that no contact is possible, each way by a micrometre more, far
/// above rounding (so the root search would find no closing either). First their closest
/// approach on a straight course, less what the acceleration can bend in the span; then
/// the gap's lowest Bernstein coefficient on the span (the gap lies within their convex
/// hull); then pieces of the span, each judged by how far the offset can move in it from
/// where it starts, halved down to a 64th. Most pairs that never meet are told so here,
/// without the search's work.
fn stay_apart(dp: DVec3, dv: DVec3, da: DVec3, d: f64, span: f64) -> bool {
    const MARGIN: f64 = 1e-6;
    const HALVINGS: u32 = 6;
    // The piece [start, start + length] lies more than `d + MARGIN` apart.
    let clear = |start: f64, length: f64| {
        let offset = dp + dv * start + 0.5 * da * start * start;
        let velocity = dv + da * start;
        let reach = velocity.length() * length + 0.5 * da.length() * length * length;
        offset.length() - d - MARGIN > reach
    };
    // The piece, or, halved at most `halvings` more times, both of its halves.
    fn judge(clear: &impl Fn(f64, f64) -> bool, start: f64, length: f64, halvings: u32) -> bool {
        let half = 0.5 * length;
        clear(start, length)
            || halvings > 0
                && judge(clear, start, half, halvings - 1)
                && judge(clear, start + half, half, halvings - 1)
    }
    let straight_closest = || {
        let t = (-dp.dot(dv) / dv.length_squared()).clamp(0.0, span);
        let closest = if t.is_finite() { dp + dv * t } else { dp };
        closest.length() - d - MARGIN > 0.5 * da.length() * span * span
    };
    let bernstein_clear = || {
        let [c0, c1, c2, c3, c4] = gap_poly(dp, dv, da, d);
        let (s, s2) = (span, span * span);
        let a = [c0, c1 * s, c2 * s2, c3 * s2 * s, c4 * s2 * s2];
        let lowest = [
            a[0],
            a[0] + a[1] / 4.0,
            a[0] + a[1] / 2.0 + a[2] / 6.0,
            a[0] + 0.75 * a[1] + a[2] / 2.0 + a[3] / 4.0,
            a[0] + a[1] + a[2] + a[3] + a[4],
        ]
        .into_iter()
        .fold(f64::INFINITY, f64::min);
        // (d + MARGIN)² − d²: the gap's own measure of a micrometre clear.
        lowest > (2.0 * d + MARGIN) * MARGIN
    };
    let half = 0.5 * span;
    straight_closest()
        || bernstein_clear()
        || judge(&clear, 0.0, half, HALVINGS - 1) && judge(&clear, half, half, HALVINGS - 1)
}

/// A ball in play as it moves from now: index, position, velocity and acceleration, and
/// whether it moves at all.
type Mover = (usize, DVec3, DVec3, DVec3, bool);

/// |dp + dv·t + ½·da·t²|² − d²: positive while two bodies are more than d apart.
pub(super) fn gap_poly(dp: DVec3, dv: DVec3, da: DVec3, d: f64) -> Poly {
    [
        dp.dot(dp) - d * d,
        2.0 * dp.dot(dv),
        dv.dot(dv) + dp.dot(da),
        dv.dot(da),
        0.25 * da.dot(da),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::poly::first_closing;
    use crate::random::Rng;

    #[test]
    fn bodies_said_to_stay_apart_never_meet() {
        let mut rng = Rng(26);
        let d = 0.0615;
        let mut apart = 0;
        let vector = |rng: &mut Rng, size: f64| {
            DVec3::new(rng.range(-size, size), rng.range(-size, size), 0.0)
        };
        for _ in 0..20_000 {
            let (dp, dv, da) = (
                vector(&mut rng, 1.5),
                vector(&mut rng, 6.0),
                vector(&mut rng, 3.0),
            );
            let span = rng.range(0.0, 5.0);
            if dp.length() > d && stay_apart(dp, dv, da, d, span) {
                apart += 1;
                let poly = gap_poly(dp, dv, da, d);
                assert_eq!(
                    first_closing(&poly, 0.0, span),
                    None,
                    "{dp} {dv} {da} over {span} s"
                );
            }
        }
        // Both answers must have been given often.
        assert!((2_000..19_000).contains(&apart), "{apart} of 20 000 apart");
    }

    #[test]
    fn bodies_apart_over_a_window_meet_only_after_it() {
        // Detection skips a pair apart until the earliest event found so far, and
        // searches the others over the whole span: a pair skipped must not meet in
        // the window, whatever the longer search would find.
        let mut rng = Rng(27);
        let d = 0.0615;
        let (mut apart, mut met_later) = (0, 0);
        let vector = |rng: &mut Rng, size: f64| {
            DVec3::new(rng.range(-size, size), rng.range(-size, size), 0.0)
        };
        for _ in 0..20_000 {
            // Mostly heading for each other, so that many meet.
            let dp = vector(&mut rng, 1.5);
            let dv = -dp * rng.range(0.0, 4.0) + vector(&mut rng, 0.5);
            let da = vector(&mut rng, 3.0);
            let span = rng.range(0.0, 5.0);
            let window = span * rng.range(0.0, 1.0);
            if dp.length() > d && stay_apart(dp, dv, da, d, window) {
                apart += 1;
                let poly = gap_poly(dp, dv, da, d);
                if let Some(t) = first_closing(&poly, 0.0, span) {
                    met_later += 1;
                    assert!(
                        t > window,
                        "{dp} {dv} {da}: met at {t} s, window {window} s"
                    );
                }
            }
        }
        assert!(
            apart > 2_000 && met_later > 500,
            "{apart} apart, {met_later} met later"
        );
    }
}
