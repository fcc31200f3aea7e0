//! Carom: a 3D carom billiards game. The pure core (`config`, `table`, `physics`) has
//! no Bevy types; the game's plugins (`game`, `cue`, `view`, `ui`) build on it.

pub mod ball;
pub mod config;
pub mod cue;
pub mod game;
pub mod math;
pub mod physics;
pub mod rules;
pub mod table;
#[cfg(test)]
mod test_rng;
pub mod ui;
pub mod view;

use bevy::prelude::*;

/// Everything the game adds to a windowed app. Needs `game::GameConfig` inserted.
pub struct CaromPlugin;

impl Plugin for CaromPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((game::plugin, cue::plugin, view::plugin, ui::plugin));
    }
}
