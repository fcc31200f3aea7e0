//! Real shots replayed (`carom fit`): tracked three-cushion shots (tailuge/billiards'
//! published data, `data`), each shot's stroke fitted by replaying it in the simulation
//! (`replay`), and what the fit leaves: the distance to the real balls over every
//! sample, at 1, 2 and 4 s and at rest, the ball–ball contacts in order, the distance
//! travelled, and the effective cushion restitution measured the same way on real and
//! simulated balls (`measure`). Fit on one half of the shots, judge on the other.

pub mod data;
mod measure;
mod optimize;
pub mod probe;
mod replay;

pub use data::{Track, TrackedShot};
pub use measure::{BIN_EDGES, REAL_CURVE};
pub use optimize::{Minimum, minimize};
pub use replay::{Fitted, ShotStroke, fit, replay, rms};

use crate::config::Config;
use crate::shot::{BallId, EventKind};
use crate::table::TableGeometry;
pub use measure::{Bounce, curve, curve_distance};
use measure::{ball_contacts, bounces, contact_order, path_length, quantile};
use std::collections::BTreeMap;

/// Which shots of the file: the fitting half (even indices), the held-out half (odd),
/// or all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Half {
    Even,
    Odd,
    All,
}

impl Half {
    pub fn holds(self, index: usize) -> bool {
        match self {
            Half::Even => index.is_multiple_of(2),
            Half::Odd => !index.is_multiple_of(2),
            Half::All => true,
        }
    }
}

/// One shot fitted and replayed.
#[derive(Clone, Debug)]
pub struct ShotResult {
    pub index: usize,
    pub fitted: Fitted,
    /// Distance to the real ball at 1, 2 and 4 s and at rest, m, per ball.
    pub errors: BTreeMap<BallId, [f64; 4]>,
    /// Simulated over real path length, per ball that moved.
    pub travel: BTreeMap<BallId, f64>,
    /// The ball–ball contacts in order, found the same way on the real and on the
    /// simulated balls, and as the simulation had them.
    pub real_contacts: Vec<[BallId; 2]>,
    pub found_contacts: Vec<[BallId; 2]>,
    pub simulated_contacts: Vec<[BallId; 2]>,
    /// The ball–ball contacts came in the same order.
    pub same_contacts: bool,
    pub real_bounces: Vec<Bounce>,
    pub simulated_bounces: Vec<Bounce>,
}

/// Fits and replays one shot with a budget of simulations.
pub fn examine(
    config: &Config,
    table: &TableGeometry,
    shot: &TrackedShot,
    budget: usize,
) -> ShotResult {
    let fitted = fit(config, table, shot, budget);
    let replayed =
        replay(config, table, shot, &fitted.stroke).expect("the fitted stroke was played");
    // The replay sampled on the record's 50 Hz frames, as the tracking was.
    let end = shot
        .tracks
        .values()
        .filter_map(|t| t.t.last().copied())
        .fold(0.0, f64::max);
    let frames: Vec<f64> = (0..=(end / data::FRAME) as usize)
        .map(|k| k as f64 * data::FRAME)
        .collect();
    let resampled: BTreeMap<BallId, Track> = replayed
        .tracks
        .iter()
        .map(|(&ball, track)| {
            let p = frames.iter().map(|&t| track.at(t)).collect();
            (
                ball,
                Track {
                    t: frames.clone(),
                    p,
                },
            )
        })
        .collect();
    let errors = shot
        .tracks
        .iter()
        .map(|(&ball, real)| {
            let simulated = &replayed.tracks[&ball];
            let at = |t: f64| real.at(t).distance(simulated.at(t));
            let last = |track: &Track| *track.p.last().expect("a track has samples");
            (
                ball,
                [
                    at(1.0),
                    at(2.0),
                    at(4.0),
                    last(real).distance(last(simulated)),
                ],
            )
        })
        .collect();
    let travel = shot
        .tracks
        .iter()
        .filter(|(_, real)| real.moves())
        .map(|(&ball, real)| (ball, path_length(&resampled[&ball]) / path_length(real)))
        .collect();
    let real_contacts = contact_order(&ball_contacts(&shot.tracks));
    let found_contacts = contact_order(&ball_contacts(&resampled));
    let simulated_contacts = replayed
        .events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::BallBall { a, b, .. } => Some(if a < b { [a, b] } else { [b, a] }),
            _ => None,
        })
        .collect();
    ShotResult {
        index: shot.index,
        fitted,
        errors,
        travel,
        same_contacts: real_contacts == found_contacts,
        real_contacts,
        found_contacts,
        simulated_contacts,
        real_bounces: bounces(&shot.tracks),
        simulated_bounces: bounces(&resampled),
    }
}

/// Every shot of `half` examined, on two threads.
pub fn examine_all(
    config: &Config,
    shots: &[TrackedShot],
    half: Half,
    budget: usize,
) -> Vec<ShotResult> {
    let table = TableGeometry::new(&config.tables, Some("match"), &config.balls)
        .expect("the match table is a preset");
    let chosen: Vec<&TrackedShot> = shots.iter().filter(|s| half.holds(s.index)).collect();
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(4);
    let mut results: Vec<ShotResult> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let (chosen, table) = (&chosen, &table);
                scope.spawn(move || {
                    chosen
                        .iter()
                        .skip(w)
                        .step_by(workers)
                        .map(|shot| examine(config, table, shot, budget))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a fitting thread"))
            .collect()
    });
    results.sort_by_key(|r| r.index);
    results
}

/// The figures of a set of examined shots.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub shots: usize,
    /// RMS over all samples, m: median, 90th percentile.
    pub rms_median: f64,
    pub rms_p90: f64,
    /// Median distance to the real ball at 1, 2, 4 s and at rest, m: cue ball, object balls.
    pub cue_errors: [f64; 4],
    pub object_errors: [f64; 4],
    /// Median simulated over real distance travelled: cue ball, object balls.
    pub cue_travel: f64,
    pub object_travel: f64,
    /// Shots with the same ball–ball contacts in the same order, of all.
    pub same_contacts: f64,
    /// The effective restitution by bin (count, mean speed, median), real and simulated,
    /// and the simulated curve's RMS distance from the real curve.
    pub real_curve: Vec<(usize, f64, f64)>,
    pub simulated_curve: Vec<(usize, f64, f64)>,
    pub curve_rms: f64,
}

pub fn summarise(results: &[ShotResult]) -> Summary {
    let rms: Vec<f64> = results.iter().map(|r| r.fitted.rms).collect();
    let errors = |cue: bool, k: usize| {
        let values: Vec<f64> = results
            .iter()
            .flat_map(|r| r.errors.iter())
            .filter(|(b, _)| (**b == BallId::White) == cue)
            .map(|(_, e)| e[k])
            .collect();
        quantile(&values, 0.5)
    };
    let travel = |cue: bool| {
        let values: Vec<f64> = results
            .iter()
            .flat_map(|r| r.travel.iter())
            .filter(|(b, _)| (**b == BallId::White) == cue)
            .map(|(_, v)| *v)
            .collect();
        quantile(&values, 0.5)
    };
    let all = |simulated: bool| -> Vec<Bounce> {
        results
            .iter()
            .flat_map(|r| {
                if simulated {
                    r.simulated_bounces.clone()
                } else {
                    r.real_bounces.clone()
                }
            })
            .collect()
    };
    let simulated_curve = curve(&all(true));
    let real: Vec<f64> = REAL_CURVE.iter().map(|c| c.1).collect();
    Summary {
        shots: results.len(),
        rms_median: quantile(&rms, 0.5),
        rms_p90: quantile(&rms, 0.9),
        cue_errors: [0, 1, 2, 3].map(|k| errors(true, k)),
        object_errors: [0, 1, 2, 3].map(|k| errors(false, k)),
        cue_travel: travel(true),
        object_travel: travel(false),
        same_contacts: results.iter().filter(|r| r.same_contacts).count() as f64
            / results.len().max(1) as f64,
        real_curve: curve(&all(false)),
        curve_rms: curve_distance(&simulated_curve, &real),
        simulated_curve,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::DVec2;
    use crate::physics::TableSim;
    use crate::shot::Stroke;

    /// A shot the simulation itself played, logged at 50 Hz from 0.04 s before the
    /// strike, as tracked shots are.
    fn simulated_shot(config: &Config, table: &TableGeometry, stroke: Stroke) -> TrackedShot {
        let lay_out = [
            (BallId::White, DVec2::new(-0.6, -0.2)),
            (BallId::Dotted, DVec2::new(0.3, 0.35)),
            (BallId::Red, DVec2::new(0.7, -0.1)),
        ];
        let mut sim = TableSim::new(config, table.clone());
        sim.place(&lay_out).unwrap();
        sim.strike(&[stroke], Some(50.0)).unwrap();
        let record = sim.run_to_rest();
        let delay = 0.04;
        let tracks = lay_out
            .iter()
            .map(|&(ball, start)| {
                let mut track = Track {
                    t: vec![0.0],
                    p: vec![start],
                };
                for s in &record.trajectories[&ball] {
                    track.t.push(s[0] + delay);
                    track.p.push(DVec2::new(s[1], s[2]));
                }
                (ball, track)
            })
            .collect();
        TrackedShot { index: 0, tracks }
    }

    #[test]
    fn a_shot_the_simulation_played_is_fitted_back_to_its_stroke() {
        let config = Config::defaults();
        let table = TableGeometry::new(&config.tables, Some("match"), &config.balls).unwrap();
        let stroke = Stroke {
            side: 0.2,
            height: 0.3,
            ..Stroke::new(BallId::White, 25.0, 3.0)
        };
        let shot = simulated_shot(&config, &table, stroke);
        let result = examine(&config, &table, &shot, 600);
        let fitted = result.fitted.stroke.stroke;
        println!(
            "fitted {fitted:?}, rms {:.2} mm",
            result.fitted.rms * 1000.0
        );
        assert!(result.fitted.rms < 0.005, "{:?}", result.fitted);
        assert!((fitted.direction_deg - 25.0).abs() < 1.0, "{fitted:?}");
        assert!((fitted.speed - 3.0).abs() < 0.2, "{fitted:?}");
        assert!(result.same_contacts);
    }
}
