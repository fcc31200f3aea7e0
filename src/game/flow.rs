//! The match from the first phase to the last: who starts, the break set-up, strokes
//! judged by the referee, verdicts, spotting, the end, and saving after every stroke.

use super::save::{SavedMatch, keep_aside};
use super::session::Session;
use super::settings::StoragePaths;
use super::{
    AtTable, CueBall, GameConfig, GameSystems, MatchCommand, MatchSettings, Phase, Screen,
    StrokeFinished, TableSimulation,
};
use crate::ball::BallId;
use crate::math::DVec2;
use crate::rules::Referee;
use bevy::prelude::*;
use std::collections::BTreeMap;
use std::time::Duration;

/// A saved match to pick up when the match screen opens (set by the menu).
#[derive(Resource, Clone, Debug)]
pub struct ResumeMatch(pub SavedMatch);

/// How long a verdict or the spotting shows before play goes on by itself: wall-clock
/// time, so a slow frame rate does not cut it short.
const VERDICT_TIME: Duration = Duration::from_millis(2500);
const SPOTTING_TIME: Duration = Duration::from_millis(3000);

/// Counts down the time a phase shows.
#[derive(Resource, Default)]
pub struct PhaseTimer(pub Timer);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Session>();
    app.init_resource::<PhaseTimer>();
    app.add_systems(OnEnter(Phase::Starting), begin);
    app.add_systems(OnEnter(Phase::Verdict), start_timer(VERDICT_TIME));
    app.add_systems(OnEnter(Phase::Spotting), start_timer(SPOTTING_TIME));
    app.add_systems(OnExit(AtTable), |mut session: ResMut<Session>| {
        *session = Session::default();
    });
    app.add_systems(
        Update,
        (
            follow_the_shooter.run_if(in_state(Phase::BreakSetup).or_else(in_state(Phase::Aiming))),
            set_up_break.run_if(in_state(Phase::BreakSetup)),
            play.run_if(in_state(Phase::BreakSetup).or_else(in_state(Phase::Aiming))),
            judge.run_if(in_state(Phase::Rolling)),
            show_verdict.run_if(in_state(Phase::Verdict)),
            spot_balls.run_if(in_state(Phase::Spotting)),
            game_over.run_if(in_state(Phase::GameOver)),
        )
            .in_set(GameSystems::Rules),
    );
}

fn start_timer(duration: Duration) -> impl Fn(ResMut<PhaseTimer>) {
    move |mut timer: ResMut<PhaseTimer>| timer.0 = Timer::new(duration, TimerMode::Once)
}

/// The first phase: resume a saved match, lag, or go straight to the break.
fn begin(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    config: Res<GameConfig>,
    settings: Res<MatchSettings>,
    paths: Res<StoragePaths>,
    resume: Option<Res<ResumeMatch>>,
    mut session: ResMut<Session>,
    mut sim: ResMut<TableSimulation>,
    mut next: ResMut<NextState<Phase>>,
) {
    let config = &config.0;
    if let Some(resume) = resume {
        commands.remove_resource::<ResumeMatch>();
        match Session::resume(config, &resume.0) {
            Ok(resumed) => {
                *session = resumed;
                let referee = session.referee().expect("a resumed match has a referee");
                place(&mut sim, referee.positions());
                next.set(if referee.is_over() {
                    Phase::GameOver
                } else {
                    Phase::Aiming
                });
            }
            Err(e) => {
                session.notice = Some(format!("The saved match cannot be resumed: {e}"));
                next.set(Phase::GameOver);
            }
        }
        return;
    }
    let lags = config
        .games
        .games
        .get(&settings.game)
        .is_some_and(|g| g.lag);
    let phase = match **screen {
        Screen::LagTraining => Phase::Lag,
        Screen::Match if lags && settings.seated().len() == 2 => Phase::Lag,
        // Three players, or four-ball: the order named, the first player breaks with
        // the white (rule 4's coin toss in place of a lag).
        _ => start_match(
            config,
            &settings,
            &paths,
            **screen,
            0,
            BallId::White,
            &mut session,
            &mut sim,
        ),
    };
    next.set(phase);
}

/// Starts the match proper: the referee, the break set-up (rule 7), the first save.
pub(super) fn start_match(
    config: &crate::config::Config,
    settings: &MatchSettings,
    paths: &StoragePaths,
    screen: Screen,
    breaker: usize,
    breaker_ball: BallId,
    session: &mut Session,
    sim: &mut TableSimulation,
) -> Phase {
    match Session::start(config, settings, breaker, breaker_ball, Vec::new()) {
        Ok(started) => {
            *session = started;
            place(sim, session.referee().expect("started").positions());
            if screen == Screen::Match {
                // A save that cannot be read is kept, never overwritten.
                if SavedMatch::read(&paths.saved_match).is_err() {
                    match keep_aside(&paths.saved_match) {
                        Ok(aside) => {
                            session.notice = Some(format!(
                                "The old save could not be read; it is kept as {}",
                                aside.display()
                            ))
                        }
                        Err(e) => session.notice = Some(e),
                    }
                }
                save(session, settings, paths);
            }
            Phase::BreakSetup
        }
        Err(e) => {
            session.notice = Some(format!("The match cannot start: {e}"));
            Phase::GameOver
        }
    }
}

/// Puts the balls at rest where the referee has them; balls not listed leave the table.
pub(super) fn place(sim: &mut TableSimulation, positions: &BTreeMap<BallId, DVec2>) {
    let positions: Vec<(BallId, DVec2)> = positions.iter().map(|(&b, &p)| (b, p)).collect();
    if let Err(e) = sim.0.place(&positions) {
        error!("the referee's positions do not fit the table: {e}");
    }
}

/// Writes the save (hot-seat matches only); a failure is told, play goes on.
fn save(session: &mut Session, settings: &MatchSettings, paths: &StoragePaths) {
    if settings.mode != super::Mode::Match {
        return;
    }
    if let Some(saved) = session.saved(settings)
        && let Err(e) = saved.write(&paths.saved_match)
    {
        session.notice = Some(format!("The match could not be saved: {e}"));
    }
}

/// The cue ball is always the shooter's (rule 6).
fn follow_the_shooter(session: Res<Session>, mut cue_ball: ResMut<CueBall>) {
    if let Some(referee) = session.referee() {
        let ball = referee.cue_ball();
        if cue_ball.0 != ball {
            cue_ball.0 = ball;
        }
    }
}

/// Rule 7: the breaker moves their ball along the head string, within six inches of
/// the head spot; the other balls stand where the set-up put them.
fn set_up_break(
    mut commands: MessageReader<MatchCommand>,
    session: Res<Session>,
    mut sim: ResMut<TableSimulation>,
    mut next: ResMut<NextState<Phase>>,
) {
    let Some(referee) = session.referee() else {
        return;
    };
    for command in commands.read() {
        match command {
            MatchCommand::MoveBreakBall(offset) => {
                if let Some(positions) = break_ball_moved(referee, *offset) {
                    place(&mut sim, &positions);
                }
            }
            MatchCommand::Continue => next.set(Phase::Aiming),
            _ => {}
        }
    }
}

/// The set-up with the breaker's ball moved along the head string, if the game puts it
/// there (four-ball has its own set-up).
fn break_ball_moved(referee: &Referee, offset: f64) -> Option<BTreeMap<BallId, DVec2>> {
    if !referee.game().breaker_on_head_string() {
        return None;
    }
    let table = referee.table();
    let ball = referee.cue_ball();
    let mut positions = referee.positions().clone();
    *positions.get_mut(&ball)? = table.break_position(offset);
    let clear = positions
        .iter()
        .filter(|(b, _)| **b != ball)
        .all(|(_, p)| p.distance(positions[&ball]) >= 2.0 * table.ball_radius);
    clear.then_some(positions)
}

/// Strokes and the shooter's declarations and calls.
fn play(
    mut commands: MessageReader<MatchCommand>,
    config: Res<GameConfig>,
    settings: Res<MatchSettings>,
    paths: Res<StoragePaths>,
    mut session: ResMut<Session>,
    mut sim: ResMut<TableSimulation>,
    mut next: ResMut<NextState<Phase>>,
) {
    for command in commands.read() {
        match command {
            MatchCommand::Strike(stroke) => {
                let Some(referee) = session.referee() else {
                    continue;
                };
                if stroke.ball != referee.cue_ball() {
                    session.notice = Some(format!(
                        "{} plays the {} ball (rule 6)",
                        referee.players()[referee.shooter()].name,
                        referee.cue_ball()
                    ));
                    continue;
                }
                match sim.0.strike(&[*stroke]) {
                    Ok(()) => {
                        info!("stroke: {stroke:?}");
                        session.notice = None;
                        next.set(Phase::Rolling);
                    }
                    Err(e) => session.notice = Some(format!("No stroke: {e}")),
                }
            }
            MatchCommand::DeclareSafety(declared) => session.declared_safety = *declared,
            MatchCommand::RestorePositions => {
                match session.restore_positions(&config.0, &settings) {
                    Ok(()) => {
                        let positions = session.referee().expect("restored").positions().clone();
                        place(&mut sim, &positions);
                        save(&mut session, &settings, &paths);
                        next.set(Phase::Aiming);
                    }
                    Err(e) => session.notice = Some(format!("Nothing to restore: {e}")),
                }
            }
            _ => {}
        }
    }
}

/// The balls have stopped: the referee judges the stroke; the match is saved.
fn judge(
    mut finished: MessageReader<StrokeFinished>,
    settings: Res<MatchSettings>,
    paths: Res<StoragePaths>,
    mut session: ResMut<Session>,
    mut next: ResMut<NextState<Phase>>,
) {
    for StrokeFinished(record) in finished.read() {
        match session.judge(record.clone()) {
            Ok(verdict) => {
                info!(
                    "at rest after {:.2} s: {} point(s), fouls {:?}",
                    record.duration,
                    verdict.points,
                    verdict
                        .fouls
                        .iter()
                        .map(|f| f.to_string())
                        .collect::<Vec<_>>()
                );
                save(&mut session, &settings, &paths);
                next.set(Phase::Verdict);
            }
            Err(e) => {
                session.notice = Some(format!("The referee cannot judge that stroke: {e}"));
                next.set(Phase::Aiming);
            }
        }
    }
}

fn show_verdict(
    time: Res<Time<Real>>,
    mut timer: ResMut<PhaseTimer>,
    mut commands: MessageReader<MatchCommand>,
    session: Res<Session>,
    mut next: ResMut<NextState<Phase>>,
) {
    timer.0.tick(time.delta());
    let skip = commands.read().any(|c| *c == MatchCommand::Continue);
    if !(timer.0.is_finished() || skip) {
        return;
    }
    let Some(verdict) = session.verdicts.last() else {
        return;
    };
    next.set(if !verdict.spot.is_empty() {
        Phase::Spotting
    } else if verdict.game_over {
        Phase::GameOver
    } else {
        Phase::Aiming
    });
}

/// Rules 21 and 26: after the overlay has shown the spots, the jumped balls go there.
fn spot_balls(
    time: Res<Time<Real>>,
    mut timer: ResMut<PhaseTimer>,
    mut commands: MessageReader<MatchCommand>,
    session: Res<Session>,
    mut sim: ResMut<TableSimulation>,
    mut next: ResMut<NextState<Phase>>,
) {
    timer.0.tick(time.delta());
    let skip = commands.read().any(|c| *c == MatchCommand::Continue);
    if !(timer.0.is_finished() || skip) {
        return;
    }
    let Some(referee) = session.referee() else {
        return;
    };
    place(&mut sim, referee.positions());
    next.set(if referee.is_over() {
        Phase::GameOver
    } else {
        Phase::Aiming
    });
}

/// A rematch: the same settings, from the first phase.
fn game_over(mut commands: MessageReader<MatchCommand>, mut next: ResMut<NextState<Phase>>) {
    if commands.read().any(|c| *c == MatchCommand::Rematch) {
        next.set(Phase::Starting);
    }
}
