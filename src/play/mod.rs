//! The match as a plain-Rust state machine (no Bevy): a hot-seat match, practice or lag
//! training at one table, from the first phase to the last. Commands come in
//! ([`Command`]); what happened goes out as typed events ([`Event`]): contacts as the
//! balls roll, phases, verdicts, lag results, spotting, notices. The views say whose
//! turn it is, what may be done now and the score sheet. Saving after every stroke,
//! resuming and rule 22's restore live here too. The game's shell applies the players'
//! commands and mirrors the phase; tests (and any computer player) drive it directly.

pub mod drills;
mod files;
mod lag;
pub mod lag_stats;
mod live;
pub mod positions;
mod save;
mod settings;

pub use files::{
    StoragePaths, keep_aside, now_s, read_ron_folder, read_ron_or_default, write_atomically,
    write_ron,
};
pub use lag::{GOOD_LAG_BAND_M, Lag, LagOpponent, LagResult, LagSetup, good_lag_speeds, lag_start};
pub use lag_stats::{LagHistory, LagLog, LagSummary};
pub use live::LiveCount;
pub use save::{SavedMatch, SavedStroke};
pub use settings::{BallStyle, MAX_NAME_CHARS, MAX_PLAYERS, MatchSettings, Mode};

use crate::config::Config;
use crate::diagram::DIAGRAM_SAMPLE_HZ;
use crate::math::DVec2;
use crate::physics::{Kinematics, StrikeError, TableSim};
use crate::random::Rng;
use crate::rules::{
    Calls, JudgeError, LagError, LagOutcome, MatchSetup, Placement, PlayedStroke, Referee,
    ScoreSheet, Verdict, judge_lag, judge_lag_ball,
};
use crate::shot::{BallId, ShotEvent, ShotRecord, Stroke};
use crate::table::TableGeometry;
use drills::{DrillProgress, DrillRun};
use positions::{Miss, Position};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where play stands at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The players set up their lag strokes in turn (rule 5).
    Lag,
    LagRolling,
    /// The lag's outcome, with every automatic loss and distance.
    LagResult,
    /// The lag winner breaks or passes, and picks a cue ball (rules 4, 6).
    ChooseBreak,
    /// The breaker places the cue ball on the head string (rule 7).
    BreakSetup,
    Aiming,
    Rolling,
    /// The referee's verdict on the stroke.
    Verdict,
    /// Jumped balls go to their spots (rules 21, 26).
    Spotting,
    GameOver,
}

impl Phase {
    /// The lag (rule 5): set up, rolling or judged.
    pub fn is_lag(self) -> bool {
        matches!(self, Phase::Lag | Phase::LagRolling | Phase::LagResult)
    }
}

/// What the players decide.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Lag: move the ball of the player at the table (kept behind the head string, on
    /// their side).
    PlaceLagBall(DVec2),
    /// Lag: the player at the table has set up their stroke; it stays hidden until both
    /// balls are struck together.
    LagReady(Stroke),
    /// Lag training: lag from the other half of the table.
    SwitchLagHalf,
    /// Lag training: lag alone, against a computer lagger or against one's own best.
    LagAgainst(LagOpponent),
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
    /// Go on from what is shown (a lag result, a verdict, the spotting, the set-up).
    Continue,
    /// Play the same match again.
    Rematch,
    /// Practice: start again from this position (its lay-out, its cue ball), with a
    /// fresh score.
    SetUpPosition(Box<Position>),
    /// Practice: put `ball` at `at` (held on the bed; refused where it would touch
    /// another ball); play goes on from the new lay-out with a fresh score.
    PlaceBall { ball: BallId, at: DVec2 },
    /// Practice: play on with this cue ball (a white one).
    ChooseCueBall(BallId),
    /// Practice: play a drill, from its first position.
    StartDrill(Box<DrillProgress>),
    /// Practice: take the last stroke back, score and all, to the positions before it.
    Undo,
    /// Practice: play the stroke taken back again, as it went.
    Redo,
}

/// What happened, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Play entered this phase.
    Phase(Phase),
    /// Something happened on the table during a stroke, as it happened.
    Shot(ShotEvent),
    /// The referee judged the stroke: the last row of the score sheet.
    Verdict,
    /// The lag was judged: [`Play::lag`]'s result.
    LagJudged,
    /// Jumped balls were put on their spots.
    Spotted(Vec<Placement>),
    /// Practice: a drill is over; its run.
    DrillDone(DrillRun),
    /// Something to tell the players.
    Notice(Notice),
}

/// Something to tell the players that is not a verdict.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A stroke with the wrong ball was refused (rule 6).
    WrongBall {
        player: usize,
        ball: BallId,
    },
    /// The simulation refused the stroke.
    NoStroke(StrikeError),
    /// The simulation refused the lag's strokes.
    NoLag(StrikeError),
    /// The referee could not judge the stroke.
    CannotJudge(JudgeError),
    /// The referee could not judge the lag.
    CannotJudgeLag(LagError),
    /// Rule 22 was asked for before any stroke.
    NothingToRestore,
    /// Rule 22: the positions of before the last stroke are back.
    PositionsRestored,
    /// The save could not be written: why.
    SaveFailed(String),
    /// The old save could not be read: it was kept here.
    OldSaveKept(PathBuf),
    /// The old save could not be read nor moved aside: why.
    OldSaveStuck(String),
    /// The saved match cannot be replayed: why.
    CannotResume(String),
    /// Practice: no stroke to take back, or none to play again.
    NothingToUndo,
    NothingToRedo,
    /// The match cannot start with these settings: why.
    CannotStart(String),
    /// A practice position cannot be set up here: why.
    CannotSetUp(String),
}

/// The match proper, once the break is decided: its referee and every stroke judged.
/// Everything can be rebuilt by replaying the strokes, which is how a save resumes and
/// how rule 22 restores positions.
#[derive(Clone, Debug)]
struct Game {
    referee: Referee,
    strokes: Vec<PlayedStroke>,
    breaker: usize,
    breaker_ball: BallId,
    /// A practice position the game started from instead of the break's set-up.
    start_at: Option<BTreeMap<BallId, DVec2>>,
}

impl Game {
    /// A match with `breaker` breaking with `breaker_ball` (or, in practice, playing
    /// from the lay-out `start_at`), replaying `strokes` already played (none for a new
    /// match).
    fn start(
        config: &Config,
        settings: &MatchSettings,
        breaker: usize,
        breaker_ball: BallId,
        start_at: Option<BTreeMap<BallId, DVec2>>,
        strokes: Vec<PlayedStroke>,
    ) -> Result<Game, String> {
        let rules = config.games.game(&settings.game)?;
        let table = TableGeometry::new(&config.tables, Some(&settings.table), &config.balls)?;
        let setup = MatchSetup {
            players: settings.seated(),
            target: settings.target,
            innings_limit: settings.innings_limit,
            breaker,
            breaker_ball,
        };
        let mut referee =
            Referee::new(rules, &config.games.referee, table, setup).map_err(|e| e.to_string())?;
        if let Some(at) = &start_at {
            referee = referee.at_layout(at.clone()).map_err(|e| e.to_string())?;
        }
        let mut game = Game {
            referee,
            strokes: Vec::new(),
            breaker,
            breaker_ball,
            start_at,
        };
        for (i, stroke) in strokes.into_iter().enumerate() {
            game.judge(stroke)
                .map_err(|e| format!("stroke {}: {e}", i + 1))?;
        }
        Ok(game)
    }

    /// The same game from its start, with `strokes` played instead of its own.
    fn replayed(
        &self,
        config: &Config,
        settings: &MatchSettings,
        strokes: Vec<PlayedStroke>,
    ) -> Result<Game, String> {
        let start_at = self.start_at.clone();
        Game::start(
            config,
            settings,
            self.breaker,
            self.breaker_ball,
            start_at,
            strokes,
        )
    }

    fn judge(&mut self, stroke: PlayedStroke) -> Result<&Verdict, JudgeError> {
        self.referee.judge(&stroke)?;
        self.strokes.push(stroke);
        Ok(self.referee.last_verdict().expect("just judged"))
    }

    fn saved(&self, settings: &MatchSettings) -> SavedMatch {
        SavedMatch::new(
            settings.clone(),
            self.breaker,
            self.breaker_ball,
            &self.strokes,
        )
    }
}

/// One table in play: the simulation, the match on it and where play stands.
pub struct Play {
    config: Config,
    settings: MatchSettings,
    /// Where a hot-seat match is saved after every stroke.
    save_path: Option<PathBuf>,
    sim: TableSim,
    phase: Phase,
    game: Option<Game>,
    declared_safety: bool,
    lag: Lag,
    training: LagLog,
    notice: Option<Notice>,
    events: Vec<Event>,
    /// The stroke's shot events already sent out as [`Event::Shot`].
    streamed: usize,
    /// The last stroke or lag judged, with every ball's path (for trails, diagrams and
    /// the diamond readout).
    last_stroke: Option<ShotRecord>,
    /// Practice: the strokes taken back, the last taken back last.
    undone: Vec<PlayedStroke>,
    /// Lag training: whom the player lags against.
    opponent: LagOpponent,
    /// Practice: the drill under way.
    drill: Option<DrillProgress>,
    /// Practice: the position the lay-out was set up from (until a ball is moved).
    position: Option<Box<Position>>,
    /// Practice: whether the last stroke did what its position asks.
    target_result: Option<Result<(), Miss>>,
}

impl Play {
    /// A table set up for `settings`: the lag, or the break when there is none. A
    /// hot-seat match is saved at `save_path` (an unreadable save there is kept aside).
    pub fn new(config: &Config, settings: MatchSettings, save_path: Option<PathBuf>) -> Play {
        let mut play = Play::idle(config, settings, save_path);
        play.begin();
        play
    }

    /// The saved match, at the point it was saved.
    pub fn resume(config: &Config, saved: &SavedMatch, save_path: Option<PathBuf>) -> Play {
        let mut play = Play::idle(config, saved.settings.clone(), save_path);
        match Game::start(
            config,
            &saved.settings,
            saved.breaker,
            saved.breaker_ball,
            None,
            saved.strokes(),
        ) {
            Ok(game) => {
                let over = game.referee.is_over();
                play.game = Some(game);
                play.place_match_balls();
                play.enter(if over { Phase::GameOver } else { Phase::Aiming });
            }
            Err(e) => {
                play.tell(Notice::CannotResume(e));
                play.enter(Phase::GameOver);
            }
        }
        play
    }

    fn idle(config: &Config, settings: MatchSettings, save_path: Option<PathBuf>) -> Play {
        // The menu checked the preset; the default one always exists.
        let table = TableGeometry::new(&config.tables, Some(&settings.table), &config.balls)
            .or_else(|_| TableGeometry::new(&config.tables, None, &config.balls))
            .expect("the default preset exists");
        let save_path = save_path.filter(|_| settings.mode == Mode::Match);
        Play {
            config: config.clone(),
            sim: TableSim::new(config, table),
            settings,
            save_path,
            phase: Phase::Aiming,
            game: None,
            declared_safety: false,
            lag: Lag::default(),
            training: LagLog::default(),
            notice: None,
            events: Vec::new(),
            streamed: 0,
            last_stroke: None,
            undone: Vec::new(),
            opponent: LagOpponent::Alone,
            drill: None,
            position: None,
            target_result: None,
        }
    }

    // ----- views -----

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn settings(&self) -> &MatchSettings {
        &self.settings
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The simulation of the table: where the balls are.
    pub fn sim(&self) -> &TableSim {
        &self.sim
    }

    pub fn table(&self) -> &TableGeometry {
        self.sim.table()
    }

    /// A ball on the table now.
    pub fn ball(&self, ball: BallId) -> Option<Kinematics> {
        self.sim.ball(ball)
    }

    /// The match's referee, once the break is decided.
    pub fn referee(&self) -> Option<&Referee> {
        self.game.as_ref().map(|g| &g.referee)
    }

    /// The score sheet so far, once the break is decided.
    pub fn sheet(&self) -> Option<ScoreSheet> {
        self.referee().map(Referee::sheet)
    }

    /// The record of the last stroke or lag judged, with its paths sampled
    /// (`diagram::DIAGRAM_SAMPLE_HZ`; a lag's more often).
    pub fn last_stroke(&self) -> Option<&ShotRecord> {
        self.last_stroke.as_ref()
    }

    /// How `stroke` would play from where the balls are now: the same simulation that
    /// plays it, on a copy of the table (an aim aid). Its paths are sampled
    /// (`diagram::DIAGRAM_SAMPLE_HZ`) up to `sampled_until` s, to rest when that is
    /// infinite; with None the record has the events to rest and no paths. None for a
    /// stroke the table refuses.
    pub fn predict(&self, stroke: Stroke, sampled_until: Option<f64>) -> Option<ShotRecord> {
        let mut sim = TableSim::new(&self.config, self.sim.table().clone());
        sim.place(&self.sim.lay_out()).ok()?;
        sim.strike(&[stroke]).ok()?;
        Some(match sampled_until {
            None => sim.run_to_rest(None),
            Some(t) if t.is_infinite() => sim.run_to_rest(Some(DIAGRAM_SAMPLE_HZ)),
            Some(t) => {
                sim.sample_every(Some(DIAGRAM_SAMPLE_HZ));
                sim.advance_to(t);
                sim.record()
            }
        })
    }

    /// The referee's verdict on the last stroke.
    pub fn last_verdict(&self) -> Option<&Verdict> {
        self.referee().and_then(Referee::last_verdict)
    }

    /// The ball the player at the table aims with: their lag ball in the lag, else the
    /// shooter's cue ball (rule 6).
    pub fn cue_ball(&self) -> BallId {
        match (self.phase, self.lag.turn(), self.referee()) {
            (Phase::Lag, Some(turn), _) => turn.ball,
            (_, _, Some(referee)) => referee.cue_ball(),
            _ => BallId::White,
        }
    }

    /// The player at the table: the lagger setting up, else the shooter.
    pub fn player(&self) -> usize {
        match (self.phase, self.lag.turn(), self.referee()) {
            (Phase::Lag, Some(turn), _) => turn.player,
            (_, _, Some(referee)) => referee.shooter(),
            _ => 0,
        }
    }

    /// The name of player `i`.
    pub fn player_name(&self, i: usize) -> String {
        match (self.settings.mode, i, self.opponent) {
            (Mode::LagTraining, 1, LagOpponent::Computer { .. }) => "Computer".to_owned(),
            (Mode::LagTraining, 1, LagOpponent::Ghost) => "Ghost".to_owned(),
            _ => self
                .settings
                .seated()
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("Player {}", i + 1)),
        }
    }

    /// Lag training: whom the player lags against.
    pub fn lag_opponent(&self) -> LagOpponent {
        self.opponent
    }

    pub fn lag(&self) -> &Lag {
        &self.lag
    }

    /// Lag training's tally.
    pub fn training(&self) -> &LagLog {
        &self.training
    }

    /// The shooter has declared an intentional safety for the next stroke.
    pub fn declared_safety(&self) -> bool {
        self.declared_safety
    }

    /// The latest thing to tell the players, until a stroke is played.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// A stroke (or a lag stroke) can be played now: the player is at the table and
    /// every ball has stopped (rule 10 is the referee's; the game does not offer it).
    pub fn can_strike(&self) -> bool {
        matches!(self.phase, Phase::Aiming | Phase::BreakSetup | Phase::Lag) && self.sim.at_rest()
    }

    /// The player may move a ball by hand now: their lag ball, or the breaker's ball
    /// along the head string (rule 7).
    pub fn can_move_ball(&self) -> bool {
        match self.phase {
            Phase::Lag => true,
            Phase::BreakSetup => self
                .referee()
                .is_some_and(|r| r.game().breaker_on_head_string()),
            _ => false,
        }
    }

    /// The players may ask for rule 22 now.
    pub fn can_restore(&self) -> bool {
        matches!(self.phase, Phase::Aiming | Phase::BreakSetup)
    }

    /// The save of this match, once the break is decided.
    pub fn saved(&self) -> Option<SavedMatch> {
        self.game.as_ref().map(|g| g.saved(&self.settings))
    }

    /// What happened since the last call, in order.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    // ----- time and commands -----

    /// Advances the balls by `dt` seconds of the table's own time; when they stop, the
    /// referee judges the stroke (or the lag).
    pub fn advance(&mut self, dt: f64) {
        if !matches!(self.phase, Phase::Rolling | Phase::LagRolling) {
            return;
        }
        self.sim.advance(dt);
        self.stream_shot_events();
        if self.sim.at_rest() {
            let record = self.sim.record();
            if self.phase == Phase::Rolling {
                self.judge_stroke(record);
            } else {
                self.judge_lag(&record);
            }
        }
    }

    /// Applies what a player decided; a command the phase does not take is ignored.
    pub fn apply(&mut self, command: Command) {
        match (self.phase, command) {
            (Phase::Lag, Command::PlaceLagBall(p)) => self.place_lag_ball(p),
            (Phase::Lag, Command::LagReady(stroke)) => self.lag_ready(stroke),
            (Phase::Lag, Command::SwitchLagHalf) => self.switch_lag_half(),
            (Phase::Lag, Command::LagAgainst(opponent))
                if self.settings.mode == Mode::LagTraining =>
            {
                self.opponent = opponent;
                self.enter_lag();
            }
            (Phase::LagResult, Command::Continue) => {
                if self.lag.winner.is_some() {
                    self.enter(Phase::ChooseBreak);
                } else {
                    self.enter_lag();
                }
            }
            (Phase::ChooseBreak, Command::ChooseBreak { break_it, ball }) => {
                self.choose_break(break_it, ball)
            }
            (Phase::BreakSetup, Command::MoveBreakBall(offset)) => self.move_break_ball(offset),
            (Phase::BreakSetup, Command::Continue) => self.enter(Phase::Aiming),
            (Phase::BreakSetup | Phase::Aiming, Command::Strike(stroke)) => self.strike(stroke),
            (Phase::BreakSetup | Phase::Aiming, Command::DeclareSafety(declared)) => {
                self.declared_safety = declared
            }
            (Phase::BreakSetup | Phase::Aiming, Command::RestorePositions) => self.restore(),
            (Phase::Verdict, Command::Continue) => self.after_verdict(),
            (Phase::Spotting, Command::Continue) => self.spot_balls(),
            (Phase::GameOver, Command::Rematch) => self.begin(),
            (
                Phase::BreakSetup | Phase::Aiming | Phase::Verdict | Phase::GameOver,
                Command::StartDrill(drill),
            ) => self.start_drill(*drill),
            (
                Phase::BreakSetup | Phase::Aiming | Phase::Verdict | Phase::GameOver,
                Command::SetUpPosition(position),
            ) => {
                self.drill = None;
                self.set_up_position(&position)
            }
            (
                Phase::BreakSetup | Phase::Aiming | Phase::Verdict | Phase::GameOver,
                Command::PlaceBall { ball, at },
            ) => {
                self.drill = None;
                self.place_ball(ball, at)
            }
            (
                Phase::BreakSetup | Phase::Aiming | Phase::Verdict | Phase::GameOver,
                Command::ChooseCueBall(ball),
            ) => {
                self.drill = None;
                self.choose_cue_ball(ball)
            }
            (
                Phase::BreakSetup | Phase::Aiming | Phase::Verdict | Phase::GameOver,
                Command::Undo,
            ) => {
                self.drill = None;
                self.undo()
            }
            (
                Phase::BreakSetup | Phase::Aiming | Phase::Verdict | Phase::GameOver,
                Command::Redo,
            ) => {
                self.drill = None;
                self.redo()
            }
            _ => {}
        }
    }

    // ----- the flow -----

    fn enter(&mut self, phase: Phase) {
        self.phase = phase;
        self.events.push(Event::Phase(phase));
    }

    fn tell(&mut self, notice: Notice) {
        self.notice = Some(notice.clone());
        self.events.push(Event::Notice(notice));
    }

    /// The first phase: the lag, or straight to the break (three players, or a game
    /// without a lag: the order named, the first player breaks with the white in place
    /// of rule 4's coin toss).
    fn begin(&mut self) {
        self.game = None;
        self.declared_safety = false;
        let lags = self
            .config
            .games
            .games
            .get(&self.settings.game)
            .is_some_and(|g| g.lag);
        let lag = match self.settings.mode {
            Mode::LagTraining => true,
            Mode::Match => lags && self.settings.seated().len() == 2,
            Mode::Practice => false,
        };
        if lag {
            self.enter_lag();
        } else {
            self.start_match(0, BallId::White);
        }
    }

    fn enter_lag(&mut self) {
        let training = self.settings.mode == Mode::LagTraining;
        let players = if training && self.opponent != LagOpponent::Alone {
            2
        } else {
            self.settings.seated().len().min(2)
        };
        let before = std::mem::take(&mut self.lag.setups);
        self.lag = Lag::new(self.sim.table(), players);
        if training && let Some(last) = before.first() {
            // The half and the place of the last lag stay for the next; an opponent
            // lags from the other half.
            self.lag.setups[0].side = last.side;
            self.lag.setups[0].position = last.position;
            if let Some(opponent) = self.lag.setups.get_mut(1)
                && opponent.side == last.side
            {
                opponent.side = last.side.other();
                opponent.position.y = -opponent.position.y;
            }
        }
        self.place_lag_balls();
        self.enter(Phase::Lag);
    }

    /// Lag training: the opponent's stroke, set up when the player is ready: the
    /// computer's aimed at the middle of the good lags with its error drawn, or the
    /// player's best lag mirrored (the computer's while there is none).
    fn opponent_stroke(&self, opponent: &LagSetup) -> (Stroke, DVec2) {
        let table = self.sim.table();
        if self.opponent == LagOpponent::Ghost
            && let Some((stroke, [x, y])) = self.training.best().and_then(|a| a.stroke)
        {
            // Onto the opponent's half: mirrored across the long axis when it was
            // lagged from the other one.
            let same_half = (y > 0.0) == (opponent.side == crate::rules::Side::Left);
            let flip = if same_half { 1.0 } else { -1.0 };
            let ghost = Stroke {
                ball: opponent.ball,
                direction_deg: flip * stroke.direction_deg,
                side: flip * stroke.side,
                ..stroke
            };
            return (ghost, DVec2::new(x, flip * y));
        }
        let spread = match self.opponent {
            LagOpponent::Computer { spread } => spread,
            _ => 0.05,
        };
        let level = Stroke::new(opponent.ball, 0.0, 1.0);
        let middle = good_lag_speeds(
            &self.config,
            table,
            &level,
            opponent.position,
            GOOD_LAG_BAND_M,
        )
        .map_or(1.2, |(lo, hi)| (lo + hi) / 2.0);
        let seed = self.training.attempts.len() as u64 + 1;
        let speed = (middle * (1.0 + spread * Rng(seed).normal())).max(0.1);
        (Stroke { speed, ..level }, opponent.position)
    }

    /// Lag training: lag from the other half, the ball mirrored across the long axis.
    fn switch_lag_half(&mut self) {
        if self.settings.mode != Mode::LagTraining {
            return;
        }
        let Some(turn) = self.lag.turn_mut() else {
            return;
        };
        turn.side = turn.side.other();
        turn.position.y = -turn.position.y;
        self.place_lag_balls();
    }

    fn place_lag_balls(&mut self) {
        // Rule 5's exception: four-ball's red is not on the foot spot for the lag.
        let with_red = self
            .config
            .games
            .games
            .get(&self.settings.game)
            .is_none_or(|g| !g.has_red2());
        let positions = self.lag.positions(self.sim.table(), with_red);
        self.place(&positions);
    }

    fn place_lag_ball(&mut self, p: DVec2) {
        let table = self.sim.table().clone();
        let Some(turn) = self.lag.turn_mut() else {
            return;
        };
        let (lo, hi) = lag::lag_area(&table, turn.side);
        turn.position = p.clamp(lo, hi);
        self.place_lag_balls();
    }

    fn lag_ready(&mut self, stroke: Stroke) {
        let Some(turn) = self.lag.turn_mut() else {
            return;
        };
        turn.stroke = Some(Stroke {
            ball: turn.ball,
            ..stroke
        });
        if self.settings.mode == Mode::LagTraining
            && let Some(opponent) = self.lag.turn().cloned()
        {
            let (stroke, from) = self.opponent_stroke(&opponent);
            if let Some(turn) = self.lag.turn_mut() {
                turn.stroke = Some(stroke);
                turn.position = from;
            }
            self.place_lag_balls();
        }
        if self.lag.turn().is_some() {
            return;
        }
        let strokes: Vec<Stroke> = self.lag.setups.iter().filter_map(|l| l.stroke).collect();
        self.sim.sample_every(Some(lag::LAG_SAMPLE_HZ));
        match self.sim.strike(&strokes) {
            Ok(()) => {
                self.notice = None;
                self.streamed = 0;
                self.enter(Phase::LagRolling);
            }
            Err(e) => {
                self.sim.sample_every(None);
                for l in &mut self.lag.setups {
                    l.stroke = None;
                }
                self.tell(Notice::NoLag(e));
            }
        }
    }

    /// The balls have stopped: rule 5's judgement (or one ball's, in training).
    fn judge_lag(&mut self, record: &ShotRecord) {
        self.sim.sample_every(None);
        self.last_stroke = Some(record.clone());
        let table = self.sim.table().clone();
        let laggers = self.lag.laggers();
        let result = match laggers.as_slice() {
            [one] => judge_lag_ball(&table, *one, record).map(LagResult::Training),
            [a, b] => self
                .config
                .games
                .game(&self.settings.game)
                .map_err(|_| LagError::NoLag)
                .and_then(|game| {
                    judge_lag(
                        game,
                        &table,
                        self.config.games.referee.lag_tolerance_mm,
                        [*a, *b],
                        record,
                    )
                })
                .map(LagResult::Match),
            _ => Err(LagError::Balls),
        };
        match result {
            Ok(result) => {
                let training = self.settings.mode == Mode::LagTraining;
                if training {
                    // The player's own lag, judged alone or against an opponent.
                    let own = self.lag.setups[0].clone();
                    let ball = match &result {
                        LagResult::Match(v) => v.balls.iter().find(|b| b.ball == own.ball),
                        LagResult::Training(ball) => Some(ball),
                    };
                    if let (Some(ball), Some(stroke)) = (ball, own.stroke) {
                        self.training.add(ball, stroke, own.position);
                    }
                }
                self.lag.winner = match &result {
                    LagResult::Match(v) if !training => match v.outcome {
                        LagOutcome::Winner(i) => Some(self.lag.setups[i].player),
                        LagOutcome::Repeat(_) => None,
                    },
                    _ => None,
                };
                self.lag.result = Some(result);
                self.events.push(Event::LagJudged);
            }
            Err(e) => self.tell(Notice::CannotJudgeLag(e)),
        }
        self.enter(Phase::LagResult);
    }

    /// Rules 4 and 6: the lag winner breaks or passes the break, and picks the cue ball
    /// they play all game; the other player has the other white.
    fn choose_break(&mut self, break_it: bool, ball: BallId) {
        let (Some(winner), Some(other_ball)) = (self.lag.winner, ball.other_white()) else {
            return;
        };
        let (breaker, breaker_ball) = if break_it {
            (winner, ball)
        } else {
            (1 - winner, other_ball)
        };
        self.start_match(breaker, breaker_ball);
    }

    /// Starts the match proper: the referee, the break set-up (rule 7), the first save.
    fn start_match(&mut self, breaker: usize, breaker_ball: BallId) {
        match Game::start(
            &self.config,
            &self.settings,
            breaker,
            breaker_ball,
            None,
            Vec::new(),
        ) {
            Ok(game) => {
                self.game = Some(game);
                self.declared_safety = false;
                self.place_match_balls();
                if let Some(path) = self.save_path.clone()
                    && SavedMatch::read(&path).is_err()
                {
                    // A save that cannot be read is kept, never overwritten.
                    match keep_aside(&path) {
                        Ok(aside) => self.tell(Notice::OldSaveKept(aside)),
                        Err(e) => self.tell(Notice::OldSaveStuck(e)),
                    }
                }
                self.save();
                self.enter(Phase::BreakSetup);
            }
            Err(e) => {
                self.tell(Notice::CannotStart(e));
                self.enter(Phase::GameOver);
            }
        }
    }

    /// Practice from a position: a fresh game of the session's, from the position's
    /// lay-out with its cue ball. A position of another game, one without a ball the
    /// game plays, or one that does not fit the table is refused and play stays as it was.
    fn set_up_position(&mut self, position: &Position) {
        if position.game != self.settings.game {
            return self.tell(Notice::CannotSetUp(format!(
                "\"{}\" is a position of {}, not of this game",
                position.name, position.game
            )));
        }
        let at: BTreeMap<BallId, DVec2> = position
            .balls
            .iter()
            .map(|b| (b.ball, DVec2::new(b.x, b.y)))
            .collect();
        match self.set_up_layout(at, position.cue_ball) {
            Ok(()) => self.position = Some(Box::new(position.clone())),
            Err(e) => self.tell(Notice::CannotSetUp(format!("{}: {e}", position.name))),
        }
    }

    /// Practice: the balls where they stand, `ball` moved to `at` on the bed.
    fn place_ball(&mut self, ball: BallId, at: DVec2) {
        let limits = self.sim.table().centre_limits();
        let at = at.clamp(-limits, limits);
        let mut layout = self.layout();
        if !layout.contains_key(&ball) {
            return;
        }
        let touching = layout
            .iter()
            .any(|(&b, p)| b != ball && p.distance(at) < 2.0 * self.sim.table().ball_radius);
        if touching {
            return self.tell(Notice::CannotSetUp("the balls would touch".into()));
        }
        layout.insert(ball, at);
        let cue_ball = self.cue_ball();
        if let Err(e) = self.set_up_layout(layout, cue_ball) {
            self.tell(Notice::CannotSetUp(e));
        }
    }

    /// Practice: the same lay-out played with another white.
    fn choose_cue_ball(&mut self, ball: BallId) {
        if !matches!(ball, BallId::White | BallId::Dotted) {
            return self.tell(Notice::CannotSetUp("the cue ball is a white one".into()));
        }
        if let Err(e) = self.set_up_layout(self.layout(), ball) {
            self.tell(Notice::CannotSetUp(e));
        }
    }

    /// Where the balls stand now.
    fn layout(&self) -> BTreeMap<BallId, DVec2> {
        self.sim.lay_out().into_iter().collect()
    }

    /// Practice from a lay-out: a fresh game from it with `cue_ball`; a lay-out the
    /// game or the table refuses leaves play as it was.
    fn set_up_layout(
        &mut self,
        at: BTreeMap<BallId, DVec2>,
        cue_ball: BallId,
    ) -> Result<(), String> {
        if self.settings.mode != Mode::Practice {
            return Err("balls are placed in practice only".into());
        }
        let placed: Vec<(BallId, DVec2)> = at.iter().map(|(&b, &p)| (b, p)).collect();
        let game = Game::start(
            &self.config,
            &self.settings,
            0,
            cue_ball,
            Some(at),
            Vec::new(),
        )?;
        self.sim.place(&placed).map_err(|e| e.to_string())?;
        self.game = Some(game);
        self.declared_safety = false;
        // A new lay-out: no longer the position's, unless the caller says so. The last
        // stroke stays, to replay or save.
        self.position = None;
        self.target_result = None;
        self.undone.clear();
        self.notice = None;
        self.enter(Phase::Aiming);
        Ok(())
    }

    /// Practice: a drill from its first position (of the session's game).
    fn start_drill(&mut self, drill: DrillProgress) {
        if drill.drill.game != self.settings.game {
            return self.tell(Notice::CannotSetUp(format!(
                "the drill \"{}\" is for {}",
                drill.drill.name, drill.drill.game
            )));
        }
        let first = drill.current().clone();
        self.drill = None;
        self.set_up_position(&first);
        if self.phase == Phase::Aiming && self.notice.is_none() {
            self.drill = Some(drill);
        }
    }

    /// The drill under way in practice.
    pub fn drill(&self) -> Option<&DrillProgress> {
        self.drill.as_ref()
    }

    /// Practice: whether the last stroke did what the position it was played from asks
    /// (None without a position, or before its stroke).
    pub fn target_result(&self) -> Option<&Result<(), Miss>> {
        self.target_result.as_ref()
    }

    /// The stroke last taken back (practice), to play again.
    pub fn undone(&self) -> Option<&PlayedStroke> {
        self.undone.last()
    }

    /// Practice: the game replayed without its last stroke, the balls where they stood
    /// before it.
    fn undo(&mut self) {
        if self.settings.mode != Mode::Practice {
            return;
        }
        let Some(game) = &self.game else { return };
        let mut strokes = game.strokes.clone();
        let Some(last) = strokes.pop() else {
            return self.tell(Notice::NothingToUndo);
        };
        if self.replay_practice(strokes) {
            self.undone.push(last);
        }
    }

    /// Practice: the stroke taken back, judged again as it went.
    fn redo(&mut self) {
        if self.settings.mode != Mode::Practice {
            return;
        }
        let (Some(game), Some(stroke)) = (&self.game, self.undone.last()) else {
            return self.tell(Notice::NothingToRedo);
        };
        let mut strokes = game.strokes.clone();
        strokes.push(stroke.clone());
        if self.replay_practice(strokes) {
            self.undone.pop();
        }
    }

    /// Rebuilds the practice game from its start with `strokes`, the balls where they
    /// stand after them; whether it could.
    fn replay_practice(&mut self, strokes: Vec<PlayedStroke>) -> bool {
        let Some(game) = &self.game else { return false };
        let last = strokes.last().map(|s| s.record.clone());
        let first = strokes.is_empty() && game.start_at.is_none();
        match game.replayed(&self.config, &self.settings, strokes) {
            Ok(game) => {
                let over = game.referee.is_over();
                self.game = Some(game);
                self.place_match_balls();
                self.last_stroke = last;
                self.notice = None;
                self.enter(if over {
                    Phase::GameOver
                } else if first {
                    Phase::BreakSetup
                } else {
                    Phase::Aiming
                });
                true
            }
            Err(e) => {
                self.tell(Notice::CannotResume(e));
                false
            }
        }
    }

    /// Rule 7: the breaker moves their ball along the head string, within six inches of
    /// the head spot; the other balls stand where the set-up put them. Four-ball's own
    /// set-up has no such segment.
    fn move_break_ball(&mut self, offset: f64) {
        let Some(referee) = self.referee() else {
            return;
        };
        if !referee.game().breaker_on_head_string() {
            return;
        }
        let table = referee.table();
        let ball = referee.cue_ball();
        let mut positions = referee.positions().clone();
        let Some(at) = positions.get_mut(&ball) else {
            return;
        };
        *at = table.break_position(offset);
        let at = *at;
        let clear = positions
            .iter()
            .filter(|(b, _)| **b != ball)
            .all(|(_, p)| p.distance(at) >= 2.0 * table.ball_radius);
        if clear {
            let positions: Vec<(BallId, DVec2)> = positions.into_iter().collect();
            self.place(&positions);
        }
    }

    fn strike(&mut self, stroke: Stroke) {
        let Some(referee) = self.referee() else {
            return;
        };
        if stroke.ball != referee.cue_ball() {
            let (player, ball) = (referee.shooter(), referee.cue_ball());
            self.tell(Notice::WrongBall { player, ball });
            return;
        }
        self.sim.sample_every(Some(DIAGRAM_SAMPLE_HZ));
        match self.sim.strike(&[stroke]) {
            Ok(()) => {
                self.undone.clear();
                self.notice = None;
                self.target_result = None;
                self.streamed = 0;
                self.stream_shot_events();
                self.enter(Phase::Rolling);
            }
            Err(e) => {
                self.sim.sample_every(None);
                self.tell(Notice::NoStroke(e));
            }
        }
    }

    /// The balls have stopped: the referee judges the stroke; the match is saved.
    fn judge_stroke(&mut self, mut record: ShotRecord) {
        self.sim.sample_every(None);
        self.last_stroke = Some(record.clone());
        // The paths are for the table; the match (and its save) keeps the events.
        record.trajectories.clear();
        let stroke = PlayedStroke {
            record,
            declared_safety: std::mem::take(&mut self.declared_safety),
            calls: Calls::default(),
        };
        let Some(game) = self.game.as_mut() else {
            return;
        };
        match game.judge(stroke) {
            Ok(verdict) => {
                let points = verdict.points;
                self.save();
                self.events.push(Event::Verdict);
                self.check_target(points);
                self.enter(Phase::Verdict);
            }
            Err(e) => {
                self.tell(Notice::CannotJudge(e));
                self.enter(Phase::Aiming);
            }
        }
    }

    /// Practice from a position (a drill's or one set up): whether the stroke did what
    /// the position asks; a drill's attempt counted, its run told when it is over.
    fn check_target(&mut self, points: u32) {
        let position = self
            .drill
            .as_ref()
            .map(|d| d.current())
            .or(self.position.as_deref());
        let (Some(position), Some(record)) = (position, self.last_stroke.as_ref()) else {
            return;
        };
        let result = position.check(record, points);
        let made = result.is_ok();
        self.target_result = Some(result);
        let Some(drill) = self.drill.as_mut() else {
            return;
        };
        if drill.attempted(made) {
            let run = drill.run.clone();
            self.drill = None;
            self.events.push(Event::DrillDone(run));
        }
    }

    fn after_verdict(&mut self) {
        if let Some(position) = self.drill.as_ref().map(|d| d.current().clone()) {
            // The drill's next attempt, from its position again.
            return self.set_up_position(&position);
        }
        let Some(verdict) = self.last_verdict() else {
            return;
        };
        let next = if !verdict.spot.is_empty() {
            Phase::Spotting
        } else if verdict.game_over() {
            Phase::GameOver
        } else {
            Phase::Aiming
        };
        self.enter(next);
    }

    /// Rules 21 and 26: the jumped balls go to their spots.
    fn spot_balls(&mut self) {
        let Some(verdict) = self.last_verdict() else {
            return;
        };
        let spotted = verdict.spot.clone();
        let over = self.referee().is_some_and(Referee::is_over);
        self.place_match_balls();
        self.events.push(Event::Spotted(spotted));
        self.enter(if over { Phase::GameOver } else { Phase::Aiming });
    }

    /// Rule 22: the last stroke was disturbed from outside; the referee takes it back
    /// and the balls return to where they were before it, with no penalty.
    fn restore(&mut self) {
        let Some(game) = &self.game else {
            return;
        };
        let mut strokes = game.strokes.clone();
        let Some(last) = strokes
            .iter_mut()
            .rev()
            .find(|s| !s.calls.outside_interference)
        else {
            self.tell(Notice::NothingToRestore);
            return;
        };
        last.calls.outside_interference = true;
        match game.replayed(&self.config, &self.settings, strokes) {
            Ok(restored) => {
                self.game = Some(restored);
                self.place_match_balls();
                self.save();
                self.tell(Notice::PositionsRestored);
                self.enter(Phase::Aiming);
            }
            Err(e) => self.tell(Notice::CannotResume(e)),
        }
    }

    /// Writes the save (hot-seat matches only); a failure is told, play goes on.
    fn save(&mut self) {
        let (Some(path), Some(saved)) = (self.save_path.clone(), self.saved()) else {
            return;
        };
        if let Err(e) = saved.write(&path) {
            self.tell(Notice::SaveFailed(e));
        }
    }

    /// Puts the balls at rest where the referee has them; balls not listed leave the
    /// table.
    fn place_match_balls(&mut self) {
        let Some(referee) = self.referee() else {
            return;
        };
        let positions: Vec<(BallId, DVec2)> =
            referee.positions().iter().map(|(&b, &p)| (b, p)).collect();
        self.place(&positions);
    }

    fn place(&mut self, positions: &[(BallId, DVec2)]) {
        // The referee and the lag only ever ask for lay-outs that fit the table.
        if let Err(e) = self.sim.place(positions) {
            panic!("a lay-out of the match does not fit the table: {e}");
        }
    }

    /// Sends out the stroke's shot events not yet sent.
    fn stream_shot_events(&mut self) {
        let events = self.sim.events();
        for event in &events[self.streamed.min(events.len())..] {
            self.events.push(Event::Shot(event.clone()));
        }
        self.streamed = events.len();
    }
}

/// What the save on disk offers the menu.
#[derive(Clone, Debug)]
pub enum Resumable {
    Nothing,
    /// The saved match has ended: nothing to play on.
    Finished(SavedMatch),
    Ready(SavedMatch),
    /// The save cannot be read or replayed: why (the file is left as it is).
    Unreadable(String),
}

impl Resumable {
    /// Reads the save at `path` and replays it to see whether it can go on.
    pub fn check(config: &Config, path: &Path) -> Resumable {
        match SavedMatch::read(path) {
            Ok(None) => Resumable::Nothing,
            Err(e) => Resumable::Unreadable(e),
            Ok(Some(saved)) => match Game::start(
                config,
                &saved.settings,
                saved.breaker,
                saved.breaker_ball,
                None,
                saved.strokes(),
            ) {
                Err(e) => Resumable::Unreadable(format!("{}: {e}", path.display())),
                Ok(game) if game.referee.is_over() => Resumable::Finished(saved),
                Ok(_) => Resumable::Ready(saved),
            },
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
