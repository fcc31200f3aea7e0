//! Practice: one player, no lag, from the break or from any lay-out (a bundled or saved
//! position, a drill's, balls placed by hand), with strokes taken back and played again.

use super::drills::{DrillProgress, DrillRun};
use super::exam::{ExamLevels, ExamRecord};
use super::positions::{Met, Miss, Position};
use super::profiles;
use super::refereed::Refereed;
use super::table_core::TableCore;
use super::{Command, Event, Notice, Phase, SetUpRefusal};
use crate::diamond_systems::patterns;
use crate::math::DVec2;
use crate::rules::PlayedStroke;
use crate::shot::BallId;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// What only practice takes.
#[derive(Clone, Debug, PartialEq)]
pub enum PracticeCommand {
    /// Start again from this position (its lay-out, its cue ball), with a fresh score.
    SetUpPosition(Box<Position>),
    /// Put `ball` at `at` (held on the bed; refused where it would touch another ball);
    /// play goes on from the new lay-out with a fresh score.
    PlaceBall { ball: BallId, at: DVec2 },
    /// Play on with this cue ball (a white one).
    ChooseCueBall(BallId),
    /// Play a drill, from its first position.
    StartDrill(Box<DrillProgress>),
    /// Take the last stroke back, score and all, to the positions before it.
    Undo,
    /// Play the stroke taken back again, as it went.
    Redo,
}

/// Practice at the table.
pub struct Practice {
    pub(super) core: TableCore,
    /// The strokes taken back, the last taken back last.
    undone: Vec<PlayedStroke>,
    /// The drill under way.
    drill: Option<DrillProgress>,
    /// The position the lay-out was set up from (until a ball is moved).
    position: Option<Box<Position>>,
    /// Whether the last stroke did what its position asks.
    target_result: Option<Result<Met, Miss>>,
    /// The data folder the player's record is kept in: each stroke outside a drill is
    /// counted there by its pattern (None: not kept).
    records: Option<PathBuf>,
}

impl Practice {
    pub(super) fn new(core: TableCore, records: Option<PathBuf>) -> Practice {
        let mut practice = Practice {
            core,
            undone: Vec::new(),
            drill: None,
            position: None,
            target_result: None,
            records,
        };
        practice.begin();
        practice
    }

    /// The drill under way.
    pub fn drill(&self) -> Option<&DrillProgress> {
        self.drill.as_ref()
    }

    /// The position played from: the drill's current one, or the one set up (until a
    /// ball is moved).
    pub fn position(&self) -> Option<&Position> {
        self.drill
            .as_ref()
            .map(|d| d.current())
            .or(self.position.as_deref())
    }

    /// The system whose numbers the position played from asks an arrival in (the
    /// systems trainer's); None for other positions.
    pub fn systems_trainer(&self) -> Option<super::positions::SystemNumbers> {
        match self.position()?.target {
            super::positions::Target::Arrive(arrival) => Some(arrival.numbers),
            _ => None,
        }
    }

    /// Whether the last stroke did what the position it was played from asks (None
    /// without a position, or before its stroke).
    pub fn target_result(&self) -> Option<&Result<Met, Miss>> {
        self.target_result.as_ref()
    }

    /// The stroke last taken back, to play again.
    pub fn undone(&self) -> Option<&PlayedStroke> {
        self.undone.last()
    }

    pub(super) fn apply(&mut self, command: Command) {
        match (self.core.phase(), command) {
            (Phase::BreakSetup | Phase::Aiming, Command::Strike(stroke)) => {
                if self.core.strike(stroke) {
                    self.undone.clear();
                    self.target_result = None;
                }
            }
            (Phase::Verdict, Command::Continue) => match self.drill.as_ref() {
                // The drill's next attempt, from its position again.
                Some(drill) => {
                    let position = drill.current().clone();
                    self.set_up_position(&position)
                }
                None => self.core.after_verdict(),
            },
            (Phase::GameOver, Command::Rematch) => self.begin(),
            (_, command) => self.core.apply(command),
        }
    }

    /// What only practice takes, between strokes; anything but a drill's own next
    /// attempt ends the drill.
    pub(super) fn apply_own(&mut self, command: PracticeCommand) {
        if !matches!(
            self.core.phase(),
            Phase::BreakSetup | Phase::Aiming | Phase::Verdict | Phase::GameOver
        ) {
            return;
        }
        match command {
            PracticeCommand::StartDrill(drill) => self.start_drill(*drill),
            PracticeCommand::SetUpPosition(position) => {
                self.drill = None;
                self.set_up_position(&position)
            }
            PracticeCommand::PlaceBall { ball, at } => {
                self.drill = None;
                self.place_ball(ball, at)
            }
            PracticeCommand::ChooseCueBall(ball) => {
                self.drill = None;
                self.choose_cue_ball(ball)
            }
            PracticeCommand::Undo => {
                self.drill = None;
                self.undo()
            }
            PracticeCommand::Redo => {
                self.drill = None;
                self.redo()
            }
        }
    }

    pub(super) fn advance(&mut self, dt: f64) {
        if self.core.tick_clock(dt) {
            return;
        }
        let Some(record) = self.core.advance(dt) else {
            return;
        };
        if let Some(points) = self.core.judge_stroke(record) {
            // Counted before the target: a drill's last stroke ends the drill.
            self.count_by_pattern(points > 0);
            self.check_target(points);
            self.core.enter(Phase::Verdict);
        }
    }

    /// A stroke outside a drill goes into the player's record by the pattern of its
    /// cue ball's path, scored or not. A record that cannot be read is left alone (the
    /// records screen names it).
    fn count_by_pattern(&self, made: bool) {
        let (Some(data), None) = (&self.records, &self.drill) else {
            return;
        };
        let (Some(record), Some(verdict)) = (self.core.last_stroke(), self.core.last_verdict())
        else {
            return;
        };
        let pattern = patterns::recognise(&patterns::route(record, verdict.cue_ball));
        let settings = self.core.settings();
        let Some(name) = settings.seated().into_iter().next() else {
            return;
        };
        let _ = profiles::count_practice_stroke(data, &name, &settings.game, pattern.key(), made);
    }

    /// From the break, the first player with the white.
    fn begin(&mut self) {
        self.core.start_from_the_break(0, BallId::White);
    }

    /// A fresh game of the session's, from the position's lay-out with its cue ball. A
    /// position of another game, one without a ball the game plays, or one that does not
    /// fit the table is refused and play stays as it was.
    fn set_up_position(&mut self, position: &Position) {
        if position.game != self.core.settings().game {
            return self.core.tell(Notice::CannotSetUp(SetUpRefusal::OtherGame {
                position: position.name.clone(),
                game: position.game.clone(),
            }));
        }
        let at: BTreeMap<BallId, DVec2> = position
            .balls
            .iter()
            .map(|b| (b.ball, DVec2::new(b.x, b.y)))
            .collect();
        match self.set_up_layout(at, position.cue_ball, Some(&position.name)) {
            Ok(()) => self.position = Some(Box::new(position.clone())),
            Err(refusal) => self.core.tell(Notice::CannotSetUp(refusal)),
        }
    }

    /// The balls where they stand, `ball` moved to `at` on the bed.
    fn place_ball(&mut self, ball: BallId, at: DVec2) {
        let table = self.core.table();
        let limits = table.centre_limits();
        let at = at.clamp(-limits, limits);
        let touching_at = 2.0 * table.ball_radius;
        let mut layout = self.core.layout();
        if !layout.contains_key(&ball) {
            return;
        }
        let touching = layout
            .iter()
            .any(|(&b, p)| b != ball && p.distance(at) < touching_at);
        if touching {
            return self
                .core
                .tell(Notice::CannotSetUp(SetUpRefusal::BallsWouldTouch));
        }
        layout.insert(ball, at);
        let cue_ball = self.cue_ball();
        if let Err(refusal) = self.set_up_layout(layout, cue_ball, None) {
            self.core.tell(Notice::CannotSetUp(refusal));
        }
    }

    /// The shooter's cue ball.
    fn cue_ball(&self) -> BallId {
        self.core.referee().map_or(BallId::White, |r| r.cue_ball())
    }

    /// The same lay-out played with another white.
    fn choose_cue_ball(&mut self, ball: BallId) {
        if !matches!(ball, BallId::White | BallId::Dotted) {
            return self.core.tell(Notice::CannotSetUp(SetUpRefusal::NotAWhite));
        }
        if let Err(refusal) = self.set_up_layout(self.core.layout(), ball, None) {
            self.core.tell(Notice::CannotSetUp(refusal));
        }
    }

    /// A fresh game from the lay-out `at` (of the position named, if any) with
    /// `cue_ball`; a lay-out the game or the table refuses leaves play as it was.
    fn set_up_layout(
        &mut self,
        at: BTreeMap<BallId, DVec2>,
        cue_ball: BallId,
        position: Option<&str>,
    ) -> Result<(), SetUpRefusal> {
        let position = position.map(str::to_owned);
        let placed: Vec<(BallId, DVec2)> = at.iter().map(|(&b, &p)| (b, p)).collect();
        let game = Refereed::start(
            self.core.config(),
            self.core.settings(),
            0,
            cue_ball,
            Some(at),
            Vec::new(),
            &[],
        )
        .map_err(|error| SetUpRefusal::Start {
            position: position.clone(),
            error,
        })?;
        self.core
            .sim
            .place(&placed)
            .map_err(|error| SetUpRefusal::Place { position, error })?;
        self.core.clear_game();
        self.core.game = Some(game);
        // A new lay-out: no longer the position's, unless the caller says so. The last
        // stroke stays, to replay or save.
        self.position = None;
        self.target_result = None;
        self.undone.clear();
        self.core.notice = None;
        self.core.enter(Phase::Aiming);
        Ok(())
    }

    /// A drill from its first position (of the session's game).
    fn start_drill(&mut self, drill: DrillProgress) {
        if drill.drill.game != self.core.settings().game {
            return self
                .core
                .tell(Notice::CannotSetUp(SetUpRefusal::DrillOfOtherGame {
                    drill: drill.drill.name.clone(),
                    game: drill.drill.game.clone(),
                }));
        }
        let first = drill.current().clone();
        self.drill = None;
        self.set_up_position(&first);
        if self.core.phase() == Phase::Aiming && self.core.notice().is_none() {
            self.drill = Some(drill);
        }
    }

    /// The game replayed without its last stroke, the balls where they stood before it.
    fn undo(&mut self) {
        let Some(game) = &self.core.game else { return };
        let mut strokes = game.strokes.clone();
        let Some(last) = strokes.pop() else {
            return self.core.tell(Notice::NothingToUndo);
        };
        if self.replay(strokes) {
            self.undone.push(last);
        }
    }

    /// The stroke taken back, played again from where it was played: the balls roll
    /// as they did (the same stroke from the same lay-out gives the same record).
    fn redo(&mut self) {
        let Some(undone) = self.undone.last() else {
            return self.core.tell(Notice::NothingToRedo);
        };
        let (Some(stroke), declared) = (undone.record.stroke(), undone.declared_safety) else {
            return self.core.tell(Notice::NothingToRedo);
        };
        if !matches!(self.core.phase(), Phase::BreakSetup | Phase::Aiming) {
            return;
        }
        self.core.apply(Command::DeclareSafety(declared));
        if self.core.strike(stroke) {
            self.undone.pop();
            self.target_result = None;
        }
    }

    /// Rebuilds the game from its start with `strokes`, the balls where they stand after
    /// them; whether it could.
    fn replay(&mut self, strokes: Vec<PlayedStroke>) -> bool {
        let core = &mut self.core;
        let Some(game) = &core.game else { return false };
        let last = strokes.last().map(|s| s.record.clone());
        let first = strokes.is_empty() && game.start_at.is_none();
        match game.replayed(core.config(), core.settings(), strokes) {
            Ok(game) => {
                let over = game.referee.is_over();
                core.replace_game(game);
                core.last_stroke = last;
                core.notice = None;
                core.enter(if over {
                    Phase::GameOver
                } else if first {
                    Phase::BreakSetup
                } else {
                    Phase::Aiming
                });
                true
            }
            Err(e) => {
                core.tell(Notice::CannotResume(e));
                false
            }
        }
    }

    /// From a position (a drill's or one set up): whether the stroke did what the
    /// position asks; a drill's attempt counted, its run told when it is over.
    fn check_target(&mut self, points: u32) {
        let (Some(position), Some(record)) = (self.position(), self.core.last_stroke()) else {
            return;
        };
        let result = position.check(record, points, self.core.table());
        let made = result.is_ok();
        self.target_result = Some(result);
        let Some(drill) = self.drill.as_mut() else {
            return;
        };
        // An exam's attempt is made when it scores, whatever else the position asks.
        let made = if drill.drill.exam.is_some() {
            points > 0
        } else {
            made
        };
        if drill.attempted(made) {
            let run: DrillRun = drill.run.clone();
            let exam = drill.drill.exam.clone();
            self.drill = None;
            if let Some(levels) = exam {
                self.record_exam(&levels, &run);
            }
            self.core.push(Event::DrillDone(run));
        }
    }

    /// A finished exam goes into the player's record with its grade. A record that
    /// cannot be read is left alone (the records screen names it).
    fn record_exam(&self, levels: &ExamLevels, run: &DrillRun) {
        let Some(data) = &self.records else {
            return;
        };
        let settings = self.core.settings();
        let Some(name) = settings.seated().into_iter().next() else {
            return;
        };
        let made = run.made.iter().sum();
        let grade = levels.grade(made);
        let exam = ExamRecord {
            ended_s: super::now_s(),
            exam: run.drill.clone(),
            made,
            attempts: run.attempts * run.made.len() as u32,
            reached: grade.reached.map(|l| l.level.clone()),
            short_of: grade.short_of.map(|l| l.level.clone()),
            condition: settings.condition.clone(),
        };
        let _ = profiles::record_exam(data, &name, exam);
    }
}
