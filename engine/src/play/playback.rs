//! The clock of a playback (the session's replays, the match viewer): its speed, paused
//! or playing, and how far a moment of the wall clock, or a step, moves it.

/// The speeds a playback plays at, slowest first, and the one it starts at.
const SPEEDS: [f64; 6] = [0.1, 0.2, 0.5, 1.0, 1.5, 2.0];
const NORMAL: usize = 3;
/// A step back or on, s of the stroke's time.
pub(super) const STEP_S: f64 = 0.02;

#[derive(Clone, Copy, Debug)]
pub(super) struct PlaybackClock {
    /// An index into `SPEEDS`.
    speed: usize,
    pub(super) paused: bool,
}

impl PlaybackClock {
    /// At the normal speed.
    pub(super) fn new(paused: bool) -> PlaybackClock {
        PlaybackClock {
            speed: NORMAL,
            paused,
        }
    }

    pub(super) fn toggle_pause(&mut self) {
        self.paused = !self.paused;
    }

    /// `steps` speeds faster (or slower, below 0), within those there are.
    pub(super) fn faster(&mut self, steps: i32) {
        self.speed = (self.speed as i32 + steps).clamp(0, SPEEDS.len() as i32 - 1) as usize;
    }

    /// 1: as played.
    pub(super) fn speed(&self) -> f64 {
        SPEEDS[self.speed]
    }

    /// The playback's time gone by in `wall_s` seconds of the clock at its speed, or,
    /// when it steps (`steps` on, or back below 0), in that many steps, which pause it.
    pub(super) fn elapsed(&mut self, wall_s: f64, steps: f64) -> f64 {
        if steps != 0.0 {
            self.paused = true;
        }
        if self.paused {
            steps * STEP_S
        } else {
            wall_s * self.speed()
        }
    }
}
