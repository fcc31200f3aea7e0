//! What a match format changes in the referee's match: its equalising inning, bank
//! shots, sets (each from the break set-up, the next set's breaker by the format) and
//! time-outs, and the stroke the shot clock ran out on.

use super::Referee;
use crate::config::Format;
use crate::rules::score::PlayerScore;
use crate::rules::sets::{SetPlay, TimeOuts};
use crate::rules::setup::SetupError;
use crate::rules::verdict::{Foul, Remark, Verdict};

impl Referee {
    /// This match under `format` (formats.ron), before its first stroke: its
    /// equalising inning, bank shots, sets (two players, each set to this match's
    /// target, played out: no innings limit, no equalising inning, no handicap) and
    /// time-outs (by the format's band for this match's target).
    pub fn with_format(mut self, format: &Format) -> Result<Referee, SetupError> {
        self.equalising_inning = format.equalising_inning;
        self.bank_shot_points = format.bank_shot_points;
        if let Some(sets) = &format.sets {
            if self.players.len() != 2 {
                return Err(SetupError::SetsForTwo(self.players.len()));
            }
            let handicap = self.players.iter().any(|p| p.target != self.target);
            if handicap || self.innings_limit.is_some() || self.equalising_inning {
                return Err(SetupError::SetsPlayedOut);
            }
            let play = SetPlay::new(sets, self.target, self.positions.clone());
            self.set_target(play.points());
            self.sets = Some(play);
        }
        if let Some(clock) = &format.shot_clock {
            self.time_outs = Some(TimeOuts {
                allowed: clock.timeouts_for(format.target),
                per_set: clock.timeouts_per_set,
                used: vec![0; self.players.len()],
            });
        }
        Ok(self)
    }

    fn set_target(&mut self, target: u32) {
        self.target = target;
        for player in &mut self.players {
            player.target = target;
        }
    }

    /// The match in sets, where it is one.
    pub fn sets(&self) -> Option<&SetPlay> {
        self.sets.as_ref()
    }

    /// The time-outs `player` has left; None in a match without them.
    pub fn time_outs_left(&self, player: usize) -> Option<u32> {
        self.time_outs.as_ref().map(|t| t.left(player))
    }

    /// Each player's points, innings and high run over the whole match: the sets'
    /// together in a match in sets, the score otherwise.
    pub fn match_totals(&self) -> Vec<PlayerScore> {
        match &self.sets {
            Some(sets) => sets.totals(&self.players),
            None => self.players.clone(),
        }
    }

    /// After a set whose successor's break a lag decides: `breaker` breaks it.
    pub fn set_breaker(&mut self, breaker: usize) -> Result<(), SetupError> {
        if breaker >= self.players.len() {
            return Err(SetupError::NoSuchBreaker {
                breaker,
                players: self.players.len(),
            });
        }
        match &mut self.sets {
            Some(sets) if sets.breaker_pending => {
                sets.breaker_pending = false;
                self.start_set(breaker);
                Ok(())
            }
            _ => Err(SetupError::NoSetBreakPending),
        }
    }

    /// A set's break is waiting for the lag that decides its breaker.
    pub fn set_breaker_pending(&self) -> bool {
        self.sets.as_ref().is_some_and(|s| s.breaker_pending)
    }

    /// The next set from its break set-up, `breaker` breaking with the match's
    /// breaker's ball.
    pub(super) fn start_set(&mut self, breaker: usize) {
        let Some(sets) = &self.sets else { return };
        self.positions = sets.break_setup.clone();
        self.set_target(sets.points());
        self.breaker = breaker;
        self.shooter = breaker;
        self.in_inning = false;
        self.strokes = 0;
        self.previous_cue_ball = None;
        self.balk = None;
        self.finishing_round = false;
        for player in &mut self.players {
            *player = PlayerScore {
                points: 0,
                innings: 0,
                current_run: 0,
                high_run: 0,
                obligation: None,
                ..player.clone()
            };
        }
        if let Some(time_outs) = self.time_outs.as_mut().filter(|t| t.per_set) {
            time_outs.used.fill(0);
        }
    }

    /// The shot clock ran out before the stroke (the format's rule, docs/rules.md
    /// "Formats"): a foul, the inning over, the balls where they lie.
    pub(super) fn judge_timed_out(&mut self) -> Verdict {
        let shooter = self.shooter;
        let cue_ball = self.cue_ball();
        self.open_inning();
        self.strokes += 1;
        self.previous_cue_ball = Some(cue_ball);
        let sets_before = self.sets.as_ref().map_or(0, |s| s.done.len());
        self.end_inning(shooter, true, false, false);
        Verdict {
            shooter,
            cue_ball,
            points: 0,
            fouls: vec![Foul::ShotClock],
            inning_over: true,
            spot: Vec::new(),
            warnings: Vec::new(),
            restore_positions: false,
            remarks: self.set_remark(sets_before).into_iter().collect(),
            outcome: self.result,
        }
    }

    /// The remark on a stroke that closed a set, where the sets played were `before`.
    pub(super) fn set_remark(&self, before: usize) -> Option<Remark> {
        let sets = self.sets.as_ref()?;
        let set = sets.done.get(before)?;
        Some(Remark::SetWon {
            set: before as u32 + 1,
            winner: set.winner,
        })
    }
}
