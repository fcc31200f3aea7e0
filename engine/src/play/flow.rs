//! What goes in and out of a table in every mode: where play stands ([`Phase`]), the
//! commands any table takes ([`Command`]), what happened ([`Event`]) and what to tell
//! the players ([`Notice`]).

use super::drills::DrillRun;
use super::files::FileError;
use super::refereed::StartError;
use super::shot_clock::{ClockTick, StrokeTime};
use crate::math::DVec2;
use crate::physics::{PlaceError, StrikeError};
use crate::rules::{JudgeError, LagError, Placement};
use crate::shot::{BallId, ShotEvent, ShotRecord, Stroke};
use std::path::PathBuf;

/// Where play stands at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The players set up their lag strokes in turn (rule 5).
    Lag,
    LagRolling,
    /// The lag's outcome, with every automatic loss and distance.
    LagResult,
    /// The lag winner breaks or passes, and picks a cue ball (rules 4, 6).
    ChooseBreak,
    /// The breaker places the cue ball on the head string (rule 7).
    BreakSetup,
    Aiming,
    Rolling,
    /// The referee's verdict on the stroke.
    Verdict,
    /// Jumped balls go to their spots (rules 21, 26).
    Spotting,
    GameOver,
}

impl Phase {
    /// The lag (rule 5): set up, rolling or judged.
    pub fn is_lag(self) -> bool {
        matches!(self, Phase::Lag | Phase::LagRolling | Phase::LagResult)
    }
}

/// What the players decide at any table, taken in the phase that takes it (a mode
/// takes its own as well: [`super::PracticeCommand`], [`super::LagTrainingCommand`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Lag: move the ball of the player at the table (kept behind the head string, on
    /// their side).
    PlaceLagBall(DVec2),
    /// Lag: the player at the table has set up their stroke; it stays hidden until both
    /// balls are struck together.
    LagReady(Stroke),
    /// The lag winner breaks (or passes the break) and plays `ball` (rules 4, 6).
    ChooseBreak { break_it: bool, ball: BallId },
    /// Break set-up: the breaker's ball this far left (+) of the head spot along the
    /// head string, m (rule 7: within six inches).
    MoveBreakBall(f64),
    /// Declare (or withdraw) an intentional safety for the next stroke (rules 23–25).
    DeclareSafety(bool),
    /// Play a stroke with the shooter's cue ball.
    Strike(Stroke),
    /// A stroke played on another machine (an online match's, as its channel brings it
    /// back): judged from the record its shooter's simulation wrote, the balls left
    /// where it says, with the safety its shooter declared. While the lag rolls: the
    /// lag's record (the online host's), judged as the lag.
    Played {
        record: Box<ShotRecord>,
        declared_safety: bool,
        /// The shooter's thinking time and time-out call on the shot clock, as their
        /// side said them.
        clock: StrokeTime,
    },
    /// Online: the shot clock ran out on the shooter's side (the time they took, and
    /// whether they had called a time-out): the stroke not played is judged.
    TimedOut(StrokeTime),
    /// Online: the next stroke (struck here to follow the table's) is judged with the
    /// thinking time and time-out call its shooter's side said.
    TableClock(StrokeTime),
    /// Put the balls back where they were before the last stroke (rule 22).
    RestorePositions,
    /// Call one of the shooter's time-outs on the shot clock for this stroke.
    TimeOut,
    /// Go on from what is shown (a lag result, a verdict, the spotting, the set-up).
    Continue,
    /// Play the same match again.
    Rematch,
}

/// What happened, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Play entered this phase.
    Phase(Phase),
    /// Something happened on the table during a stroke, as it happened.
    Shot(ShotEvent),
    /// The referee judged the stroke: the last row of the score sheet.
    Verdict,
    /// The lag was judged: [`super::Play::lag`]'s result.
    LagJudged,
    /// The game just ended with a stroke (not a finished game resumed): its sheet is
    /// final.
    GameEnded,
    /// Jumped balls were put on their spots.
    Spotted(Vec<Placement>),
    /// Practice: a drill is over; its run.
    DrillDone(DrillRun),
    /// Something to tell the players.
    Notice(Notice),
    /// The shot clock warned, took a time-out for the player, or ran out.
    Clock(ClockTick),
}

/// Something to tell the players that is not a verdict.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A stroke with the wrong ball was refused (rule 6).
    WrongBall {
        player: usize,
        ball: BallId,
    },
    /// The simulation refused the stroke.
    NoStroke(StrikeError),
    /// The simulation refused the lag's strokes.
    NoLag(StrikeError),
    /// The referee could not judge the stroke.
    CannotJudge(JudgeError),
    /// The referee could not judge the lag.
    CannotJudgeLag(LagError),
    /// Rule 22 was asked for before any stroke.
    NothingToRestore,
    /// Rule 22: the positions of before the last stroke are back.
    PositionsRestored,
    /// The save could not be written: why.
    SaveFailed(FileError),
    /// The old save could not be read: it was kept here.
    OldSaveKept(PathBuf),
    /// The old save could not be read nor moved aside: why.
    OldSaveStuck(FileError),
    /// The saved match (or the practice game taken back) cannot be replayed: why.
    CannotResume(StartError),
    /// Practice: no stroke to take back, or none to play again.
    NothingToUndo,
    NothingToRedo,
    /// The match cannot start with these settings: why.
    CannotStart(StartError),
    /// A practice position cannot be set up here: why.
    CannotSetUp(SetUpRefusal),
}

/// Why practice cannot set a lay-out up.
#[derive(Clone, Debug, PartialEq)]
pub enum SetUpRefusal {
    /// The position is of another game than the session's.
    OtherGame { position: String, game: String },
    /// The drill is of another game than the session's.
    DrillOfOtherGame { drill: String, game: String },
    /// The game cannot start from the lay-out (of the position named, if any).
    Start {
        position: Option<String>,
        error: StartError,
    },
    /// The table cannot hold the lay-out (of the position named, if any).
    Place {
        position: Option<String>,
        error: PlaceError,
    },
    /// A ball placed by hand would touch another.
    BallsWouldTouch,
    /// The cue ball chosen is not a white one.
    NotAWhite,
}
