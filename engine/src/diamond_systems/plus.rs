//! The plus system (issue 56): a short rail first, then the two long rails, for the
//! cue ball that starts by one long rail and goes the length of the table to the far
//! short rail. Its formula as Walter Efler publishes it is "3rd RAIL − START RAIL =
//! 1st RAIL", read here as arrival = start + first rail (worked example 55 − 30 = 25),
//! played with about one tip of running side.
//!
//! The numbering, as a three-cushion system calculator's data gives it, in a frame of
//! 8 × 4 diamonds (the near long rail at Y = 0, the far one at Y = 4, the first-rail
//! short rail at X = 0, the other at X = 8; each number on its rail's line of diamonds):
//! - the **start**, 10·X along the near long rail (20 to 80), then 90, 100, 110 at
//!   Y = 0, ½, 1 up the short rail X = 8;
//! - the **first rail**, on X = 0, by one of two tables ([FirstRail]);
//! - the **arrival**, 10·X back along the near long rail (30 to 80), then 90 to 150 at
//!   Y = 0 to 3 up the short rail X = 8.
//!
//! On Carom's table the frame lies so: X = 0 is the head cushion (−x), the far long rail
//! the left one (+y), the near the right (−y). The cue ball goes head, left, then right
//! (or the foot, for arrivals past the corner).

use super::{Deviation, Sighting, SweepError, table_sim};
use crate::config::Config;
use crate::math::DVec2;
use crate::physics::TableSim;
use crate::shot::{BallId, Cushion, ShotRecord, Stroke};
use crate::table::TableGeometry;

/// The arrival of a stroke from `start` through `first_rail`.
pub fn arrival(start: f64, first_rail: f64) -> f64 {
    start + first_rail
}

/// The first-rail number that takes a ball from `start` to `arrival` (Efler's
/// "3rd rail − start rail = 1st rail").
pub fn first_rail(start: f64, arrival: f64) -> f64 {
    arrival - start
}

/// The stroke the system assumes: about one tip of running side (right side on this
/// path, which turns clockwise seen from above), a medium speed, a level cue. The
/// source states the side; the speed and height are Carom's reading, as for
/// corner-five.
pub const SPEED: f64 = 3.0;
pub const SIDE: f64 = 0.4;
pub const HEIGHT: f64 = 0.2;

/// The starts the sweep plays: every half diamond of the near long rail, and the short
/// rail's three.
pub fn starts() -> impl Iterator<Item = f64> {
    (4..=16)
        .map(|i| f64::from(i) * 5.0)
        .chain([90.0, 100.0, 110.0])
}

/// The two first-rail numberings the calculator's data holds: the first-rail number at
/// each Y on the short rail X = 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstRail {
    /// 0 at Y = 4 (the corner with the far long rail), 10 at 3½, 20 at 3, 35 at 2½, 50
    /// at 2.
    Table1,
    /// 20, 30, 40, 50 at 3½, 3, 2½, 2.
    Table2,
}

impl FirstRail {
    pub const BOTH: [FirstRail; 2] = [FirstRail::Table1, FirstRail::Table2];

    /// The table's points: (number, Y in diamonds from the near long rail).
    fn points(self) -> &'static [(f64, f64)] {
        match self {
            FirstRail::Table1 => &[
                (0.0, 4.0),
                (10.0, 3.5),
                (20.0, 3.0),
                (35.0, 2.5),
                (50.0, 2.0),
            ],
            FirstRail::Table2 => &[(20.0, 3.5), (30.0, 3.0), (40.0, 2.5), (50.0, 2.0)],
        }
    }

    /// The numbers the table covers.
    pub fn range(self) -> (f64, f64) {
        let points = self.points();
        (points[0].0, points[points.len() - 1].0)
    }

    /// Where a first-rail number lies on the short rail, Y in diamonds (between the
    /// table's points, on the straight line between them); None outside the table.
    pub fn y(self, number: f64) -> Option<f64> {
        let points = self.points();
        points.windows(2).find_map(|w| {
            let ((n0, y0), (n1, y1)) = (w[0], w[1]);
            (n0..=n1)
                .contains(&number)
                .then(|| y0 + (number - n0) / (n1 - n0) * (y1 - y0))
        })
    }

    /// The first-rail number at Y diamonds up the short rail; None outside the table.
    pub fn number(self, y: f64) -> Option<f64> {
        self.points().windows(2).find_map(|w| {
            let ((n0, y0), (n1, y1)) = (w[0], w[1]);
            (y1..=y0)
                .contains(&y)
                .then(|| n0 + (y - y0) / (y1 - y0) * (n1 - n0))
        })
    }

    /// The key `carom system plus --json` names it by.
    pub fn key(self) -> &'static str {
        match self {
            FirstRail::Table1 => "table_1",
            FirstRail::Table2 => "table_2",
        }
    }
}

/// The plus system's numbers on a table: where each lies on the rails' lines of
/// diamonds, in the table frame.
pub struct PlusSighting<'a> {
    sight: Sighting<'a>,
}

impl<'a> PlusSighting<'a> {
    pub fn new(table: &'a TableGeometry) -> Self {
        PlusSighting {
            sight: Sighting::new(table),
        }
    }

    fn table(&self) -> &TableGeometry {
        self.sight.table
    }

    /// The frame's point (X, Y) in the table frame.
    fn at(&self, x: f64, y: f64) -> DVec2 {
        let d = self.sight.diamond_length();
        DVec2::new(
            -self.table().half_length() + x * d,
            -self.table().half_width() + y * d,
        )
    }

    /// A point of the near long rail's line of diamonds, X diamonds from the first-rail
    /// end.
    fn near_rail(&self, x: f64) -> DVec2 {
        self.at(x, 0.0) - DVec2::new(0.0, self.sight.inset())
    }

    /// A point of the far short rail's line (X = 8), Y diamonds up from the near rail.
    fn far_short_rail(&self, y: f64) -> DVec2 {
        self.at(8.0, y) + DVec2::new(self.sight.inset(), 0.0)
    }

    /// A start number's point: 20 to 80 on the near long rail, 90 to 110 on the far
    /// short rail. None for other numbers.
    pub fn start(&self, number: f64) -> Option<DVec2> {
        if (20.0..=80.0).contains(&number) {
            Some(self.near_rail(number / 10.0))
        } else if (90.0..=110.0).contains(&number) {
            Some(self.far_short_rail((number - 90.0) / 20.0))
        } else {
            None
        }
    }

    /// A first-rail number's point on the short rail X = 0 by `numbering`.
    pub fn first_rail(&self, numbering: FirstRail, number: f64) -> Option<DVec2> {
        let y = numbering.y(number)?;
        Some(self.at(0.0, y) - DVec2::new(self.sight.inset(), 0.0))
    }

    /// An arrival number's point: 30 to 80 on the near long rail, 90 to 150 on the far
    /// short rail. None for other numbers.
    pub fn arrival_point(&self, number: f64) -> Option<DVec2> {
        if (0.0..=80.0).contains(&number) {
            Some(self.near_rail(number / 10.0))
        } else if (90.0..=150.0).contains(&number) {
            Some(self.far_short_rail((number - 90.0) / 20.0))
        } else {
            None
        }
    }

    /// How long the gap between 80 and 90 is (round the corner of the two lines), in
    /// diamonds.
    fn corner_gap(&self) -> f64 {
        2.0 * self.sight.inset() / self.sight.diamond_length()
    }

    /// An arrival number as a distance along the arrival rails' lines, in diamonds from
    /// the first-rail end: deviations are measured in it.
    pub fn along(&self, number: f64) -> f64 {
        if number <= 80.0 {
            number / 10.0
        } else if number < 90.0 {
            8.0 + self.corner_gap() * (number - 80.0) / 10.0
        } else {
            8.0 + self.corner_gap() + (number - 90.0) / 20.0
        }
    }

    /// The arrival number where a line from `from` toward `to` (going toward the near
    /// rail) crosses the arrival rails' lines; between 80 and 90 round the corner of the
    /// two lines. None where the line does not go toward the near rail.
    pub fn arrival_number(&self, from: DVec2, to: DVec2) -> Option<f64> {
        let d = to - from;
        if d.y >= 0.0 {
            return None;
        }
        let diamond = self.sight.diamond_length();
        let inset = self.sight.inset();
        let near_y = -self.table().half_width() - inset;
        let x = from.x + d.x * (near_y - from.y) / d.y;
        let along_long = (x + self.table().half_length()) / diamond;
        if along_long <= 8.0 {
            return Some(10.0 * along_long);
        }
        let beyond_80 = (along_long - 8.0) * diamond;
        if beyond_80 <= inset {
            return Some(80.0 + 10.0 * beyond_80 / (2.0 * inset));
        }
        let far_x = self.table().half_length() + inset;
        let y = from.y + d.y * (far_x - from.x) / d.x;
        let up = (y + self.table().half_width()) / diamond;
        if up >= 0.0 {
            Some(90.0 + 20.0 * up)
        } else {
            Some(80.0 + 10.0 * (1.0 - -up * diamond / (2.0 * inset)))
        }
    }

    /// The first-rail number (by `numbering`) where the line from `from` toward `to`
    /// crosses the first-rail short rail's line of diamonds.
    pub fn first_rail_number(&self, numbering: FirstRail, from: DVec2, to: DVec2) -> Option<f64> {
        let d = to - from;
        if d.x >= 0.0 {
            return None;
        }
        let head_x = -self.table().half_length() - self.sight.inset();
        let y = from.y + d.y * (head_x - from.x) / d.x;
        numbering.number((y + self.table().half_width()) / self.sight.diamond_length())
    }

    /// Where a plus stroke from `start` through `first_rail` begins (on the system's
    /// line, two ball radii inside the cushion it starts from) and its direction.
    pub fn stroke_line(
        &self,
        numbering: FirstRail,
        start: f64,
        first_rail: f64,
    ) -> Option<(DVec2, DVec2)> {
        let from = self.start(start)?;
        let along = (self.first_rail(numbering, first_rail)? - from).normalize();
        let table = self.table();
        let r = table.ball_radius;
        let t = if start <= 80.0 {
            (-table.half_width() + 2.0 * r - from.y) / along.y
        } else {
            (table.half_length() - 2.0 * r - from.x) / along.x
        };
        Some((from + along * t, along))
    }
}

/// One plus stroke played: the system's numbers and where the simulation took it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlusPlayed {
    pub start: f64,
    pub first_rail: f64,
    /// The system's arrival (start + first rail).
    pub predicted: f64,
    /// The simulated arrival in the system's numbers; None when the cue ball did not go
    /// head, far long rail, then the near long rail or the far short rail.
    pub simulated: Option<f64>,
    /// Simulated less predicted along the arrival rails, diamonds.
    pub deviation: Option<f64>,
    pub stroke: Stroke,
}

/// Plays the plus stroke from `start` through `first_rail` at `speed`, m/s, with the
/// system's tip, the cue ball alone on the table.
pub fn play_plus(
    sim: &mut TableSim,
    table: &TableGeometry,
    numbering: FirstRail,
    start: f64,
    first_rail: f64,
    speed: f64,
) -> Result<PlusPlayed, SweepError> {
    let sight = PlusSighting::new(table);
    let (from, along) = sight
        .stroke_line(numbering, start, first_rail)
        .ok_or(SweepError::OutsideTheSystem { start, first_rail })?;
    sim.place(&[(BallId::White, from)])
        .map_err(SweepError::Place)?;
    let stroke = Stroke {
        side: SIDE,
        height: HEIGHT,
        ..Stroke::new(BallId::White, along.y.atan2(along.x).to_degrees(), speed)
    };
    sim.strike(std::slice::from_ref(&stroke), None)
        .map_err(SweepError::Strike)?;
    let record = sim.run_to_rest();
    let predicted = arrival(start, first_rail);
    let simulated = read_arrival(table, &record, BallId::White);
    Ok(PlusPlayed {
        start,
        first_rail,
        predicted,
        simulated,
        deviation: simulated.map(|s| sight.along(s) - sight.along(predicted)),
        stroke,
    })
}

/// Where `ball` arrived in the plus system's numbers: its first three cushions the head,
/// the left (far) and then the right (near) or the foot, read on the line from the
/// second contact through the third.
pub fn read_arrival(table: &TableGeometry, record: &ShotRecord, ball: BallId) -> Option<f64> {
    let contacts: Vec<_> = record.cushion_contacts(ball).take(3).collect();
    let [first, second, third] = contacts.as_slice() else {
        return None;
    };
    let third_is_an_arrival_rail = matches!(third.1, Cushion::Right | Cushion::Foot);
    if first.1 != Cushion::Head || second.1 != Cushion::Left || !third_is_an_arrival_rail {
        return None;
    }
    PlusSighting::new(table).arrival_number(DVec2::from(second.2?), DVec2::from(third.2?))
}

/// One first-rail table swept at one speed.
#[derive(Clone, Debug)]
pub struct PlusSweep {
    pub numbering: FirstRail,
    pub speed: f64,
    pub played: Vec<PlusPlayed>,
}

impl PlusSweep {
    pub fn deviation(&self) -> Deviation {
        Deviation::from_deviations(
            self.played.len(),
            self.played.iter().filter_map(|p| p.deviation).collect(),
        )
    }

    /// The mean deviation of each start's strokes, diamonds (starts with none round
    /// left out): where the system and the simulation part.
    pub fn by_start(&self) -> Vec<(f64, Deviation)> {
        starts()
            .map(|start| {
                let of_start: Vec<&PlusPlayed> =
                    self.played.iter().filter(|p| p.start == start).collect();
                (
                    start,
                    Deviation::from_deviations(
                        of_start.len(),
                        of_start.iter().filter_map(|p| p.deviation).collect(),
                    ),
                )
            })
            .filter(|(_, d)| d.round > 0)
            .collect()
    }
}

/// The plus system over its inputs on one table: each start, each first-rail number of
/// `numbering` every 5, whose arrival lies between 30 and 150.
pub fn sweep_plus(
    sim: &mut TableSim,
    table: &TableGeometry,
    numbering: FirstRail,
    speed: f64,
) -> Result<PlusSweep, SweepError> {
    let (low, high) = numbering.range();
    let mut played = Vec::new();
    for start in starts() {
        let mut first = low;
        while first <= high {
            let arrives = arrival(start, first);
            if (30.0..=150.0).contains(&arrives) && !(80.0 < arrives && arrives < 90.0) {
                played.push(play_plus(sim, table, numbering, start, first, speed)?);
            }
            first += 5.0;
        }
    }
    Ok(PlusSweep {
        numbering,
        speed,
        played,
    })
}

/// The plus system against the simulation on a table preset: both first-rail tables at
/// each of the sweep's speeds.
#[derive(Clone, Debug)]
pub struct PlusReport {
    pub table: String,
    pub sweeps: Vec<PlusSweep>,
}

impl PlusReport {
    /// The first-rail table whose arrivals lie nearer the simulation's at the system's
    /// speed (by mean distance), with both tables' deviations there.
    pub fn agrees(&self) -> Option<(FirstRail, Deviation, Deviation)> {
        let at_speed = |numbering| {
            self.sweeps
                .iter()
                .find(|s| s.numbering == numbering && s.speed == SPEED)
                .map(PlusSweep::deviation)
        };
        let one = at_speed(FirstRail::Table1)?;
        let two = at_speed(FirstRail::Table2)?;
        Some(if one.mean_distance <= two.mean_distance {
            (FirstRail::Table1, one, two)
        } else {
            (FirstRail::Table2, two, one)
        })
    }
}

/// The plus system's report on `preset`.
pub fn plus_report(config: &Config, preset: &str) -> Result<PlusReport, SweepError> {
    let (table, mut sim) = table_sim(config, Some(preset))?;
    let mut sweeps = Vec::new();
    for numbering in FirstRail::BOTH {
        for speed in super::SWEEP_SPEEDS {
            sweeps.push(sweep_plus(&mut sim, &table, numbering, speed)?);
        }
    }
    Ok(PlusReport {
        table: preset.to_owned(),
        sweeps,
    })
}
