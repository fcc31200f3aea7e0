//! An aim aid: the stroke as set up, played by the real simulation on a copy of the
//! table (`Play::predict`, the code that will play it), drawn as the cue ball's path
//! through its first contacts and the first object ball's to its next contact. The cue
//! ball's cushion arrivals, in diamonds, are kept for the stroke panel. Computed again
//! only when the stroke or the balls change.

use super::Aim;
use crate::diagram::{Contact, Touched, cue_ball_contacts, line_to_draw, path};
use crate::math::DVec2;
use crate::session::Session;
use crate::session::frame::to_bevy;
use crate::shot::{BallId, EventKind, ShotRecord, Stroke};
use bevy::prelude::*;

/// How many of the cue ball's contacts the path goes through: a three-cushion count's
/// ball, three cushions and ball.
const CUE_BALL_CONTACTS: usize = 5;

/// The prediction for the stroke now set up.
#[derive(Resource, Default)]
pub struct Prediction {
    made_for: Option<(Stroke, Vec<(BallId, DVec2)>)>,
    record: Option<ShotRecord>,
    /// The cue ball's first contacts (those drawn).
    pub contacts: Vec<Contact>,
}

/// Plays the stroke as set up on a copy of the table when it or the balls changed.
pub(super) fn predict(aim: Res<Aim>, session: Res<Session>, mut prediction: ResMut<Prediction>) {
    let stroke = aim.stroke(session.cue_ball());
    let balls = session.sim().lay_out();
    let wanted = Some((stroke, balls));
    if prediction.made_for == wanted {
        return;
    }
    let (record, contacts) = predict_drawn(&session, stroke).unzip();
    prediction.contacts = contacts.unwrap_or_default();
    prediction.record = record;
    prediction.made_for = wanted;
}

/// How `stroke` would play, with the cue ball's first contacts (those drawn): its paths
/// sampled only as far as `draw_path` draws them, since sampling the whole stroke to
/// rest took most of a prediction's 0.55 ms.
pub(super) fn predict_drawn(
    session: &Session,
    stroke: Stroke,
) -> Option<(ShotRecord, Vec<Contact>)> {
    let events = session.predict(stroke, None)?;
    let contacts = first_contacts(session, &events, stroke.ball);
    let cue_ball_until = contacts.last().map_or(f64::INFINITY, |c| c.t);
    let until = object_ball_leg(&events, &contacts)
        .map_or(cue_ball_until, |(_, _, next)| next.max(cue_ball_until));
    Some((session.predict(stroke, Some(until))?, contacts))
}

/// The first ball the cue ball hit among `contacts`: that ball, when it was hit, and
/// its next contact (infinite: none before rest).
fn object_ball_leg(record: &ShotRecord, contacts: &[Contact]) -> Option<(BallId, f64, f64)> {
    let (ball, hit) = contacts.iter().find_map(|c| match c.touched {
        Touched::Ball(ball) => Some((ball, c.t)),
        Touched::Cushion { .. } => None,
    })?;
    let next = record
        .events
        .iter()
        .filter(|e| e.t > hit)
        .find(|e| match e.kind {
            EventKind::Cushion { ball: b, .. } => b == ball,
            EventKind::BallBall { a, b, .. } => a == ball || b == ball,
            _ => false,
        })
        .map_or(f64::INFINITY, |e| e.t);
    Some((ball, hit, next))
}

/// Draws the cue ball's predicted path to its last contact shown, with a ring at each,
/// and the first object ball's path from its hit to its next contact.
pub(super) fn draw_prediction(
    prediction: Res<Prediction>,
    session: Res<Session>,
    mut gizmos: Gizmos,
) {
    let (Some(record), Some((stroke, _))) = (&prediction.record, &prediction.made_for) else {
        return;
    };
    let colour = Color::srgba(0.55, 0.95, 1.0, 0.9);
    draw_path(
        &mut gizmos,
        &session,
        record,
        stroke.ball,
        &prediction.contacts,
        colour,
    );
}

/// The cue ball's first contacts in a record of `stroke`, those a drawn path goes
/// through.
fn first_contacts(session: &Session, record: &ShotRecord, ball: BallId) -> Vec<Contact> {
    cue_ball_contacts(session.table(), record, ball)
        .into_iter()
        .take(CUE_BALL_CONTACTS)
        .collect()
}

/// A stroke's path in `colour`: the cue ball's to its last contact in `contacts` (a
/// ring at each), the first object ball's from its hit to its next contact.
pub(super) fn draw_path(
    gizmos: &mut Gizmos,
    session: &Session,
    record: &ShotRecord,
    cue_ball: BallId,
    contacts: &[Contact],
    colour: Color,
) {
    let lift = |p: DVec2| to_bevy(p.extend(session.table().ball_radius * 0.03));
    let until = contacts.last().map_or(f64::INFINITY, |c| c.t);
    let cue_path = path(record, cue_ball);
    gizmos.linestrip(
        line_to_draw(
            cue_path
                .iter()
                .filter(|(t, _)| *t <= until)
                .map(|&(_, p)| p),
        )
        .into_iter()
        .map(lift),
        colour,
    );
    let flat = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
    for contact in contacts {
        gizmos
            .circle(
                Isometry3d::new(lift(contact.at), flat),
                session.table().ball_radius as f32,
                colour,
            )
            .resolution(32);
    }
    if let Some((ball, hit, next)) = object_ball_leg(record, contacts) {
        gizmos.linestrip(
            line_to_draw(
                path(record, ball)
                    .iter()
                    .filter(|(t, _)| *t >= hit && *t <= next)
                    .map(|&(_, p)| p),
            )
            .into_iter()
            .map(lift),
            Color::srgba(1.0, 0.8, 0.3, 0.9),
        );
    }
}
