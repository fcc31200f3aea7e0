//! Scoring a carom: the cue ball touches the balls the game names (both object balls;
//! both reds in four-ball) with the cushion contacts the game needs (none in straight
//! rail, one in one-cushion, three in three-cushion) before it first touches the last
//! of them. Each count is one point.

use super::stroke::Facts;
use crate::ball::BallId;
use crate::config::CountRule;

/// Whether the stroke's path makes a count; if not, why, in a player's words.
pub(super) fn judge(rule: &CountRule, facts: &Facts, needed: &[BallId]) -> Result<(), String> {
    let needed_cushions = rule.cushions as usize;
    match facts.cushions_before_all(needed) {
        Some(cushions) if cushions >= needed_cushions => Ok(()),
        Some(cushions) => Err(format!(
            "{cushions} cushion(s) before the second ball, {needed_cushions} needed"
        )),
        None => {
            let touched: Vec<&str> = needed
                .iter()
                .filter(|b| facts.touched(**b))
                .map(|b| b.name())
                .collect();
            Err(match touched.as_slice() {
                [] => "the cue ball touched none of the balls it needed".to_owned(),
                [one] => format!("the cue ball touched only {one}"),
                _ => "the cue ball did not touch every ball it needed".to_owned(),
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

    fn count(cushions: u32, shot: Shot) -> Result<(), String> {
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
        assert_eq!(only_red, Err("the cue ball touched only red".into()));
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
        assert_eq!(
            late,
            Err("0 cushion(s) before the second ball, 1 needed".into())
        );
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
        assert_eq!(
            two,
            Err("2 cushion(s) before the second ball, 3 needed".into())
        );
    }

    #[test]
    fn touching_the_first_ball_twice_is_not_a_carom() {
        let twice = count(0, Shot::new(White).hit(Red).cushion().hit(Red));
        assert_eq!(twice, Err("the cue ball touched only red".into()));
    }
}
