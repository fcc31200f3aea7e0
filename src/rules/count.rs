//! Scoring a carom: the cue ball touches the balls the game names (both object balls;
//! both reds in four-ball) with the cushion contacts the game needs (none in straight
//! rail, one in one-cushion, three in three-cushion) before it first touches the last
//! of them. Each count is one point.

use super::stroke::Facts;
use super::verdict::CountMiss;
use crate::config::CountRule;
use crate::shot::BallId;

/// Whether the stroke's path makes a count; if not, why.
pub(super) fn judge(rule: &CountRule, facts: &Facts, needed: &[BallId]) -> Result<(), CountMiss> {
    let needed_cushions = rule.cushions as usize;
    match facts.cushions_before_all(needed) {
        Some(cushions) if cushions >= needed_cushions => Ok(()),
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
    use crate::config::CountBalls;
    use crate::rules::testkit::Shot;
    use BallId::{Dotted, Red, White};

    fn count(cushions: u32, shot: Shot) -> Result<(), CountMiss> {
        let rule = CountRule {
            balls: CountBalls::ObjectBalls,
            cushions,
        };
        judge(&rule, &Facts::read(&shot.rest()).unwrap(), &[Red, Dotted])
    }

    #[test]
    fn straight_rail_counts_any_carom() {
        // Straight rail: both object balls, in either order, no cushion needed.
        assert_eq!(count(0, Shot::new(White).hit(Dotted).hit(Red)), Ok(()));
        assert_eq!(count(0, Shot::new(White).hit(Red).hit(Dotted)), Ok(()));
        let only_red = count(0, Shot::new(White).hit(Red).cushions(4));
        assert_eq!(only_red, Err(CountMiss::TouchedOnly(Red)));
    }

    #[test]
    fn one_cushion_needs_a_cushion_before_the_second_ball() {
        // One-cushion.
        assert_eq!(
            count(1, Shot::new(White).hit(Red).cushion().hit(Dotted)),
            Ok(())
        );
        assert_eq!(
            count(1, Shot::new(White).cushion().hit(Red).hit(Dotted)),
            Ok(())
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
            Ok(())
        );
        assert_eq!(
            count(3, Shot::new(White).cushions(3).hit(Red).hit(Dotted)),
            Ok(())
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
}
