//! The table's edge as meshes: a cross-section swept round the bed, the same on the four
//! sides and mitred at the corners. A section is given as the cushion's is
//! (`TableGeometry::cushion_section`): points (distance back from the nose line, height
//! above the bed), m; its point at a distance `b` back lies on the rectangle of half
//! extents (L/2 + b, W/2 + b), whose corners are the mitres.

use crate::math::{DVec2, DVec3};
use crate::session::frame::to_bevy;
use crate::shot::Cushion;
use crate::table::TableGeometry;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// Adjacent faces of a section closer than this in direction are shaded as one curved
/// surface; sharper corners stay edges.
const SMOOTH_BELOW_RAD: f64 = 0.7;

/// The section swept round the table: `closed` joins its last point to its first.
pub fn swept(t: &TableGeometry, section: &[DVec2], closed: bool) -> Mesh {
    let n = section.len();
    let segments: Vec<(usize, usize)> = (0..n - 1)
        .map(|i| (i, i + 1))
        .chain(closed.then_some((n - 1, 0)))
        .collect();
    // Each segment's outward normal in the section's plane (back, up): the section runs
    // anticlockwise (`closed`) or with the table's inside on its left.
    let normal_of = |(a, b): (usize, usize)| {
        let d = section[b] - section[a];
        DVec2::new(d.y, -d.x).normalize()
    };
    let normals: Vec<DVec2> = segments.iter().map(|&s| normal_of(s)).collect();
    // A point's normal for one of its segments: shared with the neighbouring segment
    // where the surface bends gently there.
    let shading = |k: usize, point: usize| {
        let neighbour = segments
            .iter()
            .enumerate()
            .find(|&(j, &(a, b))| j != k && (a == point || b == point))
            .map(|(j, _)| normals[j]);
        match neighbour {
            Some(other) if normals[k].angle_to(other).abs() < SMOOTH_BELOW_RAD => {
                (normals[k] + other).normalize()
            }
            _ => normals[k],
        }
    };
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut vertex_normals: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    for cushion in Cushion::ALL {
        let outward = -cushion.inward_normal();
        for (k, &(a, b)) in segments.iter().enumerate() {
            let first = positions.len() as u32;
            for point in [a, b] {
                let normal = shading(k, point);
                let normal = (outward * normal.x).extend(normal.y);
                for end in [-1.0, 1.0] {
                    positions.push(to_bevy(mitred(t, cushion, section[point], end)).into());
                    vertex_normals.push(to_bevy(normal).into());
                }
            }
            // Corners: a.start, a.end, b.start, b.end; wound to face the normal.
            let quad = [first, first + 1, first + 3, first, first + 3, first + 2];
            let p = |i: u32| Vec3::from(positions[i as usize]);
            let facing = (p(quad[1]) - p(quad[0])).cross(p(quad[2]) - p(quad[0]));
            let outward_normal = Vec3::from(vertex_normals[first as usize]);
            if facing.dot(outward_normal) >= 0.0 {
                indices.extend(quad);
            } else {
                indices.extend(quad.iter().rev());
            }
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, untextured(vertex_normals.len()))
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vertex_normals)
    .with_inserted_indices(Indices::U32(indices))
}

/// Texture coordinates for a surface drawn without a texture. With them every mesh of
/// the table has the layout of Bevy's primitives (position, normal, texture
/// coordinates), so one pipeline a material draws them all: software rendering compiles
/// each pipeline for about a third of a second before the first frame.
pub(super) fn untextured(vertices: usize) -> Vec<[f32; 2]> {
    vec![[0.0, 0.0]; vertices]
}

/// A quarter round of `radius` from `from`, turning from the direction `start` to the
/// direction `end` (unit vectors at right angles), in `steps` facets.
pub fn round(from: DVec2, start: DVec2, end: DVec2, radius: f64, steps: usize) -> Vec<DVec2> {
    let centre = from - end * radius;
    (1..=steps)
        .map(|i| {
            let a = std::f64::consts::FRAC_PI_2 * i as f64 / steps as f64;
            centre + end * radius * a.cos() + start * radius * a.sin()
        })
        .collect()
}

/// The point `p` of a section at `end` (−1 or +1) of the side along `cushion`: on the
/// mitre between that side and the next.
pub fn mitred(t: &TableGeometry, cushion: Cushion, p: DVec2, end: f64) -> DVec3 {
    let reach = match cushion {
        Cushion::Head | Cushion::Foot => t.half_width(),
        Cushion::Left | Cushion::Right => t.half_length(),
    };
    t.section_point(cushion, p, end * (reach + p.x))
}
