//! One tracked shot replayed: the balls laid out where the record starts, the cue ball
//! struck with a stroke, every ball simulated to rest, and the distance between the
//! simulated and the tracked balls over every tracked sample. Fitting a shot finds the
//! stroke (direction, speed, tip offsets and when it was played) that replays it best.

use super::data::{Track, TrackedShot};
use super::optimize::minimize;
use crate::config::Config;
use crate::math::DVec2;
use crate::physics::TableSim;
use crate::shot::{BallId, ShotEvent, Stroke};
use crate::table::TableGeometry;
use std::collections::BTreeMap;

/// Simulated positions are sampled this often, Hz, and read between samples on the
/// straight line.
const SAMPLE_HZ: f64 = 250.0;

/// The largest tip offset a fitted stroke may have, a fraction of the radius (the
/// miscue limit is about 0.51).
const MAX_OFFSET: f64 = 0.5;

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
) -> Result<Replay, String> {
    let mut sim = TableSim::new(config, table.clone());
    let positions = lay_out(shot, table);
    sim.place(&positions).map_err(|e| e.to_string())?;
    sim.strike(&[stroke.stroke]).map_err(|e| e.to_string())?;
    let record = sim.run_to_rest(Some(SAMPLE_HZ));
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

/// The first guess at the stroke: the cue ball's direction and speed over its first
/// tracked samples, a centre-ball hit, played just before its first motion sample.
fn first_guess(shot: &TrackedShot) -> ShotStroke {
    let cue = &shot.tracks[&BallId::White];
    let first = cue
        .p
        .iter()
        .position(|p| p.distance(cue.p[0]) > 1e-4)
        .unwrap_or(1)
        .min(cue.p.len() - 1);
    let later = (first + 4).min(cue.p.len() - 2).max(first);
    let way = cue.p[later] - cue.p[0];
    let time = (cue.t[later] - cue.t[first.saturating_sub(1)]).max(0.02);
    let speed = (way.length() / time).clamp(0.5, 7.0);
    let delay = (cue.t[first] - cue.p[first].distance(cue.p[0]) / speed).max(0.0);
    ShotStroke {
        stroke: Stroke::new(BallId::White, way.y.atan2(way.x).to_degrees(), speed),
        delay,
    }
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
    let guess = first_guess(shot);
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
    let direction = guess.stroke.direction_deg;
    let lo = [direction - 30.0, 0.3, -MAX_OFFSET, -MAX_OFFSET, 0.0];
    let hi = [direction + 30.0, 8.0, MAX_OFFSET, MAX_OFFSET, 0.1];
    let step = [1.5, 0.4, 0.25, 0.25, 0.01];
    let starts = [
        (0.0, 0.0),
        (0.3, 0.3),
        (-0.3, 0.3),
        (0.3, -0.3),
        (-0.3, -0.3),
    ];
    let per_start = budget / (starts.len() + 1);
    let mut best: Option<(Vec<f64>, f64)> = None;
    let mut evaluations = 0;
    for (side, height) in starts {
        let start = [direction, guess.stroke.speed, side, height, guess.delay];
        let m = minimize(cost, &start, &step, &lo, &hi, 1e-6, per_start);
        evaluations += m.evaluations;
        if best.as_ref().is_none_or(|(_, v)| m.value < *v) {
            best = Some((m.x, m.value));
        }
    }
    let (x, _) = best.expect("a start was tried");
    let small = step.map(|s| s / 4.0);
    let m = minimize(cost, &x, &small, &lo, &hi, 1e-7, per_start);
    evaluations += m.evaluations;
    Fitted {
        stroke: to_stroke(&m.x),
        rms: m.value,
        evaluations,
    }
}
