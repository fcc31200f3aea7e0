//! The referee (no Bevy): judges carom strokes one at a time from a stroke's record (the
//! shot contract, `crate::shot::ShotRecord`), with what the player declared and the
//! calls no sensor makes, exactly as docs/rules.md says, and keeps the match's score sheet.
//! It knows nothing of the simulation that wrote the record. The match layer calls
//! [`Referee::judge`] once per stroke, after every ball has stopped; `carom referee`
//! replays recorded matches through the same code, and `carom sim` judges a single
//! stroke from a given lay-out ([`OneStroke`]). Its decisions are types ([`Verdict`],
//! [`Foul`], [`Remark`], ...); `crate::words` says them in a player's words.
//!
//! Where each general rule lives:
//! - 1 Equipment: table, ball and cue sizes are range-checked in `config/`.
//! - 2 Balls: the red is never a cue ball; striking it is a rule-12 foul (`fouls`).
//! - 3 Legal stroke: only the tip strikes the cue ball — rules 12–14 (`fouls`).
//! - 4 Who breaks: the lag ([`lag`]) or a coin toss; the lag winner breaks or passes, so
//!   a match names its breaker ([`MatchSetup::breaker`]).
//! - 5 The lag: [`lag`].
//! - 6 Cue-ball choice: [`MatchSetup::breaker_ball`]; the odd-number clause in
//!   [`Referee::cue_ball`]. Striking the wrong white is a rule-12 foul.
//! - 7 Break set-up: `setup` (four-ball's own set-up is data in `games.ron`).
//! - 8 First object ball; 10 balls moving; 12 touching balls; 13 double hit; 14 push;
//!   15 jumped cue ball; 17 illegal jump; 23–25 safeties: `fouls`.
//! - 11 Stroke completion: a record without a final `rest` event is not scored (`stroke`).
//! - 16 Fouls: the inning ends and the stroke scores nothing ([`Referee::judge`]).
//! - 18 Intentional foul: a referee's call ([`Calls::intentional_foul`]): a rule-12 foul
//!   and a warning; the second warning in a game loses it.
//! - 19 Balls moving by themselves: nothing to judge; the referee takes every ball where
//!   the record says it stopped and plays on.
//! - 21 and 26 Jumped balls and their spots: `spotting`.
//! - 22 Outside interference: a referee's call ([`Calls::outside_interference`]):
//!   positions restored, no penalty, the stroke does not count, the same player plays.
//!
//! Not applicable:
//! - 9 Foot on the floor: it is about the player's body at the table; a video game's
//!   player has none there, so nothing can break it.
//! - 20 Player's responsibility for chalk, tools and other objects: a video game has no
//!   such objects near the balls. (Anything a referee sees touching a ball is still a
//!   rule-12 call, [`Calls::touched_ball`].)
//!
//! The games (straight rail, one-cushion, three-cushion, balkline, four-ball, Red Ball)
//! are data in `config/games.ron`: their set-up, what counts (`count`), the red-first
//! rule, balk spaces (`balk`), the USBA exception to rules 23–25.

mod balk;
mod count;
mod fouls;
pub mod lag;
mod one_stroke;
mod referee;
mod score;
mod sets;
mod setup;
mod sheet;
mod spotting;
mod stroke;
mod verdict;

#[cfg(test)]
mod property_tests;
#[cfg(test)]
mod testkit;

pub use balk::{BalkSpace, BalkTally};
pub use fouls::foul_already;
pub use lag::{
    LagBall, LagError, LagFault, LagOutcome, LagVerdict, Lagger, Repeat, Side, head_cushion_gap,
    judge_lag, judge_lag_ball,
};
pub use one_stroke::OneStroke;
pub use referee::{JudgeError, MatchSetup, Referee};
pub use score::PlayerScore;
pub use sets::{SetPlay, SetResult, TimeOuts};
pub use setup::{SetupError, balls_in_play, break_positions, check_setups};
pub use sheet::{Inning, ScoreSheet, SheetRow};
pub use spotting::spot_jumped;
pub use stroke::{Calls, PlayedStroke, RecordError};
pub use verdict::{
    CountMiss, Foul, Obligation, Outcome, Placement, Remark, Rule, Verdict, Warning,
};
