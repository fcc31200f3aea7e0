//! The action layer: keys and buttons from `controls.ron` become `Action`s, which is all
//! the rest of the game reads (STYLE 8): the cue, the camera, the menu and the overlays.
//! The pointer's position, on the screen and on the cloth, comes with them, and the
//! steps a held key has earned (`repeat`), counted on the wall clock.

mod repeat;

use crate::config::{Action, Binding, Config, controls::with_key_names};
use crate::math::DVec2;
use crate::session::frame::to_table;
use crate::session::{GameConfig, TableCamera};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use repeat::Repeats;
use std::collections::HashSet;
use std::time::Duration;

/// The actions held and just started this frame, and the pointer.
#[derive(Resource, Default, Debug)]
pub struct Actions {
    pressed: HashSet<Action>,
    just_pressed: HashSet<Action>,
    /// The actions just started by a mouse button this frame (not by a key).
    clicked: HashSet<Action>,
    repeats: Repeats<Action>,
    /// The cursor in the window, px, when it is in the window.
    pub pointer: Option<Vec2>,
    /// How far the cursor moved since the last frame, px (from the cursor's position,
    /// so warped pointers such as xdotool's count too).
    pub pointer_delta: Vec2,
    /// The point of the table (m, table frame) under the cursor, at the height of a
    /// ball's centre; None over a panel that takes the pointer.
    pub on_cloth: Option<DVec2>,
    /// The point under the cursor where it was last frame, seen through this frame's
    /// camera: a camera that turns under a still cursor moves neither point.
    pub on_cloth_before: Option<DVec2>,
    /// The cursor is over a panel or button: the mouse buttons act there, not at the
    /// table.
    pub on_panel: bool,
    /// Wall-clock time since a mouse button was last pressed over a panel.
    pub since_panel_click: Duration,
}

impl Actions {
    pub fn pressed(&self, action: Action) -> bool {
        self.pressed.contains(&action)
    }

    pub fn just_pressed(&self, action: Action) -> bool {
        self.just_pressed.contains(&action)
    }

    /// `action` was just started by a mouse button (not by a key).
    pub fn clicked(&self, action: Action) -> bool {
        self.clicked.contains(&action)
    }

    /// The steps `action` earned this frame: one for the press, then repeats while it is
    /// held, as many as the time held allows whatever the frame rate.
    pub fn steps(&self, action: Action) -> u32 {
        self.repeats.steps(&action)
    }

    /// The steps `action` earned this frame, a held key's repeats worth more the longer
    /// it is held: for fine steps over a long range.
    pub fn accelerated_steps(&self, action: Action) -> u32 {
        self.repeats.accelerated_steps(&action)
    }
}

/// One physical input of a binding, resolved once.
#[derive(Clone, Copy, Debug)]
enum Input {
    Key(KeyCode),
    Mouse(MouseButton),
}

#[derive(Resource)]
struct Bindings(Vec<(Action, Input)>);

/// The key of that name (Bevy's `KeyCode` variant name).
fn key_code(name: &str) -> Option<KeyCode> {
    macro_rules! keys {
        ($($key:ident)*) => {
            match name {
                $(stringify!($key) => Some(KeyCode::$key),)*
                _ => None,
            }
        };
    }
    with_key_names!(keys)
}

/// The mouse button of that name.
fn mouse_button(name: &str) -> Option<MouseButton> {
    match name {
        "Left" => Some(MouseButton::Left),
        "Right" => Some(MouseButton::Right),
        "Middle" => Some(MouseButton::Middle),
        _ => None,
    }
}

/// The action `key` is bound to among `actions` (for a screen that reads its keys in
/// the order they were typed, as text and actions mixed).
pub fn action_of(config: &Config, key: KeyCode, actions: &[Action]) -> Option<Action> {
    actions.iter().copied().find(|action| {
        config
            .controls
            .bindings
            .get(action)
            .is_some_and(|bindings| {
                bindings.iter().any(
                    |b| matches!(b, Binding::Key(name) if key_code(name.as_str()) == Some(key)),
                )
            })
    })
}

/// A text is being typed at the table (a name): keys are letters then, not actions.
#[derive(Resource, Default)]
pub struct TextEntry(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<Actions>();
    app.init_resource::<TextEntry>();
    app.add_systems(Startup, resolve_bindings);
    // Before the frame's systems, once Bevy has read the devices and found what the
    // pointer is over.
    app.add_systems(
        PreUpdate,
        read_actions
            .after(bevy::input::InputSystems)
            .after(bevy::ui::UiSystems::Focus),
    );
}

fn resolve_bindings(mut commands: Commands, config: Res<GameConfig>) {
    let mut bindings = Vec::new();
    for (&action, inputs) in &config.0.controls.bindings {
        for binding in inputs {
            // Names were checked when the config was loaded.
            let input = match binding {
                Binding::Key(name) => key_code(name).map(Input::Key),
                Binding::Mouse(name) => mouse_button(name).map(Input::Mouse),
            };
            bindings.extend(input.map(|i| (action, i)));
        }
    }
    commands.insert_resource(Bindings(bindings));
}

fn read_actions(
    time: Res<Time<Real>>,
    bindings: Option<Res<Bindings>>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&Camera, &GlobalTransform), With<TableCamera>>>,
    config: Res<GameConfig>,
    panels: Query<&Interaction>,
    typing: Res<TextEntry>,
    mut actions: ResMut<Actions>,
) {
    let pointer = window.as_ref().and_then(|w| w.cursor_position());
    actions.on_panel = panels.iter().any(|i| *i != Interaction::None);
    actions.since_panel_click = if actions.on_panel && mouse.get_just_pressed().next().is_some() {
        Duration::ZERO
    } else {
        actions.since_panel_click.saturating_add(time.delta())
    };
    actions.pointer_delta = match (actions.pointer, pointer) {
        (Some(before), Some(now)) => now - before,
        _ => Vec2::ZERO,
    };
    actions.pointer = pointer;
    let ball_centre = config.0.balls.radius() as f32;
    let window_size = window.as_ref().map(|w| w.size());
    let cloth_at = |cursor: Vec2| {
        let (camera, transform) = **camera.as_ref()?;
        // The camera may draw into an image smaller than the window (the graphics'
        // resolution scale): the cursor is found there in the image's pixels.
        let scale = camera
            .logical_viewport_size()
            .zip(window_size)
            .map_or(Vec2::ONE, |(drawn, window)| drawn / window);
        let ray = camera.viewport_to_world(transform, cursor * scale).ok()?;
        let plane = Vec3::new(0.0, ball_centre, 0.0);
        let distance = ray.intersect_plane(plane, InfinitePlane3d::new(Vec3::Y))?;
        Some(to_table(ray.get_point(distance)).truncate())
    };
    actions.on_cloth = pointer.and_then(cloth_at);
    actions.on_cloth_before = pointer
        .map(|now| now - actions.pointer_delta)
        .and_then(cloth_at);
    if actions.on_panel {
        actions.on_cloth = None;
        actions.on_cloth_before = None;
    }
    let Some(bindings) = bindings else { return };
    actions.pressed.clear();
    actions.just_pressed.clear();
    actions.clicked.clear();
    for &(action, input) in &bindings.0 {
        if let Input::Mouse(b) = input
            && !actions.on_panel
            && mouse.just_pressed(b)
        {
            actions.clicked.insert(action);
        }
        let (pressed, just) = match input {
            // While a name is typed, keys are its letters.
            Input::Key(_) if typing.0 => (false, false),
            Input::Key(k) => (keys.pressed(k), keys.just_pressed(k)),
            Input::Mouse(_) if actions.on_panel => (false, false),
            Input::Mouse(b) => (mouse.pressed(b), mouse.just_pressed(b)),
        };
        if pressed {
            actions.pressed.insert(action);
        }
        if just {
            actions.just_pressed.insert(action);
        }
    }
    let Actions {
        pressed,
        just_pressed,
        repeats,
        ..
    } = &mut *actions;
    repeats.update(pressed, just_pressed, time.delta());
}
