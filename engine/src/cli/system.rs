//! `carom system NAME`: a diamond system against the simulation on a table preset
//! (corner-five, with an aim check; plus, both its first-rail tables).

use super::{CliError, Problem, emit, json};
use crate::config::Config;
use crate::diamond_systems::{self, SweepError, plus};
use crate::words::{CommandLineProblem, words};
use std::io::Write;

/// Where `--from` (an origin) and `--to` (a third-rail arrival) may lie.
const ORIGINS: (f64, f64) = (1.5, 8.0);
const ARRIVALS: (f64, f64) = (0.0, 7.0);

/// `carom system NAME --table PRESET [--from O --to T] [--json]`.
pub fn system(
    config: &Config,
    name: &str,
    table: &str,
    from_to: Option<(f64, f64)>,
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if !diamond_systems::NAMES.contains(&name) {
        return Err(CommandLineProblem::UnknownSystem(name.to_owned()).into());
    }
    if cfg!(debug_assertions) {
        eprintln!("note: a debug build; build with --release for a quick sweep");
    }
    if name == "plus" {
        if from_to.is_some() {
            return Err(CommandLineProblem::NotForSystem {
                option: "--from and --to",
                system: "plus",
            }
            .into());
        }
        let report = plus::plus_report(config, table).map_err(sweep_problem)?;
        let text = if json {
            serde_json::to_string(&json::PlusReport::from(&report))? + "\n"
        } else {
            words().plus_report(&report)
        };
        return emit(out, &text);
    }
    if let Some((from, to)) = from_to {
        check_range("--from", from, ORIGINS)?;
        check_range("--to", to, ARRIVALS)?;
        check_range("--from less --to (the aim)", from - to, (0.0, 8.0))?;
    }
    let report =
        diamond_systems::corner_five_report(config, table, from_to).map_err(sweep_problem)?;
    let text = if json {
        serde_json::to_string(&json::SystemReport::from(&report))? + "\n"
    } else {
        words().system_report(&report)
    };
    emit(out, &text)
}

fn sweep_problem(e: SweepError) -> Problem {
    match e {
        SweepError::Table(e) => Problem::Unknown(e),
        SweepError::Place(e) => Problem::Place(e),
        SweepError::Strike(e) => Problem::Strike(e),
        SweepError::OutsideTheSystem { start, .. } => CommandLineProblem::OutOfRange {
            what: "the plus system's start",
            value: start,
            low: 20.0,
            high: 110.0,
        }
        .into(),
    }
}

fn check_range(option: &'static str, value: f64, (low, high): (f64, f64)) -> Result<(), Problem> {
    if (low..=high).contains(&value) {
        Ok(())
    } else {
        Err(CommandLineProblem::OutOfRange {
            what: option,
            value,
            low,
            high,
        }
        .into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plus_systems_sweep_prints_as_json_and_refuses_what_is_not_its() {
        let config = Config::defaults();
        let mut out = Vec::new();
        system(&config, "plus", "match", None, true, &mut out).unwrap();
        let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(report["system"], "plus");
        let sweeps = report["sweeps"].as_array().unwrap();
        // Both first-rail tables at each of three speeds.
        assert_eq!(sweeps.len(), 6);
        for sweep in sweeps {
            let strokes = sweep["strokes"].as_array().unwrap();
            assert!(strokes.len() > 100, "{}", strokes.len());
            assert!(sweep["round"].as_u64().unwrap() * 10 >= strokes.len() as u64 * 9);
            let first = &strokes[0];
            assert_eq!(
                first["predicted"].as_f64(),
                Some(first["start"].as_f64().unwrap() + first["first_rail"].as_f64().unwrap())
            );
        }
        assert!(report["agrees"]["mean_distance"].as_f64().unwrap() < 1.5);
        let refused = system(&config, "plus", "match", Some((30.0, 55.0)), true, &mut out);
        assert!(refused.unwrap_err().to_string().contains("--from and --to"));
        let unknown = system(&config, "maximum", "match", None, true, &mut out);
        assert!(unknown.unwrap_err().to_string().contains("plus"));
    }
}
