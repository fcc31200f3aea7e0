//! The cloth's look: the standard material with the grain of woven felt, drawn by
//! `shaders/cloth.wgsl` (compiled into the binary, so it runs from any folder).

use bevy::asset::uuid_handle;
use bevy::pbr::{ExtendedMaterial, MaterialExtension};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::{Shader, ShaderRef};

const CLOTH_SHADER: Handle<Shader> = uuid_handle!("5b7d1f3e-2c4a-4e8b-9a61-0f3c7d2e8b14");

/// Cloth: a standard material with a felt grain.
pub type ClothMaterial = ExtendedMaterial<StandardMaterial, FeltGrain>;

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
}

impl FeltGrain {
    pub fn new(colour: Color, strength: f32, fibres_per_metre: f32) -> FeltGrain {
        FeltGrain {
            grain: Vec4::new(strength, fibres_per_metre, 0.0, 0.0),
            colour: colour.to_linear().to_vec4(),
        }
    }

    pub fn simple_lighting(&self) -> bool {
        self.grain.z > 0.5
    }

    pub fn set_simple_lighting(&mut self, simple: bool) {
        self.grain.z = if simple { 1.0 } else { 0.0 };
    }
}

impl MaterialExtension for FeltGrain {
    fn fragment_shader() -> ShaderRef {
        CLOTH_SHADER.into()
    }
}

pub(super) fn plugin(app: &mut App) {
    let shader = Shader::from_wgsl(
        include_str!("../../shaders/cloth.wgsl"),
        "shaders/cloth.wgsl",
    );
    app.world_mut()
        .resource_mut::<Assets<Shader>>()
        .insert(CLOTH_SHADER.id(), shader)
        .expect("a shader with a fixed id always goes in");
    app.add_plugins(MaterialPlugin::<ClothMaterial>::default());
}
