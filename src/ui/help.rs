//! The controls, listed from `controls.ron`, shown on demand.

use super::widgets::{Tone, binding_name, label, toned};
use crate::config::{Action, Config};
use crate::game::{GameConfig, GameSystems, Screen};
use crate::input::Actions;
use crate::words::words;
use bevy::prelude::*;

#[derive(Component)]
struct HelpPanel;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_help);
    // At the table only: in the menu the letters spell names.
    app.add_systems(
        Update,
        toggle_help
            .run_if(in_state(Screen::Table))
            .in_set(GameSystems::Present),
    );
    app.add_systems(
        OnExit(Screen::Table),
        |mut panel: Single<&mut Visibility, With<HelpPanel>>| **panel = Visibility::Hidden,
    );
}

/// The actions of the menu only (the menu shows their keys itself).
pub(super) const IN_THE_MENU: [Action; 4] = [
    Action::MenuUp,
    Action::MenuDown,
    Action::MenuLeft,
    Action::MenuRight,
];

/// One row per action: its keys and what it does (but the actions in `left_out`).
pub(super) fn key_rows(config: &Config, left_out: &[Action]) -> Vec<(String, &'static str)> {
    config
        .controls
        .bindings
        .iter()
        .filter(|(action, _)| !left_out.contains(action))
        .map(|(action, bindings)| {
            let keys: Vec<String> = bindings.iter().map(binding_name).collect();
            (keys.join(" / "), words().action(*action))
        })
        .collect()
}

/// The rows as a table: the keys in a column `keys_px` wide, what they do beside them,
/// in text of `size` px (a proportional font lines nothing up with spaces).
pub(super) fn spawn_key_table(
    parent: &mut ChildSpawnerCommands,
    rows: &[(String, &'static str)],
    keys_px: f32,
    size: f32,
) {
    parent
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            ..default()
        })
        .with_children(|table| {
            for (keys, what) in rows {
                table
                    .spawn(Node {
                        column_gap: px(8),
                        ..default()
                    })
                    .with_children(|row| {
                        // The width on a box around the text: Bevy measures a text
                        // that has a width of its own as if it wrapped word by word.
                        row.spawn(Node {
                            width: px(keys_px),
                            flex_shrink: 0.0,
                            ..default()
                        })
                        .with_child(toned(
                            keys.clone(),
                            size,
                            Tone::Plain,
                        ));
                        row.spawn(toned(*what, size, Tone::Dim));
                    });
            }
        });
}

fn spawn_help(mut commands: Commands, config: Res<GameConfig>) {
    let rows = key_rows(&config.0, &IN_THE_MENU);
    // Two columns, so that the list fits the window.
    let (left, right) = rows.split_at(rows.len().div_ceil(2));
    commands
        .spawn((
            Name::new("Help"),
            HelpPanel,
            Node {
                position_type: PositionType::Absolute,
                top: px(40),
                left: px(12),
                right: px(12),
                padding: UiRect::all(px(12)),
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                ..default()
            },
            // Opaque and on top: it covers the overlay it is opened over.
            BackgroundColor(Color::srgb(0.02, 0.02, 0.03)),
            GlobalZIndex(1),
            Visibility::Hidden,
        ))
        .with_children(|panel| {
            panel.spawn(label(words().controls_heading(), 14.0));
            panel
                .spawn(Node {
                    column_gap: px(24),
                    ..default()
                })
                .with_children(|columns| {
                    for column in [left, right] {
                        spawn_key_table(columns, column, 150.0, 12.0);
                    }
                });
        });
}

fn toggle_help(actions: Res<Actions>, mut panel: Single<&mut Visibility, With<HelpPanel>>) {
    if actions.just_pressed(Action::ToggleHelp) {
        **panel = match **panel {
            Visibility::Hidden => Visibility::Inherited,
            _ => Visibility::Hidden,
        };
    }
}
