//! The table's own surfaces: the cloth (the grain and nap of woven felt, the balls'
//! contact shadows) and the wood (growth rings along each rail), each the standard
//! material extended by a shader of `shaders/` (compiled into the binary, so it runs
//! from any folder). Both also light themselves simply for the low graphics, by the
//! same lamp as `lights` hangs over the table.

use super::lights::Lamp;
use crate::game::{Ball, Session};
use bevy::asset::uuid_handle;
use bevy::pbr::{ExtendedMaterial, MaterialExtension};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::{Shader, ShaderRef};

const TABLE_LIGHT_SHADER: Handle<Shader> = uuid_handle!("0c1e6a52-93d4-4f57-8d0b-6a8e2f4c1d90");
const CLOTH_SHADER: Handle<Shader> = uuid_handle!("5b7d1f3e-2c4a-4e8b-9a61-0f3c7d2e8b14");
const WOOD_SHADER: Handle<Shader> = uuid_handle!("a3f06c1d-58b2-4e7a-b9c4-1d2e7f8a6b35");

/// Cloth: a standard material with a felt grain.
pub type ClothMaterial = ExtendedMaterial<StandardMaterial, FeltGrain>;

/// Wood: a standard material with a wood grain.
pub type WoodMaterial = ExtendedMaterial<StandardMaterial, WoodGrain>;

/// The most balls a cloth shades (four-ball).
const SHADOWED_BALLS: usize = 4;

/// How the felt's grain shades the cloth, and how it is lit.
#[derive(Asset, AsBindGroup, Reflect, Debug, Clone)]
pub struct FeltGrain {
    /// x: strength of the shading (0..1); y: fibres per metre; z: 1 for simple
    /// lighting (the low graphics), 0 for the full one.
    #[uniform(100)]
    pub grain: Vec4,
    /// The cloth's colour, linear, for the simple lighting (the full lighting takes the
    /// standard material's).
    #[uniform(101)]
    pub colour: Vec4,
    /// The balls' centres (Bevy frame) and radii, radius 0 for none: their contact
    /// shadows.
    #[uniform(102)]
    pub balls: [Vec4; SHADOWED_BALLS],
    #[uniform(103)]
    pub lamp: Vec4,
}

impl FeltGrain {
    pub fn new(colour: Color, strength: f32, fibres_per_metre: f32, lamp: &Lamp) -> FeltGrain {
        FeltGrain {
            grain: Vec4::new(strength, fibres_per_metre, 0.0, 0.0),
            colour: colour.to_linear().to_vec4(),
            balls: [Vec4::ZERO; SHADOWED_BALLS],
            lamp: lamp.uniform(),
        }
    }
}

/// The wood's rings and colours, and how it is lit.
#[derive(Asset, AsBindGroup, Reflect, Debug, Clone)]
pub struct WoodGrain {
    /// x: rings per metre; y: 1 for simple lighting; zw: the bed's half length and
    /// half width, m (which way each rail runs).
    #[uniform(100)]
    pub grain: Vec4,
    #[uniform(101)]
    pub dark: Vec4,
    #[uniform(102)]
    pub light: Vec4,
    #[uniform(103)]
    pub lamp: Vec4,
}

impl WoodGrain {
    pub fn new(dark: Color, light: Color, bed_half_extents: Vec2, lamp: &Lamp) -> WoodGrain {
        WoodGrain {
            grain: Vec4::new(60.0, 0.0, bed_half_extents.x, bed_half_extents.y),
            dark: dark.to_linear().to_vec4(),
            light: light.to_linear().to_vec4(),
            lamp: lamp.uniform(),
        }
    }
}

/// A surface that lights itself simply for the low graphics (`graphics`).
pub trait SimplyLit {
    fn simple_lighting(&self) -> bool;
    fn set_simple_lighting(&mut self, simple: bool);
}

impl SimplyLit for FeltGrain {
    fn simple_lighting(&self) -> bool {
        self.grain.z > 0.5
    }

    fn set_simple_lighting(&mut self, simple: bool) {
        self.grain.z = f32::from(u8::from(simple));
    }
}

impl SimplyLit for WoodGrain {
    fn simple_lighting(&self) -> bool {
        self.grain.y > 0.5
    }

    fn set_simple_lighting(&mut self, simple: bool) {
        self.grain.y = f32::from(u8::from(simple));
    }
}

impl MaterialExtension for FeltGrain {
    fn fragment_shader() -> ShaderRef {
        CLOTH_SHADER.into()
    }
}

impl MaterialExtension for WoodGrain {
    fn fragment_shader() -> ShaderRef {
        WOOD_SHADER.into()
    }
}

pub(super) fn plugin(app: &mut App) {
    let mut shaders = app.world_mut().resource_mut::<Assets<Shader>>();
    for (handle, source, path) in [
        (
            TABLE_LIGHT_SHADER,
            include_str!("../../shaders/table_light.wgsl"),
            "shaders/table_light.wgsl",
        ),
        (
            CLOTH_SHADER,
            include_str!("../../shaders/cloth.wgsl"),
            "shaders/cloth.wgsl",
        ),
        (
            WOOD_SHADER,
            include_str!("../../shaders/wood.wgsl"),
            "shaders/wood.wgsl",
        ),
    ] {
        shaders
            .insert(handle.id(), Shader::from_wgsl(source, path))
            .expect("a shader with a fixed id always goes in");
    }
    app.add_plugins((
        MaterialPlugin::<ClothMaterial>::default(),
        MaterialPlugin::<WoodMaterial>::default(),
    ));
    // Where this frame draws the balls (the table's poses, or a replay's).
    app.add_systems(
        PostUpdate,
        shade_under_the_balls
            .run_if(resource_exists::<Session>)
            .after(TransformSystems::Propagate),
    );
}

/// Where the balls on the table are drawn now, for the cloth's contact shadows (a ball
/// off the table, or not in the game, casts none).
fn shade_under_the_balls(
    balls: Query<(&GlobalTransform, &Visibility), With<Ball>>,
    session: Res<Session>,
    mut cloths: ResMut<Assets<ClothMaterial>>,
) {
    let r = session.table().ball_radius as f32;
    let mut shading = [Vec4::ZERO; SHADOWED_BALLS];
    let shown = balls
        .iter()
        .filter(|(_, visibility)| **visibility != Visibility::Hidden);
    for (slot, (ball, _)) in shading.iter_mut().zip(shown) {
        *slot = ball.translation().extend(r);
    }
    change_where(
        &mut cloths,
        |c| c.extension.balls != shading,
        |c| c.extension.balls = shading,
    );
}

/// Changes the materials `stale` picks, and only those: a changed material is prepared
/// and sent to the renderer again.
pub(super) fn change_where<M: Asset>(
    materials: &mut Assets<M>,
    stale: impl Fn(&M) -> bool,
    mut change: impl FnMut(&mut M),
) {
    let ids: Vec<_> = materials
        .iter()
        .filter(|(_, m)| stale(m))
        .map(|(id, _)| id)
        .collect();
    for id in ids {
        if let Some(mut material) = materials.get_mut(id) {
            change(&mut material);
        }
    }
}
