//! What the players decide, as messages: the input layer (mouse, keys, menu buttons)
//! sends them, the match flow acts on them. Headless tests send them directly.

use crate::ball::BallId;
use crate::math::DVec2;
use crate::physics::Stroke;
use bevy::prelude::*;

#[derive(Message, Clone, Debug, PartialEq)]
pub enum MatchCommand {
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
    /// Go on from what is shown (a lag result, a verdict, the set-up).
    Continue,
    /// Play the same match again.
    Rematch,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MatchCommand>();
}
