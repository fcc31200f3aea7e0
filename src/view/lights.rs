//! Light over the table as in a carom room: the long lamp box over the bed lights it
//! evenly and falls off beyond it (spot lights along its length for the full lighting,
//! `shaders/table_light.wgsl` for the simple one), the room around is dim.

use super::resolution::lighting_every_camera;
use crate::session::{Screen, Session};
use crate::table::TableGeometry;
use bevy::light::PointLightShadowMap;
use bevy::prelude::*;

/// The side of a shadow map that nothing draws into, texels.
pub(super) const UNUSED_SHADOW_MAP: usize = 16;

/// The side of the shadow lamp's map, texels (Bevy's default): about 2.5 mm of cloth a
/// texel under the lamp, twenty-odd across a ball's shadow.
pub(super) const SHADOW_MAP: usize = 2048;

/// The lamp that casts the shadows, when the settings want them.
#[derive(Component)]
pub(super) struct ShadowLamp;

/// The lamp's light as the full lighting has it: spot lights along the box.
#[derive(Component)]
pub(super) struct FullLamp;

/// The lamp's light as the simple lighting has it (what the balls and the cue are lit
/// by there): one light from straight above, much cheaper to draw.
#[derive(Component)]
pub(super) struct SimpleLamp;

/// The lamp box's lit face over the table, in the Bevy frame: centred over the bed.
#[derive(Clone, Copy, Debug)]
pub struct Lamp {
    pub half_length: f32,
    pub half_width: f32,
    /// Over the cloth, m.
    pub height: f32,
}

impl Lamp {
    /// The lamp of a table: nearly as long as the bed, a third as wide, a metre up.
    pub fn over(table: &TableGeometry) -> Lamp {
        Lamp {
            half_length: (table.half_length() * 0.9) as f32,
            half_width: (table.half_width() * 0.45) as f32,
            height: 1.0,
        }
    }

    /// As the table's shaders take it.
    pub fn uniform(&self) -> Vec4 {
        Vec4::new(self.half_length, self.half_width, self.height, 0.0)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.015, 0.015, 0.02)));
    app.insert_resource(GlobalAmbientLight {
        color: Color::srgb(0.9, 0.9, 1.0),
        brightness: 60.0,
        ..default()
    });
    // No point light casts a shadow here, but Bevy makes and clears one cube map of
    // this size whatever the lights (the default's 24 MB, resident with a software
    // renderer); the spot lamp's map is `graphics`'.
    app.insert_resource(PointLightShadowMap {
        size: UNUSED_SHADOW_MAP,
    });
    app.add_systems(PostUpdate, hang_the_lamp.run_if(resource_added::<Session>));
}

/// Spot lights along the lamp box, pointing down from high over it (its housing casts
/// no shadow): a light a metre over the cloth, as the box's own face is, leaves the
/// bed's corners at a fifth of its middle (as a real box of this size would, without
/// a broadcast's extra lights); from 2.5 m, their cones reaching just past the cushions
/// and fading from a core narrower than the bed, the light is a pool along the lamp:
/// the corners at about 0.7 of the middle in sRGB (0.8 with cones even to their edge),
/// and the room beyond stays dark (the hall's surfaces take the lamp's spill in their
/// own shader, `room`).
fn hang_the_lamp(mut commands: Commands, session: Res<Session>) {
    let spots = 3;
    let height = 2.5;
    let spread = 0.4 * session.table().half_length() as f32;
    for i in 0..spots {
        let x = spread * (2.0 * i as f32 / (spots - 1) as f32 - 1.0);
        let mut light = commands.spawn((
            Name::new("Lamp"),
            SpotLight {
                // The bed's middle shows the cloth's configured colour (the
                // screenshot test: 0.004 apart in sRGB).
                intensity: 92_000.0,
                range: 6.0,
                radius: 0.15,
                inner_angle: 0.55,
                outer_angle: 0.8,
                ..default()
            },
            Transform::from_xyz(x, height, 0.0).looking_at(Vec3::new(x, 0.0, 0.0), Vec3::X),
            lighting_every_camera(),
            DespawnOnExit(Screen::Table),
        ));
        if i == spots / 2 {
            light.insert(ShadowLamp);
        }
    }
    commands.spawn((
        Name::new("Lamp, simply"),
        DirectionalLight {
            illuminance: 9_000.0,
            ..default()
        },
        Transform::from_xyz(0.0, 1.0, 0.0).looking_at(Vec3::ZERO, Vec3::X),
        SimpleLamp,
        Visibility::Hidden,
        lighting_every_camera(),
        DespawnOnExit(Screen::Table),
    ));
}
