//! Play at one table as a plain-Rust state machine (no Bevy), from the first phase to
//! the last: a table core ([`TableCore`]: the simulation, the referee, the event stream
//! and the save) and a controller per mode ([`Match`], [`Practice`], [`LagTraining`])
//! that owns that mode's state and takes that mode's commands. Commands come in
//! ([`PlayCommand`], routed to the mode that takes them); what happened goes out as
//! typed events ([`Event`]): contacts as the balls roll, phases, verdicts, lag results,
//! spotting, notices. The views say whose turn it is, what may be done now and the
//! score sheet. The game's shell applies the players' commands and mirrors the phase;
//! tests (and any computer player) drive it directly.

pub mod drills;
mod files;
mod game;
mod lag;
pub mod lag_stats;
mod lag_training;
mod live;
mod match_play;
pub mod positions;
mod practice;
mod save;
mod settings;
mod table_core;

pub use files::{
    StoragePaths, keep_aside, now_s, read_ron_folder, read_ron_or_default, write_atomically,
    write_ron,
};
pub use game::Resumable;
pub use lag::{GOOD_LAG_BAND_M, Lag, LagOpponent, LagResult, LagSetup, good_lag_speeds, lag_start};
pub use lag_stats::{LagHistory, LagLog, LagSummary};
pub use lag_training::{LagTraining, LagTrainingCommand};
pub use live::LiveCount;
pub use match_play::Match;
pub use practice::{Practice, PracticeCommand};
pub use save::{SavedMatch, SavedStroke};
pub use settings::{BallStyle, MAX_NAME_CHARS, MAX_PLAYERS, MatchSettings, Mode};
pub use table_core::TableCore;

use crate::config::Config;
use crate::math::DVec2;
use crate::physics::StrikeError;
use crate::rules::{JudgeError, LagError, Placement};
use crate::shot::{BallId, ShotEvent, Stroke};
use drills::DrillRun;
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
/// takes its own as well: [`PracticeCommand`], [`LagTrainingCommand`]).
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
    /// Put the balls back where they were before the last stroke (rule 22).
    RestorePositions,
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
    /// The lag was judged: [`Play::lag`]'s result.
    LagJudged,
    /// Jumped balls were put on their spots.
    Spotted(Vec<Placement>),
    /// Practice: a drill is over; its run.
    DrillDone(DrillRun),
    /// Something to tell the players.
    Notice(Notice),
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
    SaveFailed(String),
    /// The old save could not be read: it was kept here.
    OldSaveKept(PathBuf),
    /// The old save could not be read nor moved aside: why.
    OldSaveStuck(String),
    /// The saved match cannot be replayed: why.
    CannotResume(String),
    /// Practice: no stroke to take back, or none to play again.
    NothingToUndo,
    NothingToRedo,
    /// The match cannot start with these settings: why.
    CannotStart(String),
    /// A practice position cannot be set up here: why.
    CannotSetUp(String),
}

/// Any command, routed to the mode that takes it: a practice command reaches practice
/// only, a lag-training one lag training only.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayCommand {
    Table(Command),
    Practice(PracticeCommand),
    LagTraining(LagTrainingCommand),
}

impl From<Command> for PlayCommand {
    fn from(command: Command) -> PlayCommand {
        PlayCommand::Table(command)
    }
}

impl From<PracticeCommand> for PlayCommand {
    fn from(command: PracticeCommand) -> PlayCommand {
        PlayCommand::Practice(command)
    }
}

impl From<LagTrainingCommand> for PlayCommand {
    fn from(command: LagTrainingCommand) -> PlayCommand {
        PlayCommand::LagTraining(command)
    }
}

/// One table in play, in its mode. Every mode is a table: the core's views
/// ([`TableCore`]) are the play's, through `Deref`.
pub enum Play {
    Match(Match),
    Practice(Practice),
    LagTraining(LagTraining),
}

impl Play {
    /// A table set up for `settings`: the lag, or the break when there is none. A
    /// hot-seat match is saved at `save_path` (an unreadable save there is kept aside).
    pub fn new(config: &Config, settings: MatchSettings, save_path: Option<PathBuf>) -> Play {
        match settings.mode {
            Mode::Match => Play::Match(Match::new(TableCore::new(config, settings, save_path))),
            Mode::Practice => Play::Practice(Practice::new(TableCore::new(config, settings, None))),
            Mode::LagTraining => {
                Play::LagTraining(LagTraining::new(TableCore::new(config, settings, None)))
            }
        }
    }

    /// The saved match, at the point it was saved.
    pub fn resume(config: &Config, saved: &SavedMatch, save_path: Option<PathBuf>) -> Play {
        let core = TableCore::new(config, saved.settings.clone(), save_path);
        Play::Match(Match::resume(core, saved))
    }

    /// Advances the balls by `dt` seconds of the table's own time; when they stop, the
    /// referee judges the stroke (or the lag).
    pub fn advance(&mut self, dt: f64) {
        match self {
            Play::Match(m) => m.advance(dt),
            Play::Practice(p) => p.advance(dt),
            Play::LagTraining(t) => t.advance(dt),
        }
    }

    /// Applies what a player decided; a command the mode or the phase does not take is
    /// ignored.
    pub fn apply(&mut self, command: impl Into<PlayCommand>) {
        match (self, command.into()) {
            (Play::Match(m), PlayCommand::Table(c)) => m.apply(c),
            (Play::Practice(p), PlayCommand::Table(c)) => p.apply(c),
            (Play::Practice(p), PlayCommand::Practice(c)) => p.apply_own(c),
            (Play::LagTraining(t), PlayCommand::Table(c)) => t.apply(c),
            (Play::LagTraining(t), PlayCommand::LagTraining(c)) => t.apply_own(c),
            _ => {}
        }
    }

    /// The core every mode plays on.
    pub fn core(&self) -> &TableCore {
        match self {
            Play::Match(m) => &m.core,
            Play::Practice(p) => &p.core,
            Play::LagTraining(t) => &t.core,
        }
    }

    fn core_mut(&mut self) -> &mut TableCore {
        match self {
            Play::Match(m) => &mut m.core,
            Play::Practice(p) => &mut p.core,
            Play::LagTraining(t) => &mut t.core,
        }
    }

    /// Practice, when that is the mode.
    pub fn practice(&self) -> Option<&Practice> {
        match self {
            Play::Practice(p) => Some(p),
            _ => None,
        }
    }

    /// Lag training, when that is the mode.
    pub fn lag_training(&self) -> Option<&LagTraining> {
        match self {
            Play::LagTraining(t) => Some(t),
            _ => None,
        }
    }

    /// The lag, in a match or in lag training (practice has none).
    pub fn lag(&self) -> Option<&Lag> {
        match self {
            Play::Match(m) => Some(m.lag()),
            Play::Practice(_) => None,
            Play::LagTraining(t) => Some(t.lag()),
        }
    }

    /// The lagger whose turn it is to set up, in a match or in lag training.
    pub fn lag_turn(&self) -> Option<&LagSetup> {
        self.lag().and_then(Lag::turn)
    }

    /// The lagger setting up, in the lag.
    fn lagger(&self) -> Option<&LagSetup> {
        self.lag_turn().filter(|_| self.phase() == Phase::Lag)
    }

    /// The ball the player at the table aims with: their lag ball in the lag, else the
    /// shooter's cue ball (rule 6).
    pub fn cue_ball(&self) -> BallId {
        match (self.lagger(), self.referee()) {
            (Some(turn), _) => turn.ball,
            (_, Some(referee)) => referee.cue_ball(),
            _ => BallId::White,
        }
    }

    /// The player at the table: the lagger setting up, else the shooter.
    pub fn player(&self) -> usize {
        match (self.lagger(), self.referee()) {
            (Some(turn), _) => turn.player,
            (_, Some(referee)) => referee.shooter(),
            _ => 0,
        }
    }

    /// The name of player `i`.
    pub fn player_name(&self, i: usize) -> String {
        let opponent = self.lag_training().and_then(LagTraining::opponent_name);
        match (i, opponent) {
            (1, Some(name)) => name.to_owned(),
            _ => self
                .settings()
                .seated()
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("Player {}", i + 1)),
        }
    }
}

impl std::ops::Deref for Play {
    type Target = TableCore;

    fn deref(&self) -> &TableCore {
        self.core()
    }
}

impl std::ops::DerefMut for Play {
    fn deref_mut(&mut self) -> &mut TableCore {
        self.core_mut()
    }
}

#[cfg(test)]
pub(crate) mod tests;
