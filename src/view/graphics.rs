//! The settings applied to what is drawn and heard: shadows, anti-aliasing, the cloth's
//! lighting, the window mode and the volume, whenever they change (and when the table's
//! lamps and cloth appear).

use super::lights::{FullLamp, SHADOW_MAP, ShadowLamp, SimpleLamp, UNUSED_SHADOW_MAP};
use super::reflections::RoomReflections;
use super::room::Backdrop;
use super::surfaces::{SurfaceMaterial, added, change_where};
use super::table::cloth_colour;
use crate::session::{GameConfig, Preferences, TableCamera, WindowMode};
use bevy::anti_alias::fxaa::{Fxaa, Sensitivity};
use bevy::audio::{GlobalVolume, Volume};
use bevy::core_pipeline::prepass::DepthPrepass;
use bevy::light::{DirectionalLightShadowMap, EnvironmentMapLight};
use bevy::prelude::*;
use bevy::render::view::Msaa;
use bevy::window::{MonitorSelection, PrimaryWindow};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        apply.run_if(
            resource_changed::<Preferences>.or_else(
                any_match_filter::<Added<ShadowLamp>>
                    .or_else(any_match_filter::<Added<Backdrop>>)
                    .or_else(resource_added::<RoomReflections>)
                    .or_else(added::<SurfaceMaterial>),
            ),
        ),
    );
}

fn apply(
    mut commands: Commands,
    preferences: Res<Preferences>,
    config: Res<GameConfig>,
    mut cameras: Query<
        (
            Entity,
            &mut Msaa,
            Has<DepthPrepass>,
            Has<Fxaa>,
            Has<EnvironmentMapLight>,
        ),
        With<TableCamera>,
    >,
    reflections: Option<Res<RoomReflections>>,
    mut lamps_full: Query<&mut Visibility, (With<FullLamp>, Without<SimpleLamp>)>,
    mut lamps_simple: Query<&mut Visibility, With<SimpleLamp>>,
    mut backdrops: Query<&mut Visibility, (With<Backdrop>, Without<FullLamp>, Without<SimpleLamp>)>,
    mut lamps: Query<&mut SpotLight, With<ShadowLamp>>,
    mut shadow_map: ResMut<DirectionalLightShadowMap>,
    mut window: Option<Single<&mut Window, With<PrimaryWindow>>>,
    mut volume: ResMut<GlobalVolume>,
    mut surfaces: ResMut<Assets<SurfaceMaterial>>,
) {
    let graphics = &preferences.graphics;
    let simple = !graphics.full_lighting;
    for (camera, mut msaa, prepass, fxaa, reflecting) in &mut cameras {
        match &reflections {
            Some(room) if !simple && !reflecting => {
                commands.entity(camera).insert(room.0.clone());
            }
            _ if simple && reflecting => {
                commands.entity(camera).remove::<EnvironmentMapLight>();
            }
            _ => {}
        }
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
        // Without multisampling, edges are smoothed after the frame is drawn: here at
        // full scale, by the smoothing camera when scaled (`view::resolution`).
        let smoothing = wanted == Msaa::Off && graphics.resolution_scale >= 1.0;
        if fxaa != smoothing {
            if smoothing {
                // The least sensitive: the cheapest pass, enough for the cloth's edges.
                commands.entity(camera).insert(Fxaa {
                    edge_threshold: Sensitivity::Low,
                    edge_threshold_min: Sensitivity::Low,
                    ..default()
                });
            } else {
                commands.entity(camera).remove::<Fxaa>();
            }
        }
    }
    for mut lamp in &mut lamps {
        if lamp.shadow_maps_enabled != graphics.shadows {
            lamp.shadow_maps_enabled = graphics.shadows;
        }
    }
    // A spot light's shadow map takes the directional lights' size. Bevy makes and
    // clears one whether or not a light casts a shadow: without shadows, a small one.
    let side = if graphics.shadows {
        SHADOW_MAP
    } else {
        UNUSED_SHADOW_MAP
    };
    if shadow_map.size != side {
        shadow_map.size = side;
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
    let (full, simply) = if simple {
        (Visibility::Hidden, Visibility::Inherited)
    } else {
        (Visibility::Inherited, Visibility::Hidden)
    };
    for mut lamp in &mut lamps_full {
        lamp.set_if_neq(full);
    }
    for mut lamp in &mut lamps_simple {
        lamp.set_if_neq(simply);
    }
    for mut backdrop in &mut backdrops {
        backdrop.set_if_neq(full);
    }
    let colour = cloth_colour(&config, &preferences);
    change_where(
        &mut surfaces,
        |c| c.extension.is_felt() && c.base.base_color != colour,
        |c| {
            c.base.base_color = colour;
            c.extension.set_felt_colour(colour);
        },
    );
    change_where(
        &mut surfaces,
        |m| m.extension.shading != m.extension.shading_for(simple),
        |m| m.extension.shading = m.extension.shading_for(simple),
    );
}
