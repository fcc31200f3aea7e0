//! The match and its referee: who is at the table with which cue ball, the verdict on
//! each stroke, and the score — points, innings, runs, warnings, the obligations a
//! safety or foul leaves, the end of the game and its winner.
//!
//! Turn order: the breaker plays first, then the players in the order given, each
//! inning lasting until a stroke does not count (a miss, a foul, a safety) or the game
//! ends. Cue balls (rule 6): with an even number of players, or one (practice), the
//! breaker's seat and every second seat after it play the breaker's ball and the others
//! the other white; with an odd number of three or more (where the game keeps rule 6's
//! clause), each stroke uses the white that was not the cue ball on the previous stroke
//! (the ball that stroke should have used, when it struck the wrong one).
//!
//! End of the game: a player reaching the target ends their inning. Without an
//! equalising inning they win at once; with one, the players after them in the round
//! finish it, and then the most points win (equal points: a draw, no winner). An innings
//! limit ends the game when the round of the last inning is over, the most points
//! winning. A second warning (rule 18) loses the game at once; the winner is then the
//! best of the others (none when they are level). In practice (one player) the game is
//! won by reaching the target and otherwise ends without a winner.

mod formats;
mod outcome;

use super::balk::{self, BalkCount, BalkTally};
use super::count;
use super::fouls::{self, Context};
use super::score::PlayerScore;
use super::sets::{SetClosed, SetPlay, TimeOuts};
use super::setup::{SetupError, balls_in_play, break_positions, is_break_layout};
use super::sheet::{ScoreSheet, SheetRow};
use super::spotting::spot_jumped;
use super::stroke::{Facts, PlayedStroke, RecordError, balls_named};
use super::verdict::{Foul, Obligation, Outcome, Placement, Remark, Verdict, Warning};
use crate::config::{GameRules, RefereeConfig};
use crate::math::DVec2;
use crate::shot::{BallId, ShotRecord};
use crate::table::TableGeometry;
use std::collections::{BTreeMap, BTreeSet};

/// How a match is set up.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSetup {
    /// One name for practice, two for hot-seat, three or more in rotation.
    pub players: Vec<String>,
    /// Points to win.
    pub target: u32,
    /// A handicap match: each player's own distance, in the order of `players`, as
    /// clubs set them from the players' averages. Empty: everyone plays to `target`.
    pub targets: Vec<u32>,
    /// Innings each player gets at most.
    pub innings_limit: Option<u32>,
    /// Index of the player who breaks: the lag winner, or whom they passed it to (rule 4).
    pub breaker: usize,
    /// The breaker's cue ball, white or dotted (rule 6).
    pub breaker_ball: BallId,
}

/// A stroke the referee cannot judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgeError {
    /// The game is over: no more strokes.
    GameOver,
    /// No `strike` event: nothing says which ball was the cue ball.
    NoStrike,
    /// The record names a ball that is not in this game (red2 outside four-ball).
    NotInPlay(BallId),
    /// Rule 11: the record does not end with every ball at rest.
    NotAtRest,
    /// The record contradicts itself or the table.
    Impossible(RecordError),
    /// A time-out called by a player who has none left (or in a match without them).
    NoTimeOutLeft { player: usize },
    /// A set is over and its successor's breaker is decided by a lag not yet played.
    SetBreakerPending { set: u32 },
}

impl From<RecordError> for JudgeError {
    fn from(e: RecordError) -> JudgeError {
        match e {
            RecordError::NoStrike => JudgeError::NoStrike,
            RecordError::NotAtRest => JudgeError::NotAtRest,
            impossible => JudgeError::Impossible(impossible),
        }
    }
}

impl std::error::Error for JudgeError {}

/// The referee of one match.
#[derive(Clone, Debug)]
pub struct Referee {
    game: GameRules,
    table: TableGeometry,
    push_contact_s: f64,
    jump_height_m: f64,
    players: Vec<PlayerScore>,
    target: u32,
    innings_limit: Option<u32>,
    breaker: usize,
    breaker_ball: BallId,
    in_play: Vec<BallId>,
    shooter: usize,
    /// The shooter's inning has started.
    in_inning: bool,
    /// Strokes that counted (rule 22's do not).
    strokes: u32,
    /// The cue ball of the previous stroke that counted (rule 6).
    previous_cue_ball: Option<BallId>,
    /// Where the balls are, as the referee last saw them at rest.
    positions: BTreeMap<BallId, DVec2>,
    balk: Option<BalkTally>,
    /// Someone reached the target; the round is being finished (equalising inning).
    finishing_round: bool,
    /// Set when the game is over.
    result: Option<Outcome>,
    /// Every stroke judged, with the run and score it left.
    history: Vec<SheetRow>,
    /// The format's: whether reaching the target lets the round finish (the game's
    /// own unless a format says otherwise).
    equalising_inning: bool,
    /// The format's points for a bank shot (three cushions or more before the first
    /// object ball), if it counts more than a point.
    bank_shot_points: Option<u32>,
    /// A match in sets.
    sets: Option<SetPlay>,
    /// The players' time-outs on the shot clock.
    time_outs: Option<TimeOuts>,
}

impl Referee {
    /// A match of `game` on `table`, balls in their break set-up (rule 7).
    pub fn new(
        game: &GameRules,
        referee: &RefereeConfig,
        table: TableGeometry,
        setup: MatchSetup,
    ) -> Result<Referee, SetupError> {
        if setup.players.is_empty() {
            return Err(SetupError::NoPlayers);
        }
        for (i, name) in setup.players.iter().enumerate() {
            if name.trim().is_empty() {
                return Err(SetupError::Nameless(i));
            }
            if setup.players[..i].contains(name) {
                return Err(SetupError::SameName(name.clone()));
            }
        }
        if setup.breaker >= setup.players.len() {
            return Err(SetupError::NoSuchBreaker {
                breaker: setup.breaker,
                players: setup.players.len(),
            });
        }
        if !setup.breaker_ball.is_cue_ball() {
            return Err(SetupError::NotACueBall(setup.breaker_ball));
        }
        if !setup.targets.is_empty() && setup.targets.len() != setup.players.len() {
            return Err(SetupError::TargetsPerPlayer {
                targets: setup.targets.len(),
                players: setup.players.len(),
            });
        }
        if setup.target == 0 || setup.targets.contains(&0) {
            return Err(SetupError::NoTarget);
        }
        let targets = if setup.targets.is_empty() {
            vec![setup.target; setup.players.len()]
        } else {
            setup.targets
        };
        if setup.innings_limit == Some(0) {
            return Err(SetupError::NoInnings);
        }
        let positions = break_positions(game, &table, setup.breaker_ball)?;
        Ok(Referee {
            game: game.clone(),
            push_contact_s: referee.push_contact_ms / 1000.0,
            jump_height_m: referee.jump_height_mm / 1000.0,
            players: setup
                .players
                .into_iter()
                .zip(targets)
                .map(|(name, target)| PlayerScore {
                    name,
                    target,
                    points: 0,
                    innings: 0,
                    current_run: 0,
                    high_run: 0,
                    warnings: 0,
                    obligation: None,
                })
                .collect(),
            target: setup.target,
            innings_limit: setup.innings_limit,
            breaker: setup.breaker,
            breaker_ball: setup.breaker_ball,
            in_play: balls_in_play(game),
            shooter: setup.breaker,
            in_inning: false,
            strokes: 0,
            previous_cue_ball: None,
            positions,
            balk: None,
            finishing_round: false,
            result: None,
            history: Vec::new(),
            table,
            equalising_inning: game.equalising_inning,
            bank_shot_points: None,
            sets: None,
            time_outs: None,
        })
    }

    /// This match with the balls at `positions`, which place every ball in play and no
    /// other: a lay-out to judge a stroke from. The game's break set-up (rule 7) is the
    /// break still to play, judged as a break (rule 8); any other lay-out has the break
    /// behind it.
    pub fn at_layout(mut self, positions: BTreeMap<BallId, DVec2>) -> Result<Referee, SetupError> {
        let placed: BTreeSet<BallId> = positions.keys().copied().collect();
        let in_play: BTreeSet<BallId> = self.in_play.iter().copied().collect();
        if placed != in_play {
            return Err(SetupError::OtherBalls {
                game: self.game.name.clone(),
                in_play: in_play.into_iter().collect(),
                placed: placed.into_iter().collect(),
            });
        }
        let at_break = is_break_layout(&self.game, &self.table, self.breaker_ball, &positions);
        self.positions = positions;
        if !at_break {
            // The break counted: the next stroke is not bound by rule 8.
            self.strokes = 1;
        }
        Ok(self)
    }

    /// In balkline, the counts the shooter has made this inning with both object balls
    /// in one balk space (rules of the balkline games).
    pub fn balk_tally(&self) -> Option<BalkTally> {
        self.balk
    }

    pub fn game(&self) -> &GameRules {
        &self.game
    }

    pub fn table(&self) -> &TableGeometry {
        &self.table
    }

    pub fn target(&self) -> u32 {
        self.target
    }

    pub fn innings_limit(&self) -> Option<u32> {
        self.innings_limit
    }

    /// The score sheet, one line per player in the order given.
    pub fn players(&self) -> &[PlayerScore] {
        &self.players
    }

    /// The balls of this game.
    pub fn balls_in_play(&self) -> &[BallId] {
        &self.in_play
    }

    /// Where the referee last saw the balls at rest, after spotting, m. Before the
    /// first stroke: the break set-up (the breaker's ball at its default place).
    pub fn positions(&self) -> &BTreeMap<BallId, DVec2> {
        &self.positions
    }

    /// Who plays the next stroke.
    pub fn shooter(&self) -> usize {
        self.shooter
    }

    /// The next stroke is the break (rule 8).
    pub fn is_break(&self) -> bool {
        self.strokes == 0
    }

    /// The ball the next stroke must strike (rule 6).
    pub fn cue_ball(&self) -> BallId {
        self.player_ball(self.shooter).unwrap_or_else(|| {
            let other = self.breaker_ball.other_white().unwrap_or(BallId::Dotted);
            if self.previous_cue_ball == Some(self.breaker_ball) {
                other
            } else {
                self.breaker_ball
            }
        })
    }

    /// The cue ball `player` plays all game (rule 6): the breaker's seat and every
    /// second seat after it play the breaker's ball. None when the cue ball alternates
    /// stroke by stroke instead (an odd number of three or more players).
    pub fn player_ball(&self, player: usize) -> Option<BallId> {
        let n = self.players.len();
        if n >= 3 && !n.is_multiple_of(2) && self.game.alternate_cue_balls {
            return None;
        }
        let other = self.breaker_ball.other_white().unwrap_or(BallId::Dotted);
        let seat = (player + n - self.breaker) % n;
        Some(if seat.is_multiple_of(2) {
            self.breaker_ball
        } else {
            other
        })
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// How the game ended, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.result
    }

    /// The winner, once the game is over with one.
    pub fn winner(&self) -> Option<usize> {
        match self.result {
            Some(Outcome::Winner(w)) => Some(w),
            _ => None,
        }
    }

    /// Every stroke judged so far, in order, with the run and score it left.
    pub fn history(&self) -> &[SheetRow] {
        &self.history
    }

    /// The verdict on the last stroke judged.
    pub fn last_verdict(&self) -> Option<&Verdict> {
        self.history.last().map(|row| &row.verdict)
    }

    /// The match's score sheet so far.
    pub fn sheet(&self) -> ScoreSheet {
        ScoreSheet {
            game: self.game.name.clone(),
            target: self.target,
            innings_limit: self.innings_limit,
            equalising_inning: self.equalising_inning,
            breaker: self.breaker,
            breaker_ball: self.breaker_ball,
            players: self.players.clone(),
            rows: self.history.clone(),
            outcome: self.result,
            sets: self.sets.clone(),
        }
    }

    /// A copy of this match as it stands, without its score sheet's history, with the
    /// balls at `positions` (the same balls: where the table has them, the breaker's
    /// ball moved along the head string): a referee to try strokes on (the computer
    /// player judges every stroke it considers).
    pub fn what_if(&self, positions: BTreeMap<BallId, DVec2>) -> Referee {
        Referee {
            positions,
            history: Vec::new(),
            ..self.clone()
        }
    }

    /// Whether the player at the table may declare an intentional safety now: not in
    /// USBA three-cushion, and not while rule 24 or 25 asks for an attempt to score.
    pub fn may_declare_safety(&self) -> bool {
        !self.game.usba && self.players[self.shooter].obligation.is_none()
    }

    /// Judges one stroke of the player at the table and applies the verdict to the
    /// score. The record should end at rest (rule 11) and name only balls in play.
    pub fn judge(&mut self, stroke: &PlayedStroke) -> Result<Verdict, JudgeError> {
        if self.result.is_some() {
            return Err(JudgeError::GameOver);
        }
        let set = self.sets.as_ref().map(SetPlay::number);
        if let Some(set) = set.filter(|_| self.set_breaker_pending()) {
            return Err(JudgeError::SetBreakerPending { set });
        }
        let shooter = self.shooter;
        let facts = if stroke.calls.timed_out {
            None
        } else {
            self.check_balls(&stroke.record)?;
            Some(Facts::read_on(&stroke.record, &self.table)?)
        };
        if stroke.calls.time_out {
            let time_outs = self.time_outs.as_mut().filter(|t| t.left(shooter) > 0);
            let time_outs = time_outs.ok_or(JudgeError::NoTimeOutLeft { player: shooter })?;
            time_outs.used[shooter] += 1;
        }
        let sets_before = self.sets.as_ref().map(|s| s.done.len());
        let (verdict, run) = match facts {
            None => (self.judge_timed_out(), 0),
            Some(facts) => self.judge_stroke(stroke, &facts),
        };
        // A stroke that closed a set leaves its score in that set.
        let closed = self.sets.as_ref().zip(sets_before);
        let closed = closed.and_then(|(sets, before)| sets.done.get(before));
        let score = closed.map_or(&self.players, |set| &set.players)[shooter].points;
        self.history.push(SheetRow {
            verdict: verdict.clone(),
            run,
            score,
            set,
        });
        Ok(verdict)
    }

    /// A stroke the simulation recorded: its verdict and the shooter's run with it.
    fn judge_stroke(&mut self, stroke: &PlayedStroke, facts: &Facts) -> (Verdict, u32) {
        let shooter = self.shooter;
        if stroke.calls.outside_interference {
            let run = if self.in_inning {
                self.players[shooter].current_run
            } else {
                0
            };
            (interference(shooter, facts.cue_ball()), run)
        } else {
            self.judge_played(stroke, facts)
        }
    }

    /// The verdict on a stroke played without interference, applied to the score, and
    /// the shooter's run in this inning with it.
    fn judge_played(&mut self, stroke: &PlayedStroke, facts: &Facts) -> (Verdict, u32) {
        let shooter = self.shooter;
        let cue_ball = self.cue_ball();
        let obligation = self.open_inning();
        let mut fouls = fouls::judge(&Context {
            game: &self.game,
            facts,
            calls: stroke.calls,
            declared_safety: stroke.declared_safety,
            cue_ball,
            is_break: self.is_break(),
            obligation,
            push_contact_s: self.push_contact_s,
            jump_height_m: self.jump_height_m,
        });
        let (after, spot) = self.at_rest(&stroke.record, facts);
        let mut remarks = Vec::new();
        let points = if fouls.is_empty() {
            self.count(facts, &after, &mut fouls, &mut remarks)
        } else {
            0
        };
        if stroke.declared_safety && fouls.is_empty() {
            remarks.push(Remark::LegalSafety);
        }
        let warnings: Vec<Warning> = stroke
            .calls
            .intentional_foul
            .then(|| self.warn(shooter))
            .into_iter()
            .collect();
        let player = &mut self.players[shooter];
        player.points += points;
        player.current_run += points;
        let run = player.current_run;
        player.high_run = player.high_run.max(player.current_run);
        let lost = player.warnings >= 2;
        let reached = player.points >= player.target;
        let inning_over = points == 0 || reached || lost;
        self.strokes += 1;
        self.previous_cue_ball = Some(cue_ball);
        self.positions = after;
        let sets_before = self.sets.as_ref().map_or(0, |s| s.done.len());
        if inning_over {
            let foul = !fouls.is_empty();
            self.end_inning(shooter, foul, stroke.declared_safety, lost);
        }
        if reached && points > 0 {
            let set_won = self.set_remark(sets_before);
            remarks.push(Remark::TargetReached {
                equalising: self.result.is_none() && set_won.is_none(),
            });
            remarks.extend(set_won);
        }
        let verdict = Verdict {
            shooter,
            cue_ball: facts.cue_ball(),
            points,
            fouls,
            inning_over,
            spot,
            warnings,
            restore_positions: false,
            remarks,
            outcome: self.result,
        };
        (verdict, run)
    }

    /// Every ball the record names must be in play.
    fn check_balls(&self, record: &ShotRecord) -> Result<(), JudgeError> {
        let named: BTreeSet<BallId> = record
            .events
            .iter()
            .flat_map(|e| balls_named(&e.kind))
            .chain(record.final_positions.keys().copied())
            .chain(record.trajectories.keys().copied())
            .collect();
        let outside = named.into_iter().find(|b| !self.in_play.contains(b));
        outside.map_or(Ok(()), |ball| Err(JudgeError::NotInPlay(ball)))
    }

    /// Starts the shooter's inning unless it is under way; the obligation that binds
    /// its first stroke (rules 24, 25).
    fn open_inning(&mut self) -> Option<Obligation> {
        if self.in_inning {
            return None;
        }
        self.in_inning = true;
        let player = &mut self.players[self.shooter];
        player.innings += 1;
        player.obligation.take()
    }

    /// Where the balls are once everything has stopped: the balls on the bed at their
    /// final positions (where they were before, for a ball the record does not place;
    /// rule 19: a ball that moved on its own stays where it ended), the jumped balls on
    /// their spots (rules 21, 26).
    fn at_rest(
        &self,
        record: &ShotRecord,
        facts: &Facts,
    ) -> (BTreeMap<BallId, DVec2>, Vec<Placement>) {
        let mut positions: BTreeMap<BallId, DVec2> = self
            .positions
            .iter()
            .filter(|(ball, _)| !facts.jumped.contains(ball))
            .map(|(ball, before)| {
                let at = record
                    .final_positions
                    .get(ball)
                    .map_or(*before, |p| DVec2::new(p.x, p.y));
                (*ball, at)
            })
            .collect();
        let jumped: Vec<BallId> = facts.jumped.iter().copied().collect();
        let spot = spot_jumped(&self.table, facts.cue_ball(), &jumped, &positions);
        for placement in &spot {
            positions.insert(placement.ball, placement.position);
        }
        (positions, spot)
    }

    /// Rule 18: a warning for an intentional foul; the second in the game loses it.
    fn warn(&mut self, shooter: usize) -> Warning {
        let player = &mut self.players[shooter];
        player.warnings += 1;
        Warning::IntentionalFoul {
            loses_game: player.warnings >= 2,
        }
    }

    /// The points of a stroke without fouls: a count by the game's rule, if the stroke
    /// is complete (rule 11) and, in balkline, allowed where the balls lie.
    fn count(
        &mut self,
        facts: &Facts,
        after: &BTreeMap<BallId, DVec2>,
        fouls: &mut Vec<Foul>,
        remarks: &mut Vec<Remark>,
    ) -> u32 {
        let objects: Vec<BallId> = self
            .in_play
            .iter()
            .copied()
            .filter(|b| *b != facts.cue_ball())
            .collect();
        let mut points = match count::judge(&self.game.count, facts, &objects) {
            Ok(points) => points,
            Err(miss) => {
                remarks.push(Remark::NoCount(miss));
                return 0;
            }
        };
        if let Some(bank) = self.bank_shot_points
            && facts.cushions_before(&objects, 1).is_some_and(|c| c >= 3)
        {
            points = bank;
            remarks.push(Remark::BankShot { points });
        }
        if let (Some(rule), [a, b]) = (self.game.balk, objects.as_slice()) {
            let at = |positions: &BTreeMap<BallId, DVec2>| {
                [*a, *b].map(|ball| positions.get(&ball).copied().unwrap_or(DVec2::ZERO))
            };
            let judged = balk::judge_count(
                &self.table,
                &rule,
                self.balk,
                [*a, *b],
                at(&self.positions),
                at(after),
            );
            match judged {
                BalkCount::Stands(tally) => self.balk = tally,
                BalkCount::Refused { space, counts } => {
                    fouls.push(Foul::BalkCount { space, counts });
                    return 0;
                }
            }
        }
        points
    }

    /// Closes the shooter's inning: what binds their next one, whether the game is over,
    /// who plays next.
    fn end_inning(&mut self, shooter: usize, foul: bool, declared_safety: bool, lost: bool) {
        self.in_inning = false;
        self.balk = None;
        let player = &mut self.players[shooter];
        player.current_run = 0;
        if !self.game.usba {
            player.obligation = if foul {
                Some(Obligation::AfterFoul)
            } else if declared_safety {
                Some(Obligation::AfterSafety)
            } else {
                None
            };
        }
        self.result = self.result_after_inning(shooter, lost);
        if let (Some(sets), Some(Outcome::Winner(winner)), false) =
            (&mut self.sets, self.result, lost)
        {
            // A set's winner: the match's, or the next set.
            match sets.close(winner, self.breaker, &self.players) {
                SetClosed::MatchWon => {}
                SetClosed::NextBreaker(breaker) => {
                    self.result = None;
                    self.start_set(breaker);
                }
                SetClosed::LagForBreak => self.result = None,
            }
            return;
        }
        if self.result.is_none() {
            self.shooter = (shooter + 1) % self.players.len();
        }
    }
}

/// Rule 22: the balls go back where they were, no penalty, the stroke does not count,
/// and the same player plays again.
fn interference(shooter: usize, cue_ball: BallId) -> Verdict {
    Verdict {
        shooter,
        cue_ball,
        points: 0,
        fouls: Vec::new(),
        inning_over: false,
        spot: Vec::new(),
        warnings: Vec::new(),
        restore_positions: true,
        remarks: vec![Remark::Interference],
        outcome: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::{
        Shot, carom, game, match_of, miss, played, referee_config, table, two_players,
    };
    use crate::rules::{BalkSpace, Rule};
    use crate::shot::Spot;
    use BallId::{Dotted, Red, Red2, White};

    fn setup(players: &[&str]) -> MatchSetup {
        MatchSetup {
            players: players.iter().map(|p| p.to_string()).collect(),
            target: 10,
            targets: Vec::new(),
            innings_limit: None,
            breaker: 0,
            breaker_ball: White,
        }
    }

    fn referee(key: &str, setup: MatchSetup) -> Referee {
        Referee::new(&game(key), &referee_config(), table(), setup).unwrap()
    }

    /// Plays `stroke` and returns its verdict.
    fn play(r: &mut Referee, record: ShotRecord) -> Verdict {
        r.judge(&played(record)).unwrap()
    }

    fn four_ball_carom(cue: BallId) -> ShotRecord {
        Shot::new(cue).hit(Red).hit(Red2).rest()
    }

    #[test]
    fn a_record_that_contradicts_itself_or_the_table_is_refused_or_judged_by_the_facts() {
        let at = |x: f64, y: f64| crate::shot::FinalPosition {
            x,
            y,
            z: 0.03,
            on_table: true,
        };
        // A ball said to be on the table at rest 120 m away has left it (rule 21).
        let mut far = Shot::new(White).hit(Red).cushions(3).hit(Dotted).rest();
        far.final_positions.insert(Red, at(120.0, 0.0));
        let mut r = referee("three_cushion", setup(&["Anna", "Boris"]))
            .at_layout(BTreeMap::from([
                (White, DVec2::new(-0.5, 0.0)),
                (Dotted, DVec2::new(0.2, 0.3)),
                (Red, DVec2::new(0.4, -0.2)),
            ]))
            .unwrap();
        let v = r.judge(&played(far)).unwrap();
        assert!(
            v.fouls.iter().any(|f| f.rule() == Rule::General(21)) || !v.spot.is_empty(),
            "{v:?}"
        );
        // A resting place that is not a number, and a ball meeting itself: refused.
        let mut nan = Shot::new(White).hit(Red).rest();
        nan.final_positions.insert(Red, at(f64::NAN, 0.0));
        let before = r.players().to_vec();
        assert_eq!(
            r.judge(&played(nan)),
            Err(JudgeError::Impossible(RecordError::RestNotANumber(Red)))
        );
        let mut itself = Shot::new(White).hit(Red).rest();
        itself.events.insert(
            1,
            crate::shot::ShotEvent {
                t: 0.1,
                kind: crate::shot::EventKind::BallBall {
                    a: Red,
                    b: Red,
                    speed: 1.0,
                },
            },
        );
        let refused = r.judge(&played(itself)).unwrap_err();
        assert_eq!(
            refused,
            JudgeError::Impossible(RecordError::MeetsItself(Red))
        );
        assert!(refused.to_string().contains("meet itself"), "{refused}");
        assert_eq!(r.players(), before, "a refused record changes nothing");
    }

    #[test]
    fn a_lay_out_after_the_break_frees_the_first_stroke_from_rule_8() {
        // Rule 8 binds the break only: after it, the dotted may be hit before the red.
        let dotted_first = || Shot::new(White).hit(Dotted).cushions(3).hit(Red).rest();
        let mut at_break = referee("three_cushion", setup(&["Anna"]));
        assert_eq!(
            play(&mut at_break, dotted_first()).fouls[0].rule(),
            Rule::General(8)
        );
        let lay_out = BTreeMap::from([
            (White, DVec2::new(-0.5, 0.0)),
            (Dotted, DVec2::new(0.2, 0.3)),
            (Red, DVec2::new(0.4, -0.2)),
        ]);
        let mut after = referee("three_cushion", setup(&["Anna"]))
            .at_layout(lay_out.clone())
            .unwrap();
        assert_eq!(after.positions(), &lay_out);
        let v = play(&mut after, dotted_first());
        assert_eq!((v.points, v.fouls.len()), (1, 0), "{v:?}");
    }

    #[test]
    fn a_lay_out_that_is_the_break_set_up_is_judged_as_the_break() {
        // One judgement everywhere (issue 19): practice from the break position, the
        // drill of breaks and the coach judge its stroke by rule 8, as a match does.
        let dotted_first = || Shot::new(White).hit(Dotted).cushions(3).hit(Red).rest();
        let set_up = referee("three_cushion", setup(&["Anna"]))
            .positions()
            .clone();
        let mut moved = set_up.clone();
        // The breaker's ball anywhere on its six inches of the head string.
        moved.get_mut(&White).unwrap().y = -0.1524;
        for lay_out in [set_up.clone(), moved] {
            let mut at = referee("three_cushion", setup(&["Anna"]))
                .at_layout(lay_out)
                .unwrap();
            assert!(at.is_break());
            assert_eq!(
                play(&mut at, dotted_first()).fouls[0].rule(),
                Rule::General(8)
            );
        }
        // Off the head string, it is a lay-out after the break.
        let mut off = set_up;
        off.get_mut(&White).unwrap().x += 0.05;
        let at = referee("three_cushion", setup(&["Anna"]))
            .at_layout(off)
            .unwrap();
        assert!(!at.is_break());
    }

    #[test]
    fn a_lay_out_must_place_exactly_the_balls_in_play() {
        let without_red = BTreeMap::from([(White, DVec2::ZERO), (Dotted, DVec2::new(0.3, 0.0))]);
        let error = referee("three_cushion", setup(&["Anna"]))
            .at_layout(without_red)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "Three-cushion is played with white, dotted, red; the lay-out has white, dotted"
        );
    }

    #[test]
    fn the_named_breaker_plays_first_and_a_miss_passes_the_turn() {
        // Rule 4: the lag winner broke or passed the break; the match names the breaker.
        let mut r = referee(
            "three_cushion",
            MatchSetup {
                breaker: 1,
                breaker_ball: Dotted,
                ..setup(&["Anna", "Boris"])
            },
        );
        assert_eq!((r.shooter(), r.cue_ball()), (1, Dotted));
        let v = play(&mut r, carom(Dotted));
        assert_eq!((v.shooter, v.points, v.inning_over), (1, 1, false));
        assert!(play(&mut r, miss(Dotted)).inning_over);
        assert_eq!((r.shooter(), r.cue_ball()), (0, White));
        assert_eq!((r.players()[0].innings, r.players()[1].innings), (0, 1));
    }

    #[test]
    fn two_players_keep_their_own_cue_balls() {
        // Rule 6: the lag winner's choice holds for the whole game.
        let mut r = two_players("three_cushion", 10);
        for _ in 0..3 {
            assert_eq!(r.cue_ball(), White);
            play(&mut r, miss(White));
            assert_eq!(r.cue_ball(), Dotted);
            play(&mut r, miss(Dotted));
        }
    }

    #[test]
    fn an_odd_number_of_players_alternate_the_cue_ball_every_stroke() {
        // Rule 6: with three players each stroke uses the ball that was not the cue ball
        // on the previous stroke, within an inning too.
        let mut r = match_of("three_cushion", &["Anna", "Boris", "Chen"], 10);
        assert_eq!(r.cue_ball(), White);
        assert_eq!(play(&mut r, carom(White)).points, 1);
        assert_eq!((r.shooter(), r.cue_ball()), (0, Dotted));
        assert_eq!(play(&mut r, carom(Dotted)).points, 1);
        assert_eq!(r.cue_ball(), White);
        play(&mut r, miss(White));
        assert_eq!((r.shooter(), r.cue_ball()), (1, Dotted));
        play(&mut r, miss(Dotted));
        assert_eq!((r.shooter(), r.cue_ball()), (2, White));
    }

    #[test]
    fn four_ball_keeps_cue_balls_by_seat_with_three_players() {
        // Rule 6's odd-number clause is not for four-ball.
        let mut r = match_of("korean_four_ball", &["Anna", "Boris", "Chen"], 10);
        play(&mut r, four_ball_carom(White));
        assert_eq!(r.cue_ball(), White);
        play(&mut r, miss(White));
        assert_eq!((r.shooter(), r.cue_ball()), (1, Dotted));
        play(&mut r, miss(Dotted));
        assert_eq!((r.shooter(), r.cue_ball()), (2, White));
    }

    #[test]
    fn a_practice_player_keeps_the_breakers_ball_and_wins_at_the_target() {
        // Rule 6 for one player: no opponent, no alternation; the chosen ball throughout.
        let mut r = match_of("straight_rail", &["Anna"], 2);
        play(&mut r, carom(White));
        play(&mut r, miss(White));
        assert_eq!((r.shooter(), r.cue_ball()), (0, White));
        assert_eq!(r.players()[0].innings, 1);
        let v = play(&mut r, carom(White));
        assert!(v.game_over() && v.inning_over);
        assert_eq!(v.winner(), Some(0));
        assert_eq!(r.players()[0].innings, 2);
    }

    #[test]
    fn reaching_the_target_wins_at_once_without_an_equalising_inning() {
        // Four-ball: no equalising inning in games.ron.
        let mut r = match_of("korean_four_ball", &["Anna", "Boris"], 2);
        play(&mut r, four_ball_carom(White));
        let v = play(&mut r, four_ball_carom(White));
        assert!(v.game_over());
        assert_eq!(r.winner(), Some(0));
        assert_eq!(r.judge(&played(miss(Dotted))), Err(JudgeError::GameOver));
    }

    #[test]
    fn the_equalising_inning_lets_the_opponent_finish_the_round() {
        // Match length (games.ron `equalising_inning`): Anna broke, so Boris gets his inning.
        let mut r = two_players("three_cushion", 2);
        play(&mut r, carom(White));
        let v = play(&mut r, carom(White));
        assert!(
            v.inning_over && !v.game_over(),
            "Boris still plays his inning"
        );
        assert!(
            v.remarks
                .contains(&Remark::TargetReached { equalising: true }),
            "{v:?}"
        );
        play(&mut r, carom(Dotted));
        let v = play(&mut r, miss(Dotted));
        assert!(v.game_over());
        assert_eq!(v.winner(), Some(0));
    }

    #[test]
    fn equal_points_after_the_equalising_inning_are_a_draw() {
        // Match length: both reach the target in the same round.
        let mut r = two_players("three_cushion", 1);
        assert!(!play(&mut r, carom(White)).game_over());
        let v = play(&mut r, carom(Dotted));
        assert!(v.game_over() && v.inning_over);
        assert_eq!(v.winner(), None);
    }

    #[test]
    fn the_last_player_of_the_round_reaching_the_target_ends_the_game() {
        // Match length: nobody is left to equalise.
        let mut r = two_players("three_cushion", 1);
        play(&mut r, miss(White));
        let v = play(&mut r, carom(Dotted));
        assert!(v.game_over());
        assert_eq!(v.winner(), Some(1));
    }

    fn handicap(key: &str, targets: &[u32], innings_limit: Option<u32>) -> Referee {
        referee(
            key,
            MatchSetup {
                targets: targets.to_vec(),
                innings_limit,
                ..setup(&["Anna", "Boris"])
            },
        )
    }

    #[test]
    fn in_a_handicap_match_each_player_plays_to_their_own_target() {
        // Three-cushion, with the equalising inning: Anna plays to 3, Boris to 1.
        let mut r = handicap("three_cushion", &[3, 1], None);
        assert_eq!((r.players()[0].target, r.players()[1].target), (3, 1));
        assert_eq!(r.sheet().players[1].target, 1);
        play(&mut r, carom(White));
        play(&mut r, miss(White));
        // Boris's one point is his whole distance: the last of the round, he wins.
        let v = play(&mut r, carom(Dotted));
        assert!(v.game_over() && v.inning_over, "{v:?}");
        assert_eq!(v.winner(), Some(1));

        // Anna reaches her 3 first: Boris's equalising inning, reaching his 1, draws.
        let mut r = handicap("three_cushion", &[3, 1], None);
        for _ in 0..2 {
            assert!(!play(&mut r, carom(White)).inning_over);
        }
        let v = play(&mut r, carom(White));
        assert!(v.inning_over && !v.game_over(), "Boris equalises: {v:?}");
        let v = play(&mut r, carom(Dotted));
        assert!(v.game_over());
        assert_eq!(v.winner(), None, "both made their distance: a draw");

        // Without the equalising inning (four-ball), reaching one's own target wins at once.
        let mut r = handicap("korean_four_ball", &[1, 5], None);
        let v = play(&mut r, four_ball_carom(White));
        assert!(v.game_over());
        assert_eq!(v.winner(), Some(0));
    }

    #[test]
    fn at_a_handicap_matchs_innings_limit_the_larger_share_of_ones_target_wins() {
        // Anna 2 of 10 (20 %), Boris 1 of 3 (33 %): Boris wins with fewer points.
        let mut r = handicap("three_cushion", &[10, 3], Some(1));
        play(&mut r, carom(White));
        play(&mut r, carom(White));
        play(&mut r, miss(White));
        play(&mut r, carom(Dotted));
        let v = play(&mut r, miss(Dotted));
        assert!(v.game_over());
        assert_eq!(v.winner(), Some(1));
    }

    #[test]
    fn a_handicap_needs_one_target_for_each_player() {
        let refused = |targets: &[u32]| {
            Referee::new(
                &game("three_cushion"),
                &referee_config(),
                table(),
                MatchSetup {
                    targets: targets.to_vec(),
                    ..setup(&["Anna", "Boris"])
                },
            )
            .unwrap_err()
        };
        assert_eq!(
            refused(&[5]),
            SetupError::TargetsPerPlayer {
                targets: 1,
                players: 2
            }
        );
        assert_eq!(refused(&[5, 0]), SetupError::NoTarget);
    }

    #[test]
    fn the_innings_limit_ends_the_game_when_the_round_is_over() {
        // Match length: an innings limit of 2, the most points win.
        let mut r = referee(
            "three_cushion",
            MatchSetup {
                innings_limit: Some(2),
                ..setup(&["Anna", "Boris"])
            },
        );
        play(&mut r, miss(White));
        play(&mut r, carom(Dotted));
        play(&mut r, miss(Dotted));
        play(&mut r, miss(White));
        assert!(!r.is_over(), "Boris has his second inning to come");
        let v = play(&mut r, miss(Dotted));
        assert!(v.game_over());
        assert_eq!(v.winner(), Some(1));
    }

    #[test]
    fn runs_high_run_and_average_are_kept() {
        // The score sheet: a run is the points of one inning; average = points / innings.
        let mut r = two_players("three_cushion", 10);
        play(&mut r, carom(White));
        play(&mut r, carom(White));
        assert_eq!(r.players()[0].current_run, 2);
        play(&mut r, miss(White));
        play(&mut r, miss(Dotted));
        play(&mut r, carom(White));
        play(&mut r, miss(White));
        let anna = &r.players()[0];
        assert_eq!(
            (anna.points, anna.innings, anna.high_run, anna.current_run),
            (3, 2, 2, 0)
        );
        assert_eq!(anna.average(), 1.5);
        assert_eq!(r.players()[1].average(), 0.0);
    }

    #[test]
    fn a_record_naming_a_ball_not_in_play_is_refused() {
        // Rule 2: three balls; red2 is four-ball's. A stroke needs a strike (rule 3).
        let mut r = two_players("three_cushion", 10);
        let with_red2 = Shot::new(White).hit(Red2).rest();
        assert_eq!(
            r.judge(&played(with_red2)),
            Err(JudgeError::NotInPlay(Red2))
        );
        let mut no_strike = carom(White);
        no_strike.events.remove(0);
        assert_eq!(r.judge(&played(no_strike)), Err(JudgeError::NoStrike));
        assert!(r.is_break(), "refused strokes change nothing");
    }

    #[test]
    fn a_ball_that_moved_by_itself_stays_where_it_stopped() {
        // Rule 19: the red settled on its own; no foul, no spotting, play goes on.
        let mut r = two_players("three_cushion", 10);
        let settled = Shot::new(White).cushions(3).ends_at(Red, 0.72, 0.01).rest();
        let v = play(&mut r, settled);
        assert!(v.fouls.is_empty() && v.spot.is_empty());
        assert_eq!(r.positions()[&Red], DVec2::new(0.72, 0.01));
    }

    #[test]
    fn spotting_uses_where_the_balls_stopped() {
        // Rules 21 and 26: the red jumped while the white stopped on the foot spot, so
        // the red goes to the head spot... which the dotted (set-up) still holds: centre.
        let mut r = two_players("three_cushion", 10);
        let foot = r.table().spot(Spot::Foot);
        let shot = Shot::new(White)
            .hit(Red)
            .off_table(Red)
            .ends_at(White, foot.x, foot.y)
            .rest();
        let v = play(&mut r, shot);
        assert_eq!(v.spot.len(), 1);
        assert_eq!(
            (v.spot[0].spot, v.spot[0].occupied.as_slice()),
            (Spot::Centre, [Spot::Foot, Spot::Head].as_slice())
        );
        assert_eq!(r.positions()[&Red], DVec2::ZERO);
    }

    #[test]
    fn every_game_counts_by_its_own_rule() {
        // Straight rail: any carom; one-cushion: one cushion first; three-cushion: three.
        let direct = || Shot::new(White).hit(Red).hit(Dotted).rest();
        let one = || Shot::new(White).hit(Red).cushion().hit(Dotted).rest();
        for (key, record, points) in [
            ("straight_rail", direct(), 1),
            ("one_cushion", direct(), 0),
            ("one_cushion", one(), 1),
            ("three_cushion", one(), 0),
            ("three_cushion", carom(White), 1),
            ("red_ball", direct(), 1),
            ("balkline_47_2", direct(), 1),
            ("balkline_71_2", direct(), 1),
        ] {
            assert_eq!(
                play(&mut two_players(key, 10), record).points,
                points,
                "{key}"
            );
        }
    }

    #[test]
    fn four_ball_counts_only_with_both_reds() {
        // Four-ball: a count needs both reds.
        let mut r = two_players("korean_four_ball", 10);
        let one_red = Shot::new(White).hit(Red).cushions(2).rest();
        let v = play(&mut r, one_red);
        assert_eq!((v.points, v.inning_over), (0, true));
        assert_eq!(play(&mut r, four_ball_carom(Dotted)).points, 1);
    }

    /// A straight carom that leaves the object balls at `dotted` and `red`.
    fn balk_carom(dotted: (f64, f64), red: (f64, f64)) -> ShotRecord {
        Shot::new(White)
            .hit(Red)
            .hit(Dotted)
            .ends_at(Dotted, dotted.0, dotted.1)
            .ends_at(Red, red.0, red.1)
            .rest()
    }

    #[test]
    fn balkline_47_2_allows_one_count_in_a_balk_space_then_one_ball_must_leave() {
        // Balkline 47/2: lines 470 mm from the cushions (x = ±0.95, y = ±0.24 m).
        let corner = ((1.1, 0.5), (1.2, 0.4));
        let into_corner = || balk_carom(corner.0, corner.1);
        let mut r = two_players("balkline_47_2", 10);
        assert_eq!(
            play(&mut r, into_corner()).points,
            1,
            "the break starts outside"
        );
        assert_eq!(
            play(&mut r, into_corner()).points,
            1,
            "the one count in the space"
        );
        let v = play(&mut r, into_corner());
        assert_eq!(
            v.fouls.iter().map(|f| f.rule()).collect::<Vec<_>>(),
            [Rule::Balkline]
        );
        assert!(
            matches!(
                v.fouls[0],
                Foul::BalkCount {
                    space: BalkSpace::Balk {
                        along: 1,
                        across: 1
                    },
                    counts: 1
                }
            ),
            "{:?}",
            v.fouls
        );
        assert!(v.inning_over);

        let mut r = two_players("balkline_47_2", 10);
        play(&mut r, into_corner());
        play(&mut r, into_corner());
        let red_out = balk_carom(corner.0, (0.0, 0.0));
        assert_eq!(
            play(&mut r, red_out).points,
            1,
            "the second count drives the red out"
        );
    }

    #[test]
    fn balkline_71_2_restricts_the_middle_of_the_table_too() {
        // Balkline 71/2 on a 1420 mm table: no centre space, the long lines meet on the axis.
        let mut r = two_players("balkline_71_2", 10);
        let left = ((0.0, 0.3), (0.2, 0.35));
        play(&mut r, balk_carom(left.0, left.1));
        play(&mut r, balk_carom(left.0, left.1));
        let v = play(&mut r, balk_carom(left.0, left.1));
        assert_eq!(
            v.fouls.iter().map(|f| f.rule()).collect::<Vec<_>>(),
            [Rule::Balkline]
        );
        assert!(
            matches!(
                v.fouls[0],
                Foul::BalkCount {
                    space: BalkSpace::Balk { across: 1, .. },
                    ..
                }
            ),
            "{:?}",
            v.fouls
        );
    }

    #[test]
    fn a_match_that_cannot_start_says_why() {
        // Rules 2, 4 and 6: a breaker among the players, with a white.
        let refused = |setup: MatchSetup| {
            Referee::new(&game("three_cushion"), &referee_config(), table(), setup)
                .unwrap_err()
                .to_string()
        };
        assert!(refused(setup(&[])).contains("at least one player"));
        assert!(refused(setup(&["Anna", "Anna"])).contains("two players are called \"Anna\""));
        assert!(
            refused(MatchSetup {
                breaker: 2,
                ..setup(&["Anna", "Boris"])
            })
            .contains("player 2")
        );
        assert!(
            refused(MatchSetup {
                breaker_ball: Red,
                ..setup(&["Anna"])
            })
            .contains("rule 2")
        );
        assert!(
            refused(MatchSetup {
                target: 0,
                ..setup(&["Anna"])
            })
            .contains("target")
        );
        assert!(
            refused(MatchSetup {
                innings_limit: Some(0),
                ..setup(&["Anna"])
            })
            .contains("innings")
        );
    }
}
