//! `carom bench`: a fixed, documented set of strokes simulated headless, timed.
//!
//! The three-cushion strokes mirror the ones `../shared/tools/pooltool-ref.sh` times in
//! pooltool: the break position, cue ball aimed at the red with a 30° cut,
//! tip 0.2 R above and 0.2 R right of centre, at 2, 4 and 6 m/s.

use super::shot::{Placement, ShotSpec};
use super::stroke::Stroke;
use crate::ball::BallId;
use crate::config::Config;
use crate::table::{Spot, TableGeometry};
use std::time::{Duration, Instant};

pub struct BenchCase {
    pub name: &'static str,
    pub what: &'static str,
    pub spec: ShotSpec,
}

pub struct BenchResult {
    pub name: &'static str,
    pub what: &'static str,
    /// Median wall time of one whole stroke, strike to rest.
    pub wall: Duration,
    /// Simulated time from strike to rest, s.
    pub simulated: f64,
    /// Iterations of the event loop (events resolved plus rapier flight steps).
    pub steps: u64,
    pub events: usize,
}

impl BenchResult {
    /// Simulated seconds per wall-clock second.
    pub fn real_time_factor(&self) -> f64 {
        self.simulated / self.wall.as_secs_f64()
    }
}

/// The strokes, on the default table.
pub fn cases(config: &Config) -> Vec<BenchCase> {
    let table =
        TableGeometry::new(&config.tables, None, &config.balls).expect("the default preset exists");
    let r = table.ball_radius;
    let white = table.break_position(-table.break_offset);
    let dotted = table.spot(Spot::Head);
    let red = table.spot(Spot::Foot);
    let placements = |positions: &[(BallId, crate::math::DVec2)]| -> Vec<Placement> {
        positions
            .iter()
            .map(|&(ball, p)| Placement {
                ball,
                x: p.x,
                y: p.y,
            })
            .collect()
    };
    let rack = placements(&[
        (BallId::White, white),
        (BallId::Dotted, dotted),
        (BallId::Red, red),
    ]);
    // Aim right of the red's centre so that the line of centres at contact is 30° off
    // the aim: the red's centre lies 2R·sin 30° from the aim line.
    let to_red = red - white;
    let miss = (2.0 * r * 30f64.to_radians().sin() / to_red.length()).asin();
    let direction_deg = (to_red.y.atan2(to_red.x) - miss).to_degrees();
    let three_cushion = |speed: f64| ShotSpec {
        table: None,
        balls: rack.clone(),
        stroke: Some(Stroke {
            ball: BallId::White,
            direction_deg,
            speed,
            side: 0.2,
            height: 0.2,
            elevation_deg: 0.0,
        }),
        launch: None,
        sample_hz: None,
    };
    let lag_ball = table.break_position(table.break_offset);
    vec![
        BenchCase {
            name: "soft",
            what: "three-cushion stroke, 2 m/s, 30° cut on the red, 0.2 R top and right",
            spec: three_cushion(2.0),
        },
        BenchCase {
            name: "medium",
            what: "three-cushion stroke, 4 m/s, 30° cut on the red, 0.2 R top and right",
            spec: three_cushion(4.0),
        },
        BenchCase {
            name: "hard",
            what: "three-cushion stroke, 6 m/s, 30° cut on the red, 0.2 R top and right",
            spec: three_cushion(6.0),
        },
        BenchCase {
            name: "break",
            what: "rule-7 break: white 6 in right of the head spot, thin on the red's left, 5 m/s, running side",
            spec: ShotSpec {
                stroke: Some(Stroke {
                    ball: BallId::White,
                    direction_deg: (to_red.y.atan2(to_red.x) + (1.6 * r / to_red.length()).asin())
                        .to_degrees(),
                    speed: 5.0,
                    side: -0.3,
                    height: 0.1,
                    elevation_deg: 0.0,
                }),
                ..three_cushion(0.0)
            },
        },
        BenchCase {
            name: "lag",
            what: "lag stroke: from the head string to the foot cushion and back, 1.3 m/s, no spin",
            spec: ShotSpec {
                table: None,
                balls: placements(&[(BallId::White, lag_ball), (BallId::Red, red)]),
                stroke: Some(Stroke {
                    ball: BallId::White,
                    direction_deg: 0.0,
                    speed: 1.3,
                    side: 0.0,
                    height: 0.0,
                    elevation_deg: 0.0,
                }),
                launch: None,
                sample_hz: None,
            },
        },
    ]
}

/// Runs every case `repeats` times and reports the median wall time.
pub fn run(config: &Config, repeats: usize) -> Result<Vec<BenchResult>, String> {
    let mut results = Vec::new();
    for case in cases(config) {
        let mut times = Vec::with_capacity(repeats);
        let mut last = None;
        for _ in 0..repeats.max(1) {
            let mut sim = case.spec.start(config)?;
            let start = Instant::now();
            let record = sim.run_to_rest(None);
            times.push(start.elapsed());
            last = Some((record, sim.steps()));
        }
        times.sort();
        let (record, steps) = last.expect("at least one repeat");
        results.push(BenchResult {
            name: case.name,
            what: case.what,
            wall: times[times.len() / 2],
            simulated: record.duration,
            steps,
            events: record.events.len(),
        });
    }
    Ok(results)
}
