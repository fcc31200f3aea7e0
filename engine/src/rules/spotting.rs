//! Rules 21 and 26: where jumped balls go once every ball has stopped.
//!
//! Each ball has its spots in order of preference:
//! - the cue ball: head, foot, centre;
//! - a white object ball (the other player's cue ball): head, foot, centre;
//! - the red (and four-ball's second red): foot, head, centre.
//!
//! The cue ball is spotted first, then the object balls. Among the object balls, one
//! whose first spot is free goes before one whose first spot is taken (rule 26's last
//! clause: the cue ball sitting on one object ball's spot lets the other go first);
//! otherwise they go in the order white, dotted, red, red2.
//!
//! A spot is occupied when a ball's centre is less than a ball's diameter from it, so
//! that a ball put there would overlap. The rules do not say what happens when all three
//! spots are occupied (possible only with four balls): the ball then goes to the
//! nearest free point on the long axis, searching from the centre spot toward the foot
//! first.

use super::verdict::Placement;
use crate::math::DVec2;
use crate::shot::BallId;
use crate::shot::Spot;
use crate::table::TableGeometry;
use std::collections::BTreeMap;

/// Places `jumped` in the order of rule 26 around the balls still on the bed.
pub fn spot_jumped(
    table: &TableGeometry,
    cue_ball: BallId,
    jumped: &[BallId],
    on_bed: &BTreeMap<BallId, DVec2>,
) -> Vec<Placement> {
    let mut taken: Vec<DVec2> = on_bed
        .iter()
        .filter(|(ball, _)| !jumped.contains(ball))
        .map(|(_, p)| *p)
        .collect();
    let free = |taken: &[DVec2], p: DVec2| {
        taken
            .iter()
            .all(|q| q.distance(p) >= 2.0 * table.ball_radius)
    };
    let mut placements = Vec::new();
    let mut place = |ball: BallId, taken: &mut Vec<DVec2>| {
        let order = preference(ball);
        let chosen = order.iter().position(|s| free(taken, table.spot(*s)));
        let (spot, position) = match chosen {
            Some(i) => (order[i], table.spot(order[i])),
            None => (
                Spot::Centre,
                nearest_free_on_axis(table, |p| free(taken, p)),
            ),
        };
        let tried = chosen.unwrap_or(order.len());
        taken.push(position);
        placements.push(Placement {
            ball,
            spot,
            position,
            occupied: order[..tried].to_vec(),
        });
    };
    if jumped.contains(&cue_ball) {
        place(cue_ball, &mut taken);
    }
    let mut objects: Vec<BallId> = jumped.iter().copied().filter(|b| *b != cue_ball).collect();
    objects.sort();
    objects.dedup();
    while !objects.is_empty() {
        let next = objects
            .iter()
            .position(|b| free(&taken, table.spot(preference(*b)[0])))
            .unwrap_or(0);
        place(objects.remove(next), &mut taken);
    }
    placements
}

/// The spots a ball may go to, first choice first (rule 26): the whites (the cue ball
/// and the white object ball) prefer the head spot, the reds the foot spot.
fn preference(ball: BallId) -> [Spot; 3] {
    if ball.is_cue_ball() {
        [Spot::Head, Spot::Foot, Spot::Centre]
    } else {
        [Spot::Foot, Spot::Head, Spot::Centre]
    }
}

/// The free point on the long axis nearest the centre spot, toward the foot first, in
/// millimetre steps.
fn nearest_free_on_axis(table: &TableGeometry, free: impl Fn(DVec2) -> bool) -> DVec2 {
    let reach = (table.centre_limits().x * 1000.0) as i64;
    (1..=reach)
        .flat_map(|mm| [mm, -mm])
        .map(|mm| DVec2::new(mm as f64 / 1000.0, 0.0))
        .find(|p| free(*p))
        .unwrap_or(DVec2::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::table;
    use BallId::{Dotted, Red, Red2, White};

    fn on_bed(balls: &[(BallId, DVec2)]) -> BTreeMap<BallId, DVec2> {
        balls.iter().copied().collect()
    }

    fn spots(placements: &[Placement]) -> Vec<(BallId, Spot)> {
        placements.iter().map(|p| (p.ball, p.spot)).collect()
    }

    const ELSEWHERE: DVec2 = DVec2::new(0.3, 0.4);

    #[test]
    fn jumped_cue_ball_goes_to_the_head_spot() {
        // Rule 26.
        let t = table();
        let p = spot_jumped(
            &t,
            White,
            &[White],
            &on_bed(&[(Dotted, ELSEWHERE), (Red, -ELSEWHERE)]),
        );
        assert_eq!(spots(&p), [(White, Spot::Head)]);
        assert_eq!(p[0].position, t.spot(Spot::Head));
        assert!(p[0].occupied.is_empty());
    }

    #[test]
    fn jumped_cue_ball_goes_to_the_foot_spot_when_the_head_spot_is_occupied() {
        // Rule 26.
        let t = table();
        let p = spot_jumped(
            &t,
            White,
            &[White],
            &on_bed(&[(Dotted, t.spot(Spot::Head)), (Red, ELSEWHERE)]),
        );
        assert_eq!(spots(&p), [(White, Spot::Foot)]);
        assert_eq!(p[0].occupied, [Spot::Head]);
    }

    #[test]
    fn jumped_cue_ball_goes_to_the_centre_spot_when_head_and_foot_are_occupied() {
        // Rule 26.
        let t = table();
        let near_foot = t.spot(Spot::Foot) + DVec2::new(0.02, 0.03);
        let p = spot_jumped(
            &t,
            White,
            &[White],
            &on_bed(&[(Dotted, t.spot(Spot::Head)), (Red, near_foot)]),
        );
        assert_eq!(spots(&p), [(White, Spot::Centre)]);
        assert_eq!(p[0].occupied, [Spot::Head, Spot::Foot]);
    }

    #[test]
    fn jumped_white_object_ball_goes_head_then_foot_then_centre() {
        // Rule 26: the white object ball follows the cue ball's order.
        let t = table();
        let free = spot_jumped(
            &t,
            White,
            &[Dotted],
            &on_bed(&[(White, ELSEWHERE), (Red, -ELSEWHERE)]),
        );
        assert_eq!(spots(&free), [(Dotted, Spot::Head)]);
        let head_taken = on_bed(&[(White, t.spot(Spot::Head)), (Red, ELSEWHERE)]);
        assert_eq!(
            spots(&spot_jumped(&t, White, &[Dotted], &head_taken)),
            [(Dotted, Spot::Foot)]
        );
        let both_taken = on_bed(&[(White, t.spot(Spot::Head)), (Red, t.spot(Spot::Foot))]);
        let p = spot_jumped(&t, White, &[Dotted], &both_taken);
        assert_eq!(spots(&p), [(Dotted, Spot::Centre)]);
        assert_eq!(p[0].occupied, [Spot::Head, Spot::Foot]);
    }

    #[test]
    fn jumped_red_goes_foot_then_head_then_centre() {
        // Rule 26: the red prefers the foot spot.
        let t = table();
        let free = spot_jumped(
            &t,
            White,
            &[Red],
            &on_bed(&[(White, ELSEWHERE), (Dotted, -ELSEWHERE)]),
        );
        assert_eq!(spots(&free), [(Red, Spot::Foot)]);
        let foot_taken = on_bed(&[(White, t.spot(Spot::Foot)), (Dotted, ELSEWHERE)]);
        assert_eq!(
            spots(&spot_jumped(&t, White, &[Red], &foot_taken)),
            [(Red, Spot::Head)]
        );
        let both_taken = on_bed(&[(White, t.spot(Spot::Foot)), (Dotted, t.spot(Spot::Head))]);
        let p = spot_jumped(&t, White, &[Red], &both_taken);
        assert_eq!(spots(&p), [(Red, Spot::Centre)]);
        assert_eq!(p[0].occupied, [Spot::Foot, Spot::Head]);
    }

    #[test]
    fn cue_ball_and_object_ball_jumped_spot_the_cue_ball_first() {
        // Rule 26: the cue ball takes the head spot, so the white object ball goes on
        // to the foot spot.
        let t = table();
        let p = spot_jumped(&t, White, &[Dotted, White], &on_bed(&[(Red, ELSEWHERE)]));
        assert_eq!(spots(&p), [(White, Spot::Head), (Dotted, Spot::Foot)]);
        assert_eq!(p[1].occupied, [Spot::Head]);
    }

    #[test]
    fn cue_ball_and_red_jumped_go_to_their_own_spots() {
        // Rule 26.
        let t = table();
        let p = spot_jumped(&t, Dotted, &[Red, Dotted], &on_bed(&[(White, ELSEWHERE)]));
        assert_eq!(spots(&p), [(Dotted, Spot::Head), (Red, Spot::Foot)]);
    }

    #[test]
    fn both_object_balls_jumped_go_to_their_own_spots() {
        // Rule 26.
        let t = table();
        let p = spot_jumped(&t, White, &[Red, Dotted], &on_bed(&[(White, ELSEWHERE)]));
        assert_eq!(spots(&p), [(Dotted, Spot::Head), (Red, Spot::Foot)]);
    }

    #[test]
    fn cue_ball_on_the_head_spot_lets_the_red_be_spotted_first() {
        // Rule 26's last clause: the cue ball sits on the white object ball's spot, so
        // the red (whose spot is free) goes first; the white then finds head and foot
        // taken and goes to the centre spot.
        let t = table();
        let p = spot_jumped(
            &t,
            White,
            &[Dotted, Red],
            &on_bed(&[(White, t.spot(Spot::Head))]),
        );
        assert_eq!(spots(&p), [(Red, Spot::Foot), (Dotted, Spot::Centre)]);
        assert_eq!(p[1].occupied, [Spot::Head, Spot::Foot]);
    }

    #[test]
    fn cue_ball_on_the_foot_spot_lets_the_white_be_spotted_first() {
        // Rule 26's last clause, the other way round: the red's foot spot is taken by
        // the cue ball, the white goes first to the head spot, the red to the centre.
        let t = table();
        let p = spot_jumped(
            &t,
            White,
            &[Red, Dotted],
            &on_bed(&[(White, t.spot(Spot::Foot))]),
        );
        assert_eq!(spots(&p), [(Dotted, Spot::Head), (Red, Spot::Centre)]);
        assert_eq!(p[1].occupied, [Spot::Foot, Spot::Head]);
    }

    #[test]
    fn a_ball_near_a_spot_occupies_it() {
        // A ball whose centre is less than a diameter from the spot is in the way.
        let t = table();
        let near = t.spot(Spot::Head) + DVec2::new(2.0 * t.ball_radius - 0.001, 0.0);
        let clear = t.spot(Spot::Head) + DVec2::new(2.0 * t.ball_radius + 0.001, 0.0);
        let white = |p| {
            spot_jumped(
                &t,
                Dotted,
                &[White],
                &on_bed(&[(Dotted, p), (Red, ELSEWHERE)]),
            )
        };
        assert_eq!(spots(&white(near)), [(White, Spot::Foot)]);
        assert_eq!(spots(&white(clear)), [(White, Spot::Head)]);
    }

    #[test]
    fn with_all_three_spots_occupied_the_ball_goes_next_to_the_centre_spot() {
        // Four-ball, beyond rule 26: the nearest free point on the long axis.
        let t = table();
        let taken = on_bed(&[
            (White, t.spot(Spot::Head)),
            (Dotted, t.spot(Spot::Foot)),
            (Red, t.spot(Spot::Centre)),
        ]);
        let p = spot_jumped(&t, White, &[Red2], &taken);
        assert_eq!(spots(&p), [(Red2, Spot::Centre)]);
        assert_eq!(p[0].occupied, [Spot::Foot, Spot::Head, Spot::Centre]);
        let gap = p[0].position.distance(t.spot(Spot::Centre));
        assert!((gap - 2.0 * t.ball_radius).abs() < 0.0011, "{gap}");
        assert!(p[0].position.x > 0.0 && p[0].position.y == 0.0);
    }
}
