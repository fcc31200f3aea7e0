//! From actions to the match's commands: strike (or, in the lag, get ready), drag a ball
//! where the rules allow, go on, choose the break, declare a safety, restore, leave.
//! Each system runs only where the match takes what it sends.

use super::aim::{Aim, Dragging};
use crate::config::Action;
use crate::game::{
    GameSystems, PersonSystems, Phase, PlayerCommand, Preferences, Screen, Session, Told, Watching,
    at_table,
};
use crate::input::Actions;
use crate::math::DVec2;
use crate::play::{self, Command, LagOpponent, LagTrainingCommand, Mode, PracticeCommand};
use crate::shot::{BallId, Spot};
use crate::table::TableGeometry;
use bevy::prelude::*;
use std::time::Duration;

/// Rule 22 asks both players to agree: the first press arms the restore, a second
/// press within this time does it.
const RESTORE_CONFIRM: Duration = Duration::from_secs(4);

/// When the restore was armed, if it is.
#[derive(Resource, Default)]
pub struct RestoreArmed(pub Option<Timer>);

/// Leaving a practice or lag-training session asks for a second press within this
/// time: the session is not saved.
const LEAVE_CONFIRM: Duration = Duration::from_secs(4);

/// When leaving was armed, if it is.
#[derive(Resource, Default)]
pub struct LeaveArmed(pub Option<Timer>);

fn can_move_ball(session: Option<Res<Session>>) -> bool {
    session.is_some_and(|s| s.can_move_ball())
}

fn can_strike(session: Option<Res<Session>>) -> bool {
    session.is_some_and(|s| s.can_strike())
}

fn can_restore(session: Option<Res<Session>>) -> bool {
    session.is_some_and(|s| s.can_restore())
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dragging>();
    app.init_resource::<RestoreArmed>();
    app.init_resource::<LeaveArmed>();
    let showing = in_state(Phase::LagResult)
        .or_else(in_state(Phase::Verdict))
        .or_else(in_state(Phase::Spotting));
    app.add_systems(
        Update,
        (
            drag_ball.run_if(can_move_ball).in_set(PersonSystems),
            // Before the strike: a press on a ball picks it up instead.
            place_balls.run_if(practising.and_then(placing_phase)),
            stroke_with_mouse.run_if(can_strike).in_set(PersonSystems),
            strike
                .run_if(can_strike.and_then(not(in_state(Phase::Lag))))
                .in_set(PersonSystems),
            lag_ready
                .run_if(can_strike.and_then(in_state(Phase::Lag)))
                .in_set(PersonSystems),
            switch_lag_half
                .run_if(in_state(Phase::Lag))
                .in_set(PersonSystems),
            confirm_set_up
                .run_if(in_state(Phase::BreakSetup))
                .in_set(PersonSystems),
            go_on.run_if(showing),
            go_on_from_what_was_told.run_if(|told: Res<Told>| told.0.is_some()),
            rematch.run_if(in_state(Phase::GameOver)),
            choose_break
                .run_if(in_state(Phase::ChooseBreak))
                .in_set(PersonSystems),
            declare_and_restore
                .run_if(can_restore)
                .in_set(PersonSystems),
            undo_and_redo.run_if(practising),
            leave_the_table
                .run_if(in_state(Screen::Table))
                .run_if(|watching: Res<Watching>| !watching.0),
        )
            .chain()
            .run_if(at_table)
            .in_set(GameSystems::Input),
    );
}

/// Pressing on the ball the rules let the player move, and dragging it: in the lag the
/// player's own ball, at the break set-up the breaker's ball along the head string.
fn drag_ball(
    actions: Res<Actions>,
    session: Res<Session>,
    mut dragging: ResMut<Dragging>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    if !actions.pressed(Action::MoveBall) {
        dragging.0 = false;
        return;
    }
    let Some(point) = actions.on_cloth else {
        return;
    };
    let Some(ball) = session.ball(session.cue_ball()) else {
        return;
    };
    let table = session.table();
    if actions.just_pressed(Action::MoveBall) {
        dragging.0 = point.distance(ball.pos.truncate()) < 2.0 * table.ball_radius;
    }
    if !dragging.0 || actions.pointer_delta == Vec2::ZERO {
        return;
    }
    let command = if session.phase() == crate::play::Phase::Lag {
        Command::PlaceLagBall(point)
    } else {
        Command::MoveBreakBall(point.y - table.spot(Spot::Head).y)
    };
    commands.write(PlayerCommand::new(command));
}

/// Pixels the mouse moves back per m/s of launch speed in a mouse stroke.
const DRAW_PX_PER_M_S: f32 = 40.0;
/// Pixels forward from the furthest draw-back that play the stroke.
const PUSH_PX: f32 = 20.0;

/// The mouse stroke under way: how far the mouse is drawn back now and at most, px, and
/// whether it was played (one stroke per press).
#[derive(Default)]
struct MouseStroke {
    drawn: f32,
    furthest: f32,
    played: bool,
}

/// Holding the mouse-stroke button, the player draws the mouse back (toward them, down
/// the screen): the power follows the length of the draw-back; pushing it forward again
/// plays the stroke (in the lag, sets it up). Letting go without pushing keeps the
/// power.
fn stroke_with_mouse(
    actions: Res<Actions>,
    session: Res<Session>,
    mut aim: ResMut<Aim>,
    mut stroke: Local<Option<MouseStroke>>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    if !actions.pressed(Action::MouseStroke) {
        *stroke = None;
        return;
    }
    let under_way = stroke.get_or_insert_default();
    if under_way.played {
        return;
    }
    under_way.drawn = (under_way.drawn + actions.pointer_delta.y).max(0.0);
    if under_way.drawn > under_way.furthest {
        under_way.furthest = under_way.drawn;
        aim.set_speed(f64::from(under_way.furthest / DRAW_PX_PER_M_S));
    }
    if under_way.furthest >= PUSH_PX && under_way.drawn <= under_way.furthest - PUSH_PX {
        let played = aim.stroke(session.cue_ball());
        let command = if session.phase() == crate::play::Phase::Lag {
            Command::LagReady(played)
        } else {
            Command::Strike(played)
        };
        commands.write(PlayerCommand::new(command));
        under_way.played = true;
    }
}

/// How long after a click on a panel a click at the table does not strike: a click
/// that slipped off a button or the stroke panel's ball face plays nothing.
const PANEL_CLICK_GRACE: Duration = Duration::from_millis(300);

/// The strike was pressed: by a key, or by a click on the open cloth while aiming (at
/// the break's set-up too, or setting up a lag) — at least a ball's radius clear of
/// every ball and not just after a click on a panel, so that a click meant for a ball
/// never plays a stroke.
fn strike_pressed(actions: &Actions, dragging: &Dragging, session: &Session) -> bool {
    if !actions.just_pressed(Action::Strike) || dragging.0 {
        return false;
    }
    !actions.clicked(Action::Strike) || click_on_open_cloth(actions, session)
}

fn click_on_open_cloth(actions: &Actions, session: &Session) -> bool {
    let balls: Vec<DVec2> = BallId::ALL
        .iter()
        .filter_map(|&b| session.ball(b))
        .map(|k| k.pos.truncate())
        .collect();
    click_may_strike(
        session.table(),
        session.phase(),
        &balls,
        actions.on_cloth,
        actions.since_panel_click,
    )
}

/// Whether a click at `point` on the table (None: not on the table) may strike, the
/// balls standing at `balls` and the last click on a panel `since_panel_click` ago.
fn click_may_strike(
    table: &TableGeometry,
    phase: play::Phase,
    balls: &[DVec2],
    point: Option<DVec2>,
    since_panel_click: Duration,
) -> bool {
    let Some(point) = point else {
        return false;
    };
    let on_bed = point.x.abs() <= table.half_length() && point.y.abs() <= table.half_width();
    let clear_of_balls = balls
        .iter()
        .all(|ball| ball.distance(point) >= 2.0 * table.ball_radius);
    matches!(
        phase,
        play::Phase::Aiming | play::Phase::BreakSetup | play::Phase::Lag
    ) && since_panel_click >= PANEL_CLICK_GRACE
        && on_bed
        && clear_of_balls
}

/// The strike key plays the stroke.
fn strike(
    actions: Res<Actions>,
    dragging: Res<Dragging>,
    session: Res<Session>,
    aim: Res<Aim>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    if strike_pressed(&actions, &dragging, &session) {
        let stroke = aim.stroke(session.cue_ball());
        commands.write(PlayerCommand::new(Command::Strike(stroke)));
    }
}

/// In the lag, the strike or confirm key sets the player's stroke up, hidden (the next
/// lagger comes to the table with their own settings).
fn lag_ready(
    actions: Res<Actions>,
    dragging: Res<Dragging>,
    session: Res<Session>,
    aim: Res<Aim>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    if strike_pressed(&actions, &dragging, &session) || actions.just_pressed(Action::Confirm) {
        let stroke = aim.stroke(session.cue_ball());
        commands.write(PlayerCommand::new(Command::LagReady(stroke)));
    }
}

/// Lag training: the other half of the table (a match ignores it: rule 5 gives each
/// player theirs); the next opponent: alone, the computer, one's own best (ghost).
fn switch_lag_half(
    actions: Res<Actions>,
    session: Res<Session>,
    preferences: Res<Preferences>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    if actions.just_pressed(Action::SwitchLagHalf) {
        commands.write(PlayerCommand::new(LagTrainingCommand::SwitchLagHalf));
    }
    if actions.just_pressed(Action::LagOpponent) {
        let Some(training) = session.lag_training() else {
            return;
        };
        let next = match training.opponent() {
            LagOpponent::Alone => LagOpponent::Computer {
                spread: preferences.lag_computer_spread,
            },
            LagOpponent::Computer { .. } => LagOpponent::Ghost,
            LagOpponent::Ghost => LagOpponent::Alone,
        };
        commands.write(PlayerCommand::new(LagTrainingCommand::LagAgainst(next)));
    }
}

fn confirm_set_up(actions: Res<Actions>, mut commands: MessageWriter<PlayerCommand>) {
    if actions.just_pressed(Action::Confirm) {
        commands.write(PlayerCommand::new(Command::Continue));
    }
}

/// A person goes on from what a computer seat told (its choice of the break): the
/// confirm key or a click.
fn go_on_from_what_was_told(actions: Res<Actions>, mut told: ResMut<Told>) {
    if actions.just_pressed(Action::Confirm) || actions.just_pressed(Action::Strike) {
        told.0 = None;
    }
}

/// Goes on from a lag result, a verdict or the spotting.
fn go_on(actions: Res<Actions>, mut commands: MessageWriter<PlayerCommand>) {
    if actions.just_pressed(Action::Strike) || actions.just_pressed(Action::Confirm) {
        commands.write(PlayerCommand::new(Command::Continue));
    }
}

fn rematch(actions: Res<Actions>, mut commands: MessageWriter<PlayerCommand>) {
    if actions.just_pressed(Action::Confirm) {
        commands.write(PlayerCommand::new(Command::Rematch));
    }
}

fn choose_break(actions: Res<Actions>, mut commands: MessageWriter<PlayerCommand>) {
    let choices = [
        (Action::Choose1, true, BallId::White),
        (Action::Choose2, true, BallId::Dotted),
        (Action::Choose3, false, BallId::White),
        (Action::Choose4, false, BallId::Dotted),
    ];
    for (action, break_it, ball) in choices {
        if actions.just_pressed(action) {
            commands.write(PlayerCommand::new(Command::ChooseBreak { break_it, ball }));
        }
    }
}

fn placing_phase(phase: Res<State<Phase>>) -> bool {
    matches!(**phase, Phase::Aiming | Phase::Verdict)
}

fn practising(session: Option<Res<Session>>) -> bool {
    session.is_some_and(|s| s.settings().mode == Mode::Practice && s.sim().at_rest())
}

/// How near a spot or a diamond line a ball placed with the snap key held goes onto
/// it, m.
const SNAP_M: f64 = 0.04;

/// Practice: pressing on any ball and dragging puts it under the pointer (held on the
/// bed, never on another ball), onto a spot or a diamond line nearby while the snap
/// key is held; the other key plays on with the other white.
fn place_balls(
    actions: Res<Actions>,
    session: Res<Session>,
    mut dragging: ResMut<Dragging>,
    mut held: Local<Option<BallId>>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    if actions.just_pressed(Action::NextCueBall) {
        let other = match session.cue_ball() {
            BallId::White => BallId::Dotted,
            _ => BallId::White,
        };
        commands.write(PlayerCommand::new(PracticeCommand::ChooseCueBall(other)));
    }
    if !actions.pressed(Action::MoveBall) {
        *held = None;
        dragging.0 = false;
        return;
    }
    let Some(point) = actions.on_cloth else {
        return;
    };
    let table = session.table();
    if actions.just_pressed(Action::MoveBall) {
        *held = session
            .sim()
            .ball_states()
            .find(|(_, k)| k.pos.truncate().distance(point) < 1.5 * table.ball_radius)
            .map(|(ball, _)| ball);
        dragging.0 = held.is_some();
    }
    let Some(ball) = *held else { return };
    if actions.pointer_delta == Vec2::ZERO {
        return;
    }
    let at = if actions.pressed(Action::Snap) {
        table.snapped(point, SNAP_M)
    } else {
        point
    };
    commands.write(PlayerCommand::new(PracticeCommand::PlaceBall { ball, at }));
}

/// Practice: take the last stroke back, play it again as it went, or take it back and
/// aim as it was played (retry).
fn undo_and_redo(
    actions: Res<Actions>,
    session: Res<Session>,
    mut aim: ResMut<super::Aim>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    if actions.just_pressed(Action::Undo) {
        commands.write(PlayerCommand::new(PracticeCommand::Undo));
    }
    if actions.just_pressed(Action::Redo) {
        commands.write(PlayerCommand::new(PracticeCommand::Redo));
    }
    if actions.just_pressed(Action::Retry) {
        if let Some(stroke) = session.last_stroke().and_then(|r| r.stroke()) {
            aim.take(&stroke);
        }
        commands.write(PlayerCommand::new(PracticeCommand::Undo));
    }
}

fn declare_and_restore(
    time: Res<Time>,
    actions: Res<Actions>,
    session: Res<Session>,
    mut armed: ResMut<RestoreArmed>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    if actions.just_pressed(Action::DeclareSafety) {
        let declared = !session.declared_safety();
        commands.write(PlayerCommand::new(Command::DeclareSafety(declared)));
    }
    if let Some(timer) = &mut armed.0 {
        timer.tick(time.delta());
        if timer.is_finished() {
            armed.0 = None;
        }
    }
    if actions.just_pressed(Action::RestorePositions) {
        if armed.0.take().is_some() {
            commands.write(PlayerCommand::new(Command::RestorePositions));
        } else {
            armed.0 = Some(Timer::new(RESTORE_CONFIRM, TimerMode::Once));
        }
    }
}

/// Back to the menu: a hot-seat match at once (it is saved and can be resumed there);
/// practice and lag training on a second press, as they are not saved.
fn leave_the_table(
    time: Res<Time<Real>>,
    actions: Res<Actions>,
    session: Res<Session>,
    mut armed: ResMut<LeaveArmed>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if let Some(timer) = &mut armed.0 {
        timer.tick(time.delta());
        if timer.is_finished() {
            armed.0 = None;
        }
    }
    if !actions.just_pressed(Action::Menu) {
        return;
    }
    let saved = session.settings().mode == crate::play::Mode::Match;
    if saved || armed.0.take().is_some() {
        screen.set(Screen::Menu);
    } else {
        armed.0 = Some(Timer::new(LEAVE_CONFIRM, TimerMode::Once));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    #[test]
    fn a_click_strikes_only_on_the_open_cloth_while_aiming() {
        let config = Config::defaults();
        let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
        let r = table.ball_radius;
        let cue_ball = DVec2::new(-0.5, 0.2);
        let balls = [cue_ball, DVec2::new(0.7, 0.0)];
        let settled = Duration::from_secs(1);
        let strikes =
            |phase, point, since| click_may_strike(&table, phase, &balls, Some(point), since);
        let open = DVec2::new(0.2, -0.4);
        assert!(strikes(play::Phase::Aiming, open, settled));
        assert!(strikes(play::Phase::Lag, open, settled));
        assert!(strikes(play::Phase::BreakSetup, open, settled));
        // On a ball, or less than a radius clear of it: never a stroke.
        for point in [cue_ball, cue_ball + DVec2::new(0.0, 1.9 * r), balls[1]] {
            assert!(!strikes(play::Phase::Aiming, point, settled), "{point:?}");
        }
        assert!(strikes(
            play::Phase::Aiming,
            cue_ball + DVec2::new(2.0 * r, 0.0),
            settled
        ));
        // Just after a click on a panel, off the bed, or in a phase that is not aiming.
        assert!(!strikes(
            play::Phase::Aiming,
            open,
            Duration::from_millis(299)
        ));
        let beyond = DVec2::new(table.half_length() + 0.05, 0.0);
        assert!(!strikes(play::Phase::Aiming, beyond, settled));
        for phase in [
            play::Phase::Rolling,
            play::Phase::Verdict,
            play::Phase::Spotting,
        ] {
            assert!(!strikes(phase, open, settled), "{phase:?}");
        }
        assert!(!click_may_strike(
            &table,
            play::Phase::Aiming,
            &balls,
            None,
            settled
        ));
    }
}
