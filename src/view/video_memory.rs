//! How the renderer holds video memory. With a software renderer (Mesa's llvmpipe, which
//! the budgets are measured on) video memory is the process's own, and every page the
//! renderer has written stays resident while the block it lies in is allocated.
//!
//! - Blocks of 8-64 MiB, not wgpu's default 128-256 MiB: textures and buffers are placed
//!   in them, and a block goes back only when nothing in it is left. With the large
//!   blocks, the high preset's render targets, freed on the way back to low, left their
//!   pages written in blocks still in use, and the next high preset wrote new ones:
//!   a second low → high → low added 41-47 MB, against -6 to +2 MB with these.
//! - Every mesh in a buffer of its own, not in Bevy's shared slabs: each slab keeps an
//!   offset allocator made for 128 Ki allocations (4 MiB written at once), and the
//!   table's few dozen meshes, made once, need none.

use bevy::prelude::*;
use bevy::render::RenderApp;
use bevy::render::mesh::allocator::MeshAllocatorSettings;
use bevy::render::settings::{MemoryHints, WgpuSettings};
use bevy::render::slab_allocator::SlabAllocatorSettings;

/// Bevy's render plugin asking for the smaller memory blocks.
pub fn render_plugin() -> bevy::render::RenderPlugin {
    bevy::render::RenderPlugin {
        render_creation: WgpuSettings {
            memory_hints: MemoryHints::MemoryUsage,
            ..default()
        }
        .into(),
        ..default()
    }
}

pub(super) fn plugin(app: &mut App) {
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render.insert_resource(MeshAllocatorSettings {
            slab_allocator_settings: SlabAllocatorSettings {
                // Any mesh at least this large (every one) gets a buffer of its own.
                large_threshold: 0,
                ..default()
            },
            ..default()
        });
    }
}
