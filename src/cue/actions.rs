//! The action layer: keys and buttons from `controls.ron` become `CueAction`s, which is
//! all gameplay code reads (STYLE 8).

use crate::config::{Binding, CueAction, controls};
use crate::game::frame::to_table;
use crate::game::{GameConfig, GameSystems};
use crate::math::DVec2;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::collections::HashSet;

/// The actions held and just started this frame, and the pointer.
#[derive(Resource, Default, Debug)]
pub struct Actions {
    pressed: HashSet<CueAction>,
    just_pressed: HashSet<CueAction>,
    /// The cursor in the window, px, when it is in the window.
    pub pointer: Option<Vec2>,
    /// How far the cursor moved since the last frame, px (from the cursor's position,
    /// so warped pointers such as xdotool's count too).
    pub pointer_delta: Vec2,
    /// The point of the table (m, table frame) under the cursor, at the height of a
    /// ball's centre.
    pub on_cloth: Option<DVec2>,
}

impl Actions {
    pub fn pressed(&self, action: CueAction) -> bool {
        self.pressed.contains(&action)
    }

    pub fn just_pressed(&self, action: CueAction) -> bool {
        self.just_pressed.contains(&action)
    }
}

/// One physical input of a binding, resolved once.
#[derive(Clone, Copy, Debug)]
enum Input {
    Key(KeyCode),
    Mouse(MouseButton),
}

#[derive(Resource)]
pub(super) struct Bindings(Vec<(CueAction, Input)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Actions>();
    app.add_systems(Startup, resolve_bindings);
    app.add_systems(Update, read_actions.in_set(GameSystems::Input));
}

fn resolve_bindings(mut commands: Commands, config: Res<GameConfig>) {
    let mut bindings = Vec::new();
    for (&action, inputs) in &config.0.controls.bindings {
        for binding in inputs {
            // Names were checked when the config was loaded.
            let input = match binding {
                Binding::Key(name) => controls::key_code(name).map(Input::Key),
                Binding::Mouse(name) => controls::mouse_button(name).map(Input::Mouse),
            };
            bindings.extend(input.map(|i| (action, i)));
        }
    }
    commands.insert_resource(Bindings(bindings));
}

pub(super) fn read_actions(
    bindings: Option<Res<Bindings>>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&Camera, &GlobalTransform), With<Camera3d>>>,
    config: Res<GameConfig>,
    mut actions: ResMut<Actions>,
) {
    let pointer = window.and_then(|w| w.cursor_position());
    actions.pointer_delta = match (actions.pointer, pointer) {
        (Some(before), Some(now)) => now - before,
        _ => Vec2::ZERO,
    };
    actions.pointer = pointer;
    let ball_centre = config.0.balls.radius() as f32;
    actions.on_cloth = pointer.zip(camera).and_then(|(cursor, camera)| {
        let (camera, transform) = *camera;
        let ray = camera.viewport_to_world(transform, cursor).ok()?;
        let plane = Vec3::new(0.0, ball_centre, 0.0);
        let distance = ray.intersect_plane(plane, InfinitePlane3d::new(Vec3::Y))?;
        Some(to_table(ray.get_point(distance)).truncate())
    });
    let Some(bindings) = bindings else { return };
    actions.pressed.clear();
    actions.just_pressed.clear();
    for &(action, input) in &bindings.0 {
        let (pressed, just) = match input {
            Input::Key(k) => (keys.pressed(k), keys.just_pressed(k)),
            Input::Mouse(b) => (mouse.pressed(b), mouse.just_pressed(b)),
        };
        if pressed {
            actions.pressed.insert(action);
        }
        if just {
            actions.just_pressed.insert(action);
        }
    }
}
