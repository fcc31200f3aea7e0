//! One stroke as the referee receives it — the simulation's record, what the player
//! declared and the calls that no sensor makes — and the facts the rules need, read from
//! the record's events.

use crate::shot::{BallId, EventKind, ShotEvent, ShotRecord};
use crate::table::TableGeometry;
use std::collections::BTreeSet;

/// A stroke to judge.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayedStroke {
    /// What the simulation recorded, strike to rest.
    pub record: ShotRecord,
    /// The player declared an intentional safety before the stroke (rules 23–25).
    pub declared_safety: bool,
    pub calls: Calls,
    /// Seconds the player took over it, from when every ball had stopped (kept where a
    /// shot clock ran; the referee judges only `calls.timed_out`).
    pub thinking_s: Option<f64>,
}

/// What a referee sees that the simulation cannot: in the game, a menu action or the
/// players' agreement; in match files, the stroke's `calls`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Calls {
    /// Rule 18: a ball in play was struck with something other than the tip, on purpose.
    pub intentional_foul: bool,
    /// Rule 12: a ball in play was touched by something other than the tip.
    pub touched_ball: bool,
    /// Rule 22: someone or something other than the players moved the balls.
    pub outside_interference: bool,
    /// The shot clock ran out before the player struck: no stroke was played (its
    /// record is empty), and the format's rule applies (docs/rules.md "Formats").
    pub timed_out: bool,
    /// The player called one of their time-outs for this stroke (the shot clock's
    /// longer limit).
    pub time_out: bool,
}

/// The strike that started the stroke.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Strike {
    pub t: f64,
    pub ball: BallId,
    /// Tip offset above centre, fraction of the radius (negative: below centre).
    pub height: f64,
    pub tip_contact_s: f64,
    pub cue_touched: Vec<BallId>,
    pub moving: Vec<BallId>,
}

/// What happened to the cue ball, in order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Path {
    /// It touched another ball at `t`.
    Ball(BallId, f64),
    Cushion,
    /// It left the cloth.
    Airborne,
    /// In the air, it passed over this ball.
    JumpedOver(BallId),
    /// It came down after rising this high, m.
    Landed(f64),
}

/// The facts of one stroke that the rules judge.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Facts {
    pub strike: Strike,
    /// Balls struck by the tip after the first strike (rule 12).
    pub further_strikes: Vec<BallId>,
    /// Further contacts of the tip with the cue ball (rule 13).
    pub tip_again: usize,
    /// The tip slipped off the cue ball.
    pub miscue: bool,
    /// When the tip left the cue ball, if it stayed on pushing (a `tip_off` event).
    pub tip_off: Option<f64>,
    pub path: Vec<Path>,
    /// Some ball reached a cushion after the cue ball first touched another ball (rule 23).
    pub cushion_after_contact: bool,
    /// Balls that left the table (rule 21): an `off_table` event or a final position off
    /// the table.
    pub jumped: BTreeSet<BallId>,
}

/// Why a record cannot be judged at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// No `strike` event: nothing says which ball was the cue ball.
    NoStrike,
    /// Rule 11: the record does not end with every ball at rest (no `rest` event, or
    /// something moved after it): the stroke is not complete.
    NotAtRest,
    /// A ball is said to meet itself.
    MeetsItself(BallId),
    /// A ball's resting place is not a number.
    RestNotANumber(BallId),
    /// Event `index` (as listed) happens at a time that is not a number, or before the
    /// first strike: nothing moves before the tip meets the ball.
    EventTime { index: usize },
    /// A number of the strike (its speed, direction, offsets, elevation or contact time)
    /// is not a finite number.
    StrikeNotANumber,
}

impl Facts {
    /// Reads the events in time order (a stable sort, so events at the same instant
    /// keep the order the simulation gave them). What the rules judge starts at the
    /// first strike; a ball that left the table counts whenever it did.
    pub fn read(record: &ShotRecord) -> Result<Facts, RecordError> {
        let time_error = |index: usize| RecordError::EventTime { index };
        if let Some(index) = record.events.iter().position(|e| !e.t.is_finite()) {
            return Err(time_error(index));
        }
        let mut events: Vec<&ShotEvent> = record.events.iter().collect();
        events.sort_by(|a, b| a.t.total_cmp(&b.t));
        let (first, strike) = events
            .iter()
            .enumerate()
            .find_map(|(i, e)| match &e.kind {
                EventKind::Strike {
                    ball,
                    height,
                    tip_contact_s,
                    cue_touched,
                    moving,
                    ..
                } => Some((
                    i,
                    Strike {
                        t: e.t,
                        ball: *ball,
                        height: *height,
                        tip_contact_s: *tip_contact_s,
                        cue_touched: cue_touched.clone(),
                        moving: moving.clone(),
                    },
                )),
                _ => None,
            })
            .ok_or(RecordError::NoStrike)?;
        if let Some(index) = record.events.iter().position(|e| e.t < strike.t) {
            return Err(time_error(index));
        }
        let finite_strikes = record.events.iter().all(|e| match e.kind {
            EventKind::Strike {
                speed,
                direction_deg,
                side,
                height,
                elevation_deg,
                tip_contact_s,
                ..
            } => [
                speed,
                direction_deg,
                side,
                height,
                elevation_deg,
                tip_contact_s,
            ]
            .iter()
            .all(|x| x.is_finite()),
            _ => true,
        });
        if !finite_strikes {
            return Err(RecordError::StrikeNotANumber);
        }
        let cue = strike.ball;
        let mut facts = Facts {
            strike,
            further_strikes: Vec::new(),
            tip_again: 0,
            miscue: false,
            tip_off: None,
            path: Vec::new(),
            cushion_after_contact: false,
            jumped: BTreeSet::new(),
        };
        let mut rested = false;
        let mut moved_after_rest = false;
        if let Some(ball) = events.iter().find_map(|e| match e.kind {
            EventKind::BallBall { a, b, .. } if a == b => Some(a),
            _ => None,
        }) {
            return Err(RecordError::MeetsItself(ball));
        }
        for event in &events[first + 1..] {
            let touched_first = facts.first_contact().is_some();
            match event.kind {
                EventKind::Strike { ball, .. } => facts.further_strikes.push(ball),
                EventKind::Tip { ball, .. } if ball == cue => facts.tip_again += 1,
                // The tip touching any other ball is the cue touching it (rule 12).
                EventKind::Tip { ball, .. } => facts.further_strikes.push(ball),
                EventKind::Miscue { ball } if ball == cue => facts.miscue = true,
                EventKind::TipOff { ball } if ball == cue => facts.tip_off = Some(event.t),
                EventKind::BallBall { a, b, .. } if a == cue || b == cue => {
                    let other = if a == cue { b } else { a };
                    facts.path.push(Path::Ball(other, event.t));
                }
                EventKind::Cushion { ball, .. } => {
                    facts.cushion_after_contact |= touched_first;
                    if ball == cue {
                        facts.path.push(Path::Cushion);
                    }
                }
                EventKind::Airborne { ball, .. } if ball == cue => facts.path.push(Path::Airborne),
                EventKind::JumpedOver { ball, over } if ball == cue => {
                    facts.path.push(Path::JumpedOver(over))
                }
                EventKind::Landed { ball, height, .. } if ball == cue => {
                    facts.path.push(Path::Landed(height))
                }
                EventKind::Rest => rested = true,
                _ => {}
            }
            let is_motion = !matches!(event.kind, EventKind::Rest | EventKind::OffTable { .. });
            moved_after_rest |= rested && is_motion;
        }
        if !rested || moved_after_rest {
            return Err(RecordError::NotAtRest);
        }
        let off_table_events = events.iter().filter_map(|e| match e.kind {
            EventKind::OffTable { ball, .. } => Some(ball),
            _ => None,
        });
        let off_table_at_rest = record
            .final_positions
            .iter()
            .filter(|(_, p)| !p.on_table)
            .map(|(ball, _)| *ball);
        facts.jumped = off_table_events.chain(off_table_at_rest).collect();
        Ok(facts)
    }

    /// [`Facts::read`], and rule 21 from where each ball lies on `table`, not only from
    /// what the record says of it: a ball at rest beyond the cushions' noses is on a
    /// rail, the frame or the floor.
    pub fn read_on(record: &ShotRecord, table: &TableGeometry) -> Result<Facts, RecordError> {
        let mut facts = Facts::read(record)?;
        for (&ball, at) in &record.final_positions {
            if ![at.x, at.y, at.z].iter().all(|v| v.is_finite()) {
                return Err(RecordError::RestNotANumber(ball));
            }
            if at.x.abs() > table.half_length() || at.y.abs() > table.half_width() {
                facts.jumped.insert(ball);
            }
        }
        Ok(facts)
    }

    pub fn cue_ball(&self) -> BallId {
        self.strike.ball
    }

    /// How long the tip stayed on the cue ball, s: a normal stroke's contact, or until
    /// it left a ball it went on pushing.
    pub fn tip_contact_s(&self) -> f64 {
        let held = self.tip_off.map_or(0.0, |t| t - self.strike.t);
        self.strike.tip_contact_s.max(held)
    }

    /// The first ball the cue ball touched, and when.
    pub fn first_contact(&self) -> Option<(BallId, f64)> {
        self.path.iter().find_map(|p| match p {
            Path::Ball(ball, t) => Some((*ball, *t)),
            _ => None,
        })
    }

    /// Whether the cue ball touched `ball`.
    pub fn touched(&self, ball: BallId) -> bool {
        self.path
            .iter()
            .any(|p| matches!(p, Path::Ball(b, _) if *b == ball))
    }

    /// The cue ball's cushion contacts before it first touched the `n`-th of `balls`
    /// (in the order it met them), or None if it did not touch that many.
    pub fn cushions_before(&self, balls: &[BallId], n: usize) -> Option<usize> {
        let mut met: Vec<BallId> = Vec::new();
        let mut cushions = 0;
        for p in &self.path {
            match p {
                Path::Cushion => cushions += 1,
                Path::Ball(ball, _) => {
                    if balls.contains(ball) && !met.contains(ball) {
                        met.push(*ball);
                    }
                    if met.len() >= n {
                        return Some(cushions);
                    }
                }
                Path::Airborne | Path::JumpedOver(_) | Path::Landed(_) => {}
            }
        }
        None
    }

    /// The flight the strike gave the cue ball, if it left the cloth before touching
    /// a cushion or a ball: what it passed over and how high it rose before it landed or
    /// met a ball.
    pub fn strike_jump(&self) -> Option<Jump> {
        let mut path = self.path.iter();
        if !matches!(path.next()?, Path::Airborne) {
            return None;
        }
        let mut jump = Jump::default();
        for p in path {
            match p {
                Path::JumpedOver(ball) => jump.over.push(*ball),
                Path::Landed(height) => {
                    jump.height = Some(*height);
                    break;
                }
                _ => break,
            }
        }
        Some(jump)
    }
}

/// The cue ball's flight from the strike (rule 17).
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Jump {
    /// The balls it passed over before it touched one.
    pub over: Vec<BallId>,
    /// How high it rose, m, when it came down before meeting a ball.
    pub height: Option<f64>,
}

/// Every ball an event names.
pub(super) fn balls_named(event: &EventKind) -> Vec<BallId> {
    match event {
        EventKind::Strike {
            ball,
            cue_touched,
            moving,
            ..
        } => std::iter::once(*ball)
            .chain(cue_touched.iter().copied())
            .chain(moving.iter().copied())
            .collect(),
        EventKind::Tip { ball, .. }
        | EventKind::Miscue { ball }
        | EventKind::TipOff { ball }
        | EventKind::Cushion { ball, .. }
        | EventKind::Airborne { ball, .. }
        | EventKind::Landed { ball, .. }
        | EventKind::OffTable { ball, .. } => vec![*ball],
        EventKind::BallBall { a, b, .. } | EventKind::JumpedOver { ball: a, over: b } => {
            vec![*a, *b]
        }
        EventKind::Rest => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::Shot;
    use crate::shot::Cushion;

    #[test]
    fn events_are_read_in_time_order() {
        let mut record = Shot::new(BallId::White)
            .hit(BallId::Red)
            .cushion()
            .hit(BallId::Dotted)
            .rest();
        record.events.reverse();
        let facts = Facts::read(&record).unwrap();
        assert_eq!(facts.first_contact().map(|c| c.0), Some(BallId::Red));
        assert_eq!(
            facts.cushions_before(&[BallId::Red, BallId::Dotted], 2),
            Some(1)
        );
    }

    #[test]
    fn a_record_without_a_strike_cannot_be_judged() {
        let mut record = Shot::new(BallId::White).rest();
        record.events.remove(0);
        assert_eq!(Facts::read(&record), Err(RecordError::NoStrike));
    }

    #[test]
    fn a_record_that_does_not_end_at_rest_is_not_a_complete_stroke() {
        // Rule 11: complete only when every ball has stopped.
        let moved_after_rest = Shot::new(BallId::White)
            .event(EventKind::Rest)
            .cushion_of(BallId::Red, Cushion::Foot)
            .finish();
        assert_eq!(Facts::read(&moved_after_rest), Err(RecordError::NotAtRest));
        let no_rest = Shot::new(BallId::White).hit(BallId::Red).finish();
        assert_eq!(Facts::read(&no_rest), Err(RecordError::NotAtRest));
    }

    #[test]
    fn a_final_position_off_the_table_counts_as_jumped() {
        // Rule 21.
        let record = Shot::new(BallId::White).off_bed(BallId::Red).rest();
        assert!(Facts::read(&record).unwrap().jumped.contains(&BallId::Red));
    }
}
