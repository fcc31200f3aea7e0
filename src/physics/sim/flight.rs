//! Balls off the cloth — in the air, on a rail or cushion top, falling to the floor —
//! stepped by rapier in lockstep with the event loop: what they touch (the floor makes a
//! ball jumped, rule 21), when they fly and land, when they settle back on the cloth or
//! come to rest off it, and their contacts with other balls.

use super::{Ball, Pair, Phase, TableSim};
use crate::math::DVec2;
use crate::physics::contact;
use crate::physics::world::Part;
use crate::shot::BallId;
use crate::shot::{EventKind, OffTableReason, Surface};

/// A ball off the cloth slower than this, m/s, for `STILL_TIME` s has come to rest.
const STILL_SPEED: f64 = 2e-3;
const STILL_TIME: f64 = 0.2;

/// What a ball off the cloth has been touching and doing.
#[derive(Clone, Copy, Debug)]
pub(super) struct Flight {
    /// The parts touched at the last step: a mask of `Part` codes.
    pub touching: u8,
    /// Since it left its last support: the highest its centre has been.
    pub top: Option<f64>,
    /// Since when it has been still off the bed.
    pub still_since: Option<f64>,
}

/// A contact normal steeper than this (its z) means the ball rests on the part.
const SUPPORT_NORMAL_Z: f64 = 0.7;

impl TableSim {
    /// One rapier step for the balls off the cloth, then their contacts: landing,
    /// rails, the floor, other balls.
    pub(super) fn flight_step(&mut self) {
        let dt = self.physics.step.flight_step_s;
        self.sync_rapier();
        self.rapier.step();
        let g = self.physics.gravity_m_s2;
        let settle_speed = (2.0 * g * self.physics.step.min_flight_height_mm / 1000.0).sqrt();
        let min_height = self.physics.step.min_flight_height_mm / 1000.0;
        for i in 0..4 {
            let Some(Ball {
                mut k,
                phase: Phase::Flying(mut flight),
            }) = self.balls[i]
            else {
                continue;
            };
            let id = BallId::ALL[i];
            let arriving = k.vel;
            self.rapier.read(id, &mut k);
            let contacts = self.rapier.touching(id);
            let mask = contacts.iter().fold(0u8, |m, (p, _)| m | 1 << p.code());
            let support = contacts
                .iter()
                .find(|(_, n)| n.z > SUPPORT_NORMAL_Z)
                .map(|&(p, _)| p);
            // New contacts: a cushion hit in the air, the floor (rule 21).
            for &(part, normal) in &contacts {
                if flight.touching & (1 << part.code()) != 0 {
                    continue;
                }
                match part {
                    Part::Cushion(c) if normal.z <= SUPPORT_NORMAL_Z => {
                        self.push_event(EventKind::Cushion {
                            ball: id,
                            cushion: c,
                            speed: (-arriving.dot(c.inward_normal().extend(0.0))).max(0.0),
                        })
                    }
                    Part::Floor => self.push_event(EventKind::OffTable {
                        ball: id,
                        reason: OffTableReason::Floor,
                    }),
                    _ => {}
                }
            }
            if mask & (1 << Part::Floor.code()) != 0 {
                self.balls[i] = Some(Ball {
                    k,
                    phase: Phase::Off,
                });
                continue;
            }
            match (flight.top, support) {
                // Down on a surface after a real flight (a drop off a rail included).
                (Some(top), Some(part)) => {
                    if top - k.pos.z > min_height {
                        let surface = match part {
                            Part::Bed => Surface::Bed,
                            Part::Cushion(_) => Surface::Cushion,
                            _ => Surface::Rail,
                        };
                        self.push_event(EventKind::Landed { ball: id, surface });
                    }
                    flight.top = None;
                }
                // Off its support: a bounce off the bed high enough is a jump.
                (None, None) => {
                    flight.top = Some(k.pos.z);
                    let left_bed = flight.touching & (1 << Part::Bed.code()) != 0;
                    if left_bed && k.vel.z > settle_speed {
                        self.push_event(EventKind::Airborne {
                            ball: id,
                            vz: k.vel.z,
                        });
                    }
                }
                (Some(top), None) => flight.top = Some(top.max(k.pos.z)),
                (None, Some(_)) => {}
            }
            flight.touching = mask;
            let only_bed =
                contacts.iter().all(|(p, _)| *p == Part::Bed) && support == Some(Part::Bed);
            if only_bed
                && (k.pos.z - self.table.ball_radius).abs() < 1e-3
                && k.vel.z.abs() <= settle_speed
            {
                let limits = self.table.centre_limits();
                k.pos.x = k.pos.x.clamp(-limits.x, limits.x);
                k.pos.y = k.pos.y.clamp(-limits.y, limits.y);
                k.vel.z = 0.0;
                k.pos.z = self.table.ball_radius;
                self.balls[i] = Some(Ball {
                    k,
                    phase: Phase::Cloth(self.cloth.motion(&k)),
                });
                continue;
            }
            // Rolling on a rail or cushion top: the cloth's resistance slows it.
            let on_top = support.is_some_and(|p| p != Part::Bed) && k.vel.z.abs() < 0.05;
            if on_top {
                let h = DVec2::new(k.vel.x, k.vel.y);
                let slowed = (h.length() - self.cloth.mu_roll * g * dt).max(0.0);
                let h = h.normalize_or_zero() * slowed;
                k.vel.x = h.x;
                k.vel.y = h.y;
                let dz = (self.cloth.spin_decel * dt).min(k.spin.z.abs());
                k.spin.z -= k.spin.z.signum() * dz;
            }
            let still = on_top && k.vel.length() < STILL_SPEED;
            flight.still_since = if still {
                flight.still_since.or(Some(self.clock))
            } else {
                None
            };
            if flight
                .still_since
                .is_some_and(|s| self.clock - s >= STILL_TIME)
            {
                // Rule 21: at rest off the playing surface.
                self.push_event(EventKind::OffTable {
                    ball: id,
                    reason: OffTableReason::RestedOffBed,
                });
                self.balls[i] = Some(Ball {
                    k,
                    phase: Phase::Off,
                });
                continue;
            }
            self.balls[i] = Some(Ball {
                k,
                phase: Phase::Flying(flight),
            });
        }
        self.flying_ball_contacts();
        let any_flying = self
            .balls
            .iter()
            .flatten()
            .any(|b| matches!(b.phase, Phase::Flying(_)));
        self.next_flight_step = any_flying.then_some(self.clock + dt);
    }

    /// Ball–ball contacts where one ball is in the air: checked after each flight step.
    fn flying_ball_contacts(&mut self) {
        let diameter = 2.0 * self.table.ball_radius;
        for i in 0..4 {
            for j in i + 1..4 {
                let (Some(a), Some(b)) = (self.balls[i], self.balls[j]) else {
                    continue;
                };
                let flying = |b: &Ball| matches!(b.phase, Phase::Flying(_));
                let off = |b: &Ball| matches!(b.phase, Phase::Off);
                if !(flying(&a) || flying(&b)) || off(&a) || off(&b) {
                    continue;
                }
                if a.k.pos.distance(b.k.pos) >= diameter {
                    continue;
                }
                let (mut ka, mut kb) = (a.k, b.k);
                if let Some(impact) =
                    contact::ball_ball(self.body, &self.physics.ball_ball, &mut ka, &mut kb)
                {
                    if self.is_new_touch(Pair::Balls(i, j), impact.closing_speed) {
                        self.push_event(EventKind::BallBall {
                            a: BallId::ALL[i],
                            b: BallId::ALL[j],
                            speed: impact.closing_speed,
                        });
                    }
                    for (x, k, was) in [(i, ka, a), (j, kb, b)] {
                        if flying(&was) {
                            self.balls[x] = Some(Ball { k, ..was });
                        } else {
                            self.set_ball(x, k);
                        }
                    }
                }
            }
        }
    }
}
