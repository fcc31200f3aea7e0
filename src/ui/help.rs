//! The controls, listed from `controls.ron`, shown on demand.

use super::widgets::{binding_name, label};
use crate::config::CueAction;
use crate::cue::Actions;
use crate::game::{AtTable, GameConfig, GameSystems};
use bevy::prelude::*;

#[derive(Component)]
struct HelpPanel;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_help);
    // At the table only: in the menu the letters spell names.
    app.add_systems(
        Update,
        toggle_help
            .run_if(in_state(AtTable))
            .in_set(GameSystems::Present),
    );
    app.add_systems(
        OnExit(AtTable),
        |mut panel: Single<&mut Visibility, With<HelpPanel>>| **panel = Visibility::Hidden,
    );
}

fn describe(action: CueAction) -> &'static str {
    match action {
        CueAction::AimLeft => "aim left (fine)",
        CueAction::AimRight => "aim right (fine)",
        CueAction::HoldAim => "hold: keep the aim while the mouse moves",
        CueAction::PowerUp => "more power",
        CueAction::PowerDown => "less power",
        CueAction::TipUp => "tip higher (follow)",
        CueAction::TipDown => "tip lower (draw)",
        CueAction::TipLeft => "tip left (left side)",
        CueAction::TipRight => "tip right (right side)",
        CueAction::ElevationUp => "raise the cue",
        CueAction::ElevationDown => "lower the cue",
        CueAction::ShortStroke => "short or full stroke (short: no double hit on close balls)",
        CueAction::Strike => "strike",
        CueAction::OrbitCamera => "hold and drag: turn the camera",
        CueAction::ToggleHelp => "show or hide this help",
        CueAction::DeclareSafety => "declare a safety",
        CueAction::RestorePositions => "restore the positions of before the last stroke",
        CueAction::Menu => "menu",
        CueAction::Confirm => "go on (confirm the set-up, dismiss a result, rematch)",
        CueAction::MoveBall => "drag a ball where the rules let you (lag, break)",
        CueAction::Choose1 => "lag winner: break, play the white",
        CueAction::Choose2 => "lag winner: break, play the dotted",
        CueAction::Choose3 => "lag winner: pass the break, keep the white",
        CueAction::Choose4 => "lag winner: pass the break, keep the dotted",
        CueAction::MenuUp => "menu: up",
        CueAction::MenuDown => "menu: down",
        CueAction::MenuLeft => "menu: previous choice",
        CueAction::MenuRight => "menu: next choice",
    }
}

fn spawn_help(mut commands: Commands, config: Res<GameConfig>) {
    let mut lines =
        vec!["Controls  (the mouse aims: the cue points at the cursor; wheel: zoom)".to_owned()];
    for (action, bindings) in &config.0.controls.bindings {
        let keys: Vec<String> = bindings.iter().map(binding_name).collect();
        lines.push(format!("{:<24} {}", keys.join(" / "), describe(*action)));
    }
    commands.spawn((
        Name::new("Help"),
        HelpPanel,
        Node {
            position_type: PositionType::Absolute,
            top: px(40),
            right: px(12),
            padding: UiRect::all(px(12)),
            ..default()
        },
        // Opaque and on top: it covers the overlay it is opened over.
        BackgroundColor(Color::srgb(0.02, 0.02, 0.03)),
        GlobalZIndex(1),
        Visibility::Hidden,
        children![label(lines.join("\n"), 15.0)],
    ));
}

fn toggle_help(actions: Res<Actions>, mut panel: Single<&mut Visibility, With<HelpPanel>>) {
    if actions.just_pressed(CueAction::ToggleHelp) {
        **panel = match **panel {
            Visibility::Hidden => Visibility::Inherited,
            _ => Visibility::Hidden,
        };
    }
}
