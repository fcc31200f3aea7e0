//! `TableSim`: the table's balls over time. Between contacts each ball on the cloth
//! moves in closed form (`cloth`); the loop jumps from one event to the next — a
//! contact (first root of a polynomial), a change of motion, a touch of the cue's
//! follow-through — and resolves contacts with the impulse models (`contact`). A ball
//! off the cloth is handed to rapier (`world`), stepped on a fixed step in lockstep.
//! Every step length comes from the simulation's own state, so the same input gives
//! the same bits, headless or in the game, whatever the caller's chunking.

use super::cloth::{Cloth, Kinematics, Motion};
use super::contact::{self, BallBody};
use super::error::{PlaceError, StrikeError};
use super::strike::{self, FollowThrough};
use super::world::{Part, RapierTable};
use crate::config::{Config, CueConfig, PhysicsConfig};
use crate::math::{DQuat, DVec2, DVec3};
use crate::shot::{BallId, Cushion, EventKind, ShotEvent, ShotRecord, Stroke};
use crate::table::TableGeometry;
use std::collections::BTreeMap;

mod airborne;
mod detect;
mod flight;
mod record;
mod resolve;

use airborne::Flight;

/// Event-loop steps after which a stroke is stopped where it is, whatever its time: a
/// stroke on the cloth takes tens, a ball in the air one a flight step (0.25 ms, so a
/// second of flight takes 4 000); only input far outside anything physical (a spin of
/// 1e300 rad/s launched directly) comes near.
pub const MAX_STROKE_STEPS: u64 = 1_000_000;

#[derive(Clone, Copy, Debug)]
enum Phase {
    Cloth(Motion),
    /// Off the cloth, stepped by rapier: its flight is in `TableSim::flights`.
    Flying,
    /// Jumped (rule 21): out of play where it left.
    Off,
}

#[derive(Clone, Copy, Debug)]
struct Ball {
    k: Kinematics,
    phase: Phase,
}

/// What the loop resolves next.
#[derive(Clone, Copy, Debug)]
enum Next {
    /// A ball's motion changes (slide→roll, roll→stop, spin→rest).
    Change,
    Cushion(usize, Cushion),
    Balls(usize, usize),
    /// The follow-through `follow[i]` meets its ball again.
    Tip(usize),
    /// The tip of `follow[i]`, pushing its ball on, leaves it.
    TipOff(usize),
    /// Rapier's next step for the balls off the cloth.
    Flight,
}

/// Repeated contacts of one pair, for telling pressing from touching.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Pair {
    Balls(usize, usize),
    Cushion(usize, Cushion),
    /// The cue tip and ball `i`.
    Tip(usize),
}

pub struct TableSim {
    table: TableGeometry,
    /// The table's `contact_angle` and `cushion_reach`, worked out once (an arcsine and
    /// a cosine that detection and every cushion contact would repeat).
    contact_angle: f64,
    cushion_reach: f64,
    body: BallBody,
    cloth: Cloth,
    physics: PhysicsConfig,
    cue: CueConfig,
    balls: [Option<Ball>; 4],
    /// How each ball off the cloth flies.
    flights: [Option<Flight>; 4],
    /// Made when a ball first flies near the table's parts: most strokes never need it,
    /// and building its colliders took most of an aim prediction's time.
    rapier: Option<RapierTable>,
    /// Seconds since the current stroke's strike: the time callers have advanced to.
    time: f64,
    /// The time of the balls' stored state: the last event (≤ `time`). Between events
    /// the cloth balls' poses at `time` follow in closed form, so where the caller's
    /// clock stops never changes what happens.
    clock: f64,
    /// The next event from the stored state, once found.
    pending: Option<Option<(f64, Next)>>,
    events: Vec<ShotEvent>,
    follow: Vec<FollowThrough>,
    next_flight_step: Option<f64>,
    recent: Vec<(Pair, f64)>,
    rested: bool,
    /// Event-loop iterations since the strike (events resolved plus flight steps).
    steps: u64,
    sampling: Option<Sampling>,
}

/// Positions recorded at fixed times of the simulation's clock (whatever the caller's).
struct Sampling {
    period: f64,
    taken: u64,
    trajectories: BTreeMap<BallId, Vec<[f64; 4]>>,
}

impl TableSim {
    pub fn new(config: &Config, table: TableGeometry) -> TableSim {
        let body = BallBody {
            radius: table.ball_radius,
            mass: config.balls.mass(),
        };
        let physics = config.physics.clone();
        let cloth = Cloth {
            radius: body.radius,
            gravity: physics.gravity_m_s2,
            mu_slide: physics.cloth.mu_slide,
            mu_roll: physics.cloth.mu_roll,
            spin_decel: physics.cloth.spin_decel_rad_s2,
            turns_balls: false,
        };
        TableSim {
            rapier: None,
            contact_angle: table.contact_angle(),
            cushion_reach: table.cushion_reach(),
            table,
            body,
            cloth,
            physics,
            cue: config.cue.clone(),
            balls: [None; 4],
            flights: [None; 4],
            time: 0.0,
            clock: 0.0,
            pending: None,
            events: Vec::new(),
            follow: Vec::new(),
            next_flight_step: None,
            recent: Vec::new(),
            rested: true,
            steps: 0,
            sampling: None,
        }
    }

    /// The same, turning its balls as they roll and spin: their orientation, which only
    /// a table someone watches needs (the dotted ball's dot); nothing in the physics
    /// reads it.
    pub fn watched(config: &Config, table: TableGeometry) -> TableSim {
        let mut sim = TableSim::new(config, table);
        sim.cloth.turns_balls = true;
        sim
    }

    pub fn table(&self) -> &TableGeometry {
        &self.table
    }

    /// Puts the listed balls at rest at their positions (table frame, m); balls not
    /// listed leave the table. Refuses a ball off the bed or overlapping another.
    pub fn place(&mut self, positions: &[(BallId, DVec2)]) -> Result<(), PlaceError> {
        let r = self.table.ball_radius;
        for (i, &(id, p)) in positions.iter().enumerate() {
            if !p.is_finite() {
                return Err(PlaceError::NotFinite(id));
            }
            if !self.table.fits_on_bed(p) {
                return Err(PlaceError::OffBed {
                    ball: id,
                    at: p,
                    preset: self.table.preset.clone(),
                    limits: self.table.centre_limits(),
                });
            }
            for &(other, q) in &positions[..i] {
                if other == id {
                    return Err(PlaceError::ListedTwice(id));
                }
                if p.distance(q) < 2.0 * r - 1e-9 {
                    return Err(PlaceError::Overlap {
                        ball: id,
                        other,
                        distance: p.distance(q),
                        needed: 2.0 * r,
                    });
                }
            }
        }
        let previous = self.balls;
        self.balls = [None; 4];
        for &(id, p) in positions {
            let orientation = previous[id.index()].map_or(DQuat::IDENTITY, |b| b.k.orientation);
            self.balls[id.index()] = Some(Ball {
                k: Kinematics {
                    pos: p.extend(r),
                    vel: DVec3::ZERO,
                    spin: DVec3::ZERO,
                    orientation,
                },
                phase: Phase::Cloth(Motion::Rest),
            });
        }
        self.flights = [None; 4];
        self.next_flight_step = None;
        self.pending = None;
        self.rested = true;
        // Rapier only ever holds balls in flight.
        if let Some(rapier) = &mut self.rapier {
            for id in BallId::ALL {
                rapier.sync(id, None, false);
            }
        }
        Ok(())
    }

    /// Plays strokes at the same moment (one, or two in the lag) and starts a new stroke
    /// record, every ball's position sampled `sample_hz` times a second when asked (the
    /// record's trajectories). Balls still moving are noted in the strike (rule 10), not
    /// stopped.
    pub fn strike(
        &mut self,
        strokes: &[Stroke],
        sample_hz: Option<f64>,
    ) -> Result<(), StrikeError> {
        for (i, s) in strokes.iter().enumerate() {
            s.validate()?;
            match self.balls[s.ball.index()] {
                Some(Ball {
                    phase: Phase::Cloth(_),
                    ..
                }) => {}
                _ => return Err(StrikeError::NotOnCloth(s.ball)),
            }
            if strokes[..i].iter().any(|o| o.ball == s.ball) {
                return Err(StrikeError::StruckTwice(s.ball));
            }
        }
        let moving: Vec<BallId> = self
            .in_play()
            .filter(|&(_, b)| !matches!(b.phase, Phase::Cloth(Motion::Rest)))
            .map(|(id, _)| id)
            .collect();
        self.start_stroke(sample_hz);
        let slate = (self.physics.slate.restitution, self.physics.slate.friction);
        for s in strokes {
            let i = s.ball.index();
            let start = self.balls[i].expect("checked above").k;
            let outcome = strike::strike(s, self.body, &self.cue, &start, slate);
            let cue_touched = self.cue_touches(s, &start);
            self.push_event(EventKind::Strike {
                ball: s.ball,
                speed: outcome.ball.vel.length(),
                direction_deg: s.direction_deg,
                side: s.side,
                height: s.height,
                elevation_deg: s.elevation_deg,
                tip_contact_s: self.cue.tip_contact_ms / 1000.0,
                cue_touched,
                moving: moving.clone(),
            });
            if outcome.miscue {
                self.push_event(EventKind::Miscue { ball: s.ball });
            }
            self.set_ball(i, outcome.ball);
            self.follow.push(outcome.follow_through);
        }
        // A stroke that moves nothing is over at once.
        self.check_rest();
        Ok(())
    }

    /// Sets a ball moving directly (velocity m/s, spin rad/s), with no cue, and starts a
    /// new stroke record, sampled as [`TableSim::strike`]'s.
    pub fn launch(
        &mut self,
        ball: BallId,
        vel: DVec3,
        spin: DVec3,
        sample_hz: Option<f64>,
    ) -> Result<(), StrikeError> {
        self.launch_all(&[(ball, vel, spin)], sample_hz)
    }

    /// Sets balls moving at the same moment, each `(ball, velocity m/s, spin rad/s)`,
    /// with no cue, and starts a new stroke record, sampled as [`TableSim::strike`]'s.
    pub fn launch_all(
        &mut self,
        launches: &[(BallId, DVec3, DVec3)],
        sample_hz: Option<f64>,
    ) -> Result<(), StrikeError> {
        for (i, &(ball, vel, spin)) in launches.iter().enumerate() {
            if !vel.is_finite() || !spin.is_finite() {
                return Err(StrikeError::LaunchNotFinite);
            }
            if vel.length() > crate::shot::MAX_SPEED {
                return Err(StrikeError::LaunchTooFast(vel.length()));
            }
            if self.balls[ball.index()].is_none() {
                return Err(StrikeError::NotOnTable(ball));
            }
            if launches[..i].iter().any(|&(other, ..)| other == ball) {
                return Err(StrikeError::StruckTwice(ball));
            }
        }
        self.start_stroke(sample_hz);
        for &(ball, vel, spin) in launches {
            let mut k = self.balls[ball.index()].expect("checked above").k;
            k.vel = vel;
            k.spin = spin;
            contact::bounce(
                self.body,
                self.physics.slate.restitution,
                self.physics.slate.friction,
                &mut k,
            );
            self.set_ball(ball.index(), k);
        }
        self.check_rest();
        Ok(())
    }

    fn start_stroke(&mut self, sample_hz: Option<f64>) {
        self.sample_every(sample_hz);
        // Balls still moving (rule 10) carry on from where the caller sees them.
        for i in 0..self.balls.len() {
            if let Some(ball) = self.balls[i]
                && !matches!(ball.phase, Phase::Off)
            {
                self.balls[i] = Some(Ball {
                    k: self.state_at(i, self.time),
                    ..ball
                });
            }
        }
        self.time = 0.0;
        self.clock = 0.0;
        self.pending = None;
        self.events.clear();
        self.follow.clear();
        self.recent.clear();
        self.rested = false;
        self.steps = 0;
        if let Some(sampling) = &mut self.sampling {
            sampling.taken = 0;
            sampling.trajectories.clear();
        }
        if self.next_flight_step.is_some() {
            self.next_flight_step = Some(self.physics.step.flight_step_s);
        }
    }

    /// Time since the strike, s.
    pub fn time(&self) -> f64 {
        self.time
    }

    /// The current stroke's events so far.
    pub fn events(&self) -> &[ShotEvent] {
        &self.events
    }

    /// Event-loop iterations since the strike.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// How a ball on the cloth moves now; None when it is off the cloth or not in play.
    pub fn motion(&self, ball: BallId) -> Option<Motion> {
        match self.balls[ball.index()]?.phase {
            Phase::Cloth(m) => Some(m),
            _ => None,
        }
    }

    /// Every ball has stopped, spinning included (rule 11).
    pub fn at_rest(&self) -> bool {
        self.rested
    }

    /// A ball in play (on the cloth or in the air) with its state at `time()`.
    pub fn ball(&self, ball: BallId) -> Option<Kinematics> {
        self.ball_states()
            .find(|(id, _)| *id == ball)
            .map(|(_, k)| k)
    }

    /// Balls in play (on the cloth or in the air) with their state at `time()`.
    pub fn ball_states(&self) -> impl Iterator<Item = (BallId, Kinematics)> + '_ {
        self.in_play()
            .map(move |(id, _)| (id, self.state_at(id.index(), self.time)))
    }

    /// Where the balls on the table stand now, on the cloth, by ball.
    pub fn lay_out(&self) -> Vec<(BallId, DVec2)> {
        self.ball_states()
            .map(|(ball, k)| (ball, k.pos.truncate()))
            .collect()
    }

    /// Where the balls other than `ball` on the table are centred, on the cloth.
    pub fn others_than(&self, ball: BallId) -> Vec<DVec2> {
        self.ball_states()
            .filter(|(id, _)| *id != ball)
            .map(|(_, k)| k.pos.truncate())
            .collect()
    }

    /// Ball `i`'s state at time `t` (from the stored state, before the next event).
    fn state_at(&self, i: usize, t: f64) -> Kinematics {
        let b = self.balls[i].expect("a ball in play");
        match (b.phase, self.flights[i]) {
            (Phase::Cloth(m), _) => {
                let mut k = b.k;
                self.cloth.advance(&mut k, m, t - self.clock);
                k
            }
            (Phase::Flying, Some(flight)) => flight.at(t, self.physics.gravity_m_s2),
            _ => b.k,
        }
    }

    /// Where ball `i` is at time `t`, as `state_at` has it, without the rest of its state.
    fn position_at(&self, i: usize, t: f64) -> DVec3 {
        let b = self.balls[i].expect("a ball in play");
        match (b.phase, self.flights[i]) {
            (Phase::Cloth(m), _) => self.cloth.position_after(&b.k, m, t - self.clock),
            (Phase::Flying, Some(flight)) => flight.at(t, self.physics.gravity_m_s2).pos,
            _ => b.k.pos,
        }
    }

    /// Runs the stroke to rest (or to the configured guard time).
    pub fn run_to_rest(&mut self) -> ShotRecord {
        self.finish();
        self.record()
    }

    /// `run_to_rest` without the record, for a caller that reads only part of it
    /// (`events`, `final_positions`, `duration`): a batch of strokes.
    pub fn finish(&mut self) {
        while !self.rested {
            self.advance_to(self.time + 1.0);
        }
    }

    /// Advances the simulation by `dt` seconds of its own time.
    pub fn advance(&mut self, dt: f64) {
        self.advance_to(self.time + dt);
    }

    /// Advances to time `target` (s since the strike): resolves every event up to it.
    pub fn advance_to(&mut self, target: f64) {
        let guard = self.physics.step.max_stroke_s;
        while !self.rested {
            let next = match self.pending {
                Some(next) => next,
                None => {
                    let next = self.next_event();
                    self.pending = Some(next);
                    next
                }
            };
            // A stroke still moving at the guard time stops there, whatever comes next
            // (a spin that would last minutes, a motion that never ends); so does one
            // whose events come so close together that time hardly moves.
            let out_of_steps = self.steps >= MAX_STROKE_STEPS;
            if out_of_steps || (target >= guard && next.is_none_or(|(t, _)| t > guard)) {
                let end = if out_of_steps { self.clock } else { guard };
                self.take_samples(end);
                self.advance_balls(end);
                self.clock = end;
                self.pending = None;
                self.stop_everything();
                break;
            }
            let Some((t, next)) = next.filter(|&(t, _)| t <= target) else {
                break;
            };
            self.take_samples(t);
            self.steps += 1;
            self.advance_balls(t);
            self.clock = t;
            self.pending = None;
            match next {
                Next::Flight => self.flight_step(),
                other => self.resolve(other),
            }
            self.check_rest();
        }
        self.time = if self.rested {
            self.clock
        } else {
            target.max(self.time)
        };
    }

    /// The rapier world, made on first use.
    fn rapier(&mut self) -> &mut RapierTable {
        let (table, physics, mass) = (&self.table, &self.physics, self.body.mass);
        self.rapier
            .get_or_insert_with(|| RapierTable::new(table, physics, mass))
    }

    fn in_play(&self) -> impl Iterator<Item = (BallId, &Ball)> + '_ {
        BallId::ALL.iter().filter_map(|&id| {
            self.balls[id.index()]
                .as_ref()
                .filter(|b| !matches!(b.phase, Phase::Off))
                .map(|b| (id, b))
        })
    }

    /// A bounce lower than this, m, keeps the ball on the cloth.
    fn min_flight_height(&self) -> f64 {
        self.physics.step.min_flight_height_mm / 1000.0
    }

    /// The upward speed, m/s, that rises `min_flight_height`: slower, a ball stays on
    /// the cloth.
    fn settle_speed(&self) -> f64 {
        (2.0 * self.physics.gravity_m_s2 * self.min_flight_height()).sqrt()
    }

    /// Puts a ball on the cloth, or in the air if it rises high enough to fly.
    fn set_ball(&mut self, i: usize, mut k: Kinematics) {
        if k.vel.z > self.settle_speed() {
            // It takes off from the bed it still touches; its first flight step that
            // finds it clear of the bed reports it airborne.
            self.balls[i] = Some(Ball {
                k,
                phase: Phase::Flying,
            });
            self.flights[i] = Some(Flight::start(k, self.clock, Part::Bed));
            // Its first flight step is one step from now (sooner than the landing of
            // another ball hopping in closed form).
            let first = self.clock + self.physics.step.flight_step_s;
            self.next_flight_step = Some(self.next_flight_step.map_or(first, |t| t.min(first)));
        } else {
            k.vel.z = 0.0;
            k.pos.z = self.table.ball_radius;
            self.balls[i] = Some(Ball {
                k,
                phase: Phase::Cloth(self.cloth.motion(&k)),
            });
        }
    }

    /// Balls that the cue stick touches at the strike besides the cue ball (rule 12):
    /// the shaft from the tip back along the cue, tapering from tip to butt.
    fn cue_touches(&self, s: &Stroke, start: &Kinematics) -> Vec<BallId> {
        let r = self.table.ball_radius;
        let axis = s.cue_axis();
        let tip = start.pos + s.contact_point(r);
        let length = self.cue.length_mm / 1000.0;
        let (tip_r, butt_r) = (
            self.cue.tip_radius_mm / 1000.0,
            self.cue.butt_radius_mm / 1000.0,
        );
        self.in_play()
            .filter(|&(id, _)| id != s.ball)
            .filter(|(_, b)| {
                let back = (tip - b.k.pos).dot(axis).clamp(0.0, length);
                let closest = tip - back * axis;
                let shaft_r = tip_r + (butt_r - tip_r) * back / length;
                closest.distance(b.k.pos) < r + shaft_r
            })
            .map(|(id, _)| id)
            .collect()
    }

    /// Moves every ball in play on to time `t` (≤ the next event).
    fn advance_balls(&mut self, t: f64) {
        for i in 0..4 {
            let Some(b) = self.balls[i] else { continue };
            // A ball at rest stays as it is: nothing to work out.
            if matches!(b.phase, Phase::Cloth(Motion::Rest)) {
                continue;
            }
            let k = self.state_at(i, t);
            self.balls[i] = Some(match b.phase {
                Phase::Cloth(_) => Ball {
                    k,
                    phase: Phase::Cloth(self.cloth.motion(&k)),
                },
                _ => Ball { k, ..b },
            });
        }
    }
}
