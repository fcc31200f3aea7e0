//! How far a firm stroke runs on a table: the figure a table condition is shown by
//! ("4 m/s up and down the table: 3.5 lengths"), as players judge a cloth's and
//! cushions' pace by sending the cue ball up and down the table.

use super::{ShotError, TableSim};
use crate::config::Config;
use crate::math::DVec2;
use crate::shot::{BallId, Stroke};
use crate::table::TableGeometry;

/// The firm stroke's speed, m/s.
pub const FIRM_SPEED: f64 = 4.0;

/// The table's lengths (its bed's) a ball runs, struck at [FIRM_SPEED] through its
/// centre from beside the head cushion straight up the table, until it stops.
pub fn lengths_run(config: &Config, table: &TableGeometry) -> Result<f64, ShotError> {
    let mut sim = TableSim::new(config, table.clone());
    let start = DVec2::new(-table.half_length() + 2.0 * table.ball_radius, 0.0);
    sim.place(&[(BallId::White, start)])
        .map_err(ShotError::Place)?;
    sim.strike(&[Stroke::new(BallId::White, 0.0, FIRM_SPEED)], Some(500.0))
        .map_err(ShotError::Strike)?;
    let record = sim.run_to_rest();
    let path = record
        .trajectories
        .get(&BallId::White)
        .map_or(0.0, |samples| {
            samples
                .windows(2)
                .map(|w| DVec2::new(w[1][1] - w[0][1], w[1][2] - w[0][2]).length())
                .sum()
        });
    Ok(path / table.length)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each condition changes the run as its name says: a fast cloth and lively cushions
    /// longer than the fitted table, a slow cloth and dead cushions shorter.
    #[test]
    fn a_condition_changes_a_firm_strokes_run_as_its_name_says() {
        let config = Config::defaults();
        let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
        let run = |key: Option<&str>| {
            let config = config.with_condition(key).unwrap();
            lengths_run(&config, &table).unwrap()
        };
        let fitted = run(None);
        println!("fitted: {fitted:.2} lengths");
        assert!((2.0..6.0).contains(&fitted), "{fitted}");
        // The least change each must make. The fitted cloth is already fast (its rolling
        // resistance 0.0042, the range's floor 0.004): a new one can only gain ~2 %.
        for (key, least) in [
            ("new_cloth", 0.015),
            ("worn_cloth", -0.05),
            ("lively_cushions", 0.05),
            ("dead_cushions", -0.05),
        ] {
            let change = run(Some(key)) / fitted - 1.0;
            println!("{key}: {:+.1} %", change * 100.0);
            if least > 0.0 {
                assert!(change > least, "{key}: {change}");
            } else {
                assert!(change < least, "{key}: {change}");
            }
        }
        assert!(config.with_condition(Some("felt")).is_err());
    }
}
