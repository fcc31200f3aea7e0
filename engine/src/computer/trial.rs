//! One worker's table for trying strokes: a simulation kept from stroke to stroke (the
//! balls put back each time, the rapier world built once) and the referee's copy of the
//! match to judge each stroke with.

use crate::config::Config;
use crate::math::DVec2;
use crate::physics::TableSim;
use crate::rules::{Calls, PlayedStroke, Referee, Verdict, foul_already};
use crate::shot::{BallId, EventKind, ShotRecord, Stroke};

/// How often, in the simulation's seconds, a stroke under way is looked at.
const LOOK_EVERY_S: f64 = 0.02;

/// A stroke still moving after this many event-loop steps is given up: on the cloth a
/// stroke takes tens, so it is a ball flying over a rail or off the table, stepped by
/// rapier. None of the 10 694 scoring strokes of 30 master decisions took more than
/// 300; a near-rail lay-out had 208 strokes of 600 to 5 600 steps, 197 of them fouls.
const MAX_STEPS: u64 = 300;

/// What a stroke came to.
#[derive(Clone, Debug)]
pub struct Tried {
    pub verdict: Verdict,
    /// Distinct balls the cue ball touched.
    pub balls_hit: usize,
    /// The match after the stroke: whose turn, where the balls are.
    pub after: Referee,
}

impl Tried {
    pub fn scores(&self) -> bool {
        self.verdict.points > 0
    }

    pub fn foul(&self) -> bool {
        !self.verdict.fouls.is_empty()
    }
}

pub struct Trial<'a> {
    sim: TableSim,
    referee: &'a Referee,
    lay_out: Vec<(BallId, DVec2)>,
    /// Strokes simulated.
    pub played: usize,
}

impl<'a> Trial<'a> {
    /// A table for strokes from `referee`'s lay-out, judged in its match.
    pub fn new(config: &Config, referee: &'a Referee) -> Trial<'a> {
        Trial {
            sim: TableSim::new(config, referee.table().clone()),
            lay_out: referee.positions().iter().map(|(&b, &p)| (b, p)).collect(),
            referee,
            played: 0,
        }
    }

    /// Plays `stroke` from the lay-out and judges it; None when the table refuses it.
    pub fn play(&mut self, stroke: &Stroke, declared_safety: bool) -> Option<Tried> {
        let record = self.record(stroke)?;
        let balls_hit = balls_hit(&record, stroke.ball);
        let mut after = self.referee.clone();
        let verdict = after
            .judge(&PlayedStroke {
                record,
                declared_safety,
                calls: Calls::default(),
                thinking_s: None,
            })
            .ok()?;
        Some(Tried {
            verdict,
            balls_hit,
            after,
        })
    }

    /// The stroke's record; None when the table refuses it, or once it is a foul
    /// whatever follows (it cannot score) or has taken `MAX_STEPS`: given up there.
    fn record(&mut self, stroke: &Stroke) -> Option<ShotRecord> {
        self.sim.place(&self.lay_out).ok()?;
        self.sim.strike(&[*stroke], None).ok()?;
        self.played += 1;
        let mut seen = 0;
        while !self.sim.at_rest() {
            self.sim.advance(LOOK_EVERY_S);
            let events = self.sim.events();
            if foul_already(&events[seen..], stroke.ball) || self.sim.steps() > MAX_STEPS {
                return None;
            }
            seen = events.len();
        }
        Some(self.sim.record())
    }
}

fn balls_hit(record: &ShotRecord, cue_ball: BallId) -> usize {
    let mut hit: Vec<BallId> = record
        .events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::BallBall { a, b, .. } if a == cue_ball => Some(b),
            EventKind::BallBall { a, b, .. } if b == cue_ball => Some(a),
            _ => None,
        })
        .collect();
    hit.sort();
    hit.dedup();
    hit.len()
}
