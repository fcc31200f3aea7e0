//! The rapier world of one table: the slate, cushions, rail tops, table frame and floor
//! as fixed colliders (cuboids, convex hulls, a half-space), and a body per ball. Balls
//! on the cloth are moved by the closed-form cloth model and are kinematic here; a ball
//! off the cloth (in the air, on a rail, on its way to the floor) is dynamic and rapier
//! steps it, with its real contacts reported back.

use super::cloth::Kinematics;
use crate::config::PhysicsConfig;
use crate::math::{DQuat, DVec2, DVec3};
use crate::shot::BallId;
use crate::shot::Cushion;
use crate::table::TableGeometry;
use rapier3d::glamx::{Pose3, Quat, Vec3};
use rapier3d::parry::query;
use rapier3d::prelude::*;

/// What a fixed collider is, as rule 21 sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Bed,
    Cushion(Cushion),
    Rail,
    Frame,
    /// Not part of the table: touching it makes a ball jumped (rule 21).
    Floor,
}

impl Part {
    const ALL: [Part; 8] = [
        Part::Bed,
        Part::Cushion(Cushion::Head),
        Part::Cushion(Cushion::Foot),
        Part::Cushion(Cushion::Left),
        Part::Cushion(Cushion::Right),
        Part::Rail,
        Part::Frame,
        Part::Floor,
    ];

    /// A small number per part, for bit masks.
    pub fn code(self) -> u32 {
        Part::ALL.iter().position(|&p| p == self).unwrap_or(0) as u32
    }
}

/// Balls collide with the table in rapier, never with each other: ball–ball contacts
/// are the contact model's (see `contact`).
const BALLS: Group = Group::GROUP_1;
const TABLE: Group = Group::GROUP_2;

pub struct RapierTable {
    world: PhysicsWorld,
    bodies: [RigidBodyHandle; 4],
    colliders: [ColliderHandle; 4],
    /// The table's fixed colliders and what each is.
    parts: Vec<(ColliderHandle, Part)>,
}

/// Surfaces this close count as touching, m (rapier keeps resting bodies a hair apart
/// or a hair inside each other).
const TOUCH_DISTANCE: f32 = 1e-4;
/// How far to look for the surface (and its normal) of a part that pushed a ball.
const NORMAL_SEARCH_DISTANCE: f32 = 0.01;

/// How thick the slate and frame are, m (only their tops matter to a ball).
const SLATE_THICKNESS: f64 = 0.045;
const FRAME_DEPTH: f64 = 0.25;

impl RapierTable {
    pub fn new(table: &TableGeometry, physics: &PhysicsConfig, mass: f64) -> RapierTable {
        let mut world = PhysicsWorld::new();
        world.gravity = Vec3::new(0.0, 0.0, -physics.gravity_m_s2 as f32);
        // A ball meets the table's parts as a rigid body, with no give: rapier's defaults
        // are soft springs for piles of boxes, which let a ball sink a fraction of a
        // millimetre into a cushion, and keep a standoff of 5 mm for its speculative
        // contacts.
        world.integration_parameters.static_contact_softness = SpringCoefficients::new(1.0e4, 1.0);
        world.integration_parameters.normalized_allowed_linear_error = 1e-5;
        let slate = (physics.slate.restitution, physics.slate.friction);
        let cushion = (physics.cushion.restitution(2.0), physics.cushion.friction);
        let mut parts = Vec::new();
        for (part, shape, pose, (restitution, friction)) in fixed_parts(table, slate, cushion) {
            let collider = ColliderBuilder::new(shape)
                .position(pose)
                .restitution(restitution as f32)
                .friction(friction as f32)
                .restitution_combine_rule(CoefficientCombineRule::Max)
                .friction_combine_rule(CoefficientCombineRule::Max)
                .collision_groups(InteractionGroups::new(
                    TABLE,
                    BALLS,
                    InteractionTestMode::And,
                ))
                .build();
            parts.push((world.colliders.insert(collider), part));
        }
        let r = table.ball_radius as f32;
        let mut bodies = [RigidBodyHandle::invalid(); 4];
        let mut colliders = [ColliderHandle::invalid(); 4];
        for (i, id) in BallId::ALL.iter().enumerate() {
            let body = RigidBodyBuilder::kinematic_position_based()
                .can_sleep(false)
                .ccd_enabled(true)
                .allow_fast_rotation(true)
                .enabled(false)
                .user_data(id.index() as u128)
                .build();
            bodies[i] = world.bodies.insert(body);
            let collider = ColliderBuilder::ball(r)
                .mass(mass as f32)
                .restitution(0.0)
                .friction(0.0)
                .collision_groups(InteractionGroups::new(
                    BALLS,
                    TABLE,
                    InteractionTestMode::And,
                ))
                .build();
            colliders[i] =
                world
                    .colliders
                    .insert_with_parent(collider, bodies[i], &mut world.bodies);
        }
        RapierTable {
            world,
            bodies,
            colliders,
            parts,
        }
    }

    /// Puts a ball's body where the simulation has it: dynamic when rapier is to move it
    /// (off the cloth), kinematic when the cloth model does, disabled when not in play.
    pub fn sync(&mut self, ball: BallId, k: Option<&Kinematics>, dynamic: bool) {
        let body = &mut self.world.bodies[self.bodies[ball.index()]];
        let Some(k) = k else {
            body.set_enabled(false);
            return;
        };
        body.set_enabled(true);
        let kind = if dynamic {
            RigidBodyType::Dynamic
        } else {
            RigidBodyType::KinematicPositionBased
        };
        if body.body_type() != kind {
            body.set_body_type(kind, true);
        }
        let pose = Pose3::from_parts(to_f32(k.pos), to_quat(k.orientation));
        if dynamic {
            body.set_position(pose, true);
            body.set_linvel(to_f32(k.vel), true);
            body.set_angvel(to_f32(k.spin), true);
        } else {
            body.set_position(pose, true);
            body.set_next_kinematic_position(pose);
        }
    }

    /// One rapier step of `dt` s.
    pub fn step(&mut self, dt: f64) {
        self.world.integration_parameters.dt = dt as f32;
        self.world.step();
    }

    /// The state rapier has for a (dynamic) ball.
    pub fn read(&self, ball: BallId, k: &mut Kinematics) {
        let body = &self.world.bodies[self.bodies[ball.index()]];
        let pose = body.position();
        k.pos = to_f64(pose.translation);
        k.orientation = DQuat::from_xyzw(
            pose.rotation.x as f64,
            pose.rotation.y as f64,
            pose.rotation.z as f64,
            pose.rotation.w as f64,
        )
        .normalize();
        k.vel = to_f64(body.linvel());
        k.spin = to_f64(body.angvel());
    }

    /// The fixed parts a ball touches: those the solver pushed it off during the last
    /// step (an impact that is over by the step's end), and those within
    /// `TOUCH_DISTANCE` of it where it is now (an exact query at the current poses: the
    /// narrow phase's points predate the step's motion and include near-misses). Each
    /// with the contact normal, from the part toward the ball.
    pub fn touching(&self, ball: BallId) -> Vec<(Part, DVec3)> {
        let handle = self.colliders[ball.index()];
        let mine = &self.world.colliders[handle];
        let mut parts = Vec::new();
        for &(part_handle, part) in &self.parts {
            let other = &self.world.colliders[part_handle];
            let near = query::contact(
                other.position(),
                other.shape(),
                mine.position(),
                mine.shape(),
                NORMAL_SEARCH_DISTANCE,
            )
            .ok()
            .flatten();
            let pushed = self
                .world
                .narrow_phase
                .contact_pair(part_handle, handle)
                .is_some_and(|pair| pair.total_impulse_magnitude() > 0.0);
            let Some(contact) = near.filter(|c| pushed || c.dist <= TOUCH_DISTANCE) else {
                continue;
            };
            if !parts.iter().any(|(p, _)| *p == part) {
                parts.push((part, to_f64(contact.normal1)));
            }
        }
        parts
    }
}

/// The table's fixed colliders: shape, pose and (restitution, friction).
fn fixed_parts(
    t: &TableGeometry,
    slate: (f64, f64),
    cushion: (f64, f64),
) -> Vec<(Part, SharedShape, Pose3, (f64, f64))> {
    let (hl, hw) = (t.half_length(), t.half_width());
    let outer = t.outer_half_extents();
    let cuboid = |half: DVec3| SharedShape::cuboid(half.x as f32, half.y as f32, half.z as f32);
    let at = |p: DVec3| Pose3::from_translation(to_f32(p));
    let mut parts = vec![
        (
            Part::Bed,
            cuboid(DVec3::new(outer.x, outer.y, SLATE_THICKNESS / 2.0)),
            at(DVec3::new(0.0, 0.0, -SLATE_THICKNESS / 2.0)),
            slate,
        ),
        (
            Part::Frame,
            cuboid(DVec3::new(outer.x, outer.y, FRAME_DEPTH / 2.0)),
            at(DVec3::new(0.0, 0.0, -SLATE_THICKNESS - FRAME_DEPTH / 2.0)),
            slate,
        ),
        (
            Part::Floor,
            SharedShape::halfspace(Vec3::Z),
            at(DVec3::new(0.0, 0.0, -t.bed_height)),
            slate,
        ),
    ];
    for cushion_side in Cushion::ALL {
        let inward = cushion_side.inward_normal().extend(0.0);
        let along = DVec3::Z.cross(inward); // along the cushion
        let half_span = match cushion_side {
            Cushion::Head | Cushion::Foot => outer.y,
            Cushion::Left | Cushion::Right => outer.x,
        };
        let mut points = Vec::new();
        for end in [-half_span, half_span] {
            for p in t.cushion_section() {
                points.push(to_f32(t.section_point(cushion_side, p, end)));
            }
        }
        let hull = SharedShape::convex_hull(&points).expect("a cushion section is convex");
        parts.push((Part::Cushion(cushion_side), hull, Pose3::IDENTITY, cushion));
        let rail_centre = t.section_point(
            cushion_side,
            DVec2::new(t.cushion_width + t.rail_width / 2.0, 0.0),
            0.0,
        );
        let rail_half = if along.x.abs() > 0.5 {
            DVec3::new(half_span, t.rail_width / 2.0, t.rail_height / 2.0)
        } else {
            DVec3::new(t.rail_width / 2.0, half_span, t.rail_height / 2.0)
        };
        parts.push((
            Part::Rail,
            cuboid(rail_half),
            at(rail_centre + DVec3::Z * (t.rail_height / 2.0)),
            slate,
        ));
    }
    let _ = (hl, hw);
    parts
}

fn to_f32(v: DVec3) -> Vec3 {
    Vec3::new(v.x as f32, v.y as f32, v.z as f32)
}

fn to_f64(v: Vec3) -> DVec3 {
    DVec3::new(v.x as f64, v.y as f64, v.z as f64)
}

fn to_quat(q: DQuat) -> Quat {
    Quat::from_xyzw(q.x as f32, q.y as f32, q.z as f32, q.w as f32)
}
