//! Lines drawn on the cloth for the phases that need them, as a chalk line would be,
//! and small labels beside them that face the camera (`Labels`, shown by the panels'
//! camera at the size of a panel's text): the head string and the two halves in the
//! lag (rule 5) with each ball's distance to the head cushion at the result; the
//! breaker's segment of the head string (rule 7); the spots of jumped balls, those
//! found occupied and the one taken (rules 21, 26); in balkline games the balk lines
//! and the anchor squares; a practice position's area the balls are to stop in; after a
//! stroke, its paths and the cue ball's contacts numbered, its cushions in diamonds
//! (shown or hidden by a key).

use crate::config::Action;
use crate::diagram::{Touched, cue_ball_contacts, line_to_draw, numbered_from_the_foot, path};
use crate::diamond_systems::Sighting;
use crate::diamond_systems::plus::{self, PlusSighting};
use crate::input::Actions;
use crate::math::DVec2;
use crate::play::BallStyle;
use crate::play::LagResult;
use crate::play::positions::{Arrival, Position, SystemNumbers, Target};
use crate::rules::{BalkSpace, LagBall, Side};
use crate::session::frame::to_bevy;
use crate::session::{GameSystems, Phase, Session, Settings, Watching, at_table};
use crate::shot::{BallId, Cushion, EventKind};
use crate::table::TableGeometry;
use crate::words::words;
use bevy::prelude::*;
use std::f32::consts::FRAC_PI_2;

/// The cloth's own gizmos: thicker lines than the aim line's.
#[derive(Default, Reflect, GizmoConfigGroup)]
pub struct ClothGizmos;

/// The chalk lines of the balkline games: thin, as chalk is.
#[derive(Default, Reflect, GizmoConfigGroup)]
struct ChalkGizmos;

/// The labels of this frame's markings. Drawn again every frame, as the lines are.
#[derive(Resource, Default)]
pub struct Labels(pub Vec<Label>);

/// A label beside a point of the table.
pub struct Label {
    /// The point it names, Bevy frame.
    pub at: Vec3,
    /// How far round the point the label keeps clear, m: a ball's radius where it
    /// names a ball (beside it on screen however large the ball is drawn), else 0.
    pub clear_of: f32,
    pub words: String,
    pub colour: Color,
}

pub(super) fn plugin(app: &mut App) {
    app.init_gizmo_group::<ClothGizmos>();
    app.init_gizmo_group::<ChalkGizmos>();
    app.init_resource::<ShowTrails>();
    app.init_resource::<Labels>();
    app.add_systems(
        Update,
        (|mut labels: ResMut<Labels>| labels.0.clear()).before(GameSystems::Present),
    );
    app.add_systems(Startup, |mut store: ResMut<GizmoConfigStore>| {
        let (config, _) = store.config_mut::<ClothGizmos>();
        config.line.width = 3.0;
        let (config, _) = store.config_mut::<ChalkGizmos>();
        config.line.width = 1.5;
    });
    let lagging = in_state(Phase::Lag)
        .or_else(in_state(Phase::LagRolling))
        .or_else(in_state(Phase::LagResult));
    app.add_systems(
        Update,
        (
            draw_lag_lines.run_if(lagging),
            draw_lag_distances.run_if(in_state(Phase::LagResult)),
            draw_break_segment.run_if(in_state(Phase::BreakSetup).and_then(breaker_on_head_string)),
            draw_spots.run_if(in_state(Phase::Spotting)),
            draw_balk_lines,
            draw_system_numbers,
            draw_target_area,
            (show_trails_for_the_phase, toggle_trails).chain(),
            // A replay draws the stroke's paths as they grow, in their place.
            draw_last_stroke
                .run_if(|trails: Res<ShowTrails>, watching: Res<Watching>| trails.0 && !watching.0),
        )
            .run_if(at_table)
            .in_set(GameSystems::Present),
    );
}

const LINE: Color = Color::srgba(0.95, 0.95, 0.95, 0.75);
const HIGHLIGHT: Color = Color::srgb(1.0, 0.85, 0.3);
const OCCUPIED: Color = Color::srgb(1.0, 0.3, 0.25);
const TAKEN: Color = Color::srgb(0.4, 1.0, 0.45);

/// A point of the cloth, a little above it so that lines are not lost in it.
fn on_cloth(p: DVec2) -> Vec3 {
    to_bevy(p.extend(0.0015))
}

/// Lying flat on the cloth.
fn flat() -> Quat {
    Quat::from_rotation_x(FRAC_PI_2)
}

/// A label beside the point `at` of the cloth.
fn write(labels: &mut Labels, at: DVec2, words: impl Into<String>, colour: Color) {
    labels.0.push(Label {
        at: on_cloth(at),
        clear_of: 0.0,
        words: words.into(),
        colour,
    });
}

fn ring(gizmos: &mut Gizmos<ClothGizmos>, at: DVec2, radius: f64, colour: Color) {
    gizmos
        .circle(Isometry3d::new(on_cloth(at), flat()), radius as f32, colour)
        .resolution(40);
}

/// Rule 5: the head string, the long axis dividing the halves, each half named, and
/// the area of the player at the table.
fn draw_lag_lines(
    session: Res<Session>,
    phase: Res<State<Phase>>,
    mut gizmos: Gizmos<ClothGizmos>,
    mut labels: ResMut<Labels>,
) {
    let table = session.table();
    let (hl, hw) = (table.half_length(), table.half_width());
    let hx = table.head_string_x();
    gizmos.line(
        on_cloth(DVec2::new(hx, -hw)),
        on_cloth(DVec2::new(hx, hw)),
        LINE,
    );
    gizmos.line(
        on_cloth(DVec2::new(-hl, 0.0)),
        on_cloth(DVec2::new(hl, 0.0)),
        LINE,
    );
    write(
        &mut labels,
        DVec2::new(hx, -hw * 0.8),
        words().head_string(),
        LINE,
    );
    let Some(lag) = session.lag() else {
        return;
    };
    let turn = lag.turn_index();
    for (i, lagger) in lag.setups.iter().enumerate() {
        let sign = match lagger.side {
            Side::Left => 1.0,
            Side::Right => -1.0,
        };
        let name = words().seat(&session.seat(lagger.player));
        if **phase != Phase::Lag {
            // The result writes each ball's distance where a ball may stop.
            continue;
        }
        let half = DVec2::new(0.3 * hl, sign * hw / 2.0);
        write(&mut labels, half, words().half_of(&name), LINE);
        if turn == Some(i) {
            // Behind the head string, on this player's side.
            let corners = [
                DVec2::new(-hl, 0.0),
                DVec2::new(hx, 0.0),
                DVec2::new(hx, sign * hw),
                DVec2::new(-hl, sign * hw),
                DVec2::new(-hl, 0.0),
            ];
            gizmos.linestrip(corners.map(on_cloth), HIGHLIGHT);
        }
    }
}

/// Each lag ball's distance to the head cushion, measured along the table.
fn draw_lag_distances(
    session: Res<Session>,
    mut gizmos: Gizmos<ClothGizmos>,
    mut labels: ResMut<Labels>,
) {
    let table = session.table();
    let balls: Vec<&LagBall> = match session.lag().and_then(|lag| lag.result.as_ref()) {
        Some(LagResult::Match(verdict)) => verdict.balls.iter().collect(),
        Some(LagResult::Training(ball)) => vec![ball],
        None => return,
    };
    for ball in balls {
        let (Some(distance_mm), Some(k)) = (ball.distance_mm, session.ball(ball.ball)) else {
            continue;
        };
        let at = k.pos.truncate();
        let nose = DVec2::new(-table.half_length(), at.y);
        gizmos
            .arrow(on_cloth(at), on_cloth(nose), HIGHLIGHT)
            .with_tip_length(0.06);
        labels.0.push(Label {
            at: to_bevy(k.pos),
            clear_of: table.ball_radius as f32,
            words: words().millimetres(distance_mm),
            colour: HIGHLIGHT,
        });
    }
}

/// How long a stroke of the chalk is, m.
const CHALK_STROKE: f64 = 0.008;

/// A chalk line from `a` to `b` on the cloth: short strokes, some fainter than others,
/// as chalk leaves the cloth (the same every frame).
fn chalk_line(gizmos: &mut Gizmos<ChalkGizmos>, a: DVec2, b: DVec2) {
    let strokes = ((b - a).length() / CHALK_STROKE).ceil().max(1.0) as u32;
    let seed = (a.x * 1000.0) as i64 as u32 ^ ((a.y * 1000.0) as i64 as u32).rotate_left(16);
    for i in 0..strokes {
        let grain = chalk_grain(seed.wrapping_add(i));
        let from = a.lerp(b, f64::from(i) / f64::from(strokes));
        let to = a.lerp(b, f64::from(i + 1) / f64::from(strokes));
        let alpha = 0.35 + 0.35 * grain;
        gizmos.line(
            on_cloth(from),
            on_cloth(to),
            Color::srgba(0.93, 0.94, 0.96, alpha),
        );
    }
}

/// A number in 0..1 that looks random for each `n` (an integer hash).
fn chalk_grain(n: u32) -> f32 {
    let mut x = n.wrapping_mul(0x9E37_79B9);
    x ^= x >> 15;
    x = x.wrapping_mul(0x85EB_CA6B);
    x ^= x >> 13;
    (x & 0xFFFF) as f32 / 65535.0
}

/// Balkline games: the balk lines from cushion to cushion and the anchor squares where
/// they meet the cushions, in chalk as on a balkline table.
fn draw_balk_lines(session: Res<Session>, mut gizmos: Gizmos<ChalkGizmos>) {
    let Some(referee) = session.referee() else {
        return;
    };
    let Some(rule) = referee.game().balk else {
        return;
    };
    let table = referee.table();
    let (hl, hw) = (table.half_length(), table.half_width());
    let (across, along) = BalkSpace::lines(table, &rule);
    for x in across {
        chalk_line(&mut gizmos, DVec2::new(x, -hw), DVec2::new(x, hw));
    }
    for y in along {
        chalk_line(&mut gizmos, DVec2::new(-hl, y), DVec2::new(hl, y));
    }
    for (lo, hi) in BalkSpace::anchor_squares(table, &rule) {
        let corners = [
            DVec2::new(lo.x, lo.y),
            DVec2::new(hi.x, lo.y),
            DVec2::new(hi.x, hi.y),
            DVec2::new(lo.x, hi.y),
        ];
        for k in 0..4 {
            chalk_line(&mut gizmos, corners[k], corners[(k + 1) % 4]);
        }
    }
}

/// The game lets the breaker move their ball along the head string (not four-ball).
fn breaker_on_head_string(session: Option<Res<Session>>) -> bool {
    session.is_some_and(|s| s.can_move_ball())
}

/// Rule 7: where on the head string the breaker's ball may stand.
fn draw_break_segment(session: Res<Session>, mut gizmos: Gizmos<ClothGizmos>) {
    let table = session.table();
    let hx = table.head_string_x();
    let hw = table.half_width();
    let reach = table.break_offset;
    let r = table.ball_radius;
    gizmos.line(
        on_cloth(DVec2::new(hx, -hw)),
        on_cloth(DVec2::new(hx, hw)),
        LINE,
    );
    gizmos.line(
        on_cloth(DVec2::new(hx, -reach)),
        on_cloth(DVec2::new(hx, reach)),
        HIGHLIGHT,
    );
    // The slot the ball moves in: its centre on the segment, its edge inside the outline.
    let slot = [
        DVec2::new(hx - r, -reach - r),
        DVec2::new(hx + r, -reach - r),
        DVec2::new(hx + r, reach + r),
        DVec2::new(hx - r, reach + r),
        DVec2::new(hx - r, -reach - r),
    ];
    gizmos.linestrip(slot.map(on_cloth), HIGHLIGHT);
}

/// Rules 21 and 26: for each jumped ball, the spots tried in order and found occupied
/// (ringed in red, crossed out) and the place it goes (ringed twice in green), each
/// numbered in the order tried.
fn draw_spots(
    session: Res<Session>,
    settings: Res<Settings>,
    mut gizmos: Gizmos<ClothGizmos>,
    mut labels: ResMut<Labels>,
) {
    let Some(verdict) = session.last_verdict() else {
        return;
    };
    let table: &TableGeometry = session.table();
    let r = table.ball_radius;
    // Labels stand before the spot, seen from the head end, clear of a ball on it.
    let label_at = |at: DVec2| at + DVec2::new(-3.0 * r, 0.0);
    for placement in &verdict.spot {
        for (i, spot) in placement.occupied.iter().enumerate() {
            let at = table.spot(*spot);
            ring(&mut gizmos, at, r * 1.5, OCCUPIED);
            let d = r * 1.05;
            for (from, to) in [
                (DVec2::new(-d, -d), DVec2::new(d, d)),
                (DVec2::new(-d, d), DVec2::new(d, -d)),
            ] {
                gizmos.line(on_cloth(at + from), on_cloth(at + to), OCCUPIED);
            }
            write(
                &mut labels,
                label_at(at),
                words().spot_occupied(i + 1, *spot),
                OCCUPIED,
            );
        }
        ring(&mut gizmos, placement.position, r * 1.2, TAKEN);
        ring(&mut gizmos, placement.position, r * 1.6, TAKEN);
        write(
            &mut labels,
            label_at(placement.position),
            words().spot_here(
                placement.occupied.len() + 1,
                // All three spots taken: the nearest free point on the long axis.
                (placement.occupied.len() < 3).then_some(placement.spot),
                &words().ball(placement.ball, settings.ball_style),
            ),
            TAKEN,
        );
    }
}

/// Whether the last stroke's paths and contacts are drawn on the cloth: they belong to
/// its verdict (or the lag's result) and go with it; at the table afterwards, the
/// toggle key brings them back until the phase changes.
#[derive(Resource, Default)]
struct ShowTrails(bool);

fn show_trails_for_the_phase(phase: Res<State<Phase>>, mut trails: ResMut<ShowTrails>) {
    if phase.is_changed() {
        trails.0 = matches!(**phase, Phase::Verdict | Phase::Spotting | Phase::LagResult);
    }
}

fn toggle_trails(actions: Res<Actions>, mut trails: ResMut<ShowTrails>) {
    if actions.just_pressed(Action::ToggleTrails) {
        trails.0 = !trails.0;
    }
}

/// The colour of a ball's path: its own, the dotted white's a little warmer so that
/// the two whites' paths can be told apart.
fn trail_colour(ball: BallId, style: BallStyle) -> Color {
    let colour = match (ball, style) {
        (BallId::Dotted, BallStyle::Dotted) => Color::srgb(1.0, 0.85, 0.45),
        _ => super::balls::ball_colour(ball, style),
    };
    colour.with_alpha(0.8)
}

/// The last stroke: each ball's path, and the cue ball's contacts numbered in order,
/// each cushion contact with its place in diamonds.
fn draw_last_stroke(
    session: Res<Session>,
    settings: Res<Settings>,
    mut gizmos: Gizmos<ClothGizmos>,
    mut labels: ResMut<Labels>,
) {
    let Some(record) = session.last_stroke() else {
        return;
    };
    let style = settings.ball_style;
    for &ball in record.trajectories.keys() {
        let points = line_to_draw(path(record, ball).into_iter().map(|(_, p)| p));
        gizmos.linestrip(points.into_iter().map(on_cloth), trail_colour(ball, style));
    }
    let Some(EventKind::Strike { ball: cue_ball, .. }) = record.strike().map(|e| &e.kind) else {
        return;
    };
    let mut contacts = cue_ball_contacts(session.table(), record, *cue_ball);
    if session.practice().and_then(|p| p.systems_trainer()) == Some(SystemNumbers::CornerFive) {
        numbered_from_the_foot(session.table(), &mut contacts);
    }
    for (n, contact) in contacts.iter().enumerate() {
        ring(&mut gizmos, contact.at, 0.035, HIGHLIGHT);
        let label = match contact.touched {
            Touched::Cushion { diamond, .. } => words().contact_at_diamond(n + 1, diamond),
            Touched::Ball(_) => format!("{}", n + 1),
        };
        // Toward the middle of the table, off the cushion.
        let inward = -contact.at.signum() * DVec2::new(0.07, 0.05);
        write(&mut labels, contact.at + inward, label, HIGHLIGHT);
    }
}

/// A practice position that asks the balls to stop in an area: the area's outline.
fn draw_target_area(session: Res<Session>, mut gizmos: Gizmos<ClothGizmos>) {
    let Some(position) = session.practice().and_then(|p| p.position()) else {
        return;
    };
    let Target::ScoreAndLeave(area) = position.target else {
        return;
    };
    let (min, max) = (DVec2::from(area.min), DVec2::from(area.max));
    let corners = [
        min,
        DVec2::new(max.x, min.y),
        max,
        DVec2::new(min.x, max.y),
        min,
    ];
    gizmos.linestrip(corners.map(on_cloth), TAKEN);
}

/// The systems trainer (a practice position with an arrival target): the system's
/// numbers beside the rails' diamonds, the system's line from the cue ball's start
/// through its first-rail aim with the sum that gives it, and the target arrival.
fn draw_system_numbers(
    session: Res<Session>,
    mut gizmos: Gizmos<ClothGizmos>,
    mut labels: ResMut<Labels>,
) {
    let Some(position) = session.practice().and_then(|p| p.position()) else {
        return;
    };
    let Target::Arrive(arrival) = position.target else {
        return;
    };
    let table = session.table();
    match arrival.numbers {
        SystemNumbers::CornerFive => {
            corner_five_numbers(table, position, arrival, &mut gizmos, &mut labels)
        }
        SystemNumbers::Plus => plus_numbers(table, position, arrival, &mut gizmos, &mut labels),
    }
}

/// Colours of a system's numbers: the aims (first rail), the origins and arrivals.
const AIM_COLOUR: Color = Color::srgb(1.0, 0.85, 0.3);
const ORIGIN_COLOUR: Color = Color::srgb(0.6, 0.85, 1.0);

/// A system's point on the rail's top, circled.
fn mark(gizmos: &mut Gizmos<ClothGizmos>, table: &TableGeometry, p: DVec2, colour: Color) {
    let on_rail = to_bevy(p.extend(table.rail_height + 0.001));
    gizmos
        .circle(Isometry3d::new(on_rail, flat()), 0.02, colour)
        .resolution(24);
}

/// The corner-five numbers (origins on the right and head rails, aims on the left,
/// arrivals on the right, written "arrival / origin").
fn corner_five_numbers(
    table: &TableGeometry,
    position: &Position,
    arrival: Arrival,
    gizmos: &mut Gizmos<ClothGizmos>,
    labels: &mut Labels,
) {
    let sight = Sighting::new(table);
    let number = |v: f64| words().number(v);
    for k in 0..=table.long_intervals {
        let k = f64::from(k);
        write(
            labels,
            sight.long_rail(Cushion::Left, k),
            number(k),
            AIM_COLOUR,
        );
        let right = sight.long_rail(Cushion::Right, k);
        let origin = k / 2.0 + 1.0;
        let text = if k <= 7.0 {
            format!("{} / {}", number(k), number(origin))
        } else {
            number(origin)
        };
        write(labels, right, text, ORIGIN_COLOUR);
    }
    for origin in [6.0, 7.0, 8.0] {
        let at = sight.corner_five_origin(origin);
        write(labels, at, number(origin), ORIGIN_COLOUR);
    }
    // The system's line: the position's stroke from where its cue ball lies, back to
    // its origin and on to its aim, with the subtraction that gives the aim.
    let cue = position.balls.iter().find(|b| b.ball == position.cue_ball);
    if let (Some(cue), Some(stroke)) = (cue, position.stroke) {
        let from = DVec2::new(cue.x, cue.y);
        let along = DVec2::from_angle(stroke.direction_deg.to_radians());
        let origin = sight.corner_five_number(from, from - along);
        let aim = sight.left_rail_crossing(from, from + along);
        if let (Some(origin), Some(aim)) = (origin, aim) {
            let aim_at = sight.long_rail(Cushion::Left, aim);
            let origin_at = sight.corner_five_origin(origin);
            mark(gizmos, table, origin_at, HIGHLIGHT);
            mark(gizmos, table, aim_at, HIGHLIGHT);
            gizmos.line(on_cloth(origin_at), on_cloth(aim_at), HIGHLIGHT);
            let sum = format!(
                "{} - {} = {}",
                number((origin * 10.0).round() / 10.0),
                number(arrival.system_number()),
                number((aim * 10.0).round() / 10.0)
            );
            write(labels, aim_at - DVec2::new(0.0, 0.12), sum, HIGHLIGHT);
        }
    }
    mark(
        gizmos,
        table,
        sight.long_rail(Cushion::Right, arrival.diamond),
        TAKEN,
    );
}

/// The plus system's numbers (starts and arrivals along the near long rail and the far
/// short rail, the first table's first-rail numbers on the other short rail).
fn plus_numbers(
    table: &TableGeometry,
    position: &Position,
    arrival: Arrival,
    gizmos: &mut Gizmos<ClothGizmos>,
    labels: &mut Labels,
) {
    let sight = PlusSighting::new(table);
    let number = |v: f64| words().number(v);
    let numbering = plus::FirstRail::Table1;
    let rails = (2..=8)
        .map(|x| f64::from(x) * 10.0)
        .chain([90.0, 110.0, 130.0, 150.0]);
    for n in rails {
        if let Some(at) = sight.arrival_point(n) {
            write(labels, at, number(n), ORIGIN_COLOUR);
        }
    }
    for n in [0.0, 10.0, 20.0, 35.0, 50.0] {
        if let Some(at) = sight.first_rail(numbering, n) {
            write(labels, at, number(n), AIM_COLOUR);
        }
    }
    let cue = position.balls.iter().find(|b| b.ball == position.cue_ball);
    if let (Some(cue), Some(stroke)) = (cue, position.stroke) {
        let from = DVec2::new(cue.x, cue.y);
        let along = DVec2::from_angle(stroke.direction_deg.to_radians());
        let start = sight.arrival_number(from, from - along);
        let first = sight.first_rail_number(numbering, from, from + along);
        if let (Some(start), Some(first)) = (start, first) {
            let start_at = sight.arrival_point(start.round());
            let first_at = sight.first_rail(numbering, first);
            if let (Some(start_at), Some(first_at)) = (start_at, first_at) {
                mark(gizmos, table, start_at, HIGHLIGHT);
                mark(gizmos, table, first_at, HIGHLIGHT);
                gizmos.line(on_cloth(start_at), on_cloth(first_at), HIGHLIGHT);
                let sum = format!(
                    "{} + {} = {}",
                    number(start.round()),
                    number(first.round()),
                    number(arrival.system_number())
                );
                write(labels, first_at + DVec2::new(0.2, 0.0), sum, HIGHLIGHT);
            }
        }
    }
    if let Some(target) = sight.arrival_point(arrival.diamond) {
        mark(gizmos, table, target, TAKEN);
    }
}
