//! Why a command stops: one typed reason, said on one line of standard error, naming the
//! file (and the field) at fault where there is one.

use super::MatchFileError;
use crate::computer;
use crate::config::{ConfigError, UnknownKey};
use crate::physics::{self, PlaceError, StrikeError};
use crate::play::StartError;
use crate::rules::{JudgeError, SetupError};
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
    /// `--config` names a folder that is not there.
    NoConfigFolder,
    NotAFolder,
    Io(std::io::Error),
    /// A config or input file that cannot be read as its type (it names its file).
    Config(ConfigError),
    Unknown(UnknownKey),
    /// A field of a shot file and what is wrong with it.
    Field {
        field: &'static str,
        problem: Box<Problem>,
    },
    /// A shot file's `balls` lists this many.
    BallCount(usize),
    /// A shot file's `sample_hz` out of its range (above 0 up to `max`).
    SampleRate {
        hz: f64,
        max: f64,
    },
    /// A position (a cue ball, no stroke) given to `carom sim`.
    PositionNotShot,
    /// Neither or both of `stroke` and `launch`.
    StrokeOrLaunch,
    /// A position with no game, neither in the file nor on the command line.
    NoGame,
    /// A position that does not name the ball to play.
    NoCueBall,
    /// A shot that names a game launches its ball: there is no stroke to judge.
    GameNeedsStroke,
    /// The ball to play is not on the table.
    CueBallOff,
    Place(PlaceError),
    Strike(StrikeError),
    Setup(SetupError),
    Start(StartError),
    Judge(JudgeError),
    MatchFile(Box<MatchFileError>),
    /// The game's own saved match that cannot be read (it names its file).
    SavedMatch(crate::play::FileError),
    Bench(physics::bench::BenchError),
    Decisions(computer::bench::BenchError),
    Json(serde_json::Error),
    /// Practice files of the config folder that cannot be used, each with its reason.
    BadFiles(Vec<String>),
    /// `carom system` names a system it does not know.
    UnknownSystem(String),
    /// A number given on the command line outside what is allowed.
    OutOfRange {
        what: &'static str,
        value: f64,
        low: f64,
        high: f64,
    },
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
);

// Boxed: a match file's error carries the file, the place and the parser's own error.
impl From<MatchFileError> for CliError {
    fn from(e: MatchFileError) -> CliError {
        CliError::Problem(Problem::MatchFile(Box::new(e)))
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::At { path, problem } => write!(f, "{}: {problem}", path.display()),
            CliError::Problem(problem) => problem.fmt(f),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NoConfigFolder => {
                f.write_str("no such config folder (--config names a folder of RON files)")
            }
            Problem::NotAFolder => f.write_str("not a folder"),
            Problem::Io(e) => e.fmt(f),
            Problem::Config(e) => e.fmt(f),
            Problem::Unknown(e) => e.fmt(f),
            Problem::Field { field, problem } => write!(f, "`{field}`: {problem}"),
            Problem::BallCount(n) => write!(f, "`balls` lists {n} balls; 1 to 4 are allowed"),
            Problem::SampleRate { hz, max } => {
                write!(f, "`sample_hz` is {hz}; allowed: above 0 up to {max}")
            }
            Problem::PositionNotShot => f.write_str(
                "this is a position (`cue_ball`, no `stroke`): `carom suggest` chooses its stroke",
            ),
            Problem::StrokeOrLaunch => f.write_str("give exactly one of `stroke` and `launch`"),
            Problem::NoGame => f.write_str("no game: give `--game GAME` or a `game` in the file"),
            Problem::NoCueBall => {
                f.write_str("a position names the ball to play: `cue_ball: White` (or Dotted)")
            }
            Problem::GameNeedsStroke => f.write_str(
                "`game` needs a `stroke`: a `launch` has no cue, so there is nothing to judge",
            ),
            Problem::CueBallOff => f.write_str("the cue ball is not on the table"),
            Problem::Place(e) => e.fmt(f),
            Problem::Strike(e) => e.fmt(f),
            Problem::Setup(e) => e.fmt(f),
            Problem::Start(e) => e.fmt(f),
            Problem::Judge(e) => e.fmt(f),
            Problem::MatchFile(e) => e.fmt(f),
            Problem::SavedMatch(e) => e.fmt(f),
            Problem::Bench(e) => e.fmt(f),
            Problem::Decisions(e) => e.fmt(f),
            Problem::Json(e) => e.fmt(f),
            Problem::BadFiles(each) => write!(
                f,
                "{} file(s) cannot be used:\n{}",
                each.len(),
                each.join("\n")
            ),
            Problem::UnknownSystem(name) => write!(
                f,
                "no system `{name}`; known: {}",
                crate::diamond_systems::NAMES.join(", ")
            ),
            Problem::OutOfRange {
                what,
                value,
                low,
                high,
            } => write!(f, "{what} is {value}; allowed: {low} to {high}"),
        }
    }
}

impl std::error::Error for CliError {}
