//! `TableSim`: the table's balls over time. Between contacts each ball on the cloth
//! moves in closed form (`cloth`); the loop jumps from one event to the next — a
//! contact (first root of a polynomial), a change of motion, a touch of the cue's
//! follow-through — and resolves contacts with the impulse models (`contact`). A ball
//! off the cloth is handed to rapier (`world`), stepped on a fixed step in lockstep.
//! Every step length comes from the simulation's own state, so the same input gives
//! the same bits, headless or in the game, whatever the caller's chunking.

use super::cloth::{Cloth, Kinematics, Motion};
use super::contact::{self, BallBody};
use super::events::{EventKind, FinalPosition, ShotEvent, ShotRecord};
use super::poly::{Poly, first_closing};
use super::stroke::{self, FollowThrough, Stroke};
use super::world::{Part, RapierTable};
use crate::ball::BallId;
use crate::config::{Config, CueConfig, PhysicsConfig};
use crate::math::{DQuat, DVec2, DVec3};
use crate::table::{Cushion, TableGeometry};
use std::collections::BTreeMap;

mod flight;

use flight::Flight;

/// Impacts slower than this, m/s, repeated on the same pair within `PRESS_WINDOW` s,
/// are one continuing (pressing) contact, not new touches.
const PRESS_SPEED: f64 = 1e-3;
const PRESS_WINDOW: f64 = 0.05;
/// A pressing contact is pushed apart far enough to stay clear this long, m of gap.
const PRESS_GAP: f64 = 1e-4;
/// Every contact ends with the bodies parting at least this fast, m/s, so that the
/// same contact is not found again at the same instant.
const MIN_PARTING: f64 = 1e-6;
#[derive(Clone, Copy, Debug)]
enum Phase {
    Cloth(Motion),
    /// Off the cloth, stepped by rapier.
    Flying(Flight),
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
    /// Rapier's next step for the balls off the cloth.
    Flight,
}

/// Repeated contacts of one pair, for telling pressing from touching.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Pair {
    Balls(usize, usize),
    Cushion(usize, Cushion),
}

pub struct TableSim {
    table: TableGeometry,
    body: BallBody,
    cloth: Cloth,
    physics: PhysicsConfig,
    cue: CueConfig,
    balls: [Option<Ball>; 4],
    rapier: RapierTable,
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
        };
        TableSim {
            rapier: RapierTable::new(&table, &physics, body.mass),
            table,
            body,
            cloth,
            physics,
            cue: config.cue.clone(),
            balls: [None; 4],
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

    pub fn table(&self) -> &TableGeometry {
        &self.table
    }

    /// Puts the listed balls at rest at their positions (table frame, m); balls not
    /// listed leave the table. Refuses a ball off the bed or overlapping another.
    pub fn place(&mut self, positions: &[(BallId, DVec2)]) -> Result<(), String> {
        let r = self.table.ball_radius;
        for (i, &(id, p)) in positions.iter().enumerate() {
            if !p.is_finite() {
                return Err(format!("{id}: position must be finite numbers"));
            }
            if !self.table.fits_on_bed(p) {
                let limits = self.table.centre_limits();
                return Err(format!(
                    "{id} at ({:.4}, {:.4}) is not on the bed: on the {} table a ball's centre must lie within |x| ≤ {:.4} m and |y| ≤ {:.4} m",
                    p.x, p.y, self.table.preset, limits.x, limits.y
                ));
            }
            for &(other, q) in &positions[..i] {
                if other == id {
                    return Err(format!("{id} is listed twice"));
                }
                if p.distance(q) < 2.0 * r - 1e-9 {
                    return Err(format!(
                        "{id} and {other} overlap: their centres are {:.4} m apart, at least {:.4} m (a ball's diameter) is needed",
                        p.distance(q),
                        2.0 * r
                    ));
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
        self.next_flight_step = None;
        self.pending = None;
        self.rested = true;
        self.sync_rapier();
        Ok(())
    }

    /// Plays strokes at the same moment (one, or two in the lag) and starts a new stroke
    /// record. Balls still moving are noted in the strike (rule 10), not stopped.
    pub fn strike(&mut self, strokes: &[Stroke]) -> Result<(), String> {
        for (i, s) in strokes.iter().enumerate() {
            s.validate()?;
            match self.balls[s.ball.index()] {
                Some(Ball {
                    phase: Phase::Cloth(_),
                    ..
                }) => {}
                _ => {
                    return Err(format!(
                        "{} is not on the cloth and cannot be struck",
                        s.ball
                    ));
                }
            }
            if strokes[..i].iter().any(|o| o.ball == s.ball) {
                return Err(format!("{} is struck twice", s.ball));
            }
        }
        let moving: Vec<BallId> = self
            .in_play()
            .filter(|&(_, b)| !matches!(b.phase, Phase::Cloth(Motion::Rest)))
            .map(|(id, _)| id)
            .collect();
        self.start_stroke();
        let slate = (self.physics.slate.restitution, self.physics.slate.friction);
        for s in strokes {
            let i = s.ball.index();
            let start = self.balls[i].expect("checked above").k;
            let outcome = stroke::strike(s, self.body, &self.cue, &start, slate);
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
        Ok(())
    }

    /// Sets a ball moving directly (velocity m/s, spin rad/s), with no cue, and starts a
    /// new stroke record.
    pub fn launch(&mut self, ball: BallId, vel: DVec3, spin: DVec3) -> Result<(), String> {
        if !vel.is_finite() || !spin.is_finite() {
            return Err("launch: velocity and spin must be finite numbers".into());
        }
        if vel.length() > stroke::MAX_SPEED {
            return Err(format!(
                "launch: speed {:.3} m/s is above the {} m/s allowed",
                vel.length(),
                stroke::MAX_SPEED
            ));
        }
        let Some(b) = self.balls[ball.index()] else {
            return Err(format!("launch: {ball} is not on the table"));
        };
        self.start_stroke();
        let mut k = b.k;
        k.vel = vel;
        k.spin = spin;
        contact::bounce(
            self.body,
            self.physics.slate.restitution,
            self.physics.slate.friction,
            &mut k,
        );
        self.set_ball(ball.index(), k);
        Ok(())
    }

    fn start_stroke(&mut self) {
        // Balls still moving (rule 10) carry on from where the caller sees them.
        let now: Vec<(BallId, Kinematics)> = self.ball_states().collect();
        for (id, k) in now {
            if let Some(ball) = self.balls[id.index()].as_mut() {
                ball.k = k;
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

    /// Balls in play (on the cloth or in the air) with their state at `time()`.
    pub fn ball_states(&self) -> impl Iterator<Item = (BallId, Kinematics)> + '_ {
        let dt = self.time - self.clock;
        self.in_play().map(move |(id, b)| {
            let mut k = b.k;
            if let Phase::Cloth(m) = b.phase {
                self.cloth.advance(&mut k, m, dt);
            }
            (id, k)
        })
    }

    /// Every ball placed for this stroke, jumped ones included, with whether it is
    /// still on the table.
    pub fn final_positions(&self) -> impl Iterator<Item = (BallId, FinalPosition)> + '_ {
        BallId::ALL.iter().filter_map(|&id| {
            let b = self.balls[id.index()]?;
            let on_table = !matches!(b.phase, Phase::Off);
            let pos = if on_table {
                self.ball_states().find(|(i, _)| *i == id)?.1.pos
            } else {
                b.k.pos
            };
            Some((
                id,
                FinalPosition {
                    x: pos.x,
                    y: pos.y,
                    z: pos.z,
                    on_table,
                },
            ))
        })
    }

    /// The record of the stroke so far.
    pub fn record(&self) -> ShotRecord {
        ShotRecord {
            events: self.events.clone(),
            final_positions: self.final_positions().collect(),
            trajectories: self
                .sampling
                .as_ref()
                .map(|s| s.trajectories.clone())
                .unwrap_or_default(),
            duration: if self.rested { self.clock } else { self.time },
        }
    }

    /// Records every ball's position `hz` times a second of simulated time from now on
    /// (the samples go into `record().trajectories`); None stops it.
    pub fn sample_every(&mut self, hz: Option<f64>) {
        self.sampling = hz.map(|hz| Sampling {
            period: 1.0 / hz,
            taken: 0,
            trajectories: BTreeMap::new(),
        });
    }

    /// Takes the samples due up to time `t` (≤ the next event), from the stored state.
    fn take_samples(&mut self, t: f64) {
        let Some(sampling) = &self.sampling else {
            return;
        };
        let (period, mut taken) = (sampling.period, sampling.taken);
        let mut samples = Vec::new();
        while taken as f64 * period <= t {
            let at = taken as f64 * period;
            for (id, b) in self.in_play() {
                let mut k = b.k;
                if let Phase::Cloth(m) = b.phase {
                    self.cloth.advance(&mut k, m, at - self.clock);
                }
                samples.push((id, [at, k.pos.x, k.pos.y, k.pos.z]));
            }
            taken += 1;
        }
        if let Some(sampling) = &mut self.sampling {
            sampling.taken = taken;
            for (id, sample) in samples {
                sampling.trajectories.entry(id).or_default().push(sample);
            }
        }
    }

    /// Runs the stroke to rest (or to the configured guard time), sampling positions
    /// `sample_hz` times a second when asked.
    pub fn run_to_rest(&mut self, sample_hz: Option<f64>) -> ShotRecord {
        if sample_hz.is_some() {
            self.sample_every(sample_hz);
        }
        while !self.rested {
            self.advance_to(self.time + 1.0);
        }
        self.record()
    }

    /// Advances the simulation by `dt` seconds of its own time.
    pub fn advance(&mut self, dt: f64) {
        self.advance_to(self.time + dt);
    }

    /// Advances to time `target` (s since the strike): resolves every event up to it.
    pub fn advance_to(&mut self, target: f64) {
        while !self.rested {
            if self.clock >= self.physics.step.max_stroke_s {
                self.stop_everything();
                break;
            }
            let next = match self.pending {
                Some(next) => next,
                None => {
                    let next = self.next_event();
                    self.pending = Some(next);
                    next
                }
            };
            let Some((t, next)) = next.filter(|&(t, _)| t <= target) else {
                break;
            };
            self.take_samples(t);
            self.steps += 1;
            self.advance_cloth(t - self.clock);
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
        self.sync_rapier();
    }

    fn in_play(&self) -> impl Iterator<Item = (BallId, &Ball)> + '_ {
        BallId::ALL.iter().filter_map(|&id| {
            self.balls[id.index()]
                .as_ref()
                .filter(|b| !matches!(b.phase, Phase::Off))
                .map(|b| (id, b))
        })
    }

    fn push_event(&mut self, kind: EventKind) {
        self.events.push(ShotEvent {
            t: self.clock,
            kind,
        });
    }

    /// Puts a ball on the cloth, or in the air if it rises high enough to fly.
    fn set_ball(&mut self, i: usize, mut k: Kinematics) {
        let g = self.physics.gravity_m_s2;
        let min_height = self.physics.step.min_flight_height_mm / 1000.0;
        if k.vel.z > 0.0 && k.vel.z * k.vel.z / (2.0 * g) > min_height {
            // It takes off from the bed it still touches; its first flight step that
            // finds it clear of the bed reports it airborne.
            self.balls[i] = Some(Ball {
                k,
                phase: Phase::Flying(Flight {
                    touching: 1 << Part::Bed.code(),
                    top: None,
                    still_since: None,
                }),
            });
            // Its first rapier step takes it from now to one step later.
            if self.next_flight_step.is_none() {
                self.next_flight_step = Some(self.clock + self.physics.step.flight_step_s);
            }
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

    /// The earliest event from the stored state. Contacts are searched up to the first
    /// change of motion or flight step, found from the state alone.
    fn next_event(&self) -> Option<(f64, Next)> {
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
        let diameter = 2.0 * self.table.ball_radius;
        for (x, &(i, ki, mi)) in cloth.iter().enumerate() {
            for &(j, kj, mj) in &cloth[x + 1..] {
                if !moves(mi) && !moves(mj) {
                    continue;
                }
                let (dp, dv) = (kj.pos - ki.pos, kj.vel - ki.vel);
                let da = self.cloth.acceleration(&kj, mj) - self.cloth.acceleration(&ki, mi);
                // Far apart for the whole span: no contact possible.
                let reach = dv.length() * span + 0.5 * da.length() * span * span;
                if dp.length() - diameter > reach {
                    continue;
                }
                let poly = gap_poly(dp, dv, da.extend(0.0), diameter);
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
        best
    }

    fn advance_cloth(&mut self, dt: f64) {
        for b in self.balls.iter_mut().flatten() {
            if let Phase::Cloth(m) = b.phase {
                self.cloth.advance(&mut b.k, m, dt);
                b.phase = Phase::Cloth(self.cloth.motion(&b.k));
            }
        }
    }

    fn resolve(&mut self, next: Next) {
        match next {
            Next::Change | Next::Flight => {}
            Next::Cushion(i, c) => self.hit_cushion(i, c),
            Next::Balls(i, j) => self.hit_balls(i, j),
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
        let ball = BallId::ALL[i];
        let until = self.clock + contact;
        for e in &mut self.events {
            if let EventKind::Strike {
                ball: struck,
                tip_contact_s,
                ..
            } = &mut e.kind
                && *struck == ball
            {
                *tip_contact_s = until - e.t;
            }
        }
    }

    /// Whether a contact is a new touch (an event) rather than the same pair pressing on.
    fn is_new_touch(&mut self, pair: Pair, speed: f64) -> bool {
        let recent = self
            .recent
            .iter()
            .any(|&(p, t)| p == pair && self.clock - t < PRESS_WINDOW);
        self.recent.retain(|&(p, _)| p != pair);
        self.recent.push((pair, self.clock));
        !(recent && speed < PRESS_SPEED)
    }

    fn check_rest(&mut self) {
        let still = self
            .in_play()
            .all(|(_, b)| matches!(b.phase, Phase::Cloth(Motion::Rest)));
        if still && !self.rested {
            self.rested = true;
            self.follow.clear();
            self.push_event(EventKind::Rest);
            // The samples end where the balls stopped.
            self.take_samples(self.clock);
            let at_rest: Vec<(BallId, DVec3)> =
                self.in_play().map(|(id, b)| (id, b.k.pos)).collect();
            if let Some(sampling) = &mut self.sampling {
                for (id, p) in at_rest {
                    let samples = sampling.trajectories.entry(id).or_default();
                    if samples.last().is_none_or(|s| s[0] < self.clock) {
                        samples.push([self.clock, p.x, p.y, p.z]);
                    }
                }
            }
        }
    }

    /// The guard for a stroke that would never end: everything stops where it is.
    fn stop_everything(&mut self) {
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

    /// Writes every ball's state to its rapier body.
    fn sync_rapier(&mut self) {
        for id in BallId::ALL {
            match self.balls[id.index()] {
                Some(Ball {
                    k,
                    phase: Phase::Cloth(_),
                }) => self.rapier.sync(id, Some(&k), false),
                Some(Ball {
                    k,
                    phase: Phase::Flying(_),
                }) => self.rapier.sync(id, Some(&k), true),
                _ => self.rapier.sync(id, None, false),
            }
        }
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
