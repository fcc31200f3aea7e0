//! Measurements made the same way on tracked and on simulated balls: ball–ball contacts
//! in order, and the effective cushion restitution — outgoing over incoming normal speed,
//! from positions 0.06–0.12 s either side of a cushion contact.

use super::data::{FRAME, Track};
use crate::math::DVec2;
use crate::shot::BallId;
use std::collections::BTreeMap;

const R: f64 = 0.030_75;
/// Centre limits of a ball on the 2840 × 1420 mm table, m (its cushion lines).
const X_LIMIT: f64 = 1.42 - R;
const Y_LIMIT: f64 = 0.71 - R;
/// Two balls closer than this, m, at a closest approach, may have touched.
const CONTACT_GAP: f64 = 0.015;
/// A contact changes a ball's velocity by at least this, m/s, measured from positions
/// `KICK_NEAR`–`KICK_FAR` s either side.
const KICK: f64 = 0.04;
/// A ball slower than this, m/s, stood still.
const STILL: f64 = 0.01;
const KICK_NEAR: f64 = 0.02;
const KICK_FAR: f64 = 0.08;
/// Closest approaches of the same two balls closer in time than this, s, are one contact.
const SAME_CONTACT: f64 = 0.15;
/// The restitution window: positions this long before and after a contact, s.
const NEAR: f64 = 0.06;
const FAR: f64 = 0.12;
/// A cushion contact is left out when the same ball meets a cushion or a ball this
/// close in time, s.
const ALONE: f64 = FAR + 0.03;

/// The incoming normal speeds of the curve's bins, m/s: their edges.
pub const BIN_EDGES: [f64; 6] = [0.0, 0.55, 0.95, 1.5, 2.4, 10.0];
/// The real balls' curve as the issue measured it (mean incoming speed, restitution).
pub const REAL_CURVE: [(f64, f64); 5] = [
    (0.39, 0.58),
    (0.73, 0.65),
    (1.22, 0.73),
    (1.86, 0.75),
    (2.96, 0.73),
];

/// The ball–ball contacts of a shot, in time order: (time, the pair). A contact is a
/// closest approach of two balls near enough to have touched (within `CONTACT_GAP`,
/// and half a frame's relative travel more, as the samples are a frame apart) where the
/// two balls' velocities change as a collision changes them: by `KICK` or more, and
/// either equally and oppositely (momentum passed from one to the other) or from rest
/// (a ball that stood still was set moving; the other may meet a cushion at once), so
/// that a ball rolling past another, two balls lying side by side or a ball meeting a
/// cushion next to another is none. Approaches of a pair closer in time than `SAME_CONTACT` are one
/// contact.
pub fn ball_contacts(tracks: &BTreeMap<BallId, Track>) -> Vec<(f64, [BallId; 2])> {
    let balls: Vec<(&BallId, &Track)> = tracks.iter().collect();
    let mut contacts = Vec::new();
    for (i, (a, ta)) in balls.iter().enumerate() {
        for (b, tb) in &balls[i + 1..] {
            let end =
                ta.t.last()
                    .copied()
                    .unwrap_or(0.0)
                    .max(tb.t.last().copied().unwrap_or(0.0));
            let mut grid: Vec<f64> = ta.t.iter().chain(&tb.t).copied().collect();
            grid.extend((0..(end / 0.01) as usize).map(|k| k as f64 * 0.01));
            grid.sort_by(f64::total_cmp);
            grid.dedup();
            let d: Vec<f64> = grid.iter().map(|&t| ta.at(t).distance(tb.at(t))).collect();
            let mut last: Option<f64> = None;
            for k in 0..d.len() {
                let before = if k > 0 { d[k - 1] } else { f64::INFINITY };
                let after = d.get(k + 1).copied().unwrap_or(f64::INFINITY);
                let t = grid[k];
                if d[k] > before || d[k] >= after || last.is_some_and(|l| t - l < SAME_CONTACT) {
                    continue;
                }
                let closing = (velocity(ta, t, -1.0) - velocity(tb, t, -1.0)).length();
                if d[k] > 2.0 * R + CONTACT_GAP + 0.5 * FRAME * closing {
                    continue;
                }
                let change = |track: &Track| velocity(track, t, 1.0) - velocity(track, t, -1.0);
                let (da, db) = (change(ta), change(tb));
                let kick = da.length().max(db.length());
                let passed_on = (da + db).length() < 0.5 * kick;
                let started = [ta, tb].iter().any(|track| {
                    velocity(track, t, -1.0).length() < STILL
                        && velocity(track, t, 1.0).length() >= KICK
                });
                if kick >= KICK && (passed_on || started) {
                    contacts.push((t, [**a, **b]));
                    last = Some(t);
                }
            }
        }
    }
    contacts.sort_by(|x, y| x.0.total_cmp(&y.0));
    contacts
}

/// A ball's mean velocity over `KICK_NEAR ..= KICK_FAR` s after `t` (`side` 1) or
/// before it (`side` -1), m/s.
fn velocity(track: &Track, t: f64, side: f64) -> DVec2 {
    let (near, far) = (t + side * KICK_NEAR, t + side * KICK_FAR);
    (track.at(far) - track.at(near)) / (far - near)
}

/// The pairs of `contacts`, in order.
pub fn contact_order(contacts: &[(f64, [BallId; 2])]) -> Vec<[BallId; 2]> {
    contacts.iter().map(|c| c.1).collect()
}

/// One clean cushion contact: incoming and outgoing normal speed, m/s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounce {
    pub incoming: f64,
    pub outgoing: f64,
}

/// The clean cushion contacts of every ball of a shot: a sample where the ball's
/// coordinate toward a cushion peaks within a radius of the cushion line, alone (no
/// other cushion or ball contact of the ball within `ALONE`), inside the ball's motion
/// (its first motion sample to its last before rest), with samples no more than 0.08 s
/// apart around it.
pub fn bounces(tracks: &BTreeMap<BallId, Track>) -> Vec<Bounce> {
    let contacts = ball_contacts(tracks);
    let mut found = Vec::new();
    for (ball, track) in tracks {
        let n = track.t.len();
        if n < 4 {
            continue;
        }
        let (moving_from, moving_to) = (track.t[1], track.t[n - 2]);
        let mut peaks: Vec<(f64, DVec2)> = Vec::new();
        for normal in [DVec2::X, -DVec2::X, DVec2::Y, -DVec2::Y] {
            let limit = if normal.x != 0.0 { X_LIMIT } else { Y_LIMIT };
            let u: Vec<f64> = track.p.iter().map(|p| p.dot(normal)).collect();
            for k in 1..n - 1 {
                let rising = k < 2 || u[k - 1] >= u[k - 2];
                if u[k] >= limit - R && u[k] >= u[k - 1] && u[k] > u[k + 1] && rising {
                    peaks.push((track.t[k], normal));
                }
            }
        }
        for &(tc, normal) in &peaks {
            if tc - FAR < moving_from || tc + FAR > moving_to {
                continue;
            }
            if peaks
                .iter()
                .any(|&(t, _)| t != tc && (t - tc).abs() < ALONE)
            {
                continue;
            }
            if contacts
                .iter()
                .any(|(t, pair)| pair.contains(ball) && (t - tc).abs() < ALONE)
            {
                continue;
            }
            let window: Vec<f64> = track
                .t
                .iter()
                .copied()
                .filter(|t| (t - tc).abs() <= FAR + 0.02)
                .collect();
            if window.len() < 4 || window.windows(2).any(|w| w[1] - w[0] > 0.08) {
                continue;
            }
            let at = |t: f64| track.at(t);
            let incoming = (at(tc - NEAR) - at(tc - FAR)).dot(normal) / (FAR - NEAR);
            let outgoing = -(at(tc + FAR) - at(tc + NEAR)).dot(normal) / (FAR - NEAR);
            if incoming > 0.05 && outgoing > 0.0 {
                found.push(Bounce { incoming, outgoing });
            }
        }
    }
    found
}

/// The effective restitution by incoming speed: for each bin of `BIN_EDGES`, the
/// number of contacts, their mean incoming speed and their median ratio.
pub fn curve(bounces: &[Bounce]) -> Vec<(usize, f64, f64)> {
    BIN_EDGES
        .windows(2)
        .map(|edge| {
            let mut inside: Vec<&Bounce> = bounces
                .iter()
                .filter(|b| b.incoming >= edge[0] && b.incoming < edge[1])
                .collect();
            if inside.is_empty() {
                return (0, f64::NAN, f64::NAN);
            }
            let speed = inside.iter().map(|b| b.incoming).sum::<f64>() / inside.len() as f64;
            inside.sort_by(|a, b| (a.outgoing / a.incoming).total_cmp(&(b.outgoing / b.incoming)));
            let mid = inside.len() / 2;
            let ratio = |b: &Bounce| b.outgoing / b.incoming;
            let median = if inside.len() % 2 == 1 {
                ratio(inside[mid])
            } else {
                0.5 * (ratio(inside[mid - 1]) + ratio(inside[mid]))
            };
            (inside.len(), speed, median)
        })
        .collect()
}

/// The RMS difference between two curves' medians over the bins both have.
pub fn curve_distance(a: &[(usize, f64, f64)], b: &[f64]) -> f64 {
    let diffs: Vec<f64> = a
        .iter()
        .zip(b)
        .filter(|((n, _, e), r)| *n > 0 && e.is_finite() && r.is_finite())
        .map(|((_, _, e), r)| (e - r).powi(2))
        .collect();
    (diffs.iter().sum::<f64>() / diffs.len().max(1) as f64).sqrt()
}

/// The length of a ball's path, m.
pub fn path_length(track: &Track) -> f64 {
    track.p.windows(2).map(|w| w[0].distance(w[1])).sum()
}

/// The `q`-quantile (0 ..= 1) of some numbers.
pub fn quantile(values: &[f64], q: f64) -> f64 {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted.sort_by(f64::total_cmp);
    let at = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ball rolling into the foot cushion at `v` m/s and out at `e`·`v`, logged at 50 Hz.
    fn bounce_track(v: f64, e: f64) -> Track {
        let (start, contact) = (X_LIMIT - 0.6, 0.6 / v);
        let mut track = Track::default();
        for k in 0..=60 {
            let t = k as f64 * 0.02;
            let x = if t < contact {
                start + v * t
            } else {
                X_LIMIT - e * v * (t - contact)
            };
            track.t.push(t);
            track.p.push(DVec2::new(x, 0.1));
        }
        track
    }

    #[test]
    fn a_clean_bounce_reads_as_its_restitution() {
        let tracks = BTreeMap::from([(BallId::White, bounce_track(1.0, 0.7))]);
        let found = bounces(&tracks);
        assert_eq!(found.len(), 1, "{found:?}");
        let e = found[0].outgoing / found[0].incoming;
        assert!((e - 0.7).abs() < 0.02, "{e}");
        let bins = curve(&found);
        assert_eq!(bins[2].0, 1);
        assert!(curve_distance(&bins, &[f64::NAN, f64::NAN, 0.7, f64::NAN, f64::NAN]) < 0.02);
    }

    /// A ball sampled at 50 Hz moving at `v` from `from`, until `stop` s, then at rest.
    fn moving(from: DVec2, v: DVec2, start: f64, stop: f64) -> Track {
        let mut track = Track::default();
        for k in 0..=150 {
            let t = k as f64 * 0.02;
            let moved = (t.min(stop) - start).max(0.0);
            track.t.push(t);
            track.p.push(from + v * moved);
        }
        track
    }

    fn still(at: DVec2) -> Track {
        Track {
            t: vec![0.0, 3.0],
            p: vec![at; 2],
        }
    }

    #[test]
    fn a_ball_set_moving_by_another_is_a_contact() {
        // The cue ball runs into the red full at 0.5 s and stops; the red goes on.
        let tracks = BTreeMap::from([
            (
                BallId::White,
                moving(DVec2::new(-1.0 - 2.0 * R, 0.0), DVec2::X * 2.0, 0.0, 0.5),
            ),
            (BallId::Red, moving(DVec2::ZERO, DVec2::X * 1.8, 0.5, 1.5)),
            (BallId::Dotted, still(DVec2::new(0.8, 0.3))),
        ]);
        let found = ball_contacts(&tracks);
        assert_eq!(contact_order(&found), [[BallId::White, BallId::Red]]);
        assert!((found[0].0 - 0.5).abs() < 0.02, "{found:?}");
    }

    #[test]
    fn a_ball_rolling_past_another_or_meeting_a_cushion_beside_it_is_no_contact() {
        // Rolling past the red with 5 mm between them.
        let past = BTreeMap::from([
            (
                BallId::White,
                moving(DVec2::new(-1.0, 2.0 * R + 0.005), DVec2::X, 0.0, 2.0),
            ),
            (BallId::Red, still(DVec2::ZERO)),
        ]);
        assert!(ball_contacts(&past).is_empty());
        // Stopped dead by the cushion (a sudden change) with the red 5 mm off its side.
        let beside = BTreeMap::from([
            (
                BallId::White,
                moving(DVec2::new(X_LIMIT - 1.0, 0.0), DVec2::X, 0.0, 1.0),
            ),
            (BallId::Red, still(DVec2::new(X_LIMIT, 2.0 * R + 0.005))),
        ]);
        assert!(ball_contacts(&beside).is_empty());
        assert_eq!(quantile(&[3.0, 1.0, 2.0], 0.5), 2.0);
    }
}
