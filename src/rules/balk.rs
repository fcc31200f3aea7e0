//! Balkline games: the balk spaces and the limit on counts while both object balls lie
//! in one of them.
//!
//! Lines at the game's distance from each cushion's nose cut the bed into balk spaces
//! along the cushions and a centre space, which is unrestricted. Where the distance is
//! half the table's width or more (71/2 on a 1420 mm table), the two long lines meet on
//! the long axis: there is no centre space, only six balk spaces. A ball belongs to the
//! space its centre is in; a centre exactly on a line counts as inside the balk space.
//!
//! Whether a count "drove a ball out" is judged from where the balls stopped (and were
//! spotted): a ball that left the space and rolled back in was not driven out.

use crate::config::BalkRule;
use crate::math::DVec2;
use crate::shot::BallId;
use crate::table::TableGeometry;

/// One balk space: which third of the length (−1 head, 0 middle, +1 foot) and which
/// side of the width (−1 right, 0 middle, +1 left). The centre space is not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BalkSpace {
    pub along: i8,
    pub across: i8,
}

impl BalkSpace {
    /// The balk space `p` lies in, or None in the centre space.
    pub fn of(table: &TableGeometry, rule: &BalkRule, p: DVec2) -> Option<BalkSpace> {
        let (x_line, y_line) = table.balk_lines(rule.distance_mm / 1000.0);
        let space = BalkSpace {
            along: band(p.x, x_line),
            across: band(p.y, y_line),
        };
        (space.along != 0 || space.across != 0).then_some(space)
    }

    /// The balk space both balls lie in, if they share one.
    pub fn shared(table: &TableGeometry, rule: &BalkRule, a: DVec2, b: DVec2) -> Option<BalkSpace> {
        let space = BalkSpace::of(table, rule, a)?;
        (BalkSpace::of(table, rule, b) == Some(space)).then_some(space)
    }
}

/// Which side of a pair of lines at ±`line` `v` lies on; lines that meet or cross at
/// the axis leave no middle band.
fn band(v: f64, line: f64) -> i8 {
    if line <= 0.0 {
        if v >= 0.0 { 1 } else { -1 }
    } else if v >= line {
        1
    } else if v <= -line {
        -1
    } else {
        0
    }
}

/// Counts made in the current inning while the same two object balls stayed in one
/// balk space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BalkTally {
    pub space: BalkSpace,
    pub objects: [BallId; 2],
    pub counts: u32,
}

/// The judgement on a count in a balkline game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BalkCount {
    /// The count stands; the tally to carry into the next stroke.
    Stands(Option<BalkTally>),
    /// The count does not stand: both object balls stayed in `space`, where `counts`
    /// counts had already been made.
    Refused { space: BalkSpace, counts: u32 },
}

/// Judges a count made with object balls at `before` and `after` (sorted pair order of
/// `objects`), given the tally so far.
pub(super) fn judge_count(
    table: &TableGeometry,
    rule: &BalkRule,
    tally: Option<BalkTally>,
    objects: [BallId; 2],
    before: [DVec2; 2],
    after: [DVec2; 2],
) -> BalkCount {
    let Some(space) = BalkSpace::shared(table, rule, before[0], before[1]) else {
        return BalkCount::Stands(None);
    };
    let counts = tally
        .filter(|t| t.space == space && t.objects == objects)
        .map_or(0, |t| t.counts);
    let stayed = BalkSpace::shared(table, rule, after[0], after[1]) == Some(space);
    match (stayed, counts >= rule.counts_in_space) {
        (true, true) => BalkCount::Refused { space, counts },
        (true, false) => BalkCount::Stands(Some(BalkTally {
            space,
            objects,
            counts: counts + 1,
        })),
        (false, _) => BalkCount::Stands(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::{game, table};
    use crate::shot::Spot;

    fn rule(key: &str) -> BalkRule {
        game(key).balk.expect("a balkline game")
    }

    #[test]
    fn balk_47_2_has_an_unrestricted_centre_and_eight_balk_spaces() {
        // Balkline 47/2 on the 2840 x 1420 mm table: lines at x = ±950, y = ±240 mm.
        let t = table();
        let r = rule("balkline_47_2");
        assert_eq!(BalkSpace::of(&t, &r, DVec2::ZERO), None);
        assert_eq!(BalkSpace::of(&t, &r, DVec2::new(0.94, 0.23)), None);
        let space = |along, across| Some(BalkSpace { along, across });
        // Head-left, right, foot.
        assert_eq!(BalkSpace::of(&t, &r, DVec2::new(-1.2, 0.5)), space(-1, 1));
        assert_eq!(BalkSpace::of(&t, &r, DVec2::new(0.0, -0.5)), space(0, -1));
        assert_eq!(BalkSpace::of(&t, &r, DVec2::new(1.0, 0.0)), space(1, 0));
        // A centre on the line is inside the balk space.
        assert!(BalkSpace::of(&t, &r, DVec2::new(0.95, 0.0)).is_some());
    }

    #[test]
    fn balk_71_2_long_lines_meet_on_the_axis_leaving_no_centre_space() {
        // 71/2: 710 mm from the long cushions of a 1420 mm table is the long axis.
        let t = table();
        let r = rule("balkline_71_2");
        let left = BalkSpace::of(&t, &r, DVec2::new(0.0, 0.01)).unwrap();
        let right = BalkSpace::of(&t, &r, DVec2::new(0.0, -0.01)).unwrap();
        assert_ne!(left, right);
        // The foot spot lies on the axis: in the foot-left space.
        assert_eq!(
            BalkSpace::of(&t, &r, t.spot(Spot::Foot)),
            Some(BalkSpace {
                along: 1,
                across: 1
            })
        );
    }

    #[test]
    fn one_count_in_a_balk_space_then_one_ball_must_be_driven_out() {
        // Balkline 47/2: one count with both object balls in the same balk space; the
        // next count must drive one out.
        let t = table();
        let r = rule("balkline_47_2");
        let objects = [BallId::Dotted, BallId::Red];
        let inside = [DVec2::new(1.1, 0.5), DVec2::new(1.2, 0.4)];
        let first = judge_count(&t, &r, None, objects, inside, inside);
        let BalkCount::Stands(tally @ Some(_)) = first else {
            panic!("the first count stands: {first:?}")
        };
        assert!(matches!(
            judge_count(&t, &r, tally, objects, inside, inside),
            BalkCount::Refused { counts: 1, .. }
        ));
        let one_out = [DVec2::new(1.1, 0.5), DVec2::ZERO];
        assert_eq!(
            judge_count(&t, &r, tally, objects, inside, one_out),
            BalkCount::Stands(None)
        );
    }

    #[test]
    fn counts_in_the_centre_space_are_unrestricted() {
        // Balkline: the centre space is not a balk space.
        let t = table();
        let r = rule("balkline_47_2");
        let centre = [DVec2::new(0.1, 0.1), DVec2::new(-0.1, 0.0)];
        let objects = [BallId::Dotted, BallId::Red];
        assert_eq!(
            judge_count(&t, &r, None, objects, centre, centre),
            BalkCount::Stands(None)
        );
    }
}
