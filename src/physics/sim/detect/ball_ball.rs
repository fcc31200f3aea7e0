//! Ball on ball: two balls' distance closes to a diameter, on the cloth or in flight
//! (a flying ball on its parabola, or on rapier's chord of it).

use super::{ByBall, Earliest, moves};
use crate::math::DVec3;
use crate::physics::poly::{Poly, first_closing};
use crate::physics::sim::{Ball, Next, Phase, TableSim};

impl TableSim {
    /// The first two balls to touch within `span` s.
    pub(super) fn next_between_balls(&self, span: f64, earliest: &mut Earliest) {
        let movers = self.movers();
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
                // Far apart for the whole span: no contact possible.
                let reach = dv.length() * span + 0.5 * da.length() * span * span;
                if dp.length() - diameter > reach {
                    continue;
                }
                let poly = gap_poly(dp, dv, da, diameter);
                earliest.consider(first_closing(&poly, 0.0, span), Next::Balls(i, j));
            }
        }
    }

    /// Every ball in play as it moves from now.
    fn movers(&self) -> ByBall<Mover> {
        let g = self.physics.gravity_m_s2;
        let mut movers = [None; 4];
        for (i, b) in self.balls.iter().enumerate() {
            movers[i] = match b {
                Some(Ball {
                    k,
                    phase: Phase::Cloth(m),
                }) => Some((
                    i,
                    k.pos,
                    k.vel,
                    self.cloth.acceleration(k, *m).extend(0.0),
                    moves(*m),
                )),
                Some(Ball {
                    k,
                    phase: Phase::Flying,
                }) => {
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
