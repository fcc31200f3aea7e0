//! What the player aims with: the cue stick behind the cue ball (drawn back with the
//! power, along the elevation, at the tip offset; swung through the stroke when it is
//! played) and the aim line to the first contact. The stick keeps the real clock
//! (`Time<Real>`), as the balls do.

use super::Aim;
use super::model::{SEGMENTS, mesh, palette, profile};
use super::prediction::{Prediction, draw_prediction, predict};
use super::swing::{Swing, draw_back_room, follow_through_room};
use crate::math::{DVec2, DVec3};
use crate::play::{Command, Event, Mode, PlayCommand};
use crate::session::frame::to_bevy;
use crate::session::{
    GameConfig, GameSystems, PlayEvent, PlayerCommand, Preferences, Screen, Session,
    SwingToContact, at_table,
};
use crate::shot::{BallId, ShotEvent, Stroke};
use crate::table::aim::{Target, draw_back, first_contact};
use bevy::prelude::*;
use std::collections::HashMap;
use std::f32::consts::FRAC_PI_2;
/// The cue's wood, leather and wrap: its bands' palette, a texture along the stick, for
/// the view to dress it with (`view::stick`).
#[derive(Component)]
pub struct CueColours(pub Handle<Image>);

/// The cue stick: where it last stood at the player's aim, and the stroke it is
/// playing.
#[derive(Component, Default)]
struct CueStick {
    aimed: Option<Aimed>,
    played: Option<Played>,
}

/// The stick at the aim: the ball it is behind, that ball's centre (table frame, m)
/// and how far it is drawn back, m.
#[derive(Clone, Copy)]
struct Aimed {
    ball: BallId,
    centre: DVec3,
    draw_back: f64,
}

/// A stroke being played: where the tip met the ball and along which axis (table
/// frame), its motion, and when it began (real clock, s).
struct Played {
    contact: DVec3,
    axis: DVec3,
    swing: Swing,
    started_s: f64,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Prediction>();
    app.add_systems(OnEnter(Screen::Table), spawn_stick);
    let path_wanted = aiming
        .and_then(aim_aids_wanted)
        .and_then(|p: Res<Preferences>| p.predicted_path);
    app.add_systems(
        Update,
        (
            (swing_when_struck, place_stick).chain(),
            draw_aim_line.run_if(aiming.and_then(aim_aids_wanted)),
            (predict, draw_prediction)
                .chain()
                .run_if(path_wanted.clone()),
            forget_prediction.run_if(not(path_wanted)),
        )
            .run_if(at_table)
            .in_set(GameSystems::Present),
    );
}

/// Whether the player wants the aim line here: in practice and lag training as the
/// settings say, in a match only when the settings allow aids in matches.
fn aim_aids_wanted(session: Option<Res<Session>>, preferences: Res<Preferences>) -> bool {
    session.is_some_and(|s| match s.mode() {
        Mode::Match => preferences.aim_aids_in_matches,
        Mode::Practice | Mode::LagTraining => preferences.aim_aids,
    })
}

/// No prediction is kept while none is shown (the stroke panel lists its contacts).
fn forget_prediction(mut prediction: ResMut<Prediction>) {
    if !prediction.contacts.is_empty() {
        *prediction = Prediction::default();
    }
}

/// Whether the player at the table is aiming now.
fn aiming(session: Option<Res<Session>>) -> bool {
    session.is_some_and(|s| s.can_strike())
}

/// A modelled cue (`model`) whose tip's face is at its origin, pointing along its +y.
fn spawn_stick(
    mut commands: Commands,
    config: Res<GameConfig>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut images: ResMut<Assets<Image>>,
) {
    let rings = profile(&config.0.cue);
    let mesh = meshes.add(mesh(&rings, SEGMENTS));
    commands.spawn((
        Name::new("Cue stick"),
        CueStick::default(),
        Mesh3d(mesh),
        CueColours(images.add(palette(&rings))),
        Transform::default(),
        Visibility::Hidden,
        DespawnOnExit(Screen::Table),
    ));
}

/// When the stroke the stick stood behind is played (the strike's event), the stick
/// swings through it, and the balls wait for its forward swing: the strokes sent are
/// read for their follow-through.
fn swing_when_struck(
    mut sent: MessageReader<PlayerCommand>,
    mut events: MessageReader<PlayEvent>,
    mut strokes: Local<HashMap<BallId, Stroke>>,
    time: Res<Time<Real>>,
    config: Res<GameConfig>,
    session: Res<Session>,
    mut to_contact: ResMut<SwingToContact>,
    mut stick: Single<&mut CueStick>,
) {
    for PlayerCommand(command) in sent.read() {
        if let PlayCommand::Table(Command::Strike(stroke) | Command::LagReady(stroke)) = command {
            strokes.insert(stroke.ball, *stroke);
        }
    }
    for PlayEvent(event) in events.read() {
        let Event::Shot(ShotEvent { kind, .. }) = event else {
            continue;
        };
        let Some(from_event) = kind.struck() else {
            continue;
        };
        let ball = &from_event.ball;
        let aimed = stick.aimed.filter(|a| a.ball == *ball);
        if stick.aimed.is_some() && aimed.is_none() {
            // The lag's other ball: the stick was behind this player's.
            continue;
        }
        let same = |s: &&Stroke| {
            (s.direction_deg, s.side, s.height, s.elevation_deg)
                == (
                    from_event.direction_deg,
                    from_event.side,
                    from_event.height,
                    from_event.elevation_deg,
                )
        };
        let stroke = strokes
            .get(ball)
            .filter(same)
            .copied()
            .unwrap_or(from_event);
        let Some(centre) = aimed
            .map(|a| a.centre)
            .or_else(|| session.ball(*ball).map(|k| k.pos))
        else {
            continue;
        };
        let r = session.table().ball_radius;
        let contact = centre + stroke.contact_point(r);
        let axis = stroke.cue_axis();
        let others: Vec<DVec3> = session
            .sim()
            .ball_states()
            .filter(|(id, _)| id != ball)
            .map(|(_, k)| k.pos)
            .collect();
        let cue = &config.0.cue;
        let room = follow_through_room(
            session.table(),
            contact,
            axis,
            cue.tip_radius_mm / 1000.0,
            &others,
        );
        let back = aimed.map_or_else(|| draw_back(stroke.speed), |a| a.draw_back);
        let swing = Swing::new(cue, config.0.balls.mass(), &stroke, back, room);
        to_contact.0 = swing.forward_s();
        stick.played = Some(Played {
            contact,
            axis,
            swing,
            started_s: time.elapsed_secs_f64(),
        });
    }
}

/// While the balls are at rest, behind the cue ball: the tip a little behind the
/// contact point, further back the harder the stroke (as far as the rail and the
/// balls behind let it); through a stroke, where its swing has it; else hidden.
fn place_stick(
    aim: Res<Aim>,
    config: Res<GameConfig>,
    session: Res<Session>,
    time: Res<Time<Real>>,
    mut room: Local<Option<(Stroke, DVec2, Vec<DVec2>, f64)>>,
    mut stick: Single<(&mut CueStick, &mut Transform, &mut Visibility)>,
) {
    let (stick, transform, visibility) = &mut *stick;
    let mut pose = |tip: DVec3, axis: DVec3| {
        let axis = to_bevy(axis).normalize();
        transform.translation = to_bevy(tip);
        transform.rotation = Quat::from_rotation_arc(Vec3::Y, axis);
        **visibility = Visibility::Inherited;
    };
    if let Some(played) = &stick.played {
        let t = time.elapsed_secs_f64() - played.started_s;
        if !played.swing.is_over(t) {
            pose(
                played.contact + played.axis * played.swing.ahead(t),
                played.axis,
            );
            return;
        }
        stick.played = None;
    }
    let cue_ball = session.cue_ball();
    let ball = session
        .can_strike()
        .then(|| session.ball(cue_ball))
        .flatten();
    let Some(ball) = ball else {
        stick.aimed = None;
        **visibility = Visibility::Hidden;
        return;
    };
    let stroke = aim.stroke(cue_ball);
    let r = config.0.balls.radius();
    let centre = ball.pos.truncate();
    let others = session.sim().others_than(cue_ball);
    // The room behind is worked out again only when the aim or the balls change.
    let fresh = room
        .as_ref()
        .is_some_and(|(s, c, o, _)| *s == stroke && *c == centre && *o == others);
    if !fresh {
        let back = draw_back_room(
            session.table(),
            &config.0.cue,
            centre,
            &stroke,
            &others,
            draw_back(aim.speed),
        );
        *room = Some((stroke, centre, others, back));
    }
    let back = room.as_ref().map_or(0.0, |(.., back)| *back);
    let axis = stroke.cue_axis();
    pose(ball.pos + stroke.contact_point(r) - axis * back, axis);
    stick.aimed = Some(Aimed {
        ball: cue_ball,
        centre: ball.pos,
        draw_back: back,
    });
}

/// A line from the cue ball to where it would first touch something, the ball there,
/// and the object ball's way off along the line of centres.
fn draw_aim_line(aim: Res<Aim>, session: Res<Session>, mut gizmos: Gizmos) {
    let table = session.table();
    let cue_ball = session.cue_ball();
    let (cues, others): (Vec<_>, Vec<_>) = session
        .sim()
        .lay_out()
        .into_iter()
        .partition(|(id, _)| *id == cue_ball);
    let Some(&(_, from)) = cues.first() else {
        return;
    };
    let direction = DVec2::from_angle(aim.direction_deg.to_radians());
    let hit = first_contact(table, from, direction, &others);
    let lift = |p: DVec2| to_bevy(p.extend(table.ball_radius * 0.02));
    let colour = Color::srgba(1.0, 1.0, 1.0, 0.8);
    gizmos.line(lift(from), lift(hit.centre), colour);
    let flat = Quat::from_rotation_x(FRAC_PI_2);
    gizmos
        .circle(
            Isometry3d::new(lift(hit.centre), flat),
            table.ball_radius as f32,
            colour,
        )
        .resolution(48);
    if let Target::Ball(id) = hit.target
        && let Some(&(_, object)) = others.iter().find(|(b, _)| *b == id)
    {
        let away = (object - hit.centre).normalize() * 0.25;
        gizmos.line(
            lift(object),
            lift(object + away),
            Color::srgba(1.0, 0.8, 0.3, 0.8),
        );
    }
}
