//! The match proper, once the break is decided: its referee and every stroke judged,
//! rebuilt by replaying its strokes (how a save resumes, rule 22 restores and practice
//! takes a stroke back); and what a save on disk offers the menu.

use super::{MatchSettings, SavedMatch};
use crate::config::Config;
use crate::math::DVec2;
use crate::rules::{JudgeError, MatchSetup, PlayedStroke, Referee, Verdict};
use crate::shot::BallId;
use crate::table::TableGeometry;
use std::collections::BTreeMap;
use std::path::Path;

/// The match proper, once the break is decided: its referee and every stroke judged.
/// Everything can be rebuilt by replaying the strokes, which is how a save resumes and
/// how rule 22 restores positions.
#[derive(Clone, Debug)]
pub(super) struct Game {
    pub(super) referee: Referee,
    pub(super) strokes: Vec<PlayedStroke>,
    breaker: usize,
    breaker_ball: BallId,
    /// A practice position the game started from instead of the break's set-up.
    pub(super) start_at: Option<BTreeMap<BallId, DVec2>>,
}

impl Game {
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
    ) -> Result<Game, String> {
        let rules = config.games.game(&settings.game)?;
        let table = TableGeometry::new(&config.tables, Some(&settings.table), &config.balls)?;
        let setup = MatchSetup {
            players: settings.seated(),
            target: settings.target,
            innings_limit: settings.innings_limit,
            breaker,
            breaker_ball,
        };
        let mut referee =
            Referee::new(rules, &config.games.referee, table, setup).map_err(|e| e.to_string())?;
        if let Some(at) = &start_at {
            referee = referee.at_layout(at.clone()).map_err(|e| e.to_string())?;
        }
        let mut game = Game {
            referee,
            strokes: Vec::new(),
            breaker,
            breaker_ball,
            start_at,
        };
        for (i, stroke) in strokes.into_iter().enumerate() {
            game.judge(stroke)
                .map_err(|e| format!("stroke {}: {e}", i + 1))?;
        }
        Ok(game)
    }

    /// The same game from its start, with `strokes` played instead of its own.
    pub(super) fn replayed(
        &self,
        config: &Config,
        settings: &MatchSettings,
        strokes: Vec<PlayedStroke>,
    ) -> Result<Game, String> {
        let start_at = self.start_at.clone();
        Game::start(
            config,
            settings,
            self.breaker,
            self.breaker_ball,
            start_at,
            strokes,
        )
    }

    pub(super) fn judge(&mut self, stroke: PlayedStroke) -> Result<&Verdict, JudgeError> {
        self.referee.judge(&stroke)?;
        self.strokes.push(stroke);
        Ok(self.referee.last_verdict().expect("just judged"))
    }

    pub(super) fn saved(&self, settings: &MatchSettings) -> SavedMatch {
        SavedMatch::new(
            settings.clone(),
            self.breaker,
            self.breaker_ball,
            &self.strokes,
        )
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
    pub fn check(config: &Config, path: &Path) -> Resumable {
        match SavedMatch::read(path) {
            Ok(None) => Resumable::Nothing,
            Err(e) => Resumable::Unreadable(e),
            Ok(Some(saved)) => match Game::start(
                config,
                &saved.settings,
                saved.breaker,
                saved.breaker_ball,
                None,
                saved.strokes(),
            ) {
                Err(e) => Resumable::Unreadable(format!("{}: {e}", path.display())),
                Ok(game) if game.referee.is_over() => Resumable::Finished(saved),
                Ok(_) => Resumable::Ready(saved),
            },
        }
    }
}
