//! The table drawn from its geometry: the cloth-covered bed and cushions (the rubber's
//! section swept round the bed, `edge`), the wooden rails with pearl diamonds, the
//! apron, the heavy body and legs of a heated carom table, the spots.

mod diamonds;
mod edge;

use super::resolution::{Sharp, hiding_sharp_things};
use super::surfaces::{Grain, SurfaceMaterial, matt};
use crate::math::{DVec2, DVec3};
use crate::session::frame::to_bevy;
use crate::session::{GameConfig, Preferences, Screen, Session};
use crate::shot::Spot;
use crate::table::TableGeometry;
use bevy::prelude::*;
use diamonds::Diamond;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, spawn_table.run_if(resource_added::<Session>));
    diamonds::plugin(app);
}

/// The table's model, the parent of its parts.
#[derive(Component)]
pub(in crate::view) struct TableModel;

/// Below the bed, m (table frame, z = 0 on the cloth): the slate's underside, the
/// apron's lower edge, the body's.
const SLATE_BOTTOM: f64 = -0.045;
const APRON_BOTTOM: f64 = -0.23;
const BODY_BOTTOM: f64 = -0.31;

/// The cloth's colour of the settings, linear: what the table's cloth is drawn with.
pub(super) fn cloth_colour(config: &GameConfig, preferences: &Preferences) -> Color {
    let (r, g, b) = config.0.tables.cloth(&preferences.cloth).srgb;
    Color::srgb(r, g, b)
}

/// A box between two corners given in the table frame, in its place.
fn slab(a: DVec3, b: DVec3) -> Mesh {
    let (lo, hi) = (to_bevy(a).min(to_bevy(b)), to_bevy(a).max(to_bevy(b)));
    Mesh::from(Cuboid::from_size(hi - lo))
        .transformed_by(Transform::from_translation((lo + hi) / 2.0))
}

/// The rail's section (as the cushion's: back from the nose line, height), from the
/// cushion's back over the rounded top and down the apron, with the wood on its left.
fn rail_section(t: &TableGeometry) -> Vec<DVec2> {
    let (w, rw, rh) = (t.cushion_width, t.rail_width, t.rail_height);
    let outer = w + rw;
    let top_round = 0.016;
    let mut points = vec![DVec2::new(w, rh)];
    points.extend(edge::round(
        DVec2::new(outer - top_round, rh),
        DVec2::X,
        DVec2::NEG_Y,
        top_round,
        6,
    ));
    // A bead under the rail, then the apron set back a little, rounded at its foot.
    let bead = rh - 0.05;
    points.extend([
        DVec2::new(outer, bead),
        DVec2::new(outer - 0.012, bead - 0.01),
    ]);
    let foot_round = 0.02;
    points.push(DVec2::new(outer - 0.012, APRON_BOTTOM + foot_round));
    points.extend(edge::round(
        DVec2::new(outer - 0.012, APRON_BOTTOM + foot_round),
        DVec2::NEG_Y,
        DVec2::NEG_X,
        foot_round,
        4,
    ));
    points.push(DVec2::new(w - 0.03, APRON_BOTTOM));
    // `swept` wants the solid on the left going along: the section backwards.
    points.reverse();
    points
}

fn spawn_table(
    mut commands: Commands,
    session: Res<Session>,
    config: Res<GameConfig>,
    preferences: Res<Preferences>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut surfaces: ResMut<Assets<SurfaceMaterial>>,
) {
    let t: &TableGeometry = session.table();
    let bed = Vec2::new(t.half_length() as f32, t.half_width() as f32);
    let material = |color: Color, roughness: f32| {
        matt(StandardMaterial {
            base_color: color,
            perceptual_roughness: roughness,
            ..default()
        })
    };
    let colour = cloth_colour(&config, &preferences);
    let cloth = surfaces.add(SurfaceMaterial {
        base: StandardMaterial {
            base_color: colour,
            perceptual_roughness: 0.95,
            reflectance: 0.1,
            ..default()
        },
        extension: Grain::felt(colour, 0.3, 700.0),
    });
    // Varnished, but with little of the environment map's reflection, which is the
    // room seen from the bed's middle (`reflections`).
    let mut wood = |dark: Color, light: Color, roughness: f32| {
        surfaces.add(SurfaceMaterial {
            base: StandardMaterial {
                perceptual_roughness: roughness,
                reflectance: 0.15,
                ..default()
            },
            extension: Grain::wood(dark, light, bed),
        })
    };
    let rail_wood = wood(
        Color::srgb(0.20, 0.08, 0.035),
        Color::srgb(0.42, 0.19, 0.08),
        0.35,
    );
    let body_wood = wood(
        Color::srgb(0.09, 0.04, 0.02),
        Color::srgb(0.20, 0.09, 0.04),
        0.45,
    );
    let pearl = surfaces.add(material(Color::srgb(0.93, 0.92, 0.86), 0.2));
    let spot = surfaces.add(material(Color::srgb(0.85, 0.85, 0.82), 0.9));
    let slate = surfaces.add(material(Color::srgb(0.16, 0.17, 0.18), 0.8));
    let root = commands
        .spawn((
            Name::new("Table"),
            TableModel,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ))
        .id();
    let (lozenge, diamond_places) = diamonds::placed(t);
    let lozenge = meshes.add(lozenge);
    // One part of the table: its mesh (in the table's place); the caller adds the
    // material.
    let mut piece = |name: &str, shape: Mesh| {
        (
            Name::new(name.to_string()),
            Mesh3d(meshes.add(shape)),
            Transform::default(),
            ChildOf(root),
        )
    };
    let outer = t.outer_half_extents();
    let (hl, hw) = (t.half_length(), t.half_width());
    // The cloth: the bed over the slate, reaching under the cushions, and the cushions.
    // The slate's edge under it, seen where the apron stops short of the body.
    let reach = DVec2::new(hl, hw) + DVec2::splat(t.cushion_width);
    let cushions = edge::swept(t, &t.cushion_section(), true);
    commands.spawn((
        piece(
            "Cloth",
            merged([
                slab((-reach).extend(-0.001), reach.extend(0.0)),
                cushions.clone(),
            ]),
        ),
        MeshMaterial3d(cloth),
    ));
    commands.spawn((
        piece(
            "Slate",
            slab((-reach).extend(SLATE_BOTTOM), reach.extend(-0.001)),
        ),
        MeshMaterial3d(slate),
    ));
    let rails = edge::swept(t, &rail_section(t), false);
    // What hides a ball or a line from a camera low beside the table, drawn sharp.
    commands.spawn((
        piece(
            "Rails and cushions, hiding",
            merged([rails.clone(), cushions]),
        ),
        MeshMaterial3d(surfaces.add(SurfaceMaterial {
            base: StandardMaterial::default(),
            extension: Grain::depth_only(),
        })),
        hiding_sharp_things(),
    ));
    commands.spawn((piece("Rails", rails), MeshMaterial3d(rail_wood)));
    for place in diamond_places {
        commands.spawn((
            Name::new("Diamond"),
            Diamond,
            Mesh3d(lozenge.clone()),
            MeshMaterial3d(pearl.clone()),
            place,
            Sharp,
            ChildOf(root),
        ));
    }
    let spots = [Spot::Head, Spot::Foot, Spot::Centre].map(|s| {
        Mesh::from(Cylinder::new(0.0035, 0.0004)).transformed_by(Transform::from_translation(
            to_bevy(t.spot(s).extend(0.0002)),
        ))
    });
    commands.spawn((piece("Spots", merged(spots)), MeshMaterial3d(spot)));
    // The body under the apron, set in from it, and six heavy legs down to the floor.
    let inset = DVec2::splat(0.05);
    let body = slab(
        (-(outer - inset)).extend(BODY_BOTTOM),
        (outer - inset).extend(APRON_BOTTOM + 0.01),
    );
    let leg = 0.075;
    let legs = [-0.82, 0.0, 0.82]
        .into_iter()
        .flat_map(|fx| [(fx, -1.0), (fx, 1.0)])
        .map(|(fx, sy)| {
            let centre = DVec2::new(fx * hl, sy * (outer.y - inset.y - leg - 0.03));
            slab(
                (centre - DVec2::splat(leg)).extend(-t.bed_height),
                (centre + DVec2::splat(leg)).extend(BODY_BOTTOM),
            )
        });
    commands.spawn((
        piece("Body and legs", merged(std::iter::once(body).chain(legs))),
        MeshMaterial3d(body_wood),
    ));
}

/// One mesh of several parts already in their places: one drawing of one material
/// where each part would be one.
pub(super) fn merged(parts: impl IntoIterator<Item = Mesh>) -> Mesh {
    let mut parts = parts.into_iter();
    let mut all = parts.next().expect("at least one part");
    for part in parts {
        all.merge(&part)
            .expect("the parts of one material are built with the same attributes");
    }
    all
}

#[cfg(test)]
mod tests {
    use super::edge::swept;
    use crate::config::Config;
    use crate::math::{DVec2, DVec3};
    use crate::physics::TableSim;
    use crate::session::frame::to_table;
    use crate::shot::{BallId, EventKind};
    use crate::table::TableGeometry;
    use bevy::mesh::VertexAttributeValues;
    use bevy::prelude::*;

    fn vertices(mesh: &Mesh) -> Vec<DVec3> {
        let Some(VertexAttributeValues::Float32x3(p)) = mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        p.iter().map(|&v| to_table(Vec3::from(v))).collect()
    }

    /// The drawn cushions' nose: the points of their mesh at the nose's height.
    fn drawn_nose(table: &TableGeometry) -> Vec<DVec3> {
        let mesh = swept(table, &table.cushion_section(), true);
        vertices(&mesh)
            .into_iter()
            .filter(|p| (p.z - table.nose_height).abs() < 1e-6)
            .collect()
    }

    #[test]
    fn the_drawn_nose_is_the_line_a_ball_meets_in_the_physics() {
        let config = Config::defaults();
        let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
        let nose = drawn_nose(&table);
        // Four sides, each drawn from mitre to mitre: its two ends, twice (the faces
        // either side of the nose).
        assert_eq!(nose.len(), 16);
        let (hl, hw) = (table.half_length(), table.half_width());
        for p in &nose {
            let on_a_side = ((p.x.abs() - hl).abs() < 1e-6 && p.y.abs() <= hw + 1e-6)
                || ((p.y.abs() - hw).abs() < 1e-6 && p.x.abs() <= hl + 1e-6);
            assert!(on_a_side, "{p} is off the nose lines");
        }
        // A ball rolled straight at the foot cushion: where the physics has it touch,
        // its surface touches the drawn nose line.
        let mut sim = TableSim::new(&config, table.clone());
        sim.place(&[(BallId::White, DVec2::new(0.5, 0.1))]).unwrap();
        let (v, r) = (1.5, table.ball_radius);
        sim.launch(
            BallId::White,
            DVec3::new(v, 0.0, 0.0),
            DVec3::new(0.0, v / r, 0.0),
            None,
        )
        .unwrap();
        let record = sim.run_to_rest();
        let at = record
            .events
            .iter()
            .find_map(|e| match e.kind {
                EventKind::Cushion { at: Some(at), .. } => Some(DVec2::from(at)),
                _ => None,
            })
            .expect("the ball reaches the cushion");
        let centre = at.extend(table.ball_radius);
        let foot_nose = nose.iter().filter(|p| (p.x - hl).abs() < 1e-6);
        let gap = foot_nose
            .map(|p| {
                // The distance from the centre to the nose line (along y).
                let line = DVec3::new(p.x, centre.y, p.z);
                (line - centre).length() - table.ball_radius
            })
            .fold(f64::INFINITY, f64::min);
        assert!(
            gap.abs() < 0.5e-3,
            "the ball meets the drawn nose {gap} m off"
        );
    }
}
