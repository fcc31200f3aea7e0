//! The table's own surfaces: the cloth (the grain and nap of woven felt, the balls'
//! contact shadows) and the wood (growth rings along each rail), the standard material
//! extended by `shaders/surface.wgsl` (compiled into the binary, so it runs from any
//! folder). At the low graphics every surface lights itself simply, by the same lamp as
//! `lights` hangs over the table, and the polished ones (balls, cue) mirror its lit face.

use super::lights::Lamp;
use crate::session::{Ball, Session};
use bevy::asset::uuid_handle;
use bevy::mesh::MeshVertexBufferLayoutRef;
use bevy::pbr::{
    ExtendedMaterial, MaterialExtension, MaterialExtensionKey, MaterialExtensionPipeline,
};
use bevy::prelude::*;
use bevy::render::render_resource::{
    AsBindGroup, ColorWrites, RenderPipelineDescriptor, SpecializedMeshPipelineError,
};
use bevy::shader::{Shader, ShaderRef};

const TABLE_LIGHT_SHADER: Handle<Shader> = uuid_handle!("0c1e6a52-93d4-4f57-8d0b-6a8e2f4c1d90");
const SURFACE_SHADER: Handle<Shader> = uuid_handle!("5b7d1f3e-2c4a-4e8b-9a61-0f3c7d2e8b14");

/// Every surface of the table, the room, the balls and the cue: a standard material,
/// with the grain of felt or of wood or with none. One material type for all, so that
/// one pipeline draws them with the full lighting: software rendering compiles each
/// pipeline's shaders at its first drawing, most of a second for the full lighting's.
pub type SurfaceMaterial = ExtendedMaterial<StandardMaterial, Grain>;

/// The most balls a cloth shades (four-ball).
const SHADOWED_BALLS: usize = 4;

/// The grain of a surface (felt, wood or none), and which shader draws it.
#[derive(Asset, AsBindGroup, Reflect, Debug, Clone)]
#[bind_group_data(Shading)]
pub struct Grain {
    /// x: 0 for felt, 1 for wood, 2 for none, 3 for depth only (`Kind::code`); zw: the
    /// bed's half length and half width, m (which way each rail's wood runs).
    #[uniform(100)]
    pub surface: Vec4,
    /// Felt: x the strength of the shading (0..1), y fibres per metre. Wood: x rings
    /// per metre. Polished: x how bright the lamp's mirror image is, y how soft its
    /// edge (a share of the face's size).
    #[uniform(101)]
    pub grain: Vec4,
    /// Felt, matt and polished surfaces: their colour, linear, for the simple lighting
    /// (the full lighting takes the standard material's). Wood: its dark colour.
    #[uniform(102)]
    pub dark: Vec4,
    /// Wood: its light colour, linear.
    #[uniform(103)]
    pub light: Vec4,
    /// Felt: the balls' centres (Bevy frame) and radii, radius 0 for none: their
    /// contact shadows.
    #[uniform(104)]
    pub balls: [Vec4; SHADOWED_BALLS],
    /// The lamp's lit face (`Lamp::uniform`), given by `light_from_the_lamp`.
    #[uniform(105)]
    pub lamp: Vec4,
    /// Polished surfaces: their picture (the dotted ball's dots, the cue's bands), for
    /// the simple lighting (the full lighting takes the standard material's).
    #[texture(106)]
    #[sampler(107)]
    pub picture: Option<Handle<Image>>,
    pub kind: Kind,
    /// Which shader draws it (`Grain::shading_for`).
    pub shading: Shading,
}

/// What a surface is, for the shader that draws it.
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Reflect)]
pub enum Kind {
    Felt,
    Wood,
    /// Without grain, lit simply at the low graphics: the slate, pearl, spots, room.
    Matt,
    /// Without grain, shining: the balls, the cue. Lit simply at the low graphics;
    /// at both, a clear coat over it mirrors the lamp's face sharply.
    Polished,
    /// The hall beyond the table (floor, curtains, the other table, chairs, the lamp's
    /// housing): lit simply by the lamp's spill at both graphics, a dim backdrop that
    /// the full lighting would charge a software renderer a third of a frame for.
    Room,
    /// The lamp's glowing face: the standard material, unlit, at both graphics.
    Glowing,
    /// Nothing drawn but depth: what hides the sharp things (`view::resolution`).
    DepthOnly,
}

impl Kind {
    /// The shader that draws a surface of this kind with the simple lighting or the
    /// full: the simple lighting draws every surface but the glowing one.
    fn shading(self, simple_lighting: bool) -> Shading {
        match (self, simple_lighting) {
            (Kind::DepthOnly, _) => Shading::DepthOnly,
            // The matt surfaces' pipeline, shared with the low graphics.
            (Kind::Room, _) => Shading::Simple(Kind::Matt),
            (_, false) => Shading::Full,
            (Kind::Glowing, true) => Shading::Plain,
            (Kind::Felt | Kind::Wood | Kind::Matt | Kind::Polished, true) => Shading::Simple(self),
        }
    }

    /// The shader's `surface.x`.
    fn code(self) -> f32 {
        match self {
            Kind::Felt => 0.0,
            Kind::Wood => 1.0,
            Kind::Matt | Kind::Room | Kind::Glowing => 2.0,
            Kind::DepthOnly => 3.0,
            Kind::Polished => 4.0,
        }
    }
}

/// Which shader a surface's pipeline is built from, chosen so that each preset compiles
/// as few as it can: software rendering compiles a pipeline's shaders at its first
/// drawing, most of a second for the full lighting's.
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Reflect)]
pub enum Shading {
    /// The lamp's light worked out simply, the full lighting left out
    /// (`SIMPLE_LIGHTING`): every surface but the glowing one at the low graphics,
    /// with only its own grain compiled in (`FELT`, `WOOD`, `NO_GRAIN`, or `POLISHED`
    /// for the lamp's mirror image). Software rendering runs both sides of a branch: an
    /// unlit surface drawn by the full lighting's shader pays for all of it, and felt
    /// drawn by a shader that picks its grain as it runs pays for the wood's too.
    Simple(Kind),
    /// The full lighting, with the grains compiled in: every surface at the high
    /// graphics, in one pipeline.
    Full,
    /// The full lighting without the grains' code (`NO_GRAIN`): the glowing surface at
    /// the low graphics, where the others are drawn simply.
    Plain,
    /// Nothing drawn but depth (`DEPTH_ONLY`): what hides the sharp things from the
    /// sharp camera (`view::resolution`).
    DepthOnly,
}

impl From<&Grain> for Shading {
    fn from(grain: &Grain) -> Shading {
        grain.shading
    }
}

/// How a polished surface's clear coat mirrors the lamp's face: how bright its image
/// (0..1 of white) and how soft its edge (a share of the face's size).
pub struct Coat {
    pub shine: f32,
    pub softness: f32,
}

/// A polished surface: the standard material (its own, rougher, sheen at the high
/// graphics; its colour and picture lit simply at the low), under a clear coat that
/// mirrors the lamp's face at both.
pub fn polished(base: StandardMaterial, coat: Coat) -> SurfaceMaterial {
    let extension = Grain {
        grain: Vec4::new(coat.shine, coat.softness, 0.0, 0.0),
        dark: base.base_color.to_linear().to_vec4(),
        picture: base.base_color_texture.clone(),
        ..Grain::none(Kind::Polished)
    };
    SurfaceMaterial { base, extension }
}

/// A matt surface without grain: the standard material, lit simply at the low graphics.
pub fn matt(base: StandardMaterial) -> SurfaceMaterial {
    unpolished(base, Kind::Matt)
}

/// A surface of the hall beyond the table (`Kind::Room`), of this colour.
pub fn in_the_room(colour: Color) -> SurfaceMaterial {
    unpolished(
        StandardMaterial {
            base_color: colour,
            perceptual_roughness: 0.9,
            ..default()
        },
        Kind::Room,
    )
}

fn unpolished(base: StandardMaterial, kind: Kind) -> SurfaceMaterial {
    let extension = Grain {
        dark: base.base_color.to_linear().to_vec4(),
        ..Grain::none(kind)
    };
    SurfaceMaterial { base, extension }
}

/// The lamp's glowing face: the standard material, unlit, at both graphics.
pub fn glowing(base: StandardMaterial) -> SurfaceMaterial {
    SurfaceMaterial {
        base: StandardMaterial {
            unlit: true,
            ..base
        },
        extension: Grain::none(Kind::Glowing),
    }
}

impl Grain {
    pub fn felt(colour: Color, strength: f32, fibres_per_metre: f32) -> Grain {
        Grain {
            grain: Vec4::new(strength, fibres_per_metre, 0.0, 0.0),
            dark: colour.to_linear().to_vec4(),
            ..Grain::none(Kind::Felt)
        }
    }

    pub fn wood(dark: Color, light: Color, bed_half_extents: Vec2) -> Grain {
        Grain {
            surface: Vec4::new(
                Kind::Wood.code(),
                0.0,
                bed_half_extents.x,
                bed_half_extents.y,
            ),
            grain: Vec4::new(60.0, 0.0, 0.0, 0.0),
            dark: dark.to_linear().to_vec4(),
            light: light.to_linear().to_vec4(),
            ..Grain::none(Kind::Wood)
        }
    }

    /// A surface of `kind` with nothing of grain, colour or lamp set.
    fn none(kind: Kind) -> Grain {
        Grain {
            surface: Vec4::new(kind.code(), 0.0, 0.0, 0.0),
            grain: Vec4::ZERO,
            dark: Vec4::ZERO,
            light: Vec4::ZERO,
            balls: [Vec4::ZERO; SHADOWED_BALLS],
            lamp: Vec4::ZERO,
            picture: None,
            kind,
            shading: kind.shading(false),
        }
    }

    /// No colour at all, only depth (`Shading::DepthOnly`) at both presets.
    pub fn depth_only() -> Grain {
        Grain::none(Kind::DepthOnly)
    }

    pub fn is_felt(&self) -> bool {
        self.kind == Kind::Felt
    }

    /// The shader for this surface with the simple lighting or the full.
    pub fn shading_for(&self, simple_lighting: bool) -> Shading {
        self.kind.shading(simple_lighting)
    }

    /// Felt's colour, for the simple lighting.
    pub fn set_felt_colour(&mut self, colour: Color) {
        self.dark = colour.to_linear().to_vec4();
    }
}

impl MaterialExtension for Grain {
    fn fragment_shader() -> ShaderRef {
        SURFACE_SHADER.into()
    }

    fn specialize(
        _pipeline: &MaterialExtensionPipeline,
        descriptor: &mut RenderPipelineDescriptor,
        _layout: &MeshVertexBufferLayoutRef,
        key: MaterialExtensionKey<Self>,
    ) -> Result<(), SpecializedMeshPipelineError> {
        let defs: &[&str] = match key.bind_group_data {
            Shading::Simple(Kind::Felt) => &["SIMPLE_LIGHTING", "FELT"],
            Shading::Simple(Kind::Wood) => &["SIMPLE_LIGHTING", "WOOD"],
            Shading::Simple(Kind::Polished) => &["SIMPLE_LIGHTING", "POLISHED"],
            Shading::Simple(_) => &["SIMPLE_LIGHTING", "NO_GRAIN"],
            Shading::Plain => &["NO_GRAIN"],
            Shading::DepthOnly => &["DEPTH_ONLY"],
            Shading::Full => return Ok(()),
        };
        if key.bind_group_data == Shading::DepthOnly
            && let Some(fragment) = descriptor.fragment.as_mut()
        {
            for target in fragment.targets.iter_mut().flatten() {
                target.write_mask = ColorWrites::empty();
            }
        }
        if let Some(fragment) = descriptor.fragment.as_mut() {
            fragment
                .shader_defs
                .extend(defs.iter().map(|&def| def.into()));
        }
        Ok(())
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
            SURFACE_SHADER,
            include_str!("../../shaders/surface.wgsl"),
            "shaders/surface.wgsl",
        ),
    ] {
        shaders
            .insert(handle.id(), Shader::from_wgsl(source, path))
            .expect("a shader with a fixed id always goes in");
    }
    app.add_plugins(MaterialPlugin::<SurfaceMaterial>::default());
    app.add_systems(
        PostUpdate,
        light_from_the_lamp.run_if(
            resource_exists::<Session>
                .and_then(resource_added::<Session>.or_else(added::<SurfaceMaterial>)),
        ),
    );
    // Where this frame draws the balls (the table's poses, or a replay's).
    app.add_systems(
        PostUpdate,
        shade_under_the_balls
            .run_if(resource_exists::<Session>)
            .after(TransformSystems::Propagate),
    );
}

/// Every surface takes the lamp over this table, for the simple lighting: the same
/// lamp as `lights` hangs, which the balls and cue, made before or after the table is
/// known, could not be given when made.
fn light_from_the_lamp(session: Res<Session>, mut surfaces: ResMut<Assets<SurfaceMaterial>>) {
    let lamp = Lamp::over(session.table()).uniform();
    change_where(
        &mut surfaces,
        |s| s.extension.lamp != lamp,
        |s| s.extension.lamp = lamp,
    );
}

/// Whether a material of this kind appeared.
pub(super) fn added<M: Asset>(mut events: MessageReader<AssetEvent<M>>) -> bool {
    events
        .read()
        .any(|event| matches!(event, AssetEvent::Added { .. }))
}

/// Where the balls on the table are drawn now, for the cloth's contact shadows (a ball
/// off the table, or not in the game, casts none).
fn shade_under_the_balls(
    balls: Query<(&GlobalTransform, &Visibility), With<Ball>>,
    session: Res<Session>,
    mut surfaces: ResMut<Assets<SurfaceMaterial>>,
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
        &mut surfaces,
        |c| c.extension.is_felt() && c.extension.balls != shading,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_high_graphics_draws_the_table_with_one_shader_and_the_low_each_kind_with_its_own() {
        let surfaces = [
            Grain::felt(Color::srgb(0.12, 0.33, 0.64), 0.3, 700.0),
            Grain::wood(Color::BLACK, Color::WHITE, Vec2::new(1.42, 0.71)),
            matt(StandardMaterial::default()).extension,
            polished(
                StandardMaterial::default(),
                Coat {
                    shine: 0.5,
                    softness: 0.1,
                },
            )
            .extension,
            glowing(StandardMaterial::default()).extension,
            in_the_room(Color::BLACK).extension,
        ];
        let shaders = |simple| surfaces.each_ref().map(|s| s.shading_for(simple));
        assert_eq!(
            shaders(false),
            [
                Shading::Full,
                Shading::Full,
                Shading::Full,
                Shading::Full,
                Shading::Full,
                Shading::Simple(Kind::Matt)
            ]
        );
        assert_eq!(
            shaders(true),
            [
                Shading::Simple(Kind::Felt),
                Shading::Simple(Kind::Wood),
                Shading::Simple(Kind::Matt),
                Shading::Simple(Kind::Polished),
                Shading::Plain,
                Shading::Simple(Kind::Matt)
            ]
        );
    }

    #[test]
    fn what_hides_the_sharp_things_draws_only_depth_at_both_graphics() {
        let hiding = Grain::depth_only();
        assert_eq!(hiding.shading, Shading::DepthOnly);
        assert_eq!(hiding.shading_for(true), Shading::DepthOnly);
        assert_eq!(hiding.shading_for(false), Shading::DepthOnly);
        assert!(!hiding.is_felt());
    }
}
