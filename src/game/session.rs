//! The match at the table: the referee and every stroke it judged, the lag in progress,
//! and what the players declared. Everything here can be rebuilt by replaying the
//! strokes, which is how a saved match resumes and how rule 22 restores positions.

use super::save::SavedMatch;
use super::settings::MatchSettings;
use crate::ball::BallId;
use crate::config::Config;
use crate::math::DVec2;
use crate::physics::Stroke as CueStroke;
use crate::physics::events::ShotRecord;
use crate::rules::{Calls, LagBall, LagVerdict, MatchSetup, Referee, Side, Stroke, Verdict};
use crate::table::TableGeometry;
use bevy::prelude::*;

/// One player's lag: their ball, their side of the head spot, where they put it and,
/// once ready, their (hidden) stroke.
#[derive(Clone, Debug, PartialEq)]
pub struct LagSetup {
    pub player: usize,
    pub ball: BallId,
    pub side: Side,
    pub position: DVec2,
    pub stroke: Option<CueStroke>,
}

/// What the last lag came to.
#[derive(Clone, Debug, PartialEq)]
pub enum LagResult {
    /// Two players (rule 5).
    Match(LagVerdict),
    /// One player training: their ball's faults and distance.
    Training(LagBall),
}

#[derive(Resource, Default)]
pub struct Session {
    /// The match's referee, once the break is decided.
    pub referee: Option<Referee>,
    /// Every stroke judged, in order, and what the referee said of each.
    pub strokes: Vec<Stroke>,
    pub verdicts: Vec<Verdict>,
    pub breaker: usize,
    pub breaker_ball: Option<BallId>,
    /// The shooter declared an intentional safety for the next stroke.
    pub declared_safety: bool,
    /// The lag being set up, one entry per player lagging.
    pub lag: Vec<LagSetup>,
    pub lag_result: Option<LagResult>,
    /// Who won the last lag (an index into the players).
    pub lag_winner: Option<usize>,
    /// Something to tell the players (a save that failed, positions restored, ...).
    pub notice: Option<String>,
}

impl Session {
    /// A match with `breaker` breaking with `breaker_ball`, replaying `strokes` already
    /// played (none for a new match).
    pub fn start(
        config: &Config,
        settings: &MatchSettings,
        breaker: usize,
        breaker_ball: BallId,
        strokes: Vec<Stroke>,
    ) -> Result<Session, String> {
        let game = config.games.game(&settings.game)?;
        let table = TableGeometry::new(&config.tables, Some(&settings.table), &config.balls)?;
        let setup = MatchSetup {
            players: settings.seated(),
            target: settings.target,
            innings_limit: settings.innings_limit,
            breaker,
            breaker_ball,
        };
        let referee =
            Referee::new(game, &config.games.referee, table, setup).map_err(|e| e.to_string())?;
        let mut session = Session {
            referee: Some(referee),
            breaker,
            breaker_ball: Some(breaker_ball),
            ..Session::default()
        };
        for (i, stroke) in strokes.into_iter().enumerate() {
            session
                .judge_stroke(stroke)
                .map_err(|e| format!("stroke {}: {e}", i + 1))?;
        }
        Ok(session)
    }

    /// The match a save describes, at the point it was saved.
    pub fn resume(config: &Config, saved: &SavedMatch) -> Result<Session, String> {
        Session::start(
            config,
            &saved.settings,
            saved.breaker,
            saved.breaker_ball,
            saved.strokes(),
        )
    }

    pub fn referee(&self) -> Option<&Referee> {
        self.referee.as_ref()
    }

    /// Judges a finished stroke with the shooter's declaration.
    pub fn judge(&mut self, record: ShotRecord) -> Result<Verdict, String> {
        let stroke = Stroke {
            record,
            declared_safety: std::mem::take(&mut self.declared_safety),
            calls: Calls::default(),
        };
        self.judge_stroke(stroke)
    }

    fn judge_stroke(&mut self, stroke: Stroke) -> Result<Verdict, String> {
        let referee = self.referee.as_mut().ok_or("no match is under way")?;
        let verdict = referee.judge(&stroke).map_err(|e| e.to_string())?;
        self.strokes.push(stroke);
        self.verdicts.push(verdict.clone());
        Ok(verdict)
    }

    /// Rule 22: the last stroke was disturbed from outside; the referee takes it back
    /// and the balls return to where they were before it, with no penalty.
    pub fn restore_positions(
        &mut self,
        config: &Config,
        settings: &MatchSettings,
    ) -> Result<(), String> {
        let mut strokes = self.strokes.clone();
        let last = strokes
            .iter_mut()
            .rev()
            .find(|s| !s.calls.outside_interference)
            .ok_or("no stroke has been played yet")?;
        last.calls.outside_interference = true;
        let breaker_ball = self.breaker_ball.ok_or("no match is under way")?;
        let restored = Session::start(config, settings, self.breaker, breaker_ball, strokes)?;
        *self = Session {
            notice: Some("Positions restored to before the last stroke (rule 22)".into()),
            ..restored
        };
        Ok(())
    }

    /// The save of this match.
    pub fn saved(&self, settings: &MatchSettings) -> Option<SavedMatch> {
        Some(SavedMatch::new(
            settings.clone(),
            self.breaker,
            self.breaker_ball?,
            &self.strokes,
        ))
    }
}

/// What the save on disk offers the menu.
#[derive(Clone, Debug)]
pub enum Resumable {
    Nothing,
    /// The saved match has ended: nothing to play on.
    Finished(SavedMatch),
    Ready(SavedMatch),
    /// The save cannot be read or replayed: why (the file is left as it is).
    Unreadable(String),
}

impl Resumable {
    /// Reads the save at `path` and replays it to see whether it can go on.
    pub fn check(config: &Config, path: &std::path::Path) -> Resumable {
        match SavedMatch::read(path) {
            Ok(None) => Resumable::Nothing,
            Err(e) => Resumable::Unreadable(e),
            Ok(Some(saved)) => match Session::resume(config, &saved) {
                Err(e) => Resumable::Unreadable(format!("{}: {e}", path.display())),
                Ok(session) if session.referee().is_some_and(Referee::is_over) => {
                    Resumable::Finished(saved)
                }
                Ok(_) => Resumable::Ready(saved),
            },
        }
    }
}
