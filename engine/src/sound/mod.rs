//! The table's sounds, made in code (no sound files): each contact of the simulation's
//! record synthesised from its physics ([`synth`]), then mixed on one bus that pans
//! each contact by where it happens relative to the listener, adds the rumble of the
//! rolling balls and limits the sum so that it never clips ([`mix`]). The game plays the
//! bus; `carom sounds` writes each kind as WAV files ([`wav`]); tests mix a whole break
//! offline through the same code. No Bevy here: the shell wraps the bus as an audio
//! source.
//!
//! The clock is the audio's own: [`SAMPLE_RATE`] frames a second; a contact starts on
//! the bus when it is heard (in the game, in the frame its event arrives).

pub mod mix;
pub mod synth;
pub mod wav;

#[cfg(test)]
mod tests;

pub use mix::{Ear, MAX_VOICES, Mixer, rolling_speed};
pub use synth::{Kind, Sound};

use crate::random::Rng;
use crate::shot::{BallId, EventKind, OffTableReason, Surface};
use std::sync::Arc;

/// Frames per second of every sound and of the bus.
pub const SAMPLE_RATE: u32 = 44_100;

/// Gravity for the speed a falling ball lands at, m/s² (sound needs no more precision).
const GRAVITY_M_S2: f64 = 9.81;

/// How fast a ball that leaves the table meets the floor, m/s: a fall of about 0.75 m
/// from the bed to the floor.
const FLOOR_SPEED_M_S: f64 = 3.8;

/// Where a contact happens: at a ball, between two (their midpoint), or at a place on
/// the table, m in the table frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Place {
    Ball(BallId),
    Between(BallId, BallId),
    At([f64; 2]),
}

/// A contact heard: its sound, already synthesised, and where it happened.
#[derive(Clone, Debug)]
pub struct Heard {
    pub sound: Sound,
    pub place: Place,
    /// Mono samples at [`SAMPLE_RATE`], the contact's loudness included.
    pub samples: Arc<[f32]>,
}

/// Turns a stroke's events into contact sounds: remembers the strike's speed (a
/// miscue's scrape is as hard as the stroke) and draws each contact's small variation
/// from its own seeded generator, so that a run of events always sounds the same.
#[derive(Clone, Debug)]
pub struct Foley {
    rng: Rng,
    strike_speed: f64,
}

impl Foley {
    pub fn new(seed: u64) -> Foley {
        Foley {
            rng: Rng(seed),
            strike_speed: 2.0,
        }
    }

    /// The sound an event makes, if it makes one.
    pub fn hear(&mut self, event: &EventKind) -> Option<Heard> {
        let (sound, place) = self.sound_of(event)?;
        let samples = synth::synthesise(sound, &mut self.rng).into();
        Some(Heard {
            sound,
            place,
            samples,
        })
    }

    /// The kind of sound an event makes, how hard, and where.
    pub fn sound_of(&mut self, event: &EventKind) -> Option<(Sound, Place)> {
        let (kind, speed, place) = match *event {
            EventKind::Strike { ball, speed, .. } => {
                self.strike_speed = speed;
                (Kind::Tip, speed, Place::Ball(ball))
            }
            EventKind::Tip { ball, speed } => (Kind::Tip, speed, Place::Ball(ball)),
            EventKind::Miscue { ball } => (Kind::Miscue, self.strike_speed, Place::Ball(ball)),
            EventKind::BallBall { a, b, speed } => (Kind::BallBall, speed, Place::Between(a, b)),
            EventKind::Cushion {
                ball, speed, at, ..
            } => (
                Kind::Cushion,
                speed,
                at.map_or(Place::Ball(ball), Place::At),
            ),
            EventKind::Landed {
                ball,
                surface,
                height,
                ..
            } => {
                let speed = (2.0 * GRAVITY_M_S2 * height.max(0.0)).sqrt();
                let kind = match surface {
                    Surface::Bed => Kind::Slate,
                    Surface::Cushion | Surface::Rail => Kind::Cushion,
                };
                (kind, speed, Place::Ball(ball))
            }
            EventKind::OffTable {
                ball,
                reason: OffTableReason::Floor,
            } => (Kind::Floor, FLOOR_SPEED_M_S, Place::Ball(ball)),
            _ => return None,
        };
        (speed > 0.0).then_some((Sound { kind, speed }, place))
    }
}

/// The shot clock's signal: two short tones (a warning), or three (the time ran out),
/// each 0.12 s of a soft 1 kHz sine, 0.08 s apart, at a third of full scale; not a
/// table's sound, so it is not panned.
pub fn clock_signal(tones: usize) -> Arc<[f32]> {
    const TONE_S: f32 = 0.12;
    const GAP_S: f32 = 0.08;
    const HZ: f32 = 1000.0;
    let rate = SAMPLE_RATE as f32;
    let (tone, gap) = ((TONE_S * rate) as usize, (GAP_S * rate) as usize);
    let mut samples = Vec::with_capacity(tones * (tone + gap));
    for _ in 0..tones {
        samples.extend((0..tone).map(|i| {
            let t = i as f32 / rate;
            // A 10 ms rise and fall: no click at either end.
            let edge = (t.min(TONE_S - t) / 0.01).min(1.0);
            0.33 * edge * (std::f32::consts::TAU * HZ * t).sin()
        }));
        samples.extend(std::iter::repeat_n(0.0, gap));
    }
    samples.into()
}
