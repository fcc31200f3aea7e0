//! How the balls look: polished phenolic resin (one material through and through), ivory
//! white, white with three red dots in its surface (rule 2) or yellow (the ball style
//! chosen in the menu), red.

use super::resolution::Sharp;
use super::surfaces::{Coat, SurfaceMaterial, polished};
use crate::play::BallStyle;
use crate::session::{Ball, GameConfig, Settings};
use crate::shot::BallId;
use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use std::f32::consts::{PI, TAU};

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

/// Where the three dots sit on the dotted ball, in its own frame: spread about as
/// far apart as three of a tetrahedron's corners, so that any spin turns one.
pub const DOT_DIRECTIONS: [Vec3; 3] = [
    Vec3::new(0.0, 1.0, 0.0),
    Vec3::new(0.943, -0.333, 0.0),
    Vec3::new(-0.471, -0.333, 0.816),
];

/// A dot's angular radius on the ball, rad (about 12 mm across on a 61.5 mm ball).
pub const DOT_RADIUS_RAD: f32 = 0.2;

/// Sectors and stacks of the balls' sphere: round at any distance and from any side.
const SPHERE_SECTORS: u32 = 64;
const SPHERE_STACKS: u32 = 32;

/// Size of the dotted ball's texture (equirectangular: twice as wide as high).
const DOT_TEXTURE: (u32, u32) = (512, 256);

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
    mut materials: ResMut<Assets<SurfaceMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let Ok(&Ball(id)) = balls.get(add.entity) else {
        return;
    };
    let r = config.0.balls.radius() as f32;
    let style = settings.ball_style;
    let dotted = id == BallId::Dotted && style == BallStyle::Dotted;
    let (base_color, texture) = if dotted {
        let (w, h) = DOT_TEXTURE;
        (Color::WHITE, Some(images.add(dotted_texture(w, h))))
    } else {
        (ball_colour(id, style), None)
    };
    // Phenolic resin, not a mirror: a diffuse coloured body whose own sheen shows the
    // room only faintly and blurred (rough, at a dielectric's 4 % reflectance), under
    // a clear coat that shows the lamp's face sharp and bright (the table's shader
    // draws it, so the balls keep the one pipeline; Bevy's clear coat is another).
    let body = materials.add(polished(
        StandardMaterial {
            base_color,
            base_color_texture: texture,
            perceptual_roughness: 0.35,
            reflectance: 0.5,
            ..default()
        },
        Coat {
            shine: 0.9,
            softness: 0.05,
        },
    ));
    let sphere = meshes.add(Sphere::new(r).mesh().uv(SPHERE_SECTORS, SPHERE_STACKS));
    commands
        .entity(add.entity)
        .insert((Mesh3d(sphere), MeshMaterial3d(body), Sharp));
}

/// The point of the unit sphere at texture coordinates (u, v) of Bevy's UV sphere
/// (`Sphere::mesh().uv`): u runs once round the local z axis from +x toward +y, v from
/// the +z pole (0) to the −z pole (1).
pub fn direction_at(u: f32, v: f32) -> Vec3 {
    let (around, down) = (TAU * u, PI * v);
    Vec3::new(
        down.sin() * around.cos(),
        down.sin() * around.sin(),
        down.cos(),
    )
}

/// The texture coordinates of the unit direction `d`, the inverse of `direction_at`.
pub fn uv_of(d: Vec3) -> Vec2 {
    let u = d.y.atan2(d.x).rem_euclid(TAU) / TAU;
    let v = d.z.clamp(-1.0, 1.0).acos() / PI;
    Vec2::new(u, v)
}

/// How much of the direction `d` is dot, 0 to 1, with an edge `edge_rad` wide.
fn dot_cover(d: Vec3, edge_rad: f32) -> f32 {
    DOT_DIRECTIONS
        .iter()
        .map(|dot| {
            let angle = d.dot(dot.normalize()).clamp(-1.0, 1.0).acos();
            ((DOT_RADIUS_RAD - angle) / edge_rad + 0.5).clamp(0.0, 1.0)
        })
        .fold(0.0, f32::max)
}

/// The dotted ball's surface as an equirectangular image `width` × `height` for its UV
/// sphere: white with the three round red dots, their edges smoothed over a texel
/// (each texel's colour is worked out from its own direction on the sphere, so the
/// dots are round however the map stretches them), with its mipmaps down to 1 × 1.
pub fn dotted_texture(width: u32, height: u32) -> Image {
    let white = ball_colour(BallId::Dotted, BallStyle::Dotted).to_linear();
    let red = DOT_COLOUR.to_linear();
    let edge = PI / height as f32;
    let mut level: Vec<LinearRgba> = (0..height)
        .flat_map(|j| (0..width).map(move |i| (i, j)))
        .map(|(i, j)| {
            let u = (i as f32 + 0.5) / width as f32;
            let v = (j as f32 + 0.5) / height as f32;
            let cover = dot_cover(direction_at(u, v), edge);
            white.mix(&red, cover)
        })
        .collect();
    let (mut w, mut h) = (width, height);
    let mut data = Vec::new();
    let mut levels = 0;
    loop {
        data.extend(
            level
                .iter()
                .flat_map(|c| Color::from(*c).to_srgba().to_u8_array()),
        );
        levels += 1;
        if w == 1 && h == 1 {
            break;
        }
        // The next level: each texel the mean of the two by two it covers.
        let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
        let at = |x: u32, y: u32| level[(y.min(h - 1) * w + x.min(w - 1)) as usize];
        level = (0..nh)
            .flat_map(|y| (0..nw).map(move |x| (x, y)))
            .map(|(x, y)| {
                let (x0, y0) = (2 * x, 2 * y);
                let sum = [(0, 0), (1, 0), (0, 1), (1, 1)]
                    .iter()
                    .map(|&(dx, dy)| at(x0 + dx, y0 + dy).to_f32_array())
                    .fold([0.0; 4], |a, c| std::array::from_fn(|k| a[k] + c[k]));
                LinearRgba::from_f32_array(sum.map(|c| c / 4.0))
            })
            .collect();
        (w, h) = (nw, nh);
    }
    let mut image = Image::new_uninit(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        label: Some("dotted ball".into()),
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::ClampToEdge,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..default()
    });
    image
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    #[test]
    fn the_uv_layout_is_that_of_bevys_uv_sphere() {
        let mesh = Sphere::new(1.0).mesh().uv(SPHERE_SECTORS, SPHERE_STACKS);
        let (
            Some(VertexAttributeValues::Float32x3(positions)),
            Some(VertexAttributeValues::Float32x2(uvs)),
        ) = (
            mesh.attribute(Mesh::ATTRIBUTE_POSITION),
            mesh.attribute(Mesh::ATTRIBUTE_UV_0),
        )
        else {
            panic!("a UV sphere has positions and UVs");
        };
        for (p, uv) in positions.iter().zip(uvs) {
            let d = direction_at(uv[0], uv[1]);
            assert!(
                d.distance(Vec3::from_array(*p)) < 1e-4,
                "{uv:?}: {d} against {p:?}"
            );
        }
        for d in [Vec3::X, Vec3::new(0.3, -0.5, 0.2).normalize(), Vec3::NEG_Y] {
            let uv = uv_of(d);
            assert!(direction_at(uv.x, uv.y).distance(d) < 1e-5);
        }
    }

    #[test]
    fn the_dots_are_red_round_and_the_far_side_white() {
        let (w, h) = (256, 128);
        let image = dotted_texture(w, h);
        let data = image.data.as_ref().unwrap();
        let texel = |d: Vec3| {
            let uv = uv_of(d.normalize());
            let (i, j) = (
                ((uv.x * w as f32) as u32).min(w - 1),
                ((uv.y * h as f32) as u32).min(h - 1),
            );
            let at = 4 * (j * w + i) as usize;
            [data[at], data[at + 1], data[at + 2]]
        };
        let red = DOT_COLOUR.to_srgba().to_u8_array();
        let white = ball_colour(BallId::Dotted, BallStyle::Dotted)
            .to_srgba()
            .to_u8_array();
        let near = |a: [u8; 3], b: [u8; 4]| (0..3).all(|k| a[k].abs_diff(b[k]) <= 3);
        for dot in DOT_DIRECTIONS {
            assert!(near(texel(dot), red), "{dot}: {:?}", texel(dot));
            // Round: as far from its centre in any direction on the sphere, a dot is
            // red inside its radius and white beyond it.
            let side = dot.any_orthonormal_vector();
            for k in 0..8 {
                let across = Quat::from_axis_angle(dot.normalize(), k as f32 * TAU / 8.0) * side;
                let at = |angle: f32| {
                    Quat::from_axis_angle(across.cross(dot).normalize(), angle) * dot.normalize()
                };
                assert!(near(texel(at(0.7 * DOT_RADIUS_RAD)), red));
                assert!(near(texel(at(1.3 * DOT_RADIUS_RAD)), white));
            }
        }
        let middle = DOT_DIRECTIONS.iter().map(|d| d.normalize()).sum::<Vec3>();
        assert!(near(texel(-middle), white));
        // All the mipmaps are there, down to one texel.
        assert_eq!(image.texture_descriptor.mip_level_count, 9);
        let texels: u32 = (0..9).map(|l| (w >> l).max(1) * (h >> l).max(1)).sum();
        assert_eq!(data.len(), 4 * texels as usize);
    }
}
