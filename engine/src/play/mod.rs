//! Play at one table as a plain-Rust state machine (no Bevy), from the first phase to
//! the last: a table core ([`TableCore`]: the simulation, the referee, the event stream
//! and the save) and a controller per mode ([`Match`], [`Practice`], [`LagTraining`])
//! that owns that mode's state and takes that mode's commands. Commands come in
//! ([`PlayCommand`], routed to the mode that takes them); what happened goes out as
//! typed events ([`Event`]): contacts as the balls roll, phases, verdicts, lag results,
//! spotting, notices. The views say whose turn it is, what may be done now and the
//! score sheet. The game's shell applies the players' commands and mirrors the phase;
//! tests (and any computer player) drive it directly.

pub mod bundled;
mod club_night;
pub mod drills;
pub mod exam;
mod files;
mod flow;
mod lag;
pub mod lag_stats;
mod lag_training;
pub mod library;
mod live;
mod match_play;
mod playback;
pub mod positions;
mod practice;
pub mod profiles;
mod refereed;
pub mod replays;
mod save;
mod settings;
mod shot_clock;
mod table_core;
pub mod tournament;
pub mod typed_place;
mod viewer;

pub use club_night::{ClubNight, Settled};
pub use files::{
    FileError, StoragePaths, delete, keep_aside, now_s, read_if_there, read_ron_folder,
    read_ron_or_default, resident_kib, save_diagram, write_atomically, write_ron,
};
pub use flow::{Command, Event, Notice, Phase, SetUpRefusal};
pub use lag::{GOOD_LAG_BAND_M, Lag, LagOpponent, LagResult, LagSetup, good_lag_speeds, lag_start};
pub use lag_stats::{LagDiary, LagHistory, LagLog, LagSummary};
pub use lag_training::{LagTraining, LagTrainingCommand};
pub use live::LiveCount;
pub use match_play::Match;
pub use practice::{Practice, PracticeCommand};
pub use refereed::{Resumable, ResumeError, StartError};
pub use save::{LeavingVerdict, MatchEnding, SAVE_VERSION, SavedMatch, SavedPhase, SavedStroke};
pub use settings::{
    BallStyle, MAX_NAME_CHARS, MAX_PLAYERS, MatchSettings, Mode, SettingsError, SettingsProblem,
};
pub use shot_clock::{ClockTick, PRACTICE_CLOCK_S, StrokeClock, StrokeTime};
pub use table_core::TableCore;
pub use viewer::{MatchViewer, Viewed, stroke_that_played};

use crate::config::Config;
use crate::shot::BallId;
use std::path::PathBuf;

/// Where a match is saved and its players' records kept, in the player's `files`.
fn kept_in(files: Option<&StoragePaths>) -> (Option<PathBuf>, Option<PathBuf>) {
    files.map_or((None, None), |files| {
        (Some(files.saved_match.clone()), Some(files.data.clone()))
    })
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

/// Who sits in a seat at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person, by the name they gave.
    Named(String),
    /// A seat (numbered from 0) whose player gave no name.
    Unnamed(usize),
    /// Lag training's computer lagger.
    ComputerLagger,
    /// Lag training's ghost: the player's own best lag, mirrored.
    Ghost,
}

/// One table in play, in its mode. Every mode is a table: the core's views
/// ([`TableCore`]) are the play's, through `Deref`.
pub enum Play {
    Match(Match),
    Practice(Practice),
    LagTraining(LagTraining),
}

impl Play {
    /// A table set up for `settings`: the lag, or the break when there is none. With
    /// the player's `files`, a hot-seat match is saved in them (an unreadable save there
    /// is kept aside) and each game that ends goes into the players' records.
    pub fn new(config: &Config, settings: MatchSettings, files: Option<&StoragePaths>) -> Play {
        let (save_path, records) = kept_in(files);
        match settings.mode {
            Mode::Match => Play::Match(Match::new(
                TableCore::new(config, settings, save_path),
                records,
            )),
            Mode::Practice => Play::Practice(Practice::new(
                TableCore::new(config, settings, None),
                records,
            )),
            Mode::LagTraining => {
                Play::LagTraining(LagTraining::new(TableCore::new(config, settings, None)))
            }
        }
    }

    /// A match played online (`online::OnlineTable`): saved at `save_path` after every
    /// move; kept in the records of the data folder `records` for the player of that
    /// seat (this side's) when it ends.
    pub fn online(
        config: &Config,
        settings: MatchSettings,
        save_path: Option<PathBuf>,
        records: Option<(PathBuf, usize)>,
    ) -> Play {
        let (data, seat) = records.unzip();
        let mut play = Match::new(TableCore::new(config, settings, save_path), data);
        play.record_only(seat.into_iter().collect());
        play.core.follow_the_tables_clock();
        Play::Match(play)
    }

    /// This match shows an online table's: its shot clock's end is the table's to say
    /// (`Command::TimedOut`).
    pub fn follow_the_tables_clock(&mut self) {
        self.core_mut().follow_the_tables_clock();
    }

    /// The saved match, at the point it was saved (kept in `files` from now on, as
    /// [`Play::new`]'s).
    pub fn resume(config: &Config, saved: &SavedMatch, files: Option<&StoragePaths>) -> Play {
        let (save_path, records) = kept_in(files);
        let core = TableCore::new(config, saved.settings.clone(), save_path);
        Play::Match(Match::resume(core, saved, records))
    }

    /// A match as its save would say it now (None: not a match, or its balls rolling),
    /// for [`Play::resume`] to set up the same match elsewhere.
    pub fn saved(&self) -> Option<SavedMatch> {
        match self {
            Play::Match(m) => m.saved(),
            _ => None,
        }
    }

    /// Ends a match before it is played out (an online game conceded or left): saved
    /// with the match.
    pub fn end_early(&mut self, ending: MatchEnding) {
        if let Play::Match(m) = self {
            m.end_early(ending);
        }
    }

    /// What went wrong keeping the last game in the players' records (a match only).
    pub fn profile_troubles(&self) -> &[profiles::ProfileTrouble] {
        match self {
            Play::Match(m) => m.profile_troubles(),
            _ => &[],
        }
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

    /// The mode this table plays (its own kind, whatever the settings say now).
    pub fn mode(&self) -> Mode {
        match self {
            Play::Match(_) => Mode::Match,
            Play::Practice(_) => Mode::Practice,
            Play::LagTraining(_) => Mode::LagTraining,
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

    /// Who sits in seat `i` (from 0), for the words to name.
    pub fn seat(&self, i: usize) -> Seat {
        let opponent = self.lag_training().map(LagTraining::opponent);
        match (i, opponent) {
            (1, Some(LagOpponent::Computer { .. })) => Seat::ComputerLagger,
            (1, Some(LagOpponent::Ghost)) => Seat::Ghost,
            _ => self
                .settings()
                .seated()
                .get(i)
                .cloned()
                .map_or(Seat::Unnamed(i), Seat::Named),
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
mod format_tests;
#[cfg(test)]
pub(crate) mod tests;
