//! The room around the table: the long lamp box hung over the bed (its housing, its
//! glowing diffuser, the rods it hangs from), a dark floor and the scoreboard's stand
//! at the side, fading into the spectators' darkness (the clear colour: walls cost a
//! software renderer a third of its frame).

use super::lights::Lamp;
use super::surfaces::{SurfaceMaterial, glowing, matt};
use super::table::merged;
use crate::session::{Screen, Session, TableCamera};
use bevy::light::NotShadowCaster;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        (
            furnish.run_if(resource_added::<Session>),
            show_the_lamp_from_below
                .after(bevy::transform::TransformSystems::Propagate)
                .run_if(resource_exists::<Session>),
        ),
    );
}

/// A part of the lamp: hidden from a camera higher than the lamp (the top view looks
/// down through it, as a broadcast's camera in the lamp does; from the orbit it would
/// hide the middle of the table), seen from a player's height.
#[derive(Component)]
struct LampPart;

fn show_the_lamp_from_below(
    session: Res<Session>,
    camera: Option<Single<&GlobalTransform, With<TableCamera>>>,
    mut parts: Query<&mut Visibility, With<LampPart>>,
) {
    let Some(camera) = camera else { return };
    let lamp = Lamp::over(session.table());
    let eye = camera.translation();
    let wanted = if eye.y < lamp.height {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut visibility in &mut parts {
        visibility.set_if_neq(wanted);
    }
}

/// The lit room's size around the table's centre, m: half length, half width, the
/// ceiling's height over the cloth.
const ROOM: Vec3 = Vec3::new(3.5, 2.6, 2.6);

fn furnish(
    mut commands: Commands,
    session: Res<Session>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<SurfaceMaterial>>,
) {
    let table = session.table();
    let lamp = Lamp::over(table);
    let floor_y = -table.bed_height as f32;
    // Matt, with next to no reflection: the environment map the balls mirror is the
    // room seen from the bed, wrong anywhere else (`reflections`).
    let mut material = |colour: Color, roughness: f32| {
        materials.add(matt(StandardMaterial {
            base_color: colour,
            perceptual_roughness: roughness,
            reflectance: 0.05,
            ..default()
        }))
    };
    let floor = material(Color::srgb(0.10, 0.07, 0.055), 0.8);
    let housing = material(Color::srgb(0.05, 0.05, 0.055), 0.6);
    let stand = material(Color::srgb(0.04, 0.04, 0.045), 0.7);
    // The diffuser glows by itself whatever the lighting.
    let diffuser = materials.add(glowing(StandardMaterial {
        base_color: Color::srgb(1.0, 0.98, 0.94),
        ..default()
    }));
    // One part of the room, its mesh in its place.
    let mut part = |name: &str, mesh: Mesh, material: &Handle<SurfaceMaterial>| {
        let mut entity = commands.spawn((
            Name::new(name.to_string()),
            Mesh3d(meshes.add(mesh)),
            MeshMaterial3d(material.clone()),
            Transform::default(),
            DespawnOnExit(Screen::Table),
        ));
        if name.starts_with("Lamp") {
            // The lamp's lights shine down from over it (`lights`).
            entity.insert((LampPart, NotShadowCaster));
        }
    };
    let at = |mesh: Mesh, at: Vec3| mesh.transformed_by(Transform::from_translation(at));
    let (hl, hw) = (lamp.half_length, lamp.half_width);
    let rim = 0.04;
    let rod = ROOM.z - lamp.height - 0.16;
    let rods = [-0.7 * hl, 0.7 * hl].map(|x| {
        at(
            Cylinder::new(0.008, rod).into(),
            Vec3::new(x, lamp.height + 0.16 + rod / 2.0, 0.0),
        )
    });
    part(
        "Lamp housing and rods",
        merged(
            [at(
                Cuboid::new(2.0 * (hl + rim), 0.16, 2.0 * (hw + rim)).into(),
                Vec3::new(0.0, lamp.height + 0.08, 0.0),
            )]
            .into_iter()
            .chain(rods),
        ),
        &housing,
    );
    part(
        "Lamp diffuser",
        at(
            Plane3d::new(Vec3::NEG_Y, Vec2::new(hl, hw)).into(),
            Vec3::new(0.0, lamp.height - 0.001, 0.0),
        ),
        &diffuser,
    );
    part(
        "Floor",
        at(
            Plane3d::new(Vec3::Y, ROOM.xy()).into(),
            Vec3::new(0.0, floor_y, 0.0),
        ),
        &floor,
    );
    // The scoreboard's stand beside the table, at a long side, on its leg.
    let beside = -(table.half_width() as f32) - 1.6;
    part(
        "Scoreboard stand",
        merged([
            at(
                Cuboid::new(1.2, 0.9, 0.08).into(),
                Vec3::new(0.0, floor_y + 1.25, beside),
            ),
            at(
                Cuboid::new(0.08, 0.8, 0.08).into(),
                Vec3::new(0.0, floor_y + 0.4, beside),
            ),
        ]),
        &stand,
    );
}
