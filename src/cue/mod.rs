//! Aiming and striking: the action layer over the controls, the aim (direction, power,
//! tip offset, elevation), the cue stick and the aim line.

mod actions;
mod aim;
mod commands;
mod stick;

pub use actions::Actions;
pub use aim::{Aim, SPEED_RANGE};
pub use commands::RestoreArmed;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        actions::plugin,
        aim::plugin,
        commands::plugin,
        stick::plugin,
    ));
}
