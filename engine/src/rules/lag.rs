//! Rule 5, the lag: both players shoot at the same time from behind the head string, one
//! on each side of the head spot, to the foot cushion and back; the ball that stops
//! closest to the head cushion wins the break (rule 4). Four-ball has no lag.
//!
//! Judged from one record in which both balls were struck (two `strike` events; the
//! rule lets the strokes be less than perfectly synchronous, so their times are not
//! compared) and the balls' sampled trajectories:
//! - Halves: the left half is y > 0, the right half y < 0 (the long axis divides them).
//!   A ball has crossed into the opponent's half when its centre is beyond the axis at
//!   any sample or at rest: the whole ball over the line is not required.
//! - A ball loses automatically if it crossed into the opponent's half, never touched the
//!   foot cushion, left the table (an `off_table` event or a final position off the
//!   table) or touched the red.
//! - Distance: the gap between the ball at rest and the head cushion's nose, mm: from the
//!   ball's surface to the nose line (x = −length/2, at the nose's height). Far from the
//!   cushion that is `x + length/2 − radius`; as the nose meets the ball above its
//!   equator, the exact gap `hypot(x + length/2, nose height − radius) − radius` is used,
//!   so a ball frozen to the cushion is 0 mm away rather than a fraction of a
//!   millimetre under it.
//! - Both balls at fault, or distances within `lag_tolerance_mm` of `games.ron` (1 mm):
//!   the lag is repeated.

use super::stroke::balls_named;
use crate::config::GameRules;
use crate::shot::BallId;
use crate::shot::Cushion;
use crate::shot::{EventKind, ShotRecord};
use crate::table::TableGeometry;

/// The half of the table a player lags from, seen from the head end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// y > 0.
    Left,
    /// y < 0.
    Right,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

impl Side {
    /// Whether a ball centred at `y` is in the other half.
    fn crossed(self, y: f64) -> bool {
        match self {
            Side::Left => y < 0.0,
            Side::Right => y > 0.0,
        }
    }
}

/// One player's lag ball and side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lagger {
    pub ball: BallId,
    pub side: Side,
}

/// Why a lag is lost automatically (rule 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LagFault {
    CrossedOver,
    NoFootCushion,
    LeftTable,
    TouchedRed,
}

/// What one player's lag ball did.
#[derive(Clone, Debug, PartialEq)]
pub struct LagBall {
    pub ball: BallId,
    pub side: Side,
    pub touched_foot_cushion: bool,
    /// Automatic losses, in the order of rule 5.
    pub faults: Vec<LagFault>,
    /// Gap to the head cushion at rest, mm; None when the ball left the table.
    pub distance_mm: Option<f64>,
}

/// Why the lag is played again.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Repeat {
    BothFaulted,
    /// The distances differ by no more than the tolerance.
    TooClose {
        difference_mm: f64,
    },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LagOutcome {
    /// The index (0 or 1) of the player who wins the lag and chooses (rules 4, 6).
    Winner(usize),
    Repeat(Repeat),
}

/// The lag's verdict: what each ball did and who won.
#[derive(Clone, Debug, PartialEq)]
pub struct LagVerdict {
    pub balls: [LagBall; 2],
    pub outcome: LagOutcome,
}

/// A lag that cannot be judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LagError {
    /// The game has no lag (Korean four-ball).
    NoLag,
    /// The two laggers must use the two different whites.
    Balls,
    /// Each lag ball must be struck once, and no other ball.
    Strikes,
    /// The record names a ball that is not on the table for a lag.
    NotInPlay(BallId),
    /// A lag ball has no sampled trajectory, so crossing over cannot be judged.
    NoTrajectory(BallId),
    /// A lag ball has no final position.
    NoFinalPosition(BallId),
    /// The record ends before every ball stopped (rule 11).
    NotAtRest,
}

impl std::error::Error for LagError {}

/// Judges a lag of `game` on `table` (rule 5).
pub fn judge_lag(
    game: &GameRules,
    table: &TableGeometry,
    tolerance_mm: f64,
    laggers: [Lagger; 2],
    record: &ShotRecord,
) -> Result<LagVerdict, LagError> {
    if !game.lag {
        return Err(LagError::NoLag);
    }
    if laggers[0].ball == laggers[1].ball || !laggers.iter().all(|l| l.ball.is_cue_ball()) {
        return Err(LagError::Balls);
    }
    let on_table = [BallId::White, BallId::Dotted, BallId::Red];
    if let Some(ball) = record
        .events
        .iter()
        .flat_map(|e| balls_named(&e.kind))
        .chain(record.final_positions.keys().copied())
        .find(|b| !on_table.contains(b))
    {
        return Err(LagError::NotInPlay(ball));
    }
    let mut struck: Vec<BallId> = record
        .events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Strike { ball, .. } => Some(ball),
            _ => None,
        })
        .collect();
    struck.sort();
    let mut expected = laggers.map(|l| l.ball).to_vec();
    expected.sort();
    if struck != expected {
        return Err(LagError::Strikes);
    }
    if !record.events.iter().any(|e| e.kind == EventKind::Rest) {
        return Err(LagError::NotAtRest);
    }
    let balls = [
        judge_lag_ball(table, laggers[0], record)?,
        judge_lag_ball(table, laggers[1], record)?,
    ];
    let outcome = match (balls[0].faults.is_empty(), balls[1].faults.is_empty()) {
        (false, false) => LagOutcome::Repeat(Repeat::BothFaulted),
        (true, false) => LagOutcome::Winner(0),
        (false, true) => LagOutcome::Winner(1),
        (true, true) => {
            let [a, b] = [&balls[0], &balls[1]].map(|b| b.distance_mm.unwrap_or(f64::INFINITY));
            let difference_mm = (a - b).abs();
            if difference_mm <= tolerance_mm {
                LagOutcome::Repeat(Repeat::TooClose { difference_mm })
            } else {
                LagOutcome::Winner(if a < b { 0 } else { 1 })
            }
        }
    };
    Ok(LagVerdict { balls, outcome })
}

/// How far a ball at rest centred at `x` lies from the head cushion, m: from its
/// surface to the cushion's nose, which it would touch above its equator.
pub fn head_cushion_gap(table: &TableGeometry, x: f64) -> f64 {
    let to_nose = (x + table.half_length()).hypot(table.nose_height - table.ball_radius);
    (to_nose - table.ball_radius).max(0.0)
}

/// One ball's lag: its faults and its distance from the head cushion (also what lag
/// training shows for a single ball).
pub fn judge_lag_ball(
    table: &TableGeometry,
    lagger: Lagger,
    record: &ShotRecord,
) -> Result<LagBall, LagError> {
    let ball = lagger.ball;
    let trajectory = record
        .trajectories
        .get(&ball)
        .filter(|samples| !samples.is_empty())
        .ok_or(LagError::NoTrajectory(ball))?;
    let at_rest = record
        .final_positions
        .get(&ball)
        .ok_or(LagError::NoFinalPosition(ball))?;
    let events = || record.events.iter().map(|e| &e.kind);
    let touched_foot_cushion = events().any(
        |k| matches!(k, EventKind::Cushion { ball: b, cushion: Cushion::Foot, .. } if *b == ball),
    );
    let left_table = !at_rest.on_table
        || events().any(|k| matches!(k, EventKind::OffTable { ball: b, .. } if *b == ball));
    let crossed = trajectory
        .iter()
        .map(|sample| sample[2])
        .chain(std::iter::once(at_rest.y))
        .any(|y| lagger.side.crossed(y));
    let touched_red = events().any(|k| {
        matches!(k, EventKind::BallBall { a, b, .. }
            if (*a == ball && *b == BallId::Red) || (*b == ball && *a == BallId::Red))
    });
    let faults = [
        (crossed, LagFault::CrossedOver),
        (!touched_foot_cushion, LagFault::NoFootCushion),
        (left_table, LagFault::LeftTable),
        (touched_red, LagFault::TouchedRed),
    ]
    .into_iter()
    .filter_map(|(fault, kind)| fault.then_some(kind))
    .collect();
    let distance_mm = (!left_table).then(|| head_cushion_gap(table, at_rest.x) * 1000.0);
    Ok(LagBall {
        ball,
        side: lagger.side,
        touched_foot_cushion,
        faults,
        distance_mm,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::{game, referee_config, table};
    use crate::shot::{FinalPosition, OffTableReason, ShotEvent};
    use BallId::{Dotted, Red, White};

    const LAGGERS: [Lagger; 2] = [
        Lagger {
            ball: White,
            side: Side::Left,
        },
        Lagger {
            ball: Dotted,
            side: Side::Right,
        },
    ];

    /// A lag in which each ball goes to the foot cushion and back along its own side and
    /// stops `gap_mm` from the head cushion.
    fn lag(gaps_mm: [f64; 2]) -> ShotRecord {
        let t = table();
        let mut record = ShotRecord::default();
        for (lagger, gap_mm, y) in [
            (LAGGERS[0], gaps_mm[0], 0.2),
            (LAGGERS[1], gaps_mm[1], -0.2),
        ] {
            let strike = EventKind::Strike {
                ball: lagger.ball,
                speed: 2.0,
                direction_deg: 0.0,
                side: 0.0,
                height: 0.2,
                elevation_deg: 0.0,
                tip_contact_s: 0.001,
                cue_touched: Vec::new(),
                moving: Vec::new(),
            };
            record.events.push(ShotEvent {
                t: 0.0,
                kind: strike,
            });
            record.events.push(ShotEvent {
                t: 2.0,
                kind: EventKind::Cushion {
                    ball: lagger.ball,
                    cushion: Cushion::Foot,
                    speed: 1.0,
                    at: None,
                },
            });
            let rise = t.nose_height - t.ball_radius;
            let x =
                -t.half_length() + ((t.ball_radius + gap_mm / 1000.0).powi(2) - rise * rise).sqrt();
            record.final_positions.insert(
                lagger.ball,
                FinalPosition {
                    x,
                    y,
                    z: t.ball_radius,
                    on_table: true,
                },
            );
            record.trajectories.insert(
                lagger.ball,
                vec![
                    [0.0, t.head_string_x(), y, t.ball_radius],
                    [2.0, 1.3, y, t.ball_radius],
                    [6.0, x, y, t.ball_radius],
                ],
            );
        }
        record.events.sort_by(|a, b| a.t.total_cmp(&b.t));
        record.events.push(ShotEvent {
            t: 6.0,
            kind: EventKind::Rest,
        });
        record
    }

    fn judge(record: &ShotRecord) -> LagVerdict {
        judge_lag(
            &game("three_cushion"),
            &table(),
            referee_config().lag_tolerance_mm,
            LAGGERS,
            record,
        )
        .unwrap()
    }

    #[test]
    fn the_ball_closest_to_the_head_cushion_wins_the_lag() {
        // Rule 5.
        let v = judge(&lag([40.0, 25.0]));
        assert_eq!(v.outcome, LagOutcome::Winner(1));
        assert!((v.balls[0].distance_mm.unwrap() - 40.0).abs() < 1e-6);
        assert!((v.balls[1].distance_mm.unwrap() - 25.0).abs() < 1e-6);
        assert!(
            v.balls
                .iter()
                .all(|b| b.touched_foot_cushion && b.faults.is_empty())
        );
    }

    #[test]
    fn distances_within_a_millimetre_repeat_the_lag() {
        // Rule 5: the referee cannot tell which is closer.
        let v = judge(&lag([30.0, 30.8]));
        assert!(
            matches!(v.outcome, LagOutcome::Repeat(Repeat::TooClose { .. })),
            "{v:?}"
        );
        assert_eq!(judge(&lag([30.0, 31.2])).outcome, LagOutcome::Winner(0));
    }

    #[test]
    fn a_ball_frozen_to_the_head_cushion_is_zero_millimetres_away() {
        // Its centre is the cushion reach (less than a radius) from the nose line.
        let v = judge(&lag([0.0, 10.0]));
        assert!(v.balls[0].distance_mm.unwrap() < 1e-9, "{v:?}");
        assert_eq!(v.outcome, LagOutcome::Winner(0));
    }

    #[test]
    fn far_from_the_cushion_the_gap_is_centre_distance_less_a_radius() {
        let t = table();
        let mut record = lag([0.0, 10.0]);
        record.final_positions.get_mut(&White).unwrap().x = -t.half_length() + 0.5;
        let v = judge(&record);
        let gap = v.balls[0].distance_mm.unwrap();
        let plain = 500.0 - t.ball_radius * 1000.0;
        assert!(gap > plain && gap - plain < 0.05, "{gap} vs {plain}");
    }

    #[test]
    fn crossing_into_the_opponents_half_loses_the_lag() {
        // Rule 5: the white (left half) strays to y < 0 on its way, though it is closer.
        let mut record = lag([5.0, 60.0]);
        record.trajectories.get_mut(&White).unwrap()[1][2] = -0.01;
        let v = judge(&record);
        assert_eq!(v.balls[0].faults, [LagFault::CrossedOver]);
        assert_eq!(v.outcome, LagOutcome::Winner(1));
    }

    #[test]
    fn never_touching_the_foot_cushion_loses_the_lag() {
        // Rule 5.
        let mut record = lag([5.0, 60.0]);
        record
            .events
            .retain(|e| !matches!(e.kind, EventKind::Cushion { ball: White, .. }));
        let v = judge(&record);
        assert_eq!(v.balls[0].faults, [LagFault::NoFootCushion]);
        assert!(!v.balls[0].touched_foot_cushion);
        assert_eq!(v.outcome, LagOutcome::Winner(1));
    }

    #[test]
    fn leaving_the_table_loses_the_lag() {
        // Rule 5.
        let mut record = lag([60.0, 5.0]);
        record.events.insert(
            3,
            ShotEvent {
                t: 3.0,
                kind: EventKind::OffTable {
                    ball: Dotted,
                    reason: OffTableReason::Floor,
                },
            },
        );
        let v = judge(&record);
        assert_eq!(v.balls[1].faults, [LagFault::LeftTable]);
        assert_eq!(v.balls[1].distance_mm, None);
        assert_eq!(v.outcome, LagOutcome::Winner(0));
    }

    #[test]
    fn touching_the_red_loses_the_lag() {
        // Rule 5.
        let mut record = lag([5.0, 60.0]);
        record.events.insert(
            3,
            ShotEvent {
                t: 2.5,
                kind: EventKind::BallBall {
                    a: Red,
                    b: White,
                    speed: 0.5,
                },
            },
        );
        let v = judge(&record);
        assert_eq!(v.balls[0].faults, [LagFault::TouchedRed]);
        assert_eq!(v.outcome, LagOutcome::Winner(1));
    }

    #[test]
    fn both_players_at_fault_repeat_the_lag() {
        // Rule 5.
        let mut record = lag([5.0, 60.0]);
        record
            .events
            .retain(|e| !matches!(e.kind, EventKind::Cushion { .. }));
        let v = judge(&record);
        assert_eq!(v.outcome, LagOutcome::Repeat(Repeat::BothFaulted));
    }

    #[test]
    fn korean_four_ball_has_no_lag() {
        // Rule 5: not in Korean four-ball.
        let err = judge_lag(
            &game("korean_four_ball"),
            &table(),
            1.0,
            LAGGERS,
            &lag([5.0, 6.0]),
        )
        .unwrap_err();
        assert_eq!(err, LagError::NoLag);
    }

    #[test]
    fn a_lag_needs_both_strikes_trajectories_and_rest() {
        let g = game("three_cushion");
        let t = table();
        let mut one_strike = lag([5.0, 60.0]);
        one_strike.events.remove(1);
        assert_eq!(
            judge_lag(&g, &t, 1.0, LAGGERS, &one_strike),
            Err(LagError::Strikes)
        );
        let mut no_samples = lag([5.0, 60.0]);
        no_samples.trajectories.remove(&Dotted);
        assert_eq!(
            judge_lag(&g, &t, 1.0, LAGGERS, &no_samples),
            Err(LagError::NoTrajectory(Dotted))
        );
        let mut moving = lag([5.0, 60.0]);
        moving.events.pop();
        assert_eq!(
            judge_lag(&g, &t, 1.0, LAGGERS, &moving),
            Err(LagError::NotAtRest)
        );
        let same = [LAGGERS[0], LAGGERS[0]];
        assert_eq!(
            judge_lag(&g, &t, 1.0, same, &lag([5.0, 6.0])),
            Err(LagError::Balls)
        );
    }
}
