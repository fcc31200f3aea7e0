//! Scoring a carom: the cue ball touches the balls the game names (both object balls;
//! both reds in Korean four-ball; any two of the three object balls in four-ball) with
//! the cushion contacts the game needs (none in straight rail, one in one-cushion, three
//! in three-cushion) before it first touches the last ball of the count. A count is one
//! point; in four-ball a carom on all three object balls is two.

use super::stroke::Facts;
use super::verdict::CountMiss;
use crate::config::{CountBalls, CountRule};
use crate::shot::BallId;

/// The points the stroke's path makes by the game's rule, given the object balls (every
/// ball in play but the cue ball); if none, why.
pub(super) fn judge(rule: &CountRule, facts: &Facts, objects: &[BallId]) -> Result<u32, CountMiss> {
    let (needed, least): (Vec<BallId>, usize) = match rule.balls {
        CountBalls::ObjectBalls => (objects.to_vec(), objects.len()),
        CountBalls::Reds => (vec![BallId::Red, BallId::Red2], 2),
        CountBalls::AnyTwo => (objects.to_vec(), 2),
    };
    let needed_cushions = rule.cushions as usize;
    match facts.cushions_before(&needed, least) {
        // Four-ball: all three object balls, two points.
        Some(cushions) if cushions >= needed_cushions => Ok(match rule.balls {
            CountBalls::AnyTwo => needed.iter().filter(|b| facts.touched(**b)).count() as u32 - 1,
            _ => 1,
        }),
        Some(had) => Err(CountMiss::Cushions {
            had,
            needed: needed_cushions,
        }),
        None => {
            let touched: Vec<BallId> = needed
                .iter()
                .copied()
                .filter(|b| facts.touched(*b))
                .collect();
            Err(match touched.as_slice() {
                [] => CountMiss::TouchedNone,
                [one] => CountMiss::TouchedOnly(*one),
                _ => CountMiss::NotAll,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::Shot;
    use BallId::{Dotted, Red, White};

    fn count(cushions: u32, shot: Shot) -> Result<u32, CountMiss> {
        let rule = CountRule {
            balls: CountBalls::ObjectBalls,
            cushions,
        };
        judge(&rule, &Facts::read(&shot.rest()).unwrap(), &[Red, Dotted])
    }

    #[test]
    fn straight_rail_counts_any_carom() {
        // Straight rail: both object balls, in either order, no cushion needed.
        assert_eq!(count(0, Shot::new(White).hit(Dotted).hit(Red)), Ok(1));
        assert_eq!(count(0, Shot::new(White).hit(Red).hit(Dotted)), Ok(1));
        let only_red = count(0, Shot::new(White).hit(Red).cushions(4));
        assert_eq!(only_red, Err(CountMiss::TouchedOnly(Red)));
    }

    #[test]
    fn one_cushion_needs_a_cushion_before_the_second_ball() {
        // One-cushion.
        assert_eq!(
            count(1, Shot::new(White).hit(Red).cushion().hit(Dotted)),
            Ok(1)
        );
        assert_eq!(
            count(1, Shot::new(White).cushion().hit(Red).hit(Dotted)),
            Ok(1)
        );
        let late = count(1, Shot::new(White).hit(Red).hit(Dotted).cushion());
        assert_eq!(late, Err(CountMiss::Cushions { had: 0, needed: 1 }));
    }

    #[test]
    fn three_cushion_needs_three_cushions_before_the_second_ball() {
        // Three-cushion: cushions before or after the first ball both count.
        assert_eq!(
            count(
                3,
                Shot::new(White).cushion().hit(Red).cushions(2).hit(Dotted)
            ),
            Ok(1)
        );
        assert_eq!(
            count(3, Shot::new(White).cushions(3).hit(Red).hit(Dotted)),
            Ok(1)
        );
        let two = count(
            3,
            Shot::new(White).hit(Red).cushions(2).hit(Dotted).cushion(),
        );
        assert_eq!(two, Err(CountMiss::Cushions { had: 2, needed: 3 }));
    }

    #[test]
    fn touching_the_first_ball_twice_is_not_a_carom() {
        let twice = count(0, Shot::new(White).hit(Red).cushion().hit(Red));
        assert_eq!(twice, Err(CountMiss::TouchedOnly(Red)));
    }

    #[test]
    fn four_ball_counts_any_two_object_balls_and_all_three_twice() {
        // The source's four-ball: the opponent's white is an object ball like the reds.
        let rule = CountRule {
            balls: CountBalls::AnyTwo,
            cushions: 0,
        };
        let objects = [Dotted, Red, BallId::Red2];
        let judge = |shot: Shot| judge(&rule, &Facts::read(&shot.rest()).unwrap(), &objects);
        assert_eq!(judge(Shot::new(White).hit(Red).hit(Dotted)), Ok(1));
        assert_eq!(judge(Shot::new(White).hit(BallId::Red2).hit(Red)), Ok(1));
        assert_eq!(
            judge(Shot::new(White).hit(Dotted).hit(Red).hit(BallId::Red2)),
            Ok(2)
        );
        assert_eq!(
            judge(Shot::new(White).hit(Red).cushion().hit(Red)),
            Err(CountMiss::TouchedOnly(Red))
        );
    }
}
