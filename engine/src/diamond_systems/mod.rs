//! Diamond systems of three-cushion, their arithmetic and their sighting, and a sweep
//! that plays a system's stroke in the simulation to see where the cue ball really
//! arrives (issue 24): the corner-five system here, the plus system in [plus]. The
//! maximum system is left out: no source found states its numbering.
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
use crate::shot::{BallId, Cushion, EventKind, ShotRecord, Stroke};
use crate::table::TableGeometry;

pub mod patterns;
pub mod plus;
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

/// The systems by the names players call them (`carom system NAME`).
pub const NAMES: [&str; 3] = ["five-and-half", "corner-five", "plus"];

/// Where the systems' numbers lie on the table: the lines of diamonds along each rail.
pub struct Sighting<'a> {
    pub(super) table: &'a TableGeometry,
}

impl<'a> Sighting<'a> {
    pub fn new(table: &'a TableGeometry) -> Self {
        Sighting { table }
    }

    pub(super) fn diamond_length(&self) -> f64 {
        self.table.length / f64::from(self.table.long_intervals)
    }

    /// How far outside the cushion's nose the diamonds' line runs.
    pub(super) fn inset(&self) -> f64 {
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

    /// Where the line from `from` toward `to` crosses the left rail's line of diamonds,
    /// in diamonds from the foot corner.
    pub fn left_rail_crossing(&self, from: DVec2, to: DVec2) -> Option<f64> {
        let y = self.table.half_width() + self.inset();
        let dy = to.y - from.y;
        if dy <= 0.0 {
            return None;
        }
        let x = from.x + (to.x - from.x) * (y - from.y) / dy;
        Some((self.table.half_length() - x) / self.diamond_length())
    }

    /// The corner-five origin number of the line from `from` back through `to`: where
    /// it crosses the right rail's line of diamonds (5 at the head corner, half a unit
    /// less a diamond toward the foot) or the head rail's (one more a diamond across).
    pub fn corner_five_number(&self, from: DVec2, to: DVec2) -> Option<f64> {
        let right = -self.table.half_width() - self.inset();
        let head = -self.table.half_length() - self.inset();
        let d = to - from;
        if d.y >= 0.0 {
            return None;
        }
        let x = from.x + d.x * (right - from.y) / d.y;
        if x >= head {
            let from_foot = (self.table.half_length() - x) / self.diamond_length();
            return Some(from_foot / 2.0 + 1.0);
        }
        if d.x >= 0.0 {
            return None;
        }
        let y = from.y + d.y * (head - from.x) / d.x;
        let step = self.table.width / f64::from(self.table.short_intervals);
        Some(5.0 + (y + self.table.half_width()) / step)
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

/// A path round the table read in the corner-five system's numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// Where the line the ball came in on starts, in the system's origin numbers.
    pub origin: f64,
    /// Where that line crosses the first rail's line of diamonds.
    pub aim: f64,
    /// The system's arrival for them (origin less aim).
    pub predicted: f64,
    /// Where the ball really crossed the third rail's line of diamonds.
    pub arrived: f64,
}

/// A cushion contact: the time, the cushion, where the ball's centre was.
type CushionContact = (f64, Cushion, Option<[f64; 2]>);

/// Where `ball`'s path goes round the table (a long cushion, a short one, the other
/// long one, no ball met between, in any of the table's four mirror images): the three
/// contacts, and the mirror (-1 on an axis it flips) that turns them into the system's
/// frame, where the ball goes left, foot, right.
fn round_the_table(record: &ShotRecord, ball: BallId) -> Option<([CushionContact; 3], DVec2)> {
    let contacts: Vec<CushionContact> = record.cushion_contacts(ball).collect();
    let long = |c: Cushion| matches!(c, Cushion::Left | Cushion::Right);
    // No ball met on the way: a path a ball deflects is not the system's.
    let met_a_ball = |from: f64, to: f64| {
        record.events.iter().any(|e| {
            matches!(e.kind, EventKind::BallBall { a, b, .. } if a == ball || b == ball)
                && e.t > from
                && e.t < to
        })
    };
    let three = contacts.windows(3).find(|w| {
        long(w[0].1)
            && !long(w[1].1)
            && long(w[2].1)
            && w[0].1 != w[2].1
            && !met_a_ball(w[0].0, w[2].0)
    })?;
    let flip = DVec2::new(
        if three[1].1 == Cushion::Head {
            -1.0
        } else {
            1.0
        },
        if three[0].1 == Cushion::Right {
            -1.0
        } else {
            1.0
        },
    );
    Some(([three[0], three[1], three[2]], flip))
}

/// Where `ball`'s path round the table crosses the third rail's line of diamonds, in
/// the corner-five system's arrival numbers (diamonds from the corner the second
/// cushion meets it at); None where it does not go round.
pub fn arrival(table: &TableGeometry, record: &ShotRecord, ball: BallId) -> Option<f64> {
    let ([_, second, third], flip) = round_the_table(record, ball)?;
    let at = |c: CushionContact| c.2.map(|p| DVec2::from(p) * flip);
    Sighting::new(table).right_rail_crossing(at(second)?, at(third)?)
}

/// Reads the corner-five numbers of `ball`'s path in `record` where it goes round the
/// table: the line it came in on (from its sampled trajectory, a fifth of a second
/// before the first of those cushions), the aim on the first rail and the arrival on
/// the third. None where the path does not go round, the record has no trajectory, or
/// the origin falls outside the system's (1.5 to 8).
pub fn read_corner_five(
    table: &TableGeometry,
    record: &ShotRecord,
    ball: BallId,
) -> Option<Reading> {
    let ([first, ..], flip) = round_the_table(record, ball)?;
    let came_from = record
        .trajectories
        .get(&ball)?
        .iter()
        .rfind(|s| s[0] <= first.0 - 0.2)
        .map(|s| DVec2::new(s[1], s[2]) * flip)?;
    let hit = DVec2::from(first.2?) * flip;
    let sight = Sighting::new(table);
    let aim = sight.left_rail_crossing(came_from, hit)?;
    let origin = sight.corner_five_number(hit, came_from)?;
    let arrived = arrival(table, record, ball)?;
    (1.5..=8.0).contains(&origin).then(|| Reading {
        origin,
        aim,
        predicted: corner_five::arrival(origin, aim),
        arrived,
    })
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
    /// Where it met the third cushion, read along the rail at the nose (the convention
    /// some books use for arrival rails).
    pub at_nose: Option<f64>,
    pub stroke: Stroke,
}

/// What stops a system's stroke from being played.
#[derive(Debug)]
pub enum SweepError {
    Table(UnknownKey),
    Place(PlaceError),
    Strike(StrikeError),
    /// Numbers the plus system has no points for.
    OutsideTheSystem {
        start: f64,
        first_rail: f64,
    },
}

impl std::error::Error for SweepError {}

/// Where a corner-five stroke from `origin` through `aim` starts (on the system's line,
/// two ball radii inside the cushion it starts from) and its direction.
pub fn corner_five_start(table: &TableGeometry, origin: f64, aim: f64) -> (DVec2, DVec2) {
    let sight = Sighting::new(table);
    let from = sight.corner_five_origin(origin);
    let along = (sight.long_rail(Cushion::Left, aim) - from).normalize();
    let r = table.ball_radius;
    let t = if origin <= 5.0 {
        (-table.half_width() + 2.0 * r - from.y) / along.y
    } else {
        (-table.half_length() + 2.0 * r - from.x) / along.x
    };
    (from + along * t, along)
}

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
    let (start, along) = corner_five_start(table, origin, aim);
    sim.place(&[(BallId::White, start)])
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
        simulated: third_rail_arrival(table, &record, ArrivalRead::Diamonds),
        at_nose: third_rail_arrival(table, &record, ArrivalRead::Nose),
        stroke,
    })
}

/// The arrival on the right rail of a path that went left, foot, right (first).
fn third_rail_arrival(
    table: &TableGeometry,
    record: &ShotRecord,
    read: ArrivalRead,
) -> Option<f64> {
    let order: Vec<Cushion> = record
        .cushion_contacts(BallId::White)
        .take(3)
        .map(|c| c.1)
        .collect();
    if order != [Cushion::Left, Cushion::Foot, Cushion::Right] {
        return None;
    }
    match read {
        ArrivalRead::Diamonds => arrival(table, record, BallId::White),
        ArrivalRead::Nose => arrival_at_nose(table, record, BallId::White),
    }
}

/// How an arrival is read: where the path crosses the rail's line of diamonds, or where
/// the ball meets the cushion's nose.
#[derive(Clone, Copy)]
enum ArrivalRead {
    Diamonds,
    Nose,
}

/// Where `ball`'s path round the table meets the third cushion, read along the rail in
/// diamonds from the corner the second cushion meets it at.
pub fn arrival_at_nose(table: &TableGeometry, record: &ShotRecord, ball: BallId) -> Option<f64> {
    let ([_, _, third], flip) = round_the_table(record, ball)?;
    let at = DVec2::from(third.2?) * flip;
    let sight = Sighting::new(table);
    Some((table.half_length() - at.x) / sight.diamond_length())
}

/// The corner-five system over its inputs on `preset` (origins every half unit from 1.5
/// to 8, aims every half diamond, arrivals 0 to 7) at `speed`.
pub fn sweep_corner_five(
    config: &Config,
    preset: Option<&str>,
    speed: f64,
) -> Result<Vec<Played>, SweepError> {
    let (table, mut sim) = table_sim(config, preset)?;
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

/// The table of `preset` and a simulation on it.
pub fn table_sim(
    config: &Config,
    preset: Option<&str>,
) -> Result<(TableGeometry, TableSim), SweepError> {
    let table =
        TableGeometry::new(&config.tables, preset, &config.balls).map_err(SweepError::Table)?;
    let sim = TableSim::new(config, table.clone());
    Ok((table, sim))
}

/// The middle of the corner-five system's range, where it is meant to hold best:
/// origins 3 to 6, arrivals 1 to 4.
pub fn in_the_middle(played: &Played) -> bool {
    (3.0..=6.0).contains(&played.origin) && (1.0..=4.0).contains(&played.predicted)
}

/// How far the simulated arrivals of some strokes lie from the system's, in diamonds
/// (simulated less predicted: positive is further from the foot corner).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Deviation {
    pub strokes: usize,
    /// Of them, the strokes that went left, foot, right (the others have no arrival).
    pub round: usize,
    pub mean: f64,
    pub mean_distance: f64,
    /// The largest deviation, with its sign.
    pub worst: f64,
}

impl Deviation {
    /// The arrivals read on the line of diamonds.
    pub fn of<'a>(played: impl IntoIterator<Item = &'a Played>) -> Deviation {
        Deviation::reading(played, |p| p.simulated)
    }

    /// The arrivals read at the cushion's nose.
    pub fn at_nose<'a>(played: impl IntoIterator<Item = &'a Played>) -> Deviation {
        Deviation::reading(played, |p| p.at_nose)
    }

    fn reading<'a>(
        played: impl IntoIterator<Item = &'a Played>,
        read: impl Fn(&Played) -> Option<f64>,
    ) -> Deviation {
        let mut strokes = 0;
        let deviations: Vec<f64> = played
            .into_iter()
            .inspect(|_| strokes += 1)
            .filter_map(|p| Some(read(p)? - p.predicted))
            .collect();
        Deviation::from_deviations(strokes, deviations)
    }

    /// The summary of `strokes` strokes whose arrivals deviate by `deviations` (those
    /// without an arrival left out).
    pub fn from_deviations(strokes: usize, deviations: Vec<f64>) -> Deviation {
        let n = deviations.len().max(1) as f64;
        Deviation {
            strokes,
            round: deviations.len(),
            mean: deviations.iter().sum::<f64>() / n,
            mean_distance: deviations.iter().map(|d| d.abs()).sum::<f64>() / n,
            worst: deviations
                .iter()
                .copied()
                .fold(0.0, |w, d| if d.abs() > w.abs() { d } else { w }),
        }
    }
}

/// One sweep's deviations four ways: over the whole range and over its middle, each with
/// the arrivals read on the line of diamonds and at the cushion's nose.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepSummary {
    pub all: Deviation,
    pub middle: Deviation,
    pub nose: Deviation,
    pub nose_middle: Deviation,
}

impl SweepSummary {
    pub fn of(played: &[Played]) -> SweepSummary {
        let middle = || played.iter().filter(|p| in_the_middle(p));
        SweepSummary {
            all: Deviation::of(played),
            middle: Deviation::of(middle()),
            nose: Deviation::at_nose(played),
            nose_middle: Deviation::at_nose(middle()),
        }
    }
}

/// The first-rail aim from `origin` that really brings the cue ball to `arrival` at
/// `speed`: the simulated arrival over aims two diamonds either side of the system's,
/// every twentieth of a diamond, read between the two aims that bracket `arrival`.
/// None when no aim there does.
pub fn simulated_aim(
    sim: &mut TableSim,
    table: &TableGeometry,
    origin: f64,
    arrival: f64,
    speed: f64,
) -> Result<Option<f64>, SweepError> {
    const STEP: f64 = 0.05;
    let system = corner_five::aim(origin, arrival);
    let mut before: Option<(f64, f64)> = None;
    for i in -40..=40 {
        let aim = system + f64::from(i) * STEP;
        if !(0.0..=8.0).contains(&aim) {
            continue;
        }
        let played = play_corner_five(sim, table, origin, aim, speed)?;
        let Some(arrived) = played.simulated else {
            before = None;
            continue;
        };
        if let Some((aim_before, arrived_before)) = before
            && (arrived_before - arrival) * (arrived - arrival) <= 0.0
            && arrived != arrived_before
        {
            let t = (arrival - arrived_before) / (arrived - arrived_before);
            return Ok(Some(aim_before + t * (aim - aim_before)));
        }
        before = Some((aim, arrived));
    }
    Ok(None)
}

/// Speeds, m/s, a system's sweep is played at besides its own: a slower and a faster
/// stroke, as the books' speed corrections speak of them.
pub const SWEEP_SPEEDS: [f64; 3] = [2.0, corner_five::SPEED, 4.0];

/// A system against the simulation on one table: its sweep at each speed, and for an
/// origin and a target the system's aim beside the aim that really gets there.
#[derive(Clone, Debug)]
pub struct SystemReport {
    /// The table preset's key.
    pub table: String,
    pub sweeps: Vec<(f64, Vec<Played>)>,
    pub aim: Option<AimCheck>,
}

impl SystemReport {
    /// Each sweep's speed with its deviations.
    pub fn summaries(&self) -> Vec<(f64, SweepSummary)> {
        self.sweeps
            .iter()
            .map(|(speed, played)| (*speed, SweepSummary::of(played)))
            .collect()
    }
}

/// The system's aim and the simulation's for one origin and target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AimCheck {
    pub origin: f64,
    pub target: f64,
    pub system: f64,
    /// None when no aim within two diamonds of the system's gets there.
    pub simulated: Option<f64>,
}

/// The corner-five system's report on `preset`, with the aim check for `from_to`
/// (origin, target) at the system's speed.
pub fn corner_five_report(
    config: &Config,
    preset: &str,
    from_to: Option<(f64, f64)>,
) -> Result<SystemReport, SweepError> {
    let sweeps = SWEEP_SPEEDS
        .iter()
        .map(|&speed| Ok((speed, sweep_corner_five(config, Some(preset), speed)?)))
        .collect::<Result<Vec<_>, SweepError>>()?;
    let aim = match from_to {
        None => None,
        Some((origin, target)) => {
            let (table, mut sim) = table_sim(config, Some(preset))?;
            Some(AimCheck {
                origin,
                target,
                system: corner_five::aim(origin, target),
                simulated: simulated_aim(&mut sim, &table, origin, target, corner_five::SPEED)?,
            })
        }
    };
    Ok(SystemReport {
        table: preset.to_owned(),
        sweeps,
        aim,
    })
}
