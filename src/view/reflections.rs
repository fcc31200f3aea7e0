//! What the polished balls mirror: the room as seen from the middle of the bed (the
//! lamp's glowing face above, the lit cloth below, the dark room around), made in code
//! as the table camera's environment cube map, blurred down its mip levels for rougher
//! surfaces.

use super::lights::Lamp;
use crate::math::DVec3;
use crate::session::{Session, frame::to_bevy};
use crate::table::TableGeometry;
use bevy::asset::RenderAssetUsages;
use bevy::light::EnvironmentMapLight;
use bevy::prelude::*;
use bevy::render::render_resource::{
    Extent3d, TextureDimension, TextureFormat, TextureViewDescriptor, TextureViewDimension,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, hang_the_mirror);
    app.add_systems(
        PostUpdate,
        mirror_the_room.run_if(resource_added::<Session>),
    );
}

/// Texels along a face's side at the sharpest level.
const SIZE: u32 = 32;

/// Radiance, as on screen (1 is white): the lamp's face is far brighter than white, so
/// that its reflection in a ball is a white highlight and its light on the cloth seen in
/// a ball is the cloth's colour.
const LAMP_RADIANCE: f32 = 8.0;
const ROOM_RADIANCE: f32 = 0.012;

/// The share of the lamp's light the cloth a ball's underside sees still gets: most
/// of what lights the underside is the cloth within a radius of the contact, in the
/// ball's own shadow (`shaders/surface.wgsl`'s contact shadow takes three quarters
/// off right under it).
const UNDER_A_BALL: f32 = 0.4;

/// Bevy's default exposure turns a radiance of this many cd/m² into white.
const WHITE_CD_M2: f32 = 1.2 * 831.7; // 1.2 · 2^9.7

/// What is seen from the bed's middle at a ball's height along `direction` (Bevy
/// frame), linear RGB: the lamp's face at `room.lamp`, the cloth and the `room.horizon`.
fn seen(direction: Vec3, table: &TableGeometry, lamp: &Lamp, room: &Seen) -> [f32; 3] {
    let Seen {
        lamp: lamp_radiance,
        cloth,
        horizon,
    } = *room;
    let eye = Vec3::new(0.0, table.ball_radius as f32, 0.0);
    let d = direction.normalize();
    if d.y > 0.0 {
        let p = eye + d * ((lamp.height - eye.y) / d.y);
        if p.x.abs() < lamp.half_length && p.z.abs() < lamp.half_width {
            return [lamp_radiance, lamp_radiance * 0.97, lamp_radiance * 0.92];
        }
        return [ROOM_RADIANCE; 3];
    }
    if d.y < 0.0 {
        let p = eye + d * (eye.y / -d.y);
        let on_bed = to_bevy(DVec3::new(table.half_length(), table.half_width(), 0.0));
        if p.x.abs() < on_bed.x && p.z.abs() < on_bed.z.abs() {
            return [cloth.red, cloth.green, cloth.blue];
        }
    }
    horizon
}

/// The direction of a texel's centre on a cube face (wgpu's face order +X −X +Y −Y +Z
/// −Z), in the cube's own frame.
fn face_direction(face: usize, x: u32, y: u32, size: u32) -> Vec3 {
    let u = 2.0 * (x as f32 + 0.5) / size as f32 - 1.0;
    let v = 2.0 * (y as f32 + 0.5) / size as f32 - 1.0;
    match face {
        0 => Vec3::new(1.0, -v, -u),
        1 => Vec3::new(-1.0, -v, u),
        2 => Vec3::new(u, 1.0, v),
        3 => Vec3::new(u, -1.0, -v),
        4 => Vec3::new(u, -v, 1.0),
        _ => Vec3::new(-u, -v, -1.0),
    }
}

/// A 16-bit float's bits (round to nearest; no infinities or subnormals are needed here).
fn half(value: f32) -> [u8; 2] {
    let bits = value.max(0.0).to_bits();
    let exponent = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let mantissa = bits & 0x7f_ffff;
    let half = if exponent <= 0 {
        0
    } else if exponent >= 31 {
        0x7bff
    } else {
        (((exponent as u32) << 10) + ((mantissa + 0x1000) >> 13)) as u16
    };
    half.to_le_bytes()
}

/// How bright what a ball sees is, linear RGB: the lamp's face, the cloth, and the
/// rails and the dim hall round the horizon.
#[derive(Clone, Copy)]
struct Seen {
    lamp: f32,
    cloth: LinearRgba,
    horizon: [f32; 3],
}

/// The room's cube map (`seen`).
fn room_cube(table: &TableGeometry, lamp: &Lamp, room: &Seen) -> Image {
    cube(|direction| seen(direction, table, lamp, room))
}

/// The cube map of the `radiance` seen along each direction (Bevy frame), every face at each
/// level from `SIZE` down to one texel, each level the average of the one above.
fn cube(radiance: impl Fn(Vec3) -> [f32; 3]) -> Image {
    let levels = SIZE.ilog2() + 1;
    let mut faces: Vec<Vec<Vec<[f32; 3]>>> = (0..6)
        .map(|face| {
            let sharp: Vec<[f32; 3]> = (0..SIZE * SIZE)
                .map(|i| {
                    let c = face_direction(face, i % SIZE, i / SIZE, SIZE);
                    // Bevy samples with z negated (its cube maps are left-handed).
                    radiance(Vec3::new(c.x, c.y, -c.z))
                })
                .collect();
            vec![sharp]
        })
        .collect();
    for face in &mut faces {
        for level in 1..levels {
            let size = SIZE >> level;
            let above = &face[level as usize - 1];
            let blurred = (0..size * size)
                .map(|i| {
                    let (x, y) = (2 * (i % size), 2 * (i / size));
                    let mut sum = [0.0; 3];
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        let texel = above[((y + dy) * size * 2 + x + dx) as usize];
                        for c in 0..3 {
                            sum[c] += texel[c] / 4.0;
                        }
                    }
                    sum
                })
                .collect();
            face.push(blurred);
        }
    }
    // wgpu's layout: each face's levels in turn.
    let mut data = Vec::new();
    for face in &faces {
        for level in face {
            for texel in level {
                for c in texel.iter().chain(&[1.0]) {
                    data.extend(half(*c));
                }
            }
        }
    }
    // `Image::new` takes the first level's data only (it asserts so in debug builds).
    let mut image = Image::new_uninit(
        Extent3d {
            width: SIZE,
            height: SIZE,
            depth_or_array_layers: 6,
        },
        TextureDimension::D2,
        TextureFormat::Rgba16Float,
        // Kept in the main world too: each table's room is drawn into it.
        RenderAssetUsages::default(),
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.texture_view_descriptor = Some(TextureViewDescriptor {
        dimension: Some(TextureViewDimension::Cube),
        ..default()
    });
    image
}

/// The room's environment map, which the table's camera takes with the full lighting
/// (`graphics`: software rendering spends a tenth of a frame on it).
#[derive(Resource)]
pub(super) struct RoomReflections(pub EnvironmentMapLight);

/// Gives the room's reflections their images from the start, the dark room's until a
/// table is set up: Bevy finds that a camera reflects a map a frame after it is given
/// one, and a pipeline first built without it is built again, which a software
/// renderer's cold start at the table paid for once more. The camera keeps the map;
/// each table's room is drawn into its images (`mirror_the_room`).
fn hang_the_mirror(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let dark = || cube(|_| [ROOM_RADIANCE; 3]);
    commands.insert_resource(RoomReflections(EnvironmentMapLight {
        diffuse_map: images.add(dark()),
        specular_map: images.add(dark()),
        intensity: WHITE_CD_M2,
        ..default()
    }));
}

/// Draws the room round this table into the reflections' images.
fn mirror_the_room(
    session: Res<Session>,
    config: Res<crate::session::GameConfig>,
    preferences: Res<crate::session::Preferences>,
    reflections: Res<RoomReflections>,
    mut images: ResMut<Assets<Image>>,
) {
    let table = session.table();
    let cloth = super::table::cloth_colour(&config, &preferences).to_linear();
    let lamp = Lamp::over(table);
    let maps = &reflections.0;
    // The lamp's light itself comes from the spot lights: the diffuse map holds only
    // the light the cloth and room give back. The cloth as lit under a ball, in its own
    // shadow, and the rails and the hall round it as the lamp's spill lights them: a
    // ball's underside lit by the whole bright cloth, and its middle by nothing, looked
    // as if it mirrored them (chrome, not resin). The sharp map sees the cloth as lit,
    // the hall dark.
    let under_a_ball = LinearRgba::rgb(
        cloth.red * UNDER_A_BALL,
        cloth.green * UNDER_A_BALL,
        cloth.blue * UNDER_A_BALL,
    );
    for (map, room) in [
        (
            &maps.diffuse_map,
            Seen {
                lamp: 0.0,
                cloth: under_a_ball,
                horizon: [0.10, 0.06, 0.045],
            },
        ),
        (
            &maps.specular_map,
            Seen {
                lamp: LAMP_RADIANCE,
                cloth,
                horizon: [0.03, 0.015, 0.008],
            },
        ),
    ] {
        if let Some(mut image) = images.get_mut(map) {
            *image = room_cube(table, &lamp, &room);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_read_back_as_the_floats_written() {
        for value in [0.0f32, 0.012, 0.5, 1.0, 8.0] {
            let bits = u16::from_le_bytes(half(value));
            let exponent = i32::from(bits >> 10) - 15;
            let read = if bits == 0 {
                0.0
            } else {
                (1.0 + f32::from(bits & 0x3ff) / 1024.0) * 2f32.powi(exponent)
            };
            assert!(
                (read - value).abs() <= value * 1e-3,
                "{value} read as {read}"
            );
        }
    }

    #[test]
    fn the_lamp_is_above_and_the_cloth_below() {
        let config = crate::config::Config::defaults();
        let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
        let lamp = Lamp::over(&table);
        let cloth = LinearRgba::rgb(0.01, 0.1, 0.4);
        let room = Seen {
            lamp: LAMP_RADIANCE,
            cloth,
            horizon: [0.03; 3],
        };
        let seen = |d: Vec3| seen(d, &table, &lamp, &room);
        assert_eq!(seen(Vec3::Y)[0], LAMP_RADIANCE);
        assert_eq!(seen(Vec3::NEG_Y)[2], 0.4);
        assert_eq!(seen(Vec3::X)[0], 0.03);
        // The +Y face's middle looks straight up.
        assert!(face_direction(2, SIZE / 2, SIZE / 2, SIZE).normalize().y > 0.99);
    }

    #[test]
    fn the_cube_holds_every_level_of_its_six_faces() {
        let config = crate::config::Config::defaults();
        let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
        let cloth = LinearRgba::rgb(0.01, 0.1, 0.4);
        let room = Seen {
            lamp: LAMP_RADIANCE,
            cloth,
            horizon: [0.03; 3],
        };
        let image = room_cube(&table, &Lamp::over(&table), &room);
        let levels = image.texture_descriptor.mip_level_count;
        let texels: u32 = (0..levels).map(|l| (SIZE >> l).pow(2)).sum();
        // Four halves of two bytes a texel.
        let bytes = 6 * texels as usize * 8;
        assert!(levels > 1);
        assert_eq!(image.data.as_ref().map(Vec::len), Some(bytes));
    }
}
