//! Light over the table as in a billiard room: a long lamp above the bed, soft fill.

use bevy::prelude::*;

/// The lamp that casts the shadows, when the settings want them.
#[derive(Component)]
pub(super) struct ShadowLamp;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.08, 0.08, 0.09)));
    app.insert_resource(GlobalAmbientLight {
        color: Color::WHITE,
        brightness: 250.0,
        ..default()
    });
    app.add_systems(Startup, spawn_lights);
}

fn spawn_lights(mut commands: Commands) {
    // Three lamps in a row above the long axis, ~1 m over the cloth.
    for x in [-0.9, 0.0, 0.9] {
        let mut lamp = commands.spawn((
            Name::new("Lamp"),
            PointLight {
                intensity: 120_000.0,
                range: 6.0,
                ..default()
            },
            Transform::from_xyz(x, 1.0, 0.0),
        ));
        if x == 0.0 {
            lamp.insert(ShadowLamp);
        }
    }
    commands.spawn((
        Name::new("Room light"),
        DirectionalLight {
            illuminance: 2_500.0,
            ..default()
        },
        Transform::from_xyz(-2.0, 4.0, 1.5).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}
