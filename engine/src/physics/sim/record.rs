//! Recording: the stroke's events as they happen (a contact repeated while two bodies
//! press on each other is one touch), the end of the stroke at rest (rule 11), the
//! positions sampled on the simulation's own clock, and the record of the stroke.

use super::{Pair, Phase, Sampling, TableSim};
use crate::math::DVec3;
use crate::physics::cloth::Motion;
use crate::shot::{BallId, EventKind, FinalPosition, ShotEvent, ShotRecord};
use std::collections::BTreeMap;

/// Impacts slower than this, m/s, repeated on the same pair within `PRESS_WINDOW` s,
/// are one continuing (pressing) contact, not new touches.
const PRESS_SPEED: f64 = 1e-3;
const PRESS_WINDOW: f64 = 0.05;

impl TableSim {
    pub(super) fn push_event(&mut self, kind: EventKind) {
        self.events.push(ShotEvent {
            t: self.clock,
            kind,
        });
    }

    /// Whether a contact is a new touch (an event) rather than the same pair pressing on.
    pub(super) fn is_new_touch(&mut self, pair: Pair, speed: f64) -> bool {
        let recent = self
            .recent
            .iter()
            .any(|&(p, t)| p == pair && self.clock - t < PRESS_WINDOW);
        self.recent.retain(|&(p, _)| p != pair);
        self.recent.push((pair, self.clock));
        !(recent && speed < PRESS_SPEED)
    }

    pub(super) fn check_rest(&mut self) {
        let still = self
            .in_play()
            .all(|(_, b)| matches!(b.phase, Phase::Cloth(Motion::Rest)));
        if still && !self.rested {
            self.rested = true;
            for f in 0..self.follow.len() {
                self.tip_off(f);
            }
            self.follow.clear();
            self.push_event(EventKind::Rest);
            // The samples end where the balls stopped.
            self.take_samples(self.clock);
            let at_rest: Vec<(BallId, DVec3)> = if self.sampling.is_some() {
                self.in_play().map(|(id, b)| (id, b.k.pos)).collect()
            } else {
                Vec::new()
            };
            if let Some(sampling) = &mut self.sampling {
                for (id, p) in at_rest {
                    let samples = sampling.trajectories.entry(id).or_default();
                    if samples.last().is_none_or(|s| s[0] < self.clock) {
                        samples.push([self.clock, p.x, p.y, p.z]);
                    }
                }
            }
        }
    }

    /// Every ball placed for this stroke, jumped ones included, with whether it is
    /// still on the table.
    pub fn final_positions(&self) -> impl Iterator<Item = (BallId, FinalPosition)> + '_ {
        BallId::ALL.iter().filter_map(|&id| {
            let b = self.balls[id.index()]?;
            let on_table = !matches!(b.phase, Phase::Off);
            let pos = if on_table {
                self.position_at(id.index(), self.time)
            } else {
                b.k.pos
            };
            Some((
                id,
                FinalPosition {
                    x: pos.x,
                    y: pos.y,
                    z: pos.z,
                    on_table,
                },
            ))
        })
    }

    /// The stroke's length so far, s: to where it came to rest, once it has.
    pub fn duration(&self) -> f64 {
        if self.rested { self.clock } else { self.time }
    }

    /// The record of the stroke so far.
    pub fn record(&self) -> ShotRecord {
        ShotRecord {
            events: self.events.clone(),
            final_positions: self.final_positions().collect(),
            trajectories: self
                .sampling
                .as_ref()
                .map(|s| s.trajectories.clone())
                .unwrap_or_default(),
            duration: self.duration(),
        }
    }

    /// Records every ball's position `hz` times a second of simulated time from now on
    /// (the samples go into `record().trajectories`); None stops it.
    pub(super) fn sample_every(&mut self, hz: Option<f64>) {
        self.sampling = hz.map(|hz| Sampling {
            period: 1.0 / hz,
            taken: 0,
            trajectories: BTreeMap::new(),
        });
    }

    /// Takes the samples due up to time `t` (≤ the next event), from the stored state.
    pub(super) fn take_samples(&mut self, t: f64) {
        let Some(mut sampling) = self.sampling.take() else {
            return;
        };
        let first = sampling.taken;
        let mut due = first;
        while due as f64 * sampling.period <= t {
            due += 1;
        }
        if due > first {
            for (id, _) in self.in_play() {
                let path = sampling.trajectories.entry(id).or_default();
                for n in first..due {
                    let at = n as f64 * sampling.period;
                    let p = self.position_at(id.index(), at);
                    path.push([at, p.x, p.y, p.z]);
                }
            }
        }
        sampling.taken = due;
        self.sampling = Some(sampling);
    }
}
