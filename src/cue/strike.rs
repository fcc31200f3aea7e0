//! The stroke from the player's actions: strike (or, in the lag, get ready), by a key,
//! a click on the open cloth or a mouse stroke; and moving a ball by hand where the rules
//! allow (the lag, the break's set-up, any ball in practice). Each system runs only where
//! the match takes what it sends; the table's other commands are `table_commands`'.

use super::aim::{Aim, Dragging};
use crate::config::Action;
use crate::input::Actions;
use crate::math::DVec2;
use crate::play::{self, Command, PracticeCommand};
use crate::session::{
    GameSystems, ModeSystems, PersonSystems, Phase, PlayerCommand, Session, at_table, balls_at_rest,
};
use crate::shot::{BallId, Spot};
use crate::table::TableGeometry;
use bevy::prelude::*;
use std::time::Duration;

fn can_move_ball(session: Option<Res<Session>>) -> bool {
    session.is_some_and(|s| s.can_move_ball())
}

fn can_strike(session: Option<Res<Session>>) -> bool {
    session.is_some_and(|s| s.can_strike())
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dragging>();
    app.add_systems(
        Update,
        (
            drag_ball.run_if(can_move_ball).in_set(PersonSystems),
            // Before the strike: a press on a ball picks it up instead.
            place_balls
                .run_if(balls_at_rest.and_then(placing_phase))
                .in_set(ModeSystems::Practice),
            stroke_with_mouse.run_if(can_strike).in_set(PersonSystems),
            strike
                .run_if(can_strike.and_then(not(in_state(Phase::Lag))))
                .in_set(PersonSystems),
            lag_ready
                .run_if(can_strike.and_then(in_state(Phase::Lag)))
                .in_set(PersonSystems),
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

fn placing_phase(phase: Res<State<Phase>>) -> bool {
    matches!(**phase, Phase::Aiming | Phase::Verdict)
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
