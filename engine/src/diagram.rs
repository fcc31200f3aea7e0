//! Shot diagrams: one stroke drawn as an SVG top view (the table with its diamonds, each
//! ball's path from where it stood to where it stopped, the cue ball's contacts numbered
//! in order, caption lines under the table), and the cue ball's cushion contacts read in
//! diamonds, the language of the diamond systems.

use crate::math::DVec2;
use crate::shot::{BallId, BallStyle, Cushion, EventKind, ShotRecord};
use crate::table::TableGeometry;
use std::fmt::Write;

/// Samples a second a diagram's paths need: a ball at 5 m/s moves 2.5 cm between them,
/// and each cushion contact is added at its exact place.
pub const DIAGRAM_SAMPLE_HZ: f64 = 200.0;

/// What the cue ball touched.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Touched {
    /// A cushion, at this place in diamonds (`TableGeometry::diamond_at`).
    Cushion {
        cushion: Cushion,
        diamond: f64,
    },
    Ball(BallId),
}

/// One contact of the cue ball, as numbered in the diagram.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    pub t: f64,
    /// Where the cue ball's centre was, m in the table frame.
    pub at: DVec2,
    pub touched: Touched,
}

/// The cue ball's contacts with cushions and balls, in order, where they happened.
/// Cushion contacts of records without places are left out.
pub fn cue_ball_contacts(
    table: &TableGeometry,
    record: &ShotRecord,
    cue_ball: BallId,
) -> Vec<Contact> {
    record
        .events
        .iter()
        .filter_map(|e| {
            let (at, touched) = match e.kind {
                EventKind::Cushion {
                    ball, cushion, at, ..
                } if ball == cue_ball => {
                    let [x, y] = at?;
                    let at = DVec2::new(x, y);
                    let diamond = table.diamond_at(cushion, at);
                    (at, Touched::Cushion { cushion, diamond })
                }
                EventKind::BallBall { a, b, .. } if a == cue_ball || b == cue_ball => {
                    let other = if a == cue_ball { b } else { a };
                    (position_at(record, cue_ball, e.t)?, Touched::Ball(other))
                }
                _ => return None,
            };
            Some(Contact {
                t: e.t,
                at,
                touched,
            })
        })
        .collect()
}

/// `contacts` with the long rails numbered as the corner-five system numbers them, in
/// diamonds from the foot corner (the table's own numbering counts from the head end):
/// the systems trainer's, so that a contact and the rail's number beside it agree.
pub fn numbered_from_the_foot(table: &TableGeometry, contacts: &mut [Contact]) {
    for contact in contacts {
        if let Touched::Cushion {
            cushion: Cushion::Left | Cushion::Right,
            diamond,
        } = &mut contact.touched
        {
            *diamond = f64::from(table.long_intervals) - *diamond;
        }
    }
}

/// `ball`'s path: its samples with its cushion contacts put in at their times.
pub fn path(record: &ShotRecord, ball: BallId) -> Vec<(f64, DVec2)> {
    let mut points: Vec<(f64, DVec2)> = record
        .trajectories
        .get(&ball)
        .into_iter()
        .flatten()
        .map(|&[t, x, y, _]| (t, DVec2::new(x, y)))
        .collect();
    points.extend(
        record
            .cushion_contacts(ball)
            .filter_map(|(t, _, at)| at.map(|[x, y]| (t, DVec2::new(x, y)))),
    );
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    points
}

/// How far from a drawn line the points it leaves out lie at most, m (each within this
/// of the line through the last point kept, in its direction).
const DRAWN_WITHIN: f64 = 0.0005;

/// The points a line through `points` needs to be drawn: its ends, and where it turns
/// by more than half a millimetre or goes back. A ball's path is mostly straight, its
/// samples are 2 to 5 ms apart, and each drawn segment costs a software renderer.
pub fn line_to_draw(points: impl IntoIterator<Item = DVec2>) -> Vec<DVec2> {
    let mut kept: Vec<DVec2> = Vec::new();
    // From the last point kept, once a point is far enough from it to give one.
    let mut direction: Option<DVec2> = None;
    let mut previous: Option<DVec2> = None;
    for p in points {
        let (Some(&from), Some(before)) = (kept.last(), previous) else {
            kept.push(p);
            previous = Some(p);
            continue;
        };
        match direction {
            None => {
                direction = (p - from)
                    .try_normalize()
                    .filter(|_| p.distance(from) > DRAWN_WITHIN)
            }
            Some(d) if (p - from).perp_dot(d).abs() > DRAWN_WITHIN || (p - before).dot(d) < 0.0 => {
                kept.push(before);
                direction = (p - before).try_normalize();
            }
            Some(_) => {}
        }
        previous = Some(p);
    }
    if let Some(last) = previous.filter(|&p| kept.len() < 2 || kept.last() != Some(&p)) {
        kept.push(last);
    }
    kept
}

/// Where `ball` was at time `t`, between its samples (where it stopped, after the
/// last); None for a ball without samples.
pub fn position_at(record: &ShotRecord, ball: BallId, t: f64) -> Option<DVec2> {
    let points = path(record, ball);
    let Some(after) = points.iter().position(|p| p.0 >= t) else {
        return points.last().map(|p| p.1);
    };
    let (t1, p1) = points[after];
    let Some(&(t0, p0)) = after.checked_sub(1).map(|i| &points[i]) else {
        return Some(p1);
    };
    let share = if t1 > t0 { (t - t0) / (t1 - t0) } else { 1.0 };
    Some(p0.lerp(p1, share))
}

/// Fill and line colours of a ball in the diagram.
fn colours(ball: BallId, style: BallStyle) -> (&'static str, &'static str) {
    match (ball, style) {
        (BallId::White, _) => ("#ffffff", "#f4f4f4"),
        // The dotted white's path a little warmer, so that the whites' can be told
        // apart; the ball itself white, with its dots.
        (BallId::Dotted, BallStyle::Dotted) => ("#f6f3ea", "#f1d58c"),
        (BallId::Dotted, BallStyle::Yellow) => ("#f3d75a", "#e8c62e"),
        (BallId::Red, _) => ("#d2302c", "#e0403a"),
        (BallId::Red2, _) => ("#e07aa0", "#e07aa0"),
    }
}

/// Height of a caption line, mm in the drawing, its letters', and the most characters
/// a line holds across the drawing (longer lines wrap at a space).
const LINE_MM: f64 = 90.0;
const LETTERS_MM: f64 = 62.0;
const LINE_CHARS: usize = 84;

/// `line` cut at spaces into lines of at most `LINE_CHARS` characters.
fn wrapped(line: &str) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in line.split(' ') {
        let last = lines.last_mut().expect("one line at least");
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > LINE_CHARS {
            lines.push(word.to_owned());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// The stroke of `record` (sampled, see `DIAGRAM_SAMPLE_HZ`) on `table` as an SVG
/// document in millimetres, `+x` (the foot) to the right and `+y` up, with `caption`
/// under the table.
pub fn svg(
    table: &TableGeometry,
    ball_radius: f64,
    record: &ShotRecord,
    cue_ball: Option<BallId>,
    caption: &[String],
    style: BallStyle,
) -> String {
    let mm = |v: f64| v * 1000.0;
    // Table metres to drawing millimetres (y flipped: up in the drawing).
    let to = |p: DVec2| (mm(p.x), -mm(p.y));
    let outer = table.outer_half_extents();
    let (hl, hw) = (table.half_length(), table.half_width());
    let margin = 40.0;
    let (left, top) = (-mm(outer.x) - margin, -mm(outer.y) - margin);
    let width = 2.0 * (mm(outer.x) + margin);
    let caption: Vec<String> = caption.iter().flat_map(|line| wrapped(line)).collect();
    let height = 2.0 * (mm(outer.y) + margin) + LINE_MM * (caption.len() as f64 + 0.5);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.0} {top:.0} {width:.0} {height:.0}" width="{:.0}" height="{:.0}" font-family="sans-serif">"##,
        width / 4.0,
        height / 4.0
    );
    let _ = writeln!(
        out,
        r##"<rect x="{left:.0}" y="{top:.0}" width="{width:.0}" height="{height:.0}" fill="#1d1f24"/>"##
    );
    // Rails, cloth and the cushions' noses.
    let _ = writeln!(
        out,
        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="30" fill="#6b3a1f"/>"##,
        -mm(outer.x),
        -mm(outer.y),
        2.0 * mm(outer.x),
        2.0 * mm(outer.y)
    );
    let cushion = table.cushion_width;
    let _ = writeln!(
        out,
        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#23508c"/>"##,
        -mm(hl + cushion),
        -mm(hw + cushion),
        2.0 * mm(hl + cushion),
        2.0 * mm(hw + cushion)
    );
    let _ = writeln!(
        out,
        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#2f63b0"/>"##,
        -mm(hl),
        -mm(hw),
        2.0 * mm(hl),
        2.0 * mm(hw)
    );
    for d in table.diamonds() {
        let (x, y) = to(d);
        let _ = writeln!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="9" fill="#f2efe6"/>"##
        );
    }
    // Each ball: where it stood (a ring), its path, where it stopped.
    let radius = mm(ball_radius);
    for &ball in record.final_positions.keys() {
        let (fill, line) = colours(ball, style);
        let points = path(record, ball);
        let moved = points.windows(2).any(|w| w[0].1.distance(w[1].1) > 1e-4);
        if moved {
            let width = if Some(ball) == cue_ball { 9.0 } else { 6.0 };
            let list: Vec<String> = points
                .iter()
                .map(|&(_, p)| {
                    let (x, y) = to(p);
                    format!("{x:.1},{y:.1}")
                })
                .collect();
            let _ = writeln!(
                out,
                r##"<polyline points="{}" fill="none" stroke="{line}" stroke-width="{width}" stroke-linejoin="round" stroke-opacity="0.85"/>"##,
                list.join(" ")
            );
        }
        if let Some(&(_, start)) = points.first() {
            let (x, y) = to(start);
            let _ = writeln!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="none" stroke="{fill}" stroke-width="5" stroke-dasharray="12 8"/>"##
            );
        }
    }
    for (&ball, end) in &record.final_positions {
        if !end.on_table {
            continue;
        }
        let (fill, _) = colours(ball, style);
        let (x, y) = to(DVec2::new(end.x, end.y));
        let _ = writeln!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="{fill}" stroke="#111" stroke-width="3"/>"##
        );
        if ball == BallId::Dotted && style == BallStyle::Dotted {
            // Its three dots (rule 2), as seen from above.
            for (dx, dy) in [(0.0, -0.45), (-0.4, 0.25), (0.4, 0.25)] {
                let _ = writeln!(
                    out,
                    r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="#c0201c"/>"##,
                    x + dx * radius,
                    y + dy * radius,
                    0.2 * radius
                );
            }
        }
    }
    // The cue ball's contacts, numbered.
    for (n, contact) in cue_ball
        .map(|ball| cue_ball_contacts(table, record, ball))
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let (x, y) = to(contact.at);
        let _ = writeln!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="40" fill="#111" fill-opacity="0.8" stroke="#ffd75e" stroke-width="5"/><text x="{x:.1}" y="{:.1}" font-size="52" font-weight="bold" text-anchor="middle" fill="#ffd75e">{}</text>"##,
            y + 18.0,
            n + 1
        );
    }
    let caption_top = mm(outer.y) + margin;
    for (i, line) in caption.iter().enumerate() {
        let _ = writeln!(
            out,
            r##"<text x="{:.0}" y="{:.0}" font-size="{LETTERS_MM:.0}" fill="#e8e6df">{}</text>"##,
            -mm(outer.x),
            caption_top + LINE_MM * (i as f64 + 0.8),
            escape(line)
        );
    }
    out += "</svg>\n";
    out
}

/// Text for an SVG text node.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::physics::TableSim;
    use crate::shot::Stroke;

    #[test]
    fn a_ball_is_found_along_its_path_from_its_start_to_where_it_stopped() {
        let config = Config::defaults();
        let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
        let mut sim = TableSim::new(&config, table.clone());
        let start = DVec2::new(-0.5, 0.1);
        sim.place(&[(BallId::White, start)]).unwrap();
        sim.strike(
            &[Stroke::new(BallId::White, 30.0, 2.0)],
            Some(DIAGRAM_SAMPLE_HZ),
        )
        .unwrap();
        let record = sim.run_to_rest();
        let end = record.final_positions[&BallId::White];
        assert_eq!(position_at(&record, BallId::White, 0.0), Some(start));
        let last = position_at(&record, BallId::White, record.duration + 1.0).unwrap();
        assert!(last.distance(DVec2::new(end.x, end.y)) < 1e-9);
        // Between two samples, on the line between them.
        let half = position_at(&record, BallId::White, 0.5 / DIAGRAM_SAMPLE_HZ).unwrap();
        let (a, b) = (
            position_at(&record, BallId::White, 0.0).unwrap(),
            position_at(&record, BallId::White, 1.0 / DIAGRAM_SAMPLE_HZ).unwrap(),
        );
        assert!(half.distance(a.lerp(b, 0.5)) < 1e-12);
        assert_eq!(position_at(&record, BallId::Red, 0.0), None);
    }

    /// How far `p` lies from the polyline through `line`.
    fn off_line(p: DVec2, line: &[DVec2]) -> f64 {
        line.windows(2)
            .map(|w| {
                let (a, b) = (w[0], w[1]);
                let along = ((p - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
                p.distance(a + (b - a) * along)
            })
            .fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn a_drawn_line_keeps_its_ends_and_turns_and_leaves_out_the_straight_samples() {
        let straight: Vec<DVec2> = (0..200).map(|i| DVec2::new(i as f64 * 0.01, 0.2)).collect();
        assert_eq!(
            line_to_draw(straight.clone()),
            vec![straight[0], straight[199]]
        );
        let corner: Vec<DVec2> = (0..50)
            .map(|i| DVec2::new(i as f64 * 0.01, 0.0))
            .chain((1..50).map(|i| DVec2::new(0.49, i as f64 * 0.01)))
            .collect();
        assert_eq!(
            line_to_draw(corner),
            vec![DVec2::ZERO, DVec2::new(0.49, 0.0), DVec2::new(0.49, 0.49)]
        );
        // Straight into a cushion and straight back: the turn stays.
        let back: Vec<DVec2> = (0..=100)
            .map(|i| DVec2::new(1.0 - (i as f64 * 0.02 - 1.0).abs(), 0.0))
            .collect();
        assert_eq!(
            line_to_draw(back),
            vec![
                DVec2::new(0.0, 0.0),
                DVec2::new(1.0, 0.0),
                DVec2::new(0.0, 0.0)
            ]
        );
        // A ball that never moved.
        assert_eq!(line_to_draw([DVec2::ONE; 3]), vec![DVec2::ONE, DVec2::ONE]);
    }

    #[test]
    fn a_drawn_curve_passes_within_a_millimetre_of_every_sample() {
        let arc: Vec<DVec2> = (0..1000)
            .map(|i| DVec2::from_angle(i as f64 * 0.003) * 0.3)
            .collect();
        let line = line_to_draw(arc.clone());
        let worst = arc.iter().map(|&p| off_line(p, &line)).fold(0.0, f64::max);
        println!(
            "an arc of 1000 samples: {} points, {worst:.5} m off at most",
            line.len()
        );
        assert!(worst < 0.001, "{worst}");
        assert!(line.len() < 100, "{}", line.len());
    }
}
