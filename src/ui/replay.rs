//! Replays of the session's strokes: a key plays the last stroke again on the table
//! (pressed again, the one before, and so on back), at normal speed or slowed down, or
//! paused and stepped; the balls' paths grow behind them; any camera can watch. The
//! table itself does not change: the replay only moves the balls as drawn.

use crate::config::Action;
use crate::diagram::{path, position_at};
use crate::game::frame::to_bevy;
use crate::game::{Ball, BallPoses, GameConfig, GameSystems, PlayEvent, Screen, Session, at_table};
use crate::input::Actions;
use crate::play::Event;
use crate::shot::ShotRecord;
use crate::ui::widgets::{Tone, keys, set_text, toned};
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

/// Strokes kept for replay, the oldest dropped first.
const KEPT: usize = 100;
/// The slow-motion speed.
const SLOW: f64 = 0.2;
/// A step while paused, s of the stroke's time.
const STEP_S: f64 = 0.02;
/// How long the end of a replay stays before the table comes back, s.
const HOLD_S: f64 = 1.5;

/// The session's strokes and the replay under way.
#[derive(Resource, Default)]
struct Replay {
    strokes: Vec<ShotRecord>,
    /// The stroke replayed (an index into `strokes`) and its time, s.
    playing: Option<(usize, f64)>,
    slow: bool,
    paused: bool,
}

fn start(mut commands: Commands) {
    commands.insert_resource(Replay::default());
    commands.spawn((
        Name::new("Replay"),
        ReplayStatus,
        // Between the scoreboard and the help hint.
        Node {
            position_type: PositionType::Absolute,
            top: px(10),
            left: px(460),
            right: px(130),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Visibility::Hidden,
        DespawnOnExit(Screen::Table),
        children![(ReplayText, toned("", 16.0, Tone::Warn))],
    ));
}

fn replaying(replay: Option<Res<Replay>>) -> bool {
    replay.is_some_and(|r| r.playing.is_some())
}

/// Every judged stroke, with its paths, is kept for replay.
fn keep_strokes(
    mut events: MessageReader<PlayEvent>,
    session: Res<Session>,
    mut replay: ResMut<Replay>,
) {
    for PlayEvent(event) in events.read() {
        if *event == Event::Verdict
            && let Some(record) = session.last_stroke()
        {
            if replay.strokes.len() == KEPT {
                replay.strokes.remove(0);
            }
            replay.strokes.push(record.clone());
        }
        if matches!(event, Event::Phase(crate::play::Phase::Rolling)) {
            // A new stroke: the table is the truth again.
            replay.playing = None;
        }
    }
}

/// The replay key starts the last stroke, then each one before; the slow key toggles
/// slow motion; the step key pauses, then steps. Time runs on the wall clock.
fn control(actions: Res<Actions>, time: Res<Time<Real>>, mut replay: ResMut<Replay>) {
    if actions.just_pressed(Action::Replay) {
        replay.playing = match replay.playing {
            None => replay.strokes.len().checked_sub(1).map(|last| (last, 0.0)),
            Some((0, _)) => None,
            Some((i, _)) => Some((i - 1, 0.0)),
        };
        replay.paused = false;
    }
    if actions.just_pressed(Action::ReplaySlow) {
        replay.slow = !replay.slow;
    }
    let stepped = actions.just_pressed(Action::ReplayStep);
    if stepped && !replay.paused {
        replay.paused = true;
        return;
    }
    let speed = if replay.slow { SLOW } else { 1.0 };
    let dt = if replay.paused {
        if stepped { STEP_S } else { 0.0 }
    } else {
        time.delta_secs_f64() * speed
    };
    let Replay {
        strokes, playing, ..
    } = &mut *replay;
    if let Some((i, t)) = playing {
        *t += dt;
        if *t > strokes[*i].duration + HOLD_S {
            *playing = None;
        }
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
    let shown = match replay.playing {
        Some((i, t)) => {
            let state = match (replay.paused, replay.slow) {
                (true, _) => "paused".to_owned(),
                (false, true) => format!("slow motion ({SLOW}x)"),
                (false, false) => "normal speed".to_owned(),
            };
            set_text(
                &mut text,
                format!(
                    "Replay {}/{}: {t:.2} s, {state}\n{}: earlier, {}: slow, {}: pause / step",
                    i + 1,
                    replay.strokes.len(),
                    keys(&config.0, Action::Replay),
                    keys(&config.0, Action::ReplaySlow),
                    keys(&config.0, Action::ReplayStep),
                ),
            );
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
    let Some((i, t)) = replay.playing else { return };
    let record = &replay.strokes[i];
    let lift = session.table().ball_radius;
    for (ball, mut transform, mut visibility) in &mut balls {
        match position_at(record, ball.0, t) {
            Some(p) => {
                transform.translation = to_bevy(p.extend(lift));
                *visibility = Visibility::Inherited;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}

/// Each ball's path so far.
fn draw_paths(replay: Res<Replay>, session: Res<Session>, mut gizmos: Gizmos) {
    let Some((i, t)) = replay.playing else { return };
    let record = &replay.strokes[i];
    let lift = session.table().ball_radius * 0.03;
    for &ball in record.trajectories.keys() {
        let points = path(record, ball);
        gizmos.linestrip(
            points
                .iter()
                .take_while(|(at, _)| *at <= t)
                .map(|&(_, p)| to_bevy(p.extend(lift)))
                .chain(position_at(record, ball, t).map(|p| to_bevy(p.extend(lift)))),
            Color::srgba(1.0, 0.9, 0.4, 0.9),
        );
    }
}
