//! A hot-seat match: the lag between two players (rule 5), the winner's choice of the
//! break and the cue ball (rules 4, 6), then the match proper to its end, saved after
//! every move (`save`), and resumed in the phase it was saved in; three players, or a
//! game without a lag, break in the order named. A game that ends goes into the records
//! of each person who played it, once.

use super::profiles::{self, ProfileTrouble};
use super::refereed::Resumed;
use super::table_core::TableCore;
use super::{Command, Lag, MatchEnding, Notice, Phase, SavedMatch, SavedPhase, now_s};
use crate::shot::BallId;
use std::path::PathBuf;

/// A match at the table.
pub struct Match {
    pub(super) core: TableCore,
    /// The lag for the break (empty where the match has none).
    lag: Lag,
    /// The data folder the players' records are kept in (None: not kept).
    records: Option<PathBuf>,
    /// The players kept there (None: every person at the table; an online game keeps
    /// only this side's player).
    recorded_players: Option<Vec<usize>>,
    /// Whether this game is in the records (or came from a save that was).
    recorded: bool,
    /// The lag under way decides the break of the next set, not the match's.
    set_lag: bool,
    /// What went wrong keeping them.
    profile_troubles: Vec<ProfileTrouble>,
}

impl Match {
    pub(super) fn new(core: TableCore, records: Option<PathBuf>) -> Match {
        let mut play = Match::at(core, records);
        play.begin();
        play.save();
        play
    }

    /// The saved match, in the phase it was saved in: the lag from its set-up, the
    /// break choice, the break's set-up with the ball where the breaker had it, the next
    /// stroke, a verdict shown, balls waiting for their spots, or the game over.
    pub(super) fn resume(core: TableCore, saved: &SavedMatch, records: Option<PathBuf>) -> Match {
        let mut play = Match::at(core, records);
        match saved.resumed(play.core.config()) {
            Ok(Resumed::Lag) => play.begin(),
            Ok(Resumed::ChooseBreak { lag_winner }) => {
                play.enter_lag();
                play.lag.winner = Some(lag_winner);
                play.core.enter(Phase::ChooseBreak);
            }
            Ok(Resumed::SetLag { game }) => {
                play.core.replace_game(*game);
                play.set_lag = true;
                play.enter_lag();
            }
            Ok(Resumed::Refereed { game, at }) => {
                let core = &mut play.core;
                core.replace_game(*game);
                core.resume_break_offset(saved.break_offset_m);
                let phase = match at {
                    SavedPhase::BreakSetup => Phase::BreakSetup,
                    SavedPhase::Verdict => Phase::Verdict,
                    SavedPhase::Spotting => Phase::Spotting,
                    SavedPhase::GameOver => Phase::GameOver,
                    _ => Phase::Aiming,
                };
                if matches!(phase, Phase::Verdict | Phase::Spotting) {
                    core.place_before_spotting();
                }
                core.enter(phase);
                if saved.declared_safety {
                    core.apply(Command::DeclareSafety(true));
                }
            }
            Err(e) => {
                play.core.tell(Notice::CannotResume(e));
                play.core.enter(Phase::GameOver);
            }
        }
        // A game saved over was recorded when it ended.
        play.recorded = play.core.phase() == Phase::GameOver;
        play
    }

    fn at(core: TableCore, records: Option<PathBuf>) -> Match {
        Match {
            core,
            lag: Lag::default(),
            records,
            recorded_players: None,
            recorded: false,
            set_lag: false,
            profile_troubles: Vec::new(),
        }
    }

    /// What went wrong keeping the last game in the players' records.
    pub fn profile_troubles(&self) -> &[ProfileTrouble] {
        &self.profile_troubles
    }

    /// The lag for the break.
    pub fn lag(&self) -> &Lag {
        &self.lag
    }

    pub(super) fn apply(&mut self, command: Command) {
        let core = &mut self.core;
        match (core.phase(), command) {
            (Phase::Lag, Command::PlaceLagBall(p)) => self.lag.move_ball(core, p),
            (Phase::Lag, Command::LagReady(stroke)) => {
                self.lag.set_stroke(stroke);
                self.lag.strike(core);
            }
            (Phase::LagResult, Command::Continue) => match self.lag.winner {
                // The set's lag: its winner breaks the set.
                Some(winner) if self.set_lag => {
                    self.set_lag = false;
                    core.next_set(Some(winner));
                }
                Some(_) => core.enter(Phase::ChooseBreak),
                None => self.enter_lag(),
            },
            // A set is over and the match goes on: the next set's lag, or its break.
            (Phase::Verdict, Command::Continue) if core.set_just_won() => {
                if core.referee().is_some_and(|r| r.set_breaker_pending()) {
                    self.set_lag = true;
                    self.enter_lag();
                } else {
                    core.next_set(None);
                }
            }
            (Phase::ChooseBreak, Command::ChooseBreak { break_it, ball }) => {
                self.choose_break(break_it, ball)
            }
            (Phase::GameOver, Command::Rematch) => self.begin(),
            // The lag played elsewhere (online: the host's record): judged from it.
            (Phase::LagRolling, Command::Played { record, .. }) => {
                core.stop_as(&record);
                let result = self.lag.judge(core, &record);
                self.lag.judged(core, result, true);
            }
            (
                Phase::BreakSetup | Phase::Aiming,
                Command::Played {
                    record,
                    declared_safety,
                    clock,
                },
            ) => core.judge_played(*record, declared_safety, clock),
            (_, command) => core.apply(command),
        }
        self.save();
    }

    pub(super) fn advance(&mut self, dt: f64) {
        if self.core.tick_clock(dt) {
            return self.save();
        }
        let Some(record) = self.core.advance(dt) else {
            return;
        };
        if self.core.phase() == Phase::LagRolling {
            let result = self.lag.judge(&mut self.core, &record);
            self.lag.judged(&mut self.core, result, true);
        } else if self.core.judge_stroke(record).is_some() {
            self.core.enter(Phase::Verdict);
        }
        self.save();
    }

    pub(super) fn end_early(&mut self, ending: MatchEnding) {
        self.core.ended = Some(ending);
        self.save();
        self.record();
    }

    /// Keeps only `players` (by index) in the records (an online game: this side's).
    pub(super) fn record_only(&mut self, players: Vec<usize>) {
        self.recorded_players = Some(players);
    }

    /// Saves the match where play stands now, to be resumed there. A stroke counts
    /// once judged: while the balls roll, the save from before it stands.
    fn save(&mut self) {
        let Some(at) = self.saved_phase() else {
            return;
        };
        self.core.save(at);
        if at == SavedPhase::GameOver {
            self.record();
        }
    }

    /// The match as its save would say it now (None while the balls roll: a stroke
    /// counts once judged).
    pub(super) fn saved(&self) -> Option<SavedMatch> {
        self.saved_phase().map(|at| self.core.saved(at))
    }

    /// Where play stands, as a save says it.
    fn saved_phase(&self) -> Option<SavedPhase> {
        Some(match self.core.phase() {
            Phase::Rolling => return None,
            Phase::Lag | Phase::LagRolling => SavedPhase::Lag,
            Phase::LagResult | Phase::ChooseBreak => match self.lag.winner {
                Some(lag_winner) => SavedPhase::ChooseBreak { lag_winner },
                None => SavedPhase::Lag,
            },
            Phase::BreakSetup => SavedPhase::BreakSetup,
            Phase::Aiming => SavedPhase::Aiming,
            Phase::Verdict => SavedPhase::Verdict,
            Phase::Spotting => SavedPhase::Spotting,
            Phase::GameOver => SavedPhase::GameOver,
        })
    }

    /// The game just over goes into each person's record (the computer's seats keep
    /// none), once.
    fn record(&mut self) {
        if std::mem::replace(&mut self.recorded, true) {
            return;
        }
        let (Some(data), Some(sheet)) = (&self.records, self.core.sheet()) else {
            return;
        };
        let settings = self.core.settings();
        let persons = self.recorded_players.clone().unwrap_or_else(|| {
            let computers = settings.seated_computers();
            (0..sheet.players.len())
                .filter(|&i| !computers.get(i).is_some_and(Option::is_some))
                .collect()
        });
        self.profile_troubles = profiles::record_for(
            data,
            &settings.game,
            &sheet,
            &persons,
            self.core.ended.as_ref(),
            now_s(),
        );
    }

    /// The first phase: the lag, or straight to the break (three players, or a game
    /// without a lag: the order named, the first player breaks with the white in place
    /// of rule 4's coin toss).
    fn begin(&mut self) {
        self.core.clear_game();
        self.recorded = false;
        self.set_lag = false;
        self.profile_troubles.clear();
        let settings = self.core.settings();
        let lags = self
            .core
            .config()
            .games
            .games
            .get(&settings.game)
            .is_some_and(|g| g.lag);
        if lags && settings.seated().len() == 2 {
            self.enter_lag();
        } else {
            self.core.start_from_the_break(0, BallId::White);
        }
    }

    fn enter_lag(&mut self) {
        self.lag = Lag::begin(&mut self.core, 2);
        self.core.enter(Phase::Lag);
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
        self.core.start_from_the_break(breaker, breaker_ball);
    }
}
