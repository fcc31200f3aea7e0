//! What a match format (formats.ron, docs/rules.md "Formats") adds to refereeing: a
//! match in sets, the players' time-outs on the shot clock. The referee keeps one of
//! each where its format has them ([`super::Referee::with_format`]).

use super::sheet::PlayerScore;
use crate::config::{SetBreaks, Sets};
use crate::math::DVec2;
use crate::shot::BallId;
use std::collections::BTreeMap;

/// A match in sets as it stands: the sets played and who broke each.
#[derive(Clone, Debug, PartialEq)]
pub struct SetPlay {
    rules: Sets,
    /// A set's points in this match (the format's, or the match's own target).
    points: u32,
    /// The sets played to their end, in order.
    pub done: Vec<SetResult>,
    /// The lag for the next set's break is still to be played (`breaks: lag`).
    pub breaker_pending: bool,
    /// Where every set starts: the match's break set-up (rule 7).
    pub(super) break_setup: BTreeMap<BallId, DVec2>,
}

/// One set played to its end.
#[derive(Clone, Debug, PartialEq)]
pub struct SetResult {
    pub winner: usize,
    pub breaker: usize,
    /// Each player's score in the set.
    pub players: Vec<PlayerScore>,
}

impl SetPlay {
    /// A match in sets of `points` each (the deciding set shortened in the format's
    /// proportion: 15 and 11 make a deciding set of 11 at 15, 3 at 3).
    pub fn new(rules: &Sets, points: u32, break_setup: BTreeMap<BallId, DVec2>) -> SetPlay {
        SetPlay {
            rules: rules.clone(),
            points,
            done: Vec::new(),
            breaker_pending: false,
            break_setup,
        }
    }

    /// The set being played, from 1.
    pub fn number(&self) -> u32 {
        self.done.len() as u32 + 1
    }

    /// Sets each of `players` players has won.
    pub fn won(&self, players: usize) -> Vec<u32> {
        let mut won = vec![0; players];
        for set in &self.done {
            if let Some(n) = won.get_mut(set.winner) {
                *n += 1;
            }
        }
        won
    }

    pub fn to_win(&self) -> u32 {
        self.rules.to_win
    }

    /// The set being played is the deciding one: both players one set from the match.
    pub fn is_deciding(&self) -> bool {
        self.done.len() as u32 == 2 * (self.rules.to_win - 1)
    }

    /// The points of the set being played.
    pub fn points(&self) -> u32 {
        if self.is_deciding() {
            let last = u64::from(self.rules.last_set_points) * u64::from(self.points);
            last.div_ceil(u64::from(self.rules.points.max(1))).max(1) as u32
        } else {
            self.points
        }
    }

    /// Closes the set `winner` won, `breaker` broke and `players` scored: the match's
    /// winner when it is decided; otherwise who breaks the next set (two players), None
    /// where a lag decides it.
    pub fn close(
        &mut self,
        winner: usize,
        breaker: usize,
        players: &[PlayerScore],
    ) -> SetClosed {
        self.done.push(SetResult {
            winner,
            breaker,
            players: players.to_vec(),
        });
        if self.won(players.len())[winner] >= self.rules.to_win {
            return SetClosed::MatchWon;
        }
        let other = |p: usize| (p + 1) % players.len();
        match self.rules.breaks {
            SetBreaks::Alternate => SetClosed::NextBreaker(other(breaker)),
            SetBreaks::Loser => SetClosed::NextBreaker(other(winner)),
            SetBreaks::Lag => {
                self.breaker_pending = true;
                SetClosed::LagForBreak
            }
        }
    }
}

/// What closing a set leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetClosed {
    MatchWon,
    NextBreaker(usize),
    LagForBreak,
}

/// The players' time-outs on the shot clock.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeOuts {
    /// A player's time-outs in the match (or in each set).
    pub allowed: u32,
    pub per_set: bool,
    /// Taken so far, by player.
    pub used: Vec<u32>,
}

impl TimeOuts {
    /// The time-outs `player` has left.
    pub fn left(&self, player: usize) -> u32 {
        self.allowed
            .saturating_sub(self.used.get(player).copied().unwrap_or(0))
    }
}
