//! The computer in a seat of an online table: on its turn it lags, chooses the break,
//! sets the break ball and plays, as it does at a local table (`computer`). Its random
//! draws are seeded by where the table stands, so that a computer seat that starts
//! again makes the same decision (and, in the lag, the same commitment) as before.

use super::commit::LagStroke;
use super::table::{MoveError, OnlineTable, Turn};
use crate::computer::{self, Move, Snapshot};
use crate::config::Level;
use crate::play::StrokeTime;
use crate::random::Rng;
use sha2::{Digest, Sha256};

/// What `level` does at `table` if it is its turn, searching on `workers` threads;
/// whether it did something.
pub fn computer_move(
    table: &mut OnlineTable,
    level: &Level,
    workers: usize,
) -> Result<bool, MoveError> {
    let turn = table.turn();
    let (Some(play), Some(seat)) = (table.play(), table.my_seat()) else {
        return Ok(false);
    };
    let seed = seed(table, seat);
    let mut rng = Rng(seed);
    let config = play.config();
    let unplayable = || MoveError::NoStroke("the computer finds no stroke".to_owned());
    match turn {
        Turn::Wait | Turn::Over => return Ok(false),
        Turn::Lag => {
            let setup = play
                .lag()
                .and_then(|lag| lag.setups.get(seat))
                .ok_or(MoveError::NotYourTurn)?;
            let (ball, at) = (setup.ball, setup.position);
            let stroke = computer::lag_stroke(config, play.table(), ball, at, level, &mut rng)
                .ok_or_else(unplayable)?;
            table.lag(LagStroke {
                at: [at.x, at.y],
                stroke,
            })?;
        }
        Turn::ChooseBreak => match Snapshot::of(play, seat).decide(level, seed, workers) {
            Some(Move::ChooseBreak { break_it, ball }) => table.choose_break(break_it, ball)?,
            _ => return Err(unplayable()),
        },
        Turn::BreakSetup { may_move: true } => {
            match Snapshot::of(play, seat).decide(level, seed, workers) {
                Some(Move::Break {
                    offset: Some(offset),
                    ..
                }) => table.move_break_ball(offset)?,
                Some(Move::Break {
                    offset: None,
                    decision,
                    played,
                }) => table.strike(played, decision.declare_safety, StrokeTime::default())?,
                _ => return Err(unplayable()),
            }
        }
        Turn::BreakSetup { may_move: false } | Turn::Stroke => {
            let lay_out = play.sim().lay_out().into_iter().collect();
            let referee = play
                .referee()
                .ok_or(MoveError::NotYourTurn)?
                .what_if(lay_out);
            let decision =
                computer::choose(config, &referee, level, seed, workers).ok_or_else(unplayable)?;
            let played = computer::execute(&decision.stroke, &level.error, &mut rng);
            table.strike(played, decision.declare_safety, StrokeTime::default())?;
        }
    }
    Ok(true)
}

/// A seed from the table and where it stands (its game, the strokes judged, the balls
/// and the lag's round) and the seat, the same each time the table stands there for
/// the seat. (Without the seat, two seats of one level drew the same lag from mirrored
/// places, tied and lagged again without end.)
fn seed(table: &OnlineTable, seat: usize) -> u64 {
    let mut hash = Sha256::new();
    hash.update(table.table_id().0);
    hash.update((seat as u64).to_le_bytes());
    hash.update(table.state_hash());
    hash.update(table.lag_round().to_le_bytes());
    hash.update(format!("{:?}", table.turn()));
    let digest = hash.finalize();
    u64::from_le_bytes(digest[..8].try_into().expect("8 bytes"))
}
