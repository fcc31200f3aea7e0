//! How the renderer holds video memory. With a software renderer (Mesa's llvmpipe, which
//! the budgets are measured on) video memory is the process's own, and every page the
//! renderer has written stays resident while the block it lies in is allocated.
//!
//! - Blocks of 4-8 MiB, not wgpu's default 128-256 MiB: textures and buffers are placed
//!   in them, a block goes back only when nothing in it is left, and anything larger
//!   (the high preset's render targets and shadow map) has a block of its own. In a
//!   shared block, those targets, freed on the way back to low, left their pages
//!   written there while other things kept the block. Given back with their own blocks
//!   (mapped on their own, `window::tune_the_allocator`), low → high → low returns
//!   to within 5 MiB of where the first trip ended.
//! - Every mesh in a buffer of its own, not in Bevy's shared slabs: each slab keeps an
//!   offset allocator made for 128 Ki allocations (4 MiB written at once), and the
//!   table's few dozen meshes, made once, need none.
//! - No storage textures: the passes that need them (Bevy's atmosphere, environment-map
//!   generation and SSAO), none of which the game uses, are not set up, and their twelve
//!   compute pipelines are not compiled at start (each holds its machine code and LLVM's
//!   working memory with a software renderer).

use bevy::log::{DEFAULT_FILTER, LogPlugin};
use bevy::prelude::*;
use bevy::render::RenderApp;
use bevy::render::mesh::allocator::MeshAllocatorSettings;
use bevy::render::settings::{MemoryHints, WgpuLimits, WgpuSettings};
use bevy::render::slab_allocator::SlabAllocatorSettings;

const MIB: u64 = 1 << 20;

/// Bevy's render plugin asking for small memory blocks, and for no storage textures.
pub fn render_plugin() -> bevy::render::RenderPlugin {
    bevy::render::RenderPlugin {
        render_creation: WgpuSettings {
            memory_hints: MemoryHints::Manual {
                suballocated_device_memory_block_size: 4 * MIB..8 * MIB,
            },
            constrained_limits: Some(WgpuLimits {
                max_storage_textures_per_shader_stage: 0,
                ..UNCONSTRAINED
            }),
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

/// Bevy's log, without the two warnings that the passes needing storage textures give
/// when they are not set up: nothing is missing.
pub fn log_plugin() -> LogPlugin {
    LogPlugin {
        filter: format!("{DEFAULT_FILTER},bevy_pbr::ssao=error,bevy_pbr::atmosphere=error"),
        ..default()
    }
}

/// Limits that hold the device to nothing less than it has: `constrained_limits` keeps
/// the lower of these and the device's (the higher, for the alignments).
const UNCONSTRAINED: WgpuLimits = WgpuLimits {
    max_texture_dimension_1d: u32::MAX,
    max_texture_dimension_2d: u32::MAX,
    max_texture_dimension_3d: u32::MAX,
    max_texture_array_layers: u32::MAX,
    max_bind_groups: u32::MAX,
    max_bindings_per_bind_group: u32::MAX,
    max_dynamic_uniform_buffers_per_pipeline_layout: u32::MAX,
    max_dynamic_storage_buffers_per_pipeline_layout: u32::MAX,
    max_sampled_textures_per_shader_stage: u32::MAX,
    max_samplers_per_shader_stage: u32::MAX,
    max_storage_buffers_per_shader_stage: u32::MAX,
    max_storage_textures_per_shader_stage: u32::MAX,
    max_uniform_buffers_per_shader_stage: u32::MAX,
    max_binding_array_elements_per_shader_stage: u32::MAX,
    max_binding_array_acceleration_structure_elements_per_shader_stage: u32::MAX,
    max_binding_array_sampler_elements_per_shader_stage: u32::MAX,
    max_uniform_buffer_binding_size: u64::MAX,
    max_storage_buffer_binding_size: u64::MAX,
    max_vertex_buffers: u32::MAX,
    max_buffer_size: u64::MAX,
    max_vertex_attributes: u32::MAX,
    max_vertex_buffer_array_stride: u32::MAX,
    max_inter_stage_shader_variables: u32::MAX,
    min_uniform_buffer_offset_alignment: 1,
    min_storage_buffer_offset_alignment: 1,
    max_color_attachments: u32::MAX,
    max_color_attachment_bytes_per_sample: u32::MAX,
    max_compute_workgroup_storage_size: u32::MAX,
    max_compute_invocations_per_workgroup: u32::MAX,
    max_compute_workgroup_size_x: u32::MAX,
    max_compute_workgroup_size_y: u32::MAX,
    max_compute_workgroup_size_z: u32::MAX,
    max_compute_workgroups_per_dimension: u32::MAX,
    max_immediate_size: u32::MAX,
    max_non_sampler_bindings: u32::MAX,
    max_task_mesh_workgroup_total_count: u32::MAX,
    max_task_mesh_workgroups_per_dimension: u32::MAX,
    max_task_invocations_per_workgroup: u32::MAX,
    max_task_invocations_per_dimension: u32::MAX,
    max_mesh_invocations_per_workgroup: u32::MAX,
    max_mesh_invocations_per_dimension: u32::MAX,
    max_task_payload_size: u32::MAX,
    max_mesh_output_vertices: u32::MAX,
    max_mesh_output_primitives: u32::MAX,
    max_mesh_output_layers: u32::MAX,
    max_mesh_multiview_view_count: u32::MAX,
    max_blas_primitive_count: u32::MAX,
    max_blas_geometry_count: u32::MAX,
    max_tlas_instance_count: u32::MAX,
    max_acceleration_structures_per_shader_stage: u32::MAX,
    max_multiview_view_count: u32::MAX,
};
