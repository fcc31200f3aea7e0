//! The rails' pearl diamonds: inlaid lozenges, each its own thing so that it is drawn
//! never smaller than `MIN_PX` across wherever its rail is in view (a far rail's
//! diamonds, seen along the cloth, were 2–4 px dashes that vanished) and sharp, at the
//! window's resolution, at both presets.

use crate::session::TableCamera;
use crate::session::frame::to_bevy;
use crate::table::TableGeometry;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The least a diamond is drawn across, either way, window px.
pub const MIN_PX: f32 = 4.0;

/// A lozenge's long axis (across the rail), its short one (along it) and how far its
/// middle stands up from the rail (a pearl's low dome, so that a far rail's diamonds,
/// seen nearly edge-on, still have some height), m.
const LONG: f32 = 0.024;
const SHORT: f32 = 0.011;
const DOME: f32 = 0.002;

/// A diamond; its `Transform`'s scale is how much it is enlarged to stay in sight
/// (`enlargement`).
#[derive(Component)]
pub(super) struct Diamond;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        keep_in_sight
            .after(crate::view::CameraPlaced)
            .before(TransformSystems::Propagate),
    );
}

/// The diamonds of `t`, each at its place on the rail top with its long axis across
/// the rail: where they go, and the one mesh they share.
pub(super) fn placed(t: &TableGeometry) -> (Mesh, Vec<Transform>) {
    let places = t
        .diamonds()
        .into_iter()
        .map(|d| {
            // A short rail's diamonds lie across it along the table's length.
            let across_x = d.x.abs() > t.half_length();
            let turn = if across_x {
                0.0
            } else {
                std::f32::consts::FRAC_PI_2
            };
            let at = to_bevy(d.extend(t.rail_height + 0.0004));
            Transform::from_translation(at).with_rotation(Quat::from_rotation_y(turn))
        })
        .collect();
    (lozenge(), places)
}

/// The lozenge round its own middle, its long axis along x, facing up (+y).
fn lozenge() -> Mesh {
    let positions: Vec<[f32; 3]> = OUTLINE.iter().map(|p| p.to_array()).collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; 5])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, super::edge::untextured(5))
    .with_inserted_indices(Indices::U32(vec![0, 4, 1, 1, 4, 2, 2, 4, 3, 3, 4, 0]))
}

/// The lozenge's corners and the top of its dome, in its own frame.
const OUTLINE: [Vec3; 5] = [
    Vec3::new(LONG / 2.0, 0.0, 0.0),
    Vec3::new(0.0, 0.0, SHORT / 2.0),
    Vec3::new(-LONG / 2.0, 0.0, 0.0),
    Vec3::new(0.0, 0.0, -SHORT / 2.0),
    Vec3::new(0.0, DOME, 0.0),
];

/// How much to enlarge the diamond at `place` to draw it `MIN_PX` across either way,
/// in its own frame (across the rail, up, along it), where `on_window` tells where a
/// point (Bevy frame) is drawn, window px (`None` behind the camera: then as it is).
/// Across the rail, at most `across_rail` (where it would spill off its rail); up and
/// along the rail, where there is room, as much as it takes: a far rail seen along
/// the cloth shows a diamond edge-on, its height and its length along the rail.
pub(super) fn enlargement(
    place: &Transform,
    on_window: impl Fn(Vec3) -> Option<Vec2>,
    across_rail: f32,
) -> Vec3 {
    let most = Vec3::new(across_rail, ALONG_THE_RAIL, ALONG_THE_RAIL);
    let mut scale = Vec3::ONE;
    // The outline's size follows the scale nearly in proportion: a few rounds settle it.
    for _ in 0..3 {
        let seen = place.with_scale(scale);
        let drawn: Option<Vec<Vec2>> = OUTLINE
            .iter()
            .map(|&p| on_window(seen.transform_point(p)))
            .collect();
        let Some(drawn) = drawn else { return Vec3::ONE };
        let needed = MIN_PX / drawn_across(&drawn).max(1e-3);
        if needed <= 1.0 {
            break;
        }
        scale = (scale * needed).min(most);
    }
    scale
}

/// How far the least of an outline's width and height spans, window px.
fn drawn_across(drawn: &[Vec2]) -> f32 {
    let (lo, hi) = drawn.iter().fold((Vec2::MAX, Vec2::MIN), |(lo, hi), &p| {
        (lo.min(p), hi.max(p))
    });
    (hi - lo).min_element()
}

/// The most a diamond is enlarged up and along its rail: to 9 cm, a quarter of the
/// way to the next.
const ALONG_THE_RAIL: f32 = 8.0;

/// The most a diamond may be enlarged across a rail `rail_width` wide (m): its long
/// axis within nine tenths of the rail.
pub(super) fn most_enlarged(rail_width: f64) -> f32 {
    (0.9 * rail_width as f32 / LONG).max(1.0)
}

/// Each frame, each diamond enlarged as much as the table's camera needs to show it
/// `MIN_PX` across.
fn keep_in_sight(
    camera: Option<Single<(&Camera, &Transform), With<TableCamera>>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    session: Option<Res<crate::session::Session>>,
    mut diamonds: Query<&mut Transform, (With<Diamond>, Without<TableCamera>)>,
) {
    let (Some(camera), Some(window), Some(session)) = (camera, window, session) else {
        return;
    };
    // Where the camera is put this frame (its global transform follows later).
    let (camera, eye) = (camera.0, GlobalTransform::from(*camera.1));
    // The camera may draw into an image smaller than the window, stretched over it.
    let stretch = camera
        .logical_viewport_size()
        .map_or(Vec2::ONE, |drawn| window.physical_size().as_vec2() / drawn);
    let on_window = |p: Vec3| camera.world_to_viewport(&eye, p).ok().map(|p| p * stretch);
    let most = most_enlarged(session.table().rail_width);
    for mut diamond in &mut diamonds {
        let scale = enlargement(&diamond, on_window, most);
        diamond.set_if_neq(Transform { scale, ..*diamond });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::math::DVec3;

    /// Where a camera at `eye` looking at `target` (vertical field of view 45°) draws a
    /// point in a 1280 × 720 window, px; `None` behind it.
    fn camera(eye: Vec3, target: Vec3) -> impl Fn(Vec3) -> Option<Vec2> {
        let window = Vec2::new(1280.0, 720.0);
        let view = Mat4::look_at_rh(eye, target, Vec3::Y);
        let projection =
            Mat4::perspective_rh(std::f32::consts::FRAC_PI_4, window.x / window.y, 0.05, 50.0);
        move |p| {
            let clip = projection * view * p.extend(1.0);
            (clip.w > 0.0).then(|| {
                let ndc = clip.truncate() / clip.w;
                Vec2::new(ndc.x + 1.0, 1.0 - ndc.y) * window / 2.0
            })
        }
    }

    #[test]
    fn every_diamond_in_sight_is_drawn_at_least_four_px_across() {
        let config = Config::defaults();
        let t = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
        let (_, places) = placed(&t);
        let most = most_enlarged(t.rail_width);
        let head = to_bevy(DVec3::new(-t.half_length() / 2.0, 0.0, t.ball_radius));
        let outer = t.outer_half_extents().as_vec2();
        // Behind the cue ball at the break (the behind view), low over the head rail
        // looking down the table, from the orbit, and from above the middle.
        let views = [
            (
                head + Vec3::new(-0.75, 0.32, 0.0),
                head + Vec3::new(0.9, 0.0, 0.0),
            ),
            (
                Vec3::new(-outer.x - 0.3, 0.25, 0.0),
                Vec3::new(outer.x, 0.0, 0.0),
            ),
            (Vec3::new(-2.6, 1.6, 0.9), Vec3::ZERO),
            (Vec3::new(0.0, 4.0, 0.0), Vec3::new(0.0, 0.0, 0.01)),
        ];
        let mut enlarged = 0;
        for (eye, target) in views {
            let on_window = camera(eye, target);
            for place in &places {
                let scale = enlargement(place, &on_window, most);
                let seen = place.with_scale(scale);
                let Some(drawn) = OUTLINE
                    .iter()
                    .map(|&p| on_window(seen.transform_point(p)))
                    .collect::<Option<Vec<_>>>()
                else {
                    continue;
                };
                let in_window = drawn
                    .iter()
                    .all(|p| p.cmpge(Vec2::ZERO).all() && p.cmple(Vec2::new(1280.0, 720.0)).all());
                if !in_window {
                    continue;
                }
                let across = drawn_across(&drawn);
                assert!(
                    across >= MIN_PX - 0.05,
                    "a diamond at {} seen from {eye} is {across:.2} px across (enlarged {scale})",
                    place.translation
                );
                enlarged += usize::from(scale != Vec3::ONE);
            }
        }
        // The far rails' diamonds seen along the cloth needed it.
        assert!(enlarged > 0);
    }
}
