//! The settings applied to what is drawn and heard: shadows, anti-aliasing, the cloth's
//! lighting, the window mode and the volume, whenever they change (and when the table's
//! lamps and cloth appear).

use super::cloth::ClothMaterial;
use super::lights::ShadowLamp;
use super::table::TableMaterials;
use crate::game::{Preferences, WindowMode};
use bevy::audio::{GlobalVolume, Volume};
use bevy::core_pipeline::prepass::DepthPrepass;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::prelude::*;
use bevy::render::view::Msaa;
use bevy::window::{MonitorSelection, PrimaryWindow};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        apply.run_if(
            resource_changed::<Preferences>
                .or_else(resource_added::<TableMaterials>)
                .or_else(
                    any_match_filter::<Added<ShadowLamp>>
                        .or_else(on_message::<AssetEvent<ClothMaterial>>),
                ),
        ),
    );
}

fn apply(
    mut commands: Commands,
    preferences: Res<Preferences>,
    mut cameras: Query<(Entity, &mut Msaa, Has<DepthPrepass>), With<Camera3d>>,
    mut lamps: Query<&mut PointLight, With<ShadowLamp>>,
    mut window: Option<Single<&mut Window, With<PrimaryWindow>>>,
    mut volume: ResMut<GlobalVolume>,
    mut cloths: ResMut<Assets<ClothMaterial>>,
    table: Option<Res<TableMaterials>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut cameras_tonemapping: Query<&mut Tonemapping, With<Camera3d>>,
) {
    let graphics = &preferences.graphics;
    for (camera, mut msaa, prepass) in &mut cameras {
        if prepass != graphics.depth_prepass {
            if graphics.depth_prepass {
                commands.entity(camera).insert(DepthPrepass);
            } else {
                commands.entity(camera).remove::<DepthPrepass>();
            }
        }
        let wanted = if graphics.msaa_samples >= 4 {
            Msaa::Sample4
        } else {
            Msaa::Off
        };
        if *msaa != wanted {
            *msaa = wanted;
        }
    }
    for mut lamp in &mut lamps {
        if lamp.shadow_maps_enabled != graphics.shadows {
            lamp.shadow_maps_enabled = graphics.shadows;
        }
    }
    if let Some(window) = &mut window {
        let mode = match preferences.window {
            WindowMode::Windowed => bevy::window::WindowMode::Windowed,
            WindowMode::Fullscreen => {
                bevy::window::WindowMode::BorderlessFullscreen(MonitorSelection::Current)
            }
        };
        if window.mode != mode {
            window.mode = mode;
        }
    }
    volume.volume = Volume::Linear(preferences.loudness());
    let simple = !graphics.full_lighting;
    for handle in table.iter().flat_map(|t| t.0.iter()) {
        if materials.get(handle).is_some_and(|m| m.unlit != simple)
            && let Some(mut material) = materials.get_mut(handle)
        {
            material.unlit = simple;
        }
    }
    for mut tonemapping in &mut cameras_tonemapping {
        let wanted = if simple {
            Tonemapping::None
        } else {
            Tonemapping::default()
        };
        if *tonemapping != wanted {
            *tonemapping = wanted;
        }
    }
    let ids: Vec<_> = cloths
        .iter()
        .filter(|(_, c)| c.extension.simple_lighting() != simple)
        .map(|(id, _)| id)
        .collect();
    for id in ids {
        if let Some(mut cloth) = cloths.get_mut(id) {
            cloth.extension.set_simple_lighting(simple);
        }
    }
}
