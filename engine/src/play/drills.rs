//! Practice drills: a sequence of positions, so many attempts at each, an attempt made
//! when its stroke does what the position asks; each run kept in the data folder's
//! `drill-history.ron`, with the best and the trend per drill. Bundled drills are in
//! `config/drills/`.

use super::files::FileError;
use super::positions::Position;
use crate::config::{self, ConfigError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A drill file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drill {
    pub name: String,
    /// The name (and notes) in other languages.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub translated: crate::config::Translations,
    /// A key of games.ron.
    pub game: String,
    /// Attempts at each position.
    pub attempts: u32,
    /// The positions, by file name without `.ron` (bundled or the player's own); a
    /// name ending `@mirrored` is that position's mirror image, side for side.
    pub positions: Vec<String>,
    /// A graded exam: an attempt is made when it scores (whatever else the position
    /// asks), and the result is graded by the computer's levels measured on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exam: Option<super::exam::ExamLevels>,
}

crate::config::translated!(Drill);

impl Drill {
    /// Reads a drill file's text; errors name the file, line and column.
    pub fn parse(file_name: &str, text: &str) -> Result<Drill, ConfigError> {
        let drill: Drill = config::parse(file_name, text)?;
        if drill.attempts == 0 || drill.positions.is_empty() {
            return Err(ConfigError::whole_file(
                file_name,
                "a drill needs at least one attempt and one position",
            ));
        }
        Ok(drill)
    }

    /// The drill's positions from `library` (path, position), in its order; the name of
    /// one it cannot find is the error.
    pub fn positions(
        &self,
        library: &[(PathBuf, Position)],
    ) -> Result<Vec<Position>, MissingPosition> {
        self.positions
            .iter()
            .map(|wanted| {
                let (name, mirrored) = match wanted.strip_suffix(MIRRORED) {
                    Some(name) => (name, true),
                    None => (wanted.as_str(), false),
                };
                library
                    .iter()
                    .find(|(path, _)| path.file_stem().is_some_and(|s| s == name))
                    .map(|(_, p)| if mirrored { p.mirrored() } else { p.clone() })
                    .ok_or_else(|| MissingPosition {
                        drill: self.name.clone(),
                        position: wanted.clone(),
                    })
            })
            .collect()
    }
}

/// The end of a drill's position name that asks for its mirror image.
const MIRRORED: &str = "@mirrored";

/// A drill names a position the library does not have.
#[derive(Clone, Debug, PartialEq)]
pub struct MissingPosition {
    pub drill: String,
    pub position: String,
}

impl std::error::Error for MissingPosition {}

/// The drills in `dir` (`.ron` files, by name) and an error for each that could not be
/// read.
pub fn load_folder(dir: &Path) -> (Vec<Drill>, Vec<FileError>) {
    let (read, errors) = super::read_ron_folder(dir, Drill::parse);
    (read.into_iter().map(|(_, drill)| drill).collect(), errors)
}

/// A drill under way or done: the attempts made at each position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DrillRun {
    pub drill: String,
    /// When it started, seconds since 1970.
    pub started: u64,
    pub attempts: u32,
    /// Attempts made, per position.
    pub made: Vec<u32>,
}

impl DrillRun {
    /// The share of all attempts made, 0 to 1.
    pub fn score(&self) -> f64 {
        let tries = self.attempts as f64 * self.made.len() as f64;
        if tries == 0.0 {
            0.0
        } else {
            self.made.iter().sum::<u32>() as f64 / tries
        }
    }
}

/// Where a drill stands: the position and attempt now, and what was made.
#[derive(Clone, Debug, PartialEq)]
pub struct DrillProgress {
    pub drill: Drill,
    pub positions: Vec<Position>,
    /// The position played now, and how many attempts at it are done.
    pub position: usize,
    pub attempt: u32,
    pub run: DrillRun,
}

impl DrillProgress {
    pub fn new(drill: Drill, positions: Vec<Position>, started: u64) -> DrillProgress {
        let run = DrillRun {
            drill: drill.name.clone(),
            started,
            attempts: drill.attempts,
            made: vec![0; positions.len()],
        };
        DrillProgress {
            drill,
            positions,
            position: 0,
            attempt: 0,
            run,
        }
    }

    /// The position to play now.
    pub fn current(&self) -> &Position {
        &self.positions[self.position]
    }

    /// One attempt done, made or not; whether the drill is over.
    pub fn attempted(&mut self, made: bool) -> bool {
        if made {
            self.run.made[self.position] += 1;
        }
        self.attempt += 1;
        if self.attempt == self.drill.attempts {
            self.attempt = 0;
            self.position += 1;
        }
        self.position == self.positions.len()
    }
}

/// Every drill run, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DrillHistory {
    pub runs: Vec<DrillRun>,
}

/// Runs on each side of the trend's comparison.
const TREND_RUNS: usize = 3;

impl DrillHistory {
    /// The history at `path`: none yet is empty; a file that cannot be read is an error
    /// naming it (and is left as it is).
    pub fn read(path: &Path) -> Result<DrillHistory, FileError> {
        super::read_ron_or_default(path)
    }

    /// Adds a finished run and writes the file.
    pub fn record(&mut self, path: &Path, run: DrillRun) -> Result<(), FileError> {
        self.runs.push(run);
        super::write_ron(path, self)
    }

    fn scores(&self, drill: &str) -> Vec<f64> {
        self.runs
            .iter()
            .filter(|r| r.drill == drill)
            .map(DrillRun::score)
            .collect()
    }

    /// The best score of `drill`'s runs.
    pub fn best(&self, drill: &str) -> Option<f64> {
        self.scores(drill).into_iter().reduce(f64::max)
    }

    /// The mean of the last three runs less that of the three before: + getting better.
    pub fn trend(&self, drill: &str) -> Option<f64> {
        let scores = self.scores(drill);
        let n = scores.len();
        if n < 2 * TREND_RUNS {
            return None;
        }
        let mean = |s: &[f64]| s.iter().sum::<f64>() / s.len() as f64;
        Some(mean(&scores[n - TREND_RUNS..]) - mean(&scores[n - 2 * TREND_RUNS..n - TREND_RUNS]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::fresh_dir;

    fn run(drill: &str, made: Vec<u32>) -> DrillRun {
        DrillRun {
            drill: drill.into(),
            started: 0,
            attempts: 10,
            made,
        }
    }

    #[test]
    fn a_drill_scores_each_position_in_turn() {
        let drill = Drill {
            name: "two".into(),
            game: "three_cushion".into(),
            attempts: 2,
            positions: vec!["a".into(), "b".into()],
            exam: None,
            translated: Default::default(),
        };
        let library =
            crate::play::positions::load_folder(&crate::test_support::repo("config/positions")).0;
        assert!(
            drill
                .positions(&library)
                .unwrap_err()
                .to_string()
                .contains("no position \"a\"")
        );
        let positions = vec![library[0].1.clone(), library[1].1.clone()];
        let mut progress = DrillProgress::new(drill, positions.clone(), 5);
        assert_eq!(progress.current(), &positions[0]);
        assert!(!progress.attempted(true));
        assert!(!progress.attempted(false));
        assert_eq!(progress.current(), &positions[1]);
        assert!(!progress.attempted(true));
        assert!(progress.attempted(true), "four attempts: over");
        assert_eq!(progress.run.made, vec![1, 2]);
        assert_eq!(progress.run.score(), 0.75);
    }

    #[test]
    fn the_history_gives_the_best_and_the_trend_and_keeps_a_corrupt_file() {
        let path = fresh_dir("drill-history").join("drill-history.ron");
        let mut history = DrillHistory::read(&path).unwrap();
        for made in [2, 3, 3, 5, 6, 7] {
            history.record(&path, run("patterns", vec![made])).unwrap();
        }
        history.record(&path, run("other", vec![10])).unwrap();
        let read = DrillHistory::read(&path).unwrap();
        assert_eq!(read, history);
        assert_eq!(read.best("patterns"), Some(0.7));
        let trend = read.trend("patterns").unwrap();
        assert!((trend - 0.3333333).abs() < 1e-6, "{trend}");
        assert_eq!(read.trend("other"), None);
        std::fs::write(&path, "(runs: [(").unwrap();
        assert!(
            DrillHistory::read(&path)
                .unwrap_err()
                .to_string()
                .contains("drill-history.ron:1:")
        );
        assert!(path.exists());
    }

    #[test]
    fn a_drill_file_without_positions_or_attempts_is_refused() {
        let empty = "(name: \"x\", game: \"three_cushion\", attempts: 0, positions: [\"a\"])";
        assert!(Drill::parse("x.ron", empty).unwrap_err().file == "x.ron");
    }
}
