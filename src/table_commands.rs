//! The table's commands from the player's actions, other than the stroke (`cue`): go on
//! (a result, a verdict, the spotting, the set-up, what a computer told), a rematch, the
//! lag winner's choice of the break, lag training's half and opponent, a declared
//! safety and rule 22's restore, practice's undo, redo and retry, and leaving the table.
//! Each system runs only where the match takes what it sends.

use crate::config::Action;
use crate::cue::Aim;
use crate::input::Actions;
use crate::play::{Command, LagOpponent, LagTrainingCommand, Mode, PracticeCommand};
use crate::session::{
    ClubNightMatch, GameSystems, ModeSystems, PersonSystems, Phase, PlayerCommand, Preferences,
    Screen, Session, Told, Watching, at_table, balls_at_rest,
};
use crate::shot::BallId;
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

fn can_restore(session: Option<Res<Session>>) -> bool {
    session.is_some_and(|s| s.can_restore())
}

pub fn plugin(app: &mut App) {
    app.init_resource::<RestoreArmed>();
    app.init_resource::<LeaveArmed>();
    let showing = in_state(Phase::LagResult)
        .or_else(in_state(Phase::Verdict))
        .or_else(in_state(Phase::Spotting));
    app.add_systems(
        Update,
        (
            switch_lag_half
                .run_if(in_state(Phase::Lag))
                .in_set(ModeSystems::LagTraining)
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
            undo_and_redo
                .run_if(balls_at_rest)
                .in_set(ModeSystems::Practice),
            leave_the_table
                .run_if(in_state(Screen::Table))
                .run_if(|watching: Res<Watching>| !watching.0),
        )
            .chain()
            .run_if(at_table)
            .in_set(GameSystems::Input),
    );
}

fn confirm_set_up(actions: Res<Actions>, mut commands: MessageWriter<PlayerCommand>) {
    if actions.just_pressed(Action::Confirm) {
        commands.write(PlayerCommand::new(Command::Continue));
    }
}

/// Goes on from a lag result, a verdict or the spotting.
fn go_on(actions: Res<Actions>, mut commands: MessageWriter<PlayerCommand>) {
    if actions.just_pressed(Action::Strike) || actions.just_pressed(Action::Confirm) {
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

/// A rematch; a club night's match goes back to the club night instead (leaving its
/// table for the menu does).
fn rematch(
    actions: Res<Actions>,
    club_night: Option<Res<ClubNightMatch>>,
    mut commands: MessageWriter<PlayerCommand>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if !actions.just_pressed(Action::Confirm) {
        return;
    }
    match club_night {
        Some(_) => screen.set(Screen::Menu),
        None => {
            commands.write(PlayerCommand::new(Command::Rematch));
        }
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
    if actions.just_pressed(Action::TimeOut) {
        commands.write(PlayerCommand::new(Command::TimeOut));
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

/// Practice: take the last stroke back, play it again as it went, or take it back and
/// aim as it was played (retry).
fn undo_and_redo(
    actions: Res<Actions>,
    session: Res<Session>,
    mut aim: ResMut<Aim>,
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
    let saved = session.mode() == Mode::Match;
    if saved || armed.0.take().is_some() {
        screen.set(Screen::Menu);
    } else {
        armed.0 = Some(Timer::new(LEAVE_CONFIRM, TimerMode::Once));
    }
}
