//! `carom calibrate --exam NAME`: each level taking a graded exam (a bundled drill with
//! an `exam` table) some runs, and the table to store in the drill file, with the
//! physics fingerprint it was measured under.

use super::{CliError, emit};
use crate::computer::exam::{ExamSheet, measure_level};
use crate::config::{Config, Keyed, UnknownKey};
use crate::online::physics_fingerprint;
use crate::play::bundled;
use crate::table::TableGeometry;
use crate::words::words;
use std::io::Write;

/// Measures `levels` (every level when empty) on the bundled exam `name` (a drill's
/// file name without `.ron`), `runs` exams each; prints a line a level and then the
/// `exam` entry for the drill file.
pub fn calibrate_exam(
    config: &Config,
    name: &str,
    runs: u32,
    levels: &[String],
    out: &mut impl Write,
) -> Result<(), CliError> {
    let exams = bundled::exams();
    let Some((_, drill)) = exams.iter().find(|(file, _)| file == name) else {
        let known = exams.iter().map(|(file, _)| file.as_str());
        return Err(UnknownKey::new(Keyed::Exam, name, known).into());
    };
    let (library, _) = bundled::positions(None);
    let positions = drill.positions(&library)?;
    let levels = if levels.is_empty() {
        config.computer.levels.iter().collect()
    } else {
        levels
            .iter()
            .map(|k| config.computer.level(k))
            .collect::<Result<Vec<_>, _>>()?
    };
    let sheet = ExamSheet {
        game: &drill.game,
        positions: &positions,
        attempts: drill.attempts,
    };
    let tries = drill.attempts * positions.len() as u32;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut scores = Vec::new();
    for level in levels {
        let started = std::time::Instant::now();
        let score = measure_level(config, sheet, level, runs, threads, |run, made| {
            eprintln!("  {}: run {} made {made} of {tries}", level.key, run + 1)
        })?;
        emit(
            out,
            &words().exam_level(level, &score, tries, started.elapsed()),
        )?;
        scores.push(score);
    }
    let table = TableGeometry::new(&config.tables, None, &config.balls)?;
    let fingerprint = physics_fingerprint(config, &table).map_err(super::Problem::Shot)?;
    let mut entry = format!(
        "    exam: Some((\n        measured_under: \"{fingerprint}\",\n        runs: {runs},\n        levels: [\n"
    );
    for s in &scores {
        entry += &format!(
            "            (level: \"{}\", made: {:.2}, low: {:.2}, high: {:.2}),\n",
            s.level, s.made, s.low, s.high
        );
    }
    entry += "        ],\n    )),\n";
    emit(out, &entry)
}
