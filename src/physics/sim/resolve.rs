//! Resolution: what a contact does — the impulse models of `contact` applied to the
//! balls, a pressing contact kept apart, the cue tip pushing on — and the guard that
//! stops a stroke that would never end.

use super::{Next, Pair, Phase, TableSim};
use crate::math::DVec3;
use crate::physics::cloth::{Kinematics, Motion};
use crate::physics::contact;
use crate::shot::{BallId, Cushion, EventKind};

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
                if let Some(speed) = self.follow[f].hit_again(self.body, &mut k, self.clock) {
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
        let impact = contact::ball_cushion(
            self.body,
            &self.physics.cushion,
            self.table.contact_angle(),
            inward,
            &mut k,
        );
        let speed = impact.map_or(0.0, |i| i.closing_speed);
        if self.is_new_touch(Pair::Cushion(i, c), speed) {
            self.push_event(EventKind::Cushion {
                ball: BallId::ALL[i],
                cushion: c,
                speed,
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
        self.separate_pressing(&mut ki, &mut kj);
        self.set_ball(i, ki);
        self.set_ball(j, kj);
        self.push_on(i);
        self.push_on(j);
    }

    /// Two balls on the cloth that friction drives into each other are moved apart just
    /// enough to stay clear, with their momentum kept.
    fn separate_pressing(&self, ki: &mut Kinematics, kj: &mut Kinematics) {
        let n = (kj.pos - ki.pos).normalize();
        let accel = |k: &Kinematics| self.cloth.acceleration(k, self.cloth.motion(k)).extend(0.0);
        let press = (accel(ki) - accel(kj)).dot(n).max(0.0);
        let needed = (2.0 * press * PRESS_GAP).sqrt().max(MIN_PARTING);
        let parting = (kj.vel - ki.vel).dot(n);
        if parting < needed {
            let dv = 0.5 * (needed - parting) * n;
            ki.vel -= dv;
            kj.vel += dv;
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
    pub(super) fn stop_everything(&mut self) {
        for b in self.balls.iter_mut().flatten() {
            if !matches!(b.phase, Phase::Off) {
                b.k.vel = DVec3::ZERO;
                b.k.spin = DVec3::ZERO;
                if matches!(b.phase, Phase::Flying(_)) {
                    b.phase = Phase::Off;
                } else {
                    b.phase = Phase::Cloth(Motion::Rest);
                }
            }
        }
        self.next_flight_step = None;
        self.check_rest();
    }
}
