//! Replays of the session's strokes: a key plays the last stroke again on the table
//! (pressed again, the one before, and so on back), with a video's controls: play and
//! pause, step back and on, slower and faster, leave; the balls' paths grow behind
//! them; any camera can watch. The table itself does not change: the replay only moves
//! the balls as drawn, and goes when the table changes.

use crate::config::Action;
use crate::diagram::{line_to_draw, path, position_at};
use crate::input::Actions;
use crate::play::Event;
use crate::play::replays::{Replaying, Replays};
use crate::session::frame::to_bevy;
use crate::session::{
    Ball, BallPoses, GameConfig, GameSystems, PlayEvent, Screen, Session, Watching, at_table,
};
use crate::shot::ShotRecord;
use crate::ui::dock::{Slot, docked};
use crate::ui::widgets::{Tone, keys, set_text, toned};
use crate::words::{ReplayState, words};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Table), start);
    app.add_systems(
        Update,
        (keep_strokes, control, show_status)
            .chain()
            .run_if(at_table)
            .in_set(GameSystems::Present),
    );
    app.add_systems(
        PostUpdate,
        (pose_balls, draw_paths)
            .run_if(at_table.and_then(replaying))
            .after(BallPoses)
            .before(TransformSystems::Propagate),
    );
}

/// The session's strokes and the replay under way.
#[derive(Resource, Default, Deref, DerefMut)]
struct Replay(Replays);

fn start(mut commands: Commands) {
    commands.insert_resource(Replay::default());
    commands.spawn((
        Name::new("Replay"),
        ReplayStatus,
        docked(Slot::Status),
        Visibility::Hidden,
        DespawnOnExit(Screen::Table),
        children![(ReplayText, toned("", 14.0, Tone::Warn))],
    ));
}

fn replaying(replay: Option<Res<Replay>>) -> bool {
    replay.is_some_and(|r| r.playing().is_some())
}

/// Every judged stroke, with its paths, is kept for replay; the replay goes whenever
/// the table changes (a stroke, a new lay-out, a stroke taken back, spotting).
fn keep_strokes(
    mut events: MessageReader<PlayEvent>,
    session: Res<Session>,
    mut replay: ResMut<Replay>,
) {
    for PlayEvent(event) in events.read() {
        if *event == Event::Verdict
            && let Some(record) = session.last_stroke()
        {
            replay.keep(record.clone());
        }
        if matches!(event, Event::Phase(_) | Event::Spotted(_)) {
            replay.stop();
        }
    }
}

/// The replay key starts the last stroke, then each one before (and leaves after the
/// first); the pause key pauses and plays on; the step keys step back and on (paused);
/// the speed keys go slower and faster; the menu key leaves. Time runs on the wall
/// clock.
fn control(
    actions: Res<Actions>,
    time: Res<Time<Real>>,
    mut replay: ResMut<Replay>,
    mut watching: ResMut<Watching>,
) {
    if actions.just_pressed(Action::Replay) {
        replay.back();
    }
    if replay.playing().is_some() {
        if actions.just_pressed(Action::Menu) {
            replay.stop();
        }
        if actions.just_pressed(Action::ReplayPause) {
            replay.toggle_pause();
        }
        replay.faster(
            i32::from(actions.just_pressed(Action::ReplayFaster))
                - i32::from(actions.just_pressed(Action::ReplaySlower)),
        );
    }
    let steps = f64::from(actions.steps(Action::ReplayForward))
        - f64::from(actions.steps(Action::ReplayBack));
    replay.advance(time.delta_secs_f64(), steps);
    let on = replay.playing().is_some();
    if watching.0 != on {
        watching.0 = on;
    }
}

#[derive(Component)]
struct ReplayStatus;

#[derive(Component)]
struct ReplayText;

fn show_status(
    replay: Res<Replay>,
    config: Res<GameConfig>,
    mut status: Single<&mut Visibility, With<ReplayStatus>>,
    mut text: Single<&mut Text, With<ReplayText>>,
) {
    let shown = match replay.playing() {
        Some(playing) => {
            let key = |action| keys(&config.0, action);
            let state = ReplayState {
                stroke: playing.number,
                strokes: playing.kept,
                t: playing.t,
                speed: playing.speed,
                paused: playing.paused,
                keys: [
                    Action::ReplayPause,
                    Action::ReplayBack,
                    Action::ReplayForward,
                    Action::ReplaySlower,
                    Action::ReplayFaster,
                    Action::Replay,
                    Action::Menu,
                ]
                .map(key),
            };
            set_text(&mut text, words().replay_status(&state));
            Visibility::Inherited
        }
        None => Visibility::Hidden,
    };
    if **status != shown {
        **status = shown;
    }
}

/// The balls where the replayed stroke had them at its time.
fn pose_balls(
    replay: Res<Replay>,
    session: Res<Session>,
    mut balls: Query<(&Ball, &mut Transform, &mut Visibility)>,
) {
    if let Some(Replaying { record, t, .. }) = replay.playing() {
        pose_balls_at(record, t, session.table().ball_radius, &mut balls);
    }
}

/// Each ball's path so far.
fn draw_paths(replay: Res<Replay>, session: Res<Session>, mut gizmos: Gizmos) {
    if let Some(Replaying { record, t, .. }) = replay.playing() {
        draw_paths_to(record, t, session.table().ball_radius, &mut gizmos);
    }
}

/// Puts the balls where `record` has them at its time `t`, s (a ball it has not on the
/// table hidden); `ball_radius`, m.
pub(super) fn pose_balls_at(
    record: &ShotRecord,
    t: f64,
    ball_radius: f64,
    balls: &mut Query<(&Ball, &mut Transform, &mut Visibility)>,
) {
    for (ball, mut transform, mut visibility) in balls {
        match position_at(record, ball.0, t) {
            Some(p) => {
                transform.translation = to_bevy(p.extend(ball_radius));
                *visibility = Visibility::Inherited;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}

/// Draws each ball's path in `record` up to its time `t`, s, just over the cloth.
pub(super) fn draw_paths_to(record: &ShotRecord, t: f64, ball_radius: f64, gizmos: &mut Gizmos) {
    let lift = ball_radius * 0.03;
    for &ball in record.trajectories.keys() {
        let points = path(record, ball);
        let so_far = points
            .iter()
            .take_while(|(at, _)| *at <= t)
            .map(|&(_, p)| p)
            .chain(position_at(record, ball, t));
        gizmos.linestrip(
            line_to_draw(so_far)
                .into_iter()
                .map(|p| to_bevy(p.extend(lift))),
            Color::srgba(1.0, 0.9, 0.4, 0.9),
        );
    }
}
