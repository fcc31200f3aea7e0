//! What went wrong, in words: every error the layers below return.

use super::*;

/// What went wrong, in words: every error the layers below return.
pub trait TroubleWords {
    /// What went wrong, in a line.
    fn trouble(&self, trouble: Trouble) -> String;
    /// What is wrong with a command line's input, as the command line's own checks find
    /// it (the file or field at fault is named around it).
    fn command_line(&self, problem: &CommandLineProblem) -> String;
}

/// What the command line's own checks find wrong (its errors of the layers below are
/// [`Trouble`]s).
#[derive(Clone, Debug, PartialEq)]
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
    /// `carom system` names a system it does not know.
    UnknownSystem {
        name: &'a str,
        known: &'a [&'a str],
    },
    /// A number given on the command line outside what is allowed.
    OutOfRange {
        what: &'a str,
        value: f64,
        low: f64,
        high: f64,
    },
}
