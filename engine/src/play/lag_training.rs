//! Lag training: one player lags again and again (rule 5), alone, against a computer
//! lagger or against their own best lag of the session, from either half; each lag is
//! judged as a match's would be and tallied. Nobody breaks.

use super::table_core::TableCore;
use super::{
    Command, GOOD_LAG_BAND_M, Lag, LagLog, LagOpponent, LagResult, LagSetup, Phase, good_lag_speeds,
};
use crate::math::DVec2;
use crate::random::Rng;
use crate::rules::Side;
use crate::shot::Stroke;

/// What only lag training takes, while the player sets up.
#[derive(Clone, Debug, PartialEq)]
pub enum LagTrainingCommand {
    /// Lag from the other half of the table.
    SwitchLagHalf,
    /// Lag alone, against a computer lagger or against one's own best.
    LagAgainst(LagOpponent),
}

/// Lag training at the table.
pub struct LagTraining {
    pub(super) core: TableCore,
    lag: Lag,
    /// The session's tally.
    log: LagLog,
    /// Whom the player lags against.
    opponent: LagOpponent,
}

impl LagTraining {
    pub(super) fn new(core: TableCore) -> LagTraining {
        let mut training = LagTraining {
            core,
            lag: Lag::default(),
            log: LagLog::default(),
            opponent: LagOpponent::Alone,
        };
        training.enter_lag();
        training
    }

    /// The lag being set up, rolling or judged.
    pub fn lag(&self) -> &Lag {
        &self.lag
    }

    /// The session's tally.
    pub fn log(&self) -> &LagLog {
        &self.log
    }

    /// Whom the player lags against.
    pub fn opponent(&self) -> LagOpponent {
        self.opponent
    }

    pub(super) fn apply(&mut self, command: Command) {
        let core = &mut self.core;
        match (core.phase(), command) {
            (Phase::Lag, Command::PlaceLagBall(p)) => self.lag.move_ball(core, p),
            (Phase::Lag, Command::LagReady(stroke)) => self.ready(stroke),
            (Phase::LagResult, Command::Continue) => self.enter_lag(),
            _ => {}
        }
    }

    pub(super) fn apply_own(&mut self, command: LagTrainingCommand) {
        if self.core.phase() != Phase::Lag {
            return;
        }
        match command {
            LagTrainingCommand::SwitchLagHalf => self.switch_half(),
            LagTrainingCommand::LagAgainst(opponent) => {
                self.opponent = opponent;
                self.enter_lag();
            }
        }
    }

    pub(super) fn advance(&mut self, dt: f64) {
        let Some(record) = self.core.advance(dt) else {
            return;
        };
        let result = self.lag.judge(&mut self.core, &record);
        if let Ok(result) = &result {
            // The player's own lag, judged alone or against an opponent.
            let own = &self.lag.setups[0];
            let ball = match result {
                LagResult::Match(v) => v.balls.iter().find(|b| b.ball == own.ball),
                LagResult::Training(ball) => Some(ball),
            };
            if let (Some(ball), Some(stroke)) = (ball, own.stroke) {
                self.log.add(ball, stroke, own.position);
            }
        }
        self.lag.judged(&mut self.core, result, false);
    }

    /// A fresh lag, with the opponent's ball where there is one; the half and the place
    /// of the last lag stay for the next, and an opponent lags from the other half.
    fn enter_lag(&mut self) {
        let players = if self.opponent == LagOpponent::Alone {
            1
        } else {
            2
        };
        let before = std::mem::take(&mut self.lag.setups);
        self.lag = Lag::new(self.core.table(), players);
        if let Some(last) = before.first() {
            self.lag.setups[0].side = last.side;
            self.lag.setups[0].position = last.position;
            if let Some(opponent) = self.lag.setups.get_mut(1)
                && opponent.side == last.side
            {
                opponent.side = last.side.other();
                opponent.position.y = -opponent.position.y;
            }
        }
        self.lag.place_balls(&mut self.core);
        self.core.enter(Phase::Lag);
    }

    /// The player is ready: the opponent sets up at once, and both balls are struck.
    fn ready(&mut self, stroke: Stroke) {
        self.lag.set_stroke(stroke);
        if let Some(opponent) = self.lag.turn().cloned() {
            let (stroke, from) = self.opponent_stroke(&opponent);
            if let Some(turn) = self.lag.turn_mut() {
                turn.stroke = Some(stroke);
                turn.position = from;
            }
            self.lag.place_balls(&mut self.core);
        }
        self.lag.strike(&mut self.core);
    }

    /// The opponent's stroke: the computer's aimed at the middle of the good lags with
    /// its error drawn, or the player's best lag mirrored (the computer's while there
    /// is none).
    fn opponent_stroke(&self, opponent: &LagSetup) -> (Stroke, DVec2) {
        if self.opponent == LagOpponent::Ghost
            && let Some((stroke, [x, y])) = self.log.best().and_then(|a| a.stroke)
        {
            // Onto the opponent's half: mirrored across the long axis when it was
            // lagged from the other one.
            let same_half = (y > 0.0) == (opponent.side == Side::Left);
            let flip = if same_half { 1.0 } else { -1.0 };
            let ghost = Stroke {
                ball: opponent.ball,
                direction_deg: flip * stroke.direction_deg,
                side: flip * stroke.side,
                ..stroke
            };
            return (ghost, DVec2::new(x, flip * y));
        }
        let spread = match self.opponent {
            LagOpponent::Computer { spread } => spread,
            _ => 0.05,
        };
        let level = Stroke::new(opponent.ball, 0.0, 1.0);
        let middle = good_lag_speeds(
            self.core.config(),
            self.core.table(),
            &level,
            opponent.position,
            GOOD_LAG_BAND_M,
        )
        .map_or(1.2, |(lo, hi)| (lo + hi) / 2.0);
        let seed = self.log.attempts.len() as u64 + 1;
        let speed = (middle * (1.0 + spread * Rng(seed).normal())).max(0.1);
        (Stroke { speed, ..level }, opponent.position)
    }

    /// Lag from the other half, the ball mirrored across the long axis; an opponent
    /// goes over to the half the player left.
    fn switch_half(&mut self) {
        if self.lag.turn_index() != Some(0) {
            return;
        }
        for setup in &mut self.lag.setups {
            setup.side = setup.side.other();
            setup.position.y = -setup.position.y;
        }
        self.lag.place_balls(&mut self.core);
    }
}
