//! Balls off the cloth — in the air, on a rail or cushion top, falling to the floor.
//! Their contacts with the table (bed, cushions, rails, frame, floor) are rapier's,
//! stepped on a fixed step in lockstep with the event loop: what they touch (the floor
//! makes a ball jumped, rule 21), when they fly and land, when they settle back on the
//! cloth or come to rest off it. Between two steps a flying ball moves on the straight
//! line between rapier's poses (or, after a ball contact, on its parabola), so its
//! contacts with other balls are found at their time by the event loop, like those on
//! the cloth, and its samples are where it really is.
//!
//! Over open cloth — nothing but the bed within its reach — a ball in the air is not
//! stepped: it flies on its parabola until it comes near a cushion or another ball,
//! or lands, and bounces off the bed in closed form (a steep cue makes several hops,
//! each hundreds of rapier steps).

use super::airborne::{Flight, OpenStretch};
use super::{Ball, Phase, TableSim};
use crate::math::DVec2;
use crate::physics::cloth::Kinematics;
use crate::physics::contact;
use crate::physics::world::Part;
use crate::shot::{BallId, EventKind, OffTableReason, Surface};

/// A ball off the cloth slower than this, m/s, for `STILL_TIME` s has come to rest.
const STILL_SPEED: f64 = 2e-3;
const STILL_TIME: f64 = 0.2;

/// A contact normal steeper than this (its z) means the ball rests on the part.
const SUPPORT_NORMAL_Z: f64 = 0.7;

/// The farthest a ball in the air moves in one flight step, m: a fast ball takes
/// shorter steps, so that rapier meets the table's parts before the ball is into them.
const MAX_STEP_TRAVEL: f64 = 0.0015;

/// How far, m, a flight in closed form keeps from the cushions' noses and from where
/// other balls can be, beyond touching (rapier's contacts reach about a millimetre
/// beyond touching: closer, it steps).
const OPEN_MARGIN: f64 = 0.003;

impl TableSim {
    /// A flight step: the balls off the cloth arrive where rapier's last step put them
    /// and meet what it found them touching (landing, rails, the floor); then rapier
    /// steps them on to the next flight step.
    pub(super) fn flight_step(&mut self) {
        for i in 0..4 {
            if let (
                Some(Ball {
                    phase: Phase::Flying,
                    ..
                }),
                Some(flight),
            ) = (self.balls[i], self.flights[i])
            {
                self.arrive(i, flight);
            }
        }
        let flying: Vec<usize> = (0..4)
            .filter(|&i| {
                matches!(
                    self.balls[i],
                    Some(Ball {
                        phase: Phase::Flying,
                        ..
                    })
                )
            })
            .collect();
        if flying.is_empty() {
            self.next_flight_step = None;
            return;
        }
        // Only while every ball in the air is over open cloth can rapier stay idle.
        let stretches: Option<Vec<OpenStretch>> =
            flying.iter().map(|&i| self.open_stretch(i)).collect();
        if let Some(stretches) = stretches {
            for (&i, &open) in flying.iter().zip(&stretches) {
                self.fly_open(i, open);
            }
            self.next_flight_step = stretches.iter().map(|o| o.until).reduce(f64::min);
            return;
        }
        let fastest = flying
            .iter()
            .map(|&i| self.balls[i].expect("flying").k.vel.length())
            .fold(0.0, f64::max);
        let dt = self
            .physics
            .step
            .flight_step_s
            .min(MAX_STEP_TRAVEL / fastest.max(1e-9));
        for &i in &flying {
            let k = Kinematics {
                orientation: self.flights[i].expect("a flying ball has its flight").turn,
                ..self.balls[i].expect("flying").k
            };
            self.rapier().sync(BallId::ALL[i], Some(&k), true);
        }
        self.rapier().step(dt);
        let rapier = self.rapier.as_mut().expect("made for the step above");
        for &i in &flying {
            let (Some(ball), Some(flight)) = (self.balls[i], self.flights[i].as_mut()) else {
                continue;
            };
            let mut to = ball.k;
            rapier.read(BallId::ALL[i], &mut to);
            // Rapier's pose has the flight's turn: the step's part of it turns the ball.
            let turn = to.orientation;
            to.orientation = (turn * flight.turn.conjugate() * ball.k.orientation).normalize();
            flight.turn = turn;
            flight.from = ball.k;
            flight.since = self.clock;
            flight.to = Some(to);
            flight.step = dt;
            flight.open = None;
        }
        self.next_flight_step = Some(self.clock + dt);
    }

    /// Ball `i` reaches the end of its flight step: its new pose, and what it touches
    /// there.
    fn arrive(&mut self, i: usize, mut flight: Flight) {
        let id = BallId::ALL[i];
        let g = self.physics.gravity_m_s2;
        let dt = flight.step;
        let settle_speed = self.settle_speed();
        let min_height = self.min_flight_height();
        let arriving = flight.at(self.clock, g).vel;
        if let Some(open) = flight.open.filter(|o| o.until <= self.clock) {
            flight.open = None;
            if open.lands {
                self.land_on_open_cloth(i, flight);
                return;
            }
        }
        let Some(mut k) = flight.to else {
            // No rapier step brought it here (it took off or met a ball since the last
            // one): it flies on from where its parabola is; the next step tells what it
            // touches.
            let k = flight.at(self.clock, g);
            self.note_balls_passed_over(i, &k, &mut flight);
            flight.from = k;
            flight.since = self.clock;
            self.balls[i] = Some(Ball {
                k,
                phase: Phase::Flying,
            });
            self.flights[i] = Some(flight);
            return;
        };
        let contacts = self.rapier().touching(id);
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
                        at: Some([k.pos.x, k.pos.y]),
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
            return;
        }
        self.note_balls_passed_over(i, &k, &mut flight);
        match (flight.top, support) {
            // Down on a surface after a real flight (a drop off a rail included).
            (Some(top), Some(part)) => {
                if top - k.pos.z > min_height {
                    let surface = match part {
                        Part::Bed => Surface::Bed,
                        Part::Cushion(_) => Surface::Cushion,
                        _ => Surface::Rail,
                    };
                    self.push_event(EventKind::Landed {
                        ball: id,
                        surface,
                        height: top - flight.take_off.z,
                        distance: (k.pos - flight.take_off).truncate().length(),
                    });
                }
                flight.top = None;
                flight.over = 0;
            }
            (None, None) => self.take_off(i, &k, &mut flight),
            (Some(top), None) => flight.top = Some(top.max(k.pos.z)),
            (None, Some(_)) => {}
        }
        flight.touching = mask;
        let only_bed = contacts.iter().all(|(p, _)| *p == Part::Bed) && support == Some(Part::Bed);
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
            return;
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
            return;
        }
        flight.from = k;
        flight.since = self.clock;
        flight.to = None;
        self.balls[i] = Some(Ball {
            k,
            phase: Phase::Flying,
        });
        self.flights[i] = Some(flight);
    }

    /// Ball `i` has left its support: a bounce off the bed high enough is a jump.
    fn take_off(&mut self, i: usize, k: &Kinematics, flight: &mut Flight) {
        flight.top = Some(k.pos.z);
        flight.take_off = k.pos;
        let left_bed = flight.touching & (1 << Part::Bed.code()) != 0;
        if left_bed && k.vel.z > self.settle_speed() {
            self.push_event(EventKind::Airborne {
                ball: BallId::ALL[i],
                vz: k.vel.z,
            });
        }
    }

    /// How far ball `i`, flying free from its state now, goes on over open cloth: until
    /// it lands, or until it could come near a cushion's nose or another ball (which
    /// it must neither meet nor pass over unseen); None when that is less than a
    /// flight step.
    fn open_stretch(&self, i: usize) -> Option<OpenStretch> {
        let flight = self.flights[i]?;
        let k = self.balls[i]?.k;
        let (g, r) = (self.physics.gravity_m_s2, self.table.ball_radius);
        let above = k.pos.z - r;
        if flight.to.is_some() || above < 0.0 {
            return None;
        }
        let lands = (k.vel.z + (k.vel.z * k.vel.z + 2.0 * g * above).sqrt()) / g;
        let (at, vel) = (k.pos.truncate(), k.vel.truncate());
        // Until its centre leaves the rectangle clear of the noses.
        let open = DVec2::new(self.table.half_length(), self.table.half_width())
            - DVec2::splat(r + OPEN_MARGIN);
        let inside = |p: f64, v: f64, half: f64| {
            if p.abs() > half {
                0.0
            } else if v != 0.0 {
                (half * v.signum() - p) / v
            } else {
                f64::INFINITY
            }
        };
        let mut until = lands
            .min(inside(at.x, vel.x, open.x))
            .min(inside(at.y, vel.y, open.y));
        // Until another ball could be near: they close at most at the two speeds, the
        // other's rising by the cloth's sliding friction at most.
        let speed_up = self.cloth.mu_slide * g;
        for (_, b) in self.in_play().filter(|(id, _)| id.index() != i) {
            let gap = b.k.pos.truncate().distance(at) - 2.0 * r - OPEN_MARGIN;
            let closing = vel.length() + b.k.vel.length();
            let t = if gap <= 0.0 {
                0.0
            } else {
                2.0 * gap / (closing + (closing * closing + 2.0 * speed_up * gap).sqrt())
            };
            until = until.min(t);
        }
        (until >= self.physics.step.flight_step_s).then_some(OpenStretch {
            until: self.clock + until,
            lands: until == lands,
        })
    }

    /// Ball `i` flies free over open cloth, without rapier, for `open`.
    fn fly_open(&mut self, i: usize, open: OpenStretch) {
        let Some(mut flight) = self.flights[i] else {
            return;
        };
        let k = self.balls[i].expect("flying").k;
        if flight.top.is_none() {
            self.take_off(i, &k, &mut flight);
        }
        // The highest it rises on the stretch.
        let g = self.physics.gravity_m_s2;
        let rise = (k.vel.z / g).clamp(0.0, open.until - self.clock);
        let top = k.pos.z + k.vel.z * rise - 0.5 * g * rise * rise;
        flight.top = flight.top.map(|t| t.max(top));
        flight.from = k;
        flight.since = self.clock;
        flight.to = None;
        flight.touching = 0;
        flight.open = Some(open);
        self.flights[i] = Some(flight);
    }

    /// Ball `i`, hopping over open cloth, comes down on the bed and bounces: on into
    /// another hop, or onto the cloth when too low to fly.
    fn land_on_open_cloth(&mut self, i: usize, flight: Flight) {
        let g = self.physics.gravity_m_s2;
        let mut k = flight.at(self.clock, g);
        k.pos.z = self.table.ball_radius;
        let top = flight.top.unwrap_or(k.pos.z);
        if top - k.pos.z > self.min_flight_height() {
            self.push_event(EventKind::Landed {
                ball: BallId::ALL[i],
                surface: Surface::Bed,
                height: top - flight.take_off.z,
                distance: (k.pos - flight.take_off).truncate().length(),
            });
        }
        let slate = &self.physics.slate;
        contact::bounce(self.body, slate.restitution, slate.friction, &mut k);
        // Off the bed again on a new flight, or on the cloth when too low to fly.
        self.set_ball(i, k);
    }

    /// A ball in the air whose centre comes within a radius of another ball's,
    /// horizontally, passes over it (to be that close without touching, it is well
    /// above it): once per flight, a `jumped_over` event (rule 17).
    fn note_balls_passed_over(&mut self, i: usize, k: &Kinematics, flight: &mut Flight) {
        if flight.top.is_none() {
            return;
        }
        let over = self.table.ball_radius;
        let under: Vec<usize> = self
            .in_play()
            .map(|(id, b)| (id.index(), b))
            .filter(|&(j, b)| {
                j != i
                    && flight.over & (1 << j) == 0
                    && (k.pos - b.k.pos).truncate().length() < over
                    && k.pos.z > b.k.pos.z
            })
            .map(|(j, _)| j)
            .collect();
        for j in under {
            flight.over |= 1 << j;
            self.push_event(EventKind::JumpedOver {
                ball: BallId::ALL[i],
                over: BallId::ALL[j],
            });
        }
    }
}
