//! Resolution: what a contact does — the impulse models of `contact` applied to the
//! balls, a pressing contact kept apart, the cue tip pushing on — and the guard that
//! stops a stroke that would never end.

use super::{Ball, Next, Pair, Phase, TableSim};
use crate::config::CushionModel;
use crate::math::DVec3;
use crate::physics::cloth::{Kinematics, Motion};
use crate::physics::contact;
use crate::shot::{BallId, Cushion, EventKind, OffTableReason};

/// A pressing contact is pushed apart far enough to stay clear this long, m of gap.
const PRESS_GAP: f64 = 1e-4;
/// Every contact ends with the bodies parting at least this fast, m/s, so that the
/// same contact is not found again at the same instant.
const MIN_PARTING: f64 = 1e-6;

impl TableSim {
    pub(super) fn resolve(&mut self, next: Next) {
        match next {
            Next::Change | Next::Flight => {}
            Next::Cushion(i, c) => self.hit_cushion(i, c),
            Next::Balls(i, j) => self.hit_balls(i, j),
            Next::TipOff(f) => self.tip_off(f),
            Next::Tip(f) => {
                let i = self.follow[f].ball.index();
                let mut k = self.balls[i].expect("followed ball").k;
                // A tip resting against a ball that barely moves is one contact.
                if let Some(speed) = self.follow[f].hit_again(self.body, &mut k, self.clock)
                    && self.is_new_touch(Pair::Tip(i), speed)
                {
                    self.push_event(EventKind::Tip {
                        ball: BallId::ALL[i],
                        speed,
                    });
                }
                self.set_ball(i, k);
            }
        }
    }

    fn hit_cushion(&mut self, i: usize, c: Cushion) {
        let mut k = self.balls[i].expect("ball in play").k;
        let inward = c.inward_normal().extend(0.0);
        let cushion = &self.physics.cushion;
        let angle = self.contact_angle;
        let impact = match cushion.model {
            CushionModel::Impulse => {
                contact::ball_cushion(self.body, cushion, angle, inward, &mut k)
            }
            CushionModel::Mathavan => contact::ball_cushion_mathavan(
                self.body,
                cushion,
                self.physics.cloth.mu_slide,
                angle,
                inward,
                &mut k,
            ),
        };
        let speed = impact.map_or(0.0, |i| i.closing_speed);
        if self.is_new_touch(Pair::Cushion(i, c), speed) {
            self.push_event(EventKind::Cushion {
                ball: BallId::ALL[i],
                cushion: c,
                speed,
                at: Some([k.pos.x, k.pos.y]),
            });
        }
        // A ball pressed against the cushion (friction drives it in) leaves it clear.
        let m = self.cloth.motion(&k);
        let press = (-self.cloth.acceleration(&k, m).dot(c.inward_normal())).max(0.0);
        let needed = (2.0 * press * PRESS_GAP).sqrt().max(MIN_PARTING);
        let out = k.vel.dot(inward);
        if out < needed {
            k.vel += (needed - out) * inward;
        }
        self.set_ball(i, k);
    }

    fn hit_balls(&mut self, i: usize, j: usize) {
        let (mut ki, mut kj) = (
            self.balls[i].expect("in play").k,
            self.balls[j].expect("in play").k,
        );
        let impact = contact::ball_ball(self.body, &self.physics.ball_ball, &mut ki, &mut kj);
        let speed = impact.map_or(0.0, |i| i.closing_speed);
        if self.is_new_touch(Pair::Balls(i, j), speed) {
            self.push_event(EventKind::BallBall {
                a: BallId::ALL[i],
                b: BallId::ALL[j],
                speed,
            });
        }
        let press = (self.acceleration(i, &ki) - self.acceleration(j, &kj))
            .dot((kj.pos - ki.pos).normalize())
            .max(0.0);
        separate_pressing(press, &mut ki, &mut kj);
        self.after_contact(i, ki);
        self.after_contact(j, kj);
        self.push_on(i);
        self.push_on(j);
    }

    /// Ball `i`'s acceleration in its state `k`: the cloth's friction, or gravity in
    /// the air.
    fn acceleration(&self, i: usize, k: &Kinematics) -> DVec3 {
        match self.balls[i].map(|b| b.phase) {
            Some(Phase::Cloth(_)) => self.cloth.acceleration(k, self.cloth.motion(k)).extend(0.0),
            _ => -self.physics.gravity_m_s2 * DVec3::Z,
        }
    }

    /// Ball `i` goes on from a contact: a ball in the air flies on, free, from here; a
    /// ball on the cloth stays there or takes off.
    fn after_contact(&mut self, i: usize, k: Kinematics) {
        match (self.balls[i].map(|b| b.phase), &mut self.flights[i]) {
            (Some(Phase::Flying), Some(flight)) => {
                flight.from = k;
                flight.since = self.clock;
                flight.to = None;
                // Its open stretch no longer goes where it would have: the next flight
                // step looks again.
                if flight.open.take().is_some() {
                    let soon = self.clock + self.physics.step.flight_step_s;
                    self.next_flight_step = self.next_flight_step.map(|t| t.min(soon));
                }
                self.balls[i] = Some(Ball {
                    k,
                    phase: Phase::Flying,
                });
            }
            _ => self.set_ball(i, k),
        }
    }

    /// If the cue tip is still on ball `i` when it meets another ball (rule 13), the cue
    /// goes on pushing: the contact lasts on (rule 14) and the cue drives the ball.
    fn push_on(&mut self, i: usize) {
        let contact = self.cue.tip_contact_ms / 1000.0;
        let Some(f) = self
            .follow
            .iter()
            .position(|f| f.ball.index() == i && self.clock < f.since + contact)
        else {
            return;
        };
        let mut k = self.balls[i].expect("in play").k;
        self.follow[f].hit_again(self.body, &mut k, self.clock);
        self.set_ball(i, k);
        self.follow[f].held_until = Some(self.clock + contact);
    }

    /// The tip that went on pushing a ball leaves it (rules 13, 14).
    pub(super) fn tip_off(&mut self, f: usize) {
        if self.follow[f].held_until.take().is_some() {
            let ball = self.follow[f].ball;
            self.push_event(EventKind::TipOff { ball });
        }
    }

    /// The guard for a stroke that would never end: everything stops where it is.
    /// A ball still off the cloth is put down on the bed below it, or, off the bed, is
    /// off the table (rule 21).
    pub(super) fn stop_everything(&mut self) {
        let limits = self.table.centre_limits();
        for i in 0..4 {
            let Some(mut b) = self.balls[i] else { continue };
            if matches!(b.phase, Phase::Off) {
                continue;
            }
            b.k.vel = DVec3::ZERO;
            b.k.spin = DVec3::ZERO;
            let over_bed = b.k.pos.x.abs() <= limits.x && b.k.pos.y.abs() <= limits.y;
            if matches!(b.phase, Phase::Flying) && !over_bed {
                b.phase = Phase::Off;
                self.push_event(EventKind::OffTable {
                    ball: BallId::ALL[i],
                    reason: OffTableReason::RestedOffBed,
                });
            } else {
                b.k.pos.z = self.table.ball_radius;
                b.phase = Phase::Cloth(Motion::Rest);
            }
            self.balls[i] = Some(b);
        }
        self.next_flight_step = None;
        self.check_rest();
    }
}

/// Two balls that `press` (m/s², their relative acceleration toward each other) drives
/// into each other are moved apart just enough to stay clear, with their momentum kept.
fn separate_pressing(press: f64, ki: &mut Kinematics, kj: &mut Kinematics) {
    let n = (kj.pos - ki.pos).normalize();
    let needed = (2.0 * press * PRESS_GAP).sqrt().max(MIN_PARTING);
    let parting = (kj.vel - ki.vel).dot(n);
    if parting < needed {
        let dv = 0.5 * (needed - parting) * n;
        ki.vel -= dv;
        kj.vel += dv;
    }
}
