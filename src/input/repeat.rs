//! Keys that step a setting (power, tip offset, elevation, fine aim): the press is one
//! step, and a key held longer than `REPEAT_AFTER` steps again every `REPEAT_EVERY`.
//! Time is the wall clock's, so a slow frame earns every step its time held and no
//! more, and a tap is one step at any frame rate.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;
use std::time::Duration;

/// A key held this long starts repeating.
pub const REPEAT_AFTER: Duration = Duration::from_millis(350);
/// Then it steps this often.
pub const REPEAT_EVERY: Duration = Duration::from_millis(60);

/// How long each key has been held, and the steps each earned this frame.
#[derive(Debug)]
pub struct Repeats<K> {
    held: HashMap<K, Duration>,
    steps: HashMap<K, u32>,
}

impl<K> Default for Repeats<K> {
    fn default() -> Self {
        Repeats {
            held: HashMap::new(),
            steps: HashMap::new(),
        }
    }
}

/// The repeats a key held for `held` has earned since its press.
fn repeats(held: Duration) -> u32 {
    match held.checked_sub(REPEAT_AFTER) {
        None => 0,
        Some(over) => (over.as_nanos() / REPEAT_EVERY.as_nanos()) as u32 + 1,
    }
}

impl<K: Copy + Eq + Hash> Repeats<K> {
    /// A new frame: `down` are the keys down in it (pressed, or pressed and released
    /// within it), `elapsed` the wall-clock time since the last frame.
    pub fn update(&mut self, down: &HashSet<K>, elapsed: Duration) {
        self.held.retain(|key, _| down.contains(key));
        self.steps.clear();
        for &key in down {
            let steps = match self.held.get_mut(&key) {
                None => {
                    self.held.insert(key, Duration::ZERO);
                    1
                }
                Some(held) => {
                    let before = repeats(*held);
                    *held += elapsed;
                    repeats(*held) - before
                }
            };
            if steps > 0 {
                self.steps.insert(key, steps);
            }
        }
    }

    /// The steps `key` earned this frame.
    pub fn steps(&self, key: &K) -> u32 {
        self.steps.get(key).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Holds the key for `frames` frames of `frame` each, then lets go; the steps earned.
    fn hold(frames: u32, frame: Duration) -> u32 {
        let mut repeats = Repeats::default();
        let down = HashSet::from(["W"]);
        let mut steps = 0;
        for _ in 0..frames {
            repeats.update(&down, frame);
            steps += repeats.steps(&"W");
        }
        repeats.update(&HashSet::new(), frame);
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

    #[test]
    fn a_key_let_go_starts_again_from_its_press() {
        let mut repeats = Repeats::default();
        let down = HashSet::from([1]);
        repeats.update(&down, Duration::from_secs(5));
        repeats.update(&down, Duration::from_secs(5));
        assert!(repeats.steps(&1) > 50);
        repeats.update(&HashSet::new(), Duration::from_millis(16));
        assert_eq!(repeats.steps(&1), 0);
        repeats.update(&down, Duration::from_secs(5));
        assert_eq!(repeats.steps(&1), 1);
    }
}
