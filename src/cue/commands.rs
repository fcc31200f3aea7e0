//! From actions to the match's commands, by phase: strike or get ready, drag a ball
//! where the rules allow, go on, choose the break, declare a safety, restore, leave.

use super::{Actions, Aim};
use crate::ball::BallId;
use crate::config::CueAction;
use crate::game::{CueBall, GameSystems, MatchCommand, Phase, Screen, Session, TableSimulation};
use bevy::prelude::*;
use std::time::Duration;

/// A ball is being dragged with the pointer.
#[derive(Resource, Default)]
pub struct Dragging(pub bool);

/// Rule 22 asks both players to agree: the first press arms the restore, a second
/// press within this time does it.
const RESTORE_CONFIRM: Duration = Duration::from_secs(4);

/// When the restore was armed, if it is.
#[derive(Resource, Default)]
pub struct RestoreArmed(pub Option<Timer>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dragging>();
    app.init_resource::<RestoreArmed>();
    app.add_systems(
        Update,
        (
            drag_ball.run_if(in_state(Phase::Lag).or_else(in_state(Phase::BreakSetup))),
            strike_or_go_on.run_if(resource_exists::<State<Phase>>),
            choose_break.run_if(in_state(Phase::ChooseBreak)),
            declare_and_restore
                .run_if(in_state(Phase::Aiming).or_else(in_state(Phase::BreakSetup))),
            leave_the_table.run_if(not(in_state(Screen::Menu))),
        )
            .chain()
            .after(super::actions::read_actions)
            .in_set(GameSystems::Input),
    );
}

/// Pressing on the ball the rules let the player move, and dragging it: in the lag the
/// player's own ball, at the break set-up the breaker's ball along the head string.
fn drag_ball(
    actions: Res<Actions>,
    phase: Res<State<Phase>>,
    cue_ball: Res<CueBall>,
    sim: Res<TableSimulation>,
    mut dragging: ResMut<Dragging>,
    mut commands: MessageWriter<MatchCommand>,
) {
    if !actions.pressed(CueAction::MoveBall) {
        dragging.0 = false;
        return;
    }
    let Some(point) = actions.on_cloth else {
        return;
    };
    let Some((_, ball)) = sim.0.ball_states().find(|(id, _)| *id == cue_ball.0) else {
        return;
    };
    let table = sim.0.table();
    if actions.just_pressed(CueAction::MoveBall) {
        dragging.0 = point.distance(ball.pos.truncate()) < 2.0 * table.ball_radius;
    }
    if !dragging.0 || actions.pointer_delta == Vec2::ZERO {
        return;
    }
    commands.write(match **phase {
        Phase::Lag => MatchCommand::PlaceLagBall(point),
        _ => MatchCommand::MoveBreakBall(point.y - table.spot(crate::table::Spot::Head).y),
    });
}

/// The strike key plays the stroke (or, in the lag, sets it up hidden); the confirm
/// key goes on from what is shown.
fn strike_or_go_on(
    actions: Res<Actions>,
    phase: Res<State<Phase>>,
    dragging: Res<Dragging>,
    cue_ball: Res<CueBall>,
    mut aim: ResMut<Aim>,
    mut commands: MessageWriter<MatchCommand>,
) {
    let strike = actions.just_pressed(CueAction::Strike) && !dragging.0;
    let confirm = actions.just_pressed(CueAction::Confirm);
    match **phase {
        Phase::Aiming | Phase::BreakSetup if strike => {
            commands.write(MatchCommand::Strike(aim.stroke(cue_ball.0)));
        }
        Phase::BreakSetup if confirm => {
            commands.write(MatchCommand::Continue);
        }
        Phase::Lag if strike || confirm => {
            commands.write(MatchCommand::LagReady(aim.stroke(cue_ball.0)));
            // The next player must not see this player's settings.
            *aim = Aim::lag();
        }
        Phase::LagResult | Phase::Verdict | Phase::Spotting if strike || confirm => {
            commands.write(MatchCommand::Continue);
        }
        Phase::GameOver if confirm => {
            commands.write(MatchCommand::Rematch);
        }
        _ => {}
    }
}

fn choose_break(actions: Res<Actions>, mut commands: MessageWriter<MatchCommand>) {
    let choices = [
        (CueAction::Choose1, true, BallId::White),
        (CueAction::Choose2, true, BallId::Dotted),
        (CueAction::Choose3, false, BallId::White),
        (CueAction::Choose4, false, BallId::Dotted),
    ];
    for (action, break_it, ball) in choices {
        if actions.just_pressed(action) {
            commands.write(MatchCommand::ChooseBreak { break_it, ball });
        }
    }
}

fn declare_and_restore(
    time: Res<Time>,
    actions: Res<Actions>,
    session: Res<Session>,
    mut armed: ResMut<RestoreArmed>,
    mut commands: MessageWriter<MatchCommand>,
) {
    if actions.just_pressed(CueAction::DeclareSafety) {
        commands.write(MatchCommand::DeclareSafety(!session.declared_safety));
    }
    if let Some(timer) = &mut armed.0 {
        timer.tick(time.delta());
        if timer.is_finished() {
            armed.0 = None;
        }
    }
    if actions.just_pressed(CueAction::RestorePositions) {
        if armed.0.take().is_some() {
            commands.write(MatchCommand::RestorePositions);
        } else {
            armed.0 = Some(Timer::new(RESTORE_CONFIRM, TimerMode::Once));
        }
    }
}

/// Back to the menu; a hot-seat match is saved and can be resumed there.
fn leave_the_table(actions: Res<Actions>, mut screen: ResMut<NextState<Screen>>) {
    if actions.just_pressed(CueAction::Menu) {
        screen.set(Screen::Menu);
    }
}
