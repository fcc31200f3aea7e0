//! How many frames in a row the renderer has had every pipeline it was asked for
//! compiled. A software renderer compiles them for seconds after a scene or a preset
//! asks for them, and draws nothing of what waits: `--screenshot` and
//! `--preset-round-trips` wait for this before they look.
//!
//! Clock: counted in the render world's `Cleanup`, read in the main world.

use bevy::prelude::*;
use bevy::render::render_resource::{CachedPipelineState, PipelineCache};
use bevy::render::{Render, RenderApp, RenderSystems};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

/// Frames in a row with every pipeline compiled, and how many are (written by the
/// render world).
#[derive(Resource, Clone, Default)]
pub struct CompiledFrames {
    frames: Arc<AtomicU32>,
    pipelines: Arc<AtomicU32>,
}

impl CompiledFrames {
    pub fn frames(&self) -> u32 {
        self.frames.load(Ordering::Relaxed)
    }

    pub fn pipelines(&self) -> u32 {
        self.pipelines.load(Ordering::Relaxed)
    }
}

/// Counts the frames, once however many ask.
pub(super) fn count(app: &mut App) {
    if app.world().contains_resource::<CompiledFrames>() {
        return;
    }
    let compiled = CompiledFrames::default();
    app.insert_resource(compiled.clone());
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render.insert_resource(compiled);
        render.add_systems(Render, count_compiled_frames.in_set(RenderSystems::Cleanup));
    }
}

fn count_compiled_frames(pipelines: Res<PipelineCache>, compiled: Res<CompiledFrames>) {
    let waiting = pipelines.waiting_pipelines().next().is_some();
    let ready = pipelines
        .pipelines()
        .filter(|p| matches!(p.state, CachedPipelineState::Ok(_)))
        .count();
    compiled.pipelines.store(ready as u32, Ordering::Relaxed);
    if waiting || ready == 0 {
        compiled.frames.store(0, Ordering::Relaxed);
    } else {
        compiled.frames.fetch_add(1, Ordering::Relaxed);
    }
}
