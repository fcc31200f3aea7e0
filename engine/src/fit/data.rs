//! Tracked real shots in the format tailuge/billiards publishes
//! (`dist/fit/trajectories.json`): a list of `{id, balls: {"1"|"2"|"3": {t, x, y}}}`,
//! positions centred on the table in tailuge's units (metres × 1.06507), times on a
//! 0.02 s grid. Balls "1" and "2" are the whites, "3" the red; the cue ball is the white
//! that moves first. A ball is logged once it has moved about 2 cm; its last sample is
//! where it came to rest, stamped with the shot's end time.

use crate::config::ConfigError;
use crate::math::DVec2;
use crate::shot::BallId;
use serde::Deserialize;
use std::collections::BTreeMap;

/// Tailuge's units per metre (1.479645 / 1.38925).
pub const UNITS_PER_METRE: f64 = 1.479645 / 1.38925;
/// The recording's frame, s.
pub const FRAME: f64 = 0.02;
/// Every densely logged ball of the published file has two samples stamped 2.34 s, a
/// labelling slip (their positions are evenly spaced): later samples are 0.02 s late.
const SLIPPED_STAMP: f64 = 2.34;

/// One ball's samples: times (s, increasing) and positions (m, table frame).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Track {
    pub t: Vec<f64>,
    pub p: Vec<DVec2>,
}

impl Track {
    /// Where the ball is at `t`: between samples on the straight line, before the
    /// first and after the last where those are.
    pub fn at(&self, t: f64) -> DVec2 {
        let i = self.t.partition_point(|&s| s <= t);
        match i {
            0 => self.p[0],
            i if i == self.t.len() => self.p[i - 1],
            i => {
                let (t0, t1) = (self.t[i - 1], self.t[i]);
                self.p[i - 1].lerp(self.p[i], (t - t0) / (t1 - t0))
            }
        }
    }

    /// Whether the ball moves in the shot at all.
    pub fn moves(&self) -> bool {
        self.p.iter().any(|p| p.distance(self.p[0]) > 0.005)
    }
}

/// One tracked shot: its index in the file and each ball's track (White is the cue
/// ball, Dotted the other white, Red the red).
#[derive(Clone, Debug, PartialEq)]
pub struct TrackedShot {
    pub index: usize,
    pub tracks: BTreeMap<BallId, Track>,
}

#[derive(Deserialize)]
struct RawShot {
    balls: BTreeMap<String, RawTrack>,
}

#[derive(Deserialize)]
struct RawTrack {
    t: Vec<f64>,
    x: Vec<f64>,
    y: Vec<f64>,
}

/// Reads the file's text; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Vec<TrackedShot>, ConfigError> {
    let raw: Vec<RawShot> =
        serde_json::from_str(text).map_err(|e| ConfigError::whole_file(file, e.to_string()))?;
    raw.into_iter()
        .enumerate()
        .map(|(index, shot)| {
            tracked(index, shot)
                .map_err(|e| ConfigError::whole_file(file, format!("shot {index}: {e}")))
        })
        .collect()
}

/// A tracked shot that cannot be used.
#[derive(Clone, Debug, PartialEq)]
pub enum ShotProblem {
    /// No track of the ball of this key.
    NoBall(&'static str),
    /// A track of fewer than two samples, or with x, y and t of different lengths.
    FewSamples,
}

fn tracked(index: usize, shot: RawShot) -> Result<TrackedShot, ShotProblem> {
    let mut tracks = BTreeMap::new();
    for key in ["1", "2", "3"] {
        let raw = shot.balls.get(key).ok_or(ShotProblem::NoBall(key))?;
        tracks.insert(key, track(raw)?);
    }
    // The cue ball: the white whose second sample (its first motion) comes first.
    let starts = |key: &str| tracks[key].t.get(1).copied().unwrap_or(f64::INFINITY);
    let (cue, other) = if starts("1") <= starts("2") {
        ("1", "2")
    } else {
        ("2", "1")
    };
    let mut take = |key: &str| tracks.remove(key).expect("read above");
    let tracks = BTreeMap::from([
        (BallId::White, take(cue)),
        (BallId::Dotted, take(other)),
        (BallId::Red, take("3")),
    ]);
    Ok(TrackedShot { index, tracks })
}

fn track(raw: &RawTrack) -> Result<Track, ShotProblem> {
    let n = raw.t.len();
    if n < 2 || raw.x.len() != n || raw.y.len() != n {
        return Err(ShotProblem::FewSamples);
    }
    let mut t = Vec::with_capacity(n + 1);
    let mut p = Vec::with_capacity(n + 1);
    let mut slipped = false;
    for i in 0..n {
        let mut time = (raw.t[i] * 1e4).round() / 1e4;
        if time > SLIPPED_STAMP + 1e-6 || (slipped && (time - SLIPPED_STAMP).abs() < 1e-6) {
            time += FRAME;
        }
        slipped |= (time - SLIPPED_STAMP).abs() < 1e-6;
        if t.last().is_some_and(|&last| time <= last + 1e-9) {
            continue;
        }
        t.push(time);
        p.push(DVec2::new(raw.x[i], raw.y[i]) / UNITS_PER_METRE);
    }
    // A ball is logged once it has moved: it stood at its first place until one frame
    // before its first motion sample.
    if t.len() > 2 && t[1] - FRAME > 1e-6 {
        t.insert(1, t[1] - FRAME);
        p.insert(1, p[0]);
    }
    Ok(Track { t, p })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shot_reads_in_metres_with_the_cue_ball_first_and_rests_filled_in() {
        let text = r#"[{"id": 0, "balls": {
            "1": {"t": [0, 0.5, 10.0], "x": [0.0, 0.1, 0.2], "y": [0.0, 0.0, 0.0]},
            "2": {"t": [0, 0.04, 0.06, 10.0], "x": [1.06507, 1.0, 0.9, 0.5], "y": [0.0, 0.0, 0.0, 0.0]},
            "3": {"t": [0, 10.0], "x": [-0.5, -0.5], "y": [0.2, 0.2]}}}]"#;
        let shots = parse("t.json", text).unwrap();
        let cue = &shots[0].tracks[&BallId::White];
        // Ball "2" moves first: it is the cue ball, in metres.
        assert!((cue.p[0].x - 1.0).abs() < 1e-5);
        // Ball "1" stood still until one frame before its first motion sample.
        let other = &shots[0].tracks[&BallId::Dotted];
        // (Times after the slipped stamp at 2.34 s are a frame later.)
        assert_eq!(other.t, [0.0, 0.48, 0.5, 10.02]);
        assert_eq!(other.at(0.3), other.p[0]);
        assert!(!shots[0].tracks[&BallId::Red].moves());
        assert!(parse("t.json", "[{\"balls\": {}}]").is_err());
    }

    #[test]
    fn the_doubled_stamp_at_2_34_s_is_read_as_the_frame_it_is() {
        let raw = RawTrack {
            t: vec![0.0, 2.32, 2.34, 2.34, 2.36],
            x: vec![0.0; 5],
            y: vec![0.0; 5],
        };
        // Logged first at 2.32 s: it stood still until a frame before.
        assert_eq!(track(&raw).unwrap().t, [0.0, 2.3, 2.32, 2.34, 2.36, 2.38]);
    }
}
