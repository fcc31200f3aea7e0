//! The patterns of three-cushion, recognised from the cue ball's path: the order of
//! its contacts with the balls and the cushions up to the count, as players name them
//! (around the table, umbrella, short-long-short, ...). The coach names the pattern of
//! the stroke it suggests, and the bundled positions are named after theirs.

use crate::shot::{BallId, Cushion, EventKind, ShotRecord};

/// A three-cushion pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Off the first ball into a long cushion, the short one and the other long one,
    /// round a corner.
    AroundTheTable,
    /// A long cushion, the short one and the other long one before any ball: the
    /// diamond system's path, cushion first.
    RailFirstAroundTheTable,
    /// Three cushions first, not round the table.
    Bricole,
    /// Two cushions, the first ball, then the third cushion.
    Umbrella,
    /// Off the first ball: a short cushion, a long one, the other short one.
    ShortLongShort,
    /// Off the first ball: a short cushion, then across the table from long to long
    /// (the break's path).
    ShortLongLong,
    /// Off the first ball across the table and back (two long cushions), then a short.
    AcrossTheTable,
    /// Off the first ball across the table and back twice (three long cushions).
    DoubleTheRail,
    /// A cushion, the first ball lying near it, and the same cushion again.
    Ticky,
    /// None of the above: the route itself says it.
    Other,
}

impl Pattern {
    pub const ALL: [Pattern; 10] = [
        Pattern::AroundTheTable,
        Pattern::RailFirstAroundTheTable,
        Pattern::Bricole,
        Pattern::Umbrella,
        Pattern::ShortLongShort,
        Pattern::ShortLongLong,
        Pattern::AcrossTheTable,
        Pattern::DoubleTheRail,
        Pattern::Ticky,
        Pattern::Other,
    ];

    /// The pattern whose key this is.
    pub fn of_key(key: &str) -> Option<Pattern> {
        Pattern::ALL.into_iter().find(|p| p.key() == key)
    }

    /// The pattern's name in files and JSON.
    pub fn key(self) -> &'static str {
        match self {
            Pattern::AroundTheTable => "around_the_table",
            Pattern::RailFirstAroundTheTable => "rail_first_around_the_table",
            Pattern::Bricole => "bricole",
            Pattern::Umbrella => "umbrella",
            Pattern::ShortLongShort => "short_long_short",
            Pattern::ShortLongLong => "short_long_long",
            Pattern::AcrossTheTable => "across_the_table",
            Pattern::DoubleTheRail => "double_the_rail",
            Pattern::Ticky => "ticky",
            Pattern::Other => "other",
        }
    }
}

/// One contact of the cue ball on its way to the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contact {
    Ball(BallId),
    Cushion(Cushion),
}

fn is_long(cushion: Cushion) -> bool {
    matches!(cushion, Cushion::Left | Cushion::Right)
}

/// The cue ball's contacts up to its second object ball (the count), or all of them
/// when it never got there.
pub fn route(record: &ShotRecord, cue_ball: BallId) -> Vec<Contact> {
    let mut route = Vec::new();
    let mut balls: Vec<BallId> = Vec::new();
    for event in &record.events {
        let contact = match event.kind {
            EventKind::BallBall { a, b, .. } if a == cue_ball || b == cue_ball => {
                Contact::Ball(if a == cue_ball { b } else { a })
            }
            EventKind::Cushion { ball, cushion, .. } if ball == cue_ball => {
                Contact::Cushion(cushion)
            }
            _ => continue,
        };
        route.push(contact);
        if let Contact::Ball(ball) = contact
            && !balls.contains(&ball)
        {
            balls.push(ball);
            if balls.len() == 2 {
                break;
            }
        }
    }
    route
}

/// The pattern of a route.
pub fn recognise(route: &[Contact]) -> Pattern {
    use Contact::{Ball, Cushion as C};
    let first_ball = route.iter().position(|c| matches!(c, Ball(_)));
    let cushions = |part: &[Contact]| -> Vec<Cushion> {
        part.iter()
            .filter_map(|c| match c {
                C(cushion) => Some(*cushion),
                Ball(_) => None,
            })
            .collect()
    };
    let before = cushions(&route[..first_ball.unwrap_or(route.len())]);
    let after = first_ball.map_or_else(Vec::new, |i| cushions(&route[i + 1..]));
    let around = |c: &[Cushion]| {
        c.len() >= 3 && is_long(c[0]) && !is_long(c[1]) && is_long(c[2]) && c[0] != c[2]
    };
    match before.len() {
        0 => {}
        1 if after.first() == Some(&before[0]) => return Pattern::Ticky,
        2 if !after.is_empty() => return Pattern::Umbrella,
        n if n >= 3 && around(&before) => return Pattern::RailFirstAroundTheTable,
        n if n >= 3 => return Pattern::Bricole,
        _ => return Pattern::Other,
    }
    if after.len() < 3 {
        return Pattern::Other;
    }
    let long = [is_long(after[0]), is_long(after[1]), is_long(after[2])];
    match long {
        _ if around(&after) => Pattern::AroundTheTable,
        [false, true, false] => Pattern::ShortLongShort,
        [false, true, true] => Pattern::ShortLongLong,
        [true, true, false] => Pattern::AcrossTheTable,
        [true, true, true] => Pattern::DoubleTheRail,
        _ => Pattern::Other,
    }
}
