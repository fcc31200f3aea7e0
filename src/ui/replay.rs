//! Replays of the session's strokes: a key plays the last stroke again on the table
//! (pressed again, the one before, and so on back), with a video's controls: play and
//! pause, step back and on, slower and faster, leave; the balls' paths grow behind
//! them; any camera can watch. The table itself does not change: the replay only moves
//! the balls as drawn, and goes when the table changes.

use crate::config::Action;
use crate::diagram::{line_to_draw, path, position_at};
use crate::input::Actions;
use crate::play::Event;
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

/// Strokes kept for replay, the oldest dropped first.
const KEPT: usize = 100;
/// Path samples kept for replay in all, the oldest strokes dropped first (the last
/// stroke is kept whatever its length). A sample is 32 bytes: at most 32 MB. A stroke
/// sampled at the diagram's 200 Hz keeps 6 kB a ball and second (10 s of three balls:
/// 192 kB), so the count (`KEPT`) is what bounds a session's usual strokes.
const KEPT_SAMPLES: usize = 1_000_000;
/// The speeds a replay plays at, slowest first, and the one it starts at.
const SPEEDS: [f64; 6] = [0.1, 0.2, 0.5, 1.0, 1.5, 2.0];
const NORMAL: usize = 3;
/// A step back or on, s of the stroke's time.
const STEP_S: f64 = 0.02;
/// How long the end of a replay stays before the table comes back, s.
const HOLD_S: f64 = 1.5;

/// The session's strokes and the replay under way.
#[derive(Resource)]
struct Replay {
    strokes: Vec<ShotRecord>,
    /// The stroke replayed (an index into `strokes`) and its time, s.
    playing: Option<(usize, f64)>,
    /// An index into `SPEEDS`.
    speed: usize,
    paused: bool,
}

impl Default for Replay {
    fn default() -> Self {
        Replay {
            strokes: Vec::new(),
            playing: None,
            speed: NORMAL,
            paused: false,
        }
    }
}

impl Replay {
    /// Keeps `record` as the newest stroke, within `KEPT` and `KEPT_SAMPLES`.
    fn keep(&mut self, record: ShotRecord) {
        self.strokes.push(record);
        let samples = |r: &ShotRecord| r.trajectories.values().map(Vec::len).sum::<usize>();
        let mut kept: usize = self.strokes.iter().map(samples).sum();
        let mut dropped = 0;
        while self.strokes.len() - dropped > 1
            && (self.strokes.len() - dropped > KEPT || kept > KEPT_SAMPLES)
        {
            kept -= samples(&self.strokes[dropped]);
            dropped += 1;
        }
        self.strokes.drain(..dropped);
    }
}

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
    replay.is_some_and(|r| r.playing.is_some())
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
            replay.playing = None;
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
        replay.playing = match replay.playing {
            None => replay.strokes.len().checked_sub(1).map(|last| (last, 0.0)),
            Some((0, _)) => None,
            Some((i, _)) => Some((i - 1, 0.0)),
        };
        replay.paused = false;
    }
    if replay.playing.is_some() {
        if actions.just_pressed(Action::Menu) {
            replay.playing = None;
        }
        if actions.just_pressed(Action::ReplayPause) {
            replay.paused = !replay.paused;
        }
        let faster = i32::from(actions.just_pressed(Action::ReplayFaster))
            - i32::from(actions.just_pressed(Action::ReplaySlower));
        replay.speed = (replay.speed as i32 + faster).clamp(0, SPEEDS.len() as i32 - 1) as usize;
    }
    let step = f64::from(actions.steps(Action::ReplayForward))
        - f64::from(actions.steps(Action::ReplayBack));
    if step != 0.0 {
        replay.paused = true;
    }
    let dt = if replay.paused {
        step * STEP_S
    } else {
        time.delta_secs_f64() * SPEEDS[replay.speed]
    };
    let Replay {
        strokes,
        playing,
        paused,
        ..
    } = &mut *replay;
    if let Some((i, t)) = playing {
        let duration = strokes[*i].duration;
        *t = (*t + dt).clamp(0.0, duration + HOLD_S);
        // Played on to its end, it goes; paused, it stays at the end.
        if !*paused && *t >= duration + HOLD_S {
            *playing = None;
        }
    }
    let on = replay.playing.is_some();
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
    let shown = match replay.playing {
        Some((i, t)) => {
            let key = |action| keys(&config.0, action);
            let state = ReplayState {
                stroke: i + 1,
                strokes: replay.strokes.len(),
                t,
                speed: SPEEDS[replay.speed],
                paused: replay.paused,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shot::BallId;

    /// A record whose white ball has `samples` path samples; its duration tells it apart.
    fn record(samples: usize, duration: f64) -> ShotRecord {
        ShotRecord {
            trajectories: [(BallId::White, vec![[0.0; 4]; samples])].into(),
            duration,
            ..ShotRecord::default()
        }
    }

    #[test]
    fn the_replay_keeps_the_last_strokes_within_their_count() {
        let mut replay = Replay::default();
        for n in 0..KEPT + 30 {
            replay.keep(record(1_000, n as f64));
        }
        assert_eq!(replay.strokes.len(), KEPT);
        assert_eq!(replay.strokes[0].duration, 30.0);
        assert_eq!(replay.strokes[KEPT - 1].duration, (KEPT + 29) as f64);
    }

    #[test]
    fn long_strokes_are_kept_within_the_samples_and_the_last_one_always() {
        let mut replay = Replay::default();
        for n in 0..10 {
            replay.keep(record(KEPT_SAMPLES / 3, n as f64));
        }
        let durations: Vec<f64> = replay.strokes.iter().map(|r| r.duration).collect();
        assert_eq!(durations, [7.0, 8.0, 9.0]);
        replay.keep(record(2 * KEPT_SAMPLES, 10.0));
        assert_eq!(replay.strokes.len(), 1);
        assert_eq!(replay.strokes[0].duration, 10.0);
    }
}
