//! The shot clock at the table (a match format's, or practice's when the player sets
//! one): the seconds a stroke, counted from when every ball has stopped, the warning
//! before they run out, a time-out that lengthens one stroke's limit, and what happens
//! when they run out (the referee judges that stroke: `rules::Calls::timed_out`).

use crate::config::ShotClock;

/// Practice's clock: seconds a stroke it may be set to (none by default).
pub const PRACTICE_CLOCK_S: [u32; 3] = [30, 35, 40];

/// A stroke's time on the shot clock: the seconds taken from when the balls stopped,
/// and whether a time-out was called for it (nothing where no clock runs).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StrokeTime {
    pub thinking_s: Option<f64>,
    pub time_out: bool,
}

/// The clock of the stroke being prepared.
#[derive(Clone, Debug, PartialEq)]
pub struct StrokeClock {
    rules: ShotClock,
    /// Seconds since the balls stopped.
    elapsed_s: f64,
    /// A time-out was called (or taken for the player) for this stroke.
    time_out: bool,
    warned: bool,
    /// The time has run out (told once).
    ran_out: bool,
}

/// What a tick of the clock brought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockTick {
    Running,
    /// The warning: this many seconds are left.
    Warning,
    /// The time ran out and a time-out was taken for the player (the format's rule).
    TimeOutTaken,
    /// The time ran out.
    RanOut,
}

impl StrokeClock {
    pub fn new(rules: ShotClock) -> StrokeClock {
        StrokeClock {
            rules,
            elapsed_s: 0.0,
            time_out: false,
            warned: false,
            ran_out: false,
        }
    }

    /// The clock for the next stroke: from nought, no time-out called.
    pub fn restart(&mut self) {
        *self = StrokeClock::new(self.rules.clone());
    }

    pub fn elapsed_s(&self) -> f64 {
        self.elapsed_s
    }

    /// This stroke's limit, s: the clock's, or a time-out's.
    pub fn limit_s(&self) -> f64 {
        self.limit_with(self.time_out)
    }

    /// A stroke's limit, s, with a time-out called or not.
    pub fn limit_with(&self, time_out: bool) -> f64 {
        let limit = match self.rules.timeout_limit_s {
            Some(longer) if time_out => longer,
            _ => self.rules.seconds,
        };
        f64::from(limit)
    }

    /// Seconds left for this stroke.
    pub fn left_s(&self) -> f64 {
        (self.limit_s() - self.elapsed_s).max(0.0)
    }

    /// The warning has been given for this stroke (the clock shows it).
    pub fn warned(&self) -> bool {
        self.warned
    }

    /// A time-out was called for this stroke.
    pub fn time_out(&self) -> bool {
        self.time_out
    }

    /// Whether a time-out can be called for this stroke, with `left` of them.
    pub fn can_call_time_out(&self, left: u32) -> bool {
        left > 0 && !self.time_out && self.rules.timeout_limit_s.is_some()
    }

    /// The player calls a time-out with `left` of them: whether it was taken.
    pub fn call_time_out(&mut self, left: u32) -> bool {
        let taken = self.can_call_time_out(left);
        if taken {
            self.time_out = true;
            self.warned = false;
        }
        taken
    }

    /// The time ran out on this stroke.
    pub fn ran_out(&self) -> bool {
        self.ran_out
    }

    /// This stroke's time so far.
    pub fn time(&self) -> StrokeTime {
        StrokeTime {
            thinking_s: Some(self.elapsed_s),
            time_out: self.time_out,
        }
    }

    /// `dt` seconds pass with the player to play, `left` time-outs in hand; the time
    /// runs out once (and stands still after).
    pub fn tick(&mut self, dt: f64, left: u32) -> ClockTick {
        if self.ran_out {
            return ClockTick::Running;
        }
        self.elapsed_s = (self.elapsed_s + dt).min(self.limit_s());
        if self.elapsed_s >= self.limit_s() {
            if self.rules.timeouts_automatic && self.call_time_out(left) {
                return ClockTick::TimeOutTaken;
            }
            self.ran_out = true;
            return ClockTick::RanOut;
        }
        let warn_at = self.rules.warning_s.map(f64::from);
        if !self.warned && warn_at.is_some_and(|w| self.left_s() <= w) {
            self.warned = true;
            return ClockTick::Warning;
        }
        ClockTick::Running
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn umb() -> StrokeClock {
        let formats = Config::defaults().formats.formats;
        StrokeClock::new(formats["umb_world_cup"].shot_clock.clone().unwrap())
    }

    /// Ticks of `dt` until something other than running happens: what, and when.
    fn until_news(clock: &mut StrokeClock, left: u32) -> (ClockTick, f64) {
        loop {
            match clock.tick(0.5, left) {
                ClockTick::Running => {}
                news => return (news, clock.elapsed_s()),
            }
        }
    }

    #[test]
    fn the_umb_clock_warns_at_20_s_and_runs_out_at_30_or_60_with_a_time_out() {
        let mut clock = umb();
        assert_eq!(until_news(&mut clock, 4), (ClockTick::Warning, 10.0));
        // Out of time with time-outs in hand: one is taken for the player (UMB).
        assert_eq!(until_news(&mut clock, 4), (ClockTick::TimeOutTaken, 30.0));
        assert!(clock.time_out());
        assert_eq!(clock.limit_s(), 60.0);
        assert_eq!(until_news(&mut clock, 3), (ClockTick::Warning, 40.0));
        assert_eq!(until_news(&mut clock, 3), (ClockTick::RanOut, 60.0));
        // Without time-outs the stroke's 30 s are all there is.
        clock.restart();
        until_news(&mut clock, 0);
        assert_eq!(until_news(&mut clock, 0), (ClockTick::RanOut, 30.0));
    }

    #[test]
    fn a_time_out_is_called_once_a_stroke_and_only_with_one_in_hand() {
        let mut clock = umb();
        assert!(!clock.call_time_out(0));
        assert!(clock.call_time_out(2));
        assert!(!clock.call_time_out(1), "one a stroke");
        assert_eq!(clock.left_s(), 60.0);
        // Practice's clock has no time-outs.
        let mut practice = StrokeClock::new(ShotClock::practice(35));
        assert!(!practice.call_time_out(3));
        assert_eq!(until_news(&mut practice, 0), (ClockTick::Warning, 25.0));
    }
}
