//! One tracked shot replayed: the balls laid out where the record starts, the cue ball
//! struck with a stroke, every ball simulated to rest, and the distance between the
//! simulated and the tracked balls over every tracked sample. Fitting a shot finds the
//! stroke (direction, speed, tip offsets and when it was played) that replays it best.

use super::data::{FRAME, Track, TrackedShot};
use super::optimize::minimize;
use crate::config::Config;
use crate::math::DVec2;
use crate::physics::{ShotError, TableSim};
use crate::shot::{BallId, ShotEvent, Stroke};
use crate::table::TableGeometry;
use std::collections::BTreeMap;

/// Simulated positions are sampled this often, Hz, and read between samples on the
/// straight line.
const SAMPLE_HZ: f64 = 250.0;

/// The largest tip offset a fitted stroke may have, a fraction of the radius (the
/// miscue limit is about 0.51).
const MAX_OFFSET: f64 = 0.5;

/// The ball radius, m.
const R: f64 = 0.030_75;

/// A stroke for a tracked shot: the cue stroke, and when it was played, s after the
/// record's first sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShotStroke {
    pub stroke: Stroke,
    pub delay: f64,
}

/// A shot played in the simulation: each ball's track on the record's clock, and the
/// simulation's events.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub tracks: BTreeMap<BallId, Track>,
    pub events: Vec<ShotEvent>,
}

/// The balls where the record starts, moved onto the bed and apart where the tracking
/// put them a hair off it or into each other.
pub fn lay_out(shot: &TrackedShot, table: &TableGeometry) -> Vec<(BallId, DVec2)> {
    let limits = table.centre_limits();
    let mut placed: Vec<(BallId, DVec2)> = Vec::new();
    for (&ball, track) in &shot.tracks {
        let mut p = track.p[0].clamp(-limits, limits);
        for &(_, q) in &placed {
            let gap = p - q;
            let needed = 2.0 * table.ball_radius + 1e-6;
            if gap.length() < needed {
                p = q + gap.normalize_or(DVec2::X) * needed;
            }
        }
        placed.push((ball, p.clamp(-limits, limits)));
    }
    placed
}

/// Plays `stroke` on the shot's lay-out.
pub fn replay(
    config: &Config,
    table: &TableGeometry,
    shot: &TrackedShot,
    stroke: &ShotStroke,
) -> Result<Replay, ShotError> {
    let mut sim = TableSim::new(config, table.clone());
    let positions = lay_out(shot, table);
    sim.place(&positions)?;
    sim.strike(&[stroke.stroke], Some(SAMPLE_HZ))?;
    let record = sim.run_to_rest();
    let tracks = positions
        .iter()
        .map(|&(ball, start)| {
            let mut track = Track {
                t: vec![0.0],
                p: vec![start],
            };
            for s in record.trajectories.get(&ball).into_iter().flatten() {
                track.t.push(s[0] + stroke.delay);
                track.p.push(DVec2::new(s[1], s[2]));
            }
            if let Some(end) = record.final_positions.get(&ball) {
                track.t.push(record.duration + stroke.delay + 1e-3);
                track.p.push(DVec2::new(end.x, end.y));
            }
            (ball, track)
        })
        .collect();
    Ok(Replay {
        tracks,
        events: record.events,
    })
}

/// The root mean square distance between the replay and the record over every tracked
/// sample of every ball, m.
pub fn rms(shot: &TrackedShot, replay: &Replay) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for (ball, track) in &shot.tracks {
        let Some(simulated) = replay.tracks.get(ball) else {
            continue;
        };
        for (t, p) in track.t.iter().zip(&track.p) {
            sum += simulated.at(*t).distance_squared(*p);
            n += 1;
        }
    }
    (sum / n.max(1) as f64).sqrt()
}

/// First guesses at the stroke, each a centre-ball hit: the cue ball's direction and
/// speed over its first two whole frames of motion, played just before its first
/// motion sample; and where an object ball was set moving within those frames (the
/// cue ball met it at once, so its first frames are already deflected), the stroke
/// aimed at the ghost ball that sends the object ball the way it went, as fast as the
/// two balls' momenta after the contact add up to.
fn first_guesses(shot: &TrackedShot) -> Vec<ShotStroke> {
    let cue = &shot.tracks[&BallId::White];
    let Some((first, later)) = first_frames(cue) else {
        return vec![ShotStroke {
            stroke: Stroke::new(BallId::White, 0.0, 1.0),
            delay: 0.0,
        }];
    };
    let (way, time) = (cue.p[later] - cue.p[first], cue.t[later] - cue.t[first]);
    let velocity = way / time;
    let speed = velocity.length().clamp(0.5, 7.0);
    let delay = (cue.t[first] - cue.p[first].distance(cue.p[0]) / speed).max(0.0);
    let mut guesses = vec![ShotStroke {
        stroke: Stroke::new(BallId::White, way.y.atan2(way.x).to_degrees(), speed),
        delay,
    }];
    for (ball, track) in &shot.tracks {
        let Some((o_first, o_later)) = first_frames(track).filter(|_| *ball != BallId::White)
        else {
            continue;
        };
        if track.t[o_first] > cue.t[later] {
            continue;
        }
        let o_way = track.p[o_later] - track.p[o_first];
        let ghost = track.p[0] - o_way.normalize_or_zero() * 2.0 * R;
        let aim = ghost - cue.p[0];
        let speed = (velocity + o_way / (track.t[o_later] - track.t[o_first]))
            .length()
            .clamp(0.5, 7.0);
        guesses.push(ShotStroke {
            stroke: Stroke::new(BallId::White, aim.y.atan2(aim.x).to_degrees(), speed),
            delay: (track.t[o_first] - FRAME - aim.length() / speed).max(0.0),
        });
    }
    guesses
}

/// A ball's first motion sample and the one two frames later (or the last before it
/// came to rest), when it moves over at least two samples.
fn first_frames(track: &Track) -> Option<(usize, usize)> {
    // The last sample is where the ball came to rest, stamped with the shot's end.
    let last_moving = track.p.len().checked_sub(2)?;
    let first = track.p.iter().position(|p| p.distance(track.p[0]) > 1e-4)?;
    let later = (first + 2).min(last_moving);
    (later > first).then_some((first, later))
}

/// What fitting found: the stroke and its distance to the record (RMS, m).
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    pub stroke: ShotStroke,
    pub rms: f64,
    pub evaluations: usize,
}

/// The stroke that replays `shot` best (least RMS over all samples): a simplex search
/// over direction, speed, tip offsets and delay, from a few tip offsets.
pub fn fit(config: &Config, table: &TableGeometry, shot: &TrackedShot, budget: usize) -> Fitted {
    let to_stroke = |x: &[f64]| {
        let (mut side, mut height) = (x[2], x[3]);
        let offset = side.hypot(height);
        if offset > MAX_OFFSET {
            side *= MAX_OFFSET / offset;
            height *= MAX_OFFSET / offset;
        }
        ShotStroke {
            stroke: Stroke {
                side,
                height,
                ..Stroke::new(BallId::White, x[0], x[1])
            },
            delay: x[4],
        }
    };
    let cost = |x: &[f64]| {
        replay(config, table, shot, &to_stroke(x)).map_or(f64::INFINITY, |r| rms(shot, &r))
    };
    let step = [1.5, 0.4, 0.25, 0.25, 0.01];
    let tips = [
        (0.0, 0.0),
        (0.3, 0.3),
        (-0.3, 0.3),
        (0.3, -0.3),
        (-0.3, -0.3),
    ];
    let guesses = first_guesses(shot);
    let per_start = budget / (guesses.len() * tips.len() + 1);
    // The best start so far: where, its value, and the box it was searched in.
    let mut best: Option<(Vec<f64>, f64, [f64; 5], [f64; 5])> = None;
    let mut evaluations = 0;
    for guess in &guesses {
        let (direction, delay) = (guess.stroke.direction_deg, guess.delay);
        let lo = [
            direction - 30.0,
            0.3,
            -MAX_OFFSET,
            -MAX_OFFSET,
            (delay - 0.05).max(0.0),
        ];
        let hi = [direction + 30.0, 8.0, MAX_OFFSET, MAX_OFFSET, delay + 0.05];
        for (side, height) in tips {
            let start = [direction, guess.stroke.speed, side, height, delay];
            let m = minimize(cost, &start, &step, &lo, &hi, 1e-6, per_start);
            evaluations += m.evaluations;
            if best.as_ref().is_none_or(|b| m.value < b.1) {
                best = Some((m.x, m.value, lo, hi));
            }
        }
    }
    let (x, _, lo, hi) = best.expect("a start was tried");
    let small = step.map(|s| s / 4.0);
    let m = minimize(cost, &x, &small, &lo, &hi, 1e-7, per_start);
    evaluations += m.evaluations;
    Fitted {
        stroke: to_stroke(&m.x),
        rms: m.value,
        evaluations,
    }
}
