//! The hall around the table, dim beyond the lamp's pool of light as on a broadcast:
//! the long lamp box hung over the bed (its housing, its diffuser's glowing tubes
//! behind a grille, the rods it hangs from), the floor, curtains all round, the
//! players' chairs and the scoreboard's stand at a long side, and the next table in
//! the dark with its lamp off. All of it but the diffuser is lit simply by the lamp's
//! spill at both presets (`surfaces::Kind::Room`): a backdrop that the full lighting
//! would charge a software renderer a third of a frame for. The curtains are drawn
//! with the full lighting only ([`Backdrop`]).

use super::lights::Lamp;
use super::surfaces::{SurfaceMaterial, glowing, in_the_room};
use super::table::{cloth_colour, merged};
use crate::session::{GameConfig, Preferences, Screen, Session, TableCamera};
use bevy::asset::RenderAssetUsages;
use bevy::light::NotShadowCaster;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use std::f32::consts::TAU;

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

/// What fills the window behind the table, drawn with the full lighting only: the
/// curtains, which cover a third of the window aiming along the table, cost a software
/// renderer at the low preset a tenth of its frame (the clear colour, dark, is free).
#[derive(Component)]
pub(super) struct Backdrop;

/// The hall's size around the table's centre, m: half length, half width, the ceiling's
/// height over the cloth.
const HALL: Vec3 = Vec3::new(5.0, 4.4, 2.6);

/// How far the next table stands beside this one, centre to centre, m.
const NEXT_TABLE: f32 = 3.3;

fn furnish(
    mut commands: Commands,
    session: Res<Session>,
    config: Res<GameConfig>,
    preferences: Res<Preferences>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<SurfaceMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let table = session.table();
    let lamp = Lamp::over(table);
    let floor_y = -table.bed_height as f32;
    let outer = table.outer_half_extents().as_vec2();
    let mut material = |colour: Color| materials.add(in_the_room(colour));
    let floor = material(Color::srgb(0.16, 0.11, 0.08));
    let curtains = material(Color::srgb(0.30, 0.07, 0.08));
    let dark = material(Color::srgb(0.06, 0.05, 0.05));
    let pale = material(Color::srgb(0.32, 0.32, 0.30));
    let other_cloth = material(cloth_colour(&config, &preferences));
    // The diffuser glows by itself whatever the lighting.
    let diffuser = materials.add(glowing(StandardMaterial {
        base_color_texture: Some(images.add(grille())),
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
        entity.id()
    };
    let (hl, hw) = (lamp.half_length, lamp.half_width);
    part(
        "Lamp housing and rods",
        lamp_box(hl, hw, lamp.height, Vec3::ZERO),
        &dark,
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
            Plane3d::new(Vec3::Y, HALL.xy()).into(),
            Vec3::new(0.0, floor_y, 0.0),
        ),
        &floor,
    );
    let (x, z) = (HALL.x, HALL.y);
    let corners = [
        Vec2::new(-x, -z),
        Vec2::new(x, -z),
        Vec2::new(x, z),
        Vec2::new(-x, z),
    ];
    let curtains = part(
        "Curtains",
        merged((0..4).map(|i| curtain(corners[i], corners[(i + 1) % 4], floor_y, HALL.z))),
        &curtains,
    );
    // At a long side: the scoreboard's stand facing the table, its two players' number
    // plates pale; the players' chairs between it and the table.
    let beside = -outer.y - 1.5;
    part(
        "Scoreboard stand, chairs, the next table",
        merged(
            [
                at(
                    Cuboid::new(1.2, 0.9, 0.08).into(),
                    Vec3::new(0.0, floor_y + 1.25, beside),
                ),
                at(
                    Cuboid::new(0.08, 0.8, 0.08).into(),
                    Vec3::new(0.0, floor_y + 0.4, beside),
                ),
            ]
            .into_iter()
            .chain([-1.0, 1.0].map(|x| chair(Vec3::new(x, floor_y, beside + 0.6))))
            .chain(next_table(table, floor_y, lamp)),
        ),
        &dark,
    );
    part(
        "Scoreboard plates",
        merged([-0.3, 0.3].map(|x| {
            at(
                Cuboid::new(0.42, 0.5, 0.01).into(),
                Vec3::new(x, floor_y + 1.25, beside + 0.045),
            )
        })),
        &pale,
    );
    part(
        "The next table's cloth",
        at(
            Plane3d::new(Vec3::Y, table.outer_half_extents().as_vec2() - 0.15).into(),
            Vec3::new(0.0, 0.0, NEXT_TABLE),
        ),
        &other_cloth,
    );
    commands.entity(curtains).insert(Backdrop);
}

/// `mesh` moved by `by`.
fn at(mesh: Mesh, by: Vec3) -> Mesh {
    mesh.transformed_by(Transform::from_translation(by))
}

/// A lamp's housing over the point `over` on the cloth: the box round its face, whose
/// underside is `height` up, and the two rods it hangs from the ceiling by.
fn lamp_box(half_length: f32, half_width: f32, height: f32, over: Vec3) -> Mesh {
    let rim = 0.04;
    let rod = HALL.z - height - 0.16;
    let rods = [-0.7, 0.7].map(|share| {
        at(
            Cylinder::new(0.008, rod).into(),
            over + Vec3::new(share * half_length, height + 0.16 + rod / 2.0, 0.0),
        )
    });
    merged(
        [at(
            Cuboid::new(2.0 * (half_length + rim), 0.16, 2.0 * (half_width + rim)).into(),
            over + Vec3::new(0.0, height + 0.08, 0.0),
        )]
        .into_iter()
        .chain(rods),
    )
}

/// The next table, beside this one in the dark: its body and legs, and its lamp off
/// (its cloth is a part of its own colour).
fn next_table(
    table: &crate::table::TableGeometry,
    floor_y: f32,
    lamp: Lamp,
) -> impl Iterator<Item = Mesh> {
    let outer = table.outer_half_extents().as_vec2();
    let centre = Vec3::new(0.0, 0.0, NEXT_TABLE);
    let body = at(
        Cuboid::new(2.0 * outer.x, 0.3, 2.0 * outer.y).into(),
        centre + Vec3::new(0.0, -0.15, 0.0),
    );
    let legs = [-0.8, 0.0, 0.8].into_iter().flat_map(move |share| {
        [-1.0, 1.0].map(|side| {
            at(
                Cuboid::new(0.15, -floor_y, 0.15).into(),
                centre + Vec3::new(share * outer.x, floor_y / 2.0, side * (outer.y - 0.15)),
            )
        })
    });
    let lamp = lamp_box(lamp.half_length, lamp.half_width, lamp.height, centre);
    [body, lamp].into_iter().chain(legs)
}

/// A player's chair standing on the floor at `foot`, facing the table (+z).
fn chair(foot: Vec3) -> Mesh {
    let part = |size: Vec3, centre: Vec3| at(Cuboid::from_size(size).into(), foot + centre);
    let legs = [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)].map(|(x, z)| {
        part(
            Vec3::new(0.04, 0.45, 0.04),
            Vec3::new(0.2 * x, 0.225, 0.2 * z),
        )
    });
    merged(
        [
            part(Vec3::new(0.48, 0.07, 0.48), Vec3::new(0.0, 0.48, 0.0)),
            part(Vec3::new(0.48, 0.5, 0.06), Vec3::new(0.0, 0.76, -0.21)),
        ]
        .into_iter()
        .chain(legs),
    )
}

/// A curtain hung along a wall from `from` to `to` (the floor's x and z; the room on
/// its left), from the floor at `floor_y` to `top`: folds of a sine's section, lit
/// and shaded in turn by the lamp's spill.
fn curtain(from: Vec2, to: Vec2, floor_y: f32, top: f32) -> Mesh {
    const FOLD: f32 = 0.3;
    const DEPTH: f32 = 0.05;
    const STEPS_A_FOLD: usize = 6;
    let length = from.distance(to);
    let along = (to - from) / length;
    let inward = along.perp();
    let steps = (length / FOLD).round() as usize * STEPS_A_FOLD;
    let k = TAU / FOLD;
    let (mut positions, mut normals, mut uvs) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..=steps {
        let s = length * i as f32 / steps as f32;
        let p = from + along * s + inward * DEPTH * (k * s).sin();
        let n = (inward - along * DEPTH * k * (k * s).cos()).normalize();
        for (y, v) in [(floor_y, 1.0), (top, 0.0)] {
            positions.push([p.x, y, p.y]);
            normals.push([n.x, 0.0, n.y]);
            uvs.push([s / length, v]);
        }
    }
    let indices = (0..steps as u32)
        .flat_map(|i| {
            let (a, b) = (2 * i, 2 * i + 2);
            [a, b, a + 1, b, b + 1, a + 1]
        })
        .collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// The lamp's face as its diffuser glows: tubes running along the box behind a grille
/// of cells, each cell brightest in its middle, the whole face dimmer toward its ends
/// and sides; sRGB, u along the box, v across.
fn grille() -> Image {
    const CELLS: (u32, u32) = (16, 4);
    const TEXELS_A_CELL: u32 = 8;
    let (w, h) = (CELLS.0 * TEXELS_A_CELL, CELLS.1 * TEXELS_A_CELL);
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let (u, v) = ((x as f32 + 0.5) / w as f32, (y as f32 + 0.5) / h as f32);
            // Across a cell: 0 on its bars, 1 in its middle.
            let cell = |t: f32, cells: u32| {
                let f = (t * cells as f32).fract();
                (1.0 - (2.0 * f - 1.0).abs()).min(0.25) / 0.25
            };
            let ends = 1.0 - 0.25 * (2.0 * u - 1.0).powi(4) - 0.15 * (2.0 * v - 1.0).powi(2);
            let glow = (0.15 + 0.85 * cell(u, CELLS.0) * cell(v, CELLS.1)) * ends;
            let [r, g, b] = [1.0, 0.97, 0.90].map(|c: f32| (255.0 * c * glow) as u8);
            data.extend([r, g, b, 255]);
        }
    }
    Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}
