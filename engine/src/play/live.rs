//! The count a player keeps while the balls roll: the cushions the cue ball has touched
//! and the balls it has hit, in order — what a three-cushion player counts along.

use crate::shot::{BallId, EventKind, ShotEvent};

/// What the cue ball has done so far in the stroke under way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LiveCount {
    /// The ball the stroke struck (the first, in a lag).
    pub cue_ball: Option<BallId>,
    /// Its cushion contacts.
    pub cushions: usize,
    /// The balls it has touched, in the order of their first contact.
    pub balls: Vec<BallId>,
    /// Its cushion contacts before it touched each of `balls`.
    pub cushions_before: Vec<usize>,
    /// Contacts between two other balls (kisses), in order.
    pub kisses: Vec<[BallId; 2]>,
    /// The last event was a strike (the lag strikes two balls at the same moment).
    just_struck: bool,
}

impl LiveCount {
    /// Takes in the next event of the stroke; a strike starts a new count.
    pub fn add(&mut self, event: &ShotEvent) {
        let just_struck = std::mem::replace(&mut self.just_struck, false);
        match event.kind {
            // A second ball struck at the same moment (the lag): the first is counted.
            EventKind::Strike { .. } if just_struck && event.t == 0.0 => self.just_struck = true,
            EventKind::Strike { ball, .. } => {
                *self = LiveCount {
                    cue_ball: Some(ball),
                    just_struck: true,
                    ..LiveCount::default()
                };
            }
            EventKind::Cushion { ball, .. } if Some(ball) == self.cue_ball => self.cushions += 1,
            EventKind::BallBall { a, b, .. } => {
                let Some(cue) = self.cue_ball else { return };
                let other = if a == cue {
                    b
                } else if b == cue {
                    a
                } else {
                    self.kisses.push([a, b]);
                    return;
                };
                if !self.balls.contains(&other) {
                    self.balls.push(other);
                    self.cushions_before.push(self.cushions);
                }
            }
            _ => {}
        }
    }

    /// The count of a whole stroke's events.
    pub fn of(events: &[ShotEvent]) -> LiveCount {
        let mut count = LiveCount::default();
        for event in events {
            count.add(event);
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shot::Cushion;

    fn at(t: f64, kind: EventKind) -> ShotEvent {
        ShotEvent { t, kind }
    }

    fn strike(ball: BallId) -> EventKind {
        EventKind::Strike {
            ball,
            speed: 3.0,
            direction_deg: 0.0,
            side: 0.0,
            height: 0.0,
            elevation_deg: 0.0,
            tip_contact_s: 0.001,
            cue_touched: Vec::new(),
            moving: Vec::new(),
        }
    }

    fn cushion(ball: BallId) -> EventKind {
        EventKind::Cushion {
            ball,
            cushion: Cushion::Foot,
            speed: 1.0,
            at: None,
        }
    }

    #[test]
    fn counts_the_cue_balls_cushions_and_balls_in_order() {
        use BallId::{Dotted, Red, White};
        let events = [
            at(0.0, strike(White)),
            at(
                0.3,
                EventKind::BallBall {
                    a: White,
                    b: Red,
                    speed: 2.0,
                },
            ),
            at(0.5, cushion(Red)),
            at(0.9, cushion(White)),
            at(1.4, cushion(White)),
            at(
                1.9,
                EventKind::BallBall {
                    a: Red,
                    b: White,
                    speed: 0.5,
                },
            ),
            at(2.2, cushion(White)),
            at(
                2.8,
                EventKind::BallBall {
                    a: Dotted,
                    b: White,
                    speed: 0.4,
                },
            ),
        ];
        let count = LiveCount::of(&events);
        assert_eq!(count.cue_ball, Some(White));
        assert_eq!(count.cushions, 3);
        assert_eq!(count.balls, [Red, Dotted]);
        assert_eq!(count.cushions_before, [0, 3]);
        // A new stroke starts again.
        let mut count = count;
        count.add(&at(0.0, strike(Dotted)));
        assert_eq!(count.cue_ball, Some(Dotted));
        assert_eq!((count.cushions, count.balls.len()), (0, 0));
        // The lag's second ball, struck at the same moment, is not counted.
        count.add(&at(0.0, strike(White)));
        assert_eq!(count.cue_ball, Some(Dotted));
    }
}
