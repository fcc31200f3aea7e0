//! The cushion curve of the simulation alone, without real shots: balls rolling into a
//! cushion at a spread of speeds and angles, logged at 50 Hz and measured as the real
//! ones are (`measure::bounces`). Cheap enough to tune the cushion model against the
//! real curve before the shots are fitted again with it.

use super::data::{FRAME, Track};
use super::measure::{Bounce, bounces};
use crate::config::Config;
use crate::math::{DVec2, DVec3};
use crate::physics::TableSim;
use crate::shot::BallId;
use crate::table::TableGeometry;
use std::collections::BTreeMap;

/// Incoming normal speeds probed, m/s, and angles from the cushion's normal, degrees.
const SPEEDS: [f64; 14] = [
    0.3, 0.4, 0.5, 0.65, 0.8, 0.95, 1.1, 1.3, 1.6, 1.9, 2.2, 2.6, 3.0, 3.4,
];
const ANGLES: [f64; 5] = [0.0, 15.0, 30.0, 45.0, 60.0];

/// Every probe's clean bounce.
pub fn bounces_of_rolling_balls(config: &Config, table: &TableGeometry) -> Vec<Bounce> {
    let limits = table.centre_limits();
    let mut found = Vec::new();
    for &normal in &SPEEDS {
        for &angle in &ANGLES {
            let (sin, cos) = angle.to_radians().sin_cos();
            let speed = normal / cos;
            // Rolling naturally toward the foot cushion, meeting it about 0.3 s later.
            let travel = (speed * 0.3).min(1.5);
            let start = DVec2::new(limits.x - travel * cos, -0.4);
            let mut sim = TableSim::new(config, table.clone());
            if sim.place(&[(BallId::White, start)]).is_err() {
                continue;
            }
            let vel = DVec3::new(speed * cos, speed * sin, 0.0);
            let r = table.ball_radius;
            let spin = DVec3::new(-vel.y / r, vel.x / r, 0.0);
            if sim
                .launch(BallId::White, vel, spin, Some(1.0 / FRAME))
                .is_err()
            {
                continue;
            }
            let record = sim.run_to_rest();
            let track = Track {
                t: record.trajectories[&BallId::White]
                    .iter()
                    .map(|s| s[0])
                    .collect(),
                p: record.trajectories[&BallId::White]
                    .iter()
                    .map(|s| DVec2::new(s[1], s[2]))
                    .collect(),
            };
            found.extend(bounces(&BTreeMap::from([(BallId::White, track)])));
        }
    }
    found
}
