//! The table's sounds in the game: one endless stereo source plays `sound`'s mix bus;
//! each contact of the stroke under way is synthesised as its event arrives, panned by
//! where it happened relative to the table's camera and started on the bus as far into
//! the frame as it happened; the rolling balls' rumble follows their speeds every frame.
//! The bus limits its sum (Bevy's audio has no master bus); the player's volume
//! (`GlobalVolume`, set from the preferences) is applied to the bus's sink whenever it
//! changes, since Bevy applies it only to sounds that start after.
//!
//! Clock: `Update`, after the rules' systems have advanced the match by the frame's
//! real time (the events of that frame); the camera's pose is last frame's.

use crate::math::DVec3;
use crate::play::{ClockTick, Event};
use crate::session::frame::to_table;
use crate::session::{GameSystems, PlayEvent, Session, TableCamera};
use crate::sound::{Ear, Foley, Mixer, Place, SAMPLE_RATE, clock_signal, rolling_speed};
use bevy::audio::{AddAudioSource, ChannelCount, SampleRate, Source};
use bevy::prelude::*;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Frames the source renders from the bus at a time (5.8 ms).
const BLOCK_FRAMES: usize = 256;

/// The longest a contact waits on the bus to keep its place in the frame, s.
const MAX_WAIT_S: f64 = 0.1;

/// The mix bus as an audio source: endless, stereo, at [`SAMPLE_RATE`].
#[derive(Asset, TypePath, Clone)]
pub struct Bus {
    mixer: Arc<Mutex<Mixer>>,
}

pub struct BusDecoder {
    mixer: Arc<Mutex<Mixer>>,
    block: Vec<f32>,
    at: usize,
}

impl Iterator for BusDecoder {
    type Item = f32;

    fn next(&mut self) -> Option<f32> {
        if self.at == self.block.len() {
            match self.mixer.lock() {
                Ok(mut mixer) => mixer.render(&mut self.block),
                Err(_) => self.block.fill(0.0),
            }
            self.at = 0;
        }
        let sample = self.block[self.at];
        self.at += 1;
        Some(sample)
    }
}

impl Source for BusDecoder {
    fn current_span_len(&self) -> Option<usize> {
        None
    }

    fn channels(&self) -> ChannelCount {
        ChannelCount::new(2).expect("two channels")
    }

    fn sample_rate(&self) -> SampleRate {
        SampleRate::new(SAMPLE_RATE).expect("a sample rate")
    }

    fn total_duration(&self) -> Option<Duration> {
        None
    }
}

impl Decodable for Bus {
    type Decoder = BusDecoder;

    fn decoder(&self) -> BusDecoder {
        BusDecoder {
            mixer: self.mixer.clone(),
            block: vec![0.0; 2 * BLOCK_FRAMES],
            at: 2 * BLOCK_FRAMES,
        }
    }
}

/// The bus the game feeds, and what turns events into sounds.
#[derive(Resource)]
struct TableSounds {
    mixer: Arc<Mutex<Mixer>>,
    foley: Foley,
}

/// The entity playing the bus.
#[derive(Component)]
struct BusPlayer;

pub(super) fn plugin(app: &mut App) {
    app.add_audio_source::<Bus>();
    app.add_systems(Startup, start_bus);
    app.add_systems(
        Update,
        (hear_contacts, hear_the_clock, roll, follow_volume)
            .chain()
            .after(GameSystems::Rules),
    );
}

fn start_bus(mut commands: Commands, mut buses: ResMut<Assets<Bus>>) {
    let mixer = Arc::new(Mutex::new(Mixer::new(1)));
    let bus = buses.add(Bus {
        mixer: mixer.clone(),
    });
    commands.insert_resource(TableSounds {
        mixer,
        foley: Foley::new(20),
    });
    commands.spawn((
        Name::new("Sound bus"),
        BusPlayer,
        AudioPlayer(bus),
        PlaybackSettings::ONCE,
    ));
}

/// The listener: the table's camera (the first 3D camera to render), in the table
/// frame.
fn ear(cameras: &Query<(&Camera, &GlobalTransform), With<TableCamera>>) -> Option<Ear> {
    let (_, pose) = cameras
        .iter()
        .filter(|(c, _)| c.is_active)
        .min_by_key(|(c, _)| c.order)?;
    Some(Ear {
        at: to_table(pose.translation()),
        right: to_table(*pose.right()),
        forward: to_table(*pose.forward()),
    })
}

/// Where a contact happened, m in the table frame (the table's centre for a ball no
/// longer on it).
fn position(session: Option<&Session>, place: Place) -> DVec3 {
    let ball = |id| {
        session
            .and_then(|s| s.ball(id))
            .map_or(DVec3::ZERO, |k| k.pos)
    };
    match place {
        Place::Ball(id) => ball(id),
        Place::Between(a, b) => (ball(a) + ball(b)) / 2.0,
        Place::At([x, y]) => DVec3::new(x, y, 0.0),
    }
}

/// Starts each contact of the frame's events on the bus.
fn hear_contacts(
    mut events: MessageReader<PlayEvent>,
    sounds: Option<ResMut<TableSounds>>,
    session: Option<Res<Session>>,
    cameras: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    time: Res<Time<Real>>,
) {
    let Some(mut sounds) = sounds else { return };
    let ear = ear(&cameras).unwrap_or(Ear {
        at: DVec3::new(-2.5, 0.0, 1.5),
        right: -DVec3::Y,
        forward: DVec3::X,
    });
    // The frame began this long before the simulation's time now.
    let now = session.as_ref().map(|s| s.sim().time());
    let frame_s = time.delta_secs_f64().min(MAX_WAIT_S);
    // Made before the bus is locked: the audio thread waits on the lock.
    let mut heard = Vec::new();
    for PlayEvent(event) in events.read() {
        let Event::Shot(event) = event else {
            continue;
        };
        let Some(sound) = sounds.foley.hear(&event.kind) else {
            continue;
        };
        let gains = ear.gains(position(session.as_deref(), sound.place));
        let wait_s = now.map_or(0.0, |now| (event.t - (now - frame_s)).clamp(0.0, frame_s));
        heard.push((
            sound.samples,
            gains,
            (wait_s * f64::from(SAMPLE_RATE)) as usize,
        ));
    }
    if heard.is_empty() {
        return;
    }
    let Ok(mut mixer) = sounds.mixer.lock() else {
        return;
    };
    for (samples, gains, wait) in heard {
        mixer.play_in(samples, gains, wait);
    }
}

/// The shot clock's warning and its end, on the bus.
fn hear_the_clock(mut events: MessageReader<PlayEvent>, sounds: Option<Res<TableSounds>>) {
    let Some(sounds) = sounds else { return };
    for PlayEvent(event) in events.read() {
        let tones = match event {
            Event::Clock(ClockTick::Warning) => 2,
            Event::Clock(ClockTick::RanOut) => 3,
            _ => continue,
        };
        if let Ok(mut mixer) = sounds.mixer.lock() {
            mixer.play(clock_signal(tones), [0.7, 0.7]);
        }
    }
}

/// The rumble follows the speeds of the balls rolling on the cloth.
fn roll(sounds: Option<Res<TableSounds>>, session: Option<Res<Session>>) {
    let Some(sounds) = sounds else { return };
    let speed = session.map_or(0.0, |s| {
        rolling_speed(
            s.sim().ball_states().map(|(_, k)| (k.pos, k.vel)),
            s.table().ball_radius,
        )
    });
    if let Ok(mut mixer) = sounds.mixer.lock() {
        mixer.set_rolling(speed);
    }
}

/// The player's volume on the bus's sink.
fn follow_volume(global: Res<GlobalVolume>, mut sinks: Query<&mut AudioSink, With<BusPlayer>>) {
    for mut sink in &mut sinks {
        if sink.volume().to_linear() != global.volume.to_linear() {
            sink.set_volume(global.volume);
        }
    }
}
