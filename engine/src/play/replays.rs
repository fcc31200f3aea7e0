//! The session's strokes kept for replay, and the replay under way: which stroke, its
//! time, the speed, paused or playing. Plain state the shell drives from the keys and
//! the wall clock, and draws.

use super::playback::PlaybackClock;
use crate::shot::ShotRecord;

/// Strokes kept for replay, the oldest dropped first.
const KEPT: usize = 100;
/// Path samples kept for replay in all, the oldest strokes dropped first (the last
/// stroke is kept whatever its length). A sample is 32 bytes: at most 32 MB. A stroke
/// sampled at the diagram's 200 Hz keeps 6 kB a ball and second (10 s of three balls:
/// 192 kB), so the count (`KEPT`) is what bounds a session's usual strokes.
const KEPT_SAMPLES: usize = 1_000_000;
/// How long the end of a replay stays before the table comes back, s.
const HOLD_S: f64 = 1.5;

/// The session's strokes and the replay under way.
#[derive(Clone, Debug)]
pub struct Replays {
    strokes: Vec<ShotRecord>,
    /// The stroke replayed (an index into `strokes`) and its time, s.
    playing: Option<(usize, f64)>,
    clock: PlaybackClock,
}

impl Default for Replays {
    fn default() -> Self {
        Replays {
            strokes: Vec::new(),
            playing: None,
            clock: PlaybackClock::new(false),
        }
    }
}

/// The replay under way, as it is shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Replaying<'a> {
    pub record: &'a ShotRecord,
    /// Which stroke, from 1, of how many kept.
    pub number: usize,
    pub kept: usize,
    /// The stroke's time, s.
    pub t: f64,
    /// 1: as played.
    pub speed: f64,
    pub paused: bool,
}

impl Replays {
    /// Keeps `record` as the newest stroke, within `KEPT` and `KEPT_SAMPLES`.
    pub fn keep(&mut self, record: ShotRecord) {
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

    /// The replay key: the last stroke from its start, then each one before, and after
    /// the first, none.
    pub fn back(&mut self) {
        self.playing = match self.playing {
            None => self.strokes.len().checked_sub(1).map(|last| (last, 0.0)),
            Some((0, _)) => None,
            Some((i, _)) => Some((i - 1, 0.0)),
        };
        self.clock.paused = false;
    }

    /// The replay goes (the table changed, or the player left it).
    pub fn stop(&mut self) {
        self.playing = None;
    }

    pub fn toggle_pause(&mut self) {
        self.clock.toggle_pause();
    }

    /// `steps` speeds faster (or slower, below 0), within those there are.
    pub fn faster(&mut self, steps: i32) {
        self.clock.faster(steps);
    }

    /// Time goes on: `wall_s` seconds of the clock at the replay's speed, or, when the
    /// player steps (`steps` on, or back below 0), that many steps, paused. Played on to
    /// its end (and a moment more), the replay goes; paused, it stays at the end.
    pub fn advance(&mut self, wall_s: f64, steps: f64) {
        let dt = self.clock.elapsed(wall_s, steps);
        if let Some((i, t)) = &mut self.playing {
            let duration = self.strokes[*i].duration;
            *t = (*t + dt).clamp(0.0, duration + HOLD_S);
            if !self.clock.paused && *t >= duration + HOLD_S {
                self.playing = None;
            }
        }
    }

    /// The replay under way.
    pub fn playing(&self) -> Option<Replaying<'_>> {
        let (i, t) = self.playing?;
        Some(Replaying {
            record: &self.strokes[i],
            number: i + 1,
            kept: self.strokes.len(),
            t,
            speed: self.clock.speed(),
            paused: self.clock.paused,
        })
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

    fn durations(replays: &Replays) -> Vec<f64> {
        replays.strokes.iter().map(|r| r.duration).collect()
    }

    #[test]
    fn the_replay_keeps_the_last_strokes_within_their_count() {
        let mut replays = Replays::default();
        for n in 0..KEPT + 30 {
            replays.keep(record(1_000, n as f64));
        }
        let kept = durations(&replays);
        assert_eq!(kept.len(), KEPT);
        assert_eq!(kept[0], 30.0);
        assert_eq!(kept[KEPT - 1], (KEPT + 29) as f64);
    }

    #[test]
    fn long_strokes_are_kept_within_the_samples_and_the_last_one_always() {
        let mut replays = Replays::default();
        for n in 0..10 {
            replays.keep(record(KEPT_SAMPLES / 3, n as f64));
        }
        assert_eq!(durations(&replays), [7.0, 8.0, 9.0]);
        replays.keep(record(2 * KEPT_SAMPLES, 10.0));
        assert_eq!(durations(&replays), [10.0]);
    }

    #[test]
    fn the_replay_key_goes_back_stroke_by_stroke_and_a_stroke_played_to_its_end_goes() {
        let mut replays = Replays::default();
        replays.back();
        assert_eq!(replays.playing(), None, "nothing to replay yet");
        replays.keep(record(10, 2.0));
        replays.keep(record(10, 3.0));
        replays.back();
        let shown = |r: &Replays| r.playing().map(|p| (p.number, p.kept, p.t));
        assert_eq!(shown(&replays), Some((2, 2, 0.0)));
        replays.back();
        assert_eq!(shown(&replays), Some((1, 2, 0.0)));
        // At half speed, 1 s of the clock is 0.5 s of the stroke.
        replays.faster(-1);
        replays.advance(1.0, 0.0);
        assert_eq!(shown(&replays), Some((1, 2, 0.5)));
        // Stepped, it pauses; paused at its end, it stays there.
        replays.advance(0.0, -5.0);
        assert!(replays.playing().unwrap().paused);
        assert!((replays.playing().unwrap().t - 0.4).abs() < 1e-12);
        replays.advance(0.0, 1_000.0);
        assert_eq!(shown(&replays), Some((1, 2, 2.0 + HOLD_S)));
        replays.toggle_pause();
        replays.advance(0.1, 0.0);
        assert_eq!(replays.playing(), None, "played on past its end");
        replays.back();
        replays.back();
        replays.back();
        assert_eq!(replays.playing(), None, "after the first stroke, none");
    }
}
