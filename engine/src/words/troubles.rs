//! What went wrong, in words: every error the layers below return.

use super::*;
use crate::computer;
use crate::diamond_systems::SweepError;
use crate::fit::data::ShotProblem;
use crate::online::{
    IdentityError, LeavingRuleError, LinkError, LobbyError, MoveError, Note, OpenError,
    PackedRecordError, Refusal, ShareError, TransportError,
};
use crate::physics::{self, ShotError};
use crate::play::SettingsError;
use crate::rules::RecordError;
use crate::shot::StrokeError;

/// Something that went wrong, as a player reads it: every typed error of the layers
/// below. (Each one's `Display` is its English words: `display.rs`.)
#[derive(Clone, Copy)]
pub enum Trouble<'a> {
    File(&'a FileError),
    /// A ball's place typed in practice that cannot be read.
    TypedPlace(&'a crate::play::typed_place::TypedPlaceError),
    Start(&'a StartError),
    Resume(&'a ResumeError),
    Judge(&'a JudgeError),
    /// A stroke's record the referee cannot judge.
    Record(&'a RecordError),
    Lag(&'a LagError),
    /// A stroke's numbers out of their ranges.
    Stroke(&'a StrokeError),
    Strike(&'a StrikeError),
    Place(&'a PlaceError),
    Shot(&'a ShotError),
    Setup(&'a SetupError),
    Unknown(&'a UnknownKey),
    Settings(&'a SettingsProblem),
    SettingsFile(&'a SettingsError),
    MissingPosition(&'a MissingPosition),
    /// A diamond system's stroke that cannot be played.
    Sweep(&'a SweepError),
    /// A tracked shot's samples that cannot be fitted.
    Samples(&'a ShotProblem),
    /// The simulation's benchmark cannot run.
    SimulationBench(&'a physics::bench::BenchError),
    /// The computer's benchmark cannot run.
    ComputerBench(&'a computer::bench::BenchError),
    /// A message from the table that is not applied.
    Refusal(&'a Refusal),
    /// No key could be made.
    Identity(&'a IdentityError),
    /// Something at an online table that is not a move.
    OnlineNote(&'a Note),
    /// A move this participant cannot make now.
    Move(&'a MoveError),
    /// A message that could not be sent to the table.
    Transport(&'a TransportError),
    /// A share code that cannot be made or opened.
    Share(&'a ShareError),
    /// A stroke message's record that cannot be read.
    PackedRecord(&'a PackedRecordError),
    /// An online table that could not be opened.
    Link(&'a LinkError),
    /// What the lobby did not take.
    Lobby(&'a LobbyError),
    /// A leaving rule a table cannot be seated on.
    Leaving(&'a LeavingRuleError),
    /// A share code, saved match or position that cannot be opened (to watch, to practise).
    Open(&'a OpenError),
}

/// What went wrong, in words: every error the layers below return.
pub trait TroubleWords {
    /// What went wrong, in a line.
    fn trouble(&self, trouble: Trouble) -> String;
    /// What is wrong with a command line's input, as the command line's own checks find
    /// it (the file or field at fault is named around it).
    fn command_line(&self, problem: &CommandLineProblem) -> String;
}

/// What the command line's own checks find wrong (its errors of the layers below are
/// [`Trouble`]s): a shot file, a folder or a number of its own, and the match file's and
/// check-config's wording.
#[derive(Clone, Debug)]
pub enum CommandLineProblem<'a> {
    /// `--config` names a folder that is not there.
    NoConfigFolder,
    NotAFolder,
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
    /// Practice files of a config folder that cannot be used, each with its reason.
    BadFiles(&'a [String]),
    /// Text given as a join code that is not one.
    NotAJoinCode(String),
    /// `carom system` names a system it does not know (those it knows:
    /// `diamond_systems::NAMES`).
    UnknownSystem(String),
    /// An option `carom system` takes for another system than the one named.
    NotForSystem {
        option: &'a str,
        system: &'a str,
    },
    /// A number given on the command line outside what is allowed.
    OutOfRange {
        what: &'a str,
        value: f64,
        low: f64,
        high: f64,
    },
    /// A match file named neither `.json` nor `.ron`.
    NotJsonOrRon,
    /// A file that cannot be read: the system's reason.
    CannotRead(&'a std::io::Error),
    /// A number in a match file that is not finite (`inf`, `NaN` in RON).
    NotFinite(f64),
    /// Said after a RON match file's type error: a bare name is read as nothing.
    RonNamesAreStrings,
}
