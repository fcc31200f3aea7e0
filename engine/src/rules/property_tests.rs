//! Property test: random event sequences never make the referee panic, and the score
//! sheet stays consistent — points rise only by what scored strokes scored, a miss or a
//! foul passes the turn, innings count the turns at the table.

use super::testkit::{config, table};
use super::{Calls, JudgeError, MatchSetup, PlayedStroke, Referee, Verdict, foul_already};
use crate::shot::BallId;
use crate::shot::Cushion;
use crate::shot::{EventKind, FinalPosition, OffTableReason, ShotEvent, ShotRecord, Surface};
use crate::test_support::Rng;

/// A stroke of random events on `balls` (now and then one not in play), mostly struck
/// on `cue`, mostly ending at rest.
fn random_stroke(rng: &mut Rng, balls: &[BallId], cue: BallId) -> PlayedStroke {
    let all = BallId::ALL;
    let ball = |rng: &mut Rng| {
        if rng.chance(2) {
            rng.pick(&all)
        } else {
            rng.pick(balls)
        }
    };
    let mut events = Vec::new();
    if !rng.chance(3) {
        let struck = if rng.chance(85) { cue } else { ball(rng) };
        let listed = |rng: &mut Rng| {
            if rng.chance(5) {
                vec![ball(rng)]
            } else {
                Vec::new()
            }
        };
        events.push(ShotEvent {
            t: 0.0,
            kind: EventKind::Strike {
                ball: struck,
                speed: rng.range(0.1, 8.0),
                direction_deg: rng.range(-180.0, 180.0),
                side: rng.range(-0.6, 0.6),
                height: rng.range(-0.6, 0.6),
                elevation_deg: rng.range(0.0, 60.0),
                tip_contact_s: rng.range(0.0002, 0.003),
                cue_touched: listed(rng),
                moving: listed(rng),
            },
        });
    }
    let mut t = 0.0;
    for _ in 0..rng.below(14) {
        t += rng.range(0.0, 0.4);
        let kind = match rng.below(10) {
            0..=3 => {
                let a = if rng.chance(70) { cue } else { ball(rng) };
                // Now and then a ball meeting itself: a record to refuse.
                let b = if rng.chance(1) {
                    a
                } else {
                    let mut b = ball(rng);
                    while b == a {
                        b = ball(rng);
                    }
                    b
                };
                EventKind::BallBall { a, b, speed: 1.0 }
            }
            4..=6 => EventKind::Cushion {
                ball: if rng.chance(70) { cue } else { ball(rng) },
                cushion: rng.pick(&Cushion::ALL),
                speed: 1.0,
                at: None,
            },
            7 => EventKind::Airborne {
                ball: ball(rng),
                vz: 0.3,
            },
            8 => match rng.below(5) {
                0 => EventKind::Tip {
                    ball: ball(rng),
                    speed: 0.2,
                },
                1 => EventKind::Miscue { ball: ball(rng) },
                2 => EventKind::Landed {
                    ball: ball(rng),
                    surface: rng.pick(&[Surface::Bed, Surface::Rail, Surface::Cushion]),
                    height: rng.range(0.0, 0.05),
                    distance: rng.range(0.0, 0.5),
                },
                3 => EventKind::JumpedOver {
                    ball: ball(rng),
                    over: ball(rng),
                },
                _ => EventKind::Rest,
            },
            _ => EventKind::OffTable {
                ball: ball(rng),
                reason: OffTableReason::Floor,
            },
        };
        events.push(ShotEvent { t, kind });
    }
    if rng.chance(90) {
        events.push(ShotEvent {
            t: t + 0.5,
            kind: EventKind::Rest,
        });
    }
    if rng.chance(5) {
        events.reverse();
    }
    let mut record = ShotRecord {
        events,
        duration: t + 0.5,
        ..ShotRecord::default()
    };
    for b in balls {
        if rng.chance(60) {
            let on_table = !rng.chance(5);
            let p = FinalPosition {
                x: rng.range(-1.38, 1.38),
                y: rng.range(-0.67, 0.67),
                z: 0.03,
                on_table,
            };
            record.final_positions.insert(*b, p);
        }
    }
    if rng.chance(4) {
        spoil_a_number(rng, &mut record);
    }
    PlayedStroke {
        record,
        declared_safety: rng.chance(15),
        calls: Calls {
            intentional_foul: rng.chance(3),
            touched_ball: rng.chance(3),
            outside_interference: rng.chance(3),
            ..Calls::default()
        },
        thinking_s: None,
    }
}

/// An adversarial record: one of its numbers (an event's time, a strike's speed, a
/// resting place, the duration) made absurd.
fn spoil_a_number(rng: &mut Rng, record: &mut ShotRecord) {
    let absurd = rng.pick(&[
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        -1.0,
        1e300,
        -1e300,
    ]);
    match rng.below(4) {
        0 if !record.events.is_empty() => {
            let i = rng.below(record.events.len() as u64) as usize;
            record.events[i].t = absurd;
        }
        1 => {
            if let Some(EventKind::Strike { speed, .. }) =
                record.events.first_mut().map(|e| &mut e.kind)
            {
                *speed = absurd;
            }
        }
        2 => {
            if let Some(p) = record.final_positions.values_mut().next() {
                p.x = absurd;
            }
        }
        _ => record.duration = absurd,
    }
}

/// Checks one verdict against the score before and after it.
fn check(r: &Referee, before: &[super::PlayerScore], shooter: usize, opened: bool, v: &Verdict) {
    let after = r.players();
    let n = after.len();
    assert_eq!(v.shooter, shooter);
    assert!(
        v.points <= 2,
        "at most 2 points, for all three object balls in four-ball"
    );
    if v.restore_positions {
        assert_eq!(after, before, "rule 22: nothing changes");
        assert_eq!(r.shooter(), shooter);
        return;
    }
    for (i, (a, b)) in after.iter().zip(before).enumerate() {
        let scored = if i == shooter { v.points } else { 0 };
        assert_eq!(
            a.points,
            b.points + scored,
            "points rise only by the stroke's points"
        );
        let started = u32::from(i == shooter && opened);
        assert_eq!(
            a.innings,
            b.innings + started,
            "innings count turns at the table"
        );
        assert!(a.high_run <= a.points && a.current_run <= a.high_run);
        // A stroke scores at most 2 (four-ball), so a score passes the target by 1 at most.
        assert!(a.points <= r.target() + 1);
        let average = if a.innings == 0 {
            0.0
        } else {
            f64::from(a.points) / f64::from(a.innings)
        };
        assert_eq!(a.average(), average);
    }
    if !v.fouls.is_empty() {
        assert_eq!(v.points, 0, "rule 16: a foul scores nothing");
        assert!(v.inning_over, "rule 16: a foul ends the inning");
    }
    if v.points == 0 {
        assert!(
            v.inning_over,
            "a stroke that does not count ends the inning"
        );
    }
    if v.inning_over {
        assert_eq!(after[shooter].current_run, 0);
    }
    assert_eq!(v.game_over(), r.is_over());
    if !v.game_over() {
        let next = if v.inning_over {
            (shooter + 1) % n
        } else {
            shooter
        };
        assert_eq!(
            r.shooter(),
            next,
            "a miss or a foul passes the turn, a count does not"
        );
    }
    let radius = r.table().ball_radius;
    for placed in &v.spot {
        assert!(r.table().fits_on_bed(placed.position));
        for (ball, p) in r.positions() {
            if *ball != placed.ball {
                assert!(
                    p.distance(placed.position) >= 2.0 * radius - 1e-9,
                    "spotted on {ball}"
                );
            }
        }
    }
}

#[test]
fn random_strokes_never_panic_and_keep_a_consistent_score_sheet() {
    let config = config();
    let mut rng = Rng(0x00C0_FFEE);
    let names = ["Anna", "Boris", "Chen", "Dana"];
    let (mut judged, mut scored, mut already, mut refused) = (0, 0, 0, 0);
    for round in 0..400 {
        let key = rng
            .pick(&config.games.games.keys().collect::<Vec<_>>())
            .clone();
        let game = &config.games.games[&key];
        let players = 1 + rng.below(4) as usize;
        let setup = MatchSetup {
            players: names[..players].iter().map(|p| p.to_string()).collect(),
            target: 1 + rng.below(6) as u32,
            targets: Vec::new(),
            innings_limit: rng.chance(50).then(|| 1 + rng.below(8) as u32),
            breaker: rng.below(players as u64) as usize,
            breaker_ball: rng.pick(&[BallId::White, BallId::Dotted]),
        };
        let mut r = Referee::new(game, &config.games.referee, table(), setup).unwrap();
        let balls = r.balls_in_play().to_vec();
        let mut in_inning = false;
        let mut totals = vec![0; players];
        for _ in 0..80 {
            let stroke = random_stroke(&mut rng, &balls, r.cue_ball());
            let before = r.players().to_vec();
            let shooter = r.shooter();
            match r.judge(&stroke) {
                Ok(v) => {
                    let opened = !in_inning && !v.restore_positions;
                    check(&r, &before, shooter, opened, &v);
                    // What the computer's search gives up early is a foul when judged.
                    if let Some(EventKind::Strike { ball, .. }) =
                        stroke.record.events.first().map(|e| &e.kind)
                        && foul_already(&stroke.record.events, *ball)
                        && !v.restore_positions
                    {
                        assert!(!v.fouls.is_empty(), "{:?}", stroke.record.events);
                        already += 1;
                    }
                    if !v.restore_positions {
                        in_inning = !v.inning_over;
                    }
                    totals[shooter] += v.points;
                    judged += 1;
                    scored += v.points;
                }
                Err(JudgeError::GameOver) => assert!(r.is_over(), "round {round}"),
                Err(
                    JudgeError::NoStrike
                    | JudgeError::NotInPlay(_)
                    | JudgeError::NotAtRest
                    | JudgeError::Impossible(_)
                    | JudgeError::NoTimeOutLeft { .. }
                    | JudgeError::SetBreakerPending { .. },
                ) => {
                    assert_eq!(r.players(), before, "a refused stroke changes nothing");
                    refused += 1;
                }
            }
        }
        let points: Vec<u32> = r.players().iter().map(|p| p.points).collect();
        assert_eq!(points, totals, "round {round} ({key})");
    }
    println!("{judged} judged, {refused} refused, {scored} points");
    assert!(judged > 10_000, "only {judged} strokes were judged");
    assert!(scored > 200, "only {scored} strokes scored");
    assert!(already > 100, "only {already} strokes were fouls already");
}
