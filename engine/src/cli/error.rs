//! Why a command stops: one typed reason, said on one line of standard error, naming the
//! file (and the field) at fault where there is one.

use super::{MatchFileError, MatchProblem};
use crate::computer;
use crate::config::{ConfigError, UnknownKey};
use crate::physics::{self, PlaceError, StrikeError};
use crate::play::drills::MissingPosition;
use crate::play::{FileError, StartError};
use crate::rules::{JudgeError, SetupError};
use crate::words::{CommandLineProblem, English, Trouble, Words};
use std::fmt;
use std::path::{Path, PathBuf};

/// What stops a command.
#[derive(Debug)]
pub enum CliError {
    /// Something wrong with a file or folder named on the command line.
    At { path: PathBuf, problem: Problem },
    /// Something wrong that no one file holds.
    Problem(Problem),
}

/// What is wrong.
#[derive(Debug)]
pub enum Problem {
    /// What the command line's own checks find wrong.
    Checked(CommandLineProblem<'static>),
    Io(std::io::Error),
    /// A config or input file that cannot be read as its type (it names its file).
    Config(ConfigError),
    Unknown(UnknownKey),
    /// A field of a shot file and what is wrong with it.
    Field {
        field: &'static str,
        problem: Box<Problem>,
    },
    Place(PlaceError),
    Strike(StrikeError),
    Setup(SetupError),
    Start(StartError),
    Judge(JudgeError),
    MatchFile(Box<MatchFileError>),
    /// The game's own saved match that cannot be read (it names its file).
    SavedMatch(FileError),
    Bench(physics::bench::BenchError),
    Decisions(computer::bench::BenchError),
    Json(serde_json::Error),
    /// A table played online: a move refused, or the physics fingerprint not worked
    /// out.
    Move(crate::online::MoveError),
    /// A table that could not be opened (its relay not reached, a key not made, ...).
    Link(crate::online::LinkError),
    Shot(physics::ShotError),
    /// A share code that cannot be made or opened.
    Share(crate::online::ShareError),
    /// Practice files of the config folder that cannot be used.
    BadFiles(Vec<BadFile>),
    /// A drill (an exam) names a position there is none of.
    MissingPosition(crate::play::drills::MissingPosition),
}

/// A practice file of a config folder that cannot be used, and why.
#[derive(Debug)]
pub enum BadFile {
    /// It cannot be read as a position or a drill (the error names it).
    Unreadable(FileError),
    /// A position of a game `games.ron` does not have.
    NoGame { path: PathBuf, error: UnknownKey },
    /// A drill naming a position neither the folder nor the built-in ones have.
    NoPosition {
        path: PathBuf,
        error: MissingPosition,
    },
}

impl BadFile {
    fn worded(&self, words: &dyn Words) -> String {
        match self {
            BadFile::Unreadable(e) => words.trouble(Trouble::File(e)),
            BadFile::NoGame { path, error } => format!(
                "{}: `game`: {}",
                path.display(),
                words.trouble(Trouble::Unknown(error))
            ),
            BadFile::NoPosition { path, error } => format!(
                "{}: {}",
                path.display(),
                words.trouble(Trouble::MissingPosition(error))
            ),
        }
    }
}

impl CliError {
    /// `problem` with the file or folder at `path`.
    pub fn at(path: &Path, problem: impl Into<Problem>) -> CliError {
        CliError::At {
            path: path.to_owned(),
            problem: problem.into(),
        }
    }
}

impl Problem {
    /// `self` as the fault of a shot file's `field`.
    pub fn in_field(self, field: &'static str) -> Problem {
        Problem::Field {
            field,
            problem: Box::new(self),
        }
    }
}

impl From<Problem> for CliError {
    fn from(problem: Problem) -> CliError {
        CliError::Problem(problem)
    }
}

/// `From` each error for `Problem` (its variant) and for `CliError` (no file to name).
macro_rules! problem_from {
    ($($variant:ident($error:ty)),* $(,)?) => {
        $(impl From<$error> for Problem {
            fn from(e: $error) -> Problem {
                Problem::$variant(e)
            }
        }
        impl From<$error> for CliError {
            fn from(e: $error) -> CliError {
                CliError::Problem(Problem::$variant(e))
            }
        })*
    };
}

problem_from!(
    Checked(CommandLineProblem<'static>),
    Io(std::io::Error),
    Config(ConfigError),
    Unknown(UnknownKey),
    Place(PlaceError),
    Strike(StrikeError),
    Setup(SetupError),
    Start(StartError),
    Judge(JudgeError),
    Bench(physics::bench::BenchError),
    Decisions(computer::bench::BenchError),
    Json(serde_json::Error),
    MissingPosition(crate::play::drills::MissingPosition),
);

// Boxed: a match file's error carries the file, the place and the parser's own error.
impl From<MatchFileError> for CliError {
    fn from(e: MatchFileError) -> CliError {
        CliError::Problem(Problem::MatchFile(Box::new(e)))
    }
}

impl CliError {
    /// What went wrong in `words`' language: the file or folder at fault, then the
    /// problem. (Its `Display` is the English.)
    pub fn worded(&self, words: &dyn Words) -> String {
        match self {
            CliError::At { path, problem } => {
                format!("{}: {}", path.display(), problem.worded(words))
            }
            CliError::Problem(problem) => problem.worded(words),
        }
    }
}

impl Problem {
    /// The problem in `words`' language. The system's, the JSON and RON parsers' and
    /// the config's own messages are theirs.
    pub fn worded(&self, words: &dyn Words) -> String {
        match self {
            Problem::Checked(problem) => words.command_line(problem),
            Problem::Io(e) => e.to_string(),
            Problem::Config(e) => e.to_string(),
            Problem::Unknown(e) => words.trouble(Trouble::Unknown(e)),
            Problem::Field { field, problem } => format!("`{field}`: {}", problem.worded(words)),
            Problem::Place(e) => words.trouble(Trouble::Place(e)),
            Problem::Strike(e) => words.trouble(Trouble::Strike(e)),
            Problem::Setup(e) => words.trouble(Trouble::Setup(e)),
            Problem::Start(e) => words.trouble(Trouble::Start(e)),
            Problem::Judge(e) => words.trouble(Trouble::Judge(e)),
            Problem::MatchFile(e) => e.worded(words),
            Problem::SavedMatch(e) => words.trouble(Trouble::File(e)),
            Problem::Bench(e) => words.trouble(Trouble::SimulationBench(e)),
            Problem::Decisions(e) => words.trouble(Trouble::ComputerBench(e)),
            Problem::Json(e) => e.to_string(),
            Problem::Move(e) => words.trouble(Trouble::Move(e)),
            Problem::Link(e) => words.trouble(Trouble::Link(e)),
            Problem::Shot(e) => words.trouble(Trouble::Shot(e)),
            Problem::Share(e) => words.trouble(Trouble::Share(e)),
            Problem::MissingPosition(e) => words.trouble(Trouble::MissingPosition(e)),
            Problem::BadFiles(each) => {
                let each: Vec<String> = each.iter().map(|bad| bad.worded(words)).collect();
                words.command_line(&CommandLineProblem::BadFiles(&each))
            }
        }
    }
}

/// `Display` for each of the command line's errors: its words in English.
macro_rules! displayed_in_english {
    ($($error:ty),*) => {
        $(impl fmt::Display for $error {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.worded(&English))
            }
        })*
    };
}

displayed_in_english!(CliError, Problem, MatchFileError, MatchProblem);

impl std::error::Error for CliError {}
