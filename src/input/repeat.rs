//! Keys that step a setting (power, tip offset, elevation, fine aim): the press is one
//! step, and a key held longer than `REPEAT_AFTER` steps again every `REPEAT_EVERY`;
//! a setting of fine steps over a long range (the power) can take them accelerated,
//! each repeat worth more steps the longer the key is held. Time is the wall clock's,
//! so a slow frame earns every step its time held and no more, and a tap is one step
//! at any frame rate.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;
use std::time::Duration;

/// A key held this long starts repeating.
pub const REPEAT_AFTER: Duration = Duration::from_millis(350);
/// Then it steps this often.
pub const REPEAT_EVERY: Duration = Duration::from_millis(60);

/// Accelerated, the repeats after the first `ACCELERATE_AFTER[i]` are worth
/// `ACCELERATE_BY[i]` steps each (about a second of repeats at each pace).
const ACCELERATE_AFTER: [u32; 2] = [16, 33];
const ACCELERATE_BY: [u32; 3] = [1, 5, 20];

/// How long each key has been held, and the steps each earned this frame, plain and
/// accelerated.
#[derive(Debug)]
pub struct Repeats<K> {
    held: HashMap<K, Duration>,
    steps: HashMap<K, (u32, u32)>,
}

impl<K> Default for Repeats<K> {
    fn default() -> Self {
        Repeats {
            held: HashMap::new(),
            steps: HashMap::new(),
        }
    }
}

/// The accelerated steps that the first `n` repeats are worth together.
fn accelerated(n: u32) -> u32 {
    let [first, second] = ACCELERATE_AFTER;
    let [slow, middle, fast] = ACCELERATE_BY;
    n.min(first) * slow
        + n.clamp(first, second).saturating_sub(first) * middle
        + n.saturating_sub(second) * fast
}

/// The repeats a key held for `held` has earned since its press.
fn repeats(held: Duration) -> u32 {
    match held.checked_sub(REPEAT_AFTER) {
        None => 0,
        Some(over) => (over.as_nanos() / REPEAT_EVERY.as_nanos()) as u32 + 1,
    }
}

impl<K: Copy + Eq + Hash> Repeats<K> {
    /// A new frame: `pressed` are the keys down at its end, `just_pressed` those pressed
    /// in it (a tap may be pressed and released within one frame), `elapsed` the
    /// wall-clock time since the last frame. A press is always a new step: at a low
    /// frame rate two taps in two frames are not one key held.
    pub fn update(&mut self, pressed: &HashSet<K>, just_pressed: &HashSet<K>, elapsed: Duration) {
        self.held
            .retain(|key, _| pressed.contains(key) && !just_pressed.contains(key));
        self.steps.clear();
        for &key in just_pressed {
            self.steps.insert(key, (1, 1));
            if pressed.contains(&key) {
                self.held.insert(key, Duration::ZERO);
            }
        }
        for (&key, held) in &mut self.held {
            if just_pressed.contains(&key) {
                continue;
            }
            let before = repeats(*held);
            *held += elapsed;
            let after = repeats(*held);
            if after > before {
                let worth = accelerated(after) - accelerated(before);
                self.steps.insert(key, (after - before, worth));
            }
        }
    }

    /// The steps `key` earned this frame.
    pub fn steps(&self, key: &K) -> u32 {
        self.steps.get(key).map_or(0, |s| s.0)
    }

    /// The steps `key` earned this frame, its repeats accelerated.
    pub fn accelerated_steps(&self, key: &K) -> u32 {
        self.steps.get(key).map_or(0, |s| s.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Holds the key for `frames` frames of `frame` each, then lets go; the steps earned.
    fn hold(frames: u32, frame: Duration) -> u32 {
        let mut repeats = Repeats::default();
        let down = HashSet::from(["W"]);
        let none = HashSet::new();
        let mut steps = 0;
        for i in 0..frames {
            let pressed = if frames == 1 { &none } else { &down };
            repeats.update(pressed, if i == 0 { &down } else { &none }, frame);
            steps += repeats.steps(&"W");
        }
        repeats.update(&none, &none, frame);
        steps + repeats.steps(&"W")
    }

    #[test]
    fn a_tap_is_one_step_at_any_frame_time() {
        for ms in [1, 16, 100, 1000, 3000] {
            assert_eq!(hold(1, Duration::from_millis(ms)), 1, "{ms} ms frames");
        }
    }

    #[test]
    fn a_held_key_steps_by_the_clock_not_by_the_frame() {
        // Two seconds held: the press, then a step every 60 ms after 350 ms.
        let expected = 1 + repeats(Duration::from_secs(2));
        assert_eq!(expected, 1 + 1 + (1650 / 60));
        for (frames, ms) in [(201, 10), (21, 100), (3, 1000)] {
            // The first frame is the press; the rest add up to two seconds.
            assert_eq!(
                hold(frames, Duration::from_millis(ms)),
                expected,
                "{ms} ms frames"
            );
        }
    }

    fn repeats_between(from: Duration, to: Duration) -> u32 {
        repeats(to) - repeats(from)
    }

    #[test]
    fn a_held_key_accelerates_from_one_step_to_twenty_a_repeat() {
        let mut repeats = Repeats::default();
        let down = HashSet::from(["W"]);
        let none = HashSet::new();
        repeats.update(&down, &down, Duration::ZERO);
        assert_eq!(repeats.accelerated_steps(&"W"), 1, "the press");
        let mut per_second = Vec::new();
        for _ in 0..5 {
            let mut steps = 0;
            for _ in 0..50 {
                repeats.update(&down, &none, Duration::from_millis(20));
                assert!(repeats.accelerated_steps(&"W") >= repeats.steps(&"W"));
                steps += repeats.accelerated_steps(&"W");
            }
            per_second.push(steps);
        }
        println!("accelerated steps in each second held: {per_second:?}");
        // The first second's repeats one step each (from 350 ms), then faster, then
        // twenty steps a repeat: 0.01 m/s steps cover 0.3 to 9 m/s in under 5 s.
        assert_eq!(per_second[0], 11);
        assert!(per_second[1] > 2 * per_second[0]);
        let fifth = repeats_between(Duration::from_secs(4), Duration::from_secs(5));
        assert_eq!(per_second[4], 20 * fifth);
        assert!(per_second.iter().sum::<u32>() > 870, "{per_second:?}");
    }

    #[test]
    fn a_key_let_go_starts_again_from_its_press() {
        let mut repeats = Repeats::default();
        let down = HashSet::from([1]);
        let none = HashSet::new();
        repeats.update(&down, &down, Duration::from_secs(5));
        repeats.update(&down, &none, Duration::from_secs(5));
        assert!(repeats.steps(&1) > 50);
        repeats.update(&none, &none, Duration::from_millis(16));
        assert_eq!(repeats.steps(&1), 0);
        repeats.update(&down, &down, Duration::from_secs(5));
        assert_eq!(repeats.steps(&1), 1);
    }

    #[test]
    fn taps_in_consecutive_slow_frames_are_one_step_each() {
        // Half a second a frame: each frame sees a new tap, pressed and released in it,
        // or pressed in it and released in the next.
        let mut repeats = Repeats::default();
        let down = HashSet::from(["S"]);
        let none = HashSet::new();
        let mut steps = 0;
        for released_within_the_frame in [true, false, true, false, false] {
            let pressed = if released_within_the_frame {
                &none
            } else {
                &down
            };
            repeats.update(pressed, &down, Duration::from_millis(500));
            steps += repeats.steps(&"S");
        }
        repeats.update(&none, &none, Duration::from_millis(500));
        steps += repeats.steps(&"S");
        assert_eq!(steps, 5);
    }
}
