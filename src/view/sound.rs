//! The table's sounds, made as it plays (there are no sound files): the sharp click of
//! ball on ball, the dull knock of a cushion, the tap of the tip; louder the harder.

use crate::game::PlayEvent;
use crate::play::Event;
use crate::shot::EventKind;
use bevy::audio::{AddAudioSource, ChannelCount, SampleRate, Source, Volume};
use bevy::prelude::*;
use std::sync::Arc;
use std::time::Duration;

const SAMPLE_RATE: u32 = 44_100;

/// A short sound, as samples at `SAMPLE_RATE`, mono.
#[derive(Asset, TypePath, Clone)]
pub struct Knock {
    samples: Arc<[f32]>,
}

pub struct KnockDecoder {
    samples: Arc<[f32]>,
    at: usize,
}

impl Iterator for KnockDecoder {
    type Item = f32;

    fn next(&mut self) -> Option<f32> {
        let sample = self.samples.get(self.at).copied();
        self.at += 1;
        sample
    }
}

impl Source for KnockDecoder {
    fn current_span_len(&self) -> Option<usize> {
        Some(self.samples.len().saturating_sub(self.at))
    }

    fn channels(&self) -> ChannelCount {
        ChannelCount::new(1).expect("one channel")
    }

    fn sample_rate(&self) -> SampleRate {
        SampleRate::new(SAMPLE_RATE).expect("a sample rate")
    }

    fn total_duration(&self) -> Option<Duration> {
        Some(Duration::from_secs_f64(
            self.samples.len() as f64 / f64::from(SAMPLE_RATE),
        ))
    }
}

impl Decodable for Knock {
    type Decoder = KnockDecoder;

    fn decoder(&self) -> KnockDecoder {
        KnockDecoder {
            samples: self.samples.clone(),
            at: 0,
        }
    }
}

impl Knock {
    /// Damped sines: (frequency Hz, amplitude) each, dying away in `decay_s`.
    fn new(partials: &[(f32, f32)], decay_s: f32) -> Knock {
        let length = (decay_s * 6.0 * SAMPLE_RATE as f32) as usize;
        let samples = (0..length)
            .map(|i| {
                let t = i as f32 / SAMPLE_RATE as f32;
                let envelope = (-t / decay_s).exp();
                let tone: f32 = partials
                    .iter()
                    .map(|&(f, a)| a * (std::f32::consts::TAU * f * t).sin())
                    .sum();
                envelope * tone
            })
            .collect();
        Knock { samples }
    }
}

#[derive(Resource)]
struct Sounds {
    balls: Handle<Knock>,
    cushion: Handle<Knock>,
    tip: Handle<Knock>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_audio_source::<Knock>();
    app.add_systems(Startup, make_sounds);
    app.add_systems(Update, play);
}

fn make_sounds(mut commands: Commands, mut knocks: ResMut<Assets<Knock>>) {
    commands.insert_resource(Sounds {
        balls: knocks.add(Knock::new(
            &[(3900.0, 0.5), (6100.0, 0.3), (2300.0, 0.2)],
            0.006,
        )),
        cushion: knocks.add(Knock::new(&[(170.0, 0.6), (330.0, 0.3)], 0.03)),
        tip: knocks.add(Knock::new(&[(1500.0, 0.5), (2700.0, 0.2)], 0.004)),
    });
}

/// Plays each contact of the stroke under way as it happens.
fn play(mut commands: Commands, mut events: MessageReader<PlayEvent>, sounds: Option<Res<Sounds>>) {
    let Some(sounds) = sounds else { return };
    for PlayEvent(event) in events.read() {
        let Event::Shot(event) = event else {
            continue;
        };
        let (sound, speed) = match event.kind {
            EventKind::BallBall { speed, .. } => (&sounds.balls, speed),
            EventKind::Cushion { speed, .. } => (&sounds.cushion, speed),
            EventKind::Strike { speed, .. } | EventKind::Tip { speed, .. } => (&sounds.tip, speed),
            _ => continue,
        };
        let loudness = (speed / 4.0).clamp(0.05, 1.0) as f32;
        commands.spawn((
            AudioPlayer(sound.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(loudness)),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knock_starts_loud_dies_away_and_never_clips() {
        let knock = Knock::new(&[(3900.0, 0.5), (6100.0, 0.3), (2300.0, 0.2)], 0.006);
        let samples: Vec<f32> = knock.decoder().collect();
        assert_eq!(samples.len(), knock.samples.len());
        assert!(samples.iter().all(|s| s.abs() <= 1.0));
        let loudest = |part: &[f32]| part.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        let tenth = samples.len() / 10;
        assert!(loudest(&samples[..tenth]) > 0.3);
        assert!(loudest(&samples[samples.len() - tenth..]) < 0.01);
    }
}
