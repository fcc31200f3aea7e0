//! What a match format (formats.ron, docs/rules.md "Formats") adds to refereeing: a
//! match in sets, the players' time-outs on the shot clock. The referee keeps one of
//! each where its format has them ([`super::Referee::with_format`]).

use super::score::PlayerScore;
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

    /// Each player's points, innings and high run over the match, `current` the score
    /// of the set being played (or, once the sets decide the match, of the last).
    pub fn totals(&self, current: &[PlayerScore]) -> Vec<PlayerScore> {
        let mut totals = current.to_vec();
        let done = if self.decided(current.len()) {
            &self.done[..self.done.len() - 1]
        } else {
            &self.done[..]
        };
        for set in done {
            for (total, score) in totals.iter_mut().zip(&set.players) {
                total.points += score.points;
                total.innings += score.innings;
                total.high_run = total.high_run.max(score.high_run);
            }
        }
        totals
    }

    /// The set on the board: the one being played, or once the sets have decided
    /// the match (of `players`), the last.
    pub fn current(&self, players: usize) -> u32 {
        if self.decided(players) {
            self.done.len() as u32
        } else {
            self.number()
        }
    }

    /// A player of `players` has won the sets the match needs.
    pub fn decided(&self, players: usize) -> bool {
        self.won(players).iter().any(|&w| w >= self.rules.to_win)
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
    pub fn close(&mut self, winner: usize, breaker: usize, players: &[PlayerScore]) -> SetClosed {
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

#[cfg(test)]
mod tests {
    use crate::config::{Format, SetBreaks, Sets};
    use crate::rules::testkit::{Shot, called, carom, config, match_of, miss, played, two_players};
    use crate::rules::{Calls, Foul, JudgeError, Obligation, Outcome, Referee, Remark, SetupError};
    use crate::shot::BallId::{self, Dotted, Red, White};

    fn format(key: &str) -> Format {
        config().formats.formats[key].clone()
    }

    /// A three-cushion match in sets of `points`, `to_win` to win, the deciding set to
    /// `last` of the format's 15.
    fn in_sets(points: u32, to_win: u32, last: u32, breaks: SetBreaks) -> Referee {
        let sets = Sets {
            to_win,
            points: 15,
            last_set_points: last,
            breaks,
        };
        let format = Format {
            sets: Some(sets),
            ..format("pba_sets")
        };
        two_players("three_cushion", points)
            .with_format(&format)
            .unwrap()
    }

    /// The shooter makes `n` points and misses (unless the set ends first).
    fn run(r: &mut Referee, n: u32) {
        let sets = r.sets().map(|s| s.done.len());
        for _ in 0..n {
            let cue = r.cue_ball();
            r.judge(&played(carom(cue))).unwrap();
        }
        if r.sets().map(|s| s.done.len()) == sets && !r.is_over() {
            let cue = r.cue_ball();
            r.judge(&played(miss(cue))).unwrap();
        }
    }

    fn bank(cue: BallId) -> crate::shot::ShotRecord {
        let other = cue.other_white().unwrap();
        Shot::new(cue).cushions(3).hit(Red).hit(other).rest()
    }

    #[test]
    fn a_set_ends_at_its_points_without_an_equalising_inning_and_the_next_starts_anew() {
        let mut r = in_sets(3, 2, 11, SetBreaks::Alternate);
        assert_eq!(r.target(), 3);
        run(&mut r, 3);
        let sets = r.sets().unwrap();
        assert_eq!((sets.done.len(), sets.done[0].winner), (1, 0));
        assert_eq!(sets.done[0].players[0].points, 3);
        // Set 2: Boris breaks (alternate) from the break set-up, the score at nought.
        assert_eq!((r.shooter(), r.cue_ball(), r.is_break()), (1, White, true));
        assert!(r.players().iter().all(|p| p.points == 0 && p.innings == 0));
        let last = r.last_verdict().unwrap();
        assert!(last.remarks.contains(&Remark::SetWon { set: 1, winner: 0 }));
        assert_eq!(last.outcome, None);
        run(&mut r, 3);
        // 1 : 1, the deciding set: 11 of 15 makes 3 points 3 (rounded up).
        assert!(r.sets().unwrap().is_deciding());
        assert_eq!(r.target(), 3);
        assert_eq!(r.shooter(), 0);
        run(&mut r, 1);
        run(&mut r, 3);
        assert_eq!(r.outcome(), Some(Outcome::Winner(1)));
        assert_eq!(r.sets().unwrap().won(2), vec![1, 2]);
        let totals = r.match_totals();
        assert_eq!((totals[0].points, totals[1].points), (4, 6));
        let sheet = r.sheet();
        let sets: Vec<Option<u32>> = sheet.rows.iter().map(|row| row.set).collect();
        assert_eq!(sets.first(), Some(&Some(1)));
        assert_eq!(sets.last(), Some(&Some(3)));
        // The closing stroke keeps the set's score on the sheet.
        assert_eq!(sheet.rows[2].score, 3);
    }

    #[test]
    fn the_deciding_set_is_shorter_and_the_loser_breaks_where_the_format_says() {
        let mut r = in_sets(15, 3, 11, SetBreaks::Loser);
        for set in 0..4 {
            // Anna and Boris take sets in turn; the loser breaks the next.
            let winner = set % 2;
            if r.shooter() != winner {
                run(&mut r, 0);
            }
            run(&mut r, 15);
            assert_eq!(r.shooter(), 1 - winner, "set {}", set + 1);
        }
        assert!(r.sets().unwrap().is_deciding());
        assert_eq!(r.target(), 11);
    }

    #[test]
    fn a_lag_decides_each_sets_breaker_and_strokes_wait_for_it() {
        let mut r = two_players("three_cushion", 2)
            .with_format(&format("pba_sets"))
            .unwrap();
        run(&mut r, 2);
        assert!(r.set_breaker_pending());
        let before = r.clone().sheet();
        let waiting = r.judge(&played(carom(White)));
        assert_eq!(waiting, Err(JudgeError::SetBreakerPending { set: 2 }));
        assert_eq!(r.sheet(), before, "a refused stroke changes nothing");
        assert_eq!(
            r.set_breaker(2),
            Err(SetupError::NoSuchBreaker {
                breaker: 2,
                players: 2
            })
        );
        r.set_breaker(1).unwrap();
        assert_eq!((r.shooter(), r.cue_ball()), (1, White));
        assert_eq!(r.set_breaker(0), Err(SetupError::NoSetBreakPending));
    }

    #[test]
    fn a_bank_shot_counts_the_formats_points_and_only_in_its_format() {
        let mut pba = two_players("three_cushion", 15)
            .with_format(&format("pba_sets"))
            .unwrap();
        let v = pba.judge(&played(bank(White))).unwrap();
        assert_eq!(v.points, 2);
        assert!(v.remarks.contains(&Remark::BankShot { points: 2 }));
        // Two cushions before the red: a plain carom, one point.
        let two_first = Shot::new(White)
            .cushions(2)
            .hit(Red)
            .cushion()
            .hit(Dotted)
            .rest();
        assert_eq!(pba.judge(&played(two_first)).unwrap().points, 1);
        let mut general = two_players("three_cushion", 15);
        assert_eq!(general.judge(&played(bank(White))).unwrap().points, 1);
    }

    #[test]
    fn the_shot_clock_running_out_ends_the_inning_as_a_foul_with_the_balls_where_they_lie() {
        let mut r = two_players("three_cushion", 50)
            .with_format(&format("umb_world_cup"))
            .unwrap();
        r.judge(&played(carom(White))).unwrap();
        let lie = r.positions().clone();
        let timed_out = Calls {
            timed_out: true,
            ..Calls::default()
        };
        let v = r.judge(&called(Default::default(), timed_out)).unwrap();
        assert_eq!((v.points, v.inning_over), (0, true));
        assert_eq!(v.fouls, vec![Foul::ShotClock]);
        assert_eq!(r.positions(), &lie, "the balls stay where they lie");
        assert_eq!(r.players()[0].obligation, Some(Obligation::AfterFoul));
        assert_eq!((r.shooter(), r.players()[0].points), (1, 1));
    }

    #[test]
    fn time_outs_are_counted_by_the_formats_band_and_refused_past_them() {
        let umb = format("umb_world_cup");
        let time_out = Calls {
            time_out: true,
            ..Calls::default()
        };
        for (target, allowed) in [(50, 4), (30, 3), (20, 0)] {
            let umb = Format {
                target,
                ..umb.clone()
            };
            let mut r = two_players("three_cushion", target)
                .with_format(&umb)
                .unwrap();
            assert_eq!(r.time_outs_left(0), Some(allowed), "a match to {target}");
            for left in (0..allowed).rev() {
                let cue = r.cue_ball();
                r.judge(&called(carom(cue), time_out)).unwrap();
                assert_eq!(r.time_outs_left(0), Some(left));
            }
            let before = r.clone().sheet();
            let cue = r.cue_ball();
            let refused = r.judge(&called(carom(cue), time_out));
            assert_eq!(refused, Err(JudgeError::NoTimeOutLeft { player: 0 }));
            assert_eq!(r.sheet(), before);
        }
        assert_eq!(two_players("three_cushion", 40).time_outs_left(0), None);
    }

    #[test]
    fn sets_are_for_two_players_played_out() {
        let pba = format("pba_sets");
        let three = match_of("three_cushion", &["Anna", "Boris", "Vera"], 15);
        assert_eq!(
            three.with_format(&pba).unwrap_err(),
            SetupError::SetsForTwo(3)
        );
        // The game's equalising inning is the format's to change: PBA has none.
        let equalising = Format {
            equalising_inning: true,
            ..pba
        };
        let r = two_players("three_cushion", 15).with_format(&equalising);
        assert_eq!(r.unwrap_err(), SetupError::SetsPlayedOut);
    }
}
