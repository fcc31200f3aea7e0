//! The cue as drawn: its profile along the length (`cue.ron`'s length, tip and butt
//! radii) — leather tip with chalk, ferrule, tapered maple shaft, joint, darker butt,
//! striped wrap, rubber bumper — and the lathe that turns it into a mesh whose texture
//! coordinates pick each band's colour from a strip of texels (`palette`), so the cue
//! is drawn by the same pipeline as every other textured standard surface.

use crate::config::CueConfig;
use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Segments around the cue.
pub const SEGMENTS: u32 = 32;

/// One ring of the profile: its distance back from the tip and its radius, m, and the
/// colour of the band from it to the next ring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ring {
    pub from_tip: f32,
    pub radius: f32,
    pub colour: Color,
}

const CHALK: Color = Color::srgb(0.22, 0.45, 0.82);
const LEATHER: Color = Color::srgb(0.40, 0.22, 0.11);
const FERRULE: Color = Color::srgb(0.93, 0.92, 0.87);
const MAPLE: Color = Color::srgb(0.86, 0.71, 0.49);
const BLACK_RING: Color = Color::srgb(0.04, 0.04, 0.04);
const STEEL: Color = Color::srgb(0.74, 0.75, 0.78);
const FOREARM: Color = Color::srgb(0.30, 0.14, 0.07);
const INLAY: Color = Color::srgb(0.90, 0.86, 0.76);
const WRAP: Color = Color::srgb(0.07, 0.07, 0.08);
const WRAP_STRIPE: Color = Color::srgb(0.18, 0.17, 0.17);
const SLEEVE: Color = Color::srgb(0.20, 0.09, 0.04);
const BUMPER: Color = Color::srgb(0.025, 0.025, 0.025);

/// The cue's rings from the tip (0, the tip's radius) to the butt (its length, the
/// butt's radius). The shaft keeps the tip's radius for its first fifth (a "pro
/// taper"), then widens to the joint at the middle; the butt widens on to its end.
pub fn profile(cue: &CueConfig) -> Vec<Ring> {
    let mm = |v: f64| (v / 1000.0) as f32;
    let length = mm(cue.length_mm);
    let (tip, butt) = (mm(cue.tip_radius_mm), mm(cue.butt_radius_mm));
    let joint = tip + 0.5 * (butt - tip);
    let (joint_start, joint_end) = (0.5 * length - 0.010, 0.5 * length + 0.010);
    let taper_start = 0.2 * length;
    let radius = |d: f32| {
        if d <= taper_start {
            tip
        } else if d <= joint_start {
            tip + (joint - tip) * (d - taper_start) / (joint_start - taper_start)
        } else if d <= joint_end {
            joint
        } else {
            joint + (butt - joint) * (d - joint_end) / (length - joint_end)
        }
    };
    let mut bands: Vec<(f32, Color)> = vec![
        // Chalk on the face spreads a little onto the leather's side.
        (0.0, CHALK),
        (0.0015, LEATHER),
        (0.012, FERRULE),
        (0.037, MAPLE),
        (taper_start, MAPLE),
        (joint_start, BLACK_RING),
        (joint_start + 0.003, STEEL),
        (joint_end - 0.003, BLACK_RING),
        (joint_end, FOREARM),
        (0.64 * length, INLAY),
        (0.64 * length + 0.002, BLACK_RING),
        (0.64 * length + 0.004, FOREARM),
    ];
    // The wrap: dark bands with fine lighter stripes, 4 mm apart.
    let (wrap_start, wrap_end) = (0.66 * length, 0.90 * length);
    let stripes = ((wrap_end - wrap_start) / 0.004) as usize;
    for i in 0..stripes {
        let d = wrap_start + 0.004 * i as f32;
        bands.push((d, WRAP));
        bands.push((d + 0.003, WRAP_STRIPE));
    }
    bands.extend([
        (wrap_end, BLACK_RING),
        (wrap_end + 0.002, SLEEVE),
        (length - 0.020, BLACK_RING),
        (length - 0.018, BUMPER),
        (length, BUMPER),
    ]);
    bands
        .into_iter()
        .map(|(from_tip, colour)| Ring {
            from_tip,
            radius: radius(from_tip),
            colour,
        })
        .collect()
}

/// The cue as a surface of revolution about its local y: the tip's face centred on
/// the origin facing +y, the butt at −length. Each band between rings is its own
/// strip (its colour and its cone's normal), smooth around; flat caps close the ends,
/// the tip's chalked.
pub fn mesh(rings: &[Ring], segments: u32) -> Mesh {
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut normals: Vec<[f32; 3]> = Vec::new();
    let mut uvs: Vec<[f32; 2]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    let around = |k: u32| {
        let angle = std::f32::consts::TAU * k as f32 / segments as f32;
        (angle.cos(), angle.sin())
    };
    for (band, pair) in rings.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        let (along, widen) = (b.from_tip - a.from_tip, b.radius - a.radius);
        if along.abs() < 1e-7 && widen.abs() < 1e-7 {
            continue;
        }
        let texel = palette_u(band, rings.len());
        // Outward: radial for a cylinder, toward the tip where the cue widens.
        let slope = Vec2::new(along, widen).normalize();
        let first = positions.len() as u32;
        for k in 0..segments {
            let (c, s) = around(k);
            for ring in [a, b] {
                positions.push([ring.radius * c, -ring.from_tip, ring.radius * s]);
                normals.push([slope.x * c, slope.y, slope.x * s]);
                uvs.push(texel);
            }
        }
        for k in 0..segments {
            let (a0, b0) = (first + 2 * k, first + 2 * k + 1);
            let next = (k + 1) % segments;
            let (a1, b1) = (first + 2 * next, first + 2 * next + 1);
            indices.extend([a0, a1, b0, b0, a1, b1]);
        }
    }
    let (Some(&tip), Some(&butt)) = (rings.first(), rings.last()) else {
        return Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        );
    };
    // The caps take the end rings' colours: the tip's chalk, the butt's bumper.
    let last = rings.len() - 1;
    for (ring, facing, index) in [(tip, 1.0, 0), (butt, -1.0, last)] {
        let texel = palette_u(index, rings.len());
        let centre = positions.len() as u32;
        positions.push([0.0, -ring.from_tip, 0.0]);
        for k in 0..segments {
            let (c, s) = around(k);
            positions.push([ring.radius * c, -ring.from_tip, ring.radius * s]);
        }
        for _ in 0..=segments {
            normals.push([0.0, facing, 0.0]);
            uvs.push(texel);
        }
        for k in 0..segments {
            let (p, q) = (centre + 1 + k, centre + 1 + (k + 1) % segments);
            if facing > 0.0 {
                indices.extend([centre, q, p]);
            } else {
                indices.extend([centre, p, q]);
            }
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_indices(Indices::U32(indices))
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
}

/// Where ring `index`'s texel lies in the palette of `rings` texels.
fn palette_u(index: usize, rings: usize) -> [f32; 2] {
    [(index as f32 + 0.5) / rings as f32, 0.5]
}

/// The colours of the bands, one texel a ring (a band takes its first ring's colour),
/// read without filtering so that each band keeps its own.
pub fn palette(rings: &[Ring]) -> Image {
    let texels: Vec<u8> = rings
        .iter()
        .flat_map(|ring| ring.colour.to_srgba().to_u8_array())
        .collect();
    let mut image = Image::new(
        Extent3d {
            width: rings.len() as u32,
            height: 1,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        texels,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::nearest();
    image
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use bevy::mesh::VertexAttributeValues;

    #[test]
    fn the_profile_runs_the_cue_length_from_the_tip_radius_to_the_butt_radius() {
        let cue = Config::defaults().cue;
        let rings = profile(&cue);
        let (tip, butt) = (rings[0], *rings.last().unwrap());
        let mm = |v: f64| (v / 1000.0) as f32;
        assert_eq!(tip.from_tip, 0.0);
        assert!((butt.from_tip - mm(cue.length_mm)).abs() < 1e-6);
        assert!((tip.radius - mm(cue.tip_radius_mm)).abs() < 1e-6);
        assert!((butt.radius - mm(cue.butt_radius_mm)).abs() < 1e-6);
        for pair in rings.windows(2) {
            assert!(pair[1].from_tip >= pair[0].from_tip, "{pair:?}");
            assert!(pair[1].radius >= pair[0].radius - 1e-7, "{pair:?}");
        }
        // A white ferrule about 25 mm long behind the leather.
        let ferrule = rings.iter().position(|r| r.colour == FERRULE).unwrap();
        let long = rings[ferrule + 1].from_tip - rings[ferrule].from_tip;
        assert!((long - 0.025).abs() < 1e-6, "{long}");
    }

    #[test]
    fn every_triangle_faces_the_way_its_normals_point() {
        let rings = profile(&Config::defaults().cue);
        let mesh = mesh(&rings, SEGMENTS);
        let Some(VertexAttributeValues::Float32x3(positions)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        let Some(VertexAttributeValues::Float32x3(normals)) =
            mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
        else {
            panic!("normals");
        };
        let Some(Indices::U32(indices)) = mesh.indices() else {
            panic!("indices");
        };
        let Some(VertexAttributeValues::Float32x2(uvs)) = mesh.attribute(Mesh::ATTRIBUTE_UV_0)
        else {
            panic!("texture coordinates");
        };
        assert_eq!(uvs.len(), positions.len());
        for n in normals {
            assert!((Vec3::from_array(*n).length() - 1.0).abs() < 1e-5);
        }
        for t in indices.chunks(3) {
            let p = |i: u32| Vec3::from_array(positions[i as usize]);
            let face = (p(t[1]) - p(t[0])).cross(p(t[2]) - p(t[0]));
            if face.length() < 1e-12 {
                continue;
            }
            let n = Vec3::from_array(normals[t[0] as usize]);
            assert!(face.dot(n) > 0.0, "triangle {t:?} faces against {n}");
        }
        // The tip's face is at the origin, the butt a cue's length down local y.
        let ys = positions.iter().map(|p| p[1]);
        let (top, bottom) = ys.fold((f32::MIN, f32::MAX), |(hi, lo), y| (hi.max(y), lo.min(y)));
        assert_eq!(top, 0.0);
        assert!((bottom + 1.45).abs() < 1e-5, "{bottom}");
    }

    #[test]
    fn each_band_shows_its_first_ring_colour_from_the_palette() {
        let rings = profile(&Config::defaults().cue);
        let (mesh, palette) = (mesh(&rings, SEGMENTS), palette(&rings));
        let Some(VertexAttributeValues::Float32x3(positions)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        let Some(VertexAttributeValues::Float32x2(uvs)) = mesh.attribute(Mesh::ATTRIBUTE_UV_0)
        else {
            panic!("texture coordinates");
        };
        let width = palette.width() as f32;
        for (p, uv) in positions.iter().zip(uvs) {
            let texel = (uv[0] * width) as u32;
            let colour = palette.get_color_at(texel, 0).unwrap().to_srgba();
            // The vertex lies on its band's first or last ring, a cap on an end ring.
            let from_tip = -p[1];
            let ring = &rings[texel as usize];
            let next = rings.get(texel as usize + 1).unwrap_or(ring);
            assert!(
                (from_tip - ring.from_tip).abs() < 1e-6 || (from_tip - next.from_tip).abs() < 1e-6,
                "a vertex {from_tip} m from the tip coloured by ring {texel}"
            );
            let expected = ring.colour.to_srgba();
            for (got, want) in colour.to_f32_array().iter().zip(expected.to_f32_array()) {
                assert!(
                    (got - want).abs() < 1.0 / 255.0,
                    "{colour:?} for {expected:?}"
                );
            }
        }
        // The tip's cap is chalk.
        assert_eq!(rings[0].colour, CHALK);
    }
}
