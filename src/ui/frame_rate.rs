//! Frames per second: a readout in the corner (a setting), and `carom --frame-rate`,
//! which turns the cue as a player aiming would, plays a break-like stroke in practice
//! and reports the frame rate while aiming and while the balls roll, and the time the
//! game's own systems take per frame, then exits.

use super::dock::Slot;
use super::widgets::{Tone, toned};
use crate::cue::Aim;
use crate::play::Command;
use crate::session::{Phase, PlayerCommand, Preferences, Session};
use crate::shot::Stroke;
use bevy::app::{RunFixedMainLoop, RunFixedMainLoopSystems, SpawnScene};
use bevy::prelude::*;
use std::time::{Duration, Instant};

/// Asked for on the command line: measure, print, exit.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct FrameRateTest;

/// Frame times over the last second, for the readout.
#[derive(Resource, Default)]
struct Recent(Vec<Duration>);

/// Frame times, and the time of the game's systems in each of those frames.
#[derive(Default)]
struct Frames {
    frames: Vec<Duration>,
    systems: Vec<Duration>,
}

impl Frames {
    fn push(&mut self, frame: Duration, systems: Duration) {
        self.frames.push(frame);
        self.systems.push(systems);
    }

    fn len(&self) -> usize {
        self.frames.len()
    }

    fn seconds(&self) -> f64 {
        self.frames.iter().map(Duration::as_secs_f64).sum()
    }

    /// "while ...: 25.0 fps (...); game systems: median ... ms a frame".
    fn report(&self, while_: &str) {
        let seconds = self.seconds();
        let mut systems: Vec<f64> = self
            .systems
            .iter()
            .map(|d| d.as_secs_f64() * 1000.0)
            .collect();
        systems.sort_by(f64::total_cmp);
        let median = systems.get(systems.len() / 2).copied().unwrap_or(0.0);
        println!(
            "frame rate while {while_}: {:.1} fps ({} frames in {seconds:.1} s); game systems: median {median:.2} ms a frame",
            self.len() as f64 / seconds,
            self.len(),
        );
    }
}

/// What the measurement has seen: the frames while the cue turned and while the balls
/// rolled.
#[derive(Resource, Default)]
struct Measured {
    aiming: Frames,
    rolling_frames: Frames,
    /// The balls were rolling last frame.
    rolling: bool,
    /// When the game's systems of this frame started, and how long they took.
    started: Option<Instant>,
    this_frame: Duration,
}

#[derive(Component)]
struct Readout;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Recent>();
    app.add_systems(OnEnter(crate::session::Screen::Table), spawn_readout);
    app.add_systems(Update, show_readout.run_if(crate::session::at_table));
    if app.world().contains_resource::<FrameRateTest>() {
        app.init_resource::<Measured>();
        // The whole of Update is timed: the game's systems run there, in any order
        // among themselves that their sets allow.
        app.add_systems(
            RunFixedMainLoop,
            start_clock.in_set(RunFixedMainLoopSystems::AfterFixedMainLoop),
        );
        app.add_systems(SpawnScene, (stop_clock, play_and_measure).chain());
    }
}

fn spawn_readout(mut commands: Commands) {
    // Under the key hint.
    commands.spawn((
        Readout,
        toned("", 14.0, Tone::Dim),
        Slot::Hint,
        DespawnOnExit(crate::session::Screen::Table),
    ));
}

fn show_readout(
    time: Res<Time<Real>>,
    preferences: Res<Preferences>,
    mut recent: ResMut<Recent>,
    mut readout: Single<(&mut Text, &mut Visibility), With<Readout>>,
) {
    let (text, visibility) = &mut *readout;
    **visibility = if preferences.show_frame_rate {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    recent.0.push(time.delta());
    let mut total: Duration = recent.0.iter().sum();
    while total > Duration::from_secs(1) && recent.0.len() > 1 {
        total -= recent.0.remove(0);
    }
    if preferences.show_frame_rate && !total.is_zero() {
        let fps = recent.0.len() as f64 / total.as_secs_f64();
        super::widgets::set_text(text, format!("{fps:.1} fps"));
    }
}

fn start_clock(mut measured: ResMut<Measured>) {
    measured.started = Some(Instant::now());
}

fn stop_clock(mut measured: ResMut<Measured>) {
    if let Some(started) = measured.started.take() {
        measured.this_frame = started.elapsed();
    }
}

/// Frames to draw at the table before the first stroke (the first ones compile shaders),
/// and the least number of rolling frames to report on.
const WARM_UP_FRAMES: u32 = 20;
const FRAMES_TO_MEASURE: usize = 20;
/// Frames the cue turns for before the first stroke, half a degree each, and the least
/// time they take: 60 frames of the low preset on software rendering (3 s) gave rates
/// 16 to 22 fps from run to run, 300 frames 19.8 to 20.9.
const AIMING_FRAMES: usize = 60;
const AIMING_SECONDS: f64 = 10.0;

/// Once the table is warm, turns the cue and keeps those frames' times; strikes; keeps
/// the frame times while the balls roll; strikes again until enough frames are
/// measured; prints the figures and exits.
fn play_and_measure(
    time: Res<Time<Real>>,
    session: Option<Res<Session>>,
    phase: Option<Res<State<Phase>>>,
    mut warm: Local<u32>,
    mut measured: ResMut<Measured>,
    mut aim: ResMut<Aim>,
    mut commands: MessageWriter<PlayerCommand>,
    mut exit: MessageWriter<AppExit>,
) {
    let (Some(session), Some(phase)) = (session, phase) else {
        return;
    };
    if !session.sim().at_rest() {
        // The frame that struck is not a rolling one yet.
        if measured.rolling {
            let systems = measured.this_frame;
            measured.rolling_frames.push(time.delta(), systems);
        }
        measured.rolling = true;
        return;
    }
    measured.rolling = false;
    *warm += 1;
    if measured.rolling_frames.len() >= FRAMES_TO_MEASURE {
        measured.aiming.report("aiming");
        measured.rolling_frames.report("the balls rolled");
        exit.write(AppExit::Success);
        return;
    }
    match **phase {
        // A measuring run never waits for a person: at a slow preset one stroke gives
        // too few frames, and the next comes after its verdict.
        Phase::BreakSetup | Phase::Verdict | Phase::Spotting => {
            commands.write(PlayerCommand::new(Command::Continue));
        }
        Phase::GameOver => {
            measured.aiming.report("aiming");
            measured.rolling_frames.report("the balls rolled");
            exit.write(AppExit::Success);
        }
        Phase::Aiming if *warm >= WARM_UP_FRAMES => {
            let aimed_enough = measured.aiming.len() >= AIMING_FRAMES
                && measured.aiming.seconds() >= AIMING_SECONDS;
            if measured.rolling_frames.len() == 0 && !aimed_enough {
                // The first turned frame follows a still one.
                if *warm > WARM_UP_FRAMES {
                    let systems = measured.this_frame;
                    measured.aiming.push(time.delta(), systems);
                }
                aim.direction_deg += 0.5;
                return;
            }
            // Firm, with side: a long stroke round the table.
            let stroke = Stroke {
                side: 0.3,
                ..Stroke::new(session.cue_ball(), 12.0, 5.0)
            };
            commands.write(PlayerCommand::new(Command::Strike(stroke)));
        }
        _ => {}
    }
}
