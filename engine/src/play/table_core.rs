//! The table core every mode plays on: the simulation, the match's referee once the
//! break is decided, where play stands, the event stream, the last stroke and the save.
//! It plays and judges strokes, spots balls and restores positions (rule 22) the same
//! way in every mode; the modes (`match_play`, `practice`, `lag_training`) decide what
//! comes before and after.

use super::refereed::Refereed;
use super::refereed::StartError;
use super::shot_clock::{ClockTick, StrokeClock};
use super::{
    Command, Event, MatchEnding, MatchSettings, Notice, Phase, SavedMatch, SavedPhase, StrokeTime,
    keep_aside,
};
use crate::config::Config;
use crate::diagram::DIAGRAM_SAMPLE_HZ;
use crate::math::DVec2;
use crate::physics::{Kinematics, TableSim};
use crate::rules::{Calls, PlayedStroke, Referee, Remark, ScoreSheet, Verdict};
use crate::shot::{BallId, ShotRecord, Stroke};
use crate::table::TableGeometry;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// One table in play, whatever the mode.
pub struct TableCore {
    config: Config,
    settings: MatchSettings,
    /// Where a hot-seat match is saved whenever play moves on.
    save_path: Option<PathBuf>,
    /// What was last written there (None: nothing yet this session, so an old save
    /// that cannot be read is still to be kept aside).
    last_saved: Option<SavedMatch>,
    pub(super) sim: TableSim,
    phase: Phase,
    pub(super) game: Option<Refereed>,
    declared_safety: bool,
    /// How the game ended before it was played out, if it did (saved with it).
    pub(super) ended: Option<MatchEnding>,
    /// Rule 7: how far left of the head spot the breaker put their ball along the head
    /// string before the break, m (None: not moved); saved, as rule 22 may restore the
    /// break's lay-out.
    break_offset_m: Option<f64>,
    pub(super) notice: Option<Notice>,
    events: Vec<Event>,
    /// The stroke's shot events already sent out as [`Event::Shot`].
    streamed: usize,
    /// The last stroke or lag judged, with every ball's path (for trails, diagrams and
    /// the diamond readout).
    pub(super) last_stroke: Option<ShotRecord>,
    /// The shot clock, where the format (or practice's setting) has one.
    clock: Option<StrokeClock>,
    /// Online: the clock's end is the shooter's side's to say (`Command::TimedOut`),
    /// not this one's to judge.
    clock_by_the_table: bool,
    /// Online: the time the next stroke is judged with, as its shooter's side said it.
    next_stroke_time: Option<StrokeTime>,
}

impl TableCore {
    /// A table for `settings`, the balls not yet placed; a match saved at `save_path`.
    pub(super) fn new(
        config: &Config,
        settings: MatchSettings,
        save_path: Option<PathBuf>,
    ) -> TableCore {
        // The menu checked the preset; the default one always exists.
        let table = TableGeometry::new(&config.tables, Some(&settings.table), &config.balls)
            .or_else(|_| TableGeometry::new(&config.tables, None, &config.balls))
            .expect("the default preset exists");
        let clock = settings.shot_clock(config).map(StrokeClock::new);
        // The table's condition in place of the fitted cloth and cushions (the settings
        // were checked: an unknown one plays the fitted physics).
        let config = &config
            .with_condition(settings.condition.as_deref())
            .unwrap_or_else(|_| config.clone());
        TableCore {
            clock,
            clock_by_the_table: false,
            next_stroke_time: None,
            config: config.clone(),
            sim: TableSim::watched(config, table),
            settings,
            save_path,
            last_saved: None,
            phase: Phase::Aiming,
            game: None,
            declared_safety: false,
            ended: None,
            break_offset_m: None,
            notice: None,
            events: Vec::new(),
            streamed: 0,
            last_stroke: None,
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

    /// How many strokes of this game the referee has judged.
    pub fn strokes_judged(&self) -> usize {
        self.game.as_ref().map_or(0, |g| g.strokes.len())
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
        sim.strike(&[stroke], sampled_until.map(|_| DIAGRAM_SAMPLE_HZ))
            .ok()?;
        Some(match sampled_until {
            Some(t) if t.is_finite() => {
                sim.advance_to(t);
                sim.record()
            }
            _ => sim.run_to_rest(),
        })
    }

    /// The referee's verdict on the last stroke.
    pub fn last_verdict(&self) -> Option<&Verdict> {
        self.referee().and_then(Referee::last_verdict)
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

    /// What happened since the last call, in order.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Where the balls stand now.
    pub(super) fn layout(&self) -> BTreeMap<BallId, DVec2> {
        self.sim.lay_out().into_iter().collect()
    }

    // ----- the flow every mode shares -----

    pub(super) fn enter(&mut self, phase: Phase) {
        // The clock starts when every ball has stopped: a break set-up, or a stroke to
        // play after anything but the set-up.
        let fresh = phase == Phase::BreakSetup
            || (phase == Phase::Aiming && self.phase != Phase::BreakSetup);
        if let Some(clock) = self.clock.as_mut().filter(|_| fresh) {
            clock.restart();
        }
        self.phase = phase;
        self.events.push(Event::Phase(phase));
    }

    /// The shot clock of the stroke being prepared, where there is one.
    pub fn clock(&self) -> Option<&StrokeClock> {
        self.clock.as_ref()
    }

    /// The shooter's time-outs left, the one called for this stroke already counted
    /// (None: the match has none).
    pub fn time_outs_left(&self) -> Option<u32> {
        let referee = self.referee()?;
        let left = referee.time_outs_left(referee.shooter())?;
        let called = self.clock.as_ref().is_some_and(StrokeClock::time_out);
        Some(left.saturating_sub(u32::from(called)))
    }

    /// `dt` seconds pass on the shot clock while the shooter prepares their stroke;
    /// whether it ran out (the referee then judged the stroke that was not played: its
    /// verdict is entered, for the mode to save).
    pub(super) fn tick_clock(&mut self, dt: f64) -> bool {
        let preparing = matches!(self.phase, Phase::BreakSetup | Phase::Aiming);
        let in_play = self.referee().is_some_and(|r| !r.is_over());
        let left = self.time_outs_left().unwrap_or(0);
        let Some(clock) = self.clock.as_mut().filter(|_| preparing && in_play) else {
            return false;
        };
        let tick = clock.tick(dt, left);
        if tick != ClockTick::Running {
            self.events.push(Event::Clock(tick));
        }
        if tick != ClockTick::RanOut || self.clock_by_the_table {
            return false;
        }
        let time = self.stroke_time();
        self.timed_out(time)
    }

    /// The clock ran out on the stroke, `time` taken over it: the referee judges the
    /// stroke not played, its verdict entered; whether it was judged.
    fn timed_out(&mut self, time: StrokeTime) -> bool {
        let stroke = PlayedStroke {
            calls: Calls {
                timed_out: true,
                time_out: time.time_out,
                ..Calls::default()
            },
            thinking_s: time.thinking_s,
            ..PlayedStroke::default()
        };
        self.declared_safety = false;
        // No stroke was played: nothing to tell of the one before, nor to draw.
        self.last_stroke = None;
        let judged = self.judge(stroke).is_some();
        if judged {
            self.enter(Phase::Verdict);
        }
        judged
    }

    /// The stroke being prepared's time on the shot clock (nothing without one).
    fn stroke_time(&self) -> StrokeTime {
        self.clock
            .as_ref()
            .map_or_else(StrokeTime::default, StrokeClock::time)
    }

    /// Online: the clock runs here to be shown; its end is the table's to say.
    pub(super) fn follow_the_tables_clock(&mut self) {
        self.clock_by_the_table = true;
    }

    /// Calls a time-out for the stroke being prepared, if the shooter has one.
    fn call_time_out(&mut self) {
        let left = self.time_outs_left().unwrap_or(0);
        if let Some(clock) = self.clock.as_mut() {
            clock.call_time_out(left);
        }
    }

    pub(super) fn tell(&mut self, notice: Notice) {
        self.notice = Some(notice.clone());
        self.events.push(Event::Notice(notice));
    }

    pub(super) fn push(&mut self, event: Event) {
        self.events.push(event);
    }

    /// The command every mode takes the same way, in the phase that takes it; a command
    /// the phase does not take is ignored.
    pub(super) fn apply(&mut self, command: Command) {
        match (self.phase, command) {
            (Phase::BreakSetup, Command::MoveBreakBall(offset)) => self.move_break_ball(offset),
            (Phase::BreakSetup, Command::Continue) => self.enter(Phase::Aiming),
            (Phase::BreakSetup | Phase::Aiming, Command::Strike(stroke)) => {
                self.strike(stroke);
            }
            (Phase::BreakSetup | Phase::Aiming, Command::DeclareSafety(declared)) => {
                self.declared_safety = declared
            }
            (Phase::BreakSetup | Phase::Aiming, Command::RestorePositions) => self.restore(),
            (Phase::BreakSetup | Phase::Aiming, Command::TimeOut) => self.call_time_out(),
            (Phase::BreakSetup | Phase::Aiming, Command::TimedOut(time)) => {
                self.timed_out(time);
            }
            (Phase::BreakSetup | Phase::Aiming, Command::TableClock(time)) => {
                self.next_stroke_time = Some(time);
            }
            (Phase::Verdict, Command::Continue) => self.after_verdict(),
            (Phase::Spotting, Command::Continue) => self.spot_balls(),
            _ => {}
        }
    }

    /// Advances the balls by `dt` seconds of the table's own time; the record once they
    /// have all stopped (a stroke's or a lag's, as the phase says), for the mode to have
    /// judged.
    pub(super) fn advance(&mut self, dt: f64) -> Option<ShotRecord> {
        if !matches!(self.phase, Phase::Rolling | Phase::LagRolling) {
            return None;
        }
        self.sim.advance(dt);
        self.stream_shot_events();
        self.sim.at_rest().then(|| self.sim.record())
    }

    /// The balls stopped where `record` (played elsewhere) leaves them on the table.
    pub(super) fn stop_as(&mut self, record: &ShotRecord) {
        let positions: Vec<(BallId, DVec2)> = record
            .final_positions
            .iter()
            .filter(|(_, p)| p.on_table)
            .map(|(&b, p)| (b, DVec2::new(p.x, p.y)))
            .collect();
        // A record that does not fit the table leaves the balls where they are: it is
        // judged all the same.
        let _ = self.sim.place(&positions);
    }

    /// The game proper from the break: the referee for `breaker` with `breaker_ball`,
    /// the balls where its set-up puts them (rule 7), the first save; a game the
    /// settings cannot start ends play at once, told why.
    pub(super) fn start_from_the_break(&mut self, breaker: usize, breaker_ball: BallId) {
        self.clear_game();
        let game = Refereed::start(
            &self.config,
            &self.settings,
            breaker,
            breaker_ball,
            None,
            Vec::new(),
            &[],
        );
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                self.tell(Notice::CannotStart(e));
                return self.enter(Phase::GameOver);
            }
        };
        self.replace_game(game);
        self.enter(Phase::BreakSetup);
    }

    /// The game replaced by `game` (resumed, replayed or restored), the balls where it
    /// has them.
    pub(super) fn replace_game(&mut self, game: Refereed) {
        self.game = Some(game);
        self.place_match_balls();
    }

    /// No game yet: the table before its lag or break.
    pub(super) fn clear_game(&mut self) {
        self.game = None;
        self.declared_safety = false;
        self.break_offset_m = None;
    }

    /// Rule 7: the breaker moves their ball along the head string, within six inches of
    /// the head spot (`Refereed::move_break_ball`); the balls stand where the game has them.
    pub(super) fn move_break_ball(&mut self, offset: f64) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if let Some(offset) = game.move_break_ball(offset) {
            self.break_offset_m = Some(offset);
            self.place_match_balls();
        }
    }

    /// The break's offset as a resumed match had it (the game has it applied).
    pub(super) fn resume_break_offset(&mut self, offset: Option<f64>) {
        self.break_offset_m = offset;
    }

    /// Plays `stroke` with the shooter's cue ball; whether the balls are rolling.
    pub(super) fn strike(&mut self, stroke: Stroke) -> bool {
        let Some(referee) = self.referee() else {
            return false;
        };
        if stroke.ball != referee.cue_ball() {
            let (player, ball) = (referee.shooter(), referee.cue_ball());
            self.tell(Notice::WrongBall { player, ball });
            return false;
        }
        match self.roll(&[stroke], DIAGRAM_SAMPLE_HZ) {
            Ok(()) => {
                self.stream_shot_events();
                self.enter(Phase::Rolling);
                true
            }
            Err(e) => {
                self.tell(Notice::NoStroke(e));
                false
            }
        }
    }

    /// Strikes `strokes` together, the paths sampled `sample_hz` times a second until
    /// the balls stop.
    pub(super) fn roll(
        &mut self,
        strokes: &[Stroke],
        sample_hz: f64,
    ) -> Result<(), crate::physics::StrikeError> {
        self.sim.strike(strokes, Some(sample_hz))?;
        self.notice = None;
        self.streamed = 0;
        Ok(())
    }

    /// The balls have stopped: the record kept as the last stroke.
    pub(super) fn stopped(&mut self, record: &ShotRecord) {
        self.last_stroke = Some(record.clone());
    }

    /// The balls have stopped: the referee judges the stroke; the match is saved. The
    /// points it made, for the mode to enter the verdict; None where the referee could
    /// not judge it (play goes back to aiming).
    pub(super) fn judge_stroke(&mut self, mut record: ShotRecord) -> Option<u32> {
        self.stopped(&record);
        // The paths are for the table; the match (and its save) keeps the events.
        record.trajectories.clear();
        let time = (self.next_stroke_time.take()).unwrap_or_else(|| self.stroke_time());
        let stroke = PlayedStroke {
            record,
            declared_safety: std::mem::take(&mut self.declared_safety),
            calls: Calls {
                time_out: time.time_out,
                ..Calls::default()
            },
            thinking_s: time.thinking_s,
        };
        self.judge(stroke)
    }

    /// The referee judges `stroke`: the points it made; None where it could not (play
    /// goes back to aiming).
    fn judge(&mut self, stroke: PlayedStroke) -> Option<u32> {
        let game = self.game.as_mut()?;
        match game.judge(stroke) {
            Ok(verdict) => {
                let points = verdict.points;
                self.events.push(Event::Verdict);
                Some(points)
            }
            Err(e) => {
                self.tell(Notice::CannotJudge(e));
                self.enter(Phase::Aiming);
                None
            }
        }
    }

    /// A stroke played elsewhere, as its `record` says (`Command::Played`): judged, the
    /// balls where it left them, its verdict shown.
    pub(super) fn judge_played(
        &mut self,
        record: ShotRecord,
        declared_safety: bool,
        time: StrokeTime,
    ) {
        self.declared_safety = declared_safety;
        self.next_stroke_time = Some(time);
        if self.judge_stroke(record).is_some() {
            self.place_before_spotting();
            self.enter(Phase::Verdict);
        }
    }

    /// After the verdict: the spotting, the end of the game or the next stroke.
    pub(super) fn after_verdict(&mut self) {
        let Some(verdict) = self.last_verdict() else {
            return;
        };
        let next = if !verdict.spot.is_empty() {
            Phase::Spotting
        } else if verdict.game_over() {
            self.push(Event::GameEnded);
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
        if over {
            self.push(Event::GameEnded);
        }
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
                self.replace_game(restored);
                self.tell(Notice::PositionsRestored);
                self.enter(Phase::Aiming);
            }
            Err(e) => self.tell(Notice::CannotResume(e)),
        }
    }

    /// Writes the save, play standing `at` (hot-seat matches only), unless it says
    /// what the last one said; a failure is told, play goes on. The first save of a
    /// session keeps an old save that cannot be read aside: it is never overwritten.
    pub(super) fn save(&mut self, at: SavedPhase) {
        let Some(path) = self.save_path.clone() else {
            return;
        };
        let saved = self.saved(at);
        if self.last_saved.as_ref() == Some(&saved) {
            return;
        }
        if self.last_saved.is_none() && SavedMatch::read(&path).is_err() {
            match keep_aside(&path) {
                Ok(aside) => self.tell(Notice::OldSaveKept(aside)),
                Err(e) => self.tell(Notice::OldSaveStuck(e)),
            }
        }
        match saved.write(&path) {
            Ok(()) => self.last_saved = Some(saved),
            Err(e) => self.tell(Notice::SaveFailed(e)),
        }
    }

    /// The match as its save says it, play standing `at`.
    pub(super) fn saved(&self, at: SavedPhase) -> SavedMatch {
        let mut saved = match &self.game {
            Some(game) => game.saved(&self.settings, at),
            None => SavedMatch::new(self.settings.clone(), 0, BallId::White, &[], at),
        };
        saved.declared_safety = self.declared_safety;
        saved.ended = self.ended.clone();
        saved.break_offset_m = self.break_offset_m;
        saved
    }

    /// A match in sets goes on to its next set from the break set-up, broken by
    /// `breaker` where a lag decided it (the referee knows it otherwise).
    pub(super) fn next_set(&mut self, breaker: Option<usize>) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if let Some(breaker) = breaker
            && let Err(e) = game.set_breaker(breaker)
        {
            return self.tell(Notice::CannotStart(StartError::Setup(e)));
        }
        self.place_match_balls();
        self.enter(Phase::BreakSetup);
    }

    /// The last verdict closed a set of a match that goes on.
    pub fn set_just_won(&self) -> bool {
        let closed = self.last_verdict().is_some_and(|v| {
            v.outcome.is_none() && v.remarks.iter().any(|r| matches!(r, Remark::SetWon { .. }))
        });
        closed && self.referee().is_some_and(|r| !r.is_over())
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

    /// Puts the balls where the last stroke left them, before the spotting: the
    /// referee's lay-out without the balls its verdict spots (rules 21, 26).
    pub(super) fn place_before_spotting(&mut self) {
        let (Some(referee), Some(verdict)) = (self.referee(), self.last_verdict()) else {
            return;
        };
        let positions: Vec<(BallId, DVec2)> = referee
            .positions()
            .iter()
            .filter(|(ball, _)| verdict.spot.iter().all(|p| p.ball != **ball))
            .map(|(&b, &p)| (b, p))
            .collect();
        self.place(&positions);
    }

    /// Puts the balls at rest here: a lay-out the referee or the lag asked for.
    pub(super) fn place(&mut self, positions: &[(BallId, DVec2)]) {
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
