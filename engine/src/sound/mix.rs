//! The mix bus: every contact sound playing now, panned by where it happened relative to
//! the listener, plus the rolling balls' rumble, summed into stereo and limited so that
//! the sum never reaches full scale however many contacts sound at once. Bevy's audio
//! has no master bus, so this is it: the game plays the bus as one endless source, and
//! the tests mix offline through the same code.
//!
//! The limiter: the sum's peak over both channels sets the gain at once when it would
//! pass [`CEILING`] (no sample ever does), and the gain recovers with a time constant of
//! [`RELEASE_S`], so one loud moment does not hold the rest down.

use super::SAMPLE_RATE;
use super::synth::Rumble;
use crate::math::DVec3;
use std::f32::consts::FRAC_PI_4;
use std::sync::Arc;

/// The bus's highest output, a share of full scale (−1 dBFS).
pub const CEILING: f32 = 0.891;

/// How quickly the limiter lets go, s (time constant).
pub const RELEASE_S: f32 = 0.08;

/// The most contact sounds at once; a further one replaces the one nearest its end.
pub const MAX_VOICES: usize = 48;

/// Within this distance, m, a contact is at full loudness; beyond it, quieter as the
/// square root of the distance (a room's reverberant sound falls off slower than free
/// field).
const NEAR_M: f64 = 1.5;

/// How far to the side a sound may go: 1 would put a contact beside the ear in one
/// channel only, which headphones make unnatural.
const WIDTH: f64 = 0.8;

/// Where the listener is and which way it faces, in the table frame (the camera's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ear {
    pub at: DVec3,
    /// Unit vectors: to the listener's right, and the way it looks.
    pub right: DVec3,
    pub forward: DVec3,
}

impl Ear {
    /// The left and right gains of a sound at `p`: an equal-power pan by the sound's
    /// bearing from the view's direction (ahead is centre; the table fills a view of
    /// about ±30°, spread over twice that: full side from 30° off), and quieter the
    /// farther away.
    pub fn gains(&self, p: DVec3) -> [f32; 2] {
        let to = p - self.at;
        let (side, ahead) = (to.dot(self.right), to.dot(self.forward));
        let bearing = side.atan2(ahead);
        let pan = WIDTH * (2.0 * bearing.sin()).clamp(-1.0, 1.0);
        let distance = to.length().max(NEAR_M);
        let level = (NEAR_M / distance).sqrt() as f32;
        let angle = (pan as f32 + 1.0) * FRAC_PI_4;
        [level * angle.cos(), level * angle.sin()]
    }
}

/// The sum of the speeds of the balls rolling on the cloth, m/s, from each ball's
/// position and velocity (m, m/s in the table frame): a ball in the air does not
/// rumble.
pub fn rolling_speed(balls: impl IntoIterator<Item = (DVec3, DVec3)>, radius: f64) -> f64 {
    balls
        .into_iter()
        .filter(|(pos, _)| pos.z < radius + 0.001)
        .map(|(_, vel)| vel.truncate().length())
        .sum()
}

/// A contact sound playing.
struct Voice {
    samples: Arc<[f32]>,
    at: usize,
    /// Frames to wait before it starts.
    wait: usize,
    gains: [f32; 2],
}

impl Voice {
    /// Frames until it ends.
    fn left(&self) -> usize {
        self.wait + self.samples.len() - self.at
    }
}

/// The bus.
pub struct Mixer {
    voices: Vec<Voice>,
    rumble: Rumble,
    gain: f32,
    release: f32,
    loudest_in: f32,
    loudest_out: f32,
}

impl Mixer {
    pub fn new(seed: u64) -> Mixer {
        Mixer {
            voices: Vec::new(),
            rumble: Rumble::new(seed),
            gain: 1.0,
            release: 1.0 - (-1.0 / (RELEASE_S * SAMPLE_RATE as f32)).exp(),
            loudest_in: 0.0,
            loudest_out: 0.0,
        }
    }

    /// Starts a contact sound (mono `samples`) at the channels' `gains` (from
    /// [`Ear::gains`]).
    pub fn play(&mut self, samples: Arc<[f32]>, gains: [f32; 2]) {
        self.play_in(samples, gains, 0);
    }

    /// Starts a contact sound after `wait` frames (to keep the contacts of one game
    /// frame as far apart as they happened).
    pub fn play_in(&mut self, samples: Arc<[f32]>, gains: [f32; 2], wait: usize) {
        if self.voices.len() >= MAX_VOICES
            && let Some(ending) = (0..self.voices.len()).min_by_key(|&i| self.voices[i].left())
        {
            self.voices.swap_remove(ending);
        }
        self.voices.push(Voice {
            samples,
            at: 0,
            wait,
            gains,
        });
    }

    /// Sets the sum of the rolling balls' speeds, m/s ([`rolling_speed`]).
    pub fn set_rolling(&mut self, speed: f64) {
        self.rumble.set_speed(speed);
    }

    /// Contact sounds still playing.
    pub fn voices(&self) -> usize {
        self.voices.len()
    }

    /// The highest sample of the sum before the limiter so far, and after it.
    pub fn loudest(&self) -> (f32, f32) {
        (self.loudest_in, self.loudest_out)
    }

    /// Fills `out` with the next frames, interleaved left and right.
    pub fn render(&mut self, out: &mut [f32]) {
        out.fill(0.0);
        let frames = out.len() / 2;
        for voice in &mut self.voices {
            let skip = voice.wait.min(frames);
            voice.wait -= skip;
            let take = (voice.samples.len() - voice.at).min(frames - skip);
            let samples = &voice.samples[voice.at..voice.at + take];
            for (frame, &s) in out.chunks_exact_mut(2).skip(skip).zip(samples) {
                frame[0] += voice.gains[0] * s;
                frame[1] += voice.gains[1] * s;
            }
            voice.at += take;
        }
        self.voices.retain(|v| v.left() > 0);
        for frame in out.chunks_exact_mut(2) {
            let rumble = self.rumble.next_sample() * std::f32::consts::FRAC_1_SQRT_2;
            frame[0] += rumble;
            frame[1] += rumble;
            let peak = frame[0].abs().max(frame[1].abs());
            self.loudest_in = self.loudest_in.max(peak);
            self.gain += self.release * (1.0 - self.gain);
            if peak * self.gain > CEILING {
                // A hair under, so that rounding cannot lift it over.
                self.gain = CEILING / peak * (1.0 - 1e-6);
            }
            frame[0] *= self.gain;
            frame[1] *= self.gain;
            self.loudest_out = self.loudest_out.max(frame[0].abs().max(frame[1].abs()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ear() -> Ear {
        Ear {
            at: DVec3::new(-2.0, 0.0, 1.0),
            right: DVec3::new(0.0, -1.0, 0.0),
            forward: DVec3::X,
        }
    }

    #[test]
    fn a_contact_to_the_right_sounds_louder_on_the_right_and_ahead_in_the_middle() {
        let [l, r] = ear().gains(DVec3::new(0.0, -0.6, 0.0));
        assert!(r > 1.5 * l, "{l} {r}");
        let [l, r] = ear().gains(DVec3::new(0.5, 0.0, 0.0));
        assert!((l - r).abs() < 1e-6);
        let near = ear().gains(DVec3::new(-1.0, 0.0, 0.5))[0];
        let far = ear().gains(DVec3::new(1.5, 0.0, 0.0))[0];
        assert!(near > far);
    }

    #[test]
    fn a_pile_of_hard_contacts_at_once_is_limited_below_full_scale() {
        let click: Arc<[f32]> = (0..2000)
            .map(|i| 0.8 * (i as f32 * 0.7).sin() * (-(i as f32) / 300.0).exp())
            .collect();
        let mut mixer = Mixer::new(1);
        for _ in 0..MAX_VOICES + 10 {
            mixer.play(click.clone(), [0.7, 0.7]);
        }
        assert_eq!(mixer.voices(), MAX_VOICES);
        let mut out = vec![0.0; 8192];
        mixer.render(&mut out);
        let (before, after) = mixer.loudest();
        println!("a pile of {MAX_VOICES} clicks: sum {before:.2}, limited {after:.3}");
        assert!(before > 10.0 && after <= CEILING, "{before} {after}");
        // Let go again: a quiet sound later plays at its own level.
        mixer.render(&mut vec![0.0; 2 * SAMPLE_RATE as usize]);
        mixer.play(click.clone(), [0.5, 0.5]);
        mixer.render(&mut out);
        let loudest = |s: &[f32]| s.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        let own = 0.5 * loudest(&click);
        assert!(
            (loudest(&out) - own).abs() < 0.01 * own,
            "{}",
            loudest(&out)
        );
    }
}
