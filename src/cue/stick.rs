//! What the player aims with: the cue stick behind the cue ball (drawn back with the
//! power, along the elevation, at the tip offset) and the aim line to the first contact.

use super::Aim;
use super::prediction::{Prediction, draw_prediction, predict};
use crate::game::frame::to_bevy;
use crate::game::{GameConfig, GameSystems, Preferences, Screen, Session, at_table};
use crate::math::DVec2;
use crate::play::Mode;
use crate::table::aim::{Target, first_contact};
use bevy::prelude::*;
use std::f32::consts::FRAC_PI_2;

#[derive(Component)]
struct CueStick;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Prediction>();
    app.add_systems(OnEnter(Screen::Table), spawn_stick);
    let path_wanted = aiming
        .and_then(aim_aids_wanted)
        .and_then(|p: Res<Preferences>| p.predicted_path);
    app.add_systems(
        Update,
        (
            place_stick,
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
    session.is_some_and(|s| match s.settings().mode {
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

fn spawn_stick(
    mut commands: Commands,
    config: Res<GameConfig>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let cue = &config.0.cue;
    let length = (cue.length_mm / 1000.0) as f32;
    // A frustum along its local +y; its top is the tip.
    let mesh = meshes.add(ConicalFrustum {
        radius_top: (cue.tip_radius_mm / 1000.0) as f32,
        radius_bottom: (cue.butt_radius_mm / 1000.0) as f32,
        height: length,
    });
    commands.spawn((
        Name::new("Cue stick"),
        CueStick,
        Mesh3d(mesh),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.72, 0.55, 0.33),
            perceptual_roughness: 0.4,
            ..default()
        })),
        Transform::default(),
        Visibility::Hidden,
        DespawnOnExit(Screen::Table),
    ));
}

/// Shown only while the balls are at rest: the tip a little behind the contact point,
/// further back the harder the stroke.
fn place_stick(
    aim: Res<Aim>,
    config: Res<GameConfig>,
    session: Res<Session>,
    mut stick: Single<(&mut Transform, &mut Visibility), With<CueStick>>,
) {
    let (transform, visibility) = &mut *stick;
    let cue_ball = session.cue_ball();
    let ball = session
        .can_strike()
        .then(|| session.ball(cue_ball))
        .flatten();
    let Some(ball) = ball else {
        **visibility = Visibility::Hidden;
        return;
    };
    let stroke = aim.stroke(cue_ball);
    let r = config.0.balls.radius();
    let axis = to_bevy(stroke.cue_axis());
    let tip = to_bevy(ball.pos + stroke.contact_point(r));
    let draw_back = 0.01 + 0.02 * aim.speed as f32;
    let length = (config.0.cue.length_mm / 1000.0) as f32;
    let centre = tip - axis * (draw_back + length / 2.0);
    transform.translation = centre;
    transform.rotation = Quat::from_rotation_arc(Vec3::Y, axis);
    **visibility = Visibility::Inherited;
}

/// A line from the cue ball to where it would first touch something, the ball there,
/// and the object ball's way off along the line of centres.
fn draw_aim_line(aim: Res<Aim>, session: Res<Session>, mut gizmos: Gizmos) {
    let table = session.table();
    let cue_ball = session.cue_ball();
    let balls: Vec<_> = session.sim().ball_states().collect();
    let Some((_, cue)) = balls.iter().find(|(id, _)| *id == cue_ball) else {
        return;
    };
    let others: Vec<_> = balls
        .iter()
        .filter(|(id, _)| *id != cue_ball)
        .map(|(id, k)| (*id, k.pos.truncate()))
        .collect();
    let direction = DVec2::from_angle(aim.direction_deg.to_radians());
    let from = cue.pos.truncate();
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
        && let Some((_, k)) = balls.iter().find(|(b, _)| *b == id)
    {
        let object = k.pos.truncate();
        let away = (object - hit.centre).normalize() * 0.25;
        gizmos.line(
            lift(object),
            lift(object + away),
            Color::srgba(1.0, 0.8, 0.3, 0.8),
        );
    }
}
