//! A seat's stroke: played here to rest and published with its record and its time on
//! the shot clock, or the clock's end said for the table's referee to judge.

use super::*;

impl OnlineTable {
    /// Plays `stroke` after `time` on the shot clock: simulated here to rest, and
    /// published with its record.
    pub fn strike(
        &mut self,
        stroke: Stroke,
        declared_safety: bool,
        time: StrokeTime,
    ) -> Result<(), MoveError> {
        let (play, number) = self.to_strike()?;
        let cue_ball = play.cue_ball();
        if stroke.ball != cue_ball {
            return Err(MoveError::NoStroke(format!(
                "the shooter's cue ball is {cue_ball:?}"
            )));
        }
        let record = simulate(play, stroke)?;
        let body = Body::Stroke {
            number,
            stroke,
            declared_safety,
            before: self.state_hash(),
            record: pack_record(&record),
            thinking_s: time.thinking_s,
            time_out: time.time_out,
        };
        self.move_(body);
        Ok(())
    }

    /// The shot clock ran out on this seat's stroke after `time`: said to the table,
    /// whose referee judges the stroke not played.
    pub fn time_ran_out(&mut self, time: StrokeTime) -> Result<(), MoveError> {
        let (_, number) = self.to_strike()?;
        let body = Body::TimedOut {
            number,
            before: self.state_hash(),
            thinking_s: time.thinking_s.unwrap_or(0.0),
            time_out: time.time_out,
        };
        self.move_(body);
        Ok(())
    }

    /// The match, when this seat is to strike, and the number of its stroke.
    fn to_strike(&self) -> Result<(&Play, u32), MoveError> {
        if !matches!(self.turn(), Turn::Stroke | Turn::BreakSetup { .. }) {
            return Err(MoveError::NotYourTurn);
        }
        let play = self.play.as_ref().ok_or(MoveError::NotYourTurn)?;
        Ok((play, play.strokes_judged() as u32 + 1))
    }
}
