//! The match as a screen shows it: a [`Play`] of the screen's own that follows the
//! online table's, with what the table applies at once played again in real time (a
//! stroke rolls from its record's stroke, the lag's balls roll together), and what only
//! the screen shows (a verdict, the lag's result, the spotting) read at the person's
//! pace. The person's moves go to the table, not to the shown match: they take effect
//! when the channel brings them back, as everyone's do. Where the shown match and the
//! table part (a stroke this build plays otherwise, a newcomer catching up, a new game),
//! the shown match is set up again as the table has it.

use super::commit::LagStroke;
use super::table::{MoveError, OnlineTable, Turn};
use crate::math::DVec2;
use crate::play::{Command, Phase, Play, StrokeTime, stroke_that_played};
use crate::shot::{BallId, Stroke};
use std::collections::VecDeque;

/// What keeps a shown match in step with its online table.
#[derive(Debug, Default)]
pub struct Follower {
    /// The game of the table the shown match is.
    game: u32,
    /// What the table applied that the shown match has still to play.
    queue: VecDeque<Command>,
    /// A stroke played here, waiting for the break ball's move to come back first.
    strike_after_move: Option<(Stroke, bool, StrokeTime)>,
    /// The stroke (by the strokes judged before it) whose clock's end was said.
    timed_out_said: Option<usize>,
    /// The shown match has played something of the queue: it is compared with the
    /// table once it has played it all.
    to_check: bool,
    /// The lag's commands played so far: the table applies them five at a time (each
    /// seat's ball placed and its stroke, then the host's record of the lag), the first
    /// of each five on a fresh lag.
    lag_commands: usize,
}

impl Follower {
    /// The shown match as `table` has it now (None: not seated yet), and what keeps it
    /// in step.
    pub fn start(table: &mut OnlineTable) -> Option<(Follower, Play)> {
        let mut follower = Follower::default();
        let shown = follower.set_up_again(table)?;
        Some((follower, shown))
    }

    /// Brings `shown` along after `table`: what the table applied is played on `shown`
    /// once it has finished what it shows; a new game, or more than one stroke behind,
    /// sets it up again at once. A stroke of this person's waiting for the break ball's
    /// move goes once the move is back.
    pub fn follow(&mut self, table: &mut OnlineTable, shown: &mut Play) {
        self.queue.extend(table.take_commands());
        let strokes_behind = self
            .queue
            .iter()
            .filter(|c| matches!(c, Command::Played { .. }))
            .count();
        if table.game() != self.game || strokes_behind > 1 {
            if let Some(again) = self.set_up_again(table) {
                *shown = again;
            }
            return;
        }
        while at_rest(shown) {
            let Some(command) = self.queue.pop_front() else {
                break;
            };
            self.play(command, shown);
            self.to_check = true;
        }
        if self.queue.is_empty() && self.to_check && at_rest(shown) {
            self.to_check = false;
            let differs = table.play().and_then(Play::saved) != shown.saved();
            if differs && let Some(again) = self.set_up_again(table) {
                *shown = again;
            }
        }
        self.stand_in_for_the_first_lagger(table, shown);
        if let Some((stroke, safety, time)) = self.strike_after_move
            && matches!(table.turn(), Turn::BreakSetup { .. } | Turn::Stroke)
        {
            self.strike_after_move = None;
            // Refused only where the table moved on meanwhile: nothing to play then.
            let _ = table.strike(stroke, safety, time);
        }
        self.say_the_clock_ran_out(table, shown);
    }

    /// Whether `shown` has played all that `table` applied and shows where it stands
    /// (not a verdict still read, nor a stroke rolling): the person may act then.
    pub fn caught_up(&self, table: &OnlineTable, shown: &Play) -> bool {
        let at_table = table.play().map(|p| (p.phase(), p.strokes_judged()));
        self.queue.is_empty()
            && at_rest(shown)
            && at_table == Some((shown.phase(), shown.strokes_judged()))
    }

    /// What the person at this screen decided: said to the table where it is a move,
    /// played on the shown match where only the screen shows it (a lag ball moved, the
    /// break ball moved before the break, a safety declared, a verdict read).
    pub fn person(
        &mut self,
        table: &mut OnlineTable,
        shown: &mut Play,
        command: Command,
    ) -> Result<(), MoveError> {
        match command {
            Command::PlaceLagBall(_)
            | Command::DeclareSafety(_)
            | Command::MoveBreakBall(_)
            // A time-out is the shooter's own; it goes with their stroke.
            | Command::TimeOut
            | Command::Continue => {
                shown.apply(command);
                Ok(())
            }
            Command::LagReady(stroke) => {
                let at = shown.lag_turn().map_or(DVec2::ZERO, |l| l.position);
                table.lag(LagStroke {
                    at: [at.x, at.y],
                    stroke,
                })
            }
            Command::ChooseBreak { break_it, ball } => table.choose_break(break_it, ball),
            Command::Strike(stroke) => {
                let safety = shown.declared_safety();
                let time = stroke_time(shown);
                let offset = |play: &Play| play.saved().and_then(|s| s.break_offset_m);
                let moved = offset(shown);
                let online = table.play().and_then(offset);
                match (shown.phase() == Phase::BreakSetup, moved) {
                    (true, Some(offset_m)) if moved != online => {
                        table.move_break_ball(offset_m)?;
                        self.strike_after_move = Some((stroke, safety, time));
                        Ok(())
                    }
                    _ => table.strike(stroke, safety, time),
                }
            }
            Command::RestorePositions => table.ask_restore(),
            Command::Rematch => table.rematch(),
            Command::Played { .. } | Command::TimedOut(_) | Command::TableClock(_) => {
                Err(MoveError::NotYourTurn)
            }
        }
    }

    /// The shot clock ran out on the person's own stroke (the shown match counts it):
    /// said to the table once, whose referee judges it.
    fn say_the_clock_ran_out(&mut self, table: &mut OnlineTable, shown: &Play) {
        let Some(clock) = shown.clock().filter(|c| c.ran_out()) else {
            return;
        };
        let number = shown.strokes_judged();
        let mine = table.my_seat() == shown.referee().map(|r| r.shooter());
        if mine && self.timed_out_said != Some(number) && self.caught_up(table, shown) {
            self.timed_out_said = Some(number);
            // Refused only where the table moved on meanwhile.
            let _ = table.time_ran_out(clock.time());
        }
    }

    /// The shown match as the table has it now; the queue goes.
    fn set_up_again(&mut self, table: &mut OnlineTable) -> Option<Play> {
        table.take_commands();
        self.queue.clear();
        self.to_check = false;
        self.lag_commands = 0;
        self.game = table.game();
        let play = table.play()?;
        let saved = play.saved()?;
        Some(shown_from(play.config(), &saved))
    }

    /// Plays one command the table applied: a stroke rolls from the stroke that made
    /// its record (the record itself, at once, where that stroke cannot be found); a
    /// lag's first ball starts from a fresh lag.
    fn play(&mut self, command: Command, shown: &mut Play) {
        match command {
            // The lag's record: the shown lag rolls its own; where its result is not the
            // table's, the check after sets it up again.
            Command::Played { .. } if self.lag_commands % 5 == 4 => self.lag_commands += 1,
            Command::Played {
                record,
                declared_safety,
                clock,
            } => {
                let lay_out: Vec<(BallId, DVec2)> = shown.sim().lay_out();
                let stroke = stroke_that_played(shown.config(), shown.table(), &lay_out, &record);
                shown.apply(Command::DeclareSafety(declared_safety));
                match stroke {
                    Some(stroke) => {
                        // Judged with the time its shooter's side said.
                        shown.apply(Command::TableClock(clock));
                        shown.apply(Command::Strike(stroke));
                    }
                    None => shown.apply(Command::Played {
                        record,
                        declared_safety,
                        clock,
                    }),
                }
            }
            Command::PlaceLagBall(_) | Command::LagReady(_) => {
                // The person's own set-up (and a stand-in) give way to the lag played.
                let first = self.lag_commands.is_multiple_of(5);
                if let (true, Some(saved)) = (first, shown.saved()) {
                    *shown = shown_from(shown.config(), &saved);
                }
                self.lag_commands += 1;
                shown.apply(command);
            }
            command => shown.apply(command),
        }
    }

    /// The shown lag sets up one lagger at a time, the first seat first: for the person
    /// in the second seat to set up theirs, the first is marked ready with a stand-in
    /// (hidden, never played: the lag played is the one the table reveals).
    fn stand_in_for_the_first_lagger(&self, table: &OnlineTable, shown: &mut Play) {
        let first_to_set_up = shown.lag().and_then(|l| l.turn_index()) == Some(0);
        if shown.phase() == Phase::Lag
            && first_to_set_up
            && self.queue.is_empty()
            && table.my_seat() == Some(1)
        {
            let ball = shown.cue_ball();
            shown.apply(Command::LagReady(Stroke::new(ball, 0.0, 1.0)));
        }
    }
}

/// The shown match as `saved` has it: its shot clock's end is the table's to say.
fn shown_from(config: &crate::config::Config, saved: &crate::play::SavedMatch) -> Play {
    let mut shown = Play::resume(config, saved, None);
    shown.follow_the_tables_clock();
    shown
}

/// The time the person took over the stroke they play now, on the shown match's clock.
fn stroke_time(shown: &Play) -> StrokeTime {
    shown.clock().map(|c| c.time()).unwrap_or_default()
}

/// Whether the shown match can take the next command: not while balls roll, nor while
/// it shows something to read (a lag's result, a verdict, the spotting).
fn at_rest(shown: &Play) -> bool {
    !matches!(
        shown.phase(),
        Phase::Rolling | Phase::LagRolling | Phase::LagResult | Phase::Verdict | Phase::Spotting
    )
}
