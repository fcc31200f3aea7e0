//! The lag (rule 5): each player in turn puts their ball behind the head string on
//! their side of the head spot and sets up a stroke, hidden from the other; then both
//! balls are struck at the same moment in one simulation and the referee decides. In
//! lag training one player lags alone and sees the same judgement for their ball.

use super::flow::{place, start_match};
use super::session::{LagResult, LagSetup, Session};
use super::{
    CueBall, GameConfig, GameSystems, MatchCommand, MatchSettings, Phase, Screen, StoragePaths,
    StrokeFinished, TableSimulation,
};
use crate::ball::BallId;
use crate::math::DVec2;
use crate::physics::Stroke;
use crate::rules::{LagOutcome, Lagger, Side, judge_lag, judge_lag_ball};
use crate::table::{Spot, TableGeometry};
use bevy::prelude::*;
use std::collections::BTreeMap;

/// Trajectory samples per second in a lag: the referee looks for a crossing of the long
/// axis between them.
const LAG_SAMPLE_HZ: f64 = 500.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Lag), set_up_lag);
    app.add_systems(
        Update,
        (
            set_up_strokes.run_if(in_state(Phase::Lag)),
            judge.run_if(in_state(Phase::LagRolling)),
            after_the_result.run_if(in_state(Phase::LagResult)),
            choose_break.run_if(in_state(Phase::ChooseBreak)),
        )
            .in_set(GameSystems::Rules),
    );
}

/// Where a lagger's ball may stand: behind the head string, on their side, clear of the
/// cushions and of the long axis.
fn lag_area(table: &TableGeometry, side: Side) -> (DVec2, DVec2) {
    let limits = table.centre_limits();
    let r = table.ball_radius;
    let (y0, y1) = match side {
        Side::Left => (r, limits.y),
        Side::Right => (-limits.y, -r),
    };
    (
        DVec2::new(-limits.x, y0),
        DVec2::new(table.head_string_x(), y1),
    )
}

/// The balls for a lag: each lagger's on their side, the red on the foot spot.
fn set_up_lag(
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
    mut sim: ResMut<TableSimulation>,
    mut cue_ball: ResMut<CueBall>,
) {
    let table = sim.0.table().clone();
    let laggers: &[(BallId, Side)] = match **screen {
        Screen::LagTraining => &[(BallId::White, Side::Left)],
        _ => &[(BallId::White, Side::Left), (BallId::Dotted, Side::Right)],
    };
    session.lag = laggers
        .iter()
        .enumerate()
        .map(|(player, &(ball, side))| {
            let y = if side == Side::Left { 0.35 } else { -0.35 };
            LagSetup {
                player,
                ball,
                side,
                position: DVec2::new(table.head_string_x(), y),
                stroke: None,
            }
        })
        .collect();
    session.lag_result = None;
    session.lag_winner = None;
    cue_ball.0 = session.lag[0].ball;
    place_lag_balls(&session, &table, &mut sim);
}

fn place_lag_balls(session: &Session, table: &TableGeometry, sim: &mut TableSimulation) {
    let mut positions: BTreeMap<BallId, DVec2> =
        session.lag.iter().map(|l| (l.ball, l.position)).collect();
    positions.insert(BallId::Red, table.spot(Spot::Foot));
    place(sim, &positions);
}

/// The player at the table places their ball and sets up their stroke; when every
/// lagger is ready, the balls are struck together.
fn set_up_strokes(
    mut commands: MessageReader<MatchCommand>,
    mut session: ResMut<Session>,
    mut sim: ResMut<TableSimulation>,
    mut cue_ball: ResMut<CueBall>,
    mut next: ResMut<NextState<Phase>>,
) {
    let table = sim.0.table().clone();
    for command in commands.read() {
        let Some(turn) = session.lag.iter().position(|l| l.stroke.is_none()) else {
            return;
        };
        match command {
            MatchCommand::PlaceLagBall(p) => {
                let (lo, hi) = lag_area(&table, session.lag[turn].side);
                session.lag[turn].position = p.clamp(lo, hi);
                place_lag_balls(&session, &table, &mut sim);
            }
            MatchCommand::LagReady(stroke) => {
                session.lag[turn].stroke = Some(Stroke {
                    ball: session.lag[turn].ball,
                    ..*stroke
                });
                if let Some(following) = session.lag.get(turn + 1) {
                    cue_ball.0 = following.ball;
                    continue;
                }
                let strokes: Vec<Stroke> = session.lag.iter().filter_map(|l| l.stroke).collect();
                sim.0.sample_every(Some(LAG_SAMPLE_HZ));
                match sim.0.strike(&strokes) {
                    Ok(()) => next.set(Phase::LagRolling),
                    Err(e) => {
                        session.notice = Some(format!("No lag: {e}"));
                        for l in &mut session.lag {
                            l.stroke = None;
                        }
                        cue_ball.0 = session.lag[0].ball;
                    }
                }
            }
            _ => {}
        }
    }
}

/// The balls have stopped: rule 5's judgement (or one ball's, in training).
fn judge(
    mut finished: MessageReader<StrokeFinished>,
    config: Res<GameConfig>,
    settings: Res<MatchSettings>,
    mut session: ResMut<Session>,
    mut sim: ResMut<TableSimulation>,
    mut next: ResMut<NextState<Phase>>,
) {
    let Some(StrokeFinished(record)) = finished.read().last() else {
        return;
    };
    sim.0.sample_every(None);
    let config = &config.0;
    let table = sim.0.table().clone();
    let laggers: Vec<Lagger> = session
        .lag
        .iter()
        .map(|l| Lagger {
            ball: l.ball,
            side: l.side,
        })
        .collect();
    let result = match laggers.as_slice() {
        [one] => judge_lag_ball(&table, *one, record).map(LagResult::Training),
        [a, b] => {
            let game = config
                .games
                .games
                .get(&settings.game)
                .expect("checked by the menu");
            judge_lag(
                game,
                &table,
                config.games.referee.lag_tolerance_mm,
                [*a, *b],
                record,
            )
            .map(LagResult::Match)
        }
        _ => return,
    };
    match result {
        Ok(result) => {
            session.lag_winner = match &result {
                LagResult::Match(v) => match v.outcome {
                    LagOutcome::Winner(i) => Some(session.lag[i].player),
                    LagOutcome::Repeat(_) => None,
                },
                LagResult::Training(_) => None,
            };
            session.lag_result = Some(result);
        }
        Err(e) => session.notice = Some(format!("The lag cannot be judged: {e}")),
    }
    next.set(Phase::LagResult);
}

/// From the lag's result: its winner chooses, or the lag is played again.
fn after_the_result(
    mut commands: MessageReader<MatchCommand>,
    session: Res<Session>,
    mut next: ResMut<NextState<Phase>>,
) {
    if commands.read().any(|c| *c == MatchCommand::Continue) {
        next.set(if session.lag_winner.is_some() {
            Phase::ChooseBreak
        } else {
            Phase::Lag
        });
    }
}

/// Rules 4 and 6: the lag winner breaks or passes the break, and picks the cue ball
/// they play all game; the other player has the other white.
fn choose_break(
    mut commands: MessageReader<MatchCommand>,
    config: Res<GameConfig>,
    settings: Res<MatchSettings>,
    paths: Res<StoragePaths>,
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
    mut sim: ResMut<TableSimulation>,
    mut next: ResMut<NextState<Phase>>,
) {
    for command in commands.read() {
        let MatchCommand::ChooseBreak { break_it, ball } = *command else {
            continue;
        };
        let (Some(winner), Some(other_ball)) = (session.lag_winner, ball.other_white()) else {
            continue;
        };
        let (breaker, breaker_ball) = if break_it {
            (winner, ball)
        } else {
            (1 - winner, other_ball)
        };
        let phase = start_match(
            &config.0,
            &settings,
            &paths,
            **screen,
            breaker,
            breaker_ball,
            &mut session,
            &mut sim,
        );
        next.set(phase);
    }
}
