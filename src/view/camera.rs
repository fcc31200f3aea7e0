//! The camera orbits the table's centre: drag with the orbit button to turn it, the
//! mouse wheel to come closer or go back. It moves in `PostUpdate` (STYLE 5).

use crate::config::Action;
use crate::game::GameConfig;
use crate::input::Actions;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;

/// Where the camera is: angles around the table's centre and distance from it.
#[derive(Component, Clone, Copy, Debug)]
pub struct Orbit {
    /// Around the vertical, radians; 0 looks from the head end along the table.
    pub yaw: f32,
    /// Above the horizontal, radians.
    pub pitch: f32,
    pub distance: f32,
}

const PITCH_RANGE: (f32, f32) = (0.15, 1.55);
const DISTANCE_RANGE: (f32, f32) = (0.8, 7.0);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
    app.add_systems(PostUpdate, orbit.before(TransformSystems::Propagate));
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("Camera"),
        Camera3d::default(),
        Orbit {
            yaw: 0.0,
            pitch: 0.62,
            distance: 3.6,
        },
        Transform::default(),
    ));
}

fn orbit(
    actions: Res<Actions>,
    scroll: Res<AccumulatedMouseScroll>,
    config: Res<GameConfig>,
    mut camera: Single<(&mut Orbit, &mut Transform)>,
) {
    let (orbit, transform) = &mut *camera;
    if actions.pressed(Action::OrbitCamera) {
        let speed = config.0.controls.orbit_sensitivity as f32;
        let delta = actions.pointer_delta;
        orbit.yaw -= delta.x * speed;
        orbit.pitch = (orbit.pitch + delta.y * speed).clamp(PITCH_RANGE.0, PITCH_RANGE.1);
    }
    orbit.distance =
        (orbit.distance * (1.0 - 0.1 * scroll.delta.y)).clamp(DISTANCE_RANGE.0, DISTANCE_RANGE.1);
    // Yaw 0 stands at the head end (−x) looking toward the foot (+x).
    let direction = Vec3::new(
        -orbit.pitch.cos() * orbit.yaw.cos(),
        orbit.pitch.sin(),
        orbit.pitch.cos() * orbit.yaw.sin(),
    );
    **transform =
        Transform::from_translation(direction * orbit.distance).looking_at(Vec3::ZERO, Vec3::Y);
}
