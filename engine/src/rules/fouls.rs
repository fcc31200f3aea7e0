//! The fouls of one stroke, each judged from the stroke's facts, the player's
//! declaration and the referee's calls.
//!
//! Where a rule leaves the judgement to a referee, the measurement it is judged by:
//! - Rule 13, tip still on the ball: the cue ball's first ball contact comes before the
//!   tip has left it: the strike's tip contact (`strike.t + tip_contact_s`), or later
//!   where the record has the tip leaving in a `tip_off` event.
//! - Rule 14, push: the tip stayed on the ball longer than `push_contact_ms` of
//!   `games.ron` (1.5 ms; a normal stroke's contact is 1 ms; when the cue ball meets a
//!   ball under the tip, the simulation keeps the tip on for a further 1 ms and records
//!   when it leaves in a `tip_off` event).
//! - Rule 17, illegal jump. The rule forbids lifting the cue ball on purpose by striking
//!   below centre (scooping) to pass an obstructing ball, and says an accidental jump
//!   need not be a foul unless, e.g., the ferrule or shaft touched the ball. Carom reads
//!   it from the flight the strike gave the cue ball, before it touched a cushion or a
//!   ball: struck below centre (`height` < 0), the flight passed over another ball (a
//!   `jumped_over` event): a scooped jump; after a miscue (the tip slipped, so the
//!   ferrule or shaft met the ball), the flight was a real jump: over a ball, or rising
//!   at least `jump_height_mm` of `games.ron`. A hop of a millimetre or two, a bounce
//!   off a cushion, or a clean stroke's jump that passes no ball is no foul.
//! - Rules 23–25, safety: what the player declared; a stroke not declared a safety is an
//!   attempt to score.

use super::stroke::{Calls, Facts};
use super::verdict::{Foul, Obligation};
use crate::config::GameRules;
use crate::shot::{BallId, EventKind, ShotEvent};

/// Everything the fouls are judged from.
pub(super) struct Context<'a> {
    pub game: &'a GameRules,
    pub facts: &'a Facts,
    pub calls: Calls,
    pub declared_safety: bool,
    /// The ball this stroke's player must strike (rule 6).
    pub cue_ball: BallId,
    /// This is the first stroke of the game (rule 8).
    pub is_break: bool,
    /// Binding this stroke, as the first of the player's inning (rules 24, 25).
    pub obligation: Option<Obligation>,
    /// Rule 14's threshold, s.
    pub push_contact_s: f64,
    /// Rule 17: the least rise of a real jump, m.
    pub jump_height_m: f64,
}

/// Every foul of the stroke, in the order of the rules they cite. The rules about the
/// cue ball's path to the object balls (8, four-ball's) judge the player's own cue ball:
/// striking another ball is already a foul of its own (rule 12).
pub(super) fn judge(c: &Context) -> Vec<Foul> {
    let own_ball = c.facts.cue_ball() == c.cue_ball;
    let mut fouls = Vec::new();
    fouls.extend(red_first(c).filter(|_| own_ball));
    fouls.extend(balls_moving(c));
    fouls.extend(touched(c));
    fouls.extend(double_hit(c));
    fouls.extend(push(c));
    fouls.extend(jumped_cue_ball(c));
    fouls.extend(illegal_jump(c));
    fouls.extend(safety(c));
    fouls.extend(opponent_ball(c).filter(|_| own_ball));
    fouls
}

/// Rule 8: on the break (in Red Ball, on every stroke) the cue ball must touch the red
/// before any other ball.
fn red_first(c: &Context) -> Option<Foul> {
    use crate::config::RedFirst;
    let applies = match c.game.red_first {
        RedFirst::Never => false,
        RedFirst::OnBreak => c.is_break,
        RedFirst::Always => true,
    };
    let (first, _) = c.facts.first_contact()?;
    (applies && first != BallId::Red).then_some(Foul::RedNotFirst {
        on_break: c.is_break,
        first,
    })
}

/// Rule 10: a stroke while any ball moves, spinning in place included.
fn balls_moving(c: &Context) -> Option<Foul> {
    let moving = &c.facts.strike.moving;
    (!moving.is_empty()).then(|| Foul::BallsMoving(moving.clone()))
}

/// Rule 12 (with rules 2, 6 and 18): anything but the tip striking the right cue ball
/// once.
fn touched(c: &Context) -> Vec<Foul> {
    let mut fouls = Vec::new();
    let struck = c.facts.cue_ball();
    if struck != c.cue_ball {
        fouls.push(Foul::WrongBall {
            struck,
            cue_ball: c.cue_ball,
        });
    }
    if !c.facts.strike.cue_touched.is_empty() {
        fouls.push(Foul::CueTouchedAtStrike(c.facts.strike.cue_touched.clone()));
    }
    if !c.facts.further_strikes.is_empty() {
        fouls.push(Foul::CueTouchedAfterStrike(c.facts.further_strikes.clone()));
    }
    if c.calls.touched_ball {
        fouls.push(Foul::TouchedBall);
    }
    if c.calls.intentional_foul {
        fouls.push(Foul::IntentionalFoul);
    }
    fouls
}

/// Rule 13: the tip touched the cue ball again, or was still on it when the cue ball
/// reached another ball.
fn double_hit(c: &Context) -> Option<Foul> {
    let strike = &c.facts.strike;
    if c.facts.tip_again > 0 {
        return Some(Foul::TipAgain(c.facts.tip_again));
    }
    // The tip's real time on the ball: the record's `tip_off` where it stayed on.
    let contact_s = c.facts.tip_contact_s();
    let (ball, t) = c.facts.first_contact()?;
    (t < strike.t + contact_s).then_some(Foul::TipStillOn {
        ball,
        after_s: t - strike.t,
        contact_s,
    })
}

/// Rule 14: the tip stayed on the ball longer than a normal stroke.
fn push(c: &Context) -> Option<Foul> {
    let contact = c.facts.tip_contact_s();
    (contact > c.push_contact_s).then_some(Foul::Push {
        contact_s: contact,
        limit_s: c.push_contact_s,
    })
}

/// Rules 15 and 21: the cue ball left the playing surface.
fn jumped_cue_ball(c: &Context) -> Option<Foul> {
    c.facts
        .jumped
        .contains(&c.facts.cue_ball())
        .then_some(Foul::CueBallJumped)
}

/// Whether the events of a stroke under way (`cue_ball` struck) already make it a foul,
/// whatever follows: the cue met a ball again (rules 12, 13), or the cue ball left the
/// table (rules 15, 21).
pub fn foul_already(events: &[ShotEvent], cue_ball: BallId) -> bool {
    events.iter().any(|e| match e.kind {
        EventKind::Tip { .. } => true,
        EventKind::OffTable { ball, .. } => ball == cue_ball,
        _ => false,
    })
}

/// Rule 17: the cue ball scooped over an obstructing ball, or made a real jump after
/// a miscue (the module's note says how the rule is read).
fn illegal_jump(c: &Context) -> Option<Foul> {
    let jump = c.facts.strike_jump()?;
    let real = !jump.over.is_empty() || jump.height.is_some_and(|h| h >= c.jump_height_m);
    match jump.over.first() {
        Some(&over) if c.facts.strike.height < 0.0 => Some(Foul::ScoopedJump {
            below: -c.facts.strike.height,
            over,
        }),
        _ if c.facts.miscue && real => Some(Foul::MiscueJump),
        _ => None,
    }
}

/// Rules 23–25: what a declared safety must be and when it is not allowed.
fn safety(c: &Context) -> Vec<Foul> {
    let mut fouls = Vec::new();
    if !c.declared_safety {
        return fouls;
    }
    if c.game.usba {
        fouls.push(Foul::SafetyForbidden);
        return fouls;
    }
    match c.facts.first_contact() {
        None => fouls.push(Foul::SafetyWithoutContact),
        Some(_) if !c.facts.cushion_after_contact => fouls.push(Foul::SafetyWithoutCushion),
        Some(_) => {}
    }
    if let Some(obligation) = c.obligation {
        fouls.push(Foul::SafetyOwed(obligation));
    }
    fouls
}

/// Korean four-ball: the cue ball must not touch the opponent's cue ball.
fn opponent_ball(c: &Context) -> Option<Foul> {
    let opponent = c.cue_ball.other_white()?;
    (c.game.opponent_ball_foul && c.facts.touched(opponent)).then_some(Foul::OpponentBall(opponent))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::{
        Shot, called, carom, game, miss, played, referee_config, safety, table, two_players,
    };
    use crate::rules::{Calls, MatchSetup, PlayedStroke, Referee, Remark, Rule, Verdict, Warning};
    use crate::shot::Cushion;
    use crate::shot::EventKind;
    use BallId::{Dotted, Red, Red2, White};

    /// The rules the fouls of a verdict cite.
    fn rules(v: &Verdict) -> Vec<Rule> {
        v.fouls.iter().map(|f| f.rule()).collect()
    }

    /// Judges `stroke` as the break of a fresh two-player match of `key`.
    fn first(key: &str, stroke: PlayedStroke) -> Verdict {
        two_players(key, 10).judge(&stroke).unwrap()
    }

    /// Judges `stroke` as the second stroke of a three-cushion match whose break scored.
    fn after_break(stroke: PlayedStroke) -> Verdict {
        let mut r = two_players("three_cushion", 10);
        assert_eq!(r.judge(&played(carom(White))).unwrap().points, 1);
        r.judge(&stroke).unwrap()
    }

    fn strike_with(edit: impl FnOnce(&mut EventKind)) -> Shot {
        Shot::with_strike(White, edit)
    }

    #[test]
    fn break_must_hit_red_first() {
        // Rule 8: the opponent's ball first on the break is a foul; no point counts.
        let v = first(
            "three_cushion",
            played(Shot::new(White).hit(Dotted).cushions(3).hit(Red).rest()),
        );
        assert_eq!(rules(&v), [Rule::General(8)]);
        assert_eq!(v.points, 0);
        assert!(v.inning_over);
    }

    #[test]
    fn after_the_break_either_object_ball_may_be_first() {
        // Rule 8: only the break must take the red first.
        let v = after_break(played(
            Shot::new(White).hit(Dotted).cushions(3).hit(Red).rest(),
        ));
        assert!(v.fouls.is_empty(), "{v:?}");
        assert_eq!(v.points, 1);
    }

    #[test]
    fn red_ball_must_hit_red_first_on_every_stroke() {
        // Rule 8's exception, the game "Red Ball".
        let mut r = two_players("red_ball", 10);
        r.judge(&played(carom(White))).unwrap();
        let v = r
            .judge(&played(Shot::new(White).hit(Dotted).hit(Red).rest()))
            .unwrap();
        assert_eq!(rules(&v), [Rule::General(8)]);
        assert_eq!(
            v.fouls[0],
            Foul::RedNotFirst {
                on_break: false,
                first: Dotted
            }
        );
    }

    #[test]
    fn four_ball_break_may_take_either_ball_first() {
        // Rule 8: not in four-ball, the source's or the Korean game.
        for game in ["four_ball", "korean_four_ball"] {
            let v = first(game, played(Shot::new(White).hit(Red2).hit(Red).rest()));
            assert!(v.fouls.is_empty(), "{game}: {v:?}");
            assert_eq!(v.points, 1, "{game}");
        }
    }

    #[test]
    fn in_four_ball_the_opponents_ball_is_an_object_ball_and_all_three_score_two() {
        // Rule 8: the red (or the pink) or the opponent's cue ball may be first; a carom
        // on any two object balls scores 1, on all three 2.
        let mut r = two_players("four_ball", 10);
        let v = r
            .judge(&played(Shot::new(White).hit(Dotted).hit(Red).rest()))
            .unwrap();
        assert!(v.fouls.is_empty(), "{v:?}");
        assert_eq!((v.points, v.inning_over), (1, false));
        let v = r
            .judge(&played(
                Shot::new(White).hit(Red).hit(Dotted).hit(Red2).rest(),
            ))
            .unwrap();
        assert_eq!(v.points, 2);
        assert_eq!(r.players()[0].points, 3);
        // In the Korean game the same touch of the opponent's ball is a foul.
        let v = first(
            "korean_four_ball",
            played(Shot::new(White).hit(Dotted).hit(Red).rest()),
        );
        assert_eq!(rules(&v), [Rule::KoreanFourBall]);
    }

    #[test]
    fn stroke_while_a_ball_moves_is_a_foul() {
        // Rule 10, spinning in place included.
        let shot = Shot::with_strike(White, |k| {
            if let EventKind::Strike { moving, .. } = k {
                moving.push(Red);
            }
        });
        let v = first(
            "three_cushion",
            played(shot.hit(Red).cushions(3).hit(Dotted).rest()),
        );
        assert_eq!(rules(&v), [Rule::General(10)]);
        assert_eq!(v.points, 0);
    }

    #[test]
    fn a_record_without_rest_cannot_be_judged() {
        // Rule 11: the carom is made, but the stroke never came to rest: it is not a
        // complete stroke, and no verdict is given.
        let mut r = two_players("three_cushion", 10);
        let unfinished = played(Shot::new(White).hit(Red).cushions(3).hit(Dotted).finish());
        assert_eq!(
            r.judge(&unfinished),
            Err(crate::rules::JudgeError::NotAtRest)
        );
        assert_eq!(r.players()[0].innings, 0, "nothing was scored");
    }

    #[test]
    fn cue_stick_touching_another_ball_is_a_foul() {
        // Rule 12.
        let shot = strike_with(|k| {
            if let EventKind::Strike { cue_touched, .. } = k {
                cue_touched.push(Dotted);
            }
        });
        let v = first("three_cushion", played(shot.hit(Red).rest()));
        assert_eq!(rules(&v), [Rule::General(12)]);
        assert_eq!(v.fouls[0], Foul::CueTouchedAtStrike(vec![Dotted]));
    }

    #[test]
    fn a_touched_ball_call_is_a_foul() {
        // Rule 12, as the referee's call.
        let calls = Calls {
            touched_ball: true,
            ..Calls::default()
        };
        let v = first("three_cushion", called(carom(White), calls));
        assert_eq!(rules(&v), [Rule::General(12)]);
        assert_eq!(v.points, 0);
    }

    #[test]
    fn striking_the_opponents_cue_ball_is_a_foul() {
        // Rules 6 and 12: player 0 plays the white.
        let v = first("three_cushion", played(carom(Dotted)));
        assert_eq!(rules(&v), [Rule::General(12)]);
        assert_eq!(
            v.fouls[0],
            Foul::WrongBall {
                struck: Dotted,
                cue_ball: White
            }
        );
    }

    #[test]
    fn red_is_never_a_cue_ball() {
        // Rule 2 (a rule-12 foul).
        let v = first(
            "three_cushion",
            played(Shot::new(Red).hit(White).hit(Dotted).rest()),
        );
        assert_eq!(rules(&v), [Rule::General(12)]);
        assert_eq!(
            v.fouls[0],
            Foul::WrongBall {
                struck: Red,
                cue_ball: White
            }
        );
    }

    #[test]
    fn a_second_tip_contact_is_a_double_hit() {
        // Rule 13.
        let shot = Shot::new(White)
            .event(EventKind::Tip {
                ball: White,
                speed: 0.5,
            })
            .hit(Red)
            .cushions(3)
            .hit(Dotted);
        assert_eq!(
            rules(&first("three_cushion", played(shot.rest()))),
            [Rule::General(13)]
        );
    }

    #[test]
    fn tip_still_on_the_ball_when_it_reaches_an_object_ball_is_a_double_hit() {
        // Rule 13: a frozen ball reached 0.5 ms into a 1 ms tip contact.
        let shot = Shot::new(White).event_at(
            0.0005,
            EventKind::BallBall {
                a: White,
                b: Red,
                speed: 1.0,
            },
        );
        let v = first("three_cushion", played(shot.cushions(3).hit(Dotted).rest()));
        assert_eq!(rules(&v), [Rule::General(13)]);
        let later = Shot::new(White).event_at(
            0.0015,
            EventKind::BallBall {
                a: White,
                b: Red,
                speed: 1.0,
            },
        );
        assert!(
            first(
                "three_cushion",
                played(later.cushions(3).hit(Dotted).rest())
            )
            .fouls
            .is_empty()
        );
    }

    #[test]
    fn the_tip_still_on_is_judged_from_the_tip_off_event_when_the_record_has_one() {
        // Rule 13: the nominal contact ends at 1 ms, but the record has the tip leave at
        // 1.4 ms (under the push limit); a ball reached at 1.2 ms was reached under it.
        let shot = Shot::new(White)
            .event_at(
                0.0012,
                EventKind::BallBall {
                    a: White,
                    b: Red,
                    speed: 1.0,
                },
            )
            .event_at(0.0014, EventKind::TipOff { ball: White });
        let v = first("three_cushion", played(shot.cushions(3).hit(Dotted).rest()));
        assert_eq!(rules(&v), [Rule::General(13)], "{v:?}");
        let Foul::TipStillOn { contact_s, .. } = v.fouls[0] else {
            panic!("{v:?}");
        };
        assert!((contact_s - 0.0014).abs() < 1e-12);
    }

    #[test]
    fn a_tip_contact_longer_than_the_push_limit_is_a_push() {
        // Rule 14: push_contact_ms is 1.5 ms in games.ron.
        let contact = |s: f64| {
            strike_with(move |k| {
                if let EventKind::Strike { tip_contact_s, .. } = k {
                    *tip_contact_s = s;
                }
            })
            .hit(Red)
            .cushions(3)
            .hit(Dotted)
            .rest()
        };
        assert_eq!(
            rules(&first("three_cushion", played(contact(0.0016)))),
            [Rule::General(14)]
        );
        assert!(
            first("three_cushion", played(contact(0.0014)))
                .fouls
                .is_empty()
        );
    }

    #[test]
    fn jumped_cue_ball_is_a_foul_and_is_spotted() {
        // Rules 15, 21 and 26: the record leaves the object balls where the set-up put
        // them, on the head and foot spots, so the cue ball goes to the centre spot.
        use crate::shot::Spot;
        let v = first(
            "three_cushion",
            played(Shot::new(White).hit(Red).airborne().off_table(White).rest()),
        );
        assert_eq!(rules(&v), [Rule::General(15)]);
        assert_eq!(v.spot.len(), 1);
        assert_eq!((v.spot[0].ball, v.spot[0].spot), (White, Spot::Centre));
        assert_eq!(v.spot[0].occupied, [Spot::Head, Spot::Foot]);
        assert!(v.inning_over);
    }

    #[test]
    fn jumped_object_ball_is_spotted_without_a_foul() {
        // Rule 21: a jumped object ball is no foul; the carom made before counts.
        let shot = Shot::new(White)
            .hit(Red)
            .cushions(3)
            .hit(Dotted)
            .off_table(Red)
            .rest();
        assert!(!foul_already(&shot.events, White));
        let v = first("three_cushion", played(shot));
        assert!(v.fouls.is_empty());
        assert_eq!(v.points, 1);
        assert_eq!(v.spot[0].ball, Red);
        // The cue ball off, or the tip on it again: a foul before the stroke is over.
        let off = Shot::new(White).hit(Red).off_table(White).rest();
        let tip = Shot::new(White).event(EventKind::Tip {
            ball: White,
            speed: 0.2,
        });
        assert!(foul_already(&off.events, White));
        assert!(foul_already(&tip.rest().events, White));
    }

    #[test]
    fn a_foul_ends_the_inning_and_scores_nothing() {
        // Rule 16: the carom is made, but the tip touched twice.
        let mut r = two_players("three_cushion", 10);
        let shot = Shot::new(White)
            .event(EventKind::Tip {
                ball: White,
                speed: 0.2,
            })
            .hit(Red)
            .cushions(3)
            .hit(Dotted);
        let v = r.judge(&played(shot.rest())).unwrap();
        assert_eq!((v.points, v.inning_over), (0, true));
        assert_eq!(r.players()[0].points, 0);
        assert_eq!(r.shooter(), 1);
    }

    #[test]
    fn scooping_over_an_obstructing_ball_is_a_foul() {
        // Rule 17: struck below centre, the cue ball jumps over a ball in its way.
        let below = |h: f64| {
            strike_with(move |k| {
                if let EventKind::Strike { height, .. } = k {
                    *height = h;
                }
            })
        };
        let scooped = below(-0.4)
            .airborne()
            .jumps_over(Dotted)
            .lands(0.07)
            .hit(Red)
            .cushions(3)
            .hit(Dotted)
            .rest();
        let v = first("three_cushion", played(scooped));
        assert_eq!(rules(&v), [Rule::General(17)]);
        assert_eq!(
            v.fouls[0],
            Foul::ScoopedJump {
                below: 0.4,
                over: Dotted
            }
        );
        // Struck above centre with an elevated cue: a legal jump.
        let jump = below(0.4)
            .airborne()
            .jumps_over(Dotted)
            .lands(0.07)
            .hit(Red)
            .rest();
        assert!(first("three_cushion", played(jump)).fouls.is_empty());
        // Below centre, but the ball only left the cloth after the first contact.
        let late = below(-0.4)
            .hit(Red)
            .airborne()
            .jumps_over(Dotted)
            .cushions(3)
            .hit(Dotted)
            .rest();
        assert!(first("three_cushion", played(late)).fouls.is_empty());
    }

    #[test]
    fn a_draw_stroke_that_lifts_the_ball_without_passing_a_ball_is_no_jump_foul() {
        // Rule 17 is about passing an obstructing ball: a draw stroke with the cue
        // raised over the rail lifts the ball a little, and a hop off a cushion after
        // the stroke passes a ball by accident.
        let draw = strike_with(|k| {
            if let EventKind::Strike {
                height,
                elevation_deg,
                ..
            } = k
            {
                *height = -0.3;
                *elevation_deg = 3.5;
            }
        });
        let lifted = draw.airborne().lands(0.002).hit(Red).rest();
        assert!(first("three_cushion", played(lifted)).fouls.is_empty());
        let hop = strike_with(|k| {
            if let EventKind::Strike { height, .. } = k {
                *height = -0.3;
            }
        })
        .cushion()
        .airborne()
        .jumps_over(Dotted)
        .lands(0.05)
        .hit(Red)
        .rest();
        assert!(first("three_cushion", played(hop)).fouls.is_empty());
    }

    #[test]
    fn a_real_jump_after_a_miscue_is_a_foul() {
        // Rule 17: the ferrule or shaft lifted the ball — a real jump, not a hop.
        let miscue = |height: f64| {
            Shot::new(White)
                .event(EventKind::Miscue { ball: White })
                .airborne()
                .lands(height)
                .hit(Red)
                .rest()
        };
        assert_eq!(
            rules(&first("three_cushion", played(miscue(0.02)))),
            [Rule::General(17)]
        );
        assert!(
            first("three_cushion", played(miscue(0.002)))
                .fouls
                .is_empty()
        );
    }

    #[test]
    fn an_intentional_foul_gives_a_warning_and_the_second_loses_the_game() {
        // Rule 18.
        let intentional = Calls {
            intentional_foul: true,
            ..Calls::default()
        };
        let mut r = two_players("three_cushion", 10);
        let v = r.judge(&called(carom(White), intentional)).unwrap();
        assert_eq!(rules(&v), [Rule::General(12)]);
        assert_eq!(v.warnings.len(), 1);
        assert_eq!(
            v.warnings[0],
            Warning::IntentionalFoul { loses_game: false }
        );
        assert!(!v.game_over());
        r.judge(&played(carom(Dotted))).unwrap();
        r.judge(&played(miss(Dotted))).unwrap();
        let v = r.judge(&called(miss(White), intentional)).unwrap();
        assert!(v.game_over());
        assert_eq!(v.winner(), Some(1));
        assert_eq!(r.players()[0].warnings, 2);
    }

    #[test]
    fn outside_interference_restores_the_balls_without_penalty() {
        // Rule 22: the stroke does not count; the same player plays again.
        let mut r = two_players("three_cushion", 10);
        let calls = Calls {
            outside_interference: true,
            ..Calls::default()
        };
        let v = r
            .judge(&called(
                Shot::new(White).hit(Dotted).off_table(White).rest(),
                calls,
            ))
            .unwrap();
        assert!(v.restore_positions);
        assert!(v.fouls.is_empty() && v.spot.is_empty() && !v.inning_over);
        assert_eq!((r.shooter(), r.players()[0].innings), (0, 0));
        assert!(r.is_break(), "the break is still to be played");
        assert_eq!(r.judge(&played(carom(White))).unwrap().points, 1);
    }

    #[test]
    fn a_safety_must_bring_a_ball_to_a_cushion_after_the_object_ball() {
        // Rule 23.
        let no_cushion = after_break(safety(Shot::new(White).cushion().hit(Red).rest()));
        assert_eq!(rules(&no_cushion), [Rule::General(23)]);
        let no_ball = after_break(safety(Shot::new(White).cushions(2).rest()));
        assert_eq!(rules(&no_ball), [Rule::General(23)]);
        let red_to_cushion = Shot::new(White)
            .hit(Red)
            .cushion_of(Red, Cushion::Foot)
            .rest();
        let legal = after_break(safety(red_to_cushion));
        assert!(legal.fouls.is_empty());
        assert!(legal.inning_over);
        assert!(legal.remarks.contains(&Remark::LegalSafety));
    }

    #[test]
    fn no_two_safeties_in_a_row() {
        // Rule 24: Anna's inning ends with a safety, so her next inning must start with
        // an attempt to score.
        let mut r = two_players("three_cushion", 10);
        let legal_safety = || safety(Shot::new(White).hit(Red).cushion().rest());
        assert!(r.judge(&legal_safety()).unwrap().fouls.is_empty());
        assert_eq!(r.players()[0].obligation, Some(Obligation::AfterSafety));
        r.judge(&played(miss(Dotted))).unwrap();
        let v = r.judge(&legal_safety()).unwrap();
        assert_eq!(rules(&v), [Rule::General(24)]);
        assert_eq!(r.players()[0].obligation, Some(Obligation::AfterFoul));
    }

    #[test]
    fn an_attempt_after_a_safety_clears_the_obligation() {
        // Rule 24: the next inning starts with an attempt, then a safety is allowed.
        let mut r = two_players("three_cushion", 10);
        let legal_safety = || safety(Shot::new(White).hit(Red).cushion().rest());
        r.judge(&legal_safety()).unwrap();
        r.judge(&played(miss(Dotted))).unwrap();
        r.judge(&played(miss(White))).unwrap();
        assert_eq!(r.players()[0].obligation, None);
        r.judge(&played(miss(Dotted))).unwrap();
        assert!(r.judge(&legal_safety()).unwrap().fouls.is_empty());
    }

    #[test]
    fn a_safety_after_a_foul_is_a_foul() {
        // Rule 25: after a foul the next inning starts with a clear attempt to score.
        let mut r = two_players("three_cushion", 10);
        r.judge(&played(Shot::new(White).hit(Dotted).rest()))
            .unwrap(); // rule 8
        assert_eq!(r.players()[0].obligation, Some(Obligation::AfterFoul));
        r.judge(&played(miss(Dotted))).unwrap();
        let v = r
            .judge(&safety(Shot::new(White).hit(Red).cushion().rest()))
            .unwrap();
        assert_eq!(rules(&v), [Rule::General(25)]);
    }

    #[test]
    fn usba_three_cushion_forbids_safeties_and_drops_rules_24_and_25() {
        // Rules 23–25, the USBA exception.
        let mut usba = game("three_cushion");
        usba.usba = true;
        let setup = MatchSetup {
            players: vec!["Anna".into(), "Boris".into()],
            target: 10,
            targets: Vec::new(),
            innings_limit: None,
            breaker: 0,
            breaker_ball: White,
        };
        let mut r = Referee::new(&usba, &referee_config(), table(), setup).unwrap();
        let v = r
            .judge(&safety(Shot::new(White).hit(Red).cushion().rest()))
            .unwrap();
        assert_eq!(rules(&v), [Rule::General(23)]);
        assert_eq!(v.fouls[0], Foul::SafetyForbidden);
        assert_eq!(r.players()[0].obligation, None);
    }

    #[test]
    fn four_ball_touching_the_opponents_cue_ball_is_a_foul() {
        // Four-ball.
        let v = first(
            "korean_four_ball",
            played(Shot::new(White).hit(Red).hit(Dotted).hit(Red2).rest()),
        );
        assert_eq!(rules(&v), [Rule::KoreanFourBall]);
        assert_eq!(v.points, 0);
    }
}
