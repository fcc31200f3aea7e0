//! Cue tip on ball: the follow-through's tip catches up with the ball it struck, or the
//! tip leaves a ball it pushed.

use super::ball_ball::gap_poly;
use super::{ByBall, Earliest, OnCloth};
use crate::physics::poly::closing;
use crate::physics::sim::{Next, TableSim};

impl TableSim {
    /// The first touch of a follow-through, or the end of a push, within `span` s.
    pub(super) fn next_of_the_cue(
        &self,
        cloth: &ByBall<OnCloth>,
        span: f64,
        earliest: &mut Earliest,
    ) {
        for (f, follow) in self.follow.iter().enumerate() {
            let Some(OnCloth {
                k, acceleration, ..
            }) = cloth[follow.ball.index()]
            else {
                continue;
            };
            let from = (follow.since + self.cue.tip_contact_ms / 1000.0 - self.clock).max(0.0);
            let to = (follow.stop_time() - self.clock).min(span);
            if from >= to {
                continue;
            }
            let tip = follow.tip(self.clock);
            let tip_speed = (follow.speed - follow.decel * (self.clock - follow.since)).max(0.0);
            let poly = gap_poly(
                k.pos - tip,
                k.vel - tip_speed * follow.axis,
                acceleration.extend(0.0) + follow.decel * follow.axis,
                self.table.ball_radius,
            );
            earliest.consider_closing(closing(&poly, from, to), Next::Tip(f));
        }
        for (f, follow) in self.follow.iter().enumerate() {
            if let Some(until) = follow.held_until {
                earliest.consider(Some((until - self.clock).max(0.0)), Next::TipOff(f));
            }
        }
    }
}
