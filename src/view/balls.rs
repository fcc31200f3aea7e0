//! How the balls look: ivory white, white with three dots (rule 2) or yellow (the
//! ball style chosen in the menu), red.

use crate::game::{Ball, GameConfig, Settings};
use crate::play::BallStyle;
use crate::shot::BallId;
use bevy::prelude::*;

/// The colour `ball` is drawn in, in the set of `style`.
pub fn ball_colour(ball: BallId, style: BallStyle) -> Color {
    match (ball, style) {
        (BallId::White, _) | (BallId::Dotted, BallStyle::Dotted) => Color::srgb(0.96, 0.95, 0.90),
        (BallId::Dotted, BallStyle::Yellow) => Color::srgb(0.98, 0.78, 0.10),
        (BallId::Red | BallId::Red2, _) => Color::srgb(0.78, 0.05, 0.05),
    }
}

/// The colour of the dotted white's dots.
pub const DOT_COLOUR: Color = Color::srgb(0.75, 0.05, 0.05);

pub(super) fn plugin(app: &mut App) {
    app.add_observer(dress_ball);
}

/// Gives a ball entity its mesh and colours when it appears.
fn dress_ball(
    add: On<Add, Ball>,
    balls: Query<&Ball>,
    config: Res<GameConfig>,
    settings: Res<Settings>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Ok(&Ball(id)) = balls.get(add.entity) else {
        return;
    };
    let r = config.0.balls.radius() as f32;
    let style = settings.ball_style;
    let colour = ball_colour(id, style);
    let shiny = |materials: &mut Assets<StandardMaterial>, c: Color| {
        materials.add(StandardMaterial {
            base_color: c,
            perceptual_roughness: 0.12,
            reflectance: 0.6,
            ..default()
        })
    };
    let sphere = meshes.add(Sphere::new(r).mesh().uv(48, 24));
    let body = shiny(&mut materials, colour);
    commands
        .entity(add.entity)
        .insert((Mesh3d(sphere), MeshMaterial3d(body)));
    if id == BallId::Dotted && style == BallStyle::Dotted {
        // Three small dots spread over the ball so that its spin shows.
        let dot = meshes.add(Sphere::new(r * 0.22).mesh().uv(12, 6));
        let ink = shiny(&mut materials, DOT_COLOUR);
        for direction in [
            Vec3::Y,
            Vec3::new(0.94, -0.33, 0.0),
            Vec3::new(-0.47, -0.33, 0.82),
        ] {
            commands.spawn((
                Mesh3d(dot.clone()),
                MeshMaterial3d(ink.clone()),
                Transform::from_translation(direction.normalize() * r * 0.84),
                ChildOf(add.entity),
            ));
        }
    }
}
