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

/// How the felt's grain shades the cloth.
#[derive(Asset, AsBindGroup, Reflect, Debug, Clone)]
pub struct FeltGrain {
    /// x: strength of the shading (0..1); y: fibres per metre.
    #[uniform(100)]
    pub grain: Vec4,
}

impl FeltGrain {
    pub fn new(strength: f32, fibres_per_metre: f32) -> FeltGrain {
        FeltGrain {
            grain: Vec4::new(strength, fibres_per_metre, 0.0, 0.0),
        }
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
