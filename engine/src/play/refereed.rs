//! The match proper, once the break is decided: its referee and every stroke judged,
//! rebuilt by replaying its strokes (how a save resumes, rule 22 restores and practice
//! takes a stroke back); and what a save on disk offers the menu.

use super::files::FileError;
use super::{MatchSettings, SavedMatch, SavedPhase};
use crate::config::{Config, UnknownKey};
use crate::math::DVec2;
use crate::rules::{JudgeError, MatchSetup, PlayedStroke, Referee, SetupError, Verdict};
use crate::shot::{BallId, Spot};
use crate::table::TableGeometry;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A game that cannot start (or be replayed) with these settings.
#[derive(Clone, Debug, PartialEq)]
pub enum StartError {
    /// The settings name a game or a table the config does not have.
    Unknown(UnknownKey),
    /// The referee refuses the match or the lay-out.
    Setup(SetupError),
    /// A stroke of the replay (numbered from 1) cannot be judged.
    Stroke { number: usize, error: JudgeError },
    /// A save's phase that its strokes do not allow (a verdict before any stroke, a
    /// break choice by a third player, the next stroke of a game that is over).
    SavedPhase(SavedPhase),
}

impl From<UnknownKey> for StartError {
    fn from(e: UnknownKey) -> StartError {
        StartError::Unknown(e)
    }
}

impl From<SetupError> for StartError {
    fn from(e: SetupError) -> StartError {
        StartError::Setup(e)
    }
}

impl std::error::Error for StartError {}

/// A save that cannot be resumed: the file, or the match it holds.
#[derive(Clone, Debug, PartialEq)]
pub enum ResumeError {
    File(FileError),
    Replay { path: PathBuf, error: StartError },
}

impl std::error::Error for ResumeError {}

/// The match proper, once the break is decided: its referee and every stroke judged.
/// Everything can be rebuilt by replaying the strokes, which is how a save resumes and
/// how rule 22 restores positions.
#[derive(Clone, Debug)]
pub(super) struct Refereed {
    pub(super) referee: Referee,
    pub(super) strokes: Vec<PlayedStroke>,
    /// The breaker of each set a lag decided, in order (a match in sets).
    pub(super) set_breakers: Vec<usize>,
    breaker: usize,
    breaker_ball: BallId,
    /// A practice position the game started from instead of the break's set-up.
    pub(super) start_at: Option<BTreeMap<BallId, DVec2>>,
}

impl Refereed {
    /// A match with `breaker` breaking with `breaker_ball` (or, in practice, playing
    /// from the lay-out `start_at`), replaying `strokes` already played (none for a new
    /// match).
    pub(super) fn start(
        config: &Config,
        settings: &MatchSettings,
        breaker: usize,
        breaker_ball: BallId,
        start_at: Option<BTreeMap<BallId, DVec2>>,
        strokes: Vec<PlayedStroke>,
        set_breakers: &[usize],
    ) -> Result<Refereed, StartError> {
        let rules = config.games.game(&settings.game)?;
        let table = TableGeometry::new(&config.tables, Some(&settings.table), &config.balls)?;
        let setup = MatchSetup {
            players: settings.seated(),
            target: settings.target,
            targets: settings.seated_targets(),
            innings_limit: settings.innings_limit,
            breaker,
            breaker_ball,
        };
        let mut referee = Referee::new(rules, &config.games.referee, table, setup)?;
        if let Some(format) = settings.match_format(config) {
            referee = referee.with_format(format)?;
        }
        if let Some(at) = &start_at {
            referee = referee.at_layout(at.clone())?;
        }
        let mut game = Refereed {
            referee,
            strokes: Vec::new(),
            set_breakers: Vec::new(),
            breaker,
            breaker_ball,
            start_at,
        };
        game.play_on(strokes, set_breakers)?;
        Ok(game)
    }

    /// Judges `strokes` in turn, numbered from 1.
    fn play_on(
        &mut self,
        strokes: Vec<PlayedStroke>,
        set_breakers: &[usize],
    ) -> Result<(), StartError> {
        for (i, stroke) in strokes.into_iter().enumerate() {
            self.replay(i + 1, stroke, set_breakers)?;
        }
        Ok(())
    }

    /// Judges stroke `number` of a replay; a set that waits for a lag's breaker is
    /// broken by the next of `set_breakers` (the match's, from its first).
    fn replay(
        &mut self,
        number: usize,
        stroke: PlayedStroke,
        set_breakers: &[usize],
    ) -> Result<(), StartError> {
        if self.referee.set_breaker_pending()
            && let Some(&breaker) = set_breakers.get(self.set_breakers.len())
        {
            self.set_breaker(breaker)?;
        }
        self.judge(stroke)
            .map_err(|error| StartError::Stroke { number, error })?;
        Ok(())
    }

    /// The lag after a set gave its successor's break to `breaker`.
    pub(super) fn set_breaker(&mut self, breaker: usize) -> Result<(), SetupError> {
        self.referee.set_breaker(breaker)?;
        self.set_breakers.push(breaker);
        Ok(())
    }

    /// The same game from its start, with `strokes` played instead of its own.
    pub(super) fn replayed(
        &self,
        config: &Config,
        settings: &MatchSettings,
        strokes: Vec<PlayedStroke>,
    ) -> Result<Refereed, StartError> {
        let start_at = self.start_at.clone();
        Refereed::start(
            config,
            settings,
            self.breaker,
            self.breaker_ball,
            start_at,
            strokes,
            &self.set_breakers,
        )
    }

    /// Rule 7, before the break: the breaker's ball `offset` m left (+) of the head
    /// spot along the head string, held within six inches; the other balls stand where
    /// the set-up put them, and the referee judges the break (and rule 22 restores it)
    /// from there. The offset taken; None where the game's set-up has no such segment
    /// (four-ball's), the break is played, or the ball would touch another.
    pub(super) fn move_break_ball(&mut self, offset: f64) -> Option<f64> {
        let referee = &self.referee;
        if !self.strokes.is_empty() || !referee.game().breaker_on_head_string() {
            return None;
        }
        let table = referee.table();
        let ball = referee.cue_ball();
        let at = table.break_position(offset);
        let mut positions = referee.positions().clone();
        let clear = positions
            .iter()
            .filter(|(b, _)| **b != ball)
            .all(|(_, p)| p.distance(at) >= 2.0 * table.ball_radius);
        if !clear || !positions.contains_key(&ball) {
            return None;
        }
        let taken = (at - table.spot(Spot::Head)).y;
        positions.insert(ball, at);
        self.referee = self.referee.clone().at_layout(positions.clone()).ok()?;
        self.start_at = Some(positions);
        Some(taken)
    }

    pub(super) fn judge(&mut self, stroke: PlayedStroke) -> Result<&Verdict, JudgeError> {
        self.referee.judge(&stroke)?;
        self.strokes.push(stroke);
        Ok(self.referee.last_verdict().expect("just judged"))
    }

    pub(super) fn saved(&self, settings: &MatchSettings, at: SavedPhase) -> SavedMatch {
        SavedMatch {
            set_breakers: self.set_breakers.clone(),
            ..SavedMatch::new(
                settings.clone(),
                self.breaker,
                self.breaker_ball,
                &self.strokes,
                at,
            )
        }
    }
}

/// Where a saved match picks up, checked against its strokes and players.
pub(super) enum Resumed {
    /// The lag, from its set-up.
    Lag,
    /// The lag's winner chooses the break.
    ChooseBreak { lag_winner: usize },
    /// A match in sets, a set over: the lag for the next set's break, from its set-up.
    SetLag { game: Box<Refereed> },
    /// The match proper, play standing `at` (never the lag nor the break choice).
    Refereed { game: Box<Refereed>, at: SavedPhase },
}

impl SavedMatch {
    /// The match this save holds, replayed, and the phase it resumes in.
    pub(super) fn resumed(&self, config: &Config) -> Result<Resumed, StartError> {
        let refused = Err(StartError::SavedPhase(
            self.at.unwrap_or(SavedPhase::Aiming),
        ));
        let before_the_break = self.strokes.is_empty();
        if self.break_offset_m.is_some_and(|o| !o.is_finite()) {
            return refused;
        }
        match self.at {
            Some(SavedPhase::Lag) if before_the_break => return Ok(Resumed::Lag),
            Some(SavedPhase::ChooseBreak { lag_winner })
                if before_the_break && lag_winner < 2 && self.settings.seated().len() == 2 =>
            {
                return Ok(Resumed::ChooseBreak { lag_winner });
            }
            _ => {}
        }
        let game = self.game(config)?;
        if matches!(
            self.at,
            Some(SavedPhase::Lag | SavedPhase::ChooseBreak { .. })
        ) {
            return match game.referee.set_breaker_pending() {
                true => Ok(Resumed::SetLag {
                    game: Box::new(game),
                }),
                false => refused,
            };
        }
        let over = game.referee.is_over();
        let last = game.referee.last_verdict();
        let at = match self.at {
            None if over => SavedPhase::GameOver,
            None => SavedPhase::Aiming,
            Some(SavedPhase::BreakSetup) if before_the_break => SavedPhase::BreakSetup,
            Some(SavedPhase::Aiming) if !over => SavedPhase::Aiming,
            Some(SavedPhase::Verdict) if last.is_some() => SavedPhase::Verdict,
            Some(SavedPhase::Spotting) if last.is_some_and(|v| !v.spot.is_empty()) => {
                SavedPhase::Spotting
            }
            Some(SavedPhase::GameOver) if over => SavedPhase::GameOver,
            _ => return refused,
        };
        Ok(Resumed::Refereed {
            game: Box::new(game),
            at,
        })
    }

    /// The match proper as saved, the breaker's ball where they put it (rule 7) and the
    /// strokes replayed (a save from before the break has none).
    pub(super) fn game(&self, config: &Config) -> Result<Refereed, StartError> {
        let mut game = Refereed::start(
            config,
            &self.settings,
            self.breaker,
            self.breaker_ball,
            None,
            Vec::new(),
            &[],
        )?;
        if let Some(offset) = self.break_offset_m {
            game.move_break_ball(offset);
        }
        game.play_on(self.strokes(), &self.set_breakers)?;
        Ok(game)
    }

    /// The referee after every stroke of the save: what `carom referee` reads.
    pub fn referee(&self, config: &Config) -> Result<Referee, StartError> {
        self.game(config).map(|game| game.referee)
    }

    /// The referee as the match stood before its first stroke and after each one (one
    /// more than the strokes), judged once each.
    pub fn referees(&self, config: &Config) -> Result<Vec<Referee>, StartError> {
        let mut game = SavedMatch {
            strokes: Vec::new(),
            ..self.clone()
        }
        .game(config)?;
        let mut each = vec![game.referee.clone()];
        for (i, stroke) in self.strokes().into_iter().enumerate() {
            game.replay(i + 1, stroke, &self.set_breakers)?;
            each.push(game.referee.clone());
        }
        Ok(each)
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
    Unreadable(ResumeError),
}

impl Resumable {
    /// Reads the save at `path` and replays it to see whether it can go on.
    pub fn check(config: &Config, path: &Path) -> Resumable {
        match SavedMatch::read(path) {
            Ok(None) => Resumable::Nothing,
            Err(e) => Resumable::Unreadable(ResumeError::File(e)),
            Ok(Some(saved)) => match saved.resumed(config) {
                Err(error) => Resumable::Unreadable(ResumeError::Replay {
                    path: path.to_owned(),
                    error,
                }),
                Ok(Resumed::Refereed { game, .. }) if game.referee.is_over() => {
                    Resumable::Finished(saved)
                }
                Ok(_) => Resumable::Ready(saved),
            },
        }
    }
}
