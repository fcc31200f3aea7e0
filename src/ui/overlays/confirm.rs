//! Prompts for actions that take a second press: rule 22's restore (both players must
//! agree: a second press puts the balls back where they were before the last stroke)
//! and leaving a practice or lag-training session (which is not saved).

use crate::config::Action;
use crate::session::{GameConfig, GameSystems, Screen, Session};
use crate::table_commands::{LeaveArmed, RestoreArmed};
use crate::ui::dock::{Slot, docked};
use crate::ui::widgets::{Tone, keys, toned};
use crate::words::words;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Table), spawn_prompts);
    app.add_systems(
        Update,
        show_prompts
            .run_if(in_state(Screen::Table))
            .in_set(GameSystems::Present),
    );
}

/// What a prompt asks to confirm.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Prompt {
    Restore,
    Leave,
}

fn spawn_prompts(mut commands: Commands, config: Res<GameConfig>) {
    let restore = keys(&config.0, Action::RestorePositions);
    let leave = keys(&config.0, Action::Menu);
    for (prompt, said) in [
        (Prompt::Restore, words().confirm_restore(&restore)),
        (Prompt::Leave, words().confirm_leave(&leave)),
    ] {
        commands
            .spawn((
                Name::new("Prompt"),
                prompt,
                docked(Slot::Status),
                Visibility::Hidden,
                DespawnOnExit(Screen::Table),
                children![toned(said, 15.0, Tone::Warn)],
            ))
            // Warm: it asks for something.
            .insert(BackgroundColor(Color::srgba(0.25, 0.16, 0.02, 0.9)));
    }
}

/// Each prompt shows while its action is armed (the restore only where it can be asked
/// for: its timer runs only there).
fn show_prompts(
    restore: Res<RestoreArmed>,
    leave: Res<LeaveArmed>,
    session: Option<Res<Session>>,
    mut prompts: Query<(&Prompt, &mut Visibility)>,
) {
    let can_restore = session.is_some_and(|s| s.can_restore());
    for (prompt, mut visibility) in &mut prompts {
        let armed = match prompt {
            Prompt::Restore => restore.0.is_some() && can_restore,
            Prompt::Leave => leave.0.is_some(),
        };
        let shown = if armed {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visibility != shown {
            *visibility = shown;
        }
    }
}
