//! One stroke judged on its own, as `carom sim` does when the shot names a `game`: the
//! stroke is played from a given lay-out in the middle of that game (the break behind
//! it, nothing owed from an earlier stroke; from the game's break set-up, it is the
//! break, rule 8) by one player, whose cue ball is the ball the stroke strikes.

use super::JudgeError;
use super::referee::{MatchSetup, Referee};
use super::setup::SetupError;
use super::stroke::{Calls, PlayedStroke};
use super::verdict::Verdict;
use crate::config::{GameRules, RefereeConfig};
use crate::math::DVec2;
use crate::shot::{BallId, ShotRecord};
use crate::table::TableGeometry;
use std::collections::BTreeMap;

/// The referee of one stroke, set up before it is played, so that a lay-out it cannot
/// judge is refused first.
#[derive(Debug)]
pub struct OneStroke {
    referee: Referee,
}

impl OneStroke {
    /// A referee for a stroke on `struck` played in `game` from `positions`, which must
    /// place every ball of the game and no other.
    pub fn new(
        game: &GameRules,
        config: &RefereeConfig,
        table: TableGeometry,
        positions: BTreeMap<BallId, DVec2>,
        struck: BallId,
    ) -> Result<OneStroke, SetupError> {
        let setup = MatchSetup {
            players: vec!["player".to_owned()],
            target: game.target.get(),
            targets: Vec::new(),
            innings_limit: None,
            breaker: 0,
            // A stroke on the red is a rule-12 foul; the player's ball is then the white.
            breaker_ball: if struck.is_cue_ball() {
                struck
            } else {
                BallId::White
            },
        };
        let referee = Referee::new(game, config, table, setup)?.at_layout(positions)?;
        Ok(OneStroke { referee })
    }

    /// The verdict on the stroke's record, with no safety declared and no call made.
    pub fn judge(&mut self, record: &ShotRecord) -> Result<Verdict, JudgeError> {
        let stroke = PlayedStroke {
            record: record.clone(),
            declared_safety: false,
            calls: Calls::default(),
            thinking_s: None,
        };
        self.referee.judge(&stroke)
    }

    /// The match the stroke is judged in, before the stroke.
    pub fn referee(&self) -> &Referee {
        &self.referee
    }

    /// The game's name (`Three-cushion`).
    pub fn game_name(&self) -> &str {
        &self.referee.game().name
    }
}
