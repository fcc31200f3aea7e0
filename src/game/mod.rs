//! Bevy glue: the screens and phases, the table's simulation on the fixed clock, and
//! the wiring from strokes to the simulation and from its events onward.

pub mod frame;
mod sim;

pub use sim::{Ball, CueBall, StrokeFinished, StrokeRequest, TableSimulation};

use crate::config::Config;
use bevy::prelude::*;

/// The configuration the game was started with.
#[derive(Resource, Clone)]
pub struct GameConfig(pub Config);

/// The screens of the game (STYLE 4).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Free play on the break set-up: one player, every stroke allowed.
    #[default]
    Practice,
}

/// System sets of the frame, in order (STYLE 3).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Read the player's input.
    Input,
    /// Turn input into strokes and judge what happened.
    Rules,
    /// Show it.
    Present,
}

pub fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.configure_sets(
        Update,
        (GameSystems::Input, GameSystems::Rules, GameSystems::Present).chain(),
    );
    app.add_plugins(sim::plugin);
}
