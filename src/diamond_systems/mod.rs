//! Diamond systems of three-cushion, their arithmetic and their sighting, and a sweep
//! that plays a system's stroke in the simulation to see where the cue ball really
//! arrives (issue 24). So far the corner-five system; the plus and the maximum systems
//! are still to come.
//!
//! The table as the systems are drawn here: the cue ball goes from the head end to the
//! left long cushion (+y, the first), the foot cushion (the second) and the right long
//! cushion (−y, the third), round the table clockwise seen from above. Numbers mark
//! points on the rails' lines of diamonds, not contacts on the cushions' noses: a
//! system's line runs through the diamonds, and where it meets the cushion lies about
//! half a diamond away.

use crate::config::{Config, UnknownKey};
use crate::math::DVec2;
use crate::physics::{PlaceError, StrikeError, TableSim};
use crate::shot::{BallId, Cushion, ShotRecord, Stroke};
use crate::table::TableGeometry;
use std::fmt;

#[cfg(test)]
mod tests;

/// The corner-five system (called five-and-a-half in much of carom's literature), in
/// its traditional numbering as D. G. Alciatore gives it ("Corner-5 three-rail diamond
/// system formulas", TP 7.2 of *The Illustrated Principles of Pool and Billiards*,
/// 2003/2011): the third-rail arrival is the cue ball's origin number less the
/// first-rail aim number, `T = D − F`.
///
/// - The aim `F` and the arrival `T` count diamonds from the foot corner along the left
///   and the right long rail (0 at the corner, 8 at the head end).
/// - The origin `D` is 5 at the head-right corner, falling by half a unit a diamond
///   along the right long rail toward the foot (4.5 at its first diamond, 1.5 at its
///   seventh) and rising by one a diamond along the head rail (6, 7, 8).
pub mod corner_five {
    /// The third-rail arrival of a line from `origin` through `aim`.
    pub fn arrival(origin: f64, aim: f64) -> f64 {
        origin - aim
    }

    /// The first-rail aim that takes a ball from `origin` to `arrival`.
    pub fn aim(origin: f64, arrival: f64) -> f64 {
        origin - arrival
    }

    /// Alciatore's alternative numbering, whose origins along the right long rail are
    /// the arrival numbers (diamonds from the foot corner): `T = D/2 − F + 1`.
    pub fn arrival_in_alternative_numbers(origin: f64, aim: f64) -> f64 {
        origin / 2.0 - aim + 1.0
    }

    /// An origin in the alternative numbering (diamonds from the foot corner along the
    /// right long rail) in the traditional one.
    pub fn traditional_origin(alternative: f64) -> f64 {
        alternative / 2.0 + 1.0
    }

    /// The stroke the system assumes, fixed in numbers: a medium speed with about a
    /// tip of running side (right side for this clockwise path), a little above
    /// centre, a level cue. The sources say "medium speed, running English" in words;
    /// these figures are Carom's reading of them.
    pub const SPEED: f64 = 3.0;
    pub const SIDE: f64 = 0.4;
    pub const HEIGHT: f64 = 0.2;
    pub const ELEVATION_DEG: f64 = 0.0;
}

/// Where the systems' numbers lie on the table: the lines of diamonds along each rail.
pub struct Sighting<'a> {
    table: &'a TableGeometry,
}

impl<'a> Sighting<'a> {
    pub fn new(table: &'a TableGeometry) -> Self {
        Sighting { table }
    }

    fn diamond_length(&self) -> f64 {
        self.table.length / f64::from(self.table.long_intervals)
    }

    /// How far outside the cushion's nose the diamonds' line runs.
    fn inset(&self) -> f64 {
        self.table.cushion_width + self.table.rail_width / 2.0
    }

    /// A long rail's point `from_foot` diamonds from the foot corner, on the left (+y)
    /// or the right rail's line of diamonds.
    pub fn long_rail(&self, cushion: Cushion, from_foot: f64) -> DVec2 {
        let x = self.table.half_length() - from_foot * self.diamond_length();
        let y = self.table.half_width() + self.inset();
        DVec2::new(x, if cushion == Cushion::Left { y } else { -y })
    }

    /// A corner-five origin: on the right rail's line from 1.5 to 5, on the head rail's
    /// from 5 to 8.
    pub fn corner_five_origin(&self, origin: f64) -> DVec2 {
        if origin <= 5.0 {
            self.long_rail(Cushion::Right, (origin - 1.0) * 2.0)
        } else {
            let step = self.table.width / f64::from(self.table.short_intervals);
            DVec2::new(
                -self.table.half_length() - self.inset(),
                -self.table.half_width() + (origin - 5.0) * step,
            )
        }
    }

    /// Where a line through `from` and `to` (the ball's path coming in) crosses the
    /// right rail's line of diamonds, in diamonds from the foot corner.
    pub fn right_rail_crossing(&self, from: DVec2, to: DVec2) -> Option<f64> {
        let y = -self.table.half_width() - self.inset();
        let dy = to.y - from.y;
        if dy >= 0.0 {
            return None;
        }
        let x = from.x + (to.x - from.x) * (y - from.y) / dy;
        Some((self.table.half_length() - x) / self.diamond_length())
    }
}

/// One corner-five stroke played: what the system said and what the simulation did.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub origin: f64,
    pub aim: f64,
    /// The system's arrival on the third rail.
    pub predicted: f64,
    /// Where the cue ball's path from the second to the third cushion crosses the right
    /// rail's line of diamonds; None when it did not go left, foot, right.
    pub simulated: Option<f64>,
    pub stroke: Stroke,
}

/// What stops a system's stroke from being played.
#[derive(Debug)]
pub enum SweepError {
    Table(UnknownKey),
    Place(PlaceError),
    Strike(StrikeError),
}

impl fmt::Display for SweepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SweepError::Table(e) => write!(f, "{e}"),
            SweepError::Place(e) => write!(f, "the cue ball cannot be placed: {e}"),
            SweepError::Strike(e) => write!(f, "the system's stroke cannot be struck: {e}"),
        }
    }
}

impl std::error::Error for SweepError {}

/// Plays the corner-five stroke from `origin` through `aim` at `speed`, m/s, with the
/// system's tip, the cue ball alone on the table, placed on the line two ball radii
/// inside the cushion it starts from.
pub fn play_corner_five(
    sim: &mut TableSim,
    table: &TableGeometry,
    origin: f64,
    aim: f64,
    speed: f64,
) -> Result<Played, SweepError> {
    let sight = Sighting::new(table);
    let from = sight.corner_five_origin(origin);
    let through = sight.long_rail(Cushion::Left, aim);
    let along = (through - from).normalize();
    let r = table.ball_radius;
    // How far along the line the ball's centre is two radii inside the starting cushion.
    let t = if origin <= 5.0 {
        (-table.half_width() + 2.0 * r - from.y) / along.y
    } else {
        (-table.half_length() + 2.0 * r - from.x) / along.x
    };
    sim.place(&[(BallId::White, from + along * t)])
        .map_err(SweepError::Place)?;
    let stroke = Stroke {
        side: corner_five::SIDE,
        height: corner_five::HEIGHT,
        elevation_deg: corner_five::ELEVATION_DEG,
        ..Stroke::new(BallId::White, along.y.atan2(along.x).to_degrees(), speed)
    };
    sim.strike(std::slice::from_ref(&stroke), None)
        .map_err(SweepError::Strike)?;
    let record = sim.run_to_rest();
    Ok(Played {
        origin,
        aim,
        predicted: corner_five::arrival(origin, aim),
        simulated: third_rail_arrival(&sight, &record),
        stroke,
    })
}

/// The arrival on the right rail of a path that went left, foot, right.
fn third_rail_arrival(sight: &Sighting, record: &ShotRecord) -> Option<f64> {
    let contacts: Vec<_> = record.cushion_contacts(BallId::White).take(3).collect();
    let order: Vec<Cushion> = contacts.iter().map(|c| c.1).collect();
    if order != [Cushion::Left, Cushion::Foot, Cushion::Right] {
        return None;
    }
    let second = DVec2::from(contacts[1].2?);
    let third = DVec2::from(contacts[2].2?);
    sight.right_rail_crossing(second, third)
}

/// The corner-five system over its inputs on `preset` (origins every half unit from 1.5
/// to 8, aims every half diamond, arrivals 0 to 7) at `speed`.
pub fn sweep_corner_five(
    config: &Config,
    preset: Option<&str>,
    speed: f64,
) -> Result<Vec<Played>, SweepError> {
    let table =
        TableGeometry::new(&config.tables, preset, &config.balls).map_err(SweepError::Table)?;
    let mut sim = TableSim::new(config, table.clone());
    let mut played = Vec::new();
    for origin in (3..=16).map(|i| f64::from(i) * 0.5) {
        for aim in (1..=8).map(|i| f64::from(i) * 0.5) {
            let arrival = corner_five::arrival(origin, aim);
            if (0.0..=7.0).contains(&arrival) {
                played.push(play_corner_five(&mut sim, &table, origin, aim, speed)?);
            }
        }
    }
    Ok(played)
}
