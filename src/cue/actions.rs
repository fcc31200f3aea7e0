//! The action layer: keys and buttons from `controls.ron` become `CueAction`s, which is
//! all gameplay code reads (STYLE 8).

use crate::config::{Binding, CueAction, controls};
use crate::game::{GameConfig, GameSystems};
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
struct Bindings(Vec<(CueAction, Input)>);

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

fn read_actions(
    bindings: Option<Res<Bindings>>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut actions: ResMut<Actions>,
) {
    let pointer = window.and_then(|w| w.cursor_position());
    actions.pointer_delta = match (actions.pointer, pointer) {
        (Some(before), Some(now)) => now - before,
        _ => Vec2::ZERO,
    };
    actions.pointer = pointer;
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
