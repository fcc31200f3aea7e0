//! What Bevy would do in compute passes on the GPU, done on the CPU: the meshes'
//! instance data (Bevy's GPU preprocessing: instance building, culling, indirect
//! parameters) and the sorting of the lights into clusters. Those passes run every
//! frame and their shaders are compiled at start-up, which a software renderer does one
//! after another; the table has a dozen or so meshes and three lights, which a CPU
//! handles in microseconds. (`carom --frame-rate --quality low`, alternated runs:
//! clustering on the CPU, 23.5-25.0 fps aiming against 21.9-23.4.)

use bevy::light::cluster::GlobalClusterSettings;
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
    // Bevy's PBR plugin chooses GPU clustering, where the device can, as it finishes;
    // nothing is clustered before Startup.
    app.add_systems(Startup, cluster_on_the_cpu);
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

fn cluster_on_the_cpu(settings: Option<ResMut<GlobalClusterSettings>>) {
    // A headless app has no renderer, and no clusters.
    if let Some(mut settings) = settings {
        settings.gpu_clustering = None;
    }
}
