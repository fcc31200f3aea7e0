//! The meshes' instance data is built on the CPU, not by Bevy's GPU preprocessing: its
//! compute passes (instance building, culling, indirect parameters) run every frame
//! and their shaders are compiled at start-up, which a software renderer does one after
//! another. The table has a dozen or so meshes, which a CPU batches in microseconds.

use bevy::pbr::PbrPlugin;
use bevy::prelude::*;
use bevy::render::batching::gpu_preprocessing::{GpuPreprocessingMode, GpuPreprocessingSupport};
use bevy::render::{RenderApp, RenderStartup, init_gpu_resource};

/// Bevy's PBR plugin set to build instance data on the CPU. Its choice is made once,
/// when the plugins are finished; `plugin` makes the render world's follow it.
pub fn pbr_plugin() -> PbrPlugin {
    PbrPlugin {
        use_gpu_instance_buffer_builder: false,
        ..default()
    }
}

pub(super) fn plugin(app: &mut App) {
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        // Bevy finds what the device supports when the renderer starts, and the render
        // phases follow that finding: left at GPU preprocessing while the PBR plugin
        // batches on the CPU, nothing of the table is drawn.
        render.add_systems(
            RenderStartup,
            batch_on_the_cpu.after(init_gpu_resource::<GpuPreprocessingSupport>),
        );
    }
}

fn batch_on_the_cpu(mut support: ResMut<GpuPreprocessingSupport>) {
    support.max_supported_mode = GpuPreprocessingMode::None;
}
