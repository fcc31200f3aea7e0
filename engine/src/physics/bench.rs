//! `carom bench`: a fixed, documented set of strokes simulated headless, timed.
//!
//! The three-cushion strokes mirror the ones `../shared/tools/pooltool-ref.sh` times in
//! pooltool: the break position, cue ball aimed at the red with a 30° cut, tip 0.2 R
//! above and 0.2 R right of centre, at 2, 4 and 6 m/s. The break is rule 7's; the lag
//! strikes both whites at the same moment, as rule 5 has it.

use super::error::ShotError;
use super::sim::TableSim;
use crate::config::{Config, UnknownKey};
use crate::math::DVec2;
use crate::random::Rng;
use crate::shot::BallId;
use crate::shot::Spot;
use crate::shot::Stroke;
use crate::table::TableGeometry;
use std::time::{Duration, Instant};

pub struct BenchCase {
    pub name: &'static str,
    pub what: &'static str,
    pub balls: Vec<(BallId, DVec2)>,
    /// Played at the same moment.
    pub strokes: Vec<Stroke>,
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

impl BenchCase {
    /// A table with the case's balls placed and its strokes played, to run to rest.
    pub fn start(&self, config: &Config, table: &TableGeometry) -> Result<TableSim, ShotError> {
        let mut sim = TableSim::new(config, table.clone());
        sim.place(&self.balls)?;
        sim.strike(&self.strokes, None)?;
        Ok(sim)
    }
}

/// A stroke of `ball` with tip offsets, level cue.
fn stroke(ball: BallId, direction_deg: f64, speed: f64, side: f64, height: f64) -> Stroke {
    Stroke {
        side,
        height,
        ..Stroke::new(ball, direction_deg, speed)
    }
}

/// The strokes, on the default table.
pub fn cases(table: &TableGeometry) -> Vec<BenchCase> {
    let r = table.ball_radius;
    let white = table.break_position(-table.break_offset);
    let red = table.spot(Spot::Foot);
    let rack = vec![
        (BallId::White, white),
        (BallId::Dotted, table.spot(Spot::Head)),
        (BallId::Red, red),
    ];
    // Aim right of the red's centre so that the line of centres at contact is 30° off
    // the aim: the red's centre lies 2R·sin 30° from the aim line.
    let to_red = red - white;
    let towards_red = to_red.y.atan2(to_red.x);
    let miss = (2.0 * r * 30f64.to_radians().sin() / to_red.length()).asin();
    let three_cushion = |name, what, speed| BenchCase {
        name,
        what,
        balls: rack.clone(),
        strokes: vec![stroke(
            BallId::White,
            (towards_red - miss).to_degrees(),
            speed,
            0.2,
            0.2,
        )],
    };
    let lag_y = 0.35;
    vec![
        three_cushion(
            "soft",
            "three-cushion stroke, 2 m/s, 30° cut on the red, 0.2 R top and right",
            2.0,
        ),
        three_cushion(
            "medium",
            "three-cushion stroke, 4 m/s, 30° cut on the red, 0.2 R top and right",
            4.0,
        ),
        three_cushion(
            "hard",
            "three-cushion stroke, 6 m/s, 30° cut on the red, 0.2 R top and right",
            6.0,
        ),
        BenchCase {
            name: "break",
            what: "rule-7 break: white 6 in right of the head spot, thin on the red's left, 5 m/s, running side",
            balls: rack.clone(),
            strokes: vec![stroke(
                BallId::White,
                (towards_red + (1.6 * r / to_red.length()).asin()).to_degrees(),
                5.0,
                -0.3,
                0.1,
            )],
        },
        BenchCase {
            name: "lag",
            what: "rule-5 lag: both whites struck together from the head string to the foot cushion and back, 1.6 m/s",
            balls: vec![
                (BallId::White, DVec2::new(table.head_string_x(), lag_y)),
                (BallId::Dotted, DVec2::new(table.head_string_x(), -lag_y)),
                (BallId::Red, red),
            ],
            strokes: vec![
                stroke(BallId::White, 0.0, 1.6, 0.0, 0.2),
                stroke(BallId::Dotted, 0.0, 1.55, 0.0, 0.2),
            ],
        },
    ]
}

/// Why the bench cannot run on this config.
#[derive(Clone, Debug, PartialEq)]
pub enum BenchError {
    /// The config has no default table preset.
    Table(UnknownKey),
    /// The default table refuses a case's lay-out or stroke.
    Shot(ShotError),
}

impl std::error::Error for BenchError {}

/// Runs every case `repeats` times and reports the median wall time.
pub fn run(config: &Config, repeats: usize) -> Result<Vec<BenchResult>, BenchError> {
    let table =
        TableGeometry::new(&config.tables, None, &config.balls).map_err(BenchError::Table)?;
    let mut results = Vec::new();
    for case in cases(&table) {
        let mut times = Vec::with_capacity(repeats);
        let mut last = None;
        for _ in 0..repeats.max(1) {
            let mut sim = case.start(config, &table).map_err(BenchError::Shot)?;
            let start = Instant::now();
            let record = sim.run_to_rest();
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

/// Random strokes from the break lay-out played one after another on one reused table:
/// how long a stroke takes once the table exists (the computer's search plays this way).
pub struct RandomStrokes {
    pub strokes: usize,
    /// Mean wall time of one stroke, strike to rest.
    pub per_stroke: Duration,
    /// Mean events a stroke.
    pub events: f64,
}

/// Seed of the random strokes, fixed so that every run times the same strokes.
const RANDOM_SEED: u64 = 0x0CA2_0B5E;

/// `count` seeded strokes from rule 7's break lay-out (the white 6 in right of the head
/// spot) on one table: direction 0-360°, 2-6 m/s, tip anywhere within 0.4 R of the
/// centre, level cue; each run to rest and the balls put back.
pub fn random_strokes(config: &Config, count: usize) -> Result<RandomStrokes, BenchError> {
    let table =
        TableGeometry::new(&config.tables, None, &config.balls).map_err(BenchError::Table)?;
    let rack = [
        (BallId::White, table.break_position(-table.break_offset)),
        (BallId::Dotted, table.spot(Spot::Head)),
        (BallId::Red, table.spot(Spot::Foot)),
    ];
    let mut rng = Rng(RANDOM_SEED);
    let strokes: Vec<Stroke> = (0..count)
        .map(|_| {
            let (side, height) = loop {
                let (x, y) = (rng.range(-0.4, 0.4), rng.range(-0.4, 0.4));
                if x * x + y * y <= 0.16 {
                    break (x, y);
                }
            };
            let direction = rng.range(0.0, 360.0);
            stroke(BallId::White, direction, rng.range(2.0, 6.0), side, height)
        })
        .collect();
    let mut sim = TableSim::new(config, table);
    let refused = |e: ShotError| BenchError::Shot(e);
    let mut events = 0;
    let start = Instant::now();
    for s in &strokes {
        sim.place(&rack).map_err(|e| refused(e.into()))?;
        sim.strike(std::slice::from_ref(s), None)
            .map_err(|e| refused(e.into()))?;
        events += sim.run_to_rest().events.len();
    }
    let took = start.elapsed();
    Ok(RandomStrokes {
        strokes: count,
        per_stroke: took / count.max(1) as u32,
        events: events as f64 / count.max(1) as f64,
    })
}
