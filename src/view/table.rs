//! The table drawn from its geometry: cloth-covered bed and cushions, wooden rails with
//! diamonds, the spots, the table body, the floor.

use super::cloth::{ClothMaterial, FeltGrain};
use crate::game::frame::to_bevy;
use crate::game::{Screen, Session};
use crate::math::{DVec2, DVec3};
use crate::shot::{Cushion, Spot};
use crate::table::TableGeometry;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, spawn_table.run_if(resource_added::<Session>));
}

/// The materials of the table's wood, spots and floor: the low graphics draws them
/// without lighting (`graphics`).
#[derive(Resource)]
pub(super) struct TableMaterials(pub Vec<Handle<StandardMaterial>>);

/// A box between two corners given in the table frame.
fn slab(a: DVec3, b: DVec3) -> (Cuboid, Transform) {
    let (lo, hi) = (to_bevy(a).min(to_bevy(b)), to_bevy(a).max(to_bevy(b)));
    (
        Cuboid::from_size(hi - lo),
        Transform::from_translation((lo + hi) / 2.0),
    )
}

fn spawn_table(
    mut commands: Commands,
    session: Res<Session>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut cloths: ResMut<Assets<ClothMaterial>>,
) {
    let t: &TableGeometry = session.table();
    let mut material = |color: Color, roughness: f32| {
        materials.add(StandardMaterial {
            base_color: color,
            perceptual_roughness: roughness,
            ..default()
        })
    };
    let mut felt = |color: Color| {
        cloths.add(ClothMaterial {
            base: StandardMaterial {
                base_color: color,
                perceptual_roughness: 0.95,
                ..default()
            },
            extension: FeltGrain::new(color, 0.35, 700.0),
        })
    };
    let cloth = felt(Color::srgb(0.05, 0.26, 0.62));
    let cushion_cloth = felt(Color::srgb(0.04, 0.22, 0.55));
    let wood = material(Color::srgb(0.28, 0.13, 0.06), 0.45);
    let dark_wood = material(Color::srgb(0.16, 0.07, 0.03), 0.5);
    let pearl = material(Color::srgb(0.95, 0.93, 0.85), 0.3);
    let spot = material(Color::srgb(0.9, 0.9, 0.9), 0.8);
    let floor = material(Color::srgb(0.32, 0.30, 0.28), 0.9);
    commands.insert_resource(TableMaterials(vec![
        wood.clone(),
        dark_wood.clone(),
        pearl.clone(),
        spot.clone(),
        floor.clone(),
    ]));
    let root = commands
        .spawn((
            Name::new("Table"),
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ))
        .id();
    // One part of the table: its mesh where it goes; the caller adds the material.
    let mut piece = |name: String, shape: Mesh, transform: Transform| {
        (
            Name::new(name),
            Mesh3d(meshes.add(shape)),
            transform,
            ChildOf(root),
        )
    };
    let outer = t.outer_half_extents();
    let (hl, hw) = (t.half_length(), t.half_width());
    let border = t.cushion_width + t.rail_width;
    // The bed: cloth over the slate, reaching under the cushions.
    let (shape, at) = slab(
        DVec3::new(-hl - t.cushion_width, -hw - t.cushion_width, -0.045),
        DVec3::new(hl + t.cushion_width, hw + t.cushion_width, 0.0),
    );
    commands.spawn((
        piece("Bed".into(), shape.into(), at),
        MeshMaterial3d(cloth.clone()),
    ));
    for c in Cushion::ALL {
        let inward = c.inward_normal();
        let nose = -inward * t.nose_distance(c);
        let back = nose - inward * t.cushion_width;
        let span = DVec2::new(inward.y, -inward.x)
            * if inward.x != 0.0 {
                hw + t.cushion_width
            } else {
                hl + t.cushion_width
            };
        // The cushion: from the nose back to the rail, up to the rail's height.
        let (shape, at) = slab(
            (nose + span).extend(0.0),
            (back - span).extend(t.rail_height),
        );
        commands.spawn((
            piece(format!("{c:?} cushion"), shape.into(), at),
            MeshMaterial3d(cushion_cloth.clone()),
        ));
        let rail_span =
            DVec2::new(inward.y, -inward.x) * if inward.x != 0.0 { outer.y } else { outer.x };
        let (shape, at) = slab(
            (back + rail_span).extend(-0.06),
            (back - inward * t.rail_width - rail_span).extend(t.rail_height),
        );
        commands.spawn((
            piece(format!("{c:?} rail"), shape.into(), at),
            MeshMaterial3d(wood.clone()),
        ));
    }
    for (i, d) in t.diamonds().into_iter().enumerate() {
        let shape = Cylinder::new(0.006, 0.002);
        let at = Transform::from_translation(to_bevy(d.extend(t.rail_height + 0.001)));
        commands.spawn((
            piece(format!("Diamond {i}"), shape.into(), at),
            MeshMaterial3d(pearl.clone()),
        ));
    }
    for s in [Spot::Head, Spot::Foot, Spot::Centre] {
        let shape = Cylinder::new(0.005, 0.0006);
        let at = Transform::from_translation(to_bevy(t.spot(s).extend(0.0003)));
        commands.spawn((
            piece(format!("{s:?} spot"), shape.into(), at),
            MeshMaterial3d(spot.clone()),
        ));
    }
    // The body under the bed, with four legs, down to the floor.
    let (shape, at) = slab(
        DVec3::new(-outer.x, -outer.y, -0.30),
        DVec3::new(outer.x, outer.y, -0.045),
    );
    commands.spawn((
        piece("Table body".into(), shape.into(), at),
        MeshMaterial3d(dark_wood.clone()),
    ));
    let leg = 0.12;
    for (i, (sx, sy)) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)]
        .into_iter()
        .enumerate()
    {
        let corner = DVec2::new(sx * (outer.x - border), sy * (outer.y - border));
        let (shape, at) = slab(
            (corner - DVec2::splat(leg)).extend(-t.bed_height),
            (corner + DVec2::splat(leg)).extend(-0.30),
        );
        commands.spawn((
            piece(format!("Leg {i}"), shape.into(), at),
            MeshMaterial3d(dark_wood.clone()),
        ));
    }
    let (shape, at) = slab(
        DVec3::new(-8.0, -6.0, -t.bed_height - 0.01),
        DVec3::new(8.0, 6.0, -t.bed_height),
    );
    commands.spawn((
        piece("Floor".into(), shape.into(), at),
        MeshMaterial3d(floor.clone()),
    ));
}
