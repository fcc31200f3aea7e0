//! Detection: when the next event happens — a contact (the first root of a
//! polynomial: between contacts every ball on the cloth moves on a parabola), a change
//! of a ball's motion, a touch of the cue's follow-through, the tip leaving a ball it
//! pushed, or rapier's next flight step. Each kind of pair is found in its own file,
//! as pooltool splits them: ball on cushion, ball on ball (on the cloth or in flight),
//! cue tip on ball.

mod ball_ball;
mod cue;
mod cushion;

use super::{Ball, Next, Phase, TableSim};
use crate::math::DVec2;
use crate::physics::cloth::{Kinematics, Motion};
use crate::physics::poly::Closing;

/// A ball on the cloth: its index, where it is, how it moves, and its acceleration in
/// that motion (worked out once an event: every kind of pair asks for it).
#[derive(Clone, Copy)]
struct OnCloth {
    i: usize,
    k: Kinematics,
    motion: Motion,
    acceleration: DVec2,
}

/// Something of each ball, by ball index; None for a ball it does not apply to. A fixed
/// array rather than a list, as detection builds these at every event.
type ByBall<T> = [Option<T>; 4];

/// The earliest event found so far, at an absolute time.
struct Earliest {
    clock: f64,
    best: Option<(f64, Next)>,
}

impl Earliest {
    /// How far ahead of now, within `span` s, a contact could still come first: up to
    /// the earliest event found so far, and a microsecond more (far above rounding). A
    /// pair that cannot touch within it is not searched: its contact, if any, would come
    /// later and not be kept. Only whether to search is judged on it; a search still
    /// covers the whole span, so that a root found is the same to the last bit.
    fn window(&self, span: f64) -> f64 {
        const SLACK_S: f64 = 1e-6;
        self.best
            .map_or(span, |(t, _)| span.min(t - self.clock + SLACK_S))
    }

    /// `next` happens `dt` s from now, if at all: kept when it comes first (the first
    /// of two at the same time stays).
    fn consider(&mut self, dt: Option<f64>, next: Next) {
        if let Some(dt) = dt
            && self.best.is_none_or(|(t, _)| self.clock + dt < t)
        {
            self.best = Some((self.clock + dt, next));
        }
    }

    /// As `consider`, for a contact whose time is searched for only when its bracket
    /// starts before the earliest event so far: one that starts at or after it cannot
    /// come first (the time found is never before the bracket's start), so the answer is
    /// the same to the last bit without the search.
    fn consider_closing(&mut self, closing: Option<Closing>, next: Next) {
        if let Some(closing) = closing
            && self
                .best
                .is_none_or(|(t, _)| self.clock + closing.not_before() < t)
        {
            self.consider(Some(closing.time()), next);
        }
    }
}

impl TableSim {
    /// The earliest event from the stored state. Contacts are searched up to the first
    /// change of motion or flight step, found from the state alone.
    pub(super) fn next_event(&self) -> Option<(f64, Next)> {
        let mut earliest = Earliest {
            clock: self.clock,
            best: self.next_flight_step.map(|t| (t, Next::Flight)),
        };
        let mut cloth: ByBall<OnCloth> = [None; 4];
        for (i, b) in self.balls.iter().enumerate() {
            if let Some(Ball {
                k,
                phase: Phase::Cloth(m),
            }) = b
            {
                cloth[i] = Some(OnCloth {
                    i,
                    k: *k,
                    motion: *m,
                    acceleration: self.cloth.acceleration(k, *m),
                });
            }
        }
        for b in cloth.iter().flatten() {
            let dt = self.cloth.time_to_change(&b.k, b.motion);
            earliest.consider(dt.is_finite().then_some(dt), Next::Change);
        }
        let (until, _) = earliest.best?;
        let span = until - self.clock;
        self.next_on_cushions(&cloth, span, &mut earliest);
        self.next_between_balls(&cloth, span, &mut earliest);
        self.next_of_the_cue(&cloth, span, &mut earliest);
        earliest.best
    }
}

/// Whether a ball on the cloth moves across it (a spinning ball does not).
fn moves(m: Motion) -> bool {
    matches!(m, Motion::Sliding | Motion::Rolling)
}
