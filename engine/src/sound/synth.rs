//! Each contact's sound from its physics, as mono samples at [`SAMPLE_RATE`]: a
//! filtered noise burst for the contact itself (the shorter the contact, the brighter)
//! and damped resonances of what rings (the balls, the cushion's rubber and rail, the
//! cue, the slate, the floor). Loudness follows the contact speed; every draw varies
//! its resonances a little (a few per cent in pitch, more in level and decay) from the
//! caller's seeded generator.
//!
//! Kinds and the time each dies away within (60 dB below its peak), from their
//! slowest resonance (e^−6.9 = −60 dB):
//! - ball on ball: a hard click, resonances of 3.9 to 10 kHz ringing 2.5 to 7 ms,
//!   brighter the faster the closing speed; within 60 ms.
//! - ball on cushion: the rubber's thud (95 to 120 Hz with a falling pitch, 22 ms),
//!   its body (about 230 and 520 Hz) and a trace of the rail's wood; within 220 ms.
//! - cue tip on ball: the leather's tap, 1 and 2.3 kHz over the cue's 260 Hz; 80 ms.
//! - miscue: the tip's tap and a gritty scrape sliding down from 3.5 to 1.4 kHz; 300 ms.
//! - a ball landing on the slate: a heavy, cloth-muffled thump (70 to 400 Hz); 320 ms.
//! - a ball on the floor: a wooden knock and its bounces, each lower; 1.1 s.
//! - rolling: a faint low rumble (cloth noise low-passed at 60 to 240 Hz, higher and
//!   louder the faster the balls roll), generated as long as they roll ([`Rumble`]);
//!   its WAV is 0.6 s of rolling, then silent within 0.25 s.

use super::SAMPLE_RATE;
use crate::random::Rng;
use std::f32::consts::TAU;

/// What made a sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    BallBall,
    Cushion,
    Tip,
    Miscue,
    Slate,
    Floor,
    Rolling,
}

/// A sound to make: its kind, and the speed of its contact, m/s (for rolling, the sum
/// of the rolling balls' speeds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sound {
    pub kind: Kind,
    pub speed: f64,
}

/// How a soft, a medium and a hard contact are named in files.
pub const STRENGTHS: [&str; 3] = ["soft", "medium", "hard"];

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::BallBall,
        Kind::Cushion,
        Kind::Tip,
        Kind::Miscue,
        Kind::Slate,
        Kind::Floor,
        Kind::Rolling,
    ];

    /// The name of its files: `ball-ball` for `ball-ball-soft.wav`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::BallBall => "ball-ball",
            Kind::Cushion => "cushion",
            Kind::Tip => "tip",
            Kind::Miscue => "miscue",
            Kind::Slate => "slate",
            Kind::Floor => "floor",
            Kind::Rolling => "rolling",
        }
    }

    /// A soft, a medium and a hard contact's speed, m/s, as play has them.
    pub fn speeds(self) -> [f64; 3] {
        match self {
            Kind::BallBall => [0.4, 2.0, 6.0],
            Kind::Cushion => [0.3, 1.5, 4.0],
            Kind::Tip | Kind::Miscue => [1.0, 3.0, 7.0],
            Kind::Slate => [0.4, 1.2, 2.5],
            Kind::Floor => [3.0, 3.8, 4.6],
            Kind::Rolling => [0.3, 1.2, 4.0],
        }
    }

    /// The time from its start within which its sound has died away to 60 dB below its
    /// peak, s (for rolling: after 0.6 s of rolling that then stops).
    pub fn dies_within_s(self) -> f64 {
        match self {
            Kind::BallBall => 0.06,
            Kind::Cushion => 0.22,
            Kind::Tip => 0.08,
            Kind::Miscue => 0.3,
            Kind::Slate => 0.32,
            Kind::Floor => 1.1,
            Kind::Rolling => ROLLING_FILE_S + 0.25,
        }
    }

    /// The peak of a hard contact's sound (a share of full scale), and how loudness
    /// rises with speed: the peak is `full · (speed / hard)^0.75`, at most 1.25 times
    /// `full`.
    fn loudness(self, speed: f64) -> f32 {
        let full = match self {
            Kind::BallBall => 0.7,
            Kind::Cushion => 0.6,
            Kind::Tip => 0.45,
            Kind::Miscue => 0.35,
            Kind::Slate => 0.6,
            Kind::Floor => 0.65,
            Kind::Rolling => 0.0,
        };
        let hard = self.speeds()[2];
        full * ((speed / hard).max(0.0).powf(0.75).min(1.25)) as f32
    }
}

/// How long the rolling WAV rolls, s.
const ROLLING_FILE_S: f64 = 0.6;

/// A sound's samples, with `rng`'s variation.
pub fn synthesise(sound: Sound, rng: &mut Rng) -> Vec<f32> {
    let u = (sound.speed / sound.kind.speeds()[2]).clamp(0.0, 1.5) as f32;
    let mut samples = match sound.kind {
        Kind::BallBall => click(u, rng),
        Kind::Cushion => knock(u, rng),
        Kind::Tip => tap(u, rng),
        Kind::Miscue => scrape(u, rng),
        Kind::Slate => thump(u, rng),
        Kind::Floor => floor(sound.speed as f32, rng),
        Kind::Rolling => return rolling(sound.speed, rng),
    };
    let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    let gain = sound.kind.loudness(sound.speed) / peak.max(f32::MIN_POSITIVE);
    for s in &mut samples {
        *s *= gain;
    }
    samples
}

fn frames(seconds: f32) -> usize {
    (seconds * SAMPLE_RATE as f32) as usize
}

fn time(i: usize) -> f32 {
    i as f32 / SAMPLE_RATE as f32
}

/// A value around 1 by up to `spread` either way.
fn jitter(rng: &mut Rng, spread: f64) -> f32 {
    rng.range(1.0 - spread, 1.0 + spread) as f32
}

/// White noise in [−1, 1).
fn noise(rng: &mut Rng) -> f32 {
    rng.range(-1.0, 1.0) as f32
}

/// A damped resonance: `amplitude`, `hz`, dying with time constant `tau_s`, its pitch
/// starting `glide` higher and falling to `hz` with time constant `glide_s`.
#[derive(Clone, Copy)]
struct Mode {
    amplitude: f32,
    hz: f32,
    tau_s: f32,
    glide: f32,
    glide_s: f32,
}

fn mode(amplitude: f32, hz: f32, tau_s: f32) -> Mode {
    Mode {
        amplitude,
        hz,
        tau_s,
        glide: 0.0,
        glide_s: 1.0,
    }
}

impl Mode {
    /// The same mode, varied: pitch by ±3 %, level by ±20 %, decay by ±10 %.
    fn varied(self, rng: &mut Rng) -> Mode {
        Mode {
            amplitude: self.amplitude * jitter(rng, 0.2),
            hz: self.hz * jitter(rng, 0.03),
            tau_s: self.tau_s * jitter(rng, 0.1),
            ..self
        }
    }
}

/// Adds the modes to `out` from frame `start`, each a sine from zero (so it starts
/// without a step).
fn ring(out: &mut [f32], start: usize, modes: &[Mode], rng: &mut Rng) {
    for m in modes {
        let m = m.varied(rng);
        let mut phase = 0.0f32;
        for (i, s) in out.iter_mut().skip(start).enumerate() {
            let t = time(i);
            let envelope = (-t / m.tau_s).exp();
            if envelope < 1e-5 {
                break;
            }
            *s += m.amplitude * envelope * phase.sin();
            let hz = m.hz * (1.0 + m.glide * (-t / m.glide_s).exp());
            phase += TAU * hz / SAMPLE_RATE as f32;
        }
    }
}

/// One-pole low-pass coefficient for a corner at `hz`.
fn pole(hz: f32) -> f32 {
    1.0 - (-TAU * hz / SAMPLE_RATE as f32).exp()
}

/// A biquad band-pass (RBJ, 0 dB at the centre).
struct BandPass {
    b0: f32,
    b2: f32,
    a1: f32,
    a2: f32,
    x: [f32; 2],
    y: [f32; 2],
}

impl BandPass {
    fn new(hz: f32, q: f32) -> BandPass {
        let mut f = BandPass {
            b0: 0.0,
            b2: 0.0,
            a1: 0.0,
            a2: 0.0,
            x: [0.0; 2],
            y: [0.0; 2],
        };
        f.tune(hz, q);
        f
    }

    fn tune(&mut self, hz: f32, q: f32) {
        let w = TAU * hz / SAMPLE_RATE as f32;
        let alpha = w.sin() / (2.0 * q);
        let a0 = 1.0 + alpha;
        self.b0 = alpha / a0;
        self.b2 = -alpha / a0;
        self.a1 = -2.0 * w.cos() / a0;
        self.a2 = (1.0 - alpha) / a0;
    }

    fn step(&mut self, x: f32) -> f32 {
        let y = self.b0 * x + self.b2 * self.x[1] - self.a1 * self.y[0] - self.a2 * self.y[1];
        self.x = [x, self.x[0]];
        self.y = [y, self.y[0]];
        y
    }
}

/// Adds a noise burst to `out` from `start`: noise with an attack of `attack_s` and a
/// decay of `tau_s`, high-passed at `high_hz` and low-passed at `low_hz` (one pole
/// each; 0 for none), of peak `amplitude` before filtering.
#[allow(clippy::too_many_arguments)]
fn burst(
    out: &mut [f32],
    start: usize,
    amplitude: f32,
    attack_s: f32,
    tau_s: f32,
    high_hz: f32,
    low_hz: f32,
    rng: &mut Rng,
) {
    let (high, low) = (pole(high_hz), pole(low_hz));
    let (mut below, mut smooth) = (0.0f32, 0.0f32);
    let length = frames(tau_s * 9.0 + attack_s);
    for (i, s) in out.iter_mut().skip(start).take(length).enumerate() {
        let t = time(i);
        let envelope = (1.0 - (-t / attack_s).exp()) * (-t / tau_s).exp();
        let mut x = amplitude * envelope * noise(rng);
        if high_hz > 0.0 {
            below += high * (x - below);
            x -= below;
        }
        if low_hz > 0.0 {
            smooth += low * (x - smooth);
            x = smooth;
        }
        *s += x;
    }
}

/// Ball on ball: the phenolic balls' click. The harder, the shorter the contact and the
/// brighter the burst, and the more the upper resonances ring.
fn click(u: f32, rng: &mut Rng) -> Vec<f32> {
    let mut out = vec![0.0; frames(0.09)];
    let contact_s = 0.00025 * (1.4 - 0.5 * u.min(1.0));
    burst(
        &mut out,
        0,
        1.0,
        0.00003,
        contact_s,
        2500.0,
        5000.0 + 9000.0 * u.min(1.0),
        rng,
    );
    let bright = 0.35 + 0.65 * u.min(1.0);
    let modes = [
        mode(0.5, 3900.0, 0.007),
        mode(0.4, 5600.0, 0.005),
        mode(0.3 * bright, 7400.0, 0.0035),
        mode(0.25 * bright, 10_200.0, 0.0025),
    ];
    ring(&mut out, 0, &modes, rng);
    out
}

/// Ball on cushion: the rubber gives (a thud whose pitch falls as it compresses), the
/// cushion's body rings briefly, the rail's wood barely.
fn knock(u: f32, rng: &mut Rng) -> Vec<f32> {
    let mut out = vec![0.0; frames(0.3)];
    burst(&mut out, 0, 0.5, 0.0005, 0.004, 0.0, 600.0, rng);
    let thud = Mode {
        glide: 0.3,
        glide_s: 0.005,
        ..mode(1.0, 95.0 + 25.0 * rng.range(0.0, 1.0) as f32, 0.022)
    };
    let modes = [
        thud,
        mode(0.5, 230.0, 0.014),
        mode(0.3 * (0.5 + u.min(1.0)), 520.0, 0.007),
        mode(0.06 * u.min(1.0), 1250.0, 0.004),
    ];
    ring(&mut out, 0, &modes, rng);
    out
}

/// Cue tip on ball: the leather's tap over the cue's own knock; a harder stroke makes
/// the ball ring through.
fn tap(u: f32, rng: &mut Rng) -> Vec<f32> {
    let mut out = vec![0.0; frames(0.11)];
    tap_into(&mut out, u, rng);
    out
}

fn tap_into(out: &mut [f32], u: f32, rng: &mut Rng) {
    burst(
        out,
        0,
        0.8,
        0.0002,
        0.0008,
        900.0,
        3000.0 + 5000.0 * u.min(1.0),
        rng,
    );
    let modes = [
        mode(0.6, 1050.0, 0.003),
        mode(0.4, 2300.0, 0.0025),
        mode(0.2 * u.min(1.0), 3600.0, 0.004),
        mode(0.4, 260.0, 0.008),
    ];
    ring(out, 0, &modes, rng);
}

/// A miscue: the tip's tap, then the tip's edge scraping off the ball, a band of noise
/// sliding down in pitch with grit in it.
fn scrape(u: f32, rng: &mut Rng) -> Vec<f32> {
    let mut out = vec![0.0; frames(0.4)];
    let mut tap = vec![0.0; out.len()];
    tap_into(&mut tap, u, rng);
    let tau_s = 0.028 * jitter(rng, 0.1);
    let (from, to) = (3500.0 * jitter(rng, 0.05), 1400.0 * jitter(rng, 0.05));
    let mut band = BandPass::new(from, 2.0);
    let mut grit = 1.0f32;
    let grain = frames(0.001 * jitter(rng, 0.3)).max(1);
    for (i, s) in out.iter_mut().enumerate() {
        let t = time(i);
        if i % grain == 0 {
            grit = 0.5 + 0.5 * noise(rng).abs();
        }
        if i % 64 == 0 {
            band.tune(to + (from - to) * (-t / 0.04).exp(), 2.0);
        }
        let envelope = (1.0 - (-t / 0.003).exp()) * (-t / tau_s).exp();
        *s = 3.0 * band.step(envelope * grit * noise(rng)) + 0.5 * tap[i];
    }
    out
}

/// A ball landing on the slate: the cloth muffles it, the slate answers low.
fn thump(u: f32, rng: &mut Rng) -> Vec<f32> {
    let mut out = vec![0.0; frames(0.4)];
    burst(&mut out, 0, 0.5, 0.0005, 0.005, 0.0, 400.0, rng);
    let modes = [
        mode(1.0, 72.0, 0.035),
        mode(0.6, 165.0, 0.02),
        mode(0.3, 410.0, 0.009),
        mode(0.05 * u.min(1.0), 3900.0, 0.002),
    ];
    ring(&mut out, 0, &modes, rng);
    out
}

/// A ball on a wooden floor: a knock, then up to three bounces, each lower by the
/// floor's restitution (about 0.45) and sooner: a bounce's flight is 2·e^k·v/g.
fn floor(speed: f32, rng: &mut Rng) -> Vec<f32> {
    let mut out = vec![0.0; frames(1.4)];
    let e = 0.45 * jitter(rng, 0.1);
    let modes = [
        mode(1.0, 140.0, 0.03),
        mode(0.6, 380.0, 0.015),
        mode(0.35, 950.0, 0.006),
    ];
    let mut at = 0.0f32;
    let mut up = speed;
    for bounce in 0..4 {
        let level = e.powi(bounce);
        let start = frames(at);
        if start >= out.len() {
            break;
        }
        burst(
            &mut out,
            start,
            0.6 * level,
            0.0003,
            0.003,
            0.0,
            2500.0,
            rng,
        );
        let scaled: Vec<Mode> = modes
            .iter()
            .map(|m| Mode {
                amplitude: m.amplitude * level,
                ..*m
            })
            .collect();
        ring(&mut out, start, &scaled, rng);
        up *= e;
        at += 2.0 * up / 9.81;
    }
    out
}

/// The rumble's level for a sum of rolling speeds `speed`, m/s: faint, and rising with
/// it (a share of full scale, RMS).
fn rumble_level(speed: f64) -> f32 {
    (0.05 * (speed / 4.0).clamp(0.0, 1.5).powf(0.8)) as f32
}

/// The rolling balls' rumble, generated as long as it is asked: cloth noise low-passed
/// twice at a corner that rises with the speed, its level following the speed smoothly
/// (time constant 25 ms, so it never steps).
#[derive(Clone, Debug)]
pub struct Rumble {
    rng: Rng,
    level: f32,
    target: f32,
    corner: f32,
    lows: [f32; 2],
}

/// The rumble's smoothing of level changes, s.
const RUMBLE_SMOOTH_S: f32 = 0.025;

impl Rumble {
    pub fn new(seed: u64) -> Rumble {
        Rumble {
            rng: Rng(seed),
            level: 0.0,
            target: 0.0,
            corner: 60.0,
            lows: [0.0; 2],
        }
    }

    /// Sets the sum of the rolling balls' speeds, m/s.
    pub fn set_speed(&mut self, speed: f64) {
        self.target = rumble_level(speed);
        self.corner = 60.0 + 45.0 * speed.clamp(0.0, 4.0) as f32;
    }

    /// The next sample.
    pub fn next_sample(&mut self) -> f32 {
        self.level += pole(1.0 / (TAU * RUMBLE_SMOOTH_S)) * (self.target - self.level);
        if self.level < 1e-6 && self.target == 0.0 {
            self.level = 0.0;
            return 0.0;
        }
        let a = pole(self.corner);
        let x = noise(&mut self.rng);
        self.lows[0] += a * (x - self.lows[0]);
        self.lows[1] += a * (self.lows[0] - self.lows[1]);
        // Two poles at the corner leave about sqrt(a/4) of the noise's RMS (0.58):
        // scaled back so that the level is the RMS.
        self.level * self.lows[1] * (4.0 / a).sqrt() / 0.58
    }
}

/// `ROLLING_FILE_S` of rolling at `speed`, then the rumble dying away.
fn rolling(speed: f64, rng: &mut Rng) -> Vec<f32> {
    let mut rumble = Rumble::new(rng.next_u64());
    rumble.set_speed(speed);
    let rolling = frames(ROLLING_FILE_S as f32);
    let mut out: Vec<f32> = (0..rolling).map(|_| rumble.next_sample()).collect();
    rumble.set_speed(0.0);
    out.extend((0..frames(0.4)).map(|_| rumble.next_sample()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peak(samples: &[f32]) -> f32 {
        samples.iter().fold(0.0, |m, s| m.max(s.abs()))
    }

    #[test]
    fn no_two_contacts_of_a_kind_sound_alike_and_a_seed_repeats_them() {
        for kind in Kind::ALL {
            let sound = Sound {
                kind,
                speed: kind.speeds()[1],
            };
            let mut rng = Rng(3);
            let (a, b) = (synthesise(sound, &mut rng), synthesise(sound, &mut rng));
            assert_ne!(a, b, "{kind:?}");
            assert_eq!(a, synthesise(sound, &mut Rng(3)), "{kind:?}");
        }
    }

    #[test]
    fn a_contact_peaks_at_its_loudness_and_starts_without_a_step() {
        for kind in Kind::ALL.into_iter().filter(|k| *k != Kind::Rolling) {
            for speed in kind.speeds() {
                let samples = synthesise(Sound { kind, speed }, &mut Rng(1));
                let wanted = kind.loudness(speed);
                assert!((peak(&samples) - wanted).abs() < 1e-4, "{kind:?} {speed}");
                assert!(
                    samples[0].abs() < 0.05 * wanted,
                    "{kind:?} starts with a step"
                );
            }
        }
    }

    #[test]
    fn the_rumble_is_faint_and_rises_with_the_rolling_speed() {
        let rms = |speed| {
            let mut rumble = Rumble::new(5);
            rumble.set_speed(speed);
            let samples: Vec<f32> = (0..SAMPLE_RATE).map(|_| rumble.next_sample()).collect();
            let tail = &samples[samples.len() / 2..];
            (tail.iter().map(|s| s * s).sum::<f32>() / tail.len() as f32).sqrt()
        };
        let (slow, fast) = (rms(0.5), rms(4.0));
        println!("rumble RMS: {slow:.4} at 0.5 m/s, {fast:.4} at 4 m/s");
        assert!(slow < fast && fast < 0.1, "{slow} {fast}");
        assert!((fast - rumble_level(4.0)).abs() < 0.3 * rumble_level(4.0));
    }
}
