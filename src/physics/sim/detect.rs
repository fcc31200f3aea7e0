//! Detection: when the next event happens — a contact (the first root of a
//! polynomial: between contacts every ball on the cloth moves on a parabola), a change
//! of a ball's motion, a touch of the cue's follow-through, the tip leaving a ball it
//! pushed, or rapier's next flight step.

use super::{Ball, Next, Phase, TableSim};
use crate::math::DVec3;
use crate::physics::cloth::{Kinematics, Motion};
use crate::physics::poly::{Poly, first_closing};
use crate::shot::Cushion;

impl TableSim {
    /// The earliest event from the stored state. Contacts are searched up to the first
    /// change of motion or flight step, found from the state alone.
    pub(super) fn next_event(&self) -> Option<(f64, Next)> {
        let mut best: Option<(f64, Next)> = self.next_flight_step.map(|t| (t, Next::Flight));
        let mut consider = |dt: Option<f64>, next: Next| {
            if let Some(dt) = dt
                && best.is_none_or(|(t, _)| self.clock + dt < t)
            {
                best = Some((self.clock + dt, next));
            }
        };
        let cloth: Vec<(usize, Kinematics, Motion)> = self
            .balls
            .iter()
            .enumerate()
            .filter_map(|(i, b)| match b {
                Some(Ball {
                    k,
                    phase: Phase::Cloth(m),
                }) => Some((i, *k, *m)),
                _ => None,
            })
            .collect();
        for &(_, k, m) in &cloth {
            let dt = self.cloth.time_to_change(&k, m);
            consider(dt.is_finite().then_some(dt), Next::Change);
        }
        let (until, _) = best?;
        let span = until - self.clock;
        let mut consider = |dt: Option<f64>, next: Next| {
            if let Some(dt) = dt
                && best.is_none_or(|(t, _)| self.clock + dt < t)
            {
                best = Some((self.clock + dt, next));
            }
        };
        for &(i, k, m) in &cloth {
            if !moves(m) {
                continue;
            }
            let a = self.cloth.acceleration(&k, m);
            for c in Cushion::ALL {
                let n = c.inward_normal();
                let gap = k.pos.truncate().dot(n) + self.table.nose_distance(c)
                    - self.table.cushion_reach();
                let poly = [gap, k.vel.truncate().dot(n), 0.5 * a.dot(n), 0.0, 0.0];
                consider(first_closing(&poly, 0.0, span), Next::Cushion(i, c));
            }
        }
        // Every ball in play as it moves until `until`: position, velocity and
        // acceleration, and whether it moves at all.
        let g = self.physics.gravity_m_s2;
        let movers: Vec<(usize, DVec3, DVec3, DVec3, bool)> = self
            .balls
            .iter()
            .enumerate()
            .filter_map(|(i, b)| match b {
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
            })
            .collect();
        let diameter = 2.0 * self.table.ball_radius;
        for (x, &(i, pi, vi, ai, mi)) in movers.iter().enumerate() {
            for &(j, pj, vj, aj, mj) in &movers[x + 1..] {
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
                consider(first_closing(&poly, 0.0, span), Next::Balls(i, j));
            }
        }
        for (f, follow) in self.follow.iter().enumerate() {
            let i = follow.ball.index();
            let Some(&(_, k, m)) = cloth.iter().find(|c| c.0 == i) else {
                continue;
            };
            let from = (follow.since + self.cue.tip_contact_ms / 1000.0 - self.clock).max(0.0);
            let to = (follow.stop_time() - self.clock).min(span);
            if from >= to {
                continue;
            }
            let tip = follow.tip(self.clock);
            let tip_speed = (follow.speed - follow.decel * (self.clock - follow.since)).max(0.0);
            let poly = gap_poly(
                k.pos - tip,
                k.vel - tip_speed * follow.axis,
                self.cloth.acceleration(&k, m).extend(0.0) + follow.decel * follow.axis,
                self.table.ball_radius,
            );
            consider(first_closing(&poly, from, to), Next::Tip(f));
        }
        for (f, follow) in self.follow.iter().enumerate() {
            if let Some(until) = follow.held_until {
                consider(Some((until - self.clock).max(0.0)), Next::TipOff(f));
            }
        }
        best
    }
}

fn moves(m: Motion) -> bool {
    matches!(m, Motion::Sliding | Motion::Rolling)
}

/// |dp + dv·t + ½·da·t²|² − d²: positive while two bodies are more than d apart.
fn gap_poly(dp: DVec3, dv: DVec3, da: DVec3, d: f64) -> Poly {
    [
        dp.dot(dp) - d * d,
        2.0 * dp.dot(dv),
        dv.dot(dv) + dp.dot(da),
        dv.dot(da),
        0.25 * da.dot(da),
    ]
}
