//! One stroke judged on its own, as `carom sim` does when the shot names a `game`: the
//! stroke is played from the shot's lay-out in the middle of that game (the break behind
//! it, nothing owed from an earlier stroke) by one player, whose cue ball is the ball
//! the stroke strikes.

use super::referee::{MatchSetup, Referee};
use super::stroke::{Calls, Stroke};
use super::verdict::Verdict;
use crate::ball::BallId;
use crate::config::Config;
use crate::math::DVec2;
use crate::physics::events::ShotRecord;
use crate::physics::shot::ShotSpec;
use crate::table::TableGeometry;

/// The referee of one shot, set up before the shot is played, so that a game or a
/// lay-out it cannot judge is refused first.
#[derive(Debug)]
pub struct OneStroke {
    referee: Referee,
}

impl OneStroke {
    /// A referee for `spec` played in `game` (a key of games.ron). The message names
    /// the shot's field at fault.
    pub fn new(config: &Config, game: &str, spec: &ShotSpec) -> Result<OneStroke, String> {
        let rules = config
            .games
            .game(game)
            .map_err(|e| format!("`game`: {e}"))?;
        let Some(stroke) = &spec.stroke else {
            return Err(
                "`game` needs a `stroke`: a `launch` has no cue, so there is nothing to judge"
                    .into(),
            );
        };
        let table = TableGeometry::new(&config.tables, spec.table.as_deref(), &config.balls)
            .map_err(|e| format!("`table`: {e}"))?;
        let setup = MatchSetup {
            players: vec!["player".to_owned()],
            target: rules.target.get(),
            innings_limit: None,
            breaker: 0,
            // A stroke on the red is a rule-12 foul; the player's ball is then the white.
            breaker_ball: if stroke.ball.is_cue_ball() {
                stroke.ball
            } else {
                BallId::White
            },
        };
        let positions = spec
            .balls
            .iter()
            .map(|p| (p.ball, DVec2::new(p.x, p.y)))
            .collect();
        let referee = Referee::new(rules, &config.games.referee, table, setup)
            .and_then(|r| r.after_break_at(positions))
            .map_err(|e| format!("`balls`: {e}"))?;
        Ok(OneStroke { referee })
    }

    /// The verdict on the shot's record, with no safety declared and no call made.
    pub fn judge(&mut self, record: &ShotRecord) -> Result<Verdict, String> {
        let stroke = Stroke {
            record: record.clone(),
            declared_safety: false,
            calls: Calls::default(),
        };
        self.referee.judge(&stroke).map_err(|e| e.to_string())
    }

    /// The game's name (`Three-cushion`).
    pub fn game_name(&self) -> &str {
        &self.referee.game().name
    }
}
