//! The table in viewing mode: a saved match (a file of the game's or an online one, or a
//! share code's) played back stroke by stroke (`play::MatchViewer`) instead of played.
//! The table is set up from the match (its table, its players) as a match standing at its
//! last verdict, which takes no command: no cue, no stroke, no computer, no overlay of
//! play (the shell's phase stays `Starting`); `ui::viewer` shows the viewer and poses the
//! balls. It is a mode of the table screen, not a screen of its own, so that the table,
//! the cameras, the lights and the panels are the table's.

use super::Screen;
use crate::online::Physics;
use crate::play::{MatchViewer, SavedMatch, SavedPhase};
use bevy::prelude::*;

/// The match being watched at the table (set before the table opens, by the menu or the
/// command line; it goes when the table closes).
#[derive(Resource)]
pub struct Viewing {
    pub viewer: MatchViewer,
    /// Whether its strokes were made by a build with this build's physics.
    pub physics: Physics,
}

impl Viewing {
    /// The match the table is set up from: the viewed match standing at its last verdict
    /// (a phase that takes no command).
    pub fn stand_in(&self) -> SavedMatch {
        SavedMatch {
            at: Some(SavedPhase::Verdict),
            declared_safety: false,
            ..self.viewer.saved().clone()
        }
    }
}

/// Whether the table is in viewing mode (a run condition).
pub fn viewing(viewing: Option<Res<Viewing>>) -> bool {
    viewing.is_some()
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Table), |mut commands: Commands| {
        commands.remove_resource::<Viewing>();
    });
}
