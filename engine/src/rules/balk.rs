//! Balkline games: the balk spaces and the limit on counts while both object balls lie
//! in one of them.
//!
//! Lines at the game's distance from each cushion's nose cut the bed into balk spaces
//! along the cushions and a centre space, which is unrestricted. Where the distance is
//! half the table's width or more (71/2 on a 1420 mm table), the two long lines meet on
//! the long axis: there is no centre space, only six balk spaces. A ball belongs to the
//! space its centre is in; a centre exactly on a line counts as inside the balk space.
//!
//! Anchor spaces (47/2 and 71/2): where a balk line meets a cushion, the square of
//! `anchor_mm` (7 in) each side of the line along the cushion and as deep from its nose
//! is played as one balk space of its own, so two balls astride the line against the
//! cushion cannot be nursed without limit. A ball in an anchor space is in it, not in
//! the balk spaces the line divides.
//!
//! Whether a count "drove a ball out" is judged from where the balls stopped (and were
//! spotted): a ball that left the space and rolled back in was not driven out.

use crate::config::BalkRule;
use crate::math::DVec2;
use crate::shot::{BallId, Cushion};
use crate::table::TableGeometry;

/// A restricted space of a balkline game. The centre space is not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BalkSpace {
    /// A balk space: which third of the length (−1 head, 0 middle, +1 foot) and which
    /// side of the width (−1 right, 0 middle, +1 left).
    Balk { along: i8, across: i8 },
    /// An anchor space against `cushion`, astride the balk line on the `line` side of
    /// the table across that cushion (−1 or +1: toward the head or foot on a long
    /// cushion, the right or left on a short one; 0 where the two lines meet on the
    /// axis).
    Anchor { cushion: Cushion, line: i8 },
}

impl BalkSpace {
    /// The restricted space `p` lies in, or None in the centre space.
    pub fn of(table: &TableGeometry, rule: &BalkRule, p: DVec2) -> Option<BalkSpace> {
        let (x_line, y_line) = table.balk_lines(rule.distance_mm / 1000.0);
        if let Some(anchor) = rule
            .anchor_mm
            .and_then(|a| anchor_of(table, x_line, y_line, a / 1000.0, p))
        {
            return Some(anchor);
        }
        let (along, across) = (band(p.x, x_line), band(p.y, y_line));
        (along != 0 || across != 0).then_some(BalkSpace::Balk { along, across })
    }

    /// The balk lines of a game on a table: the x of those across the table and the y of
    /// those along it, m (one line on the axis where two meet).
    pub fn lines(table: &TableGeometry, rule: &BalkRule) -> (Vec<f64>, Vec<f64>) {
        let (x_line, y_line) = table.balk_lines(rule.distance_mm / 1000.0);
        (lines(x_line), lines(y_line))
    }

    /// The anchor squares of a game on a table, as rectangles (min, max corner), m: what
    /// the cloth shows.
    pub fn anchor_squares(table: &TableGeometry, rule: &BalkRule) -> Vec<(DVec2, DVec2)> {
        let Some(a) = rule.anchor_mm.map(|a| a / 1000.0) else {
            return Vec::new();
        };
        let (x_line, y_line) = table.balk_lines(rule.distance_mm / 1000.0);
        let (hl, hw) = (table.half_length(), table.half_width());
        let mut squares = Vec::new();
        for x in lines(x_line) {
            for sign in [-1.0, 1.0] {
                let nose = sign * hw;
                let (y0, y1) = (nose - sign * a, nose);
                squares.push((DVec2::new(x - a, y0.min(y1)), DVec2::new(x + a, y0.max(y1))));
            }
        }
        for y in lines(y_line) {
            for sign in [-1.0, 1.0] {
                let nose = sign * hl;
                let (x0, x1) = (nose - sign * a, nose);
                squares.push((DVec2::new(x0.min(x1), y - a), DVec2::new(x0.max(x1), y + a)));
            }
        }
        squares
    }

    /// The balk space both balls lie in, if they share one.
    pub fn shared(table: &TableGeometry, rule: &BalkRule, a: DVec2, b: DVec2) -> Option<BalkSpace> {
        let space = BalkSpace::of(table, rule, a)?;
        (BalkSpace::of(table, rule, b) == Some(space)).then_some(space)
    }
}

/// The lines at ±`line` (one line on the axis where they meet or cross).
fn lines(line: f64) -> Vec<f64> {
    if line <= 0.0 {
        vec![0.0]
    } else {
        vec![-line, line]
    }
}

/// The anchor space `p` lies in: within `a` of a cushion's nose and within `a` of a
/// balk line where it meets that cushion.
fn anchor_of(
    table: &TableGeometry,
    x_line: f64,
    y_line: f64,
    a: f64,
    p: DVec2,
) -> Option<BalkSpace> {
    let side = |v: f64| {
        if v > 0.0 {
            1
        } else if v < 0.0 {
            -1
        } else {
            0
        }
    };
    let (hl, hw) = (table.half_length(), table.half_width());
    if hw - p.y.abs() <= a
        && let Some(x) = lines(x_line).into_iter().find(|x| (p.x - x).abs() <= a)
    {
        let cushion = if p.y > 0.0 {
            Cushion::Left
        } else {
            Cushion::Right
        };
        return Some(BalkSpace::Anchor {
            cushion,
            line: side(x),
        });
    }
    if hl - p.x.abs() <= a
        && let Some(y) = lines(y_line).into_iter().find(|y| (p.y - y).abs() <= a)
    {
        let cushion = if p.x > 0.0 {
            Cushion::Foot
        } else {
            Cushion::Head
        };
        return Some(BalkSpace::Anchor {
            cushion,
            line: side(y),
        });
    }
    None
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
pub struct BalkTally {
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
        let space = |along, across| Some(BalkSpace::Balk { along, across });
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
            Some(BalkSpace::Balk {
                along: 1,
                across: 1
            })
        );
    }

    #[test]
    fn two_balls_astride_a_balk_line_against_a_cushion_share_its_anchor_space() {
        // 47/2's anchor spaces: 178 mm each side of the line at x = 950 mm, 178 mm deep
        // from the left cushion (y = 710 mm).
        let t = table();
        let r = rule("balkline_47_2");
        let anchor = Some(BalkSpace::Anchor {
            cushion: Cushion::Left,
            line: 1,
        });
        let (a, b) = (DVec2::new(0.90, 0.66), DVec2::new(1.00, 0.66));
        assert_eq!(BalkSpace::of(&t, &r, a), anchor);
        assert_eq!(BalkSpace::shared(&t, &r, a, b), anchor);
        // Away from the cushion the line divides two balk spaces again.
        let (a, b) = (DVec2::new(0.90, 0.40), DVec2::new(1.00, 0.40));
        assert_eq!(BalkSpace::shared(&t, &r, a, b), None);
        // One count there, then a ball must leave the anchor space.
        let objects = [BallId::Dotted, BallId::Red];
        let astride = [DVec2::new(0.90, 0.66), DVec2::new(1.00, 0.66)];
        let BalkCount::Stands(tally @ Some(_)) =
            judge_count(&t, &r, None, objects, astride, astride)
        else {
            panic!("the first count in the anchor space stands")
        };
        assert!(matches!(
            judge_count(&t, &r, tally, objects, astride, astride),
            BalkCount::Refused { .. }
        ));
        assert_eq!(BalkSpace::anchor_squares(&t, &r).len(), 8);
        // On the short cushions of 71/2, the long lines meet on the axis: one square each.
        let r71 = rule("balkline_71_2");
        assert_eq!(BalkSpace::anchor_squares(&t, &r71).len(), 6);
        assert_eq!(
            BalkSpace::of(&t, &r71, DVec2::new(1.35, 0.05)),
            Some(BalkSpace::Anchor {
                cushion: Cushion::Foot,
                line: 0
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
