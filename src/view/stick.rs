//! How the cue looks: its bands' colours (`cue::CueColours`) on a satin finish.

use super::resolution::Sharp;
use super::surfaces::{Coat, SurfaceMaterial, polished};
use crate::cue::CueColours;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(dress_stick);
}

/// Gives the cue stick its material when it appears.
fn dress_stick(
    add: On<Add, CueColours>,
    sticks: Query<&CueColours>,
    mut commands: Commands,
    mut materials: ResMut<Assets<SurfaceMaterial>>,
) {
    let Ok(CueColours(colours)) = sticks.get(add.entity) else {
        return;
    };
    // Satin lacquer: a dim, soft image of the lamp.
    let satin = materials.add(polished(
        StandardMaterial {
            base_color_texture: Some(colours.clone()),
            perceptual_roughness: 0.38,
            reflectance: 0.45,
            ..default()
        },
        Coat {
            shine: 0.37,
            softness: 0.24,
        },
    ));
    commands
        .entity(add.entity)
        .insert((MeshMaterial3d(satin), Sharp));
}
