//! Rule 22's prompt: while a restore is armed, a second press puts the balls back where
//! they were before the last stroke; both players must agree.

use crate::config::Action;
use crate::cue::RestoreArmed;
use crate::game::{GameConfig, GameSystems, Screen, Session};
use crate::ui::widgets::{Tone, toned};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Table), spawn_prompt);
    app.add_systems(
        Update,
        show_prompt
            .run_if(in_state(Screen::Table))
            .in_set(GameSystems::Present),
    );
}

#[derive(Component)]
struct RestorePrompt;

fn spawn_prompt(mut commands: Commands, config: Res<GameConfig>) {
    let key = crate::ui::widgets::keys(&config.0, Action::RestorePositions);
    commands.spawn((
        Name::new("Restore prompt"),
        RestorePrompt,
        Node {
            position_type: PositionType::Absolute,
            bottom: px(150),
            left: px(0),
            right: px(0),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Visibility::Hidden,
        DespawnOnExit(Screen::Table),
        children![(
            Node {
                padding: UiRect::axes(px(14), px(8)),
                border_radius: BorderRadius::all(px(8)),
                ..default()
            },
            BackgroundColor(Color::srgba(0.25, 0.16, 0.02, 0.9)),
            children![toned(
                format!(
                    "Press {key} again to put the balls back where they were before the \
                     last stroke (rule 22) - both players agree"
                ),
                17.0,
                Tone::Warn,
            )],
        )],
    ));
}

/// Shown while armed, where the restore can be asked for (its timer runs only there).
fn show_prompt(
    armed: Res<RestoreArmed>,
    session: Option<Res<Session>>,
    mut prompt: Single<&mut Visibility, With<RestorePrompt>>,
) {
    let asking = session.is_some_and(|s| s.can_restore());
    let shown = if armed.0.is_some() && asking {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    if **prompt != shown {
        **prompt = shown;
    }
}
